"""Scripted proofs that Aliquot's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, which awaits the coroutines and records a raised built-in exception as an error;
the raw calls return coroutines, so the proofs run through the runtime alone).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "pelagia")``) and pass ``"$pelagia.token"``; replies are read by field
(``"$register_athlete.athlete_id"``, ``"$create_test_order.order_id"``, ``"$collect_sample.sample_id"``,
``"$open_case.case_id"``, ``"$apply_for_tue.tue_id"``), list entries by position and field
(``"$find_athlete.0.athlete_id"``, ``"$test_orders.0.order_id"``, ``"$samples.0.sample_id"``,
``"$cases.0.case_id"``, ``"$tues.0.tue_id"``), a kit by its position in the issue (``"$issue_kits.kits.0"``), rows by
row and column (``"$dcos.0.0"``, ``"$sports.5.0"``, ``"$analysis_menu.3.0"``, ``"$laboratories.1.0"``). The
positions follow the fresh state's order (records by id, each list filtered as the call asks). Every id and code is
read from a reply; none is written literally (names, dates, addresses, times, volumes, specific gravities,
references, substances, letters, reasons, panels and documents are written as the staff are told them).

The day: Akosua Ossei-Frayne is tested, her sample shipped, found adverse and taken through to a decision; Ottavio
Wrenshaw is missed, or tested for blood; Gervais Linnell joins the registered testing pool, files whereabouts, is given
a filing failure, is tested and applies for a TUE; a new triathlete, Torhild Ekwueme-Strom, is registered; Nerissa
Vell's order is authorised and given an officer, and her retroactive TUE is granted and her case closed; Zephyrine
Haugland is notified, suspended, pays for her B sample and is decided; results arrive from the laboratory.
"""

import aliquot_tools as tools

WHO = {"pelagia": ("pelagia.i", "Mission-Planner-22"), "caius": ("caius.m", "Chaperone-Dawn-47"),
       "radegund": ("radegund.u", "Tourniquet-Vial-81"), "hilaire": ("hilaire.p", "B-Bottle-Seal-36"),
       "eudora": ("eudora.f", "Panel-Quorum-58"), "isidore": ("isidore.m", "Sixty-Minutes-14"),
       "ursanne": ("ursanne.v", "Strict-Liability-69")}
PT, CT, RT, HT, ET, IT, UT = ("$pelagia.token", "$caius.token", "$radegund.token", "$hilaire.token",
                              "$eudora.token", "$isidore.token", "$ursanne.token")
ATH = "$find_athlete.0.athlete_id"
NEW = "$register_athlete.athlete_id"
PANEL = ["Dr Kwesi Akinwande", "Dr Ingeborg Sandvik", "Dr Paola Szabo"]


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(token: str, name: str) -> tuple:
    return ("find_athlete", {"token": token, "name": name})


# ---- Akosua Ossei-Frayne: TO-5101 (authorised, due tomorrow) to a decision

