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

Exploration runs level by level (all states one call deeper than the last level): the states of
a level are explored independently (by the serial, process-pool or Ray executor of
``executors.py``) against the contracts as of the level's start, and the master merges their
results in state order; contract revisions (feedback exports, LLM revisions) apply from the next
level; state tests run once every state is explored. So every executor gives the same library
bytes. Runs are memoized per worker by (state digest, tool, arguments) and, with ``log_dir``,
logged by content hash (``runlog.py``) so interrupted builds resume and edited catalogs rebuild
incrementally. The worker side lives in ``explorer.py``.

Bounds: ``max_depth`` (state chain length), ``max_states`` (distinct states explored),
``max_runs`` (tool executions per worker batch) and ``bindings_per_input``; the report says what
they cut. Known limitation: below the fresh state, only tools of the partitions changed on the
path are re-explored (tools of untouched partitions behave exactly as in the parent state), so a
value first produced in one partition's child state is not offered to other partitions' tools.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Mapping

from llama_index_libra._io import atomic_write_json, canonical_json
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.induction import explorer as _explorer
from llama_index_libra.induction.explorer import (
    Context,
    Node,
    NodeResult,
    Value,
    ablation_chunk,
    explore_chunk,
    schema_type,
    state_test_chunk,
)
from llama_index_libra.induction.field_encoders import resolve_field_encoder
from llama_index_libra.library import Relation, ToolLibrary

__all__ = ["InductionConfig", "BuildReport", "induce", "candidate_compositions", "schema_type", "select_providers"]

# What the pool's workers import as they start: the module of the functions they run (the chunk entry points).
_WORKER_MODULE = _explorer.__name__


@dataclass(frozen=True)
class InductionConfig:
    """Induction settings. ``tau`` is the field-alignment threshold of compatibility relations.

    tau = 0.5 is fixed a priori (never fitted to benchmark labels): under the packaged MiniLM
    encoder, humanized field names that denote the same thing ("user id"/"receiver id",
    "access token"/"token") score above it, unrelated ones ("balance"/"file name") well below.

    Exploration bounds: every state up to ``max_depth`` calls from a fresh state is explored in
    full; past it, a state is explored in full (and may be deepened further, up to
    ``goal_depth``) only when its parent was *productive* (some template succeeded there for the
    first time, or it produced a value under an export name never seen before), at most
    ``goal_children_per_tool`` such states per transition tool, plus ``chain_children_per_tool``
    whose call uses a value the parent's own transition produced (create a branch, commit to it,
    open a pull request: a chain of creations); other states past the bound get
    value-only tests (``max_value_states`` of them). ``max_states`` bounds the fully explored ones.

    ``providers_per_input`` keeps, per consumer input, the value relations of that many providers
    (0: all): provenance before compatibility, then the best field alignment, then the most direct
    export (a top-level field before a field inside a list of records), then the earliest found.
    Retrieval promotes the best providers of an input anyway; the others are alternative routes.
    A provider that itself takes the field it provides (a fork taking a repository id) ranks after
    the sources of that field.

    ``revise_unsuccessful`` re-explores once with the free-text literals of never-successful tools
    turned into observations; off by default, since every template already retries its free
    literals with observed values of a fitting type when all its bindings fail.
    """

    tau: float = 0.5
    max_depth: int = 2
    goal_depth: int = 8
    goal_children_per_tool: int = 1
    chain_children_per_tool: int = 3
    max_states: int = 400
    max_value_states: int = 100
    providers_per_input: int = 1
    revise_unsuccessful: bool = False
    max_runs: int = 1_000_000
    bindings_per_input: int = 4
    joint_bindings: int = 32
    successes_per_template: int = 4
    max_revisions: int = 2
    enum_variants: int = 3
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
    log_hits: int = 0
    executor: str = "serial"
    workers: int = 1
    states_explored: int = 0
    value_states: int = 0
    goal_states: int = 0
    max_path: int = 0
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
    llm_s: float = 0.0
    wall_s: float = 0.0
    tests_s: float = 0.0
    execution_s: float = 0.0
    failures: dict[str, str] = field(default_factory=dict)
    tools_succeeded: int = 0
    relations_pruned: int = 0
    never_succeeded: dict[str, dict[str, Any]] = field(default_factory=dict)
    pool_restarts: int = 0  # process pools restarted after a worker died (their unfinished chunks ran again)

    @property
    def s_per_1000_candidates(self) -> float:
        """Induction time per 1,000 candidates, without the time spent waiting for LLM replies (``llm_s``)."""
        return 1000.0 * max(self.wall_s - self.llm_s, 0.0) / self.candidates if self.candidates else float("nan")

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["s_per_1000_candidates"] = self.s_per_1000_candidates
        return out

    def write(self, path: str | Path) -> Path:
        return atomic_write_json(path, self.to_json(), indent=1)

    def summary(self, *, details: int = 20) -> str:
        """Figures in a few lines, then (up to ``details``) tools that never succeeded and why."""
        rel = ", ".join(f"{k} {v}" for k, v in self.relations.items())
        lines = [
            f"tools {self.tools} | succeeded {self.tools_succeeded}/{self.tools} | candidate compositions "
            f"{self.candidates} | relations: {rel}",
            f"runs {self.runs} (memo hits {self.memo_hits}, log hits {self.log_hits}, errors {self.errors}, "
            f"timeouts {self.timeouts}) | executor {self.executor} x{self.workers}{f' (pool restarted {self.pool_restarts}x)' if self.pool_restarts else ''} | "
            f"states explored {self.states_explored} (goal-directed past max_depth {self.goal_states}, "
            f"value-only {self.value_states}, longest path {self.max_path}), transitions {self.transitions}",
            f"cut by bounds: states beyond the depth bounds {self.states_cut_depth}, states over max_states "
            f"{self.states_cut_budget}, runs over max_runs {self.runs_cut_budget}",
            f"wall clock {self.wall_s:.2f} s{f' (LLM {self.llm_s:.2f} s)' if self.llm_s else ''} | "
            f"{self.s_per_1000_candidates:.3f} s per 1,000 candidates{' (LLM time excluded)' if self.llm_s else ''}",
        ]
        if self.never_succeeded:
            lines.append(f"never succeeded ({len(self.never_succeeded)}): their prerequisites cannot be found")
            for tool, info in list(self.never_succeeded.items())[:details]:
                errors = "; ".join(f"{m} (x{n})" for m, n in info.get("errors", [])[:2]) or "never run (no binding)"
                lines.append(f"  {tool}: {info.get('runs', 0)} runs; {errors}")
            if len(self.never_succeeded) > details:
                lines.append(f"  ... and {len(self.never_succeeded) - details} more (see the report JSON)")
        return "\n".join(lines)


