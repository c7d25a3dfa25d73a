"""Scripted proofs that PawSheet's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, with the calls run through the package's PythonRuntime by this set's
check.py: replies are pydantic models the runtime turns into JSON, and a raised ``ApiError`` or
``ValidationError`` is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Every
id is read from a reply (``"$verify_login.token"``, ``"$find_patients.0.patient_id"``,
``"$close_consult.invoice.balance"``); nothing the tools return is typed in.
"""

RECEP = [("request_login", {"username": "amy.doyle", "password": "Harbour!2025"}),
         ("verify_login", {"challenge_id": "$request_login.challenge_id", "code": "739201"})]
VET = [("request_login", {"username": "nisha.patel", "password": "Whisker#88"}),
       ("verify_login", {"challenge_id": "$request_login.challenge_id", "code": "118 342"})]
T = "$verify_login.token"
WIT = ("witness_signoff", {"token": T, "witness_username": "kofi.mensah", "witness_pin": "2580"})

SO = ("search_owners", {"token": T, "query": "Quinn"})
SO_PHONE = ("search_owners", {"token": T, "query": "07700 900311"})
OWNER = "$search_owners.0.owner_id"
RO = ("register_owner", {"token": T, "owner": {
    "name": "Sofia Marin", "phone": "07700 900742", "email": "sofia.marin@example.com",
    "address": {"line1": "4 Ropewalk Court", "town": "Bristol", "postcode": "BS1 6XN"}}})
NEW_OWNER = "$register_owner.owner_id"
FP = ("find_patients", {"token": T, "owner_id": OWNER, "species": "dog"})   # Biscuit
MC = ("microchip_lookup", {"token": T, "chip": "956 000 012 345 678"})     # Biscuit
LB = ("lookup_breed", {"species": "dog", "text": "cockapoo"})


def rp(owner: str, pet: dict | None = None) -> tuple:
    pet = pet or {"name": "Nacho", "species": "dog", "breed_code": "$lookup_breed.0.code", "sex": "M",
                  "born": "2025-03", "colour": "apricot"}
    return ("register_patient", {"token": T, "owner_id": owner, "patient": pet})


RP = rp(NEW_OWNER)
PATIENT = {"find_patients": ("$find_patients.0.patient_id", [SO, FP]),
           "microchip_lookup": ("$microchip_lookup.patient_id", [MC]),
           "register_patient": ("$register_patient.patient_id", [RO, LB, RP])}


def gp(pid: str) -> tuple:
    return ("get_patient", {"token": T, "patient_id": pid})


def alert(tool: str, pid: str, which: str) -> tuple:
    args = {"token": T, "patient_id": pid, "alert": which}
    if tool == "clear_patient_alert":
        args["reason"] = "Calm at the last three visits, muzzle no longer needed"
    return (tool, args)


LC = ("list_clinicians", {"role": "vet"})
AS = ("available_slots", {"clinician_id": "$list_clinicians.0.staff_id", "day": "2025-06-10", "kind": "vaccination"})


def book(pid: str) -> tuple:
    return ("book_appointment", {"token": T, "booking": {"patient_id": pid, "slot_id": "$available_slots.0.slot_id",
                                                         "kind": "vaccination", "reason": "First puppy vaccination"}})


SF_VAC = ("search_formulary", {"text": "DHP", "species": "dog"})
SB = ("stock_batches", {"drug_code": "$search_formulary.0.code"})


def vac(pid: str) -> tuple:
    return ("record_vaccination", {"token": T, "patient_id": pid,
                                   "doses": [{"batch_id": "$stock_batches.0.batch_id", "site": "scruff"}]})


KB = ("kennel_board", {"ward": "dogs"})


def admit(pid: str) -> tuple:
    return ("admit_patient", {"token": T, "patient_id": pid, "kennel_id": "$kennel_board.0.kennel_id",
                              "reason": "Vomiting overnight, on fluids"})


def reminder(pid: str) -> tuple:
    return ("schedule_reminder", {"token": T, "patient_id": pid, "reminder": "booster", "due": "2026-06-10"})


LP_DENTAL = ("list_procedures", {"category": "dental"})   # DENT-SP first
LP_PREV = ("list_procedures", {"category": "preventive"})  # NAIL-CLIP first


