"""Scripted proofs that Orangery's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools, converts the
dataclass replies to JSON and records the raised ``VenueError`` as an error).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "bea")``) and pass ``"$bea.token"``; replies are read by field
(``"$log_enquiry.enquiry_id"``, ``"$book_viewing.viewing_id"``, ``"$hold_date.hold_id"``,
``"$issue_contract.booking_id"``, ``"$take_payment.receipt_id"``, ``"$book_supplier.supplier_booking_id"``,
``"$add_guest.guest_id"``), by nested list and field (``"$enquiry_record.viewings.0.viewing_id"``,
``"$booking_file.instalments.2.instalment_id"``, ``"$booking_file.suppliers.0.supplier_booking_id"``) and
lists by position and field (``"$find_enquiry.0.enquiry_id"``, ``"$viewing_slots.0.slot_id"``,
``"$holds.1.hold_id"``, ``"$bookings.0.booking_id"``, ``"$payment_schedule.0.instalment_id"``,
``"$suppliers.0.supplier_id"``, ``"$guest_list.5.guest_id"``, ``"$available_dates.4.date"``,
``"$available_dates.4.space"``, ``"$spaces.1.code"``, ``"$packages.0.code"``, ``"$menus.4.code"``). Every id
is read from a reply; none is written literally.

The day: Ms Carys Bell and Mr Jonah Whitlock enquire about a September wedding, book a viewing for Saturday
afternoon (or cancel it), hold Saturday 27 September in the Great Barn (released or extended on other
paths), take the Classic package for 95 day and 130 evening guests, sign, pay the deposit (voided on one
path), choose their menu and give final numbers; they book a photographer, add Carys's grandmother to the
guest list at table one of ten rounds (or take her off again), record the registrars, change their numbers
or cancel. Mrs Helen Ford gives a mobile for texts. Ms Jade Morton releases the Great Barn, so that Priya
Nair and Tom Castle can hold it; their viewing yesterday is recorded as keen, a second viewing is booked,
and their Orangery hold is extended or contracted. Morton's Saturday viewing is cancelled. Hartley
Engineering signs its away-day contract or cancels. Grace Adeyemi pays her deposit, after which her menu is
chosen and a florist booked (or the payment voided). Daniel Reeve and Sam Oduya's civil partnership gets its
menu, final numbers, a band, a guest, tables and seating, registrars and its balance paid; their florist is
cancelled. Ellie Shaw and Kit Dunn's list grows by two places, one guest is seated and one taken off.
"""

import orangery_tools as tools

WHO = {"bea": ("bea.s", "Orange-Blossom-12"), "oli": ("oli.m", "Top-Table-88"), "rosa": ("rosa.k", "Ledger-Lily-5"),
       "gwen": ("gwen.h", "Holloway-Park-1931")}
B, O, R, G = "$bea.token", "$oli.token", "$rosa.token", "$gwen.token"
TODAY = "2031-03-12"
SATURDAY = "2031-03-15"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def dish(code: str) -> str:
    """A reference to a dish's code in the menus, by its position."""
    return f"$menus.{list(tools.DISHES).index(code)}.code"


E = "$log_enquiry.enquiry_id"
K = "$issue_contract.booking_id"
BELL_NEW = ("log_enquiry", {"token": B, "name": "Ms Carys Bell", "partner_name": "Mr Jonah Whitlock",
                            "event_type": "wedding", "guests": 95, "phone": "07700 950120",
                            "email": "carys.bell@mail.example", "preferred_date": "2031-09-27",
                            "notes": "A Saturday in September; ceremony and reception here; about 130 more in the evening"})
