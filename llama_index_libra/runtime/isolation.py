"""Supervised call isolation: run each induction call in a child process that may die.

Python cannot stop every call from inside its own process: ``os._exit``, a signal or a segfault in
a tool ends the process; a bare ``except:`` swallows the timeout alarm; a long C call (a builtin
loop holding the GIL) never returns to the interpreter for the alarm to fire. So, with
``Runtime.isolation = "process"`` (the default), :meth:`Runtime.execute` sends each call to one
child process per (process, runtime) that restores the snapshot, makes the call (under the usual
in-process alarm), snapshots the new state and sends the record back. The parent waits at most the
call's timeout plus ``KILL_GRACE_S``:

* the child died: the call is recorded as ``error`` with fault ``crashed`` (and how it died);
* the child did not answer in time: it is killed and the call recorded exactly as an in-process
  timeout (``error``, fault ``timeout``, the same message);

and the next call starts a new child. Either way the cost is that call (plus one ``fork``), never
the build. A runtime whose calls already run in a worker process (``calls_out_of_process``, declared
or detected by :func:`calls_out_of_process`) is not forked around: its calls run here, and the worker
channel contains their faults. The child is forked where the platform can (no pickling: tools defined in ``__main__``
and unpicklable runtimes work), else spawned (the runtime must pickle). It ignores SIGINT (Ctrl-C
is the parent's to handle) and, on Linux, is killed by the kernel when its parent dies.

Cost: each call pays a pipe round trip and the pickling of its record (snapshots travel once per
state, not once per call); see docs/security.md ("Tool faults and interrupted builds") for measurements.

In a process-pool build the pool worker is itself a process that may die, so with ``"process"`` a
worker runs calls in place (:class:`PoolWatch`): it writes each call's deadline to memory the master
reads, the master kills a worker whose call runs past it, and a worker's death (a crash, or that kill)
costs its unfinished chunks, which run again with every call in a call process as above. A call's
record is the same either way, so the library is too; a healthy build saves the round trip of every
call. ``isolation = "call"`` keeps every call in a call process, pool workers included.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import pickle
import signal
import threading
import time
from collections import OrderedDict
from multiprocessing.connection import wait as _wait
from typing import Any, Iterator, Mapping

from llama_index_libra.records import InvocationRecord, crashed_record, storable_json, timeout_record, to_jsonable

__all__ = ["execute", "calls_out_of_process", "CallSupervisor", "supervisor_for", "close_supervisors", "with_isolation", "IN_CHILD", "KILL_GRACE_S",
           "ISOLATION_MODES", "PoolWatch", "WatchMemory", "watch_pool_calls"]

# "process": calls run in a process that may die (a supervised call process; in a pool worker, the
# watched worker itself); "call": always in a supervised call process; "none": in place, unsupervised.
ISOLATION_MODES = ("process", "call", "none")
SUPERVISED_MODES = ("process", "call")

# How long past its timeout a call may run before its process is killed: the in-process alarm
# normally ends it at the limit; this covers the alarm being swallowed or never delivered.
KILL_GRACE_S = 1.0
# How long a new call process may take to start (fork, then arm its signals) before the call it was
# started for is recorded as crashed; generous, because a loaded machine forks slowly.
STARTUP_S = 60.0
_READY = b"libra-call-ready"
# Snapshots a child keeps (by token), most recently used first: exploration runs many calls per state.
SNAPSHOT_CACHE = 16

IN_CHILD = False  # True inside a supervised child: execute() then runs calls in place
_PROTOCOL = pickle.HIGHEST_PROTOCOL


def _die_with_parent() -> None:
    """Linux: ask the kernel to SIGKILL this process when its parent dies (best effort)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass


