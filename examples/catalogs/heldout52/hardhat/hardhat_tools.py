"""Hardhat: the operations system of Saltfleet Diving Services, an inshore commercial diving contractor's clients,
jobs, dive plans, divers and their papers, dive teams, diving equipment, breathing gas, dives, incidents and invoices
(38 calls).

Coroutines behind an ``on_shift`` decorator that checks the session and the role before the call runs, over an
in-memory ``State`` of the contractor on Tuesday 16 May 2056 at 07:00. The estimator takes on clients and opens jobs at
their sites (a deposit of one day's rate is invoiced). The operations manager files a job's papers, approves the
diving supervisor's dive plan, puts the dive team together, mobilises the job once its site authority is on file, its
plan approved, its team and kit in place and its deposit paid, and later completes it, closes its incidents and issues
the client's dive report. The diving supervisor drafts the plans, starts and ends the dives and reports incidents. The
personnel officer registers divers, files their medicals and certificates, verifies them with the issuing bodies and
records who is available. The technician inspects, issues and takes back the kit and analyses the breathing gas in
each bail-out cylinder. Accounts invoice completed jobs and record payments. The director may make every call. The
work types and the sites are public.

Refusals are *raised* as the module's own exception classes, all subclasses of ``HardhatError``: ``NotOnShift`` (no
session, a wrong password or the wrong role), ``NoSuchRecord`` (an unknown id or code), ``BadInput`` (a malformed
input), ``SafetyRule`` (a rule of the contractor's, or a record in the wrong state) and ``AlreadyDone`` (a change made
already), as in ``SafetyRule("JB-6123's deposit (INV-3312) is unpaid")``; the runtime records them as errors.

Annotations are evaluated at definition and spelled with ``typing`` (``Optional[str]``, ``List[str]``,
``List[List[Any]]``, ``Dict[str, Any]``), with ``Literal`` aliases and ``Enum``s. Docstrings are reStructuredText field
lists in the Sphinx manner (``:param name:`` with ``:type name:``, ``:returns:`` with ``:rtype:``). Replies are
dataclasses and lists of them (a session, clients, a job, a job's detail with its team, papers, kit issues, dives,
incidents and invoices as rows, a document, a dive plan, divers, a diver's record with papers and assignments as rows,
an assignment, an inspection, a kit issue, a gas analysis, a dive, an incident, invoices); the work types, the sites,
the divers list, the equipment, the cylinders and a job's dives as bare rows; a bare value (what is left to pay on an
invoice); sentences with ids in them (availability set, a diver released, kit returned, an incident closed, a dive
report issued, a sign-out). Typed inputs: a plain ``Enum`` input (``JobDocKind``), ``str`` ``Enum`` inputs
(``DiverDocKind``, ``PayMethod``), ``Literal`` inputs (a qualification, a team role, a gas, an incident's severity) and
``Literal`` filters (jobs, divers, cylinders, invoices), a ``List[str]`` of equipment items, ``bool`` settings and
answers, ``int`` minutes, ``float`` depths, gas readings and amounts, ``Optional[str]`` details and filters. Ids look
alike: client ``CLI-2044``, job ``JB-6123``, document ``DOC-8806``, dive plan ``DP-455``, diver ``DV-124``, assignment
``AS-0906``, equipment ``EQ-302``, kit issue ``IS-0702``, cylinder ``CYL-5502``, dive ``DIVE-9104``, incident
``INC-0207``, invoice ``INV-3312``, dive report ``DR-1146``; sites ``HRT``, work types ``INSP``. The gases' depth
limits, the no-stop times, the work types that may plan decompression, the medical's validity, a medical's reference
form, the inspection interval, the kit a job mobilises with, the analyser's tolerances and the team a job needs are
stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Awaitable, Callable, Dict, List, Literal, Optional

TODAY = "2056-05-16"  # a Tuesday
NOW = "07:00"
ESTIMATOR = "estimator"
OPERATIONS = "operations_manager"
SUPERVISOR = "diving_supervisor"
PERSONNEL = "personnel"
TECHNICIAN = "technician"
ACCOUNTS = "accounts"
DIRECTOR = "director"

Qualification = Literal["supervisor", "surface_supplied", "scuba", "tender"]
TeamRole = Literal["supervisor", "diver", "standby", "tender"]
Gas = Literal["air", "nitrox32", "nitrox36"]
Severity = Literal["near_miss", "minor", "reportable"]
JobStatus = Literal["planned", "mobilised", "completed"]
InvoiceStatus = Literal["unpaid", "paid"]


class JobDocKind(Enum):
    RISK_ASSESSMENT = "risk_assessment"
    METHOD_STATEMENT = "method_statement"
    SITE_AUTHORITY = "site_authority"


class DiverDocKind(str, Enum):
    MEDICAL = "medical"
    DIVING_CERTIFICATE = "diving_certificate"
    FIRST_AID = "first_aid"


class PayMethod(str, Enum):
    BACS = "bacs"
    CARD = "card"
    CHEQUE = "cheque"


WORK_TYPES = [  # code, description, minimum team, day rate
    ["INSP", "Underwater inspection and survey", 3, 1200.0],
    ["HULL", "Hull cleaning and propeller polishing", 3, 950.0],
    ["REPR", "Structural repair, concrete and steel", 4, 2500.0],
    ["SALV", "Salvage and recovery", 4, 3000.0],
    ["CUTW", "Underwater cutting and welding", 5, 2800.0],
]
WORK = {row[0]: row for row in WORK_TYPES}
SITES = [  # code, site, maximum depth (m), water
    ["SFQ", "Saltfleet Quay", 12.0, "tidal"],
    ["CSP", "Carrack Sound ferry pier", 18.0, "tidal"],
    ["HRT", "Holmreach reservoir draw-off tower", 28.0, "fresh"],
    ["DMO", "Dunmarrow outfall", 9.0, "tidal"],
    ["FNL", "Fennel Locks, lock 3 gates", 6.0, "fresh"],
]
SITE = {row[0]: row for row in SITES}
MOD = {"air": 50.0, "nitrox32": 33.0, "nitrox36": 28.0}
OXYGEN = {"air": 20.9, "nitrox32": 32.0, "nitrox36": 36.0}
OXYGEN_TOLERANCE = 0.5
CO_LIMIT = 5.0
NO_STOP = [(10, 219), (12, 147), (15, 75), (18, 51), (21, 35), (24, 25), (27, 20), (30, 17)]
DECOMPRESSION_WORK = ("REPR", "SALV", "CUTW")
MEDICAL_DAYS = 365
INSPECTION_DAYS = 183
MOBILISING_KIT = ("helmet", "umbilical", "bailout")
MEDICAL_FORM = re.compile(r"AME-\d{4}/\d{6}")

# --------------------------------------------------------------------------- refusals


class HardhatError(Exception):
    """Base class of the operations system's refusals."""


class NotOnShift(HardhatError):
    """No session, a wrong password, or a role that may not make the call."""


class NoSuchRecord(HardhatError):
    """An id or a code the system does not hold."""


class BadInput(HardhatError):
    """A malformed input."""


class SafetyRule(HardhatError):
    """A rule of the contractor's, or a record in the wrong state."""


class AlreadyDone(HardhatError):
    """A change made already."""


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str
    signed_in: str


@dataclass
class Client:
    client_id: str
    company: str
    contact_email: str
    billing_address: str


@dataclass
class Job:
    job_id: str
    client_id: str
    site_code: str
    work_type: str
    start_date: str
    scope: str
    job_status: str
    deposit_invoice_id: str
    deposit: float


@dataclass
class JobDetail:
    job_id: str
    client_id: str
    site_code: str
    work_type: str
    job_status: str
    plan_id: Optional[str]
    plan_status: Optional[str]
    team: List[List[Any]]
    documents: List[List[Any]]
    issues: List[List[Any]]
    dives: List[List[Any]]
    incidents: List[List[Any]]
    invoices: List[List[Any]]


@dataclass
class Document:
    document_id: str
    owner_id: str
    kind: str
    reference: str
    issued_on: str
    verified: bool


@dataclass
class DivePlan:
    plan_id: str
    job_id: str
    max_depth_m: float
    gas: str
    bottom_time_min: int
    decompression: bool
    plan_status: str


@dataclass
class Diver:
    diver_id: str
    name: str
    date_of_birth: str
    qualification: str
    available: bool


@dataclass
class DiverRecord:
    diver_id: str
    name: str
    qualification: str
    available: bool
    unavailable_reason: Optional[str]
    documents: List[List[Any]]
    assignments: List[List[Any]]


@dataclass
class Assignment:
    assignment_id: str
    job_id: str
    diver_id: str
    role: str


@dataclass
class Inspection:
    item_id: str
    kind: str
    inspected_on: str
    passed: bool
    item_status: str


@dataclass
class Issue:
    issue_id: str
    job_id: str
    item_ids: List[str]
    issued_on: str


@dataclass
class GasAnalysis:
    cylinder_id: str
    gas: str
    oxygen_percent: float
    carbon_monoxide_ppm: float
    analysed_on: str


@dataclass
class Dive:
    dive_id: str
    job_id: str
    diver_id: str
    cylinder_id: str
    left_surface: str
    max_depth_m: Optional[float]
    bottom_time_min: Optional[int]
    dive_status: str
    within_plan: Optional[bool]


@dataclass
class Incident:
    incident_id: str
    dive_id: str
    job_id: str
    severity: str
    description: str
    incident_status: str


@dataclass
class Invoice:
    invoice_id: str
    client_id: str
    job_id: str
    kind: str
    amount: float
    paid: float
    invoice_status: str


# --------------------------------------------------------------------------- state


def _job(client: str, site: str, work: str, start: str, scope: str, status: str, deposit: str,
         **more: Any) -> Dict[str, Any]:
    job = {"client": client, "site": site, "work": work, "start": start, "scope": scope, "status": status,
           "deposit": deposit, "plan": None, "mobilised": None, "completed": None, "final": None, "report": None}
    job.update(more)
    return job


