"""Literal values for constructible inputs, from a parameter's schema, name and description alone.

Candidates come best first (documented default, examples, options in the prose, then by type: formats,
patterns, bounded numbers, short arrays, objects); the proposer keeps the first one that validates.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Mapping

from llama_index_libra.contracts.parts import name_tokens
from llama_index_libra.contracts.vocabulary import (
    CONTENT_TOKENS,
    CREDENTIAL_TOKENS,
    DEGREE_TOKENS,
    IDENTIFIER_TOKENS,
    PLACEHOLDER_DEFAULTS,
    ToolContext,
    prefer_doing,
)
from llama_index_libra.schemas.docstrings import docstring_prose
from llama_index_libra.schemas.patterns import fullmatch as _bounded_fullmatch, sample_pattern
from llama_index_libra.schemas.validate import FORMAT_CHECKER, safe_validator

__all__ = ["PAST_DATE_TOKENS", "NAME_FORMAT_TOKENS", "SAMPLE_DAY_LAYOUTS", "constructible_values", "fresh_item_name", "schema_type_of",
           "quoted_examples"]

# Examples and option lists written in a description ("e.g., 'Technology'", "options: a, b", "(Buy/Sell)");
# an example may be quoted as reST/Markdown inline code, in one or two backticks ("e.g. ``HD07``").
_QUOTED_EXAMPLE_RE = re.compile(
    r"(?:e\.g\.|eg\.|for example|for instance|such as|example:?)\s*,?\s*:?\s*(['\"]|``?)(.+?)\1", re.IGNORECASE
)
_BARE_EXAMPLE_RE = re.compile(r"\((?:e\.g\.|eg\.|for example|for instance)\s*,?\s*:?\s*([^)]+)\)", re.IGNORECASE)
_OPTIONS_RE = re.compile(
    r"\b(?:options|choices|values|modes)\s*(?:are|include|:)\s*:?\s*((?:['\"]?[\w\-]+['\"]?)(?:\s*(?:,|\bor\b)\s*['\"]?[\w\-]+['\"]?)+)",
    re.IGNORECASE,
)
_SLASH_OPTIONS_RE = re.compile(r"\(([A-Za-z0-9_\-]+(?:/[A-Za-z0-9_\-]+)+)\)")
_MODE_OPTIONS_RE = re.compile(r"['\"]([^'\"]{1,16})['\"]\s+for\b")
_PREFIX_RE = re.compile(r"\bstarts? with\s+(?:an?\s+)?['\"`]?([#@$%&*+~!^:.\-/])", re.IGNORECASE)

# Dates of birth and other past events take a past date.
PAST_DATE_TOKENS = frozenset({"birth", "dob", "born", "birthday", "birthdate"})
_SAMPLE_DATE = "2025-06-15"
SAMPLE_DATE = _SAMPLE_DATE  # the day a date literal samples, when nothing says which day (induction may move it)
_PAST_DATE = "1990-01-15"
_FORMAT_SAMPLES: dict[str, str] = {
    "date": _SAMPLE_DATE,
    "date-time": _SAMPLE_DATE + "T12:00:00Z",
    "time": "12:00:00Z",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "uri": "https://example.com",
    "iri": "https://example.com",
    "uri-reference": "https://example.com",
    "url": "https://example.com",
    "hostname": "example.com",
    "idn-hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "uuid": "123e4567-e89b-12d3-a456-426614174000",
    "duration": "P1D",
}
# Values tried (fully matched) against a pattern before sampling it: common date/time layouts.
_LAYOUT_SAMPLES = (
    "2025-06-15", "2025-06-15 12:00:00", "2025-06-15T12:00:00", "12/2030", "12/12/2030", "12:00:00",
    "10:30 AM", "10:30AM", "12:00", "2025-06", "15.06.2025", "15-06-2025", "2025/06/15", "20250615", "202506151200", "20250615120000", "06-2025",
)

# The sampled layouts of SAMPLE_DATE without its ISO day in them (a month ``2025-06``, ``15.06.2025``):
# each with its strftime layout, so that induction can write the handed day in it instead.
SAMPLE_DAY_LAYOUTS: dict[str, str] = {
    sample: layout for sample, layout in (
        ("2025-06", "%Y-%m"), ("06-2025", "%m-%Y"), ("15.06.2025", "%d.%m.%Y"), ("15-06-2025", "%d-%m-%Y"),
        ("2025/06/15", "%Y/%m/%d"), ("20250615", "%Y%m%d"), ("202506151200", "%Y%m%d1200"),
        ("20250615120000", "%Y%m%d120000"))
    if sample in _LAYOUT_SAMPLES
}


def schema_type_of(node: Mapping[str, Any]) -> str | None:
    t = node.get("type")
    if isinstance(t, str):
        return t
    if isinstance(t, list):
        non_null = [x for x in t if x != "null"]
        return non_null[0] if non_null else None
    for key in ("anyOf", "oneOf"):
        branches = node.get(key)
        if isinstance(branches, list):
            for b in branches:
                if isinstance(b, Mapping) and schema_type_of(b) not in (None, "null"):
                    return schema_type_of(b)
    if "properties" in node:
        return "object"
    return None


def constructible_values(name: str, node: Mapping[str, Any], ctx: ToolContext, *, fresh_name: bool) -> Iterator[Any]:
    """Candidate literals for a constructible input, best first (each is validated by the caller)."""
    json_type = schema_type_of(node)
    desc = str(node.get("description") or "")
    if fresh_name and json_type in (None, "string"):
        yield fresh_item_name(name, desc)
    if json_type in ("number", "integer") and _is_degree(name, node) and ctx.changes_state:
        yield node["maximum"]
    default = node.get("default")
    if default not in PLACEHOLDER_DEFAULTS and default != [] and default != {}:
        yield default
    for example in node.get("examples") or []:
        yield example
    if json_type in (None, "string"):
        yield from _description_examples(desc)
        yield from _tool_description_examples(name, ctx.description)
    elif json_type in ("number", "integer"):
        yield from _number_examples(desc, integer=json_type == "integer")
    yield from _typed_values(name, node, ctx, depth=0)


_NUMBER_RE = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")


def _number_examples(desc: str, *, integer: bool) -> Iterator[int | float]:
    """The numbers a numeric input's description quotes or gives as an example ("sphere in dioptres
    (``-1.25``)", "cylinder (``0`` for none)", "e.g. 2.5"), in order: a documented value, where the
    sampled ``10`` may be one the service refuses (a plus cylinder, a dose over the limit)."""
    texts = [m.group(2) for m in _QUOTED_RE.finditer(desc)]
    texts += [re.split(r",|\bor\b|\s", m.group(1).strip())[0] for m in _BARE_EXAMPLE_RE.finditer(desc)]
    for text in texts:
        text = text.strip()
        if not _NUMBER_RE.fullmatch(text):
            continue
        value = float(text)
        if integer and not value.is_integer():
            continue
        yield int(value) if integer or value.is_integer() else value


def fresh_item_name(name: str, desc: str) -> str:
    """A new item name (``new_file.txt``, ``new_dir``), short and on one line."""
    stem = [t for t in name_tokens(name) if t not in ("name", "names", "new", "to", "of")]
    fileish = {"file", "files", "filename"} & set(stem) or (re.search(r"\bfile\b", desc, re.IGNORECASE) and not stem)
    label = "_".join(stem) or ("file" if fileish else "item")
    return f"new_{label}.txt" if fileish else f"new_{label}"


def _is_degree(name: str, node: Mapping[str, Any]) -> bool:
    lo, hi = node.get("minimum"), node.get("maximum")
    if not isinstance(lo, (int, float)) or not isinstance(hi, (int, float)) or isinstance(lo, bool) or isinstance(hi, bool):
        return False
    return hi - lo <= 1 or bool(set(name_tokens(name)) & DEGREE_TOKENS)


_QUOTED_RE = re.compile(r"(?<![A-Za-z0-9])(['\"`])([^'\"`\n]{1,40})\1(?![A-Za-z0-9])")


def quoted_examples(node: Mapping[str, Any]) -> list[Any]:
    """Every value a parameter's schema shows: its ``examples`` and the quoted strings of its
    description ("such as '#W0000000'", "either 'no longer needed' or 'ordered by mistake'")."""
    out = list(node.get("examples") or []) if isinstance(node.get("examples"), list) else []
    desc = node.get("description")
    if isinstance(desc, str):
        out += [m.group(2) for m in _QUOTED_RE.finditer(desc) if m.group(2).strip()]
    return out


def tool_examples(description: str) -> list[str]:
    """The quoted strings of a tool's own summary (its docstring's prose, :func:`docstring_prose`)."""
    return [m.group(2) for m in _QUOTED_RE.finditer(docstring_prose(description)) if m.group(2).strip()]


def _description_examples(desc: str) -> Iterator[str]:
    for m in _QUOTED_EXAMPLE_RE.finditer(desc):
        yield m.group(2).strip()
    for m in _BARE_EXAMPLE_RE.finditer(desc):
        first = re.split(r",|\bor\b", m.group(1))[0].strip().strip("'\"`")
        if first:
            yield first
    for m in _OPTIONS_RE.finditer(desc):
        first = re.split(r",|\bor\b", m.group(1))[0].strip().strip("'\"`")
        if first:
            yield first
    for m in _SLASH_OPTIONS_RE.finditer(desc):
        yield m.group(1).split("/")[0]
    for m in _MODE_OPTIONS_RE.finditer(desc):
        yield m.group(1)


def _typed_values(name: str, node: Mapping[str, Any], ctx: ToolContext, *, depth: int) -> Iterator[Any]:
    json_type = schema_type_of(node)
    if depth > 4:
        return
    if json_type in (None, "string"):
        yield from _string_values(name, node)
    elif json_type in ("number", "integer"):
        yield from _number_values(name, node, integer=json_type == "integer")
    elif json_type == "boolean":
        yield True
    elif json_type == "array":
        yield from _array_values(name, node, ctx, depth=depth)
    elif json_type == "object":
        yield from _object_values(node, ctx, depth=depth)
    elif json_type == "null":
        yield None


# Name tokens that say which well-known string format an input takes when its schema has no
# ``format`` (plain Python tools declare none): a URL, an email address, a calendar date, a colour.
NAME_FORMAT_TOKENS: dict[str, str] = {
    "url": "uri", "uri": "uri", "link": "uri", "endpoint": "uri", "homepage": "uri", "website": "uri", "webhook": "uri",
    "email": "email", "mail": "email",
    "date": "date", "due": "date", "deadline": "date", "day": "date",
}
_COLOR_TOKENS = frozenset({"color", "colour"})
_SAMPLE_COLOR = "#1f77b4"


def _tool_description_examples(name: str, description: str) -> Iterator[str]:
    """Examples the tool's own description gives right after the input's name:
    "Create a git tag (e.g. v1.0.0)" for ``tag``."""
    words = " ".join(name_tokens(name))
    if not words or len(description) > 4000:
        return
    pattern = re.compile(r"\b" + re.escape(words).replace("\\ ", "[ _]") + r"s?\b\s*\((?:e\.g\.|eg\.|for example|such as|like)\s*,?\s*:?\s*([^),]{1,60})",
                         re.IGNORECASE)
    for m in pattern.finditer(description):
        value = m.group(1).strip().strip("'\"`")
        if value:
            yield value


def _string_values(name: str, node: Mapping[str, Any]) -> Iterator[str]:
    fmt = node.get("format")
    tokens = set(name_tokens(name))
    if not isinstance(fmt, str) and not isinstance(node.get("pattern"), str):
        fmt = next((NAME_FORMAT_TOKENS[t] for t in name_tokens(name) if t in NAME_FORMAT_TOKENS), None)
        if tokens & _COLOR_TOKENS:
            yield _SAMPLE_COLOR
    past = bool(set(name_tokens(name)) & PAST_DATE_TOKENS)
    if isinstance(fmt, str) and fmt in _FORMAT_SAMPLES:
        sample = _FORMAT_SAMPLES[fmt]
        yield sample.replace(_SAMPLE_DATE, _PAST_DATE) if past else sample
    pattern = node.get("pattern")
    if isinstance(pattern, str):
        body = pattern.removeprefix("^").removesuffix("$")
        for sample in _LAYOUT_SAMPLES + ((_PAST_DATE,) if past else ()):
            try:
                if _bounded_fullmatch(body, sample):
                    yield sample
            except re.error:
                break
        sampled = sample_pattern(pattern)  # bounded length and match time (schemas/patterns.py)
        if sampled is not None:
            yield sampled
    tokens = name_tokens(name) or ["value"]
    word = " ".join(tokens) if set(tokens) & CONTENT_TOKENS else "_".join(tokens)
    desc = str(node.get("description") or "")
    prefix = _PREFIX_RE.search(desc)
    if prefix and not word.startswith(prefix.group(1)):
        word = prefix.group(1) + word
    min_len, max_len = node.get("minLength"), node.get("maxLength")
    if isinstance(min_len, int) and len(word) < min_len:
        word = word + "x" * (min_len - len(word))
    if isinstance(max_len, int) and len(word) > max_len:
        word = word[: max(max_len, 0)]
    yield word


def _number_values(name: str, node: Mapping[str, Any], *, integer: bool) -> Iterator[int | float]:
    step = node.get("multipleOf") if isinstance(node.get("multipleOf"), (int, float)) and node.get("multipleOf") > 0 else None
    lo = node.get("minimum")
    hi = node.get("maximum")
    if isinstance(node.get("exclusiveMinimum"), (int, float)):
        lo = node["exclusiveMinimum"] + (step or (1 if integer else 0.5))
    if isinstance(node.get("exclusiveMaximum"), (int, float)):
        hi = node["exclusiveMaximum"] - (step or (1 if integer else 0.5))
    target: float = 10
    if isinstance(lo, (int, float)) and target < lo:
        target = lo
    if isinstance(hi, (int, float)) and target > hi:
        target = hi
    if step:
        target = round(target / step) * step
    values = [target]
    if isinstance(lo, (int, float)):
        values.append(lo)
    if isinstance(hi, (int, float)):
        values.append(hi)
    for v in values:
        if integer:
            yield int(round(v))
        else:
            yield int(v) if float(v).is_integer() else round(float(v), 6)


def _array_values(name: str, node: Mapping[str, Any], ctx: ToolContext, *, depth: int) -> Iterator[list[Any]]:
    items = node.get("items") if isinstance(node.get("items"), Mapping) else {}
    min_items = node.get("minItems") if isinstance(node.get("minItems"), int) else 0
    item_type = schema_type_of(items)
    singular = name[:-1] if name.endswith("s") and len(name) > 3 else name
    item_node = dict(items)
    if "description" not in item_node and node.get("description"):
        item_node["description"] = node["description"]
    firsts = list(_typed_values(singular, item_node, ctx, depth=depth + 1))
    if not firsts:
        return
    if item_type in ("number", "integer"):
        count = max(min_items, 3)
        yield [firsts[0] * (i + 1) if isinstance(firsts[0], (int, float)) and firsts[0] else i + 1 for i in range(count)]
    count = max(min_items, 1)
    if count == 1:
        yield [firsts[0]]
    elif isinstance(firsts[0], str):
        yield [f"{firsts[0]}{i + 1}" for i in range(count)]
    else:
        yield [firsts[0]] * count


def _object_values(node: Mapping[str, Any], ctx: ToolContext, *, depth: int) -> Iterator[dict[str, Any]]:
    props = node.get("properties") if isinstance(node.get("properties"), Mapping) else {}
    required = [p for p in node.get("required") or [] if p in props]
    chosen = required or list(props)[:1]
    value: dict[str, Any] = {}
    for prop in chosen:
        sub = props[prop] if isinstance(props[prop], Mapping) else {}
        sub_tokens = set(name_tokens(prop))
        if sub_tokens & (IDENTIFIER_TOKENS | CREDENTIAL_TOKENS):
            return  # an exact runtime value is needed: not constructible
        sub_validator = safe_validator(sub, format_checker=FORMAT_CHECKER)
        candidates = []
        if "enum" in sub:
            candidates += prefer_doing(list(sub["enum"]), ctx)
        candidates += list(constructible_values(prop, sub, ctx, fresh_name=False))
        pick = next((c for c in candidates if sub_validator.is_valid(c)), _MISSING)
        if pick is _MISSING:
            return
        value[prop] = pick
    yield value


_MISSING = object()
