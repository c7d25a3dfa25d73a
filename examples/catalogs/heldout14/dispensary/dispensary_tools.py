"""Dispensary: the counter and dispensing system of Larkfield Community Pharmacy (43 calls).

Plain functions over an in-memory ``State`` of an independent community pharmacy in Columbus, Ohio,
on Tuesday 14 March 2028. Staff sign in with their employee id and PIN; technicians enter
prescriptions and start fills, and a pharmacist must override major drug-utilization alerts, take
transfers, verify every fill before it goes into a will-call bin and give vaccines. Patients are
found by last name and date of birth or registered at the counter; their insurance is added and
checked for eligibility; fills are billed to a plan (a prior authorization first where the plan
asks for one, a manufacturer copay card on top) or priced as cash under a discount program.
Patients call in refills and renewals, sign up for auto-refill, and book vaccinations that are
screened before they are given. Out-of-stock items are special ordered and checked in.

Replies are pydantic models (the runtime converts them), a few ``{"ok": true, ...}`` objects,
lists of lists (DUR alerts, vaccine slots, discount programs), bare values (units on hand, a bin
label, the auto-refill flag) and sentences with the new fill or message id inside. Every refusal
is *returned* as ``{"ok": false, "reason": "..."}``, never raised. DUR outcome codes and screening
conditions are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal, Optional

from pydantic import BaseModel

TODAY = "2028-03-14"

StaffRole = Literal["technician", "pharmacist"]
Reaction = Literal["rash", "hives", "anaphylaxis", "swelling", "nausea", "intolerance", "unknown"]
RxStatus = Literal["new", "active", "on_hold", "transferred", "expired"]
Relationship = Literal["self", "spouse", "child", "other"]
Counselling = Literal["accepted", "declined"]
Site = Literal["left deltoid", "right deltoid", "left thigh", "right thigh"]
Channel = Literal["sms", "email"]


class Vaccine(str, Enum):
    FLU = "flu"
    COVID19 = "covid19"
    SHINGLES = "shingles"
    PNEUMOCOCCAL = "pneumococcal"
    TDAP = "tdap"


_DUR_OUTCOMES = {
    "1A": "filled as is, false positive",
    "1B": "filled prescription as is",
    "1C": "filled with different dose",
    "1D": "filled with different directions",
    "1G": "filled with prescriber approval",
    "2A": "prescription not filled",
}
_SCREENING = ("fever_today", "pregnant", "immunocompromised", "severe_allergy", "guillain_barre",
              "recent_vaccine", "bleeding_disorder")
_CONTRAINDICATED = ("fever_today", "severe_allergy")
_PROGRAMS = [
    ["UC", "Usual and customary price", "no discount"],
    ["LCP25", "Larkfield Care Plan", "25% off the usual and customary price; members only"],
    ["SR10", "Senior Ten", "10% off for patients 65 and over"],
    ["GEN4", "Four-dollar generics", "$4.00 for a 30-day supply of listed generics"],
]
_GEN4 = ("00093-1721-01", "68180-0513-01", "60505-2580-09")


# --------------------------------------------------------------------------- reply models


class StaffSession(BaseModel):
    session_id: str
    employee_id: str
    name: str
    role: str


class PatientSummary(BaseModel):
    patient_id: str
    name: str
    date_of_birth: str
    phone: Optional[str] = None
    email: Optional[str] = None


class CoverageSummary(BaseModel):
    coverage_id: str
    plan_name: str
    member_id: str
    status: str


class PatientProfile(BaseModel):
    patient_id: str
    name: str
    date_of_birth: str
    phone: Optional[str] = None
    email: Optional[str] = None
    allergies: list[str]
    coverages: list[CoverageSummary]


class Eligibility(BaseModel):
    coverage_id: str
    active: bool
    plan_name: str
    plan_type: str
    copays: dict[str, float]


class Prescriber(BaseModel):
    npi: str
    name: str
    practice: str
    city: str
    phone: str


class DrugProduct(BaseModel):
    ndc: str
    name: str
    strength: str
    form: str
    schedule: str
    package_size: int


class SpecialOrder(BaseModel):
    order_id: str
    ndc: str
    packs: int
    supplier: str
    expected: str


class Prescription(BaseModel):
    rx_number: str
    patient_id: str
    drug: str
    ndc: str
    quantity: int
    days_supply: int
    directions: str
    refills_left: int
    prescriber: str
    status: str
    auto_refill: bool
    dur_alerts: list[str]


class Fill(BaseModel):
    fill_id: str
    rx_number: str
    drug: str
    quantity: int
    status: str


class ClaimResult(BaseModel):
    claim_id: str
    fill_id: str
    payer: str
    status: str
    plan_paid: float
    patient_pays: float


class CashPrice(BaseModel):
    fill_id: str
    program: str
    price: float


class PriorAuth(BaseModel):
    pa_id: str
    rx_number: str
    drug: str
    diagnosis_code: str
    status: str
    decided: Optional[str] = None
    note: Optional[str] = None


class Appointment(BaseModel):
    appointment_id: str
    patient_id: str
    vaccine: str
    date: str
    time: str
    status: str


class VaccineRecord(BaseModel):
    appointment_id: str
    vaccine: str
    lot_number: str
    site: str
    given_by: str
    given_at: str


class Receipt(BaseModel):
    fill_id: str
    drug: str
    amount_paid: float
    picked_up_by: str
    counselling: str


# --------------------------------------------------------------------------- state


def _drug(ndc, name, strength, form, schedule, pack, price, stock, pa=False, tier=1, klass=None):
    return {"ndc": ndc, "name": name, "strength": strength, "form": form, "schedule": schedule,
            "package_size": pack, "price_per_unit": price, "stock": stock, "pa": pa, "tier": tier, "class": klass}


def _rx(rx, patient, ndc, qty, days, directions, refills, npi, status, fills, auto=False):
    return {"rx_number": rx, "patient_id": patient, "ndc": ndc, "quantity": qty, "days_supply": days,
            "directions": directions, "refills_left": refills, "npi": npi, "status": status, "fills": fills,
            "auto_refill": auto, "written": "2027-09-12"}


class State:
    """Larkfield Community Pharmacy, Tuesday 14 March 2028."""

    def __init__(self) -> None:
        self.staff = {
            "T-1042": {"pin": "4417", "name": "Dana Ruiz", "role": "technician"},
            "RPH-207": {"pin": "8830", "name": "Grace Oduya", "role": "pharmacist"},
        }
        self.sessions = {}
        self.patients = {
            "P-10233": {"name": "Harold Whitcombe", "first": "Harold", "last": "Whitcombe", "dob": "1951-06-02",
                        "phone": "(614) 555-0182", "email": None, "allergies": ["penicillin (hives)"]},
            "P-10240": {"name": "Joan Whitcombe", "first": "Joan", "last": "Whitcombe", "dob": "1953-09-14",
                        "phone": "(614) 555-0182", "email": "joanw@example.net", "allergies": []},
            "P-10871": {"name": "Maria Santos", "first": "Maria", "last": "Santos", "dob": "1988-11-19",
                        "phone": "(614) 555-0347", "email": "maria.santos@example.com", "allergies": ["sulfa (rash)"]},
            "P-11402": {"name": "Kenji Watanabe", "first": "Kenji", "last": "Watanabe", "dob": "1975-03-08",
                        "phone": "(614) 555-0921", "email": None, "allergies": []},
        }
        self.coverages = {
            "CV-5501": {"patient_id": "P-10233", "plan_name": "SilverScript Choice (Medicare Part D)",
                        "plan_type": "medicare", "bin": "004336", "pcn": "MEDDADV", "group": "RX8813",
                        "member_id": "W1234567801", "status": "verified"},
            "CV-5502": {"patient_id": "P-10871", "plan_name": "BlueSky Commercial PPO", "plan_type": "commercial",
                        "bin": "610014", "pcn": "BSKYRX", "group": "BSK20417", "member_id": "BSK9981204",
                        "status": "verified"},
        }
        self.prescribers = {
            "1427081553": {"name": "Dr. Alan Price, MD", "last": "Price", "practice": "Larkfield Family Medicine",
                           "city": "Columbus", "phone": "(614) 555-0400"},
            "1659384021": {"name": "Dr. Susan Lee, DO", "last": "Lee", "practice": "Eastside Endocrinology",
                           "city": "Columbus", "phone": "(614) 555-0455"},
            "1184726650": {"name": "Dr. Rajesh Iyer, DDS", "last": "Iyer", "practice": "Short North Dental",
                           "city": "Columbus", "phone": "(614) 555-0612"},
            "1306559127": {"name": "Dr. Emily Price, MD", "last": "Price", "practice": "Westerville Pediatrics",
                           "city": "Westerville", "phone": "(614) 555-0733"},
        }
        self.drugs = {d["ndc"]: d for d in [
            _drug("00093-1721-01", "warfarin sodium", "5 mg", "tablet", "none", 100, 0.21, 420, klass="anticoagulant"),
            _drug("00172-5411-60", "fluconazole", "150 mg", "tablet", "none", 12, 1.95, 36, klass="azole"),
            _drug("60505-2580-09", "atorvastatin calcium", "40 mg", "tablet", "none", 90, 0.18, 540),
            _drug("00169-4132-12", "Ozempic (semaglutide)", "0.5 mg/dose, 2 mg/3 mL pen", "pen injector", "none",
                  1, 968.52, 0, pa=True, tier=3),
            _drug("65862-0017-05", "amoxicillin", "500 mg", "capsule", "none", 500, 0.09, 900, klass="penicillin"),
            _drug("00406-0552-01", "oxycodone hydrochloride", "5 mg", "tablet", "C-II", 100, 0.62, 180,
                  klass="opioid"),
            _drug("68180-0513-01", "lisinopril", "10 mg", "tablet", "none", 90, 0.11, 630),
            _drug("16729-0213-10", "sertraline", "50 mg", "tablet", "none", 90, 0.16, 360, klass="ssri"),
            _drug("00378-0234-91", "metformin hydrochloride", "500 mg", "tablet", "none", 90, 0.07, 0),
        ]}
        self.interactions = [
            {"a": "anticoagulant", "b": "azole", "severity": "major",
             "message": "Fluconazole inhibits CYP2C9: warfarin exposure and INR rise; bleeding risk"},
            {"a": "ssri", "b": "opioid", "severity": "moderate",
             "message": "Serotonergic opioid with an SSRI: watch for serotonin syndrome"},
        ]
        self.prescriptions = {r["rx_number"]: r for r in [
            _rx("6100231", "P-10233", "00093-1721-01", 30, 30, "Take 1 tablet by mouth daily or as directed per INR",
                3, "1427081553", "active", 4),
            _rx("6100232", "P-10233", "60505-2580-09", 90, 90, "Take 1 tablet by mouth at bedtime", 0, "1427081553",
                "active", 4),
            _rx("6100410", "P-10871", "16729-0213-10", 30, 30, "Take 1 tablet by mouth every morning", 5,
                "1427081553", "active", 1),
            _rx("6100455", "P-10871", "00169-4132-12", 1, 28, "Inject 0.5 mg under the skin once weekly", 2,
                "1659384021", "new", 0),
            _rx("6100470", "P-10233", "00172-5411-60", 1, 1, "Take 1 tablet by mouth once", 0, "1427081553",
                "new", 0),
            _rx("6100388", "P-10240", "00378-0234-91", 180, 90, "Take 1 tablet by mouth twice daily with meals", 2,
                "1427081553", "active", 3),
        ]}
        self.prescriptions["6100470"]["written"] = "2028-03-13"
        self.prescriptions["6100455"]["written"] = "2028-03-10"
        self.alerts = {
            "DA-880": {"alert_id": "DA-880", "rx_number": "6100470", "severity": "major", "kind": "drug-drug",
                       "message": "Fluconazole inhibits CYP2C9: warfarin exposure and INR rise; bleeding risk "
                                  "(with Rx 6100231 warfarin sodium 5 mg)", "resolved": False, "outcome": None},
        }
        self.fills = {}
        self.claims = {}
        self.prior_auths = {
            "PA-4402": {"pa_id": "PA-4402", "rx_number": "6100455", "coverage_id": "CV-5502", "diagnosis_code": "E66.9",
                        "status": "denied", "decided": "2028-03-11",
                        "note": "Not covered for weight management; criteria require type 2 diabetes", "letter": None},
        }
        self.orders = {}
        self.vaccine_slots = {
            "2028-03-16": [["VS-0316-0930", "09:30", "Grace Oduya"], ["VS-0316-1100", "11:00", "Grace Oduya"],
                           ["VS-0316-1530", "15:30", "Grace Oduya"]],
            "2028-03-18": [["VS-0318-1000", "10:00", "Grace Oduya"], ["VS-0318-1030", "10:30", "Grace Oduya"]],
            "2028-03-14": [["VS-0314-1600", "16:00", "Grace Oduya"]],
        }
        self.lots = {"flu": [["FL8841-B", "2028-06-30"], ["FL7702-A", "2028-02-28"]],
                     "covid19": [["CV3320-K", "2028-09-30"]], "shingles": [["SH5017-C", "2029-01-31"]],
                     "pneumococcal": [["PN2209-D", "2028-11-30"]], "tdap": [["TD6604-E", "2028-08-31"]]}
        self.appointments = {}
        self.vaccinations = []
        self.renewals = []
        self.messages = []
        self.transfers_out = []
        self.counters = {"session": 318, "patient": 11950, "coverage": 5530, "rx": 6100500, "alert": 881,
                         "fill": 30410, "claim": 9000712, "pa": 4471, "order": 2201, "appointment": 7301,
                         "message": 120, "renewal": 330, "bin": 7}


# --------------------------------------------------------------------------- helpers


def _no(reason: str) -> dict:
    return {"ok": False, "reason": reason}


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _staff(state, session_id, pharmacist=False):
    """(staff record, refusal) for a session."""
    employee = state.sessions.get(session_id)
    if employee is None:
        return None, _no("Session expired or not signed in; sign in with your employee id and PIN")
    s = state.staff[employee]
    if pharmacist and s["role"] != "pharmacist":
        return None, _no(f"{s['name']} is a {s['role']}; this step needs a pharmacist's sign-in")
    return s, None


def _summary(pid, p):
    return PatientSummary(patient_id=pid, name=p["name"], date_of_birth=p["dob"], phone=p["phone"], email=p["email"])


def _prescription(state, r):
    d = state.drugs[r["ndc"]]
    open_alerts = [a["alert_id"] for a in state.alerts.values() if a["rx_number"] == r["rx_number"] and not a["resolved"]]
    return Prescription(rx_number=r["rx_number"], patient_id=r["patient_id"], drug=f"{d['name']} {d['strength']}",
                        ndc=r["ndc"], quantity=r["quantity"], days_supply=r["days_supply"],
                        directions=r["directions"], refills_left=r["refills_left"],
                        prescriber=state.prescribers[r["npi"]]["name"] if r["npi"] else "(transferred)",
                        status=r["status"], auto_refill=r["auto_refill"], dur_alerts=open_alerts)


def _fill_model(state, f):
    d = state.drugs[state.prescriptions[f["rx_number"]]["ndc"]]
    return Fill(fill_id=f["fill_id"], rx_number=f["rx_number"], drug=f"{d['name']} {d['strength']}",
                quantity=f["quantity"], status=f["status"])


def _open_fill(state, rx_number):
    return any(f["rx_number"] == rx_number and f["status"] in ("queued", "in_progress", "priced", "verified")
               for f in state.fills.values())


def _new_alerts(state, rx):
    """DUR on entry: interactions with the patient's other active prescriptions."""
    klass = state.drugs[rx["ndc"]]["class"]
    made = []
    for other in state.prescriptions.values():
        if other["patient_id"] != rx["patient_id"] or other["rx_number"] == rx["rx_number"]:
            continue
        if other["status"] not in ("active", "new"):
            continue
        oklass = state.drugs[other["ndc"]]["class"]
        for i in state.interactions:
            if {i["a"], i["b"]} == {klass, oklass}:
                aid = f"DA-{_next(state, 'alert')}"
                od = state.drugs[other["ndc"]]
                state.alerts[aid] = {"alert_id": aid, "rx_number": rx["rx_number"], "severity": i["severity"],
                                     "kind": "drug-drug", "resolved": False, "outcome": None,
                                     "message": f"{i['message']} (with Rx {other['rx_number']} {od['name']} "
                                                f"{od['strength']})"}
                made.append(aid)
    return made


