"""Cubbyhole: the office system of Bramblewood Day Nursery, 4 Station Road, Kettleby (41 calls).

Sync functions over an in-memory ``State`` of the nursery on Monday 3 March 2031 at 08:00, half an hour
after the doors open. The office registers children, their parents and carers and the people a parent
authorises to collect them, books the weekly sessions and extra days, checks the families' 30-hours
eligibility codes, claims the funded hours and sends the term's headcount to the council, raises the
monthly invoices, takes payments, voids invoices raised in error, invites parents to the nursery app
and writes to them, and takes notice when a child is leaving. The room staff sign children in and out,
mark absences, keep the day's diary, record accidents and the parent's signature on the form, take the
parents' consent for medicine and record each dose. The room leaders move children between the baby,
toddler and pre-school rooms, record allergies and give each child a key person. The manager may do
everything and alone sends the headcount. The fee list and the rooms are public.

Every tool is a plain ``def`` wrapped by ``nursery(*roles)`` (``functools.wraps``), which checks the
session and the role and turns the tools' internal refusals into their reply. Refusals are *returned*
as strings that start with ``Error:`` (``"Error: Noah Fairweather is not booked in today"``); nothing
is raised. Replies are dataclasses and lists of them (a child's record with guardians, collectors,
allergies, consents, bookings, funding claims and invoices nested; an invoice with its lines nested; a
room's register) and sentences with an id in them (a medicine dose, an attendance, an absence, a diary
entry, an app invitation, a message, the headcount). Ids look alike: child ``CH-0421`` and its booking
``BK-0421``, its March invoice ``INV-0421-03``; guardian ``GD-0611``; authorised collector ``AU-0207``;
consent ``MC-0091``; accident ``AR-0119``; eligibility check ``ECS-5502``; funding claim ``FC-0233``;
extra session ``EX-0088``; staff ``ST-04``. The age bands of the rooms, the days the nursery opens, the
shortest place it offers, the funded-hours ages, the eligibility code and NI number formats, how long a
medicine consent may run and the gap between doses, the collectors' age and password, the notice period
and the key person's limit are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
import re
from dataclasses import dataclass
from enum import Enum
from typing import Literal

TODAY = "2031-03-03"  # a Monday
NOW = "08:00"
OPEN_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri")
NOTICE_DAYS = 28
CONSENT_MAX_DAYS = 28
DOSE_GAP_HOURS = 4
KEY_CHILDREN = 6
FUNDED_RATE = 5.80
TERM = "summer_2031"
TERM_START = "2031-04-14"
BORN_BY = "2028-03-31"  # three before 1 April: funded from the summer term
TWO_YEAR_FROM = "2028-04-01"
TWO_YEAR_TO = "2029-03-31"

ROOMS = {  # code -> name, who for, youngest and oldest in months, places a session
    "ACORN": ("Acorn Room", "babies", 3, 26, 9),
    "OAK": ("Oak Room", "toddlers", 18, 40, 12),
    "BEECH": ("Beech Room", "pre-school", 33, 60, 16),
}
SESSIONS = {  # code -> name, from, to, hours, price
    "FD": ("Full day", "08:00", "18:00", 10, 68.0),
    "AM": ("Morning", "08:00", "13:00", 5, 38.0),
    "PM": ("Afternoon", "13:00", "18:00", 5, 36.0),
    "SD": ("School day", "09:00", "15:00", 6, 44.0),
}

Severity = Literal["mild", "moderate", "severe"]
Scheme = Literal["universal_15", "extended_30", "two_year_15"]
Term = Literal["spring_2031", "summer_2031"]
PayMethod = Literal["bank_transfer", "card", "tax_free_childcare", "childcare_vouchers"]
AbsenceReason = Literal["illness", "holiday", "family", "other"]
DiaryKind = Literal["meal", "sleep", "nappy", "activity", "milestone"]
Channel = Literal["app", "email", "sms"]
InvoiceStatus = Literal["issued", "paid", "void"]


class Relationship(Enum):
    MOTHER = "mother"
    FATHER = "father"
    STEP_PARENT = "step_parent"
    GRANDPARENT = "grandparent"
    AUNT_OR_UNCLE = "aunt_or_uncle"
    SIBLING = "sibling"
    FOSTER_CARER = "foster_carer"
    FAMILY_FRIEND = "family_friend"
    CHILDMINDER = "childminder"
    NANNY = "nanny"


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str
    staff_id: str


@dataclass
class Fee:
    code: str
    session: str
    times: str
    hours: int
    price: float


@dataclass
class Room:
    code: str
    name: str
    for_children: str
    places: int


@dataclass
class ChildRow:
    child_id: str
    name: str
    date_of_birth: str
    room: str
    status: str


@dataclass
class Child:
    child_id: str
    first_name: str
    last_name: str
    date_of_birth: str
    age: str
    room: str
    start_date: str
    status: str
    key_person: str | None


@dataclass
class Guardian:
    guardian_id: str
    child_id: str
    name: str
    relationship: str
    phone: str
    email: str | None
    address: str | None
    parental_responsibility: bool
    bill_payer: bool
    on_app: bool


@dataclass
class Collector:
    collector_id: str
    child_id: str
    name: str
    relationship: str
    authorised_by: str
    status: str


@dataclass
class Allergy:
    allergy_id: str
    allergen: str
    severity: str
    reaction: str
    action_plan: str


@dataclass
class Consent:
    consent_id: str
    child_id: str
    medicine: str
    dose: str
    reason: str
    until: str
    signed_by: str
    status: str


@dataclass
class Booking:
    booking_id: str
    child_id: str
    days: list[str]
    session: str
    start: str
    status: str
    weekly_cost: float


@dataclass
class FundingClaim:
    claim_id: str
    child_id: str
    child: str
    term: str
    scheme: str
    hours_per_week: int
    check_ref: str | None
    status: str


@dataclass
class InvoiceLine:
    description: str
    quantity: float
    unit_price: float
    amount: float


@dataclass
class InvoiceRow:
    invoice_id: str
    child_id: str
    month: str
    total: float
    paid: float
    balance: float
    status: str


@dataclass
class Invoice:
    invoice_id: str
    child_id: str
    child: str
    month: str
    bill_payer: str
    lines: list[InvoiceLine]
    total: float
    paid: float
    balance: float
    status: str


@dataclass
class ChildRecord:
    child: Child
    guardians: list[Guardian]
    collectors: list[Collector]
    allergies: list[Allergy]
    consents: list[Consent]
    bookings: list[Booking]
    funding: list[FundingClaim]
    invoices: list[InvoiceRow]
    leaving: str | None


@dataclass
class EligibilityCheck:
    check_ref: str
    child_id: str
    code: str
    result: str
    valid_until: str


@dataclass
class ExtraSession:
    extra_id: str
    child_id: str
    date: str
    session: str
    price: float


@dataclass
class RegisterRow:
    child_id: str
    name: str
    room: str
    session: str
    status: str
    arrived: str | None
    left: str | None
    allergies: list[str]


@dataclass
class Accident:
    accident_id: str
    child_id: str
    child: str
    date: str
    what_happened: str
    injury: str
    first_aid: str
    first_aider: str
    parent_signature: str | None


@dataclass
class StaffRow:
    staff_id: str
    name: str
    role: str
    room: str | None
    key_children: int


@dataclass
class Payment:
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    reference: str | None
    balance: float


@dataclass
class Notice:
    child_id: str
    child: str
    leaving_date: str
    reason: str
    given_on: str
    last_invoice: str


# --------------------------------------------------------------------------- state


class State:
    """Bramblewood Day Nursery, Kettleby, on Monday 3 March 2031 at 08:00."""

    def __init__(self) -> None:
        self.users = {
            "ffion.l": {"password": "Crayon-Box-17", "staff": "ST-02"},
            "kemi.a": {"password": "Sandpit-Sun-8", "staff": "ST-04"},
            "dan.w": {"password": "Oak-Leaf-2029", "staff": "ST-03"},
            "maria.s": {"password": "Bramble-Gate-5", "staff": "ST-01"},
        }
        self.staff = {
            "ST-01": {"name": "Maria Santos", "role": "manager", "room": None},
            "ST-02": {"name": "Ffion Lloyd", "role": "office", "room": None},
            "ST-03": {"name": "Dan Whitlock", "role": "room_leader", "room": "OAK"},
            "ST-04": {"name": "Kemi Adebayo", "role": "practitioner", "room": "BEECH"},
            "ST-06": {"name": "Priya Nair", "role": "room_leader", "room": "ACORN"},
            "ST-07": {"name": "Jordan Clarke", "role": "practitioner", "room": "BEECH"},
            "ST-08": {"name": "Hannah Moss", "role": "practitioner", "room": "OAK"},
        }
        self.sessions = {}
        self.children = {
            "CH-0395": {"first": "Freddie", "last": "Osei", "dob": "2028-02-25", "room": "OAK", "start": "2029-09-03",
                        "key": "ST-08", "leaving": None},
            "CH-0398": {"first": "Amelia", "last": "Hughes", "dob": "2028-11-02", "room": "OAK", "start": "2030-01-06",
                        "key": "ST-03", "leaving": None},
            "CH-0402": {"first": "Oscar", "last": "Lindqvist", "dob": "2027-06-14", "room": "BEECH",
                        "start": "2029-04-15", "key": "ST-04", "leaving": None},
            "CH-0407": {"first": "Zainab", "last": "Hussain", "dob": "2030-04-20", "room": "ACORN",
                        "start": "2031-01-06", "key": "ST-06", "leaving": None},
            "CH-0411": {"first": "Leo", "last": "Marsh-Taylor", "dob": "2028-08-30", "room": "OAK",
                        "start": "2030-05-06", "key": "ST-03",
                        "leaving": ["2031-04-04", "Moving to Shrewsbury", "2031-02-24"]},
            "CH-0415": {"first": "Maisie", "last": "Cole", "dob": "2027-12-01", "room": "BEECH", "start": "2030-09-01",
                        "key": "ST-07", "leaving": None},
        }
        self.guardians = {
            "GD-0580": {"child": "CH-0398", "name": "Mrs Sian Hughes", "rel": "mother", "phone": "07700 920580",
                        "email": "sian.hughes@mail.example", "address": "18 Mill Lane, Kettleby KT2 4ML", "pr": True,
                        "payer": True, "app": True},
            "GD-0581": {"child": "CH-0398", "name": "Mr Rhys Hughes", "rel": "father", "phone": "07700 920581",
                        "email": None, "address": "18 Mill Lane, Kettleby KT2 4ML", "pr": True, "payer": False,
                        "app": False},
            "GD-0584": {"child": "CH-0395", "name": "Mr Kwabena Osei", "rel": "father", "phone": "07700 920584",
                        "email": "k.osei@mail.example", "address": "5 Rowan Close, Kettleby KT1 6RC", "pr": True,
                        "payer": True, "app": True},
            "GD-0588": {"child": "CH-0402", "name": "Ms Freya Lindqvist", "rel": "mother", "phone": "07700 920588",
                        "email": "freya.lindqvist@mail.example", "address": "2 The Crescent, Kettleby KT3 1TC",
                        "pr": True, "payer": True, "app": False},
            "GD-0593": {"child": "CH-0407", "name": "Mr Imran Hussain", "rel": "father", "phone": "07700 920593",
                        "email": "imran.hussain@mail.example", "address": "40 Wharf Street, Kettleby KT2 8WS",
                        "pr": True, "payer": True, "app": True},
            "GD-0594": {"child": "CH-0407", "name": "Mrs Aisha Hussain", "rel": "mother", "phone": "07700 920594",
                        "email": None, "address": "40 Wharf Street, Kettleby KT2 8WS", "pr": True, "payer": False,
                        "app": False},
            "GD-0597": {"child": "CH-0411", "name": "Ms Gemma Marsh", "rel": "mother", "phone": "07700 920597",
                        "email": "gemma.marsh@mail.example", "address": "11 Canal View, Kettleby KT2 3CV", "pr": True,
                        "payer": True, "app": True},
            "GD-0602": {"child": "CH-0415", "name": "Ms Kelly Cole", "rel": "mother", "phone": "07700 920602",
                        "email": None, "address": "Flat 3, 9 Bridge Street, Kettleby KT1 2BS", "pr": True,
                        "payer": True, "app": False},
        }
        self.collectors = {
            "AU-0199": {"child": "CH-0398", "name": "Mr Glyn Hughes", "rel": "grandparent", "password": "Dragonfly",
                        "by": "GD-0580", "status": "active"},
            "AU-0203": {"child": "CH-0402", "name": "Mrs Astrid Berg", "rel": "family_friend", "password": "Lingonberry",
                        "by": "GD-0588", "status": "active"},
        }
        self.allergies = {
            "AL-0061": {"child": "CH-0398", "allergen": "egg", "severity": "moderate", "reaction": "Hives round the mouth",
                        "plan": "Egg-free meals; antihistamine per the care plan"},
            "AL-0064": {"child": "CH-0415", "allergen": "peanut", "severity": "severe",
                        "reaction": "Swelling and wheeze", "plan": "Adrenaline auto-injector in the Beech Room kit; call 999"},
        }
        self.consents = {
            "MC-0087": {"child": "CH-0398", "guardian": "GD-0580", "medicine": "Piriton", "dose": "2.5 ml",
                        "reason": "Egg reaction, per her care plan", "until": "2031-03-28", "status": "active"},
            "MC-0089": {"child": "CH-0407", "guardian": "GD-0593", "medicine": "Calpol", "dose": "2.5 ml",
                        "reason": "Teething; temperature over 38", "until": "2031-03-14", "status": "active"},
        }
        self.doses = []
        self.bookings = {
            "BK-0388": {"child": "CH-0395", "days": ["Tue", "Thu"], "session": "FD", "start": "2029-09-03",
                        "status": "active"},
            "BK-0392": {"child": "CH-0398", "days": ["Mon", "Tue"], "session": "FD", "start": "2030-01-06",
                        "status": "active"},
            "BK-0396": {"child": "CH-0402", "days": ["Mon", "Wed", "Fri"], "session": "SD", "start": "2029-04-15",
                        "status": "active"},
            "BK-0405": {"child": "CH-0407", "days": ["Mon", "Tue", "Wed", "Thu", "Fri"], "session": "AM",
                        "start": "2031-01-06", "status": "active"},
            "BK-0409": {"child": "CH-0411", "days": ["Mon", "Tue", "Wed"], "session": "PM", "start": "2030-05-06",
                        "status": "active"},
            "BK-0413": {"child": "CH-0415", "days": ["Mon", "Thu"], "session": "FD", "start": "2030-09-01",
                        "status": "active"},
        }
        self.extras = {}
        self.checks = {}
        self.eligibility = {  # the Eligibility Checking Service: code -> parent's NI number, valid until
            "50034127785": ("QQ123456C", "2031-06-30"),
            "50091734452": ("QQ654321A", "2031-05-31"),
            "50077210093": ("QQ246810B", "2031-02-28"),
        }
        self.claims = {
            "FC-0229": {"child": "CH-0402", "term": "spring_2031", "scheme": "universal_15", "hours": 15,
                        "check": None, "status": "submitted"},
            "FC-0231": {"child": "CH-0415", "term": "spring_2031", "scheme": "universal_15", "hours": 15,
                        "check": None, "status": "submitted"},
        }
        self.headcounts = {"spring_2031": "2031-01-17"}
        self.invoices = {
            "INV-0398-02": {"child": "CH-0398", "month": "2031-02", "lines": [["Full day (Mon, Tue)", 8, 68.0]],
                            "credit": 0.0, "paid": 0.0, "status": "issued"},
            "INV-0402-02": {"child": "CH-0402", "month": "2031-02", "lines": [["School day (Mon, Wed, Fri)", 12, 44.0]],
                            "credit": 348.0, "paid": 180.0, "status": "paid"},
            "INV-0411-02": {"child": "CH-0411", "month": "2031-02", "lines": [["Afternoon (Mon, Tue, Wed)", 12, 36.0]],
                            "credit": 0.0, "paid": 0.0, "status": "issued"},
            "INV-0415-03": {"child": "CH-0415", "month": "2031-03", "lines": [["Full day (Mon, Tue, Thu)", 13, 68.0]],
                            "credit": 348.0, "paid": 0.0, "status": "issued"},
        }
        self.payments = []
        self.attendance = {}  # child -> arrived, by, left, collected by, absent
        self.accidents = {
            "AR-0117": {"child": "CH-0402", "date": "2031-02-28", "what": "Tripped on the step into the garden",
                        "injury": "Small graze on the left knee", "first_aid": "Cleaned with water; plaster",
                        "first_aider": "Jordan Clarke", "signed": None},
        }
        self.diary = []
        self.messages = []
        self.counters = {"session": 1, "child": 421, "guardian": 611, "collector": 207, "allergy": 66, "consent": 91,
                         "dose": 240, "booking": 421, "extra": 88, "check": 5502, "claim": 233, "receipt": 3140,
                         "accident": 119, "attendance": 7710, "absence": 512, "diary": 9021, "invite": 4417,
                         "message": 1305, "headcount": 12}


class _Refused(Exception):
    """A refusal inside a tool; the ``nursery`` decorator returns it as an ``Error: ...`` line."""


def _check(state: State | None, token: str | None, roles: tuple) -> str | None:
    who = state.sessions.get(token) if state is not None else None
    if who is None:
        return "Error: you are not signed in (no session for that token)"
    if roles and who["role"] not in roles and who["role"] != "manager":
        return f"Error: {who['name']} ({who['role']}) may not do this; it is for {' or '.join(roles)}"
    return None


def nursery(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the manager may do everything), then run
    the tool; a refusal comes back as a string that starts with ``Error:``."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def handler(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                problem = _check(bound.arguments.get("state"), bound.arguments.get("token"), roles)
                if problem:
                    return problem
            try:
                return fn(*args, **kwargs)
            except _Refused as r:
                return f"Error: {r}"

        return handler

    return wrap


# --------------------------------------------------------------------------- helpers


def _who(state: State, token: str) -> dict:
    return state.sessions[token]


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _date(text: str, what: str = "date") -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise _Refused(f"{what} {text!r} is not a date (YYYY-MM-DD)") from None


def _today() -> datetime.date:
    return datetime.date.fromisoformat(TODAY)


def _months(dob: str, on: str) -> int:
    b, d = datetime.date.fromisoformat(dob), datetime.date.fromisoformat(on)
    return (d.year - b.year) * 12 + d.month - b.month - (1 if d.day < b.day else 0)


def _child(state: State, child_id: str) -> dict:
    c = state.children.get(child_id)
    if c is None:
        raise _Refused(f"no child {child_id}")
    return c


def _name(c: dict) -> str:
    return f"{c['first']} {c['last']}"


def _guardian(state: State, guardian_id: str) -> dict:
    g = state.guardians.get(guardian_id)
    if g is None:
        raise _Refused(f"no parent or carer {guardian_id}")
    return g


def _room(code: str) -> str:
    if code not in ROOMS:
        raise _Refused(f"{code!r} is not one of our rooms (see the room list for the codes)")
    return code


def _fits(c: dict, room: str, on: str) -> None:
    lo, hi = ROOMS[room][2], ROOMS[room][3]
    m = _months(c["dob"], on)
    if not lo <= m <= hi:
        raise _Refused(f"{c['first']} will be {m} months old; the {ROOMS[room][0]} takes children from {lo} to {hi} "
                       "months (Acorn 3-26, Oak 18-40, Beech 33-60)")


def _status(c: dict) -> str:
    if c["leaving"] is not None:
        return "leaving"
    return "starting" if c["start"] > TODAY else "attending"


def _age(dob: str) -> str:
    m = _months(dob, TODAY)
    return f"{m // 12}y {m % 12}m"


def _child_reply(state: State, child_id: str) -> Child:
    c = state.children[child_id]
    key = state.staff[c["key"]]["name"] if c["key"] else None
    return Child(child_id=child_id, first_name=c["first"], last_name=c["last"], date_of_birth=c["dob"],
                 age=_age(c["dob"]), room=c["room"], start_date=c["start"], status=_status(c), key_person=key)


def _guardian_reply(state: State, guardian_id: str) -> Guardian:
    g = state.guardians[guardian_id]
    return Guardian(guardian_id=guardian_id, child_id=g["child"], name=g["name"], relationship=g["rel"],
                    phone=g["phone"], email=g["email"], address=g["address"], parental_responsibility=g["pr"],
                    bill_payer=g["payer"], on_app=g["app"])


def _collector_reply(state: State, collector_id: str) -> Collector:
    k = state.collectors[collector_id]
    return Collector(collector_id=collector_id, child_id=k["child"], name=k["name"], relationship=k["rel"],
                     authorised_by=state.guardians[k["by"]]["name"], status=k["status"])


def _consent_reply(state: State, consent_id: str) -> Consent:
    m = state.consents[consent_id]
    if m["status"] == "active" and m["until"] < TODAY:
        m["status"] = "expired"
    return Consent(consent_id=consent_id, child_id=m["child"], medicine=m["medicine"], dose=m["dose"],
                   reason=m["reason"], until=m["until"], signed_by=state.guardians[m["guardian"]]["name"],
                   status=m["status"])


def _weekly(days: list, session: str) -> float:
    return round(len(days) * SESSIONS[session][4], 2)


def _booking_reply(state: State, booking_id: str) -> Booking:
    b = state.bookings[booking_id]
    return Booking(booking_id=booking_id, child_id=b["child"], days=list(b["days"]), session=b["session"],
                   start=b["start"], status=b["status"], weekly_cost=_weekly(b["days"], b["session"]))


def _claim_reply(state: State, claim_id: str) -> FundingClaim:
    f = state.claims[claim_id]
    return FundingClaim(claim_id=claim_id, child_id=f["child"], child=_name(state.children[f["child"]]), term=f["term"],
                        scheme=f["scheme"], hours_per_week=f["hours"], check_ref=f["check"], status=f["status"])


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _invoice_total(inv: dict) -> float:
    return _money(max(0.0, sum(q * p for _, q, p in inv["lines"]) - inv["credit"]))


def _invoice_row(state: State, invoice_id: str) -> InvoiceRow:
    inv = state.invoices[invoice_id]
    total = _invoice_total(inv)
    return InvoiceRow(invoice_id=invoice_id, child_id=inv["child"], month=inv["month"], total=total, paid=inv["paid"],
                      balance=_money(total - inv["paid"]) if inv["status"] != "void" else 0.0, status=inv["status"])


def _invoice_reply(state: State, invoice_id: str) -> Invoice:
    inv = state.invoices[invoice_id]
    row = _invoice_row(state, invoice_id)
    payer = next((g["name"] for g in state.guardians.values() if g["child"] == inv["child"] and g["payer"]), "-")
    lines = [InvoiceLine(description=d, quantity=q, unit_price=p, amount=_money(q * p)) for d, q, p in inv["lines"]]
    if inv["credit"]:
        lines.append(InvoiceLine(description="Funded hours", quantity=1, unit_price=-inv["credit"],
                                 amount=-inv["credit"]))
    return Invoice(invoice_id=invoice_id, child_id=inv["child"], child=_name(state.children[inv["child"]]),
                   month=inv["month"], bill_payer=payer, lines=lines, total=row.total, paid=inv["paid"],
                   balance=row.balance, status=inv["status"])


def _booked_on(state: State, child_id: str, day: str) -> str | None:
    """The session a child is booked for on ``day``, from a weekly booking or an extra session."""
    c = state.children[child_id]
    if day < c["start"] or (c["leaving"] is not None and day > c["leaving"][0]):
        return None
    wd = OPEN_DAYS[datetime.date.fromisoformat(day).weekday()] if datetime.date.fromisoformat(day).weekday() < 5 else None
    for b in state.bookings.values():
        if b["child"] == child_id and b["status"] == "active" and b["start"] <= day and wd in b["days"]:
            return b["session"]
    for x in state.extras.values():
        if x["child"] == child_id and x["date"] == day:
            return x["session"]
    return None


def _room_count(state: State, room: str, day: str) -> int:
    return sum(1 for cid, c in state.children.items() if c["room"] == room and _booked_on(state, cid, day))


def _signed_in(state: State, child_id: str) -> dict:
    a = state.attendance.get(child_id)
    if a is None or a.get("arrived") is None or a.get("left") is not None:
        raise _Refused(f"{_name(state.children[child_id])} is not signed in today")
    return a


def _month_days(month: str) -> list[str]:
    y, m = map(int, month.split("-"))
    d = datetime.date(y, m, 1)
    out = []
    while d.month == m:
        out.append(d.isoformat())
        d += datetime.timedelta(days=1)
    return out


# --------------------------------------------------------------------------- sign-in and public lists


@nursery(public=True)
def sign_in(state: State, username: str, password: str) -> Session | str:
    """Sign in to the nursery's office system.

    Parameters
    ----------
    username : str
        The member of staff's user name.
    password : str
        Their password.

    Returns
    -------
    Session or str
        The session, whose token goes with every other call, or an ``Error:`` line.
    """
    user = state.users.get(username)
    if user is None or user["password"] != password:
        return "Error: wrong user name or password"
    s = state.staff[user["staff"]]
    token = f"bw-{_next(state, 'session'):03d}-{username.split('.')[0]}"
    state.sessions[token] = {"user": username, "name": s["name"], "role": s["role"], "staff": user["staff"]}
    return Session(token=token, name=s["name"], role=s["role"], staff_id=user["staff"])


@nursery()
def sign_out(state: State, token: str) -> str:
    """Sign out, ending the session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    str
        A line saying who was signed out.
    """
    who = state.sessions.pop(token)
    return f"Signed out {who['name']}."


@nursery(public=True)
def fee_list(state: State) -> list[Fee]:
    """The nursery's sessions and their prices (public, no sign-in).

    Returns
    -------
    list of Fee
        One row per session, with its code, times, hours and price.
    """
    return [Fee(code=code, session=s[0], times=f"{s[1]}-{s[2]}", hours=s[3], price=s[4]) for code, s in SESSIONS.items()]


@nursery(public=True)
def room_list(state: State) -> list[Room]:
    """The nursery's rooms (public, no sign-in).

    Returns
    -------
    list of Room
        One row per room, with its code, who it is for and its places a session.
    """
    return [Room(code=code, name=r[0], for_children=r[1], places=r[4]) for code, r in ROOMS.items()]


# --------------------------------------------------------------------------- children and their families


@nursery()
def find_child(state: State, token: str, text: str, room: str | None = None) -> list[ChildRow] | str:
    """Look children up by part of their name, or by a parent's name or phone number.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.
    room : str, optional
        Only children in this room (its code).

    Returns
    -------
    list of ChildRow or str
        The matching children.
    """
    t = text.strip().lower()
    if not t:
        raise _Refused("say what to look for")
    if room is not None:
        _room(room)
    rows = []
    for cid, c in sorted(state.children.items()):
        hay = " ".join([_name(c)] + [g["name"] + " " + g["phone"] for g in state.guardians.values()
                                     if g["child"] == cid]).lower()
        if t in hay and (room is None or c["room"] == room):
            rows.append(ChildRow(child_id=cid, name=_name(c), date_of_birth=c["dob"], room=c["room"], status=_status(c)))
    return rows


@nursery("office")
def register_child(state: State, token: str, first_name: str, last_name: str, date_of_birth: str, start_date: str,
                   room: str) -> Child | str:
    """Register a child who is starting at the nursery.

    Parameters
    ----------
    token : str
        The session token (the office).
    first_name : str
        The child's first name.
    last_name : str
        The child's surname.
    date_of_birth : str
        Their date of birth (YYYY-MM-DD).
    start_date : str
        Their first day (YYYY-MM-DD).
    room : str
        The room they start in (its code).

    Returns
    -------
    Child or str
        The child, or an ``Error:`` line (a room that does not fit their age, a duplicate).
    """
    if not first_name.strip() or not last_name.strip():
        raise _Refused("give the child's first name and surname")
    dob = _date(date_of_birth, "date_of_birth").isoformat()
    start = _date(start_date, "start_date")
    if start.isoformat() < TODAY or start.weekday() >= 5:
        raise _Refused("a child starts on a weekday from today on")
    _room(room)
    for cid, c in state.children.items():
        if c["first"].lower() == first_name.strip().lower() and c["last"].lower() == last_name.strip().lower() \
                and c["dob"] == dob:
            raise _Refused(f"{_name(c)} is already registered as {cid}")
    new = {"first": first_name.strip(), "last": last_name.strip(), "dob": dob, "room": room,
           "start": start.isoformat(), "key": None, "leaving": None}
    _fits(new, room, start.isoformat())
    cid = f"CH-{_next(state, 'child'):04d}"
    state.children[cid] = new
    return _child_reply(state, cid)


@nursery()
def child_record(state: State, token: str, child_id: str) -> ChildRecord | str:
    """A child's whole record: parents and carers, who may collect, allergies, medicine consents, bookings,
    funding and invoices.

    Parameters
    ----------
    token : str
        The session token.
    child_id : str
        The child.

    Returns
    -------
    ChildRecord or str
        The record, with its parts nested as lists.
    """
    c = _child(state, child_id)
    return ChildRecord(
        child=_child_reply(state, child_id),
        guardians=[_guardian_reply(state, gid) for gid, g in sorted(state.guardians.items()) if g["child"] == child_id],
        collectors=[_collector_reply(state, kid) for kid, k in sorted(state.collectors.items())
                    if k["child"] == child_id and k["status"] == "active"],
        allergies=[Allergy(allergy_id=aid, allergen=a["allergen"], severity=a["severity"], reaction=a["reaction"],
                           action_plan=a["plan"]) for aid, a in sorted(state.allergies.items()) if a["child"] == child_id],
        consents=[_consent_reply(state, mid) for mid, m in sorted(state.consents.items()) if m["child"] == child_id],
        bookings=[_booking_reply(state, bid) for bid, b in sorted(state.bookings.items()) if b["child"] == child_id],
        funding=[_claim_reply(state, fid) for fid, f in sorted(state.claims.items()) if f["child"] == child_id],
        invoices=[_invoice_row(state, iid) for iid, i in sorted(state.invoices.items()) if i["child"] == child_id],
        leaving=c["leaving"][0] if c["leaving"] else None)


@nursery("room_leader")
def move_room(state: State, token: str, child_id: str, room: str) -> Child | str:
    """Move a child to another room (a transition up from the babies or the toddlers).

    Parameters
    ----------
    token : str
        The session token (a room leader).
    child_id : str
        The child.
    room : str
        The room they move to (its code).

    Returns
    -------
    Child or str
        The child in their new room; a key person from the old room is taken off.
    """
    c = _child(state, child_id)
    _room(room)
    if c["room"] == room:
        raise _Refused(f"{_name(c)} is already in the {ROOMS[room][0]}")
    _fits(c, room, TODAY)
    c["room"] = room
    if c["key"] and state.staff[c["key"]]["room"] != room:
        c["key"] = None
    return _child_reply(state, child_id)


@nursery("office")
def add_guardian(state: State, token: str, child_id: str, name: str, relationship: Relationship, phone: str,
                 email: str | None = None, address: str | None = None, parental_responsibility: bool = True,
                 bill_payer: bool = False) -> Guardian | str:
    """Add a parent or carer to a child's record.

    Parameters
    ----------
    token : str
        The session token (the office).
    child_id : str
        The child.
    name : str
        The parent's or carer's name, with a title.
    relationship : Relationship
        How they are related to the child.
    phone : str
        Their phone number.
    email : str, optional
        Their e-mail address.
    address : str, optional
        Their address.
    parental_responsibility : bool
        Whether they hold parental responsibility (they may consent and authorise collectors).
    bill_payer : bool
        Whether the invoices go to them.

    Returns
    -------
    Guardian or str
        The parent or carer as recorded.
    """
    c = _child(state, child_id)
    try:
        rel = Relationship(relationship).value
    except ValueError:
        raise _Refused(f"{relationship!r} is not a relationship we record") from None
    if not name.strip() or not phone.strip():
        raise _Refused("give the name and a phone number")
    mine = [g for g in state.guardians.values() if g["child"] == child_id]
    if any(g["name"].lower() == name.strip().lower() for g in mine):
        raise _Refused(f"{name.strip()} is already on {c['first']}'s record")
    if len(mine) >= 4:
        raise _Refused(f"{c['first']} already has four parents and carers on record")
    if bill_payer:
        payer = next((g for g in mine if g["payer"]), None)
        if payer is not None:
            raise _Refused(f"{payer['name']} already pays {c['first']}'s invoices; change the bill payer on their entry")
    if email is not None and "@" not in email:
        raise _Refused(f"{email!r} is not an e-mail address")
    gid = f"GD-{_next(state, 'guardian'):04d}"
    state.guardians[gid] = {"child": child_id, "name": name.strip(), "rel": rel, "phone": phone, "email": email,
                            "address": address, "pr": parental_responsibility, "payer": bill_payer, "app": False}
    return _guardian_reply(state, gid)


@nursery("office")
def update_guardian(state: State, token: str, guardian_id: str, phone: str | None = None, email: str | None = None,
                    address: str | None = None, bill_payer: bool | None = None) -> Guardian | str:
    """Change a parent's or carer's contact details, or make them the bill payer; only what is given changes.

    Parameters
    ----------
    token : str
        The session token (the office).
    guardian_id : str
        The parent or carer.
    phone : str, optional
        A new phone number.
    email : str, optional
        A new e-mail address.
    address : str, optional
        A new address.
    bill_payer : bool, optional
        True to send the child's invoices to them from now on.

    Returns
    -------
    Guardian or str
        The parent or carer as now recorded.
    """
    g = _guardian(state, guardian_id)
    new = {"phone": phone, "email": email, "address": address, "payer": bill_payer}
    changes = {k: v for k, v in new.items() if v is not None and v != g[k]}
    if not changes:
        raise _Refused(f"nothing to change: {g['name']}'s details are already as given")
    if "email" in changes and "@" not in changes["email"]:
        raise _Refused(f"{email!r} is not an e-mail address")
    if changes.get("payer") is False:
        raise _Refused("make another parent the bill payer instead; a child's invoices always go to someone")
    if changes.get("payer"):
        for other in state.guardians.values():
            if other["child"] == g["child"]:
                other["payer"] = False
    g.update(changes)
    return _guardian_reply(state, guardian_id)


@nursery("office")
def add_collector(state: State, token: str, child_id: str, name: str, relationship: Relationship, password: str,
                  authorised_by: str, aged_16_or_over: bool) -> Collector | str:
    """Add someone a parent has authorised to collect the child, with the password they will give at the door.

    Parameters
    ----------
    token : str
        The session token (the office).
    child_id : str
        The child.
    name : str
        The collector's name.
    relationship : Relationship
        How they are related to the child.
    password : str
        The collection password the parent has chosen.
    authorised_by : str
        The parent or carer who authorises them (their guardian id).
    aged_16_or_over : bool
        Whether the collector is 16 or over.

    Returns
    -------
    Collector or str
        The collector as recorded.
    """
    c = _child(state, child_id)
    g = _guardian(state, authorised_by)
    if g["child"] != child_id:
        raise _Refused(f"{g['name']} is not on {c['first']}'s record")
    if not g["pr"]:
        raise _Refused(f"{g['name']} does not hold parental responsibility; only a parent who does may authorise a "
                       "collector")
    try:
        rel = Relationship(relationship).value
    except ValueError:
        raise _Refused(f"{relationship!r} is not a relationship we record") from None
    if not aged_16_or_over:
        raise _Refused("we only hand children to collectors aged 16 or over")
    pw = password.strip()
    if len(pw) < 5 or not pw.isalpha() or pw.lower() == c["first"].lower():
        raise _Refused("a collection password is one word of at least five letters, not the child's name")
    taken = [k["name"].lower() for k in state.collectors.values() if k["child"] == child_id and k["status"] == "active"]
    taken += [x["name"].lower() for x in state.guardians.values() if x["child"] == child_id]
    if name.strip().lower() in taken:
        raise _Refused(f"{name.strip()} may already collect {c['first']}")
    kid = f"AU-{_next(state, 'collector'):04d}"
    state.collectors[kid] = {"child": child_id, "name": name.strip(), "rel": rel, "password": pw, "by": authorised_by,
                             "status": "active"}
    return _collector_reply(state, kid)


@nursery("office")
def remove_collector(state: State, token: str, collector_id: str, reason: str) -> str:
    """Take someone off a child's list of authorised collectors.

    Parameters
    ----------
    token : str
        The session token (the office).
    collector_id : str
        The authorised collector.
    reason : str
        Why, as the parent gave it.

    Returns
    -------
    str
        A line saying who was taken off.
    """
    k = state.collectors.get(collector_id)
    if k is None:
        raise _Refused(f"no authorised collector {collector_id}")
    if k["status"] != "active":
        raise _Refused(f"{k['name']} was already taken off")
    if not reason.strip():
        raise _Refused("say why")
    k["status"] = "removed"
    return f"{k['name']} ({collector_id}) may no longer collect {_name(state.children[k['child']])}."


@nursery("office", "room_leader")
def add_allergy(state: State, token: str, child_id: str, allergen: str, severity: Severity, reaction: str,
                action_plan: str) -> Allergy | str:
    """Record a child's allergy and what to do about it.

    Parameters
    ----------
    token : str
        The session token (the office or a room leader).
    child_id : str
        The child.
    allergen : str
        What they are allergic to.
    severity : {"mild", "moderate", "severe"}
        How bad a reaction is.
    reaction : str
        What a reaction looks like.
    action_plan : str
        What staff do.

    Returns
    -------
    Allergy or str
        The allergy as recorded.
    """
    c = _child(state, child_id)
    if not allergen.strip() or not action_plan.strip():
        raise _Refused("give the allergen and the action plan")
    for a in state.allergies.values():
        if a["child"] == child_id and a["allergen"].lower() == allergen.strip().lower():
            raise _Refused(f"{c['first']}'s {a['allergen']} allergy is already on record")
    aid = f"AL-{_next(state, 'allergy'):04d}"
    state.allergies[aid] = {"child": child_id, "allergen": allergen.strip(), "severity": severity,
                            "reaction": reaction.strip(), "plan": action_plan.strip()}
    return Allergy(allergy_id=aid, allergen=allergen.strip(), severity=severity, reaction=reaction.strip(),
                   action_plan=action_plan.strip())


# --------------------------------------------------------------------------- medicine


@nursery("office", "practitioner", "room_leader")
def record_consent(state: State, token: str, child_id: str, guardian_id: str, medicine: str, dose: str, reason: str,
                   until: str) -> Consent | str:
    """Record a parent's written consent for the nursery to give a child a medicine.

    Parameters
    ----------
    token : str
        The session token.
    child_id : str
        The child.
    guardian_id : str
        The parent who signed the form.
    medicine : str
        The medicine's name.
    dose : str
        The dose, as written on the form ("5 ml").
    reason : str
        What it is for.
    until : str
        The last day it may be given (YYYY-MM-DD).

    Returns
    -------
    Consent or str
        The consent as recorded.
    """
    c = _child(state, child_id)
    g = _guardian(state, guardian_id)
    if g["child"] != child_id:
        raise _Refused(f"{g['name']} is not on {c['first']}'s record")
    if not g["pr"]:
        raise _Refused(f"{g['name']} does not hold parental responsibility and cannot consent")
    end = _date(until, "until").isoformat()
    if end < TODAY:
        raise _Refused("that consent has already run out")
    if end > (_today() + datetime.timedelta(days=CONSENT_MAX_DAYS)).isoformat():
        raise _Refused(f"a consent form runs at most {CONSENT_MAX_DAYS} days; long-term medicine needs a care plan")
    if not medicine.strip() or not re.search(r"\d", dose):
        raise _Refused("give the medicine and its dose")
    mid = f"MC-{_next(state, 'consent'):04d}"
    state.consents[mid] = {"child": child_id, "guardian": guardian_id, "medicine": medicine.strip(),
                           "dose": dose.strip(), "reason": reason.strip(), "until": end, "status": "active"}
    return _consent_reply(state, mid)


@nursery("practitioner", "room_leader")
def give_medicine(state: State, token: str, consent_id: str, dose_given: str, witness: str) -> str:
    """Record a dose of medicine given to a child under a parent's consent.

    Parameters
    ----------
    token : str
        The session token (room staff).
    consent_id : str
        The consent it is given under.
    dose_given : str
        The dose given ("5 ml").
    witness : str
        The member of staff who watched it given.

    Returns
    -------
    str
        A line with the dose record's number and the time.
    """
    who = _who(state, token)
    m = state.consents.get(consent_id)
    if m is None:
        raise _Refused(f"no medicine consent {consent_id}")
    _consent_reply(state, consent_id)
    if m["status"] != "active":
        raise _Refused(f"{consent_id} is {m['status']}")
    c = state.children[m["child"]]
    _signed_in(state, m["child"])
    if dose_given.replace(" ", "").lower() != m["dose"].replace(" ", "").lower():
        raise _Refused(f"the form says {m['dose']} of {m['medicine']}; give exactly that or ring the parent")
    names = [s["name"].lower() for s in state.staff.values()]
    if witness.strip().lower() not in names or witness.strip().lower() == who["name"].lower():
        raise _Refused("a second member of staff must witness the dose (their full name)")
    for d in state.doses:
        if d["consent"] == consent_id and d["date"] == TODAY:
            raise _Refused(f"{c['first']} had {m['medicine']} at {d['time']}; doses are at least {DOSE_GAP_HOURS} hours "
                           "apart")
    did = f"MG-{_next(state, 'dose'):04d}"
    state.doses.append({"id": did, "consent": consent_id, "date": TODAY, "time": NOW, "by": who["name"],
                        "witness": witness.strip()})
    return f"Dose {did}: {m['dose']} of {m['medicine']} given to {_name(c)} at {NOW} by {who['name']}, witnessed by " \
           f"{witness.strip()}."


@nursery("office", "practitioner", "room_leader")
def withdraw_consent(state: State, token: str, consent_id: str, reason: str) -> str:
    """Withdraw a medicine consent at the parent's request, or when the course has ended early.

    Parameters
    ----------
    token : str
        The session token.
    consent_id : str
        The consent.
    reason : str
        Why.

    Returns
    -------
    str
        A line saying the consent is withdrawn.
    """
    m = state.consents.get(consent_id)
    if m is None:
        raise _Refused(f"no medicine consent {consent_id}")
    _consent_reply(state, consent_id)
    if m["status"] != "active":
        raise _Refused(f"{consent_id} is already {m['status']}")
    if not reason.strip():
        raise _Refused("say why")
    m["status"] = "withdrawn"
    return f"Consent {consent_id} for {m['medicine']} is withdrawn: {reason.strip()}."


# --------------------------------------------------------------------------- funding


@nursery("office")
def verify_code(state: State, token: str, child_id: str, eligibility_code: str, parent_ni: str) -> EligibilityCheck | str:
    """Check a parent's 30-hours eligibility code with the Eligibility Checking Service.

    Parameters
    ----------
    token : str
        The session token (the office).
    child_id : str
        The child the code is for.
    eligibility_code : str
        The code the parent got from their childcare account.
    parent_ni : str
        The parent's National Insurance number.

    Returns
    -------
    EligibilityCheck or str
        The check, with its reference and how long the code is valid.
    """
    c = _child(state, child_id)
    code = eligibility_code.replace(" ", "")
    if not re.fullmatch(r"50\d{9}", code):
        raise _Refused(f"{eligibility_code!r} is not an eligibility code (eleven digits starting 50)")
    ni = parent_ni.replace(" ", "").upper()
    if not re.fullmatch(r"[A-Z]{2}\d{6}[A-D]", ni):
        raise _Refused(f"{parent_ni!r} is not a National Insurance number (two letters, six digits, a letter A-D)")
    hit = state.eligibility.get(code)
    if hit is None or hit[0] != ni:
        raise _Refused(f"the Eligibility Checking Service does not recognise code {code} with that NI number")
    if hit[1] < TERM_START:
        raise _Refused(f"code {code} lapsed on {hit[1]}; the parent must reconfirm it in their childcare account")
    ref = f"ECS-{_next(state, 'check')}"
    state.checks[ref] = {"child": child_id, "code": code, "until": hit[1]}
    return EligibilityCheck(check_ref=ref, child_id=child_id, code=code, result=f"eligible for {TERM}",
                            valid_until=hit[1])


@nursery("office")
def claim_funding(state: State, token: str, child_id: str, scheme: Scheme, hours_per_week: int,
                  check_ref: str | None = None) -> FundingClaim | str:
    """Claim funded hours for a child for the coming summer term, on the parent's declaration.

    Parameters
    ----------
    token : str
        The session token (the office).
    child_id : str
        The child.
    scheme : {"universal_15", "extended_30", "two_year_15"}
        The funding scheme.
    hours_per_week : int
        Funded hours a week claimed.
    check_ref : str, optional
        For the 30 hours, the reference of the eligibility check made for this child.

    Returns
    -------
    FundingClaim or str
        The claim, pending until the headcount is sent.
    """
    c = _child(state, child_id)
    if scheme not in Scheme.__args__:
        raise _Refused(f"{scheme!r} is not a funding scheme")
    if scheme == "two_year_15":
        if not TWO_YEAR_FROM <= c["dob"] <= TWO_YEAR_TO:
            raise _Refused(f"{c['first']} is not in the two-year-old cohort for {TERM}")
    elif c["dob"] > BORN_BY:
        raise _Refused(f"{c['first']} is funded from the term after turning three; for {TERM} a child is born on or "
                       f"before {BORN_BY}")
    cap = 30 if scheme == "extended_30" else 15
    if not 1 <= hours_per_week <= cap:
        raise _Refused(f"{scheme} pays up to {cap} hours a week")
    if scheme == "extended_30":
        chk = state.checks.get(check_ref or "")
        if chk is None or chk["child"] != child_id:
            raise _Refused("the 30 hours need a valid eligibility check for this child (check the parent's code first)")
    if not any(g["child"] == child_id and g["pr"] for g in state.guardians.values()):
        raise _Refused(f"no parent with parental responsibility is on {c['first']}'s record to sign the declaration")
    for fid, f in state.claims.items():
        if f["child"] == child_id and f["term"] == TERM:
            raise _Refused(f"{c['first']} already has claim {fid} for {TERM}")
    fid = f"FC-{_next(state, 'claim'):04d}"
    state.claims[fid] = {"child": child_id, "term": TERM, "scheme": scheme, "hours": hours_per_week,
                         "check": check_ref if scheme == "extended_30" else None, "status": "pending"}
    return _claim_reply(state, fid)


@nursery()
def funding_claims(state: State, token: str, term: Term | None = None,
                   status: Literal["pending", "submitted"] | None = None) -> list[FundingClaim] | str:
    """The funding claims, by term.

    Parameters
    ----------
    token : str
        The session token.
    term : {"spring_2031", "summer_2031"}, optional
        Only one term's claims.
    status : {"pending", "submitted"}, optional
        Only claims not yet sent, or sent.

    Returns
    -------
    list of FundingClaim or str
        One row per claim.
    """
    return [_claim_reply(state, fid) for fid, f in sorted(state.claims.items())
            if (term is None or f["term"] == term) and (status is None or f["status"] == status)]


@nursery("manager")
def submit_headcount(state: State, token: str, term: Term) -> str:
    """Send a term's funding headcount to Kettleby County Council with every pending claim.

    Parameters
    ----------
    token : str
        The session token (the manager).
    term : {"spring_2031", "summer_2031"}
        The term.

    Returns
    -------
    str
        A line with the headcount's reference.
    """
    if term in state.headcounts:
        raise _Refused(f"the {term} headcount was sent on {state.headcounts[term]}")
    pending = [f for f in state.claims.values() if f["term"] == term and f["status"] == "pending"]
    if not pending:
        raise _Refused(f"there are no claims for {term} to send")
    for f in pending:
        f["status"] = "submitted"
    state.headcounts[term] = TODAY
    ref = f"HC-{_next(state, 'headcount'):03d}"
    return f"Headcount {ref} for {term} sent to Kettleby County Council with {len(pending)} claim(s)."


# --------------------------------------------------------------------------- bookings


@nursery("office")
def book_sessions(state: State, token: str, child_id: str, days: list[str], session: str, start: str) -> Booking | str:
    """Book a child's regular weekly sessions.

    Parameters
    ----------
    token : str
        The session token (the office).
    child_id : str
        The child.
    days : list of str
        The weekdays, as three letters ("Mon", "Wed").
    session : str
        The session's code from the fee list.
    start : str
        The first day of the booking (YYYY-MM-DD).

    Returns
    -------
    Booking or str
        The booking, with its weekly cost.
    """
    c = _child(state, child_id)
    if session not in SESSIONS:
        raise _Refused(f"{session!r} is not a session code (see the fee list)")
    wanted = []
    for d in days:
        d3 = d.strip()[:3].title()
        if d3 not in OPEN_DAYS:
            raise _Refused(f"{d!r}: the nursery is open {', '.join(OPEN_DAYS)}")
        if d3 not in wanted:
            wanted.append(d3)
    first = _date(start, "start")
    if first.isoformat() < max(TODAY, c["start"]) or first.weekday() >= 5:
        raise _Refused(f"a booking starts on a weekday, no earlier than {max(TODAY, c['start'])}")
    existing = [(bid, b) for bid, b in sorted(state.bookings.items()) if b["child"] == child_id and b["status"] == "active"]
    for bid, b in existing:
        clash = [d for d in wanted if d in b["days"]]
        if clash:
            raise _Refused(f"{c['first']} is already booked on {', '.join(clash)} ({bid})")
    if len(wanted) + sum(len(b["days"]) for _, b in existing) < 2:
        raise _Refused("a place is at least two sessions a week")
    for d in wanted:
        day = first + datetime.timedelta(days=(OPEN_DAYS.index(d) - first.weekday()) % 7)
        if _room_count(state, c["room"], day.isoformat()) >= ROOMS[c["room"]][4]:
            raise _Refused(f"the {ROOMS[c['room']][0]} is full on {d}s")
    bid = f"BK-{_next(state, 'booking'):04d}"
    state.bookings[bid] = {"child": child_id, "days": wanted, "session": session, "start": first.isoformat(),
                           "status": "active"}
    return _booking_reply(state, bid)


@nursery("office")
def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> str:
    """Cancel a weekly booking.

    Parameters
    ----------
    token : str
        The session token (the office).
    booking_id : str
        The booking.
    reason : str
        Why.

    Returns
    -------
    str
        A line saying the booking is cancelled.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        raise _Refused(f"no booking {booking_id}")
    if b["status"] != "active":
        raise _Refused(f"{booking_id} is already {b['status']}")
    if not reason.strip():
        raise _Refused("say why")
    b["status"] = "cancelled"
    return f"Booking {booking_id} ({', '.join(b['days'])}, {SESSIONS[b['session']][0].lower()}) cancelled: {reason.strip()}."


