"""Bolster: the front desk, workshop and van of Ferris & Gale Upholstery, The Old Chapel Works, Ellsworth (39 calls).

Async functions over an in-memory ``State`` of the workshop on Tuesday 13 May 2031 at 09:00. The front desk
registers customers, posts fabric swatches, books the van to collect furniture or takes it in over the counter,
prices the work as estimates (full reupholstery, a re-cover or a drop-in seat, in a fabric from the book),
revises them, turns accepted estimates into work orders, takes deposits and balances, books deliveries and
cancels orders. The workshop strips each piece, inspects and repairs the frame, resprings or rewebs it,
reserves the cover fabric from stock (the manager orders more from the mill, and deliveries are booked in),
sends fabric that does not pass the match test away for flame-retardant treatment and records its
certificate, upholsters the piece and sews in the fire safety label. The van driver reads the van's day,
collects furniture and delivers finished work. The fabric book and the price guide are public.

Every tool is an ``async def`` wrapped by ``workshop_api(*roles)`` (``functools.wraps``, an async wrapper that
awaits the tool), which checks the session token and the role. A refusal is returned, as a Microsoft Graph or
OData service returns it, as ``{"error": {"code": "conflict", "message": "..."}}`` (codes ``unauthenticated``,
``accessDenied``, ``itemNotFound``, ``invalidRequest`` and ``conflict``); the runtime reads a dict's ``error``
by itself, so the module declares no ``FAILURE``. Replies are ``TypedDict`` records and lists of them; bare
values answer a payment (the balance left) and a cancelled order (the refund); sentences with an id in them
answer swatches posted, a message, a fire label sewn in, a delivery made, fabric released and a sign-out.
Annotations are spelled with ``typing`` (``Optional``, ``List``, ``Dict``, ``Union``, ``Literal``,
``TypedDict``) and evaluated at definition (no ``from __future__ import annotations``), with a plain ``Enum``
input (``PieceKind``), a ``str`` ``Enum`` filter (``OrderStage``), ``Literal`` inputs (payment method,
channel, spring type, foam) and ``Literal`` filters (piece and estimate status). Docstrings are plain prose.
Ids look alike, all from the workshop's one job sequence: piece ``PC-7070``, estimate ``ES-7071``, work order
``WO-7072``, collection ``CL-7073``, mill order ``PO-7074``, treatment batch ``TB-7075``; customer
``CX-3119``; van slot ``VAN-20310514-AM``. The width of fabric a sofa or a chaise asks, the springs each kind
of piece takes, the frame repairs the workshop does, the foam the fire regulations allow, the mill's smallest
cut, the most swatches in a pack, that a first payment is at least the deposit and that no fabric is set
aside for an order before its deposit is paid are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import inspect
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union

TODAY = "2031-05-13"  # a Tuesday
NOW = "09:00"
DEPOSIT_SHARE = 0.5
ESTIMATE_DAYS = 30
MILL_MINIMUM_M = 5.0
MAX_SWATCHES = 5
SOFA_WIDTH_CM = 137


class PieceKind(Enum):
    ARMCHAIR = "armchair"
    SOFA = "sofa"
    DINING_CHAIR = "dining_chair"
    CHAISE_LONGUE = "chaise_longue"
    FOOTSTOOL = "footstool"
    HEADBOARD = "headboard"


class OrderStage(str, Enum):
    AWAITING_DEPOSIT = "awaiting_deposit"
    IN_WORKSHOP = "in_workshop"
    UPHOLSTERED = "upholstered"
    READY = "ready"
    DELIVERY_BOOKED = "delivery_booked"
    DELIVERED = "delivered"
    CANCELLED = "cancelled"


PayMethod = Literal["card", "cash", "bank_transfer"]
Channel = Literal["sms", "email"]
SpringType = Literal["serpentine", "coil", "webbing"]
Foam = Literal["cmhr", "reconstituted", "polyether"]
PieceStatus = Literal["in_workshop", "on_order", "delivered", "returned"]
EstimateStatus = Literal["open", "accepted", "expired"]

FABRICS = {  # code -> name, composition, price per metre, width cm, passes the match test untreated
    "LIN-OAT": ("Ashdown linen, oatmeal", "100% linen", 42.0, 137, False),
    "VEL-TEAL": ("Harlow velvet, teal", "100% polyester", 38.0, 140, True),
    "WOOL-HTH": ("Kelso wool, heather", "90% wool, 10% nylon", 55.0, 140, True),
    "CHN-GOLD": ("Alder chenille, gold", "polyester and acrylic", 29.0, 137, True),
    "TAP-FLR": ("Bramley tapestry, floral", "cotton and viscose", 48.0, 130, False),
    "SLK-DUCK": ("Silk damask, duck egg", "100% silk", 96.0, 120, False),
}
WORKS = {  # code -> name, labour by kind of piece
    "FULL": ("Full reupholstery: strip to the frame, respring, new foam and cover",
             {"armchair": 420.0, "sofa": 980.0, "dining_chair": 120.0, "chaise_longue": 640.0, "footstool": 150.0,
              "headboard": 180.0}),
    "RECOVER": ("Re-cover over sound padding",
                {"armchair": 260.0, "sofa": 590.0, "dining_chair": 70.0, "chaise_longue": 390.0, "footstool": 90.0,
                 "headboard": 120.0}),
    "RESEAT": ("Drop-in seat: new webbing, foam and cover", {"dining_chair": 65.0, "footstool": 80.0}),
}
METRES = {"armchair": 6.0, "sofa": 14.0, "dining_chair": 1.0, "chaise_longue": 9.0, "footstool": 2.0, "headboard": 3.0}
SPRINGS = {"armchair": ("serpentine", "coil"), "sofa": ("serpentine", "coil"), "chaise_longue": ("coil",),
           "dining_chair": ("webbing",), "footstool": ("webbing",), "headboard": ()}
REPAIRS = ("reglue_joints", "replace_rail", "corner_blocks", "dowel_joint", "new_leg")
MILL = "Harlow & Kelso Mills"
TREATER = "Flameguard Textile Treatments"


class ApiError(TypedDict):
    code: str
    message: str


class ErrorReply(TypedDict):
    error: ApiError


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str


class Fabric(TypedDict):
    code: str
    name: str
    composition: str
    price_per_m: float
    width_cm: int
    match_test: str


class Work(TypedDict):
    code: str
    name: str
    labour: Dict[str, float]
    fabric_metres: Dict[str, float]


class CustomerRow(TypedDict):
    customer_id: str
    name: str
    phone: str
    address: str


class Customer(TypedDict):
    customer_id: str
    name: str
    phone: str
    email: Optional[str]
    address: str


class Piece(TypedDict):
    piece_id: str
    customer_id: str
    customer: str
    kind: str
    quantity: int
    description: str
    condition: str
    status: str
    arrived: str


class Estimate(TypedDict):
    estimate_id: str
    piece_id: str
    customer: str
    kind: str
    quantity: int
    work_code: str
    work: str
    fabric_code: str
    metres: float
    fabric_cost: float
    labour: float
    total: float
    valid_until: str
    status: str


class OrderRow(TypedDict):
    order_id: str
    customer: str
    kind: str
    work_code: str
    fabric_code: str
    stage: str
    total: float
    paid: float


class Order(TypedDict):
    order_id: str
    estimate_id: str
    piece_id: str
    customer_id: str
    customer: str
    kind: str
    quantity: int
    work_code: str
    fabric_code: str
    metres: float
    total: float
    deposit_due: float
    paid: float
    stage: str
    stripped: bool
    frame: str
    springs: Optional[str]
    fabric_reserved: bool
    treatment: Optional[str]
    upholstered: bool
    fire_label: Optional[str]
    delivery: Optional[str]


class History(TypedDict):
    customer: Customer
    pieces: List[Piece]
    estimates: List[Estimate]
    orders: List[OrderRow]


class StockRow(TypedDict):
    code: str
    in_stock_m: float
    reserved_m: float
    free_m: float
    on_order: List[str]


class MillOrder(TypedDict):
    po_id: str
    fabric_code: str
    metres: float
    mill: str
    due: str
    received: bool


class StockLevel(TypedDict):
    code: str
    in_stock_m: float
    free_m: float


class TreatmentBatch(TypedDict):
    batch_id: str
    order_id: str
    fabric_code: str
    metres: float
    treater: str
    due: str
    certificate: Optional[str]


class Slot(TypedDict):
    slot_id: str
    date: str
    window: str


class Collection(TypedDict):
    collection_id: str
    customer_id: str
    customer: str
    slot_id: str
    date: str
    window: str
    address: str
    items: List[str]
    pieces: List[str]


class VanStop(TypedDict):
    slot_id: str
    job: str
    reference: str
    customer: str
    address: str


class Delivery(TypedDict):
    order_id: str
    slot_id: str
    date: str
    window: str
    address: str


# --------------------------------------------------------------------------- state


class State:
    """Ferris & Gale Upholstery on Tuesday 13 May 2031 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "nina.c": {"name": "Nina Caldwell", "password": "Button-Tuft-8", "role": "front"},
            "ray.f": {"name": "Ray Ferris", "password": "Gimp-Pin-44", "role": "upholsterer"},
            "jess.o": {"name": "Jess Okoro", "password": "Regulator-Needle-3", "role": "upholsterer"},
            "tom.g": {"name": "Tom Gale", "password": "Luton-Van-17", "role": "driver"},
            "sandra.g": {"name": "Sandra Gale", "password": "Chapel-Works-1987", "role": "manager"},
        }
        self.tokens: Dict[str, dict] = {}
        self.customers = {
            "CX-3101": {"name": "Mrs Patricia Hale", "phone": "07700 900101", "email": "pat.hale@mail.example",
                        "address": "12 Orchard Rise, Ellsworth EL4 2PT"},
            "CX-3104": {"name": "Mr Rupert Vance (Vance Antiques)", "phone": "01632 960104",
                        "email": "rupert@vanceantiques.example", "address": "3 Market Hill, Ellsworth EL1 1MH"},
            "CX-3107": {"name": "The Swan Hotel (Ms Gina Moretti)", "phone": "01632 960107",
                        "email": "gina@swanhotel.example", "address": "The Swan, High Street, Brayford BR2 6HS"},
            "CX-3110": {"name": "Mr Kwabena Osei", "phone": "07700 900110", "email": "k.osei@mail.example",
                        "address": "Flat 4, 20 Canal Wharf, Ellsworth EL3 9CW"},
            "CX-3113": {"name": "Ms Clare Whitby", "phone": "07700 900113", "email": None,
                        "address": "Rose Cottage, Church Lane, Brayford BR1 4CL"},
            "CX-3116": {"name": "Mrs Irene Butler", "phone": "01632 960116", "email": "irene.butler@mail.example",
                        "address": "7 The Crescent, Ellsworth EL2 5TC"},
        }
        self.pieces = {
            "PC-7001": {"customer": "CX-3101", "kind": "footstool", "qty": 1, "description": "Walnut footstool",
                        "condition": "Torn cover", "status": "delivered", "arrived": "2031-03-02"},
            "PC-7010": {"customer": "CX-3101", "kind": "armchair", "qty": 1,
                        "description": "Victorian nursing chair, mahogany show-wood",
                        "condition": "Springs gone, seat sagging, horsehair stuffing", "status": "in_workshop",
                        "arrived": "2031-05-06"},
            "PC-7020": {"customer": "CX-3107", "kind": "dining_chair", "qty": 6,
                        "description": "Six oak dining chairs with drop-in seats",
                        "condition": "Seats stained, webbing slack", "status": "on_order", "arrived": "2031-04-28"},
            "PC-7030": {"customer": "CX-3116", "kind": "sofa", "qty": 1, "description": "Three-seat Howard-style sofa",
                        "condition": "Frame sound to the eye; cover worn through on the arms",
                        "status": "on_order", "arrived": "2031-05-02"},
            "PC-7040": {"customer": "CX-3104", "kind": "chaise_longue", "qty": 1,
                        "description": "Regency chaise longue, scroll end",
                        "condition": "Loose back rail, old coil springs", "status": "on_order",
                        "arrived": "2031-04-22"},
            "PC-7050": {"customer": "CX-3110", "kind": "armchair", "qty": 1, "description": "1960s wingback armchair",
                        "condition": "Cover faded, padding sound", "status": "on_order", "arrived": "2031-04-15"},
            "PC-7060": {"customer": "CX-3113", "kind": "headboard", "qty": 1,
                        "description": "Double headboard, shaped top", "condition": "Fabric stained, foam crumbling",
                        "status": "in_workshop", "arrived": "2031-05-12"},
        }
        self.estimates = {
            "ES-7002": {"piece": "PC-7001", "work": "RECOVER", "fabric": "VEL-TEAL", "created": "2031-03-02",
                        "status": "accepted"},
            "ES-7011": {"piece": "PC-7010", "work": "FULL", "fabric": "VEL-TEAL", "created": "2031-05-06",
                        "status": "open"},
            "ES-7021": {"piece": "PC-7020", "work": "RESEAT", "fabric": "CHN-GOLD", "created": "2031-04-28",
                        "status": "accepted"},
            "ES-7031": {"piece": "PC-7030", "work": "FULL", "fabric": "LIN-OAT", "created": "2031-05-02",
                        "status": "accepted"},
            "ES-7041": {"piece": "PC-7040", "work": "FULL", "fabric": "WOOL-HTH", "created": "2031-04-22",
                        "status": "accepted"},
            "ES-7051": {"piece": "PC-7050", "work": "RECOVER", "fabric": "VEL-TEAL", "created": "2031-04-15",
                        "status": "accepted"},
        }
        self.orders = {
            "WO-7003": self._order("ES-7002", paid="all", stripped=True, frame="sound", springs=None, reserved=True,
                                   treatment=None, upholstered=True, label="FL-20388", delivery="VAN-20310318-AM",
                                   delivered=True),
            "WO-7022": self._order("ES-7021", paid=282.0, stripped=True, frame="sound", springs="webbing",
                                   reserved=True, treatment=None, upholstered=False, label=None, delivery=None,
                                   delivered=False),
            "WO-7032": self._order("ES-7031", paid=0.0, stripped=False, frame="unchecked", springs=None,
                                   reserved=False, treatment=None, upholstered=False, label=None, delivery=None,
                                   delivered=False),
            "WO-7042": self._order("ES-7041", paid=600.0, stripped=True, frame="unsound", springs=None,
                                   reserved=False, treatment=None, upholstered=False, label=None, delivery=None,
                                   delivered=False),
            "WO-7052": self._order("ES-7051", paid="all", stripped=True, frame="sound", springs=None, reserved=True,
                                   treatment=None, upholstered=True, label="FL-20409", delivery=None,
                                   delivered=False),
        }
        self.stock = {"LIN-OAT": 8.0, "VEL-TEAL": 22.0, "WOOL-HTH": 4.0, "CHN-GOLD": 30.0, "TAP-FLR": 0.0,
                      "SLK-DUCK": 3.0}
        self.mill_orders = {
            "PO-7044": {"fabric": "WOOL-HTH", "metres": 10.0, "ordered": "2031-05-06", "due": "2031-05-13",
                        "received": False},
        }
        self.batches: Dict[str, dict] = {}
        self.collections = {
            "CL-7064": {"customer": "CX-3104", "slot": "VAN-20310513-PM", "address": "3 Market Hill, Ellsworth EL1 1MH",
                        "items": ["pair of Edwardian footstools"], "pieces": []},
        }
        self.deliveries = {"WO-7003": "VAN-20310318-AM"}
        self.payments: List[list] = []
        self.messages: List[list] = []
        self.counters = {"token": 1, "job": 7070, "customer": 3119, "swatch": 118, "label": 20417, "message": 640}

    def _order(self, estimate: str, **kw: Any) -> dict:
        return {"estimate": estimate, **kw}


