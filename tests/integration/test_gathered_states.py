"""Consumers that need several things at once (tests/support/frontdesk.py): a check-in needs a session,
a booking with a room on it and a hold on a stored card, six calls from the fresh state. The gathered
state (``induction/gathering.py``) applies a state's build-up calls together, so the check-in and the
charge after it run and their prerequisites are found. Before gathered states (and before a bare list
of room numbers was named and an empty first listing stopped hiding later ones), neither ran. Since
values a transition acted on are tried first (engine 17), the check-in is reached along one path
without gathering; the charge, which needs the checked-in folio and the session together, is not, unless
a repair state (engine 22) follows its refusal there."""

from __future__ import annotations

import pytest

from llama_index_libra.induction import repair_states
from tests.support.builds import induce_serially
from tests.support.frontdesk import FIXTURES, TOOLS, DeskState


def _build(**config):
    return induce_serially(TOOLS, DeskState, FIXTURES, **config)


@pytest.fixture(scope="module")
def built():
    return _build()


def test_every_tool_succeeds(built) -> None:
    _, report = built
    assert report.tools_succeeded == len(TOOLS), report.summary()
    assert report.gathered_states >= 1


def test_the_check_in_chain_is_found(built) -> None:
    library, _ = built
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert {("assign_room", "check_in"), ("hold_card", "check_in"), ("store_card", "hold_card"),
            ("list_rooms", "assign_room"), ("create_booking", "check_in"), ("check_in", "post_charge")} <= pairs, sorted(pairs)


def test_without_gathering_the_charge_never_runs(monkeypatch) -> None:
    # (the repair search, engine 22, is a second route to the charge: off here, on below)
    monkeypatch.setattr(repair_states.RepairSearch, "search", lambda self, *a, **k: ({}, []))
    _, report = _build(gather_states=0)
    assert report.gathered_states == 0, report.summary()
    assert "post_charge" in report.never_succeeded and report.tools_succeeded < len(TOOLS), report.summary()


def test_without_gathering_a_repair_state_reaches_the_charge() -> None:
    """The charge refused for the folio's state in the checked-in guest's state succeeds in a child
    its refusal points to (induction/repair_states.py), which is then explored in full."""
    _, report = _build(gather_states=0)
    assert report.gathered_states == 0 and report.repair_states >= 1, report.summary()
    assert "post_charge" not in report.never_succeeded, report.summary()
