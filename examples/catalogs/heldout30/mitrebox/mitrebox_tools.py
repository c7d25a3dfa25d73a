"""Mitrebox: the counter and workshop of Mitre & Mount, picture framers, 14 Chapel Street, Hexworth (40 calls).

Async functions over an in-memory ``State`` of the shop on Tuesday 4 March 2031 at 09:30. The counter adds
and finds customers, checks artwork in, prices frames (a moulding, a mount board and a glazing, to standard
or conservation standard) as quotes, revises them, turns accepted quotes into orders, takes deposits and
balances, adds and removes extras (hanging fittings, bumpers, spacers), holds and releases orders, cancels
them, hands finished work over, returns unframed artwork and writes to customers. In the workshop the
framers cut the moulding, join the frame, cut the mount and the glass, fit the artwork and report damage
(a cracked glass, a marked mount, a split corner), and keep the moulding stock. The manager gives
discounts, assigns orders to framers, orders moulding from the supplier and passes finished work. The
moulding catalogue, the mount boards and the glazing options are public.

Every tool is an ``async def`` without a decorator; each checks its session and role itself and answers a
refusal as a string that starts ``Error:`` (``"Error: FO-7043 is awaiting its deposit; the workshop starts
once it is paid"``), as many agent back ends do; the runtime reads that convention by itself. Answers are
pydantic models and lists of them; bare values answer an extra added or removed (the order's new total), a
payment taken (the balance left) and an order cancelled (the refund); sentences with an id in them answer
a framer assigned, damage reported, a message, work collected, artwork returned and a sign-out.
Annotations are PEP 604 (``str | None``, ``Quote | str``), evaluated at definition (no ``from __future__
import annotations``), with two ``str`` ``Enum``s (``ArtworkKind`` as an input, ``OrderStatus`` as a
filter) and ``Literal`` inputs and filters. Ids look alike, all from the shop's one job sequence: artwork
``AW-7041``, quote ``QT-7042``, order ``FO-7043``, purchase order ``PO-7044``, receipt ``RC-7045``;
customer ``C-1182``; framer ``FR-2``. Which artwork needs glass and which must have none, what
conservation standard asks of the mount and the glass, the value from which an original is framed to
conservation standard, the largest sheet of each glazing, the mount borders, the largest artwork, the
largest discount, which framers may take conservation and gilt work, the workshop's shortest lead time and
the supplier's shortest length are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from enum import Enum
from typing import Literal

from pydantic import BaseModel

TODAY = "2031-03-04"  # a Tuesday
NOW = "09:30"
QUOTE_DAYS = 30
DEPOSIT_SHARE = 0.5
MAX_DISCOUNT = 20
CONSERVATION_VALUE = 500.0
LABOUR = 25.0


class ArtworkKind(str, Enum):
    PRINT = "print"
    WATERCOLOUR = "watercolour"
    OIL_ON_CANVAS = "oil_on_canvas"
    PHOTOGRAPH = "photograph"
    DOCUMENT = "document"
    TEXTILE = "textile"


class OrderStatus(str, Enum):
    AWAITING_DEPOSIT = "awaiting_deposit"
    IN_WORKSHOP = "in_workshop"
    ON_HOLD = "on_hold"
    READY = "ready"
    COLLECTED = "collected"
    CANCELLED = "cancelled"


MOULDINGS = {  # code -> description, width mm, price a metre, finish
    "M-OAK-30": ("Natural oak, flat, 30 mm", 30, 18.50, "wood"),
    "M-OAK-45": ("Natural oak, deep box, 45 mm", 45, 26.00, "wood"),
    "M-BLK-20": ("Black satin ash, 20 mm", 20, 14.00, "painted"),
    "M-WHT-25": ("White painted tulipwood, 25 mm", 25, 15.00, "painted"),
    "M-GLD-50": ("Antique gold swept, 50 mm", 50, 38.00, "gilt"),
    "M-ALU-15": ("Brushed aluminium, 15 mm", 15, 12.00, "metal"),
}
MOUNTS = {  # code -> description, conservation
    "MB-SNOW": ("Snow white, 1.4 mm", False),
    "MB-IVORY": ("Ivory, 1.4 mm", False),
    "MB-CHAR": ("Charcoal, 1.4 mm", False),
    "MB-CONS-WHT": ("Museum cotton, white, 2.2 mm", True),
    "MB-CONS-ANT": ("Museum cotton, antique white, 2.2 mm", True),
}
GLAZINGS = {  # code -> description, price a square metre, largest sheet (cm), UV filtering
    "GL-FLOAT": ("2 mm float glass", 40.0, (120, 90), False),
    "GL-AR": ("Anti-reflective glass", 120.0, (100, 80), False),
    "GL-UV99": ("Conservation glass, 99% UV filtering", 150.0, (100, 80), True),
    "GL-MUSEUM": ("Museum glass, anti-reflective and 99% UV", 260.0, (90, 70), True),
    "GL-ACRYL": ("3 mm acrylic, shatterproof", 70.0, (150, 100), False),
}
EXTRAS = {"d_rings_and_cord": 3.50, "security_fixings": 8.00, "bumpers": 1.50, "spacers": 6.00, "dust_cover": 4.00}
PAPER = ("print", "watercolour", "photograph", "document")

Finish = Literal["wood", "painted", "gilt", "metal"]
Standard = Literal["standard", "conservation"]
QuoteStatus = Literal["open", "accepted", "expired", "withdrawn"]
ArtworkStatus = Literal["in_shop", "framing", "returned", "collected"]
Extra = Literal["d_rings_and_cord", "security_fixings", "bumpers", "spacers", "dust_cover"]
Part = Literal["glass", "mount", "moulding"]
PayMethod = Literal["card", "cash", "cheque"]
Channel = Literal["sms", "email"]


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str


class Moulding(BaseModel):
    code: str
    description: str
    width_mm: int
    price_per_metre: float
    finish: str


class MountBoard(BaseModel):
    code: str
    description: str
    conservation: bool


class Glazing(BaseModel):
    code: str
    description: str
    price_per_sq_metre: float
    uv_filtering: bool


class CustomerRow(BaseModel):
    customer_id: str
    name: str
    phone: str


class Customer(BaseModel):
    customer_id: str
    name: str
    phone: str
    email: str | None


class ArtworkRow(BaseModel):
    artwork_id: str
    customer_id: str
    description: str
    kind: str
    status: str


class Artwork(BaseModel):
    artwork_id: str
    customer_id: str
    customer: str
    description: str
    kind: str
    width_cm: float
    height_cm: float
    value: float | None
    notes: str | None
    status: str
    received: str


class QuoteLine(BaseModel):
    item: str
    description: str
    price: float


class Quote(BaseModel):
    quote_id: str
    artwork_id: str
    moulding: str
    mount: str | None
    mount_border_cm: float
    glazing: str | None
    standard: str
    lines: list[QuoteLine]
    discount_percent: int
    total: float
    valid_until: str
    status: str


class QuoteRow(BaseModel):
    quote_id: str
    artwork_id: str
    customer_id: str
    total: float
    valid_until: str
    status: str


class OrderRow(BaseModel):
    order_id: str
    customer_id: str
    artwork_id: str
    description: str
    status: str
    due: str
    framer_id: str | None


class Order(BaseModel):
    order_id: str
    quote_id: str
    customer_id: str
    customer: str
    artwork_id: str
    description: str
    moulding: str
    mount: str | None
    glazing: str | None
    standard: str
    extras: list[str]
    total: float
    paid: float
    balance: float
    deposit_due: float
    status: str
    due: str
    framer_id: str | None
    steps: dict[str, bool]


class Receipt(BaseModel):
    receipt_id: str
    order_id: str
    amount: float
    method: str
    balance: float
    order_status: str


class Framer(BaseModel):
    framer_id: str
    name: str
    bench: int
    skills: list[str]


class StockLevel(BaseModel):
    code: str
    description: str
    metres: float
    on_order: float


class PurchaseOrder(BaseModel):
    po_number: str
    code: str
    metres: float
    supplier: str
    status: str


class History(BaseModel):
    customer: Customer
    artworks: list[ArtworkRow]
    quotes: list[QuoteRow]
    orders: list[OrderRow]


# --------------------------------------------------------------------------- state


class State:
    """Mitre & Mount, Hexworth, on Tuesday 4 March 2031 at 09:30."""

    def __init__(self) -> None:
        self.staff = {
            "nadia.k": {"name": "Nadia Kaur", "password": "Bevel-Edge-45", "role": "counter", "framer": None},
            "tom.r": {"name": "Tom Reyes", "password": "Underpinner-2", "role": "framer", "framer": "FR-2"},
            "ewa.z": {"name": "Ewa Zielinska", "password": "Gilders-Tip-3", "role": "framer", "framer": "FR-3"},
            "owen.m": {"name": "Owen Marsh", "password": "Chapel-St-1994", "role": "manager", "framer": "FR-1"},
        }
        self.sessions: dict[str, dict] = {}
        self.framers = {
            "FR-1": {"name": "Owen Marsh", "bench": 1, "skills": ["conservation", "gilding", "box_frames"]},
            "FR-2": {"name": "Tom Reyes", "bench": 2, "skills": ["conservation", "box_frames"]},
            "FR-3": {"name": "Ewa Zielinska", "bench": 3, "skills": ["gilding"]},
        }
        self.customers = {
            "C-1170": {"name": "Mrs Dorothy Aldridge", "phone": "07700 900170", "email": "d.aldridge@mail.example"},
            "C-1173": {"name": "Mr Kwame Mensah", "phone": "07700 900173", "email": "kwame.mensah@mail.example"},
            "C-1176": {"name": "Ms Isla Fraser", "phone": "01632 960176", "email": "isla.fraser@mail.example"},
            "C-1179": {"name": "Dr Simon Webb", "phone": "07700 900179", "email": None},
            "C-1181": {"name": "Mrs Rosa Delgado", "phone": "07700 900181", "email": "rosa.delgado@mail.example"},
        }
        self.artworks = {
            "AW-7026": {"customer": "C-1173", "description": "Kente cloth panel", "kind": "textile", "size": [60.0, 90.0],
                        "value": 250.0, "notes": "Loose threads at one corner", "status": "in_shop",
                        "received": "2031-01-20"},
            "AW-7031": {"customer": "C-1170", "description": "Watercolour of Hexworth harbour, by her late husband",
                        "kind": "watercolour", "size": [40.0, 30.0], "value": 300.0, "notes": None,
                        "status": "in_shop", "received": "2031-02-27"},
            "AW-7034": {"customer": "C-1176", "description": "Graduation photograph", "kind": "photograph",
                        "size": [25.0, 20.0], "value": None, "notes": None, "status": "framing",
                        "received": "2031-02-25"},
            "AW-7036": {"customer": "C-1179", "description": "Oil on canvas: a seascape, unsigned", "kind": "oil_on_canvas",
                        "size": [50.0, 40.0], "value": 400.0, "notes": "Canvas on stretcher, 2 cm deep",
                        "status": "framing", "received": "2031-03-01"},
            "AW-7038": {"customer": "C-1181", "description": "Limited edition print, 12 of 50", "kind": "print",
                        "size": [50.0, 70.0], "value": 450.0, "notes": None, "status": "framing",
                        "received": "2031-02-18"},
            "AW-7040": {"customer": "C-1170", "description": "Cross-stitch sampler dated 1902", "kind": "textile",
                        "size": [30.0, 30.0], "value": 800.0, "notes": "Her grandmother's", "status": "in_shop",
                        "received": "2031-03-03"},
        }
        self.quotes = {
            "QT-7028": {"artwork": "AW-7026", "moulding": "M-OAK-45", "mount": None, "border": 0.0,
                        "glazing": "GL-ACRYL", "standard": "standard", "discount": 0, "created": "2031-01-20",
                        "status": "open"},
            "QT-7033": {"artwork": "AW-7031", "moulding": "M-OAK-30", "mount": "MB-IVORY", "border": 6.0,
                        "glazing": "GL-FLOAT", "standard": "standard", "discount": 0, "created": "2031-02-27",
                        "status": "open"},
        }
        self.orders = {
            "FO-7035": {"quote": "QT-7029", "artwork": "AW-7034", "moulding": "M-BLK-20", "mount": "MB-SNOW",
                        "border": 5.0, "glazing": "GL-AR", "standard": "standard", "price": 78.0, "extras": [],
                        "paid": 40.0, "status": "in_workshop", "held_from": None, "due": "2031-03-07",
                        "framer": "FR-2", "steps": {"moulding_cut": True, "frame_joined": False, "mount_cut": False,
                                                    "glass_cut": False, "fitted": False, "passed": False}},
            "FO-7037": {"quote": "QT-7030", "artwork": "AW-7036", "moulding": "M-GLD-50", "mount": None,
                        "border": 0.0, "glazing": None, "standard": "standard", "price": 165.0, "extras": [],
                        "paid": 0.0, "status": "awaiting_deposit", "held_from": None, "due": "2031-03-14",
                        "framer": None, "steps": {"moulding_cut": False, "frame_joined": False, "mount_cut": False,
                                                  "glass_cut": False, "fitted": False, "passed": False}},
            "FO-7039": {"quote": "QT-7024", "artwork": "AW-7038", "moulding": "M-WHT-25", "mount": "MB-SNOW",
                        "border": 6.0, "glazing": "GL-UV99", "standard": "standard", "price": 142.0,
                        "extras": ["d_rings_and_cord"], "paid": 71.0, "status": "ready", "held_from": None,
                        "due": "2031-03-03", "framer": "FR-3",
                        "steps": {"moulding_cut": True, "frame_joined": True, "mount_cut": True, "glass_cut": True,
                                  "fitted": True, "passed": True}},
        }
        self.stock = {"M-OAK-30": 14.0, "M-OAK-45": 6.0, "M-BLK-20": 22.5, "M-WHT-25": 9.0, "M-GLD-50": 1.2,
                      "M-ALU-15": 0.0}
        self.purchase_orders = {
            "PO-7025": {"code": "M-ALU-15", "metres": 12.0, "supplier": "Fenland Mouldings", "status": "open"},
        }
        self.receipts: dict[str, dict] = {}
        self.damage: list[list] = []
        self.collections: dict[str, str] = {}
        self.messages: list[list] = []
        self.counters = {"session": 1, "job": 7041, "customer": 1182, "message": 330}


# --------------------------------------------------------------------------- refusals and helpers


class _Refused(Exception):
    """A refusal inside a tool; each tool answers it as ``"Error: <text>"``."""


def _no(text: str):
    raise _Refused(text)


def _staff(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        _no("not signed in (no session for that token)")
    if roles and who["role"] not in roles and who["role"] != "manager":
        _no(f"{who['name']} ({who['role']}) cannot do this; it is for the {' or '.join(roles)}")
    return who


def _job(state: State, prefix: str) -> str:
    n = state.counters["job"]
    state.counters["job"] = n + 1
    return f"{prefix}-{n}"


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        _no(f"{text!r} is not a date (YYYY-MM-DD)")


def _customer(state: State, customer_id: str) -> dict:
    c = state.customers.get(customer_id)
    if c is None:
        _no(f"no customer {customer_id}")
    return c


def _artwork(state: State, artwork_id: str) -> dict:
    a = state.artworks.get(artwork_id)
    if a is None:
        _no(f"no artwork {artwork_id}")
    return a


def _quote(state: State, quote_id: str) -> dict:
    q = state.quotes.get(quote_id)
    if q is None:
        _no(f"no quote {quote_id}")
    return q


def _order(state: State, order_id: str) -> dict:
    o = state.orders.get(order_id)
    if o is None:
        _no(f"no order {order_id}")
    return o


def _valid_until(q: dict) -> str:
    return (_day(q["created"]) + datetime.timedelta(days=QUOTE_DAYS)).isoformat()


def _quote_status(q: dict) -> str:
    if q["status"] == "open" and _valid_until(q) < TODAY:
        return "expired"
    return q["status"]


def _outer(a: dict, mount: str | None, border: float) -> tuple:
    w, h = a["size"]
    return (w + 2 * border, h + 2 * border) if mount else (w, h)


def _metres(a: dict, moulding: str, mount: str | None, border: float) -> float:
    w, h = _outer(a, mount, border)
    return round(2 * (w + h) / 100 + 8 * MOULDINGS[moulding][1] / 1000 + 0.2, 2)


def _lines(a: dict, spec: dict) -> list:
    m = MOULDINGS[spec["moulding"]]
    metres = _metres(a, spec["moulding"], spec["mount"], spec["border"])
    out = [QuoteLine(item="moulding", description=f"{m[0]}, {metres:g} m", price=round(metres * m[2], 2))]
    w, h = _outer(a, spec["mount"], spec["border"])
    area = w * h / 10000
    if spec["mount"]:
        base = 12.0 if area <= 0.5 else 20.0
        cons = MOUNTS[spec["mount"]][1]
        out.append(QuoteLine(item="mount", description=f"{MOUNTS[spec['mount']][0]}, {spec['border']:g} cm border",
                             price=base * 2 if cons else base))
    if spec["glazing"]:
        g = GLAZINGS[spec["glazing"]]
        out.append(QuoteLine(item="glazing", description=g[0], price=round(max(10.0, g[1] * area), 2)))
    out.append(QuoteLine(item="labour", description="Cutting, joining and fitting", price=LABOUR))
    return out


def _total(a: dict, spec: dict) -> float:
    gross = sum(line.price for line in _lines(a, spec))
    return round(gross * (100 - spec["discount"]) / 100, 2)


def _check_spec(a: dict, moulding: str, mount: str | None, glazing: str | None, standard: str) -> None:
    if moulding not in MOULDINGS:
        _no(f"no moulding {moulding} in the catalogue")
    if mount is not None and mount not in MOUNTS:
        _no(f"no mount board {mount}")
    if glazing is not None and glazing not in GLAZINGS:
        _no(f"no glazing {glazing}")
    if standard not in ("standard", "conservation"):
        _no(f"{standard!r} is not a framing standard")
    if a["kind"] == "oil_on_canvas" and (mount or glazing):
        _no("oils on canvas are framed without a mount or glass; the paint needs to breathe")
    if a["kind"] in PAPER and not glazing:
        _no(f"a {a['kind']} is a work on paper and must be glazed")
    if a["value"] is not None and a["value"] >= CONSERVATION_VALUE and a["kind"] != "oil_on_canvas" \
            and standard != "conservation":
        _no(f"an original valued at £{a['value']:g} is framed to conservation standard (our insurers ask it "
            f"from £{CONSERVATION_VALUE:g})")
    if standard == "conservation":
        if mount and not MOUNTS[mount][1]:
            _no(f"{mount} is not a conservation board; conservation framing uses museum cotton board")
        if glazing and not GLAZINGS[glazing][3]:
            _no(f"{glazing} does not filter UV; conservation framing uses GL-UV99 or GL-MUSEUM")


def _check_glass(a: dict, mount: str | None, border: float, glazing: str | None) -> None:
    if not glazing:
        return
    w, h = _outer(a, mount, border)
    big, small = GLAZINGS[glazing][2]
    if max(w, h) > big or min(w, h) > small:
        _no(f"{glazing} comes in sheets up to {big} x {small} cm; this frame needs {w:g} x {h:g} cm")


def _customer_reply(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c["name"], phone=c["phone"], email=c["email"])


def _artwork_row(state: State, aid: str) -> ArtworkRow:
    a = state.artworks[aid]
    return ArtworkRow(artwork_id=aid, customer_id=a["customer"], description=a["description"], kind=a["kind"],
                      status=a["status"])


def _artwork_reply(state: State, aid: str) -> Artwork:
    a = state.artworks[aid]
    return Artwork(artwork_id=aid, customer_id=a["customer"], customer=state.customers[a["customer"]]["name"],
                   description=a["description"], kind=a["kind"], width_cm=a["size"][0], height_cm=a["size"][1],
                   value=a["value"], notes=a["notes"], status=a["status"], received=a["received"])


def _quote_reply(state: State, qid: str) -> Quote:
    q = state.quotes[qid]
    a = state.artworks[q["artwork"]]
    return Quote(quote_id=qid, artwork_id=q["artwork"], moulding=q["moulding"], mount=q["mount"],
                 mount_border_cm=q["border"], glazing=q["glazing"], standard=q["standard"], lines=_lines(a, q),
                 discount_percent=q["discount"], total=_total(a, q), valid_until=_valid_until(q),
                 status=_quote_status(q))


def _quote_row(state: State, qid: str) -> QuoteRow:
    q = state.quotes[qid]
    a = state.artworks[q["artwork"]]
    return QuoteRow(quote_id=qid, artwork_id=q["artwork"], customer_id=a["customer"], total=_total(a, q),
                    valid_until=_valid_until(q), status=_quote_status(q))


def _order_total(o: dict) -> float:
    return round(o["price"] + sum(EXTRAS[x] for x in o["extras"]), 2)


def _order_row(state: State, oid: str) -> OrderRow:
    o = state.orders[oid]
    a = state.artworks[o["artwork"]]
    return OrderRow(order_id=oid, customer_id=a["customer"], artwork_id=o["artwork"], description=a["description"],
                    status=o["status"], due=o["due"], framer_id=o["framer"])


def _order_reply(state: State, oid: str) -> Order:
    o = state.orders[oid]
    a = state.artworks[o["artwork"]]
    total = _order_total(o)
    return Order(order_id=oid, quote_id=o["quote"], customer_id=a["customer"],
                 customer=state.customers[a["customer"]]["name"], artwork_id=o["artwork"],
                 description=a["description"], moulding=o["moulding"], mount=o["mount"], glazing=o["glazing"],
                 standard=o["standard"], extras=list(o["extras"]), total=total, paid=o["paid"],
                 balance=round(total - o["paid"], 2), deposit_due=round(total * DEPOSIT_SHARE, 2),
                 status=o["status"], due=o["due"], framer_id=o["framer"], steps=dict(o["steps"]))


def _workshop(o: dict, oid: str) -> None:
    if o["status"] == "awaiting_deposit":
        _no(f"{oid} is awaiting its deposit; the workshop starts once it is paid")
    if o["status"] == "on_hold":
        _no(f"{oid} is on hold")
    if o["status"] != "in_workshop":
        _no(f"{oid} is {o['status'].replace('_', ' ')}")


def _stock_reply(state: State, code: str) -> StockLevel:
    return StockLevel(code=code, description=MOULDINGS[code][0], metres=round(state.stock[code], 2),
                      on_order=sum(p["metres"] for p in state.purchase_orders.values()
                                   if p["code"] == code and p["status"] == "open"))


# --------------------------------------------------------------------------- sign-in and public lists


async def sign_in(state: State, username: str, password: str) -> Session | str:
    """Sign in to the shop system.

    :param username: The user name, ``nadia.k`` for example.
    :param password: The password.
    :returns: A session with the ``token`` every other call but the three public lists takes.
    """
    s = state.staff.get(username.strip().lower())
    if s is None or s["password"] != password:
        return "Error: user name or password not recognised"
    token = f"mm-{username.split('.')[0]}-{state.counters['session']:03d}"
    state.counters["session"] += 1
    state.sessions[token] = {"user": username, "name": s["name"], "role": s["role"], "framer": s["framer"]}
    return Session(token=token, name=s["name"], role=s["role"])


async def sign_out(state: State, token: str) -> str:
    """End a session.

    :param token: The session token.
    :returns: A sentence naming who was signed out.
    """
    try:
        who = _staff(state, token)
    except _Refused as r:
        return f"Error: {r}"
    del state.sessions[token]
    return f"Signed out {who['name']} (session {token})."


async def moulding_catalogue(finish: Finish | None = None) -> list[Moulding]:
    """The mouldings we make frames from, with their price a metre.

    :param finish: Only mouldings of this finish: wood, painted, gilt or metal.
    :returns: The mouldings, each with its ``code``.
    """
    return [Moulding(code=code, description=m[0], width_mm=m[1], price_per_metre=m[2], finish=m[3])
            for code, m in MOULDINGS.items() if finish is None or m[3] == finish]


async def mount_boards() -> list[MountBoard]:
    """The mount boards we cut mounts from.

    :returns: The boards, each with its ``code`` and whether it is conservation board.
    """
    return [MountBoard(code=code, description=m[0], conservation=m[1]) for code, m in MOUNTS.items()]


async def glazing_options() -> list[Glazing]:
    """The glass and acrylic we glaze with, and their price a square metre.

    :returns: The glazings, each with its ``code`` and whether it filters UV.
    """
    return [Glazing(code=code, description=g[0], price_per_sq_metre=g[1], uv_filtering=g[3])
            for code, g in GLAZINGS.items()]


# --------------------------------------------------------------------------- customers


async def find_customer(state: State, token: str, text: str) -> list[CustomerRow] | str:
    """Look customers up by part of a name, a phone number or an e-mail address.

    :param token: The session token.
    :param text: What to look for.
    :returns: The matching customers.
    """
    try:
        _staff(state, token)
        t = text.strip().lower()
        if not t:
            _no("say what to look for")
    except _Refused as r:
        return f"Error: {r}"
    return [CustomerRow(customer_id=cid, name=c["name"], phone=c["phone"])
            for cid, c in sorted(state.customers.items())
            if t in " ".join(x for x in (c["name"], c["phone"], c["email"]) if x).lower()]


async def add_customer(state: State, token: str, name: str, phone: str, email: str | None = None) -> Customer | str:
    """Add a new customer.

    :param token: The session token (the counter).
    :param name: The customer's name.
    :param phone: A phone number.
    :param email: An e-mail address, if they give one.
    :returns: The customer, with its ``customer_id``.
    """
    try:
        _staff(state, token, "counter")
        if not name.strip() or not phone.strip():
            _no("a customer needs a name and a phone number")
        for cid, c in state.customers.items():
            if c["phone"].replace(" ", "") == phone.replace(" ", ""):
                _no(f"{phone} is {c['name']}'s number ({cid})")
    except _Refused as r:
        return f"Error: {r}"
    cid = f"C-{state.counters['customer']}"
    state.counters["customer"] += 1
    state.customers[cid] = {"name": name.strip(), "phone": phone.strip(), "email": (email or "").strip() or None}
    return _customer_reply(state, cid)


async def update_customer(state: State, token: str, customer_id: str, phone: str | None = None,
                          email: str | None = None) -> Customer | str:
    """Change a customer's phone number or e-mail address.

    :param token: The session token (the counter).
    :param customer_id: The customer.
    :param phone: A new phone number.
    :param email: A new e-mail address.
    :returns: The customer as now recorded.
    """
    try:
        _staff(state, token, "counter")
        c = _customer(state, customer_id)
        new_phone = phone.strip() if phone else c["phone"]
        new_email = email.strip() if email else c["email"]
        if new_phone == c["phone"] and new_email == c["email"]:
            _no(f"nothing to change: {c['name']} has these details already")
        for cid, other in state.customers.items():
            if cid != customer_id and other["phone"].replace(" ", "") == new_phone.replace(" ", ""):
                _no(f"{new_phone} is {other['name']}'s number ({cid})")
    except _Refused as r:
        return f"Error: {r}"
    c["phone"], c["email"] = new_phone, new_email
    return _customer_reply(state, customer_id)


async def customer_history(state: State, token: str, customer_id: str) -> History | str:
    """A customer's whole history with the shop: artwork, quotes and orders.

    :param token: The session token.
    :param customer_id: The customer.
    :returns: The customer with their artwork, quotes and orders nested.
    """
    try:
        _staff(state, token)
        _customer(state, customer_id)
    except _Refused as r:
        return f"Error: {r}"
    arts = [aid for aid, a in sorted(state.artworks.items()) if a["customer"] == customer_id]
    return History(customer=_customer_reply(state, customer_id), artworks=[_artwork_row(state, aid) for aid in arts],
                   quotes=[_quote_row(state, qid) for qid, q in sorted(state.quotes.items()) if q["artwork"] in arts],
                   orders=[_order_row(state, oid) for oid, o in sorted(state.orders.items()) if o["artwork"] in arts])


async def notify_customer(state: State, token: str, customer_id: str, channel: Channel, text: str) -> str:
    """Send a customer a text or an e-mail.

    :param token: The session token (the counter).
    :param customer_id: The customer.
    :param channel: ``sms`` or ``email``.
    :param text: The message.
    :returns: A sentence with the message's number.
    """
    try:
        _staff(state, token, "counter")
        c = _customer(state, customer_id)
        if not text.strip():
            _no("the message is empty")
        if channel == "sms" and not c["phone"].replace(" ", "").startswith("07"):
            _no(f"{c['phone']} is not a mobile number")
        if channel == "email" and not c["email"]:
            _no(f"we have no e-mail address for {c['name']}")
        if channel not in ("sms", "email"):
            _no(f"{channel!r} is not a channel (sms or email)")
    except _Refused as r:
        return f"Error: {r}"
    mid = f"MSG-{state.counters['message']}"
    state.counters["message"] += 1
    state.messages.append([mid, customer_id, channel, text.strip()])
    return f"Message {mid} sent by {channel} to {c['name']}."


# --------------------------------------------------------------------------- artwork and quotes


async def check_in_artwork(state: State, token: str, customer_id: str, description: str, kind: ArtworkKind,
                           width_cm: float, height_cm: float, value: float | None = None,
                           notes: str | None = None) -> Artwork | str:
    """Take a customer's artwork in at the counter.

    :param token: The session token (the counter).
    :param customer_id: The owner.
    :param description: What it is.
    :param kind: print, watercolour, oil_on_canvas, photograph, document or textile.
    :param width_cm: Its width.
    :param height_cm: Its height.
    :param value: What the customer says it is worth, for the insurance.
    :param notes: Its condition, anything to watch.
    :returns: The artwork, with its ``artwork_id`` (on the ticket the customer keeps).
    """
    try:
        _staff(state, token, "counter")
        _customer(state, customer_id)
        try:
            kind_value = ArtworkKind(kind).value
        except ValueError:
            _no(f"{kind!r} is not a kind of artwork we take in")
        if not description.strip():
            _no("describe the artwork")
        if width_cm <= 0 or height_cm <= 0:
            _no("give its width and height in cm")
        if max(width_cm, height_cm) > 150:
            _no("the workshop frames up to 150 cm on the long side")
    except _Refused as r:
        return f"Error: {r}"
    aid = _job(state, "AW")
    state.artworks[aid] = {"customer": customer_id, "description": description.strip(), "kind": kind_value,
                           "size": [float(width_cm), float(height_cm)], "value": value,
                           "notes": (notes or "").strip() or None, "status": "in_shop", "received": TODAY}
    return _artwork_reply(state, aid)


async def artworks(state: State, token: str, customer_id: str | None = None,
                   status: ArtworkStatus | None = None) -> list[ArtworkRow] | str:
    """Artwork in the shop's care, by owner and status.

    :param token: The session token.
    :param customer_id: Only this customer's artwork.
    :param status: in_shop, framing, returned or collected.
    :returns: The artwork.
    """
    try:
        _staff(state, token)
    except _Refused as r:
        return f"Error: {r}"
    return [_artwork_row(state, aid) for aid, a in sorted(state.artworks.items())
            if (customer_id is None or a["customer"] == customer_id) and (status is None or a["status"] == status)]


async def return_artwork(state: State, token: str, artwork_id: str, reason: str) -> str:
    """Hand artwork back to its owner unframed.

    :param token: The session token (the counter).
    :param artwork_id: The artwork.
    :param reason: Why it goes back unframed.
    :returns: A sentence naming the artwork and its owner.
    """
    try:
        _staff(state, token, "counter")
        a = _artwork(state, artwork_id)
        if a["status"] != "in_shop":
            _no(f"{artwork_id} is {a['status'].replace('_', ' ')}")
        for oid, o in state.orders.items():
            if o["artwork"] == artwork_id and o["status"] not in ("cancelled", "collected"):
                _no(f"{artwork_id} is on order {oid}")
        if not reason.strip():
            _no("say why it goes back")
    except _Refused as r:
        return f"Error: {r}"
    a["status"] = "returned"
    for q in state.quotes.values():
        if q["artwork"] == artwork_id and q["status"] == "open":
            q["status"] = "withdrawn"
    return f"{artwork_id} ({a['description']}) returned unframed to {state.customers[a['customer']]['name']}."


async def create_quote(state: State, token: str, artwork_id: str, moulding_code: str, glazing_code: str | None,
                       mount_code: str | None = None, mount_border_cm: float = 6.0,
                       standard: Standard = "standard") -> Quote | str:
    """Price a frame for a piece of artwork.

    :param token: The session token (the counter).
    :param artwork_id: The artwork.
    :param moulding_code: The moulding.
    :param glazing_code: The glazing, or none for no glass.
    :param mount_code: The mount board, or none for no mount.
    :param mount_border_cm: The mount's border width.
    :param standard: ``standard`` or ``conservation``.
    :returns: The quote, with its ``quote_id``, lines and total.
    """
    try:
        _staff(state, token, "counter")
        a = _artwork(state, artwork_id)
        if a["status"] != "in_shop":
            _no(f"{artwork_id} is {a['status'].replace('_', ' ')}")
        _check_spec(a, moulding_code, mount_code, glazing_code, standard)
        border = mount_border_cm if mount_code else 0.0
        if mount_code and not 2.0 <= border <= 15.0:
            _no("a mount border is 2 to 15 cm")
        _check_glass(a, mount_code, border, glazing_code)
    except _Refused as r:
        return f"Error: {r}"
    qid = _job(state, "QT")
    state.quotes[qid] = {"artwork": artwork_id, "moulding": moulding_code, "mount": mount_code, "border": border,
                         "glazing": glazing_code, "standard": standard, "discount": 0, "created": TODAY,
                         "status": "open"}
    return _quote_reply(state, qid)


async def revise_quote(state: State, token: str, quote_id: str, moulding_code: str | None = None,
                       glazing_code: str | None = None, mount_code: str | None = None,
                       standard: Standard | None = None) -> Quote | str:
    """Change the moulding, glazing, mount or standard on an open quote.

    :param token: The session token (the counter).
    :param quote_id: The quote.
    :param moulding_code: A new moulding.
    :param glazing_code: A new glazing.
    :param mount_code: A new mount board.
    :param standard: A new standard.
    :returns: The quote, repriced and valid for another 30 days.
    """
    try:
        _staff(state, token, "counter")
        q = _quote(state, quote_id)
        status = _quote_status(q)
        if status != "open":
            _no(f"{quote_id} is {status}" + ("; price the frame afresh" if status == "expired" else ""))
        new = {"moulding": moulding_code or q["moulding"], "glazing": glazing_code or q["glazing"],
               "mount": mount_code or q["mount"], "standard": standard or q["standard"]}
        if all(new[k] == q[k] for k in new):
            _no(f"nothing to change on {quote_id}")
        a = state.artworks[q["artwork"]]
        _check_spec(a, new["moulding"], new["mount"], new["glazing"], new["standard"])
        border = q["border"] if q["mount"] else (6.0 if new["mount"] else 0.0)
        _check_glass(a, new["mount"], border, new["glazing"])
    except _Refused as r:
        return f"Error: {r}"
    q.update(new)
    q["border"] = border
    q["created"] = TODAY
    return _quote_reply(state, quote_id)


async def quotes(state: State, token: str, customer_id: str | None = None,
                 status: QuoteStatus | None = None) -> list[QuoteRow] | str:
    """Quotes, by customer and status.

    :param token: The session token.
    :param customer_id: Only this customer's quotes.
    :param status: open, accepted, expired or withdrawn.
    :returns: The quotes.
    """
    try:
        _staff(state, token)
    except _Refused as r:
        return f"Error: {r}"
    return [_quote_row(state, qid) for qid, q in sorted(state.quotes.items())
            if (customer_id is None or state.artworks[q["artwork"]]["customer"] == customer_id)
            and (status is None or _quote_status(q) == status)]


async def apply_discount(state: State, token: str, quote_id: str, percent: int, reason: str) -> Quote | str:
    """Take a percentage off an open quote (the manager).

    :param token: The session token (the manager).
    :param quote_id: The quote.
    :param percent: The discount.
    :param reason: Why.
    :returns: The quote with the discount.
    """
    try:
        _staff(state, token, "manager")
        q = _quote(state, quote_id)
        if _quote_status(q) != "open":
            _no(f"{quote_id} is {_quote_status(q)}")
        if q["discount"]:
            _no(f"{quote_id} has {q['discount']}% off already")
        if not 1 <= percent <= MAX_DISCOUNT:
            _no(f"a discount is 1 to {MAX_DISCOUNT}%")
        if not reason.strip():
            _no("say why")
    except _Refused as r:
        return f"Error: {r}"
    q["discount"] = percent
    return _quote_reply(state, quote_id)


async def accept_quote(state: State, token: str, quote_id: str, due: str | None = None) -> Order | str:
    """The customer goes ahead: the quote becomes a framing order, awaiting its deposit.

    :param token: The session token (the counter).
    :param quote_id: The quote.
    :param due: When the customer would like it, ``YYYY-MM-DD`` (two weeks unless given).
    :returns: The order, with its ``order_id`` and the deposit due.
    """
    try:
        _staff(state, token, "counter")
        q = _quote(state, quote_id)
        status = _quote_status(q)
        if status != "open":
            _no(f"{quote_id} is {status}" + ("; quotes stand for 30 days" if status == "expired" else ""))
        a = state.artworks[q["artwork"]]
        if a["status"] != "in_shop":
            _no(f"{q['artwork']} is {a['status'].replace('_', ' ')}")
        due_day = _day(due) if due else datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=14)
        if due_day.isoformat() < (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=3)).isoformat():
            _no("the workshop needs at least three days")
    except _Refused as r:
        return f"Error: {r}"
    oid = _job(state, "FO")
    state.orders[oid] = {"quote": quote_id, "artwork": q["artwork"], "moulding": q["moulding"], "mount": q["mount"],
                         "border": q["border"], "glazing": q["glazing"], "standard": q["standard"],
                         "price": _total(a, q), "extras": [], "paid": 0.0, "status": "awaiting_deposit",
                         "held_from": None, "due": due_day.isoformat(), "framer": None,
                         "steps": {"moulding_cut": False, "frame_joined": False, "mount_cut": False,
                                   "glass_cut": False, "fitted": False, "passed": False}}
    q["status"] = "accepted"
    a["status"] = "framing"
    return _order_reply(state, oid)


# --------------------------------------------------------------------------- orders and payments


async def orders(state: State, token: str, status: OrderStatus | None = None,
                 customer_id: str | None = None) -> list[OrderRow] | str:
    """Framing orders, by status and customer.

    :param token: The session token.
    :param status: awaiting_deposit, in_workshop, on_hold, ready, collected or cancelled.
    :param customer_id: Only this customer's orders.
    :returns: The orders.
    """
    try:
        _staff(state, token)
        wanted = OrderStatus(status).value if status is not None else None
    except ValueError:
        return f"Error: {status!r} is not an order status"
    except _Refused as r:
        return f"Error: {r}"
    return [_order_row(state, oid) for oid, o in sorted(state.orders.items())
            if (wanted is None or o["status"] == wanted)
            and (customer_id is None or state.artworks[o["artwork"]]["customer"] == customer_id)]


async def order_details(state: State, token: str, order_id: str) -> Order | str:
    """One order in full: its frame, extras, money, framer and workshop steps.

    :param token: The session token.
    :param order_id: The order.
    :returns: The order.
    """
    try:
        _staff(state, token)
        _order(state, order_id)
    except _Refused as r:
        return f"Error: {r}"
    return _order_reply(state, order_id)


async def take_deposit(state: State, token: str, order_id: str, amount: float, method: PayMethod) -> Receipt | str:
    """Take the deposit on an order; the order goes to the workshop.

    :param token: The session token (the counter).
    :param order_id: The order.
    :param amount: The deposit.
    :param method: card, cash or cheque.
    :returns: A receipt with the balance left.
    """
    try:
        _staff(state, token, "counter")
        o = _order(state, order_id)
        if o["status"] != "awaiting_deposit":
            _no(f"{order_id} is {o['status'].replace('_', ' ')}; its deposit is taken")
        total = _order_total(o)
        if amount < round(total * DEPOSIT_SHARE, 2) - 0.005:
            _no(f"the deposit is half the order, £{total * DEPOSIT_SHARE:.2f}")
        if amount > total:
            _no(f"the order comes to £{total:.2f}")
        if method not in ("card", "cash", "cheque"):
            _no(f"we take card, cash or cheque, not {method!r}")
    except _Refused as r:
        return f"Error: {r}"
    o["paid"] = round(o["paid"] + amount, 2)
    o["status"] = "in_workshop"
    rid = _job(state, "RC")
    state.receipts[rid] = {"order": order_id, "amount": amount, "method": method, "date": TODAY}
    return Receipt(receipt_id=rid, order_id=order_id, amount=amount, method=method,
                   balance=round(total - o["paid"], 2), order_status=o["status"])


async def take_payment(state: State, token: str, order_id: str, amount: float, method: PayMethod) -> float | str:
    """Take a payment towards an order's balance.

    :param token: The session token (the counter).
    :param order_id: The order.
    :param amount: The payment.
    :param method: card, cash or cheque.
    :returns: The balance left to pay.
    """
    try:
        _staff(state, token, "counter")
        o = _order(state, order_id)
        if o["status"] in ("cancelled", "collected"):
            _no(f"{order_id} is {o['status']}")
        if o["status"] == "awaiting_deposit":
            _no(f"{order_id} is awaiting its deposit; take the deposit first")
        balance = round(_order_total(o) - o["paid"], 2)
        if balance <= 0:
            _no(f"{order_id} is paid in full")
        if amount <= 0 or amount > balance + 0.005:
            _no(f"the balance on {order_id} is £{balance:.2f}")
    except _Refused as r:
        return f"Error: {r}"
    o["paid"] = round(o["paid"] + amount, 2)
    rid = _job(state, "RC")
    state.receipts[rid] = {"order": order_id, "amount": amount, "method": method, "date": TODAY}
    return round(_order_total(o) - o["paid"], 2)


async def add_extra(state: State, token: str, order_id: str, extra: Extra) -> float | str:
    """Add an extra to an order before it is fitted.

    :param token: The session token.
    :param order_id: The order.
    :param extra: d_rings_and_cord, security_fixings, bumpers, spacers or dust_cover.
    :returns: The order's new total.
    """
    try:
        _staff(state, token)
        o = _order(state, order_id)
        if extra not in EXTRAS:
            _no(f"no extra {extra!r}")
        if o["status"] in ("cancelled", "collected", "ready") or o["steps"]["fitted"]:
            _no(f"{order_id} is {'fitted' if o['steps']['fitted'] else o['status']}; extras go on before fitting")
        if extra in o["extras"]:
            _no(f"{order_id} has {extra.replace('_', ' ')} already")
    except _Refused as r:
        return f"Error: {r}"
    o["extras"].append(extra)
    return _order_total(o)


async def remove_extra(state: State, token: str, order_id: str, extra: Extra) -> float | str:
    """Take an extra off an order before it is fitted.

    :param token: The session token.
    :param order_id: The order.
    :param extra: The extra.
    :returns: The order's new total.
    """
    try:
        _staff(state, token)
        o = _order(state, order_id)
        if extra not in o["extras"]:
            _no(f"{order_id} has no {str(extra).replace('_', ' ')}")
        if o["steps"]["fitted"]:
            _no(f"{order_id} is fitted")
        if round(_order_total(o) - EXTRAS[extra], 2) < o["paid"]:
            _no(f"{order_id} would come to less than has been paid")
    except _Refused as r:
        return f"Error: {r}"
    o["extras"].remove(extra)
    return _order_total(o)


async def hold_order(state: State, token: str, order_id: str, reason: str) -> Order | str:
    """Put an order on hold (a customer's decision awaited, a query on the artwork).

    :param token: The session token.
    :param order_id: The order.
    :param reason: Why.
    :returns: The order, on hold.
    """
    try:
        _staff(state, token)
        o = _order(state, order_id)
        if o["status"] == "on_hold":
            _no(f"{order_id} is on hold already")
        if o["status"] not in ("awaiting_deposit", "in_workshop"):
            _no(f"{order_id} is {o['status']}")
        if not reason.strip():
            _no("say why")
    except _Refused as r:
        return f"Error: {r}"
    o["held_from"] = o["status"]
    o["status"] = "on_hold"
    return _order_reply(state, order_id)


async def release_order(state: State, token: str, order_id: str) -> Order | str:
    """Take an order off hold.

    :param token: The session token.
    :param order_id: The order.
    :returns: The order, back where it was.
    """
    try:
        _staff(state, token)
        o = _order(state, order_id)
        if o["status"] != "on_hold":
            _no(f"{order_id} is not on hold ({o['status'].replace('_', ' ')})")
    except _Refused as r:
        return f"Error: {r}"
    o["status"] = o["held_from"]
    o["held_from"] = None
    return _order_reply(state, order_id)


async def cancel_order(state: State, token: str, order_id: str, reason: str) -> float | str:
    """Cancel an order; the deposit is refunded unless work has begun.

    :param token: The session token (the counter).
    :param order_id: The order.
    :param reason: Why.
    :returns: The refund.
    """
    try:
        _staff(state, token, "counter")
        o = _order(state, order_id)
        if o["status"] in ("cancelled", "collected"):
            _no(f"{order_id} is {o['status']} already" if o["status"] == "cancelled" else f"{order_id} is collected")
        if not reason.strip():
            _no("say why")
    except _Refused as r:
        return f"Error: {r}"
    started = any(o["steps"][k] for k in ("moulding_cut", "mount_cut", "glass_cut"))
    refund = 0.0 if started else o["paid"]
    o["status"] = "cancelled"
    o["held_from"] = None
    state.artworks[o["artwork"]]["status"] = "in_shop"
    return refund


async def collect_order(state: State, token: str, order_id: str, collected_by: str) -> str:
    """Hand finished framing over to the customer.

    :param token: The session token (the counter).
    :param order_id: The order.
    :param collected_by: Who took it.
    :returns: A sentence naming the order and who took it.
    """
    try:
        _staff(state, token, "counter")
        o = _order(state, order_id)
        if o["status"] == "collected":
            _no(f"{order_id} was collected already")
        if o["status"] != "ready":
            _no(f"{order_id} is {o['status'].replace('_', ' ')}; it is not ready")
        balance = round(_order_total(o) - o["paid"], 2)
        if balance > 0:
            _no(f"£{balance:.2f} is still to pay on {order_id}")
        if not collected_by.strip():
            _no("say who took it")
    except _Refused as r:
        return f"Error: {r}"
    o["status"] = "collected"
    state.artworks[o["artwork"]]["status"] = "collected"
    state.collections[order_id] = collected_by.strip()
    return f"{order_id} ({state.artworks[o['artwork']]['description']}) collected by {collected_by.strip()}."


# --------------------------------------------------------------------------- the workshop


async def framers(state: State, token: str) -> list[Framer] | str:
    """The framers, their benches and what they may take on.

    :param token: The session token.
    :returns: The framers, each with its ``framer_id``.
    """
    try:
        _staff(state, token)
    except _Refused as r:
        return f"Error: {r}"
    return [Framer(framer_id=fid, name=f["name"], bench=f["bench"], skills=list(f["skills"]))
            for fid, f in sorted(state.framers.items())]


async def assign_framer(state: State, token: str, order_id: str, framer_id: str) -> str:
    """Give an order to a framer (the manager).

    :param token: The session token (the manager).
    :param order_id: The order.
    :param framer_id: The framer.
    :returns: A sentence naming the order, the framer and the bench.
    """
    try:
        _staff(state, token, "manager")
        o = _order(state, order_id)
        f = state.framers.get(framer_id)
        if f is None:
            _no(f"no framer {framer_id}")
        if o["status"] in ("cancelled", "collected", "ready"):
            _no(f"{order_id} is {o['status']}")
        if o["framer"] == framer_id:
            _no(f"{order_id} is {f['name']}'s already")
        if o["standard"] == "conservation" and "conservation" not in f["skills"]:
            _no(f"{f['name']} does not take conservation work")
        if MOULDINGS[o["moulding"]][3] == "gilt" and "gilding" not in f["skills"]:
            _no(f"{f['name']} does not take gilt frames (the corners need touching in)")
    except _Refused as r:
        return f"Error: {r}"
    o["framer"] = framer_id
    return f"{order_id} assigned to {f['name']} at bench {f['bench']}."


async def moulding_stock(state: State, token: str, moulding_code: str | None = None) -> list[StockLevel] | str:
    """The moulding in the racks, in metres, and what is on order.

    :param token: The session token.
    :param moulding_code: Only this moulding.
    :returns: The stock, each with its ``code``.
    """
    try:
        _staff(state, token)
        if moulding_code is not None and moulding_code not in MOULDINGS:
            _no(f"no moulding {moulding_code}")
    except _Refused as r:
        return f"Error: {r}"
    return [_stock_reply(state, code) for code in MOULDINGS if moulding_code is None or code == moulding_code]


async def order_moulding(state: State, token: str, moulding_code: str, metres: float) -> PurchaseOrder | str:
    """Order moulding from the supplier (the manager).

    :param token: The session token (the manager).
    :param moulding_code: The moulding.
    :param metres: How much.
    :returns: The purchase order, with its ``po_number``.
    """
    try:
        _staff(state, token, "manager")
        if moulding_code not in MOULDINGS:
            _no(f"no moulding {moulding_code}")
        if metres < 3.0:
            _no("Fenland Mouldings supply in lengths of 3 m or more")
    except _Refused as r:
        return f"Error: {r}"
    po = _job(state, "PO")
    state.purchase_orders[po] = {"code": moulding_code, "metres": metres, "supplier": "Fenland Mouldings",
                                 "status": "open"}
    return PurchaseOrder(po_number=po, code=moulding_code, metres=metres, supplier="Fenland Mouldings",
                         status="open")


async def receive_delivery(state: State, token: str, po_number: str, metres_received: float) -> StockLevel | str:
    """Book a supplier's delivery into the racks.

    :param token: The session token (a framer).
    :param po_number: The purchase order the delivery note quotes.
    :param metres_received: How much came.
    :returns: The moulding's stock now.
    """
    try:
        _staff(state, token, "framer")
        p = state.purchase_orders.get(po_number)
        if p is None:
            _no(f"no purchase order {po_number}")
        if p["status"] != "open":
            _no(f"{po_number} was received already")
        if metres_received <= 0:
            _no("say how much came")
    except _Refused as r:
        return f"Error: {r}"
    state.stock[p["code"]] = round(state.stock[p["code"]] + metres_received, 2)
    p["status"] = "received"
    return _stock_reply(state, p["code"])


async def cut_moulding(state: State, token: str, order_id: str) -> Order | str:
    """Cut the moulding for an order's frame, from the racks.

    :param token: The session token (a framer).
    :param order_id: The order.
    :returns: The order, its moulding cut.
    """
    try:
        _staff(state, token, "framer")
        o = _order(state, order_id)
        _workshop(o, order_id)
        if o["steps"]["moulding_cut"]:
            _no(f"{order_id}'s moulding is cut already")
        need = _metres(state.artworks[o["artwork"]], o["moulding"], o["mount"], o["border"])
        if state.stock[o["moulding"]] < need:
            _no(f"{order_id} needs {need:g} m of {o['moulding']} and the racks hold {state.stock[o['moulding']]:g} m")
    except _Refused as r:
        return f"Error: {r}"
    state.stock[o["moulding"]] = round(state.stock[o["moulding"]] - need, 2)
    o["steps"]["moulding_cut"] = True
    return _order_reply(state, order_id)


async def join_frame(state: State, token: str, order_id: str) -> Order | str:
    """Glue and underpin the cut moulding into a frame.

    :param token: The session token (a framer).
    :param order_id: The order.
    :returns: The order, its frame joined.
    """
    try:
        _staff(state, token, "framer")
        o = _order(state, order_id)
        _workshop(o, order_id)
        if o["steps"]["frame_joined"]:
            _no(f"{order_id}'s frame is joined already")
        if not o["steps"]["moulding_cut"]:
            _no(f"{order_id}'s moulding is not cut")
    except _Refused as r:
        return f"Error: {r}"
    o["steps"]["frame_joined"] = True
    return _order_reply(state, order_id)


async def cut_mount(state: State, token: str, order_id: str) -> Order | str:
    """Cut an order's mount on the mount cutter.

    :param token: The session token (a framer).
    :param order_id: The order.
    :returns: The order, its mount cut.
    """
    try:
        _staff(state, token, "framer")
        o = _order(state, order_id)
        _workshop(o, order_id)
        if not o["mount"]:
            _no(f"{order_id} has no mount")
        if o["steps"]["mount_cut"]:
            _no(f"{order_id}'s mount is cut already")
    except _Refused as r:
        return f"Error: {r}"
    o["steps"]["mount_cut"] = True
    return _order_reply(state, order_id)


async def cut_glass(state: State, token: str, order_id: str) -> Order | str:
    """Cut an order's glass or acrylic.

    :param token: The session token (a framer).
    :param order_id: The order.
    :returns: The order, its glazing cut.
    """
    try:
        _staff(state, token, "framer")
        o = _order(state, order_id)
        _workshop(o, order_id)
        if not o["glazing"]:
            _no(f"{order_id} is not glazed")
        if o["steps"]["glass_cut"]:
            _no(f"{order_id}'s glazing is cut already")
    except _Refused as r:
        return f"Error: {r}"
    o["steps"]["glass_cut"] = True
    return _order_reply(state, order_id)


async def fit_artwork(state: State, token: str, order_id: str) -> Order | str:
    """Fit the artwork into its frame with its mount and glazing, and seal the back.

    :param token: The session token (a framer).
    :param order_id: The order.
    :returns: The order, fitted.
    """
    try:
        _staff(state, token, "framer")
        o = _order(state, order_id)
        _workshop(o, order_id)
        if o["steps"]["fitted"]:
            _no(f"{order_id} is fitted already")
        if not o["framer"]:
            _no(f"{order_id} has no framer; the manager assigns it (the framer signs the backing label)")
        if not o["steps"]["frame_joined"]:
            _no(f"{order_id}'s frame is not joined")
        if o["mount"] and not o["steps"]["mount_cut"]:
            _no(f"{order_id}'s mount is not cut")
        if o["glazing"] and not o["steps"]["glass_cut"]:
            _no(f"{order_id}'s glazing is not cut")
    except _Refused as r:
        return f"Error: {r}"
    o["steps"]["fitted"] = True
    return _order_reply(state, order_id)


async def quality_check(state: State, token: str, order_id: str, passed: bool, notes: str) -> Order | str:
    """Pass or send back a fitted frame (the manager); a passed order is ready for collection.

    :param token: The session token (the manager).
    :param order_id: The order.
    :param passed: Whether it passes.
    :param notes: What was checked, or what is wrong.
    :returns: The order, ready or back on the bench.
    """
    try:
        _staff(state, token, "manager")
        o = _order(state, order_id)
        _workshop(o, order_id)
        if not o["steps"]["fitted"]:
            _no(f"{order_id} is not fitted yet")
    except _Refused as r:
        return f"Error: {r}"
    if passed:
        o["steps"]["passed"] = True
        o["status"] = "ready"
    else:
        o["steps"]["fitted"] = False
    return _order_reply(state, order_id)


async def report_damage(state: State, token: str, order_id: str, part: Part, note: str) -> str:
    """Report a part of an order damaged in the workshop; it is cut again.

    :param token: The session token (a framer).
    :param order_id: The order.
    :param part: glass, mount or moulding.
    :param note: What happened.
    :returns: A sentence with the damage log's number.
    """
    try:
        _staff(state, token, "framer")
        o = _order(state, order_id)
        if o["status"] not in ("in_workshop", "ready", "on_hold"):
            _no(f"{order_id} is {o['status'].replace('_', ' ')}")
        step = {"glass": "glass_cut", "mount": "mount_cut", "moulding": "moulding_cut"}.get(part)
        if step is None:
            _no(f"{part!r} is not a part (glass, mount or moulding)")
        if not o["steps"][step]:
            _no(f"{order_id}'s {part} is not cut yet")
        if not note.strip():
            _no("say what happened")
    except _Refused as r:
        return f"Error: {r}"
    o["steps"][step] = False
    if part == "moulding":
        o["steps"]["frame_joined"] = False
    o["steps"]["fitted"] = False
    o["steps"]["passed"] = False
    if o["status"] == "ready":
        o["status"] = "in_workshop"
    log = f"DM-{len(state.damage) + 41:03d}"
    state.damage.append([log, order_id, part, note.strip()])
    return f"Damage {log} logged on {order_id}: the {part} is to be cut again."


TOOLS = [
    sign_in, sign_out, moulding_catalogue, mount_boards, glazing_options, find_customer, add_customer,
    update_customer, customer_history, notify_customer, check_in_artwork, artworks, return_artwork, create_quote,
    revise_quote, quotes, apply_discount, accept_quote, orders, order_details, take_deposit, take_payment, add_extra,
    remove_extra, hold_order, release_order, cancel_order, collect_order, framers, assign_framer, moulding_stock,
    order_moulding, receive_delivery, cut_moulding, join_frame, cut_mount, cut_glass, fit_artwork, quality_check,
    report_damage,
]

FIXTURES = {
    "shop": {"name": "Mitre & Mount, picture framers, 14 Chapel Street, Hexworth",
             "today": "Tuesday 4 March, half past nine"},
    "staff": [
        {"name": "Nadia Kaur", "role": "counter", "username": "nadia.k", "password": "Bevel-Edge-45"},
        {"name": "Tom Reyes", "role": "framer", "username": "tom.r", "password": "Underpinner-2"},
        {"name": "Ewa Zielinska", "role": "framer", "username": "ewa.z", "password": "Gilders-Tip-3"},
        {"name": "Owen Marsh", "role": "manager and framer", "username": "owen.m", "password": "Chapel-St-1994"},
    ],
    "new_customer": {"name": "Mr Felix Oduya", "mobile": "07700 900182", "email": "felix.oduya@mail.example",
                     "artwork": "a signed concert poster, 42 x 59.4 cm (A2), worth about £150",
                     "wants": "black frame, white mount, anti-reflective glass"},
    "counter_notes": [
        "Mrs Aldridge is happy with the oak and ivory quote for her husband's harbour watercolour; she'll pay "
        "the deposit by card and would like it by the 18th",
        "Mrs Aldridge's cross-stitch sampler is her grandmother's, worth about £800",
        "Dr Webb is paying the deposit on the gilt frame for his seascape in cash",
        "Rosa Delgado is coming in for her print at lunchtime and will pay the balance by card",
        "Isla Fraser wants d-rings and cord on her graduation photograph",
        "Kwame Mensah has decided to take his kente cloth home unframed for now",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "moulding_catalogue", "mount_boards", "glazing_options")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_history", "notify_customer", "check_in_artwork"]
ARTWORK_CONSUMERS = ["create_quote", "return_artwork"]
QUOTE_CONSUMERS = ["revise_quote", "apply_discount", "accept_quote"]
ORDER_CONSUMERS = ["order_details", "take_deposit", "take_payment", "add_extra", "remove_extra", "hold_order",
                   "release_order", "cancel_order", "collect_order", "assign_framer", "cut_moulding", "join_frame",
                   "cut_mount", "cut_glass", "fit_artwork", "quality_check", "report_damage"]
_CUSTOMER = "id lookup/create: customer (customer_id of add_customer, or of a find_customer row)"
_ARTWORK = "id lookup/create: artwork ticket (artwork_id of check_in_artwork, or of an artworks row)"
_QUOTE = "id lookup/create: quote (quote_id of create_quote, or of a quotes row)"
_ORDER = "id lookup/create: framing order (order_id of accept_quote, or of an orders row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("add_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("check_in_artwork|artworks", c, _ARTWORK) for c in ARTWORK_CONSUMERS]
    + [("create_quote|quotes", c, _QUOTE) for c in QUOTE_CONSUMERS]
    + [("accept_quote|orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [
        ("framers", "assign_framer", "id lookup: framer (framer_id of a framers row)"),
        ("order_moulding", "receive_delivery", "id create: purchase order (po_number of order_moulding)"),
        ("moulding_catalogue", "create_quote", "vocabulary: moulding codes (code of moulding_catalogue rows)"),
        ("glazing_options", "create_quote", "vocabulary: glazing codes (code of glazing_options rows)"),
        ("mount_boards", "create_quote", "vocabulary: mount board codes (code of mount_boards rows), for a mount"),
        ("moulding_catalogue|moulding_stock", "order_moulding",
         "vocabulary: moulding codes (code of moulding_catalogue or moulding_stock rows)"),
        ("take_deposit", "cut_moulding", "state: the deposit paid (the order in the workshop)"),
        ("take_deposit", "cut_mount", "state: the deposit paid (the order in the workshop)"),
        ("take_deposit", "cut_glass", "state: the deposit paid (the order in the workshop)"),
        ("take_deposit", "take_payment", "state: the deposit taken (a balance is paid after it)"),
        ("receive_delivery", "cut_moulding", "state: enough of the moulding in the racks"),
        ("cut_moulding", "join_frame", "state: the moulding cut"),
        ("join_frame", "fit_artwork", "state: the frame joined"),
        ("cut_mount", "fit_artwork", "state: the mount cut"),
        ("cut_glass", "fit_artwork", "state: the glazing cut"),
        ("assign_framer", "fit_artwork", "state: a framer assigned to the order"),
        ("fit_artwork", "quality_check", "state: the artwork fitted"),
        ("quality_check", "collect_order", "state: the order passed and ready"),
        ("take_payment", "collect_order", "state: the balance paid"),
        ("hold_order", "release_order", "state: the order on hold"),
        ("add_extra", "remove_extra", "state: the extra on the order"),
        ("cut_moulding|cut_mount|cut_glass", "report_damage", "state: the damaged part cut already"),
    ]
)

_ORDER_USERS = tuple(ORDER_CONSUMERS)

PLAUSIBLE = (
    # a customer's history nests their artwork, quotes and orders with their ids
    {("customer_history", c) for c in ARTWORK_CONSUMERS + QUOTE_CONSUMERS + ORDER_CONSUMERS}
    # a customer found or added, then their artwork, quotes or orders listed and used
    | {("find_customer", c) for c in ("artworks", "quotes", "orders", "create_quote", "return_artwork", "revise_quote",
                                      "apply_discount", "accept_quote", "order_details", "take_deposit", "take_payment",
                                      "add_extra", "remove_extra", "hold_order", "cancel_order", "collect_order")}
    | {("add_customer", c) for c in ("find_customer", "artworks", "quotes", "orders", "create_quote")}
    # codes chosen again when a quote is revised
    | {(v, "revise_quote") for v in ("moulding_catalogue", "glazing_options", "mount_boards")}
    # the workshop goes on once an order is released from hold
    | {("release_order", c) for c in ("cut_moulding", "cut_mount", "cut_glass", "join_frame", "fit_artwork",
                                      "take_deposit")}
    | {
        ("check_in_artwork", "artworks"), ("check_in_artwork", "customer_history"), ("create_quote", "quotes"),
        ("create_quote", "customer_history"), ("accept_quote", "orders"), ("accept_quote", "customer_history"),
        ("accept_quote", "artworks"), ("apply_discount", "accept_quote"), ("apply_discount", "take_deposit"),
        ("revise_quote", "accept_quote"), ("moulding_catalogue", "moulding_stock"), ("order_details", "take_deposit"),
        ("order_details", "take_payment"), ("order_details", "collect_order"), ("take_deposit", "order_details"),
        ("take_deposit", "orders"), ("take_deposit", "join_frame"), ("take_deposit", "fit_artwork"),
        ("take_deposit", "collect_order"), ("assign_framer", "cut_moulding"), ("assign_framer", "cut_mount"),
        ("assign_framer", "cut_glass"), ("framers", "fit_artwork"), ("moulding_stock", "cut_moulding"),
        ("order_moulding", "cut_moulding"), ("order_moulding", "moulding_stock"), ("receive_delivery", "moulding_stock"),
        ("cut_moulding", "fit_artwork"), ("cut_moulding", "moulding_stock"), ("join_frame", "quality_check"),
        ("cut_mount", "quality_check"), ("cut_glass", "quality_check"), ("fit_artwork", "collect_order"),
        ("quality_check", "notify_customer"), ("quality_check", "take_payment"), ("report_damage", "cut_glass"),
        ("report_damage", "cut_mount"), ("report_damage", "cut_moulding"), ("report_damage", "join_frame"),
        ("quality_check", "fit_artwork"), ("take_payment", "order_details"), ("collect_order", "customer_history"),
        ("cancel_order", "return_artwork"), ("cancel_order", "create_quote"), ("update_customer", "notify_customer"),
        ("hold_order", "cancel_order"), ("orders", "customer_history"), ("artworks", "quotes"),
        ("quotes", "order_details"), ("add_extra", "take_deposit"), ("add_extra", "take_payment"),
        ("remove_extra", "take_payment"), ("join_frame", "report_damage"),
    }
)
