"""LlamaHub-style path: ``from llama_index.retrievers.libra import LibraRetriever``."""

from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.adapters.agentic import AgenticToolRetriever
from llama_index_libra.adapters.history import HistoryAwareToolRetriever
from llama_index_libra.adapters.tool import LibraToolRetrieverTool

__all__ = ["AgenticToolRetriever", "HistoryAwareToolRetriever", "LibraRetriever", "LibraToolRetrieverTool"]
