"""A write that only shows a record it did not make is no source of that record's id (values.py, selection.py).

Cancelling a buggy hire replies with the tee-time booking the hire was on: the booking id is new in
that path, yet the cancellation neither made the booking nor keyed it in its changes. Booking a tee
time makes one. Both are proven providers of ``check_in``'s booking id; the library keeps the one that
made it, and never the cancellation: the booking was in the state before it, so it provided nothing
(on 43 development libraries, all 20 pairs a side value made were false)."""

from __future__ import annotations

import copy

from llama_index_libra.induction.selection import split_providers
from llama_index_libra.library import Relation
from tests.support.builds import induce_serially


class Club:
    def __init__(self) -> None:
        self.bookings = {"TB-5512": {"day": "2031-08-15", "status": "booked"}}
        self.hires = {"BH-0211": {"booking_id": "TB-5512", "status": "out"}}
        self.counter = 6000

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def hire_register(state: Club = None) -> list:
    """The buggy hires' numbers (a bare list)."""
    return sorted(state.hires)


def cancel_buggy_hire(hire_id: str, state: Club = None) -> dict:
    """Cancel a buggy hire; replies with the hire and the tee-time booking it was on."""
    hire = state.hires.get(hire_id)
    if hire is None:
        raise LookupError(f"no buggy hire {hire_id}")
    if hire["status"] == "cancelled":
        raise ValueError(f"{hire_id} is already cancelled")
    hire["status"] = "cancelled"
    return {"hire_id": hire_id, "booking_id": hire["booking_id"], "status": "cancelled"}


def book_tee_time(day: str, state: Club = None) -> dict:
    """Book a tee time on a day (YYYY-MM-DD); replies with the new booking."""
    state.counter += 1
    bid = f"TB-{state.counter}"
    state.bookings[bid] = {"day": day, "status": "booked"}
    return {"booking_id": bid, "day": day}


def check_in(booking_id: str, state: Club = None) -> dict:
    """The starter checks a booked tee time in."""
    booking = state.bookings.get(booking_id)
    if booking is None:
        raise LookupError(f"no tee time booking {booking_id}")
    booking["status"] = "checked_in"
    return {"booking_id": booking_id, "status": "checked_in"}


TOOLS = [hire_register, cancel_buggy_hire, book_tee_time, check_in]


def test_the_booking_shown_by_a_cancellation_credits_only_its_maker() -> None:
    library, report = induce_serially(TOOLS, Club, {"club": {"today": "2031-08-15"}})
    assert "check_in" not in report.never_succeeded, report.summary()
    every = [r for r in list(library.relations) + list(library.alternatives)
             if r.consumer == "check_in" and r.consumer_field == "booking_id"]
    shown = {r.provider: (r.evidence or {}).get("provider_value") or {} for r in every}
    assert set(shown) == {"book_tee_time"}, shown  # the cancellation is neither kept nor an alternative
    assert not shown["book_tee_time"].get("side") and shown["book_tee_time"].get("created"), shown


def _rel(provider: str, **shown: bool) -> Relation:
    return Relation(provider, "check_in", "provenance", "booking_id", "booking_id", 1.0,
                    {"provider_value": {"path": "$.output.booking_id", **shown}})


def test_a_write_that_only_showed_the_value_is_never_a_provider() -> None:
    side, made, lookup = _rel("cancel_buggy_hire", created=True, side=True), _rel("book_tee_time", created=True), _rel("tee_sheet")
    assert [r.provider for r in split_providers([side, made], 1)[0]] == ["book_tee_time"]
    assert [r.provider for r in split_providers([side, made, lookup], 1)[0]] == ["tee_sheet"]
    # not an alternative either, and not kept when it is the only provider proven
    assert split_providers([side, made], 1)[1] == []
    assert split_providers([side], 1) == ([], [])
    assert {r.provider for r in split_providers([side, made, lookup], 2)[0]} == {"tee_sheet", "book_tee_time"}


def test_a_side_value_never_rides_along_with_an_alternative_of_the_same_provider() -> None:
    # a listing kept, a second listing an alternative; that second listing also showed the value as a
    # side value under another path: only its own listing relation is the alternative
    kept, other = _rel("tee_sheet"), _rel("hire_register")
    side = Relation("hire_register", "check_in", "provenance", "booking_id", "booking_id", 1.0,
                    {"provider_value": {"path": "$.output.cancelled[0].booking_id", "side": True}})
    relations, alternatives = split_providers([kept, other, side], 1)
    assert [r.provider for r in relations] == ["tee_sheet"]
    assert alternatives == [other], alternatives