AMA = [login("pelagia"), find(PT, "Ossei"),
       ("test_orders", {"token": PT, "status": "authorised", "athlete_id": ATH}),
       ("dcos", {"token": PT}),
       ("assign_dco", {"token": PT, "order_id": "$test_orders.0.order_id", "dco_id": "$dcos.0.0"}),
       ("issue_kits", {"token": PT, "dco_id": "$dcos.0.0", "kit_type": "urine", "count": 2}),
       login("caius"),
       ("notify_athlete", {"token": CT, "order_id": "$test_orders.0.order_id", "notified_at": "06:05",
                           "location": "14 Rye Walk, Hallwick"}),
       ("collect_sample", {"token": CT, "order_id": "$test_orders.0.order_id", "sample_type": "urine",
                           "kit_code": "$issue_kits.kits.0", "volume_ml": 110, "specific_gravity": 1.012}),
       ("laboratories", {}),
       ("dispatch_samples", {"token": CT, "sample_ids": ["$collect_sample.sample_id"],
                             "lab_code": "$laboratories.0.0", "courier_ref": "NMX-40388"}),
       login("hilaire"),
       ("record_lab_result", {"token": HT, "sample_id": "$collect_sample.sample_id", "result": "adverse",
                              "lab_reference": "HWL-53-0412", "substance": "Meldonium"}),
       ("open_case", {"token": HT, "sample_id": "$collect_sample.sample_id"}),
       ("notify_adverse_finding", {"token": HT, "case_id": "$open_case.case_id", "letter_to": "14 Rye Walk, Hallwick",
                                   "reply_by": "2053-03-03"}),
       ("impose_provisional_suspension", {"token": HT, "case_id": "$open_case.case_id", "from_date": "2053-02-17"}),
       ("record_b_sample_fee", {"token": HT, "case_id": "$open_case.case_id", "amount": 350.0,
                                "paid_by": "Akosua Ossei-Frayne"}),
       ("request_b_sample", {"token": HT, "case_id": "$open_case.case_id", "opening_date": "2053-03-05",
                             "athlete_attending": True}),
       ("decide_case", {"token": HT, "case_id": "$open_case.case_id", "outcome": "sanction", "months": 48,
                        "reasons": "Meldonium found; no TUE; no explanation given"})]
AMA_MISSED = cut(AMA, "assign_dco") + [
    login("caius"),
    ("record_unsuccessful_attempt", {"token": CT, "order_id": "$test_orders.0.order_id", "attempted_at": "06:40",
                                     "location": "14 Rye Walk, Hallwick", "notes": "No answer at the door"})]

# ---- Ottavio Wrenshaw: TO-5102 (assigned to DCO-11)

TOBIAH_MISSED = [login("radegund"), ("test_orders", {"token": RT, "status": "assigned"}),
                 ("record_unsuccessful_attempt", {"token": RT, "order_id": "$test_orders.0.order_id",
                                                  "attempted_at": "06:20", "location": "3 Derailleur Row, Kersey",
                                                  "notes": "No answer; the athlete's phone was off"})]
TOBIAH_BLOOD = [login("radegund"), ("test_orders", {"token": RT, "status": "assigned"}),
                ("notify_athlete", {"token": RT, "order_id": "$test_orders.0.order_id", "notified_at": "06:10",
                                    "location": "3 Derailleur Row, Kersey"}),
                ("dcos", {"token": RT}),
                ("issue_kits", {"token": RT, "dco_id": "$dcos.1.0", "kit_type": "blood", "count": 1}),
                ("collect_sample", {"token": RT, "order_id": "$test_orders.0.order_id", "sample_type": "blood",
                                    "kit_code": "$issue_kits.kits.0", "volume_ml": 6})]
TOBIAH_STRIKES = [login("isidore"), find(IT, "Wrenshaw"), ("whereabouts_strikes", {"token": IT, "athlete_id": ATH})]

# ---- Gervais Linnell: the registered testing pool, whereabouts, a failure, a test, a TUE

GERVAIS = [login("isidore"), find(IT, "Linnell"),
          ("add_to_testing_pool", {"token": IT, "athlete_id": ATH, "pool": "rtp"}),
          ("file_whereabouts", {"token": IT, "athlete_id": ATH, "date": "2053-02-19",
                                "address": "41 Billet Street, Kersey", "slot_start": "07:00"}),
          ("record_filing_failure", {"token": IT, "athlete_id": ATH, "quarter": "2053-Q1",
                                     "reason": "No overnight address for March"}),
          ("remove_from_testing_pool", {"token": IT, "athlete_id": ATH, "reason": "Retired from competition"})]