@nursery("office")
def extra_session(state: State, token: str, child_id: str, date: str, session: str) -> ExtraSession | str:
    """Book a child an extra session on one day, charged on the month's invoice.

    Parameters
    ----------
    token : str
        The session token (the office).
    child_id : str
        The child.
    date : str
        The day (YYYY-MM-DD).
    session : str
        The session's code from the fee list.

    Returns
    -------
    ExtraSession or str
        The extra session and its price.
    """
    c = _child(state, child_id)
    if session not in SESSIONS:
        raise _Refused(f"{session!r} is not a session code (see the fee list)")
    day = _date(date)
    if day.isoformat() < TODAY or day.weekday() >= 5:
        raise _Refused("extra sessions are on weekdays from today on")
    if day.isoformat() < c["start"]:
        raise _Refused(f"{c['first']} starts on {c['start']}")
    already = _booked_on(state, child_id, day.isoformat())
    if already:
        raise _Refused(f"{c['first']} is already booked on {day.isoformat()} ({already})")
    if _room_count(state, c["room"], day.isoformat()) >= ROOMS[c["room"]][4]:
        raise _Refused(f"the {ROOMS[c['room']][0]} is full on {day.isoformat()}")
    xid = f"EX-{_next(state, 'extra'):04d}"
    state.extras[xid] = {"child": child_id, "date": day.isoformat(), "session": session}
    return ExtraSession(extra_id=xid, child_id=child_id, date=day.isoformat(), session=session,
                        price=SESSIONS[session][4])


