"""Sheave: the service desk, engineers, contracts office and stores of Castlegate Lift Services, Aldmoor (39 calls).

Sync functions over an in-memory ``State`` of the contractor on Tuesday 18 May 2032 at 08:00. Castlegate maintains
passenger, goods and platform lifts in its clients' buildings. The contracts manager finds, adds and changes clients,
adds their sites, registers their lifts, drafts maintenance contracts on a service plan, puts them live once every
lift on them has had a takeover survey and ends them, raises repair quotes against defects with parts from the parts
catalogue, records the client's acceptance and writes to clients. The service desk controller keeps the engineers'
rota, logs breakdown call-outs on contract lifts and dispatches them to an engineer on the rota, schedules the routine
service visits, books the insurer's thorough examinations and records their reports with the defects found. Engineers
survey lifts, arrive at and clear call-outs, complete service visits against the checklist of the lift's kind, take
lifts out of service and return them, and close defects. Stores orders the parts of an accepted quote and books them
in. The director may do everything. The service plans are public.

Every tool is a plain ``def`` without a decorator; each checks its session and role itself (``if isinstance(who :=
_session(...), SoapFault): return who``) and returns early with its refusal. A refusal is returned as a SOAP 1.1
fault, as the contractor's job system (a SOAP web service) answers one:
``SoapFault(Fault=FaultBody(faultcode="soap:Client", faultstring="LF-506 has not had its takeover survey; every lift
on a contract is surveyed before it goes live", detail=FaultDetail(errorCode="NOT_SURVEYED", field="contract_id")))``,
which the runtime converts to a JSON object ``{"Fault": {"faultcode", "faultstring", "detail": {"errorCode",
"field"}}}``. None of the runtime's common conventions reads that as a refusal, so the module declares ``FAILURE``
(``soap_fault``: an object with a ``Fault`` object in it; it answers the fault code and string). Replies are pydantic
models and lists of them, with rows nested as lists of lists (a lift's record, a contract's lifts, an examination's
defects, a quote's lines, a parts order's lines); bare values answer an engineer put on the rota (how many are on that
day), a quote accepted (its total) and a service completed (the day the next one is due); sentences with an id in them
answer a message, a contract ended, a lift taken out of service and a sign-out. Annotations are spelled with
``typing`` (``Optional``, ``List``, ``Dict``, ``Union``, ``Literal``) and evaluated at definition, with a ``str``
``Enum`` input (``LiftKind``) and two ``str`` ``Enum`` filters (``LiftStatus``, ``CalloutStatus``), two plain ``Enum``
inputs (``Fault``, ``Outcome``), ``Literal`` inputs (survey condition, shift, call-out cause, channel) and ``Literal``
filters (contract status, engineer skill). Numpy docstrings. Ids look alike: client ``CL-310``, site ``SI-410``, lift
``LF-510``, contract ``CT-810``, call-out ``CA-1110``, visit ``SV-2210``, examination ``EX-710``, defect ``DF-910``,
quote ``QT-610``, parts order ``PO-3310``, engineer ``EN-5``, message ``MG-4410``. The checks each kind of lift's
service covers, how a defect is written (``immediate:``, ``urgent:`` or ``advisory:``), that a lift surveyed poor is
not taken on, that a lift with an immediate defect stays out of service and that an engineer works only on the kinds
of lift they are skilled in are stated only in faults.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Union

from pydantic import BaseModel

TODAY = "2032-05-18"  # a Tuesday
NOW = "08:00"


class LiftKind(str, Enum):
    TRACTION = "traction"
    HYDRAULIC = "hydraulic"
    PLATFORM = "platform"


class LiftStatus(str, Enum):
    IN_SERVICE = "in_service"
    OUT_OF_SERVICE = "out_of_service"


class CalloutStatus(str, Enum):
    LOGGED = "logged"
    DISPATCHED = "dispatched"
    ON_SITE = "on_site"
    CLEARED = "cleared"


class Fault(Enum):
    TRAPPED = "trapped"
    DOORS = "doors"
    NOT_LEVELLING = "not_levelling"
    NOISE = "noise"
    STOPPED = "stopped"
    ALARM = "alarm"


class Outcome(Enum):
    SATISFACTORY = "satisfactory"
    DEFECTS = "defects"


Condition = Literal["good", "fair", "poor"]
Shift = Literal["day", "night"]
Cause = Literal["door_operator", "door_lock", "controller", "hydraulic", "power_supply", "misuse", "no_fault_found"]
Channel = Literal["email", "letter"]
ContractStatus = Literal["draft", "active", "ended"]
Skill = Literal["traction", "hydraulic", "platform"]

PLANS = {  # code -> name, service visits a year, call-outs included, parts included, price per lift per year
    "COMP-12": ("Comprehensive", 12, True, True, 2400.0),
    "STD-6": ("Standard", 6, True, False, 1450.0),
    "BASIC-4": ("Basic", 4, False, False, 980.0),
}
CHECKS = {  # lift kind -> the checks a routine service covers
    "traction": ["doors", "brake", "ropes", "governor", "pit", "car_top", "alarm"],
    "hydraulic": ["doors", "valve_block", "oil_level", "ram", "pit", "alarm"],
    "platform": ["doors", "drive", "safety_edges", "alarm"],
}
PARTS = {  # part number -> description, make it fits (None: any), price
    "DL-2290": ("Landing door lock", None, 186.0),
    "SE-0412": ("Car door safety edge (light curtain)", None, 412.0),
    "BT-5501": ("Emergency battery pack", None, 95.0),
    "TR-1180": ("Suspension rope set, 8 mm", "Halden", 1320.0),
    "GV-3305": ("Overspeed governor", "Halden", 890.0),
    "HR-4471": ("Ram seal kit", "Vantor", 265.0),
    "HV-2210": ("Valve block solenoid", "Vantor", 340.0),
    "PD-7720": ("Platform drive belt", "Presto", 220.0),
}
SEVERITIES = ("immediate", "urgent", "advisory")
ROLE_NAMES = {"controller": "service desk controller", "engineer": "engineers", "contracts": "contracts manager",
              "stores": "stores"}
LABOUR_RATE = 78.0
SERVICE_INTERVAL_DAYS = {"COMP-12": 30, "STD-6": 61, "BASIC-4": 91}


# --------------------------------------------------------------------------- replies


class FaultDetail(BaseModel):
    errorCode: str
    field: Optional[str] = None


class FaultBody(BaseModel):
    faultcode: str
    faultstring: str
    detail: FaultDetail


class SoapFault(BaseModel):
    Fault: FaultBody


class Session(BaseModel):
    token: str
    name: str
    role: str
    engineer_id: Optional[str]


class Plan(BaseModel):
    code: str
    name: str
    service_visits_a_year: int
    callouts_included: bool
    parts_included: bool
    price_per_lift: float


class ClientRow(BaseModel):
    client_id: str
    name: str
    contact: str
    phone: str


class Client(BaseModel):
    client_id: str
    name: str
    contact: str
    phone: str
    email: Optional[str]
    sites: int


class Site(BaseModel):
    site_id: str
    client_id: str
    name: str
    address: str
    postcode: str
    access_notes: str


class Lift(BaseModel):
    lift_id: str
    site_id: str
    site: str
    name: str
    kind: str
    make: str
    capacity_kg: int
    floors: int
    serial: str
    status: str
    contract_id: Optional[str]


class LiftRecord(BaseModel):
    lift: Lift
    surveys: List[List[Any]]
    visits: List[List[Any]]
    callouts: List[List[Any]]
    examinations: List[List[Any]]
    defects: List[List[Any]]


class Contract(BaseModel):
    contract_id: str
    client_id: str
    plan: str
    status: str
    start_date: Optional[str]
    lifts: List[List[Any]]
    annual_price: float


class Survey(BaseModel):
    lift_id: str
    date: str
    engineer: str
    condition: str
    notes: str


class Engineer(BaseModel):
    engineer_id: str
    name: str
    skills: List[str]
    mobile: str


class RotaRow(BaseModel):
    date: str
    engineer_id: str
    name: str
    shift: str


class Callout(BaseModel):
    callout_id: str
    lift_id: str
    site: str
    fault: str
    trapped: bool
    caller: str
    logged: str
    status: str
    engineer_id: Optional[str]
    cause: Optional[str]
    action: Optional[str]


class Visit(BaseModel):
    visit_id: str
    lift_id: str
    site: str
    date: str
    engineer_id: str
    status: str


class Examination(BaseModel):
    exam_id: str
    lift_id: str
    date: str
    examiner: str
    status: str
    outcome: Optional[str]
    defects: List[List[Any]]
    next_due: Optional[str]


class Defect(BaseModel):
    defect_id: str
    lift_id: str
    severity: str
    text: str
    status: str
    quote_id: Optional[str]


class Part(BaseModel):
    part_no: str
    description: str
    fits: Optional[str]
    price: float


class RepairQuote(BaseModel):
    quote_id: str
    defect_id: str
    lift_id: str
    lines: List[List[Any]]
    labour_hours: float
    total: float
    status: str


class PartsOrder(BaseModel):
    order_id: str
    quote_id: str
    lines: List[List[Any]]
    status: str
    due: str


def soap_fault(reply: Any) -> Union[bool, str]:
    """A reply is a refusal when it is a SOAP fault: an object holding a ``Fault`` object; the fault code and
    string."""
    if isinstance(reply, BaseModel):
        reply = reply.model_dump()
    if isinstance(reply, dict) and isinstance(reply.get("Fault"), dict):
        fault = reply["Fault"]
        return f"{fault.get('faultcode')}: {fault.get('faultstring')}"
    return False


FAILURE = soap_fault


# --------------------------------------------------------------------------- state


class State:
    """Castlegate Lift Services on Tuesday 18 May 2032 at 08:00."""

    def __init__(self) -> None:
        self.staff = {
            "nadia.k": {"name": "Nadia Kowalski", "password": "Landing-Call-3", "role": "controller",
                        "engineer": None},
            "tom.w": {"name": "Tom Whitlow", "password": "Overspeed-Gov-9", "role": "engineer", "engineer": "EN-2"},
            "jas.s": {"name": "Jas Sandhu", "password": "Ram-Seal-44", "role": "engineer", "engineer": "EN-5"},
            "ray.b": {"name": "Ray Bellamy", "password": "Comprehensive-12", "role": "contracts", "engineer": None},
            "lin.c": {"name": "Lin Chu", "password": "Goods-In-2032", "role": "stores", "engineer": None},
            "margaret.o": {"name": "Margaret Osei", "password": "Castlegate-1971", "role": "director",
                           "engineer": None},
        }
        self.tokens: Dict[str, dict] = {}
        self.clients = {
            "CL-301": {"name": "Aldmoor Housing Association", "contact": "Mr Gareth Lyle", "phone": "01632 961301",
                       "email": "g.lyle@aldmoorhousing.example"},
            "CL-302": {"name": "Portland Retail Park Management", "contact": "Ms Claire Ashdown",
                       "phone": "01632 961302", "email": "claire.ashdown@portlandrp.example"},
            "CL-303": {"name": "St Anne's Health Centre", "contact": "Dr Ruth Mensah", "phone": "01632 961303",
                       "email": "practice.manager@stannes.example"},
            "CL-304": {"name": "Kestrel Court Management Company", "contact": "Mr Bill Trent",
                       "phone": "01632 961304", "email": None},
        }
        self.sites = {
            "SI-401": {"client": "CL-301", "name": "Tower House", "address": "Tower Street, Aldmoor",
                       "postcode": "AL2 7TS", "access": "Caretaker on site 08:00-16:00; motor room key in the office"},
            "SI-402": {"client": "CL-301", "name": "Mill Court", "address": "Mill Lane, Aldmoor", "postcode": "AL2 3ML",
                       "access": "Key safe at the main door"},
            "SI-403": {"client": "CL-302", "name": "Portland Retail Park, service yard", "address": "Portland Way, "
                       "Aldmoor", "postcode": "AL5 1PW", "access": "Report to security at gate 2"},
            "SI-404": {"client": "CL-303", "name": "St Anne's Health Centre", "address": "1 Church Walk, Aldmoor",
                       "postcode": "AL1 9CW", "access": "Reception; not during the 08:00-09:00 rush"},
            "SI-405": {"client": "CL-304", "name": "Kestrel Court", "address": "Kestrel Road, Aldmoor",
                       "postcode": "AL3 6KR", "access": "Mr Trent lets you in, flat 1"},
        }

        def lift(site, name, kind, make, capacity, floors, serial, status, contract):
            return {"site": site, "name": name, "kind": kind, "make": make, "capacity": capacity, "floors": floors,
                    "serial": serial, "status": status, "contract": contract}

        self.lifts = {
            "LF-501": lift("SI-401", "Lift 1", "traction", "Halden", 630, 10, "HD-60411", "in_service", "CT-801"),
            "LF-502": lift("SI-401", "Lift 2", "traction", "Halden", 630, 10, "HD-60412", "out_of_service", "CT-801"),
            "LF-503": lift("SI-402", "Lift 1", "traction", "Halden", 450, 6, "HD-58230", "in_service", "CT-801"),
            "LF-504": lift("SI-403", "Goods lift", "hydraulic", "Vantor", 2000, 2, "VT-11870", "in_service", "CT-802"),
            "LF-505": lift("SI-404", "Platform lift", "platform", "Presto", 400, 2, "PR-3318", "in_service", "CT-803"),
            "LF-506": lift("SI-405", "Main lift", "traction", "Halden", 630, 5, "HD-49902", "in_service", None),
            "LF-507": lift("SI-402", "Lift 2", "traction", "Halden", 450, 6, "HD-71255", "in_service", None),
        }
        self.contracts = {
            "CT-801": {"client": "CL-301", "plan": "COMP-12", "status": "active", "start": "2029-04-01",
                       "lifts": ["LF-501", "LF-502", "LF-503"]},
            "CT-802": {"client": "CL-302", "plan": "STD-6", "status": "active", "start": "2030-01-01",
                       "lifts": ["LF-504"]},
            "CT-803": {"client": "CL-303", "plan": "COMP-12", "status": "active", "start": "2031-06-01",
                       "lifts": ["LF-505"]},
            "CT-804": {"client": "CL-304", "plan": "STD-6", "status": "draft", "start": None, "lifts": ["LF-506"]},
        }
        self.surveys = {"LF-501": [["2029-03-20", "Dan Pike", "good", "Takeover survey"]],
                        "LF-502": [["2029-03-20", "Dan Pike", "good", "Takeover survey"]],
                        "LF-503": [["2029-03-21", "Dan Pike", "fair", "Takeover survey; worn car flooring"]],
                        "LF-504": [["2029-12-10", "Jas Sandhu", "good", "Takeover survey"]],
                        "LF-505": [["2031-05-20", "Jas Sandhu", "good", "Takeover survey"]]}
        self.engineers = {
            "EN-1": {"name": "Dan Pike", "skills": ["traction"], "mobile": "07700 900511"},
            "EN-2": {"name": "Tom Whitlow", "skills": ["traction", "hydraulic"], "mobile": "07700 900512"},
            "EN-5": {"name": "Jas Sandhu", "skills": ["hydraulic", "platform"], "mobile": "07700 900515"},
            "EN-7": {"name": "Becky Hollis", "skills": ["traction", "platform"], "mobile": "07700 900517"},
        }
        self.rota = {("2032-05-18", "EN-2"): "day", ("2032-05-18", "EN-5"): "day",
                     ("2032-05-19", "EN-2"): "day", ("2032-05-19", "EN-7"): "day"}
        self.callouts = {
            "CA-1101": {"lift": "LF-503", "fault": "doors", "trapped": False, "caller": "Mr Lyle (caretaker's report)",
                        "logged": "2032-05-18 07:40", "status": "logged", "engineer": None, "cause": None,
                        "action": None},
            "CA-1102": {"lift": "LF-505", "fault": "stopped", "trapped": False, "caller": "St Anne's reception",
                        "logged": "2032-05-18 07:55", "status": "dispatched", "engineer": "EN-5", "cause": None,
                        "action": None},
        }
        self.visits = {
            "SV-2201": {"lift": "LF-501", "date": TODAY, "engineer": "EN-2", "status": "scheduled", "checks": [],
                        "notes": None},
            "SV-2198": {"lift": "LF-505", "date": "2032-05-04", "engineer": "EN-5", "status": "completed",
                        "checks": CHECKS["platform"], "notes": "All in order"},
        }
        self.exams = {
            "EX-701": {"lift": "LF-502", "date": "2032-05-10", "examiner": "Mr Colin Reeve, Aldmoor Engineering "
                       "Insurance", "status": "reported", "outcome": "defects", "next_due": "2032-11-10"},
            "EX-702": {"lift": "LF-504", "date": TODAY, "examiner": "Mr Colin Reeve, Aldmoor Engineering Insurance",
                       "status": "booked", "outcome": None, "next_due": None},
        }
        self.defects = {
            "DF-901": {"lift": "LF-502", "exam": "EX-701", "severity": "immediate",
                       "text": "Landing door lock at floor 3 does not prove closed", "status": "open", "work": None},
            "DF-902": {"lift": "LF-504", "exam": None, "severity": "urgent",
                       "text": "Hydraulic oil weeping at the ram gland seal", "status": "open", "work": None},
        }
        self.quotes: Dict[str, dict] = {}
        self.orders: Dict[str, dict] = {}
        self.messages: List[list] = []
        self.counters = {"token": 1, "client": 310, "site": 410, "lift": 510, "contract": 810, "callout": 1110,
                         "visit": 2210, "exam": 710, "defect": 910, "quote": 610, "order": 3310, "message": 4410}


# --------------------------------------------------------------------------- helpers


def _fault(code: str, text: str, field: Optional[str] = None) -> SoapFault:
    return SoapFault(Fault=FaultBody(faultcode="soap:Client", faultstring=text,
                                     detail=FaultDetail(errorCode=code, field=field)))


def _session(state: State, token: Any, *roles: str) -> Union[dict, SoapFault]:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        return _fault("NOT_SIGNED_IN", "not signed in, or the session has ended; sign in first", "token")
    if roles and who["role"] not in roles and who["role"] != "director":
        return _fault("ROLE_NOT_ALLOWED", f"{who['name']} ({who['role']}) may not do this; it is for the "
                                          f"{' or the '.join(ROLE_NAMES[r] for r in roles)}", "token")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _missing(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _date(text: Any) -> Optional[datetime.date]:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _client(state: State, cid: str) -> Client:
    c = state.clients[cid]
    return Client(client_id=cid, name=c["name"], contact=c["contact"], phone=c["phone"], email=c["email"],
                  sites=sum(1 for s in state.sites.values() if s["client"] == cid))


def _site(state: State, sid: str) -> Site:
    s = state.sites[sid]
    return Site(site_id=sid, client_id=s["client"], name=s["name"], address=s["address"], postcode=s["postcode"],
                access_notes=s["access"])


def _lift(state: State, lid: str) -> Lift:
    lf = state.lifts[lid]
    return Lift(lift_id=lid, site_id=lf["site"], site=state.sites[lf["site"]]["name"], name=lf["name"],
                kind=lf["kind"], make=lf["make"], capacity_kg=lf["capacity"], floors=lf["floors"], serial=lf["serial"],
                status=lf["status"], contract_id=lf["contract"])


def _contract(state: State, cid: str) -> Contract:
    c = state.contracts[cid]
    rows = [[lid, state.sites[state.lifts[lid]["site"]]["name"], state.lifts[lid]["name"], state.lifts[lid]["kind"],
             bool(state.surveys.get(lid))] for lid in c["lifts"]]
    return Contract(contract_id=cid, client_id=c["client"], plan=c["plan"], status=c["status"],
                    start_date=c["start"], lifts=rows, annual_price=PLANS[c["plan"]][4] * len(c["lifts"]))


def _callout(state: State, cid: str) -> Callout:
    c = state.callouts[cid]
    return Callout(callout_id=cid, lift_id=c["lift"], site=state.sites[state.lifts[c["lift"]]["site"]]["name"],
                   fault=c["fault"], trapped=c["trapped"], caller=c["caller"], logged=c["logged"], status=c["status"],
                   engineer_id=c["engineer"], cause=c["cause"], action=c["action"])


def _visit(state: State, vid: str) -> Visit:
    v = state.visits[vid]
    return Visit(visit_id=vid, lift_id=v["lift"], site=state.sites[state.lifts[v["lift"]]["site"]]["name"],
                 date=v["date"], engineer_id=v["engineer"], status=v["status"])


def _exam(state: State, eid: str) -> Examination:
    e = state.exams[eid]
    rows = [[did, d["severity"], d["text"], d["status"]] for did, d in sorted(state.defects.items())
            if d["exam"] == eid]
    return Examination(exam_id=eid, lift_id=e["lift"], date=e["date"], examiner=e["examiner"], status=e["status"],
                       outcome=e["outcome"], defects=rows, next_due=e["next_due"])


def _defect(state: State, did: str) -> Defect:
    d = state.defects[did]
    quote = next((qid for qid, q in sorted(state.quotes.items()) if q["defect"] == did), None)
    return Defect(defect_id=did, lift_id=d["lift"], severity=d["severity"], text=d["text"], status=d["status"],
                  quote_id=quote)


def _quote(state: State, qid: str) -> RepairQuote:
    q = state.quotes[qid]
    return RepairQuote(quote_id=qid, defect_id=q["defect"], lift_id=q["lift"], lines=q["lines"],
                       labour_hours=q["hours"], total=q["total"], status=q["status"])


def _order(state: State, oid: str) -> PartsOrder:
    o = state.orders[oid]
    return PartsOrder(order_id=oid, quote_id=o["quote"], lines=o["lines"], status=o["status"], due=o["due"])


def _rostered(state: State, date: str, eid: str) -> bool:
    return (date, eid) in state.rota


# --------------------------------------------------------------------------- sign-in and the public plans


def sign_in(state: State, username: str, password: str) -> Union[Session, SoapFault]:
    """Sign in to Castlegate's job system.

    Parameters
    ----------
    username : str
        The staff user name, e.g. ``nadia.k``.
    password : str
        The password.

    Returns
    -------
    Session or SoapFault
        The session: a ``token`` to pass to every call but the public ones, the person's name, their role
        (controller, engineer, contracts, stores or director) and, for an engineer, their engineer id.
    """
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        return _fault("BAD_CREDENTIALS", "user name or password not recognised", "username")
    token = f"cg-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username.strip().lower(), "name": s["name"], "role": s["role"],
                           "engineer": s["engineer"]}
    return Session(token=token, name=s["name"], role=s["role"], engineer_id=s["engineer"])


def sign_out(state: State, token: str) -> Union[str, SoapFault]:
    """End a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    str or SoapFault
        A sentence naming who was signed out.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


