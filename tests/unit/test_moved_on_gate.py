"""When a write moved a consumer's refusal on (:func:`.gates.moved_on`)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, strategies as st

from llama_index_libra.induction.gates import moved_on


def _r(message: str | None, fault: str | None = None) -> SimpleNamespace:
    return SimpleNamespace(message=message, fault=fault)


PASSPORT = "Error: no passport on file for Ms Adaeze Okafor; the letter quotes it"
DEPOSIT = "Error: a visa letter needs a deposit of 250.00 paid; Ms Adaeze Okafor has paid 0.00"
CALL = {"student_id": "ST-7"}


def test_a_refusal_about_what_the_write_makes_moved_on_to_another() -> None:
    assert moved_on("record_passport", CALL, _r(PASSPORT), _r(DEPOSIT))
    # a record the write made may bear the write's verb as its first status
    assert moved_on("place_order", {"order_id": "OR-6606"}, _r("LookupError: no order 'OR-6606'"),
                    _r("RuntimeError: OR-6606 is placed; only birds that have gone out can arrive dead"))
    assert moved_on("school.record_passport", CALL, _r(PASSPORT), _r(DEPOSIT))  # a qualified tool name
    # a refusal written as a JSON envelope is read for its text
    envelope = '{"ack": "AE", "control_id": "RC000042", "err": {"code": "204", "text": "no passport on file"}}'
    assert moved_on("record_passport", CALL, _r(envelope), _r(DEPOSIT))


@pytest.mark.parametrize("provider,before,after", [
    ("record_passport", PASSPORT, PASSPORT),  # the same refusal
    ("take_deposit", PASSPORT, DEPOSIT),  # the refusal before did not name a deposit
    ("record_passport", DEPOSIT, PASSPORT),  # nor a passport
    ("record_passport", PASSPORT, "Error: passport A0773 is not valid"),  # still about a passport
    ("record_passport", PASSPORT, "Error: not signed in, or the session has ended; sign in first"),  # credentials
    ("record_passport", PASSPORT, "Error: Fergal Mulcahy (studies) may not do this; it is for admissions"),  # the person
    ("passport", PASSPORT, DEPOSIT),  # a name of one word names no object made
    ("record_passport", None, DEPOSIT),
    # refused after for what the write itself did: the record is cancelled now
    ("cancel_hire", "Refused by rule: a cash customer pays half the quote as a deposit before a hire is confirmed",
     "Wrong state: HJ-50416 is cancelled, not quoted"),
    # the same refusal about another value: most of its words shared
    ("issue_emergency_units", "The unit is not allocated (it is emergency_stock)", "The unit is not allocated (it is issued)"),
    # the thing named only in a value the call itself passed (a reply's text taken as an id)
    ("sign_off", "Unknown key identifier: patient Priya Raman signed off", "No user is signed on at this workstation"),
])
def test_what_is_not_a_refusal_moved_on(provider, before, after) -> None:
    call = {**CALL, "patient_id": "Priya Raman signed off"}
    assert not moved_on(provider, call, _r(before), _r(after))


def test_a_crash_after_the_write_is_no_move() -> None:
    assert not moved_on("record_passport", CALL, _r(PASSPORT), _r("Traceback: KeyError 'x'", fault="crash"))


@given(st.text(max_size=40), st.dictionaries(st.text(max_size=8), st.text(max_size=20), max_size=3),
       st.text(max_size=80), st.text(max_size=80))
def test_never_raises_and_the_same_refusal_never_moves(provider, call, before, after) -> None:
    assert isinstance(moved_on(provider, call, _r(before), _r(after)), bool)
    assert not moved_on(provider, call, _r(before), _r(before))
