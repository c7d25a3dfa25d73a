"""The baselines as LibraRetriever methods: ``from_tools(..., method="tgr", baseline=PATH, baseline_options=...)``,
nodes, async, exact-name lookups, agents' object retriever, persistence with the artifact beside the
config, and a ranker that returns fewer tools than asked (Ego-Trip with ``fill=False``)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import numpy as np
import pytest

from llama_index_libra.adapters.persist import BASELINE_FILE, RETRIEVER_CONFIG_FILE
from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.baselines import BaselineArtifact, BaselineError, BaselineRanker, build_baseline
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.library import LibraryError
from tests.support.baselines import DEPENDS, ScriptedBaselineLLM, WorldReplies, alarm_catalog
from tests.support.fakes import HashEmbedding


def names(nodes) -> list[str]:
    return [n.node.metadata["name"] for n in nodes]


def test_tgr_retriever_from_tools_serves_nodes_async_and_agents(synthetic_tools, tmp_path: Path) -> None:
    catalog = ToolCatalog.from_tools(synthetic_tools, name="synthetic")
    embed = HashEmbedding()
    edges = (("notes_share_note", "notes_login"), ("notes_delete_note", "notes_login"))
    path = BaselineArtifact.for_catalog("tgr", catalog, model="m", prompt_version="p", edges=edges).save(tmp_path / "tgr.json")
    tgr = LibraRetriever.from_tools(synthetic_tools, method="tgr", baseline=path, baseline_options={"direction": "undirected"},
                                    embed_model=embed, top_k=8, show_progress=False)
    assert isinstance(tgr.ranker, BaselineRanker) and tgr.ranker.options["direction"] == "undirected"
    assert tgr.method == "tgr" and tgr.library is None and "method: tgr (base: dense, joined query)" in tgr.explain("notes")
    for query in ("share a note with my friend", "weather tomorrow in Oslo"):
        got = [(n.node.metadata["name"], n.score) for n in tgr.retrieve(query)]
        assert got == [(n.node.metadata["name"], n.score) for n in asyncio.run(tgr.aretrieve(query))] and len(got) == 8
    assert names(tgr.retrieve("drive_export_files"))[0] == "drive_export_files"  # exact-name lookup
    tools = tgr.as_object_retriever().retrieve("count my workouts")
    assert len(tools) == 8 and tools[0] in synthetic_tools
    # the direction changes the rows that have edges, not the others
    other = LibraRetriever.from_tools(synthetic_tools, method="tgr", baseline=path, embed_model=embed, show_progress=False)
    assert (other.ranker.matrix != tgr.ranker.matrix).any(axis=1).sum() > 0
    untouched = [i for i, n in enumerate(catalog.names) if not n.startswith("notes_")]
    assert (other.ranker.matrix[untouched] == tgr.ranker.matrix[untouched]).all()


def test_built_artifact_persists_beside_the_retriever_and_reloads(tmp_path: Path) -> None:
    """Build (scripted replies), retrieve, persist, reload: same ranking, artifact and options kept."""
    # a catalog as read from a file: its tools' text survives the persisted library's key-sorted JSON
    catalog = ToolCatalog.from_file(alarm_catalog().to_file(tmp_path / "alarms.catalog.json"))
    embed = HashEmbedding()
    for method, options in (("toolrex", {"combine": "mean"}), ("tgr", {"direction": "consumer-to-provider"}),
                            ("ego-trip", {"entry_tools": 1})):
        artifact, _ = build_baseline(method, catalog, ScriptedBaselineLLM(respond=WorldReplies()), show_progress=False)
        retriever = LibraRetriever.from_catalog(catalog, method=method, baseline=artifact, baseline_options=options,
                                                embed_model=embed, top_k=3, cache_dir=tmp_path / "emb")
        before = [(n.node.metadata["name"], n.score) for n in retriever.retrieve("move my 7am alarm to 8am")]
        folder = retriever.persist(tmp_path / method)
        config = json.loads((folder / RETRIEVER_CONFIG_FILE).read_text())
        assert config["method"] == method and config["baseline"]["artifact"] == BASELINE_FILE
        assert {k: config["baseline"]["options"][k] for k in options} == options
        assert BaselineArtifact.load(folder / BASELINE_FILE, catalog=catalog) == artifact
        again = LibraRetriever.from_persist_dir(folder, embed_model=embed)
        assert isinstance(again.ranker, BaselineRanker) and again.ranker.options == retriever.ranker.options
        assert [(n.node.metadata["name"], n.score) for n in again.retrieve("move my 7am alarm to 8am")] == before, method
        if method == "toolrex":  # the embedded profiles are saved with it, in the embedding cache's layout
            assert len(list((folder / "embeddings").glob("alarms-toolrex-*.npy"))) == 1
        overridden = LibraRetriever.from_persist_dir(folder, embed_model=embed, baseline_options={})
        assert overridden.ranker.options == retriever.ranker.options


def test_egotrip_without_fill_returns_fewer_tools_and_keeps_named_ones() -> None:
    """fill=False: only the entry tools and their ego graph; an exact name or an always-included tool
    outside them still comes back (with no score), and the list is never padded."""
    catalog = alarm_catalog()
    items = {n: {"status": "ok", "triples": []} for n in catalog.names}
    items["Clock.update_alarm"] = {"status": "ok", "triples": [["Clock.update_alarm", "has_entity", "alarm"]]}
    items["Clock.create_alarm"] = {"status": "ok", "triples": [["Clock.create_alarm", "has_entity", "alarm"]]}
    artifact = BaselineArtifact.for_catalog("ego-trip", catalog, model="m", prompt_version="p", items=items)
    retriever = LibraRetriever.from_catalog(catalog, method="ego-trip", baseline=artifact, embed_model=HashEmbedding(), top_k=5,
                                            baseline_options={"entry_tools": 1, "fill": False, "structural": False},
                                            always_include=["Timer.start"])
    query = "move my alarm to a new time"
    ranked = retriever.ranker.rank(query, 5)
    assert 1 <= len(ranked) <= 2  # the entry tool, and its one neighbour when the entry is an alarm tool
    got = retriever.rank(query)
    assert [t.name for t in got[:len(ranked)]] == [r.name for r in ranked] and got[-1].name == "Timer.start"
    assert len(got) == len(ranked) + (0 if "Timer.start" in {r.name for r in ranked} else 1)
    if "Timer.start" not in {r.name for r in ranked}:
        assert (got[-1].source, got[-1].score) == ("always-include", 0.0)
    # an exact name the ranking leaves out still comes first, with no score: a ranker that returns only
    # the worst tool for every query
    retriever.ranker.order_from_base = lambda base, k: np.argsort(base, kind="stable")[:1]  # type: ignore[method-assign]
    missed = 0
    for name in catalog.names:
        hits = retriever.rank(name)
        worst = retriever.ranker.rank(name, 5)[0].name
        assert hits[0].name == name and hits[0].source == "exact-name" and len(hits) <= 3
        if worst != name:
            missed += 1
            assert hits[0].score == 0.0 and hits[1].name == worst
        assert names(retriever.retrieve(name))[0] == name
    assert missed >= len(catalog) - 1


def test_baseline_retriever_errors_say_what_to_pass(synthetic_tools, tmp_path: Path) -> None:
    catalog = alarm_catalog()
    tgr = BaselineArtifact.for_catalog("tgr", catalog, model="m", prompt_version="p", edges=tuple(
        (c, p) for c, ps in DEPENDS.items() for p in ps))
    embed = HashEmbedding()
    with pytest.raises(ValueError, match="pass baseline=PATH"):
        LibraRetriever.from_catalog(catalog, method="tgr", embed_model=embed)
    with pytest.raises(ValueError, match="pass method='tgr'"):
        LibraRetriever.from_catalog(catalog, method="ego-trip", baseline=tgr, embed_model=embed)
    with pytest.raises(ValueError, match="not 'libra'"):
        LibraRetriever.from_catalog(catalog, baseline=tgr, embed_model=embed)
    with pytest.raises(ValueError, match="unknown tgr option"):
        LibraRetriever.from_catalog(catalog, method="tgr", baseline=tgr, baseline_options={"hops": 2}, embed_model=embed)
    with pytest.raises(ValueError, match="direction must be one of"):
        LibraRetriever.from_catalog(catalog, method="tgr", baseline=tgr, baseline_options={"direction": "up"}, embed_model=embed)
    with pytest.raises(ValueError, match="query_mode do not apply"):
        LibraRetriever.from_catalog(catalog, method="tgr", baseline=tgr, query_mode="segments", embed_model=embed)
    with pytest.raises(BaselineError, match="built for another version of catalog"):
        LibraRetriever.from_tools(synthetic_tools, method="tgr", baseline=tgr.save(tmp_path / "a.json"), embed_model=embed)
    with pytest.raises(BaselineError, match="does not exist"):
        LibraRetriever.from_catalog(catalog, method="tgr", baseline=tmp_path / "missing.json", embed_model=embed)
    folder = LibraRetriever.from_catalog(catalog, method="qts", embed_model=embed).persist(tmp_path / "qts")
    with pytest.raises(ValueError, match="baseline_options= is for a baseline"):
        LibraRetriever.from_persist_dir(folder, embed_model=embed, baseline_options={"fill": False})
    folder = LibraRetriever.from_catalog(catalog, method="tgr", baseline=tgr, embed_model=embed).persist(tmp_path / "tgr")
    config = json.loads((folder / RETRIEVER_CONFIG_FILE).read_text())
    config["baseline"]["artifact"] = "../elsewhere.json"
    (folder / RETRIEVER_CONFIG_FILE).write_text(json.dumps(config))
    with pytest.raises(LibraryError, match="points outside"):
        LibraRetriever.from_persist_dir(folder, embed_model=embed)
