"""The base score s_q that seeds propagation: dense, BM25 or their fusion, over whole, segmented or both.

A query may be several user turns (BFCL joins them with newlines; an agent passes a conversation) or
one paragraph asking for several things. In ``segments`` mode the query is cut by its
``segmentation`` (:mod:`~llama_index_libra.retrieval.segments`: lines, sentences, clauses, auto) and
every segment is embedded in one batched encoder call. ``pooling="max"``: a tool's dense score is its
best segment's (a tool needed by one turn is not diluted by the others) and BM25 scores the whole
query (it sums over query terms, so the joined text already counts every segment). ``pooling="fair"``:
every segment is ranked on its own (its dense and BM25 scores fused and min-max normalised within the
segment) and a tool keeps its best segment's score, so each segment's best tools reach the top
together instead of the segment with the most matching words filling it. ``fused`` keeps both views:
the whole query's scores and the pooled ones are fused. ``hybrid`` fuses dense and BM25 (CombSUM of
per-query min-max scores, RRF, or ``confidence``-weighted CombSUM); ``bm25_share`` sets BM25's weight
(None: every source weighs the same). One source passes through unchanged, so ``base="dense"`` with
one encoder and ``query_mode="joined"`` is exactly the paper's QTS score (1 + cos) / 2.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

import numpy as np

from llama_index_libra.retrieval.fusion import FUSIONS, RRF_K, combsum, fuse, minmax
from llama_index_libra.retrieval.segments import SEGMENTATIONS, segmenter_for, split_lines

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.retrieval.bm25 import BM25Index
    from llama_index_libra.retrieval.dense import DenseIndex

__all__ = [
    "BASES",
    "QUERY_MODES",
    "POOLINGS",
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
POOLINGS = ("max", "fair")
Segmenter = Callable[[str], Sequence[str]]


@dataclass(frozen=True)
class BaseScoreConfig:
    """How s_q is computed (field defaults: the plain hybrid). :data:`DEFAULT_BASE` is this package's
    default, chosen on the suite by scripts/choose_defaults.py; :data:`PAPER_BASE` is the paper's."""

    base: str = "hybrid"
    fusion: str = "combsum"
    query_mode: str = "segments"
    rrf_k: int = RRF_K
    segmentation: str = "lines"
    bm25_share: float | None = None
    pooling: str = "max"

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
        if self.pooling not in POOLINGS:
            raise ValueError(f"pooling must be one of {', '.join(POOLINGS)}, got {self.pooling!r}")

    @property
    def uses_dense(self) -> bool:
        return self.base in ("dense", "hybrid")

    @property
    def uses_bm25(self) -> bool:
        return self.base in ("bm25", "hybrid")

    def describe(self) -> str:
        if self.base == "bm25":
            return "bm25"
        mode = self.query_mode if self.query_mode == "joined" else f"{self.query_mode} by {self.segmentation}, {self.pooling}-pooled"
        text = f"{self.base}, {mode} query"
        if self.base == "hybrid":
            text += f", {self.fusion}" + (f", bm25 share {self.bm25_share:g}" if self.bm25_share is not None else "")
        return text


