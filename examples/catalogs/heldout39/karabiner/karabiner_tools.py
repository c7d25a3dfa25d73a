"""Karabiner: the callout and team system of Brackdale Mountain Rescue Team (36 calls).

Async functions over an in-memory ``State`` of the team's system on Saturday 9 June 2035 at 14:20, with one incident
under way (a walker with a broken ankle below Hawkrigg Pike). The duty coordinator opens incidents on a police
request, looks up grid references, pages the callout groups, records who is attending, forms hill parties, issues
them kit, deploys and stands them down, records casualties and the casualty carers' observations, asks for the air
ambulance, hands casualties over, books the team's vehicles out and in, and closes incidents, whose report then goes
to the police. The equipment officer inspects the kit and keeps the vehicles' defects. The training officer keeps the
members and their qualifications. The treasurer approves and pays members' expenses. The team leader may do
everything. The gazetteer and the receiving hospitals are public.

Every tool is an ``async def`` without a decorator that checks its session and role itself (``who = _who(state,
token, "coordinator")``). A refusal is raised as the team's own exception class, ``RescueError`` (with a ``code``
such as ``"not_attending"``): ``RescueError("Mr Zielinski holds no current verified party leader qualification")``.
Replies are dataclasses and lists of them, with rows nested as lists of lists (an incident's log, a member's record,
the vehicles' open defects); a bare value answers a vehicle returned (the miles driven) and a claim paid (the amount);
sentences with an id in them answer a defect cleared and a sign-out.
Annotations are spelled with ``typing`` (``Optional``, ``List``, ``Literal``) and evaluated at definition: a plain
``Enum`` input (``Category``), a ``str`` ``Enum`` input (``Qualification``) and a ``str`` ``Enum`` filter
(``IncidentStatus``), ``Literal`` inputs (a casualty's condition, where a casualty is handed over, an inspection's
result) and a ``Literal`` filter (the kind of kit), ``List[str]`` groups, members and kit. Numpy docstrings. Ids look
alike: incident ``INC-2044``, page ``PG-67``, party ``PTY-313``, casualty ``CAS-772``, care record ``CR-10``, air
request ``AIR-51``, member ``MBR-113``, qualification ``QL-513``, claim ``EXP-431``, defect ``DEF-89``; vehicle
``MRV-2``; kit ``ROPE-2031``; group ``HILL``; hospital ``KRI``. That a party is at least two members, that kit is
issued within six months of its inspection, which casualties the air ambulance is asked for, which hospitals take a
helicopter, the pain relief a carer may give and the mileage rate are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, List, Literal, Optional

TODAY = "2035-06-09"  # a Saturday
NOW = "14:20"


class RescueError(Exception):
    """A refusal by the team's system; ``code`` names the rule."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


class Category(Enum):
    LOST = "lost"
    INJURED = "injured"
    CRAGFAST = "cragfast"
    ILL = "ill"
    WATER = "water"
    SEARCH = "search"


class IncidentStatus(str, Enum):
    OPEN = "open"
    CLOSED = "closed"


class Qualification(str, Enum):
    PARTY_LEADER = "party_leader"
    CASUALTY_CARE = "casualty_care"
    BLUE_LIGHT = "blue_light_driver"
    SWIFTWATER = "swiftwater"
    ROPE_RESCUE = "rope_rescue"


Condition = Literal["minor", "moderate", "serious", "critical"]
HandOver = Literal["ambulance", "air_ambulance", "walked_off", "police"]
InspectionResult = Literal["pass", "fail"]
KitKind = Literal["radio", "rope", "stretcher", "vacuum_mattress", "defibrillator"]

PLACES = [  # name, grid reference, height in metres
    ("Cauldbeck Tarn", "NY 2350 0580", 512),
    ("Gowk Pike", "NY 2188 0702", 688),
    ("Hawkrigg Pike", "NY 2410 0912", 731),
    ("Hawkrigg Pike, south ridge path", "NY 2402 0871", 610),
    ("Lingmire Crag", "NY 2231 0760", 540),
    ("Raise Edge", "NY 2266 0994", 702),
    ("Scarth Gill footbridge", "NY 2291 0648", 260),
    ("Scarth Gill, upper falls", "NY 2270 0671", 330),
    ("Thornsgill car park", "NY 2502 0431", 95),
]
HOSPITALS = [  # code, name, helipad, major trauma centre
    ("BGH", "Brackdale General Hospital", False, False),
    ("KRI", "Kendrick Royal Infirmary", True, True),
    ("SMI", "Scarthwaite Minor Injuries Unit", False, False),
]
GROUPS = {"ALL": "The whole team", "HILL": "Hill party members", "CASCARE": "Casualty carers",
          "DRIVERS": "Blue-light drivers", "SWIFT": "Swiftwater technicians", "ROPE": "Rope rescue technicians"}
PAIN_RELIEF = ("paracetamol", "ibuprofen", "entonox", "methoxyflurane")
MILEAGE_RATE = 0.45
INSPECTION_DAYS = 183
GRID = re.compile(r"^(NY|SD) \d{4} \d{4}$")
ROLE_NAMES = {"coordinator": "the duty coordinators", "equipment": "the equipment officer",
              "training": "the training officer", "treasurer": "the treasurer", "leader": "the team leader"}


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Place:
    name: str
    grid_ref: str
    height_m: int


@dataclass
class Hospital:
    code: str
    name: str
    helipad: bool
    major_trauma_centre: bool


@dataclass
class Incident:
    incident_id: str
    police_log: str
    grid_ref: str
    category: str
    summary: str
    people: int
    opened: str
    status: str
    outcome: Optional[str] = None


@dataclass
class IncidentLog:
    incident: Incident
    entries: List[List[Any]]
    pages: List[List[Any]]
    responders: List[List[Any]]
    parties: List[List[Any]]
    casualties: List[List[Any]]


@dataclass
class CalloutGroup:
    code: str
    name: str
    on_call: int


@dataclass
class Page:
    page_id: str
    incident_id: str
    groups: List[str]
    message: str
    members_paged: int
    sent: str


@dataclass
class Response:
    page_id: str
    incident_id: str
    member_id: str
    name: str
    attending: bool
    eta_minutes: Optional[int]


@dataclass
class Party:
    party_id: str
    incident_id: str
    name: str
    member_ids: List[str]
    leader_id: str
    status: str
    task: Optional[str] = None
    grid_ref: Optional[str] = None
    kit: List[str] = field(default_factory=list)


@dataclass
class Casualty:
    casualty_id: str
    incident_id: str
    description: str
    condition: str
    age: Optional[int]
    status: str
    handed_to: Optional[str] = None
    hospital: Optional[str] = None


@dataclass
class CareRecord:
    care_id: str
    casualty_id: str
    member_id: str
    observations: str
    pain_relief: Optional[str]
    time: str


@dataclass
class AirRequest:
    request_id: str
    casualty_id: str
    reason: str
    status: str


@dataclass
class IncidentReport:
    incident_id: str
    police_log: str
    category: str
    opened: str
    closed: str
    members_attending: int
    parties: int
    casualties: List[List[Any]]
    outcome: str


@dataclass
class Vehicle:
    vehicle_id: str
    callsign: str
    registration: str
    status: str
    mileage: int
    incident_id: Optional[str]
    driver_id: Optional[str]
    defects: List[List[Any]]


@dataclass
class Defect:
    defect_id: str
    vehicle_id: str
    description: str
    off_road: bool
    status: str


@dataclass
class KitItem:
    item_id: str
    kind: str
    description: str
    last_inspected: str
    next_due: str
    status: str
    issued_to: Optional[str]


@dataclass
class MemberRow:
    member_id: str
    name: str
    grade: str
    on_call: bool


@dataclass
class Member:
    member_id: str
    name: str
    phone: str
    email: str
    grade: str
    on_call: bool
    groups: List[str]


@dataclass
class MemberRecord:
    member: Member
    qualifications: List[List[Any]]
    responses: List[List[Any]]
    claims: List[List[Any]]


@dataclass
class QualificationRecord:
    qualification_id: str
    member_id: str
    qualification: str
    certificate: str
    expires: str
    status: str


@dataclass
class Claim:
    claim_id: str
    member_id: str
    incident_id: str
    miles: float
    other: float
    amount: float
    status: str


# --------------------------------------------------------------------------- state


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


