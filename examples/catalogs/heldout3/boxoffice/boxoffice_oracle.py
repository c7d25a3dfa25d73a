"""Scripted proofs that BoxOffice's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values).
"""

LOGIN = ("clerk_login", {"username": "niamh.box", "password": "Curtain-Up7"})
T = "$clerk_login.token"
EV = ("search_events", {"text": "cherry orchard"})
LP = ("list_performances", {"event_id": "$search_events.events.0.event_id"})
PERF = "$list_performances.performances.0.performance_id"
PERF2 = "$list_performances.performances.1.performance_id"
PERF3 = "$list_performances.performances.2.performance_id"
SHOW = [EV, LP]


def best(zone: str, perf: str = PERF, name: str = "best_available") -> tuple:
    return ("best_available", {"performance_id": perf, "quantity": 2, "zone": zone}, name)


def hold(seats, perf: str = PERF, name: str = "hold_seats") -> tuple:
    return ("hold_seats", {"token": T, "performance_id": perf, "seat_ids": seats}, name)


BA = best("P2")
HOLD = hold("$best_available.seat_ids")
H = "$hold_seats.hold_id"
PL = ("get_price_list", {"performance_id": PERF})
ORDER = ("create_order", {"token": T})
O = "$create_order.order_id"


def add(price_index: int) -> tuple:
    """Add the hold at the price type of row ``price_index`` of the price list (1 CONC, 2 U26, 3 MEMBER)."""
    return ("add_to_order", {"token": T, "order_id": O, "hold_id": H,
                             "price_type": f"$get_price_list.prices.{price_index}.price_type"})


DELIVERY = ("set_delivery", {"token": T, "order_id": O, "method": "print"})
TILL = ("open_till", {"token": T, "float_pence": 15000})
CASH = ("pay_cash", {"token": T, "order_id": O, "till_id": "$open_till.till_id", "tendered_pence": 6000})
DONE = ("complete_order", {"token": T, "order_id": O})
PRINTERS = ("list_devices", {"kind": "printer"})
PRINT = ("print_tickets", {"token": T, "order_id": O, "printer_id": "$list_devices.devices.0.device_id"})
TERMINALS = ("list_devices", {"kind": "card_terminal"}, "terminals")
CHARGE = ("card_terminal_charge", {"terminal_id": "$terminals.devices.0.device_id", "amount_pence": 5200,
                                   "reference": "Cherry Orchard 13 June"})
CARD = ("record_card_payment", {"token": T, "order_id": O, "auth_code": "$card_terminal_charge.auth_code"})
VOUCHER = ("check_voucher", {"printed_code": "GV 4821-7730-1159"})
REDEEM = ("redeem_voucher", {"token": T, "order_id": O, "voucher_code": "$check_voucher.voucher_code",
                             "amount_pence": 2400})
OVERRIDE = ("manager_override", {"token": T, "manager_code": "4417"})
OVR = "$manager_override.override_token"

CASH_SALE = [LOGIN, *SHOW, BA, HOLD, PL, ORDER, add(1), DELIVERY, TILL, CASH, DONE]      # 2 x CONC P2 = 5200
CARD_SALE = [LOGIN, *SHOW, BA, HOLD, PL, ORDER, add(1), DELIVERY, TERMINALS, CHARGE, CARD, DONE]
VOUCHER_SALE = [LOGIN, *SHOW, best("P3"), HOLD, PL, ORDER, add(2), DELIVERY, VOUCHER, REDEEM, DONE]  # 2 x U26 P3 = 2400
SCANNER = [("list_devices", {"kind": "scanner"}, "scanners"),
           ("register_scanner", {"token": T, "device_id": "$scanners.devices.0.device_id", "gate": "main"})]


def scan(barcode: str) -> tuple:
    return ("scan_ticket", {"scanner_token": "$register_scanner.scanner_token", "barcode": barcode})


EXCHANGE_HOLD = [best("P2", PERF2, "later_seats"), hold("$later_seats.seat_ids", PERF2, "later_hold")]


def exchange(order: str) -> tuple:
    return ("exchange_seats", {"token": T, "order_id": order, "new_hold_id": "$later_hold.hold_id"})


def refund(order: str) -> tuple:
    return ("refund_order", {"token": T, "order_id": order, "override_token": OVR,
                             "reason": "Customer's train from Cardiff was cancelled"})