# --------------------------------------------------------------------------- refusals and the decorator


class _ApiRefusal(Exception):
    """A refusal inside a tool; ``workshop_api`` returns it as ``{"error": {"code", "message"}}``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _refuse(code: str, message: str):
    raise _ApiRefusal(code, message)


def _error(code: str, message: str) -> ErrorReply:
    return ErrorReply(error=ApiError(code=code, message=message))


def workshop_api(*roles: str, public: bool = False):
    """Check the session token and, where roles are given, the role (the manager may do everything), then
    await the tool; a refusal comes back as an error object."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def endpoint(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.tokens.get(token) if state is not None and isinstance(token, str) else None
                if who is None:
                    return _error("unauthenticated", "no session with that token; sign in first")
                if roles and who["role"] not in roles and who["role"] != "manager":
                    return _error("accessDenied", f"{who['name']} ({who['role']}) may not do this; it is for the "
                                                  f"{' or '.join(roles)}")
            try:
                return await fn(*args, **kwargs)
            except _ApiRefusal as e:
                return _error(e.code, e.message)

        return endpoint

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
        _refuse("invalidRequest", f"{text!r} is not a date (YYYY-MM-DD)")


def _today() -> datetime.date:
    return datetime.date.fromisoformat(TODAY)


def _get(table: dict, key: str, what: str) -> dict:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        _refuse("itemNotFound", f"no {what} {key}")
    return row