GERVAIS_RECORD = [login("isidore"), find(IT, "Linnell"), ("athlete_record", {"token": IT, "athlete_id": ATH})]
GERVAIS_TEST = [login("pelagia"), find(PT, "Linnell"), ("analysis_menu", {}),
               ("create_test_order", {"token": PT, "athlete_id": ATH, "kind": "out_of_competition",
                                      "analyses": ["$analysis_menu.0.0", "$analysis_menu.3.0"],
                                      "due_by": "2053-02-19"}),
               login("ursanne"), ("authorise_test_order", {"token": UT, "order_id": "$create_test_order.order_id"}),
               ("dcos", {"token": PT}),
               ("assign_dco", {"token": PT, "order_id": "$create_test_order.order_id", "dco_id": "$dcos.0.0"}),
               login("caius"),
               ("notify_athlete", {"token": CT, "order_id": "$create_test_order.order_id", "notified_at": "07:10",
                                   "location": "41 Billet Street, Kersey"}),
               ("issue_kits", {"token": CT, "dco_id": "$dcos.0.0", "kit_type": "urine", "count": 1}),
               ("collect_sample", {"token": CT, "order_id": "$create_test_order.order_id", "sample_type": "urine",
                                   "kit_code": "$issue_kits.kits.0", "volume_ml": 95, "specific_gravity": 1.009})]
GERVAIS_CANCEL = cut(GERVAIS_TEST, "create_test_order") + [
    ("cancel_test_order", {"token": PT, "order_id": "$create_test_order.order_id",
                           "reason": "Gervais Linnell is injured and out of training"})]
GERVAIS_MISSED = cut(GERVAIS_TEST, "assign_dco") + [
    login("caius"),
    ("record_unsuccessful_attempt", {"token": CT, "order_id": "$create_test_order.order_id",
                                     "attempted_at": "07:30", "location": "41 Billet Street, Kersey",
                                     "notes": "Nobody at the address"})]
GERVAIS_TUE = [login("eudora"), find(ET, "Linnell"),
              ("apply_for_tue", {"token": ET, "athlete_id": ATH, "substance": "Insulin",
                                 "diagnosis": "Type 1 diabetes", "physician": "Dr Orlaith Thistlewood"}),
              ("attach_medical_evidence", {"token": ET, "tue_id": "$apply_for_tue.tue_id",
                                           "documents": ["Diagnosis letter", "Glucose monitoring record"]}),
              ("decide_tue", {"token": ET, "tue_id": "$apply_for_tue.tue_id", "decision": "granted", "panel": PANEL,
                              "valid_until": "2056-12-31"})]

# ---- Torhild Ekwueme-Strom, a new triathlete

TORHILD = [login("isidore"), ("sports", {}),
           ("register_athlete", {"token": IT, "name": "Torhild Ekwueme-Strom", "date_of_birth": "2031-09-03",
                                 "sport": "$sports.5.0", "nationality": "Northmarch",
                                 "email": "torhild.es@example.net"}),
           ("add_to_testing_pool", {"token": IT, "athlete_id": NEW, "pool": "rtp"}),
           ("file_whereabouts", {"token": IT, "athlete_id": NEW, "date": "2053-02-20",
                                 "address": "9 Lockkeeper's Row, Hallwick", "slot_start": "06:30"})]
TORHILD_FAILURE = cut(TORHILD, "add_to_testing_pool") + [
    ("record_filing_failure", {"token": IT, "athlete_id": NEW, "quarter": "2053-Q1",
                               "reason": "Training camp address left out"})]
TORHILD_REMOVE = cut(TORHILD, "add_to_testing_pool") + [
    ("remove_from_testing_pool", {"token": IT, "athlete_id": NEW, "reason": "Entered in error"})]
TORHILD_RECORD = cut(TORHILD, "register_athlete") + [("athlete_record", {"token": IT, "athlete_id": NEW})]
TORHILD_STRIKES = cut(TORHILD, "register_athlete") + [("whereabouts_strikes", {"token": IT, "athlete_id": NEW})]
TORHILD_TEST = cut(TORHILD, "register_athlete") + [
    login("pelagia"), ("analysis_menu", {}),
    ("create_test_order", {"token": PT, "athlete_id": NEW, "kind": "out_of_competition",
                           "analyses": ["$analysis_menu.0.0"], "due_by": "2053-02-20"})]
TORHILD_TUE = cut(TORHILD, "register_athlete") + [
    ("apply_for_tue", {"token": IT, "athlete_id": NEW, "substance": "Salbutamol",
                       "diagnosis": "Exercise-induced asthma", "physician": "Dr Mirela Stanescu"})]

