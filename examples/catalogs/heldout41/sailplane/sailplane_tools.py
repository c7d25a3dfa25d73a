"""Sailplane: the flying day, membership and office system of the Ridgeholt Down Gliding Club (40 calls).

Async functions over an in-memory ``State`` of the club's system on Saturday 17 April 2038 at 08:45, before the
first launch of a club flying day on Ridgeholt Down. The office joins members, records their details and medical
declarations, sells trial flight vouchers, books them and makes their holders temporary members, and writes to
members. The treasurer takes subscriptions and tops up flying accounts, and reads the members' accounts. The duty
instructor is rostered, with the winch driver and the tug pilot, opens the flying day on the runway in use, gives
check flights, sends students solo, grants cross-country endorsements and closes the day. The launch point controller
signs the gliders' daily inspections, keeps the flying list, launches and lands the flights, records snags, takes the
pilots' declared tasks and any landouts and sends the retrieve crews. The chief flying instructor may do everything,
and alone records a glider's airworthiness review and clears its snags. The fleet, the trial flights and the airfield's
status are public.

Refusals are raised as Python's own exceptions: ``PermissionError`` for a session or a role, ``LookupError`` for an
unknown id, ``ValueError`` for a bad input or a rule, ``RuntimeError`` for a record in the wrong state
(``RuntimeError("KXB's airworthiness review ran out on Saturday 10 April 2038")``), which the runtime records as
errors. Every tool but the public ones sits behind the ``club_role(*roles)`` decorator (``functools.wraps``; the
wrapper is itself a coroutine function), which checks the session's token and role before the tool runs and raises
``PermissionError`` itself. Replies are dataclasses and lists of them, with rows nested as lists of lists (a member's
flights and payments, a glider's snags, the day's summary, and the members' accounts as a bare list of rows); a bare
value answers an account topped up (the new balance); sentences with an id in them answer a message sent and a
sign-out.
Annotations spelled with ``typing`` and evaluated at definition (``Optional[str]``, ``List[str]``,
``Dict[str, float]``, ``Literal`` aliases): a plain ``Enum`` input (``MembershipType``), a ``str`` ``Enum`` input
(``LaunchMethod``) and a ``str`` ``Enum`` filter (``VoucherStatus``), ``Literal`` inputs (a duty, a medical, an
endorsement) and a ``Literal`` filter (a flight's state), ``List[str]`` turnpoints, ``bool`` results, grounding and
filters, ``int`` weights, ``float`` amounts. Google docstrings. Ids look alike: member ``M-1046``, temporary member
``TM-302``, list entry ``FL-0417-03``, flight ``FLT-7702``, snag ``SN-63``, voucher ``TV-5503``, landout ``LO-19``,
task ``TSK-240``, message ``MSG-3308``; glider ``KXA``; turnpoint ``CHN``; trial product ``WINCH3``. The ratings each
duty needs, the launch fees, the days of currency, the flying days a voucher may be booked for, a trial pilot's
weight limit and that a task starts and ends at the home field are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
from dataclasses import dataclass
from enum import Enum
from typing import Any, Dict, List, Literal, Optional

TODAY = "2038-04-17"  # a Saturday
CURRENCY_DAYS = 90
LAUNCH_FEES = {"winch": 14.0, "aerotow": 38.0}
SOARING_RATE = 0.6  # a minute in a club glider
SUBSCRIPTIONS = {"full": 420.0, "junior": 150.0, "social": 40.0}
FLYING_DAYS = (2, 5, 6)  # Wednesday, Saturday, Sunday
TRIAL_WEIGHT_KG = 110
TRIAL_AGE = 14
HOME = "RDH"
DUTY_RATINGS = {"instructor": "instructor", "winch_driver": "winch", "tug_pilot": "tug"}
ROLE_NAMES = {"office": "the office", "treasurer": "the treasurer", "instructor": "the duty instructor",
              "launch": "the launch point", "cfi": "the chief flying instructor"}
PRODUCTS = {  # code -> name, price, launch, launches
    "AERO1": ["One aerotow to 2,000 feet with an instructor", 150.0, "aerotow", 1],
    "WINCH3": ["Three winch launches with an instructor", 120.0, "winch", 3],
    "SOAR30": ["Thirty minutes' soaring after an aerotow", 190.0, "aerotow", 1],
}
TURNPOINTS = {  # code -> name, grid reference
    "AMB": ["Amblecote Church", "SU 118 604"], "CHN": ["Chinnock Reservoir", "ST 412 736"],
    "HGD": ["Hungerdown Mast", "ST 902 771"], "RDH": ["Ridgeholt Down (home)", "SU 301 552"],
    "WXL": ["Wexley Bridge", "SU 560 488"],
}


class MembershipType(Enum):
    FULL = "full"
    JUNIOR = "junior"
    SOCIAL = "social"


class LaunchMethod(str, Enum):
    WINCH = "winch"
    AEROTOW = "aerotow"


class VoucherStatus(str, Enum):
    SOLD = "sold"
    BOOKED = "booked"
    FLOWN = "flown"


Duty = Literal["instructor", "winch_driver", "tug_pilot"]
Medical = Literal["declaration", "dvla", "class2"]
Endorsement = Literal["bronze", "cross_country"]
FlightState = Literal["airborne", "landed", "landed_out", "all"]


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Glider:
    glider_id: str
    type: str
    seats: int
    airworthy_until: str
    inspected_today: bool
    grounded: bool


@dataclass
class Product:
    code: str
    name: str
    price: float


@dataclass
class AirfieldStatus:
    date: str
    runway: str
    wind: str
    cloud_base_ft: int
    notes: str


@dataclass
class MemberRow:
    member_id: str
    name: str
    membership: str
    solo: bool


@dataclass
class Member:
    member_id: str
    name: str
    date_of_birth: str
    email: str
    phone: str
    membership: str
    subscription_paid_to: Optional[str]
    balance: float
    solo: bool
    medical: Optional[str]
    last_flown: Optional[str]
    endorsements: List[str]
    ratings: List[str]


@dataclass
class MemberRecord:
    member_id: str
    name: str
    membership: str
    subscription_paid_to: Optional[str]
    balance: float
    solo: bool
    medical: Optional[str]
    last_flown: Optional[str]
    last_check: Optional[str]
    flights: List[List[Any]]
    payments: List[List[Any]]


@dataclass
class MedicalRecord:
    member_id: str
    name: str
    kind: str
    expires: str


@dataclass
class DutyEntry:
    date: str
    duty: str
    member_id: str
    name: str


@dataclass
class Snag:
    snag_id: str
    glider_id: str
    description: str
    grounding: bool
    reported: str
    status: str
    work_done: Optional[str]


@dataclass
class GliderRecord:
    glider_id: str
    type: str
    airworthy_until: str
    inspected_today: Optional[str]
    hours: float
    launches: int
    snags: List[List[Any]]


@dataclass
class FlyingDay:
    date: str
    runway: str
    duty_instructor: str
    status: str


@dataclass
class ListEntry:
    entry_id: str
    member_id: str
    pilot: str
    glider_id: str
    launch: str
    instructor: Optional[str]
    status: str


@dataclass
class Flight:
    flight_id: str
    entry_id: str
    pilot: str
    glider_id: str
    launch: str
    instructor: Optional[str]
    launched: str
    landed: Optional[str]
    minutes: Optional[int]
    charge: Optional[float]
    status: str


@dataclass
class CheckFlight:
    member_id: str
    name: str
    instructor: str
    passed: bool
    notes: str
    date: str


@dataclass
class Voucher:
    voucher_code: str
    product: str
    purchaser: str
    recipient: str
    email: str
    flight_date: Optional[str]
    status: str


@dataclass
class Turnpoint:
    code: str
    name: str
    grid_ref: str


@dataclass
class Task:
    task_id: str
    member_id: str
    pilot: str
    glider_id: str
    turnpoints: List[str]
    distance_km: float


@dataclass
class Landout:
    landout_id: str
    flight_id: str
    pilot: str
    glider_id: str
    field: str
    grid_ref: str


@dataclass
class Retrieve:
    landout_id: str
    driver: str
    vehicle: str
    glider_id: str
    field: str
    status: str


@dataclass
class DaySummary:
    date: str
    launches: Dict[str, int]
    flights: List[List[Any]]
    charges: float
    status: str


# --------------------------------------------------------------------------- state


class State:
    """The Ridgeholt Down Gliding Club's system on Saturday 17 April 2038 at 08:45."""

    def __init__(self) -> None:
        self.staff = {
            "araminta.c": {"name": "Araminta Coldwell", "password": "Vario-Beep-14", "role": "office"},
            "fergus.a": {"name": "Fergus Abernethy", "password": "Cable-Break-72", "role": "instructor"},
            "emeka.n": {"name": "Emeka Nwachukwu", "password": "Wing-Tip-33", "role": "launch"},
            "marjorie.b": {"name": "Marjorie Bramwell", "password": "Launch-Fee-58", "role": "treasurer"},
            "magnus.r": {"name": "Magnus Ravenhill", "password": "Final-Glide-91", "role": "cfi"},
        }
        self.sessions: Dict[str, dict] = {}
        self.members = {  # member -> details
            "M-1001": self._member("Fergus Abernethy", "1971-02-11", "fergus.abernethy@example.com", "07700 900101",
                                   "full", "2038-12-31", 210.0, True, ["declaration", "2041-02-10"],
                                   "2038-04-11", ["bronze", "cross_country"], ["instructor"]),
            "M-1002": self._member("Emeka Nwachukwu", "1988-09-30", "emeka.n@example.net", "07700 900102", "full",
                                   "2038-12-31", 95.0, True, ["dvla", "2040-09-29"], "2038-04-10", ["bronze"],
                                   ["winch"]),
            "M-1003": self._member("Magnus Ravenhill", "1962-06-04", "magnus.ravenhill@example.org", "07700 900103",
                                   "full", "2038-12-31", 330.0, True, ["class2", "2039-01-31"], "2038-04-14",
                                   ["bronze", "cross_country"], ["instructor", "tug", "inspector"]),
            "M-1041": self._member("Cecily Trumper", "1984-12-01", "cecily.trumper@example.com", "07700 900141",
                                   "full", "2038-12-31", 85.0, True, ["declaration", "2040-03-31"], "2038-04-10",
                                   ["bronze"], []),
            "M-1042": self._member("Zachariah Bonney", "2021-07-19", "bonney.family@example.net", "07700 900142",
                                   "junior", "2038-12-31", 12.0, False, None, "2038-04-11", [], []),
            "M-1043": self._member("Ingrid Halvorsen", "1979-03-23", "ingrid.halvorsen@example.org", "07700 900143",
                                   "full", "2038-12-31", 140.0, True, ["declaration", "2039-06-30"], "2037-11-20",
                                   ["bronze", "cross_country"], []),
            "M-1044": self._member("Leopold Hartigan", "1975-10-08", "leo.hartigan@example.com", "07700 900144",
                                   "full", "2037-12-31", 60.0, True, ["dvla", "2042-10-07"], "2038-04-11",
                                   ["bronze", "cross_country"], []),
            "M-1045": self._member("Jocasta Underhill", "2002-05-27", "jocasta.underhill@example.co.uk",
                                   "07700 900145", "full", "2038-12-31", 50.0, False, None, "2038-04-14", [], []),
        }
        self.temporary: Dict[str, list] = {}  # temporary member -> name, date of birth, voucher, weight
        self.gliders = {  # glider -> type, seats, airworthy until, inspected today by, hours, launches
            "HWD": ["Astir CS", 1, "2039-01-31", None, 2210.5, 4031],
            "JPT": ["Discus CS", 1, "2038-12-31", None, 1875.0, 2207],
            "KXA": ["ASK 21", 2, "2038-09-30", None, 5120.5, 18840],
            "KXB": ["ASK 21", 2, "2038-04-10", None, 4402.0, 16212],
        }
        self.snags = {  # snag -> glider, description, grounding, reported, status, work done
            "SN-60": ["KXA", "Tailplane rigging pin grommet worn", False, "2038-04-03", "cleared",
                      "Grommet replaced"],
            "SN-61": ["HWD", "Canopy latch does not lock", True, "2038-04-14", "open", None],
            "SN-62": ["JPT", "Vario speaker crackles", False, "2038-04-11", "open", None],
        }
        self.roster: List[list] = [[TODAY, "launch_point", "M-1002"]]
        self.day: Optional[dict] = None
        self.entries: Dict[str, list] = {}  # entry -> member, glider, launch, instructor, status
        self.flights: Dict[str, list] = {}  # flight -> entry, launched, landed, minutes, charge, status
        self.past_flights = [  # member, date, glider, launch, minutes
            ["M-1041", "2038-04-10", "JPT", "winch", 62], ["M-1042", "2038-04-11", "KXA", "winch", 9],
            ["M-1043", "2037-11-20", "JPT", "aerotow", 145], ["M-1044", "2038-04-11", "JPT", "aerotow", 212],
            ["M-1045", "2038-04-14", "KXA", "winch", 7], ["M-1045", "2038-04-14", "KXA", "winch", 8],
        ]
        self.checks: Dict[str, str] = {}  # member -> date of the last check flight
        self.payments: List[list] = [  # member, date, kind, amount
            ["M-1041", "2038-01-04", "subscription", 420.0], ["M-1042", "2038-01-09", "subscription", 150.0],
            ["M-1043", "2038-01-02", "subscription", 420.0], ["M-1044", "2037-01-06", "subscription", 420.0],
            ["M-1045", "2038-01-15", "subscription", 420.0],
        ]
        self.vouchers = {  # voucher -> product, purchaser, recipient, email, date, status
            "TV-5501": ["WINCH3", "Mrs Eluned Sayce", "Mr Ivor Sayce", "eluned.sayce@example.com", None, "sold"],
            "TV-5502": ["AERO1", "Ms Tegwen Tresize", "Mr Auberon Tresize", "tegwen.tresize@example.org", TODAY,
                        "booked"],
        }
        self.tasks: Dict[str, list] = {}
        self.landouts: Dict[str, list] = {}
        self.retrieves: Dict[str, list] = {}
        self.messages: List[list] = []
        self.counters = {"token": 1, "member": 1046, "temporary": 302, "entry": 1, "flight": 7702, "snag": 63,
                         "voucher": 5503, "landout": 19, "task": 240, "message": 3308}

    @staticmethod
    def _member(name: str, dob: str, email: str, phone: str, membership: str, paid_to: Optional[str],
                balance: float, solo: bool, medical: Optional[list], last_flown: Optional[str],
                endorsements: list, ratings: list) -> dict:
        return {"name": name, "dob": dob, "email": email, "phone": phone, "membership": membership,
                "paid_to": paid_to, "balance": balance, "solo": solo, "medical": medical, "last_flown": last_flown,
                "endorsements": list(endorsements), "ratings": list(ratings)}