def _estimate_figures(state: State, eid: str) -> dict:
    e = state.estimates[eid]
    p = state.pieces[e["piece"]]
    metres = round(METRES[p["kind"]] * p["qty"], 2)
    fabric_cost = round(metres * FABRICS[e["fabric"]][2], 2)
    labour = round(WORKS[e["work"]][1][p["kind"]] * p["qty"], 2)
    return {"metres": metres, "fabric_cost": fabric_cost, "labour": labour, "total": round(fabric_cost + labour, 2)}


def _estimate_status(e: dict) -> str:
    if e["status"] == "open" and (_today() - _day(e["created"])).days > ESTIMATE_DAYS:
        return "expired"
    return e["status"]


def _estimate_reply(state: State, eid: str) -> Estimate:
    e = state.estimates[eid]
    p = state.pieces[e["piece"]]
    f = _estimate_figures(state, eid)
    return Estimate(estimate_id=eid, piece_id=e["piece"], customer=state.customers[p["customer"]]["name"],
                    kind=p["kind"], quantity=p["qty"], work_code=e["work"], work=WORKS[e["work"]][0],
                    fabric_code=e["fabric"], metres=f["metres"], fabric_cost=f["fabric_cost"], labour=f["labour"],
                    total=f["total"],
                    valid_until=(_day(e["created"]) + datetime.timedelta(days=ESTIMATE_DAYS)).isoformat(),
                    status=_estimate_status(e))


def _total(state: State, oid: str) -> float:
    return _estimate_figures(state, state.orders[oid]["estimate"])["total"]


def _paid(state: State, oid: str) -> float:
    o = state.orders[oid]
    return _total(state, oid) if o["paid"] == "all" else round(o["paid"], 2)


def _stage(state: State, oid: str) -> str:
    o = state.orders[oid]
    if o.get("cancelled"):
        return "cancelled"
    if o["delivered"]:
        return "delivered"
    if o["delivery"]:
        return "delivery_booked"
    if o["label"]:
        return "ready"
    if o["upholstered"]:
        return "upholstered"
    if _paid(state, oid) < round(_total(state, oid) * DEPOSIT_SHARE, 2):
        return "awaiting_deposit"
    return "in_workshop"


def _order_parts(state: State, oid: str) -> tuple:
    o = state.orders[oid]
    e = state.estimates[o["estimate"]]
    p = state.pieces[e["piece"]]
    return o, e, p


def _order_reply(state: State, oid: str) -> Order:
    o, e, p = _order_parts(state, oid)
    f = _estimate_figures(state, o["estimate"])
    b = o["treatment"]
    treatment = None
    if b:
        batch = state.batches.get(b)
        treatment = f"{b}: " + (f"certificate {batch['certificate']}" if batch and batch["certificate"] else
                                "away for treatment")
    return Order(order_id=oid, estimate_id=o["estimate"], piece_id=e["piece"], customer_id=p["customer"],
                 customer=state.customers[p["customer"]]["name"], kind=p["kind"], quantity=p["qty"],
                 work_code=e["work"], fabric_code=e["fabric"], metres=f["metres"], total=f["total"],
                 deposit_due=round(f["total"] * DEPOSIT_SHARE, 2), paid=_paid(state, oid), stage=_stage(state, oid),
                 stripped=o["stripped"], frame=o["frame"], springs=o["springs"], fabric_reserved=o["reserved"],
                 treatment=treatment, upholstered=o["upholstered"], fire_label=o["label"], delivery=o["delivery"])


def _order_row(state: State, oid: str) -> OrderRow:
    o, e, p = _order_parts(state, oid)
    return OrderRow(order_id=oid, customer=state.customers[p["customer"]]["name"], kind=p["kind"],
                    work_code=e["work"], fabric_code=e["fabric"], stage=_stage(state, oid), total=_total(state, oid),
                    paid=_paid(state, oid))


def _piece_reply(state: State, pid: str) -> Piece:
    p = state.pieces[pid]
    return Piece(piece_id=pid, customer_id=p["customer"], customer=state.customers[p["customer"]]["name"],
                 kind=p["kind"], quantity=p["qty"], description=p["description"], condition=p["condition"],
                 status=p["status"], arrived=p["arrived"])


def _customer_reply(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c["name"], phone=c["phone"], email=c["email"], address=c["address"])


def _reserved(state: State, code: str) -> float:
    total = 0.0
    for oid, o in state.orders.items():
        _, e, _ = _order_parts(state, oid)
        if e["fabric"] == code and o["reserved"] and not o["upholstered"] and not o.get("cancelled"):
            total += _estimate_figures(state, o["estimate"])["metres"]
    return round(total, 2)


def _slot_parts(slot_id: str) -> tuple:
    parts = slot_id.split("-") if isinstance(slot_id, str) else []
    if len(parts) != 3 or parts[0] != "VAN" or len(parts[1]) != 8 or parts[2] not in ("AM", "PM"):
        _refuse("itemNotFound", f"no van slot {slot_id}")
    return f"{parts[1][:4]}-{parts[1][4:6]}-{parts[1][6:]}", parts[2].lower()


def _taken(state: State) -> set:
    return {c["slot"] for c in state.collections.values()} | {
        o["delivery"] for o in state.orders.values() if o["delivery"] and not o["delivered"]}


def _free_slot(state: State, slot_id: str) -> tuple:
    date, window = _slot_parts(slot_id)
    day = _day(date)
    if day < _today() or day.weekday() >= 5 or (date == TODAY and window == "am"):
        _refuse("conflict", f"{slot_id} is not a slot the van can still run")
    if slot_id in _taken(state):
        _refuse("conflict", f"the van is booked already for {slot_id}")
    return date, window


def _workshop(state: State, oid: str) -> dict:
    o = _get(state.orders, oid, "work order")
    stage = _stage(state, oid)
    if stage == "awaiting_deposit":
        _refuse("conflict", f"{oid} is awaiting its deposit of £{_order_reply(state, oid)['deposit_due']:.2f}; the "
                            "workshop starts once it is paid")
    if stage in ("cancelled", "delivered", "delivery_booked", "ready"):
        _refuse("conflict", f"{oid} is {stage.replace('_', ' ')}")
    return o


# --------------------------------------------------------------------------- sign-in and public lists


@workshop_api(public=True)
async def sign_in(state: State, username: str, password: str) -> Union[Session, ErrorReply]:
    """Sign in with a user name (nina.c, for example) and password. The reply carries the token that every other
    call but the fabric book and the price guide needs, with the name and role."""
    s = state.staff.get(username.strip().lower())
    if s is None or s["password"] != password:
        return _error("unauthenticated", "user name or password not recognised")
    token = f"fg-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


@workshop_api()
async def sign_out(state: State, token: str) -> Union[str, ErrorReply]:
    """End the session of the token given; the reply is a sentence naming who was signed out."""
    who = state.tokens.pop(token)
    return f"Signed out {who['name']} (token {token})."


@workshop_api(public=True)
async def fabric_book() -> List[Fabric]:
    """The fabrics we cover in: each with its code, name, composition, price per metre, width in centimetres and
    whether it passes the furniture match test as it is or must be treated first."""
    return [Fabric(code=code, name=f[0], composition=f[1], price_per_m=f[2], width_cm=f[3],
                   match_test="passes" if f[4] else "needs treatment") for code, f in FABRICS.items()]


