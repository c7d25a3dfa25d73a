"""Bindings: which observed values (and which literals) fill a template's inputs, best first.

Any value whose schema fits an input can be bound; candidates rank by the field alignment of the
export that produced them to the input (its name and description). :class:`Binder` combines the
candidates of several inputs (one input varied at a time, then joint combinations by rank sum,
then pairwise distinct values for inputs that share candidates: :mod:`.joint_bindings`) and proposes
the other documented values of a template's literals.
"""

from __future__ import annotations

import datetime
import re
from operator import itemgetter
from typing import Any, Iterable, Mapping

from jsonschema import Draft202012Validator

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.samples import SAMPLE_DATE, SAMPLE_DAY_LAYOUTS
from llama_index_libra.induction.field_encoders import LexicalFieldEncoder, described_key
from llama_index_libra.induction.handed import fixture_values
from llama_index_libra.induction.hints import handed_today
from llama_index_libra.induction.joint_bindings import DISTINCT_BINDINGS, KEEP, JointBindings, Keep, option_key
from llama_index_libra.induction.reply_values import listed_name, owner_name
from llama_index_libra.induction.shapes import shapes_match, value_shape
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, item_name, shown, value_json
from llama_index_libra.schemas.normalize import normalize_schema
from llama_index_libra.schemas.validate import safe_validator, schema_type

__all__ = ["Binder", "FieldSimilarity", "prefix_tag", "schema_type", "KEEP", "Keep", "option_key", "DISTINCT_BINDINGS", "value_shape",
           "shapes_match"]

# what a value whose shape fits the input's documented example adds to its field alignment
SHAPE_BONUS = 0.15
# enumerated values a refused setting tries from a fresh state (an enumeration longer than this is a vocabulary)
ENUM_VALUES_MAX = 12


# free text: two words of letters (a name, a title), not a code, a token or a number
_PHRASE = re.compile(r"[^\W\d_]{2,}\s+[^\W\d_]{2,}")


def prefix_tag(parent: str, prefix: Iterable[Value]) -> tuple[str, int]:
    """A tag for :meth:`Binder.share_prefix` naming a parent state's pool as a child carries it: the
    parent's digest, and the words beside each value (a child re-reads a known value with its new
    status, :meth:`.values.ValuePool.add`, in place; nothing else of a carried value changes). The words
    are hashed, per process like the checkpoints it keys: two prefixes of one parent that differ share
    a tag with odds of about 2**-64, and the prefix's last value is compared as well."""
    return parent, hash(tuple(v.context for v in prefix))


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


_ANNOTATIONS = frozenset({"title", "description", "examples", "example", "default", "$comment", "deprecated",
                          "readOnly", "writeOnly"})
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


def _strip_annotations(schema: Any) -> Any:
    """A schema without annotation keywords, at every level (a property called ``title`` stays)."""
    if isinstance(schema, dict):
        out = {}
        for k, v in schema.items():
            if k in _ANNOTATIONS:
                continue
            if k in ("properties", "patternProperties", "$defs", "definitions") and isinstance(v, dict):
                out[k] = {name: _strip_annotations(sub) for name, sub in v.items()}
            else:
                out[k] = _strip_annotations(v)
        return out
    if isinstance(schema, list):
        return [_strip_annotations(x) for x in schema]
    return schema


# per-value entries (canonical JSON, fit, alignment) a Binder keeps over all its inputs; cleared when full
ENTRIES_KEPT = 500_000
# input scans a Binder keeps (per tool input, its last SCANS_PER_INPUT pool lists); cleared when full
SCANS_KEPT = 4096
# pool lists an input's scans are kept for: a state test asks for a consumer's candidates in the
# after-state's pool, then in the values the transition made, then in the pool again
SCANS_PER_INPUT = 4


