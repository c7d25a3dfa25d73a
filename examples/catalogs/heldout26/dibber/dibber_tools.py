"""Dibber: the plot office of the Fennick Road Allotment Society, Kennick (38 calls).

Async functions over an in-memory ``State`` of the society on Saturday 11 September 2032 at 10:00, the
plot office's Saturday morning. The secretary keeps the waiting list of its three sites (Fennick Road,
Millbrook and Orchard Lane), offers vacant plots to the head of the list, records declined offers, lets
plots on tenancy agreements, sends notices, ends tenancies, splits plots, records co-workers, decides
on sheds, greenhouses and polytunnels and writes to members. The treasurer raises the year's rents,
applies concessions, takes payments and keeps the arrears list. Each site rep inspects the plots on
their own site, signs cleared plots off, hands out and takes back gate keys and reports and mends
water faults. The trading hut sells seed, fertiliser and sundries and books manure loads. The chair
may do everything. The rent scale and the hut's price list are public.

Every tool is a plain ``async def`` without a decorator, each checking its session and role itself.
Replies are in the ``result`` style: a call hands back its value, or an ``Err`` in its place,
``Err(err="<rule>", why="<what is wrong>")``, which reaches the runtime as the JSON object
``{"err": ..., "why": ...}``. The runtime's common conventions read a dict's ``error``, ``success``,
``ok`` or ``status`` and a string's ``Error:`` prefix, none of which this is, so the module declares
``FAILURE`` (``is_err``). Replies are dataclasses and lists of them (a person's record with tenancies,
waiting list entries, invoices, notices and sales as rows; a tenancy's details with co-workers, keys,
inspections, notices, structures and invoices as rows; a sale with its lines nested), bare values (the
balance left after a payment, the deposit refunded for a key) and sentences with an id in them (a
declined offer, a rent invoice raised, a gate key issued, a notice withdrawn, a sale refunded, a
manure booking, a message sent, a sign-out). Ids look alike: person ``P-0330``, waiting list entry
``WL-0088`` and the offer made on it ``OF-0088``; tenancy ``TY-0232``; invoice ``IV-5610``; gate key
``GK-118``; inspection ``IN-0520``; notice ``NT-0071``; structure request ``SR-0044``; tap ``MB-T2`` and
water fault ``WF-0020``; sale ``SS-3320``; manure booking ``MN-0045``; plots ``FR-12``, ``FR-14A``,
``OL-01``. The society's postcodes, who heads a site's list, how long an offer stays open and a tenancy
may wait to start, what happens after a second refusal, the concessions given, the three months a new
tenant has before a non-cultivation notice, the sizes of sheds, greenhouses, polytunnels, ponds and
fruit cages and where polytunnels go, which plots may be split, how many co-workers a plot may have,
that a site rep works on their own site, the manure delivery day and its loads, and who may run a tab
at the hut are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

TODAY = "2032-09-11"  # a Saturday
NOW = "10:00"
RENT_YEAR = 2032  # rents are raised for the year from 1 October 2032 to 30 September 2033
RENT_PER_ROD = 5.50
WATER_PER_ROD = 0.75
KEY_DEPOSIT = 25.0
CONCESSION_RATE = 0.5
OFFER_DAYS = 14
START_WITHIN_DAYS = 14
NEW_TENANT_DAYS = 91
NOTICE_DAYS = 28
MAX_CO_WORKERS = 2
MANURE_LOADS_A_DAY = 6
AREA = "KN"
SITES = {"FR": ("Fennick Road", "bill.h"), "MB": ("Millbrook", "jill.o"), "OL": ("Orchard Lane", "bill.h")}
SIZES = {  # structure -> widest, longest in feet
    "shed": (6.0, 8.0), "greenhouse": (8.0, 10.0), "polytunnel": (10.0, 20.0), "pond": (4.0, 6.0),
    "fruit_cage": (12.0, 20.0),
}

Site = Literal["FR", "MB", "OL"]
Grade = Literal["good", "fair", "poor", "uncultivated"]
NoticeKind = Literal["non_cultivation", "arrears", "termination"]
PayMethod = Literal["cash", "cheque", "card", "bank_transfer"]
HutMethod = Literal["cash", "card", "tab"]
Channel = Literal["email", "sms", "letter"]
StructureKind = Literal["shed", "greenhouse", "polytunnel", "pond", "fruit_cage"]
Concession = Literal["pensioner", "unwaged", "disabled", "student"]


class PlotStatus(str, Enum):
    VACANT = "vacant"
    OFFERED = "offered"
    LET = "let"
    BEING_CLEARED = "being_cleared"




# --------------------------------------------------------------------------- replies


@dataclass(frozen=True)
class Err:
    """What a call hands back in place of its value when the office refuses it."""

    err: str
    why: str


def is_err(reply) -> bool:
    """A reply is a refusal when it is an ``Err``: a JSON object with exactly the keys ``err`` and ``why``."""
    return isinstance(reply, dict) and set(reply) == {"err", "why"}


FAILURE = is_err


@dataclass
class Session:
    token: str
    name: str
    role: str
    site: str | None


@dataclass
class RentScale:
    year: str
    rent_per_rod: float
    water_per_rod: float
    key_deposit: float
    sites: list[list[str]]


@dataclass
class ShopItem:
    code: str
    item: str
    unit: str
    member_price: float
    price: float


@dataclass
class PersonRow:
    person_id: str
    name: str
    postcode: str
    standing: str


@dataclass
class Person:
    person_id: str
    name: str
    address: str
    postcode: str
    phone: str
    email: str | None


@dataclass
class PersonRecord:
    person: Person
    tenancies: list[list]
    waiting: list[list]
    invoices: list[list]
    notices: list[list]
    sales: list[list]


@dataclass
class WaitingEntry:
    entry_id: str
    person_id: str
    name: str
    sites: list[str]
    joined: str
    positions: dict[str, int]


@dataclass
class WaitingRow:
    entry_id: str
    person_id: str
    name: str
    sites: list[str]
    joined: str
    status: str
    offer_id: str | None


@dataclass
class PlotRow:
    plot_id: str
    site: str
    rods: float
    status: str
    tenant: str | None
    tenancy_id: str | None


@dataclass
class Offer:
    offer_id: str
    entry_id: str
    person_id: str
    name: str
    plot_id: str
    made: str
    open_until: str
    status: str


@dataclass
class Tenancy:
    tenancy_id: str
    plot_id: str
    person_id: str
    name: str
    start: str
    status: str
    first_invoice: str | None
    amount: float | None


@dataclass
class TenancyDetails:
    tenancy_id: str
    plot_id: str
    site: str
    rods: float
    person_id: str
    name: str
    start: str
    status: str
    co_workers: list[list[str]]
    keys: list[list]
    inspections: list[list]
    notices: list[list]
    structures: list[list]
    invoices: list[list]


@dataclass
class Invoice:
    invoice_id: str
    tenancy_id: str | None
    lines: list[list]
    total: float
    paid: float
    balance: float
    due: str
    concession: str | None


@dataclass
class ArrearsRow:
    invoice_id: str
    tenancy_id: str
    name: str
    plot_id: str
    balance: float
    due: str


@dataclass
class KeyRow:
    key_id: str
    site: str
    tenancy_id: str
    holder: str
    issued: str


@dataclass
class Inspection:
    inspection_id: str
    plot_id: str
    tenancy_id: str
    grade: str
    notes: str
    by: str
    on: str


@dataclass
class Notice:
    notice_id: str
    tenancy_id: str
    kind: str
    text: str
    sent: str
    expires: str
    status: str


@dataclass
class StructureRequest:
    request_id: str
    tenancy_id: str
    kind: str
    width_ft: float
    length_ft: float
    status: str
    conditions: str | None


@dataclass
class Tap:
    tap_id: str
    site: str
    location: str
    status: str
    fault_id: str | None


@dataclass
class WaterFault:
    fault_id: str
    tap_id: str
    fault: str
    status: str
    reported_by: str
    work_done: str | None


@dataclass
class Sale:
    sale_id: str
    person_id: str | None
    lines: list[list] = field(default_factory=list)
    total: float = 0.0
    method: str = "cash"


# --------------------------------------------------------------------------- state


class State:
    """The Fennick Road Allotment Society's plot office, Kennick, on Saturday 11 September 2032 at 10:00."""

    def __init__(self) -> None:
        self.staff = {
            "ann.t": {"name": "Ann Tolley", "password": "Runner-Bean-12", "role": "secretary", "site": None},
            "raj.m": {"name": "Raj Mistry", "password": "Rent-Day-0110", "role": "treasurer", "site": None},
            "bill.h": {"name": "Bill Hensher", "password": "Water-Butt-7", "role": "site_rep", "site": "FR"},
            "jill.o": {"name": "Jill Okafor", "password": "Compost-Heap-3", "role": "site_rep", "site": "MB"},
            "pat.g": {"name": "Pat Greaves", "password": "Seed-Potato-55", "role": "hut", "site": None},
            "mo.s": {"name": "Maureen Shaw", "password": "Fennick-1921", "role": "chair", "site": None},
        }
        self.sessions = {}
        self.people = {
            "P-0301": {"name": "Mr George Abbott", "address": "4 Fennick Road, Kennick", "postcode": "KN2 4FR",
                       "phone": "07700 900301", "email": "g.abbott@mail.example"},
            "P-0304": {"name": "Mrs Edna Pike", "address": "17 Chapel Street, Kennick", "postcode": "KN2 1CS",
                       "phone": "07700 900304", "email": None},
            "P-0309": {"name": "Mr Ray Dobbs", "address": "9 Mill Row, Kennick", "postcode": "KN3 2MR",
                       "phone": "07700 900309", "email": "ray.dobbs@mail.example"},
            "P-0312": {"name": "Ms Kerry Lund", "address": "31 Station Road, Kennick", "postcode": "KN1 5SR",
                       "phone": "07700 900312", "email": "kerry.lund@mail.example"},
            "P-0315": {"name": "Mr Sunil Rao", "address": "2 Orchard Close, Kennick", "postcode": "KN4 3OC",
                       "phone": "07700 900315", "email": "sunil.rao@mail.example"},
            "P-0318": {"name": "Mrs Olive Rhodes", "address": "Flat 6, Millbrook Court, Kennick", "postcode": "KN3 6MC",
                       "phone": "07700 900318", "email": None},
            "P-0321": {"name": "Ms Helen Grey", "address": "12 Weir Lane, Kennick", "postcode": "KN3 4WL",
                       "phone": "07700 900321", "email": "helen.grey@mail.example"},
            "P-0323": {"name": "Mr Colin Ashe", "address": "58 Fennick Road, Kennick", "postcode": "KN2 4FR",
                       "phone": "07700 900323", "email": None},
            "P-0325": {"name": "Ms Bryony Hale", "address": "3 Kiln Yard, Kennick", "postcode": "KN1 2KY",
                       "phone": "07700 900325", "email": "bryony.hale@mail.example"},
            "P-0327": {"name": "Mr Ade Bankole", "address": "40 Brook Street, Kennick", "postcode": "KN3 1BS",
                       "phone": "07700 900327", "email": "ade.bankole@mail.example"},
            "P-0328": {"name": "Mrs June Ellis", "address": "1 Orchard Lane, Kennick", "postcode": "KN4 1OL",
                       "phone": "07700 900328", "email": None},
        }
        self.plots = {  # id -> site, rods, status
            "FR-01": {"site": "FR", "rods": 10.0, "status": "let"},
            "FR-02": {"site": "FR", "rods": 10.0, "status": "let"},
            "FR-05": {"site": "FR", "rods": 10.0, "status": "being_cleared"},
            "FR-07": {"site": "FR", "rods": 5.0, "status": "let"},
            "FR-12": {"site": "FR", "rods": 10.0, "status": "vacant"},
            "FR-14A": {"site": "FR", "rods": 5.0, "status": "let"},
            "FR-14B": {"site": "FR", "rods": 5.0, "status": "let"},
            "MB-03": {"site": "MB", "rods": 10.0, "status": "let"},
            "MB-09": {"site": "MB", "rods": 7.5, "status": "offered"},
            "MB-11": {"site": "MB", "rods": 10.0, "status": "let"},
            "OL-01": {"site": "OL", "rods": 5.0, "status": "vacant"},
            "OL-02": {"site": "OL", "rods": 5.0, "status": "let"},
        }
        self.tenancies = {  # id -> plot, person, start, status, co-workers [[name, phone]]
            "TY-0201": {"plot": "FR-01", "person": "P-0301", "start": "2014-04-01", "status": "active", "co": []},
            "TY-0204": {"plot": "FR-02", "person": "P-0304", "start": "2017-10-01", "status": "active", "co": []},
            "TY-0211": {"plot": "MB-03", "person": "P-0309", "start": "2019-03-01", "status": "active", "co": []},
            "TY-0219": {"plot": "FR-07", "person": "P-0312", "start": "2024-05-01", "status": "active",
                        "co": [["Mr Tom Lund", "07700 900313"]]},
            "TY-0222": {"plot": "FR-14B", "person": "P-0325", "start": "2031-11-01", "status": "active", "co": []},
            "TY-0226": {"plot": "FR-14A", "person": "P-0315", "start": "2026-02-01", "status": "active", "co": []},
            "TY-0229": {"plot": "MB-11", "person": "P-0318", "start": "2011-10-01", "status": "active", "co": []},
            "TY-0230": {"plot": "OL-02", "person": "P-0328", "start": "2030-03-01", "status": "active", "co": []},
        }
        self.waiting = {  # id -> person, sites, joined, status, declines
            "WL-0081": {"person": "P-0321", "sites": ["MB"], "joined": "2029-11-20", "status": "offered", "declines": 0},
            "WL-0083": {"person": "P-0323", "sites": ["FR"], "joined": "2030-02-01", "status": "waiting", "declines": 0},
            "WL-0085": {"person": "P-0325", "sites": ["MB"], "joined": "2030-06-10", "status": "waiting", "declines": 0},
            "WL-0086": {"person": "P-0327", "sites": ["MB", "FR"], "joined": "2031-01-15", "status": "waiting",
                        "declines": 1},
        }
        self.offers = {
            "OF-0081": {"entry": "WL-0081", "plot": "MB-09", "made": "2032-09-04", "until": "2032-09-18",
                        "status": "open"},
        }
        self.invoices = {  # id -> tenancy, person, lines [[what, amount]], paid, due, concession
            "IV-5542": {"tenancy": "TY-0211", "person": "P-0309", "lines": [["Rent and water 2031-32, 10 rods", 62.5]],
                        "paid": 7.5, "due": "2031-10-31", "concession": None, "rent_year": 2031},
            "IV-5601": {"tenancy": "TY-0201", "person": "P-0301", "lines": [["Rent and water 2032-33, 10 rods", 62.5]],
                        "paid": 0.0, "due": "2032-10-31", "concession": None, "rent_year": 2032},
            "IV-5588": {"tenancy": "TY-0230", "person": "P-0328", "lines": [["Gate key deposit", KEY_DEPOSIT],
                                                                             ["Rent and water to 30 September 2030, 5 rods",
                                                                              18.75]],
                        "paid": 43.75, "due": "2030-03-01", "concession": None, "rent_year": None},
            "IV-5603": {"tenancy": "TY-0226", "person": "P-0315", "lines": [["Rent and water 2032-33, 5 rods", 31.25]],
                        "paid": 31.25, "due": "2032-10-31", "concession": None, "rent_year": 2032},
        }
        self.keys = {  # id -> site, tenancy, issued, status
            "GK-104": {"site": "FR", "tenancy": "TY-0201", "issued": "2014-04-01", "status": "out"},
            "GK-109": {"site": "FR", "tenancy": "TY-0226", "issued": "2026-02-01", "status": "out"},
            "GK-111": {"site": "OL", "tenancy": "TY-0230", "issued": "2030-03-01", "status": "lost"},
            "GK-112": {"site": "MB", "tenancy": "TY-0211", "issued": "2019-03-01", "status": "out"},
            "GK-116": {"site": "FR", "tenancy": "TY-0222", "issued": "2031-11-01", "status": "out"},
        }
        self.inspections = {
            "IN-0511": {"plot": "MB-03", "tenancy": "TY-0211", "grade": "poor", "by": "Jill Okafor", "on": "2032-08-14",
                        "notes": "Two thirds under couch grass and brambles; shed roof off"},
            "IN-0514": {"plot": "FR-02", "tenancy": "TY-0204", "grade": "fair", "by": "Bill Hensher", "on": "2032-06-12",
                        "notes": "Beds dug but weedy at the far end"},
        }
        self.notices = {
            "NT-0069": {"tenancy": "TY-0211", "kind": "non_cultivation", "sent": "2032-08-20", "expires": "2032-09-17",
                        "status": "live", "text": "Please bring at least three quarters of the plot into cultivation "
                                                  "within 28 days."},
        }
        self.structures = {
            "SR-0042": {"tenancy": "TY-0226", "kind": "greenhouse", "width": 6.0, "length": 8.0, "status": "approved",
                        "conditions": "Glazed with polycarbonate, not glass"},
        }
        self.taps = {
            "FR-T1": {"site": "FR", "location": "By the main gate", "status": "on"},
            "FR-T2": {"site": "FR", "location": "Trough at the top of the central path", "status": "on"},
            "MB-T1": {"site": "MB", "location": "By the car park", "status": "on"},
            "MB-T2": {"site": "MB", "location": "Trough beside plot MB-09", "status": "off"},
            "OL-T1": {"site": "OL", "location": "Standpipe by the hedge", "status": "on"},
        }
        self.faults = {
            "WF-0019": {"tap": "MB-T2", "fault": "Ballcock stuck open; trough overflowing onto the path", "status": "open",
                        "by": "Jill Okafor", "work": None},
        }
        self.stock = {  # code -> item, unit, member price, price, in stock
            "SP-CHT": ["Seed potatoes, Charlotte", "kg", 1.60, 2.20, 40],
            "OS-RED": ["Onion sets, Red Baron", "500 g", 1.80, 2.40, 25],
            "GB-FIS": ["Fish, blood and bone", "3 kg tub", 4.50, 6.00, 18],
            "CP-MUL": ["Peat-free multipurpose compost", "50 l bag", 5.20, 6.50, 30],
            "NT-ENV": ["Insect mesh", "2 m x 5 m", 8.00, 10.00, 6],
            "SD-BRB": ["Broad beans, Aquadulce Claudia (autumn sowing)", "packet", 1.20, 1.60, 50],
            "GA-STR": ["Garlic, Solent Wight", "3 bulbs", 3.40, 4.20, 20],
        }
        self.sales = {}
        self.manure = {}
        self.messages = []
        self.counters = {"session": 1, "person": 330, "entry": 88, "tenancy": 232, "invoice": 5610, "key": 118,
                         "inspection": 520, "notice": 71, "structure": 44, "fault": 20, "sale": 3320, "manure": 45,
                         "message": 902}


