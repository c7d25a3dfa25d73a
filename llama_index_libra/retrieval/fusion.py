"""Score fusion for the base score s_q: per-query min-max CombSUM and Reciprocal Rank Fusion.

Both take a list of score vectors over the same catalog (one per source: a dense encoder, BM25)
and return one vector. CombSUM (Fox and Shaw, 1994) rescales each source to [0, 1] for the query
and averages them with equal weights (the average ranks exactly like the sum and keeps s_q in
[0, 1]). RRF (Cormack et al., 2009) sums 1 / (k + rank) with k = 60, the constant of its paper;
ranks are 1-based and ties keep catalog order, like every other ranking in this package. Both take
optional source weights (weighted CombSUM / weighted RRF); without them every source weighs the same.
``confidence`` is CombSUM whose weights follow the query: each source weighs (times its given weight)
as much as its best tool stands out from the catalog, the z-score of its top score. A source whose
top tool is not distinguished (BM25 on a long paragraph whose many words each match a few tools) then
weighs less than one that points at a tool (BM25 on a query naming a rare domain term).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

__all__ = ["FUSIONS", "RRF_K", "minmax", "combsum", "rrf", "fuse", "top_zscore", "confidence"]

FUSIONS = ("combsum", "rrf", "confidence")
RRF_K = 60  # Cormack, Clarke and Buettcher (SIGIR 2009); fixed a priori, never tuned here


def minmax(scores: np.ndarray) -> np.ndarray:
    """``(s - min) / (max - min)`` over the catalog; a constant vector maps to all zeros."""
    values = np.asarray(scores, dtype=np.float64)
    if values.ndim != 1 or not len(values):
        raise ValueError("min-max normalisation needs a non-empty score vector")
    low, high = float(values.min()), float(values.max())
    if not np.isfinite(low) or not np.isfinite(high):
        raise ValueError("scores must be finite to be fused")
    if high == low:  # no signal from this source for this query: it adds nothing
        return np.zeros_like(values)
    return (values - low) / (high - low)


def _stack(sources: Sequence[np.ndarray]) -> list[np.ndarray]:
    if not sources:
        raise ValueError("fusion needs at least one score vector")
    arrays = [np.asarray(s, dtype=np.float64) for s in sources]
    if len({a.shape for a in arrays}) != 1:
        raise ValueError(f"score vectors differ in shape: {sorted({a.shape for a in arrays})}")
    return arrays


def _weights(weights: Sequence[float] | None, n: int) -> np.ndarray:
    """Source weights summing to 1 (equal when ``weights`` is None)."""
    if weights is None:
        return np.full(n, 1.0 / n)
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (n,) or not np.all(np.isfinite(w)) or np.any(w < 0) or w.sum() <= 0:
        raise ValueError(f"fusion weights must be {n} finite non-negative numbers, not all zero; got {list(weights)}")
    return w / w.sum()


def combsum(sources: Sequence[np.ndarray], weights: Sequence[float] | None = None) -> np.ndarray:
    """Weighted (default: equal-weight) mean of the per-query min-max normalised sources, in [0, 1]."""
    arrays = _stack(sources)
    w = _weights(weights, len(arrays))
    if weights is None:  # the equal-weight mean exactly as earlier releases computed it
        return np.mean([minmax(a) for a in arrays], axis=0)
    return np.sum([wi * minmax(a) for wi, a in zip(w, arrays)], axis=0)


def top_zscore(scores: np.ndarray) -> float:
    """How far the best score stands out: (max - mean) / std over the catalog (0 for a constant vector)."""
    values = np.asarray(scores, dtype=np.float64)
    std = float(values.std())
    return 0.0 if std == 0.0 or not np.isfinite(std) else float((values.max() - values.mean()) / std)


def confidence(sources: Sequence[np.ndarray], weights: Sequence[float] | None = None) -> np.ndarray:
    """CombSUM with each source's weight multiplied by :func:`top_zscore` of its scores (equal if all are 0)."""
    arrays = _stack(sources)
    base = _weights(weights, len(arrays))
    z = np.asarray([top_zscore(a) for a in arrays])
    w = base * z
    if w.sum() <= 0:
        w = base
    return combsum(arrays, list(w))


def rrf(sources: Sequence[np.ndarray], *, k: int = RRF_K, weights: Sequence[float] | None = None) -> np.ndarray:
    """Reciprocal Rank Fusion: sum over sources of w / (k + rank), ranks 1-based, ties by index (w = 1 unweighted)."""
    if k < 0:
        raise ValueError(f"RRF k must be non-negative, got {k}")
    arrays = _stack(sources)
    w = np.ones(len(arrays)) if weights is None else _weights(weights, len(arrays)) * len(arrays)
    out = np.zeros_like(arrays[0])
    positions = np.arange(1, len(out) + 1, dtype=np.float64)
    for wi, a in zip(w, arrays):
        order = np.argsort(-a, kind="stable")
        ranks = np.empty_like(positions)
        ranks[order] = positions
        out += wi / (k + ranks)
    return out


def fuse(sources: Sequence[np.ndarray], fusion: str = "combsum", *, rrf_k: int = RRF_K,
         weights: Sequence[float] | None = None) -> np.ndarray:
    """Fuse score vectors with ``fusion`` (``combsum`` or ``rrf``); one source passes through unchanged."""
    if fusion not in FUSIONS:
        raise ValueError(f"fusion must be one of {', '.join(FUSIONS)}, got {fusion!r}")
    arrays = _stack(sources)
    if len(arrays) == 1:
        return arrays[0]
    if fusion == "confidence":
        return confidence(arrays, weights)
    return combsum(arrays, weights) if fusion == "combsum" else rrf(arrays, k=rrf_k, weights=weights)
