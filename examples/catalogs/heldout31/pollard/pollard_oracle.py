"""Scripted proofs that Pollard's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime built with ``failure=FAILURE``, which reads the
firm's ``(status, body)`` refusals; the tools are coroutines, so only the runtime's calls are checked).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Through the runtime every
reply is a JSON pair ``[status, body]``, so a reference reads the body at position 1: staff sign in by first
name (``("sign_in", {...}, "kerry")``) and pass ``"$kerry.1.token"``; bodies are read by field
(``"$register_customer.1.customer_id"``, ``"$add_site.1.site_id"``, ``"$book_survey.1.survey_id"``,
``"$create_quote.1.quote_id"``, ``"$accept_quote.1.job_id"``, ``"$apply_for_consent.1.application_id"``,
``"$risk_assessment.1.assessment_id"``, ``"$raise_invoice.1.invoice_id"``) and rows by position and field
(``"$find_customer.1.0.customer_id"``, ``"$customer_file.1.sites.0.site_id"``, ``"$survey_slots.1.0.slot_id"``,
``"$surveys.1.0.survey_id"``, ``"$survey_report.1.trees.0.tree_id"``, ``"$quotes.1.0.quote_id"``,
``"$jobs.1.0.job_id"``, ``"$job_sheet.1.application_id"``, ``"$crews.1.1.crew_id"``,
``"$equipment.1.4.kit_code"``, ``"$invoices.1.0.invoice_id"``, ``"$species_list.1.2.code"``,
``"$work_catalogue.1.7.code"``, ``"$waste_sites.1.1.code"``; the positions of codes are taken from the order of
``SPECIES``, ``WORK``, ``WASTE_SITES`` and the fresh state's crews and kit). Every id is read from a reply; none
is written literally (amounts are written where the customer says them). A step saved under a name of its own
(``("record_tree", {...}, "t1")``) is a second call of a tool on one path.

The day: Mrs Helen Achebe registers, her house in Ashcombe Old Town is added and checked (a conservation area),
and Owain's first free visit tomorrow is booked; on the survey he records a sycamore and a leylandii,
completes it and quotes a crown reduction, a fell and the stump, which goes by e-mail and is accepted; the
council is given six weeks' notice and raises no objection, and the job goes to Aisha's crew on Thursday with a
chipper, the stump grinder and climbing kit, and Aisha writes its risk assessment (on other paths a line is
taken off, kit let go, her e-mail changed or her file read). Mr Okonjo's survey this morning records his beech,
his site is checked (a preservation order) and a quote opened. Mrs Ellison accepts the deadwood and pollard
quote, notice is given for it (or the job is cancelled or read). The council grants the Ashcombe Lodge horse
chestnut's felling and it goes to Gary's crew; Ms Lindqvist's oak goes to Aisha's crew next Monday (with set B
of the climbing kit after Ruth records its examination) or is cancelled; Dean books climbing kit for the
Pettifers' leylandii today, assesses, starts, tips the chip at Holt Farm and signs it off, and Kerry invoices it;
Aisha tips the churchyard lime's chip and signs the churchyard off; Ms Lindqvist's birch is invoiced and paid,
and Mr Okonjo pays off his July invoice.
"""

import pollard_tools as tools

WHO = {"kerry": ("kerry.d", "Holly-Bough-7"), "owain": ("owain.p", "Girth-Tape-31"),
       "dean": ("dean.s", "Top-Handle-200"), "aisha": ("aisha.b", "Friction-Hitch-9"),
       "ruth": ("ruth.g", "Wood-Yard-1994")}
K, O, D, A, R = "$kerry.1.token", "$owain.1.token", "$dean.1.token", "$aisha.1.token", "$ruth.1.token"
TODAY = "2031-10-08"
TOMORROW = "2031-10-09"
MONDAY = "2031-10-13"
TUESDAY = "2031-10-14"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def species(code: str) -> str:
    return f"$species_list.1.{list(tools.SPECIES).index(code)}.code"


