"""Gimbal: the office, operations manager, pilots and data analysts of Fellside Aerial Surveys, Harrowby (38 calls).

Async functions over an in-memory ``State`` of the operator on Tuesday 14 September 2032 at 07:30. Fellside flies
drone surveys for clients: orthomosaic maps, 3D models, roof inspections, thermal surveys and stockpile volumes. The
office finds, registers and changes clients, adds the sites to be surveyed (by latitude and longitude, with their area
and whether they are congested), quotes a survey product for a site, lists the quotes sent, turns an accepted quote
into a job, reads a job's file, cancels a job not yet flown, writes to clients, records a client's sign-off of a
deliverable and invoices the job. The operations manager keeps the pilots' certificates and the drones' maintenance
(grounding a drone, and logging the work that returns it to service), asks an aerodrome for permission to fly in its
flight restriction zone and records the answer, approves flight plans and cancels them. Remote pilots plan flights for
a job with a drone, submit the plan's risk assessment, log the flights they fly, report occurrences and upload the
images. Analysts process a job's datasets into its product, check the result's quality and publish the deliverable.
The accountable manager may do everything. The survey products and the airspace check are public.

Every tool is an ``async def`` without a decorator; each checks its session and role itself (``_session``). A refusal
is raised as one of Python's built-in exceptions: ``PermissionError`` for a missing session or a role not allowed,
``LookupError`` for an id that is not on file and ``ValueError`` for anything else (``ValueError("FP-701 is
assessed; a flight is logged against an approved plan")``), which the runtime records as errors. Replies are
dataclasses and lists of them, with rows nested as lists of lists (a job's plans, flights, datasets and deliverables,
an invoice's lines); bare values answer a quote accepted (the new job's id) and a quality check (whether the run may
be published); sentences with an id in them answer a message, a job cancelled, a flight plan cancelled, a drone
grounded, an occurrence reported and a sign-out. ``from __future__ import annotations``: every annotation is a string
the runtime resolves in this module (PEP 604 ``X | None``, builtin ``list[str]``), with two ``str`` ``Enum`` filters
(``JobStatus``, ``PlanStatus``), a plain ``Enum`` input and filter (``Certificate``), ``Literal`` inputs (permission
decision, occurrence kind) and ``Literal`` filters (quote, drone, permission and deliverable status). Plain-prose
docstrings. Ids look alike: client ``CL-210``, site ``ST-310``, quote ``QT-410``, job ``JB-510``, pilot ``PL-3``,
drone ``UA-12``, flight plan ``FP-710``, permission ``PM-810``, flight ``FL-960``, dataset ``DS-970``, processing run
``PR-980``, deliverable ``DL-610``, invoice ``IN-1110``, occurrence ``OC-1210``, message ``MS-1310``; aerodromes
``EGHB``, ``EGKW``. That a congested site needs a pilot with a GVC, that a thermal survey needs a pilot with a
thermography certificate and a drone with a thermal camera, that a pilot who has not flown for 90 days is not current
and that a survey is quoted for 1 to 12 visits are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

TODAY = "2032-09-14"  # a Tuesday
MAX_HEIGHT_M = 120
CURRENCY_DAYS = 90


class JobStatus(str, Enum):
    ACCEPTED = "accepted"
    FLYING = "flying"
    DELIVERED = "delivered"
    SIGNED_OFF = "signed_off"
    INVOICED = "invoiced"
    CANCELLED = "cancelled"


class PlanStatus(str, Enum):
    DRAFT = "draft"
    ASSESSED = "assessed"
    APPROVED = "approved"
    FLOWN = "flown"
    CANCELLED = "cancelled"


class Certificate(Enum):
    A2_COFC = "a2_cofc"
    GVC = "gvc"
    THERMOGRAPHY = "thermography"


Decision = Literal["granted", "refused"]
Occurrence = Literal["bird_strike", "loss_of_link", "flyaway", "near_miss", "damage", "injury"]
DroneStatus = Literal["in_service", "grounded"]
PermissionStatus = Literal["requested", "granted", "refused"]
QuoteStatus = Literal["issued", "accepted"]
DeliverableStatus = Literal["published", "signed_off"]

PRODUCTS = {  # code -> name, price per hectare, minimum charge
    "ORTHO": ("Orthomosaic map (2 cm ground sample distance)", 45.0, 350.0),
    "MODEL3D": ("3D model (textured mesh and point cloud)", 90.0, 600.0),
    "ROOF": ("Roof inspection report with close-up images", 0.0, 420.0),
    "THERMAL": ("Thermal survey (radiometric)", 60.0, 500.0),
    "VOLUME": ("Stockpile volumes", 25.0, 400.0),
}
AERODROMES = {  # code -> name, latitude, longitude, flight restriction zone radius in km
    "EGHB": ("Harrowby Airport", 54.130, -2.800, 4.5),
    "EGKW": ("Kellwick Airfield", 54.020, -2.650, 2.5),
}


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str
    pilot_id: str | None


@dataclass
class Product:
    code: str
    name: str
    price_per_hectare: float
    minimum_charge: float


@dataclass
class AirspaceCheck:
    latitude: float
    longitude: float
    in_restriction_zone: bool
    aerodrome_code: str | None
    aerodrome: str | None
    permission_needed: bool
    max_height_m: int


@dataclass
class ClientRow:
    client_id: str
    name: str
    contact: str
    email: str


@dataclass
class Client:
    client_id: str
    name: str
    contact: str
    email: str
    phone: str


@dataclass
class Site:
    site_id: str
    client_id: str
    name: str
    latitude: float
    longitude: float
    area_ha: float
    congested: bool
    zone: str | None


@dataclass
class Quote:
    quote_id: str
    client_id: str
    site_id: str
    product: str
    visits: int
    price: float
    valid_until: str
    status: str


@dataclass
class JobRow:
    job_id: str
    client: str
    site: str
    product: str
    status: str
    price: float


@dataclass
class JobFile:
    job: JobRow
    site_id: str
    plans: list[list[Any]]
    flights: list[list[Any]]
    datasets: list[list[Any]]
    deliverables: list[list[Any]]


@dataclass
class Pilot:
    pilot_id: str
    name: str
    certificates: list[list[Any]]
    last_flight: str | None


@dataclass
class Drone:
    drone_id: str
    model: str
    drone_class: str
    camera: str
    status: str
    hours: float


@dataclass
class FlightPlan:
    plan_id: str
    job_id: str
    site: str
    date: str
    pilot_id: str
    drone_id: str
    max_height_m: int
    status: str
    permission: str | None


@dataclass
class Permission:
    permission_id: str
    plan_id: str
    aerodrome: str
    status: str
    reference: str | None
    conditions: str | None


@dataclass
class Flight:
    flight_id: str
    plan_id: str
    job_id: str
    pilot_id: str
    drone_id: str
    takeoff: str
    landing: str
    minutes: int


@dataclass
class Dataset:
    dataset_id: str
    flight_id: str
    job_id: str
    images: int
    gigabytes: float


@dataclass
class Run:
    run_id: str
    job_id: str
    product: str
    datasets: list[str]
    status: str


@dataclass
class Deliverable:
    deliverable_id: str
    job_id: str
    client: str
    title: str
    status: str
    signed_by: str | None


@dataclass
class Invoice:
    invoice_id: str
    job_id: str
    client: str
    lines: list[list[Any]]
    total: float
    due: str


# --------------------------------------------------------------------------- state


class State:
    """Fellside Aerial Surveys on Tuesday 14 September 2032 at 07:30."""

    def __init__(self) -> None:
        self.staff = {
            "hannah.l": {"name": "Hannah Lowther", "password": "Ortho-Mosaic-5", "role": "office", "pilot": None},
            "owen.d": {"name": "Owen Dacre", "password": "Restriction-Zone-4k", "role": "operations", "pilot": None},
            "priya.m": {"name": "Priya Mistry", "password": "Gimbal-Lock-77", "role": "pilot", "pilot": "PL-2"},
            "sam.r": {"name": "Sam Reedy", "password": "Return-To-Home-3", "role": "pilot", "pilot": "PL-3"},
            "ellis.f": {"name": "Ellis Fenton", "password": "Point-Cloud-88", "role": "analyst", "pilot": None},
            "graham.t": {"name": "Graham Tulley", "password": "Fellside-2019", "role": "accountable", "pilot": None},
        }
        self.tokens: dict[str, dict] = {}
        self.clients = {
            "CL-201": {"name": "Harrowby Borough Council", "contact": "Mr Dev Sharma",
                       "email": "estates@harrowby.example", "phone": "01632 962201"},
            "CL-202": {"name": "Kellet Aggregates Ltd", "contact": "Mrs Moira Capstick",
                       "email": "moira.capstick@kelletaggregates.example", "phone": "01632 962202"},
            "CL-203": {"name": "Brackenbeck Solar Ltd", "contact": "Mr Iwan Pritchard",
                       "email": "iwan@brackenbecksolar.example", "phone": "01632 962203"},
        }
        self.sites = {
            "ST-301": {"client": "CL-201", "name": "Harrowby Town Hall roof", "lat": 54.112, "lon": -2.781, "area": 0.4,
                       "congested": True},
            "ST-302": {"client": "CL-202", "name": "Kellet Quarry stockpiles", "lat": 54.180, "lon": -2.600,
                       "area": 18.0, "congested": False},
            "ST-303": {"client": "CL-203", "name": "Brackenbeck Solar Farm", "lat": 54.060, "lon": -2.700, "area": 12.0,
                       "congested": False},
            "ST-304": {"client": "CL-201", "name": "Harrowby Park", "lat": 54.125, "lon": -2.820, "area": 6.0,
                       "congested": True},
        }
        self.quotes: dict[str, dict] = {
            "QT-399": {"client": "CL-201", "site": "ST-304", "product": "ORTHO", "visits": 2, "price": 540.0,
                       "valid_until": "2032-09-30", "status": "accepted"},
            "QT-402": {"client": "CL-202", "site": "ST-302", "product": "VOLUME", "visits": 1, "price": 450.0,
                       "valid_until": "2032-10-08", "status": "issued"},
        }
        self.jobs = {
            "JB-499": {"client": "CL-201", "site": "ST-304", "product": "ORTHO", "status": "delivered", "price": 350.0},
            "JB-501": {"client": "CL-201", "site": "ST-301", "product": "ROOF", "status": "accepted", "price": 420.0},
            "JB-502": {"client": "CL-202", "site": "ST-302", "product": "VOLUME", "status": "accepted", "price": 450.0},
            "JB-503": {"client": "CL-203", "site": "ST-303", "product": "THERMAL", "status": "accepted",
                       "price": 720.0},
            "JB-504": {"client": "CL-201", "site": "ST-304", "product": "ORTHO", "status": "flying", "price": 540.0},
        }
        self.pilots = {
            "PL-1": {"name": "Jo Askew", "certs": {"a2_cofc": "2034-02-28", "gvc": "2033-06-30"},
                     "last_flight": "2032-04-02"},
            "PL-2": {"name": "Priya Mistry", "certs": {"a2_cofc": "2034-05-31", "gvc": "2034-05-31"},
                     "last_flight": "2032-09-13"},
            "PL-3": {"name": "Sam Reedy", "certs": {"a2_cofc": "2033-11-30"}, "last_flight": "2032-09-10"},
        }
        self.drones = {
            "UA-11": {"model": "Skyrider M3E", "class": "C2", "camera": "mapping", "status": "in_service",
                      "hours": 212.5},
            "UA-12": {"model": "Skyrider M3T", "class": "C2", "camera": "thermal", "status": "grounded",
                      "hours": 148.0, "reason": "Gimbal drifts on the pitch axis"},
            "UA-14": {"model": "Vireo Mini 4", "class": "C1", "camera": "mapping", "status": "in_service",
                      "hours": 96.25},
        }
        self.plans = {
            "FP-699": {"job": "JB-499", "date": "2032-09-06", "pilot": "PL-2", "drone": "UA-11", "height": 90,
                       "status": "flown", "hazards": ["public on paths"], "mitigations": "Cordon and a spotter"},
            "FP-700": {"job": "JB-504", "date": "2032-09-13", "pilot": "PL-2", "drone": "UA-11", "height": 90,
                       "status": "flown", "hazards": ["public on paths"], "mitigations": "Cordon and a spotter"},
            "FP-701": {"job": "JB-501", "date": TODAY, "pilot": "PL-2", "drone": "UA-11", "height": 60,
                       "status": "assessed", "hazards": ["people in the square", "roof plant"],
                       "mitigations": "Fly at 07:45 before the market opens; spotter on the square"},
            "FP-702": {"job": "JB-502", "date": TODAY, "pilot": "PL-3", "drone": "UA-14", "height": 100,
                       "status": "approved", "hazards": ["plant moving in the pit"],
                       "mitigations": "Quarry manager stops the loaders while we fly"},
            "FP-703": {"job": "JB-504", "date": "2032-09-15", "pilot": "PL-2", "drone": "UA-14", "height": 90,
                       "status": "draft", "hazards": [], "mitigations": None},
        }
        self.permissions = {
            "PM-799": {"plan": "FP-700", "aerodrome": "EGHB", "status": "granted", "reference": "EGHB/UAS/2032/0917",
                       "conditions": "Below 90 m; call the tower before launch"},
            "PM-801": {"plan": "FP-701", "aerodrome": "EGHB", "status": "requested", "reference": None,
                       "conditions": None},
        }
        self.flights = {
            "FL-949": {"plan": "FP-699", "takeoff": "10:05", "landing": "10:31", "notes": "Two batteries"},
            "FL-951": {"plan": "FP-700", "takeoff": "09:12", "landing": "09:40", "notes": "North half of the park"},
            "FL-952": {"plan": "FP-700", "takeoff": "10:02", "landing": "10:29", "notes": "South half of the park"},
        }
        self.datasets = {
            "DS-959": {"flight": "FL-949", "images": 412, "gb": 9.8},
            "DS-961": {"flight": "FL-951", "images": 655, "gb": 15.2},
        }
        self.runs = {"PR-979": {"job": "JB-499", "product": "ORTHO", "datasets": ["DS-959"], "status": "passed",
                                "gsd": 2.1, "notes": "Clean"}}
        self.deliverables = {"DL-601": {"run": "PR-979", "title": "Harrowby Park car park orthomosaic",
                                        "status": "published", "signed_by": None, "comments": None}}
        self.invoices: dict[str, dict] = {}
        self.occurrences: list[list] = []
        self.messages: list[list] = []
        self.counters = {"token": 1, "client": 210, "site": 310, "quote": 410, "job": 510, "plan": 710,
                         "permission": 810, "flight": 960, "dataset": 970, "run": 980, "deliverable": 610,
                         "invoice": 1110, "occurrence": 1210, "message": 1310}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: Any, *roles: str) -> dict:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        raise PermissionError("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "accountable":
        raise PermissionError(f"{who['name']} ({who['role']}) may not do this; it is for the {' or '.join(roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _get(table: dict, key: Any, what: str) -> dict:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise LookupError(f"no {what} {key}")
    return row


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} is required")
    return value.strip()


def _day(text: Any, what: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise ValueError(f"{what} {text!r} is not a date (YYYY-MM-DD)") from None


def _zone(lat: float, lon: float) -> str | None:
    for code, (_, alat, alon, radius) in AERODROMES.items():
        dy = (lat - alat) * 111.2
        dx = (lon - alon) * 111.2 * math.cos(math.radians(alat))
        if math.hypot(dx, dy) <= radius:
            return code
    return None


def _site(state: State, sid: str) -> Site:
    s = state.sites[sid]
    zone = _zone(s["lat"], s["lon"])
    return Site(site_id=sid, client_id=s["client"], name=s["name"], latitude=s["lat"], longitude=s["lon"],
                area_ha=s["area"], congested=s["congested"],
                zone=f"{AERODROMES[zone][0]} flight restriction zone" if zone else None)


def _job_row(state: State, jid: str) -> JobRow:
    j = state.jobs[jid]
    return JobRow(job_id=jid, client=state.clients[j["client"]]["name"], site=state.sites[j["site"]]["name"],
                  product=j["product"], status=j["status"], price=j["price"])


def _pilot(state: State, pid: str) -> Pilot:
    p = state.pilots[pid]
    return Pilot(pilot_id=pid, name=p["name"], certificates=[[c, exp] for c, exp in sorted(p["certs"].items())],
                 last_flight=p["last_flight"])


def _drone(state: State, did: str) -> Drone:
    d = state.drones[did]
    return Drone(drone_id=did, model=d["model"], drone_class=d["class"], camera=d["camera"], status=d["status"],
                 hours=d["hours"])


def _permission_of(state: State, plan_id: str) -> tuple[str, dict] | None:
    return next(((pid, p) for pid, p in sorted(state.permissions.items()) if p["plan"] == plan_id), None)


def _plan(state: State, pid: str) -> FlightPlan:
    p = state.plans[pid]
    perm = _permission_of(state, pid)
    return FlightPlan(plan_id=pid, job_id=p["job"], site=state.sites[state.jobs[p["job"]]["site"]]["name"],
                      date=p["date"], pilot_id=p["pilot"], drone_id=p["drone"], max_height_m=p["height"],
                      status=p["status"], permission=perm[0] if perm else None)


def _permission(state: State, pid: str) -> Permission:
    p = state.permissions[pid]
    return Permission(permission_id=pid, plan_id=p["plan"], aerodrome=AERODROMES[p["aerodrome"]][0],
                      status=p["status"], reference=p["reference"], conditions=p["conditions"])


def _flight_job(state: State, fid: str) -> str:
    return state.plans[state.flights[fid]["plan"]]["job"]


def _minutes(takeoff: str, landing: str) -> int:
    def at(text: str) -> int:
        h, m = text.split(":")
        return int(h) * 60 + int(m)
    return at(landing) - at(takeoff)


def _deliverable(state: State, did: str) -> Deliverable:
    d = state.deliverables[did]
    jid = state.runs[d["run"]]["job"]
    return Deliverable(deliverable_id=did, job_id=jid, client=state.clients[state.jobs[jid]["client"]]["name"],
                       title=d["title"], status=d["status"], signed_by=d["signed_by"])


# --------------------------------------------------------------------------- sign-in and public calls


async def sign_in(state: State, username: str, password: str) -> Session:
    """Signs a member of staff in with their user name and password. It answers the session: a token to pass to
    every call but the public ones, the person's name and role (office, operations, pilot, analyst or accountable)
    and, for a remote pilot, their pilot id."""
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        raise PermissionError("user name or password not recognised")
    token = f"fs-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username.strip().lower(), "name": s["name"], "role": s["role"],
                           "pilot": s["pilot"]}
    return Session(token=token, name=s["name"], role=s["role"], pilot_id=s["pilot"])


async def sign_out(state: State, token: str) -> str:
    """Ends the session of the token given and answers a sentence naming who was signed out."""
    who = _session(state, token)
    state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def survey_products() -> list[Product]:
    """The survey products Fellside sells, as published: each product's code, name, price per hectare surveyed
    and minimum charge."""
    return [Product(code=code, name=p[0], price_per_hectare=p[1], minimum_charge=p[2]) for code, p in PRODUCTS.items()]


async def airspace_check(latitude: float, longitude: float) -> AirspaceCheck:
    """Checks a position against the aerodromes' flight restriction zones. It answers whether the position lies in a
    zone, the code and name of the aerodrome whose zone it is (permission to fly there is asked of that aerodrome)
    and the greatest height a survey may be flown at."""
    if isinstance(latitude, bool) or not isinstance(latitude, (int, float)) or not -90 <= latitude <= 90:
        raise ValueError(f"{latitude!r} is not a latitude")
    if isinstance(longitude, bool) or not isinstance(longitude, (int, float)) or not -180 <= longitude <= 180:
        raise ValueError(f"{longitude!r} is not a longitude")
    code = _zone(float(latitude), float(longitude))
    return AirspaceCheck(latitude=float(latitude), longitude=float(longitude), in_restriction_zone=code is not None,
                         aerodrome_code=code, aerodrome=AERODROMES[code][0] if code else None,
                         permission_needed=code is not None, max_height_m=MAX_HEIGHT_M)


# --------------------------------------------------------------------------- clients and sites


async def find_client(state: State, token: str, text: str) -> list[ClientRow]:
    """Finds clients whose name, contact or e-mail address contains the text given, and answers one row per client
    with its client id, name, contact and e-mail address."""
    _session(state, token)
    needle = _text(text, "text").lower()
    return [ClientRow(client_id=cid, name=c["name"], contact=c["contact"], email=c["email"])
            for cid, c in sorted(state.clients.items())
            if any(needle in c[k].lower() for k in ("name", "contact", "email"))]


async def register_client(state: State, token: str, name: str, contact: str, email: str, phone: str) -> Client:
    """Registers a new client (a business, a council, a trust or a private person) with the person Fellside deals
    with and their e-mail address and phone number. It answers the client with its new client id."""
    _session(state, token, "office")
    name = _text(name, "name")
    for cid, c in state.clients.items():
        if c["name"].lower() == name.lower():
            raise ValueError(f"{c['name']} is a client already ({cid})")
    email = _text(email, "email")
    if "@" not in email:
        raise ValueError(f"{email!r} is not an e-mail address")
    cid = f"CL-{_next(state, 'client')}"
    state.clients[cid] = {"name": name, "contact": _text(contact, "contact"), "email": email,
                          "phone": _text(phone, "phone")}
    c = state.clients[cid]
    return Client(client_id=cid, name=c["name"], contact=c["contact"], email=c["email"], phone=c["phone"])


async def update_client(state: State, token: str, client_id: str, contact: str | None = None,
                        email: str | None = None, phone: str | None = None) -> Client:
    """Changes a client's contact, e-mail address or phone number; whatever is left out stays as it is. It answers
    the client as changed, and refuses a change that would change nothing."""
    _session(state, token, "office")
    c = _get(state.clients, client_id, "client")
    new = {k: v.strip() for k, v in (("contact", contact), ("email", email), ("phone", phone)) if v and v.strip()}
    changed = {k: v for k, v in new.items() if c[k] != v}
    if not changed:
        raise ValueError(f"nothing to change for {c['name']}; those are the details on file")
    c.update(changed)
    return Client(client_id=client_id, name=c["name"], contact=c["contact"], email=c["email"], phone=c["phone"])


async def message_client(state: State, token: str, client_id: str, subject: str, body: str) -> str:
    """E-mails a client's contact a message with a subject and a body, and answers a sentence with the message's
    id."""
    _session(state, token)
    c = _get(state.clients, client_id, "client")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, client_id, _text(subject, "subject"), _text(body, "body")])
    return f"Message {mid} e-mailed to {c['contact']} of {c['name']} ({c['email']})."


async def add_site(state: State, token: str, client_id: str, name: str, latitude: float, longitude: float,
                   area_ha: float, congested: bool) -> Site:
    """Adds a site of a client's to be surveyed, by the latitude and longitude of its centre, its area in hectares
    and whether it is a congested area (a town, a village, a busy site). It answers the site with its new site id
    and, where it lies in an aerodrome's flight restriction zone, the zone's name."""
    _session(state, token, "office")
    _get(state.clients, client_id, "client")
    name = _text(name, "name")
    for value, what, low, high in ((latitude, "latitude", -90, 90), (longitude, "longitude", -180, 180)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise ValueError(f"{value!r} is not a {what}")
    if isinstance(area_ha, bool) or not isinstance(area_ha, (int, float)) or area_ha <= 0:
        raise ValueError(f"{area_ha!r} is not an area in hectares")
    for sid, s in state.sites.items():
        if s["client"] == client_id and s["name"].lower() == name.lower():
            raise ValueError(f"{s['name']} is on file already ({sid})")
    sid = f"ST-{_next(state, 'site')}"
    state.sites[sid] = {"client": client_id, "name": name, "lat": float(latitude), "lon": float(longitude),
                        "area": float(area_ha), "congested": bool(congested)}
    return _site(state, sid)


async def sites(state: State, token: str, client_id: str | None = None) -> list[Site]:
    """The sites on file, or only one client's: each site's id, client, name, position, area, whether it is
    congested and the flight restriction zone it lies in."""
    _session(state, token)
    return [_site(state, sid) for sid, s in sorted(state.sites.items())
            if client_id is None or s["client"] == client_id]


# --------------------------------------------------------------------------- quotes and jobs


async def quote_survey(state: State, token: str, client_id: str, site_id: str, product_code: str,
                       visits: int = 1) -> Quote:
    """Quotes a client for a survey product at one of their sites, flown on a number of visits. The price is the
    product's price per hectare for the site's area on each visit, or its minimum charge if that is more. It answers
    the quote with its id and the day it is valid until."""
    _session(state, token, "office")
    _get(state.clients, client_id, "client")
    s = _get(state.sites, site_id, "site")
    if s["client"] != client_id:
        raise ValueError(f"{site_id} ({s['name']}) is not a site of {state.clients[client_id]['name']}")
    p = PRODUCTS.get(product_code) if isinstance(product_code, str) else None
    if p is None:
        raise ValueError(f"no survey product {product_code!r}")
    if isinstance(visits, bool) or not isinstance(visits, int) or not 1 <= visits <= 12:
        raise ValueError(f"{visits!r} visits cannot be quoted")
    price = round(max(p[1] * s["area"], p[2]) * visits, 2)
    qid = f"QT-{_next(state, 'quote')}"
    valid = str(_day(TODAY, "today") + datetime.timedelta(days=30))
    state.quotes[qid] = {"client": client_id, "site": site_id, "product": product_code, "visits": visits,
                         "price": price, "valid_until": valid, "status": "issued"}
    return Quote(quote_id=qid, client_id=client_id, site_id=site_id, product=product_code, visits=visits, price=price,
                 valid_until=valid, status="issued")


async def quotes(state: State, token: str, client_id: str | None = None,
                 status: QuoteStatus | None = None) -> list[Quote]:
    """The quotes sent, optionally only one client's or only those issued (waiting for an answer) or accepted: each
    quote's id, client, site, product, visits, price, the day it is valid until and its status."""
    _session(state, token)
    if status is not None and status not in ("issued", "accepted"):
        raise ValueError(f"no quote status {status!r}")
    return [Quote(quote_id=qid, client_id=q["client"], site_id=q["site"], product=q["product"], visits=q["visits"],
                  price=q["price"], valid_until=q["valid_until"], status=q["status"])
            for qid, q in sorted(state.quotes.items())
            if (client_id is None or q["client"] == client_id) and (status is None or q["status"] == status)]


