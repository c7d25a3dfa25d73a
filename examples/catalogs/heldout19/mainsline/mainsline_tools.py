"""Mainsline: the field-works console of Calder & Ryburn Water, Halifax and Todmorden depots (39 calls).

Plain functions over an in-memory ``State`` of the network on Wednesday 11 July 2029 at 08:40. The
control room logs what customers report (bursts, no water, low pressure, discoloured water) and
raises jobs on the main or valve at fault; supervisors give the job to a crew, take a street-works
permit from the highway authority, order the other utilities' plans and plan the isolation of the
main; the control room tells the customers on that section and arranges bottled water or a static
tank for those on the Priority Services Register; the crew on site record their arrival and risk
assessment, dig, shut the valves, draw materials from the depot stores, repair, recharge the main,
flush and sample it through a hydrant and reinstate the road; the supervisor closes the permit and
the job, and the control room closes the customer's incident.

Replies are pydantic models (a session, an incident with its job nested, an asset with its valves
and hydrants nested, a job with its permit, isolation and sample nested, a crew, a permit, a plans
pack with the apparatus nested, a risk assessment, an isolation plan, a notice batch, a
priority-service customer, an alternative-supply order, a stock item, a stores issue with its lines
nested, a sample, a message, a sign-out) and lists of them, plus one bare ``float`` (a pressure
reading). The public "water off in your area?" page (``supply_status``) needs no session. Every refusal is *returned* as an RFC 7807 problem object, ``{"type", "title",
"status", "detail"}`` with an HTTP status as an ``int`` (401, 403, 404, 409, 422, 428), the way the
console's REST gateway answers; no common convention reads that shape, so the module declares
``FAILURE`` (``is_problem``). Incidents and their jobs share digits (``CC-55118``, ``WO-55118-1``);
permits, isolations, plans packs, stores issues and samples have numbers of their own. Risk-
assessment hazard codes, notice channels, repair methods, the rule that every valve on the section
must be shut, the rule that every registered customer must be covered and the road-closure rule are
stated only in refusals; the sample limits are stated nowhere (a reading outside them is recorded as
a fail).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
from enum import Enum
from typing import Literal

from pydantic import BaseModel

TODAY = "2029-07-11"
NOW = "2029-07-11T08:40"
API = "https://fieldworks.cryw.example/problems/"

Depot = Literal["HFX", "TOD"]
Category = Literal["burst", "leak_visible", "no_water", "low_pressure", "discoloured"]
AssetKind = Literal["main", "valve", "hydrant"]
JobType = Literal["repair_leak", "replace_valve", "flush_main", "investigate"]
Priority = Literal["emergency", "urgent", "planned"]
TrafficManagement = Literal["none", "signals", "lane_closure", "road_closure"]
ValveAction = Literal["close", "open"]
SupplyKind = Literal["bottled_water", "static_tank"]
Surface = Literal["footway", "carriageway", "verge"]
Reinstatement = Literal["interim", "permanent"]


class IncidentStatus(str, Enum):
    OPEN = "open"
    CLOSED = "closed"


class JobStatus(str, Enum):
    RAISED = "raised"
    ASSIGNED = "assigned"
    ON_SITE = "on_site"
    COMPLETED = "completed"
    CANCELLED = "cancelled"


_HAZARDS = ("traffic", "buried_services", "excavation_collapse", "water_under_pressure", "confined_space",
            "contaminated_ground", "public_access", "manual_handling")
_CHANNELS = ("sms", "voice", "letter", "door_knock", "web_banner")
_METHODS = ("clamp", "collar", "cut_out", "section_replace", "valve_replace")
_CHLORINE = (0.1, 1.0)
_TURBIDITY_MAX = 1.0


# --------------------------------------------------------------------------- refusals


def _problem(status: int, slug: str, title: str, detail: str) -> dict:
    return {"type": API + slug, "title": title, "status": status, "detail": detail}


def is_problem(reply) -> bool:
    """True for the gateway's problem object: a dict with ``type`` and an HTTP error ``status``."""
    return isinstance(reply, dict) and "type" in reply and isinstance(reply.get("status"), int) and reply["status"] >= 400


FAILURE = is_problem


class _Refusal(Exception):
    def __init__(self, status: int, slug: str, title: str, detail: str) -> None:
        super().__init__(detail)
        self.problem = _problem(status, slug, title, detail)


def _unauthorised(detail):
    return _Refusal(401, "unauthorised", "Not signed in", detail)


def _forbidden(detail):
    return _Refusal(403, "forbidden", "Not allowed for your role", detail)


def _not_found(detail):
    return _Refusal(404, "not-found", "No such record", detail)


def _conflict(detail):
    return _Refusal(409, "conflict", "Already done", detail)


def _invalid(detail):
    return _Refusal(422, "invalid", "Invalid value", detail)


def _precondition(detail):
    return _Refusal(428, "precondition-required", "Not ready", detail)


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    user: str
    name: str
    role: str
    depot: str


class SignedOut(BaseModel):
    user: str
    signed_out_at: str


class JobSummary(BaseModel):
    job_id: str
    incident_ref: str
    asset_id: str
    job_type: str
    priority: str
    status: str
    crew_id: str | None = None


class Incident(BaseModel):
    incident_ref: str
    caller: str
    phone: str
    street: str
    category: str
    report: str
    received_at: str
    status: str
    job: JobSummary | None = None
    updates_sent: int = 0


class IncidentSummary(BaseModel):
    incident_ref: str
    street: str
    category: str
    status: str
    job_id: str | None = None


class Asset(BaseModel):
    asset_id: str
    kind: str
    description: str
    street: str


class AssetDetail(BaseModel):
    asset_id: str
    kind: str
    description: str
    street: str
    material: str | None = None
    diameter_mm: int | None = None
    properties_fed: int | None = None
    on_main: str | None = None
    position: str | None = None
    valves: list[Asset] = []
    hydrants: list[Asset] = []


class Crew(BaseModel):
    crew_id: str
    ganger: str
    depot: str
    skills: list[str]
    on_job: str | None = None


class Permit(BaseModel):
    permit_no: str
    job_id: str
    street: str
    traffic_management: str
    valid_from: str
    valid_to: str
    status: str
    reinstatement: str | None = None


class Apparatus(BaseModel):
    owner: str
    kind: str
    depth_m: float
    note: str


class PlansPack(BaseModel):
    pack_ref: str
    job_id: str
    apparatus: list[Apparatus]


class RiskAssessment(BaseModel):
    ra_ref: str
    job_id: str
    hazards: list[str]
    controls: list[str]
    signed_by: str


class IsolationPlan(BaseModel):
    isolation_id: str
    job_id: str
    main: str
    valves: list[str]
    properties_affected: int
    priority_customers: int
    notified: bool
    alternative_supply: bool
    state: str


class NoticeBatch(BaseModel):
    notice_id: str
    isolation_id: str
    channels: list[str]
    properties: int
    message: str
    sent_at: str


class PriorityCustomer(BaseModel):
    psr_id: str
    name: str
    address: str
    needs: str


class SupplyOrder(BaseModel):
    order_ref: str
    isolation_id: str
    supply: str
    deliver_to: list[str]
    due_by: str


class StockItem(BaseModel):
    code: str
    description: str
    on_hand: int
    unit: str


class IssueLine(BaseModel):
    code: str
    description: str
    quantity: int


class StoresIssue(BaseModel):
    issue_no: str
    job_id: str
    depot: str
    lines: list[IssueLine]


class Sample(BaseModel):
    sample_id: str
    job_id: str
    hydrant_id: str
    taken_at: str
    free_chlorine_mg_l: float | None = None
    turbidity_ntu: float | None = None
    result: str


class Job(BaseModel):
    job_id: str
    incident_ref: str
    asset_id: str
    job_type: str
    priority: str
    status: str
    crew_id: str | None = None
    permit: Permit | None = None
    plans_ref: str | None = None
    ra_ref: str | None = None
    excavated: bool = False
    isolation: IsolationPlan | None = None
    stores_issues: list[str] = []
    repair_method: str | None = None
    sample: Sample | None = None
    reinstated: str | None = None
    notes: list[str] = []


