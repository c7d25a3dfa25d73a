"""Which calls one state's refusals already rule out, so that exploration does not run them.

Every call in a state runs from the same snapshot, so a refusal that names what it objects to (the
value of an input) holds for every other call of that tool that repeats it. The
explorer and the state tests skip those calls and count them (``runs_cut_blamed``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.budget import is_refused
from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.field_encoders import humanize
from llama_index_libra.induction.repairs import refuses_the_person
from llama_index_libra.records import InvocationRecord

__all__ = ["Blame", "blamed_inputs", "names_actor", "quotes"]


_SEPARATORS = re.compile(r"[\s_-]+")


@lru_cache(maxsize=8192)
def _name_words(name: str) -> tuple[str, ...]:
    return tuple(w for w in humanize(name).split() if len(w) >= 3)


def quotes(message: str | None, value: Any) -> bool:
    """Whether a refusal quotes ``value`` as a whole word (``Repository 'demo' already exists``)."""
    if not message:
        return False
    shown = (canonical_json(value) if isinstance(value, (dict, list)) else str(value)).lower()
    text = message.lower()
    # (a plain substring test first: a build asks this millions of times, mostly of values not there)
    return len(shown) >= 2 and shown in text and bool(re.search(rf"(?<!\w){re.escape(shown)}(?!\w)", text))


def blamed_inputs(spec: ToolSpec, args: Mapping[str, Any], message: str) -> frozenset[str]:
    """The inputs of the call a refusal speaks of: each whose value it quotes (as a whole word), or
    every word of whose name (3+ letters) it uses ("no open property session" blames ``session_id``).
    An input the call left out is never blamed ("no patron with that phone or email" for a call that
    gave only a phone number says nothing of calls that give an email)."""
    text = message.lower()
    # the refusal's words also read run together, the way an input name writes them: "e-mail" is
    # ``email``, "user name" is ``username`` (else "e-mail or password not recognised" blamed the
    # password alone, and ruled out the right password with every other address)
    joined = _SEPARATORS.sub("", text)
    out = set()
    for name in spec.input_names:
        if name not in args:  # an input the call left out: the refusal may be about what it did give
            continue
        words = _name_words(name)
        if (words and all(w in text or w in joined for w in words)) or quotes(message, args.get(name)):
            out.add(name)
    return frozenset(out)


# words of the inputs that say who is acting: the suspects of a refusal of the person that names nobody
_ACTOR_WORDS = frozenset({"token", "session", "auth", "apikey", "key", "credential", "credentials", "login",
                          "username", "password", "passcode", "pin"})


def names_actor(name: str) -> bool:
    """Whether an input's name says it holds who acts (a session token, an API key, a log-in)."""
    return bool(_ACTOR_WORDS & set(_name_words(name) + tuple(name.lower().split("_"))))


class Blame:
    """What one state's refusals rule out: a call of a tool that repeats the values a refusal blamed.

    A refusal that names inputs (by a word of their names or by their values) blames those values.
    Once two calls of a tool that gave those values but differed in other inputs got the same
    refusal in one state (every call there runs from the same snapshot), any further call repeating
    the blamed values is skipped there: the refusal held whatever the inputs it did not name (``no
    open session`` for a session id rules out every other binding with that id; ``guest G7 not
    found`` every one with G7). One refusal is not enough: ``unknown cause code 'WIND' for a home
    policy`` quotes the code, yet the same code passes on a motor policy. A refusal that names no
    input blames nothing: it may be about a value it does not name (``supervisor rights required``
    of a plain session token), except a sign-in refusal (``your session has ended``), where each
    input is a suspect until its value gets past the sign-in here, and a refusal of the person acting
    (``the adviser role cannot do this``), where the input saying who acts (a session token) is the
    suspect. Other states run every call again."""

    def __init__(self) -> None:
        # tool -> (blamed values, refusal) -> [the other inputs of the first call refused so, whether a
        # call with different other inputs got the same refusal (it held whatever they were)]
        self.refusals: dict[str, dict[tuple[tuple[str, str], ...], list[Any]]] = {}
        # the same for sign-in refusals that name no input, each input a suspect (see :meth:`note`)
        self.gates: dict[str, dict[tuple[tuple[str, str], ...], list[Any]]] = {}
        self.cleared: set[tuple[str, str]] = set()  # (input, value) of calls that got past a sign-in here
        # the same for refusals of the person acting, the input saying who acts the suspect (:meth:`note`)
        self.persons: dict[str, dict[tuple[tuple[str, str], ...], list[Any]]] = {}

    def note(self, spec: ToolSpec, args: Mapping[str, Any], record: InvocationRecord) -> None:
        """Record a failed call's refusal (a timeout, a crash or a run the budget refused blames nothing)."""
        message = record.message
        if record.status == "success" or record.fault or not message or is_refused(record):
            return
        blamed = blamed_inputs(spec, args, message)
        gate = cause_of(message) == "credentials" and not refuses_the_person(message)
        if not gate:
            self.passed(args)  # refused past any sign-in
        if not blamed and gate:
            # a sign-in refusal that names nothing (``your session has ended``): whichever input holds
            # the credential, the refusal holds for it whatever the other inputs are, so each input
            # is a suspect on its own (confirmed like any blame, and cleared once its value gets
            # past the sign-in in this state: :meth:`passed`)
            for name in args:
                self._note(self.gates, spec.name, args, message, frozenset([name]))
            return
        if not blamed and refuses_the_person(message):
            # a refusal of who is acting that names nobody (``the adviser role cannot do this``): the
            # input that says who acts (a session token) is the suspect, confirmed like any blame and
            # never cleared by the sign-in it got past (that sign-in is the person refused)
            for name in args:
                if names_actor(name):
                    self._note(self.persons, spec.name, args, message, frozenset([name]))
            return
        if not blamed:
            return
        self._note(self.refusals, spec.name, args, message, blamed)

    @staticmethod
    def _note(table: dict, tool: str, args: Mapping[str, Any], message: str, blamed: frozenset[str]) -> None:
        values = tuple((n, canonical_json(args[n])) for n in sorted(blamed))
        others = canonical_json({n: v for n, v in args.items() if n not in blamed})
        entry = table.setdefault(tool, {}).setdefault((values, message), [others, False])
        if entry[0] != others:
            entry[1] = True

    def passed(self, args: Mapping[str, Any]) -> None:
        """A call that got past any sign-in (it succeeded, or was refused for something else): its
        values hold no failed credential here."""
        self.cleared.update((n, canonical_json(v)) for n, v in args.items())

    def rules_out(self, tool: str, args: Mapping[str, Any]) -> bool:
        """Whether a call of ``tool`` with ``args`` repeats values that two refusals here blamed."""
        tables = [t for t in (self.refusals.get(tool), self.persons.get(tool)) if t]
        gates = self.gates.get(tool)
        if not tables and not gates:
            return False
        canon: dict[str, str] = {}  # each argument's canonical JSON, made once per call, not once per entry

        def c(n: str) -> str:
            text = canon.get(n)
            if text is None:
                text = canon[n] = canonical_json(args.get(n))
            return text

        for table in tables:
            if any(confirmed and all(c(n) == v for n, v in values) for (values, _), (_, confirmed) in table.items()):
                return True
        return any(confirmed and all(c(n) == v and (n, v) not in self.cleared for n, v in values)
                   for (values, _), (_, confirmed) in (gates or {}).items())
