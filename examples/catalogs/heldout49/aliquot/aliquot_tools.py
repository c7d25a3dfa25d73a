"""Aliquot: the testing, results management and TUE system of Northmarch Anti-Doping, a national anti-doping
organisation (38 calls).

Coroutines, each behind the ``clearance(*roles)`` session decorator, over an in-memory ``State`` of the organisation
on Monday 17 February 2053 at 09:00. Athlete services register athletes, put them in a testing pool, take their
whereabouts filings and record filing failures. Test planners raise test orders for an athlete with the analyses
the laboratory is to run, which the head of testing authorises; planners keep the doping control officers'
availability, assign an officer to each order and issue sample collection kits. The officer notifies the athlete,
collects the sample (or records an unsuccessful attempt) and ships the samples to an accredited laboratory. Results
management records the laboratory's result, opens a case for an adverse or atypical finding, notifies the athlete,
imposes a provisional suspension, takes the B-sample fee and arranges the B-sample opening, and decides the case.
The TUE committee takes therapeutic use exemption applications, their medical evidence and its panel's decision. The
head of testing may do everything. The sports, the analysis menu and the laboratories are public.

Refusals are raised as Python's built-in exceptions: ``PermissionError`` when there is no session or the role may
not make the call, ``LookupError`` for an unknown id or code, ``ValueError`` for a bad input or a rule of the
organisation's, and ``RuntimeError`` for a record in the wrong state or a change made already.

Annotations are PEP 604 unions and builtin generics evaluated at definition (``str | None``, ``float | None``,
``list[str]``, ``list[list[Any]]``), with ``Literal`` aliases and ``Enum``s. Docstrings are Google style (``Args:``,
``Returns:``). Replies are ``TypedDict``s and lists of them (a session, athletes, an athlete's record with tests,
whereabouts, TUEs and cases as rows, whereabouts filings, filing failures, test orders, an officer's availability,
a kit issue, samples, a shipment, cases, B-sample fees, TUEs); the sports, the analysis menu, the laboratories and
the officers as bare rows, a laboratory's analyses nested in its row; a bare value (an athlete's whereabouts
strikes); sentences with an id in them (an order cancelled, an athlete notified with the doping control form's
number, an unsuccessful attempt, an athlete notified of a finding, a pool left, a sign-out). Typed inputs: plain
``Enum`` inputs (``TestKind``, ``SampleType``), ``str`` ``Enum`` inputs (``Pool``), ``Literal`` inputs (a kit,
a laboratory result, a case's outcome, a TUE decision) and ``Literal`` filters (test orders, samples, cases, TUEs),
``list[str]`` analyses, samples, panels and documents, ``bool`` settings and answers, ``int`` counts, volumes and
months, ``float`` specific gravity and amounts, ``str | None`` details and filters. Ids look alike: athlete
``ATH-30411``, test order ``TO-5101``, officer ``DCO-07``, kit ``KIT-U-448120``, sample ``SC-771204``, shipment
``SHP-2207``, case ``RM-0210``, TUE ``TUE-0881``; sports ``ATH``; analyses ``U-STD``; laboratories ``LAB-HWL``.
Which pools file whereabouts, the hours of a whereabouts slot, the analyses that need a phlebotomist, the urine
volume and specific gravity a sample needs, the B-sample fee, the TUE panel's size and the longest sanction are
stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import re
from enum import Enum
from typing import Any, Callable, Literal, TypedDict

TODAY = "2053-02-17"  # a Monday
NOW = "2053-02-17 09:00"
PLANNER = "planner"
DCO = "dco"
RESULTS = "results"
TUE_COMMITTEE = "tue"
ATHLETE_SERVICES = "athlete_services"
HEAD = "head_of_testing"
OrderStatus = Literal["draft", "authorised", "assigned", "notified", "collected", "unsuccessful", "cancelled"]
SampleStatus = Literal["collected", "dispatched", "resulted"]
CaseStatus = Literal["open", "notified", "decided"]
TueStatus = Literal["pending", "granted", "refused"]
KitType = Literal["urine", "blood"]
LabResult = Literal["negative", "atypical", "adverse"]
Outcome = Literal["sanction", "no_case"]
TueDecision = Literal["granted", "refused"]
B_SAMPLE_FEE = 350.0


class Pool(str, Enum):
    RTP = "rtp"
    TP = "tp"
    NATIONAL = "national"


class TestKind(Enum):
    OUT_OF_COMPETITION = "out_of_competition"
    IN_COMPETITION = "in_competition"


class SampleType(Enum):
    URINE = "urine"
    BLOOD = "blood"


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str
    dco_id: str | None
    signed_in: str


class Athlete(TypedDict):
    athlete_id: str
    name: str
    date_of_birth: str
    sport: str
    nationality: str
    email: str | None
    pool: str | None
    athlete_status: str


class AthleteRecord(Athlete):
    tests: list[list[Any]]
    whereabouts: list[list[Any]]
    tues: list[list[Any]]
    cases: list[list[Any]]


class Filing(TypedDict):
    athlete_id: str
    date: str
    address: str
    slot: str
    filed_on: str


class FilingFailure(TypedDict):
    athlete_id: str
    quarter: str
    reason: str
    strikes: int


class TestOrder(TypedDict):
    order_id: str
    athlete_id: str
    athlete: str
    kind: str
    analyses: list[str]
    due_by: str
    dco_id: str | None
    order_status: str


class Availability(TypedDict):
    dco_id: str
    name: str
    available_on: list[str]


class KitIssue(TypedDict):
    dco_id: str
    kit_type: str
    kits: list[str]
    issued_on: str


class Sample(TypedDict):
    sample_id: str
    order_id: str
    athlete_id: str
    sample_type: str
    kit_code: str
    volume_ml: int
    specific_gravity: float | None
    sample_status: str
    lab_code: str | None
    result: str | None
    substance: str | None


class Shipment(TypedDict):
    shipment_id: str
    lab_code: str
    samples: list[str]
    courier_ref: str
    dispatched_on: str


class Case(TypedDict):
    case_id: str
    athlete_id: str
    athlete: str
    sample_id: str
    substance: str
    case_status: str
    provisionally_suspended: bool
    b_sample: str | None
    outcome: str | None


class BSampleFee(TypedDict):
    case_id: str
    amount: float
    paid_by: str
    paid_on: str


class Tue(TypedDict):
    tue_id: str
    athlete_id: str
    athlete: str
    substance: str
    retroactive: bool
    evidence: list[str]
    tue_status: str
    valid_until: str | None


# --------------------------------------------------------------------------- the organisation's public lists

SPORTS = [  # code, sport, national governing body
    ["ATH", "Athletics", "Northmarch Athletics"], ["CYC", "Cycling", "Cycling Northmarch"],
    ["SWM", "Swimming", "Northmarch Aquatics"], ["ROW", "Rowing", "Northmarch Rowing"],
    ["WLT", "Weightlifting", "Northmarch Weightlifting"], ["TRI", "Triathlon", "Triathlon Northmarch"],
]
SPORT = {code for code, _, _ in SPORTS}
MENU = [  # code, analysis, sample type, cost in pounds
    ["U-STD", "Urine, the standard menu", "urine", 180.0],
    ["U-ESA", "Urine, erythropoiesis-stimulating agents", "urine", 210.0],
    ["U-IRMS", "Urine, isotope ratio mass spectrometry", "urine", 390.0],
    ["U-GHRF", "Urine, growth hormone releasing factors", "urine", 160.0],
    ["B-GH", "Blood, growth hormone", "blood", 240.0],
    ["B-ABP", "Blood, athlete biological passport", "blood", 95.0],
]
ANALYSIS = {code: kind for code, _, kind, _ in MENU}
LABS = [  # code, name, city, the analyses it is accredited for
    ["LAB-HWL", "Hallwick Analytical", "Hallwick", ["U-STD", "U-ESA", "U-GHRF", "B-ABP"]],
    ["LAB-KRS", "Kersey Doping Control Laboratory", "Kersey", ["U-STD", "U-ESA", "U-IRMS", "U-GHRF", "B-GH", "B-ABP"]],
]
LAB = {code: set(analyses) for code, _, _, analyses in LABS}


def _order(athlete: str, kind: str, analyses: list[str], due: str, status: str, dco: str | None = None,
           **more: Any) -> dict[str, Any]:
    row = {"athlete": athlete, "kind": kind, "analyses": analyses, "due": due, "status": status, "dco": dco,
           "notified": None}
    row.update(more)
    return row


def _sample_row(order: str, athlete: str, kind: str, kit: str, volume: int, sg: float | None, status: str,
                **more: Any) -> dict[str, Any]:
    row = {"order": order, "athlete": athlete, "type": kind, "kit": kit, "volume": volume, "sg": sg,
           "status": status, "lab": None, "result": None, "substance": None}
    row.update(more)
    return row


class State:
    """Northmarch Anti-Doping on Monday 17 February 2053 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "pelagia.i": {"name": "Pelagia Ibekwe", "password": "Mission-Planner-22", "role": PLANNER, "dco": None},
            "caius.m": {"name": "Caius Ndlovu-Yeadon", "password": "Chaperone-Dawn-47", "role": DCO, "dco": "DCO-07"},
            "radegund.u": {"name": "Radegund Uttley", "password": "Tourniquet-Vial-81", "role": DCO,
                             "dco": "DCO-11"},
            "hilaire.p": {"name": "Hilaire Scrivelsby", "password": "B-Bottle-Seal-36", "role": RESULTS, "dco": None},
            "eudora.f": {"name": "Eudora Frome", "password": "Panel-Quorum-58", "role": TUE_COMMITTEE,
                           "dco": None},
            "isidore.m": {"name": "Isidore Mawdsley", "password": "Sixty-Minutes-14", "role": ATHLETE_SERVICES,
                          "dco": None},
            "ursanne.v": {"name": "Ursanne Vose", "password": "Strict-Liability-69", "role": HEAD, "dco": None},
        }
        self.sessions: dict[str, dict[str, Any]] = {}
        self.dcos = {"DCO-07": ["Caius Ndlovu-Yeadon", "North", False], "DCO-11": ["Radegund Uttley", "North", True],
                     "DCO-15": ["Wenceslas Inchbald", "South", True]}
        self.available: dict[str, list[str]] = {"DCO-07": ["2053-02-18", "2053-02-19"], "DCO-11": ["2053-02-18"],
                                                "DCO-15": []}
        self.kits: dict[str, dict[str, Any]] = {
            "KIT-U-448120": {"dco": "DCO-11", "type": "urine", "used": False},
            "KIT-B-220331": {"dco": "DCO-11", "type": "blood", "used": False},
        }
        self.athletes: dict[str, dict[str, Any]] = {
            "ATH-30411": {"name": "Akosua Ossei-Frayne", "born": "2029-06-03", "sport": "ATH",
                          "nationality": "Northmarch",
                          "email": "ama.of@example.net", "pool": "rtp", "status": "eligible"},
            "ATH-30417": {"name": "Ottavio Wrenshaw", "born": "2027-11-21", "sport": "CYC", "nationality": "Northmarch",
                          "email": None, "pool": "rtp", "status": "eligible"},
            "ATH-30422": {"name": "Nerissa Vell", "born": "2033-02-09", "sport": "SWM", "nationality": "Northmarch",
                          "email": "nerissa.vell@example.org", "pool": "national", "status": "eligible"},
            "ATH-30430": {"name": "Gervais Linnell", "born": "2030-08-30", "sport": "WLT", "nationality": "Northmarch",
                          "email": "caspar.linnell@example.net", "pool": None, "status": "eligible"},
            "ATH-30435": {"name": "Zephyrine Haugland", "born": "2028-04-14", "sport": "ROW",
                          "nationality": "Northmarch",
                          "email": "zephyrine.h@example.com", "pool": "rtp", "status": "eligible"},
        }
        self.whereabouts: list[list[Any]] = [  # athlete, date, address, slot, filed
            ["ATH-30411", "2053-02-18", "14 Rye Walk, Hallwick", "06:00-07:00", "2053-01-02"],
            ["ATH-30411", "2053-02-19", "Hallwick Track, Cinder Lane", "07:00-08:00", "2053-01-02"],
            ["ATH-30417", "2053-02-18", "3 Derailleur Row, Kersey", "06:00-07:00", "2053-01-03"],
        ]
        self.failures: list[list[Any]] = [  # athlete, date, kind, detail
            ["ATH-30417", "2052-10-15", "filing_failure", "2052-Q4 filing late"],
            ["ATH-30417", "2052-11-28", "missed_test", "Not at 3 Derailleur Row in the slot"],
        ]
        self.orders: dict[str, dict[str, Any]] = {
            "TO-5090": _order("ATH-30422", "in_competition", ["U-STD"], "2053-01-25", "collected", "DCO-11",
                              notified="DCF-558140"),
            "TO-5097": _order("ATH-30422", "out_of_competition", ["U-STD"], "2053-02-14", "collected", "DCO-07",
                              notified="DCF-558177"),
            "TO-5098": _order("ATH-30417", "out_of_competition", ["U-STD", "U-ESA"], "2053-02-12", "collected",
                              "DCO-11", notified="DCF-558169"),
            "TO-5099": _order("ATH-30435", "out_of_competition", ["U-STD"], "2053-01-30", "collected", "DCO-07",
                              notified="DCF-558151"),
            "TO-5101": _order("ATH-30411", "out_of_competition", ["U-STD", "U-ESA"], "2053-02-18", "authorised"),
            "TO-5102": _order("ATH-30417", "out_of_competition", ["U-STD", "B-ABP"], "2053-02-18", "assigned",
                              "DCO-11"),
            "TO-5103": _order("ATH-30422", "out_of_competition", ["U-STD", "U-GHRF"], "2053-02-21", "draft"),
        }
        self.samples: dict[str, dict[str, Any]] = {
            "SC-771150": _sample_row("TO-5090", "ATH-30422", "urine", "KIT-U-447903", 120, 1.018, "resulted",
                                     lab="LAB-KRS", result="adverse", substance="Prednisolone"),
            "SC-771204": _sample_row("TO-5099", "ATH-30435", "urine", "KIT-U-448011", 95, 1.021, "resulted",
                                     lab="LAB-KRS", result="adverse", substance="Clenbuterol"),
            "SC-771230": _sample_row("TO-5098", "ATH-30417", "urine", "KIT-U-448066", 130, 1.010, "dispatched",
                                     lab="LAB-KRS"),
            "SC-771231": _sample_row("TO-5097", "ATH-30422", "urine", "KIT-U-448070", 100, 1.014, "collected"),
        }
        self.shipments: dict[str, dict[str, Any]] = {
            "SHP-2206": {"lab": "LAB-KRS", "samples": ["SC-771230"], "courier": "NMX-40212", "on": "2053-02-13"},
        }
        self.cases: dict[str, dict[str, Any]] = {
            "RM-0207": {"sample": "SC-771150", "status": "notified", "suspended": False, "fee": None, "b": None,
                        "outcome": None},
            "RM-0210": {"sample": "SC-771204", "status": "open", "suspended": False, "fee": None, "b": None,
                        "outcome": None},
        }
        self.tues: dict[str, dict[str, Any]] = {
            "TUE-0875": {"athlete": "ATH-30411", "substance": "Salbutamol", "diagnosis": "Exercise-induced asthma",
                         "physician": "Dr Mirela Stanescu", "retro": False, "evidence": ["spirometry report"],
                         "status": "granted", "until": "2056-01-31"},
            "TUE-0881": {"athlete": "ATH-30422", "substance": "Prednisolone", "diagnosis": "Acute asthma attack",
                         "physician": "Dr Mirela Stanescu", "retro": True, "evidence": [], "status": "pending",
                         "until": None},
        }
        self.counters = {"athlete": 30436, "order": 5104, "kit": 448200, "sample": 771232, "shipment": 2207,
                         "case": 211, "tue": 882, "dcf": 558190, "attempt": 61}