# --------------------------------------------------------------------------- staff


def staff_sign_in(employee_id: str, pin: str, state: State = None) -> StaffSession | dict:
    """Sign in at a pharmacy workstation.

    Args:
        employee_id: The employee id on the staff badge (for example ``T-1042``).
        pin: The employee's four-digit PIN.

    Returns:
        The workstation session, with the employee's role (technician or pharmacist).
    """
    s = state.staff.get(employee_id)
    if s is None or s["pin"] != pin:
        return _no("Unknown employee id or wrong PIN")
    sid = f"WS-{_next(state, 'session')}"
    state.sessions[sid] = employee_id
    return StaffSession(session_id=sid, employee_id=employee_id, name=s["name"], role=s["role"])


def sign_out(session_id: str, state: State = None) -> dict:
    """End a workstation session.

    Args:
        session_id: The session from ``staff_sign_in``.

    Returns:
        ``{"ok": true}`` with who was signed out.
    """
    s, no = _staff(state, session_id)
    if no:
        return no
    del state.sessions[session_id]
    return {"ok": True, "signed_out": s["name"]}


# --------------------------------------------------------------------------- patients


def find_patient(last_name: str, date_of_birth: str, state: State = None) -> list[PatientSummary] | dict:
    """Look a patient up by last name and date of birth.

    Args:
        last_name: The patient's last name (any case).
        date_of_birth: Date of birth as YYYY-MM-DD.

    Returns:
        The matching patients (usually one).
    """
    found = [_summary(pid, p) for pid, p in state.patients.items()
             if p["last"].lower() == last_name.strip().lower() and p["dob"] == date_of_birth]
    if not found:
        return _no(f"No patient {last_name} born {date_of_birth}; register them as a new patient")
    return found


