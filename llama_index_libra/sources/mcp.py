"""MCP servers as tool sources, through the ``llama-index-tools-mcp`` client (``[mcp]`` extra).

The tools an MCP server lists become LlamaIndex ``FunctionTool`` s that call the server; their
catalog serves retrieval and ``explain``. The client of ``llama-index-tools-mcp`` opens a new session
for every call, so a stateful server (one that keeps what ``create_budget`` made for the next call)
would forget between calls: :class:`MCPSession` holds one session open instead, in a background event
loop that any thread or event loop can call into, and :func:`mcp_tools` gives one such session to each
tool set it returns. Induction over a server needs a runtime: ``llama_index_libra.runtime.mcp.MCPRuntime``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import weakref
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from llama_index_libra.catalog import CatalogError, ToolCatalog

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.tools import FunctionTool

__all__ = ["MCPSession", "mcp_tools", "amcp_tools", "catalog_from_mcp", "acatalog_from_mcp"]


def _mcp_client(command_or_url: Any, args: Sequence[str] | None, env: Mapping[str, str] | None, timeout: int) -> Any:
    if not isinstance(command_or_url, str):
        return command_or_url  # an existing BasicMCPClient (or any client with list_tools/call_tool)
    try:
        from llama_index.tools.mcp import BasicMCPClient
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("MCP servers need the llama-index-tools-mcp client: pip install 'llama-index-libra[mcp]'") from exc
    return BasicMCPClient(command_or_url, args=list(args or []), env=dict(env) if env is not None else None, timeout=timeout)


def _stop_loop(loop: asyncio.AbstractEventLoop, stop: Any, held: concurrent.futures.Future, thread: threading.Thread) -> None:
    """Close a session from outside its loop (also at interpreter exit, through weakref.finalize): the
    holder task leaves the session's context (a stdio server's process ends), then the loop stops."""
    if loop.is_closed():
        return
    loop.call_soon_threadsafe(stop.set)
    try:
        held.result(timeout=10)
    except BaseException:  # noqa: BLE001 - closing: a session that fails to close cleanly is still gone
        pass
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    if not thread.is_alive():
        loop.close()


class MCPSession:
    """One MCP session kept open, so calls share the server's state (a stdio server: one process).

    ``command_or_url`` is a server command (stdio, with ``args`` and ``env``), an ``http(s)://`` URL
    (streamable HTTP or SSE), or a ``BasicMCPClient`` (its transport, headers and auth are used). The
    session opens at the first call (or :meth:`open`) and closes with :meth:`close`, at the end of a
    ``with`` block, or when the interpreter exits. It offers the two coroutines ``McpToolSpec`` calls,
    ``list_tools`` and ``call_tool``, from any thread or event loop. :meth:`restart` opens a new session
    (for a stdio server: a new process, so its state starts afresh).
    """

    def __init__(self, command_or_url: Any, *, args: Sequence[str] | None = None, env: Mapping[str, str] | None = None,
                 timeout: int = 30) -> None:
        self.client = _mcp_client(command_or_url, args, env, timeout)
        self.source = " ".join([command_or_url, *(args or [])]) if isinstance(command_or_url, str) else type(command_or_url).__name__
        self.timeout = timeout
        self.opened = 0  # sessions opened so far (a restart opens another)
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._session: Any = None
        self._finalizer: Any = None

    # ------------------------------------------------------------------ lifetime
    def open(self) -> "MCPSession":
        """Open the session now (a no-op when it is open); a server that cannot start raises CatalogError."""
        with self._lock:
            if self._session is not None:
                return self
            loop = asyncio.new_event_loop()
            ready: concurrent.futures.Future = concurrent.futures.Future()
            thread = threading.Thread(target=loop.run_forever, name="libra-mcp-session", daemon=True)
            thread.start()
            stop_box: list[asyncio.Event] = []

            async def hold() -> None:
                stop = asyncio.Event()
                stop_box.append(stop)
                try:
                    async with self.client._run_session() as session:  # the client's own transport choice
                        ready.set_result(session)
                        await stop.wait()
                except BaseException as exc:  # noqa: BLE001 - reported to open(), or ends a closing session
                    if not ready.done():
                        ready.set_exception(exc)

            held = asyncio.run_coroutine_threadsafe(hold(), loop)
            try:
                session = ready.result(timeout=self.timeout + 30)
            except BaseException as exc:  # noqa: BLE001 - one clear line for a server that cannot start
                loop.call_soon_threadsafe(loop.stop)
                thread.join(5)
                loop.close()
                raise CatalogError(f"cannot open a session with MCP server {self.source!r}: {type(exc).__name__}: {exc}") from exc
            self._loop, self._session = loop, session
            self.opened += 1
            self._finalizer = weakref.finalize(self, _stop_loop, loop, stop_box[0], held, thread)
            return self

    def close(self) -> None:
        """Close the session (a stdio server's process ends); a later call opens a new one."""
        with self._lock:
            if self._session is None:
                return
            finalizer = self._finalizer
            self._session = self._loop = self._finalizer = None
        finalizer()  # stops the holder task (the session closes in its own task), then the loop thread

    def restart(self) -> None:
        """Close and open again: a new session (a stdio server starts from its fresh state)."""
        self.close()
        self.open()

    @property
    def is_open(self) -> bool:
        return self._session is not None

    def __enter__(self) -> "MCPSession":
        return self.open()

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        raise TypeError("an open MCP session cannot be pickled; pickle the settings that open one (MCPRuntime does)")

    # ------------------------------------------------------------------ calls (what McpToolSpec uses)
    def _submit(self, make: Any) -> concurrent.futures.Future:
        self.open()
        session = self._session
        return asyncio.run_coroutine_threadsafe(make(session), self._loop)  # type: ignore[arg-type]

    async def list_tools(self) -> Any:
        """The server's ``tools/list`` reply, over the open session."""
        return await asyncio.wrap_future(self._submit(lambda s: s.list_tools()))

    async def call_tool(self, tool_name: str, arguments: dict | None = None, progress_callback: Any = None) -> Any:
        """The server's ``tools/call`` reply, over the open session."""
        return await asyncio.wrap_future(self._submit(lambda s: s.call_tool(tool_name, arguments=arguments)))

    def call_tool_sync(self, tool_name: str, arguments: dict | None = None, timeout: float | None = None) -> Any:
        """:meth:`call_tool` for code without an event loop (waits at most ``timeout`` seconds)."""
        return self._submit(lambda s: s.call_tool(tool_name, arguments=arguments)).result(timeout)

    def list_tools_sync(self, timeout: float | None = None) -> Any:
        """:meth:`list_tools` for code without an event loop."""
        return self._submit(lambda s: s.list_tools()).result(timeout)


async def amcp_tools(
    command_or_url: Any,
    *,
    args: Sequence[str] | None = None,
    env: Mapping[str, str] | None = None,
    allowed_tools: Sequence[str] | None = None,
    timeout: int = 30,
) -> list["FunctionTool"]:
    """The tools an MCP server lists, as ``FunctionTool`` s that call it over one session they share.

    ``command_or_url`` is a server command (stdio, with ``args`` and ``env``), an ``http(s)://`` URL
    (streamable HTTP or SSE), a ``BasicMCPClient``, or an :class:`MCPSession` (its session is used).
    A stateful server keeps its state from one call to the next (for a stdio server: as long as the
    session, one process, lives; every ``mcp_tools`` call starts its own).
    """
    from llama_index.tools.mcp import McpToolSpec

    session = command_or_url if isinstance(command_or_url, MCPSession) else MCPSession(command_or_url, args=args, env=env,
                                                                                        timeout=timeout)
    spec = McpToolSpec(session, allowed_tools=list(allowed_tools) if allowed_tools is not None else None)
    try:
        return await spec.to_tool_list_async()
    except Exception as exc:  # noqa: BLE001 - a server that cannot be reached is one clear line
        if session is not command_or_url:
            session.close()
        reason = exc.__cause__ if isinstance(exc, CatalogError) and exc.__cause__ is not None else exc
        raise CatalogError(f"cannot list the tools of MCP server {session.source!r}: {type(reason).__name__}: {reason}") from exc


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


async def acatalog_from_mcp(command_or_url: Any, *, name: str = "mcp", args: Sequence[str] | None = None,
                            env: Mapping[str, str] | None = None, timeout: int = 30, **kwargs: Any) -> ToolCatalog:
    """The catalog of an MCP server's tools (the same one ``LibraRetriever.from_tools`` builds from
    :func:`amcp_tools`, so a library induced on it loads with those tools); a session it opened is closed."""
    if isinstance(command_or_url, MCPSession):
        return ToolCatalog.from_tools(await amcp_tools(command_or_url, **kwargs), name=name)
    session = MCPSession(command_or_url, args=args, env=env, timeout=timeout)
    try:
        return ToolCatalog.from_tools(await amcp_tools(session, **kwargs), name=name)
    finally:
        session.close()


def catalog_from_mcp(command_or_url: Any, *, name: str = "mcp", **kwargs: Any) -> ToolCatalog:
    """Sync twin of :func:`acatalog_from_mcp`."""
    return _run(acatalog_from_mcp(command_or_url, name=name, **kwargs), "catalog_from_mcp")
