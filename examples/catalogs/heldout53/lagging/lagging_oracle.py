"""Scripted proofs that Lagging's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "gaius")``) and pass ``"$gaius.token"``; replies are read by field (``"$add_client.client_id"``,
``"$record_survey.survey_id"``, ``"$add_material.material_id"``, ``"$quote_job.quote_id"``, ``"$accept_quote.job_id"``
with ``"$accept_quote.deposit_invoice_id"`` and ``"$accept_quote.deposit"``, ``"$draft_plan.plan_id"``,
``"$build_enclosure.enclosure_id"``, ``"$register_operative.operative_id"``, ``"$invoice_job.invoice_id"`` with
``"$invoice_job.amount"``), list entries by position and field (``"$find_client.0.client_id"``,
``"$surveys.6.survey_id"``, ``"$quotes.0.quote_id"``, ``"$jobs.0.job_id"``, ``"$invoices.0.invoice_id"`` with
``"$invoices.0.amount"``), rows by row and column (``"$work_categories.0.0"``, ``"$waste_sites.1.0"``,
``"$respirators.1.0"``, ``"$dcu_units.2.0"``, ``"$ops.3.0"``, ``"$survey_detail.materials.0.0"``). The positions follow
the fresh state's order (records by id, each list filtered as the call asks). Every id and code of the contractor's is
read from a reply; none is written literally (names, dates, addresses, areas, counts, fibre counts and references are
written as the staff are told them).

The day: Thornegill Brewery's boiler house is surveyed after a steam leak, quoted, accepted, its deposit paid, papered,
planned, approved, notified under the authority's waiver, enclosed, extracted, smoke-tested, staffed, given a
decontamination unit and a background air test, and its removal started; a new client, Pendrift Community Hall Trust, is
taken on and its survey recorded; Thornegill's bottling hall is quoted for its textured coating and its roof sheets'
quote accepted; the Muiresk sports hall job is papered, planned, given an enclosure and a unit and its deposit paid; the
Highways Depot job's team is made up (a medical and a face fit recorded first); a new operative is registered, examined
and face-fit tested; the Muiresk caretaker's house is notified; the Carder Row removal starts and finishes; the swimming
baths' removal finishes, is cleared and its waste consigned, with a leak test; Muiresk's science block is cleared,
completed and invoiced; Wigeon Court's waste is consigned and the job completed; the Oxenby Library job is invoiced and
paid.
"""

import lagging_tools as tools

WHO = {"persis": ("persis.b", "Bulk-Sample-44"), "gaius": ("gaius.w", "Plan-Of-Work-19"),
       "brannoc": ("brannoc.t", "Three-Stage-Airlock-72"), "ismay": ("ismay.h", "Face-Fit-Log-35"),
       "vashti": ("vashti.r", "Fibre-Count-58"), "ysobel": ("ysobel.n", "Sales-Ledger-26")}
OT, GT, BT, IT = "$persis.token", "$gaius.token", "$brannoc.token", "$ismay.token"
PT, CT = "$vashti.token", "$ysobel.token"
TODAY = "2058-10-08"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- Thornegill Brewery's boiler house: an emergency job from survey to the removal's start

