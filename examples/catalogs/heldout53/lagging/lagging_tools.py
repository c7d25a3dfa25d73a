"""Lagging: the contract system of Thrushgill Asbestos Services, a licensed asbestos removal contractor: clients,
asbestos surveys and the materials they find, quotes and jobs, plans of work and their approval, the notification to
the enforcing authority, enclosures and their smoke tests, operatives with their medicals and face-fit tests, the
decontamination units, air tests, removal, the four-stage clearance, hazardous waste and the accounts (40 calls).

Plain functions; every call but the three public ones (sign_in, work_categories, waste_sites) sits behind a
``requires(*roles)`` decorator (made with ``functools.wraps``) that checks the session token and the role before the
call runs; the director passes every role check. The state is an in-memory ``State`` of the contractor on Tuesday 8
October 2058 at 07:30. The surveyor takes on clients, records surveys and their materials and prices the work; the
contracts manager accepts quotes into jobs, files a job's papers, approves plans of work, notifies the enforcing
authority, puts operatives on a job, books decontamination units and completes jobs; the supervisor writes the plan of
work, builds and smoke-tests the enclosure, starts and finishes the removal and consigns the waste; the compliance
officer registers operatives and records their medicals and face-fit tests; the independent analyst records air tests
and the four-stage clearance; accounts invoice and record payments. The work categories with their rates and the
licensed waste sites are public.

Refusals are raised as Python's own exceptions: ``PermissionError`` for no session, a wrong password or a role that
may not make the call; ``LookupError`` for an unknown id or code; ``ValueError`` for a malformed input; and
``RuntimeError`` for a rule of the contractor's or the regulations', a record in the wrong state or a change made
already, as in ``RuntimeError("JB-4409's deposit (INV-8840) is unpaid")``.

Annotations are evaluated at definition and spelled with PEP 604 unions and builtin generics (``str | None``,
``list[str]``, ``list[list[Any]]``, ``dict[str, Any]``), with ``Literal`` aliases and ``Enum``s. Docstrings are plain
prose. Replies are pydantic models and lists of them (a session, clients, a survey, a material, a survey's detail with
its materials as rows, quotes, jobs, a job's detail with its papers, enclosures, team, air tests, waste notes and
invoices as rows, a document, a plan of work, a notification, an enclosure, operatives' records, a medical, a face-fit
test, an assignment, a decontamination unit's booking, an air test, a clearance certificate, a waste consignment note,
invoices, a receipt); the work categories, the waste sites, the operatives, the respirators and the decontamination
units as bare rows; a bare value (what a client owes); sentences with ids in them (an air extraction set, a smoke test,
a removal started or finished, a sign-out). Typed inputs: a plain ``Enum`` input (``JobDoc``), ``str`` ``Enum`` inputs
(``MaterialKind``, ``Method``), ``Literal`` inputs (a survey's type, a material's condition, a qualification, a team
role, an air test's stage, a payment method) and ``Literal`` filters (quotes, jobs, operatives, invoices), a
``list[str]`` of materials, ``bool`` answers, ``int`` airlocks, air changes and bags, ``float`` areas, fibre counts and
amounts, ``str | None`` filters and a waiver. Ids look alike: client ``CL-301``, survey ``SV-2210``, material
``M-6620``, quote ``QT-1580``, job ``JB-4409``, document ``JD-7740``, plan ``PW-0930``, notification ``ASB5-55120``,
enclosure ``ENC-340``, operative ``OP-19``, medical ``MED-2270``, face fit ``FF-3310``, air test ``AT-9120``, clearance
certificate ``CR-0770``, consignment note ``HWC-61200``, invoice ``INV-8840``, receipt ``RCT-5520``. Which work category
each material takes, the methods and respirators licensed work may use, the notice the authority is given and the form
of its waiver, the airlocks and air changes an enclosure needs, the medical's and the face fit's lives, the team a
removal needs and the clearance level are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import re
from enum import Enum
from typing import Any, Callable, Literal

from pydantic import BaseModel

TODAY = "2058-10-08"  # a Tuesday
NOW = "07:30"
SURVEYOR = "surveyor"
CONTRACTS = "contracts_manager"
SUPERVISOR = "supervisor"
COMPLIANCE = "compliance_officer"
ANALYST = "analyst"
ACCOUNTS = "accounts"
DIRECTOR = "director"

SurveyType = Literal["management", "refurbishment", "demolition"]
Condition = Literal["good", "damaged", "poor"]
Qualification = Literal["supervisor", "operative"]
TeamRole = Literal["supervisor", "operative"]
AirStage = Literal["background", "leak", "personal"]
PayMethod = Literal["bacs", "card", "cheque"]
JobStatus = Literal["accepted", "notified", "removing", "removed", "cleared", "completed"]
InvoiceStatus = Literal["unpaid", "paid"]
QuoteStatus = Literal["open", "accepted"]


class MaterialKind(str, Enum):
    LAGGING = "lagging"
    AIB = "aib"
    SPRAYED_COATING = "sprayed_coating"
    TEXTURED_COATING = "textured_coating"
    CEMENT = "cement"


class Method(str, Enum):
    CONTROLLED_WET = "controlled_wet"
    WET_INJECTION = "wet_injection"
    GLOVEBAG = "glovebag"
    DRY_STRIPPING = "dry_stripping"


class JobDoc(Enum):
    SITE_DRAWING = "site_drawing"
    EMERGENCY_PLAN = "emergency_plan"
    WASTE_ROUTE = "waste_route"


CATEGORIES = [  # code, work, licensed, rate a square metre
    ["LIC-LAG", "Licensed removal of pipe and boiler lagging", True, 140.0],
    ["LIC-AIB", "Licensed removal of asbestos insulating board", True, 95.0],
    ["LIC-SPR", "Licensed removal of sprayed coatings", True, 160.0],
    ["NNLW", "Notifiable non-licensed work (textured coatings)", False, 45.0],
    ["NLW", "Non-licensed work (asbestos cement)", False, 28.0],
]
RATE = {row[0]: row[3] for row in CATEGORIES}
LICENSED = {row[0] for row in CATEGORIES if row[2]}
CATEGORY_OF = {"lagging": "LIC-LAG", "aib": "LIC-AIB", "sprayed_coating": "LIC-SPR", "textured_coating": "NNLW",
               "cement": "NLW"}
WASTE_SITES = [  # code, site, environmental permit, takes asbestos
    ["WS-HLM", "Harlowmoor Landfill, hazardous cell", "EPR/HP3318KT", True],
    ["WS-KTB", "Askerby Transfer Station", "EPR/KP5502RN", True],
    ["WS-GRS", "Blackhope Inert Tip", "EPR/GP1170DX", False],
]
WASTE = {row[0]: row for row in WASTE_SITES}
RPE = [  # code, respirator, assigned protection factor
    ["RPE-P3H", "Disposable FFP3 half mask", 20],
    ["RPE-FF3", "Full-face mask with P3 filters", 40],
    ["RPE-PAP", "Powered full-face respirator, TH3 filters", 500],
]
APF = {row[0]: row[2] for row in RPE}
LICENSED_APF = 40
SETUP = 450.0
DEPOSIT = 0.3
NOTICE_DAYS = 14
WAIVER_FORM = re.compile(r"HSE-WV-\d{5}")
AIRLOCKS = 3
AIR_CHANGES = 8
MEDICAL_YEARS = 2
MEDICAL_RECENT = 30
FACE_FIT_DAYS = 365
OPERATIVES_NEEDED = 2
CLEARANCE = 0.010
PAYMENT_DAYS = 30


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    signed_in: str


class Client(BaseModel):
    client_id: str
    name: str
    email: str
    phone: str
    address: str


class Survey(BaseModel):
    survey_id: str
    client_id: str
    site: str
    survey_type: str
    surveyed_on: str


class SurveyDetail(Survey):
    materials: list[list[Any]]


class Material(BaseModel):
    material_id: str
    survey_id: str
    location: str
    kind: str
    condition: str
    quantity_m2: float


class Quote(BaseModel):
    quote_id: str
    survey_id: str
    client_id: str
    category: str
    materials: list[str]
    price: float
    valid_until: str
    quote_status: str


class Job(BaseModel):
    job_id: str
    client_id: str
    site: str
    category: str
    price: float
    job_status: str
    planned_start: str
    deposit_invoice_id: str
    deposit: float


class JobDetail(Job):
    documents: list[list[Any]]
    plan: list[Any] | None
    notification: list[Any] | None
    enclosures: list[list[Any]]
    team: list[list[Any]]
    decontamination_unit: str | None
    air_tests: list[list[Any]]
    bags_removed: int | None
    waste_notes: list[list[Any]]
    certificate: str | None
    invoices: list[list[Any]]


class Document(BaseModel):
    document_id: str
    job_id: str
    kind: str
    reference: str
    uploaded_on: str


class Plan(BaseModel):
    plan_id: str
    job_id: str
    method: str
    respirator: str
    enclosure_m2: float
    approved: bool
    approved_by: str | None


class Notification(BaseModel):
    notification_ref: str
    job_id: str
    notified_on: str
    start_from: str
    waiver: str | None


class Enclosure(BaseModel):
    enclosure_id: str
    job_id: str
    area_m2: float
    airlocks: int
    air_changes: int | None
    smoke_test: str | None


class Operative(BaseModel):
    operative_id: str
    name: str
    date_of_birth: str
    qualification: str
    training_until: str
    medical_until: str | None
    face_fits: list[list[Any]]


class Medical(BaseModel):
    medical_id: str
    operative_id: str
    examined_on: str
    doctor: str
    fit: bool
    valid_until: str


class FaceFit(BaseModel):
    face_fit_id: str
    operative_id: str
    respirator: str
    passed: bool
    tested_on: str
    tester: str


class Assignment(BaseModel):
    job_id: str
    operative_id: str
    name: str
    role: str
    team_size: int


class DcuBooking(BaseModel):
    job_id: str
    unit: str
    description: str
    booked_on: str


class AirTest(BaseModel):
    air_test_id: str
    job_id: str
    stage: str
    fibres_per_ml: float
    analyst: str
    taken_on: str


class Clearance(BaseModel):
    certificate_id: str
    job_id: str
    fibres_per_ml: float
    analyst: str
    issued_on: str


class WasteNote(BaseModel):
    consignment_note: str
    job_id: str
    site: str
    bags: int
    bags_left: int
    consigned_on: str


class Invoice(BaseModel):
    invoice_id: str
    client_id: str
    job_id: str
    item: str
    amount: float
    issued_on: str
    due_on: str
    invoice_status: str


class Receipt(BaseModel):
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    paid_on: str


# --------------------------------------------------------------------------- state


def _job(client: str, survey: str, category: str, price: float, status: str, start: str, deposit_invoice: str,
         **more: Any) -> dict[str, Any]:
    job = {"client": client, "survey": survey, "category": category, "price": price, "status": status,
           "start": start, "deposit_invoice": deposit_invoice, "docs": {}, "plan": None, "notification": None,
           "team": [], "dcu": None, "bags": None, "certificate": None, "final_invoice": None, "started": None}
    job.update(more)
    return job


def _op(name: str, born: str, qualification: str, training: str, medical: str | None,
        fits: list[list[Any]]) -> dict[str, Any]:
    return {"name": name, "born": born, "qualification": qualification, "training": training, "medical": medical,
            "fits": fits}


def _inv(client: str, job: str, item: str, amount: float, issued: str, paid: str | None = None) -> dict[str, Any]:
    due = (datetime.date.fromisoformat(issued) + datetime.timedelta(days=PAYMENT_DAYS)).isoformat()
    return {"client": client, "job": job, "item": item, "amount": amount, "issued": issued, "due": due,
            "paid": paid}


class State:
    """Thrushgill Asbestos Services on Tuesday 8 October 2058 at 07:30."""

    def __init__(self) -> None:
        self.staff = {
            "persis.b": {"name": "Persis Blanchflower", "password": "Bulk-Sample-44", "role": SURVEYOR},
            "gaius.w": {"name": "Gaius Umpleby", "password": "Plan-Of-Work-19", "role": CONTRACTS},
            "brannoc.t": {"name": "Brannoc Tregidgo", "password": "Three-Stage-Airlock-72", "role": SUPERVISOR},
            "ismay.h": {"name": "Ismay Oldroyd", "password": "Face-Fit-Log-35", "role": COMPLIANCE},
            "vashti.r": {"name": "Vashti Rountree", "password": "Fibre-Count-58", "role": ANALYST},
            "ysobel.n": {"name": "Ysobel Nunnerley", "password": "Sales-Ledger-26", "role": ACCOUNTS},
            "berengar.f": {"name": "Berengar Rawnsley", "password": "Licence-Holder-81", "role": DIRECTOR},
        }
        self.sessions: dict[str, dict[str, Any]] = {}
        self.clients: dict[str, dict[str, Any]] = {
            "CL-301": {"name": "Wrenfold Housing Association", "email": "repairs@wrenfold-housing.example",
                       "phone": "01632 961 301", "address": "Wrenfold House, 4 Skelbrook Street, Hessleby"},
            "CL-302": {"name": "Muiresk Academy Trust", "email": "estates@muiresk-trust.example",
                       "phone": "01632 961 302", "address": "Muiresk Academy, Pitcaple Road, Hessleby"},
            "CL-303": {"name": "Thornegill Brewery Ltd", "email": "engineering@thornegill-brewery.example",
                       "phone": "01632 961 303", "address": "The Brewhouse, Mill Lane, Oxenby"},
            "CL-304": {"name": "Hessleby District Council", "email": "property@hessleby.example",
                       "phone": "01632 961 304", "address": "Civic Offices, Market Place, Hessleby"},
        }
        self.surveys: dict[str, dict[str, Any]] = {
            "SV-2201": {"client": "CL-301", "site": "12-18 Carder Row, Hessleby", "type": "refurbishment",
                        "on": "2058-08-19"},
            "SV-2202": {"client": "CL-304", "site": "Hessleby Swimming Baths, plant room", "type": "refurbishment",
                        "on": "2058-08-27"},
            "SV-2203": {"client": "CL-302", "site": "Muiresk Academy, science block ceilings",
                        "type": "refurbishment", "on": "2058-08-05"},
            "SV-2204": {"client": "CL-301", "site": "Flats 1-6 Wigeon Court, Hessleby", "type": "refurbishment",
                        "on": "2058-08-22"},
            "SV-2205": {"client": "CL-304", "site": "Oxenby Library, boiler room", "type": "refurbishment",
                        "on": "2058-07-30"},
            "SV-2206": {"client": "CL-302", "site": "Muiresk Academy, sports hall", "type": "refurbishment",
                        "on": "2058-09-16"},
            "SV-2207": {"client": "CL-303", "site": "Thornegill Brewery, bottling hall", "type": "refurbishment",
                        "on": "2058-09-18"},
            "SV-2208": {"client": "CL-304", "site": "Hessleby Highways Depot, mess room", "type": "refurbishment",
                        "on": "2058-09-25"},
            "SV-2209": {"client": "CL-302", "site": "Muiresk Academy, caretaker's house", "type": "demolition",
                        "on": "2058-09-30"},
        }
        self.materials: dict[str, dict[str, Any]] = {
            mid: {"survey": sid, "location": where, "kind": kind, "condition": cond, "m2": m2}
            for mid, sid, where, kind, cond, m2 in [
                ("M-6601", "SV-2201", "pipework in the ground-floor ducts", "lagging", "damaged", 34.0),
                ("M-6602", "SV-2202", "calorifier and pipework", "lagging", "poor", 48.0),
                ("M-6603", "SV-2203", "ceiling tiles, labs 1-4", "aib", "good", 180.0),
                ("M-6604", "SV-2204", "boxing to the stair risers", "aib", "damaged", 26.0),
                ("M-6605", "SV-2205", "boiler lagging", "lagging", "damaged", 16.0),
                ("M-6606", "SV-2206", "sprayed coating to the roof steelwork", "sprayed_coating", "poor", 210.0),
                ("M-6607", "SV-2207", "textured coating to the ceiling", "textured_coating", "good", 140.0),
                ("M-6608", "SV-2207", "cement roof sheets over the loading bay", "cement", "good", 90.0),
                ("M-6609", "SV-2208", "ceiling panels", "aib", "damaged", 64.0),
                ("M-6610", "SV-2208", "window boards", "aib", "good", 6.5),
                ("M-6611", "SV-2209", "soffits and bath panel", "aib", "good", 22.0),
            ]
        }
        self.quotes: dict[str, dict[str, Any]] = {
            "QT-1578": {"survey": "SV-2207", "category": "NLW", "materials": ["M-6608"], "price": 2970.0,
                        "valid": "2058-10-17", "status": "open"},
        }
        fits_a = [["RPE-FF3", "2058-03-11", True], ["RPE-PAP", "2058-03-11", True]]
        self.operatives: dict[str, dict[str, Any]] = {
            "OP-11": _op("Diggory Mellish", "2019-04-02", "supervisor", "2059-03-14", "2059-05-20", fits_a),
            "OP-12": _op("Jenifer Stansfield", "2021-11-17", "supervisor", "2059-06-30", "2059-08-09",
                         [["RPE-FF3", "2058-06-02", True]]),
            "OP-14": _op("Tiernan Skidmore", "2024-01-25", "operative", "2059-02-28", "2059-04-12",
                         [["RPE-FF3", "2058-02-20", True], ["RPE-PAP", "2058-02-20", True]]),
            "OP-15": _op("Walden Oakenshaw", "2022-07-08", "operative", "2059-05-31", "2059-09-01",
                         [["RPE-PAP", "2058-05-15", True]]),
            "OP-16": _op("Caoimhe Scholey", "2025-09-30", "operative", "2059-04-30", "2059-11-19",
                         [["RPE-FF3", "2058-07-08", True]]),
            "OP-17": _op("Ferelith Pentreath", "2020-12-12", "operative", "2059-01-31", "2058-09-30",
                         [["RPE-FF3", "2058-01-10", True]]),
            "OP-18": _op("Fiachra Gaukroger", "2023-03-03", "operative", "2059-07-31", "2059-12-02", []),
        }
        self.medicals: dict[str, dict[str, Any]] = {}
        self.face_fits: dict[str, dict[str, Any]] = {}
        plan = {"method": "controlled_wet", "rpe": "RPE-FF3", "m2": 40.0, "approved": True,
                "by": "Gaius Umpleby"}
        docs = {"site_drawing": ["JD-7701", "DRG-0101"], "emergency_plan": ["JD-7702", "EP-0101"]}
        self.jobs: dict[str, dict[str, Any]] = {
            "JB-4401": _job("CL-301", "SV-2201", "LIC-LAG", 5210.0, "notified", "2058-10-07", "INV-8801",
                            docs=dict(docs), plan=["PW-0901", dict(plan)],
                            notification=["ASB5-55061", "2058-09-22", "2058-10-07", None],
                            team=[["OP-11", "supervisor"], ["OP-14", "operative"], ["OP-15", "operative"]],
                            dcu="DCU-2"),
            "JB-4402": _job("CL-304", "SV-2202", "LIC-LAG", 7170.0, "removing", "2058-10-01", "INV-8803",
                            docs=dict(docs), plan=["PW-0903", dict(plan)],
                            notification=["ASB5-55042", "2058-09-16", "2058-10-01", None],
                            team=[["OP-12", "supervisor"], ["OP-16", "operative"], ["OP-14", "operative"]],
                            dcu="DCU-1", started="2058-10-01"),
            "JB-4403": _job("CL-302", "SV-2203", "LIC-AIB", 17550.0, "removed", "2058-09-15", "INV-8805",
                            docs=dict(docs), plan=["PW-0905", dict(plan, m2=180.0)],
                            notification=["ASB5-54988", "2058-08-28", "2058-09-15", None],
                            team=[["OP-11", "supervisor"], ["OP-15", "operative"], ["OP-16", "operative"]],
                            started="2058-09-15", bags=36),
            "JB-4404": _job("CL-301", "SV-2204", "LIC-AIB", 2920.0, "cleared", "2058-09-29", "INV-8807",
                            docs=dict(docs), plan=["PW-0907", dict(plan, m2=26.0)],
                            notification=["ASB5-55020", "2058-09-12", "2058-09-29", None],
                            team=[["OP-12", "supervisor"], ["OP-14", "operative"], ["OP-16", "operative"]],
                            started="2058-09-29", bags=20, certificate="CR-0766"),
            "JB-4405": _job("CL-304", "SV-2205", "LIC-LAG", 2690.0, "completed", "2058-09-22", "INV-8809",
                            docs=dict(docs), plan=["PW-0909", dict(plan, m2=16.0)],
                            notification=["ASB5-55003", "2058-09-05", "2058-09-22", None],
                            team=[["OP-11", "supervisor"], ["OP-14", "operative"], ["OP-15", "operative"]],
                            started="2058-09-22", bags=14, certificate="CR-0764"),
            "JB-4406": _job("CL-302", "SV-2206", "LIC-SPR", 34050.0, "accepted", "2058-11-04", "INV-8811"),
            "JB-4407": _job("CL-304", "SV-2208", "LIC-AIB", 6530.0, "accepted", "2058-10-28", "INV-8813",
                            plan=["PW-0913", {"method": "controlled_wet", "rpe": "RPE-FF3", "m2": 64.0,
                                              "approved": False, "by": None}]),
            "JB-4408": _job("CL-302", "SV-2209", "LIC-AIB", 2540.0, "accepted", "2058-11-11", "INV-8815",
                            docs=dict(docs), plan=["PW-0915", dict(plan, m2=22.0)]),
        }
        self.documents: dict[str, dict[str, Any]] = {}
        self.enclosures: dict[str, dict[str, Any]] = {
            "ENC-331": {"job": "JB-4401", "m2": 40.0, "airlocks": 3, "air_changes": 10, "smoke": "passed"},
            "ENC-332": {"job": "JB-4402", "m2": 52.0, "airlocks": 3, "air_changes": 10, "smoke": "passed"},
            "ENC-333": {"job": "JB-4403", "m2": 180.0, "airlocks": 3, "air_changes": 12, "smoke": "passed"},
            "ENC-334": {"job": "JB-4404", "m2": 30.0, "airlocks": 3, "air_changes": 10, "smoke": "passed"},
        }
        self.dcus: dict[str, dict[str, Any]] = {
            "DCU-1": {"description": "Three-bay trailer unit", "job": "JB-4402", "service": False},
            "DCU-2": {"description": "Three-bay trailer unit", "job": "JB-4401", "service": False},
            "DCU-3": {"description": "Three-bay modular unit", "job": None, "service": False},
            "DCU-4": {"description": "Two-bay transit unit", "job": None, "service": True},
        }
        self.air_tests: dict[str, dict[str, Any]] = {
            "AT-9101": {"job": "JB-4401", "stage": "background", "fibres": 0.004, "by": "Vashti Rountree",
                        "on": "2058-10-07"},
            "AT-9102": {"job": "JB-4402", "stage": "background", "fibres": 0.003, "by": "Vashti Rountree",
                        "on": "2058-10-01"},
            "AT-9103": {"job": "JB-4402", "stage": "leak", "fibres": 0.002, "by": "Vashti Rountree",
                        "on": "2058-10-03"},
        }
        self.certificates: dict[str, dict[str, Any]] = {
            "CR-0764": {"job": "JB-4405", "fibres": 0.004, "by": "Vashti Rountree", "on": "2058-09-26"},
            "CR-0766": {"job": "JB-4404", "fibres": 0.005, "by": "Vashti Rountree", "on": "2058-10-03"},
        }
        self.waste_notes: dict[str, dict[str, Any]] = {
            "HWC-61188": {"job": "JB-4405", "site": "WS-HLM", "bags": 14, "on": "2058-09-26"},
            "HWC-61191": {"job": "JB-4403", "site": "WS-KTB", "bags": 36, "on": "2058-10-04"},
        }
        self.invoices: dict[str, dict[str, Any]] = {
            "INV-8801": _inv("CL-301", "JB-4401", "Deposit JB-4401", 1563.0, "2058-09-10", "2058-09-18"),
            "INV-8803": _inv("CL-304", "JB-4402", "Deposit JB-4402", 2151.0, "2058-09-05", "2058-09-12"),
            "INV-8805": _inv("CL-302", "JB-4403", "Deposit JB-4403", 5265.0, "2058-08-20", "2058-08-29"),
            "INV-8807": _inv("CL-301", "JB-4404", "Deposit JB-4404", 876.0, "2058-09-01", "2058-09-09"),
            "INV-8809": _inv("CL-304", "JB-4405", "Deposit JB-4405", 807.0, "2058-08-26", "2058-09-02"),
            "INV-8811": _inv("CL-302", "JB-4406", "Deposit JB-4406", 10215.0, "2058-09-30"),
            "INV-8813": _inv("CL-304", "JB-4407", "Deposit JB-4407", 1959.0, "2058-10-02", "2058-10-06"),
            "INV-8815": _inv("CL-302", "JB-4408", "Deposit JB-4408", 762.0, "2058-10-03", "2058-10-07"),
        }
        self.receipts: dict[str, dict[str, Any]] = {}
        self.counters = {"session": 1, "client": 305, "survey": 2210, "material": 6620, "quote": 1580,
                         "job": 4409, "document": 7740, "plan": 930, "notification": 55120, "enclosure": 340,
                         "operative": 19, "medical": 2270, "face_fit": 3310, "air_test": 9120, "certificate": 770,
                         "waste": 61200, "invoice": 8840, "receipt": 5520}


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _date(value: Any) -> datetime.date | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        return None


def _days_from_today(day: str) -> int:
    return (datetime.date.fromisoformat(day) - datetime.date.fromisoformat(TODAY)).days


def _add_days(day: str, days: int) -> str:
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=days)).isoformat()


def _get(table: dict[str, dict[str, Any]], key: Any, what: str) -> dict[str, Any]:
    if not isinstance(key, str) or key not in table:
        raise LookupError(f"no {what} {key}")
    return table[key]


def _session(state: State, token: Any) -> dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) else None
    if session is None:
        raise PermissionError("not signed in, or the session has ended; sign in")
    return session


def requires(*roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The call needs a session token and, with roles, one of them (the director may make every call)."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def call(state: State, token: str, **kwargs: Any) -> Any:
            session = _session(state, token)
            if roles and session["role"] not in roles and session["role"] != DIRECTOR:
                raise PermissionError(f"a {session['role'].replace('_', ' ')} may not make this call")
            return fn(state, token, **kwargs)

        return call

    return wrap


def _who(state: State, token: str) -> dict[str, Any]:
    return state.sessions[token]


def _client_out(cid: str, c: dict[str, Any]) -> Client:
    return Client(client_id=cid, name=c["name"], email=c["email"], phone=c["phone"], address=c["address"])


def _survey_out(sid: str, s: dict[str, Any]) -> Survey:
    return Survey(survey_id=sid, client_id=s["client"], site=s["site"], survey_type=s["type"], surveyed_on=s["on"])


def _quote_out(state: State, qid: str) -> Quote:
    q = state.quotes[qid]
    return Quote(quote_id=qid, survey_id=q["survey"], client_id=state.surveys[q["survey"]]["client"],
                 category=q["category"], materials=list(q["materials"]), price=q["price"], valid_until=q["valid"],
                 quote_status=q["status"])


def _job_out(state: State, jid: str) -> Job:
    j = state.jobs[jid]
    return Job(job_id=jid, client_id=j["client"], site=state.surveys[j["survey"]]["site"], category=j["category"],
               price=j["price"], job_status=j["status"], planned_start=j["start"],
               deposit_invoice_id=j["deposit_invoice"], deposit=state.invoices[j["deposit_invoice"]]["amount"])


def _operative_out(oid: str, o: dict[str, Any]) -> Operative:
    return Operative(operative_id=oid, name=o["name"], date_of_birth=o["born"], qualification=o["qualification"],
                     training_until=o["training"], medical_until=o["medical"], face_fits=[list(f) for f in o["fits"]])


def _invoice_out(iid: str, inv: dict[str, Any]) -> Invoice:
    return Invoice(invoice_id=iid, client_id=inv["client"], job_id=inv["job"], item=inv["item"],
                   amount=inv["amount"], issued_on=inv["issued"], due_on=inv["due"],
                   invoice_status="paid" if inv["paid"] else "unpaid")


def _raise_invoice(state: State, client: str, job: str, item: str, amount: float) -> str:
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = _inv(client, job, item, round(amount, 2), TODAY)
    return iid


def _bags_left(state: State, jid: str) -> int:
    j = state.jobs[jid]
    sent = sum(n["bags"] for n in state.waste_notes.values() if n["job"] == jid)
    return (j["bags"] or 0) - sent


# --------------------------------------------------------------------------- sign-in and the public lists


def sign_in(state: State, username: str, password: str) -> Session:
    """Signs a member of staff, or the independent analyst, in with a user name such as gaius.w and a password, and
    returns the session with the token every other call needs (but work_categories and waste_sites)."""
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise PermissionError("unknown user name or wrong password")
    token = f"tas-{username.split('.')[0]}-{_next(state, 'session')}"
    state.sessions[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], signed_in=f"{TODAY} {NOW}")


@requires()
def sign_out(state: State, token: str) -> str:
    """Ends the session whose token is given, with a sentence saying who signed out."""
    session = state.sessions.pop(token)
    return f"{session['name']} is signed out; token {token} has ended."


def work_categories() -> list[list[Any]]:
    """The contractor's published work categories, as rows of the category's code, the work, whether it is licensed
    work and the rate in pounds a square metre."""
    return [list(row) for row in CATEGORIES]


def waste_sites() -> list[list[Any]]:
    """The waste sites the contractor uses, as rows of the site's code, its name, its environmental permit and
    whether it takes asbestos waste."""
    return [list(row) for row in WASTE_SITES]


# --------------------------------------------------------------------------- clients, surveys and quotes


@requires()
def find_client(state: State, token: str, name: str | None = None) -> list[Client]:
    """Finds clients whose name contains the text given (every client when no name is given)."""
    if name is not None and not isinstance(name, str):
        raise ValueError("name is text")
    return [_client_out(cid, c) for cid, c in sorted(state.clients.items())
            if name is None or name.strip().lower() in c["name"].lower()]


@requires(SURVEYOR)
def add_client(state: State, token: str, name: str, email: str, phone: str, address: str) -> Client:
    """Takes on a new client (the surveyor's call) with its name, e-mail address, telephone number and postal
    address, and returns the client."""
    if _blank(name) or _blank(phone) or _blank(address):
        raise ValueError("name, phone and address are required")
    if not isinstance(email, str) or not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
        raise ValueError(f"{email} is not an e-mail address")
    for cid, c in state.clients.items():
        if c["name"].lower() == name.strip().lower():
            raise RuntimeError(f"{name} is client {cid} already")
    cid = f"CL-{_next(state, 'client')}"
    state.clients[cid] = {"name": name.strip(), "email": email, "phone": phone.strip(), "address": address.strip()}
    return _client_out(cid, state.clients[cid])


@requires(SURVEYOR)
def record_survey(state: State, token: str, client_id: str, site: str, survey_type: SurveyType,
                  surveyed_on: str) -> Survey:
    """Records an asbestos survey of a client's site (the surveyor's call): the client's id, the site's address, the
    kind of survey (management, refurbishment or demolition) and the day it was made, no later than today. Returns
    the survey, to which its materials are then added."""
    _get(state.clients, client_id, "client")
    if _blank(site):
        raise ValueError("site is required")
    if survey_type not in ("management", "refurbishment", "demolition"):
        raise ValueError("survey_type is management, refurbishment or demolition")
    if _date(surveyed_on) is None:
        raise ValueError(f"{surveyed_on} is not a date (YYYY-MM-DD)")
    if surveyed_on > TODAY:
        raise RuntimeError("a survey is recorded once it is made")
    sid = f"SV-{_next(state, 'survey')}"
    state.surveys[sid] = {"client": client_id, "site": site.strip(), "type": survey_type, "on": surveyed_on}
    return _survey_out(sid, state.surveys[sid])


@requires()
def surveys(state: State, token: str, client_id: str | None = None) -> list[Survey]:
    """Lists the surveys on record, oldest first, or only one client's when a client's id is given."""
    if client_id is not None:
        _get(state.clients, client_id, "client")
    return [_survey_out(sid, s) for sid, s in sorted(state.surveys.items())
            if client_id is None or s["client"] == client_id]


@requires(SURVEYOR)
def add_material(state: State, token: str, survey_id: str, location: str, kind: MaterialKind, condition: Condition,
                 quantity_m2: float) -> Material:
    """Adds an asbestos-containing material a survey found (the surveyor's call): where it is, what it is (lagging,
    aib, sprayed_coating, textured_coating or cement), its condition (good, damaged or poor) and how many square
    metres of it there are. Returns the material."""
    _get(state.surveys, survey_id, "survey")
    try:
        kind = MaterialKind(kind)
    except ValueError:
        raise ValueError(f"no kind of material {kind}") from None
    if _blank(location):
        raise ValueError("location is required")
    if condition not in ("good", "damaged", "poor"):
        raise ValueError("condition is good, damaged or poor")
    if not _number(quantity_m2) or quantity_m2 <= 0:
        raise ValueError("quantity_m2 is a number of square metres")
    mid = f"M-{_next(state, 'material')}"
    state.materials[mid] = {"survey": survey_id, "location": location.strip(), "kind": kind.value,
                            "condition": condition, "m2": float(quantity_m2)}
    return Material(material_id=mid, survey_id=survey_id, location=location.strip(), kind=kind.value,
                    condition=condition, quantity_m2=float(quantity_m2))


@requires()
def survey_detail(state: State, token: str, survey_id: str) -> SurveyDetail:
    """Shows a survey in full, with its materials as rows of the material's id, where it is, what it is, its
    condition and its square metres."""
    s = _get(state.surveys, survey_id, "survey")
    rows = [[mid, m["location"], m["kind"], m["condition"], m["m2"]] for mid, m in sorted(state.materials.items())
            if m["survey"] == survey_id]
    return SurveyDetail(**_survey_out(survey_id, s).model_dump(), materials=rows)


@requires(SURVEYOR)
def quote_job(state: State, token: str, survey_id: str, material_ids: list[str], category_code: str) -> Quote:
    """Prices the removal of some of a survey's materials (the surveyor's call) in one work category, given by its
    code from work_categories: the category's rate on their square metres and a setting-up charge. Returns the
    quote, valid for thirty days."""
    _get(state.surveys, survey_id, "survey")
    if not isinstance(material_ids, list) or not material_ids or not all(isinstance(m, str) for m in material_ids):
        raise ValueError("material_ids is a list of material ids")
    if not isinstance(category_code, str) or category_code not in RATE:
        raise LookupError(f"no work category {category_code}")
    if len(set(material_ids)) != len(material_ids):
        raise ValueError("a material is listed twice")
    for mid in material_ids:
        m = _get(state.materials, mid, "material")
        if m["survey"] != survey_id:
            raise RuntimeError(f"{mid} is not a material of {survey_id}")
        if CATEGORY_OF[m["kind"]] != category_code:
            raise RuntimeError(f"{m['kind'].replace('_', ' ')} is removed as {CATEGORY_OF[m['kind']]} work")
    for qid, q in state.quotes.items():
        if sorted(q["materials"]) == sorted(material_ids) and q["status"] == "open":
            raise RuntimeError(f"those materials are quoted already ({qid})")
    m2 = sum(state.materials[mid]["m2"] for mid in material_ids)
    price = round(m2 * RATE[category_code] + SETUP, 2)
    qid = f"QT-{_next(state, 'quote')}"
    valid = _add_days(TODAY, 30)
    state.quotes[qid] = {"survey": survey_id, "category": category_code, "materials": list(material_ids),
                         "price": price, "valid": valid, "status": "open"}
    return _quote_out(state, qid)


@requires()
def quotes(state: State, token: str, client_id: str | None = None, status: QuoteStatus | None = None) -> list[Quote]:
    """Lists quotes, oldest first, optionally only one client's or only those open or accepted."""
    if client_id is not None:
        _get(state.clients, client_id, "client")
    if status is not None and status not in ("open", "accepted"):
        raise ValueError("status is open or accepted")
    return [_quote_out(state, qid) for qid, q in sorted(state.quotes.items())
            if (client_id is None or state.surveys[q["survey"]]["client"] == client_id)
            and (status is None or q["status"] == status)]


