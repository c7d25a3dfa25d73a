"""Sootline: the office and engineers' system of Kestle & Daughter, chimney sweeps and stove engineers (39 calls).

Async functions over an in-memory ``State`` of the firm at Otterbridge on Tuesday 4 November 2031 at 08:10,
twenty minutes before the first visits of the day, in the busiest weeks of the sweeping season. The office
registers customers and the properties where their chimneys are, records the appliances (open fires, wood
burners, multi-fuel stoves, range cookers and boilers) and their flues, books visits into the engineers'
diaries from the price list, adds and takes off services, takes the deposit that confirms a visit, moves and
cancels visits, refunds deposits, takes payment of invoices and writes to customers. The engineers start
their visits on site (or record that they could not get in), record each sweep, smoke-test flues, check the
carbon monoxide alarm, fit parts from the van, record defects in the industry's three categories, hand over
warning notices, clear defects once put right, issue sweeping certificates and complete the visit, which
raises the invoice. The owner may do everything and alone voids a certificate. The price list and the
parts catalogue are public.

Every tool is an ``async def`` wrapped by ``desk(*roles)`` (``functools.wraps``, an async wrapper that awaits
the tool), which checks the session and the role and turns the tools' internal refusals into the reply
``{"success": false, "code": ..., "message": ...}``, a returned dict that the runtime's common conventions
read. Answers are pydantic models and lists of them (a customer's file with properties, jobs and invoices
nested; a property's record with appliances, defects and certificates nested; a job sheet with its lines,
sweeps, smoke tests and defects nested), bare values (a deposit refunded, the balance left on an invoice)
and sentences with an id in them (a message sent, a carbon monoxide alarm check, a sign-out). Ids look
alike: job ``JB-2207``, deposit ``DP-2205``, invoice ``IN-2209``, certificate ``SC-2210`` and appliance
``AP-2213``; customer ``CU-3110``; property ``PR-0425``; defect ``DF-0412``; warning notice ``WN-0086``;
diary slot ``DAN-1104-1330``. The postcodes the firm covers, the deposit, the notice that keeps a deposit
refundable, which services need a HETAS-registered engineer and which appliance each sweep is for, which
fuels an appliance may burn, and what a certificate needs (a sweep on the visit, a passed smoke test for a
closed appliance, a carbon monoxide alarm check for solid fuel, no open immediately dangerous defect) are
stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider
means either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
from enum import Enum
from typing import Literal

from pydantic import BaseModel

TODAY = "2031-11-04"  # a Tuesday
NOW = "08:10"
AHEAD_DAYS = 21
NOTICE_HOURS = 48
AREA = ("OT1", "OT2", "OT3", "OT4", "OT5", "OT6", "OT9")
DEPOSIT = 25.0
DEPOSIT_LONG = 40.0  # with a stove service or a CCTV survey on the visit
SLOT_TIMES = ("0830", "1000", "1130", "1330", "1500")
SLOT_MINUTES = 90

SERVICES = {  # code -> description, price, appliance kinds it is for (None: any appliance)
    "SWP-OPEN": ("Sweep, open fire", 65.0, ("open_fire",)),
    "SWP-STOVE": ("Sweep, wood burner or multi-fuel stove", 75.0, ("wood_burner", "multi_fuel")),
    "SWP-RANGE": ("Sweep, range cooker (Aga, Rayburn, Esse)", 90.0, ("range_cooker",)),
    "SWP-BOIL": ("Sweep, solid-fuel or oil boiler flue", 85.0, ("solid_fuel_boiler", "oil_boiler")),
    "SMOKE": ("Smoke test: flue draw and leakage", 45.0, None),
    "CCTV": ("CCTV flue survey with a written report", 120.0, None),
    "SERV": ("Annual stove service: door and glass seals, baffle, firebricks, grate", 95.0,
             ("wood_burner", "multi_fuel")),
    "NEST": ("Bird's nest removal", 60.0, None),
    "COWL": ("Cowl or bird guard fitted (the part is extra)", 40.0, None),
}
HETAS_ONLY = ("SERV",)
PARTS = {  # code -> description, price
    "COWL-SS": ("Stainless steel anti-downdraught cowl", 68.0),
    "GUARD-BIRD": ("Bird guard, stainless mesh, fits a standard pot", 32.0),
    "ROPE-10": ("Stove door rope, 10 mm, with adhesive (per door)", 14.0),
    "GLASS-CV400": ("Replacement door glass, Clearview Pioneer 400", 58.0),
    "BAFFLE-V": ("Vermiculite baffle board, universal cut-to-fit", 36.0),
    "CO-ALARM": ("Carbon monoxide alarm, sealed ten-year battery", 24.0),
}
CLOSED = ("wood_burner", "multi_fuel", "range_cooker", "solid_fuel_boiler", "oil_boiler")
SOLID = ("open_fire", "wood_burner", "multi_fuel", "range_cooker", "solid_fuel_boiler")
BURNS = {  # kind -> fuels it may burn
    "open_fire": ("logs", "smokeless"),
    "wood_burner": ("logs",),
    "multi_fuel": ("logs", "smokeless", "anthracite"),
    "range_cooker": ("logs", "smokeless", "anthracite", "oil"),
    "solid_fuel_boiler": ("smokeless", "anthracite", "wood_pellets"),
    "oil_boiler": ("oil",),
}


class ApplianceKind(Enum):
    OPEN_FIRE = "open_fire"
    WOOD_BURNER = "wood_burner"
    MULTI_FUEL = "multi_fuel"
    RANGE_COOKER = "range_cooker"
    SOLID_FUEL_BOILER = "solid_fuel_boiler"
    OIL_BOILER = "oil_boiler"


Fuel = Literal["logs", "smokeless", "anthracite", "oil", "wood_pellets"]
Flue = Literal["unlined_masonry", "clay_liner", "pumice_liner", "stainless_liner", "twin_wall"]
CustomerKind = Literal["homeowner", "landlord", "tenant", "business"]
JobStatus = Literal["provisional", "confirmed", "on_site", "completed", "no_access", "cancelled"]
Soot = Literal["light", "moderate", "heavy", "tar_glazed"]
SmokeResult = Literal["pass", "fail"]
Category = Literal["immediately_dangerous", "at_risk", "not_to_current_standards"]
DefectStatus = Literal["open", "cleared"]
PayMethod = Literal["card", "bank_transfer", "cash", "cheque"]
Channel = Literal["sms", "email", "letter"]


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    engineer: str | None = None


class ServiceRow(BaseModel):
    code: str
    description: str
    price: float


class PartRow(BaseModel):
    code: str
    description: str
    price: float


class EngineerRow(BaseModel):
    handle: str
    name: str
    hetas_registration: str | None = None
    guild_member: bool


class CustomerRow(BaseModel):
    customer_id: str
    name: str
    postcode: str
    phone: str
    kind: str


class Customer(BaseModel):
    customer_id: str
    name: str
    address: str
    postcode: str
    phone: str
    email: str | None = None
    kind: str
    texts_ok: bool


class PropertyRow(BaseModel):
    property_id: str
    address: str
    postcode: str
    rented: bool
    appliances: int


class Property(BaseModel):
    property_id: str
    customer_id: str
    customer: str
    address: str
    postcode: str
    rented: bool
    access_notes: str | None = None


class Appliance(BaseModel):
    appliance_id: str
    property_id: str
    kind: str
    fuel: str
    location: str
    flue: str
    make_model: str | None = None
    last_swept: str | None = None


class DefectRow(BaseModel):
    defect_id: str
    appliance_id: str
    property_id: str
    category: str
    description: str
    status: str
    warning_notice: str | None = None


class CertificateRow(BaseModel):
    certificate_id: str
    appliance_id: str
    property_id: str
    issued: str
    engineer: str
    status: str


class PropertyRecord(BaseModel):
    property: Property
    appliances: list[Appliance]
    defects: list[DefectRow]
    certificates: list[CertificateRow]


class JobRow(BaseModel):
    job_id: str
    property_id: str
    address: str
    customer: str
    engineer: str
    date: str
    time: str
    services: list[str]
    status: str


class InvoiceRow(BaseModel):
    invoice_id: str
    job_id: str
    issued: str
    total: float
    paid: float
    due: float


class CustomerFile(BaseModel):
    customer: Customer
    properties: list[PropertyRow]
    jobs: list[JobRow]
    invoices: list[InvoiceRow]


class SlotRow(BaseModel):
    slot_id: str
    engineer: str
    date: str
    start: str
    end: str


class JobLine(BaseModel):
    code: str
    description: str
    quantity: int
    price: float
    kind: str


class Job(BaseModel):
    job_id: str
    property_id: str
    address: str
    engineer: str
    date: str
    time: str
    status: str
    lines: list[JobLine]
    total: float
    notes: str | None = None


class SweepEntry(BaseModel):
    job_id: str
    appliance_id: str
    soot: str
    nest_removed: bool
    notes: str | None = None


class SmokeTest(BaseModel):
    job_id: str
    appliance_id: str
    result: str
    notes: str | None = None


class Defect(BaseModel):
    defect_id: str
    appliance_id: str
    property_id: str
    job_id: str | None = None
    category: str
    description: str
    status: str
    warning_notice: str | None = None
    remedy: str | None = None


class JobSheet(BaseModel):
    job: Job
    customer_id: str
    customer: str
    phone: str
    access_notes: str | None = None
    deposit_paid: float
    sweeps: list[SweepEntry]
    smoke_tests: list[SmokeTest]
    defects: list[DefectRow]
    co_alarm: str | None = None
    certificates: list[str]


class Deposit(BaseModel):
    deposit_id: str
    job_id: str
    amount: float
    method: str
    taken: str
    job_status: str


class WarningNotice(BaseModel):
    notice_id: str
    defect_id: str
    appliance_id: str
    category: str
    handed_to: str
    appliance_capped: bool
    issued: str


class Certificate(BaseModel):
    certificate_id: str
    job_id: str | None = None
    appliance_id: str
    property_id: str
    address: str
    appliance: str
    issued: str
    engineer: str
    advisories: list[str]
    status: str
    void_reason: str | None = None


class Invoice(BaseModel):
    invoice_id: str
    job_id: str
    customer_id: str
    lines: list[JobLine]
    total: float
    deposit: float
    due: float


class DueRow(BaseModel):
    appliance_id: str
    kind: str
    property_id: str
    address: str
    customer_id: str
    customer: str
    last_swept: str | None = None
    due: str


# --------------------------------------------------------------------------- state


class State:
    """Kestle & Daughter, Otterbridge, on Tuesday 4 November 2031 at 08:10."""

    def __init__(self) -> None:
        self.staff = {
            "maggie.k": {"name": "Maggie Kestle", "password": "Flue-Brush-1987", "role": "owner", "engineer": None},
            "hattie.w": {"name": "Hattie Wren", "password": "Soot-Bag-44", "role": "office", "engineer": None},
            "dan.k": {"name": "Dan Kestle", "password": "Rods-And-Cane-8", "role": "engineer", "engineer": "DAN"},
            "lee.f": {"name": "Lee Fairclough", "password": "Chimney-Pot-31", "role": "engineer", "engineer": "LEE"},
        }
        self.engineers = {
            "DAN": {"name": "Dan Kestle", "hetas": "HETAS 40211", "guild": True},
            "LEE": {"name": "Lee Fairclough", "hetas": None, "guild": True},
        }
        self.sessions = {}
        self.customers = {
            "CU-3101": {"name": "Mrs Margaret Holt", "address": "4 Church Lane, Otterbridge", "postcode": "OT2 4CL",
                        "phone": "07700 940101", "email": "m.holt@mail.example", "kind": "homeowner",
                        "texts_ok": True},
            "CU-3103": {"name": "Mr Ravi Chandra", "address": "18 Quay Street, Otterbridge", "postcode": "OT1 2QS",
                        "phone": "07700 940103", "email": "ravi@chandralets.example", "kind": "landlord",
                        "texts_ok": False},
            "CU-3104": {"name": "Ms Fiona Blake", "address": "Holly Barn, Lower Combe", "postcode": "OT9 2HB",
                        "phone": "01632 940104", "email": None, "kind": "homeowner", "texts_ok": False},
            "CU-3106": {"name": "Mr Tom Ellery", "address": "The Old Forge, Brook Street, Otterbridge",
                        "postcode": "OT5 3BS", "phone": "07700 940106", "email": "tom.ellery@mail.example",
                        "kind": "homeowner", "texts_ok": True},
            "CU-3108": {"name": "The Swan Inn (Gareth Pugh, landlord)", "address": "Market Square, Otterbridge",
                        "postcode": "OT1 1MS", "phone": "01632 940108", "email": "gareth@swaninn.example",
                        "kind": "business", "texts_ok": False},
            "CU-3109": {"name": "Mr Peter Voss", "address": "Rose Cottage, Mill Road, Otterbridge",
                        "postcode": "OT4 2MR", "phone": "07700 940109", "email": None, "kind": "homeowner",
                        "texts_ok": False},
        }
        self.properties = {
            "PR-0412": {"customer": "CU-3101", "address": "4 Church Lane, Otterbridge", "postcode": "OT2 4CL",
                        "rented": False, "access_notes": "Key under the blue pot if she is at church"},
            "PR-0415": {"customer": "CU-3103", "address": "2 Mill Cottages, Otterbridge", "postcode": "OT3 1MC",
                        "rented": True, "access_notes": "Tenant Ms Kerry Lam, 07700 940151; dog in the kitchen"},
            "PR-0416": {"customer": "CU-3103", "address": "3 Mill Cottages, Otterbridge", "postcode": "OT3 1MC",
                        "rented": True, "access_notes": "Tenant Mr Joe Barker, 07700 940152"},
            "PR-0419": {"customer": "CU-3104", "address": "Holly Barn, Lower Combe", "postcode": "OT9 2HB",
                        "rented": False, "access_notes": "Narrow lane; park in the lay-by"},
            "PR-0421": {"customer": "CU-3106", "address": "The Old Forge, Brook Street, Otterbridge",
                        "postcode": "OT5 3BS", "rented": False, "access_notes": None},
            "PR-0423": {"customer": "CU-3108", "address": "The Swan Inn, Market Square, Otterbridge",
                        "postcode": "OT1 1MS", "rented": False, "access_notes": "Before 11:00, through the yard"},
            "PR-0424": {"customer": "CU-3109", "address": "Rose Cottage, Mill Road, Otterbridge", "postcode": "OT4 2MR",
                        "rented": False, "access_notes": None},
        }
        self.appliances = {
            "AP-2201": {"property": "PR-0412", "kind": "wood_burner", "fuel": "logs", "location": "sitting room",
                        "flue": "stainless_liner", "make_model": "Clearview Pioneer 400", "last_swept": "2030-11-12"},
            "AP-2203": {"property": "PR-0415", "kind": "multi_fuel", "fuel": "smokeless", "location": "living room",
                        "flue": "clay_liner", "make_model": "Morsø 1410", "last_swept": "2030-10-20"},
            "AP-2204": {"property": "PR-0416", "kind": "open_fire", "fuel": "logs", "location": "front room",
                        "flue": "unlined_masonry", "make_model": None, "last_swept": "2030-11-01"},
            "AP-2206": {"property": "PR-0419", "kind": "range_cooker", "fuel": "anthracite", "location": "kitchen",
                        "flue": "stainless_liner", "make_model": "Rayburn 300", "last_swept": "2030-12-02"},
            "AP-2207": {"property": "PR-0419", "kind": "wood_burner", "fuel": "logs", "location": "snug",
                        "flue": "twin_wall", "make_model": "Charnwood C-Four", "last_swept": "2030-12-02"},
            "AP-2209": {"property": "PR-0421", "kind": "wood_burner", "fuel": "logs", "location": "workshop",
                        "flue": "twin_wall", "make_model": "Hunter Herald 6", "last_swept": "2030-11-05"},
            "AP-2210": {"property": "PR-0423", "kind": "open_fire", "fuel": "logs", "location": "public bar",
                        "flue": "unlined_masonry", "make_model": None, "last_swept": "2030-11-10"},
            "AP-2211": {"property": "PR-0423", "kind": "open_fire", "fuel": "logs", "location": "lounge",
                        "flue": "clay_liner", "make_model": None, "last_swept": "2030-11-10"},
            "AP-2212": {"property": "PR-0424", "kind": "wood_burner", "fuel": "logs", "location": "sitting room",
                        "flue": "stainless_liner", "make_model": "Stovax Stockton 5", "last_swept": "2030-11-20"},
        }
        self.jobs = {
            "JB-2196": {"property": "PR-0415", "slot": "LEE-1104-0830", "lines": [["SWP-STOVE", 1]],
                        "status": "confirmed", "notes": "Tenant working from home", "notice": None},
            "JB-2198": {"property": "PR-0423", "slot": "LEE-1104-1000", "lines": [["SWP-OPEN", 2]],
                        "status": "confirmed", "notes": "Both bar fires; finish before opening at 11:30",
                        "notice": None},
            "JB-2199": {"property": "PR-0421", "slot": "DAN-1104-0830", "lines": [["SWP-STOVE", 1], ["SMOKE", 1]],
                        "status": "confirmed",
                        "notes": "Flue pipe joint to be remade (warning notice WN-0081); sweep and smoke test after",
                        "notice": None},
            "JB-2201": {"property": "PR-0412", "slot": "DAN-1104-1130", "lines": [["SWP-STOVE", 1], ["SERV", 1]],
                        "status": "provisional", "notes": None, "notice": None},
            "JB-2202": {"property": "PR-0419", "slot": "LEE-1106-1000", "lines": [["SWP-RANGE", 1], ["SWP-STOVE", 1]],
                        "status": "confirmed", "notes": None, "notice": None},
            "JB-2204": {"property": "PR-0416", "slot": "LEE-1105-1330", "lines": [["SWP-OPEN", 1]],
                        "status": "provisional", "notes": "Tenant to be home", "notice": None},
        }
        self.parts_fitted = {}  # job -> [[part code, quantity, appliance or None]]
        self.deposits = {
            "DP-2191": {"job": "JB-2196", "amount": 25.0, "method": "card", "taken": "2031-10-21", "status": "held"},
            "DP-2192": {"job": "JB-2198", "amount": 25.0, "method": "bank_transfer", "taken": "2031-10-24",
                        "status": "held"},
            "DP-2193": {"job": "JB-2199", "amount": 25.0, "method": "card", "taken": "2031-10-28", "status": "held"},
            "DP-2197": {"job": "JB-2202", "amount": 25.0, "method": "cheque", "taken": "2031-10-31", "status": "held"},
        }
        self.sweeps = {}  # job -> {appliance -> entry}
        self.smoke = {}  # job -> {appliance -> entry}
        self.co_alarms = {}  # job -> [fitted, working, location]
        self.defects = {
            "DF-0407": {"appliance": "AP-2209", "job": None, "category": "immediately_dangerous",
                        "description": "Flue pipe joint at the ceiling plate leaking smoke; appliance capped",
                        "status": "open", "notice": "WN-0081", "remedy": None, "raised": "2031-10-28"},
            "DF-0409": {"appliance": "AP-2204", "job": None, "category": "not_to_current_standards",
                        "description": "Hearth projects 250 mm in front of the opening; 300 mm is the standard now",
                        "status": "open", "notice": None, "remedy": None, "raised": "2030-11-01"},
            "DF-0410": {"appliance": "AP-2203", "job": None, "category": "at_risk",
                        "description": "Crack across the door glass, reported by the tenant by phone",
                        "status": "open", "notice": None, "remedy": None, "raised": "2031-10-30"},
        }
        self.notices = {
            "WN-0081": {"defect": "DF-0407", "handed_to": "Mr Tom Ellery", "capped": True, "issued": "2031-10-28"},
        }
        self.certificates = {
            "SC-2168": {"job": "JB-1902", "appliance": "AP-2203", "issued": "2030-10-20", "engineer": "LEE",
                        "advisories": [], "status": "valid", "void_reason": None},
            "SC-2169": {"job": "JB-1905", "appliance": "AP-2204", "issued": "2030-11-01", "engineer": "LEE",
                        "advisories": ["DF-0409"], "status": "valid", "void_reason": None},
            "SC-2171": {"job": "JB-1911", "appliance": "AP-2201", "issued": "2030-11-12", "engineer": "DAN",
                        "advisories": [], "status": "valid", "void_reason": None},
            "SC-2180": {"job": "JB-1930", "appliance": "AP-2206", "issued": "2030-12-02", "engineer": "LEE",
                        "advisories": [], "status": "valid", "void_reason": None},
            "SC-2193": {"job": "JB-2189", "appliance": "AP-2207", "issued": "2031-10-30", "engineer": "LEE",
                        "advisories": [], "status": "valid", "void_reason": None},
        }
        self.invoices = {
            "IN-2185": {"job": "JB-2186", "customer": "CU-3108", "issued": "2031-10-14",
                        "lines": [["NEST", 1, 60.0], ["COWL", 1, 40.0], ["GUARD-BIRD", 1, 32.0]],
                        "deposit": 0.0, "paid": 0.0},
        }
        self.payments = []
        self.messages = []
        self.counters = {"session": 1, "customer": 3110, "property": 425, "appliance": 2213, "job": 2207,
                         "deposit": 2205, "invoice": 2209, "certificate": 2210, "defect": 412, "notice": 86,
                         "message": 5530}


# --------------------------------------------------------------------------- the decorator


class _Refusal(Exception):
    """A refusal inside a tool; ``desk`` turns it into the reply ``{"success": false, ...}``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _no(code: str, message: str):
    raise _Refusal(code, message)


