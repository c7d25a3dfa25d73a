"""Scripted proofs that Hookup's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools, converts the
dataclass replies and records the returned ``"Error: ..."`` strings as rejected).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "kate")``) and pass ``"$kate.token"``; replies are read by field
(``"$register_guest.guest_id"``, ``"$make_booking.booking_id"``, ``"$open_shop_account.account_id"``,
``"$start_seasonal.agreement_id"``, ``"$record_meter_reading.invoice_id"``), lists by position and field
(``"$find_guest.0.guest_id"``, ``"$arrivals.1.booking_id"``, ``"$free_pitches.0.pitch"``,
``"$pitch_board.2.booking_id"``, ``"$departures.0.balance"``, ``"$seasonal_pitches.1.agreement_id"``,
``"$waiting_list.0.guest_id"``, ``"$gas_price_list.0.code"``) and nested lists by field and position
(``"$tariff.extras.1.code"``, ``"$guest_account.shop_account.account_id"``,
``"$guest_account.shop_account.charges.1.charge_id"``, ``"$charge_shop_account.charges.0.charge_id"``,
``"$start_seasonal.invoices.0.invoice_id"``, ``"$seasonal_agreement.invoices.1.balance"``). Every id is read
from a reply; none is written literally.

The day: Mr Lewis Carne walks in with his caravan, is registered, booked on hardstanding for five
nights and moved to a Cliff Top pitch, his dog added, an awning put on and taken off again, his
father joins the party, he pays and is checked in, his hook-up connected, a visitor's pass for his
sister, two more nights, a shop account, groceries and a new gas cylinder on the account, the
groceries voided, the account settled, his e-mail address added and a welcome e-mail; Mrs Anne Tregear registered,
put on the seasonal waiting list and given a vacant seasonal pitch, her pitch fee paid, the meter
read, her agreement looked at and a shop account opened; Mrs Pauline Ward off the waiting list onto a
seasonal pitch; Mr Dennis Moore's meter read and billed, and his June electricity paid; Mrs Sheila
Norris leaving: a charge voided, a cream tea charged, her car paid for, her shop account settled and
checked out; Ms Jane Fairley's hook-up connected and a shop account; Mr Gareth Price's daughter on an
overnight pass, two more nights, a gas exchange and a place on the waiting list; the Hendersons
arriving: an awning, the bill paid, checked in, a third adult; Mr Henderson's new mobile and a text,
an October weekend booked and cancelled; Mr Patel's August booking cancelled; Ms Ogden's tent moved
off the flooded pitch and checked in; Mr Blake's gazebo taken off; a tent pitch closed and reopened,
and the flooded one reopened.
"""

import hookup_tools as tools

WHO = {"kate": ("kate.r", "Sea-Pinks-14"), "dave": ("dave.m", "Bollard-16A"), "priya": ("priya.s", "Shop-Float-25"),
       "alan": ("alan.h", "Saltings-1979")}
KATE, DAVE, PRIYA = "$kate.token", "$dave.token", "$priya.token"
TODAY, LEAVING_MONDAY = tools.TODAY, "2031-07-28"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


LC = "$register_guest.guest_id"
LC_BK = "$make_booking.booking_id"
LC_TAB = "$open_shop_account.account_id"