def service_plans() -> List[Plan]:
    """The maintenance plans Castlegate offers, as published.

    Returns
    -------
    list of Plan
        One entry per plan: its code, name, routine service visits a year, whether call-outs and parts are
        included, and the price per lift per year.
    """
    return [Plan(code=code, name=p[0], service_visits_a_year=p[1], callouts_included=p[2], parts_included=p[3],
                 price_per_lift=p[4]) for code, p in PLANS.items()]


# --------------------------------------------------------------------------- clients and sites


def find_client(state: State, token: str, text: str) -> Union[List[ClientRow], SoapFault]:
    """Find clients by part of their name, contact or phone number.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of ClientRow or SoapFault
        One row per client found: client id, name, contact and phone.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    if _missing(text):
        return _fault("MISSING_VALUE", "text is required", "text")
    needle = text.strip().lower()
    return [ClientRow(client_id=cid, name=c["name"], contact=c["contact"], phone=c["phone"])
            for cid, c in sorted(state.clients.items())
            if any(needle in c[k].lower() for k in ("name", "contact", "phone"))]


def add_client(state: State, token: str, name: str, contact: str, phone: str,
               email: Optional[str] = None) -> Union[Client, SoapFault]:
    """Add a new client.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        The client's name (a landlord, a managing agent, a business).
    contact : str
        The person Castlegate deals with.
    phone : str
        The contact's phone number.
    email : str, optional
        The contact's e-mail address.

    Returns
    -------
    Client or SoapFault
        The client with its new client id.
    """
    if isinstance(who := _session(state, token, "contracts"), SoapFault):
        return who
    for value, field in ((name, "name"), (contact, "contact"), (phone, "phone")):
        if _missing(value):
            return _fault("MISSING_VALUE", f"{field} is required", field)
    for cid, c in state.clients.items():
        if c["name"].lower() == name.strip().lower():
            return _fault("DUPLICATE_CLIENT", f"{c['name']} is a client already ({cid})", "name")
    cid = f"CL-{_next(state, 'client')}"
    state.clients[cid] = {"name": name.strip(), "contact": contact.strip(), "phone": phone.strip(),
                          "email": email.strip() if email else None}
    return _client(state, cid)


def update_client(state: State, token: str, client_id: str, contact: Optional[str] = None,
                  phone: Optional[str] = None, email: Optional[str] = None) -> Union[Client, SoapFault]:
    """Change a client's contact, phone number or e-mail address; what is left out stays as it is.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str
        The client.
    contact, phone, email : str, optional
        The new details.

    Returns
    -------
    Client or SoapFault
        The client as changed.
    """
    if isinstance(who := _session(state, token, "contracts"), SoapFault):
        return who
    c = state.clients.get(client_id) if isinstance(client_id, str) else None
    if c is None:
        return _fault("NO_SUCH_CLIENT", f"no client {client_id}", "client_id")
    new = {k: v.strip() for k, v in (("contact", contact), ("phone", phone), ("email", email)) if v and v.strip()}
    changed = {k: v for k, v in new.items() if c[k] != v}
    if not changed:
        return _fault("NOTHING_TO_CHANGE", f"nothing to change for {c['name']}; those are the details on file")
    c.update(changed)
    return _client(state, client_id)


def message_client(state: State, token: str, client_id: str, channel: Channel, text: str) -> Union[str, SoapFault]:
    """Write to a client's contact by e-mail or by letter.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str
        The client.
    channel : {"email", "letter"}
        How to send it.
    text : str
        The message.

    Returns
    -------
    str or SoapFault
        A sentence with the message's id.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    c = state.clients.get(client_id) if isinstance(client_id, str) else None
    if c is None:
        return _fault("NO_SUCH_CLIENT", f"no client {client_id}", "client_id")
    if channel not in ("email", "letter"):
        return _fault("BAD_CHANNEL", f"no channel {channel!r}", "channel")
    if channel == "email" and not c["email"]:
        return _fault("NO_EMAIL", f"{c['contact']} of {c['name']} has no e-mail address on file; write a letter",
                      "channel")
    if _missing(text):
        return _fault("MISSING_VALUE", "text is required", "text")
    mid = f"MG-{_next(state, 'message')}"
    state.messages.append([mid, client_id, channel, text.strip()])
    return f"Message {mid} sent by {channel} to {c['contact']} of {c['name']}."