@requires(CONTRACTS)
def accept_quote(state: State, token: str, quote_id: str, client_order_ref: str, planned_start: str) -> Job:
    """Turns a quote the client has accepted into a job (the contracts manager's call), with the client's order
    reference and the planned start; the deposit is invoiced at once. Returns the job with its deposit invoice."""
    q = _get(state.quotes, quote_id, "quote")
    if _blank(client_order_ref):
        raise ValueError("client_order_ref is required")
    if _date(planned_start) is None:
        raise ValueError(f"{planned_start} is not a date (YYYY-MM-DD)")
    if q["status"] != "open":
        raise RuntimeError(f"{quote_id} is accepted already")
    if q["valid"] < TODAY:
        raise RuntimeError(f"{quote_id} ran out on {q['valid']}")
    if planned_start < TODAY:
        raise RuntimeError("the planned start is in the past")
    client = state.surveys[q["survey"]]["client"]
    jid = f"JB-{_next(state, 'job')}"
    inv = _raise_invoice(state, client, jid, f"Deposit {jid}", q["price"] * DEPOSIT)
    state.jobs[jid] = _job(client, q["survey"], q["category"], q["price"], "accepted", planned_start, inv,
                           order=client_order_ref.strip())
    q["status"] = "accepted"
    return _job_out(state, jid)


