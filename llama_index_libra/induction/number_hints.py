"""What a refusal teaches about a numeric input: its range, a bound, the few values it allows; and
samples of a counted layout of digits.

Part of :func:`.hints.error_hints`: each helper reads one message against the call's arguments and adds,
per numeric input the message names (a word of the input's name before or after the numbers), the values
to try next. "draft 0.3-4 m" gives ``draft_m`` its midpoint; "cover must be at least 3,000,000" gives
the bound; "a licence runs for 6 or 12 months, not 10" gives ``months`` 6 and 12; "lends for 1 to 6
months" gives ``months`` 3.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from llama_index_libra.contracts.parts import name_tokens

__all__ = ["number_hints", "digits_sample", "is_number"]

# a refusal that gives an input's range: "check the dimensions: LOA 2-30 m, beam 1-10 m, draft 0.3-4 m",
# "party size must be between 1 and 8" (not a date's "05-31": no digit or hyphen around it)
_RANGE_CLAUSE_RE = re.compile(r";|,(?!\d)|\.(?:\s|$)")  # clauses of a range refusal ("between 1 and 8" stays whole)
# (the far end may follow a few words: "between 1 and the room's 2 seats")
_RANGE_RE = re.compile(r"(?<![\d.\-])([-+]?\d+(?:\.\d+)?)\s*(?:-|\u2013|(?:\bto\b|\band\b)(?:\s+[^\W\d][\w']*){0,3})\s*([-+]?\d+(?:\.\d+)?)(?![\d\-])")
# a refusal that bounds an input on one side: "THIRD PARTY COVER MUST BE AT LEAST 3,000,000 GBP",
# "quantity must be at most 4" (thousands separators read)
_BOUND_RE = re.compile(r"\b(at least|no less than|minimum(?: of| is)?|not less than|at most|no more than|maximum(?: of| is)?|"
                       r"not more than)\s+([-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-+]?\d+(?:\.\d+)?)(?![\d.])", re.IGNORECASE)
# a refusal that offers a few numbers of a unit that names the input: "a licence runs for 6 or 12 months",
# "stays of 2, 3 or 7 nights" (the unit is a word of the input's name, singular or plural)
_CHOICES_RE = re.compile(r"(?<![\w.\-])(\d+(?:\.\d+)?(?:\s*,\s*\d+(?:\.\d+)?)*,?\s+or\s+\d+(?:\.\d+)?)\s+([a-z]+)\b",
                         re.IGNORECASE)
_NUMBER_RE = re.compile(r"\d+(?:\.\d+)?")
# the unit right after a range ("1 to 6 months"): a word of letters
_UNIT_RE = re.compile(r"\s*([a-z]{2,})\b", re.IGNORECASE)


def _name_words(name: str) -> set[str]:
    """The words of an input's name a refusal may use for it (``draft_m`` -> ``draft``: one letter says nothing)."""
    return {t for t in name_tokens(name) if len(t) > 1}


def _numbers_named(before: str, args: Mapping[str, Any]) -> list[tuple[str, int | float]]:
    """The numeric inputs a word of ``before`` (the lower-case clause up to a range or a bound) names:
    ``draft 0.3-4 m`` names ``draft_m``."""
    words = set(re.findall(r"[a-z]+", before))
    return [(name, current) for name, current in args.items() if is_number(current) and words & _name_words(name)]


def _unit_named(unit: str, args: Mapping[str, Any]) -> list[tuple[str, int | float]]:
    """The numeric inputs a unit after some numbers names, singular or plural (``months`` for ``months``
    or ``term_month``)."""
    unit = unit.lower()
    forms = {unit, unit[:-1] if unit.endswith("s") else unit + "s"}
    return [(name, current) for name, current in args.items() if is_number(current) and _name_words(name) & forms]


