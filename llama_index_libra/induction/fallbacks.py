"""What a state tries for a template none of whose bindings succeeded there, in order.

Each fallback reads one thing the failed bindings left: the template's switches and enumerations
(:func:`variants`), its optional filters (:func:`one_filter_at_a_time`), values of fields that do
not align with an input (:func:`other_fields`), the words of free text (:func:`words`), and, through
:class:`~.refusal_retries.RefusalRetries`, what the refusals taught, named or blamed. The chain
(:func:`after_refusals`) stops at the first fallback that succeeds. Every run goes through
:meth:`.state_schedule.StateSchedule.attempt`, so a binding runs at most once per state.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Protocol

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.bindings import KEEP, Keep
from llama_index_libra.induction.blame import blamed_inputs, names_actor
from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.field_encoders import ID_KEYS
from llama_index_libra.induction.values import Value, value_json
from llama_index_libra.records import InvocationRecord

__all__ = ["variants", "one_filter_at_a_time", "other_fields", "words", "after_refusals", "PROGRESS_BINDINGS",
           "UNALIGNED_SCAN", "UNALIGNED_DEPTH", "unaligned_here", "gained", "joint_bindings", "tried_before"]

# failed bindings a value that got past their refusal is held in (the other inputs as they had them)
PROGRESS_BINDINGS = 12
# unaligned values of one input read to find those a state gained (past the fresh state, only they may run)
UNALIGNED_SCAN = 64
# the deepest level where a template refused in every binding takes the values of every field that does
# not align with its inputs (:func:`other_fields`) whatever the refusal; deeper, only the fields under a
# key that names no owner (``id``: :func:`id_keyed`), or every field for a refusal of credentials
UNALIGNED_DEPTH = 1


class Schedule(Protocol):
    """What a fallback reads of the state's schedule (:class:`.state_schedule.StateSchedule`)."""

    binder: Any
    calls: Any
    contracts: Any
    config: Any
    node: Any
    pool: Any
    retries: Any
    cap: int
    new_keys: set[str] | None
    touched: set[str]
    touched_keys: set[str]
    showed: bool

    def attempt(self, spec: ToolSpec, template: Any, binding: Mapping[str, Any]) -> tuple[bool, InvocationRecord]: ...

    def uses_new(self, binding: Mapping[str, Any], spec: ToolSpec | None = None, later: Any = None) -> bool: ...

    def unproven(self, name: str) -> bool: ...

    def after_success(self, spec: ToolSpec, template: Any, args: dict[str, Any], record: InvocationRecord, child: Any,
                      bound: list[str]) -> bool: ...


def gained(v: Value, new_keys: set[str]) -> bool:
    """Whether a pool value is one the transition into the state produced (a one-item list of one too)."""
    return v.key in new_keys or v.key.removesuffix("\x00[]") in new_keys


def tried_before(s: Schedule, v: Value, refusal: str | None, binding: Mapping[str, Any]) -> bool:
    """Past the fresh state, whether a value was already tried where it appeared, so that a
    fallback answering ``refusal`` with ``binding``'s other inputs skips it here: the state neither
    gained it nor acted on it, the refusal is not the sign-in's, and no input saying who acts (a
    session, a token) holds a value new here. Where the parent had no session, its tries of the
    older values all stopped at the sign-in (a supervisor's badge and PIN, handed to the tester)."""
    new_keys = s.new_keys
    if new_keys is None or (refusal and cause_of(refusal) == "credentials"):
        return False
    if any(names_actor(n) and isinstance(x, Value) and gained(x, new_keys) for n, x in binding.items()):
        return False
    return not (gained(v, new_keys) or v.key in s.touched_keys)