# ---- Nerissa Vell: TO-5103 (a draft); TUE-0881 and RM-0207

NERISSA_ORDER = [login("pelagia"), find(PT, "Vell"),
                 ("test_orders", {"token": PT, "status": "draft", "athlete_id": ATH}),
                 login("ursanne"), ("authorise_test_order", {"token": UT, "order_id": "$test_orders.0.order_id"}),
                 ("dcos", {"token": PT}),
                 ("set_dco_availability", {"token": PT, "dco_id": "$dcos.2.0", "date": "2053-02-21",
                                           "available": True}),
                 ("assign_dco", {"token": PT, "order_id": "$test_orders.0.order_id", "dco_id": "$dcos.2.0"})]
NERISSA_CANCEL = cut(NERISSA_ORDER, "test_orders") + [
    ("cancel_test_order", {"token": PT, "order_id": "$test_orders.0.order_id",
                           "reason": "Nerissa Vell is racing abroad that week"})]
NERISSA_TUE = [login("eudora"), ("tues", {"token": ET, "status": "pending"}),
               ("attach_medical_evidence", {"token": ET, "tue_id": "$tues.0.tue_id",
                                            "documents": ["Hospital discharge letter",
                                                          "Respiratory consultant's report"]}),
               ("decide_tue", {"token": ET, "tue_id": "$tues.0.tue_id", "decision": "granted", "panel": PANEL,
                               "valid_until": "2053-03-31"}),
               login("hilaire"), ("cases", {"token": HT, "status": "notified"}),
               ("decide_case", {"token": HT, "case_id": "$cases.0.case_id", "outcome": "no_case", "months": 0,
                                "reasons": "A retroactive TUE for prednisolone was granted"})]

# ---- Zephyrine Haugland: RM-0210 (open); the laboratory's results

ZEPHYRINE = [login("hilaire"), ("cases", {"token": HT, "status": "open"}),
           ("notify_adverse_finding", {"token": HT, "case_id": "$cases.0.case_id",
                                       "letter_to": "Ms Lakshmi Fitzmaurice, Fitzmaurice Sports Law, Kersey",
                                       "reply_by": "2053-03-03"}),
           ("impose_provisional_suspension", {"token": HT, "case_id": "$cases.0.case_id", "from_date": "2053-02-17"}),
           ("record_b_sample_fee", {"token": HT, "case_id": "$cases.0.case_id", "amount": 350.0,
                                    "paid_by": "Zephyrine Haugland"}),
           ("request_b_sample", {"token": HT, "case_id": "$cases.0.case_id", "opening_date": "2053-03-03",
                                 "athlete_attending": True}),
           ("decide_case", {"token": HT, "case_id": "$cases.0.case_id", "outcome": "sanction", "months": 24,
                            "reasons": "Clenbuterol; contaminated meat accepted in part"})]
ZEPHYRINE_RECORD = [login("hilaire"), find(HT, "Haugland"), ("athlete_record", {"token": HT, "athlete_id": ATH})]
LAB_RESULT = [login("hilaire"), ("samples", {"token": HT, "status": "dispatched"}),
              ("record_lab_result", {"token": HT, "sample_id": "$samples.0.sample_id", "result": "adverse",
                                     "lab_reference": "KRS-53-1187", "substance": "Erythropoietin"}),
              ("open_case", {"token": HT, "sample_id": "$samples.0.sample_id"})]
SHIP_OLD = [login("caius"), ("samples", {"token": CT, "status": "collected"}), ("laboratories", {}),
            ("dispatch_samples", {"token": CT, "sample_ids": ["$samples.0.sample_id"], "lab_code": "$laboratories.1.0",
                                  "courier_ref": "NMX-40390"})]
KITS = [login("pelagia"), ("dcos", {"token": PT}),
        ("issue_kits", {"token": PT, "dco_id": "$dcos.2.0", "kit_type": "urine", "count": 4})]
