"""Worker side of induction: explore one sandbox state, or run the state tests of transitions.

Everything here is a pure function of its inputs (the runtime, the contracts as of the current
exploration level, the state snapshot and the values observed on the way to it), so the serial,
process-pool and Ray executors produce the same results, which the master merges in a fixed order.
Every run starts from a restore of its state's snapshot, so a record never depends on which calls
happened to run before it in the same worker.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping, NamedTuple

from jsonschema import Draft202012Validator

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.schemas.validate import safe_validator
from llama_index_libra.induction.control_values import make_controls
from llama_index_libra.induction.field_encoders import LexicalFieldEncoder
from llama_index_libra.library import Relation
from llama_index_libra.records import InvocationRecord

__all__ = ["Value", "Node", "Context", "NodeResult", "Explorer", "schema_type", "explore_chunk", "state_test_chunk", "ablation_chunk", "observed_leaves"]


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


class Value(NamedTuple):
    """A value observed at runtime: which tool exported it, under which export name and path.

    A named tuple, because pools of thousands of values travel between processes."""

    provider: str
    export: str
    path: str
    value: Any
    key: str
    credit: bool = True  # False: the engine's own value echoed back (a bound argument, a literal of a read)
    created: bool = False  # produced by a call that changed the state (a creation, not a lookup)


@dataclass
class Node:
    """An explored sandbox state: its digest and snapshot, the calls that led to it, its values."""

    id: int
    digest: str
    snap: Any
    depth: int
    path: tuple[dict[str, Any], ...]
    pool: list[Value]
    partitions: frozenset[str] | None  # None: every partition (the fresh state)
    final: list[Value] | None = None  # the pool once the node was explored
    new_from: int = 0  # pool[new_from:] are values the transition into this state produced
    mode: str = "full"  # "full": every template; "values": only bindings that use a new value
    root: int = 0  # index of the fresh state (Runtime.fresh_states) the path starts from




@dataclass
class Context:
    """What every worker needs once: the sandbox, the catalog, the settings, field similarities."""

    runtime: Any
    catalog: ToolCatalog
    config: Any
    sims: dict[tuple[str, str], float]
    runtime_key: str
    log_dir: str | None = None
    partition: dict[str, str] = field(default_factory=dict)  # tool -> state partition, read once
    binding_sims: dict[tuple[str, str, str], float] = field(default_factory=dict)
    collect_feedback: bool = False  # report records that match neither outcome (for revisions)
    roots: list[Any] = field(default_factory=list)  # snapshots of the fresh states (path replays)


@dataclass
class Counters:
    runs: int = 0
    memo_hits: int = 0
    log_hits: int = 0
    errors: int = 0
    timeouts: int = 0
    runs_cut_budget: int = 0
    states_cut_depth: int = 0
    contracts_revised: int = 0
    execution_s: float = 0.0
    failures: dict[str, str] = field(default_factory=dict)


@dataclass
class NodeResult:
    """What exploring one node produced, in the order it was produced."""

    node_id: int
    relations: list[Relation]
    children: list[tuple[str, Any, str, dict[str, Any], int, list[Value]]]  # pool = final[:n] + values
    final: list[Value]
    updates: dict[str, Any]
    succeeded: set[str]
    counters: Counters
    unmatched: dict[str, InvocationRecord] = field(default_factory=dict)
    first_successes: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)  # (tool, template) -> args
    attempts: dict[str, dict[str, Any]] = field(default_factory=dict)  # tool -> {"runs", "errors", "tried"}


_LOGS: dict[str, Any] = {}


def _log_for(folder: str | None) -> Any:
    if folder is None:
        return None
    log = _LOGS.get(folder)
    if log is None:
        from llama_index_libra.induction.runlog import RunLog

        log = _LOGS[folder] = RunLog(folder)
    return log


_SCALAR_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string"}
_MAX_LEAF_DEPTH = 6  # how deep feedback exports walk an undocumented output
_MAX_LEAVES = 64  # leaf paths exported per undocumented output


def _json_text(value: Any) -> Any:
    """A reply that is JSON text (an object or array in a string) parsed, else the value itself."""
    if isinstance(value, str) and value[:1] in "{[" and len(value) < 100_000:
        import json

        try:
            parsed = json.loads(value)
        except ValueError:
            return value
        return parsed if isinstance(parsed, (dict, list)) else value
    return value


def observed_leaves(out: Any, path: str = "$.output", keys: tuple[str, ...] = (), depth: int = 0) -> Iterator[tuple[str, tuple[str, ...], str]]:
    """(JSONPath, key chain, JSON type) of every scalar leaf of an observed output, arrays as ``[*]``.

    Arrays of records give one path per record field (``$.output.items[*].id``); a path is listed once.
    """
    if depth > _MAX_LEAF_DEPTH:
        return
    t = _SCALAR_TYPES.get(type(out))
    if t is not None:
        yield path, keys, t
        return
    if isinstance(out, dict):
        for key in sorted(out, key=str):
            if not str(key).isidentifier():
                continue
            yield from observed_leaves(out[key], f"{path}.{key}", keys + (str(key),), depth + 1)
    elif isinstance(out, list):
        seen: set[str] = set()
        for item in out[:16]:
            for leaf in observed_leaves(item, f"{path}[*]", keys, depth + 1):
                if leaf[0] not in seen:
                    seen.add(leaf[0])
                    yield leaf


class Explorer:
    """Runs tools in one worker for a batch of nodes or transitions, against fixed contracts."""

    def __init__(self, ctx: Context, contracts: Mapping[str, Any], extra_sims: Mapping[tuple[str, str], float] | None = None,
                 knowledge: Mapping[str, Any] | None = None) -> None:
        self.ctx = ctx
        self.runtime = ctx.runtime
        self.catalog = ctx.catalog
        self.config = ctx.config
        self.contracts = dict(contracts)
        self.sims = ctx.sims
        self.extra_sims = dict(extra_sims or {})
        self.knowledge = dict(knowledge or {})
        self.lexical = LexicalFieldEncoder()
        self.report = Counters()
        self.log = _log_for(ctx.log_dir)
        self.memo: dict[tuple[str, str, str], tuple[InvocationRecord, tuple[str, Any] | None]] = {}
        self.relations: dict[tuple, Relation] = {}
        self.updates: dict[str, Any] = {}
        self.partition = ctx.partition or {spec.name: self.runtime.partition_of(spec.name) for spec in self.catalog}
        self.by_partition: dict[str, list[ToolSpec]] = {}
        for spec in self.catalog:
            self.by_partition.setdefault(self.partition[spec.name], []).append(spec)
        self._validators: dict[tuple[str, str], Draft202012Validator] = {}
        self._fits: dict[tuple[str, str], dict[str, int]] = {}
        self._default_outcomes: dict[str, bool] = {}
        self.feedback_done: set[str] = set()
        self.succeeded: set[str] = set()
        self.unmatched: dict[str, InvocationRecord] = {}
        self.fingerprints: dict[str, str] = {}
        self.index: dict[str, list[Value]] = {}  # canonical value -> pool entries (current node)
        self.first_successes: dict[tuple[str, str], dict[str, Any]] = {}
        self.attempts: dict[str, dict[str, Any]] = {}
        self._json_text_tools: set[str] = set()

    # ---- helpers
    def sim(self, a: str, b: str) -> float:
        value = self.sims.get((a, b))
        if value is None:
            value = self.extra_sims.get((a, b))
        if value is None:  # a name first seen in this level: lexical until the next level
            value = self.lexical.similarity(a, b)
            self.extra_sims[(a, b)] = value
        return value

    def props(self, spec: ToolSpec) -> Mapping[str, Any]:
        return (spec.parameters or {}).get("properties") or {}

    def validator(self, spec: ToolSpec, name: str) -> Draft202012Validator:
        key = (spec.name, name)
        if key not in self._validators:
            schema = self.props(spec).get(name, {})
            self._validators[key] = safe_validator(schema if isinstance(schema, (dict, bool)) else {})
        return self._validators[key]

    def trim(self, record: InvocationRecord) -> dict[str, Any]:
        ev = record.to_evidence()
        for key in ("output", "state_changes"):
            text = canonical_json(ev.get(key))
            if len(text) > self.config.evidence_chars:
                ev[key] = text[: self.config.evidence_chars] + "...[truncated]"
        return ev

    def classify(self, tool: str, record: InvocationRecord) -> str | None:
        contract = self.contracts[tool]
        default = self._default_outcomes.get(tool)
        if default is None:
            from llama_index_libra.contracts.model import DEFAULT_FAILURE_SCHEMA, DEFAULT_SUCCESS_SCHEMA

            default = self._default_outcomes[tool] = contract.success == DEFAULT_SUCCESS_SCHEMA and contract.failure == DEFAULT_FAILURE_SCHEMA
        if default:  # the standard status-only outcomes: no schema validation needed
            outcome = "success" if record.status == "success" else "failure"
        else:
            outcome = contract.classify(record)
        if outcome is None and self.ctx.collect_feedback:
            # Algorithm 1, line 13: a record that matches neither outcome schema is feedback for a
            # revision; the master asks the proposer between levels (one budget, one order)
            self.unmatched.setdefault(tool, record)
        if outcome is None:  # neither schema: fall back on the normalized status
            outcome = "success" if record.status == "success" else "failure"
        if outcome == "success":
            self.succeeded.add(tool)
        return outcome

    def note_attempt(self, tool: str, template: Any, args: dict[str, Any], record: InvocationRecord, outcome: str | None) -> None:
        """Per-tool tallies for the build report: runs, error messages, a few argument sets tried."""
        entry = self.attempts.setdefault(tool, {"runs": 0, "errors": {}, "tried": []})
        entry["runs"] += 1
        if outcome != "success":
            message = (record.message or record.status or "failure")[:160]
            entry["errors"][message] = entry["errors"].get(message, 0) + 1
            if len(entry["tried"]) < 3:
                text = canonical_json({"template": template.id, "arguments": args})[:240]
                if text not in entry["tried"]:
                    entry["tried"].append(text)

    # ---- execution
    def _fingerprint(self, tool: str) -> str:
        fp = self.fingerprints.get(tool)
        if fp is None:
            from llama_index_libra.induction.runlog import tool_fingerprint

            fp = self.fingerprints[tool] = tool_fingerprint(self.catalog.get(tool), self.runtime, timeout_s=self.config.timeout_s)
        return fp

    def run(self, node: Node, tool: str, args: dict[str, Any]) -> tuple[InvocationRecord, tuple[str, Any] | None]:
        """Run ``tool`` in ``node``'s state (restored fresh for every run); memoized and logged."""
        key = (node.digest, tool, canonical_json(args))
        hit = self.memo.get(key)
        if hit is not None:
            self.report.memo_hits += 1
            return hit
        log_key = None
        if self.log is not None:
            from llama_index_libra.induction.runlog import run_key

            log_key = run_key(self.ctx.runtime_key, node.digest, self._fingerprint(tool), args)
            logged = self.log.get(log_key)
            if logged is not None and not logged[1]:
                self.report.log_hits += 1
                self.memo[key] = (logged[0], None)
                return logged[0], None
        if self.report.runs >= self.config.max_runs:
            self.report.runs_cut_budget += 1
            rec = InvocationRecord(tool=tool, status="error", arguments=args, message="not run: max_runs reached")
            return rec, None
        t0 = time.perf_counter()
        # restore, call, snapshot: one boundary (runtime.execute) that a crash or hang cannot cross
        record, child = self.runtime.execute(node.snap, tool, args, timeout_s=self.config.timeout_s)
        self.report.execution_s += time.perf_counter() - t0
        self.report.runs += 1
        if record.status == "error":
            self.report.errors += 1
            if record.message and record.message.startswith("timeout:"):
                self.report.timeouts += 1
            self.report.failures.setdefault(tool, record.message or "error")
        if log_key is not None:
            self.log.append(log_key, record, bool(record.state_changes))
        self.memo[key] = (record, child)
        return record, child

    # ---- values
    def feedback_exports(self, tool: str, record: InvocationRecord) -> None:
        """Same-tool feedback for an undocumented response: export every observed leaf.

        A tool without a usable response schema (most plain Python tools; a ``response`` that is
        not a JSON Schema object) gets, from its first successful record, one export per scalar
        leaf path of its output (jsonpath-ng paths, ``[*]`` for array elements, so arrays of
        records export each field: ``$.output.items[*].id``), or one ``$.output`` export for a
        scalar output; a reply that is JSON text is read as JSON. The revised contract is what the
        library keeps.
        """
        if tool in self.feedback_done:
            return
        self.feedback_done.add(tool)
        contract = self.contracts[tool]
        if any(e.path.startswith("$.output") for e in contract.exports):
            return  # the response is documented (mechanical or declared exports read it)
        from dataclasses import replace

        from llama_index_libra.contracts.model import Export, export_propagates

        out = _json_text(record.output)
        new = []
        if type(out) in _SCALAR_TYPES:
            schema = {"type": _SCALAR_TYPES[type(out)]}
            new.append(Export("response_value", "$.output", schema, export_propagates("response_value", schema), "declared"))
        else:
            taken = {e.name for e in contract.exports}
            base = "$.output"
            if out is not record.output:  # JSON text: the leaves are read from the parsed text
                return self._json_text_exports(tool, out)
            for path, keys, json_type in itertools.islice(observed_leaves(out, base), _MAX_LEAVES):
                if not keys:
                    continue
                schema = {"type": json_type}
                name = next((c for c in ("_".join(keys[i:]) for i in range(len(keys) - 1, -1, -1)) if c not in taken), None)
                if name is None:
                    continue
                taken.add(name)
                new.append(Export(name, path, schema, export_propagates(keys[-1], schema), "declared"))
        if new:
            taken = {e.name for e in contract.exports}
            extra = tuple(e for e in new if e.name not in taken)
            self.contracts[tool] = replace(contract, exports=contract.exports + extra)
            self.updates[tool] = self.contracts[tool]

    def _json_text_exports(self, tool: str, parsed: Any) -> None:
        """A reply that is JSON text: its leaves become values at extraction time (``values_of``)."""
        self._json_text_tools.add(tool)

    def values_of(self, tool: str, record: InvocationRecord, bound: Iterable[str] = ()) -> list[Value]:
        """The record's exported values, each marked creditable or not.

        Not creditable (the engine's own values): an echo of an argument the engine bound from the
        pool, and an echo of a literal argument by a call that changed nothing.
        """
        self.feedback_exports(tool, record)
        bound_values = set(bound)
        args = {canonical_json(v) for v in (record.arguments or {}).values()}
        changed = bool(record.state_changes)
        out = []
        extracted = [(ev.export_name, ev.path, ev.value) for ev in self.contracts[tool].extract(record, propagating_only=True)]
        if tool in self._json_text_tools:
            extracted += [(keys[-1], path, value) for path, keys, value in
                          itertools.islice(_leaf_values(_json_text(record.output), "$.output", ()), _MAX_LEAVES) if keys]
        for export_name, path, value in extracted:
            vj = canonical_json(value)
            credit = vj not in bound_values and (vj not in args or changed)
            out.append(Value(tool, export_name, path, value, f"{tool}\x00{export_name}\x00{vj}", credit, changed))
        return out

    def add_values(self, pool: list[Value], keys: set[str], values: Iterable[Value]) -> None:
        for v in values:
            if v.key not in keys:
                keys.add(v.key)
                pool.append(v)
                self.index.setdefault(_value_json(v), []).append(v)

    def build_index(self, pool: list[Value]) -> None:
        self.index = {}
        for v in pool:
            self.index.setdefault(_value_json(v), []).append(v)

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
            value_key = _value_json(v)  # the canonical JSON of the value
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
            seen = {tuple(sorted((k, _opt_key(v)) for k, v in b.items())) for b in out}
            for idx in combos:
                binding = {n: options[n][i] for n, i in zip(names, idx)}
                key = tuple(sorted((k, _opt_key(v)) for k, v in binding.items()))
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
        values = {n: [(i, _value_json(v)) for i, v in enumerate(opts) if isinstance(v, Value)] for n, opts in options.items()}
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

    @staticmethod
    def literal_args(template: Any) -> dict[str, Any]:
        return {name: arg.value for name, arg in template.arguments.items() if arg.kind == "literal"}

    # ---- relations
    def admit(self, relation: Relation) -> None:
        self.relations.setdefault(relation.key, relation)

    def call_json(self, tool: str, args: Mapping[str, Any]) -> dict[str, Any]:
        return {"tool": tool, "arguments": dict(args)}

    def producers(self, value: Value, consumer: str) -> list[Value]:
        """Every tool that genuinely produced ``value`` (one entry per tool and export), in pool order."""
        entries = self.index.get(_value_json(value))
        out, seen = [], set()
        for v in entries or [value]:
            if not v.credit or v.provider == consumer or (v.provider, v.export) in seen:
                continue
            seen.add((v.provider, v.export))
            out.append(v)
        return out

    # ---- the three tests
    def provenance_tests(self, node: Node, spec: ToolSpec, template: Any, args: dict[str, Any],
                         binding: Mapping[str, Value], record: InvocationRecord) -> None:
        """Replace each bound input by a control; control fails -> provenance, succeeds with aligned
        fields -> compatibility.

        Controls are independent: never a value already known in this state (a name taken by an
        earlier write would fail for that reason), never a literal of this input that the contract
        already knew (that value needs no provider), and a relation must survive a second, different
        control when there is one. Credit goes to every tool that genuinely produced the value.
        """
        required = set(spec.required_inputs)
        props = self.props(spec)
        for name, value in binding.items():
            literals = [t.arguments[name].value for t in self.contracts[spec.name].templates
                        if name in t.arguments and t.arguments[name].kind == "literal"]
            if any(canonical_json(lit) == canonical_json(value.value) for lit in literals):
                continue  # the contract knew this value without any provider
            producers = self.producers(value, spec.name)
            if not producers:
                continue
            if name not in required:
                controls: list[tuple[dict[str, Any], Any]] = [({"omitted": name}, _OMIT)]
            else:
                known = set(self.index)
                controls = [({"value": c}, c) for c in make_controls(value.value, props.get(name, {}), literals, known)]
                if not controls:
                    continue
            outcomes = []
            first_record = first_args = first_desc = None
            for desc, control in controls:
                control_args = dict(args)
                if control is _OMIT:
                    control_args.pop(name)
                else:
                    control_args[name] = control
                control_record, _ = self.run(node, spec.name, control_args)
                outcomes.append(self.classify(spec.name, control_record))
                if first_record is None:
                    first_record, first_args, first_desc = control_record, control_args, desc
                if outcomes[-1] == "success":
                    break
            for value in producers:
                similarity = self.sim(value.export, name)
                if all(o == "failure" for o in outcomes):
                    kind = "provenance"
                elif outcomes[0] == "success" and similarity > self.config.tau:
                    kind = "compatibility"
                else:
                    continue
                evidence = {
                    "state": list(node.path),
                    "provider_value": {"tool": value.provider, "export": value.export, "path": value.path, "value": value.value,
                                       **({"created": True} if value.created else {})},
                    "call": self.call_json(spec.name, args),
                    "record": self.trim(record),
                    "control": {**first_desc, "call": self.call_json(spec.name, first_args), "record": self.trim(first_record)},
                }
                if len(outcomes) > 1:
                    evidence["controls_failed"] = len(outcomes)
                self.admit(Relation(value.provider, spec.name, kind, value.export, name, round(similarity, 6), evidence))

    def state_tests(self, before: Node, after: Node, provider: str, provider_args: dict[str, Any],
                    fresh: list[Value] = (), after_pool: list[Value] | None = None) -> None:
        """Consumers of the provider's partition, identical arguments before and after the transition.

        Observation inputs take the best values of the after-state; each input that can also take a
        value the transition itself produced (``fresh``: a new file name, a new id) is tried with it,
        one input at a time and all such inputs together (``diff a b`` after ``cd`` needs two fresh
        names), and free literal inputs may take fresh values too (an issue number just created).
        """
        pool = after.pool if after_pool is None else after_pool
        self.build_index(pool)
        fresh = list(fresh)
        fresh_keys = {v.key for v in fresh}
        succeeded = self.knowledge.get("succeeded")
        for spec in self.by_partition[self.partition[provider]]:
            if spec.name == provider:
                continue
            for template in self.contracts[spec.name].success_templates:
                if succeeded is not None and (spec.name, template.id) not in succeeded:
                    continue  # never succeeded in any explored state: it will not after this one
                args = self.literal_args(template)
                binds: list[dict[str, Value]] = self.bindings(spec, template, pool, best_only=True) if template.observations else [{}]
                if binds and fresh:
                    base = binds[0]
                    joint = dict(base)
                    for name in list(template.observations) + self.swappable(spec, template):
                        cands = [v for v in self.candidates_for(spec, name, fresh) if name not in base or v.key != base[name].key]
                        for v in cands:
                            binds.append({**base, name: v})
                        if cands:
                            joint[name] = cands[0]
                    if joint != base and joint not in binds:
                        binds.append(joint)
                for binding in binds:
                    call = {**args, **{k: v.value for k, v in binding.items()}}
                    rb, _ = self.run(before, spec.name, call)
                    if self.classify(spec.name, rb) != "failure":
                        continue
                    ra, _ = self.run(after, spec.name, call)
                    if self.classify(spec.name, ra) != "success":
                        continue
                    evidence = {
                        "state": list(before.path),
                        "provider_call": self.call_json(provider, provider_args),
                        "consumer_call": self.call_json(spec.name, call),
                        "before": self.trim(rb),
                        "after": self.trim(ra),
                    }
                    took = sorted(k for k, v in binding.items() if v.key in fresh_keys)
                    if took:  # inputs that took a value the transition produced (create-before-use)
                        evidence["fresh_inputs"] = took
                    self.admit(Relation(provider, spec.name, "state", None, None, None, evidence))

    # ---- exploration
    def explore_node(self, node: Node) -> NodeResult:
        """Run the templates in ``node``'s state; return relations, child states and values.

        In the fresh states every binding runs. Below them, exploration is goal-directed: a
        template that already succeeded somewhere (as of this level) runs its best binding (to read
        the new state) and the bindings that use a value new in this state; a template that never
        succeeded runs all of them. In ``values`` mode (a state past the depth bound) only bindings
        that use a new value run, and no child state is recorded. A template whose bindings all fail
        retries with its free literals replaced by observed values of a fitting type.
        """
        self.relations = {}
        self.first_successes = {}
        self.attempts = {}
        children: list[tuple[str, Any, str, dict[str, Any], int, list[Value]]] = []  # pool = final[:n] + values
        pool = list(node.pool)
        keys = {v.key for v in pool}
        self.build_index(pool)
        new_keys = {v.key for v in pool[node.new_from:]} if node.depth > 0 else None
        tools = [s for s in self.catalog if node.partitions is None or self.partition[s.name] in node.partitions]
        values_only = node.mode == "values"
        cap = self.config.successes_per_template
        touched = {canonical_json(a) for a in node.path[-1]["arguments"].values()} if node.path else set()

        def after_success(spec: ToolSpec, template: Any, args: dict[str, Any], record: InvocationRecord, child, bound) -> None:
            self.first_successes.setdefault((spec.name, template.id), args)
            values = self.values_of(spec.name, record, bound)
            if new_keys is not None:
                new_keys.update(v.key for v in values if v.key not in keys)
            if child is None:
                self.add_values(pool, keys, values)
                return
            if values_only:  # past the bounds: values only, no deeper state
                self.report.states_cut_depth += 1
                return
            digest, snap = child
            new_values = [v for v in dict((v.key, v) for v in values).values() if v.key not in keys]
            children.append((digest, snap, spec.name, args, len(pool), new_values))

        def uses_new(binding: Mapping[str, Any]) -> bool:
            return new_keys is None or any(isinstance(v, Value) and v.key in new_keys for v in binding.values())

        def attempt(spec: ToolSpec, template: Any, binding: Mapping[str, Any], tried: set) -> tuple[bool, InvocationRecord]:
            args = {**self.literal_args(template), **{k: (v.value if isinstance(v, Value) else v) for k, v in binding.items()}}
            marker = (spec.name, canonical_json(args) + "|" + canonical_json(sorted((k, _opt_key(v)) for k, v in binding.items())))
            if marker in tried:
                return False, None  # type: ignore[return-value]
            tried.add(marker)
            record, child = self.run(node, spec.name, args)
            outcome = self.classify(spec.name, record)
            self.note_attempt(spec.name, template, args, record, outcome)
            if outcome != "success":
                return False, record
            bound_values = [v for v in binding.values() if isinstance(v, Value)]
            self.provenance_tests(node, spec, template, args, {k: v for k, v in binding.items() if isinstance(v, Value)}, record)
            after_success(spec, template, args, record, child, [canonical_json(v.value) for v in bound_values])
            if node.depth == 0 or not record.state_changes:
                # a call that changed nothing (a switch already on) or any call in a fresh state:
                # the other documented values of its literals show more of the world
                for variant in self.literal_variants(spec, args, template):
                    vr, vchild = self.run(node, spec.name, variant)
                    vo = self.classify(spec.name, vr)
                    self.note_attempt(spec.name, template, variant, vr, vo)
                    if vo == "success":
                        after_success(spec, template, variant, vr, vchild, [])
            return True, record

        tried: set = set()
        for _round in range(2):
            for spec in tools:
                for template in self.contracts[spec.name].success_templates:
                    if _round == 1 and not template.observations:
                        continue
                    binds = self.bindings(spec, template, pool) if template.observations else [{}]
                    successes = 0
                    failed: InvocationRecord | None = None
                    for i, binding in enumerate(binds):
                        if successes >= cap:
                            break
                        if not uses_new(binding) and (values_only or i > 0):
                            continue
                        ok, record = attempt(spec, template, binding, tried)
                        successes += ok
                        if not ok and record is not None and failed is None:
                            failed = record
                        if ok and not template.observations and node.depth == 0:
                            pass
                    if successes or (failed is None and binds):
                        continue
                    # no binding succeeded: free literals may take observed values of a fitting type
                    swap = self.swappable(spec, template)
                    options: dict[str, list[Any]] = {}
                    base = binds[0] if binds else ({} if not template.observations else None)
                    if base is None:
                        continue
                    for name, v in base.items():
                        options[name] = [v] + [b[name] for b in binds[1:] if b[name] is not v][: self.config.bindings_per_input - 1]
                    literals = self.literal_args(template)
                    for name in swap:
                        cands = self.candidates_for(spec, name, pool, exclude=[literals[name]])
                        if cands:
                            options[name] = [_KEEP] + cands
                    if any(isinstance(o[0], _Keep) for o in options.values()):
                        for binding in self.combine(options)[1:]:
                            if successes >= cap:
                                break
                            binding = {k: v for k, v in binding.items() if not isinstance(v, _Keep)}
                            if not uses_new(binding):
                                continue
                            ok, _ = attempt(spec, template, binding, tried)
                            successes += ok
                    # still failing: inputs that share candidate values take distinct ones jointly
                    # (a head and a base branch, a sender and a recipient)
                    # (a value the call into this state acted on counts as new here: its state changed)
                    for binding, group in [] if successes else self.distinct_bindings(options):
                        if successes >= cap:
                            break
                        binding = {k: v for k, v in binding.items() if not isinstance(v, _Keep)}
                        if not uses_new(binding) and not any(
                                isinstance(binding.get(n), Value) and _value_json(binding[n]) in touched for n in group):
                            continue
                        ok, _ = attempt(spec, template, binding, tried)
                        successes += ok
        return NodeResult(node.id, list(self.relations.values()), children, pool, dict(self.updates),
                          set(self.succeeded), self.report, dict(self.unmatched), dict(self.first_successes),
                          self.attempts)

    # ---- path ablation
    def ablation_tests(self, consumer: str, template_id: str, args: dict[str, Any], root: int,
                       path: tuple[dict[str, Any], ...]) -> None:
        """Transitive prerequisites: replay the consumer's first successful path with one call dropped.

        A call is a prerequisite of the consumer when, without it, the rest of the path replays
        identically up to a call that now fails (the cascade of ``mkdir -> cd -> grep``) or
        completely, and the consumer then fails. A remaining call that succeeds with a different
        output (ids shifted by a counter) makes the replay inconclusive. Kept as ``transitive``.
        """
        if len(path) < 2:
            return
        originals: list[InvocationRecord] = []
        roots = getattr(self, "roots", None) or self.ctx.roots
        timeout = self.config.timeout_s

        def step(snap: Any, call: Mapping[str, Any]) -> tuple[InvocationRecord, Any]:
            # through Runtime.execute: the supervised boundary every induction call crosses
            record, child = self.runtime.execute(snap, call["tool"], call["arguments"], timeout_s=timeout)
            self.report.runs += 1
            return record, (child[1] if child is not None else snap)

        snap = roots[root]
        for call in path:
            record, snap = step(snap, call)
            originals.append(record)
        full, _ = step(snap, {"tool": consumer, "arguments": args})
        if self.classify(consumer, full) != "success" or any(r.status != "success" for r in originals):
            return  # the path does not replay (a non-deterministic tool): nothing to conclude
        for drop, dropped in enumerate(path):
            if dropped["tool"] == consumer:
                continue
            snap = roots[root]
            conclusive, cascade = True, None
            for j, call in enumerate(path):
                if j == drop:
                    continue
                record, snap = step(snap, call)
                if record.status == "success" and canonical_json(record.output) == canonical_json(originals[j].output):
                    continue
                if record.status == "success":
                    conclusive = False
                else:
                    cascade = {"call": call, "record": self.trim(record)}
                break
            if not conclusive:
                continue
            without, _ = step(snap, {"tool": consumer, "arguments": args})
            if self.classify(consumer, without) != "failure":
                continue
            evidence = {
                "state": list(path),
                "dropped": drop,
                "consumer_call": self.call_json(consumer, args),
                "with": self.trim(full),
                "without": self.trim(without),
            }
            if cascade is not None:
                evidence["cascade"] = cascade
            self.admit(Relation(dropped["tool"], consumer, "transitive", None, None, None, evidence))


