"""An exam board's moderation desk for the thirteenth-round persona test
(tests/integration/test_nested_rows_and_quiet_searches.py).

Staff sign in with a code mailed to them (``request_code``, then ``verify_code``); only the
moderator may ``elevate`` a session (with their own password), and only an elevated session may
``release_results``. The tester was handed five people, each an e-mail with the code mailed to it;
the moderator comes fifth, past the four tries an input gets, so only continuing with the person a
state's transition acted on (the moderator whose address got a code) reaches the release.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class DeskError(Exception):
    """A refusal of the desk."""


_PEOPLE = {"ada.marsh@board.example": ("310442", "teacher", "Quill-Pen-4"),
           "ben.oduya@board.example": ("520913", "teacher", None),
           "cara.voss@board.example": ("774120", "teacher", None),
           "dev.nair@board.example": ("118305", "teacher", "Ink-Well-77"),
           "mona.kay@board.example": ("903571", "moderator", "Red-Stamp-12")}


@dataclass
class DeskState:
    pending: dict = field(default_factory=dict)
    tokens: dict = field(default_factory=dict)  # token -> [email, elevated]
    released: list = field(default_factory=list)


def request_code(email: str, state: DeskState) -> str:
    """Mail a sign-in code to a staff address."""
    if email not in _PEOPLE:
        raise DeskError("no staff account with that address")
    state.pending[email] = _PEOPLE[email][0]
    return "A code was sent."


def verify_code(email: str, code: str, state: DeskState) -> dict:
    """Exchange an address and the code mailed to it for a token."""
    if state.pending.get(email) != code:
        raise DeskError("no matching code is pending for this address")
    del state.pending[email]
    token = f"tk-{len(state.tokens) + 1:03d}"
    state.tokens[token] = [email, False]
    return {"token": token}


def elevate(token: str, password: str, state: DeskState) -> str:
    """Elevate a moderator's session by confirming their password."""
    if token not in state.tokens:
        raise DeskError("sign in first")
    email, done = state.tokens[token]
    if _PEOPLE[email][1] != "moderator":
        raise DeskError("only a moderator may elevate a session")
    if _PEOPLE[email][2] != password:
        raise DeskError("password is incorrect")
    if done:
        raise DeskError("already elevated")
    state.tokens[token][1] = True
    return "Session elevated."


def release_results(token: str, state: DeskState) -> str:
    """Release the moderated results; needs an elevated session."""
    if token not in state.tokens:
        raise DeskError("sign in first")
    if not state.tokens[token][1]:
        raise DeskError("elevate the session first")
    state.released.append(token)
    return f"Results released ({len(state.released)})."


TOOLS = [request_code, verify_code, elevate, release_results]
FIXTURES = {f"p{i}_{kind}": {"email": email, "code_from_email": code, **({"password": pw} if pw else {})}
            for i, (email, (code, kind, pw)) in enumerate(_PEOPLE.items())}
