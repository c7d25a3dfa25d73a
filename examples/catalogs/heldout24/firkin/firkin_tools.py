"""Firkin: the trade desk system of Hobson & Pyke Brewery, Tanners Yard, Ludwell (40 calls).

Async functions over an in-memory ``State`` of the brewery on Tuesday 13 May 2031 at 07:30, a Ludwell
round day. The trade desk opens accounts for pubs, checks their premises licences, keeps their
details, takes orders of cask ale for the pub's delivery round, confirms and cancels them, and writes
to the pubs. Accounts sets credit terms and limits, puts accounts on stop and takes them off, invoices
delivered orders, takes payments, decides ullage claims (beer sent back), charges for casks that never
come back and draws up and submits the monthly alcohol duty return. The cellar washes returned casks,
racks beer into them by gyle, allocates racked casks to confirmed orders, and destroys returned beer
for duty relief. Dispatch plans delivery runs on the dray board, prints run sheets, sends runs out,
records deliveries with the empties collected, and collects empties on their own. The head brewer
and managing director may do everything. The beer list and the round calendar are public.

Every tool is an ``async def`` wrapped by ``trade_desk(*roles)`` (``functools.wraps``, an async
wrapper), which checks the session and the role. Refusals are *returned*: a plain dict
``{"success": false, "code": "...", "message": "..."}`` in place of the reply, a common convention.
Replies are dataclasses and lists of them (an account; an account statement with casks out, orders,
invoices and credits nested; an order with its lines nested; an allocation with its casks nested;
the dray board with drivers, vehicles and runs nested; a run sheet with its drops and their casks
nested; a cask's history with its movements nested; a duty return with its lines nested). Orders,
invoices, casks and claims look alike (order ``SO-4471``, invoice ``INV-4471``, cask ``K-1101``,
ullage claim ``UC-0447``, delivery run ``DR-0513-1`` beside duty return ``ADR-2031-04``). Which
round delivers on which day, the order cut-off, the months a seasonal beer is brewed, how pins and
kilderkins count against a vehicle's capacity, the credit limits accounts may set, when a cask counts as
lost and which period a duty return may cover are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

TODAY = "2031-05-13"  # a Tuesday
NOW = "07:30"
VAT = 0.20
DUTY_RATE = 19.08  # pounds per litre of pure alcohol, draught beer 3.5% to 8.4%
LOST_AFTER_DAYS = 60
LITRES = {"pin": 20.5, "firkin": 40.9, "kilderkin": 81.8}
FIRKIN_EQUIVALENT = {"pin": 0.5, "firkin": 1.0, "kilderkin": 2.0}
LOST_CHARGE = {"pin": 60.0, "firkin": 85.0, "kilderkin": 120.0}
ROUNDS = {  # area -> (name, postcode districts, weekdays delivered: Monday is 0)
    "ludwell": ("Ludwell town", ("LW1", "LW2"), (1, 4)),
    "north": ("North villages", ("LW7", "LW8"), (2,)),
    "vale": ("Kettle Vale", ("KB3", "KB4"), (3,)),
    "city": ("City pubs", ("CT1", "CT2", "CT4"), (0, 3)),
}
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
TERM_DAYS = {"cash_on_delivery": 0, "14_days": 14, "30_days": 30}

Terms = Literal["cash_on_delivery", "14_days", "30_days"]
Area = Literal["ludwell", "north", "vale", "city"]
UllageReason = Literal["sour", "cloudy", "flat", "off_flavour"]
PayMethod = Literal["bacs", "card", "cheque", "cash"]
Channel = Literal["email", "sms"]
OrderStatus = Literal["draft", "confirmed", "allocated", "on_run", "out_for_delivery", "delivered", "cancelled"]


class CaskSize(str, Enum):
    PIN = "pin"
    FIRKIN = "firkin"
    KILDERKIN = "kilderkin"


class CaskState(Enum):
    DIRTY = "dirty"
    CLEAN = "clean"
    FILLED = "filled"
    ALLOCATED = "allocated"
    ON_DRAY = "on_dray"
    OUT = "out"
    LOST = "lost"


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Ack:
    done: bool
    message: str


@dataclass
class Beer:
    code: str
    name: str
    abv: float
    style: str
    prices: dict
    available: bool


@dataclass
class Round:
    area: str
    name: str
    postcodes: list
    weekdays: list
    next_dates: list


@dataclass
class Account:
    account_id: str
    pub: str
    licensee: str
    address: str
    postcode: str
    area: str
    phone: str
    email: str | None
    premises_licence: str
    licence_verified: bool
    licence_expires: str | None
    terms: str | None
    credit_limit: int
    on_stop: bool
    stop_reason: str | None
    tied: bool
    delivery_notes: str | None


@dataclass
class AccountRow:
    account_id: str
    pub: str
    licensee: str
    area: str
    on_stop: bool


@dataclass
class CaskOut:
    cask: str
    size: str
    beer: str | None
    since: str
    days_out: int


@dataclass
class OrderRow:
    order_id: str
    account_id: str
    pub: str
    area: str
    delivery_day: str
    status: str
    casks: float


@dataclass
class InvoiceRow:
    invoice_id: str
    issued: str
    due: str
    total: float
    balance: float
    overdue: bool


@dataclass
class CreditRow:
    credit_id: str
    claim_id: str
    amount: float


@dataclass
class Statement:
    account: Account
    casks_out: list[CaskOut]
    orders: list[OrderRow]
    invoices: list[InvoiceRow]
    credits: list[CreditRow]
    balance: float


@dataclass
class OrderLine:
    beer_code: str
    beer: str
    size: str
    quantity: int
    unit_price: float
    amount: float


@dataclass
class Order:
    order_id: str
    account_id: str
    pub: str
    delivery_day: str
    status: str
    lines: list[OrderLine]
    total_ex_vat: float
    run_id: str | None


@dataclass
class CaskRow:
    cask: str
    size: str
    state: str
    beer: str | None
    gyle: str | None
    account_id: str | None
    since: str


@dataclass
class StockRow:
    beer_code: str
    beer: str
    size: str
    racked: int


@dataclass
class Movement:
    day: str
    event: str
    where: str


@dataclass
class CaskHistory:
    cask: str
    size: str
    state: str
    beer: str | None
    account_id: str | None
    movements: list[Movement]


@dataclass
class Washed:
    washed: list[str]
    size: str


@dataclass
class Racked:
    beer_code: str
    gyle: str
    size: str
    casks: list[str]
    litres: float


@dataclass
class AllocatedLine:
    beer_code: str
    size: str
    casks: list[str]


@dataclass
class Allocation:
    order_id: str
    status: str
    lines: list[AllocatedLine]


@dataclass
class Driver:
    driver_id: str
    name: str
    available: bool


@dataclass
class Vehicle:
    vehicle: str
    kind: str
    capacity_firkins: int
    available: bool


@dataclass
class RunRow:
    run_id: str
    area: str
    driver_id: str
    vehicle: str
    status: str


@dataclass
class DrayBoard:
    day: str
    drivers: list[Driver]
    vehicles: list[Vehicle]
    runs: list[RunRow]


@dataclass
class Drop:
    order_id: str
    account_id: str
    pub: str
    address: str
    casks: list[str]
    status: str


@dataclass
class RunSheet:
    run_id: str
    day: str
    area: str
    driver: str
    vehicle: str
    status: str
    drops: list[Drop]


@dataclass
class DeliveryNote:
    order_id: str
    pub: str
    received_by: str
    casks_left: list[str]
    empties_collected: list[str]


@dataclass
class Collection:
    account_id: str
    pub: str
    collected: list[str]


@dataclass
class UllageClaim:
    claim_id: str
    account_id: str
    cask: str
    beer: str
    litres: float
    reason: str
    status: str
    note: str | None
    credit: float | None


@dataclass
class Destruction:
    claim_id: str
    beer: str
    litres: float
    pure_alcohol_litres: float
    duty_relief: float
    witness: str


@dataclass
class InvoiceLine:
    description: str
    amount: float


@dataclass
class Invoice:
    invoice_id: str
    account_id: str
    pub: str
    order_id: str | None
    lines: list[InvoiceLine]
    net: float
    vat: float
    total: float
    paid: float
    balance: float
    due: str


@dataclass
class Receipt:
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    balance: float


@dataclass
class LostCask:
    cask: str
    account_id: str
    pub: str
    days_out: int
    invoice_id: str
    charge: float


@dataclass
class DutyLine:
    beer_code: str
    abv: float
    litres: float
    pure_alcohol_litres: float
    duty: float


@dataclass
class DutyReturn:
    return_id: str
    period: str
    lines: list[DutyLine]
    relief: float
    duty_due: float
    status: str
    hmrc_reference: str | None = None
    declared_by: str | None = None


@dataclass
class Message:
    message_id: str
    account_id: str
    channel: str
    to: str
    text: str


# --------------------------------------------------------------------------- state


class State:
    """Hobson & Pyke Brewery, Tanners Yard, Ludwell, on Tuesday 13 May 2031 at 07:30."""

    def __init__(self) -> None:
        self.staff = {
            "nina.c": {"name": "Nina Carver", "password": "Cask-Ale-Desk", "role": "sales"},
            "linda.o": {"name": "Linda Osei", "password": "Duty-Paid-31", "role": "accounts"},
            "tom.r": {"name": "Tom Rudd", "password": "Shive-And-Spile", "role": "cellar"},
            "jo.t": {"name": "Jo Tallis", "password": "Dray-Lane-4", "role": "dispatch"},
            "mark.p": {"name": "Mark Pyke", "password": "Est-1874-Brew", "role": "manager"},
        }
        self.sessions = {}
        self.beers = {  # code -> name, abv, style, {size: price}, season months
            "LUD": ("Ludwell Bitter", 3.8, "best bitter", {"pin": 62.0, "firkin": 112.0, "kilderkin": 215.0}, None),
            "TAN": ("Tanners Gold", 4.2, "golden ale", {"pin": 66.0, "firkin": 120.0, "kilderkin": 232.0}, None),
            "BLK": ("Black Dog Porter", 4.8, "porter", {"pin": 72.0, "firkin": 134.0}, None),
            "SUM": ("Summer Haze", 4.0, "pale ale", {"pin": 64.0, "firkin": 116.0, "kilderkin": 224.0}, (5, 9)),
            "OLD": ("Old Pyke", 5.6, "old ale", {"pin": 78.0, "firkin": 148.0}, (10, 3)),
        }
        self.accounts = {
            "AC-2207": {"pub": "The Plough", "licensee": "Mrs Jean Hollis", "address": "12 Market Street, Ludwell",
                        "postcode": "LW1 4AB", "phone": "01632 960207", "email": "plough.ludwell@mail.example",
                        "licence": "LDC/PL/0112", "verified": True, "expires": "2031-05-31", "terms": "30_days",
                        "limit": 1500, "on_stop": False, "tied": True, "notes": "Drop through the pavement flaps"},
            "AC-2213": {"pub": "The Fleece", "licensee": "Mr Aled Price", "address": "The Green, Upper Brandon",
                        "postcode": "LW7 3QD", "phone": "01632 960213", "email": "fleece.brandon@mail.example",
                        "licence": "LDC/PL/0230", "verified": True, "expires": "2032-02-28", "terms": "14_days",
                        "limit": 800, "on_stop": False, "tied": False, "notes": None},
            "AC-2219": {"pub": "The Bell & Anchor", "licensee": "Mr Gordon Fife", "address": "3 Quay Lane, Ludwell",
                        "postcode": "LW2 1RS", "phone": "01632 960219", "email": "bellanchor@mail.example",
                        "licence": "LDC/PL/0147", "verified": True, "expires": "2031-11-30", "terms": "14_days",
                        "limit": 600, "on_stop": True, "stop_reason": "April invoice INV-4410 overdue", "tied": False,
                        "notes": None},
            "AC-2230": {"pub": "The Railway Tavern", "licensee": "Ms Carol Dent", "address": "1 Station Approach, Chatham Cross",
                        "postcode": "CT2 8LP", "phone": "01632 960230", "email": None, "licence": "CTC/PL/2291",
                        "verified": True, "expires": "2032-06-30", "terms": "30_days", "limit": 1000, "on_stop": False,
                        "tied": False, "notes": None},
            "AC-2236": {"pub": "The Kings Head", "licensee": "Mr Neville Orme", "address": "40 High Street, Ludwell",
                        "postcode": "LW1 2HH", "phone": "01632 960236", "email": "kingshead.ludwell@mail.example",
                        "licence": "LDC/PL/0198", "verified": True, "expires": "2032-03-31", "terms": "cash_on_delivery",
                        "limit": 0, "on_stop": False, "tied": True, "notes": "Back yard; gate code from the landlord"},
        }

        def cask(size, state, beer=None, gyle=None, account=None, since="2031-05-01", order=None):
            return {"size": size, "state": state, "beer": beer, "gyle": gyle, "account": account, "since": since,
                    "order": order, "history": [[since, state, account or "brewery"]]}

        self.casks = {}
        for n in range(1101, 1107):
            self.casks[f"K-{n}"] = cask("firkin", "filled", "LUD", "G-0509", since="2031-05-09")
        for n in range(1107, 1110):
            self.casks[f"K-{n}"] = cask("firkin", "filled", "TAN", "G-0507", since="2031-05-07")
        for n in range(1110, 1113):
            self.casks[f"K-{n}"] = cask("firkin", "dirty", since="2031-05-09")
        self.casks["K-1113"] = cask("firkin", "clean", since="2031-05-10")
        self.casks["K-2201"] = cask("kilderkin", "filled", "LUD", "G-0509", since="2031-05-09")
        self.casks["K-2202"] = cask("kilderkin", "filled", "LUD", "G-0509", since="2031-05-09")
        self.casks["K-0301"] = cask("pin", "filled", "BLK", "G-0502", since="2031-05-02")
        self.casks["K-0302"] = cask("pin", "filled", "BLK", "G-0502", since="2031-05-02")
        for n in range(303, 306):
            self.casks[f"K-0{n}"] = cask("pin", "dirty", since="2031-05-06")
        self.casks["K-1040"] = cask("firkin", "out", "TAN", "G-0214", "AC-2207", since="2031-02-20")
        self.casks["K-1090"] = cask("firkin", "out", "LUD", "G-0502", "AC-2207", since="2031-05-06")
        self.casks["K-1091"] = cask("firkin", "out", "LUD", "G-0502", "AC-2207", since="2031-05-06")
        self.casks["K-1077"] = cask("firkin", "out", "TAN", "G-0424", "AC-2213", since="2031-04-30")
        self.casks["K-1083"] = cask("firkin", "out", "LUD", "G-0424", "AC-2230", since="2031-05-05")
        for c, o in (("K-1101", "SO-4471"), ("K-1102", "SO-4471"), ("K-1107", "SO-4471")):
            self.casks[c].update(state="allocated", order=o)
        self.orders = {
            "SO-4471": {"account": "AC-2207", "day": TODAY, "status": "on_run", "lines": [["LUD", "firkin", 2],
                                                                                         ["TAN", "firkin", 1]],
                        "run": "DR-0513-1", "invoice": None, "reason": None},
            "SO-4473": {"account": "AC-2236", "day": TODAY, "status": "confirmed", "lines": [["LUD", "kilderkin", 1]],
                        "run": None, "invoice": None, "reason": None},
            "SO-4474": {"account": "AC-2213", "day": "2031-05-14", "status": "draft", "lines": [["LUD", "firkin", 1]],
                        "run": None, "invoice": None, "reason": None},
        }
        self.drivers = {"D1": "Pete Marsh", "D2": "Kev Lane"}
        self.vehicles = {"LV-01": ("7.5 tonne dray", 40), "LV-02": ("3.5 tonne van", 10)}
        self.runs = {
            "DR-0513-1": {"day": TODAY, "area": "ludwell", "driver": "D1", "vehicle": "LV-01", "status": "planned",
                          "orders": ["SO-4471"]},
        }
        self.invoices = {
            "INV-4410": {"account": "AC-2219", "order": None, "issued": "2031-04-01", "due": "2031-04-15",
                         "lines": [["Order SO-4410: 3 x firkin Ludwell Bitter", 336.0], ["Empty cask deposit", 7.75]],
                         "paid": 0.0},
            "INV-4452": {"account": "AC-2207", "order": None, "issued": "2031-05-06", "due": "2031-06-05",
                         "lines": [["Order SO-4452: 3 x firkin Ludwell Bitter", 336.0]], "paid": 0.0},
        }
        self.claims = {}
        self.credits = {}
        self.dispatched = [  # April 2031, removed from the brewery: [beer, size, casks]
            ["LUD", "firkin", 148], ["LUD", "kilderkin", 22], ["TAN", "firkin", 96], ["BLK", "pin", 30],
            ["BLK", "firkin", 18],
        ]
        self.destroyed = []
        self.duty_returns = {
            "ADR-2031-03": {"period": "2031-03", "lines": [["LUD", 3.8, 7852.8], ["TAN", 4.2, 3517.4]], "relief": 0.0,
                            "status": "submitted", "ref": "XMADP0003141592", "declared_by": "Linda Osei"},
        }
        self.receipts = {}
        self.messages = []
        self.counters = {"session": 1, "account": 2241, "order": 4475, "claim": 447, "credit": 81,
                         "invoice": 4480, "receipt": 3306, "message": 512}


# --------------------------------------------------------------------------- the wrapper


def _no(code: str, message: str) -> dict:
    return {"success": False, "code": code, "message": message}


def trade_desk(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the manager may do everything), and
    answer a refusal dict without calling the tool when they fail."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def call(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.sessions.get(token)
                if who is None:
                    return _no("NOT_SIGNED_IN", "no session for that token; sign in again")
                if roles and who["role"] not in roles and who["role"] != "manager":
                    return _no("WRONG_ROLE", f"{who['name']} ({who['role']}) may not do this; it is for "
                                             f"{' or '.join(roles)}")
            return await fn(*args, **kwargs)

        return call

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _days_between(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _area_of(postcode: str) -> str | None:
    district = postcode.strip().upper().split(" ")[0]
    for area, (_, districts, _) in ROUNDS.items():
        if district in districts:
            return area
    return None


def _size(size) -> str | None:
    try:
        return size.value if isinstance(size, CaskSize) else CaskSize(size).value
    except ValueError:
        return None


def _in_season(season, month: int) -> bool:
    if season is None:
        return True
    start, end = season
    return start <= month <= end if start <= end else (month >= start or month <= end)


def _account_reply(state: State, account_id: str) -> Account:
    a = state.accounts[account_id]
    return Account(account_id=account_id, pub=a["pub"], licensee=a["licensee"], address=a["address"],
                   postcode=a["postcode"], area=_area_of(a["postcode"]), phone=a["phone"], email=a["email"],
                   premises_licence=a["licence"], licence_verified=a["verified"], licence_expires=a["expires"],
                   terms=a["terms"], credit_limit=a["limit"], on_stop=a["on_stop"],
                   stop_reason=a.get("stop_reason"), tied=a["tied"],
                   delivery_notes=a["notes"])


def _order_total(state: State, o: dict) -> float:
    return _money(sum(state.beers[b][3][s] * q for b, s, q in o["lines"]))


def _order_reply(state: State, order_id: str) -> Order:
    o = state.orders[order_id]
    lines = [OrderLine(beer_code=b, beer=state.beers[b][0], size=s, quantity=q, unit_price=state.beers[b][3][s],
                       amount=_money(state.beers[b][3][s] * q)) for b, s, q in o["lines"]]
    return Order(order_id=order_id, account_id=o["account"], pub=state.accounts[o["account"]]["pub"],
                 delivery_day=o["day"], status=o["status"], lines=lines, total_ex_vat=_order_total(state, o),
                 run_id=o["run"])


def _firkins(o: dict) -> float:
    return sum(FIRKIN_EQUIVALENT[s] * q for _, s, q in o["lines"])


def _invoice_total(inv: dict) -> tuple[float, float, float]:
    net = _money(sum(a for _, a in inv["lines"]))
    vat = _money(net * VAT) if inv.get("vat", True) else 0.0
    return net, vat, _money(net + vat)


def _invoice_reply(state: State, invoice_id: str) -> Invoice:
    inv = state.invoices[invoice_id]
    net, vat, total = _invoice_total(inv)
    return Invoice(invoice_id=invoice_id, account_id=inv["account"], pub=state.accounts[inv["account"]]["pub"],
                   order_id=inv["order"], lines=[InvoiceLine(description=d, amount=a) for d, a in inv["lines"]],
                   net=net, vat=vat, total=total, paid=_money(inv["paid"]), balance=_money(total - inv["paid"]),
                   due=inv["due"])


def _outstanding(state: State, account_id: str) -> float:
    owed = sum(_invoice_total(inv)[2] - inv["paid"] for inv in state.invoices.values() if inv["account"] == account_id)
    credit = sum(c["amount"] for c in state.credits.values() if c["account"] == account_id)
    return _money(owed - credit)


def _overdue(state: State, account_id: str) -> list[str]:
    return [iid for iid, inv in sorted(state.invoices.items())
            if inv["account"] == account_id and inv["due"] < TODAY and _invoice_total(inv)[2] - inv["paid"] > 0.005]


def _move(c: dict, state_: str, where: str) -> None:
    c["state"], c["since"] = state_, TODAY
    c["history"].append([TODAY, state_, where])


def _claim_reply(state: State, claim_id: str) -> UllageClaim:
    c = state.claims[claim_id]
    return UllageClaim(claim_id=claim_id, account_id=c["account"], cask=c["cask"], beer=state.beers[c["beer"]][0],
                       litres=c["litres"], reason=c["reason"], status=c["status"], note=c["note"], credit=c["credit"])


def _run_sheet(state: State, run_id: str) -> RunSheet:
    r = state.runs[run_id]
    drops = []
    for oid in r["orders"]:
        o = state.orders[oid]
        a = state.accounts[o["account"]]
        casks = sorted(c for c, k in state.casks.items() if k["order"] == oid)
        drops.append(Drop(order_id=oid, account_id=o["account"], pub=a["pub"], address=a["address"], casks=casks,
                          status=o["status"]))
    return RunSheet(run_id=run_id, day=r["day"], area=r["area"], driver=state.drivers[r["driver"]],
                    vehicle=r["vehicle"], status=r["status"], drops=drops)


# --------------------------------------------------------------------------- sign-in and public lists


@trade_desk(public=True)
async def sign_in(state: State, username: str, password: str) -> Session | dict:
    """Sign in to the trade desk system with a staff user name (such as nina.c) and password. Replies
    with the session: the token every other call takes, the name and the role (sales, accounts, cellar,
    dispatch or manager)."""
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        return _no("BAD_LOGIN", "wrong user name or password")
    token = f"hp-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
    return Session(token=token, name=user["name"], role=user["role"])


@trade_desk()
async def sign_out(state: State, token: str) -> Ack | dict:
    """Sign out, ending the session."""
    who = state.sessions.pop(token)
    return Ack(done=True, message=f"{who['name']} signed out")


@trade_desk(public=True)
async def beer_list(state: State) -> list[Beer] | dict:
    """The brewery's cask ales (public, no sign-in): each beer's code, name, strength, style, the price
    per cask for each size it comes in, and whether it is being brewed this month."""
    month = int(TODAY[5:7])
    return [Beer(code=code, name=b[0], abv=b[1], style=b[2], prices=dict(b[3]), available=_in_season(b[4], month))
            for code, b in state.beers.items()]


@trade_desk(public=True)
async def round_calendar(state: State) -> list[Round] | dict:
    """The delivery rounds (public, no sign-in): each round's area code, name, postcode districts,
    weekdays and its next two delivery dates that can still be ordered for."""
    out = []
    today = datetime.date.fromisoformat(TODAY)
    for area, (name, districts, weekdays) in ROUNDS.items():
        dates, d = [], today + datetime.timedelta(days=1)
        while len(dates) < 2:
            if d.weekday() in weekdays:
                dates.append(d.isoformat())
            d += datetime.timedelta(days=1)
        out.append(Round(area=area, name=name, postcodes=list(districts),
                         weekdays=[("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")[w] for w in weekdays],
                         next_dates=dates))
    return out


# --------------------------------------------------------------------------- accounts


@trade_desk()
async def find_account(state: State, token: str, text: str) -> list[AccountRow] | dict:
    """Look pub accounts up by part of the pub's name, the licensee's name, the postcode or a phone
    number. Replies with the matching accounts by account id."""
    t = text.strip().lower()
    if not t:
        return _no("NOTHING_TO_FIND", "say what to look for")
    out = []
    for aid, a in sorted(state.accounts.items()):
        hay = " ".join([a["pub"], a["licensee"], a["postcode"], a["phone"], a["address"]]).lower()
        if t in hay:
            out.append(AccountRow(account_id=aid, pub=a["pub"], licensee=a["licensee"], area=_area_of(a["postcode"]),
                                  on_stop=a["on_stop"]))
    return out


@trade_desk("sales")
async def open_account(state: State, token: str, pub: str, licensee: str, address: str, postcode: str, phone: str,
                       email: str, premises_licence: str, tied: bool) -> Account | dict:
    """Open a trade account for a pub: its name, the licensee, the address and postcode (which decide its
    delivery round), a phone number, an e-mail address, its premises licence number and whether it is
    a tied house. The licence must still be checked and credit terms set before the pub can order on
    account. Replies with the new account."""
    area = _area_of(postcode)
    if area is None:
        return _no("OUTSIDE_ROUNDS", f"{postcode} is outside the brewery's delivery rounds")
    if "@" not in email:
        return _no("BAD_EMAIL", f"{email!r} is not an e-mail address")
    if not premises_licence.strip():
        return _no("NO_LICENCE", "a pub account needs its premises licence number")
    for aid, a in state.accounts.items():
        if a["licence"].upper() == premises_licence.strip().upper():
            return _no("DUPLICATE", f"premises licence {premises_licence} is already on account {aid} ({a['pub']})")
    aid = f"AC-{_next(state, 'account')}"
    state.accounts[aid] = {"pub": pub.strip(), "licensee": licensee.strip(), "address": address.strip(),
                           "postcode": postcode.strip().upper(), "phone": phone.strip(), "email": email.strip(),
                           "licence": premises_licence.strip().upper(), "verified": False, "expires": None,
                           "terms": None, "limit": 0, "on_stop": False, "tied": tied, "notes": None}
    return _account_reply(state, aid)


@trade_desk("sales")
async def update_account(state: State, token: str, account_id: str, licensee: str | None = None,
                         phone: str | None = None, email: str | None = None,
                         delivery_notes: str | None = None) -> Account | dict:
    """Change a pub account's licensee, phone number, e-mail address or delivery notes (how the dray
    gets the casks into the cellar). Only what is given is changed; nothing to change is refused.
    Replies with the account as now recorded."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    changes = {}
    for key, value in (("licensee", licensee), ("phone", phone), ("email", email), ("notes", delivery_notes)):
        if value is not None and value.strip() != (a[key] or ""):
            changes[key] = value.strip()
    if "email" in changes and "@" not in changes["email"]:
        return _no("BAD_EMAIL", f"{email!r} is not an e-mail address")
    if not changes:
        return _no("NO_CHANGE", f"nothing to change: those are already {a['pub']}'s details")
    a.update(changes)
    return _account_reply(state, account_id)


