"""Quickdraw: the front desk of the Foundry Climbing Centre, Gasworks Lane, Kilnworth (40 calls).

Sync functions over an in-memory ``State`` of the centre on Saturday 13 March 2032 at 09:30. The desk
registers climbers, takes their waivers, sells day passes and ten-visit cards, starts, freezes,
unfreezes and cancels memberships, checks climbers in and out, hires out shoes, harnesses, chalk bags
and belay devices, enrols climbers on courses, takes payment, books children's parties and writes to
climbers. Instructors induct new climbers on the bouldering and auto-belay walls, run belay checks for
top-rope and lead climbing, keep course registers and sign climbers off, log incidents and suspend
climbers who belay unsafely. Route setters close walls, strip and set routes and check each other's
new routes before a wall reopens. The duty manager may do everything, and alone lifts a suspension.
The price list and the course calendar are public.

Every tool is a plain ``def`` wrapped by ``front_desk(*roles)`` (``functools.wraps``), which checks
the session and the role. Replies follow the centre's web API, written after Slack's: a reply is a
dict ``{"ok": true, ...}`` carrying the record under a key, and a refusal is *returned* as
``{"ok": false, "error": "<code>", "detail": "<why>"}`` (the decorator turns the handlers' internal
``_Refused`` into it). Replies are ``TypedDict``s (a session, a climber, a climber's record with the
waiver, clearances, passes, memberships, enrolments, invoices, visits and hires nested as rows, a
course calendar with sessions nested, walls with their routes nested as rows, a hire with its items
nested) and rows as lists of lists inside them. Ids look alike: climber ``CL-0424``, waiver
``WV-3318``, day pass ``DP-5120`` and ten-visit card ``TV-0855``, visit ``VS-7705``, membership
``MB-1184``, enrolment ``EN-0612`` and its invoice ``IV-0612``, party ``PB-0215`` and its invoice
``IV-0215``, receipt ``RC-4410``, hire ``HK-0340``, route ``R-2211`` on wall ``W2``, instructor
``IR-07``, accident report ``AR-0096``. The grade scales and hold colours of the walls, who may sign a
junior's waiver, when off-peak passes are sold, the ages of each plan and course, that Learn to Lead
needs a top-rope clearance, how payment is taken for each plan, how long a freeze may run, that an
annual membership runs its year, that nobody checks their own route, how far ahead parties are booked,
on which days and for how many children are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
import functools
import inspect
from enum import Enum
from typing import Dict, List, Literal, Optional, TypedDict, Union

TODAY = "2032-03-13"  # a Saturday
NOW = "09:30"
WAIVER_DAYS = 365
PRICES = {"peak": 14.50, "off_peak": 11.00, "junior": 9.00, "ten_visit": 125.00}
PLAN_PRICES = {"monthly": 52.00, "annual": 540.00, "student": 42.00, "junior": 30.00, "off_peak": 40.00}
KIT_PRICES = {"shoes": 4.00, "harness": 3.00, "chalk_bag": 1.50, "belay_device": 2.00}
PARTY_PRICE = 160.00
PARTY_DEPOSIT = 50.00
PARTY_SLOTS = ("10:00", "12:30", "15:00")
FONT = ("3", "4", "4+", "5", "5+", "6A", "6A+", "6B", "6B+", "6C", "6C+", "7A", "7A+", "7B")
FRENCH = ("4", "5a", "5b", "5c", "6a", "6a+", "6b", "6b+", "6c", "6c+", "7a", "7a+", "7b", "7b+")
COLOURS = ("red", "blue", "green", "yellow", "black", "white", "orange", "purple", "pink")
MAX_LIVE_ROUTES = 12

PassKind = Literal["peak", "off_peak", "junior", "ten_visit"]
PayMethod = Literal["card", "cash"]
Channel = Literal["email", "sms"]
InductionArea = Literal["bouldering", "auto_belay"]
BelayLevel = Literal["top_rope", "lead"]
Device = Literal["tube", "assisted_braking"]
KitKind = Literal["shoes", "harness", "chalk_bag", "belay_device"]
MembershipStatus = Literal["active", "frozen", "cancelled"]
DebitMethod = Literal["direct_debit", "card"]


class Plan(Enum):
    MONTHLY = "monthly"
    ANNUAL = "annual"
    STUDENT = "student"
    JUNIOR = "junior"
    OFF_PEAK = "off_peak"


# --------------------------------------------------------------------------- replies


class Refusal(TypedDict):
    ok: bool
    error: str
    detail: str


class Session(TypedDict):
    token: str
    name: str
    role: str


class SessionReply(TypedDict):
    ok: bool
    session: Session


class Ack(TypedDict):
    ok: bool
    done: str


class PriceReply(TypedDict):
    ok: bool
    prices: List[list]


class Course(TypedDict):
    course_id: str
    title: str
    ages: str
    price: float
    instructor: str
    sessions: List[List[str]]
    places_left: int


class CalendarReply(TypedDict):
    ok: bool
    courses: List[Course]


class ClimberRow(TypedDict):
    climber_id: str
    name: str
    born: str
    phone: str
    flags: List[str]


class ClimbersReply(TypedDict):
    ok: bool
    climbers: List[ClimberRow]


class Climber(TypedDict):
    climber_id: str
    name: str
    born: str
    age: int
    phone: str
    email: Optional[str]
    emergency_contact: str
    guardian: Optional[str]
    suspended_until: Optional[str]


class ClimberReply(TypedDict):
    ok: bool
    climber: Climber


class ClimberRecord(Climber):
    waiver: Optional[Dict[str, str]]
    clearances: List[List[str]]
    passes: List[list]
    memberships: List[list]
    enrolments: List[list]
    invoices: List[list]
    visits: List[list]
    hires: List[list]


class RecordReply(TypedDict):
    ok: bool
    record: ClimberRecord


class Waiver(TypedDict):
    waiver_id: str
    climber_id: str
    signed_by: str
    signed_on: str
    expires: str


class WaiverReply(TypedDict):
    ok: bool
    waiver: Waiver


class ClearanceReply(TypedDict):
    ok: bool
    climber_id: str
    result: str
    clearances: List[List[str]]


class EntryPass(TypedDict):
    pass_id: str
    climber_id: str
    kind: str
    price: float
    visits_left: int
    status: str


class PassReply(TypedDict):
    ok: bool
    sold: EntryPass


class Visit(TypedDict):
    visit_id: str
    climber_id: str
    name: str
    entry: str
    in_at: str
    out_at: Optional[str]


class VisitReply(TypedDict):
    ok: bool
    visit: Visit


class VisitsReply(TypedDict):
    ok: bool
    on_the_wall: List[list]


class Membership(TypedDict):
    membership_id: str
    climber_id: str
    plan: str
    price: float
    method: str
    start: str
    status: str
    frozen_until: Optional[str]
    ends: Optional[str]


class MembershipReply(TypedDict):
    ok: bool
    membership: Membership


class MembershipsReply(TypedDict):
    ok: bool
    memberships: List[list]


class Enrolment(TypedDict):
    enrolment_id: str
    course_id: str
    climber_id: str
    status: str
    invoice_id: str
    price: float
    balance: float
    result: Optional[str]


class EnrolmentReply(TypedDict):
    ok: bool
    enrolment: Enrolment


class RegisterReply(TypedDict):
    ok: bool
    course_id: str
    title: str
    register: List[list]


class Receipt(TypedDict):
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    balance: float


class PaymentReply(TypedDict):
    ok: bool
    receipt: Receipt


class KitReply(TypedDict):
    ok: bool
    kit: List[list]


class Hire(TypedDict):
    hire_id: str
    visit_id: str
    items: List[list]
    charge: float
    status: str
    damaged: bool
    notes: Optional[str]


class HireReply(TypedDict):
    ok: bool
    hire: Hire


class Wall(TypedDict):
    wall_id: str
    name: str
    kind: str
    status: str
    reason: Optional[str]
    routes: List[list]


class WallsReply(TypedDict):
    ok: bool
    walls: List[Wall]


class WallReply(TypedDict):
    ok: bool
    wall: Wall


class Route(TypedDict):
    route_id: str
    wall_id: str
    grade: str
    colour: str
    name: Optional[str]
    setter: str
    set_on: str
    status: str
    checked_by: Optional[str]


class RouteReply(TypedDict):
    ok: bool
    route: Route


class Incident(TypedDict):
    incident_id: str
    visit_id: str
    climber_id: str
    wall_id: Optional[str]
    what: str
    first_aid: bool
    logged_by: str
    at: str


class IncidentReply(TypedDict):
    ok: bool
    incident: Incident


class SlotsReply(TypedDict):
    ok: bool
    day: str
    free: List[list]


class Party(TypedDict):
    party_id: str
    booker_id: str
    day: str
    slot: str
    instructor: str
    children: int
    birthday_child: str
    price: float
    invoice_id: str
    deposit: float
    balance: float


class PartyReply(TypedDict):
    ok: bool
    party: Party


# --------------------------------------------------------------------------- state


class State:
    """The Foundry Climbing Centre, Gasworks Lane, Kilnworth, on Saturday 13 March 2032 at 09:30."""

    def __init__(self) -> None:
        self.staff = {
            "jo.p": {"name": "Jo Pemberton", "password": "Chalk-Up-24", "role": "desk", "staff_no": "DS-02"},
            "ali.r": {"name": "Ali Rahman", "password": "Figure-8-Knot", "role": "instructor", "staff_no": "IR-07"},
            "kit.m": {"name": "Kit Moreno", "password": "Belay-Glasses-3", "role": "instructor", "staff_no": "IR-11"},
            "sam.d": {"name": "Sam Doyle", "password": "Crimp-Pinch-51", "role": "setter", "staff_no": "RS-04"},
            "bea.n": {"name": "Bea Nolan", "password": "Sloper-Jug-7", "role": "setter", "staff_no": "RS-09"},
            "meg.h": {"name": "Megan Holt", "password": "Foundry-2016", "role": "manager", "staff_no": "MG-01"},
        }
        self.sessions = {}
        self.prices = [
            ["DAY-PEAK", "Day pass, adult: evenings, weekends and bank holidays", PRICES["peak"]],
            ["DAY-OFF", "Day pass, adult: weekdays before 16:00", PRICES["off_peak"]],
            ["DAY-JNR", "Day pass, under 18", PRICES["junior"]],
            ["TEN", "Ten-visit card, adult, valid for 12 months", PRICES["ten_visit"]],
            ["MEM-MONTH", "Membership, monthly", PLAN_PRICES["monthly"]],
            ["MEM-YEAR", "Membership, annual", PLAN_PRICES["annual"]],
            ["MEM-STU", "Membership, student, monthly", PLAN_PRICES["student"]],
            ["MEM-JNR", "Membership, junior, monthly", PLAN_PRICES["junior"]],
            ["MEM-OFF", "Membership, off-peak, monthly", PLAN_PRICES["off_peak"]],
            ["HIRE-SHOES", "Shoe hire, per visit", KIT_PRICES["shoes"]],
            ["HIRE-HARNESS", "Harness hire, per visit", KIT_PRICES["harness"]],
            ["HIRE-CHALK", "Chalk bag hire, per visit", KIT_PRICES["chalk_bag"]],
            ["HIRE-BELAY", "Belay device and screwgate, per visit", KIT_PRICES["belay_device"]],
            ["PARTY", "Children's climbing party, 90 minutes with an instructor", PARTY_PRICE],
        ]
        self.climbers = {
            "CL-0411": {"name": "Ms Hannah Price", "born": "1990-06-14", "phone": "07700 900411",
                        "email": "hannah.price@mail.example", "emergency": "Mr Rhys Price (husband), 07700 900410",
                        "guardian": None, "suspended_until": None, "suspension": None,
                        "clearances": [["bouldering", "induction", "Ali Rahman", "2029-10-02"],
                                       ["top_rope", "belay check", "Kit Moreno", "2029-10-09"]]},
            "CL-0412": {"name": "Mr Tom Okoro", "born": "1987-02-09", "phone": "07700 900412",
                        "email": None, "emergency": "Ms Ada Okoro (sister), 07700 900409",
                        "guardian": None, "suspended_until": None, "suspension": None,
                        "clearances": [["bouldering", "induction", "Kit Moreno", "2031-03-01"],
                                       ["auto_belay", "induction", "Kit Moreno", "2031-03-01"]]},
            "CL-0414": {"name": "Ms Priya Shah", "born": "2003-11-30", "phone": "07700 900414",
                        "email": "priya.shah@uni.example", "emergency": "Mrs Meera Shah (mother), 07700 900415",
                        "guardian": None, "suspended_until": None, "suspension": None,
                        "clearances": [["bouldering", "induction", "Ali Rahman", "2030-09-20"]]},
            "CL-0417": {"name": "Leo Marsh", "born": "2021-05-18", "phone": "07700 900417",
                        "email": "claire.marsh@mail.example", "emergency": "Mrs Claire Marsh (mother), 07700 900417",
                        "guardian": "Mrs Claire Marsh", "suspended_until": None, "suspension": None,
                        "clearances": [["bouldering", "induction", "Ali Rahman", "2031-11-06"]]},
            "CL-0419": {"name": "Mr Chris Wylde", "born": "1984-08-22", "phone": "07700 900419",
                        "email": "chris.wylde@mail.example", "emergency": "Ms Jen Wylde (wife), 07700 900420",
                        "guardian": None, "suspended_until": None, "suspension": None,
                        "clearances": [["bouldering", "induction", "Kit Moreno", "2027-05-12"],
                                       ["top_rope", "belay check", "Kit Moreno", "2027-05-12"],
                                       ["lead", "belay check", "Kit Moreno", "2027-06-01"]]},
            "CL-0420": {"name": "Ms Ffion Morgan", "born": "1996-01-11", "phone": "07700 900421",
                        "email": "ffion.morgan@mail.example", "emergency": "Mr Huw Morgan (father), 07700 900422",
                        "guardian": None, "suspended_until": None, "suspension": None,
                        "clearances": [["bouldering", "induction", "Ali Rahman", "2031-06-19"],
                                       ["top_rope", "course", "Ali Rahman", "2031-07-03"]]},
            "CL-0423": {"name": "Mr Gary Lomax", "born": "1979-04-03", "phone": "07700 900423",
                        "email": None, "emergency": "Mrs Sue Lomax (wife), 07700 900424",
                        "guardian": None, "suspended_until": "2032-03-27",
                        "suspension": "Took his hands off the dead rope while his partner climbed; warned before",
                        "clearances": [["top_rope", "belay check", "Ali Rahman", "2030-02-14"]]},
        }
        self.waivers = {
            "WV-3290": {"climber": "CL-0412", "signed_by": "Mr Tom Okoro", "signed_on": "2031-03-01",
                        "expires": "2032-02-29"},
            "WV-3301": {"climber": "CL-0411", "signed_by": "Ms Hannah Price", "signed_on": "2031-09-02",
                        "expires": "2032-09-01"},
            "WV-3305": {"climber": "CL-0414", "signed_by": "Ms Priya Shah", "signed_on": "2031-09-20",
                        "expires": "2032-09-19"},
            "WV-3308": {"climber": "CL-0417", "signed_by": "Mrs Claire Marsh", "signed_on": "2031-11-06",
                        "expires": "2032-11-05"},
            "WV-3311": {"climber": "CL-0419", "signed_by": "Mr Chris Wylde", "signed_on": "2031-12-01",
                        "expires": "2032-11-30"},
            "WV-3314": {"climber": "CL-0420", "signed_by": "Ms Ffion Morgan", "signed_on": "2032-01-15",
                        "expires": "2033-01-14"},
            "WV-3316": {"climber": "CL-0423", "signed_by": "Mr Gary Lomax", "signed_on": "2032-02-20",
                        "expires": "2033-02-19"},
        }
        self.passes = {
            "TV-0855": {"climber": "CL-0412", "kind": "ten_visit", "price": PRICES["ten_visit"], "bought": "2031-06-04",
                        "visits_left": 4, "status": "active"},
        }
        self.memberships = {
            "MB-1171": {"climber": "CL-0411", "plan": "monthly", "method": "direct_debit", "start": "2030-01-01",
                        "status": "active", "frozen_until": None, "ends": None, "reason": None},
            "MB-1176": {"climber": "CL-0414", "plan": "annual", "method": "card", "start": "2031-09-20",
                        "status": "frozen", "frozen_until": "2032-04-30", "ends": None,
                        "reason": "Placement abroad, January to April"},
            "MB-1180": {"climber": "CL-0419", "plan": "monthly", "method": "direct_debit", "start": "2027-05-12",
                        "status": "active", "frozen_until": None, "ends": None, "reason": None},
        }
        self.visits = {
            "VS-7702": {"climber": "CL-0419", "entry": "MB-1180", "in_at": "09:05", "out_at": None},
            "VS-7704": {"climber": "CL-0411", "entry": "MB-1171", "in_at": "09:20", "out_at": None},
        }
        self.kit = {  # code -> kind, size, pairs or pieces in service, out now
            "SH-38": ["shoes", "EU 38", 4, 0], "SH-40": ["shoes", "EU 40", 4, 1], "SH-42": ["shoes", "EU 42", 4, 0],
            "SH-44": ["shoes", "EU 44", 3, 0], "SH-46": ["shoes", "EU 46", 2, 0],
            "HN-S": ["harness", "small", 4, 0], "HN-M": ["harness", "medium", 6, 0], "HN-L": ["harness", "large", 4, 0],
            "CB-1": ["chalk_bag", "one size", 10, 0], "BD-1": ["belay_device", "tube and screwgate", 6, 0],
        }
        self.hires = {
            "HK-0338": {"visit": "VS-7704", "items": ["SH-40"], "charge": KIT_PRICES["shoes"], "status": "out",
                        "damaged": False, "notes": None},
        }
        self.courses = {
            "CR-31": {"title": "Intro to Roped Climbing", "ages": "16 and over", "min_age": 16, "max_age": None,
                      "needs": None, "grants": "top_rope", "price": 60.0, "instructor": "Ali Rahman", "capacity": 6,
                      "sessions": [["2032-03-20", "18:00"], ["2032-03-27", "18:00"]]},
            "CR-32": {"title": "Learn to Lead", "ages": "16 and over", "min_age": 16, "max_age": None,
                      "needs": "top_rope", "grants": "lead", "price": 95.0, "instructor": "Kit Moreno", "capacity": 4,
                      "sessions": [["2032-03-04", "19:00"], ["2032-03-11", "19:00"], ["2032-03-18", "19:00"]]},
            "CR-33": {"title": "Junior Climbing Club", "ages": "8 to 15", "min_age": 8, "max_age": 15,
                      "needs": None, "grants": None, "price": 48.0, "instructor": "Ali Rahman", "capacity": 8,
                      "sessions": [["2032-03-06", "10:00"], ["2032-03-13", "10:00"], ["2032-03-20", "10:00"],
                                   ["2032-03-27", "10:00"]]},
            "CR-34": {"title": "Movement and Technique", "ages": "16 and over", "min_age": 16, "max_age": None,
                      "needs": None, "grants": None, "price": 55.0, "instructor": "Kit Moreno", "capacity": 8,
                      "sessions": [["2032-03-24", "19:00"], ["2032-03-31", "19:00"]]},
        }
        self.enrolments = {
            "EN-0605": {"course": "CR-33", "climber": "CL-0417", "status": "booked", "result": None, "notes": None},
            "EN-0608": {"course": "CR-32", "climber": "CL-0420", "status": "booked", "result": None, "notes": None},
        }
        self.invoices = {  # id -> what, climber, amount, paid
            "IV-0605": {"for": "EN-0605", "climber": "CL-0417", "amount": 48.0, "paid": 48.0},
            "IV-0608": {"for": "EN-0608", "climber": "CL-0420", "amount": 95.0, "paid": 0.0},
            "IV-0212": {"for": "PB-0212", "climber": "CL-0419", "amount": PARTY_DEPOSIT, "paid": PARTY_DEPOSIT},
        }
        self.receipts = {}
        self.walls = {
            "W1": {"name": "The Cave", "kind": "boulder", "status": "open", "reason": None},
            "W2": {"name": "The Slab", "kind": "boulder", "status": "open", "reason": None},
            "W3": {"name": "North Wall", "kind": "rope", "status": "open", "reason": None},
            "W4": {"name": "Lead Arete", "kind": "rope", "status": "closed",
                   "reason": "Reset on Friday; one new line waiting to be forerun"},
        }
        self.routes = {  # id -> wall, grade, colour, name, setter (user), set on, status, checked by
            "R-2201": ["W1", "6A", "red", "Gas Leak", "sam.d", "2032-02-21", "open", "bea.n"],
            "R-2202": ["W1", "5+", "blue", None, "bea.n", "2032-02-21", "open", "sam.d"],
            "R-2203": ["W1", "7A", "black", "Meter Reader", "sam.d", "2032-02-21", "open", "bea.n"],
            "R-2204": ["W2", "4", "green", None, "bea.n", "2032-01-10", "open", "sam.d"],
            "R-2205": ["W2", "5", "yellow", None, "sam.d", "2032-01-10", "open", "bea.n"],
            "R-2206": ["W3", "5c", "orange", None, "sam.d", "2032-02-07", "open", "bea.n"],
            "R-2207": ["W3", "6a+", "purple", "Retort", "bea.n", "2032-02-07", "open", "sam.d"],
            "R-2208": ["W3", "6b", "white", None, "sam.d", "2032-02-07", "open", "bea.n"],
            "R-2209": ["W4", "6c", "pink", "Furnace", "sam.d", "2031-11-20", "open", "bea.n"],
            "R-2210": ["W4", "7a", "red", "Slag Heap", "bea.n", "2032-03-12", "awaiting_check", None],
        }
        self.parties = {
            "PB-0212": {"booker": "CL-0419", "day": "2032-03-20", "slot": "10:00", "instructor": "IR-07",
                        "children": 8, "birthday_child": "Alfie Wylde", "invoice": "IV-0212"},
        }
        self.incidents = {}
        self.messages = []
        self.counters = {"session": 1, "climber": 424, "waiver": 3318, "pass": 5120, "visit": 7705,
                         "membership": 1184, "enrolment": 612, "receipt": 4410, "hire": 340, "route": 2211,
                         "incident": 96, "party": 215, "message": 880}


# --------------------------------------------------------------------------- the web layer


class _Refused(Exception):
    """Raised inside a handler; ``front_desk`` answers it as ``{"ok": false, "error": code, "detail": why}``."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def front_desk(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the duty manager may do everything),
    and answer a refusal as ``{"ok": false, "error": ..., "detail": ...}``."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def handler(*args, **kwargs):
            try:
                if not public:
                    bound = sig.bind_partial(*args, **kwargs)
                    _who(bound.arguments.get("state"), bound.arguments.get("token"), *roles)
                return fn(*args, **kwargs)
            except _Refused as why:
                return {"ok": False, "error": why.code, "detail": why.detail}

        return handler

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _who(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token) if state is not None else None
    if who is None:
        raise _Refused("not_authed", "no session for that token; sign in again")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise _Refused("missing_scope", f"{who['name']} ({who['role']}) may not do this; it is for the "
                                        f"{' or '.join(roles)}")
    return who


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _date(text: str, what: str = "date") -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise _Refused("invalid_date", f"{text!r} is not a {what} (YYYY-MM-DD)") from None


