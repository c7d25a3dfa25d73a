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

__all__ = [
    "LibraToolRetrieverTool",
    "RetrieverCall",
    "RetrieverInput",
    "TOOL_NAME",
    "normalize_retriever_input",
    "retriever_description",
    "retriever_descriptions",
]

TOOL_NAME = "tool_retriever"
EMPTY_QUERY_ERROR = (
    "Error: the tool_retriever input is empty. Call it again with a focused natural-language "
    "description of the tool you need."
)
SCHEMA_ECHO_ERROR = (
    "Error: the tool_retriever input repeats the argument's JSON schema instead of a request. Call it "
    'again with Action Input {"input": "<a focused natural-language description of the tool you need>"}.'
)
NOT_TEXT_ERROR = (
    "Error: the tool_retriever input must be text. Call it again with Action Input "
    '{"input": "<a focused natural-language description of the tool you need>"}.'
)

# Why an input was malformed (RetrieverInput.problem / RetrieverCall.problem).
PROBLEM_EMPTY = "empty"
PROBLEM_SCHEMA_ECHO = "schema-echo"
PROBLEM_NOT_TEXT = "not-text"
_PROBLEM_MESSAGES = {PROBLEM_EMPTY: EMPTY_QUERY_ERROR, PROBLEM_SCHEMA_ECHO: SCHEMA_ECHO_ERROR, PROBLEM_NOT_TEXT: NOT_TEXT_ERROR}

# Keys whose string value is the request when a model sends an object instead of a string, most
# specific first; other string fields are joined after them.
_QUERY_KEYS = ("input", "query", "description", "request", "text", "q", "search", "tool", "task")
# JSON Schema vocabulary: an object made only of these keys, with a JSON type in "type", is the
# argument's schema echoed back, not a request.
_SCHEMA_KEYWORDS = frozenset({"type", "properties", "required", "description", "title", "items", "additionalProperties",
                              "$schema", "default", "enum", "examples", "format", "anyOf", "oneOf"})
_JSON_TYPES = frozenset({"object", "string", "array", "integer", "number", "boolean", "null"})
_MAX_DEPTH = 4  # nesting followed inside an object input


@dataclass(frozen=True)
class RetrieverInput:
    """A ``tool_retriever`` input after :func:`normalize_retriever_input`: the query text, and the
    reason it is malformed (``problem``: ``"empty"``, ``"schema-echo"``, ``"not-text"``) or None."""

    query: str
    problem: str | None = None

    @property
    def malformed(self) -> bool:
        """Whether the input was unusable (no search is run for it)."""
        return self.problem is not None

    @property
    def message(self) -> str | None:
        """The corrective observation to give the model instead of a search (None when well-formed)."""
        return _PROBLEM_MESSAGES.get(self.problem) if self.problem else None


def _is_schema_echo(value: dict) -> bool:
    kind = value.get("type")
    return (set(value) <= _SCHEMA_KEYWORDS and ("properties" in value or (isinstance(kind, str) and kind in _JSON_TYPES)))


def _strings_of(value: Any, depth: int) -> list[str] | None:
    """The request text inside an object/list input (None: it is a schema echo)."""
    if isinstance(value, str):
        return [value.strip()] if value.strip() else []
    if depth >= _MAX_DEPTH:
        return []
    if isinstance(value, dict):
        if _is_schema_echo(value):
            return None
        ordered = [k for k in _QUERY_KEYS if k in value] + [k for k in value if k not in _QUERY_KEYS]
        out: list[str] = []
        for key in ordered:
            inner = _strings_of(value[key], depth + 1)
            if inner is None:
                if key in _QUERY_KEYS[:1]:
                    return None  # {"input": {"type": "string"}}: still an echo
                continue
            out.extend(inner)
        return out
    if isinstance(value, (list, tuple)):
        out = []
        for item in value:
            inner = _strings_of(item, depth + 1)
            out.extend(inner or [])
        return out
    return []


def normalize_retriever_input(value: Any) -> RetrieverInput:
    """Turn whatever an LLM sent as ``tool_retriever``'s ``input`` into a query, or say why it is malformed.

    A string is stripped (a string holding a JSON object or list is read as one). An object
    contributes its string fields, ``input``/``query``/``description``/... first (``{"description":
    "upload an ssh key"}`` -> ``"upload an ssh key"``); an object that only echoes the argument's JSON
    schema (``{"type": "object"}``, ``{"type": "string", "description": ...}``) is ``schema-echo``; no
    text at all is ``empty``; a number, a boolean or another non-text value is ``not-text``. A
    harness counts ``malformed`` inputs as malformed steps, and answers them with ``message``.
    """
    if value is None:
        return RetrieverInput("", PROBLEM_EMPTY)
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in ("{", "[") and text[-1:] in ("}", "]"):
            try:
                parsed = json.loads(text)
            except ValueError:
                parsed = None
            if isinstance(parsed, (dict, list)):
                return normalize_retriever_input(parsed)
        return RetrieverInput(text, None if text else PROBLEM_EMPTY)
    if isinstance(value, (dict, list, tuple)):
        strings = _strings_of(dict(value) if isinstance(value, dict) else value, 0)
        if strings is None:
            return RetrieverInput("", PROBLEM_SCHEMA_ECHO)
        text = " ".join(strings).strip()
        return RetrieverInput(text, None if text else PROBLEM_EMPTY)
    return RetrieverInput("", PROBLEM_NOT_TEXT)


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
    @staticmethod
    def _raw_input(args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> Any:
        """The value the model meant as ``input`` (positional, the keyword, or a lone renamed keyword)."""
        if "input" in kwargs:
            return kwargs["input"]
        if args:
            return args[0]
        if len(kwargs) == 1:  # an LLM that renamed the argument
            return next(iter(kwargs.values()))
        return dict(kwargs) if kwargs else None

    @classmethod
    def parse_input(cls, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> RetrieverInput:
        """The normalized input of one call (see :func:`normalize_retriever_input`)."""
        return normalize_retriever_input(cls._raw_input(args, kwargs))

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