def _refused(code: str, message: str) -> dict:
    return {"success": False, "code": code, "message": message}


def desk(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the owner may do everything), then await
    the tool; a refusal comes back as ``{"success": false, "code", "message"}``."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def handler(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.sessions.get(token) if state is not None and isinstance(token, str) else None
                if who is None:
                    return _refused("not_signed_in", "no session for that token; sign in first")
                if roles and who["role"] not in roles and who["role"] != "owner":
                    return _refused("forbidden", f"{who['name']} ({who['role']}) may not do this; it is for the "
                                                 f"{' or '.join(roles)}")
            try:
                return await fn(*args, **kwargs)
            except _Refusal as r:
                return _refused(r.code, r.message)

        return handler

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _who(state: State, token: str) -> dict:
    return state.sessions[token]


def _day(text: str, what: str = "date") -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        _no("bad_value", f"{what} {text!r} is not a date (YYYY-MM-DD)")


def _plus(days: int) -> str:
    return (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=days)).isoformat()


def _in_area(postcode: str) -> str:
    pc = postcode.strip().upper()
    if pc.split(" ")[0] not in AREA:
        _no("out_of_area", f"{postcode} is outside our round: we sweep OT1 to OT6 and OT9 (the Combe villages); "
                           "pass the caller to the Guild's find-a-sweep line")
    return pc


