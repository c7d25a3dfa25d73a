"""Spiral: the office, warehouse, route drivers and engineers of Tollgate Vending Services, Hexley (41 calls).

Async functions over an in-memory ``State`` of the operator on Tuesday 9 March 2032 at 06:30. Tollgate places snack,
drink and combo vending machines at client sites (a hospital, a gym, a college, a depot canteen, a business centre)
and pays each site a commission on the takings. The office finds, adds and changes sites, reads a site's file and
writes to its contact, installs machines from the warehouse's spares and takes them out again, suspends and resumes
machines, keeps each machine's planogram (which product sits in which selection, at what price and to what fill
level), publishes it, changes prices, puts machines on the drivers' restocking routes and takes them off, counts the
cash bags the drivers bring in and banks them, logs fault call-outs and gives them to an engineer, and draws up a
site's commission statement; the manager sets a site's commission rate and pays statements. The warehouse books goods
in, builds the day's pick list for a route and loads the van. Drivers read a machine's telemetry, restock the machines
on their own route from the loaded van, record what they throw away, and empty the cash boxes into sealed bags.
Engineers close the call-outs given to them. The product range is public.

Every tool is an ``async def`` behind the ``operation(*roles)`` decorator (``functools.wraps``, itself async), which
checks the session token and the role before the tool runs (the manager may do everything). A refusal is raised as the
module's own exception class, ``VendError("VM-3121 has £48.20 in its cash box; collect it before the machine is
removed")``, which the runtime records as an error. Replies are ``TypedDict`` records and lists of them, with rows
nested as lists of lists (a site's machines and statements, a planogram's selections, a route's machines, a pick
list's lines, a visit's fills, a statement's lines); bare values answer a commission rate set (the new rate), a
planogram published (its new version number), a price changed (the new price), wastage recorded (the cost written off)
and a bag counted (the variance against the telemetry); sentences with an id in them answer a message, a selection
cleared, a machine suspended or removed, a machine taken off a route, a van loaded, a statement paid and a sign-out.
Annotations are PEP 604 (``X | None``, builtin ``list[str]``) evaluated at definition, with a ``str`` ``Enum`` filter
(``Category``), a second ``str`` ``Enum`` filter (``MachineStatus``) and a third (``CalloutStatus``), a plain ``Enum``
input (``FaultCode``) and a plain ``Enum`` filter (``MachineKind``), ``Literal`` inputs (channel, wastage reason, the
engineer's fix, payment method) and ``Literal`` filters (route day, bag status). Google docstrings. Ids look alike:
site ``ST-410``, machine ``VM-3150``, route ``RT-2``, pick ``PK-6610``, visit ``VS-8810``, cash bag ``CB-7020``,
banking ``BK-1210``, call-out ``CO-5510``, engineer ``EN-3``, statement ``CS-9110``, message ``MS-2210``. The
selection labels each kind of machine has, that a combo machine's chilled rows are E and F, which product categories
each kind of machine takes, that prices go in 5p steps from 50p to £3.00, that a selection holds 1 to 15, the parts an
engineer's van carries and the 25% commission cap are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import functools
import inspect
from enum import Enum
from typing import Any, Literal, TypedDict

TODAY = "2032-03-09"  # a Tuesday
WEEKDAY = "tue"
DAYS = {"mon": "Monday", "tue": "Tuesday", "wed": "Wednesday", "thu": "Thursday", "fri": "Friday"}
COMMISSION_CAP = 25.0


class Category(str, Enum):
    CRISPS = "crisps"
    CHOCOLATE = "chocolate"
    SNACKS = "snacks"
    CANS = "cans"
    BOTTLES = "bottles"


class MachineKind(Enum):
    SNACK = "snack"
    DRINK = "drink"
    COMBO = "combo"


class MachineStatus(str, Enum):
    IN_SERVICE = "in_service"
    SUSPENDED = "suspended"


class CalloutStatus(str, Enum):
    OPEN = "open"
    ASSIGNED = "assigned"
    CLOSED = "closed"


class FaultCode(Enum):
    COIN_MECH = "coin_mech"
    CARD_READER = "card_reader"
    NOTE_READER = "note_reader"
    VEND_FAILURE = "vend_failure"
    REFRIGERATION = "refrigeration"
    DISPLAY = "display"
    POWER = "power"
    VANDALISM = "vandalism"


Weekday = Literal["mon", "tue", "wed", "thu", "fri"]
Channel = Literal["email", "sms"]
WasteReason = Literal["out_of_date", "damaged", "recalled"]
Fix = Literal["repaired", "part_replaced", "no_fault_found"]
PayMethod = Literal["bacs", "cheque"]
BagStatus = Literal["collected", "counted", "banked"]

PRODUCTS = {  # code -> name, category, suggested price, cost per unit, units in a case
    "CR-SALT": ("Ready salted crisps 32g", "crisps", 0.90, 0.31, 32),
    "CR-CHON": ("Cheese and onion crisps 32g", "crisps", 0.90, 0.31, 32),
    "CH-MILK": ("Milk chocolate bar 45g", "chocolate", 1.10, 0.48, 24),
    "CH-CARA": ("Caramel wafer bar 40g", "chocolate", 1.00, 0.42, 24),
    "CH-DARK": ("Dark chocolate bar 40g", "chocolate", 1.20, 0.55, 24),
    "SN-OATB": ("Oat and honey cereal bar 35g", "snacks", 1.20, 0.46, 24),
    "SN-NUTS": ("Salted peanuts 50g", "snacks", 1.00, 0.38, 24),
    "CN-COLA": ("Cola 330ml can", "cans", 1.30, 0.41, 24),
    "CN-LEMN": ("Sparkling lemon 330ml can", "cans", 1.30, 0.39, 24),
    "BT-WATR": ("Still water 500ml bottle", "bottles", 1.20, 0.22, 24),
    "BT-ORNG": ("Orange juice drink 500ml bottle", "bottles", 1.50, 0.57, 24),
}
GRIDS = {  # kind -> model, rows, columns per row
    "snack": ("Spiramat 6x8 snack merchandiser", "ABCDEF", 8),
    "drink": ("Coldstack 5x6 can and bottle chiller", "ABCDE", 6),
    "combo": ("Duo 6x6 combo merchandiser", "ABCDEF", 6),
}
SNACKS = {"crisps", "chocolate", "snacks"}
DRINKS = {"cans", "bottles"}
PARTS = ["coin_mech", "card_reader", "note_validator", "spiral_motor", "display", "psu", "condenser_fan", "door_lock"]


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str
    engineer_id: str | None


class Product(TypedDict):
    code: str
    name: str
    category: str
    suggested_price: float
    case_size: int


class SiteRow(TypedDict):
    site_id: str
    name: str
    postcode: str
    contact: str
    machines: int


class Site(TypedDict):
    site_id: str
    name: str
    address: str
    postcode: str
    contact: str
    phone: str
    email: str | None
    commission_pct: float


class SiteFile(TypedDict):
    site: Site
    machines: list[list[Any]]
    statements: list[list[Any]]


class SpareRow(TypedDict):
    asset_id: str
    kind: str
    model: str
    selections: int


class Machine(TypedDict):
    machine_id: str
    kind: str
    site_id: str
    site: str
    location: str
    route_id: str | None
    status: str


class Telemetry(TypedDict):
    machine_id: str
    site: str
    cash_in_box: float
    sales_since_visit: int
    empty_selections: list[str]
    temperature_c: float | None
    last_visit: str | None


class Planogram(TypedDict):
    machine_id: str
    kind: str
    version: int
    rows: list[list[Any]]


class StockRow(TypedDict):
    code: str
    name: str
    units: int
    reserved: int
    free: int
    best_before: str | None


class RouteRow(TypedDict):
    route_id: str
    name: str
    day: str
    driver: str
    van: str
    machines: int


class Route(TypedDict):
    route_id: str
    name: str
    day: str
    driver: str
    machines: list[list[Any]]


class PickList(TypedDict):
    pick_id: str
    route_id: str
    date: str
    lines: list[list[Any]]
    units: int


class Visit(TypedDict):
    visit_id: str
    machine_id: str
    date: str
    filled: list[list[Any]]
    missed: list[str]


class CashBag(TypedDict):
    bag_id: str
    machine_id: str
    site: str
    seal: str
    collected: str
    expected: float
    counted: float | None
    status: str


class Banking(TypedDict):
    banking_id: str
    date: str
    bags: list[str]
    total: float


class Callout(TypedDict):
    callout_id: str
    machine_id: str
    site: str
    fault: str
    notes: str
    status: str
    engineer_id: str | None
    engineer: str | None


class Engineer(TypedDict):
    engineer_id: str
    name: str
    area: str
    phone: str


class Statement(TypedDict):
    statement_id: str
    site_id: str
    site: str
    date: str
    lines: list[list[Any]]
    takings: float
    rate_pct: float
    commission: float


class VendError(Exception):
    """A request Tollgate's system refuses; the message says why."""


# --------------------------------------------------------------------------- state


