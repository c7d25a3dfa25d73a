"""Gambrel: the intake, lairage, slaughter line, grading and sales system of Brackenholt Meats (41 calls).

Plain functions over an in-memory ``State`` of a red-meat abattoir's plant system on Wednesday 17 October 2040 at
06:40, before the cattle line starts. The office finds and registers the farmers who send stock (producers), keeps
their farm assurance and bank details, books their animals in for a kill date, settles what the plant owes them once
their carcasses are graded, opens accounts for the butchers and wholesalers who buy, takes their orders and payments
and invoices them. The lairage takes the lorries in, pens the animals, records the food chain information that comes
with them and checks the cattle passports against the national register. The official veterinarian inspects the live
animals before slaughter (ante-mortem) and the carcasses after it (post-mortem), applies the health mark and logs
welfare incidents. The line starts and stops the cattle and sheep lines, kills and records the specified risk material
taken out. The grader classifies the carcasses on the EUROP grid. Dispatch takes the chiller temperatures, allocates
carcasses to orders and sends the orders out. The manager may do everything. The price grid is public, as the plant
prints it for its farmers every week.

Every call answers with a dataclass, a bare value or a sentence; a refusal answers, in the style of C's ``errno``, an
``Errno`` with an integer ``errno``, its symbolic ``errname`` and a ``strerror`` that says why: ``EACCES`` (13) for a
wrong password or no session, ``EPERM`` (1) for the wrong role, ``ENOENT`` (2) for an unknown id, ``EINVAL`` (22) for
a bad input, ``EBUSY`` (16) for a record in the wrong state, ``EEXIST`` (17) for a change made already and ``EDOM``
(33) for a rule of the plant's or the law's. ``FAILURE`` (``errno_refusal``) reads a refusal from a non-zero ``errno``.
There is no decorator: every tool checks its own session and role (``_staff(state, token, "vet")``) and answers the
``_Refused`` it raises inside itself as the ``Errno``.

Annotations are postponed (``from __future__ import annotations``): PEP 604 unions such as ``Carcass | Errno``,
builtin ``list[str]`` and ``list[list[Any]]``, resolved by the runtime in this module. Google docstrings. Replies are
dataclasses and lists of them (session, grid, producers, a producer's statement with consignments and remittances as
rows, bookings, pens, consignments, a consignment's file with its animals as rows, a passport check as rows, a line,
carcasses, a carcass's file with its events as rows, a remittance with its carcasses as rows, customers, a credit
check, orders with their carcasses as rows, a delivery note, an invoice); the kill sheet as bare rows; a bare value
(what an order still owes after a payment); sentences with an id in them (a health mark applied, a booking
cancelled, a welfare incident, a message, a sign-out). Typed inputs: a plain ``Enum`` input (``Scheme``), a ``str``
``Enum`` input and filter (``Species``) and a ``str`` ``Enum`` filter (``CarcassStage``), ``Literal`` inputs (an
ante-mortem decision, a post-mortem outcome, a customer's terms, how an order is paid) and ``Literal`` filters
(bookings, consignments, orders), ``list[str]`` ear tags, withheld tags and risk material. Ids look alike: producer
``PR-3306``, booking ``BK-5105``, consignment ``CN-7703``, animal ``AN-90415``, carcass ``CC-61207``, customer
``CU-804``, order ``OR-4404``, remittance ``RM-2209``, delivery note ``DN-3318``, invoice ``IN-5527``, welfare
incident ``WI-104``, message ``TX-6620``; pen ``P-03``. The grading grid's classes are shown only by the price grid;
the specified risk material each carcass needs taken out and the plant's rules on kill dates and head counts are
stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from enum import Enum
from errno import EACCES, EBUSY, EDOM, EEXIST, EINVAL, ENOENT, EPERM, errorcode
from typing import Any, Literal

TODAY = "2040-10-17"  # a Wednesday
NOW = "2040-10-17 06:40"
HEALTH_MARK = "UK 2417 EC"
CONFORMATION = ("E", "U", "R", "O", "P")
FAT = {"cattle": ("1", "2", "3", "4L", "4H", "5L", "5H"), "sheep": ("1", "2", "3L", "3H", "4L", "4H", "5")}
BASE = {"cattle": 498.0, "sheep": 690.0}  # pence a kilogram deadweight for R3 and R3L
SALE_PRICE = {"cattle": 6.45, "sheep": 8.20}  # pounds a kilogram cold weight to the plant's customers
CHILLED_AT = 7.0  # a carcass leaves the plant at 7 degrees or colder
ROLE_NAMES = {"office": "the office", "lairage": "the lairage", "vet": "the official veterinarian",
              "line": "the line", "grader": "the grader", "dispatch": "dispatch", "manager": "the manager"}


class Scheme(Enum):
    RED_TRACTOR = "red_tractor"
    QUALITY_MEAT_SCOTLAND = "quality_meat_scotland"
    FARM_ASSURED_WELSH_LIVESTOCK = "farm_assured_welsh_livestock"


class Species(str, Enum):
    CATTLE = "cattle"
    SHEEP = "sheep"


class CarcassStage(str, Enum):
    KILLED = "killed"
    INSPECTED = "inspected"
    MARKED = "marked"
    ALLOCATED = "allocated"
    DISPATCHED = "dispatched"
    CONDEMNED = "condemned"


AnteMortemDecision = Literal["fit", "detained"]
PostMortemOutcome = Literal["pass", "partial", "reject"]
Terms = Literal["proforma", "monthly"]
PayMethod = Literal["card", "bank_transfer"]
BookingStatus = Literal["booked", "arrived", "cancelled"]
ConsignmentStatus = Literal["in_lairage", "killed", "settled"]
OrderStatus = Literal["open", "dispatched", "invoiced"]


# --------------------------------------------------------------------------- replies


@dataclass
class Errno:
    errno: int
    errname: str
    strerror: str


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Grid:
    species: str
    unit: str
    rows: list[list[Any]]


@dataclass
class Producer:
    producer_id: str
    name: str
    holding: str
    address: str
    phone: str
    assurance: str | None
    assured_until: str | None
    bank_details: bool


@dataclass
class Statement:
    producer: Producer
    consignments: list[list[Any]]
    remittances: list[list[Any]]


@dataclass
class Booking:
    booking_id: str
    producer_id: str
    producer: str
    species: str
    head: int
    kill_date: str
    status: str


@dataclass
class Pen:
    pen: str
    species: str
    capacity: int
    occupied_by: str | None


@dataclass
class Consignment:
    consignment_id: str
    booking_id: str
    producer_id: str
    producer: str
    species: str
    head: int
    pen: str
    arrived: str
    fci: bool
    passports: str
    ante_mortem: str | None
    status: str


@dataclass
class ConsignmentFile:
    consignment: Consignment
    haulier: str
    vehicle: str
    fci_notes: str | None
    animals: list[list[Any]]


@dataclass
class PassportCheck:
    consignment_id: str
    outcome: str
    animals: list[list[Any]]


@dataclass
class Line:
    species: str
    running: bool
    since: str | None
    kills_today: int


@dataclass
class Carcass:
    carcass_id: str
    kill_no: int
    kill_date: str
    species: str
    animal_id: str
    ear_tag: str
    consignment_id: str
    producer: str
    stage: str
    srm_removed: bool
    grade: str | None
    cold_kg: float | None
    core_temp_c: float | None
    order_id: str | None


@dataclass
class CarcassFile:
    carcass: Carcass
    post_mortem: str | None
    events: list[list[str]]


@dataclass
class Remittance:
    remittance_id: str
    consignment_id: str
    producer: str
    paid_to: str
    carcasses: list[list[Any]]
    total: float


@dataclass
class Customer:
    customer_id: str
    name: str
    address: str
    phone: str
    terms: str
    credit: str | None


@dataclass
class CreditCheck:
    customer_id: str
    score: int
    outcome: str
    limit: float


@dataclass
class Order:
    order_id: str
    customer_id: str
    customer: str
    species: str
    carcasses_wanted: int
    delivery_date: str
    status: str
    value: float
    paid: float
    amount_due: float
    allocated: list[list[Any]] = field(default_factory=list)


@dataclass
class DeliveryNote:
    note_id: str
    order_id: str
    customer: str
    vehicle: str
    driver: str
    health_mark: str
    carcasses: list[list[Any]]


@dataclass
class Invoice:
    invoice_id: str
    order_id: str
    customer: str
    amount: float
    paid: float
    due: str


def errno_refusal(reply: Any) -> Any:
    """A reply is a refusal when it carries a non-zero integer ``errno`` (an ``Errno``, as JSON or as the
    dataclass); answers ``"<errname> (<errno>): <strerror>"``, else False."""
    if isinstance(reply, dict):
        code, name, text = reply.get("errno"), reply.get("errname"), reply.get("strerror")
    else:
        code, name, text = (getattr(reply, "errno", None), getattr(reply, "errname", None),
                            getattr(reply, "strerror", None))
    if isinstance(code, bool) or not isinstance(code, int) or code == 0:
        return False
    return f"{name or errorcode.get(code, 'E?')} ({code}): {text or ''}"


FAILURE = errno_refusal


class _Refused(Exception):
    """A refusal inside a tool, answered as an ``Errno``."""

    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text

    def reply(self) -> Errno:
        return Errno(errno=self.code, errname=errorcode[self.code], strerror=self.text)


# --------------------------------------------------------------------------- the plant's state


def _animal(consignment: str, tag: str, *, status: str = "in_lairage", carcass: str | None = None) -> list:
    """An animal as the plant system stores it: consignment, ear tag, status, carcass."""
    return [consignment, tag, status, carcass]


def _carcass(animal: str, kill_no: int, *, kill_date: str = "2040-10-16", stage: str = "marked",
             pm: str | None = "pass", srm: bool = True, grade: str | None = None, cold: float | None = None,
             temp: float | None = None, order: str | None = None,
             events: list[list[str]] | None = None) -> dict[str, Any]:
    """A carcass as the plant system stores it."""
    return {"animal": animal, "kill_no": kill_no, "kill_date": kill_date, "stage": stage, "pm": pm, "srm": srm,
            "grade": grade, "cold": cold, "temp": temp, "order": order, "events": [list(e) for e in events or []]}


class State:
    """Brackenholt Meats' plant system on Wednesday 17 October 2040 at 06:40."""

    def __init__(self) -> None:
        self.staff = {
            "verity.o": {"name": "Verity Ormerod", "password": "Kill-Sheet-24", "role": "office"},
            "idwal.p": {"name": "Idwal Pritchett", "password": "Pen-Gate-71", "role": "lairage"},
            "ilse.v": {"name": "Dr Ilse Vanterpool", "password": "Ante-Post-38", "role": "vet"},
            "bart.k": {"name": "Bartholomew Keogh", "password": "Hook-Rail-55", "role": "line"},
            "morven.d": {"name": "Morven Dunbreck", "password": "Fat-Class-3L", "role": "grader"},
            "kwabena.o": {"name": "Kwabena Ofori", "password": "Cold-Store-07", "role": "dispatch"},
            "hamish.l": {"name": "Hamish Laidlow", "password": "Plant-Boss-90", "role": "manager"},
        }
        self.logins: dict[str, dict] = {}
        self.producers = {  # producer -> name, holding, address, phone, assurance [scheme, number, expires], bank
            "PR-3301": {"name": "J & M Brocklesby", "holding": "42/117/0031",
                        "address": "Netherkeld Farm, Scarth Lane, Ousel Bridge", "phone": "01632 960311",
                        "assurance": ["red_tractor", "RTB-0419377", "2041-05-31"],
                        "bank": ["J & M Brocklesby", "20-71-04", "53019927"]},
            "PR-3302": {"name": "Mrs Aveline Scougall", "holding": "42/209/0114",
                        "address": "Low Sorrel Farm, Ousel Bridge", "phone": "01632 960312",
                        "assurance": ["red_tractor", "RTB-0522810", "2041-02-28"], "bank": None},
            "PR-3303": {"name": "Sedgwick Brothers", "holding": "43/051/0288",
                        "address": "Intake Farm, Hebblecote Moor", "phone": "01632 960313",
                        "assurance": ["red_tractor", "RTB-0377142", "2040-09-30"],
                        "bank": ["Sedgwick Brothers", "40-18-33", "71244580"]},
            "PR-3304": {"name": "Mr Ninian Cleasby", "holding": "43/112/0907",
                        "address": "Fold Head, Hebblecote", "phone": "07700 900314",
                        "assurance": ["farm_assured_welsh_livestock", "FAWL-88214", "2041-08-31"],
                        "bank": ["N Cleasby", "30-64-12", "22871094"]},
            "PR-3305": {"name": "Thwaite Ghyll Partnership", "holding": "42/330/0451",
                        "address": "Thwaite Ghyll, Swaledge", "phone": "01632 960315",
                        "assurance": ["quality_meat_scotland", "QMS-604417", "2041-03-31"],
                        "bank": ["Thwaite Ghyll Partnership", "83-19-07", "10665238"]},
        }
        self.bookings = {  # booking -> producer, species, head, kill date, status
            "BK-5096": ["PR-3304", "sheep", 2, "2040-10-16", "arrived"],
            "BK-5097": ["PR-3301", "cattle", 2, "2040-10-16", "arrived"],
            "BK-5098": ["PR-3302", "cattle", 2, "2040-10-16", "arrived"],
            "BK-5099": ["PR-3305", "cattle", 1, "2040-10-17", "arrived"],
            "BK-5101": ["PR-3301", "cattle", 3, "2040-10-17", "arrived"],
            "BK-5102": ["PR-3305", "sheep", 4, "2040-10-17", "arrived"],
            "BK-5103": ["PR-3301", "sheep", 2, "2040-10-17", "booked"],
            "BK-5104": ["PR-3304", "sheep", 6, "2040-10-18", "booked"],
        }
        self.pens = {  # pen -> species, capacity, consignment in it
            "P-01": ["cattle", 6, "CN-7701"], "P-02": ["cattle", 6, "CN-7699"], "P-03": ["cattle", 8, None],
            "P-04": ["cattle", 4, None], "P-05": ["sheep", 40, "CN-7702"], "P-06": ["sheep", 40, None],
            "P-07": ["sheep", 25, None],
        }
        self.consignments = {  # consignment -> booking, pen, haulier, vehicle, arrived, fci, passports, am, status
            "CN-7697": {"booking": "BK-5096", "pen": "P-06", "haulier": "Own transport", "vehicle": "YK19 HTC",
                        "arrived": "2040-10-15 17:20", "fci": [True, False, None], "passports": "not needed",
                        "am": "fit", "status": "killed"},
            "CN-7698": {"booking": "BK-5097", "pen": "P-03", "haulier": "Wharfedge Livestock Haulage",
                        "vehicle": "PX16 LVH", "arrived": "2040-10-15 18:05", "fci": [True, False, None],
                        "passports": "clear", "am": "fit", "status": "killed"},
            "CN-7699": {"booking": "BK-5099", "pen": "P-02", "haulier": "Wharfedge Livestock Haulage",
                        "vehicle": "PX16 LVH", "arrived": "2040-10-16 18:30", "fci": [True, False, "cull cow"],
                        "passports": "clear", "am": "fit", "status": "in_lairage"},
            "CN-7700": {"booking": "BK-5098", "pen": "P-04", "haulier": "Own transport", "vehicle": "YE12 KMU",
                        "arrived": "2040-10-15 16:40", "fci": [True, False, None], "passports": "clear",
                        "am": "fit", "status": "killed"},
            "CN-7701": {"booking": "BK-5101", "pen": "P-01", "haulier": "Own transport", "vehicle": "YC21 FRJ",
                        "arrived": "2040-10-16 19:10", "fci": [True, False, None], "passports": "not checked",
                        "am": None, "status": "in_lairage"},
            "CN-7702": {"booking": "BK-5102", "pen": "P-05", "haulier": "Swaledge Hauliers", "vehicle": "SJ18 WNA",
                        "arrived": "2040-10-17 06:10", "fci": None, "passports": "not needed", "am": None,
                        "status": "in_lairage"},
        }
        self.animals = {  # animal -> consignment, ear tag, status, carcass
            "AN-90401": _animal("CN-7697", "UK0 431552 00211", status="killed", carcass="CC-61205"),
            "AN-90402": _animal("CN-7697", "UK0 431552 00214", status="killed", carcass="CC-61206"),
            "AN-90403": _animal("CN-7698", "UK 421170 300412", status="killed", carcass="CC-61201"),
            "AN-90404": _animal("CN-7698", "UK 421170 300419", status="killed", carcass="CC-61202"),
            "AN-90405": _animal("CN-7700", "UK 422094 500137", status="killed", carcass="CC-61203"),
            "AN-90406": _animal("CN-7700", "UK 422094 500144", status="killed", carcass="CC-61204"),
            "AN-90407": _animal("CN-7699", "UK 423318 100925"),
            "AN-90408": _animal("CN-7701", "UK 421170 300433"),
            "AN-90409": _animal("CN-7701", "UK 421170 300440"),
            "AN-90410": _animal("CN-7701", "UK 421170 300458"),
            "AN-90411": _animal("CN-7702", "UK0 423318 01441"),
            "AN-90412": _animal("CN-7702", "UK0 423318 01442"),
            "AN-90413": _animal("CN-7702", "UK0 423318 01447"),
            "AN-90414": _animal("CN-7702", "UK0 423318 01450"),
        }
        self.register = {  # the national cattle register: ear tag -> born, sex, breed
            "UK 421170 300412": ["2038-11-02", "steer", "Aberdeen Angus cross"],
            "UK 421170 300419": ["2038-12-15", "heifer", "Limousin cross"],
            "UK 422094 500137": ["2038-06-20", "steer", "Hereford cross"],
            "UK 422094 500144": ["2037-09-03", "heifer", "Simmental cross"],
            "UK 423318 100925": ["2031-04-11", "cow", "Beef Shorthorn"],
            "UK 421170 300433": ["2038-10-21", "steer", "Aberdeen Angus cross"],
            "UK 421170 300440": ["2038-11-30", "steer", "Limousin cross"],
            "UK 424406 700218": ["2038-09-14", "steer", "Luing"],
            "UK 424406 700225": ["2038-10-02", "heifer", "Luing"],
        }
        self.born = {  # sheep: ear tag -> born
            "UK0 431552 00211": "2039-03-20", "UK0 431552 00214": "2040-03-28", "UK0 423318 01441": "2040-04-02",
            "UK0 423318 01442": "2040-04-02", "UK0 423318 01447": "2040-04-09", "UK0 423318 01450": "2039-04-11",
        }
        self.carcasses = {
            "CC-61201": _carcass("AN-90403", 1, grade="R3", cold=338.6, temp=5.8,
                                 events=[["2040-10-16 07:12", "killed", "Bartholomew Keogh"],
                                         ["2040-10-16 07:31", "post-mortem: pass", "Dr Ilse Vanterpool"],
                                         ["2040-10-16 07:35", "graded R3", "Morven Dunbreck"]]),
            "CC-61202": _carcass("AN-90404", 2, stage="allocated", grade="U3", cold=352.1, temp=9.1,
                                 order="OR-4401",
                                 events=[["2040-10-16 07:20", "killed", "Bartholomew Keogh"],
                                         ["2040-10-16 07:44", "post-mortem: pass", "Dr Ilse Vanterpool"],
                                         ["2040-10-16 07:47", "graded U3", "Morven Dunbreck"]]),
            "CC-61203": _carcass("AN-90405", 3, grade="O3", cold=301.4, temp=6.0,
                                 events=[["2040-10-16 07:58", "killed", "Bartholomew Keogh"],
                                         ["2040-10-16 08:16", "post-mortem: pass", "Dr Ilse Vanterpool"],
                                         ["2040-10-16 08:19", "graded O3", "Morven Dunbreck"]]),
            "CC-61204": _carcass("AN-90406", 4, stage="inspected", srm=False,
                                 events=[["2040-10-16 08:06", "killed", "Bartholomew Keogh"],
                                         ["2040-10-16 08:30", "post-mortem: pass", "Dr Ilse Vanterpool"]]),
            "CC-61205": _carcass("AN-90401", 5, stage="killed", pm=None, srm=False,
                                 events=[["2040-10-16 10:02", "killed", "Bartholomew Keogh"],
                                         ["2040-10-16 10:09", "detained for the veterinarian: lungs",
                                          "Dr Ilse Vanterpool"]]),
            "CC-61206": _carcass("AN-90402", 6, grade="R3L", cold=21.4, temp=4.2,
                                 events=[["2040-10-16 10:05", "killed", "Bartholomew Keogh"],
                                         ["2040-10-16 10:12", "post-mortem: pass", "Dr Ilse Vanterpool"],
                                         ["2040-10-16 10:14", "graded R3L", "Morven Dunbreck"]]),
        }
        self.lines = {"cattle": [False, None, 0], "sheep": [False, None, 0]}  # running, since, kills today
        self.remittances = {  # remittance -> consignment, total, date, carcass rows
            "RM-2208": ["CN-7695", 1873.42, "2040-10-12", []],
        }
        self.customers = {  # customer -> name, address, phone, terms, credit
            "CU-801": {"name": "Thackwray Family Butchers", "address": "14 Shambles Row, Hebblecote",
                       "phone": "01632 960801", "terms": "monthly", "credit": "passed"},
            "CU-802": {"name": "Drumlanrig Catering Supplies", "address": "Unit 3, Millrace Park, Swaledge",
                       "phone": "01632 960802", "terms": "proforma", "credit": None},
            "CU-803": {"name": "Lowick Wholesale Meats", "address": "Lowick Mill, Canal Side, Hebblecote",
                       "phone": "01632 960803", "terms": "monthly", "credit": None},
        }
        self.bureau = {"Lowick Wholesale Meats": 701, "Drumlanrig Catering Supplies": 488}  # credit scores
        self.orders = {  # order -> customer, species, wanted, delivery, status, paid
            "OR-4401": ["CU-801", "cattle", 1, "2040-10-17", "open", 0.0],
            "OR-4402": ["CU-802", "sheep", 1, "2040-10-17", "open", 0.0],
            "OR-4403": ["CU-801", "cattle", 1, "2040-10-18", "open", 0.0],
        }
        self.notes: dict[str, list] = {}
        self.invoices: dict[str, list] = {}
        self.incidents: list[list] = []
        self.messages: list[list] = []
        self.counters = {"token": 1, "producer": 3306, "booking": 5105, "consignment": 7703, "animal": 90415,
                         "carcass": 61207, "customer": 804, "order": 4404, "remittance": 2209, "note": 3318,
                         "invoice": 5527, "incident": 104, "message": 6620}


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _staff(state: State, token: Any, *roles: str) -> dict[str, Any]:
    who = state.logins.get(token) if isinstance(token, str) else None
    if who is None:
        raise _Refused(EACCES, "no session for this token, or it has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise _Refused(EPERM, f"{who['name']} ({who['role']}) may not do this; it is for "
                              f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return who


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _get(table: dict, key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _Refused(ENOENT, f"no {what} {key!r}")
    return row


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _species(value: Any) -> str:
    v = _value(value)
    if v not in ("cattle", "sheep"):
        raise _Refused(EINVAL, f"species is cattle or sheep, not {value!r}")
    return v


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _Refused(EINVAL, f"{name} is YYYY-MM-DD, not {value!r}") from None


def _months(born: str) -> int:
    b, t = datetime.date.fromisoformat(born), datetime.date.fromisoformat(TODAY)
    return (t.year - b.year) * 12 + t.month - b.month - (t.day < b.day)


def _producer(state: State, pid: str) -> Producer:
    p = state.producers[pid]
    a = p["assurance"]
    return Producer(producer_id=pid, name=p["name"], holding=p["holding"], address=p["address"], phone=p["phone"],
                    assurance=a[0] if a else None, assured_until=a[2] if a else None,
                    bank_details=p["bank"] is not None)


def _booking(state: State, bid: str) -> Booking:
    b = state.bookings[bid]
    return Booking(booking_id=bid, producer_id=b[0], producer=state.producers[b[0]]["name"], species=b[1],
                   head=b[2], kill_date=b[3], status=b[4])


def _consignment(state: State, cid: str) -> Consignment:
    c = state.consignments[cid]
    b = state.bookings[c["booking"]]
    return Consignment(consignment_id=cid, booking_id=c["booking"], producer_id=b[0],
                       producer=state.producers[b[0]]["name"], species=b[1], head=b[2], pen=c["pen"],
                       arrived=c["arrived"], fci=c["fci"] is not None, passports=c["passports"], ante_mortem=c["am"],
                       status=c["status"])


def _animals(state: State, cid: str) -> list[list[Any]]:
    return [[aid, a[1], a[2], a[3]] for aid, a in sorted(state.animals.items()) if a[0] == cid]


def _species_of(state: State, cid: str) -> str:
    return state.bookings[state.consignments[cid]["booking"]][1]


def _carcass_view(state: State, kid: str) -> Carcass:
    k = state.carcasses[kid]
    a = state.animals[k["animal"]]
    cid = a[0]
    return Carcass(carcass_id=kid, kill_no=k["kill_no"], kill_date=k["kill_date"], species=_species_of(state, cid),
                   animal_id=k["animal"], ear_tag=a[1], consignment_id=cid,
                   producer=state.producers[state.bookings[state.consignments[cid]["booking"]][0]]["name"],
                   stage=k["stage"], srm_removed=k["srm"], grade=k["grade"], cold_kg=k["cold"],
                   core_temp_c=k["temp"], order_id=k["order"])


def _event(state: State, kid: str, what: str, by: str) -> None:
    state.carcasses[kid]["events"].append([NOW, what, by])


def _grid_price(species: str, grade: str) -> float:
    conf, fat = grade[0], grade[1:]
    step_c = {"E": 30.0, "U": 18.0, "R": 0.0, "O": -22.0, "P": -60.0}[conf]
    step_f = (-20.0, -6.0, 0.0, -4.0, -14.0, -30.0, -48.0)[FAT[species].index(fat)]
    return round(BASE[species] + step_c + step_f, 1)


def _order_value(state: State, oid: str) -> float:
    o = state.orders[oid]
    return round(sum(k["cold"] * SALE_PRICE[o[1]] for k in state.carcasses.values() if k["order"] == oid), 2)


def _order(state: State, oid: str) -> Order:
    o = state.orders[oid]
    value = _order_value(state, oid)
    rows = [[kid, k["grade"], k["cold"], k["temp"]] for kid, k in sorted(state.carcasses.items()) if k["order"] == oid]
    return Order(order_id=oid, customer_id=o[0], customer=state.customers[o[0]]["name"], species=o[1],
                 carcasses_wanted=o[2], delivery_date=o[3], status=o[4], value=value, paid=o[5],
                 amount_due=round(max(value - o[5], 0.0), 2), allocated=rows)


def _customer(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c["name"], address=c["address"], phone=c["phone"], terms=c["terms"],
                    credit=c["credit"])


def _carcass_in(state: State, kid: Any, *stages: str) -> dict[str, Any]:
    k = _get(state.carcasses, kid, "carcass")
    if k["stage"] not in stages:
        raise _Refused(EBUSY, f"{kid} is {k['stage']}; this needs a carcass that is {' or '.join(stages)}")
    return k


def _consignment_open(state: State, cid: Any) -> dict[str, Any]:
    c = _get(state.consignments, cid, "consignment")
    if c["status"] != "in_lairage":
        raise _Refused(EBUSY, f"{cid} is {c['status'].replace('_', ' ')}; this needs a consignment in the lairage")
    return c


def _srm_needed(state: State, kid: str) -> list[str]:
    k = state.carcasses[kid]
    a = state.animals[k["animal"]]
    if _species_of(state, a[0]) == "cattle":
        months = _months(state.register[a[1]][0])
        return ["spinal_cord"] + (["vertebral_column"] if months > 30 else [])
    months = _months(state.born.get(a[1], TODAY))
    return ["ileum", "spleen"] + (["skull", "spinal_cord"] if months >= 12 else [])


# --------------------------------------------------------------------------- sign-in and the price grid


def sign_in(state: State, username: str, password: str) -> Session | Errno:
    """Sign in to the plant system.

    Args:
        username: A staff user name, such as verity.o.
        password: Its password.

    Returns:
        The session: a token for every call but the price grid, with the user's name and role (office, lairage,
        vet, line, grader, dispatch or manager).
    """
    try:
        user = username.strip().lower() if isinstance(username, str) else ""
        s = state.staff.get(user)
        if s is None or s["password"] != password:
            raise _Refused(EACCES, "user name or password not recognised")
        token = f"bkm-{user.split('.')[0]}-{_next(state, 'token'):03d}"
        state.logins[token] = {"user": user, "name": s["name"], "role": s["role"]}
        return Session(token=token, name=s["name"], role=s["role"])
    except _Refused as r:
        return r.reply()


def sign_out(state: State, token: str) -> str | Errno:
    """End a session.

    Args:
        token: The session's token.

    Returns:
        A sentence naming who was signed out.
    """
    try:
        who = _staff(state, token)
        state.logins.pop(token)
        return f"Signed out {who['name']} (session {token})."
    except _Refused as r:
        return r.reply()


def price_grid(state: State, species: Species) -> Grid | Errno:
    """This week's deadweight price grid for one species (public, as the plant prints it for its farmers).

    Args:
        species: cattle or sheep.

    Returns:
        The grid: rows of [conformation, fat class, pence a kilogram], conformation E, U, R, O, P in turn and the
        species' fat classes, leanest first, within each.
    """
    try:
        sp = _species(species)
        rows = [[c, f, _grid_price(sp, c + f)] for c in CONFORMATION for f in FAT[sp]]
        return Grid(species=sp, unit="pence a kilogram deadweight", rows=rows)
    except _Refused as r:
        return r.reply()


# --------------------------------------------------------------------------- producers


def find_producer(state: State, token: str, text: str) -> list[Producer] | Errno:
    """Find producers (the farmers who send stock).

    Args:
        token: The session's token.
        text: Part of the producer's name, their holding number (CPH, 42/117/0031) or their phone number.

    Returns:
        Each match, by producer id: its producer_id, name, holding, address, phone, assurance scheme and the date
        it runs to, and whether bank details are on file.
    """
    try:
        _staff(state, token)
        if _blank(text):
            raise _Refused(EINVAL, "text is required")
        needle = text.strip().lower()
        squeezed = needle.replace(" ", "")
        return [_producer(state, pid) for pid, p in sorted(state.producers.items())
                if needle in p["name"].lower() or needle == p["holding"] or squeezed in p["phone"].replace(" ", "")]
    except _Refused as r:
        return r.reply()


def register_producer(state: State, token: str, name: str, holding: str, address: str,
                      phone: str) -> Producer | Errno:
    """Register a new producer (the office).

    Args:
        token: The session's token.
        name: The farm business's name as it is paid.
        holding: The holding's county parish holding number, written 00/000/0000.
        address: The farm's address.
        phone: A phone number.

    Returns:
        The producer with the new producer_id, without assurance or bank details yet.
    """
    try:
        _staff(state, token, "office")
        if _blank(name) or _blank(address) or _blank(phone):
            raise _Refused(EINVAL, "name, address and phone are required")
        cph = holding.strip() if isinstance(holding, str) else ""
        parts = cph.split("/")
        if [len(p) for p in parts] != [2, 3, 4] or not all(p.isdigit() for p in parts):
            raise _Refused(EINVAL, f"holding is written 00/000/0000, not {holding!r}")
        for pid, p in state.producers.items():
            if p["holding"] == cph:
                raise _Refused(EEXIST, f"holding {cph} is registered already as {pid} ({p['name']})")
        pid = f"PR-{_next(state, 'producer')}"
        state.producers[pid] = {"name": name.strip(), "holding": cph, "address": address.strip(),
                                "phone": phone.strip(), "assurance": None, "bank": None}
        return _producer(state, pid)
    except _Refused as r:
        return r.reply()


def record_assurance(state: State, token: str, producer_id: str, scheme: Scheme, member_number: str,
                     expires: str) -> Producer | Errno:
    """Record a producer's farm assurance certificate (the office); the plant's buyers take only assured stock.

    Args:
        token: The session's token.
        producer_id: The producer.
        scheme: red_tractor, quality_meat_scotland or farm_assured_welsh_livestock.
        member_number: The membership number on the certificate.
        expires: The date the certificate runs to, YYYY-MM-DD.

    Returns:
        The producer as it now stands.
    """
    try:
        _staff(state, token, "office")
        p = _get(state.producers, producer_id, "producer")
        sch = _value(scheme)
        if sch not in [s.value for s in Scheme]:
            raise _Refused(EINVAL, f"scheme is one of {', '.join(s.value for s in Scheme)}, not {scheme!r}")
        if _blank(member_number):
            raise _Refused(EINVAL, "member_number is required")
        ends = _date(expires, "expires")
        if ends <= TODAY:
            raise _Refused(EDOM, f"a certificate that ran out on {ends} is no assurance")
        new = [sch, member_number.strip().upper(), ends]
        if p["assurance"] == new:
            raise _Refused(EEXIST, f"{producer_id} has that certificate on file already")
        p["assurance"] = new
        return _producer(state, producer_id)
    except _Refused as r:
        return r.reply()


def add_producer_bank(state: State, token: str, producer_id: str, account_name: str, sort_code: str,
                      account_number: str) -> Producer | Errno:
    """Keep the bank account a producer is paid into (the office).

    Args:
        token: The session's token.
        producer_id: The producer.
        account_name: The name on the account.
        sort_code: The sort code, written 00-00-00.
        account_number: The eight-digit account number.

    Returns:
        The producer, with bank_details true.
    """
    try:
        _staff(state, token, "office")
        p = _get(state.producers, producer_id, "producer")
        if _blank(account_name):
            raise _Refused(EINVAL, "account_name is required")
        code = sort_code.strip() if isinstance(sort_code, str) else ""
        if len(code) != 8 or code[2] != "-" or code[5] != "-" or not code.replace("-", "").isdigit():
            raise _Refused(EINVAL, f"sort_code is written 00-00-00, not {sort_code!r}")
        number = account_number.strip() if isinstance(account_number, str) else ""
        if len(number) != 8 or not number.isdigit():
            raise _Refused(EINVAL, f"account_number is eight digits, not {account_number!r}")
        details = [account_name.strip(), code, number]
        if p["bank"] == details:
            raise _Refused(EEXIST, f"{producer_id} has those bank details already")
        p["bank"] = details
        return _producer(state, producer_id)
    except _Refused as r:
        return r.reply()


def producer_statement(state: State, token: str, producer_id: str) -> Statement | Errno:
    """A producer's statement (the office).

    Args:
        token: The session's token.
        producer_id: The producer.

    Returns:
        The producer, their consignments as rows of [consignment_id, species, head, arrived, status] and the
        remittances paid to them as rows of [remittance_id, consignment_id, total, date].
    """
    try:
        _staff(state, token, "office")
        _get(state.producers, producer_id, "producer")
        mine = sorted(cid for cid, c in state.consignments.items()
                      if state.bookings[c["booking"]][0] == producer_id)
        rows = [[cid, _species_of(state, cid), state.bookings[state.consignments[cid]["booking"]][2],
                 state.consignments[cid]["arrived"], state.consignments[cid]["status"]] for cid in mine]
        paid = [[rid, r[0], r[1], r[2]] for rid, r in sorted(state.remittances.items()) if r[0] in mine]
        return Statement(producer=_producer(state, producer_id), consignments=rows, remittances=paid)
    except _Refused as r:
        return r.reply()


def message_producer(state: State, token: str, producer_id: str, text: str) -> str | Errno:
    """Send a text message to a producer's phone (the office or the lairage).

    Args:
        token: The session's token.
        producer_id: The producer.
        text: The message.

    Returns:
        A sentence with the message's reference.
    """
    try:
        _staff(state, token, "office", "lairage")
        p = _get(state.producers, producer_id, "producer")
        if _blank(text):
            raise _Refused(EINVAL, "text is required")
        ref = f"TX-{_next(state, 'message')}"
        state.messages.append([ref, producer_id, text.strip(), NOW])
        return f"Message {ref} sent to {p['name']} on {p['phone']}."
    except _Refused as r:
        return r.reply()


# --------------------------------------------------------------------------- bookings and the lairage


def book_kill(state: State, token: str, producer_id: str, species: Species, head: int,
              kill_date: str) -> Booking | Errno:
    """Book a producer's animals in for a kill date (the office).

    Args:
        token: The session's token.
        producer_id: The producer, whose farm assurance must be in date.
        species: cattle or sheep.
        head: How many animals.
        kill_date: The day they are killed, YYYY-MM-DD.

    Returns:
        The booking with the new booking_id.
    """
    try:
        _staff(state, token, "office")
        p = _get(state.producers, producer_id, "producer")
        sp = _species(species)
        day = _date(kill_date, "kill_date")
        if isinstance(head, bool) or not isinstance(head, int) or head < 1:
            raise _Refused(EINVAL, f"head is a number of animals, not {head!r}")
        most = 12 if sp == "cattle" else 60
        if head > most:
            raise _Refused(EDOM, f"the plant books at most {most} {sp} from one holding for one day")
        if day < TODAY or datetime.date.fromisoformat(day).weekday() >= 5:
            raise _Refused(EDOM, f"{day} is not a kill day; the plant kills Monday to Friday, from today on")
        a = p["assurance"]
        if a is None or a[2] < day:
            raise _Refused(EDOM, f"{p['name']} has no farm assurance in date for {day}; the plant's buyers take "
                                 "only assured stock")
        bid = f"BK-{_next(state, 'booking')}"
        state.bookings[bid] = [producer_id, sp, head, day, "booked"]
        return _booking(state, bid)
    except _Refused as r:
        return r.reply()


def bookings(state: State, token: str, kill_date: str | None = None, species: Species | None = None,
             status: BookingStatus | None = None) -> list[Booking] | Errno:
    """The kill bookings, optionally for one day, one species or in one status.

    Args:
        token: The session's token.
        kill_date: Only those for this day, YYYY-MM-DD.
        species: Only cattle or only sheep.
        status: Only those booked, arrived or cancelled.

    Returns:
        Each booking (booking_id, producer, species, head, kill date, status), by booking id.
    """
    try:
        _staff(state, token)
        day = None if kill_date is None else _date(kill_date, "kill_date")
        sp = None if species is None else _species(species)
        if status is not None and status not in ("booked", "arrived", "cancelled"):
            raise _Refused(EINVAL, f"status is booked, arrived or cancelled, not {status!r}")
        return [_booking(state, bid) for bid, b in sorted(state.bookings.items())
                if (day is None or b[3] == day) and (sp is None or b[1] == sp) and (status is None or b[4] == status)]
    except _Refused as r:
        return r.reply()


def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> str | Errno:
    """Cancel a booking whose animals have not arrived (the office).

    Args:
        token: The session's token.
        booking_id: The booking.
        reason: Why.

    Returns:
        A sentence naming the booking cancelled.
    """
    try:
        _staff(state, token, "office")
        b = _get(state.bookings, booking_id, "booking")
        if b[4] != "booked":
            raise _Refused(EBUSY, f"{booking_id} is {b[4]}; only a booking whose animals have not arrived is "
                                  "cancelled")
        if _blank(reason):
            raise _Refused(EINVAL, "reason is required")
        b[4] = "cancelled"
        return f"Booking {booking_id} ({b[2]} {b[1]} from {state.producers[b[0]]['name']}) cancelled: {reason.strip()}."
    except _Refused as r:
        return r.reply()


def lairage_pens(state: State, token: str) -> list[Pen] | Errno:
    """The lairage's pens.

    Args:
        token: The session's token.

    Returns:
        Each pen with its species, how many animals it holds and the consignment in it, if any.
    """
    try:
        _staff(state, token)
        return [Pen(pen=pid, species=p[0], capacity=p[1], occupied_by=p[2]) for pid, p in sorted(state.pens.items())]
    except _Refused as r:
        return r.reply()


def receive_consignment(state: State, token: str, booking_id: str, pen: str, haulier: str, vehicle: str,
                        ear_tags: list[str]) -> ConsignmentFile | Errno:
    """Take a lorry's animals into the lairage against their booking (the lairage).

    Args:
        token: The session's token.
        booking_id: The booking, for today or tomorrow.
        pen: An empty pen for the species that holds them all.
        haulier: Who brought them (a haulier's name, or Own transport).
        vehicle: The lorry's or trailer's registration.
        ear_tags: Every animal's ear tag, as many as were booked.

    Returns:
        The consignment with the new consignment_id and its animals as rows of [animal_id, ear_tag, status,
        carcass_id].
    """
    try:
        _staff(state, token, "lairage")
        b = _get(state.bookings, booking_id, "booking")
        if b[4] != "booked":
            raise _Refused(EBUSY, f"{booking_id} is {b[4]}; animals come in against a booking that is booked")
        tomorrow = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=1)).isoformat()
        if b[3] not in (TODAY, tomorrow):
            raise _Refused(EDOM, f"{booking_id} is for {b[3]}; animals are taken in the day before they are killed "
                                 "at the earliest")
        p = _get(state.pens, pen, "pen")
        if p[0] != b[1] or p[2] is not None or p[1] < b[2]:
            raise _Refused(EBUSY, f"pen {pen} is for {p[0]}, holds {p[1]} and is "
                                  f"{'empty' if p[2] is None else 'taken by ' + p[2]}; it cannot take {b[2]} {b[1]}")
        if _blank(haulier) or _blank(vehicle):
            raise _Refused(EINVAL, "haulier and vehicle are required")
        if not isinstance(ear_tags, list) or any(_blank(t) for t in ear_tags):
            raise _Refused(EINVAL, "ear_tags is a list of ear tags")
        tags = [" ".join(t.upper().split()) for t in ear_tags]
        if len(tags) != b[2] or len(set(tags)) != len(tags):
            raise _Refused(EINVAL, f"{booking_id} is for {b[2]} head; give {b[2]} different ear tags")
        known = {a[1] for a in state.animals.values()}
        if known & set(tags):
            raise _Refused(EEXIST, f"ear tag {sorted(known & set(tags))[0]} has been through the plant already")
        cid = f"CN-{_next(state, 'consignment')}"
        state.consignments[cid] = {"booking": booking_id, "pen": pen, "haulier": haulier.strip(),
                                   "vehicle": vehicle.strip().upper(), "arrived": NOW, "fci": None,
                                   "passports": "not checked" if b[1] == "cattle" else "not needed", "am": None,
                                   "status": "in_lairage"}
        for tag in tags:
            state.animals[f"AN-{_next(state, 'animal')}"] = _animal(cid, tag)
        b[4] = "arrived"
        p[2] = cid
        return _file(state, cid)
    except _Refused as r:
        return r.reply()


