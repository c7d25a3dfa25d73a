"""Status-driven search (induction/repairs.py): what a refusal that names a status points to."""

from __future__ import annotations

from hypothesis import given, strategies as st

from llama_index_libra.induction.repairs import (StatusIndex, away_bindings, own_statuses, rank_enablers, repairable, shared_needed,
                                                 status_bindings, substituted,
                                                 word_stems)
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, record_words


def _v(provider, export, value, record="", context=()):
    return Value(provider, export, f"$.output.{export}", value, f"{provider}\x00{export}\x00\"{value}\"", True,
                 record=record, context=tuple(context))


def _orders():
    """A page of orders as rows: each order's id, and the status its row shows."""
    rows = [("LD-1", "placed"), ("LD-2", "delivered"), ("LD-3", "out_for_delivery")]
    return [_v("list_orders", "order_id", oid, f"c1|$.output.orders[{i}]", (status,)) for i, (oid, status) in enumerate(rows)]


def test_word_stems_meet_inflections_and_identifiers():
    assert word_stems("Only an allocated unit can be issued") == {"allocat", "issu"}
    assert word_stems("allocate_unit") == {"allocat"}
    assert word_stems("shipping needs a signed agreement") & word_stems("sign_agreement") == {"sign", "agreement"}
    assert word_stems("submitted") == word_stems("submit")
    assert word_stems("the delivery was delivered") == {"deliv"}
    assert word_stems("signOn") == word_stems("sign_on")
    assert word_stems("Second checker not recorded") & word_stems("witness_check") == {"check"}


@given(st.text(max_size=120))
def test_word_stems_total(text):
    stems = word_stems(text)
    assert all(s and s.isalnum() for s in stems)


def test_record_words_keep_statuses_not_ids_per_record():
    reply = {"orders": [["LD-1", "Taqueria Luz", "2027-11-12 19:30", "placed", 21.5],
                        ["LD-2", "Golden Wok", "2027-11-11 19:22", "delivered", 30.0]], "next_cursor": None}
    words = record_words("c1", reply)
    assert words["c1|$.output.orders[0]"] == ("taqueria luz", "placed")
    assert words["c1|$.output.orders[1]"] == ("golden wok", "delivered")


def test_status_bindings_take_the_record_that_shows_the_named_status():
    pool = _orders()
    index = StatusIndex(pool)
    refused = {"order_id": pool[0]}
    message = "ValueError: Order LD-1 is placed; problems can be reported only while it is delivered"
    out = status_bindings(refused, message, index, lambda name: pool)
    assert [b["order_id"].value for b in out] == ["LD-2"]
    # the status the refused record already shows points nowhere
    assert status_bindings(refused, "Order LD-1 is placed", index, lambda name: pool) == []
    # a message naming no pool word points nowhere
    assert status_bindings(refused, "Order LD-1 cannot be changed", index, lambda name: pool) == []


def test_status_bindings_take_only_values_of_the_refused_kind():
    pool = [_v("get_application", "application_no", "BP-1", "c1|$.output", ("submitted",)),
            _v("list_drafts", "title", "Dormer on rear roof", "c2|$.output.rows[0]", ("draft",)),
            _v("list_drafts", "number", "BP-2", "c2|$.output.rows[0]", ("draft",)),
            _v("list_drafts", "kind", "draft", "c2|$.output.rows[0]")]
    index = StatusIndex(pool)
    out = status_bindings({"application_no": pool[0]}, "application BP-1 is submitted, not a draft", index, lambda name: pool[1:])
    assert [b["application_no"].value for b in out] == ["BP-2"]  # not the title, not the status word


def test_status_bindings_leave_handed_values_alone():
    handed = Value(FIXTURE_PROVIDER, "order_id", "$.fixtures.order", "LD-1", "\x00fixtures\x00order_id\x00\"LD-1\"", False)
    pool = _orders()
    out = status_bindings({"order_id": handed}, "only while it is delivered", StatusIndex(pool), lambda name: pool)
    assert out == []


def test_rank_enablers_by_shared_words_and_the_record_acted_on():
    children = [("update_tip", {"order_id": "U-7", "tip": 2}, ""),
                ("allocate_unit", {"din": "G1"}, ""),
                ("allocate_unit", {"din": "U-7"}, ""),
                ("issue_unit", {"din": "U-7"}, "")]
    words = {"update_tip": word_stems("update_tip"), "allocate_unit": word_stems("allocate_unit Allocate a unit"),
             "issue_unit": word_stems("issue_unit")}
    ranked = rank_enablers("Only an allocated unit can be issued", {"din": "U-7"}, children, words, exclude="issue_unit")
    assert [i for _, i in ranked] == [2, 1]  # the allocation of the same unit first; the tip shares nothing


def test_rank_enablers_read_the_handed_record_of_a_sign_on():
    children = [("sign_on", {"staff_number": "S1"}, "priya raman bms"), ("sign_on", {"staff_number": "S2"}, "george boateng rn"),
                ("record_observations", {"episode": "E1"}, "")]
    words = {"sign_on": word_stems("sign_on"), "record_observations": word_stems("record_observations")}
    message = "Priya Raman (BMS) is not authorised for this message; it needs a RN sign-on"
    # the person signed on now (the path's handed record) is the state as it is: the nurse ranks first
    ranked = rank_enablers(message, {}, children, words, current="priya raman bms")
    assert [i for _, i in ranked] == [1, 0]
    # without knowing who is signed on, the refusal's naming of her would rank her own sign-on first
    assert [i for _, i in rank_enablers(message, {}, children, words)][0] == 0