class State:
    """Tollgate Vending Services on Tuesday 9 March 2032 at 06:30."""

    def __init__(self) -> None:
        self.staff = {
            "kath.b": {"name": "Kath Bramley", "password": "Coil-Pitch-42", "role": "office", "engineer": None},
            "wes.o": {"name": "Wes Okafor", "password": "Pallet-Jack-7", "role": "warehouse", "engineer": None},
            "donna.r": {"name": "Donna Rourke", "password": "Cash-Box-19", "role": "driver", "engineer": None},
            "amir.h": {"name": "Amir Hassan", "password": "Tailift-2031", "role": "driver", "engineer": None},
            "gav.p": {"name": "Gavin Pryce", "password": "Coin-Mech-MDB", "role": "engineer", "engineer": "EN-3"},
            "sue.t": {"name": "Sue Tennant", "password": "Tollgate-1994", "role": "manager", "engineer": None},
        }
        self.tokens: dict[str, dict] = {}
        self.sites = {
            "ST-401": {"name": "Hexley General Hospital, Outpatients", "address": "Infirmary Road, Hexley",
                       "postcode": "HX2 4IR", "contact": "Mrs Ruth Abbey", "phone": "01632 960401",
                       "email": "ruth.abbey@hexleyhospital.example", "commission": 15.0},
            "ST-402": {"name": "Canal Park Gym", "address": "2 Wharf Street, Hexley", "postcode": "HX1 3WS",
                       "contact": "Mr Tom Keane", "phone": "01632 960402", "email": "tom@canalparkgym.example",
                       "commission": 10.0},
            "ST-403": {"name": "Hexley College, Library", "address": "College Way, Hexley", "postcode": "HX3 1CW",
                       "contact": "Ms Priya Nair", "phone": "01632 960403", "email": "p.nair@hexleycollege.example",
                       "commission": 12.5},
            "ST-404": {"name": "Marlowe Logistics depot canteen", "address": "Northgate Trading Estate, Hexley",
                       "postcode": "HX5 8NT", "contact": "Mr Stuart Lowe", "phone": "01632 960404", "email": None,
                       "commission": 10.0},
            "ST-405": {"name": "Riverside Business Centre", "address": "1 Riverside, Hexley", "postcode": "HX1 2RS",
                       "contact": "Mrs Jean Oduya", "phone": "01632 960405",
                       "email": "jean.oduya@riversidebc.example", "commission": 10.0},
        }

        def line(code, price, par, on_hand):
            return {"product": code, "price": price, "par": par, "on_hand": on_hand}

        def machine(kind, site, location, route, status, cash, sales, last_visit, grid, temperature=None):
            return {"kind": kind, "site": site, "location": location, "route": route, "status": status,
                    "cash": cash, "sales": sales, "last_visit": last_visit, "grid": grid, "pending": {},
                    "version": 1 if grid else 0, "temperature": temperature}

        self.machines = {
            "VM-3101": machine("snack", "ST-401", "Outpatients waiting area", "RT-2", "in_service", 86.40, 41,
                               "2032-03-02",
                               {"A1": line("CR-SALT", 0.90, 12, 4), "A2": line("CR-CHON", 0.90, 12, 0),
                                "B1": line("CH-MILK", 1.10, 10, 3), "B2": line("CH-CARA", 1.00, 10, 6),
                                "C1": line("SN-OATB", 1.20, 8, 8), "C2": line("SN-NUTS", 1.00, 8, 2)}),
            "VM-3102": machine("drink", "ST-401", "Outpatients waiting area", "RT-2", "in_service", 72.80, 30,
                               "2032-03-02",
                               {"A1": line("CN-COLA", 1.30, 10, 2), "A2": line("CN-LEMN", 1.30, 10, 5),
                                "B1": line("BT-WATR", 1.20, 8, 1), "B2": line("BT-ORNG", 1.50, 8, 4)}, 4.0),
            "VM-3115": machine("combo", "ST-402", "Reception, by the turnstiles", "RT-3", "in_service", 55.30, 28,
                               "2032-03-02",
                               {"A1": line("SN-OATB", 1.30, 8, 2), "A2": line("SN-NUTS", 1.10, 8, 5),
                                "E1": line("BT-WATR", 1.20, 8, 0), "E2": line("CN-LEMN", 1.30, 8, 3)}, 5.0),
            "VM-3120": machine("snack", "ST-403", "Library foyer", "RT-2", "in_service", 39.65, 22, "2032-03-02",
                               {"A1": line("CR-SALT", 0.85, 12, 7), "A2": line("CH-MILK", 1.05, 10, 1),
                                "B1": line("SN-OATB", 1.15, 8, 5)}),
            "VM-3121": machine("drink", "ST-403", "Library foyer", "RT-2", "in_service", 48.20, 27, "2032-03-02",
                               {"A1": line("CN-COLA", 1.25, 10, 3), "A2": line("BT-WATR", 1.10, 8, 6)}, 3.5),
            "VM-3130": machine("snack", "ST-404", "Drivers' canteen", "RT-1", "suspended", 0.0, 0, "2032-03-08",
                               {"A1": line("CR-CHON", 0.80, 12, 10), "A2": line("CH-MILK", 1.00, 10, 9)}),
            "VM-3140": machine("combo", "ST-405", "Ground floor lobby", "RT-3", "in_service", 12.40, 9, "2032-03-02",
                               {"A1": line("CH-CARA", 1.10, 8, 8), "E1": line("CN-COLA", 1.30, 8, 8)}, 5.5),
            "VM-3150": machine("snack", None, "Warehouse bay 2", None, "in_service", 0.0, 0, None, {}),
            "VM-3151": machine("drink", None, "Warehouse bay 2", None, "in_service", 0.0, 0, None, {}),
            "VM-3152": machine("combo", None, "Warehouse bay 3", None, "in_service", 0.0, 0, None, {}),
        }
        self.routes = {
            "RT-1": {"name": "Marlowe and Northgate", "day": "mon", "driver": "amir.h", "van": "VN-3"},
            "RT-2": {"name": "Hexley Central", "day": "tue", "driver": "donna.r", "van": "VN-2"},
            "RT-3": {"name": "Canal and Riverside", "day": "tue", "driver": "amir.h", "van": "VN-3"},
        }
        self.stock = {code: {"units": units, "reserved": 0, "best_before": bb} for code, units, bb in (
            ("CR-SALT", 96, "2032-06-30"), ("CR-CHON", 96, "2032-06-30"), ("CH-MILK", 72, "2032-09-30"),
            ("CH-CARA", 72, "2032-08-31"), ("CH-DARK", 0, None), ("SN-OATB", 48, "2032-07-31"),
            ("SN-NUTS", 48, "2032-10-31"), ("CN-COLA", 96, "2032-12-31"), ("CN-LEMN", 72, "2032-12-31"),
            ("BT-WATR", 72, "2033-02-28"), ("BT-ORNG", 48, "2032-05-31"))}
        self.picks: dict[str, dict] = {}
        self.visits: dict[str, dict] = {}
        self.bags = {
            "CB-7008": {"machine": "VM-3101", "seal": "448790", "collected": "2032-02-23", "expected": 142.60,
                        "counted": 142.60, "banked": "BK-1204", "statement": "CS-9105"},
            "CB-7009": {"machine": "VM-3115", "seal": "448791", "collected": "2032-02-23", "expected": 98.40,
                        "counted": 98.00, "banked": "BK-1204", "statement": "CS-9104"},
            "CB-7010": {"machine": "VM-3115", "seal": "448801", "collected": "2032-03-02", "expected": 61.90,
                        "counted": 61.90, "banked": None, "statement": None},
            "CB-7011": {"machine": "VM-3130", "seal": "448805", "collected": "2032-03-08", "expected": 61.40,
                        "counted": None, "banked": None, "statement": None},
        }
        self.bankings = {"BK-1204": {"date": "2032-02-24", "bags": ["CB-7008", "CB-7009"], "total": 240.60}}
        self.engineers = {
            "EN-1": {"name": "Lorna Fitch", "area": "Hexley North", "phone": "07700 900301"},
            "EN-3": {"name": "Gavin Pryce", "area": "Hexley Central", "phone": "07700 900303"},
            "EN-4": {"name": "Craig Dunmore", "area": "Hexley South", "phone": "07700 900304"},
        }
        self.callouts = {
            "CO-5502": {"machine": "VM-3130", "fault": "coin_mech",
                        "notes": "Coins fall straight through to the reject",
                        "status": "assigned", "engineer": "EN-3", "fix": None, "parts": []},
            "CO-5503": {"machine": "VM-3115", "fault": "card_reader", "notes": "Contactless declines every card",
                        "status": "open", "engineer": None, "fix": None, "parts": []},
        }
        self.statements = {
            "CS-9104": {"site": "ST-402", "date": "2032-03-01", "lines": [["VM-3115", 1, 98.00, 10.0, 9.80]],
                        "takings": 98.00, "rate": 10.0, "commission": 9.80, "paid": "bacs"},
            "CS-9105": {"site": "ST-401", "date": "2032-03-01", "lines": [["VM-3101", 1, 142.60, 15.0, 21.39]],
                        "takings": 142.60, "rate": 15.0, "commission": 21.39, "paid": "bacs"},
        }
        self.messages: list[list] = []
        self.wastage: dict[str, list] = {}
        self.counters = {"token": 1, "site": 410, "pick": 6610, "visit": 8810, "bag": 7020, "banking": 1210,
                         "callout": 5510, "statement": 9110, "message": 2210}


