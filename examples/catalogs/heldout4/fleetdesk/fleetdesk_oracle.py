"""Scripted proofs that FleetDesk's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py; a refusal is a reply with an ``error`` key).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values).
"""

LOGIN = ("counter_login", {"staff_id": "AMS-0412", "pin": "5521"})
T = "$counter_login.token"
OVR = ("manager_override", {"token": T, "manager_code": "7781-4410", "reason": "Customer waited 40 minutes"})
O = "$manager_override.override"

LB = ("list_branches", {"city": "Amsterdam"})
BR = "$list_branches.branches.0.0"
PD1 = ("parse_datetime", {"text": "3 May 2025 10:00"}, "pickup")
PD2 = ("parse_datetime", {"text": "6 May 2025 10:00"}, "dropoff")
SA = ("search_availability", {"branch_code": BR, "pickup": "$pickup.datetime", "dropoff": "$dropoff.datetime",
                              "vehicle_class": "CDAR"})
Q = "$search_availability.offers.0.2.0.0"
FC = ("find_customer", {"surname": "Okafor"})
CUST = "$find_customer.matches.0.customer.id"
RC = ("register_customer", {"token": T, "full_name": "Amara Okafor", "email": "amara.okafor@example.com",
                            "date_of_birth": "1990-08-30", "licence_number": "NL7710448812", "licence_country": "NL"})
NEW_CUST = "$register_customer.customer.id"


def book(customer: str) -> tuple:
    return ("create_booking", {"token": T, "quote_id": Q, "customer_id": customer})


BK = "$create_booking.ref"
FB = ("find_booking", {"surname": "Okafor"})
FBK = "$find_booking.bookings.0.0"
QUOTED = [LB, PD1, PD2, SA]
BOOKED = [LOGIN] + QUOTED + [FC, book(CUST)]

LE = ("list_extras", {"branch_code": BR})
VL = ("verify_licence", {"token": T, "customer_id": CUST})
LF = ("list_fleet", {"branch_code": "$counter_login.branch", "vehicle_class": "CDAR", "status": "available"})
UNIT = "$list_fleet.units.0.0"
TC = ("tokenize_card", {"card_number": "4111 1111 1111 1111", "expiry": "09/27"})
VC = ("vehicle_classes", {})
VP = ("validate_promo", {"promo_text": "spring 25"})


def on_booking(code: str) -> dict:
    """consumer -> the steps after the booking ``code`` is known (booking of Daniel Okafor, CDAR, AMS-CS)."""
    extras = ("add_extras", {"token": T, "booking_code": code, "extras": ["$list_extras.extras.3.0"]})
    assign = ("assign_vehicle", {"token": T, "booking_code": code, "unit_id": UNIT})
    pre = ("preauthorize", {"token": T, "booking_code": code, "card_token": "$tokenize_card.card_token",
                            "amount_eur": 300.0})
    return {
        "get_booking": [("get_booking", {"booking_code": code})],
        "add_extras": [LE, extras],
        "add_driver": [LE, extras, RC, ("add_driver", {"token": T, "booking_code": code, "customer_id": NEW_CUST})],
        "apply_promo": [VP, ("apply_promo", {"token": T, "booking_code": code, "promo_code": "$validate_promo.promo_code"})],
        "preauthorize": [TC, pre],
        "cancel_booking": [("cancel_booking", {"token": T, "booking_code": code, "reason": "Flight cancelled"})],
        "upgrade_booking": [VC, OVR, ("upgrade_booking", {"token": T, "override": O, "booking_code": code,
                                                          "vehicle_class": "$vehicle_classes.classes.2.0"})],
        "assign_vehicle": [LF, assign],
        "check_out": [VL, LF, assign, TC, pre, ("check_out", {"token": T, "booking_code": code})],
    }


