"""A cancellation that frees an occupied resource is no prerequisite when another one is free (counterfactual.py).

Booking slot 09:30 is refused (``09:30 is not free``) until the appointment holding it is cancelled.
A fabricated slot is unknown to the diary, so no control shows that another real slot would do, and
in a path that booked 10:00 first the cancelled slot is the only one free: a refusal that says a
resource is held elsewhere makes no prerequisite of what frees it. A status set on the record the
consumer acts on (only a cancelled appointment can be rebooked) stays a prerequisite."""

from __future__ import annotations

import copy

import pytest

from llama_index_libra.induction.gates import occupies
from tests.support.builds import induce_serially


class Diary:
    def __init__(self) -> None:
        self.slots = {"09:30": "AP-1", "10:00": None}
        self.appointments = {"AP-1": {"time": "09:30", "status": "booked"}}
        self.counter = 1

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def free_slots(state: Diary = None) -> list:
    """Every slot of the day as rows {time, appointment_id} (appointment_id null when free)."""
    return [{"time": t, "appointment_id": a} for t, a in sorted(state.slots.items())]


def cancel_appointment(appointment_id: str, state: Diary = None) -> dict:
    """Cancel an appointment, freeing its slot."""
    ap = state.appointments.get(appointment_id)
    if ap is None:
        raise LookupError(f"no appointment {appointment_id}")
    if ap["status"] != "booked":
        raise ValueError(f"{appointment_id} is {ap['status']}")
    ap["status"] = "cancelled"
    state.slots[ap["time"]] = None
    return {"appointment_id": appointment_id, "time": ap["time"], "status": "cancelled"}


def book_appointment(time: str, state: Diary = None) -> dict:
    """Book the slot at a time (HH:MM)."""
    if time not in state.slots:
        raise LookupError(f"no slot at {time}")
    if state.slots[time] is not None:
        raise ValueError(f"{time} is not free")
    state.counter += 1
    aid = f"AP-{state.counter}"
    state.slots[time] = aid
    state.appointments[aid] = {"time": time, "status": "booked"}
    return {"appointment_id": aid, "time": time}


TOOLS = [free_slots, cancel_appointment, book_appointment]


def test_a_freed_slot_is_no_prerequisite_when_another_real_slot_is_free() -> None:
    library, report = induce_serially(TOOLS, Diary, {})
    assert "book_appointment" not in report.never_succeeded, report.summary()
    pairs = {(r.provider, r.consumer) for r in library.relations if r.kind == "state"}
    assert ("cancel_appointment", "book_appointment") not in pairs, pairs


@pytest.mark.parametrize("message,held", [
    ("D2 is taken on 2030-10-16", True), ("10:20 is not free at session SN-88140", True),
    ("Error: locker 9 is in use.", True), ("B3 is taken by job JC-30114", True),
    ("Only a submitted loan can be decided", False), ("W-2203001 is draft; only a registered work can be withdrawn", False),
    ("The unit is not allocated (it is issued)", False), ("visit VIS-5568 is booked, not in the room", False),
    ("rental VA-50189 is reserved, not out", False), ("BH-0211 is booked; only a buggy that is out comes back", False),
    ("orders for today are taken once the reader is in the room", False),
])
def test_occupies_reads_a_resource_held_elsewhere(message: str, held: bool) -> None:
    assert occupies(message) is held
