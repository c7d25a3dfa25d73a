"""A free-text search and the reply that first showed an empty list, induced end to end
(tests/support/tenancy_tribunal.py, the shape of a court's case-management back end):

- ``search_disputes(text)`` answers ``{"ok": true, "matches": []}`` to every value that merely fits a
  string (``"text"``, a password, a token): its ``text`` is free text (no enumeration, pattern or
  example) that no field names, so the fallbacks try phrases, the handed ones first, one per export
  (:meth:`.bindings.Binder.candidates_for` with ``phrases``), and the caller's company name matches;
- its first success showed ``ok`` and an empty ``matches``: the fields of the rows are learned from a
  later reply (:class:`.values.ValueReader`), so the dispute numbers and party ids it found reach
  ``get_dispute``, ``add_note`` and ``party_contact``.
Before these (engine 19), those three tools never succeeded."""

from __future__ import annotations

import pytest

from tests.support.builds import induce_serially
from tests.support.tenancy_tribunal import FIXTURES, TOOLS, TribunalState


@pytest.fixture(scope="module")
def built():
    return induce_serially(TOOLS, TribunalState, FIXTURES)


def test_every_tool_succeeds(built) -> None:
    _, report = built
    assert report.tools_succeeded == len(TOOLS), report.summary()


def test_what_a_free_text_search_found_reaches_its_consumers(built) -> None:
    library, _ = built
    pairs = {(r.provider, r.consumer) for r in library.relations}
    want = {("sign_in", "search_disputes"), ("search_disputes", "get_dispute"), ("search_disputes", "add_note"),
            ("search_disputes", "party_contact")}
    assert want <= pairs, sorted(pairs)
