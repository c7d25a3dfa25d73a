"""Prerequisites that make the cut: a rule applied to the final top-k, beside the paper's averaging.

With the paper's g_q(u) a provider needed by many seeded consumers sinks to their mean and can miss
the cut while its consumers stay in. The ``after-consumer`` rule walks the top-k in rank order; for
every tool t in it, each of t's hard requirements (its state prerequisites as one group, and for
every input field its provenance providers as one group: members of a group are alternatives) that
no tool already in the list satisfies gets its strongest provider (highest final score, ties by
catalog order) inserted right after t. The list keeps k entries: an insertion evicts the lowest
ranked tool that nothing depends on yet (neither a processed tool, nor an inserted provider, nor a
provider that satisfied a processed tool). So every processed tool in the result has one provider
of each hard requirement next to or above it; only when all k slots are taken by such tools does
the walk stop. Relation kinds outside ``hard_kinds`` (compatibility, or a kind this version does
not know) are not requirements.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

from llama_index_libra.library import Relation

__all__ = ["PREREQUISITE_RULES", "HARD_KINDS", "PrerequisiteIndex"]

PREREQUISITE_RULES = ("paper", "after-consumer")
HARD_KINDS = ("state", "provenance")


class PrerequisiteIndex:
    """Per consumer index: its hard requirement groups (tuples of provider indices)."""

    def __init__(self, names: Sequence[str], relations: Iterable[Relation], *, hard_kinds: Iterable[str] = HARD_KINDS) -> None:
        index = {n: i for i, n in enumerate(names)}
        kinds = set(hard_kinds)
        groups: dict[int, dict[str, set[int]]] = {}
        for r in relations:
            if r.kind not in kinds or r.provider == r.consumer or r.provider not in index or r.consumer not in index:
                continue
            label = "state" if r.kind == "state" else f"{r.kind}:{r.consumer_field or ''}"
            groups.setdefault(index[r.consumer], {}).setdefault(label, set()).add(index[r.provider])
        self.groups: dict[int, tuple[tuple[str, np.ndarray], ...]] = {
            c: tuple((label, np.asarray(sorted(members), dtype=np.int64)) for label, members in sorted(g.items()))
            for c, g in groups.items()
        }

    def __len__(self) -> int:
        return len(self.groups)

    def apply(self, ranked: Sequence[int], scores: np.ndarray, k: int) -> tuple[list[int], dict[int, tuple[int, str]]]:
        """The top-``k`` of ``ranked`` with missing hard prerequisites inserted after their consumers.

        Returns the new list and, per inserted provider, ``(consumer index, requirement label)``.
        """
        out = [int(i) for i in ranked[:k]]
        present = set(out)
        pinned: set[int] = set()
        inserted: dict[int, tuple[int, str]] = {}
        pos = 0
        while pos < len(out):
            t = out[pos]
            pinned.add(t)
            at = pos + 1
            for label, providers in self.groups.get(t, ()):
                have = [p for p in providers.tolist() if p in present]
                if have:
                    pinned.update(have)
                    continue
                best = int(providers[np.lexsort((providers, -scores[providers]))[0]])
                evict = next((j for j in range(len(out) - 1, at - 1, -1) if out[j] not in pinned), None)
                if len(out) >= k:
                    if evict is None:  # every slot below is needed already: the budget is spent
                        return out, inserted
                    present.discard(out.pop(evict))
                out.insert(at, best)
                present.add(best)
                pinned.add(best)
                inserted[best] = (t, label)
                at += 1
            pos += 1
        return out, inserted