def consent(pid: str) -> list:
    return [LP_DENTAL, gp(pid),
            ("estimate_cost", {"procedure_codes": ["$list_procedures.0.code"], "weight_kg": "$get_patient.latest_weight_kg"}),
            ("record_consent", {"token": T, "patient_id": pid, "procedure_code": "$list_procedures.0.code",
                                "estimate": "$estimate_cost", "signed_by": "Margaret Quinn"})]


SURGERY = ("book_surgery", {"token": T, "consent_id": "$record_consent.consent_id",
                            "surgeon_id": "$list_clinicians.0.staff_id", "day": "2025-06-12"})

FA_BOOKED = ("find_appointments", {"token": T, "day": "2025-06-10", "status": "booked"})   # AP-4990 first
FA_ARRIVED = ("find_appointments", {"token": T, "status": "arrived"})                      # AP-4991, Luna
FOUND_APPT = "$find_appointments.0.appointment_id"
NEW_APPT = "$book_appointment.appointment_id"


def check_in(appt: str) -> tuple:
    return ("check_in", {"token": T, "appointment_id": appt})


def cancel(appt: str) -> tuple:
    return ("cancel_appointment", {"token": T, "appointment_id": appt, "reason": "Owner's car broke down, will rebook"})


def start(appt: str) -> tuple:
    return ("start_consult", {"token": T, "appointment_id": appt})


C = "$start_consult.consult_id"
CONSULT = VET + [FA_ARRIVED, start(FOUND_APPT)]   # Luna, a cat
BOOKED = VET + [SO, FP, LC, AS, book("$find_patients.0.patient_id")]
VITALS = ("record_vitals", {"token": T, "consult_id": C, "vitals": {
    "weight_kg": 5.0, "temperature_c": 38.6, "heart_rate": 160, "resp_rate": 28, "body_condition": 5}})
NOTE = ("add_clinical_note", {"token": T, "consult_id": C, "note": {
    "subjective": "Drinking more for two weeks; owner has been giving insulin as prescribed.",
    "objective": "Bright, well hydrated, mild dental tartar, no abdominal pain.",
    "assessment": "Diabetes mellitus, probably under-controlled.",
    "plan": "Fructosamine today, keep insulin dose, recheck in four weeks."}})
CLOSE = ("close_consult", {"token": T, "consult_id": C})
SF_MELOX = ("search_formulary", {"text": "meloxicam", "species": "cat"})
SF_GABA = ("search_formulary", {"text": "gabapentin"})


def prescribe(dose: float, frequency: str, days: int, text: str) -> tuple:
    return ("prescribe", {"token": T, "consult_id": C, "lines": [{
        "drug_code": "$search_formulary.0.code", "dose_mg_per_kg": dose, "frequency": frequency, "days": days,
        "instructions": text}]})


PRESC_MELOX = prescribe(0.05, "SID", 5, "Give with food.")
PRESC_GABA = prescribe(10, "BID", 7, "Give one hour before the car journey; may cause wobbliness.")
GABA_RX = CONSULT + [VITALS, SF_GABA, PRESC_GABA, WIT,
                     ("dispense", {"token": T, "rx_id": "$prescribe.rx_id", "witness_ref": "$witness_signoff.witness_ref"})]
DISPOSE = VET + [SF_GABA, ("stock_batches", {"drug_code": "$search_formulary.0.code"}), WIT,
                 ("dispose_stock", {"token": T, "batch_id": "$stock_batches.0.batch_id", "quantity": 2,
                                    "reason": "Two capsules crushed in the dispensing drawer",
                                    "witness_ref": "$witness_signoff.witness_ref"})]
LT = ("list_lab_tests", {"sample": "blood"})   # IH-BIOCHEM first
ORDER = ("order_lab_test", {"token": T, "consult_id": C, "test_code": "$list_lab_tests.0.test_code"})
RESULT = ("record_lab_result", {"token": T, "lab_order_id": "$order_lab_test.lab_order_id",
                                "results": {"glucose": 18.2, "alt": 64.0, "creatinine": 121.0},
                                "comment": "Hyperglycaemia; liver and kidney values normal."})
