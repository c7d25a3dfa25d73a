"""Counterfactual controls of dates and times: valid ones of the same layout (a week or an hour away),
never a placeholder of another layout (``induction/control_values.py``)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, strategies as st

from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.control_values import calendar_layout, format_preserving_change, make_controls

LAYOUTS = ["%Y-%m-%d", "%d/%m/%Y", "%Y-%m-%dT%H:%M:%S", "%d.%m.%Y"]


@given(st.datetimes(min_value=dt.datetime(1900, 1, 8), max_value=dt.datetime(2999, 12, 20)), st.sampled_from(LAYOUTS),
       st.sampled_from([1, 2]))
def test_a_dates_control_is_a_valid_date_of_its_layout_on_its_weekday(moment: dt.datetime, layout: str, shift: int) -> None:
    value = moment.replace(microsecond=0).strftime(layout)
    changed = format_preserving_change(value, shift)
    assert changed != value
    parsed = dt.datetime.strptime(changed, layout)
    assert parsed.strftime(layout) == changed
    assert parsed.weekday() == dt.datetime.strptime(value, layout).weekday()
    assert abs((parsed - dt.datetime.strptime(value, layout)).days) == 7


def test_a_time_of_day_moves_an_hour_each_way_and_codes_keep_their_classes() -> None:
    assert (format_preserving_change("10:00", 1), format_preserving_change("10:00", 2)) == ("09:00", "11:00")
    assert calendar_layout("CV-27-00391") is None and calendar_layout("2027-13-40") is None
    assert format_preserving_change("CV-27-00391") == "PI-72-55846"  # not a date: rotated as before


def test_a_dates_controls_are_an_earlier_and_a_later_date_never_a_placeholder() -> None:
    assert make_controls("2027-03-09", {"type": "string"}, ["paid_on"]) == ["2027-03-02", "2027-03-16"]
    assert make_controls("2027-03-09", {"type": "string"}, ["2026-01-05"]) == ["2026-01-05", "2027-03-02"]
    # a code's controls still start with the contract's literal
    assert make_controls("CV-27-00391", {"type": "string"}, ["case_number"])[0] == "case_number"


def test_one_refusal_names_one_cause() -> None:
    assert cause_of("dates are YYYY-MM-DD, got 'paid_on'") == "format"
    assert cause_of("no case 'CR1'") == "unknown_value"
    assert cause_of("no valid session token; sign in first") == "credentials"
    assert cause_of("a payment cannot be dated in the future") == "state"
    assert cause_of("it went wrong") is None
    # a record named by a code of capitals and digits, unquoted (the code's own case decides)
    assert cause_of("no household HH-0586") == cause_of("No booking BK1 on file") == "unknown_value"
    assert cause_of("no seats left in row a1") is None


def test_error_codes_read_as_words() -> None:
    """Chat-platform style codes ("invalid_auth", "locker_not_found") name their cause like sentences."""
    assert [cause_of(m) for m in ("invalid_auth", "missing_scope", "locker_not_found", "not_collected")] == [
        "credentials", "credentials", "unknown_value", "state"]


def test_a_json_text_refusal_is_read_by_its_strings_not_its_keys() -> None:
    """``"status": 404`` is a key of the reply, not a state the record is in."""
    assert cause_of('{"code":"not_found","message":"no tenancy \'LL-0419\'","status":404}') == "unknown_value"
    assert cause_of('{"code":"unauthorized","message":"access token missing, invalid or expired","status":401}') == "credentials"
    assert cause_of('{"error": {"status": "it is locked"}}') == "state"
    assert cause_of("{not json: status}") == "state"


def test_a_calls_other_days_move_with_the_control() -> None:
    """A return date's control a week earlier takes the pickup date a week earlier too (a 5-day
    rental stays 5 days long); times of day move only with times of day; codes never move."""
    from llama_index_libra.induction.control_values import shift_with

    assert shift_with("2027-07-06", "2027-06-29", {"pickup": "2027-07-01", "branch": "MAN", "at": "10:00",
                                                   "since": "01/07/2027"}) == {"pickup": "2027-06-24", "since": "24/06/2027"}
    assert shift_with("10:00", "09:00", {"until": "11:30", "day": "2027-07-01"}) == {"until": "10:30"}
    assert shift_with("CV-1", "PI-7", {"day": "2027-07-01"}) == {}
