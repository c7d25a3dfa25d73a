"""The LlamaIndex tool objects a retriever serves: matched one-to-one to the catalog by name, looked up live
(so tools inserted later reach agents), and the count a retriever cuts at."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from llama_index_libra.catalog import ToolCatalog

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.tools import BaseTool

__all__ = ["live_tool_mapping", "check_top_k", "tools_by_name"]


def live_tool_mapping(tools: dict[str, "BaseTool"]) -> Any:
    """A tool node mapping that reads the retriever's own name -> tool dict at each lookup (inserted tools too)."""
    from llama_index.core.objects import SimpleToolNodeMapping

    class _LiveToolMapping(SimpleToolNodeMapping):
        def _from_node(self, node: Any) -> "BaseTool":
            return tools[node.metadata["name"]]

    return _LiveToolMapping([])


def check_top_k(top_k: int) -> int:
    """A retriever's count: a positive integer (ValueError otherwise)."""
    if isinstance(top_k, bool) or not isinstance(top_k, int) or top_k <= 0:
        raise ValueError(f"top_k must be a positive integer, got {top_k!r}")
    return top_k


def tools_by_name(tools: Sequence["BaseTool"], catalog: ToolCatalog) -> dict[str, "BaseTool"]:
    """Map tool names to tools; every catalog tool needs exactly one tool object and vice versa."""
    by_name: dict[str, BaseTool] = {}
    for tool in tools:
        name = getattr(getattr(tool, "metadata", None), "name", None)
        if not name:
            raise ValueError(f"tool {tool!r} has no metadata name")
        if name in by_name:
            raise ValueError(f"duplicate tool name {name!r}")
        by_name[name] = tool
    extra = [n for n in by_name if n not in catalog]
    missing = [n for n in catalog.names if n not in by_name]
    if extra or missing:
        parts = []
        if missing:
            parts.append(f"no tool object for {', '.join(missing[:8])}")
        if extra:
            parts.append(f"tools not in the catalog: {', '.join(extra[:8])}")
        raise ValueError("tools do not match the catalog: " + "; ".join(parts))
    return by_name
