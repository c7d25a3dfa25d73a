"""LibraToolRetrieverTool: name, Figure 16 description, one-argument schema, text, history, errors."""

from __future__ import annotations

import asyncio
import json

import pytest
from tests.support import paths

from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.adapters.tool import EMPTY_QUERY_ERROR, LibraToolRetrieverTool, RetrieverCall, retriever_description
from llama_index_libra.retrieval.ranker import METHODS, ToolRanker

SHARED_DESCRIPTIONS = paths.SHARED / "paper" / "prompts" / "retriever_descriptions.json"


@pytest.fixture()
def retriever(synthetic_tools, hash_embed) -> LibraRetriever:
    return LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, top_k=5)


def test_name_description_and_schema(retriever: LibraRetriever) -> None:
    tool = LibraToolRetrieverTool(retriever)
    md = tool.metadata
    assert md.name == "tool_retriever"
    assert md.description == (
        "Search an execution-validated dependency library with a focused natural-language query and return a ranked tool list."
    )
    params = md.get_parameters_dict()
    assert params["type"] == "object"
    assert list(params["properties"]) == ["input"]
    assert params["properties"]["input"]["type"] == "string"
    assert params["required"] == ["input"]


def test_descriptions_are_figure_16_for_every_method() -> None:
    for method in METHODS:
        assert retriever_description(method).startswith("Search ")
    assert retriever_description("bm25") == retriever_description("qts")
    if SHARED_DESCRIPTIONS.exists():  # the packaged copy matches the canonical transcription
        canonical = json.loads(SHARED_DESCRIPTIONS.read_text())
        assert {m: retriever_description(m) for m in canonical} == canonical


def test_method_description_follows_the_ranker(synthetic_tools, hash_embed) -> None:
    qts = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, method="qts")
    assert LibraToolRetrieverTool(qts).metadata.description == retriever_description("qts")
    custom = LibraToolRetrieverTool.from_retriever(qts, method_description="Find tools.")
    assert custom.metadata.description == "Find tools."


def test_text_format_and_top_k(retriever: LibraRetriever) -> None:
    tool = LibraToolRetrieverTool(retriever, top_k=3)
    out = tool.call(input="What is the weather forecast in Paris tomorrow?")
    assert not out.is_error
    lines = out.content.splitlines()
    assert len(lines) == 3
    assert lines[0] == (
        "1. weather_get_forecast(city: string, day: string) - "
        "Get the weather forecast for a city on a given day: temperature, rain and wind."
    )
    assert [line.split(". ", 1)[0] for line in lines] == ["1", "2", "3"]
    assert LibraToolRetrieverTool(retriever).call(input="mail").content.count("\n") == 19  # default top 20


def test_history_records_every_call(retriever: LibraRetriever) -> None:
    tool = LibraToolRetrieverTool(retriever, top_k=4)
    tool.call(input="book a hotel in Rome")
    tool("log in to the bank")  # positional input, as some agents pass it
    asyncio.run(tool.acall(input="   "))
    assert [h.query for h in tool.history] == ["book a hotel in Rome", "log in to the bank", ""]
    first = tool.history[0]
    assert isinstance(first, RetrieverCall) and first.error is None
    assert len(first.names) == len(first.scores) == 4
    assert list(first.scores) == sorted(first.scores, reverse=True)
    assert first.names == tuple(h.name for h in retriever.rank("book a hotel in Rome", 4))
    assert tool.history[1].names[0].startswith("bank_")
    assert tool.history[2].names == () and tool.history[2].error == EMPTY_QUERY_ERROR
    assert tool.history[2].malformed and not tool.history[0].malformed
    assert json.loads(json.dumps([h.to_dict() for h in tool.history]))[0]["query"] == "book a hotel in Rome"
    # deterministic: the same calls give the same records
    again = LibraToolRetrieverTool(retriever, top_k=4)
    again.call(input="book a hotel in Rome")
    assert again.history[0] == first
    tool.reset_history()
    assert tool.history == []


def test_async_call_equals_sync(retriever: LibraRetriever) -> None:
    tool = LibraToolRetrieverTool(retriever, top_k=6)
    sync = tool.call(input="export my fitness workouts")
    asyn = asyncio.run(tool.acall(input="export my fitness workouts"))
    assert sync.content == asyn.content
    assert tool.history[0] == tool.history[1]


@pytest.mark.parametrize("query", ["", "   \n", None])
def test_empty_query_is_an_error_result(retriever: LibraRetriever, query) -> None:
    tool = LibraToolRetrieverTool(retriever)
    out = tool.call(input=query)
    assert out.is_error and out.content == EMPTY_QUERY_ERROR
    assert out.tool_name == "tool_retriever"
    assert tool.history[-1].error == EMPTY_QUERY_ERROR


def test_retrieval_failure_is_recorded(retriever: LibraRetriever, monkeypatch) -> None:
    tool = LibraToolRetrieverTool(retriever)

    def boom(*args, **kwargs):
        raise RuntimeError("encoder offline")

    monkeypatch.setattr(retriever, "rank", boom)
    out = tool.call(input="anything")
    assert out.is_error and "encoder offline" in out.content
    assert tool.history[-1].error == "Error: tool retrieval failed: RuntimeError: encoder offline"


