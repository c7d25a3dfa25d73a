"""How a tool reads to an LLM: its signature line, its node id, and the paper's Figure 16 texts.

Every text an agent sees about a tool comes from here: :func:`format_tool` (the signature and the
description on one line) in retrieved nodes and in ``tool_retriever`` results, :func:`tool_node_id`
for stable node ids, and :func:`retriever_description` (Figure 16, one packaged JSON file) for the
``tool_retriever`` tool's own description, shared by the package's tool and the agentic harness.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from llama_index_libra.catalog import ToolSpec

__all__ = [
    "NODE_ID_PREFIX",
    "DESCRIPTIONS_FILE",
    "format_signature",
    "format_tool",
    "schema_label",
    "tool_node_id",
    "retriever_descriptions",
    "retriever_description",
]

NODE_ID_PREFIX = "libra-tool:"
# Figure 16: the tool_retriever description per retrieval method (package data, the one copy).
DESCRIPTIONS_FILE = "prompts/retriever_descriptions.json"


def schema_label(schema: Any) -> str:
    """A short type label for one JSON Schema node (``string``, ``array[integer]``, ``string|null``)."""
    if not isinstance(schema, dict):
        return "any"
    kind = schema.get("type")
    if isinstance(kind, list):
        return "|".join(str(k) for k in kind)
    if kind == "array":
        items = schema.get("items")
        inner = schema_label(items) if isinstance(items, dict) and items else ""
        return f"array[{inner}]" if inner and inner != "any" else "array"
    if isinstance(kind, str):
        return kind
    for key in ("anyOf", "oneOf"):
        options = schema.get(key)
        if isinstance(options, list) and options:
            return "|".join(schema_label(s) for s in options)
    if "enum" in schema:
        return "enum"
    return "any"


def format_signature(spec: ToolSpec) -> str:
    """``name(a: string, b: integer = 10, c?: string)``: required first-class, optional marked."""
    params = spec.parameters or {}
    required = set(params.get("required", []) or [])
    parts = []
    for pname, pschema in (params.get("properties") or {}).items():
        label = schema_label(pschema)
        if pname in required:
            parts.append(f"{pname}: {label}")
        elif isinstance(pschema, dict) and "default" in pschema:
            parts.append(f"{pname}: {label} = {json.dumps(pschema['default'], ensure_ascii=False)}")
        else:
            parts.append(f"{pname}?: {label}")
    return f"{spec.name}({', '.join(parts)})"


def _without_signature_line(spec: ToolSpec) -> str:
    """The description without the ``name(args) -> type`` first line that LlamaIndex's
    ``FunctionTool.from_defaults`` prepends (the listed signature already says it)."""
    text = spec.description.strip()
    for prefix in (f"{spec.name}(", f"{spec.short_name}("):
        if text.startswith(prefix):
            first, sep, rest = text.partition("\n")
            if sep and rest.strip():
                return rest
            break
    return text


def format_tool(spec: ToolSpec) -> str:
    """One line an LLM can read: the signature, then the description on the same line."""
    description = " ".join(_without_signature_line(spec).split())
    return f"{format_signature(spec)} - {description}"


def tool_node_id(name: str) -> str:
    """The node id of a tool: the same in every process and every run."""
    return NODE_ID_PREFIX + name


@lru_cache(maxsize=1)
def retriever_descriptions() -> Mapping[str, str]:
    """Figure 16's ``tool_retriever`` description per retrieval method (packaged JSON)."""
    text = resources.files("llama_index_libra").joinpath(DESCRIPTIONS_FILE).read_text(encoding="utf-8")
    return dict(json.loads(text))


def retriever_description(method: str) -> str:
    """The Figure 16 text for ``method``; methods the paper gives none for use the QTS text."""
    texts = retriever_descriptions()
    return texts.get(method, texts["qts"])