async def accept_quote(state: State, token: str, quote_id: str, purchase_order: str | None = None) -> str:
    """Records a client's acceptance of a quote, with their purchase order number if they gave one, and opens the
    job. It answers the new job's id."""
    _session(state, token, "office")
    q = _get(state.quotes, quote_id, "quote")
    if q["status"] != "issued":
        raise ValueError(f"{quote_id} is {q['status']} already")
    if q["valid_until"] < TODAY:
        raise ValueError(f"{quote_id} expired on {q['valid_until']}")
    jid = f"JB-{_next(state, 'job')}"
    state.jobs[jid] = {"client": q["client"], "site": q["site"], "product": q["product"], "status": "accepted",
                       "price": q["price"], "po": purchase_order.strip() if purchase_order else None}
    q["status"] = "accepted"
    return jid


async def jobs(state: State, token: str, status: JobStatus | None = None, client_id: str | None = None) -> list[JobRow]:
    """The jobs, optionally only those in one status (accepted, flying, delivered, signed_off, invoiced or
    cancelled) or for one client: each job's id, client, site, product, status and price."""
    _session(state, token)
    want = status.value if isinstance(status, JobStatus) else status
    if want is not None and want not in [s.value for s in JobStatus]:
        raise ValueError(f"no job status {want!r}")
    return [_job_row(state, jid) for jid, j in sorted(state.jobs.items())
            if (want is None or j["status"] == want) and (client_id is None or j["client"] == client_id)]


