"""Scripted proofs that Bellwether's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the coroutines and records the built-in
exceptions the tools raise as errors; the raw replies are coroutines, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "emyr")``) and pass ``"$emyr.token"``; replies are read by field (``"$register_farm.farm_id"``,
``"$add_flock.flock_id"``, ``"$request_shearing.booking_id"``, ``"$schedule_run.run_id"``,
``"$consign_wool.consignment_id"``, ``"$raise_invoice.invoice_id"``), list entries by position and field
(``"$find_farm.0.farm_id"``, ``"$price_list.0.code"``, ``"$wool_depots.1.code"``, ``"$bookings.0.booking_id"``,
``"$runs.0.run_id"``, ``"$shearers.4.shearer_id"``, ``"$trailers.1.trailer_id"``,
``"$consignments.0.consignment_id"``, ``"$invoices.0.invoice_id"``) and rows of lists by position
(``"$farm_account.flocks.0.0"``, a flock id). The positions follow the fresh state's order of records by id (filtered
as each call asks), of ``SERVICES`` and of ``DEPOTS``. Every id, service code and depot code is read from a reply;
none is written literally (farm and farmer names, phone numbers, e-mail addresses, addresses and postcodes, holding
numbers and wool registrations, breeds and head, scab, lice and treatment dates, weeks and days, reasons, head
tallied, wool packs, amounts and methods, hauliers and texts are written as the staff are told them). A step saved
under a name of its own is a second call of a tool on one path.

The day: Mrs Nerys Watkin's farm, Bryn Eithin, is registered, its wool registration put on file, its account read and
its farmer texted; her Welsh Mountain flock is added, its health declared and its ewes, shearlings and rams booked for
next week, the run scheduled for the Wednesday, or the booking cancelled. Eleri Mostyn's Tyddyn Mawr ewes are
scheduled for today, Liam and Hywel put on the crew (or Liam taken off again), the 3-stand trailer booked, the run
confirmed, tallied, closed, its wool recorded and consigned to Llanidloes and its collection booked, the farm
invoiced (the invoice paid, or credited) and the shearers paid; on other paths the run is postponed for wet sheep or
cancelled. At Cefn Llwyd Matiu joins the crew, the 4-stand trailer is booked, the run confirmed, Tomos's rams tallied
and the run closed; on other paths Kiri is taken off, or the run put off to Friday for the weather, or cancelled.
Yesterday's Blaen-y-cwm wool is recorded, Iestyn Bevan's wool registration put on file and his wool consigned to
Brecon, the run invoiced and its shearers paid. Cae Coch's payment is recorded against its June invoice, or a credit
note issued; its wool collection is booked; its July booking for the rams is cancelled; a new flock of tups is added
and its flock's health declared again. Cefn Llwyd's account is read and its crutching booked for September; Tyddyn
Mawr is texted; Tomos's day sheet for yesterday is read.
"""

import bellwether_tools as tools

WHO = {"catrin": ("catrin.b", "Wool-Sheet-88"), "emyr": ("emyr.v", "Handpiece-12"),
       "llinos": ("llinos.m", "Tally-Book-5"), "arwel": ("arwel.g", "Pengarth-1979")}
C, E, LM = "$catrin.token", "$emyr.token", "$llinos.token"
TODAY = "2034-06-20"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def farm(text: str, who: str = "catrin") -> list:
    return [sign_in(who), ("find_farm", {"token": f"${who}.token", "text": text})]


FOUND = "$find_farm.0.farm_id"
BRYN = "$register_farm.farm_id"
FLOCK = "$add_flock.flock_id"

# Mrs Nerys Watkin's farm, Bryn Eithin
NF = [sign_in("catrin"),
      ("register_farm", {"token": C, "name": "Bryn Eithin", "farmer": "Mrs Nerys Watkin", "phone": "07700 900845",
                         "email": "nerys.watkin@example.com", "address": "Bryn Eithin, Llangadfan",
                         "postcode": "SY21 0BE", "cph": "51/152/4471"})]
