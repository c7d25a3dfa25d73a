"""SciToolEval as a Benchmark: the frozen offline-executable subset (``scitooleval``) or every
evaluable question (``scitooleval-all``), K = 10, with the loader's report as notes."""

from __future__ import annotations

from llama_index_libra.benchmarks.base import Benchmark
from llama_index_libra.benchmarks.scitooleval.catalog import SCITOOLEVAL_K, load_scitooleval_catalog
from llama_index_libra.benchmarks.scitooleval.report import scitooleval_report
from llama_index_libra.benchmarks.scitooleval.tasks import load_scitooleval_tasks

__all__ = ["load_scitooleval", "load_scitooleval_all"]


def load_scitooleval(subset: str = "frozen") -> Benchmark:
    """SciToolEval on the frozen offline-executable subset (Appendix D protocol, K = 10)."""
    name = "scitooleval" if subset == "frozen" else f"scitooleval-{subset}"
    return Benchmark(
        name=name,
        catalog=load_scitooleval_catalog(),
        tasks=load_scitooleval_tasks(subset),
        k=SCITOOLEVAL_K,
        notes=scitooleval_report().lines(),
    )


def load_scitooleval_all() -> Benchmark:
    """SciToolEval on every question whose gold tools are in the catalog (529 of 531), K = 10."""
    return load_scitooleval("all")
