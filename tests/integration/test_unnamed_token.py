"""A sign-in whose docstring never says what it returns: its bare token is exported under no name an
input aligns with (``response_value``), so only the fallback that tries unaligned values can pass it
on. Past the fresh state only bindings that use what the state gained run, so that fallback tries the
state's own values first (the token the sign-in just returned), not the handed notes its parent
already tried: before, the notes filled its tries and no call ever signed in (held-out linenloop,
recall 0.00), behind the public catalogue's fields read in the fresh state."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tests.support.builds import induce_serially


class Fault(Exception):
    """A refusal."""


@dataclass
class DeskState:
    staff: dict = field(default_factory=lambda: {"jess.k": "Pillowslip-31"})
    sessions: list = field(default_factory=list)
    holds: list = field(default_factory=list)
    seq: int = 0


def login(username: str, password: str, state: DeskState):
    """Open a session on the gateway with a user name and password."""
    if state.staff.get(username) != password:
        raise Fault("Access denied: wrong user name or password")
    state.seq += 1
    token = f"tls{state.seq:04d}off"
    state.sessions.append(token)
    return token


def item_catalogue():
    """The public catalogue of linen items, with no session."""
    return [{"item_code": "SHT-DBL", "item": "Double sheet", "colour": "white", "fabric": "polycotton", "unit": "each"},
            {"item_code": "TWL-BTH", "item": "Bath towel", "colour": "white", "fabric": "terry", "unit": "each"}]


def account_balance(token: str, account: str, state: DeskState):
    """The balance of a customer's account."""
    if token not in state.sessions:
        raise Fault("Access denied: session token unknown or expired")
    if account != "ACC-2201":
        raise Fault(f"no account {account}")
    return {"account": account, "balance": 120.5}


def place_hold(token: str, account: str, reason: str, state: DeskState):
    """Put a customer's account on hold."""
    if token not in state.sessions:
        raise Fault("Access denied: session token unknown or expired")
    if account != "ACC-2201":
        raise Fault(f"no account {account}")
    state.holds.append(account)
    return f"Account {account} is on hold"


TOOLS = [item_catalogue, login, account_balance, place_hold]
FIXTURES = {
    "username": "jess.k", "password": "Pillowslip-31", "account": "ACC-2201",
    "notes": ["Goods entrance on Creek Lane; ring the night porter", "Tamar Linen Services, Estover, Plymouth",
              "2 Creek Lane, Stonehouse", "Stonehouse Creek Hotel", "morwenna@stonehousecreek.example"],
}


@pytest.fixture(scope="module")
def built():
    return induce_serially(TOOLS, DeskState, FIXTURES)


def test_the_unnamed_token_reaches_every_consumer(built) -> None:
    library, report = built
    assert report.tools_succeeded == len(TOOLS), report.summary()
    pairs = {(r.provider, r.consumer, r.consumer_field) for r in library.relations}
    assert {("login", "account_balance", "token"), ("login", "place_hold", "token")} <= pairs, sorted(pairs)
