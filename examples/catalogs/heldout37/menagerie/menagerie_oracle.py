"""Scripted proofs that Menagerie's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the ``"Error: ..."`` strings the tools return
as refusals by itself; the replies are dataclasses, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "yusuf")``) and pass ``"$yusuf.token"``; replies are read by field (``"$register_visitor.visitor_id"``,
``"$book_experience.booking_id"``, ``"$adopt_animal.adoption_id"``, ``"$request_vet_check.check_id"``,
``"$prescribe.prescription_id"``), list entries by position and field (``"$find_animal.0.animal_id"``,
``"$find_visitor.0.visitor_id"``, ``"$enclosures.1.code"``, ``"$experiences.3.code"``,
``"$experience_sessions.1.session_id"``, ``"$keepers.0.keeper_id"``, ``"$bookings.0.booking_id"``,
``"$vet_checks.1.check_id"``, ``"$adoptions.1.adoption_id"``), a list field by position (``"$diet_sheet.items.0"``, a
diet item) and rows of lists by position (``"$animal_record.prescriptions.0.0"``, a prescription id). The positions
follow the fresh state's order of records by id (filtered as each call asks), of the enclosures by code and of
``EXPERIENCES``. Every id, enclosure code, experience code and diet item is read from a reply; none is written literally
(names, e-mail addresses, phone numbers, postcodes, addresses, participants and ages, weights, behaviours and notes,
reasons and priorities, findings and outcomes, drugs, doses and days, amounts, methods, packages, gift recipients,
subjects and bodies are written as the staff are told them). A step saved under a name of its own is a second call of
a tool on one path.

The day: Mrs Olwen Prydderch registers; Yusuf books her and her grandson Gethin onto this afternoon's Penguin Feed,
takes payment and her waiver, puts Rob Tierney in charge of the session and checks them in; on other paths the booking
moves to the morning session or is cancelled, her address goes on file, she is written to, her account is read, and
she adopts Ziggy the penguin for Gethin, whose pack is posted, or the adoption cancelled. Ines completes Mango the
lemur's end-of-quarantine check and releases her, and Malcolm moves her into the Lemur Walkthrough. Kito the giraffe's
cracked hoof is checked, he is weighed and prescribed meloxicam; Juno the otter's antibiotics are prescribed and her
first dose given, and her diet sheet read; Ziggy's record is read and today's meloxicam given; Sasha is fed; Kito is
weighed; Taiga's pacing is observed; Kito's hoof is reported. Otter Creek is closed for cleaning, and reopened; the
Reptile House reopens. Mr Idris Maddox's address goes on file, his lemur booking is paid or moved to the 16th and his
adoption of Kito cancelled; Ms Poppy Threlfall's account is read, she books a lemur encounter and her penguin feed next
week is cancelled; Mr Gareth Lewsey is reminded about his waiver, which is signed; the giraffe feed gets a keeper; Mrs
Carys Whitmore's party is checked in, she adopts Juno, and her granddaughter's adoption pack of Sasha is posted; Mrs
Annika Sorensen renews her adoption of Pebble.
"""

import menagerie_tools as tools

WHO = {"kit": ("kit.b", "Meat-Wagon-11"), "rob": ("rob.t", "Sprat-Bucket-3"), "ines": ("ines.c", "Dart-Gun-Safe-8"),
       "malcolm": ("malcolm.f", "Stud-Book-1962"), "yusuf": ("yusuf.d", "Gift-Aid-Box-5"),
       "bex": ("bex.c", "Penguin-Parade-2"), "gillian": ("gillian.h", "Wyvern-Gate-40")}
K, RB, I, M, Y, B = "$kit.token", "$rob.token", "$ines.token", "$malcolm.token", "$yusuf.token", "$bex.token"
TODAY = "2034-08-02"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def animal(text: str, who: str) -> list:
    return [sign_in(who), ("find_animal", {"token": f"${who}.token", "text": text})]


def visitor(text: str, who: str = "yusuf") -> list:
    return [sign_in(who), ("find_visitor", {"token": f"${who}.token", "text": text})]


BEAST = "$find_animal.0.animal_id"
FOUND = "$find_visitor.0.visitor_id"
OLWEN = "$register_visitor.visitor_id"
HER_BOOKING = "$book_experience.booking_id"

# Mrs Olwen Prydderch and her grandson Gethin
O = [sign_in("yusuf"),
     ("register_visitor", {"token": Y, "name": "Mrs Olwen Prydderch", "email": "olwen.prydderch@example.com",
                           "phone": "07700 980340", "postcode": "WY4 7TB"})]
