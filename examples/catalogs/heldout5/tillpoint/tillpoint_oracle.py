"""Scripted proofs that TillPoint's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a raised exception is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Bare
replies are referenced whole (``"$clock_in"``, ``"$open_check"``, ``"$print_bill"``); ids that a
call only returns inside a sentence (``drawer session DS-0419``, ``Payment P-88213``,
``Reservation R-2231``, line numbers) are written literally: each has its own sequence, so they
are the same in every fresh state, and the record does not exist without the call.
"""

from __future__ import annotations

CI = ("clock_in", {"pin": "4821", "till_no": 1})
S = "$clock_in"
OT = ("open_till", {"shift": S, "opening_float": 150.0})
DRAWER, PAYMENT, RESERVATION = "DS-0419", "P-88213", "R-2231"
MO = ("manager_override", {"shift": S, "card_swipe": ";6014920002=2612?", "pin": "9075",
                           "reason": "Guest complaint, approved at the pass"})
O = "$manager_override"

FP = ("floor_plan", {"area": "main_room", "free_only": True})   # TB-01, TB-04, TB-12, TB-15
OC = ("open_check", {"shift": S, "table_id": "$floor_plan.2.0", "covers": 2})
C = "$open_check"
MENU_MAIN = ("menu", {"category": "main"})                      # 1041 Margherita first
MF = ("modifiers_for", {"plu": "$menu.0.0"})
AI = ("add_item", {"shift": S, "check_no": C, "plu": "$menu.0.0", "qty": 1, "modifiers": ["$modifiers_for.1"],
                   "note": "Coeliac, keep it away from the flour"})
MENU_DRINKS = ("menu", {"category": "drinks"}, "drinks")
AI2 = ("add_item", {"shift": S, "check_no": C, "plu": "$drinks.1.0", "qty": 1}, "second")

OPENED = [CI, OT, FP, OC]
ORDERED = OPENED + [MENU_MAIN, MF, AI]


def fire(check) -> tuple:
    return ("fire_course", {"shift": S, "check_no": check, "course": "main"})


def bill(check) -> tuple:
    return ("print_bill", {"shift": S, "check_no": check})


def pay(check) -> tuple:
    return ("take_payment", {"shift": S, "check_no": check, "tender": "card", "amount": "$print_bill"})


def close(check) -> tuple:
    return ("close_check", {"shift": S, "check_no": check})


def void(check, line) -> tuple:
    return ("void_item", {"shift": S, "override": O, "check_no": check, "line_no": line, "reason": "wrong_item"})


def comp(check, line) -> tuple:
    return ("comp_item", {"shift": S, "override": O, "check_no": check, "line_no": line,
                          "reason": "Overcooked, guest waited 40 minutes"})


def split(check, lines) -> tuple:
    return ("split_check", {"shift": S, "check_no": check, "line_nos": lines})


def refund(payment) -> tuple:
    return ("refund_payment", {"shift": S, "override": O, "payment_id": payment, "amount": 5.0,
                               "reason": "Charged for a drink that never came"})


def tip(payment) -> tuple:
    return ("adjust_tip", {"shift": S, "payment_id": payment, "tip": 2.0})


def reopen(check) -> tuple:
    return ("reopen_check", {"shift": S, "override": O, "check_no": check})


FIRED = ORDERED + [fire(C)]
BUMP = ("bump_ticket", {"station": "$fire_course.0.1", "ticket_id": "$fire_course.0.0"})
RECALL = ("recall_ticket", {"station": "$fire_course.0.1", "ticket_id": "$fire_course.0.0"})
BILLED = ORDERED + [bill(C)]
PAID = BILLED + [pay(C)]
CLOSED = PAID + [close(C)]

FG = ("find_guest", {"surname": "Okafor"})
AG = ("add_guest", {"name": "Ruairi Walsh", "phone": "07700 900999", "allergies": ["tree nuts"]})
TS = ("to_slot", {"text": "8pm Saturday 17 May"})
TS_TONIGHT = ("to_slot", {"text": "tonight 9pm"})
CA4 = ("check_availability", {"slot": "$to_slot", "covers": 4})
CA2 = ("check_availability", {"slot": "$to_slot", "covers": 2})


