"""A search that finds nobody with any whole value finds someone by a word of a note
(tests/support/entries_table.py).

Before the fortieth round, a fallback that swapped another pool value into the search's free-text
input (``"F"``, ``"07700 941140"``) counted a search that matched nothing (``[]``) as a success,
and so the words of the desk notes (``Whitlock``, ``Keane``) were never tried: the runner ids the
search finds never reached a consumer, and no relation came from it."""

from __future__ import annotations

import pytest

from tests.support.builds import induce_serially
from tests.support.entries_table import FIXTURES, TOOLS, DeskState


@pytest.fixture(scope="module")
def built():
    return induce_serially(TOOLS, DeskState, FIXTURES)


def test_a_word_of_a_note_finds_a_runner_and_relates_the_search(built) -> None:
    library, report = built
    pairs = {(r.provider, r.consumer) for r in list(library.relations) + list(library.alternatives)}
    assert report.tools_succeeded == len(TOOLS), report.summary()
    assert {("find_runner", "runner_record"), ("find_runner", "email_runner")} <= pairs, sorted(pairs)


def test_free_text_credits_nobody(built) -> None:
    """The word came from the tester's notes: no relation into the search's ``text``."""
    library, _ = built
    assert not [r for r in list(library.relations) + list(library.alternatives)
                if r.consumer == "find_runner" and r.consumer_field == "text"]
