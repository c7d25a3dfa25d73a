"""LLM factory for contract generation: a ``vllm serve`` endpoint or an in-process vLLM engine.

``make_llm("openai-like", model=..., api_base="http://localhost:8000/v1")`` talks to any
OpenAI-compatible server (``vllm serve``, llama.cpp, SGLang ...); ``make_llm("vllm", model=...)``
loads the model into this process with ``llama_index.llms.vllm.Vllm``. Both use temperature 0.
The LlamaIndex integrations are imported lazily, so importing this module costs nothing.
"""

from __future__ import annotations

import importlib.util
from typing import Any, Callable, Mapping, Sequence

__all__ = ["LLM_KINDS", "LLMConfigError", "make_llm", "chat_template_prompt"]

LLM_KINDS = ("openai-like", "vllm")


class LLMConfigError(ValueError):
    """An LLM that cannot be constructed from the given settings (unknown kind, missing endpoint)."""


def make_llm(
    kind: str,
    *,
    model: str,
    api_base: str | None = None,
    api_key: str = "EMPTY",
    context_window: int = 32768,
    max_tokens: int = 4096,
    timeout_s: float = 300.0,
    max_retries: int = 0,
    additional_kwargs: Mapping[str, Any] | None = None,
    tensor_parallel_size: int = 1,
    vllm_kwargs: Mapping[str, Any] | None = None,
    chat_template_kwargs: Mapping[str, Any] | None = None,
) -> Any:
    """A LlamaIndex ``LLM`` with temperature 0.

    ``openai-like``: ``OpenAILike(model, api_base, api_key, is_chat_model=True, context_window,
    max_tokens, timeout, max_retries)``; no request is made at construction. ``timeout_s`` is the request
    timeout (the API twin of ``libra induce --request-timeout``): a contract request that gets no reply in
    time is recorded for its tool, which falls back to the schema-derived contract. ``max_retries`` is the
    client's own retry count (0: :class:`~llama_index_libra.contracts.llm.LLMContractProposer` owns
    the retry policy); ``additional_kwargs`` go into every request body (e.g. ``{"seed": 0}`` or
    ``{"extra_body": {"chat_template_kwargs": {"enable_thinking": False}}}``).

    ``vllm``: ``Vllm(model, temperature=0, max_new_tokens, tensor_parallel_size, vllm_kwargs)``
    with ``max_model_len=context_window``; prompts are formatted with the model's own chat template
    (``chat_template_kwargs`` go to ``apply_chat_template``). Needs ``pip install vllm`` and a GPU.
    """
    if kind == "openai-like":
        if not api_base:
            raise LLMConfigError(
                "--llm openai-like needs the server URL: --api-base http://HOST:8000/v1 (what `vllm serve MODEL` prints)"
            )
        from llama_index.llms.openai_like import OpenAILike

        return OpenAILike(
            model=model,
            api_base=api_base,
            api_key=api_key,
            is_chat_model=True,
            temperature=0.0,
            context_window=context_window,
            max_tokens=max_tokens,
            timeout=timeout_s,
            max_retries=max_retries,
            additional_kwargs=dict(additional_kwargs or {}),
        )
    if kind == "vllm":
        if importlib.util.find_spec("vllm") is None:
            raise ImportError(
                "--llm vllm runs a local vLLM engine in this process, and the vllm package is not installed: "
                "pip install vllm (needs a CUDA GPU). Or serve the model with `vllm serve MODEL` and use "
                "--llm openai-like --api-base http://HOST:8000/v1."
            )
        engine_kwargs = {"max_model_len": context_window, **dict(vllm_kwargs or {})}
        return _vllm_class()(
            model=model,
            temperature=0.0,
            max_new_tokens=max_tokens,
            tensor_parallel_size=tensor_parallel_size,
            vllm_kwargs=engine_kwargs,
            messages_to_prompt=chat_template_prompt(model, chat_template_kwargs=chat_template_kwargs),
            is_chat_model=True,
        )
    raise LLMConfigError(f"unknown LLM kind {kind!r}; choose one of {', '.join(LLM_KINDS)}")


def chat_template_prompt(model: str, *, chat_template_kwargs: Mapping[str, Any] | None = None) -> Callable[[Sequence[Any]], str]:
    """``messages_to_prompt`` that formats chat messages with ``model``'s own chat template.

    The tokenizer is loaded on first use (``Vllm`` otherwise joins messages as plain ``role: text``).
    """
    state: dict[str, Any] = {}
    extra = dict(chat_template_kwargs or {})

    def messages_to_prompt(messages: Sequence[Any]) -> str:
        if "tokenizer" not in state:
            from transformers import AutoTokenizer

            state["tokenizer"] = AutoTokenizer.from_pretrained(model)
        turns = [{"role": getattr(m.role, "value", str(m.role)), "content": m.content or ""} for m in messages]
        return state["tokenizer"].apply_chat_template(turns, tokenize=False, add_generation_prompt=True, **extra)

    return messages_to_prompt


_VLLM_CLASS: Any = None


def _vllm_class() -> Any:
    """``Vllm`` without ``None``-valued sampling settings: vLLM >= 0.19 rejects ``best_of`` in
    ``SamplingParams``, which llama-index-llms-vllm 0.8 always passes (``best_of=None``)."""
    global _VLLM_CLASS
    if _VLLM_CLASS is None:
        from llama_index.llms.vllm import Vllm

        class LibraVllm(Vllm):
            """``Vllm`` that passes only the sampling settings that are set."""

            @classmethod
            def class_name(cls) -> str:
                return "LibraVllm"

            @property
            def _model_kwargs(self) -> dict[str, Any]:
                return {k: v for k, v in super()._model_kwargs.items() if v is not None}

            @property
            def metadata(self) -> Any:
                # Vllm reports LlamaIndex's placeholder window; the engine's max_model_len is the real one.
                from llama_index.core.base.llms.types import LLMMetadata

                window = (self.vllm_kwargs or {}).get("max_model_len")
                return LLMMetadata(model_name=self.model, is_chat_model=self.is_chat_model, num_output=self.max_new_tokens,
                                   **({"context_window": int(window)} if window else {}))

        _VLLM_CLASS = LibraVllm
    return _VLLM_CLASS
