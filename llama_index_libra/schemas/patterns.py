"""Bounded regular expressions: time-limited matching, a static hazard check, a bounded sampler.

JSON Schema ``pattern`` strings come from catalogs and from LLM replies, and are matched against
values that may echo the reply's own literals. Python's ``re`` backtracks without limit, so a
pattern with nested quantifiers (``(a+)+$``) on a 40-character string never returns. Every
pattern here is matched by the ``regex`` engine with a timeout (a timed-out match counts as no
match), LLM-written patterns are checked statically first (length, nested quantifiers) so the
reply gets a clear message, and sample strings built from a pattern are capped in length (nested
bounded repeats multiply: 24 pattern characters asked for 262,144 sample characters).
"""

from __future__ import annotations

import functools
import re
from typing import Any

import regex

try:  # Python >= 3.11
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    import sre_parse as _sre_parse  # type: ignore[no-redef]

__all__ = [
    "MATCH_TIMEOUT_S",
    "MAX_PATTERN_CHARS",
    "MAX_SAMPLE_CHARS",
    "PatternError",
    "pattern_problem",
    "search",
    "fullmatch",
    "sample_pattern",
]

# Wall-clock limit of one match. A safe pattern on a record-sized string takes microseconds; only
# catastrophic backtracking gets near this.
MATCH_TIMEOUT_S = 0.1
# Longest pattern an LLM-written contract may carry (the shipped prompts ask for short ones).
MAX_PATTERN_CHARS = 256
# Longest sample string built from a pattern (a literal argument, not a payload).
MAX_SAMPLE_CHARS = 256
# Copies of a repeated group emitted per repeat when sampling (the old sampler's cap).
_MAX_REPEAT_COPIES = 64
_MAX_DEPTH = 20
_MAX_CACHED = 4096


class PatternError(ValueError):
    """A pattern that cannot be compiled or whose match ran past :data:`MATCH_TIMEOUT_S`."""


@functools.lru_cache(maxsize=_MAX_CACHED)
def _compiled(pattern: str) -> "regex.Pattern[str]":
    try:
        return regex.compile(pattern)
    except (regex.error, re.error, OverflowError, RecursionError, ValueError) as exc:
        raise PatternError(f"pattern {_clip(pattern)} does not compile: {exc}") from None


def _clip(pattern: str, limit: int = 60) -> str:
    return repr(pattern if len(pattern) <= limit else pattern[: limit - 3] + "...")


def search(pattern: str, text: str, *, timeout_s: float = MATCH_TIMEOUT_S) -> bool:
    """``re.search(pattern, text)`` under a time limit; raises :class:`PatternError` on a bad
    pattern or a match that ran out of time."""
    try:
        return _compiled(pattern).search(text, timeout=timeout_s) is not None
    except TimeoutError:
        raise PatternError(
            f"pattern {_clip(pattern)} did not finish matching a {len(text)}-character string within "
            f"{timeout_s:g} s (catastrophic backtracking)"
        ) from None


def fullmatch(pattern: str, text: str, *, timeout_s: float = MATCH_TIMEOUT_S) -> bool:
    """``re.fullmatch`` under a time limit; a bad or timed-out pattern counts as no match."""
    try:
        return _compiled(pattern).fullmatch(text, timeout=timeout_s) is not None
    except (TimeoutError, PatternError):
        return False


def _parse(pattern: str) -> Any:
    try:
        return _sre_parse.parse(pattern)
    except (re.error, RecursionError, ValueError, OverflowError, TypeError) as exc:
        raise PatternError(f"pattern {_clip(pattern)} does not compile: {exc}") from None


_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")


# A repeat whose count may vary by more than this many copies makes backtracking ambiguous
# inside another repeat ((a+)+, (x*)*y); fixed or narrow counts ((a{64}){64}, (\d{1,3}\.){3}) do not.
_NARROW_SPAN = 16


