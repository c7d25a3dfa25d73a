"""A refusal that writes the value an input must take dictates it (stated.dictated_values, runtime/failures.py).

A front desk registers a climber and records the signed waiver; an adult signs their own form, and the
desk answers the way Slack-style APIs do, ``{"ok": false, "error": "climber_must_sign", "detail": "...
it should be signed by Ms Erin Walsh"}``. The code alone says nothing; with the detail read, the
name it writes (a text the tester was handed) is tried for ``signed_by``, the waiver succeeds, and the
check-in that needs a waiver in date gets its state prerequisite."""

from __future__ import annotations

import copy

from llama_index_libra.induction.stated import dictated_values
from llama_index_libra.runtime.failures import refusal
from tests.support.builds import induce_serially


_REGULARS = ["Mr Chris Wylde", "Ms Priya Shah", "Ms Hannah Price", "Ms Ffion Morgan", "Mr Tom Okoro",
             "Mr Gary Lomax", "Ms Ada Quist", "Mr Ben Ruiz"]


class Desk:
    def __init__(self) -> None:
        # regulars whose yearly waivers have run out
        self.climbers: dict[str, dict] = {f"CL-{301 + i:04d}": {"name": n, "born": "1980-01-01", "waiver": False}
                                          for i, n in enumerate(_REGULARS)}
        self.visits: list[str] = []

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def _refused(code: str, detail: str) -> dict:
    return {"ok": False, "error": code, "detail": detail}


def find_climber(surname: str, state: Desk = None) -> list:
    """Climbers whose surname matches, as [climber_id, name] rows."""
    return [[cid, c["name"]] for cid, c in sorted(state.climbers.items()) if c["name"].split()[-1].lower() == surname.strip().lower()]


def list_climbers(state: Desk = None) -> list:
    """Every registered climber's id, as a list of ids."""
    return sorted(state.climbers)


def expired_waivers(state: Desk = None) -> list:
    """Waivers that have run out: who, and the day the form was signed."""
    return [{"climber_id": cid, "signed_on": "2031-03-01"} for cid, c in sorted(state.climbers.items()) if not c["waiver"]]


def register_climber(name: str, born: str, state: Desk = None) -> dict:
    """Register a new climber (``born`` as YYYY-MM-DD); the reply holds the climber's id."""
    if any(c["name"] == name for c in state.climbers.values()):
        return _refused("already_registered", f"{name} is already registered")
    cid = f"CL-{len(state.climbers) + 401:04d}"
    state.climbers[cid] = {"name": name, "born": born, "waiver": False}
    return {"ok": True, "climber": {"climber_id": cid, "name": name}}


def sign_waiver(climber_id: str, signed_by: str, state: Desk = None) -> dict:
    """Record the climber's signed waiver form."""
    c = state.climbers.get(climber_id)
    if c is None:
        return _refused("climber_not_found", f"no climber {climber_id}")
    if c["waiver"]:
        return _refused("waiver_current", f"{c['name']} already has a waiver in date")
    if signed_by.strip().lower() != c["name"].lower():
        return _refused("climber_must_sign", f"adults sign their own form; it should be signed by {c['name']}")
    c["waiver"] = True
    return {"ok": True, "waiver": {"climber_id": climber_id, "signed_by": signed_by}}


def check_in(climber_id: str, state: Desk = None) -> dict:
    """Check a climber in for a session on the wall."""
    c = state.climbers.get(climber_id)
    if c is None:
        return _refused("climber_not_found", f"no climber {climber_id}")
    if not c["waiver"]:
        return _refused("no_waiver", f"{c['name']} has no waiver in date")
    state.visits.append(climber_id)
    return {"ok": True, "visit": {"climber_id": climber_id, "visit_no": len(state.visits)}}


TOOLS = [list_climbers, find_climber, expired_waivers, register_climber, sign_waiver, check_in]
FIXTURES = {"staff": [{"name": n, "role": "desk"} for n in ("Jo Pemberton", "Ali Rahman", "Kit Moreno", "Sam Doyle")],
            "new_climber": {"name": "Ms Erin Walsh", "date_of_birth": "1998-07-21"}}


def test_a_code_refusal_keeps_the_text_beside_it() -> None:
    assert refusal(_refused("climber_must_sign", "it should be signed by X")) == "climber_must_sign: it should be signed by X"
    assert refusal({"error": "invalid_grant", "error_description": "the code has expired"}) == "invalid_grant: the code has expired"
    assert refusal({"error": "no such order", "detail": "x"}) == "no such order"  # a sentence is the message itself
    assert refusal({"ok": False, "error": "rate_limited"}) == "rate_limited"


def test_dictated_values_are_texts_the_refusal_writes_for_an_input_it_names() -> None:
    args = {"climber_id": "CL-0401", "signed_by": "signed_by"}
    texts = ["Ms Erin Walsh", "Erin", "CL-0401", "1998-07-21"]
    message = "climber_must_sign: adults sign their own form; it should be signed by Ms Erin Walsh"
    assert dictated_values(message, args, texts) == {"signed_by": ["Ms Erin Walsh"]}
    # an input it does not name, or a text it does not write, dictates nothing
    assert dictated_values("no climber CL-0499", args, texts) == {}
    assert dictated_values("it should be signed by the climber", args, texts) == {}
    # the call's own values are never dictated
    assert dictated_values("signed by CL-0401 is not allowed", args, texts) == {}


def test_a_dictated_signature_unblocks_the_waiver_and_its_consumer() -> None:
    library, report = induce_serially(TOOLS, Desk, FIXTURES)
    assert "sign_waiver" not in report.never_succeeded, report.summary()
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert ("sign_waiver", "check_in") in pairs, pairs
    assert pairs & {("register_climber", "sign_waiver"), ("list_climbers", "sign_waiver")}, pairs