NEW_BOOKING = {c: BOOKED + steps for c, steps in on_booking(BK).items()}
FOUND_BOOKING = {c: [LOGIN, FB] + ([LB] if c in ("add_extras", "add_driver") else [])
                 + ([FC] if c == "check_out" else []) + steps for c, steps in on_booking(FBK).items()}

OUT = NEW_BOOKING["check_out"]
AG = "$check_out.agreement.number"
PDR = ("parse_datetime", {"text": "30-04-2025 14.20"})
LR = ("lookup_rental", {"plate": "zt 903 b", "when": "$parse_datetime.datetime"})
RAG = "$lookup_rental.rental.0"


def on_agreement(agreement: str, km: int) -> dict:
    """consumer -> the steps after the agreement is known."""
    check_in = ("check_in", {"token": T, "agreement_no": agreement, "mileage_km": km, "fuel_eighths": 6})
    return {
        "get_agreement": [("get_agreement", {"agreement_no": agreement})],
        "extend_rental": [("parse_datetime", {"text": "8 May 2025 09:00"}, "new_due"),
                          ("extend_rental", {"token": T, "agreement_no": agreement, "new_dropoff": "$new_due.datetime"})],
        "swap_vehicle": [("list_fleet", {"branch_code": "$counter_login.branch", "vehicle_class": "CDAR",
                                         "status": "available"}, "spare"),
                         ("swap_vehicle", {"token": T, "agreement_no": agreement, "unit_id": "$spare.units.0.0",
                                           "reason": "Warning light for tyre pressure"})],
        "report_accident": [("report_accident", {"token": T, "agreement_no": agreement,
                                                 "description": "Reversed into a bollard in a car park; rear bumper cracked",
                                                 "police_reference": None})],
        "add_fine": [("add_fine", {"token": T, "agreement_no": agreement, "amount_eur": 95.0,
                                   "authority": "Gemeente Amsterdam", "reference": "2025-8841207"})],
        "check_in": [check_in],
        "close_agreement": [check_in, ("close_agreement", {"token": T, "agreement_no": agreement})],
    }


NEW_AGREEMENT = {c: OUT + steps for c, steps in on_agreement(AG, 24510).items()}
FOUND_AGREEMENT = {c: [LOGIN, PDR, LR] + steps for c, steps in on_agreement(RAG, 32400).items()}
FOUND_AGREEMENT["get_agreement"] = [PDR, LR] + on_agreement(RAG, 32400)["get_agreement"]

INV = "$close_agreement.invoice"
CLOSED = NEW_AGREEMENT["close_agreement"]
GI = ("get_invoice", {"invoice_no": INV})
CP = ("capture_payment", {"token": T, "invoice_no": INV, "auth_code": "$preauthorize.auth_code"})
SM = ("send_to_maintenance", {"token": T, "unit_id": UNIT, "issue": "Brake pads worn; grinding noise"})

PATHS = {
    "manager_override": [LOGIN, OVR],
    "register_customer": [LOGIN, RC],
    "verify_licence": [LOGIN, FC, VL],
    "create_booking": BOOKED,
    "get_quote": QUOTED + [("get_quote", {"quote_id": Q})],
    "search_availability": QUOTED,
    "list_extras": [LB, LE],
    "list_fleet": [LOGIN, LF],
    **NEW_BOOKING,
    **NEW_AGREEMENT,
    "lookup_rental": [PDR, LR],
    "record_damage": [LOGIN, LF, ("record_damage", {"token": T, "unit_id": UNIT, "panel": "RB", "severity": "scratch",
                                                    "note": "15 cm scratch above the number plate"})],
    "send_to_maintenance": [LOGIN, LF, SM],
    "release_from_maintenance": [LOGIN, LF, SM, ("release_from_maintenance", {
        "token": T, "work_order": "$send_to_maintenance.work_order", "odometer_km": 24131})],
    "transfer_vehicle": [LOGIN, LB, LF, ("transfer_vehicle", {"token": T, "unit_id": UNIT,
                                                              "to_branch": "$list_branches.branches.1.0"})],
    "get_invoice": CLOSED + [GI],
    "capture_payment": CLOSED + [CP],
    "waive_charge": CLOSED + [GI, OVR, ("waive_charge", {"token": T, "override": O, "invoice_no": INV,
                                                          "charge_code": "$get_invoice.lines.1.0"})],
    "refund_payment": CLOSED + [CP, OVR, ("refund_payment", {"token": T, "override": O, "invoice_no": INV,
                                                              "amount_eur": 35.0,
                                                              "reason": "Car was returned clean; valeting not due"})],
}

