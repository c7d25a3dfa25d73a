"""Keepnet: the ticket office, bailiffs, match secretary and keeper of Hollowmere Fisheries (38 calls).

Async functions over an in-memory ``State`` of a commercial coarse fishery on Saturday 17 June 2034 at 06:30. Hollowmere
has three lakes: Main Lake for day anglers, Specimen Lake for big carp (with night fishing) and Willow Match Lake, where
the club and open matches are fished. The ticket office finds, registers and changes anglers, texts them, records their
Environment Agency rod licences, sells day tickets on a free peg, moves anglers between pegs, refunds tickets and sells
season permits. Bailiffs check tickets on the bank, record catches and issue written warnings for breaking the fishery
rules. The match secretary sets up matches, takes and withdraws entries, draws the pegs, records the weigh-in and
declares the result. The keeper closes and reopens lakes and single pegs and records fish stocked. The manager may do
everything and alone bans anglers, lifts bans and revokes season permits. The lakes (with their rules) and the price
list are public.

Every tool is an ``async def`` wrapped by ``endpoint(*roles)`` (``functools.wraps``, itself async), which checks the
session token and the role before the tool runs. A refusal is returned as a string, as the fishery's booking system
answers one: ``"Error: Specimen Lake is closed (netting for the fish health survey); no tickets are sold on a closed
lake"``; the runtime reads the ``Error:`` prefix as a refusal by itself. Replies are dataclasses and lists of them, with
rows nested as lists of lists (the lakes' rules, an angler's record, a match sheet and its result); bare values answer
the free pegs (a list of peg numbers) and a weigh-in (the angler's weight); sentences with an id in them answer a text
message, a ticket refunded, an entry withdrawn, a lake or a peg closed, a ban lifted and a sign-out. Annotations are
spelled with ``typing`` (``Optional``, ``List``, ``Dict``, ``Union``) and evaluated at definition, with a plain ``Enum``
input and filter (``Species``), a ``str`` ``Enum`` filter (``MatchStatus``) and a ``Literal`` filter (ticket status).
Numpy docstrings. Ids look alike: angler ``AN-2110``, ticket ``TK-5510``, match ``MT-310``, warning ``WN-90``, permit
``SP-80``, catch ``CT-7710``, stocking ``SK-410``, text ``MS-610``; lake ``MAIN``; ticket type ``DAY``; rule ``R3``.
That anglers aged 13 and over need a rod licence valid on the day, that a ban follows a written warning, that a season
permit is revoked only from a banned angler and how a section 14 permit reference is written are stated only in errors.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import inspect
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Union

TODAY = "2034-06-17"  # a Saturday
NOW = "06:30"
SEASON_END = "2035-03-14"


class Species(Enum):
    COMMON_CARP = "common_carp"
    MIRROR_CARP = "mirror_carp"
    TENCH = "tench"
    BREAM = "bream"
    ROACH = "roach"
    RUDD = "rudd"
    PERCH = "perch"
    CRUCIAN = "crucian"


class MatchStatus(str, Enum):
    OPEN = "open"
    DRAWN = "drawn"
    RESULTED = "resulted"


TicketStatus = Literal["valid", "refunded"]

LAKES = {  # code -> name, pegs, night fishing, matches, season permits
    "MAIN": ("Main Lake", 40, False, False, True),
    "SPECIMEN": ("Specimen Lake", 12, True, False, True),
    "MATCH": ("Willow Match Lake", 60, False, True, False),
}
RULES = {  # code -> rule, lakes it applies to
    "R1": ("Barbless or micro-barbed hooks only", ("MAIN", "SPECIMEN", "MATCH")),
    "R2": ("An unhooking mat at every peg", ("MAIN", "SPECIMEN", "MATCH")),
    "R3": ("No keepnets, except in matches", ("MAIN", "SPECIMEN")),
    "R4": ("No nuts or particles except hemp and sweetcorn", ("MAIN", "SPECIMEN", "MATCH")),
    "R5": ("Fishing from the bank at your own peg only", ("MAIN", "SPECIMEN", "MATCH")),
}
PRICES = {  # code -> name, price, night
    "DAY": ("Day ticket, two rods, dawn to dusk", 10.0, False),
    "DAY-CONC": ("Day ticket, concession (65 and over)", 8.0, False),
    "JUNIOR": ("Junior day ticket (under 16)", 5.0, False),
    "NIGHT-24": ("24-hour ticket with night fishing", 20.0, True),
}
SEASON_PERMIT = 180.0
PERMIT_REF = re.compile(r"EA-S14-\d{5}")
ROLE_NAMES = {"office": "the ticket office", "bailiff": "the bailiffs", "matchsec": "the match secretary",
              "keeper": "the keeper", "manager": "the manager"}


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Lake:
    code: str
    name: str
    pegs: int
    open: bool
    closed_pegs: List[int]
    night_fishing: bool
    matches: bool
    season_permits: bool
    rules: List[List[str]]


@dataclass
class Price:
    code: str
    name: str
    price: float


@dataclass
class AnglerRow:
    angler_id: str
    name: str
    phone: str
    banned_until: Optional[str]


@dataclass
class Angler:
    angler_id: str
    name: str
    phone: str
    email: Optional[str]
    date_of_birth: str
    licence: Optional[str]
    licence_expires: Optional[str]
    banned_until: Optional[str]


@dataclass
class AnglerRecord:
    angler: Angler
    tickets: List[List[Any]]
    catches: List[List[Any]]
    warnings: List[List[Any]]
    permits: List[List[Any]]


@dataclass
class Ticket:
    ticket_id: str
    angler_id: str
    name: str
    ticket: str
    lake: str
    date: str
    peg: int
    price: float
    status: str
    checked_at: Optional[str]


@dataclass
class BankCheck:
    ticket_id: str
    angler: str
    lake: str
    peg: int
    licence_ok: bool
    checked_at: str


@dataclass
class Catch:
    catch_id: str
    ticket_id: str
    angler: str
    lake: str
    peg: int
    species: str
    weight_lb: float


@dataclass
class WrittenWarning:
    warning_id: str
    angler_id: str
    rule: str
    notes: str
    date: str
    bailiff: str


@dataclass
class Ban:
    angler_id: str
    name: str
    until: str
    reason: str


@dataclass
class Match:
    match_id: str
    title: str
    lake: str
    date: str
    pegs: int
    entry_fee: float
    status: str
    entries: List[List[Any]]
    result: List[List[Any]]


@dataclass
class Permit:
    permit_id: str
    angler_id: str
    name: str
    lake: str
    season_end: str
    price: float
    status: str


@dataclass
class Stocking:
    stocking_id: str
    lake: str
    date: str
    species: str
    count: int
    average_weight_lb: float
    supplier: str
    permit_reference: str


# --------------------------------------------------------------------------- state


class State:
    """Hollowmere Fisheries on Saturday 17 June 2034 at 06:30."""

    def __init__(self) -> None:
        self.staff = {
            "jan.w": {"name": "Jan Whitfield", "password": "Hair-Rig-2034", "role": "office"},
            "mo.r": {"name": "Mo Rahman", "password": "Pole-Cup-19", "role": "office"},
            "terry.b": {"name": "Terry Booth", "password": "Landing-Net-55", "role": "bailiff"},
            "sue.k": {"name": "Sue Kettle", "password": "Weigh-Sling-7", "role": "matchsec"},
            "ade.o": {"name": "Ade Okonjo", "password": "Aerator-On-4", "role": "keeper"},
            "ruth.m": {"name": "Ruth Marsh", "password": "Hollowmere-1988", "role": "manager"},
        }
        self.tokens: Dict[str, dict] = {}
        self.lakes = {"MAIN": {"open": True, "reason": None, "closed_pegs": {7: "Bank repair after subsidence"}},
                      "SPECIMEN": {"open": False, "reason": "Netting for the fish health survey", "closed_pegs": {}},
                      "MATCH": {"open": True, "reason": None, "closed_pegs": {}}}
        self.anglers = {
            "AN-2101": {"name": "Mr Gary Thorne", "phone": "07700 962101", "email": "gary.thorne@example.net",
                        "dob": "1979-04-22", "licence": "RL-3381-0472", "licence_expires": "2035-03-31",
                        "banned_until": None},
            "AN-2102": {"name": "Mrs Pauline Hewitt", "phone": "07700 962102", "email": None, "dob": "1956-11-03",
                        "licence": "RL-2290-1188", "licence_expires": "2035-03-31", "banned_until": None},
            "AN-2103": {"name": "Mr Leon Price", "phone": "07700 962103", "email": "leon.price@example.com",
                        "dob": "1991-08-14", "licence": "RL-1764-9020", "licence_expires": "2034-03-31",
                        "banned_until": None},
            "AN-2104": {"name": "Master Alfie Thorne", "phone": "07700 962101", "email": None, "dob": "2022-02-09",
                        "licence": None, "licence_expires": None, "banned_until": None},
            "AN-2105": {"name": "Mr Craig Nolan", "phone": "07700 962105", "email": None, "dob": "1985-01-30",
                        "licence": "RL-4410-0031", "licence_expires": "2035-03-31", "banned_until": "2034-08-01",
                        "ban_reason": "Particles on Main Lake after a written warning"},
            "AN-2106": {"name": "Mr Stuart Bell", "phone": "07700 962106", "email": "stu.bell@example.org",
                        "dob": "1972-07-18", "licence": "RL-5129-7734", "licence_expires": "2035-03-31",
                        "banned_until": None},
            "AN-2107": {"name": "Mr Phil Ashworth", "phone": "07700 962107", "email": "phil.ashworth@example.com",
                        "dob": "1968-12-01", "licence": "RL-5530-2046", "licence_expires": "2035-03-31",
                        "banned_until": None},
        }

        def ticket(angler, code, lake, date, peg, status="valid", checked=None):
            return {"angler": angler, "ticket": code, "lake": lake, "date": date, "peg": peg,
                    "price": PRICES[code][1], "status": status, "checked": checked}

        self.tickets = {
            "TK-5498": ticket("AN-2106", "DAY", "MAIN", "2034-06-16", 20, checked="2034-06-16 09:40"),
            "TK-5501": ticket("AN-2101", "DAY", "MAIN", TODAY, 12),
            "TK-5502": ticket("AN-2102", "DAY-CONC", "MAIN", TODAY, 3),
            "TK-5503": ticket("AN-2104", "JUNIOR", "MAIN", TODAY, 13),
        }
        self.catches = {
            "CT-7701": {"ticket": "TK-5498", "species": "mirror_carp", "weight": 18.5},
            "CT-7702": {"ticket": "TK-5498", "species": "tench", "weight": 6.25},
        }
        self.warnings = {
            "WN-81": {"angler": "AN-2105", "rule": "R4", "notes": "Tiger nuts in his bait bucket on peg 31",
                      "date": "2034-04-02", "bailiff": "Terry Booth"},
            "WN-84": {"angler": "AN-2106", "rule": "R3", "notes": "Keepnet in the water on peg 18",
                      "date": "2034-05-20", "bailiff": "Terry Booth"},
        }
        self.matches = {
            "MT-299": {"title": "Saturday Open", "lake": "MATCH", "date": "2034-06-10", "pegs": 30,
                       "fee": 15.0, "status": "resulted",
                       "entries": {"AN-2101": {"peg": 14, "weight": 22.5}, "AN-2106": {"peg": 27, "weight": 31.0}}},
            "MT-301": {"title": "Saturday Open", "lake": "MATCH", "date": TODAY, "pegs": 30, "fee": 15.0,
                       "status": "open", "entries": {"AN-2107": {"peg": None, "weight": None},
                                                     "AN-2106": {"peg": None, "weight": None}}},
            "MT-302": {"title": "Hollowmere AC Sunday Club Match", "lake": "MATCH", "date": "2034-06-18",
                       "pegs": 20, "fee": 8.0, "status": "open", "entries": {}},
        }
        self.permits = {
            "SP-71": {"angler": "AN-2101", "lake": "MAIN", "status": "active"},
            "SP-72": {"angler": "AN-2105", "lake": "MAIN", "status": "active"},
        }
        self.stockings = {
            "SK-401": {"lake": "MATCH", "date": "2034-03-02", "species": "roach", "count": 2000, "weight": 0.25,
                       "supplier": "Severn Vale Fish Farm", "permit": "EA-S14-40219"},
        }
        self.messages: List[list] = []
        self.counters = {"token": 1, "angler": 2110, "ticket": 5510, "match": 310, "warning": 90, "permit": 80,
                         "catch": 7710, "stocking": 410, "message": 610}


# --------------------------------------------------------------------------- helpers


def _err(text: str) -> str:
    return f"Error: {text}"


def _check(state: State, token: Any, roles: tuple) -> Optional[str]:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        return _err("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        return _err(f"{who['name']} ({who['role']}) may not do this; it is for "
                    f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return None


def endpoint(*roles: str, public: bool = False):
    """Check the session token (and, where roles are given, the role; the manager may do everything) before the tool
    runs, answering an ``Error: ...`` string instead when it fails. Public calls take no token."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def call(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs).arguments
                refused = _check(bound.get("state"), bound.get("token"), roles)
                if refused is not None:
                    return refused
            return await fn(*args, **kwargs)

        return call

    return wrap


