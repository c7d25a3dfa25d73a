"""Fairway: the office system of Hollins Heath Golf Club (40 calls).

Sync functions over an in-memory ``State`` of the club on Friday 15 August 2031 at 06:45, the day of
the Friday Stableford and the eve of the August Monthly Medal. The secretary's office admits members
on a proposer and a seconder, keeps their details, raises and takes the year's subscriptions, lets
lockers and writes to members. The pro shop keeps the tee sheet: members' tee times with their
guests, visiting parties on the green fee rates, green fees taken, the starter's check-in, general
play cards registered before a round and the scores posted after it, and the buggy fleet. The
competitions secretary (who also sits for the handicap committee) registers and adjusts handicap
indexes with England Golf's Central Database of Handicaps (CDH), sets competitions up, takes entries,
closes them, makes the draw onto the tee sheet, enters the cards and finalises the results. The
general manager may do everything. The green fee rates and the competition calendar are public.

Every tool is a plain ``def`` wrapped by ``desk(*roles)`` (``functools.wraps``), which checks the
session and the role before the call. Refusals are *raised* as Python's built-in exceptions:
``PermissionError`` (no session, or the wrong role), ``LookupError`` (no such member, booking,
competition, entry, card, hire, invoice, buggy or locker), ``ValueError`` (a value the club does
not take) and ``RuntimeError`` (a record in the wrong state for the request). Replies are
``TypedDict``s and lists of them, with records nested in lists (a member's subscriptions, bookings
and entries; a booking's players; a buggy's hires; a draw's groups and their players; a handicap
record's scores). Member numbers, bookings, hires, entries and cards look alike (member ``HH0412``,
booking ``TB-5514``, hire ``BH-0211``, entry ``EN-0431``, general play card ``GP-0412``,
competition ``C-0815-1``, subscription ``SUB-31-0803``, locker ``L-104``). The tee-time interval,
who may play at weekends and when, the ratings each tee may be played from, the rate rules, the
buggy charge a round needs, which lockers are whose, who may propose a member and the handicap
limits are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
import functools
import inspect
from enum import Enum
from typing import Literal, TypedDict

TODAY = "2031-08-15"  # a Friday
CLUB_YEAR = 2031
SLOTS = tuple(f"{(420 + 8 * k) // 60:02d}:{(420 + 8 * k) % 60:02d}" for k in range(75))  # 07:00 .. 16:52
BOOK_AHEAD_DAYS = 14
MAX_PLAYERS = 4
MAX_GUESTS = 3
GUEST_FEE = 30.0
BUGGY_CHARGE = {18: 32.0, 9: 20.0}
BUGGY_HOURS = {18: 270, 9: 150}  # minutes a hire keeps the buggy
BUGGY_MIN_CHARGE = 60
LOCKER_FEE = 40.0
JOINING_FEE = 400.0
PARS = (4, 4, 3, 5, 4, 4, 3, 4, 4, 4, 5, 3, 4, 4, 4, 3, 5, 4)
STROKE_INDEX = (7, 11, 17, 1, 5, 13, 15, 3, 9, 8, 2, 16, 12, 4, 10, 18, 6, 14)
RATINGS = {  # (tee, sex) -> (course rating, slope)
    ("white", "M"): (71.2, 130), ("yellow", "M"): (69.9, 126), ("red", "M"): (67.1, 118),
    ("white", "F"): (77.4, 140), ("yellow", "F"): (75.1, 137), ("red", "F"): (73.0, 132),
}
SUBSCRIPTIONS = {"full": 1150.0, "five_day": 820.0, "senior": 890.0, "junior": 180.0, "intermediate": 520.0,
                 "country": 560.0, "social": 120.0}

Sex = Literal["M", "F"]
MemberCategory = Literal["full", "five_day", "senior", "junior", "intermediate", "country", "social"]
CompFormat = Literal["medal", "stableford"]
CompCategory = Literal["men", "ladies", "mixed"]
PayMethod = Literal["card", "cash", "bank_transfer", "cheque"]
Channel = Literal["sms", "email"]
Show = Literal["all", "free", "booked"]
Room = Literal["men", "ladies"]


class Tee(Enum):
    WHITE = "white"
    YELLOW = "yellow"
    RED = "red"


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str


class Ack(TypedDict):
    done: bool
    message: str


class FeeRate(TypedDict):
    code: str
    name: str
    price: float


class CalendarRow(TypedDict):
    comp_id: str
    name: str
    day: str
    format: str
    tee: str
    category: str
    max_index: float
    entry_fee: float
    entries: int
    status: str


class MemberRow(TypedDict):
    member_no: str
    name: str
    category: str
    handicap_index: float | None
    subscription: str


class Member(TypedDict):
    member_no: str
    name: str
    sex: str
    born: int
    category: str
    joined: int
    email: str | None
    phone: str
    address: str


class Handicap(TypedDict):
    member_no: str
    name: str
    cdh_number: str
    index: float
    adjustments: list[str]


class SubscriptionRow(TypedDict):
    invoice_id: str
    year: int
    total: float
    balance: float
    status: str


class BookingRow(TypedDict):
    booking_id: str
    day: str
    time: str
    kind: str
    status: str


class EntryRow(TypedDict):
    entry_id: str
    comp_id: str
    member_no: str
    name: str
    index: float
    status: str


class MemberRecord(TypedDict):
    member: Member
    handicap: Handicap | None
    subscriptions: list[SubscriptionRow]
    bookings: list[BookingRow]
    entries: list[EntryRow]
    locker: str | None


class InvoiceLine(TypedDict):
    description: str
    amount: float


class SubscriptionInvoice(TypedDict):
    invoice_id: str
    member_no: str
    name: str
    year: int
    lines: list[InvoiceLine]
    total: float
    paid: float
    balance: float
    status: str


class Receipt(TypedDict):
    receipt_id: str
    paid_against: str
    amount: float
    method: str
    balance: float


class ScoreRow(TypedDict):
    day: str
    kind: str
    gross: int
    adjusted_gross: int
    differential: float


class HandicapRecord(TypedDict):
    member_no: str
    name: str
    cdh_number: str | None
    index: float | None
    scores: list[ScoreRow]


class Player(TypedDict):
    member_no: str
    name: str


class SlotRow(TypedDict):
    time: str
    booking_id: str | None
    kind: str | None
    players: list[Player]
    guests: list[str]
    visitors: int
    free_places: int


class Booking(TypedDict):
    booking_id: str
    day: str
    time: str
    kind: str
    players: list[Player]
    guests: list[str]
    party: str | None
    visitors: int
    rate: str | None
    fees_due: float
    fees_paid: float
    status: str


class Cancellation(TypedDict):
    booking_id: str
    status: str
    reason: str
    buggy_hires_cancelled: int


class Card(TypedDict):
    card_id: str
    booking_id: str
    member_no: str
    name: str
    tee: str
    course_handicap: int
    status: str


class PostedScore(TypedDict):
    card_id: str
    member_no: str
    name: str
    gross: int
    adjusted_gross: int
    course_handicap: int
    differential: float


class Competition(TypedDict):
    comp_id: str
    name: str
    day: str
    format: str
    tee: str
    category: str
    max_index: float
    entry_fee: float
    status: str


class Entry(TypedDict):
    entry_id: str
    comp_id: str
    competition: str
    member_no: str
    name: str
    index: float
    entry_fee: float
    status: str


class DrawPlayer(TypedDict):
    member_no: str
    name: str
    playing_handicap: int


class DrawGroup(TypedDict):
    time: str
    booking_id: str
    players: list[DrawPlayer]


class Draw(TypedDict):
    comp_id: str
    day: str
    groups: list[DrawGroup]


class CompCard(TypedDict):
    card_id: str
    comp_id: str
    member_no: str
    name: str
    marker: str
    gross: int
    playing_handicap: int
    score: int


class ResultRow(TypedDict):
    position: int
    member_no: str
    name: str
    gross: int
    playing_handicap: int
    score: int


class Results(TypedDict):
    comp_id: str
    name: str
    format: str
    rows: list[ResultRow]
    no_returns: list[str]


class HireRow(TypedDict):
    hire_id: str
    booking_id: str
    start: str
    until: str
    status: str


class BuggyRow(TypedDict):
    buggy: str
    status: str
    charge: int
    hires: list[HireRow]


class Hire(TypedDict):
    hire_id: str
    booking_id: str
    buggy: str
    holes: int
    start: str
    until: str
    charge: float
    status: str
    damage: str | None


class LockerRow(TypedDict):
    locker: str
    room: str
    holder: str | None
    fee: float


class Locker(TypedDict):
    locker: str
    member_no: str
    name: str
    fee: float
    expires: str


class Message(TypedDict):
    message_id: str
    member_no: str
    channel: str
    to: str
    text: str


# --------------------------------------------------------------------------- state


class State:
    """Hollins Heath Golf Club, Heath Road, Hollins Green, on Friday 15 August 2031 at 06:45."""

    def __init__(self) -> None:
        self.staff = {
            "sue.w": {"name": "Sue Whitlock", "password": "Club-Year-2031", "role": "office"},
            "gary.p": {"name": "Gary Platt", "password": "Starter-Hut-8", "role": "pro_shop"},
            "alan.d": {"name": "Alan Dacre", "password": "Slope-130", "role": "competitions"},
            "kate.m": {"name": "Kate Marlow", "password": "Heath-Road-1921", "role": "manager"},
        }
        self.sessions = {}
        self.rates = {
            "WKDAY": ("Weekday visitor", 45.0), "WKEND": ("Weekend visitor", 55.0),
            "TWI": ("Twilight visitor", 28.0), "SOC": ("Golf society, by arrangement", 40.0),
            "JNR": ("Junior visitor (under 18)", 15.0), "GUEST": ("Member's guest", GUEST_FEE),
        }

        def member(name, sex, born, category, joined, email, phone, address, cdh=None, index=None):
            return {"name": name, "sex": sex, "born": born, "category": category, "joined": joined, "email": email,
                    "phone": phone, "address": address, "cdh": cdh, "index": index, "adjustments": [], "scores": [],
                    "locker": None}

        self.members = {
            "HH0236": member("Mr Victor Lamb", "M", 1948, "senior", 1998, "victor.lamb@mail.example", "07700 900236",
                             "The Gables, Heath Road, Hollins Green", "1000236118", 19.8),
            "HH0318": member("Mr Graham Pell", "M", 1969, "full", 2009, "graham.pell@mail.example", "07700 900318",
                             "11 Fern Drive, Hollins Green", "1000318447", 12.4),
            "HH0412": member("Mrs Dorothy Finch", "F", 1957, "senior", 1994, "dot.finch@mail.example", "07700 900412",
                             "3 Mill Cottages, Ashby Heath", "1000412558", 24.1),
            "HH0527": member("Mr Rajesh Kapoor", "M", 1978, "five_day", 2021, "r.kapoor@mail.example", "07700 900527",
                             "48 Station Road, Hollins Green", "1000527390", 8.7),
            "HH0611": member("Mr Owen Tranter", "M", 1990, "full", 2015, None, "07700 900611",
                             "Brook House, Low Lane, Ashby Heath", "1000611275", 3.2),
            "HH0745": member("Miss Lucy Arden", "F", 2013, "junior", 2027, "lucy.arden@mail.example", "07700 900745",
                             "6 Orchard Way, Hollins Green", "1000745861", 18.0),
            "HH0803": member("Mr Colin Brook", "M", 1984, "full", 2030, "colin.brook@mail.example", "07700 900803",
                             "21 Heathside, Hollins Green", "1000803642", 17.6),
            "HH0914": member("Mrs Helen Sato", "F", 1972, "social", 2025, "helen.sato@mail.example", "07700 900914",
                             "Rose Lodge, Ashby Heath"),
            "HH0958": member("Mr Thomas Askew", "M", 1995, "full", 2031, "tom.askew@mail.example", "07700 900958",
                             "Flat 2, 9 Church Street, Hollins Green"),
        }
        self.members["HH0318"]["scores"] = [["2031-08-09", "general play", 86, 85, 13.1],
                                            ["2031-08-02", "competition", 84, 84, 12.4]]
        self.members["HH0412"]["locker"] = "L-201"
        self.members["HH0318"]["locker"] = "L-101"
        self.members["HH0611"]["locker"] = "L-104"
        self.invoices = {}
        for no, m in self.members.items():
            if no != "HH0803":
                total = SUBSCRIPTIONS[m["category"]]
                lines = [[f"2031 subscription ({m['category']})", total]]
                if m["joined"] == 2031:
                    lines.append(["Joining fee", JOINING_FEE])
                self.invoices[f"SUB-31-{no[2:]}"] = {"member": no, "year": 2031, "lines": lines,
                                                     "paid": sum(a for _, a in lines)}
        self.invoices["SUB-31-0803"] = {"member": "HH0803", "year": 2031,
                                        "lines": [["2031 subscription (full)", 1150.0]], "paid": 0.0}
        self.bookings = {
            "TB-5512": {"day": TODAY, "time": "07:40", "kind": "member", "players": ["HH0318", "HH0611"], "guests": [],
                        "party": None, "visitors": 0, "rate": None, "due": 0.0, "paid": 0.0, "status": "booked",
                        "reason": None},
            "TB-5514": {"day": TODAY, "time": "08:12", "kind": "member", "players": ["HH0527"],
                        "guests": ["Mr Sunil Kapoor"], "party": None, "visitors": 0, "rate": "GUEST", "due": GUEST_FEE,
                        "paid": 0.0, "status": "booked", "reason": None},
            "TB-5515": {"day": TODAY, "time": "09:08", "kind": "visitor", "players": [], "guests": [],
                        "party": "Wrekin Valley Golf Society", "visitors": 4, "rate": "SOC", "due": 160.0, "paid": 0.0,
                        "status": "booked", "reason": None},
            "TB-5520": {"day": "2031-08-16", "time": "11:16", "kind": "member", "players": ["HH0745"],
                        "guests": ["Mr Peter Arden"], "party": None, "visitors": 0, "rate": "GUEST", "due": GUEST_FEE,
                        "paid": 0.0, "status": "booked", "reason": None},
        }
        self.competitions = {
            "C-0802-1": {"name": "August Stableford", "day": "2031-08-02", "format": "stableford", "tee": "yellow",
                         "category": "mixed", "max_index": 36.0, "fee": 3.0, "status": "final"},
            "C-0815-1": {"name": "Friday Stableford", "day": TODAY, "format": "stableford", "tee": "yellow",
                         "category": "mixed", "max_index": 36.0, "fee": 3.0, "status": "open"},
            "C-0816-1": {"name": "August Monthly Medal", "day": "2031-08-16", "format": "medal", "tee": "white",
                         "category": "men", "max_index": 28.0, "fee": 5.0, "status": "open"},
        }
        self.entries = {
            "EN-0425": {"comp": "C-0802-1", "member": "HH0318", "status": "entered"},
            "EN-0426": {"comp": "C-0802-1", "member": "HH0236", "status": "entered"},
            "EN-0431": {"comp": "C-0815-1", "member": "HH0412", "status": "entered"},
            "EN-0432": {"comp": "C-0815-1", "member": "HH0611", "status": "entered"},
            "EN-0433": {"comp": "C-0815-1", "member": "HH0236", "status": "entered"},
            "EN-0434": {"comp": "C-0816-1", "member": "HH0318", "status": "entered"},
            "EN-0435": {"comp": "C-0816-1", "member": "HH0611", "status": "entered"},
        }
        self.draws = {}
        self.comp_cards = {}
        self.results = {
            "C-0802-1": {"rows": [[1, "HH0318", 84, 11, 38], [2, "HH0236", 95, 18, 34]], "no_returns": []},
        }
        self.cards = {}
        self.buggies = {f"BG-{i:02d}": {"status": "ok", "charge": 100} for i in range(1, 9)}
        self.buggies["BG-04"]["status"] = "workshop"
        self.buggies["BG-07"]["charge"] = 45
        self.hires = {
            "BH-0211": {"booking": "TB-5512", "buggy": "BG-01", "holes": 18, "status": "booked", "damage": None},
        }
        self.lockers = {f"L-{n}": "men" for n in range(101, 113)}
        self.lockers.update({f"L-{n}": "ladies" for n in range(201, 207)})
        self.receipts = {}
        self.messages = []
        self.counters = {"session": 1, "member": 962, "booking": 5521, "card": 412, "comp": 1, "entry": 436,
                         "hire": 212, "receipt": 7730, "message": 301, "comp_card": 88}


# --------------------------------------------------------------------------- the wrapper


def desk(*roles: str, public: bool = False):
    """Check the session (and the role, where ``roles`` are given; the manager may do everything) before
    the call; a call without a valid session raises ``PermissionError``."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def call(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.sessions.get(token)
                if who is None:
                    raise PermissionError("not signed in: no session for that token")
                if roles and who["role"] not in roles and who["role"] != "manager":
                    raise PermissionError(f"{who['name']} ({who['role']}) may not do this; it is for the "
                                          f"{' or '.join(r.replace('_', ' ') for r in roles)}")
            return fn(*args, **kwargs)

        return call

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise ValueError(f"{text!r} is not a date (YYYY-MM-DD)") from None