def add_site(state: State, token: str, client_id: str, name: str, address: str, postcode: str,
             access_notes: str) -> Union[Site, SoapFault]:
    """Add a building of a client's where Castlegate looks after lifts.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str
        The client.
    name, address, postcode : str
        The building.
    access_notes : str
        How engineers get in, and when not to come.

    Returns
    -------
    Site or SoapFault
        The site with its new site id.
    """
    if isinstance(who := _session(state, token, "contracts"), SoapFault):
        return who
    if not isinstance(client_id, str) or client_id not in state.clients:
        return _fault("NO_SUCH_CLIENT", f"no client {client_id}", "client_id")
    for value, field in ((name, "name"), (address, "address"), (postcode, "postcode"), (access_notes, "access_notes")):
        if _missing(value):
            return _fault("MISSING_VALUE", f"{field} is required", field)
    for sid, s in state.sites.items():
        if s["name"].lower() == name.strip().lower() and s["postcode"] == postcode.strip().upper():
            return _fault("DUPLICATE_SITE", f"{s['name']} is on file already ({sid})", "name")
    sid = f"SI-{_next(state, 'site')}"
    state.sites[sid] = {"client": client_id, "name": name.strip(), "address": address.strip(),
                        "postcode": postcode.strip().upper(), "access": access_notes.strip()}
    return _site(state, sid)


