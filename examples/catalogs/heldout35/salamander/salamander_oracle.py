"""Scripted proofs that Salamander's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records the ``KitchenError`` the tools raise as an
error; the tools are coroutines returning pydantic models, which the runtime awaits and converts, so the plain oracle
has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "beth")``) and pass ``"$beth.token"``; replies are read by field (``"$register_member.member_id"``,
``"$book_session.booking_id"``, ``"$book_session.deposit_due"``, ``"$assign_storage.shelf_id"``,
``"$report_damage.damage_id"``, ``"$raise_invoice.invoice_id"``, ``"$raise_invoice.total"``) and list entries by
position and field (``"$find_member.0.member_id"``, ``"$bookings.1.booking_id"``, ``"$bookings.0.deposit_due"``,
``"$kitchen_spaces.1.code"``, ``"$equipment_list.0.code"``, ``"$storage.0.shelf_id"``, ``"$damages.0.damage_id"``,
``"$invoices.0.invoice_id"``, ``"$invoices.0.total"``) and rows of lists by position (``"$bookings.0.equipment.0.0"``).
The positions follow the fresh state's order of records by id (filtered as each call asks) and of ``SPACES`` and
``EQUIPMENT``. Every id, kitchen code and equipment code is read from a reply; none is written literally (business
names, contacts, phone numbers, e-mail addresses, the certificate's holder, level, provider and date, the policy's
insurer, number, cover and end, people's names, dates and hours, units and readings, checklists, items, descriptions,
amounts, notes and reasons are written as the staff are told them). A step saved under a name of its own is a second
call of a tool on one path.

The day: Saffron Street Kitchen joins; Beth registers it and records Mr Asante's hygiene certificate and the business's
insurance, and Marta approves it. It books Hot kitchen A for Wednesday, pays the deposit and hires a blast chiller,
which is taken off again (on other paths the booking is moved, extended or cancelled); it rents a chilled shelf and
releases it; it is suspended and reinstated; its e-mail changes, it is written to and its file is read; Efua Asante is
inducted. It also books the cold prep room for this afternoon: Marta inducts Mr Asante, he is checked in, logs the
fridge, is checked out, Colm signs off the clean and Fen invoices the session, which is paid; on another path a chopping
board is damaged, charged and invoiced. Green Lane Meal Prep's phone changes, a cook's certificate is recorded, its
insurance arrives and Marta approves it; Crumb & Co's file is read, it is suspended, it books the pastry kitchen for
Friday, checks in this morning, hires a mixer, and last Friday's pastry kitchen clean is signed off and invoiced; Nonna
Rosa's is written to and rents ambient storage, pays this morning's deposit, Lucia Ferri is inducted and the team checks
in; its session in Hot kitchen B has the hot holding logged, damage reported and is checked out; its Wednesday booking
is moved, cancelled or has the combi oven taken off, and today's booking is extended; Ember & Oak pays its January
invoice and is reinstated; the mixer bowl is charged; a frozen shelf is released; Hot kitchen B's day is read.
"""

import salamander_tools as tools

WHO = {"beth": ("beth.a", "Mise-En-Place-4"), "ravi": ("ravi.k", "Walk-In-Cold-12"),
       "marta": ("marta.s", "Salamander-Grill-7"), "colm": ("colm.o", "Blue-Roll-Daily-3"),
       "fen": ("fen.w", "Ledger-Line-88"), "jules": ("jules.d", "Larkspur-2027")}
B, M, C, F = "$beth.token", "$marta.token", "$colm.token", "$fen.token"
TODAY = "2034-03-06"
PASTRY = ["ovens", "mixers", "surfaces", "sinks", "floor", "bins"]
PREP = ["surfaces", "slicers", "sinks", "floor", "bins"]


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(text: str) -> list:
    return [sign_in("beth"), ("find_member", {"token": B, "text": text})]


FOUND = "$find_member.0.member_id"
KID = "$register_member.member_id"
BOOKED = "$book_session.booking_id"

# Saffron Street Kitchen, a new member
KW = [sign_in("beth"),
      ("register_member", {"token": B, "business": "Saffron Street Kitchen", "kind": "street_food",
                           "contact": "Mr Kwame Asante", "phone": "07700 911230",
                           "email": "kwame@saffronstreet.example"})]