@trade_desk()
async def account_statement(state: State, token: str, account_id: str) -> Statement | dict:
    """A pub account's statement: the account, the casks out at the pub (oldest first, with the days each
    has been out), its orders, its invoices with their balances and whether overdue, ullage credits, and
    the balance owed."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    casks = sorted(((cid, c) for cid, c in state.casks.items() if c["account"] == account_id and c["state"] == "out"),
                   key=lambda kv: (kv[1]["since"], kv[0]))
    out = [CaskOut(cask=cid, size=c["size"], beer=state.beers[c["beer"]][0] if c["beer"] else None, since=c["since"],
                   days_out=_days_between(c["since"], TODAY)) for cid, c in casks]
    orders = [OrderRow(order_id=oid, account_id=account_id, pub=a["pub"], area=_area_of(a["postcode"]),
                       delivery_day=o["day"], status=o["status"], casks=_firkins(o))
              for oid, o in sorted(state.orders.items()) if o["account"] == account_id]
    invoices = []
    for iid, inv in sorted(state.invoices.items()):
        if inv["account"] == account_id:
            total = _invoice_total(inv)[2]
            invoices.append(InvoiceRow(invoice_id=iid, issued=inv["issued"], due=inv["due"], total=total,
                                       balance=_money(total - inv["paid"]), overdue=iid in _overdue(state, account_id)))
    credits = [CreditRow(credit_id=cid, claim_id=c["claim"], amount=c["amount"])
               for cid, c in sorted(state.credits.items()) if c["account"] == account_id]
    return Statement(account=_account_reply(state, account_id), casks_out=out, orders=orders, invoices=invoices,
                     credits=credits, balance=_outstanding(state, account_id))


@trade_desk("sales", "accounts")
async def verify_licence(state: State, token: str, account_id: str, licence_number: str, expires: str) -> Account | dict:
    """Record that a pub's premises licence has been checked on the licensing authority's public
    register: the licence number as the register shows it and the date it expires. Refused when that
    check is already on file. Replies with the account."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    if licence_number.strip().upper() != a["licence"]:
        return _no("LICENCE_MISMATCH", f"the register's licence {licence_number} is not the one on the account "
                                       f"({a['licence']})")
    d = _date(expires)
    if d is None:
        return _no("BAD_DATE", f"{expires!r} is not a date (YYYY-MM-DD)")
    if d.isoformat() <= TODAY:
        return _no("LICENCE_EXPIRED", f"that licence expired on {d.isoformat()}; the brewery cannot supply the pub")
    if a["verified"] and a["expires"] == d.isoformat():
        return _no("NO_CHANGE", f"{a['pub']}'s licence is already checked, to {a['expires']}")
    a["verified"], a["expires"] = True, d.isoformat()
    return _account_reply(state, account_id)


