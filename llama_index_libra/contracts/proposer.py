"""Schema-derived contract proposer: a ``tool_call_contract_v2`` from public metadata alone (no LLM).

``SchemaContractProposer(fixtures=...).propose(spec)`` follows the spirit of the Appendix A rules
(Figure 5 and the BFCL rules of Figure 7) with keyword heuristics over the parameter names, their
descriptions and JSON Schemas. Literals come only from the tool's own metadata or from the runtime's
declared fixtures, never from benchmark tasks, and no tool name is special-cased.

Per input, in this order (first rule that applies wins):

1. **Fixture** (runtime facts of the fresh state): a value under the tool's full name, its namespace
   (then parent namespaces), the ``"*"`` scope, or a global (non-mapping) top-level key, matched by
   exact, then normalized parameter name (``userName`` == ``user_name``), then, only for an input that
   would otherwise be an observation, its plural (``file_names`` for ``file_name``: seeded record
   names). A list fixture for a scalar parameter offers
   candidates (the first valid one is used); every value must validate against the parameter's schema.
   A required identity input supplied this way also keeps an observation variant template, so that
   providers of such values can still be tested (credentials excepted: rule 12).
2. **Enumerated** (``enum``/``const``, arrays of enums): literal. Scalars take the first value that
   does not undo the action (``engage`` not ``release``); arrays take the full allowed set (Fig. 7's
   effect-complete collection).
3. **Boolean**: literal. An optional flag with a boolean default takes the other value (it exercises
   the flag); otherwise ``True`` unless the name undoes the tool's action (``unlock`` for ``lockDoors``,
   ``deactivate``, ``disable``, ...), which takes ``False`` (Fig. 7: perform, do not undo).
4. **Long payload** (sequence, document, blob, encoded value, SMILES ...): observation (Fig. 6).
5. **Identifier / credential** (``*_id``, token, key, code, handle, reference, symbol, password,
   secret; descriptions saying "ID of", "identifier", "zip code", "obtained from", "uniquely identifies"):
   observation (rules 4, 6, 9, 11, 12), unless the description says the value is *new*.
6. **Search criteria** (keyword, query, pattern, "search for", "filter by"): literal (rule 10).
7. **New value** (the description says "new"/"newly"): literal; name-like inputs get a fresh name such
   as ``new_file.txt`` or ``new_dir`` (touch, mkdir, new password).
8. **Name of an existing item** (file/folder/directory/path/user/account/contact names, "name of the
   file", "file or directory"): observation in the primary template (cat, cd, tail, get_user_id), and
   *ambiguous*: when the tool creates something (create/add/register/post/write/touch/mkdir ...) or the
   input is a destination/target (cp/mv destination), an extra template makes it a fresh-name literal.
   An optional one with a real documented default uses that default. Person-name attributes
   (first/last/cardholder name) are constructible.
9. Otherwise **constructible**: a literal from, in order, the documented default (placeholders such as
   ``"None"`` or ``""`` skipped), ``examples``, examples and option lists in the description ("e.g.,
   'Technology'", "options: a, b", "(Buy/Sell)"), then the type: ``format`` (date, date-time, email
   ...), ``pattern`` (common date/time layouts, else a sampled match), strings as a short phrase from
   the parameter name, numbers within bounds (``10`` clipped to the range and snapped to
   ``multipleOf``; a bounded degree such as 0..1 of a state-changing tool takes its maximum, the
   completing boundary), short arrays, and objects from their required (else first) properties.
   A literal that does not validate against the parameter's schema is never emitted: the input
   becomes an observation instead.

Templates (at most three, all ``expected: success``, in this order, duplicates dropped): ``t0`` fills
required inputs and omits optional ones; the next supplies every optional input (literal or observation,
rules 15-16); then the observation variant of fixture-supplied identity inputs; then the ambiguous names
of a creating tool (or destination inputs) as fresh literals, so that it can succeed from a fresh state. Outcome schemas: status ``success`` vs ``rejected``/``error``. Mechanical exports
(:func:`~llama_index_libra.contracts.model.mechanical_exports`) are added.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping

from jsonschema import Draft202012Validator

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.model import (
    DEFAULT_FAILURE_SCHEMA,
    DEFAULT_SUCCESS_SCHEMA,
    ArgumentSpec,
    CallTemplate,
    Contract,
    name_tokens,
    strip_annotations,
)
from llama_index_libra.schemas.patterns import fullmatch as _bounded_fullmatch, sample_pattern
from llama_index_libra.schemas.validate import FORMAT_CHECKER, safe_validator

__all__ = [
    "SchemaContractProposer",
    "IDENTIFIER_TOKENS",
    "CREDENTIAL_TOKENS",
    "EXISTING_NAME_TOKENS",
    "CRITERIA_TOKENS",
    "CONTENT_TOKENS",
    "LONG_PAYLOAD_TOKENS",
    "CREATE_VERBS",
    "STATE_CHANGING_VERBS",
    "READ_VERBS",
    "UNDO_TOKENS",
    "DEGREE_TOKENS",
    "QUANTITY_TOKENS",
    "PAST_DATE_TOKENS",
]

# ----------------------------------------------------------------------------- keyword lists

# Tokens of a parameter name that mark an exact runtime identifier (rule 6, 11).
IDENTIFIER_TOKENS = frozenset(
    {
        "id", "ids", "uuid", "uuids", "guid", "token", "tokens", "key", "keys", "handle", "handles", "ref",
        "refs", "reference", "references", "hash", "session", "code", "codes", "symbol", "symbols",
        "zipcode", "zipcodes", "receiver", "recipient", "recipients", "sender", "apikey", "uid",
    }
)
# Secrets of an existing account (rule 12).
CREDENTIAL_TOKENS = frozenset(
    {"password", "passwd", "secret", "pin", "passcode", "passphrase", "credential", "credentials", "otp"}
)
# Numeric inputs named like these are quantities even when they mention ids or tokens (max_tokens).
QUANTITY_TOKENS = frozenset({"max", "min", "num", "count", "limit", "total", "amount", "size", "length", "number"})
# Names of existing items: observation unless new (rules 11, 13; ambiguous, see rule 8 above).
EXISTING_NAME_TOKENS = frozenset(
    {
        "name", "names", "username", "usernames", "user", "users", "file", "files", "filename", "filenames",
        "folder", "folders", "dir", "dirs", "directory", "directories", "path", "paths", "account",
        "accounts", "contact", "contacts", "member", "members", "owner", "email", "emails",
    }
)
# Person-name attributes are chosen by the caller (rule 10).
PERSON_NAME_TOKENS = frozenset({"first", "last", "full", "middle", "given", "family", "holder", "cardholder", "display", "nick", "nickname"})
# Inputs that locate an existing item stay observations in the creation template.
SOURCE_TOKENS = frozenset({"source", "src", "from", "old", "existing", "original", "current"})
TARGET_TOKENS = frozenset({"destination", "dest", "target", "new"})
CRITERIA_TOKENS = frozenset({"keyword", "keywords", "query", "queries", "pattern", "search", "filter", "term", "terms", "regex"})
CONTENT_TOKENS = frozenset(
    {
        "content", "contents", "message", "messages", "body", "text", "comment", "comments", "description",
        "note", "notes", "resolution", "reason", "title", "summary", "caption", "bio", "subject", "log",
        "question", "answer", "feedback", "review",
    }
)
LONG_PAYLOAD_TOKENS = frozenset(
    {"sequence", "sequences", "seq", "document", "blob", "base64", "encoded", "payload", "smiles", "inchi",
     "inchikey", "selfies", "fasta", "pdb", "xml", "html", "csv", "bytes", "binary", "image"}
)
# Verbs of tools that bring a new item into existence (writing *to* a named item does not).
CREATE_VERBS = frozenset(
    {"create", "add", "register", "new", "make", "post", "insert", "touch", "mkdir", "upload", "generate",
     "compose", "save", "store", "signup", "book", "publish", "invite"}
)
STATE_CHANGING_VERBS = CREATE_VERBS | frozenset(
    {"write", "echo", "append", "put",
        "set", "update", "edit", "modify", "change", "adjust", "activate", "deactivate", "enable", "disable",
        "start", "stop", "lock", "unlock", "press", "release", "fill", "turn", "toggle", "switch", "send",
        "cancel", "purchase", "buy", "sell", "place", "fund", "withdraw", "deposit", "transfer", "pay", "move",
        "copy", "rename", "delete", "remove", "close", "resolve", "follow", "unfollow", "comment", "mention",
        "retweet", "like", "share", "reset", "mark", "assign", "approve", "reject", "submit", "login", "logout",
        "authenticate", "apply", "schedule", "open", "engage", "lower", "raise", "increase", "decrease", "block",
        "archive", "restore", "install", "run", "execute", "launch", "park", "navigate", "mv", "cp", "rm",
        "rmdir", "cd", "clear", "drop", "grant", "revoke", "charge", "refund", "reserve", "order",
    }
)
# Leading name tokens that mark a read/query tool (its summary verb is then not consulted).
READ_VERBS = frozenset(
    {"get", "list", "display", "show", "view", "find", "search", "check", "estimate", "compute", "calculate",
     "convert", "count", "retrieve", "read", "fetch", "lookup", "query", "describe", "verify", "validate",
     "is", "has", "can", "filter", "sort", "compare", "diff", "cat", "tail", "head", "ls", "pwd", "du", "wc",
     "grep", "stat", "info", "status"}
)
UNDO_TOKENS = frozenset(
    {"undo", "revert", "reverse", "disable", "disabled", "deactivate", "disengage", "release", "unset", "off",
     "stop", "stopped", "cancel", "skip", "dry", "exclude", "ignore", "hide", "none", "false", "no", "inactive"}
)
DEGREE_TOKENS = frozenset(
    {"position", "level", "percent", "percentage", "degree", "intensity", "volume", "brightness", "strength",
     "ratio", "fraction", "opacity"}
)
_NEGATION_PREFIXES = ("un", "de", "dis")
_PLACEHOLDER_DEFAULTS = (None, "", "None", "none", "null", "NULL", "nil", "N/A")

_NEW_RE = re.compile(r"\b(new|newly)\b", re.IGNORECASE)
_IDENTIFIER_DESC_RE = re.compile(
    r"\b(ids?|identifiers?|uuid|tokens?|handles?|references?|zip ?codes?|postal codes?|code of|"
    r"symbols?|uniquely identif\w*|obtained from|returned by|issued by|issued to)\b",
    re.IGNORECASE,
)
_CREDENTIAL_DESC_RE = re.compile(r"\b(password|passcode|secret|credentials?)\b", re.IGNORECASE)
_CRITERIA_DESC_RE = re.compile(r"\b(search(?:ing)? for|filter(?:ing)? by|to filter|keyword|query string|to match)\b", re.IGNORECASE)
_EXISTING_DESC_RE = re.compile(
    r"\b(?:name|path)s? of (?:the |a |an )?(?:\w+ ){0,2}?(?:file|folder|directory|dir|user|account|contact|record|"
    r"item|recipient|receiver)s?\b|\bfile or (?:directory|folder)\b|\b(?:directory|folder) path\b|\buser ?names?\b",
    re.IGNORECASE,
)
_LONG_DESC_RE = re.compile(
    r"\b(sequence|encoded|base64|blob|serialized|document|payload|smiles|inchi|selfies|fasta|file content)\b",
    re.IGNORECASE,
)
_QUOTED_EXAMPLE_RE = re.compile(
    r"(?:e\.g\.|eg\.|for example|for instance|such as|example:?)\s*,?\s*:?\s*(['\"`])(.+?)\1", re.IGNORECASE
)
_BARE_EXAMPLE_RE = re.compile(r"\((?:e\.g\.|eg\.|for example|for instance)\s*,?\s*:?\s*([^)]+)\)", re.IGNORECASE)
_OPTIONS_RE = re.compile(
    r"\b(?:options|choices|values|modes)\s*(?:are|include|:)\s*:?\s*((?:['\"]?[\w\-]+['\"]?)(?:\s*(?:,|\bor\b)\s*['\"]?[\w\-]+['\"]?)+)",
    re.IGNORECASE,
)
_SLASH_OPTIONS_RE = re.compile(r"\(([A-Za-z0-9_\-]+(?:/[A-Za-z0-9_\-]+)+)\)")
_MODE_OPTIONS_RE = re.compile(r"['\"]([^'\"]{1,16})['\"]\s+for\b")
_PREFIX_RE = re.compile(r"\bstarts? with\s+(?:an?\s+)?['\"`]?([#@$%&*+~!^:.\-/])", re.IGNORECASE)
_SUMMARY_RE = re.compile(r"\bdescription\s*:\s*", re.IGNORECASE)

# Dates of birth and other past events take a past date.
PAST_DATE_TOKENS = frozenset({"birth", "dob", "born", "birthday", "birthdate"})
_SAMPLE_DATE = "2025-06-15"
_PAST_DATE = "1990-01-15"
_FORMAT_SAMPLES: dict[str, str] = {
    "date": _SAMPLE_DATE,
    "date-time": _SAMPLE_DATE + "T12:00:00Z",
    "time": "12:00:00Z",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "uri": "https://example.com",
    "iri": "https://example.com",
    "uri-reference": "https://example.com",
    "url": "https://example.com",
    "hostname": "example.com",
    "idn-hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "uuid": "123e4567-e89b-12d3-a456-426614174000",
    "duration": "P1D",
}
# Values tried (fully matched) against a pattern before sampling it: common date/time layouts.
_LAYOUT_SAMPLES = (
    "2025-06-15", "2025-06-15 12:00:00", "2025-06-15T12:00:00", "12/2030", "12/12/2030", "12:00:00",
    "10:30 AM", "10:30AM", "12:00",
)


# ----------------------------------------------------------------------------- decisions


@dataclass(frozen=True)
class _Decision:
    """How one input is filled: its primary argument and, when ambiguous, a fresh-name literal."""

    primary: ArgumentSpec
    fresh: ArgumentSpec | None = None  # literal for the creation template (ambiguous names only)
    rule: str = ""


class SchemaContractProposer:
    """Builds a contract per tool from its public metadata and the runtime's declared fixtures.

    ``fixtures`` maps scopes to facts of the fresh runtime state, e.g.
    ``{"TwitterAPI": {"username": "john", "password": "john123"}, "*": {...}, "user_id": "USR001"}``:
    a mapping under the tool's full name or namespace is a scope; ``"*"`` and non-mapping top-level
    entries are global.
    """

    def __init__(self, *, fixtures: Mapping[str, Any] | None = None, max_templates: int = 3) -> None:
        if max_templates < 1:
            raise ValueError("max_templates must be at least 1")
        self.fixtures: Mapping[str, Any] = dict(fixtures or {})
        self.max_templates = max_templates

    # ---- public

    def propose(self, spec: ToolSpec) -> Contract:
        """A validated contract for ``spec`` with mechanical exports."""
        props: Mapping[str, Any] = (spec.parameters or {}).get("properties") or {}
        required = set(spec.required_inputs)
        context = _ToolContext.of(spec)
        decisions = {name: self._decide(spec, context, name, schema, name in required) for name, schema in props.items()}

        _distinct_enum_literals(decisions, props, context)
        primary = {n: (d.primary if n in required else ArgumentSpec.omitted()) for n, d in decisions.items()}
        variants: list[dict[str, ArgumentSpec]] = [primary]
        optional = [n for n in props if n not in required]
        if optional:
            variants.append({n: d.primary for n, d in decisions.items()})
        # Identity inputs a fixture supplied also get an observation variant, so that a provider of
        # the same kind of value (mkdir -> cd, login -> token use) can still be tested against it.
        supplied = [
            n for n, d in decisions.items()
            if d.rule == "fixture" and n in required and self._observed_without_fixture(spec, context, n, props[n])
        ]
        if supplied:
            variants.append({**primary, **{n: self._decide(spec, context, n, props[n], True, use_fixtures=False).primary for n in supplied}})
        fresh_names = [n for n, d in decisions.items() if d.fresh is not None]
        if fresh_names:
            base = dict(variants[-1])
            for n in fresh_names:
                base[n] = decisions[n].fresh  # type: ignore[assignment]
            variants.append(base)

        templates: list[CallTemplate] = []
        seen: list[dict[str, ArgumentSpec]] = []
        for args in variants:
            if args in seen or len(templates) >= self.max_templates:
                continue
            seen.append(args)
            templates.append(CallTemplate(id=f"t{len(templates)}", expected="success", arguments=dict(args)))
        contract = Contract(
            tool=spec.name,
            templates=tuple(templates),
            exports=(),
            success=copy.deepcopy(DEFAULT_SUCCESS_SCHEMA),
            failure=copy.deepcopy(DEFAULT_FAILURE_SCHEMA),
        ).with_mechanical_exports(spec)
        contract.validate(spec)
        return contract

    def propose_all(self, specs: Iterable[ToolSpec]) -> dict[str, Contract]:
        """One contract per tool, keyed by tool name, in catalog order."""
        return {spec.name: self.propose(spec) for spec in specs}

    def explain(self, spec: ToolSpec) -> dict[str, str]:
        """The rule that decided each input (for reports and debugging)."""
        props: Mapping[str, Any] = (spec.parameters or {}).get("properties") or {}
        required = set(spec.required_inputs)
        context = _ToolContext.of(spec)
        return {n: self._decide(spec, context, n, s, n in required).rule for n, s in props.items()}

    def _observed_without_fixture(self, spec: ToolSpec, ctx: "_ToolContext", name: str, schema: Any) -> bool:
        """Whether ``name`` would be an observation without fixtures (credentials excluded, rule 12)."""
        node = schema if isinstance(schema, Mapping) else {}
        if set(name_tokens(name)) & CREDENTIAL_TOKENS or _CREDENTIAL_DESC_RE.search(str(node.get("description") or "")):
            return False
        return self._decide(spec, ctx, name, schema, True, use_fixtures=False).primary.kind == "observation"

    # ---- fixtures

    def _fixture_scopes(self, spec: ToolSpec) -> list[Mapping[str, Any]]:
        scopes: list[Mapping[str, Any]] = []
        keys = [spec.name]
        ns = spec.namespace
        while ns:
            keys.append(ns)
            ns = ns.rsplit(".", 1)[0] if "." in ns else None
        for key in keys + ["*"]:
            scope = self.fixtures.get(key)
            if isinstance(scope, Mapping):
                scopes.append(scope)
        scopes.append({k: v for k, v in self.fixtures.items() if not isinstance(v, Mapping)})
        return scopes

    def _fixture_value(
        self, spec: ToolSpec, name: str, validator: Draft202012Validator, json_type: str | None, *, collections: bool
    ) -> tuple[bool, Any]:
        """A fixture value for input ``name``: same name first, then (``collections``) its plural."""
        norm = _normalized(name)
        plurals = (norm + "s", norm + "es")
        for scope in self._fixture_scopes(spec):
            same = [scope[name]] if name in scope else []
            same += [v for k, v in scope.items() if k != name and _normalized(str(k)) == norm]
            plural = [v for k, v in scope.items() if _normalized(str(k)) in plurals] if collections else []
            for value in same + plural:
                if isinstance(value, Mapping):
                    candidates = [value] if json_type == "object" else []
                elif isinstance(value, list) and json_type != "array":
                    candidates = list(value)  # a collection of seeded values: the first valid one
                else:
                    candidates = [value]
                for candidate in candidates:
                    if validator.is_valid(candidate):
                        return True, copy.deepcopy(candidate)
        return False, None

    # ---- per-input decision

    def _decide(
        self, spec: ToolSpec, ctx: "_ToolContext", name: str, schema: Any, required: bool, *, use_fixtures: bool = True
    ) -> _Decision:
        schema = schema if isinstance(schema, (Mapping, bool)) else {}
        validator = safe_validator(schema, format_checker=FORMAT_CHECKER)
        node: Mapping[str, Any] = schema if isinstance(schema, Mapping) else {}
        json_type = _type_of(node)
        desc = str(node.get("description") or "")
        tokens = set(name_tokens(name))
        observation = ArgumentSpec.obs(strip_annotations(schema) if isinstance(schema, Mapping) else schema)

        def literal(values: Iterable[Any], rule: str) -> _Decision | None:
            for value in values:
                if validator.is_valid(value):
                    return _Decision(ArgumentSpec.lit(copy.deepcopy(value)), rule=rule)
            return None

        if use_fixtures:
            # Same-name fixtures fill any input; collections of seeded values (``file_names``) stand in
            # only for inputs that would otherwise be observations. A creating tool keeps its fresh-name
            # variant, since a seeded name may already be taken.
            without = self._decide(spec, ctx, name, schema, required, use_fixtures=False)
            collections = without.primary.kind == "observation"
            found, value = self._fixture_value(spec, name, validator, json_type, collections=collections)
            if found:
                return _Decision(ArgumentSpec.lit(value), fresh=without.fresh, rule="fixture")
            return without

        if "const" in node or "enum" in node:
            values = [node["const"]] if "const" in node else _prefer_doing(list(node.get("enum") or []), ctx)
            decision = literal(values, "enum")
            if decision:
                return decision
        items = node.get("items") if isinstance(node.get("items"), Mapping) else None
        if json_type == "array" and items and "enum" in items:
            full = list(items["enum"])
            if isinstance(node.get("maxItems"), int):
                full = full[: node["maxItems"]]
            decision = literal([full, full[:1]], "enum set")
            if decision:
                return decision
        if json_type == "boolean":
            decision = literal([_boolean_value(name, node, ctx, required)], "boolean")
            if decision:
                return decision

        new_value = bool(_NEW_RE.search(desc)) or "new" in tokens
        if tokens & LONG_PAYLOAD_TOKENS or _LONG_DESC_RE.search(desc):
            return _Decision(observation, rule="long payload")
        quantity = json_type in ("integer", "number") and bool(tokens & QUANTITY_TOKENS)
        if not new_value and not quantity and (
            tokens & (IDENTIFIER_TOKENS | CREDENTIAL_TOKENS) or _IDENTIFIER_DESC_RE.search(desc) or _CREDENTIAL_DESC_RE.search(desc)
        ):
            return _Decision(observation, rule="identifier")

        criteria = bool(tokens & CRITERIA_TOKENS or _CRITERIA_DESC_RE.search(desc))
        existing_name = bool(tokens & EXISTING_NAME_TOKENS or _EXISTING_DESC_RE.search(desc)) and not (
            tokens & PERSON_NAME_TOKENS and not tokens & (EXISTING_NAME_TOKENS - {"name", "names"})
        )
        name_like = existing_name or bool(tokens & TARGET_TOKENS and json_type in (None, "string"))
        constructed = lambda: _constructible_values(name, node, ctx, fresh_name=new_value and name_like)  # noqa: E731

        if criteria:
            decision = literal(constructed(), "search criteria")
            return decision or _Decision(observation, rule="search criteria (no valid literal)")
        if new_value:
            decision = literal(constructed(), "new value")
            return decision or _Decision(observation, rule="new value (no valid literal)")
        if existing_name:
            default = node.get("default")
            if not required and default not in _PLACEHOLDER_DEFAULTS and validator.is_valid(default):
                return _Decision(ArgumentSpec.lit(copy.deepcopy(default)), rule="existing name (documented default)")
            fresh = None
            if (ctx.creates and not tokens & SOURCE_TOKENS) or tokens & TARGET_TOKENS:
                fresh_decision = literal(_constructible_values(name, node, ctx, fresh_name=True), "fresh name")
                fresh = fresh_decision.primary if fresh_decision else None
            return _Decision(observation, fresh=fresh, rule="existing name" + (" (fresh-name template)" if fresh else ""))
        decision = literal(constructed(), "constructible")
        return decision or _Decision(observation, rule="constructible (no valid literal)")


# ----------------------------------------------------------------------------- tool context


@dataclass(frozen=True)
class _ToolContext:
    """What the tool does, from its short name and the first sentence of its own description."""

    verb: str
    tokens: frozenset[str]
    creates: bool
    changes_state: bool
    description: str = ""

    @classmethod
    def of(cls, spec: ToolSpec) -> "_ToolContext":
        name_toks = name_tokens(spec.short_name)
        summary = _summary(spec.description)
        words = re.findall(r"[A-Za-z]+", summary)
        if name_toks and (name_toks[0] in STATE_CHANGING_VERBS or name_toks[0] in READ_VERBS or not words):
            verb = name_toks[0]
        else:
            verb = _stem_verb(words[0].lower()) if words else ""
        tokens = frozenset(name_toks) | {verb}
        return cls(verb=verb, tokens=tokens, creates=verb in CREATE_VERBS, changes_state=verb in STATE_CHANGING_VERBS,
                   description=str(spec.description or ""))


def _summary(description: str) -> str:
    """The tool's own sentence: text after the last ``description:`` label, else the first sentence."""
    parts = _SUMMARY_RE.split(description)
    text = parts[-1] if len(parts) > 1 else description
    first = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]
    return first


