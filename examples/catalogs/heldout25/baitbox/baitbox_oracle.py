"""Scripted proofs that Baitbox's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records the raised ``DeskError`` as an
error; the replies are plain JSON, so the plain oracle holds over the raw functions too).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "mel")``) and pass the bare token whole (``"$mel"``); rows are
read by position (``"$find_customer.0.0"``, ``"$job_list.1.0"``, ``"$technician_board.2.0"``,
``"$product_register.2.0"``, ``"$contracts.0.0"``, ``"$bait_stations.1.0"``), dicts by key and nested rows
by key and position (``"$new_customer.customer_id"``, ``"$accept_contract.contract_id"``,
``"$install_station.station_id"``, ``"$customer_file.sites.0.0"``, ``"$customer_file.invoices.0.3"``,
``"$site_record.surveys.0.0"``, ``"$site_record.quotes.0.0"``, ``"$again.treatments.1.0"``). Numbers a tool only returns inside a sentence
are written literally: a fresh state's first new job ``PJ-20418`` (a treatment or a routine visit,
whichever the path books first) and its invoice ``IN-20418``, the new site ``ST-0432``, the new survey
``SV-0316`` and the quotes ``QC-0316`` and ``QC-0312`` (a quote takes its survey's number). Each follows
from its own counter and none exists without its call; every other id is read from a reply.

The day: Mr Owen Pryce registered with a wasp nest, the job given to Lee, its sheet, Lee on site, the
permethrin dust assessed under COSHH and used (a line entered twice and voided), the visit completed,
invoiced and paid by card, his e-mail address added and an e-mail, a call-back on Friday; Mrs Tilley's
fleas given to Gary, sprayed (the back bedroom line voided), completed, invoiced and a call-back;
Harbour Homes' bed bug job moved and called off; Mr Sowerby not in, no access and rebooked; Mrs
Varley's mice booked for Friday, moved and called off, and booked for this afternoon with Sian, who
could not get in; a text to Mrs Varley; the Crown Inn's routine visit: Sian on site, two stations
checked, one installed behind the chiller, the beer garden one taken out, completed, the licensee's
e-mail address added and the service report sent; the Crown's August invoice paid and its contract
ended; Greenway Foods' routine visit booked for this afternoon, three stations checked, one put in the
forklift route and taken out again, completed and reported; a cold store added for Greenway; the
school's survey recorded, quoted, accepted on the school's order number and its first routine visit
booked; the Marlbridge Bakehouse registered, its premises added and surveyed, quoted, accepted and its
contract ended again; Harbour Homes' Dock Street flats surveyed tomorrow, and last week's quote for
them accepted.
"""

import baitbox_tools as tools

WHO = {"mel": ("mel.o", "Bait-Desk-07"), "gary": ("gary.b", "Tamper-Proof-1"), "sian": ("sian.h", "Rodent-RSPH2"),
       "lee": ("lee.w", "Wasp-Dust-31"), "ruth": ("ruth.a", "Field-Biology-9"), "phil": ("phil.k", "Kestrel-1998")}
MEL, GARY, SIAN, LEE, RUTH = "$mel", "$gary", "$sian", "$lee", "$ruth"
TODAY = tools.TODAY
NEW_JOB = "PJ-20418"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


OP = "$new_customer.customer_id"
DUST = "$product_register.2.0"