# --------------------------------------------------------------------------- the day


@nursery()
def register(state: State, token: str, room: str | None = None) -> list[RegisterRow] | str:
    """Today's register: the children booked in, and who has arrived, left or is away.

    Parameters
    ----------
    token : str
        The session token.
    room : str, optional
        Only one room (its code).

    Returns
    -------
    list of RegisterRow or str
        One row per child booked today.
    """
    if room is not None:
        _room(room)
    rows = []
    for cid, c in sorted(state.children.items()):
        s = _booked_on(state, cid, TODAY)
        if s is None or (room is not None and c["room"] != room):
            continue
        a = state.attendance.get(cid, {})
        status = "absent" if a.get("absent") else "left" if a.get("left") else "in" if a.get("arrived") else "expected"
        rows.append(RegisterRow(child_id=cid, name=_name(c), room=c["room"], session=s, status=status,
                                arrived=a.get("arrived"), left=a.get("left"),
                                allergies=[x["allergen"] for x in state.allergies.values() if x["child"] == cid]))
    return rows


@nursery("practitioner", "room_leader")
def sign_in_child(state: State, token: str, child_id: str, dropped_off_by: str) -> str:
    """Sign a child in on arrival.

    Parameters
    ----------
    token : str
        The session token (room staff).
    child_id : str
        The child.
    dropped_off_by : str
        Who brought them.

    Returns
    -------
    str
        A line with the attendance number and the time.
    """
    c = _child(state, child_id)
    if _booked_on(state, child_id, TODAY) is None:
        raise _Refused(f"{_name(c)} is not booked in today; book an extra session first")
    a = state.attendance.get(child_id, {})
    if a.get("absent"):
        raise _Refused(f"{_name(c)} is marked absent today ({a['absent']})")
    if a.get("arrived"):
        raise _Refused(f"{_name(c)} was signed in at {a['arrived']}")
    if not dropped_off_by.strip():
        raise _Refused("say who brought them")
    aid = f"AT-{_next(state, 'attendance')}"
    state.attendance[child_id] = {"id": aid, "arrived": NOW, "by": dropped_off_by.strip(), "left": None}
    return f"{_name(c)} signed in at {NOW} by {dropped_off_by.strip()} (attendance {aid})."


