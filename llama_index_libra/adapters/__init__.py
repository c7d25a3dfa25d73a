"""LlamaIndex adapters: the ``LibraRetriever``, the ToolReAGt ``tool_retriever`` tool and agentic mode.

Layers, lowest first: :mod:`.text` (how a tool reads: signature line, node id, Figure 16 texts) and
:mod:`.inputs` (the one ``tool_retriever`` input normaliser); :mod:`.persist` (a retriever on disk);
:mod:`.retriever` (``LibraRetriever``); :mod:`.tool` (``LibraToolRetrieverTool``); :mod:`.agentic`
(``AgenticToolRetriever``, which also adds ``LibraRetriever.as_agentic_retriever``); :mod:`.history`
(``HistoryAwareToolRetriever``, multi-turn chats; adds ``LibraRetriever.as_history_retriever``); :mod:`.results`
(``RetrievedTool``).
"""

from llama_index_libra.adapters.inputs import RetrieverInput, normalize_retriever_input
from llama_index_libra.adapters.retriever import LibraRetriever, RetrievedTool
from llama_index_libra.adapters.text import format_signature, format_tool, retriever_description, tool_node_id
from llama_index_libra.adapters.tool import LibraToolRetrieverTool, RetrieverCall
from llama_index_libra.adapters.agentic import AgenticToolRetriever
from llama_index_libra.adapters.history import HistoryAwareToolRetriever

__all__ = [
    "AgenticToolRetriever",
    "HistoryAwareToolRetriever",
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
