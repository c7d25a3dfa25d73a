"""A one-item list whose item a refusal quotes goes empty, where its schema lets it.

``quote_event`` takes ``extras``, a list of extra rate codes that may be empty. The only codes a reply
shows are the price list's first column, and each is a main course, which the quote refuses
(``MAIN-1 is a main course; give it as main``); the placeholder is refused too (``unknown extra
'extra'``). Before the empty list was tried, no quote ever succeeded, so neither did its id's
consumer: ``quote_event -> confirm_event`` was missed. A tool that refuses the empty list too
(``quote_banquet``: at least one extra) still never succeeds: the empty list is one more try, no
success of its own."""

from __future__ import annotations

import copy
from tests.support.builds import induce_serially, relation_triples

PRICES = [["MAIN-1", "Roast lamb", 18.5], ["MAIN-2", "Baked hake", 17.0], ["MAIN-3", "Mushroom risotto", 15.0]]


class Caterer:
    def __init__(self) -> None:
        self.events: dict[str, dict] = {}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def price_list() -> dict:
    """The caterer's price list: rows of code, dish and price per head."""
    return {"rows": [list(r) for r in PRICES]}


def _quote(state: Caterer, main: str, extras: list[str]) -> dict:
    if main not in {r[0] for r in PRICES}:
        raise ValueError(f"unknown main course {main!r}; the price list gives the codes")
    for x in extras:
        if x.startswith("MAIN-"):
            raise ValueError(f"{x} is a main course; give it as main")
        raise ValueError(f"unknown extra {x!r}")
    event_id = f"EV-{len(state.events) + 1}"
    state.events[event_id] = {"main": main, "extras": list(extras), "status": "quoted"}
    return {"event_id": event_id, "status": "quoted"}


def quote_event(main: str, extras: list[str], state: Caterer = None) -> dict:
    """Quote an event: its main course by code, and the codes of the extras wanted (may be empty)."""
    return _quote(state, main, extras)


def quote_banquet(main: str, extras: list[str], state: Caterer = None) -> dict:
    """Quote a banquet: its main course by code, and at least one extra by code."""
    if not extras:
        raise ValueError("a banquet has at least one extra")
    return _quote(state, main, extras)


def confirm_event(event_id: str, state: Caterer = None) -> dict:
    """Confirm a quoted event."""
    event = state.events.get(event_id)
    if event is None:
        raise LookupError(f"no event {event_id!r}")
    if event["status"] != "quoted":
        raise ValueError(f"{event_id} is {event['status']}, not quoted")
    event["status"] = "confirmed"
    return {"event_id": event_id, "status": "confirmed"}


TOOLS = [price_list, quote_event, quote_banquet, confirm_event]


def test_a_list_whose_item_was_refused_goes_empty() -> None:
    library, report = induce_serially(TOOLS, Caterer, {})
    triples = relation_triples(library)
    assert ("quote_event", "confirm_event", "provenance") in triples, report.summary()
    assert "quote_event" not in report.never_succeeded
    # a tool that refuses the empty list as well: every code it was offered is refused
    assert "quote_banquet" in report.never_succeeded