def _add_days(day: str, n: int) -> str:
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=n)).isoformat()


def _age(born: str) -> int:
    b, t = datetime.date.fromisoformat(born), datetime.date.fromisoformat(TODAY)
    return t.year - b.year - ((t.month, t.day) < (b.month, b.day))


def _climber(state: State, climber_id: str) -> dict:
    c = state.climbers.get(climber_id)
    if c is None:
        raise _Refused("climber_not_found", f"no climber {climber_id}")
    return c


def _waiver_of(state: State, climber_id: str) -> Optional[str]:
    best = None
    for wid, w in sorted(state.waivers.items()):
        if w["climber"] == climber_id and w["expires"] >= TODAY:
            best = wid
    return best


def _need_waiver(state: State, climber_id: str) -> None:
    if _waiver_of(state, climber_id) is None:
        raise _Refused("waiver_needed", f"{state.climbers[climber_id]['name']} has no waiver in date; "
                                        "one must be signed before climbing")


def _cleared(c: dict, area: str) -> bool:
    return any(row[0] == area for row in c["clearances"])


def _open_visit(state: State, climber_id: str) -> Optional[str]:
    return next((vid for vid, v in sorted(state.visits.items()) if v["climber"] == climber_id and v["out_at"] is None),
                None)


def _balance(inv: dict) -> float:
    return _money(inv["amount"] - inv["paid"])


