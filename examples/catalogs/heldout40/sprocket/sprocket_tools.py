"""Sprocket: the programming, projection, box office and hires system of the Kinnersley Picture House (40 calls).

Async functions over an in-memory ``State`` of the cinema's system on Thursday 15 October 2037 at 10:00, the day
before new films open. The programmer books films from the distributors (a request, then the distributor's
confirmation of the terms), schedules shows on the three screens, puts them on sale or cancels them. The
projectionists ingest the DCPs that arrive, order and load the keys (KDMs) that unlock them on a screen's server,
build each show's playlist with a pre-show reel, lock shows as ready to play, mark accessible screenings, and report
and clear the screens' faults. The box office sells and refunds tickets. Finance sends the distributors their weekly
box office returns and pays the film rent. The events manager registers hirers, quotes and books private hires of a
screen, takes their deposits, records what they will show and writes to them. The manager may do everything. What's
on and the screens are public.

The cinema's database sits behind a PostgREST-style API, and the tools pass back what it answers: a record (a
dataclass) or a list of them, or, for a refusal, the API's error object, a ``PgError`` dataclass of ``code`` (a
Postgres SQLSTATE), ``message``, ``details`` and ``hint``: ``PgError(code="P0001", message="FB-2204 is requested; a
show is scheduled for a confirmed booking", details=None, hint="Record the distributor's confirmation first")``.
The runtime's common conventions read no such object (no ``error`` key, no ``success``, ``ok`` or word ``status``),
so the module declares ``FAILURE`` (``postgrest_error``: a reply holding exactly ``code``, ``message``, ``details``
and ``hint``; it answers ``"P0001: ..."``). Every tool but the public ones sits behind the ``role_required(*roles)``
decorator (``functools.wraps``; the wrapper is itself a coroutine function), which checks the session's token and
role before the tool runs and answers a ``PgError`` itself (``28000`` for no session, ``42501`` for the wrong role).
Replies are dataclasses and lists of them, with rows nested as lists of lists (a sale's tickets, a playlist's
items, a box office return's shows); bare values answer the film rent paid (what is still owed the distributor) and
a hire deposit paid (the balance left to pay); sentences with an id in them answer a show cancelled, a sale refunded,
a hire cancelled, a message sent and a sign-out.
``from __future__ import annotations`` with PEP 604 unions (``str | None``, ``list[str]``), resolved by the runtime
in this module: a plain ``Enum`` input (``PriceBand``), two ``str`` ``Enum`` filters (``BookingStatus``,
``ShowStatus``), ``Literal`` inputs (payment, a fault's severity, an accessible screening, a hire's content) and
``Literal`` filters (content kind, key status, hire status), ``list[str]`` seats. Plain-prose docstrings. Ids look
alike: film ``FLM-8804``, booking ``FB-2205``, show ``SH-5514``, delivery ``DLV-901``, content ``CPL-4C19``, key
``KDM-7104``, playlist ``PL-330``, sale ``TS-90407``, return ``RTN-3303``, hirer ``HR-603``, quote ``Q-1207``, hire
``HIRE-452``, message ``MSG-655``; screen ``S1``; pre-show reel ``REEL-12A-41``. That bookings open on a Friday,
the terms a distributor takes, which pre-show reel may run before which feature, how long a key may run, the seats
in each screen's rows and the least hours of a hire are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal

TODAY = "2037-10-15"  # a Thursday
NOW = "10:00"


class PriceBand(Enum):
    STANDARD = "standard"
    MATINEE = "matinee"
    PREMIUM = "premium"


class BookingStatus(str, Enum):
    REQUESTED = "requested"
    CONFIRMED = "confirmed"
    DECLINED = "declined"


class ShowStatus(str, Enum):
    SCHEDULED = "scheduled"
    ON_SALE = "on_sale"
    PLAYED = "played"
    CANCELLED = "cancelled"


Payment = Literal["card", "cash"]
Severity = Literal["minor", "show_stopper"]
Accessible = Literal["subtitled", "audio_described", "relaxed"]
HireContent = Literal["dcp", "bluray", "laptop"]
ContentKind = Literal["feature", "trailer"]
KeyStatus = Literal["received", "loaded", "expired"]
HireStatus = Literal["provisional", "confirmed", "cancelled"]
ReturnStatus = Literal["due", "paid"]

CERTIFICATES = ["U", "PG", "12A", "15", "18"]
PRICES = {"standard": {"adult": 10.5, "child": 7.0, "concession": 8.5},
          "matinee": {"adult": 7.5, "child": 5.5, "concession": 6.5},
          "premium": {"adult": 13.0, "child": 9.0, "concession": 11.0}}
SCREENS = {  # code -> name, seats, rows, seats a row, server, hire a hour
    "S1": ["Screen 1", 210, "ABCDEFGHIJKLMN", 15, "IMS3000-41190", 180.0],
    "S2": ["Screen 2", 96, "ABCDEFGH", 12, "IMS3000-41207", 110.0],
    "S3": ["The Studio", 48, "ABCDEF", 8, "DSS220-5518", 60.0],
}
REELS = [  # reel, certificate, minutes
    ("REEL-U-41", "U", 12), ("REEL-PG-41", "PG", 15), ("REEL-12A-41", "12A", 18), ("REEL-15-41", "15", 20),
    ("REEL-18-41", "18", 22),
]
DISTRIBUTORS = {"ALT": "Altamira Pictures", "BLK": "Blackthorn Releasing", "NOR": "Northlight Films"}
FILMS = {  # film -> title, distributor, certificate, minutes, release
    "FLM-8801": ["The Salt Road", "NOR", "12A", 118, "2037-10-16"],
    "FLM-8802": ["Lamplight Over Tredinnick", "BLK", "PG", 96, "2037-10-02"],
    "FLM-8803": ["Ninefold", "ALT", "15", 131, "2037-10-23"],
    "FLM-8804": ["A Winter Apprentice", "BLK", "U", 88, "2037-10-30"],
    "FLM-8805": ["The Quiet Hours", "NOR", "18", 104, "2037-10-02"],
    "FLM-8806": ["Marram", "ALT", "12A", 110, "2037-09-25"],
}
TURNAROUND = 30  # minutes between shows on a screen
VAT = 1.2
KEY_DAYS = 42
HIRE_MIN_HOURS = 2
HIRE_DEPOSIT = 0.25
ROLE_NAMES = {"programmer": "the programmer", "projection": "the projectionists", "boxoffice": "the box office",
              "finance": "finance", "events": "the events manager", "manager": "the manager"}


# --------------------------------------------------------------------------- replies


@dataclass
class PgError:
    """The API's error object: a Postgres SQLSTATE ``code``, the ``message``, ``details`` and a ``hint``."""

    code: str
    message: str
    details: str | None = None
    hint: str | None = None


def postgrest_error(reply: Any) -> Any:
    """A reply is a refusal when it is the API's error object (exactly ``code``, ``message``, ``details`` and
    ``hint``); answers ``"<code>: <message>"``, else False."""
    if not isinstance(reply, dict) or set(reply) != {"code", "message", "details", "hint"}:
        return False
    text = f"{reply.get('code')}: {reply.get('message')}"
    return text + (f" ({reply['details']})" if reply.get("details") else "")


FAILURE = postgrest_error


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Showing:
    show_id: str
    film: str
    certificate: str
    screen: str
    date: str
    time: str
    seats_left: int
    prices: dict[str, float]
    flags: list[str]


@dataclass
class ScreenInfo:
    code: str
    name: str
    seats: int
    server: str
    in_service: bool
    fault: str | None


@dataclass
class Distributor:
    code: str
    name: str
    on_stop: bool
    owed: float


@dataclass
class Film:
    film_id: str
    title: str
    distributor: str
    certificate: str
    minutes: int
    release_date: str


@dataclass
class FilmBooking:
    booking_id: str
    film_id: str
    title: str
    distributor: str
    first_date: str
    last_date: str
    terms_pct: float
    status: str


@dataclass
class Show:
    show_id: str
    booking_id: str
    film: str
    certificate: str
    screen: str
    date: str
    time: str
    ends: str
    status: str
    price_band: str | None
    seats_left: int
    playlist_id: str | None
    locked: bool
    flags: list[str] = field(default_factory=list)


@dataclass
class Delivery:
    delivery_id: str
    title: str
    cpl_id: str
    size_gb: float
    arrived: str
    ingested: bool


@dataclass
class Content:
    cpl_id: str
    title: str
    kind: str
    film_id: str | None
    minutes: int
    encrypted: bool
    subtitles: bool


@dataclass
class Kdm:
    kdm_id: str
    cpl_id: str
    title: str
    screen: str
    server: str
    valid_from: str
    valid_to: str
    status: str


@dataclass
class Reel:
    reel_id: str
    certificate: str
    minutes: int