def _file(state: State, cid: str) -> ConsignmentFile:
    c = state.consignments[cid]
    return ConsignmentFile(consignment=_consignment(state, cid), haulier=c["haulier"], vehicle=c["vehicle"],
                           fci_notes=c["fci"][2] if c["fci"] else None, animals=_animals(state, cid))


def record_fci(state: State, token: str, consignment_id: str, withdrawal_periods_met: bool,
               movement_restrictions: bool, notes: str | None = None) -> Consignment | Errno:
    """Record the food chain information the producer declared for a consignment (the lairage).

    Args:
        token: The session's token.
        consignment_id: The consignment.
        withdrawal_periods_met: Whether every veterinary medicine's withdrawal period has passed.
        movement_restrictions: Whether the holding is under a disease movement restriction.
        notes: Anything else the declaration says.

    Returns:
        The consignment, with fci true.
    """
    try:
        _staff(state, token, "lairage")
        c = _consignment_open(state, consignment_id)
        if not isinstance(withdrawal_periods_met, bool) or not isinstance(movement_restrictions, bool):
            raise _Refused(EINVAL, "withdrawal_periods_met and movement_restrictions are true or false")
        if c["fci"] is not None:
            raise _Refused(EEXIST, f"the food chain information for {consignment_id} is recorded already")
        c["fci"] = [withdrawal_periods_met, movement_restrictions,
                    notes.strip() if isinstance(notes, str) and notes.strip() else None]
        return _consignment(state, consignment_id)
    except _Refused as r:
        return r.reply()