def _stem_verb(word: str) -> str:
    for candidate in (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else ""):
        if candidate and candidate in STATE_CHANGING_VERBS:
            return candidate
    return word


def _undoes(token: str, ctx: _ToolContext) -> bool:
    """Whether a name token reverses the tool's action (``unlock`` for a lock tool, ``off``)."""
    if token in ctx.tokens:
        return False
    if token in UNDO_TOKENS:
        return True
    for prefix in _NEGATION_PREFIXES:
        if token.startswith(prefix) and token[len(prefix):] in ctx.tokens:
            return True
    return False


def _prefer_doing(values: list[Any], ctx: _ToolContext) -> list[Any]:
    """Enum values with those that perform the action first (Fig. 7: not a no-op or opposite)."""
    doing = [v for v in values if not (isinstance(v, str) and any(_undoes(t, ctx) for t in name_tokens(v)))]
    return doing + [v for v in values if v not in doing]


def _distinct_enum_literals(decisions: dict[str, _Decision], props: Mapping[str, Any], ctx: _ToolContext) -> None:
    """Inputs sharing one enumeration (base/target currency, from/to unit) take distinct values:
    a conversion or transfer between equal values is a no-op (in place)."""
    used: dict[str, list[Any]] = {}
    for name, decision in decisions.items():
        node = props.get(name)
        if decision.rule != "enum" or not isinstance(node, Mapping) or not isinstance(node.get("enum"), list):
            continue
        key = repr(node["enum"])
        taken = used.setdefault(key, [])
        if decision.primary.value in taken:
            free = [v for v in _prefer_doing(list(node["enum"]), ctx) if v not in taken]
            if free:
                decisions[name] = _Decision(ArgumentSpec.lit(copy.deepcopy(free[0])), rule="enum")
        taken.append(decisions[name].primary.value)


