"""Mullion: the office, surveyors and fitting teams of Harwood & Lyle Windows, Unit 4 Tanner's Yard, Kelsborough (40 calls).

Sync functions over an in-memory ``State`` of the firm on Tuesday 10 June 2031 at 08:30. The office registers
customers (householders replacing their windows and doors), books the surveyors' free slots and writes to
customers. A surveyor measures each opening on a survey (room, product, size, sill height, glass, features),
completes the survey and prices it as a quote, a line per opening; lines may be re-glazed or dropped while the
quote is a draft. The office sends the quote; an accepted quote becomes a job with a 25% deposit. Once the
deposit is paid the office orders the frames and the sealed glass units from the suppliers and books the
deliveries in at the yard; a unit that arrives damaged, or breaks on site, is reordered as a remake. A job whose
frames and glass are all in is scheduled with a fitting team; on the day the team starts it, fits each opening
and signs it off. The office then registers the installation with FENSA (the building-regulations
certificate for replacement windows and doors), invoices the balance and takes payments, and may cancel a job
that has not started. The product range, the glass options and the surveyors' free slots are public.

The firm's job system is a gRPC service reached through JSON transcoding, and these functions answer the way it
does: a record on success, and on a refusal a ``google.rpc.Status`` body, ``Status(code=9,
message="...", details=[{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": ..., "domain": ...,
"metadata": {...}}])`` (3 invalid argument, 5 not found, 6 already exists, 7 permission denied, 9 failed
precondition, 16 unauthenticated). Through the runtime the status is a JSON object ``{"code": 9, "message":
..., "details": [...]}``, which none of the runtime's common conventions (as
``llama_index_libra/runtime/failures.py`` writes them) reads as a refusal, so the module declares ``FAILURE``
(``grpc_status``: an object with exactly ``code``, ``message`` and ``details`` and a non-zero code). Every tool
is a plain ``def`` without a decorator; each checks its session and role itself (``_staff`` raises the internal
``_Abort``, which the tool answers as its ``Status``). Replies are dataclasses and lists of them, with rows
nested as lists of lists (a quote's lines, a job's openings and orders, a customer file's surveys, quotes and
jobs); bare values answer a quote line re-glazed or dropped (the quote's new total) and a deposit or payment
(the balance left); sentences with an id in them answer a quote sent, a message, a survey or job cancelled and
a sign-out. Annotations are spelled with ``typing`` (``Optional``, ``List``, ``Dict``, ``Union``, ``Literal``)
and evaluated at definition, with a ``str`` ``Enum`` filter (``JobStage``), a plain ``Enum`` input
(``CertScheme``), ``Literal`` inputs (payment method, channel) and ``Literal`` filters (survey, quote and
purchase order status, supplier kind). reST docstrings. Ids look alike: survey ``SV-4412``, quote
``QT-7730``, job ``JB-2290``, purchase order ``PO-5540``, invoice ``INV-0871``, certificate ``FN-6120``;
customer ``CU-3110``; opening ``OP-910``; supplier ``SP-21``; team ``FT-3``; slot ``NB-20310611-AM``. The
postcode areas the firm fits in, which openings are critical locations that need safety glass, the features an
opening may have and the escape hinges an upstairs bedroom needs, which supplier makes which frames and which
glass, that fitting teams do not work weekends and that the firm certifies with FENSA alone are stated only in
refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from dataclasses import dataclass
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Union

TODAY = "2031-06-10"  # a Tuesday
NOW = "08:30"
VAT = 0.2
DEPOSIT = 0.25
QUOTE_DAYS = 30
AREAS = ("KB", "LW")
DOMAIN = "jobs.harwoodlyle.example"

CODES = {3: "INVALID_ARGUMENT", 5: "NOT_FOUND", 6: "ALREADY_EXISTS", 7: "PERMISSION_DENIED",
         9: "FAILED_PRECONDITION", 16: "UNAUTHENTICATED"}


class JobStage(str, Enum):
    AWAITING_DEPOSIT = "awaiting_deposit"
    DEPOSIT_PAID = "deposit_paid"
    ON_ORDER = "on_order"
    GOODS_IN = "goods_in"
    SCHEDULED = "scheduled"
    IN_PROGRESS = "in_progress"
    COMPLETED = "completed"
    CANCELLED = "cancelled"


class CertScheme(Enum):
    FENSA = "fensa"
    CERTASS = "certass"
    LOCAL_AUTHORITY = "local_authority"


SurveyStatus = Literal["booked", "completed", "cancelled"]
QuoteStatus = Literal["draft", "sent", "accepted", "expired"]
OrderStatus = Literal["ordered", "received", "cancelled"]
SupplierKind = Literal["frames", "glass"]
PayMethod = Literal["card", "bank_transfer", "cheque"]
Channel = Literal["sms", "email"]

PRODUCTS = {  # code -> name, kind, material, base price, price per m2, largest width and height (mm)
    "CASE-UPVC": ("uPVC casement window", "window", "upvc", 180.0, 260.0, 1800, 1600),
    "TILT-ALU": ("Aluminium tilt-and-turn window", "window", "aluminium", 320.0, 410.0, 1400, 2000),
    "SASH-TMB": ("Timber vertical sliding sash window", "window", "timber", 650.0, 520.0, 1400, 2200),
    "FIXD-UPVC": ("uPVC fixed light", "window", "upvc", 120.0, 200.0, 2400, 2000),
    "DOOR-COMP": ("Composite front door", "door", "composite", 1150.0, 0.0, 1000, 2150),
    "PATIO-UPVC": ("uPVC sliding patio door", "door", "upvc", 700.0, 350.0, 3000, 2200),
    "BIFD-ALU": ("Aluminium bi-fold door", "door", "aluminium", 900.0, 600.0, 4800, 2400),
}
GLASS = {  # code -> name, U-value, safety glass, extra per m2
    "DG-STD": ("Double glazed 4-20-4, argon filled, low-E", 1.2, False, 0.0),
    "DG-TGH": ("Double glazed, toughened both panes", 1.2, True, 45.0),
    "DG-LAM": ("Double glazed, 6.4 mm laminated inner pane", 1.2, True, 70.0),
    "DG-OBS": ("Double glazed, obscure (Stippolyte) outer pane", 1.2, False, 30.0),
    "DG-OBT": ("Double glazed, obscure and toughened", 1.2, True, 75.0),
    "TG-STD": ("Triple glazed 4-12-4-12-4, argon filled", 0.8, False, 95.0),
    "TG-TGH": ("Triple glazed, toughened", 0.8, True, 140.0),
}
FEATURES = ("trickle_vent", "restrictor", "egress_hinge", "letterplate", "night_vent", "georgian_bar")
SUPPLIERS = {  # id -> name, kind, lead time (working days), what they make
    "SP-11": ("Pennine Profiles", "frames", 15, ("upvc", "composite")),
    "SP-12": ("Arcline Aluminium", "frames", 20, ("aluminium",)),
    "SP-14": ("Westmoor Joinery", "frames", 25, ("timber",)),
    "SP-21": ("Clearview Glass Processing", "glass", 7, ("DG-STD", "DG-OBS", "TG-STD")),
    "SP-22": ("Halden Toughening", "glass", 9, tuple(GLASS)),
}


def grpc_status(reply: Any) -> Union[bool, str]:
    """A reply is a refusal when it is a ``google.rpc.Status``: exactly ``code``, ``message`` and ``details``,
    with a non-zero code; the code's name and the message."""
    if isinstance(reply, Status):
        reply = {"code": reply.code, "message": reply.message, "details": reply.details}
    if isinstance(reply, dict) and set(reply) == {"code", "message", "details"} and isinstance(reply["code"], int) \
            and reply["code"] != 0:
        return f"{CODES.get(reply['code'], reply['code'])}: {reply['message']}"
    return False


FAILURE = grpc_status


# --------------------------------------------------------------------------- replies


@dataclass
class Status:
    code: int
    message: str
    details: List[Dict[str, Any]]


@dataclass
class Session:
    token: str
    name: str
    role: str
    team_id: Optional[str]


@dataclass
class Product:
    code: str
    name: str
    kind: str
    material: str
    base_price: float
    price_per_m2: float
    max_width_mm: int
    max_height_mm: int


@dataclass
class GlassOption:
    code: str
    name: str
    u_value: float
    safety_glass: bool
    extra_per_m2: float


@dataclass
class Slot:
    slot_id: str
    date: str
    period: str
    surveyor: str


@dataclass
class CustomerRow:
    customer_id: str
    name: str
    address: str
    postcode: str
    phone: str


@dataclass
class Customer:
    customer_id: str
    name: str
    phone: str
    email: Optional[str]
    address: str
    postcode: str


@dataclass
class CustomerFile:
    customer: Customer
    surveys: List[List[Any]]
    quotes: List[List[Any]]
    jobs: List[List[Any]]


@dataclass
class Survey:
    survey_id: str
    customer_id: str
    customer: str
    address: str
    date: str
    period: str
    surveyor: str
    status: str
    openings: int
    notes: Optional[str]
    summary: Optional[str]


@dataclass
class SurveyRow:
    survey_id: str
    date: str
    period: str
    surveyor: str
    customer_id: str
    customer: str
    postcode: str
    status: str


@dataclass
class Opening:
    opening_id: str
    survey_id: str
    room: str
    floor: int
    product_code: str
    glass_code: str
    width_mm: int
    height_mm: int
    sill_mm: Optional[int]
    features: List[str]
    status: str


@dataclass
class SurveyReport:
    survey: Survey
    openings: List[Opening]


@dataclass
class Quote:
    quote_id: str
    survey_id: str
    customer_id: str
    customer: str
    status: str
    created: str
    valid_until: str
    lines: List[List[Any]]
    net: float
    vat: float
    total: float


@dataclass
class QuoteRow:
    quote_id: str
    customer_id: str
    customer: str
    survey_id: str
    status: str
    total: float
    lines: List[List[Any]]


@dataclass
class Job:
    job_id: str
    customer_id: str
    customer: str
    address: str
    quote_id: str
    stage: str
    total: float
    deposit_due: float
    paid: float
    team_id: Optional[str]
    fit_date: Optional[str]
    fit_days: Optional[int]
    openings: List[List[Any]]
    orders: List[List[Any]]
    invoice_id: Optional[str]
    certificate_id: Optional[str]


@dataclass
class JobRow:
    job_id: str
    customer_id: str
    customer: str
    postcode: str
    stage: str
    team_id: Optional[str]
    fit_date: Optional[str]


@dataclass
class Supplier:
    supplier_id: str
    name: str
    kind: str
    lead_days: int


@dataclass
class PurchaseOrder:
    po_id: str
    job_id: str
    supplier_id: str
    supplier: str
    kind: str
    status: str
    ordered: str
    due: str
    items: List[List[Any]]


@dataclass
class OrderRow:
    po_id: str
    job_id: str
    kind: str
    supplier: str
    status: str
    due: str


@dataclass
class Delivery:
    po_id: str
    job_id: str
    received: str
    items_ok: int
    damaged: List[str]
    job_stage: str


@dataclass
class Team:
    team_id: str
    leader: str
    members: List[str]
    van: str
    booked: List[str]


@dataclass
class Certificate:
    certificate_id: str
    job_id: str
    scheme: str
    registered: str
    customer: str
    address: str
    openings: int


@dataclass
class Invoice:
    invoice_id: str
    job_id: str
    customer: str
    total: float
    paid: float
    balance: float
    due: str


# --------------------------------------------------------------------------- state


def _op(survey: str, room: str, product: str, glass: str, w: int, h: int, sill: Optional[int], floor: int = 0,
        features: Optional[List[str]] = None, status: str = "measured") -> dict:
    return {"survey": survey, "room": room, "product": product, "glass": glass, "w": w, "h": h, "sill": sill,
            "floor": floor, "features": list(features or []), "status": status}