AMA_FILES = [login("isidore"), find(IT, "Ossei"),
             ("file_whereabouts", {"token": IT, "athlete_id": ATH, "date": "2053-02-22",
                                   "address": "Hallwick Track, Cinder Lane", "slot_start": "08:00"})]

_BODY = [
    # athletes
    ("find_athlete", "athlete_record", ZEPHYRINE_RECORD),
    ("register_athlete", "athlete_record", TORHILD_RECORD),
    ("find_athlete", "add_to_testing_pool", cut(GERVAIS, "add_to_testing_pool")),
    ("register_athlete", "add_to_testing_pool", cut(TORHILD, "add_to_testing_pool")),
    ("find_athlete", "remove_from_testing_pool", GERVAIS),
    ("register_athlete", "remove_from_testing_pool", TORHILD_REMOVE),
    ("find_athlete", "file_whereabouts", cut(GERVAIS, "file_whereabouts")),
    ("register_athlete", "file_whereabouts", TORHILD),
    ("find_athlete", "whereabouts_strikes", TOBIAH_STRIKES),
    ("register_athlete", "whereabouts_strikes", TORHILD_STRIKES),
    ("find_athlete", "record_filing_failure", cut(GERVAIS, "record_filing_failure")),
    ("register_athlete", "record_filing_failure", TORHILD_FAILURE),
    ("find_athlete", "create_test_order", cut(GERVAIS_TEST, "create_test_order")),
    ("register_athlete", "create_test_order", TORHILD_TEST),
    ("find_athlete", "apply_for_tue", cut(GERVAIS_TUE, "apply_for_tue")),
    ("register_athlete", "apply_for_tue", TORHILD_TUE),
    # test orders and officers
    ("create_test_order", "authorise_test_order", cut(GERVAIS_TEST, "authorise_test_order")),
    ("test_orders", "authorise_test_order", cut(NERISSA_ORDER, "authorise_test_order")),
    ("create_test_order", "cancel_test_order", GERVAIS_CANCEL),
    ("test_orders", "cancel_test_order", NERISSA_CANCEL),
    ("create_test_order", "assign_dco", cut(GERVAIS_TEST, "assign_dco")),
    ("test_orders", "assign_dco", cut(AMA, "assign_dco")),
    ("create_test_order", "notify_athlete", cut(GERVAIS_TEST, "notify_athlete")),
    ("test_orders", "notify_athlete", cut(AMA, "notify_athlete")),
    ("create_test_order", "record_unsuccessful_attempt", GERVAIS_MISSED),
    ("test_orders", "record_unsuccessful_attempt", TOBIAH_MISSED),
    ("create_test_order", "collect_sample", GERVAIS_TEST),
    ("test_orders", "collect_sample", TOBIAH_BLOOD),
    ("dcos", "set_dco_availability", cut(NERISSA_ORDER, "set_dco_availability")),
    ("dcos", "assign_dco", cut(AMA, "assign_dco")),
    ("dcos", "issue_kits", cut(AMA, "issue_kits")),
    ("issue_kits", "collect_sample", cut(AMA, "collect_sample")),
    # samples, cases, TUEs
    ("collect_sample", "dispatch_samples", cut(AMA, "dispatch_samples")),
    ("samples", "dispatch_samples", SHIP_OLD),
    ("collect_sample", "record_lab_result", cut(AMA, "record_lab_result")),
    ("samples", "record_lab_result", cut(LAB_RESULT, "record_lab_result")),
    ("collect_sample", "open_case", cut(AMA, "open_case")),
    ("samples", "open_case", LAB_RESULT),
    ("open_case", "notify_adverse_finding", cut(AMA, "notify_adverse_finding")),
    ("cases", "notify_adverse_finding", cut(ZEPHYRINE, "notify_adverse_finding")),
    ("open_case", "impose_provisional_suspension", cut(AMA, "impose_provisional_suspension")),
    ("cases", "impose_provisional_suspension", cut(ZEPHYRINE, "impose_provisional_suspension")),
    ("open_case", "record_b_sample_fee", cut(AMA, "record_b_sample_fee")),
    ("cases", "record_b_sample_fee", cut(ZEPHYRINE, "record_b_sample_fee")),
    ("open_case", "request_b_sample", cut(AMA, "request_b_sample")),
    ("cases", "request_b_sample", cut(ZEPHYRINE, "request_b_sample")),
    ("open_case", "decide_case", AMA),
    ("cases", "decide_case", ZEPHYRINE),
    ("apply_for_tue", "attach_medical_evidence", cut(GERVAIS_TUE, "attach_medical_evidence")),
    ("tues", "attach_medical_evidence", cut(NERISSA_TUE, "attach_medical_evidence")),
    ("apply_for_tue", "decide_tue", GERVAIS_TUE),
    ("tues", "decide_tue", cut(NERISSA_TUE, "decide_tue")),
    # vocabularies
    ("sports", "register_athlete", cut(TORHILD, "register_athlete")),
    ("analysis_menu", "create_test_order", cut(GERVAIS_TEST, "create_test_order")),
    ("laboratories", "dispatch_samples", SHIP_OLD),
    # approvals, the setting, the document, the payment
    ("authorise_test_order", "assign_dco", cut(GERVAIS_TEST, "assign_dco")),
    ("decide_tue", "decide_case", NERISSA_TUE),
    ("set_dco_availability", "assign_dco", NERISSA_ORDER),
    ("attach_medical_evidence", "decide_tue", GERVAIS_TUE),
    ("record_b_sample_fee", "request_b_sample", cut(ZEPHYRINE, "request_b_sample")),
    # states
    ("add_to_testing_pool", "file_whereabouts", TORHILD),
    ("add_to_testing_pool", "record_filing_failure", cut(GERVAIS, "record_filing_failure")),
    ("add_to_testing_pool", "remove_from_testing_pool", TORHILD_REMOVE),
    ("assign_dco", "notify_athlete", cut(GERVAIS_TEST, "notify_athlete")),
    ("assign_dco", "record_unsuccessful_attempt", AMA_MISSED),
    ("notify_athlete", "collect_sample", cut(AMA, "collect_sample")),
    ("dispatch_samples", "record_lab_result", cut(AMA, "record_lab_result")),
    ("record_lab_result", "open_case", LAB_RESULT),
    ("notify_adverse_finding", "impose_provisional_suspension", cut(AMA, "impose_provisional_suspension")),
    ("notify_adverse_finding", "request_b_sample", cut(AMA, "request_b_sample")),
    ("notify_adverse_finding", "decide_case", ZEPHYRINE),
]

