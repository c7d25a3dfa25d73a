"""Rubble: the office, transport planner, drivers and weighbridge of Carrside Skip Hire, Carr Lane, Brigthorpe (37 calls).

Async functions over an in-memory ``State`` of the firm on Monday 7 June 2032 at 07:00. The office finds and opens
customer accounts (domestic, or trade), keeps their details, reads an account, writes to customers, takes orders
for a skip of a size from the price list to an address (on a driveway, or on the road, which needs the council's
skip permit), reads, reschedules, re-sizes and cancels orders, extends a hire, applies for permits and records the
council's decision, takes payments and refunds them, issues the waste transfer note a trade customer's waste
travels on, and raises the final invoice once the skip has been weighed. The manager puts a trade account on
30-day terms. The transport planner reads the fleet, the drivers and the day's jobs, schedules deliveries and
collections with a lorry and a driver, and cancels a job. Drivers do their lorry's walkaround check before they
drive, take an empty skip from the yard, complete their jobs and report a job they could not do. The weighbridge
weighs a collected skip in against a waste code and records the items that carry a surcharge. The skip price list
and the postcode check are public.

Every tool is an ``async def`` behind the ``endpoint(*roles)`` decorator (``functools.wraps``), which checks the
session and the role and turns the internal ``Problem`` a tool raises into the firm's answer. A refusal is returned
as a JSON:API error document, ``ErrorDocument(errors=[ApiError(status="409", code="permit_not_granted",
title="Conflict", detail="OR-5502 goes on the road and its permit PM-7702 is still with the council",
source={"pointer": "/data/attributes/order_id"})])``, which the runtime converts to a JSON object ``{"errors":
[{"status", "code", "title", "detail", "source"}]}``; none of the runtime's common conventions reads that as a
refusal, so the module declares ``FAILURE`` (``jsonapi_errors``: an object with a non-empty ``errors`` list and no
``data``; it answers the first error's status, code and detail). Replies are pydantic models and lists of them,
with rows nested as lists of lists (an account's orders, an order's jobs, permit and tickets, an invoice's lines);
bare values answer a hire extended (the new end date), a skip re-sized (the new price) and surcharge items
recorded (the surcharge); sentences with an id in them answer a message, an order cancelled, a refund, a job
reported or cancelled and a sign-out. ``from __future__ import annotations``: every annotation is a string the
runtime resolves in this module (PEP 604 ``X | None``, builtin ``list[str]``), with a ``str`` ``Enum`` filter
(``OrderStatus``), a plain ``Enum`` input (``JobKind``), ``Literal`` inputs (customer kind, placement, payment
terms and method, channel, permit decision, the issue a driver reports) and a ``Literal`` filter (permit status).
Plain-prose docstrings. Ids look alike: order ``OR-5510``, job ``JB-8810``, permit ``PM-7710``, payment
``PY-3310``, ticket ``WT-9920``, invoice ``IV-6610``, transfer note ``TN-4410``, message ``MS-1210``; customer
``CU-2210``; lorry ``LR-12``; driver ``DR-5``; skip ``SK-0411``. That a skip on the road is at most 8 yards, no
Sunday deliveries, that a roll-on roll-off goes on a hook loader, that a trade customer's waste needs a transfer
note and a domestic customer's none, that 30-day terms are for trade accounts, that a maxi skip takes light waste
only, the surcharge items (and that asbestos is refused), the longest extension and that a road skip cannot outstay
its permit are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel

TODAY = "2032-06-07"  # a Monday
HIRE_DAYS = 14
EXTRA_DAY = 8.0
MAX_EXTENSION = 28
ROAD_MAX_YARDS = 8


class OrderStatus(str, Enum):
    NEW = "new"
    SCHEDULED = "scheduled"
    ON_HIRE = "on_hire"
    COLLECTED = "collected"
    WEIGHED = "weighed"
    INVOICED = "invoiced"
    CANCELLED = "cancelled"


class JobKind(Enum):
    DELIVER = "deliver"
    COLLECT = "collect"


CustomerKind = Literal["domestic", "trade"]
Placement = Literal["driveway", "road"]
Terms = Literal["prepay", "30_days"]
PayMethod = Literal["card", "cash", "bacs"]
Channel = Literal["sms", "email"]
PermitDecision = Literal["granted", "refused"]
PermitStatus = Literal["applied", "granted", "refused"]
Issue = Literal["no_access", "blocked_by_car", "overloaded", "prohibited_items", "customer_cancelled"]

SIZES = {  # code -> name, cubic yards, price for a 14-day hire, weight allowance in kg
    "MINI-2": ("2 yard mini skip", 2, 140.0, 1000),
    "MIDI-4": ("4 yard midi skip", 4, 190.0, 2000),
    "BLD-6": ("6 yard builders skip", 6, 230.0, 3000),
    "BLD-8": ("8 yard builders skip", 8, 265.0, 4000),
    "MAXI-12": ("12 yard maxi skip", 12, 320.0, 2500),
    "RORO-20": ("20 yard roll-on roll-off container", 20, 480.0, 8000),
}
COUNCILS = {  # postcode district -> council, permit fee
    **{f"BG{n}": ("Brigthorpe Metropolitan Borough Council", 35.0) for n in range(1, 6)},
    **{f"BG{n}": ("North Calder District Council", 48.0) for n in range(6, 10)},
}
WASTE = {  # EWC code -> description, rate per tonne over the allowance, heavy
    "17 09 04": ("Mixed construction and demolition waste", 95.0, True),
    "20 03 01": ("Mixed household waste", 110.0, False),
    "17 01 07": ("Concrete, bricks and tiles", 45.0, True),
    "20 02 01": ("Garden waste", 60.0, False),
    "17 05 04": ("Soil and stones", 40.0, True),
    "17 08 02": ("Plasterboard (gypsum)", 120.0, False),
}
SURCHARGES = {"mattress": 25.0, "tyre": 15.0, "fridge": 45.0, "sofa": 30.0, "tv": 20.0, "gas_bottle": 40.0}


# --------------------------------------------------------------------------- replies


class ApiError(BaseModel):
    status: str
    code: str
    title: str
    detail: str
    source: dict[str, str] | None = None


class ErrorDocument(BaseModel):
    errors: list[ApiError]


class Session(BaseModel):
    token: str
    name: str
    role: str
    driver_id: str | None


class SkipSize(BaseModel):
    code: str
    name: str
    cubic_yards: int
    price: float
    weight_allowance_kg: int


class PostcodeCheck(BaseModel):
    postcode: str
    served: bool
    council: str | None
    permit_fee: float | None


class CustomerRow(BaseModel):
    customer_id: str
    name: str
    company: str | None
    kind: str
    phone: str
    postcode: str


class Customer(BaseModel):
    customer_id: str
    name: str
    company: str | None
    kind: str
    terms: str
    phone: str
    email: str | None
    address: str
    postcode: str


class Account(BaseModel):
    customer: Customer
    orders: list[list[Any]]
    balance: float


class Order(BaseModel):
    order_id: str
    customer_id: str
    size: str
    address: str
    postcode: str
    placement: str
    delivery_date: str
    status: str
    price: float
    hire_ends: str | None


class OrderRow(BaseModel):
    order_id: str
    customer_id: str
    customer: str
    size: str
    placement: str
    delivery_date: str
    status: str
    price: float
    paid: float


class OrderDetail(BaseModel):
    order: Order
    paid: float
    balance: float
    skip_serial: str | None
    jobs: list[list[Any]]
    permit: list[Any] | None
    tickets: list[list[Any]]
    transfer_note: str | None


class OnHireRow(BaseModel):
    order_id: str
    customer: str
    address: str
    size: str
    skip_serial: str
    hire_ends: str
    days_left: int


class Permit(BaseModel):
    permit_id: str
    order_id: str
    council: str
    fee: float
    status: str
    reference: str | None
    valid_from: str | None
    valid_to: str | None


class PermitRow(BaseModel):
    permit_id: str
    order_id: str
    address: str
    status: str
    applied: str


class Lorry(BaseModel):
    lorry_id: str
    registration: str
    body: str
    checked_today: bool
    roadworthy: bool


class DriverRow(BaseModel):
    driver_id: str
    name: str
    licence: str


class WalkaroundCheck(BaseModel):
    lorry_id: str
    date: str
    driver: str
    defects: list[str]
    roadworthy: bool


class SkipRow(BaseModel):
    serial: str
    size: str
    condition: str


class Job(BaseModel):
    job_id: str
    order_id: str
    kind: str
    date: str
    address: str
    lorry_id: str
    driver_id: str
    status: str
    skip_serial: str | None


class JobRow(BaseModel):
    job_id: str
    order_id: str
    kind: str
    date: str
    address: str
    size: str
    lorry_id: str
    driver_id: str
    status: str


class WasteCode(BaseModel):
    code: str
    description: str
    rate_per_tonne: float
    heavy: bool


class Ticket(BaseModel):
    ticket_id: str
    order_id: str
    job_id: str
    gross_kg: int
    tare_kg: int
    net_kg: int
    waste_code: str
    excess_kg: int
    charge: float


class Receipt(BaseModel):
    payment_id: str
    order_id: str
    amount: float
    method: str
    balance: float


class Invoice(BaseModel):
    invoice_id: str
    order_id: str
    lines: list[list[Any]]
    total: float
    paid: float
    balance: float
    due: str


class TransferNote(BaseModel):
    note_id: str
    order_id: str
    waste: str
    signed_by: str
    date: str


def jsonapi_errors(reply: Any) -> bool | str:
    """A reply is a refusal when it is a JSON:API error document: a non-empty ``errors`` list and no ``data``; the
    first error's status, code and detail."""
    if isinstance(reply, ErrorDocument):
        reply = reply.model_dump()
    if isinstance(reply, dict) and "data" not in reply and isinstance(reply.get("errors"), list) and reply["errors"]:
        first = reply["errors"][0]
        if isinstance(first, dict):
            return f"{first.get('status')} {first.get('code')}: {first.get('detail')}"
        return "errors"
    return False


