"""Executors for the composition tests: serial, a local process pool, and Ray.

Each maps a worker function over batches in order; the shared :class:`~.explorer.Context` (the
runtime, catalog, settings, field similarities) goes to every worker once, not with every batch.
Results come back in submission order, so the master merges them identically whatever the
executor: serial, process and Ray builds of the same catalog give byte-identical libraries.
"""

from __future__ import annotations

import abc
import os
from typing import Any, Callable, Sequence

__all__ = ["Executor", "SerialExecutor", "ProcessExecutor", "RayExecutor", "resolve_executor"]

_CTX: dict[str, Any] = {}


def _warm_worker() -> None:
    """Worker initializer: import the engine's modules while the master is still busy."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import llama_index_libra.induction.explorer  # noqa: F401


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

    def prestart(self) -> None:
        """Start workers early, before the context exists (overlaps their start-up with the
        master's contract writing)."""

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


class ProcessExecutor(Executor):
    """A local process pool (default: all cores). Workers are spawned, never forked, so a
    runtime's threads or locks in the parent cannot deadlock them."""

    name = "process"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._pool = None
        self._ctx_path: str | None = None
        self._shared_paths: list[str] = []

    def prestart(self) -> None:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=mp.get_context("spawn"), initializer=_warm_worker)
            for _ in range(self.workers):  # spawn them all now, not at the first map
                self._pool.submit(_ping)

    def start(self, ctx: Any) -> None:
        import pickle
        import tempfile

        self.prestart()
        self.ctx = ctx
        fd, self._ctx_path = tempfile.mkstemp(prefix="libra-ctx-", suffix=".pickle")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(ctx, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def share(self, obj: Any) -> Any:
        import pickle
        import tempfile

        fd, path = tempfile.mkstemp(prefix="libra-shared-", suffix=".pickle")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(obj, fh, protocol=pickle.HIGHEST_PROTOCOL)
        self._shared_paths.append(path)
        return SharedFile(path)

    def map(self, fn: Callable[..., Any], batches: Sequence[tuple]) -> list[Any]:
        assert self._pool is not None and self._ctx_path is not None, "call start() first"
        futures = [self._pool.submit(_call_with_ctx_file, self._ctx_path, fn, args) for args in batches]
        return [f.result() for f in futures]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        for path in [self._ctx_path, *self._shared_paths]:
            if path is not None:
                try:
                    os.unlink(path)
                except FileNotFoundError:
                    pass
        self._ctx_path, self._shared_paths = None, []


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


def resolve_executor(executor: "Executor | str | None", workers: int | None = None) -> Executor:
    """``"serial"``, ``"process"`` (default), ``"ray"`` or an :class:`Executor` instance."""
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
