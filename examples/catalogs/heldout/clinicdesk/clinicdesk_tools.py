"""ClinicDesk: the front-desk back end of a multi-specialty clinic (38 tools).

Patients found by name and date of birth or by phone (or registered), insurance policies that must
be verified (or the patient set to self-pay) before booking, providers and their slots, referrals
for specialists, appointments, copays and check-in, lab orders, e-prescribing with a preferred
pharmacy and a prescriber sign-in for controlled drugs, invoices and payment plans, and the patient
portal. Plain Python functions over an in-memory ``ClinicState``; the clinic's "today" is 2025-03-10.

Conventions, modelled on public customer-service agent back ends: every tool returns a string, a
JSON document on success (sometimes a plain sentence), and ``"Error: ..."`` when it refuses; nothing
raises. Dates are YYYY-MM-DD (patients say them otherwise); payer codes, visit types, payment
methods, lab test codes and specialties are spelled out only by the error messages.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it; the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import ast
import hashlib
import json
import operator
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Optional

TODAY = "2025-03-10"
_PAYERS = {"AET01": ("Aetna", r"W\d{9}", "W followed by 9 digits"),
           "BCB02": ("Blue Cross Blue Shield", r"[A-Z]{3}\d{9}", "3 letters and 9 digits"),
           "UHC03": ("UnitedHealthcare", r"\d{9}", "9 digits"),
           "MCR04": ("Medicare", r"\d[A-Z]{2}\d[A-Z]{2}\d{4}", "an 11-character MBI")}
_VISIT_TYPES = ("new_patient", "follow_up", "annual_physical", "telehealth")
_LAB_TESTS = {"CBC01": "Complete blood count", "LIP02": "Lipid panel", "A1C03": "Hemoglobin A1c",
              "TSH04": "Thyroid stimulating hormone", "CMP05": "Comprehensive metabolic panel"}
_ICD10 = {"I10": "Essential (primary) hypertension", "E11.9": "Type 2 diabetes mellitus without complications",
          "L40.0": "Psoriasis vulgaris", "R07.9": "Chest pain, unspecified", "E78.5": "Hyperlipidemia, unspecified"}
_DRUGS = {"0093-7146": ("amoxicillin 500 mg capsule", "penicillin", False),
          "0378-0208": ("atorvastatin 20 mg tablet", None, False),
          "0172-4280": ("azithromycin 250 mg tablet", None, False),
          "0591-0405": ("oxycodone 5 mg tablet", None, True)}
_PHARMACIES = {"ph_221": {"name": "CVS Pharmacy #221", "zip": "02139", "phone": "617-555-0110"},
               "ph_318": {"name": "Walgreens #318", "zip": "02139", "phone": "617-555-0173"},
               "ph_090": {"name": "Harbor Community Pharmacy", "zip": "02110", "phone": "617-555-0102"}}


def _seed_patients() -> dict:
    return {
        "pat_1042": {"first": "Elena", "last": "Marsh", "dob": "1986-04-12", "phone": "6175550148",
                     "email": "elena.marsh@example.com", "address": "41 Oak Terrace, Cambridge MA 02139",
                     "allergies": ["penicillin"], "pcp": "prov_lee", "billing_mode": "insurance", "pharmacy": None,
                     "portal": False,
                     "policies": {"pol_77a": {"payer": "BCB02", "member_id": "XJB448812901", "status": "unverified"}},
                     "invoices": {"inv_880": {"date": "2025-01-22", "amount": 140.0, "status": "open"},
                                  "inv_861": {"date": "2024-11-03", "amount": 35.0, "status": "paid"}}},
        "pat_1077": {"first": "David", "last": "Okafor", "dob": "1958-11-30", "phone": "6175550112", "email": None,
                     "address": "9 Pier Rd, Boston MA 02110", "allergies": [], "pcp": "prov_lee",
                     "billing_mode": "insurance", "pharmacy": "ph_090", "portal": True,
                     "policies": {"pol_51c": {"payer": "MCR04", "member_id": "1EG4TE5MK72", "status": "verified"}},
                     "invoices": {}},
    }


def _seed_providers() -> dict:
    return {
        "prov_lee": {"name": "Dr. Sarah Lee", "specialty": "family medicine", "location": "Main Street",
                     "referral_required": False, "fee": 120.0, "pin": "4471"},
        "prov_patel": {"name": "Dr. Anil Patel", "specialty": "cardiology", "location": "Main Street",
                       "referral_required": True, "fee": 180.0, "pin": "9012"},
        "prov_ruiz": {"name": "Dr. Carmen Ruiz", "specialty": "dermatology", "location": "Riverside",
                      "referral_required": True, "fee": 160.0, "pin": "3358"},
    }


def _seed_slots() -> dict:
    rows = [("S-LEE-0310-1030", "prov_lee", "2025-03-10", "10:30", "Room 2", "booked"),
            ("S-LEE-0310-1500", "prov_lee", "2025-03-10", "15:00", "Room 2", "open"),
            ("S-LEE-0312-0900", "prov_lee", "2025-03-12", "09:00", "Room 2", "open"),
            ("S-LEE-0312-0930", "prov_lee", "2025-03-12", "09:30", "Room 2", "open"),
            ("S-LEE-0312-1100", "prov_lee", "2025-03-12", "11:00", "Room 3", "open"),
            ("S-PAT-0314-1000", "prov_patel", "2025-03-14", "10:00", "Cardio 1", "open"),
            ("S-PAT-0314-1030", "prov_patel", "2025-03-14", "10:30", "Cardio 1", "open"),
            ("S-RUI-0313-1400", "prov_ruiz", "2025-03-13", "14:00", "Derm A", "open")]
    return {sid: {"provider": p, "date": d, "time": t, "room": r, "status": s} for sid, p, d, t, r, s in rows}


@dataclass
class ClinicState:
    patients: dict = field(default_factory=_seed_patients)
    providers: dict = field(default_factory=_seed_providers)
    slots: dict = field(default_factory=_seed_slots)
    appointments: dict = field(default_factory=lambda: {"apt_5001": {
        "patient": "pat_1042", "provider": "prov_lee", "slot": "S-LEE-0310-1030", "visit_type": "follow_up",
        "status": "scheduled", "copay_due": 25.0, "copay_paid": False, "referral": None}})
    referrals: dict = field(default_factory=dict)
    prescriptions: dict = field(default_factory=lambda: {"rx_3301": {
        "patient": "pat_1042", "provider": "prov_lee", "ndc": "0378-0208", "sig": "1 tablet daily", "quantity": 30,
        "refills": 2, "pharmacy": "ph_090", "status": "active"}})
    lab_orders: dict = field(default_factory=dict)
    payments: list = field(default_factory=list)
    messages: list = field(default_factory=list)
    eprescribe_session: Optional[str] = None
    counter: int = 700


State = ClinicState


def quiet_day_state() -> ClinicState:
    """The same clinic on a day when nobody is booked yet."""
    s = ClinicState()
    s.appointments = {}
    s.slots["S-LEE-0310-1030"]["status"] = "open"
    return s


FRESH_STATES = {"default": ClinicState, "quiet_day": quiet_day_state}


def _next(state: ClinicState) -> int:
    state.counter += 1
    return state.counter


def _h(text: str, n: int = 4) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:n]


def _digits(phone: str) -> str:
    d = re.sub(r"\D", "", phone or "")
    return d[1:] if len(d) == 11 and d.startswith("1") else d


def _iso(date: str) -> bool:
    try:
        datetime.strptime(date, "%Y-%m-%d")
        return True
    except (TypeError, ValueError):
        return False


def _name(p: dict) -> str:
    return f"{p['first']} {p['last']}"


# ----------------------------------------------------------------------------- patients

def normalize_date(date_text: str) -> str:
    """Read a date as patients say it (04/12/1986, April 12, 1986, 12 Apr 1986) and write it as YYYY-MM-DD."""
    text = date_text.strip().replace(",", "")
    for fmt in ("%m/%d/%Y", "%B %d %Y", "%b %d %Y", "%d %B %Y", "%d %b %Y", "%Y-%m-%d", "%m-%d-%Y"):
        try:
            return datetime.strptime(text, fmt).strftime("%Y-%m-%d")
        except ValueError:
            continue
    return f"Error: could not read the date '{date_text}'; try MM/DD/YYYY"


def find_patient_by_name_dob(first_name: str, last_name: str, dob: str, state: ClinicState) -> str:
    """Find a patient id by first name, last name and date of birth.

    Args:
        first_name: The patient's first name.
        last_name: The patient's last name.
        dob: Date of birth.
    """
    if not _iso(dob):
        return "Error: dob must be YYYY-MM-DD"
    for pid, p in state.patients.items():
        if (p["first"].lower(), p["last"].lower(), p["dob"]) == (first_name.strip().lower(), last_name.strip().lower(), dob):
            return json.dumps({"patient_id": pid})
    return "Error: patient not found"


def find_patient_by_phone(phone: str, state: ClinicState) -> str:
    """Find a patient by phone number."""
    d = _digits(phone)
    for pid, p in state.patients.items():
        if len(d) == 10 and p["phone"] == d:
            return json.dumps({"patient_id": pid, "name": _name(p)})
    return "Error: patient not found"


def register_patient(first_name: str, last_name: str, dob: str, phone: str, email: Optional[str] = None,
                     state: ClinicState = None) -> str:
    """Register a new patient. Returns the new patient's id."""
    if not _iso(dob):
        return "Error: dob must be YYYY-MM-DD"
    d = _digits(phone)
    if len(d) != 10:
        return "Error: phone must be a 10-digit US number"
    if any(p["phone"] == d for p in state.patients.values()):
        return "Error: a patient with this phone number is already registered"
    pid = f"pat_{_next(state)}"
    state.patients[pid] = {"first": first_name.strip(), "last": last_name.strip(), "dob": dob, "phone": d,
                           "email": email, "address": None, "allergies": [], "pcp": None, "billing_mode": "insurance",
                           "pharmacy": None, "portal": False, "policies": {}, "invoices": {}}
    return json.dumps({"patient_id": pid})