FAILURE = jsonapi_errors


# --------------------------------------------------------------------------- state


class State:
    """Carrside Skip Hire on Monday 7 June 2032 at 07:00."""

    def __init__(self) -> None:
        self.staff = {
            "jo.c": {"name": "Jo Crabtree", "password": "Roll-On-Roll-Off-8", "role": "office", "driver": None},
            "pete.s": {"name": "Pete Sowerby", "password": "Hook-Lift-12", "role": "transport", "driver": None},
            "dazza.m": {"name": "Darren Marsh", "password": "Chain-Lift-6", "role": "driver", "driver": "DR-4"},
            "lee.t": {"name": "Lee Thwaite", "password": "Tailgate-88", "role": "driver", "driver": "DR-5"},
            "mo.a": {"name": "Mo Akhtar", "password": "Gross-Tare-Net-3", "role": "weighbridge", "driver": None},
            "karen.w": {"name": "Karen Walsh", "password": "Carrside-1987", "role": "manager", "driver": None},
        }
        self.tokens: dict[str, dict] = {}

        def customer(name, company, kind, terms, phone, email, address, postcode):
            return {"name": name, "company": company, "kind": kind, "terms": terms, "phone": phone, "email": email,
                    "address": address, "postcode": postcode}

        self.customers = {
            "CU-2201": customer("Mr Neil Haworth", None, "domestic", "prepay", "07700 900221",
                                "neil.haworth@mail.example", "14 Beck Side, Brigthorpe", "BG3 4BS"),
            "CU-2202": customer("Mrs Sandra Kemp", None, "domestic", "prepay", "07700 900222",
                                "sandra.kemp@mail.example", "2 Moor View, Brigthorpe", "BG5 2MV"),
            "CU-2203": customer("Mr Dan Ridley", "Ridley Builders Ltd", "trade", "30_days", "07700 900223",
                                "accounts@ridleybuilders.example", "Unit 3, Foundry Yard, Brigthorpe", "BG1 7FY"),
            "CU-2204": customer("Ms Tasha Greenway", "Greenway Gardens", "trade", "prepay", "07700 900224",
                                "tasha@greenwaygardens.example", "The Nursery, Kiln Road, Brigthorpe", "BG6 1KR"),
            "CU-2205": customer("Mr Imran Sheikh", None, "domestic", "prepay", "07700 900225",
                                "imran.sheikh@mail.example", "8 Ash Grove, Brigthorpe", "BG2 5AG"),
            "CU-2206": customer("Mr Colin Frost", "Oakleaf Property Services", "trade", "30_days", "07700 900226",
                                "colin@oakleafproperty.example", "41 Market Street, Brigthorpe", "BG1 2MS"),
            "CU-2207": customer("Ms Laura Pickles", None, "domestic", "prepay", "07700 900227", None,
                                "19 Tenter Hill, Brigthorpe", "BG4 3TH"),
        }

        def order(cid, size, address, postcode, placement, date, status, hire_ends=None, serial=None):
            fee = COUNCILS[postcode.split()[0]][1] if placement == "road" else 0.0
            return {"customer": cid, "size": size, "address": address, "postcode": postcode, "placement": placement,
                    "delivery_date": date, "status": status, "price": SIZES[size][2] + fee, "extra_days": 0,
                    "hire_ends": hire_ends, "skip": serial, "surcharges": 0.0}

        self.orders = {
            "OR-5501": order("CU-2201", "BLD-6", "14 Beck Side, Brigthorpe", "BG3 4BS", "driveway", "2032-05-28",
                             "on_hire", "2032-06-11", "SK-0612"),
            "OR-5502": order("CU-2202", "MIDI-4", "2 Moor View, Brigthorpe", "BG5 2MV", "road", "2032-06-08", "new"),
            "OR-5503": order("CU-2203", "BLD-8", "Plot 4, Larch Close, Brigthorpe", "BG2 8LC", "driveway",
                             "2032-06-01", "on_hire", "2032-06-15", "SK-0809"),
            "OR-5504": order("CU-2204", "MAXI-12", "The Nursery, Kiln Road, Brigthorpe", "BG6 1KR", "driveway",
                             "2032-06-08", "new"),
            "OR-5505": order("CU-2205", "MINI-2", "8 Ash Grove, Brigthorpe", "BG2 5AG", "driveway", TODAY, "scheduled"),
            "OR-5506": order("CU-2206", "BLD-8", "22 Chapel Street, Brigthorpe", "BG1 4CS", "driveway", "2032-05-24",
                             "collected", "2032-06-07", "SK-0803"),
            "OR-5507": order("CU-2207", "MIDI-4", "19 Tenter Hill, Brigthorpe", "BG4 3TH", "road", "2032-06-09", "new"),
            "OR-5508": order("CU-2203", "RORO-20", "Plot 4, Larch Close, Brigthorpe", "BG2 8LC", "driveway",
                             "2032-06-09", "new"),
        }
        self.payments = {
            "PY-3301": {"order": "OR-5501", "amount": 230.0, "method": "card", "refunded": None},
            "PY-3302": {"order": "OR-5502", "amount": 225.0, "method": "card", "refunded": None},
            "PY-3305": {"order": "OR-5505", "amount": 140.0, "method": "cash", "refunded": None},
        }
        self.permits = {
            "PM-7702": {"order": "OR-5502", "status": "applied", "applied": "2032-06-02", "reference": None,
                        "valid_from": None, "valid_to": None},
        }
        self.lorries = {
            "LR-11": {"registration": "YK19 SKP", "body": "skip_loader"},
            "LR-12": {"registration": "YK20 CHN", "body": "skip_loader"},
            "LR-14": {"registration": "YJ21 HKL", "body": "hook_loader"},
        }
        self.checks = {"LR-12": {"date": TODAY, "driver": "Lee Thwaite", "defects": []}}
        self.drivers = {"DR-4": ("Darren Marsh", "C"), "DR-5": ("Lee Thwaite", "C"), "DR-7": ("Gary Hindle", "C+E")}
        self.skips = {  # serial -> size, where (yard, an order id, or the transfer station), condition
            "SK-0201": ["MINI-2", "yard", "good"], "SK-0203": ["MINI-2", "yard", "good"],
            "SK-0411": ["MIDI-4", "yard", "good"], "SK-0412": ["MIDI-4", "yard", "dented"],
            "SK-0605": ["BLD-6", "yard", "good"], "SK-0607": ["BLD-6", "yard", "good"],
            "SK-0612": ["BLD-6", "OR-5501", "good"], "SK-0801": ["BLD-8", "yard", "good"],
            "SK-0803": ["BLD-8", "station", "good"], "SK-0809": ["BLD-8", "OR-5503", "good"],
            "SK-1201": ["MAXI-12", "yard", "good"], "SK-2001": ["RORO-20", "yard", "good"],
        }
        self.jobs = {
            "JB-8801": {"order": "OR-5505", "kind": "deliver", "date": TODAY, "lorry": "LR-11", "driver": "DR-4",
                        "status": "scheduled", "skip": None, "notes": None},
            "JB-8802": {"order": "OR-5506", "kind": "collect", "date": TODAY, "lorry": "LR-12", "driver": "DR-5",
                        "status": "done", "skip": "SK-0803", "notes": "Collected at 06:40"},
        }
        self.notes = {"TN-4406": {"order": "OR-5506", "waste": "Strip-out from a shop refit", "signed_by": "Colin Frost",
                                  "date": "2032-05-24"}}
        self.tickets: dict[str, dict] = {}
        self.invoices: dict[str, dict] = {}
        self.messages: list[list] = []
        self.counters = {"token": 1, "customer": 2210, "order": 5510, "job": 8810, "permit": 7710, "payment": 3310,
                         "ticket": 9920, "invoice": 6610, "note": 4410, "message": 1210}


