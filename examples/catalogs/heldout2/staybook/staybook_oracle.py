"""Scripted proofs that StayBook's designed prerequisites are real (checked with oracle.py's machinery).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (references to its outputs replaced by control
values). Ids that only appear inside a sentence (guest profile, ticket, folio, member number) are
written literally; they are deterministic in a fresh state and do not exist without the call.
"""

import staybook_tools as _st

S = "$open_property_session.session_id"
LOGIN = [("staff_login", {"username": "mferreira", "password": "Desk#4410"}),
         ("open_property_session", {"staff_token": "$staff_login.staff_token",
                                    "property_code": "$staff_login.home_property"})]
BADGE = [("badge_login", {"badge_number": "b-0457", "pin": "7731"}),
         ("list_properties", {"staff_token": "$badge_login.staff_token"}),
         ("open_property_session", {"staff_token": "$badge_login.staff_token", "property_code": "$list_properties.0.0"})]
NEW_GUEST = "G-2013"      # create_guest_profile right after LOGIN
NEW_TICKET = "MT-1013"    # file_maintenance_ticket right after LOGIN
NEW_MEMBER = "SP-55013"   # enroll_loyalty right after LOGIN
FOLIO = "F-1001"          # check_in of RS-1001

SG = ("search_guests", {"session_id": S, "last_name": "Ribeiro"})
GUEST = "$search_guests.guests.0.guest_id"
ARRIVAL = ("convert_date", {"text": "14 June 2025"})
AVAIL = ("check_availability", {"session_id": S, "arrival": "$convert_date", "nights": 3, "adults": 2})


def create(guest: str = GUEST) -> tuple:
    return ("create_reservation", {"session_id": S, "guest_id": guest, "room_type": "$check_availability.0.0",
                                   "rate_code": "$check_availability.0.3.0.0", "arrival": "$convert_date",
                                   "nights": 3, "adults": 2, "channel": "phone"})


def reservation(provider: str) -> tuple[list, str]:
    """Steps that find (or book) a confirmed double-room stay of Ana Ribeiro arriving today, and its id."""
    if provider == "list_reservations":
        return [("list_reservations", {"session_id": S, "status": "confirmed"})], "$list_reservations.reservations.0.reservation_id"
    return [SG, ARRIVAL, AVAIL, create()], "$create_reservation.reservation.id"


def checked_in(r: str) -> list:
    return [("list_rooms", {"session_id": S, "room_type": "DBL", "status": "clean"}),
            ("assign_room", {"session_id": S, "reservation_id": r, "room_number": "$list_rooms.0"}),
            ("tokenize_card", {"card_number": "4111 1111 1111 1111", "expiry": "09/27"}),
            ("preauthorize", {"session_id": S, "reservation_id": r, "card_token": "$tokenize_card", "amount": 435.0}),
            ("check_in", {"session_id": S, "reservation_id": r, "id_document": "C01X00T47"})]


def for_reservation(c: str, r: str) -> list:
    """A successful tail ending with ``c`` on today's confirmed reservation ``r``."""
    ci = checked_in(r)
    return {
        "get_reservation": [("get_reservation", {"session_id": S, "reservation_id": r})],
        "modify_reservation_dates": [("convert_date", {"text": "August 2, 2025"}, "later"),
                                     ("modify_reservation_dates", {"session_id": S, "reservation_id": r,
                                                                   "arrival": "$later", "nights": 2})],
        "cancel_reservation": [("cancel_reservation", {"session_id": S, "reservation_id": r,
                                                       "reason": "Guest's conference was called off"})],
        "add_reservation_note": [("add_reservation_note", {"session_id": S, "reservation_id": r,
                                                           "text": "Arriving late, around 23:00; needs a cot"})],
        "book_airport_transfer": [("book_airport_transfer", {"session_id": S, "reservation_id": r,
                                                             "flight_number": "LH 1166", "pickup_time": "15:40"})],
        "assign_room": ci[:2],
        "preauthorize": ci[2:4],
        "check_in": ci,
        "get_folio": ci + [("get_folio", {"session_id": S, "reservation_id": r})],
        "issue_key_cards": ci + [("issue_key_cards", {"session_id": S, "reservation_id": r, "count": 2})],
        "request_late_checkout": ci + [("request_late_checkout", {"session_id": S, "reservation_id": r, "time": "13:00"})],
        "redeem_points": [("search_guests", {"session_id": S, "last_name": "Ribeiro"}, "sg"),
                          ("get_guest", {"session_id": S, "guest_id": "$sg.guests.0.guest_id"}),
                          ("redeem_points", {"session_id": S, "member_number": "$get_guest.loyalty_member",
                                             "reservation_id": r, "points": 5000})],
    }[c]


_LR, _R = reservation("list_reservations")
_CI = _LR + checked_in(_R)
_GF = _CI + [("get_folio", {"session_id": S, "reservation_id": _R})]
_SETTLE = _GF + [("settle_folio", {"session_id": S, "folio_id": "$get_folio.folio.id",
                                   "authorization_code": "$preauthorize.authorization.code"})]