class Interruption(BaseModel):
    street: str
    properties_affected: int
    water_off: bool
    message: str


class Message(BaseModel):
    message_id: str
    to: str
    text: str
    sent_at: str


# --------------------------------------------------------------------------- state


class State:
    """The Calder & Ryburn network and field works on 11 July 2029, 08:40."""

    def __init__(self) -> None:
        self.users = {
            "r.okafor": {"name": "Rachel Okafor", "password": "Kestrel-518", "role": "controller", "depot": "HFX"},
            "g.lumb": {"name": "Gareth Lumb", "password": "Heron-227", "role": "supervisor", "depot": "HFX"},
            "t.pickles": {"name": "Tom Pickles", "password": "Curlew-904", "role": "operative", "depot": "HFX"},
        }
        self.sessions = {}
        self.assets = {
            "MAIN-3301": {"kind": "main", "description": "150 mm cast iron distribution main",
                          "street": "Mill Lane, Hebden Bridge", "material": "cast iron", "diameter_mm": 150,
                          "properties": 38, "valves": ["VLV-4410", "VLV-4411"], "hydrants": ["HYD-7720"],
                          "psr": ["PSR-0871", "PSR-0874"], "pressure": 3.1},
            "VLV-4410": {"kind": "valve", "description": "150 mm sluice valve, Mill Lane at Market Street",
                         "street": "Mill Lane, Hebden Bridge", "main": "MAIN-3301", "position": "open"},
            "VLV-4411": {"kind": "valve", "description": "150 mm sluice valve, Mill Lane at Bridge Gate",
                         "street": "Mill Lane, Hebden Bridge", "main": "MAIN-3301", "position": "open"},
            "HYD-7720": {"kind": "hydrant", "description": "Fire hydrant outside 22 Mill Lane",
                         "street": "Mill Lane, Hebden Bridge", "main": "MAIN-3301", "pressure": 3.0},
            "MAIN-3302": {"kind": "main", "description": "100 mm uPVC distribution main",
                          "street": "Crag Road, Mytholmroyd", "material": "uPVC", "diameter_mm": 100,
                          "properties": 54, "valves": ["VLV-4420", "VLV-4421", "VLV-4422"], "hydrants": ["HYD-7731"],
                          "psr": ["PSR-0902"], "pressure": 2.6},
            "VLV-4420": {"kind": "valve", "description": "100 mm sluice valve, Crag Road at Burnley Road",
                         "street": "Crag Road, Mytholmroyd", "main": "MAIN-3302", "position": "open"},
            "VLV-4421": {"kind": "valve", "description": "100 mm sluice valve, Crag Road at Scout Road",
                         "street": "Crag Road, Mytholmroyd", "main": "MAIN-3302", "position": "open"},
            "VLV-4422": {"kind": "valve", "description": "100 mm sluice valve, Crag Road at Hall Bank",
                         "street": "Crag Road, Mytholmroyd", "main": "MAIN-3302", "position": "open"},
            "HYD-7731": {"kind": "hydrant", "description": "Fire hydrant opposite 30 Crag Road",
                         "street": "Crag Road, Mytholmroyd", "main": "MAIN-3302", "pressure": 2.5},
            "MAIN-3307": {"kind": "main", "description": "90 mm PE distribution main",
                          "street": "Birchcliffe Road, Hebden Bridge", "material": "PE", "diameter_mm": 90,
                          "properties": 21, "valves": ["VLV-4460", "VLV-4461"], "hydrants": ["HYD-7744"],
                          "psr": [], "pressure": 0.4},
            "VLV-4460": {"kind": "valve", "description": "90 mm valve, Birchcliffe Road at Heptonstall Road",
                         "street": "Birchcliffe Road, Hebden Bridge", "main": "MAIN-3307", "position": "open"},
            "VLV-4461": {"kind": "valve", "description": "90 mm valve, Birchcliffe Road top end",
                         "street": "Birchcliffe Road, Hebden Bridge", "main": "MAIN-3307", "position": "open"},
            "HYD-7744": {"kind": "hydrant", "description": "Fire hydrant outside Birchcliffe Centre",
                         "street": "Birchcliffe Road, Hebden Bridge", "main": "MAIN-3307", "pressure": 0.4},
        }
        self.psr = {
            "PSR-0871": {"name": "Mrs Edith Crowther", "address": "9 Mill Lane, Hebden Bridge",
                         "needs": "home dialysis"},
            "PSR-0874": {"name": "Mr Alan Sutcliffe", "address": "31 Mill Lane, Hebden Bridge",
                         "needs": "limited mobility, lives alone"},
            "PSR-0902": {"name": "Ms Joyce Greenwood", "address": "4 Crag Road, Mytholmroyd",
                         "needs": "baby under twelve months"},
        }
        self.incidents = {
            "CC-55114": {"caller": "Helen Marsden", "phone": "07700 900112", "street": "Birchcliffe Road, Hebden Bridge",
                         "category": "no_water", "report": "No water at all since about six this morning",
                         "received_at": "2029-07-11T06:20", "status": "open", "job": "WO-55114-1", "updates": 1},
            "CC-55116": {"caller": "Pete Ormerod", "phone": "07700 900166", "street": "Birchcliffe Road, Hebden Bridge",
                         "category": "discoloured", "report": "Brown water from the kitchen tap after the supply came back",
                         "received_at": "2029-07-11T07:05", "status": "open", "job": None, "updates": 0},
            "CC-55118": {"caller": "Dev Mistry", "phone": "07700 900318", "street": "Crag Road, Mytholmroyd",
                         "category": "leak_visible",
                         "report": "Water bubbling up through the footway outside 14 Crag Road since last night",
                         "received_at": "2029-07-11T07:32", "status": "open", "job": "WO-55118-1", "updates": 0},
            "CC-55097": {"caller": "Anne Whiteley", "phone": "07700 900097", "street": "Mill Lane, Hebden Bridge",
                         "category": "low_pressure", "report": "Weak flow upstairs in the evenings",
                         "received_at": "2029-07-09T19:10", "status": "closed", "job": None, "updates": 2},
        }
        self.jobs = {
            "WO-55114-1": _blank_job("CC-55114", "MAIN-3307", "repair_leak", "emergency", status="on_site", crew="CR-03",
                                     permit="PA-0711-038", plans="DS-55114", ra="RA-2207"),
            "WO-55118-1": _blank_job("CC-55118", "MAIN-3302", "repair_leak", "urgent"),
        }
        self.crews = {
            "CR-02": {"ganger": "Tom Pickles", "depot": "HFX", "skills": ["repair_leak", "replace_valve", "investigate"],
                      "job": None},
            "CR-03": {"ganger": "Shaun Barraclough", "depot": "HFX", "skills": ["repair_leak", "replace_valve"],
                      "job": "WO-55114-1"},
            "CR-05": {"ganger": "Lisa Holroyd", "depot": "HFX", "skills": ["flush_main", "investigate"], "job": None},
            "CR-08": {"ganger": "Imran Akhtar", "depot": "TOD", "skills": ["repair_leak", "replace_valve", "flush_main"],
                      "job": None},
        }
        self.permits = {
            "PA-0711-038": {"job": "WO-55114-1", "street": "Birchcliffe Road, Hebden Bridge", "tm": "signals",
                            "from": TODAY, "to": "2029-07-13", "status": "granted", "reinstatement": None},
        }
        self.isolations = {}
        self.notices = {}
        self.supply_orders = {}
        self.stock = {
            "HFX": {"RC150": ["Repair clamp 150 mm, stainless", 6, "each"],
                    "RC100": ["Repair clamp 100 mm, stainless", 4, "each"],
                    "EF90": ["Electrofusion coupler 90 mm PE", 12, "each"],
                    "PE90": ["PE pipe 90 mm SDR11", 36, "metre"],
                    "SV150": ["Sluice valve 150 mm", 2, "each"],
                    "T1-AGG": ["Type 1 sub-base", 20, "tonne"]},
            "TOD": {"RC100": ["Repair clamp 100 mm, stainless", 3, "each"],
                    "EF90": ["Electrofusion coupler 90 mm PE", 5, "each"],
                    "SV100": ["Sluice valve 100 mm", 1, "each"],
                    "T1-AGG": ["Type 1 sub-base", 8, "tonne"]},
        }
        self.issues = {}
        self.samples = {}
        self.risk_assessments = {"RA-2207": {"job": "WO-55114-1", "hazards": ["traffic", "buried_services"],
                                             "controls": ["Signals and chapter 8 barriers", "CAT and genny scan"],
                                             "signed_by": "Shaun Barraclough"}}
        self.messages = []
        self.counters = {"session": 301, "incident": 55121, "permit": 41, "pack": 1, "ra": 2231, "isolation": 612,
                         "notice": 1904, "order": 77, "issue": 3380, "sample": 9150, "message": 40120}