@trade_desk("accounts")
async def set_credit_terms(state: State, token: str, account_id: str, terms: Terms, credit_limit: int) -> Account | dict:
    """Set a pub account's payment terms (cash_on_delivery, 14_days or 30_days) and its credit limit in
    whole pounds (none for cash on delivery). The licence must have been checked. The same terms and
    limit again are refused. Replies with the account."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    if not a["verified"]:
        return _no("LICENCE_NOT_CHECKED", f"{a['pub']}'s premises licence has not been checked on the register")
    if terms not in TERM_DAYS:
        return _no("BAD_TERMS", f"{terms!r} is not a payment term")
    if terms == "cash_on_delivery" and credit_limit != 0:
        return _no("BAD_LIMIT", "cash on delivery carries no credit limit; give 0")
    if terms != "cash_on_delivery" and not 100 <= credit_limit <= 5000:
        return _no("BAD_LIMIT", "a credit limit is 100 to 5000 pounds; above that the directors decide")
    if a["terms"] == terms and a["limit"] == credit_limit:
        return _no("NO_CHANGE", f"{a['pub']} is already on {terms} with a limit of {credit_limit}")
    a["terms"], a["limit"] = terms, credit_limit
    return _account_reply(state, account_id)


@trade_desk("accounts")
async def put_on_stop(state: State, token: str, account_id: str, reason: str) -> Account | dict:
    """Put a pub account on stop, so that it can place no new orders, giving the reason. Replies with the
    account."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    if a["on_stop"]:
        return _no("ALREADY_ON_STOP", f"{a['pub']} is already on stop")
    if not reason.strip():
        return _no("NO_REASON", "give a reason")
    a["on_stop"], a["stop_reason"] = True, reason.strip()
    return _account_reply(state, account_id)


