"""The libra command line: one-line errors for bad input, and the library commands end to end."""

import json
import subprocess
import sys

import pytest

from llama_index_libra.cli import main
from tests.support import paths


def run(*args):
    return subprocess.run([sys.executable, "-m", "llama_index_libra", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "args, message",
    [
        (["eval", "--benchmark", "bfcl", "--methods", "bm25,magic"], "unknown method magic"),
        (["eval", "--benchmark", "bfcl", "--k", "0"], "K must be a positive integer, got 0"),
        (["eval", "--benchmark", "bfcl", "--k", "-3"], "K must be a positive integer, got -3"),
        (["eval", "--benchmark", "nope", "--methods", "bm25"], "unknown benchmark 'nope'"),
    ],
)
def test_bad_input_gives_one_line_error(args, message):
    result = run(*args)
    assert result.returncode == 2
    error_lines = [l for l in result.stderr.splitlines() if "error" in l]
    assert len(error_lines) == 1 and message in error_lines[0]
    assert "Traceback" not in result.stderr


def test_corrupt_and_missing_library(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["show", str(bad)]) == 2
    assert "is corrupt" in capsys.readouterr().err
    assert main(["show", str(tmp_path / "missing.json")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_show_and_query_a_library(tmp_path, capsys):
    from llama_index_libra.induction import induce
    import sys as _sys

    _sys.path.insert(0, str(paths.EXAMPLES))
    import smart_home

    library, _ = induce(smart_home.build_runtime(), field_encoder="lexical", executor="serial")
    path = tmp_path / "home.json"
    library.save(path)
    assert main(["show", str(path), "--tool", "update_alarm", "--evidence"]) == 0
    out = capsys.readouterr().out
    assert "create_alarm -> update_alarm (provenance) [alarm_id -> alarm_id]" in out and "control: update_alarm(" in out
    assert main(["show", str(path), "--tool", "nope"]) == 2
    assert "unknown tool 'nope'" in capsys.readouterr().err
    assert main(["query", str(path), "change my alarm time", "--k", "3", "--method", "bm25"]) == 0
    assert "update_alarm" in capsys.readouterr().out


def test_bm25_eval_json(tmp_path, capsys):
    pytest.importorskip("bfcl_eval")
    out = tmp_path / "r.json"
    assert main(["eval", "--benchmark", "bfcl", "--methods", "bm25", "--json", str(out), "--quiet"]) == 0
    data = json.loads(out.read_text())
    assert data["methods"][0]["method"] == "bm25" and len(data["methods"][0]["per_task"]) == 200
    assert "bm25" in capsys.readouterr().out


@pytest.mark.parametrize(
    "content, message",
    [
        ("[]", "holds no tools"),
        ("", "holds no tools"),
        ('[{"name": "a", "description": "x"', "malformed catalog file"),
        ('[{"name": "a", "description": "x"}, {"name": "a", "description": "y"}]', "duplicate tool names: a"),
        ('[{"name": "b"}]', "lacks description"),
    ],
)
def test_bad_catalog_files_give_one_line_errors(tmp_path, content, message):
    path = tmp_path / "catalog.json"
    path.write_text(content)
    result = run("catalog", str(path))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr


def test_catalog_summary(tmp_path):
    path = tmp_path / "catalog.jsonl"
    path.write_text('{"name": "set_volume", "description": "Set the volume.", "parameters": {"type": "dict", '
                    '"properties": {"level": {"type": "float", "description": "Level between 0 and 1."}}}}\n')
    result = run("catalog", str(path))
    assert result.returncode == 0 and "1 tools" in result.stdout and "1 inputs with constraints" in result.stdout
