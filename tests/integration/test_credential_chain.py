"""A sign-in chain induced end to end (tests/support/depot.py): the token a sign-in returns is named
by its docstring's ``Returns:`` section, so the endpoints that take ``session`` get it, and the void
that needs a session, an order and a supervisor's approval code finds all three providers (before
the returns section named it, only two tools ever succeeded and no relation was found)."""

from __future__ import annotations

import pytest

from tests.support.builds import induce_serially
from tests.support.depot import FIXTURES, TOOLS, DepotState


@pytest.fixture(scope="module")
def built():
    return induce_serially(TOOLS, DepotState, FIXTURES)


def test_every_tool_succeeds(built) -> None:
    library, report = built
    assert report.tools_succeeded == len(TOOLS), report.summary()


def test_the_chain_is_found(built) -> None:
    library, _ = built
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert {("login", "supervisor_sign_off"), ("login", "void_order"), ("supervisor_sign_off", "void_order"),
            ("list_orders", "void_order")} <= pairs, sorted(pairs)

