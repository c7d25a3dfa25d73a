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

_CTX: Any = None


def _init_worker(ctx: Any) -> None:
    global _CTX
    _CTX = ctx
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def _call_with_ctx(fn: Callable[..., Any], args: tuple) -> Any:
    return fn(_CTX, *args)


class Executor(abc.ABC):
    """Maps ``fn(ctx, *args)`` over argument tuples, results in order."""

    name = "executor"
    workers = 1

    def start(self, ctx: Any) -> None:
        self.ctx = ctx

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

    def start(self, ctx: Any) -> None:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        self.ctx = ctx
        self._pool = ProcessPoolExecutor(self.workers, mp_context=mp.get_context("spawn"), initializer=_init_worker, initargs=(ctx,))

    def map(self, fn: Callable[..., Any], batches: Sequence[tuple]) -> list[Any]:
        assert self._pool is not None, "call start() first"
        futures = [self._pool.submit(_call_with_ctx, fn, args) for args in batches]
        return [f.result() for f in futures]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


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
