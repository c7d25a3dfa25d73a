"""A stateful MCP server over stdio: budgets and expenses kept in the server's memory (README, MCP servers).

``create_budget`` returns an id (``B1``, ``B2`` ... from a counter, so replies repeat from a fresh
state); ``record_expense`` refuses an unknown budget; ``reset`` and ``view_state`` are what a server
offers to be induced over quickly (a reset instead of a new process per state, a read-only view).

    python examples/budget_mcp_server.py      # speaks MCP on stdin/stdout
"""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer

app = MCPServer("budgets")
STATE: dict = {"budgets": {}, "expenses": [], "next": 1}


@app.tool()
def create_budget(name: str, limit: float) -> dict:
    """Create a budget with a spending limit. Returns its budget_id."""
    budget_id = f"B{STATE['next']}"
    STATE["next"] += 1
    STATE["budgets"][budget_id] = {"name": name, "limit": limit, "spent": 0.0}
    return {"budget_id": budget_id}


@app.tool()
def record_expense(budget_id: str, amount: float) -> dict:
    """Record an expense against an existing budget."""
    budget = STATE["budgets"].get(budget_id)
    if budget is None:
        return {"error": f"no budget {budget_id}"}
    budget["spent"] += amount
    STATE["expenses"].append({"budget_id": budget_id, "amount": amount})
    return {"budget_id": budget_id, "spent": budget["spent"]}


@app.tool()
def currency_symbol(code: str) -> dict:
    """The symbol of a currency code (EUR, USD, GBP)."""
    symbols = {"EUR": "€", "USD": "$", "GBP": "£"}
    return {"symbol": symbols[code]} if code in symbols else {"error": f"unknown currency {code}"}


@app.tool()
def reset() -> dict:
    """Forget every budget and expense (the server's fresh state)."""
    STATE.update({"budgets": {}, "expenses": [], "next": 1})
    return {"reset": True}


@app.tool()
def view_state() -> dict:
    """The budgets and expenses, read-only."""
    return {"budgets": STATE["budgets"], "expenses": STATE["expenses"]}


if __name__ == "__main__":
    app.run()
