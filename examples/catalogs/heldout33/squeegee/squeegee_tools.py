"""Squeegee: the office, studio, workshop and fitters of Brightside Signs & Graphics, Tanyard Industrial Estate (41 calls).

Sync functions over an in-memory ``State`` of the workshop on Tuesday 9 March 2032 at 08:30. The office finds and
registers customers, keeps their details, adds the sites a sign goes on (premises, or a vehicle for van graphics),
writes to customers, drafts quotes from the price guide (a line per item, with its size and quantity), takes
lines off, sends quotes and turns an accepted quote into a job; it takes the job's deposit, applies to the council
for advertisement consent or a highway licence and records the council's decision, books the fitting into a
team's free slot, cancels a fitting, hands collected work over, raises the final invoice and takes payment. The
designer in the studio draws the artwork proof in vinyl films and print media from the vinyl range and sends it
to the customer, and the office or the designer records the customer's approval or the changes asked for. The
workshop reads the stock, orders vinyl and sheets and books deliveries in, reserves a job's materials once its
artwork is approved and its deposit paid, logs each production stage (print, laminate, cut, weed, mount, finish)
and passes the finished work through quality control. The fitters (and the workshop bay for vehicles) complete a
fitting on the day with photographs. The manager may do everything and cancels jobs. The price guide and the
vinyl range are public.

Every tool is a plain ``def`` without a decorator; each checks its session and role itself (``_staff``). A
refusal is raised as the module's own exception class, ``SignshopError`` (``SignshopError("JB-7403 has £105.50
of its deposit to pay; nothing is reserved before the deposit is paid")``), which the runtime records as an
error (``"SignshopError: ..."``); the module declares no ``FAILURE``. Replies are dataclasses and lists of them,
with rows nested as lists of lists (a quote's lines, a job sheet's lines, proofs, materials, consents and
fittings, a customer file's sites, quotes, jobs and invoices, a reservation's materials); bare values answer a
quote line added or taken off (the quote's new total), a deposit taken (the deposit still due) and a payment (the
balance left); sentences with an id in them answer a quote sent, a proof sent, a message, a fitting cancelled, a
job cancelled and a sign-out. Annotations are PEP 604 (``X | None``, builtin ``list[str]``), evaluated at
definition (no ``from __future__ import annotations``), with a ``str`` ``Enum`` filter (``JobStage``), two plain
``Enum`` inputs (``Stage``, ``ConsentKind``), ``Literal`` inputs (site kind, channel, payment method, approval
decision, council decision) and ``Literal`` filters (quote status, stock kind, consent status, fitting team).
numpy docstrings. Ids look alike: job ``JB-7410``, quote ``QT-6621``, proof ``PF-2207``, purchase order
``PO-1180``, consent ``CN-0450``, fitting ``FB-3301``, invoice ``IN-9050``, message ``MS-4410``; customer
``CU-5110``, site ``ST-5210``; slot ``FS-0309-T2-PM``; teams ``T1``, ``T2`` and ``BY`` (the workshop bay).
Which films each kind of sign takes, that vehicle graphics go on a vehicle and fixed signs on premises, which
signs need advertisement consent or a highway licence, that a sign fitted 3 m or more up needs team T1 (the
access tower), that vehicles are fitted in the bay, that films and media are ordered by the 5 m and that the
council wants the approved drawing are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import math
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

TODAY = "2032-03-09"  # a Tuesday
DEPOSIT_SHARE = 0.5
ROLL_WIDTH_M = 1.2
TOWER_FROM_M = 3.0


class SignshopError(Exception):
    """A request the workshop's system refuses; the message says why."""


class JobStage(str, Enum):
    ARTWORK = "artwork"
    APPROVED = "approved"
    PRODUCTION = "production"
    READY = "ready"
    COMPLETE = "complete"
    INVOICED = "invoiced"
    CANCELLED = "cancelled"


class Stage(Enum):
    PRINT = "print"
    LAMINATE = "laminate"
    CUT = "cut"
    WEED = "weed"
    MOUNT = "mount"
    FINISH = "finish"


class ConsentKind(Enum):
    ADVERT_CONSENT = "advertisement_consent"
    HIGHWAY_LICENCE = "highway_licence"


SiteKind = Literal["premises", "vehicle"]
Channel = Literal["sms", "email"]
PayMethod = Literal["card", "bacs", "cash"]
Decision = Literal["approved", "changes"]
CouncilDecision = Literal["granted", "refused"]
QuoteStatus = Literal["draft", "sent", "accepted"]
StockKind = Literal["vinyl", "media", "substrate", "sundries"]
ConsentStatus = Literal["applied", "granted", "refused"]
Team = Literal["T1", "T2", "BY"]

STAGE_ORDER = [s.value for s in Stage]
PRODUCTS = {  # code -> name, £/m2, minimum, fitted, max w, max h, stages, film families, substrate and faces, consents
    "ACM-PANEL": ("Aluminium composite panel, printed and laminated", 110.0, 85.0, True, 2440, 1220,
                  ["print", "laminate", "mount"], {"3951RA", "651"}, ("ACM-3MM", 1), []),
    "FASCIA-TRAY": ("Folded composite fascia tray, printed and laminated", 165.0, 250.0, True, 6000, 900,
                    ["print", "laminate", "mount"], {"3951RA", "651"}, ("ACM-3MM", 1), []),
    "PROJECTING": ("Projecting sign on a wall bracket, double-sided", 240.0, 180.0, True, 900, 900,
                   ["print", "laminate", "mount"], {"3951RA", "651"}, ("ACM-3MM", 2),
                   ["advertisement_consent", "highway_licence"]),
    "ILLUM-BOX": ("Illuminated lightbox with a translucent vinyl face", 420.0, 450.0, True, 3000, 1000,
                  ["cut", "weed", "mount"], {"8300"}, ("POLY-5MM", 1), ["advertisement_consent"]),
    "CUT-LETTERS": ("Cut vinyl lettering", 45.0, 35.0, True, 5000, 1200, ["cut", "weed"], {"651", "631"}, None, []),
    "WINDOW-FROST": ("Frosted window film with cut-out lettering", 55.0, 40.0, True, 3000, 2400, ["cut", "weed"],
                     {"8510", "651"}, None, []),
    "VEHICLE-GRAPHICS": ("Printed and laminated vehicle graphics in cast film", 95.0, 150.0, True, 5000, 1500,
                         ["print", "laminate", "cut"], {"IJ180", "751"}, None, []),
    "BANNER-PVC": ("PVC banner, hemmed and eyeletted", 18.0, 25.0, False, 12000, 3000, ["print", "finish"],
                   {"BAN"}, None, []),
}
VEHICLE_OK = {"VEHICLE-GRAPHICS", "CUT-LETTERS", "BANNER-PVC"}
PREMISES_OK = set(PRODUCTS) - {"VEHICLE-GRAPHICS"}
STOCK = {  # code -> name, kind, unit, family, finish, outdoor years, in stock
    "651-010": ("Oracal 651 white gloss", "vinyl", "m", "651", "gloss", 6, 45),
    "651-070": ("Oracal 651 black gloss", "vinyl", "m", "651", "gloss", 6, 38),
    "651-031": ("Oracal 651 red gloss", "vinyl", "m", "651", "gloss", 6, 12),
    "651-057": ("Oracal 651 traffic blue gloss", "vinyl", "m", "651", "gloss", 6, 9),
    "651-091": ("Oracal 651 gold metallic", "vinyl", "m", "651", "metallic", 4, 6),
    "631-010": ("Oracal 631 white matt, interior", "vinyl", "m", "631", "matt", 0, 20),
    "631-070": ("Oracal 631 black matt, interior", "vinyl", "m", "631", "matt", 0, 15),
    "751-070": ("Oracal 751 black cast", "vinyl", "m", "751", "gloss", 8, 10),
    "8300-034": ("Oracal 8300 translucent orange", "vinyl", "m", "8300", "translucent", 5, 5),
    "8300-052": ("Oracal 8300 translucent azure", "vinyl", "m", "8300", "translucent", 5, 5),
    "8510-090": ("Oracal 8510 etched glass frost", "vinyl", "m", "8510", "frosted", 7, 30),
    "3951RA-010": ("Oracal 3951RA white printable film", "media", "m", "3951RA", "gloss", 7, 50),
    "IJ180-10": ("3M IJ180 printable cast wrap film", "media", "m", "IJ180", "gloss", 8, 3),
    "BAN-510": ("510 gsm frontlit PVC banner", "media", "m", "BAN", "matt", 2, 40),
    "ACM-3MM": ("3 mm aluminium composite sheet, 2440 x 1220, white", "substrate", "sheet", None, None, None, 14),
    "POLY-5MM": ("5 mm opal polycarbonate sheet, 3050 x 2050", "substrate", "sheet", None, None, None, 2),
    "LAM-8518": ("Oraguard 8518 gloss laminate", "sundries", "m", None, None, None, 60),
    "TAPE-R": ("Application tape, 1220 mm", "sundries", "m", None, None, None, 100),
}
TEAMS = {"T1": "Dean Hollis and Ryan Pike, with the access tower", "T2": "Leon Marsh and Josh Kerr",
         "BY": "The workshop bay (Kasia Wilk)"}
SLOT_DATES = ["2032-03-09", "2032-03-10", "2032-03-11", "2032-03-12", "2032-03-15"]


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str
    team: str | None


@dataclass
class Product:
    code: str
    name: str
    price_per_m2: float
    minimum: float
    fitted: bool
    max_width_mm: int
    max_height_mm: int


@dataclass
class Film:
    code: str
    name: str
    family: str
    finish: str
    outdoor_years: int


@dataclass
class CustomerRow:
    customer_id: str
    name: str
    company: str | None
    phone: str
    postcode: str


@dataclass
class Customer:
    customer_id: str
    name: str
    company: str | None
    phone: str
    email: str | None
    address: str
    postcode: str


@dataclass
class CustomerFile:
    customer: Customer
    sites: list[list[Any]]
    quotes: list[list[Any]]
    jobs: list[list[Any]]
    invoices: list[list[Any]]


@dataclass
class Site:
    site_id: str
    customer_id: str
    kind: str
    address: str
    height_m: float


@dataclass
class Quote:
    quote_id: str
    customer_id: str
    site_id: str
    title: str
    status: str
    lines: list[list[Any]]
    total: float


@dataclass
class QuoteRow:
    quote_id: str
    customer_id: str
    customer: str
    title: str
    status: str
    total: float
    lines: list[list[Any]]


@dataclass
class Job:
    job_id: str
    quote_id: str
    customer_id: str
    title: str
    stage: str
    total: float
    deposit_due: float
    deposit_paid: float