def _diver(name: str, born: str, qualification: str, available: bool = True,
           reason: Optional[str] = None) -> Dict[str, Any]:
    return {"name": name, "born": born, "qualification": qualification, "available": available, "reason": reason}


class State:
    """Saltfleet Diving Services on Tuesday 16 May 2056 at 07:00."""

    def __init__(self) -> None:
        self.staff = {
            "walerand.p": {"name": "Walerand Penwright", "password": "Tender-Quote-24", "role": ESTIMATOR},
            "agathe.v": {"name": "Agathe Venables-Bligh", "password": "Mobilise-Board-71", "role": OPERATIONS},
            "meurig.p": {"name": "Meurig Polgreen", "password": "Bell-Panel-39", "role": SUPERVISOR},
            "iola.g": {"name": "Iola Greenhow", "password": "Medical-Folder-58", "role": PERSONNEL},
            "baldric.w": {"name": "Baldric Wendt", "password": "Analyser-Valve-46", "role": TECHNICIAN},
            "glesni.t": {"name": "Glesni Tuckey", "password": "Ledger-Tide-13", "role": ACCOUNTS},
            "jonty.r": {"name": "Jonty Rathbone", "password": "Harbour-Chief-82", "role": DIRECTOR},
        }
        self.sessions: Dict[str, Dict[str, Any]] = {}
        self.clients: Dict[str, Dict[str, Any]] = {
            "CLI-2041": {"company": "Saltfleet Harbour Commissioners", "email": "engineer@saltfleet-harbour.example",
                         "address": "Harbour Office, Quay Street, Saltfleet"},
            "CLI-2044": {"company": "Carrack Sound Ferries Ltd", "email": "fleet@carrack-ferries.example",
                         "address": "Ferry Terminal, Carrack"},
            "CLI-2047": {"company": "Holmreach Water plc", "email": "reservoirs@holmreach-water.example",
                         "address": "Holmreach House, Dam Road, Holmreach"},
            "CLI-2050": {"company": "Dunmarrow District Council", "email": "coastal@dunmarrow.example",
                         "address": "Council Offices, Castle Green, Dunmarrow"},
        }
        self.jobs: Dict[str, Dict[str, Any]] = {
            "JB-6120": _job("CLI-2041", "SFQ", "INSP", "2056-05-15", "Annual inspection of the quay wall and fender "
                            "piles", "mobilised", "INV-3301", plan="DP-451", mobilised="2056-05-15"),
            "JB-6123": _job("CLI-2044", "CSP", "HULL", "2056-05-16", "Hull clean and propeller polish, MV Carrack Maid",
                            "planned", "INV-3312", plan="DP-453"),
            "JB-6126": _job("CLI-2047", "HRT", "INSP", "2056-05-16", "Inspection of the draw-off tower's intake "
                            "screens", "planned", "INV-3315", plan="DP-455"),
            "JB-6128": _job("CLI-2050", "DMO", "REPR", "2056-05-12", "Concrete repairs to the outfall's diffuser "
                            "heads", "mobilised", "INV-3296", plan="DP-449", mobilised="2056-05-12"),
        }
        self.plans: Dict[str, Dict[str, Any]] = {
            "DP-449": {"job": "JB-6128", "depth": 8.0, "gas": "air", "time": 60, "deco": False, "status": "approved"},
            "DP-451": {"job": "JB-6120", "depth": 10.0, "gas": "air", "time": 45, "deco": False, "status": "approved"},
            "DP-453": {"job": "JB-6123", "depth": 6.0, "gas": "air", "time": 90, "deco": False, "status": "approved"},
            "DP-455": {"job": "JB-6126", "depth": 20.0, "gas": "air", "time": 30, "deco": False, "status": "drafted"},
        }
        self.divers: Dict[str, Dict[str, Any]] = {
            "DV-118": _diver("Meurig Polgreen", "2010-02-19", "supervisor"),
            "DV-121": _diver("Enfys Birtles", "2022-10-05", "surface_supplied"),
            "DV-124": _diver("Garmon Wetheral", "2019-06-28", "surface_supplied"),
            "DV-127": _diver("Mererid Ashcott", "2024-03-14", "surface_supplied"),
            "DV-130": _diver("Eurig Nethercott", "2016-12-01", "surface_supplied", False, "Annual leave"),
            "DV-133": _diver("Rhonwen Scattercombe", "2012-09-09", "supervisor"),
            "DV-136": _diver("Tobyn Prickett", "2030-04-17", "tender"),
            "DV-139": _diver("Owena Cressey", "2027-01-23", "scuba"),
        }
        self.documents: Dict[str, Dict[str, Any]] = {}
        for n, (owner, kind, ref, issued) in enumerate([
            ("DV-118", "medical", "AME-1187/551204", "2055-09-12"), ("DV-118", "diving_certificate", "HSE-SS-0310442",
                                                                       "2036-05-02"),
            ("DV-121", "medical", "AME-2214/558810", "2056-01-20"), ("DV-121", "diving_certificate", "HSE-SS-0431970",
                                                                       "2047-08-15"),
            ("DV-124", "medical", "AME-1187/553377", "2055-11-03"), ("DV-124", "diving_certificate", "HSE-SS-0402215",
                                                                       "2044-03-21"),
            ("DV-127", "medical", "AME-2214/559486", "2056-02-27"), ("DV-127", "diving_certificate", "HSE-SS-0446120",
                                                                       "2050-06-30"),
            ("DV-130", "medical", "AME-1187/552901", "2055-12-08"), ("DV-130", "diving_certificate", "HSE-SS-0377548",
                                                                       "2041-10-11"),
            ("DV-133", "medical", "AME-2214/560133", "2056-03-30"), ("DV-133", "diving_certificate", "HSE-SS-0352087",
                                                                       "2038-04-07"),
            ("DV-136", "medical", "AME-1187/547732", "2055-04-02"),
            ("DV-139", "medical", "AME-2214/560540", "2056-04-14"), ("DV-139", "diving_certificate", "HSE-SC-0459903",
                                                                       "2052-09-19"),
        ]):
            self.documents[f"DOC-{8770 + n}"] = {"owner": owner, "kind": kind, "reference": ref, "issued": issued,
                                                 "verified": True}
        for did, (job, kind, ref, issued) in {
            "DOC-8801": ("JB-6128", "risk_assessment", "RA-DMO-03", "2056-05-02"),
            "DOC-8802": ("JB-6128", "site_authority", "DDC/OUT/2056/11", "2056-05-05"),
            "DOC-8804": ("JB-6120", "risk_assessment", "RA-SFQ-07", "2056-05-08"),
            "DOC-8805": ("JB-6120", "site_authority", "SHC/WORKS/2056/031", "2056-05-09"),
            "DOC-8806": ("JB-6123", "risk_assessment", "RA-CSP-02", "2056-05-10"),
            "DOC-8807": ("JB-6123", "site_authority", "CSF/ENG/0448", "2056-05-11"),
            "DOC-8809": ("JB-6126", "risk_assessment", "RA-HRT-01", "2056-05-11"),
            "DOC-8810": ("JB-6126", "site_authority", "HW/RES/2056/072", "2056-05-12"),
        }.items():
            self.documents[did] = {"owner": job, "kind": kind, "reference": ref, "issued": issued, "verified": None}
        self.assignments: Dict[str, Dict[str, Any]] = {
            aid: {"job": job, "diver": diver, "role": role, "active": True}
            for aid, job, diver, role in [
                ("AS-0895", "JB-6128", "DV-133", "supervisor"), ("AS-0896", "JB-6128", "DV-127", "diver"),
                ("AS-0897", "JB-6128", "DV-124", "standby"), ("AS-0898", "JB-6128", "DV-136", "tender"),
                ("AS-0901", "JB-6120", "DV-118", "supervisor"), ("AS-0902", "JB-6120", "DV-121", "diver"),
                ("AS-0903", "JB-6120", "DV-124", "standby"),
                ("AS-0905", "JB-6123", "DV-118", "supervisor"), ("AS-0906", "JB-6123", "DV-124", "diver"),
                ("AS-0907", "JB-6123", "DV-121", "standby"),
                ("AS-0909", "JB-6126", "DV-133", "supervisor"), ("AS-0910", "JB-6126", "DV-127", "diver"),
                ("AS-0911", "JB-6126", "DV-139", "standby"),
            ]
        }
        self.equipment: Dict[str, Dict[str, Any]] = {}
        for item, kind, inspected, issue in [
            ("EQ-301", "helmet", "2056-04-20", None), ("EQ-302", "helmet", "2055-10-02", None),
            ("EQ-305", "umbilical", "2056-03-11", None), ("EQ-306", "umbilical", "2055-09-30", None),
            ("EQ-309", "compressor", "2056-02-14", None), ("EQ-311", "bailout", "2056-04-28", None),
            ("EQ-312", "comms", "2056-01-09", None), ("EQ-313", "bailout", "2055-08-19", None),
            ("EQ-315", "helmet", "2056-04-02", "IS-0701"), ("EQ-316", "umbilical", "2056-04-02", "IS-0701"),
            ("EQ-317", "bailout", "2056-04-02", "IS-0701"), ("EQ-320", "helmet", "2056-03-25", "IS-0702"),
            ("EQ-321", "umbilical", "2056-03-25", "IS-0702"), ("EQ-322", "bailout", "2056-03-25", "IS-0702"),
            ("EQ-324", "helmet", "2056-04-09", "IS-0703"), ("EQ-325", "umbilical", "2056-04-09", "IS-0703"),
            ("EQ-326", "bailout", "2056-04-09", "IS-0703"), ("EQ-328", "helmet", "2056-02-26", "IS-0698"),
            ("EQ-329", "umbilical", "2056-02-26", "IS-0698"), ("EQ-330", "bailout", "2056-02-26", "IS-0698"),
        ]:
            self.equipment[item] = {"kind": kind, "inspected": inspected, "status": "issued" if issue else "in store",
                                    "issue": issue}
        self.issues: Dict[str, Dict[str, Any]] = {
            "IS-0698": {"job": "JB-6128", "items": ["EQ-328", "EQ-329", "EQ-330"], "issued": "2056-05-12",
                        "returned": None},
            "IS-0701": {"job": "JB-6120", "items": ["EQ-315", "EQ-316", "EQ-317"], "issued": "2056-05-15",
                        "returned": None},
            "IS-0702": {"job": "JB-6123", "items": ["EQ-320", "EQ-321", "EQ-322"], "issued": "2056-05-15",
                        "returned": None},
            "IS-0703": {"job": "JB-6126", "items": ["EQ-324", "EQ-325", "EQ-326"], "issued": "2056-05-15",
                        "returned": None},
        }
        self.cylinders: Dict[str, Dict[str, Any]] = {
            "CYL-5501": {"gas": "air", "pressure": 200, "analysed": "2056-05-15", "oxygen": 20.8, "co": 0.6},
            "CYL-5502": {"gas": "air", "pressure": 232, "analysed": None, "oxygen": None, "co": None},
            "CYL-5504": {"gas": "nitrox32", "pressure": 200, "analysed": "2056-05-10", "oxygen": 32.1, "co": 0.2},
            "CYL-5507": {"gas": "air", "pressure": 210, "analysed": "2056-05-12", "oxygen": 20.9, "co": 0.4},
        }
        self.dives: Dict[str, Dict[str, Any]] = {
            "DIVE-9095": {"job": "JB-6128", "diver": "DV-127", "cylinder": "CYL-5507", "left": "2056-05-13 09:20",
                          "depth": 7.5, "time": 52, "status": "surfaced", "within": True},
            "DIVE-9098": {"job": "JB-6128", "diver": "DV-124", "cylinder": "CYL-5507", "left": "2056-05-15 10:05",
                          "depth": 8.0, "time": 48, "status": "surfaced", "within": True},
            "DIVE-9101": {"job": "JB-6120", "diver": "DV-121", "cylinder": "CYL-5501", "left": "2056-05-15 08:10",
                          "depth": 9.5, "time": 38, "status": "surfaced", "within": True},
            "DIVE-9104": {"job": "JB-6120", "diver": "DV-121", "cylinder": "CYL-5501", "left": "2056-05-16 06:15",
                          "depth": None, "time": None, "status": "in water", "within": None},
        }
        self.incidents: Dict[str, Dict[str, Any]] = {
            "INC-0207": {"dive": "DIVE-9098", "severity": "minor", "status": "open",
                         "description": "Cut to the left hand on exposed reinforcement at the diffuser head",
                         "findings": None},
        }
        self.invoices: Dict[str, Dict[str, Any]] = {
            "INV-3296": {"job": "JB-6128", "kind": "deposit", "amount": 2500.0, "paid": 2500.0},
            "INV-3301": {"job": "JB-6120", "kind": "deposit", "amount": 1200.0, "paid": 1200.0},
            "INV-3312": {"job": "JB-6123", "kind": "deposit", "amount": 950.0, "paid": 0.0},
            "INV-3315": {"job": "JB-6126", "kind": "deposit", "amount": 1200.0, "paid": 1200.0},
        }
        self.reports: Dict[str, str] = {}
        self.counters = {"session": 1, "client": 2053, "job": 6131, "document": 8812, "plan": 457, "diver": 142,
                         "assignment": 913, "issue": 705, "dive": 9106, "incident": 209, "invoice": 3318,
                         "report": 1146}