def _climber_reply(state: State, climber_id: str) -> Climber:
    c = state.climbers[climber_id]
    return Climber(climber_id=climber_id, name=c["name"], born=c["born"], age=_age(c["born"]), phone=c["phone"],
                   email=c["email"], emergency_contact=c["emergency"], guardian=c["guardian"],
                   suspended_until=c["suspended_until"])


def _membership_reply(state: State, membership_id: str) -> Membership:
    m = state.memberships[membership_id]
    return Membership(membership_id=membership_id, climber_id=m["climber"], plan=m["plan"],
                      price=PLAN_PRICES[m["plan"]], method=m["method"], start=m["start"], status=m["status"],
                      frozen_until=m["frozen_until"], ends=m["ends"])


def _enrolment_reply(state: State, enrolment_id: str) -> Enrolment:
    e = state.enrolments[enrolment_id]
    inv_id = "IV-" + enrolment_id[3:]
    inv = state.invoices[inv_id]
    return Enrolment(enrolment_id=enrolment_id, course_id=e["course"], climber_id=e["climber"], status=e["status"],
                     invoice_id=inv_id, price=inv["amount"], balance=_balance(inv), result=e["result"])


def _visit_reply(state: State, visit_id: str) -> Visit:
    v = state.visits[visit_id]
    return Visit(visit_id=visit_id, climber_id=v["climber"], name=state.climbers[v["climber"]]["name"],
                 entry=v["entry"], in_at=v["in_at"], out_at=v["out_at"])


def _hire_reply(state: State, hire_id: str) -> Hire:
    h = state.hires[hire_id]
    return Hire(hire_id=hire_id, visit_id=h["visit"],
                items=[[code, state.kit[code][0], state.kit[code][1]] for code in h["items"]],
                charge=h["charge"], status=h["status"], damaged=h["damaged"], notes=h["notes"])


def _wall_reply(state: State, wall_id: str) -> Wall:
    w = state.walls[wall_id]
    routes = [[rid, r[1], r[2], state.staff[r[4]]["name"], r[5], r[6]] for rid, r in sorted(state.routes.items())
              if r[0] == wall_id and r[6] != "stripped"]
    return Wall(wall_id=wall_id, name=w["name"], kind=w["kind"], status=w["status"], reason=w["reason"],
                routes=routes)


def _route_reply(state: State, route_id: str) -> Route:
    r = state.routes[route_id]
    return Route(route_id=route_id, wall_id=r[0], grade=r[1], colour=r[2], name=r[3], setter=state.staff[r[4]]["name"],
                 set_on=r[5], status=r[6], checked_by=state.staff[r[7]]["name"] if r[7] else None)


def _course(state: State, course_id: str) -> dict:
    c = state.courses.get(course_id)
    if c is None:
        raise _Refused("course_not_found", f"no course {course_id}")
    return c


def _taken(state: State, course_id: str) -> int:
    return sum(1 for e in state.enrolments.values() if e["course"] == course_id and e["status"] != "withdrawn")


def _instructor(state: State, instructor_id: str) -> Optional[dict]:
    return next((s for s in state.staff.values() if s["staff_no"] == instructor_id and s["role"] == "instructor"), None)


def _receipt(state: State, invoice_id: str, amount: float, method: str) -> Receipt:
    inv = state.invoices[invoice_id]
    inv["paid"] = _money(inv["paid"] + amount)
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"invoice": invoice_id, "amount": amount, "method": method}
    return Receipt(receipt_id=rid, invoice_id=invoice_id, amount=_money(amount), method=method,
                   balance=_balance(inv))


# --------------------------------------------------------------------------- sign-in, prices, courses