# ------------------------------------------------------------------------------- static candidates
_NUMERIC = {"integer", "number"}


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


# ------------------------------------------------------------------------------- the master
def _split(items: list, parts: int) -> list[list]:
    """Contiguous batches (order preserved), at most ``parts`` of them."""
    if not items:
        return []
    size = -(-len(items) // max(1, parts))
    return [items[i : i + size] for i in range(0, len(items), size)]


class _Master:
    """Level-synchronous exploration: each level's nodes are explored in parallel against the
    contracts as of the level start; results merge in node order, so any executor gives the same
    library."""

    def __init__(self, runtime: Any, catalog: ToolCatalog, contracts: dict[str, Any], config: InductionConfig,
                 ctx: Context, executor: Any, report: BuildReport, progress: Any, encoder: Any = None) -> None:
        self.runtime, self.catalog, self.config, self.ctx = runtime, catalog, config, ctx
        self.encoder = encoder
        self.proposer: Any = None
        self.contracts = dict(contracts)
        self.executor = executor
        self.report = report
        self.progress = progress
        self.relations: dict[tuple, Relation] = {}
        self.extra_sims: dict[tuple[str, str], float] = {}
        self.succeeded: set[str] = set()
        self.revised: set[str] = set()
        self.partition = ctx.partition
        self.revisions_left = {spec.name: config.max_revisions for spec in catalog}
        self.next_id = 0
        self.succeeded_templates: set[tuple[str, str]] = set()
        self.first_paths: dict[tuple[str, str], tuple[int, tuple, dict[str, Any]]] = {}
        self.export_names: set[str] = set()
        self.attempts: dict[str, dict[str, Any]] = {}

    def sim(self, a: str, b: str) -> float:
        value = self.ctx.sims.get((a, b))
        return self.extra_sims.get((a, b), 0.0) if value is None else value

    def node(self, digest: str, snap: Any, depth: int, path: tuple, pool: list, partitions) -> Node:
        self.next_id += 1
        return Node(self.next_id, digest, snap, depth, path, pool, partitions)

    def merge_counters(self, c: Any) -> None:
        r = self.report
        r.runs += c.runs
        r.memo_hits += c.memo_hits
        r.log_hits += c.log_hits
        r.errors += c.errors
        r.timeouts += c.timeouts
        r.runs_cut_budget += c.runs_cut_budget
        r.states_cut_depth += c.states_cut_depth
        r.contracts_revised += c.contracts_revised
        r.execution_s += c.execution_s
        for tool, message in c.failures.items():
            r.failures.setdefault(tool, message)

    def admit(self, relations: list[Relation]) -> None:
        for relation in relations:
            self.relations.setdefault(relation.key, relation)

    def batches(self, items: list) -> list[list]:
        return _split(items, self.executor.workers * 12 if self.executor.workers > 1 else 1)

    def fresh_roots(self) -> list[Node]:
        """One root node per distinct fresh state the runtime offers (``Runtime.fresh_states``)."""
        states = self.runtime.fresh_states() if hasattr(self.runtime, "fresh_states") else [self.runtime.fresh()]
        roots: list[Node] = []
        seen: set[str] = set()
        for state in states:
            digest = self.runtime.digest(state)
            if digest in seen:
                continue
            seen.add(digest)
            root = self.node(digest, self.runtime.snapshot(state), 0, (), fixture_values(getattr(self.runtime, "fixtures", None)), None)
            root.root = len(roots)
            roots.append(root)
        self.ctx.roots = [r.snap for r in roots]
        return roots

    def explore_pass(self) -> None:
        """Level-synchronous, goal-directed exploration from the fresh states (see InductionConfig)."""
        cfg = self.config
        level = self.fresh_roots()
        seen: dict[str, Node] = {n.digest: n for n in level}
        transitions: list[tuple[Node, Node, str, dict[str, Any], list[Value]]] = []
        explored_full = len(level)
        value_states = 0
        deep_per_tool: dict[str, int] = {}
        chain_per_tool: dict[str, int] = {}
        if self.progress is not None:
            self.progress.total = (self.progress.total or 0) + len(level)
            self.progress.refresh()
        while level:
            knowledge = self.executor.share({"succeeded": frozenset(self.succeeded_templates)})
            shared = self.executor.share(self.contracts)  # once per level, not once per batch
            results: list[NodeResult] = [
                r for batch in self.executor.map(explore_chunk, [(shared, self.extra_sims, b, knowledge) for b in self.batches(level)])
                for r in batch
            ]
            next_level: list[Node] = []
            updates: dict[str, Any] = {}
            unmatched: dict[str, Any] = {}
            by_id = {n.id: n for n in level}
            for result in results:
                node = by_id[result.node_id]
                node.final = result.final
                self.report.states_explored += 1
                self.report.max_path = max(self.report.max_path, len(node.path))
                self.merge_counters(result.counters)
                self.admit(result.relations)
                self.succeeded |= result.succeeded
                self.merge_attempts(result.attempts)
                productive = False
                for key, args in result.first_successes.items():
                    if key not in self.succeeded_templates:
                        productive = True
                        self.succeeded_templates.add(key)
                        self.first_paths[key] = (node.root, node.path, args)
                names = {v.export for v in result.final}
                if names - self.export_names:
                    productive = True
                    self.export_names |= names
                for tool, contract in result.updates.items():
                    updates.setdefault(tool, contract)  # the first node (in node order) wins
                for tool, record in result.unmatched.items():
                    unmatched.setdefault(tool, record)
                final_keys = {v.key for v in result.final}
                # values new in this state (from its transition or read here): a child whose call
                # uses one continues a chain (create a branch, commit to it, open a pull request)
                # (a value already observed before the transition, such as an id it merely took and
                # echoed, continues nothing: it would spend the chain budget on unrelated calls)
                old_json = {canonical_json(v.value) for v in node.pool[:node.new_from]}
                new_json = {canonical_json(v.value) for v in node.pool[node.new_from:] if v.provider == node.path[-1]["tool"]} - old_json \
                    if node.depth else set()
                chained: set[str] = set()  # one chain child per tool and parent
                for digest, snap, tool, args, prefix, new_values in result.children:
                    # values persist: everything observed in the parent state, then the new ones
                    child_pool = result.final + [v for v in new_values if v.key not in final_keys]
                    prefix = len(result.final)
                    parts = frozenset({self.partition[tool]}) | (node.partitions or frozenset())
                    if digest in seen:
                        self.report.duplicate_states += 1
                        after = seen[digest]
                    else:
                        after = self.node(digest, snap, node.depth + 1, node.path + ({"tool": tool, "arguments": args},), child_pool, parts)
                        after.new_from, after.root = prefix, node.root
                        mode = None
                        if node.mode == "full" and after.depth <= cfg.max_depth:
                            mode = "full"
                        elif node.mode == "full" and productive and after.depth <= cfg.goal_depth \
                                and (deep_per_tool.get(tool, 0) < cfg.goal_children_per_tool
                                     or (tool not in chained and chain_per_tool.get(tool, 0) < cfg.chain_children_per_tool
                                         and any(canonical_json(a) in new_json for a in args.values()))):
                            if deep_per_tool.get(tool, 0) >= cfg.goal_children_per_tool:
                                chain_per_tool[tool] = chain_per_tool.get(tool, 0) + 1
                            chained.add(tool)
                            mode = "full"
                            deep_per_tool[tool] = deep_per_tool.get(tool, 0) + 1
                            self.report.goal_states += 1
                        elif node.mode == "full":
                            mode = "values"
                        if mode == "full" and explored_full >= cfg.max_states:
                            self.report.states_cut_budget += 1
                            mode = "values"
                        if mode == "values" and value_states >= cfg.max_value_states:
                            mode = None
                        if mode is None:
                            self.report.states_cut_depth += 1
                        else:
                            after.mode = mode
                            seen[digest] = after
                            next_level.append(after)
                            if mode == "full":
                                explored_full += 1
                            else:
                                value_states += 1
                                self.report.value_states += 1
                    if digest in seen:  # state tests only where the after-state is explored
                        produced = [v for v in child_pool if v.provider == tool]
                        transitions.append((node, after, tool, args, produced))
                if self.progress is not None:
                    self.progress.update(1)
                    self.progress.set_postfix(runs=self.report.runs, relations=len(self.relations), refresh=False)
            if self.progress is not None and next_level:
                self.progress.total = (self.progress.total or 0) + len(next_level)
                self.progress.set_description(
                    f"inducing {self.catalog.name} (depth {next_level[0].depth}; states budget {cfg.max_states} full + {cfg.max_value_states} value-only)")
                self.progress.refresh()
            self.revise_from_feedback(unmatched, updates)
            self.apply_updates(updates)
            level = next_level
        self.report.transitions += len(transitions)
        # State tests run once both ends are explored, so the consumer can take values that only
        # exist after the transition (a file listed inside the directory that cd entered).
        jobs = []
        pools: dict[int, list[Value]] = {}
        lean: dict[int, Node] = {}
        for before, after, provider, args, values in transitions:
            before_keys = {v.key for v in (before.final or before.pool)}
            after_pool = pools.setdefault(after.id, after.final or after.pool)
            fresh = list(values) + [v for v in after_pool if v.key not in before_keys]
            lean.setdefault(before.id, _lean(before))
            lean.setdefault(after.id, _lean(after))
            jobs.append((before.id, after.id, provider, args, fresh))
        # every state (snapshot) and after-pool travels once per batch, not once per transition
        shared = self.executor.share(self.contracts)
        knowledge = self.executor.share({"succeeded": frozenset(self.succeeded_templates)})
        batches = [
            (shared, self.extra_sims, b, {j[1]: pools[j[1]] for j in b}, {i: lean[i] for j in b for i in j[:2]}, knowledge)
            for b in self.batches(jobs)
        ]
        for batch in self.executor.map(state_test_chunk, batches):
            for relations, counters in batch:
                self.admit(relations)
                self.merge_counters(counters)
        self.ablation_pass(shared)

    def ablation_pass(self, shared: Any) -> None:
        """Path ablation for every template first reached by a path of two or more calls; a
        transitive relation is kept only where no direct relation links the pair."""
        jobs = [(tool, tid, args, root, path) for (tool, tid), (root, path, args) in sorted(self.first_paths.items())
                if len(path) >= 2]
        direct = {(r.provider, r.consumer) for r in self.relations.values()}
        valued = {(r.provider, r.consumer) for r in self.relations.values() if r.kind != "state"}
        roots = self.ctx.roots
        found: list[Relation] = []
        for batch in self.executor.map(ablation_chunk, [(shared, self.extra_sims, b, roots) for b in self.batches(jobs)]):
            for relations, counters in batch:
                self.merge_counters(counters)
                found.extend(relations)
        # chains may run through transitive relations too (commit before opening a pull request)
        links = direct | {(r.provider, r.consumer) for r in found}
        self.admit([r for r in found if (r.provider, r.consumer) not in direct and not self.mediated(r, links, valued)])

    @staticmethod
    def mediated(relation: Relation, direct: set, valued: set) -> bool:
        """Whether a transitive relation only repeats a chain the direct relations already hold.

        Without the dropped call a later call of the path failed (the cascade); when that call
        reaches, through direct relations among the path's calls, a call whose value the consumer
        takes, the consumer's own value provider already leads retrieval to the dropped call
        (create a branch, commit to it, open a pull request, review it). A chain ending in a state
        relation (``mkdir -> cd -> grep``) keeps its transitive relation.
        """
        evidence = relation.evidence or {}
        cascade, path = evidence.get("cascade"), evidence.get("state") or []
        if not cascade:
            return False
        later = [c["tool"] for c in path[int(evidence.get("dropped", 0)) + 1:]]
        start = cascade["call"]["tool"]
        reached, frontier = {start}, [start]
        while frontier:
            tool = frontier.pop()
            for nxt in later:
                if nxt not in reached and (tool, nxt) in direct:
                    reached.add(nxt)
                    frontier.append(nxt)
        return any((tool, relation.consumer) in valued for tool in reached)

    def merge_attempts(self, attempts: Mapping[str, Any]) -> None:
        for tool, info in attempts.items():
            entry = self.attempts.setdefault(tool, {"runs": 0, "errors": {}, "tried": []})
            entry["runs"] += info["runs"]
            for message, n in info["errors"].items():
                entry["errors"][message] = entry["errors"].get(message, 0) + n
            for text in info["tried"]:
                if len(entry["tried"]) < 3 and text not in entry["tried"]:
                    entry["tried"].append(text)

    def coverage(self) -> None:
        """Tools succeeded / total and, per tool that never succeeded, its most frequent errors."""
        report = self.report
        report.tools_succeeded = sum(1 for spec in self.catalog if spec.name in self.succeeded)
        report.never_succeeded = {}
        for spec in self.catalog:
            if spec.name in self.succeeded:
                continue
            info = self.attempts.get(spec.name, {"runs": 0, "errors": {}, "tried": []})
            errors = sorted(info["errors"].items(), key=lambda kv: (-kv[1], kv[0]))[:3]
            contract = self.contracts[spec.name]
            missing = sorted({n for t in contract.success_templates for n in t.observations})
            report.never_succeeded[spec.name] = {
                "runs": info["runs"], "errors": [[m, n] for m, n in errors], "tried": list(info["tried"]),
                "observation_inputs": missing,
            }

    def revise_from_feedback(self, unmatched: dict[str, Any], updates: dict[str, Any]) -> None:
        """Ask the proposer to revise contracts whose records matched neither outcome schema.

        Called between levels in the master, in tool order, so the per-tool budget
        (``max_revisions``) is one budget whatever the executor.
        """
        proposer = self.proposer
        if proposer is None:
            return
        for tool in sorted(unmatched):
            if self.revisions_left.get(tool, 0) <= 0:
                continue
            self.revisions_left[tool] -= 1
            spec = self.catalog.get(tool)
            revised = proposer.revise(spec, updates.get(tool, self.contracts[tool]), unmatched[tool])
            if revised is not None:
                updates[tool] = revised.with_mechanical_exports(spec)

    def apply_updates(self, updates: dict[str, Any]) -> None:
        """Contracts revised during a level (feedback exports, LLM revisions) apply from the next."""
        if not updates:
            return
        for tool in sorted(updates):
            self.contracts[tool] = updates[tool]
        self.report.contracts_revised += len(updates)
        encoder = self.encoder
        if encoder is not None:
            names = sorted({e.name for c in updates.values() for e in c.exports} - {a for a, _ in self.ctx.sims})
            inputs = sorted({b for _, b in self.ctx.sims} | {n for s in self.catalog for n in s.input_names})
            if names and hasattr(encoder, "warm"):
                encoder.warm(names + inputs)
            for a in names:
                for b in inputs:
                    self.extra_sims[(a, b)] = round(float(encoder.similarity(a, b)), 6)

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


FIXTURE_PROVIDER = "\x00fixtures"  # the provider of values a tester was handed (never credited)


def fixture_values(fixtures: Any) -> list[Value]:
    """The runtime's fixtures as pool values of the fresh states: every scalar leaf, named by its
    key, so that an input takes a handed fact (``customer_email`` for ``email``) by field alignment.
    They credit no tool: a relation needs a tool that produced the value."""
    out: list[Value] = []
    seen: set[str] = set()

    def walk(obj: Any, key: str, path: str) -> None:
        if isinstance(obj, Mapping):
            for k in sorted(obj, key=str):
                walk(obj[k], str(k), f"{path}.{k}")
        elif isinstance(obj, list):
            for item in obj[:32]:
                walk(item, key, f"{path}[*]")
        elif isinstance(obj, (str, int, float)) and not isinstance(obj, bool) and key:
            vj = canonical_json(obj)
            vkey = f"{FIXTURE_PROVIDER}\x00{key}\x00{vj}"
            if vkey not in seen:
                seen.add(vkey)
                out.append(Value(FIXTURE_PROVIDER, key, path, obj, vkey, False))

    if isinstance(fixtures, Mapping):
        walk(fixtures, "", "$.fixtures")
    return out


def _nesting(relation: Relation) -> int:
    path = str(((relation.evidence or {}).get("provider_value") or {}).get("path", ""))
    return path.count("[") + max(0, path.count(".") - 2)


def select_providers(relations: list[Relation], per_input: int, catalog: ToolCatalog | None = None) -> list[Relation]:
    """Value relations of the ``per_input`` best providers per (consumer, input); others unchanged.

    Order: provenance before compatibility, higher field similarity, a source of the field before
    a tool that takes the same field as input, an output before an echo of the provider's own
    argument, a more direct export path, a lookup before a creation (a call that changed the
    state), then the order found."""
    if per_input <= 0:
        return relations
    from llama_index_libra.induction.field_encoders import humanize

    inputs: dict[str, set[str]] = {}
    if catalog is not None:
        for spec in catalog:
            names = set(spec.input_names)
            inputs[spec.name] = names | {n for n in (r.consumer_field for r in relations if r.consumer_field)
                                         if any(humanize(n) == humanize(m) for m in names)}
    groups: dict[tuple[str, str], list[tuple[tuple, str]]] = {}
    for order, r in enumerate(relations):
        if r.consumer_field is None:
            continue
        derived = r.consumer_field in inputs.get(r.provider, ())
        echo = str(((r.evidence or {}).get("provider_value") or {}).get("path", "")).startswith("$.arguments")
        created = bool(((r.evidence or {}).get("provider_value") or {}).get("created"))
        rank = (r.kind != "provenance", -(r.field_similarity or 0.0), derived, echo, _nesting(r), created, order)
        groups.setdefault((r.consumer, r.consumer_field), []).append((rank, r.provider))
    allowed: dict[tuple[str, str], set[str]] = {}
    for key, members in groups.items():
        chosen: list[str] = []
        for _rank, provider in sorted(members):
            if provider not in chosen:
                chosen.append(provider)
            if len(chosen) >= per_input:
                break
        allowed[key] = set(chosen)
    # a state relation whose consumer took a value the provider created is create-before-use of
    # that input: a provider that itself takes that field (a fork taking a repository id) is an
    # alternative route when a source of the field is known for the same input
    sources: dict[tuple[str, str], set[str]] = {}
    for r in relations:
        fields = [r.consumer_field] if r.consumer_field else list((r.evidence or {}).get("fresh_inputs") or [])
        for f in fields:
            if f not in inputs.get(r.provider, ()):
                sources.setdefault((r.consumer, f), set()).add(r.provider)

    def keep(r: Relation) -> bool:
        if r.consumer_field is not None:
            return r.provider in allowed[(r.consumer, r.consumer_field)]
        ev = r.evidence or {}
        took = list(ev.get("fresh_inputs") or [])
        named = {canonical_json(v) for v in ((ev.get("provider_call") or {}).get("arguments") or {}).values()}
        used = (ev.get("consumer_call") or {}).get("arguments") or {}

        def derived(f: str) -> bool:  # takes the field, and the value it made is not one it was given a name for
            return f in inputs.get(r.provider, ()) and canonical_json(used.get(f)) not in named

        return not took or not all(derived(f) and sources.get((r.consumer, f)) for f in took)

    return [r for r in relations if keep(r)]


def _lean(node: Node) -> Node:
    """A node without its value pools, for shipping to state-test workers."""
    return Node(node.id, node.digest, node.snap, node.depth, node.path, [], node.partitions, root=node.root)


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


def _runtime_key(runtime: Any) -> str:
    """Identity of a sandbox for the run log: name, class, fixtures, the fresh state's digest, and
    the runtime's own ``identity`` when it has one (e.g. which checkout and interpreter run tools)."""
    state = runtime.fresh()
    text = canonical_json({"name": getattr(runtime, "name", ""), "class": type(runtime).__name__,
                           "fixtures": getattr(runtime, "fixtures", None) or {}, "fresh": runtime.digest(state),
                           "identity": str(getattr(runtime, "identity", ""))})
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _similarity_table(encoder: Any, contracts: Mapping[str, Any], catalog: ToolCatalog) -> dict[tuple[str, str], float]:
    """cos(h_f(export), h_f(input)) for every export name x input name, computed once (rounded)."""
    exports = sorted({e.name for c in contracts.values() for e in c.exports})
    inputs = sorted({n for s in catalog for n in s.input_names})
    if hasattr(encoder, "warm"):
        encoder.warm(exports + inputs)
    return {(a, b): round(float(encoder.similarity(a, b)), 6) for a in exports for b in inputs}


def _binding_table(encoder: Any, contracts: Mapping[str, Any], catalog: ToolCatalog) -> dict[tuple[str, str, str], float]:
    """cos(h_f(export), h_f(input name + its description)) per export x (tool, input).

    Used only to rank candidate values for an observation input: the description says what the
    input holds ("the 3 letter code of the departing airport") when its name ("travel_from") does
    not. Field alignment for compatibility relations stays name against name, as the paper has it.
    """
    if not hasattr(encoder, "text_matrix"):
        return {}
    exports = sorted({e.name for c in contracts.values() for e in c.exports})
    slots = [(spec.name, name, f"{name.replace('_', ' ')}: {(schema or {}).get('description', '')}".strip())
             for spec in catalog for name, schema in ((spec.parameters or {}).get("properties") or {}).items()
             if isinstance(schema, Mapping) and schema.get("description")]
    if not exports or not slots:
        return {}
    sims = encoder.name_matrix(exports) @ encoder.text_matrix([t for _, _, t in slots]).T
    return {(e, tool, name): round(float(sims[i, j]), 6) for i, e in enumerate(exports) for j, (tool, name, _) in enumerate(slots)}


def induce(
    runtime: Any,
    *,
    catalog: ToolCatalog | None = None,
    proposer: Any = None,
    contracts: Mapping[str, Any] | None = None,
    config: InductionConfig | None = None,
    field_encoder: Any = "minilm",
    executor: Any = "process",
    workers: int | None = None,
    log_dir: str | Path | None = None,
    show_progress: bool = False,
    isolation: str | None = None,
) -> tuple[ToolLibrary, BuildReport]:
    """Build a :class:`ToolLibrary` by executing candidate compositions in ``runtime``.

    ``runtime`` is the sandbox the user explicitly provides; no tool is ever called outside it.
    ``contracts`` (tool -> Contract or its JSON) override the ``proposer`` (default: the
    schema-derived proposer, no LLM). ``executor`` is ``"serial"``, ``"process"`` (all cores, or
    ``workers``), ``"ray"`` or an Executor; every executor yields the same library bytes.
    ``log_dir`` keeps an append-only log of runs: a build interrupted by Ctrl-C or a killed worker
    resumes from it, and a rebuild after a catalog edit re-executes only runs whose inputs changed.
    ``isolation`` (``"process"``, ``"none"``; default: the runtime's ``isolation``) says where calls
    run: in a supervised child process, so a call that crashes or hangs costs that call only, or in
    the worker itself. SIGTERM stops a build as Ctrl-C does: workers stopped, run log kept.
    Returns the deterministic library and the run's report.
    """
    from llama_index_libra.induction.executors import resolve_executor, stop_on_sigterm
    from llama_index_libra.runtime.isolation import with_isolation

    config = config or InductionConfig()
    runtime = with_isolation(runtime, isolation)
    catalog = catalog or runtime.catalog
    t0 = time.perf_counter()
    report = BuildReport(tools=len(catalog))
    pool = resolve_executor(executor, workers, runtime=runtime)
    stop = stop_on_sigterm()
    stop.__enter__()
    progress = None
    try:
        pool.prestart(warm=(_WORKER_MODULE,))
        proposer = proposer if proposer is not None else _default_proposer(runtime)
        contract_map = _propose_contracts(catalog, runtime, proposer, contracts, show_progress)
        encoder = resolve_field_encoder(field_encoder)

        quads = candidate_compositions(catalog, contract_map)
        report.candidates = len(quads)
        sims = _similarity_table(encoder, contract_map, catalog)
        ctx = Context(runtime=runtime, catalog=catalog, config=config, sims=sims, runtime_key=_runtime_key(runtime),
                      partition={spec.name: runtime.partition_of(spec.name) for spec in catalog},
                      binding_sims=_binding_table(encoder, contract_map, catalog),
                      log_dir=str(log_dir) if log_dir is not None else None, collect_feedback=hasattr(proposer, "revise"))
        report.executor, report.workers = pool.name, pool.workers

        if show_progress:
            from tqdm.auto import tqdm

            progress = tqdm(desc=f"inducing {catalog.name}", unit="state", total=0)
        master = _Master(runtime, catalog, contract_map, config, ctx, pool, report, progress, encoder)
        master.proposer = proposer if hasattr(proposer, "revise") else None
        pool.start(ctx)
        t_tests = time.perf_counter()
        master.explore_pass()
        if config.revise_unsuccessful and master.revise_unsuccessful():
            master.explore_pass()
        master.coverage()
        report.tests_s = time.perf_counter() - t_tests
    finally:
        pool.close()
        report.pool_restarts = int(getattr(pool, "restarts", 0) or 0)
        if progress is not None:
            progress.close()
        stop.__exit__(None, None, None)

    candidates = [Relation(p, c, "compatibility", e, i, round(master.sim(e, i), 4), {}, source="schema") for p, e, c, i in quads]
    kept = select_providers(list(master.relations.values()), config.providers_per_input, catalog)
    report.relations_pruned = len(master.relations) - len(kept)
    library = ToolLibrary(
        catalog=catalog,
        relations=kept,
        contracts={name: c.to_json() for name, c in master.contracts.items()},
        candidates=candidates,
        runtime=_runtime_info(runtime),
        settings={"induction": config.to_json(), "field_encoder": getattr(encoder, "name", type(encoder).__name__),
                  "proposer": getattr(proposer, "name", type(proposer).__name__)},
    )
    report.relations = library.counts()
    for attr in ("llm_calls", "cache_hits"):
        setattr(report, attr, int(getattr(proposer, attr, 0) or 0))
    report.llm_s = float(getattr(proposer, "llm_seconds", 0.0) or 0.0)
    report.wall_s = time.perf_counter() - t0
    return library, report


def _runtime_info(runtime: Any) -> dict[str, Any]:
    info: dict[str, Any] = {"name": getattr(runtime, "name", type(runtime).__name__), "class": type(runtime).__name__}
    fixtures = getattr(runtime, "fixtures", None)
    if fixtures:
        info["fixtures"] = json.loads(canonical_json(fixtures))
    identity = getattr(runtime, "tool_identity", None)
    if callable(identity):  # code identities: `libra catalog --runtime ... --library` names code-only edits
        info["tool_code"] = {name: identity(name) for name in runtime.catalog.names}
    return info