def check_passports(state: State, token: str, consignment_id: str) -> PassportCheck | Errno:
    """Check a cattle consignment's passports against the national cattle register (the lairage).

    Args:
        token: The session's token.
        consignment_id: The consignment.

    Returns:
        The outcome (clear, or flagged where an animal is not on the register, which withholds it) and the animals
        as rows of [animal_id, ear_tag, born, age in months, outcome].
    """
    try:
        _staff(state, token, "lairage")
        c = _consignment_open(state, consignment_id)
        if _species_of(state, consignment_id) != "cattle":
            raise _Refused(EINVAL, f"{consignment_id} is sheep; only cattle carry passports")
        if c["passports"] != "not checked":
            raise _Refused(EEXIST, f"the passports of {consignment_id} were checked already: {c['passports']}")
        rows = []
        for aid, a in sorted(state.animals.items()):
            if a[0] != consignment_id:
                continue
            reg = state.register.get(a[1])
            if reg is None:
                a[2] = "withheld"
                rows.append([aid, a[1], None, None, "not on the register"])
            else:
                rows.append([aid, a[1], reg[0], _months(reg[0]), "clear"])
        c["passports"] = "flagged" if any(r[4] != "clear" for r in rows) else "clear"
        return PassportCheck(consignment_id=consignment_id, outcome=c["passports"], animals=rows)
    except _Refused as r:
        return r.reply()