# --------------------------------------------------------------------------- the decorator and helpers


class Problem(Exception):
    """A request the firm refuses, answered as a JSON:API error document."""

    TITLES = {"401": "Unauthorized", "403": "Forbidden", "404": "Not Found", "409": "Conflict",
              "422": "Unprocessable Entity"}

    def __init__(self, status: str, code: str, detail: str, field: str | None = None) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail, self.field = status, code, detail, field

    def document(self) -> ErrorDocument:
        source = {"pointer": f"/data/attributes/{self.field}"} if self.field else None
        return ErrorDocument(errors=[ApiError(status=self.status, code=self.code, title=self.TITLES[self.status],
                                              detail=self.detail, source=source)])


def endpoint(*roles: str, public: bool = False):
    """Check the session token and, where roles are given, the role (the manager may do everything), then run the
    tool; a ``Problem`` raised on the way is answered as its error document."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def handler(*args, **kwargs):
            try:
                if not public:
                    bound = sig.bind_partial(*args, **kwargs)
                    state, token = bound.arguments.get("state"), bound.arguments.get("token")
                    who = state.tokens.get(token) if state is not None and isinstance(token, str) else None
                    if who is None:
                        raise Problem("401", "not_signed_in", "not signed in, or the session has ended; sign in first")
                    if roles and who["role"] not in roles and who["role"] != "manager":
                        raise Problem("403", "role_not_allowed", f"{who['name']} ({who['role']}) may not do this; it "
                                                                 f"is for the {' or '.join(roles)}")
                return await fn(*args, **kwargs)
            except Problem as problem:
                return problem.document()

        return handler

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _get(table: dict, key: str, what: str, field: str) -> dict:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise Problem("404", "not_found", f"no {what} {key}", field)
    return row


def _day(text: str, field: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise Problem("422", "invalid_date", f"{text!r} is not a date (YYYY-MM-DD)", field) from None


def _text(value: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise Problem("422", "missing_value", f"{what} is required", what.replace(" ", "_"))
    return value.strip()


def _paid(state: State, oid: str) -> float:
    return round(sum(p["amount"] for p in state.payments.values() if p["order"] == oid and not p["refunded"]), 2)


def _charges(state: State, oid: str) -> float:
    o = state.orders[oid]
    excess = sum(t["charge"] for t in state.tickets.values() if t["order"] == oid)
    return round(o["price"] + o["extra_days"] * EXTRA_DAY + excess + o["surcharges"], 2)


def _customer(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c["name"], company=c["company"], kind=c["kind"], terms=c["terms"],
                    phone=c["phone"], email=c["email"], address=c["address"], postcode=c["postcode"])


def _order(state: State, oid: str) -> Order:
    o = state.orders[oid]
    return Order(order_id=oid, customer_id=o["customer"], size=o["size"], address=o["address"], postcode=o["postcode"],
                 placement=o["placement"], delivery_date=o["delivery_date"], status=o["status"], price=o["price"],
                 hire_ends=o["hire_ends"])


def _permit(state: State, pid: str) -> Permit:
    p = state.permits[pid]
    council, fee = COUNCILS[state.orders[p["order"]]["postcode"].split()[0]]
    return Permit(permit_id=pid, order_id=p["order"], council=council, fee=fee, status=p["status"],
                  reference=p["reference"], valid_from=p["valid_from"], valid_to=p["valid_to"])


def _job(state: State, jid: str) -> Job:
    j = state.jobs[jid]
    return Job(job_id=jid, order_id=j["order"], kind=j["kind"], date=j["date"],
               address=state.orders[j["order"]]["address"], lorry_id=j["lorry"], driver_id=j["driver"],
               status=j["status"], skip_serial=j["skip"])


def _checked(state: State, lid: str) -> dict | None:
    c = state.checks.get(lid)
    return c if c and c["date"] == TODAY else None


def _district(postcode: str) -> str:
    return postcode.strip().upper().split()[0] if isinstance(postcode, str) and postcode.strip() else ""


# --------------------------------------------------------------------------- sign-in and public calls


@endpoint(public=True)
async def sign_in(state: State, username: str, password: str) -> Session | ErrorDocument:
    """Sign in with a user name and password. Answers a session with a token, to be passed to every call but the
    public ones, the person's name and role (office, transport, driver, weighbridge or manager) and, for a driver,
    their driver id."""
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        raise Problem("401", "bad_credentials", "user name or password not recognised", "username")
    token = f"cs-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username, "name": s["name"], "role": s["role"], "driver": s["driver"]}
    return Session(token=token, name=s["name"], role=s["role"], driver_id=s["driver"])


@endpoint()
async def sign_out(state: State, token: str) -> str | ErrorDocument:
    """End a session. Takes the session token and answers a sentence naming who was signed out."""
    who = state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


@endpoint(public=True)
async def skip_sizes(state: State) -> list[SkipSize]:
    """The public price list: each skip size with its code, name, size in cubic yards, the price of a 14-day hire
    and the weight included in the price."""
    return [SkipSize(code=code, name=s[0], cubic_yards=s[1], price=s[2], weight_allowance_kg=s[3])
            for code, s in SIZES.items()]


@endpoint(public=True)
async def check_postcode(state: State, postcode: str) -> PostcodeCheck:
    """Whether the firm delivers to a postcode, and for a skip on the road there, which council issues the permit
    and its fee."""
    district = _district(postcode)
    council = COUNCILS.get(district)
    return PostcodeCheck(postcode=postcode.strip().upper() if isinstance(postcode, str) else "", served=bool(council),
                         council=council[0] if council else None, permit_fee=council[1] if council else None)


# --------------------------------------------------------------------------- customers


@endpoint()
async def find_customer(state: State, token: str, text: str) -> list[CustomerRow] | ErrorDocument:
    """Find customers by part of a name, company, phone number or postcode. Answers one row per match with the
    customer id, name, company, kind (domestic or trade), phone and postcode."""
    needle = _text(text, "text").lower()
    return [CustomerRow(customer_id=cid, name=c["name"], company=c["company"], kind=c["kind"], phone=c["phone"],
                        postcode=c["postcode"])
            for cid, c in sorted(state.customers.items())
            if any(needle in (c[k] or "").lower() for k in ("name", "company", "phone", "postcode"))]


@endpoint("office")
async def open_account(state: State, token: str, name: str, phone: str, address: str, postcode: str,
                       kind: CustomerKind, email: str | None = None, company: str | None = None) -> Customer | ErrorDocument:
    """Open an account for a new customer, domestic or trade (a trade account gives the company). Every account
    starts paying before delivery. Answers the customer with their new customer id."""
    if kind not in ("domestic", "trade"):
        raise Problem("422", "invalid_kind", f"no customer kind {kind!r}", "kind")
    if kind == "trade" and not company:
        raise Problem("422", "company_required", "a trade account gives the company's name", "company")
    name, phone = _text(name, "name"), _text(phone, "phone")
    for cid, c in state.customers.items():
        if c["phone"] == phone:
            raise Problem("409", "duplicate_customer", f"{c['name']} ({cid}) has that phone number already", "phone")
    if _district(postcode) not in COUNCILS:
        raise Problem("422", "postcode_not_served", f"we do not serve {postcode}", "postcode")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name, "company": company.strip() if company else None, "kind": kind,
                            "terms": "prepay", "phone": phone, "email": email.strip() if email else None,
                            "address": _text(address, "address"), "postcode": postcode.strip().upper()}
    return _customer(state, cid)


@endpoint("office")
async def update_customer(state: State, token: str, customer_id: str, phone: str | None = None,
                          email: str | None = None) -> Customer | ErrorDocument:
    """Change a customer's phone number or e-mail address; what is left out stays as it is. Answers the customer as
    changed."""
    c = _get(state.customers, customer_id, "customer", "customer_id")
    new = {k: v.strip() for k, v in (("phone", phone), ("email", email)) if v}
    changed = {k: v for k, v in new.items() if c[k] != v}
    if not changed:
        raise Problem("409", "nothing_to_change", f"nothing to change for {c['name']}; those are the details on file")
    c.update(changed)
    return _customer(state, customer_id)


@endpoint()
async def customer_account(state: State, token: str, customer_id: str) -> Account | ErrorDocument:
    """A customer's account: the customer, their orders as rows of order id, size, address, status and delivery
    date, and the balance they owe across their orders."""
    _get(state.customers, customer_id, "customer", "customer_id")
    rows = [[oid, o["size"], o["address"], o["status"], o["delivery_date"]] for oid, o in sorted(state.orders.items())
            if o["customer"] == customer_id]
    owed = sum(_charges(state, oid) - _paid(state, oid) for oid, o in state.orders.items()
               if o["customer"] == customer_id and o["status"] != "cancelled")
    return Account(customer=_customer(state, customer_id), orders=rows, balance=round(owed, 2))


@endpoint()
async def send_message(state: State, token: str, customer_id: str, channel: Channel, text: str) -> str | ErrorDocument:
    """Send a customer a text message or an e-mail. Answers a sentence with the message's id."""
    c = _get(state.customers, customer_id, "customer", "customer_id")
    if channel not in ("sms", "email"):
        raise Problem("422", "invalid_channel", f"no channel {channel!r}", "channel")
    to = c["phone"] if channel == "sms" else c["email"]
    if not to:
        raise Problem("409", "no_email", f"{c['name']} has no e-mail address on file", "channel")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, channel, _text(text, "text")])
    return f"Message {mid} sent by {channel} to {c['name']} ({to})."


