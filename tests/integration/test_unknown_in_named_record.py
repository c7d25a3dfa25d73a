"""A value unknown where the refusal names another record: the input's values from records showing it.

``leave_bid`` refuses ``no bidder 112 registered for S0411``: the paddle tried was one of the March
sale's. The registrations listed show which paddles are registered for S0411; the one that does is
tried in the refused call's place (:meth:`RefusalRetries.status_retries`)."""

from __future__ import annotations

import copy

from llama_index_libra.induction import refusal_retries
from tests.support.builds import induce_serially


class Saleroom:
    def __init__(self) -> None:
        # the March sale's buyers first, then the one bidder registered for April's
        self.registrations = [{"sale_id": "S0314", "paddle": p} for p in range(112, 104, -1)] + [{"sale_id": "S0411", "paddle": 101}]
        self.lots = {"S0411-118": {"sale_id": "S0411"}}
        self.bids: list = []

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def list_registrations(state: Saleroom = None) -> list:
    """Every bidder registration, each with its sale and paddle number."""
    return list(state.registrations)


def list_lots(state: Saleroom = None) -> list:
    """Lots open to bids, each with its lot id and sale id."""
    return [{"lot_id": lot, "sale_id": s["sale_id"]} for lot, s in state.lots.items()]


def leave_bid(paddle: int, lot_id: str, state: Saleroom = None) -> dict:
    """Leave a commission bid for a registered bidder on a lot."""
    lot = state.lots.get(lot_id)
    if lot is None:
        raise LookupError(f"no lot {lot_id}")
    if not any(r["sale_id"] == lot["sale_id"] and r["paddle"] == paddle for r in state.registrations):
        raise LookupError(f"no bidder {paddle} registered for {lot['sale_id']}")
    state.bids.append((paddle, lot_id))
    return {"bid_id": f"CB-{len(state.bids)}", "paddle": paddle, "lot_id": lot_id}


TOOLS = [list_registrations, list_lots, leave_bid]


def test_the_paddle_registered_for_the_named_sale_is_tried() -> None:
    _, report = induce_serially(TOOLS, Saleroom, {})
    assert "leave_bid" not in report.never_succeeded, report.summary()


def test_without_reading_the_named_record_the_bid_is_never_left(monkeypatch) -> None:
    monkeypatch.setattr(refusal_retries, "status_bindings", lambda *a, **k: [])
    _, report = induce_serially(TOOLS, Saleroom, {})
    assert "leave_bid" in report.never_succeeded, report.summary()