# --------------------------------------------------------------------------- the decorator and helpers


def _session(state: State, token: Any, roles: tuple[str, ...]) -> dict:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        raise VendError("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise VendError(f"{who['name']} ({who['role']}) may not do this; it is for the {' or '.join(roles)}")
    return who


def operation(*roles: str, public: bool = False):
    """Check the session token (and, where roles are given, the role) before the tool runs; the manager may do
    everything. Public calls take no token."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def call(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs).arguments
                _session(bound.get("state"), bound.get("token"), roles)
            return await fn(*args, **kwargs)

        return call

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _get(table: dict, key: Any, what: str) -> dict:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise VendError(f"no {what} {key}")
    return row


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise VendError(f"{what} is required")
    return value.strip()


def _who(state: State, token: str) -> dict:
    return state.tokens[token]


def _installed(state: State, machine_id: str) -> dict:
    m = _get(state.machines, machine_id, "machine")
    if m["site"] is None:
        raise VendError(f"{machine_id} is a spare in the warehouse, not installed at a site")
    return m


def _site(state: State, sid: str) -> Site:
    s = state.sites[sid]
    return Site(site_id=sid, name=s["name"], address=s["address"], postcode=s["postcode"], contact=s["contact"],
                phone=s["phone"], email=s["email"], commission_pct=s["commission"])


def _machine(state: State, mid: str) -> Machine:
    m = state.machines[mid]
    return Machine(machine_id=mid, kind=m["kind"], site_id=m["site"], site=state.sites[m["site"]]["name"],
                   location=m["location"], route_id=m["route"], status=m["status"])


def _planogram(state: State, mid: str) -> Planogram:
    m = state.machines[mid]
    rows = []
    for sel in _grid(m["kind"]):
        live, change = m["grid"].get(sel), m["pending"].get(sel, "none")
        if change == "none" and live:
            rows.append([sel, live["product"], PRODUCTS[live["product"]][0], live["price"], live["par"],
                         live["on_hand"], "live"])
        elif change is None:
            rows.append([sel, live["product"], PRODUCTS[live["product"]][0], live["price"], live["par"],
                         live["on_hand"], "to clear"])
        elif change != "none":
            rows.append([sel, change["product"], PRODUCTS[change["product"]][0], change["price"], change["par"],
                         live["on_hand"] if live and live["product"] == change["product"] else 0, "pending"])
    return Planogram(machine_id=mid, kind=m["kind"], version=m["version"], rows=rows)


def _grid(kind: str) -> list[str]:
    _, rows, cols = GRIDS[kind]
    return [f"{r}{c}" for r in rows for c in range(1, cols + 1)]


def _fits(kind: str, selection: str, category: str) -> bool:
    if kind == "snack":
        return category in SNACKS
    if kind == "drink":
        return category in DRINKS
    return category in (DRINKS if selection[0] in "EF" else SNACKS)


def _price(price: Any) -> float:
    if isinstance(price, bool) or not isinstance(price, (int, float)):
        raise VendError(f"{price!r} is not a price")
    pence = round(price * 100)
    if abs(price * 100 - pence) > 1e-6 or pence % 5 or not 50 <= pence <= 300:
        raise VendError(f"£{price:.2f} cannot be set; prices go in 5p steps from 50p to £3.00")
    return pence / 100


def _bag(state: State, bid: str) -> CashBag:
    b = state.bags[bid]
    m = state.machines[b["machine"]]
    status = "banked" if b["banked"] else "counted" if b["counted"] is not None else "collected"
    site = state.sites[m["site"]]["name"] if m["site"] else "warehouse"
    return CashBag(bag_id=bid, machine_id=b["machine"], site=site, seal=b["seal"], collected=b["collected"],
                   expected=b["expected"], counted=b["counted"], status=status)


def _callout(state: State, cid: str) -> Callout:
    c = state.callouts[cid]
    m = state.machines[c["machine"]]
    return Callout(callout_id=cid, machine_id=c["machine"], site=state.sites[m["site"]]["name"] if m["site"] else "",
                   fault=c["fault"], notes=c["notes"], status=c["status"], engineer_id=c["engineer"],
                   engineer=state.engineers[c["engineer"]]["name"] if c["engineer"] else None)


def _route(state: State, rid: str) -> Route:
    r = state.routes[rid]
    rows = [[mid, state.sites[m["site"]]["name"], m["location"]] for mid, m in sorted(state.machines.items())
            if m["route"] == rid]
    return Route(route_id=rid, name=r["name"], day=r["day"], driver=state.staff[r["driver"]]["name"], machines=rows)


def _todays_pick(state: State, rid: str) -> tuple[str, dict] | None:
    return next(((pid, p) for pid, p in sorted(state.picks.items()) if p["route"] == rid and p["date"] == TODAY),
                None)


# --------------------------------------------------------------------------- sign-in and the public range


@operation(public=True)
async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to Tollgate's system.

    Args:
        username: The staff user name, e.g. ``kath.b``.
        password: The password.

    Returns:
        The session: a ``token`` to pass to every call but the public ones, the person's name, their role
        (office, warehouse, driver, engineer or manager) and, for an engineer, their engineer id.

    Raises:
        VendError: The user name or password is not recognised.
    """
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        raise VendError("user name or password not recognised")
    token = f"tv-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username.strip().lower(), "name": s["name"], "role": s["role"],
                           "engineer": s["engineer"]}
    return Session(token=token, name=s["name"], role=s["role"], engineer_id=s["engineer"])


@operation()
async def sign_out(state: State, token: str) -> str:
    """End a session.

    Args:
        token: The session token.

    Returns:
        A sentence naming who was signed out.
    """
    who = state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


@operation(public=True)
async def product_range(state: State, category: Category | None = None) -> list[Product]:
    """The public product range that sites choose from.

    Args:
        category: Only products of this category (crisps, chocolate, snacks, cans or bottles).

    Returns:
        One entry per product: its code, name, category, suggested selling price and the units in a case.
    """
    want = category.value if isinstance(category, Category) else category
    if want is not None and want not in [c.value for c in Category]:
        raise VendError(f"no category {want!r}")
    return [Product(code=code, name=p[0], category=p[1], suggested_price=p[2], case_size=p[4])
            for code, p in PRODUCTS.items() if want is None or p[1] == want]


# --------------------------------------------------------------------------- sites


@operation()
async def find_site(state: State, token: str, text: str) -> list[SiteRow]:
    """Find client sites by part of their name, address, postcode or contact.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        One row per site found: site id, name, postcode, contact and how many machines it has.
    """
    needle = _text(text, "text").lower()
    return [SiteRow(site_id=sid, name=s["name"], postcode=s["postcode"], contact=s["contact"],
                    machines=sum(1 for m in state.machines.values() if m["site"] == sid))
            for sid, s in sorted(state.sites.items())
            if any(needle in s[k].lower() for k in ("name", "address", "postcode", "contact"))]


@operation("office")
async def add_site(state: State, token: str, name: str, address: str, postcode: str, contact: str, phone: str,
                   commission_pct: float = 10.0, email: str | None = None) -> Site:
    """Add a new client site that will host machines.

    Args:
        token: The session token.
        name: The site's name as the client gives it.
        address: The street address.
        postcode: The postcode.
        contact: The person at the site who deals with Tollgate.
        phone: The contact's telephone number.
        commission_pct: The commission the site is paid on its takings, in per cent (10 unless agreed otherwise).
        email: The contact's e-mail address, if they have one.

    Returns:
        The site with its new site id.

    Raises:
        VendError: A required detail is missing, the site is on file already, or the rate is not allowed.
    """
    name, postcode = _text(name, "name"), _text(postcode, "postcode").upper()
    for sid, s in state.sites.items():
        if s["name"].lower() == name.lower() and s["postcode"] == postcode:
            raise VendError(f"{name} at {postcode} is on file already as {sid}")
    if isinstance(commission_pct, bool) or not isinstance(commission_pct, (int, float)) or not (
            0 <= commission_pct <= COMMISSION_CAP):
        raise VendError(f"commission of {commission_pct!r}% is not allowed; it is capped at {COMMISSION_CAP:g}%")
    sid = f"ST-{_next(state, 'site')}"
    state.sites[sid] = {"name": name, "address": _text(address, "address"), "postcode": postcode,
                        "contact": _text(contact, "contact"), "phone": _text(phone, "phone"),
                        "email": email.strip() if email else None, "commission": float(commission_pct)}
    return _site(state, sid)


@operation("office")
async def update_site(state: State, token: str, site_id: str, contact: str | None = None, phone: str | None = None,
                      email: str | None = None) -> Site:
    """Change a site's contact, phone number or e-mail address; what is left out stays as it is.

    Args:
        token: The session token.
        site_id: The site.
        contact: The new contact's name.
        phone: The new phone number.
        email: The new e-mail address.

    Returns:
        The site as changed.

    Raises:
        VendError: No such site, or nothing would change.
    """
    s = _get(state.sites, site_id, "site")
    new = {k: v.strip() for k, v in (("contact", contact), ("phone", phone), ("email", email)) if v and v.strip()}
    changed = {k: v for k, v in new.items() if s[k] != v}
    if not changed:
        raise VendError(f"nothing to change for {s['name']}; those are the details on file")
    s.update(changed)
    return _site(state, site_id)