class State:
    """Brackdale Mountain Rescue Team's system on Saturday 9 June 2035 at 14:20."""

    def __init__(self) -> None:
        self.staff = {
            "jory.p": {"name": "Jory Penhallow", "password": "Stretcher-Carry-7", "role": "coordinator"},
            "ottoline.b": {"name": "Ottoline Brisco", "password": "Vacmat-Blue-52", "role": "coordinator"},
            "ruaridh.m": {"name": "Ruaridh Maclaren", "password": "Rope-Log-318", "role": "equipment"},
            "imelda.g": {"name": "Imelda Gulliford", "password": "Cert-Check-44", "role": "training"},
            "caspar.w": {"name": "Caspar Wetherall", "password": "Mileage-Book-9", "role": "treasurer"},
            "fenella.d": {"name": "Fenella Dacre", "password": "Team-Leader-21", "role": "leader"},
        }
        self.sessions: Dict[str, dict] = {}
        self.members = {  # member -> name, phone, email, grade, on call, groups
            "MBR-101": ["Fenella Dacre", "07700 900101", "fenella.dacre@example.org", "full", True,
                        ["ALL", "HILL"]],
            "MBR-102": ["Jory Penhallow", "07700 900102", "jory.penhallow@example.org", "full", True,
                        ["ALL", "HILL", "DRIVERS"]],
            "MBR-103": ["Hamish Tulloch", "07700 900103", "hamish.tulloch@example.org", "full", True,
                        ["ALL", "HILL", "DRIVERS"]],
            "MBR-104": ["Dervla Costigan", "07700 900104", "dervla.costigan@example.org", "full", True,
                        ["ALL", "HILL", "CASCARE"]],
            "MBR-105": ["Piotr Zielinski", "07700 900105", "piotr.zielinski@example.org", "full", True,
                        ["ALL", "HILL", "SWIFT"]],
            "MBR-106": ["Emrys Gwenllian", "07700 900106", "emrys.gwenllian@example.org", "full", False,
                        ["ALL", "HILL", "DRIVERS"]],
            "MBR-107": ["Ottoline Brisco", "07700 900107", "ottoline.brisco@example.org", "full", True,
                        ["ALL", "HILL", "CASCARE"]],
            "MBR-108": ["Ruaridh Maclaren", "07700 900108", "ruaridh.maclaren@example.org", "full", True,
                        ["ALL", "HILL", "ROPE"]],
            "MBR-109": ["Imelda Gulliford", "07700 900109", "imelda.gulliford@example.org", "full", True,
                        ["ALL", "HILL", "CASCARE"]],
            "MBR-110": ["Caspar Wetherall", "07700 900110", "caspar.wetherall@example.org", "full", False,
                        ["ALL"]],
            "MBR-111": ["Tegan Ashburn", "07700 900111", "tegan.ashburn@example.org", "trainee", True, ["ALL"]],
            "MBR-112": ["Wystan Oddie", "07700 900112", "wystan.oddie@example.org", "full", True,
                        ["ALL", "HILL", "ROPE"]],
        }
        self.qualifications = {  # qualification -> member, qualification, certificate, expires, status
            "QL-501": ["MBR-101", "party_leader", "MREW PL/2031/044", "2037-03-31", "verified"],
            "QL-502": ["MBR-102", "blue_light_driver", "BLD 2033-117", "2036-10-31", "verified"],
            "QL-503": ["MBR-103", "party_leader", "MREW PL/2029/310", "2036-04-30", "verified"],
            "QL-504": ["MBR-103", "blue_light_driver", "BLD 2032-086", "2036-02-28", "verified"],
            "QL-505": ["MBR-104", "casualty_care", "MREW CC/2032/772", "2036-01-31", "verified"],
            "QL-506": ["MBR-105", "swiftwater", "SRT 2034-5521", "2037-05-31", "verified"],
            "QL-507": ["MBR-105", "party_leader", "MREW PL/2035/118", "2038-05-31", "unverified"],
            "QL-508": ["MBR-106", "blue_light_driver", "BLD 2034-201", "2037-06-30", "verified"],
            "QL-509": ["MBR-107", "casualty_care", "MREW CC/2033/219", "2035-12-31", "verified"],
            "QL-510": ["MBR-109", "casualty_care", "MREW CC/2032/301", "2035-05-31", "verified"],
            "QL-511": ["MBR-108", "rope_rescue", "MREW RR/2033/017", "2036-09-30", "verified"],
            "QL-512": ["MBR-112", "party_leader", "MREW PL/2030/207", "2036-11-30", "verified"],
        }
        self.incidents = {  # incident -> police log, grid, category, summary, people, opened, status, outcome, closed
            "INC-2042": ["BC-20350608-0431", "NY 2266 0994", "cragfast",
                         "Scrambler cragfast on the east face of Raise Edge", 1, "2035-06-08 16:40", "closed",
                         "Lowered to the path unhurt and walked off with the team", "2035-06-08 19:55"],
            "INC-2043": ["BC-20350609-0214", "NY 2402 0871", "injured",
                         "Walker, 64, suspected broken ankle on the south ridge path of Hawkrigg Pike", 1,
                         "2035-06-09 11:05", "open", None, None],
        }
        self.log = {  # incident -> [time, author, text]
            "INC-2042": [["16:40", "Jory Penhallow", "Incident opened on police request BC-20350608-0431"],
                         ["19:55", "Jory Penhallow", "Closed: lowered to the path unhurt"]],
            "INC-2043": [["11:05", "Ottoline Brisco", "Incident opened on police request BC-20350609-0214"],
                         ["11:31", "Ottoline Brisco", "PTY-311 deployed"]],
        }
        self.pages = {  # page -> incident, groups, message, sent, members paged
            "PG-65": ["INC-2042", ["HILL"], "Cragfast scrambler Raise Edge east face, meet at base", "16:42",
                      ["MBR-101", "MBR-102", "MBR-103", "MBR-104", "MBR-105", "MBR-107", "MBR-108", "MBR-109"]],
            "PG-66": ["INC-2043", ["ALL"], "Injured walker Hawkrigg Pike south ridge, meet at Thornsgill car park",
                      "11:07", ["MBR-101", "MBR-102", "MBR-103", "MBR-104", "MBR-105", "MBR-107", "MBR-108",
                                "MBR-109", "MBR-111", "MBR-112"]],
        }
        self.responses = [  # page, member, attending, eta
            ["PG-65", "MBR-104", True, 20], ["PG-65", "MBR-103", True, 15],
            ["PG-66", "MBR-103", True, 10], ["PG-66", "MBR-104", True, 15], ["PG-66", "MBR-101", True, 20],
            ["PG-66", "MBR-105", True, 25], ["PG-66", "MBR-107", False, None], ["PG-66", "MBR-111", True, 30],
        ]
        self.parties = {  # party -> incident, name, members, leader, status, task, grid, kit
            "PTY-310": ["INC-2042", "Raise Edge party", ["MBR-103", "MBR-104"], "MBR-103", "stood_down",
                        "Lower the scrambler to the path", "NY 2266 0994", []],
            "PTY-311": ["INC-2043", "Hawkrigg party", ["MBR-103", "MBR-104"], "MBR-103", "deployed",
                        "Treat the casualty and carry to the road", "NY 2402 0871", ["RAD-04", "STR-1", "VAC-1"]],
            "PTY-312": ["INC-2043", "Hawkrigg support party", ["MBR-101", "MBR-111"], "MBR-101", "formed", None, None,
                        []],
        }
        self.casualties = {  # casualty -> incident, description, condition, age, status, handed to, hospital
            "CAS-770": ["INC-2042", "Male scrambler, unhurt", "minor", 27, "handed_over", "walked_off", None],
            "CAS-771": ["INC-2043", "Male walker, suspected fracture of the left ankle", "moderate", 64, "with_team",
                        None, None],
        }
        self.care = {  # care record -> casualty, member, observations, pain relief, time
            "CR-9": ["CAS-771", "MBR-104", "Alert, pulse 88, left ankle deformed and swollen, splinted", "entonox",
                     "12:02"],
        }
        self.air_requests: Dict[str, list] = {}  # request -> casualty, reason, status
        self.vehicles = {  # vehicle -> callsign, registration, status, mileage, incident, driver
            "MRV-1": ["Brackdale Mobile 1", "BK21 MRT", "booked_out", 48211, "INC-2043", "MBR-103"],
            "MRV-2": ["Brackdale Mobile 2", "BK17 MRT", "off_road", 60530, None, None],
            "MRV-3": ["Brackdale Mobile 3", "BK24 MRT", "available", 23390, None, None],
        }
        self.defects = {  # defect -> vehicle, description, off road, status, work done
            "DEF-87": ["MRV-3", "Offside wing mirror glass cracked", False, "open", None],
            "DEF-88": ["MRV-2", "Nearside rear brake pipe weeping", True, "open", None],
        }
        self.kit = {  # item -> kind, description, last inspected, status, issued to
            "DEF-1": ["defibrillator", "Lifepak CR2 defibrillator", "2035-05-05", "in_service", None],
            "RAD-01": ["radio", "Handheld radio 1", "2035-04-02", "in_service", None],
            "RAD-02": ["radio", "Handheld radio 2", "2035-04-02", "in_service", None],
            "RAD-03": ["radio", "Handheld radio 3", "2034-11-28", "in_service", None],
            "RAD-04": ["radio", "Handheld radio 4", "2035-04-02", "in_service", "PTY-311"],
            "ROPE-2031": ["rope", "50 m 11 mm static rope", "2034-11-20", "in_service", None],
            "ROPE-2032": ["rope", "50 m 11 mm static rope", "2035-04-15", "in_service", None],
            "STR-1": ["stretcher", "Mk 5 stretcher", "2035-03-01", "in_service", "PTY-311"],
            "STR-2": ["stretcher", "Mk 5 stretcher", "2035-03-01", "in_service", None],
            "VAC-1": ["vacuum_mattress", "Vacuum mattress", "2035-02-10", "in_service", "PTY-311"],
            "VAC-2": ["vacuum_mattress", "Vacuum mattress", "2034-12-01", "in_service", None],
        }
        self.claims = {  # claim -> member, incident, miles, other, note, status
            "EXP-429": ["MBR-104", "INC-2042", 36.0, 0.0, "Home to base and back", "submitted"],
            "EXP-430": ["MBR-103", "INC-2042", 22.0, 4.5, "Car park at the road head", "approved"],
        }
        self.counters = {"token": 1, "incident": 2044, "page": 67, "party": 313, "casualty": 772, "care": 10,
                         "air": 51, "member": 113, "qualification": 513, "claim": 431, "defect": 89}


