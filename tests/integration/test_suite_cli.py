"""``libra eval --suite``: one table from a manifest, its one-line errors, and libraries induced once then reused."""

from __future__ import annotations

import json
import shutil

import pytest

from llama_index_libra.cli import main
from llama_index_libra.evaluation.manifest import load_manifest
from llama_index_libra.evaluation.runner import Row
from llama_index_libra.evaluation.suite import run_suite
from tests.support import paths


def write_suite(folder, *, library: bool) -> None:
    shutil.copy(paths.SUPPORT / "sandbox_tools.py", folder / "kv_tools.py")
    tasks = [{"query": "Store a new item labelled notes with some text", "gold": ["open_session", "put_item"]},
             {"query": "How many words are in this text?", "gold": ["word_count"]}]
    (folder / "tasks.jsonl").write_text("\n".join(json.dumps(t) for t in tasks), encoding="utf-8")
    extra = ""
    if library:
        from llama_index_libra.library import ToolLibrary, Relation
        from llama_index_libra.runtime.python import PythonRuntime
        import importlib
        import sys

        sys.path.insert(0, str(folder))
        try:
            module = importlib.import_module("kv_tools")
            catalog = PythonRuntime(module.TOOLS, module.Store).catalog
        finally:
            sys.path.remove(str(folder))
            sys.modules.pop("kv_tools", None)
        ToolLibrary(catalog=catalog, relations=[Relation("open_session", "put_item", "state")]).save(folder / "kv.library.json")
        extra = 'library = "kv.library.json"\n'
    (folder / "suite.toml").write_text(f'''
[catalogs.kv]
tools = "kv_tools.py"
state = "Store"
{extra}
[[sets]]
name = "kv"
catalog = "kv"
tasks = "tasks.jsonl"
k = 2
style = "one line"
''', encoding="utf-8")


@pytest.fixture()
def clean_modules():
    import sys

    yield
    sys.modules.pop("kv_tools", None)


def test_suite_table_and_json(tmp_path, capsys, clean_modules):
    write_suite(tmp_path, library=True)
    out = tmp_path / "suite.json"
    assert main(["eval", "--suite", str(tmp_path / "suite.toml"), "--methods", "bm25", "--json", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "suite" in text and "compl" in text and "kv" in text and "bm25" in text
    data = json.loads(out.read_text())
    assert data["sets"][0]["name"] == "kv" and data["sets"][0]["report"]["methods"][0]["complete"] >= 0.0


@pytest.mark.parametrize("args, message", [
    (["eval", "--suite", "missing.toml"], "cannot read suite manifest"),
    (["eval", "--suite", "suite.toml", "--benchmark", "bfcl"], "not both"),
    (["eval"], "give --benchmark NAME"),
    (["eval", "--suite", "suite.toml", "--sets", "nope"], "no task set nope"),
])
def test_suite_errors_are_one_line(tmp_path, capsys, monkeypatch, clean_modules, args, message):
    write_suite(tmp_path, library=True)
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_missing_libraries_are_induced_once_then_reused(tmp_path, monkeypatch, hash_embed, clean_modules):
    write_suite(tmp_path, library=False)
    manifest = load_manifest(tmp_path / "suite.toml")
    cache = tmp_path / "cache"
    rows = [Row("hybrid"), Row("libra")]
    first = run_suite(manifest, rows, embed_model=hash_embed, cache_dir=cache, show_progress=True)
    libraries = sorted((cache / "libraries").glob("catalog-*.library.json"))
    assert len(libraries) == 1 and first.sets[0].relations is not None and first.sets[0].relations > 0

    def no_induction(*args, **kwargs):  # pragma: no cover - must not run
        raise AssertionError("the cached library should have been reused")

    monkeypatch.setattr("llama_index_libra.induction.engine.induce", no_induction)
    again = run_suite(manifest, rows, embed_model=hash_embed, cache_dir=cache, show_progress=False)
    assert again.sets[0].relations == first.sets[0].relations
    assert [r.recall for r in again.sets[0].report.results] == [r.recall for r in first.sets[0].report.results]
