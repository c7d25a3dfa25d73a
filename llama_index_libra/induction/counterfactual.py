"""The counterfactual tests that admit relations (Algorithm 1, lines 17-23 and 26-31, and path ablation).

* provenance / compatibility: a bound call that succeeded re-runs with a control in place of the
  provider's value (an optional input is omitted instead);
* state: a consumer runs with identical arguments before and after a state-changing call;
* transitive: a consumer's first successful path replays with one call dropped.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.vocabulary import names_secret
from llama_index_libra.induction.bindings import Binder, prefix_tag
from llama_index_libra.induction.blame import Blame, names_actor, quotes
from llama_index_libra.induction.calls import CallRunner
from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.control_values import calendar_layout, converted_from, make_controls, shift_with
from llama_index_libra.induction.field_encoders import _singular, humanize
from llama_index_libra.induction.gates import (already_holds, asks_for, occupies, moved_on, passed_gate, passed_to_person, undoes_own_call,
                                              untouched_refusal)
from llama_index_libra.induction.hints import error_hints
from llama_index_libra.induction.read_after import note_need
from llama_index_libra.induction.repair_states import StateAt
from llama_index_libra.induction.repairs import refuses_the_person, substituted
from llama_index_libra.induction.selection import replaces
from llama_index_libra.induction.shapes import value_shape
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, ValuePool, acted_on, provider_value, relayed
from llama_index_libra.library import Relation
from llama_index_libra.records import InvocationRecord

__all__ = ["CounterfactualTests", "free_text", "same_kind", "sign_in_of"]

_OMIT = object()
# swaps of one input of a consumer's first successful call per state test (values the transition touched)
KNOWN_SWAPS = 2


_EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")


def free_text(value: Any) -> bool:
    """Text anyone could type (words, names, titles, message bodies, e-mail addresses): a word (not
    all capitals), text with spaces, or an address. Ids, codes (``USD``, ``CCO``), paths, dates and
    encoded payloads hold a digit, a separator or only capitals."""
    if isinstance(value, list):
        return bool(value) and all(free_text(v) for v in value)
    if not isinstance(value, str):
        return False
    text = value.strip()
    return any(c.isspace() for c in text) or (value.isalpha() and not value.isupper()) or bool(_EMAIL_RE.match(text))


# words that say how values are held, not what they are (``stock_list`` holds stocks)
_COLLECTION_WORDS = frozenset({"list", "array", "set", "collection"})


def _head(name: str) -> str | None:
    """A field name's last noun, singular, past words that only say how values are held."""
    words = humanize(name).split()
    words = [w for w in words if w not in _COLLECTION_WORDS] or words
    return _singular(words[-1]) if words else None


def same_kind(export: str, name: str) -> bool:
    """Whether a value's field and an input end in the same noun (their head): ``paths`` and ``path``,
    ``base64`` and ``content_base64``, ``stock_list`` and ``stocks``; not ``zip`` and ``zip_code``,
    ``owner`` and ``owner_name``."""
    head = _head(export)
    return head is not None and head == _head(name)


def sign_in_of(path: Any) -> tuple[str, dict[str, Any]] | None:
    """The latest call of a path that presented a secret (an input named password, PIN, passcode):
    the sign-in the path acts as, ``(tool, arguments)``; None when no call did."""
    for step in reversed(tuple(path or ())):
        if any(names_secret(name) for name in step.get("arguments") or {}):
            return step["tool"], dict(step["arguments"])
    return None