@dataclass
class Playlist:
    playlist_id: str
    show_id: str
    items: list[list[Any]]
    total_minutes: int
    ends: str


@dataclass
class Fault:
    screen: str
    description: str
    severity: str
    reported: str
    in_service: bool


@dataclass
class Sale:
    sale_id: str
    show_id: str
    film: str
    date: str
    time: str
    tickets: list[list[Any]]
    total: float
    payment: str
    refunded: bool


@dataclass
class BoxOfficeReturn:
    return_id: str
    booking_id: str
    distributor: str
    week_ending: str
    shows: list[list[Any]]
    admissions: int
    gross: float
    net: float
    film_rent: float
    due: str
    status: str


@dataclass
class Hirer:
    hirer_id: str
    name: str
    organisation: str
    email: str
    phone: str


@dataclass
class Quote:
    quote_id: str
    screen: str
    date: str
    start: str
    hours: int
    price: float
    deposit: float
    expires: str


@dataclass
class Hire:
    hire_id: str
    hirer_id: str
    organisation: str
    screen: str
    date: str
    start: str
    end: str
    purpose: str
    price: float
    deposit: float
    paid: float
    status: str
    content: str | None


# --------------------------------------------------------------------------- state


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


class State:
    """The Kinnersley Picture House's system on Thursday 15 October 2037 at 10:00."""

    def __init__(self) -> None:
        self.staff = {
            "isadora.k": {"name": "Isadora Kemble", "password": "Reel-Change-24", "role": "programmer"},
            "cosmo.r": {"name": "Cosmo Ravenscroft", "password": "Xenon-Lamp-7", "role": "projection"},
            "clemency.l": {"name": "Clemency Larkhill", "password": "Port-Glass-52", "role": "projection"},
            "jolyon.p": {"name": "Jolyon Pardew", "password": "Kiosk-Till-18", "role": "boxoffice"},
            "tarquin.b": {"name": "Tarquin Bellingham", "password": "Film-Rent-63", "role": "finance"},
            "saskia.m": {"name": "Saskia Merriweather", "password": "Private-Hire-9", "role": "events"},
            "gwendoline.d": {"name": "Gwendoline Dunsford", "password": "Usher-Torch-30", "role": "manager"},
        }
        self.sessions: dict[str, dict] = {}
        self.faults = {"S2": ["The lamp house fan has failed; the lamp shuts down after ten minutes", "show_stopper",
                              "2037-10-14"]}
        self.bookings = {  # booking -> film, first date, weeks, terms %, status
            "FB-2201": ["FLM-8806", "2037-09-25", 1, 35.0, "confirmed"],
            "FB-2202": ["FLM-8802", "2037-10-02", 3, 35.0, "confirmed"],
            "FB-2203": ["FLM-8805", "2037-10-02", 3, 40.0, "confirmed"],
            "FB-2204": ["FLM-8801", "2037-10-16", 2, 35.0, "requested"],
        }
        self.shows = {  # show -> booking, screen, date, time, status, price band, playlist, locked, flags
            "SH-5501": ["FB-2202", "S2", "2037-10-03", "14:00", "played", "matinee", None, True, []],
            "SH-5502": ["FB-2202", "S1", "2037-10-06", "18:00", "played", "standard", None, True, []],
            "SH-5503": ["FB-2203", "S3", "2037-10-07", "20:30", "played", "standard", None, True, []],
            "SH-5510": ["FB-2202", "S2", "2037-10-15", "14:00", "on_sale", "matinee", "PL-328", False, []],
            "SH-5511": ["FB-2203", "S3", "2037-10-15", "20:30", "on_sale", "standard", "PL-329", True, []],
            "SH-5512": ["FB-2202", "S1", "2037-10-16", "14:00", "scheduled", None, None, False, []],
            "SH-5513": ["FB-2203", "S3", "2037-10-16", "20:30", "scheduled", None, None, False, []],
        }
        self.deliveries = {  # delivery -> title, cpl, size GB, arrived, ingested
            "DLV-898": ["Lamplight Over Tredinnick", "CPL-3A07", 142.5, "2037-09-29", True],
            "DLV-899": ["The Quiet Hours", "CPL-3B52", 161.0, "2037-09-30", True],
            "DLV-901": ["The Salt Road", "CPL-4C19", 188.2, "2037-10-13", False],
        }
        self.content = {  # cpl -> title, kind, film, minutes, encrypted, subtitles
            "CPL-3A07": ["Lamplight Over Tredinnick", "feature", "FLM-8802", 96, True, True],
            "CPL-3B52": ["The Quiet Hours", "feature", "FLM-8805", 104, True, False],
            "CPL-T880": ["A Winter Apprentice (trailer)", "trailer", "FLM-8804", 2, False, False],
            "CPL-T881": ["Ninefold (trailer)", "trailer", "FLM-8803", 3, False, False],
        }
        self.packages = {"CPL-4C19": ["The Salt Road", "feature", "FLM-8801", 118, True, True]}  # on the drive
        self.kdms = {  # kdm -> cpl, screen, valid from, valid to, status
            "KDM-7101": ["CPL-3A07", "S2", "2037-10-01", "2037-10-29", "loaded"],
            "KDM-7102": ["CPL-3B52", "S3", "2037-10-01", "2037-10-22", "loaded"],
            "KDM-7103": ["CPL-4C19", "S1", "2037-10-16", "2037-10-30", "received"],
            "KDM-7100": ["CPL-3A07", "S1", "2037-09-29", "2037-10-08", "expired"],
        }
        self.playlists = {  # playlist -> show, feature cpl, reel
            "PL-328": ["SH-5510", "CPL-3A07", "REEL-PG-41"],
            "PL-329": ["SH-5511", "CPL-3B52", "REEL-18-41"],
        }
        self.sales = {  # sale -> show, tickets [[ref, seat, kind, price]], payment, refunded
            "TS-90401": ["SH-5501", [["TK-1", "D5", "adult", 7.5], ["TK-2", "D6", "child", 5.5],
                                     ["TK-3", "D7", "child", 5.5]], "card", False],
            "TS-90402": ["SH-5502", [["TK-4", "G8", "adult", 10.5], ["TK-5", "G9", "adult", 10.5]], "card", False],
            "TS-90403": ["SH-5502", [["TK-6", "H1", "concession", 8.5]], "cash", False],
            "TS-90404": ["SH-5503", [["TK-7", "B4", "adult", 10.5], ["TK-8", "B5", "adult", 10.5]], "card", False],
            "TS-90405": ["SH-5510", [["TK-9", "C3", "adult", 7.5], ["TK-10", "C4", "child", 5.5]], "card", False],
            "TS-90406": ["SH-5511", [["TK-11", "E2", "adult", 10.5], ["TK-12", "E3", "adult", 10.5]], "card", False],
        }
        self.returns = {  # return -> booking, week ending, admissions, gross, net, rent, due, status, shows
            "RTN-3301": ["FB-2201", "2037-10-01", 57, 535.5, 446.25, 156.19, "2037-10-06", "due",
                         [["SH-5480", "2037-09-26", "18:00", 34], ["SH-5481", "2037-09-28", "14:00", 23]]],
            "RTN-3302": ["FB-2203", "2037-10-08", 2, 21.0, 17.5, 7.0, "2037-10-15", "due",
                         [["SH-5503", "2037-10-07", "20:30", 2]]],
        }
        self.hirers = {  # hirer -> name, organisation, email, phone
            "HR-601": ["Mr Ambrosius Penrice", "Tredinnick Film Society", "films@tredinnickfs.example.org",
                       "01632 962601"],
            "HR-602": ["Mrs Ottilie Szabados", "Hembury Bank Primary School", "office@hemburybank.example.sch.uk",
                       "01632 962602"],
        }
        self.hires = {  # hire -> hirer, screen, date, start, hours, purpose, price, deposit, paid, status, content
            "HIRE-450": ["HR-602", "S3", "2037-10-20", "09:30", 2, "Year 6 film club", 120.0, 30.0, 30.0,
                         "confirmed", "bluray"],
            "HIRE-451": ["HR-601", "S3", "2037-10-21", "18:00", 3, "Members' screening and talk", 180.0, 45.0, 0.0,
                         "provisional", None],
        }
        self.quotes: dict[str, list] = {}
        self.messages: list[list] = []
        self.counters = {"token": 1, "booking": 2205, "show": 5514, "kdm": 7104, "playlist": 330, "sale": 90407,
                         "ticket": 13, "return": 3303, "hirer": 603, "quote": 1207, "hire": 452, "message": 655}


# --------------------------------------------------------------------------- helpers


