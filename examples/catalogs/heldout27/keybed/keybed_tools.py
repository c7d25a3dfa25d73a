"""Keybed: the job desk of Calloway & Reid, piano and instrument restorers, 12 Foundry Lane, Ashcombe (43 calls).

Sync functions over an in-memory ``State`` of the workshop on Tuesday 14 March 2034 at 09:00. Reception
registers customers and their instruments, books instruments in for repair, checks them in when they
arrive, sends the technicians' estimates out and records the customers' answers, takes payment, books
the van to fetch and take back pianos, releases finished instruments, lends loan instruments while a
customer's own is in the workshop and writes to customers. The technicians assess and estimate, order
parts, start, log and finish work and put jobs on hold; the tuner keeps the home tuning rounds and
records each tuning on the day. The workshop manager assigns technicians and may do everything. The
price guide and the parts catalogue are public.

Every tool is a plain ``def`` wrapped by ``workshop(*roles)`` (``functools.wraps``), which checks the
session and the role. Refusals are *raised* as the workshop's own exception, ``WorkshopError`` (a
``code`` and a message); nothing is returned in place of a value. Replies are pydantic models and lists
of them (a customer's account with instruments, jobs, invoices and loans nested; an instrument's
history with its jobs and tunings nested; a job card with estimate lines, parts, the work log and notes
nested; the tuning rounds with their visits nested). Ids look alike: job ``JB-0733``, its estimate
``ES-0733`` and its invoice ``IV-0733``; pianos ``PIA-0507`` beside ``PIA-0530``; guitar ``GTR-0144``;
violin ``VLN-0061``; cello ``CEL-0033``; customer ``C-2042``; parts order ``PO-0416``; van booking
``VB-0091``; tuning round ``TR-0314`` and visit ``TV-1180``; loaner ``LD-1`` and loan ``LA-0061``;
receipt ``RC-7741``; technicians ``T-03`` and ``T-04``. Which skill each kind of instrument needs, the
deposit taken on large estimates, which service codes and parts fit which instruments, the van's days
and crews, the tuning rounds' areas, the pitch a piano is tuned to, the loan deposit and which loaner
goes with which instrument are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
from enum import Enum
from typing import Literal

from pydantic import BaseModel

TODAY = "2034-03-14"  # a Tuesday
NOW = "09:00"
DEPOSIT_OVER = 400.0  # estimates above this take a deposit
DEPOSIT_SHARE = 0.25
LOAN_DEPOSIT = 100.0
VAN_DAYS = (1, 4)  # Tuesday, Friday (date.weekday())
VAN_AHEAD_DAYS = 28
ROUND_SIZE = 6
PITCH_RANGE = (435.0, 446.0)
AREAS = {"north": ("AC1", "AC2"), "south": ("AC3", "AC4")}
SKILL = {"upright": "action", "grand": "action", "guitar": "fretted", "violin": "bowed", "cello": "bowed"}

JobStatus = Literal["booked_in", "estimated", "estimate_sent", "approved", "declined", "in_work", "on_hold",
                    "finished", "collected", "cancelled"]
OrderStatus = Literal["on_order", "arrived", "cancelled"]
Fits = Literal["upright", "grand", "guitar", "violin", "cello"]
Channel = Literal["email", "sms", "letter"]
PayMethod = Literal["card", "cash", "bank_transfer", "cheque"]
Direction = Literal["collect", "deliver"]
Urgency = Literal["routine", "before_a_concert", "urgent"]


class InstrumentKind(Enum):
    UPRIGHT = "upright"
    GRAND = "grand"
    DIGITAL = "digital"
    GUITAR = "guitar"
    VIOLIN = "violin"
    CELLO = "cello"


PREFIX = {"upright": "PIA", "grand": "PIA", "guitar": "GTR", "violin": "VLN", "cello": "CEL"}

SERVICES = {  # code -> description, price, instruments it is for
    "TUN": ("Tuning at home", 75.0, ("upright", "grand")),
    "TUN-W": ("Tuning in the workshop", 65.0, ("upright", "grand")),
    "PRA": ("Pitch raise before tuning", 40.0, ("upright", "grand")),
    "REG-U": ("Regulate upright action", 240.0, ("upright",)),
    "REG-G": ("Regulate grand action", 420.0, ("grand",)),
    "HMR-U": ("Re-face hammers, upright", 160.0, ("upright",)),
    "HMR-G": ("New hammers fitted, grand", 650.0, ("grand",)),
    "STR-B": ("Restring bass section, upright", 380.0, ("upright",)),
    "KEY": ("Re-bush keys", 180.0, ("upright", "grand")),
    "PEL": ("Pedal repair", 60.0, ("upright", "grand")),
    "POL": ("Case repair and polishing, per hour", 45.0, ("upright", "grand", "guitar", "violin", "cello")),
    "SET-G": ("Guitar set-up", 55.0, ("guitar",)),
    "FRT": ("Fret dress", 90.0, ("guitar",)),
    "VLN-S": ("Set-up and soundpost adjustment", 70.0, ("violin", "cello")),
    "SEAM": ("Re-glue open seam", 85.0, ("violin", "cello")),
    "BOW": ("Bow rehair", 65.0, ("violin", "cello")),
}

PARTS = {  # code -> description, price, supplier, fits, weeks
    "BS-UPR": ("Bass string set, upright (copper wound, made to pattern)", 145.0, "Fairfield Piano Supplies",
               ("upright",), 2),
    "HM-UPR": ("Hammer set, upright", 310.0, "Renner UK", ("upright",), 3),
    "HM-GRD": ("Hammer set, grand", 520.0, "Renner UK", ("grand",), 4),
    "DMP-U": ("Damper felt set, upright", 65.0, "Fairfield Piano Supplies", ("upright",), 1),
    "DMP-G": ("Damper felt set, grand", 95.0, "Renner UK", ("grand",), 2),
    "KB-FLT": ("Key bushing cloth, 1 m", 18.0, "Fairfield Piano Supplies", ("upright", "grand"), 1),
    "STR-GTR": ("Guitar strings, phosphor bronze, 12-53", 12.0, "Luthier Direct", ("guitar",), 1),
    "FW-NS": ("Fret wire, nickel silver, 2 ft", 9.0, "Luthier Direct", ("guitar",), 1),
    "SP-VLN": ("Soundpost blank, spruce", 8.0, "Luthier Direct", ("violin", "cello"), 1),
    "BH-HRS": ("Bow hair, white Mongolian, one hank", 22.0, "Luthier Direct", ("violin", "cello"), 1),
}


class WorkshopError(Exception):
    """The workshop refuses a call: ``code`` says which rule, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"[{self.code}] {self.message}"


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    tech_id: str | None = None


class Done(BaseModel):
    done: str


class ServiceLine(BaseModel):
    code: str
    description: str
    price: float


class PartInfo(BaseModel):
    code: str
    description: str
    price: float
    supplier: str


class CustomerRow(BaseModel):
    customer_id: str
    name: str
    postcode: str
    phone: str


class Customer(BaseModel):
    customer_id: str
    name: str
    address: str
    postcode: str
    phone: str
    email: str | None
    mailing_ok: bool


class Instrument(BaseModel):
    instrument_id: str
    customer_id: str
    kind: str
    maker: str
    model: str
    serial: str
    year: int | None


class JobRow(BaseModel):
    job_id: str
    instrument_id: str
    customer: str
    status: str
    technician: str | None
    urgency: str
    booked: str


class InvoiceRow(BaseModel):
    invoice_id: str
    job_id: str
    total: float
    paid: float
    balance: float


class LoanRow(BaseModel):
    loan_id: str
    loaner_id: str
    out: str
    status: str


class CustomerAccount(BaseModel):
    customer: Customer
    instruments: list[Instrument]
    jobs: list[JobRow]
    invoices: list[InvoiceRow]
    loans: list[LoanRow]


class TuningRow(BaseModel):
    visit_id: str
    date: str
    status: str
    pitch_hz: float | None
    notes: str | None


class InstrumentHistory(BaseModel):
    instrument: Instrument
    jobs: list[JobRow]
    tunings: list[TuningRow]


class EstimateLine(BaseModel):
    line_no: int
    code: str
    description: str
    quantity: int
    amount: float


class PartOrder(BaseModel):
    order_id: str
    job_id: str
    part_code: str
    description: str
    quantity: int
    supplier: str
    ordered: str
    due: str
    status: str


class WorkEntry(BaseModel):
    on: str
    by: str
    hours: float
    note: str


class JobCard(BaseModel):
    job_id: str
    instrument_id: str
    customer_id: str
    customer: str
    complaint: str
    urgency: str
    status: str
    technician: str | None
    in_workshop: bool
    estimate_id: str | None
    lines: list[EstimateLine]
    estimate_total: float
    deposit_paid: float
    parts: list[PartOrder]
    work: list[WorkEntry]
    notes: list[str]


class Estimate(BaseModel):
    estimate_id: str
    job_id: str
    customer: str
    lines: list[EstimateLine]
    total: float
    sent_by: str
    status: str


class Technician(BaseModel):
    tech_id: str
    name: str
    role: str
    skills: list[str]
    jobs_in_hand: int


class Invoice(BaseModel):
    invoice_id: str
    job_id: str
    lines: list[EstimateLine]
    total: float
    paid: float
    balance: float


class FinishedJob(BaseModel):
    job_id: str
    status: str
    invoice_id: str
    total: float
    deposit_paid: float
    balance: float


class Receipt(BaseModel):
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    balance: float


class VanBooking(BaseModel):
    booking_id: str
    job_id: str
    date: str
    direction: str
    crew: int
    address: str
    status: str


class Visit(BaseModel):
    visit_id: str
    instrument_id: str
    customer: str
    postcode: str
    status: str


class Round(BaseModel):
    round_id: str
    date: str
    area: str
    tuner: str
    visits: list[Visit]


class TuningRecord(BaseModel):
    visit_id: str
    round_id: str
    instrument_id: str
    pitch_hz: float
    pitch_raise: bool
    charge: float
    notes: str
    status: str