# --------------------------------------------------------------------------- helpers


class _Bounce(Exception):
    """Raised by a guard inside a tool; the tool hands back ``self.err``."""

    def __init__(self, err: str, why: str) -> None:
        super().__init__(why)
        self.err = Err(err=err, why=why)


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _who(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token)
    if who is None:
        raise _Bounce("no_session", "no session for that token; sign in again")
    if roles and who["role"] not in roles and who["role"] != "chair":
        raise _Bounce("not_allowed", f"{who['name']} ({who['role'].replace('_', ' ')}) may not do this; it is for "
                                     f"the {' or '.join(r.replace('_', ' ') for r in roles)}")
    return who


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _date(text: str) -> str:
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except (TypeError, ValueError):
        raise _Bounce("bad_date", f"{text!r} is not a date (YYYY-MM-DD)") from None


def _add_days(day: str, n: int) -> str:
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=n)).isoformat()


def _person(state: State, person_id: str) -> dict:
    p = state.people.get(person_id)
    if p is None:
        raise _Bounce("no_person", f"no person {person_id}")
    return p


def _plot(state: State, plot_id: str) -> dict:
    p = state.plots.get(plot_id)
    if p is None or p["status"] == "split":
        raise _Bounce("no_plot", f"no plot {plot_id}")
    return p


