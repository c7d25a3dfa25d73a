"""Candidates: which pool values may fill one input of a tool, best first.

Any value whose schema fits the input can be bound; candidates rank by the field alignment of the
export that produced them to the input (its name and description, :class:`FieldSimilarity`), values
whose shape fits the input's documented example first, then by pool order. A build asks for the
same input's candidates in many states whose pools share most values, so each input's pass over a
pool (:class:`InputScan`) is carried forward as the pool grows and shared from a parent's pool. The
binder that combines candidates into bindings is :class:`.bindings.Binder`.
"""

from __future__ import annotations

import re
from operator import itemgetter
from typing import Any, Iterable, Mapping

from jsonschema import Draft202012Validator

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.field_encoders import LexicalFieldEncoder, described_key
from llama_index_libra.induction.reply_values import listed_name
from llama_index_libra.induction.shapes import shapes_match
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, item_name, shown, value_json
from llama_index_libra.schemas.validate import schema_type

__all__ = ["CandidateRanking", "FieldSimilarity", "InputScan", "PHRASE", "is_phrase", "by_export", "make_room_for_fit_verdicts", "SHAPE_BONUS", "ENTRIES_KEPT", "SCANS_KEPT",
           "SCANS_PER_INPUT", "FIT_VERDICTS_KEPT", "NAMED_MARGIN"]


# what a value whose shape fits the input's documented example adds to its field alignment
SHAPE_BONUS = 0.15

# free text: two words of letters (a name, a title), not a code, a token or a number
PHRASE = re.compile(r"[^\W\d_]{2,}\s+[^\W\d_]{2,}")
_PHRASES: dict[str, bool] = {}  # is_phrase's verdicts for the process (a pool's texts recur in every state)
PHRASES_KEPT = 100_000
PHRASE_KEPT_LENGTH = 200  # longer texts (message bodies, documents) are searched each time, not remembered


def is_phrase(text: str) -> bool:
    """Whether ``text`` holds free text (:data:`PHRASE`), remembered per short text."""
    if len(text) > PHRASE_KEPT_LENGTH:
        return PHRASE.search(text) is not None
    verdict = _PHRASES.get(text)
    if verdict is None:
        if len(_PHRASES) >= PHRASES_KEPT:
            _PHRASES.clear()
        verdict = _PHRASES[text] = PHRASE.search(text) is not None
    return verdict


def by_export(values: list[Value]) -> list[Value]:
    """``values`` (best first) reordered so that each export's best value comes before any export's
    second: values of one field tend to fail for one reason (user ids where a name is wanted), so an
    input's few tries span the fields that align with it before they repeat one."""
    seen: dict[tuple[str, str], int] = {}
    tiers: list[list[Value]] = []  # tiers[r]: each export's (r+1)-th value, in the given order
    for v in values:
        k = (v.provider, v.export)
        r = seen.get(k, 0)
        seen[k] = r + 1
        if r == len(tiers):
            tiers.append([v])
        else:
            tiers[r].append(v)
    return [v for tier in tiers for v in tier]


# whether a value fits a schema, per schema (annotations stripped) and value (canonical JSON), for the
# whole process: every state's binder validates the values its pool carried over from the last state,
# and most inputs of a catalog share a handful of schemas. A new binder clears it once it holds
# FIT_VERDICTS_KEPT verdicts. Per schema: 1, the value fits; 2, as a one-item list; 0, neither.
FIT_VERDICTS_KEPT = 200_000
# how far above tau an export of the input's very name is put when the description scored it below
NAMED_MARGIN = 0.01
# the first cell of a row of a reply that is a list of rows read by position (``$.output[2][0]``)
_ROW_KEY_RE = re.compile(r"^\$\.output\[(?:\*|\d+)\]\[0\]$")
_FIT_VERDICTS: dict[str, dict[str, int]] = {}


def make_room_for_fit_verdicts() -> None:
    """Clear the process's fit verdicts once they hold ``FIT_VERDICTS_KEPT`` (a new binder asks)."""
    if sum(len(v) for v in _FIT_VERDICTS.values()) >= FIT_VERDICTS_KEPT:
        _FIT_VERDICTS.clear()


# per-value entries (canonical JSON, fit, alignment) a Binder keeps over all its inputs; cleared when full
ENTRIES_KEPT = 500_000
# input scans a Binder keeps (per tool input, its last SCANS_PER_INPUT pool lists); cleared when full
SCANS_KEPT = 4096
# pool lists an input's scans are kept for: a state test asks for a consumer's candidates in the
# after-state's pool, then in the values the transition made, then in the pool again
SCANS_PER_INPUT = 4