@trade_desk("accounts")
async def release_stop(state: State, token: str, account_id: str, note: str) -> Account | dict:
    """Take a pub account off stop, with a note of why; refused while any invoice is overdue. Replies with
    the account."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    if not a["on_stop"]:
        return _no("NOT_ON_STOP", f"{a['pub']} is not on stop")
    overdue = _overdue(state, account_id)
    if overdue:
        return _no("OVERDUE", f"{a['pub']} still has overdue invoices: {', '.join(overdue)}")
    a["on_stop"], a["stop_reason"] = False, None
    a["released"] = note.strip()
    return _account_reply(state, account_id)


@trade_desk("sales", "accounts")
async def notify_account(state: State, token: str, account_id: str, channel: Channel, message: str) -> Message | dict:
    """Send a pub an e-mail or a text (to the phone on the account) from the trade desk. Replies with the
    message as sent."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    if not message.strip():
        return _no("EMPTY", "the message is empty")
    if channel == "email":
        if not a["email"]:
            return _no("NO_EMAIL", f"no e-mail address on file for {a['pub']}")
        to = a["email"]
    elif channel == "sms":
        to = a["phone"]
    else:
        return _no("BAD_CHANNEL", f"{channel!r} is not a channel")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "account": account_id, "channel": channel, "to": to, "text": message.strip()})
    return Message(message_id=mid, account_id=account_id, channel=channel, to=to, text=message.strip())


# --------------------------------------------------------------------------- orders


