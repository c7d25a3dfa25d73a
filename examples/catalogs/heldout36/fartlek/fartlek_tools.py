"""Fartlek: the entries office, timing team, volunteer desk, medical team and race director of the Harbury Running
Festival (38 calls).

Sync functions over an in-memory ``State`` of a road-running weekend on Saturday 16 September 2034 at 08:00, the
first morning of the festival, at the race village on Harbury Rec. Four races are run: the Harbury Park 5K and the
Junior Mile today, the Harbury Half Marathon and the Harbury 10K tomorrow. The entries office finds, registers and
changes runners, e-mails them, records their medical declarations, enters them in races, takes entry fees, puts them in
start waves, allocates bib numbers, hands out race packs, transfers, defers, switches and withdraws entries. The timing
team links timing chips to bibs, records finishes and runners who did not finish, and reads results. The volunteer desk
registers volunteers, records their safety briefing and puts them on and off marshal points. The medical team logs
casualties on the course and discharges them. The race director starts races, disqualifies and reinstates results and
may do everything. The races and their start waves are public.

Every tool is a plain ``def`` wrapped by ``staff(*roles)`` (``functools.wraps``), which checks the session token and
the role before the tool runs and raises ``PermissionError`` when the check fails. Refusals are raised as Python's
built-in exceptions: ``LookupError("no entry EN-6199")``, ``ValueError("EN-6102 is unpaid; runners are put in a start
wave once their entry is paid")``, ``PermissionError``; the runtime records a raised exception as an error. Replies are
``TypedDict`` records (plain dicts at run time) and lists of them, with rows nested as lists of lists (a runner's
record, the marshal points, the results); bare values answer a bib allocated (its number), a deferral (next year's
entry code) and the timing chips in stock (a list of chip codes); sentences with an id in them answer an e-mail, a race
pack handed out, an entry withdrawn, a marshal taken off a point and a sign-out. Annotations are spelled with
``typing`` (``Optional``, ``List``, ``Dict``, ``TypedDict``, ``Literal``) and evaluated at definition, with a ``str``
``Enum`` filter (``EntryStatus``), a plain ``Enum`` input (``Severity``), ``Literal`` inputs (sex, payment method, a
casualty's outcome) and a ``Literal`` filter (sex, on results), ``List[str]`` medical conditions and ``int`` bib
numbers.
Plain-prose docstrings. Ids look alike: runner ``RN-40110``, entry ``EN-6110``, volunteer ``VL-507``, casualty
``CS-71``, e-mail ``ML-3301``; race ``HALF``; wave ``HALF-B``; marshal point ``5K-M2``; timing chip ``HX-20417``; bib
``3003``. The words a medical condition is declared with, the age limits of each race, that entries are not refunded,
that a switch is only to a race that costs no more, that a race starts only on its own day and the rule words a
disqualification cites are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import inspect
import re
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, TypedDict

TODAY = "2034-09-16"  # a Saturday
NEXT_YEAR = 35


class EntryStatus(str, Enum):
    UNPAID = "unpaid"
    PAID = "paid"
    DEFERRED = "deferred"
    WITHDRAWN = "withdrawn"


class Severity(Enum):
    MINOR = "minor"
    MODERATE = "moderate"
    SERIOUS = "serious"


Sex = Literal["F", "M", "X"]
Method = Literal["card", "cash", "voucher"]
Outcome = Literal["returned_to_race", "withdrawn", "hospital"]

RACES = {  # code -> name, km, date, start, capacity, min age, max age, fee
    "HALF": ("Harbury Half Marathon", 21.1, "2034-09-17", "09:00", 1500, 17, None, 32.0),
    "10K": ("Harbury 10K", 10.0, "2034-09-17", "09:15", 800, 15, None, 22.0),
    "5K": ("Harbury Park 5K", 5.0, "2034-09-16", "10:00", 400, 11, None, 12.0),
    "JUNIOR": ("Junior Mile", 1.6, "2034-09-16", "11:00", 200, 8, 14, 5.0),
}
WAVES = {  # code -> race, name, fastest and slowest predicted time (seconds) it takes, first bib
    "HALF-A": ("HALF", "Wave A, under 1:30", 0, 5399, 1),
    "HALF-B": ("HALF", "Wave B, 1:30 to 1:50", 5400, 6599, 300),
    "HALF-C": ("HALF", "Wave C, 1:50 to 2:15", 6600, 8099, 800),
    "HALF-D": ("HALF", "Wave D, 2:15 and over", 8100, 99999, 1200),
    "10K-A": ("10K", "Wave A, under 45 minutes", 0, 2699, 2001),
    "10K-B": ("10K", "Wave B, 45 to 60 minutes", 2700, 3599, 2300),
    "10K-C": ("10K", "Wave C, 60 minutes and over", 3600, 99999, 2600),
    "5K-MASS": ("5K", "One mass start", 0, 99999, 3001),
    "JUNIOR-MASS": ("JUNIOR", "One mass start", 0, 99999, 4001),
}
CONDITIONS = ("none", "asthma", "diabetes", "epilepsy", "heart_condition", "allergy", "recent_injury")
DQ_RULES = ("course_cutting", "outside_assistance", "bib_swap", "headphones")
ROLE_NAMES = {"entries": "the entries office", "timing": "the timing team", "volunteers": "the volunteer desk",
              "medical": "the medical team", "director": "the race director"}
TIME = re.compile(r"^(?:(\d):)?([0-5]?\d):([0-5]\d)$")


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str


class Race(TypedDict):
    code: str
    name: str
    distance_km: float
    date: str
    start: str
    capacity: int
    entered: int
    fee: float
    started: bool


class Wave(TypedDict):
    code: str
    race: str
    name: str


class RunnerRow(TypedDict):
    runner_id: str
    name: str
    date_of_birth: str
    club: Optional[str]


class Runner(TypedDict):
    runner_id: str
    name: str
    sex: str
    date_of_birth: str
    email: str
    phone: str
    club: Optional[str]
    emergency_contact: str
    medical_declared: bool


class RunnerRecord(TypedDict):
    runner: Runner
    medical: List[str]
    entries: List[List[Any]]
    results: List[List[Any]]


class Entry(TypedDict):
    entry_id: str
    runner_id: str
    name: str
    race: str
    status: str
    predicted_time: Optional[str]
    wave: Optional[str]
    bib: Optional[int]
    chip: Optional[str]
    pack_collected: bool
    result: Optional[str]


class ChipLink(TypedDict):
    bib: int
    chip: str
    entry_id: str
    name: str


class RaceStart(TypedDict):
    race: str
    gun_time: str
    starters: int
    marshals: int


class Finish(TypedDict):
    bib: int
    entry_id: str
    name: str
    race: str
    time: str


class Results(TypedDict):
    race: str
    started: bool
    finishers: List[List[Any]]
    did_not_finish: List[List[Any]]
    disqualified: List[List[Any]]


class Volunteer(TypedDict):
    volunteer_id: str
    name: str
    phone: str
    briefed: bool
    point: Optional[str]


class MarshalPoints(TypedDict):
    race: str
    points: List[List[Any]]


class Assignment(TypedDict):
    point: str
    location: str
    volunteer_id: str
    name: str


class Casualty(TypedDict):
    casualty_id: str
    bib: int
    name: str
    race: str
    location: str
    severity: str
    notes: str
    outcome: Optional[str]


# --------------------------------------------------------------------------- state


class State:
    """The Harbury Running Festival on Saturday 16 September 2034 at 08:00."""

    def __init__(self) -> None:
        self.staff = {
            "mel.h": {"name": "Mel Hartigan", "password": "Bib-Table-12", "role": "entries"},
            "joss.p": {"name": "Joss Palmer", "password": "Safety-Pins-4", "role": "entries"},
            "raj.s": {"name": "Raj Sethi", "password": "Split-Mat-88", "role": "timing"},
            "gwen.a": {"name": "Gwen Ashdown", "password": "Hi-Vis-Tabard", "role": "volunteers"},
            "nia.o": {"name": "Dr Nia Obi", "password": "Foil-Blanket-6", "role": "medical"},
            "ann.w": {"name": "Ann Whitcombe", "password": "Starting-Hooter-1", "role": "director"},
        }
        self.tokens: Dict[str, dict] = {}
        self.runners = {
            "RN-40101": {"name": "Ms Priya Natarajan", "sex": "F", "dob": "1988-02-14",
                         "email": "priya.n@example.com", "phone": "07700 941101", "club": "Harbury Harriers",
                         "emergency": "Arun Natarajan, 07700 941191", "medical": ["none"]},
            "RN-40102": {"name": "Mr Tom Whitlock", "sex": "M", "dob": "1975-06-30",
                         "email": "tom.whitlock@example.net", "phone": "07700 941102", "club": None,
                         "emergency": "Sarah Whitlock, 07700 941192", "medical": None},
            "RN-40103": {"name": "Ms Orla Keane", "sex": "F", "dob": "1992-11-03", "email": "orla.keane@example.org",
                         "phone": "07700 941103", "club": "Severn Valley AC",
                         "emergency": "Niall Keane, 07700 941193", "medical": None},
            "RN-40104": {"name": "Mr Sunil Gupta", "sex": "M", "dob": "1969-09-21", "email": "sunil.g@example.com",
                         "phone": "07700 941104", "club": None, "emergency": "Meera Gupta, 07700 941194",
                         "medical": ["heart_condition"]},
            "RN-40105": {"name": "Master Alfie Ruddock", "sex": "M", "dob": "2023-05-01",
                         "email": "ruddock.family@example.net", "phone": "07700 941105", "club": "Harbury Harriers",
                         "emergency": "Kate Ruddock, 07700 941105", "medical": ["none"]},
            "RN-40106": {"name": "Ms Hannah Lowe", "sex": "F", "dob": "1990-04-08", "email": "hannah.lowe@example.com",
                         "phone": "07700 941106", "club": "Harbury Harriers",
                         "emergency": "Greg Lowe, 07700 941196", "medical": ["allergy"]},
            "RN-40107": {"name": "Mr Declan Roe", "sex": "M", "dob": "1983-12-12", "email": "declan.roe@example.org",
                         "phone": "07700 941107", "club": None, "emergency": "Siobhan Roe, 07700 941197",
                         "medical": None},
            "RN-40108": {"name": "Ms Beth Carver", "sex": "F", "dob": "2010-07-19", "email": "beth.carver@example.com",
                         "phone": "07700 941108", "club": "Severn Valley AC",
                         "emergency": "Jo Carver, 07700 941198", "medical": None},
            "RN-40109": {"name": "Mr Conor Roe", "sex": "M", "dob": "1986-03-27", "email": "conor.roe@example.org",
                         "phone": "07700 941109", "club": None, "emergency": "Declan Roe, 07700 941107",
                         "medical": None},
        }

        def entry(runner, race, status, predicted=None, wave=None, bib=None, chip=None, collected=False):
            return {"runner": runner, "race": race, "status": status, "predicted": predicted, "wave": wave,
                    "bib": bib, "chip": chip, "collected": collected, "result": None, "time": None,
                    "note": None}

        self.entries = {
            "EN-6101": entry("RN-40101", "HALF", "paid", "1:41:00", "HALF-B", 300, "HX-20301", False),
            "EN-6102": entry("RN-40102", "HALF", "unpaid", "2:05:00"),
            "EN-6103": entry("RN-40103", "10K", "paid", "42:30"),
            "EN-6104": entry("RN-40104", "5K", "paid", "31:00", "5K-MASS", 3001, None, True),
            "EN-6105": entry("RN-40105", "JUNIOR", "paid", None, "JUNIOR-MASS", 4001, "HX-20302", True),
            "EN-6106": entry("RN-40106", "5K", "paid", "22:15", "5K-MASS", 3002, "HX-20303", True),
            "EN-6107": entry("RN-40107", "HALF", "paid", "1:55:00"),
            "EN-6108": entry("RN-40108", "10K", "unpaid", "55:00"),
        }
        self.chips = {f"HX-20{n}": None for n in range(301, 304)}
        self.chips.update({f"HX-20{n}": None for n in range(417, 423)})
        self.chips["HX-20301"] = "EN-6101"
        self.chips["HX-20302"] = "EN-6105"
        self.chips["HX-20303"] = "EN-6106"
        self.payments: List[list] = [["EN-6101", 32.0, "card", "2034-06-02"], ["EN-6103", 22.0, "card", "2034-07-14"],
                                     ["EN-6104", 12.0, "card", "2034-08-30"], ["EN-6105", 5.0, "card", "2034-08-30"],
                                     ["EN-6106", 12.0, "voucher", "2034-09-01"],
                                     ["EN-6107", 32.0, "card", "2034-05-19"]]
        self.volunteers = {
            "VL-501": {"name": "Mr Ken Oduya", "phone": "07700 942501", "email": "ken.oduya@example.com",
                       "briefed": True},
            "VL-502": {"name": "Ms Rachel Imrie", "phone": "07700 942502", "email": "rachel.imrie@example.net",
                       "briefed": True},
            "VL-503": {"name": "Mr Stan Pollitt", "phone": "07700 942503", "email": "stan.pollitt@example.org",
                       "briefed": False},
            "VL-504": {"name": "Mrs Irene Baptiste", "phone": "07700 942504", "email": "irene.b@example.com",
                       "briefed": True},
            "VL-505": {"name": "Mr Femi Adeyemi", "phone": "07700 942505", "email": "femi.a@example.net",
                       "briefed": True},
            "VL-506": {"name": "Ms Lou Garside", "phone": "07700 942506", "email": "lou.garside@example.org",
                       "briefed": True},
        }
        self.points = {  # code -> race, location, volunteer
            "HALF-M1": ["HALF", "Mile 2, Church Lane crossing", "VL-506"],
            "HALF-M2": ["HALF", "Mile 7, Fosse Way junction", None],
            "HALF-M3": ["HALF", "Mile 11, canal bridge", None],
            "10K-M1": ["10K", "2 km, Station Road roundabout", None],
            "5K-M1": ["5K", "Park gates", "VL-501"],
            "5K-M2": ["5K", "Lakeside turn", None],
            "5K-M3": ["5K", "Finish funnel", "VL-504"],
            "JUNIOR-M1": ["JUNIOR", "Start and finish straight", "VL-505"],
        }
        self.started: Dict[str, str] = {}
        self.casualties: Dict[str, dict] = {}
        self.emails: List[list] = []
        self.counters = {"token": 1, "runner": 40110, "entry": 6110, "volunteer": 507, "casualty": 71,
                         "email": 3301}


# --------------------------------------------------------------------------- helpers


def _check(state: State, token: Any, roles: tuple) -> None:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        raise PermissionError("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "director":
        raise PermissionError(f"{who['name']} ({who['role']}) may not do this; it is for "
                              f"{' or '.join(ROLE_NAMES[r] for r in roles)}")


def staff(*roles: str, public: bool = False):
    """Check the session token (and, where roles are given, the role; the race director may do everything) before
    the tool runs, raising PermissionError when it fails. Public calls take no token."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def call(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs).arguments
                _check(bound.get("state"), bound.get("token"), roles)
            return fn(*args, **kwargs)

        return call

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} is required")
    return value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _age(dob: str, on: str) -> int:
    b, d = datetime.date.fromisoformat(dob), datetime.date.fromisoformat(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _seconds(text: Any) -> int:
    m = TIME.match(text.strip()) if isinstance(text, str) else None
    if m is None:
        raise ValueError(f"{text!r} is not a time (H:MM:SS or MM:SS)")
    return int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + int(m.group(3))


def _runner(state: State, rid: Any) -> dict:
    r = state.runners.get(rid) if isinstance(rid, str) else None
    if r is None:
        raise LookupError(f"no runner {rid}")
    return r


def _entry_row(state: State, eid: Any) -> dict:
    e = state.entries.get(eid) if isinstance(eid, str) else None
    if e is None:
        raise LookupError(f"no entry {eid}")
    return e


def _race(code: Any) -> tuple:
    r = RACES.get(code) if isinstance(code, str) else None
    if r is None:
        raise LookupError(f"no race {code!r}")
    return r


def _runner_out(state: State, rid: str) -> Runner:
    r = state.runners[rid]
    return Runner(runner_id=rid, name=r["name"], sex=r["sex"], date_of_birth=r["dob"], email=r["email"],
                  phone=r["phone"], club=r["club"], emergency_contact=r["emergency"],
                  medical_declared=r["medical"] is not None)


def _record(state: State, rid: str) -> RunnerRecord:
    mine = [(eid, e) for eid, e in sorted(state.entries.items()) if e["runner"] == rid]
    return RunnerRecord(
        runner=_runner_out(state, rid), medical=list(state.runners[rid]["medical"] or []),
        entries=[[eid, e["race"], e["status"], e["wave"], e["bib"], e["collected"]] for eid, e in mine],
        results=[[e["race"], e["bib"], e["time"] or e["result"]] for _, e in mine if e["result"] is not None])


def _entry(state: State, eid: str) -> Entry:
    e = state.entries[eid]
    return Entry(entry_id=eid, runner_id=e["runner"], name=state.runners[e["runner"]]["name"], race=e["race"],
                 status=e["status"], predicted_time=e["predicted"], wave=e["wave"], bib=e["bib"], chip=e["chip"],
                 pack_collected=e["collected"], result=e["result"])


def _by_bib(state: State, bib: Any) -> str:
    if isinstance(bib, bool) or not isinstance(bib, int):
        raise ValueError(f"{bib!r} is not a bib number")
    eid = next((eid for eid, e in state.entries.items() if e["bib"] == bib), None)
    if eid is None:
        raise LookupError(f"no runner wears bib {bib}")
    return eid


def _live(e: dict) -> bool:
    return e["status"] in ("unpaid", "paid")


def _eligible(state: State, rid: str, race: str) -> None:
    name, _, date, _, _, lo, hi, _ = RACES[race]
    age = _age(state.runners[rid]["dob"], date)
    if age < lo or (hi is not None and age > hi):
        limit = f"{lo} to {hi}" if hi is not None else f"{lo} and over"
        raise ValueError(f"{state.runners[rid]['name']} is {age} on race day; the {name} is for ages {limit}")


# --------------------------------------------------------------------------- sign-in and the public lists


@staff(public=True)
def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the festival's entries system with a staff user name (such as mel.h) and password. The session's
    token goes to every call but the public ones; the role says what the person may do (entries, timing, volunteers,
    medical or director)."""
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        raise PermissionError("user name or password not recognised")
    user = username.strip().lower()
    token = f"hr-{user.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


@staff()
def sign_out(state: State, token: str) -> str:
    """End a session; answers a sentence naming who was signed out."""
    who = state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


@staff(public=True)
def races(state: State) -> List[Race]:
    """The festival's races as the website lists them: each race's code, name, distance, date and start time, its
    capacity, how many are entered so far, its entry fee and whether it has started."""
    return [Race(code=code, name=r[0], distance_km=r[1], date=r[2], start=r[3], capacity=r[4],
                 entered=sum(1 for e in state.entries.values() if e["race"] == code and _live(e)), fee=r[7],
                 started=code in state.started)
            for code, r in RACES.items()]


@staff(public=True)
def waves(race_code: str) -> List[Wave]:
    """The start waves of a race, by the race's code: each wave's code and the predicted finishing times it is
    for."""
    _race(race_code)
    return [Wave(code=code, race=w[0], name=w[1]) for code, w in WAVES.items() if w[0] == race_code]


# --------------------------------------------------------------------------- runners


@staff()
def find_runner(state: State, token: str, text: str) -> List[RunnerRow]:
    """Find runners by part of their name, e-mail address or club; answers the runner id, name, date of birth and
    club of each runner found."""
    needle = _text(text, "text").lower()
    return [RunnerRow(runner_id=rid, name=r["name"], date_of_birth=r["dob"], club=r["club"])
            for rid, r in sorted(state.runners.items())
            if needle in r["name"].lower() or needle in r["email"].lower() or needle in (r["club"] or "").lower()]


@staff("entries")
def register_runner(state: State, token: str, name: str, sex: Sex, date_of_birth: str, email: str, phone: str,
                    emergency_contact: str, club: Optional[str] = None) -> Runner:
    """Register a runner: their name, sex (F, M or X), date of birth (YYYY-MM-DD), e-mail address, phone number, the
    name and phone number of their emergency contact, and their running club if they have one. Answers the runner with
    a new runner id and no medical declaration."""
    name = _text(name, "name")
    if sex not in ("F", "M", "X"):
        raise ValueError(f"sex is F, M or X, not {sex!r}")
    try:
        dob = datetime.date.fromisoformat(date_of_birth).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"{date_of_birth!r} is not a date of birth (YYYY-MM-DD)") from None
    if dob >= TODAY:
        raise ValueError(f"{date_of_birth!r} is not a date of birth")
    email = _text(email, "email")
    if "@" not in email:
        raise ValueError(f"{email!r} is not an e-mail address")
    for rid, r in state.runners.items():
        if r["name"].lower() == name.lower() and r["dob"] == dob:
            raise ValueError(f"{r['name']} is registered already ({rid})")
    rid = f"RN-{_next(state, 'runner')}"
    state.runners[rid] = {"name": name, "sex": sex, "dob": dob, "email": email, "phone": _text(phone, "phone"),
                          "club": club.strip() if isinstance(club, str) and club.strip() else None,
                          "emergency": _text(emergency_contact, "emergency_contact"), "medical": None}
    return _runner_out(state, rid)


@staff("entries")
def update_runner(state: State, token: str, runner_id: str, email: Optional[str] = None, phone: Optional[str] = None,
                  club: Optional[str] = None, emergency_contact: Optional[str] = None) -> Runner:
    """Change a runner's e-mail address, phone number, club or emergency contact; what is left out stays as it is.
    Answers the runner as changed."""
    r = _runner(state, runner_id)
    new = {k: v.strip() for k, v in (("email", email), ("phone", phone), ("club", club),
                                     ("emergency", emergency_contact)) if isinstance(v, str) and v.strip()}
    if "email" in new and "@" not in new["email"]:
        raise ValueError(f"{email!r} is not an e-mail address")
    changed = {k: v for k, v in new.items() if r[k] != v}
    if not changed:
        raise ValueError(f"nothing to change for {r['name']}; those are the details on file")
    r.update(changed)
    return _runner_out(state, runner_id)


@staff()
def runner_record(state: State, token: str, runner_id: str) -> RunnerRecord:
    """A runner's whole record: their details, their medical declaration (the conditions declared), their entries as
    rows of [entry_id, race, status, wave, bib, pack_collected] and their results as rows of [race, bib, time or
    result]."""
    _runner(state, runner_id)
    return _record(state, runner_id)


@staff("entries", "volunteers", "medical")
def email_runner(state: State, token: str, runner_id: str, subject: str, body: str) -> str:
    """E-mail a runner; answers a sentence with the e-mail's id."""
    r = _runner(state, runner_id)
    subject, body = _text(subject, "subject"), _text(body, "body")
    mid = f"ML-{_next(state, 'email')}"
    state.emails.append([mid, runner_id, subject, body, state.tokens[token]["name"]])
    return f"E-mail {mid} sent to {r['name']} at {r['email']}."


@staff("entries", "medical")
def record_medical(state: State, token: str, runner_id: str, conditions: List[str],
                   medication: Optional[str] = None) -> RunnerRecord:
    """Record the medical declaration a runner fills in at the entries desk: the conditions they declare (or none)
    and any medication they carry. It replaces any declaration on file. Answers the runner's record."""
    r = _runner(state, runner_id)
    if not isinstance(conditions, list) or not conditions:
        raise ValueError("conditions is a list of the conditions declared")
    chosen = []
    for c in conditions:
        word = c.strip().lower() if isinstance(c, str) else c
        if word not in CONDITIONS:
            raise ValueError(f"{c!r} is not a condition on the declaration; it lists {', '.join(CONDITIONS)}")
        if word not in chosen:
            chosen.append(word)
    if "none" in chosen and len(chosen) > 1:
        raise ValueError("none is declared alone")
    if r["medical"] == chosen:
        raise ValueError(f"{r['name']} has declared {', '.join(chosen)} already")
    r["medical"] = chosen
    r["medication"] = medication.strip() if isinstance(medication, str) and medication.strip() else None
    return _record(state, runner_id)


# --------------------------------------------------------------------------- entries


@staff("entries")
def enter_race(state: State, token: str, runner_id: str, race_code: str,
               predicted_time: Optional[str] = None) -> Entry:
    """Enter a runner in a race, with the finishing time they predict if they give one; the entry is unpaid until the
    fee is taken. A runner is entered once in a race. Answers the entry with its new entry id."""
    r = _runner(state, runner_id)
    name = _race(race_code)[0]
    predicted = None
    if predicted_time is not None:
        _seconds(predicted_time)
        predicted = predicted_time.strip()
    if race_code in state.started:
        raise ValueError(f"the {name} has started; entries are closed")
    for eid, e in state.entries.items():
        if e["runner"] == runner_id and e["race"] == race_code and _live(e):
            raise ValueError(f"{r['name']} is entered in the {name} already ({eid})")
    _eligible(state, runner_id, race_code)
    if sum(1 for e in state.entries.values() if e["race"] == race_code and _live(e)) >= RACES[race_code][4]:
        raise ValueError(f"the {name} is full")
    eid = f"EN-{_next(state, 'entry')}"
    state.entries[eid] = {"runner": runner_id, "race": race_code, "status": "unpaid", "predicted": predicted,
                          "wave": None, "bib": None, "chip": None, "collected": False, "result": None, "time": None,
                          "note": None}
    return _entry(state, eid)


@staff()
def entries(state: State, token: str, race_code: Optional[str] = None,
            status: Optional[EntryStatus] = None) -> List[Entry]:
    """The entries in entry id order, optionally only those in one race (by its code) or in one status (unpaid,
    paid, deferred or withdrawn). Each shows the runner, race, status, predicted time, wave, bib number, timing chip,
    whether the race pack was handed out and any result."""
    want = _value(status)
    if want is not None and want not in [s.value for s in EntryStatus]:
        raise ValueError(f"status is unpaid, paid, deferred or withdrawn, not {want!r}")
    return [_entry(state, eid) for eid, e in sorted(state.entries.items())
            if (race_code is None or e["race"] == race_code) and (want is None or e["status"] == want)]


@staff()
def entry_detail(state: State, token: str, entry_id: str) -> Entry:
    """One entry, as the entries list shows it."""
    _entry_row(state, entry_id)
    return _entry(state, entry_id)


@staff("entries")
def take_payment(state: State, token: str, entry_id: str, amount: float, method: Method) -> Entry:
    """Take the entry fee for an unpaid entry, by card, cash or voucher; the amount is the race's fee. Answers the
    entry, paid."""
    e = _entry_row(state, entry_id)
    if method not in ("card", "cash", "voucher"):
        raise ValueError(f"method is card, cash or voucher, not {method!r}")
    if e["status"] != "unpaid":
        raise ValueError(f"{entry_id} is {e['status']}; only an unpaid entry is paid for")
    fee = RACES[e["race"]][7]
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or abs(amount - fee) > 0.001:
        raise ValueError(f"the {RACES[e['race']][0]} costs {fee:.2f}, not {amount!r}")
    e["status"] = "paid"
    state.payments.append([entry_id, float(amount), method, TODAY])
    return _entry(state, entry_id)


@staff("entries")
def assign_wave(state: State, token: str, entry_id: str, wave_code: str) -> Entry:
    """Put a paid entry in one of its race's start waves, the one its predicted time is for. Answers the entry."""
    e = _entry_row(state, entry_id)
    w = WAVES.get(wave_code) if isinstance(wave_code, str) else None
    if w is None:
        raise LookupError(f"no start wave {wave_code!r}")
    if w[0] != e["race"]:
        raise ValueError(f"{wave_code} is a wave of the {RACES[w[0]][0]}; {entry_id} is in the {RACES[e['race']][0]}")
    if e["status"] != "paid":
        raise ValueError(f"{entry_id} is {e['status']}; runners are put in a start wave once their entry is paid")
    if e["bib"] is not None:
        raise ValueError(f"{entry_id} has bib {e['bib']} in {e['wave']}; the wave is fixed once a bib is allocated")
    if e["wave"] == wave_code:
        raise ValueError(f"{entry_id} is in {wave_code} already")
    if e["predicted"] is not None and not w[2] <= _seconds(e["predicted"]) <= w[3]:
        raise ValueError(f"{entry_id} predicts {e['predicted']}; {wave_code} is {w[1]}")
    e["wave"] = wave_code
    return _entry(state, entry_id)


@staff("entries")
def allocate_bib(state: State, token: str, entry_id: str) -> int:
    """Allocate a bib number to an entry; numbers are given out in blocks by start wave. Answers the bib number."""
    e = _entry_row(state, entry_id)
    if e["status"] != "paid":
        raise ValueError(f"{entry_id} is {e['status']}; bibs go to paid entries")
    if e["bib"] is not None:
        raise ValueError(f"{entry_id} has bib {e['bib']} already")
    if e["wave"] is None:
        raise ValueError(f"{entry_id} is in no start wave; bib numbers are allocated by wave")
    taken = {x["bib"] for x in state.entries.values() if x["bib"] is not None}
    bib = WAVES[e["wave"]][4]
    while bib in taken:
        bib += 1
    e["bib"] = bib
    return bib


@staff("entries")
def collect_pack(state: State, token: str, entry_id: str) -> str:
    """Hand a runner their race pack (bib with its timing chip, safety pins, T-shirt) at the race village. Answers a
    sentence naming the bib and the runner."""
    e = _entry_row(state, entry_id)
    r = state.runners[e["runner"]]
    if e["status"] != "paid":
        raise ValueError(f"{entry_id} is {e['status']}")
    if e["collected"]:
        raise ValueError(f"the race pack for {entry_id} was handed out already")
    if e["bib"] is None:
        raise ValueError(f"{entry_id} has no bib allocated; there is no race pack to hand out")
    if r["medical"] is None:
        raise ValueError(f"{r['name']} has not made a medical declaration; every runner makes one before collecting")
    e["collected"] = True
    return f"Race pack with bib {e['bib']} ({entry_id}) handed to {r['name']}."


@staff("entries")
def transfer_entry(state: State, token: str, entry_id: str, to_runner_id: str) -> Entry:
    """Transfer a paid entry to another registered runner before a bib is allocated to it. Answers the entry under
    its new runner."""
    e = _entry_row(state, entry_id)
    to = _runner(state, to_runner_id)
    if e["status"] != "paid":
        raise ValueError(f"{entry_id} is {e['status']}; only a paid entry is transferred")
    if e["bib"] is not None:
        raise ValueError(f"{entry_id} has bib {e['bib']}; transfers close once a bib is allocated")
    if e["runner"] == to_runner_id:
        raise ValueError(f"{entry_id} is {to['name']}'s already")
    for eid, x in state.entries.items():
        if x["runner"] == to_runner_id and x["race"] == e["race"] and _live(x):
            raise ValueError(f"{to['name']} is entered in the {RACES[e['race']][0]} already ({eid})")
    _eligible(state, to_runner_id, e["race"])
    e.update({"runner": to_runner_id, "wave": None, "predicted": None,
              "note": f"transferred from {state.runners[e['runner']]['name']}"})
    return _entry(state, entry_id)


@staff("entries")
def defer_entry(state: State, token: str, entry_id: str) -> str:
    """Defer a paid entry to next year's race (before its race pack is handed out); the bib is released. Answers the
    code of next year's entry."""
    e = _entry_row(state, entry_id)
    if e["status"] != "paid":
        raise ValueError(f"{entry_id} is {e['status']}; only a paid entry is deferred")
    if e["collected"]:
        raise ValueError(f"the race pack for {entry_id} has been handed out; it cannot be deferred now")
    e.update({"status": "deferred", "bib": None, "wave": None})
    if e["chip"] is not None:
        state.chips[e["chip"]] = None
        e["chip"] = None
    return f"DEF{NEXT_YEAR}-{e['race']}-{entry_id[3:]}"


@staff("entries")
def withdraw_entry(state: State, token: str, entry_id: str, reason: str) -> str:
    """Withdraw an entry; answers a sentence naming the entry and the runner."""
    e = _entry_row(state, entry_id)
    reason = _text(reason, "reason")
    if e["status"] == "withdrawn":
        raise ValueError(f"{entry_id} is withdrawn already")
    if e["status"] != "unpaid":
        raise ValueError(f"{entry_id} is {e['status']}; entries are not refunded, so a paid entry is deferred or "
                         "transferred instead")
    e.update({"status": "withdrawn", "note": reason})
    return f"Entry {entry_id} for {state.runners[e['runner']]['name']} withdrawn."


@staff("entries")
def switch_race(state: State, token: str, entry_id: str, race_code: str) -> Entry:
    """Move an entry to another race before a bib is allocated to it (its start wave is cleared). Answers the entry
    in its new race."""
    e = _entry_row(state, entry_id)
    name = _race(race_code)[0]
    if not _live(e):
        raise ValueError(f"{entry_id} is {e['status']}")
    if e["race"] == race_code:
        raise ValueError(f"{entry_id} is in the {name} already")
    if e["bib"] is not None:
        raise ValueError(f"{entry_id} has bib {e['bib']}; an entry switches race before a bib is allocated")
    if race_code in state.started:
        raise ValueError(f"the {name} has started")
    if e["status"] == "paid" and RACES[race_code][7] > RACES[e["race"]][7]:
        raise ValueError(f"the {name} costs {RACES[race_code][7]:.2f} and the {RACES[e['race']][0]} "
                         f"{RACES[e['race']][7]:.2f}; a paid entry switches only to a race that costs no more")
    for eid, x in state.entries.items():
        if x["runner"] == e["runner"] and x["race"] == race_code and _live(x):
            raise ValueError(f"{state.runners[e['runner']]['name']} is entered in the {name} already ({eid})")
    _eligible(state, e["runner"], race_code)
    e.update({"race": race_code, "wave": None, "predicted": None})
    return _entry(state, entry_id)


# --------------------------------------------------------------------------- timing


@staff("timing")
def chip_stock(state: State, token: str) -> List[str]:
    """The timing chips not yet linked to a bib, by their codes."""
    return [code for code, eid in sorted(state.chips.items()) if eid is None]


@staff("timing")
def link_chip(state: State, token: str, bib: int, chip_code: str) -> ChipLink:
    """Link a timing chip from stock to an allocated bib number (the chip is stuck to the back of the bib). Answers the
    bib, the chip, the entry and the runner."""
    eid = _by_bib(state, bib)
    e = state.entries[eid]
    if not isinstance(chip_code, str) or chip_code not in state.chips:
        raise LookupError(f"no timing chip {chip_code!r}")
    if e["chip"] is not None:
        raise ValueError(f"bib {bib} has chip {e['chip']} already")
    if state.chips[chip_code] is not None:
        raise ValueError(f"{chip_code} is on another bib already")
    state.chips[chip_code] = eid
    e["chip"] = chip_code
    return ChipLink(bib=bib, chip=chip_code, entry_id=eid, name=state.runners[e["runner"]]["name"])


@staff("director")
def start_race(state: State, token: str, race_code: str) -> RaceStart:
    """Start a race once every marshal point on its course is staffed. Answers the race, the gun time, the number of
    starters and of marshals out."""
    name, _, date, start = _race(race_code)[:4]
    if race_code in state.started:
        raise ValueError(f"the {name} started at {state.started[race_code]} already")
    if date != TODAY:
        raise ValueError(f"the {name} is on {date}; a race is started on its own day")
    empty = [code for code, p in sorted(state.points.items()) if p[0] == race_code and p[2] is None]
    if empty:
        raise ValueError(f"marshal points {', '.join(empty)} of the {name} are not staffed")
    state.started[race_code] = f"{start}:00"
    return RaceStart(race=race_code, gun_time=f"{start}:00",
                     starters=sum(1 for e in state.entries.values() if e["race"] == race_code and e["collected"]),
                     marshals=sum(1 for p in state.points.values() if p[0] == race_code))


@staff("timing")
def record_finish(state: State, token: str, bib: int, finish_time: str) -> Finish:
    """Record a runner's chip finishing time (H:MM:SS or MM:SS) by their bib number, in a race that has started.
    Answers the bib, entry, runner, race and time."""
    eid = _by_bib(state, bib)
    e = state.entries[eid]
    secs = _seconds(finish_time)
    if e["race"] not in state.started:
        raise ValueError(f"the {RACES[e['race']][0]} has not started")
    if not e["collected"]:
        raise ValueError(f"bib {bib}'s race pack was never handed out; that runner did not start")
    if e["chip"] is None:
        raise ValueError(f"bib {bib} has no timing chip linked; no chip time can be read for it")
    if e["result"] is not None:
        raise ValueError(f"bib {bib} has a result already ({e['result']})")
    text = f"{secs // 3600}:{secs % 3600 // 60:02d}:{secs % 60:02d}"
    e.update({"result": "finished", "time": text})
    return Finish(bib=bib, entry_id=eid, name=state.runners[e["runner"]]["name"], race=e["race"], time=text)


@staff("timing")
def record_dnf(state: State, token: str, bib: int, reason: str) -> Entry:
    """Record that a runner who started did not finish, by their bib number. Answers the entry."""
    eid = _by_bib(state, bib)
    e = state.entries[eid]
    reason = _text(reason, "reason")
    if e["race"] not in state.started:
        raise ValueError(f"the {RACES[e['race']][0]} has not started")
    if e["result"] is not None:
        raise ValueError(f"bib {bib} has a result already ({e['result']})")
    e.update({"result": "did not finish", "note": reason})
    return _entry(state, eid)


@staff()
def results(state: State, token: str, race_code: str, sex: Optional[Sex] = None) -> Results:
    """A race's results: finishers as rows of [position, bib, name, sex, club, time] in time order, runners who did
    not finish as rows of [bib, name, reason] and disqualified runners as rows of [bib, name, rule]; optionally only
    one sex (F, M or X)."""
    _race(race_code)
    mine = [(eid, e) for eid, e in sorted(state.entries.items())
            if e["race"] == race_code and (sex is None or state.runners[e["runner"]]["sex"] == sex)]
    done = sorted([(e["time"], eid, e) for eid, e in mine if e["result"] == "finished"],
                  key=lambda t: (_seconds(t[0]), t[1]))
    return Results(
        race=race_code, started=race_code in state.started,
        finishers=[[i + 1, e["bib"], state.runners[e["runner"]]["name"], state.runners[e["runner"]]["sex"],
                    state.runners[e["runner"]]["club"], t] for i, (t, _, e) in enumerate(done)],
        did_not_finish=[[e["bib"], state.runners[e["runner"]]["name"], e["note"]] for _, e in mine
                        if e["result"] == "did not finish"],
        disqualified=[[e["bib"], state.runners[e["runner"]]["name"], e["note"]] for _, e in mine
                      if e["result"] == "disqualified"])


@staff("director")
def disqualify(state: State, token: str, entry_id: str, rule: str, notes: str) -> Entry:
    """Disqualify a finisher's result under one of the race rules, with the marshal's or referee's notes. Answers the
    entry."""
    e = _entry_row(state, entry_id)
    notes = _text(notes, "notes")
    if rule not in DQ_RULES:
        raise ValueError(f"{rule!r} is not a race rule; a disqualification cites {', '.join(DQ_RULES)}")
    if e["result"] == "disqualified":
        raise ValueError(f"{entry_id} is disqualified already")
    if e["result"] != "finished":
        raise ValueError(f"{entry_id} has no finish to disqualify")
    e.update({"result": "disqualified", "note": f"{rule}: {notes}"})
    return _entry(state, entry_id)


@staff("director")
def reinstate_result(state: State, token: str, entry_id: str) -> Entry:
    """Give a disqualified runner their finish back (on appeal). Answers the entry."""
    e = _entry_row(state, entry_id)
    if e["result"] != "disqualified":
        raise ValueError(f"{entry_id} is not disqualified")
    e.update({"result": "finished", "note": None})
    return _entry(state, entry_id)


# --------------------------------------------------------------------------- volunteers and marshals


@staff("volunteers")
def register_volunteer(state: State, token: str, name: str, phone: str, email: str) -> Volunteer:
    """Register a volunteer marshal by name, phone number and e-mail address; answers the volunteer with a new
    volunteer id, not yet briefed."""
    name = _text(name, "name")
    if any(v["name"].lower() == name.lower() for v in state.volunteers.values()):
        raise ValueError(f"{name} is registered as a volunteer already")
    vid = f"VL-{_next(state, 'volunteer')}"
    state.volunteers[vid] = {"name": name, "phone": _text(phone, "phone"), "email": _text(email, "email"),
                             "briefed": False}
    return Volunteer(volunteer_id=vid, name=name, phone=phone.strip(), briefed=False, point=None)


def _volunteer(state: State, vid: str) -> Volunteer:
    v = state.volunteers[vid]
    point = next((code for code, p in sorted(state.points.items()) if p[2] == vid), None)
    return Volunteer(volunteer_id=vid, name=v["name"], phone=v["phone"], briefed=v["briefed"], point=point)


@staff()
def find_volunteer(state: State, token: str, text: str) -> List[Volunteer]:
    """Find volunteers by part of their name or phone number; each shows whether they are briefed and the marshal
    point they are on."""
    needle = _text(text, "text").lower()
    return [_volunteer(state, vid) for vid, v in sorted(state.volunteers.items())
            if needle in v["name"].lower() or needle in v["phone"].replace(" ", "") or needle in v["phone"]]


@staff("volunteers")
def record_briefing(state: State, token: str, volunteer_id: str) -> Volunteer:
    """Record that a volunteer has had the marshals' safety briefing; answers the volunteer."""
    v = state.volunteers.get(volunteer_id) if isinstance(volunteer_id, str) else None
    if v is None:
        raise LookupError(f"no volunteer {volunteer_id}")
    if v["briefed"]:
        raise ValueError(f"{v['name']} is briefed already")
    v["briefed"] = True
    return _volunteer(state, volunteer_id)


@staff()
def marshal_points(state: State, token: str, race_code: str, unstaffed_only: bool = False) -> MarshalPoints:
    """A race's marshal points as rows of [point_code, location, volunteer_id, volunteer], the volunteer empty where
    nobody is on the point; optionally only the points nobody is on."""
    _race(race_code)
    return MarshalPoints(race=race_code, points=[
        [code, p[1], p[2], state.volunteers[p[2]]["name"] if p[2] else None]
        for code, p in sorted(state.points.items())
        if p[0] == race_code and (not unstaffed_only or p[2] is None)])


@staff("volunteers")
def assign_marshal(state: State, token: str, volunteer_id: str, point_code: str) -> Assignment:
    """Put a briefed volunteer on a marshal point nobody is on (a volunteer marshals one point). Answers the point,
    its location and the volunteer."""
    v = state.volunteers.get(volunteer_id) if isinstance(volunteer_id, str) else None
    if v is None:
        raise LookupError(f"no volunteer {volunteer_id}")
    p = state.points.get(point_code) if isinstance(point_code, str) else None
    if p is None:
        raise LookupError(f"no marshal point {point_code!r}")
    if not v["briefed"]:
        raise ValueError(f"{v['name']} has not had the safety briefing; marshals are briefed first")
    if p[2] == volunteer_id:
        raise ValueError(f"{v['name']} is on {point_code} already")
    if p[2] is not None:
        raise ValueError(f"{state.volunteers[p[2]]['name']} is on {point_code} already")
    other = next((code for code, x in state.points.items() if x[2] == volunteer_id), None)
    if other is not None:
        raise ValueError(f"{v['name']} marshals {other} already")
    p[2] = volunteer_id
    return Assignment(point=point_code, location=p[1], volunteer_id=volunteer_id, name=v["name"])


@staff("volunteers")
def unassign_marshal(state: State, token: str, point_code: str) -> str:
    """Take the volunteer off a marshal point; answers a sentence naming the point and the volunteer."""
    p = state.points.get(point_code) if isinstance(point_code, str) else None
    if p is None:
        raise LookupError(f"no marshal point {point_code!r}")
    if p[2] is None:
        raise ValueError(f"nobody is on {point_code}")
    if p[0] in state.started:
        raise ValueError(f"the {RACES[p[0]][0]} is under way; marshals stay on their points until it ends")
    vid, p[2] = p[2], None
    return f"{state.volunteers[vid]['name']} ({vid}) taken off marshal point {point_code} ({p[1]})."


# --------------------------------------------------------------------------- medical


@staff("medical")
def log_casualty(state: State, token: str, bib: int, location: str, severity: Severity, notes: str) -> Casualty:
    """Log a runner treated on the course of a race under way, by their bib number: where, how serious (minor,
    moderate or serious) and the medic's notes. Answers the casualty with a new casualty id."""
    eid = _by_bib(state, bib)
    e = state.entries[eid]
    sev = _value(severity)
    if sev not in [s.value for s in Severity]:
        raise ValueError(f"severity is minor, moderate or serious, not {sev!r}")
    location, notes = _text(location, "location"), _text(notes, "notes")
    if e["race"] not in state.started:
        raise ValueError(f"the {RACES[e['race']][0]} has not started; casualties are logged on the course")
    cid = f"CS-{_next(state, 'casualty')}"
    state.casualties[cid] = {"entry": eid, "location": location, "severity": sev, "notes": notes, "outcome": None}
    return _casualty(state, cid)


def _casualty(state: State, cid: str) -> Casualty:
    c = state.casualties[cid]
    e = state.entries[c["entry"]]
    return Casualty(casualty_id=cid, bib=e["bib"], name=state.runners[e["runner"]]["name"], race=e["race"],
                    location=c["location"], severity=c["severity"], notes=c["notes"], outcome=c["outcome"])


@staff("medical")
def casualties(state: State, token: str, open_only: bool = False) -> List[Casualty]:
    """The casualties logged today, in casualty id order; optionally only those not yet discharged."""
    return [_casualty(state, cid) for cid, c in sorted(state.casualties.items())
            if not open_only or c["outcome"] is None]


@staff("medical")
def discharge_casualty(state: State, token: str, casualty_id: str, outcome: Outcome) -> Casualty:
    """Discharge a casualty: returned to the race, withdrawn from it (recorded as not finishing) or taken to
    hospital. Answers the casualty."""
    c = state.casualties.get(casualty_id) if isinstance(casualty_id, str) else None
    if c is None:
        raise LookupError(f"no casualty {casualty_id}")
    if outcome not in ("returned_to_race", "withdrawn", "hospital"):
        raise ValueError(f"outcome is returned_to_race, withdrawn or hospital, not {outcome!r}")
    if c["outcome"] is not None:
        raise ValueError(f"{casualty_id} was discharged already ({c['outcome']})")
    c["outcome"] = outcome
    e = state.entries[c["entry"]]
    if outcome != "returned_to_race" and e["result"] is None:
        e.update({"result": "did not finish", "note": f"medical: {outcome}"})
    return _casualty(state, casualty_id)


TOOLS = [
    sign_in, sign_out, races, waves, find_runner, register_runner, update_runner, runner_record, email_runner,
    record_medical, enter_race, entries, entry_detail, take_payment, assign_wave, allocate_bib, collect_pack,
    transfer_entry, defer_entry, withdraw_entry, switch_race, chip_stock, link_chip, start_race, record_finish,
    record_dnf, results, disqualify, reinstate_result, register_volunteer, find_volunteer, record_briefing,
    marshal_points, assign_marshal, unassign_marshal, log_casualty, casualties, discharge_casualty,
]

FIXTURES = {
    "festival": {"name": "Harbury Running Festival, race village on Harbury Rec",
                 "today": "Saturday 16 September 2034 at eight in the morning; the 5K and the Junior Mile are run "
                          "today, the Half Marathon and the 10K tomorrow"},
    "staff": [
        {"name": "Mel Hartigan", "role": "entries office", "username": "mel.h", "password": "Bib-Table-12"},
        {"name": "Joss Palmer", "role": "entries office", "username": "joss.p", "password": "Safety-Pins-4"},
        {"name": "Raj Sethi", "role": "timing", "username": "raj.s", "password": "Split-Mat-88"},
        {"name": "Gwen Ashdown", "role": "volunteer desk", "username": "gwen.a", "password": "Hi-Vis-Tabard"},
        {"name": "Dr Nia Obi", "role": "medical team", "username": "nia.o", "password": "Foil-Blanket-6"},
        {"name": "Ann Whitcombe", "role": "race director", "username": "ann.w", "password": "Starting-Hooter-1"},
    ],
    "new_runner": {"name": "Ms Jess Arkwright", "sex": "F", "date_of_birth": "1996-08-22",
                   "email": "jess.arkwright@example.com", "phone": "07700 941140", "club": "Harbury Harriers",
                   "emergency_contact": "Dan Arkwright, 07700 941141",
                   "medical": "asthma; carries a salbutamol inhaler",
                   "wants": "to enter today's 5K on the day, predicting 24:30, paying the fee in cash"},
    "new_volunteer": {"name": "Mr Idris Bello", "phone": "07700 942540", "email": "idris.bello@example.net"},
    "notes": [
        "Tom Whitlock will pay his half marathon fee at the desk this morning",
        "Declan Roe cannot run the half marathon; his brother Conor will run it in his place",
        "Orla Keane has a strained calf and wants to defer her 10K to next year",
        "Beth Carver has decided not to run the 10K",
        "The lakeside turn on the 5K course still needs a marshal",
        "Hannah Lowe was seen wearing headphones on the 5K course",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "races", "waves")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
RUNNER_CONSUMERS = ["update_runner", "runner_record", "email_runner", "record_medical", "enter_race",
                    "transfer_entry"]
ENTRY_CONSUMERS = ["entry_detail", "take_payment", "assign_wave", "allocate_bib", "collect_pack", "transfer_entry",
                   "defer_entry", "withdraw_entry", "switch_race", "disqualify", "reinstate_result"]
RACE_CONSUMERS = ["waves", "enter_race", "switch_race", "marshal_points", "start_race", "results"]
BIB_CONSUMERS = ["link_chip", "record_finish", "record_dnf", "log_casualty"]
_RUNNER = "id lookup/create: runner (runner_id of register_runner, or of a find_runner row)"
_ENTRY = "id lookup/create: entry (entry_id of enter_race, or of an entries entry)"
_RACE = "vocabulary: race codes (code of a races entry)"
_BIB = "id lookup/create: bib number (allocate_bib's number, or the bib of an entries entry)"
_VOLUNTEER = "id lookup/create: volunteer (volunteer_id of register_volunteer, or of a find_volunteer entry)"
_POINT = "id lookup: marshal point (a marshal_points row's point code)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_runner|find_runner", c, _RUNNER) for c in RUNNER_CONSUMERS]
    + [("enter_race|entries", c, _ENTRY) for c in ENTRY_CONSUMERS]
    + [("races", c, _RACE) for c in RACE_CONSUMERS]
    + [("allocate_bib|entries", c, _BIB) for c in BIB_CONSUMERS]
    + [("register_volunteer|find_volunteer", c, _VOLUNTEER) for c in ("record_briefing", "assign_marshal")]
    + [("marshal_points", c, _POINT) for c in ("assign_marshal", "unassign_marshal")]
    + [
        ("waves", "assign_wave", "vocabulary: start wave codes (code of a waves entry)"),
        ("chip_stock", "link_chip", "id lookup: a timing chip in stock (a chip_stock code)"),
        ("log_casualty|casualties", "discharge_casualty",
         "id lookup/create: casualty (casualty_id of log_casualty, or of a casualties entry)"),
        ("take_payment", "assign_wave", "payment: the entry paid"),
        ("take_payment", "transfer_entry", "payment: the entry paid"),
        ("take_payment", "defer_entry", "payment: the entry paid"),
        ("take_payment", "allocate_bib", "payment: the entry paid"),
        ("record_medical", "collect_pack", "medical: a medical declaration on file"),
        ("record_briefing", "assign_marshal", "volunteer: the volunteer briefed"),
        ("assign_wave", "allocate_bib", "state: the entry in a start wave"),
        ("allocate_bib", "collect_pack", "state: a bib allocated to the entry"),
        ("assign_marshal", "start_race", "state: every marshal point staffed"),
        ("assign_marshal", "unassign_marshal", "state: a volunteer on the point"),
        ("start_race", "record_finish", "state: the race started"),
        ("start_race", "record_dnf", "state: the race started"),
        ("start_race", "log_casualty", "state: the race started"),
        ("link_chip", "record_finish", "state: a timing chip on the bib"),
        ("collect_pack", "record_finish", "state: the race pack handed out (the runner started)"),
        ("record_finish", "disqualify", "state: a finish recorded"),
        ("disqualify", "reinstate_result", "state: the result disqualified"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_ENTRY_CHANGES = ("enter_race", "take_payment", "assign_wave", "allocate_bib", "collect_pack", "transfer_entry",
                  "defer_entry", "withdraw_entry", "switch_race", "link_chip", "record_finish", "record_dnf",
                  "disqualify", "reinstate_result", "discharge_casualty")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: runners on entries; entries in a runner's record, a chip link
    # and a finish; bib numbers in a runner's record, an entry, the results and the casualties; race codes on entries,
    # records and waves; wave codes on entries; volunteers on the marshal points, and a volunteer's point
    {(p, c) for p in ("entries", "entry_detail") for c in RUNNER_CONSUMERS}
    | {(p, c) for p in ("runner_record", "link_chip", "record_finish") for c in ENTRY_CONSUMERS}
    | {(p, c) for p in ("runner_record", "entry_detail", "results", "casualties") for c in BIB_CONSUMERS}
    | {(p, c) for p in ("entries", "entry_detail", "runner_record", "waves") for c in RACE_CONSUMERS}
    | {("entries", "assign_wave"), ("entry_detail", "assign_wave")}
    | {("marshal_points", "record_briefing"), ("marshal_points", "assign_marshal"),
       ("find_volunteer", "unassign_marshal"), ("find_volunteer", "assign_marshal")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("allocate_bib", "disqualify"), ("assign_marshal", "log_casualty"), ("assign_marshal", "record_dnf"),
        ("assign_marshal", "record_finish"), ("assign_wave", "collect_pack"), ("assign_wave", "link_chip"),
        ("assign_wave", "log_casualty"), ("assign_wave", "record_dnf"), ("assign_wave", "record_finish"),
        ("chip_stock", "record_finish"), ("collect_pack", "disqualify"), ("enter_race", "link_chip"),
        ("enter_race", "log_casualty"), ("enter_race", "record_dnf"), ("enter_race", "record_finish"),
        ("entries", "discharge_casualty"), ("find_volunteer", "start_race"), ("link_chip", "disqualify"),
        ("marshal_points", "start_race"), ("races", "allocate_bib"), ("races", "assign_marshal"),
        ("races", "assign_wave"), ("races", "collect_pack"), ("races", "defer_entry"), ("races", "disqualify"),
        ("races", "entry_detail"), ("races", "log_casualty"), ("races", "record_dnf"), ("races", "record_finish"),
        ("races", "reinstate_result"), ("races", "take_payment"), ("races", "transfer_entry"),
        ("races", "unassign_marshal"), ("races", "withdraw_entry"), ("record_briefing", "unassign_marshal"),
        ("record_finish", "reinstate_result"), ("record_medical", "record_finish"),
        ("register_runner", "allocate_bib"), ("register_runner", "assign_wave"), ("register_runner", "collect_pack"),
        ("register_runner", "defer_entry"), ("register_runner", "disqualify"), ("register_runner", "entry_detail"),
        ("register_runner", "reinstate_result"), ("register_runner", "switch_race"),
        ("register_runner", "take_payment"), ("register_runner", "withdraw_entry"),
        ("register_volunteer", "unassign_marshal"), ("start_race", "discharge_casualty"),
        ("start_race", "disqualify"), ("take_payment", "collect_pack"), ("take_payment", "link_chip"),
        ("take_payment", "log_casualty"), ("take_payment", "record_dnf"), ("take_payment", "record_finish"),
        ("waves", "allocate_bib"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in _ENTRY_CHANGES for c in ("entries", "entry_detail", "runner_record", "results", "races")}
    | {
        ("register_runner", "find_runner"), ("update_runner", "find_runner"), ("update_runner", "runner_record"),
        ("record_medical", "runner_record"), ("link_chip", "chip_stock"), ("defer_entry", "chip_stock"),
        ("start_race", "races"), ("start_race", "results"), ("register_volunteer", "find_volunteer"),
        ("record_briefing", "find_volunteer"), ("assign_marshal", "marshal_points"),
        ("assign_marshal", "find_volunteer"), ("unassign_marshal", "marshal_points"),
        ("unassign_marshal", "find_volunteer"), ("log_casualty", "casualties"), ("discharge_casualty", "casualties"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