# --------------------------------------------------------------------------- the shift decorator and helpers


def _session(state: Any, token: Any, roles: tuple = ()) -> Dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) and state is not None else None
    if session is None:
        raise NotOnShift("not signed in, or the session has ended; sign in first")
    if roles and session["role"] != DIRECTOR and session["role"] not in roles:
        raise NotOnShift(f"{session['name']} ({session['role'].replace('_', ' ')}) may not make this call")
    return session


def on_shift(*roles: str) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """The call needs a session token; with roles, one of them (the director may make every call)."""

    def wrap(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(fn)
        async def call(state: State, token: str, **kwargs: Any) -> Any:
            _session(state, token, roles)
            return await fn(state, token, **kwargs)

        return call

    return wrap


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


def _get(table: Dict[str, Any], key: Any, what: str) -> Dict[str, Any]:
    if not isinstance(key, str) or key not in table:
        raise NoSuchRecord(f"no {what} {key}")
    return table[key]


def _enum(kind: Any, value: Any, what: str) -> str:
    if isinstance(value, kind):
        return value.value
    allowed = [m.value for m in kind]
    if value not in allowed:
        raise BadInput(f"{what} is one of {', '.join(allowed)}")
    return value


def _date(value: Any, what: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise BadInput(f"{what} is a date, YYYY-MM-DD") from None


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _job_reply(state: State, jid: str) -> Job:
    j = state.jobs[jid]
    return Job(job_id=jid, client_id=j["client"], site_code=j["site"], work_type=j["work"], start_date=j["start"],
               scope=j["scope"], job_status=j["status"], deposit_invoice_id=j["deposit"],
               deposit=state.invoices[j["deposit"]]["amount"])


def _document_reply(state: State, did: str) -> Document:
    d = state.documents[did]
    return Document(document_id=did, owner_id=d["owner"], kind=d["kind"], reference=d["reference"],
                    issued_on=d["issued"], verified=bool(d["verified"]))


def _plan_reply(state: State, pid: str) -> DivePlan:
    p = state.plans[pid]
    return DivePlan(plan_id=pid, job_id=p["job"], max_depth_m=p["depth"], gas=p["gas"], bottom_time_min=p["time"],
                    decompression=p["deco"], plan_status=p["status"])


def _diver_reply(state: State, did: str) -> Diver:
    d = state.divers[did]
    return Diver(diver_id=did, name=d["name"], date_of_birth=d["born"], qualification=d["qualification"],
                 available=d["available"])


def _dive_reply(state: State, did: str) -> Dive:
    d = state.dives[did]
    return Dive(dive_id=did, job_id=d["job"], diver_id=d["diver"], cylinder_id=d["cylinder"], left_surface=d["left"],
                max_depth_m=d["depth"], bottom_time_min=d["time"], dive_status=d["status"], within_plan=d["within"])


def _invoice_reply(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    return Invoice(invoice_id=iid, client_id=state.jobs[i["job"]]["client"], job_id=i["job"], kind=i["kind"],
                   amount=i["amount"], paid=round(i["paid"], 2),
                   invoice_status="paid" if i["paid"] >= i["amount"] else "unpaid")


def _team(state: State, jid: str) -> List[List[Any]]:
    return [[aid, a["diver"], state.divers[a["diver"]]["name"], a["role"]]
            for aid, a in sorted(state.assignments.items()) if a["job"] == jid and a["active"]]


def _good_paper(state: State, diver: str, kind: str) -> bool:
    for d in state.documents.values():
        if d["owner"] == diver and d["kind"] == kind and d["verified"]:
            if kind != "medical" or _days(d["issued"], TODAY) <= MEDICAL_DAYS:
                return True
    return False


def _no_stop(depth: float) -> Optional[int]:
    for band, minutes in NO_STOP:
        if depth <= band:
            return minutes
    return None


# --------------------------------------------------------------------------- sign-in and the public lists


async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign a member of staff in to operations.

    :param username: The user name, such as meurig.p.
    :type username: str
    :param password: The password.
    :type password: str
    :returns: The token (every call but sign_in, work_types and sites needs it), the name and the role.
    :rtype: Session
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise NotOnShift("unknown user name or wrong password")
    token = f"sds-{username.split('.')[0]}-{_next(state, 'session')}"
    state.sessions[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], signed_in=f"{TODAY} {NOW}")


@on_shift()
async def sign_out(state: State, token: str) -> str:
    """End a session.

    :param token: The session token.
    :type token: str
    :returns: A sentence saying who signed out.
    :rtype: str
    """
    who = state.sessions.pop(token)["name"]
    return f"{who} signed out of {token} at {NOW}."


async def work_types() -> List[List[Any]]:
    """The kinds of work the contractor takes on (public).

    :returns: Rows of [work type code, description, smallest dive team, day rate in pounds].
    :rtype: list of list
    """
    return [list(row) for row in WORK_TYPES]


async def sites() -> List[List[Any]]:
    """The sites the contractor is set up to dive (public).

    :returns: Rows of [site code, site, greatest depth in metres, water].
    :rtype: list of list
    """
    return [list(row) for row in SITES]


# --------------------------------------------------------------------------- clients and jobs


@on_shift()
async def find_client(state: State, token: str, text: str) -> List[Client]:
    """Find client companies by name.

    :param token: The session token.
    :type token: str
    :param text: Part of the company's name, such as "Holmreach".
    :type text: str
    :returns: The matching clients, by client id.
    :rtype: list of Client
    """
    if _blank(text) or len(text.strip()) < 3:
        raise BadInput("text is at least three letters of a company's name")
    t = text.strip().lower()
    return [Client(client_id=cid, company=c["company"], contact_email=c["email"], billing_address=c["address"])
            for cid, c in sorted(state.clients.items()) if t in c["company"].lower()]


@on_shift(ESTIMATOR)
async def add_client(state: State, token: str, company: str, contact_email: str, billing_address: str) -> Client:
    """Take on a new client company (the estimator's call).

    :param token: The session token.
    :type token: str
    :param company: The company's name.
    :type company: str
    :param contact_email: The address for plans, reports and invoices.
    :type contact_email: str
    :param billing_address: The postal address for invoices.
    :type billing_address: str
    :returns: The new client.
    :rtype: Client
    """
    if _blank(company) or _blank(billing_address):
        raise BadInput("company and billing_address are required")
    if _blank(contact_email) or not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", contact_email.strip()):
        raise BadInput("contact_email is an e-mail address")
    for cid, c in state.clients.items():
        if c["company"].lower() == company.strip().lower():
            raise AlreadyDone(f"{company.strip()} is a client already ({cid})")
    cid = f"CLI-{_next(state, 'client')}"
    state.clients[cid] = {"company": company.strip(), "email": contact_email.strip(),
                          "address": billing_address.strip()}
    return Client(client_id=cid, company=company.strip(), contact_email=contact_email.strip(),
                  billing_address=billing_address.strip())


@on_shift(ESTIMATOR)
async def open_job(state: State, token: str, client_id: str, site_code: str, work_type: str, start_date: str,
                   scope: str) -> Job:
    """Open a job for a client at one of the sites (the estimator's call); a deposit of one day's rate is invoiced.

    :param token: The session token.
    :type token: str
    :param client_id: The client.
    :type client_id: str
    :param site_code: The site, by its code in the sites list.
    :type site_code: str
    :param work_type: The kind of work, by its code in the work types.
    :type work_type: str
    :param start_date: The first day on site, YYYY-MM-DD.
    :type start_date: str
    :param scope: What is to be done, in words.
    :type scope: str
    :returns: The new job, with its deposit invoice.
    :rtype: Job
    """
    _get(state.clients, client_id, "client")
    if not isinstance(site_code, str) or site_code not in SITE:
        raise NoSuchRecord(f"no site {site_code}")
    if not isinstance(work_type, str) or work_type not in WORK:
        raise NoSuchRecord(f"no work type {work_type}")
    start = _date(start_date, "start_date")
    if _blank(scope):
        raise BadInput("scope is required")
    if not 0 <= _days(TODAY, start) <= 180:
        raise SafetyRule("a job starts between today and 180 days from now")
    jid = f"JB-{_next(state, 'job')}"
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"job": jid, "kind": "deposit", "amount": WORK[work_type][3], "paid": 0.0}
    state.jobs[jid] = _job(client_id, site_code, work_type, start, scope.strip(), "planned", iid)
    return _job_reply(state, jid)


@on_shift()
async def jobs(state: State, token: str, status: Optional[JobStatus] = None,
               client_id: Optional[str] = None) -> List[Job]:
    """List jobs.

    :param token: The session token.
    :type token: str
    :param status: Only jobs in this status.
    :type status: {'planned', 'mobilised', 'completed'}, optional
    :param client_id: Only this client's jobs.
    :type client_id: str, optional
    :returns: The jobs, by job id.
    :rtype: list of Job
    """
    if status is not None and status not in ("planned", "mobilised", "completed"):
        raise BadInput("status is planned, mobilised or completed")
    if client_id is not None:
        _get(state.clients, client_id, "client")
    return [_job_reply(state, jid) for jid, j in sorted(state.jobs.items())
            if (status is None or j["status"] == status) and (client_id is None or j["client"] == client_id)]


@on_shift()
async def job_detail(state: State, token: str, job_id: str) -> JobDetail:
    """A job in full.

    :param token: The session token.
    :type token: str
    :param job_id: The job, such as JB-6123.
    :type job_id: str
    :returns: The job with its plan, its team as [assignment id, diver id, name, role], papers as [document id, kind,
        reference], kit issues as [issue id, item ids, returned on], dives as [dive id, diver id, left surface, status],
        incidents as [incident id, dive id, severity, status] and invoices as [invoice id, kind, amount, paid].
    :rtype: JobDetail
    """
    j = _get(state.jobs, job_id, "job")
    plan = state.plans.get(j["plan"]) if j["plan"] else None
    return JobDetail(
        job_id=job_id, client_id=j["client"], site_code=j["site"], work_type=j["work"], job_status=j["status"],
        plan_id=j["plan"], plan_status=plan["status"] if plan else None, team=_team(state, job_id),
        documents=[[did, d["kind"], d["reference"]] for did, d in sorted(state.documents.items())
                   if d["owner"] == job_id],
        issues=[[iid, list(i["items"]), i["returned"]] for iid, i in sorted(state.issues.items())
                if i["job"] == job_id],
        dives=[[did, d["diver"], d["left"], d["status"]] for did, d in sorted(state.dives.items())
               if d["job"] == job_id],
        incidents=[[nid, n["dive"], n["severity"], n["status"]] for nid, n in sorted(state.incidents.items())
                   if state.dives[n["dive"]]["job"] == job_id],
        invoices=[[iid, i["kind"], i["amount"], i["paid"]] for iid, i in sorted(state.invoices.items())
                  if i["job"] == job_id])


@on_shift(OPERATIONS, SUPERVISOR)
async def file_job_document(state: State, token: str, job_id: str, kind: JobDocKind, reference: str,
                            issued_on: str) -> Document:
    """File a paper for a job: its risk assessment, method statement or the site owner's written authority to dive (the
    operations manager's or the supervisor's call).

    :param token: The session token.
    :type token: str
    :param job_id: The job.
    :type job_id: str
    :param kind: What the paper is.
    :type kind: {'risk_assessment', 'method_statement', 'site_authority'}
    :param reference: Its reference.
    :type reference: str
    :param issued_on: Its date, YYYY-MM-DD.
    :type issued_on: str
    :returns: The paper as filed.
    :rtype: Document
    """
    j = _get(state.jobs, job_id, "job")
    k = _enum(JobDocKind, kind, "kind")
    issued = _date(issued_on, "issued_on")
    if _blank(reference):
        raise BadInput("reference is required")
    if issued > TODAY:
        raise BadInput("issued_on is not in the future")
    if j["status"] == "completed":
        raise SafetyRule(f"{job_id} is completed")
    for did, d in state.documents.items():
        if d["owner"] == job_id and d["kind"] == k and d["reference"] == reference.strip():
            raise AlreadyDone(f"that paper is on file already ({did})")
    did = f"DOC-{_next(state, 'document')}"
    state.documents[did] = {"owner": job_id, "kind": k, "reference": reference.strip(), "issued": issued,
                            "verified": None}
    return _document_reply(state, did)


@on_shift(SUPERVISOR)
async def draft_dive_plan(state: State, token: str, job_id: str, max_depth_m: float, gas: Gas, bottom_time_min: int,
                          decompression: bool = False) -> DivePlan:
    """Draft a job's dive plan (the diving supervisor's call); a new draft replaces one not yet approved.

    :param token: The session token.
    :type token: str
    :param job_id: The job.
    :type job_id: str
    :param max_depth_m: The deepest the divers go, in metres.
    :type max_depth_m: float
    :param gas: The breathing gas.
    :type gas: {'air', 'nitrox32', 'nitrox36'}
    :param bottom_time_min: The longest bottom time of a dive, in minutes.
    :type bottom_time_min: int
    :param decompression: True when the dives are planned with decompression stops.
    :type decompression: bool, optional
    :returns: The plan, drafted for approval.
    :rtype: DivePlan
    """
    j = _get(state.jobs, job_id, "job")
    if not isinstance(gas, str) or gas not in MOD:
        raise BadInput("gas is air, nitrox32 or nitrox36")
    if not _number(max_depth_m) or max_depth_m <= 0 or not _whole(bottom_time_min) or bottom_time_min <= 0:
        raise BadInput("max_depth_m is a positive number and bottom_time_min a positive whole number")
    if not isinstance(decompression, bool):
        raise BadInput("decompression is true or false")
    if j["status"] != "planned":
        raise SafetyRule(f"{job_id} is {j['status']}; plans are drafted before mobilisation")
    if not any(d["owner"] == job_id and d["kind"] == "risk_assessment" for d in state.documents.values()):
        raise SafetyRule(f"{job_id} has no risk assessment on file")
    if j["plan"] and state.plans[j["plan"]]["status"] == "approved":
        raise SafetyRule(f"{job_id}'s plan {j['plan']} is approved already")
    if max_depth_m > SITE[j["site"]][2]:
        raise SafetyRule(f"{SITE[j['site']][1]} is {SITE[j['site']][2]:g} m at its deepest")
    if max_depth_m > MOD[gas]:
        raise SafetyRule(f"{gas} is breathed to {MOD[gas]:g} m at most")
    limit = _no_stop(max_depth_m)
    needs_stops = limit is None or bottom_time_min > limit
    if needs_stops and not decompression:
        raise SafetyRule(f"{bottom_time_min} minutes at {max_depth_m:g} m needs decompression stops (the no-stop "
                         f"time is {limit or 0} minutes)")
    if decompression and j["work"] not in DECOMPRESSION_WORK:
        raise SafetyRule(f"decompression diving is planned only for {', '.join(DECOMPRESSION_WORK)} work")
    if j["plan"]:
        state.plans[j["plan"]]["status"] = "superseded"
    pid = f"DP-{_next(state, 'plan')}"
    state.plans[pid] = {"job": job_id, "depth": float(max_depth_m), "gas": gas, "time": bottom_time_min,
                        "deco": decompression, "status": "drafted"}
    j["plan"] = pid
    return _plan_reply(state, pid)


@on_shift(OPERATIONS)
async def approve_dive_plan(state: State, token: str, plan_id: str) -> DivePlan:
    """Approve a drafted dive plan (the operations manager's call).

    :param token: The session token.
    :type token: str
    :param plan_id: The plan.
    :type plan_id: str
    :returns: The plan, approved.
    :rtype: DivePlan
    """
    p = _get(state.plans, plan_id, "dive plan")
    if p["status"] == "approved":
        raise AlreadyDone(f"{plan_id} is approved already")
    if p["status"] != "drafted":
        raise SafetyRule(f"{plan_id} is {p['status']}")
    p["status"] = "approved"
    return _plan_reply(state, plan_id)


# --------------------------------------------------------------------------- divers and their papers


@on_shift()
async def divers(state: State, token: str, qualification: Optional[Qualification] = None,
                 available_only: bool = False) -> List[List[Any]]:
    """The contractor's divers, supervisors and tenders.

    :param token: The session token.
    :type token: str
    :param qualification: Only people with this qualification.
    :type qualification: {'supervisor', 'surface_supplied', 'scuba', 'tender'}, optional
    :param available_only: Only people available for work.
    :type available_only: bool, optional
    :returns: Rows of [diver id, name, qualification, available].
    :rtype: list of list
    """
    if qualification is not None and qualification not in ("supervisor", "surface_supplied", "scuba", "tender"):
        raise BadInput("qualification is supervisor, surface_supplied, scuba or tender")
    return [[did, d["name"], d["qualification"], d["available"]] for did, d in sorted(state.divers.items())
            if (qualification is None or d["qualification"] == qualification)
            and (not available_only or d["available"])]


@on_shift()
async def find_diver(state: State, token: str, text: str) -> List[Diver]:
    """Find divers by name.

    :param token: The session token.
    :type token: str
    :param text: Part of a name, such as "Wetheral".
    :type text: str
    :returns: The matching divers, by diver id.
    :rtype: list of Diver
    """
    if _blank(text) or len(text.strip()) < 3:
        raise BadInput("text is at least three letters of a name")
    t = text.strip().lower()
    return [_diver_reply(state, did) for did in sorted(state.divers) if t in state.divers[did]["name"].lower()]


@on_shift(PERSONNEL)
async def register_diver(state: State, token: str, full_name: str, date_of_birth: str,
                         qualification: Qualification) -> Diver:
    """Register a new diver, supervisor or tender (the personnel officer's call).

    :param token: The session token.
    :type token: str
    :param full_name: The person's full name.
    :type full_name: str
    :param date_of_birth: YYYY-MM-DD.
    :type date_of_birth: str
    :param qualification: Their highest qualification.
    :type qualification: {'supervisor', 'surface_supplied', 'scuba', 'tender'}
    :returns: The new diver, available for work.
    :rtype: Diver
    """
    born = _date(date_of_birth, "date_of_birth")
    if _blank(full_name) or len(full_name.split()) < 2:
        raise BadInput("full_name is a first name and a surname")
    if qualification not in ("supervisor", "surface_supplied", "scuba", "tender"):
        raise BadInput("qualification is supervisor, surface_supplied, scuba or tender")
    if _days(born, TODAY) < 18 * 365:
        raise SafetyRule("a diver is at least 18")
    for did, d in state.divers.items():
        if d["name"].lower() == full_name.strip().lower() and d["born"] == born:
            raise AlreadyDone(f"{full_name.strip()} is registered already ({did})")
    did = f"DV-{_next(state, 'diver')}"
    state.divers[did] = _diver(full_name.strip(), born, qualification)
    return _diver_reply(state, did)


@on_shift()
async def diver_record(state: State, token: str, diver_id: str) -> DiverRecord:
    """A diver's record.

    :param token: The session token.
    :type token: str
    :param diver_id: The diver, such as DV-127.
    :type diver_id: str
    :returns: The diver with papers as [document id, kind, reference, issued on, verified] and assignments as
        [assignment id, job id, role].
    :rtype: DiverRecord
    """
    d = _get(state.divers, diver_id, "diver")
    return DiverRecord(
        diver_id=diver_id, name=d["name"], qualification=d["qualification"], available=d["available"],
        unavailable_reason=d["reason"],
        documents=[[did, x["kind"], x["reference"], x["issued"], bool(x["verified"])]
                   for did, x in sorted(state.documents.items()) if x["owner"] == diver_id],
        assignments=[[aid, a["job"], a["role"]] for aid, a in sorted(state.assignments.items())
                     if a["diver"] == diver_id and a["active"]])


@on_shift(PERSONNEL)
async def file_diver_document(state: State, token: str, diver_id: str, kind: DiverDocKind, reference: str,
                              issued_on: str) -> Document:
    """File a diver's paper: a diving medical, a diving certificate or a first aid certificate (the personnel officer's
    call).

    :param token: The session token.
    :type token: str
    :param diver_id: The diver.
    :type diver_id: str
    :param kind: What the paper is.
    :type kind: {'medical', 'diving_certificate', 'first_aid'}
    :param reference: Its number.
    :type reference: str
    :param issued_on: Its date, YYYY-MM-DD.
    :type issued_on: str
    :returns: The paper, filed and not yet verified.
    :rtype: Document
    """
    _get(state.divers, diver_id, "diver")
    k = _enum(DiverDocKind, kind, "kind")
    issued = _date(issued_on, "issued_on")
    if _blank(reference):
        raise BadInput("reference is required")
    if issued > TODAY:
        raise BadInput("issued_on is not in the future")
    if k == "medical" and not MEDICAL_FORM.fullmatch(reference.strip()):
        raise BadInput("a medical's reference is the examiner's number and the certificate's, such as "
                       "AME-0000/000000")
    for did, d in state.documents.items():
        if d["owner"] == diver_id and d["reference"] == reference.strip():
            raise AlreadyDone(f"that paper is on file already ({did})")
    did = f"DOC-{_next(state, 'document')}"
    state.documents[did] = {"owner": diver_id, "kind": k, "reference": reference.strip(), "issued": issued,
                            "verified": False}
    return _document_reply(state, did)


@on_shift(PERSONNEL)
async def verify_document(state: State, token: str, document_id: str, checked_with: str) -> Document:
    """Record that a diver's paper was checked with the body that issued it (the personnel officer's call).

    :param token: The session token.
    :type token: str
    :param document_id: The diver's paper.
    :type document_id: str
    :param checked_with: The register or body it was checked with.
    :type checked_with: str
    :returns: The paper, verified.
    :rtype: Document
    """
    d = _get(state.documents, document_id, "document")
    if _blank(checked_with):
        raise BadInput("checked_with names the register or body")
    if d["owner"] not in state.divers:
        raise SafetyRule(f"{document_id} is a job's paper; only divers' papers are verified")
    if d["verified"]:
        raise AlreadyDone(f"{document_id} is verified already")
    d["verified"] = True
    return _document_reply(state, document_id)


@on_shift(PERSONNEL)
async def set_availability(state: State, token: str, diver_id: str, available: bool,
                           reason: Optional[str] = None) -> str:
    """Record whether a diver is available for work (the personnel officer's call).

    :param token: The session token.
    :type token: str
    :param diver_id: The diver.
    :type diver_id: str
    :param available: True when available for work.
    :type available: bool
    :param reason: Why not, when unavailable.
    :type reason: str, optional
    :returns: A sentence with the diver and the availability.
    :rtype: str
    """
    d = _get(state.divers, diver_id, "diver")
    if not isinstance(available, bool):
        raise BadInput("available is true or false")
    if d["available"] == available:
        raise AlreadyDone(f"{diver_id} is {'available' if available else 'unavailable'} already")
    if not available and _blank(reason):
        raise BadInput("give the reason a diver is unavailable")
    d["available"] = available
    d["reason"] = None if available else reason.strip()
    return (f"{d['name']} ({diver_id}) is available for work from {TODAY}." if available
            else f"{d['name']} ({diver_id}) is unavailable from {TODAY}: {d['reason']}.")


@on_shift(OPERATIONS)
async def assign_diver(state: State, token: str, job_id: str, diver_id: str, role: TeamRole) -> Assignment:
    """Put a diver on a job's dive team (the operations manager's call).

    :param token: The session token.
    :type token: str
    :param job_id: The job.
    :type job_id: str
    :param diver_id: The diver.
    :type diver_id: str
    :param role: Their role in the team.
    :type role: {'supervisor', 'diver', 'standby', 'tender'}
    :returns: The assignment.
    :rtype: Assignment
    """
    j = _get(state.jobs, job_id, "job")
    d = _get(state.divers, diver_id, "diver")
    if role not in ("supervisor", "diver", "standby", "tender"):
        raise BadInput("role is supervisor, diver, standby or tender")
    if j["status"] == "completed":
        raise SafetyRule(f"{job_id} is completed")
    team = _team(state, job_id)
    if any(row[1] == diver_id for row in team):
        raise AlreadyDone(f"{diver_id} is on {job_id}'s team already")
    if not d["available"]:
        raise SafetyRule(f"{diver_id} is unavailable ({d['reason']})")
    q = d["qualification"]
    if role == "supervisor" and q != "supervisor":
        raise SafetyRule(f"{diver_id} is not a qualified supervisor")
    if role in ("diver", "standby") and q not in ("surface_supplied", "scuba", "supervisor"):
        raise SafetyRule(f"{diver_id} is not a qualified diver")
    if role == "supervisor" and any(row[3] == "supervisor" for row in team):
        raise SafetyRule(f"{job_id} has a supervisor already")
    if not _good_paper(state, diver_id, "medical"):
        raise SafetyRule(f"{diver_id} has no verified diving medical from the last {MEDICAL_DAYS} days")
    if role != "tender" and not _good_paper(state, diver_id, "diving_certificate"):
        raise SafetyRule(f"{diver_id} has no verified diving certificate")
    aid = f"AS-{_next(state, 'assignment'):04d}"
    state.assignments[aid] = {"job": job_id, "diver": diver_id, "role": role, "active": True}
    return Assignment(assignment_id=aid, job_id=job_id, diver_id=diver_id, role=role)


@on_shift(OPERATIONS)
async def release_diver(state: State, token: str, assignment_id: str, reason: str) -> str:
    """Take a diver off a job's team (the operations manager's call).

    :param token: The session token.
    :type token: str
    :param assignment_id: The assignment.
    :type assignment_id: str
    :param reason: Why.
    :type reason: str
    :returns: A sentence with the diver and the job.
    :rtype: str
    """
    a = _get(state.assignments, assignment_id, "assignment")
    if _blank(reason):
        raise BadInput("reason is required")
    if not a["active"]:
        raise AlreadyDone(f"{assignment_id} is released already")
    j = state.jobs[a["job"]]
    if j["status"] == "mobilised":
        rest = [row for row in _team(state, a["job"]) if row[0] != assignment_id]
        roles = {row[3] for row in rest}
        if not {"supervisor", "diver", "standby"} <= roles or len(rest) < WORK[j["work"]][2]:
            raise SafetyRule(f"{a['job']} is mobilised and would be left without the team it needs")
    a["active"] = False
    return f"{state.divers[a['diver']]['name']} ({a['diver']}) is released from {a['job']} ({assignment_id}): " \
           f"{reason.strip()}."


# --------------------------------------------------------------------------- equipment and gas


@on_shift()
async def equipment(state: State, token: str, kind: Optional[str] = None, due_only: bool = False) -> List[List[Any]]:
    """The diving equipment.

    :param token: The session token.
    :type token: str
    :param kind: Only this kind of item, such as helmet, umbilical, bailout, compressor or comms.
    :type kind: str, optional
    :param due_only: Only items whose inspection is due.
    :type due_only: bool, optional
    :returns: Rows of [item id, kind, last inspected, status].
    :rtype: list of list
    """
    if kind is not None and (not isinstance(kind, str) or kind not in {e["kind"] for e in state.equipment.values()}):
        raise NoSuchRecord(f"no kind of equipment {kind}")
    return [[iid, e["kind"], e["inspected"], e["status"]] for iid, e in sorted(state.equipment.items())
            if (kind is None or e["kind"] == kind)
            and (not due_only or _days(e["inspected"], TODAY) > INSPECTION_DAYS)]


@on_shift(TECHNICIAN)
async def inspect_equipment(state: State, token: str, item_id: str, passed: bool, notes: str) -> Inspection:
    """Record an inspection of an item in the store (the technician's call); an item that fails is quarantined.

    :param token: The session token.
    :type token: str
    :param item_id: The item.
    :type item_id: str
    :param passed: Whether it passed.
    :type passed: bool
    :param notes: What was checked.
    :type notes: str
    :returns: The inspection.
    :rtype: Inspection
    """
    e = _get(state.equipment, item_id, "item")
    if not isinstance(passed, bool) or _blank(notes):
        raise BadInput("passed is true or false, and notes are required")
    if e["status"] == "issued":
        raise SafetyRule(f"{item_id} is out on {e['issue']}")
    if e["inspected"] == TODAY:
        raise AlreadyDone(f"{item_id} is inspected today already")
    e["inspected"] = TODAY
    e["status"] = "in store" if passed else "quarantined"
    return Inspection(item_id=item_id, kind=e["kind"], inspected_on=TODAY, passed=passed, item_status=e["status"])


@on_shift(TECHNICIAN)
async def issue_equipment(state: State, token: str, job_id: str, item_ids: List[str]) -> Issue:
    """Issue items from the store to a job (the technician's call).

    :param token: The session token.
    :type token: str
    :param job_id: The job.
    :type job_id: str
    :param item_ids: The items.
    :type item_ids: list of str
    :returns: The kit issue.
    :rtype: Issue
    """
    j = _get(state.jobs, job_id, "job")
    if not isinstance(item_ids, list) or not item_ids or len(set(map(str, item_ids))) != len(item_ids):
        raise BadInput("item_ids is a list of different items")
    items = [_get(state.equipment, i, "item") for i in item_ids]
    if j["status"] == "completed":
        raise SafetyRule(f"{job_id} is completed")
    for iid, e in zip(item_ids, items):
        if e["status"] != "in store":
            raise SafetyRule(f"{iid} is {e['status']}" + (f" ({e['issue']})" if e["issue"] else ""))
        if _days(e["inspected"], TODAY) > INSPECTION_DAYS:
            raise SafetyRule(f"{iid} was last inspected on {e['inspected']}; kit is issued within "
                             f"{INSPECTION_DAYS} days of a passed inspection")
    sid = f"IS-{_next(state, 'issue'):04d}"
    for iid, e in zip(item_ids, items):
        e.update(status="issued", issue=sid)
    state.issues[sid] = {"job": job_id, "items": list(item_ids), "issued": TODAY, "returned": None}
    return Issue(issue_id=sid, job_id=job_id, item_ids=list(item_ids), issued_on=TODAY)


@on_shift(TECHNICIAN)
async def return_equipment(state: State, token: str, issue_id: str) -> str:
    """Take a kit issue back into the store (the technician's call).

    :param token: The session token.
    :type token: str
    :param issue_id: The kit issue.
    :type issue_id: str
    :returns: A sentence with the issue and its items.
    :rtype: str
    """
    s = _get(state.issues, issue_id, "kit issue")
    if s["returned"]:
        raise AlreadyDone(f"{issue_id} was returned on {s['returned']}")
    for iid in s["items"]:
        state.equipment[iid].update(status="in store", issue=None)
    s["returned"] = TODAY
    return f"Kit issue {issue_id} for {s['job']} ({', '.join(s['items'])}) is back in the store on {TODAY}."


@on_shift()
async def cylinders(state: State, token: str, gas: Optional[Gas] = None) -> List[List[Any]]:
    """The bail-out cylinders.

    :param token: The session token.
    :type token: str
    :param gas: Only cylinders of this gas.
    :type gas: {'air', 'nitrox32', 'nitrox36'}, optional
    :returns: Rows of [cylinder id, gas, pressure in bar, last analysed, oxygen per cent].
    :rtype: list of list
    """
    if gas is not None and (not isinstance(gas, str) or gas not in MOD):
        raise BadInput("gas is air, nitrox32 or nitrox36")
    return [[cid, c["gas"], c["pressure"], c["analysed"], c["oxygen"]] for cid, c in sorted(state.cylinders.items())
            if gas is None or c["gas"] == gas]


@on_shift(TECHNICIAN)
async def analyse_gas(state: State, token: str, cylinder_id: str, oxygen_percent: float,
                      carbon_monoxide_ppm: float) -> GasAnalysis:
    """Record today's analysis of a bail-out cylinder's gas (the technician's call).

    :param token: The session token.
    :type token: str
    :param cylinder_id: The cylinder.
    :type cylinder_id: str
    :param oxygen_percent: The analyser's oxygen reading, per cent.
    :type oxygen_percent: float
    :param carbon_monoxide_ppm: The carbon monoxide reading, parts per million.
    :type carbon_monoxide_ppm: float
    :returns: The analysis.
    :rtype: GasAnalysis
    """
    c = _get(state.cylinders, cylinder_id, "cylinder")
    if not _number(oxygen_percent) or not _number(carbon_monoxide_ppm) or carbon_monoxide_ppm < 0:
        raise BadInput("oxygen_percent and carbon_monoxide_ppm are numbers")
    if c["analysed"] == TODAY:
        raise AlreadyDone(f"{cylinder_id} is analysed today already")
    if abs(oxygen_percent - OXYGEN[c["gas"]]) > OXYGEN_TOLERANCE:
        raise SafetyRule(f"{cylinder_id} holds {c['gas']}, {OXYGEN[c['gas']]:g}% oxygen within "
                         f"{OXYGEN_TOLERANCE:g}; quarantine it")
    if carbon_monoxide_ppm >= CO_LIMIT:
        raise SafetyRule(f"carbon monoxide is under {CO_LIMIT:g} ppm; quarantine {cylinder_id}")
    c.update(analysed=TODAY, oxygen=float(oxygen_percent), co=float(carbon_monoxide_ppm))
    return GasAnalysis(cylinder_id=cylinder_id, gas=c["gas"], oxygen_percent=float(oxygen_percent),
                       carbon_monoxide_ppm=float(carbon_monoxide_ppm), analysed_on=TODAY)


# --------------------------------------------------------------------------- mobilisation and dives


@on_shift(OPERATIONS)
async def mobilise_job(state: State, token: str, job_id: str) -> Job:
    """Mobilise a planned job to its site (the operations manager's call).

    :param token: The session token.
    :type token: str
    :param job_id: The job.
    :type job_id: str
    :returns: The job, mobilised.
    :rtype: Job
    """
    j = _get(state.jobs, job_id, "job")
    if j["status"] != "planned":
        raise AlreadyDone(f"{job_id} is {j['status']} already")
    if j["start"] > TODAY:
        raise SafetyRule(f"{job_id} starts on {j['start']}")
    if not any(d["owner"] == job_id and d["kind"] == "site_authority" for d in state.documents.values()):
        raise SafetyRule(f"{job_id} has no written authority from the site's owner on file")
    if not j["plan"] or state.plans[j["plan"]]["status"] != "approved":
        raise SafetyRule(f"{job_id} has no approved dive plan")
    team = _team(state, job_id)
    roles = {row[3] for row in team}
    if not {"supervisor", "diver", "standby"} <= roles or len(team) < WORK[j["work"]][2]:
        raise SafetyRule(f"{job_id} needs a supervisor, a diver and a standby diver, {WORK[j['work']][2]} people "
                         f"in all; it has {len(team)}")
    kinds = {state.equipment[i]["kind"] for s in state.issues.values() if s["job"] == job_id and not s["returned"]
             for i in s["items"]}
    if not set(MOBILISING_KIT) <= kinds:
        raise SafetyRule(f"{job_id} has no {', '.join(k for k in MOBILISING_KIT if k not in kinds)} issued")
    deposit = state.invoices[j["deposit"]]
    if deposit["paid"] < deposit["amount"]:
        raise SafetyRule(f"{job_id}'s deposit ({j['deposit']}) is unpaid")
    j.update(status="mobilised", mobilised=TODAY)
    return _job_reply(state, job_id)


@on_shift(SUPERVISOR)
async def start_dive(state: State, token: str, job_id: str, diver_id: str, cylinder_id: str) -> Dive:
    """Log a diver leaving the surface on a mobilised job (the diving supervisor's call).

    :param token: The session token.
    :type token: str
    :param job_id: The job.
    :type job_id: str
    :param diver_id: The diver, on the job's team as its diver or standby diver.
    :type diver_id: str
    :param cylinder_id: The bail-out cylinder the diver carries.
    :type cylinder_id: str
    :returns: The dive, in the water.
    :rtype: Dive
    """
    j = _get(state.jobs, job_id, "job")
    _get(state.divers, diver_id, "diver")
    c = _get(state.cylinders, cylinder_id, "cylinder")
    if j["status"] != "mobilised":
        raise SafetyRule(f"{job_id} is {j['status']}, not mobilised")
    if not any(row[1] == diver_id and row[3] in ("diver", "standby") for row in _team(state, job_id)):
        raise SafetyRule(f"{diver_id} is not a diver on {job_id}'s team")
    for did, d in state.dives.items():
        if d["diver"] == diver_id and d["status"] == "in water":
            raise SafetyRule(f"{diver_id} is in the water already ({did})")
    plan = state.plans[j["plan"]]
    if c["gas"] != plan["gas"]:
        raise SafetyRule(f"{cylinder_id} holds {c['gas']}; {job_id}'s plan is on {plan['gas']}")
    if c["analysed"] != TODAY:
        raise SafetyRule(f"{cylinder_id} is not analysed today")
    did = f"DIVE-{_next(state, 'dive')}"
    state.dives[did] = {"job": job_id, "diver": diver_id, "cylinder": cylinder_id, "left": f"{TODAY} {NOW}",
                        "depth": None, "time": None, "status": "in water", "within": None}
    return _dive_reply(state, did)


@on_shift(SUPERVISOR)
async def end_dive(state: State, token: str, dive_id: str, max_depth_m: float, bottom_time_min: int) -> Dive:
    """Log a diver back at the surface (the diving supervisor's call).

    :param token: The session token.
    :type token: str
    :param dive_id: The dive.
    :type dive_id: str
    :param max_depth_m: The deepest the diver went, in metres.
    :type max_depth_m: float
    :param bottom_time_min: The bottom time, in minutes.
    :type bottom_time_min: int
    :returns: The dive, surfaced, with whether it kept to the plan.
    :rtype: Dive
    """
    d = _get(state.dives, dive_id, "dive")
    if not _number(max_depth_m) or max_depth_m <= 0 or not _whole(bottom_time_min) or bottom_time_min <= 0:
        raise BadInput("max_depth_m is a positive number and bottom_time_min a positive whole number")
    if d["status"] != "in water":
        raise AlreadyDone(f"{dive_id} is surfaced already")
    plan = state.plans[state.jobs[d["job"]]["plan"]]
    d.update(depth=float(max_depth_m), time=bottom_time_min, status="surfaced",
             within=max_depth_m <= plan["depth"] and bottom_time_min <= plan["time"])
    return _dive_reply(state, dive_id)


@on_shift()
async def dives(state: State, token: str, job_id: str) -> List[List[Any]]:
    """A job's dives.

    :param token: The session token.
    :type token: str
    :param job_id: The job.
    :type job_id: str
    :returns: Rows of [dive id, diver id, left surface, max depth, bottom time, status].
    :rtype: list of list
    """
    _get(state.jobs, job_id, "job")
    return [[did, d["diver"], d["left"], d["depth"], d["time"], d["status"]] for did, d in sorted(state.dives.items())
            if d["job"] == job_id]


@on_shift(SUPERVISOR)
async def report_incident(state: State, token: str, dive_id: str, description: str, severity: Severity) -> Incident:
    """Report an incident on a dive (the diving supervisor's call).

    :param token: The session token.
    :type token: str
    :param dive_id: The dive.
    :type dive_id: str
    :param description: What happened.
    :type description: str
    :param severity: How serious it was.
    :type severity: {'near_miss', 'minor', 'reportable'}
    :returns: The incident, open.
    :rtype: Incident
    """
    d = _get(state.dives, dive_id, "dive")
    if _blank(description):
        raise BadInput("description is required")
    if severity not in ("near_miss", "minor", "reportable"):
        raise BadInput("severity is near_miss, minor or reportable")
    for nid, n in state.incidents.items():
        if n["dive"] == dive_id and n["description"] == description.strip():
            raise AlreadyDone(f"that incident is reported already ({nid})")
    nid = f"INC-{_next(state, 'incident'):04d}"
    state.incidents[nid] = {"dive": dive_id, "severity": severity, "status": "open",
                            "description": description.strip(), "findings": None}
    return Incident(incident_id=nid, dive_id=dive_id, job_id=d["job"], severity=severity,
                    description=description.strip(), incident_status="open")


@on_shift(OPERATIONS)
async def close_incident(state: State, token: str, incident_id: str, findings: str) -> str:
    """Close an incident with the investigation's findings (the operations manager's call).

    :param token: The session token.
    :type token: str
    :param incident_id: The incident.
    :type incident_id: str
    :param findings: What was found and done.
    :type findings: str
    :returns: A sentence with the incident and its dive.
    :rtype: str
    """
    n = _get(state.incidents, incident_id, "incident")
    if _blank(findings):
        raise BadInput("findings are required")
    if n["status"] == "closed":
        raise AlreadyDone(f"{incident_id} is closed already")
    n.update(status="closed", findings=findings.strip())
    return f"Incident {incident_id} ({n['severity'].replace('_', ' ')}, dive {n['dive']}) is closed on {TODAY}."


@on_shift(OPERATIONS)
async def complete_job(state: State, token: str, job_id: str) -> Job:
    """Complete a mobilised job once every dive is surfaced and the kit is back (the operations manager's call).

    :param token: The session token.
    :type token: str
    :param job_id: The job.
    :type job_id: str
    :returns: The job, completed.
    :rtype: Job
    """
    j = _get(state.jobs, job_id, "job")
    if j["status"] == "completed":
        raise AlreadyDone(f"{job_id} is completed already")
    if j["status"] != "mobilised":
        raise SafetyRule(f"{job_id} is {j['status']}, not mobilised")
    for did, d in state.dives.items():
        if d["job"] == job_id and d["status"] == "in water":
            raise SafetyRule(f"{did} is still in the water")
    for sid, s in state.issues.items():
        if s["job"] == job_id and not s["returned"]:
            raise SafetyRule(f"kit issue {sid} is not back in the store")
    j.update(status="completed", completed=TODAY)
    return _job_reply(state, job_id)


# --------------------------------------------------------------------------- accounts and the report


@on_shift(ACCOUNTS)
async def invoice_job(state: State, token: str, job_id: str) -> Invoice:
    """Invoice a completed job: its day rate for each day from mobilisation to completion, less the deposit (accounts'
    call).

    :param token: The session token.
    :type token: str
    :param job_id: The job.
    :type job_id: str
    :returns: The final invoice.
    :rtype: Invoice
    """
    j = _get(state.jobs, job_id, "job")
    if j["final"]:
        raise AlreadyDone(f"{job_id} is invoiced already ({j['final']})")
    if j["status"] != "completed":
        raise SafetyRule(f"{job_id} is {j['status']}; a job is invoiced once completed")
    days = _days(j["mobilised"], j["completed"]) + 1
    amount = max(WORK[j["work"]][3] * days - state.invoices[j["deposit"]]["amount"], 0.0)
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"job": job_id, "kind": "final", "amount": amount, "paid": 0.0}
    j["final"] = iid
    return _invoice_reply(state, iid)