KW_PAPERS = KW + [
    ("record_hygiene_certificate", {"token": B, "member_id": KID, "holder": "Kwame Asante", "level": 2,
                                    "provider": "Highfield e-learning", "issued": "2033-10-11"}),
    ("record_insurance", {"token": B, "member_id": KID, "insurer": "Street Trader Cover",
                          "policy_number": "STC-60418", "cover": 5000000, "expires": "2035-02-28"}),
    sign_in("marta"),
    ("approve_member", {"token": M, "member_id": KID})]
KW_BOOK = KW_PAPERS + [
    ("kitchen_spaces", {}),
    ("book_session", {"token": B, "member_id": KID, "space_code": "$kitchen_spaces.1.code", "date": "2034-03-08",
                      "start": "12:00", "hours": 5})]
KW_DEPOSIT = KW_BOOK + [("take_deposit", {"token": B, "booking_id": BOOKED, "amount": "$book_session.deposit_due",
                                          "method": "card"})]
KW_HIRE = KW_DEPOSIT + [
    ("equipment_list", {}),
    ("hire_equipment", {"token": B, "booking_id": BOOKED, "codes": ["$equipment_list.0.code"]}),
    ("remove_equipment", {"token": B, "booking_id": BOOKED, "code": "$equipment_list.0.code"})]
KW_MOVE = KW_BOOK + [("reschedule_booking", {"token": B, "booking_id": BOOKED, "date": "2034-03-09",
                                             "start": "10:00"})]
KW_EXTEND = KW_BOOK + [("extend_booking", {"token": B, "booking_id": BOOKED, "extra_hours": 2})]
KW_CANCEL = KW_DEPOSIT + [("cancel_booking", {"token": B, "booking_id": BOOKED,
                                              "reason": "Their Wednesday event has been called off"})]
KW_TODAY = KW_PAPERS + [
    ("kitchen_spaces", {}),
    ("book_session", {"token": B, "member_id": KID, "space_code": "$kitchen_spaces.3.code", "date": TODAY,
                      "start": "12:00", "hours": 4}),
    ("take_deposit", {"token": B, "booking_id": BOOKED, "amount": "$book_session.deposit_due", "method": "card"}),
    ("record_induction", {"token": M, "member_id": KID, "person": "Kwame Asante"}),
    ("check_in", {"token": M, "booking_id": BOOKED, "people": ["Kwame Asante"]}),
    ("log_temperature", {"token": M, "booking_id": BOOKED, "unit": "fridge", "reading_c": 3.5}),
    ("check_out", {"token": M, "booking_id": BOOKED, "notes": "Sauces labelled in the chilled shelf; bins out"}),
    sign_in("colm"),
    ("sign_off_clean", {"token": C, "booking_id": BOOKED, "checklist": PREP,
                        "notes": "Slicer guard stripped and sanitised; all clear"}),
    sign_in("fen"),
    ("raise_invoice", {"token": F, "member_id": KID}),
    ("record_payment", {"token": F, "invoice_id": "$raise_invoice.invoice_id", "amount": "$raise_invoice.total",
                        "method": "card"})]
KW_DAMAGE = cut(KW_TODAY, "check_in") + [
    ("report_damage", {"token": M, "booking_id": BOOKED, "item": "Chopping board, red",
                       "description": "Split along the grain; taken out of use"}),
    sign_in("fen"),
    ("charge_damage", {"token": F, "damage_id": "$report_damage.damage_id", "amount": 14.0}),
    ("raise_invoice", {"token": F, "member_id": KID})]
KW_STORE = KW_PAPERS + [("assign_storage", {"token": B, "member_id": KID, "kind": "chilled"}),
                        ("release_storage", {"token": B, "shelf_id": "$assign_storage.shelf_id"})]
KW_EMAIL = KW + [("update_member", {"token": B, "member_id": KID, "email": "hello@saffronstreet.example"})]
KW_MESSAGE = KW + [("message_member", {"token": B, "member_id": KID, "subject": "Welcome to Larkspur Yard",
                                       "body": "Please send us your hygiene certificate and insurance schedule."})]
KW_FILE = KW + [("member_file", {"token": B, "member_id": KID})]
KW_SUSPEND = KW_PAPERS + [
    ("suspend_member", {"token": M, "member_id": KID, "reason": "Left the hot kitchen without cleaning down"}),
    ("reinstate_member", {"token": M, "member_id": KID})]
KW_INDUCT = KW + [sign_in("marta"), ("record_induction", {"token": M, "member_id": KID, "person": "Efua Asante"})]