MENU = {"starter": dish("ST-01"), "main": dish("MN-02"), "dessert": dish("DS-01"), "vegetarian_main": dish("MN-04")}
BELL = [
    *sign_ins("bea", "oli", "rosa"),
    BELL_NEW,
    ("viewing_slots", {"token": B, "date": SATURDAY}),
    ("book_viewing", {"token": B, "enquiry_id": E, "slot_id": "$viewing_slots.0.slot_id", "attending": 4}),
    ("spaces", {}),
    ("hold_date", {"token": B, "enquiry_id": E, "date": "2031-09-27", "space": "$spaces.1.code"}),
    ("packages", {}),
    ("issue_contract", {"token": B, "hold_id": "$hold_date.hold_id", "package_code": "$packages.0.code",
                        "day_guests": 95, "evening_guests": 130}),
    ("record_signature", {"token": B, "booking_id": K, "signed_by": "Ms Carys Bell and Mr Jonah Whitlock",
                          "signed_on": TODAY}),
    ("payment_schedule", {"token": R, "booking_id": K}),
    ("take_payment", {"token": R, "instalment_id": "$payment_schedule.0.instalment_id", "amount": 1500.0,
                      "method": "card"}),
    ("menus", {}),
    ("choose_menu", {"token": O, "booking_id": K, **MENU}),
    ("final_numbers", {"token": O, "booking_id": K}),
]
BELL_CANCEL_VIEWING = cut(BELL, "book_viewing") + [
    ("cancel_viewing", {"token": B, "viewing_id": "$book_viewing.viewing_id",
                        "reason": "Jonah's brother can only come on Sunday; they will ring to rebook"})]
BELL_RELEASE = cut(BELL, "hold_date") + [
    ("release_hold", {"token": B, "hold_id": "$hold_date.hold_id",
                      "reason": "They have chosen a date in 2032 instead"})]
BELL_EXTEND = cut(BELL, "hold_date") + [("extend_hold", {"token": B, "hold_id": "$hold_date.hold_id", "days": 7})]
BELL_FILE = cut(BELL, "issue_contract") + [("booking_file", {"token": O, "booking_id": K})]
BELL_NUMBERS = cut(BELL, "issue_contract") + [
    ("set_guest_numbers", {"token": O, "booking_id": K, "day_guests": 100, "evening_guests": 130})]
BELL_CANCEL = cut(BELL, "issue_contract") + [
    ("cancel_booking", {"token": R, "booking_id": K,
                        "reason": "The couple have decided on a wedding abroad before signing"})]
BELL_PHOTOGRAPHER = cut(BELL, "take_payment") + [
    ("suppliers", {"token": O, "category": "photographer"}),
    ("book_supplier", {"token": O, "booking_id": K, "supplier_id": "$suppliers.0.supplier_id", "arrival": "12:00",
                       "notes": "Bridal preparations at the Garden Cottage from noon"})]
BELL_GUESTS = cut(BELL, "record_signature") + [
    ("set_table_plan", {"token": O, "booking_id": K, "tables": 10, "seats_per_table": 10, "layout": "rounds"}),
    ("add_guest", {"token": O, "booking_id": K, "name": "Mrs Ruth Bell", "dietary": ["vegetarian"]}),
    ("seat_guest", {"token": O, "guest_id": "$add_guest.guest_id", "table": 1}),
    ("guest_list", {"token": O, "booking_id": K}),
    ("table_plan", {"token": O, "booking_id": K}),
    ("remove_guest", {"token": O, "guest_id": "$add_guest.guest_id", "reason": "Not well enough to travel"}),
]
BELL_REGISTRARS = cut(BELL, "record_signature") + [
    ("record_registrar", {"token": O, "booking_id": K, "district": "Holloway and Fenn", "ceremony_time": "13:00",
                          "registrars": "Mrs Anne Grady and Mr Paul Tse"})]
BELL_DETAILS = [*sign_ins("bea"), BELL_NEW,
                ("update_enquiry", {"token": B, "enquiry_id": E, "guests": 100,
                                    "notes": "Now about 100 for the day"})]
