"""What a state's refusals rule out (induction/blame.py): fewer runs, the same library.

Every call in one state runs from the same snapshot, so a refusal that names the values it objects to
(or the state itself) holds for every other call that repeats them. These tests check which inputs a
refusal blames, that blamed calls are skipped, and that skipping them changes no relation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, strategies as st

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction import blame as blame_module, induce
from llama_index_libra.induction.blame import Blame, blamed_inputs
from llama_index_libra.records import InvocationRecord
from llama_index_libra.runtime.python import PythonRuntime


def _spec(name: str, *inputs: str) -> ToolSpec:
    return ToolSpec(name=name, description=name, parameters={
        "type": "object", "properties": {i: {"type": "string"} for i in inputs}, "required": list(inputs)})


def _refused(tool: str, args: dict, message: str, **kw) -> InvocationRecord:
    return InvocationRecord(tool=tool, status="rejected", arguments=args, message=message, **kw)


@pytest.mark.parametrize("inputs, args, message, expected", [
    (("session_id", "email"), {"session_id": "S9", "email": "a@b.c"}, "AuthError: no open property session", {"session_id"}),
    (("guest_id", "note"), {"guest_id": "G-17", "note": "hello"}, "guest G-17 not found", {"guest_id"}),
    (("username", "password"), {"username": "u", "password": "p"}, "invalid username or password", {"username", "password"}),
    (("first_name", "phone"), {"first_name": "Ann", "phone": "555"}, "phone must be in E.164 form", {"phone"}),
    (("repo_id",), {"repo_id": "r1"}, "permission denied", set()),  # names nothing: blames nothing
    (("order_id",), {"order_id": "7"}, "order not found", {"order_id"}),  # one-letter values are never matched
    (("limit",), {"limit": "10"}, "at most 100 rows", set()),  # a value inside a longer word is not quoted
    (("code",), {"code": "x1"}, "rejected: X1", {"code"}),
    (("phone", "email"), {"phone": "+4477"}, "no patron with that phone or email", {"phone"}),  # email left out
    # an input's name as people write it: hyphenated or as two words
    (("email", "password"), {"email": "a@b.c", "password": "p"}, "NotSignedIn: e-mail or password not recognised",
     {"email", "password"}),
    (("username", "password"), {"username": "u", "password": "p"}, "Error: user name or password not recognised.",
     {"username", "password"}),
])
def test_blamed_inputs(inputs, args, message, expected):
    assert blamed_inputs(_spec("t", *inputs), args, message) == frozenset(expected)


def test_a_blamed_value_rules_out_the_calls_that_repeat_it_once_two_calls_agree():
    spec = _spec("create_guest", "session_id", "name")
    b = Blame()
    b.note(spec, {"session_id": "S1", "name": "Ann"}, _refused("create_guest", {}, "no open session"))
    assert not b.rules_out("create_guest", {"session_id": "S1", "name": "Bob"})  # one refusal proves nothing yet
    b.note(spec, {"session_id": "S1", "name": "Bob"}, _refused("create_guest", {}, "no open session"))
    assert b.rules_out("create_guest", {"session_id": "S1", "name": "Cy"})
    assert not b.rules_out("create_guest", {"session_id": "S2", "name": "Ann"})
    assert not b.rules_out("other_tool", {"session_id": "S1", "name": "Ann"})  # per tool


def test_a_pair_refused_together_does_not_rule_out_either_value_with_another_partner():
    """"e-mail or password not recognised" speaks of the pair: the right password with another
    address must still run (reading "e-mail" as no input's word blamed the password alone)."""
    spec = _spec("pm_login", "email", "password")
    b = Blame()
    for email in ("client@example.com", "Rhys Bevan"):
        b.note(spec, {"email": email, "password": "Quill-2231"},
               _refused("pm_login", {}, "NotSignedIn: e-mail or password not recognised"))
    assert not b.rules_out("pm_login", {"email": "nadia@agency.example", "password": "Quill-2231"})


def test_a_value_that_fails_only_with_another_input_is_not_ruled_out_by_one_refusal():
    """``unknown cause code 'WIND' for a home policy``: the code passes on a motor policy."""
    spec = _spec("check_coverage", "policy_number", "cause_code")
    b = Blame()
    b.note(spec, {"policy_number": "P1", "cause_code": "WIND"},
           _refused("check_coverage", {}, "unknown cause code 'WIND' for a home policy"))
    assert not b.rules_out("check_coverage", {"policy_number": "P9", "cause_code": "WIND"})
    # a second, different refusal of the same value confirms nothing either
    b.note(spec, {"policy_number": "P2", "cause_code": "WIND"},
           _refused("check_coverage", {}, "unknown cause code 'WIND' for a travel policy"))
    assert not b.rules_out("check_coverage", {"policy_number": "P9", "cause_code": "WIND"})


def test_a_refusal_naming_nothing_blames_nothing():
    """``supervisor rights required`` is about a session token it does not name: other tokens still run."""
    b = Blame()
    for i in range(5):
        spec = _spec(f"tool{i}", "token", "crn")
        b.note(spec, {"token": "plain", "crn": str(i)}, _refused(spec.name, {}, "supervisor rights required"))
        assert not b.rules_out(spec.name, {"token": "plain", "crn": str(i)}) and not b.rules_out(spec.name, {"token": "elevated"})


@pytest.mark.parametrize("record", [
    InvocationRecord(tool="t", status="error", arguments={}, message="timed out after 5 s: session", fault="timeout"),
    InvocationRecord(tool="t", status="error", arguments={}, message="not run: budget spent (session)"),
    InvocationRecord(tool="t", status="success", arguments={}, output={"session": 1}),
])
def test_timeouts_crashes_budget_refusals_and_successes_blame_nothing(record):
    b = Blame()
    b.note(_spec("t", "session_id"), {"session_id": "S"}, record)
    assert not b.rules_out("t", {"session_id": "S"})


@given(st.lists(st.sampled_from(["session_id", "guest_id", "name", "x", "repoId"]), unique=True, min_size=1),
       st.text(max_size=80), st.dictionaries(st.sampled_from(["session_id", "guest_id", "name", "x", "repoId"]),
                                              st.one_of(st.text(max_size=10), st.integers(), st.none(),
                                                        st.lists(st.integers(), max_size=3))))
def test_blamed_inputs_are_inputs_of_the_tool(inputs, message, args):
    assert blamed_inputs(_spec("t", *inputs), args, message) <= set(inputs)


def test_a_sign_in_refusal_naming_nothing_rules_out_the_credential_it_held():
    """``your session has ended`` names no input: each input is a suspect, confirmed by two calls
    that share its value only, and cleared once its value gets past the sign-in in this state."""
    spec = _spec("prepare_estimate", "token", "case_ref")
    blame = Blame()
    ended = "Your session has ended. Please sign in again."
    blame.note(spec, {"token": "Joan Whitaker", "case_ref": "C-1"}, _refused("prepare_estimate", {}, ended))
    assert not blame.rules_out("prepare_estimate", {"token": "Joan Whitaker", "case_ref": "C-2"})  # one refusal
    blame.note(spec, {"token": "Joan Whitaker", "case_ref": "C-2"}, _refused("prepare_estimate", {}, ended))
    assert blame.rules_out("prepare_estimate", {"token": "Joan Whitaker", "case_ref": "C-3"})
    assert not blame.rules_out("prepare_estimate", {"token": "tok-61", "case_ref": "C-3"})
    # a second bad credential on the same case makes the case a suspect too, until the case gets past
    # the sign-in with a good token (a success, or a refusal about something else)
    blame.note(spec, {"token": "Dennis Whitaker", "case_ref": "C-1"}, _refused("prepare_estimate", {}, ended))
    assert blame.rules_out("prepare_estimate", {"token": "tok-61", "case_ref": "C-1"})
    blame.note(spec, {"token": "tok-61", "case_ref": "C-1"}, _refused("prepare_estimate", {}, "Choose a coffin first."))
    assert not blame.rules_out("prepare_estimate", {"token": "tok-62", "case_ref": "C-1"})
    assert blame.rules_out("prepare_estimate", {"token": "Joan Whitaker", "case_ref": "C-9"})
    blame.passed({"token": "Joan Whitaker"})  # a value that signed in after all is never ruled out
    assert not blame.rules_out("prepare_estimate", {"token": "Joan Whitaker", "case_ref": "C-9"})


def test_a_permission_refusal_still_blames_nothing():
    """``not authorised`` is about who acts on what: another record may be allowed (no suspects)."""
    spec = _spec("approve", "token", "claim_id")
    blame = Blame()
    for claim in ("K-1", "K-2", "K-3"):
        blame.note(spec, {"token": "t-1", "claim_id": claim}, _refused("approve", {}, "You are not authorised to approve claims."))
    assert not blame.rules_out("approve", {"token": "t-1", "claim_id": "K-4"})


# ------------------------------------------------------------------ a build: fewer runs, same library
@dataclass
class Desk:
    sessions: set = field(default_factory=set)
    guests: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)