@nursery("practitioner", "room_leader")
def sign_out_child(state: State, token: str, child_id: str, collected_by: str, password: str | None = None) -> str:
    """Sign a child out to the person collecting them: a parent or carer on their record, or an authorised
    collector who gives the collection password.

    Parameters
    ----------
    token : str
        The session token (room staff).
    child_id : str
        The child.
    collected_by : str
        Who is collecting them.
    password : str, optional
        The collection password the collector gave.

    Returns
    -------
    str
        A line saying who collected the child.
    """
    c = _child(state, child_id)
    a = _signed_in(state, child_id)
    person = collected_by.strip().lower()
    if any(g["child"] == child_id and g["name"].lower() == person for g in state.guardians.values()):
        pass
    else:
        k = next((k for k in state.collectors.values() if k["child"] == child_id and k["status"] == "active"
                  and k["name"].lower() == person), None)
        if k is None:
            raise _Refused(f"{collected_by.strip()} is not on {c['first']}'s list of people who may collect; do not "
                           "hand the child over, ring a parent")
        if (password or "").strip().lower() != k["password"].lower():
            raise _Refused(f"ask {k['name']} for the collection password; do not hand the child over without it")
    a["left"] = NOW
    a["collected_by"] = collected_by.strip()
    return f"{_name(c)} signed out at {NOW} to {collected_by.strip()} (attendance {a['id']})."