PRYCE = [
    *sign_ins("mel", "lee"),
    ("price_list", {}),
    ("new_customer", {"token": MEL, "name": "Mr Owen Pryce", "kind": "domestic", "phone": "07700 900344",
                      "address": "12 Mill Lane, Marlbridge", "postcode": "MB4 2ML"}),
    ("book_treatment", {"token": MEL, "customer_id": OP, "pest": "wasps", "day": TODAY, "slot": "pm",
                        "notes": "Nest in the eaves above the back bedroom window; two small children in the house"}),
    ("technician_board", {"token": MEL, "day": TODAY}),
    ("assign_technician", {"token": MEL, "job_id": NEW_JOB, "tech_id": "$technician_board.2.0"}),
    ("job_sheet", {"token": MEL, "job_id": NEW_JOB}),
    ("start_visit", {"token": LEE, "job_id": NEW_JOB}),
    ("product_register", {"token": LEE, "use": "insect"}),
    ("record_coshh", {"token": LEE, "job_id": NEW_JOB, "product_code": DUST,
                      "risks": "Children and a cat in the house; dust could drift in at the bedroom window",
                      "controls": "Dust applied from outside with a lance; window kept shut for 24 hours; "
                                  "children and cat indoors"}),
    ("record_treatment", {"token": LEE, "job_id": NEW_JOB, "product_code": DUST, "quantity": 20.0,
                          "location": "Nest entrance under the eaves, back elevation"}),
    ("record_treatment", {"token": LEE, "job_id": NEW_JOB, "product_code": DUST, "quantity": 20.0,
                          "location": "Nest entrance under the eaves, back elevation"}, "again"),
    ("void_treatment", {"token": LEE, "job_id": NEW_JOB, "line": "$again.treatments.1.0",
                        "reason": "Entered twice; one application only"}),
    ("complete_visit", {"token": LEE, "job_id": NEW_JOB,
                        "findings": "Nest treated at the entrance; activity should stop within 24 hours. Keep the "
                                    "back bedroom window shut until then."}),
    ("invoice_job", {"token": MEL, "job_id": NEW_JOB}),
    ("customer_file", {"token": MEL, "customer_id": OP}),
    ("take_payment", {"token": MEL, "invoice_id": "IN-20418", "amount": "$customer_file.invoices.0.3",
                      "method": "card"}),
    ("update_customer", {"token": MEL, "customer_id": OP, "email": "owen.pryce@mail.example"}),
    ("notify_customer", {"token": MEL, "customer_id": OP, "channel": "email",
                         "message": "Thank you for your payment, Mr Pryce. If the wasps are still active on Friday, "
                                    "Lee will call back that morning at no charge."}),
    ("book_callback", {"token": MEL, "job_id": NEW_JOB, "day": "2031-09-19", "slot": "am"}),
]

JL = "$job_list.0.0"
SPRAY = "$product_register.0.0"

TILLEY = [
    *sign_ins("mel", "gary"),
    ("job_list", {"token": MEL, "status": "booked", "day": TODAY}),
    ("job_sheet", {"token": MEL, "job_id": JL}),
    ("technician_board", {"token": MEL, "day": TODAY}),
    ("assign_technician", {"token": MEL, "job_id": JL, "tech_id": "$technician_board.0.0"}),
    ("start_visit", {"token": GARY, "job_id": JL}),
    ("product_register", {"token": GARY, "use": "insect"}),
    ("record_coshh", {"token": GARY, "job_id": JL, "product_code": SPRAY,
                      "risks": "A cat in the house; fish tank in the lounge",
                      "controls": "Cat shut in the kitchen, tank covered and its pump off; rooms kept empty for "
                                  "two hours"}),
    ("record_treatment", {"token": GARY, "job_id": JL, "product_code": SPRAY, "quantity": 400.0,
                          "location": "Lounge, hall and stair carpets"}),
    ("record_treatment", {"token": GARY, "job_id": JL, "product_code": SPRAY, "quantity": 150.0,
                          "location": "Back bedroom carpet"}, "second"),
    ("void_treatment", {"token": GARY, "job_id": JL, "line": "$second.treatments.1.0",
                        "reason": "The back bedroom was locked and not treated"}),
    ("complete_visit", {"token": GARY, "job_id": JL,
                        "findings": "Carpets sprayed downstairs; vacuum daily for two weeks and do not wash the "
                                    "carpets; back bedroom not done"}),
    ("invoice_job", {"token": MEL, "job_id": JL}),
    ("book_callback", {"token": MEL, "job_id": JL, "day": "2031-09-30", "slot": "am"}),
]

