"""LlamaIndex adapters: the ``LibraRetriever`` and the ToolReAGt ``tool_retriever`` tool."""

from llama_index_libra.adapters.retriever import LibraRetriever, RetrievedTool, format_signature, format_tool, tool_node_id
from llama_index_libra.adapters.tool import (
    LibraToolRetrieverTool,
    RetrieverCall,
    RetrieverInput,
    normalize_retriever_input,
    retriever_description,
)
from llama_index_libra.adapters.agentic import AgenticToolRetriever

__all__ = [
    "AgenticToolRetriever",
    "LibraRetriever",
    "LibraToolRetrieverTool",
    "RetrievedTool",
    "RetrieverCall",
    "RetrieverInput",
    "normalize_retriever_input",
    "format_signature",
    "format_tool",
    "retriever_description",
    "tool_node_id",
]