@trade_desk("sales")
async def new_order(state: State, token: str, account_id: str, delivery_day: str) -> Order | dict:
    """Start a draft order for a pub, for a delivery day on the pub's round. The pub's licence must have
    been checked and the account must not be on stop. Replies with the draft order."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    if not a["verified"]:
        return _no("LICENCE_NOT_CHECKED", f"{a['pub']}'s premises licence has not been checked on the register")
    if a["on_stop"]:
        return _no("ON_STOP", f"{a['pub']} is on stop; accounts must release it")
    d = _date(delivery_day)
    if d is None:
        return _no("BAD_DATE", f"{delivery_day!r} is not a date (YYYY-MM-DD)")
    day = d.isoformat()
    if day <= TODAY or (_days_between(TODAY, day) == 1 and NOW >= "12:00"):
        return _no("CUT_OFF", "orders for a delivery day close at noon the day before")
    area = _area_of(a["postcode"])
    name, _, weekdays = ROUNDS[area]
    if d.weekday() not in weekdays:
        days = " and ".join(("Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays")[w] for w in weekdays)
        return _no("NOT_A_ROUND_DAY", f"{a['pub']} is on the {name} round, delivered on {days}")
    for oid, o in state.orders.items():
        if o["account"] == account_id and o["day"] == day and o["status"] != "cancelled":
            return _no("ORDER_EXISTS", f"{a['pub']} already has order {oid} for {day}; add to it")
    oid = f"SO-{_next(state, 'order')}"
    state.orders[oid] = {"account": account_id, "day": day, "status": "draft", "lines": [], "run": None,
                         "invoice": None, "reason": None}
    return _order_reply(state, oid)


@trade_desk("sales")
async def add_order_line(state: State, token: str, order_id: str, beer_code: str, size: CaskSize,
                         quantity: int) -> Order | dict:
    """Add casks of a beer to a draft order: the beer's code, the cask size (pin, firkin or kilderkin) and
    how many. More of a beer and size already on the order is added to its line. Replies with the
    order."""
    o = state.orders.get(order_id)
    if o is None:
        return _no("NO_ORDER", f"no order {order_id}")
    if o["status"] != "draft":
        return _no("NOT_DRAFT", f"{order_id} is {o['status']}; only a draft order takes new lines")
    b = state.beers.get(beer_code)
    if b is None:
        return _no("NO_BEER", f"no beer {beer_code!r}")
    s = _size(size)
    if s is None:
        return _no("BAD_SIZE", f"{size!r} is not a cask size")
    if s not in b[3]:
        return _no("SIZE_NOT_BREWED", f"{b[0]} comes in {' and '.join(x + 's' for x in b[3])} only")
    month = int(o["day"][5:7])
    if not _in_season(b[4], month):
        return _no("OUT_OF_SEASON", f"{b[0]} is brewed from {MONTHS[b[4][0] - 1]} to {MONTHS[b[4][1] - 1]} only")
    if not 1 <= quantity <= 20:
        return _no("BAD_QUANTITY", "1 to 20 casks a line")
    for line in o["lines"]:
        if line[0] == beer_code and line[1] == s:
            line[2] += quantity
            break
    else:
        o["lines"].append([beer_code, s, quantity])
    return _order_reply(state, order_id)


@trade_desk("sales")
async def remove_order_line(state: State, token: str, order_id: str, beer_code: str, size: CaskSize) -> Order | dict:
    """Take a beer in a cask size off a draft order altogether. Replies with the order."""
    o = state.orders.get(order_id)
    if o is None:
        return _no("NO_ORDER", f"no order {order_id}")
    if o["status"] != "draft":
        return _no("NOT_DRAFT", f"{order_id} is {o['status']}; only a draft order's lines change")
    s = _size(size)
    for line in o["lines"]:
        if line[0] == beer_code and line[1] == s:
            o["lines"].remove(line)
            return _order_reply(state, order_id)
    return _no("NO_LINE", f"{order_id} has no {s or size} of {beer_code}")


@trade_desk("sales")
async def confirm_order(state: State, token: str, order_id: str) -> Order | dict:
    """Confirm a draft order for delivery: it needs at least one line, credit terms on the account, and
    room within the credit limit for the order with VAT. Replies with the confirmed order."""
    o = state.orders.get(order_id)
    if o is None:
        return _no("NO_ORDER", f"no order {order_id}")
    if o["status"] != "draft":
        return _no("NOT_DRAFT", f"{order_id} is already {o['status']}")
    if not o["lines"]:
        return _no("NO_LINES", f"{order_id} has no lines")
    a = state.accounts[o["account"]]
    if a["on_stop"]:
        return _no("ON_STOP", f"{a['pub']} is on stop")
    if a["terms"] is None:
        return _no("NO_TERMS", f"{a['pub']} has no credit terms yet; accounts must set them")
    if _days_between(TODAY, o["day"]) == 1 and NOW >= "12:00":
        return _no("CUT_OFF", "orders for a delivery day close at noon the day before")
    if a["terms"] != "cash_on_delivery":
        exposure = _money(_outstanding(state, o["account"]) + _order_total(state, o) * (1 + VAT))
        if exposure > a["limit"]:
            return _no("OVER_LIMIT", f"{a['pub']} would owe {exposure:.2f}, over its limit of {a['limit']}")
    o["status"] = "confirmed"
    return _order_reply(state, order_id)


@trade_desk("sales")
async def cancel_order(state: State, token: str, order_id: str, reason: str) -> Order | dict:
    """Cancel an order that has not gone on a run, giving the reason; any casks allocated to it go back to
    racked stock. Replies with the order."""
    o = state.orders.get(order_id)
    if o is None:
        return _no("NO_ORDER", f"no order {order_id}")
    if o["status"] not in ("draft", "confirmed", "allocated"):
        return _no("TOO_LATE", f"{order_id} is {o['status']}; it can no longer be cancelled")
    if not reason.strip():
        return _no("NO_REASON", "give a reason")
    for c in state.casks.values():
        if c["order"] == order_id:
            c["order"] = None
            _move(c, "filled", "cellar")
    o["status"], o["reason"] = "cancelled", reason.strip()
    return _order_reply(state, order_id)


@trade_desk()
async def orders_for_day(state: State, token: str, day: str, status: OrderStatus | None = None) -> list[OrderRow] | dict:
    """The orders for a delivery day, optionally only those in one status (draft, confirmed, allocated,
    on_run, out_for_delivery, delivered or cancelled), by order number."""
    d = _date(day)
    if d is None:
        return _no("BAD_DATE", f"{day!r} is not a date (YYYY-MM-DD)")
    out = []
    for oid, o in sorted(state.orders.items()):
        if o["day"] == d.isoformat() and (status is None or o["status"] == status):
            a = state.accounts[o["account"]]
            out.append(OrderRow(order_id=oid, account_id=o["account"], pub=a["pub"], area=_area_of(a["postcode"]),
                                delivery_day=o["day"], status=o["status"], casks=_firkins(o)))
    return out


# --------------------------------------------------------------------------- the cellar


@trade_desk()
async def cask_register(state: State, token: str, cask_state: CaskState | None = None,
                        size: CaskSize | None = None) -> list[CaskRow] | dict:
    """The cask register, optionally only the casks in one state (dirty, clean, filled, allocated,
    on_dray, out or lost) or of one size, by cask number: each cask's beer and gyle, the account it is
    out at and since when."""
    want = None
    if cask_state is not None:
        try:
            want = cask_state.value if isinstance(cask_state, CaskState) else CaskState(cask_state).value
        except ValueError:
            return _no("BAD_STATE", f"{cask_state!r} is not a cask state")
    s = _size(size) if size is not None else None
    out = []
    for cid, c in sorted(state.casks.items()):
        if (want is None or c["state"] == want) and (s is None or c["size"] == s):
            out.append(CaskRow(cask=cid, size=c["size"], state=c["state"], beer=c["beer"], gyle=c["gyle"],
                               account_id=c["account"], since=c["since"]))
    return out


@trade_desk()
async def stock_summary(state: State, token: str) -> list[StockRow] | dict:
    """Racked stock in the cellar: for each beer and size, the filled casks not yet allocated."""
    counts = {}
    for c in state.casks.values():
        if c["state"] == "filled":
            counts[(c["beer"], c["size"])] = counts.get((c["beer"], c["size"]), 0) + 1
    return [StockRow(beer_code=b, beer=state.beers[b][0], size=s, racked=n) for (b, s), n in sorted(counts.items())]


@trade_desk()
async def cask_history(state: State, token: str, cask: str) -> CaskHistory | dict:
    """One cask's history: its size, state, beer and where it is, and every movement recorded for it."""
    c = state.casks.get(cask)
    if c is None:
        return _no("NO_CASK", f"no cask {cask}")
    return CaskHistory(cask=cask, size=c["size"], state=c["state"], beer=c["beer"], account_id=c["account"],
                       movements=[Movement(day=d, event=e, where=w) for d, e, w in c["history"]])


@trade_desk("cellar")
async def wash_casks(state: State, token: str, casks: list[str]) -> Washed | dict:
    """Record dirty returned casks as washed, sterilised and ready to rack; all must be of one size.
    Replies with the casks washed."""
    if not casks:
        return _no("NO_CASKS", "list the casks washed")
    sizes = set()
    for cid in casks:
        c = state.casks.get(cid)
        if c is None:
            return _no("NO_CASK", f"no cask {cid}")
        if c["state"] != "dirty":
            return _no("NOT_DIRTY", f"{cid} is {c['state']}, not waiting to be washed")
        sizes.add(c["size"])
    if len(sizes) > 1:
        return _no("MIXED_SIZES", "wash one size of cask at a time")
    for cid in casks:
        c = state.casks[cid]
        c["beer"], c["gyle"], c["account"] = None, None, None
        _move(c, "clean", "cellar")
    return Washed(washed=list(casks), size=sizes.pop())


@trade_desk("cellar")
async def rack_beer(state: State, token: str, beer_code: str, size: CaskSize, casks: list[str], gyle: str) -> Racked | dict:
    """Rack a beer from the fermenting vessel into clean casks of one size, under its gyle number (the
    brew's number, G- and the brew day as MMDD). Replies with the casks filled and the litres."""
    b = state.beers.get(beer_code)
    if b is None:
        return _no("NO_BEER", f"no beer {beer_code!r}")
    s = _size(size)
    if s is None or s not in b[3]:
        return _no("SIZE_NOT_BREWED", f"{b[0]} is racked into {' and '.join(x + 's' for x in b[3])} only")
    if not _in_season(b[4], int(TODAY[5:7])):
        return _no("OUT_OF_SEASON", f"{b[0]} is not being brewed this month")
    g = gyle.strip().upper()
    if len(g) != 6 or not g.startswith("G-") or not g[2:].isdigit() or _date(f"2031-{g[2:4]}-{g[4:]}") is None:
        return _no("BAD_GYLE", "a gyle number is G- and the brew day as MMDD, such as G-0509")
    if not casks:
        return _no("NO_CASKS", "list the casks racked")
    for cid in casks:
        c = state.casks.get(cid)
        if c is None:
            return _no("NO_CASK", f"no cask {cid}")
        if c["state"] != "clean":
            return _no("NOT_CLEAN", f"{cid} is {c['state']}; beer is racked into clean casks only")
        if c["size"] != s:
            return _no("WRONG_SIZE", f"{cid} is a {c['size']}, not a {s}")
    for cid in casks:
        c = state.casks[cid]
        c["beer"], c["gyle"] = beer_code, g
        _move(c, "filled", "cellar")
    return Racked(beer_code=beer_code, gyle=g, size=s, casks=list(casks), litres=round(LITRES[s] * len(casks), 1))


