"""LLM-written executable contracts with same-tool feedback revision (LIBRA section 3.1, Appendix A).

:class:`LLMContractProposer` asks any LlamaIndex ``LLM`` for one ``tool_call_contract_v2`` per tool
with the Figure 4 prompt (:mod:`.prompts`), within a budget of three calls per tool shared by:

- **reply-format revisions**: a reply that is not one JSON object, or that fails
  :meth:`Contract.from_json` for the tool, is answered with its validation errors as feedback;
- **runtime revisions**: the induction engine calls :meth:`LLMContractProposer.revise` when an
  executed call's record matches neither outcome schema; the complete record goes back to the LLM
  under the Figure 8 feedback note.

A tool whose three calls all fail gets the schema-derived contract instead (recorded in
``fallbacks``); a bad reply never crashes a build. A request that fails for one tool (no reply within
the client's timeout, an HTTP 4xx such as "prompt too long", a 5xx after bounded retries, a prompt
that does not fit the context window by the proposer's own count) ends that tool's conversation: it
gets the schema-derived contract and the failure is recorded in ``request_failures``. A reply cut at
the output-token limit (``finish_reason == "length"``) is answered with feedback that says so, and is
never sent back as ``previous_contract``. Every reply is cached on disk as soon as it arrives, under a
key over the model, the prompt version and the full rendered prompt, so a rebuild or a resumed build
replays the same conversation without calling the LLM again; a cached reply goes through exactly the
checks of a live one. An unreachable server (connection refused after bounded retries), or
``max_consecutive_failures`` tools in a row whose requests failed, raises :class:`LLMUnavailableError`;
replies obtained before stay in the cache.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any, Callable, Mapping

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.fixtures import with_fixture_variants
from llama_index_libra.contracts.llm_client import LLMClient
from llama_index_libra.contracts.llm_requests import (
    CHARS_PER_TOKEN_ESTIMATE,
    CHAT_TEMPLATE_TOKENS,
    LLMRequestError,
    LLMUnavailableError,
    endpoint_of,
)
from llama_index_libra.contracts.model import Contract, ContractValidationError
from llama_index_libra.contracts.prompts import (
    DEFAULT_PROMPT_VERSION,
    PROMPT_ORDERS,
    REGISTRY_KINDS,
    FeedbackKind,
    RenderedPrompt,
    load_prompt_set,
    render_contract_prompt,
)
from llama_index_libra.contracts.proposer import SchemaContractProposer
from llama_index_libra.contracts.replies import (
    MAX_REPLY_CHARS,
    LLMReply,
    ReplyCache,
    ReplyParseError,
    normalize_contract_reply,
    parse_json_reply,
    clip_previous_reply,
    declared_json,
    safe_file_name,
    truncation_feedback,
)
from llama_index_libra.records import InvocationRecord
from llama_index_libra.schemas.validate import safe_validator

__all__ = [
    "CHARS_PER_TOKEN_ESTIMATE",
    "CHAT_TEMPLATE_TOKENS",
    "MAX_REPLY_CHARS",
    "LLMContractProposer",
    "LLMReply",
    "LLMRequestError",
    "LLMUnavailableError",
    "ReplyParseError",
    "ReplyCache",
    "parse_json_reply",
    "safe_file_name",
]

log = logging.getLogger(__name__)

MAX_CALLS_PER_TOOL = 3  # one initial generation + at most two revisions (Appendix A)


# ------------------------------------------------------------------------------- proposer


class LLMContractProposer:
    """Contracts written by an LLM from the Figure 4 prompt, revised from same-tool feedback.

    Args:
        llm: any LlamaIndex ``LLM``; it is called as ``llm.chat([system, user])`` with no extra
            arguments, so set temperature, output-token limit and request timeout on the LLM itself
            (:func:`llama_index_libra.llms.make_llm` does: ``timeout_s`` is the request timeout).
        registry: catalog kind selecting the rule set: ``appworld``, ``one-json-object``,
            ``callable-signature`` (default) or ``bfcl``.
        cache_dir: folder of the reply cache; None keeps no cache.
        fixtures: the runtime's public facts of its fresh state (``runtime.fixtures``). They never
            enter the prompt; a success template whose observation inputs a fixture supplies gets a
            variant with those inputs as literals (the seeded account logs in), as in the
            schema-derived proposer.
        model_id: the model identity in cache keys and the library settings (default: the LLM's
            ``metadata.model_name``).
        max_calls: LLM calls per tool, initial generation included (at most 3).
        max_attempts, backoff_s: tries per request against an unreachable server or a retryable
            status (408, 409, 429, 5xx) and the first delay between them (doubled each time); a
            timeout or another 4xx is not retried. ``sleep`` is injectable for tests.
        max_consecutive_failures: tools in a row whose requests failed before the build stops with
            :class:`LLMUnavailableError` (None: never; each failed tool falls back and is recorded).
        context_window, max_output_tokens: the model's context and the reply room the prompt must
            leave (default: the LLM's ``metadata.context_window`` / ``num_output``; LlamaIndex's
            placeholder window of 3,900 counts as unknown); a prompt over
            ``context_window - max_output_tokens`` by :meth:`count_tokens` is not sent.
        token_counter: ``str -> int`` for prompt tokens (default: the LLM's tokenizer, else the
            model's tokenizer when it is available offline, else ``CHARS_PER_TOKEN_ESTIMATE``).
        prompt_order: ``"shared-first"`` (prefix-cache friendly, default) or ``"figure"``.
    """

    def __init__(
        self,
        llm: Any,
        *,
        registry: str = "callable-signature",
        cache_dir: str | Path | None = None,
        fixtures: Mapping[str, Any] | None = None,
        model_id: str | None = None,
        prompt_version: str = DEFAULT_PROMPT_VERSION,
        max_calls: int = MAX_CALLS_PER_TOOL,
        max_attempts: int = 3,
        backoff_s: float = 2.0,
        sleep: Callable[[float], None] = time.sleep,
        max_consecutive_failures: int | None = 5,
        context_window: int | None = None,
        max_output_tokens: int | None = None,
        token_counter: Callable[[str], int] | None = None,
        prompt_order: str = "shared-first",
    ) -> None:
        if registry not in REGISTRY_KINDS:
            raise ValueError(f"unknown registry {registry!r}; choose one of {', '.join(REGISTRY_KINDS)}")
        if not 1 <= max_calls <= MAX_CALLS_PER_TOOL:
            raise ValueError(f"max_calls must be between 1 and {MAX_CALLS_PER_TOOL}")
        if max_consecutive_failures is not None and max_consecutive_failures < 1:
            raise ValueError("max_consecutive_failures must be at least 1 (or None)")
        if prompt_order not in PROMPT_ORDERS:
            raise ValueError(f"unknown prompt order {prompt_order!r}; choose one of {', '.join(PROMPT_ORDERS)}")
        # the one request path: cache, retries, timeouts, context pre-check, token counts
        self.client = LLMClient(llm, cache_dir=cache_dir, model_id=model_id, max_attempts=max_attempts, backoff_s=backoff_s,
                                sleep=sleep, context_window=context_window, max_output_tokens=max_output_tokens,
                                token_counter=token_counter)
        self.registry = registry
        self.prompts = load_prompt_set(prompt_version)
        self.prompt_version = prompt_version
        self.prompt_order = prompt_order
        self.fixtures: dict[str, Any] = dict(fixtures or {})
        self.max_calls = max_calls
        self.max_consecutive_failures = max_consecutive_failures
        self._fallback = SchemaContractProposer(fixtures=self.fixtures)
        self.name = f"llm:{self.model_id}:{self.prompts.version}:{registry}"
        # statistics (calls, cache hits, seconds and prompt sizes are the client's)
        self.calls_by_tool: dict[str, int] = {}
        self.revised_tools: set[str] = set()
        self.fallbacks: dict[str, str] = {}
        self.request_failures: dict[str, str] = {}
        self.truncated_replies = 0
        self.invalid_replies = 0
        self.valid_replies = 0
        self._consecutive_failures = 0

    # the client's settings and figures, read (and for ``llm``, set) through the proposer
    llm = property(lambda self: self.client.llm, lambda self, value: setattr(self.client, "llm", value))
    cache = property(lambda self: self.client.cache)
    model_id = property(lambda self: self.client.model_id)
    max_attempts = property(lambda self: self.client.max_attempts)
    backoff_s = property(lambda self: self.client.backoff_s)
    context_window = property(lambda self: self.client.context_window)
    max_output_tokens = property(lambda self: self.client.max_output_tokens)
    token_counter_name = property(lambda self: self.client.token_counter_name)
    llm_calls = property(lambda self: self.client.llm_calls)
    cache_hits = property(lambda self: self.client.cache_hits)
    prompt_chars = property(lambda self: self.client.prompt_chars)
    llm_seconds = property(lambda self: self.client.llm_seconds)
    call_log = property(lambda self: self.client.call_log)

    # ---- public API used by the induction engine

    def propose(self, spec: ToolSpec) -> Contract:
        """A validated contract for ``spec``: the LLM's, or the schema-derived one after three failed
        calls or a failed request (both recorded in ``fallbacks``)."""
        self.calls_by_tool[spec.name] = 0
        self.fallbacks.pop(spec.name, None)
        self.request_failures.pop(spec.name, None)
        self.revised_tools.discard(spec.name)
        contract, error = self._converse(spec, previous=None, feedback=None, feedback_kind="runtime")
        if contract is None:
            self.fallbacks[spec.name] = error
            log.warning("%s: no valid contract after %d LLM calls; using the schema-derived contract (%s)",
                        spec.name, self.calls_by_tool[spec.name], error.splitlines()[0] if error else "")
            return self._fallback.propose(spec)
        if self.calls_by_tool[spec.name] > 1:
            self.revised_tools.add(spec.name)
        return contract

    def revise(self, spec: ToolSpec, contract: Contract, record: InvocationRecord) -> Contract | None:
        """A replacement contract from the runtime record that matched neither outcome schema.

        None when the tool's three-call budget is spent, a request failed, or no valid contract came back.
        """
        self.calls_by_tool.setdefault(spec.name, 1)  # a contract given from outside counts as generated
        if self.calls_by_tool[spec.name] >= self.max_calls or spec.name in self.request_failures:
            return None
        data = record.to_json()
        feedback: dict[str, Any] = {
            "trigger": self.prompts.feedback["runtime_trigger"],
            "outcome_check": {
                "success_schema_matches": safe_validator(contract.success).is_valid(data),
                "failure_schema_matches": safe_validator(contract.failure).is_valid(data),
            },
            "invocation_result": {**data, **({"message": record.message} if record.message else {})},
        }
        revised, _error = self._converse(spec, previous=declared_json(contract), feedback=feedback, feedback_kind="runtime")
        if revised is not None:
            self.revised_tools.add(spec.name)
        return revised

    @property
    def llm_contracts_revised(self) -> int:
        """Tools whose contract took more than one LLM call (reply-format or runtime revision)."""
        return len(self.revised_tools)

    def count_tokens(self, prompt: RenderedPrompt) -> int:
        """Prompt tokens of both messages plus the chat template's markers (tokenizer or estimate)."""
        return self.client.count_tokens(prompt)

    def stats(self) -> dict[str, Any]:
        """Run figures for a build report: calls, cache hits, replies, revised/fallback tools, prompt tokens."""
        sent = [c for c in self.call_log if c.get("prompt_tokens") is not None]
        total = sum(c["prompt_tokens"] for c in sent)
        shared = sum(c["shared_prefix_tokens"] for c in sent)
        per_tool: dict[str, list[int]] = {}
        for c in sent:
            per_tool.setdefault(c["tool"], []).append(c["prompt_tokens"])
        served = [c for c in self.call_log if c.get("server_prompt_tokens") is not None]
        return {
            "proposer": self.name,
            "llm_calls": self.llm_calls,
            "cache_hits": self.cache_hits,
            "llm_seconds": round(self.llm_seconds, 3),
            "prompt_chars": self.prompt_chars,
            "valid_replies": self.valid_replies,
            "invalid_replies": self.invalid_replies,
            "truncated_replies": self.truncated_replies,
            "contracts_revised": self.llm_contracts_revised,
            "revised_tools": sorted(self.revised_tools),
            "fallbacks": dict(sorted(self.fallbacks.items())),
            "request_failures": dict(sorted(self.request_failures.items())),
            "max_calls_per_tool": max(self.calls_by_tool.values(), default=0),
            "prompt_tokens": {
                "counter": self.token_counter_name,
                "order": self.prompt_order,
                "total": total,
                "per_tool": dict(sorted(per_tool.items())),
                "shared_prefix_tokens": shared,
                "shared_prefix_share": round(shared / total, 4) if total else None,
                "server_prompt_tokens": sum(c["server_prompt_tokens"] for c in served) if served else None,
                "server_cached_tokens": (sum(c.get("server_cached_tokens") or 0 for c in served)
                                         if any(c.get("server_cached_tokens") is not None for c in served) else None),
            },
        }

    def render(self, spec: ToolSpec, *, revision: int = 0, previous: Any = None,
               feedback: Mapping[str, Any] | None = None, feedback_kind: FeedbackKind = "runtime") -> RenderedPrompt:
        """The prompt this proposer sends for ``spec`` (for inspection and cost estimates)."""
        return render_contract_prompt(spec, kind=self.registry, revision=revision, previous_contract=previous,
                                      feedback=feedback, feedback_kind=feedback_kind, version=self.prompt_version,
                                      order=self.prompt_order)

    # ---- conversation

    def _converse(self, spec: ToolSpec, *, previous: Any, feedback: Mapping[str, Any] | None,
                  feedback_kind: FeedbackKind) -> tuple[Contract | None, str]:
        """Call the LLM until a reply validates, the tool's budget is spent or a request fails;
        returns (contract, last error)."""
        error = ""
        runtime_result = feedback.get("invocation_result") if feedback is not None else None
        while self.calls_by_tool[spec.name] < self.max_calls:
            prompt = self.render(spec, revision=self.calls_by_tool[spec.name], previous=previous,
                                 feedback=feedback, feedback_kind=feedback_kind)
            try:
                reply = self._ask(spec, prompt, feedback_kind if feedback is not None else None)
            except LLMRequestError as exc:
                self._request_failed(spec, exc)
                return None, f"LLM request failed ({exc.kind}): {exc}"
            self._consecutive_failures = 0
            obj: dict[str, Any] | None = None
            try:
                obj = normalize_contract_reply(parse_json_reply(reply.text), spec)
                contract = Contract.from_json(obj, spec=spec)
            except ReplyParseError as exc:
                problems = [str(exc)]
            except ContractValidationError as exc:
                problems = list(exc.problems) or [str(exc)]
            except Exception as exc:  # noqa: BLE001 - any reply the model checks cannot digest is invalid feedback
                problems = [f"the contract could not be checked ({type(exc).__name__}); return a simpler contract "
                            "under required_output_schema"]
            else:
                self.valid_replies += 1
                self._log_outcome(spec, prompt, "valid")
                return with_fixture_variants(contract, spec, self.fixtures), ""
            self.invalid_replies += 1
            if reply.truncated:
                # A cut reply is never sent back: the model revises from what it had before.
                self.truncated_replies += 1
                problems = [truncation_feedback(reply, self.max_output_tokens)]
            else:
                previous = obj if obj is not None else clip_previous_reply(reply.text)
            error = "\n".join(problems)
            self._log_outcome(spec, prompt, "truncated" if reply.truncated else "invalid", problems[0])
            log.info("%s: reply %d rejected: %s", spec.name, self.calls_by_tool[spec.name], problems[0])
            feedback = {"trigger": self.prompts.feedback["validation_trigger"], "validation_errors": problems}
            if runtime_result is not None:
                feedback["invocation_result"] = runtime_result
            feedback_kind = "validation"
        return None, error

    def _request_failed(self, spec: ToolSpec, exc: LLMRequestError) -> None:
        """Record a failed request; stop the build after too many tools in a row failed."""
        self.request_failures[spec.name] = f"{exc.kind}: {exc}"
        self._log_outcome(spec, None, f"request failed ({exc.kind})", str(exc))
        log.warning("%s: LLM request failed (%s): %s", spec.name, exc.kind, exc)
        self._consecutive_failures += 1
        limit = self.max_consecutive_failures
        if limit is not None and self._consecutive_failures >= limit:
            where = f" in {self.cache.directory}" if self.cache is not None else " nowhere (no cache_dir)"
            raise LLMUnavailableError(
                f"LLM {self.model_id!r} at {endpoint_of(self.llm)}: requests for {self._consecutive_failures} tools in a row "
                f"failed; last ({exc.kind}): {exc}. Replies obtained so far are cached{where}; fix the server or the "
                "settings (e.g. --request-timeout, --max-tokens, --context-window) and rerun the same command to resume."
            ) from exc

    def _log_outcome(self, spec: ToolSpec, prompt: RenderedPrompt | None, outcome: str, detail: str = "") -> None:
        entry = self.call_log[-1] if self.call_log and self.call_log[-1]["tool"] == spec.name and "outcome" not in self.call_log[-1] else None
        if entry is None:
            entry = {"tool": spec.name, "revision": prompt.revision if prompt is not None else None}
            self.call_log.append(entry)
        entry["outcome"] = outcome
        if detail:
            entry["detail"] = detail[:300]

    def _ask(self, spec: ToolSpec, prompt: RenderedPrompt, feedback_kind: str | None) -> LLMReply:
        """One budgeted call through the client: the cached reply for this exact prompt, else the LLM's."""
        self.calls_by_tool[spec.name] += 1
        return self.client.ask(spec.name, prompt, meta={"feedback": feedback_kind})