@nursery("office", "practitioner", "room_leader")
def record_absence(state: State, token: str, child_id: str, reason: AbsenceReason, note: str) -> str:
    """Mark a child booked in today as absent.

    Parameters
    ----------
    token : str
        The session token.
    child_id : str
        The child.
    reason : {"illness", "holiday", "family", "other"}
        Why they are away.
    note : str
        What the parent said.

    Returns
    -------
    str
        A line with the absence's number.
    """
    c = _child(state, child_id)
    if _booked_on(state, child_id, TODAY) is None:
        raise _Refused(f"{_name(c)} is not booked in today")
    a = state.attendance.get(child_id, {})
    if a.get("arrived"):
        raise _Refused(f"{_name(c)} is here: signed in at {a['arrived']}")
    if a.get("absent"):
        raise _Refused(f"{_name(c)} is already marked absent ({a['absent']})")
    ab = f"AB-{_next(state, 'absence')}"
    state.attendance[child_id] = {"id": ab, "arrived": None, "left": None, "absent": reason, "note": note.strip()}
    return f"{_name(c)} marked absent today ({reason}), absence {ab}."


@nursery("practitioner", "room_leader")
def diary_entry(state: State, token: str, child_id: str, kind: DiaryKind, note: str) -> str:
    """Add an entry to a child's day diary, which parents see on the app.

    Parameters
    ----------
    token : str
        The session token (room staff).
    child_id : str
        The child.
    kind : {"meal", "sleep", "nappy", "activity", "milestone"}
        What the entry is about.
    note : str
        The entry.

    Returns
    -------
    str
        A line with the diary entry's number.
    """
    c = _child(state, child_id)
    _signed_in(state, child_id)
    if not note.strip():
        raise _Refused("the entry is empty")
    did = f"DE-{_next(state, 'diary')}"
    state.diary.append({"id": did, "child": child_id, "kind": kind, "note": note.strip(), "by": _who(state, token)["name"]})
    return f"Diary {did} added for {c['first']} ({kind})."