def _customer(state: State, customer_id: str) -> dict:
    c = state.customers.get(customer_id)
    if c is None:
        _no("not_found", f"no customer {customer_id}")
    return c


def _property(state: State, property_id: str) -> dict:
    p = state.properties.get(property_id)
    if p is None:
        _no("not_found", f"no property {property_id}")
    return p


def _appliance(state: State, appliance_id: str) -> dict:
    a = state.appliances.get(appliance_id)
    if a is None:
        _no("not_found", f"no appliance {appliance_id}")
    return a


def _job(state: State, job_id: str) -> dict:
    j = state.jobs.get(job_id)
    if j is None:
        _no("not_found", f"no job {job_id}")
    return j


def _defect(state: State, defect_id: str) -> dict:
    d = state.defects.get(defect_id)
    if d is None:
        _no("not_found", f"no defect {defect_id}")
    return d


def _slot_parts(slot_id: str) -> tuple:
    """(engineer, date, start) of a diary slot id, or None."""
    try:
        eng, mmdd, hhmm = slot_id.split("-")
    except (AttributeError, ValueError):
        return None
    if hhmm not in SLOT_TIMES or len(mmdd) != 4:
        return None
    year = int(TODAY[:4]) if mmdd >= TODAY[5:7] + TODAY[8:10] else int(TODAY[:4]) + 1
    try:
        date = datetime.date(year, int(mmdd[:2]), int(mmdd[2:]))
    except ValueError:
        return None
    return eng, date.isoformat(), f"{hhmm[:2]}:{hhmm[2:]}"


def _end(start: str) -> str:
    h, m = int(start[:2]), int(start[3:])
    t = h * 60 + m + SLOT_MINUTES
    return f"{t // 60:02d}:{t % 60:02d}"


def _slot_taken(state: State, slot_id: str, but: str | None = None) -> bool:
    return any(j["slot"] == slot_id and jid != but and j["status"] in ("provisional", "confirmed", "on_site")
               for jid, j in state.jobs.items())


def _free_slot(state: State, slot_id: str, but: str | None = None) -> tuple:
    parts = _slot_parts(slot_id)
    if parts is None or parts[0] not in state.engineers:
        _no("not_found", f"no diary slot {slot_id} (see the engineer's diary)")
    eng, date, start = parts
    if date < TODAY or (date == TODAY and start <= NOW) or date > _plus(AHEAD_DAYS):
        _no("bad_value", f"{slot_id} is not bookable: the diary runs from now to {AHEAD_DAYS} days ahead")
    if datetime.date.fromisoformat(date).weekday() >= 5:
        _no("not_found", f"no diary slot {slot_id}: the engineers work Monday to Friday")
    if _slot_taken(state, slot_id, but):
        _no("slot_taken", f"{slot_id} is already booked")
    return parts


def _check_services(state: State, property_id: str, engineer: str, codes: list) -> None:
    kinds = {a["kind"] for a in state.appliances.values() if a["property"] == property_id}
    for code in codes:
        s = SERVICES.get(code)
        if s is None:
            _no("bad_value", f"{code!r} is not one of our service codes (see the price list)")
        if not kinds:
            _no("no_appliance", f"no appliances are recorded at {property_id}; record the fire or stove first")
        if s[2] is not None and not kinds & set(s[2]):
            _no("no_appliance", f"{code} is for {' or '.join(k.replace('_', ' ') for k in s[2])} appliances and none "
                                f"is recorded at {property_id}; record the appliance first")
        if code in HETAS_ONLY and state.engineers[engineer]["hetas"] is None:
            _no("not_hetas", f"{code} is HETAS work and {state.engineers[engineer]['name']} is not HETAS-registered; "
                             "book a HETAS-registered engineer's diary")


def _line(code: str, qty: int) -> JobLine:
    if code in SERVICES:
        return JobLine(code=code, description=SERVICES[code][0], quantity=qty, price=SERVICES[code][1] * qty,
                       kind="service")
    return JobLine(code=code, description=PARTS[code][0], quantity=qty, price=PARTS[code][1] * qty, kind="part")


def _job_reply(state: State, job_id: str) -> Job:
    j = state.jobs[job_id]
    eng, date, start = _slot_parts(j["slot"])
    lines = [_line(c, q) for c, q in j["lines"]] + [_line(c, q) for c, q, _ in state.parts_fitted.get(job_id, [])]
    return Job(job_id=job_id, property_id=j["property"], address=state.properties[j["property"]]["address"],
               engineer=eng, date=date, time=start, status=j["status"], lines=lines,
               total=round(sum(x.price for x in lines), 2), notes=j["notes"])


def _job_row(state: State, job_id: str) -> JobRow:
    j = state.jobs[job_id]
    eng, date, start = _slot_parts(j["slot"])
    p = state.properties[j["property"]]
    return JobRow(job_id=job_id, property_id=j["property"], address=p["address"],
                  customer=state.customers[p["customer"]]["name"], engineer=eng, date=date, time=start,
                  services=[c for c, _ in j["lines"]], status=j["status"])


def _on_site(state: State, who: dict, job_id: str) -> dict:
    j = _job(state, job_id)
    _own(state, who, job_id)
    if j["status"] != "on_site":
        _no("not_on_site", f"{job_id} is {j['status']}; start the visit on site first")
    return j


def _own(state: State, who: dict, job_id: str) -> None:
    eng = _slot_parts(state.jobs[job_id]["slot"])[0]
    if who["role"] == "engineer" and who["engineer"] != eng:
        _no("forbidden", f"{job_id} is in {state.engineers[eng]['name']}'s diary, not yours")


def _at_property(state: State, job: dict, appliance_id: str) -> dict:
    a = _appliance(state, appliance_id)
    if a["property"] != job["property"]:
        _no("wrong_property", f"{appliance_id} is not at {state.properties[job['property']]['address']}")
    return a


def _deposit_due(job: dict) -> float:
    codes = {c for c, _ in job["lines"]}
    return DEPOSIT_LONG if codes & {"SERV", "CCTV"} else DEPOSIT


def _appliance_reply(state: State, aid: str) -> Appliance:
    a = state.appliances[aid]
    return Appliance(appliance_id=aid, property_id=a["property"], kind=a["kind"], fuel=a["fuel"],
                     location=a["location"], flue=a["flue"], make_model=a["make_model"], last_swept=a["last_swept"])


def _defect_row(state: State, did: str) -> DefectRow:
    d = state.defects[did]
    return DefectRow(defect_id=did, appliance_id=d["appliance"], property_id=state.appliances[d["appliance"]]["property"],
                     category=d["category"], description=d["description"], status=d["status"],
                     warning_notice=d["notice"])


def _defect_reply(state: State, did: str) -> Defect:
    d = state.defects[did]
    return Defect(defect_id=did, appliance_id=d["appliance"], property_id=state.appliances[d["appliance"]]["property"],
                  job_id=d["job"], category=d["category"], description=d["description"], status=d["status"],
                  warning_notice=d["notice"], remedy=d["remedy"])


