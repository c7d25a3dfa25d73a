"""Appendix D metrics against ir_measures, plus deterministic tie-breaking."""

import numpy as np
import pytest

from llama_index_libra.evaluation.metrics import check_k, ndcg_at_k, precision_at_k, rank_indices, recall_at_k, score_ranking

RUNS = [
    (["a", "b", "c", "d", "e"], ["a", "c", "z"]),
    (["x", "y", "a"], ["a"]),
    (["q", "w", "e", "r"], ["r", "w", "t", "y", "u", "i"]),
    (["a", "b"], ["c"]),
]


@pytest.mark.parametrize("k", [1, 2, 3, 5, 10])
def test_against_ir_measures(k):
    ir_measures = pytest.importorskip("ir_measures")
    qrels, run = [], []
    for qi, (ranked, gold) in enumerate(RUNS):
        qrels += [ir_measures.Qrel(str(qi), g, 1) for g in gold]
        run += [ir_measures.ScoredDoc(str(qi), d, float(len(ranked) - j)) for j, d in enumerate(ranked)]
    measures = [ir_measures.P @ k, ir_measures.R @ k, ir_measures.nDCG @ k]
    per_query = {(m.query_id, str(m.measure)): m.value for m in ir_measures.iter_calc(measures, qrels, run)}
    for qi, (ranked, gold) in enumerate(RUNS):
        assert precision_at_k(ranked, gold, k) == pytest.approx(per_query[(str(qi), f"P@{k}")])
        assert recall_at_k(ranked, gold, k) == pytest.approx(per_query[(str(qi), f"R@{k}")])
        assert ndcg_at_k(ranked, gold, k) == pytest.approx(per_query[(str(qi), f"nDCG@{k}")])


def test_repeated_gold_collapses_and_idcg_uses_min_k_g():
    s = score_ranking(["a", "b"], ["a", "a", "b"], 2)
    assert s.recall == 1.0 and s.ndcg == pytest.approx(1.0)
    assert ndcg_at_k(["a"], ["a", "b", "c"], 1) == pytest.approx(1.0)


def test_ties_break_by_catalog_order():
    assert rank_indices(np.array([0.5, 0.9, 0.5, 0.9])).tolist() == [1, 3, 0, 2]


@pytest.mark.parametrize("bad", [0, -3, 1.5, True])
def test_k_must_be_positive_int(bad):
    with pytest.raises(ValueError, match="K must be a positive integer"):
        check_k(bad)