def _tenancy(state: State, tenancy_id: str, active: bool = True) -> dict:
    t = state.tenancies.get(tenancy_id)
    if t is None:
        raise _Bounce("no_tenancy", f"no tenancy {tenancy_id}")
    if active and t["status"] != "active":
        raise _Bounce("tenancy_ended", f"{tenancy_id} has ended")
    return t


def _tenancy_of_plot(state: State, plot_id: str) -> str | None:
    return next((tid for tid, t in sorted(state.tenancies.items()) if t["plot"] == plot_id and t["status"] == "active"),
                None)


def _total(inv: dict) -> float:
    return _money(sum(amount for _, amount in inv["lines"]))


def _balance(inv: dict) -> float:
    return _money(_total(inv) - inv["paid"])


def _overdue(state: State, person_id: str) -> list[str]:
    return [iid for iid, i in sorted(state.invoices.items())
            if i["person"] == person_id and i["due"] < TODAY and _balance(i) > 0]


def _person_reply(state: State, person_id: str) -> Person:
    p = state.people[person_id]
    return Person(person_id=person_id, name=p["name"], address=p["address"], postcode=p["postcode"], phone=p["phone"],
                  email=p["email"])


def _plot_row(state: State, plot_id: str) -> PlotRow:
    p = state.plots[plot_id]
    tid = _tenancy_of_plot(state, plot_id)
    tenant = state.people[state.tenancies[tid]["person"]]["name"] if tid else None
    return PlotRow(plot_id=plot_id, site=p["site"], rods=p["rods"], status=p["status"], tenant=tenant, tenancy_id=tid)


def _offer_reply(state: State, offer_id: str) -> Offer:
    o = state.offers[offer_id]
    e = state.waiting[o["entry"]]
    return Offer(offer_id=offer_id, entry_id=o["entry"], person_id=e["person"], name=state.people[e["person"]]["name"],
                 plot_id=o["plot"], made=o["made"], open_until=o["until"], status=o["status"])


def _invoice_reply(state: State, invoice_id: str) -> Invoice:
    i = state.invoices[invoice_id]
    return Invoice(invoice_id=invoice_id, tenancy_id=i["tenancy"], lines=[list(x) for x in i["lines"]], total=_total(i),
                   paid=i["paid"], balance=_balance(i), due=i["due"], concession=i["concession"])


def _details(state: State, tenancy_id: str) -> TenancyDetails:
    t = state.tenancies[tenancy_id]
    p = state.plots[t["plot"]]
    return TenancyDetails(
        tenancy_id=tenancy_id, plot_id=t["plot"], site=p["site"], rods=p["rods"], person_id=t["person"],
        name=state.people[t["person"]]["name"], start=t["start"], status=t["status"],
        co_workers=[list(c) for c in t["co"]],
        keys=[[kid, k["site"], k["issued"], k["status"]] for kid, k in sorted(state.keys.items())
              if k["tenancy"] == tenancy_id],
        inspections=[[iid, i["on"], i["grade"], i["by"]] for iid, i in sorted(state.inspections.items())
                     if i["tenancy"] == tenancy_id],
        notices=[[nid, n["kind"], n["sent"], n["expires"], n["status"]] for nid, n in sorted(state.notices.items())
                 if n["tenancy"] == tenancy_id],
        structures=[[sid, s["kind"], s["width"], s["length"], s["status"]] for sid, s in sorted(state.structures.items())
                    if s["tenancy"] == tenancy_id],
        invoices=[[iid, _total(i), _balance(i), i["due"]] for iid, i in sorted(state.invoices.items())
                  if i["tenancy"] == tenancy_id])


def _head_of_list(state: State, site: str) -> str | None:
    waiting = [(e["joined"], eid) for eid, e in state.waiting.items() if e["status"] == "waiting" and site in e["sites"]]
    return min(waiting)[1] if waiting else None


def _live_notice(state: State, tenancy_id: str, kind: str) -> str | None:
    return next((nid for nid, n in sorted(state.notices.items()) if n["tenancy"] == tenancy_id and n["kind"] == kind
                 and n["status"] == "live" and n["expires"] >= TODAY), None)


def _site_rep(state: State, who: dict, site: str) -> None:
    if who["role"] == "site_rep" and SITES[site][1] != who["user"]:
        raise _Bounce("not_your_site", f"{who['name']} is not the rep for {SITES[site][0]}; each rep works on their "
                                       "own site")


# --------------------------------------------------------------------------- sign-in and public lists


async def sign_in(state: State, username: str, password: str) -> Session | Err:
    """Sign in to the plot office with a committee member's user name and password. The reply is the
    session; its token goes with every other call."""
    try:
        user = state.staff.get(username)
        if user is None or user["password"] != password:
            raise _Bounce("bad_login", "wrong user name or password")
        token = f"fras-{username.split('.')[0]}-{_next(state, 'session'):02d}"
        state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"], "site": user["site"]}
        return Session(token=token, name=user["name"], role=user["role"], site=user["site"])
    except _Bounce as b:
        return b.err


async def sign_out(state: State, token: str) -> str | Err:
    """Sign out, ending the session the token belongs to. The reply says who was signed out."""
    try:
        who = _who(state, token)
        state.sessions.pop(token)
        return f"Signed out {who['name']}."
    except _Bounce as b:
        return b.err


async def rent_scale(state: State) -> RentScale:
    """The society's rent scale for the coming year and its sites (public; no sign-in). Rent and water are
    charged by the rod; a new tenant also pays a deposit for the gate key."""
    return RentScale(year=f"1 October {RENT_YEAR} to 30 September {RENT_YEAR + 1}", rent_per_rod=RENT_PER_ROD,
                     water_per_rod=WATER_PER_ROD, key_deposit=KEY_DEPOSIT,
                     sites=[[code, name] for code, (name, _) in SITES.items()])


async def shop_price_list(state: State) -> list[ShopItem]:
    """The trading hut's price list (public; no sign-in): each item's code, unit, the price to plot holders
    and the price to everyone else."""
    return [ShopItem(code=code, item=s[0], unit=s[1], member_price=s[2], price=s[3]) for code, s in state.stock.items()]


# --------------------------------------------------------------------------- people and the waiting list


async def find_person(state: State, token: str, text: str) -> list[PersonRow] | Err:
    """Look people up (tenants, applicants, former tenants) by part of a name, an address, a postcode or a
    phone number. Each row says whether the person is a tenant, on the waiting list, or neither."""
    try:
        _who(state, token)
        t = text.strip().lower()
        if not t:
            raise _Bounce("empty", "say what to look for")
        rows = []
        for pid, p in sorted(state.people.items()):
            if t in " ".join([p["name"], p["address"], p["postcode"], p["phone"]]).lower():
                if any(x["person"] == pid and x["status"] == "active" for x in state.tenancies.values()):
                    standing = "tenant"
                elif any(e["person"] == pid and e["status"] in ("waiting", "offered") for e in state.waiting.values()):
                    standing = "waiting list"
                else:
                    standing = "none"
                rows.append(PersonRow(person_id=pid, name=p["name"], postcode=p["postcode"], standing=standing))
        return rows
    except _Bounce as b:
        return b.err