# --------------------------------------------------------------------------- jobs, papers, plans and notification


@requires()
def jobs(state: State, token: str, status: JobStatus | None = None, client_id: str | None = None) -> list[Job]:
    """Lists jobs, oldest first, optionally only those in one state (accepted, notified, removing, removed, cleared
    or completed) or only one client's."""
    if status is not None and status not in ("accepted", "notified", "removing", "removed", "cleared", "completed"):
        raise ValueError(f"no job status {status}")
    if client_id is not None:
        _get(state.clients, client_id, "client")
    return [_job_out(state, jid) for jid, j in sorted(state.jobs.items())
            if (status is None or j["status"] == status) and (client_id is None or j["client"] == client_id)]


@requires()
def job_detail(state: State, token: str, job_id: str) -> JobDetail:
    """Shows a job in full: its papers, plan of work, notification, enclosures, team, decontamination unit, air tests,
    waste notes, clearance certificate and invoices."""
    j = _get(state.jobs, job_id, "job")
    plan = None
    if j["plan"]:
        pid, p = j["plan"]
        plan = [pid, p["method"], p["rpe"], p["approved"]]
    return JobDetail(
        **_job_out(state, job_id).model_dump(),
        documents=[[d[0], kind, d[1]] for kind, d in j["docs"].items()],
        plan=plan, notification=list(j["notification"]) if j["notification"] else None,
        enclosures=[[eid, e["m2"], e["air_changes"], e["smoke"]] for eid, e in sorted(state.enclosures.items())
                    if e["job"] == job_id],
        team=[list(t) for t in j["team"]], decontamination_unit=j["dcu"],
        air_tests=[[aid, a["stage"], a["fibres"], a["on"]] for aid, a in sorted(state.air_tests.items())
                   if a["job"] == job_id],
        bags_removed=j["bags"],
        waste_notes=[[nid, n["site"], n["bags"]] for nid, n in sorted(state.waste_notes.items())
                     if n["job"] == job_id],
        certificate=j["certificate"],
        invoices=[[iid, inv["item"], inv["amount"], "paid" if inv["paid"] else "unpaid"]
                  for iid, inv in sorted(state.invoices.items()) if inv["job"] == job_id],
    )