def work(code: str) -> str:
    return f"$work_catalogue.1.{list(tools.WORK).index(code)}.code"


def waste_site(code: str) -> str:
    return f"$waste_sites.1.{list(tools.WASTE_SITES).index(code)}.code"


def crew(cid: str) -> str:
    return f"$crews.1.{list(tools.State().crews).index(cid)}.crew_id"


def kit(code: str, kind: str | None = None) -> str:
    """A kit code in the equipment list (all of it, or one kind), by its position."""
    codes = [c for c, k in tools.State().kit.items() if kind is None or k["kind"] == kind]
    return f"$equipment.1.{codes.index(code)}.kit_code"


NEW = "$register_customer.1.customer_id"
FOUND = "$find_customer.1.0.customer_id"
SITE = "$add_site.1.site_id"
SURVEY = "$book_survey.1.survey_id"
QUOTE = "$create_quote.1.quote_id"
JOB = "$accept_quote.1.job_id"
LISTED = "$jobs.1.0.job_id"

HELEN = [*sign_ins("kerry"),
         ("register_customer", {"token": K, "name": "Mrs Helen Achebe", "phone": "07700 900319",
                                "email": "helen.achebe@mail.example"})]
HELEN_EMAIL = HELEN + [("update_customer", {"token": K, "customer_id": NEW, "email": "helen@achebe-family.example"})]
HELEN_FILE = HELEN + [("customer_file", {"token": K, "customer_id": NEW})]
HELEN_SITE = HELEN + [("add_site", {"token": K, "customer_id": NEW, "address": "The Coach House, 9 Abbey Road, Ashcombe",
                                    "postcode": "AS2 4TW",
                                    "access_notes": "Park on Abbey Road; the drive is shared with the Old Coach House"})]
HELEN_UNCHECKED = HELEN_SITE + [("survey_slots", {"date_from": TOMORROW}),
                                ("book_survey", {"token": K, "site_id": SITE, "slot_id": "$survey_slots.1.0.slot_id",
                                                 "notes": "Sycamore over the garage; leylandii by the gate"})]
HELEN_SURVEY = HELEN_SITE + [
    ("check_protection", {"token": K, "site_id": SITE}),
    ("survey_slots", {"date_from": TOMORROW}),
    ("book_survey", {"token": K, "site_id": SITE, "slot_id": "$survey_slots.1.0.slot_id",
                     "notes": "Sycamore over the garage; leylandii by the gate"}),
]
HELEN_REPORT = HELEN_SURVEY + [("survey_report", {"token": K, "survey_id": SURVEY})]
HELEN_JOB = HELEN_SURVEY + [
    *sign_ins("owain"),
    ("species_list", {}),
    ("record_tree", {"token": O, "survey_id": SURVEY, "species_code": species("SYC"), "height_m": 15.0, "dbh_cm": 55,
                     "condition": "fair", "notes": "Over the garage roof; touching the gutters"}, "t1"),
    ("record_tree", {"token": O, "survey_id": SURVEY, "species_code": species("LEY"), "height_m": 8.0, "dbh_cm": 30,
                     "condition": "fair", "notes": "By the gate, blocking the sight line onto Abbey Road"}, "t2"),
    ("complete_survey", {"token": O, "survey_id": SURVEY,
                         "summary": "Reduce the sycamore off the garage; fell the leylandii and grind it out"}),
    ("create_quote", {"token": O, "survey_id": SURVEY}),
    ("work_catalogue", {}),
    ("add_work", {"token": O, "quote_id": QUOTE, "tree_id": "$t1.1.tree_id", "work_code": work("CRRD"),
                  "detail": "Reduce by 2 m, clear of the garage by 1.5 m"}, "w1"),
    ("add_work", {"token": O, "quote_id": QUOTE, "tree_id": "$t2.1.tree_id", "work_code": work("FELL")}, "w2"),
    ("add_work", {"token": O, "quote_id": QUOTE, "tree_id": "$t2.1.tree_id", "work_code": work("STMP")}, "w3"),
    ("send_quote", {"token": O, "quote_id": QUOTE, "channel": "email"}),
    ("accept_quote", {"token": K, "quote_id": QUOTE}),
    ("apply_for_consent", {"token": K, "job_id": JOB, "kind": "s211_notice",
                           "reasons": "Reduce a sycamore by 2 m off the garage; fell a leylandii by the gate"}),
    ("record_decision", {"token": K, "application_id": "$apply_for_consent.1.application_id",
                         "decision": "no_objection"}),
    ("crews", {"token": K}),
    ("schedule_job", {"token": K, "job_id": JOB, "date": TOMORROW, "crew_id": crew("CR-2")}),
    ("equipment", {"token": K}),
    ("book_kit", {"token": K, "job_id": JOB, "kit_codes": [kit("CH-01"), kit("SG-01"), kit("CK-01")]}),
    *sign_ins("aisha"),
    ("risk_assessment", {"token": A, "job_id": JOB, "hazards": ["buildings", "highway"],
                         "nesting_birds_checked": True, "rescue_plan": "Lewis Penn on the ground as aerial rescuer"}),
]
HELEN_LINE_OFF = cut(HELEN_JOB, "w1") + [("remove_work", {"token": O, "quote_id": QUOTE, "line_no": 1})]
HELEN_KIT_BACK = cut(HELEN_JOB, "book_kit") + [("release_kit", {"token": K, "job_id": JOB, "kit_code": kit("SG-01")})]

