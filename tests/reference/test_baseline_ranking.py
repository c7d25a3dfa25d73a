"""The baselines' ranking halves (pure numpy): hand-computed examples and the QTS identities.

Judged identities: TGR with an identity adjacency, ToolREX without profiles and Ego-Trip with an empty
graph rank exactly like QTS; Ego-Trip's cutoffs up to its entry-tool count always do.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from llama_index_libra.baselines import ranking as R
from llama_index_libra.retrieval.topk import rank_indices
from llama_index_libra.catalog import ToolSpec


def unit(*rows: tuple[float, ...]) -> np.ndarray:
    m = np.asarray(rows, dtype=np.float64)
    return (m / np.linalg.norm(m, axis=1, keepdims=True)).astype(np.float32)


X = unit((1, 0), (0, 1), (0.6, 0.8))
Q = np.array([0.0, 1.0])


# ------------------------------------------------------------------------------------------ TGR

def test_tgr_provider_to_consumer_by_hand() -> None:
    """Tool 0 depends on tool 1. Â = [[1,1,0],[0,1,0],[0,0,1]], D = (2,1,1):
    x0' = x0/2 + x1/sqrt(2) = (0.5, 0.7071) -> unit (0.57735, 0.81650); x1, x2 unchanged."""
    a = R.tgr_adjacency(3, [(0, 1)], direction="provider-to-consumer")
    assert a.toarray().tolist() == [[0, 1, 0], [0, 0, 0], [0, 0, 0]]
    out = R.tgr_propagate(X, a)
    np.testing.assert_allclose(out[0], [1 / math.sqrt(3), math.sqrt(2 / 3)], rtol=1e-6)
    assert np.array_equal(out[1:], X[1:])  # rows without edges: bit for bit
    scores = R.dense_scores_one(out, Q)
    np.testing.assert_allclose(scores, [(1 + math.sqrt(2 / 3)) / 2, 1.0, 0.9], rtol=1e-6)
    assert rank_indices(scores).tolist() == [1, 0, 2]  # QTS: [1, 2, 0]
    assert rank_indices(R.dense_scores_one(X, Q)).tolist() == [1, 2, 0]


def test_tgr_consumer_to_provider_by_hand() -> None:
    """The provider (1) takes the consumer's (0) embedding: x1' = unit(x1/2 + x0/sqrt(2))."""
    a = R.tgr_adjacency(3, [(0, 1)], direction="consumer-to-provider")
    out = R.tgr_propagate(X, a)
    np.testing.assert_allclose(out[1], [math.sqrt(2 / 3), 1 / math.sqrt(3)], rtol=1e-6)
    assert np.array_equal(out[0], X[0])
    assert rank_indices(R.dense_scores_one(out, Q)).tolist() == [2, 1, 0]


def test_tgr_undirected_normalises_both_ends_by_hand() -> None:
    """Undirected edge 0-1: D = (2, 2, 1); x0' = (x0 + x1)/2, x1' = (x0 + x1)/2 before normalising."""
    a = R.tgr_adjacency(3, [(0, 1), (1, 0)], direction="undirected")  # a pair labelled twice stays 0/1
    assert a.toarray().tolist() == [[0, 1, 0], [1, 0, 0], [0, 0, 0]]
    raw = R.tgr_propagate(X, a, renormalize=False)
    np.testing.assert_allclose(raw[0], [0.5, 0.5], rtol=1e-6)
    np.testing.assert_allclose(raw[1], [0.5, 0.5], rtol=1e-6)
    np.testing.assert_allclose(R.tgr_propagate(X, a)[0], [math.sqrt(0.5)] * 2, rtol=1e-6)


def test_tgr_row_degree_normalisation_with_two_providers() -> None:
    """Tool 0 depends on 1 and 2: D = (3, 1, 1); x0' = x0/3 + (x1 + x2)/sqrt(3) before normalising."""
    a = R.tgr_adjacency(3, [(0, 1), (0, 2), (0, 0)], direction="provider-to-consumer")  # a self-pair is dropped
    raw = R.tgr_propagate(X, a, renormalize=False)
    expected = X[0].astype(np.float64) / 3 + (X[1].astype(np.float64) + X[2]) / math.sqrt(3)
    np.testing.assert_allclose(raw[0], expected, rtol=1e-6)