@requires(CONTRACTS)
def upload_document(state: State, token: str, job_id: str, kind: JobDoc, reference: str) -> Document:
    """Files one of a job's papers (the contracts manager's call): the site drawing, the emergency plan or the waste
    route, with its reference. A new paper of a kind replaces the old. Returns the document."""
    j = _get(state.jobs, job_id, "job")
    try:
        kind = JobDoc(kind)
    except ValueError:
        raise ValueError(f"no kind of paper {kind}") from None
    if _blank(reference):
        raise ValueError("reference is required")
    if j["status"] == "completed":
        raise RuntimeError(f"{job_id} is completed")
    held = j["docs"].get(kind.value)
    if held and held[1] == reference.strip():
        raise RuntimeError(f"{reference} is filed for {job_id} already ({held[0]})")
    did = f"JD-{_next(state, 'document')}"
    j["docs"][kind.value] = [did, reference.strip()]
    state.documents[did] = {"job": job_id, "kind": kind.value, "reference": reference.strip()}
    return Document(document_id=did, job_id=job_id, kind=kind.value, reference=reference.strip(), uploaded_on=TODAY)


@requires()
def respirators(state: State, token: str) -> list[list[Any]]:
    """The respirators the contractor holds, as rows of the respirator's code, what it is and its assigned
    protection factor."""
    return [list(row) for row in RPE]