def get_patient_details(patient_id: str, state: ClinicState) -> str:
    """Get the details of a patient."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    return json.dumps({
        "patient_id": patient_id, "name": {"first": p["first"], "last": p["last"]}, "dob": p["dob"],
        "phone": p["phone"], "email": p["email"], "address": p["address"], "allergies": p["allergies"],
        "primary_care_provider_id": p["pcp"], "billing_mode": p["billing_mode"], "preferred_pharmacy_id": p["pharmacy"],
        "portal_enrolled": p["portal"],
        "insurance": [{"policy_id": k, "payer_code": v["payer"], "member_id": v["member_id"], "status": v["status"]}
                      for k, v in p["policies"].items()],
        "appointments": [aid for aid, a in state.appointments.items() if a["patient"] == patient_id],
    })


def update_patient_contact(patient_id: str, phone: Optional[str] = None, email: Optional[str] = None,
                           address: Optional[str] = None, state: ClinicState = None) -> str:
    """Update a patient's phone, email or address."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    if phone is None and email is None and address is None:
        return "Error: No changes given"
    if phone is not None:
        if len(_digits(phone)) != 10:
            return "Error: phone must be a 10-digit US number"
        p["phone"] = _digits(phone)
    if email is not None:
        if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email):
            return "Error: invalid email"
        p["email"] = email
    if address is not None:
        p["address"] = address
    return f"Updated contact details for {patient_id}."


