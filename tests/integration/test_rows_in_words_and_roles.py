"""Rows whose layout the docstring writes in words, and a refusal of who acts phrased as "this call".

A regatta office's clerk lists a race's entries, "one row per entry: entry id, boat name and the
entry's status": no brackets, so the rows' cells were named ``row_1``... and the entry ids they hold
fitted ``withdraw_entry``'s ``entry_id`` no better than any other value. The layout in words now names
the first cell ``entry_id``.

Only the race officer may close a race, and it is refused for its state whoever else tries
(``Cal Moss (clerk) may not make this call``). That refusal is of the person, not of the sign-in, so
the sign-in that let the call that far is its prerequisite even though the close never succeeds."""

from __future__ import annotations

import copy

import pytest

from tests.support.builds import induce_serially, relation_triples

STAFF = {"ro.b": ("Ros Bell", "race officer"), "cal.m": ("Cal Moss", "clerk")}


class Office:
    def __init__(self) -> None:
        self.sessions: dict[str, str] = {}
        self.entries = {"EN-401": {"race": "R-7", "boat": "Kittiwake", "status": "entered"},
                        "EN-402": {"race": "R-7", "boat": "Marram", "status": "entered"},
                        "EN-511": {"race": "R-9", "boat": "Sandpiper", "status": "entered"}}
        self.results_in = {"R-7": False, "R-9": False}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def _who(state: Office, token: str, role: str | None = None) -> str:
    user = state.sessions.get(token) if isinstance(token, str) else None
    if user is None:
        return "Error: not signed in, or the session has ended"
    name, held = STAFF[user]
    if role is not None and held != role:
        return f"Error: {name} ({held}) may not make this call"
    return ""


def sign_in(username: str, password: str, state: Office = None) -> str:
    """Sign in as a member of the office. Returns the session token."""
    if username not in STAFF or password != f"pw-{username}":
        return "Error: wrong username or password"
    token = f"RG-{len(state.sessions) + 1:03d}"
    state.sessions[token] = username
    return token


def races(state: Office = None) -> list:
    """The regatta's races, which anyone may read. Returns one row per race: race code and name."""
    return [["R-7", "Dinghy open"], ["R-9", "Keelboat handicap"]]


def race_entries(token: str, race_code: str, state: Office = None) -> list | str:
    """A race's entries (anyone signed in). Returns one row per entry in entry order: entry id, boat name and
    the entry's status (entered or withdrawn)."""
    refused = _who(state, token)
    if refused:
        return refused
    if race_code not in state.results_in:
        return f"Error: no race {race_code}"
    return [[eid, e["boat"], e["status"]] for eid, e in sorted(state.entries.items()) if e["race"] == race_code]


def withdraw_entry(token: str, entry_id: str, state: Office = None) -> str:
    """Withdraw an entry from its race (the clerk). Returns a sentence saying so."""
    refused = _who(state, token, "clerk")
    if refused:
        return refused
    entry = state.entries.get(entry_id)
    if entry is None:
        return f"Error: no entry {entry_id}"
    if entry["status"] == "withdrawn":
        return f"Error: {entry_id} is withdrawn already"
    entry["status"] = "withdrawn"
    return f"{entry_id} ({entry['boat']}) is withdrawn"


def close_race(token: str, race_code: str, state: Office = None) -> str:
    """Close a race once its results are in (the race officer)."""
    refused = _who(state, token, "race officer")
    if refused:
        return refused
    if race_code not in state.results_in:
        return f"Error: no race {race_code}"
    return f"Error: {race_code} cannot close until every result is in"


TOOLS = [sign_in, races, race_entries, withdraw_entry, close_race]

FIXTURES = {"staff": [{"name": name, "role": role, "username": user, "password": f"pw-{user}"}
                      for user, (name, role) in STAFF.items()]}


@pytest.fixture(scope="module")
def built():
    """The office's default build, once for both tests."""
    return induce_serially(TOOLS, Office, FIXTURES)


def test_rows_written_in_words_name_their_cells(built) -> None:
    library, report = built
    triples = relation_triples(library)
    assert "withdraw_entry" not in report.never_succeeded, report.summary()
    assert ("race_entries", "withdraw_entry", "provenance") in triples, sorted(triples)
    exports = {e["name"] for e in library.contracts["race_entries"]["exports"]}
    assert "entry_id" in exports, sorted(exports)


def test_a_refusal_of_this_call_is_of_the_person_not_the_sign_in(built) -> None:
    library, report = built
    triples = relation_triples(library)
    assert "close_race" in report.never_succeeded  # its results are never in
    assert any(p == "sign_in" and c == "close_race" for p, c, _ in triples), sorted(triples)