class InputScan:
    """One input's pass over one pool list so far: the best entry per distinct value, the values a
    fixture holds, and the rankings asked for since the list last grew."""

    __slots__ = ("pool", "spec", "n", "best", "handed", "aligned_keys", "results", "aligned", "rest")

    def __init__(self, pool: list[Value], spec: ToolSpec | None = None) -> None:
        self.pool = pool
        self.spec = spec  # the tool whose input this is
        self.n = 0
        self.best: dict[str, list[Any]] = {}
        self.handed: set[str] = set()
        self.aligned_keys: set[str] = set()  # the values whose entry aligns (cos > tau) or whose shape fits
        self.results: dict[tuple, list[Value]] = {}
        # the entries of ``best`` whose field aligns (or whose shape fits), ranked, with the ids of the
        # handed ones; the same of the other entries (each worked out when first asked for: most rankings
        # read the aligned ones alone, :meth:`CandidateRanking._rank`)
        self.aligned: tuple[list[list[Any]], set[int]] | None = None
        self.rest: tuple[list[list[Any]], set[int]] | None = None


_RANK_KEY = itemgetter(0, 1, 2)  # alignment (with the shape bonus), handed last among equals, pool order


class FieldSimilarity:
    """cos(h_f(export), h_f(input)) from the build's table; names first seen in this level (feedback
    exports) fall back on the lexical encoder until the master embeds them for the next level."""

    def __init__(self, sims: Mapping[tuple[str, str], float], extra: Mapping[tuple[str, str], float] | None = None) -> None:
        self.sims = sims
        self.extra = dict(extra or {})
        self.lexical = LexicalFieldEncoder()

    def described(self, export: str, tool: str, name: str) -> float | None:
        """The alignment of ``export`` with a tool's input and its description, for a name first
        seen in an earlier level (the build's table holds the contracts' own exports), else None."""
        return self.extra.get((export, described_key(tool, name)))

    def __call__(self, a: str, b: str) -> float:
        value = self.sims.get((a, b))
        if value is None:
            value = self.extra.get((a, b))
        if value is None:  # a name first seen in this level: lexical until the next level
            value = self.lexical.similarity(a, b)
            self.extra[(a, b)] = value
        return value