def variants(s: Schedule, spec: ToolSpec, template: Any, args: dict[str, Any], every: bool = False) -> int:
    """Run the call with each other documented value of one literal; the successes."""
    binder, calls = s.binder, s.calls
    ok = 0
    # the inputs bound from the pool (every argument but the template's own literals): their
    # echoes in the reply credit nobody, as after any bound call
    literals = binder.literal_args(template)
    bound = [canonical_json(v) for k, v in args.items() if k not in literals or canonical_json(literals[k]) != canonical_json(v)]
    for variant in binder.literal_variants(spec, args, template, every=every):
        vr, vchild = calls.run(s.node, spec.name, variant, "variant")
        vo = calls.classify(spec.name, vr)
        calls.note_attempt(spec.name, template, variant, vr, vo)
        if vo == "success":
            ok += 1
            s.after_success(spec, template, variant, vr, vchild, bound)
    return ok


def one_filter_at_a_time(s: Schedule, spec: ToolSpec, template: Any, base: Mapping[str, Any]) -> int:
    """A template that omits optional inputs (a search with no criteria) and fails: add one
    of them at a time, with the values whose field aligns and the contract's own literal
    for it; all criteria at once match nothing, none at all is refused."""
    omitted = [n for n, a in template.arguments.items() if a.kind == "omit"]
    if not omitted:
        return 0
    literal_for: dict[str, Any] = {}
    for other in s.contracts[spec.name].success_templates:
        for n in omitted:
            arg = other.arguments.get(n)
            if arg is not None and arg.kind == "literal":
                literal_for.setdefault(n, arg.value)
    keep = {k: v for k, v in base.items() if not isinstance(v, Keep)}
    ok = 0
    for n in omitted:
        opts: list[Any] = s.binder.candidates_for(spec, n, s.pool.values, aligned_only=True)[:2]
        if n in literal_for and not any(isinstance(o, Value) and o.value == literal_for[n] for o in opts):
            opts.append(literal_for[n])
        for opt in opts:
            if ok >= s.cap:
                return ok
            binding = {**keep, n: opt}
            if not s.uses_new(binding, spec) and not isinstance(opt, Value) and s.node.depth > 0:
                continue
            good, _ = s.attempt(spec, template, binding)
            ok += good
    return ok


def other_fields(s: Schedule, spec: ToolSpec, template: Any, base: Mapping[str, Any], binds: list[dict[str, Any]],
                 refused: str | None, since: int = 0, id_keys_only: bool = False) -> int:
    """Observation inputs whose aligned values all failed try values of fields that do not
    align (of a fitting type, the best of each export): a row's unnamed column, a field
    named for what it is rather than for the input (``matches`` holding employee ids);
    with ``id_keys_only``, only fields under a key that names no owner (:func:`id_keyed`).
    A value that gets past the refusal the best binding met (``refused``: a session token
    now accepted, the call refused further on) is held while the other inputs take their
    alternatives, as the failed bindings had them; not a value the new refusal speaks of (``no
    sample 'X'`` got past nothing). Past the fresh state, a value :func:`tried_before` is skipped."""
    binder, new_keys = s.binder, s.new_keys
    keep = {k: v for k, v in base.items() if not isinstance(v, Keep)}
    ok = 0
    values = s.pool.values[since:] if since else s.pool.values  # ``since``: only what the state gained after it
    sign_in = bool(refused) and cause_of(refused) == "credentials"
    for name in template.observations:
        cands = binder.candidates_for(spec, name, values, unaligned=True)
        if id_keys_only:
            cands = [v for v in cands if id_keyed(v)]
        if new_keys is not None and sign_in and \
                not any(isinstance(x, Value) and gained(x, new_keys) for k, x in keep.items() if k != name):
            # refused at the sign-in past the fresh state, where only a binding that uses what the
            # state gained runs (``uses_new``): the few best unaligned values may all be skipped, so
            # the state's own values follow them (the bare token a sign-in just returned, under no
            # name the input aligns with)
            taken = {v.key for v in cands}
            cands += [v for v in binder.candidates_for(spec, name, values, unaligned=True, limit=UNALIGNED_SCAN)
                      if gained(v, new_keys) and v.key not in taken][: s.config.bindings_per_input]
        # words a person would type first (a search's ``name`` that found nobody under the
        # person's name: the phrases about what the tool finds, a fixture's haulier)
        for v in binder.phrases_first(spec, name, values, cands):
            if ok >= s.cap:
                return ok
            binding = {**keep, name: v}
            if not s.uses_new(binding, spec) and s.node.depth > 0:
                continue
            if tried_before(s, v, refused, {k: x for k, x in keep.items() if k != name}):
                continue
            good, record = s.attempt(spec, template, binding)
            ok += good
            if good or record is None or refused is None or record.message == refused:
                continue
            if name in blamed_inputs(spec, dict(record.arguments or {}), record.message or ""):
                continue  # refused for this very value (``no sample 'X'``): it got past nothing
            # past the refusal, refused further on: what the new refusal names (a date
            # layout) with the value held
            ok = s.retries.taught(spec, template, binding, dict(record.arguments or {}), record.message or "", ok)
            for other in binds[1:PROGRESS_BINDINGS]:
                if ok >= s.cap:
                    return ok
                held = {k: x for k, x in other.items() if not isinstance(x, Keep)}
                good, _ = s.attempt(spec, template, {**held, name: v})
                ok += good
    return ok