def _who(state: State, token: str) -> dict:
    return state.tokens[token]


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _missing(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _day(text: Any) -> Optional[str]:
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except (TypeError, ValueError):
        return None


def _age(dob: str, on: str) -> int:
    b, d = datetime.date.fromisoformat(dob), datetime.date.fromisoformat(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _banned(a: dict, on: str) -> bool:
    return a["banned_until"] is not None and a["banned_until"] > on


def _licensed(a: dict, on: str) -> Optional[str]:
    """None when the angler may fish on the day as far as the licence goes, else why not."""
    if _age(a["dob"], on) < 13:
        return None
    if a["licence"] is None:
        return (f"{a['name']} has no rod licence on file; anglers aged 13 and over need an Environment Agency rod "
                "licence")
    if a["licence_expires"] < on:
        return (f"{a['name']}'s rod licence {a['licence']} expired on {a['licence_expires']}; anglers aged 13 and over "
                "need one valid on the day")
    return None


def _lake(state: State, code: str) -> Lake:
    name, pegs, night, matches, permits = LAKES[code]
    lk = state.lakes[code]
    return Lake(code=code, name=name, pegs=pegs, open=lk["open"], closed_pegs=sorted(lk["closed_pegs"]),
                night_fishing=night, matches=matches, season_permits=permits,
                rules=[[rc, r[0]] for rc, r in RULES.items() if code in r[1]])


def _angler(state: State, aid: str) -> Angler:
    a = state.anglers[aid]
    return Angler(angler_id=aid, name=a["name"], phone=a["phone"], email=a["email"], date_of_birth=a["dob"],
                  licence=a["licence"], licence_expires=a["licence_expires"], banned_until=a["banned_until"])


def _ticket(state: State, tid: str) -> Ticket:
    t = state.tickets[tid]
    return Ticket(ticket_id=tid, angler_id=t["angler"], name=state.anglers[t["angler"]]["name"], ticket=t["ticket"],
                  lake=t["lake"], date=t["date"], peg=t["peg"], price=t["price"], status=t["status"],
                  checked_at=t["checked"])


def _match(state: State, mid: str) -> Match:
    m = state.matches[mid]
    entries = [[aid, state.anglers[aid]["name"], e["peg"], e["weight"]] for aid, e in sorted(m["entries"].items())]
    result = []
    if m["status"] == "resulted":
        ranked = sorted(m["entries"].items(), key=lambda kv: (-kv[1]["weight"], kv[0]))
        pot = m["fee"] * len(ranked) * 0.8
        shares = [0.5, 0.3, 0.2]
        result = [[i + 1, aid, state.anglers[aid]["name"], e["peg"], e["weight"],
                   round(pot * shares[i], 2) if i < len(shares) else 0.0] for i, (aid, e) in enumerate(ranked)]
    return Match(match_id=mid, title=m["title"], lake=m["lake"], date=m["date"], pegs=m["pegs"], entry_fee=m["fee"],
                 status=m["status"], entries=entries, result=result)


def _permit(state: State, pid: str) -> Permit:
    p = state.permits[pid]
    return Permit(permit_id=pid, angler_id=p["angler"], name=state.anglers[p["angler"]]["name"], lake=p["lake"],
                  season_end=SEASON_END, price=SEASON_PERMIT, status=p["status"])


def _taken(state: State, lake: str, date: str, skip: Optional[str] = None) -> Dict[int, str]:
    return {t["peg"]: tid for tid, t in state.tickets.items()
            if tid != skip and t["lake"] == lake and t["date"] == date and t["status"] == "valid"}


def _peg_refusal(state: State, lake: str, date: str, peg: Any, skip: Optional[str] = None) -> Optional[str]:
    pegs = LAKES[lake][1]
    if isinstance(peg, bool) or not isinstance(peg, int) or not 1 <= peg <= pegs:
        return _err(f"{LAKES[lake][0]} has pegs 1 to {pegs}, not {peg!r}")
    if peg in state.lakes[lake]["closed_pegs"]:
        return _err(f"peg {peg} on {LAKES[lake][0]} is closed ({state.lakes[lake]['closed_pegs'][peg]})")
    other = _taken(state, lake, date, skip).get(peg)
    if other is not None:
        return _err(f"peg {peg} on {LAKES[lake][0]} is taken on {date} ({other})")
    return None


# --------------------------------------------------------------------------- sign-in and the public lists


@endpoint(public=True)
async def sign_in(state: State, username: str, password: str) -> Union[Session, str]:
    """Sign in to the fishery's booking system.

    Parameters
    ----------
    username : str
        The staff user name, e.g. ``jan.w``.
    password : str
        The password.

    Returns
    -------
    Session or str
        The session: a ``token`` to pass to every call but the public ones, the person's name and role (office,
        bailiff, matchsec, keeper or manager).
    """
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        return _err("user name or password not recognised")
    token = f"hm-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username.strip().lower(), "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


@endpoint()
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
    who = state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


@endpoint(public=True)
async def lakes(state: State) -> List[Lake]:
    """The fishery's lakes, as on the noticeboard and the website.

    Returns
    -------
    list of Lake
        One entry per lake: its code, name, number of pegs, whether it is open today, the pegs closed, whether night
        fishing, matches and season permits are allowed on it, and its rules as rows of ``[rule_code, rule]``.
    """
    return [_lake(state, code) for code in LAKES]


@endpoint(public=True)
async def prices() -> List[Price]:
    """The ticket prices, as on the noticeboard.

    Returns
    -------
    list of Price
        One entry per ticket type: its code, what it is and its price. A season permit is £180.
    """
    return [Price(code=code, name=p[0], price=p[1]) for code, p in PRICES.items()]


# --------------------------------------------------------------------------- anglers


@endpoint()
async def find_angler(state: State, token: str, text: str) -> Union[List[AnglerRow], str]:
    """Find anglers by part of their name or phone number.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of AnglerRow or str
        One row per angler found: angler id, name, phone and the day any ban ends.
    """
    if _missing(text):
        return _err("text is required")
    needle = text.strip().lower()
    return [AnglerRow(angler_id=aid, name=a["name"], phone=a["phone"], banned_until=a["banned_until"])
            for aid, a in sorted(state.anglers.items())
            if needle in a["name"].lower() or needle in a["phone"].replace(" ", "") or needle in a["phone"]]


@endpoint("office")
async def register_angler(state: State, token: str, name: str, phone: str, date_of_birth: str,
                          email: Optional[str] = None) -> Union[Angler, str]:
    """Register an angler with the fishery.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        The angler's name.
    phone : str
        Their mobile number (texts go there).
    date_of_birth : str
        Their date of birth (YYYY-MM-DD).
    email : str, optional
        Their e-mail address.

    Returns
    -------
    Angler or str
        The angler with their new angler id and no rod licence on file.
    """
    for value, what in ((name, "name"), (phone, "phone")):
        if _missing(value):
            return _err(f"{what} is required")
    dob = _day(date_of_birth)
    if dob is None or dob >= TODAY:
        return _err(f"{date_of_birth!r} is not a date of birth (YYYY-MM-DD)")
    for aid, a in state.anglers.items():
        if a["name"].lower() == name.strip().lower() and a["dob"] == dob:
            return _err(f"{a['name']} is registered already ({aid})")
    aid = f"AN-{_next(state, 'angler')}"
    state.anglers[aid] = {"name": name.strip(), "phone": phone.strip(), "email": email.strip() if email else None,
                          "dob": dob, "licence": None, "licence_expires": None, "banned_until": None}
    return _angler(state, aid)


@endpoint("office")
async def update_angler(state: State, token: str, angler_id: str, phone: Optional[str] = None,
                        email: Optional[str] = None) -> Union[Angler, str]:
    """Change an angler's phone number or e-mail address; what is left out stays as it is.

    Parameters
    ----------
    token : str
        The session token.
    angler_id : str
        The angler.
    phone, email : str, optional
        The new details.

    Returns
    -------
    Angler or str
        The angler as changed.
    """
    a = state.anglers.get(angler_id) if isinstance(angler_id, str) else None
    if a is None:
        return _err(f"no angler {angler_id}")
    new = {k: v.strip() for k, v in (("phone", phone), ("email", email)) if isinstance(v, str) and v.strip()}
    changed = {k: v for k, v in new.items() if a[k] != v}
    if not changed:
        return _err(f"nothing to change for {a['name']}; those are the details on file")
    a.update(changed)
    return _angler(state, angler_id)


@endpoint()
async def angler_record(state: State, token: str, angler_id: str) -> Union[AnglerRecord, str]:
    """An angler's whole record.

    Parameters
    ----------
    token : str
        The session token.
    angler_id : str
        The angler.

    Returns
    -------
    AnglerRecord or str
        The angler; their tickets as rows of ``[ticket_id, date, lake, peg, ticket, status]``; their catches as rows
        of ``[catch_id, date, lake, species, weight_lb]``; their warnings as rows of ``[warning_id, date, rule,
        notes]``; their season permits as rows of ``[permit_id, lake, status]``.
    """
    if not isinstance(angler_id, str) or angler_id not in state.anglers:
        return _err(f"no angler {angler_id}")
    mine = {tid for tid, t in state.tickets.items() if t["angler"] == angler_id}
    return AnglerRecord(
        angler=_angler(state, angler_id),
        tickets=[[tid, t["date"], t["lake"], t["peg"], t["ticket"], t["status"]]
                 for tid, t in sorted(state.tickets.items()) if tid in mine],
        catches=[[cid, state.tickets[c["ticket"]]["date"], state.tickets[c["ticket"]]["lake"], c["species"],
                  c["weight"]] for cid, c in sorted(state.catches.items()) if c["ticket"] in mine],
        warnings=[[wid, w["date"], w["rule"], w["notes"]] for wid, w in sorted(state.warnings.items())
                  if w["angler"] == angler_id],
        permits=[[pid, p["lake"], p["status"]] for pid, p in sorted(state.permits.items())
                 if p["angler"] == angler_id])


@endpoint("office", "matchsec")
async def message_angler(state: State, token: str, angler_id: str, text: str) -> str:
    """Text an angler.

    Parameters
    ----------
    token : str
        The session token.
    angler_id : str
        The angler.
    text : str
        The message.

    Returns
    -------
    str
        A sentence with the text's id.
    """
    a = state.anglers.get(angler_id) if isinstance(angler_id, str) else None
    if a is None:
        return _err(f"no angler {angler_id}")
    if _missing(text):
        return _err("text is required")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, angler_id, text.strip(), _who(state, token)["name"]])
    return f"Text {mid} sent to {a['name']} on {a['phone']}."