@operation()
async def site_file(state: State, token: str, site_id: str) -> SiteFile:
    """A site's whole file.

    Args:
        token: The session token.
        site_id: The site.

    Returns:
        The site; its machines as rows of ``[machine_id, kind, location, status]``; and its commission statements
        as rows of ``[statement_id, date, takings, commission, paid]`` (``paid`` is the method, or null).
    """
    _get(state.sites, site_id, "site")
    return SiteFile(
        site=_site(state, site_id),
        machines=[[mid, m["kind"], m["location"], m["status"]] for mid, m in sorted(state.machines.items())
                  if m["site"] == site_id],
        statements=[[cid, c["date"], c["takings"], c["commission"], c["paid"]]
                    for cid, c in sorted(state.statements.items()) if c["site"] == site_id])


@operation()
async def message_site(state: State, token: str, site_id: str, channel: Channel, text: str) -> str:
    """Send a site's contact an e-mail or a text message.

    Args:
        token: The session token.
        site_id: The site.
        channel: ``email`` or ``sms``.
        text: The message.

    Returns:
        A sentence with the message's id.

    Raises:
        VendError: No such site, no e-mail address on file, or no text.
    """
    s = _get(state.sites, site_id, "site")
    if channel not in ("email", "sms"):
        raise VendError(f"no channel {channel!r}")
    to = s["phone"] if channel == "sms" else s["email"]
    if not to:
        raise VendError(f"{s['contact']} at {s['name']} has no e-mail address on file")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, site_id, channel, _text(text, "text")])
    return f"Message {mid} sent by {channel} to {s['contact']} at {s['name']} ({to})."


@operation("manager")
async def set_commission(state: State, token: str, site_id: str, commission_pct: float) -> float:
    """Set the commission a site is paid on its takings.

    Args:
        token: The session token.
        site_id: The site.
        commission_pct: The new rate, in per cent.

    Returns:
        The site's new rate.

    Raises:
        VendError: No such site, the rate is the one on file, or it is over the cap.
    """
    s = _get(state.sites, site_id, "site")
    if isinstance(commission_pct, bool) or not isinstance(commission_pct, (int, float)):
        raise VendError(f"{commission_pct!r} is not a rate")
    if float(commission_pct) == s["commission"]:
        raise VendError(f"{s['name']} is on {s['commission']:g}% already")
    if not 0 <= commission_pct <= COMMISSION_CAP:
        raise VendError(f"commission is capped at {COMMISSION_CAP:g}%")
    s["commission"] = float(commission_pct)
    return s["commission"]


# --------------------------------------------------------------------------- machines


@operation()
async def spare_machines(state: State, token: str, kind: MachineKind | None = None) -> list[SpareRow]:
    """The refurbished machines waiting in the warehouse to be installed.

    Args:
        token: The session token.
        kind: Only machines of this kind (snack, drink or combo).

    Returns:
        One row per spare machine: its asset id, kind, model and number of selections.
    """
    want = MachineKind(kind).value if kind is not None else None
    return [SpareRow(asset_id=mid, kind=m["kind"], model=GRIDS[m["kind"]][0], selections=len(_grid(m["kind"])))
            for mid, m in sorted(state.machines.items()) if m["site"] is None and (want is None or m["kind"] == want)]


@operation("office", "engineer")
async def install_machine(state: State, token: str, asset_id: str, site_id: str, location: str) -> Machine:
    """Install a spare machine at a site. It starts with an empty planogram and on no route.

    Args:
        token: The session token.
        asset_id: The spare machine's asset id; it keeps it as its machine id.
        site_id: The site.
        location: Where in the building it stands.

    Returns:
        The installed machine.

    Raises:
        VendError: No such machine or site, or the machine is installed somewhere already.
    """
    m = _get(state.machines, asset_id, "machine")
    _get(state.sites, site_id, "site")
    if m["site"] is not None:
        raise VendError(f"{asset_id} is installed at {state.sites[m['site']]['name']} already")
    m.update({"site": site_id, "location": _text(location, "location"), "route": None, "status": "in_service",
              "cash": 0.0, "sales": 0, "last_visit": None, "grid": {}, "pending": {}, "version": 0,
              "temperature": 5.0 if m["kind"] != "snack" else None})
    return _machine(state, asset_id)


@operation()
async def machines(state: State, token: str, site_id: str | None = None, route_id: str | None = None,
                   status: MachineStatus | None = None) -> list[Machine]:
    """The machines installed at sites.

    Args:
        token: The session token.
        site_id: Only the machines at this site.
        route_id: Only the machines on this route.
        status: Only machines in this status (in_service or suspended).

    Returns:
        One entry per machine: machine id, kind, site id and name, location, route and status.
    """
    want = status.value if isinstance(status, MachineStatus) else status
    if want is not None and want not in [s.value for s in MachineStatus]:
        raise VendError(f"no machine status {want!r}")
    return [_machine(state, mid) for mid, m in sorted(state.machines.items())
            if m["site"] is not None and (site_id is None or m["site"] == site_id)
            and (route_id is None or m["route"] == route_id) and (want is None or m["status"] == want)]


@operation()
async def telemetry(state: State, token: str, machine_id: str) -> Telemetry:
    """What a machine last reported over its telemetry link.

    Args:
        token: The session token.
        machine_id: The machine.

    Returns:
        The cash in its cash box, the vends since the last visit, the live selections that are empty, the
        chiller's temperature (drink and combo machines) and the day of the last visit.
    """
    m = _installed(state, machine_id)
    return Telemetry(machine_id=machine_id, site=state.sites[m["site"]]["name"], cash_in_box=m["cash"],
                     sales_since_visit=m["sales"],
                     empty_selections=[sel for sel, ln in m["grid"].items() if ln["on_hand"] == 0],
                     temperature_c=m["temperature"], last_visit=m["last_visit"])


@operation("office")
async def remove_machine(state: State, token: str, machine_id: str, reason: str) -> str:
    """Take a machine out of a site and back to the warehouse, off its route and with its planogram cleared.

    Args:
        token: The session token.
        machine_id: The machine.
        reason: Why it comes out.

    Returns:
        A sentence naming the machine and the site.

    Raises:
        VendError: No such machine, it is a spare already, or there is cash in its cash box.
    """
    m = _installed(state, machine_id)
    if m["cash"] > 0:
        raise VendError(f"{machine_id} has £{m['cash']:.2f} in its cash box; collect it before the machine is removed")
    site = state.sites[m["site"]]["name"]
    _text(reason, "reason")
    m.update({"site": None, "location": "Warehouse bay 2", "route": None, "status": "in_service", "grid": {},
              "pending": {}, "version": 0, "last_visit": None, "sales": 0})
    return f"Machine {machine_id} removed from {site} and booked back into the warehouse."


@operation("office")
async def suspend_machine(state: State, token: str, machine_id: str, reason: str) -> str:
    """Suspend a machine: it stops vending and its route skips it.

    Args:
        token: The session token.
        machine_id: The machine.
        reason: Why.

    Returns:
        A sentence naming the machine.

    Raises:
        VendError: No such machine, or it is suspended already.
    """
    m = _installed(state, machine_id)
    if m["status"] == "suspended":
        raise VendError(f"{machine_id} is suspended already")
    _text(reason, "reason")
    m["status"] = "suspended"
    return f"Machine {machine_id} at {state.sites[m['site']]['name']} suspended."


@operation("office")
async def resume_machine(state: State, token: str, machine_id: str) -> Machine:
    """Put a suspended machine back into service.

    Args:
        token: The session token.
        machine_id: The machine.

    Returns:
        The machine as it now stands.

    Raises:
        VendError: No such machine, it is in service already, or a call-out on it is still open.
    """
    m = _installed(state, machine_id)
    if m["status"] == "in_service":
        raise VendError(f"{machine_id} is in service already")
    for cid, c in sorted(state.callouts.items()):
        if c["machine"] == machine_id and c["status"] != "closed":
            raise VendError(f"{machine_id} has call-out {cid} ({c['fault']}) still open; it is closed by the engineer "
                            "before the machine goes back into service")
    m["status"] = "in_service"
    return _machine(state, machine_id)


# --------------------------------------------------------------------------- planograms and prices


@operation()
async def planogram(state: State, token: str, machine_id: str) -> Planogram:
    """A machine's planogram.

    Args:
        token: The session token.
        machine_id: The machine.

    Returns:
        The machine's kind, its published version and its selections as rows of ``[selection, product_code,
        product, price, par, on_hand, state]``, where ``state`` is ``live``, ``pending`` (a change waiting to be
        published) or ``to clear``.
    """
    _installed(state, machine_id)
    return _planogram(state, machine_id)


