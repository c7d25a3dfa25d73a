"""Fields of a tool's public metadata that the baselines' prompts and graphs use.

A Python-style signature (required inputs bare, optional ones with their default), a docstring
(description, ``Args:``, ``Returns:``), the category (published ``category``, else the namespace), the
serialized document, and the part of Ego-Trip's graph that needs no LLM (parameters and category).
Nothing here reads more than :class:`~llama_index_libra.catalog.ToolSpec`'s public metadata.
"""

from __future__ import annotations

from typing import Any, Mapping

from llama_index_libra.catalog import ToolCatalog, ToolSpec

__all__ = ["tool_signature", "tool_docstring", "tool_category", "api_document", "structural_entities"]

_MAX_DEFAULT_CHARS = 60  # a default value longer than this is shown as "..." in a signature

_PY_TYPES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "array": "list", "object": "dict", "null": "None"}


def _type_name(schema: Any) -> str:
    """A Python-style type label of a JSON Schema node (``str``, ``list[str]``, ``str | None``, ``Any``)."""
    if not isinstance(schema, Mapping):
        return "Any"
    kind = schema.get("type")
    if isinstance(kind, list):
        labels = [_PY_TYPES.get(k, "Any") for k in kind if isinstance(k, str)]
        return " | ".join(dict.fromkeys(labels)) or "Any"
    if kind == "array" and isinstance(schema.get("items"), Mapping) and schema["items"].get("type") in _PY_TYPES:
        return f"list[{_type_name(schema['items'])}]"
    return _PY_TYPES.get(kind, "Any") if isinstance(kind, str) else "Any"


def _default_text(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _MAX_DEFAULT_CHARS else "..."


def tool_signature(spec: ToolSpec) -> str:
    """``(a: str, b: int = 3, c: list = None)``: required inputs bare, optional ones with their default."""
    props = (spec.parameters or {}).get("properties") or {}
    required = set(spec.required_inputs)
    parts = []
    for name, schema in props.items():
        label = f"{name}: {_type_name(schema)}"
        if name not in required:
            default = schema.get("default") if isinstance(schema, Mapping) else None
            label += f" = {_default_text(default)}"
        parts.append(label)
    return "(" + ", ".join(parts) + ")"


def tool_docstring(spec: ToolSpec) -> str:
    """The description, then ``Args:`` (inputs with descriptions) and ``Returns:`` from the response schema."""
    lines = [spec.description.strip()]
    props = (spec.parameters or {}).get("properties") or {}
    args = [(n, s) for n, s in props.items() if isinstance(s, Mapping) and isinstance(s.get("description"), str) and s["description"].strip()]
    if args:
        lines.append("Args:")
        lines += [f"    {n} ({_type_name(s)}): {' '.join(s['description'].split())}" for n, s in args]
    response = spec.response
    if isinstance(response, Mapping):
        fields = response.get("properties") if isinstance(response.get("properties"), Mapping) else {}
        head = " ".join(str(response.get("description") or "").split())
        described = [(n, s) for n, s in fields.items() if isinstance(s, Mapping)]
        if head or described:
            lines.append(f"Returns: {head}".rstrip())
            for n, s in described:
                desc = " ".join(str(s.get("description") or "").split())
                lines.append(f"    {n} ({_type_name(s)})" + (f": {desc}" if desc else ""))
    return "\n".join(line for line in lines if line)


def tool_category(spec: ToolSpec) -> str | None:
    """The tool's published ``category`` when it has one, else its namespace (class or app), else None."""
    doc = spec.public_doc()
    category = doc.get("category")
    if isinstance(category, str) and category.strip():
        return category.strip()
    return spec.namespace


def api_document(spec: ToolSpec) -> str:
    """The serialized public metadata: the text dense retrieval embeds for every method alike."""
    return spec.text()


def structural_entities(catalog: ToolCatalog) -> dict[int, list[str]]:
    """The part of Ego-Trip's graph that needs no LLM: each tool's input parameter names and its category."""
    out: dict[int, list[str]] = {}
    for i, spec in enumerate(catalog):
        names = list(spec.input_names)
        category = tool_category(spec)
        if category:
            names.append(category)
        out[i] = names
    return out