async def job_file(state: State, token: str, job_id: str) -> JobFile:
    """A job's whole file: the job and its site's id, its flight plans as rows of plan id, date, pilot id and status,
    its flights as rows of flight id, date, pilot id and whether the images are uploaded, its datasets as rows of
    dataset id, flight id, images and whether they have been processed, and its deliverables as rows of deliverable
    id, title and status."""
    _session(state, token)
    j = _get(state.jobs, job_id, "job")
    plans = [[pid, p["date"], p["pilot"], p["status"]] for pid, p in sorted(state.plans.items()) if p["job"] == job_id]
    flights = [[fid, state.plans[f["plan"]]["date"], state.plans[f["plan"]]["pilot"],
                any(d["flight"] == fid for d in state.datasets.values())]
               for fid, f in sorted(state.flights.items()) if state.plans[f["plan"]]["job"] == job_id]
    processed = {ds for r in state.runs.values() for ds in r["datasets"]}
    datasets = [[did, d["flight"], d["images"], did in processed] for did, d in sorted(state.datasets.items())
                if _flight_job(state, d["flight"]) == job_id]
    deliverables = [[did, d["title"], d["status"]] for did, d in sorted(state.deliverables.items())
                    if state.runs[d["run"]]["job"] == job_id]
    return JobFile(job=_job_row(state, job_id), site_id=j["site"], plans=plans, flights=flights, datasets=datasets,
                   deliverables=deliverables)