@workshop_api(public=True)
async def price_guide() -> List[Work]:
    """The work we do, by code, with the labour for each kind of piece and the fabric each kind takes in metres
    (per piece; a set is priced per chair)."""
    return [Work(code=code, name=w[0], labour=dict(w[1]), fabric_metres={k: METRES[k] for k in w[1]})
            for code, w in WORKS.items()]


# --------------------------------------------------------------------------- customers


@workshop_api()
async def find_customer(state: State, token: str, text: str) -> Union[List[CustomerRow], ErrorReply]:
    """Look customers up by part of a name, phone number, e-mail address or address; one row per match."""
    t = text.strip().lower()
    if not t:
        _refuse("invalidRequest", "say what to look for")
    return [CustomerRow(customer_id=cid, name=c["name"], phone=c["phone"], address=c["address"])
            for cid, c in sorted(state.customers.items())
            if t in " ".join(x for x in (c["name"], c["phone"], c["email"], c["address"]) if x).lower()]


@workshop_api("front")
async def register_customer(state: State, token: str, name: str, phone: str, address: str,
                            email: Optional[str] = None) -> Union[Customer, ErrorReply]:
    """Register a new customer from the front desk with their name, phone number, address and, if they have one,
    e-mail address. The reply is the customer with their new customer id."""
    if not name.strip() or not phone.strip() or not address.strip():
        _refuse("invalidRequest", "a customer needs a name, a phone number and an address")
    for cid, c in state.customers.items():
        if c["phone"].replace(" ", "") == phone.replace(" ", ""):
            _refuse("conflict", f"{phone} belongs to {c['name']} ({cid}) already")
    cid = f"CX-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "phone": phone.strip(), "email": (email or "").strip() or None,
                            "address": address.strip()}
    return _customer_reply(state, cid)


@workshop_api("front")
async def update_customer(state: State, token: str, customer_id: str, phone: Optional[str] = None,
                          email: Optional[str] = None, address: Optional[str] = None) -> Union[Customer, ErrorReply]:
    """Change a customer's phone number, e-mail address or address; whatever is not given stays as it is. The
    reply is the customer as now recorded."""
    c = _get(state.customers, customer_id, "customer")
    new = {"phone": phone.strip() if phone else c["phone"], "email": email.strip() if email else c["email"],
           "address": address.strip() if address else c["address"]}
    if all(new[k] == c[k] for k in new):
        _refuse("conflict", f"nothing to change: {c['name']}'s details are already these")
    for cid, other in state.customers.items():
        if cid != customer_id and other["phone"].replace(" ", "") == new["phone"].replace(" ", ""):
            _refuse("conflict", f"{new['phone']} belongs to {other['name']} ({cid})")
    c.update(new)
    return _customer_reply(state, customer_id)


@workshop_api()
async def customer_history(state: State, token: str, customer_id: str) -> Union[History, ErrorReply]:
    """Everything we hold for a customer: their details, the pieces they have brought us, their estimates and their
    work orders."""
    c = _get(state.customers, customer_id, "customer")
    mine = [pid for pid, p in sorted(state.pieces.items()) if p["customer"] == customer_id]
    return History(customer=_customer_reply(state, customer_id), pieces=[_piece_reply(state, pid) for pid in mine],
                   estimates=[_estimate_reply(state, eid) for eid, e in sorted(state.estimates.items())
                              if e["piece"] in mine],
                   orders=[_order_row(state, oid) for oid, o in sorted(state.orders.items())
                           if state.estimates[o["estimate"]]["piece"] in mine])


@workshop_api("front")
async def send_swatches(state: State, token: str, customer_id: str,
                        fabric_codes: List[str]) -> Union[str, ErrorReply]:
    """Post a customer a pack of fabric swatches, given the fabric codes they would like to see. The reply is a
    sentence with the pack's number."""
    c = _get(state.customers, customer_id, "customer")
    if not fabric_codes:
        _refuse("invalidRequest", "say which fabrics to send")
    bad = [f for f in fabric_codes if f not in FABRICS]
    if bad:
        _refuse("itemNotFound", f"no fabric {', '.join(bad)} in the book")
    if len(set(fabric_codes)) > MAX_SWATCHES:
        _refuse("invalidRequest", f"a swatch pack holds up to {MAX_SWATCHES} fabrics")
    sw = f"SW-{_next(state, 'swatch')}"
    return f"Swatch pack {sw} ({', '.join(dict.fromkeys(fabric_codes))}) posted to {c['name']}, {c['address']}."


@workshop_api("front")
async def send_message(state: State, token: str, customer_id: str, channel: Channel,
                       text: str) -> Union[str, ErrorReply]:
    """Send a customer a text (channel sms) or an e-mail (channel email). The reply is a sentence with the
    message's number."""
    c = _get(state.customers, customer_id, "customer")
    if not text.strip():
        _refuse("invalidRequest", "the message is empty")
    if channel == "sms" and not c["phone"].replace(" ", "").startswith("07"):
        _refuse("conflict", f"{c['phone']} is not a mobile number")
    if channel == "email" and not c["email"]:
        _refuse("conflict", f"no e-mail address for {c['name']}")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, channel, text.strip()])
    return f"Message {mid} sent by {channel} to {c['name']}."


# --------------------------------------------------------------------------- the van and intake


@workshop_api()
async def van_slots(state: State, token: str, date_from: str, days: int = 5) -> Union[List[Slot], ErrorReply]:
    """The van's free half-days (am and pm, Monday to Friday) from a day onwards, over so many days (five unless
    given), for collections and deliveries alike."""
    start = _day(date_from)
    if not 1 <= days <= 20:
        _refuse("invalidRequest", "look 1 to 20 days ahead")
    taken = _taken(state)
    out = []
    for n in range(days):
        day = start + datetime.timedelta(days=n)
        if day < _today() or day.weekday() >= 5:
            continue
        for window in ("am", "pm"):
            sid = f"VAN-{day.strftime('%Y%m%d')}-{window.upper()}"
            if (day.isoformat() == TODAY and window == "am") or sid in taken:
                continue
            out.append(Slot(slot_id=sid, date=day.isoformat(), window=window))
    return out


@workshop_api()
async def van_schedule(state: State, token: str, date: str) -> Union[List[VanStop], ErrorReply]:
    """The van's collections and deliveries on a day, morning first: each with its slot, whether it is a
    collection or a delivery, its reference (the collection or the work order), the customer and the address."""
    _day(date)
    stops = []
    for clid, c in state.collections.items():
        if _slot_parts(c["slot"])[0] == date:
            stops.append(VanStop(slot_id=c["slot"], job="collection", reference=clid,
                                 customer=state.customers[c["customer"]]["name"], address=c["address"]))
    for oid, o in state.orders.items():
        if o["delivery"] and not o["delivered"] and _slot_parts(o["delivery"])[0] == date:
            _, _, p = _order_parts(state, oid)
            stops.append(VanStop(slot_id=o["delivery"], job="delivery", reference=oid,
                                 customer=state.customers[p["customer"]]["name"],
                                 address=state.customers[p["customer"]]["address"]))
    return sorted(stops, key=lambda s: (s["slot_id"], s["reference"]))


@workshop_api("front")
async def book_collection(state: State, token: str, customer_id: str, slot_id: str, address: str,
                          items: List[str]) -> Union[Collection, ErrorReply]:
    """Book the van to collect furniture from a customer in a free half-day slot, with the address and a list of
    what is to be collected. The reply is the collection with its number."""
    _get(state.customers, customer_id, "customer")
    _free_slot(state, slot_id)
    if not address.strip() or not items:
        _refuse("invalidRequest", "give the address and what is to be collected")
    clid = f"CL-{_next(state, 'job')}"
    state.collections[clid] = {"customer": customer_id, "slot": slot_id, "address": address.strip(),
                               "items": [i.strip() for i in items], "pieces": []}
    return _collection_reply(state, clid)


