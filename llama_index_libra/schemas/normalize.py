"""Function-doc schemas -> JSON Schema draft 2020-12, prose constraints lifted into keywords.

Catalogs publish parameter schemas in many dialects (``dict``/``float``/``tuple`` type names,
constraints written only in the description). :func:`normalize_schema` maps them to draft 2020-12
and :func:`lift_prose_constraints` turns enumerations, numeric ranges, ``multiple of`` and date/time
layouts stated in prose into keywords. :func:`strip_annotations` drops the keywords that only
describe (what contracts copy into their observation and export schemas).
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any, Mapping

__all__ = ["normalize_schema", "lift_prose_constraints", "strip_annotations", "inline_local_refs"]

_TYPE_ALIASES = {
    "dict": "object",
    "object": "object",
    "float": "number",
    "double": "number",
    "number": "number",
    "int": "integer",
    "integer": "integer",
    "long": "integer",
    "str": "string",
    "string": "string",
    "bool": "boolean",
    "boolean": "boolean",
    "list": "array",
    "array": "array",
    "tuple": "array",
    "set": "array",
    "null": "null",
    "none": "null",
}
_ANY_TYPES = {"any", "Any"}
# Keys whose values are maps of sub-schemas or lists of sub-schemas.
_SCHEMA_MAP_KEYS = ("properties", "patternProperties", "$defs", "definitions")
_SCHEMA_LIST_KEYS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SCHEMA_ONE_KEYS = ("items", "additionalProperties", "not", "contains")

_NUM = r"[-+]?\d+(?:\.\d+)?"
_ENUM_RE = re.compile(r"\[Enum\]\s*:\s*(\[[^\]]*\]|[^.\n]+)", re.IGNORECASE)
_OPTIONS_RE = re.compile(
    r"(?:Options are|Possible values are|Possible values|Allowed values are|Allowed values|One of|Must be one of)\s*:?\s*"
    r"(\[[^\]]*\]|[^.\n]+)",
    re.IGNORECASE,
)
_BETWEEN_RE = re.compile(rf"(?:between|from)\s+({_NUM})(?:\s*\([^)]*\))?\s+(?:and|to)\s+({_NUM})", re.IGNORECASE)
_MULTIPLE_RE = re.compile(rf"multiple of\s+({_NUM})", re.IGNORECASE)
_AT_LEAST_RE = re.compile(rf"(?:at least|minimum(?: of| is)?|>=)\s+({_NUM})\b", re.IGNORECASE)
_AT_MOST_RE = re.compile(rf"(?:at most|maximum(?: of| is)?|<=)\s+({_NUM})\b", re.IGNORECASE)
# Date/time layouts written in prose, most specific first. Those not in _LOOSE_LAYOUTS count only as a
# whole word (not the YYYYMMDD of a YYYYMMDDHHMM, the YYYY-MM of a YYYY-MM-DDTHH:MM).
_LAYOUTS: list[tuple[str, dict[str, str]]] = [
    ("YYYY-MM-DD HH:MM:SS", {"pattern": r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$"}),
    ("YYYY-MM-DDTHH:MM:SS", {"format": "date-time"}),
    ("YYYY-MM-DD", {"format": "date"}),
    ("MM/DD/YYYY", {"pattern": r"^\d{2}/\d{2}/\d{4}$"}),
    ("DD/MM/YYYY", {"pattern": r"^\d{2}/\d{2}/\d{4}$"}),
    ("DD.MM.YYYY", {"pattern": r"^\d{2}\.\d{2}\.\d{4}$"}),
    ("DD-MM-YYYY", {"pattern": r"^\d{2}-\d{2}-\d{4}$"}),
    ("YYYY/MM/DD", {"pattern": r"^\d{4}/\d{2}/\d{2}$"}),
    ("YYYYMMDDHHMMSS", {"pattern": r"^\d{14}$"}),
    ("YYYYMMDDHHMM", {"pattern": r"^\d{12}$"}),
    ("YYYYMMDD", {"pattern": r"^\d{8}$"}),
    ("MM/YYYY", {"pattern": r"^\d{2}/\d{4}$"}),
    ("MM-YYYY", {"pattern": r"^\d{2}-\d{4}$"}),
    ("YYYY-MM", {"pattern": r"^\d{4}-\d{2}$"}),  # a month, after every layout that holds it
    ("HH:MM:SS", {"pattern": r"^\d{2}:\d{2}:\d{2}$"}),
    ("HH:MM AM/PM", {"pattern": r"^\d{1,2}:\d{2} ?(AM|PM)$"}),
    ("HH:MM", {"pattern": r"^\d{2}:\d{2}$"}),
]

# the layouts read as before wherever they appear (a YYYY-MM-DD inside a YYYY-MM-DDTHH:MM is a date)
_LOOSE_LAYOUTS = frozenset({"YYYY-MM-DD HH:MM:SS", "YYYY-MM-DDTHH:MM:SS", "YYYY-MM-DD", "MM/DD/YYYY", "DD/MM/YYYY", "MM/YYYY",
                            "HH:MM:SS", "HH:MM AM/PM", "HH:MM"})

# first words of a noun phrase that describes values instead of listing them
_DETERMINERS = frozenset("the a an this these those its their your our his her each any some all every".split())


def _number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() and "." not in text else value


def _split_values(raw: str) -> list[str]:
    raw = raw.strip().rstrip(".;")
    # "one of the following values: a, b" lists after its colon
    raw = re.sub(r"^(?:the\s+)?following(?:\s+\w+)?\s*:\s*", "", raw, flags=re.IGNORECASE)
    if raw.startswith("["):
        try:
            parsed = json.loads(raw)
            if isinstance(parsed, list) and all(isinstance(v, (str, int, float, bool)) for v in parsed):
                return [v if isinstance(v, str) else json.dumps(v) for v in parsed]
        except json.JSONDecodeError:
            raw = raw.strip("[]")
    parts = re.split(r",|\bor\b", raw)
    values = [p.strip().strip("'\"`").strip() for p in parts]
    return [v for v in values if v]


def _coerce_enum(values: list[str], json_type: str | None) -> list[Any] | None:
    """Enum values typed like the schema; None when a value cannot be read as that type."""
    out: list[Any] = []
    for v in values:
        if json_type in ("integer", "number"):
            try:
                out.append(_number(v))
            except ValueError:
                return None
        elif json_type == "boolean":
            if v.lower() not in ("true", "false"):
                return None
            out.append(v.lower() == "true")
        elif json_type in (None, "string"):
            words = v.split()
            # prose, not a value list: long, or a noun phrase ("one of the programme's budget
            # categories", "one of its sides") that says where the values are, not what they are
            if len(v) > 64 or len(words) > 4 or (len(words) > 1 and words[0].lower() in _DETERMINERS):
                return None
            out.append(v)
        else:
            return None
    # preserve order, drop duplicates
    seen: list[Any] = []
    for v in out:
        if v not in seen:
            seen.append(v)
    return seen or None


def lift_prose_constraints(schema: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of one (non-recursive) schema node with constraints stated in its prose lifted.

    Works for any catalog: enumerations ("[Enum]: ...", "Options are: ..."), numeric ranges
    ("between 0 and 1", "from 0 to 100", "at least 1"), "multiple of N" and date/time layouts.
    Constraints that the node already states explicitly are never overwritten.
    """
    node = dict(schema)
    desc = node.get("description")
    if not isinstance(desc, str) or not desc:
        return node
    json_type = node.get("type") if isinstance(node.get("type"), str) else None
    item_schema = node.get("items") if json_type == "array" and isinstance(node.get("items"), dict) else None

    if "enum" not in node:
        match = _ENUM_RE.search(desc) or _OPTIONS_RE.search(desc)
        if match:
            target_type = item_schema.get("type") if item_schema is not None else json_type
            values = _coerce_enum(_split_values(match.group(1)), target_type)
            if values:
                if item_schema is not None:
                    if "enum" not in item_schema:
                        node["items"] = {**item_schema, "enum": values}
                else:
                    node["enum"] = values
    if json_type in ("integer", "number"):
        between = _BETWEEN_RE.search(desc)
        if between:
            lo, hi = _number(between.group(1)), _number(between.group(2))
            if lo <= hi:
                node.setdefault("minimum", lo)
                node.setdefault("maximum", hi)
        else:
            if (m := _AT_LEAST_RE.search(desc)) is not None:
                node.setdefault("minimum", _number(m.group(1)))
            if (m := _AT_MOST_RE.search(desc)) is not None:
                node.setdefault("maximum", _number(m.group(1)))
        if (m := _MULTIPLE_RE.search(desc)) is not None and _number(m.group(1)) > 0:
            node.setdefault("multipleOf", _number(m.group(1)))
    if json_type == "string" and "format" not in node and "pattern" not in node:
        for layout, keywords in _LAYOUTS:
            if layout in desc and (layout in _LOOSE_LAYOUTS or re.search(rf"(?<![A-Za-z0-9]){re.escape(layout)}(?![A-Za-z0-9])", desc)):
                for key, value in keywords.items():
                    node.setdefault(key, value)
                break
    return node