# --------------------------------------------------------------------------- helpers


def club_role(*roles: str):
    """Check the session's token and, where ``roles`` are given, the role before the tool runs; the chief flying
    instructor may do everything. Raises ``PermissionError`` itself when the check fails."""

    def wrap(fn):
        @functools.wraps(fn)
        async def checked(*args, **kwargs):
            state, token = kwargs.get("state"), kwargs.get("token")
            who = state.sessions.get(token) if isinstance(token, str) else None
            if who is None:
                raise PermissionError("not signed in, or the session has ended; sign in first")
            if roles and who["role"] not in roles and who["role"] != "cfi":
                raise PermissionError(f"{who['name']} ({who['role']}) may not do this; it is for "
                                      f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
            return await fn(*args, **kwargs)

        return checked

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _amount(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


def _date(value: Any, name: str) -> str:
    try:
        return _d(value).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"{name} is YYYY-MM-DD, not {value!r}") from None


def _time(value: Any, name: str) -> str:
    try:
        return datetime.time.fromisoformat(value).strftime("%H:%M")
    except (TypeError, ValueError):
        raise ValueError(f"{name} is HH:MM, not {value!r}") from None


def _mins(hhmm: str) -> int:
    return int(hhmm[:2]) * 60 + int(hhmm[3:])


def _fmt(day: str) -> str:
    d = _d(day)
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B %Y')}"


def _age(dob: str) -> int:
    b, d = _d(dob), _d(TODAY)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _member_of(state: State, mid: Any) -> dict:
    m = state.members.get(mid) if isinstance(mid, str) else None
    if m is None:
        raise LookupError(f"no member {mid!r}")
    return m


def _glider_of(state: State, gid: Any) -> list:
    g = state.gliders.get(gid) if isinstance(gid, str) else None
    if g is None:
        raise LookupError(f"no glider {gid!r}")
    return g


def _grounded(state: State, gid: str) -> Optional[str]:
    return next((sid for sid, s in sorted(state.snags.items()) if s[0] == gid and s[2] and s[4] == "open"), None)


def _medical_ok(m: dict) -> bool:
    return m["medical"] is not None and m["medical"][1] >= TODAY


def _current(state: State, mid: str) -> bool:
    m = state.members[mid]
    last = max([d for d in (m["last_flown"], state.checks.get(mid)) if d], default=None)
    return last is not None and (_d(TODAY) - _d(last)).days <= CURRENCY_DAYS


def _rostered(state: State, duty: str) -> List[str]:
    return [r[2] for r in state.roster if r[0] == TODAY and r[1] == duty]


def _glider(state: State, gid: str) -> Glider:
    g = state.gliders[gid]
    return Glider(glider_id=gid, type=g[0], seats=g[1], airworthy_until=g[2], inspected_today=g[3] is not None,
                  grounded=_grounded(state, gid) is not None)


def _member(state: State, mid: str) -> Member:
    m = state.members[mid]
    return Member(member_id=mid, name=m["name"], date_of_birth=m["dob"], email=m["email"], phone=m["phone"],
                  membership=m["membership"], subscription_paid_to=m["paid_to"], balance=m["balance"],
                  solo=m["solo"], medical=None if m["medical"] is None else f"{m['medical'][0]} to {m['medical'][1]}",
                  last_flown=m["last_flown"], endorsements=list(m["endorsements"]), ratings=list(m["ratings"]))


def _pilot_name(state: State, mid: str) -> str:
    if mid in state.members:
        return state.members[mid]["name"]
    return state.temporary[mid][0]


def _entry(state: State, eid: str) -> ListEntry:
    e = state.entries[eid]
    return ListEntry(entry_id=eid, member_id=e[0], pilot=_pilot_name(state, e[0]), glider_id=e[1], launch=e[2],
                     instructor=None if e[3] is None else state.members[e[3]]["name"], status=e[4])


def _flight(state: State, fid: str) -> Flight:
    f = state.flights[fid]
    e = state.entries[f[0]]
    return Flight(flight_id=fid, entry_id=f[0], pilot=_pilot_name(state, e[0]), glider_id=e[1], launch=e[2],
                  instructor=None if e[3] is None else state.members[e[3]]["name"], launched=f[1], landed=f[2],
                  minutes=f[3], charge=f[4], status=f[5])


def _voucher(state: State, code: str) -> Voucher:
    v = state.vouchers[code]
    return Voucher(voucher_code=code, product=f"{v[0]}: {PRODUCTS[v[0]][0]}", purchaser=v[1], recipient=v[2],
                   email=v[3], flight_date=v[4], status=v[5])


def _snag(state: State, sid: str) -> Snag:
    s = state.snags[sid]
    return Snag(snag_id=sid, glider_id=s[0], description=s[1], grounding=s[2], reported=s[3], status=s[4],
                work_done=s[5])


def _day_open(state: State) -> dict:
    if state.day is None or state.day["status"] != "open":
        raise RuntimeError("the flying day is not open; the duty instructor opens it")
    return state.day


# --------------------------------------------------------------------------- sign-in and the public calls


async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the club's system.

    Args:
        username: A user name, such as ``fergus.a``.
        password: Its password.

    Returns:
        The session: its ``token`` (for every call but the public ones), the name and the role (office, treasurer,
        instructor, launch or cfi).

    Raises:
        PermissionError: The user name or the password is wrong.
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        raise PermissionError("user name or password not recognised")
    token = f"rdg-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


@club_role()
async def sign_out(state: State, token: str) -> str:
    """End a session.

    Args:
        token: The session's token.

    Returns:
        A sentence naming who was signed out.
    """
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def club_fleet(state: State) -> List[Glider]:
    """The club's gliders (public).

    Returns:
        Each glider's ``glider_id`` (its trigraph), type, seats, the day its airworthiness review runs to, whether
        it has had its daily inspection today and whether a snag grounds it, by trigraph.
    """
    return [_glider(state, gid) for gid in sorted(state.gliders)]


async def trial_flight_products(state: State) -> List[Product]:
    """The trial flights the club sells as gift vouchers (public).

    Returns:
        Each product's ``code``, what it is and its price.
    """
    return [Product(code=code, name=p[0], price=p[1]) for code, p in sorted(PRODUCTS.items())]


async def airfield_status(state: State) -> AirfieldStatus:
    """Today's airfield status (public).

    Returns:
        The date, the ``runway`` in use, the wind, the cloud base in feet and notes for visitors.
    """
    return AirfieldStatus(date=TODAY, runway="21", wind="220 degrees, 12 knots", cloud_base_ft=3500,
                          notes="Flying from 09:30; trial flights report to the launch point bus")


# --------------------------------------------------------------------------- members


@club_role("office", "instructor", "launch", "treasurer")
async def find_member(state: State, token: str, text: str) -> List[MemberRow]:
    """Find members.

    Args:
        token: The session's token.
        text: Part of a name or an e-mail address.

    Returns:
        Each member's ``member_id``, name, membership and whether they fly solo, by member id.

    Raises:
        ValueError: The text is blank.
    """
    if _blank(text):
        raise ValueError("text is required")
    needle = text.strip().lower()
    return [MemberRow(member_id=mid, name=m["name"], membership=m["membership"], solo=m["solo"])
            for mid, m in sorted(state.members.items()) if needle in m["name"].lower() or needle in m["email"].lower()]


@club_role("office")
async def join_member(state: State, token: str, name: str, date_of_birth: str, email: str, phone: str,
                      membership: MembershipType) -> Member:
    """Join a new member; the year's subscription is then due.

    Args:
        token: The session's token.
        name: The member's name.
        date_of_birth: YYYY-MM-DD.
        email: An e-mail address.
        phone: A phone number.
        membership: ``full``, ``junior`` or ``social``.

    Returns:
        The member, with the new ``member_id``.

    Raises:
        ValueError: A detail is missing or wrong, or the e-mail address is a member's already.
    """
    if _blank(name) or _blank(email) or _blank(phone):
        raise ValueError("name, email and phone are required")
    dob = _date(date_of_birth, "date_of_birth")
    kind = _value(membership)
    if not isinstance(kind, str) or kind not in SUBSCRIPTIONS:
        raise ValueError(f"membership is full, junior or social, not {membership!r}")
    if "@" not in email:
        raise ValueError(f"{email!r} is no e-mail address")
    if kind == "junior" and _age(dob) >= 21:
        raise ValueError("junior membership is for members under 21")
    for mid, m in state.members.items():
        if m["email"].lower() == email.strip().lower():
            raise ValueError(f"{email.strip()} is {m['name']}'s already ({mid})")
    mid = f"M-{_next(state, 'member')}"
    state.members[mid] = State._member(name.strip(), dob, email.strip(), phone.strip(), kind, None, 0.0, False,
                                       None, None, [], [])
    return _member(state, mid)


@club_role("office")
async def update_member(state: State, token: str, member_id: str, email: Optional[str] = None,
                        phone: Optional[str] = None) -> Member:
    """Change a member's e-mail address or phone number (only those given).

    Args:
        token: The session's token.
        member_id: The member.
        email: A new e-mail address.
        phone: A new phone number.

    Returns:
        The member.

    Raises:
        LookupError: No such member.
        ValueError: A detail is blank or wrong, or nothing would change.
    """
    m = _member_of(state, member_id)
    new = {"email": m["email"], "phone": m["phone"]}
    for key, v in (("email", email), ("phone", phone)):
        if v is not None:
            if _blank(v):
                raise ValueError(f"{key} may not be blank")
            new[key] = v.strip()
    if "@" not in new["email"]:
        raise ValueError(f"{email!r} is no e-mail address")
    if new == {"email": m["email"], "phone": m["phone"]}:
        raise ValueError(f"{member_id} has those details already")
    m.update(new)
    return _member(state, member_id)


@club_role("office", "instructor", "treasurer")
async def member_record(state: State, token: str, member_id: str) -> MemberRecord:
    """A member's whole record.

    Args:
        token: The session's token.
        member_id: The member.

    Returns:
        The member's membership, account, solo status, medical and currency, with ``flights`` as rows of [date,
        glider, launch, minutes] and ``payments`` as rows of [date, kind, amount].

    Raises:
        LookupError: No such member.
    """
    m = _member_of(state, member_id)
    flights = [[f[1], f[2], f[3], f[4]] for f in state.past_flights if f[0] == member_id]
    for _, f in sorted(state.flights.items()):
        e = state.entries[f[0]]
        if e[0] == member_id:
            flights.append([TODAY, e[1], e[2], f[3]])
    return MemberRecord(member_id=member_id, name=m["name"], membership=m["membership"],
                        subscription_paid_to=m["paid_to"], balance=m["balance"], solo=m["solo"],
                        medical=None if m["medical"] is None else f"{m['medical'][0]} to {m['medical'][1]}",
                        last_flown=m["last_flown"], last_check=state.checks.get(member_id), flights=flights,
                        payments=[[p[1], p[2], p[3]] for p in state.payments if p[0] == member_id])


@club_role("office", "treasurer")
async def pay_subscription(state: State, token: str, member_id: str, amount: float) -> Member:
    """Take a member's subscription for the year.

    Args:
        token: The session's token.
        member_id: The member.
        amount: The subscription paid.

    Returns:
        The member, paid to the end of the year.

    Raises:
        LookupError: No such member.
        ValueError: The amount is not the subscription.
        RuntimeError: The year is paid already.
    """
    m = _member_of(state, member_id)
    year_end = f"{TODAY[:4]}-12-31"
    if m["paid_to"] is not None and m["paid_to"] >= year_end:
        raise RuntimeError(f"{m['name']} has paid for {TODAY[:4]} already")
    due = SUBSCRIPTIONS[m["membership"]]
    if not _amount(amount) or round(amount, 2) != due:
        raise ValueError(f"the {m['membership']} subscription is {due:.2f}, not {amount!r}")
    m["paid_to"] = year_end
    state.payments.append([member_id, TODAY, "subscription", due])
    return _member(state, member_id)


@club_role("treasurer", "office")
async def top_up_account(state: State, token: str, member_id: str, amount: float) -> float:
    """Pay money into a member's flying account, from which launches and soaring are taken.

    Args:
        token: The session's token.
        member_id: The member.
        amount: The amount paid in.

    Returns:
        The account's new balance.

    Raises:
        LookupError: No such member.
        ValueError: The amount is not a positive number.
    """
    m = _member_of(state, member_id)
    if not _amount(amount) or amount <= 0:
        raise ValueError(f"amount is a positive number, not {amount!r}")
    m["balance"] = round(m["balance"] + amount, 2)
    state.payments.append([member_id, TODAY, "flying account", round(amount, 2)])
    return m["balance"]


@club_role("office", "instructor")
async def record_medical(state: State, token: str, member_id: str, kind: Medical, expires: str) -> MedicalRecord:
    """Record a member's medical: a self-declaration, a DVLA group 1 licence or a class 2 certificate.

    Args:
        token: The session's token.
        member_id: The member.
        kind: ``declaration``, ``dvla`` or ``class2``.
        expires: The last day it is good for (YYYY-MM-DD).

    Returns:
        The medical recorded.

    Raises:
        LookupError: No such member.
        ValueError: The kind or the date is wrong, or that medical is recorded already.
    """
    m = _member_of(state, member_id)
    if kind not in ("declaration", "dvla", "class2"):
        raise ValueError(f"kind is declaration, dvla or class2, not {kind!r}")
    until = _date(expires, "expires")
    if until <= TODAY:
        raise ValueError(f"a medical that ends on {_fmt(until)} is no use")
    if m["medical"] == [kind, until]:
        raise ValueError(f"{m['name']} has that medical already")
    m["medical"] = [kind, until]
    return MedicalRecord(member_id=member_id, name=m["name"], kind=kind, expires=until)


@club_role("office", "instructor", "treasurer")
async def message_member(state: State, token: str, member_id: str, subject: str, body: str) -> str:
    """E-mail a member.

    Args:
        token: The session's token.
        member_id: The member.
        subject: The subject.
        body: The message.

    Returns:
        A sentence naming the message sent.

    Raises:
        LookupError: No such member.
        ValueError: The subject or the body is blank.
    """
    who = state.sessions[token]
    m = _member_of(state, member_id)
    if _blank(subject) or _blank(body):
        raise ValueError("subject and body are required")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, member_id, subject.strip(), body.strip(), who["name"]])
    return f"Message {mid} sent to {m['name']} at {m['email']}."