# ----------------------------------------------------------------------------- insurance and billing mode

def lookup_payer(name: str) -> str:
    """Find an insurance company's payer code by its name."""
    q = name.strip().lower()
    for code, (pname, _, _) in _PAYERS.items():
        if q and (q in pname.lower() or pname.lower().startswith(q)):
            return json.dumps({"payer_code": code, "name": pname})
    return f"Error: unknown payer '{name}'"


def add_insurance(patient_id: str, payer_code: str, member_id: str, group_number: Optional[str] = None,
                  state: ClinicState = None) -> str:
    """Add an insurance policy to a patient's record (status: unverified)."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    if payer_code not in _PAYERS:
        return f"Error: unknown payer code '{payer_code}'; valid codes: {', '.join(_PAYERS)}"
    pname, pattern, spelled = _PAYERS[payer_code]
    if not re.fullmatch(pattern, member_id.strip().upper()):
        return f"Error: {pname} member ids are {spelled}"
    pol = f"pol_{_h(patient_id + payer_code + member_id, 3)}"
    p["policies"][pol] = {"payer": payer_code, "member_id": member_id.strip().upper(), "status": "unverified",
                          "group": group_number}
    return json.dumps({"policy_id": pol, "status": "unverified"})


def verify_insurance(patient_id: str, policy_id: str, state: ClinicState) -> str:
    """Run an eligibility check on one of the patient's policies. Returns coverage and copays."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    pol = p["policies"].get(policy_id)
    if pol is None:
        return f"Error: policy {policy_id} is not on file for this patient"
    pol["status"] = "verified"
    return json.dumps({"policy_id": policy_id, "status": "verified", "payer": _PAYERS[pol["payer"]][0],
                       "copay": {"primary_care": 25.0, "specialist": 50.0}, "deductible_remaining": 410.0})


def set_billing_mode(patient_id: str, mode: str, state: ClinicState) -> str:
    """Bill the patient's insurance or the patient directly."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    if mode not in ("insurance", "self_pay"):
        return "Error: mode must be insurance or self_pay"
    if p["billing_mode"] == mode:
        return f"Error: billing mode is already {mode}"
    p["billing_mode"] = mode
    return json.dumps({"patient_id": patient_id, "billing_mode": mode})


# ----------------------------------------------------------------------------- providers and appointments

def search_providers(specialty: Optional[str] = None, name: Optional[str] = None, location: Optional[str] = None,
                     state: ClinicState = None) -> str:
    """Search the clinic's providers."""
    if specialty is None and name is None and location is None:
        return "Error: No search criteria"
    hits = []
    for pid, v in state.providers.items():
        if specialty is not None and specialty.strip().lower() != v["specialty"]:
            continue
        if name is not None and name.strip().lower() not in v["name"].lower():
            continue
        if location is not None and location.strip().lower() != v["location"].lower():
            continue
        hits.append({"provider_id": pid, "name": v["name"], "specialty": v["specialty"], "location": v["location"],
                     "referral_required": v["referral_required"]})
    return json.dumps(hits)


def get_provider_availability(provider_id: str, date: str, state: ClinicState) -> str:
    """Open slots of a provider on a date, as rows [slot_id, time, room]."""
    if provider_id not in state.providers:
        return "Error: provider not found"
    if not _iso(date):
        return "Error: date must be YYYY-MM-DD"
    return json.dumps({"provider_id": provider_id, "date": date, "slots": [
        [sid, s["time"], s["room"]] for sid, s in state.slots.items()
        if s["provider"] == provider_id and s["date"] == date and s["status"] == "open"]})


