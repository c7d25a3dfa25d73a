"""Property tests of every LLM-reply path: contract replies (live and cached) and ReAct outputs.

Any reply text, however malformed (not JSON, wrong schema, huge, deeply nested), must end as a
contract (the LLM's or the recorded schema-derived fallback) or a one-line ReplyParseError; any
cache file as a trusted entry or a miss; any tool name as a cache path inside the cache folder; any
Action Input as a query or a corrective observation. No other exception, ever.

Fast by default; the slow tests run ``LIBRA_FUZZ_EXAMPLES`` examples each (default 1,000 so that CI
stays well under its time; the README's 0-traceback figures come from the 10,000-example run):

    LIBRA_FUZZ_EXAMPLES=10000 python -m pytest -q -m slow tests/test_llm_fuzz.py
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from llama_index.core.base.llms.types import ChatMessage, ChatResponse, CompletionResponse, LLMMetadata
from llama_index.core.bridge.pydantic import Field
from llama_index.core.llms import CustomLLM
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts import Contract
from llama_index_libra.contracts.llm import (
    MAX_REPLY_CHARS,
    LLMContractProposer,
    ReplyCache,
    ReplyParseError,
    parse_json_reply,
    safe_file_name,
)

FAST = 60
SLOW = int(os.environ.get("LIBRA_FUZZ_EXAMPLES", "1000"))
SLOW_PROPOSER = int(os.environ.get("LIBRA_FUZZ_EXAMPLES", "300"))  # each example renders three full prompts
COMMON = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                     HealthCheck.function_scoped_fixture])

SPEC = ToolSpec.from_function_doc({
    "name": "post_tweet", "description": "Post a tweet for the authenticated user.",
    "parameters": {"type": "dict", "properties": {
        "content": {"type": "string", "description": "Tweet text."},
        "tags": {"type": "array", "items": {"type": "string"}, "description": "Hashtags."},
    }, "required": ["content"]},
}, namespace="TwitterAPI")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=25,
)
contract_keys = st.sampled_from(["contract_version", "tool", "templates", "exports", "success", "failure", "id", "expected",
                                 "arguments", "kind", "value", "schema", "name", "path", "type", "properties", "required",
                                 "content", "tags", "$ref", "pattern", "const", "enum"])
contract_like = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["success", "error", "literal", "observation", "string",
                                                                        "tool_call_contract_v2", "post_tweet", "$.output"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(contract_keys, children, max_size=5),
    max_leaves=30,
)


def nested(depth: int) -> str:
    return '{"templates": ' + "[" * depth + "]" * depth + "}"


reply_texts = st.one_of(
    st.text(max_size=300),
    json_values.map(json.dumps),
    contract_like.map(json.dumps),
    contract_like.map(lambda v: f"Sure! Here it is:\n```json\n{json.dumps(v)}\n```\nDone."),
    contract_like.map(lambda v: "<think>hmm {</think>" + json.dumps(v)[: max(1, len(json.dumps(v)) // 2)]),  # cut
    st.integers(1, 5000).map(nested),
    st.integers(1, 3000).map(lambda n: "{" * n),
    st.integers(0, 3).map(lambda n: "x" * (MAX_REPLY_CHARS - 1 + n)),
    st.integers(1, 50).map(lambda n: '{"templates": [' + ",".join(['{"a": 1}'] * n) + "]" + " }" * (n % 2)),
    st.just('{"n": ' + "9" * 5000 + "}"),
    st.just('{"tool": "\\ud800", "templates": []}'),
)


def check_parse(text: str) -> None:
    try:
        obj = parse_json_reply(text)
    except ReplyParseError as exc:
        assert "\n" not in str(exc) and str(exc)
    else:
        assert isinstance(obj, dict)


class ReplyLLM(CustomLLM):
    """Answers every chat with ``reply`` (and ``finish_reason``)."""

    reply: str = ""
    finish_reason: str = "stop"
    calls: int = 0

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="fuzz-model", is_chat_model=True, context_window=10**6, num_output=512)

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        self.calls += 1
        return ChatResponse(message=ChatMessage(role="assistant", content=self.reply),
                            raw={"choices": [{"finish_reason": self.finish_reason}]})

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        raise NotImplementedError

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any):  # type: ignore[override]
        raise NotImplementedError


def check_propose(text: str, finish: str, cache_dir: Path | None) -> None:
    llm = ReplyLLM(reply=text, finish_reason=finish)
    proposer = LLMContractProposer(llm, cache_dir=cache_dir, backoff_s=0)
    contract = proposer.propose(SPEC)
    assert isinstance(contract, Contract) and contract.tool == SPEC.name
    assert 1 <= llm.calls <= 3
    if SPEC.name in proposer.fallbacks:
        assert proposer.invalid_replies == llm.calls
    if cache_dir is not None:  # the same replies again, from the cache: the same outcome
        again = LLMContractProposer(ReplyLLM(reply="unused"), cache_dir=cache_dir, backoff_s=0, model_id="fuzz-model")
        assert again.propose(SPEC).to_json() == contract.to_json() and again.llm_calls == 0


cache_files = st.one_of(
    st.binary(max_size=200),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries({"key": st.sampled_from(["KEY", "other", ""]), "reply": json_values,
                           "finish_reason": json_values}).map(lambda v: json.dumps(v).encode()),
    st.integers(1, 5000).map(lambda n: ("[" * n + "]" * n).encode()),
    st.just(b"\xff\xfe\x00garbage"),
)


def check_cache_file(tmp_path: Path, content: bytes) -> None:
    key = "a" * 64
    cache = ReplyCache(tmp_path)
    path = cache.path("post_tweet", 0, key)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.replace(b"KEY", key.encode()))
    entry = cache.get_entry("post_tweet", 0, key)
    if entry is not None:
        assert entry["key"] == key and isinstance(entry["reply"], str) and len(entry["reply"]) <= MAX_REPLY_CHARS + 1


def check_tool_name(root: Path, name: str) -> None:
    cache = ReplyCache(root / "cache")
    path = cache.path(name, 1, "b" * 64)
    assert path.parent.parent == cache.directory and path.parent.name == safe_file_name(name)
    assert path.parent.name not in (".", "..", "") and not path.parent.name.startswith(".") and len(path.parent.name) <= 100
    written = cache.put(name, 1, "b" * 64, "reply", {})
    assert written is not None and written.resolve().is_relative_to((root / "cache").resolve())
    assert cache.get(name, 1, "b" * 64) == "reply"


# ----------------------------------------------------------------------------- ReAct outputs

react_inputs = st.one_of(
    st.dictionaries(st.text(max_size=8), json_values, max_size=4),
    st.fixed_dictionaries({"input": json_values}),
    st.fixed_dictionaries({"input": st.fixed_dictionaries({"type": st.sampled_from(["object", "string"])})}),
    st.just({}),
)
react_texts = st.one_of(
    st.text(max_size=200),
    st.tuples(st.text(max_size=40), json_values).map(
        lambda t: f"Thought: {t[0]}\nAction: tool_retriever\nAction Input: {json.dumps(t[1])}"),
    st.text(max_size=60).map(lambda t: f"Thought: x\nAction: tool_retriever\nAction Input: {{{t}}}"),
    st.text(max_size=60).map(lambda t: f"Thought: x\nAction: tool_retriever\nAction Input: {{'input': '{t}'}}"),
)


@pytest.fixture(scope="module")
def tool() -> Any:
    from agent_eval.agent import make_retriever_tool
    from agent_eval.config import RunSettings
    from llama_index_libra.adapters.retriever import LibraRetriever
    from llama_index_libra.benchmarks import load_benchmark

    bench = load_benchmark("bfcl")
    retriever = LibraRetriever.from_catalog(bench.catalog, method="bm25", top_k=3)
    return make_retriever_tool(retriever, "bm25", RunSettings(budget=10**9))


def check_react(tool: Any, text: str) -> None:
    from llama_index.core.agent.react.types import ActionReasoningStep

    from agent_eval.inputs import SafeReActOutputParser, action_input_json

    try:
        step = SafeReActOutputParser().parse(text)
    except ValueError:  # LlamaIndex's own retry path (a malformed step)
        return
    if isinstance(step, ActionReasoningStep):
        check_kwargs(tool, dict(step.action_input))
        json.loads(action_input_json(step.action_input))


def check_kwargs(tool: Any, kwargs: dict[str, Any]) -> None:
    from agent_eval.inputs import MAX_QUERY_CHARS, retriever_query

    query, reason = retriever_query((), kwargs)
    assert (query is None) != (reason is None)
    assert query is None or (query.strip() and len(query) <= MAX_QUERY_CHARS)
    before = len(tool.calls)
    output = asyncio.run(tool.acall(**kwargs))
    assert len(tool.calls) == before + 1 and tool.calls[-1].malformed is (query is None)
    assert isinstance(output.content, str) and output.content


# ----------------------------------------------------------------------------- fast runs


@settings(max_examples=FAST * 3, **COMMON)
@given(reply_texts)
def test_any_reply_parses_or_fails_in_one_line(text: str) -> None:
    check_parse(text)


@settings(max_examples=FAST, **COMMON)
@given(reply_texts, st.sampled_from(["stop", "length"]))
def test_any_reply_gives_a_contract_live_and_cached(tmp_path_factory: pytest.TempPathFactory, text: str, finish: str) -> None:
    check_propose(text, finish, tmp_path_factory.mktemp("cache"))


@settings(max_examples=FAST, **COMMON)
@given(cache_files)
def test_any_cache_file_is_an_entry_or_a_miss(tmp_path_factory: pytest.TempPathFactory, content: bytes) -> None:
    check_cache_file(tmp_path_factory.mktemp("c"), content)


@settings(max_examples=FAST, **COMMON)
@given(st.one_of(st.text(max_size=300), st.sampled_from(["..", ".", "../../etc/passwd", "/abs", "a/../..", "", ".hidden", "x" * 400])))
def test_any_tool_name_stays_inside_the_cache(tmp_path_factory: pytest.TempPathFactory, name: str) -> None:
    check_tool_name(tmp_path_factory.mktemp("t"), name)


@settings(max_examples=FAST * 2, **COMMON)
@given(react_texts)
def test_any_react_output_reaches_the_tool_safely(tool: Any, text: str) -> None:
    check_react(tool, text)


@settings(max_examples=FAST * 2, **COMMON)
@given(react_inputs)
def test_any_action_input_is_a_query_or_a_correction(tool: Any, kwargs: dict[str, Any]) -> None:
    check_kwargs(tool, kwargs)


def test_a_planted_cache_file_with_another_key_is_not_trusted(tmp_path: Path) -> None:
    llm = ReplyLLM(reply=json.dumps({"templates": []}))
    proposer = LLMContractProposer(llm, cache_dir=tmp_path, backoff_s=0)
    proposer.propose(SPEC)
    (planted,) = sorted(tmp_path.rglob("r0-*.json"))
    entry = json.loads(planted.read_text())
    planted.write_text(json.dumps({**entry, "key": "0" * 64, "reply": "PLANTED"}))
    again = LLMContractProposer(ReplyLLM(reply=json.dumps({"templates": []})), cache_dir=tmp_path, backoff_s=0)
    again.propose(SPEC)
    assert again.llm.calls == 1 and again.cache_hits == 2  # revision 0 asked again: the planted reply was never used


def test_a_cached_truncated_reply_is_treated_as_truncated(tmp_path: Path) -> None:
    cut = '{"contract_version": "tool_call_contract_v2", "templates": [{"id"'
    first = LLMContractProposer(ReplyLLM(reply=cut, finish_reason="length"), cache_dir=tmp_path, backoff_s=0)
    first.propose(SPEC)
    replay = LLMContractProposer(ReplyLLM(reply="unused"), cache_dir=tmp_path, backoff_s=0, model_id="fuzz-model")
    replay.propose(SPEC)
    assert replay.llm_calls == 0 and replay.cache_hits == 3 and replay.truncated_replies == first.truncated_replies == 3


def test_llama_index_parser_crash_becomes_a_malformed_step() -> None:
    from llama_index.core.agent.react.output_parser import ReActOutputParser

    from agent_eval.inputs import SafeReActOutputParser

    text = "Thought: \nAction: t\nAction Input: {}"  # found by hypothesis
    with pytest.raises(AttributeError):
        ReActOutputParser().parse(text)
    with pytest.raises(ValueError, match="Could not parse output"):
        SafeReActOutputParser().parse(text)


def test_dot_dot_tool_name_is_sanitised(tmp_path: Path) -> None:
    cache = ReplyCache(tmp_path / "cache")
    path = cache.put("..", 0, "c" * 64, "r", {})
    assert path is not None and path.parent.parent == cache.directory and path.parent.name.startswith("__-")
    assert ReplyCache(tmp_path / "cache").get("..", 0, "c" * 64) == "r"
    with pytest.raises(ValueError, match="64-hex-digit"):
        cache.path("x", 0, "../../escape")


def test_a_symlinked_tool_folder_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    cache = ReplyCache(tmp_path / "cache")
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "evil").symlink_to(outside)
    assert cache.put("evil", 0, "d" * 64, "r", {}) is None and list(outside.iterdir()) == []
    (outside / f"r0-{'d' * 32}.json").write_text(json.dumps({"key": "d" * 64, "reply": "planted"}))
    assert cache.get("evil", 0, "d" * 64) is None


# ----------------------------------------------------------------------------- slow runs (10,000 examples)


@pytest.mark.slow
@settings(max_examples=SLOW, **COMMON)
@given(reply_texts)
def test_slow_any_reply_parses_or_fails_in_one_line(text: str) -> None:
    check_parse(text)


@pytest.mark.slow
@settings(max_examples=SLOW_PROPOSER, **COMMON)
@given(reply_texts, st.sampled_from(["stop", "length"]))
def test_slow_any_reply_gives_a_contract(text: str, finish: str) -> None:
    check_propose(text, finish, None)


@pytest.mark.slow
@settings(max_examples=SLOW, **COMMON)
@given(cache_files)
def test_slow_any_cache_file_is_an_entry_or_a_miss(tmp_path_factory: pytest.TempPathFactory, content: bytes) -> None:
    check_cache_file(tmp_path_factory.mktemp("c"), content)


@pytest.mark.slow
@settings(max_examples=SLOW, **COMMON)
@given(react_texts)
def test_slow_any_react_output_reaches_the_tool_safely(tool: Any, text: str) -> None:
    check_react(tool, text)