@trade_desk("cellar")
async def allocate_casks(state: State, token: str, order_id: str) -> Allocation | dict:
    """Allocate racked casks, oldest gyle first, to every line of a confirmed order. Replies with the
    casks allocated to each line."""
    o = state.orders.get(order_id)
    if o is None:
        return _no("NO_ORDER", f"no order {order_id}")
    if o["status"] != "confirmed":
        return _no("NOT_CONFIRMED", f"{order_id} is {o['status']}; casks are allocated to a confirmed order")
    picks = []
    for beer, size, qty in o["lines"]:
        stock = sorted((c["gyle"], cid) for cid, c in state.casks.items()
                       if c["state"] == "filled" and c["beer"] == beer and c["size"] == size)
        if len(stock) < qty:
            return _no("SHORT", f"not enough racked {state.beers[beer][0]} in {size}s: {len(stock)} of {qty}")
        picks.append((beer, size, [cid for _, cid in stock[:qty]]))
    for _, _, cids in picks:
        for cid in cids:
            state.casks[cid]["order"] = order_id
            _move(state.casks[cid], "allocated", "cellar")
    o["status"] = "allocated"
    return Allocation(order_id=order_id, status="allocated",
                      lines=[AllocatedLine(beer_code=b, size=s, casks=c) for b, s, c in picks])


@trade_desk("cellar", "accounts")
async def report_ullage(state: State, token: str, account_id: str, cask: str, litres: float,
                        reason: UllageReason) -> UllageClaim | dict:
    """Open an ullage claim for beer a pub sent back in a cask that is now back at the brewery: the
    account, the cask, the litres left in it and what was wrong (sour, cloudy, flat or off_flavour).
    Replies with the claim."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    c = state.casks.get(cask)
    if c is None:
        return _no("NO_CASK", f"no cask {cask}")
    if c["account"] != account_id:
        return _no("NOT_THEIRS", f"{cask} did not come back from {a['pub']}")
    if c["state"] != "dirty":
        return _no("NOT_BACK", f"{cask} is {c['state']}; a claim is opened once the cask is back at the brewery")
    if not 0 < litres <= LITRES[c["size"]]:
        return _no("BAD_LITRES", f"a {c['size']} holds {LITRES[c['size']]} litres")
    if reason not in ("sour", "cloudy", "flat", "off_flavour"):
        return _no("BAD_REASON", f"{reason!r} is not an ullage reason")
    if any(k["cask"] == cask and k["status"] != "rejected" for k in state.claims.values()):
        return _no("DUPLICATE", f"{cask} already has a claim")
    kid = f"UC-{_next(state, 'claim'):04d}"
    state.claims[kid] = {"account": account_id, "cask": cask, "beer": c["beer"], "litres": litres, "reason": reason,
                         "status": "open", "note": None, "credit": None, "destroyed": False}
    return _claim_reply(state, kid)


@trade_desk("accounts")
async def decide_ullage(state: State, token: str, claim_id: str, accept: bool, note: str) -> UllageClaim | dict:
    """Accept or reject an open ullage claim, with a note; an accepted claim credits the pub for the beer
    at its cask price pro rata. Replies with the claim."""
    k = state.claims.get(claim_id)
    if k is None:
        return _no("NO_CLAIM", f"no ullage claim {claim_id}")
    if k["status"] != "open":
        return _no("DECIDED", f"{claim_id} is already {k['status']}")
    if not note.strip():
        return _no("NO_NOTE", "note why")
    k["note"] = note.strip()
    if accept:
        size = state.casks[k["cask"]]["size"]
        credit = _money(state.beers[k["beer"]][3][size] * k["litres"] / LITRES[size])
        k["status"], k["credit"] = "accepted", credit
        cid = f"CR-{_next(state, 'credit'):04d}"
        state.credits[cid] = {"account": k["account"], "claim": claim_id, "amount": credit}
    else:
        k["status"] = "rejected"
    return _claim_reply(state, claim_id)


@trade_desk("cellar")
async def destroy_beer(state: State, token: str, claim_id: str, witness: str) -> Destruction | dict:
    """Record returned beer from an accepted ullage claim as poured away in front of a witness, for duty
    relief on the next return. Replies with the litres of pure alcohol and the relief."""
    k = state.claims.get(claim_id)
    if k is None:
        return _no("NO_CLAIM", f"no ullage claim {claim_id}")
    if k["status"] != "accepted":
        return _no("NOT_ACCEPTED", f"{claim_id} is {k['status']}; only beer on an accepted claim is destroyed for relief")
    if k["destroyed"]:
        return _no("DESTROYED", f"the beer on {claim_id} is already destroyed")
    if not witness.strip():
        return _no("NO_WITNESS", "name the witness")
    abv = state.beers[k["beer"]][1]
    lpa = round(k["litres"] * abv / 100, 2)
    relief = _money(lpa * DUTY_RATE)
    k["destroyed"] = True
    state.destroyed.append([TODAY, claim_id, k["beer"], k["litres"], lpa, relief, witness.strip()])
    return Destruction(claim_id=claim_id, beer=state.beers[k["beer"]][0], litres=k["litres"], pure_alcohol_litres=lpa,
                       duty_relief=relief, witness=witness.strip())


# --------------------------------------------------------------------------- dispatch


@trade_desk()
async def dray_board(state: State, token: str, day: str) -> DrayBoard | dict:
    """The dray board for a day: the drivers and vehicles and whether each is free, and the runs planned."""
    d = _date(day)
    if d is None:
        return _no("BAD_DATE", f"{day!r} is not a date (YYYY-MM-DD)")
    day = d.isoformat()
    runs = {rid: r for rid, r in sorted(state.runs.items()) if r["day"] == day and r["status"] != "cancelled"}
    busy_d = {r["driver"] for r in runs.values()}
    busy_v = {r["vehicle"] for r in runs.values()}
    return DrayBoard(day=day,
                     drivers=[Driver(driver_id=k, name=v, available=k not in busy_d) for k, v in state.drivers.items()],
                     vehicles=[Vehicle(vehicle=k, kind=v[0], capacity_firkins=v[1], available=k not in busy_v)
                               for k, v in state.vehicles.items()],
                     runs=[RunRow(run_id=rid, area=r["area"], driver_id=r["driver"], vehicle=r["vehicle"],
                                  status=r["status"]) for rid, r in runs.items()])


@trade_desk("dispatch")
async def plan_round(state: State, token: str, day: str, area: Area, driver_id: str, vehicle: str) -> RunSheet | dict:
    """Plan a delivery run for a round on a day with a driver and a vehicle: every allocated order for
    that round and day not yet on a run goes on it. Replies with the run sheet."""
    d = _date(day)
    if d is None:
        return _no("BAD_DATE", f"{day!r} is not a date (YYYY-MM-DD)")
    day = d.isoformat()
    if day < TODAY:
        return _no("PAST", f"{day} has passed")
    if area not in ROUNDS:
        return _no("BAD_AREA", f"{area!r} is not a round")
    if driver_id not in state.drivers:
        return _no("NO_DRIVER", f"no driver {driver_id}")
    if vehicle not in state.vehicles:
        return _no("NO_VEHICLE", f"no vehicle {vehicle}")
    for rid, r in state.runs.items():
        if r["day"] == day and r["status"] != "cancelled":
            if r["driver"] == driver_id:
                return _no("DRIVER_BUSY", f"{state.drivers[driver_id]} is already on {rid} that day")
            if r["vehicle"] == vehicle:
                return _no("VEHICLE_BUSY", f"{vehicle} is already on {rid} that day")
    orders = [oid for oid, o in sorted(state.orders.items())
              if o["day"] == day and o["status"] == "allocated" and _area_of(state.accounts[o["account"]]["postcode"]) == area]
    if not orders:
        return _no("NOTHING_TO_DELIVER", f"no allocated orders for the {ROUNDS[area][0]} round on {day}")
    load = sum(_firkins(state.orders[oid]) for oid in orders)
    if load > state.vehicles[vehicle][1]:
        return _no("OVERLOADED", f"{load:g} firkin-equivalents will not go on {vehicle} ({state.vehicles[vehicle][1]} at most)")
    rid = f"DR-{day[5:7]}{day[8:]}-{1 + sum(1 for r in state.runs.values() if r['day'] == day)}"
    state.runs[rid] = {"day": day, "area": area, "driver": driver_id, "vehicle": vehicle, "status": "planned",
                       "orders": orders}
    for oid in orders:
        state.orders[oid]["status"], state.orders[oid]["run"] = "on_run", rid
    return _run_sheet(state, rid)


@trade_desk()
async def run_sheet(state: State, token: str, run_id: str) -> RunSheet | dict:
    """A delivery run's sheet: the day, round, driver, vehicle and status, and each drop in order with the
    pub, its address, the casks for it and the order's status."""
    if run_id not in state.runs:
        return _no("NO_RUN", f"no delivery run {run_id}")
    return _run_sheet(state, run_id)


@trade_desk("dispatch")
async def cancel_run(state: State, token: str, run_id: str, reason: str) -> RunSheet | dict:
    """Cancel a planned run before it goes out, giving the reason; its orders go back to allocated.
    Replies with the run sheet."""
    r = state.runs.get(run_id)
    if r is None:
        return _no("NO_RUN", f"no delivery run {run_id}")
    if r["status"] != "planned":
        return _no("NOT_PLANNED", f"{run_id} is {r['status']}")
    if not reason.strip():
        return _no("NO_REASON", "give a reason")
    for oid in r["orders"]:
        state.orders[oid]["status"], state.orders[oid]["run"] = "allocated", None
    sheet = _run_sheet(state, run_id)
    r["status"], r["reason"], r["orders"] = "cancelled", reason.strip(), []
    sheet.status = "cancelled"
    return sheet