class CounterfactualTests:
    """Runs the three tests through ``calls`` and keeps the relations they admit (``relations``)."""

    def __init__(self, ctx: Any, contracts: Mapping[str, Any], calls: CallRunner, binder: Binder,
                 knowledge: Mapping[str, Any] | None = None, reader: Any = None) -> None:
        """``reader``: the explorer's :class:`~.values.ValueReader` (the values a sign-in returns)."""
        self.ctx = ctx
        self.reader = reader
        self.config = ctx.config
        self.contracts = contracts
        self.calls = calls
        self.binder = binder
        self.knowledge = dict(knowledge or {})
        self.relations: dict[tuple, Relation] = {}
        self._initial: tuple[int | None, set[str]] = (None, set())  # (node id, keys of its pool as entered)
        self.blames: dict[int, Blame] = {}  # node id -> what its refusals rule out (the state tests' after-states)
        self.partition = ctx.partition or {spec.name: ctx.runtime.partition_of(spec.name) for spec in ctx.catalog}
        self.by_partition: dict[str, list[ToolSpec]] = {}
        for spec in ctx.catalog:
            self.by_partition.setdefault(self.partition[spec.name], []).append(spec)

    def admit(self, relation: Relation) -> None:
        if replaces(self.relations.get(relation.key), relation):
            self.relations[relation.key] = relation

    # ---- provenance and compatibility
    def provenance_tests(self, node: Any, spec: ToolSpec, template: Any, args: dict[str, Any],
                         binding: Mapping[str, Value], record: InvocationRecord, pool: ValuePool) -> None:
        """Replace each bound input by a control; control fails -> provenance, succeeds with aligned
        fields -> compatibility.

        Controls are independent: never a value already known in this state (a name taken by an
        earlier write would fail for that reason), never a literal of this input that the contract
        already knew (that value needs no provider), and a relation must survive a second, different
        control when there is one. Credit goes to every tool that genuinely produced the value.
        """
        calls = self.calls
        required = set(spec.required_inputs)
        props = self.binder.props(spec)
        if node.path and self._initial[0] != node.id:  # (in a fresh state nothing is relayed: no path)
            self._initial = (node.id, {v.key for v in node.pool})
        initial_keys = self._initial[1] if node.path else set()
        for name, value in binding.items():
            literals = [t.arguments[name].value for t in self.contracts[spec.name].templates
                        if name in t.arguments and t.arguments[name].kind == "literal"]
            if any(canonical_json(lit) == canonical_json(value.value) for lit in literals):
                continue  # the contract knew this value without any provider
            if pool.handed(value):
                continue  # a fixture holds it (under any key): the tester was handed it, no tool is needed
            # a call that returned a value its path already held relays it (:func:`.values.relayed`)
            producers = [p for p in pool.producers(value, spec.name) if not relayed(node.path, p, initial_keys)]
            proven = self.knowledge.get("proven") or ()
            if not producers or all((spec.name, p.provider, name, p.export) in proven for p in producers):
                continue  # nobody to credit, or only relations an earlier level already proved
            # a value the input's refusals spelled out (a vocabulary, a date layout: hints.py) needs no
            # provider when another such value works too: tried first, its success admits no provenance
            taught = [t for t in self.binder.learned.get((spec.name, name), ())
                      if canonical_json(t) != canonical_json(value.value)][:1]
            known = set(pool.index)
            controls: list[tuple[dict[str, Any], Any]] = [
                ({"value": c}, c) for c in make_controls(value.value, props.get(name, {}), literals, known)]
            if name not in required:
                # an optional input left out, then another value in it: a call refused without the
                # input (``nothing to change``) but working with any other phone number takes no
                # provider's value, only some value
                controls = [({"omitted": name}, _OMIT)] + controls
            else:
                # a day a converter wrote (``normalize_date``): the form it was written from is the
                # control (any other day in the converter's layout works as well: the need is the layout)
                raw = next((r for r in (converted_from(value.value, p.origin) for p in producers) if r is not None), None)
                if raw is not None:
                    controls = [({"value": raw, "converted_from": True}, raw)]
                if not controls:
                    continue
            controls = [({"taught": t}, t) for t in taught] + controls
            outcomes = []
            first_record = first_args = first_desc = None
            for desc, control in controls:
                control_args = dict(args)
                if control is _OMIT:
                    control_args.pop(name)
                else:
                    control_args[name] = control
                    if "converted_from" not in desc:
                        # the call's other days move with it (a return date with its pickup date):
                        # the control asks about the day, not the length of a stay
                        control_args.update(shift_with(value.value, control, {k: v for k, v in args.items() if k != name}))
                control_record, _ = calls.run(node, spec.name, control_args, "control")
                outcome = calls.classify(spec.name, control_record)
                if outcome == "failure" and "value" in desc and "converted_from" not in desc and (
                        value_shape(control) != value_shape(value.value) or isinstance(control, (int, float))) \
                        and cause_of(control_record.message or "") == "format":
                    # a control of another layout (the contract's placeholder ``paid_on`` for a date)
                    # refused for its layout ("dates are YYYY-MM-DD"), or a number out of the range
                    # ("must be between 2,000 and 34,000 kg"): no evidence either way
                    continue
                outcomes.append(outcome)
                if first_record is None:
                    first_record, first_args, first_desc = control_record, control_args, desc
                if outcomes[-1] == "success":
                    break
            if not outcomes:
                continue  # every control broke the input's layout: untestable
            if not taught and first_desc is not None and "value" in first_desc and outcomes[0] == "failure":
                # the control's own refusal may spell out the values the input takes ("expected one
                # of: weekly, monthly"): one of those working as well means no tool is needed
                spelled = [t for t in error_hints(first_record.message, first_args).get(name, ())
                           if canonical_json(t) != canonical_json(value.value)][:1]
                for t in spelled:
                    record_t, _ = calls.run(node, spec.name, {**args, name: t}, "control")
                    outcomes.insert(0, calls.classify(spec.name, record_t))
                    taught = [t]
            # (a spelled-out value that works as well is a control that succeeded: no provenance, and
            # compatibility only on the usual terms below)
            if all(o == "failure" for o in outcomes):
                # a source of the value that runs later in this state is credited too (:mod:`.read_after`)
                facts = (node, spec, args, record, first_desc, first_args, first_record, len(outcomes))
                note_need(pool, value, spec.name, name, lambda pv, f=facts: self._evidence(*f, pv))
            for value in producers:
                similarity = self.binder.sim(value.export, name)
                if all(o == "failure" for o in outcomes):
                    kind = "provenance"
                elif outcomes[0] == "success" and similarity > self.config.tau and not free_text(value.value) \
                        and calendar_layout(value.value) is None and name in template.observations and name in required \
                        and same_kind(value.export, name) and canonical_json(value.value) not in value.origin:
                    # never on free text (a name, a word or an address fits wherever text does) nor on
                    # a date (any day fits wherever a day does: the control a week later worked), never
                    # on an optional input (a filter: the call worked without it), and never on an
                    # input the contract fills with its own literal: an observed value tried there in
                    # place of a placeholder shows a need only when the control fails (provenance);
                    # and only where the two names end in the same noun (an ``order_id`` for an
                    # ``order_id``, not a ``team_id`` for a ``team_name``) and the provider did not
                    # echo its own argument (a registration's ``name`` the engine typed into it)
                    kind = "compatibility"
                else:
                    continue
                evidence = self._evidence(node, spec, args, record, first_desc, first_args, first_record, len(outcomes),
                                          provider_value(value))
                self.admit(Relation(value.provider, spec.name, kind, value.export, name, round(similarity, 6), evidence))

    def _evidence(self, node: Any, spec: ToolSpec, args: dict[str, Any], record: InvocationRecord, control_desc: Mapping[str, Any],
                  control_args: dict[str, Any], control_record: InvocationRecord, controls: int,
                  provider: dict[str, Any] | None = None) -> dict[str, Any]:
        """A provenance or compatibility test's evidence (``provider``: the provider's value, else left out)."""
        calls = self.calls
        evidence = {
            "state": list(node.path),
            **({"provider_value": provider} if provider is not None else {}),
            "call": calls.call_json(spec.name, args),
            "record": calls.trim(record),
            "control": {**control_desc, "call": calls.call_json(spec.name, control_args), "record": calls.trim(control_record)},
        }
        if controls > 1:
            evidence["controls_failed"] = controls
        return evidence

    # ---- state dependencies
    def state_tests(self, before: Any, after: Any, provider: str, provider_args: dict[str, Any],
                    fresh: list[Value] = (), after_pool: list[Value] | None = None, skip: set[str] | frozenset = frozenset(),
                    root: Any = None) -> None:
        """Consumers of the provider's partition, identical arguments before and after the transition.

        Observation inputs take the best values of the after-state; each input that can also take a
        value the transition itself produced (``fresh``: a new file name, a new id) is tried with it,
        one input at a time and all such inputs together (``diff a b`` after ``cd`` needs two fresh
        names), and free literal inputs may take fresh values too (an issue number just created).
        So may values the transition acted on (``touched``: its own arguments, and values read from
        calls that took them): a verified holder's user id and that holder's domains.
        """
        binder = self.binder
        pool = after.pool if after_pool is None else after_pool
        # every after-state of one parent carries the parent's pool first: its scans serve them all
        if after.depth > 0 and after.trail:
            binder.share_prefix(pool, after.new_from, prefix_tag(after.trail[-1], pool[:after.new_from]))
        try:
            self._state_tests(before, after, provider, provider_args, fresh, pool, skip, root)
        finally:
            binder.share_prefix(None, 0)

    def _state_tests(self, before: Any, after: Any, provider: str, provider_args: dict[str, Any], fresh: list[Value],
                     pool: list[Value], skip: set[str] | frozenset, root: Any) -> None:
        """:meth:`state_tests` once the binder knows which list carries the parent's pool."""
        calls, binder = self.calls, self.binder
        fresh = list(fresh)
        made = list(fresh)  # the values the transition's own reply produced
        fresh_keys = {v.key for v in fresh}
        scalars = {n: canonical_json(a) for n, a in provider_args.items() if not isinstance(a, (dict, list))}
        touched = set(scalars.values())
        fresh += [v for v in acted_on(pool, touched) if v.key not in fresh_keys]
        touched_all = touched | {canonical_json(v.value) for v in fresh}  # what the transition made or acted on
        # what the transition made, or acted on through its arguments other than who acts (a session
        # token taken by every call of the path would make the whole pool "acted on"): a refusal of
        # values outside it holds after the transition too (:func:`.gates.untouched_refusal`)
        own = {j for n, j in scalars.items() if not names_actor(n)}
        affected = touched_all if own == touched else \
            own | {canonical_json(v.value) for v in made} | {canonical_json(v.value) for v in acted_on(pool, own)}
        # what a consumer's first successful call is retried with: the records the transition's own arguments
        # name, which were there before it (a record it made was not, so the call is refused before whatever
        # the consumer needs: a new filing in place of the one a certified copy was ordered of)
        targets = [v for v in fresh if canonical_json(v.value) in own]
        succeeded = self.knowledge.get("succeeded")
        succeeded_tools = {tool for tool, _ in succeeded} if succeeded is not None else set()
        first_args = self.knowledge.get("first_args") or {}
        blame = self.blames.setdefault(after.id, Blame())
        # the transition leads back to a state the path went through (``disable_valet_mode`` after
        # ``enable_valet_mode``): the consumer ran there, so a refusal before it is the path's doing
        returns = after.digest in before.trail
        for spec in self.by_partition[self.partition[provider]]:
            if spec.name == provider or spec.name in skip:
                continue
            # a tool that succeeded nowhere is tested only on what the transition made or acted on (the
            # record it created or changed): the first success of such a tool may need just that call
            refused_only = succeeded is not None and spec.name not in succeeded_tools
            if refused_only and not fresh:
                continue
            for template in self.contracts[spec.name].success_templates:
                if not refused_only and succeeded is not None and (spec.name, template.id) not in succeeded:
                    continue  # a template that never succeeded where its tool did with another: it will not here
                if refused_only and not template.observations:
                    continue
                args = binder.literal_args(template)
                binds: list[dict[str, Value]] = binder.bindings(spec, template, pool, best_only=True) if template.observations else [{}]
                if binds and fresh:
                    base = binds[0]
                    joint = dict(base)
                    for name in list(template.observations) + binder.swappable(spec, template):
                        cands = [v for v in binder.candidates_for(spec, name, fresh) if name not in base or v.key != base[name].key]
                        for v in cands:
                            binds.append({**base, name: v})
                        if cands:
                            joint[name] = cands[0]
                    if joint != base and joint not in binds:
                        binds.append(joint)
                if refused_only:
                    binds = binds[1:]  # (the base binding alone says nothing of a tool refused everywhere)
                tests = [(binding, {**args, **{k: v.value for k, v in binding.items()}}) for binding in binds]
                # the consumer's first successful call (in whatever state it was): its literals may be
                # what only works (a switch's other value, a list of several items)
                known = first_args.get((spec.name, template.id))
                if known is not None and all(canonical_json(known) != canonical_json(c) for _, c in tests):
                    tests.append(({}, dict(known)))
                swaps = self._known_swaps(spec, template, known, targets, tests) if known is not None and targets else []

                def signed_again(binding: Mapping[str, Value], call: dict[str, Any]) -> bool:
                    """The state test of ``call`` signed on as the consumer first succeeded
                    (:meth:`_signed_state_test`); whether it admitted the relation."""
                    sign_in = (self.knowledge.get("first_sign_in") or {}).get((spec.name, template.id))
                    evidence = self._signed_state_test(before, after, root, provider, provider_args, spec,
                                                       call, binding, pool, sign_in, fresh_keys)
                    if evidence is not None:
                        self.admit(Relation(provider, spec.name, "state", None, None, None, evidence))
                    return evidence is not None
                for binding, call, retried in [(b, c, False) for b, c in tests] + [(b, c, True) for b, c in swaps]:
                    if blame.rules_out(spec.name, call):  # refused after the transition: no test
                        calls.tally.runs_cut_blamed += 1
                        continue
                    rb, _ = calls.run(before, spec.name, call, "state")
                    if calls.classify(spec.name, rb) != "failure":
                        continue
                    if retried and cause_of(rb.message or "") == "credentials" and not refuses_the_person(rb.message or ""):
                        # the first successful call's session is not open here: again signed on as it was
                        signed_again(binding, call)
                        continue
                    if (returns or undoes_own_call(before.path, spec.name, call) or already_holds(rb.message)
                            or occupies(rb.message)) and not asks_for(rb.message, provider):
                        # refused for an effect of the path (its own earlier call) or for a resource
                        # something holds: the provider only undoes it or frees that one
                        continue
                    if binding and untouched_refusal(spec, call, rb, provider, affected, handed={
                            n for n, v in binding.items() if v.provider == FIXTURE_PROVIDER}):
                        # refused for a record or a credential the transition neither made nor acted on
                        calls.tally.state_runs_cut_untouched += 1
                        continue
                    ra, _ = calls.run(after, spec.name, call, "state")
                    gate = False
                    if calls.classify(spec.name, ra) == "success":
                        blame.passed(call)
                    else:
                        blame.note(spec, call, ra)
                        # past the provider's gate, refused on a value a later call creates
                        gate = passed_gate(spec, call, rb, ra, touched_all)
                        if not gate:
                            person = refuses_the_person(ra.message or "")
                            if person and not refused_only:
                                # refused for who acts, in both states (the reception desk checked the pet
                                # in; only kennel staff log its care): again as the person it first
                                # succeeded as, signed on in each state
                                if signed_again(binding, call):
                                    continue
                            # past the provider's gate (no session before), refused now only for who
                            # acts: the session it needed is there, whoever may make the call
                            if person and passed_to_person(call, rb, ra):
                                gate = "person"
                            elif moved_on(provider, call, rb, ra):
                                gate = "moved_on"  # refused before for what the provider makes, now for more
                            else:
                                continue
                    if self.cleared_conflict(before, spec, call, rb, provider):
                        continue  # another value runs before the provider: it only freed the one refused
                    if root is not None and before.depth > 0 and not asks_for(rb.message, provider):
                        # the same call runs in the fresh state: the path broke it (valet mode switched
                        # on, bluetooth then set) and the provider only mends that
                        at_root, _ = calls.run(root, spec.name, call, "state")
                        if calls.classify(spec.name, at_root) == "success":
                            continue
                    evidence = {
                        "state": list(before.path),
                        "provider_call": calls.call_json(provider, provider_args),
                        "consumer_call": calls.call_json(spec.name, call),
                        "before": calls.trim(rb),
                        "after": calls.trim(ra),
                    }
                    if gate:
                        evidence["gate"] = True
                        if gate == "person":
                            evidence["to_person"] = True  # refused after it only for who acts
                        elif gate == "moved_on":
                            evidence["moved_on"] = True  # refused after it for something else
                    if refused_only:
                        evidence["consumer_refused"] = True  # it succeeded in no explored state
                    took = sorted(k for k, v in binding.items() if v.key in fresh_keys)
                    if took and not gate:  # inputs that took a value the transition produced (create-before-use)
                        evidence["fresh_inputs"] = took
                    self.admit(Relation(provider, spec.name, "state", None, None, None, evidence))

    def _known_swaps(self, spec: ToolSpec, template: Any, known: Mapping[str, Any], targets: list[Value],
                     tests: list[tuple[dict[str, Value], dict[str, Any]]]) -> list[tuple[dict[str, Value], dict[str, Any]]]:
        """The consumer's first successful call with one observed input swapped for a record the transition's
        own arguments named (``targets``; :data:`KNOWN_SWAPS` per input, aligned by field or shape; never who
        acts), each with its binding: a site opened to recruitment is tested with the screening that worked at
        another site, its literals kept (``H-B``, a birth date), not with the template's placeholders, which
        fail before and after alike."""
        out: list[tuple[dict[str, Value], dict[str, Any]]] = []
        seen = {canonical_json(c) for _, c in tests}
        for name in template.observations:
            if name not in known or names_actor(name):
                continue
            held = canonical_json(known[name])
            cands = [v for v in self.binder.candidates_for(spec, name, targets, aligned_only=True) if canonical_json(v.value) != held]
            for v in cands[:KNOWN_SWAPS]:
                call = {**known, name: v.value}
                key = canonical_json(call)
                if key not in seen:
                    seen.add(key)
                    out.append(({name: v}, call))
        return out

    def _signed_state_test(self, before: Any, after: Any, root: Any, provider: str, provider_args: Mapping[str, Any],
                           spec: ToolSpec, call: Mapping[str, Any], binding: Mapping[str, Value], pool: list[Value],
                           sign_in: tuple[str, dict[str, Any]] | None, fresh_keys: set[str] | frozenset = frozenset()) -> dict[str, Any] | None:
        """The state test of ``call`` as the person ``sign_in`` signs on (the consumer's first path's
        sign-in, run in each state and its new session taken in place of the old): the evidence when
        the consumer then fails before the transition, for another reason than who acts, and
        succeeds after it (and not in the fresh state, signed on there too); else None. Inputs that
        took a value the transition produced (``fresh_keys``) are named, as in the plain test. An input
        saying who acts that holds no value of this path (the first successful call's session, opened on
        another path) takes the new session's value of its kind."""
        if sign_in is None or self.reader is None:
            return None
        calls = self.calls
        tool, sign_args = sign_in
        bound = dict(binding)
        for name, x in call.items():  # a call not built from a binding (the first successful one): its values' origins
            if name not in bound:
                match = next((v for v in pool if v.value == x and not isinstance(x, bool)), None)
                if match is not None:
                    bound[name] = match

        def signed(at: Any) -> tuple[StateAt, dict[str, Any]] | None:
            record, child = calls.run(at, tool, sign_args, "state")
            if child is None or calls.classify(tool, record) != "success":
                return None
            produced = self.reader.values_of(tool, record)
            swapped = substituted(bound, produced) or {}
            for name in call:  # who acts, held by no value of this path (a session opened on another path)
                if name not in bound and names_actor(name):
                    w = next((w for w in produced if w.export == name or same_kind(w.export, name)), None)
                    if w is not None:
                        swapped[name] = w
            if not swapped:
                return None
            return StateAt(child[0], child[1]), {**call, **{k: v.value for k, v in swapped.items() if isinstance(v, Value)}}

        at_before = signed(before)
        if at_before is None:
            return None
        rb, _ = calls.run(at_before[0], spec.name, at_before[1], "state")
        if calls.classify(spec.name, rb) != "failure" or refuses_the_person(rb.message or ""):
            return None
        at_after = signed(after)
        if at_after is None:
            return None
        ra, _ = calls.run(at_after[0], spec.name, at_after[1], "state")
        if calls.classify(spec.name, ra) != "success":
            return None
        if root is not None and before.depth > 0 and not asks_for(rb.message, provider):
            at_root = signed(root)
            if at_root is not None and calls.classify(spec.name, calls.run(at_root[0], spec.name, at_root[1], "state")[0]) == "success":
                return None
        evidence = {
            "state": list(before.path),
            "provider_call": calls.call_json(provider, dict(provider_args)),
            "consumer_call": calls.call_json(spec.name, at_after[1]),
            "signed_in": calls.call_json(tool, sign_args),
            "before": calls.trim(rb),
            "after": calls.trim(ra),
        }
        took = sorted(k for k, v in bound.items() if isinstance(v, Value) and v.key in fresh_keys)
        if took:  # inputs that took a value the transition produced (create-before-use), as in the plain test
            evidence["fresh_inputs"] = took
        return evidence

    def cleared_conflict(self, before: Any, spec: ToolSpec, call: Mapping[str, Any], refused: InvocationRecord,
                         provider: str) -> bool:
        """Whether the before-state refused the call only for a value the refusal quotes (``Repository
        'demo' already exists``) or a name anyone could type (:func:`free_text`), and a control in its
        place runs there: the provider freed that one value (deleted or renamed the repository), and
        the consumer needs no provider (a new name works). A fabricated id in its place fails as unknown, so a status the provider set on the very
        record the consumer needs stays a relation."""
        if asks_for(refused.message, provider) or cause_of(refused.message or "") == "credentials":
            return False
        props = self.binder.props(spec)
        known = {canonical_json(v.value) for v in before.pool}
        for name, value in call.items():
            if not (quotes(refused.message, value) or free_text(value)):
                continue  # (a name anyone could type is what ``repository already exists`` means unquoted)
            for control in make_controls(value, props.get(name, {}), (), known, limit=1):
                record, _ = self.calls.run(before, spec.name, {**call, name: control}, "control")
                if self.calls.classify(spec.name, record) == "success":
                    return True
        return False

    # ---- path ablation
    def ablation_tests(self, consumer: str, template_id: str, args: dict[str, Any], root: int,
                       path: tuple[dict[str, Any], ...], roots: list[Any]) -> None:
        """Transitive prerequisites: replay the consumer's first successful path with one call dropped.

        A call is a prerequisite of the consumer when, without it, the rest of the path replays
        identically up to a call that now fails (the cascade of ``mkdir -> cd -> grep``) or
        completely, and the consumer then fails. A remaining call that succeeds with a different
        output (ids shifted by a counter) makes the replay inconclusive. Kept as ``transitive``.
        """
        if len(path) < 2:
            return
        calls = self.calls
        originals: list[InvocationRecord] = []

        def step(snap: Any, call: Mapping[str, Any]) -> tuple[InvocationRecord, Any]:
            # through Runtime.execute: the supervised boundary every induction call crosses
            return calls.step(snap, call["tool"], call["arguments"])

        snap = roots[root]
        for call in path:
            record, snap = step(snap, call)
            originals.append(record)
        full, _ = step(snap, {"tool": consumer, "arguments": args})
        if calls.classify(consumer, full) != "success" or any(r.status != "success" for r in originals):
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
                    cascade = {"call": call, "record": calls.trim(record)}
                break
            if not conclusive:
                continue
            without, _ = step(snap, {"tool": consumer, "arguments": args})
            if calls.classify(consumer, without) != "failure":
                continue
            evidence = {
                "state": list(path),
                "dropped": drop,
                "consumer_call": calls.call_json(consumer, args),
                "with": calls.trim(full),
                "without": calls.trim(without),
            }
            if cascade is not None:
                evidence["cascade"] = cascade
            self.admit(Relation(dropped["tool"], consumer, "transitive", None, None, None, evidence))
