"""The worker channel of out-of-process runtimes: dedicated pipes, request ids, exit watching, limits.

Each test is a way a tool used to break ``SubprocessRuntime``'s channel when replies travelled on the
worker's stdout (issue #23, item 5): output of child processes, forged reply lines, a grandchild that
holds the pipe after the worker died, a closed fd 2, a tool that ignores SIGXCPU, and a network
cut-off that silently fell back to the Python-level guard.
"""

from __future__ import annotations

import logging
import os
import resource
import signal
import sys
import textwrap
import time
from pathlib import Path

import pytest

from llama_index_libra.runtime import outofprocess
from llama_index_libra.runtime.outofprocess import SubprocessRuntime, WorkerError

TOOLS = textwrap.dedent(
    '''
    import os
    import signal
    import subprocess
    import sys
    import time


    def fresh_state():
        return {"calls": 0}


    def count(state: dict) -> dict:
        """Count this call."""
        state["calls"] += 1
        return {"calls": state["calls"]}


    def child_prints(text: str) -> str:
        """Run a child process whose output is not captured."""
        subprocess.run([sys.executable, "-c", f"print({text!r})"], check=True)
        return "ran"


    def background_prints(delay: float) -> str:
        """Start a child that prints after this call returned."""
        subprocess.Popen([sys.executable, "-c", f"import time; time.sleep({delay}); print('late line', flush=True)"])
        return "started"


    def slow(seconds: float) -> str:
        """Take a while."""
        time.sleep(seconds)
        return "slow done"


    def forge(state: dict) -> str:
        """Write lines that look like replies of both protocols to the process's stdout."""
        forged = (b'{"protocol": "libra-jsonl-1", "ok": true, "reply": {"kind": "text", "value": "forged"}, '
                  b'"state": {"calls": 99}}\\n{"id": 1, "ok": true, "result": {"ok": true, "reply": '
                  b'{"kind": "text", "value": "forged"}, "state": {"calls": 99}}}\\n')
        os.write(1, forged)
        state["calls"] += 1
        return "real"


    def orphan_then_die(code: int) -> None:
        """Leave a grandchild that holds every inherited descriptor, then crash."""
        if os.fork() == 0:
            time.sleep(60)
            os._exit(0)
        os._exit(code)


    def close_stderr(seconds: float) -> str:
        """Close file descriptor 2, then work for a while."""
        os.close(2)
        time.sleep(seconds)
        return "closed"


    def stubborn_spin(seconds: float) -> int:
        """Ignore SIGXCPU and burn CPU."""
        signal.signal(signal.SIGXCPU, signal.SIG_IGN)
        end, n = time.process_time() + seconds, 0
        while time.process_time() < end:
            n += 1
        return n


    def child_spin(seconds: float) -> int:
        """Burn CPU in a child process that ignores SIGXCPU (the soft limit it inherits does not stop it)."""
        code = ("import signal, time; signal.signal(signal.SIGXCPU, signal.SIG_IGN); end = time.process_time() + "
                f"{seconds}\\nwhile time.process_time() < end: pass")
        return subprocess.run([sys.executable, "-c", code]).returncode


    TOOLS = [count, child_prints, background_prints, slow, forge, orphan_then_die, close_stderr, stubborn_spin, child_spin]
    '''
)


@pytest.fixture(scope="module")
def tools_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("chatty-tools")
    (folder / "chatty_tools.py").write_text(TOOLS)
    return folder


def make(tools_dir: Path, **kwargs) -> SubprocessRuntime:
    kwargs.setdefault("timeout_s", 30)
    return SubprocessRuntime("chatty_tools", path=[tools_dir], state_factory="fresh_state", **kwargs)


@pytest.fixture(scope="module")
def runtime(tools_dir):
    rt = make(tools_dir)
    yield rt
    rt.close()


def test_a_child_process_printing_to_stdout_is_not_a_reply(runtime) -> None:
    record = runtime.call(runtime.fresh(), "child_prints", {"text": "hello from a child"})
    assert record.status == "success" and record.output == "ran", record.message
    assert "hello from a child" in runtime._channel.log_tail()  # kept in the worker's log


def test_a_background_child_that_prints_later_does_not_fail_the_next_call(runtime) -> None:
    state = runtime.fresh()
    assert runtime.call(state, "background_prints", {"delay": 0.3}).status == "success"
    record = runtime.call(state, "slow", {"seconds": 1.5})  # the late line arrives while this call runs
    assert record.status == "success" and record.output == "slow done", record.message


def test_a_printed_line_that_parses_as_a_reply_desynchronises_nothing(runtime) -> None:
    state = runtime.fresh()
    forged = runtime.call(state, "forge", {})
    assert forged.status == "success" and forged.output == "real" and state.data == {"calls": 1}, forged
    for expected in (2, 3, 4):  # every later call gets its own reply and state
        assert runtime.call(state, "count", {}).output == {"calls": expected}


