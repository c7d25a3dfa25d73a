"""BaselineRanker: the query-time half of a baseline artifact, shaped like ``ToolRanker``.

It holds the same dense index QTS uses (same encoder, same cached tool embeddings, same query
embedding) and offers the ranker methods the evaluation loop and the LlamaIndex retriever call
(``base_scores_many``, ``rank_from_base``, ``rank``, ``arank``, ``settings``). The numbers come from
:mod:`llama_index_libra.baselines.ranking`.
"""

from __future__ import annotations

import hashlib
import io
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from llama_index_libra._io import atomic_write_bytes, safe_component
from llama_index_libra.baselines import ranking
from llama_index_libra.baselines.artifact import BaselineArtifact
from llama_index_libra.baselines.toolfields import structural_entities
from llama_index_libra.retrieval.base_scores import BaseScoreConfig
from llama_index_libra.retrieval.propagation import PropagationConfig
from llama_index_libra.retrieval.ranker import RankedTool

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.catalog import ToolCatalog
    from llama_index_libra.retrieval.dense import DenseIndex

__all__ = ["BaselineRanker", "BASELINE_OPTIONS"]

log = logging.getLogger(__name__)

# Query-time options per method, with their defaults (documented in docs/baselines.md).
BASELINE_OPTIONS: dict[str, dict[str, Any]] = {
    "toolrex": {"combine": "document"},
    "tgr": {"direction": ranking.DEFAULT_TGR_DIRECTION, "renormalize": True},
    "ego-trip": {"entry_tools": ranking.DEFAULT_ENTRY_TOOLS, "neighbour_order": "dense", "fill": True, "structural": True},
}