@endpoint("manager")
async def set_account_terms(state: State, token: str, customer_id: str, terms: Terms) -> Customer | ErrorDocument:
    """Set how a customer pays: prepay (before delivery) or 30_days (invoiced, on account). Answers the customer as
    changed."""
    c = _get(state.customers, customer_id, "customer", "customer_id")
    if terms not in ("prepay", "30_days"):
        raise Problem("422", "invalid_terms", f"no terms {terms!r}", "terms")
    if c["terms"] == terms:
        raise Problem("409", "terms_unchanged", f"{c['name']} is on {terms} terms already", "terms")
    if terms == "30_days" and c["kind"] != "trade":
        raise Problem("422", "trade_only", "30-day terms are for trade accounts; a domestic customer pays before "
                                           "delivery", "terms")
    c["terms"] = terms
    return _customer(state, customer_id)


# --------------------------------------------------------------------------- orders


@endpoint("office")
async def place_order(state: State, token: str, customer_id: str, size: str, address: str, postcode: str,
                      placement: Placement, delivery_date: str) -> Order | ErrorDocument:
    """Order a skip of a size from the price list to an address, on a driveway or on the road (a road skip needs
    the council's permit, whose fee is added to the price), for delivery on a day. Answers the order with its id and
    price."""
    _get(state.customers, customer_id, "customer", "customer_id")
    if size not in SIZES:
        raise Problem("422", "invalid_size", f"no skip size {size!r}; order from the price list", "size")
    if placement not in ("driveway", "road"):
        raise Problem("422", "invalid_placement", f"no placement {placement!r}", "placement")
    council = COUNCILS.get(_district(postcode))
    if council is None:
        raise Problem("422", "postcode_not_served", f"we do not deliver to {postcode}", "postcode")
    if placement == "road" and SIZES[size][1] > ROAD_MAX_YARDS:
        raise Problem("422", "too_big_for_road", f"a {SIZES[size][0]} cannot go on the highway; road skips are at "
                                                 f"most {ROAD_MAX_YARDS} yards", "size")
    day = _day(delivery_date, "delivery_date")
    if day < _day(TODAY, "delivery_date"):
        raise Problem("422", "date_in_past", f"{delivery_date} has gone", "delivery_date")
    if day.weekday() == 6:
        raise Problem("422", "no_sunday_delivery", "we do not deliver on Sundays", "delivery_date")
    oid = f"OR-{_next(state, 'order')}"
    state.orders[oid] = {"customer": customer_id, "size": size, "address": _text(address, "address"),
                         "postcode": postcode.strip().upper(), "placement": placement, "delivery_date": delivery_date,
                         "status": "new", "price": SIZES[size][2] + (council[1] if placement == "road" else 0.0),
                         "extra_days": 0, "hire_ends": None, "skip": None, "surcharges": 0.0}
    return _order(state, oid)


@endpoint()
async def orders(state: State, token: str, status: OrderStatus | None = None,
                 customer_id: str | None = None) -> list[OrderRow] | ErrorDocument:
    """Orders, optionally only those in one status (new, scheduled, on_hire, collected, weighed, invoiced or
    cancelled) or for one customer: order id, customer id and name, size, placement, delivery date, status, price
    and what has been paid."""
    want = status.value if isinstance(status, OrderStatus) else status
    if want and want not in [s.value for s in OrderStatus]:
        raise Problem("422", "invalid_status", f"no order status {want!r}", "status")
    return [OrderRow(order_id=oid, customer_id=o["customer"], customer=state.customers[o["customer"]]["name"],
                     size=o["size"], placement=o["placement"], delivery_date=o["delivery_date"], status=o["status"],
                     price=o["price"], paid=_paid(state, oid))
            for oid, o in sorted(state.orders.items())
            if (not want or o["status"] == want) and (not customer_id or o["customer"] == customer_id)]


@endpoint()
async def order_detail(state: State, token: str, order_id: str) -> OrderDetail | ErrorDocument:
    """An order in full: the order, what has been paid and the balance, the skip on it, its jobs as rows of job id,
    kind, date and status, its permit as permit id, status, valid from and valid to, its weighbridge tickets as rows
    of ticket id, net weight and charge, and its transfer note."""
    o = _get(state.orders, order_id, "order", "order_id")
    permit = next(([pid, p["status"], p["valid_from"], p["valid_to"]] for pid, p in sorted(state.permits.items())
                   if p["order"] == order_id), None)
    return OrderDetail(
        order=_order(state, order_id), paid=_paid(state, order_id),
        balance=round(_charges(state, order_id) - _paid(state, order_id), 2), skip_serial=o["skip"],
        jobs=[[jid, j["kind"], j["date"], j["status"]] for jid, j in sorted(state.jobs.items()) if j["order"] == order_id],
        permit=permit,
        tickets=[[tid, t["net"], t["charge"]] for tid, t in sorted(state.tickets.items()) if t["order"] == order_id],
        transfer_note=next((nid for nid, n in sorted(state.notes.items()) if n["order"] == order_id), None))


@endpoint()
async def on_hire(state: State, token: str, overdue_only: bool = False) -> list[OnHireRow] | ErrorDocument:
    """The skips out on hire: order id, customer, address, size, the skip's serial, the day the hire ends and the
    days left (negative when overdue)."""
    out = []
    for oid, o in sorted(state.orders.items()):
        if o["status"] != "on_hire":
            continue
        left = (_day(o["hire_ends"], "hire_ends") - _day(TODAY, "today")).days
        if overdue_only and left >= 0:
            continue
        out.append(OnHireRow(order_id=oid, customer=state.customers[o["customer"]]["name"], address=o["address"],
                             size=o["size"], skip_serial=o["skip"], hire_ends=o["hire_ends"], days_left=left))
    return out


@endpoint("office")
async def reschedule_delivery(state: State, token: str, order_id: str, delivery_date: str) -> Order | ErrorDocument:
    """Move a new order's delivery to another day. Answers the order as changed."""
    o = _get(state.orders, order_id, "order", "order_id")
    if o["status"] != "new":
        raise Problem("409", "not_new", f"{order_id} is {o['status']}; only a delivery not yet scheduled is moved "
                                        "here", "order_id")
    day = _day(delivery_date, "delivery_date")
    if o["delivery_date"] == delivery_date:
        raise Problem("409", "same_date", f"{order_id} is for delivery on {delivery_date} already", "delivery_date")
    if day < _day(TODAY, "delivery_date"):
        raise Problem("422", "date_in_past", f"{delivery_date} has gone", "delivery_date")
    if day.weekday() == 6:
        raise Problem("422", "no_sunday_delivery", "we do not deliver on Sundays", "delivery_date")
    o["delivery_date"] = delivery_date
    return _order(state, order_id)