def consignments(state: State, token: str, status: ConsignmentStatus | None = None,
                 species: Species | None = None) -> list[Consignment] | Errno:
    """The consignments, optionally in one status or of one species.

    Args:
        token: The session's token.
        status: Only those in_lairage, killed or settled.
        species: Only cattle or only sheep.

    Returns:
        Each consignment (consignment_id, booking, producer, species, head, pen, when it arrived, whether its food
        chain information is in, its passports, its ante-mortem decision, its status), by consignment id.
    """
    try:
        _staff(state, token)
        if status is not None and status not in ("in_lairage", "killed", "settled"):
            raise _Refused(EINVAL, f"status is in_lairage, killed or settled, not {status!r}")
        sp = None if species is None else _species(species)
        return [_consignment(state, cid) for cid, c in sorted(state.consignments.items())
                if (status is None or c["status"] == status) and (sp is None or _species_of(state, cid) == sp)]
    except _Refused as r:
        return r.reply()


def consignment_detail(state: State, token: str, consignment_id: str) -> ConsignmentFile | Errno:
    """One consignment's file.

    Args:
        token: The session's token.
        consignment_id: The consignment.

    Returns:
        The consignment, its haulier and vehicle, the food chain information's notes and its animals as rows of
        [animal_id, ear_tag, status, carcass_id].
    """
    try:
        _staff(state, token)
        _get(state.consignments, consignment_id, "consignment")
        return _file(state, consignment_id)
    except _Refused as r:
        return r.reply()