CARNE = [
    *sign_ins("kate", "dave", "priya"),
    ("tariff", {}),
    ("gas_price_list", {}),
    ("register_guest", {"token": KATE, "name": "Mr Lewis Carne", "phone": "07700 900618",
                        "address": "22 Tamar View, Launceford", "postcode": "PL15 8TV", "vehicle_reg": "WK19 TRX"}),
    ("free_pitches", {"token": KATE, "arrive": TODAY, "nights": 5, "kind": "hardstanding"}),
    ("make_booking", {"token": KATE, "guest_id": LC, "pitch": "$free_pitches.0.pitch", "arrive": TODAY, "nights": 5,
                      "unit": "caravan", "length_m": 7.2, "adults": 2, "children": 1}),
    ("free_pitches", {"token": KATE, "arrive": TODAY, "nights": 5, "kind": "super"}, "supers"),
    ("move_pitch", {"token": KATE, "booking_id": LC_BK, "pitch": "$supers.0.pitch"}),
    ("add_extra", {"token": KATE, "booking_id": LC_BK, "code": "$tariff.extras.0.code", "quantity": 1}),
    ("add_extra", {"token": KATE, "booking_id": LC_BK, "code": "$tariff.extras.1.code"}, "awning"),
    ("remove_extra", {"token": KATE, "booking_id": LC_BK, "code": "$tariff.extras.1.code"}),
    ("change_party", {"token": KATE, "booking_id": LC_BK, "adults": 3, "children": 1}),
    ("booking_details", {"token": KATE, "booking_id": LC_BK}),
    ("take_payment", {"token": KATE, "booking_id": LC_BK, "amount": "$booking_details.balance", "method": "card"}),
    ("check_in", {"token": KATE, "booking_id": LC_BK, "vehicle_reg": "WK19 TRX"}),
    ("connect_hookup", {"token": DAVE, "booking_id": LC_BK, "amps": 16}),
    ("issue_visitor_pass", {"token": KATE, "booking_id": LC_BK, "visitor": "Mrs Sue Penrose (Mr Carne's sister)",
                            "vehicle_reg": "WP68 SUE"}),
    ("extend_stay", {"token": KATE, "booking_id": LC_BK, "nights": 2}),
    ("open_shop_account", {"token": KATE, "guest_id": LC, "limit": 100}),
    ("charge_shop_account", {"token": PRIYA, "account_id": LC_TAB, "description": "Milk, bread and sausages",
                             "amount": 9.45}),
    ("sell_gas", {"token": DAVE, "guest_id": LC, "bottle": "$gas_price_list.0.code", "exchange": False,
                  "method": "account"}),
    ("void_shop_charge", {"token": PRIYA, "account_id": LC_TAB, "charge_id": "$charge_shop_account.charges.0.charge_id",
                          "reason": "Rung up on the wrong account; the customer paid cash"}),
    ("settle_shop_account", {"token": KATE, "account_id": LC_TAB, "method": "card"}),
    ("update_guest", {"token": KATE, "guest_id": LC, "email": "lewis.carne@mail.example"}),
    ("notify_guest", {"token": KATE, "guest_id": LC, "channel": "email",
                      "message": "Welcome to Saltings Edge, Mr Carne. You are on Cliff Top pitch until 1 August; the "
                                 "shop opens at 8 and fresh bread comes at 9."}),
    ("guest_account", {"token": KATE, "guest_id": LC}),
]

CARNE_TAB = cut(CARNE, "open_shop_account") + [
    ("charge_shop_account", {"token": PRIYA, "account_id": LC_TAB, "description": "Milk, bread and sausages",
                             "amount": 9.45}),
    ("settle_shop_account", {"token": KATE, "account_id": LC_TAB, "method": "card"}),
]

AT = "$register_guest.guest_id"
AT_SA = "$start_seasonal.agreement_id"

TREGEAR = [
    *sign_ins("kate", "dave"),
    ("register_guest", {"token": KATE, "name": "Mrs Anne Tregear", "phone": "07700 900627",
                        "address": "4 Chapel Row, Polwithen", "postcode": "TR13 9CR",
                        "email": "anne.tregear@mail.example"}),
    ("add_to_waiting_list", {"token": KATE, "guest_id": AT, "caravan": "Bailey Unicorn Cadiz, 2019", "length_m": 7.6}),
    ("seasonal_pitches", {"token": KATE}),
    ("start_seasonal", {"token": KATE, "guest_id": AT, "pitch": "$seasonal_pitches.2.pitch",
                        "caravan": "Bailey Unicorn Cadiz, 2019", "cris_number": "SG9BU4CDZKB012345",
                        "insurance_expires": "2032-04-30"}),
    ("pay_invoice", {"token": KATE, "invoice_id": "$start_seasonal.invoices.0.invoice_id",
                     "amount": "$start_seasonal.invoices.0.amount", "method": "bank_transfer"}),
    ("record_meter_reading", {"token": DAVE, "agreement_id": AT_SA, "reading": 6098}),
    ("seasonal_agreement", {"token": KATE, "agreement_id": AT_SA}),
    ("open_shop_account", {"token": KATE, "guest_id": AT, "limit": 150}),
]

WARD_PATH = [
    *sign_ins("kate"),
    ("waiting_list", {"token": KATE}),
    ("find_guest", {"token": KATE, "text": "Ward"}),
    ("seasonal_pitches", {"token": KATE}),
]


def ward(guest: str) -> list:
    return WARD_PATH + [
        ("start_seasonal", {"token": KATE, "guest_id": guest, "pitch": "$seasonal_pitches.3.pitch",
                            "caravan": "Swift Challenger 580, 2018", "cris_number": "SG8SW5CHLJA009917",
                            "insurance_expires": "2032-02-28"}),
    ]