NF_UPDATE = NF + [("update_farm", {"token": C, "farm_id": BRYN, "wool_registration": "BW 431870"})]
NF_ACCOUNT = NF + [("farm_account", {"token": C, "farm_id": BRYN})]
NF_TEXT = NF + [("text_farmer", {"token": C, "farm_id": BRYN,
                                 "message": "Pengarth Shearing: you're on our books. We'll text the day next week."})]
NF_FLOCK = NF + [("add_flock", {"token": C, "farm_id": BRYN, "breed": "Welsh Mountain", "ewes": 150,
                                "shearlings": 30, "rams": 3})]
NF_HEALTH = NF_FLOCK + [("record_flock_health", {"token": C, "flock_id": FLOCK, "scab": "clear", "lice": False,
                                                 "last_treated": "2034-04-18"})]
NF_BOOKED = NF_HEALTH + [("price_list", {}),
                         ("request_shearing", {"token": C, "farm_id": BRYN, "flock_id": FLOCK,
                                               "services": ["$price_list.0.code", "$price_list.1.code",
                                                            "$price_list.2.code"],
                                               "week_commencing": "2034-06-26"})]
NF_SCHEDULED = NF_BOOKED + [("schedule_run", {"token": C, "booking_id": "$request_shearing.booking_id",
                                              "date": "2034-06-28"})]
NF_CANCELLED = NF_BOOKED + [("cancel_booking", {"token": C, "booking_id": "$request_shearing.booking_id",
                                                "reason": "Her son is shearing them himself this year"})]

# the fresh state: FA-301 Cefn Llwyd (FL-501, run RN-901 today, crew SR-11 and SR-12), FA-302 Tyddyn Mawr (BK-702
# requested for this week), FA-303 Blaen-y-cwm (RN-900 shorn yesterday, no wool registration), FA-304 Cae Coch
# (invoice IN-4410 unpaid, consignment CN-6600 awaiting collection, BK-703 for its rams in July); shearers SR-11 to
# SR-16; trailers TR-1 (4 stands), TR-2 (3), TR-3 (2)
RUN = "$schedule_run.run_id"
TY = [sign_in("emyr"), ("bookings", {"token": E, "status": "requested"}),
      ("schedule_run", {"token": E, "booking_id": "$bookings.0.booking_id", "date": TODAY})]
TY_CREW = TY + [("shearers", {"token": E}),
                ("assign_shearer", {"token": E, "run_id": RUN, "shearer_id": "$shearers.4.shearer_id"}),
                ("assign_shearer", {"token": E, "run_id": RUN, "shearer_id": "$shearers.5.shearer_id"},
                 "second_shearer")]
TY_REMOVED = TY_CREW + [("remove_shearer", {"token": E, "run_id": RUN, "shearer_id": "$shearers.4.shearer_id"})]
TY_TRAILER = TY_CREW + [("trailers", {"token": E, "date": TODAY}),
                        ("book_trailer", {"token": E, "run_id": RUN, "trailer_id": "$trailers.1.trailer_id"})]
TY_CONFIRMED = TY_TRAILER + [("confirm_run", {"token": E, "run_id": RUN})]
TY_TALLIED = TY_CONFIRMED + [
    ("price_list", {}),
    ("record_tally", {"token": E, "run_id": RUN, "shearer_id": "$shearers.4.shearer_id",
                      "service": "$price_list.0.code", "head": 130}),
    ("record_tally", {"token": E, "run_id": RUN, "shearer_id": "$shearers.5.shearer_id",
                      "service": "$price_list.0.code", "head": 130}, "second_tally")]
TY_SHORN = TY_TALLIED + [("close_run", {"token": E, "run_id": RUN})]
TY_WOOL = TY_SHORN + [("record_wool", {"token": E, "run_id": RUN, "packs": 4})]
TY_CONSIGNED = TY_WOOL + [sign_in("catrin"), ("wool_depots", {}),
                          ("consign_wool", {"token": C, "run_id": RUN, "depot": "$wool_depots.1.code"})]
TY_COLLECTION = TY_CONSIGNED + [("book_wool_collection", {"token": C, "consignment_id": "$consign_wool.consignment_id",
                                                          "date": "2034-06-24", "haulier": "Tegid Haulage"})]
