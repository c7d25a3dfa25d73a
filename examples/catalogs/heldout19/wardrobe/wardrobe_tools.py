"""Wardrobe: the hire desk of the Castlegate Theatre costume store, York (36 calls).

Async handlers over an in-memory ``State`` of the store on Tuesday 16 October 2029. The hire desk
finds and registers hirers (amateur societies, schools, professional companies, film and television
crews) and their productions, searches the stock by category, period and size, opens hire orders
for a production, puts costumes on them, quotes, records the hirer's acceptance and books fittings
from the free slots; wardrobe staff record who came to a fitting, take and finish alterations, pack
the order, check returns in, report damage, write off what cannot be saved and send costumes to the
laundry; the order goes out by collection or courier, hires are extended and reminders sent;
accounts take the deposit, issue the final invoice and record payments. The rate card is public.

Replies are dataclasses (a session, a rate, a hirer with its productions nested, a production, a
stock item with its bookings nested, a hire order with its items, fittings and alterations nested,
an order summary, a quote with its lines nested, a receipt, a fitting, an alteration, a pack list
with bags as nested lists, a return note, a damage report, a laundry batch, an invoice with its
lines nested) and lists of them, a bare list of free fitting times, a bare note count and four
sentences. Every refusal is *returned* as a plain string starting ``"Error: "``. Hirers,
productions and orders have look-alike numbers (hirer ``HC-2041``, production ``PR-2041-03``,
order ``HO-5512``, invoice ``INV-5512``). Stock category codes come from the public rate card;
the deposit due is shown on the quote and the order, not in refusals; the return window after the
closing night, the longest hire, the extension limit and the laundry services are stated only in
refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from typing import List, Literal, Optional, Tuple, Union

TODAY = "2029-10-16"

HirerKind = Literal["amateur_society", "school", "professional", "film_tv"]
PayMethod = Literal["card", "bacs", "cheque"]
Dispatch = Literal["collection", "courier"]


class Period(Enum):
    ELIZABETHAN = "elizabethan"
    GEORGIAN = "georgian"
    VICTORIAN = "victorian"
    EDWARDIAN = "edwardian"
    TWENTIES = "1920s"
    FORTIES = "1940s"


class OrderStatus(Enum):
    DRAFT = "draft"
    QUOTED = "quoted"
    ACCEPTED = "accepted"
    PACKED = "packed"
    ON_HIRE = "on_hire"
    RETURNED = "returned"
    INVOICED = "invoiced"
    CLOSED = "closed"
    CANCELLED = "cancelled"


_RATES = [["GOWN", "Ladies' gown or dress", 45.0], ["SUIT", "Gentleman's suit or coat", 40.0],
          ["UNIF", "Uniform", 35.0], ["CHILD", "Child's costume", 15.0], ["HAT", "Hat or headwear", 8.0],
          ["CLOAK", "Cloak or cape", 20.0]]
_LAUNDRY = ("wash", "dry_clean", "specialist")
_SLOTS = ["10:00", "11:30", "14:00", "15:30"]
_RETURN_WINDOW = 7
_MAX_WEEKS = 6
_DEPOSIT_SHARE, _DEPOSIT_MIN = 0.4, 100.0
_WAIVER_SHARE = 0.1
_LATE_PER_DAY = 0.1


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Rate:
    code: str
    name: str
    weekly_rate: float


@dataclass
class Production:
    production_id: str
    hirer_id: str
    title: str
    venue: str
    opening_night: str
    closing_night: str


@dataclass
class Hirer:
    hirer_id: str
    name: str
    kind: str
    contact_name: str
    email: str
    phone: str
    productions: List[Production] = field(default_factory=list)


@dataclass
class StockItem:
    item_id: str
    category: str
    period: str
    description: str
    size: str
    status: str
    bookings: List[List[str]] = field(default_factory=list)


@dataclass
class OrderItem:
    item_id: str
    description: str
    size: str
    status: str


@dataclass
class Fitting:
    fitting_id: str
    order_no: str
    date: str
    time: str
    performers: List[str]
    attended: bool
    notes: Optional[str] = None


@dataclass
class Alteration:
    alteration_id: str
    order_no: str
    item_id: str
    performer: str
    work: str
    minutes: int
    status: str
    done_by: Optional[str] = None


@dataclass
class HireOrder:
    order_no: str
    production_id: str
    hirer: str
    collect_on: str
    return_by: str
    status: str
    items: List[OrderItem]
    deposit_due: Optional[float]
    deposit_paid: float
    damage_waiver: bool
    fittings: List[Fitting]
    alterations: List[Alteration]


@dataclass
class OrderSummary:
    order_no: str
    hirer: str
    production: str
    status: str
    items: int
    return_by: str


@dataclass
class QuoteLine:
    item_id: str
    description: str
    weeks: int
    amount: float


@dataclass
class Quote:
    quote_id: str
    order_no: str
    lines: List[QuoteLine]
    hire_total: float
    waiver_fee: float
    deposit: float


@dataclass
class Receipt:
    receipt_no: str
    order_no: str
    amount: float
    method: str


@dataclass
class PackList:
    order_no: str
    bags: List[List[str]]
    packed_by: str
    status: str


@dataclass
class ReturnNote:
    return_no: str
    order_no: str
    received: List[str]
    outstanding: List[str]
    late_days: int


@dataclass
class DamageReport:
    report_no: str
    order_no: str
    item_id: str
    description: str
    charge: float


@dataclass
class LaundryBatch:
    batch_no: str
    items: List[str]
    service: str
    status: str


@dataclass
class InvoiceLine:
    description: str
    amount: float


@dataclass
class Invoice:
    invoice_no: str
    order_no: str
    lines: List[InvoiceLine]
    total: float
    deposit_paid: float
    paid: float
    balance: float
    status: str


# --------------------------------------------------------------------------- state


def _item(cat, period, desc, size, status="available"):
    return {"category": cat, "period": period, "description": desc, "size": size, "status": status}


class State:
    """The Castlegate costume store on 16 October 2029."""

    def __init__(self) -> None:
        self.staff = {
            "maggie@castlegate.example": {"name": "Maggie Thorne", "password": "Velvet-3301", "role": "hire_desk"},
            "devika@castlegate.example": {"name": "Devika Rao", "password": "Taffeta-8812", "role": "wardrobe"},
            "owen@castlegate.example": {"name": "Owen Price", "password": "Ledger-4470", "role": "accounts"},
        }
        self.sessions = {}
        self.hirers = {
            "HC-1988": {"name": "Moorside Films Ltd", "kind": "film_tv", "contact": "Priya Lal",
                        "email": "priya@moorsidefilms.example", "phone": "0113 496 0440"},
            "HC-2041": {"name": "Ripon Amateur Operatic Society", "kind": "amateur_society", "contact": "Sue Kettlewell",
                        "email": "sue.kettlewell@example.com", "phone": "01765 496 211"},
            "HC-2077": {"name": "St Peter's School, York", "kind": "school", "contact": "Tom Halloran",
                        "email": "t.halloran@stpeters.example", "phone": "01904 496 530"},
        }
        self.productions = {
            "PR-1988-07": {"hirer": "HC-1988", "title": "The Long Week (feature film)", "venue": "Location, Whitby",
                           "open": "2029-10-01", "close": "2029-10-12"},
            "PR-1988-08": {"hirer": "HC-1988", "title": "Riverside Blues (television pilot)", "venue": "Studio 2, Leeds",
                           "open": "2029-11-12", "close": "2029-11-16"},
            "PR-2041-03": {"hirer": "HC-2041", "title": "The Pirates of Penzance", "venue": "Ripon Arts Hub",
                           "open": "2029-11-20", "close": "2029-11-24"},
            "PR-2077-01": {"hirer": "HC-2077", "title": "Oliver!", "venue": "St Peter's School hall",
                           "open": "2029-12-05", "close": "2029-12-07"},
        }
        self.items = {
            "CS-10442": _item("GOWN", "victorian", "Bustle gown, burgundy silk", "12"),
            "CS-10447": _item("GOWN", "victorian", "Ball gown, ivory with lace", "10"),
            "CS-10451": _item("GOWN", "victorian", "Day dress, green stripe", "14"),
            "CS-10460": _item("SUIT", "victorian", "Frock coat suit, black", "40R"),
            "CS-10463": _item("SUIT", "victorian", "Morning suit, grey", "42R"),
            "CS-10471": _item("HAT", "victorian", "Top hat, black silk", "7 1/8"),
            "CS-10475": _item("CLOAK", "victorian", "Opera cloak, green velvet", "one size"),
            "CS-10480": _item("UNIF", "victorian", "Police constable's tunic and helmet", "40"),
            "CS-10481": _item("UNIF", "victorian", "Police constable's tunic and helmet", "42"),
            "CS-10482": _item("UNIF", "victorian", "Police constable's tunic and helmet", "38"),
            "CS-10490": _item("UNIF", "victorian", "Major-General's dress uniform", "44"),
            "CS-10502": _item("SUIT", "victorian", "Pirate King's coat and breeches", "40"),
            "CS-10510": _item("CHILD", "victorian", "Workhouse boy's outfit", "age 10"),
            "CS-10511": _item("CHILD", "victorian", "Workhouse boy's outfit", "age 12"),
            "CS-10512": _item("CHILD", "victorian", "Workhouse boy's outfit", "age 12", "in_laundry"),
            "CS-10520": _item("SUIT", "victorian", "Fagin's coat, patched", "42"),
            "CS-10610": _item("SUIT", "1940s", "Demob suit, brown", "40R", "on_hire"),
            "CS-10615": _item("UNIF", "1940s", "RAF battledress", "40", "on_hire"),
            "CS-10620": _item("GOWN", "1940s", "Tea dress, floral", "12", "on_hire"),
            "CS-10630": _item("GOWN", "1920s", "Beaded flapper dress", "10"),
        }
        self.orders = {
            "HO-5490": {"production": "PR-1988-07", "collect": "2029-09-28", "return": "2029-10-15", "status": "on_hire",
                        "items": ["CS-10610", "CS-10615", "CS-10620"], "returned": [], "quote": "QT-5490-1",
                        "deposit_due": 100.0, "deposit_paid": 100.0, "waiver": False, "notes": []},
            "HO-5512": {"production": "PR-2041-03", "collect": "2029-11-13", "return": "2029-11-27",
                        "status": "accepted", "items": ["CS-10480", "CS-10481", "CS-10490", "CS-10502"], "returned": [],
                        "quote": "QT-5512-1", "deposit_due": 120.0, "deposit_paid": 0.0, "waiver": True, "notes": []},
            "HO-5518": {"production": "PR-2077-01", "collect": "2029-11-30", "return": "2029-12-10", "status": "draft",
                        "items": [], "returned": [], "quote": None, "deposit_due": None, "deposit_paid": 0.0,
                        "waiver": False, "notes": ["Mr Halloran to confirm numbers of workhouse boys"]},
        }
        self.quotes = {
            "QT-5490-1": {"order": "HO-5490", "hire_total": 240.0, "waiver_fee": 0.0, "deposit": 100.0, "status": "accepted"},
            "QT-5512-1": {"order": "HO-5512", "hire_total": 300.0, "waiver_fee": 30.0, "deposit": 120.0, "status": "accepted"},
        }
        self.fittings = {
            "FT-0911": {"order": "HO-5512", "date": "2029-10-18", "time": "14:00",
                        "performers": ["Jim Ferris", "Alan Booth"], "attended": False, "notes": None},
        }
        self.alterations = {}
        self.packs = {"HO-5490": {"bags": [["CS-10610", "CS-10615"], ["CS-10620"]], "by": "Devika Rao"}}
        self.returns = {}
        self.damages = {}
        self.laundry = {"LB-0388": {"items": ["CS-10512"], "service": "wash", "status": "at_laundry"}}
        self.invoices = {}
        self.receipts = {}
        self.counters = {"session": 401, "hirer": 2090, "order": 5530, "quote": 1, "receipt": 770, "fitting": 920,
                         "alteration": 3101, "return": 208, "damage": 61, "laundry": 389}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _who(state, token, *roles) -> Tuple[Optional[dict], Optional[str]]:
    email = state.sessions.get(str(token))
    if email is None:
        return None, "Error: not signed in (unknown or expired token)."
    s = state.staff[email]
    if roles and s["role"] not in roles:
        return None, f"Error: {s['role'].replace('_', ' ')} staff cannot do this."
    return s, None


def _key(value) -> str:
    return str(value).strip().upper()


def _days(a: str, b: str) -> int:
    return (date.fromisoformat(b) - date.fromisoformat(a)).days


def _weeks(o) -> int:
    return max(1, -(-(_days(o["collect"], o["return"]) + 1) // 7))


def _rate(cat) -> float:
    return next(r[2] for r in _RATES if r[0] == cat)


def _stock_model(state, iid) -> StockItem:
    i = state.items[iid]
    bookings = [[no, o["collect"], o["return"]] for no, o in sorted(state.orders.items())
                if iid in o["items"] and o["status"] not in ("cancelled", "closed")]
    return StockItem(item_id=iid, category=i["category"], period=i["period"], description=i["description"],
                     size=i["size"], status=i["status"], bookings=bookings)


def _fitting_model(fid, f) -> Fitting:
    return Fitting(fitting_id=fid, order_no=f["order"], date=f["date"], time=f["time"], performers=list(f["performers"]),
                   attended=f["attended"], notes=f["notes"])


def _alteration_model(aid, a) -> Alteration:
    return Alteration(alteration_id=aid, order_no=a["order"], item_id=a["item"], performer=a["performer"], work=a["work"],
                      minutes=a["minutes"], status=a["status"], done_by=a["done_by"])


def _order_model(state, no) -> HireOrder:
    o = state.orders[no]
    p = state.productions[o["production"]]
    items = [OrderItem(item_id=i, description=state.items[i]["description"], size=state.items[i]["size"],
                       status="returned" if i in o["returned"] else state.items[i]["status"]) for i in o["items"]]
    return HireOrder(order_no=no, production_id=o["production"], hirer=state.hirers[p["hirer"]]["name"],
                     collect_on=o["collect"], return_by=o["return"], status=o["status"], items=items,
                     deposit_due=o["deposit_due"], deposit_paid=o["deposit_paid"], damage_waiver=o["waiver"],
                     fittings=[_fitting_model(k, f) for k, f in sorted(state.fittings.items()) if f["order"] == no],
                     alterations=[_alteration_model(k, a) for k, a in sorted(state.alterations.items())
                                  if a["order"] == no])


def _hirer_model(state, hid) -> Hirer:
    h = state.hirers[hid]
    prods = [Production(production_id=k, hirer_id=hid, title=p["title"], venue=p["venue"], opening_night=p["open"],
                        closing_night=p["close"]) for k, p in sorted(state.productions.items()) if p["hirer"] == hid]
    return Hirer(hirer_id=hid, name=h["name"], kind=h["kind"], contact_name=h["contact"], email=h["email"],
                 phone=h["phone"], productions=prods)


def _invoice_model(state, no) -> Invoice:
    v = state.invoices[no]
    return Invoice(invoice_no=no, order_no=v["order"], lines=[InvoiceLine(d, a) for d, a in v["lines"]],
                   total=v["total"], deposit_paid=v["deposit"], paid=v["paid"],
                   balance=round(v["total"] - v["deposit"] - v["paid"], 2), status=v["status"])


def _order(state, order_no) -> Tuple[Optional[str], Optional[dict], Optional[str]]:
    no = _key(order_no)
    o = state.orders.get(no)
    if o is None:
        return None, None, f"Error: no hire order {order_no}."
    return no, o, None


def _clash(state, iid, collect, ret, skip) -> Optional[str]:
    for no, o in state.orders.items():
        if no != skip and iid in o["items"] and o["status"] not in ("cancelled", "closed", "invoiced", "returned"):
            if not (ret < o["collect"] or collect > o["return"]):
                return no
    return None


# --------------------------------------------------------------------------- public and session


async def hire_rates() -> List[Rate]:
    """The public rate card: stock categories and their weekly hire rates (no sign-in needed).

    :returns: One ``Rate`` per category, with its ``code``.
    """
    return [Rate(code=c, name=n, weekly_rate=r) for c, n, r in _RATES]


async def desk_login(email: str, password: str, state=None) -> Union[Session, str]:
    """Sign in to the hire desk.

    :param email: Staff e-mail address.
    :param password: Password.
    :returns: A ``Session`` whose ``token`` every other call takes.
    """
    key = email.strip().lower()
    s = state.staff.get(key)
    if s is None or s["password"] != password:
        return "Error: e-mail or password not recognised."
    token = f"cg{_next(state, 'session')}x{key[:3]}"
    state.sessions[token] = key
    return Session(token=token, name=s["name"], role=s["role"])


async def desk_logout(token: str, state=None) -> str:
    """Sign out.

    :param token: Session token.
    :returns: A confirmation line.
    """
    s, err = _who(state, token)
    if err:
        return err
    state.sessions.pop(str(token))
    return f"{s['name']} signed out."


# --------------------------------------------------------------------------- hirers and productions


async def find_hirer(token: str, name: str, state=None) -> Union[List[Hirer], str]:
    """Hirers whose name contains the text given.

    :param token: Session token.
    :param name: Part of the hirer's name, e.g. ``Ripon``.
    :returns: Matching hirers with their productions.
    """
    s, err = _who(state, token)
    if err:
        return err
    if len(name.strip()) < 3:
        return "Error: give at least three letters of the name."
    return [_hirer_model(state, k) for k in sorted(state.hirers) if name.strip().lower() in state.hirers[k]["name"].lower()]


async def register_hirer(token: str, name: str, kind: HirerKind, contact_name: str, email: str, phone: str,
                         state=None) -> Union[Hirer, str]:
    """Register a new hirer.

    :param token: Session token (hire desk).
    :param name: The society's, school's or company's name.
    :param kind: ``amateur_society``, ``school``, ``professional`` or ``film_tv``.
    :param contact_name: Who we deal with.
    :param email: Their e-mail.
    :param phone: Their phone number.
    :returns: The new ``Hirer`` with its ``hirer_id``.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    if any(h["name"].lower() == name.strip().lower() for h in state.hirers.values()):
        return f"Error: {name.strip()} is already registered."
    if "@" not in email or not contact_name.strip():
        return "Error: a contact name and a valid e-mail are required."
    hid = f"HC-{_next(state, 'hirer')}"
    state.hirers[hid] = {"name": name.strip(), "kind": kind, "contact": contact_name.strip(), "email": email.strip(),
                         "phone": phone.strip()}
    return _hirer_model(state, hid)


