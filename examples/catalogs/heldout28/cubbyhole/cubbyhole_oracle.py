"""Scripted proofs that Cubbyhole's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which converts the dataclass replies and reads
the returned ``Error: ...`` lines as refusals by its common conventions).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign in
by first name (``("sign_in", {...}, "ffion")``) and pass ``"$ffion.token"``; replies are read by field
(``"$register_child.child_id"``, ``"$add_guardian.guardian_id"``, ``"$add_collector.collector_id"``,
``"$record_consent.consent_id"``, ``"$verify_code.check_ref"``, ``"$book_sessions.booking_id"``,
``"$log_accident.accident_id"``, ``"$raise_invoice.invoice_id"``, ``"$raise_invoice.balance"``), lists by
position and field (``"$find_child.0.child_id"``, ``"$room_list.2.code"``, ``"$fee_list.0.code"``,
``"$staff_on_duty.3.staff_id"``, ``"$accidents.0.accident_id"``, ``"$invoices.0.invoice_id"``,
``"$invoices.0.balance"``) and nested lists by field, position and field
(``"$child_record.guardians.0.guardian_id"``, ``"$child_record.collectors.0.collector_id"``,
``"$child_record.consents.0.consent_id"``, ``"$child_record.bookings.0.booking_id"``). Every id is read
from a reply; none is written literally.

The day: Noah Fairweather starts in the Beech Room with his mother Laura on his record as the bill payer,
full days on Mondays, Wednesdays and Thursdays; he is signed in, has a diary entry, his grandmother Jean
Pike is authorised to collect him with a password and collects him (on another path she is taken off the
list again); on other paths he has an extra day, a peanut allergy, Kemi as his key person, a medicine
consent and a dose (or the consent withdrawn), an accident signed for by his mother, an absence, the
30 hours checked, claimed and sent with the headcount, the March invoice raised and paid (or voided),
his booking cancelled, notice given and withdrawn, his mother invited to the app and messaged there, his
father added and given an e-mail address, or he starts in the Oak Room and moves up. Freddie Osei moves
up to the Beech Room with Jordan as his key person, has Fridays added or his booking cancelled, has an
extra day today and is signed in, and has his March invoice raised. Amelia Hughes is signed in and has an
accident, an extra Wednesday, notice given; her aunt is authorised to collect her, her grandfather taken
off the list, her mother messaged on the app; her February invoice is paid. Oscar Lindqvist is absent,
has a sesame allergy, his mother is invited to the app and signs last Friday's accident form. Maisie
Cole's father is added, her mother given an e-mail address, her 30-hours code checked and claimed, her
March invoice voided and raised again. Zainab Hussain has a new consent and a dose under her old one, or
that consent withdrawn.
"""

import cubbyhole_tools as tools

WHO = {"ffion": ("ffion.l", "Crayon-Box-17"), "kemi": ("kemi.a", "Sandpit-Sun-8"), "dan": ("dan.w", "Oak-Leaf-2029"),
       "maria": ("maria.s", "Bramble-Gate-5")}
FFION, KEMI, DAN, MARIA = "$ffion.token", "$kemi.token", "$dan.token", "$maria.token"
TODAY = "2031-03-03"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


C = "$register_child.child_id"
G = "$add_guardian.guardian_id"
F = "$find_child.0.child_id"
NOAH_NEW = ("register_child", {"token": FFION, "first_name": "Noah", "last_name": "Fairweather",
                               "date_of_birth": "2028-02-10", "start_date": TODAY, "room": "$room_list.2.code"})
LAURA = ("add_guardian", {"token": FFION, "child_id": C, "name": "Ms Laura Fairweather", "relationship": "mother",
                          "phone": "07700 920451", "email": "laura.fairweather@mail.example",
                          "address": "27 Larch Avenue, Kettleby KT3 5LA", "parental_responsibility": True,
                          "bill_payer": True})
BOOK = ("book_sessions", {"token": FFION, "child_id": C, "days": ["Mon", "Wed", "Thu"], "session": "$fee_list.0.code",
                          "start": TODAY})
