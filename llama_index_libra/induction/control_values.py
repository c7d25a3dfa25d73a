"""Counterfactual controls for input-provenance tests.

The control is a valid value for the input that differs from the provider's value: the
contract's own literal for that input when it has one that differs, else a format-preserving
change of the observed value (same type, length and character classes; a date or a time of day
moved by whole weeks or hours, so that it stays a valid one on the same weekday), else None
(untestable). A control that breaks the input's format would invent provenance; one equal to the
provider's value would hide it.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any, Iterable

from llama_index_libra.induction.hints import as_date
from llama_index_libra.schemas.validate import shared_validator

__all__ = ["format_preserving_change", "make_control", "make_controls", "calendar_layout", "converted_from", "shift_with", "NO_CONTROL"]

NO_CONTROL = object()

# digit layouts of a day, a moment or a time of day (the whole value, zero-padded as written)
_CALENDAR = ("%Y-%m-%d", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%d/%m/%Y",
             "%m/%d/%Y", "%d.%m.%Y", "%Y/%m/%d", "%d-%m-%Y", "%H:%M", "%H:%M:%S")


def calendar_layout(value: Any) -> tuple[dt.datetime, str] | None:
    """(moment, layout) when ``value`` is a date, a moment or a time of day written in digits
    (``2027-03-09``, ``09/03/2027``, ``2027-03-09T17:30:00``, ``10:00``); else None."""
    if not isinstance(value, str) or not 4 < len(value) < 20 or not value[:2].isdigit():
        return None
    for layout in _CALENDAR:
        try:
            moment = dt.datetime.strptime(value, layout)
        except ValueError:
            continue
        if moment.strftime(layout) == value:
            return moment, layout
    return None


def converted_from(value: Any, origin: Iterable[str]) -> str | None:
    """The argument a converter wrote ``value`` from: the same day in another layout among the
    canonical JSON arguments (``origin``) of the call that produced it (``normalize_date("14 April
    2025")`` -> ``2025-04-14``); None when the value is no date or its producer was handed no such day.
    Without the converter the caller holds only that form: it is the control that shows the need."""
    if calendar_layout(value) is None:
        return None
    day = as_date(value)
    for arg in origin:
        if not arg.startswith('"'):
            continue
        try:
            text = json.loads(arg)
        except ValueError:
            continue
        if isinstance(text, str) and text != value and day is not None:
            other = as_date(text)
            if other is not None and other.date() == day.date():
                return text
    return None


def shift_with(value: Any, control: Any, others: dict[str, Any]) -> dict[str, Any]:
    """The other inputs of a call that hold days, moved as far as ``control`` moved from ``value``
    (each in its own layout), when both are days: a return date moves with its pickup date, so a
    control a week earlier keeps a 7-day rental 7 days long. Empty when ``value`` is no day."""
    a, b = calendar_layout(value), calendar_layout(control)
    if a is None or b is None:
        return {}
    step = b[0] - a[0]
    out = {}
    for name, other in others.items():
        found = calendar_layout(other)
        if found is None or ("%d" in found[1]) != ("%d" in a[1]):
            continue  # a time of day moves only with a time of day, a day with a day
        try:
            out[name] = (found[0] + step).strftime(found[1])
        except (OverflowError, ValueError):
            continue
    return out


def _calendar_change(value: str, shift: int) -> Any:
    """The same layout a week earlier (``shift`` 1) or later (2; a time of day: an hour): a valid
    date on the same weekday, so that a refusal of the control is about the day, not its form, and
    a day that needs a provider fails both ways (not merely "no payment dated in the future")."""
    found = calendar_layout(value)
    if found is None:
        return NO_CONTROL
    moment, layout = found
    step = (dt.timedelta(hours=1) if "%d" not in layout else dt.timedelta(weeks=1)) * (-1 if shift == 1 else shift - 1)
    try:
        return (moment + step).strftime(layout)
    except (OverflowError, ValueError):
        return NO_CONTROL


def _rotate_char(ch: str, shift: int = 1) -> str:
    if ch.isdigit():
        return str((int(ch) + 5 * shift - (shift > 1)) % 10)
    if "a" <= ch <= "z":
        return chr((ord(ch) - 97 + 13 * shift - (shift > 1)) % 26 + 97)
    if "A" <= ch <= "Z":
        return chr((ord(ch) - 65 + 13 * shift - (shift > 1)) % 26 + 65)
    return ch


def format_preserving_change(value: Any, shift: int = 1) -> Any:
    """Same type, length and character classes, different content; NO_CONTROL when impossible.

    ``shift`` picks another change of the same kind (a second, independent control)."""
    _rotate = lambda c: _rotate_char(c, shift)  # noqa: E731
    if isinstance(value, bool):
        return not value if shift == 1 else NO_CONTROL
    if isinstance(value, int):
        digits = "".join(_rotate(c) for c in str(abs(value)))
        if len(digits) > 1 and digits[0] == "0":
            digits = "9" + digits[1:]
        changed = int(digits) * (-1 if value < 0 else 1)
        return changed if changed != value else NO_CONTROL
    if isinstance(value, float):
        text = repr(abs(value))
        if "e" in text or "inf" in text or "nan" in text:
            return NO_CONTROL
        changed = float("".join(_rotate(c) for c in text)) * (-1 if value < 0 else 1)
        return changed if changed != value else NO_CONTROL
    if isinstance(value, str):
        moved = _calendar_change(value, shift)
        if moved is not NO_CONTROL:
            return moved
        changed = "".join(_rotate(c) for c in value)
        return changed if changed != value else NO_CONTROL
    if isinstance(value, list) and value:
        items = [format_preserving_change(v, shift) for v in value]
        return NO_CONTROL if any(i is NO_CONTROL for i in items) else items
    return NO_CONTROL


def make_control(value: Any, schema: Any, literals: Iterable[Any] = ()) -> Any:
    """A control value for an input whose provider value is ``value``; NO_CONTROL if none is valid."""
    validator = shared_validator(schema if isinstance(schema, (dict, bool)) else {})
    for literal in literals:
        if literal != value and validator.is_valid(literal):
            return literal
    changed = format_preserving_change(value)
    if changed is not NO_CONTROL and validator.is_valid(changed):
        return changed
    if isinstance(schema, dict) and isinstance(schema.get("enum"), list):
        for option in schema["enum"]:
            if option != value:
                return option
    return NO_CONTROL


def make_controls(value: Any, schema: Any, literals: Iterable[Any] = (), known: Iterable[str] = (), *, limit: int = 2) -> list[Any]:
    """Up to ``limit`` distinct controls for ``value``, none equal to a value known in the state.

    ``known`` holds the canonical JSON of every value observed in the state: a control equal to
    one of them (a name an earlier write took) would fail for that reason, not for lacking the
    provider's value. Order: the contract's literals, two format-preserving changes, enum options.
    """
    from llama_index_libra._io import canonical_json

    validator = shared_validator(schema if isinstance(schema, (dict, bool)) else {})
    taken = set(known) | {canonical_json(value)}
    out: list[Any] = []
    if calendar_layout(value) is not None:
        # a date's controls are dates: a placeholder literal (``paid_on``) fails for its layout
        literals = [lit for lit in literals if calendar_layout(lit) is not None]
    options = list(literals) + [format_preserving_change(value, 1), format_preserving_change(value, 2)]
    if isinstance(schema, dict) and isinstance(schema.get("enum"), list):
        options += list(schema["enum"])
    for option in options:
        if option is NO_CONTROL or option == value:
            continue
        key = canonical_json(option)
        if key in taken or not validator.is_valid(option):
            continue
        taken.add(key)
        out.append(option)
        if len(out) >= limit:
            break
    return out