def _nested_repeat(parsed: Any, inside: bool, depth: int = 0) -> bool:
    """Whether a widely variable repeat sits inside a repeat of more than one copy."""
    if depth > _MAX_DEPTH:
        return True
    for op, arg in parsed:
        name = str(op)
        if name in _REPEATS:
            lo, hi, sub = arg
            unbounded = hi is _sre_parse.MAXREPEAT or hi >= _sre_parse.MAXREPEAT
            if inside and (unbounded or hi - lo > _NARROW_SPAN):
                return True
            if _nested_repeat(sub, inside or unbounded or hi > 1, depth + 1):
                return True
        elif name == "SUBPATTERN":
            if _nested_repeat(arg[-1], inside, depth + 1):
                return True
        elif name == "BRANCH":
            if any(_nested_repeat(branch, inside, depth + 1) for branch in arg[1]):
                return True
        elif name in ("ASSERT", "ASSERT_NOT"):
            if _nested_repeat(arg[1], inside, depth + 1):
                return True
    return False


def pattern_problem(pattern: Any) -> str | None:
    """Why an LLM-written ``pattern`` is refused (too long, not compilable, nested quantifiers), or None."""
    if not isinstance(pattern, str):
        return None
    if len(pattern) > MAX_PATTERN_CHARS:
        return f"pattern is {len(pattern)} characters long; keep it under {MAX_PATTERN_CHARS}"
    try:
        _compiled(pattern)
        parsed = _parse(pattern)
    except PatternError as exc:
        return str(exc)
    if _nested_repeat(parsed, False):
        return (
            f"pattern {_clip(pattern)} nests quantifiers (e.g. (a+)+), which backtracks catastrophically; "
            "use a flat pattern, const or enum"
        )
    return None


class _TooLong(Exception):
    """The sample would exceed its character budget."""


class _Unsupported(Exception):
    """The pattern uses a construct the sampler does not handle."""


def sample_pattern(pattern: str, *, max_chars: int = MAX_SAMPLE_CHARS) -> str | None:
    """A short string that ``pattern`` matches (checked under the time limit), or None when the
    pattern is unsupported, needs more than ``max_chars`` characters, or does not verify."""
    if not isinstance(pattern, str) or len(pattern) > 4 * MAX_PATTERN_CHARS:
        return None
    try:
        parsed = _parse(pattern)
        sample = _emit(parsed, 0, max_chars)
    except (PatternError, _Unsupported, _TooLong, RecursionError):
        return None
    try:
        return sample if search(pattern, sample) else None
    except PatternError:
        return None


def _emit(parsed: Any, depth: int, budget: int) -> str:
    """Emit the shortest-ish string for ``parsed`` within ``budget`` characters."""
    if depth > _MAX_DEPTH:
        raise _Unsupported("depth")
    out: list[str] = []
    used = 0
    for op, arg in parsed:
        name = str(op)
        if name == "LITERAL":
            piece = chr(arg)
        elif name == "AT":
            continue
        elif name == "ANY":
            piece = "a"
        elif name == "IN":
            piece = _class_char(arg)
        elif name in _REPEATS:
            lo, _hi, sub = arg
            copies = min(lo, _MAX_REPEAT_COPIES)
            if copies == 0:
                continue
            one = _emit(sub, depth + 1, budget - used)
            if len(one) * copies > budget - used:
                raise _TooLong
            piece = one * copies
        elif name == "SUBPATTERN":
            piece = _emit(arg[-1], depth + 1, budget - used)
        elif name == "BRANCH":
            piece = _emit(arg[1][0], depth + 1, budget - used)
        elif name == "CATEGORY":
            piece = _category_char(arg)
        else:
            raise _Unsupported(name)
        used += len(piece)
        if used > budget:
            raise _TooLong
        out.append(piece)
    return "".join(out)


def _class_char(items: Any) -> str:
    for op, arg in items:
        name = str(op)
        if name == "NEGATE":
            raise _Unsupported(name)
        if name == "LITERAL":
            return chr(arg)
        if name == "RANGE":
            lo, hi = arg
            for preferred in ("1", "a", "A"):
                if lo <= ord(preferred) <= hi:
                    return preferred
            return chr(lo)
        if name == "CATEGORY":
            return _category_char(arg)
    raise _Unsupported("IN")


def _category_char(category: Any) -> str:
    name = str(category)
    if name == "CATEGORY_DIGIT":
        return "1"
    if name == "CATEGORY_WORD":
        return "a"
    if name == "CATEGORY_SPACE":
        return " "
    if name == "CATEGORY_NOT_DIGIT":
        return "a"
    raise _Unsupported(name)
