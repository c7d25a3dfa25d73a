"""Chicane: the desk, race control and kart workshop of Fenmoor Kart Circuit (38 calls).

Sync functions over an in-memory ``State`` of the circuit on Saturday 19 July 2031 at 09:00. The desk registers
drivers (juniors with a guardian), keeps their details, takes their annual waivers, books them into sessions
(arrive and drive, junior sessions, grand prix), moves and cancels bookings, takes payments and checks drivers
in. Race control (the marshals) looks after a session: a marshal is assigned, the karts are given to the
drivers checked in, the drivers are briefed, the track condition is declared, and the session is started,
red-flagged, resumed and finished; the timing loop gives the results, and penalties are given and rescinded.
The mechanics read the karts and their history, log faults and service karts against the service schedule.
The manager, as clerk of the course, awards licence grades and may cancel a session. The timetable with the
places left and the lap records are public.

Every tool is a plain ``def`` wrapped by ``track_api(*roles)`` (``functools.wraps``), which checks the session
token and the role. A refusal is raised as the circuit's own exception class, ``TrackError`` (the runtime
records it as an error, ``"TrackError: ..."``); the module declares no ``FAILURE``. Replies are plain dicts,
with rows nested as lists of lists (a session's grid, a driver's bookings and results, a finish's results), and
lists of rows; bare values answer a payment (the balance left), a briefing (how many drivers were briefed) and
a cancelled session (how many bookings were refunded); sentences with an id in them answer a waiver, a
message, a cancelled booking, a check-in, a track condition, a fault, a kart released, a red flag, a penalty
rescinded and a sign-out. ``from __future__ import annotations``: every annotation is a string the runtime
resolves in this module (PEP 604 ``X | None`` and builtin ``list[str]``), with two ``str`` ``Enum``s
(``KartClass`` as an input and a filter, ``Grade`` as an input), a plain ``Enum`` input (``Penalty``), ``Literal`` inputs
(track condition, payment method, channel) and ``Literal`` filters (session kind and status, booking status,
kart status, records period). numpy docstrings. Ids look alike: booking ``BK-8822``, penalty ``PN-120``, fault
``FT-047``, waiver ``WV-0431``; driver ``DR-5522``; session ``HT-2201``; marshal ``M-2``; karts ``K07`` and
``J02``. The ages and heights for adult and junior karts, who signs a junior's waiver, the grade a grand prix
asks, what club and national grades ask, that a kart past 25 engine hours is kept off track until its oil
and chain are done, that a red-flagged session is resumed before it is finished and that only one session is
on track are stated only in refusals; the refund rule for a cancelled booking only in the reply to a cancellation.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
from enum import Enum
from typing import Literal

TODAY = "2031-07-19"  # a Saturday
NOW = "09:00"
SERVICE_HOURS = 25.0
CLUB_LAP = {"adult": 48.0, "junior": 54.0}
NATIONAL_LAP = {"adult": 46.0, "junior": 51.5}
CONDITION_ADD = {"dry": 0.0, "damp": 2.5, "wet": 5.0}
CAPACITY = {"adult": 8, "junior": 4}
PRICES = {"arrive_and_drive": 35.0, "junior": 28.0, "grand_prix": 60.0}


class KartClass(str, Enum):
    ADULT = "adult"
    JUNIOR = "junior"


class Grade(str, Enum):
    NOVICE = "novice"
    CLUB = "club"
    NATIONAL = "national"


class Penalty(Enum):
    WARNING = "warning"
    PLUS_5S = "plus_5s"
    PLUS_10S = "plus_10s"
    DISQUALIFIED = "disqualified"


PENALTY_SECONDS = {"warning": 0.0, "plus_5s": 5.0, "plus_10s": 10.0, "disqualified": 999.0}
GRADE_RANK = {"novice": 0, "club": 1, "national": 2}

SessionKind = Literal["arrive_and_drive", "junior", "grand_prix"]
SessionStatus = Literal["open", "running", "red_flag", "finished", "cancelled"]
BookingStatus = Literal["booked", "checked_in", "finished", "cancelled"]
KartStatus = Literal["ready", "due", "fault"]
TrackCondition = Literal["dry", "damp", "wet"]
PayMethod = Literal["card", "cash", "gift_card"]
Channel = Literal["sms", "email"]
Period = Literal["today", "month", "all_time"]

SERVICE_TASKS = {  # code -> task, every so many engine hours
    "OIL": ("Change the engine oil", 25),
    "CHN": ("Clean, lubricate and tension the chain", 25),
    "BRK": ("Check the brake pads and fluid", 50),
    "TYR": ("Check the tyres; change at 3 mm", 50),
    "STR": ("Check the steering column and track rods", 50),
    "THR": ("Check the throttle cable and return spring", 50),
}


class TrackError(Exception):
    """Fenmoor's refusal: what was asked cannot be done, and why."""


# --------------------------------------------------------------------------- state


