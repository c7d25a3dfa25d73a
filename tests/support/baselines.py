"""Scripted LLM replies and a small catalog for the baseline tests (helpers, not tests).

:class:`ScriptedBaselineLLM` is the shared scripted chat LLM (:mod:`tests.support.llms`) answering
from ``respond(system, user)``, which returns the reply text (or ``(text, finish_reason)``); every call
is recorded. :class:`WorldReplies` answers the Figure 10-14 prompts of :func:`alarm_catalog` the way a
careful model would, from a hand-written world (which tool depends on which, which profile the judge
rejects).
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, ClassVar, Sequence

from llama_index.core.base.llms.types import ChatMessage, ChatResponse
from llama_index.core.bridge.pydantic import Field
from llama_index.core.llms.callbacks import llm_chat_callback

from llama_index_libra.benchmarks.base import Benchmark, Task
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from tests.support.llms import ScriptedChatLLM

__all__ = ["ScriptedBaselineLLM", "WorldReplies", "alarm_catalog", "alarm_benchmark", "ALARM_TASKS", "prompt_kind", "DEPENDS",
           "REJECTED"]


class ScriptedBaselineLLM(ScriptedChatLLM):
    """Replies from ``respond(system, user)``; records ``(system, user)`` of every call.

    ``fail_after`` >= 0 makes every call after that many raise ConnectionError (a dying server).
    """

    chat_only: ClassVar[bool] = True  # the baselines' client uses chat only
    respond: Callable[[str, str], Any] = Field(default=lambda s, u: "")
    calls: list = Field(default_factory=list)
    model_name: str = "scripted-model"
    fail_after: int = -1

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        assert not kwargs, "the client must not pass LLM-specific kwargs"
        if 0 <= self.fail_after <= len(self.calls):
            raise ConnectionError("connection refused")
        system, user = messages[0].content or "", messages[-1].content or ""
        self.calls.append((system, user))
        reply = self.respond(system, user)
        text, finish = (reply, "stop") if isinstance(reply, str) else reply
        return ChatResponse(message=ChatMessage(role="assistant", content=text), additional_kwargs={"finish_reason": finish})


def _tool(name: str, description: str, params: dict[str, str], required: Sequence[str], returns: str) -> ToolSpec:
    return ToolSpec(
        name=name,
        description=description,
        parameters={"type": "object", "properties": {p: {"type": "string", "description": d} for p, d in params.items()},
                    "required": list(required)},
        response={"type": "object", "description": returns, "properties": {}},
    )


def alarm_catalog() -> ToolCatalog:
    """Six tools: a login that yields a token, alarms that need it, and two unrelated tools."""
    return ToolCatalog([
        _tool("Clock.login", "Log in with a user name and password.", {"username": "User name.", "password": "Password."},
              ["username", "password"], "An access token."),
        _tool("Clock.create_alarm", "Create a new alarm at a time of day.", {"access_token": "Token from login.", "time": "HH:MM."},
              ["access_token", "time"], "The new alarm id."),
        _tool("Clock.update_alarm", "Move an existing alarm to a new time.",
              {"access_token": "Token from login.", "alarm_id": "The alarm id.", "time": "New time HH:MM."},
              ["access_token", "alarm_id", "time"], "The updated alarm."),
        _tool("Clock.delete_alarm", "Delete an alarm.", {"access_token": "Token from login.", "alarm_id": "The alarm id."},
              ["access_token", "alarm_id"], "Whether it was deleted."),
        _tool("Weather.forecast", "Weather forecast for a city: rain, wind and temperature.", {"city": "City name."},
              ["city"], "The forecast text."),
        _tool("Timer.start", "Start a countdown timer for some minutes.", {"minutes": "Minutes."}, ["minutes"], "The timer id."),
    ], name="alarms")


ALARM_TASKS = (
    Task("move", "move my 7am alarm to 8am", ("Clock.login", "Clock.update_alarm")),
    Task("delete", "delete the alarm", ("Clock.login", "Clock.delete_alarm")),
    Task("rain", "will it rain in Paris", ("Weather.forecast",)),
)


def alarm_benchmark() -> Benchmark:
    """Three tasks over :func:`alarm_catalog` at K=3 (registered as a benchmark by the CLI tests)."""
    return Benchmark(name="alarms", catalog=alarm_catalog(), tasks=list(ALARM_TASKS), k=3)


# consumer -> providers, as a careful labeller would see them
DEPENDS = {
    "Clock.create_alarm": {"Clock.login"},
    "Clock.update_alarm": {"Clock.login", "Clock.create_alarm"},
    "Clock.delete_alarm": {"Clock.login", "Clock.create_alarm"},
}
REJECTED = {"Clock.delete_alarm"}  # the judge says false for this tool's first profile
_PAIR = re.compile(r"Now classify this pair:\nTool A:\nTool ID: ([^\n]+)\n.*?Tool B:\nTool ID: ([^\n]+)\n", re.S)
_TITLE = re.compile(r"The exact tool title is (.+?)\. Extract")
_PROFILE_TOOL = re.compile(r"^Tool: ([^(\n]+)\(", re.M)
_DOC_NAME = re.compile(r'"name": "([^"]+)"')


def prompt_kind(system: str, user: str) -> str:
    if "Now classify this pair" in user:
        return "tgr_pair"
    if "The exact tool title is" in user:
        return "egotrip_triples"
    if user.startswith("Tool: "):
        return "toolrex_profile"
    if "Output only one word" in user:
        return "toolrex_judge"
    if "is now generated based on the following API" in user:
        return "toolrex_refine"
    raise AssertionError(f"unexpected prompt: {user[:80]!r}")


class WorldReplies:
    """Answers every baseline prompt over :func:`alarm_catalog`; ``override(kind, tool)`` may replace a reply."""

    def __init__(self, override: Callable[[str, str], Any] | None = None) -> None:
        self.override = override
        self.kinds: list[str] = []

    def __call__(self, system: str, user: str) -> Any:
        kind = prompt_kind(system, user)
        self.kinds.append(kind)
        tool = self.tool_of(kind, user)
        if self.override is not None:
            reply = self.override(kind, tool)
            if reply is not None:
                return reply
        return self.answer(kind, tool, user)

    @staticmethod
    def tool_of(kind: str, user: str) -> str:
        if kind == "tgr_pair":
            a, b = _PAIR.search(user).groups()
            return f"{a}|{b}"
        if kind == "egotrip_triples":
            return _TITLE.search(user).group(1)
        if kind == "toolrex_profile":
            return _PROFILE_TOOL.search(user).group(1)
        return _DOC_NAME.search(user).group(1)

    @staticmethod
    def answer(kind: str, tool: str, user: str) -> str:
        short = tool.rsplit(".", 1)[-1]
        if kind == "tgr_pair":
            a, b = tool.split("|")
            label = "a_depends_on_b" if b in DEPENDS.get(a, ()) else "b_depends_on_a" if a in DEPENDS.get(b, ()) else "no_dependency"
            return json.dumps({"label": label})
        if kind == "egotrip_triples":
            rel = [{"head": tool, "relationship": "has_entity", "tail": "alarm" if "alarm" in short else short}]
            if short == "login":
                rel.append({"head": tool, "relationship": "has_entity", "tail": "alarm"})
            return json.dumps({"relationships": rel})
        if kind == "toolrex_profile":
            return json.dumps({"function_description": f"{short.replace('_', ' ')} for the user.",
                               "when_to_use": "when a task needs it", "limitations": "needs valid inputs",
                               "tags": [short, "clock"]})
        if kind == "toolrex_judge":
            return "false" if tool in REJECTED else "true"
        return json.dumps({"tool_profile": {"function": f"Removes an alarm ({short}).", "tags": ["alarm", "remove"]}})