def role_required(*roles: str):
    """Check the session's token and, where ``roles`` are given, the role before the tool runs; the manager may do
    everything. Answers the API's error object itself when the check fails."""

    def wrap(fn):
        @functools.wraps(fn)
        async def checked(*args, **kwargs):
            state, token = kwargs.get("state"), kwargs.get("token")
            who = state.sessions.get(token) if isinstance(token, str) else None
            if who is None:
                return PgError("28000", "not signed in, or the session has ended", None, "Sign in first")
            if roles and who["role"] not in roles and who["role"] != "manager":
                return PgError("42501", f"{who['name']} ({who['role']}) may not do this",
                               f"it is for {' or '.join(ROLE_NAMES[r] for r in roles)}", None)
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


def _count(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _date(value: Any) -> str | None:
    try:
        return _d(value).isoformat()
    except (TypeError, ValueError):
        return None


def _time(value: Any) -> str | None:
    try:
        return datetime.time.fromisoformat(value).strftime("%H:%M")
    except (TypeError, ValueError):
        return None


def _minutes(hhmm: str) -> int:
    return int(hhmm[:2]) * 60 + int(hhmm[3:])


def _clock(minutes: int) -> str:
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


def _missing(what: str, value: Any) -> PgError:
    return PgError("P0002", f"no {what} {value}", None, None)


def _rule(message: str, hint: str | None = None) -> PgError:
    return PgError("P0001", message, None, hint)


def _bad(message: str) -> PgError:
    return PgError("22023", message, None, None)


def _film_of(state: State, sid: str) -> list:
    return FILMS[state.bookings[state.shows[sid][0]][0]]


def _sold(state: State, sid: str) -> list[str]:
    return [t[1] for s in state.sales.values() if s[0] == sid and not s[3] for t in s[1]]


def _last_date(booking: list) -> str:
    return (_d(booking[1]) + datetime.timedelta(days=7 * booking[2] - 1)).isoformat()


def _running(state: State, sid: str) -> int:
    """The minutes a show runs: its playlist, else the feature with a 20-minute pre-show."""
    s = state.shows[sid]
    if s[6] is not None:
        p = state.playlists[s[6]]
        return state.content[p[1]][3] + next(r[2] for r in REELS if r[0] == p[2])
    return _film_of(state, sid)[3] + 20


def _show(state: State, sid: str) -> Show:
    s = state.shows[sid]
    f = _film_of(state, sid)
    return Show(show_id=sid, booking_id=s[0], film=f[0], certificate=f[2], screen=s[1], date=s[2], time=s[3],
                ends=_clock(_minutes(s[3]) + _running(state, sid)), status=s[4], price_band=s[5],
                seats_left=SCREENS[s[1]][1] - len(_sold(state, sid)), playlist_id=s[6], locked=s[7],
                flags=list(s[8]))


def _booking(state: State, bid: str) -> FilmBooking:
    b = state.bookings[bid]
    f = FILMS[b[0]]
    return FilmBooking(booking_id=bid, film_id=b[0], title=f[0], distributor=DISTRIBUTORS[f[1]], first_date=b[1],
                       last_date=_last_date(b), terms_pct=b[3], status=b[4])


def _owed(state: State, code: str) -> tuple[float, bool]:
    """What is owed a distributor, and whether any of it is more than seven days overdue."""
    owed, stop = 0.0, False
    for r in state.returns.values():
        if r[7] == "due" and FILMS[state.bookings[r[0]][0]][1] == code:
            owed += r[5]
            stop = stop or (_d(TODAY) - _d(r[6])).days > 7
    return round(owed, 2), stop


def _kdm(state: State, kid: str) -> Kdm:
    k = state.kdms[kid]
    title = (state.content.get(k[0]) or state.packages.get(k[0]))[0]
    return Kdm(kdm_id=kid, cpl_id=k[0], title=title, screen=k[1], server=SCREENS[k[1]][4], valid_from=k[2],
               valid_to=k[3], status=k[4])


def _content(state: State, cpl: str) -> Content:
    c = state.content[cpl]
    return Content(cpl_id=cpl, title=c[0], kind=c[1], film_id=c[2], minutes=c[3], encrypted=c[4], subtitles=c[5])


def _hire(state: State, hid: str) -> Hire:
    h = state.hires[hid]
    return Hire(hire_id=hid, hirer_id=h[0], organisation=state.hirers[h[0]][1], screen=h[1], date=h[2], start=h[3],
                end=_clock(_minutes(h[3]) + 60 * h[4]), purpose=h[5], price=h[6], deposit=h[7], paid=h[8],
                status=h[9], content=h[10])


def _return(state: State, rid: str) -> BoxOfficeReturn:
    r = state.returns[rid]
    return BoxOfficeReturn(return_id=rid, booking_id=r[0], distributor=DISTRIBUTORS[FILMS[state.bookings[r[0]][0]][1]],
                           week_ending=r[1], shows=[list(row) for row in r[8]], admissions=r[2], gross=r[3], net=r[4],
                           film_rent=r[5], due=r[6], status=r[7])


def _week_of(booking: list, day: str) -> str:
    """The Thursday that ends the booking week holding ``day``."""
    offset = (_d(day) - _d(booking[1])).days // 7
    return (_d(booking[1]) + datetime.timedelta(days=7 * offset + 6)).isoformat()


def _clash(state: State, screen: str, day: str, start: int, end: int, skip: str | None = None) -> str | None:
    """What already holds the screen between ``start`` and ``end`` minutes on ``day``, if anything."""
    for sid, s in state.shows.items():
        if sid != skip and s[1] == screen and s[2] == day and s[4] != "cancelled":
            a = _minutes(s[3])
            if start < a + _running(state, sid) + TURNAROUND and a < end + TURNAROUND:
                return sid
    for hid, h in state.hires.items():
        if h[1] == screen and h[2] == day and h[9] != "cancelled":
            a = _minutes(h[3])
            if start < a + 60 * h[4] + TURNAROUND and a < end + TURNAROUND:
                return hid
    return None


# --------------------------------------------------------------------------- sign-in and the public calls


async def sign_in(state: State, username: str, password: str) -> Session | PgError:
    """Sign in to the cinema's system with a staff user name, such as isadora.k, and its password. The session's
    token goes with every call but the public ones; the role is programmer, projection, boxoffice, finance, events
    or manager."""
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        return PgError("28P01", "user name or password not recognised", None, None)
    token = f"kph-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


@role_required()
async def sign_out(state: State, token: str) -> str | PgError:
    """End the session whose token is given; answers a sentence naming who was signed out."""
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def whats_on(state: State, date: str | None = None) -> list[Showing] | PgError:
    """What's on, as the website shows it (public): the shows on sale, optionally only those on one date
    (YYYY-MM-DD), by date and time, with the film, its certificate, the screen, the seats left, the prices of an
    adult, a child and a concession, and any flags (subtitled, audio described, relaxed)."""
    day = None
    if date is not None:
        day = _date(date)
        if day is None:
            return PgError("22007", f"date is YYYY-MM-DD, not {date!r}", None, None)
    out = []
    for sid, s in sorted(state.shows.items(), key=lambda kv: (kv[1][2], kv[1][3], kv[0])):
        if s[4] == "on_sale" and (day is None or s[2] == day) and (s[2], s[3]) > (TODAY, NOW):
            f = _film_of(state, sid)
            out.append(Showing(show_id=sid, film=f[0], certificate=f[2], screen=SCREENS[s[1]][0], date=s[2],
                               time=s[3], seats_left=SCREENS[s[1]][1] - len(_sold(state, sid)),
                               prices=dict(PRICES[s[5]]), flags=list(s[8])))
    return out


async def screen_list(state: State) -> list[ScreenInfo]:
    """The cinema's screens (public): each one's code, name, seats, the server that plays it, whether it is in
    service and, if not, the fault."""
    return [ScreenInfo(code=code, name=s[0], seats=s[1], server=s[4],
                       in_service=not (code in state.faults and state.faults[code][1] == "show_stopper"),
                       fault=state.faults[code][0] if code in state.faults else None)
            for code, s in sorted(SCREENS.items())]


# --------------------------------------------------------------------------- programming


@role_required("programmer", "finance")
async def distributors(state: State, token: str) -> list[Distributor] | PgError:
    """The distributors the cinema books from, with what the cinema owes each and whether its account is on stop
    (a return more than a week overdue)."""
    return [Distributor(code=code, name=name, on_stop=_owed(state, code)[1], owed=_owed(state, code)[0])
            for code, name in sorted(DISTRIBUTORS.items())]


@role_required("programmer")
async def find_film(state: State, token: str, text: str) -> list[Film] | PgError:
    """Find films in the distributors' catalogues by part of the title; each with its id, distributor,
    certificate, running time in minutes and release date."""
    if _blank(text):
        return _bad("text is required")
    needle = text.strip().lower()
    return [Film(film_id=fid, title=f[0], distributor=DISTRIBUTORS[f[1]], certificate=f[2], minutes=f[3],
                 release_date=f[4]) for fid, f in sorted(FILMS.items()) if needle in f[0].lower()]


@role_required("programmer")
async def request_booking(state: State, token: str, film_id: str, first_date: str, weeks: int,
                          terms_pct: float) -> FilmBooking | PgError:
    """Ask a film's distributor to book it: the film, the first day of the run (YYYY-MM-DD), how many weeks and
    the terms offered as a percentage of the net box office. The booking stays requested until the distributor's
    confirmation is recorded."""
    f = FILMS.get(film_id) if isinstance(film_id, str) else None
    if f is None:
        return _missing("film", film_id)
    day = _date(first_date)
    if day is None:
        return PgError("22007", f"first_date is YYYY-MM-DD, not {first_date!r}", None, None)
    if not _count(weeks) or not 1 <= weeks <= 6:
        return _bad(f"weeks is 1 to 6, not {weeks!r}")
    if not _amount(terms_pct) or not 25 <= terms_pct <= 60:
        return PgError("23514", f"terms of {terms_pct!r} per cent are outside 25 to 60", None, None)
    if _d(day).weekday() != 4:
        return _rule(f"{day} is a {_d(day).strftime('%A')}", "A booking week runs Friday to Thursday")
    if day < f[4]:
        return _rule(f"{f[0]} is released on {f[4]}")
    if day <= TODAY:
        return _rule(f"{day} has come")
    owed, stop = _owed(state, f[1])
    if stop:
        return _rule(f"{DISTRIBUTORS[f[1]]} has our account on stop; {owed:.2f} of film rent is overdue",
                     "Pay the overdue return first")
    for bid, b in state.bookings.items():
        if b[0] == film_id and b[4] in ("requested", "confirmed") and _last_date(b) >= day:
            return PgError("23505", f"{f[0]} is booked already", f"booking {bid} ({b[4]})", None)
    bid = f"FB-{_next(state, 'booking')}"
    state.bookings[bid] = [film_id, day, weeks, float(terms_pct), "requested"]
    return _booking(state, bid)


@role_required("programmer")
async def confirm_booking(state: State, token: str, booking_id: str, terms_pct: float) -> FilmBooking | PgError:
    """Record the distributor's confirmation of a requested booking, with the terms it agreed."""
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return _missing("booking", booking_id)
    if not _amount(terms_pct) or not 25 <= terms_pct <= 60:
        return PgError("23514", f"terms of {terms_pct!r} per cent are outside 25 to 60", None, None)
    if b[4] == "confirmed":
        return _rule(f"{booking_id} is confirmed already")
    if b[4] != "requested":
        return _rule(f"{booking_id} is {b[4]}")
    b[3], b[4] = float(terms_pct), "confirmed"
    return _booking(state, booking_id)


@role_required("programmer", "finance")
async def film_bookings(state: State, token: str, status: BookingStatus | None = None) -> list[FilmBooking] | PgError:
    """The film bookings in booking id order, optionally only those requested, confirmed or declined."""
    want = _value(status)
    if want is not None and want not in [s.value for s in BookingStatus]:
        return PgError("22P02", f"status is requested, confirmed or declined, not {want!r}", None, None)
    return [_booking(state, bid) for bid, b in sorted(state.bookings.items()) if want is None or b[4] == want]


@role_required("programmer")
async def schedule_show(state: State, token: str, booking_id: str, screen_code: str, date: str,
                        time: str) -> Show | PgError:
    """Schedule a show of a confirmed booking's film on a screen, on a day of the run, at a time (HH:MM); it goes
    on sale separately."""
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return _missing("booking", booking_id)
    if screen_code not in SCREENS:
        return _missing("screen", screen_code)
    day, at = _date(date), _time(time)
    if day is None or at is None:
        return PgError("22007", f"date is YYYY-MM-DD and time HH:MM, not {date!r} and {time!r}", None, None)
    if b[4] != "confirmed":
        return _rule(f"{booking_id} is {b[4]}; a show is scheduled for a confirmed booking",
                     "Record the distributor's confirmation first")
    if not b[1] <= day <= _last_date(b):
        return _rule(f"{day} is outside {booking_id}'s run ({b[1]} to {_last_date(b)})")
    if (day, at) <= (TODAY, NOW):
        return _rule(f"{day} {at} has gone")
    if not "10:00" <= at <= "21:30":
        return _rule(f"{at} is outside the cinema's hours; the last show starts at 21:30")
    start = _minutes(at)
    other = _clash(state, screen_code, day, start, start + FILMS[b[0]][3] + 20)
    if other is not None:
        return PgError("23P01", f"{SCREENS[screen_code][0]} is taken then", f"by {other}", None)
    sid = f"SH-{_next(state, 'show')}"
    state.shows[sid] = [booking_id, screen_code, day, at, "scheduled", None, None, False, []]
    return _show(state, sid)


@role_required("programmer", "projection", "boxoffice")
async def shows(state: State, token: str, date: str | None = None,
                status: ShowStatus | None = None) -> list[Show] | PgError:
    """The shows in show id order, optionally only those on a date (YYYY-MM-DD) and those scheduled, on sale,
    played or cancelled."""
    want = _value(status)
    if want is not None and want not in [s.value for s in ShowStatus]:
        return PgError("22P02", f"status is scheduled, on_sale, played or cancelled, not {want!r}", None, None)
    day = None
    if date is not None:
        day = _date(date)
        if day is None:
            return PgError("22007", f"date is YYYY-MM-DD, not {date!r}", None, None)
    return [_show(state, sid) for sid, s in sorted(state.shows.items())
            if (want is None or s[4] == want) and (day is None or s[2] == day)]


@role_required("programmer")
async def put_on_sale(state: State, token: str, show_id: str, price_band: PriceBand) -> Show | PgError:
    """Put a scheduled show on sale at a price band: standard, matinee or premium."""
    s = state.shows.get(show_id) if isinstance(show_id, str) else None
    if s is None:
        return _missing("show", show_id)
    band = _value(price_band)
    if band not in PRICES:
        return PgError("22P02", f"price_band is standard, matinee or premium, not {band!r}", None, None)
    if s[4] == "on_sale":
        return _rule(f"{show_id} is on sale already")
    if s[4] != "scheduled":
        return _rule(f"{show_id} is {s[4]}")
    s[4], s[5] = "on_sale", band
    return _show(state, show_id)


@role_required("programmer")
async def cancel_show(state: State, token: str, show_id: str, reason: str) -> str | PgError:
    """Cancel a show that has not started, giving the reason; its sales are refunded. Answers a sentence naming the
    show and the refunds."""
    s = state.shows.get(show_id) if isinstance(show_id, str) else None
    if s is None:
        return _missing("show", show_id)
    if _blank(reason):
        return _bad("reason is required")
    if s[4] == "cancelled":
        return _rule(f"{show_id} is cancelled already")
    if s[4] == "played" or (s[2], s[3]) <= (TODAY, NOW):
        return _rule(f"{show_id} has started")
    refunded = [sid for sid, sale in sorted(state.sales.items()) if sale[0] == show_id and not sale[3]]
    for sid in refunded:
        state.sales[sid][3] = True
    s[4] = "cancelled"
    return f"Show {show_id} cancelled; {len(refunded)} sale(s) refunded."


# --------------------------------------------------------------------------- projection


@role_required("projection")
async def dcp_deliveries(state: State, token: str) -> list[Delivery] | PgError:
    """The DCP drives and downloads that have arrived, in delivery id order, each with the content (CPL) on it and
    whether it is ingested."""
    return [Delivery(delivery_id=did, title=d[0], cpl_id=d[1], size_gb=d[2], arrived=d[3], ingested=d[4])
            for did, d in sorted(state.deliveries.items())]


@role_required("projection")
async def ingest_dcp(state: State, token: str, delivery_id: str) -> Content | PgError:
    """Ingest a delivery's DCP into the cinema's library, checking its hashes; answers the content as the library
    now holds it."""
    d = state.deliveries.get(delivery_id) if isinstance(delivery_id, str) else None
    if d is None:
        return _missing("delivery", delivery_id)
    if d[4]:
        return PgError("23505", f"{delivery_id} is ingested already", f"content {d[1]}", None)
    state.content[d[1]] = list(state.packages.pop(d[1]))
    d[4] = True
    return _content(state, d[1])


@role_required("projection")
async def content_library(state: State, token: str, kind: ContentKind | None = None) -> list[Content] | PgError:
    """The content in the cinema's library, in CPL id order, optionally only features or only trailers."""
    if kind is not None and kind not in ("feature", "trailer"):
        return PgError("22P02", f"kind is feature or trailer, not {kind!r}", None, None)
    return [_content(state, cpl) for cpl, c in sorted(state.content.items()) if kind is None or c[1] == kind]


@role_required("projection")
async def order_kdm(state: State, token: str, cpl_id: str, screen_code: str, valid_from: str,
                    valid_to: str) -> Kdm | PgError:
    """Order the key (KDM) that lets a screen's server play an encrypted feature in the library between two days
    (YYYY-MM-DD); the distributor's key service sends it straight back, received but not yet loaded."""
    c = state.content.get(cpl_id) if isinstance(cpl_id, str) else None
    if c is None:
        return _missing("content in the library", cpl_id)
    if screen_code not in SCREENS:
        return _missing("screen", screen_code)
    start, end = _date(valid_from), _date(valid_to)
    if start is None or end is None:
        return PgError("22007", f"valid_from and valid_to are YYYY-MM-DD, not {valid_from!r} and {valid_to!r}",
                       None, None)
    if not c[4]:
        return _rule(f"{cpl_id} is not encrypted; it needs no key")
    if end <= start or end < TODAY:
        return _bad(f"{start} to {end} is no window for a key")
    if (_d(end) - _d(start)).days > KEY_DAYS:
        return _rule("a key runs for at most six weeks")
    for kid, k in state.kdms.items():
        if k[0] == cpl_id and k[1] == screen_code and k[4] != "expired" and k[2] <= start and end <= k[3]:
            return PgError("23505", f"{kid} covers {cpl_id} on {screen_code} then already", None, None)
    kid = f"KDM-{_next(state, 'kdm')}"
    state.kdms[kid] = [cpl_id, screen_code, start, end, "received"]
    return _kdm(state, kid)


@role_required("projection")
async def kdms(state: State, token: str, status: KeyStatus | None = None) -> list[Kdm] | PgError:
    """The keys (KDMs) in key id order, optionally only those received, loaded or expired."""
    if status is not None and status not in ("received", "loaded", "expired"):
        return PgError("22P02", f"status is received, loaded or expired, not {status!r}", None, None)
    return [_kdm(state, kid) for kid, k in sorted(state.kdms.items()) if status is None or k[4] == status]


@role_required("projection")
async def load_kdm(state: State, token: str, kdm_id: str) -> Kdm | PgError:
    """Load a received key onto its screen's server; the content it unlocks must be in the library."""
    k = state.kdms.get(kdm_id) if isinstance(kdm_id, str) else None
    if k is None:
        return _missing("key", kdm_id)
    if k[4] == "loaded":
        return _rule(f"{kdm_id} is loaded already")
    if k[4] != "received":
        return _rule(f"{kdm_id} is {k[4]}")
    if k[0] not in state.content:
        return _rule(f"{k[0]} is not in the library; a key is loaded once its content is ingested",
                     "Ingest the DCP first")
    k[4] = "loaded"
    return _kdm(state, kdm_id)


@role_required("projection")
async def preshow_reels(state: State, token: str) -> list[Reel] | PgError:
    """The pre-show reels (adverts and trailers, made up for each certificate), with their running times."""
    return [Reel(reel_id=rid, certificate=cert, minutes=mins) for rid, cert, mins in REELS]


@role_required("projection")
async def build_playlist(state: State, token: str, show_id: str, feature_cpl_id: str,
                         preshow_reel_id: str) -> Playlist | PgError:
    """Build a show's playlist: its pre-show reel, then the feature from the library. Answers the playlist with its
    items as rows of position, CPL or reel, title and minutes."""
    s = state.shows.get(show_id) if isinstance(show_id, str) else None
    if s is None:
        return _missing("show", show_id)
    c = state.content.get(feature_cpl_id) if isinstance(feature_cpl_id, str) else None
    if c is None:
        return _missing("content in the library", feature_cpl_id)
    reel = next((r for r in REELS if r[0] == preshow_reel_id), None)
    if reel is None:
        return _missing("pre-show reel", preshow_reel_id)
    if s[4] not in ("scheduled", "on_sale"):
        return _rule(f"{show_id} is {s[4]}")
    if s[7]:
        return _rule(f"{show_id} is locked; unlock it to change its playlist")
    film = _film_of(state, show_id)
    if c[1] != "feature" or c[2] != state.bookings[s[0]][0]:
        return _rule(f"{feature_cpl_id} is not {film[0]}")
    if CERTIFICATES.index(reel[1]) > CERTIFICATES.index(film[2]):
        return _rule(f"a {reel[1]} reel may not run before a {film[2]} feature")
    if s[6] is not None and state.playlists[s[6]][1:] == [feature_cpl_id, preshow_reel_id]:
        return _rule(f"{show_id} has that playlist already")
    pid = f"PL-{_next(state, 'playlist')}"
    state.playlists[pid] = [show_id, feature_cpl_id, preshow_reel_id]
    s[6] = pid
    items = [[1, preshow_reel_id, f"Pre-show ({reel[1]})", reel[2]], [2, feature_cpl_id, c[0], c[3]]]
    return Playlist(playlist_id=pid, show_id=show_id, items=items, total_minutes=reel[2] + c[3],
                    ends=_clock(_minutes(s[3]) + reel[2] + c[3]))


@role_required("projection")
async def lock_show(state: State, token: str, show_id: str) -> Show | PgError:
    """Lock a show as ready to play: its playlist is built, its screen is in service and, for an encrypted feature,
    a key loaded on that screen covers the day."""
    s = state.shows.get(show_id) if isinstance(show_id, str) else None
    if s is None:
        return _missing("show", show_id)
    if s[7]:
        return _rule(f"{show_id} is locked already")
    if s[4] not in ("scheduled", "on_sale"):
        return _rule(f"{show_id} is {s[4]}")
    if s[6] is None:
        return _rule(f"{show_id} has no playlist", "Build the playlist first")
    fault = state.faults.get(s[1])
    if fault is not None and fault[1] == "show_stopper":
        return _rule(f"{SCREENS[s[1]][0]} is out of service: {fault[0]}", "Clear the fault first")
    cpl = state.playlists[s[6]][1]
    if state.content[cpl][4] and not any(k[0] == cpl and k[1] == s[1] and k[4] == "loaded" and k[2] <= s[2] <= k[3]
                                         for k in state.kdms.values()):
        return _rule(f"no key loaded on {SCREENS[s[1]][4]} opens {cpl} on {s[2]}")
    s[7] = True
    return _show(state, show_id)


@role_required("projection")
async def report_fault(state: State, token: str, screen_code: str, description: str,
                       severity: Severity) -> Fault | PgError:
    """Report a fault on a screen, minor or show_stopper; a show-stopper takes the screen out of service until it
    is cleared."""
    if screen_code not in SCREENS:
        return _missing("screen", screen_code)
    if _blank(description):
        return _bad("description is required")
    if severity not in ("minor", "show_stopper"):
        return PgError("22P02", f"severity is minor or show_stopper, not {severity!r}", None, None)
    if screen_code in state.faults:
        return PgError("23505", f"{SCREENS[screen_code][0]} has an open fault already", state.faults[screen_code][0],
                       None)
    state.faults[screen_code] = [description.strip(), severity, TODAY]
    return Fault(screen=screen_code, description=description.strip(), severity=severity, reported=TODAY,
                 in_service=severity != "show_stopper")


@role_required("projection")
async def clear_fault(state: State, token: str, screen_code: str, work_done: str) -> Fault | PgError:
    """Clear a screen's open fault, saying what was done; the screen is back in service."""
    if screen_code not in SCREENS:
        return _missing("screen", screen_code)
    if _blank(work_done):
        return _bad("work_done is required")
    fault = state.faults.get(screen_code)
    if fault is None:
        return _rule(f"{SCREENS[screen_code][0]} has no open fault")
    del state.faults[screen_code]
    return Fault(screen=screen_code, description=f"{fault[0]} -- cleared: {work_done.strip()}", severity=fault[1],
                 reported=fault[2], in_service=True)


@role_required("projection", "programmer")
async def mark_accessible(state: State, token: str, show_id: str, kind: Accessible) -> Show | PgError:
    """Mark a show as a subtitled, audio-described or relaxed screening; its playlist carries the subtitles, the
    audio description track or the relaxed lights-up settings."""
    s = state.shows.get(show_id) if isinstance(show_id, str) else None
    if s is None:
        return _missing("show", show_id)
    if kind not in ("subtitled", "audio_described", "relaxed"):
        return PgError("22P02", f"kind is subtitled, audio_described or relaxed, not {kind!r}", None, None)
    if s[4] not in ("scheduled", "on_sale"):
        return _rule(f"{show_id} is {s[4]}")
    if kind in s[8]:
        return _rule(f"{show_id} is marked {kind} already")
    if s[6] is None:
        return _rule(f"{show_id} has no playlist to carry it", "Build the playlist first")
    if kind == "subtitled" and not state.content[state.playlists[s[6]][1]][5]:
        return _rule(f"{state.playlists[s[6]][1]} has no subtitle track")
    s[8].append(kind)
    return _show(state, show_id)


# --------------------------------------------------------------------------- the box office


@role_required("boxoffice")
async def sell_tickets(state: State, token: str, show_id: str, seats: list[str], payment: Payment,
                       children: int = 0, concessions: int = 0, id_checked: bool = False) -> Sale | PgError:
    """Sell tickets for a show on sale: the seats (such as F7), how many of them are for children and how many
    concessions (the rest adults), the payment, and whether the customers' ages were checked."""
    s = state.shows.get(show_id) if isinstance(show_id, str) else None
    if s is None:
        return _missing("show", show_id)
    if not isinstance(seats, list) or not seats or not all(isinstance(x, str) for x in seats):
        return _bad("seats is a list of seats such as F7")
    if payment not in ("card", "cash"):
        return PgError("22P02", f"payment is card or cash, not {payment!r}", None, None)
    if not _count(children) or not _count(concessions) or children < 0 or concessions < 0 \
            or children + concessions > len(seats):
        return _bad("children and concessions are counts within the seats sold")
    if s[4] != "on_sale":
        return _rule(f"{show_id} is {s[4]}; tickets are sold for a show on sale")
    if (s[2], s[3]) <= (TODAY, NOW):
        return _rule(f"{show_id} has started")
    rows, per_row = SCREENS[s[1]][2], SCREENS[s[1]][3]
    taken = set(_sold(state, show_id))
    for seat in seats:
        seat_u = seat.strip().upper()
        if len(seat_u) < 2 or seat_u[0] not in rows or not seat_u[1:].isdigit() or not 1 <= int(seat_u[1:]) <= per_row:
            return PgError("23503", f"{SCREENS[s[1]][0]} has no seat {seat}", None, None)
        if seat_u in taken:
            return PgError("23505", f"{seat_u} is sold already", None, None)
    if len({x.strip().upper() for x in seats}) != len(seats):
        return _bad("a seat is listed twice")
    cert = _film_of(state, show_id)[2]
    if cert in ("15", "18") and children:
        return _rule(f"a {cert} film takes no children's tickets")
    if cert in ("15", "18") and not id_checked:
        return _rule(f"a {cert} film is sold once the customers' ages are checked",
                     "Check their ID and pass id_checked")
    kinds = ["child"] * children + ["concession"] * concessions + ["adult"] * (len(seats) - children - concessions)
    band = PRICES[s[5]]
    tickets = []
    for seat, kind in zip(seats, kinds):
        tickets.append([f"TK-{_next(state, 'ticket')}", seat.strip().upper(), kind, band[kind]])
    sale_id = f"TS-{_next(state, 'sale')}"
    state.sales[sale_id] = [show_id, tickets, payment, False]
    return Sale(sale_id=sale_id, show_id=show_id, film=_film_of(state, show_id)[0], date=s[2], time=s[3],
                tickets=[list(t) for t in tickets], total=round(sum(t[3] for t in tickets), 2), payment=payment,
                refunded=False)


@role_required("boxoffice")
async def refund_sale(state: State, token: str, sale_id: str, reason: str) -> str | PgError:
    """Refund a sale before its show starts, giving the reason; answers a sentence naming the sale and the amount."""
    sale = state.sales.get(sale_id) if isinstance(sale_id, str) else None
    if sale is None:
        return _missing("sale", sale_id)
    if _blank(reason):
        return _bad("reason is required")
    if sale[3]:
        return _rule(f"{sale_id} is refunded already")
    s = state.shows[sale[0]]
    if (s[2], s[3]) <= (TODAY, NOW):
        return _rule(f"{sale[0]} has started; a sale is refunded before its show")
    sale[3] = True
    total = round(sum(t[3] for t in sale[1]), 2)
    return f"Sale {sale_id} refunded: {total:.2f} back by {sale[2]}."


@role_required("boxoffice")
async def sales(state: State, token: str, show_id: str | None = None) -> list[Sale] | PgError:
    """The sales in sale id order, optionally only those for one show."""
    if show_id is not None and show_id not in state.shows:
        return _missing("show", show_id)
    out = []
    for sid, sale in sorted(state.sales.items()):
        if show_id is None or sale[0] == show_id:
            s = state.shows[sale[0]]
            out.append(Sale(sale_id=sid, show_id=sale[0], film=_film_of(state, sale[0])[0], date=s[2], time=s[3],
                            tickets=[list(t) for t in sale[1]], total=round(sum(t[3] for t in sale[1]), 2),
                            payment=sale[2], refunded=sale[3]))
    return out


# --------------------------------------------------------------------------- finance


@role_required("finance")
async def box_office_return(state: State, token: str, booking_id: str, week_ending: str) -> BoxOfficeReturn | PgError:
    """Send a distributor the box office return for a week of a booking's run (the week ending on a Thursday,
    YYYY-MM-DD, once it is over): its shows as rows of show, date, time and admissions, the gross, the net of VAT
    and the film rent due at the booking's terms, payable in seven days."""
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return _missing("booking", booking_id)
    day = _date(week_ending)
    if day is None:
        return PgError("22007", f"week_ending is YYYY-MM-DD, not {week_ending!r}", None, None)
    if b[4] != "confirmed":
        return _rule(f"{booking_id} is {b[4]}")
    if not b[1] <= day <= _last_date(b) or _week_of(b, day) != day:
        return _rule(f"{day} does not end a week of {booking_id}'s run", "A booking week runs Friday to Thursday")
    if day >= TODAY:
        return _rule(f"the week ending {day} is not over")
    for rid, r in state.returns.items():
        if r[0] == booking_id and r[1] == day:
            return PgError("23505", f"the return for the week ending {day} is {rid} already", None, None)
    played = [sid for sid, s in sorted(state.shows.items()) if s[0] == booking_id and s[4] == "played"
              and _week_of(b, s[2]) == day]
    tickets = [t for sale in state.sales.values() if sale[0] in played and not sale[3] for t in sale[1]]
    rows = [[sid, state.shows[sid][2], state.shows[sid][3], len(_sold(state, sid))] for sid in played]
    gross = round(sum(t[3] for t in tickets), 2)
    net = round(gross / VAT, 2)
    rent = round(net * b[3] / 100, 2)
    rid = f"RTN-{_next(state, 'return')}"
    state.returns[rid] = [booking_id, day, len(tickets), gross, net, rent,
                          (_d(TODAY) + datetime.timedelta(days=7)).isoformat(), "due", rows]
    return _return(state, rid)


@role_required("finance")
async def returns(state: State, token: str, status: ReturnStatus | None = None) -> list[BoxOfficeReturn] | PgError:
    """The box office returns in return id order, optionally only those due or paid."""
    if status is not None and status not in ("due", "paid"):
        return PgError("22P02", f"status is due or paid, not {status!r}", None, None)
    return [_return(state, rid) for rid, r in sorted(state.returns.items()) if status is None or r[7] == status]


@role_required("finance")
async def pay_film_rent(state: State, token: str, return_id: str, amount: float) -> float | PgError:
    """Pay the film rent of a return by bank transfer; answers what is still owed that distributor, as a bare
    number."""
    r = state.returns.get(return_id) if isinstance(return_id, str) else None
    if r is None:
        return _missing("return", return_id)
    if r[7] == "paid":
        return _rule(f"{return_id} is paid already")
    if not _amount(amount) or abs(float(amount) - r[5]) > 0.005:
        return PgError("23514", f"{return_id} is for {r[5]:.2f}, not {amount!r}", None, None)
    r[7] = "paid"
    return _owed(state, FILMS[state.bookings[r[0]][0]][1])[0]


# --------------------------------------------------------------------------- private hires


@role_required("events")
async def find_hirer(state: State, token: str, text: str) -> list[Hirer] | PgError:
    """Find hirers by part of their name, organisation or e-mail address."""
    if _blank(text):
        return _bad("text is required")
    needle = text.strip().lower()
    return [Hirer(hirer_id=hid, name=h[0], organisation=h[1], email=h[2], phone=h[3])
            for hid, h in sorted(state.hirers.items())
            if needle in h[0].lower() or needle in h[1].lower() or needle in h[2].lower()]


@role_required("events")
async def register_hirer(state: State, token: str, name: str, organisation: str, email: str,
                         phone: str) -> Hirer | PgError:
    """Register someone who hires a screen: their name, the organisation, e-mail address and phone number."""
    if _blank(name) or _blank(organisation) or _blank(phone):
        return _bad("name, organisation and phone are required")
    if _blank(email) or "@" not in email:
        return _bad(f"{email!r} is not an e-mail address")
    for hid, h in state.hirers.items():
        if h[2].lower() == email.strip().lower():
            return PgError("23505", f"{email} is registered already", f"hirer {hid}", None)
    hid = f"HR-{_next(state, 'hirer')}"
    state.hirers[hid] = [name.strip(), organisation.strip(), email.strip(), phone.strip()]
    return Hirer(hirer_id=hid, name=name.strip(), organisation=organisation.strip(), email=email.strip(),
                 phone=phone.strip())


@role_required("events")
async def quote_hire(state: State, token: str, screen_code: str, date: str, start: str,
                     hours: int) -> Quote | PgError:
    """Quote for hiring a screen on a day (YYYY-MM-DD) from a time (HH:MM) for some hours; the quote holds for
    fourteen days."""
    if screen_code not in SCREENS:
        return _missing("screen", screen_code)
    day, at = _date(date), _time(start)
    if day is None or at is None:
        return PgError("22007", f"date is YYYY-MM-DD and start HH:MM, not {date!r} and {start!r}", None, None)
    if not _count(hours) or not 1 <= hours <= 8:
        return _bad(f"hours is 1 to 8, not {hours!r}")
    if hours < HIRE_MIN_HOURS:
        return _rule(f"a screen is hired for at least {HIRE_MIN_HOURS} hours")
    if day <= TODAY:
        return _rule(f"{day} is too soon")
    price = round(SCREENS[screen_code][5] * hours, 2)
    qid = f"Q-{_next(state, 'quote')}"
    expires = (_d(TODAY) + datetime.timedelta(days=14)).isoformat()
    state.quotes[qid] = [screen_code, day, at, hours, price, expires]
    return Quote(quote_id=qid, screen=screen_code, date=day, start=at, hours=hours, price=price,
                 deposit=round(price * HIRE_DEPOSIT, 2), expires=expires)


@role_required("events")
async def book_hire(state: State, token: str, quote_id: str, hirer_id: str, purpose: str) -> Hire | PgError:
    """Book a private hire on a quote for a hirer, saying what it is for; it is provisional until the deposit is
    paid."""
    q = state.quotes.get(quote_id) if isinstance(quote_id, str) else None
    if q is None:
        return _missing("quote", quote_id)
    if hirer_id not in state.hirers:
        return _missing("hirer", hirer_id)
    if _blank(purpose):
        return _bad("purpose is required")
    if q[5] < TODAY:
        return _rule(f"{quote_id} expired on {q[5]}")
    start = _minutes(q[2])
    other = _clash(state, q[0], q[1], start, start + 60 * q[3])
    if other is not None:
        return PgError("23P01", f"{SCREENS[q[0]][0]} is taken then", f"by {other}", None)
    hid = f"HIRE-{_next(state, 'hire')}"
    state.hires[hid] = [hirer_id, q[0], q[1], q[2], q[3], purpose.strip(), q[4], round(q[4] * HIRE_DEPOSIT, 2), 0.0,
                        "provisional", None]
    del state.quotes[quote_id]
    return _hire(state, hid)


@role_required("events")
async def pay_hire_deposit(state: State, token: str, hire_id: str, amount: float) -> float | PgError:
    """Take a provisional hire's deposit, which confirms it; answers the balance left to pay, as a bare number."""
    h = state.hires.get(hire_id) if isinstance(hire_id, str) else None
    if h is None:
        return _missing("hire", hire_id)
    if h[9] == "confirmed":
        return _rule(f"{hire_id}'s deposit is paid already")
    if h[9] != "provisional":
        return _rule(f"{hire_id} is {h[9]}")
    if not _amount(amount) or abs(float(amount) - h[7]) > 0.005:
        return PgError("23514", f"{hire_id}'s deposit is {h[7]:.2f}, not {amount!r}", None, None)
    h[8], h[9] = h[7], "confirmed"
    return round(h[6] - h[8], 2)


@role_required("events")
async def hires(state: State, token: str, status: HireStatus | None = None) -> list[Hire] | PgError:
    """The private hires in hire id order, optionally only those provisional, confirmed or cancelled."""
    if status is not None and status not in ("provisional", "confirmed", "cancelled"):
        return PgError("22P02", f"status is provisional, confirmed or cancelled, not {status!r}", None, None)
    return [_hire(state, hid) for hid, h in sorted(state.hires.items()) if status is None or h[9] == status]


@role_required("events")
async def cancel_hire(state: State, token: str, hire_id: str, reason: str) -> str | PgError:
    """Cancel a private hire, giving the reason; a paid deposit is kept. Answers a sentence naming the hire."""
    h = state.hires.get(hire_id) if isinstance(hire_id, str) else None
    if h is None:
        return _missing("hire", hire_id)
    if _blank(reason):
        return _bad("reason is required")
    if h[9] == "cancelled":
        return _rule(f"{hire_id} is cancelled already")
    h[9] = "cancelled"
    kept = f"; the deposit of {h[8]:.2f} is kept" if h[8] > 0 else ""
    return f"Hire {hire_id} cancelled{kept}."


@role_required("events", "projection")
async def confirm_hire_content(state: State, token: str, hire_id: str, content: HireContent,
                               title: str) -> Hire | PgError:
    """Record what a confirmed hire will show (a DCP, a Blu-ray or a laptop) and its title, so the projectionists
    can test it."""
    h = state.hires.get(hire_id) if isinstance(hire_id, str) else None
    if h is None:
        return _missing("hire", hire_id)
    if content not in ("dcp", "bluray", "laptop"):
        return PgError("22P02", f"content is dcp, bluray or laptop, not {content!r}", None, None)
    if _blank(title):
        return _bad("title is required")
    if h[9] != "confirmed":
        return _rule(f"{hire_id} is {h[9]}; its content is arranged once the deposit is paid")
    if h[10] == f"{content}: {title.strip()}":
        return _rule(f"{hire_id} is showing that already")
    h[10] = f"{content}: {title.strip()}"
    return _hire(state, hire_id)


@role_required("events")
async def message_hirer(state: State, token: str, hirer_id: str, subject: str, body: str) -> str | PgError:
    """E-mail a hirer; answers a sentence naming the message sent."""
    h = state.hirers.get(hirer_id) if isinstance(hirer_id, str) else None
    if h is None:
        return _missing("hirer", hirer_id)
    if _blank(subject) or _blank(body):
        return _bad("subject and body are required")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, hirer_id, subject.strip(), body.strip()])
    return f"Message {mid} sent to {h[0]} at {h[2]}."