OKONJO = [*sign_ins("owain"),
          ("surveys", {"token": O, "date": TODAY, "status": "booked"}),
          ("species_list", {}),
          ("record_tree", {"token": O, "survey_id": "$surveys.1.0.survey_id", "species_code": species("BEE"),
                           "height_m": 24.0, "dbh_cm": 110, "condition": "fair",
                           "notes": "Rear garden; a co-dominant stem with included bark over the conservatory"}),
          ("complete_survey", {"token": O, "survey_id": "$surveys.1.0.survey_id",
                               "summary": "Beech: reduce the eastern stem by 3 m; the order covers it"}),
          ("check_protection", {"token": O, "site_id": "$surveys.1.0.site_id"}),
          ("create_quote", {"token": O, "survey_id": "$surveys.1.0.survey_id"})]
OKONJO_FILE = [*sign_ins("kerry"), ("find_customer", {"token": K, "text": "Okonjo"}),
               ("customer_file", {"token": K, "customer_id": FOUND}),
               ("check_protection", {"token": K, "site_id": "$customer_file.1.sites.0.site_id"})]
COMPLETED_REPORT = [*sign_ins("owain"), ("surveys", {"token": O, "status": "completed"}),
                    ("survey_report", {"token": O, "survey_id": "$surveys.1.0.survey_id"})]

PETTIFER_DRAFT = [*sign_ins("owain"), ("quotes", {"token": O, "status": "draft"}),
                  ("survey_report", {"token": O, "survey_id": "$quotes.1.0.survey_id"}),
                  ("work_catalogue", {}),
                  ("add_work", {"token": O, "quote_id": "$quotes.1.0.quote_id",
                                "tree_id": "$survey_report.1.trees.0.tree_id", "work_code": work("STMP"),
                                "detail": "Grind out below the patio edge"})]
PETTIFER_LINE_OFF = [*sign_ins("owain"), ("quotes", {"token": O, "status": "draft"}),
                     ("remove_work", {"token": O, "quote_id": "$quotes.1.0.quote_id", "line_no": 1})]
PETTIFER_SEND = [*sign_ins("owain"), ("quotes", {"token": O, "status": "draft"}),
                 ("send_quote", {"token": O, "quote_id": "$quotes.1.0.quote_id", "channel": "email"})]