MOORE = [
    *sign_ins("kate", "dave"),
    ("seasonal_pitches", {"token": DAVE}),
    ("record_meter_reading", {"token": DAVE, "agreement_id": "$seasonal_pitches.1.agreement_id", "reading": 14388}),
    ("pay_invoice", {"token": KATE, "invoice_id": "$record_meter_reading.invoice_id",
                     "amount": "$record_meter_reading.amount", "method": "card"}),
]

MOORE_BILL = [
    *sign_ins("kate"),
    ("seasonal_pitches", {"token": KATE}),
    ("seasonal_agreement", {"token": KATE, "agreement_id": "$seasonal_pitches.1.agreement_id"}),
    ("pay_invoice", {"token": KATE, "invoice_id": "$seasonal_agreement.invoices.1.invoice_id",
                     "amount": "$seasonal_agreement.invoices.1.balance", "method": "card"}),
]

SN_TAB = "$guest_account.shop_account.account_id"

NORRIS = [
    *sign_ins("kate", "priya"),
    ("find_guest", {"token": KATE, "text": "Norris"}),
    ("guest_account", {"token": KATE, "guest_id": "$find_guest.0.guest_id"}),
    ("void_shop_charge", {"token": PRIYA, "account_id": SN_TAB,
                          "charge_id": "$guest_account.shop_account.charges.1.charge_id",
                          "reason": "Crabbing lines brought back unused"}),
    ("charge_shop_account", {"token": PRIYA, "account_id": SN_TAB, "description": "Cream tea for two",
                             "amount": 11.6}),
    ("departures", {"token": KATE, "day": TODAY}),
    ("take_payment", {"token": KATE, "booking_id": "$departures.0.booking_id", "amount": "$departures.0.balance",
                      "method": "card"}),
    ("settle_shop_account", {"token": KATE, "account_id": SN_TAB, "method": "card"}),
    ("check_out", {"token": KATE, "booking_id": "$departures.0.booking_id"}),
]

NORRIS_BOARD = [
    *sign_ins("kate"),
    ("find_guest", {"token": KATE, "text": "Norris"}),
    ("guest_account", {"token": KATE, "guest_id": "$find_guest.0.guest_id"}),
    ("pitch_board", {"token": KATE, "kind": "super"}),
    ("booking_details", {"token": KATE, "booking_id": "$pitch_board.1.booking_id"}),
    ("take_payment", {"token": KATE, "booking_id": "$pitch_board.1.booking_id", "amount": "$booking_details.balance",
                      "method": "cash"}),
    ("settle_shop_account", {"token": KATE, "account_id": SN_TAB, "method": "cash"}),
    ("check_out", {"token": KATE, "booking_id": "$pitch_board.1.booking_id"}),
]

FAIRLEY = [*sign_ins("dave"), ("pitch_board", {"token": DAVE, "kind": "grass_ehu"}),
           ("connect_hookup", {"token": DAVE, "booking_id": "$pitch_board.2.booking_id", "amps": 10})]
FAIRLEY_LEAVING = [*sign_ins("dave"), ("departures", {"token": DAVE, "day": LEAVING_MONDAY}),
                   ("connect_hookup", {"token": DAVE, "booking_id": "$departures.0.booking_id", "amps": 10})]
FAIRLEY_TAB = [*sign_ins("kate"), ("find_guest", {"token": KATE, "text": "Fairley"}),
               ("open_shop_account", {"token": KATE, "guest_id": "$find_guest.0.guest_id", "limit": 60})]


def price(booking: str, listing: tuple) -> list:
    """Mr Gareth Price's daughter on an overnight pass, and two more nights."""
    return [
        *sign_ins("kate"),
        listing,
        ("issue_visitor_pass", {"token": KATE, "booking_id": booking, "visitor": "Miss Cerys Price",
                                "vehicle_reg": "CP22 CRS", "overnight": True}),
        ("extend_stay", {"token": KATE, "booking_id": booking, "nights": 2}),
    ]


PRICE_BOARD = price("$pitch_board.0.booking_id", ("pitch_board", {"token": KATE, "kind": "hardstanding"}))
PRICE_LEAVING = price("$departures.1.booking_id", ("departures", {"token": KATE, "day": LEAVING_MONDAY}))
PRICE_GAS = [*sign_ins("dave"), ("gas_price_list", {}), ("find_guest", {"token": DAVE, "text": "Price"}),
             ("sell_gas", {"token": DAVE, "guest_id": "$find_guest.0.guest_id", "bottle": "$gas_price_list.2.code",
                           "exchange": True, "method": "card"})]
PRICE_WAIT = [*sign_ins("kate"), ("find_guest", {"token": KATE, "text": "Price"}),
              ("add_to_waiting_list", {"token": KATE, "guest_id": "$find_guest.0.guest_id",
                                       "caravan": "Swift Sprite Major 6, 2021", "length_m": 6.9})]