def _range_hints(message: str, args: Mapping[str, Any], out: dict[str, list[Any]]) -> None:
    """Per clause of ``message``, a range after a word of a numeric input's name (``draft 0.3-4 m`` for
    ``draft_m``) or before a unit that names one (``lends for 1 to 6 months`` for ``months``): its
    midpoint, for an input whose value lies outside it (an int for an int input when both ends are whole)."""
    for clause in _RANGE_CLAUSE_RE.split(message):
        lowered = clause.lower()
        for m in _RANGE_RE.finditer(clause):
            lo, hi = float(m.group(1)), float(m.group(2))
            if lo >= hi:
                continue
            named = _numbers_named(lowered[:m.start()], args)
            unit = _UNIT_RE.match(clause, m.end())
            if unit is not None:
                named += [n for n in _unit_named(unit.group(1), args) if n not in named]
            for name, current in named:
                if lo <= current <= hi:
                    continue
                mid = (lo + hi) / 2
                # whole ends and a whole value tried (3 or 3.0): a whole midpoint
                whole = lo.is_integer() and hi.is_integer() and float(current).is_integer()
                value = int(mid) if whole else round(mid, 2)
                if value not in out.get(name, ()):
                    out.setdefault(name, []).append(value)


def _bound_hints(message: str, args: Mapping[str, Any], out: dict[str, list[Any]]) -> None:
    """Per clause of ``message``, a one-sided bound after a word of a numeric input's name (``cover
    must be at least 3,000,000`` for ``third_party_cover_gbp``): the bound itself, for an input whose
    value lies on the wrong side of it (an int for an int input when the bound is whole)."""
    for clause in _RANGE_CLAUSE_RE.split(message):
        lowered = clause.lower()
        for m in _BOUND_RE.finditer(clause):
            bound = float(m.group(2).replace(",", ""))
            lower = m.group(1).lower() in ("at least", "no less than", "not less than") or m.group(1).lower().startswith("minimum")
            for name, current in _numbers_named(lowered[:m.start()], args):
                if current >= bound if lower else current <= bound:
                    continue
                value = int(bound) if isinstance(current, int) and bound.is_integer() else bound
                if value not in out.get(name, ()):
                    out.setdefault(name, []).append(value)


def digits_sample(length: int) -> str | None:
    """A string of ``length`` digits that passes the Luhn check (card and account numbers often must):
    a literal of the layout a refusal counted; None outside 1-40."""
    if not 1 <= length <= 40:
        return None
    if length == 1:
        return "0"
    body = "4" + "2" * (length - 2)
    total = 0
    for i, c in enumerate(reversed(body)):  # the check digit will sit right of these: double every other from it
        d = int(c) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return body + str((10 - total % 10) % 10)


def is_number(value: Any) -> bool:
    """Whether ``value`` is an int or a float (a bool is neither here: a flag is no quantity)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def number_hints(message: str, args: Mapping[str, Any], out: dict[str, list[Any]]) -> None:
    """Every numeric hint of ``message`` for the numeric inputs of ``args``, added to ``out``."""
    if _RANGE_RE.search(message):
        _range_hints(message, args, out)
    if _BOUND_RE.search(message):
        _bound_hints(message, args, out)
    if _CHOICES_RE.search(message):
        _choice_hints(message, args, out)


def _choice_hints(message: str, args: Mapping[str, Any], out: dict[str, list[Any]]) -> None:
    """The numbers a refusal offers in a unit that is a word of a numeric input's name (``6 or 12 months``
    for ``months``, ``2, 3 or 7 nights`` for ``nights_booked``), those other than the value tried (ints
    for an int input when they are whole)."""
    for m in _CHOICES_RE.finditer(message):
        for name, current in _unit_named(m.group(2), args):
            for text in _NUMBER_RE.findall(m.group(1)):
                value = float(text)
                value = int(value) if isinstance(current, int) and value.is_integer() else value
                if value != current and value not in out.get(name, ()):
                    out.setdefault(name, []).append(value)
