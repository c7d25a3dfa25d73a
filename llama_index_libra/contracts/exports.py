"""Mechanical exports (Figure 6): what a tool's public interface offers later calls, and whether a
response field propagates (rules 22-25). Heuristics over names and schemas, kept apart from the model."""

from __future__ import annotations

import copy
import re
from typing import Any, Iterable, Mapping

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.parts import SCALAR_TYPES, Export, json_type, name_tokens
from llama_index_libra.contracts.paths import render_key
from llama_index_libra.schemas.normalize import strip_annotations

__all__ = [
    "IDENTITY_FIELD_TOKENS",
    "STATUS_FIELD_TOKENS",
    "AGGREGATE_FIELD_TOKENS",
    "CONTROL_FIELD_TOKENS",
    "ACK_TEXT_TOKENS",
    "export_propagates",
    "mechanical_exports",
]

# Rules 22-25: what a response field carries decides whether later calls may reuse it.
IDENTITY_FIELD_TOKENS = frozenset(
    {
        "id", "ids", "uuid", "guid", "key", "token", "code", "handle", "ref", "reference", "path", "url",
        "uri", "link", "name", "username", "email", "address", "phone", "date", "time", "timestamp",
        "symbol", "zipcode", "zip", "number", "location", "file", "folder", "directory", "dir",
    }
)
STATUS_FIELD_TOKENS = frozenset(
    {"status", "message", "msg", "error", "errors", "warning", "warnings", "notification", "ack",
     "acknowledgement", "acknowledged", "success", "ok", "succeeded", "failed", "failure"}
)
AGGREGATE_FIELD_TOKENS = frozenset({"count", "counts", "num", "rank", "ranking", "rating", "ratings", "score", "scores"})
# Pagination/control integers (a number-typed "total" or "limit" is an amount and propagates).
CONTROL_FIELD_TOKENS = frozenset({"total", "page", "pages", "offset", "limit", "cursor", "per"})
# Response text fields with these names are acknowledgements when they hold strings.
ACK_TEXT_TOKENS = frozenset({"result", "response", "reply", "outcome"})
_COUNT_DESC_RE = re.compile(r"\b(number of|count of|how many)\b", re.IGNORECASE)
_SCALAR_RESPONSE_PREFIXES = ("get", "compute", "calculate", "fetch", "retrieve", "find", "read", "lookup", "query")


def export_propagates(label: str, schema: Any, *, description: str = "") -> bool:
    """Rules 22-25 for one response leaf: identifiers, content, dates, amounts propagate;
    boolean flags, status/error text and aggregate counts do not."""
    tokens = set(name_tokens(label))
    kind = json_type(schema)
    if tokens & IDENTITY_FIELD_TOKENS and kind != "boolean":
        return True
    if kind == "boolean":
        return False
    if tokens & STATUS_FIELD_TOKENS:
        return False
    if kind == "string" and tokens & ACK_TEXT_TOKENS and re.search(
        r"\b(status|error|result of|message|success|fail)", description, re.IGNORECASE
    ):
        return False
    if kind in ("integer", "number") and tokens & AGGREGATE_FIELD_TOKENS:
        return False
    if kind == "integer" and (tokens & CONTROL_FIELD_TOKENS or _COUNT_DESC_RE.search(description)):
        return False
    return True


def _safe_name(label: str) -> str:
    name = re.sub(r"[^A-Za-z0-9_]", "_", label)
    if not name or name[0].isdigit():
        name = "_" + name
    return name


def _leaf_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """A tolerant export schema for a documented response leaf: its JSON type only."""
    t = schema.get("type")
    return {"type": copy.deepcopy(t)} if t is not None else {}


def _response_leaves(schema: Any, path: str, keys: tuple[str, ...], depth: int = 0) -> Iterable[tuple[str, tuple[str, ...], Mapping[str, Any]]]:
    """(path, key chain, schema) of every documented scalar leaf under ``schema``."""
    if not isinstance(schema, Mapping) or depth > 8:
        return
    for key in ("anyOf", "oneOf", "allOf"):
        for branch in schema.get(key) or []:
            yield from _response_leaves(branch, path, keys, depth + 1)
    t = json_type(schema)
    props = schema.get("properties")
    if isinstance(props, Mapping) and props and t in (None, "object"):
        for k, sub in props.items():
            yield from _response_leaves(sub, path + render_key(str(k)), keys + (str(k),), depth + 1)
    elif t == "array" and isinstance(schema.get("items"), Mapping):
        yield from _response_leaves(schema["items"], path + "[*]", keys, depth + 1)
    elif t in SCALAR_TYPES or (t is None and "enum" in schema and not props):
        yield path, keys, schema


def _scalar_response_name(spec: ToolSpec) -> str:
    tokens = name_tokens(spec.short_name)
    if len(tokens) > 1 and tokens[0] in _SCALAR_RESPONSE_PREFIXES:
        return "_".join(tokens[1:])
    return "response_value"


def mechanical_exports(spec: ToolSpec) -> list[Export]:
    """The exports Figure 6 adds mechanically from the public interface.

    One ``$.arguments.<param>`` export per public parameter (propagate unless boolean), then one export
    per documented scalar leaf of a structured response (``[*]`` for array elements), named by its
    field label (qualified by its parent labels on a name clash); a scalar response gets one ``$.output``
    export. Propagation follows :func:`export_propagates`.
    """
    out: list[Export] = []
    used: set[str] = set()
    props: Mapping[str, Any] = (spec.parameters or {}).get("properties") or {}
    for param, schema in props.items():
        name = _safe_name(param)
        if name in used:
            continue
        used.add(name)
        out.append(
            Export(
                name=name,
                path="$.arguments" + render_key(param),
                schema=strip_annotations(schema) if isinstance(schema, (Mapping, bool)) else {},
                propagate=json_type(schema) != "boolean",
                origin="argument",
            )
        )
    response = spec.response
    if not isinstance(response, Mapping):
        return out
    seen_paths: set[str] = set()
    if json_type(response) in SCALAR_TYPES:
        leaves = [("$.output", (_scalar_response_name(spec),), response)]
    else:
        leaves = list(_response_leaves(response, "$.output", ()))
    for path, keys, schema in leaves:
        if path in seen_paths or json_type(schema) == "null":
            continue
        seen_paths.add(path)
        label = keys[-1] if keys else _scalar_response_name(spec)
        candidates = [_safe_name(label)]
        if len(keys) > 1:
            candidates.append(_safe_name(f"{keys[-2]}_{label}"))
            candidates.append(_safe_name("_".join(keys)))
        candidates.append(_safe_name("output_" + "_".join(keys or (label,))))
        name = next((c for c in candidates if c not in used), None)
        if name is None:
            base, n = candidates[-1], 2
            while f"{base}_{n}" in used:
                n += 1
            name = f"{base}_{n}"
        used.add(name)
        description = schema.get("description", "") if isinstance(schema, Mapping) else ""
        out.append(
            Export(
                name=name,
                path=path,
                schema=_leaf_schema(schema),
                propagate=export_propagates(label, schema, description=description if isinstance(description, str) else ""),
                origin="response",
            )
        )
    return out
