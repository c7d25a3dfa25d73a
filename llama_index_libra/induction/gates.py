"""The state test's reading of two refusals: what a transition did to a consumer refused before it.

A consumer refused before a state-changing call and again after it may still have been let past a
gate, to a value the state does not hold yet (:func:`passed_gate`) or to a refusal of who acts
(:func:`passed_to_person`: past the session, refused for the role), or on from what the provider
makes to another need (:func:`moved_on`: past the passport, refused for the deposit). A refusal may
also say the call's effect already holds, or that a resource is held by another record: a provider that lets the call
run then only undoes or frees it; or that a record the call names is unknown (:func:`says_unknown`).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.parts import name_tokens
from llama_index_libra.induction.blame import blamed_inputs, quotes
from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.hints import refusal_text
from llama_index_libra.induction.repairs import refuses_the_person, word_stems
from llama_index_libra.records import InvocationRecord

__all__ = ["already_holds", "asks_for", "moved_on", "occupies", "passed_gate", "passed_to_person", "says_unknown",
           "undoes_own_call", "untouched_refusal"]


def undoes_own_call(path: Any, consumer: str, call: Mapping[str, Any]) -> bool:
    """Whether the before-state's path already holds ``consumer`` with these very arguments.

    Every call of a path succeeded, so such a consumer is refused now for its own earlier effect
    (a reservation it made, a claim it opened, an award it suspended), and a provider that lets it
    run again only undoes that effect (``cancel_reservation`` before ``create_reservation``): a
    redo, not a prerequisite, unless the refusal asks for that undo (:func:`asks_for`). Evidence
    where the consumer never ran first decides those pairs."""
    key = canonical_json(dict(call))
    return any(step.get("tool") == consumer and canonical_json(step.get("arguments") or {}) == key for step in path)


_ALREADY = re.compile(r"\balready\b", re.I)


# a resource held by another record: not free, taken, in use, busy, occupied (never a status word a
# record acted on may show: ``visit VIS-5568 is booked``, ``rental VA-50189 is reserved, not out``,
# ``only a buggy that is out comes back``, ``orders are taken once the reader is in``)
_OCCUPIED = re.compile(r"\bnot (a )?free\b|\bis (taken|busy|occupied)\b|\btaken by\b|\bin use\b|\bdouble[- ]booked\b", re.I)


def occupies(message: str | None) -> bool:
    """Whether a refusal says a resource the call asked for is held by something else (``B3 is
    taken by job JC-30114``, ``10:20 is not free at session SN-88140``, ``locker 9 is in use``), not
    that the record acted on is in the wrong status (``only a submitted loan can be decided``). A
    call that frees it (a cancellation, a return) is no prerequisite: another free one would do,
    and which are free depends on the path (every slot booked but the one just freed)."""
    return bool(message) and bool(_OCCUPIED.search(refusal_text(message)))


def already_holds(message: str | None) -> bool:
    """Whether a refusal says what the call would do already holds (``SB-19 is already stopped``,
    ``Gwen is already booked on C21302``, a member already): a provider that lets it run undoes that
    (``start_turbine``, ``cancel_lesson``), a redo rather than a prerequisite, as for the path's own
    earlier call (:func:`undoes_own_call`); a refusal of the sign-in (``code already used``) is not one."""
    return bool(message) and bool(_ALREADY.search(refusal_text(message))) and cause_of(message) == "state"


# how alike (difflib's ratio) two refusals' texts are from which they are one refusal about two values
# (``the unit is not allocated (it is quarantined)``, then ``(it is available)``), not two refusals
SAME_REFUSAL = 0.6


def asks_for(message: str | None, provider: str) -> bool:
    """Whether a refusal names the provider's action (``already has an active Direct Debit; cancel it
    first`` names ``cancel_direct_debit``): the service itself then calls that undo a prerequisite."""
    tokens = _name_words(provider)
    return bool(message) and bool(tokens) and bool(word_stems(tokens[0]) & word_stems(message))


def _name_words(provider: str) -> list[str]:
    """The words of a tool's own name (a qualified ``Class.method`` read for its method): the verb
    first (:func:`asks_for`), then what it acts on (:func:`moved_on`)."""
    return name_tokens(provider.rsplit(".", 1)[-1])


def passed_gate(spec: ToolSpec, call: Mapping[str, Any], before: InvocationRecord, after: InvocationRecord,
                touched: set[str]) -> bool:
    """Whether a transition let the same call past a gate it was stopped at before: refused for the
    state (``no user is signed on``, a permission) and naming none of its values, then refused only
    for a value the state does not hold yet (``no patient H-7``) or for its layout.

    The consumer's values may come from a record a later call creates (a patient registered after
    sign-on): the consumer then succeeds only two calls below the gate's provider, and the state test
    of that one transition sees two refusals. The cause moving from the gate to the value, for a value
    the provider did not act on, is the provider's effect on the consumer (a deletion moves a refusal
    from a status to ``not found`` for the very record it deleted: not counted)."""
    if cause_of(after.message or "") in ("credentials", "state", "crash", "budget") or after.fault \
            or not _stopped_at_gate(call, before):
        return False
    blamed = blamed_inputs(spec, call, after.message or "")
    return bool(blamed) and all(canonical_json(call[n]) not in touched for n in blamed)


def moved_on(provider: str, call: Mapping[str, Any], before: InvocationRecord, after: InvocationRecord) -> bool:
    """Whether a transition moved the same call's refusal on from what the provider makes to something
    else: refused before for a thing the provider's name says it makes (``no passport on file`` before
    ``record_passport``), then for another reason that no longer names it (``a visa letter needs a
    deposit paid``): the consumer needs more than one write, and this one's part is done.

    Not a move: the same refusal about another value (``the unit is not allocated (it is quarantined)``,
    then ``(it is available)``: texts mostly alike, :data:`SAME_REFUSAL`), a refusal of credentials, of the person
    acting, or a crash after it, nor a match on words the call's own arguments put in the refusal, nor,
    for a record the call found before, a refusal after it that names the provider's own verb (``HJ-50416
    is cancelled, not quoted`` after ``cancel_hire``: the write moved the record where the consumer refuses it)."""
    if after.fault or not before.message or not after.message or before.message == after.message:
        return False
    # (cheapest first: it runs on every state test refused both times, and most name nothing it makes)
    words = _name_words(provider)  # the verb, then what it makes
    made = word_stems(" ".join(words[1:]))
    text_b = _without_args(refusal_text(before.message), call)
    named = made & _word_stems(text_b)
    if not named:
        return False
    text_a = _without_args(refusal_text(after.message), call)
    if not named - _word_stems(text_a):
        return False
    if cause_of(text_a) in ("credentials", "crash", "budget") or refuses_the_person(text_a):
        return False
    if cause_of(text_b) != "unknown_value" and word_stems(words[0]) & _word_stems(text_a):
        # a record the call found before, refused now for what the write did to it (``HJ-50416 is
        # cancelled`` after ``cancel_hire``); a record the write made may bear its verb as its first
        # status (``no order 'OR-6606'``, then ``OR-6606 is placed``: ``place_order`` made it)
        return False
    return SequenceMatcher(None, text_b, text_a, autojunk=False).ratio() < SAME_REFUSAL


def _without_args(text: str, call: Mapping[str, Any]) -> str:
    """A refusal's text without the call's own text arguments in it (a value quoted back)."""
    for value in sorted((v for v in call.values() if isinstance(v, str) and len(v) >= 3), key=len, reverse=True):
        text = text.replace(value, " ")
    return text


def _word_stems(text: str) -> set[str]:
    """The stems of a text's words, numbers and codes left out."""
    return {w for w in word_stems(text) if not any(c.isdigit() for c in w)}


