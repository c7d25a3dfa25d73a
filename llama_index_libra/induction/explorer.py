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
from typing import Any, Iterable, Mapping, NamedTuple

from jsonschema import Draft202012Validator

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.contracts.safeschema import safe_validator
from llama_index_libra.induction.controls import NO_CONTROL, make_control
from llama_index_libra.induction.fields import LexicalFieldEncoder
from llama_index_libra.library import Relation
from llama_index_libra.records import InvocationRecord

__all__ = ["Value", "Node", "Context", "NodeResult", "Explorer", "schema_type", "explore_chunk", "state_test_chunk"]


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


_LOGS: dict[str, Any] = {}


def _log_for(folder: str | None) -> Any:
    if folder is None:
        return None
    log = _LOGS.get(folder)
    if log is None:
        from llama_index_libra.induction.runlog import RunLog

        log = _LOGS[folder] = RunLog(folder)
    return log


class Explorer:
    """Runs tools in one worker for a batch of nodes or transitions, against fixed contracts."""

    def __init__(self, ctx: Context, contracts: Mapping[str, Any], extra_sims: Mapping[tuple[str, str], float] | None = None) -> None:
        self.ctx = ctx
        self.runtime = ctx.runtime
        self.catalog = ctx.catalog
        self.config = ctx.config
        self.contracts = dict(contracts)
        self.sims = ctx.sims
        self.extra_sims = dict(extra_sims or {})
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

    # ---- helpers
    def sim(self, a: str, b: str) -> float:
        value = self.sims.get((a, b))
        if value is None:
            value = self.extra_sims.get((a, b))
        if value is None:  # a name first seen in this level: lexical until the next level
            value = self.lexical.similarity(a, b)
            self.extra_sims[(a, b)] = value
        return value

    def validator(self, spec: ToolSpec, name: str) -> Draft202012Validator:
        key = (spec.name, name)
        if key not in self._validators:
            schema = ((spec.parameters or {}).get("properties") or {}).get(name, {})
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
        """Same-tool feedback for an undocumented response: export the observed scalar fields.

        A tool without a public response schema (most plain Python tools) gets, from its first
        successful record, one export per top-level scalar (or list-of-scalars) output field, or
        one ``$.output`` export for a scalar output; the revised contract is what the library keeps.
        """
        if tool in self.feedback_done:
            return
        self.feedback_done.add(tool)
        contract = self.contracts[tool]
        if any(e.origin == "declared" and e.path.startswith("$.output") for e in contract.exports):
            return
        if self.catalog.get(tool).response is not None or any(e.path.startswith("$.output") for e in contract.exports):
            return
        from dataclasses import replace

        from llama_index_libra.contracts.model import Export, export_propagates

        out = record.output
        types = {bool: "boolean", int: "integer", float: "number", str: "string"}
        new = []
        if isinstance(out, dict):
            for key in sorted(out):
                value = out[key]
                if not str(key).isidentifier():
                    continue
                if type(value) in types:
                    schema = {"type": types[type(value)]}
                    new.append(Export(str(key), f"$.output.{key}", schema, export_propagates(str(key), schema), "declared"))
                elif isinstance(value, list) and value and all(type(v) in types for v in value) and len({type(v) for v in value}) == 1:
                    schema = {"type": types[type(value[0])]}
                    new.append(Export(str(key), f"$.output.{key}[*]", schema, export_propagates(str(key), schema), "declared"))
        elif type(out) in types:
            schema = {"type": types[type(out)]}
            name = "response_value"
            new.append(Export(name, "$.output", schema, export_propagates(name, schema), "declared"))
        if new:
            taken = {e.name for e in contract.exports}
            extra = tuple(e for e in new if e.name not in taken)
            self.contracts[tool] = replace(contract, exports=contract.exports + extra)
            self.updates[tool] = self.contracts[tool]

    def values_of(self, tool: str, record: InvocationRecord) -> list[Value]:
        self.feedback_exports(tool, record)
        out = []
        for ev in self.contracts[tool].extract(record, propagating_only=True):
            out.append(Value(tool, ev.export_name, ev.path, ev.value, f"{tool}\x00{ev.export_name}\x00{canonical_json(ev.value)}"))
        return out

    @staticmethod
    def add_values(pool: list[Value], keys: set[str], values: Iterable[Value]) -> None:
        for v in values:
            if v.key not in keys:
                keys.add(v.key)
                pool.append(v)

    def candidates_for(self, spec: ToolSpec, name: str, pool: list[Value]) -> list[Value]:
        validator = self.validator(spec, name)
        is_array = schema_type(((spec.parameters or {}).get("properties") or {}).get(name)) == "array"
        fits = self._fits.setdefault((spec.name, name), {})
        # one entry per distinct value: ranked by its best field alignment to this input, credited
        # to a tool that produced it (an output or state export) before one that merely echoed it
        # as its own argument, so one value echoed by several tools cannot fill every slot
        best: dict[str, list[Any]] = {}
        for i, v in enumerate(pool):
            if v.provider == spec.name:
                continue
            value_key = v.key.rsplit("\x00", 1)[-1]  # the canonical JSON of the value
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
                v = Value(v.provider, v.export, v.path, [v.value], v.key + "\x00[]")
            sim = self.ctx.binding_sims.get((v.export, spec.name, name))
            if sim is None:
                sim = self.sim(v.export, name)
            preference = (v.path.startswith("$.arguments"), -sim, i)
            entry = best.get(value_key)
            if entry is None:
                best[value_key] = [sim, i, v, preference]
            else:
                entry[0] = max(entry[0], sim)
                if preference < entry[3]:
                    entry[2], entry[3] = v, preference
        ranked = sorted(best.values(), key=lambda e: (-e[0], e[1]))
        return [e[2] for e in ranked[: self.config.bindings_per_input]]

    def bindings(self, spec: ToolSpec, template: Any, pool: list[Value], *, best_only: bool = False) -> list[dict[str, Value]]:
        """Bindings of a template's observation inputs, best first.

        The best candidate per input, then one input at a time varied over its alternatives, then
        (for several inputs) joint combinations of the top candidates ordered by rank sum, capped
        at ``joint_bindings``: conjunctive inputs such as an origin and a destination airport are
        only valid together.
        """
        options = {}
        for name in template.observations:
            cands = self.candidates_for(spec, name, pool)
            if not cands:
                return []
            options[name] = cands
        base = {name: cands[0] for name, cands in options.items()}
        out = [base]
        if best_only:
            return out
        for name, cands in options.items():
            for alt in cands[1:]:
                out.append({**base, name: alt})
        if len(options) > 1 and self.config.joint_bindings > len(out):
            names = list(options)
            per_input = max(2, int(self.config.joint_bindings ** (1.0 / len(names))))
            ranges = [range(min(per_input, len(options[n]))) for n in names]
            combos = sorted(itertools.product(*ranges), key=lambda idx: (sum(idx), idx))
            seen = {tuple(sorted((k, v.key) for k, v in b.items())) for b in out}
            for idx in combos:
                binding = {n: options[n][i] for n, i in zip(names, idx)}
                key = tuple(sorted((k, v.key) for k, v in binding.items()))
                if key not in seen:
                    seen.add(key)
                    out.append(binding)
                if len(out) >= self.config.joint_bindings:
                    break
        return out

    def enum_variants(self, spec: ToolSpec, args: dict[str, Any]) -> list[dict[str, Any]]:
        """The template's call with one enumerated literal input set to another allowed value.

        Up to ``enum_variants`` values per input, in the order the metadata lists them: a lookup
        over 23 cities then yields several airport codes instead of one, values that later calls
        can bind together (an origin and a destination that form a route).
        """
        out = []
        props = (spec.parameters or {}).get("properties") or {}
        for name, value in args.items():
            options = (props.get(name) or {}).get("enum")
            if not isinstance(options, list) or isinstance(value, list):
                continue
            for option in [o for o in options if o != value][: self.config.enum_variants]:
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

    # ---- the three tests
    def provenance_tests(self, node: Node, spec: ToolSpec, template: Any, args: dict[str, Any],
                         binding: Mapping[str, Value], record: InvocationRecord) -> None:
        required = set(spec.required_inputs)
        for name, value in binding.items():
            control_args = dict(args)
            if name not in required:
                control_args.pop(name)
                control_desc: Any = {"omitted": name}
            else:
                literals = [t.arguments[name].value for t in self.contracts[spec.name].templates
                            if name in t.arguments and t.arguments[name].kind == "literal"]
                control = make_control(value.value, ((spec.parameters or {}).get("properties") or {}).get(name, {}), literals)
                if control is NO_CONTROL:
                    continue
                control_args[name] = control
                control_desc = {"value": control}
            control_record, _ = self.run(node, spec.name, control_args)
            outcome = self.classify(spec.name, control_record)
            similarity = self.sim(value.export, name)
            evidence = {
                "state": list(node.path),
                "provider_value": {"tool": value.provider, "export": value.export, "path": value.path, "value": value.value},
                "call": self.call_json(spec.name, args),
                "record": self.trim(record),
                "control": {**control_desc, "call": self.call_json(spec.name, control_args), "record": self.trim(control_record)},
            }
            if outcome == "failure":
                kind = "provenance"
            elif outcome == "success" and similarity > self.config.tau:
                kind = "compatibility"
            else:
                continue
            self.admit(Relation(value.provider, spec.name, kind, value.export, name, round(similarity, 6), evidence))

    def state_tests(self, before: Node, after: Node, provider: str, provider_args: dict[str, Any],
                    fresh: list[Value] = (), after_pool: list[Value] | None = None) -> None:
        """Consumers of the provider's partition, identical arguments before and after the transition.

        Observation inputs take the best values of the after-state; each input that can also take a
        value the transition itself produced (``fresh``: a new file name, a new id) is tried with it,
        since that is the value whose existence the state change created.
        """
        for spec in self.by_partition[self.partition[provider]]:
            if spec.name == provider:
                continue
            for template in self.contracts[spec.name].success_templates:
                args = self.literal_args(template)
                pool = after.pool if after_pool is None else after_pool
                binds = self.bindings(spec, template, pool, best_only=True) if template.observations else [{}]
                if binds and template.observations and fresh:
                    base = binds[0]
                    for name in template.observations:
                        for v in self.candidates_for(spec, name, list(fresh)):
                            if v.key != base[name].key:
                                binds.append({**base, name: v})
                for binding in binds:
                    call = {**args, **{k: v.value for k, v in binding.items()}}
                    rb, _ = self.run(before, spec.name, call)
                    if self.classify(spec.name, rb) != "failure":
                        continue
                    ra, _ = self.run(after, spec.name, call)
                    if self.classify(spec.name, ra) != "success":
                        continue
                    self.admit(Relation(provider, spec.name, "state", None, None, None, {
                        "state": list(before.path),
                        "provider_call": self.call_json(provider, provider_args),
                        "consumer_call": self.call_json(spec.name, call),
                        "before": self.trim(rb),
                        "after": self.trim(ra),
                    }))

    # ---- exploration
    def explore_node(self, node: Node) -> NodeResult:
        """Run every template in ``node``'s state; return relations, child states and values."""
        self.relations = {}
        children: list[tuple[str, Any, str, dict[str, Any], int, list[Value]]] = []  # pool = final[:n] + values
        pool = list(node.pool)
        keys = {v.key for v in pool}
        tools = [s for s in self.catalog if node.partitions is None or self.partition[s.name] in node.partitions]
        expand = node.depth < self.config.max_depth

        def after_success(spec: ToolSpec, args: dict[str, Any], record: InvocationRecord, child) -> None:
            values = self.values_of(spec.name, record)
            if child is None:
                self.add_values(pool, keys, values)
                return
            if not expand:
                self.report.states_cut_depth += 1
                return
            digest, snap = child
            new_values = [v for v in dict((v.key, v) for v in values).values() if v.key not in keys]
            children.append((digest, snap, spec.name, args, len(pool), new_values))

        # pass 1: literal-only templates
        for spec in tools:
            for template in self.contracts[spec.name].success_templates:
                if template.observations:
                    continue
                args = self.literal_args(template)
                record, child = self.run(node, spec.name, args)
                if self.classify(spec.name, record) == "success":
                    after_success(spec, args, record, child)
                if node.depth == 0:  # in the fresh state, other allowed values show more of the world
                    for variant in self.enum_variants(spec, args):
                        record, child = self.run(node, spec.name, variant)
                        if self.classify(spec.name, record) == "success":
                            after_success(spec, variant, record, child)
        # pass 2 and 3: templates with observation inputs, bound to the values seen so far
        tried: set[tuple[str, str]] = set()
        for _round in range(2):
            for spec in tools:
                for template in self.contracts[spec.name].success_templates:
                    if not template.observations:
                        continue
                    successes = 0
                    for binding in self.bindings(spec, template, pool):
                        if successes >= self.config.successes_per_template:
                            break
                        args = {**self.literal_args(template), **{k: v.value for k, v in binding.items()}}
                        marker = (spec.name, canonical_json(args) + "|" + canonical_json(sorted((k, v.key) for k, v in binding.items())))
                        if marker in tried:
                            continue
                        tried.add(marker)
                        record, child = self.run(node, spec.name, args)
                        if self.classify(spec.name, record) != "success":
                            continue
                        successes += 1
                        self.provenance_tests(node, spec, template, args, binding, record)
                        after_success(spec, args, record, child)
        return NodeResult(node.id, list(self.relations.values()), children, pool, dict(self.updates),
                          set(self.succeeded), self.report, dict(self.unmatched))


