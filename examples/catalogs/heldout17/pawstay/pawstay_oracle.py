"""Scripted proofs that Pawstay's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async handlers and
records a raised ``DeskError`` as an error).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff
sign in by first name (``("desk_login", {...}, "lucy")``) and pass the bare token whole
(``"$lucy"``); rows are read by position (``"$find_owner.0.0"``, ``"$list_pets.0.0"``,
``"$list_bookings.0.0"``, ``"$list_residents.0.0"``), bare lists by index
(``"$check_availability.0"``, ``"$list_groom_slots.0"``) and dicts by key
(``"$issue_bill.invoice_no"``, ``"$issue_bill.balance"``). Numbers the desk only writes inside a
sentence are written literally: the first new owner ``M1240`` and its pet ``M1240-P1``, a second
pet of Ruth Okafor ``M1215-P2``, the first booking ``R-28-0700``, incident ``N-0042`` and grooming
``G-311`` of a fresh state; each follows from its own counter (a pet from its owner's number), so
it is the same in every fresh state, and none exists without its call.

One stay runs from the phone call to going home: Bramble (Gareth Lloyd, found; her kennel-cough
vaccine recorded now) or Pepper (Hannah Webb, registered now, and her pet added), booked into a
free standard kennel for today, or the Carvers' Luna and Ozzy (booking R-28-0640, confirmed,
arriving today) found in the list. Biscuit, already staying, gives the short paths of residents,
bills and payment; Ruth Okafor's held booking those of deposits, changes and cancellations.
"""

import pawstay_tools as tools

TODAY = tools.TODAY
NEW_OWNER, NEW_PET, OKAFOR_PET, NEW_BOOKING, INCIDENT, GROOM = "M1240", "M1240-P1", "M1215-P2", "R-28-0700", "N-0042", "G-311"
WHO = {"lucy": ("LH", "Kestrel-31"), "sam": ("SD", "Otter-58")}
LUCY, SAM = "$lucy", "$sam"
WEBB = {"full_name": "Hannah Webb", "phone": "07700 900588", "email": "hannah.webb@example.com", "postcode": "BA1 3QR",
        "address": "41 Cedric Road, Bath"}
PEPPER = {"name": "Pepper", "species": "dog", "breed": "Cockapoo", "date_of_birth": "2025-04-02", "neutered": True}
DEPOSIT = round(tools.stay_price("KS", TODAY, "2028-07-26", 1, [["walk", 4]]) * 0.25, 2)
OKAFOR_DEPOSIT = round(tools.stay_price("CC", "2028-07-29", "2028-08-05", 1) * 0.25, 2)