def book(guest: str, table: str = "$check_availability.0.0", covers: int = 4) -> tuple:
    return ("book_table", {"shift": S, "guest_no": guest, "slot": "$to_slot", "covers": covers, "table_id": table,
                           "notes": "Anniversary, quiet table please"})


FR = ("find_reservation", {"surname": "Solberg"})
FOUND_RES = "$find_reservation.0.0"
BOOKED_TONIGHT = [CI, OT, FG, TS_TONIGHT, CA2, book("$find_guest.0.0", covers=2)]


def fck(status: str) -> tuple:
    return ("find_checks", {"status": status})


K = "$find_checks.0.0"   # open: 4102 (TB-07); billed: 4099; paid: 4097; closed: 4095
GC_K = ("get_check", {"check_no": K})

PATHS = {
    "open_till": [CI, OT],
    "manager_override": [CI, MO],
    "open_check": OPENED,
    "get_check": OPENED + [("get_check", {"check_no": C})],
    "add_item": ORDERED,
    "mark_allergy": OPENED + [("mark_allergy", {"shift": S, "check_no": C, "allergens": ["TREE_NUT"], "seat": 2})],
    "fire_course": FIRED,
    "eighty_six": [CI, MENU_MAIN, ("eighty_six", {"shift": S, "plu": "$menu.0.0"})],
    "restore_item": [CI, MENU_MAIN, ("eighty_six", {"shift": S, "plu": "$menu.0.0"}),
                     ("restore_item", {"shift": S, "plu": "$menu.0.0"})],
    "modifiers_for": [MENU_MAIN, MF],
    "void_item": ORDERED + [MO, void(C, 1)],
    "comp_item": ORDERED + [MO, comp(C, 1)],
    "apply_discount": OPENED + [("apply_discount", {"shift": S, "check_no": C, "code": "LOYAL10"})],
    "transfer_check": OPENED + [("transfer_check", {"shift": S, "check_no": C, "to_table_id": "$floor_plan.3.0"})],
    "split_check": ORDERED + [MENU_DRINKS, AI2, split(C, [2])],
    "print_bill": BILLED,
    "take_payment": PAID,
    "close_check": CLOSED,
    "reopen_check": CLOSED + [MO, reopen(C)],
    "refund_payment": PAID + [MO, refund(PAYMENT)],
    "adjust_tip": PAID + [tip(PAYMENT)],
    "cash_drop": [CI, OT, ("cash_drop", {"shift": S, "drawer_session": DRAWER, "amount": 100.0})],
    "close_till": [CI, OT, ("close_till", {"shift": S, "drawer_session": DRAWER, "counted_cash": 150.0})],
    "sales_summary": [CI, OT, ("sales_summary", {"drawer_session": DRAWER})],
    "bump_ticket": FIRED + [BUMP],
    "recall_ticket": FIRED + [BUMP, RECALL],
    "check_availability": [TS, CA4],
    "book_table": [CI, FG, TS, CA4, book("$find_guest.0.0")],
    "guest_history": [FG, ("guest_history", {"guest_no": "$find_guest.0.0"})],
    "cancel_reservation": [CI, FG, TS, CA4, book("$find_guest.0.0"),
                           ("cancel_reservation", {"shift": S, "reservation_id": RESERVATION,
                                                   "reason": "Flight cancelled, will rebook"})],
    "seat_reservation": BOOKED_TONIGHT + [("seat_reservation", {"shift": S, "reservation_id": RESERVATION})],
}

