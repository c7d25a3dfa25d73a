"""Worker side of induction: explore one sandbox state, or run the state tests of transitions.

Everything here is a pure function of its inputs (the runtime, the contracts as of the current
exploration level, the state snapshot and the values observed on the way to it), so the serial,
process-pool and Ray executors produce the same results, which the master merges in a fixed order.

An :class:`Explorer` is a composition of the parts a newcomer looks for by name:
:class:`~.calls.CallRunner` (runs, memo, run log, outcomes, tallies), :class:`~.values.ValueReader`
(values of records), :class:`~.bindings.Binder` (values and literals for inputs),
:class:`~.counterfactual.CounterfactualTests` (the tests that admit relations) and
:class:`~.repair_states.RepairSearch` (refused calls rerun where their refusals point). What it adds is the
schedule of one state: which templates and bindings run there (:meth:`Explorer.explore_node`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.induction.blame import Blame
from llama_index_libra.induction.bindings import KEEP, Binder, FieldSimilarity, Keep, option_key, schema_type
from llama_index_libra.induction.budget import spent
from llama_index_libra.induction.calls import CallRunner, close_logs
from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.counterfactual import CounterfactualTests
from llama_index_libra.induction.further import further_tests
from llama_index_libra.induction.gathering import Candidate, Gathered, creates, gather, order_candidates
from llama_index_libra.induction.handed import HANDED_PEERS, peer_bindings, persona_bindings
from llama_index_libra.induction.hints import handed_today
from llama_index_libra.induction.refusal_retries import RefusalRetries
from llama_index_libra.induction.repair_states import RepairSearch
from llama_index_libra.induction.report import RunTally
from llama_index_libra.induction.worker_caches import worker_entries, worker_memo
from llama_index_libra.induction.values import (FIXTURE_PROVIDER, Value, ValuePool, ValueReader, acted_on, observed_leaves,
                                                showed_anything, value_json)
from llama_index_libra.library import Relation
from llama_index_libra.records import InvocationRecord

__all__ = ["Value", "Node", "Context", "NodeResult", "Explorer", "schema_type", "explore_chunk", "state_test_chunk",
           "ablation_chunk", "observed_leaves"]

# failed bindings a value that got past their refusal is held in (the other inputs as they had them)
PROGRESS_BINDINGS = 12
# bindings per tool and state admitted only because they take a value the call into the state acted on
TOUCHED_TRIES = 8
# of which a template after the first has that many of its own, in the first pass over its bindings
TEMPLATE_TOUCHED_TRIES = 2
# unaligned values of one input read to find those a state gained (past the fresh state, only they may run)
UNALIGNED_SCAN = 64


def _gained(v: Value, new_keys: set[str]) -> bool:
    """Whether a pool value is one the transition into the state produced (a one-item list of one too)."""
    return v.key in new_keys or v.key.removesuffix("\x00[]") in new_keys


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

    # ---- the schedule of one state
    def explore_node(self, node: Node) -> NodeResult:
        """Run the templates in ``node``'s state; return relations, child states and values.

        In the fresh states every binding runs. Below them, exploration is goal-directed: a
        template that already succeeded somewhere (as of this level) runs its best binding (to read
        the new state) and the bindings that use a value new in this state; a template that never
        succeeded runs all of them. In ``values`` mode (a state past the depth bound) only bindings
        that use a new value run, and no child state is recorded. A template whose bindings all fail
        retries with its free literals replaced by observed values of a fitting type.
        """
        calls, binder, tests = self.calls, self.binder, self.tests
        tests.relations = {}
        self.first_successes = {}
        calls.attempts = {}
        children: list[tuple[str, Any, str, dict[str, Any], int, list[Value]]] = []  # pool = final[:n] + values
        pool = ValuePool(node.pool)
        # the parent's pool, shared with the siblings
        binder.share_prefix(pool.values, node.new_from if node.depth > 0 else 0)
        new_keys = {v.key for v in node.pool[node.new_from:]} if node.depth > 0 else None
        touched = {canonical_json(a) for a in node.path[-1]["arguments"].values()} if node.path else set()
        # for a tool that has not succeeded yet, the values the call into this state acted on are new
        # here too, and so are values read from calls that took them: the user it verified and that
        # user's domains now behave differently (a verified holder's writes)
        touched_tries: dict[Any, int] = {}  # per tool (per template in its first pass): bindings admitted here only for a value acted on
        touched_keys = {v.key for v in acted_on(node.pool, touched)} if new_keys is not None else set()
        # the handed values the call into this state acted on (the chair whose e-mail got a code):
        # tools that never succeeded continue with that person (:func:`.handed.persona_bindings`)
        persona = [v for v in node.pool if v.provider == FIXTURE_PROVIDER and v.key in touched_keys]
        tools = [s for s in self.catalog if node.partitions is None or tests.partition[s.name] in node.partitions]
        values_only = node.mode == "values"
        cap = self.config.successes_per_template
        handed = {value_json(v) for v in pool.values if v.provider == FIXTURE_PROVIDER}  # facts a tester was handed
        blame = Blame()
        candidates: list[Candidate] = []  # state-changing successes, for the gathered state
        known = (tests.knowledge or {}).get("succeeded")
        known_tools = None if known is None else {tool for tool, _ in known}  # tools that succeeded before this level

        def unproven(name: str) -> bool:
            """Whether tool ``name`` succeeded at no earlier level (every tool, in the first)."""
            return known_tools is None or name not in known_tools

        def after_success(spec: ToolSpec, template: Any, args: dict[str, Any], record: InvocationRecord, child, bound) -> bool:
            """Keep what a success produced; whether it showed anything (a state change, or a value
            that is not an echo of its arguments)."""
            self.first_successes.setdefault((spec.name, template.id), args)
            values = self.reader.values_of(spec.name, record, bound)
            showed_any = showed_anything(record, values)
            if new_keys is not None:
                new_keys.update(v.key for v in values if v.key not in pool.keys)
            if child is None:
                pool.add(values)
                return showed_any
            if values_only:  # past the bounds: values only, no deeper state
                calls.tally.states_cut_depth += 1
                return showed_any
            digest, snap = child
            new_values = [v for v in dict((v.key, v) for v in values).values() if v.key not in pool.keys]
            children.append((digest, snap, spec.name, args, len(pool), new_values))
            candidates.append(Candidate(spec.name, args, tuple(bound), creates(record.state_changes),
                                        known_tools is not None and spec.name not in known_tools))
            return showed_any

        def uses_new(binding: Mapping[str, Any], spec: ToolSpec | None = None, later: Any = None) -> bool:
            if new_keys is None:
                return True
            fresh_tool = spec is not None and bool(touched_keys) and unproven(spec.name)
            acted_on = False
            for v in binding.values():
                if isinstance(v, Value):
                    key = v.key.removesuffix("\x00[]")
                    if v.key in new_keys or key in new_keys:
                        return True
                    acted_on = acted_on or (fresh_tool and key in touched_keys)
            if acted_on and blame.rules_out(spec.name, {k: (v.value if isinstance(v, Value) else v)  # type: ignore[union-attr]
                                                        for k, v in binding.items() if not isinstance(v, Keep)}):
                return False  # a call this state's refusals already rule out spends no slot (junk tokens)
            # (the slots are the tool's; ``later``, a template after the tool's first, has a few of its
            # own in the first pass over its bindings: the template with the optional inputs a refusal
            # asks for is not left none by the fallbacks of the template before it)
            slot = (spec.name, later.id) if later is not None else spec.name  # type: ignore[union-attr]
            if acted_on and touched_tries.get(slot, 0) < (TEMPLATE_TOUCHED_TRIES if later is not None else TOUCHED_TRIES):
                touched_tries[slot] = touched_tries.get(slot, 0) + 1
                return True
            return False

        showed = [False]  # whether the last successful attempt showed anything (a state change or a value)

        def attempt(spec: ToolSpec, template: Any, binding: Mapping[str, Any], tried: set) -> tuple[bool, InvocationRecord]:
            args = {**binder.literal_args(template),
                    **{k: (v.value if isinstance(v, Value) else v) for k, v in binding.items() if not isinstance(v, Keep)}}
            marker = (spec.name, canonical_json(args) + "|" + canonical_json(sorted((k, option_key(v)) for k, v in binding.items())))
            if marker in tried:
                return False, None  # type: ignore[return-value]
            tried.add(marker)
            if blame.rules_out(spec.name, args):
                calls.tally.runs_cut_blamed += 1
                return False, None  # type: ignore[return-value]
            record, child = calls.run(node, spec.name, args)
            outcome = calls.classify(spec.name, record)
            calls.note_attempt(spec.name, template, args, record, outcome)
            if outcome == "success":
                blame.passed(args)
            else:
                blame.note(spec, args, record)
                refusals.setdefault((spec.name, template.id), []).append((binding, args, record.message))
                # refused further on with a tool's value than a control gets: that value is taken
                further_tests(tests, node, spec, template, args, {k: v for k, v in binding.items() if isinstance(v, Value)},
                              record, pool, self.further_done)
                return False, record
            # the template's first success anywhere (none before this level, none in this explorer)
            first = (spec.name, template.id) not in self.first_successes and (known is None or (spec.name, template.id) not in known)
            bound_values = [v for v in binding.values() if isinstance(v, Value)]
            tests.provenance_tests(node, spec, template, args, {k: v for k, v in binding.items() if isinstance(v, Value)}, record, pool)
            showed_any = after_success(spec, template, args, record, child, [canonical_json(v.value) for v in bound_values])
            if node.depth == 0 or not record.state_changes or first:
                # a call that changed nothing (a switch already on), any call in a fresh state, or a
                # setter's first success on a record a chain created (a case's funeral type): the
                # other documented values of its literals show more of the world
                variants(spec, template, args)
            if node.depth == 0 and not peering:
                handed_peers(spec, template, binding)
            showed[0] = showed_any
            return True, record

        peering: list[bool] = []  # non-empty while handed_peers runs (its successes start no more peers)

        def handed_peers(spec: ToolSpec, template: Any, binding: Mapping[str, Any]) -> None:
            """A fresh-state success on a handed value runs again with the other people's
            (:func:`.handed.peer_bindings`): personas differ in what they may do."""
            peering.append(True)
            try:
                for peer in peer_bindings(binding, pool.values, HANDED_PEERS):
                    attempt(spec, template, peer, tried)
            finally:
                peering.pop()

        def variants(spec: ToolSpec, template: Any, args: dict[str, Any], every: bool = False) -> int:
            """Run the call with each other documented value of one literal; the successes."""
            ok = 0
            # the inputs bound from the pool (every argument but the template's own literals): their
            # echoes in the reply credit nobody, as after any bound call
            literals = binder.literal_args(template)
            bound = [canonical_json(v) for k, v in args.items() if k not in literals or canonical_json(literals[k]) != canonical_json(v)]
            for variant in binder.literal_variants(spec, args, template, every=every):
                vr, vchild = calls.run(node, spec.name, variant, "variant")
                vo = calls.classify(spec.name, vr)
                calls.note_attempt(spec.name, template, variant, vr, vo)
                if vo == "success":
                    ok += 1
                    after_success(spec, template, variant, vr, vchild, bound)
            return ok

        def one_filter_at_a_time(spec: ToolSpec, template: Any, base: Mapping[str, Any]) -> int:
            """A template that omits optional inputs (a search with no criteria) and fails: add one
            of them at a time, with the values whose field aligns and the contract's own literal
            for it; all criteria at once match nothing, none at all is refused."""
            omitted = [n for n, a in template.arguments.items() if a.kind == "omit"]
            if not omitted:
                return 0
            literal_for: dict[str, Any] = {}
            for other in self.contracts[spec.name].success_templates:
                for n in omitted:
                    arg = other.arguments.get(n)
                    if arg is not None and arg.kind == "literal":
                        literal_for.setdefault(n, arg.value)
            keep = {k: v for k, v in base.items() if not isinstance(v, Keep)}
            ok = 0
            for n in omitted:
                opts: list[Any] = binder.candidates_for(spec, n, pool.values, aligned_only=True)[:2]
                if n in literal_for and not any(isinstance(o, Value) and o.value == literal_for[n] for o in opts):
                    opts.append(literal_for[n])
                for opt in opts:
                    if ok >= cap:
                        return ok
                    binding = {**keep, n: opt}
                    if not uses_new(binding, spec) and not isinstance(opt, Value) and node.depth > 0:
                        continue
                    good, _ = attempt(spec, template, binding, tried)
                    ok += good
            return ok

        refusals: dict[tuple[str, str], list[tuple[Mapping[str, Any], dict[str, Any], str | None]]] = {}
        today = handed_today(pool.values)  # the service's day, when the tester was handed it

        def other_fields(spec: ToolSpec, template: Any, base: Mapping[str, Any], binds: list[dict[str, Any]],
                         refused: str | None, since: int = 0) -> int:
            """Observation inputs whose aligned values all failed try values of fields that do not
            align (of a fitting type, the best of each export): a row's unnamed column, a field
            named for what it is rather than for the input (``matches`` holding employee ids).
            A value that gets past the refusal the best binding met (``refused``: a session token
            now accepted, the call refused further on) is held while the other inputs take their
            alternatives, as the failed bindings had them."""
            keep = {k: v for k, v in base.items() if not isinstance(v, Keep)}
            ok = 0
            values = pool.values[since:] if since else pool.values  # ``since``: only what the state gained after it
            for name in template.observations:
                cands = binder.candidates_for(spec, name, values, unaligned=True)
                if new_keys is not None and refused and cause_of(refused) == "credentials" and \
                        not any(isinstance(x, Value) and _gained(x, new_keys) for k, x in keep.items() if k != name):
                    # refused at the sign-in past the fresh state, where only a binding that uses what the
                    # state gained runs (``uses_new``): the few best unaligned values may all be skipped, so
                    # the state's own values follow them (the bare token a sign-in just returned, under no
                    # name the input aligns with)
                    taken = {v.key for v in cands}
                    cands += [v for v in binder.candidates_for(spec, name, values, unaligned=True, limit=UNALIGNED_SCAN)
                              if _gained(v, new_keys) and v.key not in taken][: self.config.bindings_per_input]
                # words a person would type first (a search's ``name`` that found nobody under the
                # person's name: the phrases about what the tool finds, a fixture's haulier)
                for v in binder.phrases_first(spec, name, values, cands):
                    if ok >= cap:
                        return ok
                    binding = {**keep, name: v}
                    if not uses_new(binding, spec) and node.depth > 0:
                        continue
                    good, record = attempt(spec, template, binding, tried)
                    ok += good
                    if good or record is None or refused is None or record.message == refused:
                        continue
                    # past the refusal, refused further on: what the new refusal names (a date
                    # layout) with the value held
                    ok = retries.taught(spec, template, binding, dict(record.arguments or {}), record.message or "", ok)
                    for other in binds[1:PROGRESS_BINDINGS]:
                        if ok >= cap:
                            return ok
                        held = {k: x for k, x in other.items() if not isinstance(x, Keep)}
                        good, _ = attempt(spec, template, {**held, name: v}, tried)
                        ok += good
            return ok

        def words(spec: ToolSpec, template: Any, options: Mapping[str, list[Any]], ran: bool = False) -> int:
            """The words of the phrases a free-text input was offered, one at a time
            (:meth:`.joint_bindings.JointBindings.word_bindings`); successes that showed something.
            ``ran``: the template ran here and found nothing (a search, not a refusal)."""
            ok = 0
            # the words of phrases older than this state were tried where those appeared, unless a
            # search that succeeded at no earlier level runs here on a value new here (the session
            # a sign-in just gave: before it the search was refused, whatever the word)
            held_new = ran and new_keys is not None and unproven(spec.name) and any(
                opts and isinstance(opts[0], Value) and opts[0].key in new_keys for opts in options.values())
            fresh = None if new_keys is None or held_new else (lambda v: v.key in new_keys)
            for binding in binder.word_bindings(spec, options, pool.values, fresh):
                if ok >= cap:
                    break
                good, _ = attempt(spec, template, {k: v for k, v in binding.items() if not isinstance(v, Keep)}, tried)
                ok += good and showed[0]
            return ok

        tried: set = set()
        # the fallbacks that read this state's refusals (what they teach, the fields and statuses they name)
        retries = RefusalRetries(lambda spec, template, binding: attempt(spec, template, binding, tried), binder, pool,
                                 refusals, self.learned, cap, today)
        for tool, template_id, binding, passed in node.seeds:  # what a repair state was entered for
            spec = self.catalog.get(tool)
            try:
                template = self.contracts[tool].template(template_id)
            except KeyError:  # a revision between levels dropped the template
                continue
            if spec is not None and not attempt(spec, template, binding, tried)[0] and passed:
                # let past its refusal and refused here for something else (a repair pass): what
                # this refusal teaches, with the binding that got past
                retries.taught_by_refusals(spec, template)
        # (tool, template) -> the first refusal of its bindings in the first round: in the second
        # round those bindings are not run again, yet the template is still refused, and the values
        # the state gained since under fields that do not align (``acct`` for ``account_no``, read
        # by a search that ran after it) get their tries
        refused_first: dict[tuple[str, str], tuple[InvocationRecord, int]] = {}  # and the pool's length then
        for _round in range(2):
            for spec in tools:
                if spent(self.calls.deadline):
                    break  # the build's time budget: every further run would be refused, so stop binding too
                for t, template in enumerate(self.contracts[spec.name].success_templates):
                    if _round == 1 and not template.observations and not binder.swappable(spec, template, placeholders_only=True, handed=handed):
                        continue
                    binds = binder.bindings(spec, template, pool.values, handed=handed)
                    if binds and touched_keys and unproven(spec.name):
                        # a tool that never succeeded goes on as the call into this state did: with
                        # its person (handed values) and with the session and records it acted on
                        going_on = binder.continued(spec, template, binds[0], pool.values, touched_keys)
                        binds = binds[:1] + persona_bindings(binds[0], pool.values, persona) + ([going_on] if going_on else []) + binds[1:]
                    successes = 0
                    quiet = 0  # successes that showed nothing: no quota, but the template did succeed
                    failed: InvocationRecord | None = None
                    failed_new: InvocationRecord | None = None  # the first refused binding with a value new here
                    for i, binding in enumerate(binds):
                        if successes >= cap:
                            break
                        new = uses_new(binding, spec, template if t else None)  # once per binding: it may spend a TOUCHED_TRIES slot
                        if not new and (values_only or i > 0):
                            continue
                        ok, record = attempt(spec, template, binding, tried)
                        # a success that showed nothing (a search that matched no record: ``[]``)
                        # does not fill the template's quota: a later binding may name a record
                        successes += ok and showed[0]
                        quiet += ok and not showed[0]
                        if not ok and record is not None and failed is None:
                            failed = record
                        if not ok and record is not None and failed_new is None and node.depth > 0 and new:
                            failed_new = record
                    if _round == 0 and failed is not None:
                        refused_first.setdefault((spec.name, template.id), (failed, len(pool.values)))
                    elif failed is None and not successes and not quiet and binds and template.observations \
                            and (spec.name, template.id) in refused_first \
                            and unproven(spec.name):
                        # every binding ran in the first round and was refused: only the fields that
                        # do not align get their tries with what the state gained since
                        first, seen_until = refused_first[(spec.name, template.id)]
                        other_fields(spec, template, binds[0], binds, first.message, since=seen_until)
                        continue
                    if not successes and not quiet and failed is not None and node.depth == 0:
                        # a setting refused in the fresh state (already off, or not allowed): every
                        # other documented value of its switches and enumerations, from here
                        successes += variants(spec, template, dict(failed.arguments or {}), every=True)
                    elif not successes and not quiet and failed_new is not None and not values_only:
                        # refused on a value this state changed (a verified holder's domain whose
                        # auto-renew is already on): the other documented values of its switches
                        successes += variants(spec, template, dict(failed_new.arguments or {}))
                    if not successes and quiet and not template.observations:
                        # a search whose own literals found nothing (``query="brand"``): the words
                        # of the phrases at hand
                        literals = binder.literal_args(template)
                        successes += words(spec, template, {n: [v] for n, v in literals.items()
                                                            if binder.free_text_input(spec, n, prose_enum=True)})
                    # a template whose successes all showed nothing (a search that matched no
                    # record) takes the fallbacks too: an unaligned value may name a record
                    if successes or (quiet and not template.observations) or (failed is None and binds and not quiet):
                        continue
                    # no binding succeeded: free literals may take observed values of a fitting type
                    swap = binder.swappable(spec, template)
                    options: dict[str, list[Any]] = {}
                    base = binds[0] if binds else ({} if not template.observations else None)
                    if base is None:
                        continue
                    for name, v in base.items():
                        options[name] = [v] + [b[name] for b in binds[1:] if b[name] is not v][: self.config.bindings_per_input - 1]
                    literals = binder.literal_args(template)
                    for name in swap:
                        cands = binder.candidates_for(spec, name, pool.values, exclude=[literals[name]])
                        if not binder.candidates_for(spec, name, pool.values, exclude=[literals[name]], aligned_only=True):
                            # words no field names (a search's ``text``): phrases the tester was
                            # handed or a reply showed (a party's name), before arbitrary values
                            cands = binder.phrases_first(spec, name, pool.values, cands, exclude=[literals[name]])
                        if cands:
                            options[name] = [KEEP] + cands
                    swapped_quiet = 0  # swaps that ran and found nothing
                    if any(isinstance(o[0], Keep) for o in options.values()):
                        for binding in binder.combine(options)[1:]:
                            if successes >= cap:
                                break
                            binding = {k: v for k, v in binding.items() if not isinstance(v, Keep)}
                            if not uses_new(binding, spec):
                                continue
                            ok, _ = attempt(spec, template, binding, tried)
                            successes += ok and showed[0]
                            swapped_quiet += ok and not showed[0]
                    if not successes and swapped_quiet:
                        # a search that ran and found nothing with the values at hand: the words of
                        # the phrases at hand may still name a record (a surname inside a note);
                        # nothing was refused, so the refusal-led fallbacks below have nothing to read
                        words(spec, template, options, ran=True)
                        continue
                    if not successes:
                        successes += one_filter_at_a_time(spec, template, base)
                    if not successes:
                        successes += retries.taught_by_refusals(spec, template)
                    if not successes:
                        successes += retries.named_by_refusals(spec, template)
                    if not successes and template.observations:
                        # (in the second round, of a template refused in the first: the values gained since)
                        since = refused_first[(spec.name, template.id)][1] if _round == 1 and (spec.name, template.id) in refused_first else 0
                        successes += other_fields(spec, template, base, binds, failed.message if failed is not None else None, since)
                    # still failing: a free-text input takes the words of the phrases it was offered
                    # (a surname of a handed name, with the birth date beside it; a drug in a sentence)
                    if not successes:
                        successes += words(spec, template, options)
                    # still failing: inputs that must come from one record take it jointly (an order
                    # in a given status with an item of that same order)
                    for binding in [] if successes else binder.sibling_bindings(spec, options, pool.values):
                        if successes >= cap:
                            break
                        if not uses_new(binding, spec) and node.depth > 0:
                            continue
                        ok, _ = attempt(spec, template, binding, tried)
                        successes += ok
                    # still failing: a list input takes the whole list its candidate came from
                    # (at most LIST_GROUPS bindings, so a value acted on admits one without spending
                    # the tool's TOUCHED_TRIES, which one-item lists may have used up)
                    for binding in [] if successes else binder.list_bindings(spec, options, pool.values):
                        if successes >= cap:
                            break
                        if node.depth > 0 and not uses_new(binding, spec) and not any(
                                isinstance(v, Value) and v.key in touched_keys for v in binding.values()):
                            continue
                        ok, _ = attempt(spec, template, binding, tried)
                        successes += ok
                    # still failing: inputs that share candidate values take distinct ones jointly
                    # (a head and a base branch, a sender and a recipient)
                    # (a value the call into this state acted on counts as new here: its state changed)
                    for binding, group in [] if successes else binder.distinct_bindings(options):
                        if successes >= cap:
                            break
                        binding = {k: v for k, v in binding.items() if not isinstance(v, Keep)}
                        if not uses_new(binding, spec) and not any(
                                isinstance(binding.get(n), Value) and value_json(binding[n]) in touched for n in group):
                            continue
                        ok, _ = attempt(spec, template, binding, tried)
                        successes += ok
                    # still failing: a one-item list a refusal blames grows (a team of two)
                    if not successes:
                        successes += retries.longer_lists(spec, template)
                    # still failing, last: a refusal that names a status another record shows (the
                    # courier can be messaged only while the order is out_for_delivery) takes that record
                    if not successes:
                        successes += retries.status_retries(spec, template)
        repairs: dict[str, list[tuple[str, str, dict[str, Any], str]]] = {}
        peers: set[str] = set()
        if not values_only and refusals:
            repairs, extra = self.repairs.search(node, children, refusals, pool, known_tools)
            own = {c[0] for c in children}
            peers = {c[0] for c in extra if c[0] not in own}
            children.extend(c for c in extra if c[0] in peers)  # scheduled only as repair states
        gathered = None
        if not values_only and self.config.gather_states > 0 and any(c.first for c in candidates):
            ordered = order_candidates(candidates, exclude=[step["tool"] for step in node.path])
            gathered = gather(calls, self.reader, node.digest, node.snap, ordered)
        return NodeResult(node.id, list(tests.relations.values()), children, pool.values, dict(self.updates),
                          set(calls.succeeded), calls.tally, dict(calls.unmatched), dict(self.first_successes),
                          calls.attempts, dict(self.learned), gathered, repairs, peers)

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