class BaselineRanker:
    """Scores every tool of a catalog for a query with one baseline artifact.

    ``dense`` reuses a :class:`DenseIndex` already built for this catalog (evaluation shares QTS's);
    otherwise one is built from ``embed_model`` and ``cache_dir`` exactly as QTS builds it. Unknown
    ``options`` for the method raise ValueError.
    """

    # what the evaluation loop and LibraRetriever read of a ToolRanker, for a baseline
    library = None
    graph = None
    bm25 = None
    prerequisites = "paper"
    variant = "default"

    def __init__(
        self,
        artifact: BaselineArtifact,
        catalog: "ToolCatalog",
        *,
        embed_model: Any = None,
        dense: "DenseIndex | None" = None,
        cache_dir: Any = None,
        show_progress: bool = False,
        **options: Any,
    ) -> None:
        artifact.check_catalog(catalog)
        self.artifact = artifact
        self.catalog = catalog
        self.method = artifact.method
        unknown = sorted(set(options) - set(BASELINE_OPTIONS[self.method]))
        if unknown:
            raise ValueError(f"unknown {self.method} option(s) {', '.join(unknown)}; "
                             f"choose from {', '.join(BASELINE_OPTIONS[self.method])}")
        self.options = {**BASELINE_OPTIONS[self.method], **options}
        if dense is None:
            from llama_index_libra.retrieval.dense import DenseIndex

            dense = DenseIndex(catalog, embed_model, cache_dir=cache_dir, show_progress=show_progress)
        self.dense = dense
        self.denses = [dense]
        self.config = PropagationConfig()
        self.base_config = BaseScoreConfig(base="dense", query_mode="joined")
        self._names = catalog.names
        self.adjacency = None
        if self.method == "toolrex":
            self.matrix = self._toolrex_matrix(cache_dir, show_progress)
        elif self.method == "tgr":
            index = {n: i for i, n in enumerate(self._names)}
            edges = [(index[c], index[p]) for c, p in artifact.edges]
            self.adjacency = ranking.tgr_adjacency(len(catalog), edges, direction=self.options["direction"])
            self.matrix = ranking.tgr_propagate(dense.matrix, self.adjacency, renormalize=self.options["renormalize"])
        else:
            index = {n: i for i, n in enumerate(self._names)}
            triples = {index[t]: [tuple(x) for x in item.get("triples") or []] for t, item in artifact.items.items()}
            entities = structural_entities(catalog) if self.options["structural"] else None
            self.adjacency = ranking.egotrip_tool_graph(self._names, triples, entities)
            self.matrix = dense.matrix
            entry = self.options["entry_tools"]
            if isinstance(entry, bool) or not isinstance(entry, int) or entry < 1:
                raise ValueError(f"entry_tools must be a positive integer, got {entry!r}")
            if self.options["neighbour_order"] not in ranking.NEIGHBOUR_ORDERS:
                raise ValueError(f"neighbour_order must be one of {', '.join(ranking.NEIGHBOUR_ORDERS)}")

    # ------------------------------------------------------------------ ToolREX embeddings
    def _toolrex_matrix(self, cache_dir: Any, show_progress: bool) -> np.ndarray:
        combine = self.options["combine"]
        if combine not in ranking.PROFILE_COMBINES:
            raise ValueError(f"combine must be one of {', '.join(ranking.PROFILE_COMBINES)}, got {combine!r}")
        rows: list[int] = []
        texts: list[str] = []
        for i, spec in enumerate(self.catalog):
            profile = (self.artifact.items.get(spec.name) or {}).get("profile")
            if not profile:
                continue  # no profile: the original row, exactly as QTS has it
            rows.append(i)
            if combine == "document":
                texts.append(ranking.profile_document(spec.public_doc(), profile))
            else:
                texts.append(ranking.profile_document({}, profile))
        if not rows:
            return np.array(self.dense.matrix, copy=True)
        vectors = self._embed_cached(texts, cache_dir, show_progress)
        return ranking.toolrex_matrix(self.dense.matrix, rows, vectors, combine=combine)

    def _embed_cached(self, texts: list[str], cache_dir: Any, show_progress: bool) -> np.ndarray:
        """Unit vectors of ``texts`` under the QTS encoder, cached as .npy keyed by encoder and texts."""
        path = None
        if cache_dir is not False:
            from llama_index_libra.retrieval.dense import default_cache_dir

            root = default_cache_dir() if cache_dir in (None, True) else Path(cache_dir)
            digest = hashlib.sha256(self.dense.encoder.encode())
            for text in texts:
                digest.update(b"\x00" + text.encode("utf-8", "surrogatepass"))
            path = root / "embeddings" / f"{safe_component(self.catalog.name, fallback='catalog')}-toolrex-{digest.hexdigest()[:20]}.npy"
            if path.exists():
                try:
                    cached = np.load(path, allow_pickle=False)
                    if cached.shape[0] == len(texts):
                        return cached
                except (ValueError, OSError) as exc:
                    log.warning("ignoring unreadable embedding cache %s: %s", path, exc)
        vectors = ranking.unit_rows(np.asarray(self.dense.embed_texts(texts, show_progress), dtype=np.float64))
        if path is not None:
            buffer = io.BytesIO()
            np.save(buffer, vectors, allow_pickle=False)
            atomic_write_bytes(path, buffer.getvalue())
        return vectors

    # ------------------------------------------------------------------ scoring
    def base_scores(self, query: str) -> np.ndarray:
        """The method's own scores (Ego-Trip: QTS's) of every tool, catalog order."""
        return ranking.dense_scores_one(self.matrix, self.dense.embed_query(query))

    def base_scores_many(self, queries: Sequence[str], show_progress: bool = False) -> np.ndarray:
        """Scores for many queries at once, one batched query encoding (as QTS's evaluation does)."""
        return self.scores_from_vectors(self.dense.embed_queries(list(queries), show_progress=show_progress))

    def scores_from_vectors(self, query_vectors: np.ndarray) -> np.ndarray:
        """Scores from unit query vectors of the dense index's encoder, shape (n_queries, n_tools)."""
        return ranking.dense_scores(self.matrix, query_vectors)

    def order_from_base(self, base: np.ndarray, k: int) -> np.ndarray:
        """Indices of the first ``k`` tools for one query's scores."""
        if self.method == "ego-trip":
            o = self.options
            return ranking.egotrip_order(base, self.adjacency, k, entry_tools=o["entry_tools"],
                                         neighbour_order=o["neighbour_order"], fill=o["fill"])
        return ranking.top_k(base, k)

    def rank_from_base(self, base: np.ndarray, k: int) -> list[RankedTool]:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k <= 0:
            raise ValueError(f"K must be a positive integer, got {k!r}")
        names = self._names
        return [RankedTool(names[i], int(i), float(base[i]), float(base[i])) for i in self.order_from_base(base, int(k))]

    def rank(self, query: str, k: int = 20) -> list[RankedTool]:
        """The top ``k`` tools for ``query``."""
        return self.rank_from_base(self.base_scores(query), k)

    async def arank(self, query: str, k: int = 20) -> list[RankedTool]:
        vector = await self.dense.aembed_query(query)
        return self.rank_from_base(ranking.dense_scores_one(self.matrix, vector), k)

    def settings(self) -> dict[str, Any]:
        """The method, its query-time options and the artifact it ranks with (JSON-ready)."""
        return {"method": self.method, "options": dict(self.options), "encoders": [self.dense.encoder],
                "artifact": {"model": self.artifact.model, "judge_model": self.artifact.judge_model,
                             "prompt_version": self.artifact.prompt_version, "summary": self.artifact.summary()}}