@operation("office")
async def set_selection(state: State, token: str, machine_id: str, selection: str, product_code: str, price: float,
                        par: int) -> Planogram:
    """Put a product in a selection of a machine's planogram, at a price and a fill level. The change waits until
    the planogram is published.

    Args:
        token: The session token.
        machine_id: The machine.
        selection: The selection as labelled on the machine, e.g. ``B3``.
        product_code: The product, from the product range.
        price: The selling price.
        par: How many the driver fills the selection to.

    Returns:
        The planogram with the change pending.

    Raises:
        VendError: No such machine, selection or product, the product does not go in that selection, or the price
            or fill level is not allowed.
    """
    m = _installed(state, machine_id)
    sel = selection.strip().upper() if isinstance(selection, str) else ""
    if sel not in _grid(m["kind"]):
        _, rows, cols = GRIDS[m["kind"]]
        raise VendError(f"{machine_id} is a {m['kind']} machine; its selections run {rows[0]}1 to {rows[-1]}{cols}")
    p = PRODUCTS.get(product_code) if isinstance(product_code, str) else None
    if p is None:
        raise VendError(f"no product {product_code}")
    if not _fits(m["kind"], sel, p[1]):
        where = "the chilled rows E and F" if m["kind"] == "combo" and p[1] in DRINKS else \
            "rows A to D" if m["kind"] == "combo" else f"a {'drink' if p[1] in DRINKS else 'snack'} machine"
        raise VendError(f"{p[0]} ({p[1]}) cannot go in {sel} of {machine_id}; it goes in {where}")
    price = _price(price)
    if isinstance(par, bool) or not isinstance(par, int) or not 1 <= par <= 15:
        raise VendError(f"a fill level of {par!r} is not possible; a selection holds 1 to 15")
    current = m["pending"].get(sel, m["grid"].get(sel))
    if current and current["product"] == product_code and current["price"] == price and current["par"] == par:
        raise VendError(f"{sel} of {machine_id} holds {product_code} at £{price:.2f} to {par} already")
    m["pending"][sel] = {"product": product_code, "price": price, "par": par}
    return _planogram(state, machine_id)


@operation("office")
async def clear_selection(state: State, token: str, machine_id: str, selection: str) -> str:
    """Empty a selection of a machine's planogram, or drop a change waiting on it. A live selection is cleared when
    the planogram is next published.

    Args:
        token: The session token.
        machine_id: The machine.
        selection: The selection, e.g. ``C2``.

    Returns:
        A sentence naming the selection and the machine.

    Raises:
        VendError: No such machine, or nothing in that selection.
    """
    m = _installed(state, machine_id)
    sel = selection.strip().upper() if isinstance(selection, str) else ""
    pending = m["pending"].get(sel, "none")
    if pending not in ("none", None):
        del m["pending"][sel]
        return f"The pending change to {sel} of {machine_id} was dropped."
    if sel not in m["grid"] or pending is None:
        raise VendError(f"{sel or selection!r} of {machine_id} holds nothing to clear")
    m["pending"][sel] = None
    return f"{sel} of {machine_id} will be cleared when planogram version {m['version'] + 1} is published."


@operation("office")
async def publish_planogram(state: State, token: str, machine_id: str) -> int:
    """Publish the changes waiting on a machine's planogram to the machine and its route.

    Args:
        token: The session token.
        machine_id: The machine.

    Returns:
        The planogram's new version number.

    Raises:
        VendError: No such machine, or no change is waiting.
    """
    m = _installed(state, machine_id)
    if not m["pending"]:
        raise VendError(f"{machine_id} has no changes waiting since version {m['version']}")
    for sel, change in m["pending"].items():
        if change is None:
            m["grid"].pop(sel, None)
        else:
            old = m["grid"].get(sel)
            keep = old["on_hand"] if old and old["product"] == change["product"] else 0
            m["grid"][sel] = {**change, "on_hand": min(keep, change["par"])}
    m["grid"] = dict(sorted(m["grid"].items()))
    m["pending"] = {}
    m["version"] += 1
    return m["version"]


@operation("office")
async def reprice(state: State, token: str, machine_id: str, selection: str, price: float) -> float:
    """Change the price of a live selection; the machine takes the new price straight away over its telemetry.

    Args:
        token: The session token.
        machine_id: The machine.
        selection: The live selection, e.g. ``A2``.
        price: The new price.

    Returns:
        The selection's new price.

    Raises:
        VendError: No such machine, the selection is not live, the price is the same, or it is not allowed.
    """
    m = _installed(state, machine_id)
    sel = selection.strip().upper() if isinstance(selection, str) else ""
    live = m["grid"].get(sel)
    if live is None:
        raise VendError(f"{sel or selection!r} is not live on {machine_id}; set it on the planogram and publish first")
    price = _price(price)
    if live["price"] == price:
        raise VendError(f"{sel} of {machine_id} is £{price:.2f} already")
    live["price"] = price
    if isinstance(m["pending"].get(sel), dict):
        m["pending"][sel]["price"] = price
    return price


# --------------------------------------------------------------------------- the warehouse and routes


@operation()
async def warehouse_stock(state: State, token: str, product_code: str | None = None) -> list[StockRow]:
    """Stock in the warehouse.

    Args:
        token: The session token.
        product_code: Only this product.

    Returns:
        One row per product: code, name, units on the shelf, units reserved for picks, units free and the
        earliest best-before date.
    """
    return [StockRow(code=code, name=PRODUCTS[code][0], units=s["units"], reserved=s["reserved"],
                     free=s["units"] - s["reserved"], best_before=s["best_before"])
            for code, s in state.stock.items() if product_code is None or code == product_code]


@operation("warehouse")
async def goods_in(state: State, token: str, product_code: str, cases: int, best_before: str) -> StockRow:
    """Book a delivery from the wholesaler into the warehouse.

    Args:
        token: The session token.
        product_code: The product.
        cases: How many cases arrived.
        best_before: The best-before date on the cases (YYYY-MM-DD).

    Returns:
        The product's stock row after the delivery.

    Raises:
        VendError: No such product, no cases, or the stock is out of date on arrival.
    """
    s = _get(state.stock, product_code, "product")
    if isinstance(cases, bool) or not isinstance(cases, int) or cases < 1:
        raise VendError(f"{cases!r} cases cannot be booked in")
    if not isinstance(best_before, str) or len(best_before) != 10 or best_before <= TODAY:
        raise VendError(f"stock best before {best_before!r} is refused at the door")
    s["units"] += cases * PRODUCTS[product_code][4]
    s["best_before"] = min(filter(None, (s["best_before"], best_before)))
    return StockRow(code=product_code, name=PRODUCTS[product_code][0], units=s["units"], reserved=s["reserved"],
                    free=s["units"] - s["reserved"], best_before=s["best_before"])


@operation()
async def routes(state: State, token: str, day: Weekday | None = None) -> list[RouteRow]:
    """The restocking routes.

    Args:
        token: The session token.
        day: Only the routes run on this day (mon to fri).

    Returns:
        One row per route: route id, name, the day it runs, its driver, its van and how many machines are on it.
    """
    if day is not None and day not in ("mon", "tue", "wed", "thu", "fri"):
        raise VendError(f"no day {day!r}")
    return [RouteRow(route_id=rid, name=r["name"], day=r["day"], driver=state.staff[r["driver"]]["name"], van=r["van"],
                     machines=sum(1 for m in state.machines.values() if m["route"] == rid))
            for rid, r in sorted(state.routes.items()) if day is None or r["day"] == day]


@operation("office")
async def add_to_route(state: State, token: str, route_id: str, machine_id: str) -> Route:
    """Put a machine on a restocking route.

    Args:
        token: The session token.
        route_id: The route.
        machine_id: The machine.

    Returns:
        The route with its machines as rows of ``[machine_id, site, location]``.

    Raises:
        VendError: No such route or machine, the machine is on a route already, or it has no published
            planogram for the driver to fill.
    """
    _get(state.routes, route_id, "route")
    m = _installed(state, machine_id)
    if m["route"] is not None:
        raise VendError(f"{machine_id} is on {m['route']} already")
    if m["version"] == 0:
        raise VendError(f"{machine_id} has no published planogram; the route would have nothing to fill it with")
    m["route"] = route_id
    return _route(state, route_id)


@operation("office")
async def drop_from_route(state: State, token: str, route_id: str, machine_id: str) -> str:
    """Take a machine off a route.

    Args:
        token: The session token.
        route_id: The route.
        machine_id: The machine.

    Returns:
        A sentence naming the machine and the route.

    Raises:
        VendError: No such route or machine, or the machine is not on that route.
    """
    r = _get(state.routes, route_id, "route")
    m = _installed(state, machine_id)
    if m["route"] != route_id:
        raise VendError(f"{machine_id} is not on {route_id}")
    m["route"] = None
    return f"Machine {machine_id} taken off route {route_id} ({r['name']})."


