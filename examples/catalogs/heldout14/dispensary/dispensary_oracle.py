"""Scripted proofs that Dispensary's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the runtime: a returned ``{"ok": false, "reason": ...}`` is a
refusal by the runtime's common conventions; the pydantic replies are read as the runtime's JSON).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff
sign in by role (``("staff_sign_in", {...}, "tech")``, ``"$tech.session_id"``; ``"rph"`` for the
pharmacist); a found patient is saved as ``pt`` (``"$pt.0.patient_id"``), a registered one too
(``"$pt.patient_id"``). Models are read by field (``"$list_prescriptions.0.rx_number"``,
``"$get_patient_profile.coverages.0.coverage_id"``, ``"$enter_prescription.dur_alerts.0"``,
``"$submit_claim.claim_id"``), rows by position (``"$list_dur_alerts.0.0"``,
``"$list_discount_programs.2.0"``, ``"$list_vaccine_slots.0.0"``) and the lot list by index
(``"$list_vaccine_lots.0"``). The only id written inside a sentence, the fill a refill request
queues (``F-30410``, the first fill of a fresh state), is written literally.
"""

TECH = ("staff_sign_in", {"employee_id": "T-1042", "pin": "4417"}, "tech")
RPH = ("staff_sign_in", {"employee_id": "RPH-207", "pin": "8830"}, "rph")
T, R = "$tech.session_id", "$rph.session_id"
REFILL_FILL = "F-30410"

PEOPLE = {
    "harold": ("Whitcombe", "1951-06-02"), "joan": ("Whitcombe", "1953-09-14"),
    "maria": ("Santos", "1988-11-19"), "kenji": ("Watanabe", "1975-03-08"),
}
PRIYA = {"first_name": "Priya", "last_name": "Raman", "date_of_birth": "1992-04-27", "phone": "(614) 555-0466"}
KENJI_CARD = {"bin": "003858", "pcn": "BEMRX", "group_id": "BE44120", "member_id": "BEX30917726"}
COPAY_CARD = {"card_bin": "600426", "card_group": "EC95501", "card_member_id": "OZ7720319455"}


def patient(who: str) -> tuple:
    """The steps that give a patient id, and the reference to it."""
    if who == "priya":
        return [("register_patient", PRIYA, "pt")], "$pt.patient_id"
    last, dob = PEOPLE[who]
    return [("find_patient", {"last_name": last, "date_of_birth": dob}, "pt")], "$pt.0.patient_id"


def rx_of(who: str, status: str) -> tuple:
    steps, pt = patient(who)
    return steps + [("list_prescriptions", {"patient_id": pt, "status": status})], "$list_prescriptions.0.rx_number"


COV = "$get_patient_profile.coverages.0.coverage_id"
FILL = "$start_fill.fill_id"


def warfarin(upto: str, refill: bool = False) -> list:
    """Harold's warfarin (Rx 6100231) filled at the counter (or queued by a refill request), billed to
    his Part D plan, verified, bagged and collected."""
    steps, pt = patient("harold")
    steps = [TECH] + steps + [("list_prescriptions", {"patient_id": pt, "status": "active"})]
    rx = "$list_prescriptions.0.rx_number"
    if refill:
        steps.append(("request_refill", {"rx_number": rx}))
        fill = REFILL_FILL
    else:
        steps.append(("start_fill", {"session_id": T, "rx_number": rx}))
        fill = FILL
    if upto == "fill":
        return steps
    if upto == "cancel_fill":
        return steps + [("cancel_fill", {"session_id": T, "fill_id": fill, "reason": "Patient changed their mind"})]
    if upto == "price_as_cash":
        return steps + [("list_discount_programs", {}),
                        ("price_as_cash", {"fill_id": fill, "program_code": "$list_discount_programs.2.0"})]
    steps += [("get_patient_profile", {"patient_id": pt}),
              ("submit_claim", {"fill_id": fill, "coverage_id": COV})]
    if upto == "submit_claim":
        return steps
    if upto in ("reverse_claim", "cancel_after_reverse"):
        steps.append(("reverse_claim", {"session_id": T, "claim_id": "$submit_claim.claim_id",
                                        "reason": "Billed before the INR result; hold the fill"}))
        if upto == "cancel_after_reverse":
            steps.append(("cancel_fill", {"session_id": T, "fill_id": fill, "reason": "Dose changed by prescriber"}))
        return steps
    steps += [RPH, ("verify_fill", {"session_id": R, "fill_id": fill})]
    if upto == "verify_fill":
        return steps
    steps.append(("assign_bin", {"fill_id": fill}))
    if upto == "assign_bin":
        return steps
    return steps + [("record_pickup", {"fill_id": fill, "picked_up_by": "Joan Whitcombe (wife)", "id_checked": False,
                                       "counselling": "declined"})]


