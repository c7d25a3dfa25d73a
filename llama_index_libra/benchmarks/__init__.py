"""Benchmarks: a catalog, retrieval tasks with gold tool sets, and (where executable) a runtime.

Loaders are imported lazily so ``libra --help`` stays fast; use :func:`load_benchmark` by name.
"""

from __future__ import annotations

from llama_index_libra.benchmarks.base import Benchmark, Task, load_benchmark, BENCHMARKS

__all__ = ["Benchmark", "Task", "load_benchmark", "BENCHMARKS"]
