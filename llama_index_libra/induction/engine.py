"""Algorithm 1: execute candidate compositions in a sandbox and keep counterfactually supported relations.

Exploration is breadth first over sandbox states, starting from the runtime's fresh state:

1. In each explored state, every success template of every tool runs; literal-only templates
   first, then templates whose observation inputs are bound to values observed earlier (exports
   of successful calls in this state or on the path to it). Bindings are ranked by the
   similarity of the provider's field name to the input name and capped per input.
2. Input provenance: a bound call that succeeds is re-run from the same saved state with the
   input replaced by a control (an optional input is omitted instead). Control fails ->
   ``provenance``; control succeeds and the field names align (cos > tau) -> ``compatibility``.
3. State dependency: a successful call that changes the state is a transition sigma -> sigma'.
   Every template of the tools in the same state partition runs with identical arguments in
   sigma and in sigma'; fail before and succeed after -> ``state``.
4. New states are explored up to ``max_depth`` calls from the fresh state (de-duplicated by the
   state digest), so multi-hop and conjunctive prerequisites are found: in a state where the
   doors are locked, pressing the brake is what lets the engine start.

Runs are memoized by (state digest, tool, arguments): runtimes are deterministic, so a repeated
call in the same state is never executed twice. All iteration orders are deterministic, so the
same catalog, runtime and settings give the same library bytes.

Bounds: ``max_depth`` (state chain length), ``max_states`` (distinct states explored),
``max_runs`` (tool executions) and ``bindings_per_input``; the report says what they cut.
Known limitation: below the fresh state, only tools of the partitions changed on the path are
re-explored (tools of untouched partitions behave exactly as in the parent state), so a value
first produced in one partition's child state is not offered to other partitions' tools.
"""

from __future__ import annotations

import json
import time
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from jsonschema import Draft202012Validator

from llama_index_libra._io import atomic_write_json, canonical_json
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.induction.controls import NO_CONTROL, make_control
from llama_index_libra.induction.fields import FieldEncoder, resolve_field_encoder
from llama_index_libra.library import Relation, ToolLibrary
from llama_index_libra.records import InvocationRecord

__all__ = ["InductionConfig", "BuildReport", "induce", "candidate_compositions", "schema_type"]


@dataclass(frozen=True)
class InductionConfig:
    """Induction settings. ``tau`` is the field-alignment threshold of compatibility relations.

    tau = 0.5 is fixed a priori (never fitted to benchmark labels): under the packaged MiniLM
    encoder, humanized field names that denote the same thing ("user id"/"receiver id",
    "access token"/"token") score above it, unrelated ones ("balance"/"file name") well below.
    """

    tau: float = 0.5
    max_depth: int = 2
    max_states: int = 5000
    max_runs: int = 1_000_000
    bindings_per_input: int = 4
    joint_bindings: int = 32
    successes_per_template: int = 4
    max_revisions: int = 2
    timeout_s: float | None = 5.0
    evidence_chars: int = 400

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class BuildReport:
    """Run-dependent build figures (Table 5); kept out of the deterministic library file."""

    tools: int = 0
    candidates: int = 0
    relations: dict[str, int] = field(default_factory=dict)
    runs: int = 0
    memo_hits: int = 0
    states_explored: int = 0
    transitions: int = 0
    states_cut_depth: int = 0
    states_cut_budget: int = 0
    runs_cut_budget: int = 0
    duplicate_states: int = 0
    errors: int = 0
    timeouts: int = 0
    contracts_revised: int = 0
    llm_calls: int = 0
    cache_hits: int = 0
    wall_s: float = 0.0
    execution_s: float = 0.0
    failures: dict[str, str] = field(default_factory=dict)

    @property
    def s_per_1000_candidates(self) -> float:
        return 1000.0 * self.wall_s / self.candidates if self.candidates else float("nan")

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["s_per_1000_candidates"] = self.s_per_1000_candidates
        return out

    def write(self, path: str | Path) -> Path:
        return atomic_write_json(path, self.to_json(), indent=1)

    def summary(self) -> str:
        rel = ", ".join(f"{k} {v}" for k, v in self.relations.items())
        return (
            f"tools {self.tools} | candidate compositions {self.candidates} | relations: {rel}\n"
            f"runs {self.runs} (memo hits {self.memo_hits}, errors {self.errors}, timeouts {self.timeouts}) | "
            f"states explored {self.states_explored}, transitions {self.transitions}\n"
            f"cut by bounds: states beyond max_depth {self.states_cut_depth}, states over max_states "
            f"{self.states_cut_budget}, runs over max_runs {self.runs_cut_budget}\n"
            f"wall clock {self.wall_s:.2f} s | {self.s_per_1000_candidates:.3f} s per 1,000 candidates"
        )