def _weekend(day: str) -> bool:
    return datetime.date.fromisoformat(day).weekday() >= 5


def _minutes(time: str) -> int:
    return int(time[:2]) * 60 + int(time[3:])


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _member(state: State, member_no: str) -> dict:
    m = state.members.get(member_no)
    if m is None:
        raise LookupError(f"no member {member_no}")
    return m


def _booking(state: State, booking_id: str) -> dict:
    b = state.bookings.get(booking_id)
    if b is None:
        raise LookupError(f"no tee time booking {booking_id}")
    return b


def _competition(state: State, comp_id: str) -> dict:
    c = state.competitions.get(comp_id)
    if c is None:
        raise LookupError(f"no competition {comp_id}")
    return c


def _sub_invoice(state: State, member_no: str, year: int = CLUB_YEAR) -> tuple[str, dict] | tuple[None, None]:
    for iid, inv in state.invoices.items():
        if inv["member"] == member_no and inv["year"] == year:
            return iid, inv
    return None, None


def _invoice_total(inv: dict) -> float:
    return _money(sum(a for _, a in inv["lines"]))


def _subscription_status(state: State, member_no: str) -> str:
    _, inv = _sub_invoice(state, member_no)
    if inv is None:
        return "none"
    return "paid" if inv["paid"] >= _invoice_total(inv) else "unpaid"


def _require_paid(state: State, member_no: str) -> None:
    m = state.members[member_no]
    if _subscription_status(state, member_no) != "paid":
        raise RuntimeError(f"{m['name']} ({member_no}) has no paid {CLUB_YEAR} subscription; the office must take it first")


def _age(m: dict, year: int = CLUB_YEAR) -> int:
    return year - m["born"]


def _course_handicap(index: float, tee: str, sex: str) -> int:
    rating, slope = RATINGS[(tee, sex)]
    return round(index * slope / 113 + (rating - sum(PARS)))


def _strokes(handicap: int, hole: int) -> int:
    handicap = max(handicap, 0)
    return handicap // 18 + (1 if STROKE_INDEX[hole] <= handicap % 18 else 0)


def _check_scores(hole_scores: list[int]) -> None:
    if len(hole_scores) != 18:
        raise ValueError(f"a card has 18 hole scores, not {len(hole_scores)}")
    if any(not isinstance(s, int) or not 1 <= s <= 15 for s in hole_scores):
        raise ValueError("each hole score is a whole number of strokes from 1 to 15")


def _member_reply(state: State, member_no: str) -> Member:
    m = state.members[member_no]
    return Member(member_no=member_no, name=m["name"], sex=m["sex"], born=m["born"], category=m["category"],
                  joined=m["joined"], email=m["email"], phone=m["phone"], address=m["address"])


def _handicap_reply(state: State, member_no: str) -> Handicap:
    m = state.members[member_no]
    return Handicap(member_no=member_no, name=m["name"], cdh_number=m["cdh"], index=m["index"],
                    adjustments=list(m["adjustments"]))


def _players(state: State, b: dict) -> list[Player]:
    return [Player(member_no=no, name=state.members[no]["name"]) for no in b["players"]]


def _booking_reply(state: State, booking_id: str) -> Booking:
    b = state.bookings[booking_id]
    return Booking(booking_id=booking_id, day=b["day"], time=b["time"], kind=b["kind"], players=_players(state, b),
                   guests=list(b["guests"]), party=b["party"], visitors=b["visitors"], rate=b["rate"],
                   fees_due=_money(b["due"]), fees_paid=_money(b["paid"]), status=b["status"])