@club_role("treasurer")
async def member_accounts(state: State, token: str, in_debit_only: bool = False) -> List[List[Any]]:
    """The members' flying accounts.

    Args:
        token: The session's token.
        in_debit_only: Only the accounts below zero.

    Returns:
        Rows of [member id, name, balance, subscription paid to], by member id.
    """
    return [[mid, m["name"], m["balance"], m["paid_to"]] for mid, m in sorted(state.members.items())
            if not in_debit_only or m["balance"] < 0]


# --------------------------------------------------------------------------- instructors and the duty roster


@club_role("instructor", "office")
async def roster_duty(state: State, token: str, member_id: str, duty: Duty) -> DutyEntry:
    """Put a member on today's duty roster as the duty instructor, the winch driver or the tug pilot.

    Args:
        token: The session's token.
        member_id: The member on duty.
        duty: ``instructor``, ``winch_driver`` or ``tug_pilot``.

    Returns:
        The roster entry.

    Raises:
        LookupError: No such member.
        ValueError: The duty is unknown, or the member holds no rating for it.
        RuntimeError: The member is on that duty already.
    """
    m = _member_of(state, member_id)
    if not isinstance(duty, str) or duty not in DUTY_RATINGS:
        raise ValueError(f"duty is instructor, winch_driver or tug_pilot, not {duty!r}")
    if DUTY_RATINGS[duty] not in m["ratings"]:
        raise ValueError(f"{m['name']} holds no {DUTY_RATINGS[duty]} rating")
    if member_id in _rostered(state, duty):
        raise RuntimeError(f"{m['name']} is on duty as {duty.replace('_', ' ')} already")
    state.roster.append([TODAY, duty, member_id])
    return DutyEntry(date=TODAY, duty=duty, member_id=member_id, name=m["name"])