def _collection_reply(state: State, clid: str) -> Collection:
    c = state.collections[clid]
    date, window = _slot_parts(c["slot"])
    return Collection(collection_id=clid, customer_id=c["customer"], customer=state.customers[c["customer"]]["name"],
                      slot_id=c["slot"], date=date, window=window, address=c["address"], items=list(c["items"]),
                      pieces=list(c["pieces"]))


def _new_piece(state: State, customer_id: str, kind: Any, description: str, condition_notes: str,
               quantity: int) -> str:
    value = kind.value if isinstance(kind, PieceKind) else str(kind)
    if value not in METRES:
        _refuse("invalidRequest", f"{value} is not a kind of piece we take in")
    if not description.strip() or not 1 <= quantity <= 12:
        _refuse("invalidRequest", "describe the piece and give how many (1 to 12)")
    pid = f"PC-{_next(state, 'job')}"
    state.pieces[pid] = {"customer": customer_id, "kind": value, "qty": int(quantity), "description": description.strip(),
                         "condition": condition_notes.strip(), "status": "in_workshop", "arrived": TODAY}
    return pid


@workshop_api("driver")
async def collect_piece(state: State, token: str, collection_id: str, kind: PieceKind, description: str,
                        condition_notes: str, quantity: int = 1) -> Union[Piece, ErrorReply]:
    """Log a piece the van has collected on a booked collection: its kind, a description, its condition and how
    many (one unless given). The reply is the piece, now in the workshop, with its number."""
    c = _get(state.collections, collection_id, "collection")
    pid = _new_piece(state, c["customer"], kind, description, condition_notes, quantity)
    c["pieces"].append(pid)
    return _piece_reply(state, pid)


@workshop_api("front")
async def check_in_piece(state: State, token: str, customer_id: str, kind: PieceKind, description: str,
                         condition_notes: str, quantity: int = 1) -> Union[Piece, ErrorReply]:
    """Take in a piece a customer brings to the front desk: its kind, a description, its condition and how many
    (one unless given; a set of dining chairs is one piece of several). The reply is the piece with its number."""
    _get(state.customers, customer_id, "customer")
    pid = _new_piece(state, customer_id, kind, description, condition_notes, quantity)
    return _piece_reply(state, pid)


@workshop_api()
async def pieces(state: State, token: str, customer_id: Optional[str] = None,
                 status: Optional[PieceStatus] = None) -> Union[List[Piece], ErrorReply]:
    """The pieces we hold or have held, optionally only one customer's and only those in_workshop, on_order,
    delivered or returned."""
    return [_piece_reply(state, pid) for pid, p in sorted(state.pieces.items())
            if (customer_id is None or p["customer"] == customer_id) and (status is None or p["status"] == status)]


# --------------------------------------------------------------------------- estimates and orders


def _check_spec(state: State, p: dict, work_code: str, fabric_code: str) -> None:
    if work_code not in WORKS:
        _refuse("itemNotFound", f"no work {work_code} in the price guide")
    if fabric_code not in FABRICS:
        _refuse("itemNotFound", f"no fabric {fabric_code} in the book")
    if p["kind"] not in WORKS[work_code][1]:
        _refuse("invalidRequest", f"{work_code} is for drop-in seats: dining chairs and footstools")
    if p["kind"] in ("sofa", "chaise_longue") and FABRICS[fabric_code][3] < SOFA_WIDTH_CM:
        _refuse("invalidRequest", f"{fabric_code} is {FABRICS[fabric_code][3]} cm wide; a {p['kind'].replace('_', ' ')} "
                                  f"is covered in fabric {SOFA_WIDTH_CM} cm wide or more")


@workshop_api("front")
async def create_estimate(state: State, token: str, piece_id: str, work_code: str, fabric_code: str,
                          notes: Optional[str] = None) -> Union[Estimate, ErrorReply]:
    """Price the work on a piece in the workshop: a work code from the price guide and a fabric code from the
    fabric book, with any notes. The reply is the estimate with its number, the metres of fabric, the fabric and
    labour costs and the total; it stands for 30 days."""
    p = _get(state.pieces, piece_id, "piece")
    if p["status"] != "in_workshop":
        _refuse("conflict", f"{piece_id} is {p['status'].replace('_', ' ')}")
    for eid, e in state.estimates.items():
        if e["piece"] == piece_id and _estimate_status(e) == "open":
            _refuse("conflict", f"{eid} is open for {piece_id} already; revise it")
    _check_spec(state, p, work_code, fabric_code)
    eid = f"ES-{_next(state, 'job')}"
    state.estimates[eid] = {"piece": piece_id, "work": work_code, "fabric": fabric_code, "created": TODAY,
                            "status": "open", "notes": (notes or "").strip() or None}
    return _estimate_reply(state, eid)


@workshop_api("front")
async def revise_estimate(state: State, token: str, estimate_id: str, work_code: Optional[str] = None,
                          fabric_code: Optional[str] = None) -> Union[Estimate, ErrorReply]:
    """Change the work or the fabric on an open estimate; it is repriced and stands another 30 days."""
    e = _get(state.estimates, estimate_id, "estimate")
    status = _estimate_status(e)
    if status != "open":
        _refuse("conflict", f"{estimate_id} is {status}")
    new = {"work": work_code or e["work"], "fabric": fabric_code or e["fabric"]}
    if new["work"] == e["work"] and new["fabric"] == e["fabric"]:
        _refuse("conflict", f"nothing to change on {estimate_id}")
    _check_spec(state, state.pieces[e["piece"]], new["work"], new["fabric"])
    e.update(new)
    e["created"] = TODAY
    return _estimate_reply(state, estimate_id)


@workshop_api()
async def estimates(state: State, token: str, customer_id: Optional[str] = None,
                    status: Optional[EstimateStatus] = None) -> Union[List[Estimate], ErrorReply]:
    """Estimates, optionally only one customer's and only those open, accepted or expired."""
    return [_estimate_reply(state, eid) for eid, e in sorted(state.estimates.items())
            if (customer_id is None or state.pieces[e["piece"]]["customer"] == customer_id)
            and (status is None or _estimate_status(e) == status)]


@workshop_api("front")
async def accept_estimate(state: State, token: str, estimate_id: str) -> Union[Order, ErrorReply]:
    """Record that the customer accepts an open estimate. The reply is the new work order with its number and the
    deposit due before the workshop starts."""
    e = _get(state.estimates, estimate_id, "estimate")
    status = _estimate_status(e)
    if status == "expired":
        _refuse("conflict", f"{estimate_id} was priced on {e['created']} and has expired; revise it first")
    if status != "open":
        _refuse("conflict", f"{estimate_id} is {status} already")
    e["status"] = "accepted"
    state.pieces[e["piece"]]["status"] = "on_order"
    oid = f"WO-{_next(state, 'job')}"
    state.orders[oid] = state._order(estimate_id, paid=0.0, stripped=False, frame="unchecked", springs=None,
                                     reserved=False, treatment=None, upholstered=False, label=None, delivery=None,
                                     delivered=False)
    return _order_reply(state, oid)


@workshop_api()
async def orders(state: State, token: str, stage: Optional[OrderStage] = None,
                 customer_id: Optional[str] = None) -> Union[List[OrderRow], ErrorReply]:
    """Work orders, optionally only those at one stage (awaiting_deposit, in_workshop, upholstered, ready,
    delivery_booked, delivered or cancelled) and only one customer's."""
    value = stage.value if isinstance(stage, OrderStage) else stage
    return [_order_row(state, oid) for oid in sorted(state.orders)
            if (value is None or _stage(state, oid) == value)
            and (customer_id is None or _order_reply(state, oid)["customer_id"] == customer_id)]


@workshop_api()
async def order_details(state: State, token: str, order_id: str) -> Union[Order, ErrorReply]:
    """A work order in full: the piece, the work and fabric, the money, and where each workshop step stands."""
    _get(state.orders, order_id, "work order")
    return _order_reply(state, order_id)