ADDRESS = ("update_visitor", {"token": Y, "visitor_id": OLWEN, "address": "Ty Gwyn, Brook Lane, Wyvernham"})
O_UPDATE = O + [ADDRESS]
O_ACCOUNT = O + [("visitor_account", {"token": Y, "visitor_id": OLWEN})]
O_MESSAGE = O + [("message_visitor", {"token": Y, "visitor_id": OLWEN, "subject": "Your Penguin Feed this afternoon",
                                      "body": "Please meet Rob at the Penguin Cove gate at five to three; wear shoes "
                                              "you don't mind getting wet."})]
O_BOOK = O + [("experiences", {}),
              ("experience_sessions", {"token": Y, "experience_code": "$experiences.3.code", "date": TODAY}),
              ("book_experience", {"token": Y, "session_id": "$experience_sessions.1.session_id", "visitor_id": OLWEN,
                                   "participants": ["Olwen Prydderch", "Gethin Prydderch"], "youngest_age": 10})]
O_PAY = O_BOOK + [("pay_booking", {"token": Y, "booking_id": HER_BOOKING, "amount": 90.0, "method": "card"})]
O_WAIVER = O_BOOK + [("record_waiver", {"token": Y, "booking_id": HER_BOOKING, "signed_by": "Olwen Prydderch"})]
O_CHECKIN = O_PAY + O_WAIVER[-1:] + [
    ("keepers", {"token": Y, "section": "aquatic"}),
    ("assign_keeper", {"token": Y, "session_id": "$experience_sessions.1.session_id",
                       "keeper_id": "$keepers.0.keeper_id"}),
    ("check_in_booking", {"token": Y, "booking_id": HER_BOOKING})]
O_CANCEL = O_BOOK + [("cancel_booking", {"token": Y, "booking_id": HER_BOOKING,
                                         "reason": "Gethin has come down with a cold"})]
O_MOVE = O_BOOK + [("move_booking", {"token": Y, "booking_id": HER_BOOKING,
                                     "session_id": "$experience_sessions.0.session_id"})]
O_ADOPT = O + [("find_animal", {"token": Y, "text": "Ziggy"}),
               ("adopt_animal", {"token": Y, "visitor_id": OLWEN, "animal_id": BEAST, "package": "gold",
                                 "gift_recipient": "Gethin Prydderch"})]
O_PACK = O_ADOPT + [ADDRESS, ("send_adoption_pack", {"token": Y, "adoption_id": "$adopt_animal.adoption_id"})]
O_ADOPT_CANCEL = O_ADOPT + [("cancel_adoption", {"token": Y, "adoption_id": "$adopt_animal.adoption_id",
                                                 "reason": "Bought as a present twice by mistake"})]

# the visitors in the fresh state: VS-3301 Whitmore, VS-3302 Maddox, VS-3303 Threlfall, VS-3304 Lewsey, VS-3305
# Sorensen; bookings XB-7701 Whitmore (penguins this morning, paid, waiver, keeper), XB-7702 Maddox (lemurs today,
# provisional), XB-7703 Threlfall (penguins next week, paid), XB-7704 Lewsey (giraffes today, paid, no waiver); sessions
# XS-501 and XS-502 penguins today, XS-503 lemurs today, XS-504 giraffes today, XS-505 penguins next week, XS-507
# lemurs on the 16th; adoptions AD-201 Sorensen (Pebble, ends 19 August), AD-202 Whitmore (Sasha, pack not sent),
# AD-203 Maddox (Kito)
FENWICK_UPDATE = visitor("Maddox") + [("update_visitor", {"token": Y, "visitor_id": FOUND,
                                                           "address": "4 Orchard Terrace, Wyvernham"})]
CALLOWAY_ACCOUNT = visitor("Threlfall") + [("visitor_account", {"token": Y, "visitor_id": FOUND})]
LEWSEY_MESSAGE = visitor("Lewsey", "bex") + [("message_visitor", {"token": B, "visitor_id": FOUND,
                                                                  "subject": "Your giraffe feed today",
                                                                  "body": "Please sign the safety waiver at the "
                                                                          "Giraffe House desk before half past ten."})]
