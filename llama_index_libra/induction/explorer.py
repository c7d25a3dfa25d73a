"""Worker side of induction: explore one sandbox state, or run the state tests of transitions.

Everything here is a pure function of its inputs (the runtime, the contracts as of the current
exploration level, the state snapshot and the values observed on the way to it), so the serial,
process-pool and Ray executors produce the same results, which the master merges in a fixed order.

An :class:`Explorer` is a composition of the parts a newcomer looks for by name:
:class:`~.calls.CallRunner` (runs, memo, run log, outcomes, tallies), :class:`~.values.ValueReader`
(values of records), :class:`~.bindings.Binder` (values and literals for inputs),
:class:`~.counterfactual.CounterfactualTests` (the tests that admit relations) and
:class:`~.repair_states.RepairSearch` (refused calls rerun where their refusals point). What it adds is the
schedule of one state: which templates and bindings run there (:class:`~.state_schedule.StateSchedule`,
with the fallbacks of :mod:`.fallbacks` for templates none of whose bindings succeeded).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.induction.bindings import Binder, FieldSimilarity, schema_type
from llama_index_libra.induction.calls import CallRunner, close_logs
from llama_index_libra.induction.counterfactual import CounterfactualTests
from llama_index_libra.induction.gathering import Gathered
from llama_index_libra.induction.repair_states import RepairSearch
from llama_index_libra.induction.report import RunTally
from llama_index_libra.induction.state_schedule import StateSchedule
from llama_index_libra.induction.values import Value, ValueReader, observed_leaves
from llama_index_libra.induction.worker_caches import worker_entries, worker_memo
from llama_index_libra.library import Relation
from llama_index_libra.records import InvocationRecord

__all__ = ["Value", "Node", "Context", "NodeResult", "Explorer", "schema_type", "explore_chunk", "state_test_chunk",
           "ablation_chunk", "observed_leaves"]


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
    # calls to run first (tool, template id, binding): the refused calls a repair state lets succeed
    seeds: tuple[tuple[str, str, dict[str, Any], str], ...] = ()  # (tool, template, binding, the refusal it only got to, else "")
    trail: tuple[str, ...] = ()  # digests of the states its path went through, the fresh state first


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
    deadline: float | None = None  # time.time() after which no tool runs (the build's time budget)


@dataclass
class NodeResult:
    """What exploring one node produced, in the order it was produced."""

    node_id: int
    relations: list[Relation]
    children: list[tuple[str, Any, str, dict[str, Any], int, list[Value]]]  # pool = final[:n] + values
    final: list[Value]
    updates: dict[str, Any]
    succeeded: set[str]
    counters: RunTally
    unmatched: dict[str, InvocationRecord] = field(default_factory=dict)
    first_successes: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)  # (tool, template) -> args
    attempts: dict[str, dict[str, Any]] = field(default_factory=dict)  # tool -> {"runs", "errors", "tried"}
    learned: dict[tuple[str, str], list[Any]] = field(default_factory=dict)  # (tool, input) -> values refusals named
    gathered: Gathered | None = None  # this state's successes applied together (``gathering.py``)
    # child digest -> the refused calls (tool, template id, binding) that succeed there (``repairs.py``)
    repairs: dict[str, list[tuple[str, str, dict[str, Any], str]]] = field(default_factory=dict)
    peers: set[str] = field(default_factory=set)  # children only the repair search made (another person's sign-on)


class Explorer:
    """Runs tools in one worker for a batch of nodes or transitions, against fixed contracts."""

    def __init__(self, ctx: Context, contracts: Mapping[str, Any], extra_sims: Mapping[tuple[str, str], float] | None = None,
                 knowledge: Mapping[str, Any] | None = None, *, shared: dict[str, Any] | None = None) -> None:
        """``shared``: what the explorers of one chunk share (the field similarity and the binder's
        per-value entries, the same for every node explored against the same contracts)."""
        self.ctx = ctx
        self.catalog = ctx.catalog
        self.config = ctx.config
        self.contracts = dict(contracts)
        self.updates: dict[str, Any] = {}
        self.calls = CallRunner(ctx, self.contracts, (knowledge or {}).get("runs_allowed"), (knowledge or {}).get("deadline"))
        self.reader = ValueReader(self.contracts, self.updates, ctx.catalog)
        shared = shared if shared is not None else {}
        sim = shared.get("sim")
        if sim is None:
            sim = shared["sim"] = FieldSimilarity(ctx.sims, extra_sims)
        self.binder = Binder(ctx, sim, (knowledge or {}).get("learned"), entries=shared.setdefault("entries", {}),
                             checkpoints=shared.setdefault("checkpoints", {}))
        self.tests = CounterfactualTests(ctx, self.contracts, self.calls, self.binder, knowledge, self.reader)
        self.further_done: set[tuple[str, str, str, str]] = set()  # (consumer, input, provider, export) tested on a refusal
        self.repairs = RepairSearch(self.calls, self.binder, self.reader, self.contracts, self.catalog, shared)
        self.first_successes: dict[tuple[str, str], dict[str, Any]] = {}
        self.learned: dict[tuple[str, str], list[Any]] = {}

    def reset_batch(self) -> tuple[list[Relation], RunTally]:
        """The relations and tally since the last reset (one transition's or one path's tests)."""
        out = (list(self.tests.relations.values()), self.calls.tally)
        self.tests.relations = {}
        self.calls.tally = RunTally()
        return out

    def explore_node(self, node: Node) -> NodeResult:
        """Run the templates in ``node``'s state; return relations, child states and values.

        In the fresh states every binding runs. Below them, exploration is goal-directed: a
        template that already succeeded somewhere (as of this level) runs its best binding (to read
        the new state) and the bindings that use a value new in this state; a template that never
        succeeded runs all of them. In ``values`` mode (a state past the depth bound) only bindings
        that use a new value run, and no child state is recorded. A template whose bindings all fail
        takes the fallbacks of :mod:`.fallbacks` (:class:`.state_schedule.StateSchedule`).
        """
        schedule = StateSchedule(self, node)
        repairs, peers, gathered = schedule.run()
        calls = self.calls
        return NodeResult(node.id, list(self.tests.relations.values()), schedule.children, schedule.pool.values,
                          dict(self.updates), set(calls.succeeded), calls.tally, dict(calls.unmatched),
                          dict(self.first_successes), calls.attempts, dict(self.learned), gathered, repairs, peers)


# ---------------------------------------------------------------------------- worker entry points
def explore_chunk(ctx: Context, contracts: Any, extra_sims: Mapping, nodes: list[Node], knowledge: Any = None) -> list[NodeResult]:
    """Explore a batch of nodes of one level (each against the contracts as of the level start)."""
    from llama_index_libra.induction.executors import resolve_shared

    contracts = resolve_shared(contracts)
    knowledge = resolve_shared(knowledge) if knowledge is not None else None
    out = []
    shared: dict[str, Any] = {"entries": worker_entries(ctx, extra_sims)}  # every node of the chunk meets most of the same values
    for node in nodes:
        explorer = Explorer(ctx, contracts, extra_sims, knowledge, shared=shared)
        out.append(explorer.explore_node(node))
    close_logs(ctx.log_dir)
    return out


def state_test_chunk(ctx: Context, contracts: Mapping[str, Any], extra_sims: Mapping,
                     groups: list[list[tuple[int, int, str, dict[str, Any], list[Value], int]]],
                     pools: Mapping[int, list[Value]], nodes: Mapping[int, Node], knowledge: Any = None,
                     known: Mapping[str, frozenset[str]] | None = None) -> list[tuple[list[Relation], RunTally]]:
    """Run the state tests of a batch of transition groups, one group per provider tool (states
    and after-pools shipped once per node); in a group, a consumer found to depend on the provider
    (here or, ``known``, in an earlier round of a capped build) is not tested again."""
    from llama_index_libra.induction.executors import resolve_shared

    contracts = resolve_shared(contracts)
    knowledge = resolve_shared(knowledge) if knowledge is not None else None
    out = []
    explorer = Explorer(ctx, contracts, extra_sims, knowledge, shared={"entries": worker_entries(ctx, extra_sims)})
    # a capped build's rounds: what this worker ran in earlier rounds serves this one, where the
    # master allows it (the end of :meth:`.Master.explore_pass`: not under a run budget several workers share)
    if known is not None and (knowledge or {}).get("worker_memo"):
        explorer.calls.memo = worker_memo(ctx)
    for group in groups:
        found: set[str] = set((known or {}).get(group[0][2], ())) if group else set()
        for before_id, after_id, provider, args, fresh, root_id in group:
            before, after, after_pool = nodes[before_id], nodes[after_id], pools[after_id]
            explorer.tests.state_tests(before, after, provider, args, fresh, after_pool, skip=found, root=nodes[root_id])
            relations, tally = explorer.reset_batch()
            found |= {r.consumer for r in relations}
            out.append((relations, tally))
    close_logs(ctx.log_dir)
    return out


def ablation_chunk(ctx: Context, contracts: Mapping[str, Any], extra_sims: Mapping,
                   jobs: list[tuple[str, str, dict[str, Any], int, tuple]], roots: list[Any] | None = None,
                   runs_allowed: int | None = None) -> list[tuple[list[Relation], RunTally]]:
    """Path-ablation tests of a batch of consumers' first successful paths (from the fresh-state
    snapshots ``roots``), at most ``runs_allowed`` runs per path (the build's run budget)."""
    from llama_index_libra.induction.executors import resolve_shared

    contracts = resolve_shared(contracts)
    out = []
    explorer = Explorer(ctx, contracts, extra_sims, {"runs_allowed": runs_allowed})
    for consumer, template_id, args, root, path in jobs:
        explorer.tests.ablation_tests(consumer, template_id, args, root, path, roots if roots is not None else ctx.roots)
        out.append(explorer.reset_batch())
    return out
