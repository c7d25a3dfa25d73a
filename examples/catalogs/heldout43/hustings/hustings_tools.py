"""Hustings: the electoral registration and elections system of Wendleford District Council (40 calls).

Functions over an in-memory ``State`` of a district council's electoral services office on Tuesday 5 April 2039 at
10:00, a month before the district elections of Thursday 5 May, with nominations closing at four tomorrow. The
registration team finds properties and electors, takes applications to register, verifies applicants' identity
against the national insurance records or on documents, decides applications, changes names, records open register
choices and removes electors. The absent vote team takes postal vote applications, verifies them, grants them,
appoints proxies, issues the postal packs and records the ones that come back. The elections team takes nomination
papers, records their subscribers, the candidates' consent and the parties' certificates, checks them, takes
withdrawals, publishes the statements of persons nominated, orders ballot papers and sells copies of the open
register. The staffing officer recruits poll staff, records their training and appoints them to polling stations.
The electoral services manager, who acts for the returning officer, may do everything and closes nominations. The
election timetable, the wards and the register of political parties are public.

Every refusal is returned as a string that starts with ``Error:`` (``"Error: NM-204 has no consent to nomination;
a nomination is checked once the candidate's consent is in"``), which the runtime records as a rejected call; nothing
is raised. Every tool but the public ones sits behind the ``office(*roles)`` decorator, which checks the session and
the role and answers the refusal string itself. Replies are dataclasses and lists of them, with rows nested as lists
of lists (an elector's history, a ward's statement of persons nominated, a polling station's staff); bare values
answer the postal packs issued (how many) and a register fee paid (what is left to pay); sentences with an id in them
answer an elector removed, a candidate withdrawn, nominations closed, a register copy released and a sign-out.

Annotations are PEP 604 unions and builtin generics evaluated at definition (``Elector | str``, ``str | None``,
``list[str]``, ``list[list[Any]]``), without ``from __future__ import annotations``. Typed inputs: a plain ``Enum``
input (``RemovalReason``), a ``str`` ``Enum`` input (``StaffRole``) and a ``str`` ``Enum`` filter
(``NominationStatus``), ``Literal`` inputs (a decision, a postal vote's length, a subscriber's part, a course, a
register's format) and ``Literal`` filters (applications, absent votes), ``list[str]`` documents, ``bool`` open
register choices. Google docstrings. Ids look alike: application ``APP-5504``, elector number ``FL2-0214``,
property ``PR-10039``, absent vote ``AV-7712``, nomination ``NM-210``, ballot paper order ``BP-34``, poll worker
``PW-418``, register sale ``RS-96``; ward ``FL``; party description ``PD-7``; polling station ``PS-15``. The
nationalities that may register, the documents that prove identity, the quantity of ballot papers a ward needs and
the seats that make a ward uncontested are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Literal

TODAY = "2039-04-05"  # a Tuesday
NOW = "2039-04-05 10:00"
POLL_DAY = "2039-05-05"
TIMETABLE = [
    ["Notice of election published", "2039-03-28 09:00"],
    ["Nominations close", "2039-04-06 16:00"],
    ["Statements of persons nominated published", "2039-04-07 16:00"],
    ["Last day to apply to register", "2039-04-20 23:59"],
    ["Last day to apply for a postal vote", "2039-04-21 17:00"],
    ["Last day to apply for a proxy vote", "2039-04-27 17:00"],
    ["Polling day, 7 am to 10 pm", "2039-05-05 07:00"],
]
NATIONALITIES = ("british", "irish", "commonwealth", "eu_settled")
EVIDENCE = ("passport", "birth_certificate", "driving_licence", "marriage_certificate", "biometric_residence_permit")
OPEN_REGISTER_FEE = {"data": (20.00, 1.50), "printed": (10.00, 5.00)}  # base, and a thousand entries
ROLE_NAMES = {"registration": "the registration team", "absent": "the absent vote team",
              "elections": "the elections team", "staffing": "the staffing officer",
              "manager": "the electoral services manager"}


class RemovalReason(Enum):
    DECEASED = "deceased"
    MOVED_AWAY = "moved_away"
    DUPLICATE = "duplicate"
    NOT_ELIGIBLE = "not_eligible"


class StaffRole(str, Enum):
    PRESIDING_OFFICER = "presiding_officer"
    POLL_CLERK = "poll_clerk"
    COUNT_ASSISTANT = "count_assistant"


class NominationStatus(str, Enum):
    RECEIVED = "received"
    VALID = "valid"
    INVALID = "invalid"
    WITHDRAWN = "withdrawn"


Decision = Literal["register", "refuse"]
PostalPeriod = Literal["this_election", "three_years"]
SubscriberPart = Literal["proposer", "seconder"]
Course = Literal["presiding_officer", "poll_clerk", "count"]
RegisterFormat = Literal["data", "printed"]
ApplicationFilter = Literal["pending", "registered", "refused"]
AbsentKind = Literal["postal", "proxy"]


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Deadline:
    event: str
    when: str


@dataclass
class Ward:
    code: str
    name: str
    seats: int
    electorate: int
    districts: list[str]


@dataclass
class Party:
    description_id: str
    party: str
    description: str
    nominating_officer: str


@dataclass
class Property:
    property_ref: str
    address: str
    postcode: str
    ward: str
    district: str


@dataclass
class Elector:
    elector_number: str
    name: str
    address: str
    ward: str
    open_register: bool
    absent_vote: str | None


@dataclass
class Application:
    application_id: str
    name: str
    address: str
    nationality: str
    identity: str
    status: str
    elector_number: str | None


@dataclass
class IdentityCheck:
    application_id: str
    name: str
    outcome: str
    next_step: str


@dataclass
class AbsentVote:
    absent_vote_id: str
    elector_number: str
    elector: str
    kind: str
    proxy: str | None
    period: str
    identity: str
    status: str
    pack_issued: bool
    returned: bool


@dataclass
class Nomination:
    nomination_id: str
    ward: str
    candidate: str
    home_address: str
    description: str | None
    proposer: str | None
    seconder: str | None
    consent: bool
    certificate: bool | None
    status: str


@dataclass
class BallotOrder:
    order_id: str
    ward: str
    candidates: int
    quantity: int
    printer: str
    delivery: str


@dataclass
class Station:
    station_id: str
    name: str
    ward: str
    districts: list[str]
    presiding_officer: str | None
    clerks: list[str]
    clerks_needed: int


@dataclass
class PollWorker:
    worker_id: str
    name: str
    phone: str
    role: str
    trained: list[str]
    station_id: str | None


@dataclass
class RegisterOrder:
    order_id: str
    purchaser: str
    ward: str
    format: str
    entries: int
    fee: float
    paid: float
    released: bool


@dataclass
class ElectorRecord:
    elector: Elector
    history: list[list[str]] = field(default_factory=list)


def _el(name: str, prop: str, dob: str, nino: str, *, open_register: bool = True, absent: str | None = None,
        history: list[list[str]] | None = None) -> dict[str, Any]:
    """An elector as the register holds them."""
    return {"name": name, "property": prop, "dob": dob, "nino": nino, "open": open_register, "absent": absent,
            "history": [list(h) for h in history or []]}


def _nom(ward: str, candidate: str, address: str, *, description: str | None = None, proposer: str | None = None,
         seconder: str | None = None, consent: bool = False, certificate: bool = False,
         status: str = "received") -> dict[str, Any]:
    """A nomination paper as the elections team holds it."""
    return {"ward": ward, "candidate": candidate, "address": address, "description": description,
            "proposer": proposer, "seconder": seconder, "consent": consent, "certificate": certificate,
            "status": status}


class State:
    """Wendleford District Council's electoral services office on Tuesday 5 April 2039 at 10:00."""

    def __init__(self) -> None:
        self.staff = {
            "ottoline.f": {"name": "Ottoline Fairbrass", "password": "Canvass-Form-12", "role": "registration"},
            "kwabena.o": {"name": "Kwabena Amankwah", "password": "Postal-Pack-48", "role": "absent"},
            "perpetua.h": {"name": "Perpetua Hamlyn", "password": "Nomination-Day-6", "role": "elections"},
            "dafydd.p": {"name": "Dafydd Prothero", "password": "Ballot-Box-93", "role": "staffing"},
            "lavinia.s": {"name": "Lavinia Threapleton", "password": "Returning-Off-25", "role": "manager"},
        }
        self.logins: dict[str, dict] = {}
        self.wards = {  # ward -> name, seats, polling districts
            "AB": ["Abbotsmead", 2, ["AB1", "AB2"]],
            "CH": ["Chantry", 1, ["CH1"]],
            "FL": ["Fellgate", 2, ["FL1", "FL2"]],
            "WM": ["Watermeadow", 1, ["WM1"]],
        }
        self.electorate = {"AB": 4212, "CH": 1930, "FL": 3876, "WM": 2104}  # beside the electors held here
        self.parties = {  # description -> party, description on the ballot paper, nominating officer
            "PD-3": ["Wendleford Independents", "Wendleford Independents - Local People First", "Mr Aurelio Penfold"],
            "PD-4": ["Green Lanes Party", "Green Lanes Party", "Ms Hester Quilliam"],
            "PD-5": ["Green Lanes Party", "Green Lanes - Save Fellgate Meadows", "Ms Hester Quilliam"],
            "PD-7": ["Civic Alliance", "Civic Alliance Candidate", "Mr Barnaby Ledsham"],
        }
        self.properties = {  # property -> address, postcode, polling district
            "PR-10031": ["12 Cresset Row, Abbotsmead, Wendleford", "WB1 3LR", "AB1"],
            "PR-10032": ["3 Priory Garth, Abbotsmead, Wendleford", "WB1 4PG", "AB2"],
            "PR-10033": ["The Old Tollhouse, Chantry Lane, Wendleford", "WB2 1CL", "CH1"],
            "PR-10034": ["27 Sluice Street, Fellgate, Wendleford", "WB3 7SS", "FL1"],
            "PR-10035": ["Flat 3, 41 Coopers Yard, Fellgate, Wendleford", "WB3 9CY", "FL2"],
            "PR-10036": ["Flat 5, 41 Coopers Yard, Fellgate, Wendleford", "WB3 9CY", "FL2"],
            "PR-10037": ["9 Osier Bank, Watermeadow, Wendleford", "WB4 2OB", "WM1"],
            "PR-10038": ["2 Flume Cottages, Watermeadow, Wendleford", "WB4 5WC", "WM1"],
        }
        self.electors = {
            "AB1-0412": _el("Mr Casimir Drabble", "PR-10031", "1968-09-03", "JX 61 08 44 A"),
            "AB1-0413": _el("Mrs Ottilie Drabble", "PR-10031", "1971-01-22", "JX 71 22 19 C", open_register=False),
            "AB2-0288": _el("Mr Leofric Hamerton", "PR-10032", "1949-06-30", "KP 49 63 01 D", absent="postal"),
            "CH1-0107": _el("Ms Rosalind Pennock", "PR-10033", "1983-11-14", "LM 83 14 72 B"),
            "FL1-0391": _el("Mr Habib Chaudhry-Weddell", "PR-10034", "1990-04-08", "NR 90 48 27 A"),
            "FL1-0392": _el("Mrs Greer Chaudhry-Weddell", "PR-10034", "1991-07-19", "NR 91 71 93 C"),
            "FL2-0211": _el("Miss Seren Eldritch", "PR-10036", "2003-02-27", "SG 03 22 71 D"),
            "FL2-0212": _el("Mr Aldric Wyvill", "PR-10036", "1957-12-05", "TB 57 12 05 A", absent="postal",
                            history=[["2036-05-02", "postal vote granted until further notice"]]),
            "WM1-0154": _el("Mrs Rosamund Sallis", "PR-10037", "1962-05-11", "WC 62 05 11 B"),
            "WM1-0155": _el("Mr Oswin Sallis", "PR-10037", "1960-08-29", "WC 60 08 29 D", absent="postal"),
            "WM1-0156": _el("Mr Peregrine Marchbank", "PR-10038", "1975-03-16", "YH 75 03 16 C"),
        }
        self.dwp = {  # national insurance number -> name, date of birth (the national records the checks use)
            "JT 48 21 90 B": ["Saoirse Nankivell", "1994-02-17"],
            "RD 88 40 12 A": ["Jerzy Koziol-Baines", "1988-10-04"],
            "WC 62 05 11 B": ["Rosamund Sallis", "1962-05-11"],
            "NR 91 71 93 C": ["Greer Chaudhry-Weddell", "1991-07-19"],
            "TB 57 12 05 A": ["Aldric Wyvill", "1957-12-05"],
            "LM 83 14 72 B": ["Rosalind Pennock", "1983-11-14"],
        }
        self.applications = {  # application -> name, property, dob, nino, nationality, identity, status, elector
            "APP-5500": ["Mr Oswin Sallis", "PR-10037", "1960-08-29", "WC 60 08 29 D", "british", "matched",
                         "registered", "WM1-0155"],
            "APP-5501": ["Mr Jerzy Koziol-Baines", "PR-10032", "1988-10-04", "RD 88 40 12 A", "eu_settled",
                         "not checked", "pending", None],
            "APP-5502": ["Ms Itziar Ugarte", "PR-10034", "1979-06-21", "ZK 79 06 21 C", "commonwealth",
                         "no match", "pending", None],
            "APP-5503": ["Mr Quentin Aske", "PR-10038", "2001-09-09", "AB 01 09 09 D", "british", "not checked",
                         "pending", None],
        }
        self.absent = {  # absent vote -> elector, kind, proxy, period, identity, status, pack, returned
            "AV-7701": ["AB2-0288", "postal", None, "three_years", "verified", "granted", False, False],
            "AV-7702": ["FL2-0212", "postal", None, "three_years", "verified", "granted", False, False],
            "AV-7703": ["WM1-0155", "postal", None, "three_years", "verified", "granted", False, False],
            "AV-7704": ["CH1-0107", "postal", None, "this_election", "not checked", "pending", False, False],
        }
        self.nominations = {
            "NM-201": _nom("CH", "Osric Fettiplace", "Mill House, Chantry Lane, Wendleford", proposer="CH1-0107",
                           seconder="CH1-0098", consent=True, status="valid"),
            "NM-202": _nom("CH", "Yolande Ivey", "14 Cloister Walk, Wendleford", description="PD-7",
                           proposer="CH1-0112", seconder="CH1-0131", consent=True, certificate=True),
            "NM-203": _nom("AB", "Cuthbert Pyefinch", "6 Priory Garth, Wendleford", description="PD-3",
                           proposer="AB1-0412", seconder="AB2-0301", consent=True, certificate=True, status="valid"),
            "NM-204": _nom("AB", "Henrietta Corbishley", "19 Cresset Row, Wendleford", description="PD-4",
                           proposer="AB1-0377", seconder="AB2-0295", certificate=True),
            "NM-205": _nom("FL", "Jowan Treloar", "31 Sluice Street, Wendleford", proposer="FL1-0386", consent=True),
            "NM-206": _nom("FL", "Beatrice Onslow-Reade", "Flat 1, 41 Coopers Yard, Wendleford", description="PD-5",
                           proposer="FL2-0211", seconder="FL1-0392", consent=True),
            "NM-207": _nom("WM", "Ignatius Prowting", "4 Flume Cottages, Wendleford", description="PD-3",
                           proposer="WM1-0154", seconder="WM1-0156", consent=True, certificate=True, status="valid"),
            "NM-208": _nom("WM", "Clemency Dacre", "11 Osier Bank, Wendleford", description="PD-7",
                           proposer="WM1-0149", seconder="WM1-0150", consent=True, certificate=True, status="valid"),
            "NM-209": _nom("FL", "Margery Cotterill", "2 Sluice Street, Wendleford", proposer="FL1-0380",
                           seconder="FL1-0384", consent=True, status="valid"),
        }
        self.nominations_open = True
        self.sopn: dict[str, list[list[Any]]] = {}
        self.ballot_orders: dict[str, list] = {}
        self.stations = {  # station -> name, ward, districts, clerks needed
            "PS-11": ["Abbotsmead Scout Hut", "AB", ["AB1"], 2],
            "PS-12": ["St Wystan's Church Hall", "AB", ["AB2"], 2],
            "PS-13": ["Chantry Village Hall", "CH", ["CH1"], 1],
            "PS-14": ["Fellgate Community Centre", "FL", ["FL1", "FL2"], 3],
            "PS-15": ["Watermeadow Bowls Pavilion", "WM", ["WM1"], 1],
        }
        self.workers = {  # worker -> name, phone, email, role, courses, station
            "PW-410": ["Mr Eamonn Gedge", "07700 900711", "e.gedge@example.com", "presiding_officer",
                       ["presiding_officer"], "PS-11"],
            "PW-411": ["Mrs Parveen Halloway-Beck", "07700 900712", "parveen.hb@example.com", "poll_clerk",
                       ["poll_clerk"], "PS-11"],
            "PW-412": ["Ms Rowena Titchmarsh", "07700 900713", "rowena.t@example.net", "presiding_officer", [], None],
            "PW-413": ["Mr Linus Abercrombie", "07700 900714", "linus.a@example.org", "poll_clerk", [], None],
            "PW-414": ["Mr Desmond Futter", "07700 900715", "d.futter@example.com", "presiding_officer",
                       ["presiding_officer"], "PS-13"],
        }
        self.register_orders: dict[str, list] = {}
        self.counters = {"token": 1, "application": 5504, "absent": 7705, "nomination": 210, "order": 34,
                         "worker": 415, "sale": 96, "elector": 214}


