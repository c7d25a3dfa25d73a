"""What a refusal's message teaches about an input: the values it accepts, the layout it expects.

Undocumented vocabularies and formats often show only in error messages ("unsupported tax class
'x'; expected one of: I, II, III", "dates are written DD.MM.YYYY", "reason should be either
'no longer needed' or 'ordered by mistake'"). :func:`error_hints` reads such a message against
the arguments of the call that got it and returns, per input it can tie the message to, the
values to try next (the listed ones, the call's own date rewritten in the expected layout, or a
sample of the kind of value it asked for: an email address, an E.164 phone number, a URL, a number
of the digits it counted, the day it names).
Values learned this way are literals: they credit no tool.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Iterable, Mapping

from llama_index_libra.contracts.parts import name_tokens
from llama_index_libra.induction.number_hints import digits_sample, is_number, number_hints
from llama_index_libra.induction.values import json_text

__all__ = ["error_hints", "refusal_text", "repeats", "is_number", "as_date", "handed_today", "later_days", "least_notice", "shifted_months", "digits_sample", "MAX_HINT_VALUES", "LATER_DAYS"]

MAX_HINT_VALUES = 12

_LIST_RE = re.compile(
    r"\b(?:expected one of|must be one of|should be one of|one of|valid(?: [a-z]+)?(?: are)?|allowed(?: [a-z]+)?(?: are)?|"
    r"options(?: are)?|choose from|supported(?: [a-z]+)?(?: are)?|accepted(?: [a-z]+)?(?: are)?|known(?: [a-z]+)?(?: are)?:|"
    # "codes are A, B, C", "documents are named from A, B, C", "days is a list of A, B, C"
    r"[a-z]+s are(?:\s+(?:named|written|chosen|picked|taken))?(?:\s+(?:from|among))?(?=\s+[^;\n,]+,)|"
    r"(?:is|are)\s+(?:a\s+)?(?:list|set)\s+of(?=\s+[^;\n,]+,)|(?:must|should) be(?=\s+[^;\n]+\bor\b)|"
    # "the yard offers A, B, C", "use A, B, C": a service's own verb before a list of several
    r"(?:offers?|accepts?|supports?|stocks?|sells?|carry|carries|use(?!\s+(?:one|any|some) of\b))(?=\s+[^;\n,]+,))(?![a-z])\s*[:=]?\s*"
    r"([\[(]?[^;\n]+)", re.IGNORECASE)
_EITHER_RE = re.compile(r"\beither\s+(['\"][^'\"]+['\"](?:\s*(?:,|or)\s*['\"][^'\"]+['\"])+)", re.IGNORECASE)
_QUOTED_RE = re.compile(r"['\"]([^'\"\n]{1,40})['\"]")
_LAYOUTS = {  # layout written in a message -> strftime pattern (longest first: one layout per message)
    "YYYY-MM-DDTHH:MM:SS": "%Y-%m-%dT%H:%M:%S", "YYYY-MM-DD HH:MM:SS": "%Y-%m-%d %H:%M:%S",
    "YYYY-MM-DDTHH:MM": "%Y-%m-%dT%H:%M", "YYYY-MM-DD HH:MM": "%Y-%m-%d %H:%M", "DD/MM/YYYY HH:MM": "%d/%m/%Y %H:%M",
    "DD.MM.YYYY HH:MM": "%d.%m.%Y %H:%M", "YYYYMMDDHHMMSS": "%Y%m%d%H%M%S", "YYYYMMDDHHMM": "%Y%m%d%H%M",
    "YYYY-MM-DD": "%Y-%m-%d", "DD.MM.YYYY": "%d.%m.%Y", "DD/MM/YYYY": "%d/%m/%Y", "MM/DD/YYYY": "%m/%d/%Y",
    "YYYY/MM/DD": "%Y/%m/%d", "DD-MM-YYYY": "%d-%m-%Y", "YYYYMMDD": "%Y%m%d", "MM/YYYY": "%m/%Y", "HH:MM": "%H:%M",
    "YYYY-MM": "%Y-%m",
}
_SAMPLE_DAY = dt.datetime(2025, 6, 15, 10, 0)
_TIME_RE = re.compile(r"\b([01]?\d|2[0-3]):([0-5]\d)\b")
_TIME_ONLY_RE = re.compile(r"([01]?\d|2[0-3]):[0-5]\d")
_WORD_DATES = ("%d %B %Y", "%d %b %Y", "%B %d %Y", "%b %d %Y")
_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun".split())
_DIGIT_DATES = ("%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y", "%m/%d/%Y", "%Y/%m/%d", "%d-%m-%Y", "%Y%m%d")
# a refusal of a day that is not later than the service's today ("fixtures are scheduled for a future
# date", "That day has passed", "arrival must be today or later", "starts between today and 14 days from
# now"; never "must be in the past", which asks
# for an earlier one)
_LATER_RE = re.compile(r"\b(?:future|upcoming|(?:has|have|had|already) passed|(?<!must be )(?<!should be )in the past|today or later|"
                       r"later than today|after today|not before today|from today on|before today|is past|from tomorrow|"
                       r"tomorrow or later|not today|between today and|(?:days?|weeks?) from (?:now|today))\b", re.IGNORECASE)
# a refusal of a period that has not ended yet ("the return for 2031-05 is drawn up after the month
# ends", "the period is still open", "must be in the past")
_EARLIER_RE = re.compile(r"\b(?:after the (?:day|week|month|quarter|year|period) (?:ends|has ended|is over|closes)|"
                         r"(?:has|have) not (?:yet )?ended|not (?:yet )?(?:ended|over|closed)|still open|"
                         r"must be in the past|earlier than today|no later than yesterday|up to yesterday)\b", re.IGNORECASE)
# a refusal of a day too soon that says how soon ("needs five clear days' notice", "booked at least 14 days
# ahead", "two weeks in advance"): the least notice, in days or weeks, a count in digits or in words
_NOTICE_RE = re.compile(r"\b(?:(at least|no less than|not less than|a minimum of|minimum of)\s+)?(\d{1,3}|[a-z]+)\s+"
                        r"(?:clear\s+|full\s+|working\s+|business\s+|calendar\s+)?(days?|weeks?)(?:'s?|\u2019s?)?\s+"
                        r"(notice|ahead|in advance|beforehand)\b", re.IGNORECASE)
_MONTH_LAYOUTS = ("%Y-%m", "%m/%Y")
EARLIER_MONTHS = 2  # months before today's offered for a refusal of an open period (and after it, for a later one)
# two ids joined by "to", "through" or a dash: "SB-01 to SB-20", "R100-R199"
_ID_RANGE_RE = re.compile(r"(?<![\w-])([A-Za-z]{1,5}[-_ ]?\d{1,6})\s*(?:to|through|thru|-|\u2013|\.\.)\s*([A-Za-z]{1,5}[-_ ]?\d{1,6})(?![\w-])")
_ID_PARTS_RE = re.compile(r"([A-Za-z]{1,5}[-_ ]?)(\d{1,6})")
_ISO_RE = re.compile(r"\bisoformat\b|\bISO[ -]?8601\b|\bISO date\b", re.IGNORECASE)
LATER_DAYS = 7  # days after today offered for such a refusal: one of each weekday
# a refusal of a value's kind ("'x' is not an email address", "phone must be in E.164 form") and a
# sample of that kind (a literal: it credits no tool)
_REFUSED_KIND_RE = re.compile(r"\b(not an?|invalid|must be|should be|expected|malformed|not in|valid|format|form)\b", re.I)
_KIND_SAMPLES: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(r"\be-?mail(?: address)?\b", re.I), "email", "alex.morgan@example.com"),
    (re.compile(r"\bE\.?164\b", re.I), "phone", "+14155550123"),
    (re.compile(r"\b(?:url|uri|https?://)", re.I), "url", "https://example.com/"),
)
# a refusal that shows an accepted value: "must be UTC ISO 8601, like 2025-06-12T14:00:00Z", "e.g. 'ACK-01'"
_SHOWN_RE = re.compile(r"\b(?:like|e\.g\.,?|for example,?|for instance,?|such as)\s+(?:['\"`]([^'\"`\n]{1,40})['\"`]|([^\s,;()'\"`]{2,40}))",
                       re.IGNORECASE)
# an example written in groups, unquoted: "must look like QQ 12 34 56 C", "such as AB12 3CD" (capitals and
# digits, at least one digit, single spaces between groups)
_SHOWN_GROUPS_RE = re.compile(r"\b(?:[Ll]ike|e\.g\.,?|[Ff]or example,?|[Ss]uch as)\s+((?=[A-Z0-9 ]*\d)[A-Z0-9]{1,8}(?: [A-Z0-9]{1,8}){1,6})(?![\w-])")
# a refusal that names the one number an input must take: "amount must be the 135.00 due",
# "quantity should equal 4", "expected exactly 3 seats"
_REQUIRED_NUMBER_RE = re.compile(r"\b(?:must|should|has to|needs to) (?:be|equal)(?: exactly)?(?: the)?\s+([-+]?\d+(?:\.\d+)?)(?![\d.:/-])"
                                 r"|\bexpected exactly\s+([-+]?\d+(?:\.\d+)?)(?![\d.:/-])", re.IGNORECASE)
_ANY_KIND_RE = re.compile("|".join(p.pattern for p, _, _ in _KIND_SAMPLES), re.IGNORECASE)
# a refusal that names the one code an input must take, in the rest of its sentence: "agreement_version
# must be the current licence agreement, LA-2029-04", "expected 'V2'", "only accepts form P60-B": a code
# is a word with a digit and a letter (or a digit between separators), quoted or not
_REQUIRED_RE = re.compile(r"\b(?:must|should|has to|needs to) (?:be|equal|match|read)\b|\bexpected\b|\bonly accepts?\b|"
                          r"\b(?:current|latest|required)\s+(?:[a-z]+\s+){0,3}(?:is|=|:)", re.IGNORECASE)
_SENTENCE_END_RE = re.compile(r";|\.(?:\s|$)|\n")
_CODE_RE = re.compile(r"[^\s,;()\[\]{}'\"`]+")
MAX_REQUIRED_CODES = 2  # codes one refusal's sentence offers as the required value
# a refusal that counts an input's digits: "card number must have 15 or 16 digits", "sort code needs 6
# digits and account number 8": per clause, the number after the input's name (the largest of a range)
_CLAUSE_SPLIT_RE = re.compile(r";|,|\band\b|\.(?:\s|$)", re.IGNORECASE)
_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                 "sixteen seventeen eighteen nineteen twenty").split()
_NUMBER_WORD_RE = re.compile(r"\b(?:" + "|".join(_NUMBER_WORDS) + r")\b(?=[\s-]+digits?\b)", re.IGNORECASE)
# a notice's count in words (``five clear days' notice``, ``sixty days ahead``)
_COUNT_WORDS = {**{w: i for i, w in enumerate(_NUMBER_WORDS)}, "thirty": 30, "forty": 40, "sixty": 60, "ninety": 90}
_COUNT_RE = re.compile(r"\b(\d{1,2})(?:\s*(?:or|to|-)\s*(\d{1,2}))?\b(?![\d.:/-])")
# a refusal that names the day it needs: "needs 7 days' notice (2028-03-21 or later)"
_ISO_DAY_RE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")


def _split(tail: str) -> list[str]:
    tail = tail.strip().rstrip(".")
    if tail[:1] in "[(" and tail[-1:] in "])":
        tail = tail[1:-1]
    quoted = _QUOTED_RE.findall(tail)
    if len(quoted) >= 2:
        return quoted
    parts = [p.strip().strip("'\"`") for p in re.split(r",|\bor\b|\band\b|\|", tail)]
    return [p for p in parts if p and len(p) <= 40 and len(p.split()) <= 4]


def as_date(value: Any) -> dt.datetime | None:
    """The day (and the time of day, 10:00 when it names none) a value writes, in digits or in words
    (``2025-06-15``, ``15.06.2025``, ``16 May 2025 17:00``, ``May 16, 2025``); None when it writes none."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    found = _TIME_RE.search(text[10:] if text[:4].isdigit() else text)
    hour, minute = (int(found.group(1)), int(found.group(2))) if found else (10, 0)
    for fmt in _DIGIT_DATES:
        try:
            return dt.datetime.strptime(text[:10], fmt).replace(hour=hour, minute=minute)
        except ValueError:
            continue
    words = _TIME_RE.sub(" ", text).replace(",", " ").split()
    if words and words[0].lower().rstrip(".") in _WEEKDAYS:  # "Saturday 17 July 2027"
        words = words[1:]
    words = " ".join(words[:3])
    for fmt in _WORD_DATES:
        try:
            return dt.datetime.strptime(words, fmt).replace(hour=hour, minute=minute)
        except ValueError:
            continue
    return None


