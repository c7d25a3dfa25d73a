"""Path ablation of the history a state relation was found on (scheduling.Master.ablation_pass).

A tool-hire desk releases a tool once its hire is paid and inspected, and inspects only a paid hire.
The handed hire H-1 is both already, so ``release_tool`` first succeeds in the fresh state, where
ablation has no path to read. On a hire the build creates, the only order is create, pay, inspect:
the state test credits ``inspect_tool`` (the last write), but ``take_payment`` only ever precedes a
refused release. Replaying the history of that state relation without each earlier call finds it (a
``transitive`` relation whose evidence is that history); the consumer's first path alone does not
(the test fails without the change)."""

from __future__ import annotations

import copy

from tests.support.builds import induce_serially


class Desk:
    def __init__(self) -> None:
        self.hires = {"H-1": {"tool": "SDS drill", "paid": True, "inspected": True, "out": False}}
        self.next = 2

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def list_hires(state: Desk = None) -> list:
    """Every hire as rows [hire_id, tool, out]."""
    return [[h, v["tool"], v["out"]] for h, v in sorted(state.hires.items())]


def create_hire(tool_name: str, state: Desk = None) -> dict:
    """Open a hire for a tool; the reply holds the new hire id."""
    hid = f"H-{state.next}"
    state.next += 1
    state.hires[hid] = {"tool": tool_name, "paid": False, "inspected": False, "out": False}
    return {"hire_id": hid, "tool": tool_name}


def take_payment(hire_id: str, state: Desk = None) -> str:
    """Take payment for a hire."""
    h = state.hires.get(hire_id)
    if h is None:
        raise KeyError(f"no hire {hire_id}")
    if h["paid"]:
        raise ValueError(f"hire {hire_id} is paid already")
    h["paid"] = True
    return f"Hire {hire_id} paid."


def inspect_tool(hire_id: str, state: Desk = None) -> str:
    """Record the safety inspection of a paid hire's tool."""
    h = state.hires.get(hire_id)
    if h is None:
        raise KeyError(f"no hire {hire_id}")
    if not h["paid"]:
        raise ValueError(f"hire {hire_id} is not paid; inspections follow payment")
    if h["inspected"]:
        raise ValueError(f"hire {hire_id} is inspected already")
    h["inspected"] = True
    return f"Hire {hire_id} inspected."


def release_tool(hire_id: str, state: Desk = None) -> dict:
    """Hand a paid, inspected hire's tool to the customer."""
    h = state.hires.get(hire_id)
    if h is None:
        raise KeyError(f"no hire {hire_id}")
    if not (h["paid"] and h["inspected"]):
        raise ValueError(f"hire {hire_id} must be paid and inspected first")
    if h["out"]:
        raise ValueError(f"hire {hire_id} is out already")
    h["out"] = True
    return {"hire_id": hire_id, "out": True}


TOOLS = [list_hires, create_hire, take_payment, inspect_tool, release_tool]


def test_the_history_of_a_state_relation_is_replayed_without_each_call() -> None:
    library, report = induce_serially(TOOLS, Desk, {"tool_name": "Tile cutter"}, max_depth=4)
    found = {(r.provider, r.consumer): r for r in library.relations}
    assert ("inspect_tool", "release_tool") in found, report.summary()
    paid = found.get(("take_payment", "release_tool"))
    assert paid is not None and paid.kind == "transitive", sorted(found)
    # the replayed path is the created hire's history (the handed hire's first success has none)
    assert [s["tool"] for s in paid.evidence["state"]][:1] == ["create_hire"]
