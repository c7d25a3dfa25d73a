"""The schedule of one sandbox state: which templates and bindings run there, in what order.

A :class:`StateSchedule` is made by :meth:`.explorer.Explorer.explore_node` for one node and holds
what that state's runs share: its value pool, the values new in it, the refusals its calls met
(:class:`~.blame.Blame`) and the bindings already tried. Its :meth:`~StateSchedule.run` runs every
template's bindings twice over (the second time for what the state gained meanwhile); a template
none of whose bindings succeeded takes the fallbacks of :mod:`.fallbacks`.
"""

from __future__ import annotations

from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.blame import Blame
from llama_index_libra.induction.bindings import Keep, option_key
from llama_index_libra.induction.budget import spent
from llama_index_libra.induction import fallbacks
from llama_index_libra.induction.fallbacks import after_refusals, other_fields, variants, words
from llama_index_libra.induction.further import further_tests
from llama_index_libra.induction.gathering import Candidate, creates, gather, order_candidates
from llama_index_libra.induction.handed import HANDED_PEERS, peer_bindings, persona_bindings
from llama_index_libra.induction.hints import handed_today
from llama_index_libra.induction.read_after import credit_later
from llama_index_libra.induction.refusal_retries import RefusalRetries
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, ValuePool, acted_on, showed_anything, value_json
from llama_index_libra.records import InvocationRecord

__all__ = ["StateSchedule", "TOUCHED_TRIES", "TEMPLATE_TOUCHED_TRIES"]

# bindings per tool and state admitted only because they take a value the call into the state acted on
TOUCHED_TRIES = 8
# of which a template after the first has that many of its own, in the first pass over its bindings
TEMPLATE_TOUCHED_TRIES = 2


