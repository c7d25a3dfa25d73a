"""What a ReAct agent's ``tool_retriever`` Action Input means, and the history rendered as JSON.

Small models write Action Inputs that LlamaIndex turns into something other than ``{"input": "..."}``:
an unparseable input becomes ``{}``; a nested object such as ``{"input": {"description": "..."}}`` or
a copy of the argument's schema (``{"type": "object"}``) arrives as a dict. :func:`retriever_query`
takes the text fields of such an input and rejects empty inputs and schema echoes with a reason, so
the harness answers with :func:`corrective_observation` instead of running a search on
``"AttributedDict([...])"`` or ``"object"``, and counts the step as malformed.

:class:`JsonReActChatFormatter` writes past Action Inputs into the agent's prompt as JSON (LlamaIndex
writes the Python repr, single quotes and ``AttributedDict([...])``, which the model then copies).

This overlaps ``llama_index_libra.adapters.tool.normalize_retriever_input`` (the tool's own
normaliser, written at the same time): the two differ in their schema-echo test, key order and
messages, and the harness's reasons are part of its recorded results, so they are not merged yet.
"""

from __future__ import annotations

import json
from typing import Any, List, Mapping, Optional, Sequence

from llama_index.core.agent.react.formatter import ReActChatFormatter
from llama_index.core.agent.react.output_parser import ReActOutputParser
from llama_index.core.agent.react.types import ActionReasoningStep, BaseReasoningStep
from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.tools import BaseTool

__all__ = [
    "MAX_QUERY_CHARS",
    "JsonReActChatFormatter",
    "SafeReActOutputParser",
    "action_input_json",
    "corrective_observation",
    "retriever_query",
]

# Longest query passed to the retriever (a query is a sentence; longer text is cut, not refused).
MAX_QUERY_CHARS = 2000
# String leaves collected from a nested input, and how deep the walk goes.
_MAX_LEAVES = 32
_MAX_DEPTH = 8
# JSON Schema keywords: a dict made only of these, with a type/properties/$schema, is the schema echoed.
_SCHEMA_KEYWORDS = frozenset({
    "type", "properties", "required", "description", "title", "items", "additionalProperties", "$schema",
    "enum", "default", "format", "anyOf", "oneOf", "allOf", "examples", "const",
})
_SCHEMA_MARKERS = frozenset({"type", "properties", "$schema"})
# Whole-input strings that are the prompt's placeholders or a JSON type name, not a description.
_ECHO_STRINGS = frozenset({
    "object", "string", "dict", "json", "input", "query", "action_input", "<action_input>", "<input>", "{}", "null", "none",
})


def _strings(value: Any, depth: int = 0) -> list[str]:
    """Non-empty string leaves of ``value`` in order (bounded walk)."""
    if isinstance(value, str):
        return [value.strip()] if value.strip() else []
    if depth >= _MAX_DEPTH:
        return []
    items: Sequence[Any]
    if isinstance(value, Mapping):
        items = list(value.values())
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        return []
    out: list[str] = []
    for item in items:
        out.extend(_strings(item, depth + 1))
        if len(out) >= _MAX_LEAVES:
            break
    return out[:_MAX_LEAVES]


def _is_schema(value: Any) -> bool:
    return isinstance(value, Mapping) and bool(value) and set(map(str, value)) <= _SCHEMA_KEYWORDS and bool(
        set(map(str, value)) & _SCHEMA_MARKERS)


def retriever_query(args: Sequence[Any], kwargs: Mapping[str, Any], *, argument_description: str = "") -> tuple[str | None, str | None]:
    """``(query, None)`` for a usable input, ``(None, reason)`` otherwise.

    The input is the first positional argument, else ``kwargs["input"]``, else the whole keyword
    dict (an LLM that renamed the argument). Strings are used as they are; an object or list gives
    its string fields joined by spaces; a JSON Schema (or a string that is the argument's own
    description or a placeholder) is an echo, not a query.
    """
    if args:
        value: Any = args[0]
    elif "input" in kwargs:
        value = kwargs["input"]
    elif kwargs:
        value = dict(kwargs)
    else:
        return None, "the Action Input is empty or is not valid JSON"
    if value is None or isinstance(value, (bool, int, float)):
        return None, f"the input is a JSON {type(value).__name__ if value is not None else 'null'}, not text"
    if _is_schema(value) or (isinstance(value, Mapping) and len(value) == 1 and _is_schema(next(iter(value.values())))):
        return None, "the input repeats the argument's JSON schema instead of describing a tool"
    parts = _strings(value)
    if not parts:
        return None, "the input holds no text"
    query = " ".join(parts)
    folded = " ".join(query.lower().split())
    if folded in _ECHO_STRINGS or (argument_description and folded == " ".join(argument_description.lower().split())):
        return None, "the input repeats the argument's placeholder or description instead of describing a tool"
    return query[:MAX_QUERY_CHARS], None


def corrective_observation(reason: str, *, tool_name: str = "tool_retriever") -> str:
    """What the agent reads instead of search results for an unusable input."""
    return (
        f"Error: that Action Input is not a {tool_name} query ({reason}). No search was run and this attempt does not "
        "count against your retrieval budget. Write the Action Input as one JSON object with a single string field, "
        f'for example:\nAction: {tool_name}\nAction Input: {{"input": "a focused natural-language description of the tool you need"}}'
    )


def _plain(value: Any, depth: int = 0) -> Any:
    """Plain JSON values (dirtyjson's AttributedDict/AttributedList become dict/list)."""
    if depth > _MAX_DEPTH * 4:
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def action_input_json(action_input: Any) -> str:
    """An Action Input as the prompt asks for it: JSON with double quotes."""
    return json.dumps(_plain(action_input), ensure_ascii=False)


class JsonReActChatFormatter(ReActChatFormatter):
    """``ReActChatFormatter`` that renders past Action Inputs as JSON instead of Python repr."""

    def format(
        self,
        tools: Sequence[BaseTool],
        chat_history: List[ChatMessage],
        current_reasoning: Optional[List[BaseReasoningStep]] = None,
    ) -> List[ChatMessage]:
        steps = list(current_reasoning or [])
        messages = super().format(tools, chat_history, steps)
        offset = len(messages) - len(steps)
        for i, step in enumerate(steps):
            if isinstance(step, ActionReasoningStep):
                message = messages[offset + i]
                messages[offset + i] = ChatMessage(
                    role=message.role,
                    content=f"Thought: {step.thought}\nAction: {step.action}\nAction Input: {action_input_json(step.action_input)}",
                )
        return messages


class SafeReActOutputParser(ReActOutputParser):
    """``ReActOutputParser`` whose every failure is a ValueError.

    LlamaIndex's agent turns a ValueError into a retry message for the model; its parser also raises
    AttributeError (e.g. for ``"Thought: \\nAction: t\\nAction Input: {}"``, an empty thought),
    which would end the task instead. Any such failure becomes the ValueError of a malformed step.
    """

    def parse(self, output: str, is_streaming: bool = False) -> BaseReasoningStep:
        try:
            return super().parse(output, is_streaming=is_streaming)
        except ValueError:
            raise
        except Exception as exc:  # noqa: BLE001 - a parser bug on odd text is a malformed step, not a crash
            raise ValueError(f"Could not parse output ({type(exc).__name__}): {output[:200]}") from exc