def _invoice_reply(state: State, invoice_id: str) -> SubscriptionInvoice:
    inv = state.invoices[invoice_id]
    total = _invoice_total(inv)
    balance = _money(total - inv["paid"])
    return SubscriptionInvoice(invoice_id=invoice_id, member_no=inv["member"], name=state.members[inv["member"]]["name"],
                               year=inv["year"], lines=[InvoiceLine(description=d, amount=a) for d, a in inv["lines"]],
                               total=total, paid=_money(inv["paid"]), balance=balance,
                               status="paid" if balance <= 0 else "part paid" if inv["paid"] else "unpaid")


def _comp_reply(state: State, comp_id: str) -> Competition:
    c = state.competitions[comp_id]
    return Competition(comp_id=comp_id, name=c["name"], day=c["day"], format=c["format"], tee=c["tee"],
                       category=c["category"], max_index=c["max_index"], entry_fee=c["fee"], status=c["status"])


def _entry_row(state: State, entry_id: str) -> EntryRow:
    e = state.entries[entry_id]
    m = state.members[e["member"]]
    return EntryRow(entry_id=entry_id, comp_id=e["comp"], member_no=e["member"], name=m["name"], index=m["index"],
                    status=e["status"])


def _slot_taken(state: State, day: str, time: str) -> str | None:
    for bid, b in state.bookings.items():
        if b["day"] == day and b["time"] == time and b["status"] != "cancelled":
            return bid
    return None


def _check_slot(state: State, day: str, time: str) -> datetime.date:
    d = _day(day)
    if d.isoformat() < TODAY:
        raise ValueError(f"{day} has passed")
    if (d - datetime.date.fromisoformat(TODAY)).days > BOOK_AHEAD_DAYS:
        raise ValueError(f"tee times are taken up to {BOOK_AHEAD_DAYS} days ahead")
    if time not in SLOTS:
        raise ValueError(f"{time!r} is not a tee time: tee times run every 8 minutes from 07:00 to 16:52")
    taken = _slot_taken(state, d.isoformat(), time)
    if taken:
        raise RuntimeError(f"{time} on {d.isoformat()} is already booked ({taken})")
    return d


def _may_play(state: State, member_no: str, day: str, time: str, booking_id: str | None = None) -> None:
    m = _member(state, member_no)
    if m["category"] == "social":
        raise RuntimeError(f"{m['name']} is a social member and has no playing rights")
    _require_paid(state, member_no)
    if _weekend(day):
        if m["category"] == "five_day":
            raise RuntimeError(f"{m['name']} is a five-day member: Monday to Friday only")
        if m["category"] == "junior" and time < "11:00":
            raise RuntimeError("juniors may book at weekends from 11:00")
    for bid, b in state.bookings.items():
        if bid != booking_id and b["day"] == day and b["status"] != "cancelled" and member_no in b["players"]:
            raise RuntimeError(f"{m['name']} already has a tee time that day ({bid} at {b['time']})")


def _hire_window(state: State, hire: dict) -> tuple[int, int]:
    b = state.bookings[hire["booking"]]
    start = _minutes(b["time"]) - 15
    return start, start + BUGGY_HOURS[hire["holes"]]


def _hire_reply(state: State, hire_id: str) -> Hire:
    h = state.hires[hire_id]
    start, until = _hire_window(state, h)
    return Hire(hire_id=hire_id, booking_id=h["booking"], buggy=h["buggy"], holes=h["holes"], start=_hhmm(start),
                until=_hhmm(until), charge=BUGGY_CHARGE[h["holes"]], status=h["status"], damage=h["damage"])


def _playing_handicap(state: State, member_no: str, comp: dict) -> int:
    m = state.members[member_no]
    tee = "red" if m["sex"] == "F" and comp["category"] == "mixed" and comp["tee"] == "white" else comp["tee"]
    return round(0.95 * _course_handicap(m["index"], tee, m["sex"]))


def _comp_score(comp: dict, hole_scores: list[int], playing: int) -> int:
    if comp["format"] == "medal":
        return sum(hole_scores) - playing
    return sum(max(0, PARS[h] + _strokes(playing, h) - s + 2) for h, s in enumerate(hole_scores))


# --------------------------------------------------------------------------- sign-in and public lists


@desk(public=True)
def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the club office system.

    Args:
        username: The staff user name, such as ``sue.w``.
        password: The password.

    Returns:
        The session: its ``token`` (which every other call takes), the name and the role (office,
        pro_shop, competitions or manager).

    Raises:
        PermissionError: Wrong user name or password.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise PermissionError("wrong user name or password")
    token = f"hh-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
    return Session(token=token, name=user["name"], role=user["role"])


@desk()
def sign_out(state: State, token: str) -> Ack:
    """Sign out and end the session.

    Args:
        token: The session token.

    Returns:
        An acknowledgement.
    """
    who = state.sessions.pop(token)
    return Ack(done=True, message=f"{who['name']} signed out")


@desk(public=True)
def green_fee_rates(state: State) -> list[FeeRate]:
    """The club's green fee rates for visitors and members' guests (public, no sign-in).

    Returns:
        Each rate by code, with its name and the price per player.
    """
    return [FeeRate(code=code, name=r[0], price=r[1]) for code, r in state.rates.items()]


@desk(public=True)
def competition_calendar(state: State, status: Literal["open", "closed", "drawn", "final"] | None = None) -> list[CalendarRow]:
    """The club's competition calendar (public, no sign-in).

    Args:
        status: Only competitions in this state: ``open`` for entries, ``closed``, ``drawn`` or
            ``final`` (results published).

    Returns:
        Each competition by id, with its day, format, tee, category, the highest handicap index that
        may enter, the entry fee, the number of entries and its state, in date order.
    """
    out = []
    for cid, c in sorted(state.competitions.items(), key=lambda kv: (kv[1]["day"], kv[0])):
        if status is not None and c["status"] != status:
            continue
        n = sum(1 for e in state.entries.values() if e["comp"] == cid and e["status"] == "entered")
        out.append(CalendarRow(comp_id=cid, name=c["name"], day=c["day"], format=c["format"], tee=c["tee"],
                               category=c["category"], max_index=c["max_index"], entry_fee=c["fee"], entries=n,
                               status=c["status"]))
    return out


# --------------------------------------------------------------------------- members


@desk()
def find_member(state: State, token: str, text: str) -> list[MemberRow]:
    """Look members up by part of a name, an e-mail address or a phone number.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        The matching members by member number, with their category, handicap index and whether this
        year's subscription is paid.
    """
    t = text.strip().lower()
    if not t:
        raise ValueError("say what to look for")
    squeezed = t.replace(" ", "")
    out = []
    for no, m in sorted(state.members.items()):
        if (t in m["name"].lower() or t in (m["email"] or "").lower()
                or (len(squeezed) >= 6 and squeezed in m["phone"].replace(" ", ""))):
            out.append(MemberRow(member_no=no, name=m["name"], category=m["category"], handicap_index=m["index"],
                                 subscription=_subscription_status(state, no)))
    return out


@desk("office")
def admit_member(state: State, token: str, name: str, sex: Sex, born: int, email: str, phone: str, address: str,
                 category: MemberCategory, proposer_no: str, seconder_no: str) -> Member:
    """Admit a new member on the word of a proposer and a seconder.

    Args:
        token: The session token.
        name: The new member's name, with title.
        sex: ``M`` or ``F``.
        born: The year of birth.
        email: Their e-mail address.
        phone: Their mobile number.
        address: Their address.
        category: ``full``, ``five_day``, ``senior``, ``junior``, ``intermediate``, ``country`` or
            ``social``.
        proposer_no: The proposing member's number.
        seconder_no: The seconding member's number.

    Returns:
        The new member, with their member number.

    Raises:
        LookupError: No such proposer or seconder.
        ValueError: A bad e-mail address or year, a category the age does not fit, or a proposer who
            may not propose.
        RuntimeError: The e-mail address is already a member's.
    """
    if "@" not in email:
        raise ValueError(f"{email!r} is not an e-mail address")
    if not 1920 <= born <= CLUB_YEAR - 5:
        raise ValueError(f"{born} is not a year of birth the club can take")
    age = CLUB_YEAR - born
    if category == "junior" and age >= 18:
        raise ValueError("junior membership is for those under 18 on 1 January")
    if category == "intermediate" and not 18 <= age <= 29:
        raise ValueError("intermediate membership is for those aged 18 to 29")
    if category == "senior" and age < 65:
        raise ValueError("senior membership is from the age of 65")
    if category not in SUBSCRIPTIONS:
        raise ValueError(f"{category!r} is not a membership category")
    if proposer_no == seconder_no:
        raise ValueError("the proposer and the seconder must be two different members")
    for role, no in (("proposer", proposer_no), ("seconder", seconder_no)):
        p = _member(state, no)
        if p["category"] not in ("full", "senior") or CLUB_YEAR - p["joined"] < 2:
            raise ValueError(f"{p['name']} may not act as {role}: only full or senior members of two years' standing")
    for no, m in state.members.items():
        if (m["email"] or "").lower() == email.strip().lower():
            raise RuntimeError(f"{m['name']} ({no}) already has that e-mail address")
    no = f"HH{_next(state, 'member'):04d}"
    state.members[no] = {"name": name.strip(), "sex": sex, "born": born, "category": category, "joined": CLUB_YEAR,
                         "email": email.strip(), "phone": phone.strip(), "address": address.strip(), "cdh": None,
                         "index": None, "adjustments": [], "scores": [], "locker": None}
    return _member_reply(state, no)


@desk("office")
def update_member(state: State, token: str, member_no: str, phone: str | None = None, email: str | None = None,
                  address: str | None = None) -> Member:
    """Change a member's phone number, e-mail address or address.

    Args:
        token: The session token.
        member_no: The member number (``HH....``).
        phone: A new phone number.
        email: A new e-mail address.
        address: A new address.

    Returns:
        The member as now recorded.

    Raises:
        RuntimeError: Nothing would change.
    """
    m = _member(state, member_no)
    changes = {}
    for key, value in (("phone", phone), ("email", email), ("address", address)):
        if value is not None and value.strip() != (m[key] or ""):
            changes[key] = value.strip()
    if "email" in changes and "@" not in changes["email"]:
        raise ValueError(f"{email!r} is not an e-mail address")
    if not changes:
        raise RuntimeError(f"nothing to change: those are already {m['name']}'s details")
    m.update(changes)
    return _member_reply(state, member_no)