PETTIFER_BARN = [*sign_ins("kerry"), ("find_customer", {"token": K, "text": "Pettifer"}),
                 ("add_site", {"token": K, "customer_id": FOUND, "address": "Pound Farm Barn, Pound Lane, Fenby",
                               "postcode": "KT2 4AB", "access_notes": "Field gate off Pound Lane"})]
LINDQVIST_EMAIL = [*sign_ins("kerry"), ("find_customer", {"token": K, "text": "Lindqvist"}),
                   ("update_customer", {"token": K, "customer_id": FOUND, "email": "freya.lindqvist@mail.example"})]
ELLISON_SURVEY = [*sign_ins("kerry"), ("find_customer", {"token": K, "text": "Ellison"}),
                  ("customer_file", {"token": K, "customer_id": FOUND}),
                  ("survey_slots", {"date_from": TOMORROW}),
                  ("book_survey", {"token": K, "site_id": "$customer_file.1.sites.0.site_id",
                                   "slot_id": "$survey_slots.1.0.slot_id", "notes": "The beech hedge by the lane"})]

ELLISON = [*sign_ins("kerry"), ("quotes", {"token": K, "status": "sent"}),
           ("accept_quote", {"token": K, "quote_id": "$quotes.1.0.quote_id"})]
ELLISON_NOTICE = ELLISON + [("apply_for_consent", {"token": K, "job_id": JOB, "kind": "s211_notice",
                                                   "reasons": "Deadwood the oak over Church Lane; pollard the willow"}),
                            ("record_decision", {"token": K, "application_id": "$apply_for_consent.1.application_id",
                                                 "decision": "no_objection"})]
ELLISON_LISTED = ELLISON + [("jobs", {"token": K, "status": "awaiting_consent"}),
                            ("apply_for_consent", {"token": K, "job_id": "$jobs.1.1.job_id", "kind": "s211_notice",
                                                   "reasons": "Deadwood the oak over Church Lane; pollard the willow"})]
ELLISON_SHEET = ELLISON + [("job_sheet", {"token": K, "job_id": JOB})]
ELLISON_OFF = ELLISON + [("cancel_job", {"token": K, "job_id": JOB,
                                         "reason": "Mrs Ellison has decided to wait until spring"})]

CAREHOME = [*sign_ins("kerry"), ("jobs", {"token": K, "status": "awaiting_consent"}),
            ("job_sheet", {"token": K, "job_id": LISTED}),
            ("record_decision", {"token": K, "application_id": "$job_sheet.1.application_id", "decision": "granted",
                                 "conditions": "Replant with a lime (Tilia cordata) in the next planting season"}),
            ("crews", {"token": K}),
            ("schedule_job", {"token": K, "job_id": LISTED, "date": TUESDAY, "crew_id": crew("CR-3")})]
LINDQVIST_OAK = [*sign_ins("kerry"), ("jobs", {"token": K, "status": "to_schedule"}), ("crews", {"token": K}),
                 ("schedule_job", {"token": K, "job_id": LISTED, "date": MONDAY, "crew_id": crew("CR-2")})]
LINDQVIST_OFF = [*sign_ins("kerry"), ("jobs", {"token": K, "status": "to_schedule"}),
                 ("cancel_job", {"token": K, "job_id": LISTED, "reason": "Ms Lindqvist is selling the cottage"})]
LINDQVIST_SET_B = [*sign_ins("ruth"), ("equipment", {"token": R, "kind": "climbing_kit"}),
                   ("record_examination", {"token": R, "kit_code": kit("CK-02", "climbing_kit"),
                                           "examiner": "H. Cole (LOLER examiner)", "passed": True,
                                           "notes": "New lanyard and friction hitch cord fitted"})]
LINDQVIST_OAK_KIT = LINDQVIST_SET_B + LINDQVIST_OAK + [
    ("book_kit", {"token": K, "job_id": LISTED, "kit_codes": [kit("CK-02", "climbing_kit")]})]

