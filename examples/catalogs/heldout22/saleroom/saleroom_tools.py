"""Saleroom: the office system of Pell & Harrowgate, auctioneers and valuers, Ludlow (38 calls).

Plain functions over an in-memory ``State`` of the auction house on Thursday 11 April 2030 at 08:30,
the morning of the April Fine Sale. The front office registers clients, checks their identity under the
money-laundering rules, takes consignments in, registers bidders for a sale, takes commission bids,
books telephone lines, issues collection notes and returns unsold goods to their vendors. The
cataloguer catalogues the items of a consignment, enters them in a sale, agrees reserves, writes
condition reports, withdraws lots and relists the unsold ones. The auctioneer publishes a sale's
catalogue, opens the sale, knocks lots down or passes them and closes the sale. Accounts raise buyers'
invoices, take payments, draw up vendors' statements and pay vendors. The sale calendar, the online
catalogue search and the results of a sale are public.

Every function is wrapped by ``endpoint`` (``functools.wraps``), which checks the session and the role,
and answers in the house API's envelope: ``{"status": "ok", "data": ...}`` on success and ``{"status":
"error", "error": {"code": ..., "message": ...}}`` for a refusal (codes ``unauthorized``,
``forbidden``, ``not_found``, ``conflict``, ``invalid``); every refusal is *returned*, none raised. The
``data`` are ``TypedDict`` rows (a session, an acknowledgement, sales, lots for the public and for
staff, results, a client, a client's account with consignments, items, registrations, invoices and
statements nested, a message, a consignment, an item, a lot with its condition reports and commission
bids nested, a registration, a commission bid, a phone booking, a sale summary, an invoice with its
lines nested, a receipt, a collection note, a vendor's statement with its lines nested, a settlement, a
return note) and lists of them, and one bare list of free telephone lines. Lots, invoices, statements
and collection notes have look-alike numbers (lot ``S0411-117``, buyer's invoice ``BI-0411-104``,
collection note ``COL-0411-104``, statement ``VS-0314-20871``; consignment ``R-7725``, item
``R-7725/1``; client ``CL-20871``); paddle numbers are whole numbers per sale. The bidding steps, the
commission rates on offer, the lowest estimate taken for telephone bidding, the cash limit and the rule
that a reserve may not exceed the low estimate are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import functools
import inspect
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, TypedDict

TODAY = "2030-04-11"
BUYERS_PREMIUM = 0.25
VAT = 0.20
COMMISSION_RATES = (10.0, 12.5, 15.0)
PHONE_MIN_LOW_ESTIMATE = 300
CASH_LIMIT = 3000.0
PHONE_LINES = ("TEL-1", "TEL-2", "TEL-3", "TEL-4")

IdDocument = Literal["passport", "driving_licence", "national_identity_card"]
AddressProof = Literal["utility_bill", "bank_statement", "council_tax_bill"]
BidMethod = Literal["room", "phone", "commission", "online"]
PayMethod = Literal["card", "bank_transfer", "cash"]
SettleMethod = Literal["bacs", "cheque"]


class Department(Enum):
    CERAMICS = "ceramics"
    SILVER = "silver"
    PICTURES = "pictures"
    FURNITURE = "furniture"
    JEWELLERY = "jewellery"
    CLOCKS = "clocks"
    BOOKS = "books"


class LotStatus(Enum):
    ENTERED = "entered"
    WITHDRAWN = "withdrawn"
    SOLD = "sold"
    PASSED = "passed"
    RELISTED = "relisted"
    RETURNED = "returned"


# --------------------------------------------------------------------------- refusals


class ApiError(Exception):
    """A refusal inside the system; ``endpoint`` answers it as an error envelope."""

    code = "invalid"


class Unauthorized(ApiError):
    code = "unauthorized"


class Forbidden(ApiError):
    code = "forbidden"


class NotFound(ApiError):
    code = "not_found"


class Conflict(ApiError):
    code = "conflict"


class Invalid(ApiError):
    code = "invalid"


# --------------------------------------------------------------------------- replies (the envelope's data)


class Session(TypedDict):
    token: str
    name: str
    role: str


class Ack(TypedDict):
    done: bool
    message: str


class SaleRow(TypedDict):
    sale_id: str
    title: str
    date: str
    status: str
    lots: int


class PublicLot(TypedDict):
    lot_id: str
    sale_id: str
    lot_number: int
    title: str
    department: str
    estimate_low: int
    estimate_high: int


class ResultRow(TypedDict):
    lot_id: str
    title: str
    status: str
    hammer_price: Optional[int]


class ClientRow(TypedDict):
    client_id: str
    name: str
    email: Optional[str]
    phone: str
    postcode: str
    id_verified: bool
    bank_on_file: bool


class ConsignmentRow(TypedDict):
    consignment_id: str
    client_id: str
    description: str
    received: str
    items_declared: int
    items: List[str]
    commission_pct: Optional[float]


class RegistrationRow(TypedDict):
    sale_id: str
    paddle: int
    client_id: str
    name: str
    method: str


class InvoiceRow(TypedDict):
    invoice_id: str
    sale_id: str
    paddle: int
    total: float
    status: str


class StatementRow(TypedDict):
    statement_id: str
    sale_id: str
    total_net: float
    status: str


class ClientAccount(TypedDict):
    client: ClientRow
    consignments: List[ConsignmentRow]
    registrations: List[RegistrationRow]
    invoices: List[InvoiceRow]
    statements: List[StatementRow]


class Message(TypedDict):
    message_id: str
    to: str
    subject: str


class ItemRow(TypedDict):
    item_id: str
    consignment_id: str
    title: str
    department: str
    estimate_low: int
    estimate_high: int
    status: str


class LotRow(TypedDict):
    lot_id: str
    sale_id: str
    lot_number: int
    item_id: str
    title: str
    department: str
    estimate_low: int
    estimate_high: int
    reserve: Optional[int]
    status: str
    vendor: str
    hammer_price: Optional[int]
    paddle: Optional[int]


class BidRow(TypedDict):
    bid_id: str
    lot_id: str
    paddle: int
    max_bid: int
    status: str


class LotDetail(TypedDict):
    lot: LotRow
    condition_reports: List[str]
    commission_bids: List[BidRow]
    phone_bidders: List[int]


class PhoneBooking(TypedDict):
    line: str
    paddle: int
    name: str
    lots: List[str]


class SaleSummary(TypedDict):
    sale_id: str
    status: str
    sold: int
    passed: int
    hammer_total: int


class HammerResult(TypedDict):
    lot_id: str
    status: str
    hammer_price: Optional[int]
    paddle: Optional[int]


class InvoiceLine(TypedDict):
    lot_id: str
    title: str
    hammer: int
    premium: float
    vat: float


class Invoice(TypedDict):
    invoice_id: str
    sale_id: str
    paddle: int
    buyer: str
    lines: List[InvoiceLine]
    total: float
    status: str


class Receipt(TypedDict):
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    invoice_status: str


class CollectionNote(TypedDict):
    note_id: str
    invoice_id: str
    buyer: str
    lots: List[str]
    collect_from: str


class StatementLine(TypedDict):
    lot_id: str
    title: str
    hammer: int
    commission: float
    vat: float
    net: float


class Statement(TypedDict):
    statement_id: str
    sale_id: str
    client_id: str
    vendor: str
    lines: List[StatementLine]
    unsold: List[str]
    total_net: float
    status: str


class Settlement(TypedDict):
    statement_id: str
    amount: float
    method: str
    reference: str


class ReturnNote(TypedDict):
    note_id: str
    lot_id: str
    item_id: str
    vendor: str
    collected_by: str


# --------------------------------------------------------------------------- state


class State:
    """Pell & Harrowgate, The Buttercross Saleroom, Ludlow, on Thursday 11 April 2030 at 08:30."""

    def __init__(self) -> None:
        self.staff = {
            "nell.o": {"name": "Nell Oakes", "password": "Gavel-Front-31", "role": "office"},
            "hugo.p": {"name": "Hugo Pell", "password": "Hallmark-1785", "role": "cataloguer"},
            "raj.b": {"name": "Raj Bhatt", "password": "Ledger-Line-64", "role": "accounts"},
            "marian.h": {"name": "Marian Harrowgate", "password": "Rostrum-Ten-10", "role": "auctioneer"},
        }
        self.sessions = {}
        self.sales = {
            "S0314": {"title": "March Fine Sale", "date": "2030-03-14", "status": "closed"},
            "S0411": {"title": "April Fine Sale", "date": "2030-04-11", "status": "published"},
            "S0516": {"title": "May Fine Sale", "date": "2030-05-16", "status": "entries_open"},
        }
        self.clients = {
            "CL-20871": {"name": "Mrs Harriet Beddoes", "email": "harriet.beddoes@mail.example", "phone": "07700 900871",
                         "postcode": "SY8 1AA", "verified": True, "bank": None},
            "CL-20902": {"name": "Mr Owain Pryce", "email": None, "phone": "07700 900902", "postcode": "LD7 1DS",
                         "verified": True, "bank": None},
            "CL-20915": {"name": "Dr Lucy Fenwick", "email": "lucy.fenwick@mail.example", "phone": "07700 900915",
                         "postcode": "SY8 4BE", "verified": True, "bank": ("30-12-44", "20915330", "L J Fenwick")},
            "CL-20933": {"name": "The Revd Simon Abbott", "email": "simon.abbott@mail.example", "phone": "01584 870933",
                         "postcode": "SY8 2HQ", "verified": True, "bank": ("20-45-77", "61933207", "S P Abbott")},
            "CL-20940": {"name": "Ludlow Antiques Centre Ltd (Dilys Morgan)", "email": "dilys@ludlowantiques.example",
                         "phone": "01584 870940", "postcode": "SY8 1EB", "verified": True,
                         "bank": ("40-11-90", "33940118", "Ludlow Antiques Centre Ltd")},
            "CL-20948": {"name": "Mr Kenji Sato", "email": "kenji.sato@mail.example", "phone": "07700 900948",
                         "postcode": "HR6 8NZ", "verified": False, "bank": None},
            "CL-20955": {"name": "Mrs Ingrid Solberg", "email": "ingrid@solberg.example", "phone": "+47 915 20955",
                         "postcode": "0262 Oslo", "verified": True, "bank": None},
        }
        self.consignments = {
            "R-7698": {"client": "CL-20933", "desc": "A bracket clock", "received": "2030-02-05", "declared": 1,
                       "terms": 12.5},
            "R-7702": {"client": "CL-20871", "desc": "Jug and candlesticks", "received": "2030-02-11", "declared": 2,
                       "terms": 15.0},
            "R-7711": {"client": "CL-20871", "desc": "A Moorcroft vase and a brooch", "received": "2030-03-02",
                       "declared": 2, "terms": 15.0},
            "R-7714": {"client": "CL-20940", "desc": "Trade lots: a Piper lithograph and six chairs",
                       "received": "2030-03-05", "declared": 2, "terms": 10.0},
            "R-7719": {"client": "CL-20933", "desc": "Vicarage contents: clock, teapot, work table",
                       "received": "2030-03-09", "declared": 3, "terms": 12.5},
            "R-7725": {"client": "CL-20933", "desc": "A pair of Staffordshire spaniels, a cow creamer and a tea caddy",
                       "received": "2030-04-08", "declared": 3, "terms": None},
        }
        self.items = {}
        self.lots = {}

        def item(iid, title, dept, low, high, status):
            self.items[iid] = {"consignment": iid.split("/")[0], "title": title, "dept": dept, "low": low,
                               "high": high, "status": status}

        def lot(lid, iid, reserve, status, hammer=None, paddle=None):
            self.lots[lid] = {"sale": lid.split("-")[0], "item": iid, "reserve": reserve, "status": status,
                              "hammer": hammer, "paddle": paddle, "reports": [], "phones": []}
            self.items[iid]["status"] = "in_sale"

        item("R-7698/1", "A Georgian mahogany bracket clock, c.1790", "clocks", 1500, 2500, "catalogued")
        item("R-7702/1", "A Royal Worcester blush ivory jug, c.1895", "ceramics", 400, 600, "catalogued")
        item("R-7702/2", "A pair of Victorian silver candlesticks, Sheffield 1890", "silver", 800, 1200, "catalogued")
        item("R-7711/1", "A Moorcroft pomegranate vase, c.1920", "ceramics", 600, 900, "catalogued")
        item("R-7711/2", "An Edwardian diamond bar brooch", "jewellery", 500, 700, "catalogued")
        item("R-7714/1", "John Piper, Ludlow Castle, lithograph, signed", "pictures", 1200, 1800, "catalogued")
        item("R-7714/2", "A set of six Arts and Crafts oak dining chairs", "furniture", 400, 600, "catalogued")
        item("R-7719/1", "A Victorian oak longcase clock, thirty-hour movement", "clocks", 800, 1200, "catalogued")
        item("R-7719/2", "A George III silver teapot, London 1785", "silver", 300, 500, "catalogued")
        item("R-7719/3", "A Victorian walnut work table", "furniture", 200, 300, "catalogued")
        item("R-7725/1", "A pair of Staffordshire spaniels, c.1860", "ceramics", 150, 250, "catalogued")
        item("R-7720/1", "A Clarice Cliff Bizarre jug", "ceramics", 300, 500, "catalogued")
        self.consignments["R-7720"] = {"client": "CL-20940", "desc": "A Clarice Cliff jug", "received": "2030-03-20",
                                       "declared": 1, "terms": 10.0}
        lot("S0314-027", "R-7702/1", 350, "sold", 650, 112)
        lot("S0314-028", "R-7702/2", 750, "passed")
        lot("S0314-031", "R-7698/1", 1400, "sold", 1900, 105)
        lot("S0411-115", "R-7719/1", 700, "entered")
        lot("S0411-116", "R-7719/2", 280, "entered")
        lot("S0411-117", "R-7711/1", 550, "entered")
        lot("S0411-118", "R-7714/1", 1000, "entered")
        lot("S0411-119", "R-7711/2", 450, "entered")
        lot("S0411-120", "R-7714/2", 0, "entered")
        lot("S0516-001", "R-7719/3", 180, "entered")
        lot("S0516-002", "R-7720/1", 0, "entered")
        self.items["R-7698/1"]["status"] = self.items["R-7702/1"]["status"] = "sold"
        self.items["R-7702/2"]["status"] = "unsold"
        self.registrations = {
            ("S0314", 105): {"client": "CL-20915", "method": "room"},
            ("S0314", 112): {"client": "CL-20902", "method": "online"},
            ("S0411", 101): {"client": "CL-20915", "method": "commission"},
            ("S0411", 102): {"client": "CL-20940", "method": "phone"},
            ("S0411", 103): {"client": "CL-20955", "method": "phone"},
        }
        self.next_paddle = {"S0314": 113, "S0411": 104, "S0516": 101}
        self.phone_lines = {"TEL-1": 102}
        self.lots["S0411-118"]["phones"].append(102)
        self.bids = {"CB-3301": {"lot": "S0411-117", "paddle": 101, "max": 750, "status": "active"}}
        self.invoices = {
            "BI-0314-105": {"sale": "S0314", "paddle": 105, "lots": ["S0314-031"], "status": "paid", "collected": False},
            "BI-0314-112": {"sale": "S0314", "paddle": 112, "lots": ["S0314-027"], "status": "unpaid",
                            "collected": False},
        }
        self.statements = {"VS-0314-20933": {"sale": "S0314", "client": "CL-20933", "lots": ["S0314-031"],
                                             "status": "paid"}}
        self.messages = []
        self.counters = {"session": 1, "client": 20962, "consignment": 7731, "bid": 3302, "receipt": 9120,
                         "message": 450, "return": 61, "settlement": 318}


# --------------------------------------------------------------------------- the envelope


def endpoint(*roles: str, public: bool = False):
    """Answer in the house envelope, after checking the session (and the role, where ``roles`` are given;
    the auctioneer, who runs the firm, may do everything)."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def call(*args, **kwargs):
            try:
                if not public:
                    bound = sig.bind(*args, **kwargs)
                    state, token = bound.arguments["state"], bound.arguments["token"]
                    who = state.sessions.get(token)
                    if who is None:
                        raise Unauthorized("no session for that token; log in again")
                    if roles and who["role"] not in roles and who["role"] != "auctioneer":
                        raise Forbidden(f"{who['name']} ({who['role']}) cannot do this; {' or '.join(roles)} only")
                return {"status": "ok", "data": fn(*args, **kwargs)}
            except ApiError as exc:
                return {"status": "error", "error": {"code": exc.code, "message": str(exc)}}

        return call

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _step(amount: int) -> int:
    return 10 if amount < 200 else 20 if amount < 500 else 50 if amount < 1000 else 100 if amount < 2000 else 200


