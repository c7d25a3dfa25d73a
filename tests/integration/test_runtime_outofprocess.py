"""SubprocessRuntime: stateful tools with their own dependencies in a worker interpreter, over JSON lines.

The tools module and its dependency ``fakedep`` live in a folder only the worker has on its path (a
stand-in for a separate virtual environment: pass ``python=that_venv/bin/python`` there). Faults
(a crash, a hang, a memory or CPU limit) cost the one call and a restarted worker.
"""

from __future__ import annotations

import importlib.util
import os
import pickle
import textwrap
from pathlib import Path

import pytest

from llama_index_libra.runtime.outofprocess import SubprocessRuntime, WorkerError

TOOLS = textwrap.dedent(
    '''
    import os
    import time

    import fakedep


    def fresh_state():
        return {"users": {"alice": "pw"}, "tokens": [], "notes": {}}


    def login(username: str, password: str, state: dict) -> dict:
        """Sign in with a username and password; returns an access_token."""
        if state["users"].get(username) != password:
            return {"error": "bad credentials"}
        token = f"tok{len(state['tokens']) + 1}"
        state["tokens"].append(token)
        return {"access_token": token}


    def add_note(access_token: str, text: str, state: dict) -> dict:
        """Add a note to your account; needs an access_token from login."""
        if access_token not in state["tokens"]:
            return {"error": "not signed in"}
        state["notes"][str(len(state["notes"]) + 1)] = text
        return {"note_id": str(len(state["notes"]))}


    def dep_version() -> str:
        """The version of the tools' own dependency (prints on stdout too)."""
        print("noise on stdout")
        return fakedep.__version__


    def env_value(name: str) -> dict:
        """One environment variable as the tool sees it."""
        return {"value": os.environ.get(name)}


    def allocate(megabytes: int) -> int:
        """Allocate memory."""
        return len(bytearray(megabytes * 1024 * 1024))


    def spin(seconds: float) -> int:
        """Burn CPU."""
        end, n = time.process_time() + seconds, 0
        while time.process_time() < end:
            n += 1
        return n


    def sleep(seconds: float) -> str:
        """Hang."""
        time.sleep(seconds)
        return "late"


    def die(code: int) -> None:
        """Crash the process."""
        os._exit(code)


    def opaque() -> object:
        """Return something that is not JSON."""
        return object()


    def spoil(state: dict) -> str:
        """Put something that is not JSON into the state."""
        state["bad"] = {1, 2}
        return "ok"


    def connect(port: int) -> str:
        """Open a TCP connection to this machine."""
        import socket

        with socket.create_connection(("127.0.0.1", port), timeout=5):
            return "connected"


    TOOLS = [login, add_note, dep_version, env_value, allocate, spin, sleep, die, opaque, spoil, connect]
    NOTES = [login, add_note, dep_version]
    '''
)


@pytest.fixture(scope="module")
def tools_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("tools-env")
    (folder / "fakedep").mkdir()
    (folder / "fakedep" / "__init__.py").write_text('__version__ = "1.0-conflicting"\n')
    (folder / "notes_tools.py").write_text(TOOLS)
    return folder


def make(tools_dir: Path, **kwargs) -> SubprocessRuntime:
    return SubprocessRuntime("notes_tools", path=[tools_dir], state_factory="fresh_state",
                             fixtures={"username": "alice", "password": "pw"}, **kwargs)


@pytest.fixture(scope="module")
def runtime(tools_dir):
    rt = make(tools_dir, timeout_s=20)
    yield rt
    rt.close()


def test_the_tools_dependency_exists_only_in_the_worker(runtime) -> None:
    assert importlib.util.find_spec("fakedep") is None and importlib.util.find_spec("notes_tools") is None
    record = runtime.call(runtime.fresh(), "dep_version", {})
    assert record.status == "success" and record.output == "1.0-conflicting"  # the print went to stderr
    assert runtime.catalog.get("add_note").required_inputs == ["access_token", "text"]
    assert "state" not in runtime.catalog.get("login").input_names


def test_state_crosses_the_pipe_and_snapshots_are_json(runtime) -> None:
    state = runtime.fresh()
    login = runtime.call(state, "login", {"username": "alice", "password": "pw"})
    assert login.status == "success" and login.state_changes == [{"path": "$.tokens[0]", "after": "tok1"}]
    snap = runtime.snapshot(state)
    note = runtime.call(state, "add_note", {"access_token": "tok1", "text": "milk"})
    assert note.output == {"note_id": "1"} and state.data["notes"] == {"1": "milk"}
    assert runtime.restore(snap).data["notes"] == {} and pickle.loads(pickle.dumps(snap)) == snap
    assert runtime.call(runtime.fresh(), "add_note", {"access_token": "tok1", "text": "x"}).status == "rejected"


