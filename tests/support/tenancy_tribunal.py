"""A tenancy tribunal's case office (the shape of a court's case-management back end) for the
fourteenth-round induction tests (tests/integration/test_free_text_searches.py).

- ``sign_in`` returns ``{"ok": true, "token": ...}``; every refusal is a returned ``{"ok": false}``;
- ``search_disputes(text)`` matches when every word of ``text`` is in a dispute's number, title or a
  party's name, and answers ``{"ok": true, "matches": []}`` otherwise. Nothing the tester holds is
  named like ``text``: the landlord's name, handed under ``name``, is what a clerk would type;
- its rows ``[dispute_no, title, [[party_id, name, role]]]`` are the only source of a dispute number
  (``get_dispute``, ``add_note``) and of a party id (``party_contact``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TribunalState:
    tokens: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)


_CLERKS = {"mkaur": {"password": "Lease&Deed-31", "name": "Manpreet Kaur"}}
_PARTIES = {"TP-204": ("Okoro Lettings Ltd", "landlord", "07700 900412"),
            "TP-311": ("Ruth Adeyemi", "tenant", "07700 900877"),
            "TP-318": ("Glenn Harte", "tenant", "07700 900150")}
_DISPUTES = {"TT-26-0418": ("Adeyemi v Okoro Lettings: deposit", ["TP-311", "TP-204"]),
             "TT-26-0533": ("Harte v Okoro Lettings: repairs", ["TP-318", "TP-204"])}


def _clerk(state: TribunalState, token: str):
    if token not in state.tokens:
        return {"ok": False, "error": "not_signed_in", "message": "sign in first"}
    return None


def sign_in(username: str, password: str, state: TribunalState) -> dict:
    """Sign in as a case officer; the reply's ``token`` is every other call's ``token``."""
    clerk = _CLERKS.get(username)
    if clerk is None or clerk["password"] != password:
        return {"ok": False, "error": "bad_credentials", "message": "unknown user or wrong password"}
    token = f"tt-{username}-{len(state.tokens) + 7}"
    state.tokens[token] = username
    return {"ok": True, "token": token}


def search_disputes(token: str, text: str, state: TribunalState) -> dict:
    """Search disputes by words of the title, a party's name or the dispute number.

    Returns:
        ``{"ok": true, "matches": [[dispute_no, title, [[party_id, name, role]]]]}``.
    """
    refused = _clerk(state, token)
    if refused:
        return refused
    words = text.lower().split()
    rows = []
    for number, (title, parties) in _DISPUTES.items():
        hay = " ".join([number.lower(), title.lower()] + [_PARTIES[p][0].lower() for p in parties])
        if words and all(w in hay for w in words):
            rows.append([number, title, [[p, _PARTIES[p][0], _PARTIES[p][1]] for p in parties]])
    return {"ok": True, "matches": rows}


def get_dispute(token: str, dispute_no: str, state: TribunalState) -> dict:
    """The file summary of a dispute."""
    refused = _clerk(state, token)
    if refused:
        return refused
    if dispute_no not in _DISPUTES:
        return {"ok": False, "error": "not_found", "message": f"no dispute {dispute_no!r}"}
    title, parties = _DISPUTES[dispute_no]
    return {"ok": True, "dispute": {"title": title, "parties": parties, "notes": sum(1 for n in state.notes if n[0] == dispute_no)}}


def add_note(token: str, dispute_no: str, note: str, state: TribunalState) -> dict:
    """Add a case officer's note to a dispute's file."""
    refused = _clerk(state, token)
    if refused:
        return refused
    if dispute_no not in _DISPUTES:
        return {"ok": False, "error": "not_found", "message": f"no dispute {dispute_no!r}"}
    state.notes.append((dispute_no, note))
    return {"ok": True, "note_id": f"N-{len(state.notes)}"}


def party_contact(token: str, party_id: str, state: TribunalState) -> dict:
    """A party's contact telephone number."""
    refused = _clerk(state, token)
    if refused:
        return refused
    if party_id not in _PARTIES:
        return {"ok": False, "error": "not_found", "message": f"no party {party_id!r}"}
    return {"ok": True, "phone": _PARTIES[party_id][2]}


TOOLS = [sign_in, search_disputes, get_dispute, add_note, party_contact]
FIXTURES = {
    "case_officer": {"name": "Manpreet Kaur", "username": "mkaur", "password": "Lease&Deed-31"},
    "caller": {"name": "Okoro Lettings Ltd", "says": "ringing about both of our tenants' disputes"},
}