def _on_step(amount: int) -> None:
    if amount <= 0 or amount % _step(amount) != 0:
        raise Invalid(f"{amount} is not a bidding step: bids rise in 10s to 200, 20s to 500, 50s to 1,000, "
                      "100s to 2,000 and 200s above")


def _client(state: State, client_id: str) -> Dict[str, Any]:
    c = state.clients.get(client_id)
    if c is None:
        raise NotFound(f"no client {client_id}")
    return c


def _sale(state: State, sale_id: str) -> Dict[str, Any]:
    s = state.sales.get(sale_id)
    if s is None:
        raise NotFound(f"no sale {sale_id}")
    return s


def _lot(state: State, lot_id: str) -> Dict[str, Any]:
    lt = state.lots.get(lot_id)
    if lt is None:
        raise NotFound(f"no lot {lot_id}")
    return lt


def _consignment(state: State, consignment_id: str) -> Dict[str, Any]:
    c = state.consignments.get(consignment_id)
    if c is None:
        raise NotFound(f"no consignment {consignment_id}")
    return c


def _invoice(state: State, invoice_id: str) -> Dict[str, Any]:
    i = state.invoices.get(invoice_id)
    if i is None:
        raise NotFound(f"no invoice {invoice_id}")
    return i


def _registered(state: State, sale_id: str, paddle: int) -> Dict[str, Any]:
    r = state.registrations.get((sale_id, paddle))
    if r is None:
        raise NotFound(f"no bidder {paddle} registered for {sale_id}")
    return r