async def cancel_job(state: State, token: str, job_id: str, reason: str) -> str:
    """Cancels a job that has not been flown yet, with the reason; its flight plans are cancelled too. It answers a
    sentence naming the job."""
    _session(state, token, "office")
    j = _get(state.jobs, job_id, "job")
    if j["status"] == "cancelled":
        raise ValueError(f"{job_id} is cancelled already")
    if j["status"] != "accepted":
        raise ValueError(f"{job_id} is {j['status']}; a job is cancelled before it is flown")
    _text(reason, "reason")
    j["status"] = "cancelled"
    for p in state.plans.values():
        if p["job"] == job_id and p["status"] != "flown":
            p["status"] = "cancelled"
    return f"Job {job_id} for {state.clients[j['client']]['name']} cancelled."


# --------------------------------------------------------------------------- pilots and drones


async def pilots(state: State, token: str, certificate: Certificate | None = None) -> list[Pilot]:
    """The remote pilots, optionally only those holding one certificate (a2_cofc, gvc or thermography): each pilot's
    id, name, certificates as rows of certificate and expiry date, and the day they last flew."""
    _session(state, token)
    want = Certificate(certificate).value if certificate is not None else None
    return [_pilot(state, pid) for pid, p in sorted(state.pilots.items()) if want is None or want in p["certs"]]