@desk()
def member_record(state: State, token: str, member_no: str) -> MemberRecord:
    """A member's whole record.

    Args:
        token: The session token.
        member_no: The member number (``HH....``).

    Returns:
        The member's details, handicap, subscriptions (each invoice with its balance), tee times from
        today, competition entries and locker.
    """
    m = _member(state, member_no)
    subs = [SubscriptionRow(invoice_id=iid, year=inv["year"], total=_invoice_total(inv),
                            balance=_money(_invoice_total(inv) - inv["paid"]),
                            status="paid" if inv["paid"] >= _invoice_total(inv) else "unpaid")
            for iid, inv in sorted(state.invoices.items()) if inv["member"] == member_no]
    bookings = [BookingRow(booking_id=bid, day=b["day"], time=b["time"], kind=b["kind"], status=b["status"])
                for bid, b in sorted(state.bookings.items(), key=lambda kv: (kv[1]["day"], kv[1]["time"]))
                if member_no in b["players"] and b["day"] >= TODAY]
    entries = [_entry_row(state, eid) for eid, e in sorted(state.entries.items()) if e["member"] == member_no]
    return MemberRecord(member=_member_reply(state, member_no),
                        handicap=_handicap_reply(state, member_no) if m["index"] is not None else None,
                        subscriptions=subs, bookings=bookings, entries=entries, locker=m["locker"])


@desk("office")
def change_category(state: State, token: str, member_no: str, category: MemberCategory) -> Member:
    """Move a member to another membership category; an unpaid subscription for the year is re-priced.

    Args:
        token: The session token.
        member_no: The member number (``HH....``).
        category: The new category.

    Returns:
        The member as now recorded.

    Raises:
        RuntimeError: The member is already in that category.
        ValueError: The member's age does not fit the category.
    """
    m = _member(state, member_no)
    if category not in SUBSCRIPTIONS:
        raise ValueError(f"{category!r} is not a membership category")
    if category == m["category"]:
        raise RuntimeError(f"{m['name']} is already a {category.replace('_', '-')} member")
    age = _age(m)
    if category == "junior" and age >= 18:
        raise ValueError("junior membership is for those under 18 on 1 January")
    if category == "intermediate" and not 18 <= age <= 29:
        raise ValueError("intermediate membership is for those aged 18 to 29")
    if category == "senior" and age < 65:
        raise ValueError("senior membership is from the age of 65")
    m["category"] = category
    _, inv = _sub_invoice(state, member_no)
    if inv is not None and inv["paid"] < _invoice_total(inv):
        inv["lines"][0] = [f"{CLUB_YEAR} subscription ({category})", SUBSCRIPTIONS[category]]
    return _member_reply(state, member_no)


@desk("office")
def raise_subscription(state: State, token: str, member_no: str, year: int) -> SubscriptionInvoice:
    """Raise a member's subscription invoice for a club year (a new member's first includes the joining fee).

    Args:
        token: The session token.
        member_no: The member number (``HH....``).
        year: The club year, such as ``2031``.

    Returns:
        The invoice with its lines, total and balance.

    Raises:
        RuntimeError: That year's subscription is already raised.
    """
    m = _member(state, member_no)
    if year not in (CLUB_YEAR, CLUB_YEAR + 1):
        raise ValueError(f"subscriptions are raised for {CLUB_YEAR} or {CLUB_YEAR + 1}")
    iid, _ = _sub_invoice(state, member_no, year)
    if iid is not None:
        raise RuntimeError(f"the {year} subscription for {m['name']} is already raised ({iid})")
    lines = [[f"{year} subscription ({m['category']})", SUBSCRIPTIONS[m["category"]]]]
    if m["joined"] == year and m["category"] not in ("junior", "social"):
        lines.append(["Joining fee", JOINING_FEE])
    iid = f"SUB-{year % 100}-{member_no[2:]}"
    state.invoices[iid] = {"member": member_no, "year": year, "lines": lines, "paid": 0.0}
    return _invoice_reply(state, iid)


@desk("office")
def pay_subscription(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Receipt:
    """Take a payment against a subscription invoice.

    Args:
        token: The session token.
        invoice_id: The invoice (``SUB-..-....``).
        amount: The amount in pounds.
        method: ``card``, ``cash``, ``bank_transfer`` or ``cheque``.

    Returns:
        The receipt, with the balance left.

    Raises:
        RuntimeError: The invoice is already paid.
        ValueError: An amount of nothing or more than the balance.
    """
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise LookupError(f"no subscription invoice {invoice_id}")
    balance = _money(_invoice_total(inv) - inv["paid"])
    if balance <= 0:
        raise RuntimeError(f"{invoice_id} is already paid")
    if not 0 < amount <= balance + 1e-9:
        raise ValueError(f"the payment must be more than nothing and at most the balance of {balance:.2f}")
    if method not in ("card", "cash", "bank_transfer", "cheque"):
        raise ValueError(f"{method!r} is not a payment method")
    inv["paid"] = _money(inv["paid"] + amount)
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"against": invoice_id, "amount": amount, "method": method}
    return Receipt(receipt_id=rid, paid_against=invoice_id, amount=_money(amount), method=method,
                   balance=_money(balance - amount))


# --------------------------------------------------------------------------- handicaps


@desk("competitions")
def register_handicap(state: State, token: str, member_no: str, cdh_number: str, index: float) -> Handicap:
    """Register a member's World Handicap System index with the club, under their CDH number.

    Args:
        token: The session token.
        member_no: The member number (``HH....``).
        cdh_number: The member's England Golf CDH number.
        index: The handicap index (one decimal place).

    Returns:
        The member's handicap as now recorded.

    Raises:
        RuntimeError: The member already has a handicap at the club.
        ValueError: A bad CDH number or index, or a member with no playing rights.
    """
    m = _member(state, member_no)
    if m["index"] is not None:
        raise RuntimeError(f"{m['name']} already has a handicap index at the club ({m['index']}, CDH {m['cdh']})")
    if m["category"] == "social":
        raise ValueError("social members have no playing rights and hold no handicap at the club")
    cdh = cdh_number.replace(" ", "")
    if len(cdh) != 10 or not cdh.isdigit():
        raise ValueError("a CDH number has 10 digits")
    if any(o["cdh"] == cdh for o in state.members.values()):
        raise RuntimeError(f"CDH number {cdh} is already registered to another member")
    if not 0 <= index <= 54 or round(index, 1) != index:
        raise ValueError(f"{index} is not a handicap index: 0.0 to 54.0, one decimal place")
    m["cdh"], m["index"] = cdh, index
    return _handicap_reply(state, member_no)


@desk("competitions")
def adjust_handicap(state: State, token: str, member_no: str, index: float, reason: str) -> Handicap:
    """Apply a handicap committee adjustment to a member's index.

    Args:
        token: The session token.
        member_no: The member number (``HH....``).
        index: The new handicap index.
        reason: The committee's reason, as minuted.

    Returns:
        The member's handicap with its adjustments.

    Raises:
        RuntimeError: The member has no handicap at the club, or already has that index.
    """
    m = _member(state, member_no)
    if m["index"] is None:
        raise RuntimeError(f"{m['name']} has no handicap index at the club to adjust")
    if not 0 <= index <= 54 or round(index, 1) != index:
        raise ValueError(f"{index} is not a handicap index: 0.0 to 54.0, one decimal place")
    if index == m["index"]:
        raise RuntimeError(f"{m['name']}'s index is already {index}")
    if not reason.strip():
        raise ValueError("the committee must give a reason")
    m["adjustments"].append(f"{TODAY}: {m['index']} to {index}; {reason.strip()}")
    m["index"] = index
    return _handicap_reply(state, member_no)


@desk()
def handicap_record(state: State, token: str, member_no: str) -> HandicapRecord:
    """A member's handicap index and scoring record.

    Args:
        token: The session token.
        member_no: The member number (``HH....``).

    Returns:
        The CDH number, index and the member's scores, newest first.
    """
    m = _member(state, member_no)
    rows = [ScoreRow(day=s[0], kind=s[1], gross=s[2], adjusted_gross=s[3], differential=s[4])
            for s in sorted(m["scores"], key=lambda s: s[0], reverse=True)]
    return HandicapRecord(member_no=member_no, name=m["name"], cdh_number=m["cdh"], index=m["index"], scores=rows)


# --------------------------------------------------------------------------- the tee sheet


@desk()
def tee_sheet(state: State, token: str, day: str, show: Show = "all") -> list[SlotRow]:
    """The tee sheet for a day.

    Args:
        token: The session token.
        day: The day (``YYYY-MM-DD``).
        show: ``all`` tee times, only the ``free`` ones, or only the ``booked`` ones.

    Returns:
        One row per tee time, in order: the booking on it (member, visitor or competition), its
        players by member number, guests and visitors, and the free places.
    """
    d = _day(day).isoformat()
    out = []
    for time in SLOTS:
        bid = _slot_taken(state, d, time)
        if bid is None:
            if show != "booked":
                out.append(SlotRow(time=time, booking_id=None, kind=None, players=[], guests=[], visitors=0,
                                   free_places=MAX_PLAYERS))
            continue
        if show == "free":
            continue
        b = state.bookings[bid]
        used = len(b["players"]) + len(b["guests"]) + b["visitors"]
        out.append(SlotRow(time=time, booking_id=bid, kind=b["kind"], players=_players(state, b),
                           guests=list(b["guests"]), visitors=b["visitors"], free_places=MAX_PLAYERS - used))
    return out