def metformin(upto: str) -> list:
    """Joan's metformin (Rx 6100388) is out of stock: special-ordered, checked in, filled, priced as a
    cash sale under Senior Ten and verified."""
    steps, pt = patient("joan")
    steps = [TECH, ("search_drugs", {"query": "metformin"})]
    if upto == "check_stock":
        return steps + [("check_stock", {"ndc": "$search_drugs.0.ndc"})]
    steps.append(("place_special_order", {"ndc": "$search_drugs.0.ndc", "packs": 2}))
    if upto == "place_special_order":
        return steps
    steps.append(("receive_special_order", {"session_id": T, "order_id": "$place_special_order.order_id"}))
    if upto == "receive_special_order":
        return steps
    steps += patient("joan")[0] + [("list_prescriptions", {"patient_id": pt, "status": "active"}),
                                   ("start_fill", {"session_id": T, "rx_number": "$list_prescriptions.0.rx_number"})]
    if upto == "start_fill":
        return steps
    steps += [("list_discount_programs", {}),
              ("price_as_cash", {"fill_id": FILL, "program_code": "$list_discount_programs.2.0"})]
    if upto == "price_as_cash":
        return steps
    return steps + [RPH, ("verify_fill", {"session_id": R, "fill_id": FILL})]


def fluconazole(upto: str) -> list:
    """Harold's new fluconazole (Rx 6100470) carries major alert DA-880 against his warfarin: the
    pharmacist resolves it before the fill starts."""
    steps, pt = patient("harold")
    steps = [TECH, RPH] + steps + [("list_prescriptions", {"patient_id": pt, "status": "new"}),
                                   ("list_dur_alerts", {"rx_number": "$list_prescriptions.0.rx_number"})]
    if upto == "list_dur_alerts":
        return steps
    steps.append(("override_dur_alert", {"session_id": R, "alert_id": "$list_dur_alerts.0.0", "outcome_code": "1G",
                                         "note": "Spoke to Dr. Price: single dose; INR check booked for Friday"}))
    if upto == "override_dur_alert":
        return steps
    return steps + [("start_fill", {"session_id": T, "rx_number": "$list_prescriptions.0.rx_number"})]


def oxycodone(upto: str) -> list:
    """Dr. Iyer's paper prescription of oxycodone for Maria after oral surgery, entered at the counter
    (a moderate alert against her sertraline)."""
    steps, pt = patient("maria")
    steps = [TECH, RPH] + steps + [("search_prescribers", {"last_name": "Iyer"}),
                                   ("search_drugs", {"query": "oxycodone"}),
                                   ("enter_prescription", {"session_id": T, "patient_id": pt,
                                                           "prescriber_npi": "$search_prescribers.0.npi",
                                                           "ndc": "$search_drugs.0.ndc", "quantity": 12,
                                                           "days_supply": 3,
                                                           "directions": "Take 1 tablet by mouth every 6 hours as "
                                                                         "needed for pain", "refills": 0})]
    if upto == "enter_prescription":
        return steps
    if upto == "list_dur_alerts":
        return steps + [("list_dur_alerts", {"rx_number": "$enter_prescription.rx_number"})]
    if upto == "override_dur_alert":
        return steps + [("override_dur_alert", {"session_id": R, "alert_id": "$enter_prescription.dur_alerts.0",
                                                "outcome_code": "1B", "note": "Short course; counselled on "
                                                                              "serotonin symptoms"})]
    return steps + [("start_fill", {"session_id": T, "rx_number": "$enter_prescription.rx_number"})]


def priya_rx() -> list:
    """Priya registers and hands in Dr. Price's prescription for lisinopril."""
    steps, pt = patient("priya")
    return [TECH] + steps + [("search_prescribers", {"last_name": "Price", "city": "Columbus"}),
                             ("search_drugs", {"query": "lisinopril"}),
                             ("enter_prescription", {"session_id": T, "patient_id": pt,
                                                     "prescriber_npi": "$search_prescribers.0.npi",
                                                     "ndc": "$search_drugs.0.ndc", "quantity": 30, "days_supply": 30,
                                                     "directions": "Take 1 tablet by mouth daily", "refills": 5})]