async def record_certificate(state: State, token: str, pilot_id: str, certificate: Certificate,
                             expires: str) -> Pilot:
    """Records a certificate a pilot has gained or renewed (a2_cofc, gvc or thermography) with its expiry date, and
    answers the pilot with their certificates."""
    _session(state, token, "operations")
    p = _get(state.pilots, pilot_id, "pilot")
    try:
        cert = Certificate(certificate).value
    except ValueError:
        raise ValueError(f"no certificate {certificate!r}") from None
    if _day(expires, "expiry date") <= _day(TODAY, "today"):
        raise ValueError(f"a certificate expiring {expires} has run out")
    if p["certs"].get(cert) == expires:
        raise ValueError(f"{p['name']}'s {cert} to {expires} is on file already")
    p["certs"][cert] = expires
    return _pilot(state, pilot_id)


async def drones(state: State, token: str, status: DroneStatus | None = None) -> list[Drone]:
    """The drones, optionally only those in service or grounded: each drone's id, model, class, camera, status and
    flying hours."""
    _session(state, token)
    if status is not None and status not in ("in_service", "grounded"):
        raise ValueError(f"no drone status {status!r}")
    return [_drone(state, did) for did, d in sorted(state.drones.items()) if status is None or d["status"] == status]


async def ground_drone(state: State, token: str, drone_id: str, reason: str) -> str:
    """Grounds a drone with the reason; it flies again once maintenance is logged on it. It answers a sentence naming
    the drone."""
    _session(state, token, "operations", "pilot")
    d = _get(state.drones, drone_id, "drone")
    if d["status"] == "grounded":
        raise ValueError(f"{drone_id} is grounded already ({d.get('reason')})")
    d.update({"status": "grounded", "reason": _text(reason, "reason")})
    return f"Drone {drone_id} ({d['model']}) grounded."


async def log_maintenance(state: State, token: str, drone_id: str, work: str, parts: list[str] | None = None) -> Drone:
    """Logs maintenance done on a drone, with the work and any parts fitted; a grounded drone is returned to service.
    It answers the drone."""
    _session(state, token, "operations")
    d = _get(state.drones, drone_id, "drone")
    _text(work, "work")
    d.update({"status": "in_service", "reason": None, "parts": list(parts or [])})
    return _drone(state, drone_id)


# --------------------------------------------------------------------------- flight plans and permissions


async def plan_flight(state: State, token: str, job_id: str, date: str, pilot_id: str, drone_id: str,
                      max_height_m: int) -> FlightPlan:
    """Plans a flight for a job on a day, with a pilot, a drone and the greatest height to be flown. The pilot must
    hold the certificates the site and the product need and be current, and the drone must be in service and carry
    the camera the product needs. It answers the flight plan with its id, as a draft."""
    _session(state, token, "pilot", "operations")
    j = _get(state.jobs, job_id, "job")
    p = _get(state.pilots, pilot_id, "pilot")
    d = _get(state.drones, drone_id, "drone")
    if j["status"] not in ("accepted", "flying"):
        raise ValueError(f"{job_id} is {j['status']}; flights are planned for a job not yet delivered")
    if _day(date, "date") < _day(TODAY, "today"):
        raise ValueError(f"{date} has gone")
    if isinstance(max_height_m, bool) or not isinstance(max_height_m, int) or not 10 <= max_height_m <= MAX_HEIGHT_M:
        raise ValueError(f"{max_height_m!r} m cannot be planned; surveys are flown at up to {MAX_HEIGHT_M} m")
    site = state.sites[j["site"]]
    needs = (["a2_cofc"] + (["gvc"] if site["congested"] else [])
             + (["thermography"] if j["product"] == "THERMAL" else []))
    for cert in needs:
        if p["certs"].get(cert, "") < date:
            why = {"gvc": "a congested site needs a pilot with a GVC",
                   "thermography": "a thermal survey needs a pilot with a thermography certificate",
                   "a2_cofc": "every pilot needs an A2 CofC"}[cert]
            raise ValueError(f"{p['name']} holds no current {cert} certificate; {why}")
    if p["last_flight"] is None or (_day(date, "date") - _day(p["last_flight"], "last flight")).days > CURRENCY_DAYS:
        raise ValueError(f"{p['name']} last flew on {p['last_flight']} and is not current; a pilot must have flown in "
                         f"the last {CURRENCY_DAYS} days")
    if d["status"] != "in_service":
        raise ValueError(f"{drone_id} is grounded ({d.get('reason')})")
    if j["product"] == "THERMAL" and d["camera"] != "thermal":
        raise ValueError(f"{drone_id} carries a {d['camera']} camera; a thermal survey is flown with a thermal camera")
    for pid, other in state.plans.items():
        if other["job"] == job_id and other["date"] == date and other["status"] != "cancelled":
            raise ValueError(f"{job_id} has plan {pid} on {date} already")
    pid = f"FP-{_next(state, 'plan')}"
    state.plans[pid] = {"job": job_id, "date": date, "pilot": pilot_id, "drone": drone_id, "height": max_height_m,
                        "status": "draft", "hazards": [], "mitigations": None}
    return _plan(state, pid)


async def flight_plans(state: State, token: str, date: str | None = None, pilot_id: str | None = None,
                       status: PlanStatus | None = None) -> list[FlightPlan]:
    """The flight plans, optionally only those for one day, one pilot or in one status (draft, assessed, approved,
    flown or cancelled): each plan's id, job, site, date, pilot, drone, height, status and permission."""
    _session(state, token)
    want = status.value if isinstance(status, PlanStatus) else status
    if want is not None and want not in [s.value for s in PlanStatus]:
        raise ValueError(f"no plan status {want!r}")
    return [_plan(state, pid) for pid, p in sorted(state.plans.items())
            if (date is None or p["date"] == date) and (pilot_id is None or p["pilot"] == pilot_id)
            and (want is None or p["status"] == want)]


async def submit_risk_assessment(state: State, token: str, plan_id: str, hazards: list[str],
                                 mitigations: str) -> FlightPlan:
    """The plan's pilot submits the site-specific risk assessment of a draft flight plan: the hazards found and how
    they are mitigated. It answers the plan, assessed."""
    who = _session(state, token, "pilot")
    p = _get(state.plans, plan_id, "flight plan")
    if who["role"] == "pilot" and p["pilot"] != who["pilot"]:
        raise ValueError(f"{plan_id} is {state.pilots[p['pilot']]['name']}'s plan")
    if p["status"] != "draft":
        raise ValueError(f"{plan_id} is {p['status']}; a risk assessment is submitted on a draft plan")
    if not isinstance(hazards, list) or not hazards or not all(isinstance(h, str) and h.strip() for h in hazards):
        raise ValueError("the hazards are required")
    p.update({"hazards": [h.strip() for h in hazards], "mitigations": _text(mitigations, "mitigations"),
              "status": "assessed"})
    return _plan(state, plan_id)


async def request_permission(state: State, token: str, plan_id: str, aerodrome_code: str) -> Permission:
    """Asks the aerodrome whose flight restriction zone a plan's site lies in for permission to fly it, once the plan's
    risk assessment is in. It answers the permission request with its id."""
    _session(state, token, "operations")
    p = _get(state.plans, plan_id, "flight plan")
    site = state.sites[state.jobs[p["job"]]["site"]]
    zone = _zone(site["lat"], site["lon"])
    if zone is None:
        raise ValueError(f"{site['name']} lies in no flight restriction zone; no permission is needed")
    if p["status"] not in ("assessed", "approved"):
        raise ValueError(f"{plan_id} is {p['status']}; the aerodrome is sent the plan with its risk assessment")
    if aerodrome_code != zone:
        raise ValueError(f"{site['name']} lies in the zone of {AERODROMES[zone][0]}; ask that aerodrome, not "
                         f"{aerodrome_code!r}")
    if _permission_of(state, plan_id):
        raise ValueError(f"{plan_id} has permission {_permission_of(state, plan_id)[0]} already")
    pid = f"PM-{_next(state, 'permission')}"
    state.permissions[pid] = {"plan": plan_id, "aerodrome": zone, "status": "requested", "reference": None,
                              "conditions": None}
    return _permission(state, pid)