def passed_to_person(call: Mapping[str, Any], before: InvocationRecord, after: InvocationRecord) -> bool:
    """Whether a transition let the same call past a gate to a refusal of who acts: refused for the
    state (``not signed in``, a status) and naming none of its values, then refused only for the
    person signed on (``the adviser role cannot do this``). The call now reads who acts, so what it
    was stopped at before (the session, the status) is there: the transition gave it, whoever may
    finally make the call."""
    if after.fault or not refuses_the_person(after.message or "") or refuses_the_person(before.message or ""):
        return False
    return _stopped_at_gate(call, before)


def _stopped_at_gate(call: Mapping[str, Any], before: InvocationRecord) -> bool:
    """Whether the refusal before a transition was for the state (a session, a permission, a status)
    and named none of the call's values (a refusal about a value of the call is no gate)."""
    return cause_of(before.message or "") in ("credentials", "state") \
        and not any(quotes(before.message, value) for value in call.values())


def untouched_refusal(spec: ToolSpec, call: Mapping[str, Any], before: InvocationRecord, provider: str,
                      touched: set[str], handed: set[str] | frozenset[str] = frozenset()) -> bool:
    """Whether a refusal before a transition is decided by values the transition neither made nor acted
    on (``touched``: canonical JSON), so that the call is refused the same after it: a record or a
    credential the service does not hold (``household HH-0586 not found``, ``no session for that token``) that
    blames inputs whose values the transition did not touch, none of them a value the tester was handed
    (``handed``: such inputs; a fact of the world a transition may bring into the service without
    naming it). The state test then skips the run after it. Never a refusal of a state or of who acts
    (the transition may change those whatever the values), one naming the provider's action
    (:func:`asks_for`), a fault, or one that blames nothing."""
    message = before.message or ""
    if before.fault or not message or cause_of(message) not in ("unknown_value", "credentials") \
            or refuses_the_person(message) or asks_for(message, provider):
        return False
    blamed = blamed_inputs(spec, call, message)

    def touched_value(value: Any) -> bool:
        items = value if isinstance(value, list) else []
        return canonical_json(value) in touched or any(canonical_json(item) in touched for item in items)

    return bool(blamed) and not (blamed & handed) and not any(touched_value(call[n]) for n in blamed)


def says_unknown(message: str, value: Any) -> bool:
    """Whether a refusal says ``value`` is no record it knows (``no quote DU-7778``, ``DU-7778 not found``)."""
    text = refusal_text(message)
    if not quotes(text, value):
        return False
    if cause_of(text) == "unknown_value":
        return True
    v = re.escape(str(value))
    return bool(re.search(rf"\bno (?:[a-z][\w-]* ){{1,3}}['\"]?{v}|{v}['\"]? (?:is |was )?(?:not found|unknown|does not exist)", text, re.I))