def ozempic(upto: str) -> list:
    """Maria's Ozempic (Rx 6100455): special-ordered, started, approved on a new ePA with E11.9,
    billed to BlueSky and the copay put on her savings card."""
    steps, pt = patient("maria")
    steps = [TECH] + steps + [("list_prescriptions", {"patient_id": pt, "status": "new"}),
                              ("get_patient_profile", {"patient_id": pt})]
    rx = "$list_prescriptions.0.rx_number"
    pa = ("request_prior_authorization", {"session_id": T, "rx_number": rx, "coverage_id": COV,
                                          "diagnosis_code": "E11.9",
                                          "justification": "Type 2 diabetes, A1c 8.4% on metformin; Dr. Lee"})
    if upto == "request_prior_authorization":
        return steps + [pa]
    steps += [("search_drugs", {"query": "ozempic"}),
              ("place_special_order", {"ndc": "$search_drugs.0.ndc", "packs": 1}),
              ("receive_special_order", {"session_id": T, "order_id": "$place_special_order.order_id"}),
              ("start_fill", {"session_id": T, "rx_number": rx}), pa,
              ("submit_claim", {"fill_id": FILL, "coverage_id": COV})]
    if upto == "submit_claim":
        return steps
    return steps + [("apply_copay_card", {"claim_id": "$submit_claim.claim_id", **COPAY_CARD})]


def kenji(upto: str) -> list:
    """Kenji's new Buckeye card goes on file and is checked; his lisinopril is transferred in from
    Riverside Drug, filled and billed to the new plan."""
    steps, pt = patient("kenji")
    steps = [TECH, RPH] + steps + [("add_coverage", {"patient_id": pt, **KENJI_CARD})]
    if upto == "add_coverage":
        return steps
    steps.append(("verify_eligibility", {"coverage_id": "$add_coverage.coverage_id"}))
    if upto == "verify_eligibility":
        return steps
    steps += [("search_drugs", {"query": "lisinopril"}),
              ("transfer_in", {"session_id": R, "patient_id": pt, "from_pharmacy": "Riverside Drug",
                               "from_phone": "(614) 555-0710", "original_rx_number": "RX448213",
                               "ndc": "$search_drugs.0.ndc", "refills_remaining": 4,
                               "directions": "Take 1 tablet by mouth daily"})]
    if upto == "transfer_in":
        return steps
    steps.append(("start_fill", {"session_id": T, "rx_number": "$transfer_in.rx_number"}))
    return steps + [("submit_claim", {"fill_id": FILL, "coverage_id": "$add_coverage.coverage_id"})]


def new_ozempic(who: str, coverage: str = "profile") -> list:
    """Dr. Lee sends a new Ozempic prescription; the pharmacy asks the plan for prior authorization."""
    steps, pt = patient(who)
    steps = [TECH] + steps + [("search_drugs", {"query": "semaglutide"}),
                              ("enter_prescription", {"session_id": T, "patient_id": pt, "prescriber_npi": "1659384021",
                                                      "ndc": "$search_drugs.0.ndc", "quantity": 1, "days_supply": 28,
                                                      "directions": "Inject 0.5 mg under the skin once weekly",
                                                      "refills": 5})]
    if coverage == "profile":
        steps.append(("get_patient_profile", {"patient_id": pt}))
        cov = COV
    else:
        steps.append(("add_coverage", {"patient_id": pt, **KENJI_CARD}))
        cov = "$add_coverage.coverage_id"
    return steps + [("request_prior_authorization", {"session_id": T, "rx_number": "$enter_prescription.rx_number",
                                                     "coverage_id": cov, "diagnosis_code": "E11.65",
                                                     "justification": "Type 2 diabetes with hyperglycaemia"})]


def flu_shot(upto: str, who: str = "priya") -> list:
    """A flu shot on Thursday 16 March: booked, screened and given from an in-date lot."""
    steps, pt = patient(who)
    steps = [RPH] + steps + [("list_vaccine_slots", {"date": "2028-03-16", "vaccine": "flu"}),
                             ("book_vaccination", {"patient_id": pt, "slot_id": "$list_vaccine_slots.0.0",
                                                   "vaccine": "flu"})]
    appt = "$book_vaccination.appointment_id"
    if upto == "book_vaccination":
        return steps
    if upto == "cancel_vaccination":
        return steps + [("cancel_vaccination", {"appointment_id": appt})]
    steps.append(("complete_screening", {"appointment_id": appt, "conditions": []}))
    if upto == "complete_screening":
        return steps
    return steps + [("list_vaccine_lots", {"vaccine": "flu"}),
                    ("administer_vaccine", {"session_id": R, "appointment_id": appt,
                                            "lot_number": "$list_vaccine_lots.0", "site": "left deltoid"})]


