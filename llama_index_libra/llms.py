"""The one LLM factory: a ``vllm serve`` endpoint or an in-process vLLM engine, chat templates, replies.

``make_llm("openai-like", model=..., api_base="http://localhost:8000/v1")`` talks to any
OpenAI-compatible server (``vllm serve``, llama.cpp, SGLang ...); ``make_llm("vllm", model=...)``
loads the model into this process (:func:`vllm_class`, ``llama_index.llms.vllm.Vllm`` without the
sampling settings newer vLLM rejects). Both use temperature 0. Shared with the agentic harness: the
chat-template prompt formatter (:class:`ChatTemplatePrompt`) and :func:`strip_reasoning`, which drops
``<think>`` blocks from replies. The LlamaIndex integrations are the ``[llm]`` extra and are imported
lazily (:func:`llm_integration` says how to install a missing one), so importing this module costs nothing.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from typing import Any, Callable, Mapping, Sequence

__all__ = [
    "LLM_KINDS",
    "LLM_EXTRA_HINT",
    "LLMConfigError",
    "ChatTemplatePrompt",
    "chat_template_prompt",
    "llm_integration",
    "make_llm",
    "strip_reasoning",
    "vllm_class",
]

LLM_KINDS = ("openai-like", "vllm")
LLM_EXTRA_HINT = "pip install 'llama-index-libra[llm]'"
_THINK_RE = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)


class LLMConfigError(ValueError):
    """An LLM that cannot be constructed from the given settings (unknown kind, missing endpoint)."""


def llm_integration(module: str) -> Any:
    """Import a LlamaIndex LLM integration of the ``[llm]`` extra (``llama_index.llms.openai_like``,
    ``llama_index.llms.vllm``), or raise ImportError saying how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        package = module.replace(".", "-").replace("_", "-")
        raise ImportError(f"{module} is not installed ({package}): {LLM_EXTRA_HINT}") from exc


def strip_reasoning(text: str) -> str:
    """Drop ``<think>...</think>`` blocks; keep what follows a dangling ``</think>`` (opened in the prompt)."""
    text = _THINK_RE.sub("", text)
    closing = text.lower().rfind("</think>")
    return text[closing + len("</think>"):] if closing >= 0 else text


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
        OpenAILike = llm_integration("llama_index.llms.openai_like").OpenAILike

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
        return vllm_class()(
            model=model,
            temperature=0.0,
            max_new_tokens=max_tokens,
            tensor_parallel_size=tensor_parallel_size,
            vllm_kwargs=engine_kwargs,
            messages_to_prompt=chat_template_prompt(model, chat_template_kwargs=chat_template_kwargs),
            is_chat_model=True,
        )
    raise LLMConfigError(f"unknown LLM kind {kind!r}; choose one of {', '.join(LLM_KINDS)}")


class ChatTemplatePrompt:
    """``messages_to_prompt`` that formats chat messages with the model's own chat template.

    The tokenizer is attached (``prompt.tokenizer = engine.get_tokenizer()``) or, given ``model``,
    loaded on first use (``Vllm`` otherwise joins messages as plain ``role: text``);
    ``chat_template_kwargs`` (e.g. ``enable_thinking=False``) go to ``apply_chat_template``.
    """

    def __init__(self, chat_template_kwargs: Mapping[str, Any] | None = None, *, model: str | None = None) -> None:
        self.tokenizer: Any = None
        self.model = model
        self.chat_template_kwargs = dict(chat_template_kwargs or {})

    def __call__(self, messages: Sequence[Any]) -> str:
        if self.tokenizer is None:
            if self.model is None:
                raise LLMConfigError("the chat template is used before its tokenizer was attached (build the vLLM engine first)")
            from transformers import AutoTokenizer

            self.tokenizer = AutoTokenizer.from_pretrained(self.model)
        turns = [{"role": getattr(m.role, "value", str(m.role)), "content": m.content or ""} for m in messages]
        return self.tokenizer.apply_chat_template(turns, tokenize=False, add_generation_prompt=True, **self.chat_template_kwargs)


def chat_template_prompt(model: str, *, chat_template_kwargs: Mapping[str, Any] | None = None) -> Callable[[Sequence[Any]], str]:
    """``messages_to_prompt`` through ``model``'s chat template, its tokenizer loaded on first use."""
    return ChatTemplatePrompt(chat_template_kwargs, model=model)


_VLLM_CLASS: Any = None


def vllm_class() -> Any:
    """``Vllm`` without ``None``-valued sampling settings (vLLM >= 0.19 rejects ``best_of`` in
    ``SamplingParams``, which llama-index-llms-vllm 0.8 always passes as ``best_of=None``), reporting
    the engine's ``max_model_len`` as its context window. The base of every in-process vLLM LLM."""
    global _VLLM_CLASS
    if _VLLM_CLASS is None:
        Vllm = llm_integration("llama_index.llms.vllm").Vllm

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


_vllm_class = vllm_class  # the earlier private name