@desk("office", "pro_shop")
def book_tee_time(state: State, token: str, day: str, time: str, member_nos: list[str],
                  guests: list[str] | None = None) -> Booking:
    """Book a tee time for members and their guests.

    Args:
        token: The session token.
        day: The day (``YYYY-MM-DD``).
        time: A free tee time (``HH:MM``).
        member_nos: The members playing (``HH....``).
        guests: The names of their guests, who pay the guest green fee.

    Returns:
        The booking, with its players, guests and the green fees due.

    Raises:
        RuntimeError: The time is taken, or a member may not play then.
        ValueError: Not a tee time, too far ahead, or too many players or guests.
    """
    guests = [g.strip() for g in (guests or []) if g.strip()]
    d = _check_slot(state, day, time).isoformat()
    if not member_nos:
        raise ValueError("a member's tee time needs at least one member")
    if len(set(member_nos)) != len(member_nos):
        raise ValueError("a member is listed twice")
    if len(member_nos) + len(guests) > MAX_PLAYERS:
        raise ValueError(f"at most {MAX_PLAYERS} players on a tee time")
    if len(guests) > MAX_GUESTS:
        raise ValueError(f"members may bring at most {MAX_GUESTS} guests")
    for no in member_nos:
        _may_play(state, no, d, time)
    if guests and all(state.members[no]["category"] == "junior" for no in member_nos):
        raise RuntimeError("a junior may bring a guest only with an adult member on the tee time")
    bid = f"TB-{_next(state, 'booking')}"
    state.bookings[bid] = {"day": d, "time": time, "kind": "member", "players": list(member_nos), "guests": guests,
                           "party": None, "visitors": 0, "rate": "GUEST" if guests else None,
                           "due": GUEST_FEE * len(guests), "paid": 0.0, "status": "booked", "reason": None}
    return _booking_reply(state, bid)


@desk("office", "pro_shop")
def add_player(state: State, token: str, booking_id: str, member_no: str) -> Booking:
    """Add a member to a booked members' tee time.

    Args:
        token: The session token.
        booking_id: The booking (``TB-....``).
        member_no: The member to add (``HH....``).

    Returns:
        The booking as it now stands.

    Raises:
        RuntimeError: The member is already on it, it is full, not a members' booking, or no longer
            booked.
    """
    b = _booking(state, booking_id)
    if b["kind"] != "member":
        raise RuntimeError(f"{booking_id} is a {b['kind']} booking; only members' tee times take added players")
    if b["status"] != "booked":
        raise RuntimeError(f"{booking_id} is {b['status'].replace('_', ' ')}")
    m = _member(state, member_no)
    if member_no in b["players"]:
        raise RuntimeError(f"{m['name']} is already on {booking_id}")
    if len(b["players"]) + len(b["guests"]) >= MAX_PLAYERS:
        raise RuntimeError(f"{booking_id} is full")
    _may_play(state, member_no, b["day"], b["time"], booking_id)
    b["players"].append(member_no)
    return _booking_reply(state, booking_id)


@desk("office", "pro_shop")
def remove_player(state: State, token: str, booking_id: str, member_no: str) -> Booking:
    """Take a member off a members' tee time (the last member cancels the booking instead).

    Args:
        token: The session token.
        booking_id: The booking (``TB-....``).
        member_no: The member to take off (``HH....``).

    Returns:
        The booking as it now stands.

    Raises:
        RuntimeError: The member is not on it, is the only member, or it is no longer booked.
    """
    b = _booking(state, booking_id)
    if b["status"] != "booked":
        raise RuntimeError(f"{booking_id} is {b['status'].replace('_', ' ')}")
    if member_no not in b["players"]:
        raise RuntimeError(f"{member_no} is not on {booking_id}")
    if len(b["players"]) == 1:
        raise RuntimeError(f"{member_no} is the only member on {booking_id}; cancel the tee time instead")
    b["players"].remove(member_no)
    return _booking_reply(state, booking_id)


@desk("office", "pro_shop")
def cancel_tee_time(state: State, token: str, booking_id: str, reason: str) -> Cancellation:
    """Cancel a booked tee time (buggies hired on it are cancelled too).

    Args:
        token: The session token.
        booking_id: The booking (``TB-....``).
        reason: Why it is cancelled.

    Returns:
        The cancellation, with the number of buggy hires cancelled with it.

    Raises:
        RuntimeError: The booking is checked in, already cancelled, or a competition's.
    """
    b = _booking(state, booking_id)
    if b["kind"] == "competition":
        raise RuntimeError(f"{booking_id} is a competition tee time from the draw; withdraw the entry instead")
    if b["status"] != "booked":
        raise RuntimeError(f"{booking_id} is {b['status'].replace('_', ' ')}")
    if not reason.strip():
        raise ValueError("give a reason")
    b["status"], b["reason"] = "cancelled", reason.strip()
    n = 0
    for h in state.hires.values():
        if h["booking"] == booking_id and h["status"] == "booked":
            h["status"] = "cancelled"
            n += 1
    return Cancellation(booking_id=booking_id, status="cancelled", reason=b["reason"], buggy_hires_cancelled=n)


@desk("office", "pro_shop")
def book_visitors(state: State, token: str, day: str, time: str, lead_name: str, phone: str, players: int,
                  rate_code: str) -> Booking:
    """Book a tee time for a visiting party on a green fee rate.

    Args:
        token: The session token.
        day: The day (``YYYY-MM-DD``).
        time: A free tee time (``HH:MM``).
        lead_name: The party's lead player or society.
        phone: A contact number.
        players: How many play (1 to 4).
        rate_code: The green fee rate's code.

    Returns:
        The booking, with the green fees due.

    Raises:
        ValueError: A rate that does not apply, a time visitors may not have, or a bad party size.
    """
    d = _check_slot(state, day, time).isoformat()
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"a visiting party on one tee time is 1 to {MAX_PLAYERS} players")
    rate = state.rates.get(rate_code)
    if rate is None:
        raise LookupError(f"no green fee rate {rate_code!r}")
    weekend = _weekend(d)
    if weekend and time < "10:00":
        raise ValueError("visitors may tee off at weekends from 10:00")
    if rate_code == "GUEST":
        raise ValueError("the guest rate is for members' guests on a members' tee time")
    if rate_code == "WKDAY" and weekend:
        raise ValueError("the weekday rate is Monday to Friday")
    if rate_code == "WKEND" and not weekend:
        raise ValueError("the weekend rate is Saturday and Sunday")
    if rate_code == "TWI" and time < "15:00":
        raise ValueError("the twilight rate is for tee times from 15:00")
    if rate_code == "SOC" and weekend:
        raise ValueError("societies play Monday to Friday")
    if not lead_name.strip() or not phone.strip():
        raise ValueError("a visiting party needs a lead name and a contact number")
    bid = f"TB-{_next(state, 'booking')}"
    state.bookings[bid] = {"day": d, "time": time, "kind": "visitor", "players": [], "guests": [],
                           "party": lead_name.strip(), "visitors": players, "rate": rate_code,
                           "due": rate[1] * players, "paid": 0.0, "status": "booked", "reason": None,
                           "phone": phone.strip()}
    return _booking_reply(state, bid)


@desk("pro_shop", "office")
def pay_green_fees(state: State, token: str, booking_id: str, amount: float, method: PayMethod) -> Receipt:
    """Take green fees (a visiting party's, or members' guests') against a booking.

    Args:
        token: The session token.
        booking_id: The booking (``TB-....``).
        amount: The amount in pounds.
        method: ``card``, ``cash``, ``bank_transfer`` or ``cheque``.

    Returns:
        The receipt, with what is still due on the booking.

    Raises:
        RuntimeError: Nothing is due on the booking, or it is cancelled.
        ValueError: An amount of nothing or more than is due.
    """
    b = _booking(state, booking_id)
    if b["status"] == "cancelled":
        raise RuntimeError(f"{booking_id} is cancelled")
    due = _money(b["due"] - b["paid"])
    if due <= 0:
        raise RuntimeError(f"no green fees are due on {booking_id}")
    if not 0 < amount <= due + 1e-9:
        raise ValueError(f"the payment must be more than nothing and at most the {due:.2f} due")
    b["paid"] = _money(b["paid"] + amount)
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"against": booking_id, "amount": amount, "method": method}
    return Receipt(receipt_id=rid, paid_against=booking_id, amount=_money(amount), method=method,
                   balance=_money(due - amount))


@desk("pro_shop")
def check_in(state: State, token: str, booking_id: str) -> Booking:
    """The starter checks a tee time in on the day (buggies hired on it go out).

    Args:
        token: The session token.
        booking_id: The booking (``TB-....``).

    Returns:
        The booking, checked in.

    Raises:
        RuntimeError: Not today's, not booked, or green fees still due.
    """
    b = _booking(state, booking_id)
    if b["day"] != TODAY:
        raise RuntimeError(f"{booking_id} is on {b['day']}, not today")
    if b["status"] != "booked":
        raise RuntimeError(f"{booking_id} is {b['status'].replace('_', ' ')}")
    due = _money(b["due"] - b["paid"])
    if due > 0:
        raise RuntimeError(f"{due:.2f} in green fees is due on {booking_id}; take it before the party tees off")
    b["status"] = "checked_in"
    for h in state.hires.values():
        if h["booking"] == booking_id and h["status"] == "booked":
            h["status"] = "out"
    return _booking_reply(state, booking_id)


@desk("pro_shop")
def register_card(state: State, token: str, booking_id: str, member_no: str, tee: Tee) -> Card:
    """Register a general play card for handicap before a member tees off.

    Args:
        token: The session token.
        booking_id: Today's booking (``TB-....``) the member plays on.
        member_no: The member (``HH....``).
        tee: The tees played from: ``white``, ``yellow`` or ``red``.

    Returns:
        The card, with the member's course handicap from those tees.

    Raises:
        RuntimeError: Not today's booking, the member not on it, no handicap index, or a card already
            registered.
    """
    b = _booking(state, booking_id)
    m = _member(state, member_no)
    if b["day"] != TODAY:
        raise RuntimeError(f"{booking_id} is on {b['day']}; cards are registered on the day, before teeing off")
    if b["status"] not in ("booked", "checked_in"):
        raise RuntimeError(f"{booking_id} is {b['status']}")
    if b["kind"] == "competition":
        raise RuntimeError(f"{booking_id} is a competition tee time; its cards count already")
    if member_no not in b["players"]:
        raise RuntimeError(f"{m['name']} is not on {booking_id}")
    if m["index"] is None:
        raise RuntimeError(f"{m['name']} has no handicap index at the club")
    try:
        t = tee.value if isinstance(tee, Tee) else Tee(tee).value
    except ValueError:
        raise ValueError(f"{tee!r} is not a set of tees") from None
    for c in state.cards.values():
        if c["booking"] == booking_id and c["member"] == member_no:
            raise RuntimeError(f"{m['name']} already has a card registered on {booking_id}")
    cid = f"GP-{_next(state, 'card'):04d}"
    ch = _course_handicap(m["index"], t, m["sex"])
    state.cards[cid] = {"booking": booking_id, "member": member_no, "tee": t, "ch": ch, "status": "registered"}
    return Card(card_id=cid, booking_id=booking_id, member_no=member_no, name=m["name"], tee=t, course_handicap=ch,
                status="registered")