# the members already on the books (in id order: 0 MB-1201 Crumb & Co, 1 MB-1202 Nonna Rosa's, 2 MB-1203 Green Lane,
# 3 MB-1204 Ember & Oak)
GREEN_PHONE = find("Green Lane") + [("update_member", {"token": B, "member_id": FOUND, "phone": "07700 911299"})]
GREEN_COOK = find("Green Lane") + [
    ("record_hygiene_certificate", {"token": B, "member_id": FOUND, "holder": "Joe Pike", "level": 3,
                                    "provider": "Hollinsford College", "issued": "2033-06-21"})]
GREEN = find("Green Lane") + [
    ("record_insurance", {"token": B, "member_id": FOUND, "insurer": "Hollin Insurance", "policy_number": "HI-80211",
                          "cover": 5000000, "expires": "2035-03-01"}),
    sign_in("marta"), ("approve_member", {"token": M, "member_id": FOUND})]
CRUMB_FILE = find("Crumb") + [("member_file", {"token": B, "member_id": FOUND})]
CRUMB_SUSPEND = find("Crumb") + [sign_in("marta"), ("suspend_member", {"token": M, "member_id": FOUND,
                                                                       "reason": "Allergen labels missing twice"})]
CRUMB_FRIDAY = find("Crumb") + [
    ("kitchen_spaces", {}),
    ("book_session", {"token": B, "member_id": FOUND, "space_code": "$kitchen_spaces.0.code", "date": "2034-03-10",
                      "start": "06:00", "hours": 6})]
CRUMB_TODAY = [sign_in("beth"), ("bookings", {"token": B, "date": TODAY, "status": "confirmed"}),
               ("check_in", {"token": B, "booking_id": "$bookings.0.booking_id",
                             "people": ["Aisha Bello", "Tomasz Wrona"]})]
CRUMB_MIXER = [sign_in("beth"), ("bookings", {"token": B, "status": "confirmed"}), ("equipment_list", {}),
               ("hire_equipment", {"token": B, "booking_id": "$bookings.0.booking_id",
                                   "codes": ["$equipment_list.2.code"]})]
CRUMB_CLEAN = [sign_in("colm"), ("bookings", {"token": C, "status": "awaiting_clean"}),
               ("sign_off_clean", {"token": C, "booking_id": "$bookings.0.booking_id", "checklist": PASTRY,
                                   "notes": "Deck ovens scraped, mixer guards washed; all clear"}),
               ] + find("Crumb") + [sign_in("fen"), ("raise_invoice", {"token": F, "member_id": FOUND})]
NONNA_MESSAGE = find("Nonna") + [("message_member", {"token": B, "member_id": FOUND,
                                                     "subject": "Hot kitchen B on Wednesday",
                                                     "body": "The extraction is serviced at 08:00; start at 09:00."})]
NONNA_SHELF = find("Nonna") + [("assign_storage", {"token": B, "member_id": FOUND, "kind": "ambient"})]
NONNA_TEAM = [sign_in("beth"), ("bookings", {"token": B, "date": TODAY, "status": "provisional"}),
              ("take_deposit", {"token": B, "booking_id": "$bookings.0.booking_id",
                                "amount": "$bookings.0.deposit_due", "method": "card"}),
              ("find_member", {"token": B, "text": "Nonna"}), sign_in("marta"),
              ("record_induction", {"token": M, "member_id": FOUND, "person": "Lucia Ferri"}),
              ("check_in", {"token": M, "booking_id": "$bookings.0.booking_id",
                            "people": ["Marco Ferri", "Lucia Ferri"]})]
NONNA_EXTEND = [sign_in("beth"), ("bookings", {"token": B, "date": TODAY, "status": "provisional"}),
                ("extend_booking", {"token": B, "booking_id": "$bookings.0.booking_id", "extra_hours": 2})]
IN_KITCHEN = [sign_in("marta"), ("bookings", {"token": M, "status": "in_kitchen"})]
NONNA_HOT_HOLD = IN_KITCHEN + [("log_temperature", {"token": M, "booking_id": "$bookings.0.booking_id",
                                                    "unit": "hot_hold", "reading_c": 71.5})]
NONNA_OUT = IN_KITCHEN + [("check_out", {"token": M, "booking_id": "$bookings.0.booking_id",
                                         "notes": "Ragu portioned into the freezer; hobs off"})]