async def record_permission(state: State, token: str, permission_id: str, decision: Decision,
                            reference: str | None = None, conditions: str | None = None) -> Permission:
    """Records an aerodrome's answer to a permission request, granted or refused, with its reference and any
    conditions. It answers the permission."""
    _session(state, token, "operations")
    p = _get(state.permissions, permission_id, "permission")
    if p["status"] != "requested":
        raise ValueError(f"{permission_id} was {p['status']} already")
    if decision not in ("granted", "refused"):
        raise ValueError(f"no decision {decision!r}")
    if decision == "granted" and not (isinstance(reference, str) and reference.strip()):
        raise ValueError("a permission granted has the aerodrome's reference")
    p.update({"status": decision, "reference": reference.strip() if reference else None,
              "conditions": conditions.strip() if conditions else None})
    return _permission(state, permission_id)


async def permissions(state: State, token: str, status: PermissionStatus | None = None) -> list[Permission]:
    """Permission requests to aerodromes, optionally only those requested, granted or refused: each one's id, plan,
    aerodrome, status, reference and conditions."""
    _session(state, token)
    if status is not None and status not in ("requested", "granted", "refused"):
        raise ValueError(f"no permission status {status!r}")
    return [_permission(state, pid) for pid, p in sorted(state.permissions.items())
            if status is None or p["status"] == status]


async def approve_flight_plan(state: State, token: str, plan_id: str) -> FlightPlan:
    """The operations manager approves an assessed flight plan; one whose site lies in a flight restriction zone
    needs the aerodrome's permission granted first. It answers the plan, approved."""
    _session(state, token, "operations")
    p = _get(state.plans, plan_id, "flight plan")
    if p["status"] == "approved":
        raise ValueError(f"{plan_id} is approved already")
    if p["status"] != "assessed":
        raise ValueError(f"{plan_id} is {p['status']}; a plan is approved once its risk assessment is in")
    site = state.sites[state.jobs[p["job"]]["site"]]
    if _zone(site["lat"], site["lon"]):
        perm = _permission_of(state, plan_id)
        if perm is None or perm[1]["status"] != "granted":
            raise ValueError(f"{site['name']} lies in a flight restriction zone and {plan_id} has no permission granted"
                             + (f" ({perm[0]} is {perm[1]['status']})" if perm else ""))
    p["status"] = "approved"
    return _plan(state, plan_id)


async def cancel_flight_plan(state: State, token: str, plan_id: str, reason: str) -> str:
    """Cancels a flight plan not yet flown, with the reason, and answers a sentence naming it."""
    _session(state, token, "operations", "pilot")
    p = _get(state.plans, plan_id, "flight plan")
    if p["status"] in ("flown", "cancelled"):
        raise ValueError(f"{plan_id} is {p['status']}")
    _text(reason, "reason")
    p["status"] = "cancelled"
    return f"Flight plan {plan_id} for {p['job']} on {p['date']} cancelled."


# --------------------------------------------------------------------------- flights


async def log_flight(state: State, token: str, plan_id: str, takeoff: str, landing: str, notes: str) -> Flight:
    """The pilot logs a flight flown today against their approved plan, with the take-off and landing times (HH:MM)
    and notes. It answers the flight with its id."""
    who = _session(state, token, "pilot")
    p = _get(state.plans, plan_id, "flight plan")
    if who["role"] == "pilot" and p["pilot"] != who["pilot"]:
        raise ValueError(f"{plan_id} is {state.pilots[p['pilot']]['name']}'s plan")
    if p["status"] not in ("approved", "flown"):
        raise ValueError(f"{plan_id} is {p['status']}; a flight is logged against an approved plan")
    if p["date"] != TODAY:
        raise ValueError(f"{plan_id} is for {p['date']}, not today")
    try:
        minutes = _minutes(takeoff, landing)
    except (AttributeError, ValueError):
        raise ValueError(f"{takeoff!r} to {landing!r} are not times (HH:MM)") from None
    if minutes <= 0:
        raise ValueError("the landing is before the take-off")
    fid = f"FL-{_next(state, 'flight')}"
    state.flights[fid] = {"plan": plan_id, "takeoff": takeoff, "landing": landing, "notes": _text(notes, "notes")}
    p["status"] = "flown"
    state.pilots[p["pilot"]]["last_flight"] = TODAY
    state.drones[p["drone"]]["hours"] = round(state.drones[p["drone"]]["hours"] + minutes / 60, 2)
    job = state.jobs[p["job"]]
    if job["status"] == "accepted":
        job["status"] = "flying"
    return Flight(flight_id=fid, plan_id=plan_id, job_id=p["job"], pilot_id=p["pilot"], drone_id=p["drone"],
                  takeoff=takeoff, landing=landing, minutes=minutes)


async def report_occurrence(state: State, token: str, flight_id: str, kind: Occurrence, description: str) -> str:
    """Reports an occurrence on a flight (a bird strike, a loss of link, a flyaway, a near miss, damage or an injury);
    a flyaway or damage grounds the drone. It answers a sentence with the occurrence's id."""
    _session(state, token, "pilot", "operations")
    f = _get(state.flights, flight_id, "flight")
    if kind not in ("bird_strike", "loss_of_link", "flyaway", "near_miss", "damage", "injury"):
        raise ValueError(f"no occurrence kind {kind!r}")
    oid = f"OC-{_next(state, 'occurrence')}"
    state.occurrences.append([oid, flight_id, kind, _text(description, "description")])
    drone = state.plans[f["plan"]]["drone"]
    grounded = kind in ("flyaway", "damage") and state.drones[drone]["status"] != "grounded"
    if grounded:
        state.drones[drone].update({"status": "grounded", "reason": f"occurrence {oid}"})
    return f"Occurrence {oid} ({kind}) reported on {flight_id}" + (f"; drone {drone} grounded." if grounded else ".")


# --------------------------------------------------------------------------- data and deliverables


async def upload_data(state: State, token: str, flight_id: str, images: int, gigabytes: float) -> Dataset:
    """Uploads the images of a flight, with how many there are and their size. It answers the dataset with its id."""
    _session(state, token, "pilot", "analyst")
    _get(state.flights, flight_id, "flight")
    for did, d in state.datasets.items():
        if d["flight"] == flight_id:
            raise ValueError(f"{flight_id}'s images are uploaded already ({did})")
    if isinstance(images, bool) or not isinstance(images, int) or images < 1:
        raise ValueError(f"{images!r} is not a number of images")
    if isinstance(gigabytes, bool) or not isinstance(gigabytes, (int, float)) or gigabytes <= 0:
        raise ValueError(f"{gigabytes!r} is not a size in gigabytes")
    did = f"DS-{_next(state, 'dataset')}"
    state.datasets[did] = {"flight": flight_id, "images": images, "gb": float(gigabytes)}
    return Dataset(dataset_id=did, flight_id=flight_id, job_id=_flight_job(state, flight_id), images=images,
                   gigabytes=float(gigabytes))


async def process_dataset(state: State, token: str, dataset_ids: list[str], product_code: str) -> Run:
    """Processes one or more datasets of a job together into the job's product. It answers the processing run with
    its id, processed and waiting for its quality check."""
    _session(state, token, "analyst")
    if not isinstance(dataset_ids, list) or not dataset_ids:
        raise ValueError("dataset ids are required")
    job_ids = set()
    for did in dataset_ids:
        d = _get(state.datasets, did, "dataset")
        job_ids.add(_flight_job(state, d["flight"]))
        for rid, r in state.runs.items():
            if did in r["datasets"] and r["status"] != "failed":
                raise ValueError(f"{did} is processed already ({rid})")
    if len(job_ids) != 1:
        raise ValueError("the datasets of one job are processed together")
    jid = job_ids.pop()
    if product_code not in PRODUCTS:
        raise ValueError(f"no survey product {product_code!r}")
    if product_code != state.jobs[jid]["product"]:
        raise ValueError(f"{jid} was ordered as {state.jobs[jid]['product']}; its datasets are processed into the "
                         "product ordered")
    rid = f"PR-{_next(state, 'run')}"
    state.runs[rid] = {"job": jid, "product": product_code, "datasets": list(dataset_ids), "status": "processed",
                       "gsd": None, "notes": None}
    return Run(run_id=rid, job_id=jid, product=product_code, datasets=list(dataset_ids), status="processed")