def sites(state: State, token: str, client_id: Optional[str] = None) -> Union[List[Site], SoapFault]:
    """The buildings Castlegate looks after.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str, optional
        Only this client's sites.

    Returns
    -------
    list of Site or SoapFault
        One entry per site: site id, client id, name, address, postcode and access notes.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    return [_site(state, sid) for sid, s in sorted(state.sites.items())
            if client_id is None or s["client"] == client_id]


# --------------------------------------------------------------------------- lifts


def register_lift(state: State, token: str, site_id: str, name: str, kind: LiftKind, make: str, capacity_kg: int,
                  floors: int, serial: str) -> Union[Lift, SoapFault]:
    """Register a lift at a site.

    Parameters
    ----------
    token : str
        The session token.
    site_id : str
        The site.
    name : str
        What the building calls it ("Lift 2", "Goods lift").
    kind : {"traction", "hydraulic", "platform"}
        The kind of lift.
    make : str
        The manufacturer on the controller's plate.
    capacity_kg : int
        The rated load.
    floors : int
        The floors it serves.
    serial : str
        The serial number on the controller's plate.

    Returns
    -------
    Lift or SoapFault
        The lift with its new lift id, in service and on no contract.
    """
    if isinstance(who := _session(state, token, "contracts"), SoapFault):
        return who
    if not isinstance(site_id, str) or site_id not in state.sites:
        return _fault("NO_SUCH_SITE", f"no site {site_id}", "site_id")
    try:
        kind_value = LiftKind(kind).value
    except ValueError:
        return _fault("BAD_KIND", f"no lift kind {kind!r}", "kind")
    for value, field in ((name, "name"), (make, "make"), (serial, "serial")):
        if _missing(value):
            return _fault("MISSING_VALUE", f"{field} is required", field)
    if isinstance(capacity_kg, bool) or not isinstance(capacity_kg, int) or capacity_kg <= 0:
        return _fault("BAD_CAPACITY", f"{capacity_kg!r} is not a rated load", "capacity_kg")
    if isinstance(floors, bool) or not isinstance(floors, int) or floors < 2:
        return _fault("BAD_FLOORS", f"a lift serves at least 2 floors, not {floors!r}", "floors")
    for lid, lf in state.lifts.items():
        if lf["serial"] == serial.strip().upper():
            return _fault("DUPLICATE_SERIAL", f"serial {lf['serial']} is {lid} already", "serial")
    lid = f"LF-{_next(state, 'lift')}"
    state.lifts[lid] = {"site": site_id, "name": name.strip(), "kind": kind_value, "make": make.strip(),
                        "capacity": capacity_kg, "floors": floors, "serial": serial.strip().upper(),
                        "status": "in_service", "contract": None}
    return _lift(state, lid)


def lifts(state: State, token: str, site_id: Optional[str] = None,
          status: Optional[LiftStatus] = None) -> Union[List[Lift], SoapFault]:
    """The lifts Castlegate looks after.

    Parameters
    ----------
    token : str
        The session token.
    site_id : str, optional
        Only the lifts at this site.
    status : {"in_service", "out_of_service"}, optional
        Only the lifts in this status.

    Returns
    -------
    list of Lift or SoapFault
        One entry per lift: lift id, site id and name, the lift's name, kind, make, rated load, floors, serial,
        status and contract.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    want = status.value if isinstance(status, LiftStatus) else status
    if want is not None and want not in [s.value for s in LiftStatus]:
        return _fault("BAD_STATUS", f"no lift status {want!r}", "status")
    return [_lift(state, lid) for lid, lf in sorted(state.lifts.items())
            if (site_id is None or lf["site"] == site_id) and (want is None or lf["status"] == want)]


def lift_record(state: State, token: str, lift_id: str) -> Union[LiftRecord, SoapFault]:
    """A lift's whole record.

    Parameters
    ----------
    token : str
        The session token.
    lift_id : str
        The lift.

    Returns
    -------
    LiftRecord or SoapFault
        The lift; its surveys as rows of ``[date, engineer, condition, notes]``; its service visits as rows of
        ``[visit_id, date, engineer_id, status]``; its call-outs as rows of ``[callout_id, logged, fault, status]``;
        its thorough examinations as rows of ``[exam_id, date, status, outcome]``; and its defects as rows of
        ``[defect_id, severity, text, status]``.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    if not isinstance(lift_id, str) or lift_id not in state.lifts:
        return _fault("NO_SUCH_LIFT", f"no lift {lift_id}", "lift_id")
    return LiftRecord(
        lift=_lift(state, lift_id), surveys=[list(s) for s in state.surveys.get(lift_id, [])],
        visits=[[vid, v["date"], v["engineer"], v["status"]] for vid, v in sorted(state.visits.items())
                if v["lift"] == lift_id],
        callouts=[[cid, c["logged"], c["fault"], c["status"]] for cid, c in sorted(state.callouts.items())
                  if c["lift"] == lift_id],
        examinations=[[eid, e["date"], e["status"], e["outcome"]] for eid, e in sorted(state.exams.items())
                      if e["lift"] == lift_id],
        defects=[[did, d["severity"], d["text"], d["status"]] for did, d in sorted(state.defects.items())
                 if d["lift"] == lift_id])


def survey_lift(state: State, token: str, lift_id: str, condition: Condition, notes: str) -> Union[Survey, SoapFault]:
    """Record a takeover survey of a lift, done by the engineer signed in.

    Parameters
    ----------
    token : str
        The session token.
    lift_id : str
        The lift.
    condition : {"good", "fair", "poor"}
        The lift's overall condition.
    notes : str
        What the engineer found.

    Returns
    -------
    Survey or SoapFault
        The survey as recorded.
    """
    if isinstance(who := _session(state, token, "engineer"), SoapFault):
        return who
    if not isinstance(lift_id, str) or lift_id not in state.lifts:
        return _fault("NO_SUCH_LIFT", f"no lift {lift_id}", "lift_id")
    if condition not in ("good", "fair", "poor"):
        return _fault("BAD_CONDITION", f"no condition {condition!r}", "condition")
    if _missing(notes):
        return _fault("MISSING_VALUE", "notes are required", "notes")
    if any(s[0] == TODAY for s in state.surveys.get(lift_id, [])):
        return _fault("SURVEYED_TODAY", f"{lift_id} was surveyed today already", "lift_id")
    state.surveys.setdefault(lift_id, []).append([TODAY, who["name"], condition, notes.strip()])
    return Survey(lift_id=lift_id, date=TODAY, engineer=who["name"], condition=condition, notes=notes.strip())


def take_out_of_service(state: State, token: str, lift_id: str, reason: str) -> Union[str, SoapFault]:
    """Take a lift out of service (it is locked off at the main floor and the building told).

    Parameters
    ----------
    token : str
        The session token.
    lift_id : str
        The lift.
    reason : str
        Why.

    Returns
    -------
    str or SoapFault
        A sentence naming the lift and its building.
    """
    if isinstance(who := _session(state, token, "engineer", "controller"), SoapFault):
        return who
    lf = state.lifts.get(lift_id) if isinstance(lift_id, str) else None
    if lf is None:
        return _fault("NO_SUCH_LIFT", f"no lift {lift_id}", "lift_id")
    if lf["status"] == "out_of_service":
        return _fault("ALREADY_OUT", f"{lift_id} is out of service already", "lift_id")
    if _missing(reason):
        return _fault("MISSING_VALUE", "reason is required", "reason")
    lf["status"] = "out_of_service"
    return f"Lift {lift_id} ({lf['name']}, {state.sites[lf['site']]['name']}) taken out of service."


def return_to_service(state: State, token: str, lift_id: str) -> Union[Lift, SoapFault]:
    """Return a lift to service.

    Parameters
    ----------
    token : str
        The session token.
    lift_id : str
        The lift.

    Returns
    -------
    Lift or SoapFault
        The lift, in service.
    """
    if isinstance(who := _session(state, token, "engineer"), SoapFault):
        return who
    lf = state.lifts.get(lift_id) if isinstance(lift_id, str) else None
    if lf is None:
        return _fault("NO_SUCH_LIFT", f"no lift {lift_id}", "lift_id")
    if lf["status"] == "in_service":
        return _fault("ALREADY_IN", f"{lift_id} is in service already", "lift_id")
    for did, d in sorted(state.defects.items()):
        if d["lift"] == lift_id and d["status"] == "open" and d["severity"] == "immediate":
            return _fault("IMMEDIATE_DEFECT", f"{lift_id} has immediate defect {did} open ({d['text']}); a lift "
                                              "with an immediate defect stays out of service until it is closed",
                          "lift_id")
    lf["status"] = "in_service"
    return _lift(state, lift_id)


# --------------------------------------------------------------------------- contracts


def draft_contract(state: State, token: str, client_id: str, plan_code: str,
                   lift_ids: List[str]) -> Union[Contract, SoapFault]:
    """Draft a maintenance contract for some of a client's lifts on a service plan.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str
        The client.
    plan_code : str
        The service plan.
    lift_ids : list of str
        The client's lifts the contract covers.

    Returns
    -------
    Contract or SoapFault
        The draft contract with its new contract id, its lifts as rows of ``[lift_id, site, name, kind,
        surveyed]`` and its annual price.
    """
    if isinstance(who := _session(state, token, "contracts"), SoapFault):
        return who
    if not isinstance(client_id, str) or client_id not in state.clients:
        return _fault("NO_SUCH_CLIENT", f"no client {client_id}", "client_id")
    if plan_code not in PLANS:
        return _fault("NO_SUCH_PLAN", f"no service plan {plan_code!r}", "plan_code")
    if not isinstance(lift_ids, list) or not lift_ids:
        return _fault("MISSING_VALUE", "lift ids are required", "lift_ids")
    for lid in lift_ids:
        lf = state.lifts.get(lid) if isinstance(lid, str) else None
        if lf is None:
            return _fault("NO_SUCH_LIFT", f"no lift {lid}", "lift_ids")
        if state.sites[lf["site"]]["client"] != client_id:
            return _fault("NOT_CLIENTS_LIFT", f"{lid} is in {state.sites[lf['site']]['name']}, not a building of "
                                              f"{state.clients[client_id]['name']}", "lift_ids")
        for cid, c in state.contracts.items():
            if lid in c["lifts"] and c["status"] in ("draft", "active"):
                return _fault("ON_CONTRACT", f"{lid} is on {c['status']} contract {cid} already", "lift_ids")
    cid = f"CT-{_next(state, 'contract')}"
    state.contracts[cid] = {"client": client_id, "plan": plan_code, "status": "draft", "start": None,
                            "lifts": list(dict.fromkeys(lift_ids))}
    return _contract(state, cid)


def activate_contract(state: State, token: str, contract_id: str, start_date: str) -> Union[Contract, SoapFault]:
    """Put a draft contract live from a start date; its lifts go on it.

    Parameters
    ----------
    token : str
        The session token.
    contract_id : str
        The draft contract.
    start_date : str
        The first day of cover (YYYY-MM-DD), today or later.

    Returns
    -------
    Contract or SoapFault
        The contract, active.
    """
    if isinstance(who := _session(state, token, "contracts"), SoapFault):
        return who
    c = state.contracts.get(contract_id) if isinstance(contract_id, str) else None
    if c is None:
        return _fault("NO_SUCH_CONTRACT", f"no contract {contract_id}", "contract_id")
    if c["status"] != "draft":
        return _fault("NOT_DRAFT", f"{contract_id} is {c['status']} already", "contract_id")
    day = _date(start_date)
    if day is None or start_date < TODAY:
        return _fault("BAD_DATE", f"{start_date!r} is not a start date today or later", "start_date")
    for lid in c["lifts"]:
        surveys = state.surveys.get(lid)
        if not surveys:
            return _fault("NOT_SURVEYED", f"{lid} has not had its takeover survey; every lift on a contract is "
                                          "surveyed before it goes live", "contract_id")
        if surveys[-1][2] == "poor":
            return _fault("SURVEYED_POOR", f"{lid} was surveyed poor; a lift in poor condition is repaired before it "
                                           "is taken on", "contract_id")
    c.update({"status": "active", "start": start_date})
    for lid in c["lifts"]:
        state.lifts[lid]["contract"] = contract_id
    return _contract(state, contract_id)


def contracts(state: State, token: str, client_id: Optional[str] = None,
              status: Optional[ContractStatus] = None) -> Union[List[Contract], SoapFault]:
    """Maintenance contracts.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str, optional
        Only this client's contracts.
    status : {"draft", "active", "ended"}, optional
        Only contracts in this status.

    Returns
    -------
    list of Contract or SoapFault
        One entry per contract, with its lifts as rows.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    if status is not None and status not in ("draft", "active", "ended"):
        return _fault("BAD_STATUS", f"no contract status {status!r}", "status")
    return [_contract(state, cid) for cid, c in sorted(state.contracts.items())
            if (client_id is None or c["client"] == client_id) and (status is None or c["status"] == status)]