@endpoint("office")
async def swap_size(state: State, token: str, order_id: str, size: str) -> float | ErrorDocument:
    """Change the skip size on a new order. Answers the order's new price."""
    o = _get(state.orders, order_id, "order", "order_id")
    if size not in SIZES:
        raise Problem("422", "invalid_size", f"no skip size {size!r}; order from the price list", "size")
    if o["status"] != "new":
        raise Problem("409", "not_new", f"{order_id} is {o['status']}; the size is changed before delivery is "
                                        "scheduled", "order_id")
    if o["size"] == size:
        raise Problem("409", "same_size", f"{order_id} is for a {SIZES[size][0]} already", "size")
    if o["placement"] == "road" and SIZES[size][1] > ROAD_MAX_YARDS:
        raise Problem("422", "too_big_for_road", f"a {SIZES[size][0]} cannot go on the highway; road skips are at "
                                                 f"most {ROAD_MAX_YARDS} yards", "size")
    o["price"] = round(o["price"] - SIZES[o["size"]][2] + SIZES[size][2], 2)
    o["size"] = size
    return o["price"]


@endpoint("office")
async def cancel_order(state: State, token: str, order_id: str, reason: str) -> str | ErrorDocument:
    """Cancel an order before its skip is delivered; a scheduled delivery is cancelled with it. Answers a sentence
    with the order's id and what has been paid on it (refund each payment separately)."""
    o = _get(state.orders, order_id, "order", "order_id")
    if o["status"] == "cancelled":
        raise Problem("409", "already_cancelled", f"{order_id} was cancelled already", "order_id")
    if o["status"] not in ("new", "scheduled"):
        raise Problem("409", "delivered", f"{order_id} is {o['status']}; a delivered skip is collected, not "
                                          "cancelled", "order_id")
    reason = _text(reason, "reason")
    for j in state.jobs.values():
        if j["order"] == order_id and j["status"] == "scheduled":
            j["status"] = "cancelled"
    o["status"], o["reason"] = "cancelled", reason
    return f"Order {order_id} cancelled ({reason}); £{_paid(state, order_id):.2f} paid on it to refund."


@endpoint("office")
async def extend_hire(state: State, token: str, order_id: str, days: int) -> str | ErrorDocument:
    """Extend the hire of a skip on site by a number of days, charged by the day. Answers the new day the hire
    ends."""
    o = _get(state.orders, order_id, "order", "order_id")
    if o["status"] != "on_hire":
        raise Problem("409", "not_on_hire", f"{order_id} is {o['status']}; a hire is extended while the skip is on "
                                            "site", "order_id")
    if not isinstance(days, int) or isinstance(days, bool) or days < 1:
        raise Problem("422", "invalid_days", f"{days!r} is not a number of days", "days")
    if days > MAX_EXTENSION:
        raise Problem("422", "extension_too_long", f"a hire is extended by at most {MAX_EXTENSION} days at a time",
                      "days")
    new_end = (_day(o["hire_ends"], "hire_ends") + datetime.timedelta(days=days)).isoformat()
    if o["placement"] == "road":
        permit = next((p for p in state.permits.values() if p["order"] == order_id and p["status"] == "granted"), None)
        if permit is None or permit["valid_to"] < new_end:
            raise Problem("409", "permit_ends", f"the council permit for {order_id} ends on "
                                                f"{permit['valid_to'] if permit else 'its hire end'}; a road skip "
                                                "cannot stay past it", "days")
    o["hire_ends"], o["extra_days"] = new_end, o["extra_days"] + days
    return new_end


# --------------------------------------------------------------------------- permits


@endpoint("office")
async def apply_permit(state: State, token: str, order_id: str) -> Permit | ErrorDocument:
    """Apply to the council for the permit a skip on the road needs. Answers the application with its permit id,
    the council and its fee."""
    o = _get(state.orders, order_id, "order", "order_id")
    if o["placement"] != "road":
        raise Problem("409", "no_permit_needed", f"{order_id} goes on a driveway; only a road skip needs a permit",
                      "order_id")
    if o["status"] not in ("new", "scheduled", "on_hire"):
        raise Problem("409", "order_closed", f"{order_id} is {o['status']}", "order_id")
    for pid, p in state.permits.items():
        if p["order"] == order_id and p["status"] in ("applied", "granted"):
            raise Problem("409", "permit_exists", f"{order_id}'s permit {pid} is {p['status']} already", "order_id")
    pid = f"PM-{_next(state, 'permit')}"
    state.permits[pid] = {"order": order_id, "status": "applied", "applied": TODAY, "reference": None,
                          "valid_from": None, "valid_to": None}
    return _permit(state, pid)


@endpoint("office")
async def record_permit(state: State, token: str, permit_id: str, decision: PermitDecision, reference: str,
                        valid_from: str | None = None, valid_to: str | None = None) -> Permit | ErrorDocument:
    """Record the council's decision on a permit application, with its reference and, for a permit granted, the
    days it is valid from and to. Answers the permit as decided."""
    p = _get(state.permits, permit_id, "permit", "permit_id")
    if p["status"] != "applied":
        raise Problem("409", "already_decided", f"{permit_id} was {p['status']} already", "permit_id")
    if decision not in ("granted", "refused"):
        raise Problem("422", "invalid_decision", f"no decision {decision!r}", "decision")
    if decision == "granted":
        if not valid_from or not valid_to:
            raise Problem("422", "dates_required", "a granted permit has the days it is valid from and to",
                          "valid_from")
        if _day(valid_to, "valid_to") < _day(valid_from, "valid_from"):
            raise Problem("422", "bad_dates", "the permit ends before it starts", "valid_to")
    p.update(status=decision, reference=_text(reference, "reference"),
             valid_from=valid_from if decision == "granted" else None,
             valid_to=valid_to if decision == "granted" else None)
    return _permit(state, permit_id)


@endpoint()
async def permits(state: State, token: str, status: PermitStatus | None = None) -> list[PermitRow] | ErrorDocument:
    """Permit applications, optionally in one status (applied, granted or refused): permit id, order id, address,
    status and the day applied."""
    return [PermitRow(permit_id=pid, order_id=p["order"], address=state.orders[p["order"]]["address"],
                      status=p["status"], applied=p["applied"])
            for pid, p in sorted(state.permits.items()) if not status or p["status"] == status]


# --------------------------------------------------------------------------- transport


@endpoint()
async def fleet(state: State, token: str) -> list[Lorry] | ErrorDocument:
    """The lorries: lorry id, registration, body (skip_loader or hook_loader), whether today's walkaround check is
    done and whether the lorry is roadworthy."""
    out = []
    for lid, lorry in sorted(state.lorries.items()):
        check = _checked(state, lid)
        out.append(Lorry(lorry_id=lid, registration=lorry["registration"], body=lorry["body"],
                         checked_today=check is not None, roadworthy=not (check and check["defects"])))
    return out


@endpoint()
async def drivers(state: State, token: str) -> list[DriverRow] | ErrorDocument:
    """The drivers: driver id, name and licence category."""
    return [DriverRow(driver_id=did, name=d[0], licence=d[1]) for did, d in sorted(state.drivers.items())]


@endpoint("driver")
async def walkaround_check(state: State, token: str, lorry_id: str, defects: list[str]) -> WalkaroundCheck | ErrorDocument:
    """Record the daily walkaround check of a lorry before it is driven, with the defects found (none: an empty
    list). A lorry with a defect is off the road. Answers the check."""
    who = state.tokens[token]
    _get(state.lorries, lorry_id, "lorry", "lorry_id")
    if _checked(state, lorry_id):
        raise Problem("409", "already_checked", f"{lorry_id} was checked today already, by "
                                                f"{state.checks[lorry_id]['driver']}", "lorry_id")
    if not isinstance(defects, list):
        raise Problem("422", "invalid_defects", "list the defects found (an empty list when there are none)",
                      "defects")
    found = [d.strip() for d in defects if isinstance(d, str) and d.strip()]
    state.checks[lorry_id] = {"date": TODAY, "driver": who["name"], "defects": found}
    return WalkaroundCheck(lorry_id=lorry_id, date=TODAY, driver=who["name"], defects=found, roadworthy=not found)


@endpoint()
async def yard_skips(state: State, token: str, size: str | None = None) -> list[SkipRow] | ErrorDocument:
    """The empty skips in the yard, optionally of one size: serial, size and condition."""
    return [SkipRow(serial=serial, size=s[0], condition=s[2]) for serial, s in sorted(state.skips.items())
            if s[1] == "yard" and (not size or s[0] == size)]