_LOCAL_REF = re.compile(r"^#/(\$defs|definitions)/([^/]+)$")


def inline_local_refs(schema: Any) -> Any:
    """A copy of ``schema`` with every local ``#/$defs/X`` (or ``#/definitions/X``) reference
    replaced by the definition it names (sibling keywords kept), and the definitions dropped once
    nothing refers to them. Pydantic writes enumerations and nested models this way; a property
    schema read on its own (a validator, a contract's observation schema) cannot resolve them.
    A recursive definition keeps its reference (and the definitions stay)."""
    if not isinstance(schema, Mapping) or not any(isinstance(schema.get(k), Mapping) for k in ("$defs", "definitions")):
        return copy.deepcopy(schema)
    defs = {(k, name): d for k in ("$defs", "definitions") if isinstance(schema.get(k), Mapping)
            for name, d in schema[k].items()}
    kept: list[bool] = []

    def walk(node: Any, active: tuple) -> Any:
        if isinstance(node, list):
            return [walk(v, active) for v in node]
        if not isinstance(node, Mapping):
            return copy.deepcopy(node)
        ref = node.get("$ref")
        match = _LOCAL_REF.match(ref) if isinstance(ref, str) else None
        if match and (match.group(1), match.group(2)) in defs:
            key = (match.group(1), match.group(2))
            if key in active:
                kept.append(True)
                return {k: walk(v, active) for k, v in node.items()}
            target = walk(defs[key], active + (key,))
            siblings = {k: walk(v, active) for k, v in node.items() if k != "$ref"}
            return {**target, **siblings} if isinstance(target, Mapping) else target
        return {k: walk(v, active) for k, v in node.items() if not (active == () and k in ("$defs", "definitions"))}

    out = walk(schema, ())
    if kept:  # recursive definitions still need their home
        for k in ("$defs", "definitions"):
            if k in schema:
                out[k] = copy.deepcopy(schema[k])
    return out


