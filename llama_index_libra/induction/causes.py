"""Why a tool never succeeded during induction: one cause class per tool, read from its attempts.

A tool that never succeeds can have no relation to its prerequisites, so the build report names
the most likely cause of each, from the errors its calls returned (most frequent first), whether
it could run at all, and what cut the build short. The classes, in the order they are tested:

``not_run``       no call was ever made: an input had no value of a fitting type (no tool produced
                  one and no fixture holds one), or the budget ran out first.
``budget``        calls were refused because the build's run or time budget was spent.
``crash``         the tool timed out, crashed, or raised a programming error (``TypeError``,
                  ``AttributeError``...) on the values it got.
``credentials``   it refused for want of a login, a token or a permission (and no call got past
                  that check: a tool refused further on by some calls has the later cause).
``vocabulary``    it said which values it accepts ("expected one of", "must be either").
``format``        it rejected the layout or range of a value (a date, a code, "must be between", "at most 28").
``state``         the state was wrong: a record not in the status the write needs, a setting off,
                  already done, locked.
``unknown_value`` it did not know the values it got ("not found", "unknown", "no such"): the
                  right id was never observed.
``other``         none of the above.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Mapping

from llama_index_libra.induction.hints import refusal_text

__all__ = ["CAUSES", "never_succeeded_cause", "cause_of"]

# What a user does about each cause (shown in the report and in docs/induction.md).
CAUSES: dict[str, str] = {
    "not_run": "no value fitted an input: add a fixture holding one, or a tool that lists them",
    "budget": "the budget ran out: raise --budget, or build again with the same --log-dir to resume",
    "crash": "the tool raised or hung on the values it got: check its code, its types and timeout_s",
    "credentials": "it needs a login or a permission: add the credentials as fixtures",
    "vocabulary": "it accepts only some values: document them (an Enum/Literal type or 'Options are: ...')",
    "format": "a value had the wrong layout or range: document it (a pattern, bounds, or an example in the parameter's docstring)",
    "state": "it needs a state no explored path reached: offer a fresh state (fresh_state_factories) or raise goal_depth",
    "unknown_value": "the values tried were unknown to it: the tool that creates or lists them never ran, or never succeeded",
    "other": "read the errors below",
}

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("budget", re.compile(r"not run: (max_runs|budget)", re.I)),
    ("crash", re.compile(r"^(timeout:|TypeError|AttributeError|NameError|IndexError|ZeroDivisionError|RecursionError|"
                         r"AssertionError|NotImplementedError|unserializable output|the call left)|crash", re.I)),
    ("credentials", re.compile(r"\b(permission|not authori[sz]ed|unauthori[sz]ed|forbidden|log ?in|logged in|invalid auth|"
                               r"scopes?|sign(?:ed)? ?in|token|credential|password|not allowed for|expired|one-time|otp)\b", re.I)),
    ("vocabulary", re.compile(r"\b(expected one of|must be one of|should be one of|one of:|options are|allowed values|"
                              r"valid values|must be either|should be either|unsupported|unknown (unit|category|type|kind|mode))",
                              re.I)),
    ("format", re.compile(r"\b(format|formatted|layout|invalid (date|time|phone|e-?mail|number|code)|"
                          r"expected [A-Z]{2}[/.\-]|YYYY|DD[./-]MM|malformed|not a valid|must be between|out of range|"
                          r"must be (?:at least|at most|positive|greater|less)|"
                          # a bound of a number ("at most 28 nights", "no more than 6 people", "1 to 28 nights")
                          r"no (?:more|fewer|less) than \d|at (?:most|least) \d|up to \d|(?:maximum|minimum)(?: is| of)? \d|"
                          r"\d+ to \d+ [a-z])", re.I)),
    # (generic English of states: "is locked", "not yet approved", "already enabled", "unlock it first")
    ("state", re.compile(r"\b(already|status|is (off|on|\w+ed)|not (yet )?(\w+ed|available|active|open|pending)|"
                         r"only (a|an|the)\b|must be (\w+ed|on|off)|first\b|no longer|non-\w+|cannot|can't|"
                         r"out of \w+|insufficient|not enough|exceeds|limit reached)", re.I)),
    ("unknown_value", re.compile(r"\b(not[ _]found|unknown|no such|does not exist|doesn't exist|invalid id|no \w+ with|"
                                 r"not in the|not exist|missing)\b|"
                                 # "no assignment 20", "no behaviour entry 'DT-0304'", "no household HH-0586": a
                                 # record by the value it got (a code of capitals and digits counts as one)
                                 r"\bno (?:[a-z][\w-]* ){1,3}(?:['\"#]|\d|(?-i:[A-Z]{1,5}-?\d))", re.I)),
]


# an exception's type, with a module path and a code where it has them ("ForbiddenException (22): ",
# "requests.exceptions.HTTPError [403]: "): it names a class, the rest of the message says why
_EXCEPTION_PREFIX = re.compile(r"^[\w.]*(Error|Exception|Conflict|Denied)\w*(?:\s*[(\[]\s*[\w.-]{1,12}\s*[)\]])?:\s*")


@functools.lru_cache(maxsize=1 << 16)
def cause_of(message: str) -> str | None:
    """The cause class one refusal's message names (the first class whose pattern it matches), else None.
    (Kept per message: a build asks about the same refusals hundreds of thousands of times.)"""
    # a refusal in JSON text ({"code": "not_found", "message": "...", "status": 404}) says why in its
    # strings, not in its keys; an error code is words joined by underscores ("invalid_auth")
    words = _EXCEPTION_PREFIX.sub("", refusal_text(message), count=1).replace("_", " ")
    for cause, pattern in _PATTERNS:
        # the exception's type says "crash" or nothing: the rest of the message says why
        if pattern.search(message if cause in ("budget", "crash") else words):
            return cause
    return None


def never_succeeded_cause(info: Mapping[str, Any], *, budget_spent: bool = False) -> str:
    """The cause class of a tool that never succeeded, from its report entry (``runs``, ``errors``
    as [message, count] pairs, most frequent first); a tool never run in a build whose budget
    was spent is ``budget``."""
    errors = [(str(m), int(n)) for m, n in info.get("errors") or []]
    if not info.get("runs") and not any("not run" in m for m, _ in errors):
        return "budget" if budget_spent else "not_run"
    counts: dict[str, int] = {}
    for message, n in errors:
        cause = cause_of(message)
        if cause is not None:
            counts[cause] = counts.get(cause, 0) + n
    if not counts:
        return "other"
    if "credentials" in counts and set(counts) - {"credentials", "other"}:
        # some calls got past the credential check (refused further on): the credentials were
        # there, and the other refusal is what blocks the tool (a sign-in that succeeded, then
        # "no booking BK-1"); junk values in a token input are refused most often, but say nothing
        del counts["credentials"]
    order = [c for c, _ in _PATTERNS]
    return max(counts, key=lambda c: (counts[c], -order.index(c)))
