"""Values a refusal states outright: the amount a payment must be, the text an input must hold, the
field whose values it wanted.

A service that says "the deposit is 33.25 pounds", "it should be signed by Ms Erin Walsh" or "Unknown
integration key" has told the tester what to send next. :func:`stated_amounts` and :func:`dictated_values`
read such values as literals (they credit no tool); :func:`named_fields` picks the pool values under the
field a refusal names, which keep their providers. :mod:`.hints` reads the rest of what refusals teach
(vocabularies, layouts, ranges).
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from llama_index_libra.contracts.parts import name_tokens
from llama_index_libra.induction.hints import is_number, refusal_text, repeats

__all__ = ["stated_amounts", "dictated_values", "named_fields", "STATED_AMOUNTS", "DICTATED_VALUES", "NAMED_PER_FIELD"]


DICTATED_VALUES = 3  # texts a refusal writes tried per input it names
STATED_AMOUNTS = 3  # amounts of money a refusal states tried per numeric input it is about
# an amount of money: a currency mark or code before it, a currency word after it, or two decimals
# ("the deposit is 25% of the stay: 33.25 pounds", "£88.00 is still to pay", "GBP 1,250.00"); never part
# of an id, a time, a date or a percentage (``R-28-0655``, ``09:00``, ``25%``)
_CURRENCY_CODES = "GBP|USD|EUR|AUD|CAD"
_AMOUNT_RE = re.compile(rf"(?<![\w.,:/-])(?:([£$€])\s?|\b({_CURRENCY_CODES})\s)?(\d{{1,3}}(?:,\d{{3}})+|\d+)(\.\d{{1,2}})?"
                        rf"(\s?(?:pounds?|dollars?|euros?|{_CURRENCY_CODES})\b)?(?![\w%:/-]|[.,]\d)", re.IGNORECASE)


def stated_amounts(message: str | None, args: Mapping[str, Any]) -> dict[str, list[float | int]]:
    """``{input: amounts}`` of money a refusal states for the numeric input it is about ("the deposit is
    25% of the stay: 33.25 pounds" for ``amount``; "FEE-2 is £45.00, not £10.00"): the input whose value
    it repeats as an amount, else those it names, else the call's only numeric input; the amounts that
    are not its value, in the refusal's order, at most :data:`STATED_AMOUNTS`. A service that says what
    a payment must be is read like one that lists a vocabulary; these too are literals."""
    numeric = [n for n, v in args.items() if is_number(v)]
    if not message or not numeric or len(message) > 2000 or not any(c.isdigit() for c in message):
        return {}
    text = refusal_text(message)
    amounts: list[float] = []
    for m in _AMOUNT_RE.finditer(text):
        mark, code, whole, fraction, word = m.groups()
        # (a mark, a code or a currency word, or exactly two decimals: "33.25", not "0.5 m" or "3 nights")
        if not (mark or code or word or (fraction and len(fraction) == 3)):
            continue
        amount = float(whole.replace(",", "") + (fraction or ""))
        if amount not in amounts:
            amounts.append(amount)
    if not amounts:
        return {}
    lowered = text.lower()
    targets = [n for n in numeric if any(abs(a - float(args[n])) < 0.005 for a in amounts)] \
        or [n for n in numeric if " ".join(name_tokens(n)) in lowered] or (numeric if len(numeric) == 1 else [])
    out: dict[str, list[float | int]] = {}
    for name in targets:
        current = args[name]
        values = [int(a) if isinstance(current, int) and a.is_integer() else a for a in amounts if abs(a - float(current)) >= 0.005]
        if values:
            out[name] = values[:STATED_AMOUNTS]
    return out


def dictated_values(message: str | None, args: Mapping[str, Any], texts: Iterable[str]) -> dict[str, list[str]]:
    """``{input: texts}`` a refusal dictates: the state's texts (handed or shown, ``texts``) it writes as
    whole words, for each text input whose name it writes and whose value it does not ("adults sign
    their own form; it should be signed by Ms Erin Walsh" for ``signed_by``), longest first, at most
    :data:`DICTATED_VALUES`. The call's own values are no dictated value; these too are literals."""
    if not message or len(message) > 2000:
        return {}
    message = refusal_text(message)
    lowered = message.lower()
    names = [n for n, v in args.items() if isinstance(v, str) and (spoken := " ".join(name_tokens(n))) in lowered
             and not repeats(message, v) and re.search(rf"(?<![\w-]){re.escape(spoken)}(?![\w-])", lowered)]
    if not names:
        return {}
    given = {str(v).lower() for v in args.values() if isinstance(v, (str, int, float)) and not isinstance(v, bool)}
    found: list[str] = []
    for text in texts:
        t = text.strip()
        low = t.lower()
        if (3 <= len(t) <= 80 and any(c.isalpha() for c in t) and low in lowered and low not in given and t not in found
                and repeats(message, t)):
            found.append(t)
    if not found:
        return {}
    found.sort(key=len, reverse=True)
    # a text inside a longer one it wrote (a surname inside the whole name) is not what it dictated
    found = [t for t in found if not any(t.lower() in o.lower() for o in found if len(o) > len(t))]
    out = {n: [t for t in found if t.lower() not in " ".join(name_tokens(n))][:DICTATED_VALUES] for n in names}
    return {n: v for n, v in out.items() if v}


# exports named by one word too common in refusals to say which field they mean
_VAGUE = {"name", "value", "type", "status", "state", "user", "account", "date", "time", "text", "data", "email",
          "number", "code", "key", "token", "id", "message", "error", "request", "response", "session"}
NAMED_PER_FIELD = 2  # values of one named field tried per refusal


def named_fields(message: str, values: Iterable[Any]) -> list[Any]:
    """Pool values whose field a refusal names (``Unknown integration key``: the values under
    ``integration_key``), at most :data:`NAMED_PER_FIELD` per field, in pool order. A field counts when
    its name (two words or more, or one distinctive word) occurs in the refusal as whole words: the
    service says what it wanted, under a name no input of the call carries. A short word is
    distinctive where the refusal writes it in capitals (``No prescriber with NPI ...``: ``npi``)."""
    from llama_index_libra.induction.field_encoders import humanize

    said = refusal_text(message)
    text = " " + re.sub(r"[^a-z0-9]+", " ", said.lower()) + " "
    acronyms = {w.lower() for w in re.findall(r"\b[A-Z][A-Z0-9]{1,5}\b", said)}
    values = list(values)
    named = set()  # the fields the refusal names, each decided once (most refusals name none)
    for export in dict.fromkeys(getattr(v, "export", None) for v in values):
        words = humanize(export).split() if export else []
        if words and (len(words) > 1 or (words[0] not in _VAGUE and (len(words[0]) >= 5 or words[0] in acronyms))) \
                and f" {' '.join(words)} " in text:
            named.add(export)
    out: list[Any] = []
    per: dict[str, int] = {}
    if not named:
        return out
    for v in values:
        export = getattr(v, "export", None)
        if export not in named or isinstance(v.value, (dict, list)) or getattr(v, "path", "").startswith("$.arguments"):
            continue
        if per.get(export, 0) < NAMED_PER_FIELD:
            per[export] = per.get(export, 0) + 1
            out.append(v)
    return out
