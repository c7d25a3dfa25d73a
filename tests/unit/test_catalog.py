import json

import pytest

from llama_index_libra.catalog import CatalogError, ToolCatalog, ToolSpec, lift_prose_constraints, normalize_schema


def doc(name, desc="does things", **params):
    return {"name": name, "description": desc, "parameters": {"type": "dict", "properties": params, "required": list(params)}}


def test_normalize_types_recursively():
    schema = normalize_schema(
        {"type": "dict", "properties": {"x": {"type": "float"}, "t": {"type": "tuple", "items": {"type": "integer"}}, "m": {"type": "any"}}}
    )
    assert schema["type"] == "object"
    assert schema["properties"]["x"]["type"] == "number"
    assert schema["properties"]["t"]["type"] == "array"
    assert "type" not in schema["properties"]["m"]


@pytest.mark.parametrize(
    "node, expected",
    [
        ({"type": "string", "description": 'Mode. [Enum]: ["engage", "release"]'}, {"enum": ["engage", "release"]}),
        ({"type": "string", "description": "The base currency. [Enum]: USD, RMB, EUR"}, {"enum": ["USD", "RMB", "EUR"]}),
        ({"type": "string", "description": "The class. Options are: economy, business, first."}, {"enum": ["economy", "business", "first"]}),
        ({"type": "number", "description": "Position, between 0 (not pressed) and 1 (fully pressed)."}, {"minimum": 0, "maximum": 1}),
        ({"type": "integer", "description": "Speed between 0 and 120 and a multiple of 5."}, {"minimum": 0, "maximum": 120, "multipleOf": 5}),
        ({"type": "integer", "description": "The fan speed set from 0 to 100."}, {"minimum": 0, "maximum": 100}),
        ({"type": "string", "description": "Date in the format 'YYYY-MM-DD'"}, {"format": "date"}),
        ({"type": "string", "description": "Expiry in the format MM/YYYY"}, {"pattern": r"^\d{2}/\d{4}$"}),
        ({"type": "string", "description": "``YYYY-MM``."}, {"pattern": r"^\d{4}-\d{2}$"}),  # a month
        ({"type": "string", "description": "Start, YYYY-MM-DD."}, {"format": "date"}),  # not the month inside it
        ({"type": "string", "description": "Written DD.MM.YYYY"}, {"pattern": r"^\d{2}\.\d{2}\.\d{4}$"}),
        ({"type": "string", "description": "Required by, ``YYYYMMDDHHMM``."}, {"pattern": r"^\d{12}$"}),  # not its YYYYMMDD
        ({"type": "array", "items": {"type": "string"}, "description": '[Enum]: ["driver", "passenger"]'}, {"items": {"type": "string", "enum": ["driver", "passenger"]}}),
    ],
)
def test_prose_constraints_are_lifted(node, expected):
    lifted = lift_prose_constraints(node)
    for key, value in expected.items():
        assert lifted[key] == value


def test_explicit_constraints_win_and_prose_is_not_an_enum():
    assert lift_prose_constraints({"type": "string", "enum": ["a"], "description": "[Enum]: b, c"})["enum"] == ["a"]
    long = {"type": "string", "description": "One of: the many things a long sentence could possibly describe here at length."}
    assert "enum" not in lift_prose_constraints(long)


def test_function_doc_keeps_published_text_and_qualifies_name():
    spec = ToolSpec.from_function_doc(doc("book", x={"type": "float", "description": "x"}), namespace="TravelAPI")
    assert spec.name == "TravelAPI.book" and spec.short_name == "book" and spec.namespace == "TravelAPI"
    text = json.loads(spec.text())
    assert text["name"] == "TravelAPI.book" and text["parameters"]["type"] == "dict"  # published doc embedded
    assert spec.parameters["properties"]["x"]["type"] == "number"