NOAH = [
    *sign_ins("ffion", "kemi"),
    ("room_list", {}),
    NOAH_NEW,
    LAURA,
    ("fee_list", {}),
    BOOK,
    ("sign_in_child", {"token": KEMI, "child_id": C, "dropped_off_by": "Ms Laura Fairweather"}),
    ("diary_entry", {"token": KEMI, "child_id": C, "kind": "activity",
                     "note": "Settled well after ten minutes; played in the sand tray with Oscar and ate all his lunch"}),
    ("add_collector", {"token": FFION, "child_id": C, "name": "Mrs Jean Pike", "relationship": "grandparent",
                       "password": "Bluebell", "authorised_by": G, "aged_16_or_over": True}),
    ("sign_out_child", {"token": KEMI, "child_id": C, "collected_by": "Mrs Jean Pike", "password": "Bluebell"}),
]
NOAH_COLLECTOR_OFF = cut(NOAH, "add_collector") + [
    ("remove_collector", {"token": FFION, "collector_id": "$add_collector.collector_id",
                          "reason": "Laura says her mother is going into hospital for a few weeks"})]
NOAH_RECORD = [*sign_ins("ffion"), ("room_list", {}), NOAH_NEW, ("child_record", {"token": FFION, "child_id": C})]
NOAH_EXTRA = [*sign_ins("ffion"), ("room_list", {}), NOAH_NEW, ("fee_list", {}),
              ("extra_session", {"token": FFION, "child_id": C, "date": "2031-03-04", "session": "$fee_list.0.code"})]
NOAH_ALLERGY = [*sign_ins("ffion"), ("room_list", {}), NOAH_NEW,
                ("add_allergy", {"token": FFION, "child_id": C, "allergen": "peanut", "severity": "severe",
                                 "reaction": "Swelling of the lips and a wheeze",
                                 "action_plan": "Adrenaline auto-injector in his bag; call 999, then his mother"})]
NOAH_KEY = [*sign_ins("ffion", "dan"), ("room_list", {}), NOAH_NEW, ("staff_on_duty", {"token": DAN}),
            ("assign_key_person", {"token": DAN, "child_id": C, "staff_id": "$staff_on_duty.3.staff_id"})]
NOAH_MED = cut(NOAH, "sign_in_child") + [
    ("record_consent", {"token": FFION, "child_id": C, "guardian_id": G, "medicine": "Amoxicillin", "dose": "5 ml",
                        "reason": "Ear infection, prescribed by the GP", "until": "2031-03-09"}),
    ("give_medicine", {"token": KEMI, "consent_id": "$record_consent.consent_id", "dose_given": "5 ml",
                       "witness": "Jordan Clarke"}),
]
NOAH_MED_OFF = cut(NOAH_MED, "record_consent") + [
    ("withdraw_consent", {"token": FFION, "consent_id": "$record_consent.consent_id",
                          "reason": "The GP has changed the antibiotic; Laura will bring a new form"})]
NOAH_ACCIDENT = cut(NOAH, "sign_in_child") + [
    ("log_accident", {"token": KEMI, "child_id": C, "what_happened": "Slipped on the wet floor by the water tray",
                      "injury": "Bump on the back of the head; no mark", "first_aid": "Cold compress; watched for an hour",
                      "first_aider": "Kemi Adebayo"}),
    ("parent_signature", {"token": KEMI, "accident_id": "$log_accident.accident_id",
                          "signed_by": "Ms Laura Fairweather"}),
]
NOAH_ABSENT = [*sign_ins("ffion"), ("room_list", {}), NOAH_NEW, ("fee_list", {}), BOOK,
               ("record_absence", {"token": FFION, "child_id": C, "reason": "illness",
                                   "note": "Laura rang: Noah was sick in the night"})]