def _blank_job(incident, asset, job_type, priority, *, status="raised", crew=None, permit=None, plans=None, ra=None):
    return {"incident": incident, "asset": asset, "type": job_type, "priority": priority, "status": status,
            "crew": crew, "permit": permit, "plans": plans, "ra": ra, "excavated": False, "isolation": None,
            "issues": [], "method": None, "sample": None, "reinstated": None, "notes": []}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _user(state, token, *roles):
    user = state.sessions.get(str(token))
    if user is None:
        raise _unauthorised("unknown or expired token; sign in again")
    u = state.users[user]
    if roles and u["role"] not in roles:
        raise _forbidden(f"a {u['role']} cannot do this")
    return u


def _get(table, key, what):
    k = str(key).strip().upper()
    if k not in table:
        raise _not_found(f"no {what} {key}")
    return k, table[k]


def _job_summary(state, jid):
    j = state.jobs[jid]
    return JobSummary(job_id=jid, incident_ref=j["incident"], asset_id=j["asset"], job_type=j["type"],
                      priority=j["priority"], status=j["status"], crew_id=j["crew"])


def _incident_model(state, ref):
    i = state.incidents[ref]
    return Incident(incident_ref=ref, caller=i["caller"], phone=i["phone"], street=i["street"], category=i["category"],
                    report=i["report"], received_at=i["received_at"], status=i["status"],
                    job=_job_summary(state, i["job"]) if i["job"] else None, updates_sent=i["updates"])


def _asset_model(aid, a):
    return Asset(asset_id=aid, kind=a["kind"], description=a["description"], street=a["street"])


def _permit_model(state, no):
    p = state.permits[no]
    return Permit(permit_no=no, job_id=p["job"], street=p["street"], traffic_management=p["tm"], valid_from=p["from"],
                  valid_to=p["to"], status=p["status"], reinstatement=p["reinstatement"])


def _isolation_model(state, iso):
    p = state.isolations[iso]
    return IsolationPlan(isolation_id=iso, job_id=p["job"], main=p["main"], valves=list(p["valves"]),
                         properties_affected=p["properties"], priority_customers=len(p["psr"]), notified=p["notified"],
                         alternative_supply=p["alt"], state=p["state"])


def _sample_model(state, sid):
    s = state.samples[sid]
    return Sample(sample_id=sid, job_id=s["job"], hydrant_id=s["hydrant"], taken_at=s["taken"],
                  free_chlorine_mg_l=s["cl"], turbidity_ntu=s["ntu"], result=s["result"])


def _job_model(state, jid):
    j = state.jobs[jid]
    return Job(job_id=jid, incident_ref=j["incident"], asset_id=j["asset"], job_type=j["type"], priority=j["priority"],
               status=j["status"], crew_id=j["crew"], permit=_permit_model(state, j["permit"]) if j["permit"] else None,
               plans_ref=j["plans"], ra_ref=j["ra"], excavated=j["excavated"],
               isolation=_isolation_model(state, j["isolation"]) if j["isolation"] else None,
               stores_issues=list(j["issues"]), repair_method=j["method"],
               sample=_sample_model(state, j["sample"]) if j["sample"] else None, reinstated=j["reinstated"],
               notes=list(j["notes"]))


def _open_job(state, job_id):
    jid, j = _get(state.jobs, job_id, "job")
    if j["status"] in ("completed", "cancelled"):
        raise _precondition(f"{jid} is {j['status']}")
    return jid, j


def _main_of(state, j):
    a = state.assets[j["asset"]]
    return j["asset"] if a["kind"] == "main" else a["main"]


def _handled(fn):
    """The gateway: an internal refusal goes back as its problem object."""
    import functools

    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except _Refusal as r:
            return dict(r.problem)

    return call


# --------------------------------------------------------------------------- session


@_handled
def login(username: str, password: str, state: State = None) -> Session | dict:
    """Sign in to the field-works console.

    Parameters
    ----------
    username : str
        Console user name, e.g. ``r.okafor``.
    password : str
        The user's password.

    Returns
    -------
    Session
        ``token`` (passed to every other call), user, name, role (controller, supervisor or
        operative) and depot.
    """
    key = username.strip().lower()
    u = state.users.get(key)
    if u is None or u["password"] != password:
        raise _unauthorised("user name or password not recognised")
    token = f"fw-{_next(state, 'session')}-{key.split('.')[-1][:4]}"
    state.sessions[token] = key
    return Session(token=token, user=key, name=u["name"], role=u["role"], depot=u["depot"])


@_handled
def logout(token: str, state: State = None) -> SignedOut | dict:
    """End a console session.

    Parameters
    ----------
    token : str
        Session token.

    Returns
    -------
    SignedOut
        Who was signed out and when.
    """
    _user(state, token)
    user = state.sessions.pop(str(token))
    return SignedOut(user=user, signed_out_at=NOW)


# --------------------------------------------------------------------------- incidents


@_handled
def log_customer_contact(token: str, caller_name: str, phone: str, street: str, category: Category, report: str,
                         state: State = None) -> Incident | dict:
    """Log a customer's report as a new incident (control room).

    Parameters
    ----------
    token : str
        Session token.
    caller_name : str
        The customer's name.
    phone : str
        Call-back number.
    street : str
        Street and town of the problem, e.g. ``Mill Lane, Hebden Bridge``.
    category : {'burst', 'leak_visible', 'no_water', 'low_pressure', 'discoloured'}
        What the customer reports.
    report : str
        The customer's words.

    Returns
    -------
    Incident
        The new incident with its ``incident_ref``.
    """
    _user(state, token, "controller")
    if not caller_name.strip() or not report.strip():
        raise _invalid("caller_name and report are required")
    ref = f"CC-{_next(state, 'incident')}"
    state.incidents[ref] = {"caller": caller_name.strip(), "phone": phone.strip(), "street": street.strip(),
                            "category": category, "report": report.strip(), "received_at": NOW, "status": "open",
                            "job": None, "updates": 0}
    return _incident_model(state, ref)


@_handled
def search_incidents(token: str, street: str | None = None, status: IncidentStatus | None = None,
                     state: State = None) -> list[IncidentSummary] | dict:
    """Find incidents by street and status, oldest first.

    Parameters
    ----------
    token : str
        Session token.
    street : str, optional
        Part of the street name, e.g. ``Crag Road``.
    status : IncidentStatus, optional
        ``open`` or ``closed``.

    Returns
    -------
    list of IncidentSummary
    """
    _user(state, token)
    want = IncidentStatus(status).value if status is not None else None
    out = []
    for ref in sorted(state.incidents):
        i = state.incidents[ref]
        if street and street.strip().lower() not in i["street"].lower():
            continue
        if want and i["status"] != want:
            continue
        out.append(IncidentSummary(incident_ref=ref, street=i["street"], category=i["category"], status=i["status"],
                                   job_id=i["job"]))
    return out


@_handled
def get_incident(token: str, incident_ref: str, state: State = None) -> Incident | dict:
    """One incident with its job.

    Parameters
    ----------
    token : str
        Session token.
    incident_ref : str
        Incident reference, e.g. ``CC-55118``.

    Returns
    -------
    Incident
    """
    _user(state, token)
    ref, _ = _get(state.incidents, incident_ref, "incident")
    return _incident_model(state, ref)