_OWN = {"sign_out": [login("ursanne"), ("sign_out", {"token": UT})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above that
    reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the sports read before Akosua Ossei-Frayne is notified
    ("sports", [("sports", {})] + cut(AMA, "notify_athlete")),
    # Ottavio Wrenshaw's strikes counted before Zephyrine Haugland is suspended
    ("whereabouts_strikes", TOBIAH_STRIKES + cut(ZEPHYRINE, "impose_provisional_suspension")),
    # Nerissa Vell's order cancelled before Akosua Ossei-Frayne's sample is collected
    ("cancel_test_order", NERISSA_CANCEL + cut(AMA, "collect_sample")),
    # Gervais Linnell's record read before an old sample is shipped
    ("athlete_record", GERVAIS_RECORD + SHIP_OLD),
    # kits issued to Wenceslas Inchbald before Gervais Linnell leaves the testing pool
    ("issue_kits", KITS + GERVAIS),
    # Akosua Ossei-Frayne's whereabouts filed before an old sample is shipped
    ("file_whereabouts", AMA_FILES + SHIP_OLD),
    # the analysis menu read before Nerissa Vell's TUE and case
    ("analysis_menu", [("analysis_menu", {})] + NERISSA_TUE),
    # Torhild Ekwueme-Strom's TUE applied for before Ottavio Wrenshaw's blood is taken
    ("apply_for_tue", TORHILD_TUE + TOBIAH_BLOOD),
]