@dataclass
class JobSheet:
    job_id: str
    quote_id: str
    customer_id: str
    customer: str
    site_id: str
    site: str
    title: str
    stage: str
    lines: list[list[Any]]
    total: float
    deposit_due: float
    deposit_paid: float
    proofs: list[list[Any]]
    materials: list[list[Any]]
    route: list[str]
    stages_done: list[str]
    consents: list[list[Any]]
    fittings: list[list[Any]]
    invoice_id: str | None


@dataclass
class Proof:
    proof_id: str
    job_id: str
    version: int
    colours: list[str]
    file_name: str
    status: str
    comments: str | None


@dataclass
class ProofRow:
    proof_id: str
    version: int
    colours: list[str]
    status: str
    sent: str | None
    decided: str | None
    comments: str | None


@dataclass
class StockRow:
    code: str
    name: str
    kind: str
    unit: str
    in_stock: int
    reserved: int
    free: int


@dataclass
class PurchaseOrder:
    po_id: str
    code: str
    quantity: int
    unit: str
    supplier: str
    due: str
    received: bool


@dataclass
class Reservation:
    job_id: str
    materials: list[list[Any]]
    route: list[str]


@dataclass
class StageLog:
    job_id: str
    stage: str
    stages_done: list[str]
    next_stage: str | None


@dataclass
class Consent:
    consent_id: str
    job_id: str
    kind: str
    authority: str
    status: str
    applied: str
    reference: str | None


@dataclass
class ConsentRow:
    consent_id: str
    job_id: str
    kind: str
    status: str
    applied: str


@dataclass
class Slot:
    slot_id: str
    date: str
    half: str
    team: str
    crew: str


@dataclass
class Fitting:
    fitting_id: str
    job_id: str
    slot_id: str
    date: str
    half: str
    team: str
    site: str
    status: str
    photos: list[str]


@dataclass
class FittingRow:
    fitting_id: str
    job_id: str
    customer: str
    site: str
    date: str
    half: str
    team: str
    status: str


@dataclass
class Invoice:
    invoice_id: str
    job_id: str
    total: float
    deposit_paid: float
    balance: float
    due: str


# --------------------------------------------------------------------------- state


def _line(n: int, product: str, description: str, w: int, h: int, qty: int) -> list:
    return [n, product, description, w, h, qty, _price(product, w, h, qty)]


def _price(product: str, w: int, h: int, qty: int) -> float:
    rate, minimum = PRODUCTS[product][1], PRODUCTS[product][2]
    return round(max(minimum, w * h * qty / 1e6 * rate), 2)


class State:
    """Brightside Signs & Graphics on Tuesday 9 March 2032 at 08:30."""

    def __init__(self) -> None:
        self.staff = {
            "nina.p": {"name": "Nina Patel", "password": "Fascia-Blue-42", "role": "office", "team": None},
            "tom.r": {"name": "Tom Rowley", "password": "Kerning-Pair-7", "role": "designer", "team": None},
            "kasia.w": {"name": "Kasia Wilk", "password": "Weed-Hook-318", "role": "production", "team": "BY"},
            "dean.h": {"name": "Dean Hollis", "password": "Spirit-Level-5", "role": "fitter", "team": "T1"},
            "leon.m": {"name": "Leon Marsh", "password": "Rivnut-Gun-22", "role": "fitter", "team": "T2"},
            "bev.a": {"name": "Bev Ashdown", "password": "Brightside-1998", "role": "manager", "team": None},
        }
        self.tokens: dict[str, dict] = {}
        self.customers = {
            "CU-5101": {"name": "Mr Harjit Sandhu", "company": "Sandhu's Convenience Store", "phone": "07700 900511",
                        "email": "harjit@sandhustore.example", "address": "41 Bridge Street, Calderbrook",
                        "postcode": "CB1 2DX"},
            "CU-5102": {"name": "Ms Eleanor Voss", "company": "Voss & Co Estate Agents", "phone": "07700 900512",
                        "email": "eleanor@vossandco.example", "address": "3 Market Place, Calderbrook",
                        "postcode": "CB1 1AA"},
            "CU-5103": {"name": "Mr Callum Reid", "company": "Reid Plumbing & Heating", "phone": "07700 900513",
                        "email": "callum@reidplumbing.example", "address": "9 Fold Lane, Hebbleton",
                        "postcode": "CB4 7RT"},
            "CU-5104": {"name": "Mrs Priya Anand", "company": "The Copper Kettle", "phone": "07700 900514",
                        "email": "priya@copperkettle.example", "address": "22 Church Street, Calderbrook",
                        "postcode": "CB1 3EL"},
            "CU-5105": {"name": "Mr Owen Lacey", "company": "Lacey's Barbers", "phone": "07700 900515",
                        "email": "owen@laceysbarbers.example", "address": "7 Northgate, Calderbrook",
                        "postcode": "CB2 4NG"},
            "CU-5106": {"name": "Ms Rosa Delgado", "company": "Calderbrook Harriers", "phone": "07700 900516",
                        "email": "rosa.delgado@mail.example", "address": "Harriers Clubhouse, Moor Road, Calderbrook",
                        "postcode": "CB3 9MR"},
            "CU-5107": {"name": "Mr Frank Whitlock", "company": "Whitlock Joinery", "phone": "07700 900517",
                        "email": "frank@whitlockjoinery.example",
                        "address": "Unit 12, Tanyard Industrial Estate, Calderbrook", "postcode": "CB2 8TY"},
            "CU-5108": {"name": "Dr Amara Okafor", "company": "Okafor Physiotherapy", "phone": "07700 900518",
                        "email": "amara@okaforphysio.example", "address": "15 Station Road, Calderbrook",
                        "postcode": "CB1 5SR"},
        }
        self.sites = {
            "ST-5201": {"customer": "CU-5101", "kind": "premises", "address": "41 Bridge Street, Calderbrook CB1 2DX",
                        "height_m": 2.4},
            "ST-5202": {"customer": "CU-5102", "kind": "premises", "address": "3 Market Place, Calderbrook CB1 1AA",
                        "height_m": 3.6},
            "ST-5203": {"customer": "CU-5103", "kind": "vehicle", "address": "Ford Transit Custom YK21 RPH",
                        "height_m": 0.0},
            "ST-5204": {"customer": "CU-5104", "kind": "premises", "address": "22 Church Street, Calderbrook CB1 3EL",
                        "height_m": 2.8},
            "ST-5205": {"customer": "CU-5105", "kind": "premises", "address": "7 Northgate, Calderbrook CB2 4NG",
                        "height_m": 3.2},
            "ST-5206": {"customer": "CU-5106", "kind": "premises",
                        "address": "Harriers Clubhouse, Moor Road, Calderbrook CB3 9MR", "height_m": 0.0},
            "ST-5207": {"customer": "CU-5107", "kind": "vehicle", "address": "Vauxhall Vivaro YD70 WJY",
                        "height_m": 0.0},
            "ST-5208": {"customer": "CU-5108", "kind": "premises", "address": "15 Station Road, Calderbrook CB1 5SR",
                        "height_m": 2.6},
        }
        q = {}

        def quote(qid: str, cid: str, sid: str, title: str, status: str, lines: list) -> None:
            q[qid] = {"customer": cid, "site": sid, "title": title, "status": status, "lines": lines,
                      "sent": None if status == "draft" else "2032-03-01"}

        quote("QT-6588", "CU-5104", "ST-5204", "Menu board", "accepted",
              [_line(1, "ACM-PANEL", "Menu board by the door", 1000, 700, 1)])
        quote("QT-6594", "CU-5104", "ST-5204", "Projecting sign and window lettering", "accepted",
              [_line(1, "PROJECTING", "Copper kettle projecting sign", 600, 600, 1),
               _line(2, "CUT-LETTERS", "Opening hours on the door", 1500, 300, 1)])
        quote("QT-6597", "CU-5105", "ST-5205", "Shop fascia panel", "accepted",
              [_line(1, "ACM-PANEL", "Fascia panel over the window", 2400, 900, 1)])
        quote("QT-6599", "CU-5101", "ST-5201", "Window frosting and opening hours", "accepted",
              [_line(1, "WINDOW-FROST", "Frosted band on both windows", 2000, 800, 2),
               _line(2, "CUT-LETTERS", "Opening hours on the door", 600, 400, 1)])
        quote("QT-6600", "CU-5106", "ST-5206", "Race day banners", "accepted",
              [_line(1, "BANNER-PVC", "Start and finish banners", 3000, 1000, 2)])
        quote("QT-6601", "CU-5102", "ST-5202", "Window graphics for the side office", "draft",
              [_line(1, "WINDOW-FROST", "Frosted band with the logo", 1800, 600, 2)])
        quote("QT-6603", "CU-5103", "ST-5203", "Van livery", "accepted",
              [_line(1, "VEHICLE-GRAPHICS", "Both sides of the van", 4200, 1100, 2),
               _line(2, "CUT-LETTERS", "Rear doors: phone and web", 1200, 300, 1)])
        quote("QT-6604", "CU-5108", "ST-5208", "Illuminated sign over the door", "accepted",
              [_line(1, "ILLUM-BOX", "Lightbox over the entrance", 2000, 500, 1)])
        quote("QT-6606", "CU-5107", "ST-5207", "Van sign-writing", "accepted",
              [_line(1, "CUT-LETTERS", "Name and number on both sides", 2000, 400, 2)])
        quote("QT-6608", "CU-5102", "ST-5202", "Aluminium sign boards", "accepted",
              [_line(1, "ACM-PANEL", "Boards either side of the door", 1200, 800, 2)])
        quote("QT-6610", "CU-5101", "ST-5201", "Fascia panel", "sent",
              [_line(1, "ACM-PANEL", "Fascia panel over the shop", 2400, 600, 1)])
        self.quotes = q
        jobs = {}

        def job(jid: str, qid: str, stage: str, paid: float, reserved: list, done: list, invoice: str | None = None):
            total = round(sum(line[6] for line in q[qid]["lines"]), 2)
            jobs[jid] = {"quote": qid, "customer": q[qid]["customer"], "site": q[qid]["site"],
                         "title": q[qid]["title"], "stage": stage, "total": total,
                         "deposit_due": round(total * DEPOSIT_SHARE, 2), "deposit_paid": paid,
                         "reserved": reserved, "done": done, "invoice": invoice}

        job("JB-7398", "QT-6588", "invoiced", 42.5, [], ["print", "laminate", "mount"], "IN-9041")
        job("JB-7401", "QT-6594", "ready", 107.5, [["3951RA-010", 1, "m"], ["651-070", 1, "m"], ["ACM-3MM", 2, "sheet"],
                                                   ["LAM-8518", 1, "m"], ["TAPE-R", 1, "m"]],
            ["print", "laminate", "cut", "weed", "mount"])
        job("JB-7402", "QT-6597", "artwork", 118.8, [], [])
        job("JB-7403", "QT-6599", "approved", 0.0, [], [])
        job("JB-7404", "QT-6600", "production", 54.0, [["BAN-510", 5, "m"]], ["print"])
        job("JB-7405", "QT-6603", "approved", 456.4, [], [])
        job("JB-7406", "QT-6604", "artwork", 225.0, [], [])
        job("JB-7407", "QT-6606", "production", 36.0, [["651-070", 2, "m"], ["651-091", 2, "m"], ["TAPE-R", 2, "m"]],
            ["cut", "weed"])
        job("JB-7408", "QT-6608", "complete", 105.6, [], ["print", "laminate", "mount"])
        self.jobs = jobs
        self.proofs = {
            "PF-2180": {"job": "JB-7398", "version": 1, "colours": ["3951RA-010"], "file": "kettle-menu-v1.pdf",
                        "status": "approved", "sent": "2032-02-02", "decided": "2032-02-03", "comments": None},
            "PF-2190": {"job": "JB-7401", "version": 1, "colours": ["3951RA-010", "651-070"],
                        "file": "copper-kettle-projecting-v1.pdf", "status": "approved", "sent": "2032-02-20",
                        "decided": "2032-02-21", "comments": "Lovely"},
            "PF-2195": {"job": "JB-7402", "version": 1, "colours": ["3951RA-010", "651-031"],
                        "file": "laceys-fascia-v1.pdf", "status": "sent", "sent": "2032-03-08", "decided": None,
                        "comments": None},
            "PF-2198": {"job": "JB-7403", "version": 1, "colours": ["8510-090", "651-010"],
                        "file": "sandhu-frost-v1.pdf", "status": "approved", "sent": "2032-03-04",
                        "decided": "2032-03-05", "comments": None},
            "PF-2199": {"job": "JB-7404", "version": 1, "colours": ["BAN-510"], "file": "harriers-banners-v1.pdf",
                        "status": "approved", "sent": "2032-03-02", "decided": "2032-03-02", "comments": None},
            "PF-2200": {"job": "JB-7405", "version": 1, "colours": ["IJ180-10", "651-010"], "file": "reid-van-v1.pdf",
                        "status": "approved", "sent": "2032-03-03", "decided": "2032-03-05", "comments": None},
            "PF-2201": {"job": "JB-7406", "version": 1, "colours": ["8300-052"], "file": "okafor-lightbox-v1.pdf",
                        "status": "changes", "sent": "2032-03-04", "decided": "2032-03-05",
                        "comments": "The logo needs to be bigger and the phone number in orange"},
            "PF-2202": {"job": "JB-7407", "version": 1, "colours": ["651-070", "651-091"],
                        "file": "whitlock-van-v1.pdf", "status": "approved", "sent": "2032-03-01",
                        "decided": "2032-03-01", "comments": None},
            "PF-2204": {"job": "JB-7406", "version": 2, "colours": ["8300-052", "8300-034"],
                        "file": "okafor-lightbox-v2.pdf", "status": "draft", "sent": None, "decided": None,
                        "comments": None},
            "PF-2205": {"job": "JB-7408", "version": 1, "colours": ["3951RA-010"], "file": "voss-boards-v1.pdf",
                        "status": "approved", "sent": "2032-02-24", "decided": "2032-02-25", "comments": None},
        }
        self.stock = {code: {"in_stock": row[6], "reserved": 0} for code, row in STOCK.items()}
        for j in jobs.values():
            if j["stage"] in ("production", "ready"):
                for code, qty, _ in j["reserved"]:
                    self.stock[code]["reserved"] += qty
        self.orders: dict[str, dict] = {
            "PO-1174": {"code": "8300-034", "quantity": 10, "supplier": "Hexis Sign Supplies", "due": "2032-03-05",
                        "received": True},
        }
        self.consents = {
            "CN-0441": {"job": "JB-7401", "kind": "advertisement_consent", "status": "granted", "applied": "2032-01-12",
                        "reference": "CB/ADV/0912"},
            "CN-0442": {"job": "JB-7401", "kind": "highway_licence", "status": "applied", "applied": "2032-02-23",
                        "reference": None},
        }
        self.fittings = {
            "FB-3281": {"job": "JB-7408", "slot": "FS-0305-T1-AM", "date": "2032-03-05", "half": "AM", "team": "T1",
                        "status": "fitted", "notes": None, "photos": ["voss-boards-1.jpg", "voss-boards-2.jpg"]},
            "FB-3290": {"job": "JB-7407", "slot": "FS-0309-BY-AM", "date": TODAY, "half": "AM", "team": "BY",
                        "status": "booked", "notes": "Frank drops the van off at eight", "photos": []},
            "FB-3295": {"job": "JB-7402", "slot": "FS-0312-T1-AM", "date": "2032-03-12", "half": "AM", "team": "T1",
                        "status": "booked", "notes": "Parking on Northgate from 8", "photos": []},
        }
        self.invoices = {
            "IN-9041": {"job": "JB-7398", "total": 85.0, "deposit_paid": 42.5, "paid": 42.5, "raised": "2032-02-10"},
        }
        self.messages: list[list] = []
        self.counters = {"token": 1, "customer": 5110, "site": 5210, "quote": 6621, "job": 7410, "proof": 2207,
                         "po": 1180, "consent": 450, "fitting": 3301, "invoice": 9050, "message": 4410}