def login(who: str) -> tuple:
    code, pin = WHO[who]
    return ("desk_login", {"staff_code": code, "pin": pin}, who)


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def stay(upto: str, owner: str = "find", booking: str = "create") -> list:
    """A stay to going home. ``booking`` "create": Bramble (``owner`` "find": Gareth Lloyd found, her
    pet listed) or Pepper (``owner`` "register": Hannah Webb registered, Pepper added) booked now;
    "list": the Carvers' R-28-0640 found among today's arrivals."""
    if booking == "create":
        if owner == "find":
            steps = [login("lucy"), ("find_owner", {"token": LUCY, "surname": "Lloyd"}),
                     ("list_pets", {"token": LUCY, "owner_id": "$find_owner.0.0"}),
                     ("record_vaccination", {"token": LUCY, "pet_id": "$list_pets.0.0", "vaccine": "KC",
                                             "given_on": "2028-07-15", "vet_practice": "Widcombe Vets"})]
            o, p, name, who = "$find_owner.0.0", "$list_pets.0.0", "Bramble", "Gareth Lloyd"
        else:
            steps = [login("lucy"), ("register_owner", {"token": LUCY, **WEBB}),
                     ("add_pet", {"token": LUCY, "owner_id": NEW_OWNER, **PEPPER})] + [
                ("record_vaccination", {"token": LUCY, "pet_id": NEW_PET, "vaccine": v, "given_on": "2028-05-19",
                                        "vet_practice": "Widcombe Vets"}) for v in ("DHP", "LEPTO", "KC")]
            o, p, name, who = NEW_OWNER, NEW_PET, "Pepper", "Hannah Webb"
        ref, kind, depart, longer = NEW_BOOKING, "$list_accommodation.0.0", "2028-07-26", "2028-07-27"
        steps += [("list_accommodation", {"species": "dog"}),
                  ("check_availability", {"type_code": kind, "arrive": TODAY, "depart": depart}),
                  ("create_booking", {"token": LUCY, "owner_id": o, "pet_ids": [p], "unit_code": "$check_availability.0",
                                      "arrive": TODAY, "depart": depart}),
                  ("add_extra", {"token": LUCY, "booking_ref": ref, "extra": "walk", "days": 4}),
                  ("take_deposit", {"token": LUCY, "booking_ref": ref, "amount": DEPOSIT, "card_last4": "4421"})]
    else:
        steps = [login("lucy"), ("list_bookings", {"token": LUCY, "arriving_on": TODAY}),
                 ("add_extra", {"token": LUCY, "booking_ref": "$list_bookings.0.0", "extra": "playtime", "days": 3})]
        ref, kind, longer, name, who = "$list_bookings.0.0", "KF", "2028-07-30", "Luna", "Tom Carver"
    steps += [
        ("sign_consent", {"token": LUCY, "booking_ref": ref, "signed_by": who, "vet_consent": True}),
        ("check_in", {"token": LUCY, "booking_ref": ref, "dropped_off_by": who}),
        login("sam"),
        ("list_residents", {"token": SAM, "name": name}),
        ("log_care", {"token": SAM, "pet_id": "$list_residents.0.0", "kind": "meal", "note": "Ate all of her tea"}),
        ("record_weight", {"token": SAM, "pet_id": "$list_residents.0.0", "kg": 24.5}),
        ("report_incident", {"token": SAM, "pet_id": "$list_residents.0.0", "severity": "minor",
                             "description": "Small cut on a front pad after the exercise paddock"}),
        ("book_vet_visit", {"token": LUCY, "incident_no": INCIDENT, "practice": "Widcombe Vets", "time": "16:30"}),
        ("send_owner_update", {"token": LUCY, "booking_ref": ref, "message": "Settled in well and enjoying the paddock",
                               "photo": "paddock.jpg"}),
        ("extend_stay", {"token": LUCY, "booking_ref": ref, "new_depart": longer}),
        ("check_availability", {"type_code": kind, "arrive": TODAY, "depart": longer}, "free2"),
        ("move_unit", {"token": LUCY, "booking_ref": ref, "unit_code": "$free2.0"}),
        ("issue_bill", {"token": LUCY, "booking_ref": ref}),
        ("take_payment", {"token": LUCY, "invoice_no": "$issue_bill.invoice_no", "amount": "$issue_bill.balance",
                          "method": "card"}),
        ("check_out", {"token": LUCY, "booking_ref": ref, "collected_by": who}),
    ]
    return cut(steps, upto)


BISCUIT = [login("lucy"), ("list_bookings", {"token": LUCY, "status": "checked_in"}),
           ("issue_bill", {"token": LUCY, "booking_ref": "$list_bookings.0.0"}),
           ("take_payment", {"token": LUCY, "invoice_no": "$issue_bill.invoice_no", "amount": "$issue_bill.balance",
                             "method": "card"}),
           ("check_out", {"token": LUCY, "booking_ref": "$list_bookings.0.0", "collected_by": "Janet Price"})]
HELD = [login("lucy"), ("list_bookings", {"token": LUCY, "status": "held"})]
HELD_TAIL = {
    "take_deposit": ("take_deposit", {"token": LUCY, "booking_ref": "$list_bookings.0.0", "amount": OKAFOR_DEPOSIT,
                                      "card_last4": "9034"}),
    "amend_booking": ("amend_booking", {"token": LUCY, "booking_ref": "$list_bookings.0.0", "arrive": "2028-07-30",
                                        "depart": "2028-08-06"}),
    "cancel_booking": ("cancel_booking", {"token": LUCY, "booking_ref": "$list_bookings.0.0",
                                          "reason": "Ruth's trip is cancelled"}),
}
NEW_HELD = stay("create_booking")
NEW_TAIL = {
    "take_deposit": ("take_deposit", {"token": LUCY, "booking_ref": NEW_BOOKING, "amount": DEPOSIT - 6.0, "card_last4": "4421"}),
    "amend_booking": ("amend_booking", {"token": LUCY, "booking_ref": NEW_BOOKING, "depart": "2028-07-25"}),
    "cancel_booking": ("cancel_booking", {"token": LUCY, "booking_ref": NEW_BOOKING, "reason": "Plans changed"}),
    "get_booking": ("get_booking", {"token": LUCY, "booking_ref": NEW_BOOKING}),
}


def resident(via: str, upto: str) -> list:
    """Biscuit, staying since Tuesday: found among the residents, or listed as Janet Price's pet."""
    if via == "residents":
        steps, pet = [login("sam"), ("list_residents", {"token": SAM, "name": "Biscuit"})], "$list_residents.0.0"
    else:
        steps = [login("sam"), ("find_owner", {"token": SAM, "surname": "Price"}),
                 ("list_pets", {"token": SAM, "owner_id": "$find_owner.0.0"})]
        pet = "$list_pets.0.0"
    return steps + [{
        "log_care": ("log_care", {"token": SAM, "pet_id": pet, "kind": "medication", "note": "Apoquel with breakfast"}),
        "record_weight": ("record_weight", {"token": SAM, "pet_id": pet, "kg": 14.2}),
        "report_incident": ("report_incident", {"token": SAM, "pet_id": pet, "severity": "minor",
                                                "description": "Loose stools this morning"}),
    }[upto]]


