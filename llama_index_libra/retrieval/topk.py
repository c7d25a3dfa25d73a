"""Top-k selection over a score vector, ties broken by catalog order: what every method ranks with."""

from __future__ import annotations

import numpy as np

__all__ = ["rank_indices", "check_k", "DEFAULT_TOP_K"]

# Tools a retriever returns per query unless told otherwise: the paper's K_c (evaluation cuts at its own K)
DEFAULT_TOP_K = 20


def check_k(k: int) -> int:
    """Validate a cutoff: a positive integer."""
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k <= 0:
        raise ValueError(f"K must be a positive integer, got {k!r}")
    return int(k)


def rank_indices(scores: np.ndarray, k: int | None = None) -> np.ndarray:
    """Indices of ``scores`` from best to worst; ties keep catalog (index) order.

    With ``k`` below the catalog size, a partial sort picks the candidates (every score at least
    the k-th best) and only those are sorted: the same indices as the full stable sort's prefix.
    """
    values = np.asarray(scores, dtype=np.float64)
    if k is None or k >= len(values) or k <= 0:
        order = np.argsort(-values, kind="stable")
        return order if k is None else order[:k]
    threshold = -np.partition(-values, k - 1)[k - 1]
    if np.isnan(threshold):
        return np.argsort(-values, kind="stable")[:k]
    candidates = np.flatnonzero(values >= threshold)
    return candidates[np.argsort(-values[candidates], kind="stable")][:k]