JOB = "$accept_quote.job_id"
ENC = "$build_enclosure.enclosure_id"
THORNEGILL = [
    login("persis"),
    ("find_client", {"token": OT, "name": "Thornegill"}),
    ("record_survey", {"token": OT, "client_id": "$find_client.0.client_id",
                       "site": "Boiler house, Thornegill Brewery, Mill Lane, Oxenby", "survey_type": "refurbishment",
                       "surveyed_on": TODAY}),
    ("add_material", {"token": OT, "survey_id": "$record_survey.survey_id",
                      "location": "boiler and steam main in the boiler house", "kind": "lagging",
                      "condition": "poor", "quantity_m2": 18.0}),
    ("work_categories", {}),
    ("quote_job", {"token": OT, "survey_id": "$record_survey.survey_id",
                   "material_ids": ["$add_material.material_id"], "category_code": "$work_categories.0.0"}),
    login("gaius"),
    ("accept_quote", {"token": GT, "quote_id": "$quote_job.quote_id", "client_order_ref": "THG-PO-7731",
                      "planned_start": TODAY}),
    login("ysobel"),
    ("record_payment", {"token": CT, "invoice_id": "$accept_quote.deposit_invoice_id",
                        "amount": "$accept_quote.deposit", "method": "bacs"}),
    ("upload_document", {"token": GT, "job_id": JOB, "kind": "site_drawing", "reference": "DRG-THG-0108"}),
    ("upload_document", {"token": GT, "job_id": JOB, "kind": "emergency_plan", "reference": "EP-THG-0108"}),
    login("brannoc"),
    ("respirators", {"token": BT}),
    ("draft_plan", {"token": BT, "job_id": JOB, "method": "controlled_wet", "respirator_code": "$respirators.1.0",
                    "enclosure_m2": 24.0}),
    ("approve_plan", {"token": GT, "plan_id": "$draft_plan.plan_id"}),
    ("notify_authority", {"token": GT, "job_id": JOB, "planned_start": TODAY, "waiver_ref": "HSE-WV-40917"}),
    ("build_enclosure", {"token": BT, "job_id": JOB, "area_m2": 24.0, "airlocks": 3}),
    ("set_air_extraction", {"token": BT, "enclosure_id": ENC, "air_changes": 10}),
    ("smoke_test", {"token": BT, "enclosure_id": ENC, "passed": True,
                    "notes": "no smoke escaped at the seams, the airlock or the waste port"}),
    ("operatives", {"token": GT, "qualification": "supervisor"}, "sups"),
    ("operatives", {"token": GT, "qualification": "operative"}, "ops"),
    ("assign_operative", {"token": GT, "job_id": JOB, "operative_id": "$sups.1.0", "role": "supervisor"}),
    ("assign_operative", {"token": GT, "job_id": JOB, "operative_id": "$ops.0.0", "role": "operative"}),
    ("assign_operative", {"token": GT, "job_id": JOB, "operative_id": "$ops.2.0", "role": "operative"}),
    ("dcu_units", {"token": BT}),
    ("book_dcu", {"token": BT, "job_id": JOB, "unit_code": "$dcu_units.2.0"}),
    login("vashti"),
    ("record_air_test", {"token": PT, "job_id": JOB, "stage": "background", "fibres_per_ml": 0.003}),
    ("start_removal", {"token": BT, "job_id": JOB}),
]
THORNEGILL_ASSIGN = cut(THORNEGILL, "draft_plan") + [
    ("operatives", {"token": GT, "qualification": "supervisor"}, "sups"),
    ("assign_operative", {"token": GT, "job_id": JOB, "operative_id": "$sups.1.0", "role": "supervisor"}),
]
THORNEGILL_DCU = cut(THORNEGILL, "accept_quote") + [
    ("dcu_units", {"token": GT}),
    ("book_dcu", {"token": GT, "job_id": JOB, "unit_code": "$dcu_units.2.0"}),
]
THORNEGILL_ENCLOSURE = cut(THORNEGILL, "accept_quote") + [
    login("brannoc"),
    ("build_enclosure", {"token": BT, "job_id": JOB, "area_m2": 24.0, "airlocks": 3}),
]
THORNEGILL_DRAFT = cut(THORNEGILL, "accept_quote") + [
    login("brannoc"),
    ("respirators", {"token": BT}),
    ("draft_plan", {"token": BT, "job_id": JOB, "method": "controlled_wet", "respirator_code": "$respirators.1.0",
                    "enclosure_m2": 24.0}),
]
THORNEGILL_DOC = cut(THORNEGILL, "accept_quote") + [
    ("upload_document", {"token": GT, "job_id": JOB, "kind": "site_drawing", "reference": "DRG-THG-0108"}),
]
THORNEGILL_DETAIL = cut(THORNEGILL, "record_survey") + [
    ("survey_detail", {"token": OT, "survey_id": "$record_survey.survey_id"}),
]

# ---- a new client and its survey

PENDRIFT = [
    login("persis"),
    ("add_client", {"token": OT, "name": "Pendrift Community Hall Trust", "email": "hall@pendrift-trust.example",
                    "phone": "01632 961 377", "address": "The Community Hall, Chapel Brow, Pendrift"}),
    ("record_survey", {"token": OT, "client_id": "$add_client.client_id",
                       "site": "The Community Hall, Chapel Brow, Pendrift", "survey_type": "management",
                       "surveyed_on": "2058-09-30"}),
]
PENDRIFT_OWES = cut(PENDRIFT, "add_client") + [
    ("amount_outstanding", {"token": OT, "client_id": "$add_client.client_id"}),
]
MUIRESK_OWES = [
    login("ysobel"),
    ("find_client", {"token": CT, "name": "Muiresk"}),
    ("amount_outstanding", {"token": CT, "client_id": "$find_client.0.client_id"}),
]

