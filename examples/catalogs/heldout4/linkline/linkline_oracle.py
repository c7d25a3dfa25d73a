"""Scripted proofs that LinkLine's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Bare
replies are referenced whole (``"$agent_login"``, ``"$create_order"``, ``"$reserve_number"``).
"""

from __future__ import annotations

LOGIN = ("agent_login", {"username": "rvisser", "password": "Lnk!2207"})
T = "$agent_login"
ELEV = ("elevate", {"token": T, "supervisor_badge": "b-5531", "pin": "8841"})
E = "$elevate.elevation"

SC = ("search_customers", {"name": "Sanne de Boer", "city": "Utrecht"})
ACC_S = "$search_customers.0.account"
SC_J = ("search_customers", {"name": "Bakker"})
CA = ("create_account", {"token": T, "full_name": "Mehmet Yilmaz", "email": "m.yilmaz@example.nl", "city": "Utrecht"})
ACC_C = "$create_account"
ADDR = ("check_address", {"postcode": "3511 ab", "house_number": "12"})
PLANS_F = ("list_plans", {"technology": "fibre"})
PLANS_M = ("list_plans", {"technology": "mobile"}, "mplans")
O = "$create_order"


def co_fixed(acc: str) -> tuple:
    return ("create_order", {"token": T, "account_number": acc, "plan_code": "$list_plans.0.plan_code",
                             "premises_id": "$check_address.address_id"})


def co_mobile(acc: str) -> tuple:
    return ("create_order", {"token": T, "account_number": acc, "plan_code": "$mplans.0.plan_code"})


def cc(acc: str) -> tuple:
    return ("credit_check", {"token": T, "account_number": acc})


SLOTS = ("list_install_slots", {"exchange": "$check_address.exchange", "date": "2025-03-14"})
BOOK = ("book_install", {"token": T, "order_id": O, "slot_ref": "$list_install_slots.0.slot_ref"})
SUBMIT = ("submit_order", {"token": T, "order_id": O})
SIM = ("allocate_sim", {"token": T, "order_id": O})
NUM = ("reserve_number", {"token": T, "order_id": O})
ACT = ("activate_line", {"token": T, "order_id": O, "iccid": "$allocate_sim.iccid", "msisdn": "$reserve_number"})

FIXED_DRAFT = [LOGIN, SC, ADDR, PLANS_F, co_fixed(ACC_S)]
FIXED = FIXED_DRAFT + [cc(ACC_S), SLOTS, BOOK, SUBMIT]
MOBILE_DRAFT = [LOGIN, SC, PLANS_M, co_mobile(ACC_S)]
MOBILE = MOBILE_DRAFT + [cc(ACC_S), SIM, NUM, SUBMIT, ACT]

NM = ("normalize_msisdn", {"raw_number": "06-5551 2345"})
VP = ("validate_pac", {"donor_msisdn": "$normalize_msisdn", "pac": "vfn 482931"})
SP = ("schedule_port", {"token": T, "order_id": O, "port_ref": "$validate_pac.port_ref", "port_date": "2025-03-20"})
PORT_DRAFT = [LOGIN, CA, PLANS_M, co_mobile(ACC_C), cc(ACC_C), SIM, NM, VP, SP]
PORTED = PORT_DRAFT + [SUBMIT, ("activate_line", {"token": T, "order_id": O, "iccid": "$allocate_sim.iccid",
                                                  "msisdn": "$schedule_port.msisdn"})]

L_NEW = "$activate_line.line_id"
L_F = "$find_line.line_id"
NM_S = ("normalize_msisdn", {"raw_number": "06-1234 5678"})
NM_J = ("normalize_msisdn", {"raw_number": "06 8765 4321"})
NM_L = ("normalize_msisdn", {"raw_number": "030 234 5678"})
FL = ("find_line", {"msisdn": "$normalize_msisdn"})