async def get_hirer(token: str, hirer_id: str, state=None) -> Union[Hirer, str]:
    """One hirer with its productions.

    :param token: Session token.
    :param hirer_id: Hirer number, e.g. ``HC-2041``.
    :returns: The ``Hirer``.
    """
    s, err = _who(state, token)
    if err:
        return err
    hid = _key(hirer_id)
    if hid not in state.hirers:
        return f"Error: no hirer {hirer_id}."
    return _hirer_model(state, hid)


async def create_production(token: str, hirer_id: str, title: str, venue: str, opening_night: str,
                            closing_night: str, state=None) -> Union[Production, str]:
    """Record a hirer's production, which hire orders are made for.

    :param token: Session token (hire desk).
    :param hirer_id: Hirer number.
    :param title: The show's title.
    :param venue: Where it plays.
    :param opening_night: ``YYYY-MM-DD``.
    :param closing_night: ``YYYY-MM-DD``.
    :returns: The new ``Production``; its ``production_id`` carries the hirer's digits.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    hid = _key(hirer_id)
    if hid not in state.hirers:
        return f"Error: no hirer {hirer_id}."
    try:
        if _days(opening_night, closing_night) < 0:
            return "Error: the closing night is before the opening night."
    except ValueError:
        return "Error: dates are YYYY-MM-DD."
    if any(p["hirer"] == hid and p["title"].lower() == title.strip().lower() for p in state.productions.values()):
        return f"Error: {title.strip()} is already recorded for {hid}."
    n = sum(1 for p in state.productions.values() if p["hirer"] == hid) + 1
    pid = f"PR-{hid[3:]}-{n:02d}"
    state.productions[pid] = {"hirer": hid, "title": title.strip(), "venue": venue.strip(), "open": opening_night,
                              "close": closing_night}
    return Production(production_id=pid, hirer_id=hid, title=title.strip(), venue=venue.strip(),
                      opening_night=opening_night, closing_night=closing_night)


# --------------------------------------------------------------------------- stock


async def search_stock(token: str, category: str, period: Optional[Period] = None, size: Optional[str] = None,
                       available_only: bool = False, state=None) -> Union[List[StockItem], str]:
    """Search the costume stock.

    :param token: Session token.
    :param category: A category code from the rate card.
    :param period: Only costumes of this period.
    :param size: Only this size, e.g. ``12`` or ``40R``.
    :param available_only: Leave out costumes on hire, at the laundry or damaged.
    :returns: Matching ``StockItem`` records in stock-number order.
    """
    s, err = _who(state, token)
    if err:
        return err
    cat = _key(category)
    if cat not in [r[0] for r in _RATES]:
        return f"Error: unknown category {category}."
    try:
        per = Period(period).value if period is not None else None
    except ValueError:
        return f"Error: unknown period {period}; periods are {', '.join(p.value for p in Period)}."
    return [_stock_model(state, k) for k, i in sorted(state.items.items())
            if i["category"] == cat and (per is None or i["period"] == per)
            and (size is None or i["size"].lower() == size.strip().lower())
            and (not available_only or i["status"] == "available")]


async def get_item(token: str, item_id: str, state=None) -> Union[StockItem, str]:
    """One costume with the orders it is booked on.

    :param token: Session token.
    :param item_id: Stock number, e.g. ``CS-10442``.
    :returns: The ``StockItem``.
    """
    s, err = _who(state, token)
    if err:
        return err
    iid = _key(item_id)
    if iid not in state.items:
        return f"Error: no stock item {item_id}."
    return _stock_model(state, iid)


# --------------------------------------------------------------------------- orders


async def create_hire_order(token: str, production_id: str, collect_on: str, return_by: str,
                            state=None) -> Union[HireOrder, str]:
    """Open a hire order for a production.

    :param token: Session token (hire desk).
    :param production_id: Production number.
    :param collect_on: ``YYYY-MM-DD`` the costumes leave the store.
    :param return_by: ``YYYY-MM-DD`` they are due back.
    :returns: The new ``HireOrder`` (draft) with its ``order_no``.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    pid = _key(production_id)
    p = state.productions.get(pid)
    if p is None:
        return f"Error: no production {production_id}."
    try:
        span = _days(collect_on, return_by)
    except ValueError:
        return "Error: dates are YYYY-MM-DD."
    if collect_on > p["open"] or return_by < p["close"]:
        return "Error: the hire must cover the production from before the opening night to after the closing night."
    if _days(p["close"], return_by) > _RETURN_WINDOW:
        return f"Error: costumes come back within {_RETURN_WINDOW} days of the closing night."
    if span > _MAX_WEEKS * 7:
        return f"Error: the longest hire is {_MAX_WEEKS} weeks."
    no = f"HO-{_next(state, 'order')}"
    state.orders[no] = {"production": pid, "collect": collect_on, "return": return_by, "status": "draft", "items": [],
                        "returned": [], "quote": None, "deposit_due": None, "deposit_paid": 0.0, "waiver": False,
                        "notes": []}
    return _order_model(state, no)


