"""The state test's reading of two refusals: what a transition did to a consumer refused before it.

A consumer refused before a state-changing call and again after it may still have been let past a
gate: to a value the state does not hold yet (:func:`passed_gate`), or from one status rule to the
next (:func:`moved_gate`). A refusal may also say the call's effect already holds, or that a resource
is held by another record: a provider that lets the call run then only undoes or frees it.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.parts import name_tokens
from llama_index_libra.induction.blame import blamed_inputs, quotes
from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.hints import refusal_text
from llama_index_libra.induction.repairs import word_stems
from llama_index_libra.records import InvocationRecord

__all__ = ["already_holds", "asks_for", "moved_gate", "occupies", "passed_gate", "says_unknown", "undoes_own_call"]


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


def asks_for(message: str | None, provider: str) -> bool:
    """Whether a refusal names the provider's action (``already has an active Direct Debit; cancel it
    first`` names ``cancel_direct_debit``): the service itself then calls that undo a prerequisite."""
    tokens = name_tokens(provider.rsplit(".", 1)[-1])
    return bool(message) and bool(tokens) and bool(word_stems(tokens[0]) & word_stems(message))


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
    if cause_of(before.message or "") not in ("credentials", "state") \
            or cause_of(after.message or "") in ("credentials", "state", "crash", "budget") or after.fault:
        return False
    if any(quotes(before.message, value) for value in call.values()):
        return False  # the gate's refusal was about a value of the call, not the state
    blamed = blamed_inputs(spec, call, after.message or "")
    return bool(blamed) and all(canonical_json(call[n]) not in touched for n in blamed)


def says_unknown(message: str, value: Any) -> bool:
    """Whether a refusal says ``value`` is no record it knows (``no quote DU-7778``, ``DU-7778 not found``)."""
    text = refusal_text(message)
    if not quotes(text, value):
        return False
    if cause_of(text) == "unknown_value":
        return True
    v = re.escape(str(value))
    return bool(re.search(rf"\bno (?:[a-z][\w-]* ){{1,3}}['\"]?{v}|{v}['\"]? (?:is |was )?(?:not found|unknown|does not exist)", text, re.I))


# the share of words two refusals may have in common (values and figures masked) and still be two
# rules: ``is held; tickets go once it is paid`` -> ``has no seats chosen`` share none, while
# ``PH-2219 is ready`` -> ``PH-2219 is completed`` is one rule read with two statuses
GATE_OVERLAP = 0.5
_FIGURE = re.compile(r"[^\W\d]*\d[\w./:-]*")


def _rule_words(text: str) -> set[str]:
    """The words of a refusal's rule: lower case, without its values and figures."""
    return set(re.findall(r"\w+", _FIGURE.sub(" ", text.lower())))


def moved_gate(call: Mapping[str, Any], before: InvocationRecord, after: InvocationRecord, provider: str) -> bool:
    """Whether a transition moved the same call from one status gate to the next: refused for the
    record's state (or by a rule no cause class reads) before (``TB-5512 is held; tickets go once it
    is paid``), then by another rule (``TB-5512 has no seats chosen``).

    A consumer that needs several things done first (paid, seats chosen, an e-mail on file)
    succeeds after none of them alone, and each moves it one gate on. The two refusals share few
    words once the call's values and figures are masked (:data:`GATE_OVERLAP`) and are not one rule
    with one word changed; the later one names no action of the provider (``is cancelled`` after
    ``cancel_booking``: a status the provider set, not a gate it opened), says nothing already holds
    and no resource is held; neither is about a sign-in, a layout or a record it does not know."""
    if after.fault:
        return False
    said_before, said_after = refusal_text(before.message or ""), refusal_text(after.message or "")
    if cause_of(said_before) not in ("state", None) or cause_of(said_after) not in ("state", None):
        return False
    if asks_for(said_after, provider) or already_holds(said_after) or occupies(said_after):
        return False
    values = [v for v in call.values() if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
    if any(says_unknown(said, v) for said in (said_before, said_after) for v in values):
        return False  # a record the call names was not there before, or is gone now: a lookup, no gate
    for value in values:
        if len(str(value)) >= 2:
            said_before, said_after = said_before.replace(str(value), " "), said_after.replace(str(value), " ")
    words_before, words_after = _rule_words(said_before), _rule_words(said_after)
    if not words_before or not words_after or len(words_before & words_after) / len(words_before | words_after) >= GATE_OVERLAP:
        return False
    # one rule read with another status (``is ready`` -> ``is completed``): the same words but one
    before, after = _FIGURE.sub(" ", said_before.lower()).split(), _FIGURE.sub(" ", said_after.lower()).split()
    return not (len(before) == len(after) and sum(a != b for a, b in zip(before, after)) <= 1)