def _serve(runtime: Any, conn: Any, parent_pid: int, parent_end: Any = None) -> None:
    """Child loop: receive calls, run them in place, send back ``(record, child)`` pickles."""
    global IN_CHILD
    IN_CHILD = True
    if parent_end is not None:  # forked: drop the parent's end, so its death reads as EOF here
        parent_end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:  # its own process group: the processes a tool starts are killed with it
        os.setpgid(0, 0)
    except OSError:  # pragma: no cover - not permitted here
        pass
    import faulthandler

    faulthandler.disable()  # a segfaulting tool is a record ("killed by SIGSEGV"), not a dump in the build's output
    _die_with_parent()
    if os.getppid() != parent_pid:  # the parent died before the death signal was armed
        os._exit(0)
    snaps: dict[int, Any] = {}
    conn.send_bytes(_READY)  # the parent starts a call's clock only now: a slow fork is not the call's time
    while True:
        try:
            message = conn.recv_bytes()
        except (EOFError, OSError):
            os._exit(0)
        token, blob, drop, tool, arguments, timeout_s = pickle.loads(message)
        for old in drop:
            snaps.pop(old, None)
        try:
            if blob is not None:
                snaps[token] = pickle.loads(blob)
            reply = pickle.dumps(("ok", runtime.execute_here(snaps[token], tool, arguments, timeout_s)), _PROTOCOL)
        except BaseException as exc:  # noqa: BLE001 - the parent re-raises it (an unknown tool, a bad snapshot)
            try:
                reply = pickle.dumps(("raise", exc), _PROTOCOL)
            except Exception:  # noqa: BLE001
                reply = pickle.dumps(("raise", RuntimeError(f"{type(exc).__name__} in the call process")), _PROTOCOL)
        conn.send_bytes(reply)


def _death_text(exitcode: int | None) -> str:
    if exitcode is None:
        return "it stopped answering"
    if exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exit code {exitcode}"