async def list_orders(token: str, status: Optional[OrderStatus] = None, hirer_id: Optional[str] = None,
                      state=None) -> Union[List[OrderSummary], str]:
    """Hire orders, by status or hirer.

    :param token: Session token.
    :param status: Only orders in this status.
    :param hirer_id: Only this hirer's orders.
    :returns: ``OrderSummary`` records in order-number order.
    """
    s, err = _who(state, token)
    if err:
        return err
    try:
        want = OrderStatus(status).value if status is not None else None
    except ValueError:
        return f"Error: unknown status {status}."
    out = []
    for no in sorted(state.orders):
        o = state.orders[no]
        p = state.productions[o["production"]]
        if want and o["status"] != want or hirer_id and p["hirer"] != _key(hirer_id):
            continue
        out.append(OrderSummary(order_no=no, hirer=state.hirers[p["hirer"]]["name"], production=p["title"],
                                status=o["status"], items=len(o["items"]), return_by=o["return"]))
    return out


async def get_order(token: str, order_no: str, state=None) -> Union[HireOrder, str]:
    """One hire order with its costumes, fittings and alterations.

    :param token: Session token.
    :param order_no: Order number, e.g. ``HO-5512``.
    :returns: The ``HireOrder``.
    """
    s, err = _who(state, token)
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    return _order_model(state, no)


