"""Status-driven search: a call refused because a record is not in the status the call needs.

Writes check the status of the record they act on (``Order LD-1 is placed; the courier can be
messaged only while it is out_for_delivery``, ``Only an allocated unit can be issued``, ``Loan
LO-4 is agreement_issued; shipping needs a signed agreement``). Breadth-first exploration reaches
such a status only by chance, once the depth bounds have cut most chains. The refusal itself says
where to go, and two moves follow it:

- **a record already there** (:func:`status_bindings`): the refusal names a status that another
  record in the pool shows (a listed order that is ``out_for_delivery``); the call is retried with
  that record's value in place of the refused one;
- **a transition that moves it there** (:func:`rank_enablers`): the state's own transitions (its
  child states) are ranked by the words they share with the refusal (``allocated`` and
  ``allocate_unit``, ``signed agreement`` and ``sign_agreement``, ``a RN sign-on`` and the
  sign-on of the handed person whose record says ``RN``) and by whether they act on the refused
  record; the refused call is rerun in the best few, as it was and with the values the transition
  produced in place of those it had (a new session's token). A child state in which it then
  succeeds is a *repair state*: the scheduler explores it in full past the depth bounds.

Both read only the refusal's words and the values observed; no tool, status or catalog is named.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Mapping, Sequence

from llama_index_libra.induction.hints import refusal_text
from llama_index_libra.induction.shapes import folded_shape, value_shape
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, value_json

__all__ = ["word_stems", "StatusIndex", "status_bindings", "own_statuses", "away_bindings", "rank_enablers", "substituted", "repairable", "shared_needed", "refuses_the_person"]

# words that say nothing about which record or transition a refusal wants
_STOP = frozenset("""a an the this that these those it its is are was were be been being can cannot could
may must need needs needed only while when once before after first then than not no nor yet and or but
of on in at to for from by with without into onto as so if any all some one ones there here has have
had do does did done own same other such which who whom whose what where why how unit record item
please try again currently still already just now""".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def _stem(word: str) -> str:
    """A crude English stem, enough to meet ``allocated``/``allocate``/``allocation`` and
    ``signed``/``sign``, ``delivered``/``delivery``, ``checker``/``check``. (A stemming library would do as well, but
    NLTK's import alone takes seconds in every worker process.)"""
    w = word.lower()
    for _ in range(2):  # ordered -> order -> ord, as order -> ord
        for suffix in _SUFFIXES:
            if w.endswith(suffix) and len(w) - len(suffix) >= 3:
                w = w[: -len(suffix)]
                break
        else:
            break
        if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiou":  # submitted -> submitt -> submit
            w = w[:-1]
    return w


_SUFFIXES = ("ations", "ation", "ments", "ions", "ion", "ings", "ing", "ers", "ied", "ies", "ed", "er", "es", "s", "e", "y")


def word_stems(text: str) -> set[str]:
    """The stems of a text's words (identifiers split at ``_`` and case changes), stop words left out."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", str(text)).replace("_", " ").replace("-", " ")
    return {_stem(w) for w in _WORD.findall(spaced) if w.lower() not in _STOP}


def repairable(cause: str | None) -> bool:
    """Whether a refusal of this cause class (:func:`.causes.cause_of`) may be lifted by moving a
    record or a session on: a wrong state, a missing permission or role, or a message no class
    reads (``Kunsthalle Nordhafen has no current facility report``; such a message must share more
    words with a transition, :func:`shared_needed`); a wrong layout, vocabulary or unknown value
    is a binding's problem, not the state's."""
    return cause in ("state", "credentials", None)


# a refusal of what the one acting may do (not of a missing or expired sign-in): ``a contact cannot
# do this``, ``X (events) may not make this call``, ``PERMISSION_DENIED``, ``not authorised``, ``forbidden``
_PERSON_REFUSAL = re.compile(r"\b(permission|not (?:authori[sz]ed|permitted|allowed)|forbidden|denied|"
                             r"(?:cannot|can't|may not) (?:do (?:this|that)|(?:make|perform|run|do) (?:this|that) "
                             r"(?:call|action|operation|request|transaction))|"
                             r"insufficient (?:rights|privileges))\b", re.I)


def refuses_the_person(message: str) -> bool:
    """Whether a refusal is about who is acting rather than what they act on: another person's
    sign-on may be allowed what this one is not, whether or not the refusal names either."""
    return bool(_PERSON_REFUSAL.search(refusal_text(message).replace("_", " ")))


def shared_needed(cause: str | None) -> int:
    """The words a transition's tool must share with a refusal of this cause to be tried: one for a
    refusal that says it is about the state or a permission, two for one no class reads (``'itm_1'
    is not an order id`` shares only ``order`` with ``place_order``)."""
    return 1 if cause in ("state", "credentials") else 2


class StatusIndex:
    """The string values of one state's pool, indexed for the refusals that name them."""

    def __init__(self, pool: Sequence[Value]) -> None:
        self.pool = pool
        self.by_word: dict[str, list[str]] = {}  # first word (lower case) -> texts starting with it
        self.records: dict[str, set[str]] = {}  # record -> lower-case texts of its string values
        self.words: dict[str, set[str]] = {}  # record -> its short words (a status, a role: :attr:`Value.context`)
        for v in pool:
            texts = list(v.context)
            if v.record and v.context:
                self.words.setdefault(v.record, set()).update(v.context)
            if isinstance(v.value, str) and 3 <= len(v.value) <= 60:
                texts.append(v.value.lower())
            if v.record and texts:
                self.records.setdefault(v.record, set()).update(texts)
            for text in texts:
                words = re.findall(r"\w+", text)
                if words:
                    bucket = self.by_word.setdefault(words[0], [])
                    if text not in bucket:
                        bucket.append(text)

    def mentioned(self, message: str, exclude: Iterable[str] = ()) -> list[str]:
        """The pool's texts (lower case) a refusal names as whole words, in the order it names them,
        ``exclude`` (the call's own arguments) left out."""
        text = refusal_text(message or "").lower()
        skip = {str(x).lower() for x in exclude}
        found: dict[str, int] = {}
        for word in set(re.findall(r"\w+", text)):
            for value in self.by_word.get(word, ()):
                if value in skip or value in found:
                    continue
                m = re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", text)
                if m is not None:
                    found[value] = m.start()
        return sorted(found, key=lambda v: found[v])

    def siblings(self, v: Value) -> set[str]:
        """The lower-case texts of the record ``v`` sits in (``v``'s own text included)."""
        own = {v.value.lower()} if isinstance(v.value, str) else set()
        own |= set(v.context)
        return own | self.records.get(v.record, set()) if v.record else own


def status_bindings(binding: Mapping[str, Any], message: str, index: StatusIndex,
                    candidates: Callable[[str], Sequence[Value]], *, per_input: int = 3) -> list[dict[str, Any]]:
    """``binding`` with a refused record replaced by records that show a status the refusal names
    and the refused record does not show (``... only while it is out_for_delivery``: a listed
    order whose row says ``out_for_delivery``): of the refused value's export, or of the input's
    ``candidates`` (values whose field aligns with it), at most ``per_input`` per input."""
    raw = [v.value for v in binding.values() if isinstance(v, Value) and isinstance(v.value, str)]
    named = index.mentioned(message, exclude=raw)
    if not named:
        return []
    out: list[dict[str, Any]] = []
    for name, v in binding.items():
        if not isinstance(v, Value) or v.provider == FIXTURE_PROVIDER:
            continue
        own = index.siblings(v)
        targets = [t for t in named if t not in own]
        if not targets:
            continue
        # the values of the refused one's kind: of its export or of a field that aligns with the
        # input, and of its layout (a row's cells may share one export name); never a word the
        # refusal names (``draft`` is the status, not the application)
        fitting = _of_its_kind(v, index, candidates(name))
        seen = {value_json(x) for x in binding.values() if isinstance(x, Value)}
        took = 0
        for target in targets:
            for w in fitting:
                if took >= per_input:
                    break
                if not w.record or value_json(w) in seen or (isinstance(w.value, str) and w.value.lower() in named):
                    continue
                if target in index.records.get(w.record, ()):
                    seen.add(value_json(w))
                    out.append({**binding, name: w})
                    took += 1
    return out


def own_statuses(binding: Mapping[str, Any], message: str, index: StatusIndex) -> set[str]:
    """The words of the refused records' own rows that the refusal names (``application A-27-0019 is
    approved; eligibility is checked on submission``: ``approved``): the status they are in, which
    the call does not want. Handed values are not the engine's choice and say nothing."""
    raw = [v.value for v in binding.values() if isinstance(v, Value) and isinstance(v.value, str)]
    named = set(index.mentioned(message, exclude=raw))
    out: set[str] = set()
    for v in binding.values():
        if isinstance(v, Value) and v.provider != FIXTURE_PROVIDER and v.record:
            out |= named & index.siblings(v)
    return out


def away_bindings(binding: Mapping[str, Any], avoid: set[str], index: StatusIndex,
                  candidates: Callable[[str], Sequence[Value]], *, per_input: int = 3) -> list[dict[str, Any]]:
    """``binding`` with a refused record replaced by records of its kind that show none of the
    statuses refusals named as wrong (``avoid``, :func:`own_statuses`), when no refusal names the
    status wanted (``eligibility is checked on submission``). Records that show a word no record
    tried so far showed come first, so a few tries span the statuses the pool holds: one refusal
    per status teaches more than three refusals of one. At most ``per_input`` per input."""
    if not avoid:
        return []
    out: list[dict[str, Any]] = []
    for name, v in binding.items():
        if not isinstance(v, Value) or v.provider == FIXTURE_PROVIDER or not v.record or not (index.siblings(v) & avoid):
            continue
        fitting = _of_its_kind(v, index, candidates(name))
        seen_words = set(index.words.get(v.record, ()))
        seen = {value_json(x) for x in binding.values() if isinstance(x, Value)}
        fresh: list[Value] = []
        later: list[Value] = []
        for w in fitting:
            if not w.record or value_json(w) in seen:
                continue
            if index.records.get(w.record, set()) & avoid or (isinstance(w.value, str) and w.value.lower() in avoid):
                continue
            seen.add(value_json(w))
            words = index.words.get(w.record, set())
            if words - seen_words:
                seen_words |= words
                fresh.append(w)
            else:
                later.append(w)
        out.extend({**binding, name: w} for w in (fresh + later)[:per_input])
    return out


def _of_its_kind(v: Value, index: StatusIndex, candidates: Sequence[Any]) -> list[Value]:
    """The values of a refused value's kind: of its export or among the input's ``candidates`` (values
    whose field aligns with it), and of its layout (a row's cells may share one export name)."""
    shape = _shape(v.value)
    fitting = [w for w in index.pool if w.export == v.export] + [w for w in candidates if isinstance(w, Value)]
    return [w for w in fitting if _shape(w.value) == shape]


def _shape(value: Any) -> str:
    """A value's layout with letter case folded (:mod:`.shapes`: ``BP-24-0871`` -> ``L-9-9``,
    ``building`` -> ``L``)."""
    return folded_shape(value_shape(value) or "")


def rank_enablers(message: str, args: Mapping[str, Any], children: Sequence[tuple[str, Mapping[str, Any], str]],
                  tool_words: Mapping[str, set[str]], *, exclude: str = "", current: str = "", needed: int = 1) -> list[tuple[float, int]]:
    """(score, position) of the child states worth rerunning a refused call in, best first.

    ``children``: (tool, arguments, text of the handed records its arguments came from) per child.
    A child scores by the refusal's words its tool's name and summary share (``tool_words``), the
    words of its handed records the refusal names (the person whose record says ``RN``), and
    whether its call took a value the refused call had (it acted on the same record). Words of
    ``current`` (the handed records the path to the state and the refused call acted on: the
    signed-on person the refusal names as not allowed) describe the state as it is, not the one
    wanted, and count for nothing. A child of the refused tool itself (``exclude``), or whose tool
    shares fewer than ``needed`` words (:func:`shared_needed`) and whose handed records none, is left out."""
    want = word_stems(refusal_text(message or "")) - (word_stems(current) if current else set())
    if not want:
        return []
    took = {str(x) for x in args.values() if isinstance(x, (str, int)) and not isinstance(x, bool)}
    ranked: list[tuple[float, int]] = []
    for i, (tool, call_args, handed) in enumerate(children):
        if tool == exclude:
            continue
        shared = len(want & tool_words.get(tool, set()))
        named = len(want & word_stems(handed)) if handed else 0
        if shared < needed and not named:
            continue  # acting on the same record alone says nothing of what the call needs
        score = shared + 0.5 * named
        if any(isinstance(x, (str, int)) and not isinstance(x, bool) and str(x) in took for x in call_args.values()):
            score += 1.0
        ranked.append((score, i))
    ranked.sort(key=lambda si: (-si[0], si[1]))
    return ranked


def substituted(binding: Mapping[str, Any], produced: Sequence[Value]) -> dict[str, Any] | None:
    """``binding`` with each bound value replaced by the value a transition produced under the same
    export (a new session's token for the old one's), or None when it produced none of them."""
    by_export: dict[str, Value] = {}
    for w in produced:
        by_export.setdefault(w.export, w)
    out = dict(binding)
    changed = False
    for name, v in binding.items():
        if isinstance(v, Value):
            w = by_export.get(v.export)
            if w is not None and value_json(w) != value_json(v):
                out[name] = w
                changed = True
    return out if changed else None