def register_patient(first_name: str, last_name: str, date_of_birth: str, phone: str,
                     email: Optional[str] = None, state: State = None) -> PatientSummary | dict:
    """Register a new patient with the pharmacy.

    Args:
        first_name: Given name.
        last_name: Family name.
        date_of_birth: Date of birth as YYYY-MM-DD.
        phone: A phone number for pickup and refill texts.
        email: An e-mail address, if the patient wants e-mail.

    Returns:
        The new patient's record.
    """
    if any(p["last"].lower() == last_name.lower() and p["first"].lower() == first_name.lower()
           and p["dob"] == date_of_birth for p in state.patients.values()):
        return _no(f"{first_name} {last_name} born {date_of_birth} is already a patient here")
    if len(date_of_birth) != 10 or date_of_birth[4] != "-" or date_of_birth >= TODAY:
        return _no("date_of_birth must be a past date as YYYY-MM-DD")
    pid = f"P-{_next(state, 'patient')}"
    state.patients[pid] = {"name": f"{first_name} {last_name}", "first": first_name, "last": last_name,
                           "dob": date_of_birth, "phone": phone, "email": email, "allergies": []}
    return _summary(pid, state.patients[pid])


def get_patient_profile(patient_id: str, state: State = None) -> PatientProfile | dict:
    """A patient's profile: contact details, allergies and insurance on file.

    Args:
        patient_id: The patient's id.

    Returns:
        The profile, with each coverage's id, plan and eligibility status.
    """
    p = state.patients.get(patient_id)
    if p is None:
        return _no(f"No patient {patient_id}")
    covs = [CoverageSummary(coverage_id=cid, plan_name=c["plan_name"], member_id=c["member_id"], status=c["status"])
            for cid, c in state.coverages.items() if c["patient_id"] == patient_id]
    return PatientProfile(patient_id=patient_id, name=p["name"], date_of_birth=p["dob"], phone=p["phone"],
                          email=p["email"], allergies=list(p["allergies"]), coverages=covs)


def update_patient_contact(patient_id: str, phone: Optional[str] = None, email: Optional[str] = None,
                           state: State = None) -> PatientSummary | dict:
    """Change a patient's phone number or e-mail address.

    Args:
        patient_id: The patient's id.
        phone: The new phone number, if it changes.
        email: The new e-mail address, if it changes.

    Returns:
        The patient's updated record.
    """
    p = state.patients.get(patient_id)
    if p is None:
        return _no(f"No patient {patient_id}")
    changes = {k: v for k, v in (("phone", phone), ("email", email)) if v is not None and v != p[k]}
    if not changes:
        return _no("Nothing to change: those are the contact details on file")
    if "email" in changes and "@" not in changes["email"]:
        return _no("That is not an e-mail address")
    p.update(changes)
    return _summary(patient_id, p)


def record_allergy(patient_id: str, allergen: str, reaction: Reaction, state: State = None) -> list[str] | dict:
    """Add a drug allergy or intolerance to a patient's profile.

    Args:
        patient_id: The patient's id.
        allergen: The drug or drug class (for example ``codeine`` or ``penicillin``).
        reaction: What happened.

    Returns:
        The patient's allergies after the change.
    """
    p = state.patients.get(patient_id)
    if p is None:
        return _no(f"No patient {patient_id}")
    if any(a.split(" (")[0] == allergen.strip().lower() for a in p["allergies"]):
        return _no(f"{allergen} is already on {p['name']}'s allergy list")
    p["allergies"].append(f"{allergen.strip().lower()} ({reaction})")
    return list(p["allergies"])


# --------------------------------------------------------------------------- insurance


def add_coverage(patient_id: str, bin: str, pcn: str, group_id: str, member_id: str,
                 relationship: Relationship = "self", state: State = None) -> CoverageSummary | dict:
    """Put a prescription insurance card on file.

    Args:
        patient_id: The patient's id.
        bin: The card's Rx BIN (six digits).
        pcn: The card's processor control number.
        group_id: The card's Rx group.
        member_id: The member id printed on the card.
        relationship: The patient's relationship to the cardholder.

    Returns:
        The new coverage, not yet verified.
    """
    if patient_id not in state.patients:
        return _no(f"No patient {patient_id}")
    if not (len(bin) == 6 and bin.isdigit()):
        return _no("The BIN is the six-digit number on the card")
    if any(c["patient_id"] == patient_id and c["member_id"] == member_id for c in state.coverages.values()):
        return _no("That card is already on file for this patient")
    plans = {"610014": ("BlueSky Commercial PPO", "commercial"), "004336": ("SilverScript Choice (Medicare Part D)",
                                                                           "medicare"),
             "003858": ("Buckeye Employers Rx", "commercial"), "610502": ("Ohio Medicaid Rx", "medicaid")}
    name, kind = plans.get(bin, ("Unknown plan", "commercial"))
    cid = f"CV-{_next(state, 'coverage')}"
    state.coverages[cid] = {"patient_id": patient_id, "plan_name": name, "plan_type": kind, "bin": bin, "pcn": pcn,
                            "group": group_id, "member_id": member_id, "status": "unverified",
                            "relationship": relationship}
    return CoverageSummary(coverage_id=cid, plan_name=name, member_id=member_id, status="unverified")


def verify_eligibility(coverage_id: str, state: State = None) -> Eligibility | dict:
    """Run an eligibility check (E1) with the plan for a coverage on file.

    Args:
        coverage_id: The coverage's id.

    Returns:
        Whether the coverage is active, and the plan's copays by tier.
    """
    c = state.coverages.get(coverage_id)
    if c is None:
        return _no(f"No coverage {coverage_id}")
    c["status"] = "verified"
    copays = {"tier 1": 5.0, "tier 2": 25.0, "tier 3": 70.0} if c["plan_type"] != "medicare" else \
        {"tier 1": 1.0, "tier 2": 12.0, "tier 3": 47.0}
    return Eligibility(coverage_id=coverage_id, active=True, plan_name=c["plan_name"], plan_type=c["plan_type"],
                       copays=copays)


# --------------------------------------------------------------------------- prescribers, drugs, stock


def search_prescribers(last_name: str, city: Optional[str] = None, state: State = None) -> list[Prescriber]:
    """Find prescribers by last name.

    Args:
        last_name: The prescriber's last name.
        city: Only prescribers practising in this city.

    Returns:
        Matching prescribers with their NPI.
    """
    return [Prescriber(npi=npi, name=p["name"], practice=p["practice"], city=p["city"], phone=p["phone"])
            for npi, p in state.prescribers.items()
            if p["last"].lower() == last_name.strip().lower() and (city is None or p["city"].lower() == city.lower())]


def search_drugs(query: str, state: State = None) -> list[DrugProduct]:
    """Search the drug file by name.

    Args:
        query: Part of the drug's name (brand or generic).

    Returns:
        Matching products with their NDC.
    """
    q = query.strip().lower()
    return [DrugProduct(ndc=d["ndc"], name=d["name"], strength=d["strength"], form=d["form"], schedule=d["schedule"],
                        package_size=d["package_size"])
            for d in state.drugs.values() if q and q in d["name"].lower()]


def check_stock(ndc: str, state: State = None) -> int | dict:
    """Units of a product on the shelf.

    Args:
        ndc: The product's NDC.

    Returns:
        The number of units on hand.
    """
    d = state.drugs.get(ndc)
    if d is None:
        return _no(f"No product with NDC {ndc}")
    return d["stock"]


