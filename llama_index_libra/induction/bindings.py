"""Bindings: which observed values (and which literals) fill a template's inputs, best first.

Any value whose schema fits an input can be bound; candidates rank by the field alignment of the
export that produced them to the input (its name and description). :class:`Binder` combines the
candidates of several inputs (one input varied at a time, then joint combinations by rank sum,
then pairwise distinct values for inputs that share candidates) and proposes the other documented
values of a template's literals.
"""

from __future__ import annotations

import itertools
from typing import Any, Iterable, Mapping

from jsonschema import Draft202012Validator

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.field_encoders import LexicalFieldEncoder
from llama_index_libra.induction.values import Value, value_json
from llama_index_libra.schemas.validate import safe_validator

__all__ = ["Binder", "FieldSimilarity", "schema_type", "KEEP", "Keep", "option_key", "DISTINCT_BINDINGS"]

# joint bindings of distinct shared values tried per group of inputs, once a template keeps failing
DISTINCT_BINDINGS = 12


def schema_type(schema: Any) -> str | None:
    """The JSON type a schema declares (or its enum values imply), else None."""
    if isinstance(schema, Mapping):
        t = schema.get("type")
        if isinstance(t, str):
            return t
        if isinstance(schema.get("enum"), list) and schema["enum"]:
            v = schema["enum"][0]
            return {bool: "boolean", int: "integer", float: "number", str: "string"}.get(type(v))
    return None


class Keep:
    """Marker option: keep the template's own literal for this input."""


KEEP = Keep()


def option_key(v: Any) -> str:
    """What identifies a binding option: a pool value's key, or the template's literal."""
    return v.key if isinstance(v, Value) else "\x01literal"


class FieldSimilarity:
    """cos(h_f(export), h_f(input)) from the build's table; names first seen in this level (feedback
    exports) fall back on the lexical encoder until the master embeds them for the next level."""

    def __init__(self, sims: Mapping[tuple[str, str], float], extra: Mapping[tuple[str, str], float] | None = None) -> None:
        self.sims = sims
        self.extra = dict(extra or {})
        self.lexical = LexicalFieldEncoder()

    def __call__(self, a: str, b: str) -> float:
        value = self.sims.get((a, b))
        if value is None:
            value = self.extra.get((a, b))
        if value is None:  # a name first seen in this level: lexical until the next level
            value = self.lexical.similarity(a, b)
            self.extra[(a, b)] = value
        return value


