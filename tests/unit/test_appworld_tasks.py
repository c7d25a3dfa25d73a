"""The AppWorld task loader on a hand-written 2-task sample in AppWorld's data layout (no AppWorld data)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from llama_index_libra.benchmarks.appworld.tasks import data_dir, load_appworld, load_appworld_tasks
from llama_index_libra.benchmarks.base import BenchmarkError
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from tests.support import paths

SAMPLE = paths.FIXTURES / "appworld_sample"
# a hand-made catalog with AppWorld's doc shape (path and method), for these tests only
ROUTES = {
    "supervisor.show_account_passwords": ("GET", "/supervisor/account_passwords"),
    "supervisor.complete_task": ("POST", "/supervisor/message"),
    "phone.login": ("POST", "/phone/auth/token"),
    "phone.show_alarms": ("GET", "/phone/alarms"),
    "phone.show_alarm": ("GET", "/phone/alarms/{alarm_id}"),
    "phone.update_alarm": ("PATCH", "/phone/alarms/{alarm_id}"),
    "phone.delete_alarm": ("DELETE", "/phone/alarms/{alarm_id}"),
}


def _catalog() -> ToolCatalog:
    specs = []
    for name, (method, path) in ROUTES.items():
        app, api = name.split(".")
        specs.append(ToolSpec(name=name, description=f"{api} in {app}",
                              source={"app_name": app, "api_name": api, "path": path, "method": method}))
    return ToolCatalog(specs, name="sample")


def test_loads_the_sample_by_the_paper_protocol() -> None:
    bench = load_appworld(SAMPLE, catalog=_catalog())
    assert [t.id for t in bench.tasks] == ["f00dcafe_1", "beadfeed_2"] and bench.k == 15
    first, second = bench.tasks
    assert first.query == "Push my 6:45 alarm back by half an hour." and first.meta["split"] == "train"
    # from the compiled solution: distinct, first-use order (show_alarms appears twice)
    assert first.gold == ("supervisor.show_account_passwords", "phone.login", "phone.show_alarms",
                          "phone.update_alarm", "supervisor.complete_task")
    # from recorded calls: URL templates matched, the tag after ':' in dev.txt dropped
    assert second.meta["split"] == "dev" and second.gold == (
        "supervisor.show_account_passwords", "phone.login", "phone.show_alarms", "phone.delete_alarm",
        "supervisor.complete_task")
    assert "mean gold size 5.00" in bench.notes[0]
    assert [t.id for t in load_appworld_tasks(SAMPLE, splits=["dev"], catalog=_catalog())] == ["beadfeed_2"]


def test_missing_data_says_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("APPWORLD_ROOT", raising=False)
    with pytest.raises(BenchmarkError, match="appworld download data"):
        data_dir()
    with pytest.raises(BenchmarkError, match="holds no AppWorld data"):
        data_dir(tmp_path)
    monkeypatch.setenv("APPWORLD_ROOT", str(SAMPLE))
    assert data_dir() == SAMPLE / "data"


def test_bad_files_are_specific_errors(tmp_path: Path) -> None:
    root = tmp_path / "aw"
    shutil.copytree(SAMPLE, root)
    calls = root / "data/tasks/beadfeed_2/ground_truth/api_calls.json"
    calls.write_text(json.dumps([{"method": "get", "url": "/phone/nowhere"}]))
    with pytest.raises(BenchmarkError, match="no API matches GET /phone/nowhere"):
        load_appworld_tasks(root, catalog=_catalog())
    (root / "data/datasets/train.txt").write_text("f00dcafe_1\nf00dcafe_1\n")
    with pytest.raises(BenchmarkError, match="twice"):
        load_appworld_tasks(root, splits=["train"], catalog=_catalog())
    with pytest.raises(BenchmarkError, match="no AppWorld split 'test_normal'"):
        load_appworld_tasks(root, splits=["test_normal"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(blob=st.binary(max_size=200))
def test_any_specs_bytes_load_or_fail_specifically(tmp_path_factory: pytest.TempPathFactory, blob: bytes) -> None:
    root = tmp_path_factory.mktemp("aw")
    shutil.copytree(SAMPLE, root, dirs_exist_ok=True)
    (root / "data/tasks/f00dcafe_1/specs.json").write_bytes(blob)
    try:
        tasks = load_appworld_tasks(root, splits=["train"], catalog=_catalog())
    except BenchmarkError as exc:
        assert "f00dcafe_1" in str(exc)
    else:  # only bytes that are a JSON object with a non-empty instruction load
        assert json.loads(blob)["instruction"].strip() == tasks[0].query
