"""Typed records for retrieval benchmarks and the registry of benchmark loaders."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from llama_index_libra.catalog import ToolCatalog

__all__ = ["Task", "Benchmark", "BENCHMARKS", "RUNTIMES", "load_benchmark", "benchmark_runtime", "BenchmarkError"]


class BenchmarkError(ValueError):
    """A benchmark that is unknown or whose data cannot be loaded."""


@dataclass(frozen=True)
class Task:
    """One retrieval task: the query text and its gold tools (distinct, in first-use order)."""

    id: str
    query: str
    gold: tuple[str, ...]
    meta: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass
class Benchmark:
    """A catalog plus tasks; ``k`` is the paper's evaluation depth for this benchmark."""

    name: str
    catalog: ToolCatalog
    tasks: list[Task]
    k: int = 15
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        missing = sorted({g for t in self.tasks for g in t.gold if g not in self.catalog})
        if missing:
            raise BenchmarkError(f"benchmark {self.name!r}: gold tools missing from the catalog: {', '.join(missing[:10])}")


# name -> "module:function" returning a Benchmark; lazy so the CLI imports nothing heavy.
BENCHMARKS: dict[str, str] = {
    "bfcl": "llama_index_libra.benchmarks.bfcl:load_bfcl",
    "scitooleval": "llama_index_libra.benchmarks.scitooleval:load_scitooleval",
    "scitooleval-all": "llama_index_libra.benchmarks.scitooleval:load_scitooleval_all",
}
# name -> "module:function" returning the sandbox Runtime induction explores for that benchmark.
RUNTIMES: dict[str, str] = {
    "bfcl": "llama_index_libra.benchmarks.bfcl:sandbox_runtime",
    # the user's own SciToolAgent checkout: --scitoolagent PATH, else $LIBRA_SCITOOLAGENT
    "scitooleval": "llama_index_libra.benchmarks.scitooleval:scitoolagent_runtime",
    "scitooleval-all": "llama_index_libra.benchmarks.scitooleval:scitoolagent_runtime",
}


def _resolve(target: str) -> Callable[..., Any]:
    module, func = target.split(":")
    return getattr(importlib.import_module(module), func)


def load_benchmark(name: str, **kwargs: Any) -> Benchmark:
    """Load a registered benchmark by name (``bfcl``, ...)."""
    try:
        target = BENCHMARKS[name]
    except KeyError:
        raise BenchmarkError(f"unknown benchmark {name!r}; choose from {', '.join(sorted(BENCHMARKS))}") from None
    return _resolve(target)(**kwargs)


def benchmark_runtime(name: str, **kwargs: Any) -> Any:
    """The sandbox runtime of a registered benchmark (ValueError for one without a packaged runtime)."""
    target = RUNTIMES.get(name)
    if target is None:
        raise ValueError(f"benchmark {name!r} has no packaged runtime; induce with your own runtime")
    return _resolve(target)(**kwargs)
