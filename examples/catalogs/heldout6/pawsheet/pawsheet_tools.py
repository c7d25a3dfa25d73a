"""PawSheet: the practice-management API of a small-animal veterinary clinic (44 calls).

Plain functions over an in-memory ``State`` of Harbourside Veterinary Clinic on Tuesday 10 June
2025: staff sign in with a password and then an authenticator code (a two-step challenge), which
gives a bearer token; owners and their pets, breeds, microchips and alerts; the appointment book
(clinicians, slots, bookings, check-in); consultations with vitals, SOAP notes, procedures,
prescriptions and dispensing, lab orders and results; vaccinations from stock batches; the ward
(kennels, admissions, discharges); surgical estimates, consent and theatre bookings; invoices,
discounts and payments; reminders. Controlled drugs (dispensing, disposal) need a second member of
staff to witness with their PIN.

Written the way a FastAPI service layer is: request bodies are pydantic models (passed as JSON
objects and validated on entry), replies are pydantic models (the runtime turns them into JSON),
a few calls answer with a sentence or a bare number, and every refusal is raised: ``ApiError``
with an HTTP status code, or pydantic's ``ValidationError`` for a malformed body.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import enum
import hashlib
import math
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Annotated, Literal, Optional

from pydantic import BaseModel, Field

TODAY = date(2025, 6, 10)  # a Tuesday

Species = Literal["dog", "cat", "rabbit", "guinea_pig", "ferret"]
Sex = Literal["M", "F", "MN", "FN"]
Alert = Literal["aggressive", "muzzle", "diabetic", "nsaid_sensitive", "anaesthetic_risk", "flight_risk"]
Token = Annotated[str, "bearer token from verify_login"]


class AppointmentKind(str, enum.Enum):
    CONSULTATION = "consultation"
    VACCINATION = "vaccination"
    RECHECK = "recheck"
    NURSE_CLINIC = "nurse_clinic"


class ApiError(Exception):
    """A refusal with its HTTP status code (401, 403, 404, 409, 422)."""

    def __init__(self, status_code: int, detail: str) -> None:
        super().__init__(f"{status_code}: {detail}")
        self.status_code = status_code
        self.detail = detail


# ----------------------------------------------------------------------------- request bodies

class Address(BaseModel):
    line1: str
    town: str
    postcode: str


class NewOwner(BaseModel):
    name: str = Field(min_length=2)
    phone: str
    email: Optional[str] = None
    address: Address


class NewPatient(BaseModel):
    name: str = Field(min_length=1)
    species: Species
    breed_code: str
    sex: Sex
    born: str = Field(pattern=r"^\d{4}-\d{2}$", description="year and month of birth, YYYY-MM")
    colour: Optional[str] = None
    microchip: Optional[str] = None


class Booking(BaseModel):
    patient_id: str
    slot_id: str
    kind: Literal["consultation", "vaccination", "recheck", "nurse_clinic"]
    reason: str = Field(min_length=3)


class Vitals(BaseModel):
    weight_kg: float = Field(gt=0)
    temperature_c: float = Field(ge=30, le=45)
    heart_rate: int = Field(gt=0)
    resp_rate: int = Field(gt=0)
    body_condition: int = Field(ge=1, le=9, description="body condition score, 1-9")


class SoapNote(BaseModel):
    subjective: str
    objective: str
    assessment: str
    plan: str


class RxLine(BaseModel):
    drug_code: str
    dose_mg_per_kg: float = Field(gt=0)
    frequency: Literal["once", "SID", "BID", "TID"]
    days: int = Field(ge=1, le=90)
    instructions: str


class Dose(BaseModel):
    batch_id: str
    site: Literal["scruff", "left_flank", "right_flank", "intranasal", "oral"]


# ----------------------------------------------------------------------------- reply models

class LoginChallenge(BaseModel):
    challenge_id: str
    factor: str
    expires_in: int


class StaffRef(BaseModel):
    staff_id: str
    name: str
    role: str


class Session(BaseModel):
    token: str
    expires_in: int
    staff: StaffRef


class Witness(BaseModel):
    witness_ref: str
    witness: StaffRef
    valid_for: str


class Clinician(BaseModel):
    staff_id: str
    name: str
    role: str
    room: str
    runs: list[str]


class OwnerSummary(BaseModel):
    owner_id: str
    name: str
    phone: str
    postcode: str
    pets: list[str]


class Owner(BaseModel):
    owner_id: str
    name: str
    phone: str
    email: Optional[str]
    address: Address


class PatientSummary(BaseModel):
    patient_id: str
    name: str
    species: str
    breed: str
    status: str


class WeightEntry(BaseModel):
    on: str
    kg: float


class VaccinationEntry(BaseModel):
    on: str
    product: str
    batch_id: str
    next_due: str


class Patient(BaseModel):
    patient_id: str
    owner_id: str
    name: str
    species: str
    breed: str
    sex: str
    born: str
    colour: Optional[str]
    microchip: Optional[str]
    alerts: list[str]
    latest_weight_kg: Optional[float]
    weights: list[WeightEntry]
    vaccinations: list[VaccinationEntry]
    status: str


class Breed(BaseModel):
    code: str
    name: str


class Slot(BaseModel):
    slot_id: str
    start: str
    minutes: int
    room: str


class Appointment(BaseModel):
    appointment_id: str
    patient_id: str
    patient_name: str
    clinician: str
    start: str
    kind: str
    status: str
    reason: str


class ChargeLine(BaseModel):
    code: str
    description: str
    quantity: float
    amount: float


class Consultation(BaseModel):
    consult_id: str
    appointment_id: str
    patient_id: str
    vet: str
    status: str
    weight_kg: Optional[float]
    has_note: bool
    charges: list[ChargeLine]


class Procedure(BaseModel):
    code: str
    name: str
    category: str
    price: float


class Drug(BaseModel):
    code: str
    name: str
    schedule: str
    mg_per_unit: float
    unit: str
    unit_price: float
    species: list[str]


class RxOut(BaseModel):
    drug_code: str
    name: str
    quantity: int
    label: str


class Prescription(BaseModel):
    rx_id: str
    consult_id: str
    patient_id: str
    lines: list[RxOut]
    controlled: bool
    status: str


class Batch(BaseModel):
    batch_id: str
    drug_code: str
    expiry: str
    on_hand: int
    location: str


class VaccinationCert(BaseModel):
    cert_no: str
    patient_id: str
    given: list[VaccinationEntry]


class LabTest(BaseModel):
    test_code: str
    name: str
    sample: str
    lab: str
    price: float


class LabOrder(BaseModel):
    lab_order_id: str
    consult_id: str
    test_code: str
    status: str
    results: dict[str, float]
    comment: Optional[str]


class Kennel(BaseModel):
    kennel_id: str
    ward: str
    size: str
    occupant: Optional[str]
    admission_id: Optional[str]


class Admission(BaseModel):
    admission_id: str
    patient_id: str
    kennel_id: str
    admitted: str
    reason: str
    status: str


class Consent(BaseModel):
    consent_id: str
    patient_id: str
    procedure_code: str
    estimate: float
    signed_by: str


class SurgeryBooking(BaseModel):
    booking_id: str
    patient_id: str
    procedure: str
    surgeon: str
    day: str
    admit_by: str


class InvoiceRef(BaseModel):
    invoice_id: str
    owner_id: str
    total: float
    balance: float
    status: str
    discount: Optional[str]


class ConsultClosed(BaseModel):
    consult_id: str
    invoice: InvoiceRef


# ----------------------------------------------------------------------------- reference data

_STAFF = {  # username -> record; the authenticator code is the test tenant's fixed code
    "amy.doyle": {"staff_id": "ST-07", "name": "Amy Doyle", "role": "receptionist", "password": "Harbour!2025",
                  "otp": "739201", "pin": "1144"},
    "nisha.patel": {"staff_id": "ST-02", "name": "Dr Nisha Patel", "role": "vet", "password": "Whisker#88",
                    "otp": "118342", "pin": "6021"},
    "erik.lind": {"staff_id": "ST-03", "name": "Dr Erik Lind", "role": "vet", "password": "Fjord-1987",
                  "otp": "550917", "pin": "3317"},
    "kofi.mensah": {"staff_id": "ST-05", "name": "Kofi Mensah", "role": "nurse", "password": "Splint&Gauze4",
                    "otp": "902655", "pin": "2580"},
}
_ROOMS = {"ST-02": "Consult 1", "ST-03": "Consult 2", "ST-05": "Nurse room"}
_RUNS = {"vet": ["consultation", "vaccination", "recheck"], "nurse": ["nurse_clinic", "vaccination"]}

_BREEDS = {
    "dog": [("LAB-RET", "Labrador Retriever"), ("COCKAPOO", "Cockapoo (Cocker Spaniel x Poodle)"),
            ("COCKER-ENG", "English Cocker Spaniel"), ("BORDER-COL", "Border Collie"), ("DACHS-MIN", "Miniature Dachshund"),
            ("X-BREED-D", "Crossbreed dog")],
    "cat": [("DSH", "Domestic Shorthair"), ("DLH", "Domestic Longhair"), ("BRIT-SH", "British Shorthair"),
            ("MAINE-C", "Maine Coon")],
    "rabbit": [("LOP-MINI", "Mini Lop"), ("NETH-DW", "Netherland Dwarf"), ("X-BREED-R", "Crossbreed rabbit")],
    "guinea_pig": [("GP-ABY", "Abyssinian"), ("GP-SMOOTH", "Smooth-haired")],
    "ferret": [("FER", "Ferret")],
}
_BREED_NAMES = {code: name for rows in _BREEDS.values() for code, name in rows}

_PROCEDURES = {
    "CONS-STD": ("Standard consultation", "consult", 52.0),
    "CONS-RCK": ("Recheck consultation", "consult", 28.0),
    "NAIL-CLIP": ("Nail clip", "preventive", 12.5),
    "ANAL-GL": ("Anal gland expression", "preventive", 18.0),
    "RAD-2V": ("Radiographs, two views", "diagnostic", 165.0),
    "US-ABD": ("Abdominal ultrasound", "diagnostic", 210.0),
    "DENT-SP": ("Dental scale and polish under GA", "dental", 320.0),
    "DENT-EXT": ("Dental extractions (per tooth)", "dental", 45.0),
    "SURG-CAST-D": ("Castration, dog", "surgical", 260.0),
    "SURG-SPAY-C": ("Spay, cat", "surgical", 140.0),
    "SURG-LUMP": ("Lump removal", "surgical", 295.0),
}
_QUOTED_CATEGORIES = ("surgical", "dental")

_DRUGS = {
    "MEL-15-SUSP": ("Meloxicam 1.5 mg/ml oral suspension (ml)", "POM-V", 1.5, "ml", 0.42, ["dog"]),
    "MEL-05-CAT": ("Meloxicam 0.5 mg/ml oral suspension for cats (ml)", "POM-V", 0.5, "ml", 0.55, ["cat"]),
    "AMOXI-250": ("Amoxicillin/clavulanate 250 mg tablets", "POM-V", 250.0, "tablet", 0.95, ["dog", "cat"]),
    "GABA-100": ("Gabapentin 100 mg capsules", "CD3", 100.0, "capsule", 0.60, ["dog", "cat"]),
    "BUPRE-03": ("Buprenorphine 0.3 mg/ml injection (ml)", "CD3", 0.3, "ml", 4.10, ["dog", "cat", "rabbit"]),
    "MAROP-16": ("Maropitant 16 mg tablets", "POM-V", 16.0, "tablet", 2.35, ["dog"]),
    "MELOX-RAB": ("Meloxicam 1.5 mg/ml for rabbits (ml)", "POM-V", 1.5, "ml", 0.48, ["rabbit"]),
    "VAC-DHP-L4": ("Canine DHP + Lepto 4 vaccine", "VACCINE", 1.0, "dose", 38.0, ["dog"]),
    "VAC-KC-IN": ("Kennel cough intranasal vaccine", "VACCINE", 1.0, "dose", 32.0, ["dog"]),
    "VAC-FEL-RCP": ("Feline RCP vaccine", "VACCINE", 1.0, "dose", 36.0, ["cat"]),
    "VAC-RHD-MYX": ("Rabbit RHD2 + myxomatosis vaccine", "VACCINE", 1.0, "dose", 42.0, ["rabbit"]),
}
_PER_DAY = {"once": 1, "SID": 1, "BID": 2, "TID": 3}

_LAB_TESTS = {
    "IH-BIOCHEM": ("In-house biochemistry panel", "blood", "in_house", 68.0),
    "IH-HAEM": ("In-house haematology", "blood", "in_house", 45.0),
    "EXT-T4": ("Total T4", "blood", "external", 39.0),
    "IH-UA": ("Urinalysis with sediment", "urine", "in_house", 32.0),
    "EXT-FRUCT": ("Fructosamine", "blood", "external", 41.0),
    "EXT-FAEC": ("Faecal parasitology", "faeces", "external", 36.0),
    "IH-CYTO": ("Skin cytology", "skin", "in_house", 29.0),
}
_SCHEMES = {"HEALTH-PLAN": 0.10, "MULTIPET-10": 0.10, "SENIOR-15": 0.15}  # named in error messages only
_SURGERY_DAYS = (2, 3)  # Wednesday, Thursday
_REMINDERS = Literal["booster", "flea_worm", "dental_check", "weight_check", "blood_test"]


def _slots() -> dict:
    slots = {}
    for staff_id, start_hour in (("ST-02", 9), ("ST-03", 14), ("ST-05", 10)):
        for day in ("2025-06-10", "2025-06-11"):
            for i in range(9):
                minute = start_hour * 60 + 20 * i
                hhmm = f"{minute // 60:02d}:{minute % 60:02d}"
                slot_id = f"SL-{staff_id[3:]}-{day[5:7]}{day[8:]}-{hhmm.replace(':', '')}"
                slots[slot_id] = {"clinician": staff_id, "start": f"{day}T{hhmm}", "booked": None}
    return slots


def _seed_slots() -> dict:
    slots = _slots()
    slots["SL-02-0610-0900"]["booked"] = "AP-4990"
    slots["SL-02-0610-0920"]["booked"] = "AP-4991"
    slots["SL-05-0610-1000"]["booked"] = "AP-4992"
    return slots


@dataclass
class State:
    """Tuesday morning at Harbourside: four owners, five patients, three appointments, stock, a ward."""

    challenges: dict = field(default_factory=dict)
    sessions: dict = field(default_factory=dict)
    witnesses: dict = field(default_factory=dict)
    owners: dict = field(default_factory=lambda: {
        "O-1001": {"name": "Margaret Quinn", "phone": "07700900311", "email": "mquinn@example.org",
                   "address": {"line1": "12 Cumberland Row", "town": "Bristol", "postcode": "BS1 6UX"}},
        "O-1002": {"name": "Tomasz Nowak", "phone": "07700900528", "email": None,
                   "address": {"line1": "Flat 2, 88 Coronation Road", "town": "Bristol", "postcode": "BS3 1AS"}},
        "O-1003": {"name": "Grace Adeyemi", "phone": "07700900664", "email": "grace.a@example.net",
                   "address": {"line1": "3 Spike Island Way", "town": "Bristol", "postcode": "BS1 6TH"}},
        "O-1004": {"name": "Margaret Quinlan", "phone": "07700900990", "email": None,
                   "address": {"line1": "41 North Street", "town": "Bristol", "postcode": "BS3 1EN"}},
    })
    patients: dict = field(default_factory=lambda: {
        "P-2001": {"owner": "O-1001", "name": "Biscuit", "species": "dog", "breed": "LAB-RET", "sex": "MN",
                   "born": "2016-03", "colour": "yellow", "microchip": "956000012345678", "alerts": ["muzzle"],
                   "weights": [["2025-01-14", 31.8], ["2025-04-02", 32.4]], "status": "active",
                   "vaccinations": [["2024-06-04", "VAC-DHP-L4", "DL4-2405A", "2025-06-04"]]},
        "P-2002": {"owner": "O-1001", "name": "Miso", "species": "cat", "breed": "DSH", "sex": "FN", "born": "2019-08",
                   "colour": "tabby", "microchip": "956000098765432", "alerts": [],
                   "weights": [["2025-02-20", 4.3]], "status": "active", "vaccinations": []},
        "P-2003": {"owner": "O-1002", "name": "Pepper", "species": "rabbit", "breed": "LOP-MINI", "sex": "F",
                   "born": "2022-05", "colour": "grey", "microchip": None, "alerts": [],
                   "weights": [["2025-03-11", 1.9]], "status": "active", "vaccinations": []},
        "P-2004": {"owner": "O-1003", "name": "Luna", "species": "cat", "breed": "BRIT-SH", "sex": "FN",
                   "born": "2013-11", "colour": "blue", "microchip": "956000055500011", "alerts": ["diabetic"],
                   "weights": [["2025-05-27", 5.1]], "status": "active", "vaccinations": []},
        "P-2005": {"owner": "O-1004", "name": "Rolo", "species": "dog", "breed": "DACHS-MIN", "sex": "M",
                   "born": "2021-02", "colour": "chocolate", "microchip": "956000077700022", "alerts": [],
                   "weights": [["2025-05-30", 5.6]], "status": "active", "vaccinations": []},
    })
    slots: dict = field(default_factory=_seed_slots)
    appointments: dict = field(default_factory=lambda: {
        "AP-4990": {"patient": "P-2001", "slot": "SL-02-0610-0900", "kind": "vaccination", "status": "booked",
                    "reason": "Annual booster and health check"},
        "AP-4991": {"patient": "P-2004", "slot": "SL-02-0610-0920", "kind": "recheck", "status": "arrived",
                    "reason": "Insulin dose review"},
        "AP-4992": {"patient": "P-2003", "slot": "SL-05-0610-1000", "kind": "nurse_clinic", "status": "booked",
                    "reason": "Nail clip"},
    })
    consults: dict = field(default_factory=dict)
    prescriptions: dict = field(default_factory=dict)
    batches: dict = field(default_factory=lambda: {
        "DL4-2502C": {"drug": "VAC-DHP-L4", "expiry": "2026-02-28", "on_hand": 14, "location": "Vaccine fridge"},
        "DL4-2405A": {"drug": "VAC-DHP-L4", "expiry": "2025-05-31", "on_hand": 2, "location": "Vaccine fridge"},
        "KC-2503B": {"drug": "VAC-KC-IN", "expiry": "2025-12-31", "on_hand": 9, "location": "Vaccine fridge"},
        "RCP-2501A": {"drug": "VAC-FEL-RCP", "expiry": "2026-01-31", "on_hand": 11, "location": "Vaccine fridge"},
        "RHD-2412D": {"drug": "VAC-RHD-MYX", "expiry": "2025-09-30", "on_hand": 4, "location": "Vaccine fridge"},
        "MEL15-2409": {"drug": "MEL-15-SUSP", "expiry": "2026-09-30", "on_hand": 600, "location": "Dispensary"},
        "MEL05-2411": {"drug": "MEL-05-CAT", "expiry": "2026-11-30", "on_hand": 150, "location": "Dispensary"},
        "AMX-2501": {"drug": "AMOXI-250", "expiry": "2027-01-31", "on_hand": 400, "location": "Dispensary"},
        "GAB-2410": {"drug": "GABA-100", "expiry": "2026-10-31", "on_hand": 180, "location": "CD cabinet"},
        "BUP-2502": {"drug": "BUPRE-03", "expiry": "2026-02-28", "on_hand": 40, "location": "CD cabinet"},
        "MAR-2412": {"drug": "MAROP-16", "expiry": "2026-12-31", "on_hand": 60, "location": "Dispensary"},
        "MLR-2501": {"drug": "MELOX-RAB", "expiry": "2026-07-31", "on_hand": 90, "location": "Dispensary"},
    })
    cd_register: list = field(default_factory=list)
    lab_orders: dict = field(default_factory=dict)
    kennels: dict = field(default_factory=lambda: {
        "K-D1": {"ward": "dogs", "size": "large", "occupant": None},
        "K-D2": {"ward": "dogs", "size": "large", "occupant": None},
        "K-D3": {"ward": "dogs", "size": "small", "occupant": None},
        "K-C1": {"ward": "cats", "size": "small", "occupant": None},
        "K-C2": {"ward": "cats", "size": "small", "occupant": "P-2004"},
        "K-X1": {"ward": "exotics", "size": "small", "occupant": None},
        "K-ISO": {"ward": "isolation", "size": "large", "occupant": None},
    })
    admissions: dict = field(default_factory=lambda: {
        "AD-0311": {"patient": "P-2004", "kennel": "K-C2", "admitted": "2025-06-09", "status": "admitted",
                    "reason": "Glucose curve"},
    })
    consents: dict = field(default_factory=dict)
    surgeries: dict = field(default_factory=dict)
    invoices: dict = field(default_factory=lambda: {
        "INV-5990": {"owner": "O-1001", "total": 48.5, "paid": 0.0, "status": "open", "discount": None,
                     "lines": [["CONS-RCK", "Recheck consultation", 1, 28.0], ["MEL15-2409", "Meloxicam 1.5 mg/ml", 50, 20.5]]},
        "INV-5977": {"owner": "O-1003", "total": 113.0, "paid": 113.0, "status": "paid", "discount": None,
                     "lines": [["IH-BIOCHEM", "In-house biochemistry panel", 1, 68.0], ["IH-HAEM", "In-house haematology", 1, 45.0]]},
    })
    payments: dict = field(default_factory=dict)
    reminders: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {
        "ch": 4400, "O-": 1004, "P-": 2005, "AP-": 5000, "CN-": 7000, "RX-": 8000, "WT-": 3000, "VC-": 610,
        "LB-": 920, "AD-": 311, "CS-": 150, "SB-": 40, "INV-": 6000, "PY-": 3300, "RM-": 900})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, key: str) -> int:
    state.counters[key] += 1
    return state.counters[key]


def _staff(state: State, token: str) -> dict:
    username = state.sessions.get(token)
    if username is None:
        raise ApiError(401, "missing or expired bearer token")
    return {"username": username, **_STAFF[username]}


def _vet(state: State, token: str) -> dict:
    who = _staff(state, token)
    if who["role"] != "vet":
        raise ApiError(403, f"{who['name']} is signed in as {who['role']}: this needs a vet's login")
    return who


def _digits(text: Optional[str]) -> str:
    return "".join(ch for ch in (text or "") if ch.isdigit())


def _owner(state: State, owner_id: str) -> dict:
    o = state.owners.get(owner_id)
    if o is None:
        raise ApiError(404, f"owner {owner_id} not found")
    return o


def _patient(state: State, patient_id: str) -> dict:
    p = state.patients.get(patient_id)
    if p is None:
        raise ApiError(404, f"patient {patient_id} not found")
    return p


def _owner_out(owner_id: str, o: dict) -> Owner:
    return Owner(owner_id=owner_id, name=o["name"], phone=o["phone"], email=o["email"], address=Address(**o["address"]))


def _patient_summary(patient_id: str, p: dict) -> PatientSummary:
    return PatientSummary(patient_id=patient_id, name=p["name"], species=p["species"], breed=_BREED_NAMES[p["breed"]],
                          status=p["status"])


def _patient_out(patient_id: str, p: dict) -> Patient:
    return Patient(
        patient_id=patient_id, owner_id=p["owner"], name=p["name"], species=p["species"],
        breed=_BREED_NAMES[p["breed"]], sex=p["sex"], born=p["born"], colour=p["colour"], microchip=p["microchip"],
        alerts=list(p["alerts"]), latest_weight_kg=p["weights"][-1][1] if p["weights"] else None,
        weights=[WeightEntry(on=d, kg=kg) for d, kg in p["weights"]],
        vaccinations=[VaccinationEntry(on=a, product=_DRUGS[b][0], batch_id=c, next_due=d)
                      for a, b, c, d in p["vaccinations"]],
        status=p["status"])


def _clinician_name(staff_id: str) -> str:
    return next(s["name"] for s in _STAFF.values() if s["staff_id"] == staff_id)


def _appointment_out(state: State, appointment_id: str) -> Appointment:
    a = state.appointments[appointment_id]
    slot = state.slots[a["slot"]]
    return Appointment(appointment_id=appointment_id, patient_id=a["patient"],
                       patient_name=state.patients[a["patient"]]["name"], clinician=_clinician_name(slot["clinician"]),
                       start=slot["start"], kind=a["kind"], status=a["status"], reason=a["reason"])


def _consult(state: State, consult_id: str) -> dict:
    c = state.consults.get(consult_id)
    if c is None:
        raise ApiError(404, f"consultation {consult_id} not found")
    if c["status"] != "open":
        raise ApiError(409, f"consultation {consult_id} is {c['status']}")
    return c


def _consult_out(consult_id: str, c: dict) -> Consultation:
    return Consultation(consult_id=consult_id, appointment_id=c["appointment"], patient_id=c["patient"], vet=c["vet"],
                        status=c["status"], weight_kg=c["weight"], has_note=c["note"] is not None,
                        charges=[ChargeLine(code=a, description=b, quantity=q, amount=m) for a, b, q, m in c["charges"]])


def _invoice_out(invoice_id: str, inv: dict) -> InvoiceRef:
    return InvoiceRef(invoice_id=invoice_id, owner_id=inv["owner"], total=inv["total"],
                      balance=round(inv["total"] - inv["paid"], 2), status=inv["status"], discount=inv["discount"])


def _band(weight_kg: float) -> float:
    return 1.0 if weight_kg <= 10 else 1.2 if weight_kg <= 25 else 1.4 if weight_kg <= 40 else 1.6


def _quote(codes: list[str], weight_kg: float) -> float:
    total = 0.0
    for code in codes:
        if code not in _PROCEDURES:
            raise ApiError(404, f"unknown procedure code {code!r}")
        name, category, price = _PROCEDURES[code]
        total += price * (_band(weight_kg) if category in _QUOTED_CATEGORIES else 1.0)
    return round(total, 2)


def _witness(state: State, witness_ref: Optional[str], by: dict, what: str) -> str:
    w = state.witnesses.get(witness_ref or "")
    if w is None or w["used"] or w["for"] != by["username"]:
        raise ApiError(403, f"{what} is a controlled-drug entry: a second member of staff must witness it "
                            "(pass their witness_ref; each is good for one entry)")
    w["used"] = True
    return w["name"]


# ----------------------------------------------------------------------------- sign-in

def request_login(username: str, password: str, state: State) -> LoginChallenge:
    """Step one of sign-in: check the password and open an authenticator challenge."""
    user = _STAFF.get(username.strip().lower())
    if user is None or user["password"] != password:
        raise ApiError(401, "wrong username or password")
    challenge_id = f"ch_{_next(state, 'ch')}"
    state.challenges[challenge_id] = {"username": username.strip().lower(), "used": False}
    return LoginChallenge(challenge_id=challenge_id, factor="totp", expires_in=300)


def verify_login(challenge_id: str, code: Annotated[str, "six-digit authenticator code"], state: State) -> Session:
    """Step two of sign-in: answer the challenge with the authenticator code; returns the bearer token."""
    ch = state.challenges.get(challenge_id)
    if ch is None or ch["used"]:
        raise ApiError(404, "unknown or already answered challenge; start again with request_login")
    user = _STAFF[ch["username"]]
    if _digits(code) != user["otp"]:
        raise ApiError(401, "authenticator code does not match")
    ch["used"] = True
    token = "pws." + hashlib.sha256(f"{challenge_id}:{ch['username']}".encode()).hexdigest()[:28]
    state.sessions[token] = ch["username"]
    return Session(token=token, expires_in=28800,
                   staff=StaffRef(staff_id=user["staff_id"], name=user["name"], role=user["role"]))


def witness_signoff(token: Token, witness_username: str, witness_pin: str, state: State) -> Witness:
    """A second vet or nurse confirms with their PIN that they witness the next controlled-drug entry."""
    who = _staff(state, token)
    w = _STAFF.get(witness_username.strip().lower())
    if w is None or w["pin"] != witness_pin:
        raise ApiError(401, "witness username or PIN is wrong")
    if w["staff_id"] == who["staff_id"]:
        raise ApiError(403, "you cannot witness your own controlled-drug entry")
    if w["role"] not in ("vet", "nurse"):
        raise ApiError(403, "only a vet or a registered nurse can witness controlled drugs")
    ref = f"WT-{_next(state, 'WT-')}"
    state.witnesses[ref] = {"for": who["username"], "name": w["name"], "used": False}
    return Witness(witness_ref=ref, witness=StaffRef(staff_id=w["staff_id"], name=w["name"], role=w["role"]),
                   valid_for="one controlled-drug entry")


# ----------------------------------------------------------------------------- clients and patients

def list_clinicians(role: Optional[Literal["vet", "nurse"]] = None, state: State = None) -> list[Clinician]:
    """Clinical staff with their room and the appointment kinds they run."""
    return [Clinician(staff_id=s["staff_id"], name=s["name"], role=s["role"], room=_ROOMS[s["staff_id"]],
                      runs=_RUNS[s["role"]])
            for s in _STAFF.values() if s["role"] in ("vet", "nurse") and (role is None or s["role"] == role)]


def search_owners(token: Token, query: Annotated[str, "part of a name, or a phone number"],
                  state: State) -> list[OwnerSummary]:
    """Find clients by name or phone number."""
    _staff(state, token)
    q, digits = query.strip().lower(), _digits(query)
    out = []
    for oid, o in state.owners.items():
        if (len(digits) >= 6 and digits in o["phone"]) or (q and not digits and q in o["name"].lower()):
            pets = [p["name"] for p in state.patients.values() if p["owner"] == oid]
            out.append(OwnerSummary(owner_id=oid, name=o["name"], phone=o["phone"],
                                    postcode=o["address"]["postcode"], pets=pets))
    return out


def register_owner(token: Token, owner: NewOwner, state: State) -> Owner:
    """Register a new client."""
    _staff(state, token)
    owner = NewOwner.model_validate(owner)
    phone = _digits(owner.phone)
    if len(phone) < 10:
        raise ApiError(422, "phone number looks incomplete")
    if any(o["phone"] == phone for o in state.owners.values()):
        raise ApiError(409, "a client with this phone number is already registered; search for them instead")
    oid = f"O-{_next(state, 'O-')}"
    state.owners[oid] = {"name": owner.name, "phone": phone, "email": owner.email,
                         "address": owner.address.model_dump()}
    return _owner_out(oid, state.owners[oid])


def update_owner_contact(token: Token, owner_id: str, phone: Optional[str] = None, email: Optional[str] = None,
                         state: State = None) -> Owner:
    """Change a client's phone number or email."""
    _staff(state, token)
    o = _owner(state, owner_id)
    changes = {}
    if phone is not None and _digits(phone) != o["phone"]:
        if len(_digits(phone)) < 10:
            raise ApiError(422, "phone number looks incomplete")
        changes["phone"] = _digits(phone)
    if email is not None and email != o["email"]:
        changes["email"] = email
    if not changes:
        raise ApiError(409, "nothing to change")
    o.update(changes)
    return _owner_out(owner_id, o)