class CallSupervisor:
    """One supervised child process running one runtime's calls (see the module docstring)."""

    def __init__(self, runtime: Any) -> None:
        self.runtime = runtime
        self.proc: Any = None
        self.conn: Any = None
        self.restarts = 0
        self._snaps: "OrderedDict[int, tuple[Any, int]]" = OrderedDict()  # id(snap) -> (snap, token)
        self._child_has: set[int] = set()
        self._next_token = 0
        self.inline = False  # True when no child can be started here (spawn-only platform, unpicklable runtime)
        self.started_badly = False  # the last start gave no ready signal in STARTUP_S
        self._lock = threading.Lock()  # one call at a time through the pipe (threads share a supervisor)
        methods = mp.get_all_start_methods()
        self._mp = mp.get_context("fork" if "fork" in methods else "spawn")

    # ---- child lifecycle
    def _start(self) -> None:
        parent_conn, child_conn = self._mp.Pipe(duplex=True)
        forked = self._mp.get_start_method() == "fork"
        proc = self._mp.Process(target=_serve, args=(self.runtime, child_conn, os.getpid(), parent_conn if forked else None),
                                name="libra-call", daemon=True)
        try:
            proc.start()
        except Exception as exc:  # noqa: BLE001 - spawn-only platforms must pickle the runtime
            import logging

            child_conn.close()
            parent_conn.close()
            self.inline = True
            logging.getLogger("llama_index_libra").warning(
                "libra: calls run in-process, unisolated: the runtime cannot be sent to a call process (%s: %s)",
                type(exc).__name__, (str(exc).strip().splitlines() or [""])[0])
            return
        child_conn.close()
        self.proc, self.conn = proc, parent_conn
        self._child_has = set()
        try:  # wait for the child to be serving, so that its start-up never counts against a call's timeout
            ready = parent_conn.poll(STARTUP_S) and parent_conn.recv_bytes() == _READY
        except (EOFError, OSError):
            ready = False
        if not ready:
            self.started_badly = True

    def _kill(self) -> None:
        proc, conn = self.proc, self.conn
        self.proc = self.conn = None
        self._child_has = set()
        if proc is not None:
            if proc.pid is not None:
                try:  # the call process and whatever its tools started (its own process group)
                    os.killpg(proc.pid, signal.SIGKILL)
                except OSError:
                    pass
            if proc.is_alive():
                proc.kill()
            proc.join(5)
            try:
                proc.close()
            except ValueError:  # pragma: no cover - still running after SIGKILL + 5 s
                pass
        if conn is not None:
            conn.close()

    def close(self) -> None:
        """Stop the child (it holds no results: every answered call is already with the parent)."""
        self._kill()
        self._snaps.clear()

    # ---- calls
    def _token(self, snap: Any) -> tuple[int, bytes | None, list[int]]:
        entry = self._snaps.get(id(snap))
        drop: list[int] = []
        if entry is not None and entry[0] is snap:
            self._snaps.move_to_end(id(snap))
            token = entry[1]
        else:
            self._next_token += 1
            token = self._next_token
            self._snaps[id(snap)] = (snap, token)  # holding snap keeps its id from being reused
            while len(self._snaps) > SNAPSHOT_CACHE:
                _, (_, old) = self._snaps.popitem(last=False)
                if old in self._child_has:
                    self._child_has.discard(old)
                    drop.append(old)
        blob = None if token in self._child_has else pickle.dumps(snap, _PROTOCOL)
        return token, blob, drop

    def execute(self, snap: Any, tool: str, arguments: Mapping[str, Any],
                timeout_s: float | None) -> tuple[InvocationRecord, tuple[str, Any] | None]:
        """:meth:`Runtime.execute` in the child; a dead or hung child costs this call only."""
        with self._lock:
            return self._execute(snap, tool, arguments, timeout_s)

    def _execute(self, snap: Any, tool: str, arguments: Mapping[str, Any],
                 timeout_s: float | None) -> tuple[InvocationRecord, tuple[str, Any] | None]:
        self.runtime.check_tool(tool)
        limit = self.runtime.default_timeout_s if timeout_s is None else timeout_s
        bounded = limit is not None and 0 < limit < float("inf")
        args = dict(arguments)
        t0 = time.perf_counter()
        if self.proc is None and not self.inline:
            self.started_badly = False
            self._start()
            if self.started_badly:  # it died or hung while starting: this call is recorded as crashed
                return self._died(tool, args, t0)
        if self.inline:
            return self.runtime.execute_here(snap, tool, args, timeout_s)
        token, blob, drop = self._token(snap)
        t0 = time.perf_counter()
        try:
            self.conn.send_bytes(pickle.dumps((token, blob, drop, tool, args, timeout_s), _PROTOCOL))
        except (BrokenPipeError, ConnectionResetError, EOFError, OSError):
            return self._died(tool, args, t0)  # it died after its last answer (an atexit, a thread)
        self._child_has.add(token)
        ready = _wait([self.conn, self.proc.sentinel], float(limit) + KILL_GRACE_S if bounded else None)
        if not ready:
            self._kill()
            self.restarts += 1
            return timeout_record(tool, self._recorded(args), float(limit), time.perf_counter() - t0), None
        try:
            if self.conn.poll(0):
                kind, value = pickle.loads(self.conn.recv_bytes())
            else:
                return self._died(tool, args, t0)
        except (EOFError, OSError, ConnectionResetError):
            return self._died(tool, args, t0)
        if kind == "raise":
            if isinstance(value, KeyboardInterrupt):  # no Ctrl-C reaches a call process: not the user's
                raise RuntimeError(f"{type(value).__name__} in the call process, outside the tool call") from None
            raise value
        return value

    def _died(self, tool: str, args: dict[str, Any], t0: float) -> tuple[InvocationRecord, None]:
        proc = self.proc
        if proc is not None:
            proc.join(5)
        how = _death_text(proc.exitcode if proc is not None else None)
        self._kill()
        self.restarts += 1
        return crashed_record(tool, self._recorded(args), how, time.perf_counter() - t0), None

    @staticmethod
    def _recorded(args: dict[str, Any]) -> dict[str, Any]:
        try:
            return storable_json(to_jsonable(args))
        except (TypeError, ValueError):
            return {}


def _worker_types() -> tuple[type, ...]:
    import multiprocessing.connection
    import multiprocessing.process
    import socket
    import subprocess

    from llama_index_libra.runtime.channel import PipeChannel

    return (PipeChannel, subprocess.Popen, multiprocessing.process.BaseProcess, multiprocessing.connection.Connection,
            socket.socket)