# ---- surveys already on record: Thornegill's bottling hall

BOTTLING = [
    login("persis"),
    ("surveys", {"token": OT}),
    ("survey_detail", {"token": OT, "survey_id": "$surveys.6.survey_id"}),
    ("work_categories", {}),
    ("quote_job", {"token": OT, "survey_id": "$surveys.6.survey_id",
                   "material_ids": ["$survey_detail.materials.0.0"], "category_code": "$work_categories.3.0"}),
]
BOTTLING_ROOF_JOB = [
    login("gaius"),
    ("quotes", {"token": GT, "status": "open"}),
    ("accept_quote", {"token": GT, "quote_id": "$quotes.0.quote_id", "client_order_ref": "THG-PO-7702",
                      "planned_start": "2058-10-21"}),
]
BOTTLING_ROOF = [
    login("persis"),
    ("surveys", {"token": OT}),
    ("add_material", {"token": OT, "survey_id": "$surveys.6.survey_id", "location": "flue pipe to the old boiler",
                      "kind": "cement", "condition": "damaged", "quantity_m2": 2.5}),
]

# ---- jobs already accepted: the sports hall (nothing done), the Highways Depot (a plan drafted), the caretaker's
# ---- house (a plan approved, its papers filed)

ACCEPTED = ("jobs", {"token": GT, "status": "accepted"})
SPORTS_HALL = "$jobs.0.job_id"
DEPOT = "$jobs.1.job_id"
SPORTS_DOC = [login("gaius"), ACCEPTED,
              ("upload_document", {"token": GT, "job_id": SPORTS_HALL, "kind": "site_drawing",
                                   "reference": "DRG-MUI-0412"})]
SPORTS_PLAN = [login("gaius"), ACCEPTED, login("brannoc"), ("respirators", {"token": BT}),
               ("draft_plan", {"token": BT, "job_id": SPORTS_HALL, "method": "wet_injection",
                               "respirator_code": "$respirators.2.0", "enclosure_m2": 210.0})]
SPORTS_ENCLOSURE = [login("gaius"), ACCEPTED, login("brannoc"),
                    ("build_enclosure", {"token": BT, "job_id": SPORTS_HALL, "area_m2": 220.0, "airlocks": 3})]
SPORTS_DCU = [login("gaius"), ACCEPTED, ("dcu_units", {"token": GT}),
              ("book_dcu", {"token": GT, "job_id": SPORTS_HALL, "unit_code": "$dcu_units.2.0"})]
SPORTS_DEPOSIT = [login("ysobel"), ("invoices", {"token": CT, "status": "unpaid"}),
                  ("record_payment", {"token": CT, "invoice_id": "$invoices.0.invoice_id",
                                      "amount": "$invoices.0.amount", "method": "cheque"})]
DEPOT_CAOIMHE = [login("gaius"), ACCEPTED, ("operatives", {"token": GT, "qualification": "operative"}, "ops"),
                ("assign_operative", {"token": GT, "job_id": DEPOT, "operative_id": "$ops.2.0", "role": "operative"})]
FERELITH_MEDICAL = [login("ismay"), ("operatives", {"token": IT, "qualification": "operative"}, "ops"),
                 ("record_medical", {"token": IT, "operative_id": "$ops.3.0", "examined_on": "2058-10-07",
                                     "doctor": "Dr Enda Haverholme", "fit": True})]
DEPOT_FERELITH = FERELITH_MEDICAL + [
    login("gaius"), ACCEPTED,
    ("assign_operative", {"token": GT, "job_id": DEPOT, "operative_id": "$ops.3.0", "role": "operative"}),
]
FIACHRA_FIT = [login("ismay"), ("operatives", {"token": IT, "qualification": "operative"}, "ops"),
             ("respirators", {"token": IT}),
             ("record_face_fit", {"token": IT, "operative_id": "$ops.4.0", "respirator_code": "$respirators.1.0",
                                  "passed": True, "tester": "Ismay Oldroyd"})]
DEPOT_FIACHRA = FIACHRA_FIT + [
    login("gaius"), ACCEPTED,
    ("assign_operative", {"token": GT, "job_id": DEPOT, "operative_id": "$ops.4.0", "role": "operative"}),
]
CARETAKER_NOTIFY = [login("gaius"), ACCEPTED,
                    ("notify_authority", {"token": GT, "job_id": "$jobs.2.job_id", "planned_start": "2058-11-11"})]