async def add_applicant(state: State, token: str, name: str, address: str, postcode: str, phone: str,
                        sites: list[str], email: str | None = None) -> WaitingEntry | Err:
    """Put a new applicant on the waiting list for one or more sites (FR, MB, OL), recording them as a
    person. The reply is the waiting list entry with the person's id and their place on each site's list."""
    try:
        _who(state, token, "secretary")
        if not name.strip() or not address.strip():
            raise _Bounce("missing", "an applicant needs a name and an address")
        if not sites or any(s not in SITES for s in sites) or len(set(sites)) != len(sites):
            raise _Bounce("bad_sites", f"choose one or more of the sites {', '.join(SITES)}")
        if not postcode.strip().upper().startswith(AREA):
            raise _Bounce("outside_parish", f"{postcode} is outside Kennick; plots are let to residents of the "
                                            f"{AREA} postcodes")
        if email is not None and "@" not in email:
            raise _Bounce("bad_email", f"{email!r} is not an e-mail address")
        for pid, p in state.people.items():
            if p["phone"].replace(" ", "") == phone.replace(" ", ""):
                raise _Bounce("already_known", f"{p['name']} is already {pid} with that phone number")
        pid = f"P-{_next(state, 'person'):04d}"
        state.people[pid] = {"name": name.strip(), "address": address.strip(), "postcode": postcode.strip().upper(),
                             "phone": phone.strip(), "email": email.strip() if email else None}
        eid = f"WL-{_next(state, 'entry'):04d}"
        state.waiting[eid] = {"person": pid, "sites": list(sites), "joined": TODAY, "status": "waiting", "declines": 0}
        positions = {}
        for s in sites:
            ahead = [e for e in state.waiting.values() if e["status"] == "waiting" and s in e["sites"]]
            positions[s] = len(ahead)
        return WaitingEntry(entry_id=eid, person_id=pid, name=name.strip(), sites=list(sites), joined=TODAY,
                            positions=positions)
    except _Bounce as b:
        return b.err


async def update_contact(state: State, token: str, person_id: str, phone: str | None = None,
                         email: str | None = None, address: str | None = None,
                         postcode: str | None = None) -> Person | Err:
    """Change a person's phone number, e-mail address or postal address; only what is given is changed,
    and a change to nothing new is refused. The reply is the person as now recorded."""
    try:
        _who(state, token, "secretary", "treasurer")
        p = _person(state, person_id)
        changes = {}
        for key, value in (("phone", phone), ("email", email), ("address", address), ("postcode", postcode)):
            if value is not None and value.strip() != (p[key] or ""):
                changes[key] = value.strip()
        if not changes:
            raise _Bounce("no_change", f"nothing to change: those are already {p['name']}'s details")
        if "email" in changes and "@" not in changes["email"]:
            raise _Bounce("bad_email", f"{email!r} is not an e-mail address")
        if "postcode" in changes and not changes["postcode"].upper().startswith(AREA):
            raise _Bounce("outside_parish", "a tenant who moves out of Kennick gives up their plot at the end of the "
                                            "rent year; tell the secretary")
        p.update(changes)
        return _person_reply(state, person_id)
    except _Bounce as b:
        return b.err


async def person_record(state: State, token: str, person_id: str) -> PersonRecord | Err:
    """A person's whole record: their details, tenancies as rows of [tenancy_id, plot_id, start, status],
    waiting list entries as rows of [entry_id, sites, joined, status], invoices as rows of
    [invoice_id, total, balance, due], notices as rows of [notice_id, kind, expires, status] and hut sales
    as rows of [sale_id, total, method]."""
    try:
        _who(state, token)
        _person(state, person_id)
        mine = {tid for tid, t in state.tenancies.items() if t["person"] == person_id}
        return PersonRecord(
            person=_person_reply(state, person_id),
            tenancies=[[tid, t["plot"], t["start"], t["status"]] for tid, t in sorted(state.tenancies.items())
                       if tid in mine],
            waiting=[[eid, list(e["sites"]), e["joined"], e["status"]] for eid, e in sorted(state.waiting.items())
                     if e["person"] == person_id],
            invoices=[[iid, _total(i), _balance(i), i["due"]] for iid, i in sorted(state.invoices.items())
                      if i["person"] == person_id],
            notices=[[nid, n["kind"], n["expires"], n["status"]] for nid, n in sorted(state.notices.items())
                     if n["tenancy"] in mine],
            sales=[[sid, s.total, s.method] for sid, s in sorted(state.sales.items()) if s.person_id == person_id])
    except _Bounce as b:
        return b.err


async def waiting_list(state: State, token: str, site: Site | None = None) -> list[WaitingRow] | Err:
    """The waiting list, longest waiting first, or only the applicants for one site (FR, MB, OL). A row
    whose status is offered carries the number of the open offer."""
    try:
        _who(state, token)
        if site is not None and site not in SITES:
            raise _Bounce("bad_site", f"{site!r} is not one of the society's sites")
        rows = []
        for eid, e in sorted(state.waiting.items(), key=lambda kv: (kv[1]["joined"], kv[0])):
            if e["status"] not in ("waiting", "offered") or (site is not None and site not in e["sites"]):
                continue
            offer = next((oid for oid, o in sorted(state.offers.items()) if o["entry"] == eid and o["status"] == "open"),
                         None)
            rows.append(WaitingRow(entry_id=eid, person_id=e["person"], name=state.people[e["person"]]["name"],
                                   sites=list(e["sites"]), joined=e["joined"], status=e["status"], offer_id=offer))
        return rows
    except _Bounce as b:
        return b.err


async def notify_person(state: State, token: str, person_id: str, channel: Channel, message: str) -> str | Err:
    """Send a person an e-mail, a text or a letter from the office. An e-mail needs an e-mail address on
    file. The reply says what was sent."""
    try:
        _who(state, token, "secretary", "treasurer")
        p = _person(state, person_id)
        if channel not in ("email", "sms", "letter"):
            raise _Bounce("bad_channel", f"{channel!r} is not a way to write")
        if not message.strip():
            raise _Bounce("empty", "the message is empty")
        if channel == "email" and not p["email"]:
            raise _Bounce("no_email", f"no e-mail address on file for {p['name']}")
        mid = f"MSG-{_next(state, 'message')}"
        state.messages.append({"id": mid, "person": person_id, "channel": channel, "text": message.strip()})
        return f"Message {mid} sent to {p['name']} by {channel}."
    except _Bounce as b:
        return b.err


# --------------------------------------------------------------------------- plots, offers, tenancies


async def plot_map(state: State, token: str, site: Site | None = None,
                   status: PlotStatus | None = None) -> list[PlotRow] | Err:
    """The plots, optionally on one site (FR, MB, OL) or in one status (vacant, offered, let,
    being_cleared), each with its size in rods, its tenant and the tenancy it is let on."""
    try:
        _who(state, token)
        if site is not None and site not in SITES:
            raise _Bounce("bad_site", f"{site!r} is not one of the society's sites")
        wanted = None
        if status is not None:
            try:
                wanted = status.value if isinstance(status, PlotStatus) else PlotStatus(status).value
            except ValueError:
                raise _Bounce("bad_status", f"{status!r} is not a plot status") from None
        return [_plot_row(state, pid) for pid, p in sorted(state.plots.items())
                if p["status"] != "split" and (site is None or p["site"] == site)
                and (wanted is None or p["status"] == wanted)]
    except _Bounce as b:
        return b.err


async def offer_plot(state: State, token: str, plot_id: str, entry_id: str) -> Offer | Err:
    """Offer a vacant plot to the applicant at the head of the waiting list for its site, named by their
    waiting list entry. The offer stays open for a fixed time; the reply is the offer with its number."""
    try:
        _who(state, token, "secretary")
        p = _plot(state, plot_id)
        e = state.waiting.get(entry_id)
        if e is None:
            raise _Bounce("no_entry", f"no waiting list entry {entry_id}")
        if p["status"] != "vacant":
            raise _Bounce("plot_not_vacant", f"{plot_id} is {p['status'].replace('_', ' ')}")
        if e["status"] != "waiting":
            raise _Bounce("not_waiting", f"{entry_id} is {e['status']}")
        if p["site"] not in e["sites"]:
            raise _Bounce("wrong_site", f"{entry_id} is waiting for {', '.join(e['sites'])}, not {SITES[p['site']][0]}")
        head = _head_of_list(state, p["site"])
        if head != entry_id:
            raise _Bounce("not_head_of_list", f"plots are offered in turn: the head of the {SITES[p['site']][0]} list "
                                              f"is {head} ({state.people[state.waiting[head]['person']]['name']})")
        oid = "OF-" + entry_id[3:]
        state.offers[oid] = {"entry": entry_id, "plot": plot_id, "made": TODAY, "until": _add_days(TODAY, OFFER_DAYS),
                             "status": "open"}
        e["status"], p["status"] = "offered", "offered"
        return _offer_reply(state, oid)
    except _Bounce as b:
        return b.err


def _open_offer(state: State, offer_id: str) -> dict:
    o = state.offers.get(offer_id)
    if o is None:
        raise _Bounce("no_offer", f"no offer {offer_id}")
    if o["status"] != "open":
        raise _Bounce("offer_closed", f"{offer_id} was {o['status']}")
    if o["until"] < TODAY:
        raise _Bounce("offer_lapsed", f"{offer_id} lapsed on {o['until']}")
    return o


async def decline_offer(state: State, token: str, offer_id: str, reason: str) -> str | Err:
    """Record that an applicant has turned an offer down. The plot is free to offer again; the applicant
    goes back on the list, to the end of it, unless this is a second refusal. The reply says which."""
    try:
        _who(state, token, "secretary")
        o = _open_offer(state, offer_id)
        if not reason.strip():
            raise _Bounce("empty", "say why it was turned down")
        e = state.waiting[o["entry"]]
        o["status"] = "declined"
        state.plots[o["plot"]]["status"] = "vacant"
        e["declines"] += 1
        name = state.people[e["person"]]["name"]
        if e["declines"] >= 2:
            e["status"] = "removed"
            return f"Offer {offer_id} of {o['plot']} declined; {name} has refused twice and leaves the waiting list."
        e["status"], e["joined"] = "waiting", TODAY
        return f"Offer {offer_id} of {o['plot']} declined; {name} goes back to the end of the waiting list."
    except _Bounce as b:
        return b.err