HARBOUR = [*sign_ins("mel"), ("job_list", {"token": MEL, "status": "assigned", "day": "2031-09-18"}),
           ("reschedule_job", {"token": MEL, "job_id": JL, "day": "2031-09-25", "slot": "am"}),
           ("cancel_job", {"token": MEL, "job_id": JL,
                           "reason": "The tenant has moved out; the landlord is stripping the flat"})]

SOWERBY = [*sign_ins("gary", "mel"), ("job_list", {"token": GARY, "status": "assigned", "day": TODAY}),
           ("record_no_access", {"token": GARY, "job_id": "$job_list.1.0",
                                 "note": "No answer at the door or on the phone; card left through the letterbox"}),
           ("reschedule_job", {"token": MEL, "job_id": "$job_list.1.0", "day": "2031-09-17", "slot": "pm"})]

HV = "$find_customer.0.0"
VARLEY_FRIDAY = [
    *sign_ins("mel"),
    ("find_customer", {"token": MEL, "text": "Varley"}),
    ("book_treatment", {"token": MEL, "customer_id": HV, "pest": "mice", "day": "2031-09-19", "slot": "am",
                        "notes": "Mice in the garage as well now; droppings along the shelves"}),
    ("reschedule_job", {"token": MEL, "job_id": NEW_JOB, "day": "2031-09-22", "slot": "am"}),
    ("cancel_job", {"token": MEL, "job_id": NEW_JOB,
                    "reason": "She found the mice came in through a broken air brick, now mended; she will ring "
                              "again if they persist"}),
]

VARLEY_TODAY = [
    *sign_ins("mel", "sian"),
    ("find_customer", {"token": MEL, "text": "Varley"}),
    ("book_treatment", {"token": MEL, "customer_id": HV, "pest": "mice", "day": TODAY, "slot": "pm",
                        "notes": "Mice in the garage as well now; droppings along the shelves"}),
    ("technician_board", {"token": MEL, "day": TODAY}),
    ("assign_technician", {"token": MEL, "job_id": NEW_JOB, "tech_id": "$technician_board.1.0"}),
    ("record_no_access", {"token": SIAN, "job_id": NEW_JOB,
                          "note": "Garage locked and nobody in; card left"}),
]

VARLEY_TEXT = [*sign_ins("mel"), ("find_customer", {"token": MEL, "text": "Varley"}),
               ("notify_customer", {"token": MEL, "customer_id": HV, "channel": "sms",
                                    "message": "Kestrel Pest Solutions: your rat call-back is included until 23 "
                                               "September; ring us if you still see activity."})]

CR = "$find_customer.0.0"
CJ = "$job_list.0.0"
CROWN = [
    *sign_ins("sian", "mel"),
    ("job_list", {"token": SIAN, "status": "assigned", "day": TODAY}),
    ("start_visit", {"token": SIAN, "job_id": CJ}),
    ("find_customer", {"token": SIAN, "text": "Crown"}),
    ("customer_file", {"token": SIAN, "customer_id": CR}),
    ("bait_stations", {"token": SIAN, "site_id": "$customer_file.sites.0.0"}),
    ("inspect_station", {"token": SIAN, "job_id": CJ, "station_id": "$bait_stations.0.0", "activity": "none",
                         "action": "Bait untouched; block replaced"}),
    ("inspect_station", {"token": SIAN, "job_id": CJ, "station_id": "$bait_stations.1.0", "activity": "low",
                         "action": "Fresh droppings by the drop door; bait topped up"}, "cellar"),
    ("install_station", {"token": SIAN, "job_id": CJ, "station_type": "rodent_internal",
                         "location": "Kitchen, behind the walk-in chiller"}),
    ("remove_station", {"token": SIAN, "job_id": CJ, "station_id": "$bait_stations.2.0",
                        "reason": "Beer garden fence replaced; station no longer needed"}),
    ("complete_visit", {"token": SIAN, "job_id": CJ,
                        "findings": "Low activity in the cellar; fit a brush strip to the drop door. New station "
                                    "behind the chiller."}),
    ("update_customer", {"token": MEL, "customer_id": CR, "email": "dean.foley@crowninn.example"}),
    ("service_report", {"token": MEL, "job_id": CJ}),
]

