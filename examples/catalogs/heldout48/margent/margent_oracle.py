"""Scripted proofs that Margent's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, with the module's ``FAILURE``: a refusal is a reply whose ``hr`` is below zero; the
tools are coroutines, so the proofs run through the runtime alone).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff log on by first name (``("log_on",
{...}, "odile")``) and pass ``"$odile.token"``; replies are read by field (``"$book_appointment.appointment_id"``,
``"$start_birth.draft_id"``, ``"$register_entry.entry_id"``, ``"$refer_to_coroner.referral_id"``,
``"$order_certificate.order_id"``, ``"$request_correction.correction_id"``, ``"$open_ncs_case.case_id"``), list
entries by position and field (``"$office_diary.0.appointment_id"``, ``"$mccd_inbox.1.mccd_id"``,
``"$orders.0.order_id"``, ``"$corrections.0.correction_id"``, ``"$find_candidate.0.candidate_id"``), rows by row and
column (``"$search_index.rows.0.0"``, ``"$ceremony_calendar.0.0"``, ``"$fee_schedule.rows.2.0"``). The positions
follow the fresh state's order (appointments by time, other records by id, index rows by date, each list filtered as
the call asks). Every id and fee code is read from a reply; none is written literally (names, dates, times, places,
occupations, addresses, phone numbers, reasons, references, document numbers and amounts are written as the staff
are told them).

The day: the registers are opened; Kerensa Lowdy Carlyon's and Cadan Madoc Trethewey's births are registered, and
Jowan Trelawny-Jago's on the superintendent's authority; Aldous Ellacombe's death is registered for a cremation,
Gervase Hoskyns's once the coroner has cleared it, and Hephzibah Quiller's for a walk-in; Lowenna Carveth's green
form and Tell Us Once reference are given; Morvoren Pengelly's cheque is taken and her copies printed, Demelza
Arbery's are printed, Piran Carveth orders copies; Bryluen Dandridge's entry and Hedyn Pengelly's are corrected;
Radoslaw Wierzbicki, Ebere Okonkwo-Lind and Anjali Raghunathan take part in today's ceremony and the return goes;
Oluwaseun Adebanjo's NCS case is checked and sent; tomorrow's appointment for Meliora Hargreaves is cancelled.
"""

import margent_tools as tools

WHO = {"odile": ("odile.f", "Entry-Folio-31"), "hepzibah": ("hepzibah.m", "Certified-Copy-46"),
       "lemuel": ("lemuel.a", "Union-Flag-27"), "prudence": ("prudence.w", "Till-Float-58"),
       "ignatia": ("ignatia.b", "Strong-Room-83")}
OT, HT, LT, PT, IT = "$odile.token", "$hepzibah.token", "$lemuel.token", "$prudence.token", "$ignatia.token"
TODAY, TOMORROW = "2053-03-11", "2053-03-12"


