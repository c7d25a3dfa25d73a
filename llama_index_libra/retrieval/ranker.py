"""ToolRanker: one retrieval method over one catalog, independent of LlamaIndex's node types.

Methods: ``bm25`` (Appendix F), ``qts`` (dense query-tool similarity), ``schema-only``
(propagation over the schema-compatible candidate graph before execution filtering, Table 4) and
``libra`` (propagation over the runtime-validated relations). Without a library, ``libra`` is QTS.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from llama_index_libra.evaluation.metrics import check_k, rank_indices
from llama_index_libra.retrieval.propagation import PropagationConfig, PropagationGraph, Promotion

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.catalog import ToolCatalog
    from llama_index_libra.library import ToolLibrary
    from llama_index_libra.retrieval.dense import DenseIndex

__all__ = ["METHODS", "RankedTool", "ToolRanker", "UnknownMethodError"]

METHODS = ("bm25", "qts", "schema-only", "libra")


class UnknownMethodError(ValueError):
    """A retrieval method name this package does not implement."""


@dataclass(frozen=True)
class RankedTool:
    """One ranked tool: its final score, its own (dense or BM25) score, and why it was promoted."""

    name: str
    index: int
    score: float
    base_score: float
    promotions: tuple[Promotion, ...] = field(default=())

    @property
    def promoted(self) -> bool:
        return self.score > self.base_score


def check_method(method: str) -> str:
    if method not in METHODS:
        raise UnknownMethodError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    return method


class ToolRanker:
    """Scores every tool of a catalog for a query with one method."""

    def __init__(
        self,
        catalog: "ToolCatalog",
        *,
        method: str = "libra",
        embed_model: Any = None,
        library: "ToolLibrary | None" = None,
        config: PropagationConfig | None = None,
        dense: "DenseIndex | None" = None,
        cache_dir: Any = None,
        show_progress: bool = False,
    ) -> None:
        self.catalog = catalog
        self.method = check_method(method)
        self.config = config or PropagationConfig()
        if library is not None and library.catalog.fingerprint() != catalog.fingerprint():
            # rebind a copy to this catalog (validated: unknown tools raise), never the caller's object
            from dataclasses import replace

            library = replace(library, catalog=catalog)
        self.library = library
        self.bm25 = None
        self.dense = None
        if method == "bm25":
            from llama_index_libra.retrieval.bm25 import BM25Index

            self.bm25 = BM25Index(catalog.texts())
        else:
            from llama_index_libra.retrieval.dense import DenseIndex

            self.dense = dense or DenseIndex(catalog, embed_model, cache_dir=cache_dir, show_progress=show_progress)
        relations = []
        if library is not None and method == "libra":
            relations = library.relations
        elif library is not None and method == "schema-only":
            relations = library.candidates
        self.graph = PropagationGraph(catalog.names, relations, kinds=self.config.kinds) if relations else None
        self._names = catalog.names  # ToolCatalog.names builds a new list per access: O(catalog) per query

    # ------------------------------------------------------------------ scoring
    def base_scores(self, query: str) -> np.ndarray:
        if self.bm25 is not None:
            return self.bm25.score(query)
        assert self.dense is not None
        return self.dense.score(query)

    def scores_from_base(self, base: np.ndarray) -> tuple[np.ndarray, dict[int, list]]:
        """Final scores from s_q (propagation applied when the method has a graph)."""
        if self.graph is None:
            return base, {}
        return self.graph.propagate(base, self.config)

    def rank_from_base(self, base: np.ndarray, k: int) -> list[RankedTool]:
        check_k(k)
        final, links = self.scores_from_base(base)
        names = self._names
        out = []
        for i in rank_indices(final, k).tolist():
            promos = tuple(self.graph.explain(links[i])) if self.graph is not None and i in links and final[i] > base[i] else ()
            out.append(RankedTool(names[i], i, float(final[i]), float(base[i]), promos))
        return out

    def rank(self, query: str, k: int = 20) -> list[RankedTool]:
        """The top ``k`` tools for ``query`` with their scores and promotion reasons."""
        return self.rank_from_base(self.base_scores(query), k)

    async def arank(self, query: str, k: int = 20) -> list[RankedTool]:
        if self.dense is not None:
            base = self.dense.scores_from_vector(await self.dense.aembed_query(query))
        else:
            base = self.base_scores(query)
        return self.rank_from_base(base, k)

    def base_scores_many(self, queries: Sequence[str], show_progress: bool = False) -> np.ndarray:
        """s_q for many queries at once (batched embedding), shape (len(queries), len(catalog))."""
        if self.bm25 is not None:
            return np.vstack([self.bm25.score(q) for q in queries])
        assert self.dense is not None
        vectors = self.dense.embed_queries(list(queries), show_progress=show_progress)
        return (1.0 + vectors.astype(np.float64) @ self.dense.matrix.astype(np.float64).T) / 2.0