@requires(SUPERVISOR)
def draft_plan(state: State, token: str, job_id: str, method: Method, respirator_code: str,
               enclosure_m2: float) -> Plan:
    """Writes a job's plan of work (the supervisor's call): the removal method (controlled_wet, wet_injection,
    glovebag or dry_stripping), the respirator the team wears, by its code from respirators, and the enclosure's
    floor area in square metres. A new draft replaces one not yet approved. Returns the plan, awaiting approval."""
    j = _get(state.jobs, job_id, "job")
    try:
        method = Method(method)
    except ValueError:
        raise ValueError(f"no removal method {method}") from None
    if not isinstance(respirator_code, str) or respirator_code not in APF:
        raise LookupError(f"no respirator {respirator_code}")
    if not _number(enclosure_m2) or enclosure_m2 <= 0:
        raise ValueError("enclosure_m2 is a number of square metres")
    if j["status"] != "accepted":
        raise RuntimeError(f"{job_id} is {j['status']}; its plan is settled")
    if j["category"] in LICENSED:
        if method is Method.DRY_STRIPPING:
            raise RuntimeError("dry stripping is not allowed for licensed work")
        if APF[respirator_code] < LICENSED_APF:
            raise RuntimeError(f"licensed work needs a respirator with a protection factor of {LICENSED_APF} or more")
    if method is Method.GLOVEBAG and j["category"] != "LIC-LAG":
        raise RuntimeError("glovebags are for pipe lagging")
    if j["plan"] and j["plan"][1]["approved"]:
        raise RuntimeError(f"{job_id}'s plan {j['plan'][0]} is approved already")
    pid = f"PW-{_next(state, 'plan'):04d}"
    j["plan"] = [pid, {"method": method.value, "rpe": respirator_code, "m2": float(enclosure_m2), "approved": False,
                       "by": None}]
    return Plan(plan_id=pid, job_id=job_id, method=method.value, respirator=respirator_code,
                enclosure_m2=float(enclosure_m2), approved=False, approved_by=None)


@requires(CONTRACTS)
def approve_plan(state: State, token: str, plan_id: str) -> Plan:
    """Approves a plan of work (the contracts manager's call) and returns it."""
    for jid, j in state.jobs.items():
        if j["plan"] and j["plan"][0] == plan_id:
            p = j["plan"][1]
            if p["approved"]:
                raise RuntimeError(f"{plan_id} is approved already")
            p["approved"] = True
            p["by"] = _who(state, token)["name"]
            return Plan(plan_id=plan_id, job_id=jid, method=p["method"], respirator=p["rpe"], enclosure_m2=p["m2"],
                        approved=True, approved_by=p["by"])
    raise LookupError(f"no plan of work {plan_id}")


@requires(CONTRACTS)
def notify_authority(state: State, token: str, job_id: str, planned_start: str,
                     waiver_ref: str | None = None) -> Notification:
    """Notifies the enforcing authority of a job's licensed work (the contracts manager's call), with the day the
    removal is to start and, for an emergency, the reference of the authority's waiver of the notice period. The
    plan of work must be approved and the site drawing and emergency plan filed. Returns the notification."""
    j = _get(state.jobs, job_id, "job")
    if _date(planned_start) is None:
        raise ValueError(f"{planned_start} is not a date (YYYY-MM-DD)")
    if waiver_ref is not None and (not isinstance(waiver_ref, str) or not WAIVER_FORM.fullmatch(waiver_ref.strip())):
        raise ValueError(f"{waiver_ref} is not a waiver reference (HSE-WV- and five digits)")
    if j["notification"]:
        raise RuntimeError(f"{job_id} is notified already ({j['notification'][0]})")
    if j["category"] not in LICENSED:
        raise RuntimeError(f"{j['category']} work is not licensed work; it is not notified this way")
    if not j["plan"]:
        raise RuntimeError(f"{job_id} has no plan of work")
    if not j["plan"][1]["approved"]:
        raise RuntimeError(f"{job_id}'s plan of work {j['plan'][0]} is not approved")
    for kind in ("site_drawing", "emergency_plan"):
        if kind not in j["docs"]:
            raise RuntimeError(f"{job_id} has no {kind.replace('_', ' ')} filed")
    if planned_start < TODAY:
        raise RuntimeError("the start is in the past")
    if waiver_ref is None and _days_from_today(planned_start) < NOTICE_DAYS:
        raise RuntimeError(f"the authority is given {NOTICE_DAYS} days' notice unless it waives it")
    ref = f"ASB5-{_next(state, 'notification')}"
    j["notification"] = [ref, TODAY, planned_start, waiver_ref.strip() if waiver_ref else None]
    j["status"] = "notified"
    return Notification(notification_ref=ref, job_id=job_id, notified_on=TODAY, start_from=planned_start,
                        waiver=j["notification"][3])


# --------------------------------------------------------------------------- enclosures


@requires(SUPERVISOR)
def build_enclosure(state: State, token: str, job_id: str, area_m2: float, airlocks: int) -> Enclosure:
    """Records an enclosure built for a job (the supervisor's call), with its floor area and its number of airlock
    chambers. Returns the enclosure, which is then given its air extraction and smoke-tested."""
    j = _get(state.jobs, job_id, "job")
    if not _number(area_m2) or area_m2 <= 0:
        raise ValueError("area_m2 is a number of square metres")
    if not _whole(airlocks) or airlocks < 0:
        raise ValueError("airlocks is a whole number")
    if j["status"] not in ("accepted", "notified"):
        raise RuntimeError(f"{job_id} is {j['status']}")
    if airlocks < AIRLOCKS:
        raise RuntimeError(f"an enclosure has a {AIRLOCKS}-stage airlock")
    eid = f"ENC-{_next(state, 'enclosure')}"
    state.enclosures[eid] = {"job": job_id, "m2": float(area_m2), "airlocks": airlocks, "air_changes": None,
                             "smoke": None}
    return Enclosure(enclosure_id=eid, job_id=job_id, area_m2=float(area_m2), airlocks=airlocks, air_changes=None,
                     smoke_test=None)


@requires(SUPERVISOR)
def set_air_extraction(state: State, token: str, enclosure_id: str, air_changes: int) -> str:
    """Sets an enclosure's negative pressure units to give so many air changes an hour (the supervisor's call), and
    says so in a sentence."""
    e = _get(state.enclosures, enclosure_id, "enclosure")
    if not _whole(air_changes) or air_changes <= 0:
        raise ValueError("air_changes is a whole number an hour")
    if air_changes < AIR_CHANGES:
        raise RuntimeError(f"an enclosure has {AIR_CHANGES} air changes an hour at least")
    if e["air_changes"] == air_changes:
        raise RuntimeError(f"{enclosure_id} is set to {air_changes} air changes already")
    e["air_changes"] = air_changes
    e["smoke"] = None
    return f"{enclosure_id} on {e['job']} is extracting {air_changes} air changes an hour."