async def add_items_to_order(token: str, order_no: str, item_ids: List[str], state=None) -> Union[HireOrder, str]:
    """Put costumes on a draft or quoted order (a quoted order goes back to draft).

    :param token: Session token (hire desk).
    :param order_no: Order number.
    :param item_ids: Stock numbers.
    :returns: The ``HireOrder``.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["status"] not in ("draft", "quoted"):
        return f"Error: {no} is {o['status']}; costumes are added before the quote is accepted."
    ids = [_key(i) for i in item_ids]
    if not ids:
        return "Error: no stock numbers given."
    for iid in ids:
        if iid not in state.items:
            return f"Error: no stock item {iid}."
        if iid in o["items"]:
            return f"Error: {iid} is already on {no}."
        if state.items[iid]["status"] != "available":
            return f"Error: {iid} is {state.items[iid]['status'].replace('_', ' ')}."
        other = _clash(state, iid, o["collect"], o["return"], no)
        if other:
            return f"Error: {iid} is booked on {other} for those dates."
    o["items"] += ids
    o["status"], o["quote"], o["deposit_due"] = "draft", None, None
    return _order_model(state, no)


async def remove_item_from_order(token: str, order_no: str, item_id: str, state=None) -> Union[HireOrder, str]:
    """Take a costume off an order before it is packed; the order goes back to draft for a new quote.

    :param token: Session token (hire desk).
    :param order_no: Order number.
    :param item_id: Stock number on the order.
    :returns: The ``HireOrder``.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    iid = _key(item_id)
    if iid not in o["items"]:
        return f"Error: {iid} is not on {no}."
    if o["status"] not in ("draft", "quoted", "accepted"):
        return f"Error: {no} is {o['status']}."
    o["items"].remove(iid)
    o["status"], o["quote"], o["deposit_due"] = "draft", None, None
    return _order_model(state, no)


async def add_order_note(token: str, order_no: str, text: str, state=None) -> Union[int, str]:
    """Add a note to an order.

    :param token: Session token.
    :param order_no: Order number.
    :param text: The note.
    :returns: How many notes the order now has.
    """
    s, err = _who(state, token)
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if not text.strip():
        return "Error: the note is empty."
    o["notes"].append(f"{s['name']}: {text.strip()}")
    return len(o["notes"])