def ante_mortem(state: State, token: str, consignment_id: str, decision: AnteMortemDecision,
                withheld_tags: list[str] | None = None, notes: str | None = None) -> ConsignmentFile | Errno:
    """Inspect a consignment's live animals before slaughter (the official veterinarian).

    Args:
        token: The session's token.
        consignment_id: The consignment, whose food chain information is in.
        decision: fit (the consignment may be killed) or detained (none of it may).
        withheld_tags: Ear tags of animals that may not be killed although the rest may.
        notes: What the veterinarian saw.

    Returns:
        The consignment's file.
    """
    try:
        _staff(state, token, "vet")
        c = _consignment_open(state, consignment_id)
        if decision not in ("fit", "detained"):
            raise _Refused(EINVAL, f"decision is fit or detained, not {decision!r}")
        if c["fci"] is None:
            raise _Refused(EBUSY, f"no food chain information for {consignment_id}; the animals are not inspected "
                                  "without it")
        if not c["fci"][0] and decision == "fit":
            raise _Refused(EDOM, f"{consignment_id}'s declaration says a medicine's withdrawal period has not "
                                 "passed; it may be detained, not passed fit")
        if c["am"] is not None:
            raise _Refused(EEXIST, f"{consignment_id} was inspected already: {c['am']}")
        withheld = [" ".join(t.upper().split()) for t in withheld_tags or [] if isinstance(t, str)]
        mine = {a[1]: aid for aid, a in state.animals.items() if a[0] == consignment_id}
        for tag in withheld:
            if tag not in mine:
                raise _Refused(ENOENT, f"no animal with ear tag {tag!r} in {consignment_id}")
            state.animals[mine[tag]][2] = "withheld"
        c["am"] = decision
        return _file(state, consignment_id)
    except _Refused as r:
        return r.reply()


def log_welfare_incident(state: State, token: str, consignment_id: str, text: str) -> str | Errno:
    """Log an animal welfare incident against a consignment (the lairage or the official veterinarian).

    Args:
        token: The session's token.
        consignment_id: The consignment.
        text: What happened.

    Returns:
        A sentence with the incident's reference.
    """
    try:
        _staff(state, token, "lairage", "vet")
        _get(state.consignments, consignment_id, "consignment")
        if _blank(text):
            raise _Refused(EINVAL, "text is required")
        ref = f"WI-{_next(state, 'incident')}"
        state.incidents.append([ref, consignment_id, text.strip(), NOW])
        return f"Welfare incident {ref} logged against {consignment_id}."
    except _Refused as r:
        return r.reply()


# --------------------------------------------------------------------------- the line


def start_line(state: State, token: str, species: Species) -> Line | Errno:
    """Start the cattle line or the sheep line for the day (the line).

    Args:
        token: The session's token.
        species: cattle or sheep.

    Returns:
        The line, running.
    """
    try:
        _staff(state, token, "line")
        sp = _species(species)
        ln = state.lines[sp]
        if ln[0]:
            raise _Refused(EEXIST, f"the {sp} line is running already, since {ln[1]}")
        ln[0], ln[1] = True, NOW
        return Line(species=sp, running=True, since=NOW, kills_today=ln[2])
    except _Refused as r:
        return r.reply()


def stop_line(state: State, token: str, species: Species, reason: str) -> Line | Errno:
    """Stop the cattle line or the sheep line (the line or the official veterinarian).

    Args:
        token: The session's token.
        species: cattle or sheep.
        reason: Why (the day's kill done, a breakdown, a welfare concern).

    Returns:
        The line, stopped.
    """
    try:
        _staff(state, token, "line", "vet")
        sp = _species(species)
        ln = state.lines[sp]
        if not ln[0]:
            raise _Refused(EEXIST, f"the {sp} line is stopped already")
        if _blank(reason):
            raise _Refused(EINVAL, "reason is required")
        ln[0], ln[1] = False, None
        return Line(species=sp, running=False, since=None, kills_today=ln[2])
    except _Refused as r:
        return r.reply()


def kill_animal(state: State, token: str, animal_id: str) -> Carcass | Errno:
    """Kill an animal on its species' line (the line), which must be running.

    Args:
        token: The session's token.
        animal_id: The animal, from a consignment passed fit (and, for cattle, whose passports were checked).

    Returns:
        The carcass with the new carcass_id and its kill number for the day.
    """
    try:
        _staff(state, token, "line")
        a = _get(state.animals, animal_id, "animal")
        cid = a[0]
        c = state.consignments[cid]
        sp = _species_of(state, cid)
        if a[2] == "killed":
            raise _Refused(EEXIST, f"{animal_id} was killed already; its carcass is {a[3]}")
        if not state.lines[sp][0]:
            raise _Refused(EBUSY, f"the {sp} line is not running")
        if sp == "cattle" and c["passports"] == "not checked":
            raise _Refused(EBUSY, f"the passports of {cid} have not been checked")
        if c["am"] != "fit":
            raise _Refused(EBUSY, f"{cid} has {'not been inspected' if c['am'] is None else 'been detained'} by the "
                                  "official veterinarian")
        if a[2] == "withheld":
            raise _Refused(EDOM, f"{animal_id} ({a[1]}) is withheld from slaughter")
        state.lines[sp][2] += 1
        kid = f"CC-{_next(state, 'carcass')}"
        who = state.logins[token]["name"]
        state.carcasses[kid] = _carcass(animal_id, state.lines[sp][2], kill_date=TODAY, stage="killed", pm=None,
                                        srm=False, events=[[NOW, "killed", who]])
        a[2], a[3] = "killed", kid
        if all(x[2] in ("killed", "withheld") for x in state.animals.values() if x[0] == cid):
            c["status"] = "killed"
            state.pens[c["pen"]][2] = None
        return _carcass_view(state, kid)
    except _Refused as r:
        return r.reply()


def remove_srm(state: State, token: str, carcass_id: str, items: list[str]) -> Carcass | Errno:
    """Record the specified risk material taken out of a carcass (the line).

    Args:
        token: The session's token.
        carcass_id: The carcass.
        items: What was taken out, by the names the rules use.

    Returns:
        The carcass, with srm_removed true.
    """
    try:
        _staff(state, token, "line")
        k = _carcass_in(state, carcass_id, "killed", "inspected")
        if k["srm"]:
            raise _Refused(EEXIST, f"the risk material of {carcass_id} is recorded already")
        got = sorted({i.strip().lower() for i in items if isinstance(i, str)}) if isinstance(items, list) else []
        need = _srm_needed(state, carcass_id)
        missing = [n for n in need if n not in got]
        if missing:
            raise _Refused(EDOM, f"{carcass_id} needs {', '.join(need)} taken out; {', '.join(missing)} not given")
        k["srm"] = True
        _event(state, carcass_id, "risk material removed: " + ", ".join(need), state.logins[token]["name"])
        return _carcass_view(state, carcass_id)
    except _Refused as r:
        return r.reply()


def post_mortem(state: State, token: str, carcass_id: str, outcome: PostMortemOutcome, trimmed_kg: float = 0.0,
                reason: str | None = None) -> Carcass | Errno:
    """Inspect a carcass after slaughter (the official veterinarian).

    Args:
        token: The session's token.
        carcass_id: The carcass, killed and not yet inspected.
        outcome: pass, partial (fit once the trimmed parts are condemned) or reject (the whole carcass condemned).
        trimmed_kg: For a partial pass, the weight condemned.
        reason: For a partial pass or a rejection, why.

    Returns:
        The carcass, inspected or condemned.
    """
    try:
        _staff(state, token, "vet")
        k = _carcass_in(state, carcass_id, "killed")
        if outcome not in ("pass", "partial", "reject"):
            raise _Refused(EINVAL, f"outcome is pass, partial or reject, not {outcome!r}")
        if outcome != "pass" and _blank(reason):
            raise _Refused(EINVAL, f"a {outcome} needs a reason")
        if outcome == "partial" and (not _number(trimmed_kg) or trimmed_kg <= 0):
            raise _Refused(EINVAL, f"a partial pass needs the trimmed weight, not {trimmed_kg!r}")
        k["pm"] = outcome if outcome == "pass" else f"{outcome}: {reason.strip()}"
        k["stage"] = "condemned" if outcome == "reject" else "inspected"
        _event(state, carcass_id, f"post-mortem: {k['pm']}", state.logins[token]["name"])
        return _carcass_view(state, carcass_id)
    except _Refused as r:
        return r.reply()


