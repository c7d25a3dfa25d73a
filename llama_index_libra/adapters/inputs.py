"""What an LLM's ``tool_retriever`` input means: a query, or the reason it is no query.

Models send many things as the one string argument ``input``: an object (``{"description": ...}``), a
list, a JSON string, a copy of the argument's schema (``{"type": "object"}``), the prompt's
placeholder, a number, nothing at all (an unparseable Action Input, which LlamaIndex passes as
``{}``). :func:`read_retriever_input` takes the value the model meant (``input=``, the first
positional argument, else every keyword: a renamed argument) and :func:`normalize_retriever_input`
turns it into a :class:`RetrieverInput`: the query text, or a ``problem`` with a ``reason`` and the
corrective ``message`` a tool answers with instead of searching.

This is the one normaliser: :class:`~llama_index_libra.adapters.tool.LibraToolRetrieverTool` runs it
on every call, and the agentic harness (``agent_eval``) reads the same result, so what the harness
measures is what users' agents get.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

__all__ = [
    "RetrieverInput",
    "normalize_retriever_input",
    "read_retriever_input",
    "retriever_input_value",
    "PLACEHOLDER_INPUTS",
    "MAX_QUERY_CHARS",
    "EMPTY_QUERY_ERROR",
    "SCHEMA_ECHO_ERROR",
    "NOT_TEXT_ERROR",
    "PLACEHOLDER_ERROR",
    "PROBLEM_EMPTY",
    "PROBLEM_SCHEMA_ECHO",
    "PROBLEM_NOT_TEXT",
    "PROBLEM_PLACEHOLDER",
]

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
PLACEHOLDER_ERROR = (
    "Error: the tool_retriever input repeats the prompt's placeholder or the argument's description instead "
    'of a request. Call it again with Action Input {"input": "<a focused natural-language description of the tool you need>"}.'
)

# Why an input was malformed (RetrieverInput.problem).
PROBLEM_EMPTY = "empty"
PROBLEM_SCHEMA_ECHO = "schema-echo"
PROBLEM_NOT_TEXT = "not-text"
PROBLEM_PLACEHOLDER = "placeholder"
_MESSAGES = {PROBLEM_EMPTY: EMPTY_QUERY_ERROR, PROBLEM_SCHEMA_ECHO: SCHEMA_ECHO_ERROR, PROBLEM_NOT_TEXT: NOT_TEXT_ERROR,
             PROBLEM_PLACEHOLDER: PLACEHOLDER_ERROR}

# Reasons in words (what a harness records and shows the model).
REASON_MISSING = "the Action Input is empty or is not valid JSON"
REASON_NO_TEXT = "the input holds no text"
REASON_SCHEMA = "the input repeats the argument's JSON schema instead of describing a tool"
REASON_PLACEHOLDER = "the input repeats the argument's placeholder or description instead of describing a tool"

# Longest query passed to the retriever (a query is a sentence; longer text is cut, not refused).
MAX_QUERY_CHARS = 2000
# Whole inputs that are a ReAct prompt's placeholders or a JSON type name, not a description.
PLACEHOLDER_INPUTS = frozenset({
    "object", "string", "dict", "json", "input", "query", "action_input", "<action_input>", "<input>", "{}", "null", "none",
})
# Keys whose string value is the request when a model sends an object instead of a string, most
# specific first; other string fields are joined after them.
_QUERY_KEYS = ("input", "query", "description", "request", "text", "q", "search", "tool", "task")
# JSON Schema vocabulary: an object made only of these keys, with a type, properties or $schema, is
# the argument's schema echoed back, not a request.
_SCHEMA_KEYWORDS = frozenset({
    "type", "properties", "required", "description", "title", "items", "additionalProperties", "$schema",
    "enum", "default", "format", "anyOf", "oneOf", "allOf", "examples", "const",
})
_SCHEMA_MARKERS = frozenset({"type", "properties", "$schema"})
_MAX_DEPTH = 8  # nesting followed inside an object input
_MAX_LEAVES = 32  # string fields collected from one input


@dataclass(frozen=True)
class RetrieverInput:
    """A ``tool_retriever`` input after :func:`normalize_retriever_input`: the query text, and why it
    is malformed (``problem``: ``"empty"``, ``"schema-echo"``, ``"not-text"``, ``"placeholder"``) or None."""

    query: str
    problem: str | None = None
    reason: str | None = None  # the problem in words (None when well-formed)

    @property
    def malformed(self) -> bool:
        """Whether the input was unusable (no search is run for it)."""
        return self.problem is not None

    @property
    def message(self) -> str | None:
        """The corrective observation to give the model instead of a search (None when well-formed)."""
        return _MESSAGES.get(self.problem) if self.problem else None


def _is_schema(value: Any) -> bool:
    keys = set(map(str, value)) if isinstance(value, Mapping) else set()
    return bool(keys) and keys <= _SCHEMA_KEYWORDS and bool(keys & _SCHEMA_MARKERS)


def _echoes_schema(value: Any) -> bool:
    """The argument's schema, or ``{"<name>": <schema>}`` (the property map with the name)."""
    return _is_schema(value) or (isinstance(value, Mapping) and len(value) == 1 and _is_schema(next(iter(value.values()))))


