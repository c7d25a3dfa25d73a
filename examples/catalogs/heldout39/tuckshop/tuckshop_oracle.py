"""Scripted proofs that Tuckshop's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools and reads the ``"Error:
..."`` strings they return as refusals by its own conventions; the tools are coroutine functions, so the plain oracle
has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "marnie")``) and pass ``"$marnie.token"``; replies are read by field (``"$register_family.family_id"``,
``"$add_camper.camper_id"``, ``"$book_place.booking_id"``, ``"$submit_health_form.form_id"``,
``"$add_collector.collector_id"``, ``"$cancel_booking.refund_id"``), list entries by position and field
(``"$camp_weeks.2.code"``, ``"$activity_catalogue.0.code"``, ``"$cabins.0.code"``,
``"$activity_slots.0.slot_id"``, ``"$tuck_price_list.0.code"``, ``"$find_family.0.family_id"``,
``"$find_camper.0.camper_id"``, ``"$bookings.1.booking_id"``, ``"$health_forms.0.form_id"``,
``"$refunds.0.refund_id"``) and rows of lists by position (``"$camper_record.collectors.0.0"``, a collector). The
positions follow the fresh state's order of records by id (filtered as each call asks) and of the weeks, activities,
cabins and tuck as the camp lists them. Every id, week, activity, cabin, activity slot and tuck code is read from a
reply; none is written literally (names, e-mail addresses, phone numbers,
addresses, dates of birth, allergies, medicines, GP surgeries, diets, consents, relationships, passwords, amounts,
methods, reasons, notes, results, assessors, doses, accidents, subjects and bodies are written as the staff are told
them). A step saved under a name of its own is a second call of a tool on one path.

The day: Mrs Araminta Lanchester registers, her phone number changes, she is written to and her account read; Posy is
added, booked into this week and paid for in full, given a bed in Oak; her health form is entered and cleared by the
nurse, her mother named to collect her and her consents recorded; she checks in, passes the swim test and is signed up
for kayaking, is given her syrup, stung by a wasp, has pocket money put on and buys tuck, and is collected. The nurse
clears Clemmie Gosling's form and Clemmie checks in; Clemmie may climb, and is signed up for the climbing wall. Isolde
Fairbairn's balance is paid and she checks in; Caspian Mcquarrie's aunt is named to collect him and he checks in.
Rafferty Gosling is booked for the fourth week, or that booking is cancelled; Mrs Gosling's phone number changes.
Flora Pendlebury's deposit is paid, she goes in Birch, and her health form is entered. Hugo Pendlebury's week is
cancelled and finance approves the refund, as it does Isolde's from May. Marigold Mcquarrie is added; the Arkles are
written to and the Pendleburys' account read. Elodie Arkle, at camp since this morning, passes the swim test and is
signed up for kayaking, has her cetirizine, grazes her knee, has pocket money put on, buys an ice lolly and is
collected early by her mother. The register of this week is read.
"""

import tuckshop_tools as tools

WHO = {"marnie": ("marnie.c", "Cabin-Roll-23"), "lorcan": ("lorcan.d", "Lake-Side-80"),
       "folasade": ("folasade.o", "Plaster-Box-5"), "barnaby": ("barnaby.t", "Paddle-Up-64"),
       "perpetua": ("perpetua.i", "Ledger-Camp-17"), "wilhelmina": ("wilhelmina.f", "Fox-Den-2035")}
M, F, B, P = "$marnie.token", "$folasade.token", "$barnaby.token", "$perpetua.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def camper(name: str, who: str = "marnie") -> list:
    return [sign_in(who), ("find_camper", {"token": f"${who}.token", "name": name})]


FAM = "$register_family.family_id"
POSY = "$add_camper.camper_id"
BKG = "$book_place.booking_id"
FOUND = "$find_camper.0.camper_id"
THIS_WEEK = "$camp_weeks.2.code"

# Mrs Araminta Lanchester and Posy
N = [sign_in("marnie"), ("register_family", {"token": M, "parent": "Mrs Araminta Lanchester",
                                             "email": "araminta.lanchester@example.com", "phone": "07700 900377",
                                             "address": "7 Cobbler's Row, Elderwick, EW4 2CR"})]
N_UPDATE = N + [("update_family", {"token": M, "family_id": FAM, "phone": "07700 900399"})]
N_ACCOUNT = N + [("family_account", {"token": M, "family_id": FAM})]
N_MESSAGE = N + [("message_family", {"token": M, "family_id": FAM, "subject": "Posy's week at Foxhollow",
                                     "body": "Thank you for booking; Posy is in Oak cabin and the kit list is "
                                             "attached."})]