@club_role()
async def duty_roster(state: State, token: str) -> List[DutyEntry]:
    """Today's duty roster.

    Args:
        token: The session's token.

    Returns:
        Each duty and the member on it.
    """
    return [DutyEntry(date=r[0], duty=r[1], member_id=r[2], name=state.members[r[2]]["name"])
            for r in state.roster if r[0] == TODAY]


@club_role("instructor")
async def record_check_flight(state: State, token: str, member_id: str, passed: bool, notes: str) -> CheckFlight:
    """Record a check flight given to a member by the signed-in instructor.

    Args:
        token: The session's token.
        member_id: The member checked.
        passed: Whether the member flew to the standard.
        notes: The instructor's notes.

    Returns:
        The check flight.

    Raises:
        LookupError: No such member.
        ValueError: The notes are blank.
        RuntimeError: The member passed a check today already.
    """
    who = state.sessions[token]
    m = _member_of(state, member_id)
    if not isinstance(passed, bool):
        raise ValueError("passed is true or false")
    if _blank(notes):
        raise ValueError("notes are required")
    if state.checks.get(member_id) == TODAY:
        raise RuntimeError(f"{m['name']} passed a check flight today already")
    if passed:
        state.checks[member_id] = TODAY
    return CheckFlight(member_id=member_id, name=m["name"], instructor=who["name"], passed=passed,
                       notes=notes.strip(), date=TODAY)


@club_role("instructor")
async def authorise_solo(state: State, token: str, member_id: str, notes: str) -> Member:
    """Authorise a student to fly solo.

    Args:
        token: The session's token.
        member_id: The student.
        notes: The instructor's notes.

    Returns:
        The member, now solo.

    Raises:
        LookupError: No such member.
        ValueError: The notes are blank.
        RuntimeError: The member is solo already, or has no current medical.
    """
    m = _member_of(state, member_id)
    if m["solo"]:
        raise RuntimeError(f"{m['name']} flies solo already")
    if _blank(notes):
        raise ValueError("notes are required")
    if not _medical_ok(m):
        raise RuntimeError(f"{m['name']} has no current medical on record")
    m["solo"] = True
    return _member(state, member_id)


@club_role("instructor")
async def grant_endorsement(state: State, token: str, member_id: str, endorsement: Endorsement) -> Member:
    """Grant a solo pilot the Bronze endorsement or the cross-country endorsement.

    Args:
        token: The session's token.
        member_id: The pilot.
        endorsement: ``bronze`` or ``cross_country``.

    Returns:
        The member with the endorsement.

    Raises:
        LookupError: No such member.
        ValueError: The endorsement is unknown.
        RuntimeError: The pilot is not solo, lacks the Bronze for a cross-country, or holds it already.
    """
    m = _member_of(state, member_id)
    if endorsement not in ("bronze", "cross_country"):
        raise ValueError(f"endorsement is bronze or cross_country, not {endorsement!r}")
    if endorsement in m["endorsements"]:
        raise RuntimeError(f"{m['name']} holds the {endorsement.replace('_', '-')} endorsement already")
    if not m["solo"]:
        raise RuntimeError(f"{m['name']} does not fly solo")
    if endorsement == "cross_country" and "bronze" not in m["endorsements"]:
        raise RuntimeError(f"{m['name']} needs the Bronze first")
    m["endorsements"].append(endorsement)
    return _member(state, member_id)


# --------------------------------------------------------------------------- gliders


@club_role("cfi")
async def record_arc(state: State, token: str, glider_id: str, inspector: str, expires: str) -> Glider:
    """Record a glider's airworthiness review certificate.

    Args:
        token: The session's token.
        glider_id: The glider's trigraph.
        inspector: The inspector who signed it.
        expires: The last day it covers (YYYY-MM-DD).

    Returns:
        The glider.

    Raises:
        LookupError: No such glider.
        ValueError: The inspector is blank or the date wrong, or that review is recorded already.
    """
    g = _glider_of(state, glider_id)
    if _blank(inspector):
        raise ValueError("inspector is required")
    until = _date(expires, "expires")
    if until <= TODAY:
        raise ValueError(f"a review that ends on {_fmt(until)} covers nothing ahead")
    if g[2] == until:
        raise ValueError(f"{glider_id}'s review runs to {_fmt(until)} already")
    g[2] = until
    return _glider(state, glider_id)