def book_appointment(patient_id: str, provider_id: str, slot_id: str, visit_type: str,
                     policy_id: Optional[str] = None, referral_id: Optional[str] = None,
                     state: ClinicState = None) -> str:
    """Book an appointment.

    Args:
        patient_id: The patient.
        provider_id: The provider.
        slot_id: An open slot of that provider.
        visit_type: The kind of visit.
        policy_id: The insurance policy to bill (patients billed to insurance).
        referral_id: A referral (specialists that require one).
    """
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    prov = state.providers.get(provider_id)
    if prov is None:
        return "Error: provider not found"
    slot = state.slots.get(slot_id)
    if slot is None or slot["provider"] != provider_id or slot["status"] != "open":
        return f"Error: {slot_id} is not an open slot of {provider_id}"
    if visit_type not in _VISIT_TYPES:
        return f"Error: unknown visit_type '{visit_type}'; use {', '.join(_VISIT_TYPES)}"
    if prov["referral_required"]:
        ref = state.referrals.get(referral_id or "")
        if ref is None or ref["patient"] != patient_id or ref["specialty"] != prov["specialty"]:
            return f"Error: {prov['specialty']} visits need an active referral for this patient"
    specialist = prov["specialty"] != "family medicine"
    if p["billing_mode"] == "self_pay":
        copay = prov["fee"]
    else:
        pol = p["policies"].get(policy_id or "")
        if pol is None or pol["status"] != "verified":
            return "Error: insurance must be verified before booking; pass policy_id of a verified policy or set the patient to self_pay"
        copay = 50.0 if specialist else 25.0
    slot["status"] = "booked"
    aid = f"apt_{_next(state)}"
    state.appointments[aid] = {"patient": patient_id, "provider": provider_id, "slot": slot_id, "visit_type": visit_type,
                               "status": "scheduled", "copay_due": copay, "copay_paid": False, "referral": referral_id}
    return json.dumps({"appointment_id": aid, "provider": prov["name"], "date": slot["date"], "time": slot["time"],
                       "copay_due": copay})


def get_appointment(appointment_id: str, state: ClinicState) -> str:
    a = state.appointments.get(appointment_id)
    if a is None:
        return "Error: appointment not found"
    s = state.slots[a["slot"]]
    return json.dumps({"appointment_id": appointment_id, "patient_id": a["patient"],
                       "provider": state.providers[a["provider"]]["name"], "date": s["date"], "time": s["time"],
                       "room": s["room"], "visit_type": a["visit_type"], "status": a["status"],
                       "copay_due": a["copay_due"], "copay_paid": a["copay_paid"]})


def list_patient_appointments(patient_id: str, status: Optional[str] = None, state: ClinicState = None) -> str:
    """A patient's appointments, optionally only those with a given status."""
    if patient_id not in state.patients:
        return "Error: patient not found"
    if status is not None and status not in ("scheduled", "checked_in", "cancelled"):
        return "Error: status must be scheduled, checked_in or cancelled"
    return json.dumps([{"appointment_id": aid, "provider": state.providers[a["provider"]]["name"],
                        "date": state.slots[a["slot"]]["date"], "time": state.slots[a["slot"]]["time"],
                        "status": a["status"]}
                       for aid, a in state.appointments.items()
                       if a["patient"] == patient_id and (status is None or a["status"] == status)])


def reschedule_appointment(appointment_id: str, new_slot_id: str, state: ClinicState) -> str:
    """Move a scheduled appointment to another open slot of the same provider."""
    a = state.appointments.get(appointment_id)
    if a is None:
        return "Error: appointment not found"
    if a["status"] != "scheduled":
        return f"Error: appointment is {a['status']}"
    slot = state.slots.get(new_slot_id)
    if slot is None or slot["provider"] != a["provider"] or slot["status"] != "open":
        return f"Error: {new_slot_id} is not an open slot of this appointment's provider"
    state.slots[a["slot"]]["status"] = "open"
    slot["status"] = "booked"
    a["slot"] = new_slot_id
    return json.dumps({"appointment_id": appointment_id, "date": slot["date"], "time": slot["time"]})


def cancel_appointment(appointment_id: str, reason: str, state: ClinicState) -> str:
    a = state.appointments.get(appointment_id)
    if a is None:
        return "Error: appointment not found"
    if a["status"] != "scheduled":
        return f"Error: appointment is already {a['status']}"
    a["status"] = "cancelled"
    a["cancel_reason"] = reason
    state.slots[a["slot"]]["status"] = "open"
    return f"Appointment {appointment_id} cancelled."


