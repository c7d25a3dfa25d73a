"""Compatibility relations only between fields that name the same kind of value (counterfactual.py).

A compatibility relation says an observed value fits an input whose control also worked. Counted on
40 development libraries, 19 of 21 such pairs were false, of two kinds this file builds: a
registration's ``name`` that was only the engine's own typed-in argument echoed back, offered to a
search by name; and a value of another kind whose field merely resembles the input's (a team's
``team_id`` for a new club's ``club_name``)."""

from __future__ import annotations

import copy

import pytest

from llama_index_libra.induction.counterfactual import same_kind
from tests.support.builds import induce_serially


class League:
    def __init__(self) -> None:
        self.teams = {"T-01": {"team_name": "Harrowby Rovers"}}
        self.clubs: dict[str, dict] = {}
        self.counter = 0

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def list_teams(state: League = None) -> list:
    """Every team: rows of {team_id, team_name}."""
    return [{"team_id": k, "team_name": v["team_name"]} for k, v in sorted(state.teams.items())]


def register_club(club_name: str, state: League = None) -> dict:
    """Register a club under a name; replies with the club's record."""
    state.counter += 1
    cid = f"CL-{state.counter:03d}"
    state.clubs[cid] = {"name": club_name}
    return {"club_id": cid, "name": club_name}


def search_clubs(name: str, state: League = None) -> list:
    """Clubs whose name holds the text (maybe none)."""
    return [{"club_id": k, **v} for k, v in state.clubs.items() if name.lower() in v["name"].lower()]


TOOLS = [list_teams, register_club, search_clubs]


def test_no_compatibility_from_an_echo_or_between_fields_of_other_kinds() -> None:
    library, report = induce_serially(TOOLS, League, {})
    assert not report.never_succeeded, report.summary()
    compat = {(r.provider, r.consumer) for r in library.relations if r.kind == "compatibility"}
    assert compat == set(), compat


@pytest.mark.parametrize("export,name,same", [
    ("order_id", "order_id", True), ("paths", "path", True), ("base64", "content_base64", True),
    ("stock_list", "stocks", True), ("zip", "zip_code", False), ("owner", "owner_name", False),
    ("team_id", "team_name", False), ("files", "filename", False),
])
def test_same_kind_reads_the_head_noun(export: str, name: str, same: bool) -> None:
    assert same_kind(export, name) is same
