"""Scripted proofs that ClinicDesk's designed prerequisites are real.

Checked with oracle.py's machinery through ``heldout_oracle`` (an ``"Error: ..."`` reply counts as a
failure, as the clinic means it). Each proof is ``(provider, consumer, steps)``: the steps succeed in
a fresh state, and the consumer fails once every call of the provider is dropped. The prescription id
that only appears inside a sentence is written literally (deterministic).
"""

import clinicdesk_tools as _ct

NEW_RX = "rx_dc9b"  # create_prescription(pat_1042, azithromycin 0172-4280)
PATIENT = {  # provider -> (steps that find or create a patient id, reference to it)
    "find_patient_by_name_dob": ([("normalize_date", {"date_text": "04/12/1986"}),
                                  ("find_patient_by_name_dob", {"first_name": "Elena", "last_name": "Marsh",
                                                                "dob": "$normalize_date"})],
                                 "$find_patient_by_name_dob.patient_id"),
    "find_patient_by_phone": ([("find_patient_by_phone", {"phone": "(617) 555-0148"})], "$find_patient_by_phone.patient_id"),
    "register_patient": ([("normalize_date", {"date_text": "March 3, 1992"}, "dob_new"),
                          ("register_patient", {"first_name": "Noah", "last_name": "Fischer", "dob": "$dob_new",
                                                "phone": "617-555-0199"})], "$register_patient.patient_id"),
}
PHONE, PID = PATIENT["find_patient_by_phone"]
GPD = ("get_patient_details", {"patient_id": PID})
POLICY = "$get_patient_details.insurance.0.policy_id"
PCP = "$get_patient_details.primary_care_provider_id"
LEE = ("search_providers", {"name": "Lee"})
LEE_ID = "$search_providers.0.provider_id"


def availability(prov: str, date: str = "2025-03-12") -> tuple:
    return ("get_provider_availability", {"provider_id": prov, "date": date})


SLOT = "$get_provider_availability.slots.0.0"


def book(pid: str, prov: str, policy=None, visit: str = "follow_up", referral=None) -> tuple:
    args = {"patient_id": pid, "provider_id": prov, "slot_id": SLOT, "visit_type": visit}
    if policy is not None:
        args["policy_id"] = policy
    if referral is not None:
        args["referral_id"] = referral
    return ("book_appointment", args)


def insured(pid: str) -> list:
    return [("get_patient_details", {"patient_id": pid}), ("verify_insurance", {"patient_id": pid, "policy_id": POLICY})]


def pharmacy(pid: str) -> list:
    return [("find_pharmacy", {"zip_code": "02139"}),
            ("set_preferred_pharmacy", {"patient_id": pid, "pharmacy_id": "$find_pharmacy.0.pharmacy_id"})]


def prescription(pid: str, prov: str, drug: str = "atorvastatin", refills: int = 1) -> list:
    return pharmacy(pid) + [("search_drug", {"name": drug}),
                            ("create_prescription", {"patient_id": pid, "provider_id": prov, "ndc": "$search_drug.0.ndc",
                                                     "sig": "1 tablet by mouth daily", "quantity": 30, "refills": refills})]


def encounter(pid: str, apt: str = "$list_patient_appointments.0.appointment_id") -> list:
    """Elena's appointment today: copay taken, checked in."""
    return [("list_patient_appointments", {"patient_id": pid}), ("get_appointment", {"appointment_id": apt}),
            ("collect_copay", {"appointment_id": apt, "amount": "$get_appointment.copay_due", "method": "card"}),
            ("check_in_patient", {"appointment_id": apt})]


def lab(pid: str, prov: str) -> list:
    return [("lookup_diagnosis_code", {"term": "hyperlipidemia"}),
            ("create_lab_order", {"patient_id": pid, "provider_id": prov, "test_codes": ["LIP02", "CMP05"],
                                  "diagnosis_code": "$lookup_diagnosis_code.0.code", "fasting": True})]