PETTIFER_DAY = [*sign_ins("dean"), ("jobs", {"token": D, "date": TODAY, "status": "scheduled"}),
                ("equipment", {"token": D, "kind": "climbing_kit"}),
                ("book_kit", {"token": D, "job_id": LISTED, "kit_codes": [kit("CK-01", "climbing_kit")]}),
                ("risk_assessment", {"token": D, "job_id": LISTED, "hazards": ["buildings", "footpath"],
                                     "nesting_birds_checked": True,
                                     "rescue_plan": "Kyle Marsh as aerial rescuer; Tom Beale on the ropes"}),
                ("start_job", {"token": D, "job_id": LISTED, "assessment_id": "$risk_assessment.1.assessment_id"}),
                ("waste_sites", {"token": D}),
                ("log_waste", {"token": D, "job_id": LISTED, "site_code": waste_site("FEN-BIO"), "kind": "woodchip",
                               "tonnes": 1.8}),
                ("complete_job", {"token": D, "job_id": LISTED,
                                  "notes": "Leylandii down in sections over the shed; stump left low, site swept"}),
                *sign_ins("kerry"),
                ("raise_invoice", {"token": K, "job_id": LISTED})]
PETTIFER_KIT_BACK = cut(PETTIFER_DAY, "book_kit") + [
    ("release_kit", {"token": D, "job_id": LISTED, "kit_code": kit("CK-01", "climbing_kit")})]
PETTIFER_CHIPPER_BACK = [*sign_ins("dean"), ("jobs", {"token": D, "date": TODAY, "status": "scheduled"}),
                         ("equipment", {"token": D}),
                         ("release_kit", {"token": D, "job_id": LISTED, "kit_code": kit("CH-01")})]
PETTIFER_SHEET = [*sign_ins("dean"), ("jobs", {"token": D, "date": TODAY, "status": "scheduled"}),
                  ("job_sheet", {"token": D, "job_id": LISTED})]
PETTIFER_ASSESSED = [*sign_ins("dean"), ("jobs", {"token": D, "date": TODAY, "status": "scheduled"}),
                     ("risk_assessment", {"token": D, "job_id": LISTED, "hazards": ["buildings", "footpath"],
                                          "nesting_birds_checked": True,
                                          "rescue_plan": "Kyle Marsh as aerial rescuer; Tom Beale on the ropes"})]
CHURCH = [*sign_ins("aisha"), ("jobs", {"token": A, "status": "in_progress"}), ("waste_sites", {"token": A}),
          ("log_waste", {"token": A, "job_id": LISTED, "site_code": waste_site("ASH-GWC"), "kind": "woodchip",
                         "tonnes": 2.2}),
          ("complete_job", {"token": A, "job_id": LISTED,
                            "notes": "Lime reduced 3 m off the nave roof, yew lifted over the path; gutters cleared"})]
BIRCH_BILL = [*sign_ins("kerry"), ("jobs", {"token": K, "status": "completed", "date": "2031-10-06"}),
              ("raise_invoice", {"token": K, "job_id": LISTED}),
              ("take_payment", {"token": K, "invoice_id": "$raise_invoice.1.invoice_id", "amount": 624.0,
                                "method": "card"})]