BELL_RECORD = [*sign_ins("bea"), BELL_NEW, ("enquiry_record", {"token": B, "enquiry_id": E})]
BELL_EMAIL = [*sign_ins("bea"), BELL_NEW,
              ("send_message", {"token": B, "enquiry_id": E, "channel": "email",
                                "text": "Thank you for your enquiry; our brochure and September prices are attached."})]
BELL_DATES = [*sign_ins("bea"), BELL_NEW,
              ("available_dates", {"token": B, "month": "2031-09", "event_type": "wedding", "saturdays_only": True}),
              ("hold_date", {"token": B, "enquiry_id": E, "date": "$available_dates.4.date",
                             "space": "$available_dates.4.space"})]

FORD = [*sign_ins("bea"), ("find_enquiry", {"token": B, "text": "Ford"}),
        ("update_enquiry", {"token": B, "enquiry_id": "$find_enquiry.0.enquiry_id", "phone": "07700 950113"}),
        ("send_message", {"token": B, "enquiry_id": "$find_enquiry.0.enquiry_id", "channel": "sms",
                          "text": "The Orangery: looking forward to showing you round on Friday at 4pm. Beatrice"})]
NAIR = "$find_enquiry.0.enquiry_id"
NAIR_KEEN = [*sign_ins("bea"), ("find_enquiry", {"token": B, "text": "Nair"}),
             ("enquiry_record", {"token": B, "enquiry_id": NAIR}),
             ("record_viewing", {"token": B, "viewing_id": "$enquiry_record.viewings.0.viewing_id", "outcome": "keen",
                                 "notes": "Loved the Great Barn; hoping for 13 September"})]
NAIR_SECOND = [*sign_ins("bea"), ("find_enquiry", {"token": B, "text": "Nair"}),
               ("viewing_slots", {"token": B, "date": SATURDAY}),
               ("book_viewing", {"token": B, "enquiry_id": NAIR, "slot_id": "$viewing_slots.1.slot_id",
                                 "attending": 4})]
NAIR_BARN = [*sign_ins("bea"), ("holds", {"token": B, "status": "active"}),
             ("release_hold", {"token": B, "hold_id": "$holds.0.hold_id",
                               "reason": "Ms Morton has booked another venue"}),
             ("find_enquiry", {"token": B, "text": "Nair"}), ("spaces", {}),
             ("hold_date", {"token": B, "enquiry_id": NAIR, "date": "2031-09-13", "space": "$spaces.1.code"})]
NAIR_EXTEND = [*sign_ins("bea"), ("holds", {"token": B, "status": "active"}),
               ("extend_hold", {"token": B, "hold_id": "$holds.1.hold_id", "days": 7})]
NAIR_CONTRACT = [*sign_ins("bea"), ("holds", {"token": B, "status": "active"}), ("packages", {}),
                 ("issue_contract", {"token": B, "hold_id": "$holds.1.hold_id", "package_code": "$packages.1.code",
                                     "day_guests": 110, "evening_guests": 60})]
MORTON_VIEWING = [*sign_ins("bea"), ("find_enquiry", {"token": B, "text": "Morton"}),
                  ("enquiry_record", {"token": B, "enquiry_id": "$find_enquiry.0.enquiry_id"}),
                  ("cancel_viewing", {"token": B, "viewing_id": "$enquiry_record.viewings.0.viewing_id",
                                      "reason": "Booked another venue"})]

BK = "$bookings.0.booking_id"
HARTLEY_SIGNS = [*sign_ins("bea"), ("bookings", {"token": B, "status": "contract_sent"}),
                 ("record_signature", {"token": B, "booking_id": BK, "signed_by": "Mrs Joan Pryce, Hartley Engineering",
                                       "signed_on": "2031-03-11"})]
HARTLEY_CANCELS = [*sign_ins("rosa"), ("bookings", {"token": R, "event_type": "corporate"}),
                   ("cancel_booking", {"token": R, "booking_id": BK,
                                       "reason": "Hartley Engineering have called off the away day"})]
