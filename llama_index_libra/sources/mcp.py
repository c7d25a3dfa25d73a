"""MCP servers as tool sources, through the ``llama-index-tools-mcp`` client (``[mcp]`` extra).

The tools an MCP server lists become LlamaIndex ``FunctionTool`` s that call the server; their
catalog serves retrieval and ``explain``. Induction needs a Runtime you provide, since calling a live
server's tools is not a sandbox.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from llama_index_libra.catalog import CatalogError, ToolCatalog

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.tools import FunctionTool

__all__ = ["mcp_tools", "amcp_tools", "catalog_from_mcp", "acatalog_from_mcp"]


def _mcp_client(command_or_url: Any, args: Sequence[str] | None, env: Mapping[str, str] | None, timeout: int) -> Any:
    if not isinstance(command_or_url, str):
        return command_or_url  # an existing BasicMCPClient (or any client with list_tools/call_tool)
    try:
        from llama_index.tools.mcp import BasicMCPClient
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("MCP servers need the llama-index-tools-mcp client: pip install 'llama-index-libra[mcp]'") from exc
    return BasicMCPClient(command_or_url, args=list(args or []), env=dict(env) if env is not None else None, timeout=timeout)


async def amcp_tools(
    command_or_url: Any,
    *,
    args: Sequence[str] | None = None,
    env: Mapping[str, str] | None = None,
    allowed_tools: Sequence[str] | None = None,
    timeout: int = 30,
) -> list["FunctionTool"]:
    """The tools an MCP server lists, as ``FunctionTool`` s that call it (``llama-index-tools-mcp``).

    ``command_or_url`` is a server command (stdio, with ``args`` and ``env``), an ``http(s)://`` URL
    (streamable HTTP or SSE), or an existing ``BasicMCPClient``.
    """
    from llama_index.tools.mcp import McpToolSpec

    client = _mcp_client(command_or_url, args, env, timeout)
    spec = McpToolSpec(client, allowed_tools=list(allowed_tools) if allowed_tools is not None else None)
    try:
        return await spec.to_tool_list_async()
    except Exception as exc:  # noqa: BLE001 - a server that cannot be reached is one clear line
        raise CatalogError(f"cannot list the tools of MCP server {command_or_url!r}: {type(exc).__name__}: {exc}") from exc


def _run(coro: Any, what: str) -> Any:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    coro.close()
    raise RuntimeError(f"{what} cannot run inside a running event loop (a notebook, an agent): await a{what} instead")


def mcp_tools(command_or_url: Any, **kwargs: Any) -> list["FunctionTool"]:
    """Sync twin of :func:`amcp_tools` (not inside a running event loop)."""
    return _run(amcp_tools(command_or_url, **kwargs), "mcp_tools")


async def acatalog_from_mcp(command_or_url: Any, *, name: str = "mcp", **kwargs: Any) -> ToolCatalog:
    """The catalog of an MCP server's tools (the same one ``LibraRetriever.from_tools`` builds from
    :func:`amcp_tools`, so a library induced on it loads with those tools)."""
    return ToolCatalog.from_tools(await amcp_tools(command_or_url, **kwargs), name=name)


def catalog_from_mcp(command_or_url: Any, *, name: str = "mcp", **kwargs: Any) -> ToolCatalog:
    """Sync twin of :func:`acatalog_from_mcp`."""
    return _run(acatalog_from_mcp(command_or_url, name=name, **kwargs), "catalog_from_mcp")
