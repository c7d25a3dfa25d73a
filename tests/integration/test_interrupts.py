"""Builds stop cleanly (SIGTERM, Ctrl-C) and run where the process pool cannot (notebooks, stdin scripts)."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from llama_index_libra.induction import induce
from llama_index_libra.runtime.python import PythonRuntime
from tests.support.fault_tools import Shelf, add_book, read_book
from tests.support import paths

ROOT = paths.REPO


def _env(tmp: Path) -> dict[str, str]:
    (tmp / "tmp").mkdir(exist_ok=True)
    return {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false",
            "TMPDIR": str(tmp / "tmp"), "PYTHONPATH": str(ROOT)}


def _descendants(pid: int) -> set[int]:
    """Every live process below ``pid`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.add(child)
            todo.append(child)
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _default_signals() -> None:
    """In the child: Python's default SIGINT and SIGTERM. A process started with SIGINT ignored keeps
    ignoring it (the POSIX convention for background jobs, which the CLI honours), and the pytest-xdist
    worker running this test may have SIGINT ignored: a whole parallel `make test` showed it."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _interrupted_build(tmp_path: Path, executor: str, sig: int) -> tuple[subprocess.Popen, str, list[int]]:
    """A BFCL build signalled once its tools run: (process, its stderr, the processes it had)."""
    log = tmp_path / "log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_index_libra", "induce", "--benchmark", "bfcl", "--field-encoder", "lexical",
         "--executor", executor, "--workers", "2", "--quiet", "--log-dir", str(log), "--out", str(tmp_path / "lib.json")],
        cwd=ROOT, env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=_default_signals)
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:  # wait until tools are running (the run log grows)
            if sum(p.stat().st_size for p in log.glob("runs-*.jsonl")) > 20_000 and _descendants(proc.pid):
                break
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.2)
        seen = _descendants(proc.pid)
        assert seen, "the build runs its calls in child processes"
        proc.send_signal(sig)
        try:
            _, err = proc.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            pytest.fail(f"time limit: the build did not exit within 300 s of signal {sig}")
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc, err, seen


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree from /proc")
@pytest.mark.parametrize("executor, sig", [("process", signal.SIGTERM), ("serial", signal.SIGINT)])
def test_signal_during_induce_leaves_no_process_and_no_temp_file(tmp_path: Path, executor: str, sig: int):
    proc, err, seen = _interrupted_build(tmp_path, executor, sig)
    folder = tmp_path
    assert proc.returncode == 130, err
    assert "libra: interrupted" in err and "Traceback" not in err
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in seen) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in seen if _alive(p)], "worker or call processes survived the build"
    assert list((folder / "tmp").iterdir()) == []  # libra-build-*/libra-ctx-*.pickle removed
    assert sum(p.stat().st_size for p in (folder / "log").glob("runs-*.jsonl")) > 0  # the run log is kept
    assert not (folder / "lib.json").exists()


NOTEBOOK = textwrap.dedent('''
    from llama_index_libra.induction import induce
    from llama_index_libra.runtime.python import PythonRuntime

    class Notes:
        def __init__(self):
            self.notes = {}

    def write_note(text: str, state) -> dict:
        """Write a new note with some text. Returns its note_id."""
        note_id = f"N{len(state.notes) + 1}"
        state.notes[note_id] = text
        return {"note_id": note_id}

    def read_note(note_id: str, state) -> dict:
        """Read a note by its note_id."""
        if note_id not in state.notes:
            return {"error": "no such note"}
        return {"text": state.notes[note_id]}

    library, report = induce(PythonRuntime([write_note, read_note], Notes), field_encoder="lexical")
    print("relations", sum(library.counts().values()), report.executor)
''')


def test_stdin_script_with_tools_in_main_completes_with_one_warning(tmp_path: Path):
    """Tools defined in __main__ of `python - < script.py` used to give a 147-line BrokenProcessPool."""
    out = subprocess.run([sys.executable, "-"], input=NOTEBOOK, cwd=tmp_path, env=_env(tmp_path),
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "relations" in out.stdout and out.stdout.split()[-1] == "serial"
    assert int(out.stdout.split()[1]) > 0
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len([line for line in lines if line.startswith("libra:")]) == 1, out.stderr
    assert "__main__" in lines[0] and "serially" in lines[0]
    assert "Traceback" not in out.stderr
    assert list((tmp_path / "tmp").iterdir()) == []


def test_unpicklable_runtime_falls_back_to_serial_before_any_model(caplog):
    runtime = PythonRuntime([add_book, read_book], Shelf, name="shelf")
    runtime.client_lock = threading.Lock()  # e.g. a client held by the runtime

    class NoModel:
        name = "no-model"

        def __getattr__(self, item):
            raise AssertionError("the encoder was used before the executor was resolved")

    with caplog.at_level(logging.WARNING, logger="llama_index_libra"):
        with pytest.raises(AssertionError, match="encoder was used"):
            induce(runtime, field_encoder=NoModel(), executor="process")
    warnings = [r for r in caplog.records if r.name == "llama_index_libra"]
    assert len(warnings) == 1 and "_thread.lock" in warnings[0].getMessage()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="llama_index_libra"):
        library, report = induce(runtime, field_encoder="lexical", executor="process")
    assert report.executor == "serial" and library.counts()["provenance"] > 0
    assert len([r for r in caplog.records if r.name == "llama_index_libra"]) == 1


def test_process_executor_keeps_its_pickles_in_one_build_folder_and_removes_it(tmp_path: Path, monkeypatch):
    import tempfile

    from llama_index_libra.induction.executors import ProcessExecutor

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    pool = ProcessExecutor(workers=1)
    try:
        pool.start({"ctx": 1})
        pool.share([1, 2, 3])
        (folder,) = tmp_path.iterdir()
        assert folder.name.startswith("libra-build-")
        assert sorted(p.name.split("-")[1] for p in folder.iterdir()) == ["ctx", "shared"]
    finally:
        pool.close()
    assert list(tmp_path.iterdir()) == []