def id_keyed(v: Value) -> bool:
    """Whether a value sits under a key that says what kind of value it holds and not whose
    (``$.output.id``, ``$.output.items[*].ref``: :data:`.field_encoders.ID_KEYS`): its name's alignment
    with ``ticket_id`` says nothing either way, unlike a field named for something else (``postcode``)."""
    leaf = re.sub(r"\[[^\]]*\]", "", v.path).rsplit(".", 1)[-1]
    return leaf.lower() in ID_KEYS


def unaligned_here(s: Schedule, failed: InvocationRecord | None) -> bool:
    """Whether a template refused in every binding here takes every field :func:`other_fields` offers:
    down to :data:`UNALIGNED_DEPTH` for any refusal, deeper only for a refusal of credentials (a session
    token a sign-in deep in the path returned may sit under no name the input aligns with); else only
    the fields :func:`id_keyed`. A deeper state gains the records its path made, and only they may run
    there (:meth:`uses_new`): they come under names that align with the inputs they serve, or under a
    bare ``id`` (BFCL's tickets and tweets, made after a sign-in). In 14 development catalogs the other
    unaligned values made no first success deep in a path (docs/induction.md, forty-fourth round)."""
    return s.node.depth <= UNALIGNED_DEPTH or (
        failed is not None and cause_of(failed.message or "") == "credentials")


def words(s: Schedule, spec: ToolSpec, template: Any, options: Mapping[str, list[Any]], ran: bool = False) -> int:
    """The words of the phrases a free-text input was offered, one at a time
    (:meth:`.joint_bindings.JointBindings.word_bindings`); successes that showed something.
    ``ran``: the template ran here and found nothing (a search, not a refusal)."""
    new_keys = s.new_keys
    ok = 0
    # the words of phrases older than this state were tried where those appeared, unless a
    # search that succeeded at no earlier level runs here on a value new here (the session
    # a sign-in just gave: before it the search was refused, whatever the word)
    held_new = ran and new_keys is not None and s.unproven(spec.name) and any(
        opts and isinstance(opts[0], Value) and opts[0].key in new_keys for opts in options.values())
    fresh = None if new_keys is None or held_new else (lambda v: v.key in new_keys)
    for binding in s.binder.word_bindings(spec, options, s.pool.values, fresh):
        if ok >= s.cap:
            break
        good, _ = s.attempt(spec, template, {k: v for k, v in binding.items() if not isinstance(v, Keep)})
        ok += good and s.showed
    return ok


