"""Precision, Recall and NDCG at K as the paper's Appendix D defines them, and complete@K.

complete@K is 1 when every gold tool is in the top K, else 0 (an agent fails when any one of the
tools it needs, a prerequisite included, is missing from what it was offered). Binary relevance; repeated gold tools collapse; IDCG runs over min(K, |G|) positions; the mean is
unweighted over tasks. Score ties break deterministically by catalog order before the cut
(:func:`~llama_index_libra.retrieval.topk.rank_indices`, re-exported here).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence


from llama_index_libra.retrieval.topk import check_k, rank_indices

__all__ = ["rank_indices", "precision_at_k", "recall_at_k", "ndcg_at_k", "complete_at_k", "TaskScores", "score_ranking", "check_k"]


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


def complete_at_k(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    """1.0 when every gold tool is in the top ``k`` (an empty gold set is never complete), else 0.0."""
    g = set(gold)
    return float(bool(g) and g <= set(ranked[:k]))


@dataclass(frozen=True)
class TaskScores:
    precision: float
    recall: float
    ndcg: float
    complete: float = 0.0


def score_ranking(ranked: Sequence[str], gold: Iterable[str], k: int) -> TaskScores:
    """P@K, R@K, NDCG@K and complete@K of one ranked list against a gold set."""
    check_k(k)
    gold = list(dict.fromkeys(gold))
    return TaskScores(precision_at_k(ranked, gold, k), recall_at_k(ranked, gold, k), ndcg_at_k(ranked, gold, k),
                      complete_at_k(ranked, gold, k))