ADEYEMI = [*sign_ins("rosa", "oli"), ("bookings", {"token": R, "status": "signed"}),
           ("payment_schedule", {"token": R, "booking_id": BK}),
           ("take_payment", {"token": R, "instalment_id": "$payment_schedule.0.instalment_id", "amount": 1500.0,
                             "method": "card"})]
ADEYEMI_MENU = ADEYEMI + [("menus", {}), ("choose_menu", {"token": O, "booking_id": BK, "starter": dish("ST-03"),
                                                          "main": dish("MN-01"), "dessert": dish("DS-03"),
                                                          "vegetarian_main": dish("MN-05")})]
ADEYEMI_FLORIST = ADEYEMI + [("suppliers", {"token": O, "category": "florist"}),
                             ("book_supplier", {"token": O, "booking_id": BK, "supplier_id": "$suppliers.1.supplier_id",
                                                "arrival": "09:00", "notes": "Autumn colours; the Barn beams"})]
ADEYEMI_VOID = ADEYEMI + [("void_payment", {"token": R, "receipt_id": "$take_payment.receipt_id",
                                            "reason": "Taken on Luke's card by mistake; Grace is paying"})]

REEVE = [*sign_ins("oli"), ("bookings", {"token": O, "event_type": "civil_partnership"})]
REEVE_MENU = REEVE + [("menus", {}),
                      ("choose_menu", {"token": O, "booking_id": BK, "starter": dish("ST-02"), "main": dish("MN-03"),
                                       "dessert": dish("DS-02"), "vegetarian_main": dish("MN-04")}),
                      ("final_numbers", {"token": O, "booking_id": BK})]
REEVE_BAND = REEVE + [("suppliers", {"token": O, "category": "band"}),
                      ("book_supplier", {"token": O, "booking_id": BK, "supplier_id": "$suppliers.0.supplier_id",
                                         "arrival": "18:30", "notes": "First dance at 20:00"}),
                      ("cancel_supplier", {"token": O, "supplier_booking_id": "$book_supplier.supplier_booking_id",
                                           "reason": "Changed their minds; a DJ instead"})]
REEVE_GUEST = REEVE + [("add_guest", {"token": O, "booking_id": BK, "name": "Ms Adaeze Oduya",
                                      "dietary": ["nut_allergy"]})]
REEVE_TABLES = REEVE + [("set_table_plan", {"token": O, "booking_id": BK, "tables": 9, "seats_per_table": 10,
                                            "layout": "rounds"}),
                        ("guest_list", {"token": O, "booking_id": BK}),
                        ("seat_guest", {"token": O, "guest_id": "$guest_list.0.guest_id", "table": 1})]
REEVE_REGISTRARS = REEVE + [("record_registrar", {"token": O, "booking_id": BK, "district": "Holloway and Fenn",
                                                  "ceremony_time": "14:00", "registrars": "Mr Paul Tse and Ms Dina Roy"})]
REEVE_FILE = REEVE + [("booking_file", {"token": O, "booking_id": BK}),
                      ("cancel_supplier", {"token": O,
                                           "supplier_booking_id": "$booking_file.suppliers.0.supplier_booking_id",
                                           "reason": "Their florist friend is doing the flowers after all"})]
REEVE_BALANCE = [*sign_ins("rosa"), ("bookings", {"token": R, "event_type": "civil_partnership"}),
                 ("booking_file", {"token": R, "booking_id": BK}),
                 ("take_payment", {"token": R, "instalment_id": "$booking_file.instalments.2.instalment_id",
                                   "amount": 3525.0, "method": "bank_transfer"})]
SHAW = [*sign_ins("oli"), ("bookings", {"token": O, "event_type": "wedding", "month": "2031-04"})]
SHAW_MORE = SHAW + [("set_guest_numbers", {"token": O, "booking_id": BK, "day_guests": 32, "evening_guests": 40}),
                    ("add_guest", {"token": O, "booking_id": BK, "name": "Mr Jack Fox"})]