async def quote_order(token: str, order_no: str, state=None) -> Union[Quote, str]:
    """Price a draft order: weekly rates for the hire, the damage-waiver fee and the deposit.

    :param token: Session token (hire desk).
    :param order_no: Order number.
    :returns: The ``Quote`` with its ``quote_id`` and ``deposit``.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["status"] != "draft":
        return f"Error: {no} is {o['status']}."
    if not o["items"]:
        return f"Error: {no} has no costumes on it."
    weeks = _weeks(o)
    lines = [QuoteLine(item_id=i, description=state.items[i]["description"], weeks=weeks,
                       amount=round(_rate(state.items[i]["category"]) * weeks, 2)) for i in o["items"]]
    total = round(sum(x.amount for x in lines), 2)
    qid = f"QT-{no[3:]}-{sum(1 for q in state.quotes.values() if q['order'] == no) + 1}"
    deposit = round(max(_DEPOSIT_MIN, total * _DEPOSIT_SHARE), 2)
    state.quotes[qid] = {"order": no, "hire_total": total, "waiver_fee": round(total * _WAIVER_SHARE, 2),
                         "deposit": deposit, "status": "open"}
    o["status"], o["quote"], o["deposit_due"] = "quoted", qid, deposit
    return Quote(quote_id=qid, order_no=no, lines=lines, hire_total=total, waiver_fee=round(total * _WAIVER_SHARE, 2),
                 deposit=deposit)


async def accept_quote(token: str, quote_id: str, damage_waiver: bool, accepted_by: str,
                       state=None) -> Union[HireOrder, str]:
    """Record the hirer's acceptance of a quote.

    :param token: Session token (hire desk).
    :param quote_id: Quote number.
    :param damage_waiver: Whether the hirer takes the damage waiver.
    :param accepted_by: Who accepted for the hirer.
    :returns: The ``HireOrder``, now accepted.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    qid = _key(quote_id)
    q = state.quotes.get(qid)
    if q is None:
        return f"Error: no quote {quote_id}."
    if q["status"] == "accepted":
        return f"Error: {qid} is already accepted."
    o = state.orders[q["order"]]
    if o["quote"] != qid:
        return f"Error: {qid} has been replaced; quote the order again."
    if not accepted_by.strip():
        return "Error: say who accepted."
    q["status"] = "accepted"
    o["status"], o["waiver"] = "accepted", bool(damage_waiver)
    return _order_model(state, q["order"])


async def take_deposit(token: str, order_no: str, amount: float, method: PayMethod, state=None) -> Union[Receipt, str]:
    """Take the deposit on an accepted order (accounts).

    :param token: Session token.
    :param order_no: Order number.
    :param amount: The deposit due, GBP.
    :param method: ``card``, ``bacs`` or ``cheque``.
    :returns: A ``Receipt``.
    """
    s, err = _who(state, token, "accounts")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["deposit_paid"]:
        return f"Error: the deposit on {no} is already paid."
    if o["status"] != "accepted":
        return f"Error: {no} is {o['status']}; the deposit follows the accepted quote."
    if abs(amount - (o["deposit_due"] or 0)) > 0.005:
        return f"Error: that is not the deposit due on {no}; see the accepted quote."
    o["deposit_paid"] = round(amount, 2)
    rno = f"RC-{_next(state, 'receipt')}"
    state.receipts[rno] = {"order": no, "amount": o["deposit_paid"], "method": method}
    return Receipt(receipt_no=rno, order_no=no, amount=o["deposit_paid"], method=method)


async def cancel_order(token: str, order_no: str, reason: str, state=None) -> Union[HireOrder, str]:
    """Cancel an order before it goes out; its costumes are released.

    :param token: Session token (hire desk).
    :param order_no: Order number.
    :param reason: Why.
    :returns: The cancelled ``HireOrder``.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["status"] == "cancelled":
        return f"Error: {no} is already cancelled."
    if o["status"] not in ("draft", "quoted", "accepted", "packed"):
        return f"Error: {no} is {o['status']} and cannot be cancelled."
    if not reason.strip():
        return "Error: give a reason."
    o["status"] = "cancelled"
    o["notes"].append(f"Cancelled: {reason.strip()}")
    return _order_model(state, no)


# --------------------------------------------------------------------------- fittings and alterations


async def list_fitting_slots(token: str, day: str, state=None) -> Union[List[str], str]:
    """Free fitting times on a day (the fitting room is open Tuesday to Saturday).

    :param token: Session token.
    :param day: ``YYYY-MM-DD``.
    :returns: Free times, e.g. ``["10:00", "15:30"]``.
    """
    s, err = _who(state, token)
    if err:
        return err
    try:
        wd = date.fromisoformat(day).weekday()
    except ValueError:
        return "Error: the day is YYYY-MM-DD."
    if wd in (0, 6):
        return []
    taken = {f["time"] for f in state.fittings.values() if f["date"] == day}
    return [t for t in _SLOTS if t not in taken]


async def book_fitting(token: str, order_no: str, day: str, time: str, performers: List[str],
                       state=None) -> Union[Fitting, str]:
    """Book a fitting for an accepted order's performers.

    :param token: Session token (hire desk).
    :param order_no: Order number.
    :param day: ``YYYY-MM-DD``.
    :param time: A free fitting time that day.
    :param performers: Who is coming to be fitted.
    :returns: The ``Fitting`` with its ``fitting_id``.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["status"] not in ("accepted",):
        return f"Error: {no} is {o['status']}; fittings are booked once the quote is accepted."
    free = await list_fitting_slots(token, day, state=state)
    if isinstance(free, str):
        return free
    if time not in free:
        return f"Error: {time} on {day} is not a free fitting slot."
    if not performers:
        return "Error: name the performers."
    fid = f"FT-{_next(state, 'fitting'):04d}"
    state.fittings[fid] = {"order": no, "date": day, "time": time, "performers": list(performers), "attended": False,
                           "notes": None}
    return _fitting_model(fid, state.fittings[fid])


async def record_fitting(token: str, fitting_id: str, attended_by: List[str], notes: str,
                         state=None) -> Union[Fitting, str]:
    """Record who came to a fitting and what was found.

    :param token: Session token (wardrobe).
    :param fitting_id: Fitting number.
    :param attended_by: Performers who came.
    :param notes: Fitting notes.
    :returns: The ``Fitting``.
    """
    s, err = _who(state, token, "wardrobe")
    if err:
        return err
    fid = _key(fitting_id)
    f = state.fittings.get(fid)
    if f is None:
        return f"Error: no fitting {fitting_id}."
    if f["attended"]:
        return f"Error: {fid} is already recorded."
    if not attended_by:
        return "Error: nobody attended; cancel and rebook instead."
    f["attended"], f["notes"] = True, notes.strip()
    return _fitting_model(fid, f)