# --------------------------------------------------------------------------- helpers


def _who(state: State, token: Any, *roles: str) -> dict:
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        raise RescueError("not signed in, or the session has ended; sign in first", "not_signed_in")
    if roles and who["role"] not in roles and who["role"] != "leader":
        raise RescueError(f"{who['name']} ({who['role']}) may not do this; it is for "
                          f"{' or '.join(ROLE_NAMES[r] for r in roles)}", "role")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _row(table: dict, key: Any, what: str) -> list:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise RescueError(f"no {what} {key}", "not_found")
    return row


def _grid(value: Any) -> str:
    if not isinstance(value, str) or not GRID.match(value.strip().upper()):
        raise RescueError(f"{value!r} is not a grid reference in the team's area (such as NY 2291 0648); look the "
                          "place up in the gazetteer", "grid_ref")
    return value.strip().upper()


def _incident(state: State, iid: str) -> Incident:
    i = state.incidents[iid]
    return Incident(incident_id=iid, police_log=i[0], grid_ref=i[1], category=i[2], summary=i[3], people=i[4],
                    opened=i[5], status=i[6], outcome=i[7])


def _open_incident(state: State, iid: Any) -> list:
    i = _row(state.incidents, iid, "incident")
    if i[6] != "open":
        raise RescueError(f"{iid} is closed", "closed")
    return i


def _member(state: State, mid: str) -> Member:
    m = state.members[mid]
    return Member(member_id=mid, name=m[0], phone=m[1], email=m[2], grade=m[3], on_call=m[4], groups=list(m[5]))


def _attending(state: State, iid: str) -> List[str]:
    out = []
    for page, mid, attending, _ in state.responses:
        if attending and state.pages[page][0] == iid and mid not in out:
            out.append(mid)
    return out


def _holds(state: State, mid: str, qualification: str) -> bool:
    return any(q[0] == mid and q[1] == qualification and q[4] == "verified" and q[3] >= TODAY
               for q in state.qualifications.values())


def _party(state: State, pid: str) -> Party:
    p = state.parties[pid]
    return Party(party_id=pid, incident_id=p[0], name=p[1], member_ids=list(p[2]), leader_id=p[3], status=p[4],
                 task=p[5], grid_ref=p[6], kit=list(p[7]))


def _casualty(state: State, cid: str) -> Casualty:
    c = state.casualties[cid]
    return Casualty(casualty_id=cid, incident_id=c[0], description=c[1], condition=c[2], age=c[3], status=c[4],
                    handed_to=c[5], hospital=c[6])


def _vehicle(state: State, vid: str) -> Vehicle:
    v = state.vehicles[vid]
    defects = [[did, d[1], d[2]] for did, d in sorted(state.defects.items()) if d[0] == vid and d[3] == "open"]
    return Vehicle(vehicle_id=vid, callsign=v[0], registration=v[1], status=v[2], mileage=v[3], incident_id=v[4],
                   driver_id=v[5], defects=defects)


def _due(last: str) -> str:
    return (_d(last) + datetime.timedelta(days=INSPECTION_DAYS)).isoformat()


def _kit_item(state: State, kid: str) -> KitItem:
    k = state.kit[kid]
    return KitItem(item_id=kid, kind=k[0], description=k[1], last_inspected=k[2], next_due=_due(k[2]), status=k[3],
                   issued_to=k[4])


def _qualification(state: State, qid: str) -> QualificationRecord:
    q = state.qualifications[qid]
    return QualificationRecord(qualification_id=qid, member_id=q[0], qualification=q[1], certificate=q[2],
                               expires=q[3], status=q[4])


def _claim(state: State, cid: str) -> Claim:
    c = state.claims[cid]
    return Claim(claim_id=cid, member_id=c[0], incident_id=c[1], miles=c[2], other=c[3],
                 amount=round(c[2] * MILEAGE_RATE + c[3], 2), status=c[5])


def _log(state: State, iid: str, who: dict, text: str) -> None:
    state.log[iid].append([NOW, who["name"], text])


# --------------------------------------------------------------------------- sign-in and the public lists


async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the team's system.

    Parameters
    ----------
    username : str
        A user name, such as ``jory.p``.
    password : str
        The password.

    Returns
    -------
    Session
        ``token`` (for every call but the gazetteer and the hospitals), ``name`` and ``role`` (coordinator,
        equipment, training, treasurer or leader).
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        raise RescueError("user name or password not recognised", "sign_in")
    token = f"bmrt-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


async def sign_out(state: State, token: str) -> str:
    """End a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    str
        A sentence naming who was signed out.
    """
    _who(state, token)
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def gazetteer(place: str) -> List[Place]:
    """Look a place up in the team's gazetteer (public).

    Parameters
    ----------
    place : str
        Part of a place's name, such as ``Scarth Gill``.

    Returns
    -------
    list of Place
        Each place's ``name``, Ordnance Survey ``grid_ref`` and ``height_m``, in name order.
    """
    if _blank(place):
        raise RescueError("place is required", "required")
    needle = place.strip().lower()
    rows = [Place(name=n, grid_ref=g, height_m=h) for n, g, h in PLACES if needle in n.lower()]
    if not rows:
        raise RescueError(f"no place called {place!r} in the gazetteer", "not_found")
    return rows


async def receiving_hospitals() -> List[Hospital]:
    """The hospitals that take the team's casualties (public).

    Returns
    -------
    list of Hospital
        Each hospital's ``code``, ``name``, whether it has a ``helipad`` and whether it is a
        ``major_trauma_centre``.
    """
    return [Hospital(code=c, name=n, helipad=h, major_trauma_centre=t) for c, n, h, t in HOSPITALS]


# --------------------------------------------------------------------------- incidents


async def open_incident(state: State, token: str, police_log: str, grid_ref: str, category: Category, summary: str,
                        people: int) -> Incident:
    """Open an incident on a request from the police.

    Parameters
    ----------
    token : str
        The session token.
    police_log : str
        The police incident log number, such as ``BC-20350609-0214``.
    grid_ref : str
        Where, as an Ordnance Survey grid reference (``NY 2291 0648``).
    category : Category
        ``lost``, ``injured``, ``cragfast``, ``ill``, ``water`` or ``search``.
    summary : str
        What the police were told.
    people : int
        How many people need help.

    Returns
    -------
    Incident
        The incident with a new ``incident_id``, ``open``.
    """
    who = _who(state, token, "coordinator")
    if _blank(police_log) or _blank(summary):
        raise RescueError("police_log and summary are required", "required")
    grid = _grid(grid_ref)
    cat = _value(category)
    if cat not in [c.value for c in Category]:
        raise RescueError(f"category is lost, injured, cragfast, ill, water or search, not {cat!r}", "category")
    if isinstance(people, bool) or not isinstance(people, int) or not 1 <= people <= 50:
        raise RescueError(f"people is 1 to 50, not {people!r}", "people")
    for iid, i in state.incidents.items():
        if i[0] == police_log.strip() and i[6] == "open":
            raise RescueError(f"police request {police_log} is open already as {iid}", "duplicate")
    iid = f"INC-{_next(state, 'incident')}"
    state.incidents[iid] = [police_log.strip(), grid, cat, summary.strip(), people, f"{TODAY} {NOW}", "open", None,
                            None]
    state.log[iid] = []
    _log(state, iid, who, f"Incident opened on police request {police_log.strip()}")
    return _incident(state, iid)


async def incidents(state: State, token: str, status: Optional[IncidentStatus] = None) -> List[Incident]:
    """The incidents, newest first.

    Parameters
    ----------
    token : str
        The session token.
    status : IncidentStatus, optional
        Only those ``open`` or ``closed``.

    Returns
    -------
    list of Incident
        Each incident's id, police log number, grid reference, category, summary, people, when it was opened, its
        status and, once closed, its outcome.
    """
    _who(state, token)
    want = _value(status)
    if want is not None and want not in ("open", "closed"):
        raise RescueError(f"status is open or closed, not {want!r}", "status")
    return [_incident(state, iid) for iid in sorted(state.incidents, reverse=True)
            if want is None or state.incidents[iid][6] == want]


async def incident_log(state: State, token: str, incident_id: str) -> IncidentLog:
    """An incident's whole log.

    Parameters
    ----------
    token : str
        The session token.
    incident_id : str
        The incident.

    Returns
    -------
    IncidentLog
        The ``incident``; ``entries`` as rows ``[time, author, text]``; ``pages`` as rows ``[page_id, groups,
        sent, members_paged]``; ``responders`` (those attending, in the order they answered) as rows ``[member_id,
        name, eta_minutes, party_id or None]``; ``parties`` as rows ``[party_id, name, status, leader_id,
        member_ids]``; ``casualties`` as rows ``[casualty_id, description, condition, status]``.
    """
    _who(state, token, "coordinator")
    _row(state.incidents, incident_id, "incident")
    pages = [[pid, list(p[1]), p[3], len(p[4])] for pid, p in sorted(state.pages.items()) if p[0] == incident_id]
    in_party = {m: pid for pid, p in state.parties.items() if p[0] == incident_id and p[4] != "stood_down"
                for m in p[2]}
    responders = []
    for mid in _attending(state, incident_id):
        eta = next(r[3] for r in state.responses if r[1] == mid and r[2] and state.pages[r[0]][0] == incident_id)
        responders.append([mid, state.members[mid][0], eta, in_party.get(mid)])
    parties = [[pid, p[1], p[4], p[3], list(p[2])] for pid, p in sorted(state.parties.items()) if p[0] == incident_id]
    casualties = [[cid, c[1], c[2], c[4]] for cid, c in sorted(state.casualties.items()) if c[0] == incident_id]
    entries = [list(e) for e in state.log[incident_id]]
    return IncidentLog(incident=_incident(state, incident_id), entries=entries, pages=pages, responders=responders,
                       parties=parties, casualties=casualties)