@club_role("launch", "instructor")
async def daily_inspection(state: State, token: str, glider_id: str, inspector: str, notes: str) -> Glider:
    """Sign a glider's daily inspection before it flies today.

    Args:
        token: The session's token.
        glider_id: The glider's trigraph.
        inspector: The pilot who inspected it.
        notes: What was checked or found.

    Returns:
        The glider, inspected.

    Raises:
        LookupError: No such glider.
        ValueError: The inspector or the notes are blank.
        RuntimeError: The glider is inspected already today, its airworthiness review has run out or a snag
            grounds it.
    """
    g = _glider_of(state, glider_id)
    if g[3] is not None:
        raise RuntimeError(f"{glider_id} was inspected today already, by {g[3]}")
    if _blank(inspector) or _blank(notes):
        raise ValueError("inspector and notes are required")
    if g[2] < TODAY:
        raise RuntimeError(f"{glider_id}'s airworthiness review ran out on {_fmt(g[2])}")
    snag = _grounded(state, glider_id)
    if snag:
        raise RuntimeError(f"{glider_id} is grounded by {snag}: {state.snags[snag][1]}")
    g[3] = inspector.strip()
    return _glider(state, glider_id)


@club_role("launch", "instructor")
async def report_snag(state: State, token: str, glider_id: str, description: str, grounding: bool) -> Snag:
    """Report a snag on a glider; a grounding snag keeps it on the ground and voids today's inspection.

    Args:
        token: The session's token.
        glider_id: The glider's trigraph.
        description: What is wrong.
        grounding: Whether the glider may not fly until it is cleared.

    Returns:
        The snag with its ``snag_id``.

    Raises:
        LookupError: No such glider.
        ValueError: The description is blank, or that snag is open already.
    """
    g = _glider_of(state, glider_id)
    if _blank(description):
        raise ValueError("description is required")
    if not isinstance(grounding, bool):
        raise ValueError("grounding is true or false")
    for sid, s in state.snags.items():
        if s[0] == glider_id and s[4] == "open" and s[1].lower() == description.strip().lower():
            raise ValueError(f"that snag is open already ({sid})")
    sid = f"SN-{_next(state, 'snag')}"
    state.snags[sid] = [glider_id, description.strip(), grounding, TODAY, "open", None]
    if grounding:
        g[3] = None
    return _snag(state, sid)


@club_role()
async def snags(state: State, token: str, glider_id: Optional[str] = None, open_only: bool = True) -> List[Snag]:
    """The gliders' snags.

    Args:
        token: The session's token.
        glider_id: Only this glider's.
        open_only: Only the open ones (the default).

    Returns:
        Each snag's ``snag_id``, glider, description, whether it grounds, when reported, status and work done, by
        snag id.

    Raises:
        LookupError: No such glider.
    """
    if glider_id is not None:
        _glider_of(state, glider_id)
    return [_snag(state, sid) for sid, s in sorted(state.snags.items())
            if glider_id in (None, s[0]) and (not open_only or s[4] == "open")]


@club_role("cfi")
async def clear_snag(state: State, token: str, snag_id: str, work_done: str, inspector: str) -> Snag:
    """Clear a snag with the work done and the inspector who signed it off; a glider it grounded needs a fresh
    daily inspection.

    Args:
        token: The session's token.
        snag_id: The snag.
        work_done: What was done.
        inspector: Who signed it off.

    Returns:
        The snag, cleared.

    Raises:
        LookupError: No such snag.
        ValueError: The work done or the inspector is blank.
        RuntimeError: The snag is cleared already.
    """
    s = state.snags.get(snag_id) if isinstance(snag_id, str) else None
    if s is None:
        raise LookupError(f"no snag {snag_id!r}")
    if s[4] != "open":
        raise RuntimeError(f"{snag_id} is cleared already")
    if _blank(work_done) or _blank(inspector):
        raise ValueError("work_done and inspector are required")
    s[4], s[5] = "cleared", f"{work_done.strip()} (signed off by {inspector.strip()})"
    return _snag(state, snag_id)


@club_role()
async def glider_record(state: State, token: str, glider_id: str) -> GliderRecord:
    """A glider's record.

    Args:
        token: The session's token.
        glider_id: The glider's trigraph.

    Returns:
        The glider's type, review expiry, today's inspector, hours and launches, with its ``snags`` as rows of
        [snag id, description, grounding, status].

    Raises:
        LookupError: No such glider.
    """
    g = _glider_of(state, glider_id)
    return GliderRecord(glider_id=glider_id, type=g[0], airworthy_until=g[2], inspected_today=g[3], hours=g[4],
                        launches=g[5], snags=[[sid, s[1], s[2], s[4]] for sid, s in sorted(state.snags.items())
                                              if s[0] == glider_id])


# --------------------------------------------------------------------------- the flying day


@club_role("instructor")
async def open_flying_day(state: State, token: str, runway: str) -> FlyingDay:
    """Open today's flying on the runway in use, with the rostered duty instructor in charge.

    Args:
        token: The session's token.
        runway: The runway in use.

    Returns:
        The flying day.

    Raises:
        ValueError: The runway is not the one in use.
        RuntimeError: The day is open already, or no duty instructor is rostered.
    """
    if state.day is not None:
        raise RuntimeError(f"the flying day is {state.day['status']} already")
    if runway != "21":
        raise ValueError(f"runway {runway!r} is not in use today")
    instructors = _rostered(state, "instructor")
    if not instructors:
        raise RuntimeError("no duty instructor is on today's roster")
    state.day = {"runway": runway, "instructor": instructors[0], "status": "open"}
    return FlyingDay(date=TODAY, runway=runway, duty_instructor=state.members[instructors[0]]["name"],
                     status="open")


@club_role("launch", "instructor")
async def add_to_flying_list(state: State, token: str, member_id: str, glider_id: str, launch: LaunchMethod,
                             instructor_id: Optional[str] = None) -> ListEntry:
    """Put a pilot on the flying list for a glider and a launch, with an instructor for a dual flight.

    Args:
        token: The session's token.
        member_id: The pilot (a member, or a temporary member for a trial flight).
        glider_id: The glider's trigraph.
        launch: ``winch`` or ``aerotow``.
        instructor_id: The member instructing, for a dual flight in a two-seater.

    Returns:
        The list entry with its ``entry_id``.

    Raises:
        LookupError: No such member, temporary member or glider.
        ValueError: The launch is unknown, or the pilot, the instructor or the glider may not fly it.
        RuntimeError: The flying day is not open.
    """
    _day_open(state)
    temp = state.temporary.get(member_id) if isinstance(member_id, str) else None
    m = None if temp is not None else _member_of(state, member_id)
    g = _glider_of(state, glider_id)
    how = _value(launch)
    if not isinstance(how, str) or how not in LAUNCH_FEES:
        raise ValueError(f"launch is winch or aerotow, not {launch!r}")
    if instructor_id is not None:
        inst = _member_of(state, instructor_id)
        if instructor_id not in _rostered(state, "instructor"):
            raise ValueError(f"{inst['name']} is not on duty as an instructor today")
        if g[1] < 2:
            raise ValueError(f"{glider_id} is a single-seater")
    if temp is not None:
        if instructor_id is None:
            raise ValueError("a trial flight is flown with an instructor")
        if PRODUCTS[state.vouchers[temp[2]][0]][2] != how:
            raise ValueError(f"{temp[2]} is for {PRODUCTS[state.vouchers[temp[2]][0]][2]} launches")
    else:
        if m["paid_to"] is None or m["paid_to"] < TODAY:
            raise ValueError(f"{m['name']}'s subscription for {TODAY[:4]} is not paid")
        fee = LAUNCH_FEES[how]
        if m["balance"] < fee:
            raise ValueError(f"{m['name']}'s flying account holds {m['balance']:.2f}; a {how} launch is "
                             f"{fee:.2f}")
        if instructor_id is None:
            if not m["solo"]:
                raise ValueError(f"{m['name']} is not authorised to fly solo")
            if not _medical_ok(m):
                raise ValueError(f"{m['name']} has no current medical")
            if not _current(state, member_id):
                raise ValueError(f"{m['name']} has not flown in the last {CURRENCY_DAYS} days; a check flight "
                                 "first")
    for eid, e in state.entries.items():
        if e[0] == member_id and e[4] == "waiting":
            raise ValueError(f"{_pilot_name(state, member_id)} is on the list already ({eid})")
    eid = f"FL-{TODAY[5:7]}{TODAY[8:]}-{_next(state, 'entry'):02d}"
    state.entries[eid] = [member_id, glider_id, how, instructor_id, "waiting"]
    return _entry(state, eid)


@club_role()
async def flying_list(state: State, token: str) -> List[ListEntry]:
    """Today's flying list.

    Args:
        token: The session's token.

    Returns:
        Each entry's ``entry_id``, pilot, glider, launch, instructor and status (waiting, launched), in order.
    """
    return [_entry(state, eid) for eid in sorted(state.entries)]