def find_patients(token: Token, owner_id: str, species: Optional[Species] = None,
                  state: State = None) -> list[PatientSummary]:
    """A client's pets."""
    _staff(state, token)
    _owner(state, owner_id)
    return [_patient_summary(pid, p) for pid, p in state.patients.items()
            if p["owner"] == owner_id and (species is None or p["species"] == species)]


def microchip_lookup(token: Token, chip: Annotated[str, "15-digit microchip number as the scanner shows it"],
                     state: State) -> PatientSummary:
    """The patient registered here with this microchip."""
    _staff(state, token)
    digits = _digits(chip)
    if len(digits) != 15:
        raise ApiError(422, "a microchip number has 15 digits")
    for pid, p in state.patients.items():
        if p["microchip"] == digits:
            return _patient_summary(pid, p)
    raise ApiError(404, "no patient with that microchip at this practice")


def lookup_breed(species: Species, text: str, state: State = None) -> list[Breed]:
    """Breed codes of a species whose name matches ``text``."""
    words = text.lower().replace("-", " ").split()
    return [Breed(code=c, name=n) for c, n in _BREEDS[species]
            if all(w in n.lower() or w in c.lower() for w in words)]


def register_patient(token: Token, owner_id: str, patient: NewPatient, state: State) -> Patient:
    """Register a new pet for a client."""
    _staff(state, token)
    _owner(state, owner_id)
    patient = NewPatient.model_validate(patient)
    if patient.breed_code not in dict(_BREEDS[patient.species]):
        raise ApiError(422, f"unknown breed code {patient.breed_code!r} for a {patient.species}")
    chip = _digits(patient.microchip) or None
    if chip and any(p["microchip"] == chip for p in state.patients.values()):
        raise ApiError(409, "that microchip is already registered to another patient")
    pid = f"P-{_next(state, 'P-')}"
    state.patients[pid] = {"owner": owner_id, "name": patient.name, "species": patient.species,
                           "breed": patient.breed_code, "sex": patient.sex, "born": patient.born,
                           "colour": patient.colour, "microchip": chip, "alerts": [], "weights": [],
                           "status": "active", "vaccinations": []}
    return _patient_out(pid, state.patients[pid])


