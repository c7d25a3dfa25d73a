"""BFCL's eight classes as a sandbox runtime, for the held-out multi-turn task set written over them."""

from llama_index_libra.benchmarks.bfcl.runtime import sandbox_runtime

__all__ = ["sandbox_runtime"]