async def callout_groups(state: State, token: str) -> List[CalloutGroup]:
    """The callout groups a page goes to.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list of CalloutGroup
        Each group's ``code``, ``name`` and how many of its members are ``on_call``.
    """
    _who(state, token, "coordinator")
    return [CalloutGroup(code=code, name=name, on_call=sum(1 for m in state.members.values() if code in m[5] and m[4]))
            for code, name in GROUPS.items()]


async def page_team(state: State, token: str, incident_id: str, groups: List[str], message: str) -> Page:
    """Page the members of callout groups who are on call.

    Parameters
    ----------
    token : str
        The session token.
    incident_id : str
        The incident.
    groups : list of str
        The callout groups' codes.
    message : str
        The text of the page.

    Returns
    -------
    Page
        The page with a new ``page_id`` and how many members it went to.
    """
    who = _who(state, token, "coordinator")
    _open_incident(state, incident_id)
    if not isinstance(groups, list) or not groups:
        raise RescueError("groups is a list of one or more callout groups", "groups")
    for g in groups:
        if g not in GROUPS:
            raise RescueError(f"no callout group {g!r}; see the callout groups", "group")
    if _blank(message):
        raise RescueError("message is required", "required")
    paged = [mid for mid, m in sorted(state.members.items()) if m[4] and set(groups) & set(m[5])]
    pid = f"PG-{_next(state, 'page')}"
    state.pages[pid] = [incident_id, list(groups), message.strip(), NOW, paged]
    _log(state, incident_id, who, f"{pid} sent to {', '.join(groups)} ({len(paged)} members)")
    return Page(page_id=pid, incident_id=incident_id, groups=list(groups), message=message.strip(),
                members_paged=len(paged), sent=NOW)


async def record_response(state: State, token: str, page_id: str, member_id: str, attending: bool,
                          eta_minutes: Optional[int] = None) -> Response:
    """Record a member's answer to a page.

    Parameters
    ----------
    token : str
        The session token.
    page_id : str
        The page.
    member_id : str
        The member answering.
    attending : bool
        Whether they are coming.
    eta_minutes : int, optional
        When they will be at the rendezvous, in minutes (required when attending).

    Returns
    -------
    Response
        The answer as recorded.
    """
    who = _who(state, token, "coordinator")
    p = _row(state.pages, page_id, "page")
    i = state.incidents[p[0]]
    if i[6] != "open":
        raise RescueError(f"{p[0]} is closed", "closed")
    m = _row(state.members, member_id, "member")
    if not m[4]:
        raise RescueError(f"{m[0]} is off call; put them on call first", "off_call")
    if not set(p[1]) & set(m[5]):
        raise RescueError(f"{m[0]} is in none of the groups {page_id} went to", "not_paged")
    if not isinstance(attending, bool):
        raise RescueError(f"attending is true or false, not {attending!r}", "attending")
    if attending and (isinstance(eta_minutes, bool) or not isinstance(eta_minutes, int) or not 0 <= eta_minutes <= 240):
        raise RescueError(f"eta_minutes is 0 to 240 for a member attending, not {eta_minutes!r}", "eta")
    if any(r[1] == member_id and state.pages[r[0]][0] == p[0] for r in state.responses):
        raise RescueError(f"{m[0]} has answered for {p[0]} already", "duplicate")
    state.responses.append([page_id, member_id, attending, eta_minutes if attending else None])
    _log(state, p[0], who, f"{m[0]} {'attending, ETA ' + str(eta_minutes) + ' min' if attending else 'not available'}")
    return Response(page_id=page_id, incident_id=p[0], member_id=member_id, name=m[0], attending=attending,
                    eta_minutes=eta_minutes if attending else None)


# --------------------------------------------------------------------------- parties and kit


async def form_party(state: State, token: str, incident_id: str, name: str, member_ids: List[str],
                     leader_id: str) -> Party:
    """Form a hill party from the members attending an incident.

    Parameters
    ----------
    token : str
        The session token.
    incident_id : str
        The incident.
    name : str
        The party's name, such as ``Scarth Gill party``.
    member_ids : list of str
        The members in the party, the leader among them.
    leader_id : str
        The party leader.

    Returns
    -------
    Party
        The party with a new ``party_id``, ``formed``.
    """
    who = _who(state, token, "coordinator")
    _open_incident(state, incident_id)
    if _blank(name):
        raise RescueError("name is required", "required")
    if not isinstance(member_ids, list) or len(set(member_ids)) < 2:
        raise RescueError("a party is at least two members", "party_size")
    attending = _attending(state, incident_id)
    for mid in member_ids:
        m = _row(state.members, mid, "member")
        if mid not in attending:
            raise RescueError(f"{m[0]} has not answered as attending {incident_id}", "not_attending")
        for pid, p in state.parties.items():
            if mid in p[2] and p[4] != "stood_down":
                raise RescueError(f"{m[0]} is in {pid} already", "in_party")
    if leader_id not in member_ids:
        raise RescueError("the leader is one of the party's members", "leader")
    if not _holds(state, leader_id, "party_leader"):
        raise RescueError(f"{state.members[leader_id][0]} holds no current verified party leader qualification",
                          "qualification")
    pid = f"PTY-{_next(state, 'party')}"
    state.parties[pid] = [incident_id, name.strip(), list(dict.fromkeys(member_ids)), leader_id, "formed", None, None,
                          []]
    _log(state, incident_id, who, f"{pid} formed, led by {state.members[leader_id][0]}")
    return _party(state, pid)


async def issue_kit(state: State, token: str, party_id: str, item_ids: List[str]) -> Party:
    """Issue kit from the store to a party.

    Parameters
    ----------
    token : str
        The session token.
    party_id : str
        The party.
    item_ids : list of str
        The kit items.

    Returns
    -------
    Party
        The party with its kit.
    """
    _who(state, token, "coordinator", "equipment")
    p = _row(state.parties, party_id, "party")
    if p[4] == "stood_down":
        raise RescueError(f"{party_id} is stood down", "stood_down")
    if not isinstance(item_ids, list) or not item_ids:
        raise RescueError("item_ids is a list of one or more kit items", "items")
    for kid in item_ids:
        k = _row(state.kit, kid, "kit item")
        if k[4] == party_id:
            raise RescueError(f"{kid} is issued to {party_id} already", "already")
        if k[4] is not None:
            raise RescueError(f"{kid} is out with {k[4]}", "issued")
        if k[3] != "in_service":
            raise RescueError(f"{kid} is {k[3]}", "quarantined")
        if _due(k[2]) < TODAY:
            raise RescueError(f"{kid} was last inspected on {k[2]}; kit is issued within six months of its "
                              "inspection", "inspection")
    for kid in item_ids:
        state.kit[kid][4] = party_id
        p[7].append(kid)
    return _party(state, party_id)


async def deploy_party(state: State, token: str, party_id: str, task: str, grid_ref: str) -> Party:
    """Send a formed party out on a task.

    Parameters
    ----------
    token : str
        The session token.
    party_id : str
        The party.
    task : str
        What the party is to do.
    grid_ref : str
        Where it is going, as a grid reference.

    Returns
    -------
    Party
        The party, ``deployed``.
    """
    who = _who(state, token, "coordinator")
    p = _row(state.parties, party_id, "party")
    if p[4] == "deployed":
        raise RescueError(f"{party_id} is deployed already", "already")
    if p[4] != "formed":
        raise RescueError(f"{party_id} is {p[4]}", "status")
    if _blank(task):
        raise RescueError("task is required", "required")
    grid = _grid(grid_ref)
    if not any(state.kit[k][0] == "radio" for k in p[7]):
        raise RescueError(f"{party_id} has no radio; a party deploys with a radio", "radio")
    p[4], p[5], p[6] = "deployed", task.strip(), grid
    _log(state, p[0], who, f"{party_id} deployed to {grid}: {task.strip()}")
    return _party(state, party_id)


async def stand_down_party(state: State, token: str, party_id: str) -> Party:
    """Stand a deployed party down; its kit goes back to the store.

    Parameters
    ----------
    token : str
        The session token.
    party_id : str
        The party.

    Returns
    -------
    Party
        The party, ``stood_down``.
    """
    who = _who(state, token, "coordinator")
    p = _row(state.parties, party_id, "party")
    if p[4] == "stood_down":
        raise RescueError(f"{party_id} is stood down already", "already")
    if p[4] != "deployed":
        raise RescueError(f"{party_id} is {p[4]}; a party is stood down once it has deployed", "status")
    for kid in p[7]:
        state.kit[kid][4] = None
    p[4] = "stood_down"
    _log(state, p[0], who, f"{party_id} stood down")
    return _party(state, party_id)


