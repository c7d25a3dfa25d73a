"""RetrievalSettings: the one record of retrieval options, its JSON (the persisted retriever's ``retrieval``
entry), its flags, and the deprecated names it still accepts."""

from __future__ import annotations

import argparse
import json

import pytest
from hypothesis import given, settings, strategies as st
from llama_index.core.embeddings import MockEmbedding

from llama_index_libra.adapters.persist import RETRIEVER_CONFIG_FILE
from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.library import RELATION_KINDS, LibraryError, Relation, ToolLibrary
from llama_index_libra.retrieval.base_scores import BASES, QUERY_MODES
from llama_index_libra.retrieval.fusion import FUSIONS
from llama_index_libra.retrieval.prerequisites import PREREQUISITE_RULES
from llama_index_libra.retrieval.propagation import AGGREGATES, PROVIDER_SELECTIONS
from llama_index_libra.retrieval.settings import RECIPES, RetrievalSettings

valid_settings = st.builds(
    RetrievalSettings,
    recipe=st.sampled_from(RECIPES),
    base=st.none() | st.sampled_from(BASES),
    fusion=st.none() | st.sampled_from(FUSIONS),
    query_mode=st.none() | st.sampled_from(QUERY_MODES),
    rrf_k=st.none() | st.integers(0, 1000),
    prerequisite_rule=st.sampled_from(PREREQUISITE_RULES),
    hard_kinds=st.lists(st.sampled_from(RELATION_KINDS), max_size=3).map(tuple),
    seeds=st.integers(1, 50),
    provider_selection=st.sampled_from(PROVIDER_SELECTIONS),
    hops=st.integers(1, 3),
    kinds=st.lists(st.sampled_from(RELATION_KINDS), min_size=1, max_size=4, unique=True).map(tuple),
    aggregate=st.sampled_from(AGGREGATES),
)


@settings(max_examples=200, deadline=None)
@given(valid_settings)
def test_json_round_trip(record: RetrievalSettings) -> None:
    text = json.dumps(record.to_json())
    assert RetrievalSettings.from_json(json.loads(text)) == record


def test_defaults_validation_and_deprecated_names() -> None:
    assert RetrievalSettings().propagation.seeds == 15 and RetrievalSettings().base_overrides() == {}
    with pytest.raises(ValueError, match="recipe must be one of"):
        RetrievalSettings(recipe="v2")
    with pytest.raises(ValueError, match="seeds"):
        RetrievalSettings(seeds=0)
    with pytest.warns(DeprecationWarning, match="variant= is deprecated"):
        old = RetrievalSettings.of(None, {"variant": "paper", "prerequisites": "after-consumer"})
    assert (old.recipe, old.prerequisite_rule) == ("paper", "after-consumer")
    assert RetrievalSettings.from_json({"variant": "paper", "prerequisites": "after-consumer", "unknown": 1}) == old
    with pytest.raises(TypeError, match="unknown retrieval option"):
        RetrievalSettings.of(None, {"query_mod": "joined"})
    assert RetrievalSettings(base="bm25", hard_kinds=("state",)).base_overrides() == {"base": "bm25", "hard_kinds": ("state",)}


def test_flags_come_from_the_fields_and_only_given_ones_count() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", default="0,1")  # a command's own flag of the same name (agent_eval's seeds)
    RetrievalSettings.add_arguments(parser, embed_model=False)
    args = parser.parse_args(["--variant", "paper", "--query-mode", "joined", "--hard-kinds", "state+provenance"])
    got = RetrievalSettings.from_arguments(args)
    assert got == RetrievalSettings(recipe="paper", query_mode="joined", hard_kinds=("state", "provenance"))
    full = argparse.ArgumentParser()
    RetrievalSettings.add_arguments(full, propagation=True)
    args = full.parse_args(["--seeds", "7", "--selection", "field-best", "--kinds", "state", "--prerequisite-rule", "after-consumer"])
    assert RetrievalSettings.from_arguments(args) == RetrievalSettings(
        seeds=7, provider_selection="field-best", kinds=("state",), prerequisite_rule="after-consumer")
    with pytest.raises(SystemExit):
        full.parse_args(["--seeds", "0"])


def _persisted(tmp_path) -> tuple[object, object]:
    docs = [{"name": n, "description": f"{n} tool", "parameters": {"type": "object", "properties": {}}} for n in ("login", "send")]
    catalog = ToolCatalog.from_function_docs(docs, name="mail")
    library = ToolLibrary(catalog=catalog, relations=[Relation(provider="login", consumer="send", kind="state")])
    retriever = LibraRetriever.from_catalog(catalog, embed_model=MockEmbedding(embed_dim=8), library=library, top_k=2,
                                            cache_dir=False, seeds=3, prerequisite_rule="after-consumer")
    folder = tmp_path / "r"
    retriever.persist(folder)
    return retriever, folder


def test_a_persisted_retriever_keeps_its_settings(tmp_path) -> None:
    retriever, folder = _persisted(tmp_path)
    config = json.loads((folder / RETRIEVER_CONFIG_FILE).read_text())
    assert config["version"] == 2 and config["retrieval"]["prerequisite_rule"] == "after-consumer"
    loaded = LibraRetriever.from_persist_dir(folder, embed_model=MockEmbedding(embed_dim=8), cache_dir=False)
    assert loaded.settings == retriever.settings
    assert LibraRetriever.from_persist_dir(folder, embed_model=MockEmbedding(embed_dim=8), cache_dir=False, seeds=5).settings.seeds == 5


json_values = st.recursive(st.none() | st.booleans() | st.integers(-5, 100) | st.text(max_size=12),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3),
                           max_leaves=8)
retrieval_entries = st.dictionaries(st.sampled_from([*RetrievalSettings.__dataclass_fields__, "variant", "prerequisites", "x"]),
                                    json_values, max_size=6) | json_values


@settings(max_examples=150, deadline=None)
@given(entry=retrieval_entries, version=st.sampled_from([1, 2]))
def test_any_planted_retrieval_entry_loads_or_is_one_library_error(tmp_path_factory, entry, version) -> None:
    """A config whose ``retrieval`` entry was edited by hand or planted: it loads, or fails with LibraryError."""
    folder = tmp_path_factory.mktemp("planted")
    _, persisted = _persisted(folder)
    path = persisted / RETRIEVER_CONFIG_FILE
    config = json.loads(path.read_text())
    config.update(version=version, retrieval=entry)
    path.write_text(json.dumps(config))
    try:
        loaded = LibraRetriever.from_persist_dir(persisted, embed_model=MockEmbedding(embed_dim=8), cache_dir=False)
    except LibraryError as exc:
        assert "\n" not in str(exc) and str(exc)
    else:
        assert isinstance(loaded.settings, RetrievalSettings)