class Loaner(BaseModel):
    loaner_id: str
    description: str
    kind: str
    status: str
    loan_id: str | None
    customer_id: str | None


class Loan(BaseModel):
    loan_id: str
    loaner_id: str
    customer_id: str
    customer: str
    deposit: float
    out: str
    status: str
    deposit_refunded: float | None = None


# --------------------------------------------------------------------------- state


class State:
    """Calloway & Reid's workshop, Ashcombe, on Tuesday 14 March 2034 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "pia.r": {"name": "Pia Rowntree", "password": "Soft-Pedal-41", "role": "reception", "tech": None},
            "dev.k": {"name": "Dev Kapoor", "password": "Let-Off-2207", "role": "technician", "tech": "T-03"},
            "mags.o": {"name": "Maggie O'Dowd", "password": "Purfling-19", "role": "technician", "tech": "T-04"},
            "len.w": {"name": "Len Whitcombe", "password": "Unison-A440", "role": "tuner", "tech": "T-07"},
            "ros.c": {"name": "Rosalind Crane", "password": "Calloway-1962", "role": "manager", "tech": "T-02"},
        }
        self.techs = {  # id -> user, skills
            "T-02": {"user": "ros.c", "skills": ["action", "strings", "case"]},
            "T-03": {"user": "dev.k", "skills": ["action", "strings"]},
            "T-04": {"user": "mags.o", "skills": ["case", "fretted", "bowed"]},
            "T-07": {"user": "len.w", "skills": ["tuning"]},
        }
        self.sessions = {}
        self.customers = {
            "C-2031": {"name": "Mrs Harriet Vale", "address": "3 Mill Rise, Ashcombe", "postcode": "AC2 4MR",
                       "phone": "07700 901031", "email": "harriet.vale@mail.example", "mailing_ok": True},
            "C-2034": {"name": "Mr Nikhil Bose", "address": "88 Quarry Road, Ashcombe", "postcode": "AC1 7QR",
                       "phone": "07700 901034", "email": None, "mailing_ok": False},
            "C-2035": {"name": "Dr Alan Sheppard", "address": "9 Beacon Hill, Ashcombe", "postcode": "AC1 3BH",
                       "phone": "07700 901035", "email": "a.sheppard@mail.example", "mailing_ok": True},
            "C-2036": {"name": "St Aldhelm's School, Music Department", "address": "Abbey Lane, Ashcombe",
                       "postcode": "AC3 2AL", "phone": "01632 960336", "email": "music@staldhelms.example",
                       "mailing_ok": False},
            "C-2037": {"name": "Mr Tom Grady", "address": "Flat 2, 40 High Street, Ashcombe", "postcode": "AC1 1HS",
                       "phone": "07700 901037", "email": "tom.grady@mail.example", "mailing_ok": False},
            "C-2038": {"name": "Mr and Mrs Okonjo", "address": "27 Tanner's Way, Ashcombe", "postcode": "AC2 8TW",
                       "phone": "07700 901038", "email": "okonjo.family@mail.example", "mailing_ok": False},
            "C-2039": {"name": "Mr Felix Amadi", "address": "14 Well Street, Ashcombe", "postcode": "AC3 1WS",
                       "phone": "07700 901039", "email": "felix.amadi@mail.example", "mailing_ok": True},
            "C-2040": {"name": "Miss Ruth Lyle", "address": "2 Orchard Row, Ashcombe", "postcode": "AC2 9OR",
                       "phone": "07700 901040", "email": None, "mailing_ok": False},
            "C-2041": {"name": "Mrs Joan Penrose", "address": "The Old Forge, Lydcombe", "postcode": "AC4 6LF",
                       "phone": "07700 901041", "email": "joan.penrose@mail.example", "mailing_ok": True},
        }
        self.instruments = {  # id -> customer, kind, maker, model, serial, year
            "CEL-0033": {"customer": "C-2037", "kind": "cello", "maker": "Hidersine", "model": "Piacenza",
                         "serial": "7721", "year": 2015},
            "GTR-0144": {"customer": "C-2034", "kind": "guitar", "maker": "Lowden", "model": "O-32", "serial": "11402",
                         "year": 2011},
            "PIA-0507": {"customer": "C-2040", "kind": "upright", "maker": "Challen", "model": "Model 1",
                         "serial": "38812", "year": 1955},
            "PIA-0512": {"customer": "C-2031", "kind": "upright", "maker": "Broadwood", "model": "Cottage upright",
                         "serial": "61234", "year": 1908},
            "PIA-0518": {"customer": "C-2035", "kind": "grand", "maker": "Bluthner", "model": "Style 10 grand",
                         "serial": "118702", "year": 1936},
            "PIA-0521": {"customer": "C-2036", "kind": "upright", "maker": "Yamaha", "model": "U3", "serial": "2950118",
                         "year": 1987},
            "PIA-0524": {"customer": "C-2038", "kind": "upright", "maker": "Danemann", "model": "Studio upright",
                         "serial": "D12095", "year": 1972},
            "PIA-0526": {"customer": "C-2041", "kind": "upright", "maker": "Kemble", "model": "Cambridge 10",
                         "serial": "K66031", "year": 1998},
            "PIA-0530": {"customer": "C-2036", "kind": "grand", "maker": "Steinway", "model": "Model O",
                         "serial": "209871", "year": 1924},
            "VLN-0061": {"customer": "C-2039", "kind": "violin", "maker": "W. E. Hill & Sons", "model": "Violin",
                         "serial": "none", "year": 1931},
        }
        self.jobs = {  # id -> instrument, complaint, urgency, status, tech, lines, in workshop, deposit, ...
            "JB-0724": {"instrument": "CEL-0033", "complaint": "Open seam on the lower bout; a buzz on the C string",
                        "urgency": "before_a_concert", "status": "in_work", "tech": "T-04", "booked": "2034-03-06",
                        "in": True, "deposit": 0.0, "lines": [["SEAM", 1], ["VLN-S", 1]], "estimate": "sent",
                        "work": [["2034-03-13", "Maggie O'Dowd", 1.5, "Seam cleaned out, glued and clamped"]],
                        "notes": ["Concert on 25 March; customer to collect by the 23rd"], "held_from": None},
            "JB-0726": {"instrument": "PIA-0526", "complaint": "Veneer lifting on the fall; ring marks on the top",
                        "urgency": "routine", "status": "on_hold", "tech": "T-04", "booked": "2034-02-20", "in": True,
                        "deposit": 0.0, "lines": [["POL", 4]], "estimate": "sent",
                        "work": [["2034-03-01", "Maggie O'Dowd", 2.0, "Old polish stripped from the fall"]],
                        "notes": ["Waiting for Mrs Penrose to choose between walnut and mahogany veneer"],
                        "held_from": "in_work"},
            "JB-0728": {"instrument": "GTR-0144", "complaint": "Fret buzz on the top strings above the 7th fret",
                        "urgency": "routine", "status": "booked_in", "tech": None, "booked": "2034-03-13", "in": True,
                        "deposit": 0.0, "lines": [], "estimate": None, "work": [], "notes": [], "held_from": None},
            "JB-0729": {"instrument": "PIA-0507", "complaint": "Sticking keys in the middle octave; soft pedal squeaks",
                        "urgency": "routine", "status": "estimate_sent", "tech": "T-03", "booked": "2034-03-02",
                        "in": True, "deposit": 0.0, "lines": [["KEY", 1], ["PEL", 1]], "estimate": "sent",
                        "sent_by": "letter", "work": [], "notes": [], "held_from": None},
            "JB-0730": {"instrument": "VLN-0061", "complaint": "Soundpost fallen; bow hair worn out",
                        "urgency": "routine", "status": "finished", "tech": "T-04", "booked": "2034-03-03", "in": True,
                        "deposit": 0.0, "lines": [["VLN-S", 1], ["BOW", 1]], "estimate": "sent",
                        "work": [["2034-03-10", "Maggie O'Dowd", 2.5, "New soundpost cut and set; bow rehaired"]],
                        "notes": [], "held_from": None},
            "JB-0731": {"instrument": "PIA-0530", "complaint": "Hammers worn to the wood in the treble; tone harsh",
                        "urgency": "routine", "status": "approved", "tech": "T-03", "booked": "2034-02-27", "in": True,
                        "deposit": 162.5, "lines": [["HMR-G", 1]], "estimate": "sent", "work": [],
                        "notes": ["The school's spring concert is on 28 April"], "held_from": None},
            "JB-0732": {"instrument": "PIA-0524", "complaint": "Middle C and the D above will not sound since the house "
                                                            "move", "urgency": "urgent", "status": "booked_in",
                        "tech": None, "booked": "2034-03-13", "in": False, "deposit": 0.0, "lines": [],
                        "estimate": None, "work": [], "notes": ["Customers in all day on Fridays"],
                        "held_from": None},
        }
        self.invoices = {
            "IV-0730": {"job": "JB-0730", "paid": 0.0},
        }
        self.orders = {  # id -> job, part, quantity, ordered, due, status
            "PO-0413": {"job": "JB-0730", "part": "BH-HRS", "qty": 1, "ordered": "2034-03-04", "due": "2034-03-11",
                        "status": "arrived"},
            "PO-0415": {"job": "JB-0731", "part": "HM-GRD", "qty": 1, "ordered": "2034-02-28", "due": "2034-03-28",
                        "status": "on_order"},
        }
        self.rounds = {  # id -> date, area, tuner
            "TR-0314": {"date": "2034-03-14", "area": "north", "tuner": "T-07"},
            "TR-0317": {"date": "2034-03-17", "area": "south", "tuner": "T-07"},
            "TR-0321": {"date": "2034-03-21", "area": "north", "tuner": "T-07"},
        }
        self.visits = {  # id -> round, instrument, status, pitch, notes, raise
            "TV-1171": {"round": "TR-0314", "instrument": "PIA-0512", "status": "booked", "pitch": None,
                        "notes": None, "raise": False},
            "TV-1176": {"round": "TR-0317", "instrument": "PIA-0521", "status": "booked", "pitch": None,
                        "notes": None, "raise": False},
            "TV-1102": {"round": "TR-0221", "instrument": "PIA-0512", "status": "tuned", "pitch": 440.0,
                        "notes": "Held well since the autumn; hitch pins fine", "raise": False, "date": "2033-09-19"},
        }
        self.loaners = {
            "LD-1": {"description": "Yamaha P-125 digital piano with stand and pedal", "kind": "digital piano"},
            "LD-2": {"description": "Roland FP-30 digital piano with stand", "kind": "digital piano"},
            "LV-1": {"description": "Stentor violin, full size, with bow and case", "kind": "violin"},
        }
        self.loans = {
            "LA-0060": {"loaner": "LD-2", "customer": "C-2040", "deposit": LOAN_DEPOSIT, "out": "2034-03-06",
                        "status": "out"},
        }
        self.van = {}
        self.receipts = {}
        self.messages = []
        self.counters = {"session": 1, "customer": 2042, "instrument": 533, "job": 733, "order": 416, "van": 91,
                         "visit": 1180, "loan": 61, "receipt": 7741, "message": 310}


def _who(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token) if state is not None else None
    if who is None:
        raise WorkshopError("not_signed_in", "no session for that token; sign in again")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise WorkshopError("not_allowed", f"{who['name']} ({who['role']}) may not do this; it is for "
                                           f"{' or '.join(roles)}")
    return who


def workshop(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the manager may do everything), before
    the call; refusals are raised as ``WorkshopError``."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def handler(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                _who(bound.arguments.get("state"), bound.arguments.get("token"), *roles)
            return fn(*args, **kwargs)

        return handler

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise WorkshopError("bad_date", f"{text!r} is not a date (YYYY-MM-DD)") from None


def _customer(state: State, customer_id: str) -> dict:
    c = state.customers.get(customer_id)
    if c is None:
        raise WorkshopError("no_customer", f"no customer {customer_id}")
    return c


def _instrument(state: State, instrument_id: str) -> dict:
    i = state.instruments.get(instrument_id)
    if i is None:
        raise WorkshopError("no_instrument", f"no instrument {instrument_id}")
    return i


def _job(state: State, job_id: str) -> dict:
    j = state.jobs.get(job_id)
    if j is None:
        raise WorkshopError("no_job", f"no job {job_id}")
    return j


def _open_job(state: State, instrument_id: str) -> str | None:
    return next((jid for jid, j in sorted(state.jobs.items()) if j["instrument"] == instrument_id
                 and j["status"] not in ("collected", "cancelled", "declined")), None)


def _tech_name(state: State, tech_id: str | None) -> str | None:
    return state.staff[state.techs[tech_id]["user"]]["name"] if tech_id else None


def _lines(job: dict) -> list[EstimateLine]:
    return [EstimateLine(line_no=n, code=code, description=SERVICES[code][0], quantity=qty,
                         amount=_money(SERVICES[code][1] * qty)) for n, (code, qty) in enumerate(job["lines"], 1)]


def _total(job: dict) -> float:
    return _money(sum(SERVICES[code][1] * qty for code, qty in job["lines"]))


def _customer_of(state: State, job: dict) -> str:
    return state.instruments[job["instrument"]]["customer"]


def _job_row(state: State, job_id: str) -> JobRow:
    j = state.jobs[job_id]
    return JobRow(job_id=job_id, instrument_id=j["instrument"], customer=state.customers[_customer_of(state, j)]["name"],
                  status=j["status"], technician=j["tech"], urgency=j["urgency"], booked=j["booked"])


def _order_reply(state: State, order_id: str) -> PartOrder:
    o = state.orders[order_id]
    part = PARTS[o["part"]]
    return PartOrder(order_id=order_id, job_id=o["job"], part_code=o["part"], description=part[0], quantity=o["qty"],
                     supplier=part[2], ordered=o["ordered"], due=o["due"], status=o["status"])


def _card(state: State, job_id: str) -> JobCard:
    j = state.jobs[job_id]
    cid = _customer_of(state, j)
    return JobCard(
        job_id=job_id, instrument_id=j["instrument"], customer_id=cid, customer=state.customers[cid]["name"],
        complaint=j["complaint"], urgency=j["urgency"], status=j["status"], technician=_tech_name(state, j["tech"]),
        in_workshop=j["in"], estimate_id=("ES-" + job_id[3:]) if j["estimate"] else None, lines=_lines(j),
        estimate_total=_total(j), deposit_paid=j["deposit"],
        parts=[_order_reply(state, oid) for oid, o in sorted(state.orders.items()) if o["job"] == job_id],
        work=[WorkEntry(on=w[0], by=w[1], hours=w[2], note=w[3]) for w in j["work"]], notes=list(j["notes"]))


def _customer_reply(state: State, customer_id: str) -> Customer:
    c = state.customers[customer_id]
    return Customer(customer_id=customer_id, name=c["name"], address=c["address"], postcode=c["postcode"],
                    phone=c["phone"], email=c["email"], mailing_ok=c["mailing_ok"])


def _instrument_reply(state: State, instrument_id: str) -> Instrument:
    i = state.instruments[instrument_id]
    return Instrument(instrument_id=instrument_id, customer_id=i["customer"], kind=i["kind"], maker=i["maker"],
                      model=i["model"], serial=i["serial"], year=i["year"])


def _invoice_row(state: State, invoice_id: str) -> InvoiceRow:
    inv = state.invoices[invoice_id]
    j = state.jobs[inv["job"]]
    total = _total(j)
    paid = _money(j["deposit"] + inv["paid"])
    return InvoiceRow(invoice_id=invoice_id, job_id=inv["job"], total=total, paid=paid, balance=_money(total - paid))


def _estimate(state: State, job_id: str) -> Estimate:
    j = state.jobs[job_id]
    return Estimate(estimate_id="ES-" + job_id[3:], job_id=job_id,
                    customer=state.customers[_customer_of(state, j)]["name"], lines=_lines(j), total=_total(j),
                    sent_by=j.get("sent_by", "letter"), status=j["status"])


def _round_reply(state: State, round_id: str) -> Round:
    r = state.rounds[round_id]
    visits = []
    for vid, v in sorted(state.visits.items()):
        if v["round"] == round_id and v["status"] != "removed":
            i = state.instruments[v["instrument"]]
            c = state.customers[i["customer"]]
            visits.append(Visit(visit_id=vid, instrument_id=v["instrument"], customer=c["name"], postcode=c["postcode"],
                                status=v["status"]))
    return Round(round_id=round_id, date=r["date"], area=r["area"], tuner=_tech_name(state, r["tuner"]), visits=visits)


def _loan_reply(state: State, loan_id: str, refunded: float | None = None) -> Loan:
    ln = state.loans[loan_id]
    return Loan(loan_id=loan_id, loaner_id=ln["loaner"], customer_id=ln["customer"],
                customer=state.customers[ln["customer"]]["name"], deposit=ln["deposit"], out=ln["out"],
                status=ln["status"], deposit_refunded=refunded)


# --------------------------------------------------------------------------- sign-in and public lists


@workshop(public=True)
def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the job desk.

    Args:
        username: The staff member's user name.
        password: Their password.

    Returns:
        The session; its token goes with every other call.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise WorkshopError("bad_login", "wrong user name or password")
    token = f"kb-{username.split('.')[0]}-{_next(state, 'session'):02d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"], "tech": user["tech"]}
    return Session(token=token, name=user["name"], role=user["role"], tech_id=user["tech"])


@workshop()
def sign_out(state: State, token: str) -> Done:
    """Sign out, ending the session.

    Args:
        token: The session token.

    Returns:
        Who was signed out.
    """
    who = state.sessions.pop(token)
    return Done(done=f"signed out {who['name']}")


@workshop(public=True)
def price_guide(state: State) -> list[ServiceLine]:
    """The workshop's public price guide: every service with its code and price (no sign-in).

    Returns:
        One line per service.
    """
    return [ServiceLine(code=code, description=s[0], price=s[1]) for code, s in SERVICES.items()]


@workshop(public=True)
def parts_catalogue(state: State, fits: Fits | None = None) -> list[PartInfo]:
    """The parts the workshop orders in, with their codes, prices and suppliers (no sign-in).

    Args:
        fits: Only the parts for one kind of instrument (upright, grand, guitar, violin, cello).

    Returns:
        One row per part.
    """
    if fits is not None and fits not in SKILL:
        raise WorkshopError("bad_filter", f"{fits!r} is not a kind of instrument we take in")
    return [PartInfo(code=code, description=p[0], price=p[1], supplier=p[2]) for code, p in PARTS.items()
            if fits is None or fits in p[3]]


# --------------------------------------------------------------------------- customers and instruments


@workshop()
def find_customer(state: State, token: str, text: str) -> list[CustomerRow]:
    """Look customers up by part of a name, an address, a postcode or a phone number.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        The matching customers.
    """
    t = text.strip().lower()
    if not t:
        raise WorkshopError("empty", "say what to look for")
    return [CustomerRow(customer_id=cid, name=c["name"], postcode=c["postcode"], phone=c["phone"])
            for cid, c in sorted(state.customers.items())
            if t in " ".join([c["name"], c["address"], c["postcode"], c["phone"]]).lower()]


@workshop("reception")
def register_customer(state: State, token: str, name: str, address: str, postcode: str, phone: str,
                      email: str | None = None, mailing_ok: bool = False) -> Customer:
    """Register a new customer.

    Args:
        token: The session token.
        name: The customer's name, with a title.
        address: Their address (where a piano would be collected from and tuned).
        postcode: Their postcode.
        phone: A phone number.
        email: An e-mail address, if they have one.
        mailing_ok: Whether they agree to the workshop's newsletter and tuning reminders.

    Returns:
        The customer, with the new customer number.
    """
    if not name.strip() or not address.strip() or not postcode.strip():
        raise WorkshopError("missing", "a customer needs a name, an address and a postcode")
    if email is not None and "@" not in email:
        raise WorkshopError("bad_email", f"{email!r} is not an e-mail address")
    for cid, c in state.customers.items():
        if c["phone"].replace(" ", "") == phone.replace(" ", ""):
            raise WorkshopError("already_registered", f"{c['name']} is already customer {cid} with that number")
    cid = f"C-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "address": address.strip(), "postcode": postcode.strip().upper(),
                            "phone": phone.strip(), "email": email, "mailing_ok": bool(mailing_ok)}
    return _customer_reply(state, cid)


@workshop("reception")
def update_customer(state: State, token: str, customer_id: str, phone: str | None = None, email: str | None = None,
                    address: str | None = None, postcode: str | None = None,
                    mailing_ok: bool | None = None) -> Customer:
    """Change a customer's contact details; only what is given changes.

    Args:
        token: The session token.
        customer_id: The customer number.
        phone: A new phone number.
        email: A new e-mail address.
        address: A new address.
        postcode: The new address's postcode.
        mailing_ok: Whether they now agree to the newsletter and reminders.

    Returns:
        The customer as now recorded.
    """
    c = _customer(state, customer_id)
    changes = {k: v for k, v in {"phone": phone, "email": email, "address": address, "postcode": postcode,
                                 "mailing_ok": mailing_ok}.items() if v is not None}
    if not changes:
        raise WorkshopError("nothing_to_change", "give at least one detail to change")
    if all(c[k] == v for k, v in changes.items()):
        raise WorkshopError("unchanged", f"{c['name']}'s details are already as given")
    if email is not None and "@" not in email:
        raise WorkshopError("bad_email", f"{email!r} is not an e-mail address")
    if (address is None) != (postcode is None):
        raise WorkshopError("address_and_postcode", "a new address goes with its postcode")
    if phone is not None:
        for cid, other in state.customers.items():
            if cid != customer_id and other["phone"].replace(" ", "") == phone.replace(" ", ""):
                raise WorkshopError("phone_taken", f"{phone} is {other['name']}'s number ({cid})")
    if postcode is not None:
        changes["postcode"] = postcode.strip().upper()
    c.update(changes)
    return _customer_reply(state, customer_id)


@workshop()
def customer_account(state: State, token: str, customer_id: str) -> CustomerAccount:
    """A customer's whole account.

    Args:
        token: The session token.
        customer_id: The customer number.

    Returns:
        The customer with their instruments, jobs, invoices and loans nested.
    """
    _customer(state, customer_id)
    mine = sorted(iid for iid, i in state.instruments.items() if i["customer"] == customer_id)
    jobs = sorted(jid for jid, j in state.jobs.items() if j["instrument"] in mine)
    return CustomerAccount(
        customer=_customer_reply(state, customer_id),
        instruments=[_instrument_reply(state, iid) for iid in mine],
        jobs=[_job_row(state, jid) for jid in jobs],
        invoices=[_invoice_row(state, iid) for iid, inv in sorted(state.invoices.items()) if inv["job"] in jobs],
        loans=[LoanRow(loan_id=lid, loaner_id=ln["loaner"], out=ln["out"], status=ln["status"])
               for lid, ln in sorted(state.loans.items()) if ln["customer"] == customer_id])


@workshop("reception", "technician")
def register_instrument(state: State, token: str, customer_id: str, kind: InstrumentKind, maker: str, model: str,
                        serial: str, year: int | None = None) -> Instrument:
    """Record an instrument a customer owns.

    Args:
        token: The session token.
        customer_id: The owner's customer number.
        kind: What it is (upright, grand, digital, guitar, violin, cello).
        maker: The maker, as on the fall, the label or the headstock.
        model: The model, or a short description.
        serial: The serial number ("none" if there is none).
        year: The year it was made, if known.

    Returns:
        The instrument, with its number.
    """
    _customer(state, customer_id)
    try:
        kind = kind if isinstance(kind, InstrumentKind) else InstrumentKind(kind)
    except ValueError:
        raise WorkshopError("bad_kind", f"{kind!r} is not a kind of instrument") from None
    if kind is InstrumentKind.DIGITAL:
        raise WorkshopError("not_repaired_here", "we do not repair digital pianos; the customer should ask the "
                                                 "maker's service agent")
    if not maker.strip() or not serial.strip():
        raise WorkshopError("missing", "an instrument needs a maker and a serial number (or \"none\")")
    if year is not None and not 1700 <= year <= int(TODAY[:4]):
        raise WorkshopError("bad_year", f"{year} is not a year an instrument could have been made")
    for iid, i in state.instruments.items():
        if i["maker"].lower() == maker.strip().lower() and i["serial"] == serial.strip() and serial.strip() != "none":
            raise WorkshopError("already_recorded", f"that {maker.strip()} is already {iid}")
    iid = f"{PREFIX[kind.value]}-{_next(state, 'instrument'):04d}"
    state.instruments[iid] = {"customer": customer_id, "kind": kind.value, "maker": maker.strip(),
                              "model": model.strip(), "serial": serial.strip(), "year": year}
    return _instrument_reply(state, iid)


@workshop()
def instrument_history(state: State, token: str, instrument_id: str) -> InstrumentHistory:
    """An instrument's history with the workshop.

    Args:
        token: The session token.
        instrument_id: The instrument number.

    Returns:
        The instrument with its repair jobs and its tunings nested, oldest first.
    """
    _instrument(state, instrument_id)
    tunings = []
    for vid, v in sorted(state.visits.items()):
        if v["instrument"] == instrument_id and v["status"] != "removed":
            day = v.get("date") or state.rounds[v["round"]]["date"]
            tunings.append(TuningRow(visit_id=vid, date=day, status=v["status"], pitch_hz=v["pitch"], notes=v["notes"]))
    return InstrumentHistory(
        instrument=_instrument_reply(state, instrument_id),
        jobs=[_job_row(state, jid) for jid, j in sorted(state.jobs.items()) if j["instrument"] == instrument_id],
        tunings=tunings)


# --------------------------------------------------------------------------- jobs


@workshop("reception")
def book_in(state: State, token: str, instrument_id: str, complaint: str, urgency: Urgency = "routine") -> JobCard:
    """Open a repair job on an instrument.

    Args:
        token: The session token.
        instrument_id: The instrument number.
        complaint: What the customer says is wrong, in their words.
        urgency: routine, before_a_concert or urgent.

    Returns:
        The new job card, booked in.
    """
    i = _instrument(state, instrument_id)
    if urgency not in ("routine", "before_a_concert", "urgent"):
        raise WorkshopError("bad_urgency", f"{urgency!r} is not an urgency")
    if not complaint.strip():
        raise WorkshopError("empty", "write down what the customer says is wrong")
    open_job = _open_job(state, instrument_id)
    if open_job:
        raise WorkshopError("already_booked_in", f"{instrument_id} is already in on {open_job}")
    jid = f"JB-{_next(state, 'job'):04d}"
    state.jobs[jid] = {"instrument": instrument_id, "complaint": complaint.strip(), "urgency": urgency,
                       "status": "booked_in", "tech": None, "booked": TODAY, "in": False, "deposit": 0.0,
                       "lines": [], "estimate": None, "work": [], "notes": [], "held_from": None}
    return _card(state, jid)


@workshop()
def jobs_board(state: State, token: str, status: JobStatus | None = None,
               technician_id: str | None = None) -> list[JobRow]:
    """The jobs on the workshop board, optionally in one status or on one technician's bench.

    Args:
        token: The session token.
        status: Only jobs in this status.
        technician_id: Only this technician's jobs.

    Returns:
        One row per job, oldest first.
    """
    if status is not None and status not in JobStatus.__args__:
        raise WorkshopError("bad_filter", f"{status!r} is not a job status")
    return [_job_row(state, jid) for jid, j in sorted(state.jobs.items())
            if (status is None or j["status"] == status) and (technician_id is None or j["tech"] == technician_id)]


@workshop()
def job_card(state: State, token: str, job_id: str) -> JobCard:
    """A job's card.

    Args:
        token: The session token.
        job_id: The job number.

    Returns:
        The job with its estimate lines, parts orders, work log and notes nested.
    """
    _job(state, job_id)
    return _card(state, job_id)


@workshop("reception", "technician")
def check_in_instrument(state: State, token: str, job_id: str, condition: str) -> JobCard:
    """Record that a booked-in instrument has arrived in the workshop, over the counter or off the van.

    Args:
        token: The session token.
        job_id: The job number.
        condition: Its condition on arrival (marks, damage, what came with it).

    Returns:
        The job card.
    """
    j = _job(state, job_id)
    if j["in"]:
        raise WorkshopError("already_in", f"{j['instrument']} is already in the workshop")
    if j["status"] in ("collected", "cancelled", "declined"):
        raise WorkshopError("job_closed", f"{job_id} is {j['status']}")
    if not condition.strip():
        raise WorkshopError("empty", "note its condition as it arrives")
    j["in"] = True
    j["notes"].append(f"Arrived {TODAY}: {condition.strip()}")
    return _card(state, job_id)


@workshop()
def technicians(state: State, token: str) -> list[Technician]:
    """The technicians and tuners with their skills and how many open jobs each has in hand.

    Args:
        token: The session token.

    Returns:
        One row per technician.
    """
    out = []
    for tid, t in sorted(state.techs.items()):
        user = state.staff[t["user"]]
        n = sum(1 for j in state.jobs.values() if j["tech"] == tid and j["status"] in ("estimated", "estimate_sent",
                                                                                      "approved", "in_work", "on_hold"))
        out.append(Technician(tech_id=tid, name=user["name"], role=user["role"], skills=list(t["skills"]),
                              jobs_in_hand=n))
    return out


@workshop("manager")
def assign_technician(state: State, token: str, job_id: str, technician_id: str) -> JobCard:
    """Put a job on a technician's bench.

    Args:
        token: The session token.
        job_id: The job number.
        technician_id: The technician's number.

    Returns:
        The job card.
    """
    j = _job(state, job_id)
    t = state.techs.get(technician_id)
    if t is None:
        raise WorkshopError("no_technician", f"no technician {technician_id}")
    if j["status"] in ("finished", "collected", "cancelled", "declined"):
        raise WorkshopError("job_closed", f"{job_id} is {j['status']}")
    if j["tech"] == technician_id:
        raise WorkshopError("unchanged", f"{job_id} is already with {_tech_name(state, technician_id)}")
    kind = state.instruments[j["instrument"]]["kind"]
    if SKILL[kind] not in t["skills"]:
        raise WorkshopError("wrong_skills", f"{_tech_name(state, technician_id)} does not do {kind} work; a {kind} "
                                            f"needs a technician with the {SKILL[kind]} skill")
    j["tech"] = technician_id
    return _card(state, job_id)


@workshop("technician")
def add_estimate_line(state: State, token: str, job_id: str, code: str, quantity: int = 1) -> JobCard:
    """Add a priced line to a job's estimate.

    Args:
        token: The session token.
        job_id: The job number.
        code: The service code from the price guide.
        quantity: How many (hours, for work charged by the hour).

    Returns:
        The job card with the estimate so far.
    """
    j = _job(state, job_id)
    if j["status"] not in ("booked_in", "estimated"):
        raise WorkshopError("estimate_closed", f"{job_id} is {j['status'].replace('_', ' ')}; the estimate can only "
                                               "change before it is sent")
    s = SERVICES.get(code)
    if s is None:
        raise WorkshopError("no_service", f"{code!r} is not in the price guide")
    kind = state.instruments[j["instrument"]]["kind"]
    if kind not in s[2]:
        raise WorkshopError("wrong_instrument", f"{code} ({s[0]}) is for {', '.join(s[2])}; {j['instrument']} is "
                                                f"a {kind}")
    if not 1 <= quantity <= 40:
        raise WorkshopError("bad_quantity", "a line is for 1 to 40")
    if any(c == code for c, _ in j["lines"]):
        raise WorkshopError("already_on_estimate", f"{code} is already on the estimate")
    if quantity > 1 and code != "POL":
        raise WorkshopError("bad_quantity", f"{code} is a fixed price; only POL is charged by the hour")
    j["lines"].append([code, quantity])
    j["status"] = "estimated"
    return _card(state, job_id)


@workshop("technician")
def remove_estimate_line(state: State, token: str, job_id: str, line_no: int) -> JobCard:
    """Take a line off an estimate that has not been sent.

    Args:
        token: The session token.
        job_id: The job number.
        line_no: The line's number on the estimate (from 1).

    Returns:
        The job card.
    """
    j = _job(state, job_id)
    if j["status"] != "estimated":
        raise WorkshopError("estimate_closed", f"{job_id} has no draft estimate to change ({j['status']})")
    if not 1 <= line_no <= len(j["lines"]):
        raise WorkshopError("no_line", f"the estimate has {len(j['lines'])} lines")
    j["lines"].pop(line_no - 1)
    if not j["lines"]:
        j["status"] = "booked_in"
    return _card(state, job_id)


@workshop("reception")
def send_estimate(state: State, token: str, job_id: str, channel: Channel) -> Estimate:
    """Send the customer the estimate for a job.

    Args:
        token: The session token.
        job_id: The job number.
        channel: email, sms or letter.

    Returns:
        The estimate as sent, with its number.
    """
    j = _job(state, job_id)
    if j["status"] == "booked_in":
        raise WorkshopError("no_estimate", f"{job_id} has nothing on its estimate yet")
    if j["status"] != "estimated":
        raise WorkshopError("already_sent", f"the estimate for {job_id} is already {j['status'].replace('_', ' ')}")
    if channel not in ("email", "sms", "letter"):
        raise WorkshopError("bad_channel", f"{channel!r} is not a way to send")
    c = state.customers[_customer_of(state, j)]
    if channel == "email" and not c["email"]:
        raise WorkshopError("no_email", f"no e-mail address on file for {c['name']}")
    if j["tech"] is None:
        raise WorkshopError("no_technician", f"{job_id} has no technician to stand behind the estimate")
    j["status"], j["estimate"], j["sent_by"] = "estimate_sent", "sent", channel
    return _estimate(state, job_id)


def _sent_estimate(state: State, estimate_id: str) -> tuple[str, dict]:
    job_id = "JB-" + estimate_id[3:] if estimate_id.startswith("ES-") else None
    j = state.jobs.get(job_id) if job_id else None
    if j is None or not j["estimate"]:
        raise WorkshopError("no_estimate", f"no estimate {estimate_id}")
    if j["status"] != "estimate_sent":
        raise WorkshopError("already_answered", f"{estimate_id} is not awaiting an answer ({j['status']})")
    return job_id, j


@workshop("reception")
def approve_estimate(state: State, token: str, estimate_id: str, approved_by: str, deposit: float = 0.0) -> JobCard:
    """Record that the customer has accepted an estimate, with any deposit they pay.

    Args:
        token: The session token.
        estimate_id: The estimate number.
        approved_by: Who accepted it, and how (on the phone, in writing).
        deposit: The deposit taken now.

    Returns:
        The job card, approved.
    """
    job_id, j = _sent_estimate(state, estimate_id)
    if not approved_by.strip():
        raise WorkshopError("empty", "say who accepted the estimate")
    total = _total(j)
    if deposit < 0 or deposit > total:
        raise WorkshopError("bad_deposit", f"a deposit is between 0 and the estimate, {total:.2f}")
    if total > DEPOSIT_OVER and deposit < _money(total * DEPOSIT_SHARE):
        raise WorkshopError("deposit_needed", f"work over {DEPOSIT_OVER:.2f} starts with a deposit of a quarter: "
                                              f"{_money(total * DEPOSIT_SHARE):.2f} on {estimate_id}")
    j["status"], j["deposit"] = "approved", _money(deposit)
    j["notes"].append(f"Estimate accepted by {approved_by.strip()}")
    return _card(state, job_id)


@workshop("reception")
def decline_estimate(state: State, token: str, estimate_id: str, reason: str) -> JobCard:
    """Record that the customer has turned an estimate down; the instrument goes back as it is.

    Args:
        token: The session token.
        estimate_id: The estimate number.
        reason: What the customer said.

    Returns:
        The job card, declined.
    """
    job_id, j = _sent_estimate(state, estimate_id)
    if not reason.strip():
        raise WorkshopError("empty", "note what the customer said")
    j["status"] = "declined"
    j["notes"].append(f"Estimate declined: {reason.strip()}")
    return _card(state, job_id)


@workshop("reception", "technician")
def cancel_job(state: State, token: str, job_id: str, reason: str) -> JobCard:
    """Cancel a job before any work or parts, for instance when it was booked in by mistake.

    Args:
        token: The session token.
        job_id: The job number.
        reason: Why.

    Returns:
        The job card, cancelled.
    """
    j = _job(state, job_id)
    if j["status"] not in ("booked_in", "estimated", "estimate_sent"):
        raise WorkshopError("too_late", f"{job_id} is {j['status'].replace('_', ' ')}; only a job not yet approved is "
                                        "cancelled")
    if not reason.strip():
        raise WorkshopError("empty", "say why the job is cancelled")
    j["status"] = "cancelled"
    j["notes"].append(f"Cancelled: {reason.strip()}")
    return _card(state, job_id)


# --------------------------------------------------------------------------- parts


@workshop("technician")
def order_part(state: State, token: str, job_id: str, part_code: str, quantity: int = 1) -> PartOrder:
    """Order a part in for an approved job.

    Args:
        token: The session token.
        job_id: The job number.
        part_code: The part's code from the parts catalogue.
        quantity: How many.

    Returns:
        The parts order, with its number and the date it is due.
    """
    j = _job(state, job_id)
    if j["status"] not in ("approved", "in_work"):
        raise WorkshopError("not_approved", f"{job_id} is {j['status'].replace('_', ' ')}; parts are ordered once the "
                                            "customer has accepted the estimate")
    p = PARTS.get(part_code)
    if p is None:
        raise WorkshopError("no_part", f"{part_code!r} is not in the parts catalogue")
    kind = state.instruments[j["instrument"]]["kind"]
    if kind not in p[3]:
        raise WorkshopError("does_not_fit", f"{part_code} fits {', '.join(p[3])}; {j['instrument']} is a {kind}")
    if not 1 <= quantity <= 10:
        raise WorkshopError("bad_quantity", "order 1 to 10")
    for oid, o in state.orders.items():
        if o["job"] == job_id and o["part"] == part_code and o["status"] == "on_order":
            raise WorkshopError("already_on_order", f"{part_code} is already on order for {job_id} ({oid})")
    oid = f"PO-{_next(state, 'order'):04d}"
    due = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(weeks=p[4])).isoformat()
    state.orders[oid] = {"job": job_id, "part": part_code, "qty": quantity, "ordered": TODAY, "due": due,
                         "status": "on_order"}
    return _order_reply(state, oid)


@workshop()
def parts_on_order(state: State, token: str, status: OrderStatus | None = None,
                   supplier: str | None = None) -> list[PartOrder]:
    """The parts orders, optionally in one status or from one supplier.

    Args:
        token: The session token.
        status: on_order, arrived or cancelled.
        supplier: Only orders from this supplier.

    Returns:
        One row per order.
    """
    if status is not None and status not in ("on_order", "arrived", "cancelled"):
        raise WorkshopError("bad_filter", f"{status!r} is not an order status")
    return [_order_reply(state, oid) for oid, o in sorted(state.orders.items())
            if (status is None or o["status"] == status)
            and (supplier is None or PARTS[o["part"]][2].lower() == supplier.strip().lower())]


@workshop("reception", "technician")
def receive_part(state: State, token: str, order_id: str) -> PartOrder:
    """Book in a part that has arrived from the supplier.

    Args:
        token: The session token.
        order_id: The parts order number.

    Returns:
        The order, arrived.
    """
    o = state.orders.get(order_id)
    if o is None:
        raise WorkshopError("no_order", f"no parts order {order_id}")
    if o["status"] != "on_order":
        raise WorkshopError("not_on_order", f"{order_id} is {o['status'].replace('_', ' ')}")
    o["status"] = "arrived"
    return _order_reply(state, order_id)


@workshop("technician")
def cancel_part_order(state: State, token: str, order_id: str, reason: str) -> PartOrder:
    """Cancel a parts order that has not arrived.

    Args:
        token: The session token.
        order_id: The parts order number.
        reason: Why.

    Returns:
        The order, cancelled.
    """
    o = state.orders.get(order_id)
    if o is None:
        raise WorkshopError("no_order", f"no parts order {order_id}")
    if o["status"] != "on_order":
        raise WorkshopError("not_on_order", f"{order_id} is {o['status'].replace('_', ' ')}")
    if not reason.strip():
        raise WorkshopError("empty", "say why the order is cancelled")
    o["status"], o["reason"] = "cancelled", reason.strip()
    return _order_reply(state, order_id)


# --------------------------------------------------------------------------- work


@workshop("technician")
def start_work(state: State, token: str, job_id: str) -> JobCard:
    """Start work on an approved job.

    Args:
        token: The session token.
        job_id: The job number.

    Returns:
        The job card, in work.
    """
    j = _job(state, job_id)
    if j["status"] != "approved":
        raise WorkshopError("not_approved", f"{job_id} is {j['status'].replace('_', ' ')}; work starts on an approved "
                                            "job")
    if j["tech"] is None:
        raise WorkshopError("no_technician", f"{job_id} is on nobody's bench")
    if not j["in"]:
        raise WorkshopError("not_in_workshop", f"{j['instrument']} has not arrived in the workshop")
    waiting = [oid for oid, o in sorted(state.orders.items()) if o["job"] == job_id and o["status"] == "on_order"]
    if waiting:
        raise WorkshopError("parts_awaited", f"{', '.join(waiting)} has not arrived")
    j["status"] = "in_work"
    return _card(state, job_id)


@workshop("technician")
def log_work(state: State, token: str, job_id: str, hours: float, note: str) -> JobCard:
    """Log time spent on a job in work.

    Args:
        token: The session token.
        job_id: The job number.
        hours: Hours spent, in quarters.
        note: What was done.

    Returns:
        The job card with its work log.
    """
    who = _who(state, token)
    j = _job(state, job_id)
    if j["status"] != "in_work":
        raise WorkshopError("not_in_work", f"{job_id} is {j['status'].replace('_', ' ')}")
    if who["role"] != "manager" and who["tech"] != j["tech"]:
        raise WorkshopError("not_your_job", f"{job_id} is on {_tech_name(state, j['tech'])}'s bench; only they log "
                                            "time on it")
    if not 0.25 <= hours <= 10 or abs(hours * 4 - round(hours * 4)) > 1e-9:
        raise WorkshopError("bad_hours", "log a quarter of an hour to ten hours, in quarters")
    if not note.strip():
        raise WorkshopError("empty", "say what was done")
    j["work"].append([TODAY, who["name"], float(hours), note.strip()])
    return _card(state, job_id)


@workshop("technician")
def hold_job(state: State, token: str, job_id: str, reason: str) -> JobCard:
    """Put an approved job, or one in work, on hold.

    Args:
        token: The session token.
        job_id: The job number.
        reason: What it is waiting for.

    Returns:
        The job card, on hold.
    """
    j = _job(state, job_id)
    if j["status"] == "on_hold":
        raise WorkshopError("already_on_hold", f"{job_id} is already on hold")
    if j["status"] not in ("approved", "in_work"):
        raise WorkshopError("cannot_hold", f"{job_id} is {j['status'].replace('_', ' ')}")
    if not reason.strip():
        raise WorkshopError("empty", "say what the job is waiting for")
    j["held_from"], j["status"] = j["status"], "on_hold"
    j["notes"].append(f"On hold: {reason.strip()}")
    return _card(state, job_id)


@workshop("technician")
def resume_job(state: State, token: str, job_id: str) -> JobCard:
    """Take a job off hold, back to where it was.

    Args:
        token: The session token.
        job_id: The job number.

    Returns:
        The job card.
    """
    j = _job(state, job_id)
    if j["status"] != "on_hold":
        raise WorkshopError("not_on_hold", f"{job_id} is not on hold ({j['status'].replace('_', ' ')})")
    j["status"], j["held_from"] = j["held_from"], None
    return _card(state, job_id)


@workshop("technician")
def finish_job(state: State, token: str, job_id: str, notes: str) -> FinishedJob:
    """Finish a job in work and raise its invoice.

    Args:
        token: The session token.
        job_id: The job number.
        notes: What was done, for the invoice and the customer.

    Returns:
        The job, finished, with its invoice number, total, the deposit paid and the balance.
    """
    j = _job(state, job_id)
    if j["status"] != "in_work":
        raise WorkshopError("not_in_work", f"{job_id} is {j['status'].replace('_', ' ')}")
    if not notes.strip():
        raise WorkshopError("empty", "say what was done")
    j["status"] = "finished"
    j["notes"].append(f"Finished: {notes.strip()}")
    iid = "IV-" + job_id[3:]
    state.invoices[iid] = {"job": job_id, "paid": 0.0}
    row = _invoice_row(state, iid)
    return FinishedJob(job_id=job_id, status="finished", invoice_id=iid, total=row.total, deposit_paid=j["deposit"],
                       balance=row.balance)


@workshop("reception")
def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Receipt:
    """Take a payment against an invoice.

    Args:
        token: The session token.
        invoice_id: The invoice number.
        amount: The amount paid.
        method: card, cash, bank_transfer or cheque.

    Returns:
        The receipt, with the balance left.
    """
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise WorkshopError("no_invoice", f"no invoice {invoice_id}")
    if method not in ("card", "cash", "bank_transfer", "cheque"):
        raise WorkshopError("bad_method", f"{method!r} is not a way to pay")
    balance = _invoice_row(state, invoice_id).balance
    if balance <= 0:
        raise WorkshopError("already_paid", f"{invoice_id} is paid")
    if amount <= 0 or _money(amount) > balance:
        raise WorkshopError("bad_amount", f"the balance on {invoice_id} is {balance:.2f}")
    inv["paid"] = _money(inv["paid"] + amount)
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"invoice": invoice_id, "amount": _money(amount), "method": method}
    return Receipt(receipt_id=rid, invoice_id=invoice_id, amount=_money(amount), method=method,
                   balance=_invoice_row(state, invoice_id).balance)


@workshop("reception")
def release_instrument(state: State, token: str, job_id: str, collected_by: str) -> JobCard:
    """Hand a finished instrument back to its owner (or onto the van), once its invoice is paid.

    Args:
        token: The session token.
        job_id: The job number.
        collected_by: Who took it.

    Returns:
        The job card, collected.
    """
    j = _job(state, job_id)
    if j["status"] != "finished":
        raise WorkshopError("not_finished", f"{job_id} is {j['status'].replace('_', ' ')}")
    balance = _invoice_row(state, "IV-" + job_id[3:]).balance
    if balance > 0:
        raise WorkshopError("unpaid", f"IV-{job_id[3:]} has {balance:.2f} to pay before the instrument goes")
    if not collected_by.strip():
        raise WorkshopError("empty", "say who took it")
    j["status"] = "collected"
    j["notes"].append(f"Collected by {collected_by.strip()} on {TODAY}")
    return _card(state, job_id)


# --------------------------------------------------------------------------- the van


@workshop("reception")
def book_van(state: State, token: str, job_id: str, date: str, direction: Direction, crew: int) -> VanBooking:
    """Book the van to fetch a piano for a job, or to take a finished one home.

    Args:
        token: The session token.
        job_id: The job number.
        date: The day (YYYY-MM-DD).
        direction: collect (to the workshop) or deliver (back home).
        crew: How many movers go with the van.

    Returns:
        The van booking, with its number.
    """
    j = _job(state, job_id)
    kind = state.instruments[j["instrument"]]["kind"]
    if kind not in ("upright", "grand"):
        raise WorkshopError("counter_only", f"a {kind} is brought in and collected at the counter; the van is for "
                                            "pianos")
    day = _date(date)
    if day.weekday() not in VAN_DAYS:
        raise WorkshopError("not_a_van_day", "the van runs on Tuesdays and Fridays")
    if not datetime.date.fromisoformat(TODAY) < day <= datetime.date.fromisoformat(TODAY) + datetime.timedelta(
            days=VAN_AHEAD_DAYS):
        raise WorkshopError("bad_date", f"the van is booked from tomorrow up to {VAN_AHEAD_DAYS} days ahead")
    need = 3 if kind == "grand" else 2
    if crew < need or crew > 4:
        raise WorkshopError("crew", f"a {kind} goes with a crew of {need} to 4")
    if direction == "collect":
        if j["in"] or j["status"] not in ("booked_in", "estimated", "estimate_sent", "approved"):
            raise WorkshopError("nothing_to_collect", f"{j['instrument']} is not waiting to be fetched on {job_id}")
    elif direction == "deliver":
        if j["status"] != "finished":
            raise WorkshopError("not_finished", f"{job_id} is {j['status'].replace('_', ' ')}; a piano goes home "
                                                "when its job is finished")
    else:
        raise WorkshopError("bad_direction", f"{direction!r} is not collect or deliver")
    for bid, b in state.van.items():
        if b["job"] == job_id and b["direction"] == direction and b["status"] == "booked":
            raise WorkshopError("already_booked", f"{bid} already does that, on {b['date']}")
    bid = f"VB-{_next(state, 'van'):04d}"
    c = state.customers[_customer_of(state, j)]
    state.van[bid] = {"job": job_id, "date": day.isoformat(), "direction": direction, "crew": crew,
                      "status": "booked"}
    return VanBooking(booking_id=bid, job_id=job_id, date=day.isoformat(), direction=direction, crew=crew,
                      address=f"{c['address']} {c['postcode']}", status="booked")


@workshop("reception")
def cancel_van(state: State, token: str, booking_id: str, reason: str) -> VanBooking:
    """Cancel a van booking.

    Args:
        token: The session token.
        booking_id: The van booking number.
        reason: Why.

    Returns:
        The booking, cancelled.
    """
    b = state.van.get(booking_id)
    if b is None:
        raise WorkshopError("no_booking", f"no van booking {booking_id}")
    if b["status"] != "booked":
        raise WorkshopError("already_cancelled", f"{booking_id} is already cancelled")
    if not reason.strip():
        raise WorkshopError("empty", "say why")
    b["status"], b["reason"] = "cancelled", reason.strip()
    c = state.customers[_customer_of(state, state.jobs[b["job"]])]
    return VanBooking(booking_id=booking_id, job_id=b["job"], date=b["date"], direction=b["direction"], crew=b["crew"],
                      address=f"{c['address']} {c['postcode']}", status="cancelled")


# --------------------------------------------------------------------------- tuning rounds


@workshop()
def tuning_rounds(state: State, token: str, date_from: str | None = None) -> list[Round]:
    """The home tuning rounds from a day on (default today), each with its visits.

    Args:
        token: The session token.
        date_from: The first day to show (YYYY-MM-DD).

    Returns:
        One row per round, with its visits nested.
    """
    start = _date(date_from).isoformat() if date_from else TODAY
    return [_round_reply(state, rid) for rid, r in sorted(state.rounds.items()) if r["date"] >= start]


@workshop("reception", "tuner")
def add_to_round(state: State, token: str, round_id: str, instrument_id: str) -> Visit:
    """Put a piano on a home tuning round.

    Args:
        token: The session token.
        round_id: The round number.
        instrument_id: The piano's number.

    Returns:
        The visit, with its number.
    """
    r = state.rounds.get(round_id)
    if r is None or r["date"] < TODAY:
        raise WorkshopError("no_round", f"no round {round_id} to come")
    i = _instrument(state, instrument_id)
    if i["kind"] not in ("upright", "grand"):
        raise WorkshopError("not_a_piano", f"the rounds tune pianos; a {i['kind']} is seen in the workshop")
    job = _open_job(state, instrument_id)
    if job:
        raise WorkshopError("in_for_repair", f"{instrument_id} is with us on {job}; it is tuned before it goes home")
    c = state.customers[i["customer"]]
    if c["postcode"][:3] not in AREAS[r["area"]]:
        raise WorkshopError("wrong_area", f"{round_id} is the {r['area']} round ({', '.join(AREAS[r['area']])}); "
                                          f"{c['postcode']} is not on it")
    for vid, v in state.visits.items():
        if v["instrument"] == instrument_id and v["status"] == "booked":
            raise WorkshopError("already_on_round", f"{instrument_id} is already on {v['round']} as {vid}")
    if sum(1 for v in state.visits.values() if v["round"] == round_id and v["status"] != "removed") >= ROUND_SIZE:
        raise WorkshopError("round_full", f"{round_id} has its {ROUND_SIZE} visits")
    vid = f"TV-{_next(state, 'visit')}"
    state.visits[vid] = {"round": round_id, "instrument": instrument_id, "status": "booked", "pitch": None,
                         "notes": None, "raise": False}
    return Visit(visit_id=vid, instrument_id=instrument_id, customer=c["name"], postcode=c["postcode"], status="booked")


@workshop("reception", "tuner")
def remove_from_round(state: State, token: str, visit_id: str, reason: str) -> Visit:
    """Take a visit off a tuning round that has not happened.

    Args:
        token: The session token.
        visit_id: The visit number.
        reason: Why.

    Returns:
        The visit, removed.
    """
    v = state.visits.get(visit_id)
    if v is None:
        raise WorkshopError("no_visit", f"no visit {visit_id}")
    if v["status"] != "booked":
        raise WorkshopError("not_booked", f"{visit_id} is {v['status']}")
    if not reason.strip():
        raise WorkshopError("empty", "say why")
    v["status"], v["notes"] = "removed", reason.strip()
    i = state.instruments[v["instrument"]]
    c = state.customers[i["customer"]]
    return Visit(visit_id=visit_id, instrument_id=v["instrument"], customer=c["name"], postcode=c["postcode"],
                 status="removed")


@workshop("tuner")
def record_tuning(state: State, token: str, visit_id: str, pitch_hz: float, notes: str,
                  pitch_raise: bool = False) -> TuningRecord:
    """Record a tuning done on today's round.

    Args:
        token: The session token.
        visit_id: The visit number.
        pitch_hz: The pitch of A the piano was tuned to, in hertz.
        notes: The tuner's notes on the piano.
        pitch_raise: Whether it needed a pitch raise first.

    Returns:
        The tuning as recorded, with its charge.
    """
    v = state.visits.get(visit_id)
    if v is None:
        raise WorkshopError("no_visit", f"no visit {visit_id}")
    if v["status"] != "booked":
        raise WorkshopError("not_booked", f"{visit_id} is {v['status']}")
    r = state.rounds[v["round"]]
    if r["date"] != TODAY:
        raise WorkshopError("not_today", f"{v['round']} is on {r['date']}; tunings are recorded on the day")
    if not PITCH_RANGE[0] <= pitch_hz <= PITCH_RANGE[1]:
        raise WorkshopError("bad_pitch", "we tune to A440, or as near as an old piano will stand: between "
                                         f"{PITCH_RANGE[0]:g} and {PITCH_RANGE[1]:g} Hz")
    if not notes.strip():
        raise WorkshopError("empty", "note the piano's condition")
    v.update({"status": "tuned", "pitch": float(pitch_hz), "notes": notes.strip(), "raise": bool(pitch_raise)})
    charge = SERVICES["TUN"][1] + (SERVICES["PRA"][1] if pitch_raise else 0.0)
    return TuningRecord(visit_id=visit_id, round_id=v["round"], instrument_id=v["instrument"], pitch_hz=float(pitch_hz),
                        pitch_raise=bool(pitch_raise), charge=_money(charge), notes=notes.strip(), status="tuned")


# --------------------------------------------------------------------------- loans


@workshop()
def loan_instruments(state: State, token: str) -> list[Loaner]:
    """The loan instruments, each available or out on a loan.

    Args:
        token: The session token.

    Returns:
        One row per loaner, with the loan it is out on.
    """
    out = []
    for lid, l in sorted(state.loaners.items()):
        loan = next(((aid, a) for aid, a in sorted(state.loans.items()) if a["loaner"] == lid and a["status"] == "out"),
                    None)
        out.append(Loaner(loaner_id=lid, description=l["description"], kind=l["kind"],
                          status="out" if loan else "available", loan_id=loan[0] if loan else None,
                          customer_id=loan[1]["customer"] if loan else None))
    return out


@workshop("reception")
def lend_instrument(state: State, token: str, customer_id: str, loaner_id: str, deposit: float) -> Loan:
    """Lend a loan instrument to a customer while their own is in the workshop.

    Args:
        token: The session token.
        customer_id: The customer number.
        loaner_id: The loan instrument's number.
        deposit: The deposit taken.

    Returns:
        The loan, with its number.
    """
    c = _customer(state, customer_id)
    l = state.loaners.get(loaner_id)
    if l is None:
        raise WorkshopError("no_loaner", f"no loan instrument {loaner_id}")
    if any(a["loaner"] == loaner_id and a["status"] == "out" for a in state.loans.values()):
        raise WorkshopError("loaner_out", f"{loaner_id} is out")
    if any(a["customer"] == customer_id and a["status"] == "out" for a in state.loans.values()):
        raise WorkshopError("already_lent", f"{c['name']} already has a loan instrument")
    kinds = {state.instruments[j["instrument"]]["kind"] for j in state.jobs.values()
             if state.instruments[j["instrument"]]["customer"] == customer_id
             and j["status"] not in ("collected", "cancelled", "declined")}
    if not kinds:
        raise WorkshopError("nothing_in", f"{c['name']} has no instrument in with us; loans are for customers "
                                          "whose own is in the workshop")
    fits = {"digital piano": {"upright", "grand"}, "violin": {"violin"}}[l["kind"]]
    if not kinds & fits:
        raise WorkshopError("wrong_loaner", f"a {l['kind']} is lent in place of a "
                                            f"{' or '.join(sorted(fits))}")
    if abs(deposit - LOAN_DEPOSIT) > 1e-9:
        raise WorkshopError("deposit", f"a loan instrument goes out on a deposit of {LOAN_DEPOSIT:.2f}")
    aid = f"LA-{_next(state, 'loan'):04d}"
    state.loans[aid] = {"loaner": loaner_id, "customer": customer_id, "deposit": LOAN_DEPOSIT, "out": TODAY,
                        "status": "out"}
    return _loan_reply(state, aid)


@workshop("reception")
def return_loan(state: State, token: str, loan_id: str, condition: str, damaged: bool = False) -> Loan:
    """Take a loan instrument back and refund the deposit (none if it came back damaged).

    Args:
        token: The session token.
        loan_id: The loan number.
        condition: The state it came back in.
        damaged: Whether it came back damaged.

    Returns:
        The loan, returned, with the deposit refunded.
    """
    a = state.loans.get(loan_id)
    if a is None:
        raise WorkshopError("no_loan", f"no loan {loan_id}")
    if a["status"] != "out":
        raise WorkshopError("already_returned", f"{loan_id} has been returned")
    if not condition.strip():
        raise WorkshopError("empty", "note the condition it came back in")
    a["status"], a["condition"] = "returned", condition.strip()
    return _loan_reply(state, loan_id, refunded=0.0 if damaged else a["deposit"])


@workshop("reception")
def notify_customer(state: State, token: str, customer_id: str, channel: Channel, message: str) -> Done:
    """Write to a customer by e-mail, text or letter.

    Args:
        token: The session token.
        customer_id: The customer number.
        channel: email, sms or letter.
        message: What to say.

    Returns:
        What was sent, with the message number.
    """
    c = _customer(state, customer_id)
    if channel not in ("email", "sms", "letter"):
        raise WorkshopError("bad_channel", f"{channel!r} is not a way to write")
    if not message.strip():
        raise WorkshopError("empty", "the message is empty")
    if channel == "email" and not c["email"]:
        raise WorkshopError("no_email", f"no e-mail address on file for {c['name']}")
    mid = f"M-{_next(state, 'message')}"
    state.messages.append({"id": mid, "customer": customer_id, "channel": channel, "text": message.strip()})
    return Done(done=f"message {mid} sent to {c['name']} by {channel}")


TOOLS = [
    sign_in, sign_out, price_guide, parts_catalogue, find_customer, register_customer, update_customer,
    customer_account, register_instrument, instrument_history, book_in, jobs_board, job_card, check_in_instrument,
    technicians, assign_technician, add_estimate_line, remove_estimate_line, send_estimate, approve_estimate,
    decline_estimate, cancel_job, order_part, parts_on_order, receive_part, cancel_part_order, start_work, log_work,
    hold_job, resume_job, finish_job, take_payment, release_instrument, book_van, cancel_van, tuning_rounds,
    add_to_round, remove_from_round, record_tuning, loan_instruments, lend_instrument, return_loan, notify_customer,
]

FIXTURES = {
    "workshop": {"name": "Calloway & Reid, piano and instrument restorers, 12 Foundry Lane, Ashcombe",
                 "today": "Tuesday 14 March 2034, 09:00"},
    "staff": [
        {"name": "Pia Rowntree", "role": "reception", "username": "pia.r", "password": "Soft-Pedal-41"},
        {"name": "Dev Kapoor", "role": "piano technician", "username": "dev.k", "password": "Let-Off-2207"},
        {"name": "Maggie O'Dowd", "role": "technician (strings, guitars, cases)", "username": "mags.o",
         "password": "Purfling-19"},
        {"name": "Len Whitcombe", "role": "tuner", "username": "len.w", "password": "Unison-A440"},
        {"name": "Rosalind Crane", "role": "workshop manager", "username": "ros.c", "password": "Calloway-1962"},
    ],
    "new_customer": {"name": "Mr Owen Treharne", "address": "5 Chapel Close, Ashcombe", "postcode": "AC2 3CC",
                     "phone": "07700 901188", "email_later": "owen.treharne@mail.example",
                     "piano": {"kind": "upright", "maker": "Bechstein", "model": "Model 8", "serial": "104552",
                               "year": 1911},
                     "complaint": "several notes in the middle stick, and the bass strings buzz and sound dead",
                     "wants": "the piano put right, and tuned at home in the meantime if it can be"},
    "office_notes": [
        "Mr Nikhil Bose would like his guitar set up as well as the frets seen to",
        "Miss Ruth Lyle has written back accepting the estimate for her Challen",
        "Mr Felix Amadi is collecting his violin at lunchtime and will pay cash",
        "The Renner hammers for the school's Steinway came on this morning's carrier",
        "Mrs Joan Penrose has chosen the walnut veneer, so Maggie can carry on",
        "Dr Sheppard would like his grand tuned on the next north round",
        "The Okonjos' piano is ready to fetch; they are in all day on Fridays",
    ],
}

_TOKEN = "auth: session token (token of sign_in's Session)"
PUBLIC = ("sign_in", "price_guide", "parts_catalogue")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_account", "register_instrument", "notify_customer",
                      "lend_instrument"]
INSTRUMENT_CONSUMERS = ["instrument_history", "book_in", "add_to_round"]
JOB_CONSUMERS = ["job_card", "check_in_instrument", "assign_technician", "add_estimate_line", "send_estimate",
                 "order_part", "start_work", "finish_job", "hold_job", "book_van", "cancel_job", "release_instrument"]
_CUSTOMER = "id lookup/create: customer number (customer_id of register_customer, or of a find_customer row)"
_INSTRUMENT = ("id lookup/create: instrument number (instrument_id of register_instrument, or of customer_account's "
               "instruments)")
_JOB = "id lookup/create: job number (job_id of book_in's card, or of a jobs_board row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("register_instrument|customer_account", c, _INSTRUMENT) for c in INSTRUMENT_CONSUMERS]
    + [("book_in|jobs_board", c, _JOB) for c in JOB_CONSUMERS]
    + [
        ("technicians", "assign_technician", "id lookup: technician number (tech_id of a technicians row)"),
        ("price_guide", "add_estimate_line", "vocabulary: service codes (code of price_guide lines)"),
        ("parts_catalogue", "order_part", "vocabulary: part codes (code of parts_catalogue rows)"),
        ("send_estimate|job_card", "approve_estimate",
         "id lookup/create: estimate number (estimate_id of send_estimate, or of job_card)"),
        ("send_estimate|job_card", "decline_estimate",
         "id lookup/create: estimate number (estimate_id of send_estimate, or of job_card)"),
        ("order_part|parts_on_order", "receive_part",
         "id lookup/create: parts order number (order_id of order_part, or of a parts_on_order row)"),
        ("order_part|parts_on_order", "cancel_part_order",
         "id lookup/create: parts order number (order_id of order_part, or of a parts_on_order row)"),
        ("finish_job|customer_account", "take_payment",
         "id lookup/create: invoice number (invoice_id of finish_job, or of customer_account's invoices)"),
        ("book_van", "cancel_van", "id create: van booking number (booking_id of book_van)"),
        ("tuning_rounds", "add_to_round", "id lookup: tuning round (round_id of a tuning_rounds row)"),
        ("add_to_round|tuning_rounds", "record_tuning",
         "id lookup/create: visit number (visit_id of add_to_round, or of a tuning_rounds row's visits)"),
        ("add_to_round|tuning_rounds", "remove_from_round",
         "id lookup/create: visit number (visit_id of add_to_round, or of a tuning_rounds row's visits)"),
        ("loan_instruments", "lend_instrument", "id lookup: loan instrument (loaner_id of a loan_instruments row)"),
        ("lend_instrument|loan_instruments", "return_loan",
         "id lookup/create: loan number (loan_id of lend_instrument, or of a loan_instruments row)"),
        ("add_estimate_line", "send_estimate", "state: a line on the estimate"),
        ("assign_technician", "send_estimate", "state: a technician on the job"),
        ("add_estimate_line", "remove_estimate_line", "state: the line on the draft estimate"),
        ("approve_estimate", "order_part", "state: the estimate accepted"),
        ("approve_estimate", "start_work", "state: the estimate accepted"),
        ("check_in_instrument", "start_work", "state: the instrument in the workshop"),
        ("receive_part", "start_work", "state: every part ordered has arrived"),
        ("start_work", "log_work", "state: the job in work"),
        ("start_work", "finish_job", "state: the job in work"),
        ("finish_job", "release_instrument", "state: the job finished"),
        ("take_payment", "release_instrument", "state: the invoice paid in full"),
        ("finish_job", "book_van", "state: the job finished (a delivery home)"),
        ("hold_job", "resume_job", "state: the job on hold"),
        ("update_customer", "notify_customer", "state: an e-mail address on file"),
        ("book_in", "lend_instrument", "state: the customer's own instrument booked in"),
    ]
)

PLAUSIBLE = {
    ("register_customer", "find_customer"), ("register_instrument", "customer_account"),
    ("book_in", "customer_account"), ("book_in", "jobs_board"),
    ("book_in", "instrument_history"), ("book_in", "log_work"), ("book_in", "remove_estimate_line"),
    ("book_in", "resume_job"), ("jobs_board", "log_work"), ("jobs_board", "remove_estimate_line"),
    ("jobs_board", "resume_job"), ("jobs_board", "approve_estimate"), ("jobs_board", "decline_estimate"),
    ("customer_account", "job_card"), ("customer_account", "release_instrument"),
    ("customer_account", "book_van"), ("customer_account", "lend_instrument"), ("customer_account", "notify_customer"),
    ("instrument_history", "book_in"), ("instrument_history", "add_to_round"), ("job_card", "send_estimate"),
    ("job_card", "order_part"), ("job_card", "start_work"), ("job_card", "take_payment"), ("job_card", "receive_part"),
    ("job_card", "cancel_part_order"), ("job_card", "release_instrument"), ("job_card", "assign_technician"),
    ("assign_technician", "start_work"), ("assign_technician", "log_work"), ("assign_technician", "jobs_board"),
    ("technicians", "jobs_board"), ("add_estimate_line", "approve_estimate"), ("add_estimate_line", "job_card"),
    ("send_estimate", "job_card"), ("approve_estimate", "job_card"), ("approve_estimate", "cancel_job"),
    ("decline_estimate", "cancel_job"), ("decline_estimate", "book_in"), ("cancel_job", "book_in"),
    ("order_part", "parts_on_order"), ("order_part", "job_card"), ("order_part", "start_work"),
    ("receive_part", "parts_on_order"), ("cancel_part_order", "parts_on_order"), ("cancel_part_order", "start_work"),
    ("start_work", "hold_job"), ("start_work", "jobs_board"), ("log_work", "job_card"), ("log_work", "finish_job"),
    ("hold_job", "jobs_board"), ("resume_job", "log_work"), ("resume_job", "finish_job"),
    ("finish_job", "customer_account"), ("finish_job", "jobs_board"), ("finish_job", "job_card"),
    ("take_payment", "customer_account"), ("take_payment", "book_van"), ("release_instrument", "add_to_round"),
    ("release_instrument", "return_loan"), ("book_van", "check_in_instrument"), ("book_van", "job_card"),
    ("check_in_instrument", "job_card"), ("check_in_instrument", "add_estimate_line"),
    ("add_to_round", "tuning_rounds"), ("add_to_round", "instrument_history"), ("remove_from_round", "tuning_rounds"),
    ("record_tuning", "instrument_history"), ("record_tuning", "tuning_rounds"), ("lend_instrument", "loan_instruments"),
    ("lend_instrument", "customer_account"), ("return_loan", "loan_instruments"), ("return_loan", "lend_instrument"),
    ("update_customer", "customer_account"), ("update_customer", "send_estimate"), ("find_customer", "jobs_board"),
    ("customer_account", "update_customer"),
}