CH_BK = "$arrivals.0.booking_id"
HENDERSON = [
    *sign_ins("kate"),
    ("tariff", {}),
    ("arrivals", {"token": KATE, "day": TODAY}),
    ("add_extra", {"token": KATE, "booking_id": CH_BK, "code": "$tariff.extras.1.code"}),
    ("booking_details", {"token": KATE, "booking_id": CH_BK}),
    ("take_payment", {"token": KATE, "booking_id": CH_BK, "amount": "$booking_details.balance", "method": "card"}),
    ("check_in", {"token": KATE, "booking_id": CH_BK}),
    ("change_party", {"token": KATE, "booking_id": CH_BK, "adults": 3, "children": 2}),
]

HENDERSON_PHONE = [
    *sign_ins("kate"),
    ("find_guest", {"token": KATE, "text": "Henderson"}),
    ("update_guest", {"token": KATE, "guest_id": "$find_guest.0.guest_id", "phone": "07700 900491"}),
    ("notify_guest", {"token": KATE, "guest_id": "$find_guest.0.guest_id", "channel": "sms",
                      "message": "Saltings Edge: your Orchard pitch is ready from 12. Reception is by the main gate."}),
]

OCTOBER = [
    *sign_ins("kate"),
    ("find_guest", {"token": KATE, "text": "Henderson"}),
    ("free_pitches", {"token": KATE, "arrive": "2031-10-24", "nights": 2, "kind": "hardstanding"}),
    ("make_booking", {"token": KATE, "guest_id": "$find_guest.0.guest_id", "pitch": "$free_pitches.0.pitch",
                      "arrive": "2031-10-24", "nights": 2, "unit": "caravan", "length_m": 6.8, "adults": 2,
                      "children": 2}),
    ("cancel_booking", {"token": KATE, "booking_id": "$make_booking.booking_id",
                        "reason": "Booked the wrong weekend; they will rebook for half-term"}),
]

PATEL = [*sign_ins("kate"), ("arrivals", {"token": KATE, "day": "2031-08-15"}),
         ("cancel_booking", {"token": KATE, "booking_id": "$arrivals.0.booking_id",
                             "reason": "Illness in the family; they hope to come next summer"})]

OGDEN = [
    *sign_ins("kate", "dave"),
    ("arrivals", {"token": KATE, "day": TODAY}),
    ("take_payment", {"token": KATE, "booking_id": "$arrivals.1.booking_id", "amount": "$arrivals.1.balance",
                      "method": "cash"}),
    ("free_pitches", {"token": DAVE, "arrive": TODAY, "nights": 3, "kind": "tent"}),
    ("move_pitch", {"token": DAVE, "booking_id": "$arrivals.1.booking_id", "pitch": "$free_pitches.0.pitch"}),
    ("check_in", {"token": KATE, "booking_id": "$arrivals.1.booking_id"}),
]

BLAKE = [*sign_ins("kate"), ("tariff", {}), ("arrivals", {"token": KATE, "day": TODAY}),
         ("remove_extra", {"token": KATE, "booking_id": "$arrivals.2.booking_id", "code": "$tariff.extras.3.code"})]

TENTS = [*sign_ins("dave"), ("pitch_board", {"token": DAVE, "kind": "tent"}),
         ("close_pitch", {"token": DAVE, "pitch": "$pitch_board.1.pitch",
                          "reason": "Reseeding the worn patch by the gate"}),
         ("reopen_pitch", {"token": DAVE, "pitch": "$pitch_board.1.pitch"})]