def _cert_row(state: State, cid: str) -> CertificateRow:
    c = state.certificates[cid]
    return CertificateRow(certificate_id=cid, appliance_id=c["appliance"],
                          property_id=state.appliances[c["appliance"]]["property"], issued=c["issued"],
                          engineer=c["engineer"], status=c["status"])


def _cert_reply(state: State, cid: str) -> Certificate:
    c = state.certificates[cid]
    a = state.appliances[c["appliance"]]
    p = state.properties[a["property"]]
    return Certificate(certificate_id=cid, job_id=c["job"], appliance_id=c["appliance"], property_id=a["property"],
                       address=p["address"], appliance=f"{a['kind'].replace('_', ' ')}, {a['location']}",
                       issued=c["issued"], engineer=state.engineers[c["engineer"]]["name"],
                       advisories=[state.defects[d]["description"] for d in c["advisories"]], status=c["status"],
                       void_reason=c["void_reason"])


def _customer_reply(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c["name"], address=c["address"], postcode=c["postcode"], phone=c["phone"],
                    email=c["email"], kind=c["kind"], texts_ok=c["texts_ok"])


def _property_reply(state: State, pid: str) -> Property:
    p = state.properties[pid]
    return Property(property_id=pid, customer_id=p["customer"], customer=state.customers[p["customer"]]["name"],
                    address=p["address"], postcode=p["postcode"], rented=p["rented"], access_notes=p["access_notes"])


def _invoice_row(state: State, iid: str) -> InvoiceRow:
    i = state.invoices[iid]
    total = round(sum(x[2] for x in i["lines"]), 2)
    return InvoiceRow(invoice_id=iid, job_id=i["job"], issued=i["issued"], total=total, paid=i["paid"],
                      due=round(total - i["deposit"] - i["paid"], 2))


# --------------------------------------------------------------------------- sign-in and public lists


@desk(public=True)
async def sign_in(state: State, username: str, password: str) -> Session | dict:
    """Sign in to the office system.

    :param username: the user name (``hattie.w``).
    :param password: the password.
    :returns: the session, whose token every other call but the price list and the parts catalogue needs.
    """
    s = state.staff.get(username.strip().lower())
    if s is None or s["password"] != password:
        _no("bad_credentials", "user name or password not recognised")
    token = f"tok-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": s["name"], "role": s["role"], "engineer": s["engineer"]}
    return Session(token=token, name=s["name"], role=s["role"], engineer=s["engineer"])


@desk()
async def sign_out(state: State, token: str) -> str:
    """End a session.

    :param token: the session token.
    :returns: a sentence naming who was signed out.
    """
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


@desk(public=True)
async def price_list(state: State) -> list[ServiceRow]:
    """The published prices of the services we offer, with their codes.

    :returns: one row per service.
    """
    return [ServiceRow(code=c, description=d, price=p) for c, (d, p, _) in SERVICES.items()]


@desk(public=True)
async def parts_catalogue(state: State) -> list[PartRow]:
    """The parts the engineers carry in their vans, with their codes and prices.

    :returns: one row per part.
    """
    return [PartRow(code=c, description=d, price=p) for c, (d, p) in PARTS.items()]


@desk()
async def engineers(state: State, token: str) -> list[EngineerRow]:
    """The engineers, with their diary handles and registrations.

    :param token: the session token.
    :returns: one row per engineer.
    """
    return [EngineerRow(handle=h, name=e["name"], hetas_registration=e["hetas"], guild_member=e["guild"])
            for h, e in state.engineers.items()]


# --------------------------------------------------------------------------- customers and properties


@desk()
async def find_customer(state: State, token: str, text: str) -> list[CustomerRow]:
    """Look up customers by part of a name, a phone number or a postcode.

    :param token: the session token.
    :param text: what to look for.
    :returns: the matching customers.
    """
    t = text.strip().lower()
    if not t:
        _no("bad_value", "say what to look for")
    return [CustomerRow(customer_id=cid, name=c["name"], postcode=c["postcode"], phone=c["phone"], kind=c["kind"])
            for cid, c in sorted(state.customers.items())
            if t in f"{c['name']} {c['phone']} {c['phone'].replace(' ', '')} {c['postcode']}".lower()]


@desk("office")
async def register_customer(state: State, token: str, name: str, address: str, postcode: str, phone: str,
                            email: str | None = None, kind: CustomerKind = "homeowner",
                            texts_ok: bool = False) -> Customer | dict:
    """Register a new customer (the person who books and pays).

    :param token: the session token (the office).
    :param name: the customer's name, as they give it.
    :param address: their address for letters and invoices.
    :param postcode: its postcode.
    :param phone: their phone number.
    :param email: their e-mail address.
    :param kind: homeowner, landlord, tenant or business.
    :param texts_ok: whether they are happy to have reminders by text.
    :returns: the customer.
    """
    if not name.strip() or not address.strip():
        _no("bad_value", "give the customer's name and address")
    pc = _in_area(postcode)
    digits = phone.replace(" ", "")
    for cid, c in state.customers.items():
        if c["phone"].replace(" ", "") == digits:
            _no("duplicate", f"{phone} is already {c['name']}'s number ({cid})")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "address": address.strip(), "postcode": pc, "phone": phone.strip(),
                            "email": email, "kind": kind, "texts_ok": texts_ok}
    return _customer_reply(state, cid)


@desk("office")
async def update_customer(state: State, token: str, customer_id: str, phone: str | None = None,
                          email: str | None = None, address: str | None = None, postcode: str | None = None,
                          texts_ok: bool | None = None) -> Customer | dict:
    """Change a customer's contact details or whether they take texts.

    :param token: the session token (the office).
    :param customer_id: the customer.
    :param phone: a new phone number.
    :param email: a new e-mail address.
    :param address: a new address (with ``postcode``).
    :param postcode: the new address's postcode.
    :param texts_ok: whether they are happy to have texts.
    :returns: the customer as now recorded.
    """
    c = _customer(state, customer_id)
    new = {}
    if phone is not None and phone.strip() != c["phone"]:
        digits = phone.replace(" ", "")
        for cid, other in state.customers.items():
            if cid != customer_id and other["phone"].replace(" ", "") == digits:
                _no("duplicate", f"{phone} is already {other['name']}'s number ({cid})")
        new["phone"] = phone.strip()
    if email is not None and email != c["email"]:
        new["email"] = email
    if address is not None and address.strip() != c["address"]:
        if postcode is None:
            _no("bad_value", "give the new address's postcode too")
        new["address"] = address.strip()
    if postcode is not None and postcode.strip().upper() != c["postcode"]:
        new["postcode"] = _in_area(postcode)
    if texts_ok is not None and texts_ok != c["texts_ok"]:
        new["texts_ok"] = texts_ok
    if not new:
        _no("no_change", f"nothing to change: {c['name']}'s details are already as given")
    c.update(new)
    return _customer_reply(state, customer_id)


@desk()
async def customer_file(state: State, token: str, customer_id: str) -> CustomerFile | dict:
    """A customer's whole file: details, properties, visits and invoices.

    :param token: the session token.
    :param customer_id: the customer.
    :returns: the file, with the properties, jobs and invoices nested as lists.
    """
    _customer(state, customer_id)
    props = sorted(pid for pid, p in state.properties.items() if p["customer"] == customer_id)
    return CustomerFile(
        customer=_customer_reply(state, customer_id),
        properties=[PropertyRow(property_id=pid, address=state.properties[pid]["address"],
                                postcode=state.properties[pid]["postcode"], rented=state.properties[pid]["rented"],
                                appliances=sum(1 for a in state.appliances.values() if a["property"] == pid))
                    for pid in props],
        jobs=[_job_row(state, jid) for jid in sorted(state.jobs) if state.jobs[jid]["property"] in props],
        invoices=[_invoice_row(state, iid) for iid in sorted(state.invoices)
                  if state.invoices[iid]["customer"] == customer_id],
    )


@desk("office")
async def add_property(state: State, token: str, customer_id: str, address: str, postcode: str, rented: bool = False,
                       access_notes: str | None = None) -> Property | dict:
    """Add a property where a customer has a chimney for us to look after (their home, a let, a business).

    :param token: the session token (the office).
    :param customer_id: the customer who books and pays.
    :param address: the property's address.
    :param postcode: its postcode.
    :param rented: whether it is let to tenants.
    :param access_notes: how to get in, keys, pets, parking.
    :returns: the property.
    """
    _customer(state, customer_id)
    if not address.strip():
        _no("bad_value", "give the property's address")
    pc = _in_area(postcode)
    for pid, p in state.properties.items():
        if p["address"].lower() == address.strip().lower() and p["customer"] == customer_id:
            _no("duplicate", f"{address} is already on file as {pid}")
    pid = f"PR-{_next(state, 'property'):04d}"
    state.properties[pid] = {"customer": customer_id, "address": address.strip(), "postcode": pc, "rented": rented,
                             "access_notes": access_notes}
    return _property_reply(state, pid)


@desk()
async def property_record(state: State, token: str, property_id: str) -> PropertyRecord | dict:
    """A property's record: its appliances and flues, defects and sweeping certificates.

    :param token: the session token.
    :param property_id: the property.
    :returns: the record, with appliances, defects and certificates nested as lists.
    """
    _property(state, property_id)
    aids = sorted(aid for aid, a in state.appliances.items() if a["property"] == property_id)
    return PropertyRecord(
        property=_property_reply(state, property_id),
        appliances=[_appliance_reply(state, aid) for aid in aids],
        defects=[_defect_row(state, did) for did in sorted(state.defects) if state.defects[did]["appliance"] in aids],
        certificates=[_cert_row(state, cid) for cid in sorted(state.certificates)
                      if state.certificates[cid]["appliance"] in aids],
    )