@club_role("launch")
async def launch_flight(state: State, token: str, entry_id: str, launch_time: str) -> Flight:
    """Launch the flight of a waiting list entry.

    Args:
        token: The session's token.
        entry_id: The list entry.
        launch_time: HH:MM.

    Returns:
        The flight, airborne, with its ``flight_id``.

    Raises:
        LookupError: No such entry.
        ValueError: The time is wrong.
        RuntimeError: The entry is launched already, the glider is not inspected today or grounded, or no winch
            driver or tug pilot is on duty.
    """
    e = state.entries.get(entry_id) if isinstance(entry_id, str) else None
    if e is None:
        raise LookupError(f"no list entry {entry_id!r}")
    at = _time(launch_time, "launch_time")
    if e[4] != "waiting":
        raise RuntimeError(f"{entry_id} is {e[4]} already")
    _day_open(state)
    g = state.gliders[e[1]]
    if _grounded(state, e[1]):
        raise RuntimeError(f"{e[1]} is grounded by {_grounded(state, e[1])}")
    if g[3] is None:
        raise RuntimeError(f"{e[1]} has had no daily inspection today")
    duty = "winch_driver" if e[2] == "winch" else "tug_pilot"
    if not _rostered(state, duty):
        raise RuntimeError(f"no {duty.replace('_', ' ')} is on duty")
    for fid, f in state.flights.items():
        if state.entries[f[0]][1] == e[1] and f[5] == "airborne":
            raise RuntimeError(f"{e[1]} is airborne already ({fid})")
    fid = f"FLT-{_next(state, 'flight')}"
    state.flights[fid] = [entry_id, at, None, None, None, "airborne"]
    e[4] = "launched"
    g[5] += 1
    return _flight(state, fid)


@club_role("launch")
async def land_flight(state: State, token: str, flight_id: str, landing_time: str) -> Flight:
    """Land a flight back at the field; the launch and the soaring are taken from the pilot's account.

    Args:
        token: The session's token.
        flight_id: The flight.
        landing_time: HH:MM.

    Returns:
        The flight, landed, with its minutes and charge.

    Raises:
        LookupError: No such flight.
        ValueError: The time is wrong.
        RuntimeError: The flight is not airborne.
    """
    f = state.flights.get(flight_id) if isinstance(flight_id, str) else None
    if f is None:
        raise LookupError(f"no flight {flight_id!r}")
    at = _time(landing_time, "landing_time")
    if f[5] != "airborne":
        raise RuntimeError(f"{flight_id} is {f[5].replace('_', ' ')}")
    if _mins(at) <= _mins(f[1]):
        raise ValueError(f"{flight_id} launched at {f[1]}, so it lands later than that")
    _finish(state, flight_id, at, "landed")
    return _flight(state, flight_id)


def _finish(state: State, fid: str, at: str, status: str) -> None:
    f = state.flights[fid]
    e = state.entries[f[0]]
    minutes = _mins(at) - _mins(f[1])
    charge = 0.0 if e[0] in state.temporary else round(LAUNCH_FEES[e[2]] + SOARING_RATE * minutes, 2)
    f[2], f[3], f[4], f[5] = at, minutes, charge, status
    g = state.gliders[e[1]]
    g[4] = round(g[4] + minutes / 60, 1)
    if e[0] in state.members:
        m = state.members[e[0]]
        m["balance"] = round(m["balance"] - charge, 2)
        m["last_flown"] = TODAY
    if e[3] is not None:
        state.members[e[3]]["last_flown"] = TODAY


@club_role()
async def flights(state: State, token: str, state_filter: FlightState = "all") -> List[Flight]:
    """Today's flights.

    Args:
        token: The session's token.
        state_filter: ``airborne``, ``landed``, ``landed_out`` or ``all`` (the default).

    Returns:
        Each flight's ``flight_id``, entry, pilot, glider, launch, instructor, times, minutes, charge and status, by
        flight id.

    Raises:
        ValueError: The filter is unknown.
    """
    if state_filter not in ("airborne", "landed", "landed_out", "all"):
        raise ValueError(f"state_filter is airborne, landed, landed_out or all, not {state_filter!r}")
    return [_flight(state, fid) for fid, f in sorted(state.flights.items())
            if state_filter == "all" or f[5] == state_filter]


@club_role("launch", "instructor")
async def report_landout(state: State, token: str, flight_id: str, field: str, grid_ref: str) -> Landout:
    """Record that an airborne glider has landed out in a field away from the club.

    Args:
        token: The session's token.
        flight_id: The flight.
        field: Where, as the pilot describes it.
        grid_ref: The field's grid reference.

    Returns:
        The landout with its ``landout_id``.

    Raises:
        LookupError: No such flight.
        ValueError: The field or grid reference is blank.
        RuntimeError: The flight is not airborne.
    """
    f = state.flights.get(flight_id) if isinstance(flight_id, str) else None
    if f is None:
        raise LookupError(f"no flight {flight_id!r}")
    if f[5] != "airborne":
        raise RuntimeError(f"{flight_id} is {f[5].replace('_', ' ')}")
    if _blank(field) or _blank(grid_ref):
        raise ValueError("field and grid_ref are required")
    _finish(state, flight_id, "12:00" if _mins(f[1]) < 12 * 60 else "17:00", "landed_out")
    lid = f"LO-{_next(state, 'landout')}"
    e = state.entries[f[0]]
    state.landouts[lid] = [flight_id, field.strip(), grid_ref.strip()]
    return Landout(landout_id=lid, flight_id=flight_id, pilot=_pilot_name(state, e[0]), glider_id=e[1],
                   field=field.strip(), grid_ref=grid_ref.strip())


@club_role("launch", "instructor")
async def arrange_retrieve(state: State, token: str, landout_id: str, driver: str, vehicle: str) -> Retrieve:
    """Send a retrieve crew with the glider's trailer to a landout.

    Args:
        token: The session's token.
        landout_id: The landout.
        driver: Who drives.
        vehicle: The car towing the trailer.

    Returns:
        The retrieve.

    Raises:
        LookupError: No such landout.
        ValueError: The driver or the vehicle is blank.
        RuntimeError: A retrieve is on its way already.
    """
    lo = state.landouts.get(landout_id) if isinstance(landout_id, str) else None
    if lo is None:
        raise LookupError(f"no landout {landout_id!r}")
    if landout_id in state.retrieves:
        raise RuntimeError(f"a retrieve for {landout_id} is on its way already")
    if _blank(driver) or _blank(vehicle):
        raise ValueError("driver and vehicle are required")
    gid = state.entries[state.flights[lo[0]][0]][1]
    state.retrieves[landout_id] = [driver.strip(), vehicle.strip(), "on its way"]
    return Retrieve(landout_id=landout_id, driver=driver.strip(), vehicle=vehicle.strip(), glider_id=gid,
                    field=lo[1], status="on its way")


@club_role("instructor")
async def close_flying_day(state: State, token: str, notes: str) -> DaySummary:
    """Close today's flying once every glider is down.

    Args:
        token: The session's token.
        notes: The duty instructor's notes on the day.

    Returns:
        The day's summary: launches by method, the flights as rows of [flight, pilot, glider, launch, minutes,
        charge] and the charges taken.

    Raises:
        ValueError: The notes are blank.
        RuntimeError: The day is not open, or a glider is still airborne.
    """
    day = _day_open(state)
    if _blank(notes):
        raise ValueError("notes are required")
    up = [fid for fid, f in sorted(state.flights.items()) if f[5] == "airborne"]
    if up:
        raise RuntimeError(f"{', '.join(up)} still airborne")
    day["status"] = "closed"
    rows = [[fid, _pilot_name(state, state.entries[f[0]][0]), state.entries[f[0]][1], state.entries[f[0]][2], f[3],
             f[4]] for fid, f in sorted(state.flights.items())]
    launches = {how: sum(1 for r in rows if r[3] == how) for how in LAUNCH_FEES}
    return DaySummary(date=TODAY, launches=launches, flights=rows, charges=round(sum(r[5] or 0 for r in rows), 2),
                      status="closed")


# --------------------------------------------------------------------------- trial flights


@club_role("office")
async def sell_voucher(state: State, token: str, purchaser: str, recipient: str, product_code: str,
                       email: str) -> Voucher:
    """Sell a trial flight gift voucher.

    Args:
        token: The session's token.
        purchaser: Who pays.
        recipient: Who will fly.
        product_code: The trial flight.
        email: Where the voucher is sent.

    Returns:
        The voucher with its ``voucher_code``.

    Raises:
        LookupError: No such product.
        ValueError: A name or the e-mail address is missing or wrong.
    """
    if not isinstance(product_code, str) or product_code not in PRODUCTS:
        raise LookupError(f"no trial flight {product_code!r}")
    if _blank(purchaser) or _blank(recipient) or _blank(email) or "@" not in email:
        raise ValueError("purchaser, recipient and an e-mail address are required")
    code = f"TV-{_next(state, 'voucher')}"
    state.vouchers[code] = [product_code, purchaser.strip(), recipient.strip(), email.strip(), None, "sold"]
    return _voucher(state, code)