OVERRIDES = {
    ("find_checks", "get_check"): [fck("open"), GC_K],
    ("find_checks", "add_item"): [CI, fck("open"), MENU_MAIN, MF,
                                  ("add_item", {"shift": S, "check_no": K, "plu": "$menu.0.0", "qty": 2,
                                                "modifiers": ["$modifiers_for.2"]})],
    ("find_checks", "mark_allergy"): [CI, fck("open"), ("mark_allergy", {"shift": S, "check_no": K,
                                                                         "allergens": ["MILK", "GLUTEN"]})],
    ("find_checks", "fire_course"): [CI, fck("open"), fire(K)],
    ("find_checks", "void_item"): [CI, fck("open"), GC_K, MO, void(K, "$get_check.4.1.0")],
    ("find_checks", "comp_item"): [CI, fck("open"), GC_K, MO, comp(K, "$get_check.4.0.0")],
    ("find_checks", "apply_discount"): [CI, fck("open"), ("apply_discount", {"shift": S, "check_no": K,
                                                                             "code": "STAFF50"})],
    ("find_checks", "transfer_check"): [CI, fck("open"), FP, ("transfer_check", {"shift": S, "check_no": K,
                                                                                 "to_table_id": "$floor_plan.0.0"})],
    ("find_checks", "split_check"): [CI, fck("open"), GC_K, split(K, ["$get_check.4.2.0"])],
    ("find_checks", "print_bill"): [CI, fck("open"), bill(K)],
    ("find_checks", "take_payment"): [CI, fck("billed"), bill(K), pay(K)],
    ("find_checks", "close_check"): [CI, fck("paid"), close(K)],
    ("find_checks", "reopen_check"): [CI, fck("closed"), MO, reopen(K)],
    ("get_check", "void_item"): [CI, fck("open"), GC_K, MO, void(K, "$get_check.4.1.0")],
    ("get_check", "comp_item"): [CI, fck("open"), GC_K, MO, comp(K, "$get_check.4.0.0")],
    ("get_check", "split_check"): [CI, fck("open"), GC_K, split(K, ["$get_check.4.2.0"])],
    ("get_check", "refund_payment"): [CI, fck("closed"), GC_K, MO, refund("$get_check.5.0.0")],
    ("get_check", "adjust_tip"): [CI, fck("closed"), GC_K, tip("$get_check.5.0.0")],
    ("kds_queue", "bump_ticket"): [("kds_queue", {"station": "cold"}),
                                   ("bump_ticket", {"station": "cold", "ticket_id": "$kds_queue.0.0"})],
    ("kds_queue", "recall_ticket"): [("kds_queue", {"station": "bar"}),
                                     ("recall_ticket", {"station": "bar", "ticket_id": "$kds_queue.0.0"})],
    ("add_guest", "book_table"): [CI, AG, TS, CA4, book("$add_guest")],
    ("add_guest", "guest_history"): [AG, ("guest_history", {"guest_no": "$add_guest"})],
    ("floor_plan", "book_table"): [CI, FG, TS, ("floor_plan", {"area": "terrace"}),
                                   book("$find_guest.0.0", "$floor_plan.0.0")],
    ("find_reservation", "cancel_reservation"): [CI, FR, ("cancel_reservation", {
        "shift": S, "reservation_id": FOUND_RES, "reason": "Guest rang to cancel, unwell"})],
    ("find_reservation", "seat_reservation"): [CI, OT, FR, ("seat_reservation", {"shift": S,
                                                                                 "reservation_id": FOUND_RES})],
    ("close_check", "close_till"): CLOSED + [("close_till", {"shift": S, "drawer_session": DRAWER,
                                                             "counted_cash": 150.0})],
}


def _proofs() -> list:
    import tillpoint_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("guest_history", [CI, FG, ("guest_history", {"guest_no": "$find_guest.0.0"}), TS, CA4, book("$find_guest.0.0")]),
    ("menu", [CI, OT, FP, MENU_MAIN, OC]),
    ("get_check", ORDERED + [("get_check", {"check_no": C}), bill(C)]),
    ("sales_summary", [CI, OT, ("sales_summary", {"drawer_session": DRAWER}),
                       ("cash_drop", {"shift": S, "drawer_session": DRAWER, "amount": 100.0})]),
    ("kds_queue", FIRED + [("kds_queue", {"station": "pizza"}), BUMP]),
    ("find_reservation", [CI, FR, OT, FP, OC]),
    ("modifiers_for", OPENED + [MENU_DRINKS, ("modifiers_for", {"plu": "$drinks.0.0"}),
                                ("add_item", {"shift": S, "check_no": C, "plu": "$drinks.0.0"})]),
]
