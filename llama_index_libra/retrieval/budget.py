"""Token budgets: what a tool's schema costs in the prompt of the LLM that will read it.

An agent's LLM sees each offered tool as a function schema; a budget of schema tokens is what a user
of tool search actually has to spend, so ``token_budget=`` cuts the ranking where the schemas (the
promoted prerequisites included) stop fitting. A tool costs the tokens of its OpenAI-style function
schema (``{"type": "function", "function": {name, description, parameters}}``, compact JSON), counted
by the first of:

1. the tokenizer given: a callable returning tokens (LlamaIndex's convention), an object with
   ``encode`` (tiktoken, Hugging Face), or a LlamaIndex LLM whose ``_tokenizer`` is known (``OpenAI``:
   tiktoken for its model; ``OpenAILike(tokenizer=...)``: the Hugging Face tokenizer named there);
2. LlamaIndex's global tokenizer (``Settings.tokenizer``; by default tiktoken's ``cl100k_base``,
   whose table ships inside ``llama-index-core``, so it works offline);
3. where neither can be loaded, :func:`approximate_tokens`: one token per word and per punctuation
   mark, which over-counts BPE slightly on English prose and JSON (a safe side for a budget).
"""

from __future__ import annotations

import json
import logging
import re
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.catalog import ToolCatalog, ToolSpec

__all__ = ["TokenCounter", "approximate_tokens", "token_counter", "tool_schema_text", "schema_token_costs", "check_budget"]

log = logging.getLogger(__name__)

TokenCounter = Callable[[str], int]
_PIECE = re.compile(r"[A-Za-z0-9_]+|[^\sA-Za-z0-9_]")


def approximate_tokens(text: str) -> int:
    """The last-resort count: words and punctuation marks (see the module docstring)."""
    return len(_PIECE.findall(text))


def check_budget(budget: Any) -> int:
    """Validate a token budget: a positive integer."""
    if isinstance(budget, bool) or not isinstance(budget, (int, np.integer)) or budget <= 0:
        raise ValueError(f"token_budget must be a positive integer, got {budget!r}")
    return int(budget)


def _from_encoder(encode: Callable[[str], Any], name: str) -> tuple[TokenCounter, str]:
    return (lambda text: len(encode(text))), name


def token_counter(tokenizer: Any = None) -> tuple[TokenCounter, str]:
    """A text -> token count function for ``tokenizer`` (see the module docstring) and what it is."""
    if tokenizer is not None:
        from llama_index.core.base.llms.base import BaseLLM

        if isinstance(tokenizer, BaseLLM):
            llm_tokenizer = None
            try:  # OpenAI: tiktoken for its model; OpenAILike: the Hugging Face tokenizer it names
                llm_tokenizer = getattr(tokenizer, "_tokenizer", None)
            except Exception as exc:  # noqa: BLE001 - an unknown model name, a tokenizer that cannot load
                log.warning("the LLM's tokenizer is not available (%s); counting with LlamaIndex's global tokenizer", exc)
            if llm_tokenizer is None:
                return token_counter(None)
            tokenizer = llm_tokenizer
        encode = getattr(tokenizer, "encode", None)
        if callable(encode):
            return _from_encoder(encode, type(tokenizer).__name__)
        if callable(tokenizer):
            return _from_encoder(tokenizer, getattr(tokenizer, "__name__", type(tokenizer).__name__))
        raise TypeError(f"tokenizer must be a callable, an object with encode(), or a LlamaIndex LLM; got {type(tokenizer).__name__}")
    try:
        from llama_index.core import Settings

        encode = Settings.tokenizer
        encode("probe")
        return _from_encoder(encode, "llama-index global tokenizer")
    except Exception as exc:  # noqa: BLE001 - no tiktoken, or its table cannot be read
        log.warning("LlamaIndex's tokenizer is not available (%s); approximating token counts", exc)
        return approximate_tokens, "approximate (words and punctuation)"


def tool_schema_text(spec: "ToolSpec") -> str:
    """The OpenAI-style function schema of a tool as compact JSON: what an LLM is shown."""
    function = {"name": spec.name, "description": spec.description, "parameters": spec.parameters}
    return json.dumps({"type": "function", "function": function}, ensure_ascii=False, separators=(",", ":"))


def schema_token_costs(catalog: "ToolCatalog", counter: TokenCounter) -> np.ndarray:
    """Schema tokens of every tool of ``catalog`` (catalog order, at least 1 each)."""
    return np.asarray([max(1, int(counter(tool_schema_text(spec)))) for spec in catalog], dtype=np.float64)
