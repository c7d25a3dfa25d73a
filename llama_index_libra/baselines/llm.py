"""The baselines' LLM calls, made through the package's one LLM client.

:class:`BaselineLLM` sends a baseline prompt through :class:`~llama_index_libra.contracts.llm_client.LLMClient`,
the request path the contract proposer uses too: its on-disk reply cache (keyed by the model, the
prompt version and the full rendered prompt), its retry policy against an unreachable server or a
429/5xx, its classification of timeouts and HTTP 4xx as per-request failures, and its context-window
pre-check. Settings such as temperature, output-token limit and request timeout are set on the
LlamaIndex ``LLM`` (:func:`llama_index_libra.llms.make_llm`).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from llama_index_libra.baselines.prompts import BaselinePrompt
from llama_index_libra.contracts.llm_client import LLMClient, LLMReply, LLMRequestError, LLMUnavailableError

__all__ = ["BaselineLLM", "LLMReply", "LLMRequestError", "LLMUnavailableError", "merge_stats"]


class BaselineLLM:
    """One LLM for a baseline build, with the package client's cache, retries and timeouts.

    Args:
        llm: any LlamaIndex ``LLM`` (called as ``llm.chat([system, user])``).
        cache_dir: the reply cache folder (None: no cache); a rerun replays cached replies.
        model_id: the model identity in cache keys and artifacts (default: the LLM's model name).
        max_attempts, backoff_s, sleep: tries per request against an unreachable server or a
            retryable status, and the first delay between them (doubled each time).
        context_window, max_output_tokens, token_counter: the prompt-size pre-check (defaults from
            the LLM's metadata; see :class:`LLMClient`).

    Not thread-safe: use :meth:`fork` for one instance per worker thread.
    """

    def __init__(
        self,
        llm: Any,
        *,
        cache_dir: str | Path | None = None,
        model_id: str | None = None,
        max_attempts: int = 3,
        backoff_s: float = 2.0,
        sleep: Callable[[float], None] = time.sleep,
        context_window: int | None = None,
        max_output_tokens: int | None = None,
        token_counter: Callable[[str], int] | None = None,
    ) -> None:
        self._options = dict(cache_dir=cache_dir, model_id=model_id, max_attempts=max_attempts, backoff_s=backoff_s,
                             sleep=sleep, context_window=context_window, max_output_tokens=max_output_tokens,
                             token_counter=token_counter)
        self.llm = llm
        # no per-call log: a TGR build sends one prompt per tool pair (117k on SciToolEval)
        self.client = LLMClient(llm, keep_call_log=False, **self._options)
        self.model_id: str = self.client.model_id

    def fork(self) -> "BaselineLLM":
        """Another client over the same LLM and settings (own counters), for another thread."""
        return BaselineLLM(self.llm, **{**self._options, "model_id": self.model_id})

    def ask(self, item: str, prompt: BaselinePrompt) -> LLMReply:
        """One call: the cached reply to this exact prompt, else the LLM's (cached as it arrives).

        ``item`` names the cache folder (a tool, or a tool of a pair). Raises LLMRequestError for a
        failure of this request and LLMUnavailableError for an unreachable server.
        """
        return self.client.ask(item, prompt)

    def stats(self) -> dict[str, Any]:
        """Calls sent, cache hits, seconds waiting on the LLM, prompt characters and tokens."""
        return self.client.stats()


def merge_stats(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Sum the numeric figures of several clients' :meth:`BaselineLLM.stats`."""
    out: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                out[key] = round(out.get(key, 0) + value, 3)
            else:
                out.setdefault(key, value)
    return out