N_CAMPER = N + [("add_camper", {"token": M, "family_id": FAM, "first_name": "Posy", "last_name": "Lanchester",
                                "date_of_birth": "2025-06-30"})]
N_RECORD = N_CAMPER + [("camper_record", {"token": M, "camper_id": POSY})]
N_BOOK = N_CAMPER + [("camp_weeks", {}), ("book_place", {"token": M, "camper_id": POSY, "week": THIS_WEEK})]
N_PAY = N_BOOK + [("take_payment", {"token": M, "booking_id": BKG, "amount": 495.0, "method": "card"})]
N_CABIN = N_PAY + [("cabins", {"token": M, "week": THIS_WEEK}),
                   ("assign_cabin", {"token": M, "booking_id": BKG, "cabin": "$cabins.0.code"})]
FORM = ("submit_health_form", {"token": M, "camper_id": POSY, "allergies": ["peanuts"],
                               "medications": ["chlorphenamine syrup"], "gp_surgery": "Elderwick Surgery",
                               "dietary": "no peanuts"})
REVIEW = ("review_health_form", {"token": F, "form_id": "$submit_health_form.form_id", "outcome": "cleared",
                                 "note": "Peanut allergy; her antihistamine syrup is kept in the nurse's room"})
COLLECTOR = ("add_collector", {"token": M, "camper_id": POSY, "name": "Mrs Araminta Lanchester",
                               "relationship": "mother", "phone": "07700 900377", "password": "Kingfisher"})
CONSENTS = ("record_consents", {"token": M, "camper_id": POSY,
                                "consents": ["photos", "water", "sun_cream", "paracetamol"]})
N_FORM = N_CAMPER + [FORM]
N_REVIEWED = N_FORM + [sign_in("folasade"), REVIEW]
N_COLLECTOR = N_CAMPER + [COLLECTOR]
N_CONSENTS = N_CAMPER + [CONSENTS]
N_ARRIVED = N_PAY + [FORM, sign_in("folasade"), REVIEW, COLLECTOR, CONSENTS,
                     ("check_in", {"token": M, "booking_id": BKG})]
N_SWIM = N_ARRIVED + [sign_in("barnaby"), ("record_swim_test", {"token": B, "camper_id": POSY, "result": "pass",
                                                                  "assessor": "Barnaby Thwaite"})]
N_KAYAK = N_SWIM + [("activity_catalogue", {}),
                    ("activity_slots", {"token": B, "week": THIS_WEEK, "activity": "$activity_catalogue.0.code"}),
                    ("sign_up_activity", {"token": B, "booking_id": BKG, "slot_id": "$activity_slots.0.slot_id"})]
N_MEDICINE = N_ARRIVED + [("give_medication", {"token": F, "camper_id": POSY, "medication": "chlorphenamine syrup",
                                               "dose": "5 ml"})]
N_ACCIDENT = N_ARRIVED + [("record_accident", {"token": F, "camper_id": POSY,
                                               "what": "Stung by a wasp on the back of her hand at lunch",
                                               "severity": "minor", "treatment": "Sting scraped off, cold compress"})]
N_TUCK = N_ARRIVED + [("top_up_pocket_money", {"token": M, "camper_id": POSY, "amount": 10.0, "method": "cash"}),
                      ("tuck_price_list", {"token": M}),
                      ("tuck_purchase", {"token": M, "camper_id": POSY,
                                         "items": ["$tuck_price_list.0.code", "$tuck_price_list.4.code"]})]
N_HOME = N_ARRIVED + [("check_out", {"token": M, "booking_id": BKG, "collector_id": "$add_collector.collector_id",
                                     "password": "Kingfisher"})]

# the campers in the fresh state: Rafferty (BKG-7701) and Clemmie Gosling (BKG-7702, form HF-402 submitted), Isolde
# Fairbairn (BKG-7703 confirmed), Caspian Mcquarrie (BKG-7704, no collector) in this week; Flora Pendlebury
# (BKG-7705 provisional, fourth week); Hugo Pendlebury (BKG-7706, fifth week); Elodie Arkle (BKG-7707 checked in,
# Rowan, 10.00 pocket money); refund RF-201 pending
CLEMMIE_FORM = [sign_in("folasade"), ("health_forms", {"token": F, "status": "submitted"}),
                ("review_health_form", {"token": F, "form_id": "$health_forms.0.form_id", "outcome": "cleared",
                                        "note": "Penicillin allergy noted; vegetarian meals"})]