def collect_copay(appointment_id: str, amount: float, method: str, state: ClinicState) -> str:
    """Take the copay for an appointment."""
    a = state.appointments.get(appointment_id)
    if a is None:
        return "Error: appointment not found"
    if a["copay_paid"]:
        return "Error: copay already collected"
    if method not in ("card", "cash", "hsa"):
        return f"Error: unknown payment method '{method}'; accepted: card, cash, hsa"
    if abs(float(amount) - a["copay_due"]) > 0.005:
        return f"Error: the amount must be the copay due for this appointment"
    a["copay_paid"] = True
    rid = f"R-{_next(state)}"
    state.payments.append({"receipt": rid, "appointment": appointment_id, "amount": a["copay_due"], "method": method})
    return f"Collected {a['copay_due']:.2f} by {method} for {appointment_id} (receipt {rid})."


def check_in_patient(appointment_id: str, state: ClinicState) -> str:
    """Check a patient in for today's appointment."""
    a = state.appointments.get(appointment_id)
    if a is None:
        return "Error: appointment not found"
    if a["status"] != "scheduled":
        return f"Error: appointment is {a['status']}"
    if state.slots[a["slot"]]["date"] != TODAY:
        return "Error: only today's appointments can be checked in"
    if not a["copay_paid"]:
        return "Error: collect the copay before check-in"
    a["status"] = "checked_in"
    p = state.patients[a["patient"]]
    return f"Checked in {_name(p)} for {state.slots[a['slot']]['time']} with {state.providers[a['provider']]['name']}."


# ----------------------------------------------------------------------------- referrals and labs

def lookup_diagnosis_code(term: str) -> str:
    """ICD-10 codes whose description matches a term."""
    q = term.strip().lower()
    if not q:
        return "Error: term is empty"
    return json.dumps([{"code": c, "description": d} for c, d in _ICD10.items() if q in d.lower()])


def create_referral(patient_id: str, referring_provider_id: str, specialty: str, diagnosis_code: str, reason: str,
                    state: ClinicState) -> str:
    """Refer a patient to a specialty. The referring provider must be the patient's primary care provider."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    if referring_provider_id != p["pcp"]:
        return "Error: the referring provider must be the patient's primary care provider"
    specialties = sorted({v["specialty"] for v in state.providers.values() if v["referral_required"]})
    if specialty not in specialties:
        return f"Error: unknown specialty '{specialty}'; referrals go to {', '.join(specialties)}"
    if diagnosis_code not in _ICD10:
        return "Error: diagnosis_code must be a valid ICD-10 code such as I10"
    rid = f"ref_{_next(state)}"
    state.referrals[rid] = {"patient": patient_id, "specialty": specialty, "diagnosis": diagnosis_code, "reason": reason}
    return json.dumps({"referral_id": rid, "specialty": specialty, "valid_until": "2025-09-10"})


def create_lab_order(patient_id: str, provider_id: str, test_codes: list[str], diagnosis_code: str,
                     fasting: bool = False, state: ClinicState = None) -> str:
    """Order lab tests during a visit (the patient must be checked in today with the ordering provider)."""
    if patient_id not in state.patients:
        return "Error: patient not found"
    if provider_id not in state.providers:
        return "Error: provider not found"
    bad = [c for c in test_codes if c not in _LAB_TESTS]
    if not test_codes or bad:
        return f"Error: unknown test code '{bad[0] if bad else ''}'; valid codes: {', '.join(_LAB_TESTS)}"
    if diagnosis_code not in _ICD10:
        return "Error: diagnosis_code must be a valid ICD-10 code such as I10"
    if not any(a["patient"] == patient_id and a["provider"] == provider_id and a["status"] == "checked_in"
               and state.slots[a["slot"]]["date"] == TODAY for a in state.appointments.values()):
        return "Error: lab orders need an encounter: check the patient in with this provider first"
    oid = f"lab_{_next(state)}"
    state.lab_orders[oid] = {"patient": patient_id, "provider": provider_id, "tests": list(test_codes),
                             "diagnosis": diagnosis_code, "fasting": fasting, "status": "ordered"}
    return json.dumps({"order_id": oid, "tests": [_LAB_TESTS[c] for c in test_codes], "status": "ordered"})


def get_lab_results(order_id: str, state: ClinicState) -> str:
    o = state.lab_orders.get(order_id)
    if o is None:
        return "Error: lab order not found"
    return json.dumps({"order_id": order_id, "status": "specimen pending", "results": []})


# ----------------------------------------------------------------------------- prescriptions

def search_drug(name: str) -> str:
    """Find a drug's NDC by name."""
    q = name.strip().lower()
    if not q:
        return "Error: name is empty"
    return json.dumps([{"ndc": ndc, "name": n, "controlled": c} for ndc, (n, _, c) in _DRUGS.items() if q in n])


def find_pharmacy(zip_code: Optional[str] = None, name: Optional[str] = None) -> str:
    """Find pharmacies by ZIP code or name."""
    if zip_code is None and name is None:
        return "Error: No search criteria"
    return json.dumps([{"pharmacy_id": k, **v} for k, v in _PHARMACIES.items()
                       if (zip_code is None or v["zip"] == zip_code.strip())
                       and (name is None or name.strip().lower() in v["name"].lower())])