@_handled
def update_customer(token: str, incident_ref: str, message: str, state: State = None) -> Message | dict:
    """Text the customer who reported an open incident.

    Parameters
    ----------
    token : str
        Session token.
    incident_ref : str
        Incident reference.
    message : str
        The text to send.

    Returns
    -------
    Message
    """
    _user(state, token, "controller")
    ref, i = _get(state.incidents, incident_ref, "incident")
    if i["status"] != "open":
        raise _precondition(f"{ref} is closed")
    if not message.strip():
        raise _invalid("message is empty")
    i["updates"] += 1
    m = Message(message_id=f"SMS-{_next(state, 'message')}", to=i["phone"], text=message.strip(), sent_at=NOW)
    state.messages.append(m.model_dump())
    return m


@_handled
def close_incident(token: str, incident_ref: str, resolution: str, state: State = None) -> Incident | dict:
    """Close a customer's incident once its job is done (control room).

    Parameters
    ----------
    token : str
        Session token.
    incident_ref : str
        Incident reference.
    resolution : str
        What was done, as the customer will be told.

    Returns
    -------
    Incident
    """
    _user(state, token, "controller")
    ref, i = _get(state.incidents, incident_ref, "incident")
    if i["status"] == "closed":
        raise _conflict(f"{ref} is already closed")
    if i["job"] and state.jobs[i["job"]]["status"] not in ("completed", "cancelled"):
        raise _precondition(f"job {i['job']} is still {state.jobs[i['job']]['status']}")
    if not resolution.strip():
        raise _invalid("resolution is required")
    i["status"] = "closed"
    i["resolution"] = resolution.strip()
    return _incident_model(state, ref)


# --------------------------------------------------------------------------- public


def supply_status(street: str, state: State = None) -> list[Interruption] | dict:
    """Planned and current interruptions on a street: the public "water off in your area?" page (no
    session needed).

    Parameters
    ----------
    street : str
        Part of the street name.

    Returns
    -------
    list of Interruption
        Empty when there is nothing to report.
    """
    if len(street.strip()) < 3:
        return _problem(422, "invalid", "Invalid value", "give at least three letters of the street")
    out = []
    for aid, a in state.assets.items():
        if a["kind"] != "main" or street.strip().lower() not in a["street"].lower():
            continue
        for p in state.isolations.values():
            if p["main"] == aid and p["state"] in ("planned", "isolated"):
                off = p["state"] == "isolated"
                out.append(Interruption(street=a["street"], properties_affected=p["properties"], water_off=off,
                                        message="Water is off for a repair" if off else "A repair is planned today"))
        for ref, i in state.incidents.items():
            if i["status"] == "open" and i["street"] == a["street"] and i["category"] in ("burst", "no_water"):
                out.append(Interruption(street=a["street"], properties_affected=a["properties"],
                                        water_off=i["category"] == "no_water",
                                        message="We know about a problem here and are working on it"))
    return out


# --------------------------------------------------------------------------- assets


@_handled
def find_assets(token: str, street: str, kind: AssetKind | None = None, state: State = None) -> list[Asset] | dict:
    """Mains, valves and hydrants on a street.

    Parameters
    ----------
    token : str
        Session token.
    street : str
        Part of the street name, e.g. ``Mill Lane``.
    kind : {'main', 'valve', 'hydrant'}, optional
        Only assets of this kind.

    Returns
    -------
    list of Asset
        ``asset_id``, kind, description and street of each.
    """
    _user(state, token)
    if len(street.strip()) < 3:
        raise _invalid("give at least three letters of the street")
    return [_asset_model(aid, a) for aid, a in state.assets.items()
            if street.strip().lower() in a["street"].lower() and (kind is None or a["kind"] == kind)]


@_handled
def get_asset(token: str, asset_id: str, state: State = None) -> AssetDetail | dict:
    """One asset; for a main, its boundary valves and hydrants and the properties it feeds.

    Parameters
    ----------
    token : str
        Session token.
    asset_id : str
        Asset id, e.g. ``MAIN-3301``.

    Returns
    -------
    AssetDetail
    """
    _user(state, token)
    aid, a = _get(state.assets, asset_id, "asset")
    if a["kind"] == "main":
        return AssetDetail(asset_id=aid, kind="main", description=a["description"], street=a["street"],
                           material=a["material"], diameter_mm=a["diameter_mm"], properties_fed=a["properties"],
                           valves=[_asset_model(v, state.assets[v]) for v in a["valves"]],
                           hydrants=[_asset_model(h, state.assets[h]) for h in a["hydrants"]])
    return AssetDetail(asset_id=aid, kind=a["kind"], description=a["description"], street=a["street"],
                       on_main=a["main"], position=a.get("position"))


@_handled
def pressure_reading(token: str, asset_id: str, state: State = None) -> float | dict:
    """The latest logger pressure on a main or at a hydrant.

    Parameters
    ----------
    token : str
        Session token.
    asset_id : str
        A main or hydrant id.

    Returns
    -------
    float
        Pressure in bar.
    """
    _user(state, token)
    aid, a = _get(state.assets, asset_id, "asset")
    if "pressure" not in a:
        raise _invalid(f"{aid} is a {a['kind']} and has no pressure logger")
    main = aid if a["kind"] == "main" else a["main"]
    iso = next((p for p in state.isolations.values() if p["main"] == main and p["state"] == "isolated"), None)
    return 0.0 if iso else a["pressure"]


# --------------------------------------------------------------------------- jobs and crews


@_handled
def raise_job(token: str, incident_ref: str, asset_id: str, job_type: JobType, priority: Priority,
              state: State = None) -> Job | dict:
    """Raise a job on the asset at fault for an open incident.

    Parameters
    ----------
    token : str
        Session token (controller or supervisor).
    incident_ref : str
        Incident reference.
    asset_id : str
        The main (leaks, flushing) or valve (valve replacement) to work on.
    job_type : {'repair_leak', 'replace_valve', 'flush_main', 'investigate'}
    priority : {'emergency', 'urgent', 'planned'}

    Returns
    -------
    Job
        The new job, ``job_id`` sharing the incident's digits.
    """
    _user(state, token, "controller", "supervisor")
    ref, i = _get(state.incidents, incident_ref, "incident")
    if i["status"] != "open":
        raise _precondition(f"{ref} is closed")
    if i["job"] and state.jobs[i["job"]]["status"] != "cancelled":
        raise _conflict(f"{ref} already has job {i['job']}")
    aid, a = _get(state.assets, asset_id, "asset")
    if job_type == "replace_valve" and a["kind"] != "valve":
        raise _invalid(f"{aid} is a {a['kind']}; a valve replacement is raised on the valve")
    if job_type in ("repair_leak", "flush_main") and a["kind"] != "main":
        raise _invalid(f"{aid} is a {a['kind']}; raise {job_type} on the main")
    n = sum(1 for j in state.jobs.values() if j["incident"] == ref) + 1
    jid = f"WO-{ref[3:]}-{n}"
    state.jobs[jid] = _blank_job(ref, aid, job_type, priority)
    i["job"] = jid
    return _job_model(state, jid)


@_handled
def list_jobs(token: str, status: JobStatus | None = None, crew_id: str | None = None,
              state: State = None) -> list[JobSummary] | dict:
    """Jobs, optionally by status or crew.

    Parameters
    ----------
    token : str
        Session token.
    status : JobStatus, optional
        ``raised``, ``assigned``, ``on_site``, ``completed`` or ``cancelled``.
    crew_id : str, optional
        Only this crew's jobs.

    Returns
    -------
    list of JobSummary
    """
    _user(state, token)
    want = JobStatus(status).value if status is not None else None
    return [_job_summary(state, jid) for jid in sorted(state.jobs)
            if (want is None or state.jobs[jid]["status"] == want)
            and (crew_id is None or state.jobs[jid]["crew"] == str(crew_id).strip().upper())]


