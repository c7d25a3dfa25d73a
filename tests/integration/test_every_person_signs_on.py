"""A refusal of the person acting that names no role reaches every person handed, not the first five.

The grants office hands seven staff records (name, role, username, password). Only the director, the
seventh, may approve a grant, and a refusal says only who was refused (``Ada Quill (clerk) may not do
this``): no role it names ranks anybody first. A sign-in's success is rerun with at most four other
people at the fresh state, and a refused call's repair search tried at most four other people's
sign-ins, so the director never signed in and ``approve_grant`` never succeeded. The repair search now
tries every other person, up to its run limit."""

from __future__ import annotations

import copy

from tests.support.builds import induce_serially, relation_triples

STAFF = [("ada.q", "Ada Quill", "clerk"), ("ben.r", "Benedict Rook", "clerk"), ("cora.s", "Cora Stave", "auditor"),
         ("dov.t", "Dov Tarrant", "reception"), ("eda.u", "Eda Umber", "archivist"), ("fen.v", "Fen Vale", "porter"),
         ("gus.w", "Gus Wend", "director")]


class Office:
    def __init__(self) -> None:
        self.sessions: dict[str, str] = {}
        self.grants = {"GR-101": "pending", "GR-102": "pending"}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def sign_in(username: str, password: str, state: Office = None) -> dict:
    """Sign in as a member of staff: a session token."""
    for user, _name, _role in STAFF:
        if user == username and password == f"pw-{user}":
            token = f"S-{len(state.sessions) + 1:03d}"
            state.sessions[token] = username
            return {"token": token}
    raise PermissionError("wrong username or password")


def list_grants(token: str, state: Office = None) -> list:
    """The grants and their status."""
    if token not in state.sessions:
        raise PermissionError("not signed in")
    return [{"grant_id": g, "status": s} for g, s in sorted(state.grants.items())]


def approve_grant(token: str, grant_id: str, state: Office = None) -> dict:
    """Approve a pending grant."""
    user = state.sessions.get(token)
    if user is None:
        raise PermissionError("not signed in")
    _u, name, role = next(s for s in STAFF if s[0] == user)
    if role != "director":
        raise PermissionError(f"{name} ({role}) may not do this")
    if state.grants.get(grant_id) != "pending":
        raise LookupError(f"no pending grant {grant_id!r}")
    state.grants[grant_id] = "approved"
    return {"grant_id": grant_id, "status": "approved"}


TOOLS = [sign_in, list_grants, approve_grant]

FIXTURES = {"staff": [{"name": name, "role": role, "username": user, "password": f"pw-{user}"} for user, name, role in STAFF]}


def test_the_seventh_person_handed_signs_on() -> None:
    library, report = induce_serially(TOOLS, Office, FIXTURES)
    triples = relation_triples(library)
    assert "approve_grant" not in report.never_succeeded, report.summary()
    assert ("sign_in", "approve_grant", "provenance") in triples
    assert ("list_grants", "approve_grant", "provenance") in triples