def on_line(line: str) -> dict:
    """consumer -> the steps that end with it, on line ``line``."""
    get = ("get_line", {"line_id": line})
    test = ("run_line_test", {"line_id": line})
    fault = ("raise_fault", {"token": T, "line_id": line, "test_id": "$run_line_test.test_id", "symptoms": ["no_data"]})
    suspend = ("suspend_line", {"token": T, "line_id": line, "reason": "lost_or_stolen"})
    enable = ("enable_roaming", {"token": T, "line_id": line})
    return {
        "get_line": [get],
        "change_plan": [PLANS_M, ("change_plan", {"token": T, "line_id": line, "plan_code": "$mplans.1.plan_code"})],
        "add_bolt_ons": [get, ("get_plan", {"plan_code": "$get_line.plan"}),
                         ("add_bolt_ons", {"token": T, "line_id": line, "bolt_ons": ["$get_plan.bolt_ons.1"]})],
        "suspend_line": [suspend],
        "restore_line": [suspend, ("restore_line", {"token": T, "line_id": line})],
        "enable_roaming": [enable],
        "disable_roaming": [enable, ("disable_roaming", {"token": T, "line_id": line})],
        "issue_pac": [("issue_pac", {"token": T, "line_id": line})],
        "cease_line": [ELEV, ("cease_line", {"token": T, "elevation": E, "line_id": line,
                                             "reason": "Customer emigrated to Canada"})],
        "run_line_test": [test],
        "raise_fault": [test, fault],
    }


NEW_LINE = {c: MOBILE + steps for c, steps in on_line(L_NEW).items()}
FOUND_LINE = {c: [LOGIN, NM_S, FL] + steps for c, steps in on_line(L_F).items()}
FOUND_LINE["restore_line"] = [LOGIN, NM_J, FL, ("restore_line", {"token": T, "line_id": L_F})]  # Joris's barred line

LT_L = ("run_line_test", {"line_id": L_F})
RF_L = ("raise_fault", {"token": T, "line_id": L_F, "test_id": "$run_line_test.test_id",
                        "symptoms": ["no_sync", "intermittent"]})
SLOTS_L = ("list_install_slots", {"exchange": "$get_line.exchange", "date": "2025-03-14"})
DISPATCH = [LOGIN, NM_L, FL, ("get_line", {"line_id": L_F}), LT_L, RF_L, SLOTS_L,
            ("dispatch_engineer", {"token": T, "ticket_id": "$raise_fault.ticket",
                                   "slot_ref": "$list_install_slots.0.slot_ref"})]
CLOSE = [LOGIN, NM_S, FL, ("run_line_test", {"line_id": L_F}),
         ("raise_fault", {"token": T, "line_id": L_F, "test_id": "$run_line_test.test_id", "symptoms": ["no_data"]}),
         ("close_fault", {"token": T, "ticket_id": "$raise_fault.ticket",
                          "resolution": "APN settings re-sent; customer confirms data works"})]

GB = ("get_bill", {"account_number": ACC_S, "period": "2025-02"})
LI = ("list_invoices", {"account_number": ACC_S, "status": "open"})
INV_B, INV_L = "$get_bill.invoice_no", "$list_invoices.0.invoice"
REASON = "Customer never subscribed to this premium SMS service"


def dispute(invoice: str, line_no) -> tuple:
    return ("dispute_charge", {"token": T, "invoice_no": invoice, "line_no": line_no, "reason": REASON})


TC = ("tokenize_card", {"card_number": "4111 1111 1111 1111", "expiry": "09/27"})


def pay(invoice: str) -> tuple:
    return ("take_payment", {"token": T, "invoice_no": invoice, "amount": 70.0, "card_token": "$tokenize_card"})


def write_off(invoice: str) -> tuple:
    return ("write_off_balance", {"token": T, "elevation": E, "invoice_no": invoice,
                                  "reason": "Roaming charge from before the bar; goodwill"})


DISPUTED = [LOGIN, SC, GB, dispute(INV_B, "$get_bill.lines.2.0")]

