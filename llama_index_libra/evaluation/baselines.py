"""The paper's baselines as rows of the evaluation runner (``evaluate(..., baselines=...)``).

:class:`BaselinePlan` matches the baseline methods asked for (``toolrex``, ``tgr``, ``ego-trip``) with
their artifacts, expands each into its rows (TGR: one row per mixing direction unless one is chosen)
and makes the :class:`~llama_index_libra.baselines.ranker.BaselineRanker` of each row over the dense
index the other methods use: the same encoder, tool embeddings and query embeddings as QTS, and the
same per-task scoring loop.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from llama_index_libra.baselines.artifact import BASELINE_METHODS, BaselineArtifact
from llama_index_libra.baselines.ranker import BaselineRanker, check_baseline_options

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.catalog import ToolCatalog
    from llama_index_libra.retrieval.dense import DenseIndex

__all__ = ["BASELINE_METHODS", "DEFAULT_TGR_DIRECTIONS", "BaselinePlan"]

# TGR's paper does not say which way embeddings mix: without a chosen direction, a row for each directed reading.
DEFAULT_TGR_DIRECTIONS = ("provider-to-consumer", "consumer-to-provider")

Baselines = Sequence["BaselineArtifact | str | Path"] | Mapping[str, "BaselineArtifact | str | Path"] | None


class BaselinePlan:
    """The baseline rows of one evaluation: which artifact and options each row ranks with.

    ``baselines`` are artifacts or artifact paths (a list, or a mapping method -> one of them);
    ``options`` maps a method to its query-time options (``{"tgr": {"direction": "undirected"}}``;
    TGR's ``direction`` may be a list: one row each). Every baseline method in ``methods`` needs an
    artifact, and every artifact's method must be in ``methods``; ValueError says which is missing.
    """

    def __init__(self, catalog: "ToolCatalog", methods: Sequence[str], baselines: Baselines = None,
                 options: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        items = list(baselines.values()) if isinstance(baselines, Mapping) else list(baselines or [])
        artifacts = [a if isinstance(a, BaselineArtifact) else BaselineArtifact.load(a, catalog=catalog) for a in items]
        for artifact in artifacts:
            artifact.check_catalog(catalog)
        asked = [m for m in methods if m in BASELINE_METHODS]
        given = {a.method for a in artifacts}
        missing = [m for m in asked if m not in given]
        if missing:
            raise ValueError(f"method {missing[0]} needs its artifact (--baseline FILE, baselines=[...]); build one with "
                             f"`libra baseline build --method {missing[0]} ...`")
        unasked = sorted(given - set(asked))
        if unasked:
            raise ValueError(f"a {unasked[0]} artifact was given but {unasked[0]} is not among the methods")
        options = {m: dict(o) for m, o in (options or {}).items()}
        unknown = sorted(set(options) - set(BASELINE_METHODS))
        if unknown:
            raise ValueError(f"baseline options for unknown method(s) {', '.join(unknown)}; choose from {', '.join(BASELINE_METHODS)}")
        self.catalog = catalog
        self.methods = tuple(dict.fromkeys(asked))
        self.artifacts = artifacts
        self._rows: dict[tuple[str, str], tuple[BaselineArtifact, dict[str, Any]]] = {}
        self._query_memo: dict = {}
        for artifact in artifacts:
            several = sum(a.method == artifact.method for a in artifacts) > 1
            own = dict(options.get(artifact.method, {}))
            directions = own.pop("direction", None) if artifact.method == "tgr" else None
            if artifact.method == "tgr":
                directions = DEFAULT_TGR_DIRECTIONS if directions is None else (
                    (directions,) if isinstance(directions, str) else tuple(directions))
                runs = [(d, {**own, "direction": d}) for d in directions]
            else:
                runs = [("default", own)]
            for setting, opts in runs:
                check_baseline_options(artifact.method, opts)
                label = setting if not several else (artifact.model if setting == "default" else f"{artifact.model}, {setting}")
                if (artifact.method, label) in self._rows:
                    raise ValueError(f"two {artifact.method} artifacts of model {artifact.model!r}: give one")
                self._rows[(artifact.method, label)] = (artifact, opts)

    def __bool__(self) -> bool:
        return bool(self._rows)

    def labels(self, method: str) -> list[str]:
        """The row settings of ``method``, in the order its artifacts were given."""
        return [label for m, label in self._rows if m == method]

    def ranker(self, method: str, label: str, *, dense: "Sequence[DenseIndex]" = (), embed_model: Any = None,
               cache_dir: Any = None, show_progress: bool = False) -> BaselineRanker:
        """The ranker of one row, over ``dense`` when the runner has built it (one encoder only)."""
        artifact, opts = self._rows[(method, label)]
        if len(dense) > 1:
            raise ValueError(f"baseline {method} ranks with one encoder (QTS's); give one --embed-model")
        return BaselineRanker(artifact, self.catalog, dense=dense[0] if dense else None, embed_model=embed_model,
                              cache_dir=cache_dir, show_progress=show_progress, query_memo=self._query_memo, **opts)

    def describe(self) -> dict[str, Any]:
        """What each artifact is (for the report's settings)."""
        return {f"{a.method} ({a.model})": {"method": a.method, "model": a.model, "judge_model": a.judge_model,
                                            "prompt_version": a.prompt_version, "summary": a.summary()}
                for a in self.artifacts}