async def kit(state: State, token: str, kind: Optional[KitKind] = None, due_only: bool = False) -> List[KitItem]:
    """The team's kit, in item id order.

    Parameters
    ----------
    token : str
        The session token.
    kind : {"radio", "rope", "stretcher", "vacuum_mattress", "defibrillator"}, optional
        Only items of this kind.
    due_only : bool, default False
        Only items whose inspection is due.

    Returns
    -------
    list of KitItem
        Each item's id, kind, description, last inspection, next inspection due, status and the party it is
        issued to.
    """
    _who(state, token, "coordinator", "equipment")
    if kind is not None and kind not in ("radio", "rope", "stretcher", "vacuum_mattress", "defibrillator"):
        raise RescueError(f"kind is radio, rope, stretcher, vacuum_mattress or defibrillator, not {kind!r}", "kind")
    return [_kit_item(state, kid) for kid, k in sorted(state.kit.items())
            if (kind is None or k[0] == kind) and (not due_only or _due(k[2]) < TODAY)]


async def inspect_kit(state: State, token: str, item_id: str, result: InspectionResult, notes: str) -> KitItem:
    """Record an inspection of a kit item in the store.

    Parameters
    ----------
    token : str
        The session token.
    item_id : str
        The kit item.
    result : {"pass", "fail"}
        A pass puts the item in service; a fail quarantines it.
    notes : str
        What was checked.

    Returns
    -------
    KitItem
        The item as now on record.
    """
    _who(state, token, "equipment")
    k = _row(state.kit, item_id, "kit item")
    if result not in ("pass", "fail"):
        raise RescueError(f"result is pass or fail, not {result!r}", "result")
    if _blank(notes):
        raise RescueError("notes is required", "required")
    if k[4] is not None:
        raise RescueError(f"{item_id} is out with {k[4]}; it is inspected back in the store", "issued")
    if k[2] == TODAY and k[3] == ("in_service" if result == "pass" else "quarantined"):
        raise RescueError(f"{item_id} was inspected today already", "already")
    k[2], k[3] = TODAY, "in_service" if result == "pass" else "quarantined"
    return _kit_item(state, item_id)


# --------------------------------------------------------------------------- casualties


async def add_casualty(state: State, token: str, incident_id: str, description: str, condition: Condition,
                       age: Optional[int] = None) -> Casualty:
    """Record a casualty on an incident.

    Parameters
    ----------
    token : str
        The session token.
    incident_id : str
        The incident.
    description : str
        Who they are and what is wrong.
    condition : {"minor", "moderate", "serious", "critical"}
        How badly hurt.
    age : int, optional
        Their age, when known.

    Returns
    -------
    Casualty
        The casualty with a new ``casualty_id``, ``with_team``.
    """
    who = _who(state, token, "coordinator")
    _open_incident(state, incident_id)
    if _blank(description):
        raise RescueError("description is required", "required")
    if condition not in ("minor", "moderate", "serious", "critical"):
        raise RescueError(f"condition is minor, moderate, serious or critical, not {condition!r}", "condition")
    if age is not None and (isinstance(age, bool) or not isinstance(age, int) or not 0 <= age <= 110):
        raise RescueError(f"age is 0 to 110, not {age!r}", "age")
    cid = f"CAS-{_next(state, 'casualty')}"
    state.casualties[cid] = [incident_id, description.strip(), condition, age, "with_team", None, None]
    _log(state, incident_id, who, f"{cid}: {description.strip()} ({condition})")
    return _casualty(state, cid)


async def record_casualty_care(state: State, token: str, casualty_id: str, member_id: str, observations: str,
                               pain_relief: Optional[str] = None) -> CareRecord:
    """Record a casualty carer's observations and treatment of a casualty.

    Parameters
    ----------
    token : str
        The session token.
    casualty_id : str
        The casualty.
    member_id : str
        The casualty carer.
    observations : str
        What the carer found and did.
    pain_relief : str, optional
        The pain relief given, if any.

    Returns
    -------
    CareRecord
        The record with a new ``care_id``.
    """
    who = _who(state, token, "coordinator")
    c = _row(state.casualties, casualty_id, "casualty")
    if c[4] != "with_team":
        raise RescueError(f"{casualty_id} was handed over already", "handed_over")
    m = _row(state.members, member_id, "member")
    if member_id not in _attending(state, c[0]):
        raise RescueError(f"{m[0]} has not answered as attending {c[0]}", "not_attending")
    if not _holds(state, member_id, "casualty_care"):
        raise RescueError(f"{m[0]} holds no current verified casualty care certificate", "qualification")
    if _blank(observations):
        raise RescueError("observations is required", "required")
    if pain_relief is not None and pain_relief not in PAIN_RELIEF:
        raise RescueError(f"a casualty carer gives {', '.join(PAIN_RELIEF)}; not {pain_relief!r}", "pain_relief")
    rid = f"CR-{_next(state, 'care')}"
    state.care[rid] = [casualty_id, member_id, observations.strip(), pain_relief, NOW]
    _log(state, c[0], who, f"{rid}: {m[0]} with {casualty_id}")
    return CareRecord(care_id=rid, casualty_id=casualty_id, member_id=member_id, observations=observations.strip(),
                      pain_relief=pain_relief, time=NOW)


async def request_air_support(state: State, token: str, casualty_id: str, reason: str) -> AirRequest:
    """Ask the air ambulance to come for a casualty.

    Parameters
    ----------
    token : str
        The session token.
    casualty_id : str
        The casualty.
    reason : str
        Why a helicopter is needed.

    Returns
    -------
    AirRequest
        The request with a new ``request_id``, ``requested``.
    """
    who = _who(state, token, "coordinator")
    c = _row(state.casualties, casualty_id, "casualty")
    if c[4] != "with_team":
        raise RescueError(f"{casualty_id} was handed over already", "handed_over")
    if _blank(reason):
        raise RescueError("reason is required", "required")
    if any(a[0] == casualty_id for a in state.air_requests.values()):
        raise RescueError(f"the air ambulance is asked for {casualty_id} already", "already")
    if c[2] not in ("serious", "critical"):
        raise RescueError(f"{casualty_id} is {c[2]}; the air ambulance is asked for a serious or critical casualty",
                          "condition")
    aid = f"AIR-{_next(state, 'air')}"
    state.air_requests[aid] = [casualty_id, reason.strip(), "requested"]
    _log(state, c[0], who, f"{aid}: air ambulance asked for {casualty_id}")
    return AirRequest(request_id=aid, casualty_id=casualty_id, reason=reason.strip(), status="requested")


async def hand_over_casualty(state: State, token: str, casualty_id: str, to: HandOver,
                             hospital: Optional[str] = None) -> Casualty:
    """Hand a casualty over to the ambulance, the air ambulance or the police, or record that they walked off.

    Parameters
    ----------
    token : str
        The session token.
    casualty_id : str
        The casualty.
    to : {"ambulance", "air_ambulance", "walked_off", "police"}
        Who takes the casualty.
    hospital : str, optional
        The receiving hospital's code (for the ambulance and the air ambulance).

    Returns
    -------
    Casualty
        The casualty, ``handed_over``.
    """
    who = _who(state, token, "coordinator")
    c = _row(state.casualties, casualty_id, "casualty")
    if c[4] != "with_team":
        raise RescueError(f"{casualty_id} was handed over already ({c[5]})", "already")
    if to not in ("ambulance", "air_ambulance", "walked_off", "police"):
        raise RescueError(f"to is ambulance, air_ambulance, walked_off or police, not {to!r}", "to")
    if not any(r[0] == casualty_id for r in state.care.values()):
        raise RescueError(f"{casualty_id} has no casualty care record; a casualty carer sees every casualty before "
                          "hand-over", "no_care")
    if to in ("ambulance", "air_ambulance"):
        h = next((x for x in HOSPITALS if x[0] == hospital), None)
        if h is None:
            raise RescueError(f"no receiving hospital {hospital!r}", "hospital")
        if to == "air_ambulance":
            if not h[2]:
                raise RescueError(f"{h[1]} has no helipad", "helipad")
            if not any(a[0] == casualty_id for a in state.air_requests.values()):
                raise RescueError(f"the air ambulance was not asked for {casualty_id}", "no_air_request")
    c[4], c[5], c[6] = "handed_over", to, hospital if to in ("ambulance", "air_ambulance") else None
    for a in state.air_requests.values():
        if a[0] == casualty_id:
            a[2] = "landed" if to == "air_ambulance" else "stood_down"
    _log(state, c[0], who, f"{casualty_id} handed over: {to}")
    return _casualty(state, casualty_id)


async def close_incident(state: State, token: str, incident_id: str, outcome: str) -> Incident:
    """Close an incident once every party is stood down and every casualty handed over.

    Parameters
    ----------
    token : str
        The session token.
    incident_id : str
        The incident.
    outcome : str
        How it ended, for the report.

    Returns
    -------
    Incident
        The incident, ``closed``.
    """
    who = _who(state, token, "coordinator")
    i = _open_incident(state, incident_id)
    if _blank(outcome):
        raise RescueError("outcome is required", "required")
    out = [pid for pid, p in sorted(state.parties.items()) if p[0] == incident_id and p[4] == "deployed"]
    if out:
        raise RescueError(f"{', '.join(out)} {'is' if len(out) == 1 else 'are'} still deployed", "parties_out")
    held = [cid for cid, c in sorted(state.casualties.items()) if c[0] == incident_id and c[4] == "with_team"]
    if held:
        raise RescueError(f"{', '.join(held)} {'is' if len(held) == 1 else 'are'} still with the team", "casualty")
    for p in state.parties.values():
        if p[0] == incident_id and p[4] == "formed":
            for kid in p[7]:
                state.kit[kid][4] = None
            p[4] = "stood_down"
    i[6], i[7], i[8] = "closed", outcome.strip(), f"{TODAY} {NOW}"
    _log(state, incident_id, who, f"Closed: {outcome.strip()}")
    return _incident(state, incident_id)


