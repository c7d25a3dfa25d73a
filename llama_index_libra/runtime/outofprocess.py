"""SubprocessRuntime: stateful tools run in another interpreter, over a dedicated pipe channel.

For tools whose dependencies conflict with this package's (another numpy, an old torch, a vendored
SDK): the tools module is imported only by a worker process started with *their* interpreter
(``python=".venv-tools/bin/python"``), which serves ``_jsonl_worker.py`` (standard library only) over
the ``libra-pipe-1`` channel of :mod:`.channel`: dedicated pipes and request ids, so nothing a tool
or its child processes print reaches the replies, and the worker's exit is watched, so a crash is
noticed at once even when a grandchild holds the pipe. One worker serves many calls and is restarted
after a crash, a timeout or a CPU-limit kill, each of which becomes an ``error`` record for that
call only. Calls are already out of process (``calls_out_of_process = True``), so per-call isolation
never forks around the worker.

**State** crosses the pipe as JSON at every call: the parent holds it (:class:`RemoteState`), so
``snapshot``/``restore`` are JSON copies (cheap, and picklable for the process executor), and
``view`` is the state itself. The tools module's state factory must return JSON (dicts, lists,
strings, numbers), or name ``to_json``/``from_json`` functions that convert its own state object.

**Isolation** (see docs/runtime-guide.md): the worker gets a new process group, a temporary
working folder, and only the environment variables in ``env_allowlist`` (by default no API keys,
tokens or cloud credentials) plus those given in ``env``; ``memory_mb`` caps its address space
(RLIMIT_AS: an allocation past it raises MemoryError in the tool) and ``cpu_s`` the CPU seconds of
each call (RLIMIT_CPU, and the parent kills a worker that ignores SIGXCPU past the limit; the worker
is restarted). The network stays reachable unless ``no_network=True`` (an empty network namespace
through ``unshare`` where the kernel allows it, a socket guard in the worker, and proxy variables
pointing at a closed port; without the namespace a warning says only the guard holds, and
``no_network="strict"`` refuses to start instead; :attr:`SubprocessRuntime.network_isolation` lists
the layers in force). The file system outside the working folder is *not* isolated: the tools run
as your user, and without the namespace the environment allowlist is hygiene, not a boundary (a tool
can read its parent's environment from ``/proc``).
"""

from __future__ import annotations

import copy
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.records import InvocationRecord, Status, to_jsonable
from llama_index_libra.runtime.base import Runtime, diff_views
from llama_index_libra.runtime.channel import (
    ChannelError,
    ChannelTimeout,
    CPULimitExceeded,
    PipeChannel,
    RemoteError,
    WorkerDied,
)
from llama_index_libra.runtime.sandbox import CLOSED_PROXY, PROXY_VARIABLES, unshare_prefix

__all__ = ["SubprocessRuntime", "RemoteState", "DEFAULT_ENV_ALLOWLIST", "WorkerError"]

WORKER = Path(__file__).with_name("_jsonl_worker.py")
# What a worker inherits from this process's environment: enough to run an interpreter and format
# text, nothing that authenticates (API keys, tokens, cloud credentials stay behind unless given in env=).
DEFAULT_ENV_ALLOWLIST = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR",
                         "TEMP", "TMP", "SYSTEMROOT", "PYTHONHASHSEED")
_STDERR_TAIL = 600
NETWORK_MODES = (False, True, "strict")
logger = logging.getLogger("llama_index_libra")


class WorkerError(RuntimeError):
    """The worker could not be started or could not load the tools module."""


@dataclass
class RemoteState:
    """A sandbox state of a :class:`SubprocessRuntime`: the tools' state as JSON, held by the parent."""

    data: Any


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
        no_network: cut the worker's Internet access (see the module docstring); ``"strict"``: require
            the network namespace (raise :class:`WorkerError` where ``unshare --net`` is unavailable).
    """

    timeout_mode = "thread"  # unused: call() enforces its own limit on the pipe
    calls_out_of_process = True  # the worker runs them: per-call isolation must not fork around its pipe

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
        no_network: bool | str = False,
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
        if no_network not in NETWORK_MODES:
            raise ValueError(f"no_network must be False, True or 'strict', got {no_network!r}")
        self.no_network = no_network
        self._load_request = {
            "module": module, "tools": tools, "state_factory": state_factory, "state_arg": state_arg,
            "path": [str(Path(p).resolve()) for p in path], "to_json": to_json, "from_json": from_json,
            "block_network": bool(self.no_network),
        }
        self._prefix = unshare_prefix() if self.no_network else []
        if self.no_network and not self._prefix:
            if self.no_network == "strict":
                raise WorkerError("no_network='strict' needs an empty network namespace, and `unshare --net` is not "
                                  "available here (no unshare, or unprivileged user namespaces are off); run the build "
                                  "in a container with --network none, or pass no_network=True for the Python-level guard")
            logger.warning("libra: %s: no network namespace here (`unshare --net` is unavailable): no_network=True falls "
                           "back to a Python-level socket guard, which a tool can get around (the _socket module, a "
                           "child process); pass no_network='strict' to require the namespace", self.name)
        try:
            self.fixtures: dict[str, Any] = to_jsonable(dict(fixtures or {}))
        except TypeError as exc:
            raise TypeError(f"fixtures must be JSON values: {exc}") from None
        self._channel: PipeChannel | None = None
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

    @property
    def network_isolation(self) -> list[str]:
        """The network cut-off layers in force: ``unshare`` (an empty network namespace), ``socket-guard``
        and ``proxy-env``; empty: the network is on."""
        if not self.no_network:
            return []
        return (["unshare"] if self._prefix else []) + ["socket-guard", "proxy-env"]

    def _start(self) -> dict[str, Any]:
        """Start a worker and load the tools module in it; raises :class:`WorkerError` when it cannot."""
        self.close()
        command = [*self._prefix, self.python, str(WORKER)]
        try:
            channel = PipeChannel(command, env=self._environment(), startup_timeout_s=self.startup_timeout_s,
                                  preexec_fn=_limits(self.memory_mb))
        except OSError as exc:
            raise WorkerError(f"cannot start {self.python}: {exc}") from None
        except ChannelError as exc:
            raise WorkerError(f"the worker ({self.python}) did not start: {exc}") from None
        try:
            reply = channel.request("load", self._load_request, timeout_s=self.startup_timeout_s)
        except (ChannelError, RemoteError) as exc:
            tail = channel.log_tail().strip()
            channel.close()
            raise WorkerError(f"the worker ({self.python}) could not load {self.module}: {getattr(exc, 'reason', exc)}"
                              + (f" | its output: ...{tail[-300:]}" if tail else "")) from None
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
        payload = {"tool": tool, "arguments": recorded, "state": state.data, "cpu_s": self.cpu_s}
        try:
            reply = self._channel.request("call", payload, timeout_s=limit, cpu_s=self.cpu_s)
        except ChannelTimeout:
            self.close()
            return record("error", message=f"timeout: the call did not return within {limit:g} s; the worker was "
                                           "killed and is restarted")
        except CPULimitExceeded:
            self.close()
            return record("error", message=f"crash: the worker used more than its {self.cpu_s:g} s of CPU time "
                                           "(cpu_s) and was killed")
        except WorkerDied as exc:
            self.close()
            return record("error", message=exc.reason)
        except ChannelError as exc:
            self.close()
            return record("error", message=str(exc))
        except RemoteError as exc:  # the worker could not encode the state or the reply
            return record("error", message=str(exc))
        if not isinstance(reply, dict):
            return record("error", message=f"malformed worker reply: {reply!r:.80}")
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