@desk("pro_shop", "competitions")
def post_score(state: State, token: str, card_id: str, hole_scores: list[int]) -> PostedScore:
    """Post the hole-by-hole score of a registered general play card, once the round is played.

    Args:
        token: The session token.
        card_id: The card (``GP-....``).
        hole_scores: The strokes taken at each of the 18 holes, in order.

    Returns:
        The gross and adjusted gross scores and the score differential sent to the CDH.

    Raises:
        RuntimeError: The card is posted already, or its tee time was never checked in.
        ValueError: Not 18 hole scores.
    """
    c = state.cards.get(card_id)
    if c is None:
        raise LookupError(f"no general play card {card_id}")
    if c["status"] != "registered":
        raise RuntimeError(f"{card_id} is already posted")
    b = state.bookings[c["booking"]]
    if b["status"] != "checked_in":
        raise RuntimeError(f"{c['booking']} was never checked in by the starter; the round cannot count")
    _check_scores(hole_scores)
    m = state.members[c["member"]]
    rating, slope = RATINGS[(c["tee"], m["sex"])]
    ags = sum(min(s, PARS[h] + 2 + _strokes(c["ch"], h)) for h, s in enumerate(hole_scores))
    diff = round((ags - rating) * 113 / slope, 1)
    c["status"] = "posted"
    m["scores"].append([TODAY, "general play", sum(hole_scores), ags, diff])
    return PostedScore(card_id=card_id, member_no=c["member"], name=m["name"], gross=sum(hole_scores),
                       adjusted_gross=ags, course_handicap=c["ch"], differential=diff)


# --------------------------------------------------------------------------- competitions


@desk("competitions")
def set_up_competition(state: State, token: str, name: str, day: str, format: CompFormat, tee: Tee,
                       category: CompCategory, max_index: float, entry_fee: float) -> Competition:
    """Set a competition up and open it for entries.

    Args:
        token: The session token.
        name: The competition's name.
        day: The day it is played (``YYYY-MM-DD``).
        format: ``medal`` or ``stableford``.
        tee: The tees it is played from: ``white``, ``yellow`` or ``red``.
        category: ``men``, ``ladies`` or ``mixed``.
        max_index: The highest handicap index that may enter.
        entry_fee: The entry fee in pounds.

    Returns:
        The competition, open for entries.

    Raises:
        ValueError: A day that has passed, a tee the category is not rated from, or a bad limit or fee.
    """
    d = _day(day).isoformat()
    if d < TODAY:
        raise ValueError(f"{d} has passed")
    try:
        t = tee.value if isinstance(tee, Tee) else Tee(tee).value
    except ValueError:
        raise ValueError(f"{tee!r} is not a set of tees") from None
    if category == "ladies" and t != "red":
        raise ValueError("ladies' competitions are played from the red tees")
    if category == "men" and t == "red":
        raise ValueError("men's competitions are played from the white or yellow tees")
    if format not in ("medal", "stableford"):
        raise ValueError(f"{format!r} is not a format")
    if not 0 < max_index <= 54:
        raise ValueError("the handicap limit is an index up to 54.0")
    if not 0 <= entry_fee <= 20:
        raise ValueError("the entry fee is up to 20.00")
    if not name.strip():
        raise ValueError("give the competition a name")
    n = 1 + sum(1 for cid in state.competitions if cid.startswith(f"C-{d[5:7]}{d[8:]}-"))
    cid = f"C-{d[5:7]}{d[8:]}-{n}"
    state.competitions[cid] = {"name": name.strip(), "day": d, "format": format, "tee": t, "category": category,
                               "max_index": max_index, "fee": entry_fee, "status": "open"}
    return _comp_reply(state, cid)


@desk("office", "pro_shop", "competitions")
def enter_competition(state: State, token: str, comp_id: str, member_no: str) -> Entry:
    """Enter a member in a competition that is open for entries (the fee goes on their account).

    Args:
        token: The session token.
        comp_id: The competition (``C-....-.``).
        member_no: The member (``HH....``).

    Returns:
        The entry.

    Raises:
        RuntimeError: Entries are not open, the member is already entered, has no paid subscription or
            no handicap index.
        ValueError: The member may not play in that competition.
    """
    c = _competition(state, comp_id)
    m = _member(state, member_no)
    if c["status"] != "open":
        raise RuntimeError(f"entries for {c['name']} are {c['status']}")
    for eid, e in state.entries.items():
        if e["comp"] == comp_id and e["member"] == member_no and e["status"] == "entered":
            raise RuntimeError(f"{m['name']} is already entered ({eid})")
    if m["category"] == "social":
        raise RuntimeError(f"{m['name']} is a social member and has no playing rights")
    _require_paid(state, member_no)
    if m["index"] is None:
        raise RuntimeError(f"{m['name']} has no handicap index at the club; competitions need one")
    if m["index"] > c["max_index"]:
        raise ValueError(f"{m['name']}'s index {m['index']} is above the limit of {c['max_index']}")
    if (c["category"] == "men" and m["sex"] != "M") or (c["category"] == "ladies" and m["sex"] != "F"):
        raise ValueError(f"{c['name']} is a {c['category']}'s competition")
    if _weekend(c["day"]) and m["category"] == "five_day":
        raise ValueError(f"{m['name']} is a five-day member and may not play weekend competitions")
    eid = f"EN-{_next(state, 'entry'):04d}"
    state.entries[eid] = {"comp": comp_id, "member": member_no, "status": "entered"}
    return Entry(entry_id=eid, comp_id=comp_id, competition=c["name"], member_no=member_no, name=m["name"],
                 index=m["index"], entry_fee=c["fee"], status="entered")


@desk("office", "pro_shop", "competitions")
def withdraw_entry(state: State, token: str, entry_id: str, reason: str) -> EntryRow:
    """Withdraw a member's entry before entries close (the fee is refunded to their account).

    Args:
        token: The session token.
        entry_id: The entry (``EN-....``).
        reason: Why the member withdraws.

    Returns:
        The entry, withdrawn.

    Raises:
        RuntimeError: Entries have closed, or the entry is already withdrawn.
    """
    e = state.entries.get(entry_id)
    if e is None:
        raise LookupError(f"no competition entry {entry_id}")
    if e["status"] != "entered":
        raise RuntimeError(f"{entry_id} is already {e['status']}")
    c = state.competitions[e["comp"]]
    if c["status"] != "open":
        raise RuntimeError(f"entries for {c['name']} are {c['status']}; a withdrawal now is a no return on the day")
    if not reason.strip():
        raise ValueError("give a reason")
    e["status"], e["reason"] = "withdrawn", reason.strip()
    return _entry_row(state, entry_id)


@desk()
def competition_entries(state: State, token: str, comp_id: str) -> list[EntryRow]:
    """The entries for a competition, withdrawn ones included.

    Args:
        token: The session token.
        comp_id: The competition (``C-....-.``).

    Returns:
        Each entry by entry id, with the member, their index and the entry's state.
    """
    _competition(state, comp_id)
    return [_entry_row(state, eid) for eid, e in sorted(state.entries.items()) if e["comp"] == comp_id]


@desk("competitions")
def close_entries(state: State, token: str, comp_id: str) -> Competition:
    """Close a competition's entries, ready for the draw.

    Args:
        token: The session token.
        comp_id: The competition (``C-....-.``).

    Returns:
        The competition, closed.

    Raises:
        RuntimeError: Entries are not open, or fewer than two members have entered.
    """
    c = _competition(state, comp_id)
    if c["status"] != "open":
        raise RuntimeError(f"entries for {c['name']} are already {c['status']}")
    n = sum(1 for e in state.entries.values() if e["comp"] == comp_id and e["status"] == "entered")
    if n < 2:
        raise RuntimeError(f"{c['name']} has {n} entr{'y' if n == 1 else 'ies'}; a competition needs two")
    c["status"] = "closed"
    return _comp_reply(state, comp_id)


@desk("competitions")
def make_draw(state: State, token: str, comp_id: str, first_time: str) -> Draw:
    """Make the draw for a competition whose entries are closed: threes by handicap index, on
    consecutive tee times from the first time given, put on the tee sheet.

    Args:
        token: The session token.
        comp_id: The competition (``C-....-.``).
        first_time: The first group's tee time (``HH:MM``); it and those after it must be free.

    Returns:
        The draw: each group's tee time, booking and players with their playing handicaps.

    Raises:
        RuntimeError: Entries are not closed, or the tee times are not free.
    """
    c = _competition(state, comp_id)
    if c["status"] != "closed":
        raise RuntimeError(f"{c['name']} is {c['status']}; the draw is made once entries are closed")
    if first_time not in SLOTS:
        raise ValueError(f"{first_time!r} is not a tee time: tee times run every 8 minutes from 07:00 to 16:52")
    players = sorted((e["member"] for e in state.entries.values() if e["comp"] == comp_id and e["status"] == "entered"),
                     key=lambda no: (state.members[no]["index"], no))
    groups = [players[i:i + 3] for i in range(0, len(players), 3)]
    if len(groups) > 1 and len(groups[-1]) == 1:
        groups[-2:] = [groups[-2][:2], groups[-2][2:] + groups[-1]]
    start = SLOTS.index(first_time)
    times = SLOTS[start:start + len(groups)]
    if len(times) < len(groups):
        raise RuntimeError("the draw runs past the last tee time of the day")
    for t in times:
        taken = _slot_taken(state, c["day"], t)
        if taken:
            raise RuntimeError(f"{t} on {c['day']} is booked ({taken}); the draw needs consecutive free tee times")
    out = []
    for t, group in zip(times, groups):
        bid = f"TB-{_next(state, 'booking')}"
        state.bookings[bid] = {"day": c["day"], "time": t, "kind": "competition", "players": list(group), "guests": [],
                               "party": c["name"], "visitors": 0, "rate": None, "due": 0.0, "paid": 0.0,
                               "status": "booked", "reason": None, "comp": comp_id}
        out.append(DrawGroup(time=t, booking_id=bid,
                             players=[DrawPlayer(member_no=no, name=state.members[no]["name"],
                                                 playing_handicap=_playing_handicap(state, no, c)) for no in group]))
    c["status"] = "drawn"
    state.draws[comp_id] = [[g["time"], g["booking_id"], [p["member_no"] for p in g["players"]]] for g in out]
    return Draw(comp_id=comp_id, day=c["day"], groups=out)