def explore_chunk(ctx: Context, contracts: Any, extra_sims: Mapping, nodes: list[Node]) -> list[NodeResult]:
    """Explore a batch of nodes of one level (each against the contracts as of the level start)."""
    from llama_index_libra.induction.executors import resolve_shared

    contracts = resolve_shared(contracts)
    out = []
    for node in nodes:
        explorer = Explorer(ctx, contracts, extra_sims)
        out.append(explorer.explore_node(node))
    if ctx.log_dir is not None:
        _LOGS[ctx.log_dir].close()
    return out


def state_test_chunk(ctx: Context, contracts: Mapping[str, Any], extra_sims: Mapping,
                     transitions: list[tuple[int, int, str, dict[str, Any], list[Value]]],
                     pools: Mapping[int, list[Value]], nodes: Mapping[int, Node]) -> list[tuple[list[Relation], Counters]]:
    """Run the state tests of a batch of transitions (states and after-pools shipped once per node)."""
    from llama_index_libra.induction.executors import resolve_shared

    contracts = resolve_shared(contracts)
    out = []
    explorer = Explorer(ctx, contracts, extra_sims)
    for before_id, after_id, provider, args, fresh in transitions:
        before, after, after_pool = nodes[before_id], nodes[after_id], pools[after_id]
        explorer.relations = {}
        explorer.state_tests(before, after, provider, args, fresh, after_pool)
        out.append((list(explorer.relations.values()), explorer.report))
        explorer.report = Counters()
    if ctx.log_dir is not None:
        _LOGS[ctx.log_dir].close()
    return out