@club_role("office", "launch")
async def vouchers(state: State, token: str, status: Optional[VoucherStatus] = None) -> List[Voucher]:
    """The trial flight vouchers.

    Args:
        token: The session's token.
        status: Only ``sold``, ``booked`` or ``flown`` vouchers.

    Returns:
        Each voucher's ``voucher_code``, product, purchaser, recipient, e-mail, flight date and status, by code.

    Raises:
        ValueError: The status is unknown.
    """
    st = _value(status)
    if st is not None and st not in ("sold", "booked", "flown"):
        raise ValueError(f"status is sold, booked or flown, not {status!r}")
    return [_voucher(state, code) for code, v in sorted(state.vouchers.items()) if st is None or v[5] == st]


@club_role("office")
async def book_trial_flight(state: State, token: str, voucher_code: str, date: str) -> Voucher:
    """Book a voucher's trial flight for a flying day.

    Args:
        token: The session's token.
        voucher_code: The voucher.
        date: The flying day (YYYY-MM-DD).

    Returns:
        The voucher, booked.

    Raises:
        LookupError: No such voucher.
        ValueError: The day is past or no flying day.
        RuntimeError: The voucher is flown, or booked for that day already.
    """
    v = state.vouchers.get(voucher_code) if isinstance(voucher_code, str) else None
    if v is None:
        raise LookupError(f"no voucher {voucher_code!r}")
    day = _date(date, "date")
    if v[5] == "flown":
        raise RuntimeError(f"{voucher_code} is flown")
    if v[4] == day:
        raise RuntimeError(f"{voucher_code} is booked for {_fmt(day)} already")
    if day < TODAY:
        raise ValueError(f"{_fmt(day)} has gone")
    if _d(day).weekday() not in FLYING_DAYS:
        raise ValueError(f"{_fmt(day)} is no flying day; the club flies on Wednesdays, Saturdays and Sundays")
    v[4], v[5] = day, "booked"
    return _voucher(state, voucher_code)


@club_role("office", "launch", "instructor")
async def temporary_membership(state: State, token: str, voucher_code: str, date_of_birth: str,
                               weight_kg: int) -> Member:
    """Make a voucher's holder a temporary member for the day of the trial flight.

    Args:
        token: The session's token.
        voucher_code: The voucher booked for today.
        date_of_birth: The holder's date of birth (YYYY-MM-DD).
        weight_kg: The holder's weight in kilograms.

    Returns:
        The temporary member, with a ``member_id`` for the flying list.

    Raises:
        LookupError: No such voucher.
        ValueError: The holder is too young or too heavy to fly.
        RuntimeError: The voucher is not booked for today, or its holder is a temporary member already.
    """
    v = state.vouchers.get(voucher_code) if isinstance(voucher_code, str) else None
    if v is None:
        raise LookupError(f"no voucher {voucher_code!r}")
    if v[5] != "booked" or v[4] != TODAY:
        raise RuntimeError(f"{voucher_code} is not booked for today")
    for tid, t in state.temporary.items():
        if t[2] == voucher_code:
            raise RuntimeError(f"{t[0]} is a temporary member already ({tid})")
    dob = _date(date_of_birth, "date_of_birth")
    if _age(dob) < TRIAL_AGE:
        raise ValueError(f"trial flights are for those {TRIAL_AGE} and over")
    if isinstance(weight_kg, bool) or not isinstance(weight_kg, int) or weight_kg <= 0:
        raise ValueError(f"weight_kg is a whole number, not {weight_kg!r}")
    if weight_kg > TRIAL_WEIGHT_KG:
        raise ValueError(f"the two-seaters' cockpit takes a pilot of {TRIAL_WEIGHT_KG} kg at most")
    tid = f"TM-{_next(state, 'temporary')}"
    state.temporary[tid] = [v[2], dob, voucher_code, weight_kg]
    return Member(member_id=tid, name=v[2], date_of_birth=dob, email=v[3], phone="", membership="temporary",
                  subscription_paid_to=TODAY, balance=0.0, solo=False, medical=None, last_flown=None,
                  endorsements=[], ratings=[])


# --------------------------------------------------------------------------- cross-country


@club_role("launch", "instructor")
async def turnpoints(state: State, token: str) -> List[Turnpoint]:
    """The turnpoints tasks are set round.

    Args:
        token: The session's token.

    Returns:
        Each turnpoint's ``code``, name and grid reference, by code.
    """
    return [Turnpoint(code=code, name=t[0], grid_ref=t[1]) for code, t in sorted(TURNPOINTS.items())]


@club_role("launch", "instructor")
async def declare_task(state: State, token: str, member_id: str, glider_id: str, turnpoints: List[str]) -> Task:
    """Declare a pilot's cross-country task before launch.

    Args:
        token: The session's token.
        member_id: The pilot.
        glider_id: The single-seater flown.
        turnpoints: The turnpoint codes in order.

    Returns:
        The task with its ``task_id`` and distance.

    Raises:
        LookupError: No such member, glider or turnpoint.
        ValueError: The task does not start and end at home, or the glider is a two-seater.
        RuntimeError: The pilot holds no cross-country endorsement.
    """
    m = _member_of(state, member_id)
    g = _glider_of(state, glider_id)
    if not isinstance(turnpoints, list) or len(turnpoints) < 3:
        raise ValueError("turnpoints is a list of at least three turnpoint codes")
    for code in turnpoints:
        if not isinstance(code, str) or code not in TURNPOINTS:
            raise LookupError(f"no turnpoint {code!r}")
    if turnpoints[0] != HOME or turnpoints[-1] != HOME:
        raise ValueError("a club task starts and finishes at the home field")
    if g[1] != 1:
        raise ValueError(f"{glider_id} is a two-seater; tasks are flown in the single-seaters")
    if "cross_country" not in m["endorsements"]:
        raise RuntimeError(f"{m['name']} holds no cross-country endorsement")
    pts = [TURNPOINTS[c][1].split() for c in turnpoints]
    dist = sum(((int(b[1]) - int(a[1])) ** 2 + (int(b[2]) - int(a[2])) ** 2) ** 0.5 / 10
               + (0 if a[0] == b[0] else 100) for a, b in zip(pts, pts[1:]))
    tid = f"TSK-{_next(state, 'task')}"
    state.tasks[tid] = [member_id, glider_id, list(turnpoints)]
    return Task(task_id=tid, member_id=member_id, pilot=m["name"], glider_id=glider_id, turnpoints=list(turnpoints),
                distance_km=round(dist, 1))


TOOLS = [
    sign_in, sign_out, club_fleet, trial_flight_products, airfield_status, find_member, join_member, update_member,
    member_record, pay_subscription, top_up_account, record_medical, message_member, member_accounts, roster_duty,
    duty_roster, record_check_flight, authorise_solo, grant_endorsement, record_arc, daily_inspection, report_snag,
    snags, clear_snag, glider_record, open_flying_day, add_to_flying_list, flying_list, launch_flight, land_flight,
    flights, report_landout, arrange_retrieve, close_flying_day, sell_voucher, vouchers, book_trial_flight,
    temporary_membership, turnpoints, declare_task,
]