@desk("office", "engineer")
async def add_appliance(state: State, token: str, property_id: str, kind: ApplianceKind, fuel: Fuel, location: str,
                        flue: Flue, make_model: str | None = None) -> Appliance | dict:
    """Record a fire, stove, range or boiler at a property, with its flue.

    :param token: the session token (the office, or an engineer on site).
    :param property_id: the property.
    :param kind: what the appliance is.
    :param fuel: what is burnt on it.
    :param location: the room it is in.
    :param flue: what the flue is.
    :param make_model: the make and model, where there is one.
    :returns: the appliance.
    """
    _property(state, property_id)
    try:
        k = ApplianceKind(kind).value
    except ValueError:
        _no("bad_value", f"{kind!r} is not an appliance kind")
    if fuel not in BURNS[k]:
        _no("bad_value", f"a {k.replace('_', ' ')} burns {', '.join(BURNS[k])}, not {fuel}")
    if not location.strip():
        _no("bad_value", "say which room it is in")
    for aid, a in state.appliances.items():
        if a["property"] == property_id and a["kind"] == k and a["location"].lower() == location.strip().lower():
            _no("duplicate", f"a {k.replace('_', ' ')} in the {location} is already recorded ({aid})")
    aid = f"AP-{_next(state, 'appliance')}"
    state.appliances[aid] = {"property": property_id, "kind": k, "fuel": fuel, "location": location.strip(),
                             "flue": flue, "make_model": make_model, "last_swept": None}
    return _appliance_reply(state, aid)


# --------------------------------------------------------------------------- diaries and bookings


@desk()
async def engineer_diary(state: State, token: str, engineer: str, date: str) -> list[SlotRow] | dict:
    """An engineer's free visit slots on one day.

    :param token: the session token.
    :param engineer: the engineer's diary handle.
    :param date: the day (YYYY-MM-DD).
    :returns: the free slots, each an hour and a half.
    """
    if engineer not in state.engineers:
        _no("bad_value", f"{engineer!r} is not an engineer's diary handle (see the engineers)")
    day = _day(date)
    if day.isoformat() < TODAY or day.isoformat() > _plus(AHEAD_DAYS):
        _no("bad_value", f"the diary runs from today to {AHEAD_DAYS} days ahead")
    if day.weekday() >= 5:
        return []
    rows = []
    for t in SLOT_TIMES:
        sid = f"{engineer}-{day.strftime('%m%d')}-{t}"
        start = f"{t[:2]}:{t[2:]}"
        if (day.isoformat() == TODAY and start <= NOW) or _slot_taken(state, sid):
            continue
        rows.append(SlotRow(slot_id=sid, engineer=engineer, date=day.isoformat(), start=start, end=_end(start)))
    return rows


@desk("office")
async def book_visit(state: State, token: str, property_id: str, slot_id: str, services: list[str],
                     notes: str | None = None) -> Job | dict:
    """Book a visit to a property into an engineer's diary, with the services wanted.

    :param token: the session token (the office).
    :param property_id: the property.
    :param slot_id: a free slot in an engineer's diary.
    :param services: the service codes (a code twice for two chimneys).
    :param notes: anything the engineer should know.
    :returns: the job, provisional until the deposit is taken.
    """
    _property(state, property_id)
    if not services:
        _no("bad_value", "say which services are wanted")
    eng, _, _ = _free_slot(state, slot_id)
    _check_services(state, property_id, eng, services)
    lines = []
    for code in services:
        for line in lines:
            if line[0] == code:
                line[1] += 1
                break
        else:
            lines.append([code, 1])
    jid = f"JB-{_next(state, 'job')}"
    state.jobs[jid] = {"property": property_id, "slot": slot_id, "lines": lines, "status": "provisional",
                       "notes": notes, "notice": None}
    return _job_reply(state, jid)


@desk()
async def jobs(state: State, token: str, date: str | None = None, engineer: str | None = None,
               status: JobStatus | None = None) -> list[JobRow]:
    """The visits booked, soonest first.

    :param token: the session token.
    :param date: only one day's visits.
    :param engineer: only one engineer's visits (the diary handle).
    :param status: only visits in this status.
    :returns: one row per visit.
    """
    rows = [_job_row(state, jid) for jid in state.jobs]
    rows = [r for r in rows if (date is None or r.date == date) and (engineer is None or r.engineer == engineer)
            and (status is None or r.status == status)]
    return sorted(rows, key=lambda r: (r.date, r.time, r.engineer))


@desk()
async def job_sheet(state: State, token: str, job_id: str) -> JobSheet | dict:
    """A visit's job sheet: the job, the customer's contact and the access notes, and what has been done.

    :param token: the session token.
    :param job_id: the job.
    :returns: the sheet, with sweeps, smoke tests and defects nested as lists.
    """
    j = _job(state, job_id)
    p = state.properties[j["property"]]
    c = state.customers[p["customer"]]
    aids = [aid for aid, a in state.appliances.items() if a["property"] == j["property"]]
    alarm = state.co_alarms.get(job_id)
    return JobSheet(
        job=_job_reply(state, job_id), customer_id=p["customer"], customer=c["name"], phone=c["phone"],
        access_notes=p["access_notes"],
        deposit_paid=sum(d["amount"] for d in state.deposits.values() if d["job"] == job_id and d["status"] == "held"),
        sweeps=list(state.sweeps.get(job_id, {}).values()), smoke_tests=list(state.smoke.get(job_id, {}).values()),
        defects=[_defect_row(state, did) for did in sorted(state.defects)
                 if state.defects[did]["appliance"] in aids and state.defects[did]["status"] == "open"],
        co_alarm=None if alarm is None else f"fitted: {alarm[0]}, working: {alarm[1]}, {alarm[2]}",
        certificates=sorted(cid for cid, x in state.certificates.items() if x["job"] == job_id),
    )


@desk("office")
async def add_service(state: State, token: str, job_id: str, service_code: str) -> Job | dict:
    """Add a service to a visit that has not started.

    :param token: the session token (the office).
    :param job_id: the job.
    :param service_code: the service's code.
    :returns: the job with its lines.
    """
    j = _job(state, job_id)
    if j["status"] not in ("provisional", "confirmed"):
        _no("wrong_status", f"{job_id} is {j['status']}")
    if any(c == service_code for c, _ in j["lines"]):
        _no("no_change", f"{service_code} is already on {job_id}")
    _check_services(state, j["property"], _slot_parts(j["slot"])[0], [service_code])
    j["lines"].append([service_code, 1])
    return _job_reply(state, job_id)


@desk("office")
async def remove_service(state: State, token: str, job_id: str, service_code: str) -> Job | dict:
    """Take a service off a visit that has not started.

    :param token: the session token (the office).
    :param job_id: the job.
    :param service_code: the service's code.
    :returns: the job with its lines.
    """
    j = _job(state, job_id)
    if j["status"] not in ("provisional", "confirmed"):
        _no("wrong_status", f"{job_id} is {j['status']}")
    line = next((x for x in j["lines"] if x[0] == service_code), None)
    if line is None:
        _no("no_change", f"{service_code!r} is not on {job_id}")
    if len(j["lines"]) == 1 and line[1] == 1:
        _no("last_line", f"{service_code} is the only service on {job_id}; cancel the visit instead")
    if line[1] > 1:
        line[1] -= 1
    else:
        j["lines"].remove(line)
    return _job_reply(state, job_id)


@desk("office")
async def take_deposit(state: State, token: str, job_id: str, amount: float, method: PayMethod) -> Deposit | dict:
    """Take the deposit that confirms a provisional visit.

    :param token: the session token (the office).
    :param job_id: the job.
    :param amount: the amount taken, in pounds.
    :param method: how it was paid.
    :returns: the deposit, and the job's status now.
    """
    j = _job(state, job_id)
    if j["status"] != "provisional":
        _no("wrong_status", f"{job_id} is {j['status']}; a deposit confirms a provisional visit")
    due = _deposit_due(j)
    if round(float(amount), 2) != due:
        _no("bad_amount", f"the deposit on {job_id} is £{due:.2f} (£{DEPOSIT:.2f} a visit, £{DEPOSIT_LONG:.2f} with "
                          "a stove service or a CCTV survey on it)")
    did = f"DP-{_next(state, 'deposit')}"
    state.deposits[did] = {"job": job_id, "amount": due, "method": method, "taken": TODAY, "status": "held"}
    j["status"] = "confirmed"
    return Deposit(deposit_id=did, job_id=job_id, amount=due, method=method, taken=TODAY, job_status="confirmed")


@desk("office")
async def refund_deposit(state: State, token: str, deposit_id: str, reason: str) -> float | dict:
    """Refund the deposit of a visit cancelled in good time.

    :param token: the session token (the office).
    :param deposit_id: the deposit.
    :param reason: why it is refunded.
    :returns: the amount refunded, in pounds.
    """
    d = state.deposits.get(deposit_id)
    if d is None:
        _no("not_found", f"no deposit {deposit_id}")
    if d["status"] != "held":
        _no("wrong_status", f"{deposit_id} is already {d['status']}")
    j = state.jobs[d["job"]]
    if j["status"] != "cancelled":
        _no("wrong_status", f"{d['job']} is {j['status']}; only a cancelled visit's deposit is refunded")
    if j["notice"] is None or j["notice"] < NOTICE_HOURS:
        _no("late_cancellation", f"{d['job']} was cancelled with {j['notice']:.0f} hours' notice; the deposit is "
                                 f"kept when a visit is cancelled with less than {NOTICE_HOURS} hours' notice")
    if not reason.strip():
        _no("bad_value", "say why")
    d["status"] = "refunded"
    return d["amount"]


@desk("office")
async def move_visit(state: State, token: str, job_id: str, slot_id: str) -> Job | dict:
    """Move a visit to another free diary slot.

    :param token: the session token (the office).
    :param job_id: the job.
    :param slot_id: the new slot.
    :returns: the job.
    """
    j = _job(state, job_id)
    if j["status"] not in ("provisional", "confirmed"):
        _no("wrong_status", f"{job_id} is {j['status']}")
    if slot_id == j["slot"]:
        _no("no_change", f"{job_id} is already in {slot_id}")
    eng, _, _ = _free_slot(state, slot_id, but=job_id)
    _check_services(state, j["property"], eng, [c for c, _ in j["lines"]])
    j["slot"] = slot_id
    return _job_reply(state, job_id)


