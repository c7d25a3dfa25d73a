"""Scripted proofs that Linkspan's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools and records
the raised ``FerryError`` refusals as errors).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign in
by first name (``("sign_in", {...}, "moira")``) and pass ``"$moira.token"``; the ``TypedDict`` replies are
read by key (``"$create_booking.booking_ref"``, ``"$find_customer.0.bookings.1"``,
``"$get_booking.passengers.0.passenger_id"``, ``"$timetable.2.sailing_id"``, ``"$fares.3.fare_code"``,
``"$lane_plan.2.lane"``, ``"$check_in_vehicle.checkin_id"``), the bare list of free cabins by position
(``"$cabin_availability.0"``). Every id is read from a reply; none is written literally. Timetables are
read as ``"timetable"`` (today's), ``"tomorrow"`` and ``"overnight"``; the Carrick-Innismore sailings
today are the 07:30, 10:30, 13:30 and 17:30, in that order.

The day's work: Kirsty Buchanan, new to Innismore, registered, given an islander card, booked with her
son and her car on the 13:30 at the islander fare, paid, checked in, her camping gas declared, held and
released (and put on standby for the 10:30 on another path); Donald Gillies' draft booking completed
with his wife and his van, a voucher taken off and paid (his wife added and taken off again on another
path), his phone changed and an islander card issued; Graham Pettigrew moved to the 13:30 and, for his
overnight trip tomorrow, Ruth taken off and a cabin reserved; Mhairi Dunn's overnight trip booked with a
cabin and a voucher, paid, moved to tonight and cancelled; Sunniva Halcrow's foot day-trip booked, paid
and checked in, and her overnight booking cancelled; Eilidh MacAulay checked in on foot for the 07:30;
the 10:30 opened, Graham's car checked in, Innismore Stores' van put on standby and boarded after
check-in closed, the manifest printed and the departure recorded; the 17:30 cancelled in a gale, its
passengers warned and Mhairi Dunn's booking moved to tomorrow's 07:30.
"""

import linkspan_tools as tools

WHO = {"moira": ("moira.b", "Pier-Head-4418"), "callum": ("callum.r", "Linkspan-27"),
       "ishbel": ("ishbel.m", "Bollard-9031")}
MO, CA, IS = "$moira.token", "$callum.token", "$ishbel.token"
TODAY, TOMORROW = "2029-07-13", "2029-07-14"
S0730, S1030, S1330, S1730 = ("$timetable.0.sailing_id", "$timetable.1.sailing_id", "$timetable.2.sailing_id",
                              "$timetable.3.sailing_id")