def get_patient(token: Token, patient_id: str, state: State) -> Patient:
    """A patient's record: alerts, weights and vaccinations."""
    _staff(state, token)
    return _patient_out(patient_id, _patient(state, patient_id))


def set_patient_alert(token: Token, patient_id: str, alert: Alert, state: State) -> Patient:
    """Flag a patient (shown on every screen)."""
    _staff(state, token)
    p = _patient(state, patient_id)
    if alert in p["alerts"]:
        raise ApiError(409, f"{p['name']} already has the {alert} alert")
    p["alerts"].append(alert)
    return _patient_out(patient_id, p)


def clear_patient_alert(token: Token, patient_id: str, alert: Alert, reason: str, state: State) -> Patient:
    """Remove a flag from a patient, saying why."""
    _staff(state, token)
    p = _patient(state, patient_id)
    if alert not in p["alerts"]:
        raise ApiError(409, f"{p['name']} has no {alert} alert")
    p["alerts"].remove(alert)
    return _patient_out(patient_id, p)


# ----------------------------------------------------------------------------- appointment book

def available_slots(clinician_id: str, day: Annotated[str, "YYYY-MM-DD"], kind: AppointmentKind,
                    state: State) -> list[Slot]:
    """Free slots of one clinician on one day for one kind of appointment."""
    kind = AppointmentKind(kind)
    staff = next((s for s in _STAFF.values() if s["staff_id"] == clinician_id and s["role"] in _RUNS), None)
    if staff is None:
        raise ApiError(404, f"no clinician {clinician_id}")
    if kind.value not in _RUNS[staff["role"]]:
        raise ApiError(422, f"{staff['name']} does not run {kind.value} appointments")
    return [Slot(slot_id=sid, start=s["start"], minutes=20, room=_ROOMS[clinician_id])
            for sid, s in state.slots.items()
            if s["clinician"] == clinician_id and s["start"].startswith(day) and s["booked"] is None]