async def quality_check(state: State, token: str, run_id: str, passed: bool, gsd_cm: float, notes: str) -> bool:
    """Records the quality check of a processing run: whether it passed, the ground sample distance achieved in
    centimetres and notes. It answers whether the run may now be published."""
    _session(state, token, "analyst")
    r = _get(state.runs, run_id, "processing run")
    if r["status"] != "processed":
        raise ValueError(f"{run_id} is {r['status']}; it was checked already")
    if isinstance(gsd_cm, bool) or not isinstance(gsd_cm, (int, float)) or gsd_cm <= 0:
        raise ValueError(f"{gsd_cm!r} is not a ground sample distance")
    r.update({"status": "passed" if passed else "failed", "gsd": float(gsd_cm), "notes": _text(notes, "notes")})
    return r["status"] == "passed"


async def publish_deliverable(state: State, token: str, run_id: str, title: str) -> Deliverable:
    """Publishes a processing run that passed its quality check to the client's download area under a title. It
    answers the deliverable with its id."""
    _session(state, token, "analyst")
    r = _get(state.runs, run_id, "processing run")
    if r["status"] != "passed":
        raise ValueError(f"{run_id} is {r['status']}; a run is published once it has passed its quality check")
    for did, d in state.deliverables.items():
        if d["run"] == run_id:
            raise ValueError(f"{run_id} is published already as {did}")
    did = f"DL-{_next(state, 'deliverable')}"
    state.deliverables[did] = {"run": run_id, "title": _text(title, "title"), "status": "published", "signed_by": None,
                               "comments": None}
    state.jobs[r["job"]]["status"] = "delivered"
    return _deliverable(state, did)


async def deliverables(state: State, token: str, status: DeliverableStatus | None = None,
                       client_id: str | None = None) -> list[Deliverable]:
    """Deliverables, optionally only those published (waiting for the client's sign-off) or signed off, or only one
    client's: each one's id, job, client, title, status and who signed it off."""
    _session(state, token)
    if status is not None and status not in ("published", "signed_off"):
        raise ValueError(f"no deliverable status {status!r}")
    out = []
    for did, d in sorted(state.deliverables.items()):
        job = state.jobs[state.runs[d["run"]]["job"]]
        if (status is None or d["status"] == status) and (client_id is None or job["client"] == client_id):
            out.append(_deliverable(state, did))
    return out


async def client_sign_off(state: State, token: str, deliverable_id: str, signed_by: str,
                          comments: str | None = None) -> Deliverable:
    """Records a client's sign-off of a published deliverable, by the person who signed it and with any comments.
    It answers the deliverable, signed off."""
    _session(state, token, "office")
    d = _get(state.deliverables, deliverable_id, "deliverable")
    if d["status"] == "signed_off":
        raise ValueError(f"{deliverable_id} was signed off already by {d['signed_by']}")
    d.update({"status": "signed_off", "signed_by": _text(signed_by, "signed by"),
              "comments": comments.strip() if comments else None})
    state.jobs[state.runs[d["run"]]["job"]]["status"] = "signed_off"
    return _deliverable(state, deliverable_id)


async def invoice_job(state: State, token: str, job_id: str) -> Invoice:
    """Invoices a job once its client has signed off its deliverable. It answers the invoice with its lines as rows
    of description and amount, the total and the day it is due."""
    _session(state, token, "office")
    j = _get(state.jobs, job_id, "job")
    if j["status"] == "invoiced":
        raise ValueError(f"{job_id} is invoiced already")
    if j["status"] != "signed_off":
        raise ValueError(f"{job_id} is {j['status']}; a job is invoiced once the client has signed off its deliverable")
    lines = [[f"{PRODUCTS[j['product']][0]}, {state.sites[j['site']]['name']}", j["price"]],
             ["VAT at 20%", round(j["price"] * 0.2, 2)]]
    total = round(sum(amount for _, amount in lines), 2)
    iid = f"IN-{_next(state, 'invoice')}"
    due = str(_day(TODAY, "today") + datetime.timedelta(days=30))
    state.invoices[iid] = {"job": job_id, "lines": lines, "total": total, "due": due}
    j["status"] = "invoiced"
    return Invoice(invoice_id=iid, job_id=job_id, client=state.clients[j["client"]]["name"], lines=lines, total=total,
                   due=due)


TOOLS = [
    sign_in, sign_out, survey_products, airspace_check, find_client, register_client, update_client, message_client,
    add_site, sites, quote_survey, quotes, accept_quote, jobs, job_file, cancel_job, pilots, record_certificate, drones,
    ground_drone, log_maintenance, plan_flight, flight_plans, submit_risk_assessment, request_permission,
    record_permission, permissions, approve_flight_plan, cancel_flight_plan, log_flight, report_occurrence,
    upload_data, process_dataset, quality_check, publish_deliverable, deliverables, client_sign_off, invoice_job,
]

