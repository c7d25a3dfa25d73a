"""An input documented in words the encoder scores below tau against its own name (``code``: "The code
from ``authorize``.") still takes the value an export of that very name holds (tests/support/oauth_desk.py,
default MiniLM field encoder). Before, the description's score replaced the name's, the authorization code
counted as unaligned, the exchange never ran with it and no tool behind the sign-in ever succeeded."""

from __future__ import annotations

import pytest

from tests.support.builds import induce_serially
from tests.support.oauth_desk import FIXTURES, TOOLS, DeskState


@pytest.fixture(scope="module")
def built():
    return induce_serially(TOOLS, DeskState, FIXTURES)


def test_the_code_exchange_and_the_draft_behind_it_succeed(built) -> None:
    _, report = built
    assert report.tools_succeeded == len(TOOLS), report.summary()


def test_the_sign_in_chain_is_found(built) -> None:
    library, _ = built
    pairs = {(r.provider, r.consumer, r.consumer_field) for r in library.relations}
    assert ("authorize", "exchange_code", "code") in pairs and ("exchange_code", "create_draft", "access_token") in pairs, sorted(pairs)
