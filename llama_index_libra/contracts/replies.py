"""What comes back from a contract LLM: the reply, the JSON object in it, and the on-disk reply cache.

:func:`parse_json_reply` finds the one JSON object in a reply (reasoning blocks, code fences and prose
around it tolerated) or raises :class:`ReplyParseError` with a message that is feedback for the next
call; :class:`ReplyCache` keeps every reply on disk, keyed by the prompt, so a rebuild replays a
conversation without calling the LLM again. Cached replies go through exactly the checks of live ones.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from llama_index_libra._io import atomic_write_text
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.model import Contract
from llama_index_libra.llms import strip_reasoning

__all__ = [
    "MAX_REPLY_CHARS",
    "MAX_REPLY_DEPTH",
    "MAX_SCAN_STARTS",
    "MAX_CACHE_FILE_BYTES",
    "LLMReply",
    "ReplyParseError",
    "ReplyCache",
    "normalize_contract_reply",
    "parse_json_reply",
    "positive_int",
    "reply_of",
    "safe_file_name",
    "truncation_feedback",
    "declared_json",
    "clip_previous_reply",
]

log = logging.getLogger(__name__)

PREVIOUS_REPLY_CHARS = 4000  # characters of an invalid reply sent back as previous_contract

# Longest reply (live or cached) that is parsed at all; a contract is a few thousand characters.
MAX_REPLY_CHARS = 200_000
# Deepest JSON nesting accepted in a reply (contract schemas nest a handful of levels).
MAX_REPLY_DEPTH = 48
# '{' positions at which the reply scanner tries to decode an object before giving up.
MAX_SCAN_STARTS = 256
# Largest reply-cache file read (a bigger one is ignored: no valid entry is that large).
MAX_CACHE_FILE_BYTES = 8 * MAX_REPLY_CHARS


class ReplyParseError(ValueError):
    """An LLM reply that holds no usable JSON object; the message is feedback for the next call."""


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


def positive_int(value: Any) -> int | None:
    """``value`` as an int when it is a positive number (not a bool), else None."""
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else None


def _field(obj: Any, name: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name)
    return getattr(obj, name, None)


def reply_of(response: Any, seconds: float) -> LLMReply:
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
    prompt_tokens = positive_int(_field(usage, "prompt_tokens")) if usage is not None else None
    completion = positive_int(_field(usage, "completion_tokens")) if usage is not None else None
    if isinstance(extra, Mapping):
        prompt_tokens = prompt_tokens or positive_int(extra.get("prompt_tokens"))
        completion = completion or positive_int(extra.get("completion_tokens"))
    details = _field(usage, "prompt_tokens_details") if usage is not None else None
    cached = _field(details, "cached_tokens") if details is not None else None
    return LLMReply(text, finish if isinstance(finish, str) else None, prompt_tokens, completion,
                    int(cached) if isinstance(cached, int) and not isinstance(cached, bool) else None, seconds)


# ------------------------------------------------------------------------------- reply parsing


_FENCE_RE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\r?\n(.*?)```", re.DOTALL)
_CONTRACT_KEYS = ("templates", "contract_version")


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
    body = strip_reasoning(text).strip()
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


def normalize_contract_reply(obj: dict[str, Any], spec: ToolSpec) -> dict[str, Any]:
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


# ------------------------------------------------------------------------------- what goes back to the LLM


def truncation_feedback(reply: LLMReply, max_output_tokens: int | None) -> str:
    limit = f"the output-token limit ({max_output_tokens:,} tokens)" if max_output_tokens else "the output-token limit"
    used = f" after {reply.completion_tokens:,} tokens" if reply.completion_tokens else ""
    return (f"the previous reply was cut at {limit}{used} before the contract was complete (finish_reason=length); "
            "return a shorter complete contract: one JSON object, no prose or reasoning, only the templates and "
            "exports the rules require")


def declared_json(contract: Contract) -> dict[str, Any]:
    """The contract as the LLM wrote it: mechanical exports and ``origin`` fields dropped."""
    out = contract.to_json()
    out["exports"] = [{k: v for k, v in e.items() if k != "origin"} for e in out["exports"] if e.get("origin", "declared") == "declared"]
    return out


def clip_previous_reply(reply: str) -> str:
    return reply if len(reply) <= PREVIOUS_REPLY_CHARS else reply[:PREVIOUS_REPLY_CHARS] + "...[truncated]"