def _strings_of(value: Any, depth: int) -> list[str] | None:
    """The request text inside an object/list input, ``input``/``query``/... fields first (None: a schema echo)."""
    if isinstance(value, str):
        return [value.strip()] if value.strip() else []
    if depth >= _MAX_DEPTH:
        return []
    if isinstance(value, Mapping):
        if _is_schema(value):
            return None
        keys = [str(k) for k in value]
        ordered = [k for k in _QUERY_KEYS if k in keys] + [k for k in keys if k not in _QUERY_KEYS]
        by_name = {str(k): v for k, v in value.items()}
        out: list[str] = []
        for key in ordered:
            inner = _strings_of(by_name[key], depth + 1)
            if inner is None:
                if key == _QUERY_KEYS[0]:
                    return None  # {"input": {"type": "string"}}: still an echo
                continue
            out.extend(inner)
            if len(out) >= _MAX_LEAVES:
                break
        return out[:_MAX_LEAVES]
    if isinstance(value, (list, tuple)):
        out = []
        for item in value:
            out.extend(_strings_of(item, depth + 1) or [])
            if len(out) >= _MAX_LEAVES:
                break
        return out[:_MAX_LEAVES]
    return []


def _json_type(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def normalize_retriever_input(
    value: Any, *, placeholders: Iterable[str] = (), max_chars: int | None = MAX_QUERY_CHARS
) -> RetrieverInput:
    """Turn whatever an LLM sent as ``tool_retriever``'s ``input`` into a query, or say why it is malformed.

    A string is stripped (a string holding a JSON object or list is read as one). An object
    contributes its string fields, ``input``/``query``/``description``/... first (``{"description":
    "upload an ssh key"}`` -> ``"upload an ssh key"``); an object that only echoes the argument's JSON
    schema (``{"type": "object"}``, ``{"type": "string", "description": ...}``) is ``schema-echo``; no
    text at all is ``empty``; a number or a boolean is ``not-text``; a text equal (case and spacing
    aside) to one of ``placeholders`` is ``placeholder``. The query is cut at ``max_chars``.
    """
    if value is None:
        return RetrieverInput("", PROBLEM_EMPTY, f"the input is a JSON {_json_type(value)}, not text")
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in ("{", "[") and text[-1:] in ("}", "]"):
            try:
                parsed = json.loads(text)
            except ValueError:
                parsed = None
            if isinstance(parsed, (dict, list)):
                return normalize_retriever_input(parsed, placeholders=placeholders, max_chars=max_chars)
        strings: list[str] | None = [text] if text else []
    elif isinstance(value, (dict, list, tuple)) or isinstance(value, Mapping):
        if _echoes_schema(value):
            return RetrieverInput("", PROBLEM_SCHEMA_ECHO, REASON_SCHEMA)
        strings = _strings_of(value, 0)
        if strings is None:
            return RetrieverInput("", PROBLEM_SCHEMA_ECHO, REASON_SCHEMA)
    else:
        return RetrieverInput("", PROBLEM_NOT_TEXT, f"the input is a JSON {_json_type(value)}, not text")
    query = " ".join(strings).strip()
    if not query:
        return RetrieverInput("", PROBLEM_EMPTY, REASON_NO_TEXT)
    folded = " ".join(query.lower().split())
    if folded in {" ".join(p.lower().split()) for p in placeholders}:
        return RetrieverInput("", PROBLEM_PLACEHOLDER, REASON_PLACEHOLDER)
    return RetrieverInput(query[:max_chars] if max_chars else query)


def retriever_input_value(args: Sequence[Any], kwargs: Mapping[str, Any]) -> tuple[bool, Any]:
    """``(given, value)``: the value the model meant as ``input`` (the keyword, the first positional
    argument, else every keyword: an LLM that renamed the argument); ``given`` is False for none at all."""
    if "input" in kwargs:
        return True, kwargs["input"]
    if args:
        return True, args[0]
    if kwargs:
        return True, dict(kwargs)
    return False, None


def read_retriever_input(
    args: Sequence[Any], kwargs: Mapping[str, Any], *, placeholders: Iterable[str] = (), max_chars: int | None = MAX_QUERY_CHARS
) -> RetrieverInput:
    """The normalized input of one call (no input at all is ``empty``: an unparseable Action Input)."""
    given, value = retriever_input_value(args, kwargs)
    if not given:
        return RetrieverInput("", PROBLEM_EMPTY, REASON_MISSING)
    return normalize_retriever_input(value, placeholders=placeholders, max_chars=max_chars)
