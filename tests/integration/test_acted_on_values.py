"""Values a transition acted on, and lists and vocabularies a refusal asks for, induced end to end
(tests/support/verified_desk.py, the shape of a registrar's support desk):

- after ``verify_holder(user_id, pin)`` the holder's own domains behave differently, though the
  verification produced no new value: the tools that never succeeded try the values it acted on
  (the user id) and the values read from calls that took them (that user's domains), and the state
  test of the verification tries them too;
- ``set_auto_renew(domain, enabled=True)`` refused as "already on" after the verification tries the
  other boolean there (before, only a fresh state's refusals were varied);
- ``set_nameservers`` refused a one-item list ("give two to four") takes the whole reply list its
  candidate was read from;
- ``create_key``'s ``scopes`` refused with "valid scopes: ..." is taught the whole vocabulary as one
  list, so the key works for ``monthly_report``.
Before these, only the three read tools and ``verify_holder`` succeeded."""

from __future__ import annotations

import pytest

from tests.support.builds import induce_serially
from tests.support.verified_desk import FIXTURES, TOOLS, DeskState


@pytest.fixture(scope="module")
def built():
    return induce_serially(TOOLS, DeskState, FIXTURES)


def test_every_tool_succeeds(built) -> None:
    _, report = built
    assert report.tools_succeeded == len(TOOLS), report.summary()


def test_the_verification_and_the_values_it_acted_on_are_prerequisites(built) -> None:
    library, _ = built
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert {("verify_holder", "set_auto_renew"), ("verify_holder", "set_nameservers"),
            ("get_account", "set_auto_renew"), ("find_user_by_email", "verify_holder")} <= pairs, sorted(pairs)


def test_a_whole_reply_list_and_a_taught_vocabulary_make_their_relations(built) -> None:
    library, _ = built
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert {("list_hosted_nameservers", "set_nameservers"), ("create_key", "monthly_report")} <= pairs, sorted(pairs)