# ---- a new operative

MORCANT = [
    login("ismay"),
    ("register_operative", {"token": IT, "name": "Morcant Lydgate", "date_of_birth": "2027-05-19",
                            "qualification": "operative", "training_until": "2059-08-31"}),
    ("record_medical", {"token": IT, "operative_id": "$register_operative.operative_id",
                        "examined_on": "2058-10-03", "doctor": "Dr Enda Haverholme", "fit": True}),
    ("respirators", {"token": IT}),
    ("record_face_fit", {"token": IT, "operative_id": "$register_operative.operative_id",
                         "respirator_code": "$respirators.1.0", "passed": True, "tester": "Ismay Oldroyd"}),
    login("gaius"), ACCEPTED,
    ("assign_operative", {"token": GT, "job_id": DEPOT, "operative_id": "$register_operative.operative_id",
                          "role": "operative"}),
]
MORCANT_FIT = [s for s in cut(MORCANT, "record_face_fit") if s[0] != "record_medical"]

# ---- jobs under way: Carder Row (ready to start), the swimming baths (removing), the science block (removed),
# ---- Wigeon Court (cleared), the Oxenby Library (completed)

CARDER = [login("brannoc"), ("jobs", {"token": BT, "status": "notified"}),
          ("start_removal", {"token": BT, "job_id": "$jobs.0.job_id"})]
CARDER_FINISH = CARDER + [
    ("finish_removal", {"token": BT, "job_id": "$jobs.0.job_id", "bags": 30,
                        "notes": "all lagging stripped from the ducts, surfaces wet-wiped"}),
]
BATHS = [login("brannoc"), ("jobs", {"token": BT, "status": "removing"})]
BATHS_FINISH = BATHS + [
    ("finish_removal", {"token": BT, "job_id": "$jobs.0.job_id", "bags": 48,
                        "notes": "calorifier and pipework stripped, the plant room cleaned"}),
]
BATHS_CLEAR = BATHS_FINISH + [
    login("vashti"),
    ("four_stage_clearance", {"token": PT, "job_id": "$jobs.0.job_id", "visual_passed": True,
                              "fibres_per_ml": 0.005}),
]
BATHS_WASTE = BATHS_FINISH + [
    ("waste_sites", {}),
    ("consign_waste", {"token": BT, "job_id": "$jobs.0.job_id", "site_code": "$waste_sites.0.0", "bags": 48}),
]
BATHS_LEAK = [login("vashti"), ("jobs", {"token": PT, "status": "removing"}),
              ("record_air_test", {"token": PT, "job_id": "$jobs.0.job_id", "stage": "leak",
                                   "fibres_per_ml": 0.002})]
SCIENCE = [login("vashti"), ("jobs", {"token": PT, "status": "removed"}),
           ("four_stage_clearance", {"token": PT, "job_id": "$jobs.0.job_id", "visual_passed": True,
                                     "fibres_per_ml": 0.004})]
SCIENCE_COMPLETE = SCIENCE + [
    login("gaius"),
    ("complete_job", {"token": GT, "job_id": "$jobs.0.job_id"}),
]
SCIENCE_INVOICE = SCIENCE_COMPLETE + [
    login("ysobel"),
    ("invoice_job", {"token": CT, "job_id": "$jobs.0.job_id"}),
]
WIGEON = [login("brannoc"), ("jobs", {"token": BT, "status": "cleared"}), ("waste_sites", {}),
          ("consign_waste", {"token": BT, "job_id": "$jobs.0.job_id", "site_code": "$waste_sites.1.0", "bags": 20})]
WIGEON_COMPLETE = WIGEON + [
    login("gaius"),
    ("complete_job", {"token": GT, "job_id": "$jobs.0.job_id"}),
]
LIBRARY = [login("ysobel"), ("jobs", {"token": CT, "status": "completed"}),
           ("invoice_job", {"token": CT, "job_id": "$jobs.0.job_id"})]
LIBRARY_PAID = LIBRARY + [
    ("record_payment", {"token": CT, "invoice_id": "$invoice_job.invoice_id", "amount": "$invoice_job.amount",
                        "method": "bacs"}),
]
LIBRARY_DETAIL = [login("ysobel"), ("jobs", {"token": CT, "status": "completed"}),
                  ("job_detail", {"token": CT, "job_id": "$jobs.0.job_id"})]

