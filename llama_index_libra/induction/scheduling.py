"""Scheduling across states: which sandbox states are explored, in which order, and how deep.

Exploration runs level by level from the runtime's fresh states (all states one call deeper than
the last level): the states of a level are explored independently by the executor against the
contracts as of the level's start, and the master merges their results in state order, so every
executor gives the same library bytes. Past ``max_depth`` only children of *productive* states go
deeper (goal-directed, up to ``goal_depth``), plus chains of creations; other states get
value-only tests. State tests run once every state is explored; path ablation then replays each
template's first successful path.
"""

from __future__ import annotations

from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.induction.budget import EXPLORE_SHARE, STATE_SHARE, Phase, phase, rounds, spent
from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.counterfactual import sign_in_of
from llama_index_libra.induction.explorer import Context, Node, NodeResult, ablation_chunk, explore_chunk, state_test_chunk
from llama_index_libra.induction.report import BuildReport
from llama_index_libra.induction.revisions import ContractRevisions
from llama_index_libra.induction.selection import is_further, mediated, replaces
from llama_index_libra.induction.handed import fixture_values
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value
from llama_index_libra.induction.write_contexts import STATE_TESTS_PER_CONTEXT, write_context
from llama_index_libra.library import Relation

__all__ = ["Master", "STATE_TESTS_PER_CALL"]

# state tests per identical state-changing call (tool and arguments), over all the states it ran from
STATE_TESTS_PER_CALL = 3


# Chunks per pool worker in each map: a chunk's binder caches and run memo serve the sibling states
# inside it, so fewer, larger chunks spend less (three or four per worker: 2-13% faster builds than twelve,
# the same library bytes; the pool still hands them out as workers free up, so the load balances).
CHUNKS_PER_WORKER = 4


