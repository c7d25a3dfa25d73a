"""A write that moves a consumer's refusal on is its prerequisite, though the consumer needs more.

``issue_visa_letter`` needs the student's passport on file, then a deposit paid, then a course
confirmation from the school's head office that no tool of the catalog gives: it succeeds for a student
whose course was confirmed, never for the new one, so the plain state test (refused before the write, a
success after it) credits nothing for the new student. But ``record_passport`` moves the new student's
refusal from ``no passport on file`` to the deposit: the refusal before the write named what the write
makes (its name's object, ``passport``), and the one after it no longer does (:func:`.gates.moved_on`).
``take_deposit`` is state-tested where no passport is on file yet, and the refusal there stays the same:
nothing is credited to it."""

from __future__ import annotations

import copy

from llama_index_libra.induction import counterfactual
from tests.support.builds import induce_serially, relation_triples, with_and_without


class School:
    def __init__(self) -> None:
        self.students = {
            "ST-3": {"name": "Mr Tomas Lindqvist", "passport": "91044528", "paid": 250.0, "confirmed": True},
            "ST-7": {"name": "Ms Adaeze Okafor", "passport": None, "paid": 0.0, "confirmed": False},
        }
        self.letters = 0

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def _student(state: School, student_id: str) -> dict:
    s = state.students.get(student_id)
    if s is None:
        raise LookupError(f"no student {student_id!r}")
    return s


def students(state: School = None) -> list:
    """Every student."""
    return [{"student_id": k, "name": s["name"]} for k, s in sorted(state.students.items())]


def record_passport(student_id: str, passport_number: str, state: School = None) -> dict:
    """Keep a student's passport number on file."""
    s = _student(state, student_id)
    if s["passport"] is not None:
        raise ValueError(f"{student_id} has a passport on file already")
    s["passport"] = passport_number
    return {"student_id": student_id, "passport": passport_number}


def take_deposit(student_id: str, state: School = None) -> dict:
    """Take the course deposit (250.00) from a student."""
    s = _student(state, student_id)
    if s["paid"] >= 250:
        raise ValueError(f"{student_id} has paid the deposit already")
    s["paid"] += 250.0
    return {"student_id": student_id, "paid": s["paid"]}


def issue_visa_letter(student_id: str, state: School = None) -> dict:
    """Issue the letter a student's visa application needs."""
    s = _student(state, student_id)
    if s["passport"] is None:
        raise ValueError(f"no passport on file for {s['name']}; the letter quotes it")
    if s["paid"] < 250:
        raise ValueError(f"a visa letter needs a deposit of 250.00 paid; {s['name']} has paid {s['paid']:.2f}")
    if not s["confirmed"]:
        raise ValueError("the course confirmation from head office is outstanding")
    state.letters += 1
    return {"letter": f"VL-{state.letters}", "student_id": student_id}


TOOLS = [students, record_passport, take_deposit, issue_visa_letter]
FIXTURES = {"note": "Ms Okafor brought her passport, number A07731254, and wants her visa letter"}


def test_each_write_that_moved_the_refusal_on_is_a_prerequisite() -> None:
    library, report = induce_serially(TOOLS, School, FIXTURES)
    triples = relation_triples(library)
    assert ("record_passport", "issue_visa_letter", "state") in triples, report.summary()
    assert ("take_deposit", "issue_visa_letter", "state") not in triples  # refused for the passport both times
    moved = [r for r in list(library.relations) + list(library.alternatives) if r.consumer == "issue_visa_letter"]
    assert all(r.evidence.get("moved_on") for r in moved if r.kind == "state")


def test_without_reading_the_refusal_move_on_nothing_is_credited() -> None:
    gated, ungated = with_and_without(lambda: induce_serially(TOOLS, School, FIXTURES)[0],
                                      (counterfactual, "moved_on", lambda *a: False))
    assert ("record_passport", "issue_visa_letter", "state") in relation_triples(gated)
    assert not {t for t in relation_triples(ungated) if t[1] == "issue_visa_letter" and t[2] == "state"}