def _client_row(state: State, client_id: str) -> ClientRow:
    c = state.clients[client_id]
    return ClientRow(client_id=client_id, name=c["name"], email=c["email"], phone=c["phone"], postcode=c["postcode"],
                     id_verified=c["verified"], bank_on_file=c["bank"] is not None)


def _consignment_row(state: State, consignment_id: str) -> ConsignmentRow:
    c = state.consignments[consignment_id]
    items = sorted(i for i, it in state.items.items() if it["consignment"] == consignment_id)
    return ConsignmentRow(consignment_id=consignment_id, client_id=c["client"], description=c["desc"],
                          received=c["received"], items_declared=c["declared"], items=items,
                          commission_pct=c["terms"])


def _vendor(state: State, lot_id: str) -> str:
    item = state.items[state.lots[lot_id]["item"]]
    return state.consignments[item["consignment"]]["client"]


def _lot_row(state: State, lot_id: str) -> LotRow:
    lt = state.lots[lot_id]
    it = state.items[lt["item"]]
    return LotRow(lot_id=lot_id, sale_id=lt["sale"], lot_number=int(lot_id.split("-")[1]), item_id=lt["item"],
                  title=it["title"], department=it["dept"], estimate_low=it["low"], estimate_high=it["high"],
                  reserve=lt["reserve"], status=lt["status"], vendor=state.clients[_vendor(state, lot_id)]["name"],
                  hammer_price=lt["hammer"], paddle=lt["paddle"])


def _bid_row(bid_id: str, b: Dict[str, Any]) -> BidRow:
    return BidRow(bid_id=bid_id, lot_id=b["lot"], paddle=b["paddle"], max_bid=b["max"], status=b["status"])


def _detail(state: State, lot_id: str) -> LotDetail:
    lt = state.lots[lot_id]
    bids = [_bid_row(b, x) for b, x in sorted(state.bids.items()) if x["lot"] == lot_id and x["status"] == "active"]
    return LotDetail(lot=_lot_row(state, lot_id), condition_reports=list(lt["reports"]), commission_bids=bids,
                     phone_bidders=list(lt["phones"]))


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _invoice_lines(state: State, lots: List[str]) -> List[InvoiceLine]:
    out = []
    for lid in lots:
        lt = state.lots[lid]
        premium = _money(lt["hammer"] * BUYERS_PREMIUM)
        out.append(InvoiceLine(lot_id=lid, title=state.items[lt["item"]]["title"], hammer=lt["hammer"],
                               premium=premium, vat=_money(premium * VAT)))
    return out


def _invoice_row(state: State, invoice_id: str) -> Invoice:
    inv = state.invoices[invoice_id]
    lines = _invoice_lines(state, inv["lots"])
    reg = state.registrations[(inv["sale"], inv["paddle"])]
    total = _money(sum(ln["hammer"] + ln["premium"] + ln["vat"] for ln in lines))
    return Invoice(invoice_id=invoice_id, sale_id=inv["sale"], paddle=inv["paddle"],
                   buyer=state.clients[reg["client"]]["name"], lines=lines, total=total, status=inv["status"])


def _statement_lines(state: State, client_id: str, lots: List[str]) -> List[StatementLine]:
    out = []
    for lid in lots:
        lt = state.lots[lid]
        rate = state.consignments[state.items[lt["item"]]["consignment"]]["terms"]
        commission = _money(lt["hammer"] * rate / 100)
        vat = _money(commission * VAT)
        out.append(StatementLine(lot_id=lid, title=state.items[lt["item"]]["title"], hammer=lt["hammer"],
                                 commission=commission, vat=vat, net=_money(lt["hammer"] - commission - vat)))
    return out


def _statement_row(state: State, statement_id: str) -> Statement:
    st = state.statements[statement_id]
    lines = _statement_lines(state, st["client"], st["lots"])
    unsold = sorted(lid for lid, lt in state.lots.items() if lt["sale"] == st["sale"]
                    and _vendor(state, lid) == st["client"] and lt["status"] in ("passed", "relisted", "returned"))
    return Statement(statement_id=statement_id, sale_id=st["sale"], client_id=st["client"],
                     vendor=state.clients[st["client"]]["name"], lines=lines, unsold=unsold,
                     total_net=_money(sum(ln["net"] for ln in lines)), status=st["status"])


def _not_started(state: State, lt: Dict[str, Any], lot_id: str) -> None:
    if state.sales[lt["sale"]]["status"] in ("in_progress", "closed"):
        raise Conflict(f"the {state.sales[lt['sale']]['title']} has begun; lot {lot_id} can no longer change")
    if lt["status"] != "entered":
        raise Conflict(f"lot {lot_id} is {lt['status']}")


# --------------------------------------------------------------------------- sessions and public pages