@requires(SUPERVISOR)
def smoke_test(state: State, token: str, enclosure_id: str, passed: bool, notes: str) -> str:
    """Records the smoke test of an enclosure under extraction (the supervisor's call), whether it passed and what
    was seen, and says so in a sentence."""
    e = _get(state.enclosures, enclosure_id, "enclosure")
    if not isinstance(passed, bool):
        raise ValueError("passed is true or false")
    if _blank(notes):
        raise ValueError("notes are required")
    if e["air_changes"] is None:
        raise RuntimeError(f"{enclosure_id} has no air extraction set; a smoke test is made under extraction")
    if e["smoke"] == "passed":
        raise RuntimeError(f"{enclosure_id} has passed its smoke test already")
    e["smoke"] = "passed" if passed else "failed"
    return f"{enclosure_id} on {e['job']} {'passed' if passed else 'FAILED'} its smoke test: {notes.strip()}."


# --------------------------------------------------------------------------- operatives


@requires()
def operatives(state: State, token: str, qualification: Qualification | None = None) -> list[list[Any]]:
    """The operatives, or only the supervisors or only the operatives, as rows of the operative's id, name,
    qualification, medical valid until and the respirators they have passed a face fit for."""
    if qualification is not None and qualification not in ("supervisor", "operative"):
        raise ValueError("qualification is supervisor or operative")
    return [[oid, o["name"], o["qualification"], o["medical"], [f[0] for f in o["fits"] if f[2]]]
            for oid, o in sorted(state.operatives.items())
            if qualification is None or o["qualification"] == qualification]


@requires(COMPLIANCE)
def register_operative(state: State, token: str, name: str, date_of_birth: str, qualification: Qualification,
                       training_until: str) -> Operative:
    """Registers a new operative (the compliance officer's call) with their name, date of birth, qualification
    (supervisor or operative) and the day their asbestos training runs out. Returns the operative, with no medical
    or face fit yet."""
    if _blank(name):
        raise ValueError("name is required")
    if _date(date_of_birth) is None or _date(training_until) is None:
        raise ValueError("dates are YYYY-MM-DD")
    if qualification not in ("supervisor", "operative"):
        raise ValueError("qualification is supervisor or operative")
    if training_until < TODAY:
        raise RuntimeError(f"the training ran out on {training_until}")
    for oid, o in state.operatives.items():
        if o["name"].lower() == name.strip().lower() and o["born"] == date_of_birth:
            raise RuntimeError(f"{name} is operative {oid} already")
    oid = f"OP-{_next(state, 'operative')}"
    state.operatives[oid] = _op(name.strip(), date_of_birth, qualification, training_until, None, [])
    return _operative_out(oid, state.operatives[oid])


@requires(COMPLIANCE)
def record_medical(state: State, token: str, operative_id: str, examined_on: str, doctor: str,
                   fit: bool) -> Medical:
    """Records an operative's medical examination under the health surveillance rules (the compliance officer's
    call): the day of the examination, the appointed doctor and whether the operative is fit for the work. Returns
    the medical with the day it runs out."""
    o = _get(state.operatives, operative_id, "operative")
    if _date(examined_on) is None:
        raise ValueError(f"{examined_on} is not a date (YYYY-MM-DD)")
    if _blank(doctor):
        raise ValueError("doctor is required")
    if not isinstance(fit, bool):
        raise ValueError("fit is true or false")
    if examined_on > TODAY or _days_from_today(examined_on) < -MEDICAL_RECENT:
        raise RuntimeError(f"a medical is recorded within {MEDICAL_RECENT} days of the examination")
    until = _add_days(examined_on, 365 * MEDICAL_YEARS)
    if fit and o["medical"] == until:
        raise RuntimeError(f"{operative_id}'s medical of {examined_on} is recorded already")
    mid = f"MED-{_next(state, 'medical')}"
    state.medicals[mid] = {"operative": operative_id, "on": examined_on, "doctor": doctor.strip(), "fit": fit}
    o["medical"] = until if fit else None
    return Medical(medical_id=mid, operative_id=operative_id, examined_on=examined_on, doctor=doctor.strip(),
                   fit=fit, valid_until=until if fit else examined_on)


@requires(COMPLIANCE)
def record_face_fit(state: State, token: str, operative_id: str, respirator_code: str, passed: bool,
                    tester: str) -> FaceFit:
    """Records a face-fit test of an operative in a respirator (the compliance officer's call), given by its code
    from respirators: whether it passed and who tested. Returns the test."""
    o = _get(state.operatives, operative_id, "operative")
    if not isinstance(respirator_code, str) or respirator_code not in APF:
        raise LookupError(f"no respirator {respirator_code}")
    if not isinstance(passed, bool):
        raise ValueError("passed is true or false")
    if _blank(tester):
        raise ValueError("tester is required")
    if any(f[0] == respirator_code and f[1] == TODAY for f in o["fits"]):
        raise RuntimeError(f"{operative_id} was face-fit tested in {respirator_code} today already")
    fid = f"FF-{_next(state, 'face_fit')}"
    o["fits"] = [f for f in o["fits"] if f[0] != respirator_code] + [[respirator_code, TODAY, passed]]
    state.face_fits[fid] = {"operative": operative_id, "rpe": respirator_code, "passed": passed,
                            "tester": tester.strip()}
    return FaceFit(face_fit_id=fid, operative_id=operative_id, respirator=respirator_code, passed=passed,
                   tested_on=TODAY, tester=tester.strip())


@requires(CONTRACTS)
def assign_operative(state: State, token: str, job_id: str, operative_id: str, role: TeamRole) -> Assignment:
    """Puts an operative on a job's team as its supervisor or as an operative (the contracts manager's call). The
    job needs its plan of work written (its respirator), and the operative a current medical, a passed face fit in
    that respirator and current training. Returns the assignment with the team's size."""
    j = _get(state.jobs, job_id, "job")
    o = _get(state.operatives, operative_id, "operative")
    if role not in ("supervisor", "operative"):
        raise ValueError("role is supervisor or operative")
    if j["status"] not in ("accepted", "notified"):
        raise RuntimeError(f"{job_id} is {j['status']}")
    if any(t[0] == operative_id for t in j["team"]):
        raise RuntimeError(f"{operative_id} is on {job_id}'s team already")
    if role == "supervisor" and o["qualification"] != "supervisor":
        raise RuntimeError(f"{operative_id} is not qualified to supervise")
    if role == "supervisor" and any(t[1] == "supervisor" for t in j["team"]):
        raise RuntimeError(f"{job_id} has its supervisor already")
    if not j["plan"]:
        raise RuntimeError(f"{job_id} has no plan of work, so no respirator to fit")
    if o["training"] < TODAY:
        raise RuntimeError(f"{operative_id}'s training ran out on {o['training']}")
    if not o["medical"] or o["medical"] < TODAY:
        raise RuntimeError(f"{operative_id} has no current medical (one counts for {MEDICAL_YEARS} years)")
    rpe = j["plan"][1]["rpe"]
    fit = next((f for f in o["fits"] if f[0] == rpe and f[2]), None)
    if fit is None or _days_from_today(fit[1]) < -FACE_FIT_DAYS:
        raise RuntimeError(f"{operative_id} has no passed face fit in {rpe} within the last {FACE_FIT_DAYS} days")
    j["team"].append([operative_id, role])
    return Assignment(job_id=job_id, operative_id=operative_id, name=o["name"], role=role, team_size=len(j["team"]))


# --------------------------------------------------------------------------- decontamination units and air tests


@requires()
def dcu_units(state: State, token: str) -> list[list[Any]]:
    """The decontamination units, as rows of the unit's code, what it is and where it is (available, in for
    service, or the job it is on)."""
    return [[code, d["description"], "in for service" if d["service"] else (d["job"] or "available")]
            for code, d in sorted(state.dcus.items())]


@requires(CONTRACTS, SUPERVISOR)
def book_dcu(state: State, token: str, job_id: str, unit_code: str) -> DcuBooking:
    """Books an available decontamination unit, by its code from dcu_units, onto a job (the contracts manager's or
    the supervisor's call), and returns the booking."""
    j = _get(state.jobs, job_id, "job")
    d = _get(state.dcus, unit_code, "decontamination unit")
    if j["status"] not in ("accepted", "notified"):
        raise RuntimeError(f"{job_id} is {j['status']}")
    if j["dcu"]:
        raise RuntimeError(f"{job_id} has {j['dcu']} already")
    if d["service"] or d["job"]:
        raise RuntimeError(f"{unit_code} is {'in for service' if d['service'] else 'on ' + d['job']}")
    d["job"] = job_id
    j["dcu"] = unit_code
    return DcuBooking(job_id=job_id, unit=unit_code, description=d["description"], booked_on=TODAY)


@requires(ANALYST)
def record_air_test(state: State, token: str, job_id: str, stage: AirStage, fibres_per_ml: float) -> AirTest:
    """Records the independent analyst's air test on a job (the analyst's call): its stage (background before the
    work, leak or personal during it) and the fibre count in fibres a millilitre. Returns the test."""
    j = _get(state.jobs, job_id, "job")
    if stage not in ("background", "leak", "personal"):
        raise ValueError("stage is background, leak or personal")
    if not _number(fibres_per_ml) or fibres_per_ml < 0:
        raise ValueError("fibres_per_ml is a number")
    if stage == "background" and j["status"] not in ("accepted", "notified"):
        raise RuntimeError("a background test is taken before the removal starts")
    if stage != "background" and j["status"] != "removing":
        raise RuntimeError(f"{job_id} is {j['status']}; {stage} tests are taken during the removal")
    aid = f"AT-{_next(state, 'air_test')}"
    who = _who(state, token)["name"]
    state.air_tests[aid] = {"job": job_id, "stage": stage, "fibres": float(fibres_per_ml), "by": who, "on": TODAY}
    return AirTest(air_test_id=aid, job_id=job_id, stage=stage, fibres_per_ml=float(fibres_per_ml), analyst=who,
                   taken_on=TODAY)


