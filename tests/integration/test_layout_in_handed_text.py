"""A refusal shows the layout a value must have; the value itself is inside a handed note.

``register_claimant`` refuses ``NI number must look like QQ 12 34 56 C``; the tester was handed a note
about the new claimant with ``NI number JZ 50 41 88 D`` in the middle of a sentence. The piece of the
note in the example's layout is tried, and the claimant registered."""

from __future__ import annotations

import copy
import re

from llama_index_libra.induction import refusal_retries
from tests.support.builds import induce_serially


class Office:
    def __init__(self) -> None:
        self.claimants = {"CL-100": {"name": "Ayesha Khan", "ni": "WE774310B"}}
        self.counter = 100

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def register_claimant(full_name: str, ni_number: str, state: Office = None) -> dict:
    """Register a new claimant; returns the claimant's reference."""
    ni = re.sub(r"\s", "", ni_number).upper()
    if not re.fullmatch(r"[A-Z]{2}\d{6}[A-D]", ni):
        raise ValueError("NI number must look like QQ 12 34 56 C")
    if ni.startswith("QQ"):
        raise ValueError("QQ is the example prefix; give the claimant's own NI number")
    if any(c["ni"] == ni for c in state.claimants.values()):
        raise ValueError(f"A claimant with NI number {ni_number} is already registered")
    state.counter += 1
    ref = f"CL-{state.counter}"
    state.claimants[ref] = {"name": full_name, "ni": ni}
    return {"claimant_ref": ref}


def get_claimant(claimant_ref: str, state: Office = None) -> dict:
    """A claimant's record."""
    c = state.claimants.get(claimant_ref)
    if c is None:
        raise LookupError(f"No claimant {claimant_ref}")
    return {"claimant_ref": claimant_ref, **c}


TOOLS = [register_claimant, get_claimant]
FIXTURES = {"new_claims": [
    "Dylan Pryce, new claimant, 5 Canal Wharf, born 21/07/1990, NI number JZ 50 41 88 D; phone 07700 900247",
    "Lena Nowak, 9 Weavers Yard, thinks her council tax support refusal is wrong",
]}


def test_the_number_in_the_note_is_tried_in_the_layout_the_refusal_shows() -> None:
    library, report = induce_serially(TOOLS, Office, FIXTURES)
    assert "register_claimant" not in report.never_succeeded, report.summary()
    assert ("register_claimant", "get_claimant") in {(r.provider, r.consumer) for r in library.relations}


def test_without_reading_the_layout_in_the_note_nobody_is_registered(monkeypatch) -> None:
    monkeypatch.setattr(refusal_retries, "layout_matches", lambda example, texts, limit=8: [])
    _, report = induce_serially(TOOLS, Office, FIXTURES)
    assert "register_claimant" in report.never_succeeded, report.summary()