class State:
    """Harwood & Lyle Windows on Tuesday 10 June 2031 at 08:30."""

    def __init__(self) -> None:
        self.staff = {
            "sandra.o": {"name": "Sandra Okoye", "password": "Casement-41", "role": "office", "team": None},
            "neil.b": {"name": "Neil Bramwell", "password": "Sightline-7", "role": "surveyor", "team": None,
                       "initials": "NB"},
            "amira.k": {"name": "Amira Khan", "password": "Reveal-Depth-22", "role": "surveyor", "team": None,
                        "initials": "AK"},
            "dev.p": {"name": "Dev Patel", "password": "Trickle-Vent-3", "role": "fitter", "team": "FT-1"},
            "kerry.m": {"name": "Kerry Mills", "password": "Drip-Bar-18", "role": "fitter", "team": "FT-2"},
            "marek.n": {"name": "Marek Nowicki", "password": "Cill-Horn-64", "role": "fitter", "team": "FT-3"},
            "graham.l": {"name": "Graham Lyle", "password": "Harwood-Lyle-1987", "role": "manager", "team": None},
        }
        self.tokens: Dict[str, dict] = {}
        self.customers = {
            "CU-3083": {"name": "Mr Ivor Penhaligon", "phone": "07700 900183", "email": "ivor.penhaligon@mail.example",
                        "address": "7 Slate Row, Kelsborough", "postcode": "KB6 2SR"},
            "CU-3085": {"name": "Ms Bethan Lloyd", "phone": "07700 900185", "email": "bethan.lloyd@mail.example",
                        "address": "27 Windmill Hill, Lowther Cross", "postcode": "LW3 9WH"},
            "CU-3088": {"name": "Mrs Pauline Ashworth", "phone": "07700 900188",
                        "email": "pauline.ashworth@mail.example", "address": "14 Rectory Lane, Kelsborough",
                        "postcode": "KB3 2RL"},
            "CU-3090": {"name": "Mr Frank Dorsey", "phone": "07700 900190", "email": "frank.dorsey@mail.example",
                        "address": "5 Lime Walk, Kelsborough", "postcode": "KB2 1LW"},
            "CU-3092": {"name": "Mr Desmond Oyelaran", "phone": "07700 900192", "email": "d.oyelaran@mail.example",
                        "address": "The Granary, Mill Lane, Lowther Cross", "postcode": "LW2 7GN"},
            "CU-3093": {"name": "Mrs Irene Okonjo", "phone": "07700 900193", "email": "irene.okonjo@mail.example",
                        "address": "2 Foundry Mews, Kelsborough", "postcode": "KB1 3FM"},
            "CU-3095": {"name": "Ms Harriet Kwan", "phone": "07700 900195", "email": "harriet.kwan@mail.example",
                        "address": "Flat 2, 9 Quarry Street, Kelsborough", "postcode": "KB1 4QS"},
            "CU-3097": {"name": "Mr Tom Riddick", "phone": "07700 900197", "email": "riddick.home@mail.example",
                        "address": "3 Heather Close, Kelsborough", "postcode": "KB5 1HC"},
            "CU-3099": {"name": "Dr Samir Haddad", "phone": "07700 900199", "email": "samir.haddad@mail.example",
                        "address": "Orchard House, 22 Church Street, Lowther Cross", "postcode": "LW1 3CS"},
            "CU-3102": {"name": "Mrs Glenys Parfitt", "phone": "07700 900102", "email": None,
                        "address": "41 Victoria Terrace, Kelsborough", "postcode": "KB2 6VT"},
            "CU-3104": {"name": "Mr Callum Reid", "phone": "07700 900104", "email": "callum.reid@mail.example",
                        "address": "11 Beech Grove, Kelsborough", "postcode": "KB4 8BG"},
        }
        self.surveys = {
            "SV-4380": {"customer": "CU-3088", "date": "2031-05-06", "period": "AM", "surveyor": "NB",
                        "status": "completed", "notes": None, "summary": "Two bedroom windows, rotten sills"},
            "SV-4392": {"customer": "CU-3088", "date": "2031-05-21", "period": "PM", "surveyor": "AK",
                        "status": "completed", "notes": None, "summary": "Landing window and stair light"},
            "SV-4384": {"customer": "CU-3095", "date": "2031-05-13", "period": "PM", "surveyor": "AK",
                        "status": "completed", "notes": "Second-floor flat; permit parking", "summary":
                        "Living room and kitchen windows"},
            "SV-4386": {"customer": "CU-3083", "date": "2031-05-14", "period": "AM", "surveyor": "NB",
                        "status": "completed", "notes": None, "summary": "Three front windows"},
            "SV-4389": {"customer": "CU-3085", "date": "2031-05-19", "period": "AM", "surveyor": "AK",
                        "status": "completed", "notes": None, "summary": "Whole rear elevation"},
            "SV-4395": {"customer": "CU-3090", "date": "2031-05-28", "period": "PM", "surveyor": "NB",
                        "status": "completed", "notes": None, "summary": "Back bedroom and landing"},
            "SV-4398": {"customer": "CU-3093", "date": "2031-05-30", "period": "AM", "surveyor": "AK",
                        "status": "completed", "notes": None, "summary": "Aluminium tilt-and-turn to the study"},
            "SV-4401": {"customer": "CU-3092", "date": "2031-06-03", "period": "AM", "surveyor": "NB",
                        "status": "completed", "notes": "Barn conversion; narrow lane", "summary":
                        "Kitchen, utility and boot room"},
            "SV-4404": {"customer": "CU-3099", "date": "2031-06-05", "period": "PM", "surveyor": "AK",
                        "status": "completed", "notes": None, "summary": "Kitchen window and garden room doors"},
            "SV-4406": {"customer": "CU-3104", "date": "2031-06-09", "period": "AM", "surveyor": "NB",
                        "status": "completed", "notes": None, "summary": "Front door"},
            "SV-4408": {"customer": "CU-3102", "date": "2031-06-10", "period": "AM", "surveyor": "NB",
                        "status": "booked", "notes": "Ring the bell twice; Mrs Parfitt is hard of hearing",
                        "summary": None},
            "SV-4409": {"customer": "CU-3097", "date": "2031-06-11", "period": "PM", "surveyor": "AK",
                        "status": "booked", "notes": None, "summary": None},
        }
        self.openings = {
            "OP-880": _op("SV-4380", "Front bedroom", "CASE-UPVC", "DG-STD", 1200, 1200, 900, 1,
                          ["trickle_vent", "egress_hinge"], "fitted"),
            "OP-881": _op("SV-4380", "Back bedroom", "CASE-UPVC", "DG-STD", 1050, 1200, 900, 1,
                          ["trickle_vent", "egress_hinge"], "fitted"),
            "OP-882": _op("SV-4392", "Landing", "CASE-UPVC", "DG-TGH", 900, 1300, 700, 1, [], "fitted"),
            "OP-883": _op("SV-4392", "Stairs", "FIXD-UPVC", "DG-TGH", 600, 1600, 500, 1, [], "fitted"),
            "OP-884": _op("SV-4384", "Living room", "CASE-UPVC", "DG-STD", 1600, 1300, 850, 2, ["trickle_vent"],
                          "in"),
            "OP-885": _op("SV-4384", "Kitchen", "CASE-UPVC", "DG-STD", 1100, 1050, 1000, 2, ["restrictor"], "in"),
            "OP-886": _op("SV-4386", "Front room", "CASE-UPVC", "DG-STD", 1700, 1250, 820, 0, ["trickle_vent"], "in"),
            "OP-887": _op("SV-4386", "Hall", "FIXD-UPVC", "DG-TGH", 500, 1500, 300, 0, [], "in"),
            "OP-888": _op("SV-4386", "Front bedroom", "CASE-UPVC", "DG-STD", 1200, 1200, 900, 1,
                          ["trickle_vent", "egress_hinge"], "in"),
            "OP-889": _op("SV-4389", "Kitchen", "CASE-UPVC", "DG-STD", 1500, 1100, 1000, 0, [], "fitted"),
            "OP-890": _op("SV-4389", "Dining room", "PATIO-UPVC", "DG-TGH", 2400, 2100, None, 0, [], "in"),
            "OP-891": _op("SV-4389", "Bathroom", "CASE-UPVC", "DG-OBS", 700, 900, 1200, 1, ["restrictor"], "in"),
            "OP-892": _op("SV-4395", "Back bedroom", "CASE-UPVC", "DG-STD", 1200, 1150, 900, 1,
                          ["trickle_vent", "egress_hinge"], "measured"),
            "OP-893": _op("SV-4395", "Landing", "CASE-UPVC", "DG-TGH", 900, 1500, 600, 1, [], "measured"),
            "OP-894": _op("SV-4398", "Study", "TILT-ALU", "DG-STD", 1200, 1400, 900, 0, ["night_vent"], "measured"),
            "OP-901": _op("SV-4401", "Kitchen", "CASE-UPVC", "DG-STD", 1500, 1050, 1000, 0, ["trickle_vent"],
                          "measured"),
            "OP-902": _op("SV-4401", "Utility", "CASE-UPVC", "DG-OBS", 800, 900, 1100, 0, [], "measured"),
            "OP-903": _op("SV-4401", "Boot room", "DOOR-COMP", "DG-TGH", 920, 2100, None, 0, ["letterplate"],
                          "measured"),
            "OP-904": _op("SV-4404", "Kitchen", "CASE-UPVC", "DG-STD", 1200, 1050, 950, 0, ["trickle_vent"]),
            "OP-905": _op("SV-4404", "Garden room", "PATIO-UPVC", "DG-TGH", 2400, 2100, None, 0, []),
            "OP-906": _op("SV-4406", "Front door", "DOOR-COMP", "DG-LAM", 920, 2100, None, 0, ["letterplate"]),
        }
        self.quotes = {
            "QT-7701": {"survey": "SV-4380", "status": "accepted", "created": "2031-05-07",
                        "lines": ["OP-880", "OP-881"], "sent": "2031-05-07"},
            "QT-7705": {"survey": "SV-4384", "status": "accepted", "created": "2031-05-14",
                        "lines": ["OP-884", "OP-885"], "sent": "2031-05-14"},
            "QT-7707": {"survey": "SV-4386", "status": "accepted", "created": "2031-05-15",
                        "lines": ["OP-886", "OP-887", "OP-888"], "sent": "2031-05-15"},
            "QT-7709": {"survey": "SV-4389", "status": "accepted", "created": "2031-05-20",
                        "lines": ["OP-889", "OP-890", "OP-891"], "sent": "2031-05-20"},
            "QT-7711": {"survey": "SV-4392", "status": "accepted", "created": "2031-05-22",
                        "lines": ["OP-882", "OP-883"], "sent": "2031-05-22"},
            "QT-7713": {"survey": "SV-4395", "status": "accepted", "created": "2031-05-29",
                        "lines": ["OP-892", "OP-893"], "sent": "2031-05-29"},
            "QT-7715": {"survey": "SV-4398", "status": "accepted", "created": "2031-05-30",
                        "lines": ["OP-894"], "sent": "2031-05-30"},
            "QT-7718": {"survey": "SV-4401", "status": "accepted", "created": "2031-06-03",
                        "lines": ["OP-901", "OP-902", "OP-903"], "sent": "2031-06-03"},
            "QT-7722": {"survey": "SV-4404", "status": "draft", "created": "2031-06-06",
                        "lines": ["OP-904", "OP-905"], "sent": None},
            "QT-7724": {"survey": "SV-4406", "status": "sent", "created": "2031-06-09",
                        "lines": ["OP-906"], "sent": "2031-06-09"},
        }
        self.jobs = {
            "JB-2270": self._job("QT-7701", paid_share=0.25, fit=["FT-2", "2031-05-27", 1], started=True,
                                 completed="2031-05-27", invoice="INV-0866", certificate="FN-6104"),
            "JB-2279": self._job("QT-7711", paid_share=0.25, fit=["FT-1", "2031-06-06", 1], started=True,
                                 completed="2031-06-06"),
            "JB-2281": self._job("QT-7705", paid_share=0.25),
            "JB-2282": self._job("QT-7707", paid_share=0.25, fit=["FT-1", "2031-06-10", 1]),
            "JB-2283": self._job("QT-7709", paid_share=0.25, fit=["FT-2", "2031-06-09", 2], started=True),
            "JB-2284": self._job("QT-7713", paid_share=0.0),
            "JB-2285": self._job("QT-7715", paid_share=0.25),
            "JB-2286": self._job("QT-7718", paid_share=0.25),
        }
        self.orders = {
            "PO-5501": {"job": "JB-2270", "supplier": "SP-11", "kind": "frames", "status": "received",
                        "ordered": "2031-05-08", "due": "2031-05-22", "items": ["OP-880", "OP-881"]},
            "PO-5502": {"job": "JB-2270", "supplier": "SP-21", "kind": "glass", "status": "received",
                        "ordered": "2031-05-08", "due": "2031-05-19", "items": ["OP-880", "OP-881"]},
            "PO-5511": {"job": "JB-2281", "supplier": "SP-11", "kind": "frames", "status": "received",
                        "ordered": "2031-05-16", "due": "2031-06-06", "items": ["OP-884", "OP-885"]},
            "PO-5512": {"job": "JB-2281", "supplier": "SP-21", "kind": "glass", "status": "received",
                        "ordered": "2031-05-16", "due": "2031-05-27", "items": ["OP-884", "OP-885"]},
            "PO-5514": {"job": "JB-2282", "supplier": "SP-11", "kind": "frames", "status": "received",
                        "ordered": "2031-05-16", "due": "2031-06-06", "items": ["OP-886", "OP-887", "OP-888"]},
            "PO-5515": {"job": "JB-2282", "supplier": "SP-22", "kind": "glass", "status": "received",
                        "ordered": "2031-05-16", "due": "2031-05-29", "items": ["OP-886", "OP-887", "OP-888"]},
            "PO-5517": {"job": "JB-2283", "supplier": "SP-11", "kind": "frames", "status": "received",
                        "ordered": "2031-05-21", "due": "2031-06-06", "items": ["OP-889", "OP-890", "OP-891"]},
            "PO-5518": {"job": "JB-2283", "supplier": "SP-22", "kind": "glass", "status": "received",
                        "ordered": "2031-05-21", "due": "2031-06-03", "items": ["OP-889", "OP-890", "OP-891"]},
            "PO-5522": {"job": "JB-2279", "supplier": "SP-11", "kind": "frames", "status": "received",
                        "ordered": "2031-05-23", "due": "2031-06-05", "items": ["OP-882", "OP-883"]},
            "PO-5523": {"job": "JB-2279", "supplier": "SP-22", "kind": "glass", "status": "received",
                        "ordered": "2031-05-23", "due": "2031-06-05", "items": ["OP-882", "OP-883"]},
            "PO-5531": {"job": "JB-2286", "supplier": "SP-11", "kind": "frames", "status": "received",
                        "ordered": "2031-06-04", "due": "2031-06-09", "items": ["OP-901", "OP-902", "OP-903"]},
            "PO-5532": {"job": "JB-2286", "supplier": "SP-22", "kind": "glass", "status": "ordered",
                        "ordered": "2031-06-04", "due": "2031-06-10", "items": ["OP-901", "OP-902", "OP-903"]},
        }
        self.teams = {
            "FT-1": {"leader": "Dev Patel", "members": ["Dev Patel", "Liam Shore"], "van": "Van 2 (KX31 HLW)"},
            "FT-2": {"leader": "Kerry Mills", "members": ["Kerry Mills", "Owen Fry"], "van": "Van 3 (KX31 HLY)"},
            "FT-3": {"leader": "Marek Nowicki", "members": ["Marek Nowicki", "Jordan Ellis"],
                     "van": "Van 5 (KY31 HLA)"},
        }
        self.invoices = {
            "INV-0866": {"job": "JB-2270", "total": 0.0, "paid": 0.0, "due": "2031-06-10"},
        }
        inv = self.invoices["INV-0866"]
        inv["total"] = self.jobs["JB-2270"]["total"]
        inv["paid"] = self.jobs["JB-2270"]["paid"]
        self.certificates = {
            "FN-6104": {"job": "JB-2270", "scheme": "fensa", "registered": "2031-05-28"},
        }
        self.messages: List[list] = []
        self.counters = {"token": 1, "customer": 3110, "survey": 4412, "opening": 910, "quote": 7730, "job": 2290,
                         "po": 5540, "invoice": 871, "certificate": 6120, "message": 301}

    def _job(self, quote_id: str, paid_share: float, fit: Optional[list] = None, started: bool = False,
             completed: Optional[str] = None, invoice: Optional[str] = None,
             certificate: Optional[str] = None) -> dict:
        q = self.quotes[quote_id]
        total = round(_net(self, q["lines"]) * (1 + VAT), 2)
        return {"quote": quote_id, "total": total, "deposit_due": round(total * DEPOSIT, 2),
                "paid": round(total * paid_share, 2), "fit": fit, "started": started, "completed": completed,
                "cancelled": False, "invoice": invoice, "certificate": certificate}


