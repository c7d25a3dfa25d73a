"""Gathered states: the successes of one state made to hold together in a single state.

Breadth-first exploration adds one call per level, so a consumer that needs several things at once
(a session *and* a reservation with a room *and* a guaranteed card) is reached only at a depth the
bounds cut. After a state is explored in which some tool succeeded for the first time in the build, the state-changing calls
that succeeded there and only build something up (a session, a reservation, a room assigned to it, a
card token: :func:`creates`) are applied one after another to a copy of it. The result is one more state to explore, in which the consumer can take every
value at once; its own single-call children and the path ablation of its first successes then
test which call each newly successful tool depends on. A call that fails in the gathered
sequence (its precondition undone by an earlier one) is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from llama_index_libra.induction.values import Value

__all__ = ["Candidate", "Gathered", "creates", "gather", "order_candidates"]


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def creates(changes: Iterable[dict[str, Any]]) -> bool:
    """Whether a call's state changes (:func:`~llama_index_libra.runtime.views.diff_views` records)
    only build something up: entries added and empty fields filled in (a reservation, a room on it,
    a hold on a card), with at most numbers moving on the way (a counter, a balance). A call that
    removes, empties or rewrites a field (a cancellation, a status change, a deletion) is not
    gathered: it can undo what the other calls built; it stays an ordinary child state."""
    builds = False
    for change in changes:
        if "after" not in change:
            return False
        if "before" not in change or _empty(change["before"]):
            builds = True
            continue
        before, after = change["before"], change["after"]
        numbers = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (before, after))
        if not numbers:
            return False
    return builds


@dataclass(frozen=True)
class Candidate:
    """A state-changing call that succeeded in the explored state, with what it offers a gathering."""

    tool: str
    arguments: dict[str, Any]
    bound: tuple[str, ...]  # canonical JSON of the pool values the call was bound to (echoes are not credited)
    creates: bool  # its state change adds or fills in and removes nothing (:func:`creates`)
    first: bool  # its tool had succeeded nowhere in the build before this state's level


@dataclass
class Gathered:
    """The gathered state: its digest and snapshot, the calls applied, the values they produced."""

    digest: str
    snap: Any
    calls: list[dict[str, Any]]
    values: list[Value]


@dataclass
class _At:
    digest: str
    snap: Any


def order_candidates(candidates: Iterable[Candidate], exclude: Iterable[str] = ()) -> list[Candidate]:
    """The calls that build something up (:func:`creates`), one per tool, tools already on the path
    left out, in the order their tools were found. Of a tool's calls, the one whose bound values the
    other tools' calls share most (the blast the design was set on, for the survey filed): steps on
    one record hold together (a design approved needs its charge and its survey on the same blast),
    steps on different records do not; ties keep the first found."""
    skip = set(exclude)
    per_tool: dict[str, list[Candidate]] = {}
    for c in candidates:
        if c.tool in skip or not c.creates:
            continue
        per_tool.setdefault(c.tool, []).append(c)
    # per bound value, the tools some of whose calls took it
    takers: dict[str, set[str]] = {}
    for tool, calls in per_tool.items():
        for c in calls:
            for value in c.bound:
                takers.setdefault(value, set()).add(tool)

    def shared(c: Candidate) -> int:
        return sum(len(takers[value] - {c.tool}) for value in set(c.bound))

    return [max(calls, key=shared) for calls in per_tool.values()]  # (max keeps the first of equals)


def gather(calls: Any, reader: Any, digest: str, snap: Any, candidates: list[Candidate]) -> Gathered | None:
    """Apply ``candidates`` in order from the state (``digest``, ``snap``); None when fewer than two
    of them change the state (one call's state is an ordinary child already)."""
    if len(candidates) < 2:
        return None
    at = _At(digest, snap)
    applied: list[dict[str, Any]] = []
    values: dict[str, Value] = {}
    for c in candidates:
        record, child = calls.run(at, c.tool, c.arguments, purpose="gather")
        if child is None or calls.classify(c.tool, record) != "success":
            continue
        at = _At(*child)
        applied.append({"tool": c.tool, "arguments": c.arguments})
        for v in reader.values_of(c.tool, record, c.bound):
            values.setdefault(v.key, v)
    if len(applied) < 2:
        return None
    return Gathered(at.digest, at.snap, applied, list(values.values()))
