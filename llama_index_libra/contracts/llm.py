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

import copy
import hashlib
import json
import logging
import math
import os
import re
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from llama_index_libra._io import atomic_write_text, canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.model import (
    ArgumentSpec,
    CallTemplate,
    Contract,
    ContractValidationError,
)
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
from llama_index_libra.schemas.validate import safe_validator
from llama_index_libra.records import InvocationRecord

__all__ = [
    "CHARS_PER_TOKEN_ESTIMATE",
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
_PREVIOUS_REPLY_CHARS = 4000
# Characters per token when no tokenizer is at hand. Contract prompts (JSON) run at 3.5-4.5 characters
# per token in BPE vocabularies (SmolLM2's: 4.5, measured against the server's count). The estimate is
# only a pre-check: a prompt it refuses is a recorded failure, and one it lets through that does not
# fit comes back as the server's 400, also recorded. Pass ``token_counter`` for exact counts.
CHARS_PER_TOKEN_ESTIMATE = 4.0
# Tokens a chat template adds around two messages (role markers, separators), counted with the prompt.
CHAT_TEMPLATE_TOKENS = 16
# Longest reply (live or cached) that is parsed at all; a contract is a few thousand characters.
MAX_REPLY_CHARS = 200_000
# Deepest JSON nesting accepted in a reply (contract schemas nest a handful of levels).
MAX_REPLY_DEPTH = 48
# '{' positions at which the reply scanner tries to decode an object before giving up.
MAX_SCAN_STARTS = 256
# Largest reply-cache file read (a bigger one is ignored: no valid entry is that large).
MAX_CACHE_FILE_BYTES = 8 * MAX_REPLY_CHARS
# HTTP statuses worth retrying: request timeout, conflict, rate limit, and server errors.
_RETRY_STATUSES = frozenset({408, 409, 429})
# How servers say a prompt exceeds the context (vLLM, llama.cpp, SGLang, TGI wordings).
_TOO_LONG_RE = re.compile(r"context (length|size|window)|too long|too many tokens|maximum .*tokens|exceeds? .*(context|tokens)", re.I)


class ReplyParseError(ValueError):
    """An LLM reply that holds no usable JSON object; the message is feedback for the next call."""


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


@dataclass(frozen=True)
class LLMReply:
    """One reply: its text, ``finish_reason`` (``"length"``: cut at the output-token limit) and usage."""

    text: str
    finish_reason: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cached_tokens: int | None = None
    seconds: float = 0.0

    @property
    def truncated(self) -> bool:
        return self.finish_reason == "length"


# ------------------------------------------------------------------------------- reply parsing

_THINK_RE = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_FENCE_RE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\r?\n(.*?)```", re.DOTALL)
_CONTRACT_KEYS = ("templates", "contract_version")


def _strip_reasoning(text: str) -> str:
    """Drop ``<think>...</think>`` blocks; keep what follows a dangling ``</think>`` (opened in the prompt)."""
    text = _THINK_RE.sub("", text)
    closing = text.lower().rfind("</think>")
    return text[closing + len("</think>"):] if closing >= 0 else text


def parse_json_reply(text: str) -> dict[str, Any]:
    """The JSON object in an LLM reply, tolerating reasoning blocks, code fences and prose around it.

    Tries, in order: the whole reply, each fenced code block, then every top-level ``{...}`` in the
    text (preferring one with contract keys, else the largest). Raises :class:`ReplyParseError`
    saying what is wrong (empty reply, too long, nested too deeply, no object, the JSON error
    position) otherwise; no other exception escapes for any string.
    """
    if not isinstance(text, str) or not text.strip():
        raise ReplyParseError("the reply is empty; return the complete contract as one JSON object")
    if len(text) > MAX_REPLY_CHARS:
        raise ReplyParseError(f"the reply is over the limit of {MAX_REPLY_CHARS:,} characters; "
                              "return only the contract, as one JSON object")
    body = _strip_reasoning(text).strip()
    if not body:
        raise ReplyParseError("the reply holds only a <think> block; return the complete contract as one JSON object")
    try:
        whole = _loads(body)
    except json.JSONDecodeError:
        pass
    else:
        if isinstance(whole, dict):
            return _checked_depth(whole)
        raise ReplyParseError(f"the reply is a JSON {_json_type(whole)}, not one JSON object; return the contract object itself")
    for match in _FENCE_RE.finditer(body):
        try:
            fenced = _loads(match.group(1))
        except json.JSONDecodeError:
            continue
        if isinstance(fenced, dict):
            return _checked_depth(fenced)
    return _checked_depth(_scan_objects(body))


def _loads(text: str) -> Any:
    """``json.loads`` whose only error is JSONDecodeError (deep nesting and huge numbers included)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ReplyParseError(f"the reply nests JSON more than {MAX_REPLY_DEPTH} levels deep; return a flat contract") from None
    except ValueError as exc:  # JSONDecodeError, and int() refusing a number of over 4,300 digits
        if isinstance(exc, json.JSONDecodeError):
            raise
        raise ReplyParseError(f"the reply holds a value JSON cannot load: {exc}") from None


def _checked_depth(obj: dict[str, Any]) -> dict[str, Any]:
    """``obj`` if it nests at most MAX_REPLY_DEPTH levels (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_REPLY_DEPTH:
            raise ReplyParseError(f"the reply nests JSON more than {MAX_REPLY_DEPTH} levels deep; return a flat contract")
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return obj


def _scan_objects(body: str) -> dict[str, Any]:
    decoder = json.JSONDecoder()
    found: list[tuple[int, dict[str, Any]]] = []
    first_error: json.JSONDecodeError | None = None
    first_failed = False
    start = body.find("{")
    if start < 0:
        raise ReplyParseError("the reply contains no JSON object; return the complete contract as one JSON object, without prose")
    i = start
    tries = 0
    while i >= 0 and tries < MAX_SCAN_STARTS:
        tries += 1
        try:
            value, end = decoder.raw_decode(body, i)
        except json.JSONDecodeError as exc:
            if first_error is None:
                first_error = exc
                first_failed = i == start
            i = body.find("{", i + 1)
            continue
        except RecursionError:
            raise ReplyParseError(f"the reply nests JSON more than {MAX_REPLY_DEPTH} levels deep; return a flat contract") from None
        except ValueError as exc:  # a number of over 4,300 digits
            raise ReplyParseError(f"the reply holds a value JSON cannot load: {exc}") from None
        if isinstance(value, dict):
            found.append((end - i, value))
        i = body.find("{", end)
    contracts = [(n, v) for n, v in found if any(k in v for k in _CONTRACT_KEYS)]
    if contracts:
        return max(contracts, key=lambda item: item[0])[1]
    if found and not first_failed:
        return max(found, key=lambda item: item[0])[1]
    if first_error is None:
        raise ReplyParseError("the reply contains no complete JSON object; return the complete contract as one JSON object")
    raise ReplyParseError(
        f"the reply is not valid JSON: {first_error.msg} at line {first_error.lineno} column {first_error.colno}; "
        "return exactly one complete JSON object"
    )


def _json_type(value: Any) -> str:
    return {list: "array", str: "string", bool: "boolean", int: "number", float: "number", type(None): "null"}.get(
        type(value), type(value).__name__
    )


def _normalize_reply(obj: dict[str, Any], spec: ToolSpec) -> dict[str, Any]:
    """Benign repairs before validation: unwrap ``{"contract": {...}}``, fill the constant version and
    the tool name when absent, qualify a short tool name, default ``exports`` to empty."""
    if "templates" not in obj and len(obj) == 1:
        inner = next(iter(obj.values()))
        if isinstance(inner, dict) and "templates" in inner:
            obj = inner
    obj = dict(obj)
    obj.setdefault("contract_version", "tool_call_contract_v2")
    if obj.get("tool") in (None, spec.short_name):
        obj["tool"] = spec.name
    obj.setdefault("exports", [])
    return obj


# ------------------------------------------------------------------------------- reply cache


_SAFE_NAME_RE = re.compile(r"[^A-Za-z0-9_.-]")
_MAX_NAME_CHARS = 100
_KEY_RE = re.compile(r"^[0-9a-f]{64}$")


def safe_file_name(name: str) -> str:
    """A file name for ``name`` that cannot leave its folder: no separators, no leading dots, bounded.

    Characters outside ``[A-Za-z0-9_.-]`` become ``_``; a long or rewritten name gets a hash suffix so
    two names never share a file by accident.
    """
    safe = _SAFE_NAME_RE.sub("_", name)
    safe = "_" * (len(safe) - len(safe.lstrip("."))) + safe.lstrip(".")
    if safe != name or len(safe) > _MAX_NAME_CHARS or not safe:
        digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:12]
        safe = f"{safe[:_MAX_NAME_CHARS - 13]}-{digest}"
    return safe


class ReplyCache:
    """LLM replies on disk, one JSON file per prompt key (``<dir>/<tool>/r<revision>-<key>.json``).

    Files are written atomically, so a crash leaves either the previous state or the complete reply.
    Tool names become sanitised folder names confined to the cache folder; a file is trusted only when
    the key stored in it is the full hash of the prompt asked for, and its reply is a bounded string
    (the proposer then checks it exactly like a live reply).
    """

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)

    def path(self, tool: str, revision: int, key: str) -> Path:
        """The file for one prompt key; raises ValueError for a key that is no prompt hash."""
        if not isinstance(key, str) or not _KEY_RE.match(key):
            raise ValueError("a reply-cache key is the 64-hex-digit SHA-256 of the prompt")
        if isinstance(revision, bool) or not isinstance(revision, int) or revision < 0:
            raise ValueError(f"revision must be a non-negative integer, got {revision!r}")
        return self.directory / safe_file_name(str(tool)) / f"r{revision}-{key[:32]}.json"

    def _confined(self, path: Path) -> bool:
        """Whether ``path`` resolves inside the cache folder (a planted symlink may point elsewhere)."""
        root = os.path.realpath(self.directory)
        return os.path.commonpath([root, os.path.realpath(path)]) == root

    def get_entry(self, tool: str, revision: int, key: str) -> dict[str, Any] | None:
        """The cached entry for ``key`` (``reply``, ``finish_reason``, usage), or None when absent or untrusted."""
        path = self.path(tool, revision, key)
        try:
            if not self._confined(path):
                log.warning("ignoring LLM cache file %s: it resolves outside %s", path, self.directory)
                return None
            if path.stat().st_size > MAX_CACHE_FILE_BYTES:
                log.warning("ignoring LLM cache file %s: over %d bytes", path, MAX_CACHE_FILE_BYTES)
                return None
            entry = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, UnicodeError, ValueError, RecursionError) as exc:
            log.warning("ignoring unreadable LLM cache file %s: %s", path, type(exc).__name__)
            return None
        if not isinstance(entry, dict) or entry.get("key") != key:
            log.warning("ignoring LLM cache file %s: its key is not the hash of this prompt", path)
            return None
        reply, finish = entry.get("reply"), entry.get("finish_reason")
        if not isinstance(reply, str) or len(reply) > MAX_REPLY_CHARS + 1 or not (finish is None or isinstance(finish, str)):
            log.warning("ignoring LLM cache file %s: no bounded reply text", path)
            return None
        return entry

    def get(self, tool: str, revision: int, key: str) -> str | None:
        """The cached reply text for ``key``, or None (also for an unreadable or mismatched file)."""
        entry = self.get_entry(tool, revision, key)
        return entry["reply"] if entry is not None else None

    def put(self, tool: str, revision: int, key: str, reply: str, meta: Mapping[str, Any]) -> Path | None:
        """Write one reply atomically; None (and a warning) when the file would resolve outside the folder."""
        path = self.path(tool, revision, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not self._confined(path):
            log.warning("not caching %s: it resolves outside %s", path, self.directory)
            return None
        # A reply over the parse limit is kept to one character past it: it is rejected the same way.
        # ASCII escapes keep any reply text (a lone surrogate included) loadable byte for byte.
        text = json.dumps({**meta, "key": key, "reply": reply[:MAX_REPLY_CHARS + 1]}, ensure_ascii=True, sort_keys=True, indent=1, default=str)
        return atomic_write_text(path, text + "\n")

    def __len__(self) -> int:
        return sum(1 for _ in self.directory.glob("*/r*-*.json")) if self.directory.exists() else 0


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
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if max_consecutive_failures is not None and max_consecutive_failures < 1:
            raise ValueError("max_consecutive_failures must be at least 1 (or None)")
        if prompt_order not in PROMPT_ORDERS:
            raise ValueError(f"unknown prompt order {prompt_order!r}; choose one of {', '.join(PROMPT_ORDERS)}")
        self.llm = llm
        self.registry = registry
        self.prompts = load_prompt_set(prompt_version)
        self.prompt_version = prompt_version
        self.prompt_order = prompt_order
        self.cache = ReplyCache(cache_dir) if cache_dir is not None else None
        self.fixtures: dict[str, Any] = dict(fixtures or {})
        self.model_id = model_id or _model_name(llm)
        self.max_calls = max_calls
        self.max_attempts = max_attempts
        self.backoff_s = backoff_s
        self.max_consecutive_failures = max_consecutive_failures
        meta = _metadata(llm)
        self.context_window = context_window if context_window is not None else _declared_window(meta)
        self.max_output_tokens = max_output_tokens if max_output_tokens is not None else (
            _positive(getattr(meta, "num_output", None)) or _positive(getattr(llm, "max_tokens", None)))
        self._token_counter, self.token_counter_name = (
            (token_counter, getattr(token_counter, "__name__", "custom")) if token_counter is not None else _default_token_counter(llm, self.model_id))
        self._sleep = sleep
        self._fallback = SchemaContractProposer(fixtures=self.fixtures)
        self.name = f"llm:{self.model_id}:{self.prompts.version}:{registry}"
        # statistics
        self.llm_calls = 0
        self.cache_hits = 0
        self.prompt_chars = 0
        self.llm_seconds = 0.0
        self.calls_by_tool: dict[str, int] = {}
        self.revised_tools: set[str] = set()
        self.fallbacks: dict[str, str] = {}
        self.request_failures: dict[str, str] = {}
        self.truncated_replies = 0
        self.invalid_replies = 0
        self.valid_replies = 0
        self.call_log: list[dict[str, Any]] = []
        self._consecutive_failures = 0
        self._recent_prompts: list[str] = []

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
        revised, _error = self._converse(spec, previous=_declared_json(contract), feedback=feedback, feedback_kind="runtime")
        if revised is not None:
            self.revised_tools.add(spec.name)
        return revised

    @property
    def llm_contracts_revised(self) -> int:
        """Tools whose contract took more than one LLM call (reply-format or runtime revision)."""
        return len(self.revised_tools)

    def count_tokens(self, prompt: RenderedPrompt) -> int:
        """Prompt tokens of both messages plus the chat template's markers (tokenizer or estimate)."""
        return self._tokens(prompt.system) + self._tokens(prompt.user) + CHAT_TEMPLATE_TOKENS

    def _tokens(self, text: str) -> int:
        try:
            return int(self._token_counter(text))
        except Exception:  # a tokenizer that fails on odd text must not stop the build
            return _estimate_tokens(text)

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
                obj = _normalize_reply(parse_json_reply(reply.text), spec)
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
                return self._with_fixture_variants(contract, spec), ""
            self.invalid_replies += 1
            if reply.truncated:
                # A cut reply is never sent back: the model revises from what it had before.
                self.truncated_replies += 1
                problems = [_truncation_feedback(reply, self.max_output_tokens)]
            else:
                previous = obj if obj is not None else _clip(reply.text)
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
                f"LLM {self.model_id!r} at {_endpoint(self.llm)}: requests for {self._consecutive_failures} tools in a row "
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
        """One budgeted call: the cached reply for this exact prompt, else the LLM's (cached on arrival)."""
        self.calls_by_tool[spec.name] += 1
        key = hashlib.sha256(
            canonical_json({"model": self.model_id, "prompt_version": prompt.version, "kind": prompt.kind,
                            "tool": spec.name, "revision": prompt.revision, "system": prompt.system,
                            "user": prompt.user}).encode("utf-8", "surrogatepass")
        ).hexdigest()
        entry: dict[str, Any] = {"tool": spec.name, "revision": prompt.revision, "source": "cache"}
        if self.cache is not None:
            cached = self.cache.get_entry(spec.name, prompt.revision, key)
            if cached is not None:
                self.cache_hits += 1
                self.call_log.append(entry)
                return LLMReply(cached["reply"], cached.get("finish_reason"),
                                completion_tokens=_positive((cached.get("usage") or {}).get("completion_tokens")
                                                            if isinstance(cached.get("usage"), dict) else None))
        tokens = self.count_tokens(prompt)
        entry.update(source="llm", prompt_tokens=tokens, shared_prefix_tokens=self._shared_prefix_tokens(prompt))
        self.call_log.append(entry)
        room = self.context_window - (self.max_output_tokens or 0) if self.context_window else None
        if room is not None and tokens > room:
            raise LLMRequestError(
                f"the prompt has {tokens:,} tokens ({self.token_counter_name}); with {self.max_output_tokens or 0:,} "
                f"reply tokens it exceeds the context window of {self.context_window:,}; not sent",
                kind="prompt-too-long")
        start = time.perf_counter()
        try:
            reply = self._chat(prompt)
        except (LLMRequestError, LLMUnavailableError):
            entry["seconds"] = round(time.perf_counter() - start, 3)
            raise
        self.llm_calls += 1
        self.prompt_chars += prompt.chars
        self.llm_seconds += reply.seconds
        entry.update(seconds=round(reply.seconds, 3), finish_reason=reply.finish_reason,
                     server_prompt_tokens=reply.prompt_tokens, server_cached_tokens=reply.cached_tokens,
                     completion_tokens=reply.completion_tokens)
        if self.cache is not None:
            self.cache.put(spec.name, prompt.revision, key, reply.text, {
                "model": self.model_id, "prompt_version": prompt.version, "kind": prompt.kind, "tool": spec.name,
                "revision": prompt.revision, "feedback": feedback_kind, "prompt_chars": prompt.chars,
                "finish_reason": reply.finish_reason,
                "usage": {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens},
            })
        return reply

    def _shared_prefix_tokens(self, prompt: RenderedPrompt) -> int:
        """Tokens at the start of this prompt that an earlier prompt of this build began with too
        (what a prefix cache can reuse), over the last few prompts sent."""
        text = prompt.system + "\n" + prompt.user
        best = 0
        for other in self._recent_prompts:
            best = max(best, len(os.path.commonprefix([text, other])))
        self._recent_prompts = (self._recent_prompts + [text])[-_PREFIX_HISTORY:]
        if not best:
            return 0
        shared = text[:best]
        if best <= len(prompt.system):
            return self._tokens(shared)
        return self._tokens(prompt.system) + self._tokens(shared[len(prompt.system) + 1:]) + CHAT_TEMPLATE_TOKENS // 2

    def _chat(self, prompt: RenderedPrompt) -> LLMReply:
        """``llm.chat`` under the retry policy of the class docstring.

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
            except Exception as exc:  # classified below: retried, a per-tool failure, or unreachable
                self.llm_seconds += time.perf_counter() - start
                last = exc
                kind, status = _classify(exc)
                log.warning("LLM %s at %s failed (attempt %d/%d): %s", self.model_id, _endpoint(self.llm),
                            attempt + 1, self.max_attempts, _one_line(exc))
                if kind == "timeout":
                    raise LLMRequestError(
                        f"no reply within the request timeout ({_timeout_of(self.llm)}); not retried (the same "
                        "request would time out again): raise the timeout (--request-timeout) or lower --max-tokens",
                        kind="timeout") from exc
                if kind == "http" and status is not None and 400 <= status < 500 and status not in _RETRY_STATUSES:
                    detail = _one_line(exc)
                    too_long = status in (400, 413) and bool(_TOO_LONG_RE.search(detail))
                    raise LLMRequestError(f"HTTP {status}: {detail}", kind="prompt-too-long" if too_long else "http-4xx",
                                          status=status) from exc
                if kind == "error":
                    raise LLMRequestError(f"{type(exc).__name__}: {_one_line(exc)}", kind="error") from exc
                continue  # connection failure or a retryable status
            seconds = time.perf_counter() - start
            return _reply_of(response, seconds)
        kind, status = _classify(last) if last is not None else ("connection", None)
        if kind == "http":
            raise LLMRequestError(f"HTTP {status} after {self.max_attempts} attempts: {_one_line(last)}",
                                  kind="http-5xx" if status and status >= 500 else "http-4xx", status=status) from last
        where = f" in {self.cache.directory}" if self.cache is not None else " nowhere (no cache_dir)"
        raise LLMUnavailableError(
            f"LLM {self.model_id!r} at {_endpoint(self.llm)} failed {self.max_attempts} times; last error: {last!r}. "
            f"Replies obtained so far are cached{where}; rerun the same command to resume."
        ) from last

    # ---- fixtures

    def _with_fixture_variants(self, contract: Contract, spec: ToolSpec) -> Contract:
        """Add, per success template, a variant whose fixture-supplied observations are literals."""
        if not self.fixtures:
            return contract
        props: Mapping[str, Any] = (spec.parameters or {}).get("properties") or {}
        taken = {t.id for t in contract.templates}
        extra: list[CallTemplate] = []
        for template in contract.success_templates:
            args = dict(template.arguments)
            for name in template.observations:
                found, value = self._fixture_value(spec, name, props.get(name, {}))
                if found:
                    args[name] = ArgumentSpec.lit(value)
            if args == template.arguments:
                continue
            tid = f"{template.id}_fixtures"[:64]
            n = 2
            while tid in taken:
                tid = f"{template.id[:50]}_fixtures{n}"
                n += 1
            taken.add(tid)
            variant = CallTemplate(tid, "success", args)
            if variant.arguments not in [t.arguments for t in contract.templates + tuple(extra)]:
                extra.append(variant)
        return replace(contract, templates=contract.templates + tuple(extra)) if extra else contract

    def _fixture_value(self, spec: ToolSpec, name: str, schema: Any) -> tuple[bool, Any]:
        """A fixture for input ``name`` valid under its schema: the tool's scope, its namespaces,
        ``"*"``, then global entries; exact name, normalized name, then its plural (seeded collections)."""
        scopes: list[Mapping[str, Any]] = []
        keys = [spec.name]
        ns = spec.namespace
        while ns:
            keys.append(ns)
            ns = ns.rsplit(".", 1)[0] if "." in ns else None
        for key in keys + ["*"]:
            if isinstance(self.fixtures.get(key), Mapping):
                scopes.append(self.fixtures[key])
        scopes.append({k: v for k, v in self.fixtures.items() if not isinstance(v, Mapping)})
        validator = safe_validator(schema if isinstance(schema, (Mapping, bool)) else {})
        json_type = schema.get("type") if isinstance(schema, Mapping) else None
        norm = _normalized(name)
        for scope in scopes:
            values = [scope[name]] if name in scope else []
            values += [v for k, v in scope.items() if k != name and _normalized(str(k)) == norm]
            values += [v for k, v in scope.items() if _normalized(str(k)) in (norm + "s", norm + "es")]
            for value in values:
                if isinstance(value, Mapping) and json_type != "object":
                    continue  # a table of facts (name -> id) is no value for a scalar input
                candidates = list(value) if isinstance(value, list) and json_type != "array" else [value]
                for candidate in candidates:
                    if validator.is_valid(candidate):
                        return True, copy.deepcopy(candidate)
        return False, None


# ------------------------------------------------------------------------------- helpers

_PREFIX_HISTORY = 8  # earlier prompts compared for the shared prefix


def _metadata(llm: Any) -> Any:
    try:
        return llm.metadata
    except Exception:  # a custom LLM whose metadata property fails
        return None


def _declared_window(meta: Any) -> int | None:
    """The LLM's context window, or None when it only carries LlamaIndex's placeholder default (3,900
    tokens, which LLM classes report when they do not know theirs): then the server decides alone."""
    from llama_index.core.constants import DEFAULT_CONTEXT_WINDOW

    window = _positive(getattr(meta, "context_window", None))
    return None if window == DEFAULT_CONTEXT_WINDOW else window


def _positive(value: Any) -> int | None:
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else None


def _estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN_ESTIMATE)


def _default_token_counter(llm: Any, model_id: str) -> tuple[Callable[[str], int], str]:
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
        return _estimate_tokens, f"estimate:{CHARS_PER_TOKEN_ESTIMATE:g} chars/token"
    return (lambda text: len(hf.encode(text, add_special_tokens=False))), f"tokenizer:{model_id}"


_LOCAL_TOKENIZERS: dict[str, Any] = {}  # model id -> its tokenizer on disk, or None (looked up once)


def _classify(exc: BaseException) -> tuple[str, int | None]:
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


def _one_line(exc: BaseException | None) -> str:
    try:
        text = str(exc)
    except Exception:  # an exception whose __str__ raises
        text = type(exc).__name__
    return " ".join(text.split())[:500] or type(exc).__name__


def _timeout_of(llm: Any) -> str:
    value = getattr(llm, "timeout", None)
    return f"{value:g} s" if isinstance(value, (int, float)) else "set on the LLM client"


def _field(obj: Any, name: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name)
    return getattr(obj, name, None)


def _reply_of(response: Any, seconds: float) -> LLMReply:
    """Text, finish reason and usage of a LlamaIndex ChatResponse (OpenAI-like ``raw`` or a dict)."""
    content = getattr(getattr(response, "message", None), "content", None)
    text = content if isinstance(content, str) else ""
    raw = getattr(response, "raw", None)
    finish = None
    choices = _field(raw, "choices")
    if isinstance(choices, (list, tuple)) and choices:
        finish = _field(choices[0], "finish_reason")
    extra = getattr(response, "additional_kwargs", None) or {}
    if finish is None and isinstance(extra, Mapping):
        finish = extra.get("finish_reason")
    usage = _field(raw, "usage")
    prompt_tokens = _positive(_field(usage, "prompt_tokens")) if usage is not None else None
    completion = _positive(_field(usage, "completion_tokens")) if usage is not None else None
    if isinstance(extra, Mapping):
        prompt_tokens = prompt_tokens or _positive(extra.get("prompt_tokens"))
        completion = completion or _positive(extra.get("completion_tokens"))
    details = _field(usage, "prompt_tokens_details") if usage is not None else None
    cached = _field(details, "cached_tokens") if details is not None else None
    return LLMReply(text, finish if isinstance(finish, str) else None, prompt_tokens, completion,
                    int(cached) if isinstance(cached, int) and not isinstance(cached, bool) else None, seconds)


def _truncation_feedback(reply: LLMReply, max_output_tokens: int | None) -> str:
    limit = f"the output-token limit ({max_output_tokens:,} tokens)" if max_output_tokens else "the output-token limit"
    used = f" after {reply.completion_tokens:,} tokens" if reply.completion_tokens else ""
    return (f"the previous reply was cut at {limit}{used} before the contract was complete (finish_reason=length); "
            "return a shorter complete contract: one JSON object, no prose or reasoning, only the templates and "
            "exports the rules require")


def _normalized(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _declared_json(contract: Contract) -> dict[str, Any]:
    """The contract as the LLM wrote it: mechanical exports and ``origin`` fields dropped."""
    out = contract.to_json()
    out["exports"] = [{k: v for k, v in e.items() if k != "origin"} for e in out["exports"] if e.get("origin", "declared") == "declared"]
    return out


def _clip(reply: str) -> str:
    return reply if len(reply) <= _PREVIOUS_REPLY_CHARS else reply[:_PREVIOUS_REPLY_CHARS] + "...[truncated]"


def _model_name(llm: Any) -> str:
    try:
        name = llm.metadata.model_name
    except Exception:  # a custom LLM whose metadata property fails still gets an identity
        name = None
    return str(name or getattr(llm, "model", None) or type(llm).__name__)


def _endpoint(llm: Any) -> str:
    for attr in ("api_base", "api_url", "base_url"):
        value = getattr(llm, attr, None)
        if isinstance(value, str) and value:
            return value
    return f"{type(llm).__name__} (in process)"
