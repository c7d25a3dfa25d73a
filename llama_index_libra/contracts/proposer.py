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
   secret, a string ending in a short "number" such as ``application_no``; descriptions saying "ID
   of", "identifier", "zip code", "obtained from", "uniquely identifies"): observation (rules 4, 6, 9,
   11, 12), unless the description says the value is *new*.
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
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from jsonschema import Draft202012Validator

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.fixtures import fixture_scopes, normalized_name
from llama_index_libra.contracts.model import (
    DEFAULT_FAILURE_SCHEMA,
    DEFAULT_SUCCESS_SCHEMA,
    ArgumentSpec,
    CallTemplate,
    Contract,
    name_tokens,
    strip_annotations,
)
from llama_index_libra.contracts.samples import PAST_DATE_TOKENS, constructible_values, schema_type_of
from llama_index_libra.contracts.vocabulary import (
    CONTENT_TOKENS,
    CREATE_VERBS,
    CREDENTIAL_DESC_RE,
    CREDENTIAL_TOKENS,
    CRITERIA_DESC_RE,
    CRITERIA_TOKENS,
    DEGREE_TOKENS,
    EXISTING_DESC_RE,
    EXISTING_NAME_TOKENS,
    IDENTIFIER_DESC_RE,
    IDENTIFIER_TOKENS,
    NUMBER_ABBREVIATIONS,
    LONG_DESC_RE,
    LONG_PAYLOAD_TOKENS,
    NEW_RE,
    PERSON_NAME_TOKENS,
    PLACEHOLDER_DEFAULTS,
    QUANTITY_TOKENS,
    READ_VERBS,
    SOURCE_TOKENS,
    STATE_CHANGING_VERBS,
    TARGET_TOKENS,
    UNDO_TOKENS,
    ToolContext,
    prefer_doing,
    undoes,
)
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
        context = ToolContext.of(spec)
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
        context = ToolContext.of(spec)
        return {n: self._decide(spec, context, n, s, n in required).rule for n, s in props.items()}

    def _observed_without_fixture(self, spec: ToolSpec, ctx: "ToolContext", name: str, schema: Any) -> bool:
        """Whether ``name`` would be an observation without fixtures (credentials excluded, rule 12)."""
        node = schema if isinstance(schema, Mapping) else {}
        if set(name_tokens(name)) & CREDENTIAL_TOKENS or CREDENTIAL_DESC_RE.search(str(node.get("description") or "")):
            return False
        return self._decide(spec, ctx, name, schema, True, use_fixtures=False).primary.kind == "observation"

    # ---- fixtures

    def _fixture_value(
        self, spec: ToolSpec, name: str, validator: Draft202012Validator, json_type: str | None, *, collections: bool
    ) -> tuple[bool, Any]:
        """A fixture value for input ``name``: same name first, then (``collections``) its plural."""
        norm = normalized_name(name)
        plurals = (norm + "s", norm + "es")
        for scope in fixture_scopes(self.fixtures, spec):
            same = [scope[name]] if name in scope else []
            same += [v for k, v in scope.items() if k != name and normalized_name(str(k)) == norm]
            plural = [v for k, v in scope.items() if normalized_name(str(k)) in plurals] if collections else []
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
        self, spec: ToolSpec, ctx: "ToolContext", name: str, schema: Any, required: bool, *, use_fixtures: bool = True
    ) -> _Decision:
        schema = schema if isinstance(schema, (Mapping, bool)) else {}
        validator = safe_validator(schema, format_checker=FORMAT_CHECKER)
        node: Mapping[str, Any] = schema if isinstance(schema, Mapping) else {}
        json_type = schema_type_of(node)
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
            values = [node["const"]] if "const" in node else prefer_doing(list(node.get("enum") or []), ctx)
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

        new_value = bool(NEW_RE.search(desc)) or "new" in tokens
        if tokens & LONG_PAYLOAD_TOKENS or LONG_DESC_RE.search(desc):
            return _Decision(observation, rule="long payload")
        quantity = json_type in ("integer", "number") and bool(tokens & QUANTITY_TOKENS)
        ordered = name_tokens(name)
        numbered = len(ordered) >= 2 and ordered[-1] in NUMBER_ABBREVIATIONS and json_type in (None, "string")
        if not new_value and not quantity and (
            tokens & (IDENTIFIER_TOKENS | CREDENTIAL_TOKENS) or numbered or IDENTIFIER_DESC_RE.search(desc)
            or CREDENTIAL_DESC_RE.search(desc)
        ):
            return _Decision(observation, rule="identifier")

        criteria = bool(tokens & CRITERIA_TOKENS or CRITERIA_DESC_RE.search(desc))
        existing_name = bool(tokens & EXISTING_NAME_TOKENS or EXISTING_DESC_RE.search(desc)) and not (
            tokens & PERSON_NAME_TOKENS and not tokens & (EXISTING_NAME_TOKENS - {"name", "names"})
        )
        name_like = existing_name or bool(tokens & TARGET_TOKENS and json_type in (None, "string"))
        constructed = lambda: constructible_values(name, node, ctx, fresh_name=new_value and name_like)  # noqa: E731

        if criteria:
            decision = literal(constructed(), "search criteria")
            return decision or _Decision(observation, rule="search criteria (no valid literal)")
        if new_value:
            decision = literal(constructed(), "new value")
            return decision or _Decision(observation, rule="new value (no valid literal)")
        if existing_name:
            default = node.get("default")
            if not required and default not in PLACEHOLDER_DEFAULTS and validator.is_valid(default):
                return _Decision(ArgumentSpec.lit(copy.deepcopy(default)), rule="existing name (documented default)")
            fresh = None
            if (ctx.creates and not tokens & SOURCE_TOKENS) or tokens & TARGET_TOKENS:
                fresh_decision = literal(constructible_values(name, node, ctx, fresh_name=True), "fresh name")
                fresh = fresh_decision.primary if fresh_decision else None
            return _Decision(observation, fresh=fresh, rule="existing name" + (" (fresh-name template)" if fresh else ""))
        decision = literal(constructed(), "constructible")
        return decision or _Decision(observation, rule="constructible (no valid literal)")


def _distinct_enum_literals(decisions: dict[str, _Decision], props: Mapping[str, Any], ctx: ToolContext) -> None:
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
            free = [v for v in prefer_doing(list(node["enum"]), ctx) if v not in taken]
            if free:
                decisions[name] = _Decision(ArgumentSpec.lit(copy.deepcopy(free[0])), rule="enum")
        taken.append(decisions[name].primary.value)


def _boolean_value(name: str, node: Mapping[str, Any], ctx: ToolContext, required: bool) -> bool:
    default = node.get("default")
    if not required and isinstance(default, bool):
        return not default
    return not any(undoes(t, ctx) for t in name_tokens(name))
