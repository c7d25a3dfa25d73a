"""A BaselineRanker drives the LlamaIndex retriever as a ToolRanker does (the hook for
``LibraRetriever.from_tools(..., method="tgr")``): nodes, async, exact-name lookups, agents' object retriever."""

from __future__ import annotations

import asyncio

from baseline_fakes import ScriptedChatLLM, WorldReplies
from conftest import HashEmbedding

from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.baselines import BaselineArtifact, BaselineRanker, build_baseline
from llama_index_libra.catalog import ToolCatalog


def test_empty_tgr_retriever_returns_what_qts_returns(synthetic_tools) -> None:
    catalog = ToolCatalog.from_tools(synthetic_tools, name="synthetic")
    embed = HashEmbedding()
    qts = LibraRetriever.from_tools(synthetic_tools, method="qts", embed_model=embed, top_k=8)
    artifact = BaselineArtifact.for_catalog("tgr", catalog, model="m", prompt_version="p")
    tgr = LibraRetriever(BaselineRanker(artifact, catalog, embed_model=embed, direction="undirected"), tools=synthetic_tools, top_k=8)
    for query in ("share a note with my friend", "drive_export_files", "weather tomorrow in Oslo"):
        got = [(n.node.metadata["name"], n.score) for n in tgr.retrieve(query)]
        assert got == [(n.node.metadata["name"], n.score) for n in qts.retrieve(query)]
        assert got == [(n.node.metadata["name"], n.score) for n in asyncio.run(tgr.aretrieve(query))]
    assert tgr.retrieve("drive_export_files")[0].node.metadata["name"] == "drive_export_files"  # exact-name lookup
    assert tgr.method == "tgr" and "method: tgr (base: dense, joined query)" in tgr.explain("notes")
    tools = tgr.as_object_retriever().retrieve("count my workouts")
    assert [t.metadata.name for t in tools] == [t.metadata.name for t in qts.as_object_retriever().retrieve("count my workouts")]
    assert len(tools) == 8 and tools[0] in synthetic_tools


def test_egotrip_retriever_over_a_built_artifact(tmp_path) -> None:
    from baseline_fakes import alarm_catalog

    catalog = alarm_catalog()
    artifact, _ = build_baseline("ego-trip", catalog, ScriptedChatLLM(respond=WorldReplies()), show_progress=False)
    ranker = BaselineRanker(artifact, catalog, embed_model=HashEmbedding(), entry_tools=1)
    retriever = LibraRetriever(ranker, top_k=3, always_include=["Timer.start"])
    names = [n.node.metadata["name"] for n in retriever.retrieve("move my alarm to 8am")]
    assert names[0] in ("Clock.update_alarm", "Clock.create_alarm", "Clock.delete_alarm")
    assert names[1:3] and all(n.startswith("Clock.") for n in names[1:3])  # its ego graph: the other Clock tools
    assert names[-1] == "Timer.start" and len(names) == 4
