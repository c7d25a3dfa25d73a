"""Scripted LLMs at the LlamaIndex API boundary, written once for every agent test.

:class:`ScriptedChatLLM` is a ``CustomLLM`` whose every entry point (chat, stream, complete) answers with
``_reply(messages)``; :class:`PlannedReActLLM` follows a plan of tool calls in ReAct text and calls a
tool only when the agent offered it (so a retrieval miss fails the test), answering at the end with the
observations. :func:`scripted_function_calling_llm` is the same plan for function-calling agents.
"""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from typing import Any, Callable, ClassVar, Sequence, Union

from llama_index.core.agent.workflow import ToolCallResult
from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    ChatResponseGen,
    CompletionResponse,
    CompletionResponseGen,
    LLMMetadata,
    MessageRole,
    ToolCallBlock,
)
from llama_index.core.llms import CustomLLM
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
from llama_index.core.llms.mock import MockFunctionCallingLLM
from pydantic import Field, PrivateAttr

__all__ = ["Plan", "Step", "ScriptedChatLLM", "PlannedReActLLM", "ScriptedContractLLM", "contract", "observation_value", "run_agent",
           "scripted_function_calling_llm", "OK", "FAIL"]

Call = tuple[str, dict[str, Any]]
# A plan step: the call to make, or a function of the observations so far (values) that returns it.
Step = Union[Call, Callable[[list[Any]], Call]]
Plan = list[Step]
_OFFERED = re.compile(r"^> Tool Name: (\S+)$", flags=re.MULTILINE)


class ScriptedChatLLM(CustomLLM):
    """A chat LLM whose reply to a conversation is ``_reply(messages)``; ``chat_only`` makes the stream
    and completion entry points fail (for code that must never use them)."""

    model_name: str = "scripted"
    chat_only: ClassVar[bool] = False

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(is_chat_model=True, model_name=self.model_name)

    def _reply(self, messages: Sequence[ChatMessage]) -> str:
        raise NotImplementedError

    def _check_streaming(self) -> None:
        if self.chat_only:
            raise NotImplementedError(f"{type(self).__name__} only chats (streaming=False, no completion API)")

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=self._reply(messages)))

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        self._check_streaming()
        text = self._reply(messages)

        def gen() -> ChatResponseGen:
            yield ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text), delta=text)

        return gen()

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        self._check_streaming()
        return CompletionResponse(text=self._reply([ChatMessage(role=MessageRole.USER, content=prompt)]))

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        text = self.complete(prompt).text

        def gen() -> CompletionResponseGen:
            yield CompletionResponse(text=text, delta=text)

        return gen()


def observation_value(text: str) -> Any:
    """A tool's output as the agent shows it (``str`` of a dict) read back as a value."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


class PlannedReActLLM(ScriptedChatLLM):
    """Follows a plan of tool calls in ReAct text, then answers with the observations joined by `` | ``.

    A step whose tool the agent did not offer ends the run with ``Answer: <tool> was not offered``;
    ``offered`` records the tool names offered at each LLM call.
    """

    model_name: str = "planned-react"
    offered: list[list[str]] = Field(default_factory=list, description="Tool names offered at each LLM call.")
    _plan: list[Step] = PrivateAttr(default_factory=list)

    def __init__(self, plan: Sequence[Step], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._plan = list(plan)

    def _reply(self, messages: Sequence[ChatMessage]) -> str:
        offered = _OFFERED.findall(messages[0].content or "")
        self.offered.append(offered)
        texts = [m.content[len("Observation: "):] for m in messages if (m.content or "").startswith("Observation: ")]
        step = len(texts)
        if step < len(self._plan):
            planned = self._plan[step]
            name, kwargs = planned([observation_value(t) for t in texts]) if callable(planned) else planned
            if name not in offered:
                return f"Thought: I cannot see the tool I need.\nAnswer: {name} was not offered"
            return f"Thought: I need to use a tool to help me answer the question.\nAction: {name}\nAction Input: {json.dumps(kwargs)}"
        return "Thought: I can answer without using any more tools.\nAnswer: " + " | ".join(texts)


def scripted_function_calling_llm(plan: Sequence[Step], offered: list[list[str]]) -> MockFunctionCallingLLM:
    """llama-index-core's mock function-calling LLM driven by a plan of tool calls (steps as in
    :class:`PlannedReActLLM`); it answers ``Done: `` and the tool outputs at the end."""

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        names = [t.metadata.name for t in kwargs.get("tools") or []]
        offered.append(names)
        outputs = [m.content or "" for m in messages if m.role == MessageRole.TOOL]
        step = len(outputs)
        if step < len(plan):
            planned = plan[step]
            name, tool_kwargs = planned([observation_value(o) for o in outputs]) if callable(planned) else planned
            if name not in names:
                return ChatMessage(role=MessageRole.ASSISTANT, content=f"{name} was not offered")
            return ChatMessage(
                role=MessageRole.ASSISTANT,
                blocks=[ToolCallBlock(tool_call_id=f"call-{step}", tool_name=name, tool_kwargs=tool_kwargs)],
            )
        return ChatMessage(role=MessageRole.ASSISTANT, content="Done: " + " | ".join(outputs))

    return MockFunctionCallingLLM(response_generator=respond, is_chat_model=True)


async def run_agent(agent: Any, user_msg: str, max_iterations: int = 10) -> tuple[str, list[ToolCallResult]]:
    """Run a workflow agent on one message: its final answer and every tool call result."""
    handler = agent.run(user_msg=user_msg, max_iterations=max_iterations)
    results = [ev async for ev in handler.stream_events() if isinstance(ev, ToolCallResult)]
    output = await handler
    return str(output), results


# --------------------------------------------------------------------------- contract LLMs

OK = {"type": "object", "properties": {"status": {"const": "success"}}, "required": ["status"]}
FAIL = {"type": "object", "properties": {"status": {"enum": ["rejected", "error"]}}, "required": ["status"]}


def contract(tool: str, arguments: dict[str, Any], *, success: dict | None = None, exports: Sequence[dict] = ()) -> str:
    """A one-template ``tool_call_contract_v2`` reply as the LLM would write it."""
    return json.dumps({
        "contract_version": "tool_call_contract_v2",
        "tool": tool,
        "templates": [{"id": "t0", "expected": "success", "arguments": arguments}],
        "exports": list(exports),
        "success": success or OK,
        "failure": FAIL,
    })


class ScriptedContractLLM(ScriptedChatLLM):
    """Replies from ``script[(tool, revision)]``; records (tool, revision, system, user) per call.

    ``fail_after`` > = 0 makes every call after that many raise ConnectionError (a dying server).
    """

    chat_only: ClassVar[bool] = True  # the proposer uses chat
    script: dict = Field(default_factory=dict)
    calls: list = Field(default_factory=list)
    model_name: str = "scripted-model"
    fail_after: int = -1

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        assert not kwargs, "the proposer must not pass LLM-specific kwargs"
        if 0 <= self.fail_after <= len(self.calls):
            raise ConnectionError("connection refused")
        system, user = messages[0].content, messages[1].content
        prompt = json.loads(user)
        key = (prompt["public_tool_metadata"]["name"], prompt["revision"])
        self.calls.append({"tool": key[0], "revision": key[1], "system": system, "user": prompt})
        if key not in self.script:
            raise AssertionError(f"unscripted call {key}")
        return ChatResponse(message=ChatMessage(role="assistant", content=self.script[key]))

    def per_tool(self) -> Counter:
        return Counter(c["tool"] for c in self.calls)
