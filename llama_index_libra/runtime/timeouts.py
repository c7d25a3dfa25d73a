"""In-process call timeouts: SIGALRM in the main thread, or a worker thread that is abandoned.

Python cannot kill a thread, so a call that times out on a worker thread keeps running in the
background and may still mutate its state: a state whose call timed out must be discarded. The
alarm is cheaper (two system calls instead of a thread hand-off) but cannot interrupt C code that
never returns to the interpreter. Calls that must be stopped whatever they do run in a supervised
child process instead (:mod:`llama_index_libra.runtime.isolation`).
"""

from __future__ import annotations

import math
import queue
import signal
import threading
from typing import Any, Callable

try:  # the C module under ``signal``: its handlers come back as they are, not wrapped in an enum per call
    import _signal as _raw_signal
except ImportError:  # pragma: no cover - another interpreter
    _raw_signal = signal

__all__ = ["CallTimedOut", "run_with_timeout", "timeout_enabled", "TIMEOUT_MODES"]

TIMEOUT_MODES = ("signal", "thread")


class CallTimedOut(Exception):
    """The call did not finish within its timeout (raised by :func:`run_with_timeout`)."""


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
        """Run ``fn`` and return its value or raise its exception; raise ``CallTimedOut`` on timeout."""
        box: list[Any] = []
        done = threading.Lock()
        done.acquire()
        self._jobs.put((fn, box, done))
        if not done.acquire(timeout=timeout_s):
            self.retired = True
            self._jobs.put(None)  # the thread exits once the abandoned job returns, if ever
            raise CallTimedOut
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
    previous = _raw_signal.signal(signal.SIGALRM, _alarm_handler)
    signal.setitimer(signal.ITIMER_REAL, timeout_s)
    try:
        return fn()
    except _AlarmTimeout:
        raise CallTimedOut from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _raw_signal.signal(signal.SIGALRM, previous)


def _alarm_handler(signum: int, frame: Any) -> None:
    raise _AlarmTimeout


_THREAD_LOCAL = threading.local()


def _worker() -> _Worker:
    worker = getattr(_THREAD_LOCAL, "worker", None)
    if worker is None or worker.retired:
        worker = _THREAD_LOCAL.worker = _Worker()
    return worker


def timeout_enabled(timeout_s: float | None) -> bool:
    return timeout_s is not None and 0 < timeout_s < math.inf


def run_with_timeout(fn: Callable[[], Any], timeout_s: float | None, *, mode: str = "signal") -> Any:
    """``fn()`` within ``timeout_s`` seconds, or raise :class:`CallTimedOut`.

    ``mode="signal"`` uses SIGALRM when this is the main thread (else falls back to ``"thread"``);
    ``"thread"`` runs ``fn`` on this thread's daemon worker and stops waiting. A timeout of ``None``,
    ``0`` or ``math.inf`` runs ``fn`` inline, without a limit.
    """
    if not timeout_enabled(timeout_s):
        return fn()
    if mode == "signal" and _alarm_usable():
        return _run_with_alarm(fn, float(timeout_s))  # type: ignore[arg-type]
    return _worker().run(fn, float(timeout_s))  # type: ignore[arg-type]