def place_special_order(ndc: str, packs: int = 1, state: State = None) -> SpecialOrder | dict:
    """Order a product from the wholesaler for next-day delivery.

    Args:
        ndc: The product's NDC.
        packs: How many packs.

    Returns:
        The special order.
    """
    d = state.drugs.get(ndc)
    if d is None:
        return _no(f"No product with NDC {ndc}")
    if not 1 <= packs <= 20:
        return _no("Order between 1 and 20 packs")
    oid = f"SO-{_next(state, 'order')}"
    state.orders[oid] = {"ndc": ndc, "packs": packs, "status": "ordered"}
    return SpecialOrder(order_id=oid, ndc=ndc, packs=packs, supplier="McKesson", expected="2028-03-15")


def receive_special_order(session_id: str, order_id: str, state: State = None) -> int | dict:
    """Check a delivered special order into stock.

    Args:
        session_id: The session from ``staff_sign_in``.
        order_id: The special order's id.

    Returns:
        The units on hand after check-in.
    """
    _, no = _staff(state, session_id)
    if no:
        return no
    o = state.orders.get(order_id)
    if o is None:
        return _no(f"No special order {order_id}")
    if o["status"] == "received":
        return _no(f"{order_id} was already checked in")
    d = state.drugs[o["ndc"]]
    d["stock"] += o["packs"] * d["package_size"]
    o["status"] = "received"
    return d["stock"]


# --------------------------------------------------------------------------- prescriptions


def enter_prescription(session_id: str, patient_id: str, prescriber_npi: str, ndc: str, quantity: int,
                       days_supply: int, directions: str, refills: int = 0, state: State = None) -> Prescription | dict:
    """Enter a new prescription (from paper, fax or phone) for a patient.

    Drug-utilization review runs on entry; any alerts are listed on the prescription.

    Args:
        session_id: The session from ``staff_sign_in``.
        patient_id: The patient's id.
        prescriber_npi: The prescriber's NPI.
        ndc: The product's NDC.
        quantity: Units to dispense per fill.
        days_supply: Days the quantity lasts.
        directions: The directions for the label.
        refills: Refills authorised.

    Returns:
        The new prescription with its Rx number and open DUR alerts.
    """
    _, no = _staff(state, session_id)
    if no:
        return no
    p = state.patients.get(patient_id)
    if p is None:
        return _no(f"No patient {patient_id}")
    if prescriber_npi not in state.prescribers:
        return _no(f"No prescriber with NPI {prescriber_npi}")
    d = state.drugs.get(ndc)
    if d is None:
        return _no(f"No product with NDC {ndc}")
    if quantity <= 0 or days_supply <= 0 or refills < 0:
        return _no("quantity and days_supply must be positive and refills not negative")
    if d["schedule"] == "C-II" and refills:
        return _no("Schedule II prescriptions cannot have refills")
    if d["class"] and any(a.startswith(d["class"]) for a in p["allergies"]):
        return _no(f"Allergy conflict: {p['name']} is allergic to {d['class']}; contact the prescriber")
    rx = f"{_next(state, 'rx')}"
    state.prescriptions[rx] = {"rx_number": rx, "patient_id": patient_id, "ndc": ndc, "quantity": quantity,
                               "days_supply": days_supply, "directions": directions, "refills_left": refills,
                               "npi": prescriber_npi, "status": "new", "fills": 0, "auto_refill": False,
                               "written": TODAY}
    _new_alerts(state, state.prescriptions[rx])
    return _prescription(state, state.prescriptions[rx])


def list_prescriptions(patient_id: str, status: Optional[RxStatus] = None,
                       state: State = None) -> list[Prescription] | dict:
    """A patient's prescriptions at this pharmacy.

    Args:
        patient_id: The patient's id.
        status: Only prescriptions in this status.

    Returns:
        The prescriptions, newest first.
    """
    if patient_id not in state.patients:
        return _no(f"No patient {patient_id}")
    rows = [r for r in state.prescriptions.values() if r["patient_id"] == patient_id
            and (status is None or r["status"] == status)]
    rows.sort(key=lambda r: r["written"], reverse=True)
    return [_prescription(state, r) for r in rows]


def list_dur_alerts(rx_number: str, state: State = None) -> list[list] | dict:
    """The drug-utilization review alerts on a prescription.

    Args:
        rx_number: The Rx number.

    Returns:
        One row per alert: ``[alert_id, severity, kind, message, resolved]``.
    """
    if rx_number not in state.prescriptions:
        return _no(f"No prescription {rx_number}")
    return [[a["alert_id"], a["severity"], a["kind"], a["message"], a["resolved"]]
            for a in state.alerts.values() if a["rx_number"] == rx_number]


def override_dur_alert(session_id: str, alert_id: str, outcome_code: str, note: str,
                       state: State = None) -> dict:
    """Resolve a DUR alert with a professional outcome.

    Args:
        session_id: A pharmacist's session from ``staff_sign_in``.
        alert_id: The alert's id.
        outcome_code: The NCPDP result-of-service code.
        note: What was done (for example who was consulted).

    Returns:
        ``{"ok": true}`` with the alert and its outcome.
    """
    s, no = _staff(state, session_id, pharmacist=True)
    if no:
        return no
    a = state.alerts.get(alert_id)
    if a is None:
        return _no(f"No DUR alert {alert_id}")
    if a["resolved"]:
        return _no(f"{alert_id} is already resolved ({a['outcome']})")
    code = outcome_code.strip().upper()
    if code not in _DUR_OUTCOMES:
        return _no(f"Unknown outcome code {outcome_code!r}; use one of "
                   + ", ".join(f"{k} ({v})" for k, v in _DUR_OUTCOMES.items()))
    if not note.strip():
        return _no("Say what was done in the note")
    a.update(resolved=True, outcome=code, by=s["name"], note=note)
    if code == "2A":
        state.prescriptions[a["rx_number"]]["status"] = "on_hold"
    return {"ok": True, "alert_id": alert_id, "outcome": f"{code} {_DUR_OUTCOMES[code]}", "by": s["name"]}


def transfer_in(session_id: str, patient_id: str, from_pharmacy: str, from_phone: str, original_rx_number: str,
                ndc: str, refills_remaining: int, directions: str, quantity: int = 30,
                prescriber_npi: Optional[str] = None, state: State = None) -> Prescription | dict:
    """Take a prescription over from another pharmacy (pharmacist to pharmacist).

    Args:
        session_id: A pharmacist's session from ``staff_sign_in``.
        patient_id: The patient's id.
        from_pharmacy: The pharmacy transferring it.
        from_phone: That pharmacy's phone number.
        original_rx_number: Their Rx number.
        ndc: The product's NDC.
        refills_remaining: Refills left on it there.
        directions: The directions on their label.
        quantity: Units per fill.
        prescriber_npi: The original prescriber's NPI, when known.

    Returns:
        The prescription under its new Rx number here.
    """
    s, no = _staff(state, session_id, pharmacist=True)
    if no:
        return no
    if patient_id not in state.patients:
        return _no(f"No patient {patient_id}")
    d = state.drugs.get(ndc)
    if d is None:
        return _no(f"No product with NDC {ndc}")
    if d["schedule"] == "C-II":
        return _no("Schedule II prescriptions cannot be transferred")
    if refills_remaining < 1:
        return _no("Nothing to transfer: no refills remain on it")
    if prescriber_npi is not None and prescriber_npi not in state.prescribers:
        return _no(f"No prescriber with NPI {prescriber_npi}")
    rx = f"{_next(state, 'rx')}"
    state.prescriptions[rx] = {"rx_number": rx, "patient_id": patient_id, "ndc": ndc, "quantity": quantity,
                               "days_supply": quantity, "directions": directions,
                               "refills_left": refills_remaining - 1, "npi": prescriber_npi, "status": "new",
                               "fills": 0, "auto_refill": False, "written": TODAY,
                               "transferred_from": f"{from_pharmacy} {from_phone} Rx {original_rx_number}"}
    _new_alerts(state, state.prescriptions[rx])
    return _prescription(state, state.prescriptions[rx])


def transfer_out(session_id: str, rx_number: str, to_pharmacy: str, to_phone: str, state: State = None) -> dict:
    """Transfer a prescription's remaining refills to another pharmacy.

    Args:
        session_id: A pharmacist's session from ``staff_sign_in``.
        rx_number: The Rx number.
        to_pharmacy: The receiving pharmacy.
        to_phone: Its phone number.

    Returns:
        ``{"ok": true}`` with what was transferred.
    """
    s, no = _staff(state, session_id, pharmacist=True)
    if no:
        return no
    r = state.prescriptions.get(rx_number)
    if r is None:
        return _no(f"No prescription {rx_number}")
    if r["status"] != "active" or r["refills_left"] < 1:
        return _no(f"Rx {rx_number} has nothing to transfer (status {r['status']}, {r['refills_left']} refills)")
    if _open_fill(state, rx_number):
        return _no(f"Rx {rx_number} has a fill in progress; finish or cancel it first")
    r["status"] = "transferred"
    state.transfers_out.append({"rx_number": rx_number, "to": to_pharmacy, "phone": to_phone, "by": s["name"]})
    return {"ok": True, "rx_number": rx_number, "refills_transferred": r["refills_left"], "to": to_pharmacy}