def patient_consumer(c: str, pid: str, new: bool) -> list:
    """Calls that use patient id ``pid`` (Elena, or a newly registered patient) and end with ``c``."""
    payer = [("lookup_payer", {"name": "Aetna"}),
             ("add_insurance", {"patient_id": pid, "payer_code": "$lookup_payer.payer_code", "member_id": "W987654321"})]
    if new:
        booking = [("set_billing_mode", {"patient_id": pid, "mode": "self_pay"}), LEE, availability(LEE_ID),
                   book(pid, LEE_ID, visit="new_patient")]
        verify = payer + [("verify_insurance", {"patient_id": pid, "policy_id": "$add_insurance.policy_id"})]
    else:
        booking = insured(pid) + [LEE, availability(LEE_ID), book(pid, LEE_ID, POLICY)]
        verify = insured(pid)
    portal = ("enroll_patient_portal", {"patient_id": pid, "email": "patient@example.com"})
    return {
        "get_patient_details": [("get_patient_details", {"patient_id": pid})],
        "update_patient_contact": [("update_patient_contact", {"patient_id": pid, "email": "e.marsh@example.org"})],
        "add_insurance": payer,
        "verify_insurance": verify,
        "set_billing_mode": [("set_billing_mode", {"patient_id": pid, "mode": "self_pay"})],
        "book_appointment": booking,
        "list_patient_appointments": [("list_patient_appointments", {"patient_id": pid})],
        "set_preferred_pharmacy": pharmacy(pid),
        "create_prescription": [LEE] + prescription(pid, LEE_ID),
        "list_prescriptions": [("list_prescriptions", {"patient_id": pid})],
        "get_patient_balance": [("get_patient_balance", {"patient_id": pid})],
        "enroll_patient_portal": [portal],
        "send_patient_message": [portal, ("send_patient_message", {"patient_id": pid, "subject": "Lab visit",
                                                                   "body": "Please come fasting on Wednesday.",
                                                                   "channel": "portal"})],
        "create_referral": [("get_patient_details", {"patient_id": pid}), ("lookup_diagnosis_code", {"term": "hypertension"}),
                            ("create_referral", {"patient_id": pid, "referring_provider_id": PCP, "specialty": "cardiology",
                                                 "diagnosis_code": "$lookup_diagnosis_code.0.code",
                                                 "reason": "blood pressure not controlled"})],
        "create_lab_order": encounter(pid) + [("get_patient_details", {"patient_id": pid})] + lab(pid, PCP),
        "pay_invoice": [("get_patient_balance", {"patient_id": pid}),
                        ("pay_invoice", {"patient_id": pid, "invoice_id": "$get_patient_balance.invoices.0.0",
                                         "amount": "$get_patient_balance.invoices.0.2", "method": "card"})],
        "create_payment_plan": [("get_patient_balance", {"patient_id": pid}),
                                ("create_payment_plan", {"patient_id": pid, "invoice_id": "$get_patient_balance.invoices.0.0",
                                                         "months": 6})],
    }[c]


APPOINTMENT = {  # provider -> (steps after Elena's lookup, reference to an appointment of hers today)
    "list_patient_appointments": ([("list_patient_appointments", {"patient_id": PID})],
                                  "$list_patient_appointments.0.appointment_id"),
    "get_patient_details": ([GPD], "$get_patient_details.appointments.0"),
    "book_appointment": (insured(PID) + [LEE, availability(LEE_ID, "2025-03-10"), book(PID, LEE_ID, POLICY)],
                         "$book_appointment.appointment_id"),
}


def appointment_consumer(c: str, apt: str) -> list:
    ga = ("get_appointment", {"appointment_id": apt})
    collect = ("collect_copay", {"appointment_id": apt, "amount": "$get_appointment.copay_due", "method": "card"})
    return {
        "get_appointment": [ga],
        "reschedule_appointment": [LEE, availability(LEE_ID), ("reschedule_appointment", {"appointment_id": apt,
                                                                                         "new_slot_id": SLOT})],
        "cancel_appointment": [("cancel_appointment", {"appointment_id": apt, "reason": "feeling better"})],
        "collect_copay": [ga, collect],
        "check_in_patient": [ga, collect, ("check_in_patient", {"appointment_id": apt})],
    }[c]


PROVIDER = {"search_providers": ([LEE], LEE_ID), "get_patient_details": ([GPD], PCP)}