def book_appointment(token: Token, booking: Booking, state: State) -> Appointment:
    """Book a patient into a free slot."""
    _staff(state, token)
    booking = Booking.model_validate(booking)
    p = _patient(state, booking.patient_id)
    slot = state.slots.get(booking.slot_id)
    if slot is None:
        raise ApiError(404, f"no slot {booking.slot_id}")
    if slot["booked"] is not None:
        raise ApiError(409, "that slot has just been taken")
    role = next(s["role"] for s in _STAFF.values() if s["staff_id"] == slot["clinician"])
    if booking.kind not in _RUNS[role]:
        raise ApiError(422, f"{_clinician_name(slot['clinician'])} does not run {booking.kind} appointments")
    if p["status"] != "active":
        raise ApiError(409, f"{p['name']} is not an active patient")
    aid = f"AP-{_next(state, 'AP-')}"
    slot["booked"] = aid
    state.appointments[aid] = {"patient": booking.patient_id, "slot": booking.slot_id, "kind": booking.kind,
                               "status": "booked", "reason": booking.reason}
    return _appointment_out(state, aid)


def find_appointments(token: Token, day: Optional[str] = None, patient_id: Optional[str] = None,
                      status: Optional[Literal["booked", "arrived", "in_consult", "completed", "cancelled"]] = None,
                      state: State = None) -> list[Appointment]:
    """The appointment book, filtered by day, patient or status."""
    _staff(state, token)
    out = [_appointment_out(state, aid) for aid in state.appointments]
    out = [a for a in out if (day is None or a.start.startswith(day)) and (patient_id is None or a.patient_id == patient_id)
           and (status is None or a.status == status)]
    return sorted(out, key=lambda a: a.start)