def test_substituted_takes_a_new_session_for_the_old():
    old = _v("log_in", "token", "T-registrar")
    new = _v("log_in", "token", "T-director")
    assert substituted({"token": old, "loan_id": "L1"}, [new])["token"] is new
    assert substituted({"token": old}, [old]) is None
    assert substituted({"loan_id": "L1"}, [new]) is None


def test_repairable_causes():
    assert repairable("state") and repairable("credentials") and repairable(None)
    assert not any(repairable(c) for c in ("format", "vocabulary", "unknown_value", "crash", "other"))


def test_an_unclassified_refusal_needs_two_shared_words():
    children = [("place_order", {"user_id": "u1"}, ""), ("record_facility_report", {"institution_id": "INS-1"}, "")]
    words = {name: word_stems(name) for name, _, _ in children}
    wrong_kind = "'itm_10231' is not an order id (order ids look like LD-1234567)"
    missing = "Kunsthalle Nordhafen has no current facility report"
    assert rank_enablers(wrong_kind, {}, children, words, needed=shared_needed(None)) == []
    assert [i for _, i in rank_enablers(missing, {}, children, words, needed=shared_needed(None))] == [1]
    assert [i for _, i in rank_enablers(wrong_kind, {}, children, words, needed=shared_needed("state"))] == [0]


def test_own_statuses_are_the_refused_rows_words_the_refusal_names():
    pool = _orders()
    index = StatusIndex(pool)
    assert own_statuses({"order_id": pool[0]}, "Order LD-1 is placed; reports are checked on delivery", index) == {"placed"}
    handed = Value(FIXTURE_PROVIDER, "order_id", "$.fixtures.order", "LD-1", "\x00fixtures\x00order_id\x00\"LD-1\"", False)
    assert own_statuses({"order_id": handed}, "Order LD-1 is placed", index) == set()


def test_away_bindings_take_rows_in_none_of_the_named_statuses_one_status_at_a_time():
    rows = [("LD-1", "placed"), ("LD-2", "placed"), ("LD-3", "delivered"), ("LD-4", "placed"), ("LD-5", "out_for_delivery")]
    pool = [_v("list_orders", "order_id", oid, f"c1|$.output.orders[{i}]", (status,)) for i, (oid, status) in enumerate(rows)]
    index = StatusIndex(pool)
    out = away_bindings({"order_id": pool[0]}, {"placed"}, index, lambda name: pool, per_input=2)
    assert [b["order_id"].value for b in out] == ["LD-3", "LD-5"]  # not another placed order
    assert away_bindings({"order_id": pool[0]}, set(), index, lambda name: pool) == []


@given(st.lists(st.sampled_from(["placed", "delivered", "cancelled", "returned"]), min_size=1, max_size=12),
       st.sets(st.sampled_from(["placed", "delivered", "cancelled", "returned"])))
def test_away_bindings_never_take_an_avoided_status(statuses, avoid):
    pool = [_v("list_orders", "order_id", f"LD-{i}", f"c1|$.output.orders[{i}]", (s,)) for i, s in enumerate(statuses)]
    index = StatusIndex(pool)
    out = away_bindings({"order_id": pool[0]}, set(avoid), index, lambda name: pool, per_input=3)
    assert len(out) <= 3
    for b in out:
        assert not set(b["order_id"].context) & avoid and b["order_id"].value != "LD-0"
    if statuses[0] in avoid:  # every status the pool offers is tried before any twice
        wanted = {s for s in statuses[1:] if s not in avoid}
        assert {b["order_id"].context[0] for b in out} == wanted


def test_a_refusal_of_what_the_one_acting_may_do_is_about_the_person():
    from llama_index_libra.induction.repairs import refuses_the_person

    for message in ('{"code":"PERMISSION_DENIED","message":"a contact cannot do this"}', "E103 FUEL STAFF CANNOT DO THIS",
                    "PermissionError: a guest account cannot do this", "Forbidden: not authorised for refunds",
                    "Error: The counter role cannot do this.", "you are not permitted to approve",
                    # the act named as a call, an action or a transaction rather than "this" alone
                    "ForbiddenException (22): Hereward Quillfeather (events) may not make this call",
                    "PermissionError: Ravenna Sobczak (sales) may not make this call",
                    "the auditor role can't perform this operation", "Ines (viewer) may not run this transaction"):
        assert refuses_the_person(message), message
    # a missing sign-in, a record's state or an unknown value is not about who is acting
    for message in ("session key missing or expired: sign in again", "order 5 is shipped; it cannot be cancelled",
                    "E404 VESSEL V1 NOT FOUND", "You are not clocked in.",
                    "PermissionError: not signed in, or the session has ended; sign in first",
                    "a closed ledger cannot make this entry", "the grid cannot run this load"):
        assert not refuses_the_person(message), message