NOAH_FUNDING = [
    *sign_ins("ffion", "maria"),
    ("room_list", {}),
    NOAH_NEW,
    LAURA,
    ("verify_code", {"token": FFION, "child_id": C, "eligibility_code": "50034127785", "parent_ni": "QQ 12 34 56 C"}),
    ("claim_funding", {"token": FFION, "child_id": C, "scheme": "extended_30", "hours_per_week": 30,
                       "check_ref": "$verify_code.check_ref"}),
    ("funding_claims", {"token": MARIA, "term": "summer_2031"}),
    ("submit_headcount", {"token": MARIA, "term": "summer_2031"}),
]
NOAH_INVOICE = [
    *sign_ins("ffion"),
    ("room_list", {}),
    NOAH_NEW,
    LAURA,
    ("fee_list", {}),
    BOOK,
    ("raise_invoice", {"token": FFION, "child_id": C, "month": "2031-03"}),
    ("record_payment", {"token": FFION, "invoice_id": "$raise_invoice.invoice_id", "amount": "$raise_invoice.balance",
                        "method": "bank_transfer", "reference": "FAIRWEATHER MARCH"}),
]
NOAH_VOID = cut(NOAH_INVOICE, "raise_invoice") + [
    ("void_invoice", {"token": FFION, "invoice_id": "$raise_invoice.invoice_id",
                      "reason": "Raised before his 30 hours were agreed"})]
NOAH_CANCEL = cut(NOAH, "book_sessions") + [
    ("cancel_booking", {"token": FFION, "booking_id": "$book_sessions.booking_id",
                        "reason": "Laura's shifts have changed; she will book Tuesdays and Fridays instead"})]
NOAH_NOTICE = [*sign_ins("ffion"), ("room_list", {}), NOAH_NEW,
               ("give_notice", {"token": FFION, "child_id": C, "leaving_date": "2031-04-30",
                                "reason": "The family is moving to Leeds at the end of April"}),
               ("withdraw_notice", {"token": FFION, "child_id": C})]
NOAH_APP = [*sign_ins("ffion"), ("room_list", {}), NOAH_NEW, LAURA,
            ("invite_to_app", {"token": FFION, "guardian_id": G}),
            ("message_guardian", {"token": FFION, "guardian_id": G, "channel": "app",
                                  "text": "Welcome to Bramblewood! Noah's day diary and photos will appear here."})]
NOAH_DAD = [*sign_ins("ffion"), ("room_list", {}), NOAH_NEW,
            ("add_guardian", {"token": FFION, "child_id": C, "name": "Mr Tom Fairweather", "relationship": "father",
                              "phone": "07700 920452", "parental_responsibility": True}),
            ("update_guardian", {"token": FFION, "guardian_id": G, "email": "tom.fairweather@work.example"})]
NOAH_MOVE = [*sign_ins("ffion", "dan"), ("room_list", {}),
             ("register_child", {"token": FFION, "first_name": "Noah", "last_name": "Fairweather",
                                 "date_of_birth": "2028-02-10", "start_date": TODAY, "room": "$room_list.1.code"}),
             ("move_room", {"token": DAN, "child_id": C, "room": "$room_list.2.code"})]

FREDDIE_MOVE = [*sign_ins("dan"), ("find_child", {"token": DAN, "text": "Osei"}), ("room_list", {}),
                ("move_room", {"token": DAN, "child_id": F, "room": "$room_list.2.code"}),
                ("staff_on_duty", {"token": DAN}),
                ("assign_key_person", {"token": DAN, "child_id": F, "staff_id": "$staff_on_duty.5.staff_id"})]
FREDDIE_FRI = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Osei"}), ("fee_list", {}),
               ("book_sessions", {"token": FFION, "child_id": F, "days": ["Fri"], "session": "$fee_list.0.code",
                                  "start": "2031-03-07"})]
FREDDIE_CANCEL = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Osei"}),
                  ("child_record", {"token": FFION, "child_id": F}),
                  ("cancel_booking", {"token": FFION, "booking_id": "$child_record.bookings.0.booking_id",
                                      "reason": "Mr Osei is moving Freddie to Mondays and Fridays from April"})]
FREDDIE_EXTRA = [*sign_ins("ffion", "kemi"), ("find_child", {"token": FFION, "text": "Osei"}), ("fee_list", {}),
                 ("extra_session", {"token": FFION, "child_id": F, "date": TODAY, "session": "$fee_list.0.code"}),
                 ("sign_in_child", {"token": KEMI, "child_id": F, "dropped_off_by": "Mr Kwabena Osei"})]
