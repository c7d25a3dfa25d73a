"""A state test as the person the consumer succeeds as (counterfactual ``_signed_state_test``).

The reception desk checks a booking's pet in; only kennel staff may log a resident's care. Care is
first logged for a pet already staying, so the consumer succeeds without the provider; after the
receptionist's check-in, the state test's own call acts as the receptionist and is refused for who
acts, before and after. Signed on as the kennel hand in both states (the sign-in of the consumer's
first successful path), the care of the newly checked-in pet fails before and succeeds after."""

from __future__ import annotations

import copy

from llama_index_libra.induction import counterfactual
from tests.support.builds import induce_serially


class Kennels:
    def __init__(self) -> None:
        self.staff = {"rita": ("Rita Shah", "reception", "Front-Desk-1"), "ken": ("Ken Doyle", "kennel", "Run-Six-6")}
        self.sessions: dict[str, str] = {}
        self.bookings = {"BK-1": {"pet_id": "PT-1", "status": "checked_in"}, "BK-2": {"pet_id": "PT-2", "status": "confirmed"}}
        self.care: list = []

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def _who(state, token, role):
    user = state.sessions.get(token)
    if user is None:
        raise PermissionError("not signed in")
    name, has, _ = state.staff[user]
    if has != role:
        raise PermissionError(f"{name} ({has}) may not do this")


def log_in(username: str, password: str, state: Kennels = None) -> dict:
    """Sign in; returns the session token."""
    if username not in state.staff or state.staff[username][2] != password:
        raise PermissionError("wrong user name or password")
    token = f"tk-{len(state.sessions) + 1}-{username}"
    state.sessions[token] = username
    return {"token": token}


def list_bookings(token: str, state: Kennels = None) -> list:
    """Bookings, as rows of [booking_ref, pet_id, status]."""
    if token not in state.sessions:
        raise PermissionError("not signed in")
    return [[ref, b["pet_id"], b["status"]] for ref, b in state.bookings.items()]


def check_in(token: str, booking_ref: str, state: Kennels = None) -> dict:
    """Check a confirmed booking's pet in (reception)."""
    _who(state, token, "reception")
    b = state.bookings.get(booking_ref)
    if b is None:
        raise LookupError(f"no booking {booking_ref}")
    if b["status"] != "confirmed":
        raise ValueError(f"booking {booking_ref} is {b['status']}")
    b["status"] = "checked_in"
    return {"booking_ref": booking_ref, "status": "checked_in"}


def log_care(token: str, pet_id: str, note: str, state: Kennels = None) -> int:
    """Log a walk or a meal for a pet staying with us (kennel staff)."""
    _who(state, token, "kennel")
    if not any(b["pet_id"] == pet_id and b["status"] == "checked_in" for b in state.bookings.values()):
        raise ValueError(f"pet {pet_id} is not staying with us")
    state.care.append((pet_id, note))
    return len(state.care)


TOOLS = [log_in, list_bookings, check_in, log_care]
FIXTURES = {"staff": [{"name": "Rita Shah", "role": "reception", "username": "rita", "password": "Front-Desk-1"},
                      {"name": "Ken Doyle", "role": "kennel", "username": "ken", "password": "Run-Six-6"}]}


def _pairs(library) -> set[tuple[str, str, str]]:
    return {(r.provider, r.consumer, r.kind) for r in library.relations}


def test_care_is_logged_after_the_receptionists_check_in_as_the_kennel_hand() -> None:
    library, report = induce_serially(TOOLS, Kennels, FIXTURES)
    assert ("check_in", "log_care", "state") in _pairs(library), sorted(_pairs(library))
    relation = next(r for r in library.relations if (r.provider, r.consumer, r.kind) == ("check_in", "log_care", "state"))
    assert relation.evidence.get("signed_in", {}).get("arguments", {}).get("username") == "ken", relation.evidence


def test_without_signing_on_again_the_state_pair_is_missed(monkeypatch) -> None:
    monkeypatch.setattr(counterfactual.CounterfactualTests, "_signed_state_test", lambda self, *a, **k: None)
    library, _ = induce_serially(TOOLS, Kennels, FIXTURES)
    assert ("check_in", "log_care", "state") not in _pairs(library), sorted(_pairs(library))