def request_refill(rx_number: str, state: State = None) -> str | dict:
    """Request a refill of a prescription filled here before (the refill line and app use this).

    Args:
        rx_number: The Rx number on the bottle.

    Returns:
        A confirmation naming the queued fill and when it will be ready.
    """
    r = state.prescriptions.get(rx_number)
    if r is None:
        return _no(f"No prescription {rx_number}")
    if r["status"] != "active" or r["fills"] == 0:
        return _no(f"Rx {rx_number} cannot be refilled (status {r['status']}); a first fill is made at the counter")
    if r["refills_left"] < 1:
        return _no(f"Rx {rx_number} has no refills left; request a renewal from the prescriber")
    if _open_fill(state, rx_number):
        return _no(f"A fill of Rx {rx_number} is already in progress")
    r["refills_left"] -= 1
    fid = f"F-{_next(state, 'fill')}"
    state.fills[fid] = {"fill_id": fid, "rx_number": rx_number, "quantity": r["quantity"], "status": "queued",
                        "claim_id": None, "price": None, "bin": None}
    d = state.drugs[r["ndc"]]
    return (f"Refill request received: Rx {rx_number} ({d['name']} {d['strength']}) is queued as fill {fid} "
            f"and will be ready after 3:00 PM today.")


def request_renewal(rx_number: str, note: Optional[str] = None, state: State = None) -> dict:
    """Ask the prescriber to renew a prescription that has no refills left.

    Args:
        rx_number: The Rx number.
        note: A note for the prescriber's office.

    Returns:
        ``{"ok": true}`` with the renewal request's id and who it went to.
    """
    r = state.prescriptions.get(rx_number)
    if r is None:
        return _no(f"No prescription {rx_number}")
    if r["refills_left"] > 0:
        return _no(f"Rx {rx_number} still has {r['refills_left']} refills; request a refill instead")
    if r["npi"] is None or r["status"] == "transferred":
        return _no(f"Rx {rx_number} cannot be renewed from here")
    if any(x["rx_number"] == rx_number for x in state.renewals):
        return _no(f"A renewal for Rx {rx_number} was already sent")
    rid = f"RN-{_next(state, 'renewal')}"
    state.renewals.append({"renewal_id": rid, "rx_number": rx_number, "note": note})
    return {"ok": True, "renewal_id": rid, "sent_to": state.prescribers[r["npi"]]["name"], "by": "eRx (RxRenewal)"}


def set_auto_refill(rx_number: str, enabled: bool, state: State = None) -> bool | dict:
    """Sign a prescription up for automatic refills, or take it off.

    Args:
        rx_number: The Rx number.
        enabled: True to refill automatically when due.

    Returns:
        The prescription's auto-refill setting after the change.
    """
    r = state.prescriptions.get(rx_number)
    if r is None:
        return _no(f"No prescription {rx_number}")
    if r["status"] != "active" or r["fills"] == 0:
        return _no(f"Rx {rx_number} is not an active prescription filled here")
    if state.drugs[r["ndc"]]["schedule"] != "none":
        return _no("Controlled substances cannot be on auto-refill")
    if r["auto_refill"] == enabled:
        return _no(f"Rx {rx_number} is already {'enrolled in' if enabled else 'off'} auto-refill")
    r["auto_refill"] = enabled
    return enabled


# --------------------------------------------------------------------------- fills and billing


def start_fill(session_id: str, rx_number: str, quantity: Optional[int] = None, state: State = None) -> Fill | dict:
    """Start filling a prescription at the counter (takes the units from stock).

    Args:
        session_id: The session from ``staff_sign_in``.
        rx_number: The Rx number.
        quantity: A partial quantity, when less than the prescription's is wanted.

    Returns:
        The new fill.
    """
    _, no = _staff(state, session_id)
    if no:
        return no
    r = state.prescriptions.get(rx_number)
    if r is None:
        return _no(f"No prescription {rx_number}")
    if r["status"] not in ("new", "active"):
        return _no(f"Rx {rx_number} is {r['status']}")
    if r["status"] == "active" and r["refills_left"] < 1:
        return _no(f"Rx {rx_number} has no refills left")
    open_alerts = [a["alert_id"] for a in state.alerts.values()
                   if a["rx_number"] == rx_number and not a["resolved"] and a["severity"] == "major"]
    if open_alerts:
        return _no(f"Rx {rx_number} has unresolved major DUR alerts ({', '.join(open_alerts)}); a pharmacist must "
                   "resolve them first")
    if _open_fill(state, rx_number):
        return _no(f"A fill of Rx {rx_number} is already in progress")
    qty = r["quantity"] if quantity is None else quantity
    if not 0 < qty <= r["quantity"]:
        return _no(f"quantity must be between 1 and {r['quantity']}")
    d = state.drugs[r["ndc"]]
    if d["stock"] < qty:
        return _no(f"Out of stock: {d['stock']} units of {d['name']} {d['strength']} on hand, {qty} needed")
    d["stock"] -= qty
    if r["status"] == "active":
        r["refills_left"] -= 1
    fid = f"F-{_next(state, 'fill')}"
    state.fills[fid] = {"fill_id": fid, "rx_number": rx_number, "quantity": qty, "status": "in_progress",
                        "claim_id": None, "price": None, "bin": None}
    return _fill_model(state, state.fills[fid])


def submit_claim(fill_id: str, coverage_id: str, state: State = None) -> ClaimResult | dict:
    """Bill a fill to the patient's prescription plan (B1 claim).

    Args:
        fill_id: The fill's id.
        coverage_id: The coverage to bill.

    Returns:
        The paid claim with what the plan pays and the patient's copay.
    """
    f = state.fills.get(fill_id)
    if f is None:
        return _no(f"No fill {fill_id}")
    if f["status"] not in ("queued", "in_progress"):
        return _no(f"Fill {fill_id} is {f['status']}; only an unpriced fill is billed")
    c = state.coverages.get(coverage_id)
    r = state.prescriptions[f["rx_number"]]
    if c is None or c["patient_id"] != r["patient_id"]:
        return _no(f"No coverage {coverage_id} for this patient")
    if c["status"] != "verified":
        return _no("Claim rejected 65: patient not covered as submitted; run an eligibility check first")
    d = state.drugs[r["ndc"]]
    if d["pa"] and not any(pa["rx_number"] == r["rx_number"] and pa["status"] == "approved"
                           and pa["coverage_id"] == coverage_id for pa in state.prior_auths.values()):
        return _no("Claim rejected 75: prior authorization required")
    total = round(d["price_per_unit"] * f["quantity"] * 1.15 + 2.5, 2)
    copay = {"medicare": {1: 1.0, 2: 12.0, 3: 47.0}, "commercial": {1: 5.0, 2: 25.0, 3: 70.0},
             "medicaid": {1: 1.0, 2: 1.0, 3: 3.0}}[c["plan_type"]][d["tier"]]
    copay = min(copay, total)
    cid = f"CLM-{_next(state, 'claim')}"
    state.claims[cid] = {"claim_id": cid, "fill_id": fill_id, "coverage_id": coverage_id, "status": "paid",
                         "patient_pays": copay, "plan_paid": round(total - copay, 2), "secondary": None}
    f["status"], f["claim_id"], f["price"] = "priced", cid, copay
    return ClaimResult(claim_id=cid, fill_id=fill_id, payer=c["plan_name"], status="paid",
                       plan_paid=round(total - copay, 2), patient_pays=copay)


def list_discount_programs(state: State = None) -> list[list]:
    """The pharmacy's cash-price programs.

    Returns:
        One row per program: ``[code, name, terms]``.
    """
    return [list(p) for p in _PROGRAMS]


