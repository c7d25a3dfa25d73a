"""Brooder: the order office, hatchery floor, flock health and despatch system of Greywether Hatchery (36 calls).

Async functions, each behind the ``staff(*roles)`` session decorator, over an in-memory ``State`` of a poultry hatchery
at Lintonbrook on Monday 6 April 2043 at 07:30. The office finds and registers customers (smallholders, free-range egg
farms, meat-bird and game farms), records their Great Britain Poultry Register numbers, places their orders for
day-old chicks and ducklings, allocates them to a hatch, takes payment from cash customers, records dead-on-arrival
claims and cancels orders. The hatchery floor receives eggs from the breeder flocks, sets them in the setters, candles
them, moves them to the hatchers, takes off the hatch and feather-sexes the chicks. The flock health officer records
the flocks' salmonella samples under the National Control Programme and vaccinates chicks. Despatch books the
chick vans' runs and sends the orders out. Accounts approve trade accounts, invoice trade orders and take payments.
The manager may do everything. The price list is public.

Every call answers with a pydantic model, a list of them, bare rows, a bare value or a sentence; a refusal raises a
built-in exception: ``PermissionError`` (no session, or the wrong role), ``LookupError`` (an unknown id or code),
``ValueError`` (a bad input, or a rule of the hatchery's, the Poultry Register's or the Control Programme's) and
``RuntimeError`` (a record in the wrong state, or a change made already). The decorator checks the session and the
role before the tool runs; two calls are public and undecorated (``sign_in``, ``price_list``).

Annotations are postponed (``from __future__ import annotations``): PEP 604 unions such as ``str | None``, builtin
``list[str]`` and ``list[list[Any]]``, ``Enum``s and ``Literal`` aliases, resolved by the runtime in this module
through the decorator's ``__wrapped__`` signature. reST docstrings (``:param:``, ``:returns:``, ``:raises:``). Replies
are pydantic models and lists of them (session, a price list with its products as rows, customers, flocks with
their samples as rows, an egg intake, settings, hatches with their allocations as rows, orders, an order's detail
with its lines and events as rows, a transport booking, a dead-on-arrival claim, invoices with their lines as rows);
the egg store, the machines and the transport runs as bare rows; bare values (what an order has had paid, what an
invoice still owes, a hatch's hatchability); sentences with an id in them (an order despatched with its movement
record, an order cancelled, a message, a sign-out). Typed inputs: plain ``Enum`` inputs (``Vaccine``, ``PayMethod``),
a ``str`` ``Enum`` input (``SampleResult``) and a ``str`` ``Enum`` filter (``OrderState``), ``Literal`` inputs
(a customer's kind, how a claim was reported) and ``Literal`` filters (machines, settings due, invoices), ``int``
eggs, chicks, clears, culls, counts and terms, ``float`` amounts, ``str | None`` details and filters. Ids look
alike: customer ``CU-2106``, flock ``FL-11``, intake ``EI-7304``, setting ``SE-5525``, hatch ``HT-8813``, order
``OR-6606``, run ``RN-410``, booking ``TB-930``, claim ``DOA-57``, invoice ``INV-4412``, movement record ``MR-3318``,
message ``MSG-205``; setters ``S1`` to ``S3``, hatchers ``H1`` to ``H3``; products ``LB-AH`` to ``PK-AH``. The
product codes are shown only by the price list and the machines only by their list; the incubation days, the egg
store's age limit, the salmonella sample's age, the Poultry Register's threshold and number, the chick box and the
chicks' travelling age are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import math
from enum import Enum
from typing import Any, Callable, Literal

from pydantic import BaseModel

TODAY = "2043-04-06"  # a Monday
NOW = "2043-04-06 07:30"
OFFICE = ("office",)
HATCHERY = ("hatchery",)
HEALTH = ("health",)
DESPATCH = ("despatch",)
ACCOUNTS = ("accounts",)
VAT = 0.0  # day-old chicks are zero-rated
CustomerKind = Literal["smallholder", "egg_farm", "meat_farm", "game_farm"]
MachineKind = Literal["setter", "hatcher"]
Due = Literal["candle", "transfer", "hatch"]
ReportedBy = Literal["phone", "email", "driver"]
InvoiceFilter = Literal["unpaid", "paid"]
DAYS = {"chicken": {"candle": 10, "transfer": 18, "hatch": 21}, "duck": {"candle": 10, "transfer": 25, "hatch": 28}}
TRAY = {"chicken": 150, "duck": 90}
BOX = 100  # chicks to a chick box
RUN_BOXES = 40


class Vaccine(Enum):
    RISPENS = "rispens_injection"
    IB_SPRAY = "ib_spray"
    ND_SPRAY = "nd_spray"


class PayMethod(Enum):
    CARD = "card"
    BANK_TRANSFER = "bank_transfer"
    CASH = "cash"


class SampleResult(str, Enum):
    NEGATIVE = "negative"
    POSITIVE = "positive"


class OrderState(str, Enum):
    PLACED = "placed"
    ALLOCATED = "allocated"
    BOOKED = "booked"
    DESPATCHED = "despatched"
    INVOICED = "invoiced"
    CANCELLED = "cancelled"


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str


class PriceList(BaseModel):
    currency: str
    rows: list[list[Any]]


class Customer(BaseModel):
    customer_id: str
    name: str
    contact: str
    kind: str
    address: str
    phone: str
    email: str
    holding_number: str | None
    register_number: str | None
    account: str
    terms_days: int | None


class Flock(BaseModel):
    flock_id: str
    breed: str
    species: str
    house: str
    age_weeks: int
    samples: list[list[str]]
    cleared_to_set: bool


class Intake(BaseModel):
    intake_id: str
    flock_id: str
    breed: str
    eggs: int
    laid_on: str
    received: str


class Setting(BaseModel):
    setting_id: str
    intake_id: str
    flock_id: str
    breed: str
    species: str
    eggs: int
    set_on: str
    day: int
    machine: str
    clears: int | None
    transferred_on: str | None
    hatch_id: str | None
    next_step: str


class Hatch(BaseModel):
    hatch_id: str
    setting_id: str
    breed: str
    hatched_on: str
    chicks: int
    culls: int
    females: int | None
    males: int | None
    vaccines: list[list[str]]
    allocations: list[list[Any]]
    free_chicks: int
    free_females: int | None


class Order(BaseModel):
    order_id: str
    customer_id: str
    customer: str
    product_code: str
    description: str
    quantity: int
    wanted_on: str
    value: float
    paid: float
    hatch_id: str | None
    run_id: str | None
    order_state: str


class OrderDetail(BaseModel):
    order: Order
    lines: list[list[Any]]
    events: list[list[str]]


class TransportBooking(BaseModel):
    booking_id: str
    order_id: str
    run_id: str
    date: str
    area: str
    boxes: int


class DoaClaim(BaseModel):
    claim_id: str
    order_id: str
    dead_on_arrival: int
    credit: float
    reported_by: str


class Invoice(BaseModel):
    invoice_id: str
    order_id: str
    customer: str
    dated: str
    due: str
    lines: list[list[Any]]
    total: float
    paid: float
    owing: float
    invoice_state: str


# --------------------------------------------------------------------------- the hatchery's state

PRODUCTS = [  # code, description, breed, sexed, vaccinated, price a bird, minimum order
    ["LB-AH", "Lohmann Brown day-old chicks, as hatched", "Lohmann Brown", False, False, 0.95, 10],
    ["LB-F", "Lohmann Brown day-old pullets, feather-sexed", "Lohmann Brown", True, False, 2.10, 10],
    ["LB-FV", "Lohmann Brown day-old pullets, feather-sexed and Rispens-vaccinated", "Lohmann Brown", True, True,
     2.45, 10],
    ["MB-AH", "Hubbard JA57 day-old meat chicks, as hatched", "Hubbard JA57", False, False, 0.85, 25],
    ["PK-AH", "Pekin day-old ducklings, as hatched", "Pekin", False, False, 1.60, 6],
]
SPECIES = {"Lohmann Brown": "chicken", "Hubbard JA57": "chicken", "Pekin": "duck"}


class State:
    """Greywether Hatchery's system on Monday 6 April 2043 at 07:30."""

    def __init__(self) -> None:
        self.staff = {
            "romilly.t": {"name": "Romilly Tansley", "password": "Eggshell-Blue-24", "role": "office"},
            "bartholomew.s": {"name": "Bartholomew Scully", "password": "Setter-Tray-57", "role": "hatchery"},
            "emeka.a": {"name": "Emeka Adeyinka", "password": "Swab-Sample-81", "role": "health"},
            "connie.p": {"name": "Connie Pardew", "password": "Chick-Box-36", "role": "despatch"},
            "nerys.g": {"name": "Nerys Gwilliam", "password": "Zero-Rated-43", "role": "accounts"},
            "ottilie.w": {"name": "Ottilie Wraxall", "password": "Incubate-21-Days", "role": "manager"},
        }
        self.logins: dict[str, dict[str, Any]] = {}
        self.customers = {  # customer -> name, contact, kind, address, phone, email, holding, register, terms
            "CU-2101": ["Heronsgate Farm", "Mr Idwal Prothero", "meat_farm",
                        "Heronsgate, Cressage Road, Wenlock WN4 7HF",
                        "01632 963101", "idwal@heronsgate.example", "41/552/0087", "31174582", 30],
            "CU-2102": ["Mrs Sidonie Vellacott", "Mrs Sidonie Vellacott", "smallholder",
                        "Dymock Cottage, Kempley KY2 9RS", "07700 900812", "sidonie.vellacott@example.co.uk", None,
                        None, None],
            "CU-2103": ["Ashlar Free Range Ltd", "Ms Hartlebury Quiney", "egg_farm", "Ashlar Farm, Lydbury LB7 3QN",
                        "01632 963123", "eggs@ashlarfreerange.example", "43/118/0412", "30881926", None],
            "CU-2104": ["Brackenfold Game & Poultry", "Mr Ned Clunbury", "meat_farm", "Brackenfold, Clunbury CB3 1TE",
                        "01632 963144", "office@brackenfold.example", "43/207/0931", "29960413", 14],
            "CU-2105": ["Mr Crispin Tolley", "Mr Crispin Tolley", "smallholder", "4 Withy Pond Row, Kempley KY2 9RT",
                        "07700 900855", "crispin.tolley@example.com", None, None, None],
        }
        self.flocks = {  # flock -> breed, house, age in weeks, samples [[sampled, result, lab ref]]
            "FL-11": ["Lohmann Brown", "House 2", 31, [["2043-03-30", "negative", "APL-55120"]]],
            "FL-12": ["Hubbard JA57", "House 3", 38, [["2043-03-09", "negative", "APL-54877"]]],
            "FL-14": ["Pekin", "Pen 1", 44, [["2043-03-25", "negative", "APL-55061"]]],
            "FL-15": ["Lohmann Brown", "House 4", 27, [["2043-03-10", "negative", "APL-54902"],
                                                       ["2043-03-31", "positive", "APL-55133"]]],
        }
        self.intakes = {  # intake -> flock, eggs left, laid, received
            "EI-7300": ["FL-15", 1200, "2043-04-04", "2043-04-05"],
            "EI-7301": ["FL-11", 2400, "2043-04-02", "2043-04-03"],
            "EI-7302": ["FL-12", 1800, "2043-04-03", "2043-04-04"],
            "EI-7303": ["FL-14", 450, "2043-04-01", "2043-04-02"],
        }
        self.machines = {"S1": ["setter", 48], "S2": ["setter", 48], "S3": ["setter", 48],
                         "H1": ["hatcher", 24], "H2": ["hatcher", 24], "H3": ["hatcher", 24]}
        self.settings = {  # setting -> intake, flock, eggs, set on, machine, clears, transferred on, hatch
            "SE-5521": ["EI-7290", "FL-11", 3000, "2043-03-16", "H1", 240, "2043-04-03", None],
            "SE-5520": ["EI-7284", "FL-12", 1200, "2043-03-15", "S3", 110, None, None],
            "SE-5522": ["EI-7292", "FL-12", 2400, "2043-03-19", "S2", None, None, None],
            "SE-5523": ["EI-7296", "FL-11", 1500, "2043-03-27", "S1", None, None, None],
            "SE-5524": ["EI-7289", "FL-14", 540, "2043-03-12", "S3", 60, None, None],
            "SE-5518": ["EI-7285", "FL-12", 2400, "2043-03-15", "H2", 250, "2043-04-02", "HT-8812"],
        }
        self.hatches = {  # hatch -> setting, hatched on, chicks, culls, females, males, vaccines [[vaccine, batch]]
            "HT-8812": ["SE-5518", "2043-04-05", 2050, 100, None, None, [["ib_spray", "IBV-2214"]]],
        }
        self.settings["SE-5518"][4] = None  # the hatcher was emptied when the hatch came off
        self.orders = {  # order -> customer, product, quantity, wanted, hatch, run, state, payments
            "OR-6600": ["CU-2101", "MB-AH", 1800, "2043-03-09", "HT-8790", "RN-377", "invoiced", []],
            "OR-6601": ["CU-2101", "MB-AH", 1000, "2043-04-06", "HT-8812", None, "allocated", []],
            "OR-6602": ["CU-2102", "LB-FV", 20, "2043-04-07", None, None, "placed", []],
            "OR-6603": ["CU-2103", "LB-F", 600, "2043-04-07", None, None, "placed", []],
            "OR-6604": ["CU-2104", "MB-AH", 800, "2043-04-05", "HT-8812", "RN-408", "despatched", []],
            "OR-6605": ["CU-2105", "PK-AH", 30, "2043-04-10", None, None, "placed", []],
        }
        self.runs = {  # run -> date, area, van, boxes booked
            "RN-408": ["2043-04-05", "West", "Van 1", 8], "RN-410": ["2043-04-06", "North", "Van 1", 0],
            "RN-411": ["2043-04-06", "South", "Van 2", 0], "RN-412": ["2043-04-07", "North", "Van 1", 0],
            "RN-413": ["2043-04-07", "South", "Van 2", 6],
        }
        self.bookings = {"TB-927": ["OR-6604", "RN-408", 8]}  # booking -> order, run, boxes
        self.claims: dict[str, list[Any]] = {}
        self.invoices = {  # invoice -> order, dated, due, lines [[code, description, qty, price, amount]], paid
            "INV-4409": ["OR-6600", "2043-03-10", "2043-04-09",
                         [["MB-AH", "Hubbard JA57 day-old meat chicks, as hatched", 1800, 0.85, 1530.0]], 0.0],
        }
        self.events: dict[str, list[list[str]]] = {
            "OR-6601": [["2043-04-05 16:40", "allocated to HT-8812", "Romilly Tansley"]],
            "OR-6604": [["2043-04-05 13:15", "despatched on RN-408, movement record MR-3317", "Connie Pardew"]],
        }
        self.movements: list[list[str]] = [["MR-3317", "OR-6604", "2043-04-05"]]
        self.messages: list[list[str]] = []
        self.counters = {"customer": 2106, "intake": 7304, "setting": 5525, "hatch": 8813, "order": 6606,
                         "booking": 930, "claim": 57, "invoice": 4412, "movement": 3318, "message": 205}