# patrons
NORMALIZE = ("normalize_phone", {"raw_phone": "07700 900 877"})
NEW_PATRON = ("create_patron", {"token": T, "first_name": "Aoife", "last_name": "Brennan", "email": "aoife.b@example.com",
                                "phone_e164": "$normalize_phone.e164"})
PID_NEW = "$create_patron.patron_id"
FIND_KELLY = ("find_patron", {"email": "siobhan.kelly@example.ie"})
FIND_OBI = ("find_patron", {"email": "m.obi@example.co.uk"})
PID = "$find_patron.patrons.0.patron_id"
PATRON = ("get_patron", {"patron_id": PID})
ORDER_ROW = "$get_patron.orders.0.0"
GRUFFALO = [("search_events", {"text": "gruffalo"}), LP]          # its first performance is sold out


def enrol(pid: str) -> tuple:
    return ("enrol_membership", {"token": T, "patron_id": pid, "tier": "friend"})


def waitlist(pid: str) -> tuple:
    return ("join_waitlist", {"token": T, "performance_id": PERF, "patron_id": pid, "quantity": 2})


SEAT_MAP = ("get_seat_map", {"performance_id": PERF, "section": "STL"})
SEAT = "$get_seat_map.sections.0.1.0.1.{}.0"          # stalls, row A, seat n (0-based)
CIRCLE_MAP = ("get_seat_map", {"performance_id": PERF, "section": "CIR"})
KILL_NOTE = "Camera position for the archive recording"


def kill(seats) -> tuple:
    return ("kill_seats", {"token": T, "override_token": OVR, "performance_id": PERF, "seat_ids": seats,
                           "note": KILL_NOTE})


KILLED = [LOGIN, *SHOW, CIRCLE_MAP, OVERRIDE, kill([SEAT.format(0)])]
FUNDS = ("list_funds", {})
DONATE = ("add_donation", {"token": T, "order_id": O, "fund_code": "$list_funds.funds.0.fund_code", "amount_pence": 500})
WILL_CALL = ("will_call_search", {"performance_id": PERF3, "last_name": "Kelly"})


def release(order: str) -> tuple:
    return ("release_will_call", {"token": T, "order_id": order, "photo_id_checked": True})


# A successful path ending with each consumer.
PATHS = {
    "manager_override": [LOGIN, OVERRIDE],
    "open_till": [LOGIN, TILL],
    "close_till": [LOGIN, TILL, ("close_till", {"token": T, "till_id": "$open_till.till_id", "counted_pence": 15000})],
    "list_performances": SHOW,
    "get_seat_map": SHOW + [SEAT_MAP],
    "get_price_list": SHOW + [PL],
    "best_available": SHOW + [BA],
    "sales_summary": SHOW + [("sales_summary", {"performance_id": PERF})],
    "hold_seats": [LOGIN, *SHOW, BA, HOLD],
    "release_hold": [LOGIN, *SHOW, BA, HOLD, ("release_hold", {"token": T, "hold_id": H})],
    "kill_seats": KILLED,
    "restore_seats": KILLED + [("restore_seats", {"token": T, "performance_id": PERF, "seat_ids": [SEAT.format(0)]})],
    "create_patron": [LOGIN, NORMALIZE, NEW_PATRON],
    "get_patron": [FIND_KELLY, PATRON],
    "enrol_membership": [LOGIN, FIND_KELLY, enrol(PID)],
    "join_waitlist": [LOGIN, FIND_KELLY, *GRUFFALO, waitlist(PID)],
    "send_sms": [LOGIN, NORMALIZE, ("send_sms", {"token": T, "to_e164": "$normalize_phone.e164",
                                                 "body": "Your tickets for The Cherry Orchard are waiting at the box office."})],
    "create_order": [LOGIN, ORDER],
    "get_order": [LOGIN, ORDER, ("get_order", {"order_id": O})],
    "cancel_order": [LOGIN, *SHOW, BA, HOLD, PL, ORDER, add(1), ("cancel_order", {"token": T, "order_id": O})],
    "add_to_order": CASH_SALE[:8],
    "add_donation": [LOGIN, ORDER, FUNDS, DONATE],
    "set_delivery": CASH_SALE[:9],
    "pay_cash": CASH_SALE[:11],
    "card_terminal_charge": [TERMINALS, CHARGE],
    "record_card_payment": CARD_SALE[:-1],
    "redeem_voucher": VOUCHER_SALE[:-1],
    "complete_order": CASH_SALE,
    "print_tickets": CASH_SALE + [PRINTERS, PRINT],
    "refund_order": CASH_SALE + [OVERRIDE, refund(O)],
    "exchange_seats": CASH_SALE + EXCHANGE_HOLD + [exchange(O)],
    "will_call_search": SHOW + [WILL_CALL],
    "release_will_call": [LOGIN, *SHOW, WILL_CALL, release("$will_call_search.orders.0.order_id")],
    "register_scanner": [LOGIN, *SCANNER],
    "scan_ticket": CASH_SALE + SCANNER + [scan("$complete_order.tickets.0.barcode")],
    "issue_comps": [LOGIN, *SHOW, BA, HOLD, OVERRIDE, ("issue_comps", {
        "token": T, "override_token": OVR, "hold_id": H, "recipient_name": "Jonah Price",
        "reason": "Bristol Post review, press night"})],
}