GROOMING = [login("lucy"), ("find_owner", {"token": LUCY, "surname": "Price"}),
            ("list_pets", {"token": LUCY, "owner_id": "$find_owner.0.0"}), ("list_groom_slots", {"date": TODAY}),
            ("book_groom", {"token": LUCY, "pet_id": "$list_pets.0.0", "date": TODAY, "time": "$list_groom_slots.0",
                            "service": "bath"}),
            ("cancel_groom", {"token": LUCY, "groom_ref": GROOM})]

_BODY = [
    ("issue_bill", "take_payment", BISCUIT[:4]),
    ("issue_bill", "check_out", BISCUIT),
    ("take_payment", "check_out", BISCUIT),
    ("report_incident", "book_vet_visit", resident("residents", "report_incident") + [
        login("lucy"), ("book_vet_visit", {"token": LUCY, "incident_no": INCIDENT, "practice": "Widcombe Vets",
                                           "time": "11:00"})]),
    ("book_groom", "cancel_groom", GROOMING),
    ("list_groom_slots", "book_groom", GROOMING[:5]),
    ("list_accommodation", "check_availability", [("list_accommodation", {"species": "dog"}),
                                                  ("check_availability", {"type_code": "$list_accommodation.0.0",
                                                                          "arrive": "2028-08-01", "depart": "2028-08-08"})]),
    ("list_accommodation", "quote_stay", [("list_accommodation", {"species": "cat"}),
                                          ("quote_stay", {"type_code": "$list_accommodation.0.0", "arrive": "2028-07-29",
                                                          "depart": "2028-08-05", "pets": 1, "extras": ["brushing"]})]),
    ("check_availability", "create_booking", stay("create_booking")),
    ("check_availability", "move_unit", stay("move_unit", booking="list")),
    ("record_vaccination", "create_booking", stay("create_booking")),
    ("take_deposit", "check_in", stay("check_in")),
    ("sign_consent", "check_in", stay("check_in", booking="list")),
] + [("check_in", c, stay(c, booking="list")) for c in [
    "log_care", "record_weight", "report_incident", "send_owner_update", "extend_stay", "move_unit", "issue_bill",
    "check_out"]]

# owner numbers: Gareth Lloyd, Janet Price, the Carvers or Ruth Okafor found; Hannah Webb registered
_OWNER_TAILS = {
    "update_owner": lambda o: [("update_owner", {"token": LUCY, "owner_id": o,
                                                 "emergency_contact": "Daniel Webb 07700 900589" if o == NEW_OWNER
                                                 else "Ellie Carver 07700 900261"})],
    "list_pets": lambda o: [("list_pets", {"token": LUCY, "owner_id": o})],
    "add_pet": lambda o: [("add_pet", {"token": LUCY, "owner_id": o, **PEPPER} if o == NEW_OWNER else
                           {"token": LUCY, "owner_id": o, "name": "Tofu", "species": "cat", "breed": "Ragdoll",
                            "date_of_birth": "2027-09-12", "neutered": False})],
}
for consumer in tools.OWNER_CONSUMERS:
    if consumer == "create_booking":
        _BODY.append(("find_owner", consumer, stay(consumer, owner="find")))
        _BODY.append(("register_owner", consumer, stay(consumer, owner="register")))
        continue
    name = {"update_owner": "Carver", "list_pets": "Price", "add_pet": "Okafor"}[consumer]
    _BODY.append(("find_owner", consumer, [login("lucy"), ("find_owner", {"token": LUCY, "surname": name})]
                  + _OWNER_TAILS[consumer]("$find_owner.0.0")))
    _BODY.append(("register_owner", consumer, [login("lucy"), ("register_owner", {"token": LUCY, **WEBB})]
                  + _OWNER_TAILS[consumer](NEW_OWNER)))

# pet numbers: listed (Bramble, Biscuit) or added (Pepper for Hannah Webb, Tofu for Ruth Okafor)
LISTED = lambda surname: [login("lucy"), ("find_owner", {"token": LUCY, "surname": surname}),  # noqa: E731
                          ("list_pets", {"token": LUCY, "owner_id": "$find_owner.0.0"})]