FIXTURES = {
    "operator": {"name": "Fellside Aerial Surveys Ltd, Kirkby Moor Business Park, Harrowby",
                 "today": "Tuesday 14 September 2032, half past seven in the morning"},
    "staff": [
        {"name": "Hannah Lowther", "role": "office", "username": "hannah.l", "password": "Ortho-Mosaic-5"},
        {"name": "Owen Dacre", "role": "operations manager", "username": "owen.d", "password": "Restriction-Zone-4k"},
        {"name": "Priya Mistry", "role": "remote pilot", "username": "priya.m", "password": "Gimbal-Lock-77"},
        {"name": "Sam Reedy", "role": "remote pilot", "username": "sam.r", "password": "Return-To-Home-3"},
        {"name": "Ellis Fenton", "role": "data analyst", "username": "ellis.f", "password": "Point-Cloud-88"},
        {"name": "Graham Tulley", "role": "accountable manager", "username": "graham.t", "password": "Fellside-2019"},
    ],
    "new_client": {"name": "Lunesdale Heritage Trust", "contact": "Ms Freya Holt",
                   "email": "freya.holt@lunesdaleheritage.example", "phone": "01632 962250",
                   "site": {"name": "Greystone Tithe Barn", "latitude": 54.135, "longitude": -2.79, "area_ha": 0.6,
                            "congested": False},
                   "wants": "a 3D model of the barn before its roof is repaired, flown as soon as possible"},
    "notes": [
        "Priya passed her thermography course on Friday; the certificate runs to the end of September 2034",
        "The thermal drone's gimbal has been recalibrated and a new damper fitted; it can go back into service",
        "Harrowby Airport rang: the town hall roof flight is granted under their reference EGHB/UAS/2032/0931",
        "Sam is flying Kellet Quarry this morning",
        "Harrowby Borough Council have signed off the car park orthomosaic (Mr Sharma)",
        "The first Harrowby Park flight's images are uploaded; the second flight's are still on the card",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "survey_products", "airspace_check")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CLIENT_CONSUMERS = ["update_client", "message_client", "add_site", "quote_survey"]
JOB_CONSUMERS = ["job_file", "cancel_job", "plan_flight", "invoice_job"]
PLAN_CONSUMERS = ["submit_risk_assessment", "request_permission", "approve_flight_plan", "cancel_flight_plan",
                  "log_flight"]
FLIGHT_CONSUMERS = ["upload_data", "report_occurrence"]
_CLIENT = "id lookup/create: client (client_id of register_client, or of a find_client row)"
_JOB = "id lookup/create: job (the job id accept_quote answers, or job_id of a jobs row)"
_PLAN = "id lookup/create: flight plan (plan_id of plan_flight, or of a flight_plans entry)"
_FLIGHT = "id lookup/create: flight (flight_id of log_flight, or of a job_file flight row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_client|find_client", c, _CLIENT) for c in CLIENT_CONSUMERS]
    + [("accept_quote|jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("plan_flight|flight_plans", c, _PLAN) for c in PLAN_CONSUMERS]
    + [("log_flight|job_file", c, _FLIGHT) for c in FLIGHT_CONSUMERS]
    + [("survey_products", c, "vocabulary: product codes (code of a survey_products entry)")
       for c in ("quote_survey", "process_dataset")]
    + [("pilots", c, "id lookup: pilot (pilot_id of a pilots entry)") for c in ("record_certificate", "plan_flight")]
    + [("drones", c, "id lookup: drone (drone_id of a drones entry)")
       for c in ("ground_drone", "log_maintenance", "plan_flight")]
    + [("process_dataset", c, "id create: processing run (run_id of process_dataset)")
       for c in ("quality_check", "publish_deliverable")]
    + [
        ("add_site|sites", "quote_survey", "id lookup/create: site (site_id of add_site, or of a sites entry)"),
        ("quote_survey|quotes", "accept_quote",
         "id lookup/create: quote (quote_id of quote_survey, or of a quotes entry)"),
        ("request_permission|permissions", "record_permission",
         "id lookup/create: permission (permission_id of request_permission, or of a permissions entry)"),
        ("airspace_check", "request_permission", "vocabulary: aerodrome codes (aerodrome_code of airspace_check)"),
        ("upload_data|job_file", "process_dataset",
         "id lookup/create: dataset (dataset_id of upload_data, or of a job_file dataset row)"),
        ("publish_deliverable|deliverables", "client_sign_off",
         "id lookup/create: deliverable (deliverable_id of publish_deliverable, or of a deliverables entry)"),
        ("record_certificate", "plan_flight", "state: the pilot holding the certificates the site and product need"),
        ("log_maintenance", "plan_flight", "state: the drone in service (maintenance logged on a grounded drone)"),
        ("submit_risk_assessment", "request_permission", "state: the plan's risk assessment in"),
        ("submit_risk_assessment", "approve_flight_plan", "state: the plan's risk assessment in"),
        ("record_permission", "approve_flight_plan", "state: the aerodrome's permission granted (site in a zone)"),
        ("approve_flight_plan", "log_flight", "state: the flight plan approved"),
        ("quality_check", "publish_deliverable", "state: the run passed its quality check"),
        ("client_sign_off", "invoice_job", "state: the deliverable signed off by the client"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
PLAUSIBLE = (
    # ids shown in other lists and records: clients on sites and quotes; sites on a job's file and quotes; jobs on
    # plans, flights, datasets, runs and deliverables; pilots and drones on plans and flights; plans in a job's file,
    # on permissions and flights; permissions on plans; flights on datasets; deliverables in a job's file; product
    # codes on jobs, quotes and runs
    {(p, c) for p in ("sites", "add_site", "quote_survey", "quotes") for c in CLIENT_CONSUMERS if p != c}
    | {("job_file", "quote_survey"), ("quotes", "quote_survey")}
    | {(p, c) for p in ("flight_plans", "plan_flight", "log_flight", "upload_data", "process_dataset", "deliverables",
                        "publish_deliverable", "client_sign_off") for c in JOB_CONSUMERS if p != c}
    | {(p, c) for p in ("flight_plans", "plan_flight", "log_flight", "job_file")
       for c in ("record_certificate", "plan_flight") if p != c}
    | {(p, c) for p in ("flight_plans", "plan_flight", "log_flight")
       for c in ("ground_drone", "log_maintenance", "plan_flight") if p != c}
    | {(p, c) for p in ("job_file", "permissions", "request_permission", "record_permission", "log_flight")
       for c in PLAN_CONSUMERS if p != c}
    | {("upload_data", "report_occurrence"), ("flight_plans", "record_permission"),
       ("plan_flight", "record_permission"), ("job_file", "client_sign_off")}
    | {(p, c) for p in ("jobs", "job_file", "quote_survey", "process_dataset")
       for c in ("quote_survey", "process_dataset") if p != c}
    # one step further along the designed chains
    | {
        ("accept_quote", "approve_flight_plan"), ("accept_quote", "cancel_flight_plan"),
        ("accept_quote", "log_flight"), ("accept_quote", "process_dataset"), ("accept_quote", "report_occurrence"),
        ("accept_quote", "request_permission"), ("accept_quote", "submit_risk_assessment"),
        ("accept_quote", "upload_data"), ("add_site", "accept_quote"), ("airspace_check", "record_permission"),
        ("approve_flight_plan", "report_occurrence"), ("approve_flight_plan", "upload_data"),
        ("deliverables", "invoice_job"), ("drones", "approve_flight_plan"), ("drones", "cancel_flight_plan"),
        ("drones", "log_flight"), ("drones", "request_permission"), ("drones", "submit_risk_assessment"),
        ("flight_plans", "upload_data"), ("jobs", "process_dataset"), ("jobs", "report_occurrence"),
        ("jobs", "upload_data"), ("log_flight", "process_dataset"), ("permissions", "approve_flight_plan"),
        ("pilots", "approve_flight_plan"), ("pilots", "cancel_flight_plan"), ("pilots", "log_flight"),
        ("pilots", "request_permission"), ("pilots", "submit_risk_assessment"), ("plan_flight", "record_permission"),
        ("plan_flight", "report_occurrence"), ("plan_flight", "upload_data"), ("process_dataset", "client_sign_off"),
        ("publish_deliverable", "invoice_job"), ("quality_check", "client_sign_off"), ("quote_survey", "cancel_job"),
        ("quote_survey", "invoice_job"), ("quote_survey", "job_file"), ("quote_survey", "plan_flight"),
        ("record_permission", "log_flight"), ("register_client", "accept_quote"),
        ("request_permission", "approve_flight_plan"), ("submit_risk_assessment", "log_flight"),
        ("submit_risk_assessment", "record_permission"), ("survey_products", "accept_quote"),
        ("survey_products", "publish_deliverable"), ("survey_products", "quality_check"),
        ("upload_data", "publish_deliverable"), ("upload_data", "quality_check"), ("find_client", "accept_quote"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("register_client", "find_client"), ("update_client", "find_client"), ("add_site", "sites"),
        ("quote_survey", "quotes"), ("accept_quote", "quotes"), ("accept_quote", "jobs"), ("cancel_job", "jobs"),
        ("cancel_job", "job_file"), ("cancel_job", "flight_plans"), ("record_certificate", "pilots"),
        ("ground_drone", "drones"), ("log_maintenance", "drones"), ("plan_flight", "flight_plans"),
        ("plan_flight", "job_file"), ("submit_risk_assessment", "flight_plans"), ("request_permission", "permissions"),
        ("request_permission", "flight_plans"), ("record_permission", "permissions"),
        ("approve_flight_plan", "flight_plans"), ("cancel_flight_plan", "flight_plans"),
        ("log_flight", "flight_plans"), ("log_flight", "job_file"), ("log_flight", "jobs"), ("log_flight", "pilots"),
        ("log_flight", "drones"), ("report_occurrence", "drones"), ("upload_data", "job_file"),
        ("process_dataset", "job_file"), ("publish_deliverable", "deliverables"), ("publish_deliverable", "job_file"),
        ("publish_deliverable", "jobs"), ("client_sign_off", "deliverables"), ("client_sign_off", "jobs"),
        ("invoice_job", "jobs"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