def check_in(token: Token, appointment_id: str, state: State) -> Appointment:
    """Mark a booked patient as arrived in the waiting room."""
    _staff(state, token)
    a = state.appointments.get(appointment_id)
    if a is None:
        raise ApiError(404, f"appointment {appointment_id} not found")
    if a["status"] != "booked":
        raise ApiError(409, f"appointment {appointment_id} is {a['status']}")
    a["status"] = "arrived"
    return _appointment_out(state, appointment_id)


def cancel_appointment(token: Token, appointment_id: str, reason: str, state: State) -> str:
    """Cancel a booked appointment and free its slot."""
    _staff(state, token)
    a = state.appointments.get(appointment_id)
    if a is None:
        raise ApiError(404, f"appointment {appointment_id} not found")
    if a["status"] != "booked":
        raise ApiError(409, f"only a booked appointment can be cancelled; {appointment_id} is {a['status']}")
    a["status"], a["cancel_reason"] = "cancelled", reason
    slot = state.slots[a["slot"]]
    slot["booked"] = None
    return (f"Appointment {appointment_id} cancelled; the {slot['start'][11:]} slot with "
            f"{_clinician_name(slot['clinician'])} is free again.")


# ----------------------------------------------------------------------------- consultations

def start_consult(token: Token, appointment_id: str, state: State) -> Consultation:
    """Open the consultation for a patient who has arrived (vets only)."""
    vet = _vet(state, token)
    a = state.appointments.get(appointment_id)
    if a is None:
        raise ApiError(404, f"appointment {appointment_id} not found")
    if a["status"] != "arrived":
        raise ApiError(409, f"the patient has not been checked in (appointment is {a['status']})")
    cid = f"CN-{_next(state, 'CN-')}"
    fee = "CONS-RCK" if a["kind"] == "recheck" else "CONS-STD"
    state.consults[cid] = {"appointment": appointment_id, "patient": a["patient"], "vet": vet["name"], "status": "open",
                           "weight": None, "vitals": None, "note": None,
                           "charges": [[fee, _PROCEDURES[fee][0], 1, _PROCEDURES[fee][2]]]}
    a["status"] = "in_consult"
    return _consult_out(cid, state.consults[cid])


def record_vitals(token: Token, consult_id: str, vitals: Vitals, state: State) -> Consultation:
    """Weight, temperature, heart and breathing rates and body condition for this consultation."""
    _staff(state, token)
    c = _consult(state, consult_id)
    vitals = Vitals.model_validate(vitals)
    c["vitals"], c["weight"] = vitals.model_dump(), vitals.weight_kg
    state.patients[c["patient"]]["weights"].append([TODAY.isoformat(), vitals.weight_kg])
    return _consult_out(consult_id, c)


def add_clinical_note(token: Token, consult_id: str, note: SoapNote, state: State) -> Consultation:
    """The SOAP note of the consultation (replaces an earlier one)."""
    _staff(state, token)
    c = _consult(state, consult_id)
    c["note"] = SoapNote.model_validate(note).model_dump()
    return _consult_out(consult_id, c)


def list_procedures(category: Optional[Literal["consult", "preventive", "diagnostic", "dental", "surgical"]] = None,
                    state: State = None) -> list[Procedure]:
    """The practice's price list of procedures."""
    return [Procedure(code=c, name=n, category=k, price=p) for c, (n, k, p) in _PROCEDURES.items()
            if category is None or k == category]


def add_procedure(token: Token, consult_id: str, code: str, quantity: int = 1, state: State = None) -> Consultation:
    """Charge a procedure done in this consultation."""
    _staff(state, token)
    c = _consult(state, consult_id)
    if code not in _PROCEDURES:
        raise ApiError(404, f"unknown procedure code {code!r}")
    if quantity < 1:
        raise ApiError(422, "quantity must be at least 1")
    name, _, price = _PROCEDURES[code]
    c["charges"].append([code, name, quantity, round(price * quantity, 2)])
    return _consult_out(consult_id, c)


def close_consult(token: Token, consult_id: str, state: State) -> ConsultClosed:
    """Finish a consultation (it needs a clinical note) and raise its invoice."""
    _vet(state, token)
    c = _consult(state, consult_id)
    if c["note"] is None:
        raise ApiError(409, "a clinical note is required before the consultation can be closed")
    c["status"] = "closed"
    state.appointments[c["appointment"]]["status"] = "completed"
    inv_id = f"INV-{_next(state, 'INV-')}"
    total = round(sum(line[3] for line in c["charges"]), 2)
    state.invoices[inv_id] = {"owner": state.patients[c["patient"]]["owner"], "total": total, "paid": 0.0,
                              "status": "open", "discount": None, "lines": [list(x) for x in c["charges"]]}
    return ConsultClosed(consult_id=consult_id, invoice=_invoice_out(inv_id, state.invoices[inv_id]))


# ----------------------------------------------------------------------------- pharmacy