def set_preferred_pharmacy(patient_id: str, pharmacy_id: str, state: ClinicState) -> str:
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    if pharmacy_id not in _PHARMACIES:
        return "Error: pharmacy not found"
    if p["pharmacy"] == pharmacy_id:
        return "Error: this is already the preferred pharmacy"
    p["pharmacy"] = pharmacy_id
    return f"Preferred pharmacy for {patient_id} set to {_PHARMACIES[pharmacy_id]['name']}."


def prescriber_login(provider_id: str, pin: str, state: ClinicState) -> str:
    """Sign a prescriber in for electronic prescribing of controlled substances (EPCS)."""
    prov = state.providers.get(provider_id)
    if prov is None or prov["pin"] != pin:
        return "Error: invalid provider or PIN"
    state.eprescribe_session = provider_id
    return f"Signed in as {prov['name']} for e-prescribing."


def create_prescription(patient_id: str, provider_id: str, ndc: str, sig: str, quantity: int, refills: int = 0,
                        state: ClinicState = None) -> str:
    """Send a new prescription to the patient's preferred pharmacy.

    Args:
        patient_id: The patient.
        provider_id: The prescriber.
        ndc: The drug's NDC.
        sig: Directions, e.g. "1 tablet by mouth daily".
        quantity: Number of units.
        refills: Number of refills.
    """
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    if provider_id not in state.providers:
        return "Error: provider not found"
    drug = _DRUGS.get(ndc)
    if drug is None:
        return "Error: unknown NDC"
    name, drug_class, controlled = drug
    if drug_class and drug_class in p["allergies"]:
        return f"Error: allergy conflict: the patient is allergic to {drug_class}"
    if p["pharmacy"] is None:
        return "Error: the patient has no preferred pharmacy on file"
    if controlled and state.eprescribe_session != provider_id:
        return "Error: controlled substances require the prescriber to sign in for EPCS"
    if controlled and refills:
        return "Error: schedule II prescriptions cannot have refills"
    if not 1 <= quantity <= 180 or not 0 <= refills <= 5:
        return "Error: quantity must be 1-180 and refills 0-5"
    rx = f"rx_{_h(patient_id + ndc)}"
    state.prescriptions[rx] = {"patient": patient_id, "provider": provider_id, "ndc": ndc, "sig": sig,
                               "quantity": quantity, "refills": refills, "pharmacy": p["pharmacy"], "status": "active"}
    return f"Prescription {rx} for {name} sent to {_PHARMACIES[p['pharmacy']]['name']}."


def list_prescriptions(patient_id: str, state: ClinicState) -> str:
    if patient_id not in state.patients:
        return "Error: patient not found"
    return json.dumps([{"prescription_id": rx, "drug": _DRUGS[r["ndc"]][0], "refills_left": r["refills"],
                        "status": r["status"]}
                       for rx, r in state.prescriptions.items() if r["patient"] == patient_id])


def refill_prescription(prescription_id: str, state: ClinicState) -> str:
    """Send a refill of an active prescription to its pharmacy."""
    r = state.prescriptions.get(prescription_id)
    if r is None:
        return "Error: prescription not found"
    if r["status"] != "active":
        return f"Error: prescription is {r['status']}"
    if r["refills"] < 1:
        return "Error: no refills left; a new prescription is needed"
    r["refills"] -= 1
    return json.dumps({"prescription_id": prescription_id, "refills_left": r["refills"],
                       "pharmacy": _PHARMACIES[r["pharmacy"]]["name"]})


def cancel_prescription(prescription_id: str, reason: str, state: ClinicState) -> str:
    r = state.prescriptions.get(prescription_id)
    if r is None:
        return "Error: prescription not found"
    if r["status"] != "active":
        return f"Error: prescription is already {r['status']}"
    r["status"] = "cancelled"
    return f"Prescription {prescription_id} cancelled ({reason})."


# ----------------------------------------------------------------------------- billing

def get_patient_balance(patient_id: str, state: ClinicState) -> str:
    """Outstanding balance and invoices, as rows [invoice_id, date, amount, status]."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    rows = [[iid, i["date"], i["amount"], i["status"]] for iid, i in p["invoices"].items()]
    return json.dumps({"patient_id": patient_id, "balance": sum(r[2] for r in rows if r[3] == "open"), "invoices": rows})


def pay_invoice(patient_id: str, invoice_id: str, amount: float, method: str, state: ClinicState) -> str:
    """Pay an open invoice in full."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    inv = p["invoices"].get(invoice_id)
    if inv is None:
        return "Error: invoice not found for this patient"
    if inv["status"] != "open":
        return f"Error: invoice is {inv['status']}"
    if method not in ("card", "cash", "hsa"):
        return f"Error: unknown payment method '{method}'; accepted: card, cash, hsa"
    if abs(float(amount) - inv["amount"]) > 0.005:
        return "Error: partial payments are not accepted; pay the invoice amount or set up a payment plan"
    inv["status"] = "paid"
    return f"Invoice {invoice_id} paid ({inv['amount']:.2f} by {method})."