def provider_consumer(c: str, prov: str) -> list:
    """Calls (after Elena's lookup and the provider lookup) that use provider id ``prov``."""
    return {
        "get_provider_availability": [availability(prov)],
        "book_appointment": insured(PID) + [availability(prov), book(PID, prov, POLICY)],
        "prescriber_login": [("prescriber_login", {"provider_id": prov, "pin": "4471"})],
        "create_prescription": prescription(PID, prov, "azithromycin"),
        "create_lab_order": encounter(PID) + lab(PID, prov),
    }[c]


PROOFS: list = []
for _p, (_steps, _pid) in PATIENT.items():
    _new = _p == "register_patient"
    for _c in _ct._ANY_PATIENT + ([] if _new else _ct._SEEDED_PATIENT):
        PROOFS.append((_p, _c, _steps + patient_consumer(_c, _pid, _new)))
for _p, (_steps, _apt) in APPOINTMENT.items():
    PROOFS += [(_p, _c, PHONE + _steps + appointment_consumer(_c, _apt)) for _c in _ct._APPOINTMENT_USERS]
for _p, (_steps, _prov) in PROVIDER.items():
    PROOFS += [(_p, _c, PHONE + _steps + provider_consumer(_c, _prov)) for _c in _ct._PROVIDER_USERS]

_PAYER = PHONE + [("lookup_payer", {"name": "Aetna"}),
                  ("add_insurance", {"patient_id": PID, "payer_code": "$lookup_payer.payer_code", "member_id": "W987654321"})]
_NEW_POLICY = "$add_insurance.policy_id"
_BOOK_ELENA = PHONE + patient_consumer("book_appointment", PID, False)
_BOOK_SELF = PHONE + [("set_billing_mode", {"patient_id": PID, "mode": "self_pay"}), LEE, availability(LEE_ID),
                      book(PID, LEE_ID)]
_REFERRED = PHONE + insured(PID) + [("lookup_diagnosis_code", {"term": "hypertension"}),
                                    ("create_referral", {"patient_id": PID, "referring_provider_id": PCP,
                                                         "specialty": "cardiology",
                                                         "diagnosis_code": "$lookup_diagnosis_code.0.code",
                                                         "reason": "chest pain on exertion"}),
                                    ("search_providers", {"specialty": "cardiology"}),
                                    availability(LEE_ID, "2025-03-14"),
                                    book(PID, LEE_ID, POLICY, "new_patient", "$create_referral.referral_id")]
_LAB = PHONE + patient_consumer("create_lab_order", PID, False)
_EPCS = PHONE + pharmacy(PID) + [LEE, ("prescriber_login", {"provider_id": LEE_ID, "pin": "4471"}),
                                 ("search_drug", {"name": "oxycodone"}),
                                 ("create_prescription", {"patient_id": PID, "provider_id": LEE_ID, "ndc": "$search_drug.0.ndc",
                                                          "sig": "1 tablet every 6 hours as needed for pain",
                                                          "quantity": 12, "refills": 0})]