def end_contract(state: State, token: str, contract_id: str, reason: str) -> Union[str, SoapFault]:
    """End an active contract; its lifts come off it.

    Parameters
    ----------
    token : str
        The session token.
    contract_id : str
        The contract.
    reason : str
        Why it ends.

    Returns
    -------
    str or SoapFault
        A sentence naming the contract and the client.
    """
    if isinstance(who := _session(state, token, "contracts"), SoapFault):
        return who
    c = state.contracts.get(contract_id) if isinstance(contract_id, str) else None
    if c is None:
        return _fault("NO_SUCH_CONTRACT", f"no contract {contract_id}", "contract_id")
    if c["status"] != "active":
        return _fault("NOT_ACTIVE", f"{contract_id} is {'a draft' if c['status'] == 'draft' else c['status']}; only "
                                    "an active contract is ended", "contract_id")
    if _missing(reason):
        return _fault("MISSING_VALUE", "reason is required", "reason")
    c["status"] = "ended"
    for lid in c["lifts"]:
        state.lifts[lid]["contract"] = None
    return f"Contract {contract_id} with {state.clients[c['client']]['name']} ended."


# --------------------------------------------------------------------------- engineers and the rota


def engineers(state: State, token: str, skill: Optional[Skill] = None) -> Union[List[Engineer], SoapFault]:
    """Castlegate's lift engineers.

    Parameters
    ----------
    token : str
        The session token.
    skill : {"traction", "hydraulic", "platform"}, optional
        Only engineers with this skill.

    Returns
    -------
    list of Engineer or SoapFault
        One entry per engineer: engineer id, name, skills and mobile number.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    if skill is not None and skill not in ("traction", "hydraulic", "platform"):
        return _fault("BAD_SKILL", f"no skill {skill!r}", "skill")
    return [Engineer(engineer_id=eid, name=e["name"], skills=list(e["skills"]), mobile=e["mobile"])
            for eid, e in sorted(state.engineers.items()) if skill is None or skill in e["skills"]]


def rota(state: State, token: str, date: str) -> Union[List[RotaRow], SoapFault]:
    """The engineers on the rota on a day.

    Parameters
    ----------
    token : str
        The session token.
    date : str
        The day (YYYY-MM-DD).

    Returns
    -------
    list of RotaRow or SoapFault
        One row per engineer on the rota that day: the date, engineer id, name and shift.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    if _date(date) is None:
        return _fault("BAD_DATE", f"{date!r} is not a date (YYYY-MM-DD)", "date")
    return [RotaRow(date=d, engineer_id=eid, name=state.engineers[eid]["name"], shift=shift)
            for (d, eid), shift in sorted(state.rota.items()) if d == date]


def add_to_rota(state: State, token: str, engineer_id: str, date: str, shift: Shift) -> Union[int, SoapFault]:
    """Put an engineer on the rota for a day.

    Parameters
    ----------
    token : str
        The session token.
    engineer_id : str
        The engineer.
    date : str
        The day (YYYY-MM-DD), today or later.
    shift : {"day", "night"}
        The shift.

    Returns
    -------
    int or SoapFault
        How many engineers are on the rota that day.
    """
    if isinstance(who := _session(state, token, "controller"), SoapFault):
        return who
    if not isinstance(engineer_id, str) or engineer_id not in state.engineers:
        return _fault("NO_SUCH_ENGINEER", f"no engineer {engineer_id}", "engineer_id")
    if _date(date) is None or date < TODAY:
        return _fault("BAD_DATE", f"{date!r} is not a day today or later", "date")
    if shift not in ("day", "night"):
        return _fault("BAD_SHIFT", f"no shift {shift!r}", "shift")
    if state.rota.get((date, engineer_id)) == shift:
        return _fault("ALREADY_ON_ROTA", f"{state.engineers[engineer_id]['name']} is on the {shift} shift on {date} "
                                         "already", "engineer_id")
    state.rota[(date, engineer_id)] = shift
    return sum(1 for (d, _) in state.rota if d == date)


# --------------------------------------------------------------------------- call-outs


def log_callout(state: State, token: str, lift_id: str, fault: Fault, trapped: bool,
                caller: str) -> Union[Callout, SoapFault]:
    """Log a breakdown call-out on a contract lift.

    Parameters
    ----------
    token : str
        The session token.
    lift_id : str
        The lift.
    fault : {"trapped", "doors", "not_levelling", "noise", "stopped", "alarm"}
        What the caller reports.
    trapped : bool
        Whether anyone is trapped in the car.
    caller : str
        Who rang.

    Returns
    -------
    Callout or SoapFault
        The call-out with its new id, logged and not yet dispatched.
    """
    if isinstance(who := _session(state, token, "controller"), SoapFault):
        return who
    lf = state.lifts.get(lift_id) if isinstance(lift_id, str) else None
    if lf is None:
        return _fault("NO_SUCH_LIFT", f"no lift {lift_id}", "lift_id")
    try:
        code = Fault(fault).value
    except ValueError:
        return _fault("BAD_FAULT", f"no fault {fault!r}", "fault")
    contract = state.contracts.get(lf["contract"]) if lf["contract"] else None
    if contract is None or contract["status"] != "active":
        return _fault("NOT_ON_CONTRACT", f"{lift_id} is not on an active contract; call-outs are taken for contract "
                                         "lifts only", "lift_id")
    if _missing(caller):
        return _fault("MISSING_VALUE", "caller is required", "caller")
    for cid, c in state.callouts.items():
        if c["lift"] == lift_id and c["status"] != "cleared":
            return _fault("CALLOUT_OPEN", f"{lift_id} has call-out {cid} open already", "lift_id")
    cid = f"CA-{_next(state, 'callout')}"
    state.callouts[cid] = {"lift": lift_id, "fault": code, "trapped": bool(trapped), "caller": caller.strip(),
                           "logged": f"{TODAY} {NOW}", "status": "logged", "engineer": None, "cause": None,
                           "action": None}
    return _callout(state, cid)