async def incident_report(state: State, token: str, incident_id: str) -> IncidentReport:
    """The report of a closed incident, as it goes to the police and the national statistics.

    Parameters
    ----------
    token : str
        The session token.
    incident_id : str
        The incident.

    Returns
    -------
    IncidentReport
        The incident's police log number, category, times, members attending, parties, casualties as rows
        ``[casualty_id, description, condition, handed_to, hospital]`` and outcome.
    """
    _who(state, token, "coordinator")
    i = _row(state.incidents, incident_id, "incident")
    if i[6] != "closed":
        raise RescueError(f"{incident_id} is open; the report is written once it is closed", "open")
    casualties = [[cid, c[1], c[2], c[5], c[6]] for cid, c in sorted(state.casualties.items()) if c[0] == incident_id]
    return IncidentReport(incident_id=incident_id, police_log=i[0], category=i[2], opened=i[5], closed=i[8],
                          members_attending=len(_attending(state, incident_id)),
                          parties=sum(1 for p in state.parties.values() if p[0] == incident_id),
                          casualties=casualties, outcome=i[7])


# --------------------------------------------------------------------------- vehicles


async def vehicles(state: State, token: str) -> List[Vehicle]:
    """The team's vehicles, in vehicle id order.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list of Vehicle
        Each vehicle's id, callsign, registration, status (available, booked_out, off_road), mileage, the incident
        and driver it is booked out to, and its open defects as rows ``[defect_id, description, off_road]``.
    """
    _who(state, token, "coordinator", "equipment")
    return [_vehicle(state, vid) for vid in sorted(state.vehicles)]


async def book_out_vehicle(state: State, token: str, vehicle_id: str, incident_id: str, driver_id: str) -> Vehicle:
    """Book a vehicle out to an incident with a blue-light driver.

    Parameters
    ----------
    token : str
        The session token.
    vehicle_id : str
        The vehicle.
    incident_id : str
        The incident.
    driver_id : str
        The member driving.

    Returns
    -------
    Vehicle
        The vehicle, ``booked_out``.
    """
    who = _who(state, token, "coordinator")
    v = _row(state.vehicles, vehicle_id, "vehicle")
    _open_incident(state, incident_id)
    m = _row(state.members, driver_id, "member")
    if v[2] == "booked_out":
        raise RescueError(f"{vehicle_id} is out on {v[4]}", "booked_out")
    if v[2] == "off_road":
        raise RescueError(f"{vehicle_id} is off the road with a defect", "off_road")
    if not _holds(state, driver_id, "blue_light_driver"):
        raise RescueError(f"{m[0]} holds no current verified blue-light driving qualification", "qualification")
    if any(x[5] == driver_id for x in state.vehicles.values()):
        raise RescueError(f"{m[0]} is driving another vehicle", "driving")
    v[2], v[4], v[5] = "booked_out", incident_id, driver_id
    _log(state, incident_id, who, f"{vehicle_id} booked out, driver {m[0]}")
    return _vehicle(state, vehicle_id)


async def return_vehicle(state: State, token: str, vehicle_id: str, mileage: int) -> int:
    """Book a vehicle back in at base.

    Parameters
    ----------
    token : str
        The session token.
    vehicle_id : str
        The vehicle.
    mileage : int
        The odometer reading.

    Returns
    -------
    int
        The miles driven since it was booked out.
    """
    _who(state, token, "coordinator")
    v = _row(state.vehicles, vehicle_id, "vehicle")
    if v[2] != "booked_out":
        raise RescueError(f"{vehicle_id} is not booked out", "not_out")
    if isinstance(mileage, bool) or not isinstance(mileage, int) or mileage < v[3]:
        raise RescueError(f"mileage is the odometer reading, at least {v[3]}; not {mileage!r}", "mileage")
    driven = mileage - v[3]
    off = any(d[0] == vehicle_id and d[2] and d[3] == "open" for d in state.defects.values())
    v[2], v[3], v[4], v[5] = "off_road" if off else "available", mileage, None, None
    return driven


async def report_defect(state: State, token: str, vehicle_id: str, description: str, off_road: bool) -> Defect:
    """Report a defect on a vehicle.

    Parameters
    ----------
    token : str
        The session token.
    vehicle_id : str
        The vehicle.
    description : str
        What is wrong.
    off_road : bool
        Whether the vehicle may not be driven until it is put right.

    Returns
    -------
    Defect
        The defect with a new ``defect_id``, ``open``.
    """
    _who(state, token, "coordinator", "equipment")
    v = _row(state.vehicles, vehicle_id, "vehicle")
    if _blank(description):
        raise RescueError("description is required", "required")
    if not isinstance(off_road, bool):
        raise RescueError(f"off_road is true or false, not {off_road!r}", "off_road")
    for did, d in state.defects.items():
        if d[0] == vehicle_id and d[3] == "open" and d[1].lower() == description.strip().lower():
            raise RescueError(f"that defect is open already as {did}", "duplicate")
    did = f"DEF-{_next(state, 'defect')}"
    state.defects[did] = [vehicle_id, description.strip(), off_road, "open", None]
    if off_road and v[2] == "available":
        v[2] = "off_road"
    return Defect(defect_id=did, vehicle_id=vehicle_id, description=description.strip(), off_road=off_road,
                  status="open")


async def clear_defect(state: State, token: str, defect_id: str, work_done: str) -> str:
    """Clear a vehicle defect once it is put right.

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
    str
        A sentence naming the defect, the vehicle and whether it is back on the road.
    """
    _who(state, token, "equipment")
    d = _row(state.defects, defect_id, "defect")
    if d[3] != "open":
        raise RescueError(f"{defect_id} is cleared already", "already")
    if _blank(work_done):
        raise RescueError("work_done is required", "required")
    d[3], d[4] = "cleared", work_done.strip()
    v = state.vehicles[d[0]]
    still = any(x[0] == d[0] and x[2] and x[3] == "open" for x in state.defects.values())
    if v[2] == "off_road" and not still:
        v[2] = "available"
    return (f"Defect {defect_id} on {d[0]} cleared; {d[0]} is "
            f"{'still off the road' if still else 'on the road'}.")


# --------------------------------------------------------------------------- members


async def find_member(state: State, token: str, text: str) -> List[MemberRow]:
    """Find members by part of their name.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of MemberRow
        Each member's ``member_id``, ``name``, ``grade`` (full or trainee) and whether they are ``on_call``, in
        member id order.
    """
    _who(state, token)
    if _blank(text):
        raise RescueError("text is required", "required")
    needle = text.strip().lower()
    return [MemberRow(member_id=mid, name=m[0], grade=m[3], on_call=m[4]) for mid, m in sorted(state.members.items())
            if needle in m[0].lower()]


async def add_member(state: State, token: str, name: str, phone: str, email: str) -> Member:
    """Add a new trainee member, on call to the whole team's pages.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        Full name.
    phone : str
        Mobile number (pages go to it).
    email : str
        E-mail address.

    Returns
    -------
    Member
        The member with a new ``member_id``, a trainee in group ``ALL``.
    """
    _who(state, token, "training")
    if _blank(name) or _blank(phone):
        raise RescueError("name and phone are required", "required")
    if _blank(email) or "@" not in email:
        raise RescueError(f"{email!r} is not an e-mail address", "email")
    for mid, m in state.members.items():
        if m[2].lower() == email.strip().lower():
            raise RescueError(f"{email} is on file already for {m[0]} ({mid})", "duplicate")
    mid = f"MBR-{_next(state, 'member')}"
    state.members[mid] = [name.strip(), phone.strip(), email.strip(), "trainee", True, ["ALL"]]
    return _member(state, mid)


async def member_record(state: State, token: str, member_id: str) -> MemberRecord:
    """A member's whole record.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member.

    Returns
    -------
    MemberRecord
        The ``member``; ``qualifications`` as rows ``[qualification_id, qualification, certificate, expires,
        status]``; ``responses`` as rows ``[incident_id, page_id, attending, eta_minutes]``; ``claims`` as rows
        ``[claim_id, incident_id, amount, status]``.
    """
    _who(state, token, "training", "coordinator", "treasurer")
    _row(state.members, member_id, "member")
    quals = [[qid, q[1], q[2], q[3], q[4]] for qid, q in sorted(state.qualifications.items()) if q[0] == member_id]
    responses = [[state.pages[r[0]][0], r[0], r[2], r[3]] for r in state.responses if r[1] == member_id]
    claims = [[cid, c[1], _claim(state, cid).amount, c[5]] for cid, c in sorted(state.claims.items())
              if c[0] == member_id]
    return MemberRecord(member=_member(state, member_id), qualifications=quals, responses=responses, claims=claims)