def staff_login(username: str, password: str, state: Desk) -> dict:
    """Open a desk session with staff credentials; returns its session_id."""
    if (username, password) != ("desk", "pw"):
        return {"error": "invalid username or password"}
    state.sessions.add("S-1")
    return {"session_id": "S-1"}


def _session(state: Desk, session_id: str) -> dict | None:
    return None if session_id in state.sessions else {"error": "no open desk session; open one with staff_login"}


def add_guest(session_id: str, full_name: str, city: str, state: Desk) -> dict:
    """Register a guest; returns the guest_id."""
    if (refused := _session(state, session_id)) is not None:
        return refused
    gid = f"G{len(state.guests) + 1}"
    state.guests[gid] = {"full_name": full_name, "city": city}
    return {"guest_id": gid}


def find_guest(session_id: str, full_name: str, state: Desk) -> dict:
    """Look a guest up by full name; returns the guest_id."""
    if (refused := _session(state, session_id)) is not None:
        return refused
    for gid, g in state.guests.items():
        if g["full_name"] == full_name:
            return {"guest_id": gid}
    return {"error": f"no guest named {full_name}"}


def add_note(session_id: str, guest_id: str, text: str, state: Desk) -> dict:
    """Attach a note to a guest's file."""
    if (refused := _session(state, session_id)) is not None:
        return refused
    if guest_id not in state.guests:
        return {"error": f"guest {guest_id} not found"}
    state.notes.append((guest_id, text))
    return {"note_id": f"N{len(state.notes)}"}