class CandidateRanking:
    """The pool values that may fill one input of a tool, ranked (a :class:`.bindings.Binder` is one).

    Each input keeps a scan of the pool lists it was asked about (:class:`InputScan`: the best entry
    per distinct value), carried forward as a list grows and shared from a parent's pool with its
    children's binders; rankings are read from a scan once per change. The binder supplies what a
    scan reads of the catalog: ``config``, ``ctx``, ``sim``, ``validator``, ``props``, ``examples``,
    ``_fit_key`` and ``about_owner``, and the caches it sets up (``_scans``, ``_entries``,
    ``_checkpoints``, ``_shape_fits``, ``_listed``, ``_tagged``, ``prefix``)."""

    def candidates_for(self, spec: ToolSpec, name: str, pool: list[Value], *, exclude: Iterable[Any] = (),
                       aligned_only: bool = False, limit: int | None = None, diverse: bool = False,
                       unaligned: bool = False, phrases: bool = False) -> list[Value]:
        """Pool values that validate against input ``name``, one per distinct value, best first.

        Any value whose schema fits can be bound (no gate by name): values that have the shape of
        an example the input's documentation shows (``#H4410021`` for "such as '#W0000000'") come
        first, then values rank by the field alignment of their export to the input (name and
        description), then by pool order. ``aligned_only``: only values whose field aligns or
        whose shape fits (none when nothing does). ``diverse``: the best value of each export
        before the second value of any (:func:`by_export`). ``unaligned``: only the values whose
        field does not align, the best of each export first (a fallback once aligned ones failed).
        ``phrases``: only words of free text (``"Marlow Plant Hire Ltd"``), those whose field names
        what the tool finds first, then handed ones, then by pool order, one per export before a
        second of any: what a person types into a search box.
        """
        scan = self._scan(spec, name, pool, exclude)
        flags = (aligned_only, limit, diverse, unaligned, phrases)
        done = scan.results.get(flags)
        if done is not None:
            return list(done)
        out = self._rank(scan, name, aligned_only=aligned_only, limit=limit, diverse=diverse, unaligned=unaligned,
                         phrases=phrases)
        scan.results[flags] = out
        return list(out)

    def best_candidate(self, spec: ToolSpec, name: str, pool: list[Value]) -> Value | None:
        """The first of :meth:`candidates_for` (``diverse=True``), or None: the least entry by the
        ranking's key, without ranking the rest (a state test binds each input once)."""
        scan = self._scan(spec, name, pool, ())
        done = scan.results.get((False, None, True, False, False))
        if done is not None:
            return done[0] if done else None
        if scan.aligned is not None and scan.aligned[0]:
            return scan.aligned[0][0][2]
        tau, handed = self.config.tau, scan.handed
        first = first_aligned = None
        for k, e in scan.best.items():
            key = (-(e[0] + SHAPE_BONUS * e[4]), k in handed, e[1])
            if first is None or key < first[0]:
                first = (key, e)
            if (e[0] > tau or e[4]) and (first_aligned is None or key < first_aligned[0]):
                first_aligned = (key, e)
        chosen = first_aligned or first
        return chosen[1][2] if chosen is not None else None

    def _scan(self, spec: ToolSpec, name: str, pool: list[Value], exclude: Iterable[Any]) -> "InputScan":
        """The pass over ``pool`` for one input, carried forward when the same list has grown.

        Pools only grow by appending within a state, and the bindings of one state ask for the same
        input's candidates many times: each call reads only the values added since the last one.
        The scan holds the list itself, so its ``id`` cannot be reused by another list meanwhile."""
        excluded = frozenset(canonical_json(x) for x in exclude)
        key = (spec.name, name, excluded)
        kept = self._scans.get(key)
        scan = None
        if kept is not None:
            scan = next((s for s in kept if s.pool is pool), None)
            if scan is not None and scan.n > len(pool):
                kept.remove(scan)
                scan = None
        examples = None
        mark = None  # (checkpoint key, length): where a scan of a new list saves its state for the siblings
        if scan is None:
            if kept is None:
                if len(self._scans) >= SCANS_KEPT:
                    self._scans.clear()
                kept = self._scans[key] = []
            scan = InputScan(pool, spec)
            kept.insert(0, scan)
            del kept[SCANS_PER_INPUT:]
            tagged = self._tagged
            shared = self.prefix if tagged is None or tagged[0] is pool else 0  # (a tag names one list)
            if 0 < shared <= len(pool):
                # sibling states share their parent's pool as a prefix (the same value objects):
                # the scan of that prefix is taken from the first sibling, then the rest is read
                examples = self.examples(spec, name)
                tag = tagged[1] if tagged is not None else None
                ck_key = (key, shared, canonical_json(examples), tag)
                saved = self._checkpoints.get(ck_key)
                if saved is not None and (saved[0] is pool[shared - 1] or (tag is not None and saved[0] == pool[shared - 1])):
                    scan.n, scan.best, scan.handed, scan.aligned_keys = shared, dict(saved[1]), set(saved[2]), set(saved[3])
                else:
                    mark = (ck_key, shared)
        if scan.n == len(pool):
            return scan
        if examples is None:
            examples = self.examples(spec, name)
        # (the parent's prefix first when this scan saves it for the siblings, then the rest)
        stops = sorted({mark[1], len(pool)}) if mark is not None else [len(pool)]
        changed = False  # rankings already asked for stay valid while no new value touches this input
        for stop in stops:
            changed |= self._advance(scan, spec, name, stop, excluded, examples)
            if mark is not None and stop == mark[1]:
                if len(self._checkpoints) >= SCANS_KEPT:
                    self._checkpoints.clear()
                self._checkpoints[mark[0]] = (pool[stop - 1], dict(scan.best), frozenset(scan.handed),
                                              frozenset(scan.aligned_keys))
        if changed:
            scan.results.clear()
            scan.aligned = scan.rest = None
        return scan

    def _advance(self, scan: "InputScan", spec: ToolSpec, name: str, stop: int, excluded: frozenset[str],
                 examples: list[Any]) -> bool:
        """Read ``scan.pool[scan.n:stop]`` into the scan; whether any entry changed."""
        pool = scan.pool
        validator = self.validator(spec, name)
        is_array = schema_type(self.props(spec).get(name)) == "array"
        fits = _FIT_VERDICTS.setdefault(self._fit_key(spec, name), {})
        handed, best = scan.handed, scan.best  # values a fixture holds; per distinct value its best entry
        aligned_keys, tau = scan.aligned_keys, self.config.tau
        memo = self._entries.get((spec.name, name))
        if memo is None:
            if sum(len(m) for m in self._entries.values()) >= ENTRIES_KEPT:
                self._entries.clear()
            memo = self._entries[(spec.name, name)] = {}
        memo_get, best_get = memo.get, best.get
        # whether a value has the shape of the input's examples, once per value (the examples of an
        # input are fixed for the binder's life; a new best entry of a value asks again in every state)
        shaped = self._shape_fits.get((spec.name, name))
        if shaped is None or shaped[0] is not examples or len(shaped[1]) >= ENTRIES_KEPT:
            shaped = self._shape_fits[(spec.name, name)] = (examples, {})
        shape_fits = shaped[1]
        quiet_cap = self.config.tau + NAMED_MARGIN
        changed = False
        for i in range(scan.n, stop):
            v = pool[i]
            known = memo_get(v.key)
            if known is None:
                known = memo[v.key] = self._entry(spec, name, v, validator, is_array, fits)
            value_key, verdict, sim = known
            if verdict < 0:  # the tool's own value
                continue
            if v.provider == FIXTURE_PROVIDER and value_key not in handed:
                handed.add(value_key)
                changed = True
            if verdict == 0 or value_key in excluded:
                continue
            if v.quiet and sim > quiet_cap:
                # an argument a call took and showed nothing for (a search's filter that matched no
                # record): aligned at most just above tau, behind a value a reply showed under the name
                sim = quiet_cap
            if verdict == 2:
                v = v._replace(value=[v.value], key=v.key + "\x00[]")
            entry = best_get(value_key)
            if entry is None:
                fit = shape_fits.get(value_key)
                if fit is None:
                    fit = shape_fits[value_key] = bool(examples) and shapes_match(v.value[0] if verdict == 2 else v.value, examples)
                best[value_key] = [sim, i, v, (not v.credit, v.path.startswith("$.arguments"), -sim, i), fit]
                if sim > tau or fit:
                    aligned_keys.add(value_key)
                changed = True
                continue
            # (entries are copied before they change: a checkpoint and the sibling scans share them)
            if sim > entry[0]:
                entry = best[value_key] = list(entry)
                entry[0] = sim
                if sim > tau:
                    aligned_keys.add(value_key)
                changed = True
            held = entry[3]
            if not held[0] and not v.credit:
                continue  # a credited value is held: an uncredited one never replaces it
            preference = (not v.credit, v.path.startswith("$.arguments"), -sim, i)
            if preference < held:
                entry = best[value_key] = list(entry)
                entry[2], entry[3] = v, preference
                changed = True
        scan.n = max(scan.n, stop)
        return changed

    def _entry(self, spec: ToolSpec, name: str, v: Value, validator: Draft202012Validator, is_array: bool,
               fits: dict[str, int]) -> tuple[str, int, float]:
        """(canonical JSON, fit verdict, field alignment) of one pool value for one input, worked out
        once per explore chunk (its binders share ``entries``): every state's pool carries most of its
        parent's values. Verdict -1: the
        tool's own value; 1: it fits; 2: as a one-item list; 0: neither."""
        value_key = value_json(v)
        if v.provider == spec.name:
            return value_key, -1, 0.0
        verdict = fits.get(value_key)
        if verdict is None:
            if validator.is_valid(v.value):
                verdict = 1
            elif is_array and not isinstance(v.value, list) and validator.is_valid([v.value]):
                verdict = 2
            else:
                verdict = 0
            fits[value_key] = verdict
        # the input's description says what it holds when its name does not ("travel_from": "the
        # 3 letter code of the departing airport"); an export of the input's very name counts as
        # aligned whatever the description's wording ("code" scored 0.44 against "code: The code
        # from ``authorize``", below tau), without outranking what the description prefers
        sim = self.ctx.binding_sims.get((v.export, spec.name, name))
        if sim is None:
            sim = self.sim(v.export, name)
            # a name first seen in a level (no contract declared it): its description alignment, once
            # the master embedded it, where that is higher (``deposit_due`` for ``amount``: "the deposit due")
            described = self.sim.described(v.export, spec.name, name) if isinstance(self.sim, FieldSimilarity) else None
            if described is not None and described > sim:
                sim = described
        elif v.export == name and sim <= self.config.tau:
            sim = self.config.tau + NAMED_MARGIN
        if sim <= self.config.tau and _ROW_KEY_RE.match(v.path) and self._lists(v.provider) == name:
            # the key cell of a listing's rows is one of what the tool lists, whatever its column says
            # (list_vans' rows ``[registration, capacity, state]``: a registration is a ``van``)
            sim = self.config.tau + NAMED_MARGIN
        return value_key, verdict, sim

    def _lists(self, tool: str) -> str | None:
        """One item of what ``tool`` lists, named as an input would be (``list_vans`` -> ``van``)."""
        if tool not in self._listed:
            catalog = getattr(self.ctx, "catalog", None)
            listed = listed_name(catalog.get(tool)) if catalog is not None and tool in catalog else None
            self._listed[tool] = item_name(listed) if listed else None
        return self._listed[tool]

    def _ranked(self, scan: "InputScan", aligned: bool) -> tuple[list[list[Any]], set[int]]:
        """The entries of ``scan`` whose field aligns (cos > tau) or whose shape fits (``aligned``), or
        the others, ranked, with the ids of the handed ones; once per change of the input's values.

        A fitting shape adds to the field alignment (it never outweighs a name that matches); among
        equally aligned values, one only a tool gave before one a fixture also holds: a success with
        the tester's own value credits no provider. (Decorated once: the sort key of every entry is
        built in one pass; best_candidate takes the least entry by this same key, and a test holds
        the two together.)"""
        done = scan.aligned if aligned else scan.rest
        if done is None:
            best, handed, keys = scan.best, scan.handed, scan.aligned_keys
            if aligned:
                order = [(-(e[0] + SHAPE_BONUS * e[4]), k in handed, e[1], e) for k in keys for e in (best[k],)]
            else:
                order = [(-(e[0] + SHAPE_BONUS * e[4]), k in handed, e[1], e) for k, e in best.items() if k not in keys]
            order.sort(key=_RANK_KEY)
            done = ([o[3] for o in order], {id(o[3]) for o in order if o[1]})
            if aligned:
                scan.aligned = done
            else:
                scan.rest = done
        return done

    def _rank(self, scan: "InputScan", name: str, *, aligned_only: bool, limit: int | None, diverse: bool, unaligned: bool,
              phrases: bool = False) -> list[Value]:
        if phrases:
            # what the tool finds names the field to try first (``find_haulier``: a fixture's
            # ``haulier``; ``search_cases``: the ``cases`` people mention), then what was handed
            # (a total order, pool positions being distinct: no ranking is needed first)
            items = list(scan.best.items())
            about = self.about_owner(scan.spec, [e[2] for _, e in items])
            handed = scan.handed
            words = sorted(((not about[e[2].export], k not in handed, e[1], e) for k, e in items
                            if isinstance(e[2].value, str) and is_phrase(e[2].value)), key=_RANK_KEY)
            return by_export([w[3][2] for w in words])[: limit or self.config.bindings_per_input]
        if unaligned:
            # a field named for what it is (``acct``) sits in a reply: values read from replies come
            # before the echoes of arguments (names, postcodes bound elsewhere under their own names)
            rest = [e[2] for e in self._ranked(scan, False)[0]]
            rest.sort(key=lambda v: not shown(v))
            return by_export(rest)[: limit or self.config.bindings_per_input]
        # values whose field aligns (cos > tau) or whose shape fits come first and alone; only
        # when none does may any type-fitting value stand in (an unnamed phone number)
        ranked, handed_ids = self._ranked(scan, True)
        if not ranked:
            if aligned_only:
                return []
            ranked, handed_ids = self._ranked(scan, False)
            ranked = ranked[: max(1, self.config.bindings_per_input // 2)]
        n = limit or self.config.bindings_per_input
        if diverse:
            entries = {id(e[2]): e for e in ranked}
            ranked = [entries[id(v)] for v in by_export([e[2] for e in ranked])]
        out = ranked[:n]
        if n > 1 and handed_ids and not any(id(e) in handed_ids for e in out):
            # one of the few tries goes to the best value the tester was handed (a conference's id
            # that a listing also holds, among its names and dates): handed values rank last among
            # equals so that a tool's value is credited first, not so that they are never tried. It
            # takes the place of the last value not exported under the input's very name
            first = next((e for e in ranked[n:] if id(e) in handed_ids), None)
            last = next((i for i in range(len(out) - 1, 0, -1) if out[i][2].export != name), None)
            if first is not None and last is not None:
                out = out[:last] + out[last + 1:] + [first]
        return [e[2] for e in out]