DRIED_OUT = [*sign_ins("dave"), ("pitch_board", {"token": DAVE, "kind": "tent"}),
             ("reopen_pitch", {"token": DAVE, "pitch": "$pitch_board.3.pitch"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# guests
_FOUND = {"update_guest": HENDERSON_PHONE, "guest_account": cut(NORRIS, "guest_account"), "notify_guest": HENDERSON_PHONE,
          "make_booking": cut(OCTOBER, "make_booking"), "add_to_waiting_list": PRICE_WAIT, "sell_gas": PRICE_GAS,
          "open_shop_account": FAIRLEY_TAB}
_NEW = {"add_to_waiting_list": cut(TREGEAR, "add_to_waiting_list")}
for _c in tools.GUEST_CONSUMERS:
    _add("register_guest", _c, _NEW.get(_c) or cut(CARNE, _c))
    _add("find_guest", _c, cut(_FOUND[_c], _c))
_add("register_guest", "start_seasonal", cut(TREGEAR, "start_seasonal"))
_add("find_guest", "start_seasonal", ward("$find_guest.0.guest_id"))
_add("waiting_list", "start_seasonal", ward("$waiting_list.0.guest_id"))

# bookings
_ARRIVING = {"booking_details": HENDERSON, "add_extra": HENDERSON, "remove_extra": BLAKE, "change_party": HENDERSON,
             "take_payment": HENDERSON, "move_pitch": OGDEN, "cancel_booking": PATEL, "check_in": HENDERSON}
for _c in tools.BOOKING_CONSUMERS:
    _add("make_booking", _c, cut(OCTOBER if _c == "cancel_booking" else CARNE, _c))
    _add("arrivals", _c, cut(_ARRIVING[_c], _c))
_BOARD = {"connect_hookup": FAIRLEY, "issue_visitor_pass": PRICE_BOARD, "extend_stay": PRICE_BOARD,
          "check_out": NORRIS_BOARD}
_LEAVING = {"connect_hookup": FAIRLEY_LEAVING, "issue_visitor_pass": PRICE_LEAVING, "extend_stay": PRICE_LEAVING,
            "check_out": NORRIS}
for _c in tools.ON_SITE_CONSUMERS:
    _add("pitch_board", _c, cut(_BOARD[_c], _c))
    _add("departures", _c, cut(_LEAVING[_c], _c))
_add("pitch_board", "close_pitch", cut(TENTS, "close_pitch"))
_add("pitch_board", "reopen_pitch", DRIED_OUT)

# shop accounts, seasonal agreements and invoices
for _c in tools.TAB_CONSUMERS:
    _add("open_shop_account", _c, cut(CARNE, _c))
    _add("guest_account", _c, cut(NORRIS, _c))
_add("charge_shop_account", "void_shop_charge", cut(CARNE, "void_shop_charge"))
for _c in tools.AGREEMENT_CONSUMERS:
    _add("start_seasonal", _c, cut(TREGEAR, _c))
    _add("seasonal_pitches", _c, cut(MOORE if _c == "record_meter_reading" else MOORE_BILL, _c))
_add("start_seasonal", "pay_invoice", cut(TREGEAR, "pay_invoice"))
_add("record_meter_reading", "pay_invoice", MOORE)
_add("seasonal_agreement", "pay_invoice", MOORE_BILL)

# vocabularies
_add("free_pitches", "make_booking", cut(CARNE, "make_booking"))
_add("free_pitches", "move_pitch", cut(OGDEN, "move_pitch"))
_add("tariff", "add_extra", cut(CARNE, "add_extra"))
_add("tariff", "remove_extra", BLAKE)
_add("gas_price_list", "sell_gas", cut(CARNE, "sell_gas"))
_add("seasonal_pitches", "start_seasonal", ward("$waiting_list.0.guest_id"))

# states
_add("take_payment", "check_in", cut(CARNE, "check_in"))
_add("move_pitch", "check_in", OGDEN)
_add("check_in", "connect_hookup", cut(CARNE, "connect_hookup"))
_add("check_in", "issue_visitor_pass", cut(CARNE, "issue_visitor_pass"))
_add("check_in", "extend_stay", cut(CARNE, "extend_stay"))
_add("check_in", "open_shop_account", cut(CARNE, "open_shop_account"))
_add("pay_invoice", "open_shop_account", TREGEAR)
_add("add_extra", "remove_extra", cut(CARNE, "remove_extra"))
_add("close_pitch", "reopen_pitch", TENTS)
_add("add_to_waiting_list", "start_seasonal", cut(TREGEAR, "start_seasonal"))
_add("pay_invoice", "record_meter_reading", cut(TREGEAR, "record_meter_reading"))
_add("charge_shop_account", "settle_shop_account", CARNE_TAB)
_add("open_shop_account", "sell_gas", cut(CARNE, "sell_gas"))
_add("update_guest", "notify_guest", cut(CARNE, "notify_guest"))
_add("take_payment", "check_out", NORRIS)
_add("settle_shop_account", "check_out", NORRIS)

_OWN = {"sign_out": [sign_in("alan"), ("sign_out", {"token": "$alan.token"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or min((cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)),
                                              key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("tariff", cut(CARNE, "make_booking")),
    ("gas_price_list", cut(CARNE, "check_in")),
    ("remove_extra", cut(CARNE, "check_in")),
    ("connect_hookup", cut(CARNE, "open_shop_account")),
    ("seasonal_agreement", TREGEAR),
    ("take_payment", cut(OGDEN, "move_pitch")),
    ("update_guest", HENDERSON_PHONE),
]