def _worker_handle(obj: Any, kinds: tuple[type, ...], depth: int = 0) -> Any:
    """A worker handle among ``obj``'s attributes, their attributes, and the items of containers there."""
    try:
        values = list(vars(obj).values())
    except TypeError:
        return None
    for value in values:
        if isinstance(value, kinds):
            return value
        if isinstance(value, (list, tuple, set, frozenset)):
            found = next((v for v in list(value)[:64] if isinstance(v, kinds)), None)
        elif isinstance(value, dict):
            found = next((v for v in list(value.values())[:64] if isinstance(v, kinds)), None)
        elif depth < 1 and hasattr(value, "__dict__") and not isinstance(value, type) and not callable(value):
            found = _worker_handle(value, kinds, depth + 1)
        else:
            found = None
        if found is not None:
            return found
    return None


_DETECTED: dict[int, Any] = {}


def calls_out_of_process(runtime: Any) -> bool:
    """Whether ``runtime``'s calls already run outside this process: its ``calls_out_of_process``
    declaration, else whether it holds a worker handle (logged once per runtime)."""
    declared = getattr(runtime, "calls_out_of_process", None)
    if declared is not None:
        return bool(declared)
    if _DETECTED.get(id(runtime)) is runtime:
        return True
    handle = _worker_handle(runtime, _worker_types())
    if handle is None:
        return False
    _DETECTED[id(runtime)] = runtime
    import logging

    logging.getLogger("llama_index_libra").info(
        "libra: %s holds a worker (%s), so its calls run in this process, not in a forked call process that would "
        "share the worker's channel; set calls_out_of_process = True on the runtime to say so (False isolates anyway)",
        getattr(runtime, "name", type(runtime).__name__), type(handle).__name__)
    return True