PAPER_BASE = BaseScoreConfig(base="dense", query_mode="joined")
# chosen by the pre-registered rule of scripts/choose_defaults.py over the development suite (docs/results.md):
# whole query and short windows of its segments (turns or sentences) fused with BM25, each source weighted by how
# far its best tool stands out
DEFAULT_BASE = BaseScoreConfig(fusion="confidence", query_mode="fused", segmentation="windows")


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

    # ------------------------------------------------------------------ what is scored
    def segments(self, query: str) -> list[str]:
        """The query's segments (the whole query when the mode is joined or the segmenter finds none)."""
        if self.config.query_mode == "joined":
            return [query]
        parts = [p for p in self.segmenter(query) if isinstance(p, str) and p.strip()]
        return parts or [query]

    def parts(self, query: str) -> tuple[str | None, list[str]]:
        """(the whole query, or None when it is not scored; the segments to pool, empty when none are)."""
        mode = self.config.query_mode
        if mode == "joined":
            return query, []
        segments = self.segments(query)
        if mode == "segments":
            return None, segments
        return query, (segments if len(segments) > 1 else [])  # fused: one segment is the whole query again

    def _matrix(self, i: int) -> np.ndarray:
        if self._matrices[i] is None:  # float64 once, not per query
            self._matrices[i] = self.dense[i].matrix.astype(np.float64)
        return self._matrices[i]  # type: ignore[return-value]

    # ------------------------------------------------------------------ combining
    def _fuse(self, dense_sources: list[np.ndarray], bm25: np.ndarray | None) -> np.ndarray:
        sources = list(dense_sources) + ([bm25] if bm25 is not None else [])
        share = self.config.bm25_share
        weights = None
        if share is not None and bm25 is not None and dense_sources:
            weights = [(1.0 - share) / len(dense_sources)] * len(dense_sources) + [share]
        return fuse(sources, self.config.fusion, rrf_k=self.config.rrf_k, weights=weights)

    def combine(self, query: str, whole: list[np.ndarray] | None, segments: list[np.ndarray]) -> np.ndarray:
        """s_q from dense scores: ``whole`` (one vector per encoder, or None) and ``segments`` (one
        (n_segments, n_tools) array per encoder, or empty lists); BM25 is computed here as the pooling needs it."""
        config = self.config
        bm25_whole = self.bm25.score(query) if config.uses_bm25 and self.bm25 is not None else None
        has_segments = bool(segments) and len(segments[0]) > 0 if config.uses_dense else config.query_mode != "joined"
        if config.pooling == "fair" and config.query_mode != "joined":
            return self._fair(query, whole, segments if has_segments else None, bm25_whole)
        if not config.uses_dense:
            return bm25_whole  # type: ignore[return-value]
        sources = list(whole or [])
        if has_segments:
            sources += [seg.max(axis=0) if len(seg) > 1 else seg[0] for seg in segments]
        elif config.query_mode == "fused" and whole:
            sources += list(whole)  # one segment: the pooled view is the whole query's
        return self._fuse(sources, bm25_whole)

    def _fair(self, query: str, whole: list[np.ndarray] | None, segments: list[np.ndarray] | None,
              bm25_whole: np.ndarray | None) -> np.ndarray:
        """Fair pooling: each segment ranked on its own (fused, min-max normalised), the best segment per tool;
        in ``fused`` mode combined with the whole query's score. No segments: the whole query is the one segment."""
        config = self.config
        seg_texts = self.parts(query)[1]
        if segments is None or not seg_texts:
            seg_texts = [query]
            segments = [w[None, :] for w in whole] if whole else []
        per_segment = []
        for j, text in enumerate(seg_texts):
            dense_j = [seg[j] for seg in segments]
            bm25_j = self.bm25.score(text) if config.uses_bm25 and self.bm25 is not None else None
            fused = self._fuse(dense_j, bm25_j) if dense_j else bm25_j
            per_segment.append(minmax(fused))  # type: ignore[arg-type]
        pooled = np.max(per_segment, axis=0)
        if whole is None:
            return pooled
        whole_score = self._fuse(list(whole), bm25_whole) if whole else bm25_whole
        return combsum([whole_score, pooled])  # type: ignore[list-item]

    # ------------------------------------------------------------------ one query
    def _rows(self, index: "DenseIndex", vectors: np.ndarray) -> np.ndarray:
        """(1 + cos) / 2 of every tool for each query vector, from the stored float32 matrix (no BLAS call:
        its threads stall for a scheduler slice on a busy machine; one einsum is 1.3 ms at 10,000 tools)."""
        matrix = index.matrix
        cos = np.einsum("nd,md->mn", matrix, np.asarray(vectors, dtype=matrix.dtype))
        return (1.0 + cos.astype(np.float64)) / 2.0

    def _from_vectors(self, query: str, per_encoder: Sequence[np.ndarray]) -> np.ndarray:
        whole_text, seg_texts = self.parts(query)
        whole: list[np.ndarray] | None = [] if whole_text is not None else None
        segments: list[np.ndarray] = []
        for index, vectors in zip(self.dense, per_encoder):
            vectors = np.atleast_2d(np.asarray(vectors))
            at = 0
            if whole is not None:
                whole.append(index.scores_from_vector(vectors[0]))  # exactly the paper's QTS path
                at = 1
            rest = vectors[at:]
            if len(rest) == 1:
                segments.append(index.scores_from_vector(rest[0])[None, :])
            elif len(rest):
                segments.append(self._rows(index, rest))
        return self.combine(query, whole, segments)

    def _texts(self, query: str) -> list[str]:
        whole, segments = self.parts(query)
        return ([whole] if whole is not None else []) + segments

    def score(self, query: str) -> np.ndarray:
        """s_q of every tool for ``query`` (catalog order, float64); one batched encoder call per encoder."""
        if not self.config.uses_dense:
            return self.combine(query, None, [])
        texts = self._texts(query)
        per_encoder = [index.embed_queries(texts) if len(texts) > 1 else index.embed_query(texts[0])[None, :]
                       for index in self.dense]
        return self._from_vectors(query, per_encoder)

    def score_from_vectors(self, query: str, vectors: Sequence[np.ndarray]) -> np.ndarray:
        """s_q from precomputed unit vectors, one (n_texts, dim) array per dense encoder: the whole query
        first (unless the mode is ``segments``), then the segments :meth:`parts` gives.

        The encoder-free part of :meth:`score` (pooling, BM25, fusion), for callers that embed many
        queries in one batch themselves.
        """
        if not self.config.uses_dense:
            return self.combine(query, None, [])
        if len(vectors) != len(self.dense):
            raise ValueError(f"expected query vectors for {len(self.dense)} encoder(s), got {len(vectors)}")
        return self._from_vectors(query, vectors)

    async def ascore(self, query: str) -> np.ndarray:
        """Async twin of :meth:`score`.

        Several texts go to a local HuggingFace encoder in one batched call (its async API runs
        the model in the event loop anyway); other encoders (remote APIs) get them concurrently
        through their async API.
        """
        if not self.config.uses_dense:
            return self.combine(query, None, [])
        texts = self._texts(query)
        per_encoder = []
        for index in self.dense:
            if len(texts) > 1 and _batches_queries(index):
                per_encoder.append(index.embed_queries(texts))
            else:
                per_encoder.append(np.vstack(await asyncio.gather(*(index.aembed_query(t) for t in texts))))
        return self._from_vectors(query, per_encoder)

    # ------------------------------------------------------------------ many queries
    def score_many(self, queries: Sequence[str], show_progress: bool = False) -> np.ndarray:
        """s_q for many queries, shape (len(queries), n_tools): every text of every query in one batch."""
        queries = list(queries)
        if not queries:
            n = self.bm25.n_docs if self.bm25 is not None else len(self.dense[0].matrix)
            return np.zeros((0, n))
        if not self.config.uses_dense:
            return np.vstack([self.combine(q, None, []) for q in queries])
        texts = [self._texts(q) for q in queries]
        flat = [t for group in texts for t in group]
        scores = []
        for i, index in enumerate(self.dense):
            vectors = index.embed_queries(flat, show_progress=show_progress)
            scores.append((1.0 + np.asarray(vectors, dtype=np.float64) @ self._matrix(i).T) / 2.0)
        out = []
        at = 0
        for q, group in zip(queries, texts):
            rows = [s[at:at + len(group)] for s in scores]
            at += len(group)
            whole_text, _ = self.parts(q)
            whole = [r[0] for r in rows] if whole_text is not None else None
            segments = [r[1:] if whole_text is not None else r for r in rows]
            segments = [seg for seg in segments if len(seg)]
            out.append(self.combine(q, whole, segments))
        return np.vstack(out)