@endpoint("office")
async def record_rod_licence(state: State, token: str, angler_id: str, licence_number: str,
                             expires: str) -> Union[Angler, str]:
    """Record the Environment Agency rod licence an angler shows at the office (it replaces any on file).

    Parameters
    ----------
    token : str
        The session token.
    angler_id : str
        The angler.
    licence_number : str
        The number on the licence.
    expires : str
        The day the licence ends (YYYY-MM-DD).

    Returns
    -------
    Angler or str
        The angler with the licence on file.
    """
    a = state.anglers.get(angler_id) if isinstance(angler_id, str) else None
    if a is None:
        return _err(f"no angler {angler_id}")
    if _missing(licence_number):
        return _err("licence_number is required")
    end = _day(expires)
    if end is None:
        return _err(f"{expires!r} is not a date (YYYY-MM-DD)")
    if end < TODAY:
        return _err(f"a licence that ended on {end} has expired")
    number = licence_number.strip().upper()
    if a["licence"] == number and a["licence_expires"] == end:
        return _err(f"licence {number} to {end} is on file for {a['name']} already")
    a.update({"licence": number, "licence_expires": end})
    return _angler(state, angler_id)


# --------------------------------------------------------------------------- pegs and tickets


@endpoint()
async def free_pegs(state: State, token: str, lake_code: str, date: str) -> Union[List[int], str]:
    """The pegs free on a lake on a day (not closed, no ticket on them).

    Parameters
    ----------
    token : str
        The session token.
    lake_code : str
        The lake.
    date : str
        The day (YYYY-MM-DD).

    Returns
    -------
    list of int or str
        The free peg numbers.
    """
    if lake_code not in LAKES:
        return _err(f"no lake {lake_code}")
    day = _day(date)
    if day is None:
        return _err(f"{date!r} is not a date (YYYY-MM-DD)")
    taken = _taken(state, lake_code, day)
    return [n for n in range(1, LAKES[lake_code][1] + 1)
            if n not in taken and n not in state.lakes[lake_code]["closed_pegs"]]


