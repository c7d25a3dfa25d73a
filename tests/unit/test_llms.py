"""make_llm: the OpenAI-compatible client and the in-process vLLM engine, constructed offline."""

from __future__ import annotations

import importlib.util
import socket
import sys
import types
from typing import Any

import pytest

from llama_index_libra.llms import LLM_KINDS, LLMConfigError, _vllm_class, chat_template_prompt, make_llm


def test_openai_like_is_built_without_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("make_llm must not connect at construction")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    llm = make_llm("openai-like", model="Qwen/Qwen3-32B", api_base="http://gpu-node:8000/v1", context_window=40960,
                   max_tokens=2048, additional_kwargs={"seed": 0})
    from llama_index.llms.openai_like import OpenAILike

    assert isinstance(llm, OpenAILike)
    assert llm.model == "Qwen/Qwen3-32B" and llm.api_base == "http://gpu-node:8000/v1" and llm.api_key == "EMPTY"
    assert llm.temperature == 0.0 and llm.is_chat_model and llm.max_tokens == 2048
    assert llm.context_window == 40960 and llm.max_retries == 0 and llm.additional_kwargs == {"seed": 0}
    assert llm.metadata.model_name == "Qwen/Qwen3-32B"


def test_unknown_kind_and_missing_endpoint_are_clear() -> None:
    with pytest.raises(LLMConfigError, match=r"unknown LLM kind 'ollama'; choose one of openai-like, vllm"):
        make_llm("ollama", model="m")
    with pytest.raises(LLMConfigError, match="--api-base"):
        make_llm("openai-like", model="m")
    assert LLM_KINDS == ("openai-like", "vllm")


@pytest.mark.skipif(importlib.util.find_spec("vllm") is not None, reason="vllm is installed here")
def test_vllm_kind_without_vllm_says_how_to_install() -> None:
    with pytest.raises(ImportError, match=r"pip install vllm") as info:
        make_llm("vllm", model="Qwen/Qwen3-8B")
    assert "vllm serve" in str(info.value) and "--llm openai-like" in str(info.value)


def test_vllm_wrapper_drops_unset_sampling_settings() -> None:
    # api_url set: the integration skips loading an engine, so the sampling settings can be inspected
    llm = _vllm_class()(model="m", api_url="http://localhost:1", temperature=0.0, max_new_tokens=64)
    kwargs = llm._model_kwargs
    assert "best_of" not in kwargs and "stop" not in kwargs  # vLLM >= 0.19 rejects best_of
    assert kwargs["temperature"] == 0.0 and kwargs["max_tokens"] == 64


def test_chat_template_prompt_uses_the_model_template(monkeypatch: pytest.MonkeyPatch) -> None:
    from llama_index.core.llms import ChatMessage, MessageRole

    loaded: list[str] = []

    class FakeTokenizer:
        def apply_chat_template(self, turns: list[dict[str, str]], *, tokenize: bool, add_generation_prompt: bool, **kw: Any) -> str:
            assert not tokenize and add_generation_prompt and kw == {"enable_thinking": False}
            return "".join(f"<|{t['role']}|>{t['content']}" for t in turns) + "<|assistant|>"

    class FakeAuto:
        @staticmethod
        def from_pretrained(name: str) -> FakeTokenizer:
            loaded.append(name)
            return FakeTokenizer()

    monkeypatch.setitem(sys.modules, "transformers", types.SimpleNamespace(AutoTokenizer=FakeAuto))
    render = chat_template_prompt("Qwen/Qwen3-8B", chat_template_kwargs={"enable_thinking": False})
    assert loaded == []  # lazy
    messages = [ChatMessage(role=MessageRole.SYSTEM, content="s"), ChatMessage(role=MessageRole.USER, content="u")]
    assert render(messages) == "<|system|>s<|user|>u<|assistant|>"
    render(messages)
    assert loaded == ["Qwen/Qwen3-8B"]


def test_vllm_wrapper_reports_the_engines_context_window() -> None:
    """Vllm reports LlamaIndex's 3,900-token placeholder; the proposer would refuse every BFCL prompt."""
    from llama_index_libra.contracts.llm import LLMContractProposer

    llm = _vllm_class()(model="m", api_url="http://localhost:1", temperature=0.0, max_new_tokens=512,
                        vllm_kwargs={"max_model_len": 32768})
    assert llm.metadata.context_window == 32768 and llm.metadata.num_output == 512
    proposer = LLMContractProposer(llm)
    assert proposer.context_window == 32768 and proposer.max_output_tokens == 512
    bare = _vllm_class()(model="m", api_url="http://localhost:1", temperature=0.0, max_new_tokens=512)
    assert LLMContractProposer(bare).context_window is None  # the placeholder is no window: the server decides


def test_a_missing_llm_integration_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """vLLM and OpenAI-like clients are the [llm] extra: without them, one line says what to install."""
    from llama_index_libra.llms import llm_integration

    monkeypatch.setitem(sys.modules, "llama_index.llms.openai_like", None)  # as if not installed
    with pytest.raises(ImportError, match=r"llama-index-libra\[llm\]"):
        make_llm("openai-like", model="m", api_base="http://localhost:1/v1")
    with pytest.raises(ImportError, match=r"pip install 'llama-index-libra\[llm\]'"):
        llm_integration("llama_index.llms.openai_like")


def test_strip_reasoning_is_shared_by_contracts_and_the_harness() -> None:
    from agent_eval.llms import clean_reply
    from llama_index_libra.contracts.replies import parse_json_reply
    from llama_index_libra.llms import strip_reasoning

    assert strip_reasoning("<think>a</think>b") == "b" and strip_reasoning("plan</THINK>{}") == "{}"
    assert clean_reply("<think>x</think> Answer: y") == "Answer: y"
    assert parse_json_reply('<think>{"no": 1}</think>{"templates": []}') == {"templates": []}

