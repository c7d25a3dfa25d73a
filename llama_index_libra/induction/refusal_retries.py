"""The fallbacks of one explored state that read its refusals: what they teach, and the fields and
statuses they name.

A template none of whose bindings succeeded in a state keeps its refusals there
(``(tool, template id) -> [(binding, arguments, message)]``). :class:`RefusalRetries` reruns the call
where they point, with the explorer's own ``attempt`` (so blame, memo, tallies and children are the
explorer's):

- :meth:`RefusalRetries.taught_by_refusals`: the values a refusal names (a vocabulary, a layout, a range,
  a day after the service's today: :func:`.hints.error_hints`; a text of the state it writes for an
  input it names: :func:`.stated.dictated_values`), from the first refusals that teach any;
- :meth:`RefusalRetries.named_by_refusals`: the values of a field a refusal names under a name no input
  aligns with (:func:`.stated.named_fields`);
- :meth:`RefusalRetries.status_retries`: a record in the status a refusal names, else records in none of
  the statuses refusals named as the refused records' own (:mod:`.repairs`), reading what a refusal
  further on teaches;
- :meth:`RefusalRetries.record_siblings`: a value a refusal quotes, read from a record beside others (a
  row's text beside its code), swapped for the record's other values;
- :meth:`RefusalRetries.longer_lists`: a one-item list a refusal blames (``a collection needs a team
  of two``) grown by the input's next distinct candidates, one item at a time; emptied first when the
  refusal quotes its item and the input may be empty.

Nothing here names a tool or a catalog; what was taught is kept for the next levels (``learned``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Callable, Mapping

from llama_index_libra.catalog import ToolSpec
from llama_index_libra._io import canonical_json
from llama_index_libra.induction.blame import blamed_inputs, quotes
from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.hints import error_hints, refusal_text
from llama_index_libra.induction.stated import dictated_values, named_fields, stated_amounts
from llama_index_libra.induction.repair_states import STATUS_RECORDS
from llama_index_libra.induction.repairs import StatusIndex, away_bindings, own_statuses, refuses_the_person, repairable, status_bindings, word_stems
from llama_index_libra.induction.shapes import layout_matches
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, ValuePool, as_list, has_id
from llama_index_libra.records import InvocationRecord

__all__ = ["RefusalRetries", "HINTED_REFUSALS", "LIST_GROWTH", "RECORD_SIBLINGS"]

# distinct refusals of one template read for hints per state
HINTED_REFUSALS = 6
# items a blamed one-item list grows to, one at a time (two people for a collection, three referees)
LIST_GROWTH = 3
# values of a quoted value's record tried in its place, per input
RECORD_SIBLINGS = 3

Refused = list[tuple[Mapping[str, Any], dict[str, Any], "str | None"]]


def _prose(x: Any) -> bool:
    """Whether a value reads as words rather than a key: a text of several words, none of them an id's
    mix of letters and digits (``1.5 metres`` is words, ``order OR-7`` names a key)."""
    return isinstance(x, str) and len(x.split()) >= 2 and not any(
        any(c.isdigit() for c in w) and any(c.isalpha() for c in w) for w in x.split())


def _keyed(x: Any) -> bool:
    """Whether a value reads as a record's key: a number, or one short word with a digit (``SC-01``):
    :func:`.values.has_id`, one word."""
    return has_id(x) and (not isinstance(x, str) or len(x.split()) == 1)


class RefusalRetries:
    """Reruns one state's refused templates where their refusals point (see the module docstring)."""

    def __init__(self, run: Callable[[ToolSpec, Any, Mapping[str, Any]], tuple[bool, InvocationRecord | None]], binder: Any,
                 pool: ValuePool, refusals: Mapping[tuple[str, str], Refused], learned: dict[tuple[str, str], list[Any]],
                 cap: int, today: dt.datetime | None,
                 tried_before: Callable[[Value, str, Mapping[str, Any]], bool] | None = None) -> None:
        """``run``: the explorer's attempt in this state (``(ok, record)``; record None when it was not
        run); ``refusals``: the state's refusals, still growing; ``learned``: what refusals taught, kept
        for the next levels; ``cap``: successes per template; ``today``: the handed day, if any;
        ``tried_before``: whether a value a refusal names was tried where it appeared (past the fresh
        state: :func:`.fallbacks.tried_before`), and is skipped here."""
        self.run = run
        self.tried_before = tried_before
        self.binder = binder
        self.pool = pool
        self.refusals = refusals
        self.learned = learned
        self.cap = cap
        self.today = today
        self._index: StatusIndex | None = None  # built once a refusal needs it, again when the pool grew
        self._text_cache: tuple[int, list[str]] | None = None  # (pool length, its texts): :meth:`_texts`

    def status_index(self) -> StatusIndex:
        """The pool's string values indexed for refusals that name them (rebuilt when the pool grew)."""
        if self._index is None or len(self._index.pool) != len(self.pool.values):
            self._index = StatusIndex(list(self.pool.values))
        return self._index

    def taught(self, spec: ToolSpec, template: Any, binding: Mapping[str, Any], args: Mapping[str, Any], message: str, ok: int = 0,
               hints: Mapping[str, list[Any]] | None = None) -> int:
        """The values one refusal named (a vocabulary, a date layout: :mod:`.hints`; ``hints`` when
        already read), each tried in the refused call; what was learned is kept for the next levels."""
        for name, values in sorted((self.hints(message, args) if hints is None else hints).items()):
            # an example a refusal shows (``must look like QQ 12 34 56 C``): the pieces of the state's
            # texts in its layout first (the new claimant's NI number inside a handed note), handed first
            values = [m for v in values if isinstance(v, str) for m in layout_matches(v, self._texts())
                      if m not in values] + list(values)
            learned = self.learned.setdefault((spec.name, name), [])
            learned.extend(v for v in values if v not in learned)
            self.binder.learned.setdefault((spec.name, name), learned)  # the provenance tests' controls too
            for value in values:
                if ok >= self.cap:
                    return ok
                good, _ = self.run(spec, template, {**binding, name: value})
                ok += good
        return ok

    def hints(self, message: str, args: Mapping[str, Any]) -> dict[str, list[Any]]:
        """What one refusal teaches: :func:`.hints.error_hints`, then, for the inputs that taught
        nothing, the state's texts it dictates (:func:`.stated.dictated_values`) and the amounts of money
        it states (:func:`.stated.stated_amounts`)."""
        out = error_hints(message, args, today=self.today)
        for name, values in dictated_values(message, args, self._texts()).items():
            out.setdefault(name, values)
        for name, values in stated_amounts(message, args).items():
            out.setdefault(name, values)
        return out

    def _texts(self) -> list[str]:
        """The state's text values, the handed ones first (read again when the pool grew)."""
        if self._text_cache is None or self._text_cache[0] != len(self.pool.values):
            handed = [v.value for v in self.pool.values if v.provider == FIXTURE_PROVIDER and isinstance(v.value, str)]
            others = [v.value for v in self.pool.values if v.provider != FIXTURE_PROVIDER and isinstance(v.value, str)]
            self._text_cache = (len(self.pool.values), list(dict.fromkeys(handed + others)))
        return self._text_cache[1]

    def taught_by_refusals(self, spec: ToolSpec, template: Any) -> int:
        """What the template's first distinct refusals that teach anything taught (:func:`taught`):
        the one refusal that lists a vocabulary (``unknown reason code 'X'; use one of ...``) may
        come after many that only say a record was not found."""
        ok = 0
        seen: set[str] = set()
        teaching = 0
        for binding, args, message in self.refusals.get((spec.name, template.id), []):
            if not message or message in seen:
                continue
            seen.add(message)
            hints = self.hints(message, args)
            if not hints:
                continue
            teaching += 1
            ok = self.taught(spec, template, binding, args, message, ok, hints)
            if ok >= self.cap or teaching >= HINTED_REFUSALS:
                return ok
        return ok

    def named_by_refusals(self, spec: ToolSpec, template: Any) -> int:
        """A refusal that names a field the state holds under a name no input aligns with
        (``Unknown integration key`` for ``client_id``, while a fixture holds ``integration_key``):
        that field's values in the refused call, at each input they fit (:func:`.stated.named_fields`):
        the inputs whose value the refusal quotes (``No prescriber with NPI Dr. Alan Price``), else
        every observed or free literal input."""
        ok = 0
        seen: set[str] = set()
        inputs = list(template.observations) + self.binder.swappable(spec, template)
        for binding, args, message in self.refusals.get((spec.name, template.id), [])[:HINTED_REFUSALS]:
            if not message or message in seen:
                continue
            seen.add(message)
            targets = [n for n in inputs if n in args and quotes(message, args[n])] or inputs
            for v in named_fields(message, self.pool.values):
                if self.tried_before is not None and self.tried_before(v, message, binding):
                    continue  # (a value of the parent's, named there by the same fields)
                for name in targets:
                    if ok >= self.cap:
                        return ok
                    current = binding.get(name)
                    if isinstance(current, Value) and current.key == v.key or not self.binder.validator(spec, name).is_valid(v.value):
                        continue
                    good, _ = self.run(spec, template, {**binding, name: v})
                    ok += good
        return ok

    def status_retries(self, spec: ToolSpec, template: Any) -> int:
        """The template's first distinct refusals that name a status another record shows:
        that record in place of the refused one (:func:`.repairs.status_bindings`); when none
        does, records in none of the statuses the refusals named as their own
        (:func:`.repairs.away_bindings`: ``A-27-0019 is approved; eligibility is checked on
        submission``)."""
        ok = 0
        seen: set[str] = set()
        avoid: set[str] = set()
        first: Mapping[str, Any] | None = None  # the first refused binding whose own status was named
        index = self._index
        fits = lambda name: self.binder.candidates_for(spec, name, self.pool.values, aligned_only=True)  # noqa: E731
        for binding, _args, message in self.refusals.get((spec.name, template.id), [])[:HINTED_REFUSALS]:
            cause = cause_of(message) if message else None
            if not message or message in seen or not (repairable(cause) or cause == "unknown_value"):
                continue
            seen.add(message)
            index = self.status_index()
            # (a value unknown where the refusal names another record, ``no bidder 112 registered for
            # S0411``, names no status of the refused record's own: only the records that show S0411)
            if cause != "unknown_value":
                own = own_statuses(binding, message, index)
                if own and first is None:
                    first = binding
                avoid |= own
            for other in status_bindings(binding, message, index, fits, per_input=STATUS_RECORDS):
                if ok >= self.cap:
                    return ok
                ok = self.past_the_state(spec, template, other, message, ok)
        if not ok and first is not None:  # (``index``: as the last refusal read it)
            for other in away_bindings(first, avoid, index, fits, per_input=STATUS_RECORDS):
                if ok >= self.cap:
                    return ok
                ok = self.past_the_state(spec, template, other, None, ok)
        return ok

    def past_the_state(self, spec: ToolSpec, template: Any, binding: Mapping[str, Any], refused: str | None, ok: int) -> int:
        """Run a binding that took a record in another status; refused further on (the record is
        right now, a code is not: ``unknown reason code 'X'; use one of ...``), what that refusal
        teaches, with the record held."""
        good, record = self.run(spec, template, binding)
        ok += good
        if not good and record is not None and record.message and record.message != refused:
            ok = self.taught(spec, template, binding, dict(record.arguments or {}), record.message, ok)
        return ok

    def record_siblings(self, spec: ToolSpec, template: Any) -> int:
        """A text a refusal quotes (``no standard condition 'Keep the footway open'``) that was read
        from a record beside a key (a row of ``[code, text]``, an entry's title beside its id): the
        record's keys, in its order, each in its place (a list input's one item swapped), up to
        :data:`RECORD_SIBLINGS`; the record was the right one (the refusal names its kind: a word of
        the value's provider or field), the input took its words, not its key.
        (A refused key is never swapped for the record's words: ``no order 'OR-7'`` is about the key.)"""
        ok = 0
        messages: set[str] = set()
        done: set[tuple[str, str]] = set()
        for binding, args, message in self.refusals.get((spec.name, template.id), []):
            if not message or message in messages:
                continue
            if len(messages) >= HINTED_REFUSALS or ok >= self.cap:
                break
            messages.add(message)
            if cause_of(message) == "credentials" or refuses_the_person(message):
                continue
            for name in sorted(n for n, v in binding.items() if isinstance(v, Value) and v.record and v.provider != FIXTURE_PROVIDER):
                current = binding[name]
                listed = isinstance(current.value, list)
                items = current.value if listed else [current.value]
                if len(items) != 1 or not _prose(items[0]) or not quotes(message, items[0]) or (name, current.key) in done:
                    continue
                if not word_stems(refusal_text(message).replace(str(items[0]), " ")) & word_stems(f"{current.provider} {current.export}"):
                    continue  # (the refusal names another kind of record: ``no dataset 'Plate reader'`` of an instrument's name)
                done.add((name, current.key))
                shown = canonical_json(items[0])
                validator = self.binder.validator(spec, name)
                tried = 0
                for v in self.pool.values:
                    if tried >= RECORD_SIBLINGS or ok >= self.cap:
                        break
                    if v.record != current.record or not v.credit or not _keyed(v.value) or canonical_json(v.value) == shown:
                        continue
                    other = as_list(v, [v.value]) if listed else v
                    if not validator.is_valid(other.value):
                        continue
                    tried += 1
                    good, _ = self.run(spec, template, {**binding, name: other})
                    ok += good
        return ok

    def longer_lists(self, spec: ToolSpec, template: Any) -> int:
        """A list input holding one item that a refusal blames (its name or its value: ``a collection
        needs a team of two``, ``at least 2 reviewers``) or that a refusal names a further item for
        (``the section would still be fed through VLV-4411``) takes more items, one at a time up to
        :data:`LIST_GROWTH`: the items the refusal quotes first, then those read beside the one it
        holds, then the input's other candidates; a list of one is all that binding ever gives. A list
        whose one item the refusal quotes (``unknown rate code 'extra'``) first goes empty, where its
        schema allows an empty list: the item was the problem, and an optional list may hold none."""
        ok = 0
        seen: set[tuple[str, str]] = set()
        messages: set[str] = set()
        for binding, args, message in self.refusals.get((spec.name, template.id), []):
            if not message or (message not in messages and len(messages) >= HINTED_REFUSALS):
                continue
            messages.add(message)
            blamed = blamed_inputs(spec, args, message)
            # (a refusal of who is acting names a role, not a missing item: ``a supervisor cannot do this``)
            about_items = cause_of(message) != "credentials" and not refuses_the_person(message)
            for name in sorted(n for n, v in binding.items() if isinstance(v, Value)):
                current = binding[name]
                if not (isinstance(current.value, list) and len(current.value) == 1):
                    continue
                items = list(current.value)
                shown = {canonical_json(items[0])}
                named = [] if not about_items else list(dict.fromkeys(
                    v.value for v in self.pool.values if isinstance(v.value, str) and quotes(message, v.value)
                    and canonical_json(v.value) not in shown and self.binder.validator(spec, name).is_valid([v.value])))
                # (a refusal quotes the item, not the list: ``C30 is a crane`` for ``["C30"]``)
                item_quoted = about_items and quotes(message, items[0])
                marker = (name, canonical_json(current.value), canonical_json(named))
                if (name not in blamed and not named and not item_quoted) or marker in seen:
                    continue
                seen.add(marker)
                if item_quoted and self.binder.validator(spec, name).is_valid([]):
                    # the one item is what the refusal is about (``C30 is a crane; give it as crane_class``,
                    # ``unknown rate code 'extra'``): a list the input's schema lets be empty goes without it
                    # (a literal, so the empty list credits no provider)
                    good, record = self.run(spec, template, {**binding, name: []})
                    ok += good
                    if good:
                        continue
                if name not in blamed and not named:
                    continue  # (the refusal quoted the item only: no call for more items)
                # the items read beside the one it holds (the other staff numbers of the same listing),
                # then the input's other candidates, best first
                siblings = [v.value for v in self.pool.values if (v.provider, v.export) == (current.provider, current.export)]
                others = [v.value[0] if isinstance(v.value, list) and len(v.value) == 1 else v.value
                          for v in self.binder.candidates_for(spec, name, self.pool.values)]
                for item in named + siblings + others:
                    if len(items) >= LIST_GROWTH or ok >= self.cap:
                        break
                    if canonical_json(item) in shown or isinstance(item, (list, dict)):
                        continue
                    shown.add(canonical_json(item))
                    items.append(item)
                    grown = as_list(current, items)
                    if not self.binder.validator(spec, name).is_valid(grown.value):
                        break
                    good, record = self.run(spec, template, {**binding, name: grown})
                    ok += good
                    if good or record is None or record.message != message:
                        break  # it got past the refusal (or was refused further on): no longer list needed
        return ok
