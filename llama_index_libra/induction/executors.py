"""Executors for the composition tests: serial, a local process pool, and Ray.

Each maps a worker function over batches in order; the shared :class:`~.explorer.Context` (the
runtime, catalog, settings, field similarities) goes to every worker once, not with every batch.
Results come back in submission order, so the master merges them identically whatever the
executor: serial, process and Ray builds of the same catalog give byte-identical libraries.
"""

from __future__ import annotations

import abc
import contextlib
import importlib
import logging
import os
import signal
import threading
from typing import Any, Callable, Iterator, Sequence

from llama_index_libra.induction.portability import RuntimePortabilityError, check_snapshots, portability_problem

__all__ = ["Executor", "SerialExecutor", "ProcessExecutor", "RayExecutor", "resolve_executor",
           "RuntimePortabilityError", "portability_problem", "stop_on_sigterm"]

logger = logging.getLogger("llama_index_libra")

# How many times one map may restart the pool after a worker died before the build stops.
MAX_POOL_RESTARTS = 3
# How often the master looks for a watched worker whose call outlived its deadline (seconds).
WATCH_S = 0.25

_CTX: dict[str, Any] = {}


def _die_with(master: int) -> None:
    """Linux: SIGKILL this worker when the master dies (``PR_SET_PDEATHSIG``), so a master killed
    outright (the OOM killer, a CI timeout) leaves no worker holding its output or its files."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        return
    if os.getppid() != master:  # the master died before the signal was armed
        os._exit(1)


def _warm_worker(modules: Sequence[str] = (), master: int | None = None, watch: Any = None) -> None:
    """Worker initializer: import the modules the caller's worker functions live in (handed in
    by the caller, see :meth:`Executor.prestart`) while the master is still busy.

    Workers ignore SIGINT: Ctrl-C reaches the whole process group, and it is the master's to
    handle (it stops the workers itself), so workers never print tracebacks of their own. They die
    with the master (Linux). With ``watch`` (a :class:`~llama_index_libra.runtime.isolation.WatchMemory`)
    a worker runs its calls in place, watched (``runtime/isolation.py``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if master is not None:
        _die_with(master)
    if watch is not None:
        from llama_index_libra.runtime.isolation import watch_pool_calls

        watch_pool_calls(watch)
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    for name in modules:
        importlib.import_module(name)


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """While a build runs, SIGTERM stops it as Ctrl-C does (``KeyboardInterrupt`` in the main
    thread), so ``finally`` blocks stop the workers, keep the run log and remove temporary files;
    both signals are noted, so a ``KeyboardInterrupt`` a tool raises itself is that call's error
    (``runtime/interrupts.py``).

    Only where SIGTERM has its default action (the process's owner set no handler of their own)."""
    from llama_index_libra.runtime import interrupts

    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        with interrupts.watch():
            yield
        return

    received = []

    def _handler(signum: int, frame: Any) -> None:
        if received:  # a second SIGTERM while cleaning up: stop at once, as SIGTERM normally does
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
        received.append(signum)
        interrupts.note_signal()
        raise KeyboardInterrupt("SIGTERM")

    signal.signal(signal.SIGTERM, _handler)
    try:
        with interrupts.watch():  # a tool's own KeyboardInterrupt is then that call's error
            yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


class SharedFile:
    """A handle to an object the master pickled to a temporary file; workers load it once."""

    def __init__(self, path: str) -> None:
        self.path = path


_SHARED: dict[str, Any] = {}


def resolve_shared(obj: Any) -> Any:
    """The object behind a :class:`SharedFile` handle (loaded once per worker), or ``obj`` itself."""
    if not isinstance(obj, SharedFile):
        return obj
    value = _SHARED.get(obj.path)
    if value is None:
        import pickle

        with open(obj.path, "rb") as fh:
            value = pickle.load(fh)  # written by this build's master, never user input
        if len(_SHARED) > 8:
            _SHARED.clear()
        _SHARED[obj.path] = value
    return value


def _ping() -> int:
    return os.getpid()


def _call_with_ctx_file(path: str, fn: Callable[..., Any], args: tuple) -> Any:
    """Load the shared context once per worker (by path), then run ``fn``."""
    ctx = _CTX.get(path)
    if ctx is None:
        import pickle

        with open(path, "rb") as fh:
            ctx = pickle.load(fh)  # written by this build's master a moment ago, never user input
        _CTX.clear()
        _CTX[path] = ctx
    return fn(ctx, *args)


class Executor(abc.ABC):
    """Maps ``fn(ctx, *args)`` over argument tuples, results in order."""

    name = "executor"
    workers = 1
    restarts = 0  # pools restarted after a worker died

    def prestart(self, warm: Sequence[str] = ()) -> None:
        """Start workers early, before the context exists (overlaps their start-up with the
        master's contract writing); ``warm`` names modules each worker imports as it starts
        (those of the functions it will run: the executor knows nothing of what it runs)."""
        self.warm = tuple(warm)

    def start(self, ctx: Any) -> None:
        self.ctx = ctx

    def share(self, obj: Any) -> Any:
        """A handle that travels cheaply to every batch (resolved by :func:`resolve_shared`)."""
        return obj

    @abc.abstractmethod
    def map(self, fn: Callable[..., Any], batches: Sequence[tuple]) -> list[Any]:
        """Results of ``fn(ctx, *args)`` for every batch, in order."""

    def close(self) -> None:
        """Release workers."""


class SerialExecutor(Executor):
    """Everything in this process: the reference the parallel executors must match."""

    name = "serial"

    def map(self, fn: Callable[..., Any], batches: Sequence[tuple]) -> list[Any]:
        return [fn(self.ctx, *args) for args in batches]

    def close(self) -> None:
        """Stop this process's supervised call processes (runtime/isolation.py)."""
        from llama_index_libra.runtime.isolation import close_supervisors

        close_supervisors()


class ProcessExecutor(Executor):
    """A local process pool (default: all cores). Workers are spawned, never forked, so a
    runtime's threads or locks in the parent cannot deadlock them."""

    name = "process"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.restarts = 0  # pools restarted after a worker died (per build: see close)
        self._pool = None
        # workers run calls in place, watched (runtime/isolation.py), until one dies; then, for the
        # rest of the build, every call of an isolated runtime runs in a call process
        self._watched = True
        self._watch: Any = None  # the current pool's WatchMemory (runtime/isolation.py), while watched
        self._ctx_path: str | None = None
        self._shared_paths: list[str] = []
        self._tmp: str | None = None  # this build's temporary folder (context and shared pickles)
        self._interrupted = False

    def prestart(self, warm: Sequence[str] = ()) -> None:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        self.warm = tuple(warm) or getattr(self, "warm", ())
        if self._pool is None:
            # a worker asks to die with the master when the master spawns it from its main thread (the
            # kernel's "parent" is the spawning thread, whose end must not kill the pool)
            master = os.getpid() if threading.current_thread() is threading.main_thread() else None
            from llama_index_libra.runtime.isolation import WatchMemory

            spawn = mp.get_context("spawn")
            self._watch = WatchMemory(spawn, self.workers) if self._watched else None
            self._pool = ProcessPoolExecutor(self.workers, mp_context=spawn, initializer=_warm_worker,
                                             initargs=(self.warm, master, self._watch))
            for _ in range(self.workers):  # spawn them all now, not at the first map
                self._pool.submit(_ping)

    def _tempdir(self) -> str:
        import tempfile

        if self._tmp is None:
            _remove_stale_build_folders()
            self._tmp = tempfile.mkdtemp(prefix=f"libra-build-{os.getpid()}-")
        return self._tmp

    def start(self, ctx: Any) -> None:
        import pickle
        import tempfile

        self.prestart()
        self.ctx = ctx
        fd, self._ctx_path = tempfile.mkstemp(prefix="libra-ctx-", suffix=".pickle", dir=self._tempdir())
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(ctx, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def share(self, obj: Any) -> Any:
        import pickle
        import tempfile

        fd, path = tempfile.mkstemp(prefix="libra-shared-", suffix=".pickle", dir=self._tempdir())
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(obj, fh, protocol=pickle.HIGHEST_PROTOCOL)
        self._shared_paths.append(path)
        return SharedFile(path)

    def map(self, fn: Callable[..., Any], batches: Sequence[tuple]) -> list[Any]:
        """Results in order. A worker that dies (the OOM killer, a segfault in the engine's own code, a
        stray signal) costs the chunks that were not finished: the pool is restarted and they run again,
        giving the results an undisturbed pool gives (a chunk is a function of the context and its
        arguments; runs a dead worker logged are served from the run log). Past ``MAX_POOL_RESTARTS``
        in one map (a tool that kills its worker every time, with ``isolation="none"``) the build stops."""
        assert self._pool is not None and self._ctx_path is not None, "call start() first"
        from concurrent.futures.process import BrokenProcessPool

        results: list[Any] = [None] * len(batches)
        pending = list(range(len(batches)))
        restarts = 0
        try:
            while pending:
                broken: list[int] = []
                futures: dict[int, Any] = {}
                for i in pending:
                    try:
                        futures[i] = self._pool.submit(_call_with_ctx_file, self._ctx_path, fn, batches[i])
                    except BrokenProcessPool:
                        broken.append(i)
                self._await(list(futures.values()))
                for i, future in futures.items():
                    try:
                        results[i] = future.result()
                    except BrokenProcessPool:
                        broken.append(i)
                if not broken:
                    break
                self._watched = False  # the chunks run again with every call in a call process
                restarts += 1
                if restarts > MAX_POOL_RESTARTS:
                    self._interrupted = True
                    raise RuntimeError(
                        f"a worker process died mid-build {restarts} times in one step, though the pool was restarted "
                        "(a tool that crashes its process, or the system ran out of memory); with the runtime's "
                        "isolation=\"process\" (the default) a crashing call costs only that call"
                    )
                self.restarts += 1
                logger.warning("libra: a pool worker died mid-build; restarting the pool and running %d of %d chunks "
                               "again (restart %d)", len(broken), len(batches), self.restarts)
                self._restart_pool()
                pending = sorted(broken)
            return results
        except BaseException:  # Ctrl-C, SIGTERM: stop the workers now instead of waiting for them
            self._interrupted = True
            raise

    def _await(self, futures: list[Any]) -> None:
        """Wait until every future is done; meanwhile kill a watched worker whose call outlived its
        deadline (a hang no alarm ended): its pool breaks, and the chunks run again isolated."""
        import time
        from concurrent.futures import wait

        pending = set(futures)
        while pending:
            _, pending = wait(pending, timeout=WATCH_S if self._watch is not None else None)
            if not pending or self._watch is None:
                continue
            for pid in self._watch.overdue(time.monotonic()):
                logger.warning("libra: a call ran past its time limit in pool worker %d and no alarm stopped it; "
                               "the worker is stopped and its chunks run again, each call in a call process", pid)
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass

    def _worker_groups(self) -> list[int]:
        """Process groups the current pool's watched workers lead (what their tools started)."""
        return self._watch.groups() if self._watch is not None else []

    def _restart_pool(self) -> None:
        """Replace a broken pool (its workers are dead or dying) with a new one."""
        pool, self._pool = self._pool, None
        if pool is not None:
            _stop_pool(pool, kill=True, groups=self._worker_groups())
        self.prestart()

    def close(self) -> None:
        """Stop the workers (killing them when the build was interrupted) and remove the build's
        temporary folder."""
        pool, self._pool = self._pool, None
        if pool is not None:
            workers = [p.pid for p in (getattr(pool, "_processes", None) or {}).values()]
            _stop_pool(pool, kill=self._interrupted, groups=self._worker_groups())
            _remove_channel_folders(workers)  # a worker leaves through os._exit: its runtime's folders stay
        import shutil

        for path in [self._ctx_path, *self._shared_paths]:
            if path is not None:
                try:
                    os.unlink(path)
                except FileNotFoundError:
                    pass
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
        self._ctx_path, self._shared_paths, self._tmp = None, [], None
        self._interrupted = False
        self._watched, self._watch = True, None


def _remove_channel_folders(pids: Sequence[int]) -> None:
    """Remove the worker-channel folders (``libra-pipe-<pid>-*``) of the given processes once they are gone."""
    import glob
    import shutil
    import tempfile

    from llama_index_libra._io import pid_alive

    for pid in pids:
        if pid_alive(pid):
            continue
        for folder in glob.glob(os.path.join(tempfile.gettempdir(), f"libra-pipe-{pid}-*")):
            shutil.rmtree(folder, ignore_errors=True)


def _remove_stale_build_folders() -> None:
    """Remove the temporary folders of builds whose master is gone (``libra-build-<pid>-*``: killed
    outright, so no ``finally`` ran) and of worker channels whose owner is gone (``libra-pipe-<pid>-*``:
    a pool worker exits through ``os._exit``); a live process's folder stays."""
    import shutil
    import tempfile
    from pathlib import Path

    from llama_index_libra._io import pid_alive

    try:
        root = Path(tempfile.gettempdir())
        candidates = [(p, "libra-build-") for p in root.glob("libra-build-*-*")] + [(p, "libra-pipe-") for p in root.glob("libra-pipe-*-*")]
    except OSError:
        return
    for folder, prefix in candidates:
        owner = folder.name[len(prefix):].split("-", 1)[0]
        if owner.isdigit() and int(owner) != os.getpid() and not pid_alive(int(owner)) and folder.is_dir():
            shutil.rmtree(folder, ignore_errors=True)


def _stop_pool(pool: Any, *, kill: bool, groups: Sequence[int] = ()) -> None:
    """Shut ``pool`` down: wait for its workers, or (``kill``) terminate them, then kill stragglers
    and the process ``groups`` its watched workers led (the processes their tools started)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)  # (shutdown forgets it)
    if not kill:
        pool.shutdown(wait=True, cancel_futures=True)
    else:
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            if proc.is_alive():
                proc.terminate()
        for proc in processes:
            proc.join(5)
            if proc.is_alive():
                proc.kill()
                proc.join(5)
        # the pool's manager thread sees its workers gone and closes its wake-up pipe; waited for here, so
        # concurrent.futures' exit hook does not write to that pipe while the thread closes it (unlocked in
        # CPython 3.11: "OSError: [Errno 9] Bad file descriptor" after "libra: interrupted", now and then)
        if manager is not None:
            manager.join(5)
    for group in groups:
        try:
            os.killpg(group, signal.SIGKILL)
        except OSError:  # nothing left in it
            pass


class RayExecutor(Executor):
    """Ray tasks on a local ``ray.init()`` or an existing cluster (``address="auto"`` or
    ``ray://host:port``). Needs ``pip install 'llama-index-libra[ray]'``; a task lost with its node
    is retried by Ray, and the run log makes a restarted build skip finished runs."""

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None, **init_kwargs: Any) -> None:
        try:
            import ray
        except ImportError as exc:
            raise RuntimeError("the Ray executor needs Ray: pip install 'llama-index-libra[ray]'") from exc
        self._ray = ray
        self.address = address
        self.workers = workers or os.cpu_count() or 1
        self.init_kwargs = init_kwargs
        self._ctx_ref = None
        self._remote = None

    def start(self, ctx: Any) -> None:
        ray = self._ray
        if not ray.is_initialized():
            options = {"ignore_reinit_error": True, "include_dashboard": False, "log_to_driver": False}
            if self.address:
                options["address"] = self.address
            else:
                options["num_cpus"] = self.workers
                # local workers import the driver's modules (tools defined beside the build script)
                import sys

                path = os.pathsep.join(p for p in sys.path if p)
                options["runtime_env"] = {"env_vars": {"PYTHONPATH": path, "TOKENIZERS_PARALLELISM": "false"}}
            options.update(self.init_kwargs)
            ray.init(**options)
        self.ctx = ctx
        self._ctx_ref = ray.put(ctx)
        self._remote = ray.remote(max_retries=3)(_ray_call)

    def map(self, fn: Callable[..., Any], batches: Sequence[tuple]) -> list[Any]:
        refs = [self._remote.remote(fn, self._ctx_ref, args) for args in batches]
        return self._ray.get(refs)

    def close(self) -> None:
        """Leave Ray running: it may be the user's cluster."""


def _ray_call(fn: Callable[..., Any], ctx: Any, args: tuple) -> Any:
    return fn(ctx, *args)


def resolve_executor(executor: "Executor | str | None", workers: int | None = None, *, runtime: Any = None) -> Executor:
    """``"serial"``, ``"process"`` (default), ``"ray"`` or an :class:`Executor` instance.

    With ``runtime``, checked first (before any model loads): a fresh-state snapshot that cannot
    be pickled raises :class:`RuntimePortabilityError`; a runtime that cannot reach spawned
    workers (see :func:`portability_problem`) turns the process pool into the serial executor,
    with one warning line saying why and what to do.
    """
    if runtime is not None:
        check_snapshots(runtime)
    if runtime is not None and (executor is None or executor == "process" or isinstance(executor, ProcessExecutor)):
        from llama_index_libra.induction.mainguard import unguarded_main_call

        where = unguarded_main_call()
        if where is not None:
            logger.warning('libra: induce() runs at the top level of %s, outside `if __name__ == "__main__":`; '
                           "worker processes would run that script again, so this build runs serially. Put the "
                           'build under `if __name__ == "__main__":` to use every core.', where)
            return SerialExecutor()
        problem = portability_problem(runtime)
        if problem is not None:
            logger.warning("libra: the runtime cannot be sent to worker processes (%s); inducing serially instead. "
                           "Define tools and state in an importable module to use the process pool.", problem)
            return SerialExecutor()
    if isinstance(executor, Executor):
        return executor
    name = executor or "process"
    if name == "serial":
        return SerialExecutor()
    if name == "process":
        return ProcessExecutor(workers)
    if name == "ray":
        return RayExecutor(workers=workers)
    raise ValueError(f"unknown executor {name!r}; use serial, process or ray")