async def request_alteration(token: str, order_no: str, item_id: str, performer: str, work: str, minutes: int,
                             state=None) -> Union[Alteration, str]:
    """Ask the workroom for an alteration found at a fitting.

    :param token: Session token (wardrobe).
    :param order_no: Order number.
    :param item_id: Stock number on the order.
    :param performer: Who it is altered for.
    :param work: What to do.
    :param minutes: Estimated minutes.
    :returns: The ``Alteration`` with its ``alteration_id``.
    """
    s, err = _who(state, token, "wardrobe")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    iid = _key(item_id)
    if iid not in o["items"]:
        return f"Error: {iid} is not on {no}."
    if not any(f["order"] == no and f["attended"] for f in state.fittings.values()):
        return f"Error: alterations follow a fitting; none is recorded for {no}."
    if o["status"] not in ("accepted",):
        return f"Error: {no} is {o['status']}."
    if not work.strip() or minutes <= 0:
        return "Error: describe the work and the minutes."
    aid = f"AL-{_next(state, 'alteration')}"
    state.alterations[aid] = {"order": no, "item": iid, "performer": performer.strip(), "work": work.strip(),
                              "minutes": minutes, "status": "requested", "done_by": None}
    return _alteration_model(aid, state.alterations[aid])


async def list_alterations(token: str, order_no: Optional[str] = None, open_only: bool = True,
                           state=None) -> Union[List[Alteration], str]:
    """The workroom's alteration list.

    :param token: Session token.
    :param order_no: Only this order's alterations.
    :param open_only: Leave out finished ones.
    :returns: ``Alteration`` records.
    """
    s, err = _who(state, token)
    if err:
        return err
    return [_alteration_model(k, a) for k, a in sorted(state.alterations.items())
            if (order_no is None or a["order"] == _key(order_no)) and (not open_only or a["status"] == "requested")]


async def complete_alteration(token: str, alteration_id: str, done_by: str, state=None) -> Union[Alteration, str]:
    """Mark an alteration finished.

    :param token: Session token (wardrobe).
    :param alteration_id: Alteration number.
    :param done_by: Who did it.
    :returns: The ``Alteration``.
    """
    s, err = _who(state, token, "wardrobe")
    if err:
        return err
    aid = _key(alteration_id)
    a = state.alterations.get(aid)
    if a is None:
        return f"Error: no alteration {alteration_id}."
    if a["status"] == "done":
        return f"Error: {aid} is already done."
    a["status"], a["done_by"] = "done", done_by.strip()
    return _alteration_model(aid, a)


# --------------------------------------------------------------------------- out and back


async def pack_order(token: str, order_no: str, state=None) -> Union[PackList, str]:
    """Pack an accepted, paid order into bags, once its alterations are done.

    :param token: Session token (wardrobe).
    :param order_no: Order number.
    :returns: The ``PackList`` (bags of stock numbers).
    """
    s, err = _who(state, token, "wardrobe")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["status"] == "packed":
        return f"Error: {no} is already packed."
    if o["status"] != "accepted":
        return f"Error: {no} is {o['status']}."
    if not o["deposit_paid"]:
        return f"Error: no deposit on {no}."
    todo = [k for k, a in state.alterations.items() if a["order"] == no and a["status"] != "done"]
    if todo:
        return f"Error: alterations {', '.join(todo)} are not finished."
    bags = [o["items"][i:i + 3] for i in range(0, len(o["items"]), 3)]
    state.packs[no] = {"bags": bags, "by": s["name"]}
    o["status"] = "packed"
    return PackList(order_no=no, bags=[list(b) for b in bags], packed_by=s["name"], status="packed")


async def dispatch_order(token: str, order_no: str, method: Dispatch, handed_to: str, state=None) -> str:
    """Send a packed order out, collected at the stage door or by courier.

    :param token: Session token (hire desk).
    :param order_no: Order number.
    :param method: ``collection`` or ``courier``.
    :param handed_to: The collector's name or the courier's consignment number.
    :returns: A confirmation line.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["status"] != "packed":
        return f"Error: {no} is {o['status']}; only a packed order goes out."
    if not handed_to.strip():
        return "Error: say who took it."
    o["status"] = "on_hire"
    for i in o["items"]:
        state.items[i]["status"] = "on_hire"
    return f"{no} went out by {method} ({handed_to.strip()}) on {TODAY}; due back by {o['return']}."


async def send_return_reminder(token: str, order_no: str, state=None) -> str:
    """E-mail the hirer a reminder of the return date of an order on hire.

    :param token: Session token (hire desk).
    :param order_no: Order number.
    :returns: A confirmation line.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["status"] != "on_hire":
        return f"Error: {no} is not on hire."
    h = state.hirers[state.productions[o["production"]]["hirer"]]
    late = _days(o["return"], TODAY)
    when = f"was due back on {o['return']}" if late > 0 else f"is due back by {o['return']}"
    return f"Reminder sent to {h['email']}: {no} {when}."


async def extend_hire(token: str, order_no: str, new_return_by: str, reason: str, state=None) -> Union[HireOrder, str]:
    """Move an on-hire order's return date later.

    :param token: Session token (hire desk).
    :param order_no: Order number.
    :param new_return_by: ``YYYY-MM-DD``.
    :param reason: Why.
    :returns: The ``HireOrder``.
    """
    s, err = _who(state, token, "hire_desk")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["status"] != "on_hire":
        return f"Error: {no} is {o['status']}; only an order on hire is extended."
    if new_return_by <= o["return"]:
        return f"Error: {new_return_by} is not later than {o['return']}."
    if _days(o["return"], new_return_by) > 14:
        return "Error: an extension is at most 14 days; book a new hire."
    for iid in o["items"]:
        other = _clash(state, iid, o["collect"], new_return_by, no)
        if other:
            return f"Error: {iid} is booked on {other}."
    o["return"] = new_return_by
    o["notes"].append(f"Extended: {reason.strip()}")
    return _order_model(state, no)


async def check_in_return(token: str, order_no: str, item_ids: List[str], state=None) -> Union[ReturnNote, str]:
    """Check costumes back in from an order on hire.

    :param token: Session token (wardrobe).
    :param order_no: Order number.
    :param item_ids: Stock numbers received.
    :returns: A ``ReturnNote`` listing what is received and what is still out.
    """
    s, err = _who(state, token, "wardrobe")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["status"] != "on_hire":
        return f"Error: {no} is {o['status']}; nothing is out on it."
    ids = [_key(i) for i in item_ids]
    for iid in ids:
        if iid not in o["items"]:
            return f"Error: {iid} is not on {no}."
        if iid in o["returned"]:
            return f"Error: {iid} is already back."
    if not ids:
        return "Error: no stock numbers given."
    for iid in ids:
        o["returned"].append(iid)
        state.items[iid]["status"] = "returned"
    out = [i for i in o["items"] if i not in o["returned"]]
    if not out:
        o["status"] = "returned"
    rno = f"RN-{_next(state, 'return')}"
    late = max(0, _days(o["return"], TODAY))
    state.returns[rno] = {"order": no, "items": ids, "late": late}
    return ReturnNote(return_no=rno, order_no=no, received=ids, outstanding=out, late_days=late)