TIMETABLE = ("timetable", {"route": "CAR-INM", "day": TODAY})
TOMORROWS = ("timetable", {"route": "CAR-INM", "day": TOMORROW}, "tomorrow")


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def logins(*who: str) -> list:
    return [login(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def kirsty(upto: str) -> list:
    """Kirsty Buchanan, new to Innismore: registered, islander card, the 13:30 with her son and her car."""
    cust, ref, ck = "$register_customer.customer_id", "$create_booking.booking_ref", "$check_in_vehicle.checkin_id"
    return cut([
        *logins("moira", "callum", "ishbel"),
        ("fares", {"route": "CAR-INM"}),
        TIMETABLE,
        ("register_customer", {"token": MO, "name": "Kirsty Buchanan", "email": "kirsty.buchanan@mail.example",
                               "phone": "07700 900611", "postcode": "PA89 5HW"}),
        ("update_contact", {"token": MO, "customer_id": cust, "email": "kirsty@buchanan-innismore.example"}),
        ("issue_islander_card", {"token": MO, "customer_id": cust, "proof": "council_tax"}),
        ("create_booking", {"token": MO, "customer_id": cust, "sailing_id": S1330, "fare_code": "$fares.3.fare_code"}),
        ("add_passenger", {"token": MO, "booking_ref": ref, "name": "Kirsty Buchanan", "age_band": "adult"}),
        ("add_passenger", {"token": MO, "booking_ref": ref, "name": "Finlay Buchanan", "age_band": "child"}, "finlay"),
        ("add_vehicle", {"token": MO, "booking_ref": ref, "registration": "SY23 KBN", "vehicle_class": "car",
                         "length_cm": 420, "height_cm": 150}),
        ("get_booking", {"token": MO, "booking_ref": ref}),
        ("add_booking_note", {"token": MO, "booking_ref": ref,
                              "text": "Moving house to Innismore; the car is loaded to the roof"}),
        ("quote_booking", {"token": MO, "booking_ref": ref}),
        ("take_payment", {"token": MO, "booking_ref": ref, "amount": "$quote_booking.total", "method": "card"}),
        ("open_check_in", {"token": CA, "sailing_id": S1330}),
        ("lane_plan", {"token": CA, "sailing_id": S1330}),
        ("lookup_registration", {"token": CA, "registration": "SY23KBN"}),
        ("check_in_vehicle", {"token": CA, "booking_ref": "$lookup_registration.0.booking_ref",
                              "registration": "SY23 KBN", "lane": "$lane_plan.2.lane"}),
        ("declare_dangerous_goods", {"token": CA, "checkin_id": ck, "un_number": "UN1965", "quantity_kg": 4.5}),
        ("hold_vehicle", {"token": CA, "checkin_id": ck, "reason": "Camping gas bottle stowed without its valve cap"}),
        ("release_vehicle", {"token": IS, "checkin_id": ck}),
    ], upto)


KIRSTY_STANDBY = [*logins("moira", "callum"), TIMETABLE,
                  ("register_customer", {"token": MO, "name": "Kirsty Buchanan", "email": "kirsty.buchanan@mail.example",
                                         "phone": "07700 900611", "postcode": "PA89 5HW"}),
                  ("add_to_standby", {"token": CA, "sailing_id": S1030, "customer_id": "$register_customer.customer_id",
                                      "registration": "SY23 KBN", "vehicle_class": "car", "length_cm": 420})]

D_CUST, D_REF = "$find_customer.0.customer_id", "$find_customer.0.bookings.0"
DONALD = [
    *logins("moira"),
    ("find_customer", {"token": MO, "query": "Gillies"}),
    ("update_contact", {"token": MO, "customer_id": D_CUST, "phone": "07700 900548"}),
    ("issue_islander_card", {"token": MO, "customer_id": D_CUST, "proof": "utility_bill"}),
    ("get_booking", {"token": MO, "booking_ref": D_REF}),
    ("add_passenger", {"token": MO, "booking_ref": D_REF, "name": "Catriona Gillies", "age_band": "adult"}),
    ("add_vehicle", {"token": MO, "booking_ref": D_REF, "registration": "SF21 GLN", "vehicle_class": "van",
                     "length_cm": 530, "height_cm": 250}),
    ("add_booking_note", {"token": MO, "booking_ref": D_REF, "text": "Van carries a ride-on mower for the croft"}),
    ("quote_booking", {"token": MO, "booking_ref": D_REF}),
    ("apply_voucher", {"token": MO, "booking_ref": D_REF, "voucher_code": "FIF-GW-4471"}),
    ("take_payment", {"token": MO, "booking_ref": D_REF, "amount": "$apply_voucher.total", "method": "card"}),
]
DONALD_ALONE = [*logins("moira"), ("find_customer", {"token": MO, "query": "Gillies"}),
                ("add_passenger", {"token": MO, "booking_ref": D_REF, "name": "Catriona Gillies", "age_band": "adult"}),
                ("remove_passenger", {"token": MO, "passenger_id": "$add_passenger.passenger_id"})]

G_TRIP = "$find_customer.0.bookings.1"
GRAHAM_OVERNIGHT = [
    *logins("moira"),
    ("timetable", {"route": "CAR-NHV", "day": TOMORROW}, "overnight"),
    ("find_customer", {"token": MO, "query": "Pettigrew"}),
    ("get_booking", {"token": MO, "booking_ref": G_TRIP}),
    ("remove_passenger", {"token": MO, "passenger_id": "$get_booking.passengers.1.passenger_id"}),
    ("cabin_availability", {"token": MO, "sailing_id": "$overnight.0.sailing_id"}),
    ("reserve_cabin", {"token": MO, "booking_ref": G_TRIP, "cabin": "$cabin_availability.0"}),
]
GRAHAM_MOVE = [*logins("moira"), TIMETABLE, ("find_customer", {"token": MO, "query": "Pettigrew"}),
               ("change_sailing", {"token": MO, "booking_ref": "$find_customer.0.bookings.0", "new_sailing_id": S1330})]
SUNNIVA_CANCEL = [*logins("moira"), ("find_customer", {"token": MO, "query": "Halcrow"}),
                  ("cancel_booking", {"token": MO, "booking_ref": "$find_customer.0.bookings.0",
                                      "reason": "Family illness at home; they cannot travel"})]


def mhairi(upto: str) -> list:
    """Mhairi Dunn's overnight trip to Northhaven: booked with a cabin and a voucher, paid, moved, cancelled."""
    ref = "$create_booking.booking_ref"
    return cut([
        *logins("moira"),
        ("fares", {"route": "CAR-NHV"}),
        ("timetable", {"route": "CAR-NHV", "day": TOMORROW}, "overnight"),
        ("timetable", {"route": "CAR-NHV", "day": TODAY}),
        ("find_customer", {"token": MO, "query": "Dunn"}),
        ("create_booking", {"token": MO, "customer_id": "$find_customer.0.customer_id",
                            "sailing_id": "$overnight.0.sailing_id", "fare_code": "$fares.0.fare_code"}),
        ("add_passenger", {"token": MO, "booking_ref": ref, "name": "Mhairi Dunn", "age_band": "adult"}),
        ("cabin_availability", {"token": MO, "sailing_id": "$overnight.0.sailing_id"}),
        ("reserve_cabin", {"token": MO, "booking_ref": ref, "cabin": "$cabin_availability.0"}),
        ("quote_booking", {"token": MO, "booking_ref": ref}),
        ("apply_voucher", {"token": MO, "booking_ref": ref, "voucher_code": "FIF-GW-4472"}),
        ("take_payment", {"token": MO, "booking_ref": ref, "amount": "$apply_voucher.total", "method": "card"}),
        ("change_sailing", {"token": MO, "booking_ref": ref, "new_sailing_id": "$timetable.0.sailing_id"}),
        ("cancel_booking", {"token": MO, "booking_ref": ref, "reason": "Plans changed; travelling next month instead"}),
    ], upto)


def sunniva(upto: str) -> list:
    """Sunniva and Magnus Halcrow's foot day-trip to Innismore on the 10:30, while they wait for tonight's boat."""
    ref = "$create_booking.booking_ref"
    return cut([
        *logins("moira", "callum"),
        ("fares", {"route": "CAR-INM"}),
        TIMETABLE,
        ("find_customer", {"token": MO, "query": "Halcrow"}),
        ("create_booking", {"token": MO, "customer_id": "$find_customer.0.customer_id", "sailing_id": S1030,
                            "fare_code": "$fares.0.fare_code"}),
        ("add_passenger", {"token": MO, "booking_ref": ref, "name": "Sunniva Halcrow", "age_band": "adult"}),
        ("add_passenger", {"token": MO, "booking_ref": ref, "name": "Magnus Halcrow", "age_band": "adult"}, "magnus"),
        ("quote_booking", {"token": MO, "booking_ref": ref}),
        ("take_payment", {"token": MO, "booking_ref": ref, "amount": "$quote_booking.total", "method": "cash"}),
        ("open_check_in", {"token": CA, "sailing_id": S1030}),
        ("check_in_foot_passenger", {"token": CA, "passenger_id": "$add_passenger.passenger_id"}),
    ], upto)


EILIDH = [*logins("callum"), TIMETABLE, ("find_customer", {"token": CA, "query": "MacAulay"}),
          ("get_booking", {"token": CA, "booking_ref": "$find_customer.0.bookings.0"}),
          ("open_check_in", {"token": CA, "sailing_id": S0730}),
          ("check_in_foot_passenger", {"token": CA, "passenger_id": "$get_booking.passengers.0.passenger_id"})]


def ten_thirty(upto: str) -> list:
    """The 10:30: check-in opened, Graham Pettigrew's car checked in, Innismore Stores' van on standby and
    boarded after check-in closed, the manifest, the departure."""
    return cut([
        *logins("callum", "ishbel"),
        TIMETABLE,
        ("open_check_in", {"token": CA, "sailing_id": S1030}),
        ("lane_plan", {"token": CA, "sailing_id": S1030}),
        ("list_bookings", {"token": CA, "sailing_id": S1030, "status": "confirmed"}),
        ("check_in_vehicle", {"token": CA, "booking_ref": "$list_bookings.0.booking_ref", "registration": "SK19 XTR",
                              "lane": "$lane_plan.2.lane"}),
        ("find_customer", {"token": CA, "query": "Innismore Stores"}),
        ("add_to_standby", {"token": CA, "sailing_id": S1030, "customer_id": "$find_customer.0.customer_id",
                            "registration": "SF68 IMS", "vehicle_class": "van", "length_cm": 600}),
        ("close_check_in", {"token": CA, "sailing_id": S1030}),
        ("board_standby", {"token": CA, "standby_id": "$add_to_standby.standby_id", "lane": "$lane_plan.0.lane"}),
        ("sailing_manifest", {"token": IS, "sailing_id": S1030}),
        ("record_departure", {"token": IS, "sailing_id": S1030, "departed_at": "10:34", "persons_on_board": 2}),
    ], upto)


GALE_WARNING = "Gale warning: the 17:30 to Innismore may not sail. Check the app or call the pier office."
GALE_REASON = "Gale warning: forecast force 8 in the Firth from 16:00"


def gale(upto: str) -> list:
    """The 17:30 cancelled in a gale: notice sent, sailing cancelled, the disrupted booking moved to tomorrow."""
    return cut([
        *logins("ishbel", "moira"),
        TIMETABLE, TOMORROWS,
        ("send_notice", {"token": IS, "sailing_id": S1730, "message": GALE_WARNING, "channels": ["sms", "email"]}),
        ("cancel_sailing", {"token": IS, "sailing_id": S1730, "reason": GALE_REASON}),
        ("list_bookings", {"token": MO, "sailing_id": S1730, "status": "disrupted"}),
        ("rebook_disrupted", {"token": MO, "booking_ref": "$list_bookings.0.booking_ref",
                              "new_sailing_id": "$tomorrow.0.sailing_id"}),
    ], upto)


MHAIRI_REBOOK = [*logins("ishbel", "moira"), TIMETABLE, TOMORROWS, ("find_customer", {"token": MO, "query": "Dunn"}),
                 ("cancel_sailing", {"token": IS, "sailing_id": S1730, "reason": GALE_REASON}),
                 ("rebook_disrupted", {"token": MO, "booking_ref": "$find_customer.0.bookings.0",
                                       "new_sailing_id": "$tomorrow.0.sailing_id"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers
_add("register_customer", "create_booking", kirsty("create_booking"))
_add("find_customer", "create_booking", mhairi("create_booking"))
_add("register_customer", "update_contact", kirsty("update_contact"))
_add("find_customer", "update_contact", cut(DONALD, "update_contact"))
_add("register_customer", "issue_islander_card", kirsty("issue_islander_card"))
_add("find_customer", "issue_islander_card", cut(DONALD, "issue_islander_card"))
_add("register_customer", "add_to_standby", KIRSTY_STANDBY)
_add("find_customer", "add_to_standby", ten_thirty("add_to_standby"))

# sailings
_SAILING = {"list_bookings": gale("list_bookings"), "cabin_availability": cut(GRAHAM_OVERNIGHT, "cabin_availability"),
            "create_booking": kirsty("create_booking"), "open_check_in": ten_thirty("open_check_in"),
            "lane_plan": ten_thirty("lane_plan"), "close_check_in": ten_thirty("close_check_in"),
            "sailing_manifest": ten_thirty("sailing_manifest"), "record_departure": ten_thirty("record_departure"),
            "cancel_sailing": gale("cancel_sailing"), "add_to_standby": ten_thirty("add_to_standby"),
            "send_notice": gale("send_notice"), "change_sailing": GRAHAM_MOVE, "rebook_disrupted": gale("rebook_disrupted")}
for _c in tools.SAILING_CONSUMERS:
    _add("timetable", _c, _SAILING[_c])

# bookings
_CREATE = {"add_passenger": kirsty("add_passenger"), "add_vehicle": kirsty("add_vehicle"),
           "reserve_cabin": mhairi("reserve_cabin"), "quote_booking": kirsty("quote_booking"),
           "apply_voucher": mhairi("apply_voucher"), "take_payment": kirsty("take_payment"),
           "get_booking": kirsty("get_booking"), "add_booking_note": kirsty("add_booking_note"),
           "change_sailing": mhairi("change_sailing"), "cancel_booking": mhairi("cancel_booking")}
_FOUND = {"add_passenger": cut(DONALD, "add_passenger"), "add_vehicle": cut(DONALD, "add_vehicle"),
          "reserve_cabin": GRAHAM_OVERNIGHT, "quote_booking": cut(DONALD, "quote_booking"),
          "apply_voucher": cut(DONALD, "apply_voucher"), "take_payment": DONALD,
          "get_booking": cut(DONALD, "get_booking"), "add_booking_note": cut(DONALD, "add_booking_note"),
          "change_sailing": GRAHAM_MOVE, "cancel_booking": SUNNIVA_CANCEL}
for _c in tools.BOOKING_CONSUMERS:
    _add("create_booking", _c, _CREATE[_c])
    _add("find_customer", _c, _FOUND[_c])

_add("lookup_registration", "check_in_vehicle", kirsty("check_in_vehicle"))
_add("list_bookings", "check_in_vehicle", ten_thirty("check_in_vehicle"))
_add("list_bookings", "rebook_disrupted", gale("rebook_disrupted"))
_add("find_customer", "rebook_disrupted", MHAIRI_REBOOK)
_add("add_passenger", "remove_passenger", DONALD_ALONE)
_add("get_booking", "remove_passenger", cut(GRAHAM_OVERNIGHT, "remove_passenger"))
_add("add_passenger", "check_in_foot_passenger", sunniva("check_in_foot_passenger"))
_add("get_booking", "check_in_foot_passenger", EILIDH)
_add("check_in_vehicle", "declare_dangerous_goods", kirsty("declare_dangerous_goods"))
_add("check_in_vehicle", "hold_vehicle", kirsty("hold_vehicle"))
_add("check_in_vehicle", "release_vehicle", kirsty("release_vehicle"))
_add("add_to_standby", "board_standby", ten_thirty("board_standby"))

# vocabularies
_add("fares", "create_booking", kirsty("create_booking"))
_add("cabin_availability", "reserve_cabin", mhairi("reserve_cabin"))
_add("lane_plan", "check_in_vehicle", kirsty("check_in_vehicle"))
_add("lane_plan", "board_standby", ten_thirty("board_standby"))

# states
_add("issue_islander_card", "create_booking", kirsty("create_booking"))
_add("add_passenger", "quote_booking", kirsty("quote_booking"))
_add("quote_booking", "apply_voucher", cut(DONALD, "apply_voucher"))
_add("quote_booking", "take_payment", kirsty("take_payment"))
_add("take_payment", "change_sailing", mhairi("change_sailing"))
_add("take_payment", "check_in_vehicle", kirsty("check_in_vehicle"))
_add("take_payment", "check_in_foot_passenger", sunniva("check_in_foot_passenger"))
_add("add_vehicle", "check_in_vehicle", kirsty("check_in_vehicle"))
_add("open_check_in", "check_in_vehicle", ten_thirty("check_in_vehicle"))
_add("open_check_in", "check_in_foot_passenger", EILIDH)
_add("open_check_in", "close_check_in", ten_thirty("close_check_in"))
_add("close_check_in", "board_standby", ten_thirty("board_standby"))
_add("close_check_in", "record_departure", ten_thirty("record_departure"))
_add("hold_vehicle", "release_vehicle", kirsty("release_vehicle"))
_add("cancel_sailing", "rebook_disrupted", MHAIRI_REBOOK)

_OWN = {"sign_out": [login("moira"), ("sign_out", {"token": MO})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("fares", [("fares", {"route": "CAR-INM"}), *cut(DONALD, "update_contact")]),
    ("cabin_availability", [*logins("moira"), ("fares", {"route": "CAR-NHV"}),
                            ("timetable", {"route": "CAR-NHV", "day": TOMORROW}, "overnight"),
                            ("cabin_availability", {"token": MO, "sailing_id": "$overnight.0.sailing_id"}),
                            ("find_customer", {"token": MO, "query": "Dunn"}),
                            ("create_booking", {"token": MO, "customer_id": "$find_customer.0.customer_id",
                                                "sailing_id": "$overnight.0.sailing_id",
                                                "fare_code": "$fares.0.fare_code"})]),
    ("lane_plan", [*EILIDH[:-1], ("lane_plan", {"token": CA, "sailing_id": S0730}), EILIDH[-1]]),
    ("sailing_manifest", ten_thirty("record_departure")),
    ("list_bookings", [*logins("ishbel"), TIMETABLE, ("list_bookings", {"token": IS, "sailing_id": S1730}),
                       ("cancel_sailing", {"token": IS, "sailing_id": S1730, "reason": GALE_REASON})]),
    ("get_booking", cut(DONALD, "quote_booking")),
    ("send_notice", gale("cancel_sailing")),
]
