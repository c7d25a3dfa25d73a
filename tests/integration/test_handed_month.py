"""A sampled month is written as the handed today's month.

``raise_invoice(month)`` documents ``(YYYY-MM)`` and takes only this month or next; the tester was
handed the service's today. The sampled ``2025-06`` is a month of no use there: the handed day's
month, in the same layout, is the literal the call is made with."""

from __future__ import annotations

import copy

from tests.support.builds import induce_serially

TODAY = "2031-03-06"


class Yard:
    def __init__(self) -> None:
        self.agreements = {"LA-3111": {"horse": "Bramble"}}
        self.invoices: dict = {}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def list_agreements(state: Yard = None) -> list:
    """Livery agreements, each with its agreement id and horse."""
    return [{"agreement_id": a, **r} for a, r in state.agreements.items()]


def raise_invoice(agreement_id: str, month: str, state: Yard = None) -> dict:
    """Invoice an agreement for a month in advance.

    Args:
        agreement_id: The agreement (``LA-....``).
        month: This month or next (YYYY-MM).
    """
    if agreement_id not in state.agreements:
        raise LookupError(f"no livery agreement {agreement_id}")
    if month not in (TODAY[:7], "2031-04"):
        raise ValueError("invoices are raised for this month or next")
    invoice_id = f"INV-{agreement_id[3:]}-{month[5:]}"
    state.invoices[invoice_id] = agreement_id
    return {"invoice_id": invoice_id, "agreement_id": agreement_id, "month": month}


TOOLS = [list_agreements, raise_invoice]
FIXTURES = {"yard": {"name": "Fernhill Livery", "today": "Thursday 6 March 2031"}}


def test_the_month_is_the_handed_today_s() -> None:
    library, report = induce_serially(TOOLS, Yard, FIXTURES)
    assert "raise_invoice" not in report.never_succeeded, report.summary()
    assert ("list_agreements", "raise_invoice") in {(r.provider, r.consumer) for r in library.relations}


def test_without_a_handed_today_the_sampled_month_is_refused() -> None:
    _, report = induce_serially(TOOLS, Yard, {"yard": {"name": "Fernhill Livery"}})
    assert "raise_invoice" in report.never_succeeded, report.summary()