async def set_on_call(state: State, token: str, member_id: str, on_call: bool) -> Member:
    """Put a member on call or take them off call.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member.
    on_call : bool
        Whether they are on call.

    Returns
    -------
    Member
        The member as now on record.
    """
    _who(state, token, "coordinator", "training")
    m = _row(state.members, member_id, "member")
    if not isinstance(on_call, bool):
        raise RescueError(f"on_call is true or false, not {on_call!r}", "on_call")
    if m[4] == on_call:
        raise RescueError(f"{m[0]} is {'on' if on_call else 'off'} call already", "already")
    m[4] = on_call
    return _member(state, member_id)


async def record_qualification(state: State, token: str, member_id: str, qualification: Qualification,
                               certificate: str, expires: str) -> QualificationRecord:
    """Record a qualification a member has passed, to be verified against the certificate.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member.
    qualification : Qualification
        ``party_leader``, ``casualty_care``, ``blue_light_driver``, ``swiftwater`` or ``rope_rescue``.
    certificate : str
        The certificate's number.
    expires : str
        When it expires (YYYY-MM-DD).

    Returns
    -------
    QualificationRecord
        The record with a new ``qualification_id``, ``unverified``.
    """
    _who(state, token, "training")
    m = _row(state.members, member_id, "member")
    q = _value(qualification)
    if q not in [x.value for x in Qualification]:
        raise RescueError(f"qualification is party_leader, casualty_care, blue_light_driver, swiftwater or "
                          f"rope_rescue, not {q!r}", "qualification")
    if _blank(certificate):
        raise RescueError("certificate is required", "required")
    try:
        exp = _d(expires).isoformat()
    except (TypeError, ValueError):
        raise RescueError(f"expires is a date (YYYY-MM-DD), not {expires!r}", "expires") from None
    if exp <= TODAY:
        raise RescueError(f"that certificate expired on {exp}", "expired")
    for qid, x in state.qualifications.items():
        if x[0] == member_id and x[2] == certificate.strip():
            raise RescueError(f"{certificate} is on {m[0]}'s record already as {qid}", "duplicate")
    qid = f"QL-{_next(state, 'qualification')}"
    state.qualifications[qid] = [member_id, q, certificate.strip(), exp, "unverified"]
    return _qualification(state, qid)


async def verify_qualification(state: State, token: str, qualification_id: str) -> QualificationRecord:
    """Verify a qualification against its certificate; a member uses it once verified.

    Parameters
    ----------
    token : str
        The session token.
    qualification_id : str
        The qualification record.

    Returns
    -------
    QualificationRecord
        The record, ``verified``.
    """
    _who(state, token, "training")
    q = _row(state.qualifications, qualification_id, "qualification record")
    if q[4] == "verified":
        raise RescueError(f"{qualification_id} is verified already", "already")
    q[4] = "verified"
    return _qualification(state, qualification_id)


# --------------------------------------------------------------------------- expenses


async def claim_expenses(state: State, token: str, member_id: str, incident_id: str, miles: float,
                         other: float = 0.0, note: str = "") -> Claim:
    """Claim a member's mileage and other costs for an incident they attended.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member.
    incident_id : str
        The incident.
    miles : float
        Miles driven in their own car.
    other : float, default 0.0
        Other costs in pounds (parking, fuel for a boat).
    note : str, default ""
        What the costs were.

    Returns
    -------
    Claim
        The claim with a new ``claim_id``, ``submitted``, and its amount.
    """
    _who(state, token, "coordinator", "treasurer")
    m = _row(state.members, member_id, "member")
    _row(state.incidents, incident_id, "incident")
    for x in (miles, other):
        if isinstance(x, bool) or not isinstance(x, (int, float)) or x < 0:
            raise RescueError(f"miles and other are amounts of at least 0, not {x!r}", "amount")
    if miles == 0 and other == 0:
        raise RescueError(f"a claim is for some miles or costs; mileage is paid at {MILEAGE_RATE:.2f} a mile",
                          "amount")
    if member_id not in _attending(state, incident_id):
        raise RescueError(f"{m[0]} did not attend {incident_id}", "not_attending")
    for cid, c in state.claims.items():
        if c[0] == member_id and c[1] == incident_id:
            raise RescueError(f"{m[0]} has claimed for {incident_id} already ({cid})", "duplicate")
    cid = f"EXP-{_next(state, 'claim')}"
    state.claims[cid] = [member_id, incident_id, float(miles), float(other), note.strip() if isinstance(note, str)
                         else "", "submitted"]
    return _claim(state, cid)


async def approve_claim(state: State, token: str, claim_id: str) -> Claim:
    """Approve a submitted expenses claim.

    Parameters
    ----------
    token : str
        The session token.
    claim_id : str
        The claim.

    Returns
    -------
    Claim
        The claim, ``approved``.
    """
    _who(state, token, "treasurer")
    c = _row(state.claims, claim_id, "claim")
    if c[5] != "submitted":
        raise RescueError(f"{claim_id} is {c[5]} already", "already")
    c[5] = "approved"
    return _claim(state, claim_id)


async def pay_claim(state: State, token: str, claim_id: str) -> float:
    """Pay an approved expenses claim to the member's bank account.

    Parameters
    ----------
    token : str
        The session token.
    claim_id : str
        The claim.

    Returns
    -------
    float
        The amount paid in pounds.
    """
    _who(state, token, "treasurer")
    c = _row(state.claims, claim_id, "claim")
    if c[5] == "paid":
        raise RescueError(f"{claim_id} is paid already", "already")
    if c[5] != "approved":
        raise RescueError(f"{claim_id} is {c[5]}; a claim is paid once approved", "status")
    c[5] = "paid"
    return _claim(state, claim_id).amount


TOOLS = [
    sign_in, sign_out, gazetteer, receiving_hospitals, open_incident, incidents, incident_log, callout_groups,
    page_team, record_response, form_party, issue_kit, deploy_party, stand_down_party, kit, inspect_kit, add_casualty,
    record_casualty_care, request_air_support, hand_over_casualty, close_incident, incident_report, vehicles,
    book_out_vehicle, return_vehicle, report_defect, clear_defect, find_member, add_member, member_record,
    set_on_call, record_qualification, verify_qualification, claim_expenses, approve_claim, pay_claim,
]

