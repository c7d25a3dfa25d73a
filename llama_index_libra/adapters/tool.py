"""LibraToolRetrieverTool: the ToolReAGt ``tool_retriever`` tool an agent calls repeatedly.

The agent passes one natural-language ``input``; the tool answers with a numbered list of tools
(signature and description, one per line) and records every call in :attr:`history`, so an
evaluation can score what the agent retrieved at each iteration. Its description is the
method-specific text of the paper's Figure 16.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from llama_index.core.bridge.pydantic import BaseModel, Field
from llama_index.core.tools import ToolMetadata, ToolOutput
from llama_index.core.tools.types import AsyncBaseTool

from llama_index_libra.adapters.retriever import LibraRetriever, RetrievedTool, format_tool
from llama_index_libra.retrieval.ranker import ToolRanker

__all__ = ["LibraToolRetrieverTool", "RetrieverCall", "TOOL_NAME", "retriever_description", "retriever_descriptions"]

TOOL_NAME = "tool_retriever"
EMPTY_QUERY_ERROR = (
    "Error: the tool_retriever input is empty. Call it again with a focused natural-language "
    "description of the tool you need."
)


@lru_cache(maxsize=1)
def retriever_descriptions() -> Mapping[str, str]:
    """Figure 16's ``tool_retriever`` description per retrieval method (packaged JSON)."""
    text = resources.files("llama_index_libra").joinpath("prompts/retriever_descriptions.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


def retriever_description(method: str) -> str:
    """The Figure 16 text for ``method``; methods the paper gives none for use the QTS text."""
    texts = retriever_descriptions()
    return texts.get(method, texts["qts"])


class ToolRetrieverInput(BaseModel):
    """The one argument of ``tool_retriever``."""

    input: str = Field(description="A focused natural-language description of the tool you need.")


@dataclass(frozen=True)
class RetrieverCall:
    """One ``tool_retriever`` call: the query, the ranked names and scores, or the error."""

    query: str
    names: tuple[str, ...] = ()
    scores: tuple[float, ...] = ()
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query, "names": list(self.names), "scores": list(self.scores), "error": self.error}


class LibraToolRetrieverTool(AsyncBaseTool):
    """A LlamaIndex tool named ``tool_retriever`` with one string argument, ``input``.

    Wraps a :class:`LibraRetriever` (or a bare :class:`ToolRanker`) and returns the top ``top_k``
    tools as text. Failures (an empty query, an encoder error) come back as an error result and are
    recorded; they never raise into the agent loop.
    """

    def __init__(
        self,
        retriever_or_ranker: LibraRetriever | ToolRanker,
        *,
        top_k: int = 20,
        method_description: str | None = None,
    ) -> None:
        if isinstance(retriever_or_ranker, ToolRanker):
            retriever = LibraRetriever(retriever_or_ranker, top_k=top_k)
        elif isinstance(retriever_or_ranker, LibraRetriever):
            retriever = retriever_or_ranker
        else:
            raise TypeError(f"expected a LibraRetriever or ToolRanker, got {type(retriever_or_ranker).__name__}")
        if isinstance(top_k, bool) or not isinstance(top_k, int) or top_k <= 0:
            raise ValueError(f"top_k must be a positive integer, got {top_k!r}")
        self.retriever = retriever
        self.top_k = top_k
        self.history: list[RetrieverCall] = []
        description = method_description if method_description is not None else retriever_description(retriever.method)
        self._metadata = ToolMetadata(name=TOOL_NAME, description=description, fn_schema=ToolRetrieverInput)

    @classmethod
    def from_retriever(
        cls, retriever: LibraRetriever | ToolRanker, *, top_k: int = 20, method_description: str | None = None
    ) -> "LibraToolRetrieverTool":
        """Same as the constructor; reads well next to ``LibraRetriever.from_tools``."""
        return cls(retriever, top_k=top_k, method_description=method_description)

    @property
    def metadata(self) -> ToolMetadata:
        return self._metadata

    def reset_history(self) -> None:
        """Forget the recorded calls (e.g. between benchmark tasks)."""
        self.history.clear()

    # ------------------------------------------------------------------ calls
    @staticmethod
    def _query(args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> str:
        if "input" in kwargs:
            value = kwargs["input"]
        elif args:
            value = args[0]
        elif len(kwargs) == 1:  # an LLM that renamed the argument
            value = next(iter(kwargs.values()))
        else:
            value = ""
        return value if isinstance(value, str) else ("" if value is None else str(value))

    def _render(self, hits: list[RetrievedTool]) -> str:
        catalog = self.retriever.catalog
        return "\n".join(f"{i}. {format_tool(catalog.get(h.name))}" for i, h in enumerate(hits, 1))

    def _ok(self, query: str, hits: list[RetrievedTool]) -> ToolOutput:
        record = RetrieverCall(query, tuple(h.name for h in hits), tuple(h.score for h in hits))
        self.history.append(record)
        text = self._render(hits) if hits else "No tools matched the query."
        return ToolOutput(content=text, tool_name=TOOL_NAME, raw_input={"input": query}, raw_output=record)

    def _error(self, query: str, message: str, exc: Exception | None = None) -> ToolOutput:
        record = RetrieverCall(query, error=message)
        self.history.append(record)
        return ToolOutput(
            content=message, tool_name=TOOL_NAME, raw_input={"input": query}, raw_output=record, is_error=True, exception=exc
        )

    def call(self, *args: Any, **kwargs: Any) -> ToolOutput:
        """Rank tools for the query and return them as a numbered list."""
        query = self._query(args, kwargs)
        if not query.strip():
            return self._error(query, EMPTY_QUERY_ERROR)
        try:
            hits = self.retriever.rank(query, self.top_k)
        except Exception as exc:  # noqa: BLE001 - an agent tool reports failures as results
            return self._error(query, f"Error: tool retrieval failed: {type(exc).__name__}: {exc}", exc)
        return self._ok(query, hits)

    async def acall(self, *args: Any, **kwargs: Any) -> ToolOutput:
        """Async twin of :meth:`call`."""
        query = self._query(args, kwargs)
        if not query.strip():
            return self._error(query, EMPTY_QUERY_ERROR)
        try:
            hits = await self.retriever.arank(query, self.top_k)
        except Exception as exc:  # noqa: BLE001 - an agent tool reports failures as results
            return self._error(query, f"Error: tool retrieval failed: {type(exc).__name__}: {exc}", exc)
        return self._ok(query, hits)