@on_shift()
async def invoices(state: State, token: str, client_id: Optional[str] = None,
                   status: Optional[InvoiceStatus] = None) -> List[Invoice]:
    """List invoices.

    :param token: The session token.
    :type token: str
    :param client_id: Only this client's invoices.
    :type client_id: str, optional
    :param status: Only invoices in this status.
    :type status: {'unpaid', 'paid'}, optional
    :returns: The invoices, by invoice id.
    :rtype: list of Invoice
    """
    if client_id is not None:
        _get(state.clients, client_id, "client")
    if status is not None and status not in ("unpaid", "paid"):
        raise BadInput("status is unpaid or paid")
    out = [_invoice_reply(state, iid) for iid in sorted(state.invoices)]
    return [i for i in out if (client_id is None or i.client_id == client_id)
            and (status is None or i.invoice_status == status)]


@on_shift(ACCOUNTS)
async def record_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float:
    """Record a payment against an invoice (accounts' call).

    :param token: The session token.
    :type token: str
    :param invoice_id: The invoice.
    :type invoice_id: str
    :param amount: Pounds paid, up to what is owed.
    :type amount: float
    :param method: How it was paid.
    :type method: {'bacs', 'card', 'cheque'}
    :returns: What is left to pay on the invoice, in pounds.
    :rtype: float
    """
    i = _get(state.invoices, invoice_id, "invoice")
    _enum(PayMethod, method, "method")
    if not _number(amount) or amount <= 0:
        raise BadInput("amount is a positive number of pounds")
    owed = round(i["amount"] - i["paid"], 2)
    if owed <= 0:
        raise AlreadyDone(f"{invoice_id} is paid already")
    if amount > owed + 0.005:
        raise SafetyRule(f"{invoice_id} has {owed:.2f} left to pay")
    i["paid"] = round(i["paid"] + amount, 2)
    return round(i["amount"] - i["paid"], 2)