@_handled
def get_job(token: str, job_id: str, state: State = None) -> Job | dict:
    """One job with its crew, permit, isolation, stores issues, sample and notes.

    Parameters
    ----------
    token : str
        Session token.
    job_id : str
        Job id, e.g. ``WO-55118-1``.

    Returns
    -------
    Job
    """
    _user(state, token)
    jid, _ = _get(state.jobs, job_id, "job")
    return _job_model(state, jid)


@_handled
def add_job_note(token: str, job_id: str, text: str, state: State = None) -> Job | dict:
    """Add a note to a job's log.

    Parameters
    ----------
    token : str
        Session token.
    job_id : str
        Job id.
    text : str
        The note.

    Returns
    -------
    Job
    """
    u = _user(state, token)
    jid, j = _get(state.jobs, job_id, "job")
    if not text.strip():
        raise _invalid("text is empty")
    j["notes"].append(f"{NOW} {u['name']}: {text.strip()}")
    return _job_model(state, jid)


@_handled
def cancel_job(token: str, job_id: str, reason: str, state: State = None) -> Job | dict:
    """Cancel a job that has not been dug; its crew is freed.

    Parameters
    ----------
    token : str
        Session token (supervisor).
    job_id : str
        Job id.
    reason : str
        Why.

    Returns
    -------
    Job
    """
    _user(state, token, "supervisor")
    jid, j = _open_job(state, job_id)
    if j["excavated"]:
        raise _precondition(f"{jid} has been excavated; it must be completed")
    if not reason.strip():
        raise _invalid("reason is required")
    if j["crew"]:
        state.crews[j["crew"]]["job"] = None
    j["status"] = "cancelled"
    j["notes"].append(f"{NOW} cancelled: {reason.strip()}")
    return _job_model(state, jid)


@_handled
def list_crews(token: str, depot: Depot | None = None, available_only: bool = False,
               state: State = None) -> list[Crew] | dict:
    """Field crews with their skills and current job.

    Parameters
    ----------
    token : str
        Session token.
    depot : {'HFX', 'TOD'}, optional
        Halifax or Todmorden.
    available_only : bool, default False
        Only crews without a job.

    Returns
    -------
    list of Crew
    """
    _user(state, token)
    return [Crew(crew_id=cid, ganger=c["ganger"], depot=c["depot"], skills=list(c["skills"]), on_job=c["job"])
            for cid, c in state.crews.items()
            if (depot is None or c["depot"] == depot) and (not available_only or c["job"] is None)]


@_handled
def assign_crew(token: str, job_id: str, crew_id: str, state: State = None) -> Job | dict:
    """Give a raised job to a free crew trained for it.

    Parameters
    ----------
    token : str
        Session token (supervisor).
    job_id : str
        Job id.
    crew_id : str
        Crew id, e.g. ``CR-02``.

    Returns
    -------
    Job
    """
    _user(state, token, "supervisor")
    jid, j = _open_job(state, job_id)
    cid, c = _get(state.crews, crew_id, "crew")
    if j["crew"] == cid:
        raise _conflict(f"{cid} already has {jid}")
    if j["status"] != "raised":
        raise _precondition(f"{jid} is {j['status']}; only a raised job can be assigned")
    if c["job"]:
        raise _precondition(f"{cid} is on {c['job']}")
    if j["type"] not in c["skills"]:
        raise _invalid(f"{cid} is not trained for {j['type']}")
    c["job"] = jid
    j["crew"], j["status"] = cid, "assigned"
    return _job_model(state, jid)


@_handled
def send_crew_message(token: str, crew_id: str, text: str, state: State = None) -> Message | dict:
    """Send a message to a crew's van tablet.

    Parameters
    ----------
    token : str
        Session token (controller or supervisor).
    crew_id : str
        Crew id.
    text : str
        The message.

    Returns
    -------
    Message
    """
    _user(state, token, "controller", "supervisor")
    cid, _ = _get(state.crews, crew_id, "crew")
    if not text.strip():
        raise _invalid("text is empty")
    m = Message(message_id=f"MSG-{_next(state, 'message')}", to=cid, text=text.strip(), sent_at=NOW)
    state.messages.append(m.model_dump())
    return m


# --------------------------------------------------------------------------- permits and plans


@_handled
def request_permit(token: str, job_id: str, street: str, traffic_management: TrafficManagement, duration_days: int,
                   state: State = None) -> Permit | dict:
    """Take an immediate-works permit from the highway authority for a job.

    Parameters
    ----------
    token : str
        Session token (supervisor).
    job_id : str
        Job id.
    street : str
        The street to be dug.
    traffic_management : {'none', 'signals', 'lane_closure', 'road_closure'}
    duration_days : int
        Days of occupation, 1 to 10.

    Returns
    -------
    Permit
        ``permit_no`` and validity.
    """
    _user(state, token, "supervisor")
    jid, j = _open_job(state, job_id)
    if j["permit"] and state.permits[j["permit"]]["status"] == "granted":
        raise _conflict(f"{jid} already holds permit {j['permit']}")
    if not 1 <= duration_days <= 10:
        raise _invalid("duration_days must be 1 to 10")
    if traffic_management == "road_closure" and j["priority"] != "planned":
        raise _invalid("a road closure needs a planned permit with notice; immediate works use signals or a lane closure")
    no = f"PA-0711-{_next(state, 'permit'):03d}"
    day = 11 + duration_days - 1
    state.permits[no] = {"job": jid, "street": street.strip(), "tm": traffic_management, "from": TODAY,
                         "to": f"2029-07-{day:02d}", "status": "granted", "reinstatement": None}
    j["permit"] = no
    return _permit_model(state, no)


@_handled
def get_permit(token: str, permit_no: str, state: State = None) -> Permit | dict:
    """One street-works permit.

    Parameters
    ----------
    token : str
        Session token.
    permit_no : str
        Permit number, e.g. ``PA-0711-038``.

    Returns
    -------
    Permit
    """
    _user(state, token)
    no, _ = _get(state.permits, permit_no, "permit")
    return _permit_model(state, no)


@_handled
def extend_permit(token: str, permit_no: str, extra_days: int, reason: str, state: State = None) -> Permit | dict:
    """Extend a granted permit.

    Parameters
    ----------
    token : str
        Session token (supervisor).
    permit_no : str
        Permit number.
    extra_days : int
        1 to 5 more days.
    reason : str
        Why the works overrun.

    Returns
    -------
    Permit
    """
    _user(state, token, "supervisor")
    no, p = _get(state.permits, permit_no, "permit")
    if p["status"] != "granted":
        raise _precondition(f"{no} is {p['status']}")
    if not 1 <= extra_days <= 5:
        raise _invalid("extra_days must be 1 to 5")
    if not reason.strip():
        raise _invalid("reason is required")
    p["to"] = f"2029-07-{int(p['to'][-2:]) + extra_days:02d}"
    return _permit_model(state, no)


@_handled
def close_permit(token: str, permit_no: str, reinstatement: Reinstatement, state: State = None) -> Permit | dict:
    """Send the works-stop notice once the ground is reinstated.

    Parameters
    ----------
    token : str
        Session token (supervisor).
    permit_no : str
        Permit number.
    reinstatement : {'interim', 'permanent'}

    Returns
    -------
    Permit
    """
    _user(state, token, "supervisor")
    no, p = _get(state.permits, permit_no, "permit")
    if p["status"] == "closed":
        raise _conflict(f"{no} is already closed")
    if not state.jobs[p["job"]]["reinstated"]:
        raise _precondition(f"{p['job']} is not reinstated")
    p["status"], p["reinstatement"] = "closed", reinstatement
    return _permit_model(state, no)