class State:
    """Fenmoor Kart Circuit on Saturday 19 July 2031 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "priya.k": {"name": "Priya Kaur", "password": "Pit-Board-12", "role": "desk", "marshal": None},
            "craig.d": {"name": "Craig Dunmore", "password": "Chequered-Flag-5", "role": "marshal", "marshal": "M-1"},
            "ellie.s": {"name": "Ellie Shaw", "password": "Blue-Flag-33", "role": "marshal", "marshal": "M-2"},
            "stefan.n": {"name": "Stefan Novak", "password": "Sprocket-Ratio-9", "role": "mechanic", "marshal": None},
            "lorraine.p": {"name": "Lorraine Pike", "password": "Fenmoor-Circuit-2004", "role": "manager",
                           "marshal": None},
        }
        self.tokens: dict[str, dict] = {}
        self.marshals = {"M-1": "Craig Dunmore", "M-2": "Ellie Shaw", "M-3": "Pete Rowland"}
        self.condition: list = [None, None]  # today's declared condition and when
        self.sessions = {
            "HT-2185": {"date": "2031-07-05", "start": "11:30", "kind": "arrive_and_drive", "class": "adult",
                        "status": "finished", "marshal": "M-1", "condition": "dry", "red_flags": 0},
            "HT-2190": {"date": "2031-07-12", "start": "14:00", "kind": "arrive_and_drive", "class": "adult",
                        "status": "finished", "marshal": "M-2", "condition": "dry", "red_flags": 0},
            "HT-2196": {"date": "2031-07-18", "start": "18:00", "kind": "grand_prix", "class": "adult",
                        "status": "finished", "marshal": "M-1", "condition": "dry", "red_flags": 1},
            "HT-2201": {"date": "2031-07-19", "start": "09:30", "kind": "arrive_and_drive", "class": "adult",
                        "status": "open", "marshal": "M-1", "condition": None, "red_flags": 0},
            "HT-2202": {"date": "2031-07-19", "start": "10:00", "kind": "junior", "class": "junior",
                        "status": "open", "marshal": None, "condition": None, "red_flags": 0},
            "HT-2203": {"date": "2031-07-19", "start": "10:30", "kind": "grand_prix", "class": "adult",
                        "status": "open", "marshal": "M-2", "condition": None, "red_flags": 0},
            "HT-2204": {"date": "2031-07-19", "start": "11:30", "kind": "arrive_and_drive", "class": "adult",
                        "status": "open", "marshal": None, "condition": None, "red_flags": 0},
            "HT-2205": {"date": "2031-07-19", "start": "14:00", "kind": "grand_prix", "class": "adult",
                        "status": "open", "marshal": None, "condition": None, "red_flags": 0},
            "HT-2206": {"date": "2031-07-19", "start": "15:00", "kind": "junior", "class": "junior",
                        "status": "open", "marshal": None, "condition": None, "red_flags": 0},
            "HT-2207": {"date": "2031-07-20", "start": "10:00", "kind": "arrive_and_drive", "class": "adult",
                        "status": "open", "marshal": None, "condition": None, "red_flags": 0},
            "HT-2208": {"date": "2031-07-20", "start": "11:00", "kind": "grand_prix", "class": "adult",
                        "status": "open", "marshal": None, "condition": None, "red_flags": 0},
        }
        self.drivers = {
            "DR-5501": {"name": "Mr Tariq Aziz", "dob": "1990-04-12", "height": 178, "phone": "07700 900501",
                        "email": "tariq.aziz@mail.example", "guardian": None, "grade": "club",
                        "waiver": "2032-03-01", "pace": 46.4},
            "DR-5504": {"name": "Ms Hollie Fenwick", "dob": "1998-09-30", "height": 165, "phone": "07700 900504",
                        "email": "hollie.fenwick@mail.example", "guardian": None, "grade": "novice",
                        "waiver": "2032-05-10", "pace": 47.5},
            "DR-5507": {"name": "Mr Gavin Royce", "dob": "1985-01-22", "height": 182, "phone": "07700 900507",
                        "email": None, "guardian": None, "grade": "club", "waiver": "2032-01-15", "pace": 46.9},
            "DR-5510": {"name": "Alfie Brennan", "dob": "2020-02-14", "height": 138, "phone": "07700 900510",
                        "email": "kate.brennan@mail.example", "guardian": "Mrs Kate Brennan", "grade": "novice",
                        "waiver": None, "pace": 52.6},
            "DR-5513": {"name": "Ruby Okafor", "dob": "2018-05-03", "height": 150, "phone": "07700 900513",
                        "email": "tunde.okafor@mail.example", "guardian": "Mr Tunde Okafor", "grade": "novice",
                        "waiver": "2032-04-20", "pace": 51.9},
            "DR-5516": {"name": "Mr Dan Whitlock", "dob": "1979-11-08", "height": 175, "phone": "07700 900516",
                        "email": "dan.whitlock@mail.example", "guardian": None, "grade": "novice",
                        "waiver": "2031-06-30", "pace": 49.0},
            "DR-5519": {"name": "Ms Marta Nowak", "dob": "1994-07-01", "height": 170, "phone": "07700 900519",
                        "email": "marta.nowak@mail.example", "guardian": None, "grade": "national",
                        "waiver": "2032-02-02", "pace": 45.6},
        }
        self.bookings = {
            "BK-8780": {"session": "HT-2185", "driver": "DR-5504", "price": 35.0, "paid": 35.0, "status": "finished",
                        "kart": "K03", "briefed": True},
            "BK-8781": {"session": "HT-2185", "driver": "DR-5516", "price": 35.0, "paid": 35.0, "status": "finished",
                        "kart": "K07", "briefed": True},
            "BK-8786": {"session": "HT-2190", "driver": "DR-5504", "price": 35.0, "paid": 35.0, "status": "finished",
                        "kart": "K02", "briefed": True},
            "BK-8787": {"session": "HT-2190", "driver": "DR-5501", "price": 35.0, "paid": 35.0, "status": "finished",
                        "kart": "K05", "briefed": True},
            "BK-8792": {"session": "HT-2196", "driver": "DR-5501", "price": 60.0, "paid": 60.0, "status": "finished",
                        "kart": "K05", "briefed": True},
            "BK-8793": {"session": "HT-2196", "driver": "DR-5507", "price": 60.0, "paid": 60.0, "status": "finished",
                        "kart": "K09", "briefed": True},
            "BK-8794": {"session": "HT-2196", "driver": "DR-5519", "price": 60.0, "paid": 60.0, "status": "finished",
                        "kart": "K12", "briefed": True},
            "BK-8805": {"session": "HT-2201", "driver": "DR-5504", "price": 35.0, "paid": 35.0,
                        "status": "checked_in", "kart": None, "briefed": False},
            "BK-8806": {"session": "HT-2201", "driver": "DR-5516", "price": 35.0, "paid": 35.0, "status": "booked",
                        "kart": None, "briefed": False},
            "BK-8807": {"session": "HT-2201", "driver": "DR-5519", "price": 35.0, "paid": 35.0,
                        "status": "checked_in", "kart": "K12", "briefed": False},
            "BK-8810": {"session": "HT-2202", "driver": "DR-5510", "price": 28.0, "paid": 0.0, "status": "booked",
                        "kart": None, "briefed": False},
            "BK-8811": {"session": "HT-2202", "driver": "DR-5513", "price": 28.0, "paid": 28.0, "status": "booked",
                        "kart": None, "briefed": False},
            "BK-8814": {"session": "HT-2203", "driver": "DR-5501", "price": 60.0, "paid": 60.0, "status": "booked",
                        "kart": None, "briefed": False},
            "BK-8815": {"session": "HT-2203", "driver": "DR-5507", "price": 60.0, "paid": 0.0, "status": "booked",
                        "kart": None, "briefed": False},
            "BK-8818": {"session": "HT-2207", "driver": "DR-5516", "price": 35.0, "paid": 35.0, "status": "booked",
                        "kart": None, "briefed": False},
        }
        self.laps = {  # booking -> best lap (finished sessions)
            "BK-8780": 48.6, "BK-8781": 49.4, "BK-8786": 48.1, "BK-8787": 46.6, "BK-8792": 46.3, "BK-8793": 46.8,
            "BK-8794": 45.7,
        }
        self.penalties = {
            "PN-117": {"session": "HT-2196", "kart": "K09", "penalty": "plus_5s",
                       "reason": "Contact with K05 at the hairpin", "rescinded": False},
        }
        self.karts = {
            "K02": {"class": "adult", "hours": 12.5, "fault": None, "serviced": "2031-07-10"},
            "K03": {"class": "adult", "hours": 18.0, "fault": None, "serviced": "2031-07-08"},
            "K05": {"class": "adult", "hours": 21.5, "fault": None, "serviced": "2031-07-06"},
            "K07": {"class": "adult", "hours": 9.0, "fault": "Throttle sticking open at full travel",
                    "serviced": "2031-07-14"},
            "K09": {"class": "adult", "hours": 16.0, "fault": None, "serviced": "2031-07-11"},
            "K11": {"class": "adult", "hours": 26.5, "fault": None, "serviced": "2031-06-28"},
            "K12": {"class": "adult", "hours": 7.5, "fault": None, "serviced": "2031-07-15"},
            "J01": {"class": "junior", "hours": 10.0, "fault": None, "serviced": "2031-07-12"},
            "J02": {"class": "junior", "hours": 14.5, "fault": None, "serviced": "2031-07-09"},
            "J03": {"class": "junior", "hours": 3.0, "fault": "Seat bracket cracked", "serviced": "2031-07-16"},
        }
        self.kart_log = [
            ["K11", "2031-06-28", "service", "OIL, CHN, BRK, TYR, STR, THR"],
            ["K07", "2031-07-14", "service", "OIL, CHN"],
            ["K07", "2031-07-18", "fault", "FT-044: Throttle sticking open at full travel"],
            ["J03", "2031-07-16", "service", "OIL, CHN"],
            ["J03", "2031-07-18", "fault", "FT-045: Seat bracket cracked"],
        ]
        self.messages: list[list] = []
        self.counters = {"token": 1, "booking": 8822, "driver": 5522, "penalty": 120, "fault": 47, "waiver": 431,
                         "message": 905}


# --------------------------------------------------------------------------- the decorator and helpers


def track_api(*roles: str, public: bool = False):
    """Check the session token and, where ``roles`` are given, the role (the manager may do everything),
    then run the tool; a refusal is raised as ``TrackError``."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def handler(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.tokens.get(token) if state is not None and isinstance(token, str) else None
                if who is None:
                    raise TrackError("not signed in, or the session token has expired; sign in first")
                if roles and who["role"] not in roles and who["role"] != "manager":
                    raise TrackError(f"{who['name']} ({who['role']}) may not do this; it is for the "
                                     f"{' or '.join(roles)}")
            return fn(*args, **kwargs)

        return handler

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise TrackError(f"{text!r} is not a date (YYYY-MM-DD)") from None


