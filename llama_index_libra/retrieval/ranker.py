"""ToolRanker: one retrieval method over one catalog, independent of LlamaIndex's node types.

Methods: ``bm25`` (Appendix F), ``qts`` (dense query-tool similarity), ``hybrid`` (the base score
LIBRA seeds from, without propagation), ``schema-only`` (propagation over the schema-compatible
candidate graph before execution filtering, Table 4) and ``libra`` (propagation over the
runtime-validated relations). Without a library, ``libra`` ranks like ``hybrid``.

The base score s_q (:mod:`llama_index_libra.retrieval.base_scores`) is the method's own for
``bm25`` (BM25) and ``qts`` (dense, joined query: the paper's); ``hybrid``, ``schema-only`` and
``libra`` use ``base``/``fusion``/``query_mode``/``segmentation``/``bm25_share`` (default:
:data:`~llama_index_libra.retrieval.base_scores.DEFAULT_BASE`). ``recipe="paper"`` gives the paper's
dense joined-query base and its placement of prerequisites (propagation alone). Every option is a
field of :class:`~llama_index_libra.retrieval.settings.RetrievalSettings`.

Two hooks sit around propagation: a ``reranker`` reorders the top of the base ranking before
propagation seeds from it (a LlamaIndex node postprocessor, adapted by
:mod:`llama_index_libra.adapters.rerank`), and a token budget cuts the final ranking by schema tokens
(:mod:`~llama_index_libra.retrieval.budget`) instead of by count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from llama_index_libra.retrieval.topk import check_k, rank_indices
from llama_index_libra.retrieval.base_scores import DEFAULT_BASE, PAPER_BASE, BaseScoreConfig, BaseScorer
from llama_index_libra._compat import warn_renamed
from llama_index_libra.retrieval.prerequisites import DEFAULT_RULE, PrerequisiteIndex, in_score_order, prefix_within
from llama_index_libra.retrieval.propagation import PropagationConfig, PropagationGraph, Promotion
from llama_index_libra.retrieval.settings import RECIPES, RetrievalSettings

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.catalog import ToolCatalog
    from llama_index_libra.library import ToolLibrary
    from llama_index_libra.retrieval.dense import DenseIndex

__all__ = ["METHODS", "RECIPES", "VARIANTS", "RankedTool", "Reranker", "ToolRanker", "UnknownMethodError", "base_config_for",
           "check_method", "rule_for"]

METHODS = ("bm25", "qts", "hybrid", "schema-only", "libra")
VARIANTS = RECIPES  # the earlier name of the base-score recipes
# (query, candidate tool indices in base order, their base scores) -> the candidates reordered (a subset:
# the rest follow in base order); an object may also offer ``async arerank`` with the same arguments
Reranker = Callable[[str, Sequence[int], Sequence[float]], Sequence[int]]
RERANK_DEPTH = 20  # base candidates a reranker sees (rerankers are slow; K_s = 15 seeds come from them)


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
    """``method`` if this package implements it, else :class:`UnknownMethodError`."""
    if method not in METHODS:
        raise UnknownMethodError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    return method


def base_config_for(
    method: str,
    *,
    recipe: str = "default",
    base: str | None = None,
    fusion: str | None = None,
    query_mode: str | None = None,
    rrf_k: int | None = None,
    segmentation: str | None = None,
    bm25_share: float | None = None,
    pooling: str | None = None,
    **legacy: Any,
) -> BaseScoreConfig:
    """The base-score settings of ``method``: its own for bm25/qts, the recipe's for the others, then overrides.

    ``bm25`` is BM25 and ``qts`` is dense (a different ``base`` for them raises ValueError);
    ``qts`` defaults to the joined query like the paper, ``query_mode`` may change that.
    ``variant=`` is the deprecated name of ``recipe=``.
    """
    if "variant" in legacy:
        warn_renamed("base_config_for(variant=...)", "recipe=...")
        recipe = legacy.pop("variant")
    if legacy:
        raise TypeError(f"base_config_for() got unexpected keyword(s) {', '.join(sorted(legacy))}")
    check_method(method)
    if recipe not in RECIPES:
        raise ValueError(f"recipe must be one of {', '.join(RECIPES)}, got {recipe!r}")
    if method in ("bm25", "qts"):
        own = "bm25" if method == "bm25" else "dense"
        if base is not None and base != own:
            raise ValueError(f"method {method!r} scores with {own}; use method 'hybrid' or 'libra' for base={base!r}")
        start = BaseScoreConfig(base=own, query_mode="joined", segmentation=DEFAULT_BASE.segmentation, pooling=DEFAULT_BASE.pooling)
    else:
        start = PAPER_BASE if recipe == "paper" else DEFAULT_BASE
    return BaseScoreConfig(
        base=base or start.base,
        fusion=fusion or start.fusion,
        query_mode=query_mode or start.query_mode,
        rrf_k=start.rrf_k if rrf_k is None else rrf_k,
        segmentation=segmentation or start.segmentation,
        bm25_share=start.bm25_share if bm25_share is None else bm25_share,
        pooling=pooling or start.pooling,
    )


def rule_for(recipe: str, prerequisite_rule: str | None) -> str:
    """The placement rule: the one given, else the recipe's (``paper``: propagation alone)."""
    if prerequisite_rule is not None:
        return prerequisite_rule
    return "paper" if recipe == "paper" else DEFAULT_RULE


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
        dense: "DenseIndex | Sequence[DenseIndex] | None" = None,
        cache_dir: Any = None,
        show_progress: bool = False,
        settings: RetrievalSettings | None = None,
        bm25: Any = None,
        reranker: Reranker | None = None,
        rerank_depth: int = RERANK_DEPTH,
        tokenizer: Any = None,
        **options: Any,
    ) -> None:
        """``settings`` holds every retrieval option; ``options`` may set single fields of it by keyword
        (``recipe``, ``base``, ``fusion``, ``query_mode``, ``segmenter``, ``rrf_k``, ``prerequisite_rule``,
        ``hard_kinds``, ...), and ``config`` the propagation fields (a Table 6 row). ``embed_model`` may be
        a list of encoders (their dense scores are fused); ``dense`` and ``bm25`` reuse indexes already
        built for this catalog (evaluation shares them across methods). ``reranker`` reorders the top
        ``rerank_depth`` of the base ranking before propagation; ``tokenizer`` measures schema tokens
        for a ``budget`` (:func:`~llama_index_libra.retrieval.budget.token_counter`)."""
        settings = RetrievalSettings.of(settings, options, where="ToolRanker option")
        if config is not None:
            settings = settings.with_propagation(config)
        self.catalog = catalog
        self.method = check_method(method)
        self.retrieval_settings = settings
        self.config = settings.propagation
        self.recipe = settings.recipe
        self.base_config = base_config_for(method, recipe=settings.recipe, base=settings.base, fusion=settings.fusion,
                                           query_mode=settings.query_mode, rrf_k=settings.rrf_k,
                                           segmentation=settings.segmentation, bm25_share=settings.bm25_share,
                                           pooling=settings.pooling)
        self.prerequisite_rule = rule_for(settings.recipe, settings.prerequisite_rule)
        if reranker is not None and not callable(reranker):
            raise TypeError("reranker must be a callable (query, candidate indices, base scores) -> reordered indices")
        self.reranker = reranker
        self.rerank_depth = check_k(rerank_depth)
        self._tokenizer = tokenizer
        self._token_costs: np.ndarray | None = None
        self.tokenizer_name: str | None = None
        self.hard_kinds = tuple(settings.hard_kinds)
        self.cut_order = settings.cut_order
        segmenter = settings.segmenter
        prerequisite_rule = self.prerequisite_rule
        hard_kinds = self.hard_kinds
        if library is not None and library.catalog.fingerprint() != catalog.fingerprint():
            # rebind a copy to this catalog (validated: unknown tools raise), never the caller's object
            from dataclasses import replace

            library = replace(library, catalog=catalog)
        self.library = library
        self.bm25 = None
        self.dense = None
        self.denses: list[DenseIndex] = []
        bc = self.base_config
        if bc.uses_bm25:
            from llama_index_libra.retrieval.bm25 import BM25Index

            self.bm25 = bm25 if bm25 is not None else BM25Index(catalog.texts())
        if bc.uses_dense:
            from llama_index_libra.retrieval.dense import DenseIndex

            models = list(embed_model) if isinstance(embed_model, (list, tuple)) else [embed_model]
            if not models:
                raise ValueError("embed_model: give at least one encoder")
            given = list(dense) if isinstance(dense, (list, tuple)) else ([dense] if dense is not None else [])
            self.denses = given or [DenseIndex(catalog, m, cache_dir=cache_dir, show_progress=show_progress) for m in models]
            self.dense = self.denses[0]
        self.scorer = BaseScorer(config=bc, dense=self.denses, bm25=self.bm25, segmenter=segmenter)
        relations = []
        if library is not None and method == "libra":
            relations = library.relations
        elif library is not None and method == "schema-only":
            relations = library.candidates
        alternatives = library.alternatives if library is not None and method == "libra" else []
        self.graph = PropagationGraph(catalog.names, relations, kinds=self.config.kinds, alternatives=alternatives) if relations else None
        self.prerequisite_index = None
        if prerequisite_rule != "paper" and library is not None and method in ("libra", "schema-only"):
            lookups = alternatives if settings.requirement_providers == "lookups" else ()
            self.prerequisite_index = PrerequisiteIndex(catalog.names, relations, hard_kinds=hard_kinds,
                                                        depth=settings.bundle_depth, alternatives=lookups)
        self._names = catalog.names  # ToolCatalog.names builds a new list per access: O(catalog) per query

    @property
    def variant(self) -> str:
        """Deprecated name of :attr:`recipe`."""
        return self.recipe

    @property
    def prerequisites(self) -> str:
        """Deprecated name of :attr:`prerequisite_rule`."""
        return self.prerequisite_rule

    # ------------------------------------------------------------------ scoring
    def base_scores(self, query: str) -> np.ndarray:
        """s_q of every tool (catalog order): see :class:`BaseScorer`."""
        return self.scorer.score(query)

    def scores_from_base(self, base: np.ndarray) -> tuple[np.ndarray, dict[int, list]]:
        """Final scores from s_q (propagation applied when the method has a graph)."""
        if self.graph is None:
            return base, {}
        return self.graph.propagate(base, self.config)

    @property
    def token_costs(self) -> np.ndarray:
        """Schema tokens of every tool (catalog order), measured once by the ranker's tokenizer."""
        if self._token_costs is None:
            from llama_index_libra.retrieval.budget import schema_token_costs, token_counter

            counter, self.tokenizer_name = token_counter(self._tokenizer)
            self._token_costs = schema_token_costs(self.catalog, counter)
        return self._token_costs

    def rerank_base(self, query: str, base: np.ndarray) -> np.ndarray:
        """s_q after the reranker: its order of the top ``rerank_depth`` tools, on the scores of their slots.

        The candidates take the base scores of the slots they move into (so propagation's g_q stays on
        the base's scale; tied slots are made one ulp apart so the order holds); candidates the reranker
        leaves out follow in base order. Without a reranker ``base`` is returned as it is.
        """
        if self.reranker is None:
            return base
        candidates = rank_indices(base, min(self.rerank_depth, len(base))).tolist()
        return self._apply_order(base, self.reranker(query, candidates, [float(base[i]) for i in candidates]))

    def _apply_order(self, base: np.ndarray, reordered: Sequence[int]) -> np.ndarray:
        candidates = rank_indices(base, min(self.rerank_depth, len(base)))
        order = [int(i) for i in reordered]
        allowed = set(candidates.tolist())
        if len(set(order)) != len(order) or not set(order) <= allowed:
            raise ValueError("the reranker must return a subset of the candidate tool indices it was given, each once")
        kept = set(order)
        order += [int(i) for i in candidates if int(i) not in kept]
        slots = np.asarray(base[candidates], dtype=np.float64)
        for j in range(1, len(slots)):  # tied slots: one ulp apart, so the reranker's order survives sorting
            if slots[j] >= slots[j - 1]:
                slots[j] = np.nextafter(slots[j - 1], -np.inf)
        out = np.array(base, dtype=np.float64, copy=True)
        rest = np.ones(len(out), dtype=bool)
        rest[candidates] = False
        out[rest & (out >= slots[-1])] = np.nextafter(slots[-1], -np.inf)  # ties with the last slot stay below it
        out[order] = slots
        return out

    def _cut(self, final: np.ndarray, k: int, budget: int | None) -> tuple[list[int], dict[int, tuple[int, str]]]:
        """The final cut: ``k`` tools, or the tools within ``budget`` schema tokens (at most ``k``)."""
        index = self.prerequisite_index if self.prerequisite_index is not None and len(self.prerequisite_index) else None
        costs = self.token_costs if budget is not None else None
        capacity = float(budget) if budget is not None else float(k)
        deep = budget is not None or (index is not None and self.prerequisite_rule == "bundle")
        ranked = rank_indices(final, None if deep else k).tolist()
        if index is None:
            order, inserted = prefix_within(ranked, costs, capacity), {}
        elif self.prerequisite_rule == "bundle":
            order, inserted = index.bundles(ranked, final, k, costs=costs, capacity=capacity)
        else:
            order, inserted = index.apply(ranked, final, k, costs=costs, capacity=capacity)
        order = order[:k]
        if inserted and self.cut_order == "score":
            order = in_score_order(order, final)
        return order, inserted

    def rank_from_base(self, base: np.ndarray, k: int, *, budget: int | None = None) -> list[RankedTool]:
        """The top ``k`` tools from s_q (or those within ``budget`` schema tokens, at most ``k``)."""
        check_k(k)
        if budget is not None:
            from llama_index_libra.retrieval.budget import check_budget

            budget = check_budget(budget)
        final, links = self.scores_from_base(base)
        names = self._names
        order, inserted = self._cut(final, k, budget)
        out = []
        for i in order:
            promos = tuple(self.graph.explain(links[i])) if self.graph is not None and i in links and final[i] > base[i] else ()
            if i in inserted:
                consumer, label = inserted[i]
                kind, _, field_name = label.partition(":")
                promos = (Promotion(names[consumer], kind, None, field_name or None, "after-consumer"),) + promos
            out.append(RankedTool(names[i], i, float(final[i]), float(base[i]), promos))
        return out

    def rank(self, query: str, k: int = 20, *, budget: int | None = None) -> list[RankedTool]:
        """The top ``k`` tools for ``query`` (within ``budget`` schema tokens if given), with scores and reasons."""
        return self.rank_from_base(self.rerank_base(query, self.base_scores(query)), k, budget=budget)

    async def arank(self, query: str, k: int = 20, *, budget: int | None = None) -> list[RankedTool]:
        base = await self.scorer.ascore(query)
        arerank = getattr(self.reranker, "arerank", None)
        if arerank is not None:  # an async reranker (a LlamaIndex postprocessor's apostprocess_nodes)
            candidates = rank_indices(base, min(self.rerank_depth, len(base))).tolist()
            base = self._apply_order(base, await arerank(query, candidates, [float(base[i]) for i in candidates]))
        else:
            base = self.rerank_base(query, base)
        return self.rank_from_base(base, k, budget=budget)

    def base_scores_many(self, queries: Sequence[str], show_progress: bool = False) -> np.ndarray:
        """s_q for many queries at once (batched embedding), shape (len(queries), len(catalog))."""
        return self.scorer.score_many(list(queries), show_progress=show_progress)

    def settings(self) -> dict[str, Any]:
        """Every retrieval-time option of this ranker (JSON-ready), for reports and persistence."""
        bc, cfg = self.base_config, self.config
        return {
            "method": self.method,
            "recipe": self.recipe,
            "base": bc.base,
            "fusion": bc.fusion,
            "query_mode": bc.query_mode,
            "rrf_k": bc.rrf_k,
            "segmentation": bc.segmentation,
            "bm25_share": bc.bm25_share,
            "pooling": bc.pooling,
            "prerequisite_rule": self.prerequisite_rule,
            "hard_kinds": list(self.hard_kinds),
            "requirement_providers": self.retrieval_settings.requirement_providers,
            "cut_order": self.cut_order,
            "seeds": cfg.seeds,
            "provider_selection": cfg.provider_selection,
            "hops": cfg.hops,
            "aggregate": cfg.aggregate,
            "kinds": list(cfg.kinds),
            "encoders": [d.encoder for d in self.denses],
        }