FREDDIE_INVOICE = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Osei"}),
                   ("raise_invoice", {"token": FFION, "child_id": F, "month": "2031-03"})]

AMELIA_RECORD = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Amelia"}),
                 ("child_record", {"token": FFION, "child_id": F})]
AMELIA_IN = [*sign_ins("kemi"), ("find_child", {"token": KEMI, "text": "Amelia"}),
             ("sign_in_child", {"token": KEMI, "child_id": F, "dropped_off_by": "Mrs Sian Hughes"}),
             ("log_accident", {"token": KEMI, "child_id": F, "what_happened": "Fell off the low climbing frame in the garden",
                               "injury": "Graze on the right palm", "first_aid": "Washed and a plaster",
                               "first_aider": "Hannah Moss"})]
AMELIA_WED = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Amelia"}), ("fee_list", {}),
              ("extra_session", {"token": FFION, "child_id": F, "date": "2031-03-05", "session": "$fee_list.0.code"})]
AMELIA_NOTICE = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Amelia"}),
                 ("give_notice", {"token": FFION, "child_id": F, "leaving_date": "2031-04-25",
                                  "reason": "Mr Hughes's job is moving to Cardiff"})]
AMELIA_AUNT = AMELIA_RECORD + [
    ("add_collector", {"token": FFION, "child_id": F, "name": "Mrs Bethan Hughes", "relationship": "aunt_or_uncle",
                       "password": "Snowdon", "authorised_by": "$child_record.guardians.0.guardian_id",
                       "aged_16_or_over": True})]
AMELIA_GLYN = AMELIA_RECORD + [
    ("remove_collector", {"token": FFION, "collector_id": "$child_record.collectors.0.collector_id",
                          "reason": "Mrs Hughes has asked that Glyn no longer collects Amelia"})]
AMELIA_MSG = AMELIA_RECORD + [
    ("message_guardian", {"token": FFION, "guardian_id": "$child_record.guardians.0.guardian_id", "channel": "app",
                          "text": "Amelia's extra Wednesday is booked; she can come in at eight as usual."})]
AMELIA_PAY = [*sign_ins("ffion"), ("invoices", {"token": FFION, "status": "issued"}),
              ("record_payment", {"token": FFION, "invoice_id": "$invoices.0.invoice_id",
                                  "amount": "$invoices.0.balance", "method": "tax_free_childcare",
                                  "reference": "TFC40219876"})]

OSCAR_OFF = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Lindqvist"}),
             ("record_absence", {"token": FFION, "child_id": F, "reason": "illness",
                                 "note": "Freya rang at 7.45: a temperature overnight"})]
OSCAR_ALLERGY = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Lindqvist"}),
                 ("add_allergy", {"token": FFION, "child_id": F, "allergen": "sesame", "severity": "mild",
                                  "reaction": "An itchy rash", "action_plan": "Sesame-free snacks; antihistamine with "
                                                                                "Freya's consent"})]
OSCAR_APP = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Lindqvist"}),
             ("child_record", {"token": FFION, "child_id": F}),
             ("invite_to_app", {"token": FFION, "guardian_id": "$child_record.guardians.0.guardian_id"})]
OSCAR_FORM = [*sign_ins("ffion"), ("accidents", {"token": FFION, "unsigned_only": True}),
              ("parent_signature", {"token": FFION, "accident_id": "$accidents.0.accident_id",
                                    "signed_by": "Ms Freya Lindqvist"})]

MAISIE_DAD = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Cole"}),
              ("add_guardian", {"token": FFION, "child_id": F, "name": "Mr Dean Cole", "relationship": "father",
                                "phone": "07700 920603", "parental_responsibility": True})]
MAISIE_EMAIL = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Cole"}),
                ("child_record", {"token": FFION, "child_id": F}),
                ("update_guardian", {"token": FFION, "guardian_id": "$child_record.guardians.0.guardian_id",
                                     "email": "kelly.cole@mail.example"})]