@endpoint("office")
async def sell_ticket(state: State, token: str, angler_id: str, ticket_code: str, lake_code: str, date: str,
                      peg: int) -> Union[Ticket, str]:
    """Sell an angler a ticket on a peg for a day.

    Parameters
    ----------
    token : str
        The session token.
    angler_id : str
        The angler.
    ticket_code : str
        The ticket type from the price list.
    lake_code : str
        The lake.
    date : str
        The day (YYYY-MM-DD), today or within the next fortnight.
    peg : int
        The peg.

    Returns
    -------
    Ticket or str
        The ticket with its new id.
    """
    a = state.anglers.get(angler_id) if isinstance(angler_id, str) else None
    if a is None:
        return _err(f"no angler {angler_id}")
    if ticket_code not in PRICES:
        return _err(f"no ticket type {ticket_code!r}")
    if lake_code not in LAKES:
        return _err(f"no lake {lake_code}")
    day = _day(date)
    if day is None or day < TODAY or day > "2034-07-01":
        return _err(f"tickets are sold for today up to a fortnight ahead, not {date!r}")
    name = LAKES[lake_code][0]
    if not state.lakes[lake_code]["open"]:
        return _err(f"{name} is closed ({state.lakes[lake_code]['reason'].lower()}); no tickets are sold on a closed "
                    "lake")
    if _banned(a, day):
        return _err(f"{a['name']} is banned from the fishery until {a['banned_until']}")
    why = _licensed(a, day)
    if why is not None:
        return _err(why)
    age = _age(a["dob"], day)
    if ticket_code == "DAY-CONC" and age < 65:
        return _err(f"{a['name']} is {age}; the concession ticket is for anglers aged 65 and over")
    if ticket_code == "JUNIOR" and age >= 16:
        return _err(f"{a['name']} is {age}; the junior ticket is for anglers under 16")
    if PRICES[ticket_code][2] and not LAKES[lake_code][2]:
        return _err(f"there is no night fishing on {name}")
    for tid, t in sorted(state.tickets.items()):
        if t["angler"] == angler_id and t["date"] == day and t["status"] == "valid":
            return _err(f"{a['name']} has ticket {tid} for {day} already")
    refused = _peg_refusal(state, lake_code, day, peg)
    if refused is not None:
        return refused
    tid = f"TK-{_next(state, 'ticket')}"
    state.tickets[tid] = {"angler": angler_id, "ticket": ticket_code, "lake": lake_code, "date": day, "peg": peg,
                          "price": PRICES[ticket_code][1], "status": "valid", "checked": None}
    return _ticket(state, tid)


@endpoint()
async def tickets(state: State, token: str, date: Optional[str] = None, lake_code: Optional[str] = None,
                  status: Optional[TicketStatus] = None) -> Union[List[Ticket], str]:
    """Tickets sold, optionally for one day, on one lake or in one status.

    Parameters
    ----------
    token : str
        The session token.
    date : str, optional
        Only tickets for this day.
    lake_code : str, optional
        Only tickets on this lake.
    status : {"valid", "refunded"}, optional
        Only tickets in this status.

    Returns
    -------
    list of Ticket or str
        The tickets, in id order.
    """
    return [_ticket(state, tid) for tid, t in sorted(state.tickets.items())
            if (date is None or t["date"] == date) and (lake_code is None or t["lake"] == lake_code)
            and (status is None or t["status"] == status)]


@endpoint("office", "bailiff")
async def move_peg(state: State, token: str, ticket_id: str, peg: int) -> Union[Ticket, str]:
    """Move an angler to another peg on the same lake and day.

    Parameters
    ----------
    token : str
        The session token.
    ticket_id : str
        The ticket.
    peg : int
        The new peg.

    Returns
    -------
    Ticket or str
        The ticket on its new peg.
    """
    t = state.tickets.get(ticket_id) if isinstance(ticket_id, str) else None
    if t is None:
        return _err(f"no ticket {ticket_id}")
    if t["status"] != "valid":
        return _err(f"{ticket_id} is {t['status']}")
    if t["date"] < TODAY:
        return _err(f"{ticket_id} was for {t['date']}")
    if peg == t["peg"]:
        return _err(f"{ticket_id} is on peg {peg} already")
    refused = _peg_refusal(state, t["lake"], t["date"], peg, skip=ticket_id)
    if refused is not None:
        return refused
    t["peg"] = peg
    return _ticket(state, ticket_id)


@endpoint("office")
async def refund_ticket(state: State, token: str, ticket_id: str, reason: str) -> str:
    """Refund a ticket that has not been fished on.

    Parameters
    ----------
    token : str
        The session token.
    ticket_id : str
        The ticket.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence saying what was refunded.
    """
    t = state.tickets.get(ticket_id) if isinstance(ticket_id, str) else None
    if t is None:
        return _err(f"no ticket {ticket_id}")
    if _missing(reason):
        return _err("reason is required")
    if t["status"] == "refunded":
        return _err(f"{ticket_id} was refunded already")
    if t["checked"] is not None or any(c["ticket"] == ticket_id for c in state.catches.values()):
        return _err(f"{ticket_id} has been fished on; it is not refunded")
    t.update({"status": "refunded", "reason": reason.strip()})
    return f"Ticket {ticket_id} refunded: £{t['price']:.2f} back to {state.anglers[t['angler']]['name']}."


@endpoint("bailiff")
async def check_ticket(state: State, token: str, ticket_id: str) -> Union[BankCheck, str]:
    """Record a bailiff's check of an angler's ticket and licence on the bank.

    Parameters
    ----------
    token : str
        The session token.
    ticket_id : str
        The ticket shown.

    Returns
    -------
    BankCheck or str
        The check: the angler, lake and peg, whether their licence is in order and when it was checked.
    """
    t = state.tickets.get(ticket_id) if isinstance(ticket_id, str) else None
    if t is None:
        return _err(f"no ticket {ticket_id}")
    if t["status"] != "valid":
        return _err(f"{ticket_id} is {t['status']}")
    if t["date"] != TODAY:
        return _err(f"{ticket_id} is for {t['date']}, not today")
    if t["checked"] is not None:
        return _err(f"{ticket_id} was checked at {t['checked'][11:]} already")
    a = state.anglers[t["angler"]]
    t["checked"] = f"{TODAY} {NOW}"
    return BankCheck(ticket_id=ticket_id, angler=a["name"], lake=t["lake"], peg=t["peg"],
                     licence_ok=_licensed(a, TODAY) is None, checked_at=NOW)


