"""The suite manifest (TOML/JSON), task files, and one suite run over small catalogs with hand-written libraries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from llama_index_libra.evaluation.manifest import ManifestError, load_manifest, parse_manifest
from llama_index_libra.evaluation.runner import Row
from llama_index_libra.evaluation.suite import (STANDARD_ROWS, TaskFileError, default_manifest_path, format_suite_table,
                                                read_tasks, run_suite)
from llama_index_libra.retrieval.settings import RetrievalSettings
from tests.support import paths

TOOLS = '''
class State:
    def __init__(self):
        self.user = None
        self.notes = {}


def login(username: str, password: str, state: State) -> dict:
    """Log in to the notes service with a username and password."""
    state.user = username
    return {"user": username}


def create_note(title: str, body: str, state: State) -> dict:
    """Create a new note with a title and a body. Needs a logged-in user."""
    if state.user is None:
        raise PermissionError("log in first")
    note_id = f"N{len(state.notes) + 1}"
    state.notes[note_id] = (title, body)
    return {"note_id": note_id}


def read_note(note_id: str, state: State) -> dict:
    """Read a note by its note id."""
    return {"title": state.notes[note_id][0]}


def weather(city: str, state: State) -> dict:
    """Today's weather forecast for a city."""
    return {"sky": "clear"}


TOOLS = [login, create_note, read_note, weather]
FIXTURES = {"username": "alice", "password": "pw"}
'''

TASKS = [
    {"query": "Write a note called groceries with milk in it.", "gold": ["login", "create_note"]},
    {"query": "What is the weather in Paris today?", "gold": ["weather"]},
    {"query": "Create a note, then read it back.", "gold": ["login", "create_note", "read_note"]},
]


def library_file(folder: Path, module: str) -> Path:
    """A hand-written library of the notes catalog (what induction would find), saved beside it."""
    import importlib
    import sys

    from llama_index_libra.library import Relation, ToolLibrary
    from llama_index_libra.runtime.python import PythonRuntime

    sys.path.insert(0, str(folder))
    try:
        tools = importlib.import_module(module)
        catalog = PythonRuntime(tools.TOOLS, tools.State, fixtures=tools.FIXTURES).catalog
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop(module, None)  # each test's folder has its own copy of the module
    relations = [Relation(catalog.names[0], catalog.names[1], "state"),
                 Relation(catalog.names[1], catalog.names[2], "provenance", provider_field="note_id", consumer_field="note_id",
                          field_similarity=1.0)]
    path = folder / f"{module}.library.json"
    ToolLibrary(catalog=catalog, relations=relations).save(path)
    return path


@pytest.fixture()
def suite_dir(tmp_path):
    import sys

    yield from _suite_dir(tmp_path)
    for module in ("notes_a", "notes_b"):
        sys.modules.pop(module, None)


def _suite_dir(tmp_path):
    for module in ("notes_a", "notes_b"):
        (tmp_path / f"{module}.py").write_text(TOOLS, encoding="utf-8")
        library_file(tmp_path, module)
    (tmp_path / "tasks.jsonl").write_text("\n".join(json.dumps(t) for t in TASKS) + "\n\n", encoding="utf-8")
    mixed = [dict(t, catalog="a" if i % 2 else "b") for i, t in enumerate(TASKS)]
    (tmp_path / "mixed.jsonl").write_text("\n".join(json.dumps(t) for t in mixed), encoding="utf-8")
    (tmp_path / "suite.toml").write_text('''
[suite]
name = "tiny"

[catalogs.a]
tools = "notes_a.py"
library = "notes_a.library.json"

[catalogs.b]
tools = "notes_b.py"
library = "notes_b.library.json"

[[sets]]
name = "notes"
catalog = "a"
tasks = "tasks.jsonl"
k = 2
style = "one line"

[[sets]]
name = "mixed"
catalog = ["a", "b"]
tasks = "mixed.jsonl"
k = 2