@on_shift(OPERATIONS)
async def issue_dive_report(state: State, token: str, job_id: str) -> str:
    """Issue the client's dive report for a completed job once its incidents are closed and its final invoice is paid
    (the operations manager's call).

    :param token: The session token.
    :type token: str
    :param job_id: The job.
    :type job_id: str
    :returns: A sentence with the report's number.
    :rtype: str
    """
    j = _get(state.jobs, job_id, "job")
    if j["report"]:
        raise AlreadyDone(f"{job_id}'s report is issued already ({j['report']})")
    if j["status"] != "completed":
        raise SafetyRule(f"{job_id} is {j['status']}; the report follows completion")
    for nid, n in state.incidents.items():
        if state.dives[n["dive"]]["job"] == job_id and n["status"] != "closed":
            raise SafetyRule(f"incident {nid} is open")
    final = state.invoices.get(j["final"]) if j["final"] else None
    if final is None or final["paid"] < final["amount"]:
        raise SafetyRule(f"{job_id}'s final invoice is not paid")
    rid = f"DR-{_next(state, 'report')}"
    j["report"] = rid
    state.reports[rid] = job_id
    count = sum(d["job"] == job_id for d in state.dives.values())
    return (f"Dive report {rid} for {job_id} ({count} dives) is issued to "
            f"{state.clients[j['client']]['company']} on {TODAY}.")


