"""A refused call let past its state refusal in a child state, and refused there for a value.

``book_lift`` first wants insurance on file (a state ``record_insurance`` sets), then services from a
vocabulary only its refusal lists. The repair search reruns the refused call in the insurance
state with the binding it had, which the yard refuses for its services: the state was right, the
binding was not. That child is then explored in full, where the refusal's list is read and the
booking succeeds, so the insurance is credited. With exploration held to the fresh state
(``max_depth=0``, no goal, chain or value-only children), nothing else would reach that state.
"""

from __future__ import annotations

from llama_index_libra.induction import repair_states
from tests.support.builds import induce_serially

SERVICES = ("pressure_wash", "antifoul", "anodes")


class Yard:
    def __init__(self) -> None:
        self.vessels = {"V2041": {"name": "Salt Whistle", "insured": False}}
        self.lifts: dict[str, dict] = {}


def record_insurance(vessel_id: str, insurer: str, state: Yard = None) -> str:
    """Record third-party insurance for a vessel."""
    vessel = state.vessels.get(vessel_id)
    if vessel is None:
        raise LookupError(f"no vessel {vessel_id}")
    vessel["insured"] = True
    return f"Insurance with {insurer} on file for {vessel_id}"


def book_lift(vessel_id: str, services: list[str], state: Yard = None) -> dict:
    """Book a lift-out of a vessel with yard services."""
    vessel = state.vessels.get(vessel_id)
    if vessel is None:
        raise LookupError(f"no vessel {vessel_id}")
    if not vessel["insured"]:
        raise ValueError("no valid third party insurance on file for this vessel")
    bad = [s for s in services if s not in SERVICES]
    if bad:
        raise ValueError(f"unknown services {', '.join(bad)}; the yard offers {', '.join(SERVICES)}")
    ref = f"L-{len(state.lifts) + 1}"
    state.lifts[ref] = {"vessel_id": vessel_id, "services": list(services)}
    return {"lift_ref": ref}


TOOLS = [record_insurance, book_lift]
FIXTURES = {"vessels": [{"name": "Salt Whistle", "vessel_id": "V2041"}], "insurer": "Topsail Marine"}
SHALLOW = {"max_depth": 0, "goal_children_per_tool": 0, "chain_children_per_tool": 0, "max_value_states": 0}


def test_the_values_a_rerun_s_new_refusal_lists_are_tried_at_once() -> None:
    """The rerun got past the insurance refusal to one that lists the services: those values run in
    that child at once (twenty-third round), so the booking succeeds there without a pass."""
    library, report = induce_serially(TOOLS, Yard, FIXTURES, **SHALLOW)
    assert "book_lift" not in report.never_succeeded, report.summary()
    assert report.repair_successes >= 1
    assert ("record_insurance", "book_lift") in {(r.provider, r.consumer) for r in library.relations}


def test_the_state_a_rerun_got_past_is_explored_and_credited(monkeypatch) -> None:
    """Without those reruns (a refusal that teaches nothing the rerun can use at once), the child is
    kept as a pass, explored in full, where the refusal's list is read and the booking succeeds."""
    monkeypatch.setattr(repair_states, "TAUGHT_RERUNS", 0)
    library, report = induce_serially(TOOLS, Yard, FIXTURES, **SHALLOW)
    assert "book_lift" not in report.never_succeeded, report.summary()
    assert report.repair_passes >= 1
    assert ("record_insurance", "book_lift") in {(r.provider, r.consumer) for r in library.relations}


def test_without_passes_the_booking_never_succeeds(monkeypatch) -> None:
    monkeypatch.setattr(repair_states, "got_past_refusal", lambda refused, rerun: False)
    _, report = induce_serially(TOOLS, Yard, FIXTURES, **SHALLOW)
    assert "book_lift" in report.never_succeeded, report.summary()