async def record_damage(token: str, order_no: str, item_id: str, description: str, charge: float,
                        state=None) -> Union[DamageReport, str]:
    """Report damage found on a returned costume; the charge goes on the final invoice unless waived.

    :param token: Session token (wardrobe).
    :param order_no: Order number.
    :param item_id: Stock number, checked back in.
    :param description: The damage.
    :param charge: Repair or replacement charge, GBP.
    :returns: A ``DamageReport`` with its ``report_no``.
    """
    s, err = _who(state, token, "wardrobe")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    iid = _key(item_id)
    if iid not in o["items"]:
        return f"Error: {iid} is not on {no}."
    if iid not in o["returned"]:
        return f"Error: {iid} has not been checked back in."
    if any(d["item"] == iid and d["order"] == no for d in state.damages.values()):
        return f"Error: damage to {iid} is already reported."
    if charge < 0 or not description.strip():
        return "Error: describe the damage and give a charge of 0 or more."
    rno = f"DM-{_next(state, 'damage'):04d}"
    state.damages[rno] = {"order": no, "item": iid, "description": description.strip(), "charge": round(charge, 2),
                          "written_off": False}
    state.items[iid]["status"] = "damaged"
    return DamageReport(report_no=rno, order_no=no, item_id=iid, description=description.strip(), charge=round(charge, 2))


async def write_off_item(token: str, damage_report_no: str, reason: str, state=None) -> str:
    """Write off a costume damaged beyond repair.

    :param token: Session token (wardrobe).
    :param damage_report_no: The damage report.
    :param reason: Why it cannot be saved.
    :returns: A confirmation line.
    """
    s, err = _who(state, token, "wardrobe")
    if err:
        return err
    rno = _key(damage_report_no)
    d = state.damages.get(rno)
    if d is None:
        return f"Error: no damage report {damage_report_no}."
    if d["written_off"]:
        return f"Error: {d['item']} is already written off."
    d["written_off"] = True
    state.items[d["item"]]["status"] = "written_off"
    return f"{d['item']} ({state.items[d['item']]['description']}) written off under {rno}."


async def send_to_laundry(token: str, item_ids: List[str], service: str, state=None) -> Union[LaundryBatch, str]:
    """Send returned costumes to the laundry in one batch.

    :param token: Session token (wardrobe).
    :param item_ids: Stock numbers, checked back in and undamaged.
    :param service: The laundry service.
    :returns: The ``LaundryBatch`` with its ``batch_no``.
    """
    s, err = _who(state, token, "wardrobe")
    if err:
        return err
    if service not in _LAUNDRY:
        return f"Error: unknown service {service}; the laundry offers {', '.join(_LAUNDRY)}."
    ids = [_key(i) for i in item_ids]
    if not ids:
        return "Error: no stock numbers given."
    for iid in ids:
        if iid not in state.items:
            return f"Error: no stock item {iid}."
        if state.items[iid]["status"] != "returned":
            return f"Error: {iid} is {state.items[iid]['status'].replace('_', ' ')}; only returned costumes go to the laundry."
    bno = f"LB-{_next(state, 'laundry'):04d}"
    state.laundry[bno] = {"items": ids, "service": service, "status": "at_laundry"}
    for iid in ids:
        state.items[iid]["status"] = "in_laundry"
    return LaundryBatch(batch_no=bno, items=ids, service=service, status="at_laundry")


async def laundry_done(token: str, batch_no: str, state=None) -> Union[LaundryBatch, str]:
    """Receive a laundry batch back; its costumes are available again.

    :param token: Session token (wardrobe).
    :param batch_no: Batch number.
    :returns: The ``LaundryBatch``.
    """
    s, err = _who(state, token, "wardrobe")
    if err:
        return err
    bno = _key(batch_no)
    b = state.laundry.get(bno)
    if b is None:
        return f"Error: no laundry batch {batch_no}."
    if b["status"] == "back":
        return f"Error: {bno} is already back."
    b["status"] = "back"
    for iid in b["items"]:
        state.items[iid]["status"] = "available"
    return LaundryBatch(batch_no=bno, items=list(b["items"]), service=b["service"], status="back")


# --------------------------------------------------------------------------- accounts


async def issue_final_invoice(token: str, order_no: str, state=None) -> Union[Invoice, str]:
    """Invoice an order once every costume is back: hire, waiver, late days and damage, less the deposit.

    :param token: Session token (accounts).
    :param order_no: Order number.
    :returns: The ``Invoice`` with its ``invoice_no`` and ``balance``.
    """
    s, err = _who(state, token, "accounts")
    if err:
        return err
    no, o, err = _order(state, order_no)
    if err:
        return err
    if o["status"] == "invoiced":
        return f"Error: {no} is already invoiced."
    if o["status"] != "returned":
        return f"Error: {no} is {o['status']}; the final invoice follows the return of every costume."
    q = state.quotes[o["quote"]]
    lines = [[f"Costume hire ({len(o['items'])} costumes)", q["hire_total"]]]
    if o["waiver"]:
        lines.append(["Damage waiver", q["waiver_fee"]])
    late = max(0, _days(o["return"], TODAY))
    if late:
        lines.append([f"Late return, {late} day(s)", round(q["hire_total"] * _LATE_PER_DAY * late, 2)])
    for d in state.damages.values():
        if d["order"] == no and not o["waiver"]:
            lines.append([f"Damage to {d['item']}: {d['description']}", d["charge"]])
    no_inv = "INV-" + no[3:]
    state.invoices[no_inv] = {"order": no, "lines": lines, "total": round(sum(a for _, a in lines), 2),
                              "deposit": o["deposit_paid"], "paid": 0.0, "status": "issued"}
    o["status"] = "invoiced"
    return _invoice_model(state, no_inv)


async def record_payment(token: str, invoice_no: str, amount: float, method: PayMethod,
                         state=None) -> Union[Invoice, str]:
    """Record a payment against a final invoice.

    :param token: Session token (accounts).
    :param invoice_no: Invoice number.
    :param amount: GBP, up to the balance.
    :param method: ``card``, ``bacs`` or ``cheque``.
    :returns: The ``Invoice``.
    """
    s, err = _who(state, token, "accounts")
    if err:
        return err
    ino = _key(invoice_no)
    v = state.invoices.get(ino)
    if v is None:
        return f"Error: no invoice {invoice_no}."
    bal = round(v["total"] - v["deposit"] - v["paid"], 2)
    if bal <= 0:
        return f"Error: {ino} is settled."
    if not 0 < amount <= bal + 0.005:
        return f"Error: the balance on {ino} is {bal:.2f}."
    v["paid"] = round(v["paid"] + amount, 2)
    if v["total"] - v["deposit"] - v["paid"] < 0.005:
        v["status"] = "paid"
        state.orders[v["order"]]["status"] = "closed"
    return _invoice_model(state, ino)