NONNA_KNOB = IN_KITCHEN + [("report_damage", {"token": M, "booking_id": "$bookings.0.booking_id",
                                              "item": "Gas hob control knob",
                                              "description": "Front left knob snapped off"})]
WEDNESDAY = [sign_in("beth"), ("bookings", {"token": B, "date": "2034-03-08"})]
NONNA_MOVE = WEDNESDAY + [("reschedule_booking", {"token": B, "booking_id": "$bookings.0.booking_id",
                                                  "date": "2034-03-09", "start": "09:00"})]
NONNA_CANCEL = WEDNESDAY + [("cancel_booking", {"token": B, "booking_id": "$bookings.0.booking_id",
                                                "reason": "The wedding they were catering is postponed"})]
NONNA_OVEN = WEDNESDAY + [("remove_equipment", {"token": B, "booking_id": "$bookings.0.booking_id",
                                                "code": "$bookings.0.equipment.0.0"})]
EMBER = [sign_in("fen")] + [("find_member", {"token": F, "text": "Ember"}),
                            ("invoices", {"token": F, "member_id": FOUND, "status": "issued"}),
                            ("record_payment", {"token": F, "invoice_id": "$invoices.0.invoice_id",
                                                "amount": "$invoices.0.total", "method": "bank_transfer"}),
                            sign_in("marta"), ("reinstate_member", {"token": M, "member_id": FOUND})]
MIXER_BOWL = [sign_in("fen"), ("damages", {"token": F, "status": "reported"}),
              ("charge_damage", {"token": F, "damage_id": "$damages.0.damage_id", "amount": 28.0})]
FROZEN = [sign_in("beth"), ("storage", {"token": B, "kind": "frozen"}),
          ("release_storage", {"token": B, "shelf_id": "$storage.0.shelf_id"})]
HOT_B_DAY = [sign_in("beth"), ("kitchen_spaces", {}),
             ("availability", {"token": B, "space_code": "$kitchen_spaces.2.code", "date": TODAY})]