def callouts(state: State, token: str, status: Optional[CalloutStatus] = None,
             engineer_id: Optional[str] = None) -> Union[List[Callout], SoapFault]:
    """Breakdown call-outs.

    Parameters
    ----------
    token : str
        The session token.
    status : {"logged", "dispatched", "on_site", "cleared"}, optional
        Only call-outs in this status.
    engineer_id : str, optional
        Only call-outs dispatched to this engineer.

    Returns
    -------
    list of Callout or SoapFault
        One entry per call-out.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    want = status.value if isinstance(status, CalloutStatus) else status
    if want is not None and want not in [s.value for s in CalloutStatus]:
        return _fault("BAD_STATUS", f"no call-out status {want!r}", "status")
    return [_callout(state, cid) for cid, c in sorted(state.callouts.items())
            if (want is None or c["status"] == want) and (engineer_id is None or c["engineer"] == engineer_id)]


def dispatch(state: State, token: str, callout_id: str, engineer_id: str) -> Union[Callout, SoapFault]:
    """Dispatch a call-out to an engineer on today's rota.

    Parameters
    ----------
    token : str
        The session token.
    callout_id : str
        The call-out.
    engineer_id : str
        The engineer.

    Returns
    -------
    Callout or SoapFault
        The call-out, dispatched.
    """
    if isinstance(who := _session(state, token, "controller"), SoapFault):
        return who
    c = state.callouts.get(callout_id) if isinstance(callout_id, str) else None
    if c is None:
        return _fault("NO_SUCH_CALLOUT", f"no call-out {callout_id}", "callout_id")
    e = state.engineers.get(engineer_id) if isinstance(engineer_id, str) else None
    if e is None:
        return _fault("NO_SUCH_ENGINEER", f"no engineer {engineer_id}", "engineer_id")
    if c["status"] != "logged":
        return _fault("NOT_LOGGED", f"{callout_id} is {c['status']} already", "callout_id")
    kind = state.lifts[c["lift"]]["kind"]
    if kind not in e["skills"]:
        return _fault("NOT_SKILLED", f"{e['name']} does not work on {kind} lifts", "engineer_id")
    if not _rostered(state, TODAY, engineer_id):
        return _fault("NOT_ON_ROTA", f"{e['name']} is not on today's rota", "engineer_id")
    c.update({"status": "dispatched", "engineer": engineer_id})
    return _callout(state, callout_id)


def arrive(state: State, token: str, callout_id: str) -> Union[Callout, SoapFault]:
    """Record that you have arrived at a call-out dispatched to you.

    Parameters
    ----------
    token : str
        The session token.
    callout_id : str
        The call-out.

    Returns
    -------
    Callout or SoapFault
        The call-out, on site.
    """
    if isinstance(who := _session(state, token, "engineer"), SoapFault):
        return who
    c = state.callouts.get(callout_id) if isinstance(callout_id, str) else None
    if c is None:
        return _fault("NO_SUCH_CALLOUT", f"no call-out {callout_id}", "callout_id")
    if c["status"] != "dispatched":
        return _fault("NOT_DISPATCHED", f"{callout_id} is {c['status']}; you arrive at a call-out dispatched to you",
                      "callout_id")
    if who["role"] == "engineer" and c["engineer"] != who["engineer"]:
        return _fault("NOT_YOURS", f"{callout_id} is dispatched to {state.engineers[c['engineer']]['name']}",
                      "callout_id")
    c["status"] = "on_site"
    return _callout(state, callout_id)


def clear_callout(state: State, token: str, callout_id: str, cause: Cause, action: str,
                  back_in_service: bool) -> Union[Callout, SoapFault]:
    """Clear a call-out you are on site at, with the cause found and what was done; a lift not put back into service
    is left out of service.

    Parameters
    ----------
    token : str
        The session token.
    callout_id : str
        The call-out.
    cause : {"door_operator", "door_lock", "controller", "hydraulic", "power_supply", "misuse", "no_fault_found"}
        The cause found.
    action : str
        What was done.
    back_in_service : bool
        Whether the lift is left in service.

    Returns
    -------
    Callout or SoapFault
        The call-out, cleared.
    """
    if isinstance(who := _session(state, token, "engineer"), SoapFault):
        return who
    c = state.callouts.get(callout_id) if isinstance(callout_id, str) else None
    if c is None:
        return _fault("NO_SUCH_CALLOUT", f"no call-out {callout_id}", "callout_id")
    if c["status"] != "on_site":
        return _fault("NOT_ON_SITE", f"{callout_id} is {c['status']}; a call-out is cleared once the engineer is on "
                                     "site", "callout_id")
    if who["role"] == "engineer" and c["engineer"] != who["engineer"]:
        return _fault("NOT_YOURS", f"{callout_id} is dispatched to {state.engineers[c['engineer']]['name']}",
                      "callout_id")
    if cause not in ("door_operator", "door_lock", "controller", "hydraulic", "power_supply", "misuse",
                     "no_fault_found"):
        return _fault("BAD_CAUSE", f"no cause {cause!r}", "cause")
    if _missing(action):
        return _fault("MISSING_VALUE", "action is required", "action")
    c.update({"status": "cleared", "cause": cause, "action": action.strip()})
    state.lifts[c["lift"]]["status"] = "in_service" if back_in_service else "out_of_service"
    return _callout(state, callout_id)


# --------------------------------------------------------------------------- routine service


def schedule_service(state: State, token: str, lift_id: str, date: str,
                     engineer_id: str) -> Union[Visit, SoapFault]:
    """Schedule a routine service visit to a contract lift, with an engineer on the rota that day.

    Parameters
    ----------
    token : str
        The session token.
    lift_id : str
        The lift.
    date : str
        The day (YYYY-MM-DD), today or later.
    engineer_id : str
        The engineer.

    Returns
    -------
    Visit or SoapFault
        The visit with its new id.
    """
    if isinstance(who := _session(state, token, "controller"), SoapFault):
        return who
    lf = state.lifts.get(lift_id) if isinstance(lift_id, str) else None
    if lf is None:
        return _fault("NO_SUCH_LIFT", f"no lift {lift_id}", "lift_id")
    e = state.engineers.get(engineer_id) if isinstance(engineer_id, str) else None
    if e is None:
        return _fault("NO_SUCH_ENGINEER", f"no engineer {engineer_id}", "engineer_id")
    contract = state.contracts.get(lf["contract"]) if lf["contract"] else None
    if contract is None or contract["status"] != "active":
        return _fault("NOT_ON_CONTRACT", f"{lift_id} is not on an active contract; routine service is for contract "
                                         "lifts", "lift_id")
    if _date(date) is None or date < TODAY:
        return _fault("BAD_DATE", f"{date!r} is not a day today or later", "date")
    if lf["kind"] not in e["skills"]:
        return _fault("NOT_SKILLED", f"{e['name']} does not work on {lf['kind']} lifts", "engineer_id")
    if not _rostered(state, date, engineer_id):
        return _fault("NOT_ON_ROTA", f"{e['name']} is not on the rota on {date}", "engineer_id")
    for vid, v in state.visits.items():
        if v["lift"] == lift_id and v["date"] == date:
            return _fault("ALREADY_SCHEDULED", f"{lift_id} has visit {vid} on {date} already", "date")
    vid = f"SV-{_next(state, 'visit')}"
    state.visits[vid] = {"lift": lift_id, "date": date, "engineer": engineer_id, "status": "scheduled", "checks": [],
                         "notes": None}
    return _visit(state, vid)


def visits(state: State, token: str, date: Optional[str] = None,
           engineer_id: Optional[str] = None) -> Union[List[Visit], SoapFault]:
    """Routine service visits.

    Parameters
    ----------
    token : str
        The session token.
    date : str, optional
        Only the visits on this day.
    engineer_id : str, optional
        Only this engineer's visits.

    Returns
    -------
    list of Visit or SoapFault
        One entry per visit: visit id, lift, site, date, engineer and status.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    return [_visit(state, vid) for vid, v in sorted(state.visits.items())
            if (date is None or v["date"] == date) and (engineer_id is None or v["engineer"] == engineer_id)]


def complete_service(state: State, token: str, visit_id: str, checks: List[str],
                     notes: str) -> Union[str, SoapFault]:
    """Complete today's service visit of yours, listing the checks done.

    Parameters
    ----------
    token : str
        The session token.
    visit_id : str
        The visit.
    checks : list of str
        The checks done; a service covers every check of the lift's kind.
    notes : str
        What was found.

    Returns
    -------
    str or SoapFault
        The day the lift's next service is due (YYYY-MM-DD).
    """
    if isinstance(who := _session(state, token, "engineer"), SoapFault):
        return who
    v = state.visits.get(visit_id) if isinstance(visit_id, str) else None
    if v is None:
        return _fault("NO_SUCH_VISIT", f"no visit {visit_id}", "visit_id")
    if v["status"] == "completed":
        return _fault("ALREADY_COMPLETED", f"{visit_id} is completed already", "visit_id")
    if who["role"] == "engineer" and v["engineer"] != who["engineer"]:
        return _fault("NOT_YOURS", f"{visit_id} is {state.engineers[v['engineer']]['name']}'s", "visit_id")
    if v["date"] != TODAY:
        return _fault("NOT_TODAY", f"{visit_id} is on {v['date']}, not today", "visit_id")
    lf = state.lifts[v["lift"]]
    done = [c.strip().lower() for c in checks] if isinstance(checks, list) else []
    missing = [c for c in CHECKS[lf["kind"]] if c not in done]
    if missing:
        return _fault("CHECKS_MISSING", f"a {lf['kind']} lift's service also checks: {', '.join(missing)}", "checks")
    if _missing(notes):
        return _fault("MISSING_VALUE", "notes are required", "notes")
    v.update({"status": "completed", "checks": done, "notes": notes.strip()})
    plan = state.contracts[lf["contract"]]["plan"] if lf["contract"] else "BASIC-4"
    return str(_date(TODAY) + datetime.timedelta(days=SERVICE_INTERVAL_DAYS[plan]))


# --------------------------------------------------------------------------- thorough examinations and defects


def book_examination(state: State, token: str, lift_id: str, date: str,
                     examiner: str) -> Union[Examination, SoapFault]:
    """Book the insurer's thorough examination of a lift.

    Parameters
    ----------
    token : str
        The session token.
    lift_id : str
        The lift.
    date : str
        The day (YYYY-MM-DD), today or later.
    examiner : str
        The insurer's engineer surveyor.

    Returns
    -------
    Examination or SoapFault
        The examination with its new id, booked.
    """
    if isinstance(who := _session(state, token, "controller"), SoapFault):
        return who
    if not isinstance(lift_id, str) or lift_id not in state.lifts:
        return _fault("NO_SUCH_LIFT", f"no lift {lift_id}", "lift_id")
    if _date(date) is None or date < TODAY:
        return _fault("BAD_DATE", f"{date!r} is not a day today or later", "date")
    if _missing(examiner):
        return _fault("MISSING_VALUE", "examiner is required", "examiner")
    for eid, e in state.exams.items():
        if e["lift"] == lift_id and e["status"] == "booked":
            return _fault("ALREADY_BOOKED", f"{lift_id} has examination {eid} booked already", "lift_id")
    eid = f"EX-{_next(state, 'exam')}"
    state.exams[eid] = {"lift": lift_id, "date": date, "examiner": examiner.strip(), "status": "booked",
                        "outcome": None, "next_due": None}
    return _exam(state, eid)