[[sets]]
name = "frozen"
catalog = "b"
tasks = "tasks.jsonl"
k = 3
held_out = true
''', encoding="utf-8")
    yield tmp_path


# --------------------------------------------------------------------------- the manifest


def test_toml_and_json_manifests_read_the_same(suite_dir):
    toml = load_manifest(suite_dir / "suite.toml")
    import tomllib

    data = tomllib.loads((suite_dir / "suite.toml").read_text())
    (suite_dir / "suite.json").write_text(json.dumps(data), encoding="utf-8")
    assert load_manifest(suite_dir / "suite.json").sets == toml.sets
    assert [s.name for s in toml.sets] == ["notes", "mixed", "frozen"]
    assert toml.sets[1].catalogs == ("a", "b") and toml.sets[2].held_out
    assert toml.catalogs["a"].tools == (suite_dir / "notes_a.py").resolve()
    assert [s.name for s in toml.select(["frozen", "notes"]).sets] == ["notes", "frozen"]
    with pytest.raises(ManifestError, match="no task set nope"):
        toml.select(["nope"])


BAD = [
    ({"sets": []}, "at least one"),
    ({"sets": [{"name": "x", "benchmark": "bfcl", "k": 0}]}, "k must be a positive integer"),
    ({"sets": [{"name": "x", "benchmark": "bfcl", "held_out": "yes"}]}, "held_out must be true or false"),
    ({"sets": [{"name": "x", "benchmark": "bfcl", "tasks": "t.jsonl"}]}, "brings its own catalog"),
    ({"sets": [{"name": "x", "catalog": "c", "tasks": "t.jsonl"}]}, "not defined under"),
    ({"sets": [{"name": "x"}]}, "give benchmark"),
    ({"sets": [{"name": "x", "benchmark": "bfcl"}, {"name": "x", "benchmark": "bfcl"}]}, "two task sets are called"),
    ({"sets": [{"name": "x", "benchmark": "bfcl", "K": 3}]}, "unknown key"),
    ({"catalogs": {"c": {"tools": "a.py", "runtime": "a.py:make"}}, "sets": [{"name": "x", "benchmark": "b"}]}, "exactly one of"),
    ({"catalogs": {"c": {"runtime": "a.py"}}, "sets": [{"name": "x", "benchmark": "b"}]}, "file.py:factory"),
    ({"catalogs": {"c": {"tools": "a.py"}}, "sets": [{"name": "x", "catalog": ["c", "c"], "tasks": "t"}]}, "repeat"),
    ({"sets": [{"name": "x", "benchmark": "b"}], "extra": 1}, "unknown top-level"),
    ([1, 2], "expected a table"),
]


@pytest.mark.parametrize("data,message", BAD)
def test_impossible_manifests_say_what_to_fix(tmp_path, data, message):
    with pytest.raises(ManifestError, match=message):
        parse_manifest(data, tmp_path / "m.toml")


def test_unreadable_manifests(tmp_path):
    with pytest.raises(ManifestError, match="cannot read"):
        load_manifest(tmp_path / "missing.toml")
    (tmp_path / "bad.toml").write_text("[[sets]\nname=", encoding="utf-8")
    with pytest.raises(ManifestError, match="not a valid TOML"):
        load_manifest(tmp_path / "bad.toml")
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(ManifestError, match="not a valid JSON"):
        load_manifest(tmp_path / "bad.json")


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                           max_leaves=12)
keys = st.sampled_from(["name", "benchmark", "catalog", "tasks", "k", "style", "held_out", "notes", "tools", "runtime", "x"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["suite", "catalogs", "sets", "other"]),
                       json_values | st.lists(st.dictionaries(keys, json_values, max_size=5), max_size=3)
                       | st.dictionaries(st.text(max_size=4), st.dictionaries(keys, json_values, max_size=4), max_size=2),
                       max_size=3))
def test_any_parsed_value_is_a_manifest_or_a_manifest_error(tmp_path, data):
    try:
        manifest = parse_manifest(data, tmp_path / "m.json")
    except ManifestError:
        return
    assert manifest.sets and len({s.name for s in manifest.sets}) == len(manifest.sets)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.text(alphabet="abcdef-_", min_size=1, max_size=6), st.none() | st.integers(1, 40), st.booleans(),
                          st.text(max_size=20)), min_size=1, max_size=5, unique_by=lambda t: t[0]))
def test_written_manifests_read_back(tmp_path, sets):
    data = {"catalogs": {"c": {"tools": "c.py", "state": "S"}},
            "sets": [{"name": n, "catalog": "c", "tasks": f"{n}.jsonl", **({"k": k} if k else {}), "held_out": h, "style": s}
                     for n, k, h, s in sets]}
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    manifest = load_manifest(path)
    assert [(s.name, s.k, s.held_out, s.style, s.tasks.name) for s in manifest.sets] == [
        (n, k, h, s, f"{n}.jsonl") for n, k, h, s in sets]
    assert manifest.catalogs["c"].state == "S"


def test_the_default_manifest_lists_the_dev_sets():
    manifest = load_manifest(default_manifest_path(paths.REPO))
    names = [s.name for s in manifest.sets]
    assert len(names) >= 6 and {"bfcl", "scitooleval", "gitforge", "long-prose-shopdesk", "short-pocketphone-gitforge",
                                "multiturn-labflow"} <= set(names)
    for s in manifest.sets:
        if s.tasks is not None:
            assert s.tasks.is_file(), s.tasks
    for c in manifest.catalogs.values():
        assert c.tools is not None and (c.tools.is_file() or not paths.SHARED.exists())


# --------------------------------------------------------------------------- task files


def test_task_lines_are_checked(suite_dir):
    from llama_index_libra.catalog import ToolCatalog, ToolSpec

    catalog = ToolCatalog([ToolSpec("app.login", "Log in."), ToolSpec("app.post", "Post.")])
    path = suite_dir / "t.jsonl"
    for line, message in [("{", "not a JSON object"), ("[1]", "expected an object"), ('{"query": "", "gold": ["login"]}', "query"),
                          ('{"query": "q", "gold": []}', "gold must be"), ('{"query": "q", "gold": ["nope"]}', "does not have: nope")]:
        path.write_text(line, encoding="utf-8")
        with pytest.raises(TaskFileError, match=message):
            read_tasks(path, {"app": catalog}, set_name="t")
    path.write_text('{"query": "q", "gold": ["login", "app.post", "login"]}', encoding="utf-8")
    assert read_tasks(path, {"app": catalog}, set_name="t")["app"][0].gold == ("app.login", "app.post")
    with pytest.raises(TaskFileError, match="catalog must be one of"):
        read_tasks(path, {"app": catalog, "other": catalog}, set_name="t")
    path.write_text("\n\n", encoding="utf-8")
    with pytest.raises(TaskFileError, match="holds no task"):
        read_tasks(path, {"app": catalog}, set_name="t")


# --------------------------------------------------------------------------- a run


def test_a_suite_run_prints_one_table_with_complete_at_k(suite_dir, hash_embed):
    manifest = load_manifest(suite_dir / "suite.toml")
    rows = [*STANDARD_ROWS, Row("libra", "bundle", RetrievalSettings(prerequisite_rule="bundle"))]
    report = run_suite(manifest, rows, embed_model=hash_embed, cache_dir=False, show_progress=False)
    notes, mixed, frozen = report.sets
    assert (notes.report.n_tasks, mixed.report.n_tasks, frozen.report.n_tasks) == (3, 3, 3)
    assert notes.relations == 2 and mixed.relations == 4
    for s in report.sets:
        for r in s.report.results:
            assert r.complete == pytest.approx(sum(set(t["gold"]) <= set(t["ranked"]) for t in r.per_task) / 3)
            assert all(len(t["ranked"]) == s.report.k for t in r.per_task)
    bundle = notes.report.get("libra [bundle]")
    for t in bundle.per_task:  # create_note never without its login
        assert "create_note" not in str(t["ranked"]) or any(n.endswith("login") for n in t["ranked"])
    table = format_suite_table(report)
    assert "compl" in table and "frozen *" in table and "mean of 2 sets" in table and "libra [bundle]" in table
    assert len([line for line in table.splitlines() if line.startswith("notes ")]) == 1
    data = json.loads(json.dumps(report.to_json()))
    assert [s["name"] for s in data["sets"]] == ["notes", "mixed", "frozen"] and data["sets"][2]["held_out"]


def test_a_catalogs_own_refusal_predicate_reaches_its_runtime(tmp_path):
    """A tools module that declares FAILURE (its refusal convention, e.g. HL7-style ``{"ack": "AE"}``)
    is built as ``PythonRuntime(..., failure=FAILURE)``; one without goes without; a FAILURE that is no
    callable is a ManifestError."""
    from llama_index_libra.evaluation.suite import source_runtime

    acks = TOOLS.replace("TOOLS = [", '''def FAILURE(reply):
    return isinstance(reply, dict) and reply.get("ack") == "AE"


def hold(unit: str, state: State) -> dict:
    """Hold a unit."""
    return {"ack": "AE", "err": {"text": "unit not found"}}


TOOLS = [hold, ''')
    (tmp_path / "acks.py").write_text(acks, encoding="utf-8")
    (tmp_path / "plain.py").write_text(TOOLS, encoding="utf-8")
    (tmp_path / "bad.py").write_text(TOOLS + "\nFAILURE = 3\n", encoding="utf-8")
    manifest = parse_manifest({"catalogs": {n: {"tools": f"{n}.py"} for n in ("acks", "plain", "bad")},
                               "sets": [{"name": "x", "benchmark": "bfcl"}]}, tmp_path / "m.toml")
    runtime = source_runtime(manifest.catalogs["acks"])
    assert runtime.call(runtime.fresh(), "hold", {"unit": "U1"}).status == "rejected"
    plain = source_runtime(manifest.catalogs["plain"])
    assert plain.call(plain.fresh(), "weather", {"city": "Oslo"}).status == "success"
    with pytest.raises(ManifestError, match="FAILURE is not a predicate"):
        source_runtime(manifest.catalogs["bad"])