CROWN_EMAIL = [*sign_ins("mel"), ("find_customer", {"token": MEL, "text": "Crown"}),
               ("update_customer", {"token": MEL, "customer_id": CR, "email": "dean.foley@crowninn.example"})]
CROWN_PAY = [*sign_ins("mel"), ("find_customer", {"token": MEL, "text": "Crown"}),
             ("customer_file", {"token": MEL, "customer_id": CR}),
             ("take_payment", {"token": MEL, "invoice_id": "$customer_file.invoices.0.0",
                               "amount": "$customer_file.invoices.0.3", "method": "bacs"})]
CROWN_END = [*sign_ins("mel"), ("contracts", {"token": MEL}),
             ("cancel_contract", {"token": MEL, "contract_id": "$contracts.0.0",
                                  "reason": "The Crown has been sold; the new owners bring their own contractor"})]

GW = NEW_JOB
GREENWAY = [
    *sign_ins("mel", "sian"),
    ("find_customer", {"token": MEL, "text": "Greenway"}),
    ("contracts", {"token": MEL, "customer_id": "$find_customer.0.0"}),
    ("technician_board", {"token": MEL, "day": TODAY}),
    ("schedule_routine_visit", {"token": MEL, "contract_id": "$contracts.0.0", "day": TODAY, "slot": "pm",
                                "tech_id": "$technician_board.1.0"}),
    ("start_visit", {"token": SIAN, "job_id": GW}),
    ("customer_file", {"token": SIAN, "customer_id": "$find_customer.0.0"}),
    ("bait_stations", {"token": SIAN, "site_id": "$customer_file.sites.0.0"}),
    ("inspect_station", {"token": SIAN, "job_id": GW, "station_id": "$bait_stations.0.0", "activity": "none",
                         "action": "Bait untouched"}),
    ("inspect_station", {"token": SIAN, "job_id": GW, "station_id": "$bait_stations.1.0", "activity": "none",
                         "action": "Bait untouched; box cleaned"}, "store"),
    ("inspect_station", {"token": SIAN, "job_id": GW, "station_id": "$bait_stations.2.0", "activity": "low",
                         "action": "Fourteen flies on the glue board; board changed"}, "flies"),
    ("install_station", {"token": SIAN, "job_id": GW, "station_type": "rodent_external",
                         "location": "Loading bay, right of the door"}),
    ("remove_station", {"token": SIAN, "job_id": GW, "station_id": "$install_station.station_id",
                        "reason": "In the forklift route; to be refitted by the wall on the next visit"}),
    ("complete_visit", {"token": SIAN, "job_id": GW,
                        "findings": "No rodent activity; low fly numbers in the packing room. Keep the roller door "
                                    "down between deliveries."}),
    ("service_report", {"token": MEL, "job_id": GW}),
]

GREENWAY_SITE = [*sign_ins("mel"), ("find_customer", {"token": MEL, "text": "Greenway"}),
                 ("add_site", {"token": MEL, "customer_id": "$find_customer.0.0", "name": "Greenway Foods cold store",
                               "address": "Unit 9, Riverside Trading Estate, Marlbridge", "postcode": "MB2 7RT",
                               "premises": "food"})]