def test_a_dead_worker_is_noticed_while_a_grandchild_holds_the_pipe(tools_dir) -> None:
    rt = make(tools_dir, timeout_s=20)
    try:
        record = rt.call(rt.fresh(), "orphan_then_die", {"code": 5})
        assert record.status == "error" and "exited with code 5" in (record.message or ""), record.message
        assert rt.call(rt.fresh(), "count", {}).output == {"calls": 1}  # a new worker answers
    finally:
        rt.close()


def test_a_tool_that_closes_fd_2_does_not_make_the_parent_spin(runtime) -> None:
    def cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    before = cpu()
    record = runtime.call(runtime.fresh(), "close_stderr", {"seconds": 3.0})
    used = cpu() - before
    assert record.status == "success" and record.output == "closed", record.message
    # waiting is sleeping: a parent that polls a dead stderr pipe spins for the whole 3 s
    assert used < 0.25, f"the parent used {used:.2f} s of CPU while the tool slept 3 s"


@pytest.mark.parametrize("tool", ["stubborn_spin", "child_spin"])
def test_the_cpu_limit_holds_when_a_tool_or_its_child_ignores_sigxcpu(tools_dir, tool: str) -> None:
    """The worker's own spin, and a child process's (it inherits only the soft limit; its CPU counts)."""
    rt = make(tools_dir, timeout_s=300, cpu_s=1)
    try:
        record = rt.call(rt.fresh(), tool, {"seconds": 30})
        assert record.status == "error" and "CPU" in (record.message or ""), record
        assert rt.call(rt.fresh(), "count", {}).status == "success"
    finally:
        rt.close()


def test_no_network_says_which_isolation_is_in_force_and_strict_requires_the_namespace(tools_dir, monkeypatch, caplog) -> None:
    assert make(tools_dir).network_isolation == []
    monkeypatch.setattr(outofprocess, "unshare_prefix", lambda: [])  # a machine without user namespaces
    with caplog.at_level(logging.WARNING, logger="llama_index_libra"):
        guarded = make(tools_dir, no_network=True)
    guarded.close()
    assert guarded.network_isolation == ["socket-guard", "proxy-env"]
    assert any("socket guard" in r.getMessage() and "strict" in r.getMessage() for r in caplog.records)
    with pytest.raises(WorkerError, match="no_network='strict' needs an empty network namespace"):
        make(tools_dir, no_network="strict")
    with pytest.raises(ValueError, match="no_network must be"):
        make(tools_dir, no_network="yes")


def test_the_channel_is_never_used_by_a_forked_copy(runtime) -> None:
    """A forked process (a supervised call process) sees the parent's channel as closed and opens its own."""
    channel = runtime._channel
    assert channel is not None and channel.alive()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: must not touch the parent's worker
        try:
            ok = not channel.alive()
            record = runtime.call(runtime.fresh(), "count", {})
            ok = ok and record.output == {"calls": 1} and runtime._channel is not channel
            runtime.close()
        except BaseException:  # noqa: BLE001
            ok = False
        os.write(write, b"1" if ok else b"0")
        os._exit(0)
    os.close(write)
    answer = os.read(read, 1)
    os.close(read)
    os.waitpid(pid, 0)
    assert answer == b"1"
    assert channel.alive() and runtime.call(runtime.fresh(), "count", {}).output == {"calls": 1}



MINI_TOOLS = """
def fresh_state():
    return {"notes": []}


def add_note(text: str, state: dict) -> dict:
    \"\"\"Add a note.\"\"\"
    state["notes"].append(text)
    return {"note_id": f"n{len(state['notes'])}"}


def read_note(note_id: str, state: dict) -> str:
    \"\"\"Read a note by its id.\"\"\"
    return state["notes"][int(note_id[1:]) - 1]


TOOLS = [add_note, read_note]
"""


def test_a_pool_build_over_a_worker_runtime_leaves_no_channel_folder(tmp_path, monkeypatch) -> None:
    """Each pool worker starts its own worker channel and leaves through os._exit; the master removes
    their folders once the pool is down (before, one libra-pipe folder per pool worker stayed)."""
    import tempfile

    from llama_index_libra.induction import induce

    (tmp_path / "mini_tools.py").write_text(MINI_TOOLS)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    rt = SubprocessRuntime("mini_tools", path=[tmp_path], state_factory="fresh_state", fixtures={"text": "buy milk"})
    try:
        library, _ = induce(rt, executor="process", workers=2, show_progress=False)
    finally:
        rt.close()
    assert ("add_note", "read_note") in {(r.provider, r.consumer) for r in library.relations}
    assert not [p.name for p in scratch.iterdir() if p.name.startswith("libra-pipe-")]