@nursery("practitioner", "room_leader")
def log_accident(state: State, token: str, child_id: str, what_happened: str, injury: str, first_aid: str,
                 first_aider: str) -> Accident | str:
    """Record an accident to a child at nursery today, for the parent to sign at collection.

    Parameters
    ----------
    token : str
        The session token (room staff).
    child_id : str
        The child.
    what_happened : str
        What happened, where.
    injury : str
        The injury.
    first_aid : str
        The first aid given.
    first_aider : str
        Who gave it.

    Returns
    -------
    Accident or str
        The accident form.
    """
    c = _child(state, child_id)
    _signed_in(state, child_id)
    if not what_happened.strip() or not first_aider.strip():
        raise _Refused("say what happened and who gave first aid")
    aid = f"AR-{_next(state, 'accident'):04d}"
    state.accidents[aid] = {"child": child_id, "date": TODAY, "what": what_happened.strip(), "injury": injury.strip(),
                            "first_aid": first_aid.strip(), "first_aider": first_aider.strip(), "signed": None}
    return Accident(accident_id=aid, child_id=child_id, child=_name(c), date=TODAY, what_happened=what_happened.strip(),
                    injury=injury.strip(), first_aid=first_aid.strip(), first_aider=first_aider.strip(),
                    parent_signature=None)


@nursery()
def accidents(state: State, token: str, unsigned_only: bool = False, date: str | None = None) -> list[Accident] | str:
    """The accident forms, newest last.

    Parameters
    ----------
    token : str
        The session token.
    unsigned_only : bool
        Only forms a parent has not yet signed.
    date : str, optional
        Only one day's accidents.

    Returns
    -------
    list of Accident or str
        One row per accident.
    """
    return [Accident(accident_id=aid, child_id=a["child"], child=_name(state.children[a["child"]]), date=a["date"],
                     what_happened=a["what"], injury=a["injury"], first_aid=a["first_aid"],
                     first_aider=a["first_aider"], parent_signature=a["signed"])
            for aid, a in sorted(state.accidents.items())
            if (not unsigned_only or a["signed"] is None) and (date is None or a["date"] == date)]


@nursery("practitioner", "room_leader", "office")
def parent_signature(state: State, token: str, accident_id: str, signed_by: str) -> str:
    """Record that a parent or carer has read and signed an accident form.

    Parameters
    ----------
    token : str
        The session token.
    accident_id : str
        The accident form.
    signed_by : str
        The parent or carer who signed.

    Returns
    -------
    str
        A line saying the form is signed.
    """
    a = state.accidents.get(accident_id)
    if a is None:
        raise _Refused(f"no accident form {accident_id}")
    if a["signed"]:
        raise _Refused(f"{accident_id} was signed by {a['signed']}")
    if not any(g["child"] == a["child"] and g["name"].lower() == signed_by.strip().lower()
               for g in state.guardians.values()):
        raise _Refused(f"{signed_by.strip()} is not a parent or carer on {state.children[a['child']]['first']}'s record")
    a["signed"] = signed_by.strip()
    return f"Accident form {accident_id} signed by {signed_by.strip()}."


# --------------------------------------------------------------------------- staff


@nursery()
def staff_on_duty(state: State, token: str, room: str | None = None) -> list[StaffRow] | str:
    """The staff, with their rooms and how many key children each has.

    Parameters
    ----------
    token : str
        The session token.
    room : str, optional
        Only one room's staff (its code).

    Returns
    -------
    list of StaffRow or str
        One row per member of staff.
    """
    if room is not None:
        _room(room)
    return [StaffRow(staff_id=sid, name=s["name"], role=s["role"], room=s["room"],
                     key_children=sum(1 for c in state.children.values() if c["key"] == sid))
            for sid, s in sorted(state.staff.items()) if room is None or s["room"] == room]


@nursery("room_leader")
def assign_key_person(state: State, token: str, child_id: str, staff_id: str) -> Child | str:
    """Give a child a key person from the staff of their room.

    Parameters
    ----------
    token : str
        The session token (a room leader).
    child_id : str
        The child.
    staff_id : str
        The member of staff.

    Returns
    -------
    Child or str
        The child with their key person.
    """
    c = _child(state, child_id)
    s = state.staff.get(staff_id)
    if s is None:
        raise _Refused(f"no member of staff {staff_id}")
    if c["key"] == staff_id:
        raise _Refused(f"{s['name']} is already {c['first']}'s key person")
    if s["room"] != c["room"]:
        raise _Refused(f"{s['name']} does not work in the {ROOMS[c['room']][0]}; a key person works in the child's room")
    if sum(1 for x in state.children.values() if x["key"] == staff_id) >= KEY_CHILDREN:
        raise _Refused(f"{s['name']} already has {KEY_CHILDREN} key children")
    c["key"] = staff_id
    return _child_reply(state, child_id)


