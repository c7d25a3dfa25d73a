"""LlamaIndex workflow agents with ``tool_retriever=LibraRetriever(...).as_object_retriever()``.

The LLM boundary is scripted: the LLM calls a planned tool only when the agent offered it (so a
retrieval miss fails the test), and its final answer quotes the tool outputs. Everything else is
the real agent loop of llama-index-core: retrieval with the user message each step, retrieval with
the tool's exact name when a call executes, tool execution, observations.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from llama_index.core.agent.workflow import FunctionAgent, ReActAgent
from llama_index.core.objects import ObjectRetriever
from llama_index.core.schema import QueryType

from llama_index_libra.adapters.retriever import LibraRetriever
from tests.support.fakes import CREATE_NOTE, CREATED, LOGIN_THEN_CREATE_PLAN
from tests.support.llms import Plan, PlannedReActLLM as ScriptedReActLLM, run_agent, scripted_function_calling_llm


class RecordingObjectRetriever(ObjectRetriever):
    """Records every query the agent sends to its tool retriever and the tool names it got back."""

    def __init__(self, inner: ObjectRetriever) -> None:
        super().__init__(inner.retriever, inner.object_node_mapping, inner.node_postprocessors)
        self.calls: list[tuple[str, list[str]]] = []

    async def aretrieve(self, str_or_query_bundle: QueryType) -> list[Any]:
        tools = await super().aretrieve(str_or_query_bundle)
        query = str_or_query_bundle if isinstance(str_or_query_bundle, str) else str_or_query_bundle.query_str
        self.calls.append((query, [t.metadata.name for t in tools]))
        return tools


@pytest.fixture()
def retriever(synthetic_tools, synthetic_library, hash_embed) -> LibraRetriever:
    return LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, library=synthetic_library, top_k=8)


def test_catalog_is_large_and_callable(synthetic_tools) -> None:
    assert len(synthetic_tools) >= 100
    assert len({t.metadata.name for t in synthetic_tools}) == len(synthetic_tools)
    forecast = next(t for t in synthetic_tools if t.metadata.name == "weather_get_forecast")
    assert forecast.call(city="Paris", day="tomorrow").content == "Forecast for Paris tomorrow: sunny, 21 C, light wind."


@pytest.mark.parametrize("streaming", [True, False])
def test_react_agent_retrieves_calls_and_answers(retriever: LibraRetriever, streaming: bool) -> None:
    login = next(h for h in retriever.rank(CREATE_NOTE) if h.name == "notes_login")
    assert login.promoted and "state prerequisite of notes_create_note" in login.reasons()
    llm = ScriptedReActLLM(LOGIN_THEN_CREATE_PLAN)
    tool_retriever = RecordingObjectRetriever(retriever.as_object_retriever())
    agent = ReActAgent(tool_retriever=tool_retriever, llm=llm, streaming=streaming)

    answer, results = asyncio.run(run_agent(agent, CREATE_NOTE))

    assert [r.tool_name for r in results] == ["notes_login", "notes_create_note"]
    assert not any(r.tool_output.is_error for r in results)
    assert results[0].tool_output.content == "access_token=tok-notes-alice"
    assert results[1].tool_output.content == CREATED
    assert answer == "access_token=tok-notes-alice | " + CREATED
    # the agent offered the LLM the retrieved tools (top_k of them) at every step
    assert all(len(names) == 8 for names in llm.offered)
    assert {"notes_login", "notes_create_note"} <= set(llm.offered[0])
    # the exact-name path: executing a call queried the retriever with the tool's name
    by_query = {q: got for q, got in tool_retriever.calls}
    assert by_query["notes_login"][0] == "notes_login"
    assert by_query["notes_create_note"][0] == "notes_create_note"
    assert CREATE_NOTE in by_query


def test_without_the_library_the_agent_misses_the_prerequisite(synthetic_tools, hash_embed) -> None:
    """Control: QTS ranks the goal tool but not the login it needs, so the scripted plan stalls."""
    qts = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, method="qts", top_k=8)
    llm = ScriptedReActLLM(LOGIN_THEN_CREATE_PLAN)
    answer, results = asyncio.run(run_agent(ReActAgent(tool_retriever=qts.as_object_retriever(), llm=llm), CREATE_NOTE))
    assert "notes_create_note" in llm.offered[0] and "notes_login" not in llm.offered[0]
    assert results == [] and answer == "notes_login was not offered"


def test_function_agent_retrieves_calls_and_answers(retriever: LibraRetriever) -> None:
    offered: list[list[str]] = []
    llm = scripted_function_calling_llm(LOGIN_THEN_CREATE_PLAN, offered)
    tool_retriever = RecordingObjectRetriever(retriever.as_object_retriever())
    agent = FunctionAgent(tool_retriever=tool_retriever, llm=llm)

    answer, results = asyncio.run(run_agent(agent, CREATE_NOTE))

    assert [r.tool_name for r in results] == ["notes_login", "notes_create_note"]
    assert not any(r.tool_output.is_error for r in results)
    assert answer == "Done: access_token=tok-notes-alice | " + CREATED
    assert {"notes_login", "notes_create_note"} <= set(offered[0])
    assert [q for q, _ in tool_retriever.calls if q in ("notes_login", "notes_create_note")] == ["notes_login", "notes_create_note"]


def test_exact_name_lookup_is_what_lets_the_agent_call_the_tool(synthetic_tools, hash_embed, monkeypatch) -> None:
    """With top_k=1 the tool's own name does not rank it first; only the exact-name path finds it."""
    # the dense base (the paper's): BM25 would match the bare name token, which is not what this tests
    retriever = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, top_k=1, recipe="paper")
    name = "calendar_create_event"
    user_msg = "Create a new calendar event: a meeting titled Standup on Monday."
    assert [h.name for h in retriever.rank(user_msg)] == [name]
    assert retriever.ranker.rank(name, 1)[0].name != name  # plain ranking misses the bare name
    plan: Plan = [(name, {"access_token": "t", "title": "Standup", "date": "Monday"})]

    answer, results = asyncio.run(run_agent(ReActAgent(tool_retriever=retriever.as_object_retriever(), llm=ScriptedReActLLM(plan)), user_msg))
    assert not results[0].tool_output.is_error
    assert "calendar_create_event done: access_token=t, date=Monday, title=Standup" in answer

    monkeypatch.setattr(retriever, "exact_name", lambda query: None)
    answer, results = asyncio.run(run_agent(ReActAgent(tool_retriever=retriever.as_object_retriever(), llm=ScriptedReActLLM(plan)), user_msg))
    assert results[0].tool_output.is_error
    assert results[0].tool_output.content == f"Tool {name} not found. Please select a tool that is available."


def test_always_include_tool_reaches_the_agent(synthetic_tools, hash_embed) -> None:
    retriever = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, top_k=2, always_include=["calculator_evaluate"])
    llm = ScriptedReActLLM([("calculator_evaluate", {"expression": "6*7"})])
    answer, results = asyncio.run(
        run_agent(ReActAgent(tool_retriever=retriever.as_object_retriever(), llm=llm), "Book a flight to Rome and tell me 6*7")
    )
    assert "calculator_evaluate" in llm.offered[0] and len(llm.offered[0]) == 3
    assert answer.endswith("The value of 6*7 is computed.")