SHAW_LIST = SHAW + [("guest_list", {"token": O, "booking_id": BK}),
                    ("seat_guest", {"token": O, "guest_id": "$guest_list.0.guest_id", "table": 1}),
                    ("table_plan", {"token": O, "booking_id": BK})]
SHAW_OFF = SHAW + [("guest_list", {"token": O, "booking_id": BK}),
                   ("remove_guest", {"token": O, "guest_id": "$guest_list.5.guest_id",
                                     "reason": "Mr Patrick Dunn is working abroad that weekend"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# enquiries
_NEW = {"update_enquiry": BELL_DETAILS, "enquiry_record": BELL_RECORD, "book_viewing": BELL, "hold_date": BELL,
        "send_message": BELL_EMAIL}
_FOUND = {"update_enquiry": FORD, "enquiry_record": NAIR_KEEN, "book_viewing": NAIR_SECOND, "hold_date": NAIR_BARN,
          "send_message": FORD}
for _c in tools.ENQUIRY_CONSUMERS:
    _add("log_enquiry", _c, cut(_NEW[_c], _c))
    _add("find_enquiry", _c, cut(_FOUND[_c], _c))

# holds
_HELD = {"release_hold": BELL_RELEASE, "issue_contract": BELL, "extend_hold": BELL_EXTEND}
_LISTED = {"release_hold": NAIR_BARN, "issue_contract": NAIR_CONTRACT, "extend_hold": NAIR_EXTEND}
for _c in tools.HOLD_CONSUMERS:
    _add("hold_date", _c, cut(_HELD[_c], _c))
    _add("holds", _c, cut(_LISTED[_c], _c))

# bookings
_CONTRACTED = {"record_signature": BELL, "booking_file": BELL_FILE, "payment_schedule": BELL,
               "set_guest_numbers": BELL_NUMBERS, "choose_menu": BELL, "book_supplier": BELL_PHOTOGRAPHER,
               "add_guest": BELL_GUESTS, "set_table_plan": BELL_GUESTS, "record_registrar": BELL_REGISTRARS,
               "cancel_booking": BELL_CANCEL, "final_numbers": BELL, "guest_list": BELL_GUESTS,
               "table_plan": BELL_GUESTS}
_BOOKED = {"record_signature": HARTLEY_SIGNS, "booking_file": REEVE_FILE, "payment_schedule": ADEYEMI,
           "set_guest_numbers": SHAW_MORE, "choose_menu": REEVE_MENU, "book_supplier": REEVE_BAND,
           "add_guest": REEVE_GUEST, "set_table_plan": REEVE_TABLES, "record_registrar": REEVE_REGISTRARS,
           "cancel_booking": HARTLEY_CANCELS, "final_numbers": REEVE_MENU, "guest_list": SHAW_LIST,
           "table_plan": SHAW_LIST}
for _c in tools.BOOKING_CONSUMERS:
    _add("issue_contract", _c, cut(_CONTRACTED[_c], _c))
    _add("bookings", _c, cut(_BOOKED[_c], _c))

# guests
_ADDED = {"seat_guest": BELL_GUESTS, "remove_guest": BELL_GUESTS}
_ON_LIST = {"seat_guest": SHAW_LIST, "remove_guest": SHAW_OFF}
for _c in tools.GUEST_CONSUMERS:
    _add("add_guest", _c, cut(_ADDED[_c], _c))
    _add("guest_list", _c, cut(_ON_LIST[_c], _c))

# viewings, instalments, suppliers, receipts
_add("book_viewing", "cancel_viewing", BELL_CANCEL_VIEWING)
_add("enquiry_record", "cancel_viewing", MORTON_VIEWING)
_add("enquiry_record", "record_viewing", NAIR_KEEN)
_add("payment_schedule", "take_payment", ADEYEMI)
_add("booking_file", "take_payment", REEVE_BALANCE)
_add("book_supplier", "cancel_supplier", REEVE_BAND)
_add("booking_file", "cancel_supplier", REEVE_FILE)
_add("viewing_slots", "book_viewing", cut(BELL, "book_viewing"))
_add("suppliers", "book_supplier", cut(REEVE_BAND, "book_supplier"))
_add("take_payment", "void_payment", ADEYEMI_VOID)

# vocabularies
_add("spaces", "hold_date", cut(BELL, "hold_date"))
_add("available_dates", "hold_date", BELL_DATES)
_add("packages", "issue_contract", cut(BELL, "issue_contract"))
_add("menus", "choose_menu", cut(REEVE_MENU, "choose_menu"))

# states
_add("record_signature", "payment_schedule", cut(BELL, "payment_schedule"))
_add("take_payment", "choose_menu", ADEYEMI_MENU)
_add("take_payment", "book_supplier", ADEYEMI_FLORIST)
_add("set_table_plan", "seat_guest", REEVE_TABLES)
_add("choose_menu", "final_numbers", REEVE_MENU)
_add("release_hold", "hold_date", NAIR_BARN)
_add("set_guest_numbers", "add_guest", SHAW_MORE)
_add("update_enquiry", "send_message", FORD)

_OWN = {"sign_out": [sign_in("gwen"), ("sign_out", {"token": G})]}


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
    # the viewing is booked before the date is held: a hold does not wait for a viewing
    ("book_viewing", cut(BELL, "hold_date")),
    # the enquiry's record is read before its details change; the change needs only its number
    ("enquiry_record", [*sign_ins("bea"), ("find_enquiry", {"token": B, "text": "Ford"}),
                        ("enquiry_record", {"token": B, "enquiry_id": "$find_enquiry.0.enquiry_id"}),
                        ("update_enquiry", {"token": B, "enquiry_id": "$find_enquiry.0.enquiry_id",
                                            "email": "h.ford@mail.example"})]),
    # a twilight wedding has no menu to choose, and its final numbers go to the kitchen without one
    ("menus", SHAW + [("menus", {}), ("final_numbers", {"token": O, "booking_id": BK})]),
    # the guest list is read before a table plan is set out; the plan needs only the booking number
    ("guest_list", REEVE + [("guest_list", {"token": O, "booking_id": BK}),
                            ("set_table_plan", {"token": O, "booking_id": BK, "tables": 9, "seats_per_table": 10,
                                                "layout": "long_tables"})]),
    # a supplier booking does not wait for the menu
    ("choose_menu", REEVE + [("menus", {}),
                             ("choose_menu", {"token": O, "booking_id": BK, "starter": dish("ST-01"),
                                              "main": dish("MN-01"), "dessert": dish("DS-01"),
                                              "vegetarian_main": dish("MN-05")}),
                             ("suppliers", {"token": O, "category": "cake"}),
                             ("book_supplier", {"token": O, "booking_id": BK, "supplier_id": "$suppliers.0.supplier_id",
                                                "arrival": "14:00"})]),
    # the available dates are read, but the date the couple asked for is held from the spaces list
    ("available_dates", [*sign_ins("bea"), BELL_NEW,
                         ("available_dates", {"token": B, "month": "2031-09", "saturdays_only": True}),
                         ("spaces", {}),
                         ("hold_date", {"token": B, "enquiry_id": E, "date": "2031-09-27", "space": "$spaces.1.code"})]),
    # the payment schedule is read before the registrars are recorded
    ("payment_schedule", REEVE + [("payment_schedule", {"token": O, "booking_id": BK}),
                                  ("record_registrar", {"token": O, "booking_id": BK, "district": "Holloway and Fenn",
                                                        "ceremony_time": "14:00", "registrars": "Mr Paul Tse"})]),
]