def for_patient(who: str, consumer: str) -> list:
    """The simplest path from a patient id to ``consumer``."""
    steps, pt = patient(who)
    tail = {
        "get_patient_profile": [("get_patient_profile", {"patient_id": pt})],
        "update_patient_contact": [("update_patient_contact", {"patient_id": pt,
                                                               "email": "m.santos.columbus@example.com"
                                                               if who == "maria" else "priya.raman@example.org"})],
        "record_allergy": [("record_allergy", {"patient_id": pt, "allergen": "codeine", "reaction": "nausea"})],
        "list_prescriptions": [("list_prescriptions", {"patient_id": pt})],
        "list_prior_authorizations": [("list_prior_authorizations", {"patient_id": pt})],
        "send_patient_message": [("send_patient_message", {"patient_id": pt, "channel": "sms",
                                                           "body": "Your prescription is ready for pickup at "
                                                                   "Larkfield Pharmacy."})],
    }[consumer]
    return steps + tail


PROOFS = [
    # auth: every staff step needs a workstation session
    ("staff_sign_in", "sign_out", [TECH, ("sign_out", {"session_id": T})]),
    ("staff_sign_in", "receive_special_order", metformin("receive_special_order")),
    ("staff_sign_in", "enter_prescription", oxycodone("enter_prescription")),
    ("staff_sign_in", "override_dur_alert", fluconazole("override_dur_alert")),
    ("staff_sign_in", "transfer_in", kenji("transfer_in")),
    ("staff_sign_in", "transfer_out", [RPH] + rx_of("joan", "active")[0] + [
        ("transfer_out", {"session_id": R, "rx_number": "$list_prescriptions.0.rx_number",
                          "to_pharmacy": "CVS Pharmacy #4471, Sarasota FL", "to_phone": "(941) 555-0188"})]),
    ("staff_sign_in", "start_fill", warfarin("fill")),
    ("staff_sign_in", "reverse_claim", warfarin("reverse_claim")),
    ("staff_sign_in", "request_prior_authorization", ozempic("request_prior_authorization")),
    ("staff_sign_in", "verify_fill", warfarin("verify_fill")),
    ("staff_sign_in", "cancel_fill", warfarin("cancel_fill")),
    ("staff_sign_in", "administer_vaccine", flu_shot("administer_vaccine")),
    # patient ids, found or registered
    ("find_patient", "get_patient_profile", for_patient("harold", "get_patient_profile")),
    ("register_patient", "get_patient_profile", for_patient("priya", "get_patient_profile")),
    ("find_patient", "update_patient_contact", for_patient("maria", "update_patient_contact")),
    ("register_patient", "update_patient_contact", for_patient("priya", "update_patient_contact")),
    ("find_patient", "record_allergy", for_patient("kenji", "record_allergy")),
    ("register_patient", "record_allergy", for_patient("priya", "record_allergy")),
    ("find_patient", "add_coverage", kenji("add_coverage")),
    ("register_patient", "add_coverage", patient("priya")[0] + [
        ("add_coverage", {"patient_id": "$pt.patient_id", "bin": "610014", "pcn": "BSKYRX", "group_id": "BSK20417",
                          "member_id": "BSK7730561"})]),
    ("find_patient", "enter_prescription", oxycodone("enter_prescription")),
    ("register_patient", "enter_prescription", priya_rx()),
    ("find_patient", "list_prescriptions", for_patient("harold", "list_prescriptions")),
    ("register_patient", "list_prescriptions", for_patient("priya", "list_prescriptions")),
    ("find_patient", "transfer_in", kenji("transfer_in")),
    ("register_patient", "transfer_in", [RPH] + patient("priya")[0] + [
        ("search_drugs", {"query": "sertraline"}),
        ("transfer_in", {"session_id": R, "patient_id": "$pt.patient_id", "from_pharmacy": "Walgreens #10233",
                         "from_phone": "(312) 555-0144", "original_rx_number": "5520871", "ndc": "$search_drugs.0.ndc",
                         "refills_remaining": 3, "directions": "Take 1 tablet by mouth daily"})]),
    ("find_patient", "list_prior_authorizations", for_patient("maria", "list_prior_authorizations")),
    ("register_patient", "list_prior_authorizations", for_patient("priya", "list_prior_authorizations")),
    ("find_patient", "book_vaccination", flu_shot("book_vaccination", "kenji")),
    ("register_patient", "book_vaccination", flu_shot("book_vaccination")),
    ("find_patient", "send_patient_message", for_patient("maria", "send_patient_message")),
    ("register_patient", "send_patient_message", for_patient("priya", "send_patient_message")),
    # fill ids, from the counter or a refill request
    ("start_fill", "submit_claim", warfarin("submit_claim")),
    ("request_refill", "submit_claim", warfarin("submit_claim", refill=True)),
    ("start_fill", "price_as_cash", warfarin("price_as_cash")),
    ("request_refill", "price_as_cash", warfarin("price_as_cash", refill=True)),
    ("start_fill", "verify_fill", warfarin("verify_fill")),
    ("request_refill", "verify_fill", warfarin("verify_fill", refill=True)),
    ("start_fill", "assign_bin", warfarin("assign_bin")),
    ("request_refill", "assign_bin", warfarin("assign_bin", refill=True)),
    ("start_fill", "record_pickup", warfarin("record_pickup")),
    ("request_refill", "record_pickup", warfarin("record_pickup", refill=True)),
    ("start_fill", "cancel_fill", warfarin("cancel_fill")),
    ("request_refill", "cancel_fill", warfarin("cancel_fill", refill=True)),
    # coverage ids
    ("add_coverage", "verify_eligibility", kenji("verify_eligibility")),
    ("get_patient_profile", "verify_eligibility", patient("harold")[0] + [
        ("get_patient_profile", {"patient_id": "$pt.0.patient_id"}), ("verify_eligibility", {"coverage_id": COV})]),
    ("add_coverage", "submit_claim", kenji("submit_claim")),
    ("get_patient_profile", "submit_claim", warfarin("submit_claim")),
    ("add_coverage", "request_prior_authorization", new_ozempic("kenji", coverage="card")),
    ("get_patient_profile", "request_prior_authorization", ozempic("request_prior_authorization")),
    # NDCs
    ("search_drugs", "enter_prescription", oxycodone("enter_prescription")),
    ("search_drugs", "transfer_in", kenji("transfer_in")),
    ("search_drugs", "check_stock", metformin("check_stock")),
    ("search_drugs", "place_special_order", metformin("place_special_order")),
    # Rx numbers from the patient's list
    ("list_prescriptions", "request_refill", warfarin("fill", refill=True)),
    ("list_prescriptions", "request_renewal", patient("harold")[0] + [
        ("list_prescriptions", {"patient_id": "$pt.0.patient_id", "status": "active"}),
        ("request_renewal", {"rx_number": "$list_prescriptions.1.rx_number",
                             "note": "Patient has two days of atorvastatin left"})]),
    ("list_prescriptions", "set_auto_refill", rx_of("maria", "active")[0] + [
        ("set_auto_refill", {"rx_number": "$list_prescriptions.0.rx_number", "enabled": True})]),
    ("list_prescriptions", "transfer_out", [RPH] + rx_of("joan", "active")[0] + [
        ("transfer_out", {"session_id": R, "rx_number": "$list_prescriptions.0.rx_number",
                          "to_pharmacy": "CVS Pharmacy #4471, Sarasota FL", "to_phone": "(941) 555-0188"})]),
    # the rest
    ("search_prescribers", "enter_prescription", oxycodone("enter_prescription")),
    ("place_special_order", "receive_special_order", metformin("receive_special_order")),
    ("receive_special_order", "start_fill", metformin("start_fill")),
    ("enter_prescription", "start_fill", oxycodone("start_fill")),
    ("transfer_in", "start_fill", kenji("start_fill")[:-1]),
    ("list_prescriptions", "start_fill", warfarin("fill")),
    ("enter_prescription", "list_dur_alerts", oxycodone("list_dur_alerts")),
    ("list_prescriptions", "list_dur_alerts", fluconazole("list_dur_alerts")),
    ("enter_prescription", "request_prior_authorization", new_ozempic("maria")),
    ("list_prescriptions", "request_prior_authorization", ozempic("request_prior_authorization")),
    ("enter_prescription", "override_dur_alert", oxycodone("override_dur_alert")),
    ("list_dur_alerts", "override_dur_alert", fluconazole("override_dur_alert")),
    ("override_dur_alert", "start_fill", fluconazole("start_fill")),
    ("verify_eligibility", "submit_claim", kenji("submit_claim")),
    ("request_prior_authorization", "submit_claim", ozempic("submit_claim")),
    ("submit_claim", "reverse_claim", warfarin("reverse_claim")),
    ("submit_claim", "apply_copay_card", ozempic("apply_copay_card")),
    ("list_discount_programs", "price_as_cash", metformin("price_as_cash")),
    ("submit_claim", "verify_fill", warfarin("verify_fill")),
    ("price_as_cash", "verify_fill", metformin("verify_fill")),
    ("verify_fill", "assign_bin", warfarin("assign_bin")),
    ("assign_bin", "record_pickup", warfarin("record_pickup")),
    ("reverse_claim", "cancel_fill", warfarin("cancel_after_reverse")),
    ("request_prior_authorization", "appeal_prior_authorization", [TECH] + rx_of("maria", "new")[0] + [
        ("get_patient_profile", {"patient_id": "$pt.0.patient_id"}),
        ("request_prior_authorization", {"session_id": T, "rx_number": "$list_prescriptions.0.rx_number",
                                         "coverage_id": COV, "diagnosis_code": "E66.9",
                                         "justification": "BMI 33; weight management"}),
        ("appeal_prior_authorization", {"pa_id": "$request_prior_authorization.pa_id",
                                        "letter": "Patient also has prediabetes with A1c 6.3% and sleep apnoea; "
                                                  "lifestyle programme completed without effect."})]),
    ("list_prior_authorizations", "appeal_prior_authorization", patient("maria")[0] + [
        ("list_prior_authorizations", {"patient_id": "$pt.0.patient_id"}),
        ("appeal_prior_authorization", {"pa_id": "$list_prior_authorizations.0.pa_id",
                                        "letter": "Dr. Lee confirms type 2 diabetes (E11.9), A1c 8.4% despite "
                                                  "metformin; the original request was coded in error."})]),
    ("list_vaccine_slots", "book_vaccination", flu_shot("book_vaccination")),
    ("book_vaccination", "complete_screening", flu_shot("complete_screening")),
    ("book_vaccination", "administer_vaccine", flu_shot("administer_vaccine")),
    ("book_vaccination", "cancel_vaccination", flu_shot("cancel_vaccination")),
    ("complete_screening", "administer_vaccine", flu_shot("administer_vaccine")),
    ("list_vaccine_lots", "administer_vaccine", flu_shot("administer_vaccine")),
]