def price_as_cash(fill_id: str, program_code: str, state: State = None) -> CashPrice | dict:
    """Price a fill as a cash sale under one of the pharmacy's programs.

    Args:
        fill_id: The fill's id.
        program_code: The program's code.

    Returns:
        The cash price.
    """
    f = state.fills.get(fill_id)
    if f is None:
        return _no(f"No fill {fill_id}")
    if f["status"] not in ("queued", "in_progress"):
        return _no(f"Fill {fill_id} is {f['status']}; only an unpriced fill is priced")
    codes = {p[0] for p in _PROGRAMS}
    if program_code not in codes:
        return _no(f"Unknown discount program {program_code!r}")
    r = state.prescriptions[f["rx_number"]]
    d = state.drugs[r["ndc"]]
    uc = round(d["price_per_unit"] * f["quantity"] * 1.6 + 4.0, 2)
    age_ok = state.patients[r["patient_id"]]["dob"] <= "1963-03-14"
    if program_code == "GEN4":
        if r["ndc"] not in _GEN4 or r["days_supply"] > 30:
            return _no("Not on the four-dollar generics list for that supply")
        price = 4.0
    elif program_code == "SR10":
        if not age_ok:
            return _no("Senior Ten is for patients 65 and over")
        price = round(uc * 0.9, 2)
    elif program_code == "LCP25":
        price = round(uc * 0.75, 2)
    else:
        price = uc
    f["status"], f["price"] = "priced", price
    return CashPrice(fill_id=fill_id, program=program_code, price=price)


def reverse_claim(session_id: str, claim_id: str, reason: str, state: State = None) -> dict:
    """Reverse (B2) a paid claim, for example before cancelling or re-billing a fill.

    Args:
        session_id: The session from ``staff_sign_in``.
        claim_id: The claim's id.
        reason: Why it is reversed.

    Returns:
        ``{"ok": true}`` with the reversed claim.
    """
    _, no = _staff(state, session_id)
    if no:
        return no
    c = state.claims.get(claim_id)
    if c is None:
        return _no(f"No claim {claim_id}")
    if c["status"] != "paid":
        return _no(f"Claim {claim_id} is {c['status']}")
    f = state.fills[c["fill_id"]]
    if f["status"] == "picked_up":
        return _no("The fill was picked up; reverse it through a return to stock")
    c["status"] = "reversed"
    f["status"], f["claim_id"], f["price"] = "in_progress", None, None
    return {"ok": True, "claim_id": claim_id, "status": "reversed", "reason": reason}


def apply_copay_card(claim_id: str, card_bin: str, card_group: str, card_member_id: str,
                     state: State = None) -> ClaimResult | dict:
    """Bill the patient's copay on a paid claim to a manufacturer copay card (secondary claim).

    Args:
        claim_id: The paid primary claim.
        card_bin: The copay card's BIN.
        card_group: The copay card's group.
        card_member_id: The copay card's member id.

    Returns:
        The claim with what the patient now pays.
    """
    c = state.claims.get(claim_id)
    if c is None:
        return _no(f"No claim {claim_id}")
    if c["status"] != "paid":
        return _no(f"Claim {claim_id} is {c['status']}")
    if c["secondary"]:
        return _no("A copay card was already applied to this claim")
    cov = state.coverages[c["coverage_id"]]
    if cov["plan_type"] != "commercial":
        return _no("Manufacturer copay cards cannot be used with federal or state programs")
    if card_bin != "600426":
        return _no("Copay card rejected: unknown BIN")
    c["secondary"] = {"bin": card_bin, "group": card_group, "member_id": card_member_id}
    paid_by_card = c["patient_pays"]
    new_due = 0.0 if paid_by_card <= 150 else round(paid_by_card - 150, 2)
    c["patient_pays"] = new_due
    f = state.fills[c["fill_id"]]
    f["price"] = new_due
    return ClaimResult(claim_id=claim_id, fill_id=c["fill_id"], payer=f"{cov['plan_name']} + copay card",
                       status="paid", plan_paid=round(c["plan_paid"] + paid_by_card - new_due, 2), patient_pays=new_due)


# --------------------------------------------------------------------------- prior authorization


def request_prior_authorization(session_id: str, rx_number: str, coverage_id: str, diagnosis_code: str,
                                justification: str, state: State = None) -> PriorAuth | dict:
    """Send an electronic prior authorization request (ePA) to the plan.

    Args:
        session_id: The session from ``staff_sign_in``.
        rx_number: The Rx number.
        coverage_id: The coverage to ask.
        diagnosis_code: The ICD-10 code the prescriber gave.
        justification: Clinical notes for the plan's reviewer.

    Returns:
        The plan's decision (approved or denied).
    """
    _, no = _staff(state, session_id)
    if no:
        return no
    r = state.prescriptions.get(rx_number)
    if r is None:
        return _no(f"No prescription {rx_number}")
    c = state.coverages.get(coverage_id)
    if c is None or c["patient_id"] != r["patient_id"]:
        return _no(f"No coverage {coverage_id} for this patient")
    d = state.drugs[r["ndc"]]
    if not d["pa"]:
        return _no(f"{d['name']} does not need prior authorization on this plan")
    if any(p["rx_number"] == rx_number and p["status"] in ("approved", "pending") for p in state.prior_auths.values()):
        return _no(f"Rx {rx_number} already has an open or approved prior authorization")
    code = diagnosis_code.strip().upper()
    approved = code.startswith("E11")
    pid = f"PA-{_next(state, 'pa')}"
    state.prior_auths[pid] = {"pa_id": pid, "rx_number": rx_number, "coverage_id": coverage_id, "diagnosis_code": code,
                              "status": "approved" if approved else "denied", "decided": TODAY,
                              "note": "Approved for 12 months" if approved else
                              "Criteria require a type 2 diabetes diagnosis", "letter": None}
    return PriorAuth(pa_id=pid, rx_number=rx_number, drug=d["name"], diagnosis_code=code,
                     status=state.prior_auths[pid]["status"], decided=TODAY, note=state.prior_auths[pid]["note"])


def list_prior_authorizations(patient_id: str, state: State = None) -> list[PriorAuth] | dict:
    """Prior authorizations requested for a patient's prescriptions.

    Args:
        patient_id: The patient's id.

    Returns:
        The prior authorizations with their status.
    """
    if patient_id not in state.patients:
        return _no(f"No patient {patient_id}")
    out = []
    for p in state.prior_auths.values():
        r = state.prescriptions[p["rx_number"]]
        if r["patient_id"] == patient_id:
            out.append(PriorAuth(pa_id=p["pa_id"], rx_number=p["rx_number"], drug=state.drugs[r["ndc"]]["name"],
                                 diagnosis_code=p["diagnosis_code"], status=p["status"], decided=p["decided"],
                                 note=p["note"]))
    return out


def appeal_prior_authorization(pa_id: str, letter: str, state: State = None) -> PriorAuth | dict:
    """Appeal a denied prior authorization with a letter of medical necessity.

    Args:
        pa_id: The prior authorization's id.
        letter: The appeal letter.

    Returns:
        The prior authorization, now under appeal.
    """
    p = state.prior_auths.get(pa_id)
    if p is None:
        return _no(f"No prior authorization {pa_id}")
    if p["status"] != "denied":
        return _no(f"{pa_id} is {p['status']}; only a denial can be appealed")
    if len(letter.strip()) < 20:
        return _no("The appeal needs a letter of medical necessity")
    p["status"], p["letter"] = "appeal_submitted", letter
    r = state.prescriptions[p["rx_number"]]
    return PriorAuth(pa_id=pa_id, rx_number=p["rx_number"], drug=state.drugs[r["ndc"]]["name"],
                     diagnosis_code=p["diagnosis_code"], status=p["status"], decided=p["decided"], note=p["note"])


# --------------------------------------------------------------------------- verification and pickup


def verify_fill(session_id: str, fill_id: str, state: State = None) -> Fill | dict:
    """Final product verification of a priced fill by the pharmacist.

    Args:
        session_id: A pharmacist's session from ``staff_sign_in``.
        fill_id: The fill's id.

    Returns:
        The verified fill.
    """
    _, no = _staff(state, session_id, pharmacist=True)
    if no:
        return no
    f = state.fills.get(fill_id)
    if f is None:
        return _no(f"No fill {fill_id}")
    if f["status"] != "priced":
        return _no(f"Fill {fill_id} is {f['status']}; bill it to a plan or price it as cash before verification")
    f["status"] = "verified"
    return _fill_model(state, f)


def assign_bin(fill_id: str, state: State = None) -> str | dict:
    """Bag a verified fill and put it in a will-call bin.

    Args:
        fill_id: The fill's id.

    Returns:
        The bin label.
    """
    f = state.fills.get(fill_id)
    if f is None:
        return _no(f"No fill {fill_id}")
    if f["status"] != "verified":
        return _no(f"Fill {fill_id} is {f['status']}; only a verified fill goes to will-call")
    label = f"B-{_next(state, 'bin'):02d}"
    f["status"], f["bin"] = "in_bin", label
    return label