# ---- a path ending with each tool that needs a session (the sign-in proofs)

PATH = {
    "sign_out": [login("persis"), ("sign_out", {"token": OT})],
    "find_client": cut(MUIRESK_OWES, "find_client"),
    "add_client": cut(PENDRIFT, "add_client"),
    "record_survey": PENDRIFT,
    "surveys": cut(BOTTLING, "surveys"),
    "add_material": BOTTLING_ROOF,
    "survey_detail": cut(BOTTLING, "survey_detail"),
    "quote_job": BOTTLING,
    "quotes": cut(BOTTLING_ROOF_JOB, "quotes"),
    "accept_quote": BOTTLING_ROOF_JOB,
    "jobs": cut(LIBRARY, "jobs"),
    "job_detail": LIBRARY_DETAIL,
    "upload_document": SPORTS_DOC,
    "respirators": cut(SPORTS_PLAN, "respirators"),
    "draft_plan": SPORTS_PLAN,
    "approve_plan": cut(THORNEGILL, "approve_plan"),
    "notify_authority": CARETAKER_NOTIFY,
    "build_enclosure": SPORTS_ENCLOSURE,
    "set_air_extraction": cut(THORNEGILL, "set_air_extraction"),
    "smoke_test": cut(THORNEGILL, "smoke_test"),
    "operatives": cut(DEPOT_CAOIMHE, "ops"),
    "register_operative": cut(MORCANT, "register_operative"),
    "record_medical": FERELITH_MEDICAL,
    "record_face_fit": FIACHRA_FIT,
    "assign_operative": DEPOT_CAOIMHE,
    "dcu_units": cut(SPORTS_DCU, "dcu_units"),
    "book_dcu": SPORTS_DCU,
    "record_air_test": BATHS_LEAK,
    "start_removal": CARDER,
    "finish_removal": BATHS_FINISH,
    "four_stage_clearance": SCIENCE,
    "consign_waste": BATHS_WASTE,
    "complete_job": WIGEON_COMPLETE,
    "invoice_job": LIBRARY,
    "invoices": cut(SPORTS_DEPOSIT, "invoices"),
    "record_payment": SPORTS_DEPOSIT,
    "amount_outstanding": MUIRESK_OWES,
}