@front_desk(public=True)
def sign_in(state: State, username: str, password: str) -> Union[SessionReply, Refusal]:
    """Sign in to the front desk.

    :param username: The staff user name, such as ``jo.p``.
    :param password: The password.
    :returns: ``{"ok": true, "session": {"token", "name", "role"}}``; the token goes with every other call.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise _Refused("invalid_auth", "wrong user name or password")
    token = f"fcc-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"],
                             "staff_no": user["staff_no"]}
    return SessionReply(ok=True, session=Session(token=token, name=user["name"], role=user["role"]))


@front_desk()
def sign_out(state: State, token: str) -> Union[Ack, Refusal]:
    """Sign out and end the session.

    :param token: The session token.
    :returns: ``{"ok": true, "done": ...}``.
    """
    who = state.sessions.pop(token)
    return Ack(ok=True, done=f"{who['name']} signed out")


@front_desk(public=True)
def price_list(state: State) -> PriceReply:
    """The centre's published prices (public, no sign-in).

    :returns: ``prices`` as rows of ``[code, description, price]`` in pounds.
    """
    return PriceReply(ok=True, prices=[list(row) for row in state.prices])


@front_desk(public=True)
def course_calendar(state: State) -> CalendarReply:
    """The courses on the calendar (public, no sign-in).

    :returns: ``courses``, each with its ``course_id``, title, ages, price, instructor, ``sessions`` as rows of
        ``[date, time]`` and the places left.
    """
    out = []
    for cid, c in sorted(state.courses.items()):
        out.append(Course(course_id=cid, title=c["title"], ages=c["ages"], price=c["price"],
                          instructor=c["instructor"], sessions=[list(s) for s in c["sessions"]],
                          places_left=max(c["capacity"] - _taken(state, cid), 0)))
    return CalendarReply(ok=True, courses=out)


# --------------------------------------------------------------------------- climbers


@front_desk()
def find_climber(state: State, token: str, text: str) -> Union[ClimbersReply, Refusal]:
    """Look climbers up by part of a name or a phone number.

    :param token: The session token.
    :param text: What to look for.
    :returns: ``climbers``: each with ``climber_id``, name, date of birth, phone and ``flags`` (such as
        ``"waiver out of date"``, ``"suspended"``, ``"member"``, ``"on the wall"``).
    """
    t = text.strip().lower()
    if not t:
        raise _Refused("invalid_arguments", "say what to look for")
    rows = []
    for cid, c in sorted(state.climbers.items()):
        if t in c["name"].lower() or t.replace(" ", "") in c["phone"].replace(" ", ""):
            flags = []
            if _waiver_of(state, cid) is None:
                flags.append("waiver out of date")
            if c["suspended_until"]:
                flags.append("suspended")
            if any(m["climber"] == cid and m["status"] in ("active", "frozen") for m in state.memberships.values()):
                flags.append("member")
            if _open_visit(state, cid):
                flags.append("on the wall")
            rows.append(ClimberRow(climber_id=cid, name=c["name"], born=c["born"], phone=c["phone"], flags=flags))
    return ClimbersReply(ok=True, climbers=rows)


@front_desk("desk")
def register_climber(state: State, token: str, name: str, date_of_birth: str, phone: str, emergency_contact: str,
                     email: Optional[str] = None, guardian: Optional[str] = None) -> Union[ClimberReply, Refusal]:
    """Register a new climber.

    :param token: The session token.
    :param name: The climber's name, with a title for adults.
    :param date_of_birth: ``YYYY-MM-DD``.
    :param phone: A mobile number.
    :param emergency_contact: Who to call in an emergency, with their number.
    :param email: An e-mail address, if they give one.
    :param guardian: The parent or guardian, for a climber under 18.
    :returns: ``climber`` with the new ``climber_id``.
    """
    born = _date(date_of_birth, "date of birth").isoformat()
    if born >= TODAY:
        raise _Refused("invalid_date", "a date of birth is in the past")
    age = _age(born)
    if age < 5:
        raise _Refused("too_young", "the centre takes climbers from the age of five")
    if age < 18 and not (guardian or "").strip():
        raise _Refused("guardian_required", f"{name.strip()} is {age}; a climber under 18 is registered with a "
                                            "parent or guardian")
    if not name.strip() or not emergency_contact.strip():
        raise _Refused("invalid_arguments", "a climber needs a name and an emergency contact")
    if email is not None and "@" not in email:
        raise _Refused("invalid_email", f"{email!r} is not an e-mail address")
    for cid, c in state.climbers.items():
        if c["phone"].replace(" ", "") == phone.replace(" ", "") and age >= 18 and c["guardian"] is None:
            raise _Refused("already_registered", f"{c['name']} is already climber {cid} with that number")
    cid = f"CL-{_next(state, 'climber'):04d}"
    state.climbers[cid] = {"name": name.strip(), "born": born, "phone": phone.strip(),
                           "email": email.strip() if email else None, "emergency": emergency_contact.strip(),
                           "guardian": guardian.strip() if age < 18 else None, "suspended_until": None,
                           "suspension": None, "clearances": []}
    return ClimberReply(ok=True, climber=_climber_reply(state, cid))


@front_desk("desk")
def update_climber(state: State, token: str, climber_id: str, phone: Optional[str] = None,
                   email: Optional[str] = None, emergency_contact: Optional[str] = None) -> Union[ClimberReply, Refusal]:
    """Change a climber's phone number, e-mail address or emergency contact; only what is given changes.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :param phone: A new mobile number.
    :param email: A new e-mail address.
    :param emergency_contact: A new emergency contact, with their number.
    :returns: ``climber`` as now recorded.
    """
    c = _climber(state, climber_id)
    changes = {}
    for key, field, value in (("phone", "phone", phone), ("email", "email", email),
                              ("emergency", "emergency_contact", emergency_contact)):
        if value is not None and value.strip() != (c[key] or ""):
            changes[key] = value.strip()
    if not changes:
        raise _Refused("nothing_to_change", f"those are already {c['name']}'s details")
    if "email" in changes and "@" not in changes["email"]:
        raise _Refused("invalid_email", f"{email!r} is not an e-mail address")
    c.update(changes)
    return ClimberReply(ok=True, climber=_climber_reply(state, climber_id))


@front_desk()
def climber_record(state: State, token: str, climber_id: str) -> Union[RecordReply, Refusal]:
    """A climber's whole record.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :returns: ``record``: the climber with the ``waiver`` in date (or ``None``), ``clearances`` as rows of
        ``[area, how, by, on]``, ``passes`` as rows of ``[pass_id, kind, visits_left, status]``,
        ``memberships`` as rows of ``[membership_id, plan, status, frozen_until]``, ``enrolments`` as rows of
        ``[enrolment_id, course_id, status, result]``, ``invoices`` as rows of ``[invoice_id, for, amount,
        balance]``, ``visits`` as rows of ``[visit_id, entry, in_at, out_at]`` (today's) and ``hires`` as
        rows of ``[hire_id, visit_id, charge, status]``.
    """
    c = _climber(state, climber_id)
    wid = _waiver_of(state, climber_id)
    waiver = None
    if wid:
        w = state.waivers[wid]
        waiver = {"waiver_id": wid, "signed_by": w["signed_by"], "signed_on": w["signed_on"], "expires": w["expires"]}
    visits = [[vid, v["entry"], v["in_at"], v["out_at"]] for vid, v in sorted(state.visits.items())
              if v["climber"] == climber_id]
    mine = {vid for vid, _, _, _ in visits}
    record = ClimberRecord(
        **_climber_reply(state, climber_id), waiver=waiver, clearances=[list(r) for r in c["clearances"]],
        passes=[[pid, p["kind"], p["visits_left"], p["status"]] for pid, p in sorted(state.passes.items())
                if p["climber"] == climber_id],
        memberships=[[mid, m["plan"], m["status"], m["frozen_until"]] for mid, m in sorted(state.memberships.items())
                     if m["climber"] == climber_id],
        enrolments=[[eid, e["course"], e["status"], e["result"]] for eid, e in sorted(state.enrolments.items())
                    if e["climber"] == climber_id],
        invoices=[[iid, i["for"], i["amount"], _balance(i)] for iid, i in sorted(state.invoices.items())
                  if i["climber"] == climber_id],
        visits=visits,
        hires=[[hid, h["visit"], h["charge"], h["status"]] for hid, h in sorted(state.hires.items())
               if h["visit"] in mine])
    return RecordReply(ok=True, record=record)


@front_desk("desk")
def sign_waiver(state: State, token: str, climber_id: str, signed_by: str,
                accepts_rules: bool) -> Union[WaiverReply, Refusal]:
    """Record the climber's signed acknowledgement of risk and the wall rules, good for a year.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :param signed_by: The name of whoever signed the form.
    :param accepts_rules: Whether the wall rules box is ticked.
    :returns: ``waiver`` with its ``waiver_id`` and expiry date.
    """
    c = _climber(state, climber_id)
    if not accepts_rules:
        raise _Refused("rules_not_accepted", "the wall rules must be accepted on the form")
    current = _waiver_of(state, climber_id)
    if current:
        raise _Refused("waiver_current", f"{c['name']} already has waiver {current}, in date until "
                                         f"{state.waivers[current]['expires']}")
    who = signed_by.strip()
    if c["guardian"] and _age(c["born"]) < 18:
        if who.lower() != c["guardian"].lower():
            raise _Refused("guardian_must_sign", f"{c['name']} is under 18: the form is signed by the parent or "
                                                 f"guardian on the record, {c['guardian']}")
    elif who.lower() != c["name"].lower():
        raise _Refused("climber_must_sign", f"adults sign their own form; it should be signed by {c['name']}")
    wid = f"WV-{_next(state, 'waiver')}"
    state.waivers[wid] = {"climber": climber_id, "signed_by": who, "signed_on": TODAY,
                          "expires": _add_days(TODAY, WAIVER_DAYS - 1)}
    w = state.waivers[wid]
    return WaiverReply(ok=True, waiver=Waiver(waiver_id=wid, climber_id=climber_id, signed_by=who,
                                              signed_on=w["signed_on"], expires=w["expires"]))


@front_desk("instructor")
def record_induction(state: State, token: str, climber_id: str, area: InductionArea, passed: bool,
                     notes: str) -> Union[ClearanceReply, Refusal]:
    """Record an induction on the bouldering walls or the auto-belays.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :param area: ``bouldering`` or ``auto_belay``.
    :param passed: Whether the climber showed they can use the area safely.
    :param notes: What was covered, or what to work on.
    :returns: The climber's ``clearances`` as rows of ``[area, how, by, on]`` and the ``result``.
    """
    who = _who(state, token)
    c = _climber(state, climber_id)
    if area not in ("bouldering", "auto_belay"):
        raise _Refused("invalid_area", f"{area!r} is not an induction; roped climbing is cleared by a belay check")
    _need_waiver(state, climber_id)
    if _cleared(c, area):
        raise _Refused("already_cleared", f"{c['name']} is already cleared for {area.replace('_', '-')}")
    if not notes.strip():
        raise _Refused("invalid_arguments", "note what was covered")
    if passed:
        c["clearances"].append([area, "induction", who["name"], TODAY])
    return ClearanceReply(ok=True, climber_id=climber_id, result="cleared" if passed else "not yet",
                          clearances=[list(r) for r in c["clearances"]])


@front_desk("instructor")
def belay_check(state: State, token: str, climber_id: str, level: BelayLevel, device: Device, passed: bool,
                notes: str) -> Union[ClearanceReply, Refusal]:
    """Record a belay check that clears a climber for top-rope or lead climbing.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :param level: ``top_rope`` or ``lead``.
    :param device: ``tube`` or ``assisted_braking``.
    :param passed: Whether the check was passed.
    :param notes: What was seen.
    :returns: The climber's ``clearances`` as rows of ``[area, how, by, on]`` and the ``result``.
    """
    who = _who(state, token)
    c = _climber(state, climber_id)
    if level not in ("top_rope", "lead"):
        raise _Refused("invalid_level", f"{level!r} is not a belay check")
    if device not in ("tube", "assisted_braking"):
        raise _Refused("invalid_device", f"{device!r} is not a belay device the centre checks on")
    _need_waiver(state, climber_id)
    if _cleared(c, level):
        raise _Refused("already_cleared", f"{c['name']} is already cleared for {level.replace('_', ' ')}")
    if level == "lead" and not _cleared(c, "top_rope"):
        raise _Refused("lead_needs_top_rope", "a lead check is taken by climbers already cleared to top-rope")
    if passed:
        c["clearances"].append([level, "belay check", who["name"], TODAY])
    return ClearanceReply(ok=True, climber_id=climber_id, result="cleared" if passed else "not yet",
                          clearances=[list(r) for r in c["clearances"]])


@front_desk("instructor")
def suspend_climber(state: State, token: str, climber_id: str, days: int, reason: str) -> Union[ClimberReply, Refusal]:
    """Suspend a climber from the walls, for unsafe belaying or breaking the wall rules.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :param days: How many days, from today.
    :param reason: What happened.
    :returns: ``climber`` with the date the suspension runs to.
    """
    c = _climber(state, climber_id)
    if c["suspended_until"]:
        raise _Refused("already_suspended", f"{c['name']} is already suspended until {c['suspended_until']}")
    if not 1 <= days <= 90:
        raise _Refused("invalid_days", "a suspension runs from 1 to 90 days; longer bans go to the owners")
    if not reason.strip():
        raise _Refused("invalid_arguments", "say what happened")
    c["suspended_until"], c["suspension"] = _add_days(TODAY, days), reason.strip()
    return ClimberReply(ok=True, climber=_climber_reply(state, climber_id))


@front_desk("manager")
def lift_suspension(state: State, token: str, climber_id: str, note: str) -> Union[ClimberReply, Refusal]:
    """Lift a climber's suspension early.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :param note: Why it is lifted.
    :returns: ``climber`` with no suspension.
    """
    c = _climber(state, climber_id)
    if not c["suspended_until"]:
        raise _Refused("not_suspended", f"{c['name']} is not suspended")
    if not note.strip():
        raise _Refused("invalid_arguments", "say why the suspension is lifted")
    c["suspended_until"], c["suspension"] = None, None
    return ClimberReply(ok=True, climber=_climber_reply(state, climber_id))


@front_desk("desk")
def notify_climber(state: State, token: str, climber_id: str, channel: Channel, message: str) -> Union[Ack, Refusal]:
    """Send a climber a text or an e-mail from the desk.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :param channel: ``email`` or ``sms``.
    :param message: The text.
    :returns: ``{"ok": true, "done": ...}`` naming the message sent.
    """
    c = _climber(state, climber_id)
    if channel not in ("email", "sms"):
        raise _Refused("invalid_channel", f"{channel!r} is not a channel")
    if not message.strip():
        raise _Refused("invalid_arguments", "the message is empty")
    if channel == "email" and not c["email"]:
        raise _Refused("no_email", f"no e-mail address on file for {c['name']}")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append({"id": mid, "climber": climber_id, "channel": channel,
                           "to": c["email"] if channel == "email" else c["phone"], "text": message.strip()})
    return Ack(ok=True, done=f"message {mid} sent to {c['name']} by {channel}")


# --------------------------------------------------------------------------- entry


@front_desk("desk")
def sell_pass(state: State, token: str, climber_id: str, kind: PassKind, method: PayMethod) -> Union[PassReply, Refusal]:
    """Sell a climber a day pass or a ten-visit card.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :param kind: ``peak``, ``off_peak``, ``junior`` or ``ten_visit``.
    :param method: ``card`` or ``cash``.
    :returns: ``sold``: the pass with its ``pass_id`` (``DP-....`` for a day pass, ``TV-....`` for a card).
    """
    c = _climber(state, climber_id)
    if kind not in PRICES:
        raise _Refused("invalid_kind", f"{kind!r} is not a pass")
    if method not in ("card", "cash"):
        raise _Refused("invalid_method", f"{method!r} is not a way to pay")
    _need_waiver(state, climber_id)
    age = _age(c["born"])
    if kind == "junior" and age >= 18:
        raise _Refused("not_junior", f"{c['name']} is {age}; the junior pass is for climbers under 18")
    if kind != "junior" and age < 18:
        raise _Refused("junior_pass_only", f"{c['name']} is {age}; climbers under 18 come in on the junior pass")
    if kind == "off_peak":
        d = datetime.date.fromisoformat(TODAY)
        if d.weekday() >= 5 or NOW >= "16:00":
            raise _Refused("off_peak_hours", "off-peak passes are sold Monday to Friday before 16:00")
    if kind == "ten_visit":
        prefix, left = "TV", 10
    else:
        prefix, left = "DP", 1
    pid = f"{prefix}-{_next(state, 'pass'):04d}"
    state.passes[pid] = {"climber": climber_id, "kind": kind, "price": PRICES[kind], "bought": TODAY,
                         "visits_left": left, "status": "active"}
    return PassReply(ok=True, sold=EntryPass(pass_id=pid, climber_id=climber_id, kind=kind, price=PRICES[kind],
                                             visits_left=left, status="active"))


@front_desk("desk")
def check_in(state: State, token: str, climber_id: str, entry: str) -> Union[VisitReply, Refusal]:
    """Check a climber in at the desk on a pass, a ten-visit card or a membership.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :param entry: What they come in on: a pass (``DP-....``), a card (``TV-....``) or a membership (``MB-....``).
    :returns: ``visit`` with its ``visit_id``.
    """
    c = _climber(state, climber_id)
    if c["suspended_until"]:
        raise _Refused("suspended", f"{c['name']} is suspended until {c['suspended_until']}: {c['suspension']}")
    _need_waiver(state, climber_id)
    if not c["clearances"]:
        raise _Refused("not_inducted", f"{c['name']} has not been inducted; an instructor inducts new climbers first")
    if _open_visit(state, climber_id):
        raise _Refused("already_in", f"{c['name']} is already checked in ({_open_visit(state, climber_id)})")
    if entry in state.passes:
        p = state.passes[entry]
        if p["climber"] != climber_id:
            raise _Refused("not_their_entry", f"{entry} is not {c['name']}'s")
        if p["status"] != "active" or p["visits_left"] < 1:
            raise _Refused("entry_used", f"{entry} has been used")
        if p["kind"] != "ten_visit" and p["bought"] != TODAY:
            raise _Refused("entry_expired", f"{entry} was a day pass for {p['bought']}")
        p["visits_left"] -= 1
        if p["visits_left"] == 0:
            p["status"] = "used"
    elif entry in state.memberships:
        m = state.memberships[entry]
        if m["climber"] != climber_id:
            raise _Refused("not_their_entry", f"{entry} is not {c['name']}'s")
        if m["status"] == "frozen":
            raise _Refused("membership_frozen", f"{entry} is frozen until {m['frozen_until']}")
        if m["status"] != "active":
            raise _Refused("membership_ended", f"{entry} is {m['status']}")
        if m["plan"] == "off_peak" and (datetime.date.fromisoformat(TODAY).weekday() >= 5 or NOW >= "16:00"):
            raise _Refused("off_peak_hours", "off-peak members climb Monday to Friday before 16:00")
    else:
        raise _Refused("entry_not_found", f"no pass, card or membership {entry}")
    vid = f"VS-{_next(state, 'visit')}"
    state.visits[vid] = {"climber": climber_id, "entry": entry, "in_at": NOW, "out_at": None}
    return VisitReply(ok=True, visit=_visit_reply(state, vid))


@front_desk("desk")
def check_out(state: State, token: str, visit_id: str) -> Union[VisitReply, Refusal]:
    """Check a climber out at the end of a visit.

    :param token: The session token.
    :param visit_id: The visit (``VS-....``).
    :returns: ``visit`` with the time out.
    """
    v = state.visits.get(visit_id)
    if v is None:
        raise _Refused("visit_not_found", f"no visit {visit_id}")
    if v["out_at"] is not None:
        raise _Refused("already_out", f"{visit_id} was checked out at {v['out_at']}")
    out = [hid for hid, h in sorted(state.hires.items()) if h["visit"] == visit_id and h["status"] == "out"]
    if out:
        raise _Refused("kit_out", f"hired kit is still out on {', '.join(out)}; take it back first")
    v["out_at"] = NOW
    return VisitReply(ok=True, visit=_visit_reply(state, visit_id))


@front_desk()
def on_the_wall(state: State, token: str) -> Union[VisitsReply, Refusal]:
    """Who is climbing now.

    :param token: The session token.
    :returns: ``on_the_wall`` as rows of ``[visit_id, climber_id, name, entry, in_at]``, earliest first.
    """
    rows = [[vid, v["climber"], state.climbers[v["climber"]]["name"], v["entry"], v["in_at"]]
            for vid, v in sorted(state.visits.items()) if v["out_at"] is None]
    return VisitsReply(ok=True, on_the_wall=rows)


# --------------------------------------------------------------------------- memberships


@front_desk("desk")
def start_membership(state: State, token: str, climber_id: str, plan: Plan,
                     method: DebitMethod) -> Union[MembershipReply, Refusal]:
    """Start a membership for an inducted climber, from today.

    :param token: The session token.
    :param climber_id: The climber (``CL-....``).
    :param plan: ``monthly``, ``annual``, ``student``, ``junior`` or ``off_peak``.
    :param method: ``direct_debit`` or ``card``.
    :returns: ``membership`` with its ``membership_id``.
    """
    c = _climber(state, climber_id)
    try:
        p = plan.value if isinstance(plan, Plan) else Plan(plan).value
    except ValueError:
        raise _Refused("invalid_plan", f"{plan!r} is not a membership plan") from None
    _need_waiver(state, climber_id)
    if not c["clearances"]:
        raise _Refused("not_inducted", f"{c['name']} must be inducted before joining")
    for mid, m in sorted(state.memberships.items()):
        if m["climber"] == climber_id and m["status"] in ("active", "frozen"):
            raise _Refused("already_member", f"{c['name']} already has membership {mid} ({m['status']})")
    age = _age(c["born"])
    if p == "junior" and age >= 18:
        raise _Refused("plan_age", "the junior plan is for climbers under 18")
    if p != "junior" and age < 18:
        raise _Refused("plan_age", f"{c['name']} is {age}; climbers under 18 join on the junior plan")
    if p == "student" and age > 25:
        raise _Refused("plan_age", "the student plan is for full-time students aged 18 to 25")
    if method not in ("direct_debit", "card"):
        raise _Refused("invalid_method", f"{method!r} is not a way to pay")
    if p == "annual" and method != "card":
        raise _Refused("invalid_method", "an annual membership is paid up front by card")
    if p != "annual" and method != "direct_debit":
        raise _Refused("invalid_method", "monthly plans are paid by direct debit")
    mid = f"MB-{_next(state, 'membership')}"
    state.memberships[mid] = {"climber": climber_id, "plan": p, "method": method, "start": TODAY, "status": "active",
                              "frozen_until": None, "ends": None, "reason": None}
    return MembershipReply(ok=True, membership=_membership_reply(state, mid))


@front_desk()
def memberships(state: State, token: str,
                status: Optional[MembershipStatus] = None) -> Union[MembershipsReply, Refusal]:
    """The memberships, optionally only those in one status.

    :param token: The session token.
    :param status: ``active``, ``frozen`` or ``cancelled``.
    :returns: ``memberships`` as rows of ``[membership_id, climber_id, name, plan, status, frozen_until]``.
    """
    if status is not None and status not in ("active", "frozen", "cancelled"):
        raise _Refused("invalid_status", f"{status!r} is not a membership status")
    rows = [[mid, m["climber"], state.climbers[m["climber"]]["name"], m["plan"], m["status"], m["frozen_until"]]
            for mid, m in sorted(state.memberships.items()) if status is None or m["status"] == status]
    return MembershipsReply(ok=True, memberships=rows)


def _membership(state: State, membership_id: str) -> dict:
    m = state.memberships.get(membership_id)
    if m is None:
        raise _Refused("membership_not_found", f"no membership {membership_id}")
    return m


@front_desk("desk")
def freeze_membership(state: State, token: str, membership_id: str, months: int,
                      reason: str) -> Union[MembershipReply, Refusal]:
    """Freeze an active membership for a while (injury, travel); nothing is charged while frozen.

    :param token: The session token.
    :param membership_id: The membership (``MB-....``).
    :param months: For how many months.
    :param reason: Why.
    :returns: ``membership``, frozen, with the date the freeze ends.
    """
    m = _membership(state, membership_id)
    if m["status"] == "frozen":
        raise _Refused("already_frozen", f"{membership_id} is already frozen until {m['frozen_until']}")
    if m["status"] != "active":
        raise _Refused("not_active", f"{membership_id} is {m['status']}")
    if not 1 <= months <= 3:
        raise _Refused("freeze_length", "a membership freezes for one to three months at a time")
    if not reason.strip():
        raise _Refused("invalid_arguments", "say why")
    m["status"], m["frozen_until"], m["reason"] = "frozen", _add_days(TODAY, 30 * months), reason.strip()
    return MembershipReply(ok=True, membership=_membership_reply(state, membership_id))


@front_desk("desk")
def unfreeze_membership(state: State, token: str, membership_id: str) -> Union[MembershipReply, Refusal]:
    """End a membership's freeze early; charges start again from today.

    :param token: The session token.
    :param membership_id: The membership (``MB-....``).
    :returns: ``membership``, active again.
    """
    m = _membership(state, membership_id)
    if m["status"] != "frozen":
        raise _Refused("not_frozen", f"{membership_id} is not frozen ({m['status']})")
    m["status"], m["frozen_until"], m["reason"] = "active", None, None
    return MembershipReply(ok=True, membership=_membership_reply(state, membership_id))


@front_desk("desk")
def cancel_membership(state: State, token: str, membership_id: str, reason: str) -> Union[MembershipReply, Refusal]:
    """Cancel a membership at the end of the current month.

    :param token: The session token.
    :param membership_id: The membership (``MB-....``).
    :param reason: Why the climber is leaving.
    :returns: ``membership``, cancelled, with the day it ends.
    """
    m = _membership(state, membership_id)
    if m["status"] == "cancelled":
        raise _Refused("already_cancelled", f"{membership_id} is already cancelled, ending {m['ends']}")
    if m["plan"] == "annual" and _add_days(m["start"], 365) > TODAY:
        raise _Refused("annual_term", f"{membership_id} is an annual membership and runs its year; freeze it instead")
    if not reason.strip():
        raise _Refused("invalid_arguments", "say why")
    d = datetime.date.fromisoformat(TODAY)
    end = (d.replace(day=28) + datetime.timedelta(days=4)).replace(day=1) - datetime.timedelta(days=1)
    m["status"], m["ends"], m["reason"], m["frozen_until"] = "cancelled", end.isoformat(), reason.strip(), None
    return MembershipReply(ok=True, membership=_membership_reply(state, membership_id))


# --------------------------------------------------------------------------- courses and payments


@front_desk("desk", "instructor")
def enrol(state: State, token: str, course_id: str, climber_id: str) -> Union[EnrolmentReply, Refusal]:
    """Enrol a climber on a course; the course fee is invoiced.

    :param token: The session token.
    :param course_id: The course (``CR-..``).
    :param climber_id: The climber (``CL-....``).
    :returns: ``enrolment`` with its ``enrolment_id`` and the ``invoice_id`` of the fee.
    """
    c = _climber(state, climber_id)
    course = _course(state, course_id)
    if course["sessions"][-1][0] < TODAY:
        raise _Refused("course_over", f"{course['title']} finished on {course['sessions'][-1][0]}")
    for eid, e in sorted(state.enrolments.items()):
        if e["course"] == course_id and e["climber"] == climber_id and e["status"] != "withdrawn":
            raise _Refused("already_enrolled", f"{c['name']} is already on {course['title']} ({eid})")
    if _taken(state, course_id) >= course["capacity"]:
        raise _Refused("course_full", f"{course['title']} is full")
    age = _age(c["born"])
    if age < course["min_age"] or (course["max_age"] is not None and age > course["max_age"]):
        raise _Refused("course_age", f"{course['title']} is for ages {course['ages']}; {c['name']} is {age}")
    if course["needs"] and not _cleared(c, course["needs"]):
        raise _Refused("course_prerequisite", f"{course['title']} is for climbers already cleared to "
                                              f"{course['needs'].replace('_', '-')}; book a belay check first")
    n = _next(state, "enrolment")
    eid, iid = f"EN-{n:04d}", f"IV-{n:04d}"
    state.enrolments[eid] = {"course": course_id, "climber": climber_id, "status": "booked", "result": None,
                             "notes": None}
    state.invoices[iid] = {"for": eid, "climber": climber_id, "amount": course["price"], "paid": 0.0}
    return EnrolmentReply(ok=True, enrolment=_enrolment_reply(state, eid))


def _enrolment(state: State, enrolment_id: str) -> dict:
    e = state.enrolments.get(enrolment_id)
    if e is None:
        raise _Refused("enrolment_not_found", f"no enrolment {enrolment_id}")
    return e


@front_desk("desk")
def withdraw(state: State, token: str, enrolment_id: str, reason: str) -> Union[EnrolmentReply, Refusal]:
    """Take a climber off a course; what was paid is refunded when the course starts more than a week away.

    :param token: The session token.
    :param enrolment_id: The enrolment (``EN-....``).
    :param reason: Why.
    :returns: ``enrolment``, withdrawn.
    """
    e = _enrolment(state, enrolment_id)
    if e["status"] != "booked":
        raise _Refused("not_booked", f"{enrolment_id} is {e['status']}")
    if not reason.strip():
        raise _Refused("invalid_arguments", "say why")
    inv = state.invoices["IV-" + enrolment_id[3:]]
    first = state.courses[e["course"]]["sessions"][0][0]
    if first > _add_days(TODAY, 7):
        inv["amount"] = 0.0
        inv["paid"] = 0.0
    else:
        inv["amount"] = inv["paid"]
    e["status"], e["notes"] = "withdrawn", reason.strip()
    return EnrolmentReply(ok=True, enrolment=_enrolment_reply(state, enrolment_id))


@front_desk("desk", "instructor")
def course_register(state: State, token: str, course_id: str) -> Union[RegisterReply, Refusal]:
    """A course's register.

    :param token: The session token.
    :param course_id: The course (``CR-..``).
    :returns: ``register`` as rows of ``[enrolment_id, climber_id, name, paid, status]`` (``paid`` true when
        nothing is owed).
    """
    course = _course(state, course_id)
    rows = []
    for eid, e in sorted(state.enrolments.items()):
        if e["course"] == course_id:
            paid = _balance(state.invoices["IV-" + eid[3:]]) <= 0
            rows.append([eid, e["climber"], state.climbers[e["climber"]]["name"], paid, e["status"]])
    return RegisterReply(ok=True, course_id=course_id, title=course["title"], register=rows)


@front_desk("instructor")
def sign_off(state: State, token: str, enrolment_id: str, passed: bool, notes: str) -> Union[EnrolmentReply, Refusal]:
    """Sign a climber off a course that has begun; a pass on a roped course clears them to climb that way.

    :param token: The session token.
    :param enrolment_id: The enrolment (``EN-....``).
    :param passed: Whether the climber met the course's standard.
    :param notes: The instructor's notes.
    :returns: ``enrolment`` with its ``result``.
    """
    who = _who(state, token)
    e = _enrolment(state, enrolment_id)
    if e["status"] != "booked":
        raise _Refused("not_booked", f"{enrolment_id} is {e['status']}")
    course = state.courses[e["course"]]
    if course["sessions"][0][0] > TODAY:
        raise _Refused("not_started", f"{course['title']} starts on {course['sessions'][0][0]}")
    inv = state.invoices["IV-" + enrolment_id[3:]]
    if _balance(inv) > 0:
        raise _Refused("unpaid", f"{_balance(inv):.2f} is still owed on {'IV-' + enrolment_id[3:]}")
    if not notes.strip():
        raise _Refused("invalid_arguments", "add the instructor's notes")
    e["status"], e["result"], e["notes"] = "signed_off", "passed" if passed else "not yet", notes.strip()
    c = state.climbers[e["climber"]]
    if passed and course["grants"] and not _cleared(c, course["grants"]):
        c["clearances"].append([course["grants"], "course", who["name"], TODAY])
    return EnrolmentReply(ok=True, enrolment=_enrolment_reply(state, enrolment_id))


@front_desk("desk")
def take_payment(state: State, token: str, invoice_id: str, amount: float,
                 method: PayMethod) -> Union[PaymentReply, Refusal]:
    """Take a payment against an invoice (a course fee or a party).

    :param token: The session token.
    :param invoice_id: The invoice (``IV-....``).
    :param amount: Pounds.
    :param method: ``card`` or ``cash``.
    :returns: ``receipt`` with the balance left.
    """
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise _Refused("invoice_not_found", f"no invoice {invoice_id}")
    if method not in ("card", "cash"):
        raise _Refused("invalid_method", f"{method!r} is not a way to pay")
    balance = _balance(inv)
    if balance <= 0:
        raise _Refused("already_paid", f"{invoice_id} is paid")
    if amount <= 0 or _money(amount) > balance:
        raise _Refused("invalid_amount", f"{invoice_id} has {balance:.2f} to pay")
    return PaymentReply(ok=True, receipt=_receipt(state, invoice_id, _money(amount), method))


# --------------------------------------------------------------------------- kit hire


@front_desk()
def kit_stock(state: State, token: str, kind: Optional[KitKind] = None) -> Union[KitReply, Refusal]:
    """The hire kit, optionally of one kind.

    :param token: The session token.
    :param kind: ``shoes``, ``harness``, ``chalk_bag`` or ``belay_device``.
    :returns: ``kit`` as rows of ``[item_code, kind, size, available]``.
    """
    if kind is not None and kind not in KIT_PRICES:
        raise _Refused("invalid_kind", f"{kind!r} is not hire kit")
    return KitReply(ok=True, kit=[[code, k[0], k[1], k[2] - k[3]] for code, k in sorted(state.kit.items())
                                  if kind is None or k[0] == kind])


@front_desk("desk")
def hire_kit(state: State, token: str, visit_id: str, items: List[str], method: PayMethod) -> Union[HireReply, Refusal]:
    """Hire kit to a climber on the wall now, paid at the desk.

    :param token: The session token.
    :param visit_id: The climber's visit (``VS-....``).
    :param items: Item codes (``SH-42``, ``HN-M`` ...).
    :param method: ``card`` or ``cash``.
    :returns: ``hire`` with its ``hire_id``, items and charge.
    """
    v = state.visits.get(visit_id)
    if v is None:
        raise _Refused("visit_not_found", f"no visit {visit_id}")
    if v["out_at"] is not None:
        raise _Refused("not_on_the_wall", f"{visit_id} checked out at {v['out_at']}")
    if not items:
        raise _Refused("invalid_arguments", "name the items")
    if method not in ("card", "cash"):
        raise _Refused("invalid_method", f"{method!r} is not a way to pay")
    for code in items:
        k = state.kit.get(code)
        if k is None:
            raise _Refused("item_not_found", f"no hire item {code}")
        if k[2] - k[3] - items.count(code) + 1 <= 0:
            raise _Refused("none_left", f"no {k[0]} in {k[1]} left to hire")
    for code in items:
        state.kit[code][3] += 1
    hid = f"HK-{_next(state, 'hire'):04d}"
    state.hires[hid] = {"visit": visit_id, "items": list(items),
                        "charge": _money(sum(KIT_PRICES[state.kit[c][0]] for c in items)), "status": "out",
                        "damaged": False, "notes": None}
    return HireReply(ok=True, hire=_hire_reply(state, hid))


@front_desk("desk")
def return_kit(state: State, token: str, hire_id: str, damaged: bool = False,
               notes: Optional[str] = None) -> Union[HireReply, Refusal]:
    """Take hired kit back; damaged kit is taken out of service.

    :param token: The session token.
    :param hire_id: The hire (``HK-....``).
    :param damaged: Whether anything came back damaged.
    :param notes: What is damaged.
    :returns: ``hire``, returned.
    """
    h = state.hires.get(hire_id)
    if h is None:
        raise _Refused("hire_not_found", f"no hire {hire_id}")
    if h["status"] != "out":
        raise _Refused("already_returned", f"{hire_id} is back")
    if damaged and not (notes or "").strip():
        raise _Refused("invalid_arguments", "say what is damaged")
    for code in h["items"]:
        state.kit[code][3] -= 1
        if damaged:
            state.kit[code][2] -= 1
    h["status"], h["damaged"], h["notes"] = "returned", bool(damaged), notes.strip() if notes else None
    return HireReply(ok=True, hire=_hire_reply(state, hire_id))


# --------------------------------------------------------------------------- walls and routes


@front_desk()
def wall_map(state: State, token: str, wall_id: Optional[str] = None) -> Union[WallsReply, Refusal]:
    """The walls and their routes, or one wall.

    :param token: The session token.
    :param wall_id: One wall (``W1`` ...).
    :returns: ``walls``, each with ``routes`` as rows of ``[route_id, grade, colour, setter, set_on, status]``.
    """
    if wall_id is not None and wall_id not in state.walls:
        raise _Refused("wall_not_found", f"no wall {wall_id}")
    return WallsReply(ok=True, walls=[_wall_reply(state, wid) for wid in sorted(state.walls)
                                      if wall_id is None or wid == wall_id])


def _wall(state: State, wall_id: str) -> dict:
    w = state.walls.get(wall_id)
    if w is None:
        raise _Refused("wall_not_found", f"no wall {wall_id}")
    return w


@front_desk("setter")
def close_wall(state: State, token: str, wall_id: str, reason: str) -> Union[WallReply, Refusal]:
    """Close a wall to climbers, to reset it or for a repair.

    :param token: The session token.
    :param wall_id: The wall (``W1`` ...).
    :param reason: Why.
    :returns: ``wall``, closed.
    """
    w = _wall(state, wall_id)
    if w["status"] == "closed":
        raise _Refused("already_closed", f"{w['name']} is already closed: {w['reason']}")
    if not reason.strip():
        raise _Refused("invalid_arguments", "say why")
    w["status"], w["reason"] = "closed", reason.strip()
    return WallReply(ok=True, wall=_wall_reply(state, wall_id))


@front_desk("setter")
def strip_route(state: State, token: str, route_id: str) -> Union[WallReply, Refusal]:
    """Strip a route's holds off a closed wall.

    :param token: The session token.
    :param route_id: The route (``R-....``).
    :returns: ``wall`` as it now stands.
    """
    r = state.routes.get(route_id)
    if r is None or r[6] == "stripped":
        raise _Refused("route_not_found", f"no route {route_id} on the walls")
    w = state.walls[r[0]]
    if w["status"] != "closed":
        raise _Refused("wall_open", f"{w['name']} is open; close it before stripping")
    r[6] = "stripped"
    return WallReply(ok=True, wall=_wall_reply(state, r[0]))


@front_desk("setter")
def set_route(state: State, token: str, wall_id: str, grade: str, colour: str,
              name: Optional[str] = None) -> Union[RouteReply, Refusal]:
    """Set a new route on a closed wall; it waits to be checked by another setter or an instructor.

    :param token: The session token.
    :param wall_id: The wall (``W1`` ...).
    :param grade: The grade.
    :param colour: The hold colour.
    :param name: A name for the route, if it has one.
    :returns: ``route`` with its ``route_id``.
    """
    who = _who(state, token)
    w = _wall(state, wall_id)
    if w["status"] != "closed":
        raise _Refused("wall_open", f"{w['name']} is open; close it before setting")
    scale, label = (FONT, "Font") if w["kind"] == "boulder" else (FRENCH, "French sport")
    if grade not in scale:
        raise _Refused("invalid_grade", f"{grade!r} is not on the {label} scale used on {w['name']} "
                                        f"({scale[0]} to {scale[-1]})")
    if colour not in COLOURS:
        raise _Refused("invalid_colour", f"no {colour!r} holds in the set; the colours are {', '.join(COLOURS)}")
    live = [rid for rid, r in state.routes.items() if r[0] == wall_id and r[6] != "stripped"]
    if len(live) >= MAX_LIVE_ROUTES:
        raise _Refused("wall_full", f"{w['name']} already has {len(live)} routes")
    rid = f"R-{_next(state, 'route')}"
    state.routes[rid] = [wall_id, grade, colour, name.strip() if name else None, who["user"], TODAY,
                         "awaiting_check", None]
    return RouteReply(ok=True, route=_route_reply(state, rid))


@front_desk("setter", "instructor")
def check_route(state: State, token: str, route_id: str, comments: str) -> Union[RouteReply, Refusal]:
    """Forerun and check a new route; a checked route opens with its wall.

    :param token: The session token.
    :param route_id: The route (``R-....``).
    :param comments: Holds spun, grade agreed, anything changed.
    :returns: ``route``, checked.
    """
    who = _who(state, token)
    r = state.routes.get(route_id)
    if r is None or r[6] == "stripped":
        raise _Refused("route_not_found", f"no route {route_id} on the walls")
    if r[6] != "awaiting_check":
        raise _Refused("not_awaiting_check", f"{route_id} was checked by {state.staff[r[7]]['name'] if r[7] else '-'}")
    if r[4] == who["user"]:
        raise _Refused("own_route", "a route is checked by someone other than its setter")
    if not comments.strip():
        raise _Refused("invalid_arguments", "note what was checked")
    r[6], r[7] = "open", who["user"]
    return RouteReply(ok=True, route=_route_reply(state, route_id))


@front_desk("setter")
def reopen_wall(state: State, token: str, wall_id: str) -> Union[WallReply, Refusal]:
    """Reopen a closed wall once every new route on it has been checked.

    :param token: The session token.
    :param wall_id: The wall (``W1`` ...).
    :returns: ``wall``, open.
    """
    w = _wall(state, wall_id)
    if w["status"] != "closed":
        raise _Refused("not_closed", f"{w['name']} is open")
    waiting = [rid for rid, r in sorted(state.routes.items()) if r[0] == wall_id and r[6] == "awaiting_check"]
    if waiting:
        raise _Refused("unchecked_routes", f"{', '.join(waiting)} still to be checked")
    w["status"], w["reason"] = "open", None
    return WallReply(ok=True, wall=_wall_reply(state, wall_id))


# --------------------------------------------------------------------------- incidents and parties


@front_desk("desk", "instructor")
def log_incident(state: State, token: str, visit_id: str, what: str, first_aid: bool,
                 wall_id: Optional[str] = None) -> Union[IncidentReply, Refusal]:
    """Log an accident or near miss involving a climber on the wall now.

    :param token: The session token.
    :param visit_id: The climber's visit (``VS-....``).
    :param what: What happened.
    :param first_aid: Whether first aid was given.
    :param wall_id: Where, if on a wall (``W1`` ...).
    :returns: ``incident`` with its accident report number.
    """
    who = _who(state, token)
    v = state.visits.get(visit_id)
    if v is None:
        raise _Refused("visit_not_found", f"no visit {visit_id}")
    if v["out_at"] is not None:
        raise _Refused("not_on_the_wall", f"{visit_id} checked out at {v['out_at']}")
    if wall_id is not None:
        _wall(state, wall_id)
    if not what.strip():
        raise _Refused("invalid_arguments", "say what happened")
    iid = f"AR-{_next(state, 'incident'):04d}"
    state.incidents[iid] = {"visit": visit_id, "climber": v["climber"], "wall": wall_id, "what": what.strip(),
                            "first_aid": bool(first_aid), "by": who["name"], "at": NOW}
    return IncidentReply(ok=True, incident=Incident(incident_id=iid, visit_id=visit_id, climber_id=v["climber"],
                                                    wall_id=wall_id, what=what.strip(), first_aid=bool(first_aid),
                                                    logged_by=who["name"], at=NOW))


def _party_day(day: str) -> str:
    d = _date(day, "day")
    if d.weekday() < 5:
        raise _Refused("not_party_day", "parties run on Saturdays and Sundays")
    return d.isoformat()


@front_desk()
def party_slots(state: State, token: str, day: str) -> Union[SlotsReply, Refusal]:
    """The free party slots on a day, with the instructors free to run them.

    :param token: The session token.
    :param day: ``YYYY-MM-DD``.
    :returns: ``free`` as rows of ``[slot, instructor_id, instructor]``.
    """
    d = _party_day(day)
    rows = []
    for slot in PARTY_SLOTS:
        for s in sorted(state.staff.values(), key=lambda s: s["staff_no"]):
            if s["role"] == "instructor" and not any(p["day"] == d and p["slot"] == slot and
                                                     p["instructor"] == s["staff_no"] for p in state.parties.values()):
                rows.append([slot, s["staff_no"], s["name"]])
    return SlotsReply(ok=True, day=d, free=rows)


@front_desk("desk")
def book_party(state: State, token: str, climber_id: str, day: str, slot: str, instructor_id: str, children: int,
               birthday_child: str) -> Union[PartyReply, Refusal]:
    """Book a children's climbing party on an adult climber's record; a deposit is invoiced.

    :param token: The session token.
    :param climber_id: The adult booking it (``CL-....``).
    :param day: ``YYYY-MM-DD``.
    :param slot: The start time, as ``party_slots`` gives it.
    :param instructor_id: The instructor (``IR-..``).
    :param children: How many children will climb.
    :param birthday_child: Whose party it is.
    :returns: ``party`` with its ``party_id`` and the deposit's ``invoice_id``.
    """
    c = _climber(state, climber_id)
    if _age(c["born"]) < 18:
        raise _Refused("booker_under_18", "a party is booked by an adult")
    d = _party_day(day)
    if d < _add_days(TODAY, 7):
        raise _Refused("too_soon", "parties are booked at least seven days ahead")
    if d > _add_days(TODAY, 90):
        raise _Refused("too_far", "the party diary is open 90 days ahead")
    if slot not in PARTY_SLOTS:
        raise _Refused("invalid_slot", f"{slot!r} is not a party slot")
    ins = _instructor(state, instructor_id)
    if ins is None:
        raise _Refused("instructor_not_found", f"no instructor {instructor_id}")
    if any(p["day"] == d and p["slot"] == slot and p["instructor"] == instructor_id for p in state.parties.values()):
        raise _Refused("instructor_busy", f"{ins['name']} has a party then")
    if not 4 <= children <= 10:
        raise _Refused("party_size", "a party is for four to ten children with one instructor")
    if not birthday_child.strip():
        raise _Refused("invalid_arguments", "say whose party it is")
    n = _next(state, "party")
    pid, iid = f"PB-{n:04d}", f"IV-{n:04d}"
    state.parties[pid] = {"booker": climber_id, "day": d, "slot": slot, "instructor": instructor_id,
                          "children": children, "birthday_child": birthday_child.strip(), "invoice": iid}
    state.invoices[iid] = {"for": pid, "climber": climber_id, "amount": PARTY_DEPOSIT, "paid": 0.0}
    return PartyReply(ok=True, party=Party(party_id=pid, booker_id=climber_id, day=d, slot=slot,
                                           instructor=ins["name"], children=children,
                                           birthday_child=birthday_child.strip(), price=PARTY_PRICE, invoice_id=iid,
                                           deposit=PARTY_DEPOSIT, balance=_money(PARTY_PRICE)))


TOOLS = [
    sign_in, sign_out, price_list, course_calendar, find_climber, register_climber, update_climber, climber_record,
    sign_waiver, record_induction, belay_check, suspend_climber, lift_suspension, notify_climber, sell_pass,
    check_in, check_out, on_the_wall, start_membership, memberships, freeze_membership, unfreeze_membership,
    cancel_membership, enrol, withdraw, course_register, sign_off, take_payment, kit_stock, hire_kit, return_kit,
    wall_map, close_wall, strip_route, set_route, check_route, reopen_wall, log_incident, party_slots, book_party,
]

FIXTURES = {
    "centre": {"name": "The Foundry Climbing Centre, Gasworks Lane, Kilnworth",
               "today": "Saturday 13 March 2032, 09:30"},
    "staff": [
        {"name": "Jo Pemberton", "role": "front desk", "username": "jo.p", "password": "Chalk-Up-24"},
        {"name": "Ali Rahman", "role": "instructor", "username": "ali.r", "password": "Figure-8-Knot"},
        {"name": "Kit Moreno", "role": "senior instructor", "username": "kit.m", "password": "Belay-Glasses-3"},
        {"name": "Sam Doyle", "role": "head route setter", "username": "sam.d", "password": "Crimp-Pinch-51"},
        {"name": "Bea Nolan", "role": "route setter", "username": "bea.n", "password": "Sloper-Jug-7"},
        {"name": "Megan Holt", "role": "duty manager", "username": "meg.h", "password": "Foundry-2016"},
    ],
    "new_climber": {"name": "Ms Erin Walsh", "date_of_birth": "1998-07-21", "phone": "07700 900538",
                    "emergency_contact": "Mr Declan Walsh (brother), 07700 900539",
                    "email_later": "erin.walsh@mail.example",
                    "wants": "to learn to boulder and join on the monthly plan"},
    "new_junior": {"name": "Noah Fenwick", "date_of_birth": "2022-02-03", "phone": "07700 900546",
                   "guardian": "Mr Paul Fenwick", "emergency_contact": "Mr Paul Fenwick (father), 07700 900546"},
    "desk_notes": [
        "Tom Okoro's waiver ran out at the end of February; he still has visits left on his ten-visit card",
        "Ffion Morgan is paying the Learn to Lead fee by card this morning",
        "Hannah Price wants a party for her daughter Isla's ninth birthday: eight children, Saturday 27 March, "
        "in the morning",
        "The Slab (W2) is due for its reset today; Bea foreruns Sam's new problems",
        "Priya Shah is back from her placement early and wants her membership going again",
        "Gary Lomax has apologised in writing; the manager may lift his suspension",
    ],
}

_TOKEN = "auth: session token (session.token of sign_in)"
PUBLIC = ("sign_in", "price_list", "course_calendar")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CLIMBER_CONSUMERS = ["update_climber", "climber_record", "sign_waiver", "record_induction", "belay_check",
                     "suspend_climber", "lift_suspension", "notify_climber", "sell_pass", "check_in",
                     "start_membership", "enrol", "book_party"]
VISIT_CONSUMERS = ["check_out", "hire_kit", "log_incident"]
MEMBERSHIP_CONSUMERS = ["freeze_membership", "cancel_membership"]
ENROLMENT_CONSUMERS = ["withdraw", "sign_off"]
WALL_CONSUMERS = ["close_wall", "set_route", "reopen_wall"]
_CLIMBER = "id lookup/create: climber id (climber.climber_id of register_climber, or of a find_climber row)"
_VISIT = "id lookup/create: visit id (visit.visit_id of check_in, or of an on_the_wall row)"
_MEMBERSHIP = "id lookup/create: membership id (membership.membership_id of start_membership, or of a memberships row)"
_ENROLMENT = "id lookup/create: enrolment id (enrolment.enrolment_id of enrol, or of a course_register row)"
_WALL = "id lookup: wall id (of wall_map's walls)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_climber|find_climber", c, _CLIMBER) for c in CLIMBER_CONSUMERS]
    + [("check_in|on_the_wall", c, _VISIT) for c in VISIT_CONSUMERS]
    + [("start_membership|memberships", c, _MEMBERSHIP) for c in MEMBERSHIP_CONSUMERS]
    + [("enrol|course_register", c, _ENROLMENT) for c in ENROLMENT_CONSUMERS]
    + [("wall_map", c, _WALL) for c in WALL_CONSUMERS]
    + [
        ("sell_pass|start_membership|climber_record", "check_in",
         "id lookup/create: what the climber comes in on (sold.pass_id of sell_pass, membership.membership_id of "
         "start_membership, or of climber_record's passes or memberships)"),
        ("memberships|climber_record", "unfreeze_membership",
         "id lookup: a frozen membership's id (of a memberships row, or of climber_record's memberships)"),
        ("course_calendar", "enrol", "id lookup: course id (of course_calendar's courses)"),
        ("course_calendar", "course_register", "id lookup: course id (of course_calendar's courses)"),
        ("enrol|book_party|climber_record", "take_payment",
         "id lookup/create: invoice id (enrolment.invoice_id of enrol, party.invoice_id of book_party, or of "
         "climber_record's invoices)"),
        ("hire_kit", "return_kit", "id create: hire id (hire.hire_id of hire_kit)"),
        ("climber_record", "return_kit", "id lookup: hire id (of climber_record's hires)"),
        ("wall_map", "strip_route", "id lookup: route id (of a wall_map wall's routes)"),
        ("set_route|wall_map", "check_route",
         "id lookup/create: a new route's id (route.route_id of set_route, or of a wall_map wall's routes)"),
        ("kit_stock", "hire_kit", "vocabulary: item codes with kit left (of kit_stock rows)"),
        ("party_slots", "book_party", "vocabulary: a slot and an instructor free then (of party_slots rows)"),
        ("sign_waiver", "record_induction", "state: a waiver in date"),
        ("sign_waiver", "belay_check", "state: a waiver in date"),
        ("sign_waiver", "sell_pass", "state: a waiver in date"),
        ("sign_waiver", "check_in", "state: a waiver in date"),
        ("sign_waiver", "start_membership", "state: a waiver in date"),
        ("record_induction", "check_in", "state: the climber inducted"),
        ("record_induction", "start_membership", "state: the climber inducted"),
        ("belay_check", "enrol", "state: cleared to top-rope (Learn to Lead)"),
        ("take_payment", "sign_off", "state: the course fee paid"),
        ("return_kit", "check_out", "state: hired kit back"),
        ("freeze_membership", "unfreeze_membership", "state: the membership frozen"),
        ("close_wall", "strip_route", "state: the wall closed"),
        ("close_wall", "set_route", "state: the wall closed"),
        ("close_wall", "reopen_wall", "state: the wall closed"),
        ("check_route", "reopen_wall", "state: every new route on the wall checked"),
        ("suspend_climber", "lift_suspension", "state: the climber suspended"),
        ("update_climber", "notify_climber", "state: an e-mail address on file"),
    ]
)

PLAUSIBLE = {
    ("register_climber", "find_climber"), ("sign_waiver", "climber_record"),
    ("sign_waiver", "find_climber"), ("record_induction", "climber_record"), ("belay_check", "climber_record"),
    ("sell_pass", "climber_record"), ("check_in", "climber_record"), ("check_in", "on_the_wall"),
    ("check_in", "find_climber"), ("check_out", "on_the_wall"), ("check_out", "climber_record"),
    ("start_membership", "memberships"), ("start_membership", "climber_record"), ("start_membership", "find_climber"),
    ("freeze_membership", "memberships"), ("freeze_membership", "climber_record"), ("unfreeze_membership", "memberships"),
    ("cancel_membership", "memberships"), ("find_climber", "memberships"), ("climber_record", "freeze_membership"),
    ("climber_record", "cancel_membership"), ("climber_record", "withdraw"), ("climber_record", "sign_off"),
    ("climber_record", "check_out"), ("climber_record", "hire_kit"), ("climber_record", "log_incident"),
    ("find_climber", "on_the_wall"), ("enrol", "course_register"), ("enrol", "climber_record"),
    ("enrol", "course_calendar"), ("withdraw", "course_register"), ("withdraw", "course_calendar"),
    ("take_payment", "course_register"), ("take_payment", "climber_record"), ("sign_off", "climber_record"),
    ("sign_off", "belay_check"), ("sign_off", "enrol"), ("record_induction", "belay_check"),
    ("record_induction", "enrol"), ("belay_check", "check_in"), ("course_calendar", "withdraw"),
    ("course_calendar", "sign_off"), ("hire_kit", "kit_stock"), ("return_kit", "kit_stock"),
    ("hire_kit", "check_out"), ("hire_kit", "climber_record"), ("return_kit", "climber_record"),
    ("close_wall", "wall_map"), ("strip_route", "wall_map"), ("set_route", "wall_map"), ("check_route", "wall_map"),
    ("reopen_wall", "wall_map"), ("strip_route", "set_route"), ("set_route", "reopen_wall"),
    ("book_party", "party_slots"), ("book_party", "climber_record"), ("suspend_climber", "check_in"),
    ("suspend_climber", "find_climber"), ("suspend_climber", "climber_record"), ("lift_suspension", "check_in"),
    ("lift_suspension", "climber_record"), ("update_climber", "climber_record"), ("update_climber", "find_climber"),
    ("on_the_wall", "climber_record"), ("log_incident", "suspend_climber"), ("check_out", "check_in"),
    ("sell_pass", "start_membership"), ("unfreeze_membership", "check_in"), ("cancel_membership", "check_in"),
    ("freeze_membership", "check_in"), ("wall_map", "log_incident"), ("unfreeze_membership", "freeze_membership"),
    ("cancel_membership", "start_membership"),
}