@desk("office")
async def cancel_visit(state: State, token: str, job_id: str, reason: str) -> Job | dict:
    """Cancel a visit that has not started.

    :param token: the session token (the office).
    :param job_id: the job.
    :param reason: why.
    :returns: the job, cancelled.
    """
    j = _job(state, job_id)
    if j["status"] not in ("provisional", "confirmed"):
        _no("wrong_status", f"{job_id} is {j['status']}")
    if not reason.strip():
        _no("bad_value", "say why")
    _, date, start = _slot_parts(j["slot"])
    when = datetime.datetime.fromisoformat(f"{date}T{start}")
    now = datetime.datetime.fromisoformat(f"{TODAY}T{NOW}")
    j["notice"] = round((when - now).total_seconds() / 3600, 1)
    j["status"] = "cancelled"
    j["notes"] = ((j["notes"] + "; ") if j["notes"] else "") + f"Cancelled: {reason.strip()}"
    return _job_reply(state, job_id)


# --------------------------------------------------------------------------- on site


@desk("engineer")
async def start_visit(state: State, token: str, job_id: str) -> Job | dict:
    """Start a visit on arrival at the property.

    :param token: the session token (the engineer whose diary it is in).
    :param job_id: the job.
    :returns: the job, on site.
    """
    j = _job(state, job_id)
    _own(state, _who(state, token), job_id)
    if j["status"] == "provisional":
        _no("no_deposit", f"{job_id} is provisional: no deposit has been taken, so it is not confirmed")
    if j["status"] != "confirmed":
        _no("wrong_status", f"{job_id} is {j['status']}")
    if _slot_parts(j["slot"])[1] != TODAY:
        _no("wrong_day", f"{job_id} is booked for {_slot_parts(j['slot'])[1]}, not today")
    j["status"] = "on_site"
    return _job_reply(state, job_id)


@desk("engineer")
async def record_no_access(state: State, token: str, job_id: str, note: str) -> Job | dict:
    """Record that the engineer called and could not get in; the deposit is kept.

    :param token: the session token (the engineer whose diary it is in).
    :param job_id: the job.
    :param note: what happened (who was rung, the card left).
    :returns: the job.
    """
    j = _job(state, job_id)
    _own(state, _who(state, token), job_id)
    if j["status"] != "confirmed":
        _no("wrong_status", f"{job_id} is {j['status']}")
    if _slot_parts(j["slot"])[1] != TODAY:
        _no("wrong_day", f"{job_id} is not today")
    if not note.strip():
        _no("bad_value", "say what happened")
    j["status"] = "no_access"
    j["notes"] = ((j["notes"] + "; ") if j["notes"] else "") + f"No access: {note.strip()}"
    return _job_reply(state, job_id)


@desk("engineer")
async def record_sweep(state: State, token: str, job_id: str, appliance_id: str, soot: Soot,
                       nest_removed: bool = False, notes: str | None = None) -> SweepEntry | dict:
    """Record the sweep of one appliance's flue on a visit.

    :param token: the session token (the engineer on site).
    :param job_id: the job.
    :param appliance_id: the appliance swept.
    :param soot: how much soot came down.
    :param nest_removed: whether a nest was taken out.
    :param notes: anything seen (pot, stack, liner).
    :returns: the sweep.
    """
    j = _on_site(state, _who(state, token), job_id)
    a = _at_property(state, j, appliance_id)
    if appliance_id in state.sweeps.get(job_id, {}):
        _no("no_change", f"{appliance_id} has already been swept on {job_id}")
    entry = SweepEntry(job_id=job_id, appliance_id=appliance_id, soot=soot, nest_removed=nest_removed, notes=notes)
    state.sweeps.setdefault(job_id, {})[appliance_id] = entry.model_dump()
    a["last_swept"] = TODAY
    return entry


@desk("engineer")
async def smoke_test(state: State, token: str, job_id: str, appliance_id: str, result: SmokeResult,
                     notes: str | None = None) -> SmokeTest | dict:
    """Record a smoke test of a swept flue (draw, and leakage into the house or next door).

    :param token: the session token (the engineer on site).
    :param job_id: the job.
    :param appliance_id: the appliance whose flue was tested.
    :param result: pass or fail.
    :param notes: where it leaked, how it drew.
    :returns: the test.
    """
    j = _on_site(state, _who(state, token), job_id)
    _at_property(state, j, appliance_id)
    if appliance_id not in state.sweeps.get(job_id, {}):
        _no("not_swept", f"{appliance_id} has not been swept on {job_id}; a flue is smoke-tested after the sweep")
    done = state.smoke.get(job_id, {}).get(appliance_id)
    if done is not None and done["result"] == "pass":
        _no("no_change", f"{appliance_id}'s flue has already passed its smoke test on {job_id}")
    entry = SmokeTest(job_id=job_id, appliance_id=appliance_id, result=result, notes=notes)
    state.smoke.setdefault(job_id, {})[appliance_id] = entry.model_dump()
    return entry


@desk("engineer")
async def record_co_alarm(state: State, token: str, job_id: str, fitted: bool, working: bool, location: str) -> str:
    """Record the carbon monoxide alarm check at the property on a visit.

    :param token: the session token (the engineer on site).
    :param job_id: the job.
    :param fitted: whether an alarm is fitted in the room.
    :param working: whether it sounded when tested.
    :param location: where it is (or should be).
    :returns: a sentence with the job number.
    """
    j = _on_site(state, _who(state, token), job_id)
    if job_id in state.co_alarms:
        _no("no_change", f"the alarm check on {job_id} is already recorded")
    if working and not fitted:
        _no("bad_value", "an alarm that is not fitted cannot be working")
    if not location.strip():
        _no("bad_value", "say where the alarm is")
    state.co_alarms[job_id] = [fitted, working, location.strip()]
    return (f"CO alarm check recorded on {job_id} at {state.properties[j['property']]['address']}: "
            f"{'fitted' if fitted else 'not fitted'}, {'working' if working else 'not working'}, {location.strip()}.")


@desk("engineer")
async def fit_part(state: State, token: str, job_id: str, part_code: str, quantity: int = 1,
                   appliance_id: str | None = None) -> JobLine | dict:
    """Fit a part from the van on a visit; it goes on the invoice.

    :param token: the session token (the engineer on site).
    :param job_id: the job.
    :param part_code: the part's code.
    :param quantity: how many.
    :param appliance_id: the appliance it was fitted to, where it was fitted to one.
    :returns: the invoice line.
    """
    j = _on_site(state, _who(state, token), job_id)
    if part_code not in PARTS:
        _no("bad_value", f"{part_code!r} is not a part we carry (see the parts catalogue)")
    if quantity < 1:
        _no("bad_value", "fit at least one")
    if appliance_id is not None:
        _at_property(state, j, appliance_id)
    state.parts_fitted.setdefault(job_id, []).append([part_code, quantity, appliance_id])
    return _line(part_code, quantity)


@desk("engineer")
async def record_defect(state: State, token: str, job_id: str, appliance_id: str, category: Category,
                        description: str) -> Defect | dict:
    """Record a defect found on a visit, in the industry's categories.

    :param token: the session token (the engineer on site).
    :param job_id: the job.
    :param appliance_id: the appliance or flue the defect is on.
    :param category: immediately dangerous, at risk, or not to current standards.
    :param description: what is wrong.
    :returns: the defect.
    """
    j = _on_site(state, _who(state, token), job_id)
    _at_property(state, j, appliance_id)
    if not description.strip():
        _no("bad_value", "describe the defect")
    did = f"DF-{_next(state, 'defect'):04d}"
    state.defects[did] = {"appliance": appliance_id, "job": job_id, "category": category,
                          "description": description.strip(), "status": "open", "notice": None, "remedy": None,
                          "raised": TODAY}
    return _defect_reply(state, did)


@desk("engineer")
async def issue_warning_notice(state: State, token: str, defect_id: str, handed_to: str,
                               appliance_capped: bool) -> WarningNotice | dict:
    """Issue a warning notice for a dangerous defect and hand it to the person responsible.

    :param token: the session token (an engineer).
    :param defect_id: the defect.
    :param handed_to: who was given the notice.
    :param appliance_capped: whether the appliance was disconnected or capped with their permission.
    :returns: the warning notice.
    """
    d = _defect(state, defect_id)
    if d["status"] != "open":
        _no("wrong_status", f"{defect_id} is {d['status']}")
    if d["notice"] is not None:
        _no("no_change", f"warning notice {d['notice']} was already issued for {defect_id}")
    if d["category"] == "not_to_current_standards":
        _no("advisory", f"{defect_id} is not to current standards: advice on the certificate, not a warning notice")
    if d["category"] == "immediately_dangerous" and not appliance_capped:
        _no("must_cap", "an immediately dangerous appliance is disconnected or capped, with the customer's "
                        "permission, before the notice is handed over")
    if not handed_to.strip():
        _no("bad_value", "say who was given the notice")
    nid = f"WN-{_next(state, 'notice'):04d}"
    state.notices[nid] = {"defect": defect_id, "handed_to": handed_to.strip(), "capped": appliance_capped,
                          "issued": TODAY}
    d["notice"] = nid
    return WarningNotice(notice_id=nid, defect_id=defect_id, appliance_id=d["appliance"], category=d["category"],
                         handed_to=handed_to.strip(), appliance_capped=appliance_capped, issued=TODAY)


@desk("engineer")
async def clear_defect(state: State, token: str, defect_id: str, remedy: str) -> Defect | dict:
    """Record that a defect has been put right.

    :param token: the session token (an engineer).
    :param defect_id: the defect.
    :param remedy: what was done.
    :returns: the defect, cleared.
    """
    d = _defect(state, defect_id)
    if d["status"] != "open":
        _no("no_change", f"{defect_id} is already cleared")
    if not remedy.strip():
        _no("bad_value", "say what was done")
    d["status"] = "cleared"
    d["remedy"] = remedy.strip()
    return _defect_reply(state, defect_id)