@operation("warehouse")
async def build_pick(state: State, token: str, route_id: str) -> PickList:
    """Build today's pick list for a route: what its machines in service need to reach their fill levels,
    reserved from the warehouse's stock.

    Args:
        token: The session token.
        route_id: The route.

    Returns:
        The pick list with its lines as rows of ``[product_code, product, units]`` and the units in all.

    Raises:
        VendError: No such route, it does not run today, its pick is built already, nothing is needed, or the
            warehouse is short.
    """
    r = _get(state.routes, route_id, "route")
    if r["day"] != WEEKDAY:
        raise VendError(f"{route_id} runs on {DAYS[r['day']]}s; a route's pick is built on the day it runs")
    done = _todays_pick(state, route_id)
    if done:
        raise VendError(f"{route_id}'s pick for today is built already ({done[0]})")
    need: dict[str, int] = {}
    for mid, m in sorted(state.machines.items()):
        if m["route"] == route_id and m["status"] == "in_service":
            for ln in m["grid"].values():
                if ln["par"] > ln["on_hand"]:
                    need[ln["product"]] = need.get(ln["product"], 0) + ln["par"] - ln["on_hand"]
    if not need:
        raise VendError(f"nothing on {route_id} needs filling")
    for code, units in need.items():
        free = state.stock[code]["units"] - state.stock[code]["reserved"]
        if units > free:
            raise VendError(f"the warehouse is short of {code} for {route_id}: {units} wanted, {free} free")
    for code, units in need.items():
        state.stock[code]["reserved"] += units
    pid = f"PK-{_next(state, 'pick')}"
    lines = [[code, PRODUCTS[code][0], units] for code, units in sorted(need.items())]
    state.picks[pid] = {"route": route_id, "date": TODAY, "lines": lines, "loaded": False}
    return PickList(pick_id=pid, route_id=route_id, date=TODAY, lines=lines, units=sum(need.values()))


@operation("warehouse")
async def load_van(state: State, token: str, pick_id: str) -> str:
    """Load a pick onto its route's van; the stock leaves the warehouse.

    Args:
        token: The session token.
        pick_id: The pick list.

    Returns:
        A sentence naming the pick, the route, the van and the driver.

    Raises:
        VendError: No such pick, or it is loaded already.
    """
    p = _get(state.picks, pick_id, "pick")
    if p["loaded"]:
        raise VendError(f"{pick_id} is on the van already")
    for code, _, units in p["lines"]:
        state.stock[code]["units"] -= units
        state.stock[code]["reserved"] -= units
    p["loaded"] = True
    r = state.routes[p["route"]]
    return (f"Pick {pick_id} for {p['route']} ({r['name']}) loaded on van {r['van']} for "
            f"{state.staff[r['driver']]['name']}: {sum(u for _, _, u in p['lines'])} units.")


@operation("driver")
async def restock(state: State, token: str, machine_id: str, missed: list[str] | None = None) -> Visit:
    """Fill a machine on your route from today's loaded van, every live selection to its fill level.

    Args:
        token: The session token.
        machine_id: The machine.
        missed: Selections you could not fill (a jammed spiral, say); they are left as they are.

    Returns:
        The visit with its id, the selections filled as rows of ``[selection, product_code, units]`` and those
        missed.

    Raises:
        VendError: No such machine, it is not on your route, today's pick for the route is not on the van, the
            machine was filled today already, or a missed selection is not live.
    """
    who = _who(state, token)
    m = _installed(state, machine_id)
    if m["route"] is None:
        raise VendError(f"{machine_id} is on no route")
    r = state.routes[m["route"]]
    if who["role"] == "driver" and r["driver"] != who["user"]:
        raise VendError(f"{machine_id} is on {state.staff[r['driver']]['name']}'s route {m['route']}, not yours")
    pick = _todays_pick(state, m["route"])
    if pick is None or not pick[1]["loaded"]:
        raise VendError(f"{m['route']}'s pick for today is not on the van; the warehouse loads it first")
    for vid, v in state.visits.items():
        if v["machine"] == machine_id and v["date"] == TODAY:
            raise VendError(f"{machine_id} was filled today already ({vid})")
    missed = [s.strip().upper() for s in (missed or []) if isinstance(s, str)]
    for sel in missed:
        if sel not in m["grid"]:
            raise VendError(f"{sel} is not a live selection of {machine_id}")
    filled = []
    for sel, ln in m["grid"].items():
        if sel not in missed and ln["par"] > ln["on_hand"]:
            filled.append([sel, ln["product"], ln["par"] - ln["on_hand"]])
            ln["on_hand"] = ln["par"]
    m["sales"], m["last_visit"] = 0, TODAY
    vid = f"VS-{_next(state, 'visit')}"
    state.visits[vid] = {"machine": machine_id, "date": TODAY, "filled": filled, "missed": missed}
    return Visit(visit_id=vid, machine_id=machine_id, date=TODAY, filled=filled, missed=missed)


@operation("driver")
async def record_wastage(state: State, token: str, visit_id: str, items: list[str], reason: WasteReason) -> float:
    """Record the items taken out of a machine on a visit and thrown away, one product code per item.

    Args:
        token: The session token.
        visit_id: The visit.
        items: The product code of each item thrown away (a code twice for two items).
        reason: ``out_of_date``, ``damaged`` or ``recalled``.

    Returns:
        The cost written off.

    Raises:
        VendError: No such visit, wastage recorded on it already, or an item that is not in the machine.
    """
    v = _get(state.visits, visit_id, "visit")
    if visit_id in state.wastage:
        raise VendError(f"wastage on {visit_id} is recorded already")
    if reason not in ("out_of_date", "damaged", "recalled"):
        raise VendError(f"no wastage reason {reason!r}")
    if not isinstance(items, list) or not items:
        raise VendError("items are required")
    stocked = {ln["product"] for ln in state.machines[v["machine"]]["grid"].values()}
    for code in items:
        if code not in stocked:
            raise VendError(f"{code} is not stocked in {v['machine']}")
    state.wastage[visit_id] = [list(items), reason]
    return round(sum(PRODUCTS[code][3] for code in items), 2)


# --------------------------------------------------------------------------- cash


@operation("driver")
async def collect_cash(state: State, token: str, machine_id: str, seal: str) -> CashBag:
    """Empty a machine's cash box on your route into a sealed bag.

    Args:
        token: The session token.
        machine_id: The machine.
        seal: The number printed on the bag's seal.

    Returns:
        The cash bag with its id and the cash the telemetry expects in it.

    Raises:
        VendError: No such machine, it is not on your route, the cash box is empty, or the seal is used.
    """
    who = _who(state, token)
    m = _installed(state, machine_id)
    r = state.routes.get(m["route"])
    if who["role"] == "driver" and (r is None or r["driver"] != who["user"]):
        raise VendError(f"{machine_id} is not on your route")
    seal = _text(seal, "seal")
    for bid, b in state.bags.items():
        if b["seal"] == seal:
            raise VendError(f"seal {seal} is on bag {bid} already")
    if m["cash"] <= 0:
        raise VendError(f"{machine_id}'s cash box is empty; nothing to collect")
    bid = f"CB-{_next(state, 'bag')}"
    state.bags[bid] = {"machine": machine_id, "seal": seal, "collected": TODAY, "expected": m["cash"],
                       "counted": None, "banked": None, "statement": None}
    m["cash"] = 0.0
    return _bag(state, bid)


@operation()
async def cash_bags(state: State, token: str, status: BagStatus | None = None,
                    machine_id: str | None = None) -> list[CashBag]:
    """Cash bags collected from machines.

    Args:
        token: The session token.
        status: Only bags that are ``collected`` (not yet counted), ``counted`` (not yet banked) or ``banked``.
        machine_id: Only bags from this machine.

    Returns:
        One entry per bag: bag id, machine, site, seal, the day collected, the cash expected, the cash counted and
        its status.
    """
    if status is not None and status not in ("collected", "counted", "banked"):
        raise VendError(f"no bag status {status!r}")
    out = [_bag(state, bid) for bid in sorted(state.bags)]
    return [b for b in out if (status is None or b["status"] == status)
            and (machine_id is None or b["machine_id"] == machine_id)]


@operation("office")
async def count_bag(state: State, token: str, bag_id: str, counted: float) -> float:
    """Record the cash counted in a bag.

    Args:
        token: The session token.
        bag_id: The bag.
        counted: The cash counted, in pounds.

    Returns:
        The variance: what was counted less what the telemetry expected.

    Raises:
        VendError: No such bag, it is counted already, or the amount is not a sum of money.
    """
    b = _get(state.bags, bag_id, "cash bag")
    if b["counted"] is not None:
        raise VendError(f"{bag_id} was counted already (£{b['counted']:.2f})")
    if isinstance(counted, bool) or not isinstance(counted, (int, float)) or counted < 0:
        raise VendError(f"{counted!r} is not a sum of money")
    b["counted"] = round(float(counted), 2)
    return round(b["counted"] - b["expected"], 2)