CLEMMIE_IN = CLEMMIE_FORM + [sign_in("marnie"), ("bookings", {"token": M, "status": "paid"}),
                             ("check_in", {"token": M, "booking_id": "$bookings.1.booking_id"})]
CLEMMIE_CLIMB = camper("Clemmie") + [
    ("record_consents", {"token": M, "camper_id": FOUND, "consents": ["photos", "sun_cream", "heights"]}),
    sign_in("barnaby"), ("bookings", {"token": B, "status": "paid"}), ("camp_weeks", {}), ("activity_catalogue", {}),
    ("activity_slots", {"token": B, "week": THIS_WEEK, "activity": "$activity_catalogue.2.code"}),
    ("sign_up_activity", {"token": B, "booking_id": "$bookings.1.booking_id", "slot_id": "$activity_slots.0.slot_id"})]
ISOLDE_IN = [sign_in("marnie"), ("bookings", {"token": M, "status": "confirmed"}),
             ("take_payment", {"token": M, "booking_id": "$bookings.0.booking_id", "amount": 395.0, "method": "card"}),
             ("check_in", {"token": M, "booking_id": "$bookings.0.booking_id"})]
CASPIAN_IN = camper("Caspian") + [
    ("add_collector", {"token": M, "camper_id": FOUND, "name": "Miss Delphine Mcquarrie", "relationship": "aunt",
                       "phone": "07700 900313", "password": "Lighthouse"}),
    ("bookings", {"token": M, "status": "paid"}), ("check_in", {"token": M, "booking_id": "$bookings.2.booking_id"})]
RAFFERTY_WEEK4 = camper("Rafferty") + [("camp_weeks", {}),
                                       ("book_place", {"token": M, "camper_id": FOUND, "week": "$camp_weeks.3.code"})]
RAFFERTY_OFF = RAFFERTY_WEEK4 + [("cancel_booking", {"token": M, "booking_id": BKG,
                                                     "reason": "Rafferty is going to his grandparents that week "
                                                               "after all"})]
RAFFERTY_RECORD = camper("Rafferty") + [("camper_record", {"token": M, "camper_id": FOUND})]
GOSLING_PHONE = [sign_in("marnie"), ("find_family", {"token": M, "text": "Gosling"}),
                 ("update_family", {"token": M, "family_id": "$find_family.0.family_id", "phone": "07700 900341"})]
FLORA_PAID = [sign_in("marnie"), ("bookings", {"token": M, "status": "provisional"}),
              ("take_payment", {"token": M, "booking_id": "$bookings.0.booking_id", "amount": 100.0,
                                "method": "bank_transfer"})]
FLORA_BIRCH = FLORA_PAID + [("camp_weeks", {}), ("cabins", {"token": M, "week": "$camp_weeks.3.code"}),
                            ("assign_cabin", {"token": M, "booking_id": "$bookings.0.booking_id",
                                              "cabin": "$cabins.4.code"})]
FLORA_FORM = camper("Flora") + [("submit_health_form", {"token": M, "camper_id": FOUND, "allergies": [],
                                                        "medications": [], "gp_surgery": "Sallowby Health Centre"})]
HUGO_OFF = [sign_in("marnie"), ("camp_weeks", {}), ("bookings", {"token": M, "week": "$camp_weeks.4.code"}),
            ("cancel_booking", {"token": M, "booking_id": "$bookings.0.booking_id",
                                "reason": "Hugo has broken his wrist"})]
HUGO_REFUND = HUGO_OFF + [sign_in("perpetua"), ("approve_refund", {"token": P,
                                                                    "refund_id": "$cancel_booking.refund_id"})]
ISOLDE_REFUND = [sign_in("perpetua"), ("refunds", {"token": P, "status": "pending"}),
                 ("approve_refund", {"token": P, "refund_id": "$refunds.0.refund_id"})]
MARIGOLD = [sign_in("marnie"), ("find_family", {"token": M, "text": "Mcquarrie"}),
            ("add_camper", {"token": M, "family_id": "$find_family.0.family_id", "first_name": "Marigold",
                            "last_name": "Mcquarrie", "date_of_birth": "2022-10-09"})]
ARKLE_MESSAGE = [sign_in("folasade"), ("find_family", {"token": F, "text": "Arkle"}),
                 ("message_family", {"token": F, "family_id": "$find_family.0.family_id", "subject": "Elodie's knee",
                                     "body": "Elodie grazed her knee on the climbing wall steps; it is cleaned and "
                                             "plastered and she is fine."})]
