"""MCPRuntime: induction over an MCP server's tools, one server session per sandbox state.

A server keeps its state itself, so a sandbox state here is the list of calls made since the fresh
state, and the runtime keeps one live session whose server state matches one such list. Running a
call in another state first brings the session there: a new session (for a stdio server, a new
process, which starts fresh) or the server's own reset tool, then a replay of that state's calls.
Snapshots are those lists (JSON), so the runtime pickles for the process pool: each worker opens its
own session.

What a server must offer to be induced over (see the README, "MCP servers"):

* a fresh state per session (a stdio server that keeps its state in memory has one), or a tool that
  resets it (``reset_tool=``, faster: no new process per state);
* the same replies to the same calls from a fresh state (ids from counters, not clocks or random);
* tools whose effects stay inside the server's state: induction calls every tool many times;
* for state relations, a read-only tool returning the observable state as JSON (``view_tool=``); without
  one, the view is the list of calls, so every call counts as a change.
"""

from __future__ import annotations

import json
import threading
from typing import Any, Mapping, Sequence

from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.runtime.base import Runtime

__all__ = ["MCPRuntime", "MCPState", "mcp_output"]


class MCPState:
    """A sandbox state of an MCP server: the calls made since its fresh state (the server holds the rest)."""

    def __init__(self, calls: Sequence[Sequence[Any]] = ()) -> None:
        self.calls: list[list[Any]] = [[tool, dict(args)] for tool, args in calls]

    def __repr__(self) -> str:
        return f"MCPState({len(self.calls)} calls)"


def mcp_output(result: Any) -> Any:
    """A ``tools/call`` result as JSON: its structured content, else its text parsed as JSON, else the text;
    a result flagged as an error becomes ``{"error": text}`` (a refusal, as the default classification reads it)."""
    text = "\n".join(getattr(block, "text", "") for block in getattr(result, "content", None) or [] if getattr(block, "text", None))
    if getattr(result, "is_error", False) or getattr(result, "isError", False):
        return {"error": text or "the tool reported an error"}
    structured = getattr(result, "structured_content", None) or getattr(result, "structuredContent", None)
    if structured is not None:
        if isinstance(structured, Mapping) and set(structured) == {"result"}:
            return structured["result"]  # servers wrap a non-object return value as {"result": ...}
        return structured
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return text