@endpoint("transport")
async def schedule_job(state: State, token: str, order_id: str, kind: JobKind, date: str, lorry_id: str,
                       driver_id: str) -> Job | ErrorDocument:
    """Schedule a delivery or a collection of an order's skip on a day, with a lorry and a driver. Answers the job
    with its job id."""
    o = _get(state.orders, order_id, "order", "order_id")
    value = kind.value if isinstance(kind, JobKind) else str(kind)
    if value not in [k.value for k in JobKind]:
        raise Problem("422", "invalid_kind", f"no job kind {value!r}", "kind")
    lorry = _get(state.lorries, lorry_id, "lorry", "lorry_id")
    _get(state.drivers, driver_id, "driver", "driver_id")
    day = _day(date, "date")
    if day < _day(TODAY, "date"):
        raise Problem("422", "date_in_past", f"{date} has gone", "date")
    for jid, j in state.jobs.items():
        if j["order"] == order_id and j["kind"] == value and j["status"] == "scheduled":
            raise Problem("409", "job_exists", f"{order_id} has a {value} scheduled already ({jid} on {j['date']})",
                          "order_id")
    need = "hook_loader" if o["size"] == "RORO-20" else "skip_loader"
    if lorry["body"] != need:
        raise Problem("422", "wrong_lorry", f"a {SIZES[o['size']][0]} goes on a {need.replace('_', ' ')}; "
                                            f"{lorry_id} is a {lorry['body'].replace('_', ' ')}", "lorry_id")
    c = state.customers[o["customer"]]
    if value == "deliver":
        if o["status"] != "new":
            raise Problem("409", "not_new", f"{order_id} is {o['status']}; a delivery is scheduled for a new order",
                          "order_id")
        owed = round(o["price"] - _paid(state, order_id), 2)
        if c["terms"] == "prepay" and owed > 0:
            raise Problem("409", "payment_required", f"{c['name']} pays before delivery and owes £{owed:.2f} on "
                                                     f"{order_id}", "order_id")
        if o["placement"] == "road":
            permit = next(((pid, p) for pid, p in sorted(state.permits.items())
                           if p["order"] == order_id and p["status"] in ("applied", "granted")), None)
            if permit is None:
                raise Problem("409", "permit_required", f"{order_id} goes on the road and has no council permit",
                              "order_id")
            pid, p = permit
            if p["status"] != "granted":
                raise Problem("409", "permit_not_granted", f"{order_id} goes on the road and its permit {pid} is still "
                                                           "with the council", "order_id")
            if not p["valid_from"] <= date <= p["valid_to"]:
                raise Problem("409", "permit_dates", f"{pid} is valid from {p['valid_from']} to {p['valid_to']}, not "
                                                     f"on {date}", "date")
        o["status"] = "scheduled"
    else:
        if o["status"] != "on_hire":
            raise Problem("409", "not_on_hire", f"{order_id} is {o['status']}; a collection is scheduled for a skip on "
                                                "site", "order_id")
        if c["kind"] == "trade" and not any(n["order"] == order_id for n in state.notes.values()):
            raise Problem("409", "transfer_note_required", f"{c['company']}'s waste travels on a waste transfer "
                                                           f"note; issue one for {order_id} first", "order_id")
    jid = f"JB-{_next(state, 'job')}"
    state.jobs[jid] = {"order": order_id, "kind": value, "date": date, "lorry": lorry_id, "driver": driver_id,
                       "status": "scheduled", "skip": None, "notes": None}
    return _job(state, jid)


@endpoint()
async def driver_jobs(state: State, token: str, date: str | None = None) -> list[JobRow] | ErrorDocument:
    """The jobs, optionally on one day; a driver sees their own. Rows of job id, order id, kind, date, address,
    skip size, lorry, driver and status."""
    who = state.tokens[token]
    return [JobRow(job_id=jid, order_id=j["order"], kind=j["kind"], date=j["date"],
                   address=state.orders[j["order"]]["address"], size=state.orders[j["order"]]["size"],
                   lorry_id=j["lorry"], driver_id=j["driver"], status=j["status"])
            for jid, j in sorted(state.jobs.items())
            if (not date or j["date"] == date) and (who["driver"] is None or j["driver"] == who["driver"])]


@endpoint("driver")
async def complete_job(state: State, token: str, job_id: str, skip_serial: str | None = None,
                       notes: str | None = None) -> Job | ErrorDocument:
    """Complete today's delivery (with the serial of the empty skip taken from the yard) or collection. Answers the
    job as done."""
    who = state.tokens[token]
    j = _get(state.jobs, job_id, "job", "job_id")
    if j["status"] != "scheduled":
        raise Problem("409", "not_scheduled", f"{job_id} is {j['status']}", "job_id")
    if who["role"] != "manager" and who["driver"] != j["driver"]:
        raise Problem("403", "not_your_job", f"{job_id} is {state.drivers[j['driver']][0]}'s", "job_id")
    if j["date"] != TODAY:
        raise Problem("409", "not_today", f"{job_id} is for {j['date']}, not today", "job_id")
    check = _checked(state, j["lorry"])
    if check is None:
        raise Problem("409", "walkaround_due", f"{j['lorry']} has not had today's walkaround check; it is not driven "
                                               "before it has", "job_id")
    if check["defects"]:
        raise Problem("409", "lorry_off_road", f"{j['lorry']} is off the road ({', '.join(check['defects'])})",
                      "job_id")
    o = state.orders[j["order"]]
    if j["kind"] == "deliver":
        skip = state.skips.get(skip_serial) if isinstance(skip_serial, str) else None
        if skip is None or skip[1] != "yard":
            raise Problem("422", "skip_not_in_yard", f"no empty skip {skip_serial} in the yard", "skip_serial")
        if skip[0] != o["size"]:
            raise Problem("422", "wrong_skip", f"{skip_serial} is a {skip[0]}; {j['order']} is for a {o['size']}",
                          "skip_serial")
        skip[1], o["skip"], o["status"] = j["order"], skip_serial, "on_hire"
        o["hire_ends"] = (_day(TODAY, "today") + datetime.timedelta(days=HIRE_DAYS)).isoformat()
        j["skip"] = skip_serial
    else:
        if o["status"] != "on_hire":
            raise Problem("409", "not_on_hire", f"{j['order']} is {o['status']}", "job_id")
        state.skips[o["skip"]][1] = "station"
        o["status"], j["skip"] = "collected", o["skip"]
    j["status"], j["notes"] = "done", notes
    return _job(state, job_id)


@endpoint("driver")
async def report_issue(state: State, token: str, job_id: str, issue: Issue, notes: str) -> str | ErrorDocument:
    """Report a job of today's that could not be done, and why (no_access, blocked_by_car, overloaded,
    prohibited_items or customer_cancelled); the office rebooks it. Answers a sentence with the job's id."""
    who = state.tokens[token]
    j = _get(state.jobs, job_id, "job", "job_id")
    if j["status"] != "scheduled":
        raise Problem("409", "not_scheduled", f"{job_id} is {j['status']}", "job_id")
    if who["role"] != "manager" and who["driver"] != j["driver"]:
        raise Problem("403", "not_your_job", f"{job_id} is {state.drivers[j['driver']][0]}'s", "job_id")
    if issue not in ("no_access", "blocked_by_car", "overloaded", "prohibited_items", "customer_cancelled"):
        raise Problem("422", "invalid_issue", f"no issue {issue!r}", "issue")
    j["status"], j["notes"] = "failed", f"{issue}: {_text(notes, 'notes')}"
    o = state.orders[j["order"]]
    if j["kind"] == "deliver":
        o["status"] = "new"
    return f"Job {job_id} ({j['kind']}, {j['order']}) not done: {issue.replace('_', ' ')}; the office will rebook it."


@endpoint("transport")
async def cancel_job(state: State, token: str, job_id: str, reason: str) -> str | ErrorDocument:
    """Cancel a scheduled job; a delivery's order goes back to new. Answers a sentence with the job's id."""
    j = _get(state.jobs, job_id, "job", "job_id")
    if j["status"] != "scheduled":
        raise Problem("409", "not_scheduled", f"{job_id} is {j['status']}; only a scheduled job is cancelled", "job_id")
    j["status"], j["notes"] = "cancelled", _text(reason, "reason")
    if j["kind"] == "deliver":
        state.orders[j["order"]]["status"] = "new"
    return f"Job {job_id} ({j['kind']} of {j['order']} on {j['date']}) cancelled."


# --------------------------------------------------------------------------- the weighbridge


@endpoint()
async def waste_codes(state: State, token: str) -> list[WasteCode] | ErrorDocument:
    """The waste codes the transfer station takes (European Waste Catalogue), with the rate per tonne charged over
    a skip's weight allowance and whether the waste counts as heavy."""
    return [WasteCode(code=code, description=w[0], rate_per_tonne=w[1], heavy=w[2]) for code, w in WASTE.items()]