def _boolean_value(name: str, node: Mapping[str, Any], ctx: _ToolContext, required: bool) -> bool:
    default = node.get("default")
    if not required and isinstance(default, bool):
        return not default
    return not any(_undoes(t, ctx) for t in name_tokens(name))


# ----------------------------------------------------------------------------- literal construction


def _type_of(node: Mapping[str, Any]) -> str | None:
    t = node.get("type")
    if isinstance(t, str):
        return t
    if isinstance(t, list):
        non_null = [x for x in t if x != "null"]
        return non_null[0] if non_null else None
    for key in ("anyOf", "oneOf"):
        branches = node.get(key)
        if isinstance(branches, list):
            for b in branches:
                if isinstance(b, Mapping) and _type_of(b) not in (None, "null"):
                    return _type_of(b)
    if "properties" in node:
        return "object"
    return None


def _normalized(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _constructible_values(name: str, node: Mapping[str, Any], ctx: _ToolContext, *, fresh_name: bool) -> Iterator[Any]:
    """Candidate literals for a constructible input, best first (each is validated by the caller)."""
    json_type = _type_of(node)
    desc = str(node.get("description") or "")
    if fresh_name and json_type in (None, "string"):
        yield _fresh_name(name, desc)
    if json_type in ("number", "integer") and _is_degree(name, node) and ctx.changes_state:
        yield node["maximum"]
    default = node.get("default")
    if default not in _PLACEHOLDER_DEFAULTS and default != [] and default != {}:
        yield default
    for example in node.get("examples") or []:
        yield example
    if json_type in (None, "string"):
        yield from _description_examples(desc)
        yield from _tool_description_examples(name, ctx.description)
    yield from _typed_values(name, node, ctx, depth=0)


def _fresh_name(name: str, desc: str) -> str:
    """A new item name (``new_file.txt``, ``new_dir``), short and on one line."""
    stem = [t for t in name_tokens(name) if t not in ("name", "names", "new", "to", "of")]
    fileish = {"file", "files", "filename"} & set(stem) or (re.search(r"\bfile\b", desc, re.IGNORECASE) and not stem)
    label = "_".join(stem) or ("file" if fileish else "item")
    return f"new_{label}.txt" if fileish else f"new_{label}"


def _is_degree(name: str, node: Mapping[str, Any]) -> bool:
    lo, hi = node.get("minimum"), node.get("maximum")
    if not isinstance(lo, (int, float)) or not isinstance(hi, (int, float)) or isinstance(lo, bool) or isinstance(hi, bool):
        return False
    return hi - lo <= 1 or bool(set(name_tokens(name)) & DEGREE_TOKENS)


def _description_examples(desc: str) -> Iterator[str]:
    for m in _QUOTED_EXAMPLE_RE.finditer(desc):
        yield m.group(2).strip()
    for m in _BARE_EXAMPLE_RE.finditer(desc):
        first = re.split(r",|\bor\b", m.group(1))[0].strip().strip("'\"`")
        if first:
            yield first
    for m in _OPTIONS_RE.finditer(desc):
        first = re.split(r",|\bor\b", m.group(1))[0].strip().strip("'\"`")
        if first:
            yield first
    for m in _SLASH_OPTIONS_RE.finditer(desc):
        yield m.group(1).split("/")[0]
    for m in _MODE_OPTIONS_RE.finditer(desc):
        yield m.group(1)


def _typed_values(name: str, node: Mapping[str, Any], ctx: _ToolContext, *, depth: int) -> Iterator[Any]:
    json_type = _type_of(node)
    if depth > 4:
        return
    if json_type in (None, "string"):
        yield from _string_values(name, node)
    elif json_type in ("number", "integer"):
        yield from _number_values(name, node, integer=json_type == "integer")
    elif json_type == "boolean":
        yield True
    elif json_type == "array":
        yield from _array_values(name, node, ctx, depth=depth)
    elif json_type == "object":
        yield from _object_values(node, ctx, depth=depth)
    elif json_type == "null":
        yield None


# Name tokens that say which well-known string format an input takes when its schema has no
# ``format`` (plain Python tools declare none): a URL, an email address, a calendar date, a colour.
NAME_FORMAT_TOKENS: dict[str, str] = {
    "url": "uri", "uri": "uri", "link": "uri", "endpoint": "uri", "homepage": "uri", "website": "uri", "webhook": "uri",
    "email": "email", "mail": "email",
    "date": "date", "due": "date", "deadline": "date", "day": "date",
}
_COLOR_TOKENS = frozenset({"color", "colour"})
_SAMPLE_COLOR = "#1f77b4"


def _tool_description_examples(name: str, description: str) -> Iterator[str]:
    """Examples the tool's own description gives right after the input's name:
    "Create a git tag (e.g. v1.0.0)" for ``tag``."""
    words = " ".join(name_tokens(name))
    if not words or len(description) > 4000:
        return
    pattern = re.compile(r"\b" + re.escape(words).replace("\\ ", "[ _]") + r"s?\b\s*\((?:e\.g\.|eg\.|for example|such as|like)\s*,?\s*:?\s*([^),]{1,60})",
                         re.IGNORECASE)
    for m in pattern.finditer(description):
        value = m.group(1).strip().strip("'\"`")
        if value:
            yield value


def _string_values(name: str, node: Mapping[str, Any]) -> Iterator[str]:
    fmt = node.get("format")
    tokens = set(name_tokens(name))
    if not isinstance(fmt, str) and not isinstance(node.get("pattern"), str):
        fmt = next((NAME_FORMAT_TOKENS[t] for t in name_tokens(name) if t in NAME_FORMAT_TOKENS), None)
        if tokens & _COLOR_TOKENS:
            yield _SAMPLE_COLOR
    past = bool(set(name_tokens(name)) & PAST_DATE_TOKENS)
    if isinstance(fmt, str) and fmt in _FORMAT_SAMPLES:
        sample = _FORMAT_SAMPLES[fmt]
        yield sample.replace(_SAMPLE_DATE, _PAST_DATE) if past else sample
    pattern = node.get("pattern")
    if isinstance(pattern, str):
        body = pattern.removeprefix("^").removesuffix("$")
        for sample in _LAYOUT_SAMPLES + ((_PAST_DATE,) if past else ()):
            try:
                if _bounded_fullmatch(body, sample):
                    yield sample
            except re.error:
                break
        sampled = sample_pattern(pattern)  # bounded length and match time (schemas/patterns.py)
        if sampled is not None:
            yield sampled
    tokens = name_tokens(name) or ["value"]
    word = " ".join(tokens) if set(tokens) & CONTENT_TOKENS else "_".join(tokens)
    desc = str(node.get("description") or "")
    prefix = _PREFIX_RE.search(desc)
    if prefix and not word.startswith(prefix.group(1)):
        word = prefix.group(1) + word
    min_len, max_len = node.get("minLength"), node.get("maxLength")
    if isinstance(min_len, int) and len(word) < min_len:
        word = word + "x" * (min_len - len(word))
    if isinstance(max_len, int) and len(word) > max_len:
        word = word[: max(max_len, 0)]
    yield word


def _number_values(name: str, node: Mapping[str, Any], *, integer: bool) -> Iterator[int | float]:
    step = node.get("multipleOf") if isinstance(node.get("multipleOf"), (int, float)) and node.get("multipleOf") > 0 else None
    lo = node.get("minimum")
    hi = node.get("maximum")
    if isinstance(node.get("exclusiveMinimum"), (int, float)):
        lo = node["exclusiveMinimum"] + (step or (1 if integer else 0.5))
    if isinstance(node.get("exclusiveMaximum"), (int, float)):
        hi = node["exclusiveMaximum"] - (step or (1 if integer else 0.5))
    target: float = 10
    if isinstance(lo, (int, float)) and target < lo:
        target = lo
    if isinstance(hi, (int, float)) and target > hi:
        target = hi
    if step:
        target = round(target / step) * step
    values = [target]
    if isinstance(lo, (int, float)):
        values.append(lo)
    if isinstance(hi, (int, float)):
        values.append(hi)
    for v in values:
        if integer:
            yield int(round(v))
        else:
            yield int(v) if float(v).is_integer() else round(float(v), 6)


def _array_values(name: str, node: Mapping[str, Any], ctx: _ToolContext, *, depth: int) -> Iterator[list[Any]]:
    items = node.get("items") if isinstance(node.get("items"), Mapping) else {}
    min_items = node.get("minItems") if isinstance(node.get("minItems"), int) else 0
    item_type = _type_of(items)
    singular = name[:-1] if name.endswith("s") and len(name) > 3 else name
    item_node = dict(items)
    if "description" not in item_node and node.get("description"):
        item_node["description"] = node["description"]
    firsts = list(_typed_values(singular, item_node, ctx, depth=depth + 1))
    if not firsts:
        return
    if item_type in ("number", "integer"):
        count = max(min_items, 3)
        yield [firsts[0] * (i + 1) if isinstance(firsts[0], (int, float)) and firsts[0] else i + 1 for i in range(count)]
    count = max(min_items, 1)
    if count == 1:
        yield [firsts[0]]
    elif isinstance(firsts[0], str):
        yield [f"{firsts[0]}{i + 1}" for i in range(count)]
    else:
        yield [firsts[0]] * count


def _object_values(node: Mapping[str, Any], ctx: _ToolContext, *, depth: int) -> Iterator[dict[str, Any]]:
    props = node.get("properties") if isinstance(node.get("properties"), Mapping) else {}
    required = [p for p in node.get("required") or [] if p in props]
    chosen = required or list(props)[:1]
    value: dict[str, Any] = {}
    for prop in chosen:
        sub = props[prop] if isinstance(props[prop], Mapping) else {}
        sub_tokens = set(name_tokens(prop))
        if sub_tokens & (IDENTIFIER_TOKENS | CREDENTIAL_TOKENS):
            return  # an exact runtime value is needed: not constructible
        sub_validator = safe_validator(sub, format_checker=FORMAT_CHECKER)
        candidates = []
        if "enum" in sub:
            candidates += _prefer_doing(list(sub["enum"]), ctx)
        candidates += list(_constructible_values(prop, sub, ctx, fresh_name=False))
        pick = next((c for c in candidates if sub_validator.is_valid(c)), _MISSING)
        if pick is _MISSING:
            return
        value[prop] = pick
    yield value


_MISSING = object()