class Binder:
    """Candidate values and bindings for the inputs of the catalog's tools."""

    def __init__(self, ctx: Any, sim: FieldSimilarity) -> None:
        self.ctx = ctx
        self.config = ctx.config
        self.sim = sim
        self._validators: dict[tuple[str, str], Draft202012Validator] = {}
        self._fits: dict[tuple[str, str], dict[str, int]] = {}

    @staticmethod
    def props(spec: ToolSpec) -> Mapping[str, Any]:
        return (spec.parameters or {}).get("properties") or {}

    def validator(self, spec: ToolSpec, name: str) -> Draft202012Validator:
        key = (spec.name, name)
        if key not in self._validators:
            schema = self.props(spec).get(name, {})
            self._validators[key] = safe_validator(schema if isinstance(schema, (dict, bool)) else {})
        return self._validators[key]

    @staticmethod
    def literal_args(template: Any) -> dict[str, Any]:
        return {name: arg.value for name, arg in template.arguments.items() if arg.kind == "literal"}

    def candidates_for(self, spec: ToolSpec, name: str, pool: list[Value], *, exclude: Iterable[Any] = ()) -> list[Value]:
        """Pool values that validate against input ``name``, one per distinct value, best first.

        Any value whose schema fits can be bound (no gate by name): values rank by the field
        alignment of their export to the input (name and description), then by pool order.
        """
        validator = self.validator(spec, name)
        is_array = schema_type(self.props(spec).get(name)) == "array"
        fits = self._fits.setdefault((spec.name, name), {})
        excluded = {canonical_json(x) for x in exclude}
        best: dict[str, list[Any]] = {}
        for i, v in enumerate(pool):
            if v.provider == spec.name:
                continue
            value_key = value_json(v)  # the canonical JSON of the value
            if value_key in excluded:
                continue
            verdict = fits.get(value_key)
            if verdict is None:
                # 1: the value fits; 2: an array input takes it as a one-item list; 0: neither
                if validator.is_valid(v.value):
                    verdict = 1
                elif is_array and not isinstance(v.value, list) and validator.is_valid([v.value]):
                    verdict = 2
                else:
                    verdict = 0
                fits[value_key] = verdict
            if verdict == 0:
                continue
            if verdict == 2:
                v = Value(v.provider, v.export, v.path, [v.value], v.key + "\x00[]", v.credit, v.created)
            sim = self.ctx.binding_sims.get((v.export, spec.name, name))
            if sim is None:
                sim = self.sim(v.export, name)
            preference = (not v.credit, v.path.startswith("$.arguments"), -sim, i)
            entry = best.get(value_key)
            if entry is None:
                best[value_key] = [sim, i, v, preference]
            else:
                entry[0] = max(entry[0], sim)
                if preference < entry[3]:
                    entry[2], entry[3] = v, preference
        ranked = sorted(best.values(), key=lambda e: (-e[0], e[1]))
        # values whose field aligns (cos > tau) come first and alone; only when none aligns does
        # any type-fitting value stand in (an unnamed phone number, a bare looked-up value)
        aligned = [e for e in ranked if e[0] > self.config.tau]
        if aligned:
            ranked = aligned
        else:
            ranked = ranked[: max(1, self.config.bindings_per_input // 2)]
        return [e[2] for e in ranked[: self.config.bindings_per_input]]

    def combine(self, options: Mapping[str, list[Any]]) -> list[dict[str, Any]]:
        """The best option per input, then one input at a time varied over its alternatives, then
        joint combinations of the top options ordered by rank sum, capped at ``joint_bindings``:
        conjunctive inputs (an origin and a destination airport) are only valid together."""
        base = {name: cands[0] for name, cands in options.items()}
        out = [base]
        for name, cands in options.items():
            for alt in cands[1:]:
                out.append({**base, name: alt})
        if len(options) > 1 and self.config.joint_bindings > len(out):
            names = list(options)
            per_input = max(2, int(self.config.joint_bindings ** (1.0 / len(names))))
            ranges = [range(min(per_input, len(options[n]))) for n in names]
            combos = sorted(itertools.product(*ranges), key=lambda idx: (sum(idx), idx))
            seen = {tuple(sorted((k, option_key(v)) for k, v in b.items())) for b in out}
            for idx in combos:
                binding = {n: options[n][i] for n, i in zip(names, idx)}
                key = tuple(sorted((k, option_key(v)) for k, v in binding.items()))
                if key not in seen:
                    seen.add(key)
                    out.append(binding)
                if len(out) >= self.config.joint_bindings:
                    break
        return out

    @staticmethod
    def distinct_bindings(options: Mapping[str, list[Any]]) -> list[tuple[dict[str, Any], list[str]]]:
        """Joint bindings where inputs whose candidates share values take pairwise distinct ones.

        Inputs are grouped when their candidate lists share a value (two branches, two users);
        within each group every input takes one of its own candidates, no two the same value,
        ordered by rank sum (most similar fields first); the other inputs keep their best option.
        At most ``DISTINCT_BINDINGS`` per group: a call may need two different existing values of
        one kind at once, which one-input-at-a-time variation never produces. Each binding comes
        with the names of its group.
        """
        values = {n: [(i, value_json(v)) for i, v in enumerate(opts) if isinstance(v, Value)] for n, opts in options.items()}
        names = [n for n in options if values[n]]
        groups: list[list[str]] = []
        for name in names:
            mine = {k for _, k in values[name]}
            joined = [g for g in groups if any(mine & {k for _, k in values[m]} for m in g)]
            merged = [name] + [m for g in joined for m in g]
            groups = [g for g in groups if g not in joined] + [sorted(merged, key=names.index)]
        base = {n: opts[0] for n, opts in options.items()}
        out: list[tuple[dict[str, Any], list[str]]] = []
        for group in groups:
            if len(group) < 2:
                continue
            ranges = [values[n] for n in group]
            combos = sorted(itertools.product(*ranges), key=lambda c: (sum(i for i, _ in c), [i for i, _ in c]))
            taken = 0
            for combo in combos:
                if len({k for _, k in combo}) < len(combo):
                    continue
                binding = dict(base)
                binding.update({n: options[n][i] for n, (i, _) in zip(group, combo)})
                out.append((binding, group))
                taken += 1
                if taken >= DISTINCT_BINDINGS:
                    break
        return out

    def bindings(self, spec: ToolSpec, template: Any, pool: list[Value], *, best_only: bool = False) -> list[dict[str, Value]]:
        """Bindings of a template's observation inputs, best first (see :meth:`combine`)."""
        options = {}
        for name in template.observations:
            cands = self.candidates_for(spec, name, pool)
            if not cands:
                return []
            options[name] = cands
        if best_only:
            return [{name: cands[0] for name, cands in options.items()}]
        return self.combine(options)

    def swappable(self, spec: ToolSpec, template: Any) -> list[str]:
        """Literal inputs that observed values may replace: free strings and numbers (enumerated
        and boolean inputs have their own variants)."""
        props = self.props(spec)
        out = []
        for name, arg in template.arguments.items():
            if arg.kind != "literal" or isinstance(arg.value, bool) or not isinstance(arg.value, (str, int, float)):
                continue
            schema = props.get(name) or {}
            if isinstance(schema, Mapping) and ("enum" in schema or "const" in schema):
                continue
            out.append(name)
        return out

    def literal_variants(self, spec: ToolSpec, args: dict[str, Any], template: Any) -> list[dict[str, Any]]:
        """The call with one literal input set to another value its schema documents: the other
        boolean, other enumerated values (up to ``enum_variants``), the documented numeric bounds
        and default. A setter whose literal is the current value changes nothing; its opposite does."""
        out = []
        props = self.props(spec)
        for name, value in args.items():
            arg = template.arguments.get(name)
            if arg is None or arg.kind != "literal":
                continue
            schema = props.get(name) or {}
            if not isinstance(schema, Mapping):
                continue
            options: list[Any] = []
            if isinstance(value, bool):
                options = [not value]
            elif isinstance(schema.get("enum"), list) and not isinstance(value, list):
                options = [o for o in schema["enum"] if o != value][: self.config.enum_variants]
            elif isinstance(value, (int, float)):
                options = [schema[k] for k in ("minimum", "maximum", "default") if isinstance(schema.get(k), (int, float))
                           and not isinstance(schema.get(k), bool) and schema[k] != value]
            validator = self.validator(spec, name)
            seen = set()
            for option in options:
                key = canonical_json(option)
                if key in seen or not validator.is_valid(option):
                    continue
                seen.add(key)
                out.append({**args, name: option})
        return out
