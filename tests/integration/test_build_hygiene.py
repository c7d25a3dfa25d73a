"""What a build leaves behind and what stops it (issue #23, item 5): a tool's own KeyboardInterrupt,
processes tools start, a master killed outright, and the temporary file of a concurrent build."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from llama_index_libra._io import canonical_json
from llama_index_libra.induction import InductionConfig, induce
from tests.support import hygiene_tools
from tests.support.paths import REPO

CONFIG = InductionConfig(max_depth=1)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _wait_until_gone(pids: set[int], limit_s: float, what: str) -> None:
    """Wait (generously) for ``pids`` to end; fail saying it was this time limit."""
    deadline = time.monotonic() + limit_s
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = sorted(p for p in pids if _alive(p))
    assert not left, f"{what}: processes {left} still ran {limit_s:g} s later (time limit)"


def _build(executor: str, isolation: str | None, log_dir: Path | None = None):
    try:
        return induce(hygiene_tools.hygiene_runtime(), field_encoder="lexical", executor=executor, workers=2,
                      isolation=isolation, config=CONFIG, log_dir=log_dir)
    except KeyboardInterrupt:
        pytest.fail("the tool's own KeyboardInterrupt stopped the build")


@pytest.mark.parametrize("executor, isolation", [("serial", None), ("serial", "none"), ("process", None)])
def test_a_tool_that_raises_keyboard_interrupt_costs_its_call(tmp_path: Path, executor: str, isolation: str | None):
    library, report = _build(executor, isolation, tmp_path / "runs")
    assert report.failures.get("panic") == "KeyboardInterrupt"
    assert ("add_book", "read_book") in {(r.provider, r.consumer) for r in library.relations}
    if executor == "serial":  # a resume replays the call from the log instead of stopping at it again
        again, resumed = _build(executor, isolation, tmp_path / "runs")
        assert resumed.log_hits > 0 and canonical_json(again.to_json()) == canonical_json(library.to_json())


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads process states from /proc")
@pytest.mark.parametrize("executor", ["serial", "process"])
def test_processes_a_tool_starts_do_not_outlive_the_build(tmp_path: Path, monkeypatch, executor: str):
    monkeypatch.setenv(hygiene_tools.PID_DIR_ENV, str(tmp_path))
    induce(hygiene_tools.hygiene_runtime(helpers=True), field_encoder="lexical", executor=executor, workers=2,
           config=CONFIG)
    started = {int(p.name) for p in tmp_path.iterdir() if p.name.isdigit()}
    assert started, "start_helper ran"
    _wait_until_gone(started, 30, "helpers a tool started")


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree from /proc")
def test_a_master_killed_outright_leaves_no_worker_no_open_output_and_no_folder(tmp_path: Path):
    from tests.integration.test_interrupts import _descendants

    tmp = tmp_path / "tmp"
    tmp.mkdir()
    log = tmp_path / "log"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TMPDIR": str(tmp), "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_index_libra", "induce", "--benchmark", "bfcl", "--field-encoder", "lexical",
         "--executor", "process", "--workers", "2", "--quiet", "--log-dir", str(log), "--out", str(tmp_path / "lib.json")],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:  # until tools run in the pool (the run log grows)
            if sum(p.stat().st_size for p in log.glob("runs-*.jsonl")) > 20_000 and len(_descendants(proc.pid)) >= 2:
                break
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.2)
        else:
            pytest.fail("the build did not start running tools within 600 s (time limit)")
        seen = _descendants(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)  # the master alone, as the OOM killer does
        try:
            proc.communicate(timeout=120)  # returns once no process holds the build's stdout and stderr
        except subprocess.TimeoutExpired:
            pytest.fail("a process still held the killed build's output 120 s later (time limit)")
    finally:
        if proc.poll() is None:
            proc.kill()
    _wait_until_gone(seen, 60, "pool workers, call processes and the resource tracker of a killed master")
    left = [p.name for p in tmp.iterdir()]
    assert [n for n in left if n.startswith("libra-build-")], "the killed build left its folder (nothing could remove it)"
    from llama_index_libra.induction import executors

    old = os.environ.get("TMPDIR")
    import tempfile

    saved = tempfile.tempdir
    tempfile.tempdir = str(tmp)
    try:
        executors._remove_stale_build_folders()  # what the next build does first
    finally:
        tempfile.tempdir = saved
        if old is not None:
            os.environ["TMPDIR"] = old
    assert not [p.name for p in tmp.iterdir() if p.name.startswith("libra-build-")]


def test_start_up_clean_up_spares_a_concurrent_builds_temporary_file(tmp_path: Path):
    from llama_index_libra.cli.library import _check_outputs

    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    try:
        out = tmp_path / "lib.json"
        concurrent = tmp_path / f".lib.json.{live.pid}-k2j4.tmp"  # another build writing the same output
        leftover = tmp_path / f".lib.json.{dead.pid}-a81c.tmp"  # a build killed mid-write
        older = tmp_path / ".lib.json.x7b1q.tmp"  # written before temporary names held the writer's pid
        for path in (concurrent, leftover, older):
            path.write_text(json.dumps({"relations": []}))
        _check_outputs(argparse.Namespace(out=str(out), report=None))
        assert concurrent.exists() and not leftover.exists() and not older.exists()
    finally:
        live.kill()
        live.wait()


def test_start_up_clean_up_removes_channel_folders_of_gone_owners_only(tmp_path: Path, monkeypatch):
    """A pool worker's channel folder (``libra-pipe-<pid>-*``) outlives it (the worker leaves through
    os._exit); the next build removes it, and spares a live owner's."""
    import tempfile

    from llama_index_libra.induction import executors

    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    try:
        kept, gone = tmp_path / f"libra-pipe-{live.pid}-ab12", tmp_path / f"libra-pipe-{dead.pid}-cd34"
        for folder in (kept, gone):
            folder.mkdir()
            (folder / ".libra-worker.log").write_text("")
        monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
        executors._remove_stale_build_folders()
        assert kept.is_dir() and not gone.exists()
    finally:
        live.kill()
        live.wait()