@endpoint("bailiff", "office")
async def record_catch(state: State, token: str, ticket_id: str, species: Species,
                       weight_lb: float) -> Union[Catch, str]:
    """Record a fish caught on today's ticket, from the angler's catch return.

    Parameters
    ----------
    token : str
        The session token.
    ticket_id : str
        The ticket it was caught on.
    species : Species
        The species.
    weight_lb : float
        Its weight in pounds.

    Returns
    -------
    Catch or str
        The catch with its new id.
    """
    t = state.tickets.get(ticket_id) if isinstance(ticket_id, str) else None
    if t is None:
        return _err(f"no ticket {ticket_id}")
    try:
        sp = Species(_value(species)).value
    except ValueError:
        return _err(f"{species!r} is not a species the return takes")
    if isinstance(weight_lb, bool) or not isinstance(weight_lb, (int, float)) or not 0 < weight_lb < 80:
        return _err(f"{weight_lb!r} is not a weight in pounds")
    if t["status"] != "valid" or t["date"] != TODAY:
        return _err(f"{ticket_id} is not a ticket for today")
    cid = f"CT-{_next(state, 'catch')}"
    state.catches[cid] = {"ticket": ticket_id, "species": sp, "weight": round(float(weight_lb), 2)}
    return Catch(catch_id=cid, ticket_id=ticket_id, angler=state.anglers[t["angler"]]["name"], lake=t["lake"],
                 peg=t["peg"], species=sp, weight_lb=round(float(weight_lb), 2))


@endpoint()
async def catch_board(state: State, token: str, lake_code: Optional[str] = None,
                      species: Optional[Species] = None) -> Union[List[Catch], str]:
    """The catch board: fish recorded, heaviest first, optionally on one lake or of one species.

    Parameters
    ----------
    token : str
        The session token.
    lake_code : str, optional
        Only catches on this lake.
    species : Species, optional
        Only this species.

    Returns
    -------
    list of Catch or str
        The catches, heaviest first.
    """
    sp = _value(species)
    rows = []
    for cid, c in state.catches.items():
        t = state.tickets[c["ticket"]]
        if (lake_code is None or t["lake"] == lake_code) and (sp is None or c["species"] == sp):
            rows.append(Catch(catch_id=cid, ticket_id=c["ticket"], angler=state.anglers[t["angler"]]["name"],
                              lake=t["lake"], peg=t["peg"], species=c["species"], weight_lb=c["weight"]))
    return sorted(rows, key=lambda r: (-r.weight_lb, r.catch_id))


# --------------------------------------------------------------------------- rules, warnings and bans


@endpoint("bailiff")
async def issue_warning(state: State, token: str, angler_id: str, rule_code: str,
                        notes: str) -> Union[WrittenWarning, str]:
    """Give an angler a written warning for breaking a fishery rule.

    Parameters
    ----------
    token : str
        The session token.
    angler_id : str
        The angler.
    rule_code : str
        The rule broken.
    notes : str
        What the bailiff saw.

    Returns
    -------
    WrittenWarning or str
        The warning with its new id.
    """
    a = state.anglers.get(angler_id) if isinstance(angler_id, str) else None
    if a is None:
        return _err(f"no angler {angler_id}")
    if rule_code not in RULES:
        return _err(f"no rule {rule_code!r}")
    if _missing(notes):
        return _err("notes are required")
    wid = f"WN-{_next(state, 'warning')}"
    state.warnings[wid] = {"angler": angler_id, "rule": rule_code, "notes": notes.strip(), "date": TODAY,
                           "bailiff": _who(state, token)["name"]}
    w = state.warnings[wid]
    return WrittenWarning(warning_id=wid, angler_id=angler_id, rule=rule_code, notes=w["notes"], date=TODAY,
                   bailiff=w["bailiff"])


@endpoint("manager")
async def ban_angler(state: State, token: str, angler_id: str, weeks: int, reason: str) -> Union[Ban, str]:
    """Ban an angler from the fishery for some weeks.

    Parameters
    ----------
    token : str
        The session token.
    angler_id : str
        The angler.
    weeks : int
        How many weeks, 1 to 52.
    reason : str
        Why.

    Returns
    -------
    Ban or str
        The ban and the day it ends.
    """
    a = state.anglers.get(angler_id) if isinstance(angler_id, str) else None
    if a is None:
        return _err(f"no angler {angler_id}")
    if isinstance(weeks, bool) or not isinstance(weeks, int) or not 1 <= weeks <= 52:
        return _err(f"a ban is 1 to 52 weeks, not {weeks!r}")
    if _missing(reason):
        return _err("reason is required")
    if _banned(a, TODAY):
        return _err(f"{a['name']} is banned until {a['banned_until']} already")
    if not any(w["angler"] == angler_id for w in state.warnings.values()):
        return _err(f"{a['name']} has no written warning on record; a ban follows a written warning")
    until = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(weeks=weeks)).isoformat()
    a.update({"banned_until": until, "ban_reason": reason.strip()})
    return Ban(angler_id=angler_id, name=a["name"], until=until, reason=reason.strip())


@endpoint("manager")
async def lift_ban(state: State, token: str, angler_id: str) -> str:
    """Lift an angler's ban early.

    Parameters
    ----------
    token : str
        The session token.
    angler_id : str
        The angler.

    Returns
    -------
    str
        A sentence saying the ban was lifted.
    """
    a = state.anglers.get(angler_id) if isinstance(angler_id, str) else None
    if a is None:
        return _err(f"no angler {angler_id}")
    if not _banned(a, TODAY):
        return _err(f"{a['name']} is not banned")
    a.update({"banned_until": None, "ban_reason": None})
    return f"Ban on {a['name']} ({angler_id}) lifted; they may fish again from today."


# --------------------------------------------------------------------------- lakes, pegs and stocking


@endpoint("keeper")
async def close_lake(state: State, token: str, lake_code: str, reason: str) -> str:
    """Close a lake to anglers (netting, spawning, a fish kill, flooding).

    Parameters
    ----------
    token : str
        The session token.
    lake_code : str
        The lake.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence saying the lake is closed.
    """
    if lake_code not in LAKES:
        return _err(f"no lake {lake_code}")
    if _missing(reason):
        return _err("reason is required")
    lk = state.lakes[lake_code]
    if not lk["open"]:
        return _err(f"{LAKES[lake_code][0]} is closed already ({lk['reason']})")
    lk.update({"open": False, "reason": reason.strip()})
    return f"{LAKES[lake_code][0]} ({lake_code}) closed: {reason.strip()}."


@endpoint("keeper")
async def reopen_lake(state: State, token: str, lake_code: str) -> Union[Lake, str]:
    """Reopen a closed lake.

    Parameters
    ----------
    token : str
        The session token.
    lake_code : str
        The lake.

    Returns
    -------
    Lake or str
        The lake, open.
    """
    if lake_code not in LAKES:
        return _err(f"no lake {lake_code}")
    lk = state.lakes[lake_code]
    if lk["open"]:
        return _err(f"{LAKES[lake_code][0]} is open already")
    lk.update({"open": True, "reason": None})
    return _lake(state, lake_code)


@endpoint("keeper")
async def close_peg(state: State, token: str, lake_code: str, peg: int, reason: str) -> str:
    """Close one peg (a bank repair, a wasps' nest, overhanging branches).

    Parameters
    ----------
    token : str
        The session token.
    lake_code : str
        The lake.
    peg : int
        The peg.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence saying the peg is closed.
    """
    if lake_code not in LAKES:
        return _err(f"no lake {lake_code}")
    if isinstance(peg, bool) or not isinstance(peg, int) or not 1 <= peg <= LAKES[lake_code][1]:
        return _err(f"{LAKES[lake_code][0]} has pegs 1 to {LAKES[lake_code][1]}, not {peg!r}")
    if _missing(reason):
        return _err("reason is required")
    closed = state.lakes[lake_code]["closed_pegs"]
    if peg in closed:
        return _err(f"peg {peg} on {LAKES[lake_code][0]} is closed already ({closed[peg]})")
    holder = _taken(state, lake_code, TODAY).get(peg)
    if holder is not None:
        return _err(f"peg {peg} is fished today on {holder}; move the angler first")
    closed[peg] = reason.strip()
    return f"Peg {peg} on {LAKES[lake_code][0]} closed: {reason.strip()}."


