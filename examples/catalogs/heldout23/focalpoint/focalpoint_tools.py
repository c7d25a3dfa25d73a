"""Focalpoint: the practice system of Hollis & Crane Opticians, Beverley (40 calls).

Sync functions over an in-memory ``State`` of the practice on Tuesday 9 July 2030 at 08:45. Reception
finds and registers patients, records their NHS eligibility, books sight tests and contact lens
appointments in the optometrists' diaries, checks patients in and runs the pre-tests (eye pressures
and visual fields), issues NHS optical vouchers, takes payments, receives spectacles back from the
glazing labs, texts and e-mails patients, and runs the monthly contact lens plans. The optometrists
examine the patients booked with them: refraction eye by eye, referrals, and the prescription issued
when the exam is completed; they also write contact lens specifications. The dispensing optician
takes spectacle orders on a prescription (frame, lenses, lens treatments, measurements, vouchers),
sends them to a lab, checks the finished spectacles against the prescription and fits them when the
patient collects. The manager may do everything but the clinical work. The frame catalogue, the lens
price list and the contact lens range are public.

The tools are plain ``def`` functions without a decorator; each checks its session through a helper.
Replies are dataclasses (a staff session, a notice, frames, a lens price list with its lenses and
treatments nested, contact lenses, patients, a patient record with its appointments, prescriptions,
orders and lens plans nested, free slots, appointments, an exam with its pre-tests and refraction
nested, a referral, a voucher, a spectacle order with its lines nested, a receipt, a lab job, a
collection, a message, a contact lens specification, a lens plan, a dispatch) and lists of them.
Every refusal is *raised* as the practice's own ``PracticeError`` (with a ``code``). Appointments,
exams, prescriptions and orders share a number (appointment ``AP-5518``, exam ``EX-5518``,
prescription ``RX-5518``, order ``OR-5518-1``, voucher ``GV-5518``, referral ``RF-5518``) beside lab
jobs ``LJ-30411`` and patients ``P-40817``; the steps a refraction is written in, the minus-cylinder
convention, Snellen acuities, recall intervals, the children's frame range, the lens index a strong
prescription needs, fitting heights, the deposit and the contact lens supply terms are stated only
in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
from dataclasses import dataclass, field
from enum import Enum
from typing import List, Literal, Optional

TODAY = "2030-07-09"
NOW = "08:45"
CLINIC_TIMES = tuple(f"{h:02d}:{m:02d}" for h in range(9, 17) for m in (0, 30))
SNELLEN = ("6/3", "6/4", "6/5", "6/6", "6/7.5", "6/9", "6/12", "6/18", "6/24", "6/36", "6/60")
VOUCHER_REASONS = ("under_16", "full_time_education", "income_support", "universal_credit")
VOUCHER_BANDS = (("A", 6.0, 2.0, 45.10), ("B", 10.0, 2.0, 68.40), ("C", 14.0, 6.0, 100.10), ("D", 99.0, 99.0, 225.70))
STRONG_RX = 5.0
DEPOSIT_SHARE = 0.5

Eye = Literal["right", "left"]
Kind = Literal["sight_test", "contact_lens", "follow_up"]
Funding = Literal["nhs", "private"]
Eligibility = Literal["under_16", "full_time_education", "over_60", "diabetes", "glaucoma", "income_support",
                      "universal_credit"]
Purpose = Literal["distance", "reading", "intermediate", "all_day"]
ReferTo = Literal["gp", "hospital_eye_service", "urgent_eye_clinic"]
Lab = Literal["norville", "rx_direct"]
PayMethod = Literal["card", "cash"]
Channel = Literal["sms", "email"]


class LensDesign(str, Enum):
    SINGLE_VISION = "single_vision"
    BIFOCAL = "bifocal"
    VARIFOCAL = "varifocal"
    OCCUPATIONAL = "occupational"


class PracticeError(Exception):
    """A refusal by the practice system, with a short ``code`` (``not_signed_in``, ``no_such_order``...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code

    def __str__(self) -> str:
        return f"[{self.code}] {self.args[0]}"


# --------------------------------------------------------------------------- replies


@dataclass
class StaffSession:
    token: str
    name: str
    role: str
    optometrist_id: Optional[str] = None


@dataclass
class Notice:
    message: str


@dataclass
class Frame:
    code: str
    brand: str
    model: str
    colour: str
    size: str
    range: str
    price: float
    in_stock: int


@dataclass
class LensOption:
    code: str
    index: float
    name: str
    single_vision: float
    bifocal: Optional[float]
    varifocal: float
    occupational: float


@dataclass
class Treatment:
    code: str
    name: str
    price: float


@dataclass
class LensPriceList:
    lenses: List[LensOption]
    treatments: List[Treatment]
    note: str


@dataclass
class ContactLens:
    code: str
    name: str
    replacement: str
    monthly_price: float
    toric: bool
    multifocal: bool


@dataclass
class PatientSummary:
    patient_id: str
    name: str
    date_of_birth: str
    phone: str
    postcode: Optional[str]


@dataclass
class Patient:
    patient_id: str
    name: str
    date_of_birth: str
    age: int
    phone: str
    email: Optional[str]
    postcode: Optional[str]
    nhs_eligibility: Optional[str]


@dataclass
class AppointmentRow:
    appointment_id: str
    day: str
    time: str
    patient_id: str
    patient: str
    optometrist_id: str
    kind: str
    funding: str
    status: str


@dataclass
class PrescriptionRow:
    prescription_id: str
    issued: str
    optometrist: str
    right: str
    left: str
    add: Optional[float]
    voucher_id: Optional[str]


@dataclass
class OrderRow:
    order_id: str
    prescription_id: str
    status: str
    total: float
    balance: float
    lab_job_id: Optional[str]


@dataclass
class PlanRow:
    plan_id: str
    lens: str
    supply_months: int
    status: str


@dataclass
class PatientRecord:
    patient: Patient
    appointments: List[AppointmentRow]
    prescriptions: List[PrescriptionRow]
    orders: List[OrderRow]
    lens_plans: List[PlanRow]


@dataclass
class Slot:
    day: str
    time: str
    optometrist_id: str
    optometrist: str


@dataclass
class Pretest:
    iop_right: Optional[float]
    iop_left: Optional[float]
    visual_fields: str
    notes: Optional[str]


@dataclass
class EyeRx:
    eye: str
    sphere: float
    cylinder: float
    axis: Optional[int]
    add: Optional[float]
    acuity: str


@dataclass
class Exam:
    exam_id: str
    appointment_id: str
    patient_id: str
    patient: str
    optometrist: str
    status: str
    pretest: Optional[Pretest]
    refraction: List[EyeRx]
    referrals: List[str]
    recall_months: Optional[int]
    prescription_id: Optional[str]


@dataclass
class Referral:
    referral_id: str
    exam_id: str
    patient: str
    to: str
    reason: str
    letter: str


@dataclass
class Voucher:
    voucher_id: str
    prescription_id: str
    patient: str
    reason: str
    band: str
    value: float
    status: str


@dataclass
class OrderLine:
    kind: str
    code: str
    description: str
    amount: float


@dataclass
class SpectacleOrder:
    order_id: str
    prescription_id: str
    patient_id: str
    patient: str
    purpose: str
    status: str
    frame: Optional[str]
    lens: Optional[str]
    design: Optional[str]
    treatments: List[str]
    pd: Optional[str]
    heights_mm: Optional[float]
    lines: List[OrderLine]
    total: float
    voucher_id: Optional[str]
    voucher_value: float
    paid: float
    balance: float
    lab_job_id: Optional[str]


@dataclass
class Receipt:
    receipt_id: str
    order_id: str
    amount: float
    method: str
    paid: float
    balance: float


@dataclass
class LabJob:
    lab_job_id: str
    order_id: str
    patient: str
    lab: str
    sent: str
    due: str
    status: str
    remakes: int
    notes: List[str]


@dataclass
class Collection:
    order_id: str
    patient: str
    collected_by: str
    fitted_by: str
    adjustments: str
    collected_on: str


@dataclass
class Message:
    message_id: str
    patient_id: str
    channel: str
    to: str
    text: str


@dataclass
class CLSpec:
    spec_id: str
    prescription_id: str
    patient: str
    lens: str
    power_right: float
    power_left: float
    monthly_price: float
    written_by: str


@dataclass
class LensPlan:
    plan_id: str
    spec_id: str
    patient: str
    lens: str
    supply_months: int
    monthly_payment: float
    mandate: str
    status: str


@dataclass
class Dispatch:
    dispatch_id: str
    plan_id: str
    patient: str
    boxes: int
    postcode: Optional[str]
    period: str


# --------------------------------------------------------------------------- state


class State:
    """Hollis & Crane Opticians, 14 Toll Gavel, Beverley, on Tuesday 9 July 2030 at 08:45."""

    def __init__(self) -> None:
        self.staff = {
            "amy.r": {"name": "Amy Rudd", "password": "Lorgnette-14", "role": "reception", "optom": None},
            "dev.p": {"name": "Dev Patel", "password": "Snellen-6-6", "role": "optometrist", "optom": "OM-1"},
            "ruth.k": {"name": "Ruth Kember", "password": "Tonometer-21", "role": "optometrist", "optom": "OM-2"},
            "lee.c": {"name": "Lee Crane", "password": "Focimeter-8", "role": "dispenser", "optom": None},
            "jan.h": {"name": "Janet Hollis", "password": "Bridge-Width-18", "role": "manager", "optom": None},
        }
        self.sessions = {}
        self.optometrists = {"OM-1": {"name": "Dev Patel", "days": (1, 2, 3)},
                             "OM-2": {"name": "Ruth Kember", "days": (0, 1, 4, 5)}}
        self.frames = {
            "FR-1021": {"brand": "Minster Eyewear", "model": "Toll Gavel", "colour": "tortoiseshell", "size": "52-18-145",
                        "range": "adult", "price": 95.0, "stock": 3},
            "FR-1034": {"brand": "Westwood", "model": "Rowan", "colour": "matt black", "size": "54-17-145",
                        "range": "adult", "price": 149.0, "stock": 2},
            "FR-1048": {"brand": "Westwood", "model": "Hazel", "colour": "rose gold", "size": "50-19-140",
                        "range": "adult", "price": 129.0, "stock": 0},
            "FR-2007": {"brand": "Little Owl", "model": "Pip", "colour": "cobalt blue", "size": "44-16-125",
                        "range": "child", "price": 39.0, "stock": 5},
            "FR-2011": {"brand": "Little Owl", "model": "Sprout", "colour": "leaf green", "size": "46-16-130",
                        "range": "child", "price": 39.0, "stock": 1},
            "FR-3002": {"brand": "Kestrel Titanium", "model": "Lark", "colour": "gunmetal rimless", "size": "53-18-140",
                        "range": "adult", "price": 219.0, "stock": 1},
        }
        self.lenses = {  # code: index, name, single vision, bifocal, varifocal, occupational
            "CR39-150": (1.50, "Standard plastic", 40.0, 90.0, 180.0, 150.0),
            "PC-159": (1.59, "Polycarbonate, impact resistant", 60.0, 110.0, 210.0, 170.0),
            "MR8-160": (1.60, "Thin and light", 80.0, 130.0, 240.0, 190.0),
            "MR7-167": (1.67, "Extra thin", 120.0, 170.0, 290.0, 230.0),
            "MR174-174": (1.74, "Ultra thin", 190.0, None, 360.0, 300.0),
        }
        self.treatments = {"AR": ("Anti-reflection coating", 35.0), "BLUE": ("Blue-light filter", 30.0),
                           "HARD": ("Scratch-resistant hard coat", 15.0), "PHOTO": ("Photochromic (reacts to light)", 70.0),
                           "TINT": ("Solid sun tint", 25.0)}
        self.contact_lenses = {
            "CL-DAY1": ("Aquaclear 1-Day", "daily", 32.0, False, False),
            "CL-DAYT": ("Aquaclear 1-Day Toric", "daily", 42.0, True, False),
            "CL-MON": ("Siloxa Monthly", "monthly", 18.0, False, False),
            "CL-MONM": ("Siloxa Monthly Multifocal", "monthly", 28.0, False, True),
        }
        self.patients = {
            "P-40817": {"name": "Mrs Margaret Ellison", "dob": "1948-03-02", "phone": "07700 900817", "email": None,
                        "postcode": "HU17 0DL", "eligibility": "over_60", "diabetic": False},
            "P-40822": {"name": "Mr Thomas Byrne", "dob": "1979-11-20", "phone": "07700 900822",
                        "email": "tom.byrne@mail.example", "postcode": "HU17 9PL", "eligibility": None, "diabetic": False},
            "P-40835": {"name": "Miss Chloe Adebayo", "dob": "2016-05-14", "phone": "07700 900835", "email": None,
                        "postcode": "HU17 7AX", "eligibility": "under_16", "diabetic": False},
            "P-40851": {"name": "Mr Harold Quinn", "dob": "1951-08-30", "phone": "01482 861203", "email": None,
                        "postcode": "HU17 8BB", "eligibility": "over_60", "diabetic": False},
            "P-40863": {"name": "Ms Priya Nair", "dob": "1990-01-27", "phone": "07700 900863",
                        "email": "priya.nair@mail.example", "postcode": "HU17 0RT", "eligibility": None,
                        "diabetic": False},
        }

        def appt(patient, day, time, optom, kind, funding, status="booked"):
            return {"patient": patient, "day": day, "time": time, "optom": optom, "kind": kind, "funding": funding,
                    "status": status, "pretest": None, "exam": None}

        self.appointments = {
            "AP-5490": appt("P-40822", "2030-06-28", "10:00", "OM-2", "sight_test", "private", "seen"),
            "AP-5518": appt("P-40817", TODAY, "09:30", "OM-1", "sight_test", "nhs"),
            "AP-5519": appt("P-40822", TODAY, "11:00", "OM-2", "follow_up", "private"),
            "AP-5520": appt("P-40863", TODAY, "14:00", "OM-2", "contact_lens", "private"),
        }
        self.exams = {}

        def rx(patient, issued, optom, right, left, add=None):
            return {"patient": patient, "issued": issued, "optom": optom, "right": right, "left": left, "add": add,
                    "voucher": None}

        self.prescriptions = {
            "RX-5318": rx("P-40817", "2028-06-30", "OM-1", (1.75, -0.50, 170), (2.00, -0.50, 5), 2.25),
            "RX-5461": rx("P-40863", "2030-06-11", "OM-2", (-2.75, -0.25, 180), (-3.00, -0.50, 170)),
            "RX-5470": rx("P-40835", "2030-06-25", "OM-2", (1.50, -0.50, 90), (1.75, -0.50, 90)),
            "RX-5476": rx("P-40851", "2030-06-26", "OM-1", (0.75, -1.00, 95), (1.00, -0.75, 80), 2.50),
            "RX-5490": rx("P-40822", "2030-06-28", "OM-2", (-1.25, 0.0, None), (-1.50, -0.25, 180)),
        }
        self.vouchers = {}
        self.referrals = {}

        def order(rx_id, patient, purpose, status, frame=None, lens=None, design=None, treatments=(), pd=None,
                  heights=None, paid=0.0, lab=None):
            return {"rx": rx_id, "patient": patient, "purpose": purpose, "status": status, "frame": frame, "lens": lens,
                    "design": design, "treatments": list(treatments), "pd": pd, "heights": heights, "voucher": None,
                    "paid": paid, "lab": lab, "notes": []}

        self.orders = {
            "OR-5476-1": order("RX-5476", "P-40851", "all_day", "verified", "FR-1021", "CR39-150", "varifocal", ["AR"],
                               (31.0, 31.5), 19.0, 165.0, "LJ-30402"),
            "OR-5490-1": order("RX-5490", "P-40822", "distance", "at_lab", "FR-1034", "MR8-160", "single_vision", ["AR"],
                               (32.0, 32.0), None, 264.0, "LJ-30411"),
            "OR-5461-1": order("RX-5461", "P-40863", "distance", "draft", "FR-3002"),
        }
        self.lab_jobs = {
            "LJ-30402": {"order": "OR-5476-1", "lab": "norville", "sent": "2030-06-26", "due": "2030-07-05",
                         "status": "verified", "remakes": 0, "notes": ["Checked against RX-5476: within tolerance"]},
            "LJ-30411": {"order": "OR-5490-1", "lab": "rx_direct", "sent": "2030-06-29", "due": "2030-07-09",
                         "status": "at_lab", "remakes": 0, "notes": []},
        }
        self.receipts = {}
        self.collections = {}
        self.messages = []
        self.specs = {}
        self.plans = {}
        self.dispatches = {}
        self.counters = {"session": 1, "patient": 40870, "appointment": 5521, "lab": 30417, "receipt": 8801,
                         "message": 611, "plan": 931, "dispatch": 2201}


# --------------------------------------------------------------------------- helpers


def _staff(state: State, token: str, *roles: str, clinical: bool = False) -> dict:
    who = state.sessions.get(token)
    if who is None:
        raise PracticeError("not_signed_in", "No session for that token; sign in again.")
    if clinical and who["role"] != "optometrist":
        raise PracticeError("clinical_only", f"{who['name']} is not an optometrist; only an optometrist may do this.")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise PracticeError("role", f"{who['name']} is signed in as {who['role']}; this is for {' or '.join(roles)}.")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise PracticeError("bad_date", f"{text!r} is not a date (YYYY-MM-DD).") from None


def _age(dob: str, on: str = TODAY) -> int:
    b, d = datetime.date.fromisoformat(dob), datetime.date.fromisoformat(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _patient(state: State, patient_id: str) -> dict:
    p = state.patients.get(patient_id)
    if p is None:
        raise PracticeError("no_such_patient", f"No patient {patient_id}.")
    return p


def _appointment(state: State, appointment_id: str) -> dict:
    a = state.appointments.get(appointment_id)
    if a is None:
        raise PracticeError("no_such_appointment", f"No appointment {appointment_id}.")
    return a


def _exam(state: State, exam_id: str) -> dict:
    e = state.exams.get(exam_id)
    if e is None:
        raise PracticeError("no_such_exam", f"No exam {exam_id}.")
    return e


def _prescription(state: State, prescription_id: str) -> dict:
    r = state.prescriptions.get(prescription_id)
    if r is None:
        raise PracticeError("no_such_prescription", f"No prescription {prescription_id}.")
    return r


def _order(state: State, order_id: str) -> dict:
    o = state.orders.get(order_id)
    if o is None:
        raise PracticeError("no_such_order", f"No spectacle order {order_id}.")
    return o


def _lab_job(state: State, lab_job_id: str) -> dict:
    j = state.lab_jobs.get(lab_job_id)
    if j is None:
        raise PracticeError("no_such_lab_job", f"No lab job {lab_job_id}.")
    return j


def _draft(o: dict, order_id: str) -> None:
    if o["status"] != "draft":
        raise PracticeError("order_not_draft", f"Order {order_id} is {o['status'].replace('_', ' ')}; it can only change while it is a draft.")


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _rx_text(eye: tuple) -> str:
    sph, cyl, axis = eye
    return f"{sph:+.2f} / {cyl:+.2f} x {axis}" if cyl else f"{sph:+.2f} DS"


def _patient_reply(state: State, patient_id: str) -> Patient:
    p = state.patients[patient_id]
    return Patient(patient_id=patient_id, name=p["name"], date_of_birth=p["dob"], age=_age(p["dob"]), phone=p["phone"],
                   email=p["email"], postcode=p["postcode"], nhs_eligibility=p["eligibility"])


def _appointment_row(state: State, appointment_id: str) -> AppointmentRow:
    a = state.appointments[appointment_id]
    return AppointmentRow(appointment_id=appointment_id, day=a["day"], time=a["time"], patient_id=a["patient"],
                          patient=state.patients[a["patient"]]["name"], optometrist_id=a["optom"], kind=a["kind"],
                          funding=a["funding"], status=a["status"])


def _exam_reply(state: State, exam_id: str) -> Exam:
    e = state.exams[exam_id]
    a = state.appointments[e["appointment"]]
    pt = a["pretest"]
    pretest = None if pt is None else Pretest(iop_right=pt["iop"][0], iop_left=pt["iop"][1],
                                              visual_fields=pt["fields"], notes=pt["notes"])
    refraction = [EyeRx(eye=eye, sphere=r[0], cylinder=r[1], axis=r[2], add=r[3], acuity=r[4])
                  for eye, r in sorted(e["refraction"].items(), key=lambda kv: kv[0] != "right")]
    return Exam(exam_id=exam_id, appointment_id=e["appointment"], patient_id=a["patient"],
                patient=state.patients[a["patient"]]["name"], optometrist=state.optometrists[a["optom"]]["name"],
                status=e["status"], pretest=pretest, refraction=refraction, referrals=list(e["referrals"]),
                recall_months=e["recall"], prescription_id=e["rx"])


def _lens_price(state: State, lens: str, design: str) -> float:
    row = state.lenses[lens]
    return {"single_vision": row[2], "bifocal": row[3], "varifocal": row[4], "occupational": row[5]}[design]


def _lines(state: State, o: dict) -> List[OrderLine]:
    lines = []
    if o["frame"]:
        f = state.frames[o["frame"]]
        lines.append(OrderLine("frame", o["frame"], f"{f['brand']} {f['model']}, {f['colour']}", f["price"]))
    if o["lens"]:
        lines.append(OrderLine("lenses", o["lens"], f"{state.lenses[o['lens']][1]} {o['design'].replace('_', ' ')}, pair",
                               _lens_price(state, o["lens"], o["design"])))
    for code in o["treatments"]:
        lines.append(OrderLine("treatment", code, state.treatments[code][0], state.treatments[code][1]))
    return lines


def _totals(state: State, o: dict) -> tuple:
    total = _money(sum(ln.amount for ln in _lines(state, o)))
    voucher = state.vouchers[o["voucher"]]["value"] if o["voucher"] else 0.0
    due = _money(max(total - voucher, 0.0))
    return total, voucher, _money(due - o["paid"])


def _order_reply(state: State, order_id: str) -> SpectacleOrder:
    o = state.orders[order_id]
    total, voucher, balance = _totals(state, o)
    pd = None if o["pd"] is None else f"{o['pd'][0]:.1f}/{o['pd'][1]:.1f}"
    return SpectacleOrder(order_id=order_id, prescription_id=o["rx"], patient_id=o["patient"],
                          patient=state.patients[o["patient"]]["name"], purpose=o["purpose"], status=o["status"],
                          frame=o["frame"], lens=o["lens"], design=o["design"], treatments=list(o["treatments"]), pd=pd,
                          heights_mm=o["heights"], lines=_lines(state, o), total=total, voucher_id=o["voucher"],
                          voucher_value=voucher, paid=o["paid"], balance=balance, lab_job_id=o["lab"])


def _lab_reply(state: State, lab_job_id: str) -> LabJob:
    j = state.lab_jobs[lab_job_id]
    o = state.orders[j["order"]]
    return LabJob(lab_job_id=lab_job_id, order_id=j["order"], patient=state.patients[o["patient"]]["name"],
                  lab=j["lab"], sent=j["sent"], due=j["due"], status=j["status"], remakes=j["remakes"],
                  notes=list(j["notes"]))


def _quarter(value: float, what: str) -> None:
    if abs(value * 4 - round(value * 4)) > 1e-6:
        raise PracticeError("bad_power", f"{what} {value} is not in quarter-dioptre steps (0.25).")


# --------------------------------------------------------------------------- sign-in and public lists


def sign_in(state: State, username: str, password: str) -> StaffSession:
    """Sign in to the practice system.

    Parameters
    ----------
    username : str
        The staff user name, such as ``amy.r``.
    password : str
        The password.

    Returns
    -------
    StaffSession
        The session: its ``token`` (which every other call takes), the role (reception, optometrist,
        dispenser or manager) and, for an optometrist, the optometrist id.

    Raises
    ------
    PracticeError
        The user name or password is wrong.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise PracticeError("sign_in_failed", "Wrong user name or password.")
    token = f"hc{_next(state, 'session'):03d}-{username.split('.')[0]}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"], "optom": user["optom"]}
    return StaffSession(token=token, name=user["name"], role=user["role"], optometrist_id=user["optom"])


def sign_out(state: State, token: str) -> Notice:
    """Sign out and end the session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    Notice
        A short notice.

    Raises
    ------
    PracticeError
        Not signed in.
    """
    who = _staff(state, token)
    del state.sessions[token]
    return Notice(message=f"{who['name']} signed out.")


def frame_catalogue(state: State, range: Optional[Literal["adult", "child"]] = None,
                    max_price: Optional[float] = None) -> List[Frame]:
    """The frames on the practice's walls and on its website (public, no sign-in).

    Parameters
    ----------
    range : {"adult", "child"}, optional
        Only the adult or only the children's range.
    max_price : float, optional
        Only frames at or below this price, in pounds.

    Returns
    -------
    list of Frame
        The frames by code, with size (eye-bridge-side), price and how many are in stock.
    """
    out = []
    for code, f in sorted(state.frames.items()):
        if range is not None and f["range"] != range:
            continue
        if max_price is not None and f["price"] > max_price:
            continue
        out.append(Frame(code=code, brand=f["brand"], model=f["model"], colour=f["colour"], size=f["size"],
                         range=f["range"], price=f["price"], in_stock=f["stock"]))
    return out


def lens_price_list(state: State) -> LensPriceList:
    """The spectacle lens price list (public, no sign-in).

    Returns
    -------
    LensPriceList
        ``lenses``: each lens by code and index, with the price of a pair in each design (single vision,
        bifocal, varifocal, occupational; ``None`` where the lens is not made in that design), thinnest
        last; ``treatments``: coatings and tints by code, with the price for a pair.
    """
    lenses = [LensOption(code=code, index=row[0], name=row[1], single_vision=row[2], bifocal=row[3],
                         varifocal=row[4], occupational=row[5])
              for code, row in sorted(state.lenses.items(), key=lambda kv: kv[1][0])]
    treatments = [Treatment(code=code, name=name, price=price) for code, (name, price) in sorted(state.treatments.items())]
    return LensPriceList(lenses=lenses, treatments=treatments,
                         note="Prices are for a pair of lenses glazed into a frame from the practice.")


def contact_lens_range(state: State) -> List[ContactLens]:
    """The contact lenses the practice fits and supplies on a monthly plan (public, no sign-in).

    Returns
    -------
    list of ContactLens
        The lenses by code, with replacement schedule, the monthly plan price and whether the lens
        corrects astigmatism (toric) or is multifocal.
    """
    return [ContactLens(code=code, name=row[0], replacement=row[1], monthly_price=row[2], toric=row[3], multifocal=row[4])
            for code, row in sorted(state.contact_lenses.items())]


# --------------------------------------------------------------------------- patients


def find_patient(state: State, token: str, query: str) -> List[PatientSummary]:
    """Search the practice's patients.

    Parameters
    ----------
    token : str
        The session token.
    query : str
        Part of a name, a phone number, a postcode or a date of birth (YYYY-MM-DD).

    Returns
    -------
    list of PatientSummary
        The matching patients, by patient id.

    Raises
    ------
    PracticeError
        Not signed in.
    """
    _staff(state, token)
    q = query.strip().lower()
    squeezed = q.replace(" ", "")
    out = []
    for pid, p in sorted(state.patients.items()):
        hay = [p["name"].lower(), p["dob"], p["phone"].replace(" ", ""), (p["postcode"] or "").lower().replace(" ", "")]
        if q and (q in hay[0] or squeezed == hay[1] or (len(squeezed) >= 6 and squeezed in hay[2])
                  or (len(squeezed) >= 5 and squeezed == hay[3])):
            out.append(PatientSummary(patient_id=pid, name=p["name"], date_of_birth=p["dob"], phone=p["phone"],
                                      postcode=p["postcode"]))
    return out


def register_patient(state: State, token: str, name: str, date_of_birth: str, phone: str,
                     email: Optional[str] = None, postcode: Optional[str] = None) -> Patient:
    """Register a new patient with the practice.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        The patient's name, with title.
    date_of_birth : str
        Their date of birth (YYYY-MM-DD).
    phone : str
        A phone number (for a child, a parent's).
    email : str, optional
        An e-mail address.
    postcode : str, optional
        Their postcode.

    Returns
    -------
    Patient
        The new patient with their patient id.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, a bad date, or the patient is already registered.
    """
    _staff(state, token, "reception")
    dob = _day(date_of_birth)
    if dob.isoformat() >= TODAY:
        raise PracticeError("bad_date", "A date of birth must be in the past.")
    for pid, p in state.patients.items():
        if p["name"].lower() == name.strip().lower() and p["dob"] == dob.isoformat():
            raise PracticeError("duplicate_patient", f"{p['name']} is already registered as {pid}.")
    if email is not None and "@" not in email:
        raise PracticeError("bad_email", f"{email!r} is not an e-mail address.")
    pid = f"P-{_next(state, 'patient')}"
    state.patients[pid] = {"name": name.strip(), "dob": dob.isoformat(), "phone": phone.strip(),
                           "email": email.strip() if email else None,
                           "postcode": postcode.strip().upper() if postcode else None, "eligibility": None,
                           "diabetic": False}
    return _patient_reply(state, pid)


def update_patient(state: State, token: str, patient_id: str, phone: Optional[str] = None,
                   email: Optional[str] = None, postcode: Optional[str] = None) -> Patient:
    """Change a patient's phone number, e-mail address or postcode.

    Parameters
    ----------
    token : str
        The session token.
    patient_id : str
        The patient (``P-.....``).
    phone : str, optional
        A new phone number.
    email : str, optional
        A new e-mail address.
    postcode : str, optional
        A new postcode.

    Returns
    -------
    Patient
        The patient as now recorded.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such patient, or nothing would change.
    """
    _staff(state, token, "reception", "dispenser")
    p = _patient(state, patient_id)
    changes = {}
    if phone is not None and phone.strip() != p["phone"]:
        changes["phone"] = phone.strip()
    if email is not None and email.strip() != p["email"]:
        if "@" not in email:
            raise PracticeError("bad_email", f"{email!r} is not an e-mail address.")
        changes["email"] = email.strip()
    if postcode is not None and postcode.strip().upper() != p["postcode"]:
        changes["postcode"] = postcode.strip().upper()
    if not changes:
        raise PracticeError("no_change", f"Nothing to change for {p['name']}: those details are already on file.")
    p.update(changes)
    return _patient_reply(state, patient_id)


def record_nhs_eligibility(state: State, token: str, patient_id: str, reason: Eligibility, evidence: str) -> Patient:
    """Record why a patient is entitled to an NHS sight test (and, for some reasons, optical vouchers).

    Parameters
    ----------
    token : str
        The session token.
    patient_id : str
        The patient (``P-.....``).
    reason : {"under_16", "full_time_education", "over_60", "diabetes", "glaucoma", "income_support", "universal_credit"}
        The ground of eligibility on the GOS1 form.
    evidence : str
        What was seen (a birth certificate, an award letter...).

    Returns
    -------
    Patient
        The patient with the eligibility recorded.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such patient, the patient's age does not fit the reason, or the
        same reason is already recorded.
    """
    _staff(state, token, "reception")
    p = _patient(state, patient_id)
    age = _age(p["dob"])
    if reason == "under_16" and age >= 16:
        raise PracticeError("not_eligible", f"{p['name']} is {age}; under_16 is for patients under 16.")
    if reason == "full_time_education" and not 16 <= age <= 18:
        raise PracticeError("not_eligible", f"{p['name']} is {age}; full-time education covers ages 16 to 18.")
    if reason == "over_60" and age < 60:
        raise PracticeError("not_eligible", f"{p['name']} is {age}; over_60 is for patients aged 60 or more.")
    if not evidence.strip():
        raise PracticeError("no_evidence", "Say what evidence of eligibility was seen.")
    if p["eligibility"] == reason:
        raise PracticeError("no_change", f"{p['name']} is already recorded as eligible ({reason}).")
    p["eligibility"] = reason
    p["diabetic"] = p["diabetic"] or reason == "diabetes"
    return _patient_reply(state, patient_id)


def patient_record(state: State, token: str, patient_id: str) -> PatientRecord:
    """A patient's whole record: details, appointments, prescriptions, spectacle orders and lens plans.

    Parameters
    ----------
    token : str
        The session token.
    patient_id : str
        The patient (``P-.....``).

    Returns
    -------
    PatientRecord
        The patient, with their appointments, prescriptions (newest first), spectacle orders and
        contact lens plans nested.

    Raises
    ------
    PracticeError
        Not signed in or no such patient.
    """
    _staff(state, token)
    _patient(state, patient_id)
    appts = [_appointment_row(state, aid) for aid, a in sorted(state.appointments.items()) if a["patient"] == patient_id]
    rxs = []
    for rid, r in sorted(state.prescriptions.items(), key=lambda kv: kv[1]["issued"], reverse=True):
        if r["patient"] == patient_id:
            rxs.append(PrescriptionRow(prescription_id=rid, issued=r["issued"],
                                       optometrist=state.optometrists[r["optom"]]["name"], right=_rx_text(r["right"]),
                                       left=_rx_text(r["left"]), add=r["add"], voucher_id=r["voucher"]))
    orders = []
    for oid, o in sorted(state.orders.items()):
        if o["patient"] == patient_id:
            total, _, balance = _totals(state, o)
            orders.append(OrderRow(order_id=oid, prescription_id=o["rx"], status=o["status"], total=total,
                                   balance=balance, lab_job_id=o["lab"]))
    plans = [PlanRow(plan_id=lid, lens=pl["lens"], supply_months=pl["months"], status=pl["status"])
             for lid, pl in sorted(state.plans.items()) if pl["patient"] == patient_id]
    return PatientRecord(patient=_patient_reply(state, patient_id), appointments=appts, prescriptions=rxs,
                         orders=orders, lens_plans=plans)


# --------------------------------------------------------------------------- the diary


def free_slots(state: State, token: str, day: str, optometrist_id: Optional[str] = None) -> List[Slot]:
    """The free half-hour appointment slots on a day.

    Parameters
    ----------
    token : str
        The session token.
    day : str
        The day (YYYY-MM-DD).
    optometrist_id : str, optional
        Only this optometrist's slots (``OM-1``, ``OM-2``).

    Returns
    -------
    list of Slot
        The free slots by time, then optometrist; an optometrist who does not work that day has none.

    Raises
    ------
    PracticeError
        Not signed in, a bad date, or no such optometrist.
    """
    _staff(state, token)
    d = _day(day)
    if optometrist_id is not None and optometrist_id not in state.optometrists:
        raise PracticeError("no_such_optometrist", f"No optometrist {optometrist_id}.")
    taken = {(a["optom"], a["time"]) for a in state.appointments.values()
             if a["day"] == d.isoformat() and a["status"] != "cancelled"}
    out = []
    for time in CLINIC_TIMES:
        if d.isoformat() < TODAY or (d.isoformat() == TODAY and time <= NOW):
            continue
        for oid, om in sorted(state.optometrists.items()):
            if (optometrist_id in (None, oid)) and d.weekday() in om["days"] and (oid, time) not in taken:
                out.append(Slot(day=d.isoformat(), time=time, optometrist_id=oid, optometrist=om["name"]))
    return out


def book_appointment(state: State, token: str, patient_id: str, day: str, time: str, optometrist_id: str,
                     kind: Kind, funding: Funding) -> AppointmentRow:
    """Book a patient into an optometrist's diary.

    Parameters
    ----------
    token : str
        The session token.
    patient_id : str
        The patient (``P-.....``).
    day : str
        The day (YYYY-MM-DD).
    time : str
        A free slot's start time (HH:MM).
    optometrist_id : str
        The optometrist whose slot it is.
    kind : {"sight_test", "contact_lens", "follow_up"}
        The appointment.
    funding : {"nhs", "private"}
        NHS (a GOS sight test) or private.

    Returns
    -------
    AppointmentRow
        The appointment with its id.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such patient or optometrist, the slot is not free, NHS funding
        without recorded eligibility, or the patient already has an appointment that day.
    """
    _staff(state, token, "reception")
    p = _patient(state, patient_id)
    d = _day(day).isoformat()
    if optometrist_id not in state.optometrists:
        raise PracticeError("no_such_optometrist", f"No optometrist {optometrist_id}.")
    free = {(s.time, s.optometrist_id) for s in free_slots(state, token, d, optometrist_id)}
    if (time, optometrist_id) not in free:
        raise PracticeError("slot_not_free", f"{time} on {d} is not a free slot for {optometrist_id}.")
    if funding == "nhs":
        if kind == "contact_lens":
            raise PracticeError("not_nhs", "Contact lens appointments are private.")
        if p["eligibility"] is None:
            raise PracticeError("not_eligible", f"{p['name']} has no NHS eligibility recorded; book privately or record it first.")
    for a in state.appointments.values():
        if a["patient"] == patient_id and a["day"] == d and a["status"] in ("booked", "arrived"):
            raise PracticeError("already_booked", f"{p['name']} already has an appointment on {d}.")
    aid = f"AP-{_next(state, 'appointment')}"
    state.appointments[aid] = {"patient": patient_id, "day": d, "time": time, "optom": optometrist_id, "kind": kind,
                               "funding": funding, "status": "booked", "pretest": None, "exam": None}
    return _appointment_row(state, aid)


def cancel_appointment(state: State, token: str, appointment_id: str, reason: str) -> AppointmentRow:
    """Cancel a booked appointment.

    Parameters
    ----------
    token : str
        The session token.
    appointment_id : str
        The appointment (``AP-....``).
    reason : str
        Why it is cancelled.

    Returns
    -------
    AppointmentRow
        The appointment, now cancelled.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such appointment, or it is not booked (arrived, seen or cancelled).
    """
    _staff(state, token, "reception")
    a = _appointment(state, appointment_id)
    if a["status"] != "booked":
        raise PracticeError("not_booked", f"Appointment {appointment_id} is {a['status']}; only a booked one can be cancelled.")
    if not reason.strip():
        raise PracticeError("no_reason", "Give a reason for the cancellation.")
    a["status"] = "cancelled"
    a["reason"] = reason.strip()
    return _appointment_row(state, appointment_id)


def day_list(state: State, token: str, day: Optional[str] = None, optometrist_id: Optional[str] = None) -> List[AppointmentRow]:
    """The appointments on a day.

    Parameters
    ----------
    token : str
        The session token.
    day : str, optional
        The day (YYYY-MM-DD); today when omitted.
    optometrist_id : str, optional
        Only this optometrist's appointments.

    Returns
    -------
    list of AppointmentRow
        The day's appointments by time (cancelled ones included).

    Raises
    ------
    PracticeError
        Not signed in or a bad date.
    """
    _staff(state, token)
    d = _day(day).isoformat() if day else TODAY
    rows = [_appointment_row(state, aid) for aid, a in state.appointments.items()
            if a["day"] == d and optometrist_id in (None, a["optom"])]
    return sorted(rows, key=lambda r: (r.time, r.optometrist_id))


def check_in(state: State, token: str, appointment_id: str) -> AppointmentRow:
    """Check a patient in for today's appointment.

    Parameters
    ----------
    token : str
        The session token.
    appointment_id : str
        The appointment (``AP-....``).

    Returns
    -------
    AppointmentRow
        The appointment, the patient now arrived.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such appointment, it is not today, or it is not booked.
    """
    _staff(state, token, "reception")
    a = _appointment(state, appointment_id)
    if a["day"] != TODAY:
        raise PracticeError("not_today", f"Appointment {appointment_id} is on {a['day']}, not today.")
    if a["status"] != "booked":
        raise PracticeError("not_booked", f"Appointment {appointment_id} is {a['status']}.")
    a["status"] = "arrived"
    return _appointment_row(state, appointment_id)


def record_pretest(state: State, token: str, appointment_id: str, visual_fields: Literal["full", "defect", "not_done"],
                   iop_right: Optional[float] = None, iop_left: Optional[float] = None,
                   notes: Optional[str] = None) -> AppointmentRow:
    """Record the pre-tests done before the exam: eye pressures (non-contact tonometry) and visual fields.

    Parameters
    ----------
    token : str
        The session token.
    appointment_id : str
        The appointment (``AP-....``), the patient arrived.
    visual_fields : {"full", "defect", "not_done"}
        The visual field screening result.
    iop_right : float, optional
        Right eye pressure in mmHg.
    iop_left : float, optional
        Left eye pressure in mmHg.
    notes : str, optional
        Anything the optometrist should know.

    Returns
    -------
    AppointmentRow
        The appointment.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such appointment, the patient has not arrived, pressures
        missing or out of range, or the pre-tests are already recorded.
    """
    _staff(state, token, "reception")
    a = _appointment(state, appointment_id)
    if a["status"] != "arrived":
        raise PracticeError("not_arrived", f"The patient for {appointment_id} has not arrived (the appointment is {a['status']}).")
    if a["pretest"] is not None:
        raise PracticeError("no_change", f"Pre-tests for {appointment_id} are already recorded.")
    age = _age(state.patients[a["patient"]]["dob"])
    if age >= 40 and (iop_right is None or iop_left is None):
        raise PracticeError("pressures_needed", "Pressures are measured for every patient aged 40 and over; give both eyes.")
    for iop in (iop_right, iop_left):
        if iop is not None and not 5.0 <= iop <= 60.0:
            raise PracticeError("bad_pressure", f"{iop} mmHg is not a pressure the tonometer reads (5-60).")
    a["pretest"] = {"iop": (iop_right, iop_left), "fields": visual_fields, "notes": notes}
    return _appointment_row(state, appointment_id)


# --------------------------------------------------------------------------- the exam


def start_exam(state: State, token: str, appointment_id: str) -> Exam:
    """Take the arrived patient into the consulting room and open the exam.

    Parameters
    ----------
    token : str
        The session token of the optometrist the appointment is booked with.
    appointment_id : str
        The appointment (``AP-....``).

    Returns
    -------
    Exam
        The exam, in progress, with its exam id.

    Raises
    ------
    PracticeError
        Not signed in, not an optometrist, the appointment is with another optometrist, no such
        appointment, or the patient has not arrived.
    """
    who = _staff(state, token, clinical=True)
    a = _appointment(state, appointment_id)
    if a["optom"] != who["optom"]:
        raise PracticeError("not_your_patient", f"{appointment_id} is booked with {state.optometrists[a['optom']]['name']}.")
    if a["status"] != "arrived":
        raise PracticeError("not_arrived", f"The patient for {appointment_id} has not arrived (the appointment is {a['status']}).")
    exam_id = "EX-" + appointment_id.split("-")[1]
    a["status"] = "in_exam"
    a["exam"] = exam_id
    state.exams[exam_id] = {"appointment": appointment_id, "status": "in_progress", "refraction": {}, "referrals": [],
                            "recall": None, "rx": None}
    return _exam_reply(state, exam_id)


def record_refraction(state: State, token: str, exam_id: str, eye: Eye, sphere: float, cylinder: float,
                      axis: Optional[int] = None, add: Optional[float] = None, acuity: str = "6/6") -> Exam:
    """Record the subjective refraction result for one eye.

    Parameters
    ----------
    token : str
        The session token of the examining optometrist.
    exam_id : str
        The exam (``EX-....``), in progress.
    eye : {"right", "left"}
        The eye.
    sphere : float
        Sphere in dioptres (``-1.25``).
    cylinder : float
        Cylinder in dioptres (``0`` for none).
    axis : int, optional
        Cylinder axis in degrees, when there is a cylinder.
    add : float, optional
        The reading addition, for a near prescription.
    acuity : str
        Best corrected acuity (``6/6``).

    Returns
    -------
    Exam
        The exam with the eye's result.

    Raises
    ------
    PracticeError
        Not signed in, not the examining optometrist, no such exam, the exam is not in progress, a
        value the practice does not record, or the same result is already recorded.
    """
    who = _staff(state, token, clinical=True)
    e = _exam(state, exam_id)
    a = state.appointments[e["appointment"]]
    if a["optom"] != who["optom"]:
        raise PracticeError("not_your_patient", f"{exam_id} is {state.optometrists[a['optom']]['name']}'s exam.")
    if e["status"] != "in_progress":
        raise PracticeError("exam_closed", f"Exam {exam_id} is {e['status']}.")
    _quarter(sphere, "Sphere")
    _quarter(cylinder, "Cylinder")
    if cylinder > 0:
        raise PracticeError("plus_cylinder", "The practice records cylinders in minus form; transpose the prescription.")
    if cylinder != 0 and (axis is None or not 1 <= axis <= 180):
        raise PracticeError("bad_axis", "A cylinder needs an axis from 1 to 180 degrees.")
    if cylinder == 0:
        axis = None
    if add is not None:
        _quarter(add, "Add")
        if not 0.75 <= add <= 3.50:
            raise PracticeError("bad_add", f"An add of {add} is outside +0.75 to +3.50.")
    if acuity not in SNELLEN:
        raise PracticeError("bad_acuity", f"{acuity!r} is not a Snellen acuity; use one of {', '.join(SNELLEN)}.")
    result = (sphere, cylinder, axis, add, acuity)
    if e["refraction"].get(eye) == result:
        raise PracticeError("no_change", f"That result is already recorded for the {eye} eye.")
    e["refraction"][eye] = result
    return _exam_reply(state, exam_id)


def refer_patient(state: State, token: str, exam_id: str, to: ReferTo, reason: str) -> Referral:
    """Write a referral letter from an exam.

    Parameters
    ----------
    token : str
        The session token of the examining optometrist.
    exam_id : str
        The exam (``EX-....``), in progress or completed.
    to : {"gp", "hospital_eye_service", "urgent_eye_clinic"}
        Where the patient is referred.
    reason : str
        The findings and why.

    Returns
    -------
    Referral
        The referral with its id and the letter's text.

    Raises
    ------
    PracticeError
        Not signed in, not the examining optometrist, no such exam, no reason, or the patient is
        already referred there from this exam.
    """
    who = _staff(state, token, clinical=True)
    e = _exam(state, exam_id)
    a = state.appointments[e["appointment"]]
    if a["optom"] != who["optom"]:
        raise PracticeError("not_your_patient", f"{exam_id} is {state.optometrists[a['optom']]['name']}'s exam.")
    if not reason.strip():
        raise PracticeError("no_reason", "A referral needs the findings.")
    if to in e["referrals"]:
        raise PracticeError("no_change", f"The patient is already referred to {to.replace('_', ' ')} from {exam_id}.")
    e["referrals"].append(to)
    rid = "RF-" + exam_id.split("-")[1] + ("" if len(e["referrals"]) == 1 else f"-{len(e['referrals'])}")
    p = state.patients[a["patient"]]
    letter = (f"Dear colleague, I examined {p['name']} (born {p['dob']}) today and would be grateful if you would "
              f"see them: {reason.strip()} Yours, {who['name']}, Hollis & Crane Opticians.")
    state.referrals[rid] = {"exam": exam_id, "to": to, "reason": reason.strip()}
    return Referral(referral_id=rid, exam_id=exam_id, patient=p["name"], to=to, reason=reason.strip(), letter=letter)


def complete_exam(state: State, token: str, exam_id: str, recall_months: int, notes: str) -> Exam:
    """Complete an exam and issue the prescription.

    Parameters
    ----------
    token : str
        The session token of the examining optometrist.
    exam_id : str
        The exam (``EX-....``), in progress.
    recall_months : int
        When the patient should next be seen, in months.
    notes : str
        Clinical notes and advice given.

    Returns
    -------
    Exam
        The completed exam with its prescription id.

    Raises
    ------
    PracticeError
        Not signed in, not the examining optometrist, no such exam, not in progress, the pre-tests
        or either eye's refraction missing, or a recall the practice does not use for this patient.
    """
    who = _staff(state, token, clinical=True)
    e = _exam(state, exam_id)
    a = state.appointments[e["appointment"]]
    if a["optom"] != who["optom"]:
        raise PracticeError("not_your_patient", f"{exam_id} is {state.optometrists[a['optom']]['name']}'s exam.")
    if e["status"] != "in_progress":
        raise PracticeError("exam_closed", f"Exam {exam_id} is {e['status']}.")
    if a["pretest"] is None:
        raise PracticeError("no_pretests", f"No pre-tests are recorded for {e['appointment']}.")
    missing = [eye for eye in ("right", "left") if eye not in e["refraction"]]
    if missing:
        raise PracticeError("no_refraction", f"No refraction recorded for the {' and '.join(missing)} eye.")
    p = state.patients[a["patient"]]
    age = _age(p["dob"])
    if recall_months not in (12, 24):
        raise PracticeError("bad_recall", "Recall is 12 or 24 months.")
    if recall_months != 12 and (age < 16 or age >= 70 or p["diabetic"]):
        raise PracticeError("bad_recall", f"{p['name']} is recalled every 12 months (under 16, 70 or over, or diabetic).")
    rx_id = "RX-" + exam_id.split("-")[1]
    r, l_ = e["refraction"]["right"], e["refraction"]["left"]
    state.prescriptions[rx_id] = {"patient": a["patient"], "issued": TODAY, "optom": a["optom"],
                                  "right": (r[0], r[1], r[2]), "left": (l_[0], l_[1], l_[2]), "add": r[3] or l_[3],
                                  "voucher": None}
    e.update(status="completed", recall=recall_months, rx=rx_id, notes=notes)
    a["status"] = "seen"
    return _exam_reply(state, exam_id)


def issue_voucher(state: State, token: str, prescription_id: str) -> Voucher:
    """Issue an NHS optical voucher (GOS3) towards spectacles on a prescription.

    Parameters
    ----------
    token : str
        The session token.
    prescription_id : str
        The prescription (``RX-....``).

    Returns
    -------
    Voucher
        The voucher with its id, band and value.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such prescription, the patient's eligibility gives no
        voucher, or a voucher is already issued on it.
    """
    _staff(state, token, "reception", "dispenser")
    r = _prescription(state, prescription_id)
    p = state.patients[r["patient"]]
    if p["eligibility"] not in VOUCHER_REASONS:
        raise PracticeError("no_voucher", f"{p['name']}'s eligibility ({p['eligibility'] or 'none recorded'}) gives no optical voucher.")
    if r["voucher"]:
        raise PracticeError("no_change", f"Voucher {r['voucher']} is already issued on {prescription_id}.")
    strongest = max(abs(r["right"][0]), abs(r["left"][0]))
    cyl = max(abs(r["right"][1]), abs(r["left"][1]))
    band, value = next((b, v) for b, s, c, v in VOUCHER_BANDS if strongest <= s and cyl <= c)
    vid = "GV-" + prescription_id.split("-")[1]
    r["voucher"] = vid
    state.vouchers[vid] = {"rx": prescription_id, "patient": r["patient"], "reason": p["eligibility"], "band": band,
                           "value": value, "status": "issued"}
    return Voucher(voucher_id=vid, prescription_id=prescription_id, patient=p["name"], reason=p["eligibility"], band=band,
                   value=value, status="issued")


# --------------------------------------------------------------------------- spectacle orders


def new_order(state: State, token: str, prescription_id: str, purpose: Purpose) -> SpectacleOrder:
    """Start a spectacle order on a prescription.

    Parameters
    ----------
    token : str
        The session token.
    prescription_id : str
        The prescription (``RX-....``).
    purpose : {"distance", "reading", "intermediate", "all_day"}
        What the spectacles are for.

    Returns
    -------
    SpectacleOrder
        The draft order with its order id.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such prescription, the prescription is too old, or reading or
        intermediate spectacles on a prescription without an add.
    """
    _staff(state, token, "dispenser")
    r = _prescription(state, prescription_id)
    issued = datetime.date.fromisoformat(r["issued"])
    if (datetime.date.fromisoformat(TODAY) - issued).days > 730:
        raise PracticeError("prescription_expired", f"{prescription_id} was issued on {r['issued']}; it is over two years old.")
    if purpose in ("reading", "intermediate") and not r["add"]:
        raise PracticeError("no_add", f"{prescription_id} has no near addition for {purpose} spectacles.")
    n = 1 + sum(1 for o in state.orders.values() if o["rx"] == prescription_id)
    oid = f"OR-{prescription_id.split('-')[1]}-{n}"
    state.orders[oid] = {"rx": prescription_id, "patient": r["patient"], "purpose": purpose, "status": "draft",
                         "frame": None, "lens": None, "design": None, "treatments": [], "pd": None, "heights": None,
                         "voucher": None, "paid": 0.0, "lab": None, "notes": []}
    return _order_reply(state, oid)


def choose_frame(state: State, token: str, order_id: str, frame_code: str) -> SpectacleOrder:
    """Put a frame on a draft order (from stock).

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``), a draft.
    frame_code : str
        The frame's code (``FR-....``).

    Returns
    -------
    SpectacleOrder
        The order with the frame and its price.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such order or frame, the order is not a draft, the frame is
        out of stock or not from the range the patient is fitted from, or it is already the frame.
    """
    _staff(state, token, "dispenser")
    o = _order(state, order_id)
    _draft(o, order_id)
    f = state.frames.get(frame_code)
    if f is None:
        raise PracticeError("no_such_frame", f"No frame {frame_code}.")
    if o["frame"] == frame_code:
        raise PracticeError("no_change", f"{frame_code} is already the frame on {order_id}.")
    if f["stock"] < 1:
        raise PracticeError("out_of_stock", f"{frame_code} is out of stock.")
    child = _age(state.patients[o["patient"]]["dob"]) < 16
    if child and f["range"] != "child":
        raise PracticeError("wrong_range", f"{frame_code} is an adult frame; under-16s are fitted from the children's range.")
    o["frame"] = frame_code
    return _order_reply(state, order_id)


def choose_lenses(state: State, token: str, order_id: str, lens_code: str, design: LensDesign) -> SpectacleOrder:
    """Put a pair of lenses on a draft order.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``), a draft.
    lens_code : str
        The lens's code from the lens price list.
    design : LensDesign
        ``single_vision``, ``bifocal``, ``varifocal`` or ``occupational``.

    Returns
    -------
    SpectacleOrder
        The order with the lenses and their price.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such order or lens, the order is not a draft, a design the
        prescription or the order's purpose does not allow, a lens too thick for the prescription, or
        the same lenses again.
    """
    _staff(state, token, "dispenser")
    o = _order(state, order_id)
    _draft(o, order_id)
    row = state.lenses.get(lens_code)
    if row is None:
        raise PracticeError("no_such_lens", f"No lens {lens_code}.")
    try:
        design = LensDesign(design).value
    except ValueError:
        raise PracticeError("bad_design", f"{design!r} is not a lens design.") from None
    r = state.prescriptions[o["rx"]]
    if design != "single_vision" and not r["add"]:
        raise PracticeError("no_add", f"{o['rx']} has no near addition; {design.replace('_', ' ')} lenses need one.")
    if o["purpose"] in ("reading", "distance") and design != "single_vision":
        raise PracticeError("wrong_design", f"{o['purpose'].capitalize()} spectacles are single vision.")
    if _lens_price(state, lens_code, design) is None:
        raise PracticeError("not_made", f"{lens_code} is not made as a {design.replace('_', ' ')} lens.")
    power = max(abs(r["right"][0]) + abs(r["right"][1]), abs(r["left"][0]) + abs(r["left"][1]))
    if power > STRONG_RX and row[0] < 1.67:
        raise PracticeError("too_thick", f"The prescription is over {STRONG_RX:.2f} in one meridian; use a lens of index 1.67 or higher.")
    if (o["lens"], o["design"]) == (lens_code, design):
        raise PracticeError("no_change", f"{order_id} already has {lens_code} {design.replace('_', ' ')} lenses.")
    o["lens"], o["design"] = lens_code, design
    if design == "single_vision":
        o["heights"] = None
    return _order_reply(state, order_id)


def add_treatment(state: State, token: str, order_id: str, treatments: List[str]) -> SpectacleOrder:
    """Add lens treatments (coatings, tints) to the lenses on a draft order.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``), a draft with lenses on it.
    treatments : list of str
        Treatment codes from the lens price list.

    Returns
    -------
    SpectacleOrder
        The order with the treatments.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such order, not a draft, no lenses yet, an unknown treatment,
        one already on the order, or treatments that cannot go together.
    """
    _staff(state, token, "dispenser")
    o = _order(state, order_id)
    _draft(o, order_id)
    if not o["lens"]:
        raise PracticeError("no_lenses", f"{order_id} has no lenses yet; choose the lenses first.")
    if not treatments:
        raise PracticeError("nothing_to_add", "Name at least one treatment.")
    for code in treatments:
        if code not in state.treatments:
            raise PracticeError("no_such_treatment", f"No treatment {code}.")
        if code in o["treatments"]:
            raise PracticeError("no_change", f"{code} is already on {order_id}.")
    after = set(o["treatments"]) | set(treatments)
    if {"PHOTO", "TINT"} <= after:
        raise PracticeError("incompatible", "A photochromic lens cannot also take a solid tint.")
    o["treatments"].extend(c for c in treatments if c not in o["treatments"])
    return _order_reply(state, order_id)


def remove_treatment(state: State, token: str, order_id: str, code: str) -> SpectacleOrder:
    """Take a lens treatment off a draft order.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``), a draft.
    code : str
        The treatment's code.

    Returns
    -------
    SpectacleOrder
        The order without the treatment.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such order, not a draft, or the treatment is not on it.
    """
    _staff(state, token, "dispenser")
    o = _order(state, order_id)
    _draft(o, order_id)
    if code not in o["treatments"]:
        raise PracticeError("not_on_order", f"{code} is not on {order_id}.")
    o["treatments"].remove(code)
    return _order_reply(state, order_id)


def take_measurements(state: State, token: str, order_id: str, pd_right: float, pd_left: float,
                      height_mm: Optional[float] = None) -> SpectacleOrder:
    """Record the dispensing measurements on a draft order.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``), a draft.
    pd_right : float
        Right monocular pupillary distance in mm.
    pd_left : float
        Left monocular pupillary distance in mm.
    height_mm : float, optional
        The fitting height in mm, measured in the chosen frame.

    Returns
    -------
    SpectacleOrder
        The order with the measurements.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such order, not a draft, values out of range, a height the
        lenses need missing, or the same measurements again.
    """
    _staff(state, token, "dispenser")
    o = _order(state, order_id)
    _draft(o, order_id)
    for pd in (pd_right, pd_left):
        if not 20.0 <= pd <= 40.0:
            raise PracticeError("bad_pd", f"A monocular PD of {pd} mm is outside 20-40 mm.")
    if o["design"] in ("varifocal", "bifocal") and height_mm is None:
        raise PracticeError("height_needed", f"{o['design'].capitalize()} lenses need a fitting height.")
    if height_mm is not None and not 10.0 <= height_mm <= 35.0:
        raise PracticeError("bad_height", f"A fitting height of {height_mm} mm is outside 10-35 mm.")
    if o["pd"] == (pd_right, pd_left) and o["heights"] == height_mm:
        raise PracticeError("no_change", f"Those measurements are already on {order_id}.")
    o["pd"], o["heights"] = (pd_right, pd_left), height_mm
    return _order_reply(state, order_id)


def apply_voucher(state: State, token: str, order_id: str, voucher_id: str) -> SpectacleOrder:
    """Set an NHS optical voucher against a draft order.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``), a draft.
    voucher_id : str
        The voucher (``GV-....``), issued on the order's prescription.

    Returns
    -------
    SpectacleOrder
        The order with the voucher's value taken off.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such order or voucher, not a draft, a voucher for another
        prescription, or a voucher already used.
    """
    _staff(state, token, "dispenser", "reception")
    o = _order(state, order_id)
    _draft(o, order_id)
    v = state.vouchers.get(voucher_id)
    if v is None:
        raise PracticeError("no_such_voucher", f"No voucher {voucher_id}.")
    if v["rx"] != o["rx"]:
        raise PracticeError("wrong_voucher", f"{voucher_id} was issued on {v['rx']}, not on {o['rx']}.")
    if v["status"] != "issued":
        raise PracticeError("voucher_used", f"{voucher_id} is already used.")
    v["status"] = "used"
    o["voucher"] = voucher_id
    return _order_reply(state, order_id)


def take_payment(state: State, token: str, order_id: str, amount: float, method: PayMethod) -> Receipt:
    """Take a payment (a deposit or the balance) on a spectacle order.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``).
    amount : float
        The amount in pounds.
    method : {"card", "cash"}
        How it is paid.

    Returns
    -------
    Receipt
        The receipt with what is paid and the balance left.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such order, the order is cancelled, nothing on it to pay for,
        or more than the balance.
    """
    _staff(state, token, "reception", "dispenser")
    o = _order(state, order_id)
    if o["status"] in ("cancelled", "collected"):
        raise PracticeError("order_closed", f"Order {order_id} is {o['status']}.")
    total, _, balance = _totals(state, o)
    if total <= 0:
        raise PracticeError("nothing_to_pay", f"Nothing on {order_id} is priced yet.")
    if amount <= 0 or amount > balance + 1e-9:
        raise PracticeError("bad_amount", f"The balance on {order_id} is {balance:.2f}; take between 0.01 and that.")
    o["paid"] = _money(o["paid"] + amount)
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"order": order_id, "amount": amount, "method": method}
    return Receipt(receipt_id=rid, order_id=order_id, amount=amount, method=method, paid=o["paid"],
                   balance=_money(balance - amount))


def order_summary(state: State, token: str, order_id: str) -> SpectacleOrder:
    """A spectacle order in full.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``).

    Returns
    -------
    SpectacleOrder
        The order with its lines, voucher, payments and lab job.

    Raises
    ------
    PracticeError
        Not signed in or no such order.
    """
    _staff(state, token)
    _order(state, order_id)
    return _order_reply(state, order_id)


def send_to_lab(state: State, token: str, order_id: str, lab: Lab) -> LabJob:
    """Send a finished draft order to a glazing lab.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``), a draft.
    lab : {"norville", "rx_direct"}
        The lab.

    Returns
    -------
    LabJob
        The lab job with its id and due date.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such order, not a draft, no frame, no lenses, no
        measurements, or not enough paid.
    """
    _staff(state, token, "dispenser")
    o = _order(state, order_id)
    _draft(o, order_id)
    if not o["frame"]:
        raise PracticeError("no_frame", f"{order_id} has no frame.")
    if not o["lens"]:
        raise PracticeError("no_lenses", f"{order_id} has no lenses.")
    if o["pd"] is None:
        raise PracticeError("no_measurements", f"{order_id} has no measurements.")
    total, voucher, balance = _totals(state, o)
    due = _money(max(total - voucher, 0.0))
    if o["paid"] + 1e-9 < _money(due * DEPOSIT_SHARE):
        raise PracticeError("deposit_needed", f"Take a deposit of at least half of {due:.2f} ({_money(due * DEPOSIT_SHARE):.2f}) before ordering.")
    jid = f"LJ-{_next(state, 'lab')}"
    days = 7 if o["design"] == "single_vision" else 10
    state.lab_jobs[jid] = {"order": order_id, "lab": lab, "sent": TODAY,
                           "due": (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=days)).isoformat(),
                           "status": "at_lab", "remakes": 0, "notes": []}
    o["status"], o["lab"] = "at_lab", jid
    state.frames[o["frame"]]["stock"] -= 1
    return _lab_reply(state, jid)


def lab_jobs(state: State, token: str, status: Optional[Literal["at_lab", "received", "verified"]] = None) -> List[LabJob]:
    """The jobs out at or back from the glazing labs.

    Parameters
    ----------
    token : str
        The session token.
    status : {"at_lab", "received", "verified"}, optional
        Only jobs in this status.

    Returns
    -------
    list of LabJob
        The lab jobs by id.

    Raises
    ------
    PracticeError
        Not signed in.
    """
    _staff(state, token)
    return [_lab_reply(state, jid) for jid, j in sorted(state.lab_jobs.items()) if status in (None, j["status"])]


def receive_from_lab(state: State, token: str, lab_job_id: str) -> LabJob:
    """Book finished spectacles in from the lab.

    Parameters
    ----------
    token : str
        The session token.
    lab_job_id : str
        The lab job (``LJ-.....``), at the lab.

    Returns
    -------
    LabJob
        The lab job, received.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such lab job, or it is not at the lab.
    """
    _staff(state, token, "reception", "dispenser")
    j = _lab_job(state, lab_job_id)
    if j["status"] != "at_lab":
        raise PracticeError("not_at_lab", f"{lab_job_id} is {j['status'].replace('_', ' ')}, not at the lab.")
    j["status"] = "received"
    state.orders[j["order"]]["status"] = "received"
    return _lab_reply(state, lab_job_id)


def verify_spectacles(state: State, token: str, lab_job_id: str, passed: bool, notes: str) -> LabJob:
    """Check received spectacles against the prescription (focimeter, centration, heights).

    Parameters
    ----------
    token : str
        The session token.
    lab_job_id : str
        The lab job (``LJ-.....``), received.
    passed : bool
        Whether they are within tolerance; if not they go back to the lab for a remake.
    notes : str
        What was checked or found.

    Returns
    -------
    LabJob
        The lab job, verified or back at the lab.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such lab job, or it is not received.
    """
    _staff(state, token, "dispenser")
    j = _lab_job(state, lab_job_id)
    if j["status"] != "received":
        raise PracticeError("not_received", f"{lab_job_id} is {j['status'].replace('_', ' ')}; only received spectacles are checked.")
    j["notes"].append(notes.strip())
    o = state.orders[j["order"]]
    if passed:
        j["status"] = o["status"] = "verified"
    else:
        j["status"] = o["status"] = "at_lab"
        j["remakes"] += 1
    return _lab_reply(state, lab_job_id)


def collect_spectacles(state: State, token: str, order_id: str, collected_by: str, adjustments: str) -> Collection:
    """Fit and hand over finished spectacles.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``), verified.
    collected_by : str
        Who collected them.
    adjustments : str
        The fitting adjustments made.

    Returns
    -------
    Collection
        The collection record.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such order, the spectacles are not verified, or a balance is
        still owed.
    """
    who = _staff(state, token, "dispenser")
    o = _order(state, order_id)
    if o["status"] != "verified":
        raise PracticeError("not_ready", f"{order_id} is {o['status'].replace('_', ' ')}; only verified spectacles are handed over.")
    _, _, balance = _totals(state, o)
    if balance > 0.005:
        raise PracticeError("balance_owed", f"{balance:.2f} is still owed on {order_id}.")
    o["status"] = "collected"
    state.collections[order_id] = {"by": collected_by.strip(), "fitted_by": who["name"]}
    return Collection(order_id=order_id, patient=state.patients[o["patient"]]["name"], collected_by=collected_by.strip(),
                      fitted_by=who["name"], adjustments=adjustments.strip(), collected_on=TODAY)


def cancel_order(state: State, token: str, order_id: str, reason: str) -> SpectacleOrder:
    """Cancel a draft order and refund what was paid on it.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order (``OR-....-n``), a draft.
    reason : str
        Why.

    Returns
    -------
    SpectacleOrder
        The order, cancelled (any voucher on it is issued again).

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such order, or it is not a draft (already at the lab or later).
    """
    _staff(state, token, "dispenser", "reception")
    o = _order(state, order_id)
    if o["status"] != "draft":
        raise PracticeError("order_not_draft", f"Order {order_id} is {o['status'].replace('_', ' ')}; only a draft can be cancelled.")
    if not reason.strip():
        raise PracticeError("no_reason", "Give a reason for the cancellation.")
    if o["voucher"]:
        state.vouchers[o["voucher"]]["status"] = "issued"
    o["status"] = "cancelled"
    o["notes"].append(f"Cancelled: {reason.strip()} (refunded {o['paid']:.2f})")
    o["paid"] = 0.0
    return _order_reply(state, order_id)


def notify_patient(state: State, token: str, patient_id: str, message: str, channel: Channel) -> Message:
    """Text or e-mail a patient.

    Parameters
    ----------
    token : str
        The session token.
    patient_id : str
        The patient (``P-.....``).
    message : str
        The message.
    channel : {"sms", "email"}
        Text to their mobile or e-mail.

    Returns
    -------
    Message
        The message sent.

    Raises
    ------
    PracticeError
        Not signed in, no such patient, an empty message, or no mobile number or e-mail on file.
    """
    _staff(state, token)
    p = _patient(state, patient_id)
    if not message.strip():
        raise PracticeError("empty_message", "The message is empty.")
    if channel == "sms":
        if not p["phone"].replace(" ", "").startswith("07"):
            raise PracticeError("no_mobile", f"{p['name']} has no mobile number on file ({p['phone']} is a landline).")
        to = p["phone"]
    else:
        if not p["email"]:
            raise PracticeError("no_email", f"{p['name']} has no e-mail address on file.")
        to = p["email"]
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "patient": patient_id, "channel": channel, "to": to, "text": message.strip()})
    return Message(message_id=mid, patient_id=patient_id, channel=channel, to=to, text=message.strip())


# --------------------------------------------------------------------------- contact lenses


def issue_cl_specification(state: State, token: str, prescription_id: str, lens_code: str, power_right: float,
                           power_left: float) -> CLSpec:
    """Write a contact lens specification from a prescription.

    Parameters
    ----------
    token : str
        The session token of an optometrist.
    prescription_id : str
        The spectacle prescription it is based on (``RX-....``).
    lens_code : str
        The contact lens from the practice's range.
    power_right : float
        Right lens power in dioptres.
    power_left : float
        Left lens power in dioptres.

    Returns
    -------
    CLSpec
        The specification with its id.

    Raises
    ------
    PracticeError
        Not signed in, not an optometrist, no such prescription or lens, a lens that does not suit
        the prescription, powers out of range, or the same specification again.
    """
    who = _staff(state, token, clinical=True)
    r = _prescription(state, prescription_id)
    row = state.contact_lenses.get(lens_code)
    if row is None:
        raise PracticeError("no_such_lens", f"No contact lens {lens_code}.")
    cyl = max(abs(r["right"][1]), abs(r["left"][1]))
    if cyl >= 0.75 and not row[3]:
        raise PracticeError("toric_needed", f"{prescription_id} has {cyl:.2f} of astigmatism; fit a toric lens.")
    if r["add"] and not row[4]:
        raise PracticeError("multifocal_needed", f"{prescription_id} has a near add; fit a multifocal lens or note monovision.")
    for power, eye in ((power_right, r["right"]), (power_left, r["left"])):
        _quarter(power, "Power")
        if abs(power - (eye[0] + eye[1] / 2)) > 0.5:
            raise PracticeError("power_mismatch", f"A lens power of {power:+.2f} does not match {_rx_text(eye)}.")
    sid = "CS-" + prescription_id.split("-")[1]
    spec = {"rx": prescription_id, "patient": r["patient"], "lens": lens_code, "powers": (power_right, power_left),
            "by": who["name"]}
    if state.specs.get(sid) == spec:
        raise PracticeError("no_change", f"Specification {sid} is already written for that lens and those powers.")
    state.specs[sid] = spec
    return CLSpec(spec_id=sid, prescription_id=prescription_id, patient=state.patients[r["patient"]]["name"],
                  lens=lens_code, power_right=power_right, power_left=power_left, monthly_price=row[2], written_by=who["name"])


def start_lens_plan(state: State, token: str, spec_id: str, supply_months: int, sort_code: str,
                    account_number: str) -> LensPlan:
    """Start a monthly contact lens plan paid by direct debit.

    Parameters
    ----------
    token : str
        The session token.
    spec_id : str
        The contact lens specification (``CS-....``).
    supply_months : int
        How many months of lenses go out in each delivery.
    sort_code : str
        The payer's sort code (``nn-nn-nn``).
    account_number : str
        The payer's account number.

    Returns
    -------
    LensPlan
        The plan with its id and the monthly payment.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such specification, a supply the practice does not send,
        bank details that are not valid, or the patient already has an active plan.
    """
    _staff(state, token, "reception")
    spec = state.specs.get(spec_id)
    if spec is None:
        raise PracticeError("no_such_spec", f"No contact lens specification {spec_id}.")
    if supply_months not in (1, 3, 6):
        raise PracticeError("bad_supply", "Lenses go out every 1, 3 or 6 months.")
    digits = sort_code.replace("-", "")
    if len(digits) != 6 or not digits.isdigit() or len(account_number) != 8 or not account_number.isdigit():
        raise PracticeError("bad_bank_details", "A sort code has six digits and an account number eight.")
    for lid, pl in state.plans.items():
        if pl["patient"] == spec["patient"] and pl["status"] == "active":
            raise PracticeError("plan_exists", f"{state.patients[spec['patient']]['name']} already has plan {lid}.")
    lid = f"LP-{_next(state, 'plan'):04d}"
    monthly = state.contact_lenses[spec["lens"]][2]
    state.plans[lid] = {"spec": spec_id, "patient": spec["patient"], "lens": spec["lens"], "months": supply_months,
                        "status": "active", "mandate": f"DDI-{account_number[-4:]}", "dispatched": []}
    return LensPlan(plan_id=lid, spec_id=spec_id, patient=state.patients[spec["patient"]]["name"], lens=spec["lens"],
                    supply_months=supply_months, monthly_payment=monthly, mandate=f"DDI-{account_number[-4:]}",
                    status="active")


def dispatch_lenses(state: State, token: str, plan_id: str) -> Dispatch:
    """Post the current supply of lenses on a plan.

    Parameters
    ----------
    token : str
        The session token.
    plan_id : str
        The plan (``LP-....``).

    Returns
    -------
    Dispatch
        The dispatch with its id and the number of boxes.

    Raises
    ------
    PracticeError
        Not signed in, a wrong role, no such plan, the plan is not active, or this period's lenses
        have already gone out.
    """
    _staff(state, token, "reception")
    pl = state.plans.get(plan_id)
    if pl is None:
        raise PracticeError("no_such_plan", f"No lens plan {plan_id}.")
    if pl["status"] != "active":
        raise PracticeError("plan_not_active", f"{plan_id} is {pl['status']}.")
    period = TODAY[:7]
    if period in pl["dispatched"]:
        raise PracticeError("no_change", f"Lenses for {period} have already gone out on {plan_id}.")
    pl["dispatched"].append(period)
    daily = state.contact_lenses[pl["lens"]][1] == "daily"
    boxes = pl["months"] * (2 if daily else 1) * 2
    did = f"DS-{_next(state, 'dispatch')}"
    state.dispatches[did] = {"plan": plan_id, "boxes": boxes}
    p = state.patients[pl["patient"]]
    return Dispatch(dispatch_id=did, plan_id=plan_id, patient=p["name"], boxes=boxes, postcode=p["postcode"], period=period)


# --------------------------------------------------------------------------- catalog


TOOLS = [
    sign_in, sign_out, frame_catalogue, lens_price_list, contact_lens_range, find_patient, register_patient,
    update_patient, record_nhs_eligibility, patient_record, free_slots, book_appointment, cancel_appointment,
    day_list, check_in, record_pretest, start_exam, record_refraction, refer_patient, complete_exam, issue_voucher,
    new_order, choose_frame, choose_lenses, add_treatment, remove_treatment, take_measurements, apply_voucher,
    take_payment, order_summary, send_to_lab, lab_jobs, receive_from_lab, verify_spectacles, collect_spectacles,
    cancel_order, notify_patient, issue_cl_specification, start_lens_plan, dispatch_lenses,
]

FIXTURES = {
    "practice": {"name": "Hollis & Crane Opticians, Toll Gavel, Beverley", "today": "Tuesday 9 July 2030",
                 "clinic": "half-hour slots from nine until half past four; Dev Patel works Tuesday to Thursday, "
                           "Ruth Kember Monday, Tuesday, Friday and Saturday"},
    "staff": [
        {"name": "Amy Rudd", "role": "reception and pre-tests", "username": "amy.r", "password": "Lorgnette-14"},
        {"name": "Dev Patel", "role": "optometrist", "username": "dev.p", "password": "Snellen-6-6"},
        {"name": "Ruth Kember", "role": "optometrist", "username": "ruth.k", "password": "Tonometer-21"},
        {"name": "Lee Crane", "role": "dispensing optician", "username": "lee.c", "password": "Focimeter-8"},
        {"name": "Janet Hollis", "role": "practice manager", "username": "jan.h", "password": "Bridge-Width-18"},
    ],
    "new_patient": {"name": "Master Oliver Marsh", "date_of_birth": "11 February 2021",
                    "parent": "his mother, Hannah Marsh", "phone": "07700 900561", "email": "hannah.marsh@mail.example",
                    "postcode": "HU17 8QT", "evidence": "his birth certificate",
                    "reason": "the school nurse noticed him squinting at the board"},
    "front_desk_notes": [
        "Mr Quinn's new mobile is 07700 900851; the landline is being cut off",
        "Ms Nair wants to try monthly lenses; her bank is sort code 40-47-21, account 31926819",
        "Mrs Ellison mentioned her vision has gone misty in the evenings",
        "Mr Byrne's glasses are due back from RX Direct today; he has paid in full",
    ],
}

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "frame_catalogue", "lens_price_list", "contact_lens_range")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
PATIENT_CONSUMERS = ["update_patient", "record_nhs_eligibility", "patient_record", "book_appointment", "notify_patient"]
APPOINTMENT_CONSUMERS = ["check_in", "record_pretest", "start_exam", "cancel_appointment"]
EXAM_CONSUMERS = ["record_refraction", "refer_patient", "complete_exam"]
PRESCRIPTION_CONSUMERS = ["new_order", "issue_voucher", "issue_cl_specification"]
ORDER_CONSUMERS = ["choose_frame", "choose_lenses", "add_treatment", "remove_treatment", "take_measurements",
                   "apply_voucher", "order_summary", "send_to_lab"]
LISTED_ORDER_CONSUMERS = ["take_payment", "cancel_order"]
LAB_CONSUMERS = ["receive_from_lab", "verify_spectacles"]
_PATIENT = "id lookup/create: patient id (patient_id of find_patient's rows, or of register_patient)"
_APPOINTMENT = "id lookup/create: appointment id (appointment_id of book_appointment, or of a day_list row)"
_EXAM = "id create: exam id (exam_id of start_exam)"
_PRESCRIPTION = "id lookup/create: prescription id (prescription_id of complete_exam, or of patient_record's prescriptions)"
_ORDER = "id create: order id (order_id of new_order)"
_LISTED_ORDER = "id lookup/create: order id (order_id of new_order, or of patient_record's orders)"
_LAB = "id lookup/create: lab job id (lab_job_id of send_to_lab, or of a lab_jobs row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_patient|register_patient", c, _PATIENT) for c in PATIENT_CONSUMERS]
    + [("book_appointment|day_list", c, _APPOINTMENT) for c in APPOINTMENT_CONSUMERS]
    + [("start_exam", c, _EXAM) for c in EXAM_CONSUMERS]
    + [("complete_exam|patient_record", c, _PRESCRIPTION) for c in PRESCRIPTION_CONSUMERS]
    + [("new_order", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("new_order|patient_record", c, _LISTED_ORDER) for c in LISTED_ORDER_CONSUMERS]
    + [("send_to_lab|lab_jobs", c, _LAB) for c in LAB_CONSUMERS]
    + [
        ("patient_record|lab_jobs", "collect_spectacles",
         "id lookup: order id (order_id of patient_record's orders, or of a lab_jobs row)"),
        ("issue_voucher", "apply_voucher", "id create: voucher id (voucher_id of issue_voucher)"),
        ("issue_cl_specification", "start_lens_plan", "id create: specification id (spec_id of issue_cl_specification)"),
        ("start_lens_plan", "dispatch_lenses", "id create: plan id (plan_id of start_lens_plan)"),
        ("free_slots", "book_appointment", "vocabulary: a free slot's time and optometrist id (free_slots)"),
        ("frame_catalogue", "choose_frame", "vocabulary: frame code (code of a frame_catalogue row)"),
        ("lens_price_list", "choose_lenses", "vocabulary: lens code (lens_price_list's lenses)"),
        ("lens_price_list", "add_treatment", "vocabulary: treatment code (lens_price_list's treatments)"),
        ("contact_lens_range", "issue_cl_specification", "vocabulary: contact lens code (code of a contact_lens_range row)"),
        ("record_nhs_eligibility", "book_appointment", "state: NHS eligibility recorded (an NHS sight test)"),
        ("record_nhs_eligibility", "issue_voucher", "state: an eligibility that gives vouchers recorded"),
        ("check_in", "record_pretest", "state: the patient arrived"),
        ("check_in", "start_exam", "state: the patient arrived"),
        ("record_pretest", "complete_exam", "state: the pre-tests recorded"),
        ("record_refraction", "complete_exam", "state: both eyes refracted"),
        ("choose_lenses", "add_treatment", "state: lenses on the order"),
        ("add_treatment", "remove_treatment", "state: the treatment on the order"),
        ("choose_frame|choose_lenses", "take_payment", "state: something priced on the order"),
        ("choose_frame", "send_to_lab", "state: a frame on the order"),
        ("choose_lenses", "send_to_lab", "state: lenses on the order"),
        ("take_measurements", "send_to_lab", "state: the measurements taken"),
        ("take_payment", "send_to_lab", "state: the deposit paid"),
        ("receive_from_lab", "verify_spectacles", "state: the spectacles back from the lab"),
        ("verify_spectacles", "collect_spectacles", "state: the spectacles verified"),
        ("take_payment", "collect_spectacles", "state: the balance paid"),
        ("update_patient", "notify_patient", "state: a mobile number on file (a text)"),
    ]
)

PLAUSIBLE = {
    ("register_patient", "find_patient"), ("find_patient", "free_slots"), ("book_appointment", "day_list"),
    ("book_appointment", "free_slots"), ("cancel_appointment", "free_slots"), ("cancel_appointment", "day_list"),
    ("check_in", "day_list"), ("record_refraction", "refer_patient"), ("start_exam", "patient_record"),
    ("complete_exam", "patient_record"), ("issue_voucher", "patient_record"), ("new_order", "patient_record"),
    ("choose_frame", "order_summary"), ("choose_lenses", "take_measurements"), ("choose_frame", "take_measurements"),
    ("add_treatment", "take_payment"), ("apply_voucher", "take_payment"), ("apply_voucher", "send_to_lab"),
    ("order_summary", "take_payment"), ("send_to_lab", "lab_jobs"), ("receive_from_lab", "lab_jobs"),
    ("verify_spectacles", "lab_jobs"), ("verify_spectacles", "notify_patient"), ("patient_record", "notify_patient"),
    ("lab_jobs", "notify_patient"), ("send_to_lab", "cancel_order"), ("find_patient", "lab_jobs"),
    ("register_patient", "day_list"), ("patient_record", "update_patient"), ("start_lens_plan", "patient_record"),
    ("take_payment", "order_summary"), ("record_nhs_eligibility", "patient_record"),
    ("day_list", "patient_record"), ("day_list", "notify_patient"), ("day_list", "update_patient"),
    ("day_list", "record_nhs_eligibility"), ("day_list", "book_appointment"), ("patient_record", "check_in"),
    ("patient_record", "cancel_appointment"), ("patient_record", "record_pretest"),
    ("patient_record", "start_exam"), ("patient_record", "receive_from_lab"),
    ("patient_record", "verify_spectacles"), ("patient_record", "order_summary"),
    ("patient_record", "apply_voucher"), ("patient_record", "dispatch_lenses"), ("lab_jobs", "take_payment"),
    ("lab_jobs", "order_summary"), ("order_summary", "receive_from_lab"), ("new_order", "issue_voucher"),
    ("complete_exam", "notify_patient"), ("start_exam", "notify_patient"),
}
