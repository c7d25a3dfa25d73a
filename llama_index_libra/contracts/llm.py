"""LLM-written executable contracts with same-tool feedback revision (LIBRA section 3.1, Appendix A).

:class:`LLMContractProposer` asks any LlamaIndex ``LLM`` for one ``tool_call_contract_v2`` per tool
with the Figure 4 prompt (:mod:`.prompts`), within a budget of three calls per tool shared by:

- **reply-format revisions**: a reply that is not one JSON object, or that fails
  :meth:`Contract.from_json` for the tool, is answered with its validation errors as feedback;
- **runtime revisions**: the induction engine calls :meth:`LLMContractProposer.revise` when an
  executed call's record matches neither outcome schema; the complete record goes back to the LLM
  under the Figure 8 feedback note.

A tool whose three calls all fail gets the schema-derived contract instead (recorded in
``fallbacks``); a bad reply never crashes a build. Every reply is cached on disk under a key over
the model, the prompt version and the full rendered prompt (tool metadata, revision number, feedback),
so a rebuild or a resumed build replays the same conversation without calling the LLM again. An
unreachable server raises :class:`LLMUnavailableError` after bounded retries; replies obtained before
stay in the cache.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Mapping

from jsonschema import Draft202012Validator

from llama_index_libra._io import atomic_write_json, canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.model import (
    ArgumentSpec,
    CallTemplate,
    Contract,
    ContractValidationError,
)
from llama_index_libra.contracts.prompts import (
    DEFAULT_PROMPT_VERSION,
    REGISTRY_KINDS,
    FeedbackKind,
    RenderedPrompt,
    load_prompt_set,
    render_contract_prompt,
)
from llama_index_libra.contracts.proposer import SchemaContractProposer
from llama_index_libra.contracts.safeschema import safe_validator
from llama_index_libra.records import InvocationRecord

__all__ = [
    "LLMContractProposer",
    "LLMUnavailableError",
    "ReplyParseError",
    "ReplyCache",
    "parse_json_reply",
]

log = logging.getLogger(__name__)

MAX_CALLS_PER_TOOL = 3  # one initial generation + at most two revisions (Appendix A)
_PREVIOUS_REPLY_CHARS = 4000


class ReplyParseError(ValueError):
    """An LLM reply that holds no usable JSON object; the message is feedback for the next call."""


class LLMUnavailableError(RuntimeError):
    """The LLM server kept failing after bounded retries."""


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
    saying what is wrong (empty reply, no object, the JSON error position) otherwise.
    """
    if not isinstance(text, str) or not text.strip():
        raise ReplyParseError("the reply is empty; return the complete contract as one JSON object")
    body = _strip_reasoning(text).strip()
    if not body:
        raise ReplyParseError("the reply holds only a <think> block; return the complete contract as one JSON object")
    try:
        whole = json.loads(body)
    except json.JSONDecodeError:
        pass
    else:
        if isinstance(whole, dict):
            return whole
        raise ReplyParseError(f"the reply is a JSON {_json_type(whole)}, not one JSON object; return the contract object itself")
    for match in _FENCE_RE.finditer(body):
        try:
            fenced = json.loads(match.group(1))
        except json.JSONDecodeError:
            continue
        if isinstance(fenced, dict):
            return fenced
    return _scan_objects(body)


def _scan_objects(body: str) -> dict[str, Any]:
    decoder = json.JSONDecoder()
    found: list[tuple[int, dict[str, Any]]] = []
    first_error: json.JSONDecodeError | None = None
    first_failed = False
    start = body.find("{")
    if start < 0:
        raise ReplyParseError("the reply contains no JSON object; return the complete contract as one JSON object, without prose")
    i = start
    while i >= 0:
        try:
            value, end = decoder.raw_decode(body, i)
        except json.JSONDecodeError as exc:
            if first_error is None:
                first_error = exc
                first_failed = i == start
            i = body.find("{", i + 1)
            continue
        if isinstance(value, dict):
            found.append((end - i, value))
        i = body.find("{", end)
    contracts = [(n, v) for n, v in found if any(k in v for k in _CONTRACT_KEYS)]
    if contracts:
        return max(contracts, key=lambda item: item[0])[1]
    if found and not first_failed:
        return max(found, key=lambda item: item[0])[1]
    assert first_error is not None
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