PROOFS = [("sign_in", c, PATH[c]) for c in tools.TOKEN_CONSUMERS] + [
    # clients
    ("add_client", "record_survey", PENDRIFT),
    ("find_client", "record_survey", cut(THORNEGILL, "record_survey")),
    ("add_client", "amount_outstanding", PENDRIFT_OWES),
    ("find_client", "amount_outstanding", MUIRESK_OWES),
    # surveys and materials
    ("record_survey", "add_material", cut(THORNEGILL, "add_material")),
    ("surveys", "add_material", BOTTLING_ROOF),
    ("record_survey", "survey_detail", THORNEGILL_DETAIL),
    ("surveys", "survey_detail", cut(BOTTLING, "survey_detail")),
    ("record_survey", "quote_job", cut(THORNEGILL, "quote_job")),
    ("surveys", "quote_job", BOTTLING),
    ("add_material", "quote_job", cut(THORNEGILL, "quote_job")),
    ("survey_detail", "quote_job", BOTTLING),
    ("quote_job", "accept_quote", cut(THORNEGILL, "accept_quote")),
    ("quotes", "accept_quote", BOTTLING_ROOF_JOB),
    # a new job, or one accepted already
    ("accept_quote", "upload_document", THORNEGILL_DOC),
    ("jobs", "upload_document", SPORTS_DOC),
    ("accept_quote", "draft_plan", THORNEGILL_DRAFT),
    ("jobs", "draft_plan", SPORTS_PLAN),
    ("accept_quote", "build_enclosure", THORNEGILL_ENCLOSURE),
    ("jobs", "build_enclosure", SPORTS_ENCLOSURE),
    ("accept_quote", "assign_operative", THORNEGILL_ASSIGN),
    ("jobs", "assign_operative", DEPOT_CAOIMHE),
    ("accept_quote", "book_dcu", THORNEGILL_DCU),
    ("jobs", "book_dcu", SPORTS_DCU),
    # jobs found on the list
    ("jobs", "job_detail", LIBRARY_DETAIL),
    ("jobs", "notify_authority", CARETAKER_NOTIFY),
    ("jobs", "record_air_test", BATHS_LEAK),
    ("jobs", "start_removal", CARDER),
    ("jobs", "finish_removal", BATHS_FINISH),
    ("jobs", "four_stage_clearance", SCIENCE),
    ("jobs", "consign_waste", WIGEON),
    ("jobs", "complete_job", WIGEON_COMPLETE),
    ("jobs", "invoice_job", LIBRARY),
    # plans, enclosures and operatives
    ("draft_plan", "approve_plan", cut(THORNEGILL, "approve_plan")),
    ("build_enclosure", "set_air_extraction", cut(THORNEGILL, "set_air_extraction")),
    ("build_enclosure", "smoke_test", cut(THORNEGILL, "smoke_test")),
    ("register_operative", "record_medical", cut(MORCANT, "record_medical")),
    ("operatives", "record_medical", FERELITH_MEDICAL),
    ("register_operative", "record_face_fit", MORCANT_FIT),
    ("operatives", "record_face_fit", FIACHRA_FIT),
    ("register_operative", "assign_operative", MORCANT),
    ("operatives", "assign_operative", DEPOT_CAOIMHE),
    # invoices
    ("accept_quote", "record_payment", cut(THORNEGILL, "record_payment")),
    ("invoices", "record_payment", SPORTS_DEPOSIT),
    ("invoice_job", "record_payment", LIBRARY_PAID),
    # vocabularies
    ("work_categories", "quote_job", BOTTLING),
    ("waste_sites", "consign_waste", WIGEON),
    ("respirators", "draft_plan", SPORTS_PLAN),
    ("respirators", "record_face_fit", FIACHRA_FIT),
    ("dcu_units", "book_dcu", SPORTS_DCU),
    # approval, vetting, documents and settings
    ("approve_plan", "notify_authority", cut(THORNEGILL, "notify_authority")),
    ("record_medical", "assign_operative", DEPOT_FERELITH),
    ("record_face_fit", "assign_operative", DEPOT_FIACHRA),
    ("upload_document", "notify_authority", cut(THORNEGILL, "notify_authority")),
    ("four_stage_clearance", "complete_job", SCIENCE_COMPLETE),
    ("set_air_extraction", "smoke_test", cut(THORNEGILL, "smoke_test")),
    # state
    ("notify_authority", "start_removal", THORNEGILL),
    ("smoke_test", "start_removal", THORNEGILL),
    ("assign_operative", "start_removal", THORNEGILL),
    ("book_dcu", "start_removal", THORNEGILL),
    ("record_air_test", "start_removal", THORNEGILL),
    ("start_removal", "finish_removal", CARDER_FINISH),
    ("finish_removal", "four_stage_clearance", BATHS_CLEAR),
    ("finish_removal", "consign_waste", BATHS_WASTE),
    ("consign_waste", "complete_job", WIGEON_COMPLETE),
    ("complete_job", "invoice_job", SCIENCE_INVOICE),
    ("draft_plan", "assign_operative", THORNEGILL_ASSIGN),
    # payments
    ("record_payment", "start_removal", THORNEGILL),
]

NON_PREREQUISITES = [
    # the waste sites read before the Oxenby Library job is read in full
    ("waste_sites", [("waste_sites", {})] + LIBRARY_DETAIL),
    # the respirators listed before the swimming baths' removal is finished
    ("respirators", [login("ismay"), ("respirators", {"token": IT})] + BATHS_FINISH),
    # Fiachra Gaukroger's face fit recorded before the sports hall's unit is booked
    ("record_face_fit", FIACHRA_FIT + SPORTS_DCU),
    # a leak test on the swimming baths before the science block's clearance
    ("record_air_test", BATHS_LEAK + SCIENCE),
    # what Muiresk owes read before the Oxenby Library job is invoiced
    ("amount_outstanding", MUIRESK_OWES + LIBRARY),
    # a new operative registered before the sports hall's enclosure is built
    ("register_operative", cut(MORCANT, "register_operative") + SPORTS_ENCLOSURE),
    # the surveys listed before Wigeon Court's waste is consigned and the job completed
    ("surveys", cut(BOTTLING, "surveys") + WIGEON_COMPLETE),
    # Ferelith Pentreath's medical recorded before the sports hall's site drawing is filed
    ("record_medical", FERELITH_MEDICAL + SPORTS_DOC),
]
