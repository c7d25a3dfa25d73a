"""Serial, process and Ray builds agree byte for byte; killed builds resume; edits rebuild little."""

import os
import signal
import subprocess
import sys
import time

import pytest
from tests.support import paths

from llama_index_libra.induction import InductionConfig, induce

HERE = paths.SUPPORT
sys.path.insert(0, str(paths.EXAMPLES))
from tests.support import sandbox_tools  # noqa: E402
import smart_home  # noqa: E402

CONFIG = InductionConfig(max_depth=3, timeout_s=None)


def build(executor, tmp_path, name, **kwargs):
    library, report = induce(smart_home.build_runtime(), field_encoder="lexical", executor=executor, workers=2, **kwargs)
    path = tmp_path / f"{name}.json"
    library.save(path)
    return path.read_bytes(), report


def test_serial_and_process_builds_are_identical(tmp_path):
    serial, _ = build("serial", tmp_path, "serial")
    process, report = build("process", tmp_path, "process")
    assert serial == process and report.executor == "process"


@pytest.mark.slow
def test_ray_build_is_identical(tmp_path):
    pytest.importorskip("ray")
    import ray

    serial, _ = build("serial", tmp_path, "serial")
    try:
        ray_bytes, report = build("ray", tmp_path, "ray")
    finally:
        ray.shutdown()
    assert serial == ray_bytes and report.executor == "ray"


def _reference(tmp_path):
    library, report = induce(sandbox_tools.build_runtime(), field_encoder="lexical", executor="serial", config=CONFIG)
    path = tmp_path / "reference.json"
    library.save(path)
    return path.read_bytes(), report.runs


def test_killed_build_resumes_to_the_same_library(tmp_path):
    reference, total_runs = _reference(tmp_path)
    log_dir, out = tmp_path / "log", tmp_path / "resumed.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, str(HERE / "sandbox_tools.py"), str(out), str(log_dir)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 60
    while time.time() < deadline:  # kill once part of the work is logged
        logged = sum(1 for p in log_dir.glob("runs-*.jsonl") for _ in p.open()) if log_dir.exists() else 0
        if logged >= total_runs // 3:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert not out.exists(), "the build was killed before writing its library"
    library, report = induce(sandbox_tools.build_runtime(), field_encoder="lexical", executor="serial",
                             log_dir=log_dir, config=CONFIG)
    library.save(out)
    assert out.read_bytes() == reference
    assert report.log_hits > 0 and report.runs < total_runs


class _Watched:
    """The sandbox runtime, recording every record it executes (the rebuild's re-executed runs)."""

    def __init__(self, runtime):
        self.runtime, self.executed = runtime, []
        self._execute = runtime.execute
        runtime.execute = self.execute

    def execute(self, snap, tool, args, **kwargs):
        record, child = self._execute(snap, tool, args, **kwargs)
        self.executed.append(record)
        return record, child


def test_catalog_edit_reruns_only_what_changed(tmp_path):
    log_dir = tmp_path / "log"
    induce(sandbox_tools.build_runtime(), field_encoder="lexical", executor="serial", log_dir=log_dir, config=CONFIG)
    watched = _Watched(sandbox_tools.build_runtime())
    unchanged, again = induce(watched.runtime, field_encoder="lexical", executor="serial", log_dir=log_dir, config=CONFIG)
    edited_lib, edited = induce(sandbox_tools.build_runtime(" Items are plain text."), field_encoder="lexical",
                                executor="serial", log_dir=log_dir, config=CONFIG)
    _, fresh = induce(sandbox_tools.build_runtime(" Items are plain text."), field_encoder="lexical", executor="serial", config=CONFIG)
    # an unchanged rebuild re-executes only state-changing runs (their child state is not logged)
    # and path replays (never logged); every other run is served from the log
    assert len(watched.executed) == again.runs and again.log_hits > 0 and again.runs < fresh.runs
    read_only = sum(1 for record in watched.executed if not record.state_changes)
    assert read_only <= again.runs_by_purpose.get("replay", 0)
    # after editing read_item, its runs execute again, the other tools' runs mostly do not
    assert again.runs < edited.runs < fresh.runs
    assert {r.consumer for r in edited_lib.relations} >= {"read_item"}