_NEW_RX = PHONE + [LEE] + prescription(PID, LEE_ID, "azithromycin")
PROOFS += [
    ("normalize_date", "find_patient_by_name_dob", PATIENT["find_patient_by_name_dob"][0]),
    ("normalize_date", "register_patient", PATIENT["register_patient"][0]),
    ("lookup_payer", "add_insurance", _PAYER),
    ("get_patient_details", "verify_insurance", PHONE + insured(PID)),
    ("add_insurance", "verify_insurance", _PAYER + [("verify_insurance", {"patient_id": PID, "policy_id": _NEW_POLICY})]),
    ("get_patient_details", "book_appointment", _BOOK_ELENA),
    ("add_insurance", "book_appointment", _PAYER + [("verify_insurance", {"patient_id": PID, "policy_id": _NEW_POLICY}),
                                                    LEE, availability(LEE_ID), book(PID, LEE_ID, _NEW_POLICY)]),
    ("verify_insurance", "book_appointment", _BOOK_ELENA),
    ("set_billing_mode", "book_appointment", _BOOK_SELF),
    ("get_provider_availability", "book_appointment", _BOOK_ELENA),
    ("get_provider_availability", "reschedule_appointment",
     PHONE + APPOINTMENT["list_patient_appointments"][0]
     + appointment_consumer("reschedule_appointment", APPOINTMENT["list_patient_appointments"][1])),
    ("create_referral", "book_appointment", _REFERRED),
    ("get_patient_details", "create_referral", PHONE + patient_consumer("create_referral", PID, False)),
    ("search_providers", "create_referral", PHONE + [LEE, ("lookup_diagnosis_code", {"term": "psoriasis"}),
                                                     ("create_referral", {"patient_id": PID, "referring_provider_id": LEE_ID,
                                                                          "specialty": "dermatology",
                                                                          "diagnosis_code": "$lookup_diagnosis_code.0.code",
                                                                          "reason": "plaques on both elbows"})]),
    ("lookup_diagnosis_code", "create_referral", PHONE + patient_consumer("create_referral", PID, False)),
    ("lookup_diagnosis_code", "create_lab_order", _LAB),
    ("collect_copay", "check_in_patient", PHONE + encounter(PID)),
    ("get_appointment", "collect_copay", PHONE + encounter(PID)[:3]),
    ("verify_insurance", "collect_copay", PHONE + insured(PID) + [
        ("collect_copay", {"appointment_id": "$get_patient_details.appointments.0",
                           "amount": "$verify_insurance.copay.primary_care", "method": "cash"})]),
    ("check_in_patient", "create_lab_order", _LAB),
    ("create_lab_order", "get_lab_results", _LAB + [("get_lab_results", {"order_id": "$create_lab_order.order_id"})]),
    ("search_drug", "create_prescription", _NEW_RX),
    ("find_pharmacy", "set_preferred_pharmacy", PHONE + pharmacy(PID)),
    ("set_preferred_pharmacy", "create_prescription", _NEW_RX),
    ("prescriber_login", "create_prescription", _EPCS),
    ("list_prescriptions", "refill_prescription", PHONE + [("list_prescriptions", {"patient_id": PID}), (
        "refill_prescription", {"prescription_id": "$list_prescriptions.0.prescription_id"})]),
    ("create_prescription", "refill_prescription", _NEW_RX + [("refill_prescription", {"prescription_id": NEW_RX})]),
    ("list_prescriptions", "cancel_prescription", PHONE + [("list_prescriptions", {"patient_id": PID}), (
        "cancel_prescription", {"prescription_id": "$list_prescriptions.0.prescription_id", "reason": "side effects"})]),
    ("create_prescription", "cancel_prescription", _NEW_RX + [("cancel_prescription", {"prescription_id": NEW_RX,
                                                                                       "reason": "sent in error"})]),
    ("get_patient_balance", "pay_invoice", PHONE + patient_consumer("pay_invoice", PID, False)),
    ("get_patient_balance", "create_payment_plan", PHONE + patient_consumer("create_payment_plan", PID, False)),
    ("enroll_patient_portal", "send_patient_message", PHONE + patient_consumer("send_patient_message", PID, False)),
]

_TODAY_BOOKED = PHONE + insured(PID) + [LEE, availability(LEE_ID, "2025-03-10"), book(PID, LEE_ID, POLICY)]
_APT = "$book_appointment.appointment_id"
VARIANT_PROOFS = [
    ("book_appointment", "check_in_patient", _TODAY_BOOKED + appointment_consumer("check_in_patient", _APT), "quiet_day"),
    ("book_appointment", "collect_copay", _TODAY_BOOKED + appointment_consumer("collect_copay", _APT), "quiet_day"),
]

NON_PREREQUISITES = [
    ("calculate", [("calculate", {"expression": "140 / 6"}), *PHONE, ("get_patient_balance", {"patient_id": PID})]),
    ("lookup_payer", [("lookup_payer", {"name": "Medicare"}), *PHONE, ("list_prescriptions", {"patient_id": PID})]),
    ("search_drug", [*PHONE, ("search_drug", {"name": "amoxicillin"}), *patient_consumer("pay_invoice", PID, False)]),
    ("get_appointment", [*PHONE, ("get_appointment", {"appointment_id": "apt_5001"}),
                         ("cancel_appointment", {"appointment_id": "apt_5001", "reason": "travel"})]),
]