class StateSchedule:
    """What the runs of one state share, and the order they run in (:meth:`run`)."""

    def __init__(self, explorer: Any, node: Any) -> None:
        """``explorer``: the :class:`~.explorer.Explorer` whose parts the runs use; ``node``: the
        :class:`~.explorer.Node` explored (the explorer imports this module, not the reverse)."""
        self.explorer = explorer
        self.node = node
        self.calls, self.binder, self.tests = explorer.calls, explorer.binder, explorer.tests
        self.catalog, self.contracts, self.config = explorer.catalog, explorer.contracts, explorer.config
        self.tests.relations = {}
        explorer.first_successes = {}
        self.calls.attempts = {}
        self.children: list[tuple[str, Any, str, dict[str, Any], int, list[Value]]] = []  # pool = final[:n] + values
        self.pool = pool = ValuePool(node.pool)
        # the parent's pool, shared with the siblings
        self.binder.share_prefix(pool.values, node.new_from if node.depth > 0 else 0)
        self.new_keys: set[str] | None = {v.key for v in node.pool[node.new_from:]} if node.depth > 0 else None
        self.touched = {canonical_json(a) for a in node.path[-1]["arguments"].values()} if node.path else set()
        # for a tool that has not succeeded yet, the values the call into this state acted on are new
        # here too, and so are values read from calls that took them: the user it verified and that
        # user's domains now behave differently (a verified holder's writes)
        # per tool (per template in its first pass): bindings admitted here only for a value acted on
        self.touched_tries: dict[Any, int] = {}
        self.touched_keys = {v.key for v in acted_on(node.pool, self.touched)} if self.new_keys is not None else set()
        # the handed values the call into this state acted on (the chair whose e-mail got a code):
        # tools that never succeeded continue with that person (:func:`.handed.persona_bindings`)
        self.persona = [v for v in node.pool if v.provider == FIXTURE_PROVIDER and v.key in self.touched_keys]
        self.tools = [s for s in self.catalog if node.partitions is None or self.tests.partition[s.name] in node.partitions]
        self.values_only = node.mode == "values"
        self.cap = self.config.successes_per_template
        self.handed = {value_json(v) for v in pool.values if v.provider == FIXTURE_PROVIDER}  # facts a tester was handed
        self.blame = Blame()
        self.candidates: list[Candidate] = []  # state-changing successes, for the gathered state
        self.known = (self.tests.knowledge or {}).get("succeeded")
        # tools that succeeded before this level
        self.known_tools = None if self.known is None else {tool for tool, _ in self.known}
        self.showed = False  # whether the last successful attempt showed anything (a state change or a value)
        self.peering = 0  # non-zero while handed_peers runs (its successes start no more peers)
        self.refusals: dict[tuple[str, str], list[tuple[Mapping[str, Any], dict[str, Any], str | None]]] = {}
        self.today = handed_today(pool.values)  # the service's day, when the tester was handed it
        self.tried: set = set()
        # the fallbacks that read this state's refusals (what they teach, the fields and statuses they name)
        self.retries = RefusalRetries(self.attempt, self.binder, pool, self.refusals, explorer.learned, self.cap, self.today,
                                      lambda v, refusal, binding: fallbacks.tried_before(self, v, refusal, binding))

    def unproven(self, name: str) -> bool:
        """Whether tool ``name`` succeeded at no earlier level (every tool, in the first)."""
        return self.known_tools is None or name not in self.known_tools

    def after_success(self, spec: ToolSpec, template: Any, args: dict[str, Any], record: InvocationRecord, child, bound) -> bool:
        """Keep what a success produced; whether it showed anything (a state change, or a value
        that is not an echo of its arguments)."""
        self.explorer.first_successes.setdefault((spec.name, template.id), args)
        values = self.explorer.reader.values_of(spec.name, record, bound)
        showed_any = showed_anything(record, values, self.pool)
        pool = self.pool
        if self.new_keys is not None:
            self.new_keys.update(v.key for v in values if v.key not in pool.keys)
        if child is None:
            credit_later(self.tests, self.node, pool, values)  # a source of a value a consumer here needed
            pool.add(values)
            return showed_any
        if self.values_only:  # past the bounds: values only, no deeper state
            self.calls.tally.states_cut_depth += 1
            return showed_any
        digest, snap = child
        new_values = [v for v in dict((v.key, v) for v in values).values() if v.key not in pool.keys]
        self.children.append((digest, snap, spec.name, args, len(pool), new_values))
        self.candidates.append(Candidate(spec.name, args, tuple(bound), creates(record.state_changes),
                                         self.known_tools is not None and spec.name not in self.known_tools))
        return showed_any

    def uses_new(self, binding: Mapping[str, Any], spec: ToolSpec | None = None, later: Any = None) -> bool:
        """Whether a binding may run in this state: it takes a value new here, or (a few per tool) a
        value the call into the state acted on, for a tool that never succeeded."""
        new_keys = self.new_keys
        if new_keys is None:
            return True
        fresh_tool = spec is not None and bool(self.touched_keys) and self.unproven(spec.name)
        acted = False
        for v in binding.values():
            if isinstance(v, Value):
                if fallbacks.gained(v, new_keys):
                    return True
                acted = acted or (fresh_tool and v.key.removesuffix("\x00[]") in self.touched_keys)
        if acted and self.blame.rules_out(spec.name, {k: (v.value if isinstance(v, Value) else v)  # type: ignore[union-attr]
                                                      for k, v in binding.items() if not isinstance(v, Keep)}):
            return False  # a call this state's refusals already rule out spends no slot (junk tokens)
        # (the slots are the tool's; ``later``, a template after the tool's first, has a few of its
        # own in the first pass over its bindings: the template with the optional inputs a refusal
        # asks for is not left none by the fallbacks of the template before it)
        slot = (spec.name, later.id) if later is not None else spec.name  # type: ignore[union-attr]
        if acted and self.touched_tries.get(slot, 0) < (TEMPLATE_TOUCHED_TRIES if later is not None else TOUCHED_TRIES):
            self.touched_tries[slot] = self.touched_tries.get(slot, 0) + 1
            return True
        return False

    def attempt(self, spec: ToolSpec, template: Any, binding: Mapping[str, Any]) -> tuple[bool, InvocationRecord]:
        """Run one binding of a template here (once per state); whether it succeeded, and its record
        (None when it was not run: tried before, or ruled out by this state's refusals)."""
        binder, calls, node = self.binder, self.calls, self.node
        args = {**binder.literal_args(template),
                **{k: (v.value if isinstance(v, Value) else v) for k, v in binding.items() if not isinstance(v, Keep)}}
        marker = (spec.name, canonical_json(args) + "|" + canonical_json(sorted((k, option_key(v)) for k, v in binding.items())))
        if marker in self.tried:
            return False, None  # type: ignore[return-value]
        self.tried.add(marker)
        if self.blame.rules_out(spec.name, args):
            calls.tally.runs_cut_blamed += 1
            return False, None  # type: ignore[return-value]
        record, child = calls.run(node, spec.name, args)
        outcome = calls.classify(spec.name, record)
        calls.note_attempt(spec.name, template, args, record, outcome)
        bound = {k: v for k, v in binding.items() if isinstance(v, Value)}  # the inputs bound from the pool
        if outcome == "success":
            self.blame.passed(args)
        else:
            self.blame.note(spec, args, record)
            self.refusals.setdefault((spec.name, template.id), []).append((binding, args, record.message))
            # refused further on with a tool's value than a control gets: that value is taken
            further_tests(self.tests, node, spec, template, args, bound, record, self.pool, self.explorer.further_done)
            return False, record
        # the template's first success anywhere (none before this level, none in this explorer)
        known = self.known
        first = (spec.name, template.id) not in self.explorer.first_successes and \
            (known is None or (spec.name, template.id) not in known)
        self.tests.provenance_tests(node, spec, template, args, bound, record, self.pool)
        showed_any = self.after_success(spec, template, args, record, child, [canonical_json(v.value) for v in bound.values()])
        if node.depth == 0 or not record.state_changes or first:
            # a call that changed nothing (a switch already on), any call in a fresh state, or a
            # setter's first success on a record a chain created (a case's funeral type): the
            # other documented values of its literals show more of the world
            variants(self, spec, template, args)
        if node.depth == 0 and not self.peering:
            self.handed_peers(spec, template, binding)
        self.showed = showed_any
        return True, record

    def handed_peers(self, spec: ToolSpec, template: Any, binding: Mapping[str, Any]) -> None:
        """A fresh-state success on a handed value runs again with the other people's
        (:func:`.handed.peer_bindings`): personas differ in what they may do."""
        self.peering += 1
        try:
            for peer in peer_bindings(binding, self.pool.values, HANDED_PEERS):
                self.attempt(spec, template, peer)
        finally:
            self.peering -= 1

    # ---- the order of one state's runs
    def run(self) -> tuple[dict[str, list[tuple[str, str, dict[str, Any], str]]], set[str], Any]:
        """Run the state's seeds, then every template's bindings (twice over), then the repair
        search and the gathered state; (repairs, peers, gathered) for the node's result."""
        node, binder, pool = self.node, self.binder, self.pool
        for tool, template_id, binding, passed in node.seeds:  # what a repair state was entered for
            spec = self.catalog.get(tool)
            try:
                template = self.contracts[tool].template(template_id)
            except KeyError:  # a revision between levels dropped the template
                continue
            if spec is not None and not self.attempt(spec, template, binding)[0] and passed:
                # let past its refusal and refused here for something else (a repair pass): what
                # this refusal teaches, with the binding that got past
                self.retries.taught_by_refusals(spec, template)
        # (tool, template) -> the first refusal of its bindings in the first round: in the second
        # round those bindings are not run again, yet the template is still refused, and the values
        # the state gained since under fields that do not align (``acct`` for ``account_no``, read
        # by a search that ran after it) get their tries
        refused_first: dict[tuple[str, str], tuple[InvocationRecord, int]] = {}  # and the pool's length then
        for _round in range(2):
            for spec in self.tools:
                if spent(self.calls.deadline):
                    break  # the build's time budget: every further run would be refused, so stop binding too
                for t, template in enumerate(self.contracts[spec.name].success_templates):
                    if _round == 1 and not template.observations and \
                            not binder.swappable(spec, template, placeholders_only=True, handed=self.handed):
                        continue
                    self.run_template(spec, t, template, _round, refused_first)
        repairs: dict[str, list[tuple[str, str, dict[str, Any], str]]] = {}
        peers: set[str] = set()
        if not self.values_only and self.refusals:
            repairs, extra = self.explorer.repairs.search(node, self.children, self.refusals, pool, self.known_tools)
            own = {c[0] for c in self.children}
            peers = {c[0] for c in extra if c[0] not in own}
            self.children.extend(c for c in extra if c[0] in peers)  # scheduled only as repair states
        gathered = None
        if not self.values_only and self.config.gather_states > 0 and any(c.first for c in self.candidates):
            ordered = order_candidates(self.candidates, exclude=[step["tool"] for step in node.path])
            gathered = gather(self.calls, self.explorer.reader, node.digest, node.snap, ordered)
        return repairs, peers, gathered

    def run_template(self, spec: ToolSpec, t: int, template: Any, _round: int,
                     refused_first: dict[tuple[str, str], tuple[InvocationRecord, int]]) -> None:
        """One template's bindings in this state (the ``t``-th of its tool), then, when none
        succeeded, what its refusals and the state's other values suggest."""
        binder, pool, node = self.binder, self.pool, self.node
        binds = binder.bindings(spec, template, pool.values, handed=self.handed)
        if binds and self.touched_keys and self.unproven(spec.name):
            # a tool that never succeeded goes on as the call into this state did: with
            # its person (handed values) and with the session and records it acted on
            going_on = binder.continued(spec, template, binds[0], pool.values, self.touched_keys)
            binds = binds[:1] + persona_bindings(binds[0], pool.values, self.persona) + ([going_on] if going_on else []) + binds[1:]
        successes = 0
        quiet = 0  # successes that showed nothing: no quota, but the template did succeed
        failed: InvocationRecord | None = None
        failed_new: InvocationRecord | None = None  # the first refused binding with a value new here
        for i, binding in enumerate(binds):
            if successes >= self.cap:
                break
            new = self.uses_new(binding, spec, template if t else None)  # once per binding: it may spend a TOUCHED_TRIES slot
            if not new and (self.values_only or i > 0):
                continue
            ok, record = self.attempt(spec, template, binding)
            # a success that showed nothing (a search that matched no record: ``[]``)
            # does not fill the template's quota: a later binding may name a record
            successes += ok and self.showed
            quiet += ok and not self.showed
            if not ok and record is not None and failed is None:
                failed = record
            if not ok and record is not None and failed_new is None and node.depth > 0 and new:
                failed_new = record
        if _round == 0 and failed is not None:
            refused_first.setdefault((spec.name, template.id), (failed, len(pool.values)))
        elif failed is None and not successes and not quiet and binds and template.observations \
                and (spec.name, template.id) in refused_first \
                and self.unproven(spec.name):
            # every binding ran in the first round and was refused: only the fields that
            # do not align get their tries with what the state gained since
            first, seen_until = refused_first[(spec.name, template.id)]
            other_fields(self, spec, template, binds[0], binds, first.message, since=seen_until)
            return
        if not successes and not quiet and failed is not None and node.depth == 0:
            # a setting refused in the fresh state (already off, or not allowed): every
            # other documented value of its switches and enumerations, from here
            successes += variants(self, spec, template, dict(failed.arguments or {}), every=True)
        elif not successes and not quiet and failed_new is not None and not self.values_only:
            # refused on a value this state changed (a verified holder's domain whose
            # auto-renew is already on): the other documented values of its switches
            successes += variants(self, spec, template, dict(failed_new.arguments or {}))
        if not successes and quiet and not template.observations:
            # a search whose own literals found nothing (``query="brand"``): the words
            # of the phrases at hand
            literals = binder.literal_args(template)
            successes += words(self, spec, template, {n: [v] for n, v in literals.items()
                                                      if binder.free_text_input(spec, n, prose_enum=True)})
        # a template whose successes all showed nothing (a search that matched no
        # record) takes the fallbacks too: an unaligned value may name a record
        if successes or (quiet and not template.observations) or (failed is None and binds and not quiet):
            return
        since = refused_first[(spec.name, template.id)][1] if _round == 1 and (spec.name, template.id) in refused_first else 0
        after_refusals(self, spec, template, binds, failed, since)