PATHS = {
    "elevate": [LOGIN, ELEV],
    "create_account": [LOGIN, CA],
    "get_account": [SC, ("get_account", {"account_number": ACC_S})],
    "credit_check": [LOGIN, SC, cc(ACC_S)],
    "add_note": [LOGIN, SC, ("add_note", {"token": T, "account_number": ACC_S,
                                          "text": "Called about the premium SMS; wants it blocked"})],
    "create_order": FIXED_DRAFT,
    "add_order_item": FIXED_DRAFT + [("add_order_item", {"token": T, "order_id": O, "item": "tv_box"})],
    "get_order": FIXED_DRAFT + [("get_order", {"order_id": O})],
    "list_install_slots": [ADDR, SLOTS],
    "book_install": FIXED_DRAFT + [SLOTS, BOOK],
    "allocate_sim": MOBILE_DRAFT + [SIM],
    "reserve_number": MOBILE_DRAFT + [NUM],
    "schedule_port": PORT_DRAFT,
    "validate_pac": [NM, VP],
    "submit_order": FIXED,
    "activate_line": MOBILE,
    "find_line": [NM_S, FL],
    **NEW_LINE,
    "dispatch_engineer": DISPATCH,
    "close_fault": CLOSE,
    "list_invoices": [SC, LI],
    "get_bill": [SC, GB],
    "dispute_charge": DISPUTED,
    "apply_credit": DISPUTED + [ELEV, ("apply_credit", {"token": T, "elevation": E, "dispute_ref": "$dispute_charge",
                                                        "amount": 4.95})],
    "take_payment": [LOGIN, SC, GB, TC, pay(INV_B)],
    "write_off_balance": [LOGIN, SC, GB, ELEV, write_off(INV_B)],
}

_ON_NEW_ACCOUNT = {
    "get_account": [LOGIN, CA, ("get_account", {"account_number": ACC_C})],
    "credit_check": [LOGIN, CA, cc(ACC_C)],
    "add_note": [LOGIN, CA, ("add_note", {"token": T, "account_number": ACC_C, "text": "Porting from Vodafone"})],
    "create_order": [LOGIN, CA, PLANS_M, co_mobile(ACC_C)],
    "list_invoices": [LOGIN, CA, ("list_invoices", {"account_number": ACC_C})],
}

OVERRIDES = {
    **{("create_account", c): steps for c, steps in _ON_NEW_ACCOUNT.items()},
    **{("find_line", c): steps for c, steps in FOUND_LINE.items()},
    ("list_plans", "change_plan"): FOUND_LINE["change_plan"],
    ("suspend_line", "restore_line"): [LOGIN, NM_S, FL] + on_line(L_F)["restore_line"],
    ("enable_roaming", "disable_roaming"): FOUND_LINE["disable_roaming"],
    ("get_line", "list_install_slots"): [NM_L, FL, ("get_line", {"line_id": L_F}), SLOTS_L],
    ("allocate_sim", "submit_order"): MOBILE_DRAFT + [cc(ACC_S), SIM, NUM, SUBMIT],
    ("schedule_port", "activate_line"): PORTED,
    ("list_invoices", "dispute_charge"): [LOGIN, SC, LI, dispute(INV_L, 3)],
    ("list_invoices", "take_payment"): [LOGIN, SC, LI, TC, pay(INV_L)],
    ("list_invoices", "write_off_balance"): [LOGIN, SC_J, ("list_invoices", {"account_number": "$search_customers.0.account",
                                                                             "status": "open"}), ELEV, write_off(INV_L)],
}


def _proofs() -> list:
    import linkline_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("credit_check", [LOGIN, SC, cc(ACC_S), ("get_account", {"account_number": ACC_S})]),
    ("get_account", [LOGIN, SC, ("get_account", {"account_number": ACC_S}), cc(ACC_S)]),
    ("check_address", [LOGIN, SC, ADDR, PLANS_M, co_mobile(ACC_S)]),
    ("add_order_item", FIXED_DRAFT + [cc(ACC_S), SLOTS, BOOK,
                                      ("add_order_item", {"token": T, "order_id": O, "item": "static_ip"}), SUBMIT]),
    ("get_plan", [LOGIN, NM_S, FL, ("get_plan", {"plan_code": "MOB-10"}), PLANS_M,
                  ("change_plan", {"token": T, "line_id": L_F, "plan_code": "$mplans.1.plan_code"})]),
    ("run_line_test", [LOGIN, NM_S, FL, ("run_line_test", {"line_id": L_F}),
                       ("suspend_line", {"token": T, "line_id": L_F, "reason": "customer_request"})]),
    ("tokenize_card", [LOGIN, SC, GB, TC, dispute(INV_B, 3)]),
    ("elevate", [LOGIN, ELEV, SC, GB, dispute(INV_B, 3)]),
]