SCHOOL = [
    *sign_ins("ruth", "mel"),
    ("find_customer", {"token": RUTH, "text": "Primary"}),
    ("customer_file", {"token": RUTH, "customer_id": "$find_customer.0.0"}),
    ("site_record", {"token": RUTH, "site_id": "$customer_file.sites.0.0"}),
    ("record_survey", {"token": RUTH, "survey_id": "$site_record.surveys.0.0",
                       "findings": "Mouse droppings in the kitchen store and under the hall stage; gaps round the "
                                   "heating pipes", "pests": ["mice"], "risk": "medium", "stations_needed": 6}),
    ("quote_contract", {"token": RUTH, "survey_id": "$site_record.surveys.0.0", "visits_per_year": 8,
                        "price_per_visit": 62.0}),
    ("accept_contract", {"token": MEL, "quote_id": "QC-0312", "signed_by": "Mrs Angela Roper, school business manager",
                         "po_number": "MBS/PO/88213"}),
    ("technician_board", {"token": MEL, "day": "2031-09-22"}),
    ("schedule_routine_visit", {"token": MEL, "contract_id": "$accept_contract.contract_id", "day": "2031-09-22",
                                "slot": "am", "tech_id": "$technician_board.0.0"}),
]

BAKEHOUSE = [
    *sign_ins("mel", "ruth"),
    ("new_customer", {"token": MEL, "name": "Marlbridge Bakehouse Ltd", "kind": "commercial", "phone": "01632 960177",
                      "address": "3 Sheep Street, Marlbridge", "postcode": "MB1 4SS",
                      "email": "orders@marlbridgebakehouse.example", "contact": "Mr Tom Haddow, director"}),
    ("add_site", {"token": MEL, "customer_id": "$new_customer.customer_id", "name": "Bakehouse and shop",
                  "address": "3 Sheep Street, Marlbridge", "postcode": "MB1 4SS", "premises": "food"}),
    ("site_record", {"token": MEL, "site_id": "ST-0432"}),
    ("bait_stations", {"token": MEL, "site_id": "ST-0432"}),
    ("book_survey", {"token": MEL, "site_id": "ST-0432", "day": TODAY, "slot": "pm"}),
    ("record_survey", {"token": RUTH, "survey_id": "SV-0316",
                       "findings": "Cockroaches behind the proving cabinet; mouse droppings in the flour store",
                       "pests": ["mice", "cockroaches"], "risk": "high", "stations_needed": 5}),
    ("quote_contract", {"token": RUTH, "survey_id": "SV-0316", "visits_per_year": 12, "price_per_visit": 70.0}),
    ("accept_contract", {"token": MEL, "quote_id": "QC-0316", "signed_by": "Mr Tom Haddow, director"}),
    ("cancel_contract", {"token": MEL, "contract_id": "$accept_contract.contract_id",
                         "reason": "The bakery moves to new premises at Christmas; they will call us about the new "
                                   "unit"}),
]

HARBOUR_QUOTE = [*sign_ins("mel"), ("find_customer", {"token": MEL, "text": "Harbour"}),
                 ("customer_file", {"token": MEL, "customer_id": "$find_customer.0.0"}),
                 ("site_record", {"token": MEL, "site_id": "$customer_file.sites.0.0"}),
                 ("accept_contract", {"token": MEL, "quote_id": "$site_record.quotes.0.0",
                                      "signed_by": "Mr Rob Ellery, property manager"})]