MAISIE_CODE = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Cole"}),
               ("verify_code", {"token": FFION, "child_id": F, "eligibility_code": "50091734452",
                                "parent_ni": "QQ 65 43 21 A"}),
               ("claim_funding", {"token": FFION, "child_id": F, "scheme": "extended_30", "hours_per_week": 30,
                                  "check_ref": "$verify_code.check_ref"})]
MAISIE_VOID = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Cole"}),
               ("invoices", {"token": FFION, "child_id": F}),
               ("void_invoice", {"token": FFION, "invoice_id": "$invoices.0.invoice_id",
                                 "reason": "Raised with Tuesdays on it; Maisie comes on Mondays and Thursdays"}),
               ("raise_invoice", {"token": FFION, "child_id": F, "month": "2031-03"})]

ZAINAB_FORM = [*sign_ins("kemi"), ("find_child", {"token": KEMI, "text": "Hussain"}),
               ("child_record", {"token": KEMI, "child_id": F}),
               ("record_consent", {"token": KEMI, "child_id": F, "guardian_id": "$child_record.guardians.0.guardian_id",
                                   "medicine": "Nurofen for infants", "dose": "2.5 ml", "reason": "Teething pain",
                                   "until": "2031-03-10"})]
ZAINAB_DOSE = [*sign_ins("kemi"), ("find_child", {"token": KEMI, "text": "Hussain"}),
               ("child_record", {"token": KEMI, "child_id": F}),
               ("sign_in_child", {"token": KEMI, "child_id": F, "dropped_off_by": "Mr Imran Hussain"}),
               ("give_medicine", {"token": KEMI, "consent_id": "$child_record.consents.0.consent_id",
                                  "dose_given": "2.5 ml", "witness": "Priya Nair"})]