async def start_tenancy(state: State, token: str, offer_id: str, start: str, signed_by: str) -> Tenancy | Err:
    """Let the plot on an open offer to the applicant who has signed the tenancy agreement, from a start
    date. The first invoice (the key deposit, and rent and water from the start to the end of September)
    is raised with it; the reply is the tenancy with that invoice's number."""
    try:
        _who(state, token, "secretary")
        o = _open_offer(state, offer_id)
        e = state.waiting[o["entry"]]
        person = state.people[e["person"]]
        d = _date(start)
        if d < TODAY or d > _add_days(TODAY, START_WITHIN_DAYS):
            raise _Bounce("bad_start", f"a tenancy starts between today and {START_WITHIN_DAYS} days from now")
        if signed_by.strip().lower() != person["name"].lower():
            raise _Bounce("wrong_signature", f"the agreement is signed by the tenant, {person['name']}")
        plot = state.plots[o["plot"]]
        tid = f"TY-{_next(state, 'tenancy'):04d}"
        state.tenancies[tid] = {"plot": o["plot"], "person": e["person"], "start": d, "status": "active", "co": []}
        days = (datetime.date(RENT_YEAR, 9, 30) - datetime.date.fromisoformat(d)).days + 1
        part = _money(plot["rods"] * (RENT_PER_ROD + WATER_PER_ROD) * max(days, 0) / 365)
        iid = f"IV-{_next(state, 'invoice')}"
        state.invoices[iid] = {"tenancy": tid, "person": e["person"], "due": d, "concession": None, "paid": 0.0,
                               "rent_year": None,
                               "lines": [["Gate key deposit", KEY_DEPOSIT],
                                         [f"Rent and water to 30 September {RENT_YEAR}, {plot['rods']:g} rods", part]]}
        o["status"], e["status"], plot["status"] = "accepted", "housed", "let"
        return Tenancy(tenancy_id=tid, plot_id=o["plot"], person_id=e["person"], name=person["name"], start=d,
                       status="active", first_invoice=iid, amount=_total(state.invoices[iid]))
    except _Bounce as b:
        return b.err


async def tenancy_details(state: State, token: str, tenancy_id: str) -> TenancyDetails | Err:
    """A tenancy's details: the plot, the tenant, co-workers as [name, phone], gate keys as
    [key_id, site, issued, status], inspections as [inspection_id, on, grade, by], notices as
    [notice_id, kind, sent, expires, status], sheds and other structures as [request_id, kind, width_ft,
    length_ft, status] and invoices as [invoice_id, total, balance, due]."""
    try:
        _who(state, token)
        _tenancy(state, tenancy_id, active=False)
        return _details(state, tenancy_id)
    except _Bounce as b:
        return b.err


async def add_co_worker(state: State, token: str, tenancy_id: str, name: str, phone: str) -> TenancyDetails | Err:
    """Register someone who helps work a plot, so that they may be on site without the tenant. The reply
    is the tenancy's details."""
    try:
        _who(state, token, "secretary")
        t = _tenancy(state, tenancy_id)
        if not name.strip() or not phone.strip():
            raise _Bounce("missing", "a co-worker needs a name and a phone number")
        if any(c[0].lower() == name.strip().lower() for c in t["co"]):
            raise _Bounce("already_co_worker", f"{name.strip()} already works {t['plot']}")
        if len(t["co"]) >= MAX_CO_WORKERS:
            raise _Bounce("too_many", f"a plot has at most {MAX_CO_WORKERS} registered co-workers")
        t["co"].append([name.strip(), phone.strip()])
        return _details(state, tenancy_id)
    except _Bounce as b:
        return b.err


async def remove_co_worker(state: State, token: str, tenancy_id: str, name: str) -> TenancyDetails | Err:
    """Take a registered co-worker off a plot. The reply is the tenancy's details."""
    try:
        _who(state, token, "secretary")
        t = _tenancy(state, tenancy_id)
        match = [c for c in t["co"] if c[0].lower() == name.strip().lower()]
        if not match:
            raise _Bounce("not_co_worker", f"{name.strip()} is not a co-worker on {t['plot']}")
        t["co"].remove(match[0])
        return _details(state, tenancy_id)
    except _Bounce as b:
        return b.err


async def end_tenancy(state: State, token: str, tenancy_id: str, reason: str) -> Tenancy | Err:
    """End a tenancy when the tenant gives the plot up or it is terminated. Every gate key must be back
    first. The plot is then to be cleared; the reply is the tenancy, ended, with its plot."""
    try:
        _who(state, token, "secretary")
        t = _tenancy(state, tenancy_id)
        out = [kid for kid, k in sorted(state.keys.items()) if k["tenancy"] == tenancy_id and k["status"] == "out"]
        if out:
            raise _Bounce("keys_out", f"gate key {', '.join(out)} is still out; it comes back before the tenancy ends")
        if not reason.strip():
            raise _Bounce("empty", "say why the tenancy ends")
        t["status"], t["ended"], t["reason"] = "ended", TODAY, reason.strip()
        state.plots[t["plot"]]["status"] = "being_cleared"
        for nid, n in state.notices.items():
            if n["tenancy"] == tenancy_id and n["status"] == "live":
                n["status"] = "closed"
        return Tenancy(tenancy_id=tenancy_id, plot_id=t["plot"], person_id=t["person"],
                       name=state.people[t["person"]]["name"], start=t["start"], status="ended", first_invoice=None,
                       amount=None)
    except _Bounce as b:
        return b.err


async def plot_cleared(state: State, token: str, plot_id: str, notes: str) -> PlotRow | Err:
    """Sign a plot off as cleared after a tenancy has ended, so that it can be let again. The reply is
    the plot, vacant."""
    try:
        who = _who(state, token, "site_rep")
        p = _plot(state, plot_id)
        _site_rep(state, who, p["site"])
        if p["status"] != "being_cleared":
            raise _Bounce("not_being_cleared", f"{plot_id} is {p['status'].replace('_', ' ')}")
        if not notes.strip():
            raise _Bounce("empty", "note what was cleared and what is left")
        p["status"], p["cleared_notes"] = "vacant", notes.strip()
        return _plot_row(state, plot_id)
    except _Bounce as b:
        return b.err


async def split_plot(state: State, token: str, plot_id: str) -> list[PlotRow] | Err:
    """Split a vacant full plot into two half plots, A and B, to let separately. The reply is the two
    new plots."""
    try:
        _who(state, token, "secretary")
        p = _plot(state, plot_id)
        if p["status"] != "vacant":
            raise _Bounce("plot_not_vacant", f"{plot_id} is {p['status'].replace('_', ' ')}; only a vacant plot is split")
        if p["rods"] < 10 or plot_id[-1] in "AB":
            raise _Bounce("too_small", f"{plot_id} is {p['rods']:g} rods; only full plots of ten rods or more are split")
        p["status"] = "split"
        halves = []
        for half in "AB":
            new = plot_id + half
            state.plots[new] = {"site": p["site"], "rods": p["rods"] / 2, "status": "vacant"}
            halves.append(_plot_row(state, new))
        return halves
    except _Bounce as b:
        return b.err


async def record_inspection(state: State, token: str, plot_id: str, grade: Grade, notes: str) -> Inspection | Err:
    """Record a site rep's inspection of a let plot: good, fair, poor or uncultivated, with notes. The
    reply is the inspection with its number."""
    try:
        who = _who(state, token, "site_rep")
        p = _plot(state, plot_id)
        _site_rep(state, who, p["site"])
        if grade not in ("good", "fair", "poor", "uncultivated"):
            raise _Bounce("bad_grade", f"{grade!r} is not a grade")
        tid = _tenancy_of_plot(state, plot_id)
        if tid is None:
            raise _Bounce("not_let", f"{plot_id} is {p['status'].replace('_', ' ')}; only let plots are inspected")
        if not notes.strip():
            raise _Bounce("empty", "note what was seen")
        iid = f"IN-{_next(state, 'inspection'):04d}"
        state.inspections[iid] = {"plot": plot_id, "tenancy": tid, "grade": grade, "by": who["name"], "on": TODAY,
                                  "notes": notes.strip()}
        return Inspection(inspection_id=iid, plot_id=plot_id, tenancy_id=tid, grade=grade, notes=notes.strip(),
                          by=who["name"], on=TODAY)
    except _Bounce as b:
        return b.err