# (provider, consumer) -> path, where the default path does not show the provider.
OVERRIDES = {
    ("create_patron", "get_patron"): [LOGIN, NORMALIZE, NEW_PATRON, ("get_patron", {"patron_id": PID_NEW})],
    ("create_patron", "enrol_membership"): [LOGIN, NORMALIZE, NEW_PATRON, enrol(PID_NEW)],
    ("create_patron", "join_waitlist"): [LOGIN, NORMALIZE, NEW_PATRON, *GRUFFALO, waitlist(PID_NEW)],
    ("list_performances", "join_waitlist"): [LOGIN, FIND_KELLY, *GRUFFALO, waitlist(PID)],
    ("enrol_membership", "add_to_order"): [LOGIN, NORMALIZE, NEW_PATRON, enrol(PID_NEW), *SHOW, BA, HOLD, PL,
                                           ("create_order", {"token": T, "patron_id": PID_NEW}), add(3)],
    ("best_available", "kill_seats"): [LOGIN, *SHOW, best("P3"), OVERRIDE, kill("$best_available.seat_ids")],
    ("get_seat_map", "hold_seats"): [LOGIN, *SHOW, SEAT_MAP, hold([SEAT.format(0), SEAT.format(1)])],
    ("get_patron", "get_order"): [FIND_OBI, PATRON, ("get_order", {"order_id": ORDER_ROW})],
    ("get_patron", "print_tickets"): [LOGIN, FIND_OBI, PATRON, PRINTERS,
                                      ("print_tickets", {"token": T, "order_id": ORDER_ROW,
                                                         "printer_id": "$list_devices.devices.0.device_id"})],
    ("get_patron", "refund_order"): [LOGIN, FIND_OBI, PATRON, OVERRIDE, refund(ORDER_ROW)],
    ("get_patron", "exchange_seats"): [LOGIN, FIND_KELLY, PATRON, *SHOW, *EXCHANGE_HOLD, exchange(ORDER_ROW)],
    ("get_patron", "release_will_call"): [LOGIN, FIND_KELLY, PATRON, release(ORDER_ROW)],
    ("get_order", "scan_ticket"): [FIND_OBI, PATRON, ("get_order", {"order_id": ORDER_ROW}), LOGIN, *SCANNER,
                                   scan("$get_order.tickets.0.barcode")],
    ("record_card_payment", "complete_order"): CARD_SALE,
    ("redeem_voucher", "complete_order"): VOUCHER_SALE,
}


def _proofs() -> list:
    import boxoffice_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_price_list", [LOGIN, *SHOW, PL, BA, HOLD]),
    ("sales_summary", SHOW + [("sales_summary", {"performance_id": PERF}), SEAT_MAP]),
    ("find_patron", [FIND_KELLY, LOGIN, ORDER, ("get_order", {"order_id": O})]),
    ("check_voucher", CASH_SALE[:-1] + [VOUCHER, DONE]),
    ("list_funds", [LOGIN, FUNDS, ORDER]),
    ("open_till", CARD_SALE[:-1] + [TILL, DONE]),
    ("normalize_phone", [NORMALIZE, FIND_KELLY, PATRON]),
    ("get_seat_map", [LOGIN, *SHOW, SEAT_MAP, BA, HOLD]),
]
