"""The runtime protocol: sandboxes that execute catalog tools on resettable state.

A :class:`Runtime` makes a fresh sandbox state, snapshots and restores it, and calls a tool with
keyword arguments in a given state, returning a normalized :class:`InvocationRecord`. The induction
engine only ever talks to this protocol, so any executable environment (the BFCL classes, a user's
own Python tools) plugs in by implementing a handful of methods.

The shared machinery lives here, so a concrete runtime implements only how to make, copy and view
its state, how to invoke one tool (:meth:`Runtime._invoke`) and how to read its own failure
conventions from the JSON output (:meth:`Runtime._classify`). :meth:`Runtime.call` then:

* checks the tool name (an unknown name raises ``KeyError``: a programming error, not a tool failure);
* gives the tool its own copy of the arguments (a tool that stores an argument list in its state
  cannot alias the caller's object) and records the arguments as JSON;
* runs the tool under a timeout, never raising for the tool's own failures: an exception becomes
  status ``error`` with message ``"ExceptionType: message"`` (even when its ``__str__`` raises), a
  timeout becomes ``error`` with fault ``timeout`` and a message naming the limit, an output that is
  not JSON (or whose ``to_dict``/``model_dump``/``__getattr__`` raises, or that no UTF-8 JSON file
  can hold, e.g. an integer over 4,300 digits) becomes ``error`` ``"unserializable output: ..."``;
  lone surrogates in outputs, messages and state changes are repaired to U+FFFD
  (:func:`~llama_index_libra.records.storable_json`, the one gate before any file);
* records ``state_changes``: the leaf diffs (:func:`diff_views`) of ``view(state, partition_of(tool))``
  before and after the call, so the record says exactly what the call changed.

Timeouts are enforced in-process: the call runs on a daemon worker thread (one per calling thread,
reused across calls) and the caller stops waiting after ``timeout_s``. Python cannot kill a thread,
so a call that times out keeps running in the background and may still mutate its state: **a state
whose call timed out must be discarded** (the engine always restores from snapshots, so it does).
A timeout of ``None``, ``0`` or ``math.inf`` (as ``default_timeout_s`` or per call) disables the
limit and runs the call inline in the calling thread, which saves the thread hand-off (~20-50 us).

In-process limits cannot stop everything: ``os._exit``, a signal or a segfault ends the process,
a bare ``except:`` swallows the alarm, a long C call never lets it fire. Induction therefore calls
:meth:`Runtime.execute`, which with ``isolation = "process"`` (the default) runs the call in a
supervised child process (``runtime/isolation.py``): a crash is recorded as fault ``crashed``, a
call past its limit plus a grace is killed and recorded exactly as a timeout, and the build goes on.
"""

from __future__ import annotations

import abc
import copy
import hashlib
import inspect
import math
import queue
import signal
import threading
import time
from typing import Any, Callable, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.records import InvocationRecord, Status, storable_json, to_jsonable

__all__ = [
    "Runtime",
    "diff_views",
    "json_path_child",
    "jsonable_view",
    "mutable_defaults",
    "format_exception",
]


# --------------------------------------------------------------------------- JSON paths and diffs

_IDENT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
# Keys jsonpath-ng cannot parse after a dot (its ``where`` operators); they use the bracket form.
_JSONPATH_KEYWORDS = frozenset({"where", "wherenot"})


def json_path_child(path: str, key: Any) -> str:
    """The JSONPath of ``key`` under ``path``: ``$.a.b`` for identifiers, ``$.a['file 1.txt']`` else.

    Integers (list indices) give ``$.a[0]``. Every path parses with ``jsonpath-ng``.
    """
    if isinstance(key, int) and not isinstance(key, bool):
        return f"{path}[{key}]"
    key = str(key)
    if key and not key[0].isdigit() and all(c in _IDENT_CHARS for c in key) and key not in _JSONPATH_KEYWORDS:
        return f"{path}.{key}"
    escaped = key.replace("\\", "\\\\").replace("'", "\\'")
    return f"{path}['{escaped}']"