class ReplyCache:
    """LLM replies on disk, one JSON file per prompt key (``<dir>/<tool>/r<revision>-<key>.json``).

    Files are written atomically, so a crash leaves either the previous state or the complete reply.
    """

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)

    def path(self, tool: str, revision: int, key: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9_.-]", "_", tool) or "_"
        return self.directory / safe / f"r{revision}-{key[:32]}.json"

    def get(self, tool: str, revision: int, key: str) -> str | None:
        """The cached reply for ``key``, or None (also for an unreadable or mismatched file)."""
        path = self.path(tool, revision, key)
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("ignoring unreadable LLM cache file %s: %s", path, exc)
            return None
        if not isinstance(entry, dict) or entry.get("key") != key or not isinstance(entry.get("reply"), str):
            return None
        return entry["reply"]

    def put(self, tool: str, revision: int, key: str, reply: str, meta: Mapping[str, Any]) -> Path:
        return atomic_write_json(self.path(tool, revision, key), {**meta, "key": key, "reply": reply}, indent=1)

    def __len__(self) -> int:
        return sum(1 for _ in self.directory.glob("*/r*-*.json")) if self.directory.exists() else 0


# ------------------------------------------------------------------------------- proposer


class LLMContractProposer:
    """Contracts written by an LLM from the Figure 4 prompt, revised from same-tool feedback.

    Args:
        llm: any LlamaIndex ``LLM``; it is called as ``llm.chat([system, user])`` with no extra
            arguments, so set temperature 0 on the LLM itself (:func:`llama_index_libra.llms.make_llm`
            does).
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
        max_attempts, backoff_s: tries per call against a failing server and the first delay
            between them (doubled each time); ``sleep`` is injectable for tests.
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
    ) -> None:
        if registry not in REGISTRY_KINDS:
            raise ValueError(f"unknown registry {registry!r}; choose one of {', '.join(REGISTRY_KINDS)}")
        if not 1 <= max_calls <= MAX_CALLS_PER_TOOL:
            raise ValueError(f"max_calls must be between 1 and {MAX_CALLS_PER_TOOL}")
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.llm = llm
        self.registry = registry
        self.prompts = load_prompt_set(prompt_version)
        self.prompt_version = prompt_version
        self.cache = ReplyCache(cache_dir) if cache_dir is not None else None
        self.fixtures: dict[str, Any] = dict(fixtures or {})
        self.model_id = model_id or _model_name(llm)
        self.max_calls = max_calls
        self.max_attempts = max_attempts
        self.backoff_s = backoff_s
        self._sleep = sleep
        self._fallback = SchemaContractProposer(fixtures=self.fixtures)
        self.name = f"llm:{self.model_id}:{self.prompts.version}:{registry}"
        # statistics
        self.llm_calls = 0
        self.cache_hits = 0
        self.prompt_chars = 0
        self.calls_by_tool: dict[str, int] = {}
        self.revised_tools: set[str] = set()
        self.fallbacks: dict[str, str] = {}

    # ---- public API used by the induction engine

    def propose(self, spec: ToolSpec) -> Contract:
        """A validated contract for ``spec``: the LLM's, or the schema-derived one after three failed calls."""
        self.calls_by_tool[spec.name] = 0
        self.fallbacks.pop(spec.name, None)
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

        None when the tool's three-call budget is spent or no valid contract came back.
        """
        self.calls_by_tool.setdefault(spec.name, 1)  # a contract given from outside counts as generated
        if self.calls_by_tool[spec.name] >= self.max_calls:
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

    def stats(self) -> dict[str, Any]:
        """Run figures for a build report: calls, cache hits, revised and fallback tools."""
        return {
            "proposer": self.name,
            "llm_calls": self.llm_calls,
            "cache_hits": self.cache_hits,
            "prompt_chars": self.prompt_chars,
            "contracts_revised": self.llm_contracts_revised,
            "revised_tools": sorted(self.revised_tools),
            "fallbacks": dict(sorted(self.fallbacks.items())),
            "max_calls_per_tool": max(self.calls_by_tool.values(), default=0),
        }

    def render(self, spec: ToolSpec, *, revision: int = 0, previous: Any = None,
               feedback: Mapping[str, Any] | None = None, feedback_kind: FeedbackKind = "runtime") -> RenderedPrompt:
        """The prompt this proposer sends for ``spec`` (for inspection and cost estimates)."""
        return render_contract_prompt(spec, kind=self.registry, revision=revision, previous_contract=previous,
                                      feedback=feedback, feedback_kind=feedback_kind, version=self.prompt_version)

    # ---- conversation

    def _converse(self, spec: ToolSpec, *, previous: Any, feedback: Mapping[str, Any] | None,
                  feedback_kind: FeedbackKind) -> tuple[Contract | None, str]:
        """Call the LLM until a reply validates or the tool's budget is spent; returns (contract, last error)."""
        error = ""
        runtime_result = feedback.get("invocation_result") if feedback is not None else None
        while self.calls_by_tool[spec.name] < self.max_calls:
            prompt = self.render(spec, revision=self.calls_by_tool[spec.name], previous=previous,
                                 feedback=feedback, feedback_kind=feedback_kind)
            reply = self._ask(spec, prompt, feedback_kind if feedback is not None else None)
            obj: dict[str, Any] | None = None
            try:
                obj = _normalize_reply(parse_json_reply(reply), spec)
                contract = Contract.from_json(obj, spec=spec)
            except ReplyParseError as exc:
                problems = [str(exc)]
            except ContractValidationError as exc:
                problems = list(exc.problems)
            else:
                return self._with_fixture_variants(contract, spec), ""
            error = "\n".join(problems)
            log.info("%s: reply %d rejected: %s", spec.name, self.calls_by_tool[spec.name], problems[0])
            previous = obj if obj is not None else _clip(reply)
            feedback = {"trigger": self.prompts.feedback["validation_trigger"], "validation_errors": problems}
            if runtime_result is not None:
                feedback["invocation_result"] = runtime_result
            feedback_kind = "validation"
        return None, error

    def _ask(self, spec: ToolSpec, prompt: RenderedPrompt, feedback_kind: str | None) -> str:
        """One budgeted call: the cached reply for this exact prompt, else the LLM's (then cached)."""
        self.calls_by_tool[spec.name] += 1
        key = hashlib.sha256(
            canonical_json({"model": self.model_id, "prompt_version": prompt.version, "kind": prompt.kind,
                            "tool": spec.name, "revision": prompt.revision, "system": prompt.system,
                            "user": prompt.user}).encode("utf-8")
        ).hexdigest()
        if self.cache is not None:
            cached = self.cache.get(spec.name, prompt.revision, key)
            if cached is not None:
                self.cache_hits += 1
                return cached
        reply = self._chat(prompt)
        self.llm_calls += 1
        self.prompt_chars += prompt.chars
        if self.cache is not None:
            self.cache.put(spec.name, prompt.revision, key, reply, {
                "model": self.model_id, "prompt_version": prompt.version, "kind": prompt.kind, "tool": spec.name,
                "revision": prompt.revision, "feedback": feedback_kind, "prompt_chars": prompt.chars,
            })
        return reply

    def _chat(self, prompt: RenderedPrompt) -> str:
        """``llm.chat`` with bounded retries and exponential backoff; LLMUnavailableError at the end."""
        from llama_index.core.llms import ChatMessage, MessageRole

        messages = [ChatMessage(role=MessageRole.SYSTEM, content=prompt.system),
                    ChatMessage(role=MessageRole.USER, content=prompt.user)]
        last: Exception | None = None
        for attempt in range(self.max_attempts):
            if attempt:
                self._sleep(self.backoff_s * 2 ** (attempt - 1))
            try:
                response = self.llm.chat(messages)
            except Exception as exc:  # any client/transport failure is retried, then reported
                last = exc
                log.warning("LLM %s at %s failed (attempt %d/%d): %r", self.model_id, _endpoint(self.llm),
                            attempt + 1, self.max_attempts, exc)
                continue
            content = getattr(getattr(response, "message", None), "content", None)
            return content if isinstance(content, str) else ""
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