# --------------------------------------------------------------------------- invoices


@nursery("office")
def raise_invoice(state: State, token: str, child_id: str, month: str) -> Invoice | str:
    """Raise a child's invoice for a month: the booked and extra sessions, less funded hours, to the bill payer.

    Parameters
    ----------
    token : str
        The session token (the office).
    child_id : str
        The child.
    month : str
        The month (YYYY-MM).

    Returns
    -------
    Invoice or str
        The invoice with its lines.
    """
    c = _child(state, child_id)
    if not re.fullmatch(r"20\d\d-(0[1-9]|1[0-2])", month):
        raise _Refused(f"{month!r} is not a month (YYYY-MM)")
    if month not in (TODAY[:7], "2031-04"):
        raise _Refused("invoices are raised for this month or next")
    for iid, inv in state.invoices.items():
        if inv["child"] == child_id and inv["month"] == month and inv["status"] != "void":
            raise _Refused(f"{c['first']} already has {iid} for {month}; void it to raise it again")
    if not any(g["child"] == child_id and g["payer"] for g in state.guardians.values()):
        raise _Refused(f"nobody on {c['first']}'s record is the bill payer")
    counts = {}
    for day in _month_days(month):
        s = None
        wd = datetime.date.fromisoformat(day).weekday()
        if wd < 5:
            for b in state.bookings.values():
                if b["child"] == child_id and b["status"] == "active" and b["start"] <= day \
                        and OPEN_DAYS[wd] in b["days"] and day >= c["start"]:
                    s = b["session"]
        if s:
            counts[s] = counts.get(s, 0) + 1
    lines = [[f"{SESSIONS[s][0]} sessions", n, SESSIONS[s][4]] for s, n in sorted(counts.items())]
    for x in state.extras.values():
        if x["child"] == child_id and x["date"].startswith(month):
            lines.append([f"Extra {SESSIONS[x['session']][0].lower()} on {x['date']}", 1, SESSIONS[x["session"]][4]])
    if not lines:
        raise _Refused(f"{c['first']} has no sessions booked in {month}")
    term = "spring_2031" if month <= "2031-03" else "summer_2031"
    credit = sum(f["hours"] * 4 * FUNDED_RATE for f in state.claims.values() if f["child"] == child_id
                 and f["term"] == term)
    iid = f"INV-{child_id[3:]}-{month[5:]}"
    if iid in state.invoices:
        iid = f"{iid}R{sum(1 for k in state.invoices if k.startswith(iid))}"
    state.invoices[iid] = {"child": child_id, "month": month, "lines": lines, "credit": _money(credit), "paid": 0.0,
                           "status": "issued"}
    return _invoice_reply(state, iid)


@nursery()
def invoices(state: State, token: str, status: InvoiceStatus | None = None, child_id: str | None = None) -> list[InvoiceRow] | str:
    """The invoices raised, by number.

    Parameters
    ----------
    token : str
        The session token.
    status : {"issued", "paid", "void"}, optional
        Only invoices in this status.
    child_id : str, optional
        Only one child's invoices.

    Returns
    -------
    list of InvoiceRow or str
        One row per invoice.
    """
    if status is not None and status not in InvoiceStatus.__args__:
        raise _Refused(f"{status!r} is not an invoice status")
    return [_invoice_row(state, iid) for iid, inv in sorted(state.invoices.items())
            if (status is None or inv["status"] == status) and (child_id is None or inv["child"] == child_id)]


@nursery("office")
def record_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod,
                   reference: str | None = None) -> Payment | str:
    """Record a payment against an invoice.

    Parameters
    ----------
    token : str
        The session token (the office).
    invoice_id : str
        The invoice.
    amount : float
        The amount paid.
    method : {"bank_transfer", "card", "tax_free_childcare", "childcare_vouchers"}
        How it was paid.
    reference : str, optional
        The payment's reference.

    Returns
    -------
    Payment or str
        The receipt and what is left to pay.
    """
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise _Refused(f"no invoice {invoice_id}")
    if inv["status"] != "issued":
        raise _Refused(f"{invoice_id} is {inv['status']}")
    balance = _invoice_row(state, invoice_id).balance
    if amount <= 0 or amount > balance + 1e-9:
        raise _Refused(f"{invoice_id} has {balance:.2f} to pay")
    if method == "tax_free_childcare" and not re.fullmatch(r"TFC\d{8}", (reference or "").replace(" ", "").upper()):
        raise _Refused("a Tax-Free Childcare payment carries its reference (TFC and eight digits)")
    inv["paid"] = _money(inv["paid"] + amount)
    if _invoice_row(state, invoice_id).balance <= 0:
        inv["status"] = "paid"
    rid = f"RC-{_next(state, 'receipt')}"
    state.payments.append({"id": rid, "invoice": invoice_id, "amount": amount, "method": method, "reference": reference})
    return Payment(receipt_id=rid, invoice_id=invoice_id, amount=amount, method=method, reference=reference,
                   balance=_invoice_row(state, invoice_id).balance)


@nursery("office")
def void_invoice(state: State, token: str, invoice_id: str, reason: str) -> str:
    """Void an invoice raised in error (before anything is paid on it).

    Parameters
    ----------
    token : str
        The session token (the office).
    invoice_id : str
        The invoice.
    reason : str
        Why.

    Returns
    -------
    str
        A line saying the invoice is void.
    """
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise _Refused(f"no invoice {invoice_id}")
    if inv["status"] == "void":
        raise _Refused(f"{invoice_id} is already void")
    if inv["paid"] > 0:
        raise _Refused(f"{inv['paid']:.2f} has been paid on {invoice_id}; it cannot be voided")
    if not reason.strip():
        raise _Refused("say why")
    inv["status"] = "void"
    return f"Invoice {invoice_id} is void: {reason.strip()}."


# --------------------------------------------------------------------------- parents' app and messages


@nursery("office")
def invite_to_app(state: State, token: str, guardian_id: str) -> str:
    """Invite a parent or carer to the nursery app (day diary, photos, messages) by e-mail.

    Parameters
    ----------
    token : str
        The session token (the office).
    guardian_id : str
        The parent or carer.

    Returns
    -------
    str
        A line with the invitation's code.
    """
    g = _guardian(state, guardian_id)
    if g["app"]:
        raise _Refused(f"{g['name']} is already on the app")
    if not g["email"]:
        raise _Refused(f"{g['name']} has no e-mail address on file; the invitation goes by e-mail")
    g["app"] = True
    code = f"BW-{_next(state, 'invite')}"
    return f"Invitation {code} sent to {g['email']}; {g['name']} is now on the app."


@nursery("office", "room_leader")
def message_guardian(state: State, token: str, guardian_id: str, channel: Channel, text: str) -> str:
    """Send a parent or carer a message on the app, by e-mail or by text.

    Parameters
    ----------
    token : str
        The session token.
    guardian_id : str
        The parent or carer.
    channel : {"app", "email", "sms"}
        How to send it.
    text : str
        The message.

    Returns
    -------
    str
        A line with the message's number.
    """
    g = _guardian(state, guardian_id)
    if not text.strip():
        raise _Refused("the message is empty")
    if channel == "app" and not g["app"]:
        raise _Refused(f"{g['name']} is not on the app; invite them first, or send an e-mail or a text")
    if channel == "email" and not g["email"]:
        raise _Refused(f"{g['name']} has no e-mail address on file")
    if channel == "sms" and not g["phone"].replace(" ", "").startswith("07"):
        raise _Refused(f"{g['phone']} is not a mobile")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "guardian": guardian_id, "channel": channel, "text": text.strip()})
    return f"Message {mid} sent to {g['name']} by {channel}."


# --------------------------------------------------------------------------- leaving


@nursery("office")
def give_notice(state: State, token: str, child_id: str, leaving_date: str, reason: str) -> Notice | str:
    """Record a parent's notice that their child is leaving.

    Parameters
    ----------
    token : str
        The session token (the office).
    child_id : str
        The child.
    leaving_date : str
        The child's last day (YYYY-MM-DD).
    reason : str
        Why they are leaving.

    Returns
    -------
    Notice or str
        The notice, with the last month to be invoiced.
    """
    c = _child(state, child_id)
    if c["leaving"] is not None:
        raise _Refused(f"{c['first']} is already leaving on {c['leaving'][0]}")
    last = _date(leaving_date, "leaving_date")
    if last.weekday() >= 5:
        raise _Refused("the last day is a weekday")
    if last < _today() + datetime.timedelta(days=NOTICE_DAYS):
        raise _Refused(f"we need {NOTICE_DAYS} days' notice; the earliest last day is "
                       f"{(_today() + datetime.timedelta(days=NOTICE_DAYS)).isoformat()}")
    c["leaving"] = [last.isoformat(), reason.strip(), TODAY]
    return Notice(child_id=child_id, child=_name(c), leaving_date=last.isoformat(), reason=reason.strip(),
                  given_on=TODAY, last_invoice=last.isoformat()[:7])


@nursery("office")
def withdraw_notice(state: State, token: str, child_id: str) -> str:
    """Withdraw a child's notice: they are staying.

    Parameters
    ----------
    token : str
        The session token (the office).
    child_id : str
        The child.

    Returns
    -------
    str
        A line saying the child is staying.
    """
    c = _child(state, child_id)
    if c["leaving"] is None:
        raise _Refused(f"{c['first']} has no notice to withdraw")
    c["leaving"] = None
    return f"{_name(c)}'s notice is withdrawn; {c['first']} is staying."


TOOLS = [
    sign_in, sign_out, fee_list, room_list, find_child, register_child, child_record, move_room, add_guardian,
    update_guardian, add_collector, remove_collector, add_allergy, record_consent, give_medicine, withdraw_consent,
    verify_code, claim_funding, funding_claims, submit_headcount, book_sessions, cancel_booking, extra_session,
    register, sign_in_child, sign_out_child, record_absence, diary_entry, log_accident, accidents, parent_signature,
    staff_on_duty, assign_key_person, raise_invoice, invoices, record_payment, void_invoice, invite_to_app,
    message_guardian, give_notice, withdraw_notice,
]