def normalize_schema(schema: Any) -> Any:
    """Normalize a function-doc schema (BFCL/OpenAI style) into JSON Schema draft 2020-12.

    ``dict`` -> ``object``, ``float`` -> ``number``, ``tuple`` -> ``array`` and so on, recursively,
    local ``$ref``s inlined (:func:`inline_local_refs`), then lifts constraints stated in
    descriptions. The input is not modified.
    """
    if isinstance(schema, list):
        return [normalize_schema(s) for s in schema]
    if not isinstance(schema, Mapping):
        return copy.deepcopy(schema)
    if any(isinstance(schema.get(k), Mapping) for k in ("$defs", "definitions")):
        schema = inline_local_refs(schema)
    node: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "type":
            node[key] = _normalize_type(value)
        elif key in _SCHEMA_MAP_KEYS and isinstance(value, Mapping):
            node[key] = {k: normalize_schema(v) for k, v in value.items()}
        elif key in _SCHEMA_LIST_KEYS and isinstance(value, list):
            node[key] = [normalize_schema(v) for v in value]
        elif key in _SCHEMA_ONE_KEYS and isinstance(value, Mapping):
            node[key] = normalize_schema(value)
        elif key == "optional":
            continue  # some docs mark optionality per property; "required" carries it
        else:
            node[key] = copy.deepcopy(value)
    if node.get("type") is None:
        node.pop("type", None)
    return lift_prose_constraints(node)


def _normalize_type(value: Any) -> Any:
    if isinstance(value, list):
        out = [t for t in (_normalize_type(v) for v in value) if t is not None]
        return out or None
    if isinstance(value, str):
        if value in _ANY_TYPES:
            return None
        return _TYPE_ALIASES.get(value.lower(), value)
    return value


_ANNOTATION_KEYS = frozenset(
    {"description", "default", "examples", "title", "$comment", "deprecated", "readOnly", "writeOnly"}
)
_SUBSCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SUBSCHEMA_ONES = (
    "items", "additionalProperties", "not", "contains", "if", "then", "else",
    "propertyNames", "unevaluatedItems", "unevaluatedProperties",
)


def strip_annotations(schema: Any) -> Any:
    """A copy of a JSON Schema without annotation keywords (description, default, examples, title).

    Walks only real sub-schema positions, so a property *named* ``description`` is kept.
    """
    if not isinstance(schema, Mapping):
        return copy.deepcopy(schema)
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _ANNOTATION_KEYS:
            continue
        if key in _SUBSCHEMA_MAPS and isinstance(value, Mapping):
            out[key] = {k: strip_annotations(v) for k, v in value.items()}
        elif key in _SUBSCHEMA_LISTS and isinstance(value, list):
            out[key] = [strip_annotations(v) for v in value]
        elif key in _SUBSCHEMA_ONES and isinstance(value, Mapping):
            out[key] = strip_annotations(value)
        else:
            out[key] = copy.deepcopy(value)
    return out