def test_tgr_rejects_unknown_direction_and_misfit_adjacency() -> None:
    with pytest.raises(ValueError, match="direction"):
        R.tgr_adjacency(3, [], direction="sideways")
    with pytest.raises(ValueError, match="does not fit"):
        R.tgr_propagate(X, sp.csr_matrix((2, 2)))


matrices = st.integers(2, 12).flatmap(lambda n: st.tuples(
    arrays(np.float64, (n, 5), elements=st.floats(-1, 1, allow_nan=False, width=32)).filter(lambda m: bool(np.all(np.abs(m).sum(1) > 1e-3))),
    arrays(np.float64, (3, 5), elements=st.floats(-1, 1, allow_nan=False, width=32)).filter(lambda m: bool(np.all(np.abs(m).sum(1) > 1e-3))),
))


@settings(max_examples=60, deadline=None)
@given(matrices, st.sampled_from(R.TGR_DIRECTIONS))
def test_tgr_identity_adjacency_is_qts(data: tuple[np.ndarray, np.ndarray], direction: str) -> None:
    """No dependent pair: X' is X bit for bit, so scores and rankings are QTS's exactly."""
    tools, queries = R.unit_rows(data[0]), R.unit_rows(data[1]).astype(np.float64)
    out = R.tgr_propagate(tools, R.tgr_adjacency(len(tools), [], direction=direction))
    assert out.dtype == np.float32 and np.array_equal(out, tools)
    assert np.array_equal(R.dense_scores(out, queries), R.dense_scores(tools, queries))


# ------------------------------------------------------------------------------------------ ToolREX

def test_profile_document_without_profile_is_the_catalog_text() -> None:
    spec = ToolSpec("A.b", "Does b. Ünïcode kept.", {"type": "object", "properties": {"x": {"type": "string"}}})
    assert R.profile_document(spec.public_doc(), None) == spec.text()
    assert R.profile_document(spec.public_doc(), {}) == spec.text()
    with_profile = json.loads(R.profile_document(spec.public_doc(), {"tags": ["b"]}))
    assert with_profile == {**spec.public_doc(), "tool_profile": {"tags": ["b"]}}


def test_toolrex_matrix_by_hand() -> None:
    new = unit((1, 1))
    doc = R.toolrex_matrix(X, [0], new, combine="document")
    np.testing.assert_allclose(doc[0], [math.sqrt(0.5)] * 2, rtol=1e-6)
    assert np.array_equal(doc[1:], X[1:])
    mean = R.toolrex_matrix(X, [0], new, combine="mean")  # unit((1,0) + (0.7071, 0.7071))
    np.testing.assert_allclose(mean[0], np.array([1 + math.sqrt(0.5), math.sqrt(0.5)]) / math.hypot(1 + math.sqrt(0.5), math.sqrt(0.5)), rtol=1e-6)
    assert np.array_equal(R.toolrex_matrix(X, [], np.zeros((0, 2))), X)
    with pytest.raises(ValueError, match="combine"):
        R.toolrex_matrix(X, [0], new, combine="sum")
    with pytest.raises(ValueError, match="2 rows"):
        R.toolrex_matrix(X, [0, 1], new)


# ------------------------------------------------------------------------------------------ Ego-Trip

def graph(n: int, *edges: tuple[int, int]) -> sp.csr_matrix:
    rows = [a for a, b in edges] + [b for a, b in edges]
    cols = [b for a, b in edges] + [a for a, b in edges]
    return sp.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))


SCORES = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4])


