"""Observed values: what successful calls (and the fixtures) put in a state's value pool.

A :class:`Value` remembers which tool produced it, under which export name and path, and whether
it may credit that tool. :class:`ValueReader` reads the values of a record (declared exports,
feedback exports of an undocumented reply, JSON text parsed); :class:`ValuePool` holds the values
known in one state with an index by value, which says every tool that produced a value.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from dataclasses import replace
from typing import Any, Callable, Container, Iterable, Mapping, NamedTuple, Sequence

from llama_index_libra._io import canonical_json
from llama_index_libra.induction.field_encoders import ID_KEYS, leaf_name
from llama_index_libra.induction.leaves import MAX_LEAVES, SCALAR_TYPES, leaf_values, observed_leaves, row_columns
from llama_index_libra.induction.reply_values import id_words, is_sentence, listed_name, owner_name, reply_name, sentence_values
from llama_index_libra.records import InvocationRecord

__all__ = ["Value", "has_id", "ValuePool", "ValueReader", "item_name", "provider_value", "record_of", "same_record", "observed_leaves", "row_columns", "leaf_values", "json_text", "value_json", "acted_on",
           "as_list", "shown", "showed_anything", "FIXTURE_PROVIDER"]

FIXTURE_PROVIDER = "\x00fixtures"  # the provider of values a tester was handed (never credited)


class Value(NamedTuple):
    """A value observed at runtime: which tool exported it, under which export name and path.

    A named tuple, because pools of thousands of values travel between processes."""

    provider: str
    export: str
    path: str
    value: Any
    key: str
    credit: bool = True  # False: the engine's own value echoed back (a bound argument, a literal of a read)
    created: bool = False  # produced by a call that changed the state (a creation, not a lookup)
    record: str = ""  # the call that produced it and the record inside its reply ("<call>|$.output.items[1]")
    origin: tuple[str, ...] = ()  # canonical JSON of the scalar arguments of the call that produced it
    quiet: bool = False  # an argument's echo by a call that showed nothing: its layout was accepted, not its kind
    context: tuple[str, ...] = ()  # the words of its record no input takes (a status: ``delivered``), lower case
    side: bool = False  # shown by a call that changed the state elsewhere (a cancelled hire's booking): no creation
    reference: bool = False  # a field of a record keyed by another id (a flight's ``balloon``): it names another record


# a text shorter than this may sit in any change by chance: it is never told a side value
MADE_CHARS = 3


def _made_text(changes: list[dict[str, Any]]) -> str:
    """What a call's state changes key or bring into the state: every change's path and new side
    (a booking under ``$.bookings['TB-7']``, an id inside an appended record), one text to search."""
    parts: list[str] = []
    for change in changes:
        parts.append(str(change.get("path", "")))
        if "after" in change:
            after = change["after"]
            parts.append(after if isinstance(after, str) else canonical_json(after))
    return "\n".join(parts)


def call_id(tool: str, arguments: Mapping[str, Any]) -> str:
    """A short digest of one call (tool and arguments): the ``<call>`` part of :attr:`Value.record`."""
    return hashlib.sha1(f"{tool}\x00{canonical_json(dict(arguments))}".encode()).hexdigest()[:12]


def relayed(path: Sequence[Mapping[str, Any]], producer: Value, initial_keys: Container[str]) -> bool:
    """Whether ``producer`` only repeated a value its path already held: its call came after a call
    of the path that took the value as an argument (cancelling an assistance returns the reservation
    id the assistance was booked on), or it is a read in this state (not among ``initial_keys``, the
    state's pool as it was entered) of a value some call of the path took. The value's source is
    whoever gave it to the path; a repeat produces nothing."""
    vj = value_json(producer)
    first = next((i for i, step in enumerate(path)
                  if any(canonical_json(a) == vj for a in (step.get("arguments") or {}).values())), None)
    if first is None:
        return False
    made_by = producer.record.split("|", 1)[0]
    for j, step in enumerate(path):
        if call_id(step["tool"], step.get("arguments") or {}) == made_by:
            return j > first
    return producer.key not in initial_keys


_PATH_STEP = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


def _id_like(key: str) -> bool:
    """Whether a field name names an identifier (``flight_id``, ``envelopeId``, ``ref``, ``code``)."""
    words = re.findall(r"[a-z]+|[A-Z][a-z]*", key)
    return bool(words) and words[-1].lower() in ID_KEYS


def has_id(x: Any) -> bool:
    """Whether a row cell reads as an identifier: a number, or a word with a digit (``R-28-0640``)."""
    return (isinstance(x, int) and not isinstance(x, bool)) or (isinstance(x, str) and any(c.isdigit() for c in x) and len(x) <= 40)


def _status_field(x: Any) -> bool:
    """Whether a record's field holds no text and no record: a flag, a number or nothing (``resp: 0``)."""
    return x is None or isinstance(x, (bool, int, float))


def referenced(output: Any, path: str) -> bool:
    """Whether the value at ``path`` (``$.output...``) of a reply is a field of a record that is keyed
    by another identifier: not the record's first field where that is an id (``flight_id`` before a
    flight's ``balloon``; leading flags and status codes are passed over), or a row's cell past a first
    cell that reads as an id. Such a value names another record (the balloon), which the record only
    refers to: whatever lists or makes balloons is its source. Fields of the reply itself, a record's first field and cells of rows that lead with
    a name are never references."""
    if not path.startswith("$.output"):
        return False
    steps = _PATH_STEP.findall(path[len("$.output"):])
    if not steps:
        return False
    node = output
    for key, index in steps[:-1]:
        try:
            node = node[key] if key else node[int(index)]
        except (KeyError, IndexError, TypeError, ValueError):
            return False
    if node is output:
        return False  # (a top-level field or item of the reply: the reply is about it, it sits in nothing else)
    key, index = steps[-1]
    if key:
        if not isinstance(node, Mapping) or not node:
            return False
        # the record's first field, past leading fields that hold no text and name no id (a status code
        # or a flag that a reply's base class puts first: ``{"resp": 0, "resp2": 0, "deferral_id": ...}``)
        first = next((k for k in node
                      if k == key or not isinstance(k, str) or _id_like(k) or not _status_field(node[k])), None)
        if first is None or first == key or not isinstance(first, str) or not _id_like(first):
            return False
        return isinstance(node[first], (str, int)) and not isinstance(node[first], bool)
    # a row cell: a list inside a list
    if int(index) == 0 or not isinstance(node, list):
        return False
    return has_id(node[0])


def provider_value(v: Value) -> dict[str, Any]:
    """The ``provider_value`` a relation's evidence records for the value it took: where it came from,
    and whether a creation made it, a write only showed it, or it refers to another record (what
    provider selection reads back)."""
    return {"tool": v.provider, "export": v.export, "path": v.path, "value": v.value,
            **({"created": True} if v.created else {}), **({"side": True} if v.side else {}),
            **({"reference": True} if v.reference else {})}


def record_of(call: str, path: str) -> str:
    """The record a value sits in: its call and its path up to the last array index (the element
    of a list of records; the whole reply for a top-level field or a list of scalars)."""
    cut = path.rfind("[")
    if cut > 0 and path.endswith("]"):  # a scalar list element: the list's owner is the record
        path = path[:cut]
        cut = path.rfind("[")
    end = path.find("]", cut) + 1 if cut > 0 else 0
    return f"{call}|{path[:end] if end else '$.output'}"


def same_record(a: Value, b: Value) -> bool:
    """Whether two values belong together: read from one record of one reply (an order's id and
    an item of that order), or one produced by a call that took the other (the items of the order
    whose id was looked up)."""
    if a.record and b.record:
        ca, ra = a.record.split("|", 1)
        cb, rb = b.record.split("|", 1)
        if ca == cb and (ra.startswith(rb) or rb.startswith(ra)):
            return True
    return value_json(a) in b.origin or value_json(b) in a.origin


def value_json(v: Value) -> str:
    """The canonical JSON of a pool value (its key without provider and export; canonical JSON
    holds no NUL, while a provider name may: the fixtures' is ``\x00fixtures``)."""
    return v.key.removesuffix("\x00[]").rsplit("\x00", 1)[1]


def as_list(seed: Value, items: list[Any]) -> Value:
    """``seed`` (a value of a listing) holding ``items`` for a list input: several items read beside it,
    keyed as one value of its provider and export."""
    return seed._replace(value=list(items), key=f"{seed.provider}\x00{seed.export}\x00{canonical_json(items)}")


def shown(v: Value) -> bool:
    """Whether a call showed ``v``: read from its reply and creditable, not an echo of an argument."""
    return v.credit and not v.path.startswith("$.arguments")


def showed_anything(record: InvocationRecord, values: Iterable[Value], pool: "ValuePool | None" = None) -> bool:
    """Whether a successful call showed anything: a state change, or a value that is not an echo
    (a search that matched no record shows nothing), nor, given the state's ``pool``, a constant of
    the reply envelope that another tool's reply showed at the same place (:meth:`ValuePool.repeats`)."""
    return bool(record.state_changes) or any(shown(v) and not (pool is not None and pool.repeats(v)) for v in values)


def acted_on(values: Iterable[Value], touched: set[str]) -> list[Value]:
    """The values a call acted on: its arguments (canonical JSON in ``touched``) and values read from
    calls that took one of them (a verified holder's user id, and that holder's domains)."""
    return [v for v in values if value_json(v) in touched or not touched.isdisjoint(v.origin)]


_JSON_TEXT_DEPTH = 4  # levels of a reply searched for fields that are JSON text


def json_text(value: Any, _depth: int = 0) -> Any:
    """A reply that is JSON text (an object or array in a string) parsed, else the value itself; inside
    an object or array, fields that are JSON text are parsed too, in a copy (an API gateway's proxy
    response carries its record as JSON text under ``body``). The value itself when nothing was text."""
    if isinstance(value, str):
        if value[:1] in "{[" and len(value) < 100_000:
            try:
                parsed = json.loads(value)
            except ValueError:
                return value
            return json_text(parsed, _depth + 1) if isinstance(parsed, (dict, list)) else value
        return value
    if _depth >= _JSON_TEXT_DEPTH or not isinstance(value, (dict, list)):
        return value
    copy: Any = None
    for key, item in (value.items() if isinstance(value, dict) else enumerate(value)):
        if isinstance(item, (str, dict, list)):
            parsed = json_text(item, _depth + 1)
            if parsed is not item:
                if copy is None:
                    copy = dict(value) if isinstance(value, dict) else list(value)
                copy[key] = parsed
    return value if copy is None else copy


class ValuePool:
    """The values known in one state, in the order they were observed, indexed by value."""

    def __init__(self, values: Iterable[Value] = ()) -> None:
        self.values: list[Value] = list(values)
        self.keys: set[str] = {v.key for v in self.values}
        self.index: dict[str, list[Value]] = {}
        for v in self.values:
            self.index.setdefault(value_json(v), []).append(v)
        self._words: frozenset[str] | None = None  # the id-like words of handed texts, read when first asked
        # value (canonical JSON) -> (consumer, input, its test's evidence for a given provider value, made when
        # asked) proven to need it here: a source that shows the value later in this state is credited too
        # (:mod:`.read_after`)
        self.needs: dict[str, list[tuple[str, str, Callable[[dict[str, Any]], dict[str, Any]]]]] = {}

    def __len__(self) -> int:
        return len(self.values)

    def add(self, values: Iterable[Value]) -> None:
        """Add values not known yet; a known value read again with other words beside it (its
        record's status moved on: ``pending`` -> ``dispensed``) takes the new words."""
        for v in values:
            if v.key not in self.keys:
                self.keys.add(v.key)
                self.values.append(v)
                self.index.setdefault(value_json(v), []).append(v)
            elif v.context:
                self._recontext(v)

    def _recontext(self, v: Value) -> None:
        entries = self.index.get(value_json(v), [])
        for i, old in enumerate(entries):
            if old.key == v.key:
                if old.context != v.context:
                    new = old._replace(context=v.context)
                    entries[i] = new
                    self.values[self.values.index(old)] = new
                return

    def handed(self, value: Value) -> bool:
        """Whether a fixture holds ``value`` (under any key, or as an id-like word of a handed text:
        ``SB-07`` in ``SB-07 tripped on a pitch fault``): a value the tester was handed."""
        if any(v.provider == FIXTURE_PROVIDER for v in self.index.get(value_json(value), ())):
            return True
        return isinstance(value.value, str) and value.value in self._handed_words()

    def _handed_words(self) -> frozenset[str]:
        if self._words is None:
            self._words = id_words(tuple(v.value for v in self.values
                                         if v.provider == FIXTURE_PROVIDER and isinstance(v.value, str) and " " in v.value))
        return self._words

    def repeats(self, value: Value) -> bool:
        """Whether another tool's reply already showed ``value`` at the same place (``$.output.messages
        .message[0].text`` = ``"Successful."``): a constant of the service's reply envelope, not news."""
        return any(v.path == value.path and v.provider != value.provider for v in self.index.get(value_json(value), ()))

    def producers(self, value: Value, consumer: str) -> list[Value]:
        """Every tool that genuinely produced ``value`` (one entry per tool and export), in pool order."""
        entries = self.index.get(value_json(value))
        out, seen = [], set()
        for v in entries or [value]:
            if not v.credit or v.provider == consumer or (v.provider, v.export) in seen:
                continue
            seen.add((v.provider, v.export))
            out.append(v)
        return out


# words of one record kept beside its values (statuses, modes, roles), and their longest length
RECORD_WORDS = 12
_WORD_CHARS = 32


def record_words(call: str, out: Any) -> dict[str, tuple[str, ...]]:
    """Per record of a reply (:func:`record_of`), its short word values in lower case: the status
    or role a record shows (``out_for_delivery``, ``agreement_issued``, ``RN``), which no input
    may take but a refusal may name (:mod:`.repairs`). Strings with a digit (ids, dates) are not words."""
    out_words: dict[str, list[str]] = {}
    for path, _keys, value in itertools.islice(leaf_values(out, "$.output", ()), MAX_LEAVES):
        if not isinstance(value, str) or not 2 <= len(value) <= _WORD_CHARS or any(c.isdigit() for c in value) \
                or len(value.split()) > 3:
            continue
        words = out_words.setdefault(record_of(call, path), [])
        text = value.lower()
        if text not in words and len(words) < RECORD_WORDS:
            words.append(text)
    return {k: tuple(v) for k, v in out_words.items()}


def item_name(name: str) -> str:
    """The name of one item of a list a tool names in the plural (``rooms`` -> ``room``,
    ``classes`` -> ``class``, ``properties`` -> ``property``)."""
    head, _, last = name.rpartition("_")
    if len(last) > 4 and last.endswith("ies"):
        last = last[:-3] + "y"
    elif len(last) > 4 and last.endswith(("sses", "xes", "ches", "shes")):
        last = last[:-2]
    elif len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is")):
        last = last[:-1]
    return f"{head}_{last}" if head else last


# further replies read for the fields of a list an undocumented reply first showed empty
OPEN_REPLIES = 8
READS_KEPT = 20_000  # replies ValueReader.values_of keeps what it read from (one explore chunk's)


def _empty_list(out: Any, depth: int = 0) -> bool:
    """Whether a reply holds an empty list (at most four levels down): fields it did not show."""
    if isinstance(out, list):
        return not out or (depth < 4 and any(_empty_list(x, depth + 1) for x in out[:4]))
    if isinstance(out, dict):
        return depth < 4 and any(_empty_list(x, depth + 1) for x in out.values())
    return False


class ValueReader:
    """Reads the values of successful records; gives undocumented replies feedback exports.

    ``contracts`` is the worker's contract map (revised in place with feedback exports);
    ``updates`` collects the revised contracts for the master, which applies them from the next level.
    """

    def __init__(self, contracts: dict[str, Any], updates: dict[str, Any], catalog: Any = None) -> None:
        self.contracts = contracts
        self.updates = updates
        self.catalog = catalog
        self.feedback_done: set[str] = set()
        self.json_text_tools: set[str] = set()
        self.sentence_tools: set[str] = set()
        self.open_lists: dict[str, int] = {}  # tool -> replies read since one held an empty list
        # what values_of read from a reply, per tool, reply and bound values: the same call gives the
        # same reply in most states of a path (a listing, a sign-in), and reading it is a walk of paths
        self._read: dict[tuple, tuple[Any, list[Value]]] = {}

    def feedback_exports(self, tool: str, record: InvocationRecord) -> None:
        """Same-tool feedback for an undocumented response: export every observed leaf.

        A tool without a usable response schema (most plain Python tools; a ``response`` that is
        not a JSON Schema object) gets, from its first successful record, one export per scalar
        leaf path of its output (jsonpath-ng paths, ``[*]`` for array elements, so arrays of
        records export each field: ``$.output.items[*].id``), or one ``$.output`` export for a
        scalar output, named after what the tool says it returns (:func:`.reply_values.reply_name`:
        ``find_user_id_by_email`` -> ``user_id``); an id-like key (``id``, ``ref``, ``code``) is named
        by what it belongs to (``customer.id`` -> ``customer_id``; ``create_booking``'s top-level
        ``ref`` -> ``booking_ref``), since a bare ``ref`` matches no consumer's ``booking_code``; a
        reply that is JSON text is read as JSON, and the ids inside a sentence reply are read from it
        at extraction time (a sentence itself is no value). The revised contract is what the library keeps.
        """
        if tool in self.feedback_done:
            return
        self.feedback_done.add(tool)
        contract = self.contracts[tool]
        still_open = self.open_lists.pop(tool, 0)
        out = json_text(record.output)
        if out is not record.output and not isinstance(record.output, str):
            # fields that are JSON text (a proxy response's ``body``): whatever the schema says of the
            # reply, the leaves of the parsed text are read too, as for a reply that is JSON text
            self.json_text_tools.add(tool)
            return
        if not still_open and any(e.path.startswith("$.output") for e in contract.exports):
            return  # the response is documented (mechanical or declared exports read it)
        from llama_index_libra.contracts.model import Export, export_propagates

        new = []
        if type(out) in SCALAR_TYPES:
            if is_sentence(out):
                self.sentence_tools.add(tool)
                return
            schema = {"type": SCALAR_TYPES[type(out)]}
            spec = self.catalog.get(tool) if self.catalog is not None and tool in self.catalog else None
            name = (reply_name(spec) if spec is not None else None) or "response_value"
            if name in {e.name for e in contract.exports}:
                name = "response_value"
            new.append(Export(name, "$.output", schema, export_propagates(name, schema), "declared"))
        else:
            taken = {e.name for e in contract.exports}
            base = "$.output"
            if out is not record.output:  # JSON text: the leaves are read from the parsed text
                self.json_text_tools.add(tool)
                return
            spec = self.catalog.get(tool) if self.catalog is not None and tool in self.catalog else None
            columns = row_columns(spec.description) if spec is not None else []
            owner = owner_name(spec) if spec is not None else None
            listed = listed_name(spec) if spec is not None else None
            known = {e.path for e in contract.exports}
            for path, keys, json_type in itertools.islice(observed_leaves(out, base, columns=columns), MAX_LEAVES):
                if path in known:
                    continue  # learned from an earlier reply
                schema = {"type": json_type}
                if not keys:  # a bare list of scalars (room numbers): each item named as the tool says
                    if path != f"{base}[*]":
                        continue
                    item = item_name((reply_name(spec) if spec is not None else None) or "response_value")
                    keys = (item,) if item not in taken else ("response_value",)
                # an id-like key is named by what it belongs to: its parent key (customer.id -> customer_id),
                # at the top level what the tool is about (create_booking's "ref" -> booking_ref); then,
                # like every key, by the shortest suffix of its keys still free
                owned = leaf_name(keys, owner=owner, listed=listed) if keys[-1].lower() in ID_KEYS else None
                if keys == ("row_1",) and not columns and json_type in ("string", "integer") and spec is not None:
                    # an undocumented row's first cell is what the tool lists (list_pontoons' ``A``,
                    # find_berths' ``P-12``): its key, named for it, not ``row_1``
                    owned = item_name(reply_name(spec) or "") or None
                suffixes = ("_".join(keys[i:]) for i in range(len(keys) - 1, -1, -1))
                name = next((c for c in itertools.chain((owned,) if owned else (), suffixes) if c not in taken), None)
                if name is None:
                    continue
                taken.add(name)
                new.append(Export(name, path, schema, export_propagates(keys[-1], schema), "declared"))
        if new:
            taken = {e.name for e in contract.exports}
            extra = tuple(e for e in new if e.name not in taken)
            self.contracts[tool] = replace(contract, exports=contract.exports + extra)
            self.updates[tool] = self.contracts[tool]
        if type(out) not in SCALAR_TYPES and (not new or (still_open < OPEN_REPLIES and _empty_list(out))):
            # an empty reply (no class on Mondays, no booking yet), or one whose list was empty
            # (``{"ok": true, "matches": []}``: its ``ok`` is no record), shows no fields of what it
            # lists: learn them from a later reply (at most OPEN_REPLIES more, when the first showed any)
            self.feedback_done.discard(tool)
            self.open_lists[tool] = still_open + 1

    def values_of(self, tool: str, record: InvocationRecord, bound: Iterable[str] = ()) -> list[Value]:
        """The record's exported values, each marked creditable or not.

        Not creditable (the engine's own values): an echo of an argument the engine bound from the
        pool, and an echo of a literal argument by a call that changed nothing.
        """
        self.feedback_exports(tool, record)
        bound = tuple(bound)
        contract = self.contracts[tool]
        try:
            key = (tool, tool in self.json_text_tools, tool in self.sentence_tools, canonical_json(record.arguments or {}),
                   canonical_json(record.output), canonical_json(record.state_changes or None), tuple(sorted(bound)))
        except (TypeError, ValueError):  # (a reply JSON cannot write: read every time)
            return self._values_of(tool, record, bound)
        kept = self._read.get(key)
        if kept is not None and kept[0] is contract:  # (the contract itself: feedback may have revised it)
            # (new objects, as a reading makes: pools and scans tell values apart by identity too)
            return [Value._make(v) for v in kept[1]]
        out = self._values_of(tool, record, bound)
        if len(self._read) >= READS_KEPT:
            self._read.clear()
        self._read[key] = (contract, out)
        return [Value._make(v) for v in out]

    def _values_of(self, tool: str, record: InvocationRecord, bound: tuple[str, ...]) -> list[Value]:
        bound_values = set(bound)
        args = {canonical_json(v) for v in (record.arguments or {}).values()}
        changed = bool(record.state_changes)
        made = _made_text(record.state_changes) if changed else ""
        out = []
        extracted = [(ev.export_name, ev.path, ev.value) for ev in self.contracts[tool].extract(record, propagating_only=True)]
        parsed = json_text(record.output) if tool in self.json_text_tools else None  # (read once: a walk of the reply)
        if parsed is not None:
            fallback = None
            for path, keys, value in itertools.islice(leaf_values(parsed, "$.output", ()), MAX_LEAVES):
                name = leaf_name(keys, value) if any(k.isidentifier() and not any(c.isdigit() for c in k) for k in keys) else None
                if name is None:  # only value-like keys ({"Water Bottle": "6086499569"}): named after the tool
                    if fallback is None:
                        spec = self.catalog.get(tool) if self.catalog is not None and tool in self.catalog else None
                        fallback = leaf_name(((reply_name(spec) if spec is not None else None) or "value",), value)
                    name = fallback
                extracted.append((name, path, value))
        elif tool in self.sentence_tools and is_sentence(record.output):
            extracted += [(name, "$.output", value) for name, value in sentence_values(record.output)]
        call = call_id(tool, record.arguments or {})
        origin = tuple(sorted(a for a in args if len(a) <= 80 and a[:1] not in "[{"))
        words = record_words(call, json_text(record.output) if parsed is None else parsed) if extracted else {}
        for export_name, path, value in extracted:
            vj = canonical_json(value)
            credit = vj not in bound_values and (vj not in args or changed)
            where = record_of(call, path)
            # (a text a change neither keys nor brings: the call showed a record it did not make)
            side = changed and isinstance(value, str) and len(value) >= MADE_CHARS and value not in made
            out.append(Value(tool, export_name, path, value, f"{tool}\x00{export_name}\x00{vj}", credit, changed,
                             where, origin, context=words.get(where, ()), side=side,
                             reference=referenced(record.output, path)))
        if not showed_anything(record, out):
            # a call that showed nothing (a search that matched no record) accepted its arguments'
            # layout, and is no evidence that they were values of their inputs' kind: their echoes
            # are marked, so as not to align a wrong id with the input's name (:class:`.bindings.Binder`)
            out = [v._replace(quiet=True) if v.path.startswith("$.arguments") else v for v in out]
        return out
