"""LlamaIndex adapters: the ``LibraRetriever`` and the ToolReAGt ``tool_retriever`` tool."""

from llama_index_libra.adapters.retriever import LibraRetriever, RetrievedTool, format_signature, format_tool, tool_node_id
from llama_index_libra.adapters.tool import LibraToolRetrieverTool, RetrieverCall, retriever_description

__all__ = [
    "LibraRetriever",
    "LibraToolRetrieverTool",
    "RetrievedTool",
    "RetrieverCall",
    "format_signature",
    "format_tool",
    "retriever_description",
    "tool_node_id",
]