def for_guest(c: str, g: str) -> list:
    return {
        "get_guest": [("get_guest", {"session_id": S, "guest_id": g})],
        "update_guest_email": [("update_guest_email", {"session_id": S, "guest_id": g, "email": "work.mail@example.org"})],
        "create_reservation": [ARRIVAL, AVAIL, create(g)],
        "enroll_loyalty": [("enroll_loyalty", {"session_id": S, "guest_id": g})],
    }[c]


def guest(provider: str, c: str) -> tuple[list, str]:
    """Steps that find or create a guest for ``c`` (one who is not a member yet for enrolment)."""
    if provider == "search_guests":
        name = "Becker" if c == "enroll_loyalty" else "Ribeiro"
        return [("search_guests", {"session_id": S, "last_name": name})], GUEST
    return [("normalize_phone", {"phone": "0151 2345 6789", "country": "DE"}),
            ("create_guest_profile", {"session_id": S, "first_name": "Lena", "last_name": "Vogel",
                                      "email": "lena.vogel@example.de", "phone": "$normalize_phone"})], NEW_GUEST


def recipe(c: str) -> list:
    """A successful tail (after LOGIN) ending with ``c``."""
    if c in _st._RESERVATION_USERS:
        return _LR + for_reservation(c, _R)
    if c in ("get_guest", "update_guest_email", "create_reservation", "enroll_loyalty"):
        steps, g = guest("search_guests", c)
        return steps + for_guest(c, g)
    return {
        "search_guests": [SG],
        "create_guest_profile": guest("create_guest_profile", "")[0],
        "check_availability": [ARRIVAL, AVAIL],
        "list_reservations": _LR,
        "list_rooms": [("list_rooms", {"session_id": S})],
        "set_room_status": [("set_room_status", {"session_id": S, "room_number": "302", "status": "clean"})],
        "list_maintenance_tickets": [("list_maintenance_tickets", {"session_id": S})],
        "file_maintenance_ticket": [("file_maintenance_ticket", {"session_id": S, "room_number": "304",
                                                                 "issue": "Air conditioning rattles at night",
                                                                 "priority": "normal"})],
        "close_maintenance_ticket": [("list_maintenance_tickets", {"session_id": S}),
                                     ("close_maintenance_ticket", {"session_id": S,
                                                                   "ticket_id": "$list_maintenance_tickets.0.0",
                                                                   "resolution": "Replaced the shower seal"})],
        "post_charge": _GF + [("post_charge", {"session_id": S, "folio_id": "$get_folio.folio.id", "amount": 18.5,
                                               "description": "Minibar: 2 water, 1 white wine", "department": "minibar"})],
        "void_charge": _GF + [("void_charge", {"session_id": S, "folio_id": "$get_folio.folio.id",
                                               "line_id": "$get_folio.folio.lines.0.0", "reason": "Posted twice"})],
        "settle_folio": _SETTLE,
        "check_out": _SETTLE + [("check_out", {"session_id": S, "reservation_id": _R})],
        "email_invoice": _SETTLE + [("email_invoice", {"session_id": S, "folio_id": "$get_folio.folio.id",
                                                       "email": "ana.ribeiro@example.pt"})],
        "list_key_cards": [("list_key_cards", {"session_id": S, "room_number": "303"})],
        "deactivate_key_card": [("list_key_cards", {"session_id": S, "room_number": "303"}),
                                ("deactivate_key_card", {"session_id": S, "key_id": "$list_key_cards.0.key_id"})],
        "get_loyalty_balance": [SG, ("get_guest", {"session_id": S, "guest_id": GUEST}),
                                ("get_loyalty_balance", {"session_id": S, "member_number": "$get_guest.loyalty_member"})],
    }[c]


PROOFS: list = []
for _c in _st._SESSION_USERS:
    PROOFS.append(("open_property_session", _c, LOGIN + recipe(_c)))
PROOFS += [
    ("staff_login", "list_properties", [LOGIN[0], ("list_properties", {"staff_token": "$staff_login.staff_token"})]),
    ("badge_login", "list_properties", BADGE[:2]),
    ("staff_login", "open_property_session", LOGIN),
    ("badge_login", "open_property_session", BADGE),
    ("list_properties", "open_property_session", BADGE),
]
for _p in ("list_reservations", "create_reservation"):
    _steps, _r = reservation(_p)
    PROOFS += [(_p, _c, LOGIN + _steps + for_reservation(_c, _r)) for _c in _st._RESERVATION_USERS]
for _p in ("search_guests", "create_guest_profile"):
    for _c in ("get_guest", "update_guest_email", "create_reservation", "enroll_loyalty"):
        _steps, _g = guest(_p, _c)
        PROOFS.append((_p, _c, LOGIN + _steps + for_guest(_c, _g)))

