"""LlamaIndex ``BaseToolSpec`` bundles (a tool spec in LlamaIndex's sense: a class of tools) as tools."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llama_index_libra._compat import deprecated_alias
from llama_index_libra.catalog import CatalogError, ToolCatalog

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.tools import BaseTool

__all__ = ["tools_from_llamaindex_specs", "catalog_from_llamaindex_specs", "tools_from_tool_specs", "catalog_from_tool_specs"]


def tools_from_llamaindex_specs(specs: Any) -> list["BaseTool"]:
    """The tools of one or several LlamaIndex ``BaseToolSpec`` s, in order (``to_tool_list()``)."""
    specs = [specs] if hasattr(specs, "to_tool_list") else list(specs)
    tools: list[BaseTool] = []
    for spec in specs:
        if not hasattr(spec, "to_tool_list"):
            raise CatalogError(f"expected a LlamaIndex BaseToolSpec, got {type(spec).__name__}")
        tools.extend(spec.to_tool_list())
    return tools


def catalog_from_llamaindex_specs(specs: Any, *, name: str = "catalog") -> ToolCatalog:
    """The catalog of the tools of one or several ``BaseToolSpec`` s."""
    return ToolCatalog.from_tools(tools_from_llamaindex_specs(specs), name=name)


# earlier names, which read as if they took this package's ToolSpec records
tools_from_tool_specs = deprecated_alias(tools_from_llamaindex_specs, "tools_from_tool_specs")
catalog_from_tool_specs = deprecated_alias(catalog_from_llamaindex_specs, "catalog_from_tool_specs")