FIXTURES = {
    "club": {"name": "Ridgeholt Down Gliding Club", "today": "Saturday 17 April 2038, a quarter to nine in the "
                                                             "morning, a club flying day"},
    "staff": [
        {"name": "Araminta Coldwell", "role": "club office", "username": "araminta.c", "password": "Vario-Beep-14"},
        {"name": "Fergus Abernethy", "role": "duty instructor", "username": "fergus.a",
         "password": "Cable-Break-72"},
        {"name": "Emeka Nwachukwu", "role": "launch point controller and winch driver", "username": "emeka.n",
         "password": "Wing-Tip-33"},
        {"name": "Marjorie Bramwell", "role": "treasurer", "username": "marjorie.b", "password": "Launch-Fee-58"},
        {"name": "Magnus Ravenhill", "role": "chief flying instructor, tug pilot and inspector",
         "username": "magnus.r", "password": "Final-Glide-91"},
    ],
    "new_member": {
        "name": "Mr Rafferty Quilliam", "date_of_birth": "1994-09-12", "email": "rafferty.quilliam@example.com",
        "phone": "07700 900746", "membership": "full",
        "wants": "To join as a full member today, pay the year's subscription and put 100 pounds in his flying "
                 "account, all by card, and fly a winch launch with the duty instructor in one of the two-seaters",
    },
    "voucher_customer": {
        "purchaser": "Mr Osric Tallentire", "recipient": "Ms Linnet Tallentire",
        "email": "osric.tallentire@example.com",
        "wants": "Three winch launches with an instructor for his daughter's birthday, flown on Saturday 24 April",
    },
    "notes": [
        "Fergus is duty instructor today, Emeka drives the winch and Magnus flies the tug; the wind favours the "
        "runway the airfield status gives",
        "Cecily Trumper wants a winch launch in the Discus, which she inspects herself; she launched at 10:05 and "
        "landed at 10:41",
        "Zachariah Bonney's flying account is short; his mother is paying in 50 pounds so that he can fly a winch "
        "launch in an ASK 21 with Fergus",
        "Ingrid Halvorsen last flew in November, so Fergus gives her a check flight before she flies the Discus solo",
        "Jocasta Underhill has signed her medical declaration, good for five years, and Fergus will send her solo "
        "in an ASK 21 today",
        "Leopold Hartigan is paying his 420-pound subscription for the year; he declares Amblecote and Chinnock from "
        "home in the Discus and takes an aerotow at 11:20; he landed out in a stubble field east of Chinnock "
        "Reservoir, ST 418 741, and Cecily will fetch him with the club's Land Rover and the trailer",
        "Cecily Trumper has earned her cross-country endorsement and declares Hungerdown Mast and Wexley Bridge from "
        "home in the Discus",
        "The second ASK 21's airworthiness review was signed by Magnus, good to 16 April 2039",
        "The Astir's canopy latch has been replaced and tested, signed off by Magnus",
        "The first ASK 21's tailwheel tyre is flat: it is grounded until the tyre and tube are replaced",
        "Mr Ivor Sayce's voucher for three winch launches is to be flown on Wednesday 21 April",
        "Mr Auberon Tresize is here for his aerotow trial flight today: born 14 February 1996, 84 kilograms",
        "Cecily Trumper has a new phone number, 07700 900148",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "club_fleet", "trial_flight_products", "airfield_status")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
MEMBER_CONSUMERS = ["update_member", "member_record", "pay_subscription", "top_up_account", "record_medical",
                    "add_to_flying_list", "message_member"]
CLUB_MEMBER_CONSUMERS = ["roster_duty", "record_check_flight", "authorise_solo", "grant_endorsement",
                         "declare_task"]
GLIDER_CONSUMERS = ["daily_inspection", "record_arc", "report_snag", "add_to_flying_list", "declare_task",
                    "glider_record"]
VOUCHER_CONSUMERS = ["book_trial_flight", "temporary_membership"]
_MEMBER = "id lookup/create: member (member_id of join_member, or of a find_member entry)"
_CLUB_MEMBER = "id lookup: member (member_id of a find_member entry)"
_GLIDER = "id lookup: glider (glider_id of a club_fleet entry)"
_VOUCHER = "id lookup/create: voucher (voucher_code of sell_voucher, or of a vouchers entry)"
_FLIGHT = "id lookup: flight (flight_id of a flights entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("join_member|find_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [("find_member", c, _CLUB_MEMBER) for c in CLUB_MEMBER_CONSUMERS]
    + [("club_fleet", c, _GLIDER) for c in GLIDER_CONSUMERS]
    + [("sell_voucher|vouchers", c, _VOUCHER) for c in VOUCHER_CONSUMERS]
    + [("flights", c, _FLIGHT) for c in ("land_flight", "report_landout")]
    + [
        ("airfield_status", "open_flying_day", "vocabulary: the runway in use (runway of airfield_status)"),
        ("trial_flight_products", "sell_voucher", "vocabulary: trial flight codes (code of a trial_flight_products "
                                                  "entry)"),
        ("turnpoints", "declare_task", "vocabulary: turnpoint codes (code of a turnpoints entry)"),
        ("report_snag|snags", "clear_snag", "id lookup/create: snag (snag_id of report_snag, or of a snags entry)"),
        ("add_to_flying_list|flying_list", "launch_flight",
         "id lookup/create: list entry (entry_id of add_to_flying_list, or of a flying_list entry)"),
        ("report_landout", "arrange_retrieve", "id create: landout (landout_id of report_landout)"),
        ("temporary_membership", "add_to_flying_list",
         "id create: temporary member (member_id of temporary_membership)"),
        ("roster_duty", "open_flying_day", "state: a duty instructor on the roster"),
        ("roster_duty", "launch_flight", "state: a winch driver or tug pilot on the roster"),
        ("open_flying_day", "add_to_flying_list", "state: the flying day open"),
        ("open_flying_day", "close_flying_day", "state: the flying day open"),
        ("clear_snag", "daily_inspection", "state: the grounding snag cleared"),
        ("launch_flight", "land_flight", "state: the flight airborne"),
        ("launch_flight", "report_landout", "state: the flight airborne"),
        ("land_flight", "close_flying_day", "state: every glider down"),
        ("book_trial_flight", "temporary_membership", "state: the voucher booked for today"),
        ("pay_subscription", "add_to_flying_list", "payment: the year's subscription paid"),
        ("top_up_account", "add_to_flying_list", "payment: the flying account holds the launch fee"),
        ("record_arc", "daily_inspection", "vetting: a current airworthiness review"),
        ("daily_inspection", "launch_flight", "vetting: the glider's daily inspection signed today"),
        ("record_medical", "authorise_solo", "vetting: a current medical on record"),
        ("authorise_solo", "add_to_flying_list", "vetting: the pilot authorised to fly solo"),
        ("record_check_flight", "add_to_flying_list", "vetting: a check flight within the currency days"),
        ("grant_endorsement", "declare_task", "vetting: the cross-country endorsement"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
# the records that show a member's id (not the member's own record, which is read with the id it echoes)
_MEMBER_SHOWN = ("find_member", "join_member", "update_member", "pay_subscription", "record_medical", "roster_duty",
                 "duty_roster", "authorise_solo", "grant_endorsement", "record_check_flight", "temporary_membership",
                 "add_to_flying_list", "flying_list", "member_accounts", "declare_task")
# the records that show a glider's trigraph (not the glider's own record)
_GLIDER_SHOWN = ("club_fleet", "daily_inspection", "record_arc", "report_snag", "snags", "clear_snag", "flying_list",
                 "add_to_flying_list", "flights", "launch_flight", "land_flight", "declare_task", "report_landout",
                 "arrange_retrieve")
_MEMBER_CHANGES = ("join_member", "update_member", "pay_subscription", "top_up_account", "record_medical",
                   "authorise_solo", "grant_endorsement", "record_check_flight", "land_flight")
_GLIDER_CHANGES = ("record_arc", "daily_inspection", "report_snag", "clear_snag", "launch_flight", "land_flight")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: members on the lists, roster entries and records that name
    # them; gliders on the fleet, snags, list entries, flights, tasks and landouts; snags, list entries, flights and
    # vouchers on the lists and records that show them
    {(p, c) for p in _MEMBER_SHOWN for c in MEMBER_CONSUMERS + CLUB_MEMBER_CONSUMERS}
    | {(p, c) for p in _GLIDER_SHOWN for c in GLIDER_CONSUMERS + ["snags"]}
    | {(p, "clear_snag") for p in ("report_snag", "snags", "glider_record")}
    | {(p, "launch_flight") for p in ("add_to_flying_list", "flying_list", "flights", "launch_flight")}
    | {(p, c) for p in ("launch_flight", "flights", "land_flight", "report_landout")
       for c in ("land_flight", "report_landout")}
    | {(p, c) for p in ("sell_voucher", "vouchers", "book_trial_flight") for c in VOUCHER_CONSUMERS}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("add_to_flying_list", "land_flight"), ("add_to_flying_list", "report_landout"),
        ("airfield_status", "add_to_flying_list"), ("airfield_status", "close_flying_day"),
        ("club_fleet", "clear_snag"), ("club_fleet", "launch_flight"), ("daily_inspection", "land_flight"),
        ("daily_inspection", "report_landout"), ("find_member", "launch_flight"), ("find_member", "open_flying_day"),
        ("flying_list", "land_flight"), ("flying_list", "report_landout"), ("launch_flight", "arrange_retrieve"),
        ("open_flying_day", "launch_flight"), ("pay_subscription", "launch_flight"),
        ("record_medical", "add_to_flying_list"), ("roster_duty", "add_to_flying_list"),
        ("roster_duty", "close_flying_day"), ("roster_duty", "land_flight"), ("roster_duty", "report_landout"),
        ("snags", "daily_inspection"), ("trial_flight_products", "book_trial_flight"),
        ("trial_flight_products", "temporary_membership"), ("vouchers", "add_to_flying_list"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in _MEMBER_CHANGES for c in ("find_member", "member_record", "member_accounts")}
    | {("roster_duty", "duty_roster")}
    | {(p, c) for p in _GLIDER_CHANGES for c in ("club_fleet", "glider_record", "snags")}
    | {(p, "flying_list") for p in ("add_to_flying_list", "launch_flight")}
    | {(p, "flights") for p in ("launch_flight", "land_flight", "report_landout")}
    | {(p, "vouchers") for p in ("sell_voucher", "book_trial_flight", "temporary_membership")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