FIXTURES = {
    "team": {"name": "Brackdale Mountain Rescue Team", "base": "Thornsgill",
             "today": "Saturday 9 June 2035, twenty past two in the afternoon"},
    "staff": [
        {"name": "Jory Penhallow", "role": "duty coordinator", "username": "jory.p", "password": "Stretcher-Carry-7"},
        {"name": "Ottoline Brisco", "role": "duty coordinator", "username": "ottoline.b",
         "password": "Vacmat-Blue-52"},
        {"name": "Ruaridh Maclaren", "role": "equipment officer", "username": "ruaridh.m",
         "password": "Rope-Log-318"},
        {"name": "Imelda Gulliford", "role": "training officer", "username": "imelda.g", "password": "Cert-Check-44"},
        {"name": "Caspar Wetherall", "role": "treasurer", "username": "caspar.w", "password": "Mileage-Book-9"},
        {"name": "Fenella Dacre", "role": "team leader", "username": "fenella.d", "password": "Team-Leader-21"},
    ],
    "police_request": {
        "police_log": "BC-20350609-0388", "time": "14:15",
        "place": "the footbridge in Scarth Gill, below Gowk Pike",
        "what": "Two walkers; a woman of about 40 slipped on wet rock and has a suspected broken lower leg; her "
                "husband is with her and unhurt",
        "wants": "a hill party with a casualty carer, a stretcher and the vacuum mattress; the air ambulance if "
                 "her leg is as bad as it sounds; a vehicle to the road head at Thornsgill car park",
    },
    "new_member": {"name": "Saoirse Mulvaney", "phone": "07700 900188", "email": "saoirse.mulvaney@example.com",
                   "note": "joins as a trainee today after her assessment weekend; she holds a swiftwater "
                           "technician certificate, SRT 2034-7730, valid to 31 August 2036, and will be off call "
                           "until her first training night"},
    "notes": [
        "Emrys Gwenllian is back from holiday and on call again from today",
        "Piotr Zielinski passed his party leader assessment last month; certificate MREW PL/2035/118 is in the "
        "training file",
        "Imelda Gulliford has renewed her casualty care certificate: MREW CC/2035/406, valid to 31 May 2038",
        "Ruaridh Maclaren passed his blue-light driving course on Wednesday: certificate BLD 2035-044, valid to "
        "30 June 2039",
        "The older of the two static ropes was inspected this morning and passed: sheath and core checked end to "
        "end",
        "Mobile 2's brake pipe was replaced at the garage this morning",
        "Mobile 1 came back from Hawkrigg Pike with 48,262 on the clock",
        "Dervla Costigan's mileage claim for the Raise Edge job is fine to approve",
        "Hamish Tulloch's claim for the Raise Edge job was approved on Thursday and is to be paid",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "gazetteer", "receiving_hospitals")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
INCIDENT_CONSUMERS = ["incident_log", "page_team", "form_party", "add_casualty", "close_incident", "incident_report",
                      "book_out_vehicle", "claim_expenses"]
MEMBER_CONSUMERS = ["member_record", "set_on_call", "record_qualification"]
ATTENDING_CONSUMERS = ["form_party", "book_out_vehicle"]
PARTY_CONSUMERS = ["issue_kit", "deploy_party", "stand_down_party"]
CASUALTY_CONSUMERS = ["record_casualty_care", "request_air_support", "hand_over_casualty"]
_INCIDENT = "id lookup/create: incident (incident_id of open_incident, or of an incidents entry)"
_MEMBER = "id lookup/create: member (member_id of a find_member row, or of add_member)"
_FOUND = "id lookup: member (member_id of a find_member row)"
_ATTENDING = "id lookup: members (member_id of a find_member row, or of an incident_log responders row)"
_PARTY = "id lookup/create: party (party_id of form_party, or of an incident_log parties row)"
_CASUALTY = "id lookup/create: casualty (casualty_id of add_casualty, or of an incident_log casualties row)"
_GRID = "id lookup: grid reference (grid_ref of a gazetteer entry)"
_VEHICLE = "id lookup: vehicle (vehicle_id of a vehicles entry)"
_KIT = "id lookup: kit item (item_id of a kit entry)"
_CLAIM = "id lookup/create: claim (claim_id of claim_expenses, or of a member_record claims row)"
_QUALIFIED = "verification: a verified, current qualification ({})"
_ATTENDS = "state: the member answered as attending the incident"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("open_incident|incidents", c, _INCIDENT) for c in INCIDENT_CONSUMERS]
    + [("find_member|add_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [("find_member", c, _FOUND) for c in ("record_response", "record_casualty_care", "claim_expenses")]
    + [("find_member|incident_log", c, _ATTENDING) for c in ATTENDING_CONSUMERS]
    + [("form_party|incident_log", c, _PARTY) for c in PARTY_CONSUMERS]
    + [("add_casualty|incident_log", c, _CASUALTY) for c in CASUALTY_CONSUMERS]
    + [("gazetteer", c, _GRID) for c in ("open_incident", "deploy_party")]
    + [("vehicles", c, _VEHICLE) for c in ("book_out_vehicle", "return_vehicle", "report_defect")]
    + [("kit", c, _KIT) for c in ("issue_kit", "inspect_kit")]
    + [("claim_expenses|member_record", c, _CLAIM) for c in ("approve_claim", "pay_claim")]
    + [("record_response", c, _ATTENDS) for c in ("form_party", "record_casualty_care", "claim_expenses")]
    + [
        ("page_team|incident_log", "record_response", "id lookup/create: page (page_id of page_team, or of an "
                                                      "incident_log pages row)"),
        ("report_defect|vehicles", "clear_defect",
         "id lookup/create: defect (defect_id of report_defect, or of a vehicles defects row)"),
        ("record_qualification|member_record", "verify_qualification",
         "id lookup/create: qualification record (qualification_id of record_qualification, or of a member_record "
         "qualifications row)"),
        ("callout_groups", "page_team", "vocabulary: callout group codes (code of a callout_groups entry)"),
        ("receiving_hospitals", "hand_over_casualty", "vocabulary: hospital codes (code of a receiving_hospitals "
                                                      "entry)"),
        ("verify_qualification", "form_party", _QUALIFIED.format("the leader's party leader qualification")),
        ("verify_qualification", "record_casualty_care", _QUALIFIED.format("the carer's casualty care certificate")),
        ("verify_qualification", "book_out_vehicle", _QUALIFIED.format("the driver's blue-light qualification")),
        ("record_casualty_care", "hand_over_casualty", "verification: the casualty seen by a casualty carer"),
        ("set_on_call", "record_response", "state: the member on call"),
        ("inspect_kit", "issue_kit", "state: the item's inspection in date"),
        ("issue_kit", "deploy_party", "state: a radio issued to the party"),
        ("deploy_party", "stand_down_party", "state: the party deployed"),
        ("stand_down_party", "close_incident", "state: no party still deployed"),
        ("hand_over_casualty", "close_incident", "state: no casualty still with the team"),
        ("close_incident", "incident_report", "state: the incident closed"),
        ("request_air_support", "hand_over_casualty", "state: the air ambulance asked for (a hand-over to it)"),
        ("book_out_vehicle", "return_vehicle", "state: the vehicle booked out"),
        ("clear_defect", "book_out_vehicle", "state: the vehicle back on the road"),
        ("approve_claim", "pay_claim", "approval: the claim approved"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_ANY_MEMBER = ("record_response", "member_record", "set_on_call", "record_qualification", "claim_expenses",
               "record_casualty_care", "form_party", "book_out_vehicle")
_LOGGED = ("open_incident", "page_team", "record_response", "form_party", "issue_kit", "deploy_party",
           "stand_down_party", "add_casualty", "record_casualty_care", "request_air_support", "hand_over_casualty",
           "close_incident", "book_out_vehicle")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: incidents on pages, answers, parties, casualties, vehicles,
    # claims and a member's record; members on answers, parties, vehicles, claims and qualification records; parties
    # on kit and on the replies of the party calls; casualties on care records, air requests and reports; pages on
    # answers and a member's record; grid references on incidents and parties; vehicles on defects and bookings; kit
    # on parties; claims on approvals; callout groups on pages and members; hospitals on reports and hand-overs
    {(p, c) for p in ("incident_log", "page_team", "record_response", "form_party", "add_casualty", "vehicles",
                      "member_record", "claim_expenses", "book_out_vehicle", "hand_over_casualty", "close_incident")
     for c in INCIDENT_CONSUMERS}
    | {(p, c) for p in ("incident_log", "record_response", "form_party", "vehicles", "claim_expenses",
                        "record_qualification", "verify_qualification", "set_on_call", "member_record",
                        "book_out_vehicle", "record_casualty_care", "add_member", "find_member")
       for c in _ANY_MEMBER}
    | {(p, c) for p in ("issue_kit", "deploy_party", "stand_down_party", "kit") for c in PARTY_CONSUMERS}
    | {(p, c) for p in ("record_casualty_care", "request_air_support", "hand_over_casualty", "incident_report")
       for c in CASUALTY_CONSUMERS}
    | {("member_record", "record_response")}
    | {(p, c) for p in ("incidents", "open_incident", "incident_log", "deploy_party") for c in ("open_incident",
                                                                                                "deploy_party")}
    | {(p, c) for p in ("book_out_vehicle", "report_defect", "return_vehicle")
       for c in ("book_out_vehicle", "return_vehicle", "report_defect")}
    | {(p, c) for p in ("issue_kit", "deploy_party", "stand_down_party", "inspect_kit")
       for c in ("issue_kit", "inspect_kit")}
    | {(p, "page_team") for p in ("page_team", "incident_log", "member_record", "add_member", "set_on_call")}
    | {(p, "hand_over_casualty") for p in ("incident_report", "hand_over_casualty")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("callout_groups", "record_response"), ("find_member", "approve_claim"), ("find_member", "deploy_party"),
        ("find_member", "hand_over_casualty"), ("find_member", "issue_kit"), ("find_member", "pay_claim"),
        ("find_member", "return_vehicle"), ("find_member", "stand_down_party"),
        ("find_member", "verify_qualification"), ("gazetteer", "add_casualty"), ("gazetteer", "book_out_vehicle"),
        ("gazetteer", "claim_expenses"), ("gazetteer", "close_incident"), ("gazetteer", "form_party"),
        ("gazetteer", "incident_log"), ("gazetteer", "incident_report"), ("gazetteer", "page_team"),
        ("gazetteer", "stand_down_party"), ("hand_over_casualty", "incident_report"),
        ("incident_log", "claim_expenses"), ("incident_log", "close_incident"), ("incidents", "deploy_party"),
        ("incidents", "hand_over_casualty"), ("incidents", "issue_kit"), ("incidents", "record_casualty_care"),
        ("incidents", "record_response"), ("incidents", "stand_down_party"), ("issue_kit", "stand_down_party"),
        ("kit", "deploy_party"), ("member_record", "form_party"), ("open_incident", "approve_claim"),
        ("open_incident", "deploy_party"), ("open_incident", "hand_over_casualty"), ("open_incident", "issue_kit"),
        ("open_incident", "pay_claim"), ("open_incident", "record_casualty_care"),
        ("open_incident", "record_response"), ("open_incident", "request_air_support"),
        ("open_incident", "return_vehicle"), ("open_incident", "stand_down_party"), ("page_team", "claim_expenses"),
        ("page_team", "form_party"), ("page_team", "record_casualty_care"),
        ("receiving_hospitals", "close_incident"), ("record_casualty_care", "close_incident"),
        ("record_qualification", "book_out_vehicle"), ("record_qualification", "record_casualty_care"),
        ("record_response", "approve_claim"), ("record_response", "deploy_party"),
        ("record_response", "hand_over_casualty"), ("record_response", "issue_kit"),
        ("record_response", "pay_claim"), ("record_response", "stand_down_party"),
        ("request_air_support", "close_incident"), ("set_on_call", "claim_expenses"), ("set_on_call", "form_party"),
        ("stand_down_party", "incident_report"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, "incident_log") for p in _LOGGED}
    | {(p, "incidents") for p in ("open_incident", "close_incident")}
    | {(p, "member_record") for p in ("add_member", "set_on_call", "record_qualification", "verify_qualification",
                                     "record_response", "claim_expenses", "approve_claim", "pay_claim")}
    | {(p, "find_member") for p in ("add_member", "set_on_call")}
    | {(p, "callout_groups") for p in ("add_member", "set_on_call")}
    | {(p, "vehicles") for p in ("book_out_vehicle", "return_vehicle", "report_defect", "clear_defect")}
    | {(p, "kit") for p in ("issue_kit", "inspect_kit", "stand_down_party", "close_incident")}
    | {(p, "incident_report") for p in _LOGGED if p != "open_incident"}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