async def send_notice(state: State, token: str, tenancy_id: str, kind: NoticeKind, text: str) -> Notice | Err:
    """Send a tenant a notice: non_cultivation after a poor inspection, arrears for money overdue, or
    termination once an earlier notice has run out unanswered. The reply is the notice with its number
    and the date it runs to."""
    try:
        _who(state, token, "secretary")
        t = _tenancy(state, tenancy_id)
        if kind not in ("non_cultivation", "arrears", "termination"):
            raise _Bounce("bad_kind", f"{kind!r} is not a notice")
        if not text.strip():
            raise _Bounce("empty", "write the notice")
        if _live_notice(state, tenancy_id, kind):
            raise _Bounce("notice_live", f"{_live_notice(state, tenancy_id, kind)} is already running")
        if kind == "non_cultivation":
            if t["start"] > _add_days(TODAY, -NEW_TENANT_DAYS):
                raise _Bounce("new_tenant", "a new tenant has three months to bring a plot into cultivation")
            latest = max(((i["on"], i["grade"]) for i in state.inspections.values() if i["tenancy"] == tenancy_id),
                         default=None)
            if latest is None or latest[1] not in ("poor", "uncultivated") or latest[0] < _add_days(TODAY, -30):
                raise _Bounce("no_poor_inspection", "a non-cultivation notice follows an inspection in the last 30 "
                                                    "days graded poor or uncultivated")
        elif kind == "arrears":
            if not _overdue(state, t["person"]):
                raise _Bounce("nothing_overdue", f"nothing is overdue for {tenancy_id}")
        else:
            lapsed = [nid for nid, n in state.notices.items() if n["tenancy"] == tenancy_id and n["status"] == "live"
                      and n["expires"] < TODAY]
            if not lapsed:
                raise _Bounce("no_lapsed_notice", "termination follows a notice that has run out unanswered")
        nid = f"NT-{_next(state, 'notice'):04d}"
        state.notices[nid] = {"tenancy": tenancy_id, "kind": kind, "sent": TODAY, "expires": _add_days(TODAY, NOTICE_DAYS),
                              "status": "live", "text": text.strip()}
        n = state.notices[nid]
        return Notice(notice_id=nid, tenancy_id=tenancy_id, kind=kind, text=n["text"], sent=TODAY, expires=n["expires"],
                      status="live")
    except _Bounce as b:
        return b.err


async def withdraw_notice(state: State, token: str, notice_id: str, reason: str) -> str | Err:
    """Withdraw a running notice, when the plot has been brought back into cultivation or the money paid.
    The reply says what was withdrawn."""
    try:
        _who(state, token, "secretary")
        n = state.notices.get(notice_id)
        if n is None:
            raise _Bounce("no_notice", f"no notice {notice_id}")
        if n["status"] != "live":
            raise _Bounce("not_live", f"{notice_id} is {n['status']}")
        if not reason.strip():
            raise _Bounce("empty", "say why it is withdrawn")
        n["status"], n["reason"] = "withdrawn", reason.strip()
        return f"Notice {notice_id} ({n['kind'].replace('_', '-')}) on {n['tenancy']} withdrawn."
    except _Bounce as b:
        return b.err


async def request_structure(state: State, token: str, tenancy_id: str, kind: StructureKind, width_ft: float,
                            length_ft: float) -> StructureRequest | Err:
    """Record a tenant's request to put up a shed, greenhouse, polytunnel, pond or fruit cage, with its size
    in feet. The committee decides on it; the reply is the request with its number."""
    try:
        _who(state, token, "secretary")
        t = _tenancy(state, tenancy_id)
        if kind not in SIZES:
            raise _Bounce("bad_kind", f"{kind!r} is not a structure the rules allow")
        w, l = sorted((float(width_ft), float(length_ft)))
        if w <= 0:
            raise _Bounce("bad_size", "give the size in feet")
        if w > SIZES[kind][0] or l > SIZES[kind][1]:
            raise _Bounce("too_big", f"a {kind.replace('_', ' ')} may be up to {SIZES[kind][0]:g} by "
                                     f"{SIZES[kind][1]:g} feet")
        if kind == "polytunnel" and state.plots[t["plot"]]["rods"] < 10:
            raise _Bounce("full_plots_only", "polytunnels go on full plots only")
        if any(s["tenancy"] == tenancy_id and s["kind"] == kind and s["status"] in ("pending", "approved")
               for s in state.structures.values()):
            raise _Bounce("already_has_one", f"{t['plot']} already has a {kind.replace('_', ' ')} approved or asked for")
        sid = f"SR-{_next(state, 'structure'):04d}"
        state.structures[sid] = {"tenancy": tenancy_id, "kind": kind, "width": w, "length": l, "status": "pending",
                                 "conditions": None}
        return StructureRequest(request_id=sid, tenancy_id=tenancy_id, kind=kind, width_ft=w, length_ft=l,
                                status="pending", conditions=None)
    except _Bounce as b:
        return b.err


async def decide_structure(state: State, token: str, request_id: str, approve: bool,
                           conditions: str) -> StructureRequest | Err:
    """Record the committee's decision on a structure request, approved or refused, with any conditions or
    the reason. The reply is the request as decided."""
    try:
        _who(state, token, "secretary")
        s = state.structures.get(request_id)
        if s is None:
            raise _Bounce("no_request", f"no structure request {request_id}")
        if s["status"] != "pending":
            raise _Bounce("already_decided", f"{request_id} was {s['status']}")
        if not conditions.strip():
            raise _Bounce("empty", "give the conditions or the reason")
        s["status"], s["conditions"] = "approved" if approve else "refused", conditions.strip()
        return StructureRequest(request_id=request_id, tenancy_id=s["tenancy"], kind=s["kind"], width_ft=s["width"],
                                length_ft=s["length"], status=s["status"], conditions=s["conditions"])
    except _Bounce as b:
        return b.err


# --------------------------------------------------------------------------- rents and keys


async def raise_rent(state: State, token: str, tenancy_id: str, year: int) -> str | Err:
    """Raise a tenancy's rent and water invoice for the rent year starting on 1 October of the given year.
    The reply gives the invoice number and the amount."""
    try:
        _who(state, token, "treasurer")
        t = _tenancy(state, tenancy_id)
        if year != RENT_YEAR:
            raise _Bounce("bad_year", f"rents are raised now for the year from 1 October {RENT_YEAR}")
        if _live_notice(state, tenancy_id, "termination"):
            raise _Bounce("under_notice", f"{tenancy_id} is under notice to quit")
        for iid, i in state.invoices.items():
            if i["tenancy"] == tenancy_id and i.get("rent_year") == year:
                raise _Bounce("already_raised", f"{iid} is already the {year}-{(year + 1) % 100:02d} rent for {tenancy_id}")
        rods = state.plots[t["plot"]]["rods"]
        iid = f"IV-{_next(state, 'invoice')}"
        state.invoices[iid] = {"tenancy": tenancy_id, "person": t["person"], "due": f"{year}-10-31", "concession": None,
                               "paid": 0.0, "rent_year": year,
                               "lines": [[f"Rent and water {year}-{(year + 1) % 100:02d}, {rods:g} rods",
                                          _money(rods * (RENT_PER_ROD + WATER_PER_ROD))]]}
        total = _total(state.invoices[iid])
        return f"Invoice {iid} raised for {tenancy_id} ({t['plot']}): {total:.2f} pounds, due {year}-10-31."
    except _Bounce as b:
        return b.err


async def apply_concession(state: State, token: str, invoice_id: str, concession: Concession) -> Invoice | Err:
    """Halve the rent on an unpaid rent invoice for a tenant who qualifies for a concession. The reply is
    the invoice as now owed."""
    try:
        _who(state, token, "treasurer")
        i = state.invoices.get(invoice_id)
        if i is None:
            raise _Bounce("no_invoice", f"no invoice {invoice_id}")
        if concession not in ("pensioner", "unwaged", "disabled", "student"):
            raise _Bounce("bad_concession", f"{concession!r} is not a concession")
        c = concession
        if c == "student":
            raise _Bounce("no_such_concession", "the society gives concessions to pensioners, the unwaged and disabled "
                                                "tenants; there is no student rate")
        if i.get("rent_year") is None:
            raise _Bounce("not_rent", f"{invoice_id} is not a rent invoice")
        if i["concession"]:
            raise _Bounce("already_conceded", f"{invoice_id} already has the {i['concession']} concession")
        if _balance(i) <= 0 or i["paid"] > 0:
            raise _Bounce("already_paid", f"{invoice_id} has been paid or part paid; a concession goes on before payment")
        i["lines"].append([f"Concession ({c}): half the rent", -_money(_total(i) * CONCESSION_RATE)])
        i["concession"] = c
        return _invoice_reply(state, invoice_id)
    except _Bounce as b:
        return b.err


async def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float | Err:
    """Take a payment against an invoice. The reply is the balance left on the invoice, in pounds."""
    try:
        _who(state, token, "treasurer")
        i = state.invoices.get(invoice_id)
        if i is None:
            raise _Bounce("no_invoice", f"no invoice {invoice_id}")
        if method not in ("cash", "cheque", "card", "bank_transfer"):
            raise _Bounce("bad_method", f"{method!r} is not a way to pay")
        if _balance(i) <= 0:
            raise _Bounce("already_paid", f"{invoice_id} is paid")
        if amount <= 0 or _money(amount) > _balance(i):
            raise _Bounce("bad_amount", f"{invoice_id} has {_balance(i):.2f} to pay")
        i["paid"] = _money(i["paid"] + amount)
        return _balance(i)
    except _Bounce as b:
        return b.err


async def arrears_list(state: State, token: str) -> list[ArrearsRow] | Err:
    """Invoices past their due date and not paid in full, oldest first."""
    try:
        _who(state, token, "treasurer", "secretary")
        rows = []
        for iid, i in sorted(state.invoices.items(), key=lambda kv: (kv[1]["due"], kv[0])):
            if i["due"] < TODAY and _balance(i) > 0 and i["tenancy"]:
                t = state.tenancies[i["tenancy"]]
                rows.append(ArrearsRow(invoice_id=iid, tenancy_id=i["tenancy"], name=state.people[i["person"]]["name"],
                                       plot_id=t["plot"], balance=_balance(i), due=i["due"]))
        return rows
    except _Bounce as b:
        return b.err


