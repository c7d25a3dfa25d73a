"""A consumer behind several status gates moves one gate on per prerequisite (gates.moved_gate).

A coach operator's tour desk: tickets go only for a booking that is paid, has seats chosen and a
contact e-mail, checked in that order. After the payment alone the ticket call is still refused, but
by the next rule ("has no seats chosen" where it was "is held; tickets go once it is paid"): the
payment moved it one gate on, so it is a prerequisite although the consumer never succeeds right
after it. Cancelling moves it too, to "is cancelled": a status the cancellation set (its own action
named), not a gate it opened."""

from __future__ import annotations

import copy

import pytest

from llama_index_libra.induction.gates import moved_gate
from llama_index_libra.records import InvocationRecord
from tests.support.builds import induce_serially


class Tours:
    def __init__(self) -> None:
        self.bookings: dict[str, dict] = {}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def _booking(state: Tours, booking_id: str) -> dict:
    booking = state.bookings.get(booking_id)
    if booking is None:
        raise LookupError(f"no tour booking {booking_id}")
    return booking


def book_tour(customer_name: str, state: Tours = None) -> dict:
    """Hold places on the next tour for a customer (any name)."""
    bid = f"TB-{5512 + len(state.bookings)}"
    state.bookings[bid] = {"status": "held", "seats": [], "email": None}
    return {"booking_id": bid, "status": "held"}


def take_payment(booking_id: str, state: Tours = None) -> dict:
    """Take payment for a held booking."""
    booking = _booking(state, booking_id)
    if booking["status"] != "held":
        raise RuntimeError(f"{booking_id} is {booking['status']}; only a held booking is paid")
    booking["status"] = "paid"
    return {"booking_id": booking_id, "status": "paid"}


def choose_seats(booking_id: str, state: Tours = None) -> dict:
    """Choose the next free seats for a booking."""
    booking = _booking(state, booking_id)
    if booking["seats"]:
        raise RuntimeError(f"{booking_id} already has seats")
    booking["seats"] = ["12A", "12B"]
    return {"booking_id": booking_id, "seats": booking["seats"]}


def add_contact_email(booking_id: str, state: Tours = None) -> dict:
    """Put the office's contact address on a booking."""
    booking = _booking(state, booking_id)
    if booking["email"]:
        raise RuntimeError(f"{booking_id} already has an e-mail")
    booking["email"] = "tours@example.org"
    return {"booking_id": booking_id, "email": booking["email"]}


def cancel_booking(booking_id: str, state: Tours = None) -> dict:
    """Cancel a booking."""
    booking = _booking(state, booking_id)
    if booking["status"] == "cancelled":
        raise RuntimeError(f"{booking_id} is cancelled already")
    booking["status"] = "cancelled"
    return {"booking_id": booking_id, "status": "cancelled"}


def issue_tickets(booking_id: str, state: Tours = None) -> dict:
    """Issue the tickets of a booking."""
    booking = _booking(state, booking_id)
    if booking["status"] == "cancelled":
        raise RuntimeError(f"{booking_id} is cancelled")
    if booking["status"] != "paid":
        raise RuntimeError(f"{booking_id} is held; tickets go once it is paid")
    if not booking["seats"]:
        raise RuntimeError(f"{booking_id} has no seats chosen")
    if not booking["email"]:
        raise RuntimeError(f"no e-mail address on file for {booking_id}")
    return {"booking_id": booking_id, "tickets": len(booking["seats"])}


TOOLS = [book_tour, take_payment, choose_seats, add_contact_email, cancel_booking, issue_tickets]


def test_each_gate_a_provider_opens_is_a_prerequisite() -> None:
    library, report = induce_serially(TOOLS, Tours, {})
    states = {r.provider for r in library.relations if r.consumer == "issue_tickets" and r.kind == "state"}
    assert {"take_payment", "choose_seats"} <= states, (states, report.summary())
    assert "cancel_booking" not in states
    moved = [r for r in library.relations if r.consumer == "issue_tickets" and r.evidence.get("gate_moved")]
    assert moved, [r.evidence for r in library.relations if r.consumer == "issue_tickets"]


def _refused(message: str) -> InvocationRecord:
    return InvocationRecord("issue_tickets", "rejected", {"booking_id": "TB-5512"}, None, [], message)


@pytest.mark.parametrize("before,after,provider,moved", [
    ("TB-5512 is held; tickets go once it is paid", "TB-5512 has no seats chosen", "take_payment", True),
    # a view's (body, status) pair, read as its words
    ('[{"message": "TB-5512 is held; tickets go once it is paid"}, 409]', '[{"message": "TB-5512 has no seats chosen"}, 409]',
     "take_payment", True),
    ("TB-5512 is held; tickets go once it is paid", "TB-5512 is cancelled", "cancel_booking", False),  # its own action
    ("TB-5512 is ready", "TB-5512 is completed", "finish_job", False),  # one rule, two statuses
    ("TB-5512 is held; tickets go once it is paid", "no tour booking TB-5512", "delete_booking", False),  # unknown now
    ("TB-5512 is held; tickets go once it is paid", "TB-5512 already has tickets", "take_payment", False),
    ("no tour booking TB-5512", "TB-5512 has no seats chosen", "book_tour", False),  # a lookup, not a gate
])
def test_moved_gate(before: str, after: str, provider: str, moved: bool) -> None:
    assert moved_gate({"booking_id": "TB-5512"}, _refused(before), _refused(after), provider) is moved


def test_a_consumer_that_never_succeeds_still_shows_the_gates_it_passed() -> None:
    # nothing puts an e-mail on a booking here, so tickets never go; still the payment moves the
    # refused call one gate on ("is held" -> "has no seats chosen"), on the booking it acted on
    tools = [book_tour, take_payment, choose_seats, cancel_booking, issue_tickets]
    library, report = induce_serially(tools, Tours, {})
    assert "issue_tickets" in report.never_succeeded
    states = {r.provider: r for r in library.relations if r.consumer == "issue_tickets" and r.kind == "state"}
    assert "take_payment" in states, (sorted(states), report.summary())
    assert "cancel_booking" not in states
    assert all(r.evidence.get("consumer_refused") and r.evidence.get("gate_moved") for r in states.values())