def _value_json(v: Value) -> str:
    """The canonical JSON of a pool value (its key without provider and export)."""
    return v.key.split("\x00", 2)[2].removesuffix("\x00[]")


def _leaf_values(out: Any, path: str, keys: tuple[str, ...], depth: int = 0) -> Iterator[tuple[str, tuple[str, ...], Any]]:
    """(concrete JSONPath, key chain, value) of every scalar leaf of a parsed JSON reply."""
    if depth > _MAX_LEAF_DEPTH:
        return
    if type(out) in _SCALAR_TYPES:
        yield path, keys, out
    elif isinstance(out, dict):
        for key in sorted(out, key=str):
            if str(key).isidentifier():
                yield from _leaf_values(out[key], f"{path}.{key}", keys + (str(key),), depth + 1)
    elif isinstance(out, list):
        for i, item in enumerate(out[:16]):
            yield from _leaf_values(item, f"{path}[{i}]", keys, depth + 1)


class _Keep:
    """Marker option: keep the template's own literal for this input."""


_KEEP = _Keep()
_OMIT = object()


def _opt_key(v: Any) -> str:
    return v.key if isinstance(v, Value) else "\x01literal"


def explore_chunk(ctx: Context, contracts: Any, extra_sims: Mapping, nodes: list[Node], knowledge: Any = None) -> list[NodeResult]:
    """Explore a batch of nodes of one level (each against the contracts as of the level start)."""
    from llama_index_libra.induction.executors import resolve_shared

    contracts = resolve_shared(contracts)
    knowledge = resolve_shared(knowledge) if knowledge is not None else None
    out = []
    for node in nodes:
        explorer = Explorer(ctx, contracts, extra_sims, knowledge)
        out.append(explorer.explore_node(node))
    if ctx.log_dir is not None:
        _LOGS[ctx.log_dir].close()
    return out


