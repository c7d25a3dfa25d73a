"""The base score s_q that seeds propagation: dense, BM25 or their fusion, over whole, segmented or both.

A query may be several user turns (BFCL joins them with newlines; an agent passes a conversation) or
one paragraph asking for several things. In ``segments`` mode the query is cut by its
``segmentation`` (:mod:`~llama_index_libra.retrieval.segments`: lines, sentences, clauses, auto), every
segment is embedded in one batched encoder call and a tool's dense score is its best segment's
(max-pooling: a tool needed by one turn is not diluted by the others). ``fused`` keeps both views:
the whole query's dense score and the max-pooled one are two sources of the fusion. BM25 always
scores the whole query: it sums over query terms, so the joined text already counts every segment,
and max-pooling would drop the terms of all segments but one. ``hybrid`` fuses every dense source and
BM25 (CombSUM of per-query min-max scores, or RRF); ``bm25_share`` sets BM25's weight in that fusion
(None: every source weighs the same), so a long query's many incidental terms need not weigh as much
as the dense sources together. One source passes through unchanged, so ``base="dense"`` with one
encoder and ``query_mode="joined"`` is exactly the paper's QTS score (1 + cos) / 2.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

import numpy as np

from llama_index_libra.retrieval.fusion import FUSIONS, RRF_K, fuse
from llama_index_libra.retrieval.segments import SEGMENTATIONS, segmenter_for, split_lines

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.retrieval.bm25 import BM25Index
    from llama_index_libra.retrieval.dense import DenseIndex

__all__ = [
    "BASES",
    "QUERY_MODES",
    "SEGMENTATIONS",
    "BaseScoreConfig",
    "BaseScorer",
    "PAPER_BASE",
    "DEFAULT_BASE",
    "Segmenter",
    "split_lines",
]

BASES = ("dense", "bm25", "hybrid")
QUERY_MODES = ("joined", "segments", "fused")
Segmenter = Callable[[str], Sequence[str]]


@dataclass(frozen=True)
class BaseScoreConfig:
    """How s_q is computed. The defaults are this package's; :data:`PAPER_BASE` is the paper's."""

    base: str = "hybrid"
    fusion: str = "combsum"
    query_mode: str = "segments"
    rrf_k: int = RRF_K
    segmentation: str = "lines"
    bm25_share: float | None = None

    def __post_init__(self) -> None:
        if self.base not in BASES:
            raise ValueError(f"base must be one of {', '.join(BASES)}, got {self.base!r}")
        if self.fusion not in FUSIONS:
            raise ValueError(f"fusion must be one of {', '.join(FUSIONS)}, got {self.fusion!r}")
        if self.query_mode not in QUERY_MODES:
            raise ValueError(f"query_mode must be one of {', '.join(QUERY_MODES)}, got {self.query_mode!r}")
        if isinstance(self.rrf_k, bool) or not isinstance(self.rrf_k, int) or self.rrf_k < 0:
            raise ValueError(f"rrf_k must be a non-negative integer, got {self.rrf_k!r}")
        if self.segmentation not in SEGMENTATIONS:
            raise ValueError(f"segmentation must be one of {', '.join(SEGMENTATIONS)}, got {self.segmentation!r}")
        share = self.bm25_share
        if share is not None and (isinstance(share, bool) or not isinstance(share, (int, float)) or not 0.0 <= share <= 1.0):
            raise ValueError(f"bm25_share must be a number in [0, 1] (or None: equal weights), got {share!r}")

    @property
    def uses_dense(self) -> bool:
        return self.base in ("dense", "hybrid")

    @property
    def uses_bm25(self) -> bool:
        return self.base in ("bm25", "hybrid")

    def describe(self) -> str:
        if self.base == "bm25":
            return "bm25"
        mode = self.query_mode if self.query_mode == "joined" else f"{self.query_mode} by {self.segmentation}"
        text = f"{self.base}, {mode} query"
        if self.base == "hybrid":
            text += f", {self.fusion}" + (f", bm25 share {self.bm25_share:g}" if self.bm25_share is not None else "")
        return text


PAPER_BASE = BaseScoreConfig(base="dense", query_mode="joined")
DEFAULT_BASE = BaseScoreConfig()


def _batches_queries(index: "DenseIndex") -> bool:
    """True when ``index.embed_queries`` is one batched model call (HuggingFaceEmbedding)."""
    model = index.embed_model
    return callable(getattr(model, "_embed", None)) and hasattr(model, "query_instruction")


class BaseScorer:
    """Computes s_q for one catalog from its dense indexes and/or BM25 index."""

    def __init__(
        self,
        *,
        config: BaseScoreConfig,
        dense: Sequence["DenseIndex"] = (),
        bm25: "BM25Index | None" = None,
        segmenter: Segmenter | None = None,
    ) -> None:
        self.config = config
        self.dense = list(dense)
        self.bm25 = bm25
        if config.uses_dense and not self.dense:
            raise ValueError(f"base {config.base!r} needs at least one dense encoder")
        if config.uses_bm25 and bm25 is None:
            raise ValueError(f"base {config.base!r} needs a BM25 index")
        self.segmenter: Segmenter = segmenter or segmenter_for(config.segmentation)
        self._matrices: list[np.ndarray | None] = [None] * len(self.dense)

    # ------------------------------------------------------------------ helpers
    def segments(self, query: str) -> list[str]:
        """The query's segments (the whole query when the mode is joined or the segmenter finds none)."""
        if self.config.query_mode == "joined":
            return [query]
        parts = [p for p in self.segmenter(query) if isinstance(p, str) and p.strip()]
        return parts or [query]

    def parts(self, query: str) -> tuple[str | None, list[str]]:
        """(the whole query, or None when it is not scored; the segments to max-pool, empty when none are)."""
        mode = self.config.query_mode
        if mode == "joined":
            return query, []
        segments = self.segments(query)
        if mode == "segments":
            return None, segments
        return query, (segments if len(segments) > 1 else [])  # fused: one segment is the whole query again

    def _weights(self, n_dense_sources: int) -> list[float] | None:
        share = self.config.bm25_share
        if share is None or not self.config.uses_bm25 or not self.config.uses_dense:
            return None
        return [(1.0 - share) / n_dense_sources] * n_dense_sources + [share]

    def _matrix(self, i: int) -> np.ndarray:
        if self._matrices[i] is None:  # float64 once, not per query
            self._matrices[i] = self.dense[i].matrix.astype(np.float64)
        return self._matrices[i]  # type: ignore[return-value]

    @staticmethod
    def _pool_one(index: "DenseIndex", vectors: np.ndarray) -> np.ndarray:
        """One query's segment vectors -> max-pooled (1 + cos) / 2.

        One ``einsum`` over the stored float32 matrix: no float64 copy of the catalog per query, and
        no multi-threaded BLAS call, whose threads stall for a scheduler slice on a busy machine
        (measured: median 1.3 ms at 10,000 tools and 3 segments, against 76 ms for BLAS gemv there).
        The pooled scores differ from the float64 batch path of :meth:`score_many` in the last bits.
        """
        matrix = index.matrix
        cos = np.einsum("nd,md->nm", matrix, np.asarray(vectors, dtype=matrix.dtype))
        return (1.0 + cos.max(axis=1).astype(np.float64)) / 2.0

    def _dense_sources(self, index: "DenseIndex", whole: str | None, segments: list[str],
                       vectors: np.ndarray) -> list[np.ndarray]:
        """The dense sources of one query from its embedded texts (the whole query first, then segments)."""
        out = []
        at = 0
        if whole is not None:
            out.append(index.scores_from_vector(vectors[0]))  # exactly the paper's QTS path
            at = 1
        if len(segments) == 1:
            out.append(index.scores_from_vector(vectors[at]))
        elif segments:
            out.append(self._pool_one(index, vectors[at:]))
        elif whole is not None and self.config.query_mode == "fused":
            out.append(out[0])  # one segment: the pooled view is the whole query's
        return out

    def _fuse(self, sources: list[np.ndarray], n_dense_sources: int) -> np.ndarray:
        return fuse(sources, self.config.fusion, rrf_k=self.config.rrf_k, weights=self._weights(n_dense_sources))

    # ------------------------------------------------------------------ one query
    def score(self, query: str) -> np.ndarray:
        """s_q of every tool for ``query`` (catalog order, float64); one batched encoder call per encoder."""
        sources: list[np.ndarray] = []
        if self.config.uses_dense:
            whole, segments = self.parts(query)
            texts = ([whole] if whole is not None else []) + segments
            for index in self.dense:
                vectors = index.embed_queries(texts) if len(texts) > 1 else index.embed_query(texts[0])[None, :]
                sources.extend(self._dense_sources(index, whole, segments, vectors))
        n_dense = len(sources)
        if self.config.uses_bm25:
            assert self.bm25 is not None
            sources.append(self.bm25.score(query))
        return self._fuse(sources, n_dense)

    def score_from_vectors(self, query: str, vectors: Sequence[np.ndarray]) -> np.ndarray:
        """s_q from precomputed unit vectors, one (n_texts, dim) array per dense encoder: the whole query
        first (unless the mode is ``segments``), then the segments (when :meth:`parts` gives any).

        The encoder-free part of :meth:`score` (max-pooling, BM25, fusion), for callers that embed
        many queries in one batch themselves.
        """
        sources: list[np.ndarray] = []
        if self.config.uses_dense:
            if len(vectors) != len(self.dense):
                raise ValueError(f"expected segment vectors for {len(self.dense)} encoder(s), got {len(vectors)}")
            whole, segments = self.parts(query)
            for index, v in zip(self.dense, vectors):
                v = np.atleast_2d(np.asarray(v))
                if whole is None and len(v) != len(segments):  # segments mode, caller's own segmentation
                    segments = [""] * len(v)
                sources.extend(self._dense_sources(index, whole, segments, v))
        n_dense = len(sources)
        if self.config.uses_bm25:
            assert self.bm25 is not None
            sources.append(self.bm25.score(query))
        return self._fuse(sources, n_dense)

    async def ascore(self, query: str) -> np.ndarray:
        """Async twin of :meth:`score`.

        Several texts go to a local HuggingFace encoder in one batched call (its async API runs
        the model in the event loop anyway); other encoders (remote APIs) get them concurrently
        through their async API.
        """
        sources: list[np.ndarray] = []
        if self.config.uses_dense:
            whole, segments = self.parts(query)
            texts = ([whole] if whole is not None else []) + segments
            for index in self.dense:
                if len(texts) > 1 and _batches_queries(index):
                    vectors = index.embed_queries(texts)
                else:
                    vectors = np.vstack(await asyncio.gather(*(index.aembed_query(t) for t in texts)))
                sources.extend(self._dense_sources(index, whole, segments, vectors))
        n_dense = len(sources)
        if self.config.uses_bm25:
            assert self.bm25 is not None
            sources.append(self.bm25.score(query))
        return self._fuse(sources, n_dense)

    # ------------------------------------------------------------------ many queries
    def score_many(self, queries: Sequence[str], show_progress: bool = False) -> np.ndarray:
        """s_q for many queries, shape (len(queries), n_tools): every text of every query in one batch."""
        queries = list(queries)
        per_source: list[np.ndarray] = []
        if self.config.uses_dense:
            flat: list[str] = []
            whole_rows: list[int] = []  # per query: row of its whole text, or -1
            seg_owner: list[int] = []  # per segment row: its query
            seg_rows: list[int] = []
            for qi, q in enumerate(queries):
                whole, segments = self.parts(q)
                whole_rows.append(len(flat) if whole is not None else -1)
                if whole is not None:
                    flat.append(whole)
                for segment in segments:
                    seg_rows.append(len(flat))
                    seg_owner.append(qi)
                    flat.append(segment)
            for i, index in enumerate(self.dense):
                vectors = index.embed_queries(flat, show_progress=show_progress)
                scores = (1.0 + np.asarray(vectors, dtype=np.float64) @ self._matrix(i).T) / 2.0
                wholes = np.asarray(whole_rows)
                if self.config.query_mode != "segments":
                    per_source.append(scores[wholes])
                if self.config.query_mode != "joined":
                    pooled = scores[wholes].copy() if self.config.query_mode == "fused" else np.zeros((len(queries), scores.shape[1]))
                    if seg_rows:
                        owners = np.asarray(seg_owner)
                        starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])
                        pooled[owners[starts]] = np.maximum.reduceat(scores[np.asarray(seg_rows)], starts, axis=0)
                    per_source.append(pooled)
        n_dense = len(per_source)
        if self.config.uses_bm25:
            assert self.bm25 is not None
            per_source.append(np.vstack([self.bm25.score(q) for q in queries]) if queries else np.zeros((0, self.bm25.n_docs)))
        if len(per_source) == 1:
            return per_source[0]
        return np.vstack([self._fuse([s[qi] for s in per_source], n_dense) for qi in range(len(queries))])