_BODY = [
    # members and their paperwork
    ("register_member", "update_member", KW_EMAIL),
    ("find_member", "update_member", GREEN_PHONE),
    ("register_member", "member_file", KW_FILE),
    ("find_member", "member_file", CRUMB_FILE),
    ("register_member", "message_member", KW_MESSAGE),
    ("find_member", "message_member", NONNA_MESSAGE),
    ("register_member", "record_hygiene_certificate", cut(KW_PAPERS, "record_hygiene_certificate")),
    ("find_member", "record_hygiene_certificate", GREEN_COOK),
    ("register_member", "record_insurance", cut(KW_PAPERS, "record_insurance")),
    ("find_member", "record_insurance", cut(GREEN, "record_insurance")),
    ("register_member", "approve_member", KW_PAPERS),
    ("find_member", "approve_member", GREEN),
    ("record_hygiene_certificate", "approve_member", KW_PAPERS),
    ("record_insurance", "approve_member", GREEN),
    ("register_member", "suspend_member", cut(KW_SUSPEND, "suspend_member")),
    ("approve_member", "suspend_member", cut(KW_SUSPEND, "suspend_member")),
    ("find_member", "suspend_member", CRUMB_SUSPEND),
    ("register_member", "reinstate_member", KW_SUSPEND),
    ("find_member", "reinstate_member", EMBER),
    ("suspend_member", "reinstate_member", KW_SUSPEND),
    ("record_payment", "reinstate_member", EMBER),
    ("register_member", "record_induction", KW_INDUCT),
    ("find_member", "record_induction", cut(NONNA_TEAM, "record_induction")),
    # bookings
    ("register_member", "book_session", KW_BOOK),
    ("find_member", "book_session", CRUMB_FRIDAY),
    ("approve_member", "book_session", KW_BOOK),
    ("kitchen_spaces", "book_session", CRUMB_FRIDAY),
    ("kitchen_spaces", "availability", HOT_B_DAY),
    ("book_session", "take_deposit", KW_DEPOSIT),
    ("bookings", "take_deposit", cut(NONNA_TEAM, "take_deposit")),
    ("book_session", "reschedule_booking", KW_MOVE),
    ("bookings", "reschedule_booking", NONNA_MOVE),
    ("book_session", "extend_booking", KW_EXTEND),
    ("bookings", "extend_booking", NONNA_EXTEND),
    ("book_session", "cancel_booking", KW_CANCEL),
    ("bookings", "cancel_booking", NONNA_CANCEL),
    ("book_session", "check_in", cut(KW_TODAY, "check_in")),
    ("bookings", "check_in", CRUMB_TODAY),
    ("take_deposit", "check_in", NONNA_TEAM),
    ("record_induction", "check_in", NONNA_TEAM),
    ("book_session", "log_temperature", cut(KW_TODAY, "log_temperature")),
    ("bookings", "log_temperature", NONNA_HOT_HOLD),
    ("check_in", "log_temperature", cut(KW_TODAY, "log_temperature")),
    ("book_session", "check_out", cut(KW_TODAY, "check_out")),
    ("bookings", "check_out", NONNA_OUT),
    ("check_in", "check_out", cut(KW_TODAY, "check_out")),
    ("book_session", "sign_off_clean", cut(KW_TODAY, "sign_off_clean")),
    ("bookings", "sign_off_clean", cut(CRUMB_CLEAN, "sign_off_clean")),
    ("check_out", "sign_off_clean", cut(KW_TODAY, "sign_off_clean")),
    # equipment and storage
    ("book_session", "hire_equipment", cut(KW_HIRE, "hire_equipment")),
    ("bookings", "hire_equipment", CRUMB_MIXER),
    ("equipment_list", "hire_equipment", cut(KW_HIRE, "hire_equipment")),
    ("take_deposit", "hire_equipment", cut(KW_HIRE, "hire_equipment")),
    ("book_session", "remove_equipment", KW_HIRE),
    ("bookings", "remove_equipment", NONNA_OVEN),
    ("hire_equipment", "remove_equipment", KW_HIRE),
    ("register_member", "assign_storage", cut(KW_STORE, "assign_storage")),
    ("find_member", "assign_storage", NONNA_SHELF),
    ("approve_member", "assign_storage", cut(KW_STORE, "assign_storage")),
    ("assign_storage", "release_storage", KW_STORE),
    ("storage", "release_storage", FROZEN),
    # damage, invoices and payments
    ("book_session", "report_damage", cut(KW_DAMAGE, "report_damage")),
    ("bookings", "report_damage", NONNA_KNOB),
    ("check_in", "report_damage", cut(KW_DAMAGE, "report_damage")),
    ("report_damage", "charge_damage", cut(KW_DAMAGE, "charge_damage")),
    ("damages", "charge_damage", MIXER_BOWL),
    ("register_member", "raise_invoice", cut(KW_TODAY, "raise_invoice")),
    ("find_member", "raise_invoice", CRUMB_CLEAN),
    ("sign_off_clean", "raise_invoice", cut(KW_TODAY, "raise_invoice")),
    ("charge_damage", "raise_invoice", KW_DAMAGE),
    ("raise_invoice", "record_payment", KW_TODAY),
    ("invoices", "record_payment", cut(EMBER, "record_payment")),
]

_OWN = {"sign_out": [sign_in("ravi"), ("sign_out", {"token": "$ravi.token"})]}


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
    # the equipment list is read before Green Lane Meal Prep's phone number changes
    ("equipment_list", find("Green Lane") + [("equipment_list", {}), GREEN_PHONE[-1]]),
    # the kitchens are read before Crumb & Co is suspended
    ("kitchen_spaces", CRUMB_SUSPEND[:3] + [("kitchen_spaces", {}), CRUMB_SUSPEND[-1]]),
    # the storage shelves are read before the hot holding in Hot kitchen B is logged
    ("storage", IN_KITCHEN + [("storage", {"token": M}), NONNA_HOT_HOLD[-1]]),
    # the damage reports are read before Ember & Oak's January invoice is paid
    ("damages", cut(EMBER, "invoices") + [("damages", {"token": F}), cut(EMBER, "record_payment")[-1]]),
    # Hot kitchen B's day is read before Colm signs off last Friday's pastry kitchen clean
    ("availability", CRUMB_CLEAN[:2] + [("kitchen_spaces", {}),
                                        ("availability", {"token": C, "space_code": "$kitchen_spaces.2.code",
                                                          "date": TODAY}), CRUMB_CLEAN[2]]),
    # the invoices are read before a frozen shelf is released
    ("invoices", FROZEN[:2] + [("invoices", {"token": B}), FROZEN[-1]]),
    # the equipment list is read before Saffron Street Kitchen is written to
    ("equipment_list", KW + [("equipment_list", {}), KW_MESSAGE[-1]]),
]
