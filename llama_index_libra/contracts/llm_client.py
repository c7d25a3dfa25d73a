"""The package's one LLM request path: reply cache, retries, timeouts, context pre-check, token counts.

:class:`LLMClient` sends one two-message prompt (any object with ``system``, ``user``, ``version``,
``kind``, ``revision`` and ``chars``, such as a contract prompt or a baseline prompt) to a LlamaIndex
``LLM`` and returns an :class:`LLMReply`. Every reply is cached on disk as it arrives, under a key over
the model, the prompt version and kind, the item it is about, the revision and the full rendered
prompt, so a rerun replays it without a call. A request fails for its item
(:class:`LLMRequestError`: timeout, HTTP 4xx such as "prompt too long", 5xx after bounded retries, a
prompt over the context window by the client's own count) or finds the server unreachable
(:class:`LLMUnavailableError`). The contract proposer and the baselines' builds both ask through it.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol

from llama_index_libra._io import canonical_json
from llama_index_libra.contracts.llm_requests import (
    CHAT_TEMPLATE_TOKENS,
    RETRY_STATUSES,
    TOO_LONG_RE,
    LLMRequestError,
    LLMUnavailableError,
    classify_failure,
    declared_window,
    default_token_counter,
    endpoint_of,
    estimate_tokens,
    llm_metadata,
    model_name,
    one_line,
    timeout_of,
)
from llama_index_libra.contracts.replies import LLMReply, ReplyCache, positive_int, reply_of

__all__ = ["ChatPrompt", "LLMClient", "LLMReply", "LLMRequestError", "LLMUnavailableError"]

log = logging.getLogger(__name__)

_PREFIX_HISTORY = 8  # earlier prompts compared for the shared prefix


class ChatPrompt(Protocol):
    """What the client sends: a system and a user message, and what identifies them in the cache."""

    system: str
    user: str
    version: str
    kind: str
    revision: int

    @property
    def chars(self) -> int: ...


class LLMClient:
    """One LlamaIndex ``LLM`` behind the package's cache, retry policy and prompt-size pre-check.

    Args:
        llm: any LlamaIndex ``LLM``, called as ``llm.chat([system, user])`` with no extra arguments
            (set temperature, output-token limit and request timeout on the LLM itself:
            :func:`llama_index_libra.llms.make_llm` does).
        cache_dir: the reply cache folder; None keeps no cache.
        model_id: the model identity in cache keys (default: the LLM's ``metadata.model_name``).
        max_attempts, backoff_s, sleep: tries per request against an unreachable server or a
            retryable status (408, 409, 429, 5xx) and the first delay between them (doubled each
            time); a timeout or another 4xx is not retried.
        context_window, max_output_tokens: a prompt over ``context_window - max_output_tokens`` by
            :meth:`count_tokens` is not sent (defaults: the LLM's metadata; LlamaIndex's placeholder
            window of 3,900 counts as unknown).
        token_counter: ``str -> int`` for prompt tokens (default: the LLM's tokenizer, else the
            model's tokenizer when it is on disk, else an estimate).
        keep_call_log: keep one ``call_log`` entry per request (a build of 100k prompts may not want
            them); the token totals are counted either way.

    Not thread-safe: give each worker thread its own client.
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
        keep_call_log: bool = True,
    ) -> None:
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.llm = llm
        self.cache = ReplyCache(cache_dir) if cache_dir is not None else None
        self.model_id = model_id or model_name(llm)
        self.max_attempts = max_attempts
        self.backoff_s = backoff_s
        meta = llm_metadata(llm)
        self.context_window = context_window if context_window is not None else declared_window(meta)
        self.max_output_tokens = max_output_tokens if max_output_tokens is not None else (
            positive_int(getattr(meta, "num_output", None)) or positive_int(getattr(llm, "max_tokens", None)))
        self._token_counter, self.token_counter_name = (
            (token_counter, getattr(token_counter, "__name__", "custom")) if token_counter is not None
            else default_token_counter(llm, self.model_id))
        self._sleep = sleep
        self.keep_call_log = keep_call_log
        # statistics
        self.llm_calls = 0
        self.cache_hits = 0
        self.prompt_chars = 0
        self.llm_seconds = 0.0
        self.prompt_tokens = 0  # counted before sending (tokenizer or estimate)
        self.server_prompt_tokens = 0  # as the server reported them
        self.completion_tokens = 0
        self.call_log: list[dict[str, Any]] = []
        self._recent_prompts: list[str] = []

    # ------------------------------------------------------------------ tokens
    def count_tokens(self, prompt: ChatPrompt) -> int:
        """Prompt tokens of both messages plus the chat template's markers (tokenizer or estimate)."""
        return self.tokens(prompt.system) + self.tokens(prompt.user) + CHAT_TEMPLATE_TOKENS

    def tokens(self, text: str) -> int:
        """Tokens of ``text`` by the client's counter (the estimate when the tokenizer fails on it)."""
        try:
            return int(self._token_counter(text))
        except Exception:  # a tokenizer that fails on odd text must not stop a build
            return estimate_tokens(text)

    def stats(self) -> dict[str, Any]:
        """Calls sent, cache hits, seconds waiting on the LLM, prompt characters and token totals."""
        return {"llm_calls": self.llm_calls, "cache_hits": self.cache_hits, "llm_seconds": round(self.llm_seconds, 3),
                "prompt_chars": self.prompt_chars, "prompt_tokens": self.prompt_tokens,
                "server_prompt_tokens": self.server_prompt_tokens, "completion_tokens": self.completion_tokens,
                "token_counter": self.token_counter_name}

    # ------------------------------------------------------------------ requests
    def cache_key(self, item: str, prompt: ChatPrompt) -> str:
        """The reply-cache key of ``prompt`` about ``item``: model, prompt version, kind, revision, both messages."""
        return hashlib.sha256(
            canonical_json({"model": self.model_id, "prompt_version": prompt.version, "kind": prompt.kind,
                            "tool": item, "revision": prompt.revision, "system": prompt.system,
                            "user": prompt.user}).encode("utf-8", "surrogatepass")
        ).hexdigest()

    def ask(self, item: str, prompt: ChatPrompt, *, meta: Mapping[str, Any] | None = None) -> LLMReply:
        """The cached reply to this exact prompt, else the LLM's (cached as it arrives).

        ``item`` (a tool name, or a name for a pair) keys and files the reply; ``meta`` is stored
        beside it. Raises LLMRequestError for a failure of this request and LLMUnavailableError for
        an unreachable server.
        """
        key = self.cache_key(item, prompt)
        entry: dict[str, Any] = {"tool": item, "revision": prompt.revision, "source": "cache"}
        if self.cache is not None:
            cached = self.cache.get_entry(item, prompt.revision, key)
            if cached is not None:
                self.cache_hits += 1
                self._log(entry)
                return LLMReply(cached["reply"], cached.get("finish_reason"),
                                completion_tokens=positive_int((cached.get("usage") or {}).get("completion_tokens")
                                                            if isinstance(cached.get("usage"), dict) else None))
        tokens = self.count_tokens(prompt)
        entry.update(source="llm", prompt_tokens=tokens, shared_prefix_tokens=self._shared_prefix_tokens(prompt))
        self._log(entry)
        room = self.context_window - (self.max_output_tokens or 0) if self.context_window else None
        if room is not None and tokens > room:
            raise LLMRequestError(
                f"the prompt has {tokens:,} tokens ({self.token_counter_name}); with {self.max_output_tokens or 0:,} "
                f"reply tokens it exceeds the context window of {self.context_window:,}; not sent",
                kind="prompt-too-long")
        self.prompt_tokens += tokens
        start = time.perf_counter()
        try:
            reply = self.chat(prompt)
        except (LLMRequestError, LLMUnavailableError):
            entry["seconds"] = round(time.perf_counter() - start, 3)
            raise
        self.llm_calls += 1
        self.prompt_chars += prompt.chars
        self.llm_seconds += reply.seconds
        self.server_prompt_tokens += reply.prompt_tokens or 0
        self.completion_tokens += reply.completion_tokens or 0
        entry.update(seconds=round(reply.seconds, 3), finish_reason=reply.finish_reason,
                     server_prompt_tokens=reply.prompt_tokens, server_cached_tokens=reply.cached_tokens,
                     completion_tokens=reply.completion_tokens)
        if self.cache is not None:
            self.cache.put(item, prompt.revision, key, reply.text, {
                "model": self.model_id, "prompt_version": prompt.version, "kind": prompt.kind, "tool": item,
                "revision": prompt.revision, **dict(meta or {}), "prompt_chars": prompt.chars,
                "finish_reason": reply.finish_reason,
                "usage": {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens},
            })
        return reply

    def _log(self, entry: dict[str, Any]) -> None:
        if self.keep_call_log:
            self.call_log.append(entry)

    def _shared_prefix_tokens(self, prompt: ChatPrompt) -> int:
        """Tokens at the start of this prompt that one of the last few prompts began with too (what a
        server's prefix cache can reuse)."""
        text = prompt.system + "\n" + prompt.user
        best = 0
        for other in self._recent_prompts:
            best = max(best, len(os.path.commonprefix([text, other])))
        self._recent_prompts = (self._recent_prompts + [text])[-_PREFIX_HISTORY:]
        if not best:
            return 0
        shared = text[:best]
        if best <= len(prompt.system):
            return self.tokens(shared)
        return self.tokens(prompt.system) + self.tokens(shared[len(prompt.system) + 1:]) + CHAT_TEMPLATE_TOKENS // 2

    def chat(self, prompt: ChatPrompt) -> LLMReply:
        """``llm.chat`` under the retry policy (no cache, no pre-check).

        Raises LLMUnavailableError for an unreachable server after ``max_attempts`` tries, and
        LLMRequestError for a failure of this request (timeout, 4xx, 5xx after retries, other errors).
        """
        from llama_index.core.llms import ChatMessage, MessageRole

        messages = [ChatMessage(role=MessageRole.SYSTEM, content=prompt.system),
                    ChatMessage(role=MessageRole.USER, content=prompt.user)]
        last: Exception | None = None
        for attempt in range(self.max_attempts):
            if attempt:
                self._sleep(self.backoff_s * 2 ** (attempt - 1))
            start = time.perf_counter()
            try:
                response = self.llm.chat(messages)
            except Exception as exc:  # classified below: retried, a per-request failure, or unreachable
                self.llm_seconds += time.perf_counter() - start
                last = exc
                kind, status = classify_failure(exc)
                log.warning("LLM %s at %s failed (attempt %d/%d): %s", self.model_id, endpoint_of(self.llm),
                            attempt + 1, self.max_attempts, one_line(exc))
                if kind == "timeout":
                    raise LLMRequestError(
                        f"no reply within the request timeout ({timeout_of(self.llm)}); not retried (the same "
                        "request would time out again): raise the timeout (--request-timeout) or lower --max-tokens",
                        kind="timeout") from exc
                if kind == "http" and status is not None and 400 <= status < 500 and status not in RETRY_STATUSES:
                    detail = one_line(exc)
                    too_long = status in (400, 413) and bool(TOO_LONG_RE.search(detail))
                    raise LLMRequestError(f"HTTP {status}: {detail}", kind="prompt-too-long" if too_long else "http-4xx",
                                          status=status) from exc
                if kind == "error":
                    raise LLMRequestError(f"{type(exc).__name__}: {one_line(exc)}", kind="error") from exc
                continue  # connection failure or a retryable status
            return reply_of(response, time.perf_counter() - start)
        kind, status = classify_failure(last) if last is not None else ("connection", None)
        if kind == "http":
            raise LLMRequestError(f"HTTP {status} after {self.max_attempts} attempts: {one_line(last)}",
                                  kind="http-5xx" if status and status >= 500 else "http-4xx", status=status) from last
        where = f" in {self.cache.directory}" if self.cache is not None else " nowhere (no cache_dir)"
        raise LLMUnavailableError(
            f"LLM {self.model_id!r} at {endpoint_of(self.llm)} failed {self.max_attempts} times; last error: {last!r}. "
            f"Replies obtained so far are cached{where}; rerun the same command to resume."
        ) from last