# --------------------------------------------------------------------------- removal, clearance and waste


@requires(SUPERVISOR)
def start_removal(state: State, token: str, job_id: str) -> str:
    """Starts the removal on a notified job (the supervisor's call) once everything is in place, and says so in a
    sentence."""
    j = _get(state.jobs, job_id, "job")
    if j["status"] == "removing":
        raise RuntimeError(f"{job_id}'s removal started on {j['started']}")
    if j["status"] != "notified" or not j["notification"]:
        raise RuntimeError(f"{job_id} is not notified to the enforcing authority")
    if TODAY < j["notification"][2]:
        raise RuntimeError(f"{job_id} may start from {j['notification'][2]}")
    if not any(e["job"] == job_id and e["smoke"] == "passed" for e in state.enclosures.values()):
        raise RuntimeError(f"{job_id} has no enclosure that has passed its smoke test")
    roles = [t[1] for t in j["team"]]
    if "supervisor" not in roles or roles.count("operative") < OPERATIVES_NEEDED:
        raise RuntimeError(f"a removal needs a supervisor and {OPERATIVES_NEEDED} operatives on the team")
    if not j["dcu"]:
        raise RuntimeError(f"{job_id} has no decontamination unit")
    if not any(a["job"] == job_id and a["stage"] == "background" for a in state.air_tests.values()):
        raise RuntimeError(f"{job_id} has no background air test")
    if not state.invoices[j["deposit_invoice"]]["paid"]:
        raise RuntimeError(f"{job_id}'s deposit ({j['deposit_invoice']}) is unpaid")
    j["status"] = "removing"
    j["started"] = TODAY
    return f"Removal on {job_id} started {TODAY} {NOW}, notification {j['notification'][0]}."


@requires(SUPERVISOR)
def finish_removal(state: State, token: str, job_id: str, bags: int, notes: str) -> str:
    """Records the removal finished on a job (the supervisor's call), with the number of double-bagged waste sacks it
    filled and a note, and says so in a sentence."""
    j = _get(state.jobs, job_id, "job")
    if not _whole(bags) or bags <= 0:
        raise ValueError("bags is a whole number")
    if _blank(notes):
        raise ValueError("notes are required")
    if j["status"] != "removing":
        raise RuntimeError(f"{job_id} is {j['status']}; its removal has not started" if j["status"] in
                           ("accepted", "notified") else f"{job_id} is {j['status']}")
    j["status"] = "removed"
    j["bags"] = bags
    return f"Removal on {job_id} finished with {bags} bags of waste: {notes.strip()}."


@requires(ANALYST)
def four_stage_clearance(state: State, token: str, job_id: str, visual_passed: bool,
                         fibres_per_ml: float) -> Clearance:
    """Records the analyst's four-stage clearance of a job's enclosure (the analyst's call): whether the visual
    inspection passed and the clearance air test's fibre count. A pass gives the certificate of reoccupation."""
    j = _get(state.jobs, job_id, "job")
    if not isinstance(visual_passed, bool):
        raise ValueError("visual_passed is true or false")
    if not _number(fibres_per_ml) or fibres_per_ml < 0:
        raise ValueError("fibres_per_ml is a number")
    if j["status"] == "cleared":
        raise RuntimeError(f"{job_id} is cleared already ({j['certificate']})")
    if j["status"] != "removed":
        raise RuntimeError(f"{job_id}'s removal is not finished")
    if not visual_passed:
        raise RuntimeError("the visual inspection failed; clean again and call the analyst back")
    if fibres_per_ml >= CLEARANCE:
        raise RuntimeError(f"the clearance air test is under {CLEARANCE} fibres a millilitre; clean again")
    cid = f"CR-{_next(state, 'certificate'):04d}"
    who = _who(state, token)["name"]
    state.certificates[cid] = {"job": job_id, "fibres": float(fibres_per_ml), "by": who, "on": TODAY}
    j["certificate"] = cid
    j["status"] = "cleared"
    return Clearance(certificate_id=cid, job_id=job_id, fibres_per_ml=float(fibres_per_ml), analyst=who,
                     issued_on=TODAY)


@requires(SUPERVISOR)
def consign_waste(state: State, token: str, job_id: str, site_code: str, bags: int) -> WasteNote:
    """Consigns a job's waste sacks to a waste site, by its code from waste_sites, on a hazardous waste consignment
    note (the supervisor's call). Returns the note, with the sacks left to consign."""
    j = _get(state.jobs, job_id, "job")
    if not isinstance(site_code, str) or site_code not in WASTE:
        raise LookupError(f"no waste site {site_code}")
    if not _whole(bags) or bags <= 0:
        raise ValueError("bags is a whole number")
    if j["status"] not in ("removed", "cleared"):
        raise RuntimeError(f"{job_id}'s removal is not finished")
    if not WASTE[site_code][3]:
        raise RuntimeError(f"{WASTE[site_code][1]} does not take asbestos waste")
    left = _bags_left(state, job_id)
    if left == 0:
        raise RuntimeError(f"{job_id}'s waste is all consigned")
    if bags > left:
        raise RuntimeError(f"{job_id} has {left} bags left to consign")
    nid = f"HWC-{_next(state, 'waste')}"
    state.waste_notes[nid] = {"job": job_id, "site": site_code, "bags": bags, "on": TODAY}
    return WasteNote(consignment_note=nid, job_id=job_id, site=site_code, bags=bags, bags_left=left - bags,
                     consigned_on=TODAY)


@requires(CONTRACTS)
def complete_job(state: State, token: str, job_id: str) -> Job:
    """Completes a cleared job (the contracts manager's call) once all its waste is consigned, and returns it."""
    j = _get(state.jobs, job_id, "job")
    if j["status"] == "completed":
        raise RuntimeError(f"{job_id} is completed already")
    if j["status"] != "cleared" or not j["certificate"]:
        raise RuntimeError(f"{job_id} has no certificate of reoccupation")
    if _bags_left(state, job_id):
        raise RuntimeError(f"{job_id} has {_bags_left(state, job_id)} bags of waste not consigned")
    j["status"] = "completed"
    for code, d in state.dcus.items():
        if d["job"] == job_id:
            d["job"] = None
    return _job_out(state, job_id)


# --------------------------------------------------------------------------- accounts


@requires(ACCOUNTS)
def invoice_job(state: State, token: str, job_id: str) -> Invoice:
    """Invoices a completed job's balance, its price less the deposit (accounts' call), and returns the invoice."""
    j = _get(state.jobs, job_id, "job")
    if j["final_invoice"]:
        raise RuntimeError(f"{job_id} is invoiced already ({j['final_invoice']})")
    if j["status"] != "completed":
        raise RuntimeError(f"{job_id} is not completed")
    deposit = state.invoices[j["deposit_invoice"]]["amount"]
    iid = _raise_invoice(state, j["client"], job_id, f"Balance {job_id}", j["price"] - deposit)
    j["final_invoice"] = iid
    return _invoice_out(iid, state.invoices[iid])


@requires()
def invoices(state: State, token: str, client_id: str | None = None,
             status: InvoiceStatus | None = None) -> list[Invoice]:
    """Lists invoices, oldest first, optionally only one client's or only those unpaid or paid."""
    if client_id is not None:
        _get(state.clients, client_id, "client")
    if status is not None and status not in ("unpaid", "paid"):
        raise ValueError("status is unpaid or paid")
    return [_invoice_out(iid, inv) for iid, inv in sorted(state.invoices.items())
            if (client_id is None or inv["client"] == client_id)
            and (status is None or (inv["paid"] is not None) == (status == "paid"))]


@requires(ACCOUNTS)
def record_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Receipt:
    """Records a client's payment of an invoice in full (accounts' call), by bacs, card or cheque, and returns the
    receipt."""
    inv = _get(state.invoices, invoice_id, "invoice")
    if not _number(amount):
        raise ValueError("amount is a number of pounds")
    if method not in ("bacs", "card", "cheque"):
        raise ValueError("method is bacs, card or cheque")
    if inv["paid"]:
        raise RuntimeError(f"{invoice_id} was paid on {inv['paid']}")
    if round(float(amount), 2) != inv["amount"]:
        raise RuntimeError(f"{invoice_id} is paid in full: {inv['amount']:.2f}")
    rid = f"RCT-{_next(state, 'receipt')}"
    inv["paid"] = TODAY
    state.receipts[rid] = {"invoice": invoice_id, "amount": inv["amount"], "method": method}
    return Receipt(receipt_id=rid, invoice_id=invoice_id, amount=inv["amount"], method=method, paid_on=TODAY)


@requires()
def amount_outstanding(state: State, token: str, client_id: str) -> float:
    """What a client owes on its unpaid invoices, in pounds."""
    _get(state.clients, client_id, "client")
    return round(sum(inv["amount"] for inv in state.invoices.values()
                     if inv["client"] == client_id and not inv["paid"]), 2)


TOOLS = [
    sign_in, sign_out, work_categories, waste_sites, find_client, add_client, record_survey, surveys, add_material,
    survey_detail, quote_job, quotes, accept_quote, jobs, job_detail, upload_document, respirators, draft_plan,
    approve_plan, notify_authority, build_enclosure, set_air_extraction, smoke_test, operatives, register_operative,
    record_medical, record_face_fit, assign_operative, dcu_units, book_dcu, record_air_test, start_removal,
    finish_removal, four_stage_clearance, consign_waste, complete_job, invoice_job, invoices, record_payment,
    amount_outstanding,
]