@trade_desk("dispatch")
async def dispatch_run(state: State, token: str, run_id: str) -> RunSheet | dict:
    """Send a planned run out on its day: its casks go on the dray and its orders out for delivery.
    Replies with the run sheet."""
    r = state.runs.get(run_id)
    if r is None:
        return _no("NO_RUN", f"no delivery run {run_id}")
    if r["status"] != "planned":
        return _no("NOT_PLANNED", f"{run_id} is {r['status']}")
    if r["day"] != TODAY:
        return _no("NOT_TODAY", f"{run_id} goes out on {r['day']}")
    for oid in r["orders"]:
        state.orders[oid]["status"] = "out_for_delivery"
        for c in state.casks.values():
            if c["order"] == oid:
                _move(c, "on_dray", r["vehicle"])
    r["status"] = "out"
    return _run_sheet(state, run_id)


@trade_desk("dispatch")
async def record_delivery(state: State, token: str, order_id: str, received_by: str,
                          empties: list[str] | None = None) -> DeliveryNote | dict:
    """Record an order delivered from a run that is out: who at the pub received the casks, and the
    numbers of any empty casks collected from the pub's cellar. Replies with the delivery note."""
    o = state.orders.get(order_id)
    if o is None:
        return _no("NO_ORDER", f"no order {order_id}")
    if o["status"] != "out_for_delivery":
        return _no("NOT_OUT", f"{order_id} is {o['status']}; only an order on a run that is out is delivered")
    if not received_by.strip():
        return _no("NO_SIGNATURE", "say who received the casks")
    empties = list(empties or [])
    for cid in empties:
        c = state.casks.get(cid)
        if c is None or c["account"] != o["account"] or c["state"] != "out":
            return _no("NOT_AT_PUB", f"cask {cid} is not out at {state.accounts[o['account']]['pub']}")
    left = sorted(cid for cid, c in state.casks.items() if c["order"] == order_id)
    for cid in left:
        c = state.casks[cid]
        c["account"], c["order"] = o["account"], None
        _move(c, "out", o["account"])
    for cid in empties:
        _move(state.casks[cid], "dirty", "brewery")
    o["status"] = "delivered"
    o["received_by"] = received_by.strip()
    return DeliveryNote(order_id=order_id, pub=state.accounts[o["account"]]["pub"], received_by=received_by.strip(),
                        casks_left=left, empties_collected=empties)


@trade_desk("dispatch")
async def collect_empties(state: State, token: str, account_id: str, casks: list[str]) -> Collection | dict:
    """Record empty casks collected from a pub outside a delivery, by cask number. Replies with the
    collection."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    if not casks:
        return _no("NO_CASKS", "list the casks collected")
    for cid in casks:
        c = state.casks.get(cid)
        if c is None or c["account"] != account_id or c["state"] != "out":
            return _no("NOT_AT_PUB", f"cask {cid} is not out at {a['pub']}")
    for cid in casks:
        _move(state.casks[cid], "dirty", "brewery")
    return Collection(account_id=account_id, pub=a["pub"], collected=list(casks))


# --------------------------------------------------------------------------- money and duty


@trade_desk("accounts")
async def invoice_order(state: State, token: str, order_id: str) -> Invoice | dict:
    """Invoice a delivered order at the cask prices (duty included) plus VAT, due by the account's terms.
    Replies with the invoice."""
    o = state.orders.get(order_id)
    if o is None:
        return _no("NO_ORDER", f"no order {order_id}")
    if o["status"] != "delivered":
        return _no("NOT_DELIVERED", f"{order_id} is {o['status']}; orders are invoiced once delivered")
    if o["invoice"]:
        return _no("INVOICED", f"{order_id} is already invoiced ({o['invoice']})")
    a = state.accounts[o["account"]]
    iid = f"INV-{order_id[3:]}"
    lines = [[f"{q} x {s} {state.beers[b][0]}", _money(state.beers[b][3][s] * q)] for b, s, q in o["lines"]]
    due = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=TERM_DAYS[a["terms"] or "cash_on_delivery"]))
    state.invoices[iid] = {"account": o["account"], "order": order_id, "issued": TODAY, "due": due.isoformat(),
                           "lines": lines, "paid": 0.0}
    o["invoice"] = iid
    return _invoice_reply(state, iid)


@trade_desk("accounts")
async def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Receipt | dict:
    """Take a payment against an invoice (bacs, card, cheque or cash), up to its balance. Replies with the
    receipt."""
    inv = state.invoices.get(invoice_id)
    if inv is None:
        return _no("NO_INVOICE", f"no invoice {invoice_id}")
    balance = _money(_invoice_total(inv)[2] - inv["paid"])
    if balance <= 0:
        return _no("PAID", f"{invoice_id} is already paid")
    if not 0 < amount <= balance + 1e-9:
        return _no("BAD_AMOUNT", f"a payment is more than nothing and at most the balance of {balance:.2f}")
    if method not in ("bacs", "card", "cheque", "cash"):
        return _no("BAD_METHOD", f"{method!r} is not a payment method")
    inv["paid"] = _money(inv["paid"] + amount)
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"invoice": invoice_id, "amount": amount, "method": method}
    return Receipt(receipt_id=rid, invoice_id=invoice_id, amount=_money(amount), method=method,
                   balance=_money(balance - amount))


@trade_desk("accounts")
async def charge_lost_cask(state: State, token: str, account_id: str, cask: str, note: str) -> LostCask | dict:
    """Charge a pub for a cask it has kept too long, writing the cask off as lost, with a note. Replies
    with the charge and its invoice."""
    a = state.accounts.get(account_id)
    if a is None:
        return _no("NO_ACCOUNT", f"no account {account_id}")
    c = state.casks.get(cask)
    if c is None:
        return _no("NO_CASK", f"no cask {cask}")
    if c["account"] != account_id or c["state"] != "out":
        return _no("NOT_AT_PUB", f"{cask} is not out at {a['pub']}")
    days = _days_between(c["since"], TODAY)
    if days < LOST_AFTER_DAYS:
        return _no("TOO_SOON", f"{cask} has been out {days} days; a cask is charged as lost after {LOST_AFTER_DAYS}")
    charge = LOST_CHARGE[c["size"]]
    iid = f"INV-{_next(state, 'invoice')}"
    due = datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=TERM_DAYS[a["terms"] or "cash_on_delivery"])
    state.invoices[iid] = {"account": account_id, "order": None, "issued": TODAY, "due": due.isoformat(),
                           "lines": [[f"Lost {c['size']} {cask}: {note.strip()}", charge]], "paid": 0.0, "vat": False}
    _move(c, "lost", account_id)
    return LostCask(cask=cask, account_id=account_id, pub=a["pub"], days_out=days, invoice_id=iid, charge=charge)


def _return_reply(state: State, return_id: str) -> DutyReturn:
    r = state.duty_returns[return_id]
    lines = []
    for beer, abv, litres in r["lines"]:
        lpa = round(litres * abv / 100, 2)
        lines.append(DutyLine(beer_code=beer, abv=abv, litres=round(litres, 1), pure_alcohol_litres=lpa,
                              duty=_money(lpa * DUTY_RATE)))
    due = _money(sum(x.duty for x in lines) - r["relief"])
    return DutyReturn(return_id=return_id, period=r["period"], lines=lines, relief=r["relief"], duty_due=due,
                      status=r["status"], hmrc_reference=r["ref"], declared_by=r["declared_by"])


@trade_desk("accounts")
async def duty_return(state: State, token: str, period: str) -> DutyReturn | dict:
    """Draw up the alcohol duty return for a month (YYYY-MM) from the beer that left the brewery, less the
    relief on beer destroyed; a draft already drawn up for the month is drawn up again. Replies with the
    draft return."""
    if len(period) != 7 or _date(f"{period}-01") is None:
        return _no("BAD_PERIOD", f"{period!r} is not a month (YYYY-MM)")
    if period >= TODAY[:7]:
        return _no("PERIOD_OPEN", f"the return for {period} is drawn up after the month ends")
    if period != "2031-04":
        return _no("NOT_DUE", "the open return is April 2031; earlier months are submitted")
    rid = f"ADR-{period}"
    r = state.duty_returns.get(rid)
    if r is not None and r["status"] == "submitted":
        return _no("SUBMITTED", f"{rid} is already submitted ({r['ref']})")
    litres = {}
    for beer, size, n in state.dispatched:
        litres[beer] = litres.get(beer, 0.0) + LITRES[size] * n
    relief = _money(sum(x[5] for x in state.destroyed if x[0][:7] == period))
    state.duty_returns[rid] = {"period": period, "lines": [[b, state.beers[b][1], v] for b, v in sorted(litres.items())],
                               "relief": relief, "status": "draft", "ref": None, "declared_by": None}
    return _return_reply(state, rid)


@trade_desk("accounts")
async def submit_duty_return(state: State, token: str, return_id: str, declared_by: str) -> DutyReturn | dict:
    """Submit a drafted duty return to HMRC, with the name of the person making the declaration. Replies
    with the return and HMRC's reference."""
    r = state.duty_returns.get(return_id)
    if r is None:
        return _no("NO_RETURN", f"no duty return {return_id}")
    if r["status"] != "draft":
        return _no("SUBMITTED", f"{return_id} is already submitted ({r['ref']})")
    if not declared_by.strip():
        return _no("NO_DECLARANT", "name the person making the declaration")
    r["status"], r["declared_by"] = "submitted", declared_by.strip()
    r["ref"] = f"XMADP000{r['period'].replace('-', '')}{len(r['lines'])}"
    return _return_reply(state, return_id)