TOOLS = [
    hire_rates, desk_login, desk_logout, find_hirer, register_hirer, get_hirer, create_production, search_stock,
    get_item, create_hire_order, list_orders, get_order, add_items_to_order, remove_item_from_order, add_order_note,
    quote_order, accept_quote, take_deposit, cancel_order, list_fitting_slots, book_fitting, record_fitting,
    request_alteration, list_alterations, complete_alteration, pack_order, dispatch_order, send_return_reminder,
    extend_hire, check_in_return, record_damage, write_off_item, send_to_laundry, laundry_done, issue_final_invoice,
    record_payment,
]

FIXTURES = {
    "store": {"name": "Castlegate Theatre costume store, York", "today": "Tuesday 16 October 2029",
              "fitting_room": "Tuesday to Saturday, four fittings a day"},
    "staff": [
        {"name": "Maggie Thorne", "role": "hire desk", "email": "maggie@castlegate.example", "password": "Velvet-3301"},
        {"name": "Devika Rao", "role": "wardrobe", "email": "devika@castlegate.example", "password": "Taffeta-8812"},
        {"name": "Owen Price", "role": "accounts", "email": "owen@castlegate.example", "password": "Ledger-4470"},
    ],
    "new_hirer": {"name": "Knaresborough Players", "kind": "amateur_society", "contact_name": "Gwen Ashby",
                  "email": "gwen.ashby@example.com", "phone": "01423 555 0187",
                  "production": "Lady Windermere's Fan, Frazer Theatre, Knaresborough, 27 to 30 November 2029"},
    "inbox": [
        "Sue Kettlewell (Ripon Amateur Operatic Society): the Major-General's jacket needs letting out for Jim Ferris",
        "Tom Halloran (St Peter's School): ten workhouse boys for Oliver! in December",
        "Priya Lal (Moorside Films): the 1940s costumes are coming back by courier today, one dress has a torn hem",
    ],
}

_TOKEN = "auth: session token (token of desk_login)"
_ORDER = "id lookup/create: hire order number (order_no of create_hire_order, or of a list_orders result)"
_ON_ORDER = "id lookup: stock numbers on the order (item_id of search_stock results, or items of get_order)"
_HIRER = "id lookup/create: hirer number (hirer_id of register_hirer, or of a find_hirer result)"

TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in ("desk_login", "hire_rates")]
ORDER_CONSUMERS = [
    "get_order", "add_items_to_order", "remove_item_from_order", "add_order_note", "quote_order", "take_deposit",
    "cancel_order", "book_fitting", "request_alteration", "pack_order", "dispatch_order", "send_return_reminder",
    "extend_hire", "check_in_return", "issue_final_invoice",
]
ON_ORDER_CONSUMERS = ["remove_item_from_order", "request_alteration", "check_in_return", "record_damage",
                      "send_to_laundry"]
HIRER_CONSUMERS = ["get_hirer", "create_production"]
OUT_CONSUMERS = ["extend_hire", "check_in_return", "send_return_reminder"]
BACK_CONSUMERS = ["record_damage", "send_to_laundry", "issue_final_invoice"]

GROUND_TRUTH = (
    [("desk_login", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("create_hire_order|list_orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("search_stock|get_order", c, _ON_ORDER) for c in ON_ORDER_CONSUMERS]
    + [("find_hirer|register_hirer", c, _HIRER) for c in HIRER_CONSUMERS]
    + [("dispatch_order", c, "state: the order out on hire") for c in OUT_CONSUMERS]
    + [("check_in_return", c, "state: the costumes checked back in") for c in BACK_CONSUMERS]
    + [
        ("search_stock", "get_item", "id lookup: stock number (item_id of a result)"),
        ("search_stock", "add_items_to_order", "id lookup: stock numbers (item_id of results)"),
        ("create_production|get_hirer", "create_hire_order",
         "id lookup/create: production number (production_id of create_production, or productions of get_hirer)"),
        ("quote_order", "accept_quote", "id create: quote number (quote_id)"),
        ("quote_order|get_order", "take_deposit",
         "vocabulary: the deposit due (deposit of quote_order, or deposit_due of get_order)"),
        ("book_fitting|get_order", "record_fitting",
         "id lookup/create: fitting number (fitting_id of book_fitting, or fittings of get_order)"),
        ("list_fitting_slots", "book_fitting", "vocabulary: a free fitting time that day"),
        ("hire_rates", "search_stock", "vocabulary: stock category code (code of a rate)"),
        ("request_alteration|list_alterations", "complete_alteration",
         "id lookup/create: alteration number (alteration_id)"),
        ("send_to_laundry", "laundry_done", "id create: laundry batch number (batch_no)"),
        ("issue_final_invoice", "record_payment", "id create: invoice number (invoice_no)"),
        ("record_damage", "write_off_item", "id create: damage report number (report_no)"),
        ("add_items_to_order", "quote_order", "state: costumes on the order"),
        ("accept_quote", "take_deposit", "state: the quote accepted"),
        ("accept_quote", "book_fitting", "state: the quote accepted"),
        ("record_fitting", "request_alteration", "state: a fitting attended"),
        ("take_deposit", "pack_order", "state: the deposit paid"),
        ("complete_alteration", "pack_order", "state: every alteration finished"),
        ("pack_order", "dispatch_order", "state: the order packed"),
    ]
)

PLAUSIBLE = {
    ("get_item", "add_items_to_order"), ("get_order", "quote_order"), ("get_order", "pack_order"),
    ("get_hirer", "create_production"), ("find_hirer", "register_hirer"), ("list_orders", "create_hire_order"),
    ("get_order", "dispatch_order"), ("get_order", "issue_final_invoice"), ("list_alterations", "pack_order"),
    ("check_in_return", "write_off_item"), ("get_item", "check_in_return"), ("list_fitting_slots", "record_fitting"),
    ("get_order", "send_return_reminder"), ("get_order", "extend_hire"), ("laundry_done", "add_items_to_order"),
    ("get_item", "send_to_laundry"), ("add_order_note", "cancel_order"), ("send_return_reminder", "check_in_return"),
    ("quote_order", "book_fitting"), ("get_order", "add_order_note"), ("search_stock", "quote_order"),
    ("take_deposit", "dispatch_order"), ("record_damage", "issue_final_invoice"), ("list_orders", "get_hirer"),
    ("get_order", "complete_alteration"), ("check_in_return", "laundry_done"),
}
