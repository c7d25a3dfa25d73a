"""Runtimes that drive their tools in a worker process, under the default per-call isolation.

Forked around a worker, a call process shares the worker's pipe: a call killed mid-request leaves its
reply for the next one, and ``Popen.poll()`` in the forked process reports the live worker as dead
(issue #23, item 1). Such runtimes declare ``calls_out_of_process`` (or are recognised by the worker
handle they hold), so they build the same library with the default isolation as with
``isolation="none"``, calls that time out mid-request included.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from llama_index_libra import ToolCatalog
from llama_index_libra._io import canonical_json
from llama_index_libra.induction import InductionConfig, induce
from llama_index_libra.runtime import isolation
from llama_index_libra.runtime.base import Runtime
from tests.support.paths import REPO

GUIDE = REPO / "docs" / "runtime-guide.md"


def guide_files() -> dict[str, str]:
    """The Python files the runtime guide shows, by the name in their first comment line."""
    files = {}
    for block in re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S):
        first = block.splitlines()[0]
        match = re.match(r"# (\w+\.py)\b", first)
        if match:
            files[match.group(1)] = block
    return files


def library_bytes(library: Any) -> str:
    return canonical_json(library.to_json())


def build(runtime: Runtime, isolation_mode: str | None, executor: str = "serial", **config: Any) -> Any:
    config.setdefault("timeout_s", 1.0)
    return induce(runtime, config=InductionConfig(max_depth=1, **config), field_encoder="lexical", executor=executor,
                  workers=2, isolation=isolation_mode)


@pytest.fixture()
def no_call_processes(monkeypatch) -> list[str]:
    """Counts the supervised call processes started (there must be none around a worker)."""
    started: list[str] = []
    real = isolation.CallSupervisor._start

    def counting(self: Any) -> None:
        started.append(getattr(self.runtime, "name", "?"))
        real(self)

    monkeypatch.setattr(isolation.CallSupervisor, "_start", counting)
    return started


# --------------------------------------------------------------------------- the guide's runtime


@pytest.fixture(scope="module")
def guide_runtime_module(tmp_path_factory) -> Any:
    folder = tmp_path_factory.mktemp("guide-runtime")
    files = guide_files()
    assert {"notes_worker.py", "notes_runtime.py"} <= set(files), sorted(files)
    for name in ("notes_worker.py", "notes_runtime.py"):
        (folder / name).write_text(files[name], encoding="utf-8")
    from llama_index_libra.runtime.loader import load_runtime

    runtime = load_runtime(f"{folder / 'notes_runtime.py'}:make_runtime")
    return sys.modules[type(runtime).__module__]


def test_the_guides_worker_runtime_builds_the_same_library_with_and_without_isolation(guide_runtime_module,
                                                                                     no_call_processes) -> None:
    isolated, report = build(guide_runtime_module.make_runtime(), None)
    assert no_call_processes == []  # its calls ran here: nothing forked around the worker's pipe
    in_process, _ = build(guide_runtime_module.make_runtime(), "none")
    assert report.timeouts > 0  # search_notes timed out mid-request, and every later call was its own
    assert library_bytes(isolated) == library_bytes(in_process)
    assert ("create_user", "add_note") in {(r.provider, r.consumer) for r in isolated.relations}


def test_the_guides_worker_runtime_in_the_process_pool(guide_runtime_module) -> None:
    serial, _ = build(guide_runtime_module.make_runtime(), None)
    pooled, _ = build(guide_runtime_module.make_runtime(), None, executor="process")
    assert library_bytes(pooled) == library_bytes(serial)


# --------------------------------------------------------------------------- a runtime that says nothing

# A worker a user wrote without this package's channel: JSON lines on its stdin and stdout, slow to
# start (an import that takes a while), one slow tool.
POPEN_WORKER = textwrap.dedent(
    """
    import json, sys, time
    time.sleep(1.2)
    print("ready", flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        state, args = request["state"], request["arguments"]
        if request["tool"] == "create_user":
            state["users"].append(args["name"])
            output = {"user_id": "u%d" % len(state["users"])}
        elif request["tool"] == "add_note":
            known = args["user_id"] in ["u%d" % (i + 1) for i in range(len(state["users"]))]
            output = {"note_id": len(state["notes"]) + 1} if known else {"error": "no such user"}
            if known:
                state["notes"].append(args["text"])
        else:
            time.sleep(3)
            output = {"hits": []}
        print(json.dumps({"output": output, "state": state}), flush=True)
    """
)
STRING = {"type": "string"}
POPEN_DOCS = [
    {"name": "create_user", "description": "Create a user account; returns its user_id.",
     "parameters": {"type": "object", "properties": {"name": STRING}, "required": ["name"]}},
    {"name": "add_note", "description": "Add a note for a user, given the user_id.",
     "parameters": {"type": "object", "properties": {"user_id": STRING, "text": STRING}, "required": ["user_id", "text"]}},
    {"name": "search_notes", "description": "Search every note for a text.",
     "parameters": {"type": "object", "properties": {"query": STRING}, "required": ["query"]}},
]


class PopenWorkerRuntime(Runtime):
    """Correct in one process: a call interrupted mid-request replaces the worker at once."""

    name = "popen-notes"

    def __init__(self) -> None:
        self.default_timeout_s = 0.5
        # the build's timeout_s (1 s in these tests) applies; the worker takes 1.2 s to start
        self.catalog = ToolCatalog.from_function_docs(POPEN_DOCS, name="popen-notes")
        self.fixtures = {"name": "alice", "text": "buy milk"}
        self.proc: Any = None
        self._start()

    def _start(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", POPEN_WORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline() == "ready\n"

    def _stop(self) -> None:
        self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):  # a killed worker's pipes, or they leak until exit
            pipe.close()

    def fresh(self) -> dict:
        return {"users": [], "notes": []}

    def snapshot(self, state: dict) -> dict:
        return json.loads(json.dumps(state))

    def restore(self, snap: dict) -> dict:
        return json.loads(json.dumps(snap))

    def view(self, state: dict, partition: str | None = None) -> dict:
        return json.loads(json.dumps(state))

    def _invoke(self, state: dict, tool: str, arguments: dict) -> Any:
        if self.proc.poll() is not None:
            self._start()
        try:
            self.proc.stdin.write(json.dumps({"tool": tool, "arguments": arguments, "state": state}) + "\n")
            self.proc.stdin.flush()
            reply = json.loads(self.proc.stdout.readline())
        except BaseException:  # the timeout alarm mid-request: the reply would reach the next call
            self._stop()
            self._start()
            raise
        state.clear()
        state.update(reply["state"])
        return reply["output"]


def test_a_runtime_holding_a_popen_worker_is_not_forked_around(no_call_processes) -> None:
    runtime = PopenWorkerRuntime()
    try:
        assert runtime.calls_out_of_process is None and isolation.calls_out_of_process(runtime)
        isolated, report = build(runtime, None, revise_unsuccessful=False)
        in_process, _ = build(runtime, "none", revise_unsuccessful=False)
    finally:
        runtime._stop()
    assert library_bytes(isolated) == library_bytes(in_process)
    assert report.timeouts > 0
    assert no_call_processes == []


class _Client:
    """Something a runtime holds that holds the worker (detection looks one level down)."""

    def __init__(self, proc: Any) -> None:
        self.proc = proc


class _Bare:
    calls_out_of_process: bool | None = None

    def __init__(self, **attributes: Any) -> None:
        self.__dict__.update(attributes)


def test_detection_looks_for_worker_handles_and_a_declaration_wins() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    assert not isolation.calls_out_of_process(_Bare(settings={"a": 1}, tools=[len]))
    assert isolation.calls_out_of_process(_Bare(proc=proc))
    assert isolation.calls_out_of_process(_Bare(client=_Client(proc)))
    assert isolation.calls_out_of_process(_Bare(pool=[proc]))
    declared = _Bare(proc=proc)
    declared.calls_out_of_process = False
    assert not isolation.calls_out_of_process(declared)
    assert isolation.calls_out_of_process(_Bare(calls_out_of_process=True))