ZAINAB_STOP = [*sign_ins("ffion"), ("find_child", {"token": FFION, "text": "Hussain"}),
               ("child_record", {"token": FFION, "child_id": F}),
               ("withdraw_consent", {"token": FFION, "consent_id": "$child_record.consents.0.consent_id",
                                     "reason": "Mr Hussain has brought in Nurofen instead; no more Calpol"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# children
_NEW = {"child_record": NOAH_RECORD, "move_room": NOAH_MOVE, "add_guardian": NOAH, "add_collector": NOAH,
        "add_allergy": NOAH_ALLERGY, "record_consent": NOAH_MED, "verify_code": NOAH_FUNDING,
        "claim_funding": NOAH_FUNDING, "book_sessions": NOAH, "extra_session": NOAH_EXTRA, "sign_in_child": NOAH,
        "record_absence": NOAH_ABSENT, "log_accident": NOAH_ACCIDENT, "raise_invoice": NOAH_INVOICE,
        "give_notice": NOAH_NOTICE, "assign_key_person": NOAH_KEY}
_FOUND = {"child_record": AMELIA_RECORD, "move_room": FREDDIE_MOVE, "add_guardian": MAISIE_DAD,
          "add_collector": AMELIA_AUNT, "add_allergy": OSCAR_ALLERGY, "record_consent": ZAINAB_FORM,
          "verify_code": MAISIE_CODE, "claim_funding": MAISIE_CODE, "book_sessions": FREDDIE_FRI,
          "extra_session": AMELIA_WED, "sign_in_child": AMELIA_IN, "record_absence": OSCAR_OFF,
          "log_accident": AMELIA_IN, "raise_invoice": FREDDIE_INVOICE, "give_notice": AMELIA_NOTICE,
          "assign_key_person": FREDDIE_MOVE}
for _c in tools.CHILD_CONSUMERS:
    _add("register_child", _c, cut(_NEW[_c], _c))
    _add("find_child", _c, cut(_FOUND[_c], _c))

# parents and carers
_ADDED = {"update_guardian": NOAH_DAD, "add_collector": NOAH, "record_consent": NOAH_MED, "invite_to_app": NOAH_APP,
          "message_guardian": NOAH_APP}
_RECORD = {"update_guardian": MAISIE_EMAIL, "add_collector": AMELIA_AUNT, "record_consent": ZAINAB_FORM,
           "invite_to_app": OSCAR_APP, "message_guardian": AMELIA_MSG}
for _c in tools.GUARDIAN_CONSUMERS:
    _add("add_guardian", _c, cut(_ADDED[_c], _c))
    _add("child_record", _c, cut(_RECORD[_c], _c))

# collectors, consents, accidents, bookings, invoices, staff, checks
_add("add_collector", "remove_collector", NOAH_COLLECTOR_OFF)
_add("child_record", "remove_collector", AMELIA_GLYN)
_add("record_consent", "give_medicine", NOAH_MED)
_add("child_record", "give_medicine", ZAINAB_DOSE)
_add("record_consent", "withdraw_consent", NOAH_MED_OFF)
_add("child_record", "withdraw_consent", ZAINAB_STOP)
_add("log_accident", "parent_signature", NOAH_ACCIDENT)
_add("accidents", "parent_signature", OSCAR_FORM)
_add("book_sessions", "cancel_booking", NOAH_CANCEL)
_add("child_record", "cancel_booking", FREDDIE_CANCEL)
_add("raise_invoice", "record_payment", NOAH_INVOICE)
_add("invoices", "record_payment", AMELIA_PAY)
_add("raise_invoice", "void_invoice", NOAH_VOID)
_add("invoices", "void_invoice", cut(MAISIE_VOID, "void_invoice"))
_add("staff_on_duty", "assign_key_person", NOAH_KEY)
_add("verify_code", "claim_funding", cut(NOAH_FUNDING, "claim_funding"))

# vocabularies
_add("room_list", "register_child", NOAH_RECORD[:-1])
_add("room_list", "move_room", cut(FREDDIE_MOVE, "move_room"))
_add("fee_list", "book_sessions", cut(FREDDIE_FRI, "book_sessions"))
_add("fee_list", "extra_session", AMELIA_WED)

# states
_add("book_sessions", "sign_in_child", cut(NOAH, "sign_in_child"))
_add("extra_session", "sign_in_child", FREDDIE_EXTRA)
_add("sign_in_child", "sign_out_child", NOAH)
_add("add_collector", "sign_out_child", NOAH)
_add("sign_in_child", "give_medicine", ZAINAB_DOSE)
_add("sign_in_child", "diary_entry", cut(NOAH, "diary_entry"))
_add("sign_in_child", "log_accident", AMELIA_IN)
_add("add_guardian", "claim_funding", cut(NOAH_FUNDING, "claim_funding"))
_add("add_guardian", "raise_invoice", cut(NOAH_INVOICE, "raise_invoice"))
_add("book_sessions", "raise_invoice", cut(NOAH_INVOICE, "raise_invoice"))
_add("void_invoice", "raise_invoice", MAISIE_VOID)
_add("invite_to_app", "message_guardian", NOAH_APP)
_add("give_notice", "withdraw_notice", NOAH_NOTICE)
_add("claim_funding", "submit_headcount", NOAH_FUNDING)

_OWN = {"sign_out": [sign_in("maria"), ("sign_out", {"token": MARIA})],
        "register": [sign_in("kemi"), ("register", {"token": KEMI})]}


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
    ("add_allergy", NOAH_ALLERGY + [("fee_list", {}), BOOK]),
    ("child_record", MAISIE_EMAIL[:3] + MAISIE_DAD[2:]),
    ("diary_entry", NOAH),
    ("register", [*sign_ins("kemi"), ("find_child", {"token": KEMI, "text": "Amelia"}), ("register", {"token": KEMI}),
                  AMELIA_IN[2]]),
    ("verify_code", cut(NOAH_FUNDING, "verify_code") + [("fee_list", {}), BOOK,
                                                        ("raise_invoice", {"token": FFION, "child_id": C,
                                                                           "month": "2031-03"})]),
    ("staff_on_duty", FREDDIE_FRI[:2] + [("staff_on_duty", {"token": FFION})] + FREDDIE_FRI[2:]),
    ("funding_claims", NOAH_FUNDING),
]