@operation("office")
async def bank_bags(state: State, token: str, bag_ids: list[str]) -> Banking:
    """Bank counted cash bags together in one paying-in.

    Args:
        token: The session token.
        bag_ids: The bags.

    Returns:
        The banking with its id, the bags and the total paid in.

    Raises:
        VendError: No bags, no such bag, a bag not counted yet, or a bag banked already.
    """
    if not isinstance(bag_ids, list) or not bag_ids:
        raise VendError("bag ids are required")
    for bid in bag_ids:
        b = _get(state.bags, bid, "cash bag")
        if b["banked"]:
            raise VendError(f"{bid} was banked already ({b['banked']})")
        if b["counted"] is None:
            raise VendError(f"{bid} has not been counted; bags are counted before they are banked")
    kid = f"BK-{_next(state, 'banking')}"
    total = round(sum(state.bags[bid]["counted"] for bid in bag_ids), 2)
    for bid in bag_ids:
        state.bags[bid]["banked"] = kid
    state.bankings[kid] = {"date": TODAY, "bags": list(bag_ids), "total": total}
    return Banking(banking_id=kid, date=TODAY, bags=list(bag_ids), total=total)


# --------------------------------------------------------------------------- faults


@operation("office", "driver")
async def log_fault(state: State, token: str, machine_id: str, fault: FaultCode, notes: str) -> Callout:
    """Log a fault on a machine as a call-out for an engineer.

    Args:
        token: The session token.
        machine_id: The machine.
        fault: What is wrong: coin_mech, card_reader, note_reader, vend_failure, refrigeration, display, power or
            vandalism.
        notes: What the site or the driver saw.

    Returns:
        The call-out with its id, open and with no engineer yet.

    Raises:
        VendError: No such machine or fault, or a call-out for the same fault is open already.
    """
    _installed(state, machine_id)
    try:
        code = FaultCode(fault).value
    except ValueError:
        raise VendError(f"no fault {fault!r}") from None
    for cid, c in state.callouts.items():
        if c["machine"] == machine_id and c["fault"] == code and c["status"] != "closed":
            raise VendError(f"{machine_id} has call-out {cid} open for {code} already")
    cid = f"CO-{_next(state, 'callout')}"
    state.callouts[cid] = {"machine": machine_id, "fault": code, "notes": _text(notes, "notes"), "status": "open",
                           "engineer": None, "fix": None, "parts": []}
    return _callout(state, cid)


@operation()
async def callouts(state: State, token: str, status: CalloutStatus | None = None,
                   engineer_id: str | None = None) -> list[Callout]:
    """Fault call-outs.

    Args:
        token: The session token.
        status: Only call-outs that are ``open``, ``assigned`` or ``closed``.
        engineer_id: Only call-outs given to this engineer.

    Returns:
        One entry per call-out: its id, machine, site, fault, notes, status and engineer.
    """
    want = status.value if isinstance(status, CalloutStatus) else status
    if want is not None and want not in [s.value for s in CalloutStatus]:
        raise VendError(f"no call-out status {want!r}")
    return [_callout(state, cid) for cid, c in sorted(state.callouts.items())
            if (want is None or c["status"] == want) and (engineer_id is None or c["engineer"] == engineer_id)]


@operation()
async def engineers(state: State, token: str) -> list[Engineer]:
    """Tollgate's field engineers.

    Args:
        token: The session token.

    Returns:
        One entry per engineer: engineer id, name, the area they cover and their mobile number.
    """
    return [Engineer(engineer_id=eid, name=e["name"], area=e["area"], phone=e["phone"])
            for eid, e in sorted(state.engineers.items())]


@operation("office")
async def assign_callout(state: State, token: str, callout_id: str, engineer_id: str) -> Callout:
    """Give a call-out to an engineer.

    Args:
        token: The session token.
        callout_id: The call-out.
        engineer_id: The engineer.

    Returns:
        The call-out, assigned.

    Raises:
        VendError: No such call-out or engineer, it is closed, or it is with that engineer already.
    """
    c = _get(state.callouts, callout_id, "call-out")
    e = _get(state.engineers, engineer_id, "engineer")
    if c["status"] == "closed":
        raise VendError(f"{callout_id} is closed")
    if c["engineer"] == engineer_id:
        raise VendError(f"{callout_id} is with {e['name']} already")
    c.update({"engineer": engineer_id, "status": "assigned"})
    return _callout(state, callout_id)


@operation("engineer")
async def close_callout(state: State, token: str, callout_id: str, fix: Fix, notes: str,
                        parts: list[str] | None = None) -> Callout:
    """Close a call-out given to you, saying how it was fixed and which parts from the van were fitted.

    Args:
        token: The session token.
        callout_id: The call-out.
        fix: ``repaired``, ``part_replaced`` or ``no_fault_found``.
        notes: What was found and done.
        parts: The parts fitted, by their name on the van's stock list (needed when a part was replaced).

    Returns:
        The call-out, closed.

    Raises:
        VendError: No such call-out, it is not given to you, it is closed already, or a part is unknown or missing.
    """
    who = _who(state, token)
    c = _get(state.callouts, callout_id, "call-out")
    if c["status"] == "closed":
        raise VendError(f"{callout_id} is closed already")
    if c["engineer"] is None:
        raise VendError(f"{callout_id} is not given to an engineer yet; the office assigns it first")
    if who["role"] == "engineer" and c["engineer"] != who["engineer"]:
        raise VendError(f"{callout_id} is with {state.engineers[c['engineer']]['name']}, not you")
    if fix not in ("repaired", "part_replaced", "no_fault_found"):
        raise VendError(f"no fix {fix!r}")
    parts = list(parts or [])
    for part in parts:
        if part not in PARTS:
            raise VendError(f"no part {part!r} on the van's stock list; it carries {', '.join(PARTS)}")
    if fix == "part_replaced" and not parts:
        raise VendError("a part was replaced; say which")
    c.update({"status": "closed", "fix": fix, "parts": parts, "notes": c["notes"] + " / " + _text(notes, "notes")})
    return _callout(state, callout_id)


# --------------------------------------------------------------------------- commission


@operation("office")
async def commission_statement(state: State, token: str, site_id: str) -> Statement:
    """Draw up a site's commission statement on the takings banked since its last statement.

    Args:
        token: The session token.
        site_id: The site.

    Returns:
        The statement with its id, its lines as rows of ``[machine_id, bags, takings, rate_pct, commission]``,
        the takings, the rate and the commission due.

    Raises:
        VendError: No such site, or nothing has been banked for it since its last statement.
    """
    s = _get(state.sites, site_id, "site")
    bags = [(bid, b) for bid, b in sorted(state.bags.items())
            if state.machines[b["machine"]]["site"] == site_id and b["statement"] is None]
    banked = [(bid, b) for bid, b in bags if b["banked"]]
    if not banked:
        waiting = ", ".join(bid for bid, _ in bags)
        raise VendError(f"nothing has been banked for {s['name']} since its last statement"
                        + (f"; collected and not yet banked: {waiting}" if waiting else ""))
    per: dict[str, list] = {}
    for bid, b in banked:
        row = per.setdefault(b["machine"], [0, 0.0])
        row[0] += 1
        row[1] = round(row[1] + b["counted"], 2)
    rate = s["commission"]
    lines = [[mid, n, takings, rate, round(takings * rate / 100, 2)] for mid, (n, takings) in sorted(per.items())]
    takings = round(sum(ln[2] for ln in lines), 2)
    commission = round(sum(ln[4] for ln in lines), 2)
    cid = f"CS-{_next(state, 'statement')}"
    state.statements[cid] = {"site": site_id, "date": TODAY, "lines": lines, "takings": takings, "rate": rate,
                             "commission": commission, "paid": None}
    for bid, _ in banked:
        state.bags[bid]["statement"] = cid
    return Statement(statement_id=cid, site_id=site_id, site=s["name"], date=TODAY, lines=lines, takings=takings,
                     rate_pct=rate, commission=commission)


@operation("manager")
async def pay_commission(state: State, token: str, statement_id: str, method: PayMethod) -> str:
    """Pay a site the commission on a statement.

    Args:
        token: The session token.
        statement_id: The statement.
        method: ``bacs`` or ``cheque``.

    Returns:
        A sentence with the statement's id, the site and the amount.

    Raises:
        VendError: No such statement, or it is paid already.
    """
    c = _get(state.statements, statement_id, "statement")
    if c["paid"]:
        raise VendError(f"{statement_id} was paid already by {c['paid']}")
    if method not in ("bacs", "cheque"):
        raise VendError(f"no payment method {method!r}")
    c["paid"] = method
    return (f"Commission statement {statement_id} for {state.sites[c['site']]['name']} paid: "
            f"£{c['commission']:.2f} by {method}.")


TOOLS = [
    sign_in, sign_out, product_range, find_site, add_site, update_site, site_file, message_site, set_commission,
    spare_machines, install_machine, machines, telemetry, remove_machine, suspend_machine, resume_machine, planogram,
    set_selection, clear_selection, publish_planogram, reprice, warehouse_stock, goods_in, routes, add_to_route,
    drop_from_route, build_pick, load_van, restock, record_wastage, collect_cash, cash_bags, count_bag, bank_bags,
    log_fault, callouts, engineers, assign_callout, close_callout, commission_statement, pay_commission,
]