# --------------------------------------------------------------------------- helpers


def _staff(state: State, token: str, *roles: str) -> dict:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        raise SignshopError("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise SignshopError(f"{who['name']} ({who['role']}) may not do this; it is for the {' or '.join(roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _get(table: dict, key: str, what: str) -> dict:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise SignshopError(f"no {what} {key}")
    return row


def _text(value: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SignshopError(f"{what} is required")
    return value.strip()


def _money(amount: float) -> float:
    if not isinstance(amount, (int, float)) or isinstance(amount, bool) or amount <= 0:
        raise SignshopError(f"{amount!r} is not an amount of money")
    return round(float(amount), 2)


def _customer(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(cid, c["name"], c["company"], c["phone"], c["email"], c["address"], c["postcode"])


def _quote(state: State, qid: str) -> Quote:
    q = state.quotes[qid]
    return Quote(qid, q["customer"], q["site"], q["title"], q["status"], [list(x) for x in q["lines"]],
                 round(sum(x[6] for x in q["lines"]), 2))


def _job(state: State, jid: str) -> Job:
    j = state.jobs[jid]
    return Job(jid, j["quote"], j["customer"], j["title"], j["stage"], j["total"], j["deposit_due"], j["deposit_paid"])


def _products(state: State, jid: str) -> list[str]:
    return [line[1] for line in state.quotes[state.jobs[jid]["quote"]]["lines"]]


def _route(state: State, jid: str) -> list[str]:
    wanted = {s for p in _products(state, jid) for s in PRODUCTS[p][6]}
    return [s for s in STAGE_ORDER if s in wanted]


def _approved(state: State, jid: str) -> dict | None:
    return next((p for _, p in sorted(state.proofs.items()) if p["job"] == jid and p["status"] == "approved"), None)


def _family(code: str) -> str:
    return code.split("-")[0]


def _needs(state: State, jid: str) -> list[list]:
    """The materials a job takes: each approved film on the lines that take its family, the sheets, the laminate
    and the application tape, in whole metres and sheets."""
    lines = state.quotes[state.jobs[jid]["quote"]]["lines"]
    proof = _approved(state, jid)
    need: dict[str, int] = {}

    def add(code: str, qty: int) -> None:
        if qty > 0:
            need[code] = need.get(code, 0) + qty

    for code in proof["colours"]:
        area = sum(x[3] * x[4] * x[5] / 1e6 * (PRODUCTS[x[1]][8] or ("", 1))[1]
                   for x in lines if _family(code) in PRODUCTS[x[1]][7])
        add(code, max(1, math.ceil(area / ROLL_WIDTH_M)) if area else 0)
    for x in lines:
        sub = PRODUCTS[x[1]][8]
        if sub:
            add(sub[0], sub[1] * x[5])
    laminated = sum(x[3] * x[4] * x[5] / 1e6 for x in lines if "laminate" in PRODUCTS[x[1]][6])
    weeded = sum(x[3] * x[4] * x[5] / 1e6 for x in lines if "weed" in PRODUCTS[x[1]][6])
    add("LAM-8518", math.ceil(laminated / ROLL_WIDTH_M))
    add("TAPE-R", math.ceil(weeded / ROLL_WIDTH_M))
    return [[code, qty, STOCK[code][2]] for code, qty in need.items()]


def _consents_needed(state: State, jid: str) -> list[str]:
    return sorted({k for p in _products(state, jid) for k in PRODUCTS[p][9]})


def _release(state: State, jid: str) -> int:
    j = state.jobs[jid]
    released = 0
    for code, qty, _ in j["reserved"]:
        state.stock[code]["reserved"] -= qty
        released += qty
    j["reserved"] = []
    return released


def _slots(state: State) -> list[Slot]:
    taken = {f["slot"] for f in state.fittings.values() if f["status"] in ("booked", "fitted")}
    out = []
    for date in SLOT_DATES:
        for half in ("AM", "PM"):
            for team in TEAMS:
                sid = f"FS-{date[5:7]}{date[8:10]}-{team}-{half}"
                if sid not in taken:
                    out.append(Slot(sid, date, half, team, TEAMS[team]))
    return out


def _fitting(state: State, fid: str) -> Fitting:
    f = state.fittings[fid]
    site = state.sites[state.jobs[f["job"]]["site"]]["address"]
    return Fitting(fid, f["job"], f["slot"], f["date"], f["half"], f["team"], site, f["status"], list(f["photos"]))


def _consent(state: State, cid: str) -> Consent:
    c = state.consents[cid]
    return Consent(cid, c["job"], c["kind"], "Calderbrook Borough Council", c["status"], c["applied"], c["reference"])


# --------------------------------------------------------------------------- sign-in and public calls


def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the workshop system.

    Parameters
    ----------
    username : str
        The user name, such as ``nina.p``.
    password : str
        The password.

    Returns
    -------
    Session
        ``token`` (passed to every call but the public ones), ``name``, ``role`` (office, designer, production,
        fitter or manager) and the fitting ``team`` the person works in, if any.
    """
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        raise SignshopError("user name or password not recognised")
    token = f"bs-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username, "name": s["name"], "role": s["role"], "team": s["team"]}
    return Session(token, s["name"], s["role"], s["team"])


def sign_out(state: State, token: str) -> str:
    """End a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    str
        A sentence naming who was signed out.
    """
    who = _staff(state, token)
    state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


def price_guide() -> list[Product]:
    """The workshop's public price guide: one entry per kind of sign.

    Returns
    -------
    list of Product
        ``code`` (used on quote lines), ``name``, ``price_per_m2``, the ``minimum`` charge per line, whether the
        item is ``fitted`` (else collected from the workshop), and the largest size made in one piece
        (``max_width_mm``, ``max_height_mm``).
    """
    return [Product(code, p[0], p[1], p[2], p[3], p[4], p[5]) for code, p in PRODUCTS.items()]


def vinyl_range() -> list[Film]:
    """The public range of vinyl films and print media the workshop makes signs from.

    Returns
    -------
    list of Film
        ``code`` (used for an artwork proof's colours), ``name``, ``family`` (the film range), ``finish`` and
        ``outdoor_years`` (0 for an interior film).
    """
    return [Film(code, r[0], r[3], r[4], r[5]) for code, r in STOCK.items() if r[1] in ("vinyl", "media")]


# --------------------------------------------------------------------------- customers and sites


def find_customer(state: State, token: str, text: str) -> list[CustomerRow]:
    """Find customers by part of a name, company, phone number or postcode.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of CustomerRow
        ``customer_id``, ``name``, ``company``, ``phone`` and ``postcode`` of each match.
    """
    _staff(state, token)
    needle = _text(text, "text").lower()
    return [CustomerRow(cid, c["name"], c["company"], c["phone"], c["postcode"])
            for cid, c in sorted(state.customers.items())
            if any(needle in (c[k] or "").lower() for k in ("name", "company", "phone", "postcode"))]


def register_customer(state: State, token: str, name: str, phone: str, address: str, postcode: str,
                      email: str | None = None, company: str | None = None) -> Customer:
    """Register a new customer.

    Parameters
    ----------
    token : str
        The session token (office).
    name : str
        The customer's name, with a title.
    phone : str
        A phone number.
    address : str
        The customer's address (without the postcode).
    postcode : str
        The postcode.
    email : str, optional
        An e-mail address; proofs and quotes are e-mailed.
    company : str, optional
        The business the signs are for.

    Returns
    -------
    Customer
        The new record, with its ``customer_id``.
    """
    _staff(state, token, "office")
    name, phone = _text(name, "name"), _text(phone, "phone")
    for cid, c in state.customers.items():
        if c["phone"] == phone:
            raise SignshopError(f"{c['name']} ({cid}) has that phone number already")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name, "company": company.strip() if company else None, "phone": phone,
                            "email": email.strip() if email else None, "address": _text(address, "address"),
                            "postcode": _text(postcode, "postcode").upper()}
    return _customer(state, cid)


def update_customer(state: State, token: str, customer_id: str, phone: str | None = None, email: str | None = None,
                    company: str | None = None) -> Customer:
    """Change a customer's phone number, e-mail address or company name.

    Parameters
    ----------
    token : str
        The session token (office).
    customer_id : str
        The customer.
    phone, email, company : str, optional
        The new values; what is left out stays as it is.

    Returns
    -------
    Customer
        The customer as changed.
    """
    _staff(state, token, "office")
    c = _get(state.customers, customer_id, "customer")
    new = {k: v.strip() for k, v in (("phone", phone), ("email", email), ("company", company)) if v}
    changed = {k: v for k, v in new.items() if c[k] != v}
    if not changed:
        raise SignshopError(f"nothing to change for {c['name']}: the details given are the ones on file")
    c.update(changed)
    return _customer(state, customer_id)


def customer_file(state: State, token: str, customer_id: str) -> CustomerFile:
    """A customer's whole file.

    Parameters
    ----------
    token : str
        The session token.
    customer_id : str
        The customer.

    Returns
    -------
    CustomerFile
        ``customer``; ``sites`` as rows ``[site_id, kind, address, height_m]``; ``quotes`` as rows ``[quote_id,
        title, status, total]``; ``jobs`` as rows ``[job_id, title, stage]``; ``invoices`` as rows ``[invoice_id,
        job_id, total, balance]``.
    """
    _staff(state, token)
    _get(state.customers, customer_id, "customer")
    sites = [[sid, s["kind"], s["address"], s["height_m"]] for sid, s in sorted(state.sites.items())
             if s["customer"] == customer_id]
    quotes = [[qid, q["title"], q["status"], round(sum(x[6] for x in q["lines"]), 2)]
              for qid, q in sorted(state.quotes.items()) if q["customer"] == customer_id]
    jobs = [[jid, j["title"], j["stage"]] for jid, j in sorted(state.jobs.items()) if j["customer"] == customer_id]
    invoices = [[iid, i["job"], i["total"], round(i["total"] - i["deposit_paid"] - i["paid"], 2)]
                for iid, i in sorted(state.invoices.items()) if state.jobs[i["job"]]["customer"] == customer_id]
    return CustomerFile(_customer(state, customer_id), sites, quotes, jobs, invoices)


def send_message(state: State, token: str, customer_id: str, channel: Channel, text: str) -> str:
    """Send a customer a text message or an e-mail.

    Parameters
    ----------
    token : str
        The session token.
    customer_id : str
        The customer.
    channel : {"sms", "email"}
        How to send it.
    text : str
        The message.

    Returns
    -------
    str
        A sentence with the message's id.
    """
    _staff(state, token)
    c = _get(state.customers, customer_id, "customer")
    if channel not in ("sms", "email"):
        raise SignshopError(f"no channel {channel!r}")
    to = c["phone"] if channel == "sms" else c["email"]
    if not to:
        raise SignshopError(f"{c['name']} has no e-mail address on file")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, channel, _text(text, "text")])
    return f"Message {mid} sent by {channel} to {c['name']} ({to})."


def add_site(state: State, token: str, customer_id: str, kind: SiteKind, address: str,
             height_m: float = 0.0) -> Site:
    """Add a site a customer's signs go on: premises, or a vehicle.

    Parameters
    ----------
    token : str
        The session token (office).
    customer_id : str
        The customer.
    kind : {"premises", "vehicle"}
        Premises, or a vehicle for van graphics.
    address : str
        The address with its postcode, or the vehicle's make, model and registration.
    height_m : float, optional
        How high the sign is fixed, in metres (0 for a vehicle).

    Returns
    -------
    Site
        The new site, with its ``site_id``.
    """
    _staff(state, token, "office")
    _get(state.customers, customer_id, "customer")
    if kind not in ("premises", "vehicle"):
        raise SignshopError(f"no site kind {kind!r}")
    address = _text(address, "address")
    for sid, s in state.sites.items():
        if s["customer"] == customer_id and s["address"].lower() == address.lower():
            raise SignshopError(f"{address} is on file already as {sid}")
    if not isinstance(height_m, (int, float)) or height_m < 0 or height_m > 12:
        raise SignshopError(f"{height_m!r} is not a fixing height in metres")
    sid = f"ST-{_next(state, 'site')}"
    state.sites[sid] = {"customer": customer_id, "kind": kind, "address": address,
                        "height_m": 0.0 if kind == "vehicle" else float(height_m)}
    s = state.sites[sid]
    return Site(sid, customer_id, s["kind"], s["address"], s["height_m"])


# --------------------------------------------------------------------------- quotes


def create_quote(state: State, token: str, customer_id: str, site_id: str, title: str) -> Quote:
    """Start a draft quote for a customer's site.

    Parameters
    ----------
    token : str
        The session token (office).
    customer_id : str
        The customer.
    site_id : str
        One of the customer's sites.
    title : str
        What the quote is for.

    Returns
    -------
    Quote
        The draft, with its ``quote_id``, no ``lines`` yet and a ``total`` of 0.
    """
    _staff(state, token, "office")
    c = _get(state.customers, customer_id, "customer")
    site = _get(state.sites, site_id, "site")
    if site["customer"] != customer_id:
        raise SignshopError(f"{site_id} is not one of {c['name']}'s sites")
    qid = f"QT-{_next(state, 'quote')}"
    state.quotes[qid] = {"customer": customer_id, "site": site_id, "title": _text(title, "title"), "status": "draft",
                         "lines": [], "sent": None}
    return _quote(state, qid)


def add_quote_line(state: State, token: str, quote_id: str, product: str, width_mm: int, height_mm: int,
                   quantity: int, description: str) -> float:
    """Add an item to a draft quote.

    Parameters
    ----------
    token : str
        The session token (office).
    quote_id : str
        A draft quote.
    product : str
        A code from the price guide.
    width_mm, height_mm : int
        The item's size.
    quantity : int
        How many.
    description : str
        What the item says or shows and where it goes.

    Returns
    -------
    float
        The quote's new total.
    """
    _staff(state, token, "office")
    q = _get(state.quotes, quote_id, "quote")
    if q["status"] != "draft":
        raise SignshopError(f"{quote_id} is {q['status']}; only a draft quote is changed")
    if product not in PRODUCTS:
        raise SignshopError(f"no product {product!r}; quote from the price guide")
    p = PRODUCTS[product]
    for value, what in ((width_mm, "width"), (height_mm, "height"), (quantity, "quantity")):
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            raise SignshopError(f"{value!r} is not a {what}")
    if width_mm > p[4] or height_mm > p[5]:
        raise SignshopError(f"{product} ({p[0].lower()}) is made at most {p[4]} x {p[5]} mm in one piece")
    kind = state.sites[q["site"]]["kind"]
    if kind == "vehicle" and product not in VEHICLE_OK:
        raise SignshopError(f"{product} does not go on a vehicle; vehicles take VEHICLE-GRAPHICS and CUT-LETTERS")
    if kind == "premises" and product not in PREMISES_OK:
        raise SignshopError(f"{product} is for vehicles; {q['site']} is premises")
    n = max((x[0] for x in q["lines"]), default=0) + 1
    q["lines"].append(_line(n, product, _text(description, "description"), width_mm, height_mm, quantity))
    return round(sum(x[6] for x in q["lines"]), 2)


def remove_quote_line(state: State, token: str, quote_id: str, line_no: int) -> float:
    """Take a line off a draft quote.

    Parameters
    ----------
    token : str
        The session token (office).
    quote_id : str
        A draft quote.
    line_no : int
        The line's number.

    Returns
    -------
    float
        The quote's new total.
    """
    _staff(state, token, "office")
    q = _get(state.quotes, quote_id, "quote")
    if q["status"] != "draft":
        raise SignshopError(f"{quote_id} is {q['status']}; only a draft quote is changed")
    line = next((x for x in q["lines"] if x[0] == line_no), None)
    if line is None:
        raise SignshopError(f"{quote_id} has no line {line_no}")
    q["lines"].remove(line)
    return round(sum(x[6] for x in q["lines"]), 2)


def send_quote(state: State, token: str, quote_id: str) -> str:
    """Send a draft quote to the customer by e-mail.

    Parameters
    ----------
    token : str
        The session token (office).
    quote_id : str
        A draft quote with at least one line.

    Returns
    -------
    str
        A sentence with the quote's id and total.
    """
    _staff(state, token, "office")
    q = _get(state.quotes, quote_id, "quote")
    if q["status"] != "draft":
        raise SignshopError(f"{quote_id} was {q['status']} already")
    if not q["lines"]:
        raise SignshopError(f"{quote_id} has no lines to send")
    c = state.customers[q["customer"]]
    if not c["email"]:
        raise SignshopError(f"{c['name']} has no e-mail address on file")
    q["status"], q["sent"] = "sent", TODAY
    total = sum(x[6] for x in q["lines"])
    return f"Quote {quote_id} ({q['title']}, £{total:.2f} + VAT) sent to {c['email']}."


def accept_quote(state: State, token: str, quote_id: str) -> Job:
    """Record a customer's acceptance of a sent quote, which opens a job.

    Parameters
    ----------
    token : str
        The session token (office).
    quote_id : str
        A sent quote.

    Returns
    -------
    Job
        The new job, with its ``job_id``, ``total`` and the ``deposit_due`` (half the total).
    """
    _staff(state, token, "office")
    q = _get(state.quotes, quote_id, "quote")
    if q["status"] == "accepted":
        raise SignshopError(f"{quote_id} was accepted already")
    if q["status"] != "sent":
        raise SignshopError(f"{quote_id} has not been sent; the customer accepts a quote they have seen")
    q["status"] = "accepted"
    jid = f"JB-{_next(state, 'job')}"
    total = round(sum(x[6] for x in q["lines"]), 2)
    state.jobs[jid] = {"quote": quote_id, "customer": q["customer"], "site": q["site"], "title": q["title"],
                       "stage": "artwork", "total": total, "deposit_due": round(total * DEPOSIT_SHARE, 2),
                       "deposit_paid": 0.0, "reserved": [], "done": [], "invoice": None}
    return _job(state, jid)


def quotes(state: State, token: str, status: QuoteStatus | None = None,
           customer_id: str | None = None) -> list[QuoteRow]:
    """Quotes, optionally only those in one status or for one customer.

    Parameters
    ----------
    token : str
        The session token.
    status : {"draft", "sent", "accepted"}, optional
        Only quotes in this status.
    customer_id : str, optional
        Only this customer's quotes.

    Returns
    -------
    list of QuoteRow
        ``quote_id``, ``customer_id``, ``customer``, ``title``, ``status``, ``total`` and the ``lines`` as rows
        ``[line_no, product, description, width_mm, height_mm, quantity, price]``.
    """
    _staff(state, token)
    return [QuoteRow(qid, q["customer"], state.customers[q["customer"]]["name"], q["title"], q["status"],
                     round(sum(x[6] for x in q["lines"]), 2), [list(x) for x in q["lines"]])
            for qid, q in sorted(state.quotes.items())
            if (not status or q["status"] == status) and (not customer_id or q["customer"] == customer_id)]


# --------------------------------------------------------------------------- jobs


def jobs(state: State, token: str, stage: JobStage | None = None, customer_id: str | None = None) -> list[Job]:
    """Jobs, optionally only those at one stage or for one customer.

    Parameters
    ----------
    token : str
        The session token.
    stage : JobStage, optional
        artwork, approved, production, ready, complete, invoiced or cancelled.
    customer_id : str, optional
        Only this customer's jobs.

    Returns
    -------
    list of Job
        ``job_id``, ``quote_id``, ``customer_id``, ``title``, ``stage``, ``total``, ``deposit_due``,
        ``deposit_paid``.
    """
    _staff(state, token)
    want = stage.value if isinstance(stage, JobStage) else stage
    if want and want not in [s.value for s in JobStage]:
        raise SignshopError(f"no job stage {want!r}")
    return [_job(state, jid) for jid, j in sorted(state.jobs.items())
            if (not want or j["stage"] == want) and (not customer_id or j["customer"] == customer_id)]


def job_sheet(state: State, token: str, job_id: str) -> JobSheet:
    """A job's sheet: everything about it.

    Parameters
    ----------
    token : str
        The session token.
    job_id : str
        The job.

    Returns
    -------
    JobSheet
        The job with its ``lines`` as rows ``[line_no, product, description, width_mm, height_mm, quantity,
        price]``, ``proofs`` as rows ``[proof_id, version, status]``, reserved ``materials`` as rows ``[code,
        quantity, unit]``, the production ``route`` and ``stages_done``, ``consents`` as rows ``[consent_id, kind,
        status]``, ``fittings`` as rows ``[fitting_id, date, half, team, status]`` and its ``invoice_id``.
    """
    _staff(state, token)
    j = _get(state.jobs, job_id, "job")
    return JobSheet(
        job_id, j["quote"], j["customer"], state.customers[j["customer"]]["name"], j["site"],
        state.sites[j["site"]]["address"], j["title"], j["stage"],
        [list(x) for x in state.quotes[j["quote"]]["lines"]], j["total"], j["deposit_due"], j["deposit_paid"],
        [[pid, p["version"], p["status"]] for pid, p in sorted(state.proofs.items()) if p["job"] == job_id],
        [list(x) for x in j["reserved"]], _route(state, job_id), list(j["done"]),
        [[cid, c["kind"], c["status"]] for cid, c in sorted(state.consents.items()) if c["job"] == job_id],
        [[fid, f["date"], f["half"], f["team"], f["status"]] for fid, f in sorted(state.fittings.items())
         if f["job"] == job_id],
        j["invoice"])


def take_deposit(state: State, token: str, job_id: str, amount: float, method: PayMethod) -> float:
    """Take a job's deposit, or part of it.

    Parameters
    ----------
    token : str
        The session token (office).
    job_id : str
        The job.
    amount : float
        What the customer pays, in pounds.
    method : {"card", "bacs", "cash"}
        How they pay.

    Returns
    -------
    float
        The deposit still due after this payment.
    """
    _staff(state, token, "office")
    j = _get(state.jobs, job_id, "job")
    if j["stage"] in ("complete", "invoiced", "cancelled"):
        raise SignshopError(f"{job_id} is {j['stage']}; no deposit is taken on it")
    if method not in ("card", "bacs", "cash"):
        raise SignshopError(f"no payment method {method!r}")
    amount = _money(amount)
    left = round(j["deposit_due"] - j["deposit_paid"], 2)
    if left <= 0:
        raise SignshopError(f"the deposit on {job_id} was paid already")
    if amount > left:
        raise SignshopError(f"{job_id} has £{left:.2f} of its deposit to pay, not £{amount:.2f}")
    j["deposit_paid"] = round(j["deposit_paid"] + amount, 2)
    return round(j["deposit_due"] - j["deposit_paid"], 2)


def cancel_job(state: State, token: str, job_id: str, reason: str) -> str:
    """Cancel a job before it is fitted or handed over: its materials go back into stock and its fittings are
    cancelled.

    Parameters
    ----------
    token : str
        The session token (manager).
    job_id : str
        The job.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence with the job's id and what was released.
    """
    _staff(state, token, "manager")
    j = _get(state.jobs, job_id, "job")
    if j["stage"] == "cancelled":
        raise SignshopError(f"{job_id} was cancelled already")
    if j["stage"] in ("complete", "invoiced"):
        raise SignshopError(f"{job_id} is {j['stage']}; it cannot be cancelled")
    released = _release(state, job_id)
    dropped = [fid for fid, f in sorted(state.fittings.items()) if f["job"] == job_id and f["status"] == "booked"]
    for fid in dropped:
        state.fittings[fid]["status"] = "cancelled"
    j["stage"], j["reason"] = "cancelled", _text(reason, "reason")
    extra = f"; fitting {', '.join(dropped)} cancelled" if dropped else ""
    return f"Job {job_id} cancelled ({j['reason']}); {released} units of stock released{extra}."


# --------------------------------------------------------------------------- artwork proofs


def create_proof(state: State, token: str, job_id: str, colours: list[str], file_name: str,
                 notes: str | None = None) -> Proof:
    """Draw up an artwork proof for a job.

    Parameters
    ----------
    token : str
        The session token (designer).
    job_id : str
        A job whose artwork is not yet approved.
    colours : list of str
        The vinyl films and print media the design uses, by their codes in the vinyl range.
    file_name : str
        The proof's PDF.
    notes : str, optional
        Notes for the customer.

    Returns
    -------
    Proof
        The draft proof, with its ``proof_id`` and ``version``.
    """
    _staff(state, token, "designer")
    j = _get(state.jobs, job_id, "job")
    if j["stage"] != "artwork":
        raise SignshopError(f"{job_id} is {j['stage']}; its artwork was approved already")
    if not isinstance(colours, list) or not colours:
        raise SignshopError("name the films the design uses")
    families = {f for p in _products(state, job_id) for f in PRODUCTS[p][7]}
    for code in colours:
        if code not in STOCK or STOCK[code][1] not in ("vinyl", "media"):
            raise SignshopError(f"no film {code!r} in the vinyl range")
        if _family(code) not in families:
            uses = {"631": "an interior film", "8300": "a lightbox film", "8510": "a window frost",
                    "IJ180": "a vehicle wrap film", "751": "a vehicle film", "BAN": "banner media"}
            raise SignshopError(f"{code} is {uses.get(_family(code), 'not a film')} that none of {job_id}'s items "
                                f"takes; they take the {', '.join(sorted(families))} ranges")
    if len(set(colours)) != len(colours):
        raise SignshopError("a film is named twice")
    version = 1 + max((p["version"] for p in state.proofs.values() if p["job"] == job_id), default=0)
    pid = f"PF-{_next(state, 'proof')}"
    state.proofs[pid] = {"job": job_id, "version": version, "colours": list(colours),
                         "file": _text(file_name, "file name"), "status": "draft", "sent": None, "decided": None,
                         "comments": notes.strip() if notes else None}
    p = state.proofs[pid]
    return Proof(pid, job_id, version, list(colours), p["file"], "draft", p["comments"])


def send_proof(state: State, token: str, proof_id: str) -> str:
    """E-mail a draft proof to the customer for approval.

    Parameters
    ----------
    token : str
        The session token (designer or office).
    proof_id : str
        A draft proof.

    Returns
    -------
    str
        A sentence with the proof's id and version.
    """
    _staff(state, token, "designer", "office")
    p = _get(state.proofs, proof_id, "proof")
    if p["status"] != "draft":
        raise SignshopError(f"{proof_id} was {p['status']} already")
    j = state.jobs[p["job"]]
    if j["stage"] != "artwork":
        raise SignshopError(f"{p['job']} is {j['stage']}; its artwork was approved already")
    c = state.customers[j["customer"]]
    if not c["email"]:
        raise SignshopError(f"{c['name']} has no e-mail address on file")
    for other in state.proofs.values():
        if other["job"] == p["job"] and other["status"] == "sent":
            other["status"] = "superseded"
    p["status"], p["sent"] = "sent", TODAY
    return f"Proof {proof_id} (version {p['version']}) for {p['job']} sent to {c['email']} for approval."


def record_approval(state: State, token: str, proof_id: str, decision: Decision, comments: str | None = None) -> Proof:
    """Record the customer's answer to a proof they were sent: approved, or changes asked for.

    Parameters
    ----------
    token : str
        The session token (office or designer).
    proof_id : str
        A sent proof.
    decision : {"approved", "changes"}
        The customer's answer.
    comments : str, optional
        What the customer said (the changes they want).

    Returns
    -------
    Proof
        The proof as decided; an approval moves the job to ``approved``.
    """
    _staff(state, token, "office", "designer")
    p = _get(state.proofs, proof_id, "proof")
    if p["status"] in ("approved", "changes"):
        raise SignshopError(f"{proof_id} was decided already ({p['status']} on {p['decided']})")
    if p["status"] != "sent":
        raise SignshopError(f"{proof_id} is {p['status']}; the customer answers a proof they were sent")
    if decision not in ("approved", "changes"):
        raise SignshopError(f"no decision {decision!r}")
    if decision == "changes" and not comments:
        raise SignshopError("say what changes the customer wants")
    p["status"], p["decided"], p["comments"] = decision, TODAY, comments.strip() if comments else None
    if decision == "approved":
        state.jobs[p["job"]]["stage"] = "approved"
    return Proof(proof_id, p["job"], p["version"], list(p["colours"]), p["file"], p["status"], p["comments"])


def proofs(state: State, token: str, job_id: str) -> list[ProofRow]:
    """A job's artwork proofs, oldest first.

    Parameters
    ----------
    token : str
        The session token.
    job_id : str
        The job.

    Returns
    -------
    list of ProofRow
        ``proof_id``, ``version``, ``colours``, ``status`` (draft, sent, approved, changes or superseded),
        ``sent``, ``decided`` and the customer's ``comments``.
    """
    _staff(state, token)
    _get(state.jobs, job_id, "job")
    return [ProofRow(pid, p["version"], list(p["colours"]), p["status"], p["sent"], p["decided"], p["comments"])
            for pid, p in sorted(state.proofs.items()) if p["job"] == job_id]


# --------------------------------------------------------------------------- stock and production


def stock(state: State, token: str, kind: StockKind | None = None) -> list[StockRow]:
    """The workshop's stock of films, media, sheets and sundries.

    Parameters
    ----------
    token : str
        The session token.
    kind : {"vinyl", "media", "substrate", "sundries"}, optional
        Only this kind.

    Returns
    -------
    list of StockRow
        ``code``, ``name``, ``kind``, ``unit`` (m or sheet), ``in_stock``, ``reserved`` for jobs and ``free``.
    """
    _staff(state, token)
    return [StockRow(code, r[0], r[1], r[2], state.stock[code]["in_stock"], state.stock[code]["reserved"],
                     state.stock[code]["in_stock"] - state.stock[code]["reserved"])
            for code, r in STOCK.items() if not kind or r[1] == kind]


def order_stock(state: State, token: str, code: str, quantity: int) -> PurchaseOrder:
    """Order films, media, sheets or sundries from the supplier.

    Parameters
    ----------
    token : str
        The session token (production).
    code : str
        A stock code.
    quantity : int
        How much, in the stock's unit (metres or sheets).

    Returns
    -------
    PurchaseOrder
        The order, with its ``po_id``, the ``supplier`` and the day it is ``due``.
    """
    _staff(state, token, "production")
    if code not in STOCK:
        raise SignshopError(f"no stock code {code!r}")
    if not isinstance(quantity, int) or isinstance(quantity, bool) or quantity <= 0:
        raise SignshopError(f"{quantity!r} is not a quantity")
    if STOCK[code][2] == "m" and quantity % 5:
        raise SignshopError(f"{code} comes by the 5 m; order 5, 10, 25 or 50 m")
    supplier = "Spandex" if code in ("ACM-3MM", "POLY-5MM") else "Hexis Sign Supplies"
    po = f"PO-{_next(state, 'po')}"
    state.orders[po] = {"code": code, "quantity": quantity, "supplier": supplier, "due": "2032-03-10",
                        "received": False}
    return PurchaseOrder(po, code, quantity, STOCK[code][2], supplier, "2032-03-10", False)


def receive_stock(state: State, token: str, po_id: str) -> StockRow:
    """Book a purchase order's delivery into stock.

    Parameters
    ----------
    token : str
        The session token (production).
    po_id : str
        The purchase order.

    Returns
    -------
    StockRow
        The stock line as it now stands.
    """
    _staff(state, token, "production")
    o = _get(state.orders, po_id, "purchase order")
    if o["received"]:
        raise SignshopError(f"{po_id} was booked in already")
    o["received"] = True
    s = state.stock[o["code"]]
    s["in_stock"] += o["quantity"]
    r = STOCK[o["code"]]
    return StockRow(o["code"], r[0], r[1], r[2], s["in_stock"], s["reserved"], s["in_stock"] - s["reserved"])


def reserve_materials(state: State, token: str, job_id: str) -> Reservation:
    """Reserve the films, media, sheets and sundries a job takes, which starts its production.

    Parameters
    ----------
    token : str
        The session token (production).
    job_id : str
        A job with approved artwork and its deposit paid.

    Returns
    -------
    Reservation
        The ``materials`` reserved as rows ``[code, quantity, unit]`` and the production ``route``.
    """
    _staff(state, token, "production")
    j = _get(state.jobs, job_id, "job")
    if j["stage"] in ("production", "ready", "complete", "invoiced"):
        raise SignshopError(f"{job_id}'s materials were reserved already")
    if j["stage"] == "cancelled":
        raise SignshopError(f"{job_id} was cancelled")
    if j["stage"] != "approved":
        raise SignshopError(f"{job_id} has no approved artwork; nothing is reserved before the customer approves a proof")
    left = round(j["deposit_due"] - j["deposit_paid"], 2)
    if left > 0:
        raise SignshopError(f"{job_id} has £{left:.2f} of its deposit to pay; nothing is reserved before the deposit "
                            "is paid")
    need = _needs(state, job_id)
    for code, qty, unit in need:
        free = state.stock[code]["in_stock"] - state.stock[code]["reserved"]
        if free < qty:
            raise SignshopError(f"short of {code}: {job_id} needs {qty} {unit}, {free} {unit} free; order more first")
    for code, qty, _ in need:
        state.stock[code]["reserved"] += qty
    j["reserved"], j["stage"] = need, "production"
    return Reservation(job_id, [list(x) for x in need], _route(state, job_id))


def log_stage(state: State, token: str, job_id: str, stage: Stage) -> StageLog:
    """Log a production stage done on a job.

    Parameters
    ----------
    token : str
        The session token (production).
    job_id : str
        A job in production.
    stage : Stage
        print, laminate, cut, weed, mount or finish; the job's route sets the order.

    Returns
    -------
    StageLog
        The ``stages_done`` and the ``next_stage`` (None when the route is done).
    """
    _staff(state, token, "production")
    j = _get(state.jobs, job_id, "job")
    value = stage.value if isinstance(stage, Stage) else str(stage)
    if value not in STAGE_ORDER:
        raise SignshopError(f"no production stage {value!r}")
    if j["stage"] in ("approved", "artwork"):
        raise SignshopError(f"{job_id}'s materials are not reserved; production starts once they are")
    if j["stage"] != "production":
        raise SignshopError(f"{job_id} is {j['stage']}; it is not in production")
    route = _route(state, job_id)
    if value in j["done"]:
        raise SignshopError(f"{value} was logged on {job_id} already")
    todo = [s for s in route if s not in j["done"]]
    if value not in route:
        raise SignshopError(f"{job_id} has no {value} stage; its route is {', '.join(route)}")
    if todo[0] != value:
        raise SignshopError(f"the next stage on {job_id} is {todo[0]}")
    j["done"].append(value)
    rest = [s for s in route if s not in j["done"]]
    return StageLog(job_id, value, list(j["done"]), rest[0] if rest else None)


def pass_qc(state: State, token: str, job_id: str, note: str | None = None) -> Job:
    """Pass a finished job through quality control: it is then ready to fit or collect.

    Parameters
    ----------
    token : str
        The session token (production).
    job_id : str
        A job whose production route is done.
    note : str, optional
        What was checked.

    Returns
    -------
    Job
        The job, now ``ready``.
    """
    _staff(state, token, "production")
    j = _get(state.jobs, job_id, "job")
    if j["stage"] in ("ready", "complete", "invoiced"):
        raise SignshopError(f"{job_id} passed quality control already")
    if j["stage"] != "production":
        raise SignshopError(f"{job_id} is {j['stage']}; it is not in production")
    todo = [s for s in _route(state, job_id) if s not in j["done"]]
    if todo:
        raise SignshopError(f"{job_id} still has {', '.join(todo)} to do")
    j["stage"], j["qc_note"] = "ready", note
    return _job(state, job_id)


# --------------------------------------------------------------------------- consents


def apply_consent(state: State, token: str, job_id: str, kind: ConsentKind) -> Consent:
    """Apply to the council for advertisement consent or a highway licence for a job's sign.

    Parameters
    ----------
    token : str
        The session token (office).
    job_id : str
        The job.
    kind : ConsentKind
        advertisement_consent or highway_licence.

    Returns
    -------
    Consent
        The application, with its ``consent_id`` and the ``authority``.
    """
    _staff(state, token, "office")
    j = _get(state.jobs, job_id, "job")
    value = kind.value if isinstance(kind, ConsentKind) else str(kind)
    if value not in [k.value for k in ConsentKind]:
        raise SignshopError(f"no consent kind {value!r}")
    if j["stage"] in ("cancelled", "complete", "invoiced"):
        raise SignshopError(f"{job_id} is {j['stage']}")
    needed = _consents_needed(state, job_id)
    if value not in needed:
        if not needed:
            raise SignshopError(f"none of {job_id}'s items needs the council's consent")
        raise SignshopError(f"{job_id} needs no {value.replace('_', ' ')}; it needs {', '.join(needed)}")
    for cid, c in state.consents.items():
        if c["job"] == job_id and c["kind"] == value and c["status"] in ("applied", "granted"):
            raise SignshopError(f"{cid} ({value}) is {c['status']} already")
    if j["stage"] == "artwork":
        raise SignshopError(f"{job_id} has no approved artwork; the council wants the approved drawing")
    cid = f"CN-{_next(state, 'consent'):04d}"
    state.consents[cid] = {"job": job_id, "kind": value, "status": "applied", "applied": TODAY, "reference": None}
    return _consent(state, cid)


def record_decision(state: State, token: str, consent_id: str, decision: CouncilDecision, reference: str) -> Consent:
    """Record the council's decision on a consent application.

    Parameters
    ----------
    token : str
        The session token (office).
    consent_id : str
        An application with the council.
    decision : {"granted", "refused"}
        The decision.
    reference : str
        The council's reference.

    Returns
    -------
    Consent
        The application as decided.
    """
    _staff(state, token, "office")
    c = _get(state.consents, consent_id, "consent")
    if c["status"] != "applied":
        raise SignshopError(f"{consent_id} was {c['status']} already")
    if decision not in ("granted", "refused"):
        raise SignshopError(f"no decision {decision!r}")
    c["status"], c["reference"] = decision, _text(reference, "reference")
    return _consent(state, consent_id)


def consents(state: State, token: str, job_id: str | None = None,
             status: ConsentStatus | None = None) -> list[ConsentRow]:
    """Consent applications, optionally for one job or in one status.

    Parameters
    ----------
    token : str
        The session token.
    job_id : str, optional
        Only this job's.
    status : {"applied", "granted", "refused"}, optional
        Only those in this status.

    Returns
    -------
    list of ConsentRow
        ``consent_id``, ``job_id``, ``kind``, ``status``, ``applied``.
    """
    _staff(state, token)
    return [ConsentRow(cid, c["job"], c["kind"], c["status"], c["applied"]) for cid, c in sorted(state.consents.items())
            if (not job_id or c["job"] == job_id) and (not status or c["status"] == status)]


# --------------------------------------------------------------------------- fitting


def fitting_slots(state: State, token: str, team: Team | None = None, date: str | None = None) -> list[Slot]:
    """The free fitting slots over the coming days.

    Parameters
    ----------
    token : str
        The session token.
    team : {"T1", "T2", "BY"}, optional
        Only this team's slots (BY is the workshop bay).
    date : str, optional
        Only this day (YYYY-MM-DD).

    Returns
    -------
    list of Slot
        ``slot_id``, ``date``, ``half`` (AM or PM), ``team`` and its ``crew``.
    """
    _staff(state, token)
    return [s for s in _slots(state) if (not team or s.team == team) and (not date or s.date == date)]


def book_fitting(state: State, token: str, job_id: str, slot_id: str, notes: str | None = None) -> Fitting:
    """Book a job's fitting into a free slot.

    Parameters
    ----------
    token : str
        The session token (office).
    job_id : str
        A job with items to fit.
    slot_id : str
        A free slot.
    notes : str, optional
        Notes for the fitters (parking, access, keys).

    Returns
    -------
    Fitting
        The booking, with its ``fitting_id``.
    """
    _staff(state, token, "office")
    j = _get(state.jobs, job_id, "job")
    if j["stage"] in ("complete", "invoiced", "cancelled"):
        raise SignshopError(f"{job_id} is {j['stage']}")
    if not any(PRODUCTS[p][3] for p in _products(state, job_id)):
        raise SignshopError(f"nothing on {job_id} is fitted; it is collected from the workshop")
    for fid, f in state.fittings.items():
        if f["job"] == job_id and f["status"] == "booked":
            raise SignshopError(f"{job_id} is booked already ({fid} on {f['date']} {f['half']})")
    slot = next((s for s in _slots(state) if s.slot_id == slot_id), None)
    if slot is None:
        raise SignshopError(f"no free slot {slot_id}")
    site = state.sites[j["site"]]
    if site["kind"] == "vehicle" and slot.team != "BY":
        raise SignshopError("vehicles are fitted in the workshop bay; book a BY slot")
    if site["kind"] == "premises" and slot.team == "BY":
        raise SignshopError("the workshop bay is for vehicles; book a fitting team")
    if site["height_m"] >= TOWER_FROM_M and slot.team != "T1":
        raise SignshopError(f"the sign at {site['address']} goes {site['height_m']} m up; only team T1 has the "
                            "access tower")
    for kind in _consents_needed(state, job_id):
        held = [(cid, c) for cid, c in sorted(state.consents.items()) if c["job"] == job_id and c["kind"] == kind]
        if any(c["status"] == "granted" for _, c in held):
            continue
        pending = [cid for cid, c in held if c["status"] == "applied"]
        if pending:
            raise SignshopError(f"{pending[0]} ({kind.replace('_', ' ')}) is still with the council; nothing is fitted "
                                "before it is granted")
        raise SignshopError(f"{job_id} needs {kind.replace('_', ' ')} before it is fitted")
    fid = f"FB-{_next(state, 'fitting')}"
    state.fittings[fid] = {"job": job_id, "slot": slot_id, "date": slot.date, "half": slot.half, "team": slot.team,
                           "status": "booked", "notes": notes, "photos": []}
    return _fitting(state, fid)


def fittings(state: State, token: str, date: str | None = None, team: Team | None = None) -> list[FittingRow]:
    """Booked and past fittings, optionally for one day or team.

    Parameters
    ----------
    token : str
        The session token.
    date : str, optional
        Only this day (YYYY-MM-DD).
    team : {"T1", "T2", "BY"}, optional
        Only this team's.

    Returns
    -------
    list of FittingRow
        ``fitting_id``, ``job_id``, ``customer``, ``site``, ``date``, ``half``, ``team``, ``status`` (booked,
        fitted or cancelled).
    """
    _staff(state, token)
    return [FittingRow(fid, f["job"], state.customers[state.jobs[f["job"]]["customer"]]["name"],
                       state.sites[state.jobs[f["job"]]["site"]]["address"], f["date"], f["half"], f["team"],
                       f["status"])
            for fid, f in sorted(state.fittings.items())
            if (not date or f["date"] == date) and (not team or f["team"] == team)]


def cancel_fitting(state: State, token: str, fitting_id: str, reason: str) -> str:
    """Cancel a booked fitting; its slot is free again.

    Parameters
    ----------
    token : str
        The session token (office).
    fitting_id : str
        A booked fitting.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence with the fitting's id and the slot freed.
    """
    _staff(state, token, "office")
    f = _get(state.fittings, fitting_id, "fitting")
    if f["status"] != "booked":
        raise SignshopError(f"{fitting_id} is {f['status']}; only a booked fitting is cancelled")
    f["status"], f["notes"] = "cancelled", _text(reason, "reason")
    return f"Fitting {fitting_id} for {f['job']} cancelled; slot {f['slot']} is free again."


def complete_fitting(state: State, token: str, fitting_id: str, photos: list[str], notes: str | None = None) -> Fitting:
    """Complete a fitting on its day, with photographs of the work.

    Parameters
    ----------
    token : str
        The session token (a fitter of the booked team; the bay is the workshop's).
    fitting_id : str
        A fitting booked for today.
    photos : list of str
        The photographs' file names.
    notes : str, optional
        Anything the office should know.

    Returns
    -------
    Fitting
        The fitting, now ``fitted``; the job is complete.
    """
    who = _staff(state, token, "fitter", "production")
    f = _get(state.fittings, fitting_id, "fitting")
    if f["status"] != "booked":
        raise SignshopError(f"{fitting_id} is {f['status']}")
    if who["role"] != "manager" and who["team"] != f["team"]:
        raise SignshopError(f"{fitting_id} is team {f['team']}'s; {who['name']} is not on it")
    if f["date"] != TODAY:
        raise SignshopError(f"{fitting_id} is booked for {f['date']}, not today")
    j = state.jobs[f["job"]]
    if j["stage"] != "ready":
        raise SignshopError(f"{f['job']} has not passed quality control; it is {j['stage']}")
    if not isinstance(photos, list) or not photos:
        raise SignshopError("add at least one photograph of the work")
    f["status"], f["photos"], f["notes"] = "fitted", list(photos), notes
    j["stage"] = "complete"
    return _fitting(state, fitting_id)


def hand_over(state: State, token: str, job_id: str, collected_by: str) -> Job:
    """Hand a finished job that is not fitted (banners) over to the customer at the workshop.

    Parameters
    ----------
    token : str
        The session token (office or production).
    job_id : str
        A job ready to collect.
    collected_by : str
        Who collected it.

    Returns
    -------
    Job
        The job, now ``complete``.
    """
    _staff(state, token, "office", "production")
    j = _get(state.jobs, job_id, "job")
    if j["stage"] in ("complete", "invoiced"):
        raise SignshopError(f"{job_id} was handed over or fitted already")
    if any(PRODUCTS[p][3] for p in _products(state, job_id)):
        raise SignshopError(f"{job_id} has items to fit; book a fitting")
    if j["stage"] != "ready":
        raise SignshopError(f"{job_id} has not passed quality control; it is {j['stage']}")
    j["stage"], j["collected_by"] = "complete", _text(collected_by, "collected by")
    return _job(state, job_id)


# --------------------------------------------------------------------------- invoicing


def raise_invoice(state: State, token: str, job_id: str) -> Invoice:
    """Raise the final invoice for a fitted or collected job, less its deposit.

    Parameters
    ----------
    token : str
        The session token (office).
    job_id : str
        A complete job.

    Returns
    -------
    Invoice
        The invoice, with its ``invoice_id``, ``total``, ``deposit_paid``, the ``balance`` and the day it is
        ``due``.
    """
    _staff(state, token, "office")
    j = _get(state.jobs, job_id, "job")
    if j["invoice"]:
        raise SignshopError(f"{job_id} was invoiced already ({j['invoice']})")
    if j["stage"] != "complete":
        raise SignshopError(f"{job_id} is {j['stage']}; a job is invoiced once it is fitted or collected")
    iid = f"IN-{_next(state, 'invoice')}"
    state.invoices[iid] = {"job": job_id, "total": j["total"], "deposit_paid": j["deposit_paid"], "paid": 0.0,
                           "raised": TODAY}
    j["invoice"], j["stage"] = iid, "invoiced"
    return Invoice(iid, job_id, j["total"], j["deposit_paid"], round(j["total"] - j["deposit_paid"], 2), "2032-04-08")


def record_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float:
    """Take a payment against an invoice.

    Parameters
    ----------
    token : str
        The session token (office).
    invoice_id : str
        The invoice.
    amount : float
        What the customer pays, in pounds.
    method : {"card", "bacs", "cash"}
        How they pay.

    Returns
    -------
    float
        The balance left on the invoice.
    """
    _staff(state, token, "office")
    i = _get(state.invoices, invoice_id, "invoice")
    if method not in ("card", "bacs", "cash"):
        raise SignshopError(f"no payment method {method!r}")
    amount = _money(amount)
    left = round(i["total"] - i["deposit_paid"] - i["paid"], 2)
    if left <= 0:
        raise SignshopError(f"{invoice_id} is paid in full")
    if amount > left:
        raise SignshopError(f"{invoice_id} has £{left:.2f} to pay, not £{amount:.2f}")
    i["paid"] = round(i["paid"] + amount, 2)
    return round(i["total"] - i["deposit_paid"] - i["paid"], 2)


TOOLS = [
    sign_in, sign_out, price_guide, vinyl_range, find_customer, register_customer, update_customer, customer_file,
    send_message, add_site, create_quote, add_quote_line, remove_quote_line, send_quote, accept_quote, quotes, jobs,
    job_sheet, take_deposit, cancel_job, create_proof, send_proof, record_approval, proofs, stock, order_stock,
    receive_stock, reserve_materials, log_stage, pass_qc, apply_consent, record_decision, consents, fitting_slots,
    book_fitting, fittings, cancel_fitting, complete_fitting, hand_over, raise_invoice, record_payment,
]

FIXTURES = {
    "workshop": {"name": "Brightside Signs & Graphics, Unit 4, Tanyard Industrial Estate, Calderbrook",
                 "today": "Tuesday 9 March, half past eight"},
    "staff": [
        {"name": "Nina Patel", "role": "office", "username": "nina.p", "password": "Fascia-Blue-42"},
        {"name": "Tom Rowley", "role": "designer", "username": "tom.r", "password": "Kerning-Pair-7"},
        {"name": "Kasia Wilk", "role": "production (runs the workshop bay)", "username": "kasia.w",
         "password": "Weed-Hook-318"},
        {"name": "Dean Hollis", "role": "fitter, team T1", "username": "dean.h", "password": "Spirit-Level-5"},
        {"name": "Leon Marsh", "role": "fitter, team T2", "username": "leon.m", "password": "Rivnut-Gun-22"},
        {"name": "Bev Ashdown", "role": "manager", "username": "bev.a", "password": "Brightside-1998"},
    ],
    "new_customer": {"name": "Mr Idris Fenwick", "company": "Fenwick's Bakery", "mobile": "07700 900530",
                     "email": "idris@fenwicksbakery.example", "address": "5 Kiln Lane, Calderbrook",
                     "postcode": "CB2 6KL", "sign_height": "about 2.7 m",
                     "wants": "a printed panel over the shop, 2400 by 600, and the opening hours on the door"},
    "office_notes": [
        "Mrs Anand's highway licence came through this morning",
        "Mr Lacey has rung: he is happy with the fascia proof",
        "Mr Sandhu is calling in to pay his deposit",
        "The Harriers' banners want finishing; Rosa collects them this afternoon",
        "Mr Reid's van is short of wrap film",
        "Dr Okafor wants to see the second lightbox proof",
        "Frank Whitlock's van is in the bay this morning",
        "The Voss boards went up last week and are not invoiced",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "price_guide", "vinyl_range")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_file", "send_message", "add_site", "create_quote"]
QUOTE_CONSUMERS = ["add_quote_line", "remove_quote_line", "send_quote", "accept_quote"]
JOB_CONSUMERS = ["job_sheet", "take_deposit", "cancel_job", "create_proof", "proofs", "reserve_materials",
                 "log_stage", "pass_qc", "apply_consent", "book_fitting", "hand_over", "raise_invoice"]
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or of a find_customer row)"
_QUOTE = "id lookup/create: quote (quote_id of create_quote, or of a quotes row)"
_JOB = "id lookup/create: job (job_id of accept_quote, or of a jobs row)"
_PROOF = "id lookup/create: proof (proof_id of create_proof, or of a proofs row)"
_FITTING = "id lookup/create: fitting (fitting_id of book_fitting, or of a fittings row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("create_quote|quotes", c, _QUOTE) for c in QUOTE_CONSUMERS]
    + [("accept_quote|jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("create_proof|proofs", c, _PROOF) for c in ("send_proof", "record_approval")]
    + [("book_fitting|fittings", c, _FITTING) for c in ("cancel_fitting", "complete_fitting")]
    + [
        ("add_site|customer_file", "create_quote",
         "id lookup/create: site (site_id of add_site, or of a customer_file sites row)"),
        ("apply_consent|consents", "record_decision",
         "id lookup/create: consent (consent_id of apply_consent, or of a consents row)"),
        ("stock", "order_stock", "id lookup: stock code (code of a stock row)"),
        ("fitting_slots", "book_fitting", "id lookup: slot (slot_id of a fitting_slots row)"),
        ("order_stock", "receive_stock", "id create: purchase order (po_id of order_stock)"),
        ("raise_invoice", "record_payment", "id create: invoice (invoice_id of raise_invoice)"),
        ("price_guide", "add_quote_line", "vocabulary: product codes (code of a price_guide entry)"),
        ("vinyl_range", "create_proof", "vocabulary: film codes (code of a vinyl_range entry)"),
        ("add_quote_line", "send_quote", "state: the quote has a line"),
        ("add_quote_line", "remove_quote_line", "state: a line on the quote"),
        ("send_quote", "accept_quote", "state: the quote sent"),
        ("send_proof", "record_approval", "state: the proof sent to the customer"),
        ("record_approval", "reserve_materials", "state: the artwork approved"),
        ("record_approval", "apply_consent", "state: the artwork approved (the council wants the approved drawing)"),
        ("take_deposit", "reserve_materials", "state: the deposit paid"),
        ("receive_stock", "reserve_materials", "state: enough stock free (the short film booked in)"),
        ("reserve_materials", "log_stage", "state: the materials reserved (the job in production)"),
        ("log_stage", "pass_qc", "state: every stage of the route done"),
        ("pass_qc", "complete_fitting", "state: the job through quality control"),
        ("pass_qc", "hand_over", "state: the job through quality control"),
        ("record_decision", "book_fitting", "state: the council's consent granted"),
        ("complete_fitting|hand_over", "raise_invoice", "state: the job fitted or collected (complete)"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
PLAUSIBLE = (
    # ids shown in other lists and records: customers on quotes and jobs rows, quotes and jobs in a customer file, a
    # job's proofs, consents and fittings on its sheet, a job's quote, the open job a stage log or QC names
    {(p, c) for p in ("quotes", "jobs", "customer_file") for c in CUSTOMER_CONSUMERS if (p, c) != ("customer_file",
                                                                                                "customer_file")}
    | {("customer_file", c) for c in QUOTE_CONSUMERS + JOB_CONSUMERS}
    | {("job_sheet", c) for c in ("send_proof", "record_approval", "record_decision", "cancel_fitting",
                                  "complete_fitting", "accept_quote")}
    | {(p, c) for p in ("accept_quote", "jobs", "fittings", "consents", "reserve_materials", "pass_qc", "log_stage",
                        "hand_over", "take_deposit") for c in JOB_CONSUMERS}
    | {("fittings", "cancel_fitting"), ("book_fitting", "complete_fitting"), ("vinyl_range", "order_stock"),
       ("stock", "create_proof"), ("reserve_materials", "order_stock"), ("job_sheet", "order_stock"),
       ("customer_file", "record_payment"), ("fitting_slots", "fittings"), ("jobs", "record_decision"),
       ("jobs", "send_proof"), ("jobs", "record_approval")}
    # one step further along the designed chains
    | {
        ("create_proof", "record_approval"), ("send_proof", "reserve_materials"), ("send_proof", "apply_consent"),
        ("record_approval", "log_stage"), ("take_deposit", "log_stage"), ("order_stock", "reserve_materials"),
        ("reserve_materials", "pass_qc"), ("log_stage", "complete_fitting"), ("log_stage", "hand_over"),
        ("apply_consent", "book_fitting"), ("pass_qc", "raise_invoice"), ("book_fitting", "raise_invoice"),
        ("fitting_slots", "complete_fitting"), ("consents", "book_fitting"), ("add_quote_line", "accept_quote"),
        ("send_quote", "take_deposit"), ("record_approval", "pass_qc"), ("price_guide", "send_quote"),
        ("stock", "receive_stock"), ("stock", "reserve_materials"), ("vinyl_range", "send_proof"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("register_customer", "find_customer"), ("update_customer", "find_customer"),
        ("update_customer", "customer_file"), ("update_customer", "send_message"), ("add_site", "customer_file"),
        ("create_quote", "quotes"), ("create_quote", "customer_file"), ("add_quote_line", "quotes"),
        ("remove_quote_line", "quotes"), ("send_quote", "quotes"), ("accept_quote", "quotes"),
        ("accept_quote", "customer_file"), ("take_deposit", "jobs"), ("take_deposit", "job_sheet"),
        ("cancel_job", "jobs"), ("cancel_job", "job_sheet"), ("cancel_job", "stock"), ("cancel_job", "fittings"),
        ("cancel_job", "fitting_slots"), ("create_proof", "job_sheet"), ("send_proof", "proofs"),
        ("record_approval", "proofs"), ("record_approval", "jobs"), ("record_approval", "job_sheet"),
        ("order_stock", "stock"), ("receive_stock", "stock"), ("reserve_materials", "stock"),
        ("reserve_materials", "jobs"), ("reserve_materials", "job_sheet"), ("log_stage", "job_sheet"),
        ("pass_qc", "jobs"), ("pass_qc", "job_sheet"), ("apply_consent", "job_sheet"),
        ("record_decision", "consents"), ("record_decision", "job_sheet"), ("book_fitting", "fitting_slots"),
        ("book_fitting", "job_sheet"), ("cancel_fitting", "fittings"), ("cancel_fitting", "fitting_slots"),
        ("cancel_fitting", "job_sheet"), ("complete_fitting", "fittings"), ("complete_fitting", "jobs"),
        ("complete_fitting", "job_sheet"), ("hand_over", "jobs"), ("hand_over", "job_sheet"),
        ("raise_invoice", "customer_file"), ("raise_invoice", "job_sheet"), ("raise_invoice", "jobs"),
        ("record_payment", "customer_file"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