def apply_health_mark(state: State, token: str, carcass_id: str) -> str | Errno:
    """Apply the plant's health mark to an inspected carcass whose risk material is out (the official
    veterinarian).

    Args:
        token: The session's token.
        carcass_id: The carcass.

    Returns:
        A sentence naming the mark and the carcass.
    """
    try:
        _staff(state, token, "vet")
        k = _get(state.carcasses, carcass_id, "carcass")
        if k["stage"] in ("marked", "allocated", "dispatched"):
            raise _Refused(EEXIST, f"{carcass_id} carries the health mark already")
        k = _carcass_in(state, carcass_id, "inspected")
        if not k["srm"]:
            raise _Refused(EBUSY, f"the specified risk material of {carcass_id} is not recorded as removed")
        k["stage"] = "marked"
        _event(state, carcass_id, "health marked", state.logins[token]["name"])
        return f"Health mark {HEALTH_MARK} applied to {carcass_id} (kill {k['kill_no']} of {k['kill_date']})."
    except _Refused as r:
        return r.reply()


def classify_carcass(state: State, token: str, carcass_id: str, conformation: str, fat_class: str,
                     hot_weight_kg: float) -> Carcass | Errno:
    """Classify an inspected carcass on the grid and weigh it (the grader).

    Args:
        token: The session's token.
        carcass_id: The carcass.
        conformation: Its conformation class, as the price grid writes it.
        fat_class: Its fat class, as the price grid writes it for the species.
        hot_weight_kg: Its hot weight in kilograms.

    Returns:
        The carcass with its grade and cold weight (the hot weight less two per cent).
    """
    try:
        _staff(state, token, "grader")
        k = _carcass_in(state, carcass_id, "inspected", "marked", "allocated")
        sp = _species_of(state, state.animals[k["animal"]][0])
        if conformation not in CONFORMATION or fat_class not in FAT[sp]:
            raise _Refused(EINVAL, f"no class {conformation!r}{fat_class!r} on the {sp} grid")
        if not _number(hot_weight_kg) or not (8 <= hot_weight_kg <= 60 if sp == "sheep" else
                                              150 <= hot_weight_kg <= 650):
            raise _Refused(EINVAL, f"hot_weight_kg {hot_weight_kg!r} is not a {sp} carcass's weight")
        grade, cold = conformation + fat_class, round(hot_weight_kg * 0.98, 1)
        if k["grade"] == grade and k["cold"] == cold:
            raise _Refused(EEXIST, f"{carcass_id} is classified {grade} at that weight already")
        k["grade"], k["cold"] = grade, cold
        _event(state, carcass_id, f"graded {grade}", state.logins[token]["name"])
        return _carcass_view(state, carcass_id)
    except _Refused as r:
        return r.reply()


def record_chill_temp(state: State, token: str, carcass_id: str, core_temp_c: float) -> Carcass | Errno:
    """Record a carcass's deep-muscle temperature in the chiller (dispatch).

    Args:
        token: The session's token.
        carcass_id: The carcass, inspected and not condemned.
        core_temp_c: The probe's reading in degrees Celsius.

    Returns:
        The carcass with its temperature.
    """
    try:
        _staff(state, token, "dispatch")
        k = _carcass_in(state, carcass_id, "inspected", "marked", "allocated")
        if not _number(core_temp_c) or not -5 <= core_temp_c <= 42:
            raise _Refused(EINVAL, f"core_temp_c is a probe's reading, not {core_temp_c!r}")
        k["temp"] = round(float(core_temp_c), 1)
        _event(state, carcass_id, f"core {k['temp']} C", state.logins[token]["name"])
        return _carcass_view(state, carcass_id)
    except _Refused as r:
        return r.reply()


def carcasses(state: State, token: str, stage: CarcassStage | None = None, species: Species | None = None,
              consignment_id: str | None = None) -> list[Carcass] | Errno:
    """The carcasses, optionally at one stage, of one species or from one consignment.

    Args:
        token: The session's token.
        stage: Only those killed, inspected, marked, allocated, dispatched or condemned.
        species: Only cattle or only sheep.
        consignment_id: Only this consignment's.

    Returns:
        Each carcass (carcass_id, kill number and date, species, animal, ear tag, consignment, producer, stage,
        whether its risk material is out, grade, cold weight, core temperature, order), by carcass id.
    """
    try:
        _staff(state, token)
        want = _value(stage)
        if want is not None and want not in [s.value for s in CarcassStage]:
            raise _Refused(EINVAL, f"stage is one of {', '.join(s.value for s in CarcassStage)}, not {stage!r}")
        sp = None if species is None else _species(species)
        out = []
        for kid, k in sorted(state.carcasses.items()):
            view = _carcass_view(state, kid)
            if (want is None or k["stage"] == want) and (sp is None or view.species == sp) and \
                    (consignment_id is None or view.consignment_id == consignment_id):
                out.append(view)
        return out
    except _Refused as r:
        return r.reply()


def carcass_detail(state: State, token: str, carcass_id: str) -> CarcassFile | Errno:
    """One carcass's file.

    Args:
        token: The session's token.
        carcass_id: The carcass.

    Returns:
        The carcass, its post-mortem outcome and its events as rows of [time, event, by].
    """
    try:
        _staff(state, token)
        k = _get(state.carcasses, carcass_id, "carcass")
        return CarcassFile(carcass=_carcass_view(state, carcass_id), post_mortem=k["pm"],
                           events=[list(e) for e in k["events"]])
    except _Refused as r:
        return r.reply()


def kill_sheet(state: State, token: str, kill_date: str) -> list[list[Any]] | Errno:
    """The kill sheet of a day.

    Args:
        token: The session's token.
        kill_date: The day, YYYY-MM-DD.

    Returns:
        Rows of [kill number, carcass_id, species, producer, ear tag, stage, grade, cold weight], cattle first.
    """
    try:
        _staff(state, token)
        day = _date(kill_date, "kill_date")
        rows = []
        for kid, k in state.carcasses.items():
            if k["kill_date"] == day:
                v = _carcass_view(state, kid)
                rows.append([v.kill_no, kid, v.species, v.producer, v.ear_tag, v.stage, v.grade, v.cold_kg])
        return sorted(rows, key=lambda r: (r[2] != "cattle", r[0]))
    except _Refused as r:
        return r.reply()


def settle_consignment(state: State, token: str, consignment_id: str) -> Remittance | Errno:
    """Pay a producer for a killed consignment at the grid's prices (the office), into their bank account.

    Args:
        token: The session's token.
        consignment_id: The consignment, every animal of it killed (or withheld) and every carcass classified (or
            condemned).

    Returns:
        The remittance with the new remittance_id and the carcasses as rows of [carcass_id, grade, cold weight,
        pence a kilogram, value].
    """
    try:
        _staff(state, token, "office")
        c = _get(state.consignments, consignment_id, "consignment")
        if c["status"] == "settled":
            raise _Refused(EEXIST, f"{consignment_id} is settled already")
        if c["status"] != "killed":
            raise _Refused(EBUSY, f"{consignment_id} still has animals in the lairage")
        b = state.bookings[c["booking"]]
        p = state.producers[b[0]]
        rows = []
        for kid, k in sorted(state.carcasses.items()):
            if state.animals[k["animal"]][0] != consignment_id:
                continue
            if k["stage"] == "condemned":
                rows.append([kid, None, 0.0, 0.0, 0.0])
                continue
            if k["grade"] is None:
                raise _Refused(EBUSY, f"{kid} has not been classified")
            price = _grid_price(b[1], k["grade"])
            rows.append([kid, k["grade"], k["cold"], price, round(k["cold"] * price / 100, 2)])
        if p["bank"] is None:
            raise _Refused(EDOM, f"no bank details for {p['name']}; producers are paid only by bank transfer")
        rid = f"RM-{_next(state, 'remittance')}"
        total = round(sum(r[4] for r in rows), 2)
        state.remittances[rid] = [consignment_id, total, TODAY, rows]
        c["status"] = "settled"
        return Remittance(remittance_id=rid, consignment_id=consignment_id, producer=p["name"],
                          paid_to=f"{p['bank'][0]}, {p['bank'][1]}, account ending {p['bank'][2][-4:]}",
                          carcasses=[list(r) for r in rows], total=total)
    except _Refused as r:
        return r.reply()


# --------------------------------------------------------------------------- customers and orders


def find_customer(state: State, token: str, text: str) -> list[Customer] | Errno:
    """Find the plant's customers (butchers, caterers, wholesalers).

    Args:
        token: The session's token.
        text: Part of the customer's name or their phone number.

    Returns:
        Each match, by customer id: customer_id, name, address, phone, terms and credit check outcome.
    """
    try:
        _staff(state, token)
        if _blank(text):
            raise _Refused(EINVAL, "text is required")
        needle = text.strip().lower()
        return [_customer(state, cid) for cid, c in sorted(state.customers.items())
                if needle in c["name"].lower() or needle.replace(" ", "") in c["phone"].replace(" ", "")]
    except _Refused as r:
        return r.reply()


def open_customer_account(state: State, token: str, name: str, address: str, phone: str,
                          terms: Terms = "proforma") -> Customer | Errno:
    """Open an account for a new customer (the office).

    Args:
        token: The session's token.
        name: The business's name.
        address: Its address.
        phone: A phone number.
        terms: proforma (each order paid before it leaves) or monthly (invoiced, once a credit check passes).

    Returns:
        The customer with the new customer_id.
    """
    try:
        _staff(state, token, "office")
        if _blank(name) or _blank(address) or _blank(phone):
            raise _Refused(EINVAL, "name, address and phone are required")
        if terms not in ("proforma", "monthly"):
            raise _Refused(EINVAL, f"terms is proforma or monthly, not {terms!r}")
        for cid, c in state.customers.items():
            if c["name"].lower() == name.strip().lower():
                raise _Refused(EEXIST, f"{c['name']} has an account already, {cid}")
        cid = f"CU-{_next(state, 'customer')}"
        state.customers[cid] = {"name": name.strip(), "address": address.strip(), "phone": phone.strip(),
                                "terms": terms, "credit": None}
        return _customer(state, cid)
    except _Refused as r:
        return r.reply()