def test_wraps_a_bare_ranker(retriever: LibraRetriever) -> None:
    ranker: ToolRanker = retriever.ranker
    tool = LibraToolRetrieverTool(ranker, top_k=2)
    out = tool.call(input="translate text to German")
    assert out.content.splitlines()[0].startswith("1. translate_text(")
    with pytest.raises(ValueError, match="top_k"):
        LibraToolRetrieverTool(retriever, top_k=0)
    with pytest.raises(TypeError):
        LibraToolRetrieverTool("not a retriever")  # type: ignore[arg-type]


def test_an_agent_calls_the_retriever_tool(retriever: LibraRetriever) -> None:
    """ToolReAGt-style: the agent's only tool is tool_retriever; its text reaches the answer."""
    from llama_index.core.agent.workflow import FunctionAgent
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM

    tool = LibraToolRetrieverTool(retriever, top_k=3)

    def respond(messages, **kwargs) -> ChatMessage:
        outputs = [m.content for m in messages if m.role == MessageRole.TOOL]
        if not outputs:
            assert [t.metadata.name for t in kwargs["tools"]] == ["tool_retriever"]
            call = ToolCallBlock(tool_call_id="c0", tool_name="tool_retriever", tool_kwargs={"input": "weather forecast for a city"})
            return ChatMessage(role=MessageRole.ASSISTANT, blocks=[call])
        return ChatMessage(role=MessageRole.ASSISTANT, content="Candidates:\n" + outputs[-1])

    agent = FunctionAgent(tools=[tool], llm=MockFunctionCallingLLM(response_generator=respond, is_chat_model=True))

    async def main() -> str:
        return str(await agent.run(user_msg="What will the weather be in Oslo?", max_iterations=5))

    answer = asyncio.run(main())
    assert answer.startswith("Candidates:\n1. weather_get_forecast(city: string, day: string) - ")
    assert [h.query for h in tool.history] == ["weather forecast for a city"]
    assert tool.history[0].names[0] == "weather_get_forecast"


# --------------------------------------------------------------------------- input normalisation, listed lines

from hypothesis import given, settings, strategies as st  # noqa: E402

from llama_index_libra.adapters.tool import (  # noqa: E402
    SCHEMA_ECHO_ERROR,
    normalize_retriever_input,
)


@pytest.mark.parametrize(
    "value, query, problem",
    [
        ("  upload an ssh key ", "upload an ssh key", None),
        ({"description": "upload an ssh key"}, "upload an ssh key", None),
        ({"query": "sign in", "extra": 3}, "sign in", None),
        ({"input": {"description": "sign in"}}, "sign in", None),
        ('{"description": "sign in"}', "sign in", None),
        (["sign in", "then upload"], "sign in then upload", None),
        ({"type": "object"}, "", "schema-echo"),
        ({"type": "string", "description": "A focused natural-language description of the tool you need."}, "", "schema-echo"),
        ({"input": {"type": "string"}}, "", "schema-echo"),
        ({"properties": {"input": {"type": "string"}}, "required": ["input"]}, "", "schema-echo"),
        ("", "", "empty"),
        ({}, "", "empty"),
        (None, "", "empty"),
        (42, "", "not-text"),
    ],
)
def test_normalize_retriever_input(value, query, problem) -> None:
    parsed = normalize_retriever_input(value)
    assert (parsed.query, parsed.problem) == (query, problem)
    assert parsed.malformed is (problem is not None)
    assert (parsed.message is None) is (problem is None)


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12))
def test_normalize_retriever_input_never_raises(value) -> None:
    parsed = normalize_retriever_input(value)
    assert isinstance(parsed.query, str)
    assert parsed.malformed or parsed.query.strip()


def test_malformed_inputs_get_a_corrective_message_and_no_search(retriever: LibraRetriever) -> None:
    tool = LibraToolRetrieverTool(retriever, top_k=3)
    echo = tool.call(input={"type": "object"})
    assert echo.is_error and echo.content == SCHEMA_ECHO_ERROR
    ok = tool.call(input={"description": "weather forecast for a city"})
    assert not ok.is_error and ok.content.startswith("1. weather_get_forecast")
    assert [(h.malformed, h.problem) for h in tool.history] == [(True, "schema-echo"), (False, None)]
    assert tool.history[0].to_dict()["malformed"] is True and tool.history[0].names == ()


def test_listed_lines_do_not_repeat_the_signature() -> None:
    from llama_index.core.tools import FunctionTool

    from llama_index_libra.adapters.retriever import format_tool
    from llama_index_libra.catalog import ToolCatalog

    def add_ssh_key(access_token: str, title: str) -> dict:
        """Upload an SSH public key."""
        return {}

    spec = ToolCatalog.from_tools([FunctionTool.from_defaults(fn=add_ssh_key)]).get("add_ssh_key")
    assert spec.description.startswith("add_ssh_key(")  # LlamaIndex puts the signature in the description
    line = format_tool(spec)
    assert line == "add_ssh_key(access_token: string, title: string) - Upload an SSH public key."
    assert line.count("add_ssh_key(") == 1