PENDLEBURY_ACCOUNT = [sign_in("perpetua"), ("find_family", {"token": P, "text": "Pendlebury"}),
                      ("family_account", {"token": P, "family_id": "$find_family.0.family_id"})]
ELODIE_SWIM = camper("Elodie", "barnaby") + [("record_swim_test", {"token": B, "camper_id": FOUND, "result": "pass",
                                                                   "assessor": "Barnaby Thwaite"})]
ELODIE_KAYAK = ELODIE_SWIM + [("bookings", {"token": B, "status": "checked_in"}), ("camp_weeks", {}),
                              ("activity_catalogue", {}),
                              ("activity_slots", {"token": B, "week": THIS_WEEK,
                                                  "activity": "$activity_catalogue.0.code"}),
                              ("sign_up_activity", {"token": B, "booking_id": "$bookings.0.booking_id",
                                                    "slot_id": "$activity_slots.0.slot_id"})]
ELODIE_MEDICINE = camper("Elodie", "folasade") + [("give_medication", {"token": F, "camper_id": FOUND,
                                                                       "medication": "cetirizine", "dose": "10 mg"})]
ELODIE_KNEE = camper("Elodie", "barnaby") + [("record_accident", {"token": B, "camper_id": FOUND,
                                                                  "what": "Grazed her knee on the climbing wall steps",
                                                                  "severity": "minor",
                                                                  "treatment": "Cleaned and plastered"})]
ELODIE_TOPUP = camper("Elodie") + [("top_up_pocket_money", {"token": M, "camper_id": FOUND, "amount": 5.0,
                                                            "method": "cash"})]
ELODIE_TUCK = camper("Elodie") + [("tuck_price_list", {"token": M}),
                                  ("tuck_purchase", {"token": M, "camper_id": FOUND,
                                                     "items": ["$tuck_price_list.3.code"]})]
ELODIE_HOME = camper("Elodie") + [("camper_record", {"token": M, "camper_id": FOUND}),
                                  ("bookings", {"token": M, "status": "checked_in"}),
                                  ("check_out", {"token": M, "booking_id": "$bookings.0.booking_id",
                                                 "collector_id": "$camper_record.collectors.0.0",
                                                 "password": "Pippin"})]
REGISTER = [sign_in("marnie"), ("camp_weeks", {}), ("camp_register", {"token": M, "week": THIS_WEEK})]