@endpoint("keeper")
async def reopen_peg(state: State, token: str, lake_code: str, peg: int) -> Union[Lake, str]:
    """Reopen a closed peg.

    Parameters
    ----------
    token : str
        The session token.
    lake_code : str
        The lake.
    peg : int
        The peg.

    Returns
    -------
    Lake or str
        The lake with the pegs still closed.
    """
    if lake_code not in LAKES:
        return _err(f"no lake {lake_code}")
    closed = state.lakes[lake_code]["closed_pegs"]
    if peg not in closed:
        return _err(f"peg {peg!r} on {LAKES[lake_code][0]} is not closed")
    del closed[peg]
    return _lake(state, lake_code)


@endpoint("keeper")
async def record_stocking(state: State, token: str, lake_code: str, species: Species, count: int,
                          average_weight_lb: float, supplier: str, permit_reference: str) -> Union[Stocking, str]:
    """Record fish stocked into a lake, with the Environment Agency's section 14 permit to introduce them.

    Parameters
    ----------
    token : str
        The session token.
    lake_code : str
        The lake.
    species : Species
        The species.
    count : int
        How many fish.
    average_weight_lb : float
        Their average weight in pounds.
    supplier : str
        The fish farm.
    permit_reference : str
        The reference of the permit to introduce fish.

    Returns
    -------
    Stocking or str
        The stocking with its new id.
    """
    if lake_code not in LAKES:
        return _err(f"no lake {lake_code}")
    try:
        sp = Species(_value(species)).value
    except ValueError:
        return _err(f"{species!r} is not a species")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        return _err(f"{count!r} is not a number of fish")
    if isinstance(average_weight_lb, bool) or not isinstance(average_weight_lb, (int, float)) or average_weight_lb <= 0:
        return _err(f"{average_weight_lb!r} is not a weight")
    if _missing(supplier):
        return _err("supplier is required")
    ref = permit_reference.strip().upper() if isinstance(permit_reference, str) else ""
    if not PERMIT_REF.fullmatch(ref):
        return _err(f"{permit_reference!r} is not a section 14 permit reference (EA-S14- and five digits)")
    if any(s["permit"] == ref for s in state.stockings.values()):
        return _err(f"permit {ref} has been used for a stocking already")
    sid = f"SK-{_next(state, 'stocking')}"
    state.stockings[sid] = {"lake": lake_code, "date": TODAY, "species": sp, "count": count,
                            "weight": float(average_weight_lb), "supplier": supplier.strip(), "permit": ref}
    return Stocking(stocking_id=sid, lake=lake_code, date=TODAY, species=sp, count=count,
                    average_weight_lb=float(average_weight_lb), supplier=supplier.strip(), permit_reference=ref)


@endpoint()
async def stocking_log(state: State, token: str, lake_code: Optional[str] = None) -> Union[List[Stocking], str]:
    """The stocking log, optionally for one lake.

    Parameters
    ----------
    token : str
        The session token.
    lake_code : str, optional
        Only stockings into this lake.

    Returns
    -------
    list of Stocking or str
        The stockings, in id order.
    """
    return [Stocking(stocking_id=sid, lake=s["lake"], date=s["date"], species=s["species"], count=s["count"],
                     average_weight_lb=s["weight"], supplier=s["supplier"], permit_reference=s["permit"])
            for sid, s in sorted(state.stockings.items()) if lake_code is None or s["lake"] == lake_code]


# --------------------------------------------------------------------------- matches


@endpoint("matchsec")
async def create_match(state: State, token: str, lake_code: str, date: str, title: str, pegs: int,
                       entry_fee: float) -> Union[Match, str]:
    """Set up a match, open for entries.

    Parameters
    ----------
    token : str
        The session token.
    lake_code : str
        The lake.
    date : str
        The day (YYYY-MM-DD).
    title : str
        The match's title.
    pegs : int
        How many pegs are pegged out (the most entries it takes).
    entry_fee : float
        The entry fee in pounds; 80 per cent goes back in prize money to the first three.

    Returns
    -------
    Match or str
        The match with its new id, status ``open``.
    """
    if lake_code not in LAKES:
        return _err(f"no lake {lake_code}")
    day = _day(date)
    if day is None or day < TODAY:
        return _err(f"{date!r} is not a day to come")
    if _missing(title):
        return _err("title is required")
    if not LAKES[lake_code][3]:
        return _err(f"matches are not fished on {LAKES[lake_code][0]}")
    if isinstance(pegs, bool) or not isinstance(pegs, int) or not 2 <= pegs <= LAKES[lake_code][1]:
        return _err(f"{LAKES[lake_code][0]} pegs out 2 to {LAKES[lake_code][1]} for a match, not {pegs!r}")
    if isinstance(entry_fee, bool) or not isinstance(entry_fee, (int, float)) or entry_fee < 0:
        return _err(f"{entry_fee!r} is not an entry fee")
    for mid, m in sorted(state.matches.items()):
        if m["lake"] == lake_code and m["date"] == day:
            return _err(f"{m['title']} ({mid}) is on {LAKES[lake_code][0]} that day already")
    mid = f"MT-{_next(state, 'match')}"
    state.matches[mid] = {"title": title.strip(), "lake": lake_code, "date": day, "pegs": pegs,
                          "fee": float(entry_fee), "status": "open", "entries": {}}
    return _match(state, mid)


@endpoint()
async def matches(state: State, token: str, status: Optional[MatchStatus] = None) -> Union[List[Match], str]:
    """The matches, optionally in one status.

    Parameters
    ----------
    token : str
        The session token.
    status : MatchStatus, optional
        ``open``, ``drawn`` or ``resulted``.

    Returns
    -------
    list of Match or str
        The matches, in id order.
    """
    want = _value(status)
    return [_match(state, mid) for mid, m in sorted(state.matches.items()) if want is None or m["status"] == want]


@endpoint()
async def match_sheet(state: State, token: str, match_id: str) -> Union[Match, str]:
    """One match's sheet: its entries with their pegs and weights, and the result once declared.

    Parameters
    ----------
    token : str
        The session token.
    match_id : str
        The match.

    Returns
    -------
    Match or str
        The match with ``entries`` as rows of ``[angler_id, name, peg, weight_lb]`` and ``result`` as rows of
        ``[place, angler_id, name, peg, weight_lb, prize]``.
    """
    if not isinstance(match_id, str) or match_id not in state.matches:
        return _err(f"no match {match_id}")
    return _match(state, match_id)


@endpoint("matchsec", "office")
async def enter_match(state: State, token: str, match_id: str, angler_id: str) -> Union[Match, str]:
    """Enter an angler in an open match.

    Parameters
    ----------
    token : str
        The session token.
    match_id : str
        The match.
    angler_id : str
        The angler.

    Returns
    -------
    Match or str
        The match with its entries.
    """
    m = state.matches.get(match_id) if isinstance(match_id, str) else None
    if m is None:
        return _err(f"no match {match_id}")
    a = state.anglers.get(angler_id) if isinstance(angler_id, str) else None
    if a is None:
        return _err(f"no angler {angler_id}")
    if m["status"] != "open":
        return _err(f"{match_id} is {m['status']}; entries close at the draw")
    if angler_id in m["entries"]:
        return _err(f"{a['name']} is entered in {match_id} already")
    if len(m["entries"]) >= m["pegs"]:
        return _err(f"{match_id} is full ({m['pegs']} pegs)")
    if _banned(a, m["date"]):
        return _err(f"{a['name']} is banned from the fishery until {a['banned_until']}")
    why = _licensed(a, m["date"])
    if why is not None:
        return _err(why)
    m["entries"][angler_id] = {"peg": None, "weight": None}
    return _match(state, match_id)


