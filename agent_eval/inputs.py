"""What a ReAct agent's ``tool_retriever`` Action Input means, and the history rendered as JSON.

Small models write Action Inputs that LlamaIndex turns into something other than ``{"input": "..."}``:
an unparseable input becomes ``{}``; a nested object such as ``{"input": {"description": "..."}}`` or
a copy of the argument's schema (``{"type": "object"}``) arrives as a dict. The package's own
normaliser (:mod:`llama_index_libra.adapters.inputs`, what ``LibraToolRetrieverTool`` runs on every
call) takes the text of such an input or says why it is none; the harness answers an unusable one
with :func:`corrective_observation` instead of running a search, and counts the step as malformed.
:func:`retriever_query` is that normaliser's answer as ``(query, reason)``.

:class:`JsonReActChatFormatter` writes past Action Inputs into the agent's prompt as JSON (LlamaIndex
writes the Python repr, single quotes and ``AttributedDict([...])``, which the model then copies).
"""

from __future__ import annotations

import json
from typing import Any, List, Mapping, Optional, Sequence

from llama_index.core.agent.react.formatter import ReActChatFormatter
from llama_index.core.agent.react.output_parser import ReActOutputParser
from llama_index.core.agent.react.types import ActionReasoningStep, BaseReasoningStep
from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.tools import BaseTool

from llama_index_libra.adapters.inputs import MAX_QUERY_CHARS, PLACEHOLDER_INPUTS, read_retriever_input

__all__ = [
    "MAX_QUERY_CHARS",
    "JsonReActChatFormatter",
    "SafeReActOutputParser",
    "action_input_json",
    "corrective_observation",
    "retriever_query",
]

_MAX_DEPTH = 8  # nesting followed when an Action Input is written back as JSON (x4)


def retriever_query(args: Sequence[Any], kwargs: Mapping[str, Any], *, argument_description: str = "") -> tuple[str | None, str | None]:
    """``(query, None)`` for a usable input, ``(None, reason)`` otherwise (the package's normaliser,
    with the prompt's placeholders and ``argument_description`` counting as no request)."""
    placeholders = (*PLACEHOLDER_INPUTS, argument_description) if argument_description else PLACEHOLDER_INPUTS
    parsed = read_retriever_input(args, kwargs, placeholders=placeholders)
    return (None, parsed.reason) if parsed.malformed else (parsed.query, None)


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