FI = ("find_invoices", {"token": T, "owner_id": OWNER, "status": "open"})   # INV-5990


def discount(invoice: str) -> tuple:
    return ("apply_discount", {"token": T, "invoice_id": invoice, "scheme": "SENIOR-15"})


def pay(invoice: str, amount: str) -> tuple:
    return ("take_payment", {"token": T, "invoice_id": invoice, "amount": amount, "method": "card"})


CLOSED = CONSULT + [NOTE, CLOSE]
NEW_INVOICE, NEW_BALANCE = "$close_consult.invoice.invoice_id", "$close_consult.invoice.balance"

PATHS = {
    "verify_login": RECEP,
    "witness_signoff": VET + [WIT],
    "search_owners": RECEP + [SO_PHONE],
    "register_owner": RECEP + [RO],
    "update_owner_contact": RECEP + [SO, ("update_owner_contact", {"token": T, "owner_id": OWNER,
                                                                   "email": "margaret.quinn@example.org"})],
    "find_patients": RECEP + [SO, FP],
    "microchip_lookup": RECEP + [MC],
    "register_patient": RECEP + [RO, LB, RP],
    "get_patient": RECEP + [SO, FP, gp("$find_patients.0.patient_id")],
    "set_patient_alert": RECEP + [SO, FP, alert("set_patient_alert", "$find_patients.0.patient_id", "aggressive")],
    "clear_patient_alert": RECEP + [SO, FP, alert("clear_patient_alert", "$find_patients.0.patient_id", "muzzle")],
    "available_slots": [LC, AS],
    "book_appointment": BOOKED,
    "find_appointments": RECEP + [FA_BOOKED],
    "check_in": RECEP + [FA_BOOKED, check_in(FOUND_APPT)],
    "cancel_appointment": RECEP + [FA_BOOKED, cancel(FOUND_APPT)],
    "start_consult": CONSULT,
    "record_vitals": CONSULT + [VITALS],
    "add_clinical_note": CONSULT + [NOTE],
    "add_procedure": CONSULT + [LP_PREV, ("add_procedure", {"token": T, "consult_id": C,
                                                            "code": "$list_procedures.0.code"})],
    "close_consult": CLOSED,
    "prescribe": CONSULT + [VITALS, SF_MELOX, PRESC_MELOX],
    "dispense": GABA_RX,
    "stock_batches": [SF_VAC, SB],
    "record_vaccination": RECEP + [SO, FP, SF_VAC, SB, vac("$find_patients.0.patient_id")],
    "dispose_stock": DISPOSE,
    "order_lab_test": CONSULT + [LT, ORDER],
    "record_lab_result": CONSULT + [LT, ORDER, RESULT],
    "admit_patient": RECEP + [SO, FP, KB, admit("$find_patients.0.patient_id")],
    "discharge_patient": RECEP + [SO, FP, KB, admit("$find_patients.0.patient_id"),
                                  ("discharge_patient", {"token": T, "admission_id": "$admit_patient.admission_id",
                                                         "instructions": "Bland diet for three days; recheck Friday."})],
    "estimate_cost": [LP_DENTAL, ("estimate_cost", {"procedure_codes": ["$list_procedures.0.code"], "weight_kg": 32.4})],
    "record_consent": RECEP + [SO, FP] + consent("$find_patients.0.patient_id"),
    "book_surgery": RECEP + [SO, FP] + consent("$find_patients.0.patient_id") + [LC, SURGERY],
    "find_invoices": RECEP + [SO, FI],
    "apply_discount": RECEP + [SO, FI, discount("$find_invoices.0.invoice_id")],
    "take_payment": RECEP + [SO, FI, pay("$find_invoices.0.invoice_id", "$find_invoices.0.balance")],
    "schedule_reminder": RECEP + [SO, FP, reminder("$find_patients.0.patient_id")],
}

_PATIENT_STEP = {
    "get_patient": lambda pid: [gp(pid)],
    "set_patient_alert": lambda pid: [alert("set_patient_alert", pid, "aggressive")],
    "book_appointment": lambda pid: [LC, AS, book(pid)],
    "record_vaccination": lambda pid: [SF_VAC, SB, vac(pid)],
    "admit_patient": lambda pid: [KB, admit(pid)],
    "schedule_reminder": lambda pid: [reminder(pid)],
    "record_consent": lambda pid: consent(pid),
}