FIXTURES = {
    "nursery": {"name": "Bramblewood Day Nursery, 4 Station Road, Kettleby",
                "today": "Monday 3 March, eight o'clock; the doors opened at half past seven"},
    "staff": [
        {"name": "Ffion Lloyd", "role": "nursery administrator (office)", "username": "ffion.l",
         "password": "Crayon-Box-17"},
        {"name": "Kemi Adebayo", "role": "practitioner, Beech Room", "username": "kemi.a", "password": "Sandpit-Sun-8"},
        {"name": "Dan Whitlock", "role": "room leader, Oak Room", "username": "dan.w", "password": "Oak-Leaf-2029"},
        {"name": "Maria Santos", "role": "nursery manager", "username": "maria.s", "password": "Bramble-Gate-5"},
        {"name": "Priya Nair", "role": "room leader, Acorn Room"},
        {"name": "Jordan Clarke", "role": "practitioner, Beech Room"},
        {"name": "Hannah Moss", "role": "practitioner, Oak Room"},
    ],
    "new_family": {
        "child": "Noah Fairweather, born 10 February 2028, starting today",
        "parents": [
            {"name": "Ms Laura Fairweather", "relationship": "mother", "mobile": "07700 920451",
             "email": "laura.fairweather@mail.example", "address": "27 Larch Avenue, Kettleby KT3 5LA",
             "pays": "yes", "parental_responsibility": "yes"},
            {"name": "Mr Tom Fairweather", "relationship": "father", "mobile": "07700 920452",
             "email": "tom.fairweather@work.example", "parental_responsibility": "yes"},
        ],
        "sessions": "full days on Mondays, Wednesdays and Thursdays",
        "collector": {"name": "Mrs Jean Pike", "relationship": "grandmother (Laura's mother)",
                      "password": "Bluebell", "age": "over 16"},
        "allergy": "peanuts: swelling and wheeze; adrenaline auto-injector in his bag",
        "thirty_hours": {"code": "50034127785", "parent_ni": "QQ 12 34 56 C",
                         "note": "Laura's code, for the summer term"},
        "medicine": "Amoxicillin, 5 ml at lunchtime, for an ear infection, until Sunday 9 March; Laura signed the form",
    },
    "office_notes": [
        "Kelly Cole (Maisie) has her 30-hours code now: 50091734452, NI QQ 65 43 21 A",
        "Kelly Cole has an e-mail address at last: kelly.cole@mail.example",
        "Maisie's dad, Mr Dean Cole, 07700 920603, wants adding to her record; he has parental responsibility",
        "Mrs Hughes authorises her sister-in-law, Mrs Bethan Hughes, to collect Amelia; the password is Snowdon",
        "Freya Lindqvist says Oscar reacts to sesame: an itchy rash; antihistamine with her consent",
        "Mr Hussain dropped off a form for Nurofen for infants, 2.5 ml, for Zainab's teeth, until next Monday",
        "Freddie Osei is three; time he went up to the Beech Room, with Jordan as his key person",
        "Mr Osei wants Fridays added for Freddie, full days",
        "Amelia Hughes: Mrs Hughes wants her in on Wednesday too this week, a full day",
        "Oscar Lindqvist is off with a temperature; Freya rang at 7.45",
        "Maisie's March invoice was raised with Tuesdays on it by mistake",
        "Leo Marsh-Taylor's family are not moving after all",
        "Mrs Hughes says Glyn is not to collect Amelia any more",
    ],
}

_TOKEN = "auth: session token (token of sign_in's Session)"
PUBLIC = ("sign_in", "fee_list", "room_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CHILD_CONSUMERS = ["child_record", "move_room", "add_guardian", "add_collector", "add_allergy", "record_consent",
                   "verify_code", "claim_funding", "book_sessions", "extra_session", "sign_in_child", "record_absence",
                   "log_accident", "raise_invoice", "give_notice", "assign_key_person"]
GUARDIAN_CONSUMERS = ["update_guardian", "add_collector", "record_consent", "invite_to_app", "message_guardian"]
_CHILD = "id lookup/create: child number (child_id of register_child, or of a find_child row)"
_GUARDIAN = ("id lookup/create: parent or carer (guardian_id of add_guardian, or of child_record's guardians)")

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_child|find_child", c, _CHILD) for c in CHILD_CONSUMERS]
    + [("add_guardian|child_record", c, _GUARDIAN) for c in GUARDIAN_CONSUMERS]
    + [
        ("add_collector|child_record", "remove_collector",
         "id lookup/create: authorised collector (collector_id of add_collector, or of child_record's collectors)"),
        ("record_consent|child_record", "give_medicine",
         "id lookup/create: medicine consent (consent_id of record_consent, or of child_record's consents)"),
        ("record_consent|child_record", "withdraw_consent",
         "id lookup/create: medicine consent (consent_id of record_consent, or of child_record's consents)"),
        ("log_accident|accidents", "parent_signature",
         "id lookup/create: accident form (accident_id of log_accident, or of an accidents row)"),
        ("book_sessions|child_record", "cancel_booking",
         "id lookup/create: booking number (booking_id of book_sessions, or of child_record's bookings)"),
        ("raise_invoice|invoices", "record_payment",
         "id lookup/create: invoice number (invoice_id of raise_invoice, or of an invoices row)"),
        ("raise_invoice|invoices", "void_invoice",
         "id lookup/create: invoice number (invoice_id of raise_invoice, or of an invoices row)"),
        ("staff_on_duty", "assign_key_person", "id lookup: member of staff (staff_id of a staff_on_duty row)"),
        ("verify_code", "claim_funding", "id create: eligibility check (check_ref of verify_code, for the 30 hours)"),
        ("room_list", "register_child", "vocabulary: room codes (code of room_list rows)"),
        ("room_list", "move_room", "vocabulary: room codes (code of room_list rows)"),
        ("fee_list", "book_sessions", "vocabulary: session codes (code of fee_list rows)"),
        ("fee_list", "extra_session", "vocabulary: session codes (code of fee_list rows)"),
        ("book_sessions|extra_session", "sign_in_child", "state: the child booked in today"),
        ("sign_in_child", "sign_out_child", "state: the child signed in"),
        ("add_collector", "sign_out_child", "state: the collector authorised"),
        ("sign_in_child", "give_medicine", "state: the child signed in"),
        ("sign_in_child", "diary_entry", "state: the child signed in"),
        ("sign_in_child", "log_accident", "state: the child signed in"),
        ("add_guardian", "claim_funding", "state: a parent with parental responsibility to declare"),
        ("add_guardian", "raise_invoice", "state: a bill payer on the child's record"),
        ("book_sessions", "raise_invoice", "state: sessions booked in the month"),
        ("void_invoice", "raise_invoice", "state: the month's earlier invoice void"),
        ("invite_to_app", "message_guardian", "state: the parent on the app"),
        ("give_notice", "withdraw_notice", "state: notice given"),
        ("claim_funding", "submit_headcount", "state: a claim pending for the term"),
    ]
)

PLAUSIBLE = {
    ("register_child", "find_child"), ("register_child", "sign_out_child"), ("find_child", "sign_out_child"),
    ("register_child", "diary_entry"), ("find_child", "diary_entry"), ("register_child", "withdraw_notice"),
    ("find_child", "withdraw_notice"), ("register_child", "register"), ("find_child", "register"),
    ("register_child", "invoices"), ("find_child", "invoices"), ("room_list", "find_child"), ("room_list", "register"),
    ("room_list", "staff_on_duty"), ("register", "sign_in_child"), ("register", "sign_out_child"),
    ("register", "record_absence"), ("register", "diary_entry"), ("register", "log_accident"),
    ("register", "give_medicine"), ("child_record", "give_notice"), ("child_record", "raise_invoice"),
    ("child_record", "sign_out_child"), ("child_record", "parent_signature"), ("child_record", "book_sessions"),
    ("child_record", "extra_session"), ("child_record", "claim_funding"), ("child_record", "verify_code"),
    ("child_record", "move_room"), ("child_record", "assign_key_person"), ("add_guardian", "child_record"),
    ("add_guardian", "sign_out_child"), ("add_guardian", "parent_signature"), ("add_guardian", "verify_code"),
    ("update_guardian", "invite_to_app"), ("update_guardian", "message_guardian"), ("update_guardian", "raise_invoice"),
    ("update_guardian", "child_record"), ("add_collector", "child_record"), ("remove_collector", "sign_out_child"),
    ("remove_collector", "child_record"), ("add_allergy", "child_record"), ("add_allergy", "register"),
    ("record_consent", "child_record"), ("withdraw_consent", "give_medicine"), ("give_medicine", "withdraw_consent"),
    ("verify_code", "funding_claims"), ("claim_funding", "funding_claims"), ("claim_funding", "raise_invoice"),
    ("claim_funding", "child_record"), ("funding_claims", "submit_headcount"), ("submit_headcount", "funding_claims"),
    ("book_sessions", "child_record"), ("book_sessions", "register"), ("book_sessions", "extra_session"),
    ("book_sessions", "record_absence"), ("extra_session", "register"), ("extra_session", "raise_invoice"),
    ("extra_session", "record_absence"), ("cancel_booking", "book_sessions"), ("cancel_booking", "raise_invoice"),
    ("cancel_booking", "child_record"), ("sign_in_child", "register"), ("sign_out_child", "register"),
    ("record_absence", "register"), ("sign_in_child", "withdraw_consent"), ("log_accident", "accidents"),
    ("parent_signature", "accidents"), ("raise_invoice", "invoices"), ("raise_invoice", "child_record"),
    ("record_payment", "invoices"), ("void_invoice", "invoices"), ("invoices", "raise_invoice"),
    ("invite_to_app", "child_record"), ("move_room", "assign_key_person"), ("move_room", "staff_on_duty"),
    ("move_room", "child_record"), ("assign_key_person", "staff_on_duty"), ("staff_on_duty", "give_medicine"),
    ("give_notice", "child_record"), ("give_notice", "raise_invoice"), ("withdraw_notice", "child_record"),
    ("fee_list", "raise_invoice"), ("fee_list", "record_payment"), ("find_child", "void_invoice"),
    ("find_child", "record_payment"), ("register_child", "record_payment"), ("register_child", "void_invoice"),
    ("find_child", "cancel_booking"), ("find_child", "remove_collector"), ("find_child", "give_medicine"),
    ("find_child", "withdraw_consent"), ("find_child", "update_guardian"), ("find_child", "invite_to_app"),
    ("find_child", "message_guardian"), ("register_child", "update_guardian"), ("register_child", "invite_to_app"),
    ("register_child", "message_guardian"), ("register_child", "cancel_booking"), ("register_child", "give_medicine"),
}