@desk("competitions")
def enter_card(state: State, token: str, comp_id: str, member_no: str, hole_scores: list[int],
               marker_no: str) -> CompCard:
    """Enter a competitor's signed card on the day of a drawn competition.

    Args:
        token: The session token.
        comp_id: The competition (``C-....-.``).
        member_no: The competitor (``HH....``).
        hole_scores: The strokes at each of the 18 holes, in order.
        marker_no: The member who marked the card, from the same group.

    Returns:
        The card, with the gross, the playing handicap and the nett score or stableford points.

    Raises:
        RuntimeError: The competition is not drawn or not today's, the member is not in the draw, the
            card is already in, or the marker was not in the group.
    """
    c = _competition(state, comp_id)
    if c["status"] != "drawn":
        raise RuntimeError(f"{c['name']} is {c['status']}; cards are entered once the draw is made")
    if c["day"] != TODAY:
        raise RuntimeError(f"{c['name']} is played on {c['day']}; cards are entered on the day")
    m = _member(state, member_no)
    group = next((g for g in state.draws[comp_id] if member_no in g[2]), None)
    if group is None:
        raise RuntimeError(f"{m['name']} is not in the draw for {c['name']}")
    if any(k["comp"] == comp_id and k["member"] == member_no for k in state.comp_cards.values()):
        raise RuntimeError(f"{m['name']}'s card is already in")
    if marker_no == member_no or marker_no not in group[2]:
        raise RuntimeError("the marker must be another player from the same group")
    _check_scores(hole_scores)
    playing = _playing_handicap(state, member_no, c)
    score = _comp_score(c, hole_scores, playing)
    kid = f"CC-{_next(state, 'comp_card'):04d}"
    state.comp_cards[kid] = {"comp": comp_id, "member": member_no, "marker": marker_no, "gross": sum(hole_scores),
                             "playing": playing, "score": score}
    return CompCard(card_id=kid, comp_id=comp_id, member_no=member_no, name=m["name"],
                    marker=state.members[marker_no]["name"], gross=sum(hole_scores), playing_handicap=playing,
                    score=score)


@desk("competitions")
def finalise_competition(state: State, token: str, comp_id: str) -> Results:
    """Finalise a drawn competition once its cards are in: players without a card are no returns, and the
    results are published.

    Args:
        token: The session token.
        comp_id: The competition (``C-....-.``).

    Returns:
        The results in order, and the no returns.

    Raises:
        RuntimeError: The competition is not drawn, or no card is in.
    """
    c = _competition(state, comp_id)
    if c["status"] != "drawn":
        raise RuntimeError(f"{c['name']} is {c['status']}; only a drawn competition is finalised")
    cards = [k for k in state.comp_cards.values() if k["comp"] == comp_id]
    if not cards:
        raise RuntimeError(f"no cards are in for {c['name']}")
    medal = c["format"] == "medal"
    cards.sort(key=lambda k: (k["score"] if medal else -k["score"], k["gross"]))
    rows = [[i + 1, k["member"], k["gross"], k["playing"], k["score"]] for i, k in enumerate(cards)]
    returned = {k["member"] for k in cards}
    drawn = [no for g in state.draws[comp_id] for no in g[2]]
    no_returns = [no for no in drawn if no not in returned]
    for k in cards:
        m = state.members[k["member"]]
        tee = "red" if m["sex"] == "F" and c["category"] == "mixed" and c["tee"] == "white" else c["tee"]
        rating, slope = RATINGS[(tee, m["sex"])]
        m["scores"].append([c["day"], "competition", k["gross"], k["gross"], round((k["gross"] - rating) * 113 / slope, 1)])
    state.results[comp_id] = {"rows": rows, "no_returns": no_returns}
    c["status"] = "final"
    return _results(state, comp_id)


def _results(state: State, comp_id: str) -> Results:
    c = state.competitions[comp_id]
    r = state.results[comp_id]
    return Results(comp_id=comp_id, name=c["name"], format=c["format"],
                   rows=[ResultRow(position=p, member_no=no, name=state.members[no]["name"], gross=g,
                                   playing_handicap=ph, score=s) for p, no, g, ph, s in r["rows"]],
                   no_returns=[state.members[no]["name"] for no in r["no_returns"]])


@desk()
def competition_results(state: State, token: str, comp_id: str) -> Results:
    """The published results of a finalised competition.

    Args:
        token: The session token.
        comp_id: The competition (``C-....-.``).

    Returns:
        The results in order, and the no returns.

    Raises:
        RuntimeError: The competition is not finalised.
    """
    c = _competition(state, comp_id)
    if c["status"] != "final":
        raise RuntimeError(f"{c['name']} is {c['status']}; results are published when it is finalised")
    return _results(state, comp_id)


# --------------------------------------------------------------------------- buggies


@desk()
def buggy_list(state: State, token: str, day: str) -> list[BuggyRow]:
    """The buggy fleet on a day.

    Args:
        token: The session token.
        day: The day (``YYYY-MM-DD``).

    Returns:
        Each buggy with its state (``ok`` or ``workshop``), its battery charge in per cent and that
        day's hires, each with its booking, times and state.
    """
    d = _day(day).isoformat()
    out = []
    for code, g in state.buggies.items():
        hires = []
        for hid, h in sorted(state.hires.items()):
            if h["buggy"] == code and state.bookings[h["booking"]]["day"] == d:
                start, until = _hire_window(state, h)
                hires.append(HireRow(hire_id=hid, booking_id=h["booking"], start=_hhmm(start), until=_hhmm(until),
                                     status=h["status"]))
        out.append(BuggyRow(buggy=code, status=g["status"], charge=g["charge"], hires=hires))
    return out


@desk("pro_shop")
def hire_buggy(state: State, token: str, booking_id: str, buggy: str, holes: int) -> Hire:
    """Hire a buggy to a tee time for 9 or 18 holes.

    Args:
        token: The session token.
        booking_id: The booking (``TB-....``).
        buggy: The buggy (``BG-..``).
        holes: ``9`` or ``18``.

    Returns:
        The hire, with the times the buggy is kept and the charge.

    Raises:
        RuntimeError: The booking is cancelled or played, the buggy is in the workshop, short of charge
            or out at that time, or no one on the tee time may drive it.
        ValueError: Not 9 or 18 holes.
    """
    b = _booking(state, booking_id)
    if b["status"] not in ("booked", "checked_in"):
        raise RuntimeError(f"{booking_id} is {b['status']}")
    g = state.buggies.get(buggy)
    if g is None:
        raise LookupError(f"no buggy {buggy}")
    if holes not in BUGGY_CHARGE:
        raise ValueError("buggies are hired for 9 or 18 holes")
    if g["status"] != "ok":
        raise RuntimeError(f"{buggy} is in the workshop")
    if holes == 18 and g["charge"] < BUGGY_MIN_CHARGE:
        raise RuntimeError(f"{buggy} is at {g['charge']}%; 18 holes need a charge of {BUGGY_MIN_CHARGE}% or more")
    if b["kind"] != "visitor" and all(state.members[no]["category"] == "junior" for no in b["players"]) and not b["guests"]:
        raise RuntimeError("buggies are driven by players aged 18 or over; no one on that tee time may drive")
    new = {"booking": booking_id, "buggy": buggy, "holes": holes, "status": "booked", "damage": None}
    start, until = _hire_window(state, new)
    for hid, h in state.hires.items():
        if h["buggy"] == buggy and h["status"] in ("booked", "out") and state.bookings[h["booking"]]["day"] == b["day"]:
            s, u = _hire_window(state, h)
            if s < until and start < u:
                raise RuntimeError(f"{buggy} is out from {_hhmm(s)} to {_hhmm(u)} that day ({hid})")
    if b["status"] == "checked_in":
        new["status"] = "out"
    hid = f"BH-{_next(state, 'hire'):04d}"
    state.hires[hid] = new
    return _hire_reply(state, hid)


@desk("pro_shop")
def return_buggy(state: State, token: str, hire_id: str, damage: str | None = None) -> Hire:
    """Book a buggy back in after the round (a damaged buggy goes to the workshop).

    Args:
        token: The session token.
        hire_id: The hire (``BH-....``).
        damage: Any damage found, in words.

    Returns:
        The hire, returned.

    Raises:
        RuntimeError: The buggy never went out on that hire, or is already back.
    """
    h = state.hires.get(hire_id)
    if h is None:
        raise LookupError(f"no buggy hire {hire_id}")
    if h["status"] != "out":
        raise RuntimeError(f"{hire_id} is {h['status']}; only a buggy that is out comes back")
    h["status"] = "returned"
    if damage is not None and damage.strip():
        h["damage"] = damage.strip()
        state.buggies[h["buggy"]]["status"] = "workshop"
    return _hire_reply(state, hire_id)


@desk("pro_shop")
def cancel_buggy_hire(state: State, token: str, hire_id: str) -> Hire:
    """Cancel a buggy hire before the buggy goes out.

    Args:
        token: The session token.
        hire_id: The hire (``BH-....``).

    Returns:
        The hire, cancelled.

    Raises:
        RuntimeError: The buggy is out, back or the hire already cancelled.
    """
    h = state.hires.get(hire_id)
    if h is None:
        raise LookupError(f"no buggy hire {hire_id}")
    if h["status"] != "booked":
        raise RuntimeError(f"{hire_id} is {h['status']}; only a booked hire is cancelled")
    h["status"] = "cancelled"
    return _hire_reply(state, hire_id)


# --------------------------------------------------------------------------- lockers and messages


@desk()
def locker_list(state: State, token: str, room: Room | None = None, free_only: bool = False) -> list[LockerRow]:
    """The lockers in the changing rooms.

    Args:
        token: The session token.
        room: Only the ``men``'s or the ``ladies``' changing room.
        free_only: Only lockers no one holds.

    Returns:
        Each locker with its room, holder and annual fee.
    """
    holders = {m["locker"]: m["name"] for m in state.members.values() if m["locker"]}
    out = []
    for code, r in state.lockers.items():
        if room is not None and r != room:
            continue
        if free_only and code in holders:
            continue
        out.append(LockerRow(locker=code, room=r, holder=holders.get(code), fee=LOCKER_FEE))
    return out


