"""hints.least_notice and the days it teaches: a refusal of a day too soon that says how soon.

``a shoot day needs five clear days' notice``: the film office's today was handed, and the days
after today that the earlier rounds offered (for "in the future", "today or later") were all too
soon, so no shoot day was ever added and nothing below it ran."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, strategies as st

from llama_index_libra.induction.hints import LATER_DAYS, error_hints, least_notice

TODAY = dt.datetime(2053, 10, 14, 9, 0)


@pytest.mark.parametrize("message, days", [
    ("ValidationException: a shoot day needs five clear days' notice", 5),
    ("We need 10 days' notice and do not move on Sundays.", 10),
    ("parties are booked at least seven days ahead", 7),
    ("completion needs a working day at least 3 days ahead.", 3),
    ("bookings need at least 2 weeks in advance", 14),
    ("a visit is booked no less than fourteen days ahead", 14),
    # bounds that are not least ones, and no bound at all
    ("the party diary is open 90 days ahead", 0),
    ("rooms are booked up to 14 days ahead", 0),
    ("book two weeks in advance", 0),
    ("no notice given", 0),
])
def test_least_notice(message: str, days: int) -> None:
    assert least_notice(message) == days


def test_the_days_after_the_notice_are_taught_nearest_first() -> None:
    hints = error_hints("a shoot day needs five clear days' notice", {"application_id": "APP-1", "date": "2053-10-14"},
                        today=TODAY)
    assert hints["date"][:2] == ["2053-10-20", "2053-10-21"]
    assert len(hints["date"]) == LATER_DAYS
    # without a handed today nothing is taught: the notice counts from a day the tester does not know
    assert "date" not in error_hints("a shoot day needs five clear days' notice", {"date": "2053-10-14"})


def test_the_day_keeps_its_layout() -> None:
    hints = error_hints("We need 3 days' notice", {"move_on": "15.10.2053"}, today=TODAY)
    assert hints["move_on"][0] == "18.10.2053"


@given(st.text(max_size=200))
def test_least_notice_never_fails(message: str) -> None:
    assert least_notice(message) >= 0
