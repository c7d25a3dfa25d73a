"""Status-driven search (induction/repairs.py), induced end to end on tests/support/ward_pharmacy.py:

- ``dispense`` refuses seven of the eight listed orders (``Order MO-100 is pending; only a verified
  order can be dispensed``): the refusal names ``verified``, which one listed row shows, and that
  row's order is tried next (:func:`.repairs.status_bindings`; the row's status is kept beside its
  values, ``Value.context``); without it, rows in none of the statuses the refusals named as
  their own are tried (:func:`.repairs.away_bindings`);
- ``administer`` refuses the pharmacist (``Dana Price (pharmacist) is not authorised; it needs a
  nurse sign-on``) in the state where the order was dispensed: the path's sign-on is run again
  with the other handed person's record there, and the refused call succeeds in that child, which
  is explored in full (a *repair state*) so the state tests credit the sign-on and the dispensing.

Each mechanism is switched off in turn to show the test can fail."""

from __future__ import annotations

import pytest

from llama_index_libra.induction import refusal_retries, repair_states
from tests.support.builds import induce_serially
from tests.support.ward_pharmacy import FIXTURES, TOOLS, WardState


def _pairs(library):
    return {(r.provider, r.consumer) for r in library.relations}


@pytest.fixture(scope="module")
def built():
    return induce_serially(TOOLS, WardState, FIXTURES)


def test_every_tool_succeeds(built) -> None:
    _, report = built
    assert report.tools_succeeded == len(TOOLS), report.summary()
    assert report.repair_states >= 1 and report.repair_successes >= 1
    assert report.runs_by_purpose.get("repair", 0) > 0


def test_the_status_and_the_role_each_credit_their_provider(built) -> None:
    library, _ = built
    pairs = _pairs(library)
    assert {("list_orders", "dispense"), ("sign_on", "dispense"), ("dispense", "administer"), ("sign_on", "administer")} <= pairs, sorted(pairs)


def test_without_status_bindings_the_verified_order_is_not_found(monkeypatch) -> None:
    monkeypatch.setattr(refusal_retries, "status_bindings", lambda *a, **k: [])
    monkeypatch.setattr(refusal_retries, "away_bindings", lambda *a, **k: [])
    monkeypatch.setattr(repair_states, "status_bindings", lambda *a, **k: [])
    library, report = induce_serially(TOOLS, WardState, FIXTURES)
    assert report.tools_succeeded < len(TOOLS)
    # the listed orders still pass dispense's lookup (refused for their status, a control as unknown:
    # induction/further.py), but no dispensing succeeds, so no success proves the relation
    assert all((r.evidence or {}).get("refused_further") for r in library.relations
               if (r.provider, r.consumer) == ("list_orders", "dispense") and r.kind == "provenance")
    assert not {("list_orders", "dispense", "state"), ("dispense", "administer", "state")} & {(r.provider, r.consumer, r.kind) for r in library.relations}


def test_records_away_from_the_named_status_find_the_verified_order_alone(monkeypatch) -> None:
    # without the status the refusal wants: the rows in none of the statuses refusals named as
    # their own (``pending``, ...) are tried, and the verified one is among them
    monkeypatch.setattr(refusal_retries, "status_bindings", lambda *a, **k: [])
    monkeypatch.setattr(repair_states, "status_bindings", lambda *a, **k: [])
    library, _ = induce_serially(TOOLS, WardState, FIXTURES)
    assert ("list_orders", "dispense") in _pairs(library)


def test_without_repair_states_the_nurse_never_administers(monkeypatch) -> None:
    monkeypatch.setattr(repair_states.RepairSearch, "search", lambda self, *a, **k: ({}, []))
    library, report = induce_serially(TOOLS, WardState, FIXTURES)
    assert "administer" in report.never_succeeded, report.summary()
    assert report.never_succeeded["administer"]["cause"] in ("credentials", "state")