def credit_check(state: State, token: str, customer_id: str) -> CreditCheck | Errno:
    """Run a credit check on a customer (the office); monthly terms start once it passes.

    Args:
        token: The session's token.
        customer_id: The customer.

    Returns:
        The score, the outcome (passed or refer) and the credit limit it allows.
    """
    try:
        _staff(state, token, "office")
        c = _get(state.customers, customer_id, "customer")
        if c["credit"] is not None:
            raise _Refused(EEXIST, f"{customer_id} was checked already: {c['credit']}")
        score = state.bureau.get(c["name"], 640)
        c["credit"] = "passed" if score >= 520 else "refer"
        return CreditCheck(customer_id=customer_id, score=score, outcome=c["credit"],
                           limit=float(score * 25 if c["credit"] == "passed" else 0))
    except _Refused as r:
        return r.reply()


def create_order(state: State, token: str, customer_id: str, species: Species, carcasses_wanted: int,
                 delivery_date: str) -> Order | Errno:
    """Take a customer's order for whole carcasses (the office).

    Args:
        token: The session's token.
        customer_id: The customer (on monthly terms, one whose credit check passed).
        species: cattle or sheep.
        carcasses_wanted: How many carcasses.
        delivery_date: The day it is delivered, YYYY-MM-DD.

    Returns:
        The order with the new order_id.
    """
    try:
        _staff(state, token, "office")
        c = _get(state.customers, customer_id, "customer")
        sp = _species(species)
        if isinstance(carcasses_wanted, bool) or not isinstance(carcasses_wanted, int) or \
                not 1 <= carcasses_wanted <= 20:
            raise _Refused(EINVAL, f"carcasses_wanted is 1 to 20, not {carcasses_wanted!r}")
        day = _date(delivery_date, "delivery_date")
        if day < TODAY:
            raise _Refused(EINVAL, f"{day} has gone")
        if c["terms"] == "monthly" and c["credit"] != "passed":
            raise _Refused(EDOM, f"{c['name']} is on monthly terms without a credit check that passed")
        oid = f"OR-{_next(state, 'order')}"
        state.orders[oid] = [customer_id, sp, carcasses_wanted, day, "open", 0.0]
        return _order(state, oid)
    except _Refused as r:
        return r.reply()


def orders(state: State, token: str, status: OrderStatus | None = None,
           customer_id: str | None = None) -> list[Order] | Errno:
    """The customers' orders, optionally in one status or for one customer.

    Args:
        token: The session's token.
        status: Only those open, dispatched or invoiced.
        customer_id: Only this customer's.

    Returns:
        Each order (order_id, customer, species, carcasses wanted, delivery date, status, value, paid, amount due
        and the carcasses allocated as rows of [carcass_id, grade, cold weight, core temperature]), by order id.
    """
    try:
        _staff(state, token)
        if status is not None and status not in ("open", "dispatched", "invoiced"):
            raise _Refused(EINVAL, f"status is open, dispatched or invoiced, not {status!r}")
        return [_order(state, oid) for oid, o in sorted(state.orders.items())
                if (status is None or o[4] == status) and (customer_id is None or o[0] == customer_id)]
    except _Refused as r:
        return r.reply()


def allocate_carcass(state: State, token: str, order_id: str, carcass_id: str) -> Order | Errno:
    """Allocate a health-marked, classified carcass to an open order of its species (dispatch).

    Args:
        token: The session's token.
        order_id: The order.
        carcass_id: The carcass.

    Returns:
        The order with its value and the amount due.
    """
    try:
        _staff(state, token, "dispatch")
        o = _get(state.orders, order_id, "order")
        if o[4] != "open":
            raise _Refused(EBUSY, f"{order_id} is {o[4]}")
        k = _get(state.carcasses, carcass_id, "carcass")
        if k["order"] == order_id:
            raise _Refused(EEXIST, f"{carcass_id} is on {order_id} already")
        k = _carcass_in(state, carcass_id, "marked")
        if k["grade"] is None:
            raise _Refused(EBUSY, f"{carcass_id} has not been classified")
        if _species_of(state, state.animals[k["animal"]][0]) != o[1]:
            raise _Refused(EINVAL, f"{order_id} is for {o[1]}")
        if sum(1 for x in state.carcasses.values() if x["order"] == order_id) >= o[2]:
            raise _Refused(EDOM, f"{order_id} has its {o[2]} carcasses already")
        k["order"], k["stage"] = order_id, "allocated"
        _event(state, carcass_id, f"allocated to {order_id}", state.logins[token]["name"])
        return _order(state, order_id)
    except _Refused as r:
        return r.reply()


def take_payment(state: State, token: str, order_id: str, amount: float, method: PayMethod) -> float | Errno:
    """Take a customer's payment against an order (the office).

    Args:
        token: The session's token.
        order_id: The order, with carcasses allocated to it.
        amount: The sum paid.
        method: card or bank_transfer.

    Returns:
        What the order still owes.
    """
    try:
        _staff(state, token, "office")
        o = _get(state.orders, order_id, "order")
        if method not in ("card", "bank_transfer"):
            raise _Refused(EINVAL, f"method is card or bank_transfer, not {method!r}")
        due = round(_order_value(state, order_id) - o[5], 2)
        if due <= 0:
            raise _Refused(EBUSY, f"{order_id} owes nothing: " +
                           ("no carcass is allocated to it yet" if o[5] == 0 else "it is paid"))
        if not _number(amount) or amount <= 0 or amount > due + 0.005:
            raise _Refused(EINVAL, f"amount is more than nothing and at most the {due:.2f} due, not {amount!r}")
        o[5] = round(o[5] + amount, 2)
        return round(due - amount, 2)
    except _Refused as r:
        return r.reply()


def dispatch_order(state: State, token: str, order_id: str, vehicle: str, driver: str) -> DeliveryNote | Errno:
    """Send an order out of the chiller (dispatch): every carcass allocated, at 7 degrees or colder, and a
    proforma order paid.

    Args:
        token: The session's token.
        order_id: The order.
        vehicle: The refrigerated van's registration.
        driver: The driver's name.

    Returns:
        The delivery note with the new note_id and the carcasses as rows of [carcass_id, species, grade, cold
        weight, core temperature].
    """
    try:
        _staff(state, token, "dispatch")
        o = _get(state.orders, order_id, "order")
        if o[4] != "open":
            raise _Refused(EEXIST, f"{order_id} is {o[4]} already")
        if _blank(vehicle) or _blank(driver):
            raise _Refused(EINVAL, "vehicle and driver are required")
        mine = sorted(kid for kid, k in state.carcasses.items() if k["order"] == order_id)
        if len(mine) < o[2]:
            raise _Refused(EBUSY, f"{order_id} has {len(mine)} of its {o[2]} carcasses allocated")
        warm = [kid for kid in mine if state.carcasses[kid]["temp"] is None or
                state.carcasses[kid]["temp"] > CHILLED_AT]
        if warm:
            raise _Refused(EDOM, f"{', '.join(warm)} not recorded at {CHILLED_AT:.0f} degrees or colder")
        c = state.customers[o[0]]
        if c["terms"] == "proforma" and o[5] + 0.005 < _order_value(state, order_id):
            raise _Refused(EDOM, f"{order_id} is a proforma order and is not paid")
        nid = f"DN-{_next(state, 'note')}"
        for kid in mine:
            state.carcasses[kid]["stage"] = "dispatched"
            _event(state, kid, f"dispatched on {nid}", state.logins[token]["name"])
        o[4] = "dispatched"
        state.notes[nid] = [order_id, vehicle.strip().upper(), driver.strip()]
        rows = [[kid, o[1], state.carcasses[kid]["grade"], state.carcasses[kid]["cold"], state.carcasses[kid]["temp"]]
                for kid in mine]
        return DeliveryNote(note_id=nid, order_id=order_id, customer=c["name"], vehicle=vehicle.strip().upper(),
                            driver=driver.strip(), health_mark=HEALTH_MARK, carcasses=rows)
    except _Refused as r:
        return r.reply()


def invoice_order(state: State, token: str, order_id: str) -> Invoice | Errno:
    """Invoice a dispatched order (the office).

    Args:
        token: The session's token.
        order_id: The order.

    Returns:
        The invoice with the new invoice_id, what it has been paid and when it is due.
    """
    try:
        _staff(state, token, "office")
        o = _get(state.orders, order_id, "order")
        if o[4] == "invoiced":
            raise _Refused(EEXIST, f"{order_id} is invoiced already")
        if o[4] != "dispatched":
            raise _Refused(EBUSY, f"{order_id} has not been dispatched")
        c = state.customers[o[0]]
        iid = f"IN-{_next(state, 'invoice')}"
        due = TODAY if c["terms"] == "proforma" else "2040-11-30"
        amount = _order_value(state, order_id)
        state.invoices[iid] = [order_id, amount, o[5], due]
        o[4] = "invoiced"
        return Invoice(invoice_id=iid, order_id=order_id, customer=c["name"], amount=amount, paid=o[5], due=due)
    except _Refused as r:
        return r.reply()


TOOLS = [
    sign_in, sign_out, price_grid, find_producer, register_producer, record_assurance, add_producer_bank,
    producer_statement, message_producer, book_kill, bookings, cancel_booking, lairage_pens, receive_consignment,
    record_fci, check_passports, consignments, consignment_detail, ante_mortem, log_welfare_incident, start_line,
    stop_line, kill_animal, remove_srm, post_mortem, apply_health_mark, classify_carcass, record_chill_temp,
    carcasses, carcass_detail, kill_sheet, settle_consignment, find_customer, open_customer_account, credit_check,
    create_order, orders, allocate_carcass, take_payment, dispatch_order, invoice_order,
]