class _Scan:
    """One input's pass over one pool list so far: the best entry per distinct value, the values a
    fixture holds, and the rankings asked for since the list last grew."""

    __slots__ = ("pool", "spec", "n", "best", "handed", "results", "order")

    def __init__(self, pool: list[Value], spec: ToolSpec | None = None) -> None:
        self.pool = pool
        self.spec = spec  # the tool whose input this is
        self.n = 0
        self.best: dict[str, list[Any]] = {}
        self.handed: set[str] = set()
        self.results: dict[tuple, list[Value]] = {}
        # ``best`` ranked, the ids of its handed entries, the aligned ones (:meth:`Binder._rank`)
        self.order: tuple[list[list[Any]], set[int], list[list[Any]]] | None = None


_UNREAD = object()  # the handed day not read yet
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


class Binder(JointBindings):
    """Candidate values and bindings for the inputs of the catalog's tools."""

    def __init__(self, ctx: Any, sim: FieldSimilarity, learned: Mapping[tuple[str, str], list[Any]] | None = None, *,
                 entries: dict[tuple[str, str], dict[str, tuple[str, int, float]]] | None = None,
                 checkpoints: dict[tuple, Any] | None = None) -> None:
        """``entries``: per-value entries to share with the binders of other states explored against
        the same contracts and field similarity (worked out once, not once per state); ``checkpoints``:
        input scans of a parent's pool, shared by its children's binders (:meth:`_scan`)."""
        self.ctx = ctx
        self.learned = dict(learned or {})  # (tool, input) -> values refusals named (hints.py)
        self.config = ctx.config
        self.sim = sim
        self._validators: dict[tuple[str, str], Draft202012Validator] = {}
        self._fit_keys: dict[tuple[str, str], str] = {}
        if sum(len(v) for v in _FIT_VERDICTS.values()) >= FIT_VERDICTS_KEPT:
            _FIT_VERDICTS.clear()
        self._examples: dict[tuple[str, str], list[Any]] = {}
        self._shape_fits: dict[tuple[str, str], tuple[list[Any], dict[str, bool]]] = {}
        self._prose_enums: dict[tuple[str, str], bool] = {}
        self._listed: dict[str, str | None] = {}  # tool -> one item of what it lists (:meth:`_lists`)
        self._scans: dict[tuple[str, str, frozenset[str]], list[_Scan]] = {}  # latest first
        self._entries: dict[tuple[str, str], dict[str, tuple[str, int, float]]] = entries if entries is not None else {}
        # (input, shared length, examples, parent tag) -> (last value of the prefix, best entries, handed keys)
        self._checkpoints: dict[tuple, tuple[Value, dict[str, list[Any]], frozenset[str]]] = \
            checkpoints if checkpoints is not None else {}
        self.prefix = 0  # the length of the pool prefix sibling states share (set per state by the explorer)
        # (pool list, parent tag): the one list whose prefix is known to be the parent state's pool
        # (:meth:`share_prefix`); its scans reuse a checkpoint of any list with the same tag
        self._tagged: tuple[list[Value], Any] | None = None
        self._handed_day: Any = _UNREAD

    def share_prefix(self, pool: list[Value] | None, length: int, tag: Any = None) -> None:
        """Say that the first ``length`` values of the lists scanned next are a parent state's pool.

        Without a tag (exploration: siblings in one chunk hold the very same value objects), any list
        whose value at ``length - 1`` is the object a checkpoint ended on takes that checkpoint. With
        a ``tag``, only ``pool`` has the prefix, and it takes the checkpoint of any list scanned
        under an equal tag, even one shipped apart (the after-pools of the state tests, unpickled one
        by one): the tag must then name the prefix's content exactly (:func:`prefix_tag`).
        ``pool=None`` forgets it."""
        self.prefix = length if pool is not None else 0
        self._tagged = (pool, tag) if pool is not None and tag is not None else None

    @staticmethod
    def props(spec: ToolSpec) -> Mapping[str, Any]:
        return (spec.parameters or {}).get("properties") or {}

    def validator(self, spec: ToolSpec, name: str) -> Draft202012Validator:
        key = (spec.name, name)
        if key not in self._validators:
            schema = self.props(spec).get(name, {})
            self._validators[key] = safe_validator(schema if isinstance(schema, (dict, bool)) else {})
        return self._validators[key]

    def prose_enum(self, spec: ToolSpec, name: str) -> bool:
        """Whether input ``name``'s enumeration was read from its description's prose (``query``:
        "Part of the drug's name (brand or generic)") rather than declared by its type: a guess at
        a vocabulary, which words of free text may still go past."""
        key = (spec.name, name)
        known = self._prose_enums.get(key)
        if known is None:
            schema = self.props(spec).get(name)
            declared = None
            source = getattr(spec, "source", None)
            if isinstance(schema, Mapping) and "enum" in schema and isinstance(source, Mapping) \
                    and isinstance(source.get("parameters"), Mapping):
                declared = (normalize_schema(source["parameters"]).get("properties") or {}).get(name)
            known = self._prose_enums[key] = isinstance(declared, Mapping) and "enum" not in declared
        return known

    def _without_prose_enum(self, spec: ToolSpec, name: str, schema: Mapping[str, Any]) -> Mapping[str, Any]:
        """``schema`` (input ``name``'s) without an enumeration read from prose (:meth:`prose_enum`)."""
        return {k: v for k, v in schema.items() if k != "enum"} if self.prose_enum(spec, name) else schema

    def word_validator(self, spec: ToolSpec, name: str) -> Draft202012Validator:
        """The input's validator, without an enumeration read from prose (:meth:`prose_enum`)."""
        if not self.prose_enum(spec, name):
            return self.validator(spec, name)
        key = (spec.name, name + "\x00words")
        if key not in self._validators:
            self._validators[key] = safe_validator(self._without_prose_enum(spec, name, self.props(spec)[name]))
        return self._validators[key]

    def free_text_input(self, spec: ToolSpec, name: str, *, prose_enum: bool = False) -> bool:
        """A string input of no documented form (no enumeration, pattern, format or example): words a
        person would type, such as a search's ``text``. ``prose_enum``: an enumeration read from the
        description's prose does not count (:meth:`prose_enum`)."""
        schema = self.props(spec).get(name)
        if not isinstance(schema, Mapping) or schema_type(schema) != "string":
            return False
        if prose_enum:
            schema = self._without_prose_enum(spec, name, schema)
        if any(k in schema for k in ("enum", "const", "pattern", "format")):
            return False
        return not self.examples(spec, name)

    def phrases_first(self, spec: ToolSpec, name: str, pool: list[Value], cands: list[Value], *,
                      exclude: Iterable[Any] = ()) -> list[Value]:
        """``cands`` behind the phrases of a free-text input (:meth:`free_text_input`); as they are for any other."""
        if not self.free_text_input(spec, name):
            return cands
        words = self.candidates_for(spec, name, pool, exclude=exclude, phrases=True)
        return words + [c for c in cands if all(c is not w for w in words)]

    def examples(self, spec: ToolSpec, name: str) -> list[Any]:
        """The values the input's own documentation shows (schema examples, quoted in its description)."""
        key = (spec.name, name)
        if key not in self._examples:
            from llama_index_libra.contracts.samples import quoted_examples, tool_examples

            props = self.props(spec)
            schema = props.get(name)
            items = schema.get("items") if isinstance(schema, Mapping) and isinstance(schema.get("items"), Mapping) else None
            found = quoted_examples(schema) if isinstance(schema, Mapping) else []
            if items is not None:
                found += quoted_examples(items)
            if len(props) == 1 and schema_type(schema) == "string":
                # a one-input tool's own summary shows what that input looks like ("A date as people
                # say it ('2 March 1958', '23/11/1987')"), when the parameter says nothing quoted
                found += tool_examples(getattr(spec, "description", "") or "")
            self._examples[key] = found + list(self.learned.get(key, ()))
        return self._examples[key]

    def _fit_key(self, spec: ToolSpec, name: str) -> str:
        """The input's schema as canonical JSON, without the keywords that never change validation."""
        key = self._fit_keys.get((spec.name, name))
        if key is None:
            schema = self.props(spec).get(name, {})
            key = self._fit_keys[(spec.name, name)] = canonical_json(_strip_annotations(schema))
        return key

    def literal_args(self, template: Any) -> dict[str, Any]:
        """The template's literal arguments; a sampled day (:data:`.contracts.samples.SAMPLE_DATE`) is
        the service's today when the tester was handed one (:func:`.hints.handed_today`): a search
        from that day finds the sessions ahead, not those of a sample year."""
        out = {name: arg.value for name, arg in template.arguments.items() if arg.kind == "literal"}
        day = self.handed_day()
        if day is not None:
            for name, value in out.items():
                if isinstance(value, str) and SAMPLE_DATE in value:
                    out[name] = value.replace(SAMPLE_DATE, day)
                elif isinstance(value, str) and value in SAMPLE_DAY_LAYOUTS:
                    # the sampled day in another layout (a month ``2025-06``): the handed day in it
                    # (``invoices are raised for this month or next``)
                    out[name] = datetime.date.fromisoformat(day).strftime(SAMPLE_DAY_LAYOUTS[value])
        return out

    def handed_day(self) -> str | None:
        """The handed today as ``YYYY-MM-DD`` (read once from the runtime's fixtures), else None."""
        if self._handed_day is _UNREAD:
            today = handed_today(fixture_values(getattr(getattr(self.ctx, "runtime", None), "fixtures", None)))
            self._handed_day = today.strftime("%Y-%m-%d") if today is not None else None
        return self._handed_day  # type: ignore[return-value]

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
        if scan.order is not None:
            ranked, _, aligned = scan.order
            offered = aligned or ranked
            return offered[0][2] if offered else None
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

    def _scan(self, spec: ToolSpec, name: str, pool: list[Value], exclude: Iterable[Any]) -> "_Scan":
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
            scan = _Scan(pool, spec)
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
                    scan.n, scan.best, scan.handed = shared, dict(saved[1]), set(saved[2])
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
                self._checkpoints[mark[0]] = (pool[stop - 1], dict(scan.best), frozenset(scan.handed))
        if changed:
            scan.results.clear()
            scan.order = None
        return scan

    def _advance(self, scan: "_Scan", spec: ToolSpec, name: str, stop: int, excluded: frozenset[str],
                 examples: list[Any]) -> bool:
        """Read ``scan.pool[scan.n:stop]`` into the scan; whether any entry changed."""
        pool = scan.pool
        validator = self.validator(spec, name)
        is_array = schema_type(self.props(spec).get(name)) == "array"
        fits = _FIT_VERDICTS.setdefault(self._fit_key(spec, name), {})
        handed, best = scan.handed, scan.best  # values a fixture holds; per distinct value its best entry
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
                changed = True
                continue
            # (entries are copied before they change: a checkpoint and the sibling scans share them)
            if sim > entry[0]:
                entry = best[value_key] = list(entry)
                entry[0] = sim
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

    def _rank(self, scan: "_Scan", name: str, *, aligned_only: bool, limit: int | None, diverse: bool, unaligned: bool,
              phrases: bool = False) -> list[Value]:
        best, handed = scan.best, scan.handed
        # a fitting shape adds to the field alignment (it never outweighs a name that matches); among
        # equally aligned values, one only a tool gave before one a fixture also holds: a success with
        # the tester's own value credits no provider
        if scan.order is None:  # once per change of the input's values: every ranking of it asks for these
            # (decorated once: the sort key of every entry is built in one pass, not by a call per entry;
            # best_candidate takes the least entry by this same key, and a test holds the two together)
            order = [(-(e[0] + SHAPE_BONUS * e[4]), k in handed, e[1], e) for k, e in best.items()]
            order.sort(key=_RANK_KEY)
            ranked_all = [o[3] for o in order]
            scan.order = (ranked_all, {id(o[3]) for o in order if o[1]},
                          [e for e in ranked_all if e[0] > self.config.tau or e[4]])
        ranked, handed_ids, aligned = scan.order
        if phrases:
            # what the tool finds names the field to try first (``find_haulier``: a fixture's
            # ``haulier``; ``search_cases``: the ``cases`` people mention), then what was handed
            about = self.about_owner(scan.spec, [e[2] for e in ranked])
            words = sorted((e for e in ranked if isinstance(e[2].value, str) and _PHRASE.search(e[2].value)),
                           key=lambda e: (not about[e[2].export], id(e) not in handed_ids, e[1]))
            return by_export([e[2] for e in words])[: limit or self.config.bindings_per_input]
        # values whose field aligns (cos > tau) or whose shape fits come first and alone; only
        # when none does may any type-fitting value stand in (an unnamed phone number)
        if unaligned:
            rest = [e[2] for e in ranked if not (e[0] > self.config.tau or e[4])]
            # a field named for what it is (``acct``) sits in a reply: values read from replies come
            # before the echoes of arguments (names, postcodes bound elsewhere under their own names)
            rest.sort(key=lambda v: not shown(v))
            return by_export(rest)[: limit or self.config.bindings_per_input]
        if aligned:
            ranked = aligned
        elif aligned_only:
            return []
        else:
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

    def about_owner(self, spec: ToolSpec | None, values: Iterable[Value]) -> dict[str, bool]:
        """Per export of ``values``: whether its field names what ``spec`` finds (``prescribers`` for
        ``search_prescribers``)."""
        owner = owner_name(spec) if spec is not None else None
        return {v.export: owner is not None and self.sim(v.export, owner) > self.config.tau for v in values}

    def phrases_in(self, spec: ToolSpec, pool: list[Value], limit: int) -> list[Value]:
        """Up to ``limit`` phrases of ``pool`` (free text: two words or more), one per distinct text:
        those whose field names what the tool finds first (:meth:`about_owner`: a fixture's ``prescribers``
        for ``search_prescribers``), then handed ones, then by pool order; one per field before a
        second of any. Not the tool's own values."""
        seen: set[str] = set()
        found: list[Value] = []
        for v in pool:
            if v.provider == spec.name or not isinstance(v.value, str) or not _PHRASE.search(v.value):
                continue
            vj = value_json(v)
            if vj not in seen:
                seen.add(vj)
                found.append(v)
        about = self.about_owner(spec, found)
        found.sort(key=lambda v: (not about[v.export], v.provider != FIXTURE_PROVIDER))
        return by_export(found)[:limit]

    def bindings(self, spec: ToolSpec, template: Any, pool: list[Value], *, best_only: bool = False,
                 handed: frozenset[str] | set[str] = frozenset()) -> list[dict[str, Any]]:
        """Bindings of a template's inputs, best first (see :meth:`combine`).

        Observation inputs take pool values. A placeholder literal (a free value the proposer made
        up: the parameter's name, ``10``, a docstring's example; not a value the tester was
        handed, ``handed``, nor the documented default) is tried after the observed values whose
        field aligns or whose shape fits: a ``region`` takes the region a listing returned before
        the word ``"region"``. Options that keep the literal are :data:`KEEP`."""
        options: dict[str, list[Any]] = {}
        for name in template.observations:
            if best_only:
                first = self.best_candidate(spec, name, pool)
                cands = [first] if first is not None else []
            else:
                cands = self.candidates_for(spec, name, pool, diverse=True)
            if not cands:
                return []
            options[name] = cands
        if not best_only:
            literals = self.literal_args(template)
            for name in self.swappable(spec, template, placeholders_only=True, handed=handed):
                wide = self.candidates_for(spec, name, pool, exclude=[literals[name]], aligned_only=True)
                cands = wide[: max(1, self.config.bindings_per_input // 2)]
                if not any(value_json(v) in handed for v in cands):
                    # and the best value the tester was handed, if the best few hold none (six tariff
                    # names must not hide the caller's name)
                    cands += [v for v in wide[len(cands):] if value_json(v) in handed][:1]
                taught = [v for v in self.learned.get((spec.name, name), ()) if v != literals[name]]
                if cands or taught:
                    options[name] = cands + taught[:4] + [KEEP]
        if best_only:
            return [{name: cands[0] for name, cands in options.items()}]
        return self.combine(options) if options else [{}]

    def swappable(self, spec: ToolSpec, template: Any, *, placeholders_only: bool = False,
                  handed: frozenset[str] | set[str] = frozenset()) -> list[str]:
        """Literal inputs that observed values may replace: free strings and numbers, and lists of
        them (enumerated and boolean inputs have their own variants). ``placeholders_only``: not
        a value in ``handed`` (canonical JSON of fixture values) nor the documented default."""
        props = self.props(spec)
        out = []
        for name, arg in template.arguments.items():
            value = arg.value
            if arg.kind != "literal" or isinstance(value, bool):
                continue
            if isinstance(value, list):
                if not value or not all(isinstance(x, (str, int, float)) and not isinstance(x, bool) for x in value):
                    continue
            elif not isinstance(value, (str, int, float)):
                continue
            schema = props.get(name) or {}
            if isinstance(schema, Mapping) and ("enum" in schema or "const" in schema):
                continue
            if isinstance(schema, Mapping) and isinstance(schema.get("items"), Mapping) and "enum" in schema["items"]:
                continue
            if placeholders_only and (canonical_json(value) in handed or (isinstance(schema, Mapping)
                                                                          and schema.get("default") == value)):
                continue
            out.append(name)
        return out

    def literal_variants(self, spec: ToolSpec, args: dict[str, Any], template: Any, *, every: bool = False) -> list[dict[str, Any]]:
        """The call with one literal input set to another value its schema documents: the other
        boolean, other enumerated values (up to ``enum_variants``; ``every``: all of them, up to
        ``ENUM_VALUES_MAX``), the documented numeric bounds and default. A setter whose literal is
        the current value changes nothing; its opposite does."""
        out = []
        props = self.props(spec)
        for name, value in args.items():
            arg = template.arguments.get(name)
            if arg is None or arg.kind != "literal":
                continue
            schema = props.get(name) or {}
            if not isinstance(schema, Mapping):
                continue
            options: list[Any] = []
            if isinstance(value, bool):
                options = [not value]
            elif isinstance(schema.get("enum"), list) and not isinstance(value, list):
                options = [o for o in schema["enum"] if o != value][: ENUM_VALUES_MAX if every else self.config.enum_variants]
            elif isinstance(value, list) and isinstance(schema.get("items"), Mapping) and isinstance(schema["items"].get("enum"), list):
                # a set of enumerated values (scopes, channels): each value alone, for a caller allowed only some
                options = [[o] for o in schema["items"]["enum"] if [o] != value][: ENUM_VALUES_MAX if every else self.config.enum_variants]
            elif isinstance(value, (int, float)):
                options = [schema[k] for k in ("minimum", "maximum", "default") if isinstance(schema.get(k), (int, float))
                           and not isinstance(schema.get(k), bool) and schema[k] != value]
            validator = self.validator(spec, name)
            seen = set()
            for option in options:
                key = canonical_json(option)
                if key in seen or not validator.is_valid(option):
                    continue
                seen.add(key)
                out.append({**args, name: option})
        return out
