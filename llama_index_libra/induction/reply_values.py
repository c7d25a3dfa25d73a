"""Values inside plain replies: what a bare scalar is called, and the ids a sentence carries.

A tool that replies with a bare scalar (``"sofia_ramirez_3381"``, ``9``) or a sentence
(``"Employee EMP-0016 created."``) documents no field name, and an export called
``response_value`` matches no consumer's input. The name comes from what the tool says it
returns: its description ("... and return its person_id", "returns the note id"), else its own
name without the verb and a trailing ``by``/``for`` clause (``find_user_id_by_email`` -> ``user_id``).
A sentence's id-like tokens (a digit and a letter or separator: ``EMP-0016``, ``#H4410021``,
``certificate_1234``; a whole number right after a noun: ``run 7``) become values named by the
words before them (``Bank account BA-0007`` -> ``bank_account_id``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterator, Mapping

from llama_index_libra.contracts.parts import name_tokens
from llama_index_libra.contracts.vocabulary import QUANTITY_TOKENS, READ_VERBS, STATE_CHANGING_VERBS
from llama_index_libra.schemas.docstrings import docstring_prose

__all__ = ["id_words", "subject_name", "reply_name", "reply_text", "whole_reply_texts", "owner_name", "listed_name", "sentence_values", "is_sentence"]

_VERBS = READ_VERBS | STATE_CHANGING_VERBS
_CLAUSE = {"by", "for", "from", "with", "of", "in", "on", "to", "at", "and", "or", "if", "when", "using", "via"}
# "returns the new booking id"; "the reply is the bare session token", "answers with the ticket number"
_RETURNS_RE = re.compile(
    r"(?:\breturn(?:s|ing)?|\b(?:reply|response|result|answer)\s+is|\b(?:replies|answers|responds)\s+with)\s+(?:only\s+)?(?:the|its|their|a|an|his|her|this|that)?\s*(?:(?:bare|plain|raw)\s+)?(?:new(?:ly created)?\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*(?:\s+[A-Za-z_][A-Za-z0-9_]*){0,2})", re.IGNORECASE)
# the documented return of a docstring: Google's "Returns:" (an optional "type:" first), Sphinx's
# ":returns:", NumPy's "Returns" over a dashed rule with "name : type" (the name is kept apart)
_SECTION_RE = re.compile(
    r"(?:^|\n)[ \t]*(?::returns?:|(?:Returns?|Yields?)[ \t]*:)[ \t]*\n?[ \t]*"
    r"(?:[A-Za-z_][\w\[\], .|]*?:[ \t]+)?([^\n]+)"
    r"|(?:^|\n)[ \t]*Returns?[ \t]*\n[ \t]*-{3,}[ \t]*\n[ \t]*(?:([A-Za-z_]\w*)[ \t]*:[^\n]*\n[ \t]*"
    # (NumPy's unnamed return: a line holding only the type, ``str`` or ``dict[str, Any]``, then the text)
    r"|[A-Za-z_][\w.]*(?:\[[\w\[\], .|]*\])?[ \t]*\n[ \t]*)?([^\n]+)")
# "... take the device token it returns": the returned value named before "it returns"
_IT_RETURNS_RE = re.compile(
    r"\b([A-Za-z_][A-Za-z0-9_-]*\s+(?:id|ids|code|number|key|token|uuid|ref|reference))\s+(?:that\s+)?(?:it|this(?:\s+\w+)?)\s+returns\b",
    re.IGNORECASE)
_LEAD = {"the", "a", "an", "its", "their", "this", "that", "new", "newly", "created", "one", "single", "bare", "plain", "raw"}
_STOP = {"the", "a", "an", "its", "their", "is", "was", "has", "been", "now", "to", "of", "for", "with", "as",
         "and", "or", "in", "on", "at", "by", "from", "added", "created", "set", "new", "no", "not", "this", "that"}
_ID_WORDS = {"id", "ids", "code", "number", "key", "token", "uuid", "ref", "reference"}
_TOKEN_RE = re.compile(r"[#@]?[A-Za-z0-9][A-Za-z0-9_\-./#]*[A-Za-z0-9]|[#@]?[A-Za-z0-9]")
_AMOUNT_RE = re.compile(r"^\d{1,3}(,\d{3})+(\.\d+)?$|^\d+\.\d+$")
_WORD_RE = re.compile(r"^[A-Za-z][a-z]*$")


def _object_tokens(spec: Any) -> list[str]:
    """The tool name without its verb and a trailing clause: ``find_user_id_by_email`` -> user, id."""
    tokens = name_tokens(getattr(spec, "short_name", None) or spec.name.rsplit(".", 1)[-1])
    if len(tokens) > 1 and tokens[0] in _VERBS:
        tokens = tokens[1:]
    for i, t in enumerate(tokens):
        if i and t in _CLAUSE:
            return tokens[:i]
    return tokens


def owner_name(spec: Any) -> str | None:
    """What a tool's reply is about: the head noun of its name, the last word before a trailing
    clause that is not an id word (``create_booking`` -> ``booking``, ``attach_disk`` -> ``disk``,
    ``find_user_id_by_email`` -> ``user``): the owner of an id-like top-level key of its reply
    (``ref``, ``id``) that names no owner of its own. None for a one-word name (``login``)."""
    return _head_noun(spec)


# nouns that say how a reply shows a record, not which kind of record it is (``get_user_details``)
_GENERIC_NOUNS = frozenset({"details", "detail", "info", "information", "summary", "overview", "profile", "record", "records"})


def subject_name(spec: Any) -> str | None:
    """The kind of record a tool is about: :func:`owner_name` past a generic noun
    (``get_user_details`` -> ``user``, ``find_donor`` -> ``donor``); None when its name says none."""
    return _head_noun(spec, _GENERIC_NOUNS)


def _head_noun(spec: Any, skip: frozenset[str] = frozenset()) -> str | None:
    """The last word of a tool's object that is no id word, verb or word of ``skip``; None for a one-word name."""
    if len(name_tokens(getattr(spec, "short_name", None) or spec.name.rsplit(".", 1)[-1])) < 2:
        return None
    words = [t for t in _object_tokens(spec) if t not in _ID_WORDS and t not in _VERBS and t not in skip]
    return words[-1] if words else None