# --------------------------------------------------------------------------- helpers


def clearance(*roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Checks, before the call runs, that the token belongs to a signed-in member of staff whose role is one of
    ``roles`` (the head of testing may make every call; no roles: anyone signed in), raising PermissionError if not."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        async def checked(*args: Any, **kwargs: Any) -> Any:
            _session(kwargs.get("state"), kwargs.get("token"), roles)
            return await fn(*args, **kwargs)

        return checked

    return decorate


def _session(state: Any, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) and state is not None else None
    if session is None:
        raise PermissionError("not signed in, or the session has ended; sign in first")
    if roles and session["role"] != HEAD and session["role"] not in roles:
        raise PermissionError(f"{session['name']} ({session['role']}) may not do this")
    return session


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise LookupError(f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _time(value: Any, name: str) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", value.strip()):
        raise ValueError(f"{name} is a time written HH:MM, not {value!r}")
    return value.strip()


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        raise ValueError(f"{name} is one of {', '.join(m.value for m in kind)}, not {value!r}") from None


def _choice(value: Any, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise ValueError(f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _whole(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _strings(value: Any, name: str) -> list[str]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{name} is a list of at least one text")
    return [" ".join(v.split()) for v in value]


def _athlete(state: State, aid: str) -> Athlete:
    a = state.athletes[aid]
    return Athlete(athlete_id=aid, name=a["name"], date_of_birth=a["born"], sport=a["sport"],
                   nationality=a["nationality"], email=a["email"], pool=a["pool"], athlete_status=a["status"])


def _order_reply(state: State, oid: str) -> TestOrder:
    o = state.orders[oid]
    return TestOrder(order_id=oid, athlete_id=o["athlete"], athlete=state.athletes[o["athlete"]]["name"],
                     kind=o["kind"], analyses=list(o["analyses"]), due_by=o["due"], dco_id=o["dco"],
                     order_status=o["status"])


def _sample(state: State, sid: str) -> Sample:
    s = state.samples[sid]
    return Sample(sample_id=sid, order_id=s["order"], athlete_id=s["athlete"], sample_type=s["type"],
                  kit_code=s["kit"], volume_ml=s["volume"], specific_gravity=s["sg"], sample_status=s["status"],
                  lab_code=s["lab"], result=s["result"], substance=s["substance"])


def _case(state: State, cid: str) -> Case:
    c = state.cases[cid]
    s = state.samples[c["sample"]]
    return Case(case_id=cid, athlete_id=s["athlete"], athlete=state.athletes[s["athlete"]]["name"],
                sample_id=c["sample"], substance=s["substance"], case_status=c["status"],
                provisionally_suspended=c["suspended"], b_sample=c["b"], outcome=c["outcome"])


def _tue(state: State, tid: str) -> Tue:
    t = state.tues[tid]
    return Tue(tue_id=tid, athlete_id=t["athlete"], athlete=state.athletes[t["athlete"]]["name"],
               substance=t["substance"], retroactive=t["retro"], evidence=list(t["evidence"]),
               tue_status=t["status"], valid_until=t["until"])


def _strikes(state: State, aid: str) -> int:
    since = (datetime.date.fromisoformat(TODAY) - datetime.timedelta(days=365)).isoformat()
    return sum(1 for f in state.failures if f[0] == aid and f[1] > since)


# --------------------------------------------------------------------------- sessions and public lists


async def sign_in(state: State, username: str, password: str) -> Session:
    """Signs in to the testing system.

    Args:
        username: The member of staff's user name, such as pelagia.i.
        password: Their password.

    Returns:
        The session: its token (every call but sign_in, sports, analysis_menu and laboratories needs it), the name,
        the role and, for a doping control officer, the officer's id.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise PermissionError("unknown user name or wrong password")
    token = f"nmad-{username}-{len(state.sessions) + 1}"
    state.sessions[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], dco_id=user["dco"], signed_in=NOW)


@clearance()
async def sign_out(state: State, token: str) -> str:
    """Ends a session.

    Args:
        token: The session token.

    Returns:
        A sentence saying who signed out.
    """
    who = state.sessions.pop(token)["name"]
    return f"{who} signed out at {NOW[11:]}."


async def sports() -> list[list[str]]:
    """The sports whose athletes the organisation tests, public and needing no session.

    Returns:
        Rows of [sport code, sport, national governing body]; an athlete is registered under a sport code.
    """
    return [list(s) for s in SPORTS]


async def analysis_menu() -> list[list[Any]]:
    """The analyses a test order may ask the laboratory for, public and needing no session.

    Returns:
        Rows of [analysis code, analysis, sample type, cost in pounds]; a test order lists its analyses by code.
    """
    return [list(m) for m in MENU]


async def laboratories() -> list[list[Any]]:
    """The accredited laboratories samples are shipped to, public and needing no session.

    Returns:
        Rows of [laboratory code, name, city, [the analysis codes it is accredited for]].
    """
    return [[c, n, t, list(a)] for c, n, t, a in LABS]


# --------------------------------------------------------------------------- athletes and whereabouts


@clearance()
async def find_athlete(state: State, token: str, name: str) -> list[Athlete]:
    """Finds athletes by name (any part of it, any case).

    Args:
        token: The session token.
        name: Part of the athlete's name.

    Returns:
        The matching athletes by id, with their sport, testing pool and status.
    """
    if _blank(name):
        raise ValueError("name is required")
    text = name.strip().lower()
    return [_athlete(state, aid) for aid, a in sorted(state.athletes.items()) if text in a["name"].lower()]


@clearance(ATHLETE_SERVICES)
async def register_athlete(state: State, token: str, name: str, date_of_birth: str, sport: str, nationality: str,
                           email: str | None = None) -> Athlete:
    """Registers an athlete with the organisation.

    Args:
        token: The session token (athlete services).
        name: The athlete's full name.
        date_of_birth: YYYY-MM-DD.
        sport: The sport's code.
        nationality: The athlete's sporting nationality.
        email: An e-mail address for notices, if given.

    Returns:
        The athlete, in no testing pool yet.
    """
    born = _date(date_of_birth, "date_of_birth")
    if _blank(name) or _blank(nationality):
        raise ValueError("name and nationality are required")
    code = sport.strip().upper() if isinstance(sport, str) else ""
    if code not in SPORT:
        raise LookupError(f"no sport {sport!r}")
    if any(a["name"].lower() == " ".join(name.split()).lower() and a["born"] == born for a in state.athletes.values()):
        raise RuntimeError(f"{name.strip()} is registered already")
    aid = f"ATH-{_next(state, 'athlete')}"
    state.athletes[aid] = {"name": " ".join(name.split()), "born": born, "sport": code,
                           "nationality": nationality.strip(),
                           "email": email.strip() if isinstance(email, str) and email.strip() else None,
                           "pool": None, "status": "eligible"}
    return _athlete(state, aid)


@clearance()
async def athlete_record(state: State, token: str, athlete_id: str) -> AthleteRecord:
    """An athlete's whole record.

    Args:
        token: The session token.
        athlete_id: The athlete, such as ATH-30411.

    Returns:
        The athlete with tests as rows of [order id, due by, status], whereabouts as rows of [date, address, slot],
        TUEs as rows of [TUE id, substance, status] and cases as rows of [case id, substance, status].
    """
    _get(state.athletes, athlete_id, "athlete")
    tests = [[oid, o["due"], o["status"]] for oid, o in sorted(state.orders.items()) if o["athlete"] == athlete_id]
    where = [[w[1], w[2], w[3]] for w in sorted(state.whereabouts) if w[0] == athlete_id]
    tues = [[tid, t["substance"], t["status"]] for tid, t in sorted(state.tues.items()) if t["athlete"] == athlete_id]
    cases = [[cid, state.samples[c["sample"]]["substance"], c["status"]] for cid, c in sorted(state.cases.items())
             if state.samples[c["sample"]]["athlete"] == athlete_id]
    return AthleteRecord(**_athlete(state, athlete_id), tests=tests, whereabouts=where, tues=tues, cases=cases)


@clearance(ATHLETE_SERVICES)
async def add_to_testing_pool(state: State, token: str, athlete_id: str, pool: Pool) -> Athlete:
    """Puts an athlete in a testing pool: the registered testing pool (rtp), the testing pool (tp) or the national
    pool.

    Args:
        token: The session token (athlete services).
        athlete_id: The athlete.
        pool: rtp, tp or national.

    Returns:
        The athlete.
    """
    a = _get(state.athletes, athlete_id, "athlete")
    which = _enum(Pool, pool, "pool").value
    if a["pool"] == which:
        raise RuntimeError(f"{a['name']} is in the {which} pool already")
    a["pool"] = which
    return _athlete(state, athlete_id)


@clearance(ATHLETE_SERVICES)
async def remove_from_testing_pool(state: State, token: str, athlete_id: str, reason: str) -> str:
    """Takes an athlete out of their testing pool, on retirement or deselection.

    Args:
        token: The session token (athlete services).
        athlete_id: The athlete.
        reason: Why.

    Returns:
        A sentence saying so.
    """
    a = _get(state.athletes, athlete_id, "athlete")
    if _blank(reason):
        raise ValueError("reason is required")
    if a["pool"] is None:
        raise RuntimeError(f"{a['name']} is in no testing pool")
    was = a["pool"]
    a["pool"] = None
    return f"{a['name']} ({athlete_id}) has left the {was} pool: {reason.strip()}"


@clearance(ATHLETE_SERVICES)
async def file_whereabouts(state: State, token: str, athlete_id: str, date: str, address: str,
                           slot_start: str) -> Filing:
    """Files an athlete's whereabouts for a day: where they stay and the hour they can be found for testing.

    Args:
        token: The session token (athlete services).
        athlete_id: The athlete.
        date: YYYY-MM-DD.
        address: Where the athlete will be.
        slot_start: The start of the hour's slot, HH:MM.

    Returns:
        The filing.
    """
    a = _get(state.athletes, athlete_id, "athlete")
    day = _date(date, "date")
    start = _time(slot_start, "slot_start")
    if _blank(address):
        raise ValueError("address is required")
    if a["pool"] not in ("rtp", "tp"):
        raise ValueError(f"{a['name']} is not in the registered testing pool or the testing pool; only they file "
                         "whereabouts")
    if day < TODAY:
        raise ValueError("whereabouts are filed for today or later")
    if not "05:00" <= start <= "22:00":
        raise ValueError("the hour's slot starts between 05:00 and 22:00")
    end = f"{int(start[:2]) + 1:02d}{start[2:]}"
    slot = f"{start}-{end}"
    old = next((w for w in state.whereabouts if w[0] == athlete_id and w[1] == day), None)
    if old is not None and old[2] == address.strip() and old[3] == slot:
        raise RuntimeError(f"that filing for {day} is on record already")
    if old is not None:
        state.whereabouts.remove(old)
    state.whereabouts.append([athlete_id, day, address.strip(), slot, TODAY])
    return Filing(athlete_id=athlete_id, date=day, address=address.strip(), slot=slot, filed_on=TODAY)


@clearance()
async def whereabouts_strikes(state: State, token: str, athlete_id: str) -> int:
    """How many whereabouts failures (filing failures and missed tests) an athlete has in the last twelve months.

    Args:
        token: The session token.
        athlete_id: The athlete.

    Returns:
        The count.
    """
    _get(state.athletes, athlete_id, "athlete")
    return _strikes(state, athlete_id)


@clearance(ATHLETE_SERVICES)
async def record_filing_failure(state: State, token: str, athlete_id: str, quarter: str,
                                reason: str) -> FilingFailure:
    """Records a filing failure against an athlete in the registered testing pool.

    Args:
        token: The session token (athlete services).
        athlete_id: The athlete.
        quarter: The quarter, such as 2053-Q1.
        reason: What was wrong with the filing.

    Returns:
        The failure, with the athlete's strikes in the last twelve months.
    """
    a = _get(state.athletes, athlete_id, "athlete")
    if not isinstance(quarter, str) or not re.fullmatch(r"20\d\d-Q[1-4]", quarter.strip()):
        raise ValueError("quarter is written like 2053-Q1")
    if _blank(reason):
        raise ValueError("reason is required")
    if a["pool"] != "rtp":
        raise ValueError(f"{a['name']} is not in the registered testing pool")
    q = quarter.strip()
    if any(f[0] == athlete_id and f[2] == "filing_failure" and f[3].startswith(q) for f in state.failures):
        raise RuntimeError(f"{a['name']} has a filing failure for {q} already")
    state.failures.append([athlete_id, TODAY, "filing_failure", f"{q} {reason.strip()}"])
    return FilingFailure(athlete_id=athlete_id, quarter=q, reason=reason.strip(), strikes=_strikes(state, athlete_id))


# --------------------------------------------------------------------------- test orders and officers


@clearance(PLANNER)
async def create_test_order(state: State, token: str, athlete_id: str, kind: TestKind, analyses: list[str],
                            due_by: str) -> TestOrder:
    """Raises a test order for an athlete, to be authorised by the head of testing.

    Args:
        token: The session token (a test planner).
        athlete_id: The athlete.
        kind: out_of_competition or in_competition.
        analyses: The analysis codes the laboratory is to run.
        due_by: The day the test is to be done by, YYYY-MM-DD.

    Returns:
        The order, a draft.
    """
    a = _get(state.athletes, athlete_id, "athlete")
    how = _enum(TestKind, kind, "kind").value
    codes = _strings(analyses, "analyses")
    due = _date(due_by, "due_by")
    unknown = [c for c in codes if c not in ANALYSIS]
    if unknown:
        raise LookupError(f"no analysis {unknown[0]!r}")
    if due < TODAY:
        raise ValueError("due_by is today or later")
    if a["status"] == "sanctioned":
        raise RuntimeError(f"{a['name']} is serving a sanction")
    oid = f"TO-{_next(state, 'order')}"
    state.orders[oid] = _order(athlete_id, how, sorted(set(codes)), due, "draft")
    return _order_reply(state, oid)


@clearance()
async def test_orders(state: State, token: str, status: OrderStatus | None = None,
                      athlete_id: str | None = None) -> list[TestOrder]:
    """Lists test orders, oldest first.

    Args:
        token: The session token.
        status: Only orders in this state: draft, authorised, assigned, notified, collected, unsuccessful or
            cancelled.
        athlete_id: Only this athlete's orders.

    Returns:
        The orders.
    """
    if status is not None:
        _choice(status, ("draft", "authorised", "assigned", "notified", "collected", "unsuccessful", "cancelled"),
                "status")
    return [_order_reply(state, oid) for oid, o in sorted(state.orders.items())
            if (status is None or o["status"] == status) and (athlete_id is None or o["athlete"] == athlete_id)]


@clearance(HEAD)
async def authorise_test_order(state: State, token: str, order_id: str) -> TestOrder:
    """Authorises a draft test order.

    Args:
        token: The session token (the head of testing).
        order_id: The order.

    Returns:
        The order, authorised.
    """
    o = _get(state.orders, order_id, "test order")
    if o["status"] != "draft":
        raise RuntimeError(f"{order_id} is {o['status']} already")
    o["status"] = "authorised"
    return _order_reply(state, order_id)


@clearance(PLANNER)
async def cancel_test_order(state: State, token: str, order_id: str, reason: str) -> str:
    """Cancels a test order that has not reached the athlete.

    Args:
        token: The session token (a test planner).
        order_id: The order.
        reason: Why.

    Returns:
        A sentence saying so.
    """
    o = _get(state.orders, order_id, "test order")
    if _blank(reason):
        raise ValueError("reason is required")
    if o["status"] not in ("draft", "authorised", "assigned"):
        raise RuntimeError(f"{order_id} is {o['status']}")
    o["status"] = "cancelled"
    return f"Cancelled {order_id} for {state.athletes[o['athlete']]['name']}: {reason.strip()}"


@clearance()
async def dcos(state: State, token: str) -> list[list[Any]]:
    """The doping control officers.

    Args:
        token: The session token.

    Returns:
        Rows of [officer id, name, region, whether a phlebotomist (takes blood)].
    """
    return [[did, d[0], d[1], d[2]] for did, d in sorted(state.dcos.items())]


@clearance(PLANNER, DCO)
async def set_dco_availability(state: State, token: str, dco_id: str, date: str, available: bool) -> Availability:
    """Marks an officer available, or not, on a day.

    Args:
        token: The session token (a test planner or an officer).
        dco_id: The officer.
        date: YYYY-MM-DD.
        available: True if the officer can work that day.

    Returns:
        The officer's available days.
    """
    _get(state.dcos, dco_id, "officer")
    day = _date(date, "date")
    if not isinstance(available, bool):
        raise ValueError("available is true or false")
    days = state.available[dco_id]
    if (day in days) == available:
        raise RuntimeError(f"{dco_id} is already marked {'available' if available else 'unavailable'} on {day}")
    if available:
        days.append(day)
        days.sort()
    else:
        days.remove(day)
    return Availability(dco_id=dco_id, name=state.dcos[dco_id][0], available_on=list(days))


@clearance(PLANNER)
async def assign_dco(state: State, token: str, order_id: str, dco_id: str) -> TestOrder:
    """Assigns an officer to an authorised test order.

    Args:
        token: The session token (a test planner).
        order_id: The order.
        dco_id: The officer.

    Returns:
        The order, assigned.
    """
    o = _get(state.orders, order_id, "test order")
    d = _get(state.dcos, dco_id, "officer")
    if o["status"] != "authorised":
        raise RuntimeError(f"{order_id} is {o['status']}; an authorised order is assigned")
    if o["due"] not in state.available[dco_id]:
        raise ValueError(f"{dco_id} is not available on {o['due']}")
    if any(ANALYSIS[c] == "blood" for c in o["analyses"]) and not d[2]:
        raise ValueError(f"{order_id} asks for blood; {dco_id} is not a phlebotomist")
    o["status"], o["dco"] = "assigned", dco_id
    return _order_reply(state, order_id)


@clearance(PLANNER, DCO)
async def issue_kits(state: State, token: str, dco_id: str, kit_type: KitType, count: int) -> KitIssue:
    """Issues sealed sample collection kits from stores to an officer.

    Args:
        token: The session token (a test planner or an officer).
        dco_id: The officer.
        kit_type: urine or blood.
        count: How many, from 1 to 10.

    Returns:
        The kits issued, by their codes.
    """
    _get(state.dcos, dco_id, "officer")
    what = _choice(kit_type, ("urine", "blood"), "kit_type")
    if not _whole(count) or not 1 <= count <= 10:
        raise ValueError("count is from 1 to 10")
    if what == "blood" and not state.dcos[dco_id][2]:
        raise ValueError(f"{dco_id} is not a phlebotomist")
    prefix = "KIT-U" if what == "urine" else "KIT-B"
    kits = []
    for _ in range(count):
        code = f"{prefix}-{_next(state, 'kit')}"
        state.kits[code] = {"dco": dco_id, "type": what, "used": False}
        kits.append(code)
    return KitIssue(dco_id=dco_id, kit_type=what, kits=kits, issued_on=TODAY)


# --------------------------------------------------------------------------- collection and the laboratory


@clearance(DCO)
async def notify_athlete(state: State, token: str, order_id: str, notified_at: str, location: str) -> str:
    """Records that the assigned officer has notified the athlete of a test.

    Args:
        token: The session token (the officer assigned to the order).
        order_id: The order.
        notified_at: The time of notification, HH:MM.
        location: Where the athlete was found.

    Returns:
        A sentence with the doping control form's number.
    """
    me = _session(state, token)
    o = _get(state.orders, order_id, "test order")
    at = _time(notified_at, "notified_at")
    if _blank(location):
        raise ValueError("location is required")
    if o["status"] != "assigned":
        raise RuntimeError(f"{order_id} is {o['status']}; the athlete is notified of an assigned order")
    if me["role"] != HEAD and me["dco"] != o["dco"]:
        raise PermissionError(f"{order_id} is assigned to {o['dco']}")
    form = f"DCF-{_next(state, 'dcf')}"
    o["status"], o["notified"] = "notified", form
    return f"{state.athletes[o['athlete']]['name']} notified at {at} at {location.strip()}: doping control form {form}."


@clearance(DCO)
async def record_unsuccessful_attempt(state: State, token: str, order_id: str, attempted_at: str, location: str,
                                      notes: str) -> str:
    """Records that the athlete could not be found for an assigned test; for an athlete in the registered testing
    pool during their filed slot it counts as a missed test.

    Args:
        token: The session token (the officer assigned to the order).
        order_id: The order.
        attempted_at: When the officer tried, HH:MM.
        location: Where.
        notes: What happened.

    Returns:
        A sentence with the attempt report's number.
    """
    me = _session(state, token)
    o = _get(state.orders, order_id, "test order")
    at = _time(attempted_at, "attempted_at")
    if _blank(location) or _blank(notes):
        raise ValueError("location and notes are required")
    if o["status"] != "assigned":
        raise RuntimeError(f"{order_id} is {o['status']}")
    if me["role"] != HEAD and me["dco"] != o["dco"]:
        raise PermissionError(f"{order_id} is assigned to {o['dco']}")
    o["status"] = "unsuccessful"
    a = state.athletes[o["athlete"]]
    if a["pool"] == "rtp":
        state.failures.append([o["athlete"], TODAY, "missed_test", f"{location.strip()} at {at}"])
    return f"Unsuccessful attempt on {a['name']} at {at}: report UA-{_next(state, 'attempt'):04d}."


@clearance(DCO)
async def collect_sample(state: State, token: str, order_id: str, sample_type: SampleType, kit_code: str,
                         volume_ml: int, specific_gravity: float | None = None) -> Sample:
    """Records a sample collected from a notified athlete in one of the officer's sealed kits.

    Args:
        token: The session token (the officer assigned to the order).
        order_id: The order.
        sample_type: urine or blood.
        kit_code: The kit's code.
        volume_ml: The volume collected, in millilitres.
        specific_gravity: A urine sample's specific gravity.

    Returns:
        The sample, collected.
    """
    me = _session(state, token)
    o = _get(state.orders, order_id, "test order")
    what = _enum(SampleType, sample_type, "sample_type").value
    kit = _get(state.kits, kit_code, "kit")
    if not _whole(volume_ml) or volume_ml <= 0:
        raise ValueError("volume_ml is a whole number of millilitres")
    if o["status"] not in ("notified", "collected"):
        raise RuntimeError(f"{order_id} is {o['status']}; a sample is collected once the athlete is notified")
    if me["role"] != HEAD and me["dco"] != o["dco"]:
        raise PermissionError(f"{order_id} is assigned to {o['dco']}")
    if kit["dco"] != o["dco"] or kit["type"] != what:
        raise ValueError(f"{kit_code} is not one of {o['dco']}'s {what} kits")
    if kit["used"]:
        raise RuntimeError(f"{kit_code} has been used already")
    if not any(ANALYSIS[c] == what for c in o["analyses"]):
        raise ValueError(f"{order_id} asks for no {what} analysis")
    if any(s["order"] == order_id and s["type"] == what for s in state.samples.values()):
        raise RuntimeError(f"a {what} sample for {order_id} is collected already")
    sg = None
    if what == "urine":
        if volume_ml < 90:
            raise ValueError("a urine sample is at least 90 ml; collect a further partial sample")
        if not _number(specific_gravity) or specific_gravity < 1.005:
            raise ValueError("the urine is too dilute (specific gravity below 1.005); collect a further sample")
        sg = float(specific_gravity)
    sid = f"SC-{_next(state, 'sample')}"
    kit["used"] = True
    state.samples[sid] = _sample_row(order_id, o["athlete"], what, kit_code, volume_ml, sg, "collected")
    o["status"] = "collected"
    return _sample(state, sid)


@clearance()
async def samples(state: State, token: str, status: SampleStatus | None = None,
                  athlete_id: str | None = None) -> list[Sample]:
    """Lists samples, oldest first.

    Args:
        token: The session token.
        status: Only samples collected, dispatched or resulted.
        athlete_id: Only this athlete's samples.

    Returns:
        The samples.
    """
    if status is not None:
        _choice(status, ("collected", "dispatched", "resulted"), "status")
    return [_sample(state, sid) for sid, s in sorted(state.samples.items())
            if (status is None or s["status"] == status) and (athlete_id is None or s["athlete"] == athlete_id)]


@clearance(DCO, PLANNER)
async def dispatch_samples(state: State, token: str, sample_ids: list[str], lab_code: str,
                           courier_ref: str) -> Shipment:
    """Ships collected samples to an accredited laboratory under chain of custody.

    Args:
        token: The session token (an officer or a test planner).
        sample_ids: The samples.
        lab_code: The laboratory's code.
        courier_ref: The courier's consignment reference.

    Returns:
        The shipment.
    """
    ids = _strings(sample_ids, "sample_ids")
    if _blank(courier_ref):
        raise ValueError("courier_ref is required")
    code = lab_code.strip().upper() if isinstance(lab_code, str) else ""
    if code not in LAB:
        raise LookupError(f"no laboratory {lab_code!r}")
    rows = [_get(state.samples, sid, "sample") for sid in ids]
    if len(set(ids)) != len(ids):
        raise ValueError("each sample once")
    for sid, s in zip(ids, rows):
        if s["status"] != "collected":
            raise RuntimeError(f"{sid} is {s['status']}")
        wanted = [c for c in state.orders[s["order"]]["analyses"] if ANALYSIS[c] == s["type"]]
        missing = [c for c in wanted if c not in LAB[code]]
        if missing:
            raise ValueError(f"{code} is not accredited for {missing[0]}")
    shid = f"SHP-{_next(state, 'shipment')}"
    for s in rows:
        s["status"], s["lab"] = "dispatched", code
    state.shipments[shid] = {"lab": code, "samples": ids, "courier": courier_ref.strip(), "on": TODAY}
    return Shipment(shipment_id=shid, lab_code=code, samples=ids, courier_ref=courier_ref.strip(), dispatched_on=TODAY)


@clearance(RESULTS)
async def record_lab_result(state: State, token: str, sample_id: str, result: LabResult, lab_reference: str,
                            substance: str | None = None) -> Sample:
    """Records the laboratory's result on a sample shipped to it.

    Args:
        token: The session token (results management).
        sample_id: The sample.
        result: negative, atypical or adverse.
        lab_reference: The laboratory's report reference.
        substance: The substance found, for an atypical or adverse result.

    Returns:
        The sample with its result.
    """
    s = _get(state.samples, sample_id, "sample")
    said = _choice(result, ("negative", "atypical", "adverse"), "result")
    if _blank(lab_reference):
        raise ValueError("lab_reference is required")
    if said != "negative" and _blank(substance):
        raise ValueError("an atypical or adverse result names the substance")
    if s["status"] != "dispatched":
        raise RuntimeError(f"{sample_id} is {s['status']}; a result is recorded for a sample at a laboratory")
    s["status"], s["result"] = "resulted", said
    s["substance"] = substance.strip() if said != "negative" else None
    return _sample(state, sample_id)


# --------------------------------------------------------------------------- results management


@clearance(RESULTS)
async def open_case(state: State, token: str, sample_id: str) -> Case:
    """Opens a results management case on an adverse or atypical finding.

    Args:
        token: The session token (results management).
        sample_id: The sample.

    Returns:
        The case, open.
    """
    s = _get(state.samples, sample_id, "sample")
    if s["result"] not in ("adverse", "atypical"):
        raise RuntimeError(f"{sample_id} has no adverse or atypical finding")
    if any(c["sample"] == sample_id for c in state.cases.values()):
        raise RuntimeError(f"a case on {sample_id} is open already")
    cid = f"RM-{_next(state, 'case'):04d}"
    state.cases[cid] = {"sample": sample_id, "status": "open", "suspended": False, "fee": None, "b": None,
                        "outcome": None}
    return _case(state, cid)


@clearance()
async def cases(state: State, token: str, status: CaseStatus | None = None,
                athlete_id: str | None = None) -> list[Case]:
    """Lists results management cases, oldest first.

    Args:
        token: The session token.
        status: Only open, notified or decided cases.
        athlete_id: Only this athlete's cases.

    Returns:
        The cases.
    """
    if status is not None:
        _choice(status, ("open", "notified", "decided"), "status")
    out = [_case(state, cid) for cid in sorted(state.cases)]
    return [c for c in out if (status is None or c["case_status"] == status)
            and (athlete_id is None or c["athlete_id"] == athlete_id)]


@clearance(RESULTS)
async def notify_adverse_finding(state: State, token: str, case_id: str, letter_to: str, reply_by: str) -> str:
    """Notifies the athlete of the finding and the charge, with the date to reply by.

    Args:
        token: The session token (results management).
        case_id: The case.
        letter_to: Where the notice goes (the athlete's address or representative).
        reply_by: YYYY-MM-DD.

    Returns:
        A sentence saying so.
    """
    c = _get(state.cases, case_id, "case")
    day = _date(reply_by, "reply_by")
    if _blank(letter_to):
        raise ValueError("letter_to is required")
    if c["status"] != "open":
        raise RuntimeError(f"{case_id} is {c['status']} already")
    if day <= TODAY:
        raise ValueError("reply_by is after today")
    c["status"] = "notified"
    a = state.athletes[state.samples[c["sample"]]["athlete"]]
    return f"{a['name']} notified of {case_id} ({state.samples[c['sample']]['substance']}) at {letter_to.strip()}; " \
           f"reply by {day}."


@clearance(RESULTS)
async def impose_provisional_suspension(state: State, token: str, case_id: str, from_date: str) -> Case:
    """Provisionally suspends the athlete in a notified case.

    Args:
        token: The session token (results management).
        case_id: The case.
        from_date: YYYY-MM-DD.

    Returns:
        The case.
    """
    c = _get(state.cases, case_id, "case")
    _date(from_date, "from_date")
    if c["status"] != "notified":
        raise RuntimeError(f"{case_id} is {c['status']}; the athlete is notified before a provisional suspension")
    if c["suspended"]:
        raise RuntimeError(f"the athlete in {case_id} is provisionally suspended already")
    c["suspended"] = True
    state.athletes[state.samples[c["sample"]]["athlete"]]["status"] = "provisionally_suspended"
    return _case(state, case_id)


@clearance(RESULTS)
async def record_b_sample_fee(state: State, token: str, case_id: str, amount: float, paid_by: str) -> BSampleFee:
    """Records the fee the athlete pays for the B sample to be opened.

    Args:
        token: The session token (results management).
        case_id: The case.
        amount: The amount paid, in pounds.
        paid_by: Who paid.

    Returns:
        The fee.
    """
    c = _get(state.cases, case_id, "case")
    if not _number(amount) or _blank(paid_by):
        raise ValueError("amount is an amount in pounds and paid_by is required")
    if c["fee"] is not None:
        raise RuntimeError(f"the B-sample fee for {case_id} is paid already")
    if c["status"] == "decided":
        raise RuntimeError(f"{case_id} is decided")
    if round(amount, 2) != B_SAMPLE_FEE:
        raise ValueError("the B-sample fee is 350 pounds")
    c["fee"] = [float(amount), paid_by.strip(), TODAY]
    return BSampleFee(case_id=case_id, amount=float(amount), paid_by=paid_by.strip(), paid_on=TODAY)


@clearance(RESULTS)
async def request_b_sample(state: State, token: str, case_id: str, opening_date: str, athlete_attending: bool) -> Case:
    """Arranges the opening and analysis of the B sample in a notified case.

    Args:
        token: The session token (results management).
        case_id: The case.
        opening_date: YYYY-MM-DD.
        athlete_attending: Whether the athlete or a representative will attend.

    Returns:
        The case with its B sample booked.
    """
    c = _get(state.cases, case_id, "case")
    day = _date(opening_date, "opening_date")
    if not isinstance(athlete_attending, bool):
        raise ValueError("athlete_attending is true or false")
    if c["status"] != "notified":
        raise RuntimeError(f"{case_id} is {c['status']}")
    if c["b"] is not None:
        raise RuntimeError(f"the B sample in {case_id} is booked already")
    if c["fee"] is None:
        raise RuntimeError("the B-sample fee has not been paid")
    if day <= TODAY:
        raise ValueError("opening_date is after today")
    c["b"] = f"opening {day}" + (" with the athlete" if athlete_attending else "")
    return _case(state, case_id)


@clearance(RESULTS, HEAD)
async def decide_case(state: State, token: str, case_id: str, outcome: Outcome, months: int, reasons: str) -> Case:
    """Decides a notified case: a sanction of some months, or no case to answer because a TUE covers the substance.

    Args:
        token: The session token (results management).
        case_id: The case.
        outcome: sanction or no_case.
        months: The sanction's length in months (0 for no case).
        reasons: The reasons for the decision.

    Returns:
        The case, decided.
    """
    c = _get(state.cases, case_id, "case")
    how = _choice(outcome, ("sanction", "no_case"), "outcome")
    if not _whole(months) or _blank(reasons):
        raise ValueError("months is a whole number and reasons are required")
    if c["status"] != "notified":
        raise RuntimeError(f"{case_id} is {c['status']}; a case is decided once the athlete is notified")
    s = state.samples[c["sample"]]
    a = state.athletes[s["athlete"]]
    if how == "no_case":
        covered = any(t["athlete"] == s["athlete"] and t["status"] == "granted"
                      and t["substance"].lower() == s["substance"].lower() for t in state.tues.values())
        if not covered:
            raise ValueError(f"no granted TUE covers {s['substance']}; there is a case to answer")
        if months != 0:
            raise ValueError("no case to answer carries no months")
        a["status"] = "eligible"
    else:
        if not 1 <= months <= 48:
            raise ValueError("a sanction is from 1 to 48 months")
        a["status"] = "sanctioned"
    c["status"], c["outcome"] = "decided", f"{how} {months} months" if how == "sanction" else how
    return _case(state, case_id)


# --------------------------------------------------------------------------- therapeutic use exemptions


@clearance(TUE_COMMITTEE, ATHLETE_SERVICES)
async def apply_for_tue(state: State, token: str, athlete_id: str, substance: str, diagnosis: str, physician: str,
                        retroactive: bool = False) -> Tue:
    """Takes an athlete's application for a therapeutic use exemption.

    Args:
        token: The session token (the TUE committee or athlete services).
        athlete_id: The athlete.
        substance: The prohibited substance to be used.
        diagnosis: The diagnosis it treats.
        physician: The prescribing physician.
        retroactive: Whether it is asked for after the substance was used.

    Returns:
        The TUE, pending.
    """
    _get(state.athletes, athlete_id, "athlete")
    if any(_blank(v) for v in (substance, diagnosis, physician)) or not isinstance(retroactive, bool):
        raise ValueError("substance, diagnosis and physician are required and retroactive is true or false")
    if any(t["athlete"] == athlete_id and t["substance"].lower() == substance.strip().lower()
           and t["status"] == "pending" for t in state.tues.values()):
        raise RuntimeError(f"an application for {substance.strip()} is pending already")
    tid = f"TUE-{_next(state, 'tue'):04d}"
    state.tues[tid] = {"athlete": athlete_id, "substance": substance.strip(), "diagnosis": diagnosis.strip(),
                       "physician": physician.strip(), "retro": retroactive, "evidence": [], "status": "pending",
                       "until": None}
    return _tue(state, tid)


@clearance(TUE_COMMITTEE)
async def attach_medical_evidence(state: State, token: str, tue_id: str, documents: list[str]) -> Tue:
    """Attaches the medical evidence to a pending TUE application.

    Args:
        token: The session token (the TUE committee).
        tue_id: The TUE.
        documents: The documents' titles.

    Returns:
        The TUE with its evidence.
    """
    t = _get(state.tues, tue_id, "TUE")
    docs = _strings(documents, "documents")
    if t["status"] != "pending":
        raise RuntimeError(f"{tue_id} is {t['status']}")
    new = [d for d in docs if d not in t["evidence"]]
    if not new:
        raise RuntimeError(f"{tue_id} has that evidence already")
    t["evidence"].extend(new)
    return _tue(state, tue_id)


@clearance()
async def tues(state: State, token: str, status: TueStatus | None = None, athlete_id: str | None = None) -> list[Tue]:
    """Lists TUEs, oldest first.

    Args:
        token: The session token.
        status: Only pending, granted or refused TUEs.
        athlete_id: Only this athlete's TUEs.

    Returns:
        The TUEs.
    """
    if status is not None:
        _choice(status, ("pending", "granted", "refused"), "status")
    return [_tue(state, tid) for tid, t in sorted(state.tues.items())
            if (status is None or t["status"] == status) and (athlete_id is None or t["athlete"] == athlete_id)]


@clearance(TUE_COMMITTEE)
async def decide_tue(state: State, token: str, tue_id: str, decision: TueDecision, panel: list[str],
                     valid_until: str | None = None) -> Tue:
    """Records the TUE panel's decision on an application with its medical evidence.

    Args:
        token: The session token (the TUE committee).
        tue_id: The TUE.
        decision: granted or refused.
        panel: The physicians on the panel.
        valid_until: For a granted TUE, the last day it covers, YYYY-MM-DD.

    Returns:
        The TUE, decided.
    """
    t = _get(state.tues, tue_id, "TUE")
    said = _choice(decision, ("granted", "refused"), "decision")
    doctors = _strings(panel, "panel")
    if t["status"] != "pending":
        raise RuntimeError(f"{tue_id} is {t['status']} already")
    if len(set(doctors)) < 3:
        raise ValueError("a TUE panel has at least three physicians")
    if not t["evidence"]:
        raise RuntimeError(f"{tue_id} has no medical evidence")
    until = None
    if said == "granted":
        until = _date(valid_until, "valid_until")
        if until <= TODAY:
            raise ValueError("valid_until is after today")
    t["status"], t["until"] = said, until
    return _tue(state, tue_id)


TOOLS = [
    sign_in, sign_out, sports, analysis_menu, laboratories, find_athlete, register_athlete, athlete_record,
    add_to_testing_pool, remove_from_testing_pool, file_whereabouts, whereabouts_strikes, record_filing_failure,
    create_test_order, test_orders, authorise_test_order, cancel_test_order, dcos, set_dco_availability, assign_dco,
    issue_kits, notify_athlete, record_unsuccessful_attempt, collect_sample, samples, dispatch_samples,
    record_lab_result, open_case, cases, notify_adverse_finding, impose_provisional_suspension, record_b_sample_fee,
    request_b_sample, decide_case, apply_for_tue, attach_medical_evidence, tues, decide_tue,
]

FIXTURES = {
    "organisation": "Northmarch Anti-Doping, Testing and Results, 2 Assay Yard, Hallwick",
    "today": "Monday 17 February 2053, 09:00",
    "staff": [
        {"name": "Pelagia Ibekwe", "role": "test planner", "username": "pelagia.i",
         "password": "Mission-Planner-22"},
        {"name": "Caius Ndlovu-Yeadon", "role": "doping control officer", "username": "caius.m",
         "password": "Chaperone-Dawn-47"},
        {"name": "Radegund Uttley", "role": "doping control officer and phlebotomist", "username": "radegund.u",
         "password": "Tourniquet-Vial-81"},
        {"name": "Hilaire Scrivelsby", "role": "results management", "username": "hilaire.p",
         "password": "B-Bottle-Seal-36"},
        {"name": "Eudora Frome", "role": "TUE committee secretary", "username": "eudora.f",
         "password": "Panel-Quorum-58"},
        {"name": "Isidore Mawdsley", "role": "athlete services", "username": "isidore.m",
         "password": "Sixty-Minutes-14"},
        {"name": "Ursanne Vose", "role": "head of testing", "username": "ursanne.v",
         "password": "Strict-Liability-69"},
    ],
    "new_athlete": {
        "name": "Torhild Ekwueme-Strom", "date_of_birth": "3 September 2031", "sport": "triathlon",
        "nationality": "Northmarch", "email": "torhild.es@example.net",
        "whereabouts": "Thursday 20 February at 9 Lockkeeper's Row, Hallwick, from 06:30",
    },
    "notes": [
        "Akosua Ossei-Frayne's out-of-competition test is due tomorrow; Caius Ndlovu-Yeadon is free and has no kits",
        "Caius found Akosua at 14 Rye Walk at 06:05; 110 ml of urine, specific gravity 1.012; the courier's "
        "consignment is NMX-40388",
        "Ottavio Wrenshaw was not at 3 Derailleur Row during his slot tomorrow morning",
        "Zephyrine Haugland's clenbuterol finding: the notice goes to her representative, Ms Lakshmi Fitzmaurice; "
        "she has paid for her B sample and wants to attend the opening on 3 March",
        "Nerissa Vell's retroactive TUE for prednisolone: the hospital discharge letter and the respiratory "
        "consultant's report have arrived; the panel is Dr Akinwande, Dr Sandvik and Dr Szabo",
        "Gervais Linnell has been selected for the registered testing pool and will be at 41 Billet Street, "
        "Kersey, on Wednesday 19 February from 07:00",
        "Wenceslas Inchbald can work on Thursday 20 February",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "sports", "analysis_menu", "laboratories")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
ATHLETE_CONSUMERS = ["athlete_record", "add_to_testing_pool", "remove_from_testing_pool", "file_whereabouts",
                     "whereabouts_strikes", "record_filing_failure", "create_test_order", "apply_for_tue"]
ORDER_CONSUMERS = ["authorise_test_order", "cancel_test_order", "assign_dco", "notify_athlete",
                   "record_unsuccessful_attempt", "collect_sample"]
DCO_CONSUMERS = ["set_dco_availability", "assign_dco", "issue_kits"]
SAMPLE_CONSUMERS = ["dispatch_samples", "record_lab_result", "open_case"]
CASE_CONSUMERS = ["notify_adverse_finding", "impose_provisional_suspension", "record_b_sample_fee",
                  "request_b_sample", "decide_case"]
TUE_CONSUMERS = ["attach_medical_evidence", "decide_tue"]
_ATHLETE = "id lookup/create: athlete (athlete_id of register_athlete's athlete, or of a find_athlete entry)"
_ORDER = "id lookup/create: test order (order_id of create_test_order's order, or of a test_orders entry)"
_DCO = "id lookup: doping control officer (the first column of a dcos row)"
_SAMPLE = "id lookup/create: sample (sample_id of collect_sample's sample, or of a samples entry)"
_CASE = "id lookup/create: case (case_id of open_case's case, or of a cases entry)"
_TUE = "id lookup/create: TUE (tue_id of apply_for_tue's TUE, or of a tues entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_athlete|register_athlete", c, _ATHLETE) for c in ATHLETE_CONSUMERS]
    + [("create_test_order|test_orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("dcos", c, _DCO) for c in DCO_CONSUMERS]
    + [("collect_sample|samples", c, _SAMPLE) for c in SAMPLE_CONSUMERS]
    + [("open_case|cases", c, _CASE) for c in CASE_CONSUMERS]
    + [("apply_for_tue|tues", c, _TUE) for c in TUE_CONSUMERS]
    + [
        ("issue_kits", "collect_sample", "id create: sealed kit (a kit code of issue_kits's kits)"),
        ("sports", "register_athlete", "vocabulary: the sport codes (the first column of a sports row)"),
        ("analysis_menu", "create_test_order",
         "vocabulary: the analysis codes (the first column of an analysis_menu row)"),
        ("laboratories", "dispatch_samples",
         "vocabulary: the laboratory codes (the first column of a laboratories row)"),
        ("authorise_test_order", "assign_dco", "approval: the test order authorised by the head of testing"),
        ("decide_tue", "decide_case", "approval: a TUE granted for the substance found (no case to answer)"),
        ("set_dco_availability", "assign_dco", "setting: the officer marked available on the day the test is due"),
        ("attach_medical_evidence", "decide_tue", "document: the TUE application's medical evidence attached"),
        ("record_b_sample_fee", "request_b_sample", "payment: the B-sample fee paid"),
        ("add_to_testing_pool", "file_whereabouts", "state: the athlete in the registered testing pool or the "
         "testing pool"),
        ("add_to_testing_pool", "record_filing_failure", "state: the athlete in the registered testing pool"),
        ("add_to_testing_pool", "remove_from_testing_pool", "state: the athlete in a testing pool"),
        ("assign_dco", "notify_athlete", "state: an officer assigned to the order"),
        ("assign_dco", "record_unsuccessful_attempt", "state: an officer assigned to the order"),
        ("notify_athlete", "collect_sample", "state: the athlete notified"),
        ("dispatch_samples", "record_lab_result", "state: the sample shipped to a laboratory"),
        ("record_lab_result", "open_case", "state: an adverse or atypical finding recorded"),
        ("notify_adverse_finding", "impose_provisional_suspension", "state: the athlete notified of the finding"),
        ("notify_adverse_finding", "request_b_sample", "state: the athlete notified of the finding"),
        ("notify_adverse_finding", "decide_case", "state: the athlete notified of the finding"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md): a reader whose reply shows an id or a code to
# someone who did not give it, paired with each call that takes that id or code and can accept one it shows.
PLAUSIBLE = (
    {(p, c) for p in ("test_orders", "samples", "cases", "tues") for c in ATHLETE_CONSUMERS}
    | {("athlete_record", c) for c in ORDER_CONSUMERS + CASE_CONSUMERS + TUE_CONSUMERS}
    | {("samples", "collect_sample")}
    | {("test_orders", c) for c in DCO_CONSUMERS}
    | {("find_athlete", "register_athlete"), ("test_orders", "create_test_order")}
) - _DESIGNED