# --------------------------------------------------------------------------- helpers


class _Abort(Exception):
    """A refusal, answered by the tool as its ``Status``."""

    def __init__(self, code: int, reason: str, message: str, **metadata: str) -> None:
        super().__init__(message)
        self.status = Status(code=code, message=message, details=[
            {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": DOMAIN,
             "metadata": {k: str(v) for k, v in metadata.items()}}])


def _staff(state: State, token: str, *roles: str) -> dict:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        raise _Abort(16, "SESSION_UNKNOWN", "no session with that token, or it has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise _Abort(7, "ROLE_NOT_ALLOWED", f"{who['name']} ({who['role']}) may not do this; it is for the "
                                            f"{' or '.join(roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise _Abort(3, "BAD_DATE", f"{text!r} is not a date (YYYY-MM-DD)") from None


def _working_days_after(start: str, n: int) -> str:
    d = _day(start)
    while n > 0:
        d += datetime.timedelta(days=1)
        if d.weekday() < 5:
            n -= 1
    return d.isoformat()


def _get(table: dict, key: str, what: str) -> dict:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _Abort(5, f"{what.upper().replace(' ', '_')}_NOT_FOUND", f"no {what} {key}")
    return row


def _line_price(o: dict) -> float:
    _, _, _, base, per_m2, _, _ = PRODUCTS[o["product"]]
    area = o["w"] * o["h"] / 1_000_000
    return round(base + per_m2 * area + GLASS[o["glass"]][3] * area, 2)


def _net(state: State, lines: List[str]) -> float:
    return round(sum(_line_price(state.openings[oid]) for oid in lines), 2)


def _quote_status(q: dict) -> str:
    if q["status"] == "sent" and q["sent"] and (_day(TODAY) - _day(q["sent"])).days > QUOTE_DAYS:
        return "expired"
    return q["status"]


def _lines(state: State, q: dict) -> List[List[Any]]:
    return [[oid, state.openings[oid]["room"], state.openings[oid]["product"], state.openings[oid]["glass"],
             state.openings[oid]["w"], state.openings[oid]["h"], _line_price(state.openings[oid])] for oid in q["lines"]]


def _quote(state: State, qid: str) -> Quote:
    q = state.quotes[qid]
    sv = state.surveys[q["survey"]]
    net = _net(state, q["lines"])
    return Quote(quote_id=qid, survey_id=q["survey"], customer_id=sv["customer"],
                 customer=state.customers[sv["customer"]]["name"], status=_quote_status(q), created=q["created"],
                 valid_until=(_day(q["sent"] or q["created"]) + datetime.timedelta(days=QUOTE_DAYS)).isoformat(),
                 lines=_lines(state, q), net=net, vat=round(net * VAT, 2), total=round(net * (1 + VAT), 2))


def _customer(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c["name"], phone=c["phone"], email=c["email"], address=c["address"],
                    postcode=c["postcode"])


def _survey(state: State, sid: str) -> Survey:
    s = state.surveys[sid]
    c = state.customers[s["customer"]]
    n = sum(1 for o in state.openings.values() if o["survey"] == sid)
    return Survey(survey_id=sid, customer_id=s["customer"], customer=c["name"], address=c["address"], date=s["date"],
                  period=s["period"], surveyor=_surveyor_name(state, s["surveyor"]), status=s["status"], openings=n,
                  notes=s["notes"], summary=s["summary"])


def _surveyor_name(state: State, initials: str) -> str:
    return next(s["name"] for s in state.staff.values() if s.get("initials") == initials)


def _opening(state: State, oid: str) -> Opening:
    o = state.openings[oid]
    return Opening(opening_id=oid, survey_id=o["survey"], room=o["room"], floor=o["floor"], product_code=o["product"],
                   glass_code=o["glass"], width_mm=o["w"], height_mm=o["h"], sill_mm=o["sill"],
                   features=list(o["features"]), status=o["status"])


def _job_customer(state: State, jid: str) -> str:
    return state.surveys[state.quotes[state.jobs[jid]["quote"]]["survey"]]["customer"]


def _job_openings(state: State, jid: str) -> List[str]:
    return list(state.quotes[state.jobs[jid]["quote"]]["lines"])


def _job_orders(state: State, jid: str) -> List[str]:
    return [pid for pid, p in sorted(state.orders.items()) if p["job"] == jid and p["status"] != "cancelled"]


def _stage(state: State, jid: str) -> str:
    j = state.jobs[jid]
    if j["cancelled"]:
        return "cancelled"
    if j["completed"]:
        return "completed"
    if j["started"]:
        return "in_progress"
    if j["fit"]:
        return "scheduled"
    if j["paid"] < j["deposit_due"]:
        return "awaiting_deposit"
    orders = [state.orders[p] for p in _job_orders(state, jid)]
    if not orders:
        return "deposit_paid"
    kinds_in = {p["kind"] for p in orders if p["status"] == "received"}
    waiting = [oid for oid in _job_openings(state, jid) if state.openings[oid]["status"] in ("damaged", "remake")]
    if {"frames", "glass"} <= kinds_in and not waiting:
        return "goods_in"
    return "on_order"


def _job(state: State, jid: str) -> Job:
    j = state.jobs[jid]
    cid = _job_customer(state, jid)
    c = state.customers[cid]
    openings = [[oid, state.openings[oid]["room"], state.openings[oid]["product"], state.openings[oid]["glass"],
                 state.openings[oid]["w"], state.openings[oid]["h"], state.openings[oid]["status"]]
                for oid in _job_openings(state, jid)]
    orders = [[pid, state.orders[pid]["kind"], SUPPLIERS[state.orders[pid]["supplier"]][0], state.orders[pid]["status"],
               state.orders[pid]["due"]] for pid in _job_orders(state, jid)]
    fit = j["fit"] or [None, None, None]
    return Job(job_id=jid, customer_id=cid, customer=c["name"], address=f"{c['address']}, {c['postcode']}",
               quote_id=j["quote"], stage=_stage(state, jid), total=j["total"], deposit_due=j["deposit_due"],
               paid=j["paid"], team_id=fit[0], fit_date=fit[1], fit_days=fit[2], openings=openings, orders=orders,
               invoice_id=j["invoice"], certificate_id=j["certificate"])


def _po(state: State, pid: str) -> PurchaseOrder:
    p = state.orders[pid]
    items = [[oid, state.openings[oid]["product"] if p["kind"] == "frames" else state.openings[oid]["glass"],
              state.openings[oid]["w"], state.openings[oid]["h"]] for oid in p["items"]]
    return PurchaseOrder(po_id=pid, job_id=p["job"], supplier_id=p["supplier"], supplier=SUPPLIERS[p["supplier"]][0],
                         kind=p["kind"], status=p["status"], ordered=p["ordered"], due=p["due"], items=items)


def _team_days(state: State, team_id: str, skip: Optional[str] = None) -> Dict[str, str]:
    days: Dict[str, str] = {}
    for jid, j in state.jobs.items():
        if jid == skip or j["cancelled"] or not j["fit"] or j["fit"][0] != team_id:
            continue
        d = _day(j["fit"][1])
        left = j["fit"][2]
        while left > 0:
            if d.weekday() < 5:
                days[d.isoformat()] = jid
                left -= 1
            d += datetime.timedelta(days=1)
    return days


def _all_slots(state: State) -> List[tuple]:
    """(slot id, date, period, surveyor initials) for the next ten working days after today."""
    out = []
    d = _day(TODAY)
    n = 0
    while n < 10:
        d += datetime.timedelta(days=1)
        if d.weekday() >= 5:
            continue
        n += 1
        for period in ("AM", "PM"):
            for initials in ("NB", "AK"):
                out.append((f"{initials}-{d.strftime('%Y%m%d')}-{period}", d.isoformat(), period, initials))
    return out


def _taken(state: State) -> set:
    return {f"{s['surveyor']}-{s['date'].replace('-', '')}-{s['period']}" for s in state.surveys.values()
            if s["status"] != "cancelled"}


def _value(v: Any) -> Any:
    return v.value if isinstance(v, Enum) else v


# --------------------------------------------------------------------------- sign-in and public lists


def sign_in(state: State, username: str, password: str) -> Union[Session, Status]:
    """Sign in to the job system.

    :param username: the user name, ``sandra.o`` for example
    :param password: the password
    :returns: the session: a ``token`` to pass to every call but the public ones, the name, the role and, for a
        fitter, the team they lead
    """
    try:
        s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
        if s is None or s["password"] != password:
            raise _Abort(16, "BAD_CREDENTIALS", "user name or password not recognised")
        token = f"hl-{username.split('.')[0]}-{_next(state, 'token'):04d}"
        state.tokens[token] = {"user": username, "name": s["name"], "role": s["role"], "team": s["team"]}
        return Session(token=token, name=s["name"], role=s["role"], team_id=s["team"])
    except _Abort as a:
        return a.status


def sign_out(state: State, token: str) -> Union[str, Status]:
    """End a session.

    :param token: the session token
    :returns: a sentence naming who was signed out
    """
    try:
        who = _staff(state, token)
        state.tokens.pop(token)
        return f"Signed out {who['name']} (session {token})."
    except _Abort as a:
        return a.status


def product_range() -> List[Product]:
    """The windows and doors the firm fits, with their prices.

    :returns: one record per product: its code, name, kind (window or door), frame material, base price and
        price per square metre of the opening (before VAT), and the largest width and height it is made in
    """
    return [Product(code=k, name=v[0], kind=v[1], material=v[2], base_price=v[3], price_per_m2=v[4],
                    max_width_mm=v[5], max_height_mm=v[6]) for k, v in PRODUCTS.items()]


def glass_options() -> List[GlassOption]:
    """The sealed glass units the firm fits.

    :returns: one record per unit: its code, description, U-value (W/m2K), whether it is safety glass, and the
        extra per square metre over the standard unit
    """
    return [GlassOption(code=k, name=v[0], u_value=v[1], safety_glass=v[2], extra_per_m2=v[3])
            for k, v in GLASS.items()]


def survey_slots(state: State, date_from: Optional[str] = None, days: int = 5) -> Union[List[Slot], Status]:
    """The surveyors' free visits.

    :param date_from: the first day to look at (``YYYY-MM-DD``; tomorrow if left out)
    :param days: how many working days to look over (1 to 10)
    :returns: the free slots in date order, mornings (``AM``) before afternoons (``PM``), each with its id and
        surveyor
    """
    try:
        start = _day(date_from) if date_from else _day(TODAY) + datetime.timedelta(days=1)
        if not 1 <= days <= 10:
            raise _Abort(3, "BAD_RANGE", "days is 1 to 10")
        taken = _taken(state)
        dates = sorted({d for _, d, _, _ in _all_slots(state) if _day(d) >= start})[:days]
        return [Slot(slot_id=sid, date=d, period=p, surveyor=_surveyor_name(state, i))
                for sid, d, p, i in _all_slots(state) if d in dates and sid not in taken]
    except _Abort as a:
        return a.status


# --------------------------------------------------------------------------- customers


def find_customer(state: State, token: str, text: str) -> Union[List[CustomerRow], Status]:
    """Find customers by name, address, postcode or phone number.

    :param token: the session token
    :param text: part of a name, address, postcode or phone number
    :returns: the matching customers, by customer id
    """
    try:
        _staff(state, token)
        needle = text.strip().lower()
        if not needle:
            raise _Abort(3, "EMPTY_SEARCH", "give part of a name, address, postcode or phone number")
        return [CustomerRow(customer_id=cid, name=c["name"], address=c["address"], postcode=c["postcode"],
                            phone=c["phone"])
                for cid, c in sorted(state.customers.items())
                if any(needle in (c[k] or "").lower() for k in ("name", "address", "postcode", "phone"))]
    except _Abort as a:
        return a.status


def register_customer(state: State, token: str, name: str, phone: str, address: str, postcode: str,
                      email: Optional[str] = None) -> Union[Customer, Status]:
    """Register a new customer.

    :param token: the session token (the office)
    :param name: the customer's name, with a title
    :param phone: a phone number
    :param address: the house and street, and the town
    :param postcode: the postcode of the property
    :param email: an e-mail address, if they have one
    :returns: the new customer, with its id
    """
    try:
        _staff(state, token, "office")
        pc = postcode.strip().upper()
        area = "".join(ch for ch in pc.split(" ")[0] if ch.isalpha())
        if area not in AREAS:
            raise _Abort(3, "OUTSIDE_AREA", f"{pc} is outside the area: Harwood & Lyle survey and fit in the KB and "
                                            f"LW postcode areas only", postcode=pc)
        if not name.strip():
            raise _Abort(3, "NAME_REQUIRED", "the customer's name is required")
        for cid, c in state.customers.items():
            if c["phone"] == phone.strip():
                raise _Abort(6, "CUSTOMER_EXISTS", f"{cid} ({c['name']}) has that phone number already",
                             customer_id=cid)
        cid = f"CU-{_next(state, 'customer')}"
        state.customers[cid] = {"name": name.strip(), "phone": phone.strip(), "email": email, "address": address.strip(),
                                "postcode": pc}
        return _customer(state, cid)
    except _Abort as a:
        return a.status


def update_customer(state: State, token: str, customer_id: str, phone: Optional[str] = None,
                    email: Optional[str] = None, address: Optional[str] = None) -> Union[Customer, Status]:
    """Change a customer's phone number, e-mail address or address.

    :param token: the session token (the office)
    :param customer_id: the customer
    :param phone: the new phone number
    :param email: the new e-mail address
    :param address: the new house, street and town (the postcode stays)
    :returns: the customer as changed
    """
    try:
        _staff(state, token, "office")
        c = _get(state.customers, customer_id, "customer")
        changes = {k: v.strip() for k, v in (("phone", phone), ("email", email), ("address", address))
                   if v is not None and v.strip() != (c[k] or "")}
        if not changes:
            raise _Abort(6, "NOTHING_TO_CHANGE", f"nothing to change: {c['name']}'s details are as given",
                         customer_id=customer_id)
        c.update(changes)
        return _customer(state, customer_id)
    except _Abort as a:
        return a.status


def customer_file(state: State, token: str, customer_id: str) -> Union[CustomerFile, Status]:
    """A customer's whole file.

    :param token: the session token
    :param customer_id: the customer
    :returns: the customer, with their surveys (rows ``[survey_id, date, surveyor, status]``), quotes (rows
        ``[quote_id, survey_id, status, total]``) and jobs (rows ``[job_id, quote_id, stage, fit_date]``)
    """
    try:
        _staff(state, token)
        _get(state.customers, customer_id, "customer")
        surveys = [[sid, s["date"], _surveyor_name(state, s["surveyor"]), s["status"]]
                   for sid, s in sorted(state.surveys.items()) if s["customer"] == customer_id]
        mine = {r[0] for r in surveys}
        quotes = [[qid, q["survey"], _quote_status(q), _quote(state, qid).total]
                  for qid, q in sorted(state.quotes.items()) if q["survey"] in mine]
        jobs = [[jid, j["quote"], _stage(state, jid), (j["fit"] or [None, None])[1]]
                for jid, j in sorted(state.jobs.items()) if _job_customer(state, jid) == customer_id]
        return CustomerFile(customer=_customer(state, customer_id), surveys=surveys, quotes=quotes, jobs=jobs)
    except _Abort as a:
        return a.status


def send_message(state: State, token: str, customer_id: str, channel: Channel, text: str) -> Union[str, Status]:
    """Send a customer a text message or an e-mail.

    :param token: the session token
    :param customer_id: the customer
    :param channel: ``sms`` or ``email``
    :param text: the message
    :returns: a sentence with the message's id
    """
    try:
        _staff(state, token)
        c = _get(state.customers, customer_id, "customer")
        if channel not in ("sms", "email"):
            raise _Abort(3, "BAD_CHANNEL", f"no channel {channel!r}")
        if not text.strip():
            raise _Abort(3, "EMPTY_MESSAGE", "the message is empty")
        if channel == "email" and not c["email"]:
            raise _Abort(9, "NO_EMAIL", f"{c['name']} has no e-mail address on file", customer_id=customer_id)
        mid = f"MS-{_next(state, 'message'):04d}"
        to = c["phone"] if channel == "sms" else c["email"]
        state.messages.append([mid, customer_id, channel, text.strip()])
        return f"Message {mid} sent by {'text' if channel == 'sms' else 'e-mail'} to {c['name']} ({to})."
    except _Abort as a:
        return a.status


# --------------------------------------------------------------------------- surveys


def book_survey(state: State, token: str, customer_id: str, slot_id: str,
                notes: Optional[str] = None) -> Union[Survey, Status]:
    """Book a surveyor's visit to a customer's property.

    :param token: the session token (the office)
    :param customer_id: the customer
    :param slot_id: a free slot
    :param notes: access or parking notes for the surveyor
    :returns: the survey booked
    """
    try:
        _staff(state, token, "office")
        _get(state.customers, customer_id, "customer")
        slot = next((s for s in _all_slots(state) if s[0] == slot_id), None)
        if slot is None:
            raise _Abort(5, "SLOT_NOT_FOUND", f"no slot {slot_id}")
        if slot_id in _taken(state):
            raise _Abort(9, "SLOT_TAKEN", f"{slot_id} is taken", slot_id=slot_id)
        for sid, s in state.surveys.items():
            if s["customer"] == customer_id and s["status"] == "booked":
                raise _Abort(6, "SURVEY_BOOKED", f"{state.customers[customer_id]['name']} has {sid} booked already, "
                                                 f"on {s['date']}", survey_id=sid)
        sid = f"SV-{_next(state, 'survey')}"
        state.surveys[sid] = {"customer": customer_id, "date": slot[1], "period": slot[2], "surveyor": slot[3],
                              "status": "booked", "notes": notes, "summary": None}
        return _survey(state, sid)
    except _Abort as a:
        return a.status


def surveys(state: State, token: str, status: Optional[SurveyStatus] = None, date: Optional[str] = None,
            customer_id: Optional[str] = None) -> Union[List[SurveyRow], Status]:
    """List surveys.

    :param token: the session token
    :param status: only surveys in this status (``booked``, ``completed``, ``cancelled``)
    :param date: only surveys on this day
    :param customer_id: only this customer's surveys
    :returns: the surveys, by date and period
    """
    try:
        _staff(state, token)
        rows = []
        for sid, s in sorted(state.surveys.items(), key=lambda kv: (kv[1]["date"], kv[1]["period"], kv[0])):
            if (status and s["status"] != status) or (date and s["date"] != date) or \
                    (customer_id and s["customer"] != customer_id):
                continue
            c = state.customers[s["customer"]]
            rows.append(SurveyRow(survey_id=sid, date=s["date"], period=s["period"],
                                  surveyor=_surveyor_name(state, s["surveyor"]), customer_id=s["customer"],
                                  customer=c["name"], postcode=c["postcode"], status=s["status"]))
        return rows
    except _Abort as a:
        return a.status


def cancel_survey(state: State, token: str, survey_id: str, reason: str) -> Union[str, Status]:
    """Cancel a booked survey; its slot is freed.

    :param token: the session token (the office)
    :param survey_id: the survey
    :param reason: why it is cancelled
    :returns: a sentence with the survey cancelled
    """
    try:
        _staff(state, token, "office")
        s = _get(state.surveys, survey_id, "survey")
        if s["status"] != "booked":
            raise _Abort(9, "SURVEY_NOT_BOOKED", f"{survey_id} is {s['status']}; only a booked survey is cancelled",
                         survey_id=survey_id)
        s["status"] = "cancelled"
        s["notes"] = f"Cancelled: {reason.strip()}"
        return f"Survey {survey_id} on {s['date']} {s['period']} cancelled; the slot is free again."
    except _Abort as a:
        return a.status


def record_opening(state: State, token: str, survey_id: str, room: str, product_code: str, width_mm: int,
                   height_mm: int, glass_code: str, sill_mm: Optional[int] = None, floor: int = 0,
                   features: Optional[List[str]] = None) -> Union[Opening, Status]:
    """Record an opening measured on a survey: what goes in it and its size.

    :param token: the session token (a surveyor)
    :param survey_id: the survey, booked and not yet completed
    :param room: the room or place (``Kitchen``, ``Front bedroom``)
    :param product_code: the product to fit
    :param width_mm: the finished width in millimetres
    :param height_mm: the finished height in millimetres
    :param glass_code: the sealed unit to glaze it with
    :param sill_mm: for a window, the height of its sill above the floor in millimetres
    :param floor: the storey (0 the ground floor)
    :param features: extra hardware, by name
    :returns: the opening recorded, with its id
    """
    try:
        _staff(state, token, "surveyor")
        s = _get(state.surveys, survey_id, "survey")
        if s["status"] != "booked":
            raise _Abort(9, "SURVEY_CLOSED", f"{survey_id} is {s['status']}; openings are recorded on a booked survey",
                         survey_id=survey_id)
        if product_code not in PRODUCTS:
            raise _Abort(3, "UNKNOWN_PRODUCT", f"no product {product_code!r}", product_code=str(product_code))
        if glass_code not in GLASS:
            raise _Abort(3, "UNKNOWN_GLASS", f"no glass unit {glass_code!r}", glass_code=str(glass_code))
        name, kind, _, _, _, max_w, max_h = PRODUCTS[product_code]
        if not (300 <= width_mm <= max_w and 300 <= height_mm <= max_h):
            raise _Abort(3, "SIZE_OUT_OF_RANGE", f"{name} is made from 300 x 300 mm up to {max_w} x {max_h} mm; "
                                                 f"{width_mm} x {height_mm} mm is outside that")
        features = list(features or [])
        bad = [f for f in features if f not in FEATURES]
        if bad:
            raise _Abort(3, "UNKNOWN_FEATURE", f"no feature {bad[0]!r}; the features are {', '.join(FEATURES)}")
        if kind == "window" and sill_mm is None:
            raise _Abort(3, "SILL_REQUIRED", "a window needs its sill height above the floor")
        critical = kind == "door" or (sill_mm is not None and sill_mm < 800)
        if critical and not GLASS[glass_code][2]:
            raise _Abort(3, "SAFETY_GLASS_REQUIRED", f"a door, or glazing with its sill below 800 mm, is a critical "
                                                     f"location: it needs safety glass (toughened or laminated), "
                                                     f"not {glass_code}")
        if kind == "window" and floor >= 1 and "bedroom" in room.lower() and "egress_hinge" not in features:
            raise _Abort(3, "ESCAPE_WINDOW", "a bedroom window above the ground floor is an escape window: it takes "
                                             "egress_hinge (a clear opening of 450 mm and 0.33 m2)")
        if kind == "door" and "letterplate" in features and product_code != "DOOR-COMP":
            raise _Abort(3, "FEATURE_NOT_FITTED", "a letterplate goes in a front door only")
        oid = f"OP-{_next(state, 'opening')}"
        state.openings[oid] = _op(survey_id, room.strip(), product_code, glass_code, width_mm, height_mm,
                                  sill_mm if kind == "window" else None, floor, features)
        return _opening(state, oid)
    except _Abort as a:
        return a.status


def complete_survey(state: State, token: str, survey_id: str, summary: str) -> Union[Survey, Status]:
    """Complete a survey once its openings are measured.

    :param token: the session token (a surveyor)
    :param survey_id: the survey
    :param summary: a line for the office on what the customer wants
    :returns: the survey completed
    """
    try:
        _staff(state, token, "surveyor")
        s = _get(state.surveys, survey_id, "survey")
        if s["status"] == "completed":
            raise _Abort(6, "SURVEY_COMPLETED", f"{survey_id} is completed already", survey_id=survey_id)
        if s["status"] != "booked":
            raise _Abort(9, "SURVEY_CANCELLED", f"{survey_id} is {s['status']}", survey_id=survey_id)
        if not any(o["survey"] == survey_id for o in state.openings.values()):
            raise _Abort(9, "NO_OPENINGS", f"{survey_id} has no openings recorded; record at least one before "
                                           f"completing it", survey_id=survey_id)
        s["status"] = "completed"
        s["summary"] = summary.strip()
        return _survey(state, survey_id)
    except _Abort as a:
        return a.status


def survey_report(state: State, token: str, survey_id: str) -> Union[SurveyReport, Status]:
    """A survey with every opening measured on it.

    :param token: the session token
    :param survey_id: the survey
    :returns: the survey and its openings
    """
    try:
        _staff(state, token)
        _get(state.surveys, survey_id, "survey")
        return SurveyReport(survey=_survey(state, survey_id),
                            openings=[_opening(state, oid) for oid, o in sorted(state.openings.items())
                                      if o["survey"] == survey_id])
    except _Abort as a:
        return a.status


# --------------------------------------------------------------------------- quotes


def create_quote(state: State, token: str, survey_id: str) -> Union[Quote, Status]:
    """Price a completed survey as a draft quote, a line per opening.

    :param token: the session token (a surveyor)
    :param survey_id: the survey
    :returns: the draft quote; its lines are rows ``[opening_id, room, product_code, glass_code, width_mm,
        height_mm, price]`` (before VAT)
    """
    try:
        _staff(state, token, "surveyor")
        s = _get(state.surveys, survey_id, "survey")
        if s["status"] != "completed":
            raise _Abort(9, "SURVEY_NOT_COMPLETED", f"{survey_id} is {s['status']}; a quote is made from a completed "
                                                    f"survey", survey_id=survey_id)
        for qid, q in state.quotes.items():
            if q["survey"] == survey_id and _quote_status(q) in ("draft", "sent", "accepted"):
                raise _Abort(6, "QUOTE_EXISTS", f"{qid} is {_quote_status(q)} for {survey_id} already", quote_id=qid)
        lines = [oid for oid, o in sorted(state.openings.items()) if o["survey"] == survey_id]
        qid = f"QT-{_next(state, 'quote')}"
        state.quotes[qid] = {"survey": survey_id, "status": "draft", "created": TODAY, "lines": lines, "sent": None}
        return _quote(state, qid)
    except _Abort as a:
        return a.status


def _draft_line(state: State, quote_id: str, opening_id: str) -> dict:
    q = _get(state.quotes, quote_id, "quote")
    if _quote_status(q) != "draft":
        raise _Abort(9, "QUOTE_NOT_DRAFT", f"{quote_id} is {_quote_status(q)}; only a draft quote is changed",
                     quote_id=quote_id)
    if opening_id not in q["lines"]:
        raise _Abort(5, "LINE_NOT_FOUND", f"{quote_id} has no line for opening {opening_id}", quote_id=quote_id)
    return q


def change_glass(state: State, token: str, quote_id: str, opening_id: str, glass_code: str) -> Union[float, Status]:
    """Re-glaze one line of a draft quote.

    :param token: the session token (a surveyor)
    :param quote_id: the draft quote
    :param opening_id: the opening on its line
    :param glass_code: the sealed unit to glaze it with instead
    :returns: the quote's new total, VAT included
    """
    try:
        _staff(state, token, "surveyor")
        q = _draft_line(state, quote_id, opening_id)
        o = state.openings[opening_id]
        if glass_code not in GLASS:
            raise _Abort(3, "UNKNOWN_GLASS", f"no glass unit {glass_code!r}", glass_code=str(glass_code))
        if o["glass"] == glass_code:
            raise _Abort(6, "SAME_GLASS", f"{opening_id} is glazed with {glass_code} already", opening_id=opening_id)
        kind = PRODUCTS[o["product"]][1]
        if (kind == "door" or (o["sill"] is not None and o["sill"] < 800)) and not GLASS[glass_code][2]:
            raise _Abort(3, "SAFETY_GLASS_REQUIRED", f"{opening_id} is a critical location: it needs safety glass "
                                                     f"(toughened or laminated), not {glass_code}")
        o["glass"] = glass_code
        return round(_net(state, q["lines"]) * (1 + VAT), 2)
    except _Abort as a:
        return a.status


def drop_line(state: State, token: str, quote_id: str, opening_id: str) -> Union[float, Status]:
    """Take an opening off a draft quote.

    :param token: the session token (a surveyor)
    :param quote_id: the draft quote
    :param opening_id: the opening on the line to drop
    :returns: the quote's new total, VAT included
    """
    try:
        _staff(state, token, "surveyor")
        q = _draft_line(state, quote_id, opening_id)
        if len(q["lines"]) == 1:
            raise _Abort(9, "LAST_LINE", f"{opening_id} is the only line on {quote_id}; a quote keeps at least one line",
                         quote_id=quote_id)
        q["lines"].remove(opening_id)
        return round(_net(state, q["lines"]) * (1 + VAT), 2)
    except _Abort as a:
        return a.status


def send_quote(state: State, token: str, quote_id: str, channel: Channel = "email") -> Union[str, Status]:
    """Send a draft quote to the customer.

    :param token: the session token (the office)
    :param quote_id: the draft quote
    :param channel: ``email``, or ``sms`` for a link by text
    :returns: a sentence with the quote sent and its total
    """
    try:
        _staff(state, token, "office")
        q = _get(state.quotes, quote_id, "quote")
        st = _quote_status(q)
        if st == "sent":
            raise _Abort(6, "QUOTE_SENT", f"{quote_id} was sent already, on {q['sent']}", quote_id=quote_id)
        if st != "draft":
            raise _Abort(9, "QUOTE_NOT_DRAFT", f"{quote_id} is {st}", quote_id=quote_id)
        c = state.customers[state.surveys[q["survey"]]["customer"]]
        if channel == "email" and not c["email"]:
            raise _Abort(9, "NO_EMAIL", f"{c['name']} has no e-mail address; send a link by text instead")
        q["status"], q["sent"] = "sent", TODAY
        total = _quote(state, quote_id).total
        return (f"Quote {quote_id} (£{total:,.2f} including VAT) sent by {'e-mail' if channel == 'email' else 'text'} "
                f"to {c['name']}; it holds for {QUOTE_DAYS} days.")
    except _Abort as a:
        return a.status


def quotes(state: State, token: str, status: Optional[QuoteStatus] = None,
           customer_id: Optional[str] = None) -> Union[List[QuoteRow], Status]:
    """List quotes.

    :param token: the session token
    :param status: only quotes in this status (``draft``, ``sent``, ``accepted``, ``expired``)
    :param customer_id: only this customer's quotes
    :returns: the quotes by id, each with its lines as rows ``[opening_id, room, product_code, glass_code,
        width_mm, height_mm, price]``
    """
    try:
        _staff(state, token)
        rows = []
        for qid, q in sorted(state.quotes.items()):
            cid = state.surveys[q["survey"]]["customer"]
            if (status and _quote_status(q) != status) or (customer_id and cid != customer_id):
                continue
            rows.append(QuoteRow(quote_id=qid, customer_id=cid, customer=state.customers[cid]["name"],
                                 survey_id=q["survey"], status=_quote_status(q), total=_quote(state, qid).total,
                                 lines=_lines(state, q)))
        return rows
    except _Abort as a:
        return a.status


def accept_quote(state: State, token: str, quote_id: str) -> Union[Job, Status]:
    """Record a customer's acceptance of a quote; the quote becomes a job awaiting its deposit.

    :param token: the session token (the office)
    :param quote_id: the quote the customer has had
    :returns: the new job, with the deposit due
    """
    try:
        _staff(state, token, "office")
        q = _get(state.quotes, quote_id, "quote")
        st = _quote_status(q)
        if st == "accepted":
            jid = next((j for j, v in state.jobs.items() if v["quote"] == quote_id), None)
            raise _Abort(6, "QUOTE_ACCEPTED", f"{quote_id} is accepted already" + (f" as {jid}" if jid else ""))
        if st == "draft":
            raise _Abort(9, "QUOTE_NOT_SENT", f"{quote_id} has not been sent; a customer accepts a quote they have had",
                         quote_id=quote_id)
        if st == "expired":
            raise _Abort(9, "QUOTE_EXPIRED", f"{quote_id} expired {QUOTE_DAYS} days after it was sent; price it again",
                         quote_id=quote_id)
        q["status"] = "accepted"
        jid = f"JB-{_next(state, 'job')}"
        state.jobs[jid] = state._job(quote_id, paid_share=0.0)
        return _job(state, jid)
    except _Abort as a:
        return a.status


# --------------------------------------------------------------------------- jobs, deposits, orders


def jobs(state: State, token: str, stage: Optional[JobStage] = None,
         team_id: Optional[str] = None) -> Union[List[JobRow], Status]:
    """List jobs.

    :param token: the session token
    :param stage: only jobs at this stage
    :param team_id: only jobs booked with this fitting team
    :returns: the jobs by id
    """
    try:
        _staff(state, token)
        want = _value(stage)
        rows = []
        for jid, j in sorted(state.jobs.items()):
            st = _stage(state, jid)
            if (want and st != want) or (team_id and (j["fit"] or [None])[0] != team_id):
                continue
            c = state.customers[_job_customer(state, jid)]
            rows.append(JobRow(job_id=jid, customer_id=_job_customer(state, jid), customer=c["name"],
                               postcode=c["postcode"], stage=st, team_id=(j["fit"] or [None])[0],
                               fit_date=(j["fit"] or [None, None])[1]))
        return rows
    except _Abort as a:
        return a.status


def job_sheet(state: State, token: str, job_id: str) -> Union[Job, Status]:
    """A job in full.

    :param token: the session token
    :param job_id: the job
    :returns: the job, with its openings as rows ``[opening_id, room, product_code, glass_code, width_mm,
        height_mm, status]`` and its purchase orders as rows ``[po_id, kind, supplier, status, due]``
    """
    try:
        _staff(state, token)
        _get(state.jobs, job_id, "job")
        return _job(state, job_id)
    except _Abort as a:
        return a.status


def take_deposit(state: State, token: str, job_id: str, amount: float, method: PayMethod) -> Union[float, Status]:
    """Take a job's deposit.

    :param token: the session token (the office)
    :param job_id: the job awaiting its deposit
    :param amount: the amount taken, in pounds (at least the deposit due)
    :param method: ``card``, ``bank_transfer`` or ``cheque``
    :returns: the balance left on the job
    """
    try:
        _staff(state, token, "office")
        j = _get(state.jobs, job_id, "job")
        st = _stage(state, job_id)
        if st in ("cancelled", "completed"):
            raise _Abort(9, "JOB_CLOSED", f"{job_id} is {st}", job_id=job_id)
        if j["paid"] >= j["deposit_due"]:
            raise _Abort(6, "DEPOSIT_PAID", f"the deposit on {job_id} is paid already; the balance is invoiced when "
                                            f"the job is done", job_id=job_id)
        if method not in ("card", "bank_transfer", "cheque"):
            raise _Abort(3, "BAD_METHOD", f"no payment method {method!r}")
        if amount < j["deposit_due"] - j["paid"] or amount > j["total"] - j["paid"]:
            raise _Abort(3, "BAD_AMOUNT", f"the deposit on {job_id} is £{j['deposit_due']:.2f}; take between that and "
                                          f"the total, £{j['total']:.2f}", job_id=job_id)
        j["paid"] = round(j["paid"] + amount, 2)
        return round(j["total"] - j["paid"], 2)
    except _Abort as a:
        return a.status


def suppliers(state: State, token: str, kind: Optional[SupplierKind] = None) -> Union[List[Supplier], Status]:
    """The firm's suppliers of frames and of sealed glass units.

    :param token: the session token
    :param kind: only ``frames`` or only ``glass`` suppliers
    :returns: the suppliers, with their lead times in working days
    """
    try:
        _staff(state, token)
        return [Supplier(supplier_id=k, name=v[0], kind=v[1], lead_days=v[2]) for k, v in SUPPLIERS.items()
                if not kind or v[1] == kind]
    except _Abort as a:
        return a.status


def _place(state: State, job_id: str, supplier_id: str, kind: str) -> PurchaseOrder:
    _get(state.jobs, job_id, "job")
    sup = _get(SUPPLIERS, supplier_id, "supplier")
    st = _stage(state, job_id)
    if st == "awaiting_deposit":
        raise _Abort(9, "DEPOSIT_UNPAID", f"{job_id} is awaiting its deposit; nothing is ordered before it is paid",
                     job_id=job_id)
    if st not in ("deposit_paid", "on_order"):
        raise _Abort(9, "JOB_STAGE", f"{job_id} is {st}", job_id=job_id)
    for pid in _job_orders(state, job_id):
        if state.orders[pid]["kind"] == kind:
            raise _Abort(6, "ORDERED", f"the {kind} for {job_id} are on {pid} already", po_id=pid)
    if sup[1] != kind:
        raise _Abort(3, "WRONG_SUPPLIER", f"{sup[0]} supplies {sup[1]}, not {kind}", supplier_id=supplier_id)
    items = _job_openings(state, job_id)
    for oid in items:
        o = state.openings[oid]
        need = PRODUCTS[o["product"]][2] if kind == "frames" else o["glass"]
        if need not in sup[3]:
            raise _Abort(3, "NOT_SUPPLIED", f"{sup[0]} does not make {need} ({oid})", supplier_id=supplier_id)
    pid = f"PO-{_next(state, 'po')}"
    state.orders[pid] = {"job": job_id, "supplier": supplier_id, "kind": kind, "status": "ordered", "ordered": TODAY,
                         "due": _working_days_after(TODAY, sup[2]), "items": items}
    return _po(state, pid)


def order_frames(state: State, token: str, job_id: str, supplier_id: str) -> Union[PurchaseOrder, Status]:
    """Order a job's frames (and door leaves) from a frame supplier.

    :param token: the session token (the office)
    :param job_id: the job, its deposit paid
    :param supplier_id: the frame supplier
    :returns: the purchase order, with its items as rows ``[opening_id, product_code, width_mm, height_mm]``
    """
    try:
        _staff(state, token, "office")
        return _place(state, job_id, supplier_id, "frames")
    except _Abort as a:
        return a.status


def order_glass(state: State, token: str, job_id: str, supplier_id: str) -> Union[PurchaseOrder, Status]:
    """Order a job's sealed glass units from a glass supplier.

    :param token: the session token (the office)
    :param job_id: the job, its deposit paid
    :param supplier_id: the glass supplier
    :returns: the purchase order, with its items as rows ``[opening_id, glass_code, width_mm, height_mm]``
    """
    try:
        _staff(state, token, "office")
        return _place(state, job_id, supplier_id, "glass")
    except _Abort as a:
        return a.status


def purchase_orders(state: State, token: str, job_id: Optional[str] = None,
                    status: Optional[OrderStatus] = None) -> Union[List[OrderRow], Status]:
    """List purchase orders.

    :param token: the session token
    :param job_id: only this job's orders
    :param status: only orders in this status (``ordered``, ``received``, ``cancelled``)
    :returns: the orders by id
    """
    try:
        _staff(state, token)
        return [OrderRow(po_id=pid, job_id=p["job"], kind=p["kind"], supplier=SUPPLIERS[p["supplier"]][0],
                         status=p["status"], due=p["due"])
                for pid, p in sorted(state.orders.items())
                if (not job_id or p["job"] == job_id) and (not status or p["status"] == status)]
    except _Abort as a:
        return a.status


def book_in_delivery(state: State, token: str, po_id: str, damaged: Optional[List[str]] = None,
                     notes: Optional[str] = None) -> Union[Delivery, Status]:
    """Book a supplier's delivery in at the yard.

    :param token: the session token (the office)
    :param po_id: the purchase order delivered
    :param damaged: the openings whose glass unit arrived damaged, if any
    :param notes: what the driver or the yard said
    :returns: the delivery, with the job's stage after it
    """
    try:
        _staff(state, token, "office")
        p = _get(state.orders, po_id, "purchase order")
        if p["status"] == "received":
            raise _Abort(6, "RECEIVED", f"{po_id} was booked in already", po_id=po_id)
        if p["status"] != "ordered":
            raise _Abort(9, "ORDER_CANCELLED", f"{po_id} is {p['status']}", po_id=po_id)
        damaged = list(damaged or [])
        for oid in damaged:
            if oid not in p["items"]:
                raise _Abort(3, "NOT_ON_ORDER", f"{oid} is not on {po_id}", po_id=po_id)
            if p["kind"] == "frames":
                raise _Abort(3, "FRAMES_DAMAGED", "a damaged frame goes back on the supplier's returns form; only glass "
                                                  "units are booked in damaged")
        p["status"] = "received"
        for oid in p["items"]:
            o = state.openings[oid]
            if oid in damaged:
                o["status"] = "damaged"
            elif p["kind"] == "remake":
                o["status"] = "in"
            elif o["status"] == "measured" and _other_in(state, p, oid):
                o["status"] = "in"
        return Delivery(po_id=po_id, job_id=p["job"], received=TODAY, items_ok=len(p["items"]) - len(damaged),
                        damaged=damaged, job_stage=_stage(state, p["job"]))
    except _Abort as a:
        return a.status


def _other_in(state: State, p: dict, oid: str) -> bool:
    """Whether the other half (frames or glass) of an opening is in, once this order is."""
    other = "glass" if p["kind"] == "frames" else "frames"
    return any(q["job"] == p["job"] and q["kind"] == other and q["status"] == "received" and oid in q["items"]
               for q in state.orders.values())


def order_remake(state: State, token: str, job_id: str, opening_id: str, reason: str) -> Union[PurchaseOrder, Status]:
    """Reorder one opening's glass unit as a remake (it arrived damaged or broke on site).

    :param token: the session token (the office or a fitter)
    :param job_id: the job
    :param opening_id: the opening whose unit is remade
    :param reason: what happened to the unit
    :returns: the remake's purchase order, from the job's glass supplier
    """
    try:
        _staff(state, token, "office", "fitter")
        _get(state.jobs, job_id, "job")
        st = _stage(state, job_id)
        if st in ("completed", "cancelled"):
            raise _Abort(9, "JOB_CLOSED", f"{job_id} is {st}", job_id=job_id)
        if opening_id not in _job_openings(state, job_id):
            raise _Abort(5, "OPENING_NOT_FOUND", f"{job_id} has no opening {opening_id}", job_id=job_id)
        glass = [state.orders[p] for p in _job_orders(state, job_id) if state.orders[p]["kind"] == "glass"]
        if not glass or glass[0]["status"] != "received":
            raise _Abort(9, "GLASS_NOT_IN", f"the glass for {job_id} has not been delivered; a remake is for a unit "
                                            f"that has arrived or been fitted", job_id=job_id)
        o = state.openings[opening_id]
        if o["status"] == "remake":
            raise _Abort(6, "REMAKE_ORDERED", f"a remake of {opening_id}'s unit is on order already")
        if not reason.strip():
            raise _Abort(3, "REASON_REQUIRED", "say what happened to the unit")
        sup = glass[0]["supplier"]
        pid = f"PO-{_next(state, 'po')}"
        state.orders[pid] = {"job": job_id, "supplier": sup, "kind": "remake", "status": "ordered", "ordered": TODAY,
                             "due": _working_days_after(TODAY, 5), "items": [opening_id]}
        o["status"] = "remake"
        return _po(state, pid)
    except _Abort as a:
        return a.status


# --------------------------------------------------------------------------- fitting


def fitters(state: State, token: str) -> Union[List[Team], Status]:
    """The fitting teams and the days they are booked.

    :param token: the session token
    :returns: the teams, each with its leader, members, van and booked days
    """
    try:
        _staff(state, token)
        return [Team(team_id=tid, leader=t["leader"], members=list(t["members"]), van=t["van"],
                     booked=sorted(_team_days(state, tid))) for tid, t in state.teams.items()]
    except _Abort as a:
        return a.status


def schedule_fitting(state: State, token: str, job_id: str, team_id: str, date: str,
                     days: int = 1) -> Union[Job, Status]:
    """Book a job in with a fitting team (or move its booking).

    :param token: the session token (the office)
    :param job_id: the job, its frames and glass all in
    :param team_id: the fitting team
    :param date: the first day of the fitting
    :param days: how many working days it takes (1 to 3)
    :returns: the job as booked
    """
    try:
        _staff(state, token, "office")
        j = _get(state.jobs, job_id, "job")
        _get(state.teams, team_id, "team")
        st = _stage(state, job_id)
        if st not in ("goods_in", "scheduled"):
            raise _Abort(9, "GOODS_NOT_IN", f"{job_id} is {st}; a job is booked in once its frames and glass are all "
                                            f"in", job_id=job_id)
        d = _day(date)
        if d < _day(TODAY):
            raise _Abort(3, "DATE_PAST", f"{date} has passed")
        if d.weekday() >= 5:
            raise _Abort(3, "WEEKEND", "the fitting teams do not work at weekends")
        if not 1 <= days <= 3:
            raise _Abort(3, "BAD_DAYS", "a fitting takes 1 to 3 days")
        if j["fit"] and j["fit"][:2] == [team_id, date] and j["fit"][2] == days:
            raise _Abort(6, "SAME_BOOKING", f"{job_id} is booked with {team_id} on {date} already", job_id=job_id)
        busy = _team_days(state, team_id, skip=job_id)
        probe = _team_days_for(date, days)
        clash = sorted(set(probe) & set(busy))
        if clash:
            raise _Abort(9, "TEAM_BUSY", f"{team_id} is fitting {busy[clash[0]]} on {clash[0]}", team_id=team_id)
        j["fit"] = [team_id, d.isoformat(), days]
        return _job(state, job_id)
    except _Abort as a:
        return a.status


def _team_days_for(date: str, days: int) -> Dict[str, int]:
    out: Dict[str, int] = {}
    d = _day(date)
    while len(out) < days:
        if d.weekday() < 5:
            out[d.isoformat()] = 1
        d += datetime.timedelta(days=1)
    return out


def _own_team(state: State, who: dict, job_id: str) -> dict:
    j = _get(state.jobs, job_id, "job")
    if who["role"] == "fitter" and (not j["fit"] or j["fit"][0] != who["team"]):
        raise _Abort(7, "NOT_YOUR_JOB", f"{job_id} is not booked with {who['team']}, {who['name']}'s team",
                     job_id=job_id)
    return j


def start_fitting(state: State, token: str, job_id: str) -> Union[Job, Status]:
    """Start a job on its fitting day.

    :param token: the session token (the team's fitter)
    :param job_id: the job booked for today
    :returns: the job, in progress
    """
    try:
        who = _staff(state, token, "fitter")
        j = _own_team(state, who, job_id)
        st = _stage(state, job_id)
        if st == "in_progress":
            raise _Abort(6, "STARTED", f"{job_id} was started already", job_id=job_id)
        if st != "scheduled":
            raise _Abort(9, "NOT_SCHEDULED", f"{job_id} is {st}; a job is started on its booked day", job_id=job_id)
        if j["fit"][1] != TODAY:
            raise _Abort(9, "NOT_TODAY", f"{job_id} is booked for {j['fit'][1]}, not today", job_id=job_id)
        j["started"] = True
        return _job(state, job_id)
    except _Abort as a:
        return a.status


def fit_opening(state: State, token: str, job_id: str, opening_id: str,
                notes: Optional[str] = None) -> Union[Opening, Status]:
    """Record an opening fitted: the old frame out, the new one in, glazed and sealed.

    :param token: the session token (the team's fitter)
    :param job_id: the job in progress
    :param opening_id: the opening fitted
    :param notes: anything the office should know (making good, a sill extension)
    :returns: the opening, fitted
    """
    try:
        who = _staff(state, token, "fitter")
        _own_team(state, who, job_id)
        st = _stage(state, job_id)
        if st != "in_progress":
            raise _Abort(9, "NOT_IN_PROGRESS", f"{job_id} is {st}; openings are fitted on a job in progress",
                         job_id=job_id)
        if opening_id not in _job_openings(state, job_id):
            raise _Abort(5, "OPENING_NOT_FOUND", f"{job_id} has no opening {opening_id}", job_id=job_id)
        o = state.openings[opening_id]
        if o["status"] == "fitted":
            raise _Abort(6, "FITTED", f"{opening_id} is fitted already", opening_id=opening_id)
        if o["status"] in ("damaged", "remake"):
            raise _Abort(9, "AWAITING_REMAKE", f"{opening_id}'s glass unit is {o['status']}; it is fitted when its "
                                               f"remake is in", opening_id=opening_id)
        o["status"] = "fitted"
        return _opening(state, opening_id)
    except _Abort as a:
        return a.status


def complete_fitting(state: State, token: str, job_id: str, notes: str) -> Union[Job, Status]:
    """Sign a job off when every opening is fitted.

    :param token: the session token (the team's fitter)
    :param job_id: the job in progress
    :param notes: the sign-off notes (rubbish taken, the customer shown the handles and vents)
    :returns: the job, completed
    """
    try:
        who = _staff(state, token, "fitter")
        j = _own_team(state, who, job_id)
        st = _stage(state, job_id)
        if st == "completed":
            raise _Abort(6, "COMPLETED", f"{job_id} was completed already", job_id=job_id)
        if st != "in_progress":
            raise _Abort(9, "NOT_IN_PROGRESS", f"{job_id} is {st}", job_id=job_id)
        left = [oid for oid in _job_openings(state, job_id) if state.openings[oid]["status"] != "fitted"]
        if left:
            raise _Abort(9, "OPENINGS_LEFT", f"{len(left)} opening(s) of {job_id} still to fit: {', '.join(left)}",
                         job_id=job_id)
        j["completed"] = TODAY
        return _job(state, job_id)
    except _Abort as a:
        return a.status


# --------------------------------------------------------------------------- certificates, invoices, cancelling


def notify_building_control(state: State, token: str, job_id: str,
                            scheme: CertScheme) -> Union[Certificate, Status]:
    """Register a completed installation under a competent person scheme; the customer's certificate follows.

    :param token: the session token (the office)
    :param job_id: the completed job
    :param scheme: the scheme to register it with
    :returns: the certificate registered
    """
    try:
        _staff(state, token, "office")
        j = _get(state.jobs, job_id, "job")
        value = _value(scheme)
        if value not in [s.value for s in CertScheme]:
            raise _Abort(3, "UNKNOWN_SCHEME", f"no scheme {value!r}")
        st = _stage(state, job_id)
        if st != "completed":
            raise _Abort(9, "NOT_COMPLETED", f"{job_id} is {st}; an installation is registered once it is completed",
                         job_id=job_id)
        if j["certificate"]:
            raise _Abort(6, "REGISTERED", f"{job_id} is registered already, certificate {j['certificate']}",
                         job_id=job_id)
        if value == "certass":
            raise _Abort(3, "NOT_A_MEMBER", "Harwood & Lyle is registered with FENSA, not CERTASS")
        if value == "local_authority":
            raise _Abort(3, "SELF_CERTIFIED", "replacement windows and doors fitted by a FENSA installer are "
                                              "self-certified through FENSA; local authority building control is for "
                                              "new openings")
        cert = f"FN-{_next(state, 'certificate')}"
        state.certificates[cert] = {"job": job_id, "scheme": value, "registered": TODAY}
        j["certificate"] = cert
        c = state.customers[_job_customer(state, job_id)]
        return Certificate(certificate_id=cert, job_id=job_id, scheme=value, registered=TODAY, customer=c["name"],
                           address=f"{c['address']}, {c['postcode']}", openings=len(_job_openings(state, job_id)))
    except _Abort as a:
        return a.status


def invoice_job(state: State, token: str, job_id: str) -> Union[Invoice, Status]:
    """Invoice the balance of a completed job.

    :param token: the session token (the office)
    :param job_id: the completed job
    :returns: the invoice, with the deposit taken off
    """
    try:
        _staff(state, token, "office")
        j = _get(state.jobs, job_id, "job")
        st = _stage(state, job_id)
        if j["invoice"]:
            raise _Abort(6, "INVOICED", f"{job_id} is invoiced already, {j['invoice']}", job_id=job_id)
        if st != "completed":
            raise _Abort(9, "NOT_COMPLETED", f"{job_id} is {st}; a job is invoiced once it is completed", job_id=job_id)
        iid = f"INV-{_next(state, 'invoice'):04d}"
        state.invoices[iid] = {"job": job_id, "total": j["total"], "paid": j["paid"],
                               "due": (_day(TODAY) + datetime.timedelta(days=14)).isoformat()}
        j["invoice"] = iid
        return _invoice(state, iid)
    except _Abort as a:
        return a.status


def _invoice(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    return Invoice(invoice_id=iid, job_id=i["job"], customer=state.customers[_job_customer(state, i["job"])]["name"],
                   total=i["total"], paid=i["paid"], balance=round(i["total"] - i["paid"], 2), due=i["due"])


def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Union[float, Status]:
    """Take a payment against an invoice.

    :param token: the session token (the office)
    :param invoice_id: the invoice
    :param amount: the amount taken, in pounds
    :param method: ``card``, ``bank_transfer`` or ``cheque``
    :returns: the balance left on the invoice
    """
    try:
        _staff(state, token, "office")
        i = _get(state.invoices, invoice_id, "invoice")
        balance = round(i["total"] - i["paid"], 2)
        if balance <= 0:
            raise _Abort(6, "PAID", f"{invoice_id} is paid in full", invoice_id=invoice_id)
        if method not in ("card", "bank_transfer", "cheque"):
            raise _Abort(3, "BAD_METHOD", f"no payment method {method!r}")
        if not 0 < amount <= balance:
            raise _Abort(3, "BAD_AMOUNT", f"the balance on {invoice_id} is £{balance:.2f}", invoice_id=invoice_id)
        i["paid"] = round(i["paid"] + amount, 2)
        state.jobs[i["job"]]["paid"] = round(state.jobs[i["job"]]["paid"] + amount, 2)
        return round(i["total"] - i["paid"], 2)
    except _Abort as a:
        return a.status


def cancel_job(state: State, token: str, job_id: str, reason: str) -> Union[str, Status]:
    """Cancel a job that has not started; its open orders are cancelled with the suppliers.

    :param token: the session token (the office)
    :param job_id: the job
    :param reason: why it is cancelled
    :returns: a sentence with the job cancelled and the deposit to refund
    """
    try:
        _staff(state, token, "office")
        j = _get(state.jobs, job_id, "job")
        st = _stage(state, job_id)
        if st == "cancelled":
            raise _Abort(6, "CANCELLED", f"{job_id} was cancelled already", job_id=job_id)
        if st in ("in_progress", "completed"):
            raise _Abort(9, "JOB_STARTED", f"{job_id} is {st}; only a job not yet started is cancelled", job_id=job_id)
        if not reason.strip():
            raise _Abort(3, "REASON_REQUIRED", "say why the job is cancelled")
        open_orders = [p for p in _job_orders(state, job_id) if state.orders[p]["status"] == "ordered"]
        for p in open_orders:
            state.orders[p]["status"] = "cancelled"
        j["cancelled"], j["fit"] = True, None
        refund = j["paid"]
        return (f"Job {job_id} cancelled ({reason.strip()}); £{refund:.2f} to refund"
                + (f"; {', '.join(open_orders)} cancelled with the suppliers" if open_orders else "") + ".")
    except _Abort as a:
        return a.status


TOOLS = [
    sign_in, sign_out, product_range, glass_options, survey_slots, find_customer, register_customer, update_customer,
    customer_file, send_message, book_survey, surveys, cancel_survey, record_opening, complete_survey, survey_report,
    create_quote, change_glass, drop_line, send_quote, quotes, accept_quote, jobs, job_sheet, take_deposit, suppliers,
    order_frames, order_glass, purchase_orders, book_in_delivery, order_remake, fitters, schedule_fitting,
    start_fitting, fit_opening, complete_fitting, notify_building_control, invoice_job, take_payment, cancel_job,
]

FIXTURES = {
    "firm": {"name": "Harwood & Lyle Windows, Unit 4 Tanner's Yard, Kelsborough",
             "today": "Tuesday 10 June, half past eight"},
    "staff": [
        {"name": "Sandra Okoye", "role": "office", "username": "sandra.o", "password": "Casement-41"},
        {"name": "Neil Bramwell", "role": "surveyor", "username": "neil.b", "password": "Sightline-7"},
        {"name": "Amira Khan", "role": "surveyor", "username": "amira.k", "password": "Reveal-Depth-22"},
        {"name": "Dev Patel", "role": "fitter (leads a team)", "username": "dev.p", "password": "Trickle-Vent-3"},
        {"name": "Kerry Mills", "role": "fitter (leads a team)", "username": "kerry.m", "password": "Drip-Bar-18"},
        {"name": "Marek Nowicki", "role": "fitter (leads a team)", "username": "marek.n", "password": "Cill-Horn-64"},
        {"name": "Graham Lyle", "role": "manager", "username": "graham.l", "password": "Harwood-Lyle-1987"},
    ],
    "new_customer": {"name": "Mr Owen Tranter", "phone": "07700 900311", "email": "owen.tranter@mail.example",
                     "address": "18 Saddler's Walk, Kelsborough", "postcode": "KB3 5SW",
                     "wants": "his kitchen window and back bedroom window replaced; a survey on the first free "
                              "morning from tomorrow"},
    "office_notes": [
        "Mrs Parfitt's survey is this morning; she has no e-mail, so text her",
        "Dr Haddad is still thinking about the patio doors in the garden room",
        "Mr Reid rang to say yes to the front door",
        "Mr Dorsey is coming in to pay his deposit by card",
        "The glass for The Granary (Mr Oyelaran) is due off Halden's wagon this morning",
        "Ms Kwan's windows are all in at the yard; she would like them fitted this week",
        "Mrs Okonjo's tilt-and-turn needs ordering now her deposit is in",
        "Mr Riddick has asked to cancel tomorrow's survey; he is selling the house",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "product_range", "glass_options", "survey_slots")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_file", "send_message", "book_survey"]
SURVEY_CONSUMERS = ["record_opening", "complete_survey", "survey_report", "cancel_survey", "create_quote"]
QUOTE_CONSUMERS = ["change_glass", "drop_line", "send_quote", "accept_quote"]
JOB_CONSUMERS = ["take_deposit", "job_sheet", "order_frames", "order_glass", "schedule_fitting", "start_fitting",
                 "fit_opening", "complete_fitting", "notify_building_control", "invoice_job", "cancel_job",
                 "order_remake"]
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or of a find_customer row)"
_SURVEY = "id lookup/create: survey (survey_id of book_survey, or of a surveys row)"
_QUOTE = "id lookup/create: quote (quote_id of create_quote, or of a quotes row; the opening from its lines)"
_JOB = "id lookup/create: job (job_id of accept_quote, or of a jobs row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("book_survey|surveys", c, _SURVEY) for c in SURVEY_CONSUMERS]
    + [("create_quote|quotes", c, _QUOTE) for c in QUOTE_CONSUMERS]
    + [("accept_quote|jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [
        ("survey_slots", "book_survey", "id lookup: survey slot (slot_id of a survey_slots row)"),
        ("product_range", "record_opening", "vocabulary: product codes (code of product_range rows)"),
        ("glass_options", "record_opening", "vocabulary: glass unit codes (code of glass_options rows)"),
        ("glass_options", "change_glass", "vocabulary: glass unit codes (code of glass_options rows)"),
        ("suppliers", "order_frames", "id lookup: frame supplier (supplier_id of a suppliers row)"),
        ("suppliers", "order_glass", "id lookup: glass supplier (supplier_id of a suppliers row)"),
        ("order_frames|order_glass|order_remake|purchase_orders", "book_in_delivery",
         "id lookup/create: purchase order (po_id of order_frames, order_glass or order_remake, or of a "
         "purchase_orders row)"),
        ("fitters", "schedule_fitting", "id lookup: fitting team (team_id of a fitters row)"),
        ("job_sheet", "fit_opening", "id lookup: opening on a job (opening_id of a job_sheet openings row)"),
        ("job_sheet", "order_remake", "id lookup: opening on a job (opening_id of a job_sheet openings row)"),
        ("invoice_job", "take_payment", "id create: invoice (invoice_id of invoice_job)"),
        ("record_opening", "complete_survey", "state: at least one opening recorded on the survey"),
        ("complete_survey", "create_quote", "state: the survey completed"),
        ("send_quote", "accept_quote", "state: the quote sent to the customer"),
        ("take_deposit", "order_frames", "state: the deposit paid"),
        ("take_deposit", "order_glass", "state: the deposit paid"),
        ("book_in_delivery", "schedule_fitting", "state: the job's frames and glass all booked in"),
        ("book_in_delivery", "order_remake", "state: the job's glass delivered"),
        ("schedule_fitting", "start_fitting", "state: the job booked with the team for today"),
        ("start_fitting", "fit_opening", "state: the job in progress"),
        ("fit_opening", "complete_fitting", "state: every opening of the job fitted"),
        ("complete_fitting", "notify_building_control", "state: the job completed"),
        ("complete_fitting", "invoice_job", "state: the job completed"),
    ]
)

_OPENING_USERS = ("fit_opening", "order_remake", "book_in_delivery")
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
PLAUSIBLE = (
    # ids shown in other lists and records: a customer in survey, quote and job rows and on a file or a job sheet;
    # surveys, quotes and jobs on a customer's file; a survey on a quote; a job on a purchase order, a delivery,
    # an invoice or a certificate; openings on a survey report, a quote or a purchase order; orders, the team and
    # the invoice on a job sheet
    {(p, c) for p in ("surveys", "quotes", "jobs", "job_sheet", "survey_report", "book_survey", "accept_quote")
     for c in CUSTOMER_CONSUMERS if p != "book_survey" or c != "book_survey"}
    | {("customer_file", c) for c in SURVEY_CONSUMERS + QUOTE_CONSUMERS + JOB_CONSUMERS}
    | {("quotes", c) for c in ("survey_report", "create_quote")}
    | {("create_quote", "survey_report")}
    | {(p, c) for p in ("purchase_orders", "book_in_delivery", "order_frames", "order_glass", "order_remake",
                        "invoice_job") for c in JOB_CONSUMERS}
    | {(p, c) for p in ("survey_report", "record_opening", "create_quote", "quotes", "order_glass", "order_frames",
                        "accept_quote") for c in _OPENING_USERS}
    | {("job_sheet", "book_in_delivery"), ("job_sheet", "take_payment"), ("customer_file", "take_payment"),
       ("job_sheet", "schedule_fitting"), ("jobs", "schedule_fitting"), ("survey_report", "change_glass"),
       ("survey_report", "drop_line"), ("record_opening", "change_glass"), ("record_opening", "drop_line")}
    # one step further along the designed chains
    | {
        ("record_opening", "create_quote"), ("product_range", "complete_survey"), ("glass_options", "complete_survey"),
        ("product_range", "create_quote"), ("glass_options", "create_quote"), ("complete_survey", "change_glass"),
        ("complete_survey", "drop_line"), ("complete_survey", "send_quote"), ("send_quote", "take_deposit"),
        ("take_deposit", "book_in_delivery"), ("take_deposit", "schedule_fitting"), ("order_frames", "schedule_fitting"),
        ("order_glass", "schedule_fitting"), ("suppliers", "book_in_delivery"), ("book_in_delivery", "start_fitting"),
        ("schedule_fitting", "fit_opening"), ("schedule_fitting", "complete_fitting"),
        ("start_fitting", "complete_fitting"), ("fit_opening", "notify_building_control"),
        ("fit_opening", "invoice_job"), ("complete_fitting", "take_payment"), ("order_glass", "order_remake"),
        ("order_remake", "schedule_fitting"), ("order_remake", "fit_opening"), ("order_remake", "complete_fitting"),
        ("job_sheet", "complete_fitting"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("register_customer", "find_customer"), ("update_customer", "find_customer"),
        ("update_customer", "customer_file"), ("update_customer", "send_message"), ("book_survey", "surveys"),
        ("book_survey", "survey_slots"), ("book_survey", "customer_file"), ("cancel_survey", "surveys"),
        ("cancel_survey", "survey_slots"), ("record_opening", "survey_report"), ("complete_survey", "surveys"),
        ("complete_survey", "survey_report"), ("create_quote", "quotes"), ("create_quote", "customer_file"),
        ("change_glass", "quotes"), ("change_glass", "survey_report"), ("drop_line", "quotes"),
        ("send_quote", "quotes"), ("accept_quote", "quotes"), ("accept_quote", "jobs"),
        ("accept_quote", "customer_file"), ("take_deposit", "jobs"), ("take_deposit", "job_sheet"),
        ("order_frames", "purchase_orders"), ("order_glass", "purchase_orders"), ("order_remake", "purchase_orders"),
        ("order_frames", "jobs"), ("order_glass", "jobs"), ("book_in_delivery", "purchase_orders"),
        ("book_in_delivery", "jobs"), ("book_in_delivery", "job_sheet"), ("schedule_fitting", "fitters"),
        ("schedule_fitting", "jobs"), ("schedule_fitting", "job_sheet"), ("start_fitting", "jobs"),
        ("start_fitting", "job_sheet"), ("fit_opening", "job_sheet"), ("complete_fitting", "jobs"),
        ("complete_fitting", "job_sheet"), ("notify_building_control", "job_sheet"), ("invoice_job", "job_sheet"),
        ("take_payment", "job_sheet"), ("cancel_job", "jobs"), ("cancel_job", "purchase_orders"),
        ("cancel_job", "job_sheet"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
