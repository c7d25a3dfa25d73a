"""Judged identities, through the package's own evaluation and dense index: with empty structure,
ToolREX (no profiles), TGR (identity adjacency, every direction) and Ego-Trip (empty graph) rank
exactly like QTS, task by task and at every depth; and a single query ranks like ``ToolRanker("qts")``."""

from __future__ import annotations

import pytest
from tests.support.fakes import HashEmbedding

from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.baselines import BaselineArtifact, BaselineRanker
from llama_index_libra.baselines.ranking import TGR_DIRECTIONS
from llama_index_libra.benchmarks.base import Benchmark, Task
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.evaluation.runner import evaluate
from llama_index_libra.retrieval.ranker import ToolRanker

QUERIES = [
    ("t1", "create a new calendar event for tomorrow", ("calendar_login", "calendar_create_event")),
    ("t2", "share my note with bob\nthen delete it", ("notes_login", "notes_share_note", "notes_delete_note")),
    ("t3", "what is the weather in Rome", ("weather_get_forecast",)),
    ("t4", "convert 20 EUR to USD and set an alarm at 7", ("currency_convert", "alarm_set")),
    ("t5", "export my playlists", ("music_login", "music_export_playlists")),
    ("t6", "login", ("bank_login",)),  # many tools tie on this query: ties break by catalog order
]


@pytest.fixture(scope="module")
def synthetic_bench(synthetic_tools) -> Benchmark:
    catalog = ToolCatalog.from_tools(synthetic_tools, name="synthetic")
    return Benchmark(name="synthetic", catalog=catalog, tasks=[Task(i, q, g) for i, q, g in QUERIES], k=5)


def empty_artifacts(catalog: ToolCatalog) -> list[BaselineArtifact]:
    toolrex = BaselineArtifact.for_catalog(
        "toolrex", catalog, model="m", prompt_version="p",
        items={n: {"status": "failed", "profile": None} for n in catalog.names[::2]})  # failed and absent profiles alike
    tgr = BaselineArtifact.for_catalog("tgr", catalog, model="m", prompt_version="p", pairs_total=7140)
    ego = BaselineArtifact.for_catalog("ego-trip", catalog, model="m", prompt_version="p",
                                       items={n: {"status": "ok", "triples": []} for n in catalog.names})
    return [toolrex, tgr, ego]


@pytest.mark.parametrize("depth", [5, 20, 120])
def test_empty_baselines_rank_like_qts_in_the_evaluation(synthetic_bench: Benchmark, depth: int) -> None:
    embed = HashEmbedding()
    report = evaluate(
        synthetic_bench, ["qts", "toolrex", "tgr", "ego-trip"], k=5, depth=depth, embed_model=embed, show_progress=False,
        baselines=empty_artifacts(synthetic_bench.catalog),
        baseline_options={"ego-trip": {"structural": False}, "tgr": {"direction": list(TGR_DIRECTIONS)}})
    qts = evaluate(synthetic_bench, ["qts"], k=5, depth=depth, embed_model=embed, show_progress=False).get("qts")
    rows = {r.label: r for r in report.results}
    assert list(rows) == ["qts", "toolrex", "tgr [provider-to-consumer]", "tgr [consumer-to-provider]", "tgr [undirected]", "ego-trip"]
    for label, row in rows.items():
        assert [t["ranked"] for t in row.per_task] == [t["ranked"] for t in qts.per_task], label
        assert (row.precision, row.recall, row.ndcg) == (qts.precision, qts.recall, qts.ndcg), label


def test_empty_baselines_rank_like_qts_one_query_at_a_time(synthetic_bench: Benchmark) -> None:
    catalog = synthetic_bench.catalog
    qts = ToolRanker(catalog, method="qts", embed_model=HashEmbedding())
    for artifact in empty_artifacts(catalog):
        options = {"structural": False, "entry_tools": 3} if artifact.method == "ego-trip" else {}
        ranker = BaselineRanker(artifact, catalog, dense=qts.dense, **options)
        for _, query, _ in QUERIES:
            expected = [(r.name, r.score) for r in qts.rank(query, 40)]
            assert [(r.name, r.score) for r in ranker.rank(query, 40)] == expected, artifact.method


def test_egotrip_with_its_structural_graph_keeps_the_first_entry_tools(synthetic_bench: Benchmark) -> None:
    """The parameter/category part alone (no LLM) changes Ego-Trip below its entry tools, never above."""
    catalog = synthetic_bench.catalog
    qts = ToolRanker(catalog, method="qts", embed_model=HashEmbedding())
    ranker = BaselineRanker(empty_artifacts(catalog)[2], catalog, dense=qts.dense, entry_tools=4)
    changed = 0
    for _, query, _ in QUERIES:
        got = [r.name for r in ranker.rank(query, 20)]
        want = [r.name for r in qts.rank(query, 20)]
        assert got[:4] == want[:4]
        changed += got != want
    assert changed  # every login shares access_token with its app's tools: the graph is not empty


@pytest.mark.parametrize("method", ["toolrex", "tgr", "ego-trip"])
def test_empty_baseline_retrievers_return_what_qts_returns(synthetic_tools, method: str) -> None:
    """``LibraRetriever.from_tools(method=..., baseline=...)`` with empty structure: QTS's nodes and scores."""
    catalog = ToolCatalog.from_tools(synthetic_tools, name="synthetic")
    embed = HashEmbedding()
    artifact = {a.method: a for a in empty_artifacts(catalog)}[method]
    options = {"structural": False} if method == "ego-trip" else {"direction": "undirected"} if method == "tgr" else {}
    qts = LibraRetriever.from_tools(synthetic_tools, method="qts", embed_model=embed, top_k=8, show_progress=False)
    got = LibraRetriever.from_tools(synthetic_tools, method=method, baseline=artifact, baseline_options=options,
                                    embed_model=embed, top_k=8, show_progress=False)
    for _, query, _ in QUERIES:
        assert [(n.node.metadata["name"], n.score) for n in got.retrieve(query)] == \
            [(n.node.metadata["name"], n.score) for n in qts.retrieve(query)], query