# --------------------------------------------------------------------------- helpers


def staff(*roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The session check in front of a tool: the token of a signed-in user whose role is one of ``roles`` (the manager
    may do everything; no roles: anyone signed in), else ``PermissionError``."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        async def checked(*args: Any, **kwargs: Any) -> Any:
            _login(kwargs.get("state"), kwargs.get("token"), roles)
            return await fn(*args, **kwargs)

        return checked

    return decorate


def _login(state: Any, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    login = state.logins.get(token) if isinstance(token, str) and state is not None else None
    if login is None:
        raise PermissionError("not signed in, or the session has ended; sign in first")
    if roles and login["role"] != "manager" and login["role"] not in roles:
        raise PermissionError(f"{login['name']} ({login['role']}) may not do this")
    return login


def _who(state: State, token: str) -> str:
    return state.logins[token]["name"]


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _whole(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _amount(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _get(table: dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise LookupError(f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _plus(day: str, n: int) -> str:
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=n)).isoformat()


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise ValueError(f"{name} is one of {allowed}, not {value!r}") from None


def _choice(value: Any, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise ValueError(f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _event(state: State, order_id: str, what: str, who: str) -> None:
    state.events.setdefault(order_id, []).append([NOW, what, who])


def _product(code: Any) -> list[Any] | None:
    return next((p for p in PRODUCTS if p[0] == code), None)


def _customer(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c[0], contact=c[1], kind=c[2], address=c[3], phone=c[4], email=c[5],
                    holding_number=c[6], register_number=c[7], account="trade" if c[8] else "cash",
                    terms_days=c[8])


def _cleared(state: State, fid: str) -> str | None:
    """Why the flock's eggs may not be set, or None: its latest sample must be negative and at most 21 days old."""
    f = state.flocks[fid]
    last = max(f[3], key=lambda s: s[0]) if f[3] else None
    if last is None:
        return f"{fid} has no salmonella sample on record"
    if last[1] != "negative":
        return f"{fid}'s latest salmonella sample ({last[0]}, {last[2]}) is positive"
    if _days(last[0], TODAY) > 21:
        return f"{fid}'s latest salmonella sample is from {last[0]}; eggs are set only from a flock sampled negative " \
               "in the last 21 days"
    return None


def _flock(state: State, fid: str) -> Flock:
    f = state.flocks[fid]
    return Flock(flock_id=fid, breed=f[0], species=SPECIES[f[0]], house=f[1], age_weeks=f[2],
                 samples=[list(s) for s in f[3]], cleared_to_set=_cleared(state, fid) is None)


def _species(state: State, sid: str) -> str:
    return SPECIES[state.flocks[state.settings[sid][1]][0]]


def _trays(eggs: int, species: str) -> int:
    return math.ceil(eggs / TRAY[species])


def _used(state: State, machine: str) -> int:
    used = 0
    for sid, s in state.settings.items():
        if s[4] == machine:
            fertile = s[2] - (s[5] or 0) if s[6] else s[2]
            used += _trays(fertile, _species(state, sid))
    return used


def _setting(state: State, sid: str) -> Setting:
    s = state.settings[sid]
    species = _species(state, sid)
    if s[7]:
        step = "done"
    elif s[5] is None:
        step = f"candle from day {DAYS[species]['candle']}"
    elif s[6] is None:
        step = f"transfer from day {DAYS[species]['transfer']}"
    else:
        step = f"take off on day {DAYS[species]['hatch']}"
    return Setting(setting_id=sid, intake_id=s[0], flock_id=s[1], breed=state.flocks[s[1]][0], species=species,
                   eggs=s[2], set_on=s[3], day=_days(s[3], TODAY), machine=s[4] or "emptied", clears=s[5],
                   transferred_on=s[6], hatch_id=s[7], next_step=step)


def _allocated(state: State, hid: str) -> list[list[Any]]:
    return [[oid, o[1], o[2]] for oid, o in sorted(state.orders.items()) if o[4] == hid and o[6] != "cancelled"]


def _free(state: State, hid: str) -> tuple[int, int | None]:
    h = state.hatches[hid]
    taken = _allocated(state, hid)
    free = h[2] - sum(a[2] for a in taken)
    females = None if h[4] is None else h[4] - sum(a[2] for a in taken if _product(a[1])[3])
    return free, females


def _hatch(state: State, hid: str) -> Hatch:
    h = state.hatches[hid]
    free, females = _free(state, hid)
    breed = state.flocks[state.settings[h[0]][1]][0]
    return Hatch(hatch_id=hid, setting_id=h[0], breed=breed, hatched_on=h[1], chicks=h[2], culls=h[3],
                 females=h[4], males=h[5], vaccines=[list(v) for v in h[6]], allocations=_allocated(state, hid),
                 free_chicks=free, free_females=females)


def _value(o: list[Any]) -> float:
    return round(o[2] * _product(o[1])[5], 2)


def _paid(o: list[Any]) -> float:
    return round(sum(p[1] for p in o[7]), 2)


def _order(state: State, oid: str) -> Order:
    o = state.orders[oid]
    return Order(order_id=oid, customer_id=o[0], customer=state.customers[o[0]][0], product_code=o[1],
                 description=_product(o[1])[1], quantity=o[2], wanted_on=o[3], value=_value(o), paid=_paid(o),
                 hatch_id=o[4], run_id=o[5], order_state=o[6])


def _invoice(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    total = round(sum(line[4] for line in i[3]), 2)
    owing = round(total - i[4], 2)
    o = state.orders[i[0]]
    return Invoice(invoice_id=iid, order_id=i[0], customer=state.customers[o[0]][0], dated=i[1], due=i[2],
                   lines=[list(x) for x in i[3]], total=total, paid=i[4], owing=owing,
                   invoice_state="paid" if owing <= 0.005 else "unpaid")


# --------------------------------------------------------------------------- sessions and the price list


async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the hatchery's system.

    :param username: the user name, such as ``romilly.t``
    :param password: the password
    :returns: the session, with the ``token`` every call but ``sign_in`` and ``price_list`` needs
    :raises PermissionError: an unknown user name or a wrong password
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise PermissionError("unknown user name or wrong password")
    token = f"gwh-{username}-{len(state.logins) + 1}"
    state.logins[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"])


@staff()
async def sign_out(state: State, token: str) -> str:
    """End a session.

    :param token: the session's token
    :returns: a sentence saying who signed out
    """
    login = state.logins.pop(token)
    return f"Signed out {login['name']} at {NOW[11:]}."


async def price_list() -> PriceList:
    """The hatchery's published price list (public; no session needed).

    :returns: the products as rows of ``[product code, description, breed, sexed, vaccinated, price a bird, minimum
        order]``; orders name their product by the code. Day-old chicks are zero-rated for VAT.
    """
    return PriceList(currency="GBP", rows=[list(p) for p in PRODUCTS])


# --------------------------------------------------------------------------- customers


@staff()
async def find_customer(state: State, token: str, text: str) -> list[Customer]:
    """Find customers by part of their name, their contact's name or their e-mail address.

    :param token: the session's token
    :param text: what to look for
    :returns: the matching customers, by customer id, with their account (``cash`` or ``trade``), holding number and
        Poultry Register number
    """
    if _blank(text):
        raise ValueError("text is required")
    t = text.strip().lower()
    return [_customer(state, cid) for cid, c in sorted(state.customers.items())
            if t in c[0].lower() or t in c[1].lower() or t in c[5].lower()]


@staff(*OFFICE)
async def register_customer(state: State, token: str, name: str, contact: str, kind: CustomerKind, address: str,
                            phone: str, email: str, holding_number: str | None = None) -> Customer:
    """Register a new customer (the office); a new customer pays before despatch until accounts approve a trade
    account.

    :param token: the session's token
    :param name: the farm's or the keeper's name
    :param contact: the person we deal with
    :param kind: ``smallholder``, ``egg_farm``, ``meat_farm`` or ``game_farm``
    :param address: the postal address, where the chicks go
    :param phone: the phone number
    :param email: the e-mail address
    :param holding_number: the County Parish Holding number, written like ``41/552/0087``, if they have one
    :returns: the customer, with the new ``customer_id``
    """
    _choice(kind, ("smallholder", "egg_farm", "meat_farm", "game_farm"), "kind")
    if any(_blank(v) for v in (name, contact, address, phone)):
        raise ValueError("name, contact, address and phone are required")
    if not isinstance(email, str) or "@" not in email:
        raise ValueError(f"{email!r} is not an e-mail address")
    if holding_number is not None:
        parts = holding_number.strip().split("/") if isinstance(holding_number, str) else []
        if [len(p) for p in parts] != [2, 3, 4] or not all(p.isdigit() for p in parts):
            raise ValueError(f"a County Parish Holding number is written like 41/552/0087, not {holding_number!r}")
    for cid, c in state.customers.items():
        if c[0].lower() == name.strip().lower():
            raise RuntimeError(f"{c[0]} is a customer already, {cid}")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = [name.strip(), contact.strip(), kind, address.strip(), phone.strip(), email.strip(),
                            holding_number.strip() if holding_number else None, None, None]
    return _customer(state, cid)


@staff(*OFFICE)
async def update_customer(state: State, token: str, customer_id: str, contact: str | None = None,
                          address: str | None = None, phone: str | None = None,
                          email: str | None = None) -> Customer:
    """Change a customer's contact details (the office); leave out what stays.

    :param token: the session's token
    :param customer_id: the customer
    :param contact: the new contact
    :param address: the new address
    :param phone: the new phone number
    :param email: the new e-mail address
    :returns: the customer as they now stand
    :raises RuntimeError: the customer has those details already
    """
    c = _get(state.customers, customer_id, "customer")
    new = {i: v.strip() for i, v in ((1, contact), (3, address), (4, phone), (5, email))
           if v is not None and not _blank(v)}
    if not new:
        raise ValueError("give at least one of contact, address, phone, email")
    if 5 in new and "@" not in new[5]:
        raise ValueError(f"{new[5]!r} is not an e-mail address")
    if all(c[i] == v for i, v in new.items()):
        raise RuntimeError(f"{c[0]} has those details already")
    for i, v in new.items():
        c[i] = v
    return _customer(state, customer_id)


@staff(*OFFICE)
async def record_register_number(state: State, token: str, customer_id: str, register_number: str) -> Customer:
    """Record a customer's Great Britain Poultry Register number (the office).

    :param token: the session's token
    :param customer_id: the customer
    :param register_number: the number on the keeper's registration letter
    :returns: the customer
    """
    c = _get(state.customers, customer_id, "customer")
    if not isinstance(register_number, str) or not (len(register_number.strip()) == 8
                                                    and register_number.strip().isdigit()):
        raise ValueError(f"a Poultry Register number is eight digits, not {register_number!r}")
    if c[7] == register_number.strip():
        raise RuntimeError(f"{c[0]} has that register number already")
    c[7] = register_number.strip()
    return _customer(state, customer_id)


@staff(*ACCOUNTS)
async def approve_account(state: State, token: str, customer_id: str, terms_days: int) -> Customer:
    """Approve a trade account for a customer (accounts): trade orders go out before payment and are invoiced.

    :param token: the session's token
    :param customer_id: the customer
    :param terms_days: the days the customer has to pay an invoice
    :returns: the customer, now on a ``trade`` account
    """
    c = _get(state.customers, customer_id, "customer")
    if c[8]:
        raise RuntimeError(f"{c[0]} has a trade account already, on {c[8]} days")
    if not _whole(terms_days) or not 7 <= terms_days <= 60:
        raise ValueError("terms_days is a whole number of days from 7 to 60")
    c[8] = terms_days
    return _customer(state, customer_id)


@staff()
async def message_customer(state: State, token: str, customer_id: str, subject: str, body: str) -> str:
    """E-mail a customer.

    :param token: the session's token
    :param customer_id: the customer
    :param subject: the subject line
    :param body: the message
    :returns: a sentence with the message's id and where it went
    """
    c = _get(state.customers, customer_id, "customer")
    if _blank(subject) or _blank(body):
        raise ValueError("subject and body are required")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, subject.strip(), body.strip(), _who(state, token)])
    return f"Message {mid} sent to {c[1]} at {c[5]}."


# --------------------------------------------------------------------------- flocks, eggs and incubation


@staff()
async def flocks(state: State, token: str) -> list[Flock]:
    """The breeder flocks, by flock id.

    :param token: the session's token
    :returns: each flock with its breed, species, house, age, salmonella samples as rows of ``[sampled, result, lab
        reference]`` and whether its eggs may be set
    """
    return [_flock(state, fid) for fid in sorted(state.flocks)]


@staff(*HEALTH)
async def record_salmonella(state: State, token: str, flock_id: str, sampled_on: str, result: SampleResult,
                            lab_ref: str) -> Flock:
    """Record a flock's salmonella sample under the National Control Programme (the flock health officer).

    :param token: the session's token
    :param flock_id: the flock
    :param sampled_on: the day the boot swabs were taken, ``YYYY-MM-DD``
    :param result: ``negative`` or ``positive``
    :param lab_ref: the laboratory's reference
    :returns: the flock with its samples
    """
    f = _get(state.flocks, flock_id, "flock")
    day = _date(sampled_on, "sampled_on")
    if day > TODAY:
        raise ValueError(f"{day} has not come yet")
    result = _enum(SampleResult, result, "result")
    if _blank(lab_ref):
        raise ValueError("lab_ref is required")
    if any(s[2] == lab_ref.strip() for s in f[3]):
        raise RuntimeError(f"sample {lab_ref.strip()} is recorded for {flock_id} already")
    f[3].append([day, result.value, lab_ref.strip()])
    return _flock(state, flock_id)


@staff(*HATCHERY)
async def receive_eggs(state: State, token: str, flock_id: str, eggs: int, laid_on: str) -> Intake:
    """Receive a delivery of hatching eggs from a breeder flock into the egg store (the hatchery).

    :param token: the session's token
    :param flock_id: the flock
    :param eggs: how many eggs
    :param laid_on: the day they were laid, ``YYYY-MM-DD``
    :returns: the intake, with the new ``intake_id``
    """
    _get(state.flocks, flock_id, "flock")
    if not _whole(eggs) or eggs <= 0:
        raise ValueError("eggs is a whole number above 0")
    day = _date(laid_on, "laid_on")
    if day > TODAY:
        raise ValueError(f"{day} has not come yet")
    iid = f"EI-{_next(state, 'intake')}"
    state.intakes[iid] = [flock_id, eggs, day, TODAY]
    return Intake(intake_id=iid, flock_id=flock_id, breed=state.flocks[flock_id][0], eggs=eggs, laid_on=day,
                  received=TODAY)


@staff()
async def egg_store(state: State, token: str) -> list[list[Any]]:
    """The eggs in the egg store waiting to be set.

    :param token: the session's token
    :returns: rows of ``[intake id, flock id, breed, eggs left, laid on, days since lay]``
    """
    return [[iid, i[0], state.flocks[i[0]][0], i[1], i[2], _days(i[2], TODAY)]
            for iid, i in sorted(state.intakes.items()) if i[1] > 0]


@staff()
async def machines(state: State, token: str, kind: MachineKind | None = None) -> list[list[Any]]:
    """The setters and hatchers.

    :param token: the session's token
    :param kind: only ``setter`` or only ``hatcher`` machines
    :returns: rows of ``[machine code, kind, trays, trays free]``
    """
    if kind is not None:
        _choice(kind, ("setter", "hatcher"), "kind")
    return [[code, m[0], m[1], m[1] - _used(state, code)] for code, m in sorted(state.machines.items())
            if kind is None or m[0] == kind]


@staff(*HATCHERY)
async def set_eggs(state: State, token: str, intake_id: str, setter: str, eggs: int) -> Setting:
    """Set eggs from the egg store in a setter (the hatchery).

    :param token: the session's token
    :param intake_id: the intake the eggs come from
    :param setter: the setter's code
    :param eggs: how many eggs to set
    :returns: the setting, with the new ``setting_id`` and its day
    :raises ValueError: the eggs are too old, the flock is not cleared by its salmonella samples, or the setter is
        too full
    """
    i = _get(state.intakes, intake_id, "intake")
    m = _get(state.machines, setter, "machine")
    if m[0] != "setter":
        raise ValueError(f"{setter} is a hatcher; eggs are set in a setter")
    if not _whole(eggs) or eggs <= 0:
        raise ValueError("eggs is a whole number above 0")
    if eggs > i[1]:
        raise ValueError(f"{intake_id} has {i[1]} eggs left")
    if _days(i[2], TODAY) > 10:
        raise ValueError(f"the eggs of {intake_id} were laid on {i[2]}; eggs are set within 10 days of lay")
    why = _cleared(state, i[0])
    if why:
        raise ValueError(why)
    species = SPECIES[state.flocks[i[0]][0]]
    need = _trays(eggs, species)
    free = m[1] - _used(state, setter)
    if need > free:
        raise ValueError(f"{eggs} eggs take {need} trays; {setter} has {free} free")
    sid = f"SE-{_next(state, 'setting')}"
    state.settings[sid] = [intake_id, i[0], eggs, TODAY, setter, None, None, None]
    i[1] -= eggs
    return _setting(state, sid)


@staff()
async def settings(state: State, token: str, due: Due | None = None) -> list[Setting]:
    """The settings still incubating, by setting id.

    :param token: the session's token
    :param due: only those due today or overdue for ``candle``, ``transfer`` or ``hatch``
    :returns: the settings with their day of incubation and next step
    """
    if due is not None:
        _choice(due, ("candle", "transfer", "hatch"), "due")
    out = []
    for sid, s in sorted(state.settings.items()):
        if s[7]:
            continue
        days = DAYS[_species(state, sid)]
        day = _days(s[3], TODAY)
        step = "candle" if s[5] is None else "transfer" if s[6] is None else "hatch"
        if due is None or (step == due and day >= days[due]):
            out.append(_setting(state, sid))
    return out


@staff(*HATCHERY)
async def candle(state: State, token: str, setting_id: str, clears: int) -> Setting:
    """Record the candling of a setting: the clear (infertile) eggs taken out (the hatchery).

    :param token: the session's token
    :param setting_id: the setting
    :param clears: how many clear eggs were taken out
    :returns: the setting
    """
    s = _get(state.settings, setting_id, "setting")
    if s[5] is not None:
        raise RuntimeError(f"{setting_id} was candled already ({s[5]} clears)")
    day, need = _days(s[3], TODAY), DAYS[_species(state, setting_id)]["candle"]
    if day < need:
        raise RuntimeError(f"{setting_id} is on day {day}; it is candled from day {need}")
    if not _whole(clears) or clears < 0 or clears >= s[2]:
        raise ValueError(f"clears is a whole number of eggs below the {s[2]} set")
    s[5] = clears
    return _setting(state, setting_id)


@staff(*HATCHERY)
async def transfer_to_hatcher(state: State, token: str, setting_id: str, hatcher: str) -> Setting:
    """Move a candled setting from its setter to a hatcher (the hatchery).

    :param token: the session's token
    :param setting_id: the setting
    :param hatcher: the hatcher's code
    :returns: the setting, now in the hatcher
    """
    s = _get(state.settings, setting_id, "setting")
    m = _get(state.machines, hatcher, "machine")
    if m[0] != "hatcher":
        raise ValueError(f"{hatcher} is a setter; a setting moves to a hatcher")
    if s[6] is not None:
        raise RuntimeError(f"{setting_id} is in {s[4]} already")
    if s[5] is None:
        raise RuntimeError(f"{setting_id} has not been candled; the clears come out before the hatcher")
    species = _species(state, setting_id)
    day, need = _days(s[3], TODAY), DAYS[species]["transfer"]
    if day < need:
        raise RuntimeError(f"{setting_id} is on day {day}; it moves to a hatcher on day {need}")
    if any(x[4] == hatcher for x in state.settings.values()):
        raise RuntimeError(f"{hatcher} is full")
    if _trays(s[2] - s[5], species) > m[1]:
        raise ValueError(f"{hatcher} takes {m[1]} trays")
    s[4], s[6] = hatcher, TODAY
    return _setting(state, setting_id)


@staff(*HATCHERY)
async def take_off(state: State, token: str, setting_id: str, chicks: int, culls: int) -> Hatch:
    """Take the hatch off a hatcher (the hatchery): the chicks fit to sell and the culls.

    :param token: the session's token
    :param setting_id: the setting in the hatcher
    :param chicks: the saleable chicks
    :param culls: the chicks culled
    :returns: the hatch, with the new ``hatch_id``
    """
    s = _get(state.settings, setting_id, "setting")
    if s[7]:
        raise RuntimeError(f"{setting_id} has hatched already, {s[7]}")
    if s[6] is None:
        raise RuntimeError(f"{setting_id} is still in a setter; it hatches in a hatcher")
    day, need = _days(s[3], TODAY), DAYS[_species(state, setting_id)]["hatch"]
    if day < need:
        raise RuntimeError(f"{setting_id} is on day {day}; it hatches on day {need}")
    if not _whole(chicks) or not _whole(culls) or chicks <= 0 or culls < 0:
        raise ValueError("chicks and culls are whole numbers")
    if chicks + culls > s[2] - s[5]:
        raise ValueError(f"{setting_id} had {s[2] - s[5]} fertile eggs")
    hid = f"HT-{_next(state, 'hatch')}"
    state.hatches[hid] = [setting_id, TODAY, chicks, culls, None, None, []]
    s[7], s[4] = hid, None
    return _hatch(state, hid)


@staff()
async def hatches(state: State, token: str, breed: str | None = None) -> list[Hatch]:
    """The hatches of the last three days, by hatch id.

    :param token: the session's token
    :param breed: only hatches of this breed
    :returns: each hatch with its chicks, sexing, vaccines, allocations as rows of ``[order id, product code,
        quantity]`` and what is still free
    """
    return [_hatch(state, hid) for hid, h in sorted(state.hatches.items())
            if _days(h[1], TODAY) <= 3 and (breed is None or state.flocks[state.settings[h[0]][1]][0] == breed)]


@staff(*HATCHERY)
async def sex_chicks(state: State, token: str, hatch_id: str, females: int, males: int) -> Hatch:
    """Record the feather-sexing of a hatch (the hatchery).

    :param token: the session's token
    :param hatch_id: the hatch
    :param females: the pullets
    :param males: the cockerels
    :returns: the hatch, with its females free for sexed orders
    """
    h = _get(state.hatches, hatch_id, "hatch")
    breed = state.flocks[state.settings[h[0]][1]][0]
    if h[4] is not None:
        raise RuntimeError(f"{hatch_id} is sexed already")
    if breed != "Lohmann Brown":
        raise ValueError(f"only the Lohmann Brown is feather-sexed; {hatch_id} is {breed}")
    if not _whole(females) or not _whole(males) or females < 0 or males < 0:
        raise ValueError("females and males are whole numbers")
    if females + males != h[2]:
        raise ValueError(f"the counts must add up to the hatch's {h[2]} chicks")
    h[4], h[5] = females, males
    return _hatch(state, hatch_id)


@staff(*HEALTH)
async def vaccinate(state: State, token: str, hatch_id: str, vaccine: Vaccine, batch: str) -> Hatch:
    """Record a vaccine given to a hatch at the hatchery (the flock health officer).

    :param token: the session's token
    :param hatch_id: the hatch
    :param vaccine: ``rispens_injection``, ``ib_spray`` or ``nd_spray``
    :param batch: the vaccine's batch number
    :returns: the hatch, with its vaccines
    """
    h = _get(state.hatches, hatch_id, "hatch")
    vaccine = _enum(Vaccine, vaccine, "vaccine")
    if _blank(batch):
        raise ValueError("batch is required")
    if any(v[0] == vaccine.value for v in h[6]):
        raise RuntimeError(f"{hatch_id} has had {vaccine.value} already")
    if vaccine is Vaccine.RISPENS and h[1] != TODAY:
        raise ValueError("the Rispens injection is given on the day of hatch")
    h[6].append([vaccine.value, batch.strip()])
    return _hatch(state, hatch_id)


@staff()
async def hatchability(state: State, token: str, hatch_id: str) -> float:
    """A hatch's hatchability: the saleable chicks as a percentage of the eggs set.

    :param token: the session's token
    :param hatch_id: the hatch
    :returns: the percentage, to one decimal place
    """
    h = _get(state.hatches, hatch_id, "hatch")
    return round(100.0 * h[2] / state.settings[h[0]][2], 1)


# --------------------------------------------------------------------------- orders


@staff(*OFFICE)
async def place_order(state: State, token: str, customer_id: str, product_code: str, quantity: int,
                      wanted_on: str) -> Order:
    """Place a customer's order for day-old birds (the office).

    :param token: the session's token
    :param customer_id: the customer
    :param product_code: the product's code, from the price list
    :param quantity: how many birds
    :param wanted_on: the day they are wanted, ``YYYY-MM-DD``
    :returns: the order, with the new ``order_id``
    :raises ValueError: under the product's minimum, or a keeper of larger numbers not on the Poultry Register
    """
    c = _get(state.customers, customer_id, "customer")
    p = _product(product_code)
    if p is None:
        raise LookupError(f"unknown product {product_code!r}; the price list gives the codes")
    if not _whole(quantity) or quantity <= 0:
        raise ValueError("quantity is a whole number above 0")
    if quantity < p[6]:
        raise ValueError(f"the smallest order of {p[0]} is {p[6]} birds")
    day = _date(wanted_on, "wanted_on")
    if day < TODAY:
        raise ValueError(f"{day} has passed")
    if quantity >= 50 and not c[7]:
        raise ValueError("the Poultry Register requires keepers of 50 or more birds to be registered; record the "
                         f"customer's register number before an order of {quantity}")
    oid = f"OR-{_next(state, 'order')}"
    state.orders[oid] = [customer_id, p[0], quantity, day, None, None, "placed", []]
    _event(state, oid, "placed", _who(state, token))
    return _order(state, oid)


@staff()
async def orders(state: State, token: str, status: OrderState | None = None,
                 customer_id: str | None = None, wanted_on: str | None = None) -> list[Order]:
    """Orders, by order id, filtered as asked.

    :param token: the session's token
    :param status: only orders ``placed``, ``allocated``, ``booked``, ``despatched``, ``invoiced`` or
        ``cancelled``
    :param customer_id: only this customer's orders
    :param wanted_on: only orders wanted on this day
    :returns: the orders
    """
    wanted = _enum(OrderState, status, "status").value if status is not None else None
    day = _date(wanted_on, "wanted_on") if wanted_on is not None else None
    return [_order(state, oid) for oid, o in sorted(state.orders.items())
            if (wanted is None or o[6] == wanted) and (customer_id is None or o[0] == customer_id)
            and (day is None or o[3] == day)]


@staff()
async def order_detail(state: State, token: str, order_id: str) -> OrderDetail:
    """An order in full.

    :param token: the session's token
    :param order_id: the order
    :returns: the order, its lines as rows of ``[product code, description, quantity, price, amount]`` (with any
        payments as negative rows) and what happened as rows of ``[when, what, who]``
    """
    o = _get(state.orders, order_id, "order")
    p = _product(o[1])
    lines: list[list[Any]] = [[p[0], p[1], o[2], p[5], _value(o)]]
    lines += [["payment", f"paid by {pay[0]}", 1, -pay[1], -pay[1]] for pay in o[7]]
    return OrderDetail(order=_order(state, order_id), lines=lines,
                       events=[list(e) for e in state.events.get(order_id, [])])


@staff("office", "hatchery")
async def allocate_order(state: State, token: str, order_id: str, hatch_id: str) -> Order:
    """Allocate an order's birds from a hatch (the office or the hatchery).

    :param token: the session's token
    :param order_id: the order
    :param hatch_id: a hatch of the product's breed
    :returns: the order, ``allocated``
    :raises ValueError: the hatch is of another breed, not sexed or vaccinated as the product is, or has too few free
    """
    o = _get(state.orders, order_id, "order")
    h = _get(state.hatches, hatch_id, "hatch")
    if o[6] != "placed":
        raise RuntimeError(f"{order_id} is {o[6]}, not placed")
    p = _product(o[1])
    breed = state.flocks[state.settings[h[0]][1]][0]
    if breed != p[2]:
        raise ValueError(f"{hatch_id} is {breed}; {order_id} is for {p[2]}")
    free, females = _free(state, hatch_id)
    if p[3]:
        if females is None:
            raise ValueError(f"{hatch_id} has not been sexed; {p[0]} is pullets only")
        if females < o[2]:
            raise ValueError(f"{hatch_id} has {females} pullets free")
    if p[4] and not any(v[0] == "rispens_injection" for v in h[6]):
        raise ValueError(f"{hatch_id} has not had the Rispens injection that {p[0]} is sold with")
    if free < o[2]:
        raise ValueError(f"{hatch_id} has {free} chicks free")
    o[4], o[6] = hatch_id, "allocated"
    _event(state, order_id, f"allocated to {hatch_id}", _who(state, token))
    return _order(state, order_id)


@staff("office", "accounts")
async def take_payment(state: State, token: str, order_id: str, amount: float, method: PayMethod) -> float:
    """Take a payment for an order (the office or accounts); a cash customer pays in full before despatch.

    :param token: the session's token
    :param order_id: the order
    :param amount: the amount in pounds
    :param method: ``card``, ``bank_transfer`` or ``cash``
    :returns: what the order has had paid in all
    """
    o = _get(state.orders, order_id, "order")
    method = _enum(PayMethod, method, "method")
    if o[6] in ("despatched", "invoiced", "cancelled"):
        raise RuntimeError(f"{order_id} is {o[6]}")
    if not _amount(amount) or amount <= 0:
        raise ValueError("amount is a positive amount")
    if _paid(o) + amount > _value(o) + 0.005:
        raise ValueError(f"{order_id} comes to {_value(o):.2f} and {_paid(o):.2f} is paid")
    o[7].append([method.value, round(float(amount), 2)])
    _event(state, order_id, f"{float(amount):.2f} paid by {method.value}", _who(state, token))
    return _paid(o)


@staff()
async def transport_runs(state: State, token: str, date: str) -> list[list[Any]]:
    """The chick vans' runs on a day.

    :param token: the session's token
    :param date: the day, ``YYYY-MM-DD``
    :returns: rows of ``[run id, date, area, van, chick boxes free]``
    """
    day = _date(date, "date")
    return [[rid, r[0], r[1], r[2], RUN_BOXES - r[3]] for rid, r in sorted(state.runs.items()) if r[0] == day]


@staff(*DESPATCH)
async def book_transport(state: State, token: str, order_id: str, run_id: str) -> TransportBooking:
    """Book an allocated order onto a chick van's run (despatch).

    :param token: the session's token
    :param order_id: the order
    :param run_id: the run
    :returns: the booking, with the chick boxes it takes
    """
    o = _get(state.orders, order_id, "order")
    r = _get(state.runs, run_id, "run")
    if o[6] == "booked":
        raise RuntimeError(f"{order_id} is booked on {o[5]} already")
    if o[6] != "allocated":
        raise RuntimeError(f"{order_id} is {o[6]}, not allocated to a hatch")
    if r[0] < TODAY:
        raise RuntimeError(f"{run_id} went on {r[0]}")
    boxes = math.ceil(o[2] / BOX)
    if r[3] + boxes > RUN_BOXES:
        raise ValueError(f"{order_id} takes {boxes} chick boxes of {BOX}; {run_id} has {RUN_BOXES - r[3]} free")
    bid = f"TB-{_next(state, 'booking')}"
    state.bookings[bid] = [order_id, run_id, boxes]
    r[3] += boxes
    o[5], o[6] = run_id, "booked"
    _event(state, order_id, f"booked on {run_id}, {bid}", _who(state, token))
    return TransportBooking(booking_id=bid, order_id=order_id, run_id=run_id, date=r[0], area=r[1], boxes=boxes)


@staff(*DESPATCH)
async def despatch_order(state: State, token: str, order_id: str) -> str:
    """Send a booked order out on its run today (despatch), with its animal movement record.

    :param token: the session's token
    :param order_id: the order
    :returns: a sentence with the order, the run and the movement record's id
    :raises ValueError: the chicks are too old to travel, or a cash customer has not paid in full
    """
    o = _get(state.orders, order_id, "order")
    if o[6] in ("despatched", "invoiced"):
        raise RuntimeError(f"{order_id} has gone already")
    if o[6] != "booked":
        raise RuntimeError(f"{order_id} is {o[6]}, not booked on a run")
    r = state.runs[o[5]]
    if r[0] != TODAY:
        raise RuntimeError(f"{o[5]} runs on {r[0]}")
    h = state.hatches[o[4]]
    if _days(h[1], TODAY) > 2:
        raise ValueError(f"{o[4]} hatched on {h[1]}; day-old chicks travel within 48 hours of hatching")
    c = state.customers[o[0]]
    if not c[8] and _paid(o) + 0.005 < _value(o):
        raise ValueError(f"{c[0]} is a cash customer and has paid {_paid(o):.2f} of {_value(o):.2f}; birds go out "
                         "paid in full")
    mid = f"MR-{_next(state, 'movement')}"
    state.movements.append([mid, order_id, TODAY])
    o[6] = "despatched"
    _event(state, order_id, f"despatched on {o[5]}, movement record {mid}", _who(state, token))
    return f"Order {order_id} despatched on {o[5]} ({r[1]}, {r[2]}) with movement record {mid}: {o[2]} " \
           f"{_product(o[1])[1]} for {c[0]}."


@staff(*OFFICE)
async def record_doa(state: State, token: str, order_id: str, dead_on_arrival: int,
                     reported_by: ReportedBy) -> DoaClaim:
    """Record a claim for chicks dead on arrival (the office), credited at the order's price.

    :param token: the session's token
    :param order_id: the despatched order
    :param dead_on_arrival: how many were dead on arrival
    :param reported_by: ``phone``, ``email`` or ``driver``
    :returns: the claim, with its credit
    """
    o = _get(state.orders, order_id, "order")
    _choice(reported_by, ("phone", "email", "driver"), "reported_by")
    if o[6] not in ("despatched", "invoiced"):
        raise RuntimeError(f"{order_id} is {o[6]}; only birds that have gone out can arrive dead")
    if any(c[0] == order_id for c in state.claims.values()):
        raise RuntimeError(f"{order_id} has a claim already")
    if not _whole(dead_on_arrival) or not 0 < dead_on_arrival <= o[2]:
        raise ValueError(f"dead_on_arrival is a whole number from 1 to {o[2]}")
    credit = round(dead_on_arrival * _product(o[1])[5], 2)
    cid = f"DOA-{_next(state, 'claim')}"
    state.claims[cid] = [order_id, dead_on_arrival, credit, reported_by]
    _event(state, order_id, f"claim {cid}: {dead_on_arrival} dead on arrival", _who(state, token))
    return DoaClaim(claim_id=cid, order_id=order_id, dead_on_arrival=dead_on_arrival, credit=credit,
                    reported_by=reported_by)


@staff(*OFFICE)
async def cancel_order(state: State, token: str, order_id: str, reason: str) -> str:
    """Cancel an order that has not gone out (the office); its chicks go back to the hatch and its boxes to the run.

    :param token: the session's token
    :param order_id: the order
    :param reason: why
    :returns: a sentence with the order and any refund due
    """
    o = _get(state.orders, order_id, "order")
    if o[6] == "cancelled":
        raise RuntimeError(f"{order_id} is cancelled already")
    if o[6] not in ("placed", "allocated", "booked"):
        raise RuntimeError(f"{order_id} is {o[6]}")
    if _blank(reason):
        raise ValueError("reason is required")
    if o[5]:
        booking = next(b for b in state.bookings.values() if b[0] == order_id)
        state.runs[o[5]][3] -= booking[2]
    o[6] = "cancelled"
    _event(state, order_id, f"cancelled: {reason.strip()}", _who(state, token))
    refund = _paid(o)
    return f"Order {order_id} cancelled; " + (f"{refund:.2f} to refund." if refund else "nothing was paid.")


# --------------------------------------------------------------------------- invoices


@staff(*ACCOUNTS)
async def invoice_order(state: State, token: str, order_id: str) -> Invoice:
    """Invoice a trade order that has gone out (accounts), less any dead-on-arrival credit.

    :param token: the session's token
    :param order_id: the order
    :returns: the invoice, with the new ``invoice_id`` and its lines as rows of ``[code, description, quantity,
        price, amount]``
    """
    o = _get(state.orders, order_id, "order")
    if o[6] == "invoiced":
        raise RuntimeError(f"{order_id} is invoiced already")
    if o[6] != "despatched":
        raise RuntimeError(f"{order_id} is {o[6]}, not despatched")
    c = state.customers[o[0]]
    if not c[8]:
        raise RuntimeError(f"{c[0]} paid before despatch; only trade orders are invoiced")
    p = _product(o[1])
    lines: list[list[Any]] = [[p[0], p[1], o[2], p[5], _value(o)]]
    for cid, claim in sorted(state.claims.items()):
        if claim[0] == order_id:
            lines.append([cid, "Credit: dead on arrival", claim[1], -p[5], -claim[2]])
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = [order_id, TODAY, _plus(TODAY, c[8]), lines, _paid(o)]
    o[6] = "invoiced"
    _event(state, order_id, f"invoiced, {iid}", _who(state, token))
    return _invoice(state, iid)


@staff()
async def invoices(state: State, token: str, status: InvoiceFilter | None = None) -> list[Invoice]:
    """Invoices, by invoice id.

    :param token: the session's token
    :param status: only ``unpaid`` or only ``paid`` invoices
    :returns: the invoices
    """
    if status is not None:
        _choice(status, ("unpaid", "paid"), "status")
    found = [_invoice(state, iid) for iid in sorted(state.invoices)]
    return [i for i in found if status is None or i.invoice_state == status]


@staff(*ACCOUNTS)
async def settle_invoice(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float:
    """Take a payment against an invoice (accounts).

    :param token: the session's token
    :param invoice_id: the invoice
    :param amount: the amount in pounds
    :param method: ``card``, ``bank_transfer`` or ``cash``
    :returns: what the invoice still owes
    """
    i = _get(state.invoices, invoice_id, "invoice")
    method = _enum(PayMethod, method, "method")
    owing = _invoice(state, invoice_id).owing
    if owing <= 0.005:
        raise RuntimeError(f"{invoice_id} is paid already")
    if not _amount(amount) or amount <= 0:
        raise ValueError("amount is a positive amount")
    if amount > owing + 0.005:
        raise ValueError(f"{invoice_id} owes {owing:.2f}; {float(amount):.2f} is more than that")
    i[4] = round(i[4] + amount, 2)
    _event(state, i[0], f"{float(amount):.2f} paid by {method.value} on {invoice_id}", _who(state, token))
    return _invoice(state, invoice_id).owing


TOOLS = [
    sign_in, sign_out, price_list, find_customer, register_customer, update_customer, record_register_number,
    approve_account, message_customer, flocks, record_salmonella, receive_eggs, egg_store, machines, set_eggs,
    settings, candle, transfer_to_hatcher, take_off, hatches, sex_chicks, vaccinate, hatchability, place_order,
    orders, order_detail, allocate_order, take_payment, transport_runs, book_transport, despatch_order, record_doa,
    cancel_order, invoice_order, invoices, settle_invoice,
]

FIXTURES = {
    "hatchery": {"name": "Greywether Hatchery", "where": "Lintonbrook",
                 "today": "Monday 6 April 2043, half past seven in the morning"},
    "staff": [
        {"name": "Romilly Tansley", "role": "office", "username": "romilly.t", "password": "Eggshell-Blue-24"},
        {"name": "Bartholomew Scully", "role": "hatchery", "username": "bartholomew.s", "password": "Setter-Tray-57"},
        {"name": "Emeka Adeyinka", "role": "flock health officer", "username": "emeka.a",
         "password": "Swab-Sample-81"},
        {"name": "Connie Pardew", "role": "despatch", "username": "connie.p", "password": "Chick-Box-36"},
        {"name": "Nerys Gwilliam", "role": "accounts", "username": "nerys.g", "password": "Zero-Rated-43"},
        {"name": "Ottilie Wraxall", "role": "manager", "username": "ottilie.w", "password": "Incubate-21-Days"},
    ],
    "new_customer": {
        "name": "Wynstone Poultry", "contact": "Ms Tegwen Ickford", "kind": "egg farm",
        "address": "Wynstone Barn, Oddington OD4 6HW", "phone": "01632 963177",
        "email": "tegwen@wynstone-poultry.example", "holding_number": "43/310/0552",
        "poultry_register_number": "32205719",
        "wants": "300 feather-sexed Lohmann Brown pullets for tomorrow, 7 April, and 100 Hubbard meat chicks today; "
                 "accounts agree a 30-day trade account",
    },
    "notes": [
        "The Hubbard flock in House 3 was boot-swabbed on 4 April: negative, laboratory reference APL-55190",
        "House 2's Lohmann Browns sent 2,160 eggs laid yesterday",
        "The Hubbard eggs set on 19 March candled at 300 clears this morning and go to a hatcher today",
        "The Lohmann Browns set on 27 March candled at 96 clears",
        "The 1,200 Hubbard eggs set on 15 March are still in a setter: move them to a hatcher and take them off, "
        "1,020 chicks and 30 culls",
        "Today's Lohmann Brown hatch came off at 2,630 chicks and 40 culls; feather-sexed, 1,310 pullets and 1,320 "
        "cockerels",
        "Emeka gave today's Lohmann Brown chicks the Rispens injection, batch RIS-0917",
        "Brackenfold rang: 12 of yesterday's meat chicks were dead on arrival",
        "Mr Tolley wants 40 Hubbard meat chicks today and pays 34 pounds by card; he has cancelled his ducklings",
        "Accounts have approved Ashlar Free Range for a 30-day trade account",
        "Heronsgate paid their March invoice of 1,530 pounds by bank transfer",
        "Mrs Vellacott's new mobile number is 07700 900866",
        "Heronsgate's 1,000 meat chicks go on this morning's North run",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "price_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "record_register_number", "approve_account", "place_order",
                      "message_customer"]
SETTING_CONSUMERS = ["candle", "transfer_to_hatcher", "take_off"]
HATCH_CONSUMERS = ["sex_chicks", "vaccinate", "allocate_order", "hatchability"]
ORDER_CONSUMERS = ["order_detail", "allocate_order", "take_payment", "book_transport", "despatch_order",
                   "record_doa", "cancel_order", "invoice_order"]
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or of a find_customer entry)"
_SETTING = "id lookup: setting (setting_id of a settings entry)"
_HATCH = "id lookup/create: hatch (hatch_id of take_off, or of a hatches entry)"
_ORDER = "id lookup/create: order (order_id of place_order, or of an orders entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("settings", c, _SETTING) for c in SETTING_CONSUMERS]
    + [("take_off|hatches", c, _HATCH) for c in HATCH_CONSUMERS]
    + [("place_order|orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [
        ("flocks", "record_salmonella", "id lookup: flock (flock_id of a flocks entry)"),
        ("flocks", "receive_eggs", "id lookup: flock (flock_id of a flocks entry)"),
        ("receive_eggs|egg_store", "set_eggs",
         "id lookup/create: egg intake (intake_id of receive_eggs, or the first column of an egg_store row)"),
        ("machines", "set_eggs", "id lookup: setter (the first column of a machines row)"),
        ("machines", "transfer_to_hatcher", "id lookup: hatcher (the first column of a machines row)"),
        ("transport_runs", "book_transport", "id lookup: run (the first column of a transport_runs row)"),
        ("invoice_order|invoices", "settle_invoice",
         "id lookup/create: invoice (invoice_id of invoice_order, or of an invoices entry)"),
        ("price_list", "place_order", "vocabulary: product codes (the first column of a price_list row)"),
        ("record_salmonella", "set_eggs", "vetting: the flock sampled negative for salmonella in the last 21 days"),
        ("record_register_number", "place_order", "vetting: a keeper of 50 or more birds on the Poultry Register"),
        ("approve_account", "despatch_order", "vetting: a trade account, so that the birds go out before payment"),
        ("candle", "transfer_to_hatcher", "state: the setting candled"),
        ("transfer_to_hatcher", "take_off", "state: the setting in a hatcher"),
        ("sex_chicks", "allocate_order", "state: the hatch feather-sexed, for pullet orders"),
        ("vaccinate", "allocate_order", "state: the hatch Rispens-vaccinated, for vaccinated orders"),
        ("allocate_order", "book_transport", "state: the order allocated to a hatch"),
        ("book_transport", "despatch_order", "state: the order booked on a run"),
        ("despatch_order", "record_doa", "state: the order despatched"),
        ("despatch_order", "invoice_order", "state: the order despatched"),
        ("take_payment", "despatch_order", "payment: a cash customer's order paid in full"),
    ]
)

ONE_STEP_FURTHER = {
    ("allocate_order", "despatch_order"), ("approve_account", "invoice_order"), ("book_transport", "invoice_order"),
    ("book_transport", "record_doa"), ("despatch_order", "settle_invoice"), ("find_customer", "allocate_order"),
    ("find_customer", "book_transport"), ("find_customer", "despatch_order"), ("find_customer", "record_doa"),
    ("find_customer", "take_payment"), ("flocks", "set_eggs"), ("hatches", "book_transport"), ("machines",
    "take_off"), ("orders", "settle_invoice"), ("price_list", "allocate_order"), ("price_list", "book_transport"),
    ("price_list", "cancel_order"), ("price_list", "despatch_order"), ("price_list", "invoice_order"),
    ("price_list", "order_detail"), ("price_list", "record_doa"), ("price_list", "take_payment"),
    ("record_register_number", "allocate_order"), ("record_register_number", "book_transport"),
    ("record_register_number", "cancel_order"), ("record_register_number", "despatch_order"),
    ("record_register_number", "invoice_order"), ("record_register_number", "order_detail"), ("register_customer",
    "allocate_order"), ("register_customer", "book_transport"), ("register_customer", "cancel_order"),
    ("register_customer", "despatch_order"), ("register_customer", "invoice_order"), ("register_customer",
    "order_detail"), ("settings", "allocate_order"), ("settings", "hatchability"), ("settings", "sex_chicks"),
    ("settings", "vaccinate"), ("take_payment", "record_doa"), ("transport_runs", "despatch_order"),
}
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_ORDER_RECORDS = ("place_order", "orders", "order_detail", "allocate_order", "take_payment")
_CUSTOMER_SHOWN = ("register_customer", "find_customer", "update_customer", "record_register_number",
                   "approve_account") + _ORDER_RECORDS
_ORDER_SHOWN = _ORDER_RECORDS + ("hatches", "take_off", "sex_chicks", "vaccinate", "book_transport", "record_doa",
                                 "invoice_order", "invoices")
_HATCH_SHOWN = _ORDER_RECORDS + ("take_off", "hatches", "sex_chicks", "vaccinate", "settings")
_SETTING_SHOWN = ("settings", "set_eggs", "candle", "transfer_to_hatcher", "take_off", "hatches", "sex_chicks",
                  "vaccinate")
_ORDER_CHANGES = ("place_order", "allocate_order", "take_payment", "book_transport", "despatch_order", "record_doa",
                  "cancel_order", "invoice_order", "settle_invoice")
_HATCH_CHANGES = ("take_off", "sex_chicks", "vaccinate", "allocate_order", "cancel_order")
_SETTING_CHANGES = ("set_eggs", "candle", "transfer_to_hatcher", "take_off")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: customers on orders, orders on hatches, bookings, claims and
    # invoices, hatches on orders and settings, settings on hatches, flocks on intakes, settings and the egg store,
    # intakes on settings, machines on settings, runs on orders and bookings, product codes on orders and hatches
    {(p, c) for p in _CUSTOMER_SHOWN for c in CUSTOMER_CONSUMERS}
    | {(p, c) for p in _ORDER_SHOWN for c in ORDER_CONSUMERS}
    | {(p, c) for p in _HATCH_SHOWN for c in HATCH_CONSUMERS}
    | {(p, c) for p in _SETTING_SHOWN for c in SETTING_CONSUMERS}
    | {(p, c) for p in ("flocks", "receive_eggs", "egg_store", "settings", "set_eggs", "record_salmonella")
       for c in ("record_salmonella", "receive_eggs")}
    | {(p, "set_eggs") for p in ("receive_eggs", "egg_store", "settings", "machines", "set_eggs")}
    | {(p, "transfer_to_hatcher") for p in ("machines", "settings", "set_eggs")}
    | {(p, "book_transport") for p in _ORDER_RECORDS + ("transport_runs", "book_transport")}
    | {(p, "settle_invoice") for p in ("invoice_order", "invoices")}
    | {(p, "place_order") for p in _ORDER_RECORDS + ("price_list", "hatches", "invoices", "invoice_order")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | ONE_STEP_FURTHER
    # a record created or changed, then seen in the lists and records that show it
    | {(p, "find_customer") for p in ("register_customer", "update_customer", "record_register_number",
                                      "approve_account")}
    | {(p, c) for p in _ORDER_CHANGES for c in ("orders", "order_detail")}
    | {(p, "hatches") for p in _HATCH_CHANGES}
    | {(p, c) for p in _SETTING_CHANGES for c in ("settings", "machines")}
    | {(p, "egg_store") for p in ("receive_eggs", "set_eggs")}
    | {("record_salmonella", "flocks")}
    | {(p, "transport_runs") for p in ("book_transport", "cancel_order")}
    | {(p, "invoices") for p in ("invoice_order", "settle_invoice")}
    | {(p, "hatchability") for p in ("take_off",)}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
