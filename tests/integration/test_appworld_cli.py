"""``libra induce``/``libra eval --benchmark appworld`` end to end over the fake AppWorld worker (no AppWorld
installed): per-app parts on a side environment found the way a user's is, a second run that resumes
from them, the user's data folder through ``--appworld-root``, and the cached default library."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from llama_index_libra.benchmarks.appworld import catalog as catalog_mod
from llama_index_libra.benchmarks.appworld import environment as env_mod
from llama_index_libra.cli.main import main
from tests.support import paths

TAME = "supervisor.show_account_passwords,clock.login,clock.create_alarm,clock.update_alarm,clock.delete_alarm,clock.show_alarms"


@pytest.fixture()
def side_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A ready side environment whose interpreter is this one, serving the fake worker's tame APIs."""
    target = tmp_path / "venv"
    (target / "bin").mkdir(parents=True)
    (target / "bin" / "python").symlink_to(sys.executable)
    (target / env_mod.MARKER).write_text(json.dumps({"done": list(env_mod.STEPS), "version": "fake"}))
    monkeypatch.setenv(env_mod.ENV_VAR, str(target))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("FAKE_APPWORLD_APIS", TAME)
    monkeypatch.setattr(catalog_mod, "WORKER", paths.SUPPORT / "appworld_fake_worker.py")
    return target


def _relations(path: Path) -> set[tuple[str, str, str]]:
    data = json.loads(path.read_text())
    return {(r["kind"], r["provider"], r["consumer"]) for r in data["relations"]}


def test_induce_builds_parts_and_resumes(side_env: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "aw.json"
    argv = ["induce", "--benchmark", "appworld", "--apps", "clock", "--out", str(out), "--executor", "serial",
            "--field-encoder", "lexical", "--quiet"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    parts = tmp_path / "aw.parts"
    assert (parts / "clock.json").is_file() and (parts / "clock.runlog").is_dir() and f"{parts}" in printed
    found = _relations(out)
    assert ("provenance", "clock.login", "clock.update_alarm") in found
    assert ("provenance", "clock.create_alarm", "clock.delete_alarm") in found
    report = json.loads((tmp_path / "aw.report.json").read_text())
    assert report["resumed"] == [] and report["parts"]["clock"]["runs"] > 0
    first = out.read_bytes()
    assert main(argv) == 0  # the part is there: reused, not induced again
    assert "clock: finished by an earlier run" in capsys.readouterr().out
    assert out.read_bytes() == first and json.loads((tmp_path / "aw.report.json").read_text())["resumed"] == ["clock"]


def test_eval_reads_the_users_data_folder(side_env: Path, tmp_path: Path, capsys) -> None:
    data = tmp_path / "aw-root" / "data"
    for split, task, apis in (("train", "a1", ["login", "create_alarm"]), ("dev", "b1", ["login", "show_alarms"])):
        (data / "datasets").mkdir(parents=True, exist_ok=True)
        (data / "datasets" / f"{split}.txt").write_text(task + "\n")
        folder = data / "tasks" / task
        (folder / "ground_truth").mkdir(parents=True)
        (folder / "specs.json").write_text(json.dumps({"instruction": f"Please {apis[-1].replace('_', ' ')} on my clock."}))
        (folder / "ground_truth" / "compiled_solution.py").write_text(
            "\n".join(f"x = apis.clock.{api}()" for api in apis) + "\n")
    out = tmp_path / "eval.json"
    assert main(["eval", "--benchmark", "appworld", "--appworld-root", str(tmp_path / "aw-root"), "--methods", "bm25",
                 "--json", str(out), "--quiet"]) == 0
    result = json.loads(out.read_text())
    assert result["k"] == 15 and [t["id"] for t in result["methods"][0]["per_task"]] == ["a1", "b1"]
    assert main(["eval", "--benchmark", "appworld", "--methods", "bm25", "--appworld-root", str(tmp_path)]) == 2
    assert "holds no AppWorld data" in capsys.readouterr().err


def test_the_default_library_is_built_in_parts_and_cached(side_env: Path, tmp_path: Path) -> None:
    from llama_index_libra.benchmarks.libraries import default_library, library_cache_path
    from llama_index_libra.induction.engine import InductionConfig

    catalog = catalog_mod.load_appworld_catalog()
    library = default_library("appworld", catalog=catalog, field_encoder="lexical", cache_dir=tmp_path / "libs")
    cached = library_cache_path("appworld", catalog, InductionConfig(), "lexical", tmp_path / "libs")
    assert cached.is_file() and cached.with_suffix("").with_suffix(".parts").joinpath("clock.json").is_file()
    assert ("provenance", "clock.login", "clock.update_alarm") in {(r.kind, r.provider, r.consumer) for r in library.relations}
    again = default_library("appworld", catalog=catalog, field_encoder="lexical", cache_dir=tmp_path / "libs")
    assert again.to_json() == library.to_json()
