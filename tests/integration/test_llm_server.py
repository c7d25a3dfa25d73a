"""Both LLM paths against a fake OpenAI-compatible server on 127.0.0.1 (the real OpenAILike client).

The server replies slowly, cuts replies at the token limit, answers 400 for long prompts, fails with
5xx, and (for the agent) sends malformed Action Inputs; each case must behave as issue 15 asks: a
recorded per-tool failure and a finished build, truncation feedback, no retried 400, honest counts.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.fake_openai_server import FakeOpenAIServer, FakeReply, contract_or_react, contract_prompt, schema_contract  # noqa: E402

from llama_index_libra.catalog import ToolSpec  # noqa: E402
from llama_index_libra.contracts.llm import LLMContractProposer, LLMUnavailableError  # noqa: E402
from llama_index_libra.induction import induce  # noqa: E402
from llama_index_libra.llms import make_llm  # noqa: E402
from tests.support import paths

EXAMPLES = paths.EXAMPLES
TIMEOUT_S = 5.0  # the request timeout where one reply never comes: far above any real reply of the fake server


@pytest.fixture(scope="module")
def runtime() -> Any:
    sys.path.insert(0, str(EXAMPLES))
    try:
        import smart_home
    finally:
        sys.path.remove(str(EXAMPLES))
    return smart_home.build_runtime()


def proposer_for(server: FakeOpenAIServer, tmp_path: Path, *, timeout_s: float = 10, max_tokens: int = 4096,
                 context_window: int = 32768, **kwargs: Any) -> LLMContractProposer:
    llm = make_llm("openai-like", model="fake-model", api_base=server.api_base, timeout_s=timeout_s,
                   max_tokens=max_tokens, context_window=context_window)
    return LLMContractProposer(llm, cache_dir=tmp_path / "cache", backoff_s=0, **kwargs)


def tool_of(body: dict[str, Any]) -> str:
    prompt = contract_prompt(body)
    assert prompt is not None
    return prompt["public_tool_metadata"]["name"]


def test_a_slow_reply_costs_its_tool_only_and_every_other_reply_is_cached(runtime: Any, tmp_path: Path) -> None:
    # create_alarm's reply never comes; the timeout is long enough that every other reply beats it on a loaded machine
    behaviour = contract_or_react(delay_s=math.inf, slow_tools="create_alarm")
    with FakeOpenAIServer(behaviour) as server:
        proposer = proposer_for(server, tmp_path, timeout_s=TIMEOUT_S, fixtures=runtime.fixtures)
        library, report = induce(runtime, proposer=proposer, field_encoder="lexical", executor="serial")
        asked = [tool_of(b) for b in server.requests]
    assert asked.count("create_alarm") == 1  # a timeout is not retried
    assert set(proposer.request_failures) == {"create_alarm"}
    assert proposer.request_failures["create_alarm"].startswith(f"timeout: no reply within the request timeout ({TIMEOUT_S:g} s)")
    assert "create_alarm" in proposer.fallbacks and library.contracts["create_alarm"]  # schema-derived, build finished
    assert report.llm_calls == len(runtime.catalog) - 1 and proposer.valid_replies == len(runtime.catalog) - 1
    stats = proposer.stats()
    assert stats["request_failures"] == proposer.request_failures and stats["llm_seconds"] > 0
    assert report.llm_s == pytest.approx(proposer.llm_seconds) and report.llm_s >= TIMEOUT_S
    # LLM waiting is reported on its own, not inside the induction speed
    assert report.s_per_1000_candidates == pytest.approx(1000 * (report.wall_s - report.llm_s) / report.candidates)
    assert "(LLM " in report.summary() and "LLM time excluded" in report.summary()
    # every reply that arrived is on disk; a rebuild asks only for the tool that failed
    assert len(proposer.cache) == len(runtime.catalog) - 1
    with FakeOpenAIServer(contract_or_react()) as server:
        again = proposer_for(server, tmp_path, fixtures=runtime.fixtures)
        induce(runtime, proposer=again, field_encoder="lexical", executor="serial")
        assert [tool_of(b) for b in server.requests] == ["create_alarm"] and again.cache_hits == len(runtime.catalog) - 1
    assert not again.fallbacks


def test_replies_are_cached_as_they_arrive(runtime: Any, tmp_path: Path) -> None:
    """A build stopped by Ctrl-C during the third tool keeps the first two replies."""
    names = [spec.name for spec in runtime.catalog]
    behaviour = contract_or_react()

    def respond(body: dict[str, Any]) -> FakeReply:
        return behaviour(body)

    with FakeOpenAIServer(respond) as server:
        proposer = proposer_for(server, tmp_path)
        real_chat = proposer.llm.chat
        seen: list[int] = []

        def chat(messages: Any, **kwargs: Any) -> Any:
            seen.append(1)
            if len(seen) == 3:
                raise KeyboardInterrupt
            return real_chat(messages, **kwargs)

        object.__setattr__(proposer, "llm", type("Wrapped", (), {"chat": staticmethod(chat), "metadata": proposer.llm.metadata})())
        with pytest.raises(KeyboardInterrupt):
            for name in names:
                proposer.propose(runtime.catalog.get(name))
    assert len(proposer.cache) == 2


def test_a_reply_cut_at_the_token_limit_gets_truncation_feedback_and_is_never_sent_back(runtime: Any, tmp_path: Path) -> None:
    behaviour = contract_or_react(truncate_tools="create_alarm", max_tokens_reply=60)
    with FakeOpenAIServer(behaviour) as server:
        proposer = proposer_for(server, tmp_path, max_tokens=60)
        contract = proposer.propose(runtime.catalog.get("create_alarm"))
        prompts = [contract_prompt(b) for b in server.requests]
    assert len(prompts) == 3 and proposer.truncated_replies == 3 and "create_alarm" in proposer.fallbacks
    assert contract.tool == "create_alarm"
    for revision in prompts[1:]:
        assert revision is not None
        errors = revision["same_tool_invocation_feedback"]["validation_errors"]
        assert len(errors) == 1 and "cut at the output-token limit (60 tokens)" in errors[0] and "finish_reason=length" in errors[0]
        assert revision["previous_contract"] is None  # the cut reply does not come back
    sizes = [len(json.dumps(p)) for p in prompts]
    assert sizes[2] == sizes[1] < sizes[0] + 2000  # revision prompts do not grow with the cut reply
    assert proposer.stats()["truncated_replies"] == 3


def test_a_truncated_runtime_revision_keeps_the_previous_contract(runtime: Any, tmp_path: Path) -> None:
    from llama_index_libra.contracts import Contract, SchemaContractProposer
    from llama_index_libra.records import InvocationRecord

    spec = runtime.catalog.get("set_light")
    good = SchemaContractProposer().propose(spec)

    def respond(body: dict[str, Any]) -> FakeReply:
        prompt = contract_prompt(body)
        assert prompt is not None
        if prompt["revision"] == 0:
            return FakeReply(json.dumps(good.to_json()))
        return FakeReply('{"contract_version": "tool_call_contract_v2", "templates": [{"id": "t', finish_reason="length")

    with FakeOpenAIServer(respond) as server:
        proposer = proposer_for(server, tmp_path)
        first = proposer.propose(spec)
        assert isinstance(first, Contract)
        revised = proposer.revise(spec, first, InvocationRecord("set_light", "error", {"room": "x"}))
        prompts = [contract_prompt(b) for b in server.requests]
    assert revised is None and len(prompts) == 3
    assert prompts[2]["previous_contract"] == prompts[1]["previous_contract"]  # the declared contract, not the cut text
    assert prompts[2]["previous_contract"]["tool"] == "set_light"
    assert "invocation_result" in prompts[2]["same_tool_invocation_feedback"]


def long_tool() -> ToolSpec:
    return ToolSpec.from_function_doc({
        "name": "summarise", "description": "Summarise a document. " + "It has many words. " * 4000,
        "parameters": {"type": "dict", "properties": {"text": {"type": "string", "description": "The text."}}, "required": ["text"]},
    })


def test_a_400_prompt_too_long_is_reported_as_such_and_not_retried(runtime: Any, tmp_path: Path) -> None:
    behaviour = contract_or_react(max_prompt_chars=40_000)
    with FakeOpenAIServer(behaviour) as server:
        proposer = proposer_for(server, tmp_path, context_window=10**6, max_attempts=3)
        fallback = proposer.propose(long_tool())
        assert len(server.requests) == 1  # no retry
        ok = proposer.propose(runtime.catalog.get("login"))
    failure = proposer.request_failures["summarise"]
    assert failure.startswith("prompt-too-long: HTTP 400: ") and "maximum context length" in failure
    assert "unreachable" not in failure and fallback.tool == "summarise" and "summarise" in proposer.fallbacks
    assert ok.tool == "login" and "login" not in proposer.fallbacks


def test_a_prompt_over_the_context_window_is_not_sent(tmp_path: Path) -> None:
    with FakeOpenAIServer(contract_or_react()) as server:
        proposer = proposer_for(server, tmp_path, context_window=8192, max_tokens=1024)
        proposer.propose(long_tool())
        assert server.requests == []
    failure = proposer.request_failures["summarise"]
    assert failure.startswith("prompt-too-long: the prompt has ") and "context window of 8,192" in failure
    assert "estimate:4 chars/token" in failure  # no tokenizer for a served model: the named estimate


def test_other_4xx_is_not_retried_and_5xx_is_retried_then_recorded(runtime: Any, tmp_path: Path) -> None:
    status = {"code": 422}

    def respond(body: dict[str, Any]) -> FakeReply:
        return FakeReply(status=status["code"], error="unprocessable" if status["code"] == 422 else "engine overloaded")

    with FakeOpenAIServer(respond) as server:
        proposer = proposer_for(server, tmp_path, max_attempts=3)
        proposer.propose(runtime.catalog.get("login"))
        assert len(server.requests) == 1
        status["code"] = 503
        proposer.propose(runtime.catalog.get("logout"))
        assert len(server.requests) == 1 + 3
    assert proposer.request_failures["login"] == "http-4xx: HTTP 422: Error code: 422 - {'object': 'error', 'message': 'unprocessable', 'type': 'BadRequestError', 'code': 422}"
    assert proposer.request_failures["logout"].startswith("http-5xx: HTTP 503 after 3 attempts")


def test_tools_failing_in_a_row_stop_the_build_with_a_clear_error(runtime: Any, tmp_path: Path) -> None:
    with FakeOpenAIServer(lambda body: FakeReply(status=500, error="boom")) as server:
        proposer = proposer_for(server, tmp_path, max_attempts=1, max_consecutive_failures=2, fixtures=runtime.fixtures)
        with pytest.raises(LLMUnavailableError, match=r"requests for 2 tools in a row failed; last \(http-5xx\)"):
            induce(runtime, proposer=proposer, field_encoder="lexical", executor="serial")
        assert len(server.requests) == 2


def test_shared_first_order_shares_most_of_each_prompt(runtime: Any, tmp_path: Path) -> None:
    shares = {}
    for order in ("shared-first", "figure"):
        with FakeOpenAIServer(contract_or_react()) as server:
            proposer = proposer_for(server, tmp_path / order, prompt_order=order)
            for spec in runtime.catalog:
                proposer.propose(spec)
        tokens = proposer.stats()["prompt_tokens"]
        assert tokens["total"] == sum(sum(v) for v in tokens["per_tool"].values()) and len(tokens["per_tool"]) == len(runtime.catalog)
        assert tokens["server_prompt_tokens"] > 0  # the server's own count is reported beside ours
        shares[order] = tokens["shared_prefix_share"]
    assert shares["shared-first"] > 0.8 > 0.3 > shares["figure"]


def test_cli_request_timeout_reaches_the_client(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from llama_index_libra.cli import library as cli_library

    captured: dict[str, Any] = {}

    def fake_make_llm(kind: str, **kwargs: Any) -> Any:
        captured.update(kwargs)
        return make_llm("openai-like", **kwargs)

    monkeypatch.setattr("llama_index_libra.llms.make_llm", fake_make_llm)
    parser = argparse.ArgumentParser()
    cli_library.register(parser.add_subparsers())
    args = parser.parse_args(["induce", "--benchmark", "bfcl", "--out", "x.json", "--llm", "openai-like", "--model", "m",
                              "--api-base", "http://127.0.0.1:9/v1", "--request-timeout", "42.5", "--llm-attempts", "2"])
    proposer = cli_library._llm_proposer(args, None)
    assert captured["timeout_s"] == 42.5 and proposer.llm.timeout == 42.5 and proposer.max_attempts == 2
    with pytest.raises(SystemExit):
        parser.parse_args(["induce", "--benchmark", "bfcl", "--out", "x.json", "--request-timeout", "0"])


def test_schema_contract_helper_matches_the_prompt_tool(runtime: Any) -> None:
    from llama_index_libra.contracts.prompts import render_contract_prompt

    user = json.loads(render_contract_prompt(runtime.catalog.get("login")).user)
    assert schema_contract(user["public_tool_metadata"])["tool"] == "login"


# --------------------------------------------------------------------------- the ToolReAGt harness


def test_agent_against_the_server_corrects_malformed_inputs_and_counts_them_honestly(hash_embed: Any) -> None:
    import asyncio

    from tests.support.fake_openai_server import REACT_SCRIPT

    from agent_eval.agent import run_agent_task
    from agent_eval.config import RunSettings, load_presets
    from agent_eval.llms import server_llm
    from llama_index_libra.adapters.retriever import LibraRetriever
    from llama_index_libra.benchmarks import load_benchmark

    bench = load_benchmark("bfcl")
    task = bench.tasks[0]
    retriever = LibraRetriever.from_catalog(bench.catalog, embed_model=hash_embed, method="qts", top_k=20)
    preset = next(iter(load_presets().values()))
    with FakeOpenAIServer(contract_or_react()) as server:
        llm = server_llm(preset, api_base=server.api_base, seed=0, request_timeout=10)
        outcome = asyncio.run(run_agent_task(task, llm=llm, retriever=retriever, method="qts", settings=RunSettings()))
        requests = list(server.requests)
    record = outcome.to_json()
    assert outcome.status == "answered" and len(requests) == len(REACT_SCRIPT)
    # {input: unquoted} (unparseable) and {"type": "object"} got corrections; the nested object and the
    # plain string were searched, with their text as the query
    assert [c.malformed for c in outcome.calls] == [True, True, False, False]
    assert [c.query for c in outcome.calls if not c.malformed] == ["get the weather forecast for a city", "send a message to a user"]
    assert record["n_calls"] == 2 and record["n_malformed"] == 2 and record["n_malformed_inputs"] == 2
    last = requests[-1]["messages"]
    history = "\n".join(m["content"] for m in last[1:])
    assert "No search was run" in history and "AttributedDict" not in history and "{'" not in history
    assert 'Action Input: {"input": {"description": "get the weather forecast for a city"}}' in history


def test_prompt_tokens_use_the_given_tokenizer_and_the_llms_own(runtime: Any, tmp_path: Path) -> None:
    from llama_index_libra.contracts.llm import CHAT_TEMPLATE_TOKENS

    def words(text: str) -> int:
        return len(text.split())

    with FakeOpenAIServer(contract_or_react()) as server:
        proposer = proposer_for(server, tmp_path, token_counter=words)
        proposer.propose(runtime.catalog.get("login"))
    prompt = proposer.render(runtime.catalog.get("login"))
    assert proposer.stats()["prompt_tokens"]["per_tool"]["login"] == [words(prompt.system) + words(prompt.user) + CHAT_TEMPLATE_TOKENS]
    assert proposer.stats()["prompt_tokens"]["counter"] == "words"

    class Tok:
        def encode(self, text: str) -> list[int]:
            return [0] * len(text)

    llm = make_llm("openai-like", model="m", api_base="http://127.0.0.1:9/v1", context_window=100)
    object.__setattr__(llm, "tokenizer", Tok())
    own = LLMContractProposer(llm)
    assert own.token_counter_name == "tokenizer:Tok" and own.count_tokens(prompt) == prompt.chars + CHAT_TEMPLATE_TOKENS
    # a 100-token window: refused before sending, so the unreachable endpoint is never contacted
    own.propose(runtime.catalog.get("login"))
    assert own.request_failures["login"].startswith("prompt-too-long: the prompt has ")