NON_PREREQUISITES = [
    # a stock check is informative, not needed to start a fill of a stocked product
    ("check_stock", warfarin("fill")[:-1] + [("check_stock", {"ndc": "00093-1721-01"}), warfarin("fill")[-1]]),
    # the profile is not needed to list prescriptions
    ("get_patient_profile", patient("maria")[0] + [("get_patient_profile", {"patient_id": "$pt.0.patient_id"}),
                                                   ("list_prescriptions", {"patient_id": "$pt.0.patient_id"})]),
    # programs are for cash sales, not for billing a plan
    ("list_discount_programs", warfarin("submit_claim")[:-1] + [("list_discount_programs", {}),
                                                                warfarin("submit_claim")[-1]]),
    # a prior authorization request does not need an eligibility check first
    ("verify_eligibility", ozempic("request_prior_authorization")[:-1] + [
        ("verify_eligibility", {"coverage_id": COV}), ozempic("request_prior_authorization")[-1]]),
    # the lot is needed to give the vaccine, not to screen
    ("list_vaccine_lots", flu_shot("book_vaccination") + [
        ("list_vaccine_lots", {"vaccine": "flu"}),
        ("complete_screening", {"appointment_id": "$book_vaccination.appointment_id", "conditions": []})]),
    # the prescriber is optional on a transfer
    ("search_prescribers", kenji("transfer_in")[:-1] + [("search_prescribers", {"last_name": "Price"}),
                                                        kenji("transfer_in")[-1]]),
    # a refill of warfarin has no DUR alert to look at
    ("list_dur_alerts", warfarin("fill")[:-1] + [("list_dur_alerts", {"rx_number": "$list_prescriptions.0.rx_number"}),
                                                 warfarin("fill")[-1]]),
]