def record_examination(state: State, token: str, exam_id: str, outcome: Outcome, defects: List[str],
                       next_due: str) -> Union[Examination, SoapFault]:
    """Record the report of a thorough examination that has taken place; each defect reported is opened.

    Parameters
    ----------
    token : str
        The session token.
    exam_id : str
        The examination.
    outcome : {"satisfactory", "defects"}
        The report's outcome.
    defects : list of str
        The defects as the report words them (none for a satisfactory report).
    next_due : str
        When the next thorough examination is due (YYYY-MM-DD).

    Returns
    -------
    Examination or SoapFault
        The examination, reported, with its defects as rows of ``[defect_id, severity, text, status]``.
    """
    if isinstance(who := _session(state, token, "controller"), SoapFault):
        return who
    e = state.exams.get(exam_id) if isinstance(exam_id, str) else None
    if e is None:
        return _fault("NO_SUCH_EXAM", f"no examination {exam_id}", "exam_id")
    if e["status"] != "booked":
        return _fault("ALREADY_REPORTED", f"{exam_id} is reported already", "exam_id")
    if e["date"] > TODAY:
        return _fault("NOT_YET", f"{exam_id} takes place on {e['date']}", "exam_id")
    try:
        result = Outcome(outcome).value
    except ValueError:
        return _fault("BAD_OUTCOME", f"no outcome {outcome!r}", "outcome")
    defects = list(defects) if isinstance(defects, list) else []
    if result == "satisfactory" and defects:
        return _fault("DEFECTS_ON_SATISFACTORY", "a satisfactory report lists no defects", "defects")
    if result == "defects" and not defects:
        return _fault("NO_DEFECTS", "the report's defects are required", "defects")
    parsed = []
    for text in defects:
        severity, _, rest = str(text).partition(":")
        if severity.strip().lower() not in SEVERITIES or not rest.strip():
            return _fault("BAD_DEFECT", f"{text!r}: a defect is written 'immediate: ...', 'urgent: ...' or "
                                        "'advisory: ...' as the report grades it", "defects")
        parsed.append((severity.strip().lower(), rest.strip()))
    if _date(next_due) is None or next_due <= TODAY:
        return _fault("BAD_DATE", f"{next_due!r} is not a date after today", "next_due")
    for severity, text in parsed:
        did = f"DF-{_next(state, 'defect')}"
        state.defects[did] = {"lift": e["lift"], "exam": exam_id, "severity": severity, "text": text, "status": "open",
                              "work": None}
    e.update({"status": "reported", "outcome": result, "next_due": next_due})
    return _exam(state, exam_id)