def test_openai_wrapper_and_tools_file(tmp_path):
    path = tmp_path / "tools.json"
    path.write_text(json.dumps([{"type": "function", "function": doc("a")}, doc("b")]))
    catalog = ToolCatalog.from_file(path)
    assert catalog.names == ["a", "b"] and "a" in catalog
    jl = tmp_path / "tools.jsonl"
    jl.write_text("\n".join(json.dumps(doc(n)) for n in "xyz"))
    assert ToolCatalog.from_file(jl).names == ["x", "y", "z"]


def test_duplicates_and_missing_fields_are_named():
    with pytest.raises(CatalogError, match="duplicate tool names: a"):
        ToolCatalog.from_function_docs([doc("a"), doc("a"), doc("b")])
    with pytest.raises(CatalogError, match="entry 1.*lacks description"):
        ToolCatalog.from_function_docs([doc("a"), {"name": "b"}])


def test_empty_and_malformed_catalogs(tmp_path):
    with pytest.raises(CatalogError, match="empty"):
        ToolCatalog([])
    bad = tmp_path / "bad.json"
    bad.write_text('[{"name": "a", ')
    with pytest.raises(CatalogError, match="malformed catalog file"):
        ToolCatalog.from_file(bad)
    with pytest.raises(CatalogError, match="does not exist"):
        ToolCatalog.from_file(tmp_path / "missing.json")


def test_unknown_tool_suggests_close_names():
    catalog = ToolCatalog.from_function_docs([doc("send_message"), doc("get_user_id")])
    with pytest.raises(KeyError, match="did you mean send_message"):
        catalog.get("send_mesage")


def test_from_llama_index_tools_and_round_trip(tmp_path):
    from llama_index.core.tools import FunctionTool

    def add(a: int, b: float = 1.0) -> float:
        """Add two numbers."""
        return a + b

    catalog = ToolCatalog.from_tools([FunctionTool.from_defaults(fn=add)])
    spec = catalog.get("add")
    assert spec.parameters["properties"]["a"]["type"] == "integer" and spec.required_inputs == ["a"]
    catalog.to_file(tmp_path / "c.jsonl")
    again = ToolCatalog.from_records([json.loads(l) for l in (tmp_path / "c.jsonl").read_text().splitlines()[1:]])
    assert again.fingerprint() == catalog.fingerprint()


@pytest.mark.parametrize("filename", ["x.json", "x.jsonl", "x.txt"])
def test_to_file_round_trips_through_from_file_and_the_cli(tmp_path, filename, capsys):
    """to_file -> libra catalog -> same fingerprint and name -> a library built for it loads."""
    from llama_index.core.tools import FunctionTool

    from llama_index_libra.cli import main
    from llama_index_libra.library import Relation, ToolLibrary

    def login(username: str, password: str) -> str:
        """Sign in; returns a token."""
        return "t"

    def upload(token: str, text: str) -> str:
        """Upload a text with a token from login."""
        return "ok"

    catalog = ToolCatalog.from_tools([FunctionTool.from_defaults(fn=login), FunctionTool.from_defaults(fn=upload)], name="mine")
    ToolLibrary(catalog=catalog, relations=[Relation("login", "upload", "state")]).save(tmp_path / "lib.json")
    path = tmp_path / filename
    catalog.to_file(path)
    again = ToolCatalog.from_file(path)
    assert again.fingerprint() == catalog.fingerprint() and again.name == "mine"
    assert [t.text() for t in again] == [t.text() for t in catalog]
    assert main(["catalog", str(path), "--library", str(tmp_path / "lib.json")]) == 0
    out = capsys.readouterr().out
    assert f"fingerprint {catalog.fingerprint()}" in out and "fits this catalog: 1 relations" in out
    assert len(ToolLibrary.load(tmp_path / "lib.json", catalog=again)) == 1


def test_jsonl_under_a_json_name_and_spec_records_without_header(tmp_path):
    catalog = ToolCatalog.from_function_docs([{"name": "a", "description": "A tool.", "parameters": {"type": "object", "properties": {}}}])
    lines = [json.dumps(t.to_dict()) for t in catalog] * 1
    (tmp_path / "x.json").write_text("\n".join(lines + [json.dumps({**catalog[0].to_dict(), "name": "b"})]) + "\n")
    again = ToolCatalog.from_file(tmp_path / "x.json")
    assert again.names == ["a", "b"] and again.get("a").text() == catalog.get("a").text()