async def issue_key(state: State, token: str, tenancy_id: str) -> str | Err:
    """Hand a tenant a gate key for their site, once the key deposit has been paid. The reply gives the
    key's number."""
    try:
        who = _who(state, token, "site_rep")
        t = _tenancy(state, tenancy_id)
        site = state.plots[t["plot"]]["site"]
        _site_rep(state, who, site)
        if any(k["tenancy"] == tenancy_id and k["status"] == "out" for k in state.keys.values()):
            raise _Bounce("has_key", f"{tenancy_id} already has a gate key out")
        deposit = [i for i in state.invoices.values() if i["tenancy"] == tenancy_id
                   and any(line[0] == "Gate key deposit" for line in i["lines"])]
        if not deposit or any(_balance(i) > 0 for i in deposit):
            raise _Bounce("deposit_unpaid", "the key deposit is paid before a key is handed over")
        kid = f"GK-{_next(state, 'key')}"
        state.keys[kid] = {"site": site, "tenancy": tenancy_id, "issued": TODAY, "status": "out"}
        name = state.people[t["person"]]["name"]
        return f"Gate key {kid} for {SITES[site][0]} issued to {name} ({tenancy_id})."
    except _Bounce as b:
        return b.err


async def keys_out(state: State, token: str, site: Site | None = None) -> list[KeyRow] | Err:
    """The gate keys out with tenants, optionally for one site."""
    try:
        _who(state, token)
        if site is not None and site not in SITES:
            raise _Bounce("bad_site", f"{site!r} is not one of the society's sites")
        return [KeyRow(key_id=kid, site=k["site"], tenancy_id=k["tenancy"],
                       holder=state.people[state.tenancies[k["tenancy"]]["person"]]["name"], issued=k["issued"])
                for kid, k in sorted(state.keys.items()) if k["status"] == "out" and (site is None or k["site"] == site)]
    except _Bounce as b:
        return b.err


async def return_key(state: State, token: str, key_id: str) -> float | Err:
    """Take a gate key back. The reply is the deposit refunded, in pounds (nothing for keys issued before
    deposits were taken)."""
    try:
        who = _who(state, token, "site_rep", "treasurer")
        k = state.keys.get(key_id)
        if k is None:
            raise _Bounce("no_key", f"no gate key {key_id}")
        if k["status"] != "out":
            raise _Bounce("not_out", f"{key_id} is {k['status']}")
        if who["role"] == "site_rep":
            _site_rep(state, who, k["site"])
        k["status"] = "returned"
        paid = any(i["tenancy"] == k["tenancy"] and any(line[0] == "Gate key deposit" for line in i["lines"])
                   for i in state.invoices.values())
        return KEY_DEPOSIT if paid else 0.0
    except _Bounce as b:
        return b.err


async def book_manure(state: State, token: str, tenancy_id: str, loads: int) -> str | Err:
    """Book loads of manure to be tipped at a plot on the next delivery day. The reply gives the booking
    number and the day."""
    try:
        _who(state, token, "hut", "secretary")
        t = _tenancy(state, tenancy_id)
        if not 1 <= loads <= 3:
            raise _Bounce("bad_loads", "one to three loads a plot")
        owed = _overdue(state, t["person"])
        if owed:
            raise _Bounce("money_owed", f"{', '.join(owed)} is overdue; manure is for members in good standing")
        site = state.plots[t["plot"]]["site"]
        day = _add_days(TODAY, 7)
        while sum(m["loads"] for m in state.manure.values() if m["day"] == day and m["site"] == site) + loads > \
                MANURE_LOADS_A_DAY:
            day = _add_days(day, 7)
        mid = f"MN-{_next(state, 'manure'):04d}"
        state.manure[mid] = {"tenancy": tenancy_id, "site": site, "loads": loads, "day": day}
        return f"Manure booking {mid}: {loads} load{'s' if loads > 1 else ''} to {t['plot']} on Saturday {day}."
    except _Bounce as b:
        return b.err


# --------------------------------------------------------------------------- water


async def water_points(state: State, token: str, site: Site | None = None) -> list[Tap] | Err:
    """The taps and troughs, optionally on one site, with any open fault on each."""
    try:
        _who(state, token)
        if site is not None and site not in SITES:
            raise _Bounce("bad_site", f"{site!r} is not one of the society's sites")
        out = []
        for tid, t in sorted(state.taps.items()):
            if site is None or t["site"] == site:
                fault = next((fid for fid, f in sorted(state.faults.items()) if f["tap"] == tid and f["status"] == "open"),
                             None)
                out.append(Tap(tap_id=tid, site=t["site"], location=t["location"], status=t["status"], fault_id=fault))
        return out
    except _Bounce as b:
        return b.err


async def report_water_fault(state: State, token: str, tap_id: str, fault: str, turn_off: bool) -> WaterFault | Err:
    """Report a fault on a tap or trough, turning it off at the stopcock if need be. The reply is the
    fault with its number."""
    try:
        who = _who(state, token, "site_rep", "secretary")
        t = state.taps.get(tap_id)
        if t is None:
            raise _Bounce("no_tap", f"no tap {tap_id}")
        if not fault.strip():
            raise _Bounce("empty", "say what is wrong")
        fid = f"WF-{_next(state, 'fault'):04d}"
        state.faults[fid] = {"tap": tap_id, "fault": fault.strip(), "status": "open", "by": who["name"], "work": None}
        if turn_off:
            t["status"] = "off"
        return WaterFault(fault_id=fid, tap_id=tap_id, fault=fault.strip(), status="open", reported_by=who["name"],
                          work_done=None)
    except _Bounce as b:
        return b.err


async def fix_water_fault(state: State, token: str, fault_id: str, work_done: str) -> WaterFault | Err:
    """Sign a water fault off as mended; the tap is turned back on. The reply is the fault, fixed."""
    try:
        who = _who(state, token, "site_rep")
        f = state.faults.get(fault_id)
        if f is None:
            raise _Bounce("no_fault", f"no water fault {fault_id}")
        tap = state.taps[f["tap"]]
        _site_rep(state, who, tap["site"])
        if f["status"] != "open":
            raise _Bounce("already_fixed", f"{fault_id} is already mended")
        if not work_done.strip():
            raise _Bounce("empty", "say what was done")
        f["status"], f["work"] = "fixed", work_done.strip()
        if not any(o["tap"] == f["tap"] and o["status"] == "open" for o in state.faults.values()):
            tap["status"] = "on"
        return WaterFault(fault_id=fault_id, tap_id=f["tap"], fault=f["fault"], status="fixed", reported_by=f["by"],
                          work_done=f["work"])
    except _Bounce as b:
        return b.err


# --------------------------------------------------------------------------- the trading hut


async def shop_sale(state: State, token: str, items: list[str], quantities: list[int], method: HutMethod,
                    person_id: str | None = None) -> Sale | Err:
    """Sell from the trading hut: item codes with a quantity for each. Plot holders named by their person
    id pay the member price. The reply is the sale with its lines and total."""
    try:
        _who(state, token, "hut")
        if not items or len(items) != len(quantities):
            raise _Bounce("bad_lines", "give one quantity for each item")
        if method not in ("cash", "card", "tab"):
            raise _Bounce("bad_method", f"{method!r} is not a way to pay at the hut")
        member = False
        if person_id is not None:
            _person(state, person_id)
            member = any(t["person"] == person_id and t["status"] == "active" for t in state.tenancies.values())
        if method == "tab" and not member:
            raise _Bounce("no_tab", "only plot holders may put hut purchases on a tab")
        lines = []
        for code, qty in zip(items, quantities):
            s = state.stock.get(code)
            if s is None:
                raise _Bounce("no_item", f"no item {code} in the hut")
            if qty < 1:
                raise _Bounce("bad_quantity", "quantities are whole numbers from one")
            if s[4] < qty:
                raise _Bounce("out_of_stock", f"only {s[4]} of {s[0]} left")
            each = s[2] if member else s[3]
            lines.append([code, s[0], qty, each, _money(each * qty)])
        for code, qty in zip(items, quantities):
            state.stock[code][4] -= qty
        sid = f"SS-{_next(state, 'sale')}"
        sale = Sale(sale_id=sid, person_id=person_id, lines=lines, total=_money(sum(x[4] for x in lines)), method=method)
        state.sales[sid] = sale
        if method == "tab":
            iid = f"IV-{_next(state, 'invoice')}"
            state.invoices[iid] = {"tenancy": None, "person": person_id, "due": "2032-09-30", "concession": None,
                                   "paid": 0.0, "rent_year": None, "lines": [[f"Hut tab, sale {sid}", sale.total]]}
        return sale
    except _Bounce as b:
        return b.err


async def refund_sale(state: State, token: str, sale_id: str, reason: str) -> str | Err:
    """Refund a hut sale made today and put the goods back in stock. The reply says what was refunded."""
    try:
        _who(state, token, "hut")
        sale = state.sales.get(sale_id)
        if sale is None:
            raise _Bounce("no_sale", f"no sale {sale_id}")
        if sale.method == "refunded":
            raise _Bounce("already_refunded", f"{sale_id} was refunded")
        if not reason.strip():
            raise _Bounce("empty", "say why")
        for code, _, qty, _, _ in sale.lines:
            state.stock[code][4] += qty
        total = sale.total
        sale.method = "refunded"
        return f"Sale {sale_id} refunded: {total:.2f} pounds."
    except _Bounce as b:
        return b.err