@endpoint("weighbridge")
async def weigh_in(state: State, token: str, job_id: str, gross_kg: int, tare_kg: int,
                   waste_code: str) -> Ticket | ErrorDocument:
    """Weigh a collected skip in at the weighbridge against its waste code: the lorry's gross and tare weights.
    Weight over the skip's allowance is charged at the code's rate. Answers the weighbridge ticket."""
    j = _get(state.jobs, job_id, "job", "job_id")
    if j["kind"] != "collect":
        raise Problem("409", "not_a_collection", f"{job_id} is a delivery; collections are weighed", "job_id")
    if j["status"] != "done":
        raise Problem("409", "not_collected", f"{job_id} is {j['status']}; the skip has not been collected", "job_id")
    if any(t["job"] == job_id for t in state.tickets.values()):
        raise Problem("409", "already_weighed", f"{job_id} was weighed already", "job_id")
    if waste_code not in WASTE:
        raise Problem("422", "invalid_waste_code", f"no waste code {waste_code!r}", "waste_code")
    for v, f in ((gross_kg, "gross_kg"), (tare_kg, "tare_kg")):
        if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
            raise Problem("422", "invalid_weight", f"{v!r} is not a weight in kg", f)
    if gross_kg <= tare_kg:
        raise Problem("422", "invalid_weight", "the gross weight is more than the tare", "gross_kg")
    o = state.orders[j["order"]]
    if o["size"] == "MAXI-12" and WASTE[waste_code][2]:
        raise Problem("422", "heavy_in_maxi", f"a maxi skip takes light waste only; {waste_code} "
                                              f"({WASTE[waste_code][0].lower()}) is heavy", "waste_code")
    net = gross_kg - tare_kg
    excess = max(0, net - SIZES[o["size"]][3])
    charge = round(excess / 1000 * WASTE[waste_code][1], 2)
    tid = f"WT-{_next(state, 'ticket')}"
    state.tickets[tid] = {"order": j["order"], "job": job_id, "gross": gross_kg, "tare": tare_kg, "net": net,
                          "code": waste_code, "excess": excess, "charge": charge, "items": []}
    o["status"] = "weighed"
    return Ticket(ticket_id=tid, order_id=j["order"], job_id=job_id, gross_kg=gross_kg, tare_kg=tare_kg, net_kg=net,
                  waste_code=waste_code, excess_kg=excess, charge=charge)


@endpoint("weighbridge")
async def record_items(state: State, token: str, ticket_id: str, items: list[str]) -> float | ErrorDocument:
    """Record the items found in a weighed skip that carry a surcharge, one entry per item. Answers the surcharge
    added to the order."""
    t = _get(state.tickets, ticket_id, "ticket", "ticket_id")
    if not isinstance(items, list) or not items:
        raise Problem("422", "no_items", "list the items found", "items")
    o = state.orders[t["order"]]
    if o["status"] == "invoiced":
        raise Problem("409", "invoiced", f"{t['order']} is invoiced already", "ticket_id")
    total = 0.0
    for item in items:
        key = item.strip().lower().replace(" ", "_") if isinstance(item, str) else ""
        if key == "asbestos":
            raise Problem("422", "asbestos_refused", "asbestos is not accepted at the station; quarantine the load "
                                                     "and tell the manager", "items")
        if key not in SURCHARGES:
            raise Problem("422", "not_a_surcharge_item", f"no surcharge for {item!r}; the station charges for "
                                                         f"{', '.join(SURCHARGES)}", "items")
        total += SURCHARGES[key]
    t["items"] += [i.strip().lower() for i in items]
    o["surcharges"] = round(o["surcharges"] + total, 2)
    return round(total, 2)


# --------------------------------------------------------------------------- money and paperwork


@endpoint("office")
async def take_payment(state: State, token: str, order_id: str, amount: float, method: PayMethod) -> Receipt | ErrorDocument:
    """Take a payment on an order. Answers the receipt: its payment id, the amount and the balance left."""
    o = _get(state.orders, order_id, "order", "order_id")
    if o["status"] == "cancelled":
        raise Problem("409", "cancelled", f"{order_id} was cancelled", "order_id")
    if method not in ("card", "cash", "bacs"):
        raise Problem("422", "invalid_method", f"no payment method {method!r}", "method")
    if not isinstance(amount, (int, float)) or isinstance(amount, bool) or amount <= 0:
        raise Problem("422", "invalid_amount", f"{amount!r} is not an amount of money", "amount")
    owed = round(_charges(state, order_id) - _paid(state, order_id), 2)
    if owed <= 0:
        raise Problem("409", "paid_in_full", f"{order_id} is paid in full", "order_id")
    if amount > owed:
        raise Problem("422", "overpayment", f"{order_id} has £{owed:.2f} to pay, not £{amount:.2f}", "amount")
    pid = f"PY-{_next(state, 'payment')}"
    state.payments[pid] = {"order": order_id, "amount": round(float(amount), 2), "method": method, "refunded": None}
    return Receipt(payment_id=pid, order_id=order_id, amount=round(float(amount), 2), method=method,
                   balance=round(owed - amount, 2))


@endpoint("office")
async def refund_payment(state: State, token: str, payment_id: str, reason: str) -> str | ErrorDocument:
    """Refund a payment taken in error or on an order cancelled, before the skip is delivered. Answers a sentence
    with the payment's id."""
    p = _get(state.payments, payment_id, "payment", "payment_id")
    if p["refunded"]:
        raise Problem("409", "already_refunded", f"{payment_id} was refunded already", "payment_id")
    o = state.orders[p["order"]]
    if o["status"] not in ("new", "scheduled", "cancelled"):
        raise Problem("409", "delivered", f"{p['order']} is {o['status']}; payments are refunded before delivery",
                      "payment_id")
    p["refunded"] = _text(reason, "reason")
    return f"Payment {payment_id} of £{p['amount']:.2f} on {p['order']} refunded by {p['method']}."


@endpoint("office")
async def issue_transfer_note(state: State, token: str, order_id: str, waste: str,
                              signed_by: str) -> TransferNote | ErrorDocument:
    """Issue the waste transfer note a trade customer's waste travels on, describing the waste and signed by the
    customer. Answers the note with its id."""
    o = _get(state.orders, order_id, "order", "order_id")
    c = state.customers[o["customer"]]
    if c["kind"] != "trade":
        raise Problem("409", "domestic_customer", f"{c['name']} is a domestic customer; household waste needs no "
                                                  "transfer note", "order_id")
    if o["status"] == "cancelled":
        raise Problem("409", "cancelled", f"{order_id} was cancelled", "order_id")
    for nid, n in state.notes.items():
        if n["order"] == order_id:
            raise Problem("409", "note_exists", f"{order_id} has transfer note {nid} already", "order_id")
    nid = f"TN-{_next(state, 'note')}"
    state.notes[nid] = {"order": order_id, "waste": _text(waste, "waste"), "signed_by": _text(signed_by, "signed by"),
                        "date": TODAY}
    n = state.notes[nid]
    return TransferNote(note_id=nid, order_id=order_id, waste=n["waste"], signed_by=n["signed_by"], date=TODAY)


@endpoint("office")
async def raise_invoice(state: State, token: str, order_id: str) -> Invoice | ErrorDocument:
    """Raise the final invoice for an order once its skip has been weighed: the hire, any permit, days added,
    weight over the allowance and surcharges, less what has been paid. Answers the invoice."""
    o = _get(state.orders, order_id, "order", "order_id")
    if o["status"] == "invoiced":
        raise Problem("409", "already_invoiced", f"{order_id} was invoiced already", "order_id")
    if o["status"] != "weighed":
        raise Problem("409", "not_weighed", f"{order_id} is {o['status']}; an order is invoiced once its skip has "
                                            "been weighed", "order_id")
    permit_fee = o["price"] - SIZES[o["size"]][2]
    lines = [[f"{SIZES[o['size']][0]}, {HIRE_DAYS} days", SIZES[o["size"]][2]]]
    if permit_fee:
        lines.append(["Council skip permit", permit_fee])
    if o["extra_days"]:
        lines.append([f"Hire extended {o['extra_days']} days", o["extra_days"] * EXTRA_DAY])
    excess = sum(t["charge"] for t in state.tickets.values() if t["order"] == order_id)
    if excess:
        lines.append(["Weight over the allowance", excess])
    if o["surcharges"]:
        lines.append(["Surcharge items", o["surcharges"]])
    total, paid = _charges(state, order_id), _paid(state, order_id)
    iid = f"IV-{_next(state, 'invoice')}"
    terms = state.customers[o["customer"]]["terms"]
    due = "2032-07-07" if terms == "30_days" else TODAY
    state.invoices[iid] = {"order": order_id, "total": total, "due": due}
    o["status"] = "invoiced"
    return Invoice(invoice_id=iid, order_id=order_id, lines=lines, total=total, paid=paid,
                   balance=round(total - paid, 2), due=due)