def search_formulary(text: str, species: Optional[Species] = None, state: State = None) -> list[Drug]:
    """Products in the formulary whose name matches ``text`` (vaccines included)."""
    words = text.lower().split()
    return [Drug(code=c, name=n, schedule=s, mg_per_unit=mg, unit=u, unit_price=pr, species=sp)
            for c, (n, s, mg, u, pr, sp) in _DRUGS.items()
            if all(w in n.lower() or w in c.lower() for w in words) and (species is None or species in sp)]


def prescribe(token: Token, consult_id: str, lines: list[RxLine], state: State) -> Prescription:
    """Prescribe in a consultation; quantities are worked out from the weight recorded in it (vets only)."""
    _vet(state, token)
    c = _consult(state, consult_id)
    lines = [RxLine.model_validate(x) for x in lines]
    if not lines:
        raise ApiError(422, "a prescription needs at least one line")
    if c["weight"] is None:
        raise ApiError(409, "no weight recorded in this consultation: doses are per kg, record the vitals first")
    species = state.patients[c["patient"]]["species"]
    out, controlled = [], False
    for ln in lines:
        d = _DRUGS.get(ln.drug_code)
        if d is None or d[1] == "VACCINE":
            raise ApiError(404, f"no prescribable product {ln.drug_code!r}")
        if species not in d[5]:
            raise ApiError(422, f"{d[0]} is not licensed for a {species}")
        units = math.ceil(ln.dose_mg_per_kg * c["weight"] / d[2] * 10) / 10
        qty = math.ceil(units * _PER_DAY[ln.frequency] * ln.days)
        controlled = controlled or d[1].startswith("CD")
        out.append(RxOut(drug_code=ln.drug_code, name=d[0], quantity=qty,
                         label=f"Give {units:g} {d[3]} {ln.frequency} for {ln.days} days. {ln.instructions}"))
    rx = f"RX-{_next(state, 'RX-')}"
    state.prescriptions[rx] = {"consult": consult_id, "patient": c["patient"], "lines": [o.model_dump() for o in out],
                               "controlled": controlled, "status": "prescribed"}
    return Prescription(rx_id=rx, consult_id=consult_id, patient_id=c["patient"], lines=out, controlled=controlled,
                        status="prescribed")


def dispense(token: Token, rx_id: str, witness_ref: Optional[str] = None, state: State = None) -> str:
    """Dispense a prescription from stock and print its labels; controlled drugs need a witness."""
    who = _staff(state, token)
    rx = state.prescriptions.get(rx_id)
    if rx is None:
        raise ApiError(404, f"prescription {rx_id} not found")
    if rx["status"] != "prescribed":
        raise ApiError(409, f"prescription {rx_id} is already {rx['status']}")
    witness = _witness(state, witness_ref, who, rx_id) if rx["controlled"] else None
    for line in rx["lines"]:
        batch = next((b for b in sorted(state.batches, key=lambda k: state.batches[k]["expiry"])
                      if state.batches[b]["drug"] == line["drug_code"] and state.batches[b]["expiry"] > TODAY.isoformat()
                      and state.batches[b]["on_hand"] >= line["quantity"]), None)
        if batch is None:
            raise ApiError(409, f"not enough {line['name']} in stock")
        state.batches[batch]["on_hand"] -= line["quantity"]
        line["batch"] = batch
        if _DRUGS[line["drug_code"]][1].startswith("CD"):
            state.cd_register.append([TODAY.isoformat(), batch, -line["quantity"], who["name"], witness, rx_id])
        consult = state.consults[rx["consult"]]
        price = round(line["quantity"] * _DRUGS[line["drug_code"]][4], 2)
        consult["charges"].append([line["drug_code"], line["name"], line["quantity"], price])
    rx["status"] = "dispensed"
    names = "; ".join(f"{ln['quantity']} x {ln['name']}" for ln in rx["lines"])
    return f"Dispensed {rx_id} for {state.patients[rx['patient']]['name']}: {names}." + (
        f" Witnessed by {witness}." if witness else "")


def stock_batches(drug_code: str, state: State = None) -> list[Batch]:
    """Batches of a product on the shelves, soonest expiry first (expired batches are left out)."""
    if drug_code not in _DRUGS:
        raise ApiError(404, f"no product {drug_code!r}")
    rows = [Batch(batch_id=b, drug_code=x["drug"], expiry=x["expiry"], on_hand=x["on_hand"], location=x["location"])
            for b, x in state.batches.items()
            if x["drug"] == drug_code and x["expiry"] > TODAY.isoformat() and x["on_hand"] > 0]
    return sorted(rows, key=lambda r: r.expiry)


def record_vaccination(token: Token, patient_id: str, doses: list[Dose], state: State) -> VaccinationCert:
    """Record vaccines given from stock batches; issues the vaccination certificate."""
    _staff(state, token)
    p = _patient(state, patient_id)
    doses = [Dose.model_validate(d) for d in doses]
    if not doses:
        raise ApiError(422, "no doses given")
    given = []
    for d in doses:
        b = state.batches.get(d.batch_id)
        if b is None or _DRUGS[b["drug"]][1] != "VACCINE":
            raise ApiError(404, f"no vaccine batch {d.batch_id!r}")
        if b["expiry"] <= TODAY.isoformat() or b["on_hand"] < 1:
            raise ApiError(409, f"batch {d.batch_id} is expired or used up")
        if p["species"] not in _DRUGS[b["drug"]][5]:
            raise ApiError(422, f"{_DRUGS[b['drug']][0]} is not for a {p['species']}")
        b["on_hand"] -= 1
        due = (TODAY + timedelta(days=365)).isoformat()
        p["vaccinations"].append([TODAY.isoformat(), b["drug"], d.batch_id, due])
        given.append(VaccinationEntry(on=TODAY.isoformat(), product=_DRUGS[b["drug"]][0], batch_id=d.batch_id,
                                      next_due=due))
    return VaccinationCert(cert_no=f"VC-{_next(state, 'VC-')}", patient_id=patient_id, given=given)


def dispose_stock(token: Token, batch_id: str, quantity: int, reason: str, witness_ref: Optional[str] = None,
                  state: State = None) -> str:
    """Write off stock (broken, expired, returned); controlled drugs are destroyed in front of a witness."""
    who = _staff(state, token)
    b = state.batches.get(batch_id)
    if b is None:
        raise ApiError(404, f"no batch {batch_id!r}")
    if not 0 < quantity <= b["on_hand"]:
        raise ApiError(422, f"quantity must be between 1 and {b['on_hand']}")
    witness = None
    if _DRUGS[b["drug"]][1].startswith("CD"):
        witness = _witness(state, witness_ref, who, f"destroying {batch_id}")
        state.cd_register.append([TODAY.isoformat(), batch_id, -quantity, who["name"], witness, reason])
    b["on_hand"] -= quantity
    return f"{quantity} {_DRUGS[b['drug']][3]}(s) of batch {batch_id} written off ({reason}); {b['on_hand']} left." + (
        f" Destruction witnessed by {witness}." if witness else "")


# ----------------------------------------------------------------------------- laboratory

def list_lab_tests(sample: Optional[Literal["blood", "urine", "faeces", "skin"]] = None,
                   state: State = None) -> list[LabTest]:
    """Tests the practice can run in house or send out."""
    return [LabTest(test_code=c, name=n, sample=s, lab=lab, price=p) for c, (n, s, lab, p) in _LAB_TESTS.items()
            if sample is None or s == sample]


def order_lab_test(token: Token, consult_id: str, test_code: str, state: State) -> LabOrder:
    """Order a test in a consultation (charged to it)."""
    _staff(state, token)
    c = _consult(state, consult_id)
    if test_code not in _LAB_TESTS:
        raise ApiError(404, f"unknown test {test_code!r}")
    lid = f"LB-{_next(state, 'LB-')}"
    state.lab_orders[lid] = {"consult": consult_id, "test": test_code, "status": "pending", "results": {},
                             "comment": None}
    c["charges"].append([test_code, _LAB_TESTS[test_code][0], 1, _LAB_TESTS[test_code][3]])
    return LabOrder(lab_order_id=lid, consult_id=consult_id, test_code=test_code, status="pending", results={},
                    comment=None)


def record_lab_result(token: Token, lab_order_id: str, results: dict[str, float], comment: str,
                      state: State) -> LabOrder:
    """Enter the results of a pending lab order (analyte -> value)."""
    _staff(state, token)
    o = state.lab_orders.get(lab_order_id)
    if o is None:
        raise ApiError(404, f"lab order {lab_order_id} not found")
    if o["status"] != "pending":
        raise ApiError(409, f"lab order {lab_order_id} already has results")
    if not results:
        raise ApiError(422, "no results given")
    o.update(status="resulted", results={k: float(v) for k, v in results.items()}, comment=comment)
    return LabOrder(lab_order_id=lab_order_id, consult_id=o["consult"], test_code=o["test"], status=o["status"],
                    results=o["results"], comment=comment)