HARBOUR_SURVEY = [*sign_ins("mel"), ("find_customer", {"token": MEL, "text": "Harbour"}),
                  ("customer_file", {"token": MEL, "customer_id": "$find_customer.0.0"}),
                  ("book_survey", {"token": MEL, "site_id": "$customer_file.sites.0.0", "day": "2031-09-17",
                                   "slot": "am"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers and sites
_FOUND = {"update_customer": CROWN_EMAIL, "customer_file": cut(CROWN_PAY, "customer_file"), "notify_customer": VARLEY_TEXT,
          "add_site": GREENWAY_SITE, "book_treatment": cut(VARLEY_FRIDAY, "book_treatment")}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("new_customer", _c, cut(BAKEHOUSE if _c == "add_site" else PRYCE, _c))
    _add("find_customer", _c, _FOUND[_c])
_FILED = {"site_record": cut(SCHOOL, "site_record"), "book_survey": HARBOUR_SURVEY,
          "bait_stations": cut(CROWN, "bait_stations")}
for _c in tools.SITE_CONSUMERS:
    _add("add_site", _c, cut(BAKEHOUSE, _c))
    _add("customer_file", _c, _FILED[_c])

# jobs
_BOOKED = {"reschedule_job": VARLEY_FRIDAY, "cancel_job": VARLEY_FRIDAY, "record_no_access": VARLEY_TODAY}
_LISTED = {"reschedule_job": HARBOUR, "cancel_job": HARBOUR, "record_no_access": SOWERBY}
for _c in tools.JOB_CONSUMERS:
    _add("book_treatment", _c, cut(_BOOKED.get(_c, PRYCE), _c))
    _add("job_list", _c, cut(_LISTED.get(_c, TILLEY), _c))
for _c in tools.ROUTINE_CONSUMERS:
    _add("schedule_routine_visit", _c, cut(GREENWAY, _c))
    _add("job_list", _c, cut(CROWN, _c))
for _c in tools.SURVEY_CONSUMERS:
    _add("book_survey", _c, cut(BAKEHOUSE, _c))
    _add("site_record", _c, cut(SCHOOL, _c))
_add("accept_contract", "schedule_routine_visit", SCHOOL)
_add("contracts", "schedule_routine_visit", cut(GREENWAY, "schedule_routine_visit"))
_add("accept_contract", "cancel_contract", BAKEHOUSE)
_add("contracts", "cancel_contract", CROWN_END)
_add("bait_stations", "inspect_station", cut(CROWN, "inspect_station"))
_add("bait_stations", "remove_station", cut(CROWN, "remove_station"))
_add("install_station", "remove_station", cut(GREENWAY, "remove_station"))
_add("quote_contract", "accept_contract", cut(SCHOOL, "accept_contract"))
_add("site_record", "accept_contract", HARBOUR_QUOTE)
_add("invoice_job", "take_payment", cut(PRYCE, "take_payment"))
_add("customer_file", "take_payment", CROWN_PAY)

# vocabularies
_add("technician_board", "assign_technician", cut(PRYCE, "assign_technician"))
_add("technician_board", "schedule_routine_visit", SCHOOL)
_add("product_register", "record_coshh", cut(PRYCE, "record_coshh"))
_add("product_register", "record_treatment", cut(PRYCE, "record_treatment"))

# states
_add("assign_technician", "start_visit", cut(PRYCE, "start_visit"))
_add("assign_technician", "record_no_access", VARLEY_TODAY)
_add("start_visit", "record_coshh", cut(PRYCE, "record_coshh"))
_add("start_visit", "complete_visit", cut(CROWN, "complete_visit"))
_add("start_visit", "install_station", cut(CROWN, "install_station"))
_add("start_visit", "inspect_station", cut(CROWN, "inspect_station"))
_add("record_coshh", "record_treatment", cut(PRYCE, "record_treatment"))
_add("record_treatment", "void_treatment", cut(PRYCE, "void_treatment"))
_add("record_treatment", "complete_visit", cut(PRYCE, "complete_visit"))
_add("inspect_station", "complete_visit", cut(CROWN, "complete_visit"))
_add("complete_visit", "invoice_job", cut(PRYCE, "invoice_job"))
_add("complete_visit", "book_callback", PRYCE)
_add("complete_visit", "service_report", CROWN)
_add("record_survey", "quote_contract", cut(SCHOOL, "quote_contract"))
_add("update_customer", "notify_customer", cut(PRYCE, "notify_customer"))
_add("update_customer", "service_report", CROWN)

_OWN = {"sign_out": [sign_in("phil"), ("sign_out", {"token": "$phil"})]}


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
    ("price_list", cut(PRYCE, "book_treatment")),
    ("job_sheet", cut(PRYCE, "start_visit")),
    ("void_treatment", cut(PRYCE, "complete_visit")),
    ("customer_file", cut(CROWN, "install_station")),
    ("notify_customer", PRYCE),
    ("bait_stations", cut(BAKEHOUSE, "book_survey")),
]