def _target(message: str, args: Mapping[str, Any]) -> list[str]:
    """The inputs a message is about: those whose value it quotes, else those it names."""
    lowered = message.lower()
    quoted = [n for n, v in args.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)
              and len(str(v)) >= 1 and (f"'{v}'" in message or f'"{v}"' in message)]
    if quoted:
        return quoted
    named = [n for n in args if any(w in lowered for w in _spellings(n))]
    if named:
        return named
    # else those whose value (or an item of a list input) it repeats unquoted as a word of its own:
    # ``unknown question codes 30433390; codes are ...`` is about the list that held 30433390
    return [n for n, v in args.items() if any(repeats(message, item) for item in (v if isinstance(v, list) else [v]))]


def _spellings(name: str) -> tuple[str, str]:
    """How a message writes an input's name: in words (``card last4``) or as the code does (``card_last4``)."""
    return " ".join(name_tokens(name)), name.lower()


def repeats(message: str, value: Any) -> bool:
    """Whether ``message`` writes ``value`` (a string or number of three characters or more) as a word."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return False
    text = str(value).strip()
    return len(text) >= 3 and re.search(rf"(?<![\w-]){re.escape(text)}(?![\w-])", message, re.IGNORECASE) is not None


def refusal_text(message: str) -> str:
    """The string values of a JSON-text refusal (``{"code": "not_found", "message": "...", "status":
    404}``, or a list such as a view's ``[{...}, 409]``), joined by "; ": what it says, without its
    keys and JSON quotes; any other message as it is."""
    data = json_text(message.strip())
    if not isinstance(data, (dict, list)):
        return message
    found: list[str] = []

    def walk(x: Any) -> None:
        if isinstance(x, str):
            found.append(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(data)
    return "; ".join(found) if found else message


def error_hints(message: str | None, args: Mapping[str, Any], *, today: dt.datetime | None = None) -> dict[str, list[Any]]:
    """``{input: values to try}`` that ``message`` (a refusal of a call with ``args``) teaches.
    ``today``: the service's day, when the tester was handed it: a refusal of a day not after it
    teaches the days of the next week (:func:`later_days`)."""
    if not message or len(message) > 2000:
        return {}
    message = refusal_text(message)
    out: dict[str, list[Any]] = {}
    targets = _target(message, args)
    values: list[str] = []
    either = _EITHER_RE.search(message)
    if either:
        values = _QUOTED_RE.findall(either.group(1))
    else:
        for listed in _LIST_RE.finditer(message):  # the first that lists any ("unknown code 'X'; use one of A, B")
            values = _split(listed.group(1))
            if values:
                break
    if values:
        if not targets and len(args) == 1:
            targets = list(args)
        # a refusal written in capitals ("E270 UNKNOWN SERVICES ...; THE YARD OFFERS PRESSURE_WASH, ...")
        # may have raised the case of what it lists: each value in lower case too
        shouted = not any(c.islower() for c in message) and any(c.isalpha() for c in message)
        lowered = [v.lower() for v in values] if shouted else []
        each = [x for v in values for x in ((v, v.lower()) if shouted else (v,))]  # each value, then its lower case
        for name in targets:
            current = args.get(name)
            if isinstance(current, list):  # a set-valued input (scopes, channels): all of them, then each alone
                typed = [list(values)] + ([lowered] if lowered else []) + [[x] for x in each]
            else:
                typed = [_typed(x, current) for x in each]
            out[name] = [v for v in typed if v != current][:MAX_HINT_VALUES]
    shown = [m.group(1) for m in _SHOWN_GROUPS_RE.finditer(message)]  # the whole example, not its first group
    shown += [v for m in _SHOWN_RE.finditer(message) for v in (m.group(1) or m.group(2).rstrip(".:"),)
              if not any(g.startswith(v) for g in shown)]
    shown = [v for v in shown if not v.isalpha() or v.isupper()]  # a value (a digit, a sign, a code), not "like this"
    if shown:
        names = targets or ([n for n, v in args.items() if isinstance(v, str)] if len(args) == 1 else [])
        for name in names:
            current = args.get(name)
            if isinstance(current, (str, int, float)) and not isinstance(current, bool):
                out.setdefault(name, []).extend(t for t in (_typed(v, current) for v in shown) if t != current)
    required = _REQUIRED_NUMBER_RE.search(message)
    if required:
        number = required.group(1) or required.group(2)
        names = targets or ([n for n, v in args.items() if is_number(v)] if sum(map(is_number, args.values())) == 1 else [])
        for name in names:
            current = args.get(name)
            if is_number(current) or isinstance(current, str):
                value = (float(number) if "." in number else int(number)) if is_number(current) else number
                if value != current:
                    out.setdefault(name, []).append(value)
    _required_codes(message, args, targets, out)
    if _ANY_KIND_RE.search(message) and _REFUSED_KIND_RE.search(message):  # most refusals name no kind: one scan
        for pattern, word, sample in _KIND_SAMPLES:
            if not pattern.search(message):
                continue
            names = targets or [n for n, v in args.items() if word in name_tokens(n) and isinstance(v, str)]
            if not names and len(args) == 1 and isinstance(next(iter(args.values())), str):
                names = list(args)
            for name in names:
                if isinstance(args.get(name), str) and args.get(name) != sample:
                    out.setdefault(name, []).append(sample)
            break
    if "digit" in message.lower():
        # (a count in words reads as one in figures: "has eight digits")
        counted = _NUMBER_WORD_RE.sub(lambda m: str(_NUMBER_WORDS.index(m.group(0).lower())), message)
        for clause in _CLAUSE_SPLIT_RE.split(counted):
            lowered = clause.lower()
            for name, current in args.items():
                if not isinstance(current, str):
                    continue
                # the input named in words or as written in code ("card_last4 is four digits")
                ends = [at + len(w) for w in _spellings(name) for at in (lowered.find(w),) if at >= 0]
                count = _COUNT_RE.search(clause, min(ends)) if ends else None
                if count is not None:
                    sample = digits_sample(int(count.group(2) or count.group(1)))
                    if sample and sample != current:
                        out.setdefault(name, []).append(sample)
    if any(is_number(v) for v in args.values()):
        number_hints(message, args, out)
    for first, last in _ID_RANGE_RE.findall(message):
        # ids written as a range ("no turbine FO-56 (SB-01 to SB-20)"): its two ends, to the text
        # input the refusal is about, when both ends share a prefix and a width
        a, b = _ID_PARTS_RE.fullmatch(first), _ID_PARTS_RE.fullmatch(last)
        if a is None or b is None or a.group(1).upper() != b.group(1).upper() or len(a.group(2)) != len(b.group(2)):
            continue
        for name in targets:
            if isinstance(args.get(name), str):
                out.setdefault(name, []).extend(v for v in (first, last) if v != args.get(name))
        break
    days = [d for d in _ISO_DAY_RE.findall(message) if as_date(d) is not None]
    if days:
        for name in _day_inputs(targets, args):
            out.setdefault(name, []).extend(d for d in days[:2] if d != args.get(name))
    # a time of day the refusal names ("12:00 has not come yet; it is 09:40"), written as the input writes one
    times = list(dict.fromkeys(f"{int(h):02d}:{m}" for h, m in _TIME_RE.findall(message)))
    for name in _time_inputs(targets, args) if times else ():
        padded = len(args[name].strip()) == 5
        out.setdefault(name, []).extend(t if padded else t.lstrip("0") or t for t in times[:2]
                                        if t != args[name].strip().zfill(5))
    if today is not None and _LATER_RE.search(message):
        for name in _day_inputs(targets, args):
            out.setdefault(name, []).extend(d for d in later_days(args[name], today) if d != args[name])
        for name in _month_inputs(targets, args):
            out.setdefault(name, []).extend(m for m in shifted_months(args[name], today, 1) if m != args[name])
    notice = least_notice(message) if today is not None else 0
    if notice:
        # the days after the notice ends (a week of them: a working day, not a Sunday), the nearest first
        for name in _day_inputs(targets, args):
            out.setdefault(name, []).extend(d for d in later_days(args[name], today + dt.timedelta(days=notice))
                                            if d != args[name])
    if today is not None and _EARLIER_RE.search(message):
        for name in _day_inputs(targets, args):
            out.setdefault(name, []).extend(d for d in later_days(args[name], today, -LATER_DAYS) if d != args[name])
        for name in _month_inputs(targets, args):
            out.setdefault(name, []).extend(m for m in shifted_months(args[name], today, -1) if m != args[name])
    written = next((fmt for layout, fmt in _LAYOUTS.items() if layout in message or layout.lower() in message), None)
    if written is None and _ISO_RE.search(message):  # "Invalid isoformat string: 'arrive'"
        written = "%Y-%m-%d"
    if written is not None:
        names = targets or [n for n, v in args.items() if as_date(v) is not None or "date" in name_tokens(n)]
        if not names and len(args) == 1 and isinstance(next(iter(args.values())), str):
            names = list(args)  # a call of one text input refused for its layout: that input
        for name in names:
            # the day it wrote, else the service's today (a day it will take), else a sample day
            day = as_date(args.get(name)) or today or _SAMPLE_DAY
            rewritten = day.strftime(written)
            if rewritten != args.get(name):
                out.setdefault(name, []).append(rewritten)
    return {k: v for k, v in out.items() if v}


def least_notice(message: str) -> int:
    """The days of notice a refusal asks for (``needs five clear days' notice``: 5, ``booked at least two
    weeks ahead``: 14); 0 when it asks for none. A bound that is not a least one (``booked up to 60 days
    ahead``, ``open 90 days ahead``) asks for none: "ahead" and "in advance" count only after "at least"."""
    for m in _NOTICE_RE.finditer(message):
        least, count, unit, kind = m.group(1), m.group(2).lower(), m.group(3).lower(), m.group(4).lower()
        if kind != "notice" and not least:
            continue
        n = int(count) if count.isdigit() else _COUNT_WORDS.get(count)
        if n:
            return n * (7 if unit.startswith("week") else 1)
    return 0


def handed_today(values: Iterable[Any]) -> dt.datetime | None:
    """The day a handed value says is today (a fixture ``today``, ``now`` or ``current_date``:
    ``Saturday 17 July 2027``), the first that reads as a day; None when none does."""
    for v in values:
        words = set(str(getattr(v, "export", "")).lower().split("_"))
        if getattr(v, "credit", True) is False and getattr(v, "path", "").startswith("$.fixtures") \
                and (words & {"today", "now"} or words == {"current", "date"}):
            day = as_date(v.value)
            if day is not None:
                return day
    return None


def later_days(value: str, today: dt.datetime, days: int = LATER_DAYS) -> list[str]:
    """The ``days`` days after ``today`` (before it, for a negative ``days``: the nearest first)
    written as ``value`` writes a day (``2025-06-15``, ``15.06.2025``, its time of day kept): a week
    holds every weekday a service may insist on."""
    text = value.strip()
    fmt = next((f for f in _DIGIT_DATES if _parses(text[:10], f)), None)
    if fmt is None:
        return []
    rest = text[8:] if fmt == "%Y%m%d" else text[10:]
    step = 1 if days > 0 else -1
    return [(today + dt.timedelta(days=k)).strftime(fmt) + rest for k in range(step, days + step, step)]


def shifted_months(value: str, today: dt.datetime, step: int, months: int = EARLIER_MONTHS) -> list[str]:
    """The ``months`` months after today's (``step`` 1) or before it (-1), nearest first, written as
    ``value`` writes a month (``2031-05``, ``05/2031``); none when it writes no month."""
    fmt = _month_layout(value)
    if fmt is None:
        return []
    out = []
    for k in range(1, months + 1):
        index = today.year * 12 + today.month - 1 + step * k
        out.append(dt.datetime(index // 12, index % 12 + 1, 1).strftime(fmt))
    return out


def _month_layout(value: Any) -> str | None:
    """The layout a value writes a month in (``%Y-%m`` for ``2031-05``), else None."""
    if not isinstance(value, str):
        return None
    return next((f for f in _MONTH_LAYOUTS if _parses(value.strip(), f)), None)


def _month_inputs(targets: list[str], args: Mapping[str, Any]) -> list[str]:
    """The inputs a refusal is about that hold a month (``2031-05``), else every input that holds one."""
    return [n for n in targets if _month_layout(args.get(n))] or [n for n, v in args.items() if _month_layout(v)]


def _parses(text: str, fmt: str) -> bool:
    try:
        dt.datetime.strptime(text, fmt)
        return True
    except ValueError:
        return False


def _day_inputs(targets: list[str], args: Mapping[str, Any]) -> list[str]:
    """The inputs a refusal is about that hold a day, else every input that holds one."""
    return [n for n in targets if as_date(args.get(n)) is not None] or [n for n, v in args.items() if as_date(v) is not None]


def _time_inputs(targets: list[str], args: Mapping[str, Any]) -> list[str]:
    """The inputs a refusal is about that hold a bare time of day (``09:40``), else the only one that does."""
    held = [n for n, v in args.items() if isinstance(v, str) and _TIME_ONLY_RE.fullmatch(v.strip())]
    return [n for n in targets if n in held] or (held if len(held) == 1 else [])


def _is_code(text: str) -> bool:
    """A code, not a word or a number: a digit with a letter ("LA-2029-04", "V2") or digits between
    separators ("2029-04"); not a time ("8:00") or a number ("135.00")."""
    has_digit = any(c.isdigit() for c in text)
    if not has_digit or ":" in text:
        return False
    if any(c.isalpha() for c in text):
        return True
    return any(c in "-_/" for c in text) and not _is_number_text(text)


def _is_number_text(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _required_codes(message: str, args: Mapping[str, Any], targets: list[str], out: dict[str, list[Any]]) -> None:
    """The codes a refusal names as the one value an input must take (``_REQUIRED_RE``), in the rest of
    its sentence and not a value of the call itself, offered to the text inputs it is about."""
    names = [n for n in targets if isinstance(args.get(n), str) and n not in out]  # what nothing else taught
    if not names:
        return
    given = {str(v) for v in args.values() if isinstance(v, (str, int, float)) and not isinstance(v, bool)}
    codes: list[str] = []
    for found in _REQUIRED_RE.finditer(message):
        rest = message[found.end():]
        end = _SENTENCE_END_RE.search(rest)
        for m in _CODE_RE.finditer(rest[: end.start()] if end else rest):
            code = m.group(0).strip(".:!?")
            if len(code) >= 2 and code not in given and code not in codes and _is_code(code):
                codes.append(code)
        if codes:
            break
    for name in names:
        out.setdefault(name, []).extend(c for c in codes[:MAX_REQUIRED_CODES] if c != args.get(name))


def _typed(text: str, like: Any) -> Any:
    """``text`` as the type of the value it replaces (an int for an int input)."""
    if isinstance(like, bool):
        return text
    if isinstance(like, int):
        try:
            return int(text)
        except ValueError:
            return text
    if isinstance(like, float):
        try:
            return float(text)
        except ValueError:
            return text
    return text