OVERRIDES = {
    **{(p, c): RECEP + PATIENT[p][1] + step(PATIENT[p][0])
       for p in PATIENT for c, step in _PATIENT_STEP.items() if not (c == "record_consent" and p == "register_patient")},
    ("microchip_lookup", "clear_patient_alert"): RECEP + [MC, alert("clear_patient_alert", "$microchip_lookup.patient_id",
                                                                    "muzzle")],
    ("register_patient", "clear_patient_alert"): RECEP + [RO, LB, RP,
                                                          alert("set_patient_alert", "$register_patient.patient_id",
                                                                "flight_risk"),
                                                          alert("clear_patient_alert", "$register_patient.patient_id",
                                                                "flight_risk")],
    ("set_patient_alert", "clear_patient_alert"): RECEP + [SO, FP,
                                                           alert("set_patient_alert", "$find_patients.0.patient_id",
                                                                 "aggressive"),
                                                           alert("clear_patient_alert", "$find_patients.0.patient_id",
                                                                 "aggressive")],
    ("register_owner", "update_owner_contact"): RECEP + [RO, ("update_owner_contact", {
        "token": T, "owner_id": NEW_OWNER, "phone": "07700 900743"})],
    ("register_owner", "find_patients"): RECEP + [RO, ("find_patients", {"token": T, "owner_id": NEW_OWNER})],
    ("search_owners", "register_patient"): RECEP + [SO, ("lookup_breed", {"species": "cat", "text": "british"}),
                                                    rp(OWNER, {"name": "Pip", "species": "cat",
                                                               "breed_code": "$lookup_breed.0.code", "sex": "F",
                                                               "born": "2025-01", "colour": "grey"})],
    ("register_owner", "find_invoices"): RECEP + [RO, ("find_invoices", {"token": T, "owner_id": NEW_OWNER})],
    ("book_appointment", "check_in"): BOOKED + [check_in(NEW_APPT)],
    ("book_appointment", "cancel_appointment"): BOOKED + [cancel(NEW_APPT)],
    ("book_appointment", "start_consult"): BOOKED + [check_in(NEW_APPT), start(NEW_APPT)],
    ("check_in", "start_consult"): BOOKED + [check_in(NEW_APPT), start(NEW_APPT)],
    ("list_clinicians", "book_surgery"): RECEP + [SO, FP] + consent("$find_patients.0.patient_id") + [LC, SURGERY],
    ("kennel_board", "discharge_patient"): RECEP + [("kennel_board", {"ward": "cats"}), (
        "discharge_patient", {"token": T, "admission_id": "$kennel_board.1.admission_id",
                              "instructions": "Insulin 2 units twice daily with food; recheck in four weeks."})],
    ("close_consult", "apply_discount"): CLOSED + [discount(NEW_INVOICE)],
    ("close_consult", "take_payment"): CLOSED + [pay(NEW_INVOICE, NEW_BALANCE)],
}


def _proofs() -> list:
    import pawsheet_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_patient", RECEP + [SO, FP, gp("$find_patients.0.patient_id"), LC, AS, book("$find_patients.0.patient_id")]),
    ("list_clinicians", RECEP + [LC, FA_BOOKED, check_in(FOUND_APPT)]),
    ("record_vitals", CONSULT + [VITALS, NOTE, CLOSE]),
    ("search_formulary", CONSULT + [SF_MELOX, NOTE, CLOSE]),
    ("estimate_cost", RECEP + [SO, FP, LP_DENTAL, ("estimate_cost", {"procedure_codes": ["$list_procedures.0.code"],
                                                                     "weight_kg": 32.4}),
                               KB, admit("$find_patients.0.patient_id")]),
    ("witness_signoff", CONSULT + [VITALS, SF_MELOX, PRESC_MELOX, WIT,
                                   ("dispense", {"token": T, "rx_id": "$prescribe.rx_id",
                                                 "witness_ref": "$witness_signoff.witness_ref"})]),
    ("find_invoices", RECEP + [SO, FI, FP, reminder("$find_patients.0.patient_id")]),
]