TOOLS = [
    sign_in, sign_out, rent_scale, shop_price_list, find_person, add_applicant, update_contact, person_record,
    waiting_list, notify_person, plot_map, offer_plot, decline_offer, start_tenancy, tenancy_details, add_co_worker,
    remove_co_worker, end_tenancy, plot_cleared, split_plot, record_inspection, send_notice, withdraw_notice,
    request_structure, decide_structure, raise_rent, apply_concession, take_payment, arrears_list, issue_key,
    keys_out, return_key, book_manure, water_points, report_water_fault, fix_water_fault, shop_sale, refund_sale,
]

FIXTURES = {
    "society": {"name": "Fennick Road Allotment Society, Kennick", "today": "Saturday 11 September 2032, 10:00",
                "sites": "Fennick Road, Millbrook and Orchard Lane"},
    "committee": [
        {"name": "Ann Tolley", "role": "secretary", "username": "ann.t", "password": "Runner-Bean-12"},
        {"name": "Raj Mistry", "role": "treasurer", "username": "raj.m", "password": "Rent-Day-0110"},
        {"name": "Bill Hensher", "role": "site rep, Fennick Road and Orchard Lane", "username": "bill.h",
         "password": "Water-Butt-7"},
        {"name": "Jill Okafor", "role": "site rep, Millbrook", "username": "jill.o", "password": "Compost-Heap-3"},
        {"name": "Pat Greaves", "role": "trading hut", "username": "pat.g", "password": "Seed-Potato-55"},
        {"name": "Maureen Shaw", "role": "chair", "username": "mo.s", "password": "Fennick-1921"},
    ],
    "new_applicant": {"name": "Mr Tariq Aziz", "address": "22 Larch Close, Kennick", "postcode": "KN4 7LC",
                      "phone": "07700 900622", "email_later": "tariq.aziz@mail.example",
                      "wants": "a half plot at Orchard Lane, near his home; he would take a plot straight away",
                      "co_worker": {"name": "Mrs Samira Aziz", "phone": "07700 900623"}},
    "office_notes": [
        "Mrs Olive Rhodes is a pensioner and always has the concession on her rent",
        "Ms Helen Grey has rung to say she will take the Millbrook plot she was offered, from next Saturday",
        "Mrs Edna Pike's plot has gone to grass since her fall in the spring; Bill to inspect",
        "Mr Ray Dobbs says he will pay last year's rent today, in cash",
        "The trough next to the Millbrook car park end is fixed: Jill fitted a new ballcock valve",
        "Mr George Abbott has lost his job; he asks whether he can have the unwaged rate this year",
    ],
}

_TOKEN = "auth: session token (token of sign_in's Session)"
PUBLIC = ("sign_in", "rent_scale", "shop_price_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
PERSON_CONSUMERS = ["update_contact", "person_record", "notify_person", "shop_sale"]
TENANCY_CONSUMERS = ["tenancy_details", "add_co_worker", "remove_co_worker", "end_tenancy", "request_structure",
                     "raise_rent", "issue_key", "book_manure"]
_PERSON = "id lookup/create: person id (person_id of add_applicant's entry, or of a find_person row)"
_TENANCY = "id lookup/create: tenancy id (tenancy_id of start_tenancy, or of a plot_map row)"
_PLOT = "id lookup: plot id (plot_id of a plot_map row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("add_applicant|find_person", c, _PERSON) for c in PERSON_CONSUMERS]
    + [("start_tenancy|plot_map", c, _TENANCY) for c in TENANCY_CONSUMERS]
    + [("plot_map", c, _PLOT) for c in ("record_inspection", "split_plot")]
    + [
        ("add_applicant|waiting_list", "offer_plot",
         "id lookup/create: waiting list entry (entry_id of add_applicant, or of a waiting_list row)"),
        ("plot_map|split_plot", "offer_plot",
         "id lookup/create: a vacant plot (plot_id of a plot_map row, or of a split_plot half)"),
        ("offer_plot|waiting_list", "decline_offer",
         "id lookup/create: offer number (offer_id of offer_plot, or of a waiting_list row)"),
        ("offer_plot|waiting_list", "start_tenancy",
         "id lookup/create: offer number (offer_id of offer_plot, or of a waiting_list row)"),
        ("end_tenancy|plot_map", "plot_cleared",
         "id lookup/create: a plot being cleared (plot_id of end_tenancy, or of a plot_map row)"),
        ("plot_map|arrears_list", "send_notice",
         "id lookup: tenancy id (tenancy_id of a plot_map row, or of an arrears_list row)"),
        ("start_tenancy|raise_rent|arrears_list", "take_payment",
         "id lookup/create: invoice number (first_invoice of start_tenancy, in raise_rent's sentence, or of an "
         "arrears_list row)"),
        ("raise_rent|person_record", "apply_concession",
         "id lookup/create: a rent invoice (in raise_rent's sentence, or of person_record's invoices)"),
        ("issue_key|keys_out", "return_key",
         "id lookup/create: gate key number (in issue_key's sentence, or of a keys_out row)"),
        ("send_notice|tenancy_details", "withdraw_notice",
         "id lookup/create: notice number (notice_id of send_notice, or of tenancy_details' notices)"),
        ("request_structure", "decide_structure", "id create: structure request (request_id of request_structure)"),
        ("water_points", "report_water_fault", "id lookup: tap id (tap_id of a water_points row)"),
        ("report_water_fault|water_points", "fix_water_fault",
         "id lookup/create: water fault (fault_id of report_water_fault, or of a water_points row)"),
        ("shop_sale", "refund_sale", "id create: sale number (sale_id of shop_sale)"),
        ("shop_price_list", "shop_sale", "vocabulary: item codes (code of shop_price_list rows)"),
        ("take_payment", "issue_key", "state: the key deposit paid"),
        ("return_key", "end_tenancy", "state: every gate key back"),
        ("plot_cleared", "offer_plot", "state: the plot cleared and vacant"),
        ("plot_cleared", "split_plot", "state: the plot cleared and vacant"),
        ("decline_offer", "offer_plot", "state: the plot free to offer again"),
        ("record_inspection", "send_notice", "state: a recent poor inspection (non-cultivation)"),
        ("add_co_worker", "remove_co_worker", "state: the co-worker registered"),
        ("take_payment", "book_manure", "state: nothing overdue"),
        ("update_contact", "notify_person", "state: an e-mail address on file"),
    ]
)

PLAUSIBLE = {
    ("add_applicant", "find_person"), ("add_applicant", "waiting_list"),
    ("offer_plot", "waiting_list"), ("offer_plot", "plot_map"), ("offer_plot", "person_record"),
    ("decline_offer", "waiting_list"), ("decline_offer", "plot_map"), ("start_tenancy", "waiting_list"),
    ("start_tenancy", "plot_map"), ("start_tenancy", "person_record"), ("start_tenancy", "find_person"),
    ("start_tenancy", "arrears_list"), ("start_tenancy", "send_notice"), ("start_tenancy", "record_inspection"),
    ("start_tenancy", "apply_concession"), ("tenancy_details", "take_payment"),
    ("tenancy_details", "decide_structure"), ("tenancy_details", "return_key"), ("tenancy_details", "plot_cleared"),
    ("person_record", "tenancy_details"), ("person_record", "add_co_worker"), ("person_record", "remove_co_worker"),
    ("person_record", "end_tenancy"), ("person_record", "request_structure"), ("person_record", "raise_rent"),
    ("person_record", "issue_key"), ("person_record", "book_manure"), ("person_record", "send_notice"),
    ("person_record", "take_payment"), ("person_record", "withdraw_notice"), ("person_record", "decline_offer"),
    ("person_record", "refund_sale"), ("waiting_list", "person_record"), ("waiting_list", "notify_person"),
    ("waiting_list", "update_contact"), ("arrears_list", "tenancy_details"),
    ("arrears_list", "book_manure"), ("arrears_list", "raise_rent"), ("arrears_list", "end_tenancy"),
    ("keys_out", "tenancy_details"), ("keys_out", "end_tenancy"), ("issue_key", "keys_out"),
    ("return_key", "keys_out"), ("issue_key", "end_tenancy"), ("raise_rent", "arrears_list"),
    ("raise_rent", "person_record"), ("raise_rent", "tenancy_details"), ("apply_concession", "take_payment"),
    ("take_payment", "arrears_list"), ("take_payment", "send_notice"), ("take_payment", "person_record"),
    ("take_payment", "tenancy_details"), ("take_payment", "return_key"), ("end_tenancy", "plot_map"),
    ("end_tenancy", "offer_plot"), ("end_tenancy", "split_plot"), ("end_tenancy", "tenancy_details"),
    ("plot_cleared", "plot_map"), ("split_plot", "plot_map"), ("record_inspection", "tenancy_details"),
    ("send_notice", "tenancy_details"), ("send_notice", "person_record"), ("withdraw_notice", "tenancy_details"),
    ("withdraw_notice", "send_notice"), ("send_notice", "end_tenancy"), ("add_co_worker", "tenancy_details"),
    ("remove_co_worker", "tenancy_details"), ("request_structure", "tenancy_details"),
    ("decide_structure", "tenancy_details"), ("report_water_fault", "water_points"),
    ("fix_water_fault", "water_points"), ("shop_sale", "person_record"), ("refund_sale", "person_record"),
    ("shop_sale", "shop_price_list"), ("shop_sale", "take_payment"), ("refund_sale", "shop_price_list"),
    ("find_person", "waiting_list"), ("find_person", "tenancy_details"), ("update_contact", "person_record"),
    ("update_contact", "find_person"),
}
