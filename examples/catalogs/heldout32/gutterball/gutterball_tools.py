"""Gutterball: the front desk, lane mechanic and league secretary of Meadowgate Bowl, Meadowgate Retail Park (40 calls).

Sync functions over an in-memory ``State`` of the centre on Saturday 15 November 2031 at 10:00. The desk registers
bowlers and keeps their details, books lanes by the hour (from the free lanes at a time), books children's parties
on the packages, takes the party food orders, moves and cancels bookings, takes payments and refunds them from the
till receipt, checks bookings in (the lanes go live), reads a booking in full, hires out shoes and takes them back,
enters the players' names on a lane, records each finished game from the lane's scorer and closes the lanes when the
group leaves; the manager may void a game and set a bowler's handicap by hand. The league secretary reads the
leagues, their tables and fixtures, enters teams and adds bowlers to them, records each league match from the
bowlers' series and recalculates the handicaps. The mechanic reads the lanes, dresses (oils) them to a pattern, logs
faults (a lane with an open fault is out of order) and clears them. The live lane board, the price list and the free
lanes at a time are public.

Every tool is a plain ``def`` wrapped by ``lane_api(*roles)`` (``functools.wraps``), which checks the session
token and the role. A refusal is raised as one of Python's built-in exceptions: ``PermissionError`` (not signed
in, or not allowed), ``LookupError`` (no such record) and ``ValueError`` (a value the centre does not take, a
record not in the state the call needs, or nothing to change); the runtime records them as errors
(``"ValueError: ..."``), and the module declares no ``FAILURE``. Replies are plain dicts, with rows nested as
lists of lists (a booking's shoes, names on each lane and games, a bowler's series and bookings, a league table,
a team's bowlers, a match's series, a party's food), and lists of rows as lists; bare values answer a handicap
recalculation (how many handicaps changed) and the free lanes (a list of lane numbers); sentences with an id in
them answer a cancelled booking, a refund, a message, shoes returned, a void game, a fault logged and a sign-out.
Annotations are PEP 604 (``X | None``, builtin ``list[str]`` and ``list[int]``), evaluated at definition (no
``from __future__ import annotations``), with a ``str`` ``Enum`` filter (``LaneStatus``), a plain ``Enum``
input (``OilPattern``), ``Literal`` inputs (payment method, channel) and ``Literal`` filters (booking status,
booking kind). Plain-prose docstrings. Ids look alike: booking ``BK-6601``, game ``GM-88120``, payment
``PY-30410``, fault ``LF-0412``, message ``MS-0730``; bowler ``BW-2210``; team ``TM-28``; league ``LG-5``;
fixture ``FX-5010``; lanes ``L01`` to ``L12``. The most bowlers on a lane, the shoe sizes the centre stocks and
how many of each, how far ahead a party is booked and for how many children, that every child on a party
package with food chooses one item, the sizes of a league's teams, that league teams join before a
league's first night, that a league match is bowled on lanes dressed that day, that a scratch league has no
handicaps, that a lane in play is not dressed and that a payment is refunded only before the lanes open are
stated only in refusals; the refund on a cancelled booking only in the reply to a cancellation.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import inspect
from enum import Enum
from typing import Literal

TODAY = "2031-11-15"  # a Saturday
NOW = "10:00"
LANES = [f"L{n:02d}" for n in range(1, 13)]
LANE_HOUR = {"peak": 42.0, "off_peak": 30.0}
SHOE_HIRE = 2.75
MAX_ON_LANE = 6
PARTY_PER_LANE = 6
PARTY_NOTICE_DAYS = 2
CANCEL_REFUND_HOURS = 24


class LaneStatus(str, Enum):
    FREE = "free"
    IN_PLAY = "in_play"
    OUT_OF_ORDER = "out_of_order"


class OilPattern(Enum):
    HOUSE = "house"
    SPORT = "sport"
    YOUTH = "youth"


BookingStatus = Literal["booked", "checked_in", "finished", "cancelled"]
BookingKind = Literal["lanes", "party"]
PayMethod = Literal["card", "cash", "voucher"]
Channel = Literal["sms", "email"]

PACKAGES = {  # code -> name, price per child, games, food included
    "PARTY-BRONZE": ("Bronze party: one game and shoes", 11.95, 1, False),
    "PARTY-SILVER": ("Silver party: two games, shoes and a party meal", 16.95, 2, True),
    "PARTY-GOLD": ("Gold party: two games, shoes, a party meal and a slush", 19.95, 2, True),
}
MENU = {  # code -> item, allergens
    "PZ-MARG": ("Margherita pizza slices", "gluten, milk"),
    "PZ-PEPP": ("Pepperoni pizza slices", "gluten, milk"),
    "NUG-6": ("Six chicken nuggets and chips", "gluten"),
    "HOT-DOG": ("Hot dog and chips", "gluten, mustard"),
    "VEG-WRAP": ("Bean and cheese wrap and chips", "gluten, milk"),
    "GF-PLATE": ("Gluten-free chicken, chips and peas", "none"),
}
SHOE_SIZES = ["C10", "C11", "C12", "C13"] + [str(n) for n in range(1, 14)]
TEAM_SIZES = {"LG-3": (3, 3), "LG-4": (3, 5), "LG-5": (2, 2)}


# --------------------------------------------------------------------------- state


class State:
    """Meadowgate Bowl on Saturday 15 November 2031 at 10:00."""

    def __init__(self) -> None:
        self.staff = {
            "jade.w": {"name": "Jade Whitfield", "password": "Strike-Zone-8", "role": "desk"},
            "tyrone.b": {"name": "Tyrone Baker", "password": "Spare-Change-14", "role": "desk"},
            "stan.k": {"name": "Stan Kowalski", "password": "Pinsetter-88", "role": "mechanic"},
            "rhona.d": {"name": "Rhona Dalgleish", "password": "Handicap-Ninety", "role": "league"},
            "marcus.f": {"name": "Marcus Flint", "password": "Meadowgate-300", "role": "manager"},
        }
        self.tokens: dict[str, dict] = {}
        self.bowlers = {
            "BW-2180": {"name": "Mr Graham Tuck", "phone": "07700 900280", "email": "graham.tuck@mail.example",
                        "dob": "1968-03-02", "handicap": None},
            "BW-2181": {"name": "Mrs Lorna Tuck", "phone": "07700 900281", "email": "lorna.tuck@mail.example",
                        "dob": "1970-07-19", "handicap": None},
            "BW-2182": {"name": "Mr Ade Bankole", "phone": "07700 900282", "email": "ade.bankole@mail.example",
                        "dob": "1985-12-11", "handicap": None},
            "BW-2183": {"name": "Mr Phil Rudd", "phone": "07700 900283", "email": None, "dob": "1959-05-30",
                        "handicap": None},
            "BW-2184": {"name": "Ms Tanya Birch", "phone": "07700 900284", "email": "tanya.birch@mail.example",
                        "dob": "1991-02-14", "handicap": None},
            "BW-2185": {"name": "Mr Sunil Mehta", "phone": "07700 900285", "email": "sunil.mehta@mail.example",
                        "dob": "1979-09-09", "handicap": None},
            "BW-2186": {"name": "Mr Kev Doyle", "phone": "07700 900286", "email": "kev.doyle@mail.example",
                        "dob": "1982-04-21", "handicap": None},
            "BW-2187": {"name": "Ms Jo Farrant", "phone": "07700 900287", "email": "jo.farrant@mail.example",
                        "dob": "1988-10-03", "handicap": None},
            "BW-2188": {"name": "Mr Wendell Okoro", "phone": "07700 900288", "email": "wendell.okoro@mail.example",
                        "dob": "1976-06-25", "handicap": None},
            "BW-2191": {"name": "Ms Carys Pryce", "phone": "07700 900291", "email": "carys.pryce@mail.example",
                        "dob": "1990-01-08", "handicap": None},
            "BW-2193": {"name": "Mr Derek Ashby", "phone": "07700 900293", "email": "derek.ashby@mail.example",
                        "dob": "1964-11-17", "handicap": None},
            "BW-2195": {"name": "Mrs Nadia Ferreira", "phone": "07700 900295", "email": "nadia.ferreira@mail.example",
                        "dob": "1983-08-12", "handicap": None},
            "BW-2197": {"name": "Mr Luke Hollis", "phone": "07700 900297", "email": "luke.hollis@mail.example",
                        "dob": "1995-04-04", "handicap": None},
            "BW-2199": {"name": "Ms Sian Garbutt", "phone": "07700 900299", "email": "sian.garbutt@mail.example",
                        "dob": "1987-12-30", "handicap": None},
            "BW-2201": {"name": "Mrs Joanne Dunne", "phone": "07700 900201", "email": "joanne.dunne@mail.example",
                        "dob": "1989-05-16", "handicap": None},
            "BW-2203": {"name": "Mr Kemal Aydin", "phone": "07700 900203", "email": "kemal.aydin@mail.example",
                        "dob": "1981-02-27", "handicap": None},
            "BW-2205": {"name": "Poppy Lister", "phone": "07700 900205", "email": "lister.family@mail.example",
                        "dob": "2019-03-21", "handicap": 61},
            "BW-2206": {"name": "Reuben Marsh", "phone": "07700 900206", "email": "d.marsh@mail.example",
                        "dob": "2018-10-02", "handicap": 52},
            "BW-2207": {"name": "Ollie Tate", "phone": "07700 900207", "email": "tate.home@mail.example",
                        "dob": "2019-07-14", "handicap": 70},
            "BW-2208": {"name": "Ava Chen", "phone": "07700 900208", "email": "chen.family@mail.example",
                        "dob": "2018-01-30", "handicap": 44},
            "BW-2209": {"name": "Ms Rachel Stone", "phone": "07700 900209", "email": "rachel.stone@mail.example",
                        "dob": "1986-09-01", "handicap": None},
        }
        self.leagues = {
            "LG-3": {"name": "Monday Scratch Trios", "night": "Monday", "start": "2031-09-08", "handicap": None},
            "LG-4": {"name": "Winter Thursday Handicap", "night": "Thursday", "start": "2031-11-20",
                     "handicap": [90, 220]},
            "LG-5": {"name": "Saturday Youth League", "night": "Saturday", "start": "2031-09-13",
                     "handicap": [80, 200]},
        }
        self.teams = {
            "TM-21": {"league": "LG-3", "name": "Pin Pals", "captain": "BW-2188",
                      "members": ["BW-2188", "BW-2191", "BW-2193"]},
            "TM-22": {"league": "LG-3", "name": "Split Happens", "captain": "BW-2195",
                      "members": ["BW-2195", "BW-2197", "BW-2199"]},
            "TM-23": {"league": "LG-3", "name": "Ten Pin Titans", "captain": "BW-2183",
                      "members": ["BW-2183", "BW-2184", "BW-2185"]},
            "TM-24": {"league": "LG-3", "name": "The Spare Parts", "captain": "BW-2186",
                      "members": ["BW-2186", "BW-2187", "BW-2182"]},
            "TM-25": {"league": "LG-5", "name": "Junior Jets", "captain": "BW-2205", "members": ["BW-2205", "BW-2206"]},
            "TM-26": {"league": "LG-5", "name": "Strike Force", "captain": "BW-2208", "members": ["BW-2208", "BW-2207"]},
            "TM-27": {"league": "LG-4", "name": "Thursday Regulars", "captain": "BW-2180",
                      "members": ["BW-2180", "BW-2181", "BW-2182"]},
        }
        self.fixtures = {
            "FX-3101": {"league": "LG-3", "week": 10, "date": "2031-11-10", "home": "TM-21", "away": "TM-22",
                        "lanes": ["L03", "L04"], "result": [[540, 512, 598], [601, 466, 557]]},
            "FX-3102": {"league": "LG-3", "week": 10, "date": "2031-11-10", "home": "TM-23", "away": "TM-24",
                        "lanes": ["L05", "L06"], "result": [[498, 530, 511], [562, 487, 533]]},
            "FX-3111": {"league": "LG-3", "week": 11, "date": "2031-11-17", "home": "TM-21", "away": "TM-23",
                        "lanes": ["L03", "L04"], "result": None},
            "FX-3112": {"league": "LG-3", "week": 11, "date": "2031-11-17", "home": "TM-22", "away": "TM-24",
                        "lanes": ["L05", "L06"], "result": None},
            "FX-4001": {"league": "LG-4", "week": 1, "date": "2031-11-20", "home": "TM-27", "away": None,
                        "lanes": ["L01", "L02"], "result": None},
            "FX-5009": {"league": "LG-5", "week": 9, "date": "2031-11-08", "home": "TM-26", "away": "TM-25",
                        "lanes": ["L11", "L12"], "result": [[331, 352], [318, 301]]},
            "FX-5010": {"league": "LG-5", "week": 10, "date": "2031-11-15", "home": "TM-25", "away": "TM-26",
                        "lanes": ["L11", "L12"], "result": None},
        }
        self.handicaps_from = {"LG-3": None, "LG-4": None, "LG-5": "FX-5009"}  # last result counted
        self.lanes = {lane: {"oiled": "2031-11-15", "pattern": "house"} for lane in LANES}
        self.lanes["L11"]["pattern"] = "youth"
        self.lanes["L12"].update({"oiled": "2031-11-14", "pattern": "youth"})
        self.lanes["L07"]["oiled"] = "2031-11-13"
        self.faults = {
            "LF-0405": {"lane": "L02", "reported": "2031-11-12", "fault": "Ball return slow", "cleared": "2031-11-12",
                        "work": "Belt tensioned"},
            "LF-0409": {"lane": "L07", "reported": "2031-11-14", "fault": "Pinsetter deck jams on the reset",
                        "cleared": None, "work": None},
        }
        self.bookings = {
            "BK-6581": {"bowler": "BW-2188", "kind": "lanes", "date": "2031-11-08", "start": "19:00", "hours": 1,
                        "lanes": ["L04"], "players": 3, "price": 42.0, "paid": 42.0, "status": "finished",
                        "package": None, "children": None, "food": [], "shoes": {}, "shoes_out": 0, "on_lane": {}},
            "BK-6590": {"bowler": "BW-2209", "kind": "lanes", "date": TODAY, "start": "09:30", "hours": 2,
                        "lanes": ["L08", "L09"], "players": 10, "price": 168.0, "paid": 168.0, "status": "checked_in",
                        "package": None, "children": None, "food": [], "shoes": {"C12": 4, "C13": 3, "1": 3},
                        "shoes_out": 10, "on_lane": {"L08": ["Amelia", "Harvey", "Noah", "Isla", "Freddie"],
                                                     "L09": ["Mia", "Leo", "Ruby", "Oscar", "Daisy"]}},
            "BK-6592": {"bowler": "BW-2203", "kind": "lanes", "date": TODAY, "start": "11:00", "hours": 1,
                        "lanes": ["L05"], "players": 4, "price": 42.0, "paid": 0.0, "status": "booked",
                        "package": None, "children": None, "food": [], "shoes": {}, "shoes_out": 0, "on_lane": {}},
            "BK-6594": {"bowler": "BW-2201", "kind": "party", "date": TODAY, "start": "12:00", "hours": 2,
                        "lanes": ["L02", "L03"], "players": 8, "price": 135.6, "paid": 135.6, "status": "booked",
                        "package": "PARTY-SILVER", "children": 8, "food": [], "shoes": {}, "shoes_out": 0,
                        "on_lane": {}},
            "BK-6595": {"bowler": "BW-2188", "kind": "lanes", "date": TODAY, "start": "10:00", "hours": 1,
                        "lanes": ["L01"], "players": 1, "price": 42.0, "paid": 42.0, "status": "checked_in",
                        "package": None, "children": None, "food": [], "shoes": {}, "shoes_out": 0,
                        "on_lane": {"L01": ["Wendell"]}},
            "BK-6597": {"bowler": "BW-2191", "kind": "lanes", "date": "2031-11-16", "start": "14:00", "hours": 1,
                        "lanes": ["L04"], "players": 2, "price": 42.0, "paid": 0.0, "status": "booked",
                        "package": None, "children": None, "food": [], "shoes": {}, "shoes_out": 0, "on_lane": {}},
            "BK-6598": {"bowler": "BW-2199", "kind": "lanes", "date": TODAY, "start": "15:00", "hours": 2,
                        "lanes": ["L05", "L06"], "players": 9, "price": 168.0, "paid": 50.0, "status": "booked",
                        "package": None, "children": None, "food": [], "shoes": {}, "shoes_out": 0, "on_lane": {}},
        }
        self.games = {
            "GM-88117": {"booking": "BK-6581", "lane": "L04", "date": "2031-11-08",
                         "scores": [["Wendell", 187], ["Carys", 171], ["Derek", 204]], "void": None},
            "GM-88119": {"booking": "BK-6590", "lane": "L08", "date": TODAY,
                         "scores": [["Amelia", 64], ["Harvey", 81], ["Noah", 57], ["Isla", 90], ["Freddie", 73]],
                         "void": None},
        }
        self.stock = {"C10": 4, "C11": 6, "C12": 6, "C13": 6, "1": 6, "2": 6, "3": 6, "4": 6, "5": 8, "6": 8,
                      "7": 8, "8": 8, "9": 8, "10": 8, "11": 6, "12": 3, "13": 1}
        self.payments = {
            "PY-30391": {"booking": "BK-6590", "amount": 168.0, "method": "card", "refunded": None},
            "PY-30402": {"booking": "BK-6594", "amount": 135.6, "method": "card", "refunded": None},
            "PY-30405": {"booking": "BK-6598", "amount": 50.0, "method": "cash", "refunded": None},
            "PY-30407": {"booking": "BK-6595", "amount": 42.0, "method": "card", "refunded": None},
        }
        self.messages: list[list] = []
        self.counters = {"token": 1, "bowler": 2210, "booking": 6601, "game": 88120, "fault": 412, "team": 28,
                         "message": 730, "payment": 30410}


# --------------------------------------------------------------------------- the decorator and helpers


def lane_api(*roles: str, public: bool = False):
    """Check the session token and, where roles are given, the role (the manager may do everything), then run
    the tool; a refusal is raised as PermissionError."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def handler(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.tokens.get(token) if state is not None and isinstance(token, str) else None
                if who is None:
                    raise PermissionError("not signed in, or the session has ended; sign in first")
                if roles and who["role"] not in roles and who["role"] != "manager":
                    raise PermissionError(f"{who['name']} ({who['role']}) may not do this; it is for the "
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
        raise ValueError(f"{text!r} is not a date (YYYY-MM-DD)") from None


def _mins(text: str) -> int:
    try:
        h, m = text.split(":")
        value = int(h) * 60 + int(m)
    except (AttributeError, ValueError):
        raise ValueError(f"{text!r} is not a time (HH:MM)") from None
    if not 0 <= value < 24 * 60:
        raise ValueError(f"{text!r} is not a time (HH:MM)")
    return value


def _get(table: dict, key: str, what: str) -> dict:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise LookupError(f"no {what} {key}")
    return row


def _open_fault(state: State, lane: str) -> str | None:
    return next((fid for fid, f in sorted(state.faults.items()) if f["lane"] == lane and not f["cleared"]), None)


def _busy(state: State, date: str, start: int, end: int, skip: str | None = None) -> dict[str, str]:
    out = {}
    for bid, b in state.bookings.items():
        if bid == skip or b["date"] != date or b["status"] in ("cancelled", "finished"):
            continue
        s = _mins(b["start"])
        if s < end and start < s + 60 * b["hours"]:
            for lane in b["lanes"]:
                out[lane] = bid
    return out


def _lane_status(state: State, lane: str) -> str:
    if _open_fault(state, lane):
        return "out_of_order"
    if any(b["status"] == "checked_in" and lane in b["lanes"] for b in state.bookings.values()):
        return "in_play"
    return "free"


def _rate(date: str, start: str) -> float:
    d = _day(date)
    peak = d.weekday() >= 5 or (d.weekday() == 4 and _mins(start) >= 17 * 60)
    return LANE_HOUR["peak" if peak else "off_peak"]


def _booking(state: State, bid: str) -> dict:
    b = state.bookings[bid]
    return {"booking_id": bid, "bowler_id": b["bowler"], "bowler": state.bowlers[b["bowler"]]["name"],
            "kind": b["kind"], "date": b["date"], "start": b["start"], "hours": b["hours"], "lanes": list(b["lanes"]),
            "players": b["players"], "package": b["package"], "price": b["price"], "paid": b["paid"],
            "balance": round(b["price"] - b["paid"], 2), "status": b["status"],
            "shoes": [[size, n] for size, n in sorted(b["shoes"].items())], "shoes_out": b["shoes_out"],
            "on_lane": [[lane, ", ".join(names)] for lane, names in sorted(b["on_lane"].items())]}


def _bowler(state: State, bid: str) -> dict:
    b = state.bowlers[bid]
    team = next((tid for tid, t in sorted(state.teams.items()) if bid in t["members"]), None)
    return {"bowler_id": bid, "name": b["name"], "phone": b["phone"], "email": b["email"],
            "date_of_birth": b["dob"], "average": _average(state, bid), "handicap": b["handicap"], "team_id": team}


def _series(state: State, bowler_id: str) -> list:
    out = []
    for fid, f in sorted(state.fixtures.items()):
        if not f["result"]:
            continue
        for side, tid in ((0, f["home"]), (1, f["away"])):
            if tid and bowler_id in state.teams[tid]["members"]:
                idx = state.teams[tid]["members"].index(bowler_id)
                if idx < len(f["result"][side]):
                    out.append([fid, f["date"], f["result"][side][idx]])
    return out


def _average(state: State, bowler_id: str) -> int | None:
    series = _series(state, bowler_id)
    if not series:
        return None
    return int(sum(s[2] for s in series) / (3 * len(series)))


def _age(dob: str) -> int:
    b, d = _day(dob), _day(TODAY)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


# --------------------------------------------------------------------------- sign-in and public calls


@lane_api(public=True)
def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the centre's system with a user name and password. Answers a session token, to be passed to
    every call but the public ones, with the name and role of the person signed in."""
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        raise PermissionError("user name or password not recognised")
    token = f"mg-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username, "name": s["name"], "role": s["role"]}
    return {"token": token, "name": s["name"], "role": s["role"]}


@lane_api()
def sign_out(state: State, token: str) -> str:
    """End a session. Takes the session token and answers a sentence naming who was signed out."""
    who = state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


@lane_api(public=True)
def lane_board(state: State) -> list:
    """The live lane board shown over the desk: one row per lane, [lane, status, until], where the status is
    free, in_play or out_of_order and until is when the lane's current booking ends."""
    rows = []
    for lane in LANES:
        st = _lane_status(state, lane)
        until = None
        if st == "in_play":
            b = next(b for b in state.bookings.values() if b["status"] == "checked_in" and lane in b["lanes"])
            end = _mins(b["start"]) + 60 * b["hours"]
            until = f"{end // 60:02d}:{end % 60:02d}"
        rows.append([lane, st, until])
    return rows


@lane_api(public=True)
def price_list(state: State) -> dict:
    """The centre's prices: lane hire per lane per hour at peak and off-peak times, shoe hire per pair, and the
    party packages as rows [code, name, price per child, games, food included]."""
    return {"lane_hour": dict(LANE_HOUR), "shoe_hire": SHOE_HIRE,
            "peak": "Friday from 17:00, Saturday and Sunday",
            "packages": [[code, p[0], p[1], p[2], p[3]] for code, p in PACKAGES.items()]}


@lane_api(public=True)
def free_lanes(state: State, date: str, start: str, hours: int = 1) -> list:
    """The lanes free for a whole slot. Takes the day, the start time (HH:MM) and how many hours, and answers a
    list of lane numbers, lowest first; a lane out of order is never free."""
    _day(date)
    s = _mins(start)
    if not 1 <= hours <= 4:
        raise ValueError("lanes are booked for 1 to 4 hours")
    busy = _busy(state, date, s, s + 60 * hours)
    return [lane for lane in LANES if lane not in busy and not _open_fault(state, lane)]


# --------------------------------------------------------------------------- bowlers


@lane_api()
def find_bowler(state: State, token: str, text: str) -> list:
    """Find bowlers by part of a name, phone number or e-mail address. Answers rows [bowler_id, name, phone,
    average, handicap, team_id], by bowler id."""
    needle = text.strip().lower()
    if not needle:
        raise ValueError("give part of a name, phone number or e-mail address")
    rows = []
    for bid, b in sorted(state.bowlers.items()):
        if any(needle in (b[k] or "").lower() for k in ("name", "phone", "email")):
            r = _bowler(state, bid)
            rows.append([bid, b["name"], b["phone"], r["average"], b["handicap"], r["team_id"]])
    return rows


@lane_api("desk")
def register_bowler(state: State, token: str, name: str, phone: str, email: str | None = None,
                    date_of_birth: str | None = None) -> dict:
    """Register a new bowler (a customer who books, or a league bowler). Takes the name, a phone number and,
    if given, an e-mail address and a date of birth; answers the bowler with a new bowler id."""
    if not name.strip():
        raise ValueError("the bowler's name is required")
    for bid, b in state.bowlers.items():
        if b["phone"] == phone.strip():
            raise ValueError(f"{bid} ({b['name']}) has that phone number already")
    if date_of_birth:
        _day(date_of_birth)
    bid = f"BW-{_next(state, 'bowler')}"
    state.bowlers[bid] = {"name": name.strip(), "phone": phone.strip(), "email": email, "dob": date_of_birth,
                          "handicap": None}
    return _bowler(state, bid)


@lane_api("desk")
def update_bowler(state: State, token: str, bowler_id: str, phone: str | None = None,
                  email: str | None = None) -> dict:
    """Change a bowler's phone number or e-mail address. Answers the bowler as changed; giving the details the
    bowler already has is refused."""
    b = _get(state.bowlers, bowler_id, "bowler")
    changes = {k: v.strip() for k, v in (("phone", phone), ("email", email)) if v is not None and v.strip() != (b[k] or "")}
    if not changes:
        raise ValueError(f"nothing to change: {b['name']}'s details are as given")
    b.update(changes)
    return _bowler(state, bowler_id)


@lane_api()
def bowler_card(state: State, token: str, bowler_id: str) -> dict:
    """A bowler's card: their details, league average and handicap, their team, their league series as rows
    [fixture_id, date, pins], and their bookings as rows [booking_id, date, start, kind, status]."""
    _get(state.bowlers, bowler_id, "bowler")
    card = _bowler(state, bowler_id)
    card["series"] = _series(state, bowler_id)
    card["bookings"] = [[bid, b["date"], b["start"], b["kind"], b["status"]]
                        for bid, b in sorted(state.bookings.items()) if b["bowler"] == bowler_id]
    return card


@lane_api("desk")
def send_message(state: State, token: str, bowler_id: str, channel: Channel, text: str) -> str:
    """Send a bowler a text message (sms) or an e-mail. Answers a sentence with the message's id."""
    b = _get(state.bowlers, bowler_id, "bowler")
    if channel not in ("sms", "email"):
        raise ValueError(f"no channel {channel!r}")
    if not text.strip():
        raise ValueError("the message is empty")
    if channel == "email" and not b["email"]:
        raise ValueError(f"{b['name']} has no e-mail address")
    mid = f"MS-{_next(state, 'message'):04d}"
    state.messages.append([mid, bowler_id, channel, text.strip()])
    return f"Message {mid} sent to {b['name']} by {'text' if channel == 'sms' else 'e-mail'}."


@lane_api("manager")
def set_handicap(state: State, token: str, bowler_id: str, handicap: int, reason: str) -> dict:
    """Set a bowler's handicap by hand (the manager, for a bowler new to the centre's leagues who brings a
    verified average from elsewhere). Answers the bowler; the handicap they have already is refused."""
    b = _get(state.bowlers, bowler_id, "bowler")
    if not 0 <= handicap <= 100:
        raise ValueError("a handicap is 0 to 100 pins")
    if b["handicap"] == handicap:
        raise ValueError(f"{b['name']}'s handicap is {handicap} already")
    if not reason.strip():
        raise ValueError("give the reason (where the average comes from)")
    b["handicap"] = handicap
    return _bowler(state, bowler_id)


# --------------------------------------------------------------------------- bookings


@lane_api("desk")
def book_lanes(state: State, token: str, bowler_id: str, date: str, start: str, hours: int, lanes: list[str],
               players: int) -> dict:
    """Book lanes for a bowler and their group. Takes the day, the start time (HH:MM), how many hours, the
    lanes wanted (by number) and how many will bowl; answers the booking with its price, paid before the lanes
    open."""
    _get(state.bowlers, bowler_id, "bowler")
    d = _day(date)
    if d < _day(TODAY) or (d == _day(TODAY) and _mins(start) < _mins(NOW)):
        raise ValueError(f"{date} {start} has passed")
    if not 1 <= hours <= 4:
        raise ValueError("lanes are booked for 1 to 4 hours")
    if not lanes or len(set(lanes)) != len(lanes):
        raise ValueError("give the lanes wanted, each once")
    for lane in lanes:
        if lane not in LANES:
            raise LookupError(f"no lane {lane}")
        fault = _open_fault(state, lane)
        if fault:
            raise ValueError(f"{lane} is out of order ({fault}: {state.faults[fault]['fault']})")
    s = _mins(start)
    busy = _busy(state, date, s, s + 60 * hours)
    taken = [lane for lane in lanes if lane in busy]
    if taken:
        raise ValueError(f"{taken[0]} is booked then ({busy[taken[0]]})")
    if not 1 <= players <= MAX_ON_LANE * len(lanes):
        raise ValueError(f"{players} bowlers on {len(lanes)} lane(s): a lane takes 1 to {MAX_ON_LANE}")
    bid = f"BK-{_next(state, 'booking')}"
    state.bookings[bid] = {"bowler": bowler_id, "kind": "lanes", "date": date, "start": start, "hours": hours,
                           "lanes": list(lanes), "players": players,
                           "price": round(_rate(date, start) * hours * len(lanes), 2), "paid": 0.0,
                           "status": "booked", "package": None, "children": None, "food": [], "shoes": {},
                           "shoes_out": 0, "on_lane": {}}
    return _booking(state, bid)


@lane_api("desk")
def book_party(state: State, token: str, bowler_id: str, date: str, start: str, package: str,
               children: int) -> dict:
    """Book a children's party on one of the party packages for the grown-up organising it. Takes the day, the
    start time, the package and how many children; the lanes are chosen for it and the party lasts two hours.
    Answers the booking with its price."""
    _get(state.bowlers, bowler_id, "bowler")
    if package not in PACKAGES:
        raise ValueError(f"no party package {package!r}")
    d = _day(date)
    if (d - _day(TODAY)).days < PARTY_NOTICE_DAYS:
        raise ValueError(f"parties are booked at least {PARTY_NOTICE_DAYS} days ahead")
    if not 4 <= children <= 24:
        raise ValueError("a party is for 4 to 24 children")
    need = -(-children // PARTY_PER_LANE)
    s = _mins(start)
    busy = _busy(state, date, s, s + 120)
    free = [lane for lane in LANES if lane not in busy and not _open_fault(state, lane)]
    if len(free) < need:
        raise ValueError(f"not enough lanes free at {start} on {date}: {need} needed")
    bid = f"BK-{_next(state, 'booking')}"
    state.bookings[bid] = {"bowler": bowler_id, "kind": "party", "date": date, "start": start, "hours": 2,
                           "lanes": free[:need], "players": children,
                           "price": round(PACKAGES[package][1] * children, 2), "paid": 0.0, "status": "booked",
                           "package": package, "children": children, "food": [], "shoes": {}, "shoes_out": 0,
                           "on_lane": {}}
    return _booking(state, bid)


@lane_api()
def bookings(state: State, token: str, date: str | None = None, bowler_id: str | None = None,
             status: BookingStatus | None = None, kind: BookingKind | None = None) -> list:
    """List bookings, optionally only on one day, for one bowler, in one status or of one kind. Answers rows
    [booking_id, date, start, lanes, bowler, kind, status, balance], by date and start time, the lanes as a list
    of lane numbers."""
    rows = []
    for bid, b in sorted(state.bookings.items(), key=lambda kv: (kv[1]["date"], kv[1]["start"], kv[0])):
        if (date and b["date"] != date) or (bowler_id and b["bowler"] != bowler_id) or \
                (status and b["status"] != status) or (kind and b["kind"] != kind):
            continue
        rows.append([bid, b["date"], b["start"], list(b["lanes"]), state.bowlers[b["bowler"]]["name"], b["kind"],
                     b["status"], round(b["price"] - b["paid"], 2)])
    return rows


@lane_api()
def booking_detail(state: State, token: str, booking_id: str) -> dict:
    """A booking in full: who, when, which lanes, the price and what is paid, the shoes out, the names up on each
    lane and the games recorded as rows [game_id, lane, scores, void], the scores written "Amelia 64, Harvey 81"."""
    _get(state.bookings, booking_id, "booking")
    reply = _booking(state, booking_id)
    reply["games"] = [[gid, g["lane"], ", ".join(f"{n} {s}" for n, s in g["scores"]), g["void"]]
                      for gid, g in sorted(state.games.items()) if g["booking"] == booking_id]
    return reply


@lane_api("desk")
def move_booking(state: State, token: str, booking_id: str, start: str, lanes: list[str],
                 date: str | None = None) -> dict:
    """Move a lane booking to another time (and another day, if given) and onto the lanes given. Answers the
    booking as moved; its price follows the new time."""
    b = _get(state.bookings, booking_id, "booking")
    if b["status"] != "booked":
        raise ValueError(f"{booking_id} is {b['status']}; only a booking not yet checked in is moved")
    if b["kind"] == "party":
        raise ValueError("a party is moved by cancelling and booking it again")
    date = date or b["date"]
    d = _day(date)
    if d < _day(TODAY) or (d == _day(TODAY) and _mins(start) < _mins(NOW)):
        raise ValueError(f"{date} {start} has passed")
    if date == b["date"] and start == b["start"] and sorted(lanes) == sorted(b["lanes"]):
        raise ValueError(f"{booking_id} is on {' '.join(lanes)} at {start} already")
    if len(lanes) != len(b["lanes"]):
        raise ValueError(f"{booking_id} is for {len(b['lanes'])} lane(s)")
    for lane in lanes:
        if lane not in LANES:
            raise LookupError(f"no lane {lane}")
        if _open_fault(state, lane):
            raise ValueError(f"{lane} is out of order")
    s = _mins(start)
    busy = _busy(state, date, s, s + 60 * b["hours"], skip=booking_id)
    taken = [lane for lane in lanes if lane in busy]
    if taken:
        raise ValueError(f"{taken[0]} is booked then ({busy[taken[0]]})")
    b.update({"date": date, "start": start, "lanes": list(lanes),
              "price": round(_rate(date, start) * b["hours"] * len(lanes), 2)})
    return _booking(state, booking_id)


@lane_api("desk")
def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> str:
    """Cancel a booking not yet checked in. Answers a sentence with the booking cancelled and what is
    refunded."""
    b = _get(state.bookings, booking_id, "booking")
    if b["status"] == "cancelled":
        raise ValueError(f"{booking_id} was cancelled already")
    if b["status"] != "booked":
        raise ValueError(f"{booking_id} is {b['status']}; only a booking not yet checked in is cancelled")
    start = datetime.datetime.fromisoformat(f"{b['date']}T{b['start']}")
    hours_ahead = (start - datetime.datetime.fromisoformat(f"{TODAY}T{NOW}")).total_seconds() / 3600
    refund = b["paid"] if hours_ahead >= CANCEL_REFUND_HOURS else 0.0
    b["status"] = "cancelled"
    return (f"Booking {booking_id} cancelled ({reason.strip() or 'no reason given'}); "
            + (f"£{refund:.2f} refunded." if refund else
               f"nothing refunded (cancelled less than {CANCEL_REFUND_HOURS} hours before)." if b["paid"] else
               "nothing was paid."))


@lane_api("desk")
def take_payment(state: State, token: str, booking_id: str, amount: float, method: PayMethod) -> dict:
    """Take a payment on a booking (lanes, shoes or a party). Answers the payment with its id, which is printed
    on the till receipt, and the balance left to pay."""
    b = _get(state.bookings, booking_id, "booking")
    if b["status"] == "cancelled":
        raise ValueError(f"{booking_id} is cancelled")
    balance = round(b["price"] - b["paid"], 2)
    if balance <= 0:
        raise ValueError(f"{booking_id} is paid in full")
    if method not in ("card", "cash", "voucher"):
        raise ValueError(f"no payment method {method!r}")
    if not 0 < amount <= balance:
        raise ValueError(f"the balance on {booking_id} is £{balance:.2f}")
    b["paid"] = round(b["paid"] + amount, 2)
    pid = f"PY-{_next(state, 'payment')}"
    state.payments[pid] = {"booking": booking_id, "amount": amount, "method": method, "refunded": None}
    return {"payment_id": pid, "booking_id": booking_id, "amount": amount, "method": method,
            "balance": round(b["price"] - b["paid"], 2)}


@lane_api("desk")
def refund_payment(state: State, token: str, payment_id: str, reason: str) -> str:
    """Refund a payment from its till receipt, before the booking's lanes open (a customer charged twice, or
    paying for the wrong booking). Answers a sentence with the refund."""
    p = _get(state.payments, payment_id, "payment")
    if p["refunded"]:
        raise ValueError(f"{payment_id} was refunded already, on {p['refunded']}")
    b = state.bookings[p["booking"]]
    if b["status"] != "booked":
        raise ValueError(f"{p['booking']} is {b['status']}; a payment is refunded before the lanes open")
    if not reason.strip():
        raise ValueError("give the reason for the refund")
    p["refunded"] = TODAY
    b["paid"] = round(b["paid"] - p["amount"], 2)
    return (f"Payment {payment_id} of £{p['amount']:.2f} refunded by {p['method']} ({reason.strip()}); "
            f"{p['booking']} has £{b['price'] - b['paid']:.2f} to pay.")


@lane_api("desk")
def check_in(state: State, token: str, booking_id: str) -> dict:
    """Check a booking in on its day: its lanes go live. Answers the booking, checked in."""
    b = _get(state.bookings, booking_id, "booking")
    if b["status"] == "checked_in":
        raise ValueError(f"{booking_id} is checked in already")
    if b["status"] != "booked":
        raise ValueError(f"{booking_id} is {b['status']}")
    if b["date"] != TODAY:
        raise ValueError(f"{booking_id} is for {b['date']}, not today")
    if b["price"] - b["paid"] > 0:
        raise ValueError(f"{booking_id} has £{b['price'] - b['paid']:.2f} to pay; lanes open once it is paid")
    if b["kind"] == "party" and PACKAGES[b["package"]][3] and not b["food"]:
        raise ValueError(f"the party meal for {booking_id} has not been ordered; the kitchen needs it before the "
                         f"party starts")
    for lane in b["lanes"]:
        fault = _open_fault(state, lane)
        if fault:
            raise ValueError(f"{lane} is out of order ({fault})")
        if _lane_status(state, lane) == "in_play":
            raise ValueError(f"{lane} is still in play")
    b["status"] = "checked_in"
    return _booking(state, booking_id)


@lane_api("desk")
def hire_shoes(state: State, token: str, booking_id: str, sizes: list[str]) -> dict:
    """Hand out bowling shoes to a booking that is checked in, a pair per size listed. Answers the booking with
    the shoes out; shoes are charged per pair except on a party."""
    b = _get(state.bookings, booking_id, "booking")
    if b["status"] != "checked_in":
        raise ValueError(f"{booking_id} is {b['status']}; shoes go out to a booking that is checked in")
    if not sizes:
        raise ValueError("give a size for each pair")
    for size in sizes:
        if size not in SHOE_SIZES:
            raise ValueError(f"no shoe size {size!r}; sizes run C10 to C13 for children and 1 to 13")
    want = {s: sizes.count(s) for s in set(sizes)}
    for size, n in sorted(want.items()):
        out = sum(x["shoes"].get(size, 0) for x in state.bookings.values() if x["shoes_out"])
        if state.stock[size] - out < n:
            raise ValueError(f"only {max(state.stock[size] - out, 0)} pair(s) of size {size} left on the rack")
    if b["shoes_out"] + len(sizes) > b["players"]:
        raise ValueError(f"{booking_id} is for {b['players']} bowlers")
    for size, n in want.items():
        b["shoes"][size] = b["shoes"].get(size, 0) + n
    b["shoes_out"] += len(sizes)
    if b["kind"] != "party":
        b["price"] = round(b["price"] + SHOE_HIRE * len(sizes), 2)
    return _booking(state, booking_id)


@lane_api("desk")
def return_shoes(state: State, token: str, booking_id: str) -> str:
    """Take back every pair of shoes a booking has out. Answers a sentence with how many pairs came back."""
    b = _get(state.bookings, booking_id, "booking")
    if not b["shoes_out"]:
        raise ValueError(f"{booking_id} has no shoes out")
    n = b["shoes_out"]
    b["shoes_out"] = 0
    return f"{n} pair(s) of shoes back from {booking_id}; the rack is restocked."


@lane_api("desk")
def enter_players(state: State, token: str, booking_id: str, lane: str, names: list[str]) -> dict:
    """Put the players' names up on one lane of a booking that is checked in, in bowling order. Answers the
    booking with the names on each lane."""
    b = _get(state.bookings, booking_id, "booking")
    if b["status"] != "checked_in":
        raise ValueError(f"{booking_id} is {b['status']}; names go up on a lane that is live")
    if lane not in b["lanes"]:
        raise ValueError(f"{lane} is not on {booking_id} ({' '.join(b['lanes'])})")
    names = [n.strip() for n in names if n.strip()]
    if not 1 <= len(names) <= MAX_ON_LANE:
        raise ValueError(f"a lane takes 1 to {MAX_ON_LANE} bowlers")
    if b["on_lane"].get(lane) == names:
        raise ValueError(f"those names are up on {lane} already")
    b["on_lane"][lane] = names
    return _booking(state, booking_id)


@lane_api("desk")
def record_game(state: State, token: str, booking_id: str, lane: str, scores: list[int]) -> dict:
    """Record a finished game from a lane's scorer, a score per player in bowling order. Answers the game with
    its id and the scores as rows [name, score]."""
    b = _get(state.bookings, booking_id, "booking")
    if b["status"] != "checked_in":
        raise ValueError(f"{booking_id} is {b['status']}")
    names = b["on_lane"].get(lane)
    if not names:
        raise ValueError(f"no players are up on {lane} for {booking_id}; put the names up first")
    if len(scores) != len(names):
        raise ValueError(f"{len(names)} players are up on {lane}; give {len(names)} scores")
    if any(not 0 <= s <= 300 for s in scores):
        raise ValueError("a game scores 0 to 300")
    gid = f"GM-{_next(state, 'game')}"
    state.games[gid] = {"booking": booking_id, "lane": lane, "date": TODAY,
                        "scores": [[n, s] for n, s in zip(names, scores)], "void": None}
    return {"game_id": gid, "booking_id": booking_id, "lane": lane, "scores": [[n, s] for n, s in zip(names, scores)],
            "high": max(zip(scores, names))[1]}


@lane_api("manager")
def void_game(state: State, token: str, game_id: str, reason: str) -> str:
    """Void a recorded game (the manager; a scorer fault, say). Answers a sentence with the game voided."""
    g = _get(state.games, game_id, "game")
    if g["void"]:
        raise ValueError(f"{game_id} was voided already")
    g["void"] = reason.strip() or "voided"
    return f"Game {game_id} on {g['lane']} voided: {g['void']}."


@lane_api("desk")
def close_lanes(state: State, token: str, booking_id: str) -> dict:
    """Close a booking's lanes when the group has finished. Answers the booking, finished, with how many games
    it bowled; lanes are not closed while shoes are out."""
    b = _get(state.bookings, booking_id, "booking")
    if b["status"] == "finished":
        raise ValueError(f"{booking_id} is finished already")
    if b["status"] != "checked_in":
        raise ValueError(f"{booking_id} is {b['status']}; only lanes in play are closed")
    if b["shoes_out"]:
        raise ValueError(f"{booking_id} still has {b['shoes_out']} pair(s) of shoes out")
    b["status"], b["on_lane"] = "finished", {}
    reply = _booking(state, booking_id)
    reply["games"] = sum(1 for g in state.games.values() if g["booking"] == booking_id and not g["void"])
    return reply


# --------------------------------------------------------------------------- parties


@lane_api("desk")
def party_menu(state: State, token: str) -> list:
    """The party kitchen's menu: rows [code, item, allergens]."""
    return [[code, m[0], m[1]] for code, m in MENU.items()]


@lane_api("desk")
def choose_party_food(state: State, token: str, booking_id: str, items: list[str]) -> dict:
    """Order the party meal for a party booking, one menu item per child. Answers the booking with the food
    ordered as rows [code, how many]."""
    b = _get(state.bookings, booking_id, "booking")
    if b["kind"] != "party":
        raise ValueError(f"{booking_id} is not a party")
    if b["status"] not in ("booked", "checked_in"):
        raise ValueError(f"{booking_id} is {b['status']}")
    if not PACKAGES[b["package"]][3]:
        raise ValueError(f"{b['package']} has no party meal")
    for code in items:
        if code not in MENU:
            raise ValueError(f"no menu item {code!r}")
    if len(items) != b["children"]:
        raise ValueError(f"the party is for {b['children']} children: choose one item for each")
    if sorted(items) == sorted(b["food"]):
        raise ValueError(f"that meal is ordered for {booking_id} already")
    b["food"] = list(items)
    reply = _booking(state, booking_id)
    reply["food"] = [[code, items.count(code)] for code in sorted(set(items))]
    return reply


# --------------------------------------------------------------------------- leagues


@lane_api()
def leagues(state: State, token: str) -> list:
    """The centre's leagues: rows [league_id, name, night, first night, handicap], the handicap written as
    "90% of 220" or None for a scratch league."""
    return [[lid, lg["name"], lg["night"], lg["start"],
             f"{lg['handicap'][0]}% of {lg['handicap'][1]}" if lg["handicap"] else None]
            for lid, lg in sorted(state.leagues.items())]


@lane_api()
def league_table(state: State, token: str, league_id: str) -> dict:
    """A league's table: rows [position, team_id, team, points, pinfall] in order, with the weeks bowled."""
    lg = _get(state.leagues, league_id, "league")
    table = {tid: [0, 0] for tid, t in state.teams.items() if t["league"] == league_id}
    weeks = set()
    for f in state.fixtures.values():
        if f["league"] != league_id or not f["result"]:
            continue
        weeks.add(f["week"])
        home, away = sum(f["result"][0]), sum(f["result"][1])
        table[f["home"]][1] += home
        table[f["away"]][1] += away
        table[f["home"]][0] += 2 if home > away else 1 if home == away else 0
        table[f["away"]][0] += 2 if away > home else 1 if home == away else 0
    order = sorted(table.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
    return {"league_id": league_id, "name": lg["name"], "weeks_bowled": len(weeks),
            "standings": [[n, tid, state.teams[tid]["name"], pts, pins] for n, (tid, (pts, pins))
                          in enumerate(order, start=1)]}


@lane_api()
def fixtures(state: State, token: str, league_id: str, week: int | None = None) -> list:
    """A league's fixtures, or one week's: rows [fixture_id, week, date, home team, away team, lanes, result],
    the lanes written "L11 L12" and the result as the two teams' pinfalls or None."""
    _get(state.leagues, league_id, "league")
    rows = []
    for fid, f in sorted(state.fixtures.items()):
        if f["league"] != league_id or (week is not None and f["week"] != week):
            continue
        result = f"{sum(f['result'][0])}-{sum(f['result'][1])}" if f["result"] else None
        rows.append([fid, f["week"], f["date"], state.teams[f["home"]]["name"],
                     state.teams[f["away"]]["name"] if f["away"] else None, " ".join(f["lanes"]), result])
    return rows


@lane_api("league")
def register_team(state: State, token: str, league_id: str, name: str, captain_id: str, members: list[str]) -> dict:
    """Enter a new team in a league: its name, its captain and its bowlers (the captain among them). Answers the
    team with its id."""
    lg = _get(state.leagues, league_id, "league")
    if _day(lg["start"]) <= _day(TODAY):
        raise ValueError(f"{lg['name']} started on {lg['start']}; teams join before a league's first night")
    if not name.strip():
        raise ValueError("the team needs a name")
    if any(t["league"] == league_id and t["name"].lower() == name.strip().lower() for t in state.teams.values()):
        raise ValueError(f"{lg['name']} has a team called {name.strip()} already")
    members = list(dict.fromkeys(members))
    for bid in members + [captain_id]:
        _get(state.bowlers, bid, "bowler")
    if captain_id not in members:
        raise ValueError("the captain is one of the team's bowlers")
    low, high = TEAM_SIZES[league_id]
    if not low <= len(members) <= high:
        raise ValueError(f"{lg['name']} teams are {low} to {high} bowlers")
    for bid in members:
        for tid, t in state.teams.items():
            if t["league"] == league_id and bid in t["members"]:
                raise ValueError(f"{state.bowlers[bid]['name']} bowls for {t['name']} ({tid}) in {lg['name']}")
    tid = f"TM-{_next(state, 'team')}"
    state.teams[tid] = {"league": league_id, "name": name.strip(), "captain": captain_id, "members": members}
    return _team(state, tid)


def _team(state: State, tid: str) -> dict:
    t = state.teams[tid]
    return {"team_id": tid, "league_id": t["league"], "name": t["name"], "captain_id": t["captain"],
            "members": [[bid, state.bowlers[bid]["name"], state.bowlers[bid]["handicap"]] for bid in t["members"]]}


@lane_api("league")
def add_team_member(state: State, token: str, team_id: str, bowler_id: str) -> dict:
    """Add a bowler to a league team. Answers the team with its bowlers as rows [bowler_id, name, handicap]."""
    t = _get(state.teams, team_id, "team")
    b = _get(state.bowlers, bowler_id, "bowler")
    if bowler_id in t["members"]:
        raise ValueError(f"{b['name']} is on {t['name']} already")
    low, high = TEAM_SIZES[t["league"]]
    if len(t["members"]) >= high:
        raise ValueError(f"{state.leagues[t['league']]['name']} teams are {low} to {high} bowlers")
    for tid, other in state.teams.items():
        if other["league"] == t["league"] and bowler_id in other["members"]:
            raise ValueError(f"{b['name']} bowls for {other['name']} ({tid})")
    t["members"].append(bowler_id)
    return _team(state, team_id)


@lane_api("league")
def record_match(state: State, token: str, fixture_id: str, home_pins: list[int], away_pins: list[int]) -> dict:
    """Record a league match bowled today: each bowler's three-game series (scratch), home team then away team,
    in the order of the team's bowlers. Answers the result, with handicaps added where the league has them and
    the series as rows [bowler_id, scratch, handicap, total]."""
    f = _get(state.fixtures, fixture_id, "fixture")
    if f["result"]:
        raise ValueError(f"{fixture_id} is recorded already")
    if f["date"] != TODAY:
        raise ValueError(f"{fixture_id} is bowled on {f['date']}; a match is recorded the day it is bowled")
    if not f["away"]:
        raise ValueError(f"{fixture_id} has no opponent yet")
    for lane in f["lanes"]:
        if state.lanes[lane]["oiled"] != TODAY:
            raise ValueError(f"{lane} was last dressed on {state.lanes[lane]['oiled']}; league games count only on "
                             f"lanes dressed the day they are bowled")
    sides = []
    for tid, pins in ((f["home"], home_pins), (f["away"], away_pins)):
        members = state.teams[tid]["members"]
        if len(pins) != len(members):
            raise ValueError(f"{state.teams[tid]['name']} has {len(members)} bowlers; give {len(members)} series")
        if any(not 0 <= p <= 900 for p in pins):
            raise ValueError("a three-game series is 0 to 900 pins")
        sides.append([[bid, p, state.bowlers[bid]["handicap"] or 0] for bid, p in zip(members, pins)])
    hcp = state.leagues[f["league"]]["handicap"]
    totals = [sum(p + (3 * h if hcp else 0) for _, p, h in side) for side in sides]
    f["result"] = [list(home_pins), list(away_pins)]
    return {"fixture_id": fixture_id, "home": state.teams[f["home"]]["name"], "away": state.teams[f["away"]]["name"],
            "home_total": totals[0], "away_total": totals[1],
            "home_points": 2 if totals[0] > totals[1] else 1 if totals[0] == totals[1] else 0,
            "away_points": 2 if totals[1] > totals[0] else 1 if totals[0] == totals[1] else 0,
            "series": [[bid, p, 3 * h if hcp else 0, p + (3 * h if hcp else 0)] for side in sides for bid, p, h in side]}


@lane_api("league")
def recalculate_handicaps(state: State, token: str, league_id: str) -> int:
    """Recalculate a handicap league's handicaps from the bowlers' averages after the latest results. Answers how
    many bowlers' handicaps changed."""
    lg = _get(state.leagues, league_id, "league")
    if not lg["handicap"]:
        raise ValueError(f"{lg['name']} is a scratch league; it has no handicaps")
    done = sorted(fid for fid, f in state.fixtures.items() if f["league"] == league_id and f["result"])
    latest = done[-1] if done else None
    if latest is None or latest == state.handicaps_from[league_id]:
        raise ValueError(f"the handicaps in {lg['name']} are up to date; no new results since they were worked out")
    pct, base = lg["handicap"]
    changed = 0
    for t in state.teams.values():
        if t["league"] != league_id:
            continue
        for bid in t["members"]:
            avg = _average(state, bid)
            if avg is None:
                continue
            new = max(0, int((base - avg) * pct / 100))
            if state.bowlers[bid]["handicap"] != new:
                state.bowlers[bid]["handicap"] = new
                changed += 1
    state.handicaps_from[league_id] = latest
    return changed


# --------------------------------------------------------------------------- lanes and faults


@lane_api()
def lanes(state: State, token: str, status: LaneStatus | None = None) -> list:
    """The lanes, or those in one status: rows [lane, status, last dressed, oil pattern, open fault]."""
    want = status.value if isinstance(status, LaneStatus) else status
    return [[lane, _lane_status(state, lane), state.lanes[lane]["oiled"], state.lanes[lane]["pattern"],
             _open_fault(state, lane)] for lane in LANES if not want or _lane_status(state, lane) == want]


@lane_api("mechanic")
def oil_lane(state: State, token: str, lane: str, pattern: OilPattern) -> dict:
    """Dress a lane with the conditioning machine to an oil pattern. Answers the lane as dressed, with the
    pattern's length in feet."""
    value = pattern.value if isinstance(pattern, OilPattern) else str(pattern)
    if value not in [p.value for p in OilPattern]:
        raise ValueError(f"no oil pattern {value!r}")
    ln = _get(state.lanes, lane, "lane")
    if _lane_status(state, lane) == "in_play":
        raise ValueError(f"{lane} is in play; a lane is dressed when nobody is bowling on it")
    if ln["oiled"] == TODAY and ln["pattern"] == value:
        raise ValueError(f"{lane} was dressed with the {value} pattern today already")
    ln["oiled"], ln["pattern"] = TODAY, value
    return {"lane": lane, "pattern": value, "dressed": f"{TODAY} {NOW}",
            "length_ft": {"house": 40, "sport": 43, "youth": 36}[value]}


@lane_api()
def report_fault(state: State, token: str, lane: str, fault: str) -> str:
    """Log a fault on a lane; the lane is out of order until it is cleared. Answers a sentence with the fault's
    id."""
    _get(state.lanes, lane, "lane")
    if not fault.strip():
        raise ValueError("describe the fault")
    open_id = _open_fault(state, lane)
    if open_id:
        raise ValueError(f"{lane} is out of order already ({open_id}: {state.faults[open_id]['fault']})")
    fid = f"LF-{_next(state, 'fault'):04d}"
    state.faults[fid] = {"lane": lane, "reported": TODAY, "fault": fault.strip(), "cleared": None, "work": None}
    return f"Fault {fid} logged on {lane} ({fault.strip()}); the lane is out of order."


@lane_api()
def faults(state: State, token: str, lane: str | None = None, open_only: bool = True) -> list:
    """Lane faults, open ones only unless asked: rows [fault_id, lane, reported, fault, cleared]."""
    return [[fid, f["lane"], f["reported"], f["fault"], f["cleared"]] for fid, f in sorted(state.faults.items())
            if (not lane or f["lane"] == lane) and (not open_only or not f["cleared"])]


@lane_api("mechanic")
def clear_fault(state: State, token: str, fault_id: str, work_done: str) -> dict:
    """Clear a lane fault once it is mended; the lane is back in service. Answers the lane's row as the lanes
    list gives it."""
    f = _get(state.faults, fault_id, "fault")
    if f["cleared"]:
        raise ValueError(f"{fault_id} was cleared on {f['cleared']}")
    if not work_done.strip():
        raise ValueError("say what was done")
    f["cleared"], f["work"] = TODAY, work_done.strip()
    lane = f["lane"]
    return {"lane": lane, "status": _lane_status(state, lane), "fault_id": fault_id, "work_done": f["work"]}


TOOLS = [
    sign_in, sign_out, lane_board, price_list, free_lanes, find_bowler, register_bowler, update_bowler, bowler_card,
    send_message, set_handicap, book_lanes, book_party, bookings, booking_detail, move_booking, cancel_booking,
    take_payment, refund_payment, check_in, hire_shoes, return_shoes, enter_players, record_game, void_game,
    close_lanes, party_menu, choose_party_food, leagues, league_table, fixtures, register_team, add_team_member,
    record_match, recalculate_handicaps, lanes, oil_lane, report_fault, faults, clear_fault,
]

FIXTURES = {
    "centre": {"name": "Meadowgate Bowl, Meadowgate Retail Park", "today": "Saturday 15 November, ten o'clock"},
    "staff": [
        {"name": "Jade Whitfield", "role": "desk", "username": "jade.w", "password": "Strike-Zone-8"},
        {"name": "Tyrone Baker", "role": "desk", "username": "tyrone.b", "password": "Spare-Change-14"},
        {"name": "Stan Kowalski", "role": "mechanic", "username": "stan.k", "password": "Pinsetter-88"},
        {"name": "Rhona Dalgleish", "role": "league secretary", "username": "rhona.d", "password": "Handicap-Ninety"},
        {"name": "Marcus Flint", "role": "manager", "username": "marcus.f", "password": "Meadowgate-300"},
    ],
    "new_bowler": {"name": "Ms Freya Lindqvist", "mobile": "07700 900214", "email": "freya.lindqvist@mail.example",
                   "wants": "two lanes from half past ten this morning for an hour, for eight friends"},
    "desk_notes": [
        "Mr Aydin's family are in at eleven and pay on arrival",
        "The Dunne party is at noon; Mrs Dunne has the children's meal choices",
        "The cub pack on 8 and 9 finish at half eleven",
        "Lane 7's pinsetter is still jamming; Stan is on it",
        "The youth league match this morning still needs putting in",
        "Rhona has a new team for the Thursday handicap league",
        "Sunil Mehta is joining the Thursday Regulars as well as bowling for the Titans",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "lane_board", "price_list", "free_lanes")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
BOWLER_CONSUMERS = ["update_bowler", "bowler_card", "send_message", "set_handicap", "book_lanes", "book_party",
                    "register_team", "add_team_member"]
BOOKING_CONSUMERS = ["booking_detail", "take_payment", "check_in", "cancel_booking", "move_booking", "hire_shoes",
                     "return_shoes", "enter_players", "record_game", "close_lanes"]
LEAGUE_CONSUMERS = ["league_table", "fixtures", "register_team", "recalculate_handicaps"]
_BOWLER = "id lookup/create: bowler (bowler_id of register_bowler, or of a find_bowler row)"
_BOOKING = "id lookup/create: booking (booking_id of book_lanes, or of a bookings row)"
_LEAGUE = "id lookup: league (league_id of a leagues row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_bowler|find_bowler", c, _BOWLER) for c in BOWLER_CONSUMERS]
    + [("book_lanes|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("leagues", c, _LEAGUE) for c in LEAGUE_CONSUMERS]
    + [
        ("free_lanes", "book_lanes", "id lookup: lane numbers (the free_lanes list)"),
        ("free_lanes", "move_booking", "id lookup: lane numbers (the free_lanes list)"),
        ("book_party|bookings", "choose_party_food",
         "id lookup/create: party booking (booking_id of book_party, or of a bookings row)"),
        ("price_list", "book_party", "vocabulary: party package codes (code of price_list's packages rows)"),
        ("party_menu", "choose_party_food", "vocabulary: menu item codes (code of party_menu rows)"),
        ("fixtures", "record_match", "id lookup: fixture (fixture_id of a fixtures row)"),
        ("register_team|league_table", "add_team_member",
         "id lookup/create: team (team_id of register_team, or of a league_table standings row)"),
        ("lanes", "oil_lane", "id lookup: lane (lane of a lanes row)"),
        ("lanes", "report_fault", "id lookup: lane (lane of a lanes row)"),
        ("faults", "clear_fault", "id lookup: fault (fault_id of a faults row)"),
        ("record_game|booking_detail", "void_game",
         "id lookup/create: game (game_id of record_game, or of a booking_detail games row)"),
        ("take_payment", "refund_payment", "id create: payment (payment_id of take_payment)"),
        ("take_payment", "check_in", "state: the booking paid in full"),
        ("choose_party_food", "check_in", "state: the party meal ordered"),
        ("check_in", "hire_shoes", "state: the booking checked in"),
        ("check_in", "enter_players", "state: the booking checked in"),
        ("check_in", "close_lanes", "state: the booking checked in (its lanes in play)"),
        ("enter_players", "record_game", "state: the players' names up on the lane"),
        ("hire_shoes", "return_shoes", "state: shoes out to the booking"),
        ("return_shoes", "close_lanes", "state: every pair of shoes back"),
        ("oil_lane", "record_match", "state: the match's lanes dressed today"),
        ("record_match", "recalculate_handicaps", "state: a new result since the handicaps were worked out"),
        ("report_fault", "clear_fault", "state: an open fault on the lane"),
        ("clear_fault", "book_lanes", "state: the lane back in service"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_LANE_USERS = ("book_lanes", "move_booking", "enter_players", "record_game", "oil_lane", "report_fault")
PLAUSIBLE = (
    # ids shown in other lists and records: a party booking is a booking; bookings on a bowler's card; bowlers on a
    # team or in a match's series; lanes on the board, in the lanes list, on a check-in or a fixture; the open fault
    # on a lanes row
    {("book_party", c) for c in BOOKING_CONSUMERS if c != "move_booking"}
    | {("bowler_card", c) for c in BOOKING_CONSUMERS + ["choose_party_food"]}
    | {(p, c) for p in ("register_team", "add_team_member", "record_match") for c in BOWLER_CONSUMERS}
    | {(p, c) for p in ("lane_board", "lanes") for c in _LANE_USERS}
    | {("booking_detail", "enter_players"), ("booking_detail", "record_game"), ("booking_detail", "choose_party_food"),
       ("check_in", "record_game"), ("book_lanes", "enter_players"), ("book_lanes", "record_game"),
       ("fixtures", "oil_lane"), ("lanes", "clear_fault"), ("register_team", "record_match"),
       ("league_table", "register_team")}
    # one step further along the designed chains
    | {
        ("take_payment", "hire_shoes"), ("take_payment", "enter_players"), ("take_payment", "close_lanes"),
        ("choose_party_food", "hire_shoes"), ("choose_party_food", "enter_players"), ("check_in", "record_game"),
        ("check_in", "return_shoes"), ("party_menu", "check_in"), ("oil_lane", "recalculate_handicaps"),
        ("fixtures", "recalculate_handicaps"), ("lanes", "record_match"), ("clear_fault", "check_in"),
        ("clear_fault", "move_booking"), ("faults", "book_lanes"), ("free_lanes", "take_payment"),
        ("free_lanes", "check_in"), ("enter_players", "void_game"), ("check_in", "void_game"),
        ("price_list", "choose_party_food"), ("leagues", "add_team_member"), ("leagues", "record_match"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("register_bowler", "find_bowler"), ("update_bowler", "find_bowler"), ("update_bowler", "bowler_card"),
        ("update_bowler", "send_message"), ("set_handicap", "find_bowler"), ("set_handicap", "bowler_card"),
        ("set_handicap", "record_match"), ("book_lanes", "bookings"), ("book_lanes", "free_lanes"),
        ("book_lanes", "bowler_card"), ("book_party", "bookings"), ("book_party", "free_lanes"),
        ("book_party", "bowler_card"), ("move_booking", "bookings"), ("move_booking", "free_lanes"),
        ("cancel_booking", "bookings"), ("cancel_booking", "free_lanes"), ("take_payment", "bookings"),
        ("check_in", "lane_board"), ("check_in", "lanes"), ("check_in", "bookings"), ("hire_shoes", "bookings"),
        ("close_lanes", "lane_board"), ("close_lanes", "lanes"), ("close_lanes", "bookings"),
        ("choose_party_food", "bookings"), ("record_match", "league_table"), ("record_match", "fixtures"),
        ("record_match", "bowler_card"), ("record_match", "find_bowler"), ("recalculate_handicaps", "find_bowler"),
        ("recalculate_handicaps", "bowler_card"), ("register_team", "league_table"), ("register_team", "bowler_card"),
        ("register_team", "find_bowler"), ("add_team_member", "bowler_card"), ("add_team_member", "find_bowler"),
        ("oil_lane", "lanes"), ("report_fault", "lanes"), ("report_fault", "lane_board"), ("report_fault", "faults"),
        ("report_fault", "free_lanes"), ("clear_fault", "lanes"), ("clear_fault", "lane_board"),
        ("clear_fault", "free_lanes"), ("clear_fault", "faults"), ("record_game", "booking_detail"),
        ("void_game", "booking_detail"), ("hire_shoes", "booking_detail"), ("return_shoes", "booking_detail"),
        ("enter_players", "booking_detail"), ("take_payment", "booking_detail"), ("check_in", "booking_detail"),
        ("choose_party_food", "booking_detail"), ("move_booking", "booking_detail"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