CALLOWAY_BOOK = visitor("Threlfall") + [("experiences", {}),
                                       ("experience_sessions", {"token": Y, "experience_code": "$experiences.2.code"}),
                                       ("book_experience", {"token": Y,
                                                            "session_id": "$experience_sessions.1.session_id",
                                                            "visitor_id": FOUND, "participants": ["Poppy Threlfall"],
                                                            "youngest_age": 29})]
WHITMORE_ADOPT = visitor("Whitmore") + [("find_animal", {"token": Y, "text": "otter"}),
                                        ("adopt_animal", {"token": Y, "visitor_id": FOUND, "animal_id": BEAST,
                                                          "package": "silver"})]
FENWICK_PAY = [sign_in("yusuf"), ("bookings", {"token": Y, "status": "provisional"}),
               ("pay_booking", {"token": Y, "booking_id": "$bookings.0.booking_id", "amount": 105.0,
                                "method": "voucher"})]
FENWICK_MOVE = [sign_in("yusuf"), ("bookings", {"token": Y, "status": "provisional"}), ("experiences", {}),
                ("experience_sessions", {"token": Y, "experience_code": "$experiences.2.code"}),
                ("move_booking", {"token": Y, "booking_id": "$bookings.0.booking_id",
                                  "session_id": "$experience_sessions.1.session_id"})]
LEWSEY_WAIVER = [sign_in("bex"), ("bookings", {"token": B, "status": "paid"}),
                 ("record_waiver", {"token": B, "booking_id": "$bookings.2.booking_id", "signed_by": "Gareth Lewsey"})]
WHITMORE_IN = [sign_in("bex"), ("bookings", {"token": B, "status": "paid"}),
               ("check_in_booking", {"token": B, "booking_id": "$bookings.0.booking_id"})]
CALLOWAY_CANCEL = [sign_in("yusuf"), ("bookings", {"token": Y, "status": "paid"}),
                   ("cancel_booking", {"token": Y, "booking_id": "$bookings.1.booking_id",
                                       "reason": "She has to work that day"})]
GIRAFFE_KEEPER = [sign_in("yusuf"), ("experiences", {}),
                  ("experience_sessions", {"token": Y, "experience_code": "$experiences.1.code"}),
                  ("keepers", {"token": Y, "section": "hoofstock"}),
                  ("assign_keeper", {"token": Y, "session_id": "$experience_sessions.0.session_id",
                                     "keeper_id": "$keepers.0.keeper_id"})]
SASHA_PACK = [sign_in("yusuf"), ("adoptions", {"token": Y}),
              ("send_adoption_pack", {"token": Y, "adoption_id": "$adoptions.1.adoption_id"})]
FENWICK_ADOPT_OFF = [sign_in("yusuf"), ("adoptions", {"token": Y}),
                     ("cancel_adoption", {"token": Y, "adoption_id": "$adoptions.2.adoption_id",
                                          "reason": "Moving abroad"})]
SORENSEN_RENEW = [sign_in("yusuf"), ("adoptions", {"token": Y, "expiring_by": "2034-09-01"}),
                  ("renew_adoption", {"token": Y, "adoption_id": "$adoptions.0.adoption_id"})]

# the animals: AN-1001 Sasha and AN-1009 Taiga (tigers), AN-1002 Pippin and AN-1006 Mango (lemurs, Mango in
# quarantine), AN-1003 Pebble and AN-1008 Ziggy (penguins), AN-1004 Kito (giraffe), AN-1005 Juno (otter), AN-1007
# Nandi (rhino); checks requested: 0 VC-87 Mango, 1 VC-89 Nandi; done: 0 VC-86 Ziggy, 1 VC-88 Juno
ZIGGY_RECORD = animal("Ziggy", "rob") + [("animal_record", {"token": RB, "animal_id": BEAST})]
ZIGGY_DOSE = ZIGGY_RECORD + [("give_dose", {"token": RB, "prescription_id": "$animal_record.prescriptions.0.0"})]
JUNO_DIET = animal("Juno", "rob") + [("diet_sheet", {"token": RB, "animal_id": BEAST})]
SASHA_FEED = animal("Sasha", "kit") + [("diet_sheet", {"token": K, "animal_id": BEAST}),
                                       ("log_feed", {"token": K, "animal_id": BEAST,
                                                     "items": ["$diet_sheet.items.0", "$diet_sheet.items.3"],
                                                     "notes": "Ate the lot in ten minutes"})]