TOOLS = [
    sign_in, sign_out, whats_on, screen_list, distributors, find_film, request_booking, confirm_booking,
    film_bookings, schedule_show, shows, put_on_sale, cancel_show, dcp_deliveries, ingest_dcp, content_library,
    order_kdm, kdms, load_kdm, preshow_reels, build_playlist, lock_show, report_fault, clear_fault, mark_accessible,
    sell_tickets, refund_sale, sales, box_office_return, returns, pay_film_rent, find_hirer, register_hirer,
    quote_hire, book_hire, pay_hire_deposit, hires, cancel_hire, confirm_hire_content, message_hirer,
]

FIXTURES = {
    "cinema": {"name": "The Kinnersley Picture House, Tredinnick",
               "today": "Thursday 15 October 2037, ten in the morning"},
    "staff": [
        {"name": "Isadora Kemble", "role": "programmer", "username": "isadora.k", "password": "Reel-Change-24"},
        {"name": "Cosmo Ravenscroft", "role": "chief projectionist", "username": "cosmo.r",
         "password": "Xenon-Lamp-7"},
        {"name": "Clemency Larkhill", "role": "projectionist", "username": "clemency.l", "password": "Port-Glass-52"},
        {"name": "Jolyon Pardew", "role": "box office", "username": "jolyon.p", "password": "Kiosk-Till-18"},
        {"name": "Tarquin Bellingham", "role": "finance", "username": "tarquin.b", "password": "Film-Rent-63"},
        {"name": "Saskia Merriweather", "role": "events manager", "username": "saskia.m",
         "password": "Private-Hire-9"},
        {"name": "Gwendoline Dunsford", "role": "general manager", "username": "gwendoline.d",
         "password": "Usher-Torch-30"},
    ],
    "new_hirer": {
        "name": "Mr Aurelio Brancaster", "organisation": "Pendock Ramblers",
        "email": "aurelio.brancaster@example.com", "phone": "07700 900741",
        "wants": "The Studio on Wednesday 28 October 2037 from seven in the evening for three hours, for the group's "
                 "members' film night; the deposit paid now; they will bring their own film, Ten Summits, on Blu-ray",
    },
    "notes": [
        "Book A Winter Apprentice from Blackthorn for two weeks from its release on Friday 30 October at 35 per cent; "
        "Blackthorn have already said yes, so record it, and put on a Saturday matinee in Screen 1 on 31 October at "
        "eleven",
        "Northlight have confirmed The Salt Road at 35 per cent; it opens in Screen 1 tomorrow at six in the evening, "
        "at standard prices, subtitled",
        "The Salt Road's drive arrived on Tuesday and its key for Screen 1 came in yesterday; use the 12A pre-show "
        "reel",
        "Lamplight Over Tredinnick moves into Screen 1 tomorrow afternoon; it needs a key for Screen 1 from 16 to 22 "
        "October, the PG reel, and to go on sale as a matinee",
        "The Salt Road goes into Screen 2 in its second week, 23 to 29 October, so it needs a key there",
        "Screen 2's lamp house fan has been replaced, so it can go back into service for this afternoon's show",
        "The Studio's sound processor keeps dropping the surround channels",
        "Cancel tomorrow evening's The Quiet Hours in the Studio: the print of the talk that was to follow it is lost",
        "Last week's return for Lamplight Over Tredinnick is due to Blackthorn, 14 pounds, paid by transfer",
        "Altamira have us on stop until Marram's return of 156.19 is paid; then book Ninefold from 23 October for two "
        "weeks at 40 per cent",
        "A customer wants two tickets for this afternoon's Lamplight Over Tredinnick, one of them a child, seats D4 "
        "and D5, by card",
        "Two adults want tonight's The Quiet Hours, seats F3 and F4, by card; their ID has been seen",
        "The two tickets sold for this afternoon's Lamplight Over Tredinnick, seats C3 and C4, are to be refunded: "
        "the customer's school trip is off",
        "Tredinnick Film Society will pay the 45-pound deposit for their members' screening on the 21st, and will "
        "bring a DCP of The Lighthouse Keeper's Daughter",
        "Hembury Bank Primary School would like Screen 2 on Tuesday 3 November from half past nine for two hours for "
        "its Year 5 film club",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "whats_on", "screen_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
SCREEN_CONSUMERS = ["schedule_show", "order_kdm", "report_fault", "clear_fault", "quote_hire"]
SHOW_CONSUMERS = ["put_on_sale", "cancel_show", "build_playlist", "lock_show", "mark_accessible"]
HIRE_CONSUMERS = ["pay_hire_deposit", "cancel_hire", "confirm_hire_content"]
_SCREEN = "vocabulary: screen codes (code of a screen_list entry)"
_SHOW = "id lookup/create: show (show_id of schedule_show, or of a shows entry)"
_BOOKING = "id lookup/create: film booking (booking_id of request_booking, or of a film_bookings entry)"
_CONTENT = "id lookup/create: content (cpl_id of ingest_dcp, or of a content_library entry)"
_HIRER = "id lookup/create: hirer (hirer_id of register_hirer, or of a find_hirer entry)"
_HIRE = "id lookup/create: hire (hire_id of book_hire, or of a hires entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("screen_list", c, _SCREEN) for c in SCREEN_CONSUMERS]
    + [("schedule_show|shows", c, _SHOW) for c in SHOW_CONSUMERS]
    + [("request_booking|film_bookings", c, _BOOKING) for c in ("confirm_booking", "schedule_show")]
    + [("ingest_dcp|content_library", c, _CONTENT) for c in ("order_kdm", "build_playlist")]
    + [("register_hirer|find_hirer", c, _HIRER) for c in ("book_hire", "message_hirer")]
    + [("book_hire|hires", c, _HIRE) for c in HIRE_CONSUMERS]
    + [
        ("find_film", "request_booking", "id lookup: film (film_id of a find_film entry)"),
        ("film_bookings", "box_office_return", "id lookup: a booking that has played (booking_id of a film_bookings "
                                               "entry)"),
        ("whats_on|shows", "sell_tickets", "id lookup: show on sale (show_id of a whats_on or shows entry)"),
        ("dcp_deliveries", "ingest_dcp", "id lookup: delivery (delivery_id of a dcp_deliveries entry)"),
        ("order_kdm|kdms", "load_kdm", "id lookup/create: key (kdm_id of order_kdm, or of a kdms entry)"),
        ("preshow_reels", "build_playlist", "vocabulary: pre-show reels (reel_id of a preshow_reels entry)"),
        ("sell_tickets|sales", "refund_sale", "id lookup/create: sale (sale_id of sell_tickets, or of a sales entry)"),
        ("box_office_return|returns", "pay_film_rent",
         "id lookup/create: box office return (return_id of box_office_return, or of a returns entry)"),
        ("quote_hire", "book_hire", "id create: quote (quote_id of quote_hire)"),
        ("confirm_booking", "schedule_show", "state: the booking confirmed by the distributor"),
        ("put_on_sale", "sell_tickets", "state: the show on sale"),
        ("build_playlist", "lock_show", "state: the show's playlist built"),
        ("load_kdm", "lock_show", "state: a key loaded on the screen's server for the day"),
        ("clear_fault", "lock_show", "state: the screen back in service"),
        ("report_fault", "clear_fault", "state: an open fault on the screen"),
        ("ingest_dcp", "load_kdm", "state: the key's content ingested"),
        ("build_playlist", "mark_accessible", "state: a playlist to carry the subtitles or settings"),
        ("pay_film_rent", "request_booking", "payment: the distributor's overdue film rent paid (account off stop)"),
        ("pay_hire_deposit", "confirm_hire_content", "payment: the hire's deposit paid"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_SHOW_CHANGES = ("schedule_show", "put_on_sale", "cancel_show", "build_playlist", "lock_show", "mark_accessible")
_HIRE_CHANGES = ("book_hire", "pay_hire_deposit", "cancel_hire", "confirm_hire_content")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: shows on what's on, sales, playlists and the records that
    # answer with a show; bookings on shows and returns; screens on shows, keys and hires; content on deliveries,
    # keys and playlists; films on content and bookings; hirers on hires
    {(p, c) for p in ("whats_on", "sales", "sell_tickets", "build_playlist", "put_on_sale", "lock_show",
                      "mark_accessible")
     for c in SHOW_CONSUMERS + ["sell_tickets"]}
    | {(p, c) for p in ("shows", "schedule_show", "put_on_sale", "lock_show", "returns", "box_office_return",
                        "confirm_booking", "request_booking")
       for c in ("confirm_booking", "schedule_show", "box_office_return")}
    | {(p, c) for p in ("shows", "schedule_show", "kdms", "order_kdm", "load_kdm", "hires", "book_hire",
                        "quote_hire")
       for c in SCREEN_CONSUMERS}
    | {(p, c) for p in ("dcp_deliveries", "kdms", "order_kdm", "load_kdm", "build_playlist")
       for c in ("order_kdm", "build_playlist")}
    | {(p, "request_booking") for p in ("content_library", "ingest_dcp", "film_bookings", "request_booking",
                                        "confirm_booking")}
    | {(p, c) for p in ("hires", "book_hire", "confirm_hire_content") for c in ("book_hire", "message_hirer")}
    | {("confirm_hire_content", c) for c in HIRE_CONSUMERS}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("confirm_booking", "build_playlist"), ("confirm_booking", "cancel_show"), ("confirm_booking", "lock_show"),
        ("confirm_booking", "mark_accessible"), ("confirm_booking", "put_on_sale"), ("content_library", "load_kdm"),
        ("dcp_deliveries", "build_playlist"), ("dcp_deliveries", "load_kdm"), ("dcp_deliveries", "order_kdm"),
        ("film_bookings", "build_playlist"), ("film_bookings", "lock_show"), ("film_bookings", "mark_accessible"),
        ("film_bookings", "pay_film_rent"), ("find_film", "confirm_booking"), ("find_film", "schedule_show"),
        ("ingest_dcp", "lock_show"), ("ingest_dcp", "mark_accessible"), ("kdms", "lock_show"),
        ("preshow_reels", "lock_show"), ("preshow_reels", "mark_accessible"), ("put_on_sale", "refund_sale"),
        ("quote_hire", "cancel_hire"), ("quote_hire", "confirm_hire_content"), ("quote_hire", "pay_hire_deposit"),
        ("register_hirer", "cancel_hire"), ("register_hirer", "confirm_hire_content"),
        ("register_hirer", "pay_hire_deposit"), ("request_booking", "cancel_show"), ("request_booking", "put_on_sale"),
        ("returns", "request_booking"), ("schedule_show", "sell_tickets"), ("screen_list", "book_hire"),
        ("screen_list", "build_playlist"), ("screen_list", "cancel_show"), ("screen_list", "load_kdm"),
        ("screen_list", "lock_show"), ("screen_list", "mark_accessible"), ("screen_list", "put_on_sale"),
        ("whats_on", "refund_sale"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, "film_bookings") for p in ("request_booking", "confirm_booking")}
    | {(p, c) for p in _SHOW_CHANGES for c in ("shows", "whats_on")}
    | {(p, c) for p in ("sell_tickets", "refund_sale") for c in ("sales", "shows", "whats_on")}
    | {(p, c) for p in ("ingest_dcp",) for c in ("dcp_deliveries", "content_library")}
    | {(p, "kdms") for p in ("order_kdm", "load_kdm")}
    | {(p, "screen_list") for p in ("report_fault", "clear_fault")}
    | {(p, c) for p in ("box_office_return", "pay_film_rent") for c in ("returns", "distributors")}
    | {("register_hirer", "find_hirer")}
    | {(p, "hires") for p in _HIRE_CHANGES}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