@endpoint(public=True)
def log_in(state: State, username: str, password: str) -> Session:
    """Log in to the saleroom system.

    Parameters
    ----------
    username : str
        The staff user name, such as ``nell.o``.
    password : str
        The password.

    Returns
    -------
    Session
        ``data``: the session (``token``, name and role: office, cataloguer, accounts or auctioneer).
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise Unauthorized("wrong user name or password")
    token = f"pnh-{_next(state, 'session'):03d}-{username.split('.')[0]}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
    return Session(token=token, name=user["name"], role=user["role"])


@endpoint()
def log_out(state: State, token: str) -> Ack:
    """End a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    Ack
        ``data``: an acknowledgement.
    """
    who = state.sessions.pop(token)
    return Ack(done=True, message=f"{who['name']} logged out")


@endpoint(public=True)
def sale_calendar(state: State) -> List[SaleRow]:
    """The house's sales, past and coming (public).

    Returns
    -------
    list of SaleRow
        ``data``: the sales by date, each with its status (``entries_open``, ``published``,
        ``in_progress``, ``closed``) and number of lots.
    """
    return [SaleRow(sale_id=sid, title=s["title"], date=s["date"], status=s["status"],
                    lots=sum(1 for lt in state.lots.values() if lt["sale"] == sid and lt["status"] != "withdrawn"))
            for sid, s in sorted(state.sales.items(), key=lambda kv: kv[1]["date"])]


@endpoint(public=True)
def lot_search(state: State, keyword: str, sale_id: Optional[str] = None) -> List[PublicLot]:
    """Search the online catalogue: the lots of every published sale (public).

    Parameters
    ----------
    keyword : str
        A word in the lot's title, or a department.
    sale_id : str, optional
        Only this sale.

    Returns
    -------
    list of PublicLot
        ``data``: the matching lots, by lot number.
    """
    k = keyword.strip().lower()
    out = []
    for lid, lt in sorted(state.lots.items()):
        s = state.sales[lt["sale"]]
        it = state.items[lt["item"]]
        if s["status"] == "entries_open" or lt["status"] == "withdrawn" or (sale_id and lt["sale"] != sale_id):
            continue
        if k and (k in it["title"].lower() or k == it["dept"]):
            out.append(PublicLot(lot_id=lid, sale_id=lt["sale"], lot_number=int(lid.split("-")[1]), title=it["title"],
                                 department=it["dept"], estimate_low=it["low"], estimate_high=it["high"]))
    return out


@endpoint(public=True)
def sale_results(state: State, sale_id: str) -> List[ResultRow]:
    """The results of a sale, lot by lot, as published while it runs and after (public).

    Parameters
    ----------
    sale_id : str
        The sale.

    Returns
    -------
    list of ResultRow
        ``data``: every lot offered, sold (with its hammer price) or passed.
    """
    s = _sale(state, sale_id)
    if s["status"] not in ("in_progress", "closed"):
        raise Conflict(f"the {s['title']} has not begun; no results yet")
    return [ResultRow(lot_id=lid, title=state.items[lt["item"]]["title"], status=lt["status"],
                      hammer_price=lt["hammer"])
            for lid, lt in sorted(state.lots.items()) if lt["sale"] == sale_id and lt["status"] != "withdrawn"]


# --------------------------------------------------------------------------- clients


@endpoint()
def find_client(state: State, token: str, query: str) -> List[ClientRow]:
    """Search clients by name, e-mail, phone number or postcode.

    Parameters
    ----------
    token : str
        The session token.
    query : str
        Part of a name or e-mail address, a phone number or a postcode.

    Returns
    -------
    list of ClientRow
        ``data``: the matching clients.
    """
    q = query.strip().lower()
    out = []
    for cid, c in sorted(state.clients.items()):
        hay = " ".join(str(x) for x in (c["name"], c["email"] or "", c["phone"], c["postcode"])).lower()
        if q and (q in hay or q.replace(" ", "") in hay.replace(" ", "")):
            out.append(_client_row(state, cid))
    return out


@endpoint("office")
def register_client(state: State, token: str, name: str, email: str, phone: str, postcode: str) -> ClientRow:
    """Register a new client, buyer or seller.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        The client's name, with a title.
    email : str
        The client's e-mail address.
    phone : str
        A phone number.
    postcode : str
        The postcode.

    Returns
    -------
    ClientRow
        ``data``: the new client, identity not yet verified.
    """
    if "@" not in email:
        raise Invalid(f"{email!r} is not an e-mail address")
    for c in state.clients.values():
        if (c["email"] or "").lower() == email.strip().lower():
            raise Conflict(f"{email} is already the address of {c['name']}")
    cid = f"CL-{_next(state, 'client')}"
    state.clients[cid] = {"name": name.strip(), "email": email.strip(), "phone": phone.strip(),
                          "postcode": postcode.strip().upper(), "verified": False, "bank": None}
    return _client_row(state, cid)


@endpoint("office", "accounts")
def update_client(state: State, token: str, client_id: str, email: Optional[str] = None, phone: Optional[str] = None,
                  postcode: Optional[str] = None, sort_code: Optional[str] = None,
                  account_number: Optional[str] = None, account_name: Optional[str] = None) -> ClientRow:
    """Change a client's contact details, or put their bank details on file for payments by BACS.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str
        The client.
    email, phone, postcode : str, optional
        New contact details.
    sort_code, account_number, account_name : str, optional
        Bank details, all three together (sort code ``NN-NN-NN``, an eight-digit account number).

    Returns
    -------
    ClientRow
        ``data``: the client as now on file.
    """
    c = _client(state, client_id)
    contact = {k: v for k, v in (("email", email), ("phone", phone), ("postcode", postcode)) if v is not None}
    bank = (sort_code, account_number, account_name)
    if not contact and all(b is None for b in bank):
        raise Invalid("give contact details or bank details to change")
    if any(b is not None for b in bank):
        if any(b is None for b in bank):
            raise Invalid("bank details need the sort code, the account number and the name on the account")
        digits = sort_code.replace("-", "")
        if not (digits.isdigit() and len(digits) == 6) or not (account_number.isdigit() and len(account_number) == 8):
            raise Invalid("a sort code is six digits (NN-NN-NN) and an account number eight")
        bank = (f"{digits[:2]}-{digits[2:4]}-{digits[4:]}", account_number, account_name.strip())
    else:
        bank = None
    if "email" in contact and "@" not in contact["email"]:
        raise Invalid(f"{contact['email']!r} is not an e-mail address")
    if all(c[k] == v for k, v in contact.items()) and (bank is None or c["bank"] == bank):
        raise Conflict("those details are already on file")
    c.update(contact)
    if bank is not None:
        c["bank"] = bank
    return _client_row(state, client_id)


@endpoint("office")
def verify_identity(state: State, token: str, client_id: str, document: IdDocument, document_number: str,
                    proof_of_address: AddressProof) -> ClientRow:
    """Record the money-laundering check of a client's identity and address, seen in the original.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str
        The client.
    document : {"passport", "driving_licence", "national_identity_card"}
        The photo identity seen.
    document_number : str
        Its number.
    proof_of_address : {"utility_bill", "bank_statement", "council_tax_bill"}
        The proof of address seen (dated within three months).

    Returns
    -------
    ClientRow
        ``data``: the client, verified.
    """
    c = _client(state, client_id)
    if c["verified"]:
        raise Conflict(f"{c['name']} is already verified")
    if len(document_number.strip()) < 6:
        raise Invalid("give the document's full number")
    c["verified"] = True
    return _client_row(state, client_id)


@endpoint()
def client_account(state: State, token: str, client_id: str) -> ClientAccount:
    """A client's whole account: consignments with their items, bidder registrations, buyer's invoices and
    vendor's statements.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str
        The client.

    Returns
    -------
    ClientAccount
        ``data``: the client and everything on their account, oldest first.
    """
    _client(state, client_id)
    cons = [_consignment_row(state, k) for k, c in sorted(state.consignments.items()) if c["client"] == client_id]
    regs = [RegistrationRow(sale_id=s, paddle=p, client_id=client_id, name=state.clients[client_id]["name"],
                            method=r["method"])
            for (s, p), r in sorted(state.registrations.items(), key=lambda kv: (state.sales[kv[0][0]]["date"], kv[0][1]))
            if r["client"] == client_id]
    mine = {(s, p) for (s, p), r in state.registrations.items() if r["client"] == client_id}
    invs = []
    for iid, inv in sorted(state.invoices.items()):
        if (inv["sale"], inv["paddle"]) in mine:
            row = _invoice_row(state, iid)
            invs.append(InvoiceRow(invoice_id=iid, sale_id=inv["sale"], paddle=inv["paddle"], total=row["total"],
                                   status=inv["status"]))
    stmts = [StatementRow(statement_id=k, sale_id=st["sale"], total_net=_statement_row(state, k)["total_net"],
                          status=st["status"])
             for k, st in sorted(state.statements.items()) if st["client"] == client_id]
    return ClientAccount(client=_client_row(state, client_id), consignments=cons, registrations=regs, invoices=invs,
                         statements=stmts)


@endpoint("office", "accounts")
def email_client(state: State, token: str, client_id: str, subject: str, body: str) -> Message:
    """E-mail a client from the office.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str
        The client.
    subject : str
        The subject line.
    body : str
        The message.

    Returns
    -------
    Message
        ``data``: the message as sent.
    """
    c = _client(state, client_id)
    if not c["email"]:
        raise Conflict(f"no e-mail address on file for {c['name']}")
    if not subject.strip() or not body.strip():
        raise Invalid("a message needs a subject and a body")
    mid = f"EM-{_next(state, 'message')}"
    state.messages.append({"id": mid, "to": c["email"], "subject": subject.strip(), "body": body.strip()})
    return Message(message_id=mid, to=c["email"], subject=subject.strip())


# --------------------------------------------------------------------------- consignments and cataloguing


@endpoint("office", "cataloguer")
def receive_consignment(state: State, token: str, client_id: str, description: str, items: int) -> ConsignmentRow:
    """Take goods in from a seller and give them a receipt.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str
        The seller.
    description : str
        What came in, as written on the receipt.
    items : int
        How many items.

    Returns
    -------
    ConsignmentRow
        ``data``: the consignment, its items not yet catalogued and its terms not yet agreed.
    """
    c = _client(state, client_id)
    if not c["verified"]:
        raise Conflict(f"{c['name']}'s identity has not been verified; money-laundering checks come before goods")
    if not 1 <= items <= 50:
        raise Invalid("a consignment is 1-50 items")
    rid = f"R-{_next(state, 'consignment')}"
    state.consignments[rid] = {"client": client_id, "desc": description.strip(), "received": TODAY,
                               "declared": items, "terms": None}
    return _consignment_row(state, rid)


@endpoint("cataloguer")
def catalogue_item(state: State, token: str, consignment_id: str, title: str, department: Department,
                   estimate_low: int, estimate_high: int) -> ItemRow:
    """Catalogue one item of a consignment with its department and estimate.

    Parameters
    ----------
    token : str
        The session token.
    consignment_id : str
        The consignment.
    title : str
        The catalogue title.
    department : Department
        The department it is sold in.
    estimate_low, estimate_high : int
        The estimate, in pounds.

    Returns
    -------
    ItemRow
        ``data``: the item, ``catalogued``.
    """
    c = _consignment(state, consignment_id)
    dept = Department(department).value
    done = [i for i, it in state.items.items() if it["consignment"] == consignment_id]
    if len(done) >= c["declared"]:
        raise Conflict(f"all {c['declared']} items of {consignment_id} are catalogued")
    if estimate_low < 50:
        raise Invalid("the saleroom takes nothing estimated under 50")
    if estimate_high <= estimate_low:
        raise Invalid("the high estimate must be above the low")
    if any(state.items[i]["title"].lower() == title.strip().lower() for i in done):
        raise Conflict(f"{title!r} is already catalogued in {consignment_id}")
    iid = f"{consignment_id}/{len(done) + 1}"
    state.items[iid] = {"consignment": consignment_id, "title": title.strip(), "dept": dept, "low": estimate_low,
                        "high": estimate_high, "status": "catalogued"}
    return ItemRow(item_id=iid, consignment_id=consignment_id, title=title.strip(), department=dept,
                   estimate_low=estimate_low, estimate_high=estimate_high, status="catalogued")


@endpoint("office", "cataloguer")
def agree_terms(state: State, token: str, consignment_id: str, commission_pct: float, signed_by: str) -> ConsignmentRow:
    """Record the seller's signed terms of business for a consignment, with the commission rate.

    Parameters
    ----------
    token : str
        The session token.
    consignment_id : str
        The consignment.
    commission_pct : float
        The seller's commission, in per cent of the hammer price.
    signed_by : str
        Who signed.

    Returns
    -------
    ConsignmentRow
        ``data``: the consignment with its commission rate.
    """
    c = _consignment(state, consignment_id)
    if c["terms"] is not None:
        raise Conflict(f"terms for {consignment_id} were already signed at {c['terms']:g}%")
    if float(commission_pct) not in COMMISSION_RATES:
        raise Invalid(f"{commission_pct:g}% is not one of our rates ({', '.join(f'{r:g}%' for r in COMMISSION_RATES)})")
    if not signed_by.strip():
        raise Invalid("say who signed")
    c["terms"] = float(commission_pct)
    return _consignment_row(state, consignment_id)


@endpoint("cataloguer")
def enter_in_sale(state: State, token: str, item_id: str, sale_id: str) -> LotRow:
    """Enter a catalogued item in a sale that is taking entries; it gets the sale's next lot number.

    Parameters
    ----------
    token : str
        The session token.
    item_id : str
        The item (``R-..../n``).
    sale_id : str
        The sale.

    Returns
    -------
    LotRow
        ``data``: the new lot, without a reserve yet.
    """
    it = state.items.get(item_id)
    if it is None:
        raise NotFound(f"no item {item_id}")
    s = _sale(state, sale_id)
    if s["status"] != "entries_open":
        raise Conflict(f"the {s['title']} is not taking entries ({s['status']})")
    if state.consignments[it["consignment"]]["terms"] is None:
        raise Conflict(f"the seller has not signed terms for {it['consignment']}")
    if it["status"] != "catalogued":
        raise Conflict(f"{item_id} is {it['status']}")
    n = max([int(lid.split("-")[1]) for lid, lt in state.lots.items() if lt["sale"] == sale_id] or [0]) + 1
    lid = f"{sale_id}-{n:03d}"
    state.lots[lid] = {"sale": sale_id, "item": item_id, "reserve": None, "status": "entered", "hammer": None,
                       "paddle": None, "reports": [], "phones": []}
    it["status"] = "in_sale"
    return _lot_row(state, lid)


@endpoint("cataloguer")
def set_reserve(state: State, token: str, lot_id: str, reserve: int) -> LotRow:
    """Agree a lot's reserve with the seller (0 for no reserve), before its sale begins.

    Parameters
    ----------
    token : str
        The session token.
    lot_id : str
        The lot.
    reserve : int
        The reserve, in pounds.

    Returns
    -------
    LotRow
        ``data``: the lot with its reserve.
    """
    lt = _lot(state, lot_id)
    _not_started(state, lt, lot_id)
    low = state.items[lt["item"]]["low"]
    if reserve < 0 or reserve > low:
        raise Invalid(f"a reserve may not exceed the low estimate ({low}) or be negative")
    if lt["reserve"] == reserve:
        raise Conflict(f"lot {lot_id}'s reserve is already {reserve}")
    lt["reserve"] = reserve
    return _lot_row(state, lot_id)


@endpoint("cataloguer")
def add_condition_report(state: State, token: str, lot_id: str, text: str) -> LotDetail:
    """Add a condition report to a lot still to be offered.

    Parameters
    ----------
    token : str
        The session token.
    lot_id : str
        The lot.
    text : str
        The report.

    Returns
    -------
    LotDetail
        ``data``: the lot with its reports.
    """
    lt = _lot(state, lot_id)
    if lt["status"] != "entered":
        raise Conflict(f"lot {lot_id} is {lt['status']}")
    if len(text.strip()) < 10:
        raise Invalid("a condition report says what was seen")
    lt["reports"].append(text.strip())
    return _detail(state, lot_id)


@endpoint("cataloguer")
def withdraw_lot(state: State, token: str, lot_id: str, reason: str) -> LotRow:
    """Withdraw a lot from its sale before the sale begins; its commission bids lapse.

    Parameters
    ----------
    token : str
        The session token.
    lot_id : str
        The lot.
    reason : str
        Why.

    Returns
    -------
    LotRow
        ``data``: the lot, ``withdrawn``.
    """
    lt = _lot(state, lot_id)
    _not_started(state, lt, lot_id)
    lt["status"] = "withdrawn"
    lt["reports"].append(f"withdrawn: {reason.strip()}")
    for b in state.bids.values():
        if b["lot"] == lot_id and b["status"] == "active":
            b["status"] = "lapsed"
    return _lot_row(state, lot_id)


@endpoint("auctioneer")
def publish_catalogue(state: State, token: str, sale_id: str) -> SaleRow:
    """Publish a sale's catalogue online; entries close and commission bids open.

    Parameters
    ----------
    token : str
        The session token.
    sale_id : str
        The sale.

    Returns
    -------
    SaleRow
        ``data``: the sale, ``published``.
    """
    s = _sale(state, sale_id)
    if s["status"] != "entries_open":
        raise Conflict(f"the {s['title']} is {s['status']}")
    lots = [lid for lid, lt in sorted(state.lots.items()) if lt["sale"] == sale_id and lt["status"] == "entered"]
    if not lots:
        raise Conflict(f"the {s['title']} has no lots")
    missing = [lid for lid in lots if state.lots[lid]["reserve"] is None]
    if missing:
        raise Conflict(f"no reserve agreed for {', '.join(missing)}")
    s["status"] = "published"
    return SaleRow(sale_id=sale_id, title=s["title"], date=s["date"], status="published", lots=len(lots))


@endpoint()
def list_lots(state: State, token: str, sale_id: str, status: Optional[LotStatus] = None) -> List[LotRow]:
    """The lots of a sale, as the office sees them: reserves, vendors, hammer prices and buyers' paddles.

    Parameters
    ----------
    token : str
        The session token.
    sale_id : str
        The sale.
    status : LotStatus, optional
        Only lots in this status.

    Returns
    -------
    list of LotRow
        ``data``: the lots by lot number.
    """
    _sale(state, sale_id)
    want = LotStatus(status).value if status is not None else None
    return [_lot_row(state, lid) for lid, lt in sorted(state.lots.items())
            if lt["sale"] == sale_id and (want is None or lt["status"] == want)]


@endpoint()
def lot_detail(state: State, token: str, lot_id: str) -> LotDetail:
    """One lot in full: its condition reports, live commission bids and telephone bidders.

    Parameters
    ----------
    token : str
        The session token.
    lot_id : str
        The lot.

    Returns
    -------
    LotDetail
        ``data``: the lot.
    """
    _lot(state, lot_id)
    return _detail(state, lot_id)


# --------------------------------------------------------------------------- bidders


@endpoint("office")
def register_bidder(state: State, token: str, client_id: str, sale_id: str, method: BidMethod) -> RegistrationRow:
    """Register a client to bid in a sale; they get the sale's next paddle number.

    Parameters
    ----------
    token : str
        The session token.
    client_id : str
        The client.
    sale_id : str
        The sale.
    method : {"room", "phone", "commission", "online"}
        How they will bid.

    Returns
    -------
    RegistrationRow
        ``data``: the registration with its ``paddle`` number.
    """
    c = _client(state, client_id)
    s = _sale(state, sale_id)
    if s["status"] == "closed":
        raise Conflict(f"the {s['title']} is over")
    if not c["verified"]:
        raise Conflict(f"{c['name']}'s identity has not been verified; bidders are checked before they register")
    for (sid, p), r in state.registrations.items():
        if sid == sale_id and r["client"] == client_id:
            raise Conflict(f"{c['name']} already bids as paddle {p} in the {s['title']}")
    paddle = state.next_paddle[sale_id]
    state.next_paddle[sale_id] = paddle + 1
    state.registrations[(sale_id, paddle)] = {"client": client_id, "method": method}
    return RegistrationRow(sale_id=sale_id, paddle=paddle, client_id=client_id, name=c["name"], method=method)


@endpoint("office")
def leave_commission_bid(state: State, token: str, paddle: int, lot_id: str, max_bid: int) -> BidRow:
    """Leave an absentee (commission) bid for a registered bidder on a published lot.

    Parameters
    ----------
    token : str
        The session token.
    paddle : int
        The bidder's paddle number in the lot's sale.
    lot_id : str
        The lot.
    max_bid : int
        The most the auctioneer may bid for them, in pounds (hammer price).

    Returns
    -------
    BidRow
        ``data``: the commission bid, ``active``.
    """
    lt = _lot(state, lot_id)
    s = state.sales[lt["sale"]]
    _registered(state, lt["sale"], paddle)
    if s["status"] == "entries_open":
        raise Conflict(f"commission bids for the {s['title']} open once its catalogue is published")
    if s["status"] == "closed" or lt["status"] != "entered":
        raise Conflict(f"lot {lot_id} is no longer open to bids")
    _on_step(max_bid)
    low = state.items[lt["item"]]["low"]
    if max_bid * 2 < low:
        raise Invalid("commission bids below half the low estimate are not taken")
    for b in state.bids.values():
        if b["lot"] == lot_id and b["paddle"] == paddle and b["status"] == "active":
            raise Conflict(f"paddle {paddle} already has a bid of {b['max']} on lot {lot_id}")
    bid = f"CB-{_next(state, 'bid')}"
    state.bids[bid] = {"lot": lot_id, "paddle": paddle, "max": max_bid, "status": "active"}
    return _bid_row(bid, state.bids[bid])


@endpoint("office")
def cancel_commission_bid(state: State, token: str, bid_id: str) -> BidRow:
    """Cancel a commission bid at the bidder's request.

    Parameters
    ----------
    token : str
        The session token.
    bid_id : str
        The bid (``CB-....``).

    Returns
    -------
    BidRow
        ``data``: the bid, ``cancelled``.
    """
    b = state.bids.get(bid_id)
    if b is None:
        raise NotFound(f"no commission bid {bid_id}")
    if b["status"] != "active":
        raise Conflict(f"{bid_id} is {b['status']}")
    b["status"] = "cancelled"
    return _bid_row(bid_id, b)


@endpoint("office")
def free_phone_lines(state: State, token: str) -> List[str]:
    """The saleroom's telephone lines still free for today's sale.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list of str
        ``data``: the free lines.
    """
    return [line for line in PHONE_LINES if line not in state.phone_lines]


@endpoint("office")
def book_phone_line(state: State, token: str, paddle: int, lot_ids: List[str], line: str) -> PhoneBooking:
    """Book a telephone line for a phone bidder in today's sale, for the lots they want to bid on.

    Parameters
    ----------
    token : str
        The session token.
    paddle : int
        The bidder's paddle number in today's sale.
    lot_ids : list of str
        The lots they will bid on by phone.
    line : str
        A free line.

    Returns
    -------
    PhoneBooking
        ``data``: the booking.
    """
    today = next(sid for sid, s in state.sales.items() if s["date"] == TODAY)
    reg = _registered(state, today, paddle)
    if reg["method"] != "phone":
        raise Conflict(f"paddle {paddle} is registered to bid {reg['method']}, not by phone")
    if line not in PHONE_LINES:
        raise NotFound(f"no telephone line {line}")
    holder = state.phone_lines.get(line)
    if holder is not None and holder != paddle:
        raise Conflict(f"{line} is booked for paddle {holder}")
    if paddle in state.phone_lines.values() and holder != paddle:
        raise Conflict(f"paddle {paddle} already has a line")
    if not lot_ids:
        raise Invalid("name the lots they will bid on")
    for lid in lot_ids:
        lt = _lot(state, lid)
        if lt["sale"] != today or lt["status"] != "entered":
            raise Conflict(f"lot {lid} is not to be offered today")
        if state.items[lt["item"]]["low"] < PHONE_MIN_LOW_ESTIMATE:
            raise Invalid(f"telephone bids are taken on lots estimated at {PHONE_MIN_LOW_ESTIMATE} or more")
        if paddle in lt["phones"]:
            raise Conflict(f"paddle {paddle} is already on the phone for lot {lid}")
    state.phone_lines[line] = paddle
    for lid in lot_ids:
        state.lots[lid]["phones"].append(paddle)
    return PhoneBooking(line=line, paddle=paddle, name=state.clients[reg["client"]]["name"], lots=list(lot_ids))


# --------------------------------------------------------------------------- the sale


@endpoint("auctioneer")
def open_sale(state: State, token: str, sale_id: str) -> SaleRow:
    """Open today's published sale: the auctioneer takes the rostrum.

    Parameters
    ----------
    token : str
        The session token.
    sale_id : str
        The sale.

    Returns
    -------
    SaleRow
        ``data``: the sale, ``in_progress``.
    """
    s = _sale(state, sale_id)
    if s["status"] != "published":
        raise Conflict(f"the {s['title']} is {s['status']}")
    if s["date"] != TODAY:
        raise Conflict(f"the {s['title']} is on {s['date']}, not today")
    s["status"] = "in_progress"
    return SaleRow(sale_id=sale_id, title=s["title"], date=s["date"], status="in_progress",
                   lots=sum(1 for lt in state.lots.values() if lt["sale"] == sale_id and lt["status"] == "entered"))


@endpoint("auctioneer")
def record_hammer(state: State, token: str, lot_id: str, paddle: int, hammer_price: int) -> HammerResult:
    """Knock a lot down to a bidder at the hammer price.

    Parameters
    ----------
    token : str
        The session token.
    lot_id : str
        The lot.
    paddle : int
        The buyer's paddle number.
    hammer_price : int
        The hammer price, in pounds.

    Returns
    -------
    HammerResult
        ``data``: the lot, ``sold``.
    """
    lt = _lot(state, lot_id)
    s = state.sales[lt["sale"]]
    if s["status"] != "in_progress":
        raise Conflict(f"the {s['title']} is not in progress")
    if lt["status"] != "entered":
        raise Conflict(f"lot {lot_id} is {lt['status']}")
    _registered(state, lt["sale"], paddle)
    _on_step(hammer_price)
    if hammer_price < (lt["reserve"] or 0):
        raise Invalid(f"{hammer_price} is below the reserve; pass the lot or take another bid")
    lt.update(status="sold", hammer=hammer_price, paddle=paddle)
    state.items[lt["item"]]["status"] = "sold"
    for b in state.bids.values():
        if b["lot"] == lot_id and b["status"] == "active":
            b["status"] = "executed" if b["paddle"] == paddle else "outbid"
    return HammerResult(lot_id=lot_id, status="sold", hammer_price=hammer_price, paddle=paddle)


@endpoint("auctioneer")
def record_passed(state: State, token: str, lot_id: str) -> HammerResult:
    """Pass a lot that did not reach its reserve (bought in).

    Parameters
    ----------
    token : str
        The session token.
    lot_id : str
        The lot.

    Returns
    -------
    HammerResult
        ``data``: the lot, ``passed``.
    """
    lt = _lot(state, lot_id)
    s = state.sales[lt["sale"]]
    if s["status"] != "in_progress":
        raise Conflict(f"the {s['title']} is not in progress")
    if lt["status"] != "entered":
        raise Conflict(f"lot {lot_id} is {lt['status']}")
    lt["status"] = "passed"
    state.items[lt["item"]]["status"] = "unsold"
    for b in state.bids.values():
        if b["lot"] == lot_id and b["status"] == "active":
            b["status"] = "lapsed"
    return HammerResult(lot_id=lot_id, status="passed", hammer_price=None, paddle=None)


@endpoint("auctioneer")
def close_sale(state: State, token: str, sale_id: str) -> SaleSummary:
    """Close a sale in progress; any lot not knocked down is passed.

    Parameters
    ----------
    token : str
        The session token.
    sale_id : str
        The sale.

    Returns
    -------
    SaleSummary
        ``data``: lots sold and passed, and the hammer total.
    """
    s = _sale(state, sale_id)
    if s["status"] != "in_progress":
        raise Conflict(f"the {s['title']} is {s['status']}")
    for lid, lt in state.lots.items():
        if lt["sale"] == sale_id and lt["status"] == "entered":
            lt["status"] = "passed"
            state.items[lt["item"]]["status"] = "unsold"
    s["status"] = "closed"
    mine = [lt for lt in state.lots.values() if lt["sale"] == sale_id]
    return SaleSummary(sale_id=sale_id, status="closed", sold=sum(lt["status"] == "sold" for lt in mine),
                       passed=sum(lt["status"] == "passed" for lt in mine),
                       hammer_total=sum(lt["hammer"] or 0 for lt in mine if lt["status"] == "sold"))


# --------------------------------------------------------------------------- accounts


@endpoint("accounts")
def buyer_invoice(state: State, token: str, sale_id: str, paddle: int) -> Invoice:
    """Raise the buyer's invoice for everything a paddle bought in a closed sale (hammer, buyer's premium
    and VAT on the premium).

    Parameters
    ----------
    token : str
        The session token.
    sale_id : str
        The sale.
    paddle : int
        The buyer's paddle number.

    Returns
    -------
    Invoice
        ``data``: the invoice with its lines, ``unpaid``.
    """
    s = _sale(state, sale_id)
    if s["status"] != "closed":
        raise Conflict(f"the {s['title']} is {s['status']}; invoices follow the close of the sale")
    _registered(state, sale_id, paddle)
    lots = sorted(lid for lid, lt in state.lots.items() if lt["sale"] == sale_id and lt["paddle"] == paddle
                  and lt["status"] == "sold")
    if not lots:
        raise Conflict(f"paddle {paddle} bought nothing in the {s['title']}")
    for iid, inv in state.invoices.items():
        if inv["sale"] == sale_id and inv["paddle"] == paddle and inv["status"] != "cancelled":
            raise Conflict(f"paddle {paddle} is already invoiced ({iid})")
    iid = f"BI-{sale_id[1:]}-{paddle}"
    if iid in state.invoices:
        iid = f"{iid}R"
    state.invoices[iid] = {"sale": sale_id, "paddle": paddle, "lots": lots, "status": "unpaid", "collected": False}
    return _invoice_row(state, iid)


@endpoint("accounts", "office")
def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Receipt:
    """Take a buyer's payment of an invoice in full.

    Parameters
    ----------
    token : str
        The session token.
    invoice_id : str
        The buyer's invoice (``BI-....-...``).
    amount : float
        The amount, which must be the invoice total.
    method : {"card", "bank_transfer", "cash"}
        How they paid.

    Returns
    -------
    Receipt
        ``data``: the receipt; the invoice is ``paid``.
    """
    inv = _invoice(state, invoice_id)
    if inv["status"] != "unpaid":
        raise Conflict(f"{invoice_id} is {inv['status']}")
    total = _invoice_row(state, invoice_id)["total"]
    if round(amount, 2) != total:
        raise Invalid(f"{invoice_id} is for {total:.2f}")
    if method == "cash" and amount > CASH_LIMIT:
        raise Invalid(f"we take at most {CASH_LIMIT:,.0f} in cash")
    inv["status"] = "paid"
    return Receipt(receipt_id=f"RC-{_next(state, 'receipt')}", invoice_id=invoice_id, amount=total, method=method,
                   invoice_status="paid")


@endpoint("auctioneer")
def cancel_invoice(state: State, token: str, invoice_id: str, reason: str) -> Invoice:
    """Cancel an unpaid buyer's invoice (the auctioneer only), for a buyer who defaults or one raised in error.

    Parameters
    ----------
    token : str
        The session token.
    invoice_id : str
        The invoice.
    reason : str
        Why.

    Returns
    -------
    Invoice
        ``data``: the invoice, ``cancelled``.
    """
    inv = _invoice(state, invoice_id)
    if inv["status"] != "unpaid":
        raise Conflict(f"{invoice_id} is {inv['status']}; only an unpaid invoice is cancelled")
    if not reason.strip():
        raise Invalid("say why")
    inv["status"] = "cancelled"
    return _invoice_row(state, invoice_id)


@endpoint("office")
def collection_note(state: State, token: str, invoice_id: str) -> CollectionNote:
    """Issue the note that lets a buyer collect the lots of a paid invoice from the store.

    Parameters
    ----------
    token : str
        The session token.
    invoice_id : str
        The paid invoice.

    Returns
    -------
    CollectionNote
        ``data``: the note with the lots to release.
    """
    inv = _invoice(state, invoice_id)
    if inv["status"] != "paid":
        raise Conflict(f"{invoice_id} is {inv['status']}; lots are released once paid for")
    if inv["collected"]:
        raise Conflict(f"the lots of {invoice_id} were already released")
    inv["collected"] = True
    buyer = state.clients[state.registrations[(inv["sale"], inv["paddle"])]["client"]]["name"]
    return CollectionNote(note_id=f"COL-{invoice_id[3:]}", invoice_id=invoice_id, buyer=buyer, lots=list(inv["lots"]),
                          collect_from="Buttercross store, Corve Street")


@endpoint("accounts")
def vendor_statement(state: State, token: str, sale_id: str, client_id: str) -> Statement:
    """Draw up a seller's statement for a closed sale: hammer prices less commission and VAT.

    Parameters
    ----------
    token : str
        The session token.
    sale_id : str
        The sale.
    client_id : str
        The seller.

    Returns
    -------
    Statement
        ``data``: the statement with its lines and the seller's unsold lots, ``due``.
    """
    s = _sale(state, sale_id)
    _client(state, client_id)
    if s["status"] != "closed":
        raise Conflict(f"the {s['title']} is {s['status']}; statements follow the close of the sale")
    sold = sorted(lid for lid, lt in state.lots.items() if lt["sale"] == sale_id and lt["status"] == "sold"
                  and _vendor(state, lid) == client_id)
    if not sold:
        raise Conflict(f"{state.clients[client_id]['name']} sold nothing in the {s['title']}")
    sid = f"VS-{sale_id[1:]}-{client_id[3:]}"
    if sid in state.statements:
        raise Conflict(f"{sid} was already drawn up")
    state.statements[sid] = {"sale": sale_id, "client": client_id, "lots": sold, "status": "due"}
    return _statement_row(state, sid)


@endpoint("accounts")
def settle_vendor(state: State, token: str, statement_id: str, method: SettleMethod) -> Settlement:
    """Pay a seller what their statement says is due, once every buyer on it has paid.

    Parameters
    ----------
    token : str
        The session token.
    statement_id : str
        The statement (``VS-....-.....``).
    method : {"bacs", "cheque"}
        BACS to the bank details on file, or a cheque.

    Returns
    -------
    Settlement
        ``data``: the payment; the statement is ``paid``.
    """
    st = state.statements.get(statement_id)
    if st is None:
        raise NotFound(f"no statement {statement_id}")
    if st["status"] != "due":
        raise Conflict(f"{statement_id} is {st['status']}")
    for lid in st["lots"]:
        paid = any(lid in inv["lots"] and inv["status"] == "paid" for inv in state.invoices.values())
        if not paid:
            raise Conflict(f"the buyer of lot {lid} has not paid; sellers are paid once the buyer has")
    c = state.clients[st["client"]]
    if method == "bacs" and c["bank"] is None:
        raise Conflict(f"no bank details on file for {c['name']}")
    st["status"] = "paid"
    amount = _statement_row(state, statement_id)["total_net"]
    ref = f"{method.upper()}-{_next(state, 'settlement')}"
    return Settlement(statement_id=statement_id, amount=amount, method=method, reference=ref)


# --------------------------------------------------------------------------- unsold goods


@endpoint("cataloguer")
def relist_lot(state: State, token: str, lot_id: str, reserve: Optional[int] = None) -> LotRow:
    """Offer an unsold lot again in the next sale taking entries, at the same estimate.

    Parameters
    ----------
    token : str
        The session token.
    lot_id : str
        The passed lot.
    reserve : int, optional
        A new (lower) reserve agreed with the seller; the old one if not given.

    Returns
    -------
    LotRow
        ``data``: the new lot in the next sale.
    """
    lt = _lot(state, lot_id)
    if lt["status"] != "passed":
        raise Conflict(f"lot {lot_id} is {lt['status']}; only a passed lot is relisted")
    target = next((sid for sid, s in sorted(state.sales.items(), key=lambda kv: kv[1]["date"])
                   if s["status"] == "entries_open"), None)
    if target is None:
        raise Conflict("no sale is taking entries")
    it = state.items[lt["item"]]
    new_reserve = lt["reserve"] if reserve is None else reserve
    if new_reserve < 0 or new_reserve > it["low"]:
        raise Invalid(f"a reserve may not exceed the low estimate ({it['low']}) or be negative")
    n = max([int(k.split("-")[1]) for k, x in state.lots.items() if x["sale"] == target] or [0]) + 1
    new = f"{target}-{n:03d}"
    state.lots[new] = {"sale": target, "item": lt["item"], "reserve": new_reserve, "status": "entered",
                       "hammer": None, "paddle": None, "reports": list(lt["reports"]), "phones": []}
    lt["status"] = "relisted"
    it["status"] = "in_sale"
    return _lot_row(state, new)


@endpoint("office", "cataloguer")
def return_to_vendor(state: State, token: str, lot_id: str, collected_by: str) -> ReturnNote:
    """Hand an unsold or withdrawn lot back to its seller.

    Parameters
    ----------
    token : str
        The session token.
    lot_id : str
        The lot.
    collected_by : str
        Who collected it.

    Returns
    -------
    ReturnNote
        ``data``: the return note; the lot is ``returned``.
    """
    lt = _lot(state, lot_id)
    if lt["status"] not in ("passed", "withdrawn"):
        raise Conflict(f"lot {lot_id} is {lt['status']}; only a passed or withdrawn lot goes back")
    if not collected_by.strip():
        raise Invalid("say who collected it")
    lt["status"] = "returned"
    state.items[lt["item"]]["status"] = "returned"
    vendor = state.clients[_vendor(state, lot_id)]["name"]
    return ReturnNote(note_id=f"RTV-{_next(state, 'return'):04d}", lot_id=lot_id, item_id=lt["item"], vendor=vendor,
                      collected_by=collected_by.strip())


# --------------------------------------------------------------------------- catalog

TOOLS = [
    log_in, log_out, sale_calendar, lot_search, sale_results, find_client, register_client, update_client,
    verify_identity, client_account, email_client, receive_consignment, catalogue_item, agree_terms, enter_in_sale,
    set_reserve, add_condition_report, withdraw_lot, publish_catalogue, list_lots, lot_detail, register_bidder,
    leave_commission_bid, cancel_commission_bid, free_phone_lines, book_phone_line, open_sale, record_hammer,
    record_passed, close_sale, buyer_invoice, take_payment, cancel_invoice, collection_note, vendor_statement,
    settle_vendor, relist_lot, return_to_vendor,
]

FIXTURES = {
    "house": {"name": "Pell & Harrowgate, The Buttercross Saleroom, Ludlow", "today": "Thursday 11 April 2030",
              "sales": "the March Fine Sale (closed), today's April Fine Sale at 10:00, the May Fine Sale (taking entries)"},
    "staff": [
        {"name": "Nell Oakes", "role": "front office", "username": "nell.o", "password": "Gavel-Front-31"},
        {"name": "Hugo Pell", "role": "cataloguer", "username": "hugo.p", "password": "Hallmark-1785"},
        {"name": "Raj Bhatt", "role": "accounts", "username": "raj.b", "password": "Ledger-Line-64"},
        {"name": "Marian Harrowgate", "role": "auctioneer and director", "username": "marian.h",
         "password": "Rostrum-Ten-10"},
    ],
    "new_seller": {"name": "Mrs Philippa Hartley", "email": "philippa.hartley@mail.example", "phone": "07700 900614",
                   "postcode": "SY8 3LR", "identity": "driving licence HARTL652195P99XY and a council tax bill",
                   "goods": "a Doulton Lambeth stoneware jug, c.1880, and a Victorian silver card case from her "
                            "late mother's house"},
    "counter_notes": [
        "Kenji Sato brought his passport (TK4471902) and a utility bill; he wants to bid in the room today",
        "Harriet Beddoes' bank: sort code 30-94-57, account 11852023, in the name H M Beddoes",
        "Owain Pryce is paying for his March jug by bank transfer this morning",
        "Dr Fenwick would like to leave a bid on the Edwardian brooch",
        "Mrs Solberg will bid on the Moorcroft vase by phone from Oslo",
    ],
}

_TOKEN = "auth: session token (token of log_in)"
PUBLIC = ("log_in", "sale_calendar", "lot_search", "sale_results")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CLIENT_CONSUMERS = ["update_client", "verify_identity", "client_account", "receive_consignment", "register_bidder",
                    "email_client"]
SALE_CONSUMERS = ["enter_in_sale", "publish_catalogue", "list_lots", "register_bidder", "open_sale", "close_sale",
                  "buyer_invoice", "vendor_statement", "sale_results"]
LOT_CONSUMERS = ["set_reserve", "add_condition_report", "withdraw_lot", "lot_detail"]
PADDLE_CONSUMERS = ["leave_commission_bid", "book_phone_line", "record_hammer"]
INVOICE_CONSUMERS = ["take_payment", "cancel_invoice", "collection_note"]
_CLIENT = "id lookup/create: client id (client_id of find_client's rows, or of register_client)"
_SALE = "id lookup: sale id (sale_id of a sale_calendar row)"
_LOT = "id lookup/create: lot id (lot_id of enter_in_sale, or of a list_lots row)"
_PADDLE = "id lookup/create: paddle number (paddle of register_bidder, or of client_account's registrations)"
_INVOICE = "id lookup/create: invoice id (invoice_id of buyer_invoice, or of client_account's invoices)"
_CONSIGNMENT = "id lookup/create: consignment id (consignment_id of receive_consignment, or of client_account's consignments)"

GROUND_TRUTH = (
    [("log_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_client|register_client", c, _CLIENT) for c in CLIENT_CONSUMERS]
    + [("sale_calendar", c, _SALE) for c in SALE_CONSUMERS]
    + [("enter_in_sale|list_lots", c, _LOT) for c in LOT_CONSUMERS]
    + [("register_bidder|client_account", c, _PADDLE) for c in PADDLE_CONSUMERS]
    + [("buyer_invoice|client_account", c, _INVOICE) for c in INVOICE_CONSUMERS]
    + [
        ("find_client", "vendor_statement", "id lookup: client id (client_id of find_client's rows)"),
        ("receive_consignment|client_account", "catalogue_item", _CONSIGNMENT),
        ("receive_consignment|client_account", "agree_terms", _CONSIGNMENT),
        ("catalogue_item|client_account", "enter_in_sale",
         "id lookup/create: item id (item_id of catalogue_item, or the items of client_account's consignments)"),
        ("lot_search|list_lots", "leave_commission_bid",
         "id lookup: lot id (lot_id of a lot_search or list_lots row)"),
        ("lot_search|list_lots", "book_phone_line", "id lookup: lot id (lot_id of a lot_search or list_lots row)"),
        ("list_lots", "record_hammer", "id lookup: lot id (lot_id of a list_lots row)"),
        ("list_lots", "record_passed", "id lookup: lot id (lot_id of a list_lots row)"),
        ("sale_results|list_lots", "relist_lot", "id lookup: lot id (lot_id of a sale_results or list_lots row)"),
        ("sale_results|list_lots", "return_to_vendor", "id lookup: lot id (lot_id of a sale_results or list_lots row)"),
        ("leave_commission_bid|lot_detail", "cancel_commission_bid",
         "id lookup/create: commission bid id (bid_id of leave_commission_bid, or of lot_detail's commission_bids)"),
        ("register_bidder|list_lots", "buyer_invoice",
         "id lookup/create: paddle number (paddle of register_bidder, or of a sold list_lots row)"),
        ("vendor_statement", "settle_vendor", "id create: statement id (statement_id of vendor_statement)"),
        ("free_phone_lines", "book_phone_line", "vocabulary: a free telephone line (bare list)"),
        ("verify_identity", "receive_consignment", "state: the client's identity verified"),
        ("verify_identity", "register_bidder", "state: the client's identity verified"),
        ("agree_terms", "enter_in_sale", "state: the seller's terms signed"),
        ("set_reserve", "publish_catalogue", "state: a reserve agreed for every lot"),
        ("publish_catalogue", "leave_commission_bid", "state: the sale's catalogue published"),
        ("open_sale", "record_hammer", "state: the sale in progress"),
        ("open_sale", "record_passed", "state: the sale in progress"),
        ("open_sale", "close_sale", "state: the sale in progress"),
        ("close_sale", "buyer_invoice", "state: the sale closed"),
        ("close_sale", "vendor_statement", "state: the sale closed"),
        ("record_hammer", "buyer_invoice", "state: a lot knocked down to the paddle"),
        ("take_payment", "collection_note", "state: the invoice paid"),
        ("take_payment", "settle_vendor", "state: the buyers of the seller's lots paid"),
        ("update_client", "settle_vendor", "state: bank details on file (BACS)"),
        ("record_passed|close_sale", "relist_lot", "state: the lot passed (unsold)"),
        ("record_passed|withdraw_lot", "return_to_vendor", "state: the lot passed or withdrawn"),
    ]
)

PLAUSIBLE = {
    ("register_client", "find_client"), ("receive_consignment", "client_account"),
    ("catalogue_item", "agree_terms"), ("catalogue_item", "client_account"), ("enter_in_sale", "list_lots"),
    ("enter_in_sale", "lot_search"), ("publish_catalogue", "lot_search"), ("publish_catalogue", "sale_calendar"),
    ("set_reserve", "list_lots"), ("add_condition_report", "lot_detail"),
    ("leave_commission_bid", "lot_detail"), ("register_bidder", "client_account"), ("open_sale", "sale_results"),
    ("record_hammer", "sale_results"), ("record_passed", "sale_results"), ("close_sale", "sale_results"),
    ("record_hammer", "list_lots"), ("buyer_invoice", "client_account"),
    ("take_payment", "client_account"), ("vendor_statement", "client_account"), ("update_client", "email_client"),
    ("record_hammer", "vendor_statement"), ("open_sale", "buyer_invoice"),
    ("withdraw_lot", "relist_lot"), ("record_hammer", "settle_vendor"), ("buyer_invoice", "settle_vendor"),
    ("lot_search", "lot_detail"), ("sale_results", "lot_detail"), ("cancel_invoice", "buyer_invoice"),
    ("cancel_commission_bid", "leave_commission_bid"),
}