OVERRIDES = {
    **{("find_booking", c): steps for c, steps in FOUND_BOOKING.items()},
    **{("lookup_rental", c): steps for c, steps in FOUND_AGREEMENT.items()},
    ("register_customer", "verify_licence"): [LOGIN, RC, ("verify_licence", {"token": T, "customer_id": NEW_CUST})],
    ("register_customer", "create_booking"): [LOGIN] + QUOTED + [RC, book(NEW_CUST)],
    ("register_customer", "add_driver"): FOUND_BOOKING["add_driver"],
    ("find_customer", "add_driver"): [LOGIN, FB, LB, LE,
                                      ("add_extras", {"token": T, "booking_code": FBK, "extras": ["$list_extras.extras.3.0"]}),
                                      ("find_customer", {"surname": "Solberg"}),
                                      ("add_driver", {"token": T, "booking_code": FBK, "customer_id": CUST})],
    ("list_branches", "list_fleet"): [LB, ("list_fleet", {"branch_code": BR})],
    ("list_branches", "search_availability"): QUOTED,
    ("parse_datetime", "lookup_rental"): [PDR, LR],
    ("parse_datetime", "extend_rental"): [LOGIN, ("lookup_rental", {"plate": "ZT-903-B", "when": "2025-04-30T14:20"})]
    + on_agreement(RAG, 32400)["extend_rental"],
    ("list_fleet", "swap_vehicle"): FOUND_AGREEMENT["swap_vehicle"],
    ("add_extras", "add_driver"): FOUND_BOOKING["add_driver"],
    ("list_extras", "add_extras"): FOUND_BOOKING["add_extras"],
    ("validate_promo", "apply_promo"): FOUND_BOOKING["apply_promo"],
    ("tokenize_card", "preauthorize"): FOUND_BOOKING["preauthorize"],
    ("vehicle_classes", "upgrade_booking"): FOUND_BOOKING["upgrade_booking"],
    ("check_in", "close_agreement"): FOUND_AGREEMENT["close_agreement"],
    ("get_booking", "capture_payment"): CLOSED + [("get_booking", {"booking_code": BK}), (
        "capture_payment", {"token": T, "invoice_no": INV, "auth_code": "$get_booking.deposit.auth_code"})],
}


def _proofs() -> list:
    import fleetdesk_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_quote", QUOTED + [("get_quote", {"quote_id": Q}), LOGIN, FC, book(CUST)]),
    ("record_damage", [LOGIN, LF, ("record_damage", {"token": T, "unit_id": UNIT, "panel": "FB", "severity": "dent",
                                                     "note": "Small dent"}), SM]),
    ("get_booking", BOOKED + [("get_booking", {"booking_code": BK}), VP,
                              ("apply_promo", {"token": T, "booking_code": BK, "promo_code": "$validate_promo.promo_code"})]),
    ("vehicle_classes", [LOGIN, VC, LF, SM]),
    ("find_customer", [LOGIN, FC, FB, ("get_booking", {"booking_code": FBK})]),
    ("validate_promo", [LOGIN, VP, FB, ("cancel_booking", {"token": T, "booking_code": FBK, "reason": "Plans changed"})]),
    ("get_agreement", [PDR, LR, ("get_agreement", {"agreement_no": RAG}), LOGIN,
                       ("check_in", {"token": T, "agreement_no": RAG, "mileage_km": 32400, "fuel_eighths": 8})]),
]