# ----------------------------------------------------------------------------- ward

def kennel_board(ward: Optional[Literal["dogs", "cats", "exotics", "isolation"]] = None,
                 state: State = None) -> list[Kennel]:
    """The ward's kennels, who is in them and under which admission."""
    current = {a["kennel"]: aid for aid, a in state.admissions.items() if a["status"] == "admitted"}
    return [Kennel(kennel_id=k, ward=x["ward"], size=x["size"], occupant=x["occupant"], admission_id=current.get(k))
            for k, x in state.kennels.items() if ward is None or x["ward"] == ward]


def admit_patient(token: Token, patient_id: str, kennel_id: str, reason: str, state: State) -> Admission:
    """Admit a patient to a free kennel on the right ward."""
    _staff(state, token)
    p = _patient(state, patient_id)
    k = state.kennels.get(kennel_id)
    if k is None:
        raise ApiError(404, f"no kennel {kennel_id}")
    if k["occupant"] is not None:
        raise ApiError(409, f"kennel {kennel_id} is occupied")
    ward = {"dog": "dogs", "cat": "cats"}.get(p["species"], "exotics")
    if k["ward"] not in (ward, "isolation"):
        raise ApiError(422, f"a {p['species']} goes on the {ward} ward, not {k['ward']}")
    if any(a["patient"] == patient_id and a["status"] == "admitted" for a in state.admissions.values()):
        raise ApiError(409, f"{p['name']} is already admitted")
    aid = f"AD-{_next(state, 'AD-'):04d}"
    k["occupant"] = patient_id
    state.admissions[aid] = {"patient": patient_id, "kennel": kennel_id, "admitted": TODAY.isoformat(),
                             "status": "admitted", "reason": reason}
    return Admission(admission_id=aid, patient_id=patient_id, kennel_id=kennel_id, admitted=TODAY.isoformat(),
                     reason=reason, status="admitted")


def discharge_patient(token: Token, admission_id: str, instructions: str, state: State) -> str:
    """Send an admitted patient home with written instructions."""
    _staff(state, token)
    a = state.admissions.get(admission_id)
    if a is None:
        raise ApiError(404, f"admission {admission_id} not found")
    if a["status"] != "admitted":
        raise ApiError(409, f"admission {admission_id} is {a['status']}")
    a["status"], a["instructions"] = "discharged", instructions
    state.kennels[a["kennel"]]["occupant"] = None
    return f"{state.patients[a['patient']]['name']} discharged from {a['kennel']} ({admission_id}); instructions printed."


# ----------------------------------------------------------------------------- surgery

def estimate_cost(procedure_codes: list[str], weight_kg: float, state: State = None) -> float:
    """Estimate for procedures at a patient weight (surgical and dental prices go up with weight band)."""
    if not procedure_codes:
        raise ApiError(422, "no procedures to estimate")
    if weight_kg <= 0:
        raise ApiError(422, "weight must be positive")
    return _quote(procedure_codes, weight_kg)


def record_consent(token: Token, patient_id: str, procedure_code: str, estimate: float,
                   signed_by: Annotated[str, "the registered owner's name as signed"], state: State) -> Consent:
    """Record the owner's signed consent to a surgical or dental procedure at the quoted estimate."""
    _staff(state, token)
    p = _patient(state, patient_id)
    if procedure_code not in _PROCEDURES:
        raise ApiError(404, f"unknown procedure code {procedure_code!r}")
    if _PROCEDURES[procedure_code][1] not in _QUOTED_CATEGORIES:
        raise ApiError(422, "consent forms are for surgical and dental procedures")
    if not p["weights"]:
        raise ApiError(409, f"{p['name']} has never been weighed: weigh before estimating")
    current = _quote([procedure_code], p["weights"][-1][1])
    if abs(current - estimate) > 0.005:
        raise ApiError(409, f"estimate {estimate:.2f} is not the current estimate for {p['name']}; quote again")
    if signed_by.strip().lower() != state.owners[p["owner"]]["name"].lower():
        raise ApiError(422, "consent must be signed by the registered owner")
    cid = f"CS-{_next(state, 'CS-')}"
    state.consents[cid] = {"patient": patient_id, "procedure": procedure_code, "estimate": current,
                           "signed_by": signed_by.strip(), "used": False}
    return Consent(consent_id=cid, patient_id=patient_id, procedure_code=procedure_code, estimate=current,
                   signed_by=signed_by.strip())


def book_surgery(token: Token, consent_id: str, surgeon_id: str, day: Annotated[str, "YYYY-MM-DD"],
                 state: State) -> SurgeryBooking:
    """Book a consented procedure into theatre with a surgeon."""
    _staff(state, token)
    cs = state.consents.get(consent_id)
    if cs is None or cs["used"]:
        raise ApiError(404, f"no unused consent {consent_id}")
    surgeon = next((s for s in _STAFF.values() if s["staff_id"] == surgeon_id), None)
    if surgeon is None or surgeon["role"] != "vet":
        raise ApiError(422, f"{surgeon_id} is not a vet")
    try:
        when = date.fromisoformat(day)
    except ValueError:
        raise ApiError(422, "day must be YYYY-MM-DD") from None
    if when <= TODAY or when.weekday() not in _SURGERY_DAYS:
        raise ApiError(422, "theatre lists run on Wednesdays and Thursdays, from tomorrow on")
    if sum(1 for s in state.surgeries.values() if s["day"] == day) >= 4:
        raise ApiError(409, f"the theatre list on {day} is full")
    cs["used"] = True
    bid = f"SB-{_next(state, 'SB-')}"
    state.surgeries[bid] = {"consent": consent_id, "surgeon": surgeon_id, "day": day}
    return SurgeryBooking(booking_id=bid, patient_id=cs["patient"], procedure=_PROCEDURES[cs["procedure"]][0],
                          surgeon=surgeon["name"], day=day, admit_by=f"{day}T08:30")


# ----------------------------------------------------------------------------- billing and reminders

def find_invoices(token: Token, owner_id: str, status: Optional[Literal["open", "paid"]] = None,
                  state: State = None) -> list[InvoiceRef]:
    """A client's invoices."""
    _staff(state, token)
    _owner(state, owner_id)
    return [_invoice_out(i, x) for i, x in sorted(state.invoices.items())
            if x["owner"] == owner_id and (status is None or x["status"] == status)]


def apply_discount(token: Token, invoice_id: str, scheme: str, state: State) -> InvoiceRef:
    """Apply a discount scheme to an open invoice (one scheme per invoice)."""
    _staff(state, token)
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise ApiError(404, f"invoice {invoice_id} not found")
    if inv["status"] != "open":
        raise ApiError(409, f"invoice {invoice_id} is {inv['status']}")
    code = scheme.strip().upper()
    if code not in _SCHEMES:
        raise ApiError(422, f"unknown discount scheme {scheme!r} (schemes: {', '.join(sorted(_SCHEMES))})")
    if inv["discount"] is not None:
        raise ApiError(409, f"invoice {invoice_id} already has the {inv['discount']} discount")
    inv["discount"] = code
    inv["total"] = round(inv["total"] * (1 - _SCHEMES[code]), 2)
    return _invoice_out(invoice_id, inv)


def take_payment(token: Token, invoice_id: str, amount: float, method: Literal["card", "cash", "bank_transfer"],
                 state: State) -> str:
    """Take payment of the whole balance of an open invoice."""
    _staff(state, token)
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise ApiError(404, f"invoice {invoice_id} not found")
    if inv["status"] != "open":
        raise ApiError(409, f"invoice {invoice_id} is {inv['status']}")
    balance = round(inv["total"] - inv["paid"], 2)
    if abs(amount - balance) > 0.005:
        raise ApiError(422, "the amount must be the balance due (part payments are taken at the front desk till)")
    pid = f"PY-{_next(state, 'PY-')}"
    inv["paid"], inv["status"] = inv["total"], "paid"
    state.payments[pid] = {"invoice": invoice_id, "amount": balance, "method": method}
    return f"Payment {pid} of {balance:.2f} by {method}; invoice {invoice_id} is paid."


