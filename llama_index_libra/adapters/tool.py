"""LibraToolRetrieverTool: the ToolReAGt ``tool_retriever`` tool an agent calls repeatedly.

The agent passes one natural-language ``input``; the tool answers with a numbered list of tools
(signature and description, one per line) and records every call in :attr:`history`, so an
evaluation can score what the agent retrieved at each iteration. Its description is the
method-specific text of the paper's Figure 16.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from llama_index.core.bridge.pydantic import BaseModel, Field
from llama_index.core.tools import ToolMetadata, ToolOutput
from llama_index.core.tools.types import AsyncBaseTool

from llama_index_libra.adapters.inputs import (
    EMPTY_QUERY_ERROR,
    NOT_TEXT_ERROR,
    PLACEHOLDER_INPUTS,
    SCHEMA_ECHO_ERROR,
    RetrieverInput,
    normalize_retriever_input,
    read_retriever_input,
)
from llama_index_libra.adapters.retriever import LibraRetriever, RetrievedTool
from llama_index_libra.adapters.text import format_tool, retriever_description, retriever_descriptions
from llama_index_libra.retrieval.ranker import ToolRanker

__all__ = [
    "LibraToolRetrieverTool",
    "RetrieverCall",
    "RetrieverInput",
    "TOOL_NAME",
    "ARGUMENT_DESCRIPTION",
    "normalize_retriever_input",
    "retriever_description",
    "retriever_descriptions",
    "EMPTY_QUERY_ERROR",
    "SCHEMA_ECHO_ERROR",
    "NOT_TEXT_ERROR",
]

TOOL_NAME = "tool_retriever"


ARGUMENT_DESCRIPTION = "A focused natural-language description of the tool you need."


class ToolRetrieverInput(BaseModel):
    """The one argument of ``tool_retriever``."""

    input: str = Field(description=ARGUMENT_DESCRIPTION)


@dataclass(frozen=True)
class RetrieverCall:
    """One ``tool_retriever`` call: the query, the ranked names and scores, or the error."""

    query: str
    names: tuple[str, ...] = ()
    scores: tuple[float, ...] = ()
    error: str | None = None
    problem: str | None = None  # why the input was malformed (see RetrieverInput); None: well-formed

    @property
    def malformed(self) -> bool:
        """The model's input was unusable (empty, a schema echo, not text): no search was run."""
        return self.problem is not None

    def to_dict(self) -> dict[str, Any]:
        """JSON record of the call (``malformed``/``problem`` say whether the input was usable)."""
        return {"query": self.query, "names": list(self.names), "scores": list(self.scores), "error": self.error,
                "malformed": self.malformed, "problem": self.problem}


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
        self.result_note = ""  # a line appended to every result list (agentic mode: "now callable")
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
        """The ``tool_retriever`` name, its Figure 16 description and its one-argument schema."""
        return self._metadata

    def reset_history(self) -> None:
        """Forget the recorded calls (e.g. between benchmark tasks)."""
        self.history.clear()

    # ------------------------------------------------------------------ calls
    @classmethod
    def parse_input(cls, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> RetrieverInput:
        """The normalized input of one call (:func:`~llama_index_libra.adapters.inputs.read_retriever_input`;
        the prompt's placeholders and this argument's own description count as no request)."""
        return read_retriever_input(args, kwargs, placeholders=(*PLACEHOLDER_INPUTS, ARGUMENT_DESCRIPTION))

    @classmethod
    def _query(cls, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> str:
        return cls.parse_input(args, kwargs).query

    def _render(self, hits: list[RetrievedTool]) -> str:
        catalog = self.retriever.catalog
        text = "\n".join(f"{i}. {format_tool(catalog.get(h.name))}" for i, h in enumerate(hits, 1))
        return text + (f"\n{self.result_note}" if self.result_note else "")

    def _ok(self, query: str, hits: list[RetrievedTool]) -> ToolOutput:
        record = RetrieverCall(query, tuple(h.name for h in hits), tuple(h.score for h in hits))
        self.history.append(record)
        text = self._render(hits) if hits else "No tools matched the query."
        return ToolOutput(content=text, tool_name=TOOL_NAME, raw_input={"input": query}, raw_output=record)

    def _error(self, query: str, message: str, exc: Exception | None = None, problem: str | None = None) -> ToolOutput:
        record = RetrieverCall(query, error=message, problem=problem)
        self.history.append(record)
        return ToolOutput(
            content=message, tool_name=TOOL_NAME, raw_input={"input": query}, raw_output=record, is_error=True, exception=exc
        )

    def _malformed(self, parsed: RetrieverInput) -> ToolOutput:
        return self._error(parsed.query, parsed.message or EMPTY_QUERY_ERROR, problem=parsed.problem)

    def call(self, *args: Any, **kwargs: Any) -> ToolOutput:
        """Rank tools for the query and return them as a numbered list."""
        parsed = self.parse_input(args, kwargs)
        if parsed.malformed:
            return self._malformed(parsed)
        query = parsed.query
        try:
            hits = self.retriever.rank(query, self.top_k)
        except Exception as exc:  # noqa: BLE001 - an agent tool reports failures as results
            return self._error(query, f"Error: tool retrieval failed: {type(exc).__name__}: {exc}", exc)
        return self._ok(query, hits)

    async def acall(self, *args: Any, **kwargs: Any) -> ToolOutput:
        """Async twin of :meth:`call`."""
        parsed = self.parse_input(args, kwargs)
        if parsed.malformed:
            return self._malformed(parsed)
        query = parsed.query
        try:
            hits = await self.retriever.arank(query, self.top_k)
        except Exception as exc:  # noqa: BLE001 - an agent tool reports failures as results
            return self._error(query, f"Error: tool retrieval failed: {type(exc).__name__}: {exc}", exc)
        return self._ok(query, hits)