@workshop_api("front")
async def take_payment(state: State, token: str, order_id: str, amount: float,
                       method: PayMethod) -> Union[float, ErrorReply]:
    """Take a payment (a deposit or the balance) on a work order, by card, cash or bank_transfer. The reply is the
    balance still to pay."""
    _get(state.orders, order_id, "work order")
    stage = _stage(state, order_id)
    if stage == "cancelled":
        _refuse("conflict", f"{order_id} is cancelled")
    total, paid = _total(state, order_id), _paid(state, order_id)
    left = round(total - paid, 2)
    if left <= 0:
        _refuse("conflict", f"{order_id} is paid in full")
    if amount <= 0 or amount > left + 0.001:
        _refuse("invalidRequest", f"£{left:.2f} is left to pay on {order_id}")
    if paid == 0 and amount < round(total * DEPOSIT_SHARE, 2) - 0.001:
        _refuse("invalidRequest", f"the deposit on {order_id} is half the order, £{total * DEPOSIT_SHARE:.2f}")
    state.orders[order_id]["paid"] = round(paid + amount, 2)
    state.payments.append([order_id, float(amount), method, TODAY])
    return round(total - paid - amount, 2)


@workshop_api("front")
async def cancel_order(state: State, token: str, order_id: str, reason: str) -> Union[float, ErrorReply]:
    """Cancel a work order that has not been upholstered; its fabric goes back to stock, and the deposit is refunded
    if the piece has not been stripped. The reply is the amount refunded."""
    o = _get(state.orders, order_id, "work order")
    stage = _stage(state, order_id)
    if stage not in ("awaiting_deposit", "in_workshop"):
        _refuse("conflict", f"{order_id} is {stage.replace('_', ' ')}")
    if not reason.strip():
        _refuse("invalidRequest", "give a reason")
    refund = 0.0 if o["stripped"] else _paid(state, order_id)
    o["cancelled"] = True
    o["reserved"] = False
    _, e, p = _order_parts(state, order_id)
    p["status"] = "in_workshop" if not o["stripped"] else "returned"
    return refund


# --------------------------------------------------------------------------- fabric


@workshop_api()
async def fabric_stock(state: State, token: str) -> Union[List[StockRow], ErrorReply]:
    """The fabric on the shelves: for each code, the metres in stock, reserved for orders and free, and the mill
    orders still to come in."""
    return [StockRow(code=code, in_stock_m=state.stock[code], reserved_m=_reserved(state, code),
                     free_m=round(state.stock[code] - _reserved(state, code), 2),
                     on_order=[po for po, m in sorted(state.mill_orders.items())
                               if m["fabric"] == code and not m["received"]]) for code in FABRICS]


@workshop_api("manager")
async def order_fabric(state: State, token: str, fabric_code: str, metres: float) -> Union[MillOrder, ErrorReply]:
    """Order so many metres of a fabric from the mill. The reply is the mill order with its number and the day it
    is due."""
    if fabric_code not in FABRICS:
        _refuse("itemNotFound", f"no fabric {fabric_code} in the book")
    if metres < MILL_MINIMUM_M:
        _refuse("invalidRequest", f"{MILL} cut {MILL_MINIMUM_M:.0f} m or more")
    po = f"PO-{_next(state, 'job')}"
    due = (_today() + datetime.timedelta(days=7)).isoformat()
    state.mill_orders[po] = {"fabric": fabric_code, "metres": float(metres), "ordered": TODAY, "due": due,
                             "received": False}
    return MillOrder(po_id=po, fabric_code=fabric_code, metres=float(metres), mill=MILL, due=due, received=False)


@workshop_api("front", "upholsterer")
async def receive_fabric(state: State, token: str, po_id: str) -> Union[StockLevel, ErrorReply]:
    """Book a mill delivery into stock against its mill order. The reply is the fabric's stock as it now stands."""
    m = _get(state.mill_orders, po_id, "mill order")
    if m["received"]:
        _refuse("conflict", f"{po_id} was received already")
    m["received"] = True
    state.stock[m["fabric"]] = round(state.stock[m["fabric"]] + m["metres"], 2)
    return StockLevel(code=m["fabric"], in_stock_m=state.stock[m["fabric"]],
                      free_m=round(state.stock[m["fabric"]] - _reserved(state, m["fabric"]), 2))


@workshop_api("upholsterer")
async def reserve_fabric(state: State, token: str, order_id: str) -> Union[Order, ErrorReply]:
    """Set aside the cover fabric a work order needs from the free stock."""
    o = _workshop(state, order_id)
    if o["reserved"]:
        _refuse("conflict", f"the fabric for {order_id} is reserved already")
    _, e, _ = _order_parts(state, order_id)
    need = _estimate_figures(state, o["estimate"])["metres"]
    free = round(state.stock[e["fabric"]] - _reserved(state, e["fabric"]), 2)
    if free < need:
        _refuse("conflict", f"only {free} m of {e['fabric']} is free; {order_id} needs {need} m")
    o["reserved"] = True
    return _order_reply(state, order_id)


@workshop_api("upholsterer")
async def release_fabric(state: State, token: str, order_id: str) -> Union[str, ErrorReply]:
    """Put a work order's reserved fabric back into the free stock (before it is cut for the cover)."""
    o = _get(state.orders, order_id, "work order")
    if not o["reserved"]:
        _refuse("conflict", f"no fabric is reserved for {order_id}")
    if o["upholstered"]:
        _refuse("conflict", f"{order_id}'s fabric is on the piece")
    if o["treatment"] and not state.batches[o["treatment"]]["certificate"]:
        _refuse("conflict", f"{order_id}'s fabric is away at {TREATER}")
    _, e, _ = _order_parts(state, order_id)
    o["reserved"] = False
    o["treatment"] = None
    return f"{_estimate_figures(state, o['estimate'])['metres']} m of {e['fabric']} released from {order_id}."


@workshop_api("upholsterer")
async def send_for_treatment(state: State, token: str, order_id: str) -> Union[TreatmentBatch, ErrorReply]:
    """Send a work order's reserved fabric away for flame-retardant back-coating. The reply is the treatment batch
    with its number and the day it is due back."""
    o = _workshop(state, order_id)
    _, e, _ = _order_parts(state, order_id)
    if FABRICS[e["fabric"]][4]:
        _refuse("conflict", f"{e['fabric']} passes the match test as it is; it needs no treatment")
    if not o["reserved"]:
        _refuse("conflict", f"no fabric is reserved for {order_id}; reserve it before it goes for treatment")
    if o["treatment"]:
        _refuse("conflict", f"{order_id}'s fabric went for treatment already ({o['treatment']})")
    tb = f"TB-{_next(state, 'job')}"
    due = (_today() + datetime.timedelta(days=7)).isoformat()
    metres = _estimate_figures(state, o["estimate"])["metres"]
    state.batches[tb] = {"order": order_id, "fabric": e["fabric"], "metres": metres, "due": due, "certificate": None}
    o["treatment"] = tb
    return TreatmentBatch(batch_id=tb, order_id=order_id, fabric_code=e["fabric"], metres=metres, treater=TREATER,
                          due=due, certificate=None)


@workshop_api("upholsterer")
async def record_treatment(state: State, token: str, batch_id: str,
                           certificate_no: str) -> Union[TreatmentBatch, ErrorReply]:
    """Record a treated batch back from the treaters, with the number of their certificate."""
    b = _get(state.batches, batch_id, "treatment batch")
    if b["certificate"]:
        _refuse("conflict", f"{batch_id} came back already (certificate {b['certificate']})")
    if not certificate_no.strip():
        _refuse("invalidRequest", "give the certificate's number")
    b["certificate"] = certificate_no.strip()
    return TreatmentBatch(batch_id=batch_id, order_id=b["order"], fabric_code=b["fabric"], metres=b["metres"],
                          treater=TREATER, due=b["due"], certificate=b["certificate"])


# --------------------------------------------------------------------------- the workshop


@workshop_api("upholsterer")
async def strip_piece(state: State, token: str, order_id: str) -> Union[Order, ErrorReply]:
    """Strip a work order's piece of its old cover (and, for full reupholstery, down to the frame)."""
    o = _workshop(state, order_id)
    if o["stripped"]:
        _refuse("conflict", f"{order_id}'s piece is stripped already")
    o["stripped"] = True
    return _order_reply(state, order_id)


