"""BFCL v4 multi_turn_base as a benchmark: its catalog and tasks (:mod:`.benchmark`) and the sandbox
runtime over its 8 classic classes (:mod:`.runtime`)."""

from llama_index_libra.benchmarks.bfcl.benchmark import (
    BFCL_CLASSES,
    BFCL_INSTALL_HINT,
    bfcl_data_dir,
    load_bfcl,
    load_bfcl_catalog,
    load_bfcl_tasks,
)
from llama_index_libra.benchmarks.bfcl.runtime import (
    BFCL_CLASS_NAMES,
    SANDBOX_SCENARIO,
    BFCLRuntime,
    BFCLSnapshot,
    classify_bfcl_output,
    sandbox_runtime,
)

__all__ = [
    "BFCL_CLASSES",
    "BFCL_CLASS_NAMES",
    "BFCL_INSTALL_HINT",
    "SANDBOX_SCENARIO",
    "BFCLRuntime",
    "BFCLSnapshot",
    "bfcl_data_dir",
    "classify_bfcl_output",
    "load_bfcl",
    "load_bfcl_catalog",
    "load_bfcl_tasks",
    "sandbox_runtime",
]