def record_pickup(fill_id: str, picked_up_by: str, id_checked: bool, counselling: Counselling,
                  state: State = None) -> Receipt | dict:
    """Ring up a will-call fill and hand it over.

    Args:
        fill_id: The fill's id.
        picked_up_by: The name of the person collecting.
        id_checked: Whether photo ID was checked.
        counselling: Whether the patient accepted the pharmacist's offer to counsel.

    Returns:
        The receipt.
    """
    f = state.fills.get(fill_id)
    if f is None:
        return _no(f"No fill {fill_id}")
    if f["status"] != "in_bin":
        return _no(f"Fill {fill_id} is not in will-call ({f['status']})")
    r = state.prescriptions[f["rx_number"]]
    d = state.drugs[r["ndc"]]
    if d["schedule"] != "none" and not id_checked:
        return _no("Controlled substance: check the collector's photo ID")
    if not picked_up_by.strip():
        return _no("Record who collected it")
    f["status"] = "picked_up"
    r["fills"] += 1
    if r["status"] == "new":
        r["status"] = "active"
    return Receipt(fill_id=fill_id, drug=f"{d['name']} {d['strength']}", amount_paid=f["price"],
                   picked_up_by=picked_up_by, counselling=counselling)


def cancel_fill(session_id: str, fill_id: str, reason: str, state: State = None) -> dict:
    """Cancel a fill that has not been picked up and return it to stock.

    Args:
        session_id: The session from ``staff_sign_in``.
        fill_id: The fill's id.
        reason: Why it is cancelled.

    Returns:
        ``{"ok": true}`` with the units returned to stock.
    """
    _, no = _staff(state, session_id)
    if no:
        return no
    f = state.fills.get(fill_id)
    if f is None:
        return _no(f"No fill {fill_id}")
    if f["status"] in ("picked_up", "cancelled"):
        return _no(f"Fill {fill_id} is {f['status']}")
    if f["claim_id"] is not None:
        return _no(f"Fill {fill_id} has a paid claim {f['claim_id']}; reverse the claim first")
    r = state.prescriptions[f["rx_number"]]
    returned = f["quantity"] if f["status"] != "queued" else 0
    state.drugs[r["ndc"]]["stock"] += returned
    if r["status"] == "active":
        r["refills_left"] += 1
    f["status"] = "cancelled"
    return {"ok": True, "fill_id": fill_id, "returned_to_stock": returned, "reason": reason}


# --------------------------------------------------------------------------- vaccines


def list_vaccine_slots(date: str, vaccine: Vaccine, state: State = None) -> list[list] | dict:
    """Open immunization appointment slots on a day.

    Args:
        date: The day as YYYY-MM-DD.
        vaccine: The vaccine wanted.

    Returns:
        One row per open slot: ``[slot_id, time, immunizer]``.
    """
    try:
        Vaccine(vaccine)
    except ValueError:
        return _no(f"Unknown vaccine {vaccine!r}")
    if date < TODAY:
        return _no("That day has passed")
    taken = {a["slot_id"] for a in state.appointments.values() if a["status"] != "cancelled"}
    return [list(s) for s in state.vaccine_slots.get(date, []) if s[0] not in taken]


def book_vaccination(patient_id: str, slot_id: str, vaccine: Vaccine, state: State = None) -> Appointment | dict:
    """Book a patient into an immunization slot.

    Args:
        patient_id: The patient's id.
        slot_id: The slot's id.
        vaccine: The vaccine to give.

    Returns:
        The appointment.
    """
    if patient_id not in state.patients:
        return _no(f"No patient {patient_id}")
    try:
        v = Vaccine(vaccine).value
    except ValueError:
        return _no(f"Unknown vaccine {vaccine!r}")
    slot = next(((d, s) for d, rows in state.vaccine_slots.items() for s in rows if s[0] == slot_id), None)
    if slot is None:
        return _no(f"No slot {slot_id}")
    if any(a["slot_id"] == slot_id and a["status"] != "cancelled" for a in state.appointments.values()):
        return _no(f"Slot {slot_id} is taken")
    if v == "shingles" and state.patients[patient_id]["dob"] > "1978-03-14":
        return _no("The shingles vaccine is given here to adults 50 and over")
    aid = f"IM-{_next(state, 'appointment')}"
    state.appointments[aid] = {"appointment_id": aid, "patient_id": patient_id, "vaccine": v, "slot_id": slot_id,
                               "date": slot[0], "time": slot[1][1], "status": "booked", "screening": None}
    return Appointment(appointment_id=aid, patient_id=patient_id, vaccine=v, date=slot[0], time=slot[1][1],
                       status="booked")


def complete_screening(appointment_id: str, conditions: list[str], state: State = None) -> dict:
    """Record the patient's answers to the pre-vaccination screening questions.

    Args:
        appointment_id: The appointment's id.
        conditions: The screening conditions that apply to the patient (an empty list when none do).

    Returns:
        ``{"ok": true}`` when the patient is cleared to be vaccinated.
    """
    a = state.appointments.get(appointment_id)
    if a is None:
        return _no(f"No appointment {appointment_id}")
    if a["status"] != "booked":
        return _no(f"Appointment {appointment_id} is {a['status']}")
    unknown = [c for c in conditions if c not in _SCREENING]
    if unknown:
        return _no(f"Unknown screening conditions {unknown}; the conditions are " + ", ".join(_SCREENING))
    bad = [c for c in conditions if c in _CONTRAINDICATED]
    if bad:
        return _no(f"Not cleared today ({', '.join(bad)}); reschedule the appointment")
    a["screening"] = list(conditions)
    a["status"] = "screened"
    return {"ok": True, "appointment_id": appointment_id, "cleared": True, "flags": list(conditions)}


def list_vaccine_lots(vaccine: Vaccine, state: State = None) -> list[str] | dict:
    """In-date lot numbers of a vaccine in the fridge.

    Args:
        vaccine: The vaccine.

    Returns:
        The lot numbers that have not expired.
    """
    try:
        v = Vaccine(vaccine).value
    except ValueError:
        return _no(f"Unknown vaccine {vaccine!r}")
    return [lot for lot, expires in state.lots[v] if expires >= TODAY]


def administer_vaccine(session_id: str, appointment_id: str, lot_number: str, site: Site,
                       state: State = None) -> VaccineRecord | dict:
    """Record a vaccine given to a screened patient (reported to the state registry).

    Args:
        session_id: A pharmacist's session from ``staff_sign_in``.
        appointment_id: The appointment's id.
        lot_number: The lot number on the vial or syringe.
        site: Where it was given.

    Returns:
        The immunization record.
    """
    s, no = _staff(state, session_id, pharmacist=True)
    if no:
        return no
    a = state.appointments.get(appointment_id)
    if a is None:
        return _no(f"No appointment {appointment_id}")
    if a["status"] != "screened":
        return _no(f"Appointment {appointment_id} is {a['status']}; complete the screening first")
    lots = {lot: exp for lot, exp in state.lots[a["vaccine"]]}
    if lot_number not in lots:
        return _no(f"Lot {lot_number} is not a {a['vaccine']} lot in stock")
    if lots[lot_number] < TODAY:
        return _no(f"Lot {lot_number} expired on {lots[lot_number]}")
    a["status"] = "given"
    rec = VaccineRecord(appointment_id=appointment_id, vaccine=a["vaccine"], lot_number=lot_number, site=site,
                        given_by=s["name"], given_at=f"{a['date']} {a['time']}")
    state.vaccinations.append(rec.model_dump())
    return rec


def cancel_vaccination(appointment_id: str, state: State = None) -> dict:
    """Cancel an immunization appointment.

    Args:
        appointment_id: The appointment's id.

    Returns:
        ``{"ok": true}`` and the freed slot.
    """
    a = state.appointments.get(appointment_id)
    if a is None:
        return _no(f"No appointment {appointment_id}")
    if a["status"] in ("given", "cancelled"):
        return _no(f"Appointment {appointment_id} is {a['status']}")
    a["status"] = "cancelled"
    return {"ok": True, "appointment_id": appointment_id, "slot_freed": a["slot_id"]}


# --------------------------------------------------------------------------- messages


def send_patient_message(patient_id: str, channel: Channel, body: str, state: State = None) -> str | dict:
    """Text or e-mail a patient (pickup reminders, questions).

    Args:
        patient_id: The patient's id.
        channel: How to reach them.
        body: The message.

    Returns:
        A confirmation with the message id.
    """
    p = state.patients.get(patient_id)
    if p is None:
        return _no(f"No patient {patient_id}")
    if not body.strip():
        return _no("The message is empty")
    to = p["phone"] if channel == "sms" else p["email"]
    if not to:
        return _no(f"No {'phone number' if channel == 'sms' else 'e-mail address'} on file for {p['name']}")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"message_id": mid, "patient_id": patient_id, "channel": channel, "body": body})
    return f"Message {mid} queued by {channel} to {to}."