FIXTURES = {
    "operator": {"name": "Tollgate Vending Services, Unit 4, Canal Park, Hexley",
                 "today": "Tuesday morning, half past six"},
    "staff": [
        {"name": "Kath Bramley", "role": "office", "username": "kath.b", "password": "Coil-Pitch-42"},
        {"name": "Wes Okafor", "role": "warehouse", "username": "wes.o", "password": "Pallet-Jack-7"},
        {"name": "Donna Rourke", "role": "driver (Hexley Central)", "username": "donna.r", "password": "Cash-Box-19"},
        {"name": "Amir Hassan", "role": "driver (Marlowe and Northgate, Canal and Riverside)", "username": "amir.h",
         "password": "Tailift-2031"},
        {"name": "Gavin Pryce", "role": "engineer", "username": "gav.p", "password": "Coin-Mech-MDB"},
        {"name": "Sue Tennant", "role": "manager", "username": "sue.t", "password": "Tollgate-1994"},
    ],
    "new_site": {"name": "Hexley Fire Station", "address": "Station Road, Hexley", "postcode": "HX4 2SR",
                 "contact": "Watch Manager Dev Patel", "phone": "01632 960477", "email": "dev.patel@hexleyfire.example",
                 "commission_pct": 10,
                 "wants": "a snack machine in the appliance bay mess room, crisps, chocolate and cereal bars, on the "
                          "Tuesday route"},
    "bag_seals": "Donna's and Amir's cash bags today are sealed with seals 448812 to 448830",
    "notes": [
        "Dark chocolate bars arrive from the wholesaler this morning: 4 cases, best before 30 November",
        "Marlowe's coin mech is with Gavin; the machine stays suspended until he has fixed it",
        "Canal Park Gym says the card reader declines every card",
        "Riverside Business Centre is closing for refurbishment; its machine comes out",
        "Hexley College wants a dark chocolate bar in the library snack machine",
        "Last Tuesday's gym bag is counted and waiting to be banked",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "product_range")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
SITE_CONSUMERS = ["update_site", "site_file", "message_site", "set_commission", "install_machine"]
MACHINE_CONSUMERS = ["telemetry", "remove_machine", "suspend_machine", "resume_machine", "planogram", "set_selection",
                     "clear_selection", "publish_planogram", "reprice", "add_to_route", "drop_from_route", "restock",
                     "log_fault"]
ROUTE_CONSUMERS = ["add_to_route", "drop_from_route", "build_pick"]
BAG_CONSUMERS = ["count_bag", "bank_bags"]
CALLOUT_CONSUMERS = ["assign_callout", "close_callout"]
_SITE = "id lookup/create: site (site_id of add_site, or of a find_site row)"
_MACHINE = "id lookup/create: machine (machine_id of install_machine, or of a machines entry)"
_BAG = "id lookup/create: cash bag (bag_id of collect_cash, or of a cash_bags entry)"
_CALLOUT = "id lookup/create: call-out (callout_id of log_fault, or of a callouts entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("add_site|find_site", c, _SITE) for c in SITE_CONSUMERS]
    + [("install_machine|machines", c, _MACHINE) for c in MACHINE_CONSUMERS]
    + [("routes", c, "id lookup: route (route_id of a routes row)") for c in ROUTE_CONSUMERS]
    + [("collect_cash|cash_bags", c, _BAG) for c in BAG_CONSUMERS]
    + [("log_fault|callouts", c, _CALLOUT) for c in CALLOUT_CONSUMERS]
    + [
        ("find_site", "commission_statement",
         "id lookup: site (site_id of a find_site row; a new site has no takings)"),
        ("machines", "collect_cash", "id lookup: machine (machine_id of a machines entry; a new machine has no cash)"),
        ("spare_machines", "install_machine", "id lookup: spare machine (asset_id of a spare_machines row)"),
        ("engineers", "assign_callout", "id lookup: engineer (engineer_id of an engineers entry)"),
        ("product_range", "set_selection", "vocabulary: product codes (code of a product_range entry)"),
        ("product_range|warehouse_stock", "goods_in",
         "vocabulary: product codes (code of a product_range entry, or of a warehouse_stock row)"),
        ("build_pick", "load_van", "id create: pick list (pick_id of build_pick)"),
        ("restock", "record_wastage", "id create: visit (visit_id of restock, with the product codes it filled)"),
        ("commission_statement", "pay_commission", "id create: commission statement (statement_id of "
                                                   "commission_statement)"),
        ("set_selection|clear_selection", "publish_planogram", "state: a change waiting on the planogram"),
        ("publish_planogram", "add_to_route", "state: a published planogram for the route to fill"),
        ("drop_from_route", "add_to_route", "state: the machine off its old route"),
        ("add_to_route", "drop_from_route", "state: the machine on that route"),
        ("add_to_route", "restock", "state: the machine on a route"),
        ("set_selection", "clear_selection", "state: something in the selection, live or waiting"),
        ("publish_planogram", "reprice", "state: the selection live (published)"),
        ("goods_in", "build_pick", "state: enough free stock in the warehouse for the pick"),
        ("load_van", "restock", "state: the route's pick for today loaded on the van"),
        ("count_bag", "bank_bags", "state: the bag counted before it is banked"),
        ("bank_bags", "commission_statement", "state: takings banked since the site's last statement"),
        ("collect_cash", "remove_machine", "state: the cash box emptied"),
        ("assign_callout", "close_callout", "state: the call-out given to the engineer who closes it"),
        ("suspend_machine", "resume_machine", "state: the machine suspended"),
        ("close_callout", "resume_machine", "state: no call-out on the machine still open"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
PLAUSIBLE = (
    # ids shown in other lists and records: machines in a site's file, on call-outs, cash bags, a route and a
    # statement's lines (and a spare's asset id, which it keeps as its machine id); sites and routes on machines;
    # routes on picks; statements in a site's file; bags on a banking; product codes on planograms, stock, picks
    {(p, c) for p in ("site_file", "callouts", "cash_bags", "collect_cash", "add_to_route", "commission_statement",
                      "spare_machines") for c in MACHINE_CONSUMERS + ["collect_cash"] if p != c}
    | {(p, c) for p in ("machines", "commission_statement") for c in SITE_CONSUMERS + ["commission_statement"]
       if p != c}
    | {(p, c) for p in ("machines", "add_to_route", "build_pick") for c in ROUTE_CONSUMERS if p != c}
    | {(p, c) for p in ("planogram", "warehouse_stock", "build_pick", "set_selection")
       for c in ("set_selection", "goods_in", "record_wastage") if p != c}
    | {("site_file", "pay_commission"), ("bank_bags", "count_bag"), ("assign_callout", "close_callout"),
       ("close_callout", "assign_callout"), ("site_file", "commission_statement")}
    # one step further along the designed chains (the route filtering a driver's machines counted as a step)
    | {
        ("add_site", "add_to_route"), ("add_site", "clear_selection"), ("add_site", "drop_from_route"),
        ("add_site", "log_fault"), ("add_site", "planogram"), ("add_site", "publish_planogram"),
        ("add_site", "remove_machine"), ("add_site", "reprice"), ("add_site", "restock"),
        ("add_site", "resume_machine"), ("add_site", "set_selection"), ("add_site", "suspend_machine"),
        ("add_site", "telemetry"), ("bank_bags", "pay_commission"), ("build_pick", "record_wastage"),
        ("build_pick", "restock"), ("callouts", "resume_machine"), ("cash_bags", "commission_statement"),
        ("collect_cash", "commission_statement"), ("count_bag", "commission_statement"),
        ("engineers", "close_callout"), ("find_site", "pay_commission"), ("load_van", "record_wastage"),
        ("machines", "assign_callout"), ("machines", "bank_bags"), ("machines", "close_callout"),
        ("machines", "commission_statement"), ("machines", "count_bag"), ("machines", "record_wastage"),
        ("product_range", "clear_selection"), ("product_range", "publish_planogram"), ("product_range", "reprice"),
        ("publish_planogram", "drop_from_route"), ("publish_planogram", "restock"), ("routes", "collect_cash"),
        ("routes", "load_van"), ("routes", "remove_machine"), ("routes", "restock"), ("set_selection", "add_to_route"),
        ("set_selection", "reprice"), ("set_selection", "restock"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("add_site", "find_site"), ("update_site", "find_site"), ("update_site", "site_file"),
        ("set_commission", "site_file"), ("install_machine", "machines"), ("install_machine", "site_file"),
        ("install_machine", "spare_machines"), ("remove_machine", "machines"), ("remove_machine", "site_file"),
        ("remove_machine", "spare_machines"), ("suspend_machine", "machines"), ("resume_machine", "machines"),
        ("set_selection", "planogram"), ("clear_selection", "planogram"), ("publish_planogram", "planogram"),
        ("reprice", "planogram"), ("goods_in", "warehouse_stock"), ("build_pick", "warehouse_stock"),
        ("load_van", "warehouse_stock"), ("add_to_route", "routes"), ("add_to_route", "machines"),
        ("drop_from_route", "routes"), ("drop_from_route", "machines"), ("restock", "telemetry"),
        ("restock", "planogram"), ("collect_cash", "telemetry"), ("collect_cash", "cash_bags"),
        ("count_bag", "cash_bags"), ("bank_bags", "cash_bags"), ("log_fault", "callouts"),
        ("assign_callout", "callouts"), ("close_callout", "callouts"), ("commission_statement", "site_file"),
        ("pay_commission", "site_file"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
