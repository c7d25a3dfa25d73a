"""A value a refused call got further with than a control is a provided value (counterfactual.further_tests).

An order desk creates draft orders; shipping needs a paid order and nothing here pays one, so
``ship_order`` never succeeds. Still, with the new order's id it is refused for the order's status
("OR-101 is draft; only a paid order ships") and with a control for an unknown order ("no order
OR-102"): the id passed the lookup the control failed, so ``create_order`` provides it. A tool that
refuses every value alike before any lookup (refunds are closed this week) proves nothing."""

from __future__ import annotations

import copy

from tests.support.builds import induce_serially


class Desk:
    def __init__(self) -> None:
        self.orders: dict[str, dict] = {}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def create_order(item: str, state: Desk = None) -> dict:
    """Open a draft order for one catalogue item (any item name)."""
    oid = f"OR-{101 + len(state.orders)}"
    state.orders[oid] = {"item": item, "status": "draft"}
    return {"order_id": oid, "status": "draft"}


def ship_order(order_id: str, state: Desk = None) -> dict:
    """Ship a paid order."""
    order = state.orders.get(order_id)
    if order is None:
        raise LookupError(f"no order {order_id}")
    if order["status"] != "paid":
        raise RuntimeError(f"{order_id} is {order['status']}; only a paid order ships")
    order["status"] = "shipped"
    return {"order_id": order_id, "status": "shipped"}


def refund_order(order_id: str, state: Desk = None) -> dict:
    """Refund an order."""
    raise RuntimeError("refunds are handled by the bank this week; try again on Monday")


TOOLS = [create_order, ship_order, refund_order]


def test_a_never_succeeding_consumer_still_shows_the_id_it_takes() -> None:
    library, report = induce_serially(TOOLS, Desk, {})
    assert "ship_order" in report.never_succeeded  # nothing pays an order
    shipped = [r for r in library.relations if r.consumer == "ship_order"]
    assert [(r.provider, r.kind, r.consumer_field) for r in shipped] == [("create_order", "provenance", "order_id")], shipped
    assert shipped[0].evidence.get("refused_further"), shipped[0].evidence
    from llama_index_libra.cli.evidence import evidence_lines

    lines = evidence_lines(shipped[0].evidence)  # what `libra show --tool ship_order` prints
    assert any("further on" in line for line in lines) and any(line.startswith("control: ") for line in lines), lines
    # refused alike whatever the order: no value passed anything
    assert not [r for r in library.relations if r.consumer == "refund_order"]


def test_a_success_outranks_a_refusal_that_only_got_further() -> None:
    from llama_index_libra.induction.selection import split_providers
    from llama_index_libra.library import Relation

    def rel(provider: str, **extra) -> Relation:
        return Relation(provider, "ship_order", "provenance", "order_id", "order_id", 1.0,
                        {"provider_value": {"path": "$.output.order_id"}, **extra})

    took, further = rel("list_orders"), rel("order_report", refused_further=True)
    kept, alternatives = split_providers([further, took], 1)
    assert [r.provider for r in kept] == ["list_orders"] and alternatives == []
    assert [r.provider for r in split_providers([further], 1)[0]] == ["order_report"]  # the only one proven


def pay_order(order_id: str, state: Desk = None) -> dict:
    """Take payment for a draft order."""
    order = state.orders.get(order_id)
    if order is None:
        raise LookupError(f"no order {order_id}")
    if order["status"] != "draft":
        raise RuntimeError(f"{order_id} is {order['status']}; only a draft order is paid")
    order["status"] = "paid"
    return {"order_id": order_id, "status": "paid"}


def test_a_success_later_replaces_what_a_refusal_proved() -> None:
    # the new order is refused for shipping while a draft (a refusal proves the id first), then
    # ships once paid: the library keeps the success's evidence, as without refusals
    library, report = induce_serially([create_order, pay_order, ship_order], Desk, {})
    assert "ship_order" not in report.never_succeeded, report.summary()
    shipped = {(r.provider, r.kind, r.consumer_field): r for r in library.relations if r.consumer == "ship_order"}
    made = shipped[("create_order", "provenance", "order_id")]
    assert not made.evidence.get("refused_further"), made.evidence
    assert ("pay_order", "state", None) in shipped, sorted(shipped)
