import json

import pytest

from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.library import LIBRARY_VERSION, LibraryError, Relation, ToolLibrary, load_overrides


def catalog(*names):
    return ToolCatalog.from_function_docs([{"name": n, "description": f"tool {n}", "parameters": {"type": "object", "properties": {"x": {"type": "string"}}}} for n in names])


def library():
    cat = catalog("login", "update_alarm", "create_alarm")
    return ToolLibrary(
        catalog=cat,
        relations=[
            Relation("login", "update_alarm", "state", evidence={"before": "rejected", "after": "success"}),
            Relation("create_alarm", "update_alarm", "provenance", "alarm_id", "x", 0.9),
        ],
        candidates=[Relation("create_alarm", "update_alarm", "compatibility", "alarm_id", "x", 0.9)],
    )


def test_save_load_round_trip_is_byte_identical(tmp_path):
    lib = library()
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    lib.save(a)
    ToolLibrary.load(a).save(b)
    assert a.read_bytes() == b.read_bytes()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temp files left
    again = ToolLibrary.load(a, catalog=lib.catalog)
    assert again.counts() == {"provenance": 1, "compatibility": 0, "state": 1}
    assert again.relations_of("update_alarm", role="consumer")[0].provider in ("create_alarm", "login")


def test_relation_order_is_canonical():
    lib = library()
    shuffled = ToolLibrary(catalog=lib.catalog, relations=list(reversed(lib.relations)))
    assert [r.key for r in shuffled.relations] == [r.key for r in lib.relations]


def test_corrupt_other_version_and_missing_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "llama-index-libra/tool-library", "version": 1, "catal')
    with pytest.raises(LibraryError, match="corrupt"):
        ToolLibrary.load(bad)
    data = library().to_json()
    data["version"] = LIBRARY_VERSION + 1
    other = tmp_path / "other.json"
    other.write_text(json.dumps(data))
    with pytest.raises(LibraryError, match="version 2 is not supported"):
        ToolLibrary.load(other)
    with pytest.raises(LibraryError, match="does not exist"):
        ToolLibrary.load(tmp_path / "missing.json")
    (tmp_path / "x.json").write_text("[1, 2]")
    with pytest.raises(LibraryError, match="not a llama-index-libra tool library"):
        ToolLibrary.load(tmp_path / "x.json")


def test_relations_naming_unknown_tools_are_rejected():
    with pytest.raises(LibraryError, match="missing from the catalog: ghost"):
        ToolLibrary(catalog=catalog("a", "b"), relations=[Relation("ghost", "a", "state")])


def test_library_for_another_catalog_is_rejected(tmp_path):
    library().save(tmp_path / "lib.json")
    with pytest.raises(LibraryError, match="different catalog"):
        ToolLibrary.load(tmp_path / "lib.json", catalog=catalog("a", "b"))


def test_value_relations_need_a_consumer_field_and_kinds_are_checked():
    with pytest.raises(LibraryError, match="needs consumer_field"):
        Relation("a", "b", "provenance")
    with pytest.raises(LibraryError, match="unknown kind"):
        Relation("a", "b", "magic")


def test_overrides_pin_and_veto_are_recorded(tmp_path):
    path = tmp_path / "overrides.json"
    path.write_text(json.dumps({"pin": [{"provider": "login", "consumer": "create_alarm", "kind": "state"}],
                                "veto": [{"provider": "create_alarm", "consumer": "update_alarm"}]}))
    lib = library().apply_overrides(load_overrides(path))
    keys = {(r.provider, r.consumer, r.kind, r.source) for r in lib.relations}
    assert ("login", "create_alarm", "state", "override") in keys
    assert not any(r.provider == "create_alarm" for r in lib.relations)
    assert lib.overrides["veto"] and lib.to_json()["overrides"]["pin"][0]["source"] == "override"
    with pytest.raises(KeyError, match="unknown tool"):
        library().apply_overrides({"veto": [{"provider": "nope"}]})
    (tmp_path / "bad.json").write_text('{"add": []}')
    with pytest.raises(LibraryError, match="must be an object"):
        load_overrides(tmp_path / "bad.json")


def test_schema_only_view():
    lib = library()
    assert [r.kind for r in lib.schema_only().relations] == ["compatibility"]


def test_alternatives_persist_apart_from_the_relations_and_follow_fit_and_vetoes(tmp_path):
    import warnings

    cat = catalog("login", "update_alarm", "create_alarm", "list_alarms")
    alt = Relation("list_alarms", "update_alarm", "provenance", "alarm_id", "x", 0.8)
    lib = ToolLibrary(catalog=cat, relations=library().relations, alternatives=[alt])
    path = lib.save(tmp_path / "lib.json")
    again = ToolLibrary.load(path)
    assert again.alternatives == [alt] and alt not in again.relations and again.counts()["provenance"] == 1
    vetoed = again.apply_overrides({"veto": [{"provider": "list_alarms"}]})
    assert vetoed.alternatives == [] and len(vetoed.relations) == 2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        smaller = again.fit(catalog("login", "update_alarm", "create_alarm"))
    assert smaller.alternatives == [] and len(smaller.relations) == 2
    data = json.loads(path.read_text())
    data["alternatives"] = 5
    with pytest.raises(LibraryError, match="alternatives"):
        ToolLibrary.from_json(data)
    del data["alternatives"]  # a library written before alternatives loads with none
    assert ToolLibrary.from_json(data).alternatives == []