ADDED = [login("lucy"), ("register_owner", {"token": LUCY, **WEBB}), ("add_pet", {"token": LUCY, "owner_id": NEW_OWNER, **PEPPER})]
_BODY += [
    ("list_pets", "record_vaccination", stay("record_vaccination")),
    ("add_pet", "record_vaccination", ADDED + [("record_vaccination", {"token": LUCY, "pet_id": NEW_PET, "vaccine": "DHP",
                                                                       "given_on": "2028-05-19", "vet_practice": "Widcombe Vets"})]),
    ("list_pets", "set_care_plan", LISTED("Price") + [("set_care_plan", {"token": LUCY, "pet_id": "$list_pets.0.0",
                                                                         "feeding": "Two meals, Burns adult, no treats"})]),
    ("add_pet", "set_care_plan", [login("lucy"), ("find_owner", {"token": LUCY, "surname": "Okafor"}),
                                  _OWNER_TAILS["add_pet"]("$find_owner.0.0")[0],
                                  ("set_care_plan", {"token": LUCY, "pet_id": OKAFOR_PET, "feeding": "Wet food twice a day",
                                                     "behaviour_notes": "Hides for the first day"})]),
    ("list_pets", "create_booking", stay("create_booking", owner="find")),
    ("add_pet", "create_booking", stay("create_booking", owner="register")),
    ("list_pets", "book_groom", GROOMING[:5]),
    ("add_pet", "book_groom", ADDED + [("list_groom_slots", {"date": "2028-07-24"}),
                                       ("book_groom", {"token": LUCY, "pet_id": NEW_PET, "date": "2028-07-24",
                                                       "time": "$list_groom_slots.0", "service": "full_groom"})]),
]
for consumer in tools.RESIDENT_CONSUMERS:
    _BODY.append(("list_residents", consumer, resident("residents", consumer)))
    _BODY.append(("list_pets", consumer, resident("pets", consumer)))

# booking references: R-28-0700 booked now, or found in the list
for consumer in tools.BOOKING_CONSUMERS:
    if consumer in NEW_TAIL:
        _BODY.append(("create_booking", consumer, NEW_HELD + [NEW_TAIL[consumer]]))
    else:
        _BODY.append(("create_booking", consumer, stay(consumer)))
    if consumer in HELD_TAIL:
        _BODY.append(("list_bookings", consumer, HELD + [HELD_TAIL[consumer]]))
    elif consumer == "get_booking":
        _BODY.append(("list_bookings", consumer, HELD + [("get_booking", {"token": LUCY, "booking_ref": "$list_bookings.0.0"})]))
    else:
        _BODY.append(("list_bookings", consumer, stay(consumer, booking="list")))

_OWN = {
    "desk_logout": [login("lucy"), ("desk_logout", {"token": LUCY})],
    "find_owner": [login("lucy"), ("find_owner", {"token": LUCY, "surname": "Carver"})],
    "register_owner": [login("lucy"), ("register_owner", {"token": LUCY, **WEBB})],
    "list_bookings": HELD,
    "list_residents": resident("residents", "log_care")[:2],
}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the first path above
    that ends with it."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "desk_login":
            steps = _OWN.get(consumer) or next(s for _, c, s in _BODY if c == consumer)
            out.append(("desk_login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("quote_stay", [("quote_stay", {"type_code": "KS", "arrive": TODAY, "depart": "2028-07-26", "pets": 1,
                                    "extras": ["walk"]})] + stay("create_booking")),
    ("get_booking", [login("lucy"), ("list_bookings", {"token": LUCY, "arriving_on": TODAY}),
                     ("get_booking", {"token": LUCY, "booking_ref": "$list_bookings.0.0"}),
                     ("sign_consent", {"token": LUCY, "booking_ref": "$list_bookings.0.0", "signed_by": "Tom Carver",
                                       "vet_consent": True})]),
    ("set_care_plan", [login("lucy"), ("list_bookings", {"token": LUCY, "arriving_on": TODAY}),
                       ("get_booking", {"token": LUCY, "booking_ref": "$list_bookings.0.0"}),
                       ("set_care_plan", {"token": LUCY, "pet_id": "$get_booking.pets.0.0", "feeding": "Raw food, twice daily"}),
                       ("sign_consent", {"token": LUCY, "booking_ref": "$list_bookings.0.0", "signed_by": "Tom Carver",
                                         "vet_consent": True}),
                       ("check_in", {"token": LUCY, "booking_ref": "$list_bookings.0.0", "dropped_off_by": "Tom Carver"})]),
    ("add_extra", stay("check_in", booking="list")),
    ("find_owner", [login("lucy"), ("find_owner", {"token": LUCY, "surname": "Carver"}),
                    ("list_bookings", {"token": LUCY, "arriving_on": TODAY}),
                    ("sign_consent", {"token": LUCY, "booking_ref": "$list_bookings.0.0", "signed_by": "Tom Carver",
                                      "vet_consent": True})]),
    ("send_owner_update", stay("check_out", booking="list")),
    ("record_weight", stay("check_out", owner="find")),
]
