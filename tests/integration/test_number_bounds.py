"""A number's control refused for its bound is no evidence of provenance (causes.py, counterfactual.py).

A booking shows its party, two adults and no children; changing the party to those numbers works, and
the engine's controls of the children's 0 (larger numbers, and the 6 the refusal names) are refused
because "no more than 6 people stay on a pitch". That refusal says the control broke the input's
range, not that 0 had to come from the booking: the booking lookup is no provider of ``children``."""

from __future__ import annotations

import copy

from llama_index_libra.induction.causes import cause_of
from tests.support.builds import induce_serially


class Park:
    def __init__(self) -> None:
        self.bookings = {"BK-7690": {"adults": 2, "children": 0, "pitch": "A01"}}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def list_bookings(state: Park = None) -> list:
    """The booking references on the park's books."""
    return sorted(state.bookings)


def booking_details(booking_id: str, state: Park = None) -> dict:
    """One booking in full: its pitch and its party."""
    if booking_id not in state.bookings:
        raise LookupError(f"no booking {booking_id}")
    return {"booking_id": booking_id, **state.bookings[booking_id]}


def change_party(booking_id: str, adults: int, children: int, state: Park = None) -> dict:
    """Change the party staying on a booking."""
    booking = state.bookings.get(booking_id)
    if booking is None:
        raise LookupError(f"no booking {booking_id}")
    if adults < 1 or children < 0 or adults + children > 6:
        raise ValueError("no more than 6 people stay on a pitch, overnight visitors included")
    booking.update(adults=adults, children=children)
    return {"booking_id": booking_id, "adults": adults, "children": children}


TOOLS = [list_bookings, booking_details, change_party]


def test_bounds_of_numbers_read_as_a_range_refusal() -> None:
    assert [cause_of(m) for m in ("a touring stay is at most 28 nights", "no more than 6 people stay on a pitch",
                                  "a touring stay is 1 to 28 nights", "the maximum is 12 seats")] == ["format"] * 4
    assert cause_of("no booking 'BK-1'") == "unknown_value"


def test_a_number_shown_by_a_lookup_is_not_provided_when_its_controls_only_broke_the_range() -> None:
    library, report = induce_serially(TOOLS, Park, {})
    assert "change_party" not in report.never_succeeded, report.summary()
    fields = {(r.provider, r.consumer_field) for r in library.relations if r.consumer == "change_party"}
    assert ("list_bookings", "booking_id") in fields, fields
    assert not any(field in ("adults", "children") for _, field in fields), fields