OKONJO_PAYS = [*sign_ins("kerry"), ("invoices", {"token": K, "unpaid_only": True}),
               ("take_payment", {"token": K, "invoice_id": "$invoices.1.0.invoice_id", "amount": 340.0,
                                 "method": "bank_transfer"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers and sites
_REGISTERED = {"update_customer": HELEN_EMAIL, "customer_file": HELEN_FILE, "add_site": HELEN_SITE}
_FOUND = {"update_customer": LINDQVIST_EMAIL, "customer_file": cut(OKONJO_FILE, "customer_file"),
          "add_site": PETTIFER_BARN}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("register_customer", _c, _REGISTERED[_c])
    _add("find_customer", _c, _FOUND[_c])
_add("add_site", "check_protection", cut(HELEN_SURVEY, "check_protection"))
_add("add_site", "book_survey", HELEN_UNCHECKED)
_add("customer_file", "check_protection", OKONJO_FILE)
_add("customer_file", "book_survey", ELLISON_SURVEY)
_add("survey_slots", "book_survey", HELEN_SURVEY)

# surveys and trees
for _c in ("record_tree", "complete_survey", "create_quote"):
    _add("book_survey", _c, cut(HELEN_JOB, _c))
    _add("surveys", _c, cut(OKONJO, _c))
_add("book_survey", "survey_report", HELEN_REPORT)
_add("surveys", "survey_report", COMPLETED_REPORT)
_add("record_tree", "add_work", cut(HELEN_JOB, "w1"))
_add("survey_report", "add_work", PETTIFER_DRAFT)

# quotes
_CREATED = {"add_work": cut(HELEN_JOB, "w1"), "remove_work": HELEN_LINE_OFF, "send_quote": cut(HELEN_JOB, "send_quote"),
            "accept_quote": cut(HELEN_JOB, "accept_quote")}
_LISTED_QUOTES = {"add_work": PETTIFER_DRAFT, "remove_work": PETTIFER_LINE_OFF, "send_quote": PETTIFER_SEND,
                  "accept_quote": ELLISON}
for _c in tools.QUOTE_CONSUMERS:
    _add("create_quote", _c, _CREATED[_c])
    _add("quotes", _c, _LISTED_QUOTES[_c])

# jobs
_ACCEPTED = {"apply_for_consent": cut(ELLISON_NOTICE, "apply_for_consent"),
             "schedule_job": cut(HELEN_JOB, "schedule_job"), "book_kit": cut(HELEN_JOB, "book_kit"),
             "release_kit": HELEN_KIT_BACK, "job_sheet": ELLISON_SHEET, "risk_assessment": HELEN_JOB,
             "cancel_job": ELLISON_OFF}
_LISTED_JOBS = {"apply_for_consent": ELLISON_LISTED, "schedule_job": LINDQVIST_OAK,
                "book_kit": cut(PETTIFER_DAY, "book_kit"), "release_kit": PETTIFER_CHIPPER_BACK,
                "job_sheet": PETTIFER_SHEET, "risk_assessment": PETTIFER_ASSESSED, "cancel_job": LINDQVIST_OFF}
for _c in tools.JOB_CONSUMERS:
    _add("accept_quote", _c, _ACCEPTED[_c])
    _add("jobs", _c, _LISTED_JOBS[_c])
_add("jobs", "start_job", cut(PETTIFER_DAY, "start_job"))
_add("jobs", "log_waste", cut(CHURCH, "log_waste"))
_add("jobs", "complete_job", CHURCH)
_add("jobs", "raise_invoice", cut(BIRCH_BILL, "raise_invoice"))

# consent, crews, kit, invoices, risk assessments
_add("apply_for_consent", "record_decision", ELLISON_NOTICE)
_add("job_sheet", "record_decision", cut(CAREHOME, "record_decision"))
_add("crews", "schedule_job", LINDQVIST_OAK)
_add("equipment", "book_kit", cut(PETTIFER_DAY, "book_kit"))
_add("equipment", "record_examination", LINDQVIST_SET_B)
_add("raise_invoice", "take_payment", BIRCH_BILL)
_add("invoices", "take_payment", OKONJO_PAYS)
_add("risk_assessment", "start_job", cut(PETTIFER_DAY, "start_job"))

# vocabularies
_add("work_catalogue", "add_work", PETTIFER_DRAFT)
_add("species_list", "record_tree", cut(OKONJO, "record_tree"))
_add("waste_sites", "log_waste", cut(CHURCH, "log_waste"))

# states
_add("check_protection", "create_quote", OKONJO)
_add("record_tree", "complete_survey", cut(OKONJO, "complete_survey"))
_add("complete_survey", "create_quote", OKONJO)
_add("add_work", "send_quote", cut(HELEN_JOB, "send_quote"))
_add("add_work", "remove_work", HELEN_LINE_OFF)
_add("send_quote", "accept_quote", cut(HELEN_JOB, "accept_quote"))
_add("record_decision", "schedule_job", CAREHOME)
_add("schedule_job", "book_kit", cut(HELEN_JOB, "book_kit"))
_add("schedule_job", "risk_assessment", HELEN_JOB)
_add("record_examination", "book_kit", LINDQVIST_OAK_KIT)
_add("book_kit", "start_job", cut(PETTIFER_DAY, "start_job"))
_add("book_kit", "release_kit", PETTIFER_KIT_BACK)
_add("start_job", "log_waste", cut(PETTIFER_DAY, "log_waste"))
_add("start_job", "complete_job", cut(PETTIFER_DAY, "complete_job"))
_add("log_waste", "complete_job", CHURCH)
_add("complete_job", "raise_invoice", PETTIFER_DAY)

_OWN = {"sign_out": [sign_in("ruth"), ("sign_out", {"token": R})],
        "crews": [sign_in("kerry"), ("crews", {"token": K})],
        "waste_sites": [sign_in("dean"), ("waste_sites", {"token": D})]}


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
    # the operations are read before Owain records the beech; a tree is recorded under its species alone
    ("work_catalogue", [*sign_ins("owain"), ("surveys", {"token": O, "date": TODAY, "status": "booked"}),
                        ("species_list", {}), ("work_catalogue", {}),
                        ("record_tree", {"token": O, "survey_id": "$surveys.1.0.survey_id",
                                         "species_code": species("BEE"), "height_m": 24.0, "dbh_cm": 110,
                                         "condition": "fair", "notes": "Rear garden, over the conservatory"})]),
    # Ms Lindqvist's file is read before her e-mail address is added
    ("customer_file", [*sign_ins("kerry"), ("find_customer", {"token": K, "text": "Lindqvist"}),
                       ("customer_file", {"token": K, "customer_id": FOUND}),
                       ("update_customer", {"token": K, "customer_id": FOUND,
                                            "email": "freya.lindqvist@mail.example"})]),
    # the crews are read before Dean books his climbing kit
    ("crews", [*sign_ins("dean"), ("jobs", {"token": D, "date": TODAY, "status": "scheduled"}), ("crews", {"token": D}),
               ("equipment", {"token": D, "kind": "climbing_kit"}),
               ("book_kit", {"token": D, "job_id": LISTED, "kit_codes": [kit("CK-01", "climbing_kit")]})]),
    # the Pettifers' survey report is read before their draft quote goes out
    ("survey_report", [*sign_ins("owain"), ("quotes", {"token": O, "status": "draft"}),
                       ("survey_report", {"token": O, "survey_id": "$quotes.1.0.survey_id"}),
                       ("send_quote", {"token": O, "quote_id": "$quotes.1.0.quote_id", "channel": "post"})]),
    # the job sheet is read before Dean writes the risk assessment
    ("job_sheet", [*sign_ins("dean"), ("jobs", {"token": D, "date": TODAY, "status": "scheduled"}),
                   ("job_sheet", {"token": D, "job_id": LISTED}),
                   ("risk_assessment", {"token": D, "job_id": LISTED, "hazards": ["buildings"],
                                        "nesting_birds_checked": True, "rescue_plan": "Kyle Marsh"})]),
    # the survey diary is read before Mrs Ellison's site is checked
    ("survey_slots", [*sign_ins("kerry"), ("find_customer", {"token": K, "text": "Ellison"}),
                      ("customer_file", {"token": K, "customer_id": FOUND}),
                      ("survey_slots", {"date_from": TOMORROW}),
                      ("check_protection", {"token": K, "site_id": "$customer_file.1.sites.0.site_id"})]),
    # the invoices are read before the birch job is invoiced
    ("invoices", [*sign_ins("kerry"), ("jobs", {"token": K, "status": "completed", "date": "2031-10-06"}),
                  ("invoices", {"token": K}), ("raise_invoice", {"token": K, "job_id": LISTED})]),
]