def create_payment_plan(patient_id: str, invoice_id: str, months: int, state: ClinicState) -> str:
    """Split an open invoice of 100.00 or more into monthly installments."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    inv = p["invoices"].get(invoice_id)
    if inv is None or inv["status"] != "open":
        return "Error: no open invoice with this id for this patient"
    if months not in (3, 6, 12):
        return "Error: months must be 3, 6 or 12"
    if inv["amount"] < 100:
        return "Error: payment plans start at 100.00"
    inv["status"] = "payment_plan"
    return json.dumps({"invoice_id": invoice_id, "months": months, "installment": round(inv["amount"] / months, 2)})


# ----------------------------------------------------------------------------- messaging and misc

def enroll_patient_portal(patient_id: str, email: str, state: ClinicState) -> str:
    """Invite a patient to the patient portal."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    if p["portal"]:
        return "Error: the patient is already enrolled"
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email):
        return "Error: invalid email"
    p["portal"], p["email"] = True, email
    return json.dumps({"patient_id": patient_id, "portal_username": email, "status": "invited"})


def send_patient_message(patient_id: str, subject: str, body: str, channel: str, state: ClinicState) -> str:
    """Send a patient a message."""
    p = state.patients.get(patient_id)
    if p is None:
        return "Error: patient not found"
    if channel not in ("portal", "sms"):
        return "Error: channel must be portal or sms"
    if channel == "portal" and not p["portal"]:
        return "Error: the patient is not enrolled in the portal"
    if not body.strip():
        return "Error: body is empty"
    state.messages.append({"patient": patient_id, "subject": subject, "body": body, "channel": channel})
    return f"Message sent to {_name(p)} via {channel}."


def transfer_to_human_agent(summary: str) -> str:
    """Transfer the caller to a human agent, with a summary of the issue."""
    return "Transfer successful"


_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.USub: operator.neg}


def calculate(expression: str) -> str:
    """Calculate the result of an arithmetic expression (numbers, + - * / and parentheses)."""
    def ev(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](ev(node.left), ev(node.right))
        if isinstance(node, ast.UnaryOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](ev(node.operand))
        raise ValueError
    try:
        return str(round(ev(ast.parse(expression, mode="eval").body), 2))
    except (ValueError, SyntaxError, ZeroDivisionError, TypeError):
        return "Error: invalid expression"


TOOLS = [
    normalize_date, find_patient_by_name_dob, find_patient_by_phone, register_patient, get_patient_details,
    update_patient_contact,
    lookup_payer, add_insurance, verify_insurance, set_billing_mode,
    search_providers, get_provider_availability, book_appointment, get_appointment, list_patient_appointments,
    reschedule_appointment, cancel_appointment, collect_copay, check_in_patient,
    lookup_diagnosis_code, create_referral, create_lab_order, get_lab_results,
    search_drug, find_pharmacy, set_preferred_pharmacy, prescriber_login, create_prescription, list_prescriptions,
    refill_prescription, cancel_prescription,
    get_patient_balance, pay_invoice, create_payment_plan,
    enroll_patient_portal, send_patient_message, transfer_to_human_agent, calculate,
]

# What a tester is handed: what two callers and a prescriber told the front desk.
FIXTURES = {
    "patient_first_name": "Elena",
    "patient_last_name": "Marsh",
    "patient_dob": "04/12/1986",
    "patient_phone": "(617) 555-0148",
    "new_patient_first_name": "Noah",
    "new_patient_last_name": "Fischer",
    "new_patient_dob": "March 3, 1992",
    "new_patient_phone": "617-555-0199",
    "new_patient_payer": "Aetna",
    "new_patient_member_id": "W987654321",
    "pharmacy_zip": "02139",
    "prescriber_pin": "4471",
    "diagnosis_term": "hypertension",
    "drug_name": "atorvastatin",
}

_LOOKUP = "find_patient_by_name_dob|find_patient_by_phone"
_ANY_PATIENT = ["get_patient_details", "update_patient_contact", "add_insurance", "verify_insurance", "set_billing_mode",
                "book_appointment", "list_patient_appointments", "set_preferred_pharmacy", "create_prescription",
                "list_prescriptions", "get_patient_balance", "enroll_patient_portal", "send_patient_message"]
_SEEDED_PATIENT = ["create_referral", "create_lab_order", "pay_invoice", "create_payment_plan"]
_APPOINTMENT_USERS = ["get_appointment", "reschedule_appointment", "cancel_appointment", "collect_copay",
                      "check_in_patient"]
_PROVIDER_USERS = ["get_provider_availability", "book_appointment", "prescriber_login", "create_prescription",
                   "create_lab_order"]

