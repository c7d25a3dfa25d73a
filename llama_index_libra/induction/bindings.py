"""Bindings: which observed values (and which literals) fill a template's inputs, best first.

Any value whose schema fits an input can be bound; candidates rank by the field alignment of the
export that produced them to the input (its name and description: :mod:`.candidates`, whose
ranking :class:`Binder` inherits). :class:`Binder` combines the
candidates of several inputs (one input varied at a time, then joint combinations by rank sum,
then pairwise distinct values for inputs that share candidates: :mod:`.joint_bindings`) and proposes
the other documented values of a template's literals.
"""

from __future__ import annotations

import datetime
from typing import Any, Iterable, Mapping

from jsonschema import Draft202012Validator

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.samples import SAMPLE_DATE, SAMPLE_DAY_LAYOUTS
from llama_index_libra.induction.candidates import (CandidateRanking, FieldSimilarity, InputScan, by_export, is_phrase,
                                                    make_room_for_fit_verdicts)
from llama_index_libra.induction.handed import fixture_values
from llama_index_libra.induction.hints import handed_today
from llama_index_libra.induction.joint_bindings import DISTINCT_BINDINGS, KEEP, JointBindings, Keep, option_key
from llama_index_libra.induction.phrase_words import shared_topic, topic_words
from llama_index_libra.induction.reply_values import owner_name
from llama_index_libra.induction.shapes import shapes_match, value_shape
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, value_json
from llama_index_libra.schemas.normalize import normalize_schema
from llama_index_libra.schemas.validate import schema_type, shared_validator

__all__ = ["Binder", "FieldSimilarity", "prefix_tag", "schema_type", "KEEP", "Keep", "option_key", "DISTINCT_BINDINGS", "value_shape",
           "shapes_match"]

# enumerated values a refused setting tries from a fresh state (an enumeration longer than this is a vocabulary)
ENUM_VALUES_MAX = 12


def prefix_tag(parent: str, prefix: Iterable[Value]) -> tuple[str, int]:
    """A tag for :meth:`Binder.share_prefix` naming a parent state's pool as a child carries it: the
    parent's digest, and the words beside each value (a child re-reads a known value with its new
    status, :meth:`.values.ValuePool.add`, in place; nothing else of a carried value changes). The words
    are hashed, per process like the checkpoints it keys: two prefixes of one parent that differ share
    a tag with odds of about 2**-64, and the prefix's last value is compared as well."""
    return parent, hash(tuple(v.context for v in prefix))


_ANNOTATIONS = frozenset({"title", "description", "examples", "example", "default", "$comment", "deprecated",
                          "readOnly", "writeOnly"})
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


_UNREAD = object()  # the handed day not read yet
class Binder(CandidateRanking, JointBindings):
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
        make_room_for_fit_verdicts()
        self._examples: dict[tuple[str, str], list[Any]] = {}
        self._shape_fits: dict[tuple[str, str], tuple[list[Any], dict[str, bool]]] = {}
        self._prose_enums: dict[tuple[str, str], bool] = {}
        self._topics: dict[str, frozenset[str]] = {}  # tool -> content words of its documentation (:meth:`tool_topic`)
        self._listed: dict[str, str | None] = {}  # tool -> one item of what it lists (:meth:`_lists`)
        self._scans: dict[tuple[str, str, frozenset[str]], list[InputScan]] = {}  # latest first
        self._entries: dict[tuple[str, str], dict[str, tuple[str, int, float]]] = entries if entries is not None else {}
        # (input, shared length, examples, parent tag) -> (last value of the prefix, best entries, handed keys,
        # aligned keys)
        self._checkpoints: dict[tuple, tuple[Value, dict[str, list[Any]], frozenset[str], frozenset[str]]] = \
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
            self._validators[key] = shared_validator(schema if isinstance(schema, (dict, bool)) else {})
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
            self._validators[key] = shared_validator(self._without_prose_enum(spec, name, self.props(spec)[name]))
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

    def about_owner(self, spec: ToolSpec | None, values: Iterable[Value]) -> dict[str, bool]:
        """Per export of ``values``: whether its field names what ``spec`` finds (``prescribers`` for
        ``search_prescribers``)."""
        owner = owner_name(spec) if spec is not None else None
        exports = dict.fromkeys(v.export for v in values)  # (one alignment per field, not per value)
        return {x: owner is not None and self.sim(x, owner) > self.config.tau for x in exports}

    def phrases_in(self, spec: ToolSpec, pool: list[Value], limit: int) -> list[Value]:
        """Up to ``limit`` phrases of ``pool`` (free text: two words or more), one per distinct text:
        those whose field names what the tool finds first (:meth:`about_owner`: a fixture's ``prescribers``
        for ``search_prescribers``), then handed ones, then those sharing more words with the tool's
        documentation (:meth:`tool_topic`: of a fixture's notes, the one about today's ceremony for
        ``find_candidate``), then by pool order; one per field before a second of any. Not the tool's
        own values."""
        seen: set[str] = set()
        found: list[Value] = []
        for v in pool:
            if v.provider == spec.name or not isinstance(v.value, str) or not is_phrase(v.value):
                continue
            vj = value_json(v)
            if vj not in seen:
                seen.add(vj)
                found.append(v)
        about = self.about_owner(spec, found)
        topic = self.tool_topic(spec)
        found.sort(key=lambda v: (not about[v.export], v.provider != FIXTURE_PROVIDER, -shared_topic(v.value, topic)))
        return by_export(found)[:limit]

    def tool_topic(self, spec: ToolSpec) -> frozenset[str]:
        """The content words of a tool's name and documentation (:func:`.phrase_words.topic_words`), once per tool."""
        if spec.name not in self._topics:
            text = f"{spec.short_name.replace('_', ' ')} {spec.description or ''}"
            self._topics[spec.name] = topic_words(text)
        return self._topics[spec.name]

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