def _split(items: list, parts: int) -> list[list]:
    """Contiguous batches (order preserved), at most ``parts`` of them."""
    if not items:
        return []
    size = -(-len(items) // max(1, parts))
    return [items[i : i + size] for i in range(0, len(items), size)]


class Master(ContractRevisions):
    """Level-synchronous exploration: each level's nodes are explored in parallel against the
    contracts as of the level start; results merge in node order, so any executor gives the same
    library."""

    def __init__(self, runtime: Any, catalog: ToolCatalog, contracts: dict[str, Any], config: Any,
                 ctx: Context, executor: Any, report: BuildReport, progress: Any, encoder: Any = None) -> None:
        self.runtime, self.catalog, self.config, self.ctx = runtime, catalog, config, ctx
        self.encoder = encoder
        self.proposer: Any = None
        self.contracts = dict(contracts)
        self.executor = executor
        self.report = report
        self.root_nodes: list[Node] = []  # one per fresh state (:meth:`fresh_roots`)
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
        self.embedded: set[str] = set()  # value names whose alignments extra_sims holds
        self.attempts: dict[str, dict[str, Any]] = {}
        self.learned: dict[tuple[str, str], list[Any]] = {}  # (tool, input) -> values refusals named
        self.phase = Phase(ctx.deadline, getattr(config, "budget_runs", None))  # what the current phase may spend

    def sim(self, a: str, b: str) -> float:
        value = self.ctx.sims.get((a, b))
        return self.extra_sims.get((a, b), 0.0) if value is None else value

    def node(self, digest: str, snap: Any, depth: int, path: tuple, pool: list, partitions) -> Node:
        self.next_id += 1
        return Node(self.next_id, digest, snap, depth, path, pool, partitions)

    def merge_counters(self, tally: Any) -> None:
        self.report.add(tally)

    def admit(self, relations: list[Relation]) -> None:
        for relation in relations:
            if replaces(self.relations.get(relation.key), relation):
                self.relations[relation.key] = relation

    def batches(self, items: list) -> list[list]:
        return _split(items, self.executor.workers * CHUNKS_PER_WORKER if self.executor.workers > 1 else 1)

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
        self.root_nodes = roots
        return roots

    def setting(self, tool: str, args: Mapping[str, Any]) -> tuple[str, str]:
        """A transition's tool and the documented values it set (its booleans and enumerated
        inputs): a case made a cremation and one made a burial lead to different worlds, so each
        setting has its own quota of deeper states."""
        spec = self.catalog.get(tool)
        props = ((spec.parameters or {}).get("properties") or {}) if spec is not None else {}
        chosen = sorted((name, canonical_json(value)) for name, value in args.items()
                        if isinstance(props.get(name), Mapping)
                        and (isinstance(value, bool) or isinstance(props[name].get("enum"), list)))
        return tool, canonical_json(chosen)

    def explore_pass(self) -> None:
        """Level-synchronous, goal-directed exploration from the fresh states (see InductionConfig)."""
        cfg = self.config
        self.enter_phase(EXPLORE_SHARE)
        level = self.fresh_roots()
        seen: dict[str, Node] = {n.digest: n for n in level}
        transitions: list[tuple[Node, Node, str, dict[str, Any], list[Value]]] = []
        explored_full = len(level)
        value_states = 0
        deep_per_tool: dict[tuple[str, str], int] = {}  # per tool and setting (:meth:`setting`)
        repaired: set[str] = set()  # tools a repair state was explored for (repairs.py)
        # (tool, cause class) of the refusals children explored for a tool only got it to (past its
        # refusal, refused further on): once per class, so a tool let past the sign-in to a role
        # refusal can still be let past the role to the next step's refusal
        passed: set[tuple[str, str | None]] = set()
        chain_per_tool: dict[tuple[str, str], int] = {}
        gathered_states = 0
        if self.progress is not None:
            self.progress.total = (self.progress.total or 0) + len(level)
            self.progress.refresh()
        while level:
            if self.budget_spent():  # the build's budget: no further level (its states are reported cut)
                self.cut("states", len(level))
                break
            # what earlier levels established: templates that succeeded, value relations proven
            # (a provenance test that could only prove a known relation again is not run)
            # (a relation a refused call proved does not stop a success from proving it: further.py)
            proven_by: dict[bool, set[tuple]] = {False: set(), True: set()}  # by whether a refusal proved it
            for r in self.relations.values():
                if r.kind == "provenance":
                    proven_by[is_further(r)].add((r.consumer, r.provider, r.consumer_field, r.provider_field))
            knowledge = self.executor.share({"succeeded": frozenset(self.succeeded_templates), "proven": frozenset(proven_by[False]),
                                             "proven_further": frozenset(proven_by[True]),
                                             "learned": dict(self.learned), "runs_allowed": self.allowance(len(level)),
                                             "deadline": self.phase.deadline})
            shared = self.executor.share(self.contracts)  # once per level, not once per batch
            results: list[NodeResult] = [
                r for batch in self.executor.map(explore_chunk, [(shared, self.extra_sims, b, knowledge) for b in self.batches(level)])
                for r in batch
            ]
            next_level: list[Node] = []
            tool_names: set[str] = set()  # names of values tools gave (a fixture's names keep their lexical alignment)
            updates: dict[str, Any] = {}
            unmatched: dict[str, Any] = {}
            by_id = {n.id: n for n in level}
            # a repair state is worth exploring for a tool that succeeded nowhere else in this level,
            # once per tool (the first in node order): every executor keeps the same ones
            natural = {tool for result in results for tool, _ in result.first_successes}
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
                tool_names |= {v.export for v in result.final if v.provider != FIXTURE_PROVIDER}
                if names - self.export_names:
                    productive = True
                    self.export_names |= names
                for key, values in result.learned.items():  # vocabularies refusals named, in node order
                    known = self.learned.setdefault(key, [])
                    known.extend(v for v in values if v not in known)
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
                chained: set[tuple[str, str]] = set()  # one chain child per tool (and setting) and parent
                for digest, snap, tool, args, prefix, new_values in result.children:
                    # (a child that only got a tool past its refusal, once per tool: it does not stand in
                    # for a child where the tool succeeds)
                    seeds = [seed for seed in result.repairs.get(digest, ()) if seed[0] not in natural and seed[0] not in repaired
                             and not (seed[3] and (seed[0], cause_of(seed[3])) in passed)]
                    if digest in result.peers and not seeds:
                        continue  # another person's sign-on, made for a repair no longer needed
                    # values persist: everything observed in the parent state, then the new ones
                    child_pool = result.final + [v for v in new_values if v.key not in final_keys]
                    prefix = len(result.final)
                    parts = frozenset({self.partition[tool]}) | (node.partitions or frozenset())
                    if digest in seen:
                        self.report.duplicate_states += 1
                        after = seen[digest]
                    else:
                        after = self.node(digest, snap, node.depth + 1, node.path + ({"tool": tool, "arguments": args},), child_pool, parts)
                        after.new_from, after.root, after.trail = prefix, node.root, node.trail + (node.digest,)
                        mode = None
                        repaired.update(seed[0] for seed in seeds if not seed[3])
                        passed.update((seed[0], cause_of(seed[3])) for seed in seeds if seed[3])
                        if node.mode == "full" and after.depth <= cfg.max_depth:
                            mode = "full"
                        elif node.mode == "full" and seeds and after.depth <= cfg.goal_depth:
                            # a call refused in the parent succeeds here (repairs.py): past the bounds
                            mode = "full"
                            self.report.repair_states += 1
                        elif node.mode == "full" and productive and after.depth <= cfg.goal_depth \
                                and (deep_per_tool.get(kind := self.setting(tool, args), 0) < cfg.goal_children_per_tool
                                     or (kind not in chained and chain_per_tool.get(kind, 0) < cfg.chain_children_per_tool
                                         and any(canonical_json(a) in new_json for a in args.values()))):
                            if deep_per_tool.get(kind, 0) >= cfg.goal_children_per_tool:
                                chain_per_tool[kind] = chain_per_tool.get(kind, 0) + 1
                            chained.add(kind)
                            mode = "full"
                            deep_per_tool[kind] = deep_per_tool.get(kind, 0) + 1
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
                            after.seeds = tuple(seeds or ())
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
                gathered = result.gathered
                if gathered is not None and productive and node.mode == "full":
                    if gathered.digest in seen:
                        self.report.duplicate_states += 1
                    elif gathered_states < cfg.gather_states and explored_full < cfg.max_states:
                        gathered_states += 1
                        explored_full += 1
                        self.report.gathered_states += 1
                        parts = frozenset(self.partition[c["tool"]] for c in gathered.calls) | (node.partitions or frozenset())
                        after = self.node(gathered.digest, gathered.snap, node.depth + 1, node.path + tuple(gathered.calls),
                                          result.final + [v for v in gathered.values if v.key not in final_keys], parts)
                        after.new_from, after.root, after.trail = len(result.final), node.root, node.trail + (node.digest,)
                        seen[gathered.digest] = after
                        next_level.append(after)
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
            self.embed_names(tool_names)
            level = next_level
        self.report.transitions += len(transitions)
        # State tests run once both ends are explored, so the consumer can take values that only
        # exist after the transition (a file listed inside the directory that cd entered).
        # One job per provider tool, its transitions in node order, at most STATE_TESTS_PER_CALL per
        # identical call (the same write from many states repeats the same test); inside a job a
        # consumer already shown to depend on the provider is not tested again. A job never
        # splits across workers, so every executor skips the same tests. At most
        # STATE_TESTS_PER_CONTEXT per provider and context of the write (write_contexts.py).
        groups: dict[str, list[tuple]] = {}
        per_call: dict[tuple[str, str], int] = {}
        per_context: dict[tuple[str, str], int] = {}
        handed = frozenset(canonical_json(v.value) for v in fixture_values(getattr(self.runtime, "fixtures", None)))
        pools: dict[int, list[Value]] = {}
        lean: dict[int, Node] = {}
        for before, after, provider, args, values in transitions:
            call_key = (provider, canonical_json(args))
            context_key = (provider, write_context(self.catalog.get(provider), args, before.path, handed))
            per_call[call_key] = per_call.get(call_key, 0) + 1
            if per_call[call_key] > STATE_TESTS_PER_CALL or per_context.get(context_key, 0) >= STATE_TESTS_PER_CONTEXT:
                self.report.state_tests_cut += 1
                continue
            per_context[context_key] = per_context.get(context_key, 0) + 1
            before_keys = {v.key for v in (before.final or before.pool)}
            after_pool = pools.setdefault(after.id, after.final or after.pool)
            fresh = list(values) + [v for v in after_pool if v.key not in before_keys]
            lean.setdefault(before.id, _lean(before))
            lean.setdefault(after.id, _lean(after))
            root = self.root_nodes[before.root]  # where the consumer is tried once more (an undo of the path's effect)
            lean.setdefault(root.id, _lean(root))
            groups.setdefault(provider, []).append((before.id, after.id, provider, args, fresh, root.id))
        jobs = [groups[p] for p in sorted(groups)]
        shared = self.executor.share(self.contracts)
        self.enter_phase(STATE_SHARE)
        # uncapped: one pass; capped: in rounds (every provider's first transitions first, budget.rounds),
        # the consumers a provider's earlier rounds related to it not tested again
        capped = self.phase != Phase()
        passes = rounds(jobs) if capped else [jobs]
        known: dict[str, set[str]] = {}
        # what exploration established, the same for every round; and whether a worker's runs of
        # earlier rounds may serve later ones: not under a run budget that several workers share,
        # since which chunk lands on which worker varies and a remembered run is a run not counted
        explored = {"succeeded": frozenset(self.succeeded_templates),
                    "first_args": {key: path[2] for key, path in self.first_paths.items()},
                    "first_sign_in": {key: step for key, path in self.first_paths.items()
                                      if (step := sign_in_of(path[1])) is not None},
                    "worker_memo": capped and (self.phase.runs_until is None or self.executor.workers <= 1)}
        for done, part in enumerate(passes):
            if self.budget_spent():
                self.cut("state_tests", sum(len(g) for later in passes[done:] for g in later))
                break
            # every state (snapshot) and after-pool travels once per batch, not once per transition
            knowledge = self.executor.share({**explored, "runs_allowed": self.allowance(sum(len(g) for g in part)),
                                             "deadline": self.phase.deadline})
            found = {p: frozenset(c) for p, c in known.items()} if capped else None
            batches = [
                (shared, self.extra_sims, b, {t[1]: pools[t[1]] for g in b for t in g},
                 {i: lean[i] for g in b for t in g for i in (t[0], t[1], t[5])}, knowledge, found)
                for b in self.batches(part)
            ]
            for batch in self.executor.map(state_test_chunk, batches):
                for relations, counters in batch:
                    self.admit(relations)
                    self.merge_counters(counters)
                    for r in relations:
                        known.setdefault(r.provider, set()).add(r.consumer)
        self.enter_phase(1.0)  # path ablation: all that is left
        self.ablation_pass(shared)

    def ablation_pass(self, shared: Any) -> None:
        """Path ablation for every template first reached by a path of two or more calls; a
        transitive relation is kept only where no direct relation links the pair."""
        jobs = [(tool, tid, args, root, path) for (tool, tid), (root, path, args) in sorted(self.first_paths.items())
                if len(path) >= 2]
        direct = {(r.provider, r.consumer) for r in self.relations.values()}
        valued = {(r.provider, r.consumer) for r in self.relations.values() if r.kind != "state"}
        roots = self.ctx.roots
        if jobs and self.budget_spent():
            self.cut("ablations", len(jobs))
            return
        allowed = self.allowance(len(jobs))
        found: list[Relation] = []
        for batch in self.executor.map(ablation_chunk, [(shared, self.extra_sims, b, roots, allowed) for b in self.batches(jobs)]):
            for relations, counters in batch:
                self.merge_counters(counters)
                found.extend(relations)
        # chains may run through transitive relations too (commit before opening a pull request)
        links = direct | {(r.provider, r.consumer) for r in found}
        self.admit([r for r in found if (r.provider, r.consumer) not in direct and not mediated(r, links, valued)])

    # ---- the build's budget (budget.py)
    def enter_phase(self, share: float) -> None:
        """Begin a phase that may spend ``share`` of what is left of the build's budget."""
        self.phase = phase(self.ctx.deadline, getattr(self.config, "budget_runs", None), self.report.runs, share)

    def runs_left(self) -> int | None:
        """Tool runs the current phase still allows (None without a run budget)."""
        limit = self.phase.runs_until
        return None if limit is None else max(0, limit - self.report.runs)

    def budget_spent(self) -> bool:
        """Whether the current phase's time or runs are spent: nothing more is dispatched in it."""
        return spent(self.phase.deadline) or self.runs_left() == 0

    def allowance(self, units: int) -> int | None:
        """Runs each of ``units`` jobs (states, transitions, paths) may execute under the run
        budget: an even share of what is left (at least one)."""
        left = self.runs_left()
        return None if left is None else max(1, left // max(1, units))

    def cut(self, what: str, n: int) -> None:
        """Count ``n`` pieces of work (``states``, ``state_tests``, ``ablations``) the budget cut."""
        if n:
            self.report.budget_cut[what] = self.report.budget_cut.get(what, 0) + n

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
        """Tools succeeded / total and, per tool that never succeeded, its cause class
        (:mod:`.causes`), what a user does about it, and its most frequent errors."""
        from llama_index_libra.induction.causes import CAUSES, never_succeeded_cause

        report = self.report
        report.tools_succeeded = sum(1 for spec in self.catalog if spec.name in self.succeeded)
        report.never_succeeded = {}
        for spec in self.catalog:
            if spec.name in self.succeeded:
                continue
            info = self.attempts.get(spec.name, {"runs": 0, "errors": {}, "tried": []})
            errors = sorted(info["errors"].items(), key=lambda kv: (-kv[1], kv[0]))
            cause = never_succeeded_cause({"runs": info["runs"], "errors": errors},
                                          budget_spent=bool(report.budget_cut or report.runs_cut_budget))
            contract = self.contracts[spec.name]
            missing = sorted({n for t in contract.success_templates for n in t.observations})
            report.never_succeeded[spec.name] = {
                "cause": cause, "hint": CAUSES[cause],
                "runs": info["runs"], "errors": [[m, n] for m, n in errors[:3]], "tried": list(info["tried"]),
                "observation_inputs": missing,
            }
        report.causes = {}
        for info in report.never_succeeded.values():
            report.causes[info["cause"]] = report.causes.get(info["cause"], 0) + 1


def _lean(node: Node) -> Node:
    """A node without its value pools, for shipping to state-test workers."""
    return Node(node.id, node.digest, node.snap, node.depth, node.path, [], node.partitions, root=node.root, trail=node.trail,
                new_from=node.new_from)

