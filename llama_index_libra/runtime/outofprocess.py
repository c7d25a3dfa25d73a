"""SubprocessRuntime: stateful tools run in another interpreter, over a JSON-lines pipe.

For tools whose dependencies conflict with this package's (another numpy, an old torch, a vendored
SDK): the tools module is imported only by a worker process started with *their* interpreter
(``python=".venv-tools/bin/python"``), which speaks the ``libra-jsonl-1`` protocol of
``_jsonl_worker.py`` (standard library only). One worker serves many calls and is restarted after a
crash, a timeout or a CPU-limit kill, each of which becomes an ``error`` record for that call only.

**State** crosses the pipe as JSON at every call: the parent holds it (:class:`RemoteState`), so
``snapshot``/``restore`` are JSON copies (cheap, and picklable for the process executor), and
``view`` is the state itself. The tools module's state factory must return JSON (dicts, lists,
strings, numbers), or name ``to_json``/``from_json`` functions that convert its own state object.

**Isolation** (see docs/runtime-guide.md): the worker gets a new process group, a temporary
working folder, and only the environment variables in ``env_allowlist`` (by default no API keys,
tokens or cloud credentials) plus those given in ``env``; ``memory_mb`` caps its address space
(RLIMIT_AS: an allocation past it raises MemoryError in the tool) and ``cpu_s`` the CPU seconds of
each call (RLIMIT_CPU: the worker is killed and restarted). The network stays reachable unless
``no_network=True`` (an empty network namespace through ``unshare`` where the kernel allows it, a
socket guard in the worker, and proxy variables pointing at a closed port); the file system outside
the working folder is *not* isolated: the tools run as your user.
"""

from __future__ import annotations

import copy
import json
import os
import selectors
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.records import InvocationRecord, Status, to_jsonable
from llama_index_libra.runtime.base import Runtime, diff_views
from llama_index_libra.runtime.sandbox import CLOSED_PROXY, PROXY_VARIABLES, kill_group, unshare_prefix

__all__ = ["SubprocessRuntime", "RemoteState", "DEFAULT_ENV_ALLOWLIST", "WorkerError"]

WORKER = Path(__file__).with_name("_jsonl_worker.py")
PROTOCOL = "libra-jsonl-1"
# What a worker inherits from this process's environment: enough to run an interpreter and format
# text, nothing that authenticates (API keys, tokens, cloud credentials stay behind unless given in env=).
DEFAULT_ENV_ALLOWLIST = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR",
                         "TEMP", "TMP", "SYSTEMROOT", "PYTHONHASHSEED")
_READ_CHUNK = 65536
_STDERR_TAIL = 600


class WorkerError(RuntimeError):
    """The worker could not be started or could not load the tools module."""


@dataclass
class RemoteState:
    """A sandbox state of a :class:`SubprocessRuntime`: the tools' state as JSON, held by the parent."""

    data: Any


class _Channel:
    """One worker process and its line-buffered pipes."""

    def __init__(self, command: list[str], env: dict[str, str], preexec: Any) -> None:
        self.workdir = tempfile.TemporaryDirectory(prefix="libra-worker-", ignore_cleanup_errors=True)
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     cwd=self.workdir.name, env=env, start_new_session=True, preexec_fn=preexec)
        self._buffer = b""
        self._stderr = b""
        self._selector = selectors.DefaultSelector()
        assert self.proc.stdout is not None and self.proc.stderr is not None
        os.set_blocking(self.proc.stdout.fileno(), False)
        os.set_blocking(self.proc.stderr.fileno(), False)
        self._selector.register(self.proc.stdout, selectors.EVENT_READ, "out")
        self._selector.register(self.proc.stderr, selectors.EVENT_READ, "err")

    def request(self, message: dict[str, Any], timeout_s: float | None) -> dict[str, Any] | str:
        """Send one request and wait for its reply line: the reply, or a string saying why none came."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(message, ensure_ascii=True).encode("ascii") + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            return self._death("before the request was sent")
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        while b"\n" not in self._buffer:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                self.close()
                return f"timeout: the call did not return within {timeout_s:g} s; the worker was killed and is restarted"
            events = self._selector.select(left)
            for key, _ in events:
                chunk = os.read(key.fileobj.fileno(), _READ_CHUNK)  # type: ignore[union-attr]
                if key.data == "err":
                    self._stderr = (self._stderr + chunk)[-4 * _STDERR_TAIL:]
                    continue
                if not chunk:
                    return self._death("before replying")
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            reply = json.loads(line.decode("ascii"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            self.close()
            return f"malformed worker reply (something wrote to the process's stdout behind Python): {line[:80]!r}"
        if not isinstance(reply, dict) or reply.get("protocol") != PROTOCOL:
            self.close()
            return f"malformed worker reply: {line[:80]!r}"
        return reply

    def _death(self, when: str) -> str:
        code = self.proc.poll()
        if code is None:
            try:
                code = self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                code = None
        self.close()
        if code is not None and code < 0:
            import signal

            try:
                how = f"was killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"was killed by signal {-code}"
        else:
            how = f"exited with code {code}"
        return f"crash: the worker process {how} {when}"

    @property
    def stderr_tail(self) -> str:
        """The last characters the worker wrote to stderr."""
        return self._stderr.decode("utf-8", "replace")[-_STDERR_TAIL:]

    def alive(self) -> bool:
        """Whether the worker process is still running."""
        return self.proc.poll() is None

    def close(self) -> None:
        """Kill the worker's process group, close its pipes and remove its working folder."""
        kill_group(self.proc)  # the worker and anything a tool started
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL was sent
            pass
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        try:
            self._selector.close()
        except (OSError, ValueError):
            pass
        self.workdir.cleanup()