def _age(dob: str, on: str) -> int:
    b, d = _day(dob), _day(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _driver(state: State, driver_id: str) -> dict:
    d = state.drivers.get(driver_id)
    if d is None:
        raise TrackError(f"no driver {driver_id}")
    return d


def _session(state: State, session_id: str) -> dict:
    s = state.sessions.get(session_id)
    if s is None:
        raise TrackError(f"no session {session_id}")
    return s


def _booking(state: State, booking_id: str) -> dict:
    b = state.bookings.get(booking_id)
    if b is None:
        raise TrackError(f"no booking {booking_id}")
    return b


def _kart(state: State, kart_no: str) -> dict:
    k = state.karts.get(kart_no)
    if k is None:
        raise TrackError(f"no kart {kart_no}")
    return k


def _kart_status(k: dict) -> str:
    if k["fault"]:
        return "fault"
    return "due" if k["hours"] >= SERVICE_HOURS else "ready"


def _live(state: State, session_id: str) -> list:
    return [bid for bid, b in sorted(state.bookings.items()) if b["session"] == session_id and b["status"] != "cancelled"]


def _places(state: State, session_id: str) -> int:
    return CAPACITY[state.sessions[session_id]["class"]] - len(_live(state, session_id))


def _driver_reply(state: State, did: str) -> dict:
    d = state.drivers[did]
    return {"driver_id": did, "name": d["name"], "date_of_birth": d["dob"], "age": _age(d["dob"], TODAY),
            "height_cm": d["height"], "phone": d["phone"], "email": d["email"], "guardian": d["guardian"],
            "grade": d["grade"], "waiver_until": d["waiver"]}


def _booking_reply(state: State, bid: str) -> dict:
    b = state.bookings[bid]
    s = state.sessions[b["session"]]
    return {"booking_id": bid, "session_id": b["session"], "driver_id": b["driver"],
            "driver": state.drivers[b["driver"]]["name"], "date": s["date"], "start": s["start"], "kind": s["kind"],
            "price": b["price"], "paid": b["paid"], "status": b["status"], "kart_no": b["kart"]}


def _grid(state: State, session_id: str) -> list:
    return [[bid, state.drivers[state.bookings[bid]["driver"]]["name"], state.bookings[bid]["kart"],
             state.bookings[bid]["status"] in ("checked_in", "finished"), state.bookings[bid]["briefed"]]
            for bid in _live(state, session_id)]


def _sheet(state: State, session_id: str) -> dict:
    s = state.sessions[session_id]
    return {"session_id": session_id, "date": s["date"], "start": s["start"], "kind": s["kind"],
            "kart_class": s["class"], "status": s["status"], "marshal_id": s["marshal"],
            "marshal": state.marshals.get(s["marshal"]), "condition": s["condition"],
            "grid": _grid(state, session_id)}


def _results(state: State, session_id: str) -> list:
    rows = []
    for bid in _live(state, session_id):
        b = state.bookings[bid]
        if bid not in state.laps:
            continue
        pens = [p for p in state.penalties.values()
                if p["session"] == session_id and p["kart"] == b["kart"] and not p["rescinded"]]
        extra = sum(PENALTY_SECONDS[p["penalty"]] for p in pens)
        rows.append([b["kart"], b["driver"], state.drivers[b["driver"]]["name"], state.laps[bid],
                     ", ".join(p["penalty"] for p in pens) or None, round(state.laps[bid] + extra, 3)])
    rows.sort(key=lambda r: (r[5], r[0]))
    return [[n] + r for n, r in enumerate(rows, start=1)]


def _finished(state: State, did: str) -> list:
    return [bid for bid, b in state.bookings.items() if b["driver"] == did and bid in state.laps]


# --------------------------------------------------------------------------- sign-in and public lists


@track_api(public=True)
def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the circuit's system.

    Parameters
    ----------
    username : str
        The user name, ``priya.k`` for example.
    password : str
        The password.

    Returns
    -------
    dict
        ``token``, ``name``, ``role`` and, for a marshal, ``marshal_id``; the token goes with every call but
        the public ones.
    """
    s = state.staff.get(username.strip().lower())
    if s is None or s["password"] != password:
        raise TrackError("user name or password not recognised")
    token = f"fk-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username, "name": s["name"], "role": s["role"]}
    return {"token": token, "name": s["name"], "role": s["role"], "marshal_id": s["marshal"]}


@track_api()
def sign_out(state: State, token: str) -> str:
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
    who = state.tokens.pop(token)
    return f"Signed out {who['name']} (token {token})."


@track_api(public=True)
def timetable(state: State, date: str, kind: SessionKind | None = None) -> list:
    """The sessions open for booking on a day, with the places left.

    Parameters
    ----------
    date : str
        The day, ``YYYY-MM-DD``.
    kind : {"arrive_and_drive", "junior", "grand_prix"}, optional
        Only sessions of this kind.

    Returns
    -------
    list
        One row per session, by start: ``[session_id, date, start, kind, kart_class, places_left, price]``.
    """
    _day(date)
    return [[sid, s["date"], s["start"], s["kind"], s["class"], _places(state, sid), PRICES[s["kind"]]]
            for sid, s in sorted(state.sessions.items(), key=lambda kv: (kv[1]["date"], kv[1]["start"]))
            if s["date"] == date and s["status"] == "open" and (kind is None or s["kind"] == kind)]


@track_api(public=True)
def lap_records(state: State, kart_class: KartClass, period: Period = "all_time") -> list:
    """The fastest laps of the circuit in a class of kart.

    Parameters
    ----------
    kart_class : KartClass
        ``adult`` or ``junior``.
    period : {"today", "month", "all_time"}
        Over what time (all time unless given).

    Returns
    -------
    list
        The ten fastest, one row each: ``[position, driver, best_lap, date]``.
    """
    cls = kart_class.value if isinstance(kart_class, KartClass) else str(kart_class)
    best: dict[str, list] = {}
    for bid, lap in state.laps.items():
        b = state.bookings[bid]
        s = state.sessions[b["session"]]
        if s["class"] != cls:
            continue
        if (period == "today" and s["date"] != TODAY) or (period == "month" and s["date"][:7] != TODAY[:7]):
            continue
        name = state.drivers[b["driver"]]["name"]
        if name not in best or lap < best[name][0]:
            best[name] = [lap, s["date"]]
    rows = sorted(([name, v[0], v[1]] for name, v in best.items()), key=lambda r: r[1])[:10]
    return [[n] + r for n, r in enumerate(rows, start=1)]


# --------------------------------------------------------------------------- drivers


@track_api()
def find_driver(state: State, token: str, text: str) -> list:
    """Look drivers up by part of a name, a phone number or an e-mail address.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list
        One row per match: ``[driver_id, name, date_of_birth, grade, phone]``.
    """
    t = text.strip().lower()
    if not t:
        raise TrackError("say what to look for")
    return [[did, d["name"], d["dob"], d["grade"], d["phone"]] for did, d in sorted(state.drivers.items())
            if t in " ".join(x for x in (d["name"], d["phone"], d["email"], d["guardian"]) if x).lower()]


@track_api("desk")
def register_driver(state: State, token: str, name: str, date_of_birth: str, height_cm: int, phone: str,
                    email: str | None = None, guardian: str | None = None) -> dict:
    """Register a new driver.

    Parameters
    ----------
    token : str
        The session token (the desk).
    name : str
        The driver's name.
    date_of_birth : str
        ``YYYY-MM-DD``.
    height_cm : int
        Height in centimetres, measured at the desk.
    phone : str
        A phone number (a parent's for a junior).
    email : str, optional
        An e-mail address.
    guardian : str, optional
        A junior's parent or guardian.

    Returns
    -------
    dict
        The driver, with its ``driver_id``, grade novice and no waiver yet.
    """
    if not name.strip() or not phone.strip():
        raise TrackError("a driver needs a name and a phone number")
    age = _age(date_of_birth, TODAY)
    if age < 8:
        raise TrackError("drivers are 8 or over")
    if age < 18 and not (guardian or "").strip():
        raise TrackError("a driver under 18 is registered with a parent or guardian")
    if not 100 <= height_cm <= 220:
        raise TrackError("give the height in centimetres")
    for did, d in state.drivers.items():
        if d["name"].lower() == name.strip().lower() and d["dob"] == date_of_birth:
            raise TrackError(f"{name} is registered already as {did}")
    did = f"DR-{_next(state, 'driver')}"
    state.drivers[did] = {"name": name.strip(), "dob": date_of_birth, "height": int(height_cm),
                          "phone": phone.strip(), "email": (email or "").strip() or None,
                          "guardian": (guardian or "").strip() or None, "grade": "novice", "waiver": None,
                          "pace": 50.5 if age >= 16 else 53.5}
    return _driver_reply(state, did)


@track_api("desk")
def update_driver(state: State, token: str, driver_id: str, phone: str | None = None, email: str | None = None,
                  height_cm: int | None = None) -> dict:
    """Change a driver's phone number, e-mail address or height.

    Parameters
    ----------
    token : str
        The session token (the desk).
    driver_id : str
        The driver.
    phone : str, optional
        A new phone number; what is not given stays.
    email : str, optional
        A new e-mail address.
    height_cm : int, optional
        A new height.

    Returns
    -------
    dict
        The driver as now recorded.
    """
    d = _driver(state, driver_id)
    new = {"phone": phone.strip() if phone else d["phone"], "email": email.strip() if email else d["email"],
           "height": int(height_cm) if height_cm else d["height"]}
    if all(new[k] == d[k] for k in new):
        raise TrackError(f"nothing to change: {d['name']}'s details are already these")
    d.update(new)
    return _driver_reply(state, driver_id)


@track_api()
def driver_record(state: State, token: str, driver_id: str) -> dict:
    """A driver's whole record: details, grade, waiver, bookings and results.

    Parameters
    ----------
    token : str
        The session token.
    driver_id : str
        The driver.

    Returns
    -------
    dict
        The driver, with ``bookings`` (rows ``[booking_id, session_id, date, start, kind, status, paid]``) and
        ``results`` (rows ``[session_id, date, position, kart_no, best_lap]``).
    """
    _driver(state, driver_id)
    out = _driver_reply(state, driver_id)
    mine = [bid for bid, b in sorted(state.bookings.items()) if b["driver"] == driver_id]
    out["bookings"] = [[bid, b["session"], s["date"], s["start"], s["kind"], b["status"], b["paid"]]
                       for bid in mine for b in [state.bookings[bid]] for s in [state.sessions[b["session"]]]]
    res = []
    for bid in mine:
        if bid in state.laps:
            b = state.bookings[bid]
            pos = next(r[0] for r in _results(state, b["session"]) if r[1] == b["kart"])
            res.append([b["session"], state.sessions[b["session"]]["date"], pos, b["kart"], state.laps[bid]])
    out["results"] = res
    return out


@track_api("desk")
def sign_waiver(state: State, token: str, driver_id: str, signed_by: str) -> str:
    """Record a driver's annual waiver, signed on the desk tablet.

    Parameters
    ----------
    token : str
        The session token (the desk).
    driver_id : str
        The driver.
    signed_by : str
        Who signed it.

    Returns
    -------
    str
        A sentence with the waiver's number and the date it runs to.
    """
    d = _driver(state, driver_id)
    if d["waiver"] and d["waiver"] >= TODAY:
        raise TrackError(f"{d['name']}'s waiver is current until {d['waiver']}")
    if _age(d["dob"], TODAY) < 18:
        if signed_by.strip().lower() != (d["guardian"] or "").lower():
            raise TrackError(f"the waiver of a driver under 18 is signed by the guardian on record, {d['guardian']}")
    elif signed_by.strip().lower() != d["name"].lower():
        raise TrackError(f"{d['name']} signs their own waiver")
    until = _day(TODAY).replace(year=_day(TODAY).year + 1).isoformat()
    d["waiver"] = until
    wv = f"WV-{_next(state, 'waiver'):04d}"
    return f"Waiver {wv} signed for {d['name']} by {signed_by.strip()}; it runs until {until}."


@track_api("desk")
def send_message(state: State, token: str, driver_id: str, channel: Channel, text: str) -> str:
    """Send a driver (or a junior's guardian) a text or an e-mail.

    Parameters
    ----------
    token : str
        The session token (the desk).
    driver_id : str
        The driver.
    channel : {"sms", "email"}
        How to send it.
    text : str
        The message.

    Returns
    -------
    str
        A sentence with the message's number.
    """
    d = _driver(state, driver_id)
    if not text.strip():
        raise TrackError("the message is empty")
    if channel == "sms" and not d["phone"].replace(" ", "").startswith("07"):
        raise TrackError(f"{d['phone']} is not a mobile number")
    if channel == "email" and not d["email"]:
        raise TrackError(f"no e-mail address for {d['name']}")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, driver_id, channel, text.strip()])
    return f"Message {mid} sent by {channel} to {d['guardian'] or d['name']}."


# --------------------------------------------------------------------------- bookings


def _check_fit(state: State, d: dict, did: str, session_id: str) -> None:
    s = state.sessions[session_id]
    age = _age(d["dob"], s["date"])
    if s["class"] == "junior" and not (8 <= age <= 15 and d["height"] >= 130):
        raise TrackError(f"{d['name']} cannot drive a junior kart: junior karts are for ages 8 to 15 and "
                         "130 cm or taller")
    if s["class"] == "adult" and age < 16:
        raise TrackError(f"{d['name']} is {age}; adult karts are for drivers of 16 and over")
    if s["kind"] == "grand_prix" and GRADE_RANK[d["grade"]] < GRADE_RANK["club"]:
        raise TrackError(f"{d['name']} holds a {d['grade']} grade; a grand prix asks for club grade or above")
    if any(state.bookings[b]["driver"] == did for b in _live(state, session_id)):
        raise TrackError(f"{d['name']} is booked into {session_id} already")


def _open(state: State, session_id: str) -> dict:
    s = _session(state, session_id)
    if s["status"] != "open":
        raise TrackError(f"{session_id} is {s['status'].replace('_', ' ')}")
    if s["date"] < TODAY:
        raise TrackError(f"{session_id} was on {s['date']}")
    return s


@track_api("desk")
def book_session(state: State, token: str, driver_id: str, session_id: str) -> dict:
    """Book a driver into a session.

    Parameters
    ----------
    token : str
        The session token (the desk).
    driver_id : str
        The driver.
    session_id : str
        An open session with places left.

    Returns
    -------
    dict
        The booking: ``booking_id``, session, driver, day, start, kind, ``price``, ``paid`` and ``status``.
    """
    d = _driver(state, driver_id)
    _open(state, session_id)
    if _places(state, session_id) <= 0:
        raise TrackError(f"{session_id} is full")
    _check_fit(state, d, driver_id, session_id)
    bid = f"BK-{_next(state, 'booking')}"
    state.bookings[bid] = {"session": session_id, "driver": driver_id,
                           "price": PRICES[state.sessions[session_id]["kind"]], "paid": 0.0, "status": "booked",
                           "kart": None, "briefed": False}
    return _booking_reply(state, bid)


@track_api()
def bookings(state: State, token: str, session_id: str | None = None, driver_id: str | None = None,
             status: BookingStatus | None = None) -> list:
    """Bookings, by session, driver and status.

    Parameters
    ----------
    token : str
        The session token.
    session_id : str, optional
        Only this session's bookings.
    driver_id : str, optional
        Only this driver's bookings.
    status : {"booked", "checked_in", "finished", "cancelled"}, optional
        Only bookings in this state.

    Returns
    -------
    list
        One row per booking: ``[booking_id, session_id, driver_id, driver, date, start, status, price, paid]``.
    """
    return [[bid, b["session"], b["driver"], state.drivers[b["driver"]]["name"], state.sessions[b["session"]]["date"],
             state.sessions[b["session"]]["start"], b["status"], b["price"], b["paid"]]
            for bid, b in sorted(state.bookings.items())
            if (session_id is None or b["session"] == session_id) and (driver_id is None or b["driver"] == driver_id)
            and (status is None or b["status"] == status)]


@track_api("desk")
def move_booking(state: State, token: str, booking_id: str, session_id: str) -> dict:
    """Move a booking to another session of the same kind; the payment moves with it.

    Parameters
    ----------
    token : str
        The session token (the desk).
    booking_id : str
        The booking.
    session_id : str
        The session to move to.

    Returns
    -------
    dict
        The booking.
    """
    b = _booking(state, booking_id)
    if b["status"] != "booked":
        raise TrackError(f"{booking_id} is {b['status'].replace('_', ' ')}")
    if b["session"] == session_id:
        raise TrackError(f"{booking_id} is in {session_id} already")
    new = _open(state, session_id)
    if new["kind"] != state.sessions[b["session"]]["kind"]:
        raise TrackError(f"{booking_id} is for {state.sessions[b['session']]['kind'].replace('_', ' ')}; "
                         f"{session_id} is {new['kind'].replace('_', ' ')}")
    if _places(state, session_id) <= 0:
        raise TrackError(f"{session_id} is full")
    _check_fit(state, state.drivers[b["driver"]], b["driver"], session_id)
    b["session"] = session_id
    return _booking_reply(state, booking_id)


@track_api("desk")
def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> str:
    """Cancel a booking that has not been checked in.

    Parameters
    ----------
    token : str
        The session token (the desk).
    booking_id : str
        The booking.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence with the booking and what is refunded.
    """
    b = _booking(state, booking_id)
    if b["status"] != "booked":
        raise TrackError(f"{booking_id} is {b['status'].replace('_', ' ')}")
    s = state.sessions[b["session"]]
    hours = (datetime.datetime.fromisoformat(f"{s['date']}T{s['start']}") -
             datetime.datetime.fromisoformat(f"{TODAY}T{NOW}")).total_seconds() / 3600
    refund = b["paid"] if hours >= 24 else 0.0
    b["status"] = "cancelled"
    tail = (f"£{refund:.2f} refunded" if refund else
            "nothing refunded (a booking cancelled inside 24 hours of its session is not refunded)")
    return f"Booking {booking_id} cancelled ({reason.strip() or 'no reason given'}); {tail}."


@track_api("desk")
def take_payment(state: State, token: str, booking_id: str, amount: float, method: PayMethod) -> float:
    """Take a payment on a booking.

    Parameters
    ----------
    token : str
        The session token (the desk).
    booking_id : str
        The booking.
    amount : float
        How much.
    method : {"card", "cash", "gift_card"}
        How it is paid.

    Returns
    -------
    float
        What is left to pay.
    """
    b = _booking(state, booking_id)
    if b["status"] == "cancelled":
        raise TrackError(f"{booking_id} is cancelled")
    left = round(b["price"] - b["paid"], 2)
    if left <= 0:
        raise TrackError(f"{booking_id} is paid in full")
    if amount <= 0 or amount > left + 0.001:
        raise TrackError(f"£{left:.2f} is left to pay on {booking_id}")
    b["paid"] = round(b["paid"] + amount, 2)
    return round(b["price"] - b["paid"], 2)


@track_api("desk")
def check_in(state: State, token: str, booking_id: str) -> str:
    """Check a driver in for today's session.

    Parameters
    ----------
    token : str
        The session token (the desk).
    booking_id : str
        The booking.

    Returns
    -------
    str
        A sentence naming the driver, the session and the helmet size to hand out.
    """
    b = _booking(state, booking_id)
    d = state.drivers[b["driver"]]
    s = state.sessions[b["session"]]
    if b["status"] == "checked_in":
        raise TrackError(f"{d['name']} is checked in for {b['session']} already")
    if b["status"] != "booked":
        raise TrackError(f"{booking_id} is {b['status']}")
    if s["date"] != TODAY or s["status"] != "open":
        raise TrackError(f"{b['session']} is not open today; check-in is on the day, before the start")
    if b["paid"] < b["price"]:
        raise TrackError(f"£{b['price'] - b['paid']:.2f} is still to pay on {booking_id}")
    if not d["waiver"] or d["waiver"] < TODAY:
        raise TrackError(f"{d['name']} has no current waiver" + (f" (it ran out on {d['waiver']})" if d["waiver"]
                                                                   else ""))
    b["status"] = "checked_in"
    helmet = "S" if d["height"] < 145 else ("M" if d["height"] < 175 else "L")
    return f"Checked in {d['name']} ({booking_id}) for {b['session']} at {s['start']}; helmet size {helmet}."


# --------------------------------------------------------------------------- race control


@track_api()
def sessions(state: State, token: str, date: str, status: SessionStatus | None = None) -> list:
    """A day's sessions, with their state.

    Parameters
    ----------
    token : str
        The session token.
    date : str
        The day, ``YYYY-MM-DD``.
    status : {"open", "running", "red_flag", "finished", "cancelled"}, optional
        Only sessions in this state.

    Returns
    -------
    list
        One row per session, by start: ``[session_id, date, start, kind, kart_class, status, booked,
        checked_in, marshal_id]``.
    """
    _day(date)
    out = []
    for sid, s in sorted(state.sessions.items(), key=lambda kv: (kv[1]["date"], kv[1]["start"])):
        if s["date"] != date or (status is not None and s["status"] != status):
            continue
        live = _live(state, sid)
        out.append([sid, s["date"], s["start"], s["kind"], s["class"], s["status"], len(live),
                    sum(1 for b in live if state.bookings[b]["status"] in ("checked_in", "finished")), s["marshal"]])
    return out


@track_api()
def session_sheet(state: State, token: str, session_id: str) -> dict:
    """A session in full, with its grid.

    Parameters
    ----------
    token : str
        The session token.
    session_id : str
        The session.

    Returns
    -------
    dict
        The session, its marshal and condition, and ``grid`` (rows ``[booking_id, driver, kart_no, checked_in,
        briefed]``).
    """
    _session(state, session_id)
    return _sheet(state, session_id)


@track_api("manager")
def cancel_session(state: State, token: str, session_id: str, reason: str) -> int:
    """Cancel a session that has not started; its bookings are cancelled and refunded in full.

    Parameters
    ----------
    token : str
        The session token (the manager).
    session_id : str
        The session.
    reason : str
        Why.

    Returns
    -------
    int
        How many bookings were cancelled and refunded.
    """
    s = _session(state, session_id)
    if s["status"] != "open":
        raise TrackError(f"{session_id} is {s['status'].replace('_', ' ')}")
    if not reason.strip():
        raise TrackError("give a reason")
    live = _live(state, session_id)
    for bid in live:
        state.bookings[bid]["status"] = "cancelled"
    s["status"] = "cancelled"
    return len(live)


@track_api("marshal")
def set_track_condition(state: State, token: str, condition: TrackCondition) -> str:
    """Declare the track condition for the sessions from now on.

    Parameters
    ----------
    token : str
        The session token (a marshal).
    condition : {"dry", "damp", "wet"}
        The condition.

    Returns
    -------
    str
        A sentence with the condition declared.
    """
    if state.condition[0] == condition:
        raise TrackError(f"the track is declared {condition} already")
    state.condition = [condition, NOW]
    tyres = "wets" if condition == "wet" else "slicks"
    return f"Track declared {condition} at {NOW}; karts run on {tyres}."


@track_api()
def marshals(state: State, token: str) -> list:
    """The marshals and the sessions they have today.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list
        One row per marshal: ``[marshal_id, name, sessions_today]``.
    """
    return [[mid, name, [sid for sid, s in sorted(state.sessions.items()) if s["marshal"] == mid and
                         s["date"] == TODAY]] for mid, name in state.marshals.items()]


@track_api("marshal")
def assign_marshal(state: State, token: str, session_id: str, marshal_id: str) -> dict:
    """Give a session its marshal.

    Parameters
    ----------
    token : str
        The session token (a marshal).
    session_id : str
        The session.
    marshal_id : str
        The marshal.

    Returns
    -------
    dict
        The session sheet.
    """
    s = _open(state, session_id)
    if marshal_id not in state.marshals:
        raise TrackError(f"no marshal {marshal_id}")
    if s["marshal"] == marshal_id:
        raise TrackError(f"{state.marshals[marshal_id]} is marshalling {session_id} already")
    for other, o in state.sessions.items():
        if other != session_id and o["marshal"] == marshal_id and o["date"] == s["date"] and o["start"] == s["start"] \
                and o["status"] != "cancelled":
            raise TrackError(f"{state.marshals[marshal_id]} is marshalling {other} at that time")
    s["marshal"] = marshal_id
    return _sheet(state, session_id)


@track_api("marshal")
def brief_session(state: State, token: str, session_id: str, notes: str | None = None) -> int:
    """Record the safety briefing given to the drivers checked in for a session.

    Parameters
    ----------
    token : str
        The session token (a marshal).
    session_id : str
        The session.
    notes : str, optional
        Anything said beyond the usual (flags, the pit lane, the hairpin).

    Returns
    -------
    int
        How many drivers were briefed.
    """
    _open(state, session_id)
    waiting = [bid for bid in _live(state, session_id)
               if state.bookings[bid]["status"] == "checked_in" and not state.bookings[bid]["briefed"]]
    if not waiting:
        raise TrackError(f"nobody checked in for {session_id} is waiting for a briefing")
    for bid in waiting:
        state.bookings[bid]["briefed"] = True
    return len(waiting)


# --------------------------------------------------------------------------- karts


@track_api()
def karts(state: State, token: str, kart_class: KartClass | None = None, status: KartStatus | None = None) -> list:
    """The karts, by class and state.

    Parameters
    ----------
    token : str
        The session token.
    kart_class : KartClass, optional
        Only ``adult`` or ``junior`` karts.
    status : {"ready", "due", "fault"}, optional
        Only karts in this state.

    Returns
    -------
    list
        One row per kart: ``[kart_no, kart_class, status, engine_hours, last_service]``.
    """
    cls = kart_class.value if isinstance(kart_class, KartClass) else kart_class
    return [[no, k["class"], _kart_status(k), k["hours"], k["serviced"]] for no, k in state.karts.items()
            if (cls is None or k["class"] == cls) and (status is None or _kart_status(k) == status)]


@track_api()
def kart_history(state: State, token: str, kart_no: str) -> list:
    """A kart's faults and services.

    Parameters
    ----------
    token : str
        The session token.
    kart_no : str
        The kart.

    Returns
    -------
    list
        One row per event, oldest first: ``[date, event, detail]``.
    """
    _kart(state, kart_no)
    return [[e[1], e[2], e[3]] for e in state.kart_log if e[0] == kart_no]


@track_api()
def service_schedule(state: State, token: str) -> list:
    """The workshop's service tasks and how often they are done.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list
        One row per task: ``[code, task, every_hours]``.
    """
    return [[code, t[0], t[1]] for code, t in SERVICE_TASKS.items()]


@track_api()
def report_fault(state: State, token: str, kart_no: str, fault: str) -> str:
    """Log a fault on a kart; it is off track until serviced, and taken off any booking it was given to.

    Parameters
    ----------
    token : str
        The session token.
    kart_no : str
        The kart.
    fault : str
        What is wrong.

    Returns
    -------
    str
        A sentence with the fault's number.
    """
    k = _kart(state, kart_no)
    if not fault.strip():
        raise TrackError("say what is wrong")
    for bid, b in state.bookings.items():
        if b["kart"] == kart_no and state.sessions[b["session"]]["status"] in ("running", "red_flag"):
            raise TrackError(f"{kart_no} is out in {b['session']}; log the fault once it is in")
    ft = f"FT-{_next(state, 'fault'):03d}"
    k["fault"] = fault.strip()
    state.kart_log.append([kart_no, TODAY, "fault", f"{ft}: {fault.strip()}"])
    freed = [bid for bid, b in state.bookings.items() if b["kart"] == kart_no and b["status"] == "checked_in"]
    for bid in freed:
        state.bookings[bid]["kart"] = None
    tail = f"; taken off {', '.join(freed)}" if freed else ""
    return f"Fault {ft} logged on {kart_no} ({fault.strip()}); {kart_no} is off track until serviced{tail}."


@track_api("mechanic")
def service_kart(state: State, token: str, kart_no: str, tasks: list[str]) -> dict:
    """Record a service of a kart; it clears an open fault and, with a full service, its engine hours.

    Parameters
    ----------
    token : str
        The session token (a mechanic).
    kart_no : str
        The kart.
    tasks : list of str
        The tasks done, by code.

    Returns
    -------
    dict
        ``kart_no``, ``status``, ``engine_hours``, ``done`` and ``fault_cleared``.
    """
    k = _kart(state, kart_no)
    if not tasks:
        raise TrackError("say which tasks were done")
    bad = [t for t in tasks if t not in SERVICE_TASKS]
    if bad:
        raise TrackError(f"no service task {', '.join(bad)}")
    if k["serviced"] == TODAY and not k["fault"]:
        raise TrackError(f"{kart_no} was serviced today already")
    for b in state.bookings.values():
        if b["kart"] == kart_no and state.sessions[b["session"]]["status"] in ("running", "red_flag"):
            raise TrackError(f"{kart_no} is out in {b['session']}")
    full = {"OIL", "CHN"} <= set(tasks)
    if k["hours"] >= SERVICE_HOURS and not full:
        raise TrackError(f"{kart_no} has {k['hours']} engine hours; its {SERVICE_HOURS:.0f}-hour service is the "
                         "engine oil and the chain (OIL and CHN)")
    cleared = k["fault"]
    k["fault"] = None
    if full:
        k["hours"] = 0.0
    k["serviced"] = TODAY
    state.kart_log.append([kart_no, TODAY, "service", ", ".join(tasks)])
    return {"kart_no": kart_no, "status": _kart_status(k), "engine_hours": k["hours"], "done": list(tasks),
            "fault_cleared": cleared}


@track_api("marshal")
def assign_kart(state: State, token: str, booking_id: str, kart_no: str) -> dict:
    """Give a checked-in driver a kart for the session.

    Parameters
    ----------
    token : str
        The session token (a marshal).
    booking_id : str
        The booking.
    kart_no : str
        The kart.

    Returns
    -------
    dict
        ``booking_id``, ``driver``, ``session_id`` and ``kart_no``.
    """
    b = _booking(state, booking_id)
    if b["status"] != "checked_in":
        raise TrackError(f"{booking_id} is {b['status'].replace('_', ' ')}; karts go to drivers checked in")
    if b["kart"] == kart_no:
        raise TrackError(f"{booking_id} has {kart_no} already")
    if b["kart"]:
        raise TrackError(f"{booking_id} has {b['kart']}; release it first")
    k = _kart(state, kart_no)
    s = state.sessions[b["session"]]
    if k["class"] != s["class"]:
        raise TrackError(f"{kart_no} is a {k['class']} kart; {b['session']} runs {s['class']} karts")
    status = _kart_status(k)
    if status == "fault":
        raise TrackError(f"{kart_no} has a fault logged ({k['fault']}); it is serviced before it runs")
    if status == "due":
        raise TrackError(f"{kart_no} has {k['hours']} engine hours and is due its service")
    for other in _live(state, b["session"]):
        if state.bookings[other]["kart"] == kart_no:
            raise TrackError(f"{kart_no} is with {other} in this session")
    b["kart"] = kart_no
    return {"booking_id": booking_id, "driver": state.drivers[b["driver"]]["name"], "session_id": b["session"],
            "kart_no": kart_no}


@track_api("marshal")
def release_kart(state: State, token: str, booking_id: str) -> str:
    """Take the kart back from a driver before the session starts.

    Parameters
    ----------
    token : str
        The session token (a marshal).
    booking_id : str
        The booking.

    Returns
    -------
    str
        A sentence naming the kart released.
    """
    b = _booking(state, booking_id)
    if not b["kart"]:
        raise TrackError(f"{booking_id} has no kart")
    if state.sessions[b["session"]]["status"] != "open":
        raise TrackError(f"{b['session']} is {state.sessions[b['session']]['status'].replace('_', ' ')}")
    kart = b["kart"]
    b["kart"] = None
    return f"{kart} released from {booking_id} ({state.drivers[b['driver']]['name']})."


# --------------------------------------------------------------------------- on track


@track_api("marshal")
def start_session(state: State, token: str, session_id: str) -> dict:
    """Send a session out.

    Parameters
    ----------
    token : str
        The session token (a marshal).
    session_id : str
        The session.

    Returns
    -------
    dict
        ``session_id``, ``status``, ``condition`` and ``grid`` (rows ``[kart_no, driver]``).
    """
    s = _open(state, session_id)
    if s["date"] != TODAY:
        raise TrackError(f"{session_id} is on {s['date']}")
    for other, o in state.sessions.items():
        if o["status"] in ("running", "red_flag"):
            raise TrackError(f"{other} is on track; one session runs at a time")
    if not s["marshal"]:
        raise TrackError(f"{session_id} has no marshal")
    if state.condition[0] is None:
        raise TrackError("the track condition has not been declared today")
    ready = [bid for bid in _live(state, session_id) if state.bookings[bid]["status"] == "checked_in"]
    if not ready:
        raise TrackError(f"nobody is checked in for {session_id}")
    for bid in ready:
        b = state.bookings[bid]
        if not b["briefed"]:
            raise TrackError(f"{state.drivers[b['driver']]['name']} has not been briefed")
        if not b["kart"]:
            raise TrackError(f"{state.drivers[b['driver']]['name']} has no kart")
    s["status"] = "running"
    s["condition"] = state.condition[0]
    return {"session_id": session_id, "status": "running", "condition": s["condition"],
            "grid": [[state.bookings[bid]["kart"], state.drivers[state.bookings[bid]["driver"]]["name"]]
                     for bid in ready]}


@track_api("marshal")
def red_flag(state: State, token: str, session_id: str, reason: str) -> str:
    """Stop a running session under a red flag.

    Parameters
    ----------
    token : str
        The session token (a marshal).
    session_id : str
        The session.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence with the session and the reason.
    """
    s = _session(state, session_id)
    if s["status"] == "red_flag":
        raise TrackError(f"{session_id} is under a red flag already")
    if s["status"] != "running":
        raise TrackError(f"{session_id} is {s['status']}")
    s["status"] = "red_flag"
    s["red_flags"] += 1
    return f"Red flag in {session_id} at {NOW}: {reason.strip() or 'no reason given'}."


@track_api("marshal")
def resume_session(state: State, token: str, session_id: str) -> dict:
    """Restart a red-flagged session.

    Parameters
    ----------
    token : str
        The session token (a marshal).
    session_id : str
        The session.

    Returns
    -------
    dict
        ``session_id``, ``status`` and ``red_flags``.
    """
    s = _session(state, session_id)
    if s["status"] != "red_flag":
        raise TrackError(f"{session_id} is {s['status'].replace('_', ' ')}, not under a red flag")
    s["status"] = "running"
    return {"session_id": session_id, "status": "running", "red_flags": s["red_flags"]}


@track_api("marshal")
def finish_session(state: State, token: str, session_id: str) -> dict:
    """Show the chequered flag; the timing loop gives each driver's best lap.

    Parameters
    ----------
    token : str
        The session token (a marshal).
    session_id : str
        The running session.

    Returns
    -------
    dict
        ``session_id``, ``status`` and ``results`` (rows ``[position, kart_no, driver_id, driver, best_lap,
        penalties, adjusted]``).
    """
    s = _session(state, session_id)
    if s["status"] == "red_flag":
        raise TrackError(f"{session_id} is under a red flag; resume it before the chequered flag")
    if s["status"] != "running":
        raise TrackError(f"{session_id} is {s['status']}")
    for bid in _live(state, session_id):
        b = state.bookings[bid]
        if b["status"] == "checked_in":
            d = state.drivers[b["driver"]]
            state.laps[bid] = round(d["pace"] + int(b["kart"][1:]) * 0.05 + CONDITION_ADD[s["condition"]], 3)
            b["status"] = "finished"
            state.karts[b["kart"]]["hours"] = round(state.karts[b["kart"]]["hours"] + 0.25, 2)
    s["status"] = "finished"
    return {"session_id": session_id, "status": "finished", "results": _results(state, session_id)}


@track_api()
def results(state: State, token: str, session_id: str) -> list:
    """A finished session's results, penalties applied.

    Parameters
    ----------
    token : str
        The session token.
    session_id : str
        The session.

    Returns
    -------
    list
        One row per driver: ``[position, kart_no, driver_id, driver, best_lap, penalties, adjusted]``.
    """
    s = _session(state, session_id)
    if s["status"] != "finished":
        raise TrackError(f"{session_id} has not finished")
    return _results(state, session_id)


@track_api("marshal")
def issue_penalty(state: State, token: str, session_id: str, kart_no: str, penalty: Penalty, reason: str) -> dict:
    """Penalise a kart in a finished session's results.

    Parameters
    ----------
    token : str
        The session token (a marshal).
    session_id : str
        The finished session.
    kart_no : str
        The kart.
    penalty : Penalty
        ``warning``, ``plus_5s``, ``plus_10s`` or ``disqualified``.
    reason : str
        What happened.

    Returns
    -------
    dict
        ``penalty_id``, the session, the kart and driver, the penalty, the reason and the new ``results``.
    """
    s = _session(state, session_id)
    if s["status"] != "finished":
        raise TrackError(f"{session_id} has not finished; penalties are given on the results")
    value = penalty.value if isinstance(penalty, Penalty) else str(penalty)
    if value not in PENALTY_SECONDS:
        raise TrackError(f"no penalty {value}")
    row = next((r for r in _results(state, session_id) if r[1] == kart_no), None)
    if row is None:
        raise TrackError(f"{kart_no} did not run in {session_id}")
    for pid, p in state.penalties.items():
        if p["session"] == session_id and p["kart"] == kart_no and p["penalty"] == value and not p["rescinded"]:
            raise TrackError(f"{kart_no} has that penalty already ({pid})")
    if not reason.strip():
        raise TrackError("say what happened")
    pid = f"PN-{_next(state, 'penalty')}"
    state.penalties[pid] = {"session": session_id, "kart": kart_no, "penalty": value, "reason": reason.strip(),
                            "rescinded": False}
    return {"penalty_id": pid, "session_id": session_id, "kart_no": kart_no, "driver": row[3], "penalty": value,
            "reason": reason.strip(), "results": _results(state, session_id)}


@track_api("marshal")
def rescind_penalty(state: State, token: str, penalty_id: str, reason: str) -> str:
    """Take a penalty back (on appeal, or on the video).

    Parameters
    ----------
    token : str
        The session token (a marshal).
    penalty_id : str
        The penalty.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence with the penalty rescinded.
    """
    p = state.penalties.get(penalty_id)
    if p is None:
        raise TrackError(f"no penalty {penalty_id}")
    if p["rescinded"]:
        raise TrackError(f"{penalty_id} was rescinded already")
    p["rescinded"] = True
    return (f"Penalty {penalty_id} ({p['penalty']} on {p['kart']} in {p['session']}) rescinded: "
            f"{reason.strip() or 'no reason given'}.")


@track_api("manager")
def award_grade(state: State, token: str, driver_id: str, grade: Grade) -> dict:
    """Award a driver a licence grade on their results.

    Parameters
    ----------
    token : str
        The session token (the manager, as clerk of the course).
    driver_id : str
        The driver.
    grade : Grade
        ``novice``, ``club`` or ``national``.

    Returns
    -------
    dict
        The driver with the new grade.
    """
    d = _driver(state, driver_id)
    value = grade.value if isinstance(grade, Grade) else str(grade)
    if value not in GRADE_RANK:
        raise TrackError(f"no grade {value}")
    if d["grade"] == value:
        raise TrackError(f"{d['name']} holds {value} grade already")
    if GRADE_RANK[value] < GRADE_RANK[d["grade"]]:
        raise TrackError(f"{d['name']} holds {d['grade']} grade; grades are not taken down here")
    done = _finished(state, driver_id)
    cls = "junior" if _age(d["dob"], TODAY) < 16 else "adult"
    best = min((state.laps[b] for b in done), default=None)
    if value == "club" and (len(done) < 3 or best is None or best >= CLUB_LAP[cls]):
        raise TrackError(f"club grade asks for three finished sessions and a best lap under {CLUB_LAP[cls]} s in "
                         f"{cls} karts; {d['name']} has {len(done)}" + (f", best {best} s" if best else ""))
    if value == "national" and (d["grade"] != "club" or len(done) < 10 or best >= NATIONAL_LAP[cls]):
        raise TrackError(f"national grade asks for club grade, ten finished sessions and a best lap under "
                         f"{NATIONAL_LAP[cls]} s")
    d["grade"] = value
    return _driver_reply(state, driver_id)


TOOLS = [
    sign_in, sign_out, timetable, lap_records, find_driver, register_driver, update_driver, driver_record,
    sign_waiver, send_message, book_session, bookings, move_booking, cancel_booking, take_payment, check_in,
    sessions, session_sheet, cancel_session, set_track_condition, marshals, assign_marshal, brief_session, karts,
    kart_history, service_schedule, report_fault, service_kart, assign_kart, release_kart, start_session, red_flag,
    resume_session, finish_session, results, issue_penalty, rescind_penalty, award_grade,
]

FIXTURES = {
    "circuit": {"name": "Fenmoor Kart Circuit, Fen Drove, Fenmoor", "today": "Saturday 19 July, nine o'clock"},
    "staff": [
        {"name": "Priya Kaur", "role": "desk", "username": "priya.k", "password": "Pit-Board-12"},
        {"name": "Craig Dunmore", "role": "marshal", "username": "craig.d", "password": "Chequered-Flag-5"},
        {"name": "Ellie Shaw", "role": "marshal", "username": "ellie.s", "password": "Blue-Flag-33"},
        {"name": "Stefan Novak", "role": "mechanic", "username": "stefan.n", "password": "Sprocket-Ratio-9"},
        {"name": "Lorraine Pike", "role": "manager (clerk of the course)", "username": "lorraine.p",
         "password": "Fenmoor-Circuit-2004"},
    ],
    "new_driver": {"name": "Mr Jake Morrow", "date_of_birth": "15 March 2001", "height": "180 cm",
                   "mobile": "07700 900522", "email": "jake.morrow@mail.example",
                   "wants": "the half past eleven arrive and drive today, paid by card"},
    "desk_notes": [
        "Dan Whitlock's waiver ran out last month; he signs a new one when he arrives",
        "Alfie Brennan's mum is bringing him for the ten o'clock juniors; she still owes the £28",
        "Ruby Okafor is here for the juniors",
        "Hollie Fenwick is after her club grade",
        "Gavin Royce pays for the grand prix on arrival",
        "Dan can't make tomorrow morning; move him to today's half past eleven",
        "Kart 11 is over its hours",
        "Review of last night's grand prix video: K12 ignored a blue flag",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "timetable", "lap_records")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
DRIVER_CONSUMERS = ["update_driver", "driver_record", "sign_waiver", "book_session", "send_message"]
BOOKABLE_CONSUMERS = ["book_session", "move_booking"]
SESSION_CONSUMERS = ["session_sheet", "cancel_session", "assign_marshal", "brief_session", "start_session",
                     "red_flag", "resume_session", "finish_session", "results", "issue_penalty"]
BOOKING_CONSUMERS = ["move_booking", "cancel_booking", "take_payment", "check_in"]
GRID_CONSUMERS = ["assign_kart", "release_kart"]
KART_CONSUMERS = ["report_fault", "service_kart", "assign_kart", "kart_history"]
_DRIVER = "id lookup/create: driver (driver_id of register_driver, or of a find_driver row)"
_BOOKABLE = "id lookup: session (session_id of a timetable or sessions row)"
_SESSION = "id lookup: session (session_id of a sessions row)"
_BOOKING = "id lookup/create: booking (booking_id of book_session, or of a bookings row)"
_GRID = "id lookup/create: booking (booking_id of book_session, of a bookings row, or of a session_sheet grid row)"
_KART = "id lookup: kart number (kart_no of a karts row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_driver|find_driver", c, _DRIVER) for c in DRIVER_CONSUMERS]
    + [("timetable|sessions", c, _BOOKABLE) for c in BOOKABLE_CONSUMERS]
    + [("sessions", c, _SESSION) for c in SESSION_CONSUMERS]
    + [("book_session|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("book_session|bookings|session_sheet", c, _GRID) for c in GRID_CONSUMERS]
    + [("karts", c, _KART) for c in KART_CONSUMERS]
    + [
        ("find_driver|results", "award_grade",
         "id lookup: driver (driver_id of a find_driver row, or of a results row)"),
        ("marshals", "assign_marshal", "id lookup: marshal (marshal_id of a marshals row)"),
        ("finish_session|results", "issue_penalty",
         "id lookup/create: a kart in a finished session's results (kart_no of a finish_session or results row)"),
        ("issue_penalty", "rescind_penalty", "id create: penalty (penalty_id of issue_penalty)"),
        ("service_schedule", "service_kart", "vocabulary: service task codes (code of service_schedule rows)"),
        ("sign_waiver", "check_in", "state: a current waiver signed"),
        ("take_payment", "check_in", "state: the booking paid in full"),
        ("check_in", "assign_kart", "state: the driver checked in"),
        ("check_in", "brief_session", "state: a driver checked in and waiting for the briefing"),
        ("service_kart", "assign_kart", "state: the kart serviced (its fault cleared or its hours reset)"),
        ("assign_kart", "release_kart", "state: a kart given to the booking"),
        ("assign_kart", "start_session", "state: every driver checked in has a kart"),
        ("brief_session", "start_session", "state: every driver checked in briefed"),
        ("assign_marshal", "start_session", "state: the session has its marshal"),
        ("set_track_condition", "start_session", "state: the track condition declared"),
        ("start_session", "red_flag", "state: the session running"),
        ("red_flag", "resume_session", "state: the session under a red flag"),
        ("start_session", "finish_session", "state: the session running"),
        ("resume_session", "finish_session", "state: a red-flagged session resumed"),
        ("finish_session", "results", "state: the session finished"),
        ("finish_session", "award_grade", "state: a third finished session with a fast enough lap"),
        ("award_grade", "book_session", "state: the club grade a grand prix asks"),
    ]
)

_BOOKING_USERS = BOOKING_CONSUMERS + GRID_CONSUMERS
PLAUSIBLE = (
    # a driver found, then their bookings listed or read on their record; a session's grid shows its bookings;
    # the timetable shows the open sessions; a grid and the results show karts; a booking row shows its driver
    # and its session
    {("find_driver", c) for c in _BOOKING_USERS + ["bookings"]}
    | {("driver_record", c) for c in _BOOKING_USERS}
    | {("register_driver", c) for c in _BOOKING_USERS}
    | {("session_sheet", c) for c in ("check_in", "take_payment", "cancel_booking", "move_booking", "report_fault",
                                      "kart_history", "start_session")}
    | {("timetable", c) for c in ("session_sheet", "cancel_session", "assign_marshal", "brief_session",
                                  "start_session", "check_in", "cancel_booking", "assign_kart", "release_kart")}
    | {("results", "report_fault"), ("finish_session", "report_fault"), ("results", "kart_history"),
       ("bookings", "send_message"), ("bookings", "driver_record"), ("bookings", "session_sheet"),
       ("bookings", "brief_session"), ("bookings", "start_session")}
    # one step further along the designed chains
    | {
        ("assign_kart", "finish_session"), ("assign_kart", "red_flag"), ("brief_session", "finish_session"),
        ("brief_session", "red_flag"), ("check_in", "start_session"), ("check_in", "release_kart"),
        ("finish_session", "book_session"), ("karts", "start_session"), ("karts", "release_kart"),
        ("marshals", "start_session"), ("set_track_condition", "finish_session"), ("set_track_condition", "red_flag"),
        ("sign_waiver", "assign_kart"), ("take_payment", "assign_kart"), ("start_session", "award_grade"),
        ("start_session", "issue_penalty"), ("start_session", "results"), ("start_session", "resume_session"),
        ("resume_session", "results"), ("resume_session", "issue_penalty"), ("resume_session", "award_grade"),
        ("service_schedule", "assign_kart"), ("results", "book_session"), ("results", "rescind_penalty"),
        ("sessions", "rescind_penalty"), ("sessions", "award_grade"), ("sessions", "assign_kart"),
        ("sessions", "release_kart"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("register_driver", "find_driver"), ("book_session", "bookings"), ("book_session", "timetable"),
        ("book_session", "session_sheet"), ("book_session", "driver_record"), ("check_in", "session_sheet"),
        ("check_in", "sessions"), ("assign_kart", "session_sheet"), ("brief_session", "session_sheet"),
        ("assign_marshal", "sessions"), ("assign_marshal", "marshals"), ("finish_session", "driver_record"),
        ("finish_session", "lap_records"), ("issue_penalty", "results"), ("rescind_penalty", "results"),
        ("report_fault", "karts"), ("report_fault", "kart_history"), ("report_fault", "service_kart"),
        ("service_kart", "karts"), ("service_kart", "kart_history"), ("award_grade", "find_driver"),
        ("award_grade", "driver_record"), ("cancel_booking", "bookings"), ("cancel_booking", "timetable"),
        ("move_booking", "bookings"), ("cancel_session", "timetable"), ("cancel_session", "sessions"),
        ("take_payment", "bookings"), ("sign_waiver", "driver_record"), ("update_driver", "send_message"),
        ("update_driver", "driver_record"), ("start_session", "sessions"),
    }
)