# ------------------------------------------------------------------------------- static candidates
_NUMERIC = {"integer", "number"}


def schema_type(schema: Any) -> str | None:
    if isinstance(schema, Mapping):
        t = schema.get("type")
        if isinstance(t, str):
            return t
        if isinstance(schema.get("enum"), list) and schema["enum"]:
            v = schema["enum"][0]
            return {bool: "boolean", int: "integer", float: "number", str: "string"}.get(type(v))
    return None


def _compatible(out_schema: Any, in_schema: Any) -> bool:
    a, b = schema_type(out_schema), schema_type(in_schema)
    if a is None or b is None:
        return True
    if a == b:
        if a == "array":
            return _compatible((out_schema or {}).get("items"), (in_schema or {}).get("items"))
        return True
    return a == "integer" and b == "number"


def candidate_compositions(catalog: ToolCatalog, contracts: Mapping[str, Any]) -> list[tuple[str, str, str, str]]:
    """(provider, export name, consumer, input) quadruples whose export schema type-fits the input."""
    inputs = [
        (spec.name, name, schema)
        for spec in catalog
        for name, schema in ((spec.parameters or {}).get("properties") or {}).items()
    ]
    out = []
    for spec in catalog:
        contract = contracts[spec.name]
        exports = {}
        for e in contract.exports:
            if e.propagate and e.name not in exports:
                exports[e.name] = e.schema
        for export_name, export_schema in exports.items():
            for consumer, input_name, input_schema in inputs:
                if consumer != spec.name and _compatible(export_schema, input_schema):
                    out.append((spec.name, export_name, consumer, input_name))
    return out


# ------------------------------------------------------------------------------- exploration state
@dataclass(frozen=True)
class _Value:
    provider: str
    export: str
    path: str
    value: Any
    key: str


@dataclass
class _Node:
    id: int
    digest: str
    snap: Any
    depth: int
    path: tuple[dict[str, Any], ...]
    pool: list[_Value]
    partitions: frozenset[str] | None  # None: every partition (the fresh state)
    final: list[_Value] | None = None  # the pool once the node was explored


