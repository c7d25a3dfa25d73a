"""A gathered state's steps on one record (``induction/gathering.py``, engine 59): a design is approved once
its charge, its survey and its permit are on the same blast. The survey and the permit are filed first on a
blast listed before it (any blast not yet fired takes them); only the planned blast takes a charge. The
gathered state of the signed-in state applied each tool's first success, the survey and the permit on the
other blast, and the approval never ran; with each tool's call on the record the other steps took, it runs
there and its three prerequisites are found."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.builds import induce_serially

FIXTURES = {"username": "eng.kit", "password": "Burden-31"}


class State:
    def __init__(self) -> None:
        self.sessions: dict[str, str] = {}
        self.blasts: dict[str, dict[str, Any]] = {
            "BL-7": {"status": "loaded", "kg": 80.0, "survey": None, "permit": None},
            "BL-9": {"status": "planned", "kg": None, "survey": None, "permit": None},
        }


def _check(state: State, token: str, blast_id: str) -> dict[str, Any] | str:
    if token not in state.sessions:
        return "Error: not signed in"
    if blast_id not in state.blasts:
        return f"Error: no blast {blast_id}"
    return state.blasts[blast_id]


def sign_in(state: State, username: str, password: str) -> dict[str, str]:
    """Sign in; the session token for the other calls."""
    if (username, password) != ("eng.kit", "Burden-31"):
        return {"error": "wrong user name or password"}
    token = f"tok-{len(state.sessions) + 1}"
    state.sessions[token] = username
    return {"token": token}


def blasts(state: State, token: str) -> list[dict[str, Any]] | str:
    """The blasts, each with its id and status."""
    if token not in state.sessions:
        return "Error: not signed in"
    return [{"blast_id": b, "status": v["status"]} for b, v in state.blasts.items()]


def _file(state: State, token: str, blast_id: str, paper: str, value: str) -> dict[str, Any] | str:
    b = _check(state, token, blast_id)
    if isinstance(b, str):
        return b
    if b[paper] is not None:
        return f"Error: {blast_id} has a {paper} already"
    b[paper] = value
    return {"blast_id": blast_id, paper: value}


def file_survey(state: State, token: str, blast_id: str, reference: str) -> dict[str, Any] | str:
    """File the survey of a blast's face (any blast not fired yet)."""
    return _file(state, token, blast_id, "survey", reference)


def file_permit(state: State, token: str, blast_id: str, permit_number: str) -> dict[str, Any] | str:
    """File the council's permit for a blast (any blast not fired yet)."""
    return _file(state, token, blast_id, "permit", permit_number)


def set_charge(state: State, token: str, blast_id: str, kg_per_hole: float) -> dict[str, Any] | str:
    """Set a planned blast's charge per hole."""
    b = _check(state, token, blast_id)
    if isinstance(b, str):
        return b
    if b["status"] != "planned":
        return f"Error: {blast_id} is {b['status']}; its charge is fixed"
    if b["kg"] is not None:
        return f"Error: {blast_id} has a charge already"
    b["kg"] = float(kg_per_hole)
    return {"blast_id": blast_id, "kg_per_hole": b["kg"]}


def approve_design(state: State, token: str, blast_id: str) -> dict[str, Any] | str:
    """Approve a planned blast's design (its charge, its survey and its permit on file)."""
    b = _check(state, token, blast_id)
    if isinstance(b, str):
        return b
    if b["status"] != "planned":
        return f"Error: {blast_id} is {b['status']} already"
    if b["kg"] is None:
        return f"Error: {blast_id} has no charge"
    if b["survey"] is None:
        return f"Error: {blast_id} has no survey"
    if b["permit"] is None:
        return f"Error: {blast_id} has no permit"
    b["status"] = "approved"
    return {"blast_id": blast_id, "status": "approved"}


TOOLS = [sign_in, blasts, file_survey, file_permit, set_charge, approve_design]


@pytest.fixture(scope="module")
def built():
    return induce_serially(TOOLS, State, FIXTURES)


def test_the_approval_runs_and_its_steps_on_the_blast_are_found(built) -> None:
    library, report = built
    assert "approve_design" not in report.never_succeeded, report.summary()
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert {("set_charge", "approve_design"), ("file_survey", "approve_design"),
            ("file_permit", "approve_design")} <= pairs, sorted(pairs)
