"""A race's entries table (the shape of an event-entries back office) for the fortieth-round test
(tests/integration/test_quiet_swaps.py).

- ``find_runner`` searches runners by part of a name, e-mail address or club and answers ``[]``
  when nothing matches (a success that shows nothing);
- the tester was handed desk notes, sentences that name runners ("Tom Whitlock will pay his fee"),
  and a new runner's details: no whole value finds anyone, and the other values of the pool (a sex
  code, a phone number, a race code) match nobody either. Only a word of a note (``Whitlock``)
  finds the ``runner_id`` that ``runner_record`` and ``email_runner`` need.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Literal


@dataclass
class DeskState:
    sessions: dict = field(default_factory=dict)
    runners: dict = field(default_factory=lambda: {
        "RN-40101": {"name": "Mr Tom Whitlock", "email": "t.whitlock@example.org", "club": "Ashby Striders"},
        "RN-40102": {"name": "Ms Orla Keane", "email": "orla.keane@example.com", "club": None},
    })
    sent: list = field(default_factory=list)


_STAFF = {"mel.h": "Bib-Table-12"}
_RACES = {"HALF": "Half Marathon", "10K": "10K"}


def _signed(state: DeskState, token: str) -> None:
    if token not in state.sessions:
        raise PermissionError("not signed in, or the session has ended; sign in first")


def sign_in(username: str, password: str, state: DeskState) -> dict:
    """Sign in to the entries system; the token goes to every other call."""
    if _STAFF.get(username) != password:
        raise PermissionError("user name or password is wrong")
    token = f"hr-{username[:3]}-{len(state.sessions) + 1:04d}"
    state.sessions[token] = username
    return {"token": token}


def races() -> list:
    """The races of the festival: code and name of each."""
    return [{"code": c, "name": n} for c, n in _RACES.items()]


def find_runner(token: str, text: str, state: DeskState) -> List[dict]:
    """Find runners by part of their name, e-mail address or club; answers the runner id and name of
    each runner found."""
    _signed(state, token)
    needle = text.strip().lower()
    if not needle:
        raise ValueError("text is empty")
    return [{"runner_id": rid, "name": r["name"]} for rid, r in sorted(state.runners.items())
            if needle in r["name"].lower() or needle in r["email"].lower() or needle in (r["club"] or "").lower()]


def runner_record(token: str, runner_id: str, state: DeskState) -> dict:
    """A runner's record: name, e-mail address and club."""
    _signed(state, token)
    if runner_id not in state.runners:
        raise LookupError(f"no runner {runner_id}")
    return dict(state.runners[runner_id], runner_id=runner_id)


def email_runner(token: str, runner_id: str, subject: str, body: str, state: DeskState) -> str:
    """E-mail a runner; answers a sentence naming the message."""
    _signed(state, token)
    if runner_id not in state.runners:
        raise LookupError(f"no runner {runner_id}")
    state.sent.append((runner_id, subject, body))
    return f"Message M-{len(state.sent):03d} sent to {state.runners[runner_id]['email']}."


def update_sex(token: str, runner_id: str, sex: Literal["F", "M", "X"], state: DeskState) -> dict:
    """Set a runner's sex category (F, M or X)."""
    _signed(state, token)
    if runner_id not in state.runners:
        raise LookupError(f"no runner {runner_id}")
    state.runners[runner_id]["sex"] = sex
    return {"runner_id": runner_id, "sex": sex}


TOOLS = [sign_in, races, find_runner, runner_record, email_runner, update_sex]

FIXTURES = {
    "staff": {"username": "mel.h", "password": "Bib-Table-12"},
    "new_runner": {"sex": "F", "phone": "07700 941140", "race": "10K"},
    "notes": ["Tom Whitlock will pay his half marathon fee at the desk this morning",
              "Orla Keane has a strained calf and wants to defer her 10K to next year"],
}
