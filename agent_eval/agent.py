"""The ToolReAGt agent: a LlamaIndex workflow ``ReActAgent`` whose only tool is ``tool_retriever``.

One task runs as one ``agent.run`` with the paper's Figure 15 prompts. The tool is the package's
:class:`~llama_index_libra.adapters.tool.LibraToolRetrieverTool` (method-specific Figure 16
description, top 20 tools per call) behind :class:`BudgetedRetrieverTool`, which enforces the
retrieval budget and records every call. :func:`run_agent_task` never raises for an agent-side
failure: a malformed step is LlamaIndex's own retry (recorded as a step), and a step limit, timeout or
LLM/server error ends the task with that status and whatever calls it made.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

import llama_index.core.instrumentation as instrument
from llama_index.core.agent.workflow import AgentOutput, ReActAgent, ToolCallResult
from llama_index.core.instrumentation.event_handlers import BaseEventHandler
from llama_index.core.instrumentation.events import BaseEvent
from llama_index.core.instrumentation.events.llm import LLMChatEndEvent, LLMChatStartEvent
from llama_index.core.prompts import PromptTemplate
from llama_index.core.tools import ToolMetadata, ToolOutput
from llama_index.core.tools.types import AsyncBaseTool
from llama_index.core.workflow.errors import WorkflowRuntimeError

from .config import RunSettings
from .inputs import JsonReActChatFormatter, SafeReActOutputParser, corrective_observation
from .prompts import react_header, render_user_message, retriever_description
from llama_index_libra.adapters.tool import TOOL_NAME, LibraToolRetrieverTool

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.llms import LLM

    from llama_index_libra.adapters.retriever import LibraRetriever
    from llama_index_libra.benchmarks.base import Task

__all__ = [
    "STATUSES",
    "FINAL_STATUSES",
    "CallRecord",
    "BudgetedRetrieverTool",
    "TaskOutcome",
    "budget_error",
    "build_agent",
    "call_lists",
    "make_retriever_tool",
    "run_agent_task",
]

# answered: the agent gave a final answer; max_iterations: LlamaIndex's step limit ended it;
# timeout: the task ran past its time limit; error: the LLM/server (or anything else) raised.
STATUSES = ("answered", "max_iterations", "timeout", "error")
FINAL_STATUSES = ("answered", "max_iterations")
_TEXT_LIMIT = 4000  # characters of one LLM reply kept in the step log
_OBSERVATION_LIMIT = 300  # characters of one observation kept in the step log


def budget_error(budget: int) -> str:
    """What the agent reads when it calls ``tool_retriever`` past its budget."""
    return (
        f"Error: the retrieval budget of {budget} tool_retriever calls is spent. "
        "Do not call tool_retriever again; answer with the tools you have found."
    )


# --------------------------------------------------------------------------- the tool


@dataclass(frozen=True)
class CallRecord:
    """One ``tool_retriever`` call: 1-based index, query, ranked names/scores or the error."""

    call: int
    query: str
    names: tuple[str, ...] = ()
    scores: tuple[float, ...] = ()
    error: str | None = None
    over_budget: bool = False
    arguments: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    malformed: bool = False  # an unusable Action Input: answered with a correction, no search, not budgeted

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["names"] = list(self.names)
        out["scores"] = [round(float(s), 6) for s in self.scores]
        out["seconds"] = round(self.seconds, 6)
        return out


def _json_safe(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    return repr(value)


# Retrieval (query embedding, ranking) is CPU/GPU work that would block the event loop in which the
# agents wait for their LLM; one worker thread runs it, serialised, because encoders and fast
# tokenizers are not safe to call from several threads at once.
_RETRIEVAL_EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="agent-eval-retrieval")


def _timed(fn: Callable[..., ToolOutput], *args: Any, **kwargs: Any) -> tuple[ToolOutput, float]:
    start = time.perf_counter()
    output = fn(*args, **kwargs)
    return output, time.perf_counter() - start


class BudgetedRetrieverTool(AsyncBaseTool):
    """``tool_retriever`` with a call budget and a record of every call.

    Every Action Input first goes through the wrapped tool's own normaliser
    (:meth:`LibraToolRetrieverTool.parse_input`): an unusable one (empty or unparseable, no text, a
    schema echo, the placeholder) runs no search, does not count against the budget, is recorded
    with ``malformed=True`` and answered with :func:`corrective_observation`.
    A usable one goes, as its text, to the wrapped :class:`LibraToolRetrieverTool`; calls
    ``1..budget`` count (one whose retrieval errored too). A call past the budget returns
    :func:`budget_error` as an error result and is recorded with ``over_budget=True``.
    ``on_call`` sees each record as it happens (the run's JSONL call log). ``acall`` ranks on the
    shared retrieval thread, so concurrent agents keep talking to their LLM meanwhile.
    """

    def __init__(
        self,
        inner: LibraToolRetrieverTool,
        *,
        budget: int,
        on_call: Callable[[CallRecord], None] | None = None,
    ) -> None:
        if isinstance(budget, bool) or not isinstance(budget, int) or budget <= 0:
            raise ValueError(f"budget must be a positive integer, got {budget!r}")
        self.inner = inner
        self.budget = budget
        self.on_call = on_call
        self.calls: list[CallRecord] = []

    @property
    def metadata(self) -> ToolMetadata:
        return self.inner.metadata

    @property
    def used(self) -> int:
        """Calls counted against the budget so far."""
        return sum(1 for c in self.calls if not c.over_budget and not c.malformed)

    def _malformed(self, kwargs: dict[str, Any], reason: str) -> ToolOutput:
        message = corrective_observation(reason, tool_name=TOOL_NAME)
        self._record(CallRecord(len(self.calls) + 1, "", error=reason, arguments=_json_safe(kwargs), malformed=True))
        return ToolOutput(content=message, tool_name=TOOL_NAME, raw_input=_json_safe(kwargs), raw_output=None, is_error=True)

    def _record(self, record: CallRecord) -> None:
        self.calls.append(record)
        if self.on_call is not None:
            self.on_call(record)

    def _over_budget(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> ToolOutput:
        query = LibraToolRetrieverTool._query(args, kwargs)
        message = budget_error(self.budget)
        self._record(CallRecord(len(self.calls) + 1, query, error=message, over_budget=True, arguments=_json_safe(kwargs)))
        return ToolOutput(content=message, tool_name=TOOL_NAME, raw_input={"input": query}, raw_output=None, is_error=True)

    def _after(self, output: ToolOutput, kwargs: dict[str, Any], seconds: float) -> ToolOutput:
        last = self.inner.history[-1]
        self._record(
            CallRecord(
                len(self.calls) + 1,
                last.query,
                tuple(last.names),
                tuple(last.scores),
                last.error,
                False,
                _json_safe(kwargs),
                seconds,
            )
        )
        return output

    def call(self, *args: Any, **kwargs: Any) -> ToolOutput:
        parsed = self.inner.parse_input(args, kwargs)
        if parsed.malformed:
            return self._malformed(kwargs, parsed.reason or "unusable input")
        query = parsed.query
        if self.used >= self.budget:
            return self._over_budget((query,), kwargs)
        start = time.perf_counter()
        output = self.inner.call(input=query)
        return self._after(output, kwargs, time.perf_counter() - start)

    async def acall(self, *args: Any, **kwargs: Any) -> ToolOutput:
        parsed = self.inner.parse_input(args, kwargs)
        if parsed.malformed:
            return self._malformed(kwargs, parsed.reason or "unusable input")
        query = parsed.query
        if self.used >= self.budget:
            return self._over_budget((query,), kwargs)
        loop = asyncio.get_running_loop()
        output, seconds = await loop.run_in_executor(_RETRIEVAL_EXECUTOR, functools.partial(_timed, self.inner.call, input=query))
        return self._after(output, kwargs, seconds)


def make_retriever_tool(
    retriever: "LibraRetriever", method: str, settings: RunSettings, on_call: Callable[[CallRecord], None] | None = None
) -> BudgetedRetrieverTool:
    """A fresh budgeted ``tool_retriever`` for one task (the retriever itself is shared)."""
    inner = LibraToolRetrieverTool(retriever, top_k=settings.top_k, method_description=retriever_description(method))
    return BudgetedRetrieverTool(inner, budget=settings.budget, on_call=on_call)


def build_agent(tool: AsyncBaseTool, llm: "LLM") -> ReActAgent:
    """A ``ReActAgent`` with ``tool`` as its only tool and Figure 15's system prompt.

    ``streaming=False``: the local vLLM engine cannot stream, and nothing here needs tokens early.
    Past Action Inputs are written into the prompt as JSON (:class:`JsonReActChatFormatter`); any
    parser failure is a malformed step the model is asked to fix (:class:`SafeReActOutputParser`).
    """
    agent = ReActAgent(tools=[tool], llm=llm, streaming=False, formatter=JsonReActChatFormatter(),
                       output_parser=SafeReActOutputParser())
    agent.update_prompts({"react_header": PromptTemplate(react_header())})
    return agent


# --------------------------------------------------------------------------- LLM accounting


@dataclass
class LLMStats:
    """LLM calls of one task: count, seconds inside the LLM, token counts when the backend reports them."""

    calls: int = 0
    seconds: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    _depth: int = 0
    _start: float = 0.0

    def started(self) -> None:
        # An LLM's achat may call its own chat: count the outermost span only.
        if self._depth == 0:
            self.calls += 1
            self._start = time.perf_counter()
        self._depth += 1

    def ended(self, response: Any) -> None:
        if self._depth == 0:
            return
        self._depth -= 1
        if self._depth == 0:
            self.seconds += time.perf_counter() - self._start
            extra = getattr(response, "additional_kwargs", None) or {}
            self.prompt_tokens += int(extra.get("prompt_tokens") or 0)
            self.completion_tokens += int(extra.get("completion_tokens") or 0)

    def close(self) -> None:
        """Account a call still open when the task ended (an LLM error or a timeout)."""
        if self._depth > 0:
            self.seconds += time.perf_counter() - self._start
            self._depth = 0


_CURRENT_STATS: contextvars.ContextVar[LLMStats | None] = contextvars.ContextVar("agent_eval_llm_stats", default=None)


class _LLMStatsHandler(BaseEventHandler):
    """Routes LlamaIndex's LLM chat events to the running task's :class:`LLMStats`.

    The stats object travels in a context variable: the workflow's step tasks are created inside
    ``agent.run`` and inherit the task's context, so concurrent tasks never mix their numbers.
    """

    @classmethod
    def class_name(cls) -> str:
        return "AgentEvalLLMStatsHandler"

    def handle(self, event: BaseEvent, **kwargs: Any) -> None:
        stats = _CURRENT_STATS.get()
        if stats is None:
            return
        if isinstance(event, LLMChatStartEvent):
            stats.started()
        elif isinstance(event, LLMChatEndEvent):
            stats.ended(event.response)


_HANDLER_INSTALLED = False


def _install_stats_handler() -> None:
    global _HANDLER_INSTALLED
    if not _HANDLER_INSTALLED:
        instrument.get_dispatcher().add_event_handler(_LLMStatsHandler())
        _HANDLER_INSTALLED = True


# --------------------------------------------------------------------------- one task


@dataclass
class TaskOutcome:
    """What one agent run on one task produced."""

    task_id: str
    status: str
    calls: list[CallRecord]
    steps: list[dict[str, Any]]
    answer: str | None = None
    error: str | None = None
    seconds: float = 0.0
    llm: LLMStats = field(default_factory=LLMStats)

    @property
    def retrieval_seconds(self) -> float:
        return sum(c.seconds for c in self.calls)

    def to_json(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "status": self.status,
            "error": self.error,
            "answer": self.answer,
            "n_calls": sum(1 for c in self.calls if not c.over_budget and not c.malformed),
            "calls": [c.to_json() for c in self.calls],
            "steps": self.steps,
            "n_steps": sum(1 for s in self.steps if s.get("type") == "llm"),
            # unparseable replies (LlamaIndex's retry) plus Action Inputs that were no usable query
            "n_malformed": sum(1 for s in self.steps if s.get("kind") in ("malformed", "empty"))
            + sum(1 for c in self.calls if c.malformed),
            "n_malformed_inputs": sum(1 for c in self.calls if c.malformed),
            "llm_calls": self.llm.calls,
            "llm_seconds": round(self.llm.seconds, 6),
            "prompt_tokens": self.llm.prompt_tokens,
            "completion_tokens": self.llm.completion_tokens,
            "retrieval_seconds": round(self.retrieval_seconds, 6),
            "seconds": round(self.seconds, 6),
        }


def _step_from_event(event: Any) -> dict[str, Any] | None:
    if isinstance(event, AgentOutput):
        text = event.response.content or ""
        step: dict[str, Any] = {"type": "llm", "text": text[:_TEXT_LIMIT]}
        if event.retry_messages:
            step["kind"] = "malformed" if text.strip() else "empty"
        elif event.tool_calls:
            call = event.tool_calls[0]
            step.update(kind="action", action=call.tool_name, action_input=_json_safe(call.tool_kwargs))
        else:
            step["kind"] = "answer"
        return step
    if isinstance(event, ToolCallResult):
        output = event.tool_output
        return {
            "type": "tool",
            "tool": event.tool_name,
            "arguments": _json_safe(event.tool_kwargs),
            "is_error": bool(output.is_error),
            "observation": str(output.content)[:_OBSERVATION_LIMIT],
        }
    return None


async def _cancel(handler: Any) -> None:
    if handler is None:
        return
    try:
        await handler.cancel_run()
    except Exception:  # noqa: BLE001 - the run is being abandoned either way
        pass


async def run_agent_task(
    task: "Task",
    *,
    llm: "LLM",
    retriever: "LibraRetriever",
    method: str,
    settings: RunSettings,
    on_call: Callable[[CallRecord], None] | None = None,
) -> TaskOutcome:
    """Run the ToolReAGt agent once on ``task``; the outcome always comes back (no agent error raises)."""
    _install_stats_handler()
    tool = make_retriever_tool(retriever, method, settings, on_call)
    agent = build_agent(tool, llm)
    stats = LLMStats()
    steps: list[dict[str, Any]] = []
    token = _CURRENT_STATS.set(stats)
    start = time.perf_counter()
    handler = None
    status, answer, error = "error", None, None
    try:
        handler = agent.run(user_msg=render_user_message(task.query), max_iterations=settings.steps_limit)

        async def drive() -> Any:
            async for event in handler.stream_events():
                step = _step_from_event(event)
                if step is not None:
                    steps.append(step)
            return await handler

        result = await asyncio.wait_for(drive(), timeout=settings.task_timeout)
        status = "answered"
        response = getattr(result, "response", None)
        answer = str(getattr(response, "content", None) or "")
    except asyncio.TimeoutError:
        status, error = "timeout", f"the task ran past {settings.task_timeout:g} s"
        await _cancel(handler)
    except WorkflowRuntimeError as exc:
        message = str(exc)
        status = "max_iterations" if "Max iterations" in message else "error"
        error = message.splitlines()[0] if message else type(exc).__name__
        await _cancel(handler)
    except Exception as exc:  # noqa: BLE001 - a server or LLM error ends this task, not the run
        status, error = "error", f"{type(exc).__name__}: {exc}".splitlines()[0][:1000]
        await _cancel(handler)
    finally:
        stats.close()
        _CURRENT_STATS.reset(token)
    return TaskOutcome(
        task_id=task.id,
        status=status,
        calls=list(tool.calls),
        steps=steps,
        answer=answer,
        error=error,
        seconds=time.perf_counter() - start,
        llm=stats,
    )


def call_lists(calls: Sequence[CallRecord | dict[str, Any]]) -> list[list[str]]:
    """The ranked name lists of the calls counted against the budget, in call order (errors give []).

    Over-budget calls and malformed inputs (no search was run) are not retrieval iterations."""
    out = []
    for c in calls:
        over = c.over_budget if isinstance(c, CallRecord) else bool(c.get("over_budget"))
        malformed = c.malformed if isinstance(c, CallRecord) else bool(c.get("malformed"))
        if over or malformed:
            continue
        names = c.names if isinstance(c, CallRecord) else c.get("names") or []
        out.append(list(names))
    return out