TY_INVOICED = TY_SHORN + [sign_in("llinos"), ("raise_invoice", {"token": LM, "run_id": RUN})]
TY_INVOICE_PAID = TY_INVOICED + [("record_payment", {"token": LM, "invoice_id": "$raise_invoice.invoice_id",
                                                     "amount": 546.0, "method": "bacs"})]
TY_CREDITED = TY_INVOICED + [("credit_note", {"token": LM, "invoice_id": "$raise_invoice.invoice_id", "amount": 4.2,
                                              "reason": "Two ewes were counted twice on the tally board"})]
TY_CREW_PAID = TY_SHORN + [sign_in("llinos"), ("pay_shearers", {"token": LM, "run_id": RUN})]
TY_POSTPONED = TY + [("postpone_run", {"token": E, "run_id": RUN, "date": "2034-06-23", "reason": "wet_sheep"})]
TY_CANCELLED = TY + [("cancel_run", {"token": E, "run_id": RUN,
                                     "reason": "Eleri's sheep are still on the hill; she will ring back"})]

TODAYS = "$runs.0.run_id"
CE = [sign_in("emyr"), ("runs", {"token": E, "date": TODAY})]
CE_CREW = CE + [("shearers", {"token": E}),
                ("assign_shearer", {"token": E, "run_id": TODAYS, "shearer_id": "$shearers.2.shearer_id"})]
CE_TRAILER = CE_CREW + [("trailers", {"token": E}),
                        ("book_trailer", {"token": E, "run_id": TODAYS, "trailer_id": "$trailers.0.trailer_id"})]
CE_CONFIRMED = CE_TRAILER + [("confirm_run", {"token": E, "run_id": TODAYS})]
CE_TALLIED = CE_CONFIRMED + [("price_list", {}),
                             ("record_tally", {"token": E, "run_id": TODAYS, "shearer_id": "$shearers.0.shearer_id",
                                               "service": "$price_list.2.code", "head": 6})]
CE_SHORN = CE_TALLIED + [("close_run", {"token": E, "run_id": TODAYS})]
CE_REMOVED = CE + [("shearers", {"token": E}),
                   ("remove_shearer", {"token": E, "run_id": TODAYS, "shearer_id": "$shearers.1.shearer_id"})]
CE_POSTPONED = CE + [("postpone_run", {"token": E, "run_id": TODAYS, "date": "2034-06-23", "reason": "weather"})]
CE_CANCELLED = CE + [("cancel_run", {"token": E, "run_id": TODAYS,
                                     "reason": "Gwilym's quad bike is broken and the sheep cannot be gathered"})]
YESTERDAY = "$runs.0.run_id"
BL_WOOL = [sign_in("emyr"), ("runs", {"token": E, "date": "2034-06-19"}),
           ("record_wool", {"token": E, "run_id": YESTERDAY, "packs": 5})]
BL_CONSIGNED = BL_WOOL + farm("Blaen") + [
    ("update_farm", {"token": C, "farm_id": FOUND, "wool_registration": "BW 397104"}),
    ("wool_depots", {}),
    ("consign_wool", {"token": C, "run_id": YESTERDAY, "depot": "$wool_depots.0.code"})]
BL_INVOICED = [sign_in("llinos"), ("runs", {"token": LM, "date": "2034-06-19"}),
               ("raise_invoice", {"token": LM, "run_id": YESTERDAY})]
BL_CREW_PAID = [sign_in("llinos"), ("runs", {"token": LM, "date": "2034-06-19"}),
                ("pay_shearers", {"token": LM, "run_id": YESTERDAY})]
CC_PAYMENT = [sign_in("llinos"), ("invoices", {"token": LM, "status": "unpaid"}),
              ("record_payment", {"token": LM, "invoice_id": "$invoices.0.invoice_id", "amount": 200.0,
                                  "method": "bacs"})]
CC_CREDIT = [sign_in("llinos"), ("invoices", {"token": LM, "status": "unpaid"}),
             ("credit_note", {"token": LM, "invoice_id": "$invoices.0.invoice_id", "amount": 4.2,
                              "reason": "Charged for two ewes that were not theirs"})]
