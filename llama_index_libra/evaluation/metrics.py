"""Precision, Recall and NDCG at K as the paper's Appendix D defines them, plus ranking helpers.

Binary relevance; repeated gold tools collapse; IDCG runs over min(K, |G|) positions; the mean is
unweighted over tasks. Score ties break deterministically by catalog order before the cut.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

__all__ = ["rank_indices", "precision_at_k", "recall_at_k", "ndcg_at_k", "TaskScores", "score_ranking", "check_k"]


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


def precision_at_k(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    g = set(gold)
    return sum(1 for r in ranked[:k] if r in g) / k


def recall_at_k(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    g = set(gold)
    return sum(1 for r in ranked[:k] if r in g) / len(g) if g else 0.0


def ndcg_at_k(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    g = set(gold)
    if not g:
        return 0.0
    dcg = sum(1.0 / math.log2(j + 2) for j, r in enumerate(ranked[:k]) if r in g)
    idcg = sum(1.0 / math.log2(j + 2) for j in range(min(k, len(g))))
    return dcg / idcg


@dataclass(frozen=True)
class TaskScores:
    precision: float
    recall: float
    ndcg: float


def score_ranking(ranked: Sequence[str], gold: Iterable[str], k: int) -> TaskScores:
    """P@K, R@K and NDCG@K of one ranked list against a gold set."""
    check_k(k)
    gold = list(dict.fromkeys(gold))
    return TaskScores(precision_at_k(ranked, gold, k), recall_at_k(ranked, gold, k), ndcg_at_k(ranked, gold, k))