@endpoint("matchsec", "office")
async def withdraw_entry(state: State, token: str, match_id: str, angler_id: str) -> str:
    """Withdraw an angler's entry from a match before the draw; the entry fee is refunded.

    Parameters
    ----------
    token : str
        The session token.
    match_id : str
        The match.
    angler_id : str
        The angler.

    Returns
    -------
    str
        A sentence saying the entry was withdrawn.
    """
    m = state.matches.get(match_id) if isinstance(match_id, str) else None
    if m is None:
        return _err(f"no match {match_id}")
    if not isinstance(angler_id, str) or angler_id not in m["entries"]:
        return _err(f"{angler_id} is not entered in {match_id}")
    if m["status"] != "open":
        return _err(f"{match_id} is {m['status']}; entries close at the draw")
    del m["entries"][angler_id]
    return f"{state.anglers[angler_id]['name']} withdrawn from {match_id}; £{m['fee']:.2f} entry fee refunded."


@endpoint("matchsec")
async def draw_pegs(state: State, token: str, match_id: str) -> Union[Match, str]:
    """Draw the pegs for a match; entries close.

    Parameters
    ----------
    token : str
        The session token.
    match_id : str
        The match.

    Returns
    -------
    Match or str
        The match, ``drawn``, with each entry's peg.
    """
    m = state.matches.get(match_id) if isinstance(match_id, str) else None
    if m is None:
        return _err(f"no match {match_id}")
    if m["status"] != "open":
        return _err(f"{match_id} is {m['status']} already")
    if len(m["entries"]) < 2:
        return _err(f"{match_id} has {len(m['entries'])} entries; a match is drawn with at least two")
    for i, aid in enumerate(sorted(m["entries"])):
        m["entries"][aid]["peg"] = (i * 7) % m["pegs"] + 1
    m["status"] = "drawn"
    return _match(state, match_id)


@endpoint("matchsec")
async def record_weigh_in(state: State, token: str, match_id: str, angler_id: str,
                          weight_lb: float) -> Union[float, str]:
    """Record an angler's weight at the weigh-in (0 for a dry net).

    Parameters
    ----------
    token : str
        The session token.
    match_id : str
        The match.
    angler_id : str
        The angler.
    weight_lb : float
        The weight in pounds.

    Returns
    -------
    float or str
        The weight recorded.
    """
    m = state.matches.get(match_id) if isinstance(match_id, str) else None
    if m is None:
        return _err(f"no match {match_id}")
    if not isinstance(angler_id, str) or angler_id not in m["entries"]:
        return _err(f"{angler_id} is not entered in {match_id}")
    if isinstance(weight_lb, bool) or not isinstance(weight_lb, (int, float)) or not 0 <= weight_lb < 400:
        return _err(f"{weight_lb!r} is not a weight in pounds")
    if m["status"] == "open":
        return _err(f"{match_id} has not been drawn; weights are taken after the draw")
    if m["status"] != "drawn":
        return _err(f"{match_id} is {m['status']}")
    if m["entries"][angler_id]["weight"] is not None:
        return _err(f"{state.anglers[angler_id]['name']} weighed in already "
                    f"({m['entries'][angler_id]['weight']} lb)")
    m["entries"][angler_id]["weight"] = round(float(weight_lb), 2)
    return m["entries"][angler_id]["weight"]


@endpoint("matchsec")
async def declare_result(state: State, token: str, match_id: str) -> Union[Match, str]:
    """Declare a match's result once everyone has weighed in.

    Parameters
    ----------
    token : str
        The session token.
    match_id : str
        The match.

    Returns
    -------
    Match or str
        The match, ``resulted``, with the result.
    """
    m = state.matches.get(match_id) if isinstance(match_id, str) else None
    if m is None:
        return _err(f"no match {match_id}")
    if m["status"] == "resulted":
        return _err(f"{match_id}'s result was declared already")
    if m["status"] != "drawn":
        return _err(f"{match_id} has not been drawn")
    waiting = [state.anglers[aid]["name"] for aid, e in sorted(m["entries"].items()) if e["weight"] is None]
    if waiting:
        return _err(f"{', '.join(waiting)} still to weigh in")
    m["status"] = "resulted"
    return _match(state, match_id)


# --------------------------------------------------------------------------- season permits


@endpoint("office")
async def sell_season_permit(state: State, token: str, angler_id: str, lake_code: str) -> Union[Permit, str]:
    """Sell an angler a season permit for a lake (fish any day without a ticket until the season ends).

    Parameters
    ----------
    token : str
        The session token.
    angler_id : str
        The angler.
    lake_code : str
        The lake.

    Returns
    -------
    Permit or str
        The permit with its new id.
    """
    a = state.anglers.get(angler_id) if isinstance(angler_id, str) else None
    if a is None:
        return _err(f"no angler {angler_id}")
    if lake_code not in LAKES:
        return _err(f"no lake {lake_code}")
    if not LAKES[lake_code][4]:
        return _err(f"season permits are not sold for {LAKES[lake_code][0]}")
    if _banned(a, TODAY):
        return _err(f"{a['name']} is banned from the fishery until {a['banned_until']}")
    why = _licensed(a, TODAY)
    if why is not None:
        return _err(why)
    for pid, p in sorted(state.permits.items()):
        if p["angler"] == angler_id and p["lake"] == lake_code and p["status"] == "active":
            return _err(f"{a['name']} holds {pid} for {LAKES[lake_code][0]} already")
    pid = f"SP-{_next(state, 'permit')}"
    state.permits[pid] = {"angler": angler_id, "lake": lake_code, "status": "active"}
    return _permit(state, pid)


@endpoint()
async def season_permits(state: State, token: str, lake_code: Optional[str] = None) -> Union[List[Permit], str]:
    """The season permits, optionally for one lake.

    Parameters
    ----------
    token : str
        The session token.
    lake_code : str, optional
        Only permits for this lake.

    Returns
    -------
    list of Permit or str
        The permits, in id order.
    """
    return [_permit(state, pid) for pid, p in sorted(state.permits.items())
            if lake_code is None or p["lake"] == lake_code]


@endpoint("manager")
async def revoke_permit(state: State, token: str, permit_id: str, reason: str) -> Union[Permit, str]:
    """Revoke a season permit.

    Parameters
    ----------
    token : str
        The session token.
    permit_id : str
        The permit.
    reason : str
        Why.

    Returns
    -------
    Permit or str
        The permit, ``revoked``.
    """
    p = state.permits.get(permit_id) if isinstance(permit_id, str) else None
    if p is None:
        return _err(f"no permit {permit_id}")
    if _missing(reason):
        return _err("reason is required")
    if p["status"] == "revoked":
        return _err(f"{permit_id} is revoked already")
    a = state.anglers[p["angler"]]
    if not _banned(a, TODAY):
        return _err(f"{a['name']} is not banned; a season permit is revoked only from an angler banned from the "
                    "fishery")
    p.update({"status": "revoked", "reason": reason.strip()})
    return _permit(state, permit_id)


TOOLS = [
    sign_in, sign_out, lakes, prices, find_angler, register_angler, update_angler, angler_record, message_angler,
    record_rod_licence, free_pegs, sell_ticket, tickets, move_peg, refund_ticket, check_ticket, record_catch,
    catch_board, issue_warning, ban_angler, lift_ban, close_lake, reopen_lake, close_peg, reopen_peg,
    record_stocking, stocking_log, create_match, matches, match_sheet, enter_match, withdraw_entry, draw_pegs,
    record_weigh_in, declare_result, sell_season_permit, season_permits, revoke_permit,
]

