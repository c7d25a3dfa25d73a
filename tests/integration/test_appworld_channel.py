"""The libra-pipe-1 channel: dedicated pipes, request ids, exit detection, timeouts and restarts."""

from __future__ import annotations

import json
import os
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llama_index_libra.runtime.channel import (
    SERVE_SCRIPT,
    ChannelError,
    ChannelTimeout,
    PipeChannel,
    RemoteError,
    WorkerDied,
)

WORKER = textwrap.dedent(
    f"""
    import importlib.util, os, subprocess, sys, time
    spec = importlib.util.spec_from_file_location("serve", {str(SERVE_SCRIPT)!r})
    serve = importlib.util.module_from_spec(spec); spec.loader.exec_module(serve)
    FDS = tuple(int(x) for x in os.environ["LIBRA_PIPE_FDS"].split(","))  # serve() takes them out of the environment

    def noisy(req):
        print("a print from an app", flush=True)
        os.write(1, b"a C-level write to fd 1\\n")
        sys.stderr.write("and stderr\\n")
        return {{"echo": req["value"]}}

    def grandchild_then_die(req):
        # a grandchild inherits the reply pipe and keeps it open: EOF never comes
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(900)"], pass_fds=FDS)
        time.sleep(0.2)
        os._exit(3)

    serve.serve({{
        "echo": lambda req: req["value"],
        "noisy": noisy,
        "sleep": lambda req: time.sleep(req["s"]) or "slept",
        "raise": lambda req: 1 / 0,
        "exit": lambda req: sys.exit(4),
        "die": lambda req: os._exit(7),
        "kill": lambda req: os.kill(os.getpid(), 9),
        "grandchild_then_die": grandchild_then_die,
    }}, hello={{"worker": "fake"}})
    """
)


@pytest.fixture()
def script(tmp_path: Path) -> Path:
    path = tmp_path / "worker.py"
    path.write_text(WORKER, encoding="utf-8")
    return path


def _channel(script: Path) -> PipeChannel:
    return PipeChannel([sys.executable, str(script)], startup_timeout_s=30)


def test_round_trip_and_hello(script: Path) -> None:
    with _channel(script) as ch:
        assert ch.hello["worker"] == "fake" and ch.hello["pid"] == ch.pid
        assert ch.request("echo", {"value": {"a": [1, 2, "x"]}}) == {"a": [1, 2, "x"]}
        assert ch.request("echo", {"value": "second"}) == "second"


def test_prints_never_reach_the_reply_stream(script: Path) -> None:
    with _channel(script) as ch:
        for i in range(5):
            assert ch.request("noisy", {"value": i}) == {"echo": i}
        tail = ch.log_tail()
        assert "a print from an app" in tail and "a C-level write to fd 1" in tail and "and stderr" in tail


def test_remote_exception_keeps_the_channel(script: Path) -> None:
    with _channel(script) as ch:
        with pytest.raises(RemoteError, match="ZeroDivisionError"):
            ch.request("raise")
        with pytest.raises(RemoteError, match="unknown op"):
            ch.request("nope")
        # SystemExit raised by served code is a reply too
        with pytest.raises(RemoteError, match="SystemExit"):
            ch.request("exit")
        assert ch.alive() and ch.request("echo", {"value": 1}) == 1


def test_timeout_kills_and_closes(script: Path) -> None:
    ch = _channel(script)
    pid = ch.pid
    with pytest.raises(ChannelTimeout, match="within 0.5 s"):
        ch.request("sleep", {"s": 30}, timeout_s=0.5)
    assert not ch.alive()
    with pytest.raises(OSError):
        os.kill(pid, 0)  # reaped
    with pytest.raises(WorkerDied):
        ch.request("echo", {"value": 1})
    with _channel(script) as again:  # a restart is a new channel
        assert again.request("echo", {"value": 2}) == 2


@pytest.mark.parametrize("op, how", [("die", "exited with code 7"), ("kill", "killed by SIGKILL")])
def test_worker_exit_is_reported(script: Path, op: str, how: str) -> None:
    ch = _channel(script)
    with pytest.raises(WorkerDied, match=how):
        ch.request(op, timeout_s=30)
    assert not ch.alive()


def test_exit_detected_while_a_grandchild_holds_the_pipe(script: Path) -> None:
    ch = _channel(script)
    # found by the process watch: the grandchild holds the pipe for 900 s, so end-of-file would come
    # after the 600 s timeout (a ChannelTimeout, not WorkerDied)
    with pytest.raises(WorkerDied, match="exited with code 3"):
        ch.request("grandchild_then_die", timeout_s=600)


def test_killed_from_outside_between_calls(script: Path) -> None:
    ch = _channel(script)
    os.kill(ch.pid, 9)
    with pytest.raises(WorkerDied):
        ch.request("echo", {"value": 1}, timeout_s=30)


def test_bad_greeting(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import os\nr, w = (int(x) for x in os.environ['LIBRA_PIPE_FDS'].split(','))\n"
        "os.write(w, b'{\"id\": 0, \"ok\": true, \"result\": {\"protocol\": \"other\"}}\\n')\nimport time; time.sleep(30)\n")
    with pytest.raises(ChannelError, match="did not greet"):
        PipeChannel([sys.executable, str(bad)], startup_timeout_s=20)
    garbage = tmp_path / "garbage.py"
    garbage.write_text("import os\nr, w = (int(x) for x in os.environ['LIBRA_PIPE_FDS'].split(','))\n"
                       "os.write(w, b'not json\\n')\nimport time; time.sleep(30)\n")
    with pytest.raises(ChannelError, match="malformed"):
        PipeChannel([sys.executable, str(garbage)], startup_timeout_s=20)
    quiet = tmp_path / "quiet.py"
    quiet.write_text("print('no hello'); raise SystemExit(9)\n")
    with pytest.raises(WorkerDied, match="exited with code 9.*no hello"):
        PipeChannel([sys.executable, str(quiet)], startup_timeout_s=20)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=30)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=40, deadline=None)
@given(value=_JSON)
def test_any_json_value_round_trips(value: object) -> None:
    ch = _SHARED.get("ch")
    if ch is None or not ch.alive():
        path = Path(_SHARED["dir"]) / "worker.py"
        path.write_text(WORKER, encoding="utf-8")
        ch = _SHARED["ch"] = PipeChannel([sys.executable, str(path)], startup_timeout_s=30)
    assert json.dumps(ch.request("echo", {"value": value}), sort_keys=True) == json.dumps(value, sort_keys=True)


_SHARED: dict = {}


@pytest.fixture(autouse=True, scope="module")
def _shared_dir(tmp_path_factory: pytest.TempPathFactory):
    _SHARED["dir"] = str(tmp_path_factory.mktemp("shared"))
    yield
    ch = _SHARED.pop("ch", None)
    if ch is not None:
        ch.close()