_SUITE = LOGIN + [("list_reservations", {"session_id": S, "status": "confirmed"}),
                  ("list_rooms", {"session_id": S, "room_type": "STE"}),
                  ("set_room_status", {"session_id": S, "room_number": "$list_rooms.0", "status": "inspected"}),
                  ("assign_room", {"session_id": S, "reservation_id": "$list_reservations.reservations.1.reservation_id",
                                   "room_number": "$list_rooms.0"})]
_REOPEN = LOGIN + recipe("close_maintenance_ticket") + [
    ("set_room_status", {"session_id": S, "room_number": "$list_maintenance_tickets.0.1", "status": "clean"})]
_CI_LIT = LOGIN + _CI
PROOFS += [
    ("check_availability", "create_reservation", LOGIN + recipe("create_reservation")),
    ("convert_date", "check_availability", LOGIN + recipe("check_availability")),
    ("convert_date", "create_reservation", LOGIN + recipe("create_reservation")),
    ("convert_date", "modify_reservation_dates", LOGIN + recipe("modify_reservation_dates")),
    ("normalize_phone", "create_guest_profile", LOGIN + recipe("create_guest_profile")),
    ("list_rooms", "assign_room", LOGIN + recipe("assign_room")),
    ("set_room_status", "assign_room", _SUITE),
    ("list_maintenance_tickets", "close_maintenance_ticket", LOGIN + recipe("close_maintenance_ticket")),
    ("file_maintenance_ticket", "close_maintenance_ticket", LOGIN + recipe("file_maintenance_ticket") + [
        ("close_maintenance_ticket", {"session_id": S, "ticket_id": NEW_TICKET, "resolution": "Tightened the fan mount"})]),
    ("close_maintenance_ticket", "set_room_status", _REOPEN),
    ("tokenize_card", "preauthorize", LOGIN + recipe("preauthorize")),
    ("assign_room", "check_in", _CI_LIT),
    ("preauthorize", "check_in", _CI_LIT),
    ("check_in", "issue_key_cards", LOGIN + recipe("issue_key_cards")),
    ("check_in", "request_late_checkout", LOGIN + recipe("request_late_checkout")),
    ("check_in", "get_folio", LOGIN + recipe("get_folio")),
    ("check_in", "check_out", LOGIN + recipe("check_out")),
    ("get_folio", "post_charge", LOGIN + recipe("post_charge")),
    ("check_in", "post_charge", _CI_LIT + [("post_charge", {"session_id": S, "folio_id": FOLIO, "amount": 32.0,
                                                            "description": "Dinner for two", "department": "restaurant"})]),
    ("get_folio", "settle_folio", LOGIN + recipe("settle_folio")),
    ("check_in", "settle_folio", _CI_LIT + [("settle_folio", {"session_id": S, "folio_id": FOLIO,
                                                              "authorization_code": "$preauthorize.authorization.code"})]),
    ("get_folio", "void_charge", LOGIN + recipe("void_charge")),
    ("post_charge", "void_charge", _CI_LIT + [
        ("post_charge", {"session_id": S, "folio_id": FOLIO, "amount": 15.0, "description": "Valet",
                         "department": "parking"}),
        ("void_charge", {"session_id": S, "folio_id": FOLIO, "line_id": "$post_charge", "reason": "Guest has no car"})]),
    ("preauthorize", "settle_folio", LOGIN + recipe("settle_folio")),
    ("settle_folio", "check_out", LOGIN + recipe("check_out")),
    ("settle_folio", "email_invoice", LOGIN + recipe("email_invoice")),
    ("list_key_cards", "deactivate_key_card", LOGIN + recipe("deactivate_key_card")),
    ("issue_key_cards", "deactivate_key_card", LOGIN + recipe("issue_key_cards") + [
        ("deactivate_key_card", {"session_id": S, "key_id": "$issue_key_cards.1"})]),
    ("get_guest", "get_loyalty_balance", LOGIN + recipe("get_loyalty_balance")),
    ("enroll_loyalty", "get_loyalty_balance", LOGIN + recipe("enroll_loyalty") + [
        ("get_loyalty_balance", {"session_id": S, "member_number": NEW_MEMBER})]),
    ("get_guest", "redeem_points", LOGIN + recipe("redeem_points")),
]

NON_PREREQUISITES = [
    ("get_guest", LOGIN + [SG, ("get_guest", {"session_id": S, "guest_id": GUEST}), ARRIVAL, AVAIL, create()]),
    ("check_availability", LOGIN + _LR + [ARRIVAL, AVAIL] + for_reservation("modify_reservation_dates", _R)),
    ("get_reservation", LOGIN + _LR + [("get_reservation", {"session_id": S, "reservation_id": _R})] + checked_in(_R)),
    ("list_key_cards", LOGIN + _CI + [("list_key_cards", {"session_id": S, "room_number": "301"}),
                                      ("issue_key_cards", {"session_id": S, "reservation_id": _R, "count": 1})]),
]