KITO_WEIGHT = animal("Kito", "kit") + [("record_weight", {"token": K, "animal_id": BEAST, "kg": 812.0})]
OSKAR_OBSERVED = animal("Taiga", "kit") + [("record_observation", {"token": K, "animal_id": BEAST,
                                                                   "behaviour": "stereotypic",
                                                                   "note": "Pacing the fence line by the reserve gate "
                                                                           "for most of the morning"})]
KITO_CHECK = animal("Kito", "kit") + [("request_vet_check", {"token": K, "animal_id": BEAST,
                                                             "reason": "Cracked hoof on the right hind",
                                                             "priority": "urgent"})]
KITO_DONE = animal("Kito", "ines") + [
    ("request_vet_check", {"token": I, "animal_id": BEAST, "reason": "Cracked hoof on the right hind",
                           "priority": "urgent"}),
    ("complete_vet_check", {"token": I, "check_id": "$request_vet_check.check_id",
                            "findings": "Vertical crack, no infection; trim and pain relief", "outcome": "treatment"})]
KITO_RX = KITO_DONE + [("record_weight", {"token": I, "animal_id": BEAST, "kg": 812.0}),
                       ("prescribe", {"token": I, "check_id": "$request_vet_check.check_id", "drug": "meloxicam",
                                      "dose_mg_per_kg": 0.1, "days": 5})]
JUNO_RX = [sign_in("ines"), ("vet_checks", {"token": I, "status": "done"}),
           ("prescribe", {"token": I, "check_id": "$vet_checks.1.check_id", "drug": "amoxicillin",
                          "dose_mg_per_kg": 15.0, "days": 7})]
JUNO_DOSE = JUNO_RX + [sign_in("rob"), ("give_dose", {"token": RB, "prescription_id": "$prescribe.prescription_id"})]
MANGO_CHECKED = [sign_in("ines"), ("vet_checks", {"token": I, "status": "requested"}),
                 ("complete_vet_check", {"token": I, "check_id": "$vet_checks.0.check_id",
                                         "findings": "Bright, good weight, faecal screens clear", "outcome": "fit"})]
MANGO_RELEASED = MANGO_CHECKED + [("find_animal", {"token": I, "text": "Mango"}),
                                  ("release_from_quarantine", {"token": I, "animal_id": BEAST})]
MANGO_MOVED = MANGO_RELEASED + [sign_in("malcolm"), ("enclosures", {}),
                                ("move_animal", {"token": M, "animal_id": BEAST, "enclosure_code": "$enclosures.1.code",
                                                 "reason": "Joining Pippin's group in the walkthrough"})]
OTTERS_CLOSED = [sign_in("malcolm"), ("enclosures", {}),
                 ("close_enclosure", {"token": M, "enclosure_code": "$enclosures.2.code",
                                      "reason": "Pool drained for cleaning"})]
OTTERS_REOPENED = OTTERS_CLOSED + [("reopen_enclosure", {"token": M, "enclosure_code": "$enclosures.2.code"})]
REPTILES_REOPENED = [sign_in("malcolm"), ("enclosures", {}),
                     ("reopen_enclosure", {"token": M, "enclosure_code": "$enclosures.5.code"})]