@_handled
def request_utility_plans(token: str, job_id: str, state: State = None) -> PlansPack | dict:
    """Order the gas, electricity and telecoms plans for a job's dig site.

    Parameters
    ----------
    token : str
        Session token (supervisor or operative).
    job_id : str
        Job id.

    Returns
    -------
    PlansPack
        ``pack_ref`` and the apparatus near the asset.
    """
    _user(state, token, "supervisor", "operative")
    jid, j = _open_job(state, job_id)
    j["plans"] = f"DS-{jid[3:8]}"
    return PlansPack(pack_ref=j["plans"], job_id=jid, apparatus=[
        Apparatus(owner="Northern Gas Networks", kind="gas main 180 mm PE", depth_m=0.75, note="runs in the footway"),
        Apparatus(owner="Northern Powergrid", kind="LV cable", depth_m=0.45, note="crosses at the junction"),
        Apparatus(owner="Openreach", kind="duct", depth_m=0.35, note="opposite footway")])


# --------------------------------------------------------------------------- on site


@_handled
def mark_arrived(token: str, job_id: str, state: State = None) -> Job | dict:
    """Record the assigned crew's arrival on site.

    Parameters
    ----------
    token : str
        Session token (operative).
    job_id : str
        Job id.

    Returns
    -------
    Job
    """
    _user(state, token, "operative")
    jid, j = _open_job(state, job_id)
    if j["status"] == "on_site":
        raise _conflict(f"{j['crew']} is already on site at {jid}")
    if j["status"] != "assigned":
        raise _precondition(f"{jid} has no crew assigned")
    j["status"] = "on_site"
    return _job_model(state, jid)


@_handled
def record_risk_assessment(token: str, job_id: str, hazards: list[str], controls: list[str], signed_by: str,
                           state: State = None) -> RiskAssessment | dict:
    """Record the crew's point-of-work risk assessment.

    Parameters
    ----------
    token : str
        Session token (operative).
    job_id : str
        Job id.
    hazards : list of str
        Hazard codes.
    controls : list of str
        What is in place against them.
    signed_by : str
        The ganger's name.

    Returns
    -------
    RiskAssessment
    """
    _user(state, token, "operative")
    jid, j = _open_job(state, job_id)
    if j["status"] != "on_site":
        raise _precondition(f"the crew is not on site at {jid}")
    if j["ra"]:
        raise _conflict(f"{jid} already has risk assessment {j['ra']}")
    bad = [h for h in hazards if h not in _HAZARDS]
    if bad or not hazards:
        raise _invalid(f"unknown hazard code(s) {bad}; use {', '.join(_HAZARDS)}")
    if not controls or not signed_by.strip():
        raise _invalid("controls and signed_by are required")
    ref = f"RA-{_next(state, 'ra')}"
    state.risk_assessments[ref] = {"job": jid, "hazards": list(hazards), "controls": list(controls),
                                   "signed_by": signed_by.strip()}
    j["ra"] = ref
    return RiskAssessment(ra_ref=ref, job_id=jid, hazards=list(hazards), controls=list(controls),
                          signed_by=signed_by.strip())


@_handled
def start_excavation(token: str, job_id: str, permit_no: str, state: State = None) -> Job | dict:
    """Break ground at the job under its permit.

    Parameters
    ----------
    token : str
        Session token (operative).
    job_id : str
        Job id.
    permit_no : str
        The job's permit number.

    Returns
    -------
    Job
    """
    _user(state, token, "operative")
    jid, j = _open_job(state, job_id)
    if j["excavated"]:
        raise _conflict(f"{jid} is already excavated")
    no, p = _get(state.permits, permit_no, "permit")
    if p["job"] != jid or p["status"] != "granted":
        raise _precondition(f"{no} is not a live permit for {jid}")
    if j["status"] != "on_site":
        raise _precondition(f"the crew is not on site at {jid}")
    if not j["ra"]:
        raise _precondition("no risk assessment recorded")
    if not j["plans"]:
        raise _precondition("no utility plans on file for this dig")
    j["excavated"] = True
    return _job_model(state, jid)


# --------------------------------------------------------------------------- isolation


@_handled
def plan_isolation(token: str, job_id: str, valve_ids: list[str], state: State = None) -> IsolationPlan | dict:
    """Plan the shut-off of a job's main by its boundary valves.

    Parameters
    ----------
    token : str
        Session token (supervisor).
    job_id : str
        Job id.
    valve_ids : list of str
        The valves to shut.

    Returns
    -------
    IsolationPlan
        ``isolation_id``, properties and priority-service customers affected.
    """
    _user(state, token, "supervisor")
    jid, j = _open_job(state, job_id)
    if j["isolation"] and state.isolations[j["isolation"]]["state"] != "restored":
        raise _conflict(f"{jid} already has isolation {j['isolation']}")
    main = _main_of(state, j)
    m = state.assets[main]
    given = [str(v).strip().upper() for v in valve_ids]
    stray = [v for v in given if v not in m["valves"]]
    if stray:
        raise _invalid(f"{', '.join(stray)} not on {main}")
    missing = [v for v in m["valves"] if v not in given]
    if missing:
        raise _invalid(f"the section would still be fed through {', '.join(missing)}")
    iso = f"ISO-{_next(state, 'isolation')}"
    state.isolations[iso] = {"job": jid, "main": main, "valves": list(m["valves"]), "properties": m["properties"],
                             "psr": list(m["psr"]), "notified": False, "alt": False, "state": "planned"}
    j["isolation"] = iso
    return _isolation_model(state, iso)


@_handled
def notify_customers(token: str, isolation_id: str, message: str, channels: list[str],
                     state: State = None) -> NoticeBatch | dict:
    """Tell every property on an isolation's section that the water will be off.

    Parameters
    ----------
    token : str
        Session token (controller).
    isolation_id : str
        Isolation id.
    message : str
        The notice text.
    channels : list of str
        How to reach them.

    Returns
    -------
    NoticeBatch
    """
    _user(state, token, "controller")
    iso, p = _get(state.isolations, isolation_id, "isolation")
    if p["notified"]:
        raise _conflict(f"customers on {iso} were already notified")
    bad = [c for c in channels if c not in _CHANNELS]
    if bad or not channels:
        raise _invalid(f"unknown channel(s) {bad}; use {', '.join(_CHANNELS)}")
    if not message.strip():
        raise _invalid("message is empty")
    p["notified"] = True
    nid = f"NT-{_next(state, 'notice')}"
    state.notices[nid] = iso
    return NoticeBatch(notice_id=nid, isolation_id=iso, channels=list(channels), properties=p["properties"],
                       message=message.strip(), sent_at=NOW)


@_handled
def list_priority_customers(token: str, isolation_id: str, state: State = None) -> list[PriorityCustomer] | dict:
    """Priority Services Register customers on an isolation's section.

    Parameters
    ----------
    token : str
        Session token (controller or supervisor).
    isolation_id : str
        Isolation id.

    Returns
    -------
    list of PriorityCustomer
    """
    _user(state, token, "controller", "supervisor")
    _, p = _get(state.isolations, isolation_id, "isolation")
    return [PriorityCustomer(psr_id=k, **state.psr[k]) for k in p["psr"]]


@_handled
def arrange_alternative_supply(token: str, isolation_id: str, psr_ids: list[str], supply: SupplyKind,
                               state: State = None) -> SupplyOrder | dict:
    """Order bottled water or a static tank for priority-service customers before the shut-off.

    Parameters
    ----------
    token : str
        Session token (controller).
    isolation_id : str
        Isolation id.
    psr_ids : list of str
        The registered customers to supply.
    supply : {'bottled_water', 'static_tank'}

    Returns
    -------
    SupplyOrder
    """
    _user(state, token, "controller")
    iso, p = _get(state.isolations, isolation_id, "isolation")
    if p["alt"]:
        raise _conflict(f"alternative supply for {iso} is already ordered")
    given = [str(x).strip().upper() for x in psr_ids]
    stray = [x for x in given if x not in p["psr"]]
    if stray or not given:
        raise _invalid(f"{', '.join(stray) or 'nobody'} not registered on this section")
    missing = [x for x in p["psr"] if x not in given]
    if missing:
        raise _invalid(f"every registered customer on the section must be covered; {', '.join(missing)} is not")
    p["alt"] = True
    ref = f"AS-{_next(state, 'order'):04d}"
    state.supply_orders[ref] = iso
    return SupplyOrder(order_ref=ref, isolation_id=iso, supply=supply,
                       deliver_to=[state.psr[x]["address"] for x in given], due_by="2029-07-11T10:30")