@desk("engineer")
async def issue_certificate(state: State, token: str, job_id: str, appliance_id: str) -> Certificate | dict:
    """Issue the sweeping certificate for an appliance swept on a visit.

    :param token: the session token (the engineer on site).
    :param job_id: the job.
    :param appliance_id: the appliance.
    :returns: the certificate, with any advisory defects on it.
    """
    who = _who(state, token)
    j = _on_site(state, who, job_id)
    a = _at_property(state, j, appliance_id)
    if appliance_id not in state.sweeps.get(job_id, {}):
        _no("not_swept", f"{appliance_id} has not been swept on {job_id}; a certificate is for a sweep")
    if any(c["job"] == job_id and c["appliance"] == appliance_id and c["status"] == "valid"
           for c in state.certificates.values()):
        _no("no_change", f"{appliance_id} already has a certificate from {job_id}")
    if a["kind"] in CLOSED:
        test = state.smoke.get(job_id, {}).get(appliance_id)
        if test is None or test["result"] != "pass":
            _no("smoke_test", f"a {a['kind'].replace('_', ' ')} is certified only after its flue passes a smoke "
                              "test on the visit")
    if a["kind"] in SOLID:
        alarm = state.co_alarms.get(job_id)
        if alarm is None or not alarm[1]:
            _no("co_alarm", "a solid-fuel appliance is certified only with a working carbon monoxide alarm "
                            "checked on the visit")
    danger = [did for did, d in state.defects.items()
              if d["appliance"] == appliance_id and d["status"] == "open" and d["category"] == "immediately_dangerous"]
    if danger:
        _no("dangerous", f"{appliance_id} has an open immediately dangerous defect ({danger[0]}); clear it first")
    cid = f"SC-{_next(state, 'certificate')}"
    advisories = sorted(did for did, d in state.defects.items() if d["appliance"] == appliance_id
                        and d["status"] == "open")
    state.certificates[cid] = {"job": job_id, "appliance": appliance_id, "issued": TODAY,
                               "engineer": _slot_parts(j["slot"])[0], "advisories": advisories, "status": "valid",
                               "void_reason": None}
    return _cert_reply(state, cid)


@desk()
async def certificates(state: State, token: str, property_id: str | None = None,
                       valid_only: bool = True) -> list[CertificateRow] | dict:
    """Sweeping certificates, newest first.

    :param token: the session token.
    :param property_id: only one property's certificates.
    :param valid_only: leave out void certificates.
    :returns: one row per certificate.
    """
    if property_id is not None:
        _property(state, property_id)
    rows = [_cert_row(state, cid) for cid in state.certificates]
    rows = [r for r in rows if (property_id is None or r.property_id == property_id)
            and (not valid_only or r.status == "valid")]
    return sorted(rows, key=lambda r: (r.issued, r.certificate_id), reverse=True)


@desk()
async def void_certificate(state: State, token: str, certificate_id: str, reason: str) -> Certificate | dict:
    """Void a certificate issued in error (the owner only).

    :param token: the session token (the owner).
    :param certificate_id: the certificate.
    :param reason: why.
    :returns: the certificate, void.
    """
    if _who(state, token)["role"] != "owner":
        _no("forbidden", "only the owner voids a certificate")
    c = state.certificates.get(certificate_id)
    if c is None:
        _no("not_found", f"no certificate {certificate_id}")
    if c["status"] == "void":
        _no("no_change", f"{certificate_id} is already void")
    if not reason.strip():
        _no("bad_value", "say why")
    c["status"] = "void"
    c["void_reason"] = reason.strip()
    return _cert_reply(state, certificate_id)


@desk()
async def defects(state: State, token: str, status: DefectStatus | None = "open", category: Category | None = None,
                  property_id: str | None = None) -> list[DefectRow]:
    """Defects on record.

    :param token: the session token.
    :param status: open or cleared (open unless told).
    :param category: only one category.
    :param property_id: only one property's defects.
    :returns: one row per defect.
    """
    rows = [_defect_row(state, did) for did in sorted(state.defects)]
    return [r for r in rows if (status is None or r.status == status) and (category is None or r.category == category)
            and (property_id is None or r.property_id == property_id)]


@desk("engineer")
async def complete_visit(state: State, token: str, job_id: str, summary: str) -> Invoice | dict:
    """Complete a visit on site; the invoice is raised from the services booked and the parts fitted.

    :param token: the session token (the engineer on site).
    :param job_id: the job.
    :param summary: what was done, for the customer.
    :returns: the invoice, less the deposit.
    """
    j = _on_site(state, _who(state, token), job_id)
    if not summary.strip():
        _no("bad_value", "give a summary")
    lines = _job_reply(state, job_id).lines
    deposit = sum(d["amount"] for d in state.deposits.values() if d["job"] == job_id and d["status"] == "held")
    for d in state.deposits.values():
        if d["job"] == job_id and d["status"] == "held":
            d["status"] = "applied"
    iid = f"IN-{_next(state, 'invoice')}"
    customer = state.properties[j["property"]]["customer"]
    state.invoices[iid] = {"job": job_id, "customer": customer, "issued": TODAY,
                           "lines": [[x.code, x.quantity, x.price] for x in lines], "deposit": deposit, "paid": 0.0}
    j["status"] = "completed"
    j["notes"] = ((j["notes"] + "; ") if j["notes"] else "") + summary.strip()
    total = round(sum(x.price for x in lines), 2)
    return Invoice(invoice_id=iid, job_id=job_id, customer_id=customer, lines=lines, total=total, deposit=deposit,
                   due=round(total - deposit, 2))


@desk("office")
async def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float | dict:
    """Take a payment against an invoice.

    :param token: the session token (the office).
    :param invoice_id: the invoice.
    :param amount: the amount paid, in pounds.
    :param method: how it was paid.
    :returns: the balance left on the invoice, in pounds.
    """
    i = state.invoices.get(invoice_id)
    if i is None:
        _no("not_found", f"no invoice {invoice_id}")
    due = _invoice_row(state, invoice_id).due
    if due <= 0:
        _no("no_change", f"{invoice_id} is paid")
    amount = round(float(amount), 2)
    if amount <= 0 or amount > due:
        _no("bad_amount", f"£{amount:.2f} is not a payment on {invoice_id}, which has £{due:.2f} to pay")
    i["paid"] = round(i["paid"] + amount, 2)
    state.payments.append([invoice_id, amount, method, TODAY])
    return round(due - amount, 2)


@desk()
async def due_sweeps(state: State, token: str, within_days: int = 30) -> list[DueRow] | dict:
    """Appliances due their yearly sweep within a number of days that have no visit booked.

    :param token: the session token.
    :param within_days: how far ahead to look.
    :returns: one row per appliance, the most overdue first.
    """
    if within_days < 0 or within_days > 120:
        _no("bad_value", "look between 0 and 120 days ahead")
    booked = {j["property"] for j in state.jobs.values() if j["status"] in ("provisional", "confirmed", "on_site")}
    rows = []
    for aid, a in sorted(state.appliances.items()):
        if a["property"] in booked:
            continue
        due = _plus(-9999) if a["last_swept"] is None else (
            datetime.date.fromisoformat(a["last_swept"]) + datetime.timedelta(days=365)).isoformat()
        if due <= _plus(within_days):
            p = state.properties[a["property"]]
            rows.append(DueRow(appliance_id=aid, kind=a["kind"], property_id=a["property"], address=p["address"],
                               customer_id=p["customer"], customer=state.customers[p["customer"]]["name"],
                               last_swept=a["last_swept"], due=due))
    return sorted(rows, key=lambda r: r.due)


@desk("office")
async def send_message(state: State, token: str, customer_id: str, channel: Channel, text: str) -> str:
    """Write to a customer by text, e-mail or letter.

    :param token: the session token (the office).
    :param customer_id: the customer.
    :param channel: how to send it.
    :param text: the message.
    :returns: a sentence with the message's number.
    """
    c = _customer(state, customer_id)
    if not text.strip():
        _no("bad_value", "the message is empty")
    if channel == "sms":
        if not c["texts_ok"]:
            _no("no_consent", f"{c['name']} has not agreed to texts")
        if not c["phone"].replace(" ", "").startswith("07"):
            _no("not_mobile", f"{c['phone']} is not a mobile number")
    if channel == "email" and not c["email"]:
        _no("no_email", f"no e-mail address on file for {c['name']}")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, channel, text.strip()])
    to = {"sms": c["phone"], "email": c["email"], "letter": c["address"]}[channel]
    return f"Message {mid} sent by {channel} to {c['name']} ({to})."


TOOLS = [
    sign_in, sign_out, price_list, parts_catalogue, engineers, find_customer, register_customer, update_customer,
    customer_file, add_property, property_record, add_appliance, engineer_diary, book_visit, jobs, job_sheet,
    add_service, remove_service, take_deposit, refund_deposit, move_visit, cancel_visit, start_visit,
    record_no_access, record_sweep, smoke_test, record_co_alarm, fit_part, record_defect, issue_warning_notice,
    clear_defect, issue_certificate, certificates, void_certificate, defects, complete_visit, take_payment,
    due_sweeps, send_message,
]

