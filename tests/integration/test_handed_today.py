"""Refusals that teach one input at a time (tests/support/gallery_desk.py), induced end to end.

``open_exhibition`` refuses its first day's layout, then its second day's, then a day that is not
after the handed today. What each refusal taught is held for the next tries (the template's second
round and the next levels take learned values), and the future day is counted from the handed
``today`` (:func:`.hints.later_days`): the tool succeeds in the fresh state alone, and ``hang_work``
is credited to it. Without a handed today there is nothing to count from, and it never succeeds."""

from __future__ import annotations

from tests.support.builds import induce_serially
from tests.support.gallery_desk import FIXTURES, TOOLS, GalleryState


def test_three_refusals_in_a_row_each_teach_one_input() -> None:
    library, report = induce_serially(TOOLS, GalleryState, FIXTURES)
    assert "open_exhibition" not in report.never_succeeded, report.summary()
    assert ("open_exhibition", "hang_work") in {(r.provider, r.consumer) for r in library.relations}


def test_the_future_day_is_counted_from_the_handed_today_in_the_fresh_state_alone() -> None:
    _, report = induce_serially(TOOLS, GalleryState, FIXTURES, max_depth=0, goal_depth=0)
    assert "open_exhibition" not in report.never_succeeded, report.summary()


def test_without_a_handed_today_the_exhibition_never_opens() -> None:
    fixtures = {"gallery": {"name": "Calderbrook Gallery"}}
    _, report = induce_serially(TOOLS, GalleryState, fixtures, max_depth=0, goal_depth=0)
    assert "open_exhibition" in report.never_succeeded, report.summary()
