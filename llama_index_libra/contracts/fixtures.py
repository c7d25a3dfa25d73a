"""Where a contract proposer looks for a fixture (a public fact of the runtime's fresh state) for an input.

Fixtures map scopes to facts: a mapping under a tool's full name or one of its namespaces is that
tool's scope, ``"*"`` is global, and so is every non-mapping top-level entry. Both proposers, the
schema-derived and the LLM one, read them in the same order and match input names the same way.
"""

from __future__ import annotations

import copy
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Mapping

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.parts import ArgumentSpec, CallTemplate, name_tokens
from llama_index_libra.contracts.vocabulary import CREDENTIAL_TOKENS
from llama_index_libra.schemas.validate import safe_validator

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.contracts.model import Contract

__all__ = ["fixture_scopes", "handed_record", "normalized_name", "fixture_value", "with_fixture_variants"]


def fixture_scopes(fixtures: Mapping[str, Any], spec: ToolSpec) -> list[Mapping[str, Any]]:
    """The scopes that apply to ``spec``, most specific first: its full name, its namespaces (inner
    first), the record handed for it (:func:`handed_record`), ``"*"``, then the global (non-mapping) entries."""
    scopes: list[Mapping[str, Any]] = []
    keys = [spec.name]
    ns = spec.namespace
    while ns:
        keys.append(ns)
        ns = ns.rsplit(".", 1)[0] if "." in ns else None
    for key in keys:
        scope = fixtures.get(key)
        if isinstance(scope, Mapping):
            scopes.append(scope)
    record = handed_record(fixtures, spec)
    if record:
        scopes.append(record)
    scope = fixtures.get("*")
    if isinstance(scope, Mapping):
        scopes.append(scope)
    scopes.append({k: v for k, v in fixtures.items() if not isinstance(v, Mapping)})
    return scopes


# keys of a handed record that sign someone in: a person's credentials are chosen among peers, never fixed
_SIGN_IN_TOKENS = CREDENTIAL_TOKENS | {"username", "login", "user", "token"}


def handed_record(fixtures: Mapping[str, Any], spec: ToolSpec) -> dict[str, Any]:
    """The one handed record made for ``spec``: a mapping of the fixtures (not a member of a list, which
    holds peers to choose among) whose scalar fields name at least two of the tool's required inputs
    and at least half of those that are no credential (a new pupil's details for ``enrol_pupil``).
    Its fields the tool takes, credentials left out; the record naming the most inputs, first found
    on ties; empty when none does. A tester handed the details to use them together."""
    wanted = {normalized_name(n) for n in spec.required_inputs if not set(name_tokens(n)) & _SIGN_IN_TOKENS}
    if len(wanted) < 2:
        return {}
    tool_words = _words(spec.name)
    best: dict[str, Any] = {}

    def walk(obj: Mapping[str, Any], depth: int, key: str) -> None:
        nonlocal best
        # a field that only says it is the record's own name or type (``name``) is this tool's only
        # when the record is of the kind the tool is about (``new_practice`` for ``register_practice``,
        # not the practice's name for ``add_dentist``)
        own = bool(_words(key) & tool_words)
        fields = {k: v for k, v in obj.items() if isinstance(k, str) and normalized_name(k) in wanted
                  and not isinstance(v, (Mapping, list)) and (own or normalized_name(k) not in _GENERIC_FIELDS)}
        if len(fields) >= 2 and 2 * len(fields) >= len(wanted) and len(fields) > len(best):
            best = fields
        if depth < 3:
            for k, v in obj.items():
                if isinstance(v, Mapping):
                    walk(v, depth + 1, str(k))

    for key, value in fixtures.items():
        if isinstance(value, Mapping):
            walk(value, 1, str(key))
    return best


# fields every kind of record has: they name that record's own kind, not the tool's
_GENERIC_FIELDS = frozenset({"name", "title", "type", "kind", "status", "description", "notes", "note", "label",
                             "code", "id", "ref", "reference", "number"})


def _words(name: str) -> set[str]:
    """The words of a key or tool name that say what it is about (four letters or more, singular)."""
    return {w[:-1] if w.endswith("s") and not w.endswith("ss") else w for w in name_tokens(name) if len(w) >= 4}


def normalized_name(name: str) -> str:
    """An input or fixture name compared without case and separators (``userName`` == ``user_name``)."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def with_fixture_variants(contract: "Contract", spec: ToolSpec, fixtures: Mapping[str, Any]) -> "Contract":
    """``contract`` plus, per success template, a variant whose fixture-supplied observations are
    literals (the seeded account logs in); what the LLM proposer adds to a contract it was given."""
    if not fixtures:
        return contract
    props: Mapping[str, Any] = (spec.parameters or {}).get("properties") or {}
    taken = {t.id for t in contract.templates}
    extra: list[CallTemplate] = []
    for template in contract.success_templates:
        args = dict(template.arguments)
        for name in template.observations:
            found, value = fixture_value(fixtures, spec, name, props.get(name, {}))
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

def fixture_value(fixtures: Mapping[str, Any], spec: ToolSpec, name: str, schema: Any) -> tuple[bool, Any]:
    """A fixture for input ``name`` valid under its schema: the tool's scope, its namespaces,
    ``"*"``, then global entries; exact name, normalized name, then its plural (seeded collections)."""
    scopes = fixture_scopes(fixtures, spec)
    validator = safe_validator(schema if isinstance(schema, (Mapping, bool)) else {})
    json_type = schema.get("type") if isinstance(schema, Mapping) else None
    norm = normalized_name(name)
    for scope in scopes:
        values = [scope[name]] if name in scope else []
        values += [v for k, v in scope.items() if k != name and normalized_name(str(k)) == norm]
        values += [v for k, v in scope.items() if normalized_name(str(k)) in (norm + "s", norm + "es")]
        for value in values:
            if isinstance(value, Mapping) and json_type != "object":
                continue  # a table of facts (name -> id) is no value for a scalar input
            candidates = list(value) if isinstance(value, list) and json_type != "array" else [value]
            for candidate in candidates:
                if validator.is_valid(candidate):
                    return True, copy.deepcopy(candidate)
    return False, None
