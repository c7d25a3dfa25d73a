"""A sign-in that lets a call past the session, to a refusal of who acts, is its prerequisite (gates.passed_to_person).

A building society's mortgage desk: an adviser signs in and gets a session token; deciding an
application is for underwriters, and the tester was handed only an adviser's password, so
``decide_application`` never succeeds. Before the sign-in the call is refused for the session;
after it, with the token the sign-in just gave, it is refused only for the adviser's role. The
refusal moved from the gate the sign-in opens to the person acting: the call needs that session
whoever finally makes it. Before, the state test admitted a gate only when the refusal after it
named a value (``no application MA-7``), so the sign-in had no relation to the tool."""

from __future__ import annotations

import copy

from llama_index_libra.induction.gates import passed_to_person
from llama_index_libra.records import InvocationRecord
from tests.support.builds import induce_serially

STAFF = {"jdavies": ("Desk-2041", "adviser"), "mkhan": ("Under-7730", "underwriter")}


class Desk:
    def __init__(self) -> None:
        self.sessions: dict[str, str] = {}
        self.applications = {"MA-7001": "submitted"}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def sign_in(username: str, password: str, state: Desk = None) -> dict:
    """Sign a member of staff in; returns the session token every other call takes."""
    if STAFF.get(username, ("",))[0] != password:
        raise PermissionError("Sign-in refused: unknown user or wrong password")
    token = f"md-{len(state.sessions) + 1:03d}"
    state.sessions[token] = username
    return {"token": token}


def applications(token: str, state: Desk = None) -> dict:
    """The applications on the desk and their status, for anyone signed in."""
    if token not in state.sessions:
        raise PermissionError("not signed in, or the session has expired")
    return {"applications": [{"application_id": a, "status": s} for a, s in sorted(state.applications.items())]}


def decide_application(token: str, application_id: str, approve: bool, state: Desk = None) -> dict:
    """Approve or decline a submitted mortgage application."""
    if token not in state.sessions:
        raise PermissionError("not signed in, or the session has expired")
    role = STAFF[state.sessions[token]][1]
    if role != "underwriter":
        raise PermissionError(f"the {role} role cannot do this")
    if state.applications.get(application_id) != "submitted":
        raise LookupError(f"no submitted application {application_id}")
    state.applications[application_id] = "approved" if approve else "declined"
    return {"application_id": application_id, "status": state.applications[application_id]}


def test_a_sign_in_that_moves_the_refusal_to_the_role_is_a_prerequisite() -> None:
    library, report = induce_serially([sign_in, applications, decide_application], Desk,
                                      {"username": "jdavies", "password": "Desk-2041"})
    assert "decide_application" in report.never_succeeded
    found = [r for r in library.relations if r.consumer == "decide_application" and r.provider == "sign_in"]
    assert found, [(r.provider, r.consumer, r.kind) for r in library.relations]
    gated = [r for r in found if r.kind == "state"]
    assert gated and gated[0].evidence.get("to_person") and gated[0].evidence.get("consumer_refused"), found[0].evidence
    assert not [r for r in library.relations if r.consumer == "decide_application" and r.provider == "applications"
                and r.kind == "state"]


def _refusal(message: str) -> InvocationRecord:
    return InvocationRecord(tool="decide_application", status="error", arguments={}, message=message)


def test_only_a_refusal_for_the_session_or_a_status_then_one_for_the_person_counts() -> None:
    call = {"token": "md-001", "application_id": "MA-7001"}
    session, role = _refusal("not signed in, or the session has expired"), _refusal("the adviser role cannot do this")
    assert passed_to_person(call, session, role)
    assert not passed_to_person(call, role, role)  # refused for the person both times: nothing opened
    assert not passed_to_person(call, session, _refusal("no submitted application MA-7001"))  # passed_gate's case
    assert not passed_to_person(call, _refusal("no submitted application MA-7001"), role)  # a value, not a gate
    assert not passed_to_person(call, _refusal("session md-001 has expired"), role)  # the refusal was about its value
