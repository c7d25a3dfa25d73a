"""A search's words come first from the note about what it finds.

``find_pupil`` finds pupils by the start of their surname. The only place a pupil's name is written is
one of the school office's notes, the last of several long ones about other things (a delivery, a
roof, a parents' evening), each full of capitalised words. Free-text inputs try a limited number of
words of the phrases at hand; in pool order the other notes' words used them all up, so no search
found a pupil, and ``enrol_club`` (which needs a pupil's number) never succeeded: ``find_pupil ->
enrol_club`` was missed. Phrases that share words with the tool's own documentation (``pupil``,
``surname``) are now read first."""

from __future__ import annotations

import copy

from tests.support.builds import induce_serially, relation_triples

PUPILS = {"P-3301": "Tamsin Okonjo", "P-3302": "Ruairi Vasquez", "P-3303": "Ottoline Brackenbury"}


class School:
    def __init__(self) -> None:
        self.clubs: dict[str, list[str]] = {"chess": [], "choir": []}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def find_pupil(surname: str, state: School = None) -> list:
    """Find pupils by surname (or its start): each pupil's number and name."""
    if not surname.strip():
        raise ValueError("surname is required")
    s = surname.strip().lower()
    return [{"pupil_id": pid, "name": name} for pid, name in sorted(PUPILS.items())
            if name.split()[-1].lower().startswith(s)]


def enrol_club(pupil_id: str, club: str, state: School = None) -> dict:
    """Enrol a pupil in an after-school club (chess or choir) by the pupil's number."""
    if pupil_id not in PUPILS:
        raise LookupError(f"no pupil {pupil_id!r}")
    if club not in state.clubs:
        raise ValueError(f"no club {club!r}; the clubs are chess and choir")
    if pupil_id in state.clubs[club]:
        raise RuntimeError(f"{pupil_id} is in {club} already")
    state.clubs[club].append(pupil_id)
    return {"pupil_id": pupil_id, "club": club, "members": len(state.clubs[club])}


TOOLS = [find_pupil, enrol_club]

FIXTURES = {
    "notes": [
        "Harrowgate Stationery Limited delivers Tuesday: Bristol Board, Manila Folders, Sellotape, Pritt Sticks, "
        "Crayola Markers, Berol Pens, Staedtler Rulers and Oxford Exercise Books for the Maths Department",
        "Caretaker Desmond Fairweather reports the Gymnasium Roof leaking above the Climbing Wall; Longridge "
        "Roofing Contractors quoted Thursday; Governors Finance Committee decides at Michaelmas Meeting",
        "Parents Evening moves from Wednesday to Thursday in the Assembly Hall; Headteacher Philippa Marchbanks "
        "asks Form Tutors Gwendolyn Ashcombe and Leopold Featherstonehaugh to book the Drama Studio instead",
        "Pupil news: Ottoline Brackenbury and Ruairi Vasquez asked to join an after-school club",
    ],
}


def test_a_search_reads_the_note_about_what_it_finds_first() -> None:
    library, report = induce_serially(TOOLS, School, FIXTURES)
    triples = relation_triples(library)
    assert ("find_pupil", "enrol_club", "provenance") in triples, report.summary()
    assert "enrol_club" not in report.never_succeeded