def log_on(who: str) -> tuple:
    user, password = WHO[who]
    return ("log_on", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def appointment(via: str, token: str, service: str, row: int, time: str, name: str, phone: str) -> tuple:
    """Today's appointment, read from the diary (``row`` among the day's appointments for ``service``) or booked
    as a walk-in at ``time``: the steps and the reference to its id."""
    if via == "office_diary":
        return [("office_diary", {"token": token, "date": TODAY, "service": service})], \
            f"$office_diary.{row}.appointment_id"
    return [("book_appointment", {"token": token, "service": service, "date": TODAY, "time": time, "name": name,
                                  "phone": phone})], "$book_appointment.appointment_id"


# ---- births


def rosamund(via: str) -> list:
    look, ap = appointment(via, OT, "birth", 0, "13:00", "Rosamund Carlyon", "07700 900142")
    return [log_on("odile"), *look, ("record_arrival", {"token": OT, "appointment_id": ap}),
            ("start_birth", {"token": OT, "appointment_id": ap, "forenames": "Kerensa Lowdy", "surname": "Carlyon",
                             "sex": "female", "date_of_birth": "2053-02-20",
                             "place_of_birth": "Quarrendon General Hospital", "parents_married": False}),
            ("add_parent", {"token": OT, "draft_id": "$start_birth.draft_id", "parent": "mother",
                            "forenames": "Rosamund", "surname": "Carlyon", "place_of_birth": "Truro",
                            "occupation": "Potter"}),
            ("sign_entry", {"token": OT, "draft_id": "$start_birth.draft_id", "signed_by": "Rosamund Carlyon"}),
            ("set_register", {"token": OT, "book": "births", "is_open": True}),
            ("register_entry", {"token": OT, "draft_id": "$start_birth.draft_id"})]


def idris(via: str) -> list:
    look, ap = appointment(via, OT, "birth", 1, "13:15", "Madoc Trethewey", "07700 900267")
    return [log_on("odile"), *look, ("record_arrival", {"token": OT, "appointment_id": ap}),
            ("start_birth", {"token": OT, "appointment_id": ap, "forenames": "Cadan Madoc", "surname": "Trethewey",
                             "sex": "male", "date_of_birth": "2053-03-01",
                             "place_of_birth": "9 Netloft Lane, Quarrendon", "parents_married": True}),
            ("add_parent", {"token": OT, "draft_id": "$start_birth.draft_id", "parent": "father",
                            "forenames": "Madoc", "surname": "Trethewey", "place_of_birth": "Quarrendon",
                            "occupation": "Electrician"}, "father"),
            ("add_parent", {"token": OT, "draft_id": "$start_birth.draft_id", "parent": "mother",
                            "forenames": "Tamara", "surname": "Trethewey", "place_of_birth": "Bodmin",
                            "occupation": "Midwife"}),
            ("set_register", {"token": OT, "book": "births", "is_open": True}),
            ("sign_entry", {"token": OT, "draft_id": "$start_birth.draft_id", "signed_by": "Madoc Trethewey"}),
            ("register_entry", {"token": OT, "draft_id": "$start_birth.draft_id"})]


JOWAN = [log_on("odile"), ("office_diary", {"token": OT, "date": TODAY, "service": "birth"}),
         ("record_arrival", {"token": OT, "appointment_id": "$office_diary.2.appointment_id"}),
         ("start_birth", {"token": OT, "appointment_id": "$office_diary.2.appointment_id", "forenames": "Jowan",
                          "surname": "Trelawny-Jago", "sex": "male", "date_of_birth": "2052-10-02",
                          "place_of_birth": "Quarrendon General Hospital", "parents_married": True}),
         ("add_parent", {"token": OT, "draft_id": "$start_birth.draft_id", "parent": "mother",
                         "forenames": "Morwenna", "surname": "Trelawny-Jago", "place_of_birth": "Helston",
                         "occupation": "Solicitor"}),
         ("add_parent", {"token": OT, "draft_id": "$start_birth.draft_id", "parent": "father",
                         "forenames": "Hedley", "surname": "Jago", "place_of_birth": "Redruth",
                         "occupation": "Chef"}, "father"),
         log_on("ignatia"),
         ("authorise_late_registration", {"token": IT, "draft_id": "$start_birth.draft_id",
                                          "reason": "The mother was in hospital for months after the birth"}),
         ("sign_entry", {"token": OT, "draft_id": "$start_birth.draft_id", "signed_by": "Morwenna Trelawny-Jago"}),
         ("set_register", {"token": OT, "book": "births", "is_open": True}),
         ("register_entry", {"token": OT, "draft_id": "$start_birth.draft_id"})]

# ---- deaths


def aldous(via: str) -> list:
    look, ap = appointment(via, OT, "death", 0, "13:45", "Marguerite Ellacombe", "07700 900388")
    return [log_on("odile"), *look, ("record_arrival", {"token": OT, "appointment_id": ap}),
            ("mccd_inbox", {"token": OT, "mccd_state": "received"}),
            ("start_death", {"token": OT, "appointment_id": ap, "mccd_id": "$mccd_inbox.0.mccd_id",
                             "qualification": "relative_present_at_death", "date_of_birth": "1939-01-03",
                             "place_of_birth": "Quarrendon", "occupation": "Harbour master (retired)",
                             "usual_address": "22 Netloft Lane, Quarrendon"}),
            ("sign_entry", {"token": OT, "draft_id": "$start_death.draft_id", "signed_by": "Marguerite Ellacombe"}),
            ("set_register", {"token": OT, "book": "deaths", "is_open": True}),
            ("register_entry", {"token": OT, "draft_id": "$start_death.draft_id"}),
            ("issue_disposal_certificate", {"token": OT, "entry_id": "$register_entry.entry_id",
                                            "disposal": "cremation"}),
            ("tell_us_once", {"token": OT, "entry_id": "$register_entry.entry_id"})]


GERVASE = [log_on("odile"), ("office_diary", {"token": OT, "date": TODAY, "service": "death"}),
           ("record_arrival", {"token": OT, "appointment_id": "$office_diary.1.appointment_id"}),
           ("mccd_inbox", {"token": OT, "mccd_state": "received"}),
           ("refer_to_coroner", {"token": OT, "mccd_id": "$mccd_inbox.1.mccd_id",
                                 "reason": "Malignant mesothelioma: an industrial disease from asbestos at work"}),
           ("record_coroner_decision", {"token": OT, "referral_id": "$refer_to_coroner.referral_id", "form": "100A",
                                        "coroner_officer": "Jacoby Treloar"}),
           ("start_death", {"token": OT, "appointment_id": "$office_diary.1.appointment_id",
                            "mccd_id": "$mccd_inbox.1.mccd_id", "qualification": "relative_present_at_death",
                            "date_of_birth": "1951-07-19", "place_of_birth": "Falmouth",
                            "occupation": "Lagger (retired)", "usual_address": "14 Ropehaven Terrace, Quarrendon"}),
           ("sign_entry", {"token": OT, "draft_id": "$start_death.draft_id", "signed_by": "Kenelm Hoskyns"}),
           ("set_register", {"token": OT, "book": "deaths", "is_open": True}),
           ("register_entry", {"token": OT, "draft_id": "$start_death.draft_id"}),
           ("issue_disposal_certificate", {"token": OT, "entry_id": "$register_entry.entry_id", "disposal": "burial"})]

HEPHZIBAH = [log_on("odile"),
             ("book_appointment", {"token": OT, "service": "death", "date": TODAY, "time": "13:30",
                                   "name": "Zebedee Quiller", "phone": "07700 900852"}),
             ("record_arrival", {"token": OT, "appointment_id": "$book_appointment.appointment_id"}),
             ("mccd_inbox", {"token": OT}),
             ("start_death", {"token": OT, "appointment_id": "$book_appointment.appointment_id",
                              "mccd_id": "$mccd_inbox.2.mccd_id", "qualification": "relative_in_district",
                              "date_of_birth": "1931-04-02", "place_of_birth": "St Keverne",
                              "occupation": "Seamstress (retired)",
                              "usual_address": "Tregony House Care Home, Quarrendon"}),
             ("sign_entry", {"token": OT, "draft_id": "$start_death.draft_id", "signed_by": "Zebedee Quiller"}),
             ("set_register", {"token": OT, "book": "deaths", "is_open": True}),
             ("register_entry", {"token": OT, "draft_id": "$start_death.draft_id"}),
             log_on("hepzibah"), ("fee_schedule", {}),
             ("order_certificate", {"token": HT, "entry_id": "$register_entry.entry_id",
                                    "fee_code": "$fee_schedule.rows.0.0", "copies": 3,
                                    "applicant": "Zebedee Quiller", "delivery": "collect"}),
             ("entry_details", {"token": HT, "entry_id": "$register_entry.entry_id"})]

CARVETH = [log_on("odile"), ("search_index", {"token": OT, "event": "death", "surname": "Carveth"}),
           ("issue_disposal_certificate", {"token": OT, "entry_id": "$search_index.rows.0.0", "disposal": "burial"}),
           ("tell_us_once", {"token": OT, "entry_id": "$search_index.rows.0.0"})]

# ---- certificates and corrections

MORVOREN = [log_on("prudence"), ("orders", {"token": PT, "order_state": "awaiting_payment"}),
           ("take_payment", {"token": PT, "order_id": "$orders.0.order_id", "amount": 25.0, "method": "cheque"}),
           log_on("hepzibah"), ("print_certificate", {"token": HT, "order_id": "$orders.0.order_id"})]
DEMELZA = [log_on("hepzibah"), ("orders", {"token": HT, "order_state": "paid"}),
           ("print_certificate", {"token": HT, "order_id": "$orders.0.order_id"})]
PIRAN = [("fee_schedule", {}), log_on("hepzibah"),
         ("search_index", {"token": HT, "event": "death", "surname": "Carveth", "year": 2053}),
         ("order_certificate", {"token": HT, "entry_id": "$search_index.rows.0.0", "fee_code": "$fee_schedule.rows.0.0",
                                "copies": 2, "applicant": "Piran Carveth", "delivery": "post",
                                "address": "17 Fore Street, Quarrendon"}),
         log_on("prudence"),
         ("take_payment", {"token": PT, "order_id": "$order_certificate.order_id", "amount": 25.0, "method": "card"}),
         ("print_certificate", {"token": HT, "order_id": "$order_certificate.order_id"})]
PIRAN_CANCEL = cut(PIRAN, "order_certificate") + [
    ("cancel_order", {"token": HT, "order_id": "$order_certificate.order_id",
                      "reason": "Ordered twice by mistake; his sister is collecting copies"})]
MORVOREN_CANCEL = [log_on("hepzibah"), ("orders", {"token": HT, "order_state": "awaiting_payment"}),
                  ("cancel_order", {"token": HT, "order_id": "$orders.0.order_id",
                                    "reason": "The applicant has asked for the order to be withdrawn"})]
BRYLUEN = [log_on("hepzibah"), ("corrections", {"token": HT, "correction_state": "pending"}),
          ("add_evidence", {"token": HT, "correction_id": "$corrections.0.correction_id",
                            "document": "employer_letter", "reference": "Kittowe Joinery, ref KJ/2053/114"}),
          log_on("ignatia"), ("approve_correction", {"token": IT, "correction_id": "$corrections.0.correction_id"})]
HEDYN = [log_on("hepzibah"), ("search_index", {"token": HT, "event": "death", "surname": "Pengelly"}),
        ("request_correction", {"token": HT, "entry_id": "$search_index.rows.0.0", "particular": "occupation",
                                "correct_value": "Harbour pilot (retired)", "applicant": "Morvoren Pengelly"}),
        ("add_evidence", {"token": HT, "correction_id": "$request_correction.correction_id",
                          "document": "employer_letter", "reference": "Quarrendon Pilotage Board, ref QHC/PEN/77"}),
        log_on("ignatia"),
        ("approve_correction", {"token": IT, "correction_id": "$request_correction.correction_id"}),
        ("entry_details", {"token": HT, "entry_id": "$search_index.rows.0.0"})]

# ---- ceremonies and the nationality checking service

RADOSLAW = [log_on("lemuel"), ("find_candidate", {"token": LT, "surname": "Wierzbicki"}),
          ("record_oath", {"token": LT, "candidate_id": "$find_candidate.0.candidate_id", "words": "oath"}),
          ("present_certificate", {"token": LT, "candidate_id": "$find_candidate.0.candidate_id"}),
          ("ceremony_calendar", {}),
          ("ceremony_return", {"token": LT, "ceremony_id": "$ceremony_calendar.0.0"})]
EBERE = [log_on("lemuel"), ("find_candidate", {"token": LT, "surname": "Okonkwo"}),
         ("verify_identity", {"token": LT, "candidate_id": "$find_candidate.0.candidate_id", "document": "passport",
                              "number": "533918276"}),
         ("record_oath", {"token": LT, "candidate_id": "$find_candidate.0.candidate_id", "words": "oath"}),
         ("present_certificate", {"token": LT, "candidate_id": "$find_candidate.0.candidate_id"})]
ANJALI = [log_on("lemuel"), ("find_candidate", {"token": LT, "surname": "Raghunathan"}), ("ceremony_calendar", {}),
          ("book_ceremony", {"token": LT, "candidate_id": "$find_candidate.0.candidate_id",
                             "ceremony_id": "$ceremony_calendar.0.0"}),
          ("verify_identity", {"token": LT, "candidate_id": "$find_candidate.0.candidate_id",
                               "document": "residence_permit", "number": "ZR4471920"}),
          ("record_oath", {"token": LT, "candidate_id": "$find_candidate.0.candidate_id", "words": "affirmation"}),
          ("present_certificate", {"token": LT, "candidate_id": "$find_candidate.0.candidate_id"})]


def oluwaseun(via: str) -> list:
    look, ap = appointment(via, LT, "ncs", 0, "16:00", "Oluwaseun Adebanjo", "07700 900520")
    return [log_on("lemuel"), *look, ("record_arrival", {"token": LT, "appointment_id": ap}),
            ("open_ncs_case", {"token": LT, "appointment_id": ap, "route": "naturalisation"}),
            ("check_documents", {"token": LT, "case_id": "$open_ncs_case.case_id",
                                 "documents": ["passport", "life_in_uk_pass", "english_test", "referee_declaration"]}),
            ("fee_schedule", {}),
            ("charge_ncs_fee", {"token": LT, "case_id": "$open_ncs_case.case_id",
                                "fee_code": "$fee_schedule.rows.2.0", "method": "card"}),
            ("submit_ncs", {"token": LT, "case_id": "$open_ncs_case.case_id"})]


def meliora(via: str) -> list:
    if via == "office_diary":
        look = [("office_diary", {"token": OT, "date": TOMORROW, "service": "birth"})]
        ap = "$office_diary.0.appointment_id"
    else:
        look = [("book_appointment", {"token": OT, "service": "birth", "date": TOMORROW, "time": "15:00",
                                      "name": "Meliora Hargreaves", "phone": "07700 900963"})]
        ap = "$book_appointment.appointment_id"
    return [log_on("odile"), *look,
            ("cancel_appointment", {"token": OT, "appointment_id": ap,
                                    "reason": "The baby's father will register the birth instead"})]


ROSAMUND, ALDOUS, OLUWASEUN = rosamund("office_diary"), aldous("office_diary"), oluwaseun("office_diary")
VIAS = ("office_diary", "book_appointment")
_BODY = (
    # appointments
    [(via, "record_arrival", cut(rosamund(via), "record_arrival")) for via in VIAS]
    + [(via, "cancel_appointment", meliora(via)) for via in VIAS]
    + [(via, "start_birth", cut(rosamund(via), "start_birth")) for via in VIAS]
    + [(via, "start_death", cut(aldous(via), "start_death")) for via in VIAS]
    + [(via, "open_ncs_case", cut(oluwaseun(via), "open_ncs_case")) for via in VIAS]
    + [
        # drafts
        ("start_birth", "add_parent", cut(ROSAMUND, "add_parent")),
        ("start_birth", "authorise_late_registration", cut(JOWAN, "authorise_late_registration")),
        ("start_birth", "sign_entry", cut(ROSAMUND, "sign_entry")),
        ("start_death", "sign_entry", cut(ALDOUS, "sign_entry")),
        ("start_birth", "register_entry", cut(idris("office_diary"), "register_entry")),
        ("start_death", "register_entry", cut(ALDOUS, "register_entry")),
        # certificates of cause of death, the coroner
        ("mccd_inbox", "refer_to_coroner", cut(GERVASE, "refer_to_coroner")),
        ("refer_to_coroner", "record_coroner_decision", cut(GERVASE, "record_coroner_decision")),
        ("mccd_inbox", "start_death", cut(HEPHZIBAH, "start_death")),
        # entries
        ("register_entry", "issue_disposal_certificate", cut(ALDOUS, "issue_disposal_certificate")),
        ("search_index", "issue_disposal_certificate", cut(CARVETH, "issue_disposal_certificate")),
        ("register_entry", "tell_us_once", ALDOUS),
        ("search_index", "tell_us_once", CARVETH),
        ("register_entry", "entry_details", HEPHZIBAH),
        ("search_index", "entry_details", HEDYN),
        ("register_entry", "order_certificate", cut(HEPHZIBAH, "order_certificate")),
        ("search_index", "order_certificate", cut(PIRAN, "order_certificate")),
        ("register_entry", "request_correction",
         cut(ALDOUS, "register_entry") + [
             log_on("hepzibah"),
             ("request_correction", {"token": HT, "entry_id": "$register_entry.entry_id",
                                     "particular": "usual_address", "correct_value": "24 Netloft Lane, Quarrendon",
                                     "applicant": "Marguerite Ellacombe"})]),
        ("search_index", "request_correction", cut(HEDYN, "request_correction")),
        # orders
        ("order_certificate", "take_payment", cut(PIRAN, "take_payment")),
        ("orders", "take_payment", cut(MORVOREN, "take_payment")),
        ("order_certificate", "print_certificate", PIRAN),
        ("orders", "print_certificate", DEMELZA),
        ("order_certificate", "cancel_order", PIRAN_CANCEL),
        ("orders", "cancel_order", MORVOREN_CANCEL),
        # corrections
        ("request_correction", "add_evidence", cut(HEDYN, "add_evidence")),
        ("corrections", "add_evidence", cut(BRYLUEN, "add_evidence")),
        ("request_correction", "approve_correction", cut(HEDYN, "approve_correction")),
        ("corrections", "approve_correction", BRYLUEN),
        # candidates and ceremonies
        ("find_candidate", "book_ceremony", cut(ANJALI, "book_ceremony")),
        ("find_candidate", "verify_identity", cut(EBERE, "verify_identity")),
        ("find_candidate", "record_oath", cut(RADOSLAW, "record_oath")),
        ("find_candidate", "present_certificate", cut(RADOSLAW, "present_certificate")),
        ("ceremony_calendar", "book_ceremony", cut(ANJALI, "book_ceremony")),
        ("ceremony_calendar", "ceremony_return", RADOSLAW),
        # NCS cases
        ("open_ncs_case", "check_documents", cut(OLUWASEUN, "check_documents")),
        ("open_ncs_case", "charge_ncs_fee", cut(OLUWASEUN, "charge_ncs_fee")),
        ("open_ncs_case", "submit_ncs", OLUWASEUN),
        # vocabulary, documents, vetting, authority, payment
        ("fee_schedule", "order_certificate", cut(PIRAN, "order_certificate")),
        ("fee_schedule", "charge_ncs_fee", cut(OLUWASEUN, "charge_ncs_fee")),
        ("add_evidence", "approve_correction", BRYLUEN),
        ("check_documents", "submit_ncs", OLUWASEUN),
        ("verify_identity", "record_oath", cut(EBERE, "record_oath")),
        ("authorise_late_registration", "sign_entry", cut(JOWAN, "sign_entry")),
        ("take_payment", "print_certificate", MORVOREN),
        ("charge_ncs_fee", "submit_ncs", OLUWASEUN),
        # states and the registers
        ("record_arrival", "start_birth", cut(ROSAMUND, "start_birth")),
        ("record_arrival", "start_death", cut(ALDOUS, "start_death")),
        ("record_arrival", "open_ncs_case", cut(OLUWASEUN, "open_ncs_case")),
        ("add_parent", "sign_entry", cut(ROSAMUND, "sign_entry")),
        ("sign_entry", "register_entry", ROSAMUND),
        ("record_coroner_decision", "start_death", cut(GERVASE, "start_death")),
        ("book_ceremony", "record_oath", cut(ANJALI, "record_oath")),
        ("record_oath", "present_certificate", cut(EBERE, "present_certificate")),
        ("present_certificate", "ceremony_return", RADOSLAW),
        ("set_register", "register_entry", ROSAMUND),
    ]
)

_OWN = {"log_off": [log_on("ignatia"), ("log_off", {"token": IT})]}


def _auth_proofs() -> list:
    """A log-on proof for every call that needs a token: its own short path, else the shortest path above that
    reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "log_on":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("log_on", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the fee schedule read before Radoslaw Wierzbicki's certificate is presented
    ("fee_schedule", [("fee_schedule", {})] + cut(RADOSLAW, "present_certificate")),
    # Lowenna Carveth's Tell Us Once reference given before Demelza Arbery's copies are printed
    ("tell_us_once", CARVETH + DEMELZA),
    # tomorrow's appointment cancelled before Kerensa Lowdy Carlyon's draft is started
    ("cancel_appointment", meliora("office_diary") + cut(ROSAMUND, "start_birth")[1:]),
    # Ebere Okonkwo-Lind's passport checked before Oluwaseun Adebanjo's NCS case is sent
    ("verify_identity", cut(EBERE, "verify_identity") + OLUWASEUN),
    # Hedyn Pengelly's entry looked up before Gervase Hoskyns's death is referred to the coroner
    ("search_index", cut(HEDYN, "search_index") + cut(GERVASE, "refer_to_coroner")),
    # the births register opened before Aldous Ellacombe's draft is signed
    ("set_register", [log_on("odile"), ("set_register", {"token": OT, "book": "births", "is_open": True})]
     + cut(ALDOUS, "sign_entry")[1:]),
    # Bryluen Dandridge's correction approved before Morvoren Pengelly's copies are printed
    ("approve_correction", BRYLUEN + MORVOREN),
    # a walk-in booked before Radoslaw Wierzbicki makes his oath
    ("book_appointment", [log_on("odile"), ("book_appointment", {"token": OT, "service": "birth", "date": TODAY,
                                                                 "time": "13:00", "name": "Rosamund Carlyon",
                                                                 "phone": "07700 900142"})]
     + cut(RADOSLAW, "record_oath")),
]