class _Explorer:
    def __init__(self, runtime: Any, catalog: ToolCatalog, contracts: Mapping[str, Any], config: InductionConfig,
                 encoder: FieldEncoder, report: BuildReport, progress: Any, proposer: Any = None) -> None:
        self.proposer = proposer
        self.revisions_left = {spec.name: config.max_revisions for spec in catalog}
        self.runtime = runtime
        self.catalog = catalog
        self.contracts = dict(contracts)
        self.config = config
        self.encoder = encoder
        self.report = report
        self.progress = progress
        self.memo: dict[tuple[str, str, str], tuple[InvocationRecord, tuple[str, Any] | None]] = {}
        self.live: tuple[int, Any] | None = None
        self.relations: dict[tuple, Relation] = {}
        self.partition = {spec.name: runtime.partition_of(spec.name) for spec in catalog}
        self.by_partition: dict[str, list[ToolSpec]] = {}
        for spec in catalog:
            self.by_partition.setdefault(self.partition[spec.name], []).append(spec)
        self._validators: dict[tuple[str, str], Draft202012Validator] = {}
        self._sims: dict[tuple[str, str], float] = {}
        self.nodes = 0
        self.seen: dict[str, int] = {}
        self.feedback_done: set[str] = set()
        self.seen_nodes: dict[str, _Node] = {}
        self.transitions: list[tuple] = []
        self.succeeded: set[str] = set()
        self.revised: set[str] = set()

    # ---- helpers
    def sim(self, a: str, b: str) -> float:
        key = (a, b)
        if key not in self._sims:
            self._sims[key] = float(self.encoder.similarity(a, b))
        return self._sims[key]

    def validator(self, spec: ToolSpec, name: str) -> Draft202012Validator:
        key = (spec.name, name)
        if key not in self._validators:
            schema = ((spec.parameters or {}).get("properties") or {}).get(name, {})
            self._validators[key] = Draft202012Validator(schema if isinstance(schema, (dict, bool)) else {})
        return self._validators[key]

    def trim(self, record: InvocationRecord) -> dict[str, Any]:
        ev = record.to_evidence()
        for key in ("output", "state_changes"):
            text = canonical_json(ev.get(key))
            if len(text) > self.config.evidence_chars:
                ev[key] = text[: self.config.evidence_chars] + "...[truncated]"
        return ev

    def classify(self, tool: str, record: InvocationRecord) -> str | None:
        outcome = self.contracts[tool].classify(record)
        if outcome is None and self.revisions_left.get(tool, 0) > 0 and hasattr(self.proposer, "revise"):
            # Algorithm 1, line 13: the record matches neither outcome schema -> revise the
            # contract from same-tool feedback (at most two revisions per tool)
            self.revisions_left[tool] -= 1
            revised = self.proposer.revise(self.catalog.get(tool), self.contracts[tool], record)
            if revised is not None:
                self.contracts[tool] = revised.with_mechanical_exports(self.catalog.get(tool))
                self.report.contracts_revised += 1
                outcome = self.contracts[tool].classify(record)
        if outcome is None:  # neither schema: fall back on the normalized status
            outcome = "success" if record.status == "success" else "failure"
        if outcome == "success":
            self.succeeded.add(tool)
        return outcome

    def revise_unsuccessful(self) -> list[str]:
        """Runtime-feedback revision for tools none of whose success templates ever succeeded.

        Their free-text literals (strings without an enum or format, which metadata could not make
        valid) become observations, so the next pass binds them to values other tools produced.
        One revision per tool; returns the revised tool names.
        """
        from dataclasses import replace

        from llama_index_libra.contracts.model import ArgumentSpec, CallTemplate

        revised = []
        for spec in self.catalog:
            if spec.name in self.succeeded or spec.name in self.revised:
                continue
            contract = self.contracts[spec.name]
            props = (spec.parameters or {}).get("properties") or {}
            new_templates = []
            for template in contract.success_templates:
                args = dict(template.arguments)
                changed = False
                for name, arg in template.arguments.items():
                    schema = props.get(name) or {}
                    if arg.kind == "literal" and isinstance(arg.value, str) and not any(
                        k in schema for k in ("enum", "const", "format", "pattern")
                    ):
                        args[name] = ArgumentSpec.obs({"type": "string"})
                        changed = True
                if changed:
                    new_templates.append(CallTemplate(f"{template.id}_r1", "success", args))
            self.revised.add(spec.name)
            if new_templates:
                taken = {t.id for t in contract.templates}
                extra = tuple(t for t in new_templates if t.id not in taken)
                self.contracts[spec.name] = replace(contract, templates=contract.templates + extra)
                revised.append(spec.name)
        self.report.contracts_revised += len(revised)
        return revised

    # ---- execution
    def run(self, node: _Node, tool: str, args: dict[str, Any]) -> tuple[InvocationRecord, tuple[str, Any] | None]:
        key = (node.digest, tool, canonical_json(args))
        hit = self.memo.get(key)
        if hit is not None:
            self.report.memo_hits += 1
            return hit
        if self.report.runs >= self.config.max_runs:
            self.report.runs_cut_budget += 1
            rec = InvocationRecord(tool=tool, status="error", arguments=args, message="not run: max_runs reached")
            return rec, None
        if self.live is None or self.live[0] != node.id:
            self.live = (node.id, self.runtime.restore(node.snap))
        state = self.live[1]
        t0 = time.perf_counter()
        record = self.runtime.call(state, tool, args, timeout_s=self.config.timeout_s)
        self.report.execution_s += time.perf_counter() - t0
        self.report.runs += 1
        child = None
        if record.status == "error":
            self.report.errors += 1
            if record.message and record.message.startswith("timeout:"):
                self.report.timeouts += 1
            self.report.failures.setdefault(tool, record.message or "error")
            self.live = None  # a failed call may have left the state half-changed
        if record.state_changes:
            if record.status == "success":
                child = (self.runtime.digest(state), self.runtime.snapshot(state))
            self.live = None
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
            self.report.contracts_revised += 1

    def values_of(self, tool: str, record: InvocationRecord) -> list[_Value]:
        self.feedback_exports(tool, record)
        out = []
        for ev in self.contracts[tool].extract(record, propagating_only=True):
            out.append(_Value(tool, ev.export_name, ev.path, ev.value, f"{tool}\x00{ev.export_name}\x00{canonical_json(ev.value)}"))
        return out

    @staticmethod
    def add_values(pool: list[_Value], keys: set[str], values: Iterable[_Value]) -> None:
        for v in values:
            if v.key not in keys:
                keys.add(v.key)
                pool.append(v)

    def candidates_for(self, spec: ToolSpec, name: str, pool: list[_Value]) -> list[_Value]:
        validator = self.validator(spec, name)
        ranked = []
        seen_values: set[str] = set()
        is_array = schema_type(((spec.parameters or {}).get("properties") or {}).get(name)) == "array"
        for i, v in enumerate(pool):
            if v.provider == spec.name:
                continue
            if not validator.is_valid(v.value):
                # an array input takes a single observed element as a one-item list
                if not (is_array and not isinstance(v.value, list) and validator.is_valid([v.value])):
                    continue
                v = _Value(v.provider, v.export, v.path, [v.value], v.key + "\x00[]")
            ranked.append((-self.sim(v.export, name), i, v))
        ranked.sort(key=lambda x: (x[0], x[1]))
        out = []
        for _, _, v in ranked:
            # distinct values (each credited to its best-aligned provider): slots filled by one
            # value echoed by several tools would hide the other values
            vk = canonical_json(v.value)
            if vk in seen_values:
                continue
            seen_values.add(vk)
            out.append(v)
            if len(out) >= self.config.bindings_per_input:
                break
        return out

    def bindings(self, spec: ToolSpec, template: Any, pool: list[_Value], *, best_only: bool = False) -> list[dict[str, _Value]]:
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
            import itertools

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

    @staticmethod
    def literal_args(template: Any) -> dict[str, Any]:
        return {name: arg.value for name, arg in template.arguments.items() if arg.kind == "literal"}

    # ---- relations
    def admit(self, relation: Relation) -> None:
        self.relations.setdefault(relation.key, relation)

    def call_json(self, tool: str, args: Mapping[str, Any]) -> dict[str, Any]:
        return {"tool": tool, "arguments": dict(args)}

    # ---- the three tests
    def provenance_tests(self, node: _Node, spec: ToolSpec, template: Any, args: dict[str, Any],
                         binding: Mapping[str, _Value], record: InvocationRecord) -> None:
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

    def state_tests(self, before: _Node, after: _Node, provider: str, provider_args: dict[str, Any],
                    fresh: list[_Value] = (), after_pool: list[_Value] | None = None) -> None:
        """Consumers of the provider's partition, identical arguments before and after the transition.

        Observation inputs take the best values of the after-state; each input that can also take a
        value the transition itself produced (``fresh``: a new file name, a new id) is tried with it,
        since that is the value whose existence the state change created.
        """
        self.report.transitions += 1
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
    def new_node(self, digest: str, snap: Any, depth: int, path: tuple, pool: list[_Value], partitions) -> _Node:
        self.nodes += 1
        return _Node(self.nodes, digest, snap, depth, path, pool, partitions)

    def explore(self) -> None:
        """Explore from the fresh state; then revise never-successful contracts and explore again."""
        self.explore_once()
        if self.revise_unsuccessful():
            self.seen.clear()
            self.seen_nodes.clear()
            self.explore_once()

    def explore_once(self) -> None:
        state = self.runtime.fresh()
        root = self.new_node(self.runtime.digest(state), self.runtime.snapshot(state), 0, (), [], None)
        self.seen[root.digest] = root.id
        self.seen_nodes[root.digest] = root
        self.transitions = []
        queue: deque[_Node] = deque([root])
        while queue:
            node = queue.popleft()
            self.report.states_explored += 1
            self.explore_node(node, queue)
            if self.progress is not None:
                self.progress.update(1)
                self.progress.set_postfix(runs=self.report.runs, relations=len(self.relations), refresh=False)
        # State tests run once both ends are explored, so the consumer can take values that only
        # exist after the transition (a file listed inside the directory that cd entered).
        for before, after, provider, args, values in self.transitions:
            before_keys = {v.key for v in (before.final or before.pool)}
            after_pool = after.final or after.pool
            fresh = list(values) + [v for v in after_pool if v.key not in before_keys]
            self.state_tests(before, after, provider, args, fresh, after_pool)

    def explore_node(self, node: _Node, queue: deque) -> None:
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
            child_pool = list(pool)
            self.add_values(child_pool, {v.key for v in child_pool}, values)
            parts = frozenset({self.partition[spec.name]}) | (node.partitions or frozenset())
            after = self.new_node(digest, snap, node.depth + 1, node.path + (self.call_json(spec.name, args),), child_pool, parts)
            if digest in self.seen:
                self.report.duplicate_states += 1
                after = self.seen_nodes[digest]
            elif len(self.seen) >= self.config.max_states:
                self.report.states_cut_budget += 1
            else:
                self.seen[digest] = after.id
                self.seen_nodes[digest] = after
                queue.append(after)
            self.transitions.append((node, after, spec.name, args, values))

        # pass 1: literal-only templates
        for spec in tools:
            for template in self.contracts[spec.name].success_templates:
                if template.observations:
                    continue
                args = self.literal_args(template)
                record, child = self.run(node, spec.name, args)
                if self.classify(spec.name, record) == "success":
                    after_success(spec, args, record, child)
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
        node.final = pool


