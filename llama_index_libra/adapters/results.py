"""What a :class:`~llama_index_libra.adapters.retriever.LibraRetriever` returns per tool: the tool, its scores, and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection

from llama_index_libra.retrieval.propagation import Promotion
from llama_index_libra.retrieval.ranker import RankedTool

__all__ = ["RetrievedTool", "SOURCE_RANKED", "SOURCE_EXACT", "SOURCE_ALWAYS"]

# Where a retrieved tool came from.
SOURCE_RANKED = "ranked"
SOURCE_EXACT = "exact-name"
SOURCE_ALWAYS = "always-include"


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class RetrievedTool:
    """One retrieved tool and why it is in the result.

    ``source`` is ``"ranked"`` (the method's ranking), ``"exact-name"`` (the query named it) or
    ``"always-include"`` (configured to be always present).
    """

    name: str
    score: float
    base_score: float
    promotions: tuple[Promotion, ...] = ()
    source: str = SOURCE_RANKED

    @property
    def promoted(self) -> bool:
        """Whether propagation raised the tool above its base score."""
        return self.score > self.base_score

    @classmethod
    def from_ranked(cls, ranked: RankedTool, source: str = SOURCE_RANKED) -> "RetrievedTool":
        """A retrieved tool from a ranker result, marked with its ``source``."""
        return cls(ranked.name, float(ranked.score), float(ranked.base_score), tuple(ranked.promotions), source)

    def reasons(self, shown: Collection[str] | None = None) -> list[str]:
        """Human-readable reasons, most specific first. With ``shown`` (the tools of a result), only
        promotions by consumers in it are spelled out; the others are counted in one last reason."""
        out = []
        if self.source == SOURCE_EXACT:
            out.append("the query is this tool's name")
        elif self.source == SOURCE_ALWAYS:
            out.append("always included")
        inside = [p for p in self.promotions if shown is None or p.consumer in shown]
        out.extend(p.describe() for p in inside)
        hidden = len({p.consumer for p in self.promotions} - {p.consumer for p in inside})
        if hidden:
            out.append(f"and {hidden} ranked tools below the cut" if hidden > 1 else "and 1 ranked tool below the cut")
        return out


def _promotion_record(p: Promotion) -> dict[str, Any]:
    return {
        "consumer": p.consumer,
        "kind": p.kind,
        "provider_field": p.provider_field,
        "consumer_field": p.consumer_field,
        "selected_by": p.selected_by,
        "hop": p.hop,
        "reason": p.describe(),
    }