FIXTURES = {
    "fishery": {"name": "Hollowmere Fisheries, Mere Lane, Cowden Bridge",
                "today": "Saturday 17 June 2034, half past six in the morning"},
    "staff": [
        {"name": "Jan Whitfield", "role": "ticket office", "username": "jan.w", "password": "Hair-Rig-2034"},
        {"name": "Mo Rahman", "role": "ticket office", "username": "mo.r", "password": "Pole-Cup-19"},
        {"name": "Terry Booth", "role": "bailiff", "username": "terry.b", "password": "Landing-Net-55"},
        {"name": "Sue Kettle", "role": "match secretary", "username": "sue.k", "password": "Weigh-Sling-7"},
        {"name": "Ade Okonjo", "role": "keeper", "username": "ade.o", "password": "Aerator-On-4"},
        {"name": "Ruth Marsh", "role": "manager", "username": "ruth.m", "password": "Hollowmere-1988"},
    ],
    "new_angler": {"name": "Ms Kerry Lawson", "phone": "07700 962140", "date_of_birth": "1988-05-09",
                   "email": "kerry.lawson@example.net",
                   "rod_licence": {"number": "RL-6021-5518", "expires": "2035-06-16"},
                   "wants": "a day ticket on Main Lake today, and a season permit for Main Lake"},
    "stocking": {"species": "tench", "count": 150, "average_weight_lb": 1.5, "supplier": "Severn Vale Fish Farm",
                 "permit_reference": "EA-S14-41877"},
    "notes": [
        "Specimen Lake's fish health netting finished yesterday; it can reopen",
        "Peg 7 on Main Lake has been repaired",
        "Leon Price has renewed his rod licence",
        "Stuart Bell was seen with a keepnet on Main Lake again",
        "The Saturday Open is drawn at eight; weigh-in at three",
        "Craig Nolan has appealed his ban and the committee has upheld the appeal",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "lakes", "prices")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
ANGLER_CONSUMERS = ["update_angler", "angler_record", "message_angler", "record_rod_licence", "sell_ticket",
                    "sell_season_permit", "issue_warning", "ban_angler", "lift_ban", "enter_match", "withdraw_entry",
                    "record_weigh_in"]
TICKET_CONSUMERS = ["move_peg", "refund_ticket", "check_ticket", "record_catch"]
MATCH_CONSUMERS = ["match_sheet", "enter_match", "withdraw_entry", "draw_pegs", "record_weigh_in", "declare_result"]
LAKE_CONSUMERS = ["free_pegs", "sell_ticket", "sell_season_permit", "close_lake", "reopen_lake", "close_peg",
                  "reopen_peg", "record_stocking", "create_match"]
_ANGLER = "id lookup/create: angler (angler_id of register_angler, or of a find_angler row)"
_TICKET = "id lookup/create: ticket (ticket_id of sell_ticket, or of a tickets entry)"
_MATCH = "id lookup/create: match (match_id of create_match, or of a matches entry)"
_LAKE = "vocabulary: lake codes (code of a lakes entry)"
_PEG = "id lookup: a free peg (a free_pegs number)"
_LICENCE = "licence: a rod licence valid on the day (anglers aged 13 and over)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_angler|find_angler", c, _ANGLER) for c in ANGLER_CONSUMERS]
    + [("sell_ticket|tickets", c, _TICKET) for c in TICKET_CONSUMERS]
    + [("create_match|matches", c, _MATCH) for c in MATCH_CONSUMERS]
    + [("lakes", c, _LAKE) for c in LAKE_CONSUMERS]
    + [("free_pegs", c, _PEG) for c in ("sell_ticket", "move_peg")]
    + [("record_rod_licence", c, _LICENCE) for c in ("sell_ticket", "enter_match", "sell_season_permit")]
    + [
        ("sell_season_permit|season_permits", "revoke_permit",
         "id lookup/create: season permit (permit_id of sell_season_permit, or of a season_permits entry)"),
        ("prices", "sell_ticket", "vocabulary: ticket types (code of a prices entry)"),
        ("lakes", "issue_warning", "vocabulary: rule codes (a lakes rule row)"),
        ("reopen_lake", "sell_ticket", "state: the lake open"),
        ("close_lake", "reopen_lake", "state: the lake closed"),
        ("close_peg", "reopen_peg", "state: the peg closed"),
        ("reopen_peg", "sell_ticket", "state: the peg open"),
        ("issue_warning", "ban_angler", "state: a written warning on the angler's record"),
        ("ban_angler", "lift_ban", "state: the angler banned"),
        ("lift_ban", "sell_ticket", "state: the angler not banned"),
        ("ban_angler", "revoke_permit", "state: the permit holder banned"),
        ("enter_match", "draw_pegs", "state: at least two anglers entered"),
        ("enter_match", "withdraw_entry", "state: the angler entered in the match"),
        ("enter_match", "record_weigh_in", "state: the angler entered in the match"),
        ("draw_pegs", "declare_result", "state: the match drawn"),
        ("draw_pegs", "record_weigh_in", "state: the match drawn"),
        ("record_weigh_in", "declare_result", "state: everyone entered weighed in"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
PLAUSIBLE = (
    # ids and codes shown in other lists and records: anglers on tickets, permits and match sheets; tickets in an
    # angler's record and on the catch board; permits and rule codes in an angler's record; lake codes on tickets,
    # matches, permits and the stocking log
    {(p, c) for p in ("tickets", "season_permits", "matches", "match_sheet", "sell_ticket", "sell_season_permit")
     for c in ANGLER_CONSUMERS if p != c}
    | {(p, c) for p in ("angler_record", "catch_board") for c in TICKET_CONSUMERS}
    | {("angler_record", "revoke_permit"), ("angler_record", "issue_warning")}
    | {(p, c) for p in ("tickets", "matches", "season_permits", "stocking_log") for c in LAKE_CONSUMERS}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("enter_match", "declare_result"), ("find_angler", "declare_result"), ("find_angler", "draw_pegs"),
        ("free_pegs", "check_ticket"), ("free_pegs", "record_catch"), ("free_pegs", "refund_ticket"),
        ("issue_warning", "lift_ban"), ("issue_warning", "revoke_permit"), ("lakes", "ban_angler"),
        ("lakes", "check_ticket"), ("lakes", "declare_result"), ("lakes", "draw_pegs"), ("lakes", "enter_match"),
        ("lakes", "match_sheet"), ("lakes", "move_peg"), ("lakes", "record_catch"), ("lakes", "record_weigh_in"),
        ("lakes", "refund_ticket"), ("lakes", "revoke_permit"), ("lakes", "withdraw_entry"), ("prices", "check_ticket"),
        ("prices", "move_peg"), ("prices", "record_catch"), ("prices", "refund_ticket"),
        ("record_rod_licence", "check_ticket"), ("record_rod_licence", "draw_pegs"), ("record_rod_licence", "move_peg"),
        ("record_rod_licence", "record_catch"), ("record_rod_licence", "record_weigh_in"),
        ("record_rod_licence", "refund_ticket"), ("record_rod_licence", "revoke_permit"),
        ("record_rod_licence", "withdraw_entry"), ("register_angler", "check_ticket"), ("register_angler", "draw_pegs"),
        ("register_angler", "move_peg"), ("register_angler", "record_catch"), ("register_angler", "refund_ticket"),
        ("register_angler", "revoke_permit"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("register_angler", "find_angler"), ("update_angler", "find_angler"), ("update_angler", "angler_record"),
        ("record_rod_licence", "angler_record"), ("sell_ticket", "tickets"), ("sell_ticket", "angler_record"),
        ("sell_ticket", "free_pegs"), ("move_peg", "tickets"), ("move_peg", "free_pegs"), ("refund_ticket", "tickets"),
        ("refund_ticket", "free_pegs"), ("refund_ticket", "angler_record"), ("check_ticket", "tickets"),
        ("record_catch", "catch_board"), ("record_catch", "angler_record"), ("issue_warning", "angler_record"),
        ("ban_angler", "find_angler"), ("ban_angler", "angler_record"), ("lift_ban", "find_angler"),
        ("lift_ban", "angler_record"), ("close_lake", "lakes"), ("reopen_lake", "lakes"), ("close_peg", "lakes"),
        ("close_peg", "free_pegs"), ("reopen_peg", "lakes"), ("reopen_peg", "free_pegs"),
        ("record_stocking", "stocking_log"), ("create_match", "matches"), ("enter_match", "matches"),
        ("enter_match", "match_sheet"), ("withdraw_entry", "matches"), ("withdraw_entry", "match_sheet"),
        ("draw_pegs", "matches"), ("draw_pegs", "match_sheet"), ("record_weigh_in", "matches"),
        ("record_weigh_in", "match_sheet"), ("declare_result", "matches"), ("declare_result", "match_sheet"),
        ("sell_season_permit", "season_permits"), ("sell_season_permit", "angler_record"),
        ("revoke_permit", "season_permits"), ("revoke_permit", "angler_record"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