def _default_proposer(runtime: Any) -> Any:
    from llama_index_libra.contracts.proposer import SchemaContractProposer

    return SchemaContractProposer(fixtures=getattr(runtime, "fixtures", None) or {})


def _propose_contracts(catalog: ToolCatalog, runtime: Any, proposer: Any, contracts: Mapping[str, Any] | None,
                       progress: bool = False) -> dict[str, Any]:
    from llama_index_libra.contracts.model import Contract

    out: dict[str, Any] = {}
    given = dict(contracts or {})
    specs = list(catalog)
    if progress and proposer is not None and not isinstance(proposer, type(_default_proposer(runtime))):
        from tqdm.auto import tqdm

        specs = tqdm(specs, desc="contracts", unit="tool")
    for spec in specs:
        contract = given.get(spec.name)
        if contract is None:
            contract = proposer.propose(spec)
        elif not isinstance(contract, Contract):
            contract = Contract.from_json(contract, spec=spec)
        out[spec.name] = contract.with_mechanical_exports(spec)
    return out


def induce(
    runtime: Any,
    *,
    catalog: ToolCatalog | None = None,
    proposer: Any = None,
    contracts: Mapping[str, Any] | None = None,
    config: InductionConfig | None = None,
    field_encoder: Any = "minilm",
    show_progress: bool = False,
) -> tuple[ToolLibrary, BuildReport]:
    """Build a :class:`ToolLibrary` by executing candidate compositions in ``runtime``.

    ``runtime`` is the sandbox the user explicitly provides; no tool is ever called outside it.
    ``contracts`` (tool -> Contract or its JSON) override the ``proposer`` (default: the
    schema-derived proposer, no LLM). Returns the deterministic library and the run's report.
    """
    config = config or InductionConfig()
    catalog = catalog or runtime.catalog
    t0 = time.perf_counter()
    report = BuildReport(tools=len(catalog))
    proposer = proposer if proposer is not None else _default_proposer(runtime)
    contract_map = _propose_contracts(catalog, runtime, proposer, contracts, show_progress)
    encoder = resolve_field_encoder(field_encoder)

    quads = candidate_compositions(catalog, contract_map)
    report.candidates = len(quads)
    if hasattr(encoder, "warm"):
        encoder.warm(sorted({q[1] for q in quads} | {q[3] for q in quads}))

    progress = None
    if show_progress:
        from tqdm.auto import tqdm

        progress = tqdm(desc=f"inducing {catalog.name}", unit="state")
    explorer = _Explorer(runtime, catalog, contract_map, config, encoder, report, progress, proposer)
    try:
        explorer.explore()
    finally:
        if progress is not None:
            progress.close()

    candidates = [
        Relation(p, c, "compatibility", e, i, round(explorer.sim(e, i), 6), {}, source="schema")
        for p, e, c, i in quads
    ]
    library = ToolLibrary(
        catalog=catalog,
        relations=list(explorer.relations.values()),
        contracts={name: c.to_json() for name, c in explorer.contracts.items()},
        candidates=candidates,
        runtime=_runtime_info(runtime),
        settings={"induction": config.to_json(), "field_encoder": getattr(encoder, "name", type(encoder).__name__),
                  "proposer": getattr(proposer, "name", type(proposer).__name__)},
    )
    report.relations = library.counts()
    for attr in ("llm_calls", "cache_hits"):
        setattr(report, attr, int(getattr(proposer, attr, 0) or 0))
    report.wall_s = time.perf_counter() - t0
    return library, report


def _runtime_info(runtime: Any) -> dict[str, Any]:
    info: dict[str, Any] = {"name": getattr(runtime, "name", type(runtime).__name__), "class": type(runtime).__name__}
    fixtures = getattr(runtime, "fixtures", None)
    if fixtures:
        info["fixtures"] = json.loads(canonical_json(fixtures))
    return info