@workshop_api("upholsterer")
async def inspect_frame(state: State, token: str, order_id: str, findings: str,
                        sound: bool) -> Union[Order, ErrorReply]:
    """Record the inspection of a stripped piece's frame: what was found, and whether it is sound."""
    o = _workshop(state, order_id)
    if not o["stripped"]:
        _refuse("conflict", f"{order_id}'s piece has not been stripped; the frame is inspected bare")
    if o["frame"] != "unchecked":
        _refuse("conflict", f"{order_id}'s frame was inspected already ({o['frame']})")
    if not findings.strip():
        _refuse("invalidRequest", "say what was found")
    o["frame"] = "sound" if sound else "unsound"
    o["findings"] = findings.strip()
    return _order_reply(state, order_id)


@workshop_api("upholsterer")
async def repair_frame(state: State, token: str, order_id: str, repairs: List[str]) -> Union[Order, ErrorReply]:
    """Record the repairs made to a frame found unsound, as a list of the repairs done."""
    o = _workshop(state, order_id)
    if o["frame"] == "repaired":
        _refuse("conflict", f"{order_id}'s frame was repaired already")
    if o["frame"] != "unsound":
        _refuse("conflict", f"{order_id}'s frame is {o['frame']}; a frame is repaired once inspected and found unsound")
    if not repairs:
        _refuse("invalidRequest", "say what was repaired")
    bad = [r for r in repairs if r not in REPAIRS]
    if bad:
        _refuse("invalidRequest", f"{', '.join(bad)}: the frame repairs we do are {', '.join(REPAIRS)}")
    o["frame"] = "repaired"
    return _order_reply(state, order_id)


@workshop_api("upholsterer")
async def respring(state: State, token: str, order_id: str, spring_type: SpringType) -> Union[Order, ErrorReply]:
    """Respring or reweb a stripped piece with serpentine springs, coil springs or webbing."""
    o = _workshop(state, order_id)
    _, e, p = _order_parts(state, order_id)
    if e["work"] == "RECOVER":
        _refuse("conflict", f"{order_id} is a re-cover; its springs stay as they are")
    if not o["stripped"]:
        _refuse("conflict", f"{order_id}'s piece has not been stripped")
    if o["springs"]:
        _refuse("conflict", f"{order_id} was sprung already ({o['springs']})")
    allowed = SPRINGS[p["kind"]]
    if spring_type not in allowed:
        _refuse("invalidRequest", f"a {p['kind'].replace('_', ' ')} has no springs" if not allowed else
                f"a {p['kind'].replace('_', ' ')} takes {' or '.join(allowed)}")
    o["springs"] = spring_type
    return _order_reply(state, order_id)


@workshop_api("upholsterer")
async def upholster(state: State, token: str, order_id: str, foam: Foam) -> Union[Order, ErrorReply]:
    """Pad and cover a work order's piece, naming the foam used (cmhr, reconstituted or polyether)."""
    o = _workshop(state, order_id)
    _, e, p = _order_parts(state, order_id)
    if o["upholstered"]:
        _refuse("conflict", f"{order_id} is upholstered already")
    if not o["stripped"]:
        _refuse("conflict", f"{order_id}'s piece has not been stripped")
    if e["work"] == "FULL" and o["frame"] == "unchecked":
        _refuse("conflict", f"{order_id}'s frame has not been inspected")
    if o["frame"] == "unsound":
        _refuse("conflict", f"{order_id}'s frame is unsound; it is repaired before it is covered")
    if e["work"] in ("FULL", "RESEAT") and SPRINGS[p["kind"]] and not o["springs"]:
        _refuse("conflict", f"{order_id}'s piece has not been resprung")
    if not o["reserved"]:
        _refuse("conflict", f"no fabric is reserved for {order_id}")
    if not FABRICS[e["fabric"]][4]:
        batch = state.batches.get(o["treatment"]) if o["treatment"] else None
        if batch is None or not batch["certificate"]:
            _refuse("conflict", f"{e['fabric']} does not pass the match test untreated; it comes back from "
                                f"{TREATER} with its certificate before it is used")
    if foam != "cmhr":
        _refuse("invalidRequest", f"{foam} foam does not meet the fire regulations; we use CMHR (combustion "
                                  "modified high resilience) foam")
    o["upholstered"] = True
    o["foam"] = foam
    state.stock[e["fabric"]] = round(state.stock[e["fabric"]] - _estimate_figures(state, o["estimate"])["metres"], 2)
    return _order_reply(state, order_id)


@workshop_api("upholsterer")
async def attach_fire_label(state: State, token: str, order_id: str) -> Union[str, ErrorReply]:
    """Sew the permanent fire safety label into an upholstered piece; the order is then ready to go home. The reply
    is a sentence with the label's number."""
    o = _get(state.orders, order_id, "work order")
    if o["label"]:
        _refuse("conflict", f"{order_id} carries label {o['label']} already")
    if not o["upholstered"] or o.get("cancelled"):
        _refuse("conflict", f"{order_id}'s piece has not been upholstered")
    _, e, _ = _order_parts(state, order_id)
    fl = f"FL-{_next(state, 'label')}"
    o["label"] = fl
    cover = e["fabric"] + (f" (treated, {state.batches[o['treatment']]['certificate']})" if o["treatment"] else "")
    return f"Fire label {fl} sewn into {order_id}: cover {cover}, CMHR foam; the order is ready to go home."


@workshop_api("front")
async def book_delivery(state: State, token: str, order_id: str, slot_id: str) -> Union[Delivery, ErrorReply]:
    """Book the van to take a finished, paid-up work order home in a free half-day slot."""
    o = _get(state.orders, order_id, "work order")
    stage = _stage(state, order_id)
    if stage == "delivery_booked":
        _refuse("conflict", f"{order_id} goes home in {o['delivery']} already")
    if stage != "ready":
        _refuse("conflict", f"{order_id} is {stage.replace('_', ' ')}; it goes home once labelled and ready")
    left = round(_total(state, order_id) - _paid(state, order_id), 2)
    if left > 0:
        _refuse("conflict", f"£{left:.2f} is still to pay on {order_id}; it goes home paid in full")
    date, window = _free_slot(state, slot_id)
    o["delivery"] = slot_id
    _, _, p = _order_parts(state, order_id)
    return Delivery(order_id=order_id, slot_id=slot_id, date=date, window=window,
                    address=state.customers[p["customer"]]["address"])


@workshop_api("driver")
async def mark_delivered(state: State, token: str, order_id: str, received_by: str) -> Union[str, ErrorReply]:
    """Record a work order delivered, with who received it. The reply is a sentence naming the order."""
    o = _get(state.orders, order_id, "work order")
    if o["delivered"]:
        _refuse("conflict", f"{order_id} was delivered already")
    if not o["delivery"]:
        _refuse("conflict", f"{order_id} has no delivery booked")
    if not received_by.strip():
        _refuse("invalidRequest", "say who received it")
    o["delivered"] = True
    _, _, p = _order_parts(state, order_id)
    p["status"] = "delivered"
    return f"{order_id} delivered to {state.customers[p['customer']]['address']}, received by {received_by.strip()}."


TOOLS = [
    sign_in, sign_out, fabric_book, price_guide, find_customer, register_customer, update_customer,
    customer_history, send_swatches, send_message, van_slots, van_schedule, book_collection, collect_piece,
    check_in_piece, pieces, create_estimate, revise_estimate, estimates, accept_estimate, orders, order_details,
    take_payment, cancel_order, fabric_stock, order_fabric, receive_fabric, reserve_fabric, release_fabric,
    send_for_treatment, record_treatment, strip_piece, inspect_frame, repair_frame, respring, upholster,
    attach_fire_label, book_delivery, mark_delivered,
]