TOOLS = [
    sign_in, sign_out, work_types, sites, find_client, add_client, open_job, jobs, job_detail, file_job_document,
    draft_dive_plan, approve_dive_plan, divers, find_diver, register_diver, diver_record, file_diver_document,
    verify_document, set_availability, assign_diver, release_diver, equipment, inspect_equipment, issue_equipment,
    return_equipment, cylinders, analyse_gas, mobilise_job, start_dive, end_dive, dives, report_incident,
    close_incident, complete_job, invoice_job, invoices, record_payment, issue_dive_report,
]

FIXTURES = {
    "contractor": "Saltfleet Diving Services, Unit 4, Slipway Yard, Saltfleet",
    "today": "Tuesday 16 May 2056, 07:00",
    "staff": [
        {"name": "Walerand Penwright", "role": "estimator", "username": "walerand.p", "password": "Tender-Quote-24"},
        {"name": "Agathe Venables-Bligh", "role": "operations manager", "username": "agathe.v",
         "password": "Mobilise-Board-71"},
        {"name": "Meurig Polgreen", "role": "diving supervisor", "username": "meurig.p", "password": "Bell-Panel-39"},
        {"name": "Iola Greenhow", "role": "personnel officer", "username": "iola.g",
         "password": "Medical-Folder-58"},
        {"name": "Baldric Wendt", "role": "equipment technician", "username": "baldric.w",
         "password": "Analyser-Valve-46"},
        {"name": "Glesni Tuckey", "role": "accounts", "username": "glesni.t", "password": "Ledger-Tide-13"},
        {"name": "Jonty Rathbone", "role": "director", "username": "jonty.r", "password": "Harbour-Chief-82"},
    ],
    "new_client": {
        "company": "Fennel Locks Canal Trust", "email": "works@fennel-locks.example",
        "address": "The Lock House, Towpath Lane, Fennel",
        "job": "an inspection of the lower gates and cill at lock 3 of Fennel Locks, starting today",
        "papers": "risk assessment RA-FNL-01 of 10 May 2056; the Trust's written authority to dive, FLCT/2056/044 of "
                  "12 May 2056",
        "plan": "5 m on air, 60 minutes' bottom time, no decompression",
        "team": "Rhonwen Scattercombe supervising, Mererid Ashcott diving, Owena Cressey as standby",
        "kit": "the helmet and the umbilical that are due their inspection, once inspected, and a bail-out set",
        "deposit": "paid by BACS",
    },
    "new_diver": {"name": "Takuma Jewsbury-Mburu", "born": "22 July 2031", "qualification": "surface-supplied diver",
                  "medical": "AME-2214/560871, 9 May 2056", "certificate": "HSE-SS-0448213, 18 November 2054",
                  "joins": "the Holmreach reservoir inspection as a diver"},
    "notes": [
        "Holmreach Water want a follow-up inspection of the reservoir tower's intake screens from Tuesday 23 May",
        "Carrack Sound Ferries have paid the hull clean's deposit by card; the job mobilises today and Garmon Wetheral "
        "makes the first dive on air",
        "Garmon Wetheral dives at Saltfleet Quay this morning: 9 m, 32 minutes; his communications failed for two "
        "minutes at the bottom (a near miss; the connector was corroded and has been replaced)",
        "Enfys Birtles's dive at Saltfleet Quay ends: 9.5 m, 41 minutes; the quay inspection is then finished",
        "The Dunmarrow outfall repairs are finished: the kit comes back, the job is completed and invoiced, the "
        "council pays by BACS, the hand injury is closed (reinforcement capped, cut-resistant gloves issued) and the "
        "report goes out",
        "Tobyn Prickett's new diving medical, AME-2214/560902 of 12 May 2056, has come in; he joins the Holmreach "
        "inspection as tender",
        "Eurig Nethercott is back from leave and joins the Holmreach inspection as a diver",
        "The Holmreach inspection's plan is redrafted: 18 m on air, 30 minutes; a method statement MS-HRT-02 of 14 "
        "May 2056 is filed and the comms unit goes with it",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "work_types", "sites")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
NEW_JOB_CONSUMERS = ["file_job_document", "draft_dive_plan", "assign_diver", "issue_equipment", "mobilise_job"]
JOB_CONSUMERS = ["start_dive", "dives", "complete_job", "invoice_job", "issue_dive_report"]
NEW_DIVER_CONSUMERS = ["diver_record", "file_diver_document", "set_availability"]
DIVER_CONSUMERS = ["assign_diver", "start_dive"]
_NEW_JOB = "id lookup/create: job (job_id of open_job's job, or of a jobs entry)"
_JOB = "id lookup: job (job_id of a jobs entry)"
_NEW_DIVER = "id lookup/create: diver (diver_id of a find_diver entry, or of register_diver's diver)"
_DIVER = "id lookup: diver (the first column of a divers row, or diver_id of a find_diver entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("open_job|jobs", c, _NEW_JOB) for c in NEW_JOB_CONSUMERS]
    + [("jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("find_diver|register_diver", c, _NEW_DIVER) for c in NEW_DIVER_CONSUMERS]
    + [("divers|find_diver", c, _DIVER) for c in DIVER_CONSUMERS]
    + [
        ("find_client|add_client", "open_job", "id lookup/create: client (client_id of a find_client entry, or of "
         "add_client's client)"),
        ("sites", "open_job", "vocabulary: the site codes (the first column of a sites row)"),
        ("work_types", "open_job", "vocabulary: the work type codes (the first column of a work_types row)"),
        ("draft_dive_plan", "approve_dive_plan", "id create: dive plan (plan_id of draft_dive_plan)"),
        ("file_diver_document", "verify_document", "id create: diver's paper (document_id of file_diver_document)"),
        ("assign_diver|job_detail", "release_diver", "id lookup/create: assignment (assignment_id of assign_diver, "
         "or the first column of a job_detail team row)"),
        ("equipment", "inspect_equipment", "id lookup: equipment item (the first column of an equipment row)"),
        ("equipment", "issue_equipment", "id lookup: equipment items (the first column of equipment rows)"),
        ("issue_equipment", "return_equipment", "id create: kit issue (issue_id of issue_equipment)"),
        ("cylinders", "analyse_gas", "id lookup: cylinder (the first column of a cylinders row)"),
        ("cylinders", "start_dive", "id lookup: bail-out cylinder (the first column of a cylinders row)"),
        ("start_dive|dives", "end_dive", "id lookup/create: dive (dive_id of start_dive, or the first column of a "
         "dives row)"),
        ("start_dive|dives", "report_incident", "id lookup/create: dive (dive_id of start_dive, or the first column "
         "of a dives row)"),
        ("report_incident", "close_incident", "id create: incident (incident_id of report_incident)"),
        ("invoice_job|invoices", "record_payment", "id lookup/create: invoice (invoice_id of invoice_job, or of an "
         "invoices entry, with its amount from the same reply)"),
        ("open_job", "record_payment", "id create: deposit invoice (deposit_invoice_id of open_job, with its "
         "deposit)"),
        ("file_job_document", "draft_dive_plan", "document: the job's risk assessment on file"),
        ("file_job_document", "mobilise_job", "document: the site owner's written authority to dive on file"),
        ("file_diver_document", "assign_diver", "document: the diver's medical (and diving certificate) on file"),
        ("verify_document", "assign_diver", "vetting: the diver's papers verified with the issuing bodies"),
        ("approve_dive_plan", "mobilise_job", "approval: the dive plan approved"),
        ("set_availability", "assign_diver", "setting: the diver available for work"),
        ("assign_diver", "mobilise_job", "state: the dive team complete"),
        ("inspect_equipment", "issue_equipment", "state: the item's inspection in date"),
        ("issue_equipment", "mobilise_job", "state: the diving kit issued to the job"),
        ("record_payment", "mobilise_job", "payment: the job's deposit paid"),
        ("mobilise_job", "start_dive", "state: the job mobilised"),
        ("analyse_gas", "start_dive", "state: the bail-out cylinder analysed today"),
        ("assign_diver", "start_dive", "state: the diver on the job's team"),
        ("end_dive", "complete_job", "state: every dive surfaced"),
        ("return_equipment", "complete_job", "state: the job's kit back in the store"),
        ("complete_job", "invoice_job", "state: the job completed"),
        ("complete_job", "issue_dive_report", "state: the job completed"),
        ("close_incident", "issue_dive_report", "state: the job's incidents closed"),
        ("record_payment", "issue_dive_report", "payment: the final invoice paid"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md). (1) A reply that shows an id or a code to
# someone who did not give it, paired with the calls that take that kind of id or code and can accept one it shows:
# client ids (clients found or added, a job's client, an invoice's client), job ids (jobs, a new job, a diver's
# assignments, an invoice's job), diver ids (the divers list, a found or new diver, a job's team, a job's dives),
# documents, plans, assignments, kit issues, dives, incidents and invoices on a job's detail or a diver's record, a
# job's deposit invoice, a job's site and work type. (2) A call whose effect a later call checks itself: kit back in
# the store before it is issued again, a diver released before being assigned again, a diver surfaced before the next
# dive, a job mobilised before it is completed.
_JOB_TAKERS = tuple(NEW_JOB_CONSUMERS + JOB_CONSUMERS + ["job_detail"])
_DIVER_TAKERS = tuple(NEW_DIVER_CONSUMERS + DIVER_CONSUMERS)
PLAUSIBLE = (
    {(r, c) for r in ("find_client", "add_client", "jobs", "job_detail", "invoices")
     for c in ("open_job", "jobs", "invoices") if r != c}
    | {(r, c) for r in ("jobs", "open_job", "diver_record", "invoices") for c in _JOB_TAKERS if r != c}
    | {(r, c) for r in ("divers", "find_diver", "register_diver", "job_detail", "dives") for c in _DIVER_TAKERS
       if r != c}
    | {("job_detail", c) for c in ("approve_dive_plan", "return_equipment", "end_dive", "report_incident",
                                   "close_incident", "record_payment")}
    | {("diver_record", c) for c in ("verify_document", "release_diver")}
    | {("jobs", "record_payment"), ("return_equipment", "issue_equipment"), ("release_diver", "assign_diver"),
       ("end_dive", "start_dive"), ("mobilise_job", "complete_job")}
) - _DESIGNED