def defects(state: State, token: str, lift_id: Optional[str] = None,
            open_only: bool = True) -> Union[List[Defect], SoapFault]:
    """Defects reported on lifts.

    Parameters
    ----------
    token : str
        The session token.
    lift_id : str, optional
        Only this lift's defects.
    open_only : bool, default True
        Only defects still open.

    Returns
    -------
    list of Defect or SoapFault
        One entry per defect: defect id, lift, severity, text, status and the repair quote raised for it.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    return [_defect(state, did) for did, d in sorted(state.defects.items())
            if (lift_id is None or d["lift"] == lift_id) and (not open_only or d["status"] == "open")]


def close_defect(state: State, token: str, defect_id: str, work_done: str) -> Union[Defect, SoapFault]:
    """Close a defect once it has been put right. Where a repair quote was raised for it, its parts must be in.

    Parameters
    ----------
    token : str
        The session token.
    defect_id : str
        The defect.
    work_done : str
        What was done.

    Returns
    -------
    Defect or SoapFault
        The defect, closed.
    """
    if isinstance(who := _session(state, token, "engineer"), SoapFault):
        return who
    d = state.defects.get(defect_id) if isinstance(defect_id, str) else None
    if d is None:
        return _fault("NO_SUCH_DEFECT", f"no defect {defect_id}", "defect_id")
    if d["status"] != "open":
        return _fault("ALREADY_CLOSED", f"{defect_id} is closed already", "defect_id")
    for qid, q in sorted(state.quotes.items()):
        if q["defect"] == defect_id:
            if q["status"] == "draft":
                return _fault("QUOTE_NOT_ACCEPTED", f"{defect_id}'s repair quote {qid} is waiting for the client's "
                                                    "acceptance", "defect_id")
            order = next((o for o in state.orders.values() if o["quote"] == qid), None)
            if q["lines"] and (order is None or order["status"] != "received"):
                return _fault("PARTS_NOT_IN", f"the parts for {qid} are not in stores yet", "defect_id")
    if _missing(work_done):
        return _fault("MISSING_VALUE", "work done is required", "work_done")
    d.update({"status": "closed", "work": work_done.strip()})
    return _defect(state, defect_id)


# --------------------------------------------------------------------------- repairs and parts


def parts_catalogue(state: State, token: str, make: Optional[str] = None) -> Union[List[Part], SoapFault]:
    """The parts Castlegate buys in.

    Parameters
    ----------
    token : str
        The session token.
    make : str, optional
        Only parts that fit this make (and those that fit any).

    Returns
    -------
    list of Part or SoapFault
        One entry per part: part number, description, the make it fits (null for any) and price.
    """
    if isinstance(who := _session(state, token), SoapFault):
        return who
    return [Part(part_no=no, description=p[0], fits=p[1], price=p[2]) for no, p in PARTS.items()
            if make is None or p[1] in (None, make)]


def raise_quote(state: State, token: str, defect_id: str, parts: List[str],
                labour_hours: float) -> Union[RepairQuote, SoapFault]:
    """Raise a repair quote for a defect: parts from the catalogue and labour. Parts are free on a plan that
    includes them.

    Parameters
    ----------
    token : str
        The session token.
    defect_id : str
        The defect.
    parts : list of str
        The part numbers needed (a number twice for two).
    labour_hours : float
        The engineer's hours.

    Returns
    -------
    RepairQuote or SoapFault
        The quote with its new id, its lines as rows of ``[part_no, description, price]``, the labour, the total
        and status ``draft``.
    """
    if isinstance(who := _session(state, token, "contracts"), SoapFault):
        return who
    d = state.defects.get(defect_id) if isinstance(defect_id, str) else None
    if d is None:
        return _fault("NO_SUCH_DEFECT", f"no defect {defect_id}", "defect_id")
    if d["status"] != "open":
        return _fault("DEFECT_CLOSED", f"{defect_id} is closed", "defect_id")
    for qid, q in state.quotes.items():
        if q["defect"] == defect_id:
            return _fault("ALREADY_QUOTED", f"{defect_id} has quote {qid} already", "defect_id")
    parts = list(parts) if isinstance(parts, list) else []
    lf = state.lifts[d["lift"]]
    for no in parts:
        p = PARTS.get(no) if isinstance(no, str) else None
        if p is None:
            return _fault("NO_SUCH_PART", f"no part {no!r}", "parts")
        if p[1] not in (None, lf["make"]):
            return _fault("PART_DOES_NOT_FIT", f"{no} ({p[0]}) fits {p[1]} lifts; {d['lift']} is a {lf['make']}",
                          "parts")
    if isinstance(labour_hours, bool) or not isinstance(labour_hours, (int, float)) or labour_hours <= 0:
        return _fault("BAD_HOURS", f"{labour_hours!r} is not a number of hours", "labour_hours")
    plan = state.contracts[lf["contract"]]["plan"] if lf["contract"] else None
    free = plan is not None and PLANS[plan][3]
    lines = [[no, PARTS[no][0], 0.0 if free else PARTS[no][2]] for no in parts]
    total = round(sum(ln[2] for ln in lines) + labour_hours * LABOUR_RATE, 2)
    qid = f"QT-{_next(state, 'quote')}"
    state.quotes[qid] = {"defect": defect_id, "lift": d["lift"], "lines": lines, "hours": float(labour_hours),
                         "total": total, "status": "draft", "po": None}
    return _quote(state, qid)


def accept_quote(state: State, token: str, quote_id: str, client_po: str) -> Union[float, SoapFault]:
    """Record a client's acceptance of a repair quote with their order number.

    Parameters
    ----------
    token : str
        The session token.
    quote_id : str
        The quote.
    client_po : str
        The client's purchase order number.

    Returns
    -------
    float or SoapFault
        The total the client has accepted.
    """
    if isinstance(who := _session(state, token, "contracts"), SoapFault):
        return who
    q = state.quotes.get(quote_id) if isinstance(quote_id, str) else None
    if q is None:
        return _fault("NO_SUCH_QUOTE", f"no quote {quote_id}", "quote_id")
    if q["status"] != "draft":
        return _fault("ALREADY_ACCEPTED", f"{quote_id} was accepted already (order {q['po']})", "quote_id")
    if _missing(client_po):
        return _fault("MISSING_VALUE", "the client's order number is required", "client_po")
    q.update({"status": "accepted", "po": client_po.strip()})
    return q["total"]


def order_parts(state: State, token: str, quote_id: str) -> Union[PartsOrder, SoapFault]:
    """Order the parts on an accepted repair quote from the supplier.

    Parameters
    ----------
    token : str
        The session token.
    quote_id : str
        The quote.

    Returns
    -------
    PartsOrder or SoapFault
        The parts order with its new id, its lines as rows of ``[part_no, description, quantity]`` and the day it is
        due.
    """
    if isinstance(who := _session(state, token, "stores"), SoapFault):
        return who
    q = state.quotes.get(quote_id) if isinstance(quote_id, str) else None
    if q is None:
        return _fault("NO_SUCH_QUOTE", f"no quote {quote_id}", "quote_id")
    if q["status"] != "accepted":
        return _fault("QUOTE_NOT_ACCEPTED", f"{quote_id} has not been accepted by the client; parts are ordered on an "
                                            "accepted quote", "quote_id")
    if not q["lines"]:
        return _fault("NO_PARTS", f"{quote_id} needs no parts", "quote_id")
    for oid, o in state.orders.items():
        if o["quote"] == quote_id:
            return _fault("ALREADY_ORDERED", f"the parts for {quote_id} are on order {oid} already", "quote_id")
    counts: Dict[str, int] = {}
    for no, _, _ in q["lines"]:
        counts[no] = counts.get(no, 0) + 1
    oid = f"PO-{_next(state, 'order')}"
    state.orders[oid] = {"quote": quote_id, "lines": [[no, PARTS[no][0], n] for no, n in counts.items()],
                         "status": "ordered", "due": "2032-05-20"}
    return _order(state, oid)


def receive_parts(state: State, token: str, order_id: str) -> Union[PartsOrder, SoapFault]:
    """Book a parts order into stores.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The parts order.

    Returns
    -------
    PartsOrder or SoapFault
        The parts order, received.
    """
    if isinstance(who := _session(state, token, "stores"), SoapFault):
        return who
    o = state.orders.get(order_id) if isinstance(order_id, str) else None
    if o is None:
        return _fault("NO_SUCH_ORDER", f"no parts order {order_id}", "order_id")
    if o["status"] == "received":
        return _fault("ALREADY_RECEIVED", f"{order_id} was booked in already", "order_id")
    o["status"] = "received"
    return _order(state, order_id)


TOOLS = [
    sign_in, sign_out, service_plans, find_client, add_client, update_client, message_client, add_site, sites,
    register_lift, lifts, lift_record, survey_lift, take_out_of_service, return_to_service, draft_contract,
    activate_contract, contracts, end_contract, engineers, rota, add_to_rota, log_callout, callouts, dispatch, arrive,
    clear_callout, schedule_service, visits, complete_service, book_examination, record_examination, defects,
    close_defect, parts_catalogue, raise_quote, accept_quote, order_parts, receive_parts,
]

FIXTURES = {
    "contractor": {"name": "Castlegate Lift Services Ltd, 9 Foundry Lane, Aldmoor",
                   "today": "Tuesday 18 May 2032, eight in the morning"},
    "staff": [
        {"name": "Nadia Kowalski", "role": "service desk controller", "username": "nadia.k",
         "password": "Landing-Call-3"},
        {"name": "Tom Whitlow", "role": "engineer", "username": "tom.w", "password": "Overspeed-Gov-9"},
        {"name": "Jas Sandhu", "role": "engineer", "username": "jas.s", "password": "Ram-Seal-44"},
        {"name": "Ray Bellamy", "role": "contracts manager", "username": "ray.b", "password": "Comprehensive-12"},
        {"name": "Lin Chu", "role": "stores", "username": "lin.c", "password": "Goods-In-2032"},
        {"name": "Margaret Osei", "role": "director", "username": "margaret.o", "password": "Castlegate-1971"},
    ],
    "new_client": {"name": "Harbour View Apartments RMC Ltd", "contact": "Mrs Alison Petrie", "phone": "01632 960720",
                   "email": "alison.petrie@harbourview.example",
                   "site": {"name": "Harbour View", "address": "3 Quay Street, Aldmoor", "postcode": "AL1 4QS",
                            "access_notes": "Key safe by the bin store; the concierge has the code"},
                   "lift": {"name": "Main lift", "kind": "traction", "make": "Halden", "capacity_kg": 630,
                            "floors": 8, "serial": "HD-77120"},
                   "wants": "the Comprehensive plan from today"},
    "insurer": "Mr Colin Reeve, Aldmoor Engineering Insurance",
    "notes": [
        "Mill Court's second lift has been modernised; Aldmoor Housing want it on a contract",
        "Kestrel Court have signed; Tom surveys their lift this morning and the contract starts today",
        "Portland Retail Park are moving to another contractor; their contract ends",
        "Becky can cover today's day shift",
        "Tom is fixing the landing door lock on Tower House lift 2 this morning",
        "The insurer is at Portland Retail Park's goods lift today",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "service_plans")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CLIENT_CONSUMERS = ["update_client", "message_client", "add_site", "draft_contract"]
LIFT_CONSUMERS = ["lift_record", "survey_lift", "take_out_of_service", "return_to_service", "draft_contract",
                  "log_callout", "schedule_service", "book_examination"]
CALLOUT_CONSUMERS = ["dispatch", "arrive", "clear_callout"]
_CLIENT = "id lookup/create: client (client_id of add_client, or of a find_client row)"
_LIFT = "id lookup/create: lift (lift_id of register_lift, or of a lifts entry)"
_CALLOUT = "id lookup/create: call-out (callout_id of log_callout, or of a callouts entry)"
_CONTRACT = "id lookup/create: contract (contract_id of draft_contract, or of a contracts entry)"
_ENGINEER = "id lookup: engineer (engineer_id of a rota row, or of an engineers entry)"
_DEFECT = "id lookup/create: defect (defect_id of a record_examination defect row, or of a defects entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("add_client|find_client", c, _CLIENT) for c in CLIENT_CONSUMERS]
    + [("register_lift|lifts", c, _LIFT) for c in LIFT_CONSUMERS]
    + [("log_callout|callouts", c, _CALLOUT) for c in CALLOUT_CONSUMERS]
    + [("draft_contract|contracts", c, _CONTRACT) for c in ("activate_contract", "end_contract")]
    + [("rota|engineers", c, _ENGINEER) for c in ("dispatch", "schedule_service")]
    + [("record_examination|defects", c, _DEFECT) for c in ("raise_quote", "close_defect")]
    + [
        ("add_site|sites", "register_lift", "id lookup/create: site (site_id of add_site, or of a sites entry)"),
        ("engineers", "add_to_rota", "id lookup: engineer (engineer_id of an engineers entry)"),
        ("schedule_service|visits", "complete_service",
         "id lookup/create: visit (visit_id of schedule_service, or of a visits entry)"),
        ("book_examination|lift_record", "record_examination",
         "id lookup/create: examination (exam_id of book_examination, or of a lift_record examination row)"),
        ("service_plans", "draft_contract", "vocabulary: plan codes (code of a service_plans entry)"),
        ("parts_catalogue", "raise_quote", "vocabulary: part numbers (part_no of a parts_catalogue entry)"),
        ("raise_quote", "accept_quote", "id create: repair quote (quote_id of raise_quote)"),
        ("raise_quote", "order_parts", "id create: repair quote (quote_id of raise_quote)"),
        ("order_parts", "receive_parts", "id create: parts order (order_id of order_parts)"),
        ("survey_lift", "activate_contract", "state: every lift on the contract surveyed"),
        ("activate_contract", "log_callout", "state: the lift on an active contract"),
        ("activate_contract", "schedule_service", "state: the lift on an active contract"),
        ("activate_contract", "end_contract", "state: the contract active"),
        ("add_to_rota", "dispatch", "state: the engineer on today's rota"),
        ("add_to_rota", "schedule_service", "state: the engineer on the rota that day"),
        ("dispatch", "arrive", "state: the call-out dispatched to the engineer who arrives"),
        ("arrive", "clear_callout", "state: the engineer on site"),
        ("take_out_of_service|clear_callout", "return_to_service", "state: the lift out of service"),
        ("close_defect", "return_to_service", "state: no immediate defect open on the lift"),
        ("accept_quote", "order_parts", "state: the quote accepted"),
        ("receive_parts", "close_defect", "state: the quote's parts in stores"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
PLAUSIBLE = (
    # ids shown in other lists and records: clients on sites and contracts; lifts on contracts, call-outs, visits,
    # defects and quotes; sites and contracts on lifts; engineers on call-outs and visits; call-outs, visits and
    # defects in a lift's record; quotes on defects; plans on contracts
    {(p, c) for p in ("sites", "add_site", "contracts", "draft_contract") for c in CLIENT_CONSUMERS if p != c}
    | {(p, c) for p in ("contracts", "draft_contract", "callouts", "log_callout", "visits", "schedule_service",
                        "defects", "raise_quote", "lift_record") for c in LIFT_CONSUMERS if p != c}
    | {("lifts", "register_lift"), ("lifts", "activate_contract"), ("lifts", "end_contract"),
       ("lift_record", "activate_contract"), ("lift_record", "end_contract")}
    | {(p, c) for p in ("callouts", "visits", "rota") for c in ("dispatch", "schedule_service", "add_to_rota")
       if p != c}
    | {("lift_record", c) for c in CALLOUT_CONSUMERS + ["complete_service", "raise_quote", "close_defect"]}
    | {("defects", "accept_quote"), ("defects", "order_parts"), ("contracts", "draft_contract")}
    # one step further along the designed chains
    | {
        ("accept_quote", "receive_parts"), ("activate_contract", "arrive"), ("activate_contract", "clear_callout"),
        ("activate_contract", "complete_service"), ("activate_contract", "dispatch"),
        ("add_client", "activate_contract"), ("add_client", "end_contract"), ("add_client", "register_lift"),
        ("add_site", "book_examination"), ("add_site", "draft_contract"), ("add_site", "lift_record"),
        ("add_site", "log_callout"), ("add_site", "return_to_service"), ("add_site", "schedule_service"),
        ("add_site", "survey_lift"), ("add_site", "take_out_of_service"), ("arrive", "return_to_service"),
        ("book_examination", "close_defect"), ("book_examination", "raise_quote"), ("defects", "return_to_service"),
        ("dispatch", "clear_callout"), ("draft_contract", "log_callout"), ("draft_contract", "schedule_service"),
        ("lifts", "record_examination"), ("log_callout", "return_to_service"), ("order_parts", "close_defect"),
        ("parts_catalogue", "accept_quote"), ("parts_catalogue", "order_parts"), ("raise_quote", "receive_parts"),
        ("record_examination", "accept_quote"), ("record_examination", "order_parts"),
        ("register_lift", "activate_contract"), ("register_lift", "arrive"), ("register_lift", "clear_callout"),
        ("register_lift", "complete_service"), ("register_lift", "dispatch"), ("register_lift", "end_contract"),
        ("register_lift", "record_examination"), ("rota", "arrive"), ("rota", "complete_service"),
        ("service_plans", "activate_contract"), ("service_plans", "end_contract"), ("survey_lift", "end_contract"),
        ("survey_lift", "log_callout"), ("survey_lift", "schedule_service"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("add_client", "find_client"), ("update_client", "find_client"), ("add_site", "sites"),
        ("register_lift", "lifts"), ("survey_lift", "lift_record"), ("take_out_of_service", "lifts"),
        ("take_out_of_service", "lift_record"), ("return_to_service", "lifts"), ("return_to_service", "lift_record"),
        ("draft_contract", "contracts"), ("activate_contract", "contracts"), ("activate_contract", "lifts"),
        ("end_contract", "contracts"), ("end_contract", "lifts"), ("add_to_rota", "rota"), ("log_callout", "callouts"),
        ("log_callout", "lift_record"), ("dispatch", "callouts"), ("arrive", "callouts"),
        ("clear_callout", "callouts"), ("clear_callout", "lifts"), ("schedule_service", "visits"),
        ("schedule_service", "lift_record"), ("complete_service", "visits"), ("complete_service", "lift_record"),
        ("book_examination", "lift_record"), ("record_examination", "lift_record"), ("record_examination", "defects"),
        ("close_defect", "defects"), ("close_defect", "lift_record"), ("raise_quote", "defects"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