def _diff(a: Any, b: Any, path: str, out: list[dict[str, Any]]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            child = json_path_child(path, str(key))
            if key not in b:
                out.append({"path": child, "before": a[key]})
            elif key not in a:
                out.append({"path": child, "after": b[key]})
            else:
                _diff(a[key], b[key], child, out)
        return
    if isinstance(a, list) and isinstance(b, list):
        common = min(len(a), len(b))
        for i in range(common):
            _diff(a[i], b[i], f"{path}[{i}]", out)
        for i in range(common, len(a)):
            out.append({"path": f"{path}[{i}]", "before": a[i]})
        for i in range(common, len(b)):
            out.append({"path": f"{path}[{i}]", "after": b[i]})
        return
    if a != b:
        out.append({"path": path, "before": a, "after": b})


def diff_views(before: Any, after: Any, *, root: str = "$") -> list[dict[str, Any]]:
    """Leaf differences between two JSON views, as ``{"path", "before", "after"}`` records.

    Dict keys are visited in sorted order and list items by index, so the result is deterministic.
    A key or list item that appears has only ``after``; one that disappears has only ``before``; both
    carry the whole (sub)value. A value whose JSON type changes is one record with both sides.

    Leaves compare by value, as Python does: a tool that re-stores ``25.0`` as ``25`` changed nothing
    (the canonical JSON, hence :meth:`Runtime.digest`, does tell them apart). The whole-view equality
    check runs in C, so a call that changed nothing costs almost nothing here.
    """
    out: list[dict[str, Any]] = []
    if before == after:
        return out
    _diff(before, after, root, out)
    return out


# --------------------------------------------------------------------------- lenient JSON views


def jsonable_view(obj: Any, *, max_depth: int = 48) -> Any:
    """A deterministic JSON view of an arbitrary Python object, for diffs and digests.

    Tries :func:`to_jsonable` first; objects it cannot convert become the JSON view of their
    attributes (``vars``), and anything else becomes ``"<module.Type>"`` (never a ``repr`` with a
    memory address, which would make digests differ between identical states). Cycles become
    ``"<cycle>"``.
    """
    try:
        return to_jsonable(obj)
    except (TypeError, ValueError, RecursionError):
        return _lenient(obj, set(), 0, max_depth)


def _lenient(obj: Any, stack: set[int], depth: int, max_depth: int) -> Any:
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else repr(obj)
    if depth >= max_depth:
        return f"<{type(obj).__module__}.{type(obj).__qualname__}>"
    if id(obj) in stack:
        return "<cycle>"
    stack.add(id(obj))
    try:
        if isinstance(obj, dict):
            return {str(k): _lenient(v, stack, depth + 1, max_depth) for k, v in obj.items()}
        if isinstance(obj, (list, tuple)):
            return [_lenient(v, stack, depth + 1, max_depth) for v in obj]
        if isinstance(obj, (set, frozenset)):
            items = [_lenient(v, stack, depth + 1, max_depth) for v in obj]
            return sorted(items, key=canonical_json)
        try:
            return to_jsonable(obj)
        except (TypeError, ValueError, RecursionError):
            pass
        attrs = getattr(obj, "__dict__", None)
        if isinstance(attrs, dict):
            return {str(k): _lenient(v, stack, depth + 1, max_depth) for k, v in attrs.items() if not callable(v)}
        return f"<{type(obj).__module__}.{type(obj).__qualname__}>"
    finally:
        stack.discard(id(obj))


# --------------------------------------------------------------------------- call helpers


MESSAGE_CHARS = 2000  # a record's message is one explanation, not a dump: longer ones are cut


def _safe_str(exc: BaseException) -> str:
    """``str(exc)``, or a placeholder when the tool's own ``__str__`` raises or returns a non-string."""
    try:
        text = str(exc)
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - a hostile __str__ must not crash the build
        return "<message unavailable: its __str__ raised>"
    if len(text) > MESSAGE_CHARS:
        text = text[:MESSAGE_CHARS] + "...[truncated]"
    return storable_json(text)


def format_exception(exc: BaseException) -> str:
    """``"ExceptionType: message"`` (just the type when the message is empty).

    Never raises: a ``__str__`` that raises gives a placeholder, lone surrogates are repaired and
    the message is cut at ``MESSAGE_CHARS``."""
    name = type(exc).__name__
    text = _safe_str(exc)
    return f"{name}: {text}" if text else name


def timeout_record(tool: str, arguments: dict[str, Any], limit: float, duration_s: float = 0.0) -> InvocationRecord:
    """The record of a call that did not return within ``limit`` seconds, however it was stopped
    (an in-process alarm or the supervisor killing its process): both give the same bytes."""
    return InvocationRecord(
        tool=tool, status="error", arguments=arguments, output=None, state_changes=[],
        message=f"timeout: the call did not return within {limit:g} s; its state was abandoned "
        "mid-call and must be discarded",
        duration_s=duration_s, fault="timeout",
    )


def mutable_defaults(fn: Callable[..., Any]) -> dict[str, Any]:
    """Parameters of ``fn`` whose default is a mutable container (``tags: list = []``).

    Python shares such a default between calls, so a tool that stores it in its state would leak
    values from one sandbox into every later call; runtimes pass a fresh copy when it is omitted.
    """
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {
        p.name: p.default
        for p in params
        if p.default is not inspect.Parameter.empty and isinstance(p.default, (list, dict, set, bytearray))
    }


def _copy_json(value: Any) -> Any:
    """A fast deep copy of JSON-shaped data (falls back to ``copy.deepcopy`` for anything else)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if type(value) is dict:
        return {k: _copy_json(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy_json(v) for v in value]
    return copy.deepcopy(value)


class _CallTimedOut(Exception):
    """Internal marker: the worker did not finish within the timeout."""


class _Worker:
    """A daemon thread that runs one job at a time for one calling thread.

    A worker whose job timed out is retired: it exits after that job instead of taking new ones.
    """

    def __init__(self) -> None:
        self._jobs: "queue.SimpleQueue[tuple[Callable[[], Any], list[Any], Any] | None]" = queue.SimpleQueue()
        self.retired = False
        self._thread = threading.Thread(target=self._loop, name="libra-runtime-worker", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            fn, box, done = job
            try:
                box.append((True, fn()))
            except BaseException as exc:  # noqa: BLE001 - reported to the caller, never raised here
                box.append((False, exc))
            done.release()

    def run(self, fn: Callable[[], Any], timeout_s: float) -> Any:
        """Run ``fn`` and return its value or raise its exception; raise ``_CallTimedOut`` on timeout."""
        box: list[Any] = []
        done = threading.Lock()
        done.acquire()
        self._jobs.put((fn, box, done))
        if not done.acquire(timeout=timeout_s):
            self.retired = True
            self._jobs.put(None)  # the thread exits once the abandoned job returns, if ever
            raise _CallTimedOut
        ok, value = box[0]
        if ok:
            return value
        raise value


class _AlarmTimeout(BaseException):
    """Raised inside a call by SIGALRM; a BaseException so a tool's ``except Exception`` cannot
    swallow it."""


def _alarm_usable() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _run_with_alarm(fn: Callable[[], Any], timeout_s: float) -> Any:
    """Run ``fn`` in this (main) thread and interrupt it with SIGALRM after ``timeout_s``.

    Costs two system calls instead of a thread handoff per call, which matters when many calls run
    on busy cores (process-pool workers). It cannot interrupt C code that never returns to the
    interpreter; set ``Runtime.timeout_mode = "thread"`` for tools that may hang inside C.
    """

    def _handler(signum: int, frame: Any) -> None:
        raise _AlarmTimeout

    previous = signal.signal(signal.SIGALRM, _handler)
    signal.setitimer(signal.ITIMER_REAL, timeout_s)
    try:
        return fn()
    except _AlarmTimeout:
        raise _CallTimedOut from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


_THREAD_LOCAL = threading.local()


def _worker() -> _Worker:
    worker = getattr(_THREAD_LOCAL, "worker", None)
    if worker is None or worker.retired:
        worker = _THREAD_LOCAL.worker = _Worker()
    return worker


def _timeout_enabled(timeout_s: float | None) -> bool:
    return timeout_s is not None and 0 < timeout_s < math.inf


# --------------------------------------------------------------------------- the protocol


class Runtime(abc.ABC):
    """A resettable sandbox that executes the tools of :attr:`catalog`.

    Subclasses set ``name``, ``catalog``, ``fixtures`` and ``default_timeout_s`` and implement
    :meth:`fresh`, :meth:`snapshot`, :meth:`restore`, :meth:`view` and :meth:`_invoke`; they may
    refine :meth:`partition_of`, :meth:`_jsonify` and :meth:`_classify`.

    ``fixtures`` are public facts of the fresh state that a tester would be handed (seeded account
    names and credentials, seeded record ids), as JSON; contracts may use them as literals.
    """

    name: str = "runtime"
    catalog: ToolCatalog
    fixtures: dict[str, Any]
    default_timeout_s: float | None = 10.0
    # "signal": SIGALRM in the main thread (cheap; cannot stop C code that never yields);
    # "thread": a worker thread whose hung call is abandoned (always stops waiting). Off the main
    # thread, "signal" falls back to "thread".
    timeout_mode: str = "signal"
    # How :meth:`execute` runs calls during induction. "process": in a supervised child process
    # (runtime/isolation.py), so a call that crashes its process or hangs where no alarm reaches it
    # costs that call only; "none": in the calling process (faster; such a call stops the build).
    isolation: str = "process"

    # ---- state

    @abc.abstractmethod
    def fresh(self) -> Any:
        """A new sandbox state, equal to the runtime's initial state."""

    def fresh_states(self) -> list[Any]:
        """The fresh states induction explores from: ``[fresh()]`` unless the runtime offers
        variants (settings on and off, an empty and a seeded store); the first is ``fresh()``."""
        return [self.fresh()]

    @abc.abstractmethod
    def snapshot(self, state: Any) -> Any:
        """A cheap, independent copy handle of ``state``; ``state`` stays usable."""

    @abc.abstractmethod
    def restore(self, snap: Any) -> Any:
        """A NEW state equal to ``snap``; the snapshot stays reusable for further restores."""

    @abc.abstractmethod
    def view(self, state: Any, partition: str | None = None) -> dict[str, Any]:
        """A JSON view of ``state`` (or of one partition) that diffs and digests are computed on."""

    def digest(self, state: Any, partition: str | None = None) -> str:
        """SHA-256 of the canonical JSON of :meth:`view`: equal digests, equal observable state."""
        return hashlib.sha256(canonical_json(self.view(state, partition)).encode("utf-8", "surrogatepass")).hexdigest()

    def partition_of(self, tool: str) -> str:
        """The independent slice of state ``tool`` reads and writes (``""``: one shared partition).

        Tools in different partitions cannot interact, so the engine may skip state tests across them.
        """
        self._check_tool(tool)
        return ""

    # ---- calls

    def execute(
        self, snap: Any, tool: str, arguments: Mapping[str, Any], *, timeout_s: float | None = None
    ) -> tuple[InvocationRecord, tuple[str, Any] | None]:
        """Run ``tool`` in a state restored from ``snap``: the record, and ``(digest, snapshot)`` of
        the new state when the call succeeded and changed it (else None). What induction calls.

        With ``isolation = "process"`` the call runs in a supervised child process: a call that kills
        its process is recorded as ``error`` with fault ``crashed``, one that outlives its timeout
        (a bare ``except:`` swallowing the alarm, a C loop) as fault ``timeout``; the child is
        replaced and the build goes on. Records are the same bytes either way.
        """
        if self.isolation == "process":
            from llama_index_libra.runtime import isolation

            if not isolation.IN_CHILD:
                return isolation.supervisor_for(self).execute(snap, tool, arguments, timeout_s)
        return self._execute_here(snap, tool, arguments, timeout_s)

    def _execute_here(self, snap: Any, tool: str, arguments: Mapping[str, Any],
                      timeout_s: float | None) -> tuple[InvocationRecord, tuple[str, Any] | None]:
        """:meth:`execute` in this process. A new state that cannot be snapshotted, or whose snapshot
        cannot be pickled (executors ship snapshots between processes), makes the call an error, so
        every executor and isolation mode keeps the same calls."""
        import pickle

        state = self.restore(snap)
        record = self.call(state, tool, arguments, timeout_s=timeout_s)
        if not (record.state_changes and record.status == "success"):
            return record, None
        try:
            digest = self.digest(state)
            new_snap = self.snapshot(state)
            pickle.dumps(new_snap, protocol=pickle.HIGHEST_PROTOCOL)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - the call's failure, never the build's
            return InvocationRecord(
                tool=tool, status="error", arguments=record.arguments, output=record.output, state_changes=[],
                message=f"the call left a state that cannot be snapshotted and pickled ({format_exception(exc)}); "
                "keep only copyable, picklable data in the state",
                duration_s=record.duration_s,
            ), None
        return record, (digest, new_snap)

    def _recorded_arguments(self, tool: str, arguments: Any, *, storable: bool = False) -> dict[str, Any]:
        """``arguments`` as the JSON a record keeps, after the checks every runtime's ``call`` makes:
        ``KeyError`` for an unknown tool, ``TypeError`` for arguments that are not a JSON object
        (``storable`` also repairs what no file can hold, as records written to disk need)."""
        self._check_tool(tool)
        if not isinstance(arguments, Mapping):
            raise TypeError(f"arguments for {tool!r} must be a mapping of keyword arguments, got {type(arguments).__name__}")
        try:
            recorded = to_jsonable(dict(arguments))
            return storable_json(recorded) if storable else recorded
        except (TypeError, ValueError) as exc:
            raise TypeError(f"arguments for {tool!r} must be JSON values: {exc}") from None

    def call(
        self, state: Any, tool: str, arguments: Mapping[str, Any], *, timeout_s: float | None = None
    ) -> InvocationRecord:
        """Call ``tool`` with keyword ``arguments`` in ``state`` (mutated in place).

        Never raises for the tool's own failures (see the module docstring); raises ``KeyError`` for
        an unknown tool and ``TypeError`` for arguments that are not a JSON object.
        """
        recorded_args = self._recorded_arguments(tool, arguments, storable=True)
        call_args = _copy_json(dict(arguments))
        partition = self.partition_of(tool)
        before = self.view(state, partition)
        limit = self.default_timeout_s if timeout_s is None else timeout_s

        status: Status
        output: Any = None
        message: str | None = None
        t0 = time.perf_counter()
        try:
            if _timeout_enabled(limit) and self.timeout_mode == "signal" and _alarm_usable():
                raw = _run_with_alarm(lambda: self._invoke(state, tool, call_args), float(limit))  # type: ignore[arg-type]
            elif _timeout_enabled(limit):
                raw = _worker().run(lambda: self._invoke(state, tool, call_args), float(limit))  # type: ignore[arg-type]
            else:
                raw = self._invoke(state, tool, call_args)
        except _CallTimedOut:
            return timeout_record(tool, recorded_args, float(limit), time.perf_counter() - t0)  # type: ignore[arg-type]
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - a tool failure is a record, never a crash
            duration = time.perf_counter() - t0
            status, message = "error", format_exception(exc)
        else:
            duration = time.perf_counter() - t0
            try:
                # storable_json: the one gate between a tool's value and every file it can reach
                output = storable_json(self._jsonify(tool, raw))
                status, message = self._classify(tool, output)
                message = None if message is None else storable_json(message)
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # noqa: BLE001 - a to_dict/__getattr__ that raises, a huge int
                status, output, message = "error", None, f"unserializable output: {_safe_str(exc)}"
        try:
            changes = storable_json(diff_views(before, self.view(state, partition)))
        except KeyboardInterrupt:
            raise
        except Exception as exc:  # noqa: BLE001 - e.g. a user view that raises, an unwritable value
            # the call left a state that cannot be viewed (a cyclic structure, say): a recorded
            # failure whose state must be discarded, never a crashed build
            return InvocationRecord(
                tool=tool, status="error", arguments=recorded_args, output=output, state_changes=[],
                message=f"the call left an unviewable state ({format_exception(exc)}); discard it",
                duration_s=duration,
            )
        return InvocationRecord(
            tool=tool,
            status=status,
            arguments=recorded_args,
            output=output,
            state_changes=changes,
            message=message,
            duration_s=duration,
        )

    @abc.abstractmethod
    def _invoke(self, state: Any, tool: str, arguments: dict[str, Any]) -> Any:
        """Run ``tool`` on ``state`` with ``arguments`` (already a private copy) and return its raw value."""

    def _jsonify(self, tool: str, raw: Any) -> Any:
        """The raw return value as JSON; raises ``TypeError`` when it has none."""
        return to_jsonable(raw)

    def _classify(self, tool: str, output: Any) -> tuple[Status, str | None]:
        """``(status, message)`` for a JSON output: a dict with an ``error`` key is rejected."""
        if isinstance(output, dict) and "error" in output:
            return "rejected", _error_text(output["error"])
        return "success", None

    def _check_tool(self, tool: str) -> None:
        """Raise ``KeyError`` (naming close matches) when ``tool`` is not in the catalog."""
        if tool not in self.catalog:
            self.catalog.get(tool)  # raises the catalog's descriptive KeyError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, tools={len(self.catalog)})"


def _error_text(value: Any) -> str:
    return value if isinstance(value, str) else canonical_json(value) if value is not None else "error"