def after_refusals(s: Schedule, spec: ToolSpec, template: Any, binds: list[dict[str, Any]],
                   failed: InvocationRecord | None, since: int) -> None:
    """The chain for a template none of whose bindings succeeded in this state, each step only
    while nothing succeeded: free literals swapped for observed values, optional filters one at a
    time, what the refusals taught or named, unaligned fields (``since``: in the second round, the
    values gained after the first), the words of phrases, sibling values of one record, whole
    lists, distinct values for inputs that share candidates, longer lists, other statuses."""
    binder, pool, cap = s.binder, s.pool, s.cap
    successes = 0
    # no binding succeeded: free literals may take observed values of a fitting type
    swap = binder.swappable(spec, template)
    options: dict[str, list[Any]] = {}
    base = binds[0] if binds else ({} if not template.observations else None)
    if base is None:
        return
    for name, v in base.items():
        options[name] = [v] + [b[name] for b in binds[1:] if b[name] is not v][: s.config.bindings_per_input - 1]
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
            if not s.uses_new(binding, spec):
                continue
            ok, _ = s.attempt(spec, template, binding)
            successes += ok and s.showed
            swapped_quiet += ok and not s.showed
    if not successes and swapped_quiet:
        # a search that ran and found nothing with the values at hand: the words of
        # the phrases at hand may still name a record (a surname inside a note);
        # nothing was refused, so the refusal-led fallbacks below have nothing to read
        words(s, spec, template, options, ran=True)
        return
    if not successes:
        successes += one_filter_at_a_time(s, spec, template, base)
    if not successes:
        successes += s.retries.taught_by_refusals(spec, template)
    if not successes:
        successes += s.retries.named_by_refusals(spec, template)
    if not successes:
        successes += s.retries.record_siblings(spec, template)
    if not successes and template.observations:
        # (past the first levels, only fields under a key that names no owner: :func:`unaligned_here`)
        successes += other_fields(s, spec, template, base, binds, failed.message if failed is not None else None,
                                  since, id_keys_only=not unaligned_here(s, failed))
    # still failing: a free-text input takes the words of the phrases it was offered
    # (a surname of a handed name, with the birth date beside it; a drug in a sentence);
    # with no refusal, every binding ran and found nothing: a search, as after the swaps above
    if not successes:
        successes += words(s, spec, template, options, ran=failed is None and bool(binds))
    if successes:
        return
    successes = joint_bindings(s, spec, template, options)
    # still failing: a one-item list a refusal blames grows (a team of two)
    if not successes:
        successes += s.retries.longer_lists(spec, template)
    # still failing, last: a refusal that names a status another record shows (the
    # courier can be messaged only while the order is out_for_delivery) takes that record
    if not successes:
        successes += s.retries.status_retries(spec, template)


def joint_bindings(s: Schedule, spec: ToolSpec, template: Any, options: Mapping[str, list[Any]]) -> int:
    """Inputs bound together rather than one at a time: sibling values of one record, the whole
    list a candidate came from, distinct values for inputs that share candidates; the successes."""
    binder, pool, node, cap = s.binder, s.pool, s.node, s.cap
    successes = 0
    # inputs that must come from one record take it jointly (an order in a given status with an
    # item of that same order)
    for binding in binder.sibling_bindings(spec, options, pool.values):
        if successes >= cap:
            break
        if not s.uses_new(binding, spec) and node.depth > 0:
            continue
        ok, _ = s.attempt(spec, template, binding)
        successes += ok
    # still failing: a list input takes the whole list its candidate came from
    # (at most LIST_GROUPS bindings, so a value acted on admits one without spending
    # the tool's TOUCHED_TRIES, which one-item lists may have used up)
    for binding in [] if successes else binder.list_bindings(spec, options, pool.values):
        if successes >= cap:
            break
        if node.depth > 0 and not s.uses_new(binding, spec) and not any(
                isinstance(v, Value) and v.key in s.touched_keys for v in binding.values()):
            continue
        ok, _ = s.attempt(spec, template, binding)
        successes += ok
    # still failing: inputs that share candidate values take distinct ones jointly
    # (a head and a base branch, a sender and a recipient)
    # (a value the call into this state acted on counts as new here: its state changed)
    for binding, group in [] if successes else binder.distinct_bindings(options):
        if successes >= cap:
            break
        binding = {k: v for k, v in binding.items() if not isinstance(v, Keep)}
        if not s.uses_new(binding, spec) and not any(
                isinstance(binding.get(n), Value) and value_json(binding[n]) in s.touched for n in group):
            continue
        ok, _ = s.attempt(spec, template, binding)
        successes += ok
    return successes