TOOLS = [
    sign_in, sign_out, beer_list, round_calendar, find_account, open_account, update_account, account_statement,
    verify_licence, set_credit_terms, put_on_stop, release_stop, notify_account, new_order, add_order_line,
    remove_order_line, confirm_order, cancel_order, orders_for_day, cask_register, stock_summary, cask_history,
    wash_casks, rack_beer, allocate_casks, report_ullage, decide_ullage, destroy_beer, dray_board, plan_round,
    run_sheet, cancel_run, dispatch_run, record_delivery, collect_empties, invoice_order, take_payment,
    charge_lost_cask, duty_return, submit_duty_return,
]

FIXTURES = {
    "brewery": {"name": "Hobson & Pyke Brewery, Tanners Yard, Ludwell",
                "today": "Tuesday 13 May 2031, 07:30: the Ludwell town round goes out today",
                "duty": "HMRC alcohol duty, monthly returns"},
    "staff": [
        {"name": "Nina Carver", "role": "trade desk (sales)", "username": "nina.c", "password": "Cask-Ale-Desk"},
        {"name": "Linda Osei", "role": "accounts", "username": "linda.o", "password": "Duty-Paid-31"},
        {"name": "Tom Rudd", "role": "head cellarman", "username": "tom.r", "password": "Shive-And-Spile"},
        {"name": "Jo Tallis", "role": "dispatch", "username": "jo.t", "password": "Dray-Lane-4"},
        {"name": "Mark Pyke", "role": "managing director", "username": "mark.p", "password": "Est-1874-Brew"},
    ],
    "new_pub": {"pub": "The Drovers Arms", "licensee": "Mr Sam Whitcombe", "address": "Church Lane, Hatchley",
                "postcode": "LW8 2RT", "phone": "07700 900731", "email": "drovers.hatchley@mail.example",
                "premises_licence": "LDC/PL/0417", "licence_expires": "31 January 2032", "free_house": True,
                "delivery_notes": "Cellar hatch in the side yard; ring the bell by the car park door"},
    "desk_notes": [
        "The Plough's licence was renewed on the council register: LDC/PL/0112, now to 31 May 2032",
        "The Railway Tavern's new e-mail address is railway.chatham@mail.example",
        "Gordon Fife at the Bell & Anchor paid his April invoice by card over the phone",
        "The Fleece bounced two cheques last month; Aled Price says a transfer is on its way",
        "Jean Hollis at the Plough says one of last week's Ludwell Bitter firkins went sour; about 22 litres will come back",
        "Aled Price at the Fleece has a cloudy Tanners Gold firkin to send back, about 9 litres left in it",
    ],
}

_TOKEN = "auth: session token (token of sign_in's session)"
PUBLIC = ("sign_in", "beer_list", "round_calendar")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
ACCOUNT_CONSUMERS = ["update_account", "account_statement", "verify_licence", "set_credit_terms", "new_order",
                     "notify_account"]
FOUND_ACCOUNT_CONSUMERS = ["put_on_stop", "release_stop", "collect_empties", "report_ullage", "charge_lost_cask"]
ORDER_CONSUMERS = ["add_order_line", "remove_order_line", "confirm_order", "cancel_order", "allocate_casks"]
RUN_CONSUMERS = ["run_sheet", "dispatch_run", "cancel_run"]
CASK_OUT_CONSUMERS = ["record_delivery", "collect_empties", "report_ullage", "charge_lost_cask"]
_ACCOUNT = "id lookup/create: account id (account_id of open_account, or of a find_account row)"
_FOUND_ACCOUNT = "id lookup: account id (account_id of a find_account row)"
_ORDER = "id lookup/create: order id (order_id of new_order, or of an orders_for_day row)"
_RUN = "id lookup/create: run id (run_id of plan_round, or of a dray_board run)"
_CASK_OUT = "id lookup: cask number of a cask out at the pub (cask of account_statement's casks_out)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("open_account|find_account", c, _ACCOUNT) for c in ACCOUNT_CONSUMERS]
    + [("find_account", c, _FOUND_ACCOUNT) for c in FOUND_ACCOUNT_CONSUMERS]
    + [("new_order|orders_for_day", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("plan_round|dray_board", c, _RUN) for c in RUN_CONSUMERS]
    + [("account_statement", c, _CASK_OUT) for c in CASK_OUT_CONSUMERS]
    + [
        ("run_sheet|orders_for_day", "record_delivery",
         "id lookup: order id of an order out for delivery (order_id of a run_sheet drop, or of an orders_for_day row)"),
        ("run_sheet|orders_for_day", "invoice_order",
         "id lookup: order id of a delivered order (order_id of a run_sheet drop, or of an orders_for_day row)"),
        ("cask_register", "wash_casks", "id lookup: cask numbers of dirty casks (cask of cask_register rows)"),
        ("cask_register", "rack_beer", "id lookup: cask numbers of clean casks (cask of cask_register rows)"),
        ("report_ullage", "decide_ullage", "id create: ullage claim id (claim_id of report_ullage)"),
        ("report_ullage", "destroy_beer", "id create: ullage claim id (claim_id of report_ullage)"),
        ("invoice_order|account_statement", "take_payment",
         "id lookup/create: invoice id (invoice_id of invoice_order, or of account_statement's invoices)"),
        ("duty_return", "submit_duty_return", "id create: duty return id (return_id of duty_return)"),
        ("beer_list", "add_order_line", "vocabulary: beer code (code of a beer_list row)"),
        ("beer_list", "rack_beer", "vocabulary: beer code (code of a beer_list row)"),
        ("round_calendar", "new_order", "vocabulary: a delivery day on the pub's round (next_dates of a round_calendar row)"),
        ("dray_board", "plan_round", "vocabulary: a free driver and vehicle (driver_id and vehicle of dray_board's lists)"),
        ("verify_licence", "new_order", "state: the premises licence checked"),
        ("verify_licence", "set_credit_terms", "state: the premises licence checked"),
        ("set_credit_terms", "confirm_order", "state: credit terms on the account"),
        ("add_order_line", "remove_order_line", "state: the beer and size on the order"),
        ("add_order_line", "confirm_order", "state: a line on the order"),
        ("confirm_order", "allocate_casks", "state: the order confirmed"),
        ("wash_casks", "rack_beer", "state: clean casks"),
        ("rack_beer", "allocate_casks", "state: racked stock of the beer"),
        ("allocate_casks", "plan_round", "state: allocated orders for the round and day"),
        ("dispatch_run", "record_delivery", "state: the order out for delivery (its run sent out)"),
        ("record_delivery", "invoice_order", "state: the order delivered"),
        ("collect_empties|record_delivery", "report_ullage", "state: the cask back at the brewery"),
        ("decide_ullage", "destroy_beer", "state: the claim accepted"),
        ("take_payment", "release_stop", "state: no overdue invoice"),
        ("put_on_stop", "release_stop", "state: the account on stop"),
        ("update_account", "notify_account", "state: an e-mail address on file"),
    ]
)

PLAUSIBLE = {
    ("open_account", "find_account"), ("new_order", "orders_for_day"), ("confirm_order", "orders_for_day"),
    ("allocate_casks", "orders_for_day"), ("plan_round", "dray_board"), ("plan_round", "orders_for_day"),
    ("dispatch_run", "run_sheet"), ("record_delivery", "run_sheet"), ("cancel_run", "dray_board"),
    ("rack_beer", "stock_summary"), ("allocate_casks", "stock_summary"), ("wash_casks", "cask_register"),
    ("rack_beer", "cask_register"), ("record_delivery", "account_statement"), ("collect_empties", "account_statement"),
    ("invoice_order", "account_statement"), ("take_payment", "account_statement"), ("decide_ullage", "account_statement"),
    ("charge_lost_cask", "account_statement"), ("record_delivery", "cask_history"), ("collect_empties", "cask_history"),
    ("cask_register", "cask_history"), ("account_statement", "cask_history"), ("run_sheet", "cask_history"),
    ("allocate_casks", "run_sheet"), ("account_statement", "new_order"), ("account_statement", "add_order_line"),
    ("account_statement", "confirm_order"), ("account_statement", "cancel_order"), ("account_statement", "allocate_casks"),
    ("orders_for_day", "run_sheet"),
    ("update_account", "account_statement"), ("verify_licence", "account_statement"),
    ("set_credit_terms", "account_statement"), ("put_on_stop", "new_order"), ("release_stop", "new_order"),
    ("charge_lost_cask", "take_payment"), ("destroy_beer", "duty_return"), ("allocate_casks", "cask_register"),
    ("record_delivery", "collect_empties"), ("record_delivery", "charge_lost_cask"), ("cancel_run", "cancel_order"),
}