# --------------------------------------------------------------------------- helpers


def office(*roles: str) -> Callable:
    """The office's session check: answers ``"Error: ..."`` for no session or, where ``roles`` are given, for the
    wrong role (the electoral services manager may do everything); otherwise runs the tool."""

    def wrap(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def checked(*args: Any, **kwargs: Any) -> Any:
            state, token = kwargs.get("state"), kwargs.get("token")
            who = state.logins.get(token) if isinstance(token, str) else None
            if who is None:
                return "Error: not signed in, or the session has ended; sign in first"
            if roles and who["role"] not in roles and who["role"] != "manager":
                return (f"Error: {who['name']} ({who['role']}) may not do this; it is for "
                        f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
            return fn(*args, **kwargs)

        return checked

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _count(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _amount(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _date(value: Any) -> str | None:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        return None


def _key(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _ward_of(state: State, district: str) -> str:
    return next(w for w, row in state.wards.items() if district in row[2])


def _district(number: str) -> str:
    return number.split("-")[0]


def _elector(state: State, number: str) -> Elector:
    e = state.electors[number]
    p = state.properties[e["property"]]
    return Elector(elector_number=number, name=e["name"], address=p[0], ward=_ward_of(state, _district(number)),
                   open_register=e["open"], absent_vote=e["absent"])


def _application(state: State, aid: str) -> Application:
    a = state.applications[aid]
    return Application(application_id=aid, name=a[0], address=state.properties[a[1]][0], nationality=a[4],
                       identity=a[5], status=a[6], elector_number=a[7])


def _absent(state: State, vid: str) -> AbsentVote:
    v = state.absent[vid]
    proxy = state.electors[v[2]]["name"] if v[2] else None
    return AbsentVote(absent_vote_id=vid, elector_number=v[0], elector=state.electors[v[0]]["name"], kind=v[1],
                      proxy=proxy, period=v[3], identity=v[4], status=v[5], pack_issued=v[6], returned=v[7])


def _nomination(state: State, nid: str) -> Nomination:
    n = state.nominations[nid]
    desc = state.parties[n["description"]][1] if n["description"] else None
    return Nomination(nomination_id=nid, ward=n["ward"], candidate=n["candidate"], home_address=n["address"],
                      description=desc, proposer=n["proposer"], seconder=n["seconder"], consent=n["consent"],
                      certificate=n["certificate"] if n["description"] else None, status=n["status"])


def _station(state: State, sid: str) -> Station:
    s = state.stations[sid]
    po = next((w[0] for w in state.workers.values() if w[5] == sid and w[3] == "presiding_officer"), None)
    clerks = [w[0] for _, w in sorted(state.workers.items()) if w[5] == sid and w[3] == "poll_clerk"]
    return Station(station_id=sid, name=s[0], ward=s[1], districts=list(s[2]), presiding_officer=po, clerks=clerks,
                   clerks_needed=s[3])


def _worker(state: State, wid: str) -> PollWorker:
    w = state.workers[wid]
    return PollWorker(worker_id=wid, name=w[0], phone=w[1], role=w[3], trained=list(w[4]), station_id=w[5])


def _order(state: State, oid: str) -> RegisterOrder:
    o = state.register_orders[oid]
    return RegisterOrder(order_id=oid, purchaser=o[0], ward=o[1], format=o[2], entries=o[3], fee=o[4], paid=o[5],
                         released=o[6])


def _open_entries(state: State, ward: str) -> int:
    held = [e for n, e in state.electors.items() if _ward_of(state, _district(n)) == ward]
    return state.electorate[ward] - sum(1 for e in held if not e["open"])


def _candidates(state: State, ward: str) -> list[str]:
    return sorted(nid for nid, n in state.nominations.items() if n["ward"] == ward and n["status"] == "valid")


# --------------------------------------------------------------------------- sign-in and the public pages


def sign_in(state: State, username: str, password: str) -> Session | str:
    """Sign in to the electoral management system.

    Args:
        username: A staff user name, such as ottoline.f.
        password: Its password.

    Returns:
        The session: a token for every call but the timetable, the wards and the parties, with the user's name and
        role (registration, absent, elections, staffing or manager).
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        return "Error: user name or password not recognised"
    token = f"wdc-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.logins[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


@office()
def sign_out(state: State, token: str) -> str:
    """End a session.

    Args:
        token: The session's token.

    Returns:
        A sentence naming who was signed out.
    """
    who = state.logins.pop(token)
    return f"Signed out {who['name']} (session {token})."


def election_timetable(state: State) -> list[Deadline]:
    """The timetable of the district elections on Thursday 5 May 2039 (public).

    Returns:
        Each step of the timetable with its date and time, in order.
    """
    return [Deadline(event=e, when=w) for e, w in TIMETABLE]


def wards(state: State) -> list[Ward]:
    """The district's wards (public).

    Returns:
        Each ward's code, name, the seats it elects, its electorate and its polling districts, by code.
    """
    return [Ward(code=c, name=w[0], seats=w[1], electorate=state.electorate[c], districts=list(w[2]))
            for c, w in sorted(state.wards.items())]


def registered_parties(state: State) -> list[Party]:
    """The party descriptions registered with the Electoral Commission that candidates here may use (public).

    Returns:
        Each description's description_id, the party, the words on the ballot paper and the party's nominating
        officer, by description id.
    """
    return [Party(description_id=d, party=p[0], description=p[1], nominating_officer=p[2])
            for d, p in sorted(state.parties.items())]


# --------------------------------------------------------------------------- the register


@office()
def find_property(state: State, token: str, text: str) -> list[Property] | str:
    """Find properties in the district's address gazetteer.

    Args:
        token: The session's token.
        text: Part of the address, or the postcode.

    Returns:
        Each matching property's property_ref, address, postcode, ward and polling district, by reference.
    """
    if _blank(text):
        return "Error: text is required"
    needle = text.strip().lower()
    squeezed = needle.replace(" ", "")
    return [Property(property_ref=r, address=p[0], postcode=p[1], ward=_ward_of(state, p[2]), district=p[2])
            for r, p in sorted(state.properties.items())
            if needle in p[0].lower() or squeezed == p[1].lower().replace(" ", "")]


@office()
def find_elector(state: State, token: str, text: str, ward: str | None = None) -> list[Elector] | str:
    """Find electors on the register.

    Args:
        token: The session's token.
        text: Part of the elector's name or address.
        ward: Only electors in this ward (its code).

    Returns:
        Each matching elector's elector_number, name, address, ward, whether they are in the open register and
        any absent vote, by elector number.
    """
    if _blank(text):
        return "Error: text is required"
    needle = text.strip().lower()
    out = []
    for number, e in sorted(state.electors.items()):
        el = _elector(state, number)
        if (needle in e["name"].lower() or needle in el.address.lower()) and (ward is None or el.ward == ward):
            out.append(el)
    return out


@office("registration")
def submit_application(state: State, token: str, property_ref: str, full_name: str, date_of_birth: str,
                       national_insurance_number: str, nationality: str) -> Application | str:
    """Take an application to register to vote at a property in the district.

    Args:
        token: The session's token.
        property_ref: The property, from the gazetteer.
        full_name: The applicant's name with a title (Ms Saoirse Nankivell).
        date_of_birth: YYYY-MM-DD.
        national_insurance_number: As written on their card (JT 48 21 90 B).
        nationality: The applicant's nationality, as a word.

    Returns:
        The application with its new application_id, pending until identity is verified and it is decided.
    """
    p = state.properties.get(_key(property_ref))
    if p is None:
        return f"Error: no property {property_ref!r} in the gazetteer"
    if _blank(full_name) or _blank(national_insurance_number):
        return "Error: full_name and national_insurance_number are required"
    born = _date(date_of_birth)
    if born is None:
        return f"Error: date_of_birth is YYYY-MM-DD, not {date_of_birth!r}"
    if born > "2023-04-05":
        return "Error: an applicant must be 16 or over to be added to the register"
    nat = nationality.strip().lower() if isinstance(nationality, str) else ""
    if nat not in NATIONALITIES:
        return (f"Error: {nationality!r} cannot register for district elections; the register takes "
                f"{', '.join(NATIONALITIES)} citizens")
    for aid, a in state.applications.items():
        if a[3] == national_insurance_number.strip().upper() and a[6] == "pending":
            return f"Error: {a[0]} has application {aid} pending already"
    aid = f"APP-{_next(state, 'application')}"
    state.applications[aid] = [full_name.strip(), property_ref, born, national_insurance_number.strip().upper(), nat,
                               "not checked", "pending", None]
    return _application(state, aid)


@office("registration")
def verify_identity(state: State, token: str, application_id: str) -> IdentityCheck | str:
    """Check an application's name, date of birth and national insurance number against the national records.

    Args:
        token: The session's token.
        application_id: The pending application.

    Returns:
        The outcome (matched or no match) and what happens next.
    """
    a = state.applications.get(_key(application_id))
    if a is None:
        return f"Error: no application {application_id!r}"
    if a[6] != "pending":
        return f"Error: {application_id} is {a[6]} already"
    if a[5] != "not checked":
        return f"Error: {application_id} was checked already: {a[5]}"
    rec = state.dwp.get(a[3])
    plain = a[0].split(" ", 1)[1] if " " in a[0] else a[0]
    a[5] = "matched" if rec is not None and rec[0] == plain and rec[1] == a[2] else "no match"
    nxt = ("ready to decide" if a[5] == "matched"
           else "ask the applicant for documents and record them before deciding")
    return IdentityCheck(application_id=application_id, name=a[0], outcome=a[5], next_step=nxt)


@office("registration")
def record_evidence(state: State, token: str, application_id: str, documents: list[str]) -> Application | str:
    """Record the documents an applicant showed where the national records did not match them.

    Args:
        token: The session's token.
        application_id: The pending application that did not match.
        documents: What was seen, as words.

    Returns:
        The application, its identity verified on documents.
    """
    a = state.applications.get(_key(application_id))
    if a is None:
        return f"Error: no application {application_id!r}"
    if a[6] != "pending":
        return f"Error: {application_id} is {a[6]} already"
    if a[5] == "not checked":
        return f"Error: {application_id} has not been checked against the national records yet"
    if a[5] != "no match":
        return f"Error: {application_id}'s identity is {a[5]} already"
    if not isinstance(documents, list) or not documents or not all(isinstance(d, str) for d in documents):
        return "Error: documents is a list of words"
    seen = sorted({d.strip().lower() for d in documents})
    if not any(d in EVIDENCE for d in seen):
        return f"Error: none of {', '.join(seen)} proves identity; the register accepts {', '.join(EVIDENCE)}"
    a[5] = "verified on documents"
    return _application(state, application_id)


@office("registration")
def determine_application(state: State, token: str, application_id: str, decision: Decision,
                          reason: str | None = None) -> Elector | Application | str:
    """Decide an application to register.

    Args:
        token: The session's token.
        application_id: The pending application.
        decision: register or refuse.
        reason: Why, where it is refused.

    Returns:
        The new elector, with their elector number, where registered; the application where refused.
    """
    a = state.applications.get(_key(application_id))
    if a is None:
        return f"Error: no application {application_id!r}"
    if a[6] != "pending":
        return f"Error: {application_id} is {a[6]} already"
    if decision not in ("register", "refuse"):
        return f"Error: decision is register or refuse, not {decision!r}"
    if decision == "refuse":
        if _blank(reason):
            return "Error: a refusal needs a reason"
        a[6] = "refused"
        return _application(state, application_id)
    if a[5] not in ("matched", "verified on documents"):
        return (f"Error: {application_id}'s identity is {a[5]}; an applicant is registered once their identity is "
                "verified")
    district = state.properties[a[1]][2]
    number = f"{district}-{_next(state, 'elector'):04d}"
    state.electors[number] = _el(a[0], a[1], a[2], a[3], history=[[TODAY, f"registered on {application_id}"]])
    a[6], a[7] = "registered", number
    return _elector(state, number)


@office()
def applications(state: State, token: str, status: ApplicationFilter | None = None) -> list[Application] | str:
    """The applications to register.

    Args:
        token: The session's token.
        status: Only those pending, registered or refused.

    Returns:
        Each application (application_id, name, address, nationality, identity, status, elector number), by id.
    """
    if status is not None and status not in ("pending", "registered", "refused"):
        return f"Error: status is pending, registered or refused, not {status!r}"
    return [_application(state, aid) for aid, a in sorted(state.applications.items())
            if status is None or a[6] == status]


@office("registration")
def change_name(state: State, token: str, elector_number: str, new_name: str, evidence: str) -> ElectorRecord | str:
    """Change an elector's name on the register.

    Args:
        token: The session's token.
        elector_number: The elector.
        new_name: The name with a title.
        evidence: What shows the change (a marriage certificate, a deed poll).

    Returns:
        The elector with their history as rows of [date, what changed].
    """
    e = state.electors.get(_key(elector_number))
    if e is None:
        return f"Error: no elector {elector_number!r}"
    if _blank(new_name) or _blank(evidence):
        return "Error: new_name and evidence are required"
    if e["name"] == new_name.strip():
        return f"Error: {elector_number} is {e['name']} already"
    e["history"].append([TODAY, f"name changed from {e['name']} ({evidence.strip()})"])
    e["name"] = new_name.strip()
    return ElectorRecord(elector=_elector(state, elector_number), history=[list(h) for h in e["history"]])


@office("registration")
def open_register_choice(state: State, token: str, elector_number: str, include: bool) -> Elector | str:
    """Put an elector in the open register, or take them out of it, as they ask.

    Args:
        token: The session's token.
        elector_number: The elector.
        include: True to be in the open register, false to be left out.

    Returns:
        The elector as they now stand.
    """
    e = state.electors.get(_key(elector_number))
    if e is None:
        return f"Error: no elector {elector_number!r}"
    if not isinstance(include, bool):
        return "Error: include is true or false"
    if e["open"] == include:
        return f"Error: {elector_number} is {'in' if include else 'out of'} the open register already"
    e["open"] = include
    e["history"].append([TODAY, "in the open register" if include else "left out of the open register"])
    return _elector(state, elector_number)


@office("registration")
def remove_elector(state: State, token: str, elector_number: str, reason: RemovalReason) -> str:
    """Take an elector off the register.

    Args:
        token: The session's token.
        elector_number: The elector.
        reason: deceased, moved_away, duplicate or not_eligible.

    Returns:
        A sentence naming the elector removed.
    """
    e = state.electors.get(_key(elector_number))
    if e is None:
        return f"Error: no elector {elector_number!r}"
    why = _value(reason)
    if why not in [r.value for r in RemovalReason]:
        return f"Error: reason is one of {', '.join(r.value for r in RemovalReason)}, not {reason!r}"
    del state.electors[elector_number]
    for v in state.absent.values():
        if v[0] == elector_number:
            v[5] = "cancelled"
    return f"{e['name']} ({elector_number}) has been removed from the register: {why.replace('_', ' ')}."


# --------------------------------------------------------------------------- absent votes


@office("absent")
def apply_postal_vote(state: State, token: str, elector_number: str, date_of_birth: str,
                      national_insurance_number: str, period: PostalPeriod = "this_election") -> AbsentVote | str:
    """Take an elector's application for a postal vote.

    Args:
        token: The session's token.
        elector_number: The elector.
        date_of_birth: YYYY-MM-DD, as on the application; it must be the one the register holds.
        national_insurance_number: For the identity check.
        period: this_election or three_years.

    Returns:
        The absent vote with its new absent_vote_id, pending until the identity check and the grant.
    """
    e = state.electors.get(_key(elector_number))
    if e is None:
        return f"Error: no elector {elector_number!r}"
    if period not in ("this_election", "three_years"):
        return f"Error: period is this_election or three_years, not {period!r}"
    if _date(date_of_birth) != e["dob"]:
        return f"Error: the date of birth does not match the one {elector_number} gave when registering"
    if _blank(national_insurance_number):
        return "Error: national_insurance_number is required"
    for vid, v in state.absent.items():
        if v[0] == elector_number and v[5] in ("pending", "granted"):
            return f"Error: {e['name']} has a {v[1]} vote {v[5]} already ({vid})"
    vid = f"AV-{_next(state, 'absent')}"
    state.absent[vid] = [elector_number, "postal", None, period, "not checked", "pending", False, False]
    e["nino_given"] = national_insurance_number.strip().upper()
    return _absent(state, vid)


@office("absent")
def check_absent_application(state: State, token: str, absent_vote_id: str) -> AbsentVote | str:
    """Check the identity on a postal vote application against the national records.

    Args:
        token: The session's token.
        absent_vote_id: The pending application.

    Returns:
        The absent vote, its identity verified or not verified.
    """
    v = state.absent.get(_key(absent_vote_id))
    if v is None:
        return f"Error: no absent vote {absent_vote_id!r}"
    if v[5] != "pending":
        return f"Error: {absent_vote_id} is {v[5]} already"
    if v[4] != "not checked":
        return f"Error: {absent_vote_id} was checked already: {v[4]}"
    e = state.electors[v[0]]
    rec = state.dwp.get(e.get("nino_given", e["nino"]))
    plain = e["name"].split(" ", 1)[1]
    v[4] = "verified" if rec is not None and rec[0] == plain and rec[1] == e["dob"] else "not verified"
    return _absent(state, absent_vote_id)


@office("absent")
def grant_absent_vote(state: State, token: str, absent_vote_id: str) -> AbsentVote | str:
    """Grant a postal vote whose identity check has passed.

    Args:
        token: The session's token.
        absent_vote_id: The pending application.

    Returns:
        The absent vote, granted.
    """
    v = state.absent.get(_key(absent_vote_id))
    if v is None:
        return f"Error: no absent vote {absent_vote_id!r}"
    if v[5] != "pending":
        return f"Error: {absent_vote_id} is {v[5]} already"
    if v[4] != "verified":
        return f"Error: {absent_vote_id}'s identity is {v[4]}; a postal vote is granted once it is verified"
    v[5] = "granted"
    state.electors[v[0]]["absent"] = "postal"
    state.electors[v[0]]["history"].append([TODAY, f"postal vote granted ({v[3].replace('_', ' ')})"])
    return _absent(state, absent_vote_id)


@office("absent")
def appoint_proxy(state: State, token: str, elector_number: str, proxy_elector_number: str,
                  reason: str) -> AbsentVote | str:
    """Appoint a proxy to vote for an elector at this election.

    Args:
        token: The session's token.
        elector_number: The elector who cannot vote in person.
        proxy_elector_number: The proxy, who must be on a register.
        reason: Why the elector cannot go to the polling station.

    Returns:
        The proxy vote, granted, with its absent_vote_id.
    """
    e = state.electors.get(_key(elector_number))
    if e is None:
        return f"Error: no elector {elector_number!r}"
    p = state.electors.get(_key(proxy_elector_number))
    if p is None:
        return f"Error: no elector {proxy_elector_number!r} to act as proxy; a proxy must be on the register"
    if elector_number == proxy_elector_number:
        return "Error: an elector cannot be their own proxy"
    if _blank(reason):
        return "Error: reason is required"
    for vid, v in state.absent.items():
        if v[0] == elector_number and v[5] in ("pending", "granted"):
            return f"Error: {e['name']} has a {v[1]} vote {v[5]} already ({vid})"
    if sum(1 for v in state.absent.values() if v[2] == proxy_elector_number and v[5] == "granted") >= 2:
        return f"Error: {p['name']} is proxy for two electors already"
    vid = f"AV-{_next(state, 'absent')}"
    state.absent[vid] = [elector_number, "proxy", proxy_elector_number, "this_election", "verified", "granted",
                         False, False]
    e["absent"] = "proxy"
    e["history"].append([TODAY, f"proxy appointed: {p['name']} ({reason.strip()})"])
    return _absent(state, vid)


@office()
def absent_voters(state: State, token: str, kind: AbsentKind | None = None,
                  ward: str | None = None) -> list[AbsentVote] | str:
    """The absent votes.

    Args:
        token: The session's token.
        kind: Only postal or only proxy votes.
        ward: Only electors in this ward (its code).

    Returns:
        Each absent vote (absent_vote_id, elector, kind, proxy, period, identity, status, pack issued, returned),
        by id.
    """
    if kind is not None and kind not in ("postal", "proxy"):
        return f"Error: kind is postal or proxy, not {kind!r}"
    return [_absent(state, vid) for vid, v in sorted(state.absent.items())
            if (kind is None or v[1] == kind) and v[0] in state.electors
            and (ward is None or _ward_of(state, _district(v[0])) == ward)]


@office("absent")
def issue_postal_packs(state: State, token: str, ward: str) -> int | str:
    """Issue the postal packs to a ward's granted postal voters, once the ward's ballot papers are printed.

    Args:
        token: The session's token.
        ward: The ward's code.

    Returns:
        How many packs went out.
    """
    if _key(ward) not in state.wards:
        return f"Error: no ward {ward!r}"
    if not any(o[0] == ward for o in state.ballot_orders.values()):
        return f"Error: no ballot papers have been ordered for {state.wards[ward][0]}; packs go out once they are"
    due = [v for _, v in sorted(state.absent.items()) if v[1] == "postal" and v[5] == "granted" and not v[6]
           and v[0] in state.electors and _ward_of(state, _district(v[0])) == ward]
    if not due:
        return f"Error: every postal voter in {state.wards[ward][0]} has a pack already"
    for v in due:
        v[6] = True
    return len(due)


@office("absent")
def record_postal_return(state: State, token: str, absent_vote_id: str) -> AbsentVote | str:
    """Record a postal vote returned to the office.

    Args:
        token: The session's token.
        absent_vote_id: The postal vote.

    Returns:
        The absent vote, returned.
    """
    v = state.absent.get(_key(absent_vote_id))
    if v is None:
        return f"Error: no absent vote {absent_vote_id!r}"
    if v[1] != "postal":
        return f"Error: {absent_vote_id} is a proxy vote"
    if not v[6]:
        return f"Error: no pack has been issued on {absent_vote_id}"
    if v[7]:
        return f"Error: {absent_vote_id} has been returned already"
    v[7] = True
    return _absent(state, absent_vote_id)


# --------------------------------------------------------------------------- nominations


@office("elections")
def submit_nomination(state: State, token: str, ward: str, candidate_name: str, home_address: str,
                      description_id: str | None = None) -> Nomination | str:
    """Take a candidate's nomination paper for a ward.

    Args:
        token: The session's token.
        ward: The ward's code.
        candidate_name: As the candidate wants it on the ballot paper.
        home_address: The candidate's home address.
        description_id: A registered party description, for a party candidate.

    Returns:
        The nomination with its new nomination_id, received until its subscribers, consent and any certificate are
        in and it is checked.
    """
    if not state.nominations_open:
        return "Error: nominations have closed"
    if _key(ward) not in state.wards:
        return f"Error: no ward {ward!r}"
    if _blank(candidate_name) or _blank(home_address):
        return "Error: candidate_name and home_address are required"
    if description_id is not None and description_id not in state.parties:
        return f"Error: no registered party description {description_id!r}"
    for nid, n in state.nominations.items():
        if n["ward"] == ward and n["candidate"].lower() == candidate_name.strip().lower() \
                and n["status"] != "withdrawn":
            return f"Error: {n['candidate']} is nominated in {state.wards[ward][0]} already ({nid})"
    nid = f"NM-{_next(state, 'nomination')}"
    state.nominations[nid] = _nom(ward, candidate_name.strip(), home_address.strip(), description=description_id)
    return _nomination(state, nid)


@office("elections")
def add_subscriber(state: State, token: str, nomination_id: str, elector_number: str,
                   part: SubscriberPart) -> Nomination | str:
    """Record who subscribed a nomination paper, as proposer or seconder.

    Args:
        token: The session's token.
        nomination_id: The nomination.
        elector_number: The subscriber, an elector of the ward.
        part: proposer or seconder.

    Returns:
        The nomination.
    """
    n = state.nominations.get(_key(nomination_id))
    if n is None:
        return f"Error: no nomination {nomination_id!r}"
    if n["status"] != "received":
        return f"Error: {nomination_id} is {n['status']}; subscribers are added to a paper that is received"
    if part not in ("proposer", "seconder"):
        return f"Error: part is proposer or seconder, not {part!r}"
    if _key(elector_number) not in state.electors:
        return f"Error: no elector {elector_number!r} on the register"
    if _ward_of(state, _district(elector_number)) != n["ward"]:
        return f"Error: {elector_number} is not an elector of {state.wards[n['ward']][0]}"
    if n[part] is not None:
        return f"Error: {nomination_id} has a {part} already ({n[part]})"
    other = "seconder" if part == "proposer" else "proposer"
    if n[other] == elector_number:
        return f"Error: {elector_number} subscribed {nomination_id} as {other} already"
    n[part] = elector_number
    return _nomination(state, nomination_id)


@office("elections")
def record_consent(state: State, token: str, nomination_id: str, witness: str, signed_on: str) -> Nomination | str:
    """Record the candidate's consent to nomination, signed and witnessed.

    Args:
        token: The session's token.
        nomination_id: The nomination.
        witness: Who witnessed the signature.
        signed_on: YYYY-MM-DD.

    Returns:
        The nomination, with consent in.
    """
    n = state.nominations.get(_key(nomination_id))
    if n is None:
        return f"Error: no nomination {nomination_id!r}"
    if n["status"] != "received":
        return f"Error: {nomination_id} is {n['status']}"
    if n["consent"]:
        return f"Error: {nomination_id} has the candidate's consent already"
    if _blank(witness):
        return "Error: witness is required"
    signed = _date(signed_on)
    if signed is None or signed > TODAY or signed < "2039-03-06":
        return "Error: consent is signed within the month before nominations close, and not after today"
    n["consent"] = True
    return _nomination(state, nomination_id)


@office("elections")
def record_party_certificate(state: State, token: str, nomination_id: str, signed_by: str) -> Nomination | str:
    """Record the party's certificate authorising a candidate to use its description.

    Args:
        token: The session's token.
        nomination_id: A nomination with a party description.
        signed_by: The party's nominating officer, who signed it.

    Returns:
        The nomination, with its certificate in.
    """
    n = state.nominations.get(_key(nomination_id))
    if n is None:
        return f"Error: no nomination {nomination_id!r}"
    if n["status"] != "received":
        return f"Error: {nomination_id} is {n['status']}"
    if n["description"] is None:
        return f"Error: {nomination_id} uses no party description, so needs no certificate"
    if n["certificate"]:
        return f"Error: {nomination_id} has its certificate already"
    officer = state.parties[n["description"]][2]
    if _blank(signed_by) or signed_by.strip() != officer:
        return f"Error: a certificate for {state.parties[n['description']][0]} is signed by its nominating officer"
    n["certificate"] = True
    return _nomination(state, nomination_id)


@office("elections")
def check_nomination(state: State, token: str, nomination_id: str) -> Nomination | str:
    """Check a received nomination paper for the returning officer and find it valid.

    Args:
        token: The session's token.
        nomination_id: The nomination.

    Returns:
        The nomination, valid.
    """
    n = state.nominations.get(_key(nomination_id))
    if n is None:
        return f"Error: no nomination {nomination_id!r}"
    if n["status"] != "received":
        return f"Error: {nomination_id} is {n['status']} already"
    missing = [p for p in ("proposer", "seconder") if n[p] is None]
    if missing:
        return f"Error: {nomination_id} has no {' or '.join(missing)}; a paper is subscribed by both"
    if not n["consent"]:
        return (f"Error: {nomination_id} has no consent to nomination; a nomination is checked once the candidate's "
                "consent is in")
    if n["description"] is not None and not n["certificate"]:
        return f"Error: {nomination_id} uses a party description without the party's certificate"
    n["status"] = "valid"
    return _nomination(state, nomination_id)


@office()
def nominations(state: State, token: str, ward: str | None = None,
                status: NominationStatus | None = None) -> list[Nomination] | str:
    """The nominations.

    Args:
        token: The session's token.
        ward: Only this ward's (its code).
        status: Only those received, valid, invalid or withdrawn.

    Returns:
        Each nomination (nomination_id, ward, candidate, address, description, subscribers, consent, certificate,
        status), by id.
    """
    want = _value(status)
    if want is not None and want not in [s.value for s in NominationStatus]:
        return f"Error: status is one of {', '.join(s.value for s in NominationStatus)}, not {status!r}"
    return [_nomination(state, nid) for nid, n in sorted(state.nominations.items())
            if (ward is None or n["ward"] == ward) and (want is None or n["status"] == want)]


@office("elections")
def withdraw_candidate(state: State, token: str, nomination_id: str, witness: str) -> str:
    """Take a candidate's notice of withdrawal, before nominations close.

    Args:
        token: The session's token.
        nomination_id: The nomination.
        witness: Who witnessed the notice.

    Returns:
        A sentence naming the candidate withdrawn.
    """
    n = state.nominations.get(_key(nomination_id))
    if n is None:
        return f"Error: no nomination {nomination_id!r}"
    if not state.nominations_open:
        return "Error: a candidate withdraws before nominations close"
    if n["status"] == "withdrawn":
        return f"Error: {nomination_id} is withdrawn already"
    if _blank(witness):
        return "Error: witness is required"
    n["status"] = "withdrawn"
    return f"{n['candidate']} has withdrawn from {state.wards[n['ward']][0]} ({nomination_id})."


@office("manager")
def close_nominations(state: State, token: str) -> str:
    """Close nominations for the returning officer, at four on the last day.

    Args:
        token: The session's token.

    Returns:
        A sentence saying how many nominations are valid and how many wait to be checked.
    """
    if not state.nominations_open:
        return "Error: nominations are closed already"
    state.nominations_open = False
    valid = sum(1 for n in state.nominations.values() if n["status"] == "valid")
    waiting = sum(1 for n in state.nominations.values() if n["status"] == "received")
    return f"Nominations closed at {NOW}: {valid} valid, {waiting} still to check."


@office("elections")
def publish_sopn(state: State, token: str, ward: str) -> list[list[Any]] | str:
    """Publish a ward's statement of persons nominated, once nominations have closed and every paper is decided.

    Args:
        token: The session's token.
        ward: The ward's code.

    Returns:
        The statement as rows of [candidate, home address, description, proposer, seconder], by surname.
    """
    if _key(ward) not in state.wards:
        return f"Error: no ward {ward!r}"
    if state.nominations_open:
        return "Error: nominations are still open; the statement is published once they close"
    if ward in state.sopn:
        return f"Error: the statement for {state.wards[ward][0]} is published already"
    waiting = sorted(nid for nid, n in state.nominations.items() if n["ward"] == ward and n["status"] == "received")
    if waiting:
        return f"Error: {', '.join(waiting)} in {state.wards[ward][0]} still to be checked"
    rows = []
    for nid in _candidates(state, ward):
        nm = _nomination(state, nid)
        rows.append([nm.candidate, nm.home_address, nm.description or "", nm.proposer, nm.seconder])
    rows.sort(key=lambda r: r[0].split()[-1])
    state.sopn[ward] = rows
    return [list(r) for r in rows]


@office("elections")
def order_ballot_papers(state: State, token: str, ward: str, quantity: int) -> BallotOrder | str:
    """Order a contested ward's ballot papers from the printer, once its statement of persons nominated is
    published.

    Args:
        token: The session's token.
        ward: The ward's code.
        quantity: How many papers.

    Returns:
        The order with its order_id and delivery date.
    """
    if _key(ward) not in state.wards:
        return f"Error: no ward {ward!r}"
    if ward not in state.sopn:
        return f"Error: the statement of persons nominated for {state.wards[ward][0]} is not published yet"
    if len(state.sopn[ward]) <= state.wards[ward][1]:
        return (f"Error: {state.wards[ward][0]} is uncontested: {len(state.sopn[ward])} candidates for "
                f"{state.wards[ward][1]} seats, so there is no poll")
    if not _count(quantity) or quantity < state.electorate[ward]:
        return f"Error: quantity must cover the ward's electorate of {state.electorate[ward]}"
    if any(o[0] == ward for o in state.ballot_orders.values()):
        return f"Error: ballot papers for {state.wards[ward][0]} are ordered already"
    oid = f"BP-{_next(state, 'order')}"
    state.ballot_orders[oid] = [ward, quantity]
    return BallotOrder(order_id=oid, ward=ward, candidates=len(state.sopn[ward]), quantity=quantity,
                       printer="Vellum Print, Wendleford", delivery="2039-04-13")


# --------------------------------------------------------------------------- polling stations and staff


@office()
def polling_stations(state: State, token: str, ward: str | None = None) -> list[Station] | str:
    """The polling stations.

    Args:
        token: The session's token.
        ward: Only this ward's (its code).

    Returns:
        Each station's station_id, name, ward, districts, presiding officer, clerks and the clerks it needs, by id.
    """
    return [_station(state, sid) for sid, s in sorted(state.stations.items()) if ward is None or s[1] == ward]


@office("staffing")
def recruit_staff(state: State, token: str, name: str, phone: str, email: str,
                  role: StaffRole) -> PollWorker | str:
    """Recruit someone to work at the election.

    Args:
        token: The session's token.
        name: Their name with a title.
        phone: A phone number.
        email: An e-mail address.
        role: presiding_officer, poll_clerk or count_assistant.

    Returns:
        The poll worker with their new worker_id.
    """
    if _blank(name) or _blank(phone) or _blank(email) or "@" not in email:
        return "Error: name, phone and an e-mail address are required"
    r = _value(role)
    if r not in [x.value for x in StaffRole]:
        return f"Error: role is one of {', '.join(x.value for x in StaffRole)}, not {role!r}"
    for wid, w in state.workers.items():
        if w[2].lower() == email.strip().lower():
            return f"Error: {w[0]} is on the staff list already as {wid}"
    wid = f"PW-{_next(state, 'worker')}"
    state.workers[wid] = [name.strip(), phone.strip(), email.strip(), r, [], None]
    return _worker(state, wid)


@office("staffing")
def record_training(state: State, token: str, worker_id: str, course: Course,
                    completed_on: str) -> PollWorker | str:
    """Record a training course a poll worker has completed.

    Args:
        token: The session's token.
        worker_id: The poll worker.
        course: presiding_officer, poll_clerk or count.
        completed_on: YYYY-MM-DD.

    Returns:
        The poll worker with their courses.
    """
    w = state.workers.get(_key(worker_id))
    if w is None:
        return f"Error: no poll worker {worker_id!r}"
    if course not in ("presiding_officer", "poll_clerk", "count"):
        return f"Error: course is presiding_officer, poll_clerk or count, not {course!r}"
    done = _date(completed_on)
    if done is None or done > TODAY:
        return "Error: completed_on is a date (YYYY-MM-DD), not after today"
    if course in w[4]:
        return f"Error: {w[0]} has the {course.replace('_', ' ')} course already"
    w[4].append(course)
    return _worker(state, worker_id)


@office("staffing")
def appoint_to_station(state: State, token: str, worker_id: str, station_id: str) -> Station | str:
    """Appoint a presiding officer or a poll clerk to a polling station.

    Args:
        token: The session's token.
        worker_id: The poll worker.
        station_id: The polling station.

    Returns:
        The station as it is now staffed.
    """
    w = state.workers.get(_key(worker_id))
    if w is None:
        return f"Error: no poll worker {worker_id!r}"
    if _key(station_id) not in state.stations:
        return f"Error: no polling station {station_id!r}"
    if w[5] is not None:
        return f"Error: {w[0]} is appointed to {w[5]} already"
    st = _station(state, station_id)
    if w[3] == "presiding_officer":
        if "presiding_officer" not in w[4]:
            return f"Error: {w[0]} has not done the presiding officer's course; a presiding officer is trained first"
        if st.presiding_officer is not None:
            return f"Error: {st.name} has a presiding officer already ({st.presiding_officer})"
    elif w[3] == "poll_clerk":
        if len(st.clerks) >= st.clerks_needed:
            return f"Error: {st.name} has the clerks it needs"
    else:
        return f"Error: {w[0]} is a count assistant; the count is not at a polling station"
    w[5] = station_id
    return _station(state, station_id)


@office()
def poll_workers(state: State, token: str, role: StaffRole | None = None,
                 unassigned: bool = False) -> list[PollWorker] | str:
    """The poll workers.

    Args:
        token: The session's token.
        role: Only presiding_officer, poll_clerk or count_assistant.
        unassigned: Only those not yet appointed to a station.

    Returns:
        Each worker's worker_id, name, phone, role, courses done and station, by id.
    """
    r = _value(role)
    if r is not None and r not in [x.value for x in StaffRole]:
        return f"Error: role is one of {', '.join(x.value for x in StaffRole)}, not {role!r}"
    return [_worker(state, wid) for wid, w in sorted(state.workers.items())
            if (r is None or w[3] == r) and (not unassigned or w[5] is None)]


# --------------------------------------------------------------------------- the open register for sale


@office("elections")
def request_register_copy(state: State, token: str, purchaser: str, ward: str,
                          format: RegisterFormat) -> RegisterOrder | str:
    """Take an order for a copy of a ward's open register.

    Args:
        token: The session's token.
        purchaser: Who is buying it.
        ward: The ward's code.
        format: data or printed.

    Returns:
        The order with its order_id and the statutory fee to pay.
    """
    if _blank(purchaser):
        return "Error: purchaser is required"
    if _key(ward) not in state.wards:
        return f"Error: no ward {ward!r}"
    if format not in OPEN_REGISTER_FEE:
        return f"Error: format is data or printed, not {format!r}"
    entries = _open_entries(state, ward)
    base, per = OPEN_REGISTER_FEE[format]
    fee = round(base + per * ((entries + 999) // 1000), 2)
    oid = f"RS-{_next(state, 'sale')}"
    state.register_orders[oid] = [purchaser.strip(), ward, format, entries, fee, 0.0, False]
    return _order(state, oid)


@office("elections")
def record_register_fee(state: State, token: str, order_id: str, amount: float) -> float | str:
    """Record a payment towards an open register order's fee.

    Args:
        token: The session's token.
        order_id: The order.
        amount: What was paid.

    Returns:
        What is left to pay.
    """
    o = state.register_orders.get(_key(order_id))
    if o is None:
        return f"Error: no register order {order_id!r}"
    left = round(o[4] - o[5], 2)
    if left <= 0:
        return f"Error: {order_id} is paid already"
    if not _amount(amount) or amount <= 0 or amount > left + 0.005:
        return f"Error: amount is up to the {left:.2f} left to pay"
    o[5] = round(o[5] + amount, 2)
    return round(o[4] - o[5], 2)


@office("elections")
def release_register_copy(state: State, token: str, order_id: str) -> str:
    """Send a paid-for copy of the open register to its purchaser.

    Args:
        token: The session's token.
        order_id: The order.

    Returns:
        A sentence saying what went to whom.
    """
    o = state.register_orders.get(_key(order_id))
    if o is None:
        return f"Error: no register order {order_id!r}"
    if o[6]:
        return f"Error: {order_id} was released already"
    if o[5] < o[4]:
        return f"Error: {order_id} has {o[4] - o[5]:.2f} of its fee to pay; a copy is released once the fee is paid"
    o[6] = True
    return (f"The open register for {state.wards[o[1]][0]} ({o[3]} entries, {o[2]}) has gone to {o[0]} on order "
            f"{order_id}.")


TOOLS = [
    sign_in, sign_out, election_timetable, wards, registered_parties, find_property, find_elector,
    submit_application, verify_identity, record_evidence, determine_application, applications, change_name,
    open_register_choice, remove_elector, apply_postal_vote, check_absent_application, grant_absent_vote,
    appoint_proxy, absent_voters, issue_postal_packs, record_postal_return, submit_nomination, add_subscriber,
    record_consent, record_party_certificate, check_nomination, nominations, withdraw_candidate, close_nominations,
    publish_sopn, order_ballot_papers, polling_stations, recruit_staff, record_training, appoint_to_station,
    poll_workers, request_register_copy, record_register_fee, release_register_copy,
]

FIXTURES = {
    "council": {"name": "Wendleford District Council", "office": "electoral services, the Guildhall, Wendleford",
                "today": "Tuesday 5 April 2039, ten in the morning; the district elections are on Thursday 5 May"},
    "staff": [
        {"name": "Ottoline Fairbrass", "role": "registration team", "username": "ottoline.f",
         "password": "Canvass-Form-12"},
        {"name": "Kwabena Amankwah", "role": "absent vote team", "username": "kwabena.o",
         "password": "Postal-Pack-48"},
        {"name": "Perpetua Hamlyn", "role": "elections team", "username": "perpetua.h",
         "password": "Nomination-Day-6"},
        {"name": "Dafydd Prothero", "role": "staffing officer", "username": "dafydd.p", "password": "Ballot-Box-93"},
        {"name": "Lavinia Threapleton", "role": "electoral services manager (for the returning officer)",
         "username": "lavinia.s", "password": "Returning-Off-25"},
    ],
    "new_elector": {
        "name": "Ms Saoirse Nankivell", "address": "Flat 3, 41 Coopers Yard, Fellgate", "date_of_birth": "1994-02-17",
        "national_insurance_number": "JT 48 21 90 B", "nationality": "Irish",
        "wants": "a postal vote for this election, and to be left out of the open register",
    },
    "new_candidate": {
        "name": "Wilfred Pollexfen-Rowe", "ward": "Fellgate", "home_address": "8 Sluice Street, Wendleford",
        "party": "the Green Lanes Party, using its Save Fellgate Meadows description",
        "papers": "proposed by Mr Habib Chaudhry-Weddell and seconded by Miss Seren Eldritch; consent signed on 4 "
                  "April 2039, witnessed by Mr Silas Gumbrell; the certificate signed by Ms Hester Quilliam",
    },
    "new_poll_worker": {"name": "Mrs Oluwaseun Brisco", "phone": "07700 900738",
                        "email": "seun.brisco@example.com", "role": "presiding officer",
                        "training": "presiding officers' course on Saturday 2 April 2039"},
    "notes": [
        "Mr Koziol-Baines's application is still waiting for its identity check",
        "Ms Ugarte did not match the national records; she has brought her passport and birth certificate",
        "Mrs Hafsa Mellinger of Flat 5, 41 Coopers Yard (born 30 March 1977, British, national insurance number PW 77 "
        "30 18 D) has applied to register; she has her driving licence with her",
        "Ms Pennock's postal vote application needs its identity check before it is granted",
        "Henrietta Corbishley's consent came in this morning, signed on 1 April and witnessed by Mr Piers Ockwell",
        "Jowan Treloar's seconder is Mr Habib Chaudhry-Weddell",
        "Beatrice Onslow-Reade's certificate from Ms Hester Quilliam arrived in the post",
        "Yolande Ivey's paper is complete and waiting to be checked",
        "Mrs Greer Chaudhry-Weddell will be away on polling day; her husband Habib will vote for her as proxy",
        "Mrs Ottilie Drabble has asked to be put back into the open register",
        "Mr Peregrine Marchbank married in March and is now Mr Peregrine Marchbank-Onwuachi",
        "Mr Leofric Hamerton died on 28 March; his daughter sent the death certificate",
        "Ms Rowena Titchmarsh did the presiding officers' course on 2 April and is to run Watermeadow",
        "Civic Alliance want the open register for Abbotsmead as data",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "election_timetable", "wards", "registered_parties")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
APPLICATION_CONSUMERS = ["verify_identity", "record_evidence", "determine_application"]
ELECTOR_CONSUMERS = ["change_name", "open_register_choice", "remove_elector", "apply_postal_vote", "appoint_proxy"]
ABSENT_CONSUMERS = ["check_absent_application", "grant_absent_vote", "record_postal_return"]
WARD_CONSUMERS = ["submit_nomination", "publish_sopn", "order_ballot_papers", "issue_postal_packs",
                  "request_register_copy"]
NOMINATION_CONSUMERS = ["add_subscriber", "record_consent", "record_party_certificate", "check_nomination",
                        "withdraw_candidate"]
_APPLICATION = "id lookup/create: application (application_id of submit_application, or of an applications entry)"
_ELECTOR = ("id lookup/create: elector (elector_number of determine_application, or of a find_elector entry)")
_ABSENT = "id lookup/create: absent vote (absent_vote_id of apply_postal_vote, or of an absent_voters entry)"
_WARD = "vocabulary: ward codes (code of a wards entry)"
_NOMINATION = "id lookup/create: nomination (nomination_id of submit_nomination, or of a nominations entry)"
_WORKER = "id lookup/create: poll worker (worker_id of recruit_staff, or of a poll_workers entry)"
_ORDER = "id create: open register order (order_id of request_register_copy)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("submit_application|applications", c, _APPLICATION) for c in APPLICATION_CONSUMERS]
    + [("determine_application|find_elector", c, _ELECTOR) for c in ELECTOR_CONSUMERS]
    + [("apply_postal_vote|absent_voters", c, _ABSENT) for c in ABSENT_CONSUMERS]
    + [("wards", c, _WARD) for c in WARD_CONSUMERS]
    + [("submit_nomination|nominations", c, _NOMINATION) for c in NOMINATION_CONSUMERS]
    + [("recruit_staff|poll_workers", c, _WORKER) for c in ("record_training", "appoint_to_station")]
    + [("request_register_copy", c, _ORDER) for c in ("record_register_fee", "release_register_copy")]
    + [
        ("find_property", "submit_application", "id lookup: property (property_ref of a find_property entry)"),
        ("find_elector", "add_subscriber", "id lookup: subscriber (elector_number of a find_elector entry)"),
        ("registered_parties", "submit_nomination",
         "vocabulary: party descriptions (description_id of a registered_parties entry)"),
        ("polling_stations", "appoint_to_station", "id lookup: polling station (station_id of a polling_stations "
                                                   "entry)"),
        ("verify_identity|record_evidence", "determine_application",
         "vetting: the applicant's identity verified, on the national records or on documents"),
        ("check_absent_application", "grant_absent_vote", "vetting: the postal voter's identity verified"),
        ("record_training", "appoint_to_station", "vetting: the presiding officer trained"),
        ("add_subscriber", "check_nomination", "state: the paper subscribed by a proposer and a seconder"),
        ("record_consent", "check_nomination", "state: the candidate's consent to nomination in"),
        ("record_party_certificate", "check_nomination", "state: the party's certificate for its description in"),
        ("check_nomination", "publish_sopn", "state: every nomination paper in the ward decided"),
        ("close_nominations", "publish_sopn", "state: nominations closed"),
        ("publish_sopn", "order_ballot_papers", "state: the ward's statement of persons nominated published"),
        ("order_ballot_papers", "issue_postal_packs", "state: the ward's ballot papers ordered from the printer"),
        ("issue_postal_packs", "record_postal_return", "state: the postal voter's pack issued"),
        ("grant_absent_vote", "record_postal_return", "state: the postal vote granted before the ward's packs went "
                                                      "out"),
        ("verify_identity", "record_evidence", "state: the application checked against the national records and "
                                               "not matched"),
        ("record_register_fee", "release_register_copy", "payment: the open register's fee paid"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_APPLICATION_SHOWN = ("applications", "submit_application", "verify_identity", "record_evidence",
                      "determine_application")
_ELECTOR_SHOWN = ("find_elector", "determine_application", "change_name", "open_register_choice", "applications",
                  "absent_voters", "apply_postal_vote", "check_absent_application", "grant_absent_vote",
                  "appoint_proxy", "record_postal_return", "nominations", "submit_nomination", "add_subscriber",
                  "record_consent", "record_party_certificate", "check_nomination", "publish_sopn")
_ABSENT_SHOWN = ("absent_voters", "apply_postal_vote", "check_absent_application", "grant_absent_vote",
                 "appoint_proxy", "record_postal_return")
_WARD_SHOWN = ("find_property", "find_elector", "nominations", "submit_nomination", "add_subscriber",
               "record_consent", "record_party_certificate", "check_nomination", "polling_stations",
               "appoint_to_station", "order_ballot_papers", "request_register_copy")
_NOMINATION_SHOWN = ("nominations", "submit_nomination", "add_subscriber", "record_consent",
                     "record_party_certificate", "check_nomination")
_ELECTOR_CHANGES = ("determine_application", "change_name", "open_register_choice", "remove_elector",
                    "grant_absent_vote", "appoint_proxy")
_ABSENT_CHANGES = ("apply_postal_vote", "check_absent_application", "grant_absent_vote", "appoint_proxy",
                   "issue_postal_packs", "record_postal_return", "remove_elector")
_NOMINATION_CHANGES = ("submit_nomination", "add_subscriber", "record_consent", "record_party_certificate",
                       "check_nomination", "withdraw_candidate", "close_nominations")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: applications on their checks; elector numbers on
    # applications, absent votes, nominations and statements; absent votes on every absent vote reply; ward codes on
    # properties, electors, nominations, stations and orders; nominations, poll workers and stations on theirs
    {(p, c) for p in _APPLICATION_SHOWN for c in APPLICATION_CONSUMERS}
    | {(p, c) for p in _ELECTOR_SHOWN for c in ELECTOR_CONSUMERS + ["add_subscriber"]}
    | {(p, c) for p in _ABSENT_SHOWN for c in ABSENT_CONSUMERS}
    | {(p, c) for p in _WARD_SHOWN for c in WARD_CONSUMERS}
    | {(p, c) for p in _NOMINATION_SHOWN for c in NOMINATION_CONSUMERS}
    | {(p, c) for p in ("poll_workers", "recruit_staff", "record_training") for c in ("record_training",
                                                                                   "appoint_to_station")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("check_absent_application", "record_postal_return"), ("close_nominations", "order_ballot_papers"),
        ("find_elector", "check_absent_application"), ("find_elector", "check_nomination"),
        ("find_elector", "grant_absent_vote"), ("find_elector", "record_postal_return"),
        ("find_property", "determine_application"), ("find_property", "record_evidence"),
        ("find_property", "verify_identity"), ("nominations", "publish_sopn"),
        ("order_ballot_papers", "record_postal_return"), ("publish_sopn", "issue_postal_packs"),
        ("registered_parties", "add_subscriber"), ("registered_parties", "check_nomination"),
        ("registered_parties", "record_consent"), ("registered_parties", "record_party_certificate"),
        ("registered_parties", "withdraw_candidate"), ("submit_application", "apply_postal_vote"),
        ("submit_application", "appoint_proxy"), ("submit_application", "change_name"),
        ("submit_application", "open_register_choice"), ("submit_application", "remove_elector"),
        ("verify_identity", "apply_postal_vote"), ("verify_identity", "appoint_proxy"),
        ("verify_identity", "change_name"), ("verify_identity", "open_register_choice"),
        ("verify_identity", "remove_elector"), ("wards", "add_subscriber"), ("wards", "check_nomination"),
        ("wards", "record_consent"), ("wards", "record_party_certificate"), ("wards", "record_postal_return"),
        ("wards", "record_register_fee"), ("wards", "release_register_copy"), ("wards", "withdraw_candidate"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, "applications") for p in ("submit_application", "verify_identity", "record_evidence",
                                     "determine_application")}
    | {(p, "find_elector") for p in _ELECTOR_CHANGES}
    | {(p, "absent_voters") for p in _ABSENT_CHANGES}
    | {(p, "nominations") for p in _NOMINATION_CHANGES}
    | {(p, c) for p in ("recruit_staff", "record_training", "appoint_to_station")
       for c in ("poll_workers", "polling_stations")}
    | {(p, "request_register_copy") for p in ("open_register_choice", "remove_elector", "determine_application")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
