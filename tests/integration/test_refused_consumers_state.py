"""A tool that succeeds nowhere is still state-tested on what a transition made (counterfactual.state_tests).

A ward's discharge desk: a nurse signs on and gets a session token; discharging needs a patient on
the ward, and nothing here admits one (the tester was handed a hospital number from another ward),
so ``discharge_patient`` never succeeds. Before, the state
test skipped every tool that never succeeded, and the sign-on had no relation to it. Run with the
token the sign-on just gave, the call is refused first for the session and then for the patient it
names: the sign-on let it past its gate (:func:`.gates.passed_gate`), so it is a prerequisite."""

from __future__ import annotations

import copy

from tests.support.builds import induce_serially


class Ward:
    def __init__(self) -> None:
        self.sessions: dict[str, str] = {}
        self.patients: dict[str, dict] = {}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def sign_on(username: str, password: str, state: Ward = None) -> dict:
    """Sign a nurse on; returns the session token every other call takes."""
    if (username, password) != ("ntaylor", "Ward12-4410"):
        raise PermissionError("Sign-on refused: unknown user or wrong password")
    token = f"ws-{len(state.sessions) + 1:03d}"
    state.sessions[token] = username
    return {"token": token, "user": "Nia Taylor"}


def ward_round(token: str, state: Ward = None) -> dict:
    """The patients on the ward, for a signed-on nurse."""
    if token not in state.sessions:
        raise PermissionError("Session token not recognised; sign on again")
    return {"patients": sorted(state.patients)}


def discharge_patient(token: str, patient_id: str, state: Ward = None) -> dict:
    """Discharge a patient from the ward (a hospital number such as H-7001)."""
    if token not in state.sessions:
        raise PermissionError("Session token not recognised; sign on again")
    if patient_id not in state.patients:
        raise LookupError(f"No patient {patient_id} on this ward")
    del state.patients[patient_id]
    return {"discharged": patient_id}


def test_a_tool_that_never_succeeds_is_state_tested_on_the_new_session() -> None:
    library, report = induce_serially([sign_on, ward_round, discharge_patient], Ward,
                                      {"username": "ntaylor", "password": "Ward12-4410", "patient_id": "H-7001"})
    assert "discharge_patient" in report.never_succeeded
    found = [r for r in library.relations if r.consumer == "discharge_patient" and r.kind == "state"]
    assert [r.provider for r in found] == ["sign_on"], [(r.provider, r.kind) for r in library.relations]
    assert found[0].evidence.get("consumer_refused") and found[0].evidence.get("gate"), found[0].evidence