@_handled
def operate_valves(token: str, isolation_id: str, action: ValveAction, state: State = None) -> IsolationPlan | dict:
    """Shut an isolation's valves, or open them again to recharge the main.

    Parameters
    ----------
    token : str
        Session token (operative).
    isolation_id : str
        Isolation id.
    action : {'close', 'open'}

    Returns
    -------
    IsolationPlan
    """
    _user(state, token, "operative")
    iso, p = _get(state.isolations, isolation_id, "isolation")
    if action == "close":
        if p["state"] == "isolated":
            raise _conflict(f"{iso} is already shut")
        if p["state"] != "planned":
            raise _precondition(f"{iso} is {p['state']}")
        if not p["notified"]:
            raise _precondition("customers on the section have not been notified")
        if p["psr"] and not p["alt"]:
            raise _precondition("priority-service customers have no alternative supply yet")
        p["state"] = "isolated"
    else:
        if p["state"] != "isolated":
            raise _conflict(f"{iso} is not shut")
        if not state.jobs[p["job"]]["method"]:
            raise _precondition(f"{p['job']} is not repaired; the main cannot be recharged")
        p["state"] = "restored"
    for v in p["valves"]:
        state.assets[v]["position"] = "closed" if action == "close" else "open"
    return _isolation_model(state, iso)


# --------------------------------------------------------------------------- stores, repair, sampling


@_handled
def list_stock(token: str, depot: Depot, state: State = None) -> list[StockItem] | dict:
    """What the depot stores hold.

    Parameters
    ----------
    token : str
        Session token.
    depot : {'HFX', 'TOD'}

    Returns
    -------
    list of StockItem
    """
    _user(state, token)
    return [StockItem(code=k, description=v[0], on_hand=v[1], unit=v[2]) for k, v in state.stock[depot].items()]


@_handled
def issue_materials(token: str, job_id: str, codes: list[str], quantities: list[int],
                    state: State = None) -> StoresIssue | dict:
    """Draw materials from the user's depot stores against a job.

    Parameters
    ----------
    token : str
        Session token (supervisor or operative).
    job_id : str
        Job id.
    codes : list of str
        Stock codes.
    quantities : list of int
        How many of each, in the same order.

    Returns
    -------
    StoresIssue
        ``issue_no`` and the lines.
    """
    u = _user(state, token, "supervisor", "operative")
    jid, j = _open_job(state, job_id)
    if len(codes) != len(quantities) or not codes:
        raise _invalid("codes and quantities must be the same length")
    store = state.stock[u["depot"]]
    lines = []
    for code, qty in zip(codes, quantities):
        c = str(code).strip().upper()
        if c not in store:
            raise _invalid(f"{code} is not stocked at {u['depot']}")
        if not 0 < qty <= store[c][1]:
            raise _invalid(f"{c}: {store[c][1]} on hand")
        lines.append(IssueLine(code=c, description=store[c][0], quantity=qty))
    for line in lines:
        store[line.code][1] -= line.quantity
    no = f"SI-{_next(state, 'issue')}"
    state.issues[no] = {"job": jid, "lines": [x.model_dump() for x in lines]}
    j["issues"].append(no)
    return StoresIssue(issue_no=no, job_id=jid, depot=u["depot"], lines=lines)


@_handled
def record_repair(token: str, job_id: str, method: str, issue_no: str, notes: str, state: State = None) -> Job | dict:
    """Record the repair made in the excavation.

    Parameters
    ----------
    token : str
        Session token (operative).
    job_id : str
        Job id.
    method : str
        Repair method code.
    issue_no : str
        The stores issue the materials came on.
    notes : str
        What was found and done.

    Returns
    -------
    Job
    """
    _user(state, token, "operative")
    jid, j = _open_job(state, job_id)
    if j["method"]:
        raise _conflict(f"{jid} is already repaired ({j['method']})")
    if not j["excavated"]:
        raise _precondition(f"{jid} is not excavated")
    if j["type"] in ("repair_leak", "replace_valve"):
        iso = state.isolations.get(j["isolation"]) if j["isolation"] else None
        if iso is None or iso["state"] != "isolated":
            raise _precondition("the main is still live; shut the isolation first")
    no = str(issue_no).strip().upper()
    if no not in state.issues or state.issues[no]["job"] != jid:
        raise _invalid(f"stores issue {issue_no} is not against {jid}")
    if method not in _METHODS:
        raise _invalid(f"unknown method {method}; use {', '.join(_METHODS)}")
    j["method"] = method
    j["notes"].append(f"{NOW} repaired ({method}): {notes.strip()}")
    return _job_model(state, jid)


@_handled
def flush_and_sample(token: str, job_id: str, hydrant_id: str, state: State = None) -> Sample | dict:
    """Flush the recharged main through a hydrant and take a water sample.

    Parameters
    ----------
    token : str
        Session token (operative).
    job_id : str
        Job id.
    hydrant_id : str
        A hydrant on the job's main.

    Returns
    -------
    Sample
        ``sample_id``, result ``pending``.
    """
    _user(state, token, "operative")
    jid, j = _open_job(state, job_id)
    if not j["method"]:
        raise _precondition(f"{jid} is not repaired")
    main = _main_of(state, j)
    if j["isolation"] and state.isolations[j["isolation"]]["state"] != "restored":
        raise _precondition("the main has not been recharged")
    hid, h = _get(state.assets, hydrant_id, "asset")
    if h["kind"] != "hydrant" or h["main"] != main:
        raise _invalid(f"{hid} is not a hydrant on {main}")
    if j["sample"] and state.samples[j["sample"]]["result"] != "fail":
        raise _conflict(f"{jid} already has sample {j['sample']}")
    sid = f"SMP-{_next(state, 'sample')}"
    state.samples[sid] = {"job": jid, "hydrant": hid, "taken": NOW, "cl": None, "ntu": None, "result": "pending"}
    j["sample"] = sid
    return _sample_model(state, sid)


@_handled
def record_sample_result(token: str, sample_id: str, free_chlorine_mg_l: float, turbidity_ntu: float,
                         state: State = None) -> Sample | dict:
    """Record the field test of a sample; it passes or fails against the limits.

    Parameters
    ----------
    token : str
        Session token (operative).
    sample_id : str
        Sample id.
    free_chlorine_mg_l : float
        Free chlorine, mg/l.
    turbidity_ntu : float
        Turbidity, NTU.

    Returns
    -------
    Sample
        With ``result`` ``pass`` or ``fail``.
    """
    _user(state, token, "operative")
    sid, s = _get(state.samples, sample_id, "sample")
    if s["result"] != "pending":
        raise _conflict(f"{sid} is already {s['result']}")
    if free_chlorine_mg_l < 0 or turbidity_ntu < 0:
        raise _invalid("readings cannot be negative")
    ok = _CHLORINE[0] <= free_chlorine_mg_l <= _CHLORINE[1] and turbidity_ntu <= _TURBIDITY_MAX
    s.update(cl=free_chlorine_mg_l, ntu=turbidity_ntu, result="pass" if ok else "fail")
    return _sample_model(state, sid)


@_handled
def reinstate(token: str, job_id: str, surface: Surface, temporary: bool, state: State = None) -> Job | dict:
    """Backfill and reinstate the excavation after the repair.

    Parameters
    ----------
    token : str
        Session token (operative).
    job_id : str
        Job id.
    surface : {'footway', 'carriageway', 'verge'}
    temporary : bool
        True for an interim (cold-lay) reinstatement.

    Returns
    -------
    Job
    """
    _user(state, token, "operative")
    jid, j = _open_job(state, job_id)
    if j["reinstated"]:
        raise _conflict(f"{jid} is already reinstated")
    if not j["excavated"] or not j["method"]:
        raise _precondition(f"{jid} is not repaired")
    j["reinstated"] = f"{surface}, {'interim' if temporary else 'permanent'}"
    return _job_model(state, jid)


