"""Handed records, searches that show nothing, and fields that do not align, induced end to end
(tests/support/caller_desk.py, the shape of a utility's contact-centre desk):

- the tester was handed four staff members, each an e-mail with the code mailed to it; a fresh-state
  success on one person's e-mail (``request_code``) runs again with the other people's, and
  ``sign_in`` takes each address with the code of the same handed record, so the team lead's token
  reaches ``approve_refund``;
- ``find_account`` returns ``[]`` for six tariff names before the caller's handed name is tried: a
  success that shows nothing does not fill the template's quota, and a placeholder's few tries
  include the best value the tester was handed;
- ``verify_caller`` runs before ``find_account`` in a state: in the second round it tries the
  values gained since (``acct``, which does not align with ``account_no``), and the refusal it
  then meets ("date_of_birth must be YYYY-MM-DD") teaches the date with the account held.
Before these, ``verify_caller``, ``account_balance`` and ``approve_refund`` never succeeded."""

from __future__ import annotations

import pytest

from llama_index_libra.induction.handed import fixture_values
from llama_index_libra.induction.values import same_record
from tests.support.builds import induce_serially
from tests.support.caller_desk import FIXTURES, TOOLS, DeskState


@pytest.fixture(scope="module")
def built():
    return induce_serially(TOOLS, DeskState, FIXTURES)


def test_every_tool_succeeds(built) -> None:
    _, report = built
    assert report.tools_succeeded == len(TOOLS), report.summary()


def test_the_verification_chain_is_found(built) -> None:
    library, _ = built
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert {("open_session", "find_account"), ("find_account", "verify_caller"),
            ("verify_caller", "account_balance")} <= pairs, sorted(pairs)


def test_the_team_leads_sign_in_is_a_prerequisite_of_the_approval(built) -> None:
    library, _ = built
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert {("request_code", "sign_in"), ("sign_in", "approve_refund")} <= pairs, sorted(pairs)


def test_handed_values_credit_no_tool(built) -> None:
    library, _ = built
    handed = {v.value for v in fixture_values(FIXTURES)}
    provided = [r.evidence["provider_value"]["value"] for r in library.relations if r.kind == "provenance"]
    assert provided and not handed & set(provided), provided


def test_fields_of_one_handed_record_are_siblings() -> None:
    values = {v.value: v for v in fixture_values(FIXTURES)}
    lead_mail, lead_code = values["marta.lind@desk.example"], values["604918"]
    agent_code = values["118822"]
    assert same_record(lead_mail, lead_code) and not same_record(lead_mail, agent_code)
    # a top-level scalar belongs to no record
    assert fixture_values({"month": "2025-05", "x": {"a": 1}})[0].record == ""


def test_peer_bindings_swap_a_handed_value_with_its_record() -> None:
    from llama_index_libra.induction.handed import peer_bindings

    pool = fixture_values(FIXTURES)
    values = {v.value: v for v in pool}
    first = {"email": values["lena.okafor@desk.example"], "code": values["118822"], "amount": 5}
    peers = peer_bindings(first, pool, 4)
    pairs = {(p["email"].value, p["code"].value) for p in peers if p["email"].export == "email"}
    assert ("marta.lind@desk.example", "604918") in pairs and ("omar.haddad@desk.example", "350027") in pairs
    assert all(p["amount"] == 5 for p in peers)
    assert peer_bindings({"amount": 5}, pool, 4) == [] and len(peer_bindings(first, pool, 1)) == 2


def test_peer_bindings_rank_the_person_a_refusal_asks_for_first() -> None:
    from llama_index_libra.induction.handed import peer_bindings

    pool = fixture_values(FIXTURES)
    values = {v.value: v for v in pool}
    first = {"email": values["lena.okafor@desk.example"], "code": values["118822"]}
    lead = values["marta.lind@desk.example"].record
    ranked = peer_bindings(first, pool, 1, rank=lambda p: 1.0 if p.record == lead else 0.0)
    assert {p["email"].value for p in ranked} == {"marta.lind@desk.example"}  # each input's first peer: the lead
    other = peer_bindings(first, pool, 1, rank=lambda p: 0.0 if p.record == lead else 1.0)
    assert "marta.lind@desk.example" not in {p["email"].value for p in other}