def listed_name(spec: Any) -> str | None:
    """What a listing tool lists, when its name says it in the plural: the words of its object
    (``list_payment_methods`` -> ``payment_methods``, ``find_work_orders`` -> ``work_orders``); None
    for a tool whose object is singular (``get_customer``, ``sign_in``)."""
    from llama_index_libra.induction.field_encoders import _singular

    words = [t for t in _object_tokens(spec) if t not in _ID_WORDS and t not in _VERBS]
    if not words or _singular(words[-1]) == words[-1]:
        return None
    return "_".join(words)


def _documented_return(description: str) -> str | None:
    """The name a docstring's returns section gives the reply: NumPy's ``name : type``, else the
    id word of its first words and the word before it (``The session token to pass as ...`` ->
    session_token)."""
    match = _SECTION_RE.search(description)
    if match is None:
        return None
    if match.group(2):
        return match.group(2).lower()
    text = match.group(1) or match.group(3) or ""
    words = name_tokens(text.split(".")[0])
    while words and words[0] in _LEAD:
        words = words[1:]
    head = words[:4]
    cut = next((i for i, w in enumerate(head) if w in _ID_WORDS), None)
    if not cut:  # no id word, or a bare one ("The id."): the tool's name says what of
        return None
    return "_".join(head[cut - 1 : cut + 1])  # one qualifier: "a single-use approval code" -> approval_code


def reply_text(spec: Any) -> str | None:
    """What a tool's whole reply is, in its docstring's words: the returns section's first line, else
    the first sentence of its prose ("Free start times of a room on a day"); None without either."""
    description = getattr(spec, "description", "") or ""
    match = _SECTION_RE.search(description)
    text = (match.group(1) or match.group(3) or match.group(2) or "") if match else ""
    if not text.strip():
        prose = docstring_prose(description).strip()
        text = re.split(r"(?<=[.!?])\s|\n", prose, maxsplit=1)[0] if prose else ""
    return text.strip()[:200] or None


def whole_reply_texts(contracts: Mapping[str, Any], catalog: Any) -> dict[str, str]:
    """``{export: text}`` for text exports that are a tool's whole reply or its items (``$.output``,
    ``$.output[*]``): their name is only the tool's, and the docstring says what the reply is. Not a
    bare number: "the number of a component in stock" reads like any input's "number of lifts"."""
    out: dict[str, str] = {}
    for tool, contract in sorted(contracts.items()):
        if tool not in catalog:
            continue
        for e in contract.exports:
            if e.path in ("$.output", "$.output[*]") and e.name not in out and (e.schema or {}).get("type") == "string":
                text = reply_text(catalog.get(tool))
                if text:
                    out[e.name] = f"{e.name.replace('_', ' ')}: {text}"
    return out