class MCPRuntime(Runtime):
    """The tools of one MCP server, induced over in sessions that each hold one sandbox state.

    ``command_or_url``, ``args``, ``env``: the server (as for :func:`~llama_index_libra.sources.mcp.mcp_tools`).
    ``fixtures``: public facts a tester is handed. ``reset_tool``: a server tool that returns it to its
    fresh state (then one session serves every state); ``view_tool``: a read-only server tool whose
    reply is the observable state. Both are left out of the catalog. ``allowed_tools``: the tools to
    induce over (default: all). Calls run in the server, so the runtime does not isolate them again.
    """

    isolation = "none"  # the server is another process already
    timeout_mode = "thread"

    def __init__(self, command_or_url: str, *, args: Sequence[str] | None = None, env: Mapping[str, str] | None = None,
                 fixtures: Mapping[str, Any] | None = None, reset_tool: str | None = None, view_tool: str | None = None,
                 allowed_tools: Sequence[str] | None = None, name: str | None = None, timeout_s: float | None = 30.0) -> None:
        self.command_or_url = command_or_url
        self.args = list(args or [])
        self.env = dict(env) if env is not None else None
        self.fixtures = dict(fixtures or {})
        self.reset_tool = reset_tool
        self.view_tool = view_tool
        self.allowed_tools = list(allowed_tools) if allowed_tools is not None else None
        self.default_timeout_s = timeout_s
        self.name = name or (self.args[-1].rsplit("/", 1)[-1].removesuffix(".py") if self.args else "mcp")
        self._init_live()
        listed = self._session().list_tools_sync(timeout=self._wait())
        names = [t.name for t in getattr(listed, "tools", [])]
        for role, tool in (("reset_tool", reset_tool), ("view_tool", view_tool)):
            if tool is not None and tool not in names:
                raise ValueError(f"{role} {tool!r} is not a tool of MCP server {self._source()!r} (it lists {', '.join(names)})")
        hidden = {reset_tool, view_tool}
        keep = [n for n in names if n not in hidden and (self.allowed_tools is None or n in self.allowed_tools)]
        self._tools = self._llama_tools(keep)
        self.catalog = ToolCatalog.from_tools(self._tools, name=self.name)

    # ------------------------------------------------------------------ sessions
    def _init_live(self) -> None:
        self._lock = threading.RLock()
        self._live: Any = None
        self._live_calls: list[list[Any]] | None = None  # the calls the live session's server state reflects
        self.sessions_opened = 0

    def _source(self) -> str:
        return " ".join([self.command_or_url, *self.args])

    def _wait(self) -> float | None:
        return None if self.default_timeout_s is None else float(self.default_timeout_s) + 30.0

    def _session(self) -> Any:
        from llama_index_libra.sources.mcp import MCPSession

        if self._live is None:
            timeout = 30 if self.default_timeout_s is None else max(1, int(self.default_timeout_s))
            self._live = MCPSession(self.command_or_url, args=self.args, env=self.env, timeout=timeout).open()
            self._live_calls = []
            self.sessions_opened += 1
        return self._live

    def _llama_tools(self, names: list[str]) -> list[Any]:
        from llama_index_libra.sources.mcp import mcp_tools

        return mcp_tools(self._session(), allowed_tools=names) if names else []

    def _sync(self, state: MCPState) -> Any:
        """The live session, brought to ``state``: reset (or a new session) and a replay of its calls."""
        with self._lock:
            session = self._session()
            if self._live_calls == state.calls:
                return session
            if self._live_calls is not None and self._live_calls == state.calls[: len(self._live_calls)]:
                todo = state.calls[len(self._live_calls):]  # the state is a continuation of the live one
            else:
                if self.reset_tool is not None:
                    session.call_tool_sync(self.reset_tool, {}, timeout=self._wait())
                else:
                    self.close()
                    session = self._session()
                self._live_calls = []
                todo = state.calls
            for tool, args in todo:
                self._live_calls = None  # unknown until the replayed call returns
                session.call_tool_sync(tool, args, timeout=self._wait())
            self._live_calls = [list(c) for c in state.calls]
            return session

    def close(self) -> None:
        """Close the live session (the next call opens another)."""
        with self._lock:
            if self._live is not None:
                self._live.close()
            self._live, self._live_calls = None, None

    def __getstate__(self) -> dict[str, Any]:
        """The settings and the catalog; each process opens its own session."""
        state = {k: v for k, v in self.__dict__.items() if k not in ("_lock", "_live", "_live_calls", "_tools")}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._init_live()
        self._tools = []

    @property
    def identity(self) -> str:
        """What the run log keys on besides the catalog: the server command."""
        return json.dumps([self.command_or_url, self.args, self.reset_tool, self.view_tool])

    # ------------------------------------------------------------------ the Runtime protocol
    def fresh(self) -> MCPState:
        return MCPState()

    def snapshot(self, state: MCPState) -> list[list[Any]]:
        return json.loads(json.dumps(state.calls))

    def restore(self, snap: Sequence[Sequence[Any]]) -> MCPState:
        return MCPState(snap)

    def view(self, state: MCPState, partition: str | None = None) -> dict[str, Any]:
        if self.view_tool is None:
            return {"calls": json.loads(json.dumps(state.calls))}
        with self._lock:
            return {"view": mcp_output(self._sync(state).call_tool_sync(self.view_tool, {}, timeout=self._wait()))}

    def _invoke(self, state: MCPState, tool: str, arguments: dict[str, Any]) -> Any:
        with self._lock:
            session = self._sync(state)
            self._live_calls = None  # if the call never returns (a timeout), the live state is unknown
            result = session.call_tool_sync(tool, arguments, timeout=self._wait())
            state.calls.append([tool, json.loads(json.dumps(arguments))])
            self._live_calls = [list(c) for c in state.calls]
        return mcp_output(result)

    def as_llama_tools(self, state: MCPState | None = None) -> list[Any]:
        """LlamaIndex tools over a new session of their own (the server's fresh state, then ``state``'s calls)."""
        from llama_index_libra.sources.mcp import MCPSession, mcp_tools

        session = MCPSession(self.command_or_url, args=self.args, env=self.env).open()
        for tool, args in (state.calls if state is not None else []):
            session.call_tool_sync(tool, args, timeout=self._wait())
        return mcp_tools(session, allowed_tools=self.catalog.names)
