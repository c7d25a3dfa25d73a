"""Catalog sources users already have: LlamaIndex tool specs, MCP servers, OpenAPI documents.

* :mod:`.llamaindex`: :func:`tools_from_llamaindex_specs`, the tools of LlamaIndex ``BaseToolSpec`` s
  (``spec.to_tool_list()``), ready for ``LibraRetriever.from_tools``; :func:`catalog_from_llamaindex_specs`
  gives their catalog;
* :mod:`.mcp`: :func:`mcp_tools` / :func:`amcp_tools`, the tools an MCP server lists, through the
  ``llama-index-tools-mcp`` client (``pip install 'llama-index-libra[mcp]'``), as LlamaIndex
  ``FunctionTool`` s that call the server over one :class:`MCPSession` per tool set (a stateful server
  keeps its state between calls); :func:`catalog_from_mcp` gives their catalog (retrieval and
  ``explain`` work on it; induction runs in ``llama_index_libra.runtime.mcp.MCPRuntime``, one server
  state per sandbox state);
* :mod:`.openapi`: :func:`catalog_from_openapi`, one tool per operation of an OpenAPI 3 (or Swagger 2)
  document (the conversion itself is :mod:`llama_index_libra.schemas.openapi`).

Each source converts what it reads into LlamaIndex tools or function docs; the catalog builds the
specs (``ToolCatalog.from_tools`` / ``from_openapi``).
"""

from llama_index_libra.sources.llamaindex import (
    catalog_from_llamaindex_specs,
    catalog_from_tool_specs,
    tools_from_llamaindex_specs,
    tools_from_tool_specs,
)
from llama_index_libra.sources.mcp import MCPSession, acatalog_from_mcp, amcp_tools, catalog_from_mcp, mcp_tools
from llama_index_libra.sources.openapi import HTTP_METHODS, catalog_from_openapi, openapi_tool_specs

__all__ = [
    "tools_from_llamaindex_specs",
    "catalog_from_llamaindex_specs",
    "tools_from_tool_specs",
    "catalog_from_tool_specs",
    "MCPSession",
    "mcp_tools",
    "amcp_tools",
    "catalog_from_mcp",
    "acatalog_from_mcp",
    "catalog_from_openapi",
    "openapi_tool_specs",
    "HTTP_METHODS",
]
