"""One request to a contract LLM: its failure classes, the client's timeout and endpoint, token counts.

A request either returns a reply, fails for its tool (:class:`LLMRequestError`: a timeout, a 4xx such
as "prompt too long", a 5xx after bounded retries; the tool gets the schema-derived contract), or finds
the server unreachable (:class:`LLMUnavailableError`: the build stops, replies so far stay cached).
Prompt tokens are counted with the LLM's tokenizer, the model's tokenizer when it is on disk (never
downloaded), else :data:`CHARS_PER_TOKEN_ESTIMATE`.
"""

from __future__ import annotations

import math
import re
from typing import Any, Callable

from llama_index_libra.contracts.replies import positive_int

__all__ = [
    "CHARS_PER_TOKEN_ESTIMATE",
    "CHAT_TEMPLATE_TOKENS",
    "RETRY_STATUSES",
    "TOO_LONG_RE",
    "LLMRequestError",
    "LLMUnavailableError",
    "classify_failure",
    "declared_window",
    "default_token_counter",
    "endpoint_of",
    "estimate_tokens",
    "llm_metadata",
    "model_name",
    "one_line",
    "timeout_of",
]

# Characters per token when no tokenizer is at hand. Contract prompts (JSON) run at 3.5-4.5 characters
# per token in BPE vocabularies (SmolLM2's: 4.5, measured against the server's count). The estimate is
# only a pre-check: a prompt it refuses is a recorded failure, and one it lets through that does not
# fit comes back as the server's 400, also recorded. Pass ``token_counter`` for exact counts.
CHARS_PER_TOKEN_ESTIMATE = 4.0
# Tokens a chat template adds around two messages (role markers, separators), counted with the prompt.
CHAT_TEMPLATE_TOKENS = 16
# HTTP statuses worth retrying: request timeout, conflict, rate limit, and server errors.
RETRY_STATUSES = frozenset({408, 409, 429})
# How servers say a prompt exceeds the context (vLLM, llama.cpp, SGLang, TGI wordings).
TOO_LONG_RE = re.compile(r"context (length|size|window)|too long|too many tokens|maximum .*tokens|exceeds? .*(context|tokens)", re.I)


class LLMUnavailableError(RuntimeError):
    """The LLM server is unreachable after bounded retries, or failed for several tools in a row."""


class LLMRequestError(RuntimeError):
    """One request that failed for its tool (recorded; the tool gets the schema-derived contract).

    ``kind`` is ``timeout``, ``prompt-too-long``, ``http-4xx``, ``http-5xx`` or ``error``; ``status``
    the HTTP status when there is one.
    """

    def __init__(self, message: str, *, kind: str, status: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.status = status


def llm_metadata(llm: Any) -> Any:
    try:
        return llm.metadata
    except Exception:  # a custom LLM whose metadata property fails
        return None


def declared_window(meta: Any) -> int | None:
    """The LLM's context window, or None when it only carries LlamaIndex's placeholder default (3,900
    tokens, which LLM classes report when they do not know theirs): then the server decides alone."""
    from llama_index.core.constants import DEFAULT_CONTEXT_WINDOW

    window = positive_int(getattr(meta, "context_window", None))
    return None if window == DEFAULT_CONTEXT_WINDOW else window


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN_ESTIMATE)


def default_token_counter(llm: Any, model_id: str) -> tuple[Callable[[str], int], str]:
    """The LLM's tokenizer, else the model's tokenizer if it is on disk (never downloaded), else the estimate."""
    tokenizer = getattr(llm, "tokenizer", None)
    if tokenizer is not None and hasattr(tokenizer, "encode"):
        return (lambda text: len(tokenizer.encode(text))), f"tokenizer:{type(tokenizer).__name__}"
    if model_id not in _LOCAL_TOKENIZERS:
        try:
            from transformers import AutoTokenizer

            _LOCAL_TOKENIZERS[model_id] = AutoTokenizer.from_pretrained(model_id, local_files_only=True)
        except Exception:  # no tokenizer on disk for this model (the usual case for a served model)
            _LOCAL_TOKENIZERS[model_id] = None
    hf = _LOCAL_TOKENIZERS[model_id]
    if hf is None:
        return estimate_tokens, f"estimate:{CHARS_PER_TOKEN_ESTIMATE:g} chars/token"
    return (lambda text: len(hf.encode(text, add_special_tokens=False))), f"tokenizer:{model_id}"


_LOCAL_TOKENIZERS: dict[str, Any] = {}  # model id -> its tokenizer on disk, or None (looked up once)


def classify_failure(exc: BaseException) -> tuple[str, int | None]:
    """``(kind, status)``: ``http`` with its status, ``timeout``, ``connection`` or ``error``.

    Works on the OpenAI client's and httpx's exceptions by name (no import) and on the builtins.
    """
    status = getattr(exc, "status_code", None)
    if not isinstance(status, int):
        status = getattr(getattr(exc, "response", None), "status_code", None)
    if isinstance(status, int) and not isinstance(status, bool):
        return "http", status
    names = {cls.__name__ for cls in type(exc).__mro__}
    if isinstance(exc, TimeoutError) or names & {"APITimeoutError", "TimeoutException", "ReadTimeout", "WriteTimeout", "PoolTimeout"}:
        return "timeout", None
    if isinstance(exc, ConnectionError) or names & {"APIConnectionError", "ConnectError", "NetworkError", "RemoteProtocolError"}:
        return "connection", None
    return "error", None


def one_line(exc: BaseException | None) -> str:
    try:
        text = str(exc)
    except Exception:  # an exception whose __str__ raises
        text = type(exc).__name__
    return " ".join(text.split())[:500] or type(exc).__name__


def timeout_of(llm: Any) -> str:
    value = getattr(llm, "timeout", None)
    return f"{value:g} s" if isinstance(value, (int, float)) else "set on the LLM client"


def model_name(llm: Any) -> str:
    try:
        name = llm.metadata.model_name
    except Exception:  # a custom LLM whose metadata property fails still gets an identity
        name = None
    return str(name or getattr(llm, "model", None) or type(llm).__name__)


def endpoint_of(llm: Any) -> str:
    for attr in ("api_base", "api_url", "base_url"):
        value = getattr(llm, attr, None)
        if isinstance(value, str) and value:
            return value
    return f"{type(llm).__name__} (in process)"