FIXTURES = {
    "firm": {"name": "Kestle & Daughter, Chimney Sweeps and Stove Engineers, Otterbridge",
             "today": "Tuesday 4 November, ten past eight; the first visits are at half past"},
    "staff": [
        {"name": "Maggie Kestle", "role": "owner", "username": "maggie.k", "password": "Flue-Brush-1987"},
        {"name": "Hattie Wren", "role": "office", "username": "hattie.w", "password": "Soot-Bag-44"},
        {"name": "Dan Kestle", "role": "engineer (HETAS-registered)", "username": "dan.k",
         "password": "Rods-And-Cane-8"},
        {"name": "Lee Fairclough", "role": "engineer", "username": "lee.f", "password": "Chimney-Pot-31"},
    ],
    "new_customer": {"name": "Mrs Ann Pettigrew", "address": "Wren Cottage, 9 Combe Lane, Upper Combe",
                     "postcode": "OT9 4CL", "mobile": "07700 940160", "email": "ann.pettigrew@mail.example",
                     "texts": "happy to have texts",
                     "appliance": "a multi-fuel stove in the sitting room burning smokeless fuel, on a stainless "
                                  "liner; a Villager Puffin",
                     "wants": "a sweep and a smoke test as soon as possible; she has just moved in"},
    "new_landlord_property": {"customer": "Mr Ravi Chandra (landlord)", "address": "Flat 1, The Maltings, Otterbridge",
                              "postcode": "OT3 2TM", "tenant": "Mr Owen Price, 07700 940163",
                              "appliance": "an open fire in the living room burning logs, unlined masonry chimney"},
    "out_of_area_caller": {"name": "Mr Colin Draper", "postcode": "TQ7 1AB"},
    "office_notes": [
        "Mr Peter Voss (Rose Cottage) has a new mobile, 07700 940169, and would like texts now",
        "Mrs Holt will pay the deposit for Dan's stove service by card",
        "Ms Blake has to cancel Thursday's visit: she is away; refund her deposit if we can",
        "The Swan Inn has paid £50 towards last month's nest removal invoice by bank transfer",
        "The snug stove at Holly Barn was given a certificate by mistake on 30 October: it was not swept",
        "Mr Chandra's tenant at 3 Mill Cottages cannot do tomorrow afternoon; Thursday afternoon with Lee instead",
    ],
}

_TOKEN = "auth: session token (token of sign_in's Session)"
PUBLIC = ("sign_in", "price_list", "parts_catalogue")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_file", "add_property", "send_message"]
PROPERTY_CONSUMERS = ["property_record", "add_appliance"]
APPLIANCE_CONSUMERS = ["record_sweep", "smoke_test", "record_defect", "issue_certificate"]
JOB_CONSUMERS = ["add_service", "remove_service", "take_deposit", "move_visit", "cancel_visit", "start_visit",
                 "job_sheet"]
SITE_JOB_CONSUMERS = ["record_sweep", "smoke_test", "record_co_alarm", "fit_part", "record_defect",
                      "issue_certificate", "complete_visit", "record_no_access"]
ON_SITE_CONSUMERS = ["record_sweep", "smoke_test", "record_co_alarm", "fit_part", "record_defect", "complete_visit"]
_CUSTOMER = "id lookup/create: customer number (customer_id of register_customer, or of a find_customer row)"
_PROPERTY = ("id lookup/create: property number (property_id of add_property, or of a property nested in "
             "customer_file)")
_APPLIANCE = ("id lookup/create: appliance number (appliance_id of add_appliance, or of an appliance nested in "
              "property_record)")
_JOB = "id lookup/create: job number (job_id of book_visit, or of a jobs row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("add_property|customer_file", c, _PROPERTY) for c in PROPERTY_CONSUMERS]
    + [("add_appliance|property_record", c, _APPLIANCE) for c in APPLIANCE_CONSUMERS]
    + [("book_visit|jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("jobs", c, "id lookup: job number of today's visit (job_id of a jobs row)") for c in SITE_JOB_CONSUMERS]
    + [("start_visit", c, "state: the visit started on site") for c in ON_SITE_CONSUMERS]
    + [
        ("add_property|customer_file|due_sweeps", "book_visit",
         "id lookup/create: property number (property_id of add_property, of a property nested in customer_file, "
         "or of a due_sweeps row)"),
        ("complete_visit|customer_file", "take_payment",
         "id lookup/create: invoice number (invoice_id of complete_visit, or of an invoice nested in customer_file)"),
        ("record_defect|defects", "issue_warning_notice",
         "id lookup/create: defect number (defect_id of record_defect, or of a defects row)"),
        ("record_defect|defects", "clear_defect",
         "id lookup/create: defect number (defect_id of record_defect, or of a defects row)"),
        ("issue_certificate|certificates", "void_certificate",
         "id lookup/create: certificate number (certificate_id of issue_certificate, or of a certificates row)"),
        ("engineer_diary", "book_visit", "id lookup: diary slot (slot_id of an engineer_diary row)"),
        ("engineer_diary", "move_visit", "id lookup: diary slot (slot_id of an engineer_diary row)"),
        ("take_deposit", "refund_deposit", "id create: deposit number (deposit_id of take_deposit)"),
        ("engineers", "engineer_diary", "vocabulary: engineer diary handles (handle of engineers rows)"),
        ("price_list", "book_visit", "vocabulary: service codes (code of price_list rows)"),
        ("price_list", "add_service", "vocabulary: service codes (code of price_list rows)"),
        ("price_list|job_sheet", "remove_service",
         "vocabulary: service codes (code of price_list rows, or of a line nested in job_sheet)"),
        ("parts_catalogue", "fit_part", "vocabulary: part codes (code of parts_catalogue rows)"),
        ("add_appliance", "book_visit", "state: an appliance the services are for recorded at the property"),
        ("take_deposit", "start_visit", "state: the visit confirmed by its deposit"),
        ("record_sweep", "smoke_test", "state: the flue swept on the visit"),
        ("record_sweep", "issue_certificate", "state: the appliance swept on the visit"),
        ("smoke_test", "issue_certificate", "state: a closed appliance's flue passed its smoke test"),
        ("record_co_alarm", "issue_certificate", "state: a working carbon monoxide alarm checked on the visit"),
        ("clear_defect", "issue_certificate", "state: no open immediately dangerous defect on the appliance"),
        ("cancel_visit", "refund_deposit", "state: the visit cancelled in good time"),
        ("update_customer", "send_message", "state: the customer agreed to texts, on a mobile"),
    ]
)

PLAUSIBLE = {
    ("register_customer", "find_customer"), ("customer_file", "update_customer"), ("customer_file", "send_message"),
    ("add_property", "customer_file"), ("add_appliance", "property_record"),
    ("property_record", "book_visit"), ("property_record", "add_service"), ("due_sweeps", "send_message"),
    ("due_sweeps", "find_customer"), ("due_sweeps", "customer_file"), ("due_sweeps", "property_record"),
    ("find_customer", "book_visit"), ("book_visit", "jobs"), ("book_visit", "customer_file"),
    ("book_visit", "engineer_diary"), ("cancel_visit", "engineer_diary"), ("move_visit", "engineer_diary"),
    ("engineers", "jobs"), ("engineers", "book_visit"), ("jobs", "engineer_diary"),
    ("job_sheet", "record_sweep"), ("job_sheet", "smoke_test"), ("job_sheet", "record_defect"),
    ("job_sheet", "issue_certificate"), ("job_sheet", "start_visit"), ("job_sheet", "take_deposit"),
    ("job_sheet", "cancel_visit"), ("job_sheet", "property_record"), ("job_sheet", "send_message"),
    ("jobs", "property_record"), ("jobs", "customer_file"), ("jobs", "take_payment"), ("jobs", "clear_defect"),
    ("book_visit", "record_sweep"), ("book_visit", "smoke_test"),
    ("book_visit", "record_co_alarm"), ("book_visit", "fit_part"), ("book_visit", "record_defect"),
    ("book_visit", "issue_certificate"), ("book_visit", "complete_visit"), ("book_visit", "record_no_access"),
    ("book_visit", "take_payment"), ("take_deposit", "job_sheet"), ("take_deposit", "jobs"),
    ("take_deposit", "record_sweep"), ("take_deposit", "complete_visit"), ("take_deposit", "record_no_access"),
    ("take_deposit", "cancel_visit"), ("start_visit", "issue_certificate"), ("start_visit", "job_sheet"),
    ("start_visit", "issue_warning_notice"), ("start_visit", "clear_defect"), ("start_visit", "jobs"),
    ("record_sweep", "job_sheet"), ("record_sweep", "complete_visit"), ("record_sweep", "property_record"),
    ("record_sweep", "due_sweeps"), ("smoke_test", "job_sheet"), ("smoke_test", "record_defect"),
    ("record_defect", "issue_certificate"), ("record_defect", "property_record"), ("record_defect", "job_sheet"),
    ("defects", "issue_certificate"), ("property_record", "issue_warning_notice"), ("property_record", "clear_defect"),
    ("property_record", "fit_part"), ("property_record", "void_certificate"), ("issue_warning_notice", "clear_defect"),
    ("issue_warning_notice", "defects"), ("clear_defect", "defects"), ("clear_defect", "property_record"),
    ("issue_certificate", "certificates"), ("issue_certificate", "property_record"), ("issue_certificate", "job_sheet"),
    ("issue_certificate", "complete_visit"), ("void_certificate", "certificates"), ("void_certificate", "issue_certificate"),
    ("fit_part", "complete_visit"), ("fit_part", "job_sheet"), ("record_co_alarm", "job_sheet"),
    ("complete_visit", "customer_file"), ("complete_visit", "jobs"), ("take_payment", "customer_file"),
    ("record_no_access", "jobs"), ("record_no_access", "send_message"), ("cancel_visit", "jobs"),
    ("cancel_visit", "send_message"), ("move_visit", "jobs"), ("move_visit", "send_message"),
    ("book_visit", "send_message"), ("add_service", "take_deposit"), ("remove_service", "take_deposit"),
    ("add_service", "job_sheet"), ("remove_service", "job_sheet"), ("job_sheet", "add_service"), ("parts_catalogue", "complete_visit"), ("engineers", "move_visit"),
    ("update_customer", "customer_file"), ("find_customer", "due_sweeps"), ("certificates", "send_message"),
    ("add_appliance", "due_sweeps"), ("add_appliance", "add_service"), ("add_appliance", "move_visit"),
    ("add_appliance", "fit_part"), ("property_record", "record_no_access"), ("customer_file", "take_deposit"),
    ("customer_file", "cancel_visit"), ("customer_file", "move_visit"), ("customer_file", "job_sheet"),
    ("customer_file", "add_service"), ("customer_file", "remove_service"),
}