FIXTURES = {
    "plant": {"name": "Brackenholt Meats Ltd", "where": "Ousel Bridge, Hebblecote",
              "today": "Wednesday 17 October 2040, twenty to seven in the morning"},
    "staff": [
        {"name": "Verity Ormerod", "role": "office", "username": "verity.o", "password": "Kill-Sheet-24"},
        {"name": "Idwal Pritchett", "role": "lairage", "username": "idwal.p", "password": "Pen-Gate-71"},
        {"name": "Dr Ilse Vanterpool", "role": "vet", "username": "ilse.v", "password": "Ante-Post-38"},
        {"name": "Bartholomew Keogh", "role": "line", "username": "bart.k", "password": "Hook-Rail-55"},
        {"name": "Morven Dunbreck", "role": "grader", "username": "morven.d", "password": "Fat-Class-3L"},
        {"name": "Kwabena Ofori", "role": "dispatch", "username": "kwabena.o", "password": "Cold-Store-07"},
        {"name": "Hamish Laidlow", "role": "manager", "username": "hamish.l", "password": "Plant-Boss-90"},
    ],
    "new_producer": {
        "name": "Mrs Rhoslyn Adderley", "farm": "Nab End Farm, Hebblecote Moor", "holding": "43/077/0152",
        "phone": "07700 900377", "assurance": "Red Tractor, member RTB-0611904, certificate to 31 July 2041",
        "bank": "R Adderley, sort code 60-44-19, account 38127705",
        "sending": "two Luing cattle, ear tags UK 424406 700218 and UK 424406 700225, for Thursday 18 October, "
                   "in her own trailer, registration YD15 NEF",
    },
    "new_customer": {"name": "Oakenclough Farm Shop", "address": "Oakenclough, Swaledge", "phone": "01632 960877",
                     "terms": "monthly, once the credit check passes", "wants": "one lamb carcass for Friday"},
    "notes": [
        "Sedgwick Brothers' Red Tractor certificate is renewed: member RTB-0377142, to 30 September 2041; they want "
        "to send 4 cattle on Friday 19 October",
        "Mrs Scougall's bank details came in the post: A Scougall, sort code 09-01-28, account 77120456",
        "The Brocklesbys' two shearlings, UK0 421170 02211 and UK0 421170 02216, come at seven in their trailer, "
        "WX17 BDN",
        "Thwaite Ghyll's lambs came in at ten past six on Swaledge Hauliers' lorry; the declaration says every "
        "withdrawal period has passed and there is no movement restriction",
        "The Cleasby shearling detained yesterday: Dr Vanterpool passes it with 1.5 kg of lung trimmed "
        "(pleurisy)",
        "Lowick Wholesale want two cattle carcasses for Friday once their account is cleared",
        "Drumlanrig are paying for their lamb by card",
        "Thackwray's van, VN20 CHL, driven by Wilf Ulverston, collects their beef at nine",
        "The Brocklesby heifer's carcass was probed at 6.2 degrees this morning",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "price_grid")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
PRODUCER_CONSUMERS = ["record_assurance", "add_producer_bank", "producer_statement", "message_producer",
                      "book_kill"]
BOOKING_CONSUMERS = ["receive_consignment", "cancel_booking"]
CONSIGNMENT_CONSUMERS = ["record_fci", "check_passports", "consignment_detail", "ante_mortem",
                         "log_welfare_incident", "settle_consignment"]
CARCASS_CONSUMERS = ["remove_srm", "post_mortem", "apply_health_mark", "classify_carcass", "record_chill_temp",
                     "carcass_detail", "allocate_carcass"]
CUSTOMER_CONSUMERS = ["credit_check", "create_order"]
ORDER_CONSUMERS = ["allocate_carcass", "take_payment", "dispatch_order", "invoice_order"]
_PRODUCER = "id lookup/create: producer (producer_id of register_producer, or of a find_producer entry)"
_BOOKING = "id lookup/create: booking (booking_id of book_kill, or of a bookings entry)"
_CONSIGNMENT = ("id lookup/create: consignment (consignment_id of receive_consignment, or of a consignments "
                "entry)")
_CARCASS = "id lookup/create: carcass (carcass_id of kill_animal, or of a carcasses entry)"
_CUSTOMER = "id lookup/create: customer (customer_id of open_customer_account, or of a find_customer entry)"
_ORDER = "id lookup/create: order (order_id of create_order, or of an orders entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_producer|find_producer", c, _PRODUCER) for c in PRODUCER_CONSUMERS]
    + [("book_kill|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("receive_consignment|consignments", c, _CONSIGNMENT) for c in CONSIGNMENT_CONSUMERS]
    + [("kill_animal|carcasses", c, _CARCASS) for c in CARCASS_CONSUMERS]
    + [("open_customer_account|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("create_order|orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [
        ("lairage_pens", "receive_consignment", "id lookup: pen (pen of a lairage_pens entry)"),
        ("receive_consignment|consignment_detail", "kill_animal",
         "id lookup/create: animal (the first column of an animals row of receive_consignment or "
         "consignment_detail)"),
        ("price_grid", "classify_carcass", "vocabulary: conformation and fat classes (columns of a price_grid row)"),
        ("record_assurance", "book_kill", "vetting: the producer's farm assurance in date"),
        ("check_passports", "kill_animal", "vetting: the cattle passports checked against the national register"),
        ("ante_mortem", "kill_animal", "vetting: the live animals passed fit by the official veterinarian"),
        ("credit_check", "create_order", "vetting: a monthly-terms customer's credit check passed"),
        ("start_line", "kill_animal", "setting: the species' line running"),
        ("start_line", "stop_line", "setting: the species' line running, to be stopped"),
        ("record_fci", "ante_mortem", "state: the consignment's food chain information recorded"),
        ("kill_animal", "settle_consignment", "state: every animal of the consignment killed"),
        ("remove_srm", "apply_health_mark", "state: the carcass's specified risk material removed"),
        ("post_mortem", "apply_health_mark", "state: the carcass inspected after slaughter"),
        ("post_mortem", "classify_carcass", "state: the carcass inspected after slaughter"),
        ("post_mortem", "record_chill_temp", "state: the carcass inspected after slaughter"),
        ("apply_health_mark", "allocate_carcass", "state: the carcass health-marked"),
        ("classify_carcass", "allocate_carcass", "state: the carcass classified and weighed"),
        ("classify_carcass", "settle_consignment", "state: every carcass of the consignment classified"),
        ("add_producer_bank", "settle_consignment", "state: the producer's bank details on file"),
        ("record_chill_temp", "dispatch_order", "state: every carcass of the order chilled to 7 degrees"),
        ("allocate_carcass", "dispatch_order", "state: every carcass of the order allocated"),
        ("allocate_carcass", "take_payment", "state: a carcass allocated, so the order has a value"),
        ("dispatch_order", "invoice_order", "state: the order dispatched"),
        ("take_payment", "dispatch_order", "payment: a proforma order paid before it leaves"),
    ]
)

ONE_STEP_FURTHER = {
    ("book_kill", "check_passports"), ("bookings", "ante_mortem"), ("bookings", "consignment_detail"),
    ("bookings", "kill_animal"), ("bookings", "log_welfare_incident"), ("bookings", "record_fci"),
    ("bookings", "settle_consignment"), ("consignments", "kill_animal"), ("find_customer", "allocate_carcass"),
    ("find_customer", "dispatch_order"), ("find_customer", "invoice_order"), ("find_customer", "take_payment"),
    ("find_producer", "settle_consignment"), ("lairage_pens", "kill_animal"), ("price_grid", "allocate_carcass"),
    ("price_grid", "settle_consignment"), ("receive_consignment", "classify_carcass"),
    ("receive_consignment", "post_mortem"), ("record_assurance", "cancel_booking"),
    ("record_assurance", "receive_consignment"), ("record_fci", "kill_animal"),
    ("register_producer", "cancel_booking"), ("register_producer", "receive_consignment"),
    ("start_line", "allocate_carcass"), ("start_line", "apply_health_mark"), ("start_line", "carcass_detail"),
    ("start_line", "classify_carcass"), ("start_line", "post_mortem"), ("start_line", "record_chill_temp"),
    ("start_line", "remove_srm"), ("start_line", "settle_consignment"), ("take_payment", "invoice_order"),
}
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_PRODUCER_SHOWN = ("find_producer", "register_producer", "record_assurance", "add_producer_bank", "producer_statement",
                   "bookings", "book_kill", "consignments", "consignment_detail", "receive_consignment", "record_fci",
                   "ante_mortem")
_BOOKING_SHOWN = ("bookings", "book_kill", "consignments", "consignment_detail", "receive_consignment", "record_fci",
                  "ante_mortem")
_CONSIGNMENT_SHOWN = ("consignments", "receive_consignment", "consignment_detail", "record_fci", "check_passports",
                      "ante_mortem", "producer_statement", "lairage_pens", "carcasses", "carcass_detail",
                      "kill_animal", "remove_srm", "post_mortem", "classify_carcass", "record_chill_temp")
_ANIMAL_SHOWN = ("receive_consignment", "consignment_detail", "ante_mortem", "check_passports", "carcasses",
                 "carcass_detail", "remove_srm", "post_mortem", "classify_carcass", "record_chill_temp")
_CARCASS_SHOWN = ("carcasses", "kill_animal", "carcass_detail", "consignment_detail", "ante_mortem", "orders",
                  "allocate_carcass", "dispatch_order", "kill_sheet", "settle_consignment", "remove_srm",
                  "post_mortem", "classify_carcass", "record_chill_temp")
_CUSTOMER_SHOWN = ("find_customer", "open_customer_account", "orders", "create_order", "allocate_carcass",
                   "credit_check")
_ORDER_SHOWN = ("orders", "create_order", "allocate_carcass", "carcasses", "carcass_detail", "dispatch_order",
                "invoice_order", "record_chill_temp", "classify_carcass")
_PEN_SHOWN = ("lairage_pens", "consignments", "consignment_detail", "receive_consignment", "record_fci",
              "ante_mortem")
_GRADE_SHOWN = ("carcasses", "carcass_detail", "kill_sheet", "orders", "allocate_carcass", "dispatch_order",
                "settle_consignment")
_CONSIGNMENT_CHANGES = ("receive_consignment", "record_fci", "check_passports", "ante_mortem", "kill_animal",
                        "settle_consignment")
_CARCASS_CHANGES = ("kill_animal", "remove_srm", "post_mortem", "apply_health_mark", "classify_carcass",
                    "record_chill_temp", "allocate_carcass", "dispatch_order")
_ORDER_CHANGES = ("create_order", "allocate_carcass", "take_payment", "dispatch_order", "invoice_order",
                  "classify_carcass", "record_chill_temp")
PLAUSIBLE = (
    # ids and classes shown in other lists and records: producers on bookings and consignments, bookings and pens on
    # consignments, consignments on carcasses, pens and statements, animals on carcasses, carcasses on consignments,
    # orders, notes, the kill sheet and remittances, customers and orders on carcasses and orders, grades wherever a
    # carcass shows one
    {(p, c) for p in _PRODUCER_SHOWN for c in PRODUCER_CONSUMERS}
    | {(p, c) for p in _BOOKING_SHOWN for c in BOOKING_CONSUMERS}
    | {(p, c) for p in _CONSIGNMENT_SHOWN for c in CONSIGNMENT_CONSUMERS}
    | {(p, "kill_animal") for p in _ANIMAL_SHOWN}
    | {(p, c) for p in _CARCASS_SHOWN for c in CARCASS_CONSUMERS}
    | {(p, c) for p in _CUSTOMER_SHOWN for c in CUSTOMER_CONSUMERS}
    | {(p, c) for p in _ORDER_SHOWN for c in ORDER_CONSUMERS}
    | {(p, "receive_consignment") for p in _PEN_SHOWN}
    | {(p, "classify_carcass") for p in _GRADE_SHOWN}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | ONE_STEP_FURTHER
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_producer", "record_assurance", "add_producer_bank")
       for c in ("find_producer", "producer_statement")}
    | {(p, "bookings") for p in ("book_kill", "cancel_booking", "receive_consignment")}
    | {(p, c) for p in _CONSIGNMENT_CHANGES for c in ("consignments", "consignment_detail", "producer_statement")}
    | {(p, "lairage_pens") for p in ("receive_consignment", "kill_animal")}
    | {(p, c) for p in _CARCASS_CHANGES for c in ("carcasses", "carcass_detail", "kill_sheet")}
    | {(p, c) for p in ("open_customer_account", "credit_check") for c in ("find_customer",)}
    | {(p, "orders") for p in _ORDER_CHANGES}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