def state_test_chunk(ctx: Context, contracts: Mapping[str, Any], extra_sims: Mapping,
                     transitions: list[tuple[int, int, str, dict[str, Any], list[Value]]],
                     pools: Mapping[int, list[Value]], nodes: Mapping[int, Node], knowledge: Any = None) -> list[tuple[list[Relation], Counters]]:
    """Run the state tests of a batch of transitions (states and after-pools shipped once per node)."""
    from llama_index_libra.induction.executors import resolve_shared

    contracts = resolve_shared(contracts)
    knowledge = resolve_shared(knowledge) if knowledge is not None else None
    out = []
    explorer = Explorer(ctx, contracts, extra_sims, knowledge)
    for before_id, after_id, provider, args, fresh in transitions:
        before, after, after_pool = nodes[before_id], nodes[after_id], pools[after_id]
        explorer.relations = {}
        explorer.state_tests(before, after, provider, args, fresh, after_pool)
        out.append((list(explorer.relations.values()), explorer.report))
        explorer.report = Counters()
    if ctx.log_dir is not None:
        _LOGS[ctx.log_dir].close()
    return out


def ablation_chunk(ctx: Context, contracts: Mapping[str, Any], extra_sims: Mapping,
                   jobs: list[tuple[str, str, dict[str, Any], int, tuple]], roots: list[Any] | None = None) -> list[tuple[list[Relation], Counters]]:
    """Path-ablation tests of a batch of consumers' first successful paths (from the fresh-state
    snapshots ``roots``)."""
    from llama_index_libra.induction.executors import resolve_shared

    contracts = resolve_shared(contracts)
    out = []
    explorer = Explorer(ctx, contracts, extra_sims)
    if roots is not None:
        explorer.roots = roots
    for consumer, template_id, args, root, path in jobs:
        explorer.relations = {}
        explorer.ablation_tests(consumer, template_id, args, root, path)
        out.append((list(explorer.relations.values()), explorer.report))
        explorer.report = Counters()
    return out