def reply_name(spec: Any) -> str | None:
    """A field name for a tool's bare scalar reply, from its description or its name; None when
    neither says anything (the caller keeps ``response_value``). A docstring's returns section
    ("Returns:", ":returns:", NumPy's) names it first."""
    description = getattr(spec, "description", "") or ""
    documented = _documented_return(description)
    if not documented:
        match = _IT_RETURNS_RE.search(description)
        if match and name_tokens(match.group(1))[0] not in _STOP:
            documented = "_".join(name_tokens(match.group(1)))
    if documented:
        return documented
    obj = _object_tokens(spec)
    match = _RETURNS_RE.search(description)
    if match:
        words = [w for w in name_tokens(match.group(1)) if w not in _CLAUSE]
        cut = next((i for i, w in enumerate(words) if w in _ID_WORDS), None)
        if cut is not None:
            words = words[: cut + 1]
            if len(words) == 1:  # "return its id": the id of the tool's object
                words = [t for t in obj if t not in _ID_WORDS] + words
            if len(words) > 1 or words[0] not in _ID_WORDS:
                return "_".join(words)
    if obj and not (len(obj) == 1 and obj[0] in _VERBS):
        return "_".join(obj)
    return None


def is_sentence(value: Any) -> bool:
    """A string reply that reads as text, not a bare value: two words or more, of which at least two
    are plain words and one is in lower case (``Ticket T-1 created``; not a postcode ``NV3 7QP``, a
    date ``2 March 1958``, a card number or a name ``Margaret Ellison``, which are values)."""
    if not isinstance(value, str) or len(value) > 2000:
        return False
    words = [w.strip(".,;:!?()[]'\"") for w in value.split()]
    if len(words) < 2:
        return False
    plain = [w for w in words if w.isalpha()]
    return len(plain) >= 2 and any(w.islower() for w in plain)


def _name_before(words: list[str], is_number: bool) -> str | None:
    """A value's name from the words before it (up to two, stop words skipped)."""
    picked: list[str] = []
    for raw in reversed(words[-3:]):
        if raw[-1:] in ",;:.!?":  # the token starts a new clause: earlier words name something else
            break
        w = raw.strip("()[]{}'\"`")
        lw = w.lower()
        if not _WORD_RE.match(w) or lw in _STOP or (lw.endswith("ed") and len(lw) > 4):
            if picked:
                break
            continue
        picked.insert(0, lw)
        if len(picked) == 2:
            break
    if not picked:
        return None
    if picked[-1] in QUANTITY_TOKENS or picked[-1] in {"gross", "net", "hours", "days", "amount", "balance", "price"}:
        return None if is_number else "_".join(picked)
    if picked[-1] not in _ID_WORDS:
        picked.append("id")
    return "_".join(picked)


_WORD_EDGES = ".,;:!?()[]{}'\"`"  # punctuation around a word of prose


@lru_cache(maxsize=64)
def id_words(texts: tuple[str, ...]) -> frozenset[str]:
    """The id-like words of handed texts: a digit with a letter or a separator (``SB-07``,
    ``MA-28-0350``, ``#4471``; never an amount, which has neither); what a tester reads off a note."""
    out = set()
    for text in texts:
        for raw in text.split():
            token = raw.strip(_WORD_EDGES)
            if any(c.isdigit() for c in token) and any(c.isalpha() or c in "-_#/" for c in token):
                out.add(token)
    return frozenset(out)


def sentence_values(text: str) -> Iterator[tuple[str, Any]]:
    """(name, value) of every id-like token in a sentence reply, in order of appearance.

    A token counts when it holds a digit and a letter or separator (``EMP-0016``, ``#H4410021``,
    ``01.12.2025``), or is a whole number right after a noun and not followed by what it counts
    (``pay run 7`` is an id, an int; ``3 payslips`` is not); amounts (``12,000.00``) and numbers
    after quantity words are skipped."""
    raws = text.split()
    for i, raw in enumerate(raws):
        token = raw.strip(_WORD_EDGES)
        if _TOKEN_RE.fullmatch(token) is None or not any(c.isdigit() for c in token) or _AMOUNT_RE.match(token):
            continue
        if token.isdigit():
            after = raws[i + 1].strip(_WORD_EDGES).lower() if i + 1 < len(raws) and raw[-1:] not in ",;:.!?" else ""
            counts = bool(_WORD_RE.match(after)) and after not in _CLAUSE and after not in _STOP and not after.endswith("ed")
            name = _name_before(raws[:i], True)
            if name is not None and not counts and len(token) <= 12:
                yield name, int(token)
        elif any(c.isalpha() or c in "-_#./" for c in token):
            name = _name_before(raws[:i], False)
            if name is not None:
                yield name, token