def schedule_reminder(token: Token, patient_id: str, reminder: _REMINDERS, due: Annotated[str, "YYYY-MM-DD"],
                      state: State) -> str:
    """Send the owner a reminder (booster, flea and worm, dental, weight or blood test) on a date."""
    _staff(state, token)
    p = _patient(state, patient_id)
    try:
        when = date.fromisoformat(due)
    except ValueError:
        raise ApiError(422, "due must be YYYY-MM-DD") from None
    if when <= TODAY:
        raise ApiError(422, "a reminder must be due in the future")
    rid = f"RM-{_next(state, 'RM-')}"
    state.reminders[rid] = {"patient": patient_id, "reminder": reminder, "due": due}
    return f"Reminder {rid} ({reminder}) set for {p['name']} on {due}."


TOOLS = [
    request_login, verify_login, witness_signoff,
    list_clinicians, search_owners, register_owner, update_owner_contact, find_patients, microchip_lookup,
    lookup_breed, register_patient, get_patient, set_patient_alert, clear_patient_alert,
    available_slots, book_appointment, find_appointments, check_in, cancel_appointment,
    start_consult, record_vitals, add_clinical_note, list_procedures, add_procedure, close_consult,
    search_formulary, prescribe, dispense, stock_batches, record_vaccination, dispose_stock,
    list_lab_tests, order_lab_test, record_lab_result,
    kennel_board, admit_patient, discharge_patient,
    estimate_cost, record_consent, book_surgery,
    find_invoices, apply_discount, take_payment, schedule_reminder,
]

# What a tester is handed: two logins with their authenticator codes, the nurse who witnesses
# controlled drugs, the clinic day, a returning client as she gives her details at the desk (her
# dog's microchip as the scanner shows it), and a new client's registration form.
FIXTURES = {
    "reception_login": {"username": "amy.doyle", "password": "Harbour!2025", "authenticator_code": "739201"},
    "vet_login": {"username": "nisha.patel", "password": "Whisker#88", "authenticator_code": "118 342"},
    "witness": {"username": "kofi.mensah", "pin": "2580"},
    "clinic_day": "2025-06-10",
    "returning_client": {"name": "Margaret Quinn", "phone": "07700 900311", "pet": "Biscuit",
                         "microchip_scanned": "956 000 012 345 678"},
    "new_client": {"name": "Sofia Marin", "phone": "07700 900742", "email": "sofia.marin@example.com",
                   "address": {"line1": "4 Ropewalk Court", "town": "Bristol", "postcode": "BS1 6XN"},
                   "pet": {"name": "Nacho", "species": "dog", "breed": "cockapoo", "sex": "M", "born": "2025-03",
                           "colour": "apricot"}},
    "surgery_request": {"pet": "Biscuit", "procedure": "dental scale and polish", "day": "2025-06-12"},
}

_TOKEN_USERS = [
    "witness_signoff", "search_owners", "register_owner", "update_owner_contact", "find_patients", "microchip_lookup",
    "register_patient", "get_patient", "set_patient_alert", "clear_patient_alert", "book_appointment",
    "find_appointments", "check_in", "cancel_appointment", "start_consult", "record_vitals", "add_clinical_note",
    "add_procedure", "close_consult", "prescribe", "dispense", "record_vaccination", "dispose_stock",
    "order_lab_test", "record_lab_result", "admit_patient", "discharge_patient", "record_consent", "book_surgery",
    "find_invoices", "apply_discount", "take_payment", "schedule_reminder",
]
_PATIENT_ANY = "find_patients|microchip_lookup|register_patient"
_PATIENT_KNOWN = "find_patients|microchip_lookup"
_CONSULT_USERS = ["record_vitals", "add_clinical_note", "add_procedure", "close_consult", "prescribe", "order_lab_test"]

GROUND_TRUTH = (
    [("verify_login", c, "auth: bearer token (Session.token)") for c in _TOKEN_USERS]
    + [("request_login", "verify_login", "id create: challenge id of the two-step sign-in")]
    + [("search_owners|register_owner", c, "id lookup/create: owner id")
       for c in ("update_owner_contact", "find_patients", "register_patient", "find_invoices")]
    + [(_PATIENT_ANY, c, "id lookup/create: patient id (list, microchip, or new registration)")
       for c in ("get_patient", "set_patient_alert", "clear_patient_alert", "book_appointment", "record_vaccination",
                 "admit_patient", "schedule_reminder")]
    + [(_PATIENT_KNOWN, "record_consent", "id lookup: patient id of a weighed patient")]
    + [("book_appointment|find_appointments", c, "id lookup/create: appointment id")
       for c in ("check_in", "cancel_appointment", "start_consult")]
    + [("start_consult", c, "id create: consultation id") for c in _CONSULT_USERS]
    + [
        ("available_slots", "book_appointment", "id lookup: slot id"),
        ("list_clinicians", "available_slots", "id lookup: clinician staff id (people say the vet's name)"),
        ("list_clinicians", "book_surgery", "id lookup: surgeon staff id"),
        ("lookup_breed", "register_patient", "vocabulary: breed code (people say 'cockapoo')"),
        ("check_in", "start_consult", "state: the patient must have arrived"),
        ("record_vitals", "prescribe", "state: doses are per kg, so the consultation needs a weight"),
        ("add_clinical_note", "close_consult", "state: a consultation closes only with a clinical note"),
        ("list_procedures", "add_procedure", "id lookup: procedure code"),
        ("list_procedures", "estimate_cost", "id lookup: procedure code"),
        ("list_procedures", "record_consent", "id lookup: procedure code"),
        ("search_formulary", "prescribe", "id lookup: drug code"),
        ("search_formulary", "stock_batches", "id lookup: drug code"),
        ("stock_batches", "record_vaccination", "id lookup: vaccine batch number"),
        ("stock_batches", "dispose_stock", "id lookup: batch number"),
        ("prescribe", "dispense", "id create: prescription id"),
        ("witness_signoff", "dispense", "role: a second clinician witnesses controlled drugs"),
        ("witness_signoff", "dispose_stock", "role: a second clinician witnesses controlled-drug destruction"),
        ("list_lab_tests", "order_lab_test", "id lookup: test code"),
        ("order_lab_test", "record_lab_result", "id create: lab order id"),
        ("kennel_board", "admit_patient", "id lookup: a free kennel on the right ward"),
        ("admit_patient|kennel_board", "discharge_patient", "id lookup/create: admission id"),
        ("estimate_cost", "record_consent", "two values: the estimate (bare number) must be the current one"),
        ("record_consent", "book_surgery", "id create: consent id"),
        ("close_consult|find_invoices", "apply_discount", "id lookup/create: invoice id (nested, or list)"),
        ("close_consult|find_invoices", "take_payment", "two values: invoice id and its exact balance"),
        ("set_patient_alert", "clear_patient_alert", "no-op: only an alert that is set can be cleared"),
    ]
)

PLAUSIBLE = {
    ("get_patient", "estimate_cost"), ("get_patient", "record_consent"), ("search_formulary", "record_vaccination"),
    ("search_formulary", "dispose_stock"), ("start_consult", "dispense"), ("record_vitals", "dispense"),
    ("start_consult", "record_lab_result"), ("start_consult", "apply_discount"), ("start_consult", "take_payment"),
    ("add_clinical_note", "take_payment"), ("add_clinical_note", "apply_discount"), ("check_in", "record_vitals"),
    ("check_in", "close_consult"), ("check_in", "prescribe"), ("find_appointments", "record_vitals"),
    ("apply_discount", "take_payment"), ("dispense", "close_consult"),
    ("dispense", "take_payment"), ("add_procedure", "take_payment"), ("order_lab_test", "take_payment"),
    ("search_owners", "get_patient"), ("search_owners", "book_appointment"), ("search_owners", "set_patient_alert"),
    ("register_owner", "get_patient"), ("register_owner", "book_appointment"), ("register_owner", "record_vaccination"),
    ("search_owners", "record_vaccination"), ("search_owners", "admit_patient"), ("search_owners", "record_consent"),
    ("search_owners", "schedule_reminder"), ("search_owners", "clear_patient_alert"), ("list_clinicians", "book_appointment"),
    ("record_consent", "admit_patient"), ("book_surgery", "admit_patient"), ("find_appointments", "get_patient"),
    ("record_vaccination", "schedule_reminder"), ("get_patient", "schedule_reminder"), ("get_patient", "prescribe"),
    ("get_patient", "clear_patient_alert"), ("find_patients", "find_appointments"), ("microchip_lookup", "find_appointments"),
("find_patients", "start_consult"), ("witness_signoff", "close_consult"),
}
