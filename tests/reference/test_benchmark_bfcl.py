"""BFCL v4 multi_turn_base as Appendix D builds it, and the paper's BM25 row."""

import statistics

import pytest

pytest.importorskip("bfcl_eval")

from llama_index_libra.benchmarks import load_benchmark  # noqa: E402
from llama_index_libra.evaluation.runner import evaluate  # noqa: E402


@pytest.fixture(scope="module")
def bfcl():
    return load_benchmark("bfcl")


def test_catalog_and_tasks(bfcl):
    assert len(bfcl.catalog) == 128 and len(bfcl.tasks) == 200
    assert len({t.namespace for t in bfcl.catalog}) == 8
    sizes = [len(t.gold) for t in bfcl.tasks]
    assert statistics.mean(sizes) == pytest.approx(5.41, abs=0.005) and min(sizes) == 2 and max(sizes) == 9
    first = bfcl.tasks[0]
    assert first.gold[:2] == ("GorillaFileSystem.cd", "GorillaFileSystem.mkdir")
    assert "\n" in first.query and "budget analysis" in first.query


def test_prose_constraints_lifted_on_bfcl(bfcl):
    brake = bfcl.catalog.get("VehicleControlAPI.pressBrakePedal").parameters["properties"]["pedalPosition"]
    assert (brake["minimum"], brake["maximum"]) == (0, 1)
    doors = bfcl.catalog.get("VehicleControlAPI.lockDoors").parameters["properties"]["door"]
    assert doors["items"]["enum"] == ["driver", "passenger", "rear_left", "rear_right"]


def test_bm25_reproduces_the_papers_row(bfcl):
    report = evaluate(bfcl, ["bm25"], k=15, show_progress=False)
    r = report.get("bm25")
    assert abs(100 * r.precision - 26.2) <= 0.5
    assert abs(100 * r.recall - 75.5) <= 0.5
    assert abs(100 * r.ndcg - 69.5) <= 0.5