def list_cities(state: Desk) -> dict:
    """Cities the hotel knows."""
    return {"cities": ["Lyon", "Oslo", "Quito"]}


TOOLS = [staff_login, add_guest, find_guest, add_note, list_cities]


def _build(monkeypatch: pytest.MonkeyPatch | None = None):
    if monkeypatch is not None:
        monkeypatch.setattr(blame_module.Blame, "rules_out", lambda self, tool, args: False)
    runtime = PythonRuntime(TOOLS, Desk, fixtures={"username": "desk", "password": "pw"})
    library, report = induce(runtime, field_encoder="lexical", executor="serial", isolation="none")
    return sorted((r.provider, r.consumer, r.kind, r.consumer_field or "") for r in library.relations), report


def test_blamed_calls_are_skipped_and_the_library_is_unchanged(monkeypatch):
    kept, report = _build()
    assert report.runs_cut_blamed > 0
    with monkeypatch.context() as m:
        every, full = _build(m)
    assert full.runs_cut_blamed == 0
    assert kept == every
    assert report.runs < full.runs
    assert ("staff_login", "add_note", "provenance", "session_id") in kept
    assert any(c == "add_note" and f == "guest_id" for _, c, _, f in kept)


def test_a_refusal_of_the_person_blames_the_input_that_says_who_acts():
    """``the adviser role cannot do this`` names no input: the session token is the suspect (even one
    that got past the sign-in: that person is the one refused); the record it acted on is not."""
    spec = _spec("decide_application", "token", "application_no")
    b = Blame()
    refusal = "Error: the adviser role cannot do this."
    b.note(spec, {"token": "hv-1", "application_no": "MA-1"}, _refused("decide_application", {}, refusal))
    assert not b.rules_out("decide_application", {"token": "hv-1", "application_no": "MA-3"})  # one refusal proves nothing
    b.note(spec, {"token": "hv-1", "application_no": "MA-2"}, _refused("decide_application", {}, refusal))
    b.passed({"token": "hv-1"})  # the same session got past the sign-in elsewhere: still this person
    assert b.rules_out("decide_application", {"token": "hv-1", "application_no": "MA-3"})
    assert not b.rules_out("decide_application", {"token": "hv-2", "application_no": "MA-1"})  # another person
    assert not b.rules_out("start_application", {"token": "hv-1", "application_no": "MA-1"})  # per tool
    # a refusal about the record (its state), not the person, blames no token
    other = _spec("submit_application", "token", "application_no")
    for app in ("MA-1", "MA-2"):
        b.note(other, {"token": "hv-1", "application_no": app}, _refused("submit_application", {}, "choose a product first"))
    assert not b.rules_out("submit_application", {"token": "hv-1", "application_no": "MA-3"})