FIXTURES = {
    "contractor": "Thrushgill Asbestos Services Ltd, licensed asbestos removal contractor, Unit 7 Coldbeck Yard, "
                  "Hessleby",
    "today": "Tuesday 8 October 2058, 07:30",
    "staff": [
        {"name": "Persis Blanchflower", "role": "surveyor", "username": "persis.b", "password": "Bulk-Sample-44"},
        {"name": "Gaius Umpleby", "role": "contracts manager", "username": "gaius.w", "password": "Plan-Of-Work-19"},
        {"name": "Brannoc Tregidgo", "role": "supervisor", "username": "brannoc.t",
         "password": "Three-Stage-Airlock-72"},
        {"name": "Ismay Oldroyd", "role": "compliance officer", "username": "ismay.h",
         "password": "Face-Fit-Log-35"},
        {"name": "Vashti Rountree", "role": "analyst (independent laboratory)", "username": "vashti.r",
         "password": "Fibre-Count-58"},
        {"name": "Ysobel Nunnerley", "role": "accounts", "username": "ysobel.n", "password": "Sales-Ledger-26"},
        {"name": "Berengar Rawnsley", "role": "director", "username": "berengar.f",
         "password": "Licence-Holder-81"},
    ],
    "emergency": {
        "client": "Thornegill Brewery Ltd",
        "survey": "a refurbishment survey made this morning of the boiler house, Thornegill Brewery, Mill Lane, "
                  "Oxenby: 18 square metres of lagging in poor condition on the boiler and steam main, broken open "
                  "by a steam leak",
        "order": "the brewery's order THG-PO-7731 accepts the quote; work starts today; the deposit is paid by BACS",
        "papers": "site drawing DRG-THG-0108 and emergency plan EP-THG-0108",
        "plan": "controlled wet removal in full-face masks with P3 filters, an enclosure of 24 square metres",
        "waiver": "the enforcing authority has waived the notice period, reference HSE-WV-40917",
        "site": "the enclosure is built with a three-stage airlock, extracting 10 air changes an hour, and passes "
                "its smoke test; Jenifer Stansfield supervises Tiernan Skidmore and Caoimhe Scholey; the modular "
                "decontamination unit goes to site; the background air test reads 0.003 fibres a millilitre",
    },
    "new_client": "Pendrift Community Hall Trust, hall@pendrift-trust.example, telephone 01632 961 377, The "
                  "Community Hall, Chapel Brow, Pendrift; a management survey of the hall was made on Monday 30 "
                  "September 2058 and found 12 square metres of damaged asbestos insulating board behind the stage",
    "new_operative": "Morcant Lydgate, born 19 May 2027, an operative whose asbestos training runs to 31 August 2059; "
                     "examined by Dr Enda Haverholme on Thursday 3 October 2058 and fit; face-fit tested by Ismay "
                     "Oldroyd in the full-face mask, a pass",
    "notes": [
        "Ferelith Pentreath was examined by Dr Enda Haverholme on Monday 7 October 2058 and is fit",
        "Fiachra Gaukroger passed his face-fit test in the full-face mask this morning, tested by Ismay Oldroyd",
        "the Highways Depot job's plan of work needs Ferelith Pentreath, Fiachra Gaukroger and Caoimhe Scholey as "
        "operatives",
        "the Carder Row job starts this morning and finishes with 30 bags; the swimming baths' plant room is "
        "finished today with 48 bags, consigned to Harlowmoor",
        "Muiresk Academy's science block passes its four-stage clearance at 0.004 fibres a millilitre",
        "the Wigeon Court job's 20 bags go to Askerby Transfer Station",
        "the Oxenby Library job is invoiced and the council pays by BACS",
        "Muiresk Academy Trust pays the sports hall deposit by cheque",
        "the caretaker's house demolition at Muiresk starts on Monday 11 November 2058",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "work_categories", "waste_sites")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CLIENT_CONSUMERS = ["record_survey", "amount_outstanding"]
SURVEY_CONSUMERS = ["add_material", "survey_detail", "quote_job"]
NEW_JOB_CONSUMERS = ["upload_document", "draft_plan", "build_enclosure", "assign_operative", "book_dcu"]
JOB_CONSUMERS = ["job_detail", "notify_authority", "record_air_test", "start_removal", "finish_removal",
                 "four_stage_clearance", "consign_waste", "complete_job", "invoice_job"]
ENCLOSURE_CONSUMERS = ["set_air_extraction", "smoke_test"]
OPERATIVE_CONSUMERS = ["record_medical", "record_face_fit", "assign_operative"]
_CLIENT = "id lookup/create: client (client_id of a find_client entry, or of add_client's client)"
_SURVEY = "id lookup/create: survey (survey_id of record_survey's survey, or of a surveys entry)"
_NEW_JOB = "id lookup/create: job (job_id of accept_quote's job, or of a jobs entry)"
_JOB = "id lookup: job (job_id of a jobs entry)"
_ENCLOSURE = "id create: enclosure (enclosure_id of build_enclosure)"
_OPERATIVE = "id lookup/create: operative (the first column of an operatives row, or register_operative's id)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_client|add_client", c, _CLIENT) for c in CLIENT_CONSUMERS]
    + [("record_survey|surveys", c, _SURVEY) for c in SURVEY_CONSUMERS]
    + [("accept_quote|jobs", c, _NEW_JOB) for c in NEW_JOB_CONSUMERS]
    + [("jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("build_enclosure", c, _ENCLOSURE) for c in ENCLOSURE_CONSUMERS]
    + [("operatives|register_operative", c, _OPERATIVE) for c in OPERATIVE_CONSUMERS]
    + [
        ("add_material|survey_detail", "quote_job", "id lookup/create: materials (material_id of add_material, or "
         "the first column of a survey_detail materials row)"),
        ("quote_job|quotes", "accept_quote", "id lookup/create: quote (quote_id of quote_job's quote, or of a quotes "
         "entry)"),
        ("draft_plan", "approve_plan", "id create: plan of work (plan_id of draft_plan)"),
        ("accept_quote|invoices", "record_payment", "id lookup/create: invoice (deposit_invoice_id of accept_quote's "
         "job with its deposit, or invoice_id of an invoices entry with its amount)"),
        ("invoice_job", "record_payment", "id create: balance invoice (invoice_id of invoice_job, with its amount)"),
        ("work_categories", "quote_job", "vocabulary: the work category codes (the first column of a work_categories "
         "row)"),
        ("waste_sites", "consign_waste", "vocabulary: the waste site codes (the first column of a waste_sites row)"),
        ("respirators", "draft_plan", "vocabulary: the respirator codes (the first column of a respirators row)"),
        ("respirators", "record_face_fit", "vocabulary: the respirator codes (the first column of a respirators "
         "row)"),
        ("dcu_units", "book_dcu", "vocabulary: the decontamination unit codes (the first column of a dcu_units "
         "row)"),
        ("approve_plan", "notify_authority", "approval: the plan of work approved by the contracts manager"),
        ("record_medical", "assign_operative", "vetting: the operative's medical current (health surveillance)"),
        ("record_face_fit", "assign_operative", "vetting: a passed face fit in the plan's respirator"),
        ("upload_document", "notify_authority", "document: the site drawing and the emergency plan filed"),
        ("four_stage_clearance", "complete_job", "document: the certificate of reoccupation"),
        ("set_air_extraction", "smoke_test", "setting: the enclosure's air extraction (air changes an hour)"),
        ("notify_authority", "start_removal", "state: the job notified to the enforcing authority, its start due"),
        ("smoke_test", "start_removal", "state: an enclosure that has passed its smoke test"),
        ("assign_operative", "start_removal", "state: a supervisor and two operatives on the team"),
        ("book_dcu", "start_removal", "state: a decontamination unit on the job"),
        ("record_air_test", "start_removal", "state: the background air test taken"),
        ("start_removal", "finish_removal", "state: the removal under way"),
        ("finish_removal", "four_stage_clearance", "state: the removal finished"),
        ("finish_removal", "consign_waste", "state: the removal finished (its bags counted)"),
        ("consign_waste", "complete_job", "state: all the job's waste consigned"),
        ("complete_job", "invoice_job", "state: the job completed"),
        ("draft_plan", "assign_operative", "state: the job's plan of work written (its respirator)"),
        ("record_payment", "start_removal", "payment: the job's deposit paid"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md): a reply that shows an id or a code to someone who
# did not give it, paired with the calls that take that kind of id or code. A new job's id (accept_quote) for the
# calls on a job; a client's id on a survey, a quote, a job or an invoice for the calls on a client, and a found or
# new client's id for the lists a client filters; a job's detail for its plan (approve_plan), its enclosures
# (set_air_extraction, smoke_test), its team (record_medical, record_face_fit, assign_operative), its invoices
# (record_payment), its waste sites (consign_waste) and its plan's respirator (draft_plan, record_face_fit); a job's
# deposit invoice on the jobs list (record_payment); the respirators an operative is fitted for (record_face_fit,
# draft_plan).
_CLIENT_READERS = ("surveys", "survey_detail", "quote_job", "quotes", "accept_quote", "jobs", "job_detail",
                   "invoices")
PLAUSIBLE = (
    {("accept_quote", c) for c in JOB_CONSUMERS}
    | {(r, c) for r in _CLIENT_READERS for c in CLIENT_CONSUMERS}
    | {(r, c) for r in ("find_client", "add_client") for c in ("surveys", "quotes", "jobs", "invoices")}
    | {("job_detail", c) for c in ("approve_plan", "set_air_extraction", "smoke_test", "record_medical",
                                   "record_face_fit", "assign_operative", "record_payment", "consign_waste",
                                   "draft_plan")}
    | {("jobs", "record_payment"), ("operatives", "draft_plan")}
) - _DESIGNED