def _limits(memory_mb: float | None) -> Any:
    """A ``preexec_fn`` applying the address-space limit in the child before it runs Python."""
    if memory_mb is None:
        return None

    def apply() -> None:
        import resource

        limit = int(memory_mb * 1024 * 1024)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


class SubprocessRuntime(Runtime):
    """Tools of a module imported only by a worker running ``python`` (see the module docstring).

    Args:
        module: the tools module's import name (``my_tools``), found on ``path``.
        python: the interpreter with the tools' dependencies (default: this one).
        tools: the module attribute listing the tool functions (a list, or a dict of name -> function).
        state_factory: module function returning a fresh state (JSON); None: stateless tools.
        state_arg: the keyword through which tools receive the state.
        path: folders put first on the worker's ``sys.path``.
        catalog: the public catalog (default: described by the worker from signatures and docstrings).
        fixtures: public facts of the fresh state (JSON).
        to_json, from_json: module functions converting a non-JSON state object.
        timeout_s: wall-clock limit per call (the worker is killed and restarted past it).
        startup_timeout_s: limit for starting the worker and importing the module.
        env: environment variables given to the worker (API keys a tool needs go here, explicitly).
        env_allowlist: variables inherited from this process (default :data:`DEFAULT_ENV_ALLOWLIST`).
        memory_mb: address-space limit of the worker (RLIMIT_AS); None: none.
        cpu_s: CPU seconds per call (RLIMIT_CPU); None: none.
        no_network: cut the worker's Internet access (see the module docstring).
    """

    timeout_mode = "thread"  # unused: call() enforces its own limit on the pipe

    def __init__(
        self,
        module: str,
        *,
        python: str | Path | None = None,
        tools: str = "TOOLS",
        state_factory: str | None = None,
        state_arg: str = "state",
        path: Sequence[str | Path] = (),
        catalog: ToolCatalog | None = None,
        fixtures: Mapping[str, Any] | None = None,
        name: str | None = None,
        to_json: str | None = None,
        from_json: str | None = None,
        timeout_s: float | None = 10.0,
        startup_timeout_s: float = 60.0,
        env: Mapping[str, str] | None = None,
        env_allowlist: Sequence[str] = DEFAULT_ENV_ALLOWLIST,
        memory_mb: float | None = None,
        cpu_s: float | None = None,
        no_network: bool = False,
    ) -> None:
        self.module = module
        self.python = str(python or sys.executable)
        self.name = name or module.rsplit(".", 1)[-1]
        self.default_timeout_s = timeout_s
        self.startup_timeout_s = float(startup_timeout_s)
        self.env = {str(k): str(v) for k, v in (env or {}).items()}
        self.env_allowlist = tuple(env_allowlist)
        self.memory_mb = memory_mb
        self.cpu_s = cpu_s
        self.no_network = bool(no_network)
        self._load_request = {
            "op": "load", "module": module, "tools": tools, "state_factory": state_factory, "state_arg": state_arg,
            "path": [str(Path(p).resolve()) for p in path], "to_json": to_json, "from_json": from_json,
            "block_network": self.no_network,
        }
        self._prefix = unshare_prefix() if self.no_network else []
        try:
            self.fixtures: dict[str, Any] = to_jsonable(dict(fixtures or {}))
        except TypeError as exc:
            raise TypeError(f"fixtures must be JSON values: {exc}") from None
        self._channel: _Channel | None = None
        described = self._start()
        self._fresh = described["state"]
        self.catalog = catalog if catalog is not None else ToolCatalog.from_function_docs(described["tools"], name=self.name)
        missing = [n for n in self.catalog.names if n not in {t["name"] for t in described["tools"]}]
        if missing:
            raise WorkerError(f"the catalog names tools that {module}.{tools} does not have: {', '.join(missing[:8])}")
        # which code runs where: part of the run log's key
        self.identity = f"{self.python}|{module}|{self._load_request['path']}"

    # ---- the worker

    def _environment(self) -> dict[str, str]:
        env = {k: os.environ[k] for k in self.env_allowlist if k in os.environ}
        env.update(self.env)
        env["PYTHONIOENCODING"] = "utf-8"
        env.setdefault("MPLBACKEND", "Agg")
        if self.no_network:
            for key in PROXY_VARIABLES:
                env[key] = env[key.upper()] = CLOSED_PROXY
            env["HF_HUB_OFFLINE"] = env["TRANSFORMERS_OFFLINE"] = "1"
        return env

    def _start(self) -> dict[str, Any]:
        """Start a worker and load the tools module in it; raises :class:`WorkerError` when it cannot."""
        self.close()
        command = [*self._prefix, self.python, str(WORKER)]
        try:
            channel = _Channel(command, self._environment(), _limits(self.memory_mb))
        except OSError as exc:
            raise WorkerError(f"cannot start {self.python}: {exc}") from None
        reply = channel.request(self._load_request, self.startup_timeout_s)
        if isinstance(reply, str) or not reply.get("ok"):
            tail = channel.stderr_tail.strip()
            channel.close()
            why = reply if isinstance(reply, str) else reply.get("error")
            raise WorkerError(f"the worker ({self.python}) could not load {self.module}: {why}"
                              + (f" | stderr: ...{tail[-300:]}" if tail else ""))
        self._channel = channel
        return reply

    def close(self) -> None:
        """Stop the worker (a later call starts a new one)."""
        channel, self._channel = getattr(self, "_channel", None), None
        if channel is not None:
            channel.close()

    def __del__(self) -> None:  # pragma: no cover - interpreter shutdown order varies
        try:
            self.close()
        except Exception:  # noqa: BLE001
            pass

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the settings, not the worker: each process (pool worker, Ray actor) starts its own."""
        state = dict(self.__dict__)
        state["_channel"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    # ---- state

    def fresh(self) -> RemoteState:
        """The fresh state the worker's factory returned when the module was loaded."""
        return RemoteState(copy.deepcopy(self._fresh))

    def snapshot(self, state: Any) -> Any:
        """A JSON copy of the state."""
        return copy.deepcopy(state.data)

    def restore(self, snap: Any) -> RemoteState:
        """A new state from a snapshot (which stays reusable)."""
        return RemoteState(copy.deepcopy(snap))

    def view(self, state: Any, partition: str | None = None) -> dict[str, Any]:
        """The JSON state itself (one partition)."""
        if partition:
            raise KeyError(f"SubprocessRuntime {self.name!r} has a single partition '', not {partition!r}")
        return state.data if isinstance(state.data, dict) else {"state": state.data}

    # ---- calls

    def call(self, state: Any, tool: str, arguments: Mapping[str, Any], *, timeout_s: float | None = None) -> InvocationRecord:
        """Run ``tool`` in the worker on ``state`` (updated in place); never raises for the tool's failures."""
        recorded = self._recorded_arguments(tool, arguments)
        limit = self.default_timeout_s if timeout_s is None else timeout_s
        limit = float(limit) if limit is not None and 0 < limit < float("inf") else None
        before = self.view(state)
        t0 = time.perf_counter()

        def record(status: Status, output: Any = None, message: str | None = None, changes: list | None = None) -> InvocationRecord:
            return InvocationRecord(tool=tool, status=status, arguments=recorded, output=output,
                                    state_changes=changes or [], message=message, duration_s=time.perf_counter() - t0)

        try:
            if self._channel is None or not self._channel.alive():
                self._start()
        except WorkerError as exc:
            return record("error", message=str(exc))
        assert self._channel is not None
        reply = self._channel.request({"op": "call", "tool": tool, "arguments": recorded, "state": state.data,
                                       "cpu_s": self.cpu_s}, limit)
        if isinstance(reply, str):  # the channel closed itself: the next call starts a new worker
            self._channel = None
            return record("error", message=reply)
        if "state" in reply:
            state.data = reply["state"]
        changes = diff_views(before, self.view(state))
        if not reply.get("ok"):
            return record("error", message=str(reply.get("error")), changes=changes)
        answer = reply.get("reply") or {}
        kind = answer.get("kind")
        if kind == "opaque":
            return record("error", message=f"unserializable output: {answer.get('type')}: {answer.get('repr')}", changes=changes)
        output = None if kind == "none" else answer.get("value")
        status, message = self._classify(tool, output)
        return record(status, output, message, changes)

    def _invoke(self, state: Any, tool: str, arguments: dict[str, Any]) -> Any:
        """The raw output of one call (``call`` does the work; this serves the protocol's contract)."""
        result = self.call(state, tool, arguments)
        if result.status == "error":
            raise RuntimeError(result.message or "error")
        return result.output

    def __repr__(self) -> str:
        return f"SubprocessRuntime(module={self.module!r}, python={self.python!r}, tools={len(self.catalog)})"
