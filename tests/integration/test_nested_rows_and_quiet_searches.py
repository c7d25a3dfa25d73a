"""Rows with a row inside, searches that match nothing, and the person a transition acted on,
induced end to end (tests/support/form_room.py, the shape of a school's staff portal, and
tests/support/moderation_desk.py, an exam board's sign-in by mailed code):

- ``list_my_classes`` returns rows ``[class_code, label, [pupil_count, teacher]]``: the docstring's
  nested columns name every cell, so ``class_roster`` gets the ``class_code`` of the first cell;
- ``find_pupil`` answers ``{"matches": []}`` to the teacher's name, the handed value whose field
  aligns with ``name``: a template whose successes all showed nothing takes the fallbacks of a
  refused one, so the pupils' names (handed under their form, a field that does not align) are
  tried, and the ``pupil_id`` they find reaches ``pupil_profile`` and ``log_merit``.
- a state entered by a call on one handed person's record (a code mailed to the moderator, the fifth
  person handed) continues with that person's values (:func:`.handed.persona_bindings`).
Before these, ``class_roster``, ``pupil_profile``, ``log_merit``, ``elevate`` and
``release_results`` never succeeded."""

from __future__ import annotations

import pytest

from tests.support.builds import induce_serially
from tests.support.form_room import FIXTURES, TOOLS, PortalState


@pytest.fixture(scope="module")
def built():
    return induce_serially(TOOLS, PortalState, FIXTURES)


def test_every_tool_succeeds(built) -> None:
    _, report = built
    assert report.tools_succeeded == len(TOOLS), report.summary()


def test_a_nested_rows_first_cell_reaches_its_consumer(built) -> None:
    library, _ = built
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert ("list_my_classes", "class_roster") in pairs, sorted(pairs)


def test_a_search_that_matched_nothing_tries_other_fields(built) -> None:
    library, _ = built
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert {("find_pupil", "pupil_profile"), ("find_pupil", "log_merit"), ("sign_in", "find_pupil")} <= pairs, sorted(pairs)


def test_a_transition_on_a_handed_record_continues_with_that_person() -> None:
    """tests/support/moderation_desk.py: the moderator is the fifth person handed; in the state where
    the moderator's address got a code, verifying takes the moderator's address and code (the
    record the transition acted on), not the first four people's, so the elevated release is found."""
    from tests.support.moderation_desk import FIXTURES as DESK, TOOLS as DESK_TOOLS, DeskState

    library, report = induce_serially(DESK_TOOLS, DeskState, DESK)
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert report.tools_succeeded == len(DESK_TOOLS), report.summary()
    assert {("request_code", "verify_code"), ("verify_code", "elevate"), ("elevate", "release_results")} <= pairs, sorted(pairs)