def test_a_changed_docstring_is_named(tmp_path):
    from llama_index_libra.library import CatalogMismatchError, Relation, ToolLibrary

    docs = [{"name": n, "description": f"Tool {n}.", "parameters": {"type": "object", "properties": {}}} for n in "abc"]
    catalog = ToolCatalog.from_function_docs(docs)
    ToolLibrary(catalog=catalog, relations=[Relation("a", "b", "state")]).save(tmp_path / "lib.json")
    docs[1] = {**docs[1], "description": "Tool b, edited."}
    edited = ToolCatalog.from_function_docs(docs + [{"name": "d", "description": "New.", "parameters": {}}])
    with pytest.raises(CatalogMismatchError, match=r"1 changed \(b\); 1 added \(d\)\. Rebuild only those") as info:
        ToolLibrary.load(tmp_path / "lib.json", catalog=edited)
    assert info.value.changes["changed"] == ["b"] and info.value.tools == ["b", "d"]


def _json_values():
    from hypothesis import strategies as st

    return st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                        max_leaves=10)


def test_written_catalog_files_fuzzed_load_or_fail_cleanly(tmp_path_factory):
    """Any record under the to_file header either loads or is one CatalogError (never another exception)."""
    from hypothesis import given, settings, strategies as st

    from llama_index_libra.catalog import CATALOG_FORMAT

    folder = tmp_path_factory.mktemp("fuzz")
    record = st.fixed_dictionaries({}, optional={"name": st.text(max_size=8) | _json_values(), "description": _json_values(),
                                                 "parameters": _json_values(), "response": _json_values(),
                                                 "source": st.text(max_size=20) | _json_values().map(json.dumps)})

    @settings(max_examples=300, deadline=None)
    @given(st.lists(record | _json_values(), max_size=4), st.sampled_from([".json", ".jsonl"]))
    def check(records, suffix):
        path = folder / f"c{suffix}"
        header = {"format": CATALOG_FORMAT, "version": 1, "name": "fuzz"}
        if suffix == ".json":
            path.write_text(json.dumps({**header, "tools": records}))
        else:
            path.write_text("\n".join(json.dumps(r) for r in [header, *records]) + "\n")
        try:
            catalog = ToolCatalog.from_file(path)
        except CatalogError:
            return
        assert len(catalog) == len(records) and catalog.name == "fuzz"
        assert len(catalog.fingerprint()) == 16 and all(isinstance(t.text(), str) for t in catalog)

    check()


def test_spec_without_published_doc_keeps_text_and_fingerprint_through_a_file(tmp_path):
    """A ToolSpec built in code (no published doc) with nested parameters: the file's sorted keys
    must not reorder what encoders see, or artifacts and persisted retrievers stop matching."""
    spec = ToolSpec(
        name="a",
        description="d",
        parameters={"type": "object", "properties": {"z": {"type": "string"},
                    "b": {"type": "object", "properties": {"y": {"type": "integer"}, "c": {"type": "string"}}}}},
    )
    catalog = ToolCatalog([spec], name="mine")
    for suffix in (".json", ".jsonl"):
        path = catalog.to_file(tmp_path / f"c{suffix}")
        again = ToolCatalog.from_file(path)
        assert again.texts() == catalog.texts()
        assert again.fingerprint() == catalog.fingerprint()


@pytest.mark.parametrize("description", ["one of the programme's budget categories.", "One of its sides", "one of these categories"])
def test_a_noun_phrase_after_one_of_says_where_values_are_not_what_they_are(description):
    assert "enum" not in lift_prose_constraints({"type": "string", "description": description})


def test_one_of_the_following_lists_after_its_colon():
    lifted = lift_prose_constraints({"type": "string", "description": "One of the following values: open, closed."})
    assert lifted["enum"] == ["open", "closed"]