@_handled
def complete_job(token: str, job_id: str, summary: str, state: State = None) -> Job | dict:
    """Sign a job off as complete; its crew is freed.

    Parameters
    ----------
    token : str
        Session token (supervisor).
    job_id : str
        Job id.
    summary : str
        Close-out summary.

    Returns
    -------
    Job
    """
    _user(state, token, "supervisor")
    jid, j = _open_job(state, job_id)
    if j["status"] != "on_site":
        raise _precondition(f"{jid} is {j['status']}")
    if not j["method"]:
        raise _precondition(f"{jid} is not repaired")
    if j["isolation"] and state.isolations[j["isolation"]]["state"] != "restored":
        raise _precondition("supply is not restored")
    if not j["sample"] or state.samples[j["sample"]]["result"] != "pass":
        raise _precondition("no passed sample after the repair")
    if j["excavated"] and not j["reinstated"]:
        raise _precondition("not reinstated")
    if j["permit"] and state.permits[j["permit"]]["status"] != "closed":
        raise _precondition(f"permit {j['permit']} is still open")
    if not summary.strip():
        raise _invalid("summary is required")
    j["status"] = "completed"
    j["notes"].append(f"{NOW} completed: {summary.strip()}")
    state.crews[j["crew"]]["job"] = None
    return _job_model(state, jid)


TOOLS = [
    supply_status, login, logout, log_customer_contact, search_incidents, get_incident, update_customer, close_incident, find_assets,
    get_asset, pressure_reading, raise_job, list_jobs, get_job, add_job_note, cancel_job, list_crews, assign_crew,
    send_crew_message, request_permit, get_permit, extend_permit, close_permit, request_utility_plans, mark_arrived,
    record_risk_assessment, start_excavation, plan_isolation, notify_customers, list_priority_customers,
    arrange_alternative_supply, operate_valves, list_stock, issue_materials, record_repair, flush_and_sample,
    record_sample_result, reinstate, complete_job,
]

FIXTURES = {
    "company": {"name": "Calder & Ryburn Water, field works", "depots": {"HFX": "Halifax", "TOD": "Todmorden"},
                "now": "Wednesday 11 July 2029, 08:40"},
    "users": [
        {"name": "Rachel Okafor", "role": "controller", "username": "r.okafor", "password": "Kestrel-518"},
        {"name": "Gareth Lumb", "role": "supervisor", "username": "g.lumb", "password": "Heron-227"},
        {"name": "Tom Pickles", "role": "operative (ganger)", "username": "t.pickles", "password": "Curlew-904"},
    ],
    "streets": ["Mill Lane, Hebden Bridge", "Crag Road, Mytholmroyd", "Birchcliffe Road, Hebden Bridge"],
    "new_call": {"caller_name": "Ruth Ackerley", "phone": "07700 900455", "street": "Mill Lane, Hebden Bridge",
                 "category": "burst", "report": "Water gushing up through the road outside 22 Mill Lane"},
    "notes": [
        "The Crag Road leak reported by Dev Mistry has a job but no crew yet",
        "Brown water reported on Birchcliffe Road after last night's repair; flushing may be needed",
        "Mill Lane has two customers on the Priority Services Register",
    ],
}

_TOKEN = "auth: session token (token of login)"
_INCIDENT = "id lookup/create: incident reference (incident_ref of log_customer_contact, or of a search_incidents result)"
_JOB = "id lookup/create: job id (job_id of raise_job, or of a list_jobs result)"
_PERMIT = "id lookup/create: permit number (permit_no of request_permit, or permit.permit_no of get_job)"
_ISOLATION = "id lookup/create: isolation id (isolation_id of plan_isolation, or isolation.isolation_id of get_job)"
_ASSET = "id lookup: asset id (asset_id of a find_assets result)"

TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in ("login", "supply_status")]
INCIDENT_CONSUMERS = ["get_incident", "update_customer", "close_incident", "raise_job"]
ASSET_CONSUMERS = ["get_asset", "pressure_reading", "raise_job"]
JOB_CONSUMERS = [
    "get_job", "add_job_note", "cancel_job", "assign_crew", "request_permit", "request_utility_plans", "mark_arrived",
    "record_risk_assessment", "start_excavation", "plan_isolation", "issue_materials", "record_repair",
    "flush_and_sample", "reinstate", "complete_job",
]
PERMIT_CONSUMERS = ["get_permit", "extend_permit", "close_permit", "start_excavation"]
ISOLATION_CONSUMERS = ["notify_customers", "list_priority_customers", "arrange_alternative_supply", "operate_valves"]

GROUND_TRUTH = (
    [("login", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("log_customer_contact|search_incidents", c, _INCIDENT) for c in INCIDENT_CONSUMERS]
    + [("find_assets", c, _ASSET) for c in ASSET_CONSUMERS]
    + [("raise_job|list_jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("request_permit|get_job", c, _PERMIT) for c in PERMIT_CONSUMERS]
    + [("plan_isolation|get_job", c, _ISOLATION) for c in ISOLATION_CONSUMERS]
    + [
        ("get_asset|find_assets", "plan_isolation",
         "id lookup: the main's boundary valves (valves of get_asset, or find_assets of kind valve)"),
        ("get_asset|find_assets", "flush_and_sample",
         "id lookup: a hydrant on the main (hydrants of get_asset, or find_assets of kind hydrant)"),
        ("list_crews", "assign_crew", "id lookup: crew id (crew_id of a result)"),
        ("list_crews", "send_crew_message", "id lookup: crew id (crew_id of a result)"),
        ("list_priority_customers", "arrange_alternative_supply", "id lookup: priority-service customer ids (psr_id)"),
        ("issue_materials", "record_repair", "id create: stores issue number (issue_no)"),
        ("flush_and_sample", "record_sample_result", "id create: sample id (sample_id)"),
        ("list_stock", "issue_materials", "vocabulary: stock codes held at the depot (code of a result)"),
        ("assign_crew", "mark_arrived", "state: a crew assigned to the job"),
        ("mark_arrived", "record_risk_assessment", "state: the crew on site"),
        ("record_risk_assessment", "start_excavation", "state: a risk assessment recorded"),
        ("request_utility_plans", "start_excavation", "state: utility plans on file"),
        ("start_excavation", "record_repair", "state: the job excavated"),
        ("operate_valves", "record_repair", "state: the section isolated (valves shut)"),
        ("notify_customers", "operate_valves", "state: customers on the section notified"),
        ("arrange_alternative_supply", "operate_valves", "state: alternative supply for priority-service customers"),
        ("record_repair", "operate_valves", "state: the main repaired before it is recharged"),
        ("record_repair", "reinstate", "state: the main repaired"),
        ("operate_valves", "flush_and_sample", "state: the main recharged (valves open again)"),
        ("reinstate", "close_permit", "state: the excavation reinstated"),
        ("close_permit", "complete_job", "state: the permit closed"),
        ("record_sample_result", "complete_job", "state: a passed sample after the repair"),
        ("complete_job", "close_incident", "state: the incident's job completed"),
    ]
)

PLAUSIBLE = {
    ("get_job", "get_asset"), ("get_job", "pressure_reading"), ("get_incident", "raise_job"),
    ("get_job", "send_crew_message"), ("get_job", "complete_job"), ("get_permit", "close_permit"),
    ("pressure_reading", "raise_job"), ("search_incidents", "log_customer_contact"), ("list_jobs", "raise_job"),
    ("get_asset", "raise_job"), ("list_priority_customers", "notify_customers"), ("get_job", "mark_arrived"),
    ("record_repair", "flush_and_sample"), ("supply_status", "notify_customers"), ("get_incident", "close_incident"),
    ("request_utility_plans", "record_risk_assessment"), ("list_stock", "record_repair"),
    ("get_incident", "get_job"), ("update_customer", "close_incident"), ("list_crews", "list_jobs"),
    ("operate_valves", "complete_job"), ("reinstate", "complete_job"), ("plan_isolation", "pressure_reading"),
}