CC_COLLECTION = [sign_in("catrin"), ("consignments", {"token": C, "status": "awaiting_collection"}),
                 ("book_wool_collection", {"token": C, "consignment_id": "$consignments.0.consignment_id",
                                           "date": "2034-06-23", "haulier": "Tegid Haulage"})]
CC_RAMS_OFF = [sign_in("catrin"), ("bookings", {"token": C, "status": "requested"}),
               ("cancel_booking", {"token": C, "booking_id": "$bookings.1.booking_id",
                                   "reason": "Cae Coch are keeping the rams back this year"})]
CC_TUPS = farm("Cae Coch") + [("add_flock", {"token": C, "farm_id": FOUND, "breed": "Texel tups", "ewes": 0,
                                              "rams": 3})]
CC_HEALTH = farm("Cae Coch") + [
    ("farm_account", {"token": C, "farm_id": FOUND}),
    ("record_flock_health", {"token": C, "flock_id": "$farm_account.flocks.0.0", "scab": "treated", "lice": True,
                             "last_treated": "2034-06-18"})]
CL_ACCOUNT = farm("Cefn") + [("farm_account", {"token": C, "farm_id": FOUND})]
CL_CRUTCHING = CL_ACCOUNT + [("price_list", {}),
                             ("request_shearing", {"token": C, "farm_id": FOUND,
                                                   "flock_id": "$farm_account.flocks.0.0",
                                                   "services": ["$price_list.3.code"],
                                                   "week_commencing": "2034-09-04"})]
TM_TEXT = farm("Tyddyn") + [("text_farmer", {"token": C, "farm_id": FOUND,
                                             "message": "Pengarth Shearing: crew with you by ten today, trailer "
                                                        "in the yard please. Catrin"})]
TOMOS_SHEET = [sign_in("emyr"), ("shearers", {"token": E}),
               ("shearer_tallies", {"token": E, "shearer_id": "$shearers.0.shearer_id", "date": "2034-06-19"})]