_BODY = [
    # animals and husbandry
    ("find_animal", "animal_record", ZIGGY_RECORD),
    ("find_animal", "diet_sheet", JUNO_DIET),
    ("find_animal", "log_feed", SASHA_FEED),
    ("diet_sheet", "log_feed", SASHA_FEED),
    ("find_animal", "record_weight", KITO_WEIGHT),
    ("find_animal", "record_observation", OSKAR_OBSERVED),
    # the vets
    ("find_animal", "request_vet_check", KITO_CHECK),
    ("request_vet_check", "complete_vet_check", KITO_DONE),
    ("vet_checks", "complete_vet_check", MANGO_CHECKED),
    ("request_vet_check", "prescribe", KITO_RX),
    ("vet_checks", "prescribe", JUNO_RX),
    ("complete_vet_check", "prescribe", KITO_RX),
    ("record_weight", "prescribe", KITO_RX),
    ("prescribe", "give_dose", JUNO_DOSE),
    ("animal_record", "give_dose", ZIGGY_DOSE),
    ("find_animal", "release_from_quarantine", MANGO_RELEASED),
    ("complete_vet_check", "release_from_quarantine", MANGO_RELEASED),
    # enclosures
    ("find_animal", "move_animal", MANGO_MOVED),
    ("enclosures", "move_animal", MANGO_MOVED),
    ("complete_vet_check", "move_animal", MANGO_MOVED),
    ("release_from_quarantine", "move_animal", MANGO_MOVED),
    ("enclosures", "close_enclosure", OTTERS_CLOSED),
    ("enclosures", "reopen_enclosure", REPTILES_REOPENED),
    ("close_enclosure", "reopen_enclosure", OTTERS_REOPENED),
    # visitors
    ("register_visitor", "update_visitor", O_UPDATE),
    ("find_visitor", "update_visitor", FENWICK_UPDATE),
    ("register_visitor", "visitor_account", O_ACCOUNT),
    ("find_visitor", "visitor_account", CALLOWAY_ACCOUNT),
    ("register_visitor", "message_visitor", O_MESSAGE),
    ("find_visitor", "message_visitor", LEWSEY_MESSAGE),
    # keeper experiences
    ("experiences", "experience_sessions", cut(O_BOOK, "experience_sessions")),
    ("register_visitor", "book_experience", O_BOOK),
    ("find_visitor", "book_experience", CALLOWAY_BOOK),
    ("experience_sessions", "book_experience", O_BOOK),
    ("experience_sessions", "assign_keeper", GIRAFFE_KEEPER),
    ("keepers", "assign_keeper", GIRAFFE_KEEPER),
    ("book_experience", "pay_booking", O_PAY),
    ("bookings", "pay_booking", FENWICK_PAY),
    ("book_experience", "record_waiver", O_WAIVER),
    ("bookings", "record_waiver", LEWSEY_WAIVER),
    ("book_experience", "check_in_booking", O_CHECKIN),
    ("bookings", "check_in_booking", WHITMORE_IN),
    ("pay_booking", "check_in_booking", O_CHECKIN),
    ("record_waiver", "check_in_booking", O_CHECKIN),
    ("assign_keeper", "check_in_booking", O_CHECKIN),
    ("book_experience", "cancel_booking", O_CANCEL),
    ("bookings", "cancel_booking", CALLOWAY_CANCEL),
    ("book_experience", "move_booking", O_MOVE),
    ("bookings", "move_booking", FENWICK_MOVE),
    ("experience_sessions", "move_booking", FENWICK_MOVE),
    # adoptions
    ("register_visitor", "adopt_animal", O_ADOPT),
    ("find_visitor", "adopt_animal", WHITMORE_ADOPT),
    ("find_animal", "adopt_animal", O_ADOPT),
    ("adopt_animal", "send_adoption_pack", O_PACK),
    ("adoptions", "send_adoption_pack", SASHA_PACK),
    ("update_visitor", "send_adoption_pack", O_PACK),
    ("adopt_animal", "cancel_adoption", O_ADOPT_CANCEL),
    ("adoptions", "cancel_adoption", FENWICK_ADOPT_OFF),
    ("adoptions", "renew_adoption", SORENSEN_RENEW),
]

_OWN = {"sign_out": [sign_in("gillian"), ("sign_out", {"token": "$gillian.token"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the keeper experiences are read before Sasha is fed
    ("experiences", SASHA_FEED[:3] + [("experiences", {}), SASHA_FEED[-1]]),
    # the keepers are listed before Kito is weighed
    ("keepers", KITO_WEIGHT[:2] + [("keepers", {"token": K}), KITO_WEIGHT[-1]]),
    # the adoptions are listed before Mr Maddox's booking is paid
    ("adoptions", FENWICK_PAY[:2] + [("adoptions", {"token": Y}), FENWICK_PAY[-1]]),
    # the vet checks are read before Ms Threlfall's account
    ("vet_checks", CALLOWAY_ACCOUNT[:2] + [("vet_checks", {"token": Y}), CALLOWAY_ACCOUNT[-1]]),
    # the enclosure map is read before Juno's diet sheet
    ("enclosures", JUNO_DIET[:2] + [("enclosures", {}), JUNO_DIET[-1]]),
    # the penguin feed's sessions are read before Mrs Sorensen's adoption is renewed
    ("experience_sessions", SORENSEN_RENEW[:2] + [("experiences", {}),
                                                  ("experience_sessions", {"token": Y,
                                                                           "experience_code": "$experiences.3.code"}),
                                                  SORENSEN_RENEW[-1]]),
    # Juno's diet sheet is read before Otter Creek is closed
    ("diet_sheet", OTTERS_CLOSED[:2] + [("find_animal", {"token": M, "text": "Juno"}),
                                        ("diet_sheet", {"token": M, "animal_id": BEAST}), OTTERS_CLOSED[-1]]),
]