TOOLS = [
    sign_in, sign_out, skip_sizes, check_postcode, find_customer, open_account, update_customer, customer_account,
    send_message, set_account_terms, place_order, orders, order_detail, on_hire, reschedule_delivery, swap_size,
    cancel_order, extend_hire, apply_permit, record_permit, permits, fleet, drivers, walkaround_check, yard_skips,
    schedule_job, driver_jobs, complete_job, report_issue, cancel_job, waste_codes, weigh_in, record_items,
    take_payment, refund_payment, issue_transfer_note, raise_invoice,
]

FIXTURES = {
    "firm": {"name": "Carrside Skip Hire, Carr Lane Waste Transfer Station, Brigthorpe",
             "today": "Monday morning, seven o'clock"},
    "staff": [
        {"name": "Jo Crabtree", "role": "office", "username": "jo.c", "password": "Roll-On-Roll-Off-8"},
        {"name": "Pete Sowerby", "role": "transport planner", "username": "pete.s", "password": "Hook-Lift-12"},
        {"name": "Darren Marsh", "role": "driver", "username": "dazza.m", "password": "Chain-Lift-6"},
        {"name": "Lee Thwaite", "role": "driver", "username": "lee.t", "password": "Tailgate-88"},
        {"name": "Mo Akhtar", "role": "weighbridge", "username": "mo.a", "password": "Gross-Tare-Net-3"},
        {"name": "Karen Walsh", "role": "manager", "username": "karen.w", "password": "Carrside-1987"},
    ],
    "new_customers": [
        {"name": "Mrs Bethan Lloyd", "kind": "domestic", "phone": "07700 900230", "email": "bethan.lloyd@mail.example",
         "address": "27 Hollin Lane, Brigthorpe", "postcode": "BG4 6HL",
         "wants": "a 6 yard builders skip on the road outside for a kitchen refit, delivered on Thursday"},
        {"name": "Mr Gavin Shaw", "company": "Pennine Roofing Ltd", "kind": "trade", "phone": "07700 900231",
         "email": "gavin@pennineroofing.example", "address": "Unit 9, Canal Wharf, Brigthorpe", "postcode": "BG1 3CW",
         "wants": "a 4 yard midi skip in their yard today, on account (Karen has agreed 30 days)"},
    ],
    "notes": [
        "Mrs Kemp's permit has come through from the council",
        "Greenway Gardens are paying for their maxi skip this morning",
        "Ridley Builders want the Larch Close skip picking up; no transfer note yet",
        "Mr Haworth's skip is full; Dazza can fetch it today",
        "Oakleaf's skip came in at twenty to seven and needs weighing",
        "Mr Sheikh's mini skip goes out first thing",
        "Ms Pickles has no e-mail; text her",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "skip_sizes", "check_postcode")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_account", "send_message", "place_order", "set_account_terms"]
ORDER_CONSUMERS = ["order_detail", "reschedule_delivery", "swap_size", "cancel_order", "extend_hire", "apply_permit",
                   "schedule_job", "take_payment", "issue_transfer_note", "raise_invoice"]
JOB_CONSUMERS = ["complete_job", "report_issue", "cancel_job", "weigh_in"]
_CUSTOMER = "id lookup/create: customer (customer_id of open_account, or of a find_customer row)"
_ORDER = "id lookup/create: order (order_id of place_order, or of an orders row)"
_JOB = "id lookup/create: job (job_id of schedule_job, or of a driver_jobs row)"
_SIZE = "vocabulary: skip size codes (code of a skip_sizes entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("open_account|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("place_order|orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("schedule_job|driver_jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("skip_sizes", c, _SIZE) for c in ("place_order", "swap_size")]
    + [("fleet", c, "id lookup: lorry (lorry_id of a fleet entry)") for c in ("schedule_job", "walkaround_check")]
    + [
        ("apply_permit|permits", "record_permit",
         "id lookup/create: permit (permit_id of apply_permit, or of a permits row)"),
        ("drivers", "schedule_job", "id lookup: driver (driver_id of a drivers entry)"),
        ("yard_skips", "complete_job", "id lookup: skip serial (serial of a yard_skips entry)"),
        ("waste_codes", "weigh_in", "vocabulary: waste codes (code of a waste_codes entry)"),
        ("weigh_in", "record_items", "id create: weighbridge ticket (ticket_id of weigh_in)"),
        ("take_payment", "refund_payment", "id create: payment (payment_id of take_payment's receipt)"),
        ("record_permit", "schedule_job", "state: the road permit granted, covering the delivery day"),
        ("take_payment|set_account_terms", "schedule_job", "state: the order paid before delivery, or the account on "
                                                           "30-day terms"),
        ("issue_transfer_note", "schedule_job", "state: a waste transfer note on file before a trade collection"),
        ("complete_job", "schedule_job", "state: the skip delivered (on hire) before its collection"),
        ("walkaround_check", "complete_job", "state: the lorry's walkaround check done today"),
        ("complete_job", "extend_hire", "state: the skip delivered (on hire)"),
        ("complete_job", "weigh_in", "state: the skip collected"),
        ("weigh_in", "raise_invoice", "state: the skip weighed"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
PLAUSIBLE = (
    # ids shown in other lists and records: customers on order rows, orders in an account, on the skips out on hire,
    # on permits, jobs and a job's rows; jobs on an order's detail; the lorry and driver on a job row
    {(p, c) for p in ("orders", "customer_account") for c in CUSTOMER_CONSUMERS if p != c}
    | {(p, c) for p in ("customer_account", "on_hire", "permits", "driver_jobs", "schedule_job", "complete_job",
                        "weigh_in", "apply_permit", "take_payment", "order_detail")
       for c in ORDER_CONSUMERS if p != c}
    | {("order_detail", c) for c in JOB_CONSUMERS + ["record_permit", "refund_payment", "record_items"]}
    | {("driver_jobs", "walkaround_check"), ("driver_jobs", "schedule_job"), ("schedule_job", "walkaround_check"),
       ("orders", "refund_payment"), ("customer_account", "refund_payment")}
    # one step further along the designed chains
    | {
        ("schedule_job", "extend_hire"), ("walkaround_check", "weigh_in"), ("walkaround_check", "extend_hire"),
        ("walkaround_check", "schedule_job"), ("yard_skips", "schedule_job"), ("yard_skips", "extend_hire"),
        ("complete_job", "raise_invoice"), ("complete_job", "record_items"), ("apply_permit", "schedule_job"),
        ("fleet", "complete_job"), ("drivers", "complete_job"), ("schedule_job", "weigh_in"),
        ("waste_codes", "raise_invoice"), ("weigh_in", "take_payment"), ("skip_sizes", "schedule_job"),
        ("check_postcode", "place_order"), ("set_account_terms", "issue_transfer_note"),
        ("take_payment", "complete_job"), ("record_permit", "complete_job"), ("issue_transfer_note", "complete_job"),
        ("waste_codes", "record_items"), ("driver_jobs", "record_items"), ("schedule_job", "record_items"),
        ("issue_transfer_note", "weigh_in"), ("fleet", "weigh_in"), ("drivers", "weigh_in"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("open_account", "find_customer"), ("update_customer", "find_customer"),
        ("update_customer", "customer_account"), ("update_customer", "send_message"),
        ("set_account_terms", "customer_account"), ("place_order", "customer_account"),
        ("swap_size", "order_detail"), ("swap_size", "orders"), ("reschedule_delivery", "order_detail"),
        ("reschedule_delivery", "orders"), ("cancel_order", "orders"), ("cancel_order", "order_detail"),
        ("cancel_order", "driver_jobs"), ("extend_hire", "on_hire"), ("extend_hire", "order_detail"),
        ("apply_permit", "permits"), ("apply_permit", "order_detail"), ("record_permit", "permits"),
        ("record_permit", "order_detail"), ("walkaround_check", "fleet"), ("schedule_job", "driver_jobs"),
        ("schedule_job", "orders"), ("schedule_job", "order_detail"), ("complete_job", "driver_jobs"),
        ("complete_job", "yard_skips"), ("complete_job", "on_hire"), ("complete_job", "orders"),
        ("complete_job", "order_detail"), ("report_issue", "driver_jobs"), ("report_issue", "orders"),
        ("cancel_job", "driver_jobs"), ("cancel_job", "orders"), ("weigh_in", "order_detail"),
        ("weigh_in", "orders"), ("record_items", "order_detail"), ("take_payment", "orders"),
        ("take_payment", "order_detail"), ("take_payment", "customer_account"), ("refund_payment", "orders"),
        ("refund_payment", "order_detail"), ("issue_transfer_note", "order_detail"), ("raise_invoice", "orders"),
        ("raise_invoice", "customer_account"), ("raise_invoice", "order_detail"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