GROUND_TRUTH = (
    [(_LOOKUP + "|register_patient", c, "id lookup/create: patient_id (JSON text reply)") for c in _ANY_PATIENT]
    + [(_LOOKUP, c, "id lookup: patient_id of the caller with history") for c in _SEEDED_PATIENT]
    + [("list_patient_appointments|get_patient_details|book_appointment", c, "id lookup/create: appointment_id")
       for c in _APPOINTMENT_USERS]
    + [("search_providers|get_patient_details", c, "id lookup: provider_id (or the primary care provider)")
       for c in _PROVIDER_USERS]
    + [
        ("normalize_date", "find_patient_by_name_dob", "format: dob as YYYY-MM-DD (the caller says 04/12/1986)"),
        ("normalize_date", "register_patient", "format: dob as YYYY-MM-DD (the caller says March 3, 1992)"),
        ("lookup_payer", "add_insurance", "id lookup: payer code"),
        ("get_patient_details|add_insurance", "verify_insurance", "sibling: a policy_id of the same patient"),
        ("get_patient_details|add_insurance", "book_appointment", "id lookup/create: the verified policy_id"),
        ("verify_insurance|set_billing_mode", "book_appointment", "state: insurance verified, or the patient self-pay"),
        ("get_provider_availability", "book_appointment", "sibling: an open slot of the same provider (rows)"),
        ("get_provider_availability", "reschedule_appointment", "sibling: an open slot of the appointment's provider"),
        ("create_referral", "book_appointment", "create-before-use: specialists need a referral"),
        ("get_patient_details|search_providers", "create_referral", "id lookup: the patient's primary care provider"),
        ("lookup_diagnosis_code", "create_referral", "format: ICD-10 code"),
        ("lookup_diagnosis_code", "create_lab_order", "format: ICD-10 code"),
        ("collect_copay", "check_in_patient", "state: the copay must be collected"),
        ("get_appointment|verify_insurance", "collect_copay", "two values: the exact copay due"),
        ("check_in_patient", "create_lab_order", "state: the patient must be checked in today"),
        ("create_lab_order", "get_lab_results", "provenance: order_id"),
        ("search_drug", "create_prescription", "id lookup: NDC"),
        ("find_pharmacy", "set_preferred_pharmacy", "id lookup: pharmacy_id"),
        ("set_preferred_pharmacy", "create_prescription", "state: a preferred pharmacy must be on file"),
        ("prescriber_login", "create_prescription", "auth: EPCS sign-in (state only) for controlled drugs"),
        ("list_prescriptions|create_prescription", "refill_prescription", "id lookup/create: prescription id"),
        ("list_prescriptions|create_prescription", "cancel_prescription", "id lookup/create: prescription id"),
        ("get_patient_balance", "pay_invoice", "two values: invoice id and its amount (rows)"),
        ("get_patient_balance", "create_payment_plan", "id lookup: an open invoice id (rows)"),
        ("enroll_patient_portal", "send_patient_message", "state: portal messages need an enrolled patient"),
    ]
)

GROUND_TRUTH_VARIANTS = [
    ("book_appointment", "check_in_patient", "create-before-use: nobody is booked today", "quiet_day"),
    ("book_appointment", "collect_copay", "create-before-use: nobody is booked today", "quiet_day"),
]

PLAUSIBLE = {
    ("find_patient_by_name_dob", "find_patient_by_phone"), ("find_patient_by_phone", "find_patient_by_name_dob"),
    ("register_patient", "find_patient_by_phone"), ("register_patient", "find_patient_by_name_dob"),
    ("register_patient", "create_lab_order"), ("register_patient", "check_in_patient"),
    ("register_patient", "collect_copay"), ("get_patient_details", "find_patient_by_name_dob"),
    ("normalize_date", "get_provider_availability"), ("normalize_date", "book_appointment"),
    ("add_insurance", "get_patient_details"), ("verify_insurance", "get_patient_details"),
    ("set_billing_mode", "get_patient_details"), ("set_preferred_pharmacy", "get_patient_details"),
    ("enroll_patient_portal", "get_patient_details"), ("book_appointment", "get_patient_details"),
    ("book_appointment", "list_patient_appointments"), ("book_appointment", "get_provider_availability"),
    ("cancel_appointment", "get_provider_availability"), ("cancel_appointment", "book_appointment"),
    ("reschedule_appointment", "get_provider_availability"), ("reschedule_appointment", "book_appointment"),
    ("get_appointment", "check_in_patient"), ("create_prescription", "list_prescriptions"),
    ("get_patient_details", "enroll_patient_portal"),
    ("get_patient_details", "update_patient_contact"), ("get_patient_details", "send_patient_message"),
    ("search_providers", "get_patient_details"), ("verify_insurance", "pay_invoice"),
    ("get_patient_balance", "calculate"), ("get_appointment", "calculate"), ("calculate", "pay_invoice"),
    ("calculate", "collect_copay"), ("collect_copay", "get_appointment"),
    ("check_in_patient", "get_appointment"), ("search_drug", "get_patient_details"),
    ("create_referral", "get_provider_availability"),
}
