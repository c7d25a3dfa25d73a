"""llama-index-libra: LIBRA tool retrieval for LlamaIndex.

Offline, ``induce`` executes candidate tool compositions in a user-provided sandbox runtime and
keeps provider -> consumer relations that pass counterfactual tests (a :class:`ToolLibrary`).
Online, :class:`LibraRetriever` ranks tools by dense similarity and promotes the prerequisites of
the best matches along those relations. Public names are imported lazily to keep the CLI fast.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "ToolSpec": "llama_index_libra.catalog",
    "ToolCatalog": "llama_index_libra.catalog",
    "CatalogError": "llama_index_libra.catalog",
    "InvocationRecord": "llama_index_libra.records",
    "Relation": "llama_index_libra.library",
    "ToolLibrary": "llama_index_libra.library",
    "LibraryError": "llama_index_libra.library",
    "PropagationConfig": "llama_index_libra.retrieval.propagation",
    "ToolRanker": "llama_index_libra.retrieval.ranker",
    "RetrievalSettings": "llama_index_libra.retrieval.settings",
    "LibraRetriever": "llama_index_libra.adapters.retriever",
    "LibraToolRetrieverTool": "llama_index_libra.adapters.tool",
    "AgenticToolRetriever": "llama_index_libra.adapters.agentic",
    "HistoryAwareToolRetriever": "llama_index_libra.adapters.history",
    "Runtime": "llama_index_libra.runtime.base",
    "PythonRuntime": "llama_index_libra.runtime.python",
    "MCPRuntime": "llama_index_libra.runtime.mcp",
    "BFCLRuntime": "llama_index_libra.benchmarks.bfcl",
    "Contract": "llama_index_libra.contracts.model",
    "SchemaContractProposer": "llama_index_libra.contracts.proposer",
    "induce": "llama_index_libra.induction.engine",
    "InductionConfig": "llama_index_libra.induction.engine",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'llama_index_libra' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
