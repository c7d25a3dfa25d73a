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
supervised child process (``runtime/isolation.py`` decides, and supervises it): a crash is recorded as fault ``crashed``, a
call past its limit plus a grace is killed and recorded exactly as a timeout, and the build goes on.
A process-pool worker, itself a process that may die, runs calls in place under its master's watch
and hands its chunks back to be run again that way if it dies.
"""

from __future__ import annotations

import abc
import copy
import hashlib
import inspect
import pickle
import time
import weakref
from typing import Any, Callable, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.records import (
    InvocationRecord,
    Status,
    exception_message,
    format_exception,
    storable_json,
    timeout_record,
    to_jsonable,
)
from llama_index_libra.runtime import interrupts, isolation
from llama_index_libra.runtime.failures import refusal
from llama_index_libra.runtime.timeouts import CallTimedOut, run_with_timeout
from llama_index_libra.runtime.views import diff_views, json_path_child, jsonable_view

__all__ = [
    "Runtime",
    "diff_views",
    "json_path_child",
    "jsonable_view",
    "mutable_defaults",
    "format_exception",
]


# --------------------------------------------------------------------------- call helpers


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


# --------------------------------------------------------------------------- the protocol


def _view_digest(view: Any) -> str:
    return hashlib.sha256(canonical_json(view).encode("utf-8", "surrogatepass")).hexdigest()


# views of recent snapshots a runtime keeps (the states a worker is exploring), per partition
SNAPSHOT_VIEWS_KEPT = 8
# (runtime id, snapshot id, partition) -> (weak reference to the runtime, snapshot, view); per process,
# never pickled. The runtime is held weakly: a cache must not keep a runtime's worker or files alive
_SNAPSHOT_VIEWS: dict[tuple[int, int, str | None], tuple[Any, Any, Any]] = {}


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
    # How :meth:`execute` runs calls during induction. "process": where a call that crashes its
    # process or hangs where no alarm reaches it changes no record and stops no build (a supervised
    # child process; in a process-pool worker, the worker itself, watched by the master, which runs a
    # dead worker's chunks again with each call in a child: runtime/isolation.py); "call": always in
    # a supervised child; "none": in the calling process (such a call stops the build).
    isolation: str = "process"
    # Whether the calls already run outside this process, in a worker the runtime drives over a pipe
    # or a socket. True: ``isolation="process"`` runs them here, since a forked call process would
    # share the worker's channel (and a kill mid-request would leave a reply for the next call);
    # False: isolate them; None: decided by ``runtime/isolation.py``, which looks for a worker handle
    # (a PipeChannel, a Popen, a multiprocessing Process or Connection, a socket) among the attributes.
    calls_out_of_process: bool | None = None

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
        return _view_digest(self.view(state, partition))

    def partition_of(self, tool: str) -> str:
        """The independent slice of state ``tool`` reads and writes (``""``: one shared partition).

        Tools in different partitions cannot interact, so the engine may skip state tests across them.
        """
        self.check_tool(tool)
        return ""

    # ---- calls

    def execute(
        self, snap: Any, tool: str, arguments: Mapping[str, Any], *, timeout_s: float | None = None
    ) -> tuple[InvocationRecord, tuple[str, Any] | None]:
        """Run ``tool`` in a state restored from ``snap``: the record, and ``(digest, snapshot)`` of
        the new state when the call succeeded and changed it (else None). What induction calls.

        Where the call runs is decided by :func:`llama_index_libra.runtime.isolation.execute` alone:
        with ``isolation = "process"`` or ``"call"`` in a supervised child process (a call that kills
        its process is recorded as ``error`` with fault ``crashed``, one that outlives its timeout as
        fault ``timeout``; the child is replaced and the build goes on), in a watched pool worker
        with ``"process"`` (in place), else here (:meth:`execute_here`). Records are the same bytes
        either way.
        """
        return isolation.execute(self, snap, tool, arguments, timeout_s)

    def execute_here(self, snap: Any, tool: str, arguments: Mapping[str, Any],
                     timeout_s: float | None = None) -> tuple[InvocationRecord, tuple[str, Any] | None]:
        """:meth:`execute` in this process. A new state that cannot be snapshotted, or whose snapshot
        cannot be pickled (executors ship snapshots between processes), makes the call an error, so
        every executor and isolation mode keeps the same calls."""
        state = self.restore(snap)
        after: list[Any] = []
        if type(self).call is Runtime.call:  # the view before the call is the snapshot's: viewed once
            record = self._call(state, tool, arguments, timeout_s, before=self._snapshot_view(snap, state, tool),
                                unchanged=self._unchanged_since(snap), after=after)
        else:
            record = self.call(state, tool, arguments, timeout_s=timeout_s)
        if not (record.state_changes and record.status == "success"):
            return record, None
        try:
            # one shared partition: the view the call's diff was taken on is the whole state's
            whole = after and type(self).partition_of is Runtime.partition_of and type(self).digest is Runtime.digest
            digest = _view_digest(after[0]) if whole else self.digest(state)
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
        self.check_tool(tool)
        if not isinstance(arguments, Mapping):
            raise TypeError(f"arguments for {tool!r} must be a mapping of keyword arguments, got {type(arguments).__name__}")
        try:
            recorded = to_jsonable(dict(arguments))
            return storable_json(recorded) if storable else recorded
        except (TypeError, ValueError) as exc:
            raise TypeError(f"arguments for {tool!r} must be JSON values: {exc}") from None

    def _unchanged_since(self, snap: Any) -> Callable[[Any], bool] | None:
        """A cheap test that a state restored from ``snap`` is still equal to it (so a call left it
        unchanged without viewing it again), or None when the runtime has none."""
        return None

    def _snapshot_view(self, snap: Any, state: Any, tool: str) -> Any:
        """The view of ``state`` (restored from ``snap``) for ``tool``'s partition, kept per snapshot:
        every call from one snapshot starts from the same view, which a large state makes costly."""
        partition = self.partition_of(tool)
        key = (id(self), id(snap), partition)
        hit = _SNAPSHOT_VIEWS.get(key)
        if hit is not None and hit[0]() is self and hit[1] is snap:
            return hit[2]
        view = self.view(state, partition)
        try:
            runtime_ref = weakref.ref(self)
        except TypeError:  # a runtime that takes no weak references: no cache
            return view
        if len(_SNAPSHOT_VIEWS) >= SNAPSHOT_VIEWS_KEPT:
            _SNAPSHOT_VIEWS.pop(next(iter(_SNAPSHOT_VIEWS)))
        # the snapshot is held, so its id is not reused while cached; a dead runtime's entry never matches
        _SNAPSHOT_VIEWS[key] = (runtime_ref, snap, view)
        return view

    def call(
        self, state: Any, tool: str, arguments: Mapping[str, Any], *, timeout_s: float | None = None
    ) -> InvocationRecord:
        """Call ``tool`` with keyword ``arguments`` in ``state`` (mutated in place).

        Never raises for the tool's own failures (see the module docstring); raises ``KeyError`` for
        an unknown tool and ``TypeError`` for arguments that are not a JSON object.
        """
        return self._call(state, tool, arguments, timeout_s)

    def _call(self, state: Any, tool: str, arguments: Mapping[str, Any], timeout_s: float | None,
              before: Any = None, unchanged: Callable[[Any], bool] | None = None,
              after: list[Any] | None = None) -> InvocationRecord:
        """:meth:`call`, given the view of ``state`` before the call when it is already known, a test
        that the state is unchanged (``unchanged``), and a list that receives the view after it."""
        recorded_args = self._recorded_arguments(tool, arguments, storable=True)
        call_args = _copy_json(dict(arguments))
        partition = self.partition_of(tool)
        shared_before = before is not None
        if before is None:
            before = self.view(state, partition)
        limit = self.default_timeout_s if timeout_s is None else timeout_s

        status: Status
        output: Any = None
        message: str | None = None
        t0 = time.perf_counter()
        try:
            raw = run_with_timeout(lambda: self._invoke(state, tool, call_args), limit, mode=self.timeout_mode)
        except CallTimedOut:
            return timeout_record(tool, recorded_args, float(limit), time.perf_counter() - t0)  # type: ignore[arg-type]
        except KeyboardInterrupt as exc:
            if not interrupts.tool_raised():  # the user's Ctrl-C or SIGTERM: stop
                raise
            duration = time.perf_counter() - t0
            status, message = "error", format_exception(exc)  # the tool raised it: this call's error
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
                status, output, message = "error", None, f"unserializable output: {exception_message(exc)}"
        try:
            if unchanged is not None and unchanged(state):
                after_view, changes = before, []
            else:
                after_view = self.view(state, partition)
                changes = storable_json(diff_views(before, after_view))
                if shared_before:  # records own their values: a shared view must never be reachable from one
                    changes = _copy_json(changes)
            if after is not None:
                after.append(after_view)
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
        """``(status, message)`` for a JSON output: a refusal by a common convention (an ``error``
        key, ``success: false``, a string starting with ``Error:``; see :mod:`.failures`) is
        rejected, anything else a success."""
        message = refusal(output)
        return ("rejected", message) if message is not None else ("success", None)

    def check_tool(self, tool: str) -> None:
        """Raise ``KeyError`` (naming close matches) when ``tool`` is not in the catalog."""
        if tool not in self.catalog:
            self.catalog.get(tool)  # raises the catalog's descriptive KeyError

    _check_tool = check_tool  # the earlier private name, kept for runtimes written against it

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, tools={len(self.catalog)})"