class WatchMemory:
    """Memory a process pool's master shares with its watched workers: three numbers per worker, its
    pid, the deadline of the call it runs (``time.monotonic()``; 0 between calls, infinity for a call
    without a time limit) and 1 when it leads its own process group (what its tools start dies with
    it). Made by the master from its multiprocessing ``context``; it travels to workers as they spawn."""

    FIELDS = 3

    def __init__(self, context: Any, workers: int) -> None:
        self.array = context.RawArray("d", self.FIELDS * workers)
        self._next = context.Value("i", 0)

    def claim(self) -> int | None:
        """A worker's slot (the next free one), or None once every slot is taken."""
        with self._next.get_lock():
            slot = self._next.value
            self._next.value += 1
        return slot if slot < len(self.array) // self.FIELDS else None

    def join(self, slot: int, pid: int, grouped: bool) -> None:
        at = self.FIELDS * slot
        self.array[at], self.array[at + 1], self.array[at + 2] = float(pid), 0.0, 1.0 if grouped else 0.0

    def post(self, slot: int, deadline: float) -> None:
        """The deadline of the call ``slot``'s worker starts (0.0: it ended)."""
        self.array[self.FIELDS * slot + 1] = deadline

    def _slots(self) -> Iterator[tuple[int, int, float, float]]:
        a, f = self.array, self.FIELDS
        for slot in range(len(a) // f):
            yield slot, int(a[f * slot]), a[f * slot + 1], a[f * slot + 2]

    def overdue(self, now: float) -> list[int]:
        """The pids of workers whose call passed its deadline by ``now`` (their deadlines cleared)."""
        out = []
        for slot, pid, deadline, _ in self._slots():
            if pid > 0 and 0 < deadline < now:
                self.post(slot, 0.0)
                out.append(pid)
        return out

    def groups(self) -> list[int]:
        """The process groups the workers lead."""
        return [pid for _, pid, _, grouped in self._slots() if pid > 0 and grouped == 1.0]


class PoolWatch:
    """A pool worker that runs calls in place, watched by its master (see the module docstring):
    slot ``slot`` of the pool's :class:`WatchMemory`."""

    def __init__(self, memory: WatchMemory, slot: int) -> None:
        self.memory, self.slot = memory, slot

    def execute(self, runtime: Any, snap: Any, tool: str, arguments: Mapping[str, Any],
                timeout_s: float | None) -> tuple[InvocationRecord, tuple[str, Any] | None]:
        """:meth:`Runtime.execute_here`, its deadline posted for the master while it runs."""
        limit = runtime.default_timeout_s if timeout_s is None else timeout_s
        bounded = limit is not None and 0 < limit < float("inf")
        self.memory.post(self.slot, time.monotonic() + float(limit) + KILL_GRACE_S if bounded else float("inf"))
        try:
            return runtime.execute_here(snap, tool, arguments, timeout_s)
        finally:
            self.memory.post(self.slot, 0.0)


_WATCH: PoolWatch | None = None


def watch_pool_calls(memory: WatchMemory) -> None:
    """Make this process a watched pool worker (a slot of ``memory``, while one is free): it leads a
    process group of its own, so the master can stop what its tools start, and runs calls of
    ``"process"`` runtimes in place. Called by the process pool's worker initializer."""
    global _WATCH
    slot = memory.claim()
    if slot is None:
        return  # (more workers than slots: this one's calls go to a call process)
    grouped = False
    try:
        os.setpgid(0, 0)
        grouped = True
    except OSError:  # pragma: no cover - not permitted here
        pass
    memory.join(slot, os.getpid(), grouped)
    _WATCH = PoolWatch(memory, slot)


def execute(runtime: Any, snap: Any, tool: str, arguments: Mapping[str, Any],
            timeout_s: float | None = None) -> tuple[InvocationRecord, tuple[str, Any] | None]:
    """Run one call of ``runtime`` where its ``isolation`` says: in this process's supervised child
    (``"process"`` or ``"call"``, unless this process is such a child already, or the runtime's calls
    already run in a worker process: :func:`calls_out_of_process`), in place in a watched pool worker
    (``"process"``: :class:`PoolWatch`), or here (``"none"``: :meth:`Runtime.execute_here`)."""
    mode = getattr(runtime, "isolation", "none")
    if mode in SUPERVISED_MODES and not IN_CHILD and not calls_out_of_process(runtime):
        if mode == "process" and _WATCH is not None:
            return _WATCH.execute(runtime, snap, tool, arguments, timeout_s)
        return supervisor_for(runtime).execute(snap, tool, arguments, timeout_s)
    return runtime.execute_here(snap, tool, arguments, timeout_s)


def with_isolation(runtime: Any, isolation: str | None) -> Any:
    """``runtime`` itself (``isolation`` None or already its mode), else a shallow copy in that mode."""
    if isolation is None or getattr(runtime, "isolation", None) == isolation:
        return runtime
    if isolation not in ISOLATION_MODES:
        raise ValueError(f"unknown isolation {isolation!r}; use {' or '.join(ISOLATION_MODES)}")
    import copy

    twin = copy.copy(runtime)
    twin.isolation = isolation
    return twin


_SUPERVISORS: dict[int, tuple[Any, CallSupervisor]] = {}


_EXIT_HOOKED: list[int] = []


def _close_at_exit() -> None:
    """Stop this process's call processes (and what their tools started) when it exits: at exit, and
    in a multiprocessing worker (which leaves without running ``atexit``)."""
    if _EXIT_HOOKED == [os.getpid()]:
        return
    _EXIT_HOOKED[:] = [os.getpid()]
    import atexit
    from multiprocessing import util

    atexit.register(close_supervisors)
    util.Finalize(None, close_supervisors, exitpriority=50)


def supervisor_for(runtime: Any) -> CallSupervisor:
    """This process's supervisor for ``runtime`` (created, and its child started, on first use)."""
    entry = _SUPERVISORS.get(id(runtime))
    if entry is None or entry[0] is not runtime:
        _close_at_exit()
        entry = _SUPERVISORS[id(runtime)] = (runtime, CallSupervisor(runtime))
    return entry[1]


def close_supervisors() -> None:
    """Stop every supervised child of this process (end of a build, or an interrupted one)."""
    while _SUPERVISORS:
        _, (_, supervisor) = _SUPERVISORS.popitem()
        supervisor.close()
