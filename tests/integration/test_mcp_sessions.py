"""MCP: one session per tool set, and induction over a stateful server (issue #24, item 5).

The server (``examples/budget_mcp_server.py``) keeps budgets in its memory, so a client that opens
a session per call (as ``llama-index-tools-mcp``'s does) gets "no budget B1" after creating B1.
"""

from __future__ import annotations

import asyncio
import pickle
import sys

import pytest

pytest.importorskip("mcp.server.mcpserver")
pytest.importorskip("llama_index.tools.mcp")

from llama_index_libra.induction import induce  # noqa: E402
from llama_index_libra.runtime.mcp import MCPRuntime, MCPState, mcp_output  # noqa: E402
from llama_index_libra.sources.mcp import MCPSession, catalog_from_mcp, mcp_tools  # noqa: E402
from tests.support.paths import EXAMPLES  # noqa: E402

SERVER = [str(EXAMPLES / "budget_mcp_server.py")]


def _value(output) -> dict:
    return mcp_output(output.raw_output)


def test_a_tool_set_keeps_one_session_with_a_stateful_server() -> None:
    tools = {t.metadata.name: t for t in mcp_tools(sys.executable, args=SERVER)}
    created = _value(tools["create_budget"].call(name="trip", limit=500))
    assert created == {"budget_id": "B1"}
    assert _value(tools["record_expense"].call(budget_id="B1", amount=20)) == {"budget_id": "B1", "spent": 20.0}
    # the async path (what agents use) reaches the same server state
    spent = asyncio.run(tools["record_expense"].acall(budget_id="B1", amount=5))
    assert _value(spent) == {"budget_id": "B1", "spent": 25.0}
    # another tool set is another session: a fresh server
    other = {t.metadata.name: t for t in mcp_tools(sys.executable, args=SERVER)}
    assert _value(other["record_expense"].call(budget_id="B1", amount=1)) == {"error": "no budget B1"}


def test_a_session_opens_once_closes_and_reopens() -> None:
    with MCPSession(sys.executable, args=SERVER) as session:
        session.call_tool_sync("create_budget", {"name": "a", "limit": 1})
        assert "B2" in str(session.call_tool_sync("create_budget", {"name": "b", "limit": 1}).content)
        assert session.opened == 1
        session.restart()  # a new process: the server's fresh state
        assert "B1" in str(session.call_tool_sync("create_budget", {"name": "c", "limit": 1}).content)
    assert not session.is_open
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(session)
    catalog = catalog_from_mcp(session)  # the session reopens on use
    assert "create_budget" in catalog.names and session.opened == 3
    session.close()


@pytest.mark.parametrize("reset_tool", ["reset", None])
def test_each_induction_state_gets_its_own_server_state(reset_tool) -> None:
    runtime = MCPRuntime(sys.executable, args=SERVER, reset_tool=reset_tool, view_tool="view_state",
                         allowed_tools=["create_budget", "record_expense", "currency_symbol"])
    assert runtime.catalog.names == ["create_budget", "record_expense", "currency_symbol"]
    first = runtime.fresh()
    record = runtime.call(first, "create_budget", {"name": "trip", "limit": 100})
    assert record.status == "success" and record.output == {"budget_id": "B1"} and record.state_changes
    other = runtime.restore(runtime.snapshot(runtime.fresh()))
    assert runtime.call(other, "record_expense", {"budget_id": "B1", "amount": 5}).status == "rejected"  # not created here
    again = runtime.call(runtime.restore(runtime.snapshot(first)), "record_expense", {"budget_id": "B1", "amount": 5})
    assert again.status == "success" and again.output == {"budget_id": "B1", "spent": 5.0}
    assert runtime.sessions_opened == (1 if reset_tool else 3)
    twin = pickle.loads(pickle.dumps(runtime))  # a pool worker's copy opens its own session
    assert twin.call(MCPState([["create_budget", {"name": "x", "limit": 1}]]), "record_expense",
                     {"budget_id": "B1", "amount": 1}).status == "success"
    twin.close()
    runtime.close()


def test_induction_over_a_stateful_mcp_server() -> None:
    runtime = MCPRuntime(sys.executable, args=SERVER, reset_tool="reset", view_tool="view_state", name="budgets")
    library, report = induce(runtime, executor="serial", field_encoder="lexical")
    pairs = {(r.provider, r.consumer, r.kind) for r in library.relations}
    assert ("create_budget", "record_expense", "provenance") in pairs, report.summary()
    assert report.never_succeeded == {}, report.summary()  # currency_symbol's codes come from its docstring
    tools = runtime.as_llama_tools()
    from llama_index_libra.adapters.retriever import LibraRetriever
    from tests.support.fakes import HashEmbedding

    retriever = LibraRetriever.from_tools(tools, library=library, embed_model=HashEmbedding(), top_k=2)
    assert [h.name for h in retriever.rank("record an expense of 20 on my budget")] == ["record_expense", "create_budget"]
    runtime.close()