TOOLS = [
    staff_sign_in, sign_out,
    find_patient, register_patient, get_patient_profile, update_patient_contact, record_allergy,
    add_coverage, verify_eligibility,
    search_prescribers, search_drugs, check_stock, place_special_order, receive_special_order,
    enter_prescription, list_prescriptions, list_dur_alerts, override_dur_alert, transfer_in, transfer_out,
    request_refill, request_renewal, set_auto_refill,
    start_fill, submit_claim, list_discount_programs, price_as_cash, reverse_claim, apply_copay_card,
    request_prior_authorization, list_prior_authorizations, appeal_prior_authorization,
    verify_fill, assign_bin, record_pickup, cancel_fill,
    list_vaccine_slots, book_vaccination, complete_screening, list_vaccine_lots, administer_vaccine,
    cancel_vaccination, send_patient_message,
]

FIXTURES = {
    "pharmacy": {"name": "Larkfield Community Pharmacy", "city": "Columbus, Ohio", "today": "Tuesday 14 March 2028"},
    "staff": [
        {"name": "Dana Ruiz", "role": "pharmacy technician", "employee_id": "T-1042", "pin": "4417"},
        {"name": "Grace Oduya", "role": "pharmacist", "employee_id": "RPH-207", "pin": "8830"},
    ],
    "patients": [
        {"name": "Harold Whitcombe", "date_of_birth": "1951-06-02",
         "says": "on warfarin; Dr. Price phoned in fluconazole yesterday; his atorvastatin has run out of refills"},
        {"name": "Joan Whitcombe", "date_of_birth": "1953-09-14", "says": "Harold's wife; wants her metformin"},
        {"name": "Maria Santos", "date_of_birth": "1988-11-19",
         "says": "Dr. Lee sent Ozempic; Dr. Lee's office confirms type 2 diabetes, E11.9; has a Novo Nordisk savings "
                 "card", "copay_card": {"bin": "600426", "group": "EC95501", "member_id": "OZ7720319455"},
         "new_email": "m.santos.columbus@example.com"},
        {"name": "Kenji Watanabe", "date_of_birth": "1975-03-08",
         "says": "new job; his insurance card: Buckeye Employers Rx",
         "insurance_card": {"bin": "003858", "pcn": "BEMRX", "group": "BE44120", "member_id": "BEX30917726"},
         "transfer": {"from_pharmacy": "Riverside Drug", "from_phone": "(614) 555-0710", "original_rx": "RX448213",
                      "drug": "lisinopril 10 mg tablet", "directions": "Take 1 tablet by mouth daily",
                      "refills_remaining": 4}},
        {"name": "Priya Raman", "date_of_birth": "1992-04-27", "phone": "(614) 555-0466",
         "says": "new to the pharmacy; wants a flu shot on Thursday"},
    ],
    "prescribers": ["Dr. Alan Price (Larkfield Family Medicine, Columbus)", "Dr. Susan Lee (Eastside Endocrinology)",
                    "Dr. Rajesh Iyer (Short North Dental)"],
}

_SESSION = "auth: workstation session (session_id)"
_PATIENT = "id lookup/create: patient id (patient_id of a found or a newly registered patient)"
_FILL = "id lookup/create: fill id (fill_id, or the id in the refill sentence)"
_COVERAGE = "id lookup/create: coverage id (coverage_id, or coverages[i].coverage_id on the profile)"

GROUND_TRUTH = (
    [("staff_sign_in", c, _SESSION) for c in [
        "sign_out", "receive_special_order", "enter_prescription", "override_dur_alert", "transfer_in",
        "transfer_out", "start_fill", "reverse_claim", "request_prior_authorization", "verify_fill", "cancel_fill",
        "administer_vaccine"]]
    + [("find_patient|register_patient", c, _PATIENT) for c in [
        "get_patient_profile", "update_patient_contact", "record_allergy", "add_coverage", "enter_prescription",
        "list_prescriptions", "transfer_in", "list_prior_authorizations", "book_vaccination", "send_patient_message"]]
    + [("start_fill|request_refill", c, _FILL) for c in [
        "submit_claim", "price_as_cash", "verify_fill", "assign_bin", "record_pickup", "cancel_fill"]]
    + [("add_coverage|get_patient_profile", c, _COVERAGE) for c in [
        "verify_eligibility", "submit_claim", "request_prior_authorization"]]
    + [("search_drugs", c, "id lookup: product NDC (ndc)") for c in [
        "enter_prescription", "transfer_in", "check_stock", "place_special_order"]]
    + [("list_prescriptions", c, "id lookup: Rx number (rx_number)") for c in [
        "request_refill", "request_renewal", "set_auto_refill", "transfer_out"]]
    + [
        ("search_prescribers", "enter_prescription", "id lookup: prescriber NPI (npi)"),
        ("place_special_order", "receive_special_order", "id create: special order id (order_id)"),
        ("receive_special_order", "start_fill", "state: the product back in stock"),
        ("enter_prescription|transfer_in|list_prescriptions", "start_fill",
         "id lookup/create: Rx number (rx_number of a new, transferred or listed prescription)"),
        ("enter_prescription|list_prescriptions", "list_dur_alerts", "id lookup/create: Rx number (rx_number)"),
        ("enter_prescription|list_prescriptions", "request_prior_authorization",
         "id lookup/create: Rx number (rx_number)"),
        ("enter_prescription|list_dur_alerts", "override_dur_alert",
         "id lookup/create: DUR alert id (dur_alerts[i], or row [0])"),
        ("override_dur_alert", "start_fill", "state: major DUR alerts resolved"),
        ("verify_eligibility", "submit_claim", "state: the coverage verified"),
        ("request_prior_authorization", "submit_claim", "state: an approved prior authorization"),
        ("submit_claim", "reverse_claim", "id create: claim id (claim_id)"),
        ("submit_claim", "apply_copay_card", "id create: claim id (claim_id)"),
        ("list_discount_programs", "price_as_cash", "vocabulary: discount program code (row [0])"),
        ("submit_claim|price_as_cash", "verify_fill", "state: the fill priced (billed or cash)"),
        ("verify_fill", "assign_bin", "state: the fill verified by a pharmacist"),
        ("assign_bin", "record_pickup", "state: the fill in a will-call bin"),
        ("reverse_claim", "cancel_fill", "state: the fill's claim reversed"),
        ("request_prior_authorization|list_prior_authorizations", "appeal_prior_authorization",
         "id lookup/create: prior authorization id (pa_id)"),
        ("list_vaccine_slots", "book_vaccination", "id lookup: slot id (row [0])"),
        ("book_vaccination", "complete_screening", "id create: appointment id (appointment_id)"),
        ("book_vaccination", "administer_vaccine", "id create: appointment id (appointment_id)"),
        ("book_vaccination", "cancel_vaccination", "id create: appointment id (appointment_id)"),
        ("complete_screening", "administer_vaccine", "state: the patient screened and cleared"),
        ("list_vaccine_lots", "administer_vaccine", "value: an in-date lot number"),
    ]
)

PLAUSIBLE = {
    ("get_patient_profile", "enter_prescription"), ("get_patient_profile", "record_allergy"),
    ("check_stock", "start_fill"), ("check_stock", "place_special_order"), ("search_drugs", "start_fill"),
    ("list_dur_alerts", "start_fill"), ("get_patient_profile", "list_prescriptions"),
    ("search_prescribers", "transfer_in"), ("search_prescribers", "request_renewal"),
    ("verify_eligibility", "request_prior_authorization"), ("list_prior_authorizations", "submit_claim"),
    ("submit_claim", "record_pickup"), ("price_as_cash", "record_pickup"), ("verify_fill", "record_pickup"),
    ("list_prescriptions", "list_prior_authorizations"),
    ("enter_prescription", "request_refill"), ("transfer_in", "request_refill"),
    ("enter_prescription", "set_auto_refill"), ("transfer_in", "set_auto_refill"),
    ("transfer_in", "list_dur_alerts"), ("transfer_in", "request_prior_authorization"),
    ("enter_prescription", "transfer_out"), ("transfer_in", "transfer_out"),
    ("list_vaccine_slots", "administer_vaccine"), ("find_patient", "cancel_vaccination"),
    ("get_patient_profile", "send_patient_message"), ("update_patient_contact", "send_patient_message"),
    ("get_patient_profile", "apply_copay_card"), ("submit_claim", "cancel_fill"),
    ("staff_sign_in", "submit_claim"), ("staff_sign_in", "assign_bin"), ("staff_sign_in", "record_pickup"),
    ("request_refill", "set_auto_refill"),
}