_BODY = [
    # families and campers
    ("register_family", "update_family", N_UPDATE),
    ("find_family", "update_family", GOSLING_PHONE),
    ("register_family", "family_account", N_ACCOUNT),
    ("find_family", "family_account", PENDLEBURY_ACCOUNT),
    ("register_family", "message_family", N_MESSAGE),
    ("find_family", "message_family", ARKLE_MESSAGE),
    ("register_family", "add_camper", N_CAMPER),
    ("find_family", "add_camper", MARIGOLD),
    ("add_camper", "camper_record", N_RECORD),
    ("find_camper", "camper_record", RAFFERTY_RECORD),
    ("add_camper", "submit_health_form", N_FORM),
    ("find_camper", "submit_health_form", FLORA_FORM),
    ("submit_health_form", "review_health_form", N_REVIEWED),
    ("health_forms", "review_health_form", CLEMMIE_FORM),
    ("add_camper", "record_consents", N_CONSENTS),
    ("find_camper", "record_consents", cut(CLEMMIE_CLIMB, "record_consents")),
    ("add_camper", "add_collector", N_COLLECTOR),
    ("find_camper", "add_collector", cut(CASPIAN_IN, "add_collector")),
    # bookings
    ("add_camper", "book_place", N_BOOK),
    ("find_camper", "book_place", RAFFERTY_WEEK4),
    ("camp_weeks", "book_place", N_BOOK),
    ("book_place", "take_payment", N_PAY),
    ("bookings", "take_payment", FLORA_PAID),
    ("book_place", "cancel_booking", RAFFERTY_OFF),
    ("bookings", "cancel_booking", HUGO_OFF),
    ("cancel_booking", "approve_refund", HUGO_REFUND),
    ("refunds", "approve_refund", ISOLDE_REFUND),
    ("camp_weeks", "cabins", cut(FLORA_BIRCH, "cabins")),
    ("book_place", "assign_cabin", N_CABIN),
    ("bookings", "assign_cabin", FLORA_BIRCH),
    ("cabins", "assign_cabin", FLORA_BIRCH),
    ("take_payment", "assign_cabin", FLORA_BIRCH),
    # activities
    ("camp_weeks", "activity_slots", cut(ELODIE_KAYAK, "activity_slots")),
    ("activity_catalogue", "activity_slots", cut(ELODIE_KAYAK, "activity_slots")),
    ("book_place", "sign_up_activity", N_KAYAK),
    ("bookings", "sign_up_activity", ELODIE_KAYAK),
    ("activity_slots", "sign_up_activity", CLEMMIE_CLIMB),
    ("take_payment", "sign_up_activity", N_KAYAK),
    ("record_swim_test", "sign_up_activity", ELODIE_KAYAK),
    ("record_consents", "sign_up_activity", CLEMMIE_CLIMB),
    # arrival and the week at camp
    ("book_place", "check_in", N_ARRIVED),
    ("bookings", "check_in", CLEMMIE_IN),
    ("take_payment", "check_in", ISOLDE_IN),
    ("review_health_form", "check_in", CLEMMIE_IN),
    ("add_collector", "check_in", CASPIAN_IN),
    ("add_camper", "record_swim_test", N_SWIM),
    ("find_camper", "record_swim_test", ELODIE_SWIM),
    ("check_in", "record_swim_test", N_SWIM),
    ("add_camper", "give_medication", N_MEDICINE),
    ("find_camper", "give_medication", ELODIE_MEDICINE),
    ("check_in", "give_medication", N_MEDICINE),
    ("add_camper", "record_accident", N_ACCIDENT),
    ("find_camper", "record_accident", ELODIE_KNEE),
    ("check_in", "record_accident", N_ACCIDENT),
    ("add_camper", "top_up_pocket_money", cut(N_TUCK, "top_up_pocket_money")),
    ("find_camper", "top_up_pocket_money", ELODIE_TOPUP),
    ("add_camper", "tuck_purchase", N_TUCK),
    ("find_camper", "tuck_purchase", ELODIE_TUCK),
    ("tuck_price_list", "tuck_purchase", ELODIE_TUCK),
    ("top_up_pocket_money", "tuck_purchase", N_TUCK),
    ("check_in", "tuck_purchase", N_TUCK),
    ("camp_weeks", "camp_register", REGISTER),
    ("book_place", "check_out", N_HOME),
    ("bookings", "check_out", ELODIE_HOME),
    ("add_collector", "check_out", N_HOME),
    ("camper_record", "check_out", ELODIE_HOME),
    ("check_in", "check_out", N_HOME),
]

_OWN = {"sign_out": [sign_in("wilhelmina"), ("sign_out", {"token": "$wilhelmina.token"})]}


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
    # the activity catalogue before Elodie Arkle is given her cetirizine
    ("activity_catalogue", ELODIE_MEDICINE[:2] + [("activity_catalogue", {}), ELODIE_MEDICINE[-1]]),
    # the tuck price list before Clemmie Gosling's health form is reviewed
    ("tuck_price_list", CLEMMIE_FORM[:2] + [("tuck_price_list", {"token": F}), CLEMMIE_FORM[-1]]),
    # this week's register before the refund for Isolde Fairbairn's first week is approved
    ("camp_register", ISOLDE_REFUND[:2] + [("camp_weeks", {}), ("camp_register", {"token": P, "week": THIS_WEEK}),
                                           ISOLDE_REFUND[-1]]),
    # the health forms before Flora Pendlebury's deposit is taken
    ("health_forms", FLORA_PAID[:2] + [("health_forms", {"token": M}), FLORA_PAID[-1]]),
    # the Fairbairns are written to before Isolde checks in
    ("message_family", ISOLDE_IN[:1] + [("find_family", {"token": M, "text": "Fairbairn"}),
                                        ("message_family", {"token": M, "family_id": "$find_family.0.family_id",
                                                            "subject": "Isolde's arrival",
                                                            "body": "We look forward to seeing Isolde this "
                                                                    "afternoon."})] + ISOLDE_IN[1:]),
    # the Arkles' family is looked up before Elodie's pocket money is topped up
    ("find_family", ELODIE_TOPUP[:2] + [("find_family", {"token": M, "text": "Arkle"}), ELODIE_TOPUP[-1]]),
    # this week's cabins before Elodie's grazed knee is written up
    ("cabins", ELODIE_KNEE[:2] + [("camp_weeks", {}), ("cabins", {"token": B, "week": THIS_WEEK}), ELODIE_KNEE[-1]]),
    # this week's activity slots before Caspian Mcquarrie checks in
    ("activity_slots", CASPIAN_IN[:4] + [("camp_weeks", {}),
                                         ("activity_slots", {"token": M, "week": THIS_WEEK})] + CASPIAN_IN[4:]),
]