def test_induce_finds_the_relations_and_the_runtime_pickles(tools_dir) -> None:
    from llama_index_libra.induction import induce

    runtime = make(tools_dir, tools="NOTES")
    library, _ = induce(runtime, executor="serial", field_encoder="lexical")
    assert {(r.provider, r.consumer, r.kind) for r in library} >= {("login", "add_note", "provenance"), ("login", "add_note", "state")}
    clone = pickle.loads(pickle.dumps(runtime))  # what the process executor does
    assert clone.call(clone.fresh(), "dep_version", {}).output == "1.0-conflicting"
    clone.close()
    runtime.close()


@pytest.mark.slow
def test_process_executor_gives_the_same_library(tools_dir) -> None:
    from llama_index_libra.induction import induce

    rt = make(tools_dir, tools="NOTES")
    serial, _ = induce(rt, executor="serial", field_encoder="lexical")
    pooled, _ = induce(rt, executor="process", workers=2, field_encoder="lexical")
    assert serial.to_json() == pooled.to_json()
    rt.close()


def test_no_inherited_api_keys_unless_given(tools_dir, monkeypatch) -> None:
    monkeypatch.setenv("LIBRA_TEST_API_KEY", "secret")
    rt = make(tools_dir)
    assert rt.call(rt.fresh(), "env_value", {"name": "LIBRA_TEST_API_KEY"}).output == {"value": None}
    assert rt.call(rt.fresh(), "env_value", {"name": "PATH"}).output["value"]
    rt.close()
    given = make(tools_dir, env={"LIBRA_TEST_API_KEY": "given"})
    assert given.call(given.fresh(), "env_value", {"name": "LIBRA_TEST_API_KEY"}).output == {"value": "given"}
    given.close()


def test_faults_cost_one_call_and_the_worker_restarts(tools_dir) -> None:
    rt = make(tools_dir, timeout_s=2, memory_mb=1024, cpu_s=1)
    state = rt.fresh()
    first_pid = rt._channel.proc.pid
    hang = rt.call(state, "sleep", {"seconds": 30})
    assert hang.status == "error" and hang.message.startswith("timeout:")
    with pytest.raises(ProcessLookupError):
        os.kill(first_pid, 0)  # the hung worker is gone
    crash = rt.call(state, "die", {"code": 3})
    assert crash.status == "error" and "exited with code 3" in crash.message
    memory = rt.call(state, "allocate", {"megabytes": 4096})
    assert memory.status == "error" and memory.message.startswith("MemoryError")
    assert rt.call(state, "opaque", {}).message.startswith("unserializable output")
    spoiled = rt.call(state, "spoil", {})
    assert spoiled.status == "error" and "not JSON" in spoiled.message
    assert rt.call(state, "login", {"username": "alice", "password": "pw"}).status == "success"  # still usable
    rt.close()


def test_cpu_limit_per_call(tools_dir) -> None:
    rt = make(tools_dir, timeout_s=60, cpu_s=1)
    assert rt.call(rt.fresh(), "spin", {"seconds": 0.2}).status == "success"
    cpu = rt.call(rt.fresh(), "spin", {"seconds": 30})
    # the worker's own SIGXCPU, or (when the loaded machine lets the parent look first) the parent's CPU backstop
    assert cpu.status == "error" and ("SIGXCPU" in cpu.message or "cpu_s" in cpu.message), cpu.message
    assert rt.call(rt.fresh(), "spin", {"seconds": 0.2}).status == "success"  # a new worker, a new budget
    rt.close()


def test_a_module_that_cannot_load_is_one_error(tools_dir) -> None:
    with pytest.raises(WorkerError, match="could not load no_such_tools: ModuleNotFoundError"):
        SubprocessRuntime("no_such_tools", path=[tools_dir])


def test_network_is_on_unless_cut(tools_dir) -> None:
    import socket

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    port = server.getsockname()[1]
    try:
        open_rt = make(tools_dir)
        assert open_rt.call(open_rt.fresh(), "connect", {"port": port}).output == "connected"  # documented: not cut
        open_rt.close()
        cut = make(tools_dir, no_network=True)
        record = cut.call(cut.fresh(), "connect", {"port": port})
        assert record.status == "error" and record.output is None
        cut.close()
    finally:
        server.close()