FIXTURES = {
    "workshop": {"name": "Ferris & Gale Upholstery, The Old Chapel Works, Tanner's Row, Ellsworth",
                 "today": "Tuesday 13 May, nine in the morning"},
    "staff": [
        {"name": "Nina Caldwell", "role": "front desk", "username": "nina.c", "password": "Button-Tuft-8"},
        {"name": "Ray Ferris", "role": "upholsterer", "username": "ray.f", "password": "Gimp-Pin-44"},
        {"name": "Jess Okoro", "role": "upholsterer", "username": "jess.o", "password": "Regulator-Needle-3"},
        {"name": "Tom Gale", "role": "van driver", "username": "tom.g", "password": "Luton-Van-17"},
        {"name": "Sandra Gale", "role": "manager", "username": "sandra.g", "password": "Chapel-Works-1987"},
    ],
    "new_customer": {"name": "Mr Daniel Frost", "mobile": "07700 900119", "email": "daniel.frost@mail.example",
                     "address": "The Old Bakery, 2 Mill Street, Ellsworth EL5 3MS",
                     "wants": "his grandmother's armchair reupholstered in linen, collected by the van"},
    "desk_notes": [
        "Mrs Hale rang: go ahead with the nursing chair in the teal velvet",
        "Mrs Butler is bringing in the sofa deposit this afternoon",
        "The wool for the Vance chaise came in on this morning's carrier",
        "The Swan's chairs can be finished today and go back on Thursday",
        "Mr Osei's wingback is paid for; he'd like it back this week",
        "Ms Whitby wants swatches of the linen, the tapestry and the silk for her headboard",
        "Treatment certificates come back from Flameguard with the fabric",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "fabric_book", "price_guide")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_history", "send_swatches", "send_message", "book_collection",
                      "check_in_piece"]
ESTIMATE_CONSUMERS = ["revise_estimate", "accept_estimate"]
ORDER_CONSUMERS = ["order_details", "take_payment", "cancel_order", "reserve_fabric", "release_fabric",
                   "send_for_treatment", "strip_piece", "inspect_frame", "repair_frame", "respring", "upholster",
                   "attach_fire_label", "book_delivery"]
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or of a find_customer row)"
_ESTIMATE = "id lookup/create: estimate (estimate_id of create_estimate, or of an estimates row)"
_ORDER = "id lookup/create: work order (order_id of accept_estimate, or of an orders row)"
_SLOT = "id lookup: a free van slot (slot_id of a van_slots row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("create_estimate|estimates", c, _ESTIMATE) for c in ESTIMATE_CONSUMERS]
    + [("accept_estimate|orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("van_slots", c, _SLOT) for c in ("book_collection", "book_delivery")]
    + [
        ("accept_estimate|orders|van_schedule", "mark_delivered",
         "id lookup/create: work order (order_id of accept_estimate, of an orders row, or of a van_schedule stop)"),
        ("book_collection|van_schedule", "collect_piece",
         "id lookup/create: collection (collection_id of book_collection, or of a van_schedule stop)"),
        ("check_in_piece|collect_piece|pieces", "create_estimate",
         "id lookup/create: piece (piece_id of check_in_piece or collect_piece, or of a pieces row)"),
        ("order_fabric|fabric_stock", "receive_fabric",
         "id lookup/create: mill order (po_id of order_fabric, or on order in fabric_stock)"),
        ("send_for_treatment", "record_treatment", "id create: treatment batch (batch_id of send_for_treatment)"),
        ("price_guide", "create_estimate", "vocabulary: work codes (code of price_guide rows)"),
        ("fabric_book", "create_estimate", "vocabulary: fabric codes (code of fabric_book rows)"),
        ("fabric_book", "revise_estimate", "vocabulary: fabric codes (code of fabric_book rows)"),
        ("fabric_book", "send_swatches", "vocabulary: fabric codes (code of fabric_book rows)"),
        ("fabric_book|fabric_stock", "order_fabric",
         "vocabulary: fabric codes (code of fabric_book or fabric_stock rows)"),
        ("take_payment", "strip_piece", "state: the deposit paid"),
        ("take_payment", "reserve_fabric", "state: the deposit paid"),
        ("take_payment", "book_delivery", "state: the order paid in full"),
        ("strip_piece", "inspect_frame", "state: the piece stripped"),
        ("strip_piece", "respring", "state: the piece stripped"),
        ("strip_piece", "upholster", "state: the piece stripped"),
        ("inspect_frame", "repair_frame", "state: the frame inspected and found unsound"),
        ("inspect_frame", "upholster", "state: the frame inspected"),
        ("repair_frame", "upholster", "state: an unsound frame repaired"),
        ("respring", "upholster", "state: the piece resprung"),
        ("reserve_fabric", "upholster", "state: the cover fabric reserved"),
        ("record_treatment", "upholster", "state: fabric that needs it treated and certified"),
        ("receive_fabric", "reserve_fabric", "state: enough fabric in stock"),
        ("reserve_fabric", "send_for_treatment", "state: the fabric reserved"),
        ("reserve_fabric", "release_fabric", "state: the fabric reserved"),
        ("upholster", "attach_fire_label", "state: the piece upholstered"),
        ("attach_fire_label", "book_delivery", "state: the order labelled and ready"),
        ("book_delivery", "mark_delivered", "state: a delivery booked"),
    ]
)

PLAUSIBLE = (
    # a customer's history shows their pieces, estimates and orders; a customer found, then their pieces,
    # estimates and orders listed; the stock list shows fabric codes; the van's day shows its work orders
    {("customer_history", c) for c in ["create_estimate", "revise_estimate", "accept_estimate", "mark_delivered"]
     + ORDER_CONSUMERS}
    | {("find_customer", c) for c in ("pieces", "estimates", "orders", "create_estimate", "revise_estimate",
                                      "accept_estimate")}
    | {("fabric_stock", c) for c in ("create_estimate", "revise_estimate", "send_swatches")}
    | {("van_schedule", "order_details")}
    # one step further along the designed chains
    | {
        ("accept_estimate", "record_treatment"), ("attach_fire_label", "mark_delivered"),
        ("book_collection", "create_estimate"), ("check_in_piece", "accept_estimate"),
        ("collect_piece", "accept_estimate"), ("collect_piece", "revise_estimate"), ("create_estimate", "take_payment"),
        ("create_estimate", "strip_piece"), ("create_estimate", "reserve_fabric"), ("create_estimate", "cancel_order"),
        ("create_estimate", "order_details"), ("estimates", "cancel_order"), ("estimates", "order_details"),
        ("estimates", "take_payment"), ("fabric_book", "accept_estimate"), ("price_guide", "accept_estimate"),
        ("price_guide", "revise_estimate"), ("fabric_stock", "reserve_fabric"), ("inspect_frame", "attach_fire_label"),
        ("order_fabric", "reserve_fabric"), ("orders", "record_treatment"), ("receive_fabric", "send_for_treatment"),
        ("receive_fabric", "upholster"), ("record_treatment", "attach_fire_label"),
        ("register_customer", "collect_piece"), ("register_customer", "create_estimate"),
        ("reserve_fabric", "attach_fire_label"), ("reserve_fabric", "record_treatment"),
        ("respring", "attach_fire_label"), ("send_for_treatment", "upholster"), ("strip_piece", "attach_fire_label"),
        ("strip_piece", "repair_frame"), ("take_payment", "inspect_frame"), ("take_payment", "respring"),
        ("take_payment", "send_for_treatment"), ("take_payment", "upholster"), ("take_payment", "release_fabric"),
        ("take_payment", "mark_delivered"), ("upholster", "book_delivery"), ("van_slots", "collect_piece"),
        ("van_slots", "mark_delivered"), ("repair_frame", "attach_fire_label"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("register_customer", "find_customer"), ("check_in_piece", "pieces"), ("collect_piece", "pieces"),
        ("book_collection", "van_schedule"), ("book_collection", "van_slots"), ("book_delivery", "van_schedule"),
        ("book_delivery", "van_slots"), ("create_estimate", "estimates"), ("accept_estimate", "orders"),
        ("accept_estimate", "estimates"), ("take_payment", "orders"), ("take_payment", "order_details"),
        ("receive_fabric", "fabric_stock"), ("order_fabric", "fabric_stock"), ("reserve_fabric", "fabric_stock"),
        ("release_fabric", "fabric_stock"), ("upholster", "fabric_stock"), ("upholster", "orders"),
        ("attach_fire_label", "orders"), ("mark_delivered", "pieces"), ("mark_delivered", "customer_history"),
        ("cancel_order", "orders"), ("update_customer", "send_message"), ("update_customer", "customer_history"),
        ("check_in_piece", "customer_history"), ("create_estimate", "customer_history"),
        ("accept_estimate", "customer_history"), ("strip_piece", "order_details"), ("inspect_frame", "order_details"),
        ("send_for_treatment", "order_details"), ("record_treatment", "order_details"),
    }
)