@desk("office")
def assign_locker(state: State, token: str, member_no: str, locker: str) -> Locker:
    """Let a locker to a member to the end of the club year (the fee goes on their account).

    Args:
        token: The session token.
        member_no: The member (``HH....``).
        locker: A free locker (``L-...``).

    Returns:
        The letting.

    Raises:
        RuntimeError: The locker is held, the member already has one, or it is in the other changing room.
    """
    m = _member(state, member_no)
    if locker not in state.lockers:
        raise LookupError(f"no locker {locker}")
    if m["locker"] == locker:
        raise RuntimeError(f"{m['name']} already has {locker}")
    if m["locker"]:
        raise RuntimeError(f"{m['name']} already has {m['locker']}; a member holds one locker")
    if any(o["locker"] == locker for o in state.members.values()):
        raise RuntimeError(f"{locker} is held by another member")
    want = "men" if m["sex"] == "M" else "ladies"
    if state.lockers[locker] != want:
        room_name = "men's" if state.lockers[locker] == "men" else "ladies'"
        raise RuntimeError(f"{locker} is in the {room_name} changing room: the men's lockers are L-101 to L-112, "
                           "the ladies' L-201 to L-206")
    m["locker"] = locker
    return Locker(locker=locker, member_no=member_no, name=m["name"], fee=LOCKER_FEE, expires=f"{CLUB_YEAR + 1}-03-31")


@desk("office")
def notify_member(state: State, token: str, member_no: str, channel: Channel, message: str) -> Message:
    """Send a member a text or an e-mail from the office.

    Args:
        token: The session token.
        member_no: The member (``HH....``).
        channel: ``sms`` or ``email``.
        message: The text.

    Returns:
        The message as sent.

    Raises:
        RuntimeError: No e-mail address on file for an e-mail.
        ValueError: An empty message, or a text over 320 characters.
    """
    m = _member(state, member_no)
    if not message.strip():
        raise ValueError("the message is empty")
    if channel == "email":
        if not m["email"]:
            raise RuntimeError(f"no e-mail address on file for {m['name']}")
        to = m["email"]
    elif channel == "sms":
        if len(message) > 320:
            raise ValueError("a text is at most 320 characters")
        to = m["phone"]
    else:
        raise ValueError(f"{channel!r} is not a channel")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "member": member_no, "channel": channel, "to": to, "text": message.strip()})
    return Message(message_id=mid, member_no=member_no, channel=channel, to=to, text=message.strip())


TOOLS = [
    sign_in, sign_out, green_fee_rates, competition_calendar, find_member, admit_member, update_member, member_record,
    change_category, raise_subscription, pay_subscription, register_handicap, adjust_handicap, handicap_record,
    tee_sheet, book_tee_time, add_player, remove_player, cancel_tee_time, book_visitors, pay_green_fees, check_in,
    register_card, post_score, set_up_competition, enter_competition, withdraw_entry, competition_entries,
    close_entries, make_draw, enter_card, finalise_competition, competition_results, buggy_list, hire_buggy,
    return_buggy, cancel_buggy_hire, locker_list, assign_locker, notify_member,
]

FIXTURES = {
    "club": {"name": "Hollins Heath Golf Club, Heath Road, Hollins Green",
             "today": "Friday 15 August 2031: the Friday Stableford today, the August Monthly Medal tomorrow",
             "handicaps": "World Handicap System, England Golf's CDH"},
    "staff": [
        {"name": "Sue Whitlock", "role": "club secretary's office", "username": "sue.w", "password": "Club-Year-2031"},
        {"name": "Gary Platt", "role": "head professional and starter", "username": "gary.p",
         "password": "Starter-Hut-8"},
        {"name": "Alan Dacre", "role": "competitions and handicap secretary", "username": "alan.d",
         "password": "Slope-130"},
        {"name": "Kate Marlow", "role": "general manager", "username": "kate.m", "password": "Heath-Road-1921"},
    ],
    "new_member": {"name": "Mr Daniel Okoro", "sex": "M", "born": "1986", "email": "daniel.okoro@mail.example",
                   "phone": "07700 900962", "address": "4 Larch Close, Hollins Green", "category": "full",
                   "proposer": "Graham Pell", "seconder": "Owen Tranter",
                   "cdh_number": "1004417832", "handicap_index": "21.3"},
    "office_notes": [
        "Daniel Okoro's full address is 4 Larch Close, Hollins Green, HG3 7PL",
        "Owen Tranter's e-mail address is owen.tranter@mail.example; he wants the medal draw sent to it",
        "Colin Brook will pay his 2031 subscription by card today and wants a tee time tomorrow",
        "Three visitors from Leeds, lead Mr Neil Ashworth, 07700 900977, would like a round today",
        "Lucy Arden turned 18 in June and moves up from junior to intermediate membership",
        "The Wrekin Valley Golf Society (09:08) pay their green fees on arrival",
        "Tom Askew, who joined in April, has brought his CDH number from his old club: 1004388127, index 28.4",
    ],
}

_TOKEN = "auth: session token (token of sign_in's session)"
PUBLIC = ("sign_in", "green_fee_rates", "competition_calendar")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
MEMBER_CONSUMERS = ["update_member", "member_record", "change_category", "raise_subscription", "register_handicap",
                    "adjust_handicap", "handicap_record", "book_tee_time", "add_player", "enter_competition",
                    "assign_locker", "notify_member"]
BOOKING_CONSUMERS = ["add_player", "remove_player", "cancel_tee_time", "register_card"]
ANY_BOOKING_CONSUMERS = ["pay_green_fees", "check_in", "hire_buggy"]
COMP_CONSUMERS = ["enter_competition", "competition_entries", "close_entries", "make_draw", "enter_card",
                  "finalise_competition", "competition_results"]
_MEMBER = "id lookup/create: member number (member_no of admit_member, or of a find_member row)"
_BOOKING = "id lookup/create: booking id (booking_id of book_tee_time, or of a tee_sheet row)"
_ANY_BOOKING = ("id lookup/create: booking id (booking_id of book_tee_time or book_visitors, or of a tee_sheet "
                "row)")
_COMP = ("id lookup/create: competition id (comp_id of set_up_competition, or of a competition_calendar row)")

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("admit_member|find_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [("book_tee_time|tee_sheet", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("book_tee_time|book_visitors|tee_sheet", c, _ANY_BOOKING) for c in ANY_BOOKING_CONSUMERS]
    + [("set_up_competition|competition_calendar", c, _COMP) for c in COMP_CONSUMERS]
    + [
        ("find_member", "admit_member", "id lookup: proposer's and seconder's member numbers (of find_member rows)"),
        ("raise_subscription|member_record", "pay_subscription",
         "id lookup/create: subscription invoice id (invoice_id of raise_subscription, or of member_record's "
         "subscriptions)"),
        ("register_card", "post_score", "id create: general play card id (card_id of register_card)"),
        ("enter_competition|competition_entries", "withdraw_entry",
         "id lookup/create: entry id (entry_id of enter_competition, or of a competition_entries row)"),
        ("hire_buggy|buggy_list", "return_buggy",
         "id lookup/create: hire id (hire_id of hire_buggy, or of a buggy_list row's hires)"),
        ("hire_buggy|buggy_list", "cancel_buggy_hire",
         "id lookup/create: hire id (hire_id of hire_buggy, or of a buggy_list row's hires)"),
        ("tee_sheet", "book_tee_time", "vocabulary: a free tee time (time of a tee_sheet row)"),
        ("tee_sheet", "book_visitors", "vocabulary: a free tee time (time of a tee_sheet row)"),
        ("tee_sheet", "make_draw", "vocabulary: the first of consecutive free tee times (time of a tee_sheet row)"),
        ("green_fee_rates", "book_visitors", "vocabulary: green fee rate code (code of a green_fee_rates row)"),
        ("buggy_list", "hire_buggy", "vocabulary: a buggy in service with charge (buggy of a buggy_list row)"),
        ("locker_list", "assign_locker", "vocabulary: a free locker (locker of a locker_list row)"),
        ("pay_subscription", "book_tee_time", "state: the year's subscription paid"),
        ("pay_subscription", "enter_competition", "state: the year's subscription paid"),
        ("register_handicap", "enter_competition", "state: a handicap index at the club"),
        ("register_handicap", "register_card", "state: a handicap index at the club"),
        ("register_handicap", "adjust_handicap", "state: a handicap index at the club"),
        ("pay_green_fees", "check_in", "state: green fees paid"),
        ("check_in", "post_score", "state: the tee time checked in (the round played)"),
        ("check_in", "return_buggy", "state: the buggy out (the tee time checked in)"),
        ("add_player", "remove_player", "state: the member on the tee time"),
        ("close_entries", "make_draw", "state: entries closed"),
        ("make_draw", "enter_card", "state: the draw made (the member in a group with the marker)"),
        ("enter_card", "finalise_competition", "state: a card in"),
        ("finalise_competition", "competition_results", "state: the competition finalised"),
        ("update_member", "notify_member", "state: an e-mail address on file"),
    ]
)

PLAUSIBLE = {
    ("admit_member", "find_member"), ("book_tee_time", "tee_sheet"), ("book_visitors", "tee_sheet"),
    ("cancel_tee_time", "tee_sheet"), ("make_draw", "tee_sheet"), ("hire_buggy", "buggy_list"),
    ("set_up_competition", "competition_calendar"), ("enter_competition", "competition_entries"),
    ("enter_competition", "competition_calendar"), ("raise_subscription", "member_record"),
    ("assign_locker", "locker_list"), ("pay_subscription", "find_member"), ("pay_subscription", "member_record"),
    ("register_handicap", "find_member"), ("register_handicap", "handicap_record"),
    ("post_score", "handicap_record"), ("finalise_competition", "handicap_record"),
    ("book_tee_time", "member_record"), ("enter_competition", "member_record"), ("assign_locker", "member_record"),
    ("register_handicap", "member_record"), ("add_player", "register_card"), ("enter_competition", "close_entries"),
    ("pay_subscription", "add_player"), ("member_record", "register_card"), ("member_record", "add_player"),
    ("member_record", "remove_player"), ("member_record", "cancel_tee_time"), ("member_record", "check_in"),
    ("member_record", "hire_buggy"), ("member_record", "pay_green_fees"), ("member_record", "withdraw_entry"),
    ("find_member", "remove_player"), ("find_member", "register_card"), ("find_member", "enter_card"),
    ("competition_entries", "enter_card"), ("tee_sheet", "enter_card"), ("raise_subscription", "book_tee_time"),
    ("raise_subscription", "enter_competition"), ("close_entries", "enter_card"),
}