_BODY = [
    # farms and flocks
    ("register_farm", "update_farm", NF_UPDATE),
    ("find_farm", "update_farm", cut(BL_CONSIGNED, "update_farm")),
    ("register_farm", "farm_account", NF_ACCOUNT),
    ("find_farm", "farm_account", CL_ACCOUNT),
    ("register_farm", "text_farmer", NF_TEXT),
    ("find_farm", "text_farmer", TM_TEXT),
    ("register_farm", "add_flock", NF_FLOCK),
    ("find_farm", "add_flock", CC_TUPS),
    ("add_flock", "record_flock_health", NF_HEALTH),
    ("farm_account", "record_flock_health", CC_HEALTH),
    # bookings
    ("register_farm", "request_shearing", NF_BOOKED),
    ("find_farm", "request_shearing", CL_CRUTCHING),
    ("add_flock", "request_shearing", NF_BOOKED),
    ("farm_account", "request_shearing", CL_CRUTCHING),
    ("price_list", "request_shearing", NF_BOOKED),
    ("request_shearing", "schedule_run", NF_SCHEDULED),
    ("bookings", "schedule_run", TY),
    ("record_flock_health", "schedule_run", NF_SCHEDULED),
    ("request_shearing", "cancel_booking", NF_CANCELLED),
    ("bookings", "cancel_booking", CC_RAMS_OFF),
    # runs and crews
    ("schedule_run", "assign_shearer", cut(TY_CREW, "assign_shearer")),
    ("runs", "assign_shearer", CE_CREW),
    ("shearers", "assign_shearer", cut(TY_CREW, "assign_shearer")),
    ("schedule_run", "remove_shearer", TY_REMOVED),
    ("runs", "remove_shearer", CE_REMOVED),
    ("shearers", "remove_shearer", CE_REMOVED),
    ("assign_shearer", "remove_shearer", TY_REMOVED),
    ("schedule_run", "book_trailer", TY_TRAILER),
    ("runs", "book_trailer", CE_TRAILER),
    ("trailers", "book_trailer", TY_TRAILER),
    ("schedule_run", "confirm_run", TY_CONFIRMED),
    ("runs", "confirm_run", CE_CONFIRMED),
    ("assign_shearer", "confirm_run", TY_CONFIRMED),
    ("book_trailer", "confirm_run", TY_CONFIRMED),
    ("schedule_run", "postpone_run", TY_POSTPONED),
    ("runs", "postpone_run", CE_POSTPONED),
    ("schedule_run", "cancel_run", TY_CANCELLED),
    ("runs", "cancel_run", CE_CANCELLED),
    ("schedule_run", "record_tally", cut(TY_TALLIED, "record_tally")),
    ("runs", "record_tally", CE_TALLIED),
    ("shearers", "record_tally", CE_TALLIED),
    ("price_list", "record_tally", CE_TALLIED),
    ("assign_shearer", "record_tally", cut(TY_TALLIED, "record_tally")),
    ("confirm_run", "record_tally", CE_TALLIED),
    ("shearers", "shearer_tallies", TOMOS_SHEET),
    ("schedule_run", "close_run", TY_SHORN),
    ("runs", "close_run", CE_SHORN),
    ("record_tally", "close_run", TY_SHORN),
    # wool
    ("schedule_run", "record_wool", TY_WOOL),
    ("runs", "record_wool", BL_WOOL),
    ("close_run", "record_wool", TY_WOOL),
    ("schedule_run", "consign_wool", TY_CONSIGNED),
    ("runs", "consign_wool", BL_CONSIGNED),
    ("record_wool", "consign_wool", TY_CONSIGNED),
    ("wool_depots", "consign_wool", BL_CONSIGNED),
    ("update_farm", "consign_wool", BL_CONSIGNED),
    ("consign_wool", "book_wool_collection", TY_COLLECTION),
    ("consignments", "book_wool_collection", CC_COLLECTION),
    # accounts
    ("schedule_run", "raise_invoice", TY_INVOICED),
    ("runs", "raise_invoice", BL_INVOICED),
    ("close_run", "raise_invoice", TY_INVOICED),
    ("raise_invoice", "record_payment", TY_INVOICE_PAID),
    ("invoices", "record_payment", CC_PAYMENT),
    ("raise_invoice", "credit_note", TY_CREDITED),
    ("invoices", "credit_note", CC_CREDIT),
    ("schedule_run", "pay_shearers", TY_CREW_PAID),
    ("runs", "pay_shearers", BL_CREW_PAID),
    ("close_run", "pay_shearers", TY_CREW_PAID),
]

_OWN = {"sign_out": [sign_in("arwel"), ("sign_out", {"token": "$arwel.token"})]}


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
    # the trailers are looked at before Kiri is taken off the Cefn Llwyd run
    ("trailers", CE_REMOVED[:3] + [("trailers", {"token": E}), CE_REMOVED[-1]]),
    # the price list is read before Bryn Eithin's flock is added
    ("price_list", NF + [("price_list", {}), NF_FLOCK[-1]]),
    # the depots are read before Bryn Eithin's farmer is texted
    ("wool_depots", NF + [("wool_depots", {}), NF_TEXT[-1]]),
    # the depots are read before yesterday's wool is recorded
    ("wool_depots", BL_WOOL[:2] + [("wool_depots", {}), BL_WOOL[-1]]),
    # Cefn Llwyd is looked up before its run is put off
    ("find_farm", CE_POSTPONED[:2] + [("find_farm", {"token": E, "text": "Cefn"}), CE_POSTPONED[-1]]),
    # Tyddyn Mawr is texted before its run is postponed
    ("text_farmer", TY + [("text_farmer", {"token": E, "farm_id": "$bookings.0.farm_id",
                                           "message": "Pengarth Shearing: sheep too wet today, we'll come Friday."}),
                          TY_POSTPONED[-1]]),
    # Blaen-y-cwm is looked up before yesterday's run is invoiced
    ("find_farm", BL_INVOICED[:2] + [("find_farm", {"token": LM, "text": "Blaen"}), BL_INVOICED[-1]]),
    # Cae Coch's account is read before its wool collection is booked
    ("farm_account", CC_COLLECTION[:2] + [("find_farm", {"token": C, "text": "Cae Coch"}),
                                          ("farm_account", {"token": C, "farm_id": FOUND}), CC_COLLECTION[-1]]),
]