def test_egotrip_order_by_hand() -> None:
    """Entries 0 and 1; tool 0's ego graph holds 5, tool 1's holds 4."""
    g = graph(6, (0, 5), (1, 4))
    assert R.egotrip_order(SCORES, g, 6, entry_tools=2).tolist() == [0, 1, 4, 5, 2, 3]  # added by dense score
    assert R.egotrip_order(SCORES, g, 6, entry_tools=2, neighbour_order="entry").tolist() == [0, 1, 5, 4, 2, 3]
    assert R.egotrip_order(SCORES, g, 6, entry_tools=2, fill=False).tolist() == [0, 1, 4, 5]
    assert R.egotrip_order(SCORES, g, 3, entry_tools=2).tolist() == [0, 1, 4]
    assert R.egotrip_order(SCORES, g, 6, entry_tools=1).tolist() == [0, 5, 1, 2, 3, 4]
    # a neighbour that is itself an entry is not added twice
    assert R.egotrip_order(SCORES, graph(6, (0, 1), (1, 3)), 6, entry_tools=2).tolist() == [0, 1, 3, 2, 4, 5]


def test_egotrip_order_rejects_bad_settings() -> None:
    with pytest.raises(ValueError, match="neighbour_order"):
        R.egotrip_order(SCORES, graph(6), 3, neighbour_order="random")
    with pytest.raises(ValueError, match="entry_tools"):
        R.egotrip_order(SCORES, graph(6), 3, entry_tools=0)


score_vectors = st.lists(st.sampled_from([0.1, 0.2, 0.5, 0.5, 0.7, 0.9]), min_size=1, max_size=30).map(np.array)


@settings(max_examples=100, deadline=None)
@given(score_vectors, st.integers(1, 30), st.integers(1, 12), st.sampled_from(R.NEIGHBOUR_ORDERS))
def test_egotrip_empty_graph_is_qts(scores: np.ndarray, k: int, entry: int, order: str) -> None:
    """No edges: exactly the dense ranking (ties in catalog order) at every depth."""
    empty = sp.csr_matrix((len(scores), len(scores)))
    got = R.egotrip_order(scores, empty, k, entry_tools=entry, neighbour_order=order)
    assert got.tolist() == rank_indices(scores, k).tolist() == np.argsort(-scores, kind="stable")[:k].tolist()


@settings(max_examples=100, deadline=None)
@given(score_vectors, st.integers(1, 12), st.data())
def test_egotrip_cutoffs_up_to_the_entry_tools_are_qts(scores: np.ndarray, entry: int, data: st.DataObject) -> None:
    """Whatever the graph, the first ``entry_tools`` are QTS's (the paper's SciToolEval@10 row)."""
    n = len(scores)
    pairs = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))
    g = graph(n, *[(a, b) for a, b in pairs if a != b])
    got = R.egotrip_order(scores, g, n, entry_tools=entry)
    assert got[:entry].tolist() == rank_indices(scores, entry).tolist()
    assert sorted(got.tolist()) == list(range(n))  # every tool once


def test_egotrip_tool_graph_links_tools_through_shared_nodes() -> None:
    names = ["Clock.login", "Clock.create_alarm", "Weather.forecast", "Timer.start"]
    triples = {
        0: [("Clock.login", "has_entity", "Access Token")],
        1: [("Clock.create_alarm", "has_entity", "access_token"),  # same node as "Access Token"
            ("create_alarm", "related_to", "Timer.start")],       # unique short name, direct tool link
        2: [("Rain", "affects", "Alarm")],                        # entity-entity: links no tool
    }
    g = R.egotrip_tool_graph(names, triples)
    assert g.toarray().astype(int).tolist() == [[0, 1, 0, 0], [1, 0, 0, 1], [0, 0, 0, 0], [0, 1, 0, 0]]
    with_params = R.egotrip_tool_graph(names, {}, {2: ["city"], 3: ["minutes", "City"]})  # no LLM: params, categories
    assert with_params[2, 3] == 1 and with_params[3, 2] == 1 and with_params.nnz == 2
    assert R.egotrip_tool_graph(names, {}).nnz == 0


def test_canonical_entity() -> None:
    assert R.canonical_entity("  Access_Token ") == R.canonical_entity('"access-token"') == "access token"
    assert R.canonical_entity("GorillaFileSystem.cat") == "gorillafilesystem cat"
    assert R.canonical_entity("ＡＢＣ") == "abc"  # NFKC


def test_unit_rows_rejects_zero_rows() -> None:
    with pytest.raises(ValueError, match="zero"):
        R.unit_rows(np.zeros((1, 3)))
