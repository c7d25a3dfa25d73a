"""Charabanc: the booking office of Wealdway Coaches, Station Yard, Hartsfield (38 calls).

Sync functions over an in-memory ``State`` of the operator on Monday 2 June 2031 at 09:00. Sales quotes
private hire (schools, clubs, businesses, families) from the published destinations, amends quotes,
records acceptance, adds and removes pick-ups, cancels hires, sells seats on the day-tour programme,
lets passengers choose seats and change their pick-up point, cancels tour bookings, e-mails tickets and
writes to customers. Traffic allocates coaches from the fleet list and drivers from the roster (and
releases them), issues the driver's running card, records hires done, reports vehicle defects and
clears them, confirms and cancels tour departures. Accounts takes deposits and payments and invoices
completed hires. The operator's manager may do everything. The destinations list and the tour
programme are public.

Every tool is a plain ``def`` wrapped by ``booking_office(*roles)`` (``functools.wraps``), which
checks the session and the role. The back end was written as Flask views: a reply is the record
itself, while a refusal is *returned* as a ``(body, status)`` pair, ``({"message": ..., "reason":
...}, 409)``, with a 4xx status (401 not signed in, 403 wrong role, 404 not found, 409 a record in the
wrong state, 422 a value the operator does not take). It reaches the runtime as a two-item JSON list,
which no common convention reads, so ``FAILURE`` (``is_error_response``) is declared. Replies are
pydantic models and lists of them (a quote; a hire with its pick-ups nested; a customer's account
with quotes, hires, tour bookings and invoices nested; the tour programme with each departure's
pick-up points nested; a seat plan as rows of seat labels; a tour manifest with its bookings and
their passengers and seats nested; an invoice with its lines nested; a running card with its stops
nested). Quotes, hires, invoices and running cards look alike (quote ``QH-2226``, hire ``PH-2226``,
deposit invoice ``INV-2226-D``, final invoice ``INV-2219-F``, running card ``RC-2219``; tour departure
``TR-0607``, tour booking ``TB-5504`` and its invoice ``INV-5504-T``; coach ``WC-07``, driver ``DR-07``;
defect ``DF-0087``; customer ``CU-4108``). How long each journey takes, the coach park that a double
decker cannot reach, how long a quote holds, that an expired Driver CPC stops a driver, the
courier's seats, the numbers a tour needs to run, how many wheelchair users a coach carries, and how
late an extra pick-up may be are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
import functools
import inspect
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Tuple, Union

from pydantic import BaseModel

TODAY = "2031-06-02"  # a Monday
NOW = "09:00"
QUOTE_DAYS = 14
DEPOSIT = 0.25
DRIVER_RATE = 22.0
SECOND_DRIVER_AFTER = 13 * 60
MINIMUM_HIRE = 280.0
WAITING_RATE = 30.0
TOUR_MINIMUM = 20
COURIER_SEATS = ("1A", "1B")
SEAT_ROWS = 13
CAPACITY = {"midi": 29, "standard": 53, "executive": 49, "double_decker": 79}
MILE_RATE = {"midi": 1.6, "standard": 2.1, "executive": 2.6, "double_decker": 3.1}

CustomerKind = Literal["private", "school", "club", "business"]
PayMethod = Literal["card", "bank_transfer", "cash", "cheque"]
Severity = Literal["advisory", "minor", "dangerous"]
DefectStatus = Literal["open", "cleared"]
HireStatus = Literal["provisional", "confirmed", "ready", "completed", "invoiced", "cancelled"]
Channel = Literal["email", "sms"]
Refusal = Tuple[Dict[str, str], int]


class CoachType(str, Enum):
    MIDI = "midi"
    STANDARD = "standard"
    EXECUTIVE = "executive"
    DOUBLE_DECKER = "double_decker"


def is_error_response(reply: Any) -> bool:
    """True for a refusal: a ``(body, status)`` pair (a two-item list in JSON) whose status is 400-599."""
    return (isinstance(reply, (list, tuple)) and len(reply) == 2 and isinstance(reply[0], dict)
            and isinstance(reply[1], int) and not isinstance(reply[1], bool) and 400 <= reply[1] <= 599)


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str


class Ack(BaseModel):
    done: bool
    message: str


class Destination(BaseModel):
    code: str
    name: str
    miles: int


class Pickup(BaseModel):
    code: Optional[str] = None
    place: str
    time: str


class TourDeparture(BaseModel):
    tour_id: str
    title: str
    day: str
    back_by: str
    price: float
    seats_left: int
    status: str
    pickups: List[Pickup]


class CustomerRow(BaseModel):
    customer_id: str
    name: str
    kind: str
    postcode: str
    phone: str


class Customer(BaseModel):
    customer_id: str
    name: str
    kind: str
    phone: str
    email: Optional[str]
    address: str
    postcode: str
    contact: Optional[str]


class Quote(BaseModel):
    quote_id: str
    customer_id: str
    customer: str
    destination: str
    day: str
    depart: str
    return_by: str
    passengers: int
    coach_type: str
    wheelchair_users: int
    pickup: str
    drivers: int
    price: float
    valid_until: str
    status: str


class Hire(BaseModel):
    hire_id: str
    quote_id: str
    customer_id: str
    customer: str
    destination: str
    day: str
    depart: str
    return_by: str
    passengers: int
    coach_type: str
    wheelchair_users: int
    pickups: List[Pickup]
    price: float
    deposit: float
    deposit_invoice_id: str
    status: str
    coach: Optional[str]
    driver: Optional[str]
    running_card: Optional[str]
    waiting_minutes: int


class DiaryRow(BaseModel):
    job_id: str
    kind: str
    customer: str
    destination: str
    depart: str
    passengers: int
    coach_type: str
    coach: Optional[str]
    driver: Optional[str]
    status: str


class CoachRow(BaseModel):
    fleet_no: str
    reg: str
    coach_type: str
    seats: int
    wheelchair_spaces: int
    status: str
    job: Optional[str]


class DriverRow(BaseModel):
    driver_id: str
    name: str
    on_duty: bool
    job: Optional[str]
    driving_minutes: int
    cpc_expires: str


class Stop(BaseModel):
    time: str
    place: str


class RunningCard(BaseModel):
    card_id: str
    job_id: str
    day: str
    coach: str
    reg: str
    driver: str
    stops: List[Stop]
    destination: str
    return_by: str
    passengers: int
    contact: str


class Defect(BaseModel):
    defect_id: str
    fleet_no: str
    defect: str
    severity: str
    reported: str
    status: str
    repaired_by: Optional[str]
    note: Optional[str]
    coach_status: str


class InvoiceLine(BaseModel):
    description: str
    amount: float


class Invoice(BaseModel):
    invoice_id: str
    customer_id: str
    lines: List[InvoiceLine]
    total: float
    paid: float
    balance: float


class Receipt(BaseModel):
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    balance: float


class TourBooking(BaseModel):
    booking_id: str
    tour_id: str
    title: str
    day: str
    customer_id: str
    customer: str
    passengers: List[str]
    pickup: Pickup
    seats: List[str]
    total: float
    invoice_id: str
    status: str


class SeatPlan(BaseModel):
    tour_id: str
    coach_type: str
    rows: List[List[str]]
    free: int


class ManifestBooking(BaseModel):
    booking_id: str
    customer: str
    pickup: str
    passengers: List[str]
    seats: List[str]
    status: str


class Manifest(BaseModel):
    tour_id: str
    title: str
    day: str
    paid_passengers: int
    held_passengers: int
    bookings: List[ManifestBooking]


class Tickets(BaseModel):
    booking_id: str
    sent_to: str
    tickets: List[str]


class QuoteRow(BaseModel):
    quote_id: str
    day: str
    destination: str
    price: float
    status: str


class HireRow(BaseModel):
    hire_id: str
    day: str
    destination: str
    status: str


class TourBookingRow(BaseModel):
    booking_id: str
    tour_id: str
    day: str
    passengers: int
    status: str


class InvoiceRow(BaseModel):
    invoice_id: str
    description: str
    total: float
    balance: float


class CustomerAccount(BaseModel):
    customer: Customer
    quotes: List[QuoteRow]
    hires: List[HireRow]
    tour_bookings: List[TourBookingRow]
    invoices: List[InvoiceRow]


class Message(BaseModel):
    message_id: str
    customer_id: str
    channel: str
    to: str
    text: str


# --------------------------------------------------------------------------- state


class State:
    """Wealdway Coaches, Station Yard, Hartsfield, on Monday 2 June 2031 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "hannah.g": {"name": "Hannah Gray", "password": "Coach-Trip-22", "role": "sales"},
            "vic.p": {"name": "Vic Pollard", "password": "Tacho-Card-9", "role": "traffic"},
            "sue.b": {"name": "Sue Barker", "password": "Ledger-Wealdway", "role": "accounts"},
            "ray.w": {"name": "Ray Wheeler", "password": "Wealdway-1962", "role": "manager"},
        }
        self.sessions = {}
        self.destinations = {  # code -> name, miles one way, minutes one way
            "BTN": ("Brighton, Madeira Drive coach park", 48, 75),
            "CTB": ("Canterbury, Kingsmead coach park", 62, 90),
            "DVR": ("Dover, Eastern Docks", 84, 110),
            "EBN": ("Eastbourne, seafront", 31, 50),
            "LVC": ("London, Victoria Coach Station", 44, 90),
            "PMH": ("Portsmouth Historic Dockyard", 95, 130),
            "TWK": ("Twickenham Stadium", 52, 95),
            "WSR": ("Windsor, coach park", 71, 105),
        }
        self.no_double_deckers = {"CTB": "the approach to Kingsmead has a 4.0 m railway bridge"}
        self.pickups = [["HFD", "Hartsfield coach station", "08:00"], ["TNB", "Tonbury, Market Square", "08:20"],
                        ["ASH", "Ashden, village hall", "08:35"]]
        self.coaches = {  # fleet no -> reg, type, seats, wheelchair spaces, off road
            "WC-03": ["WD19 MDC", "midi", 29, 0, False],
            "WC-07": ["WD68 STD", "standard", 53, 1, False],
            "WC-09": ["WD17 STB", "standard", 53, 0, True],
            "WC-12": ["WD71 EXC", "executive", 49, 0, False],
            "WC-15": ["WD23 EXL", "executive", 49, 1, False],
            "WC-20": ["WD20 DDK", "double_decker", 79, 0, False],
        }
        self.drivers = {  # id -> name, CPC expiry, rest weekday (Monday is 0)
            "DR-02": ["Pete Hollis", "2033-03-31", 6],
            "DR-04": ["Maggie Sutton", "2031-05-31", 6],
            "DR-05": ["Dev Kaur", "2032-11-30", 5],
            "DR-07": ["Alan Brooks", "2034-01-31", 0],
            "DR-09": ["Carol Finch", "2032-08-31", 2],
        }
        self.defects = {
            "DF-0085": {"coach": "WC-12", "defect": "Rear offside marker lamp flickering", "severity": "advisory",
                        "reported": "2031-05-22", "status": "cleared", "by": "Kev Lane", "note": "Bulb holder replaced"},
            "DF-0087": {"coach": "WC-09", "defect": "Nearside rear tyre cut to the cords", "severity": "dangerous",
                        "reported": "2031-05-30", "status": "open", "by": None, "note": None},
        }
        self.customers = {
            "CU-4101": {"name": "St Anselm's Primary School", "kind": "school", "phone": "01632 960401",
                        "email": "office@stanselms.example", "address": "Church Walk, Hartsfield", "postcode": "HF2 3CW",
                        "contact": "Mrs Clare Dunn, school business manager"},
            "CU-4104": {"name": "Hartsfield Rugby Club", "kind": "club", "phone": "01632 960404", "email": None,
                        "address": "Moor Lane Ground, Hartsfield", "postcode": "HF4 1ML",
                        "contact": "Mr Gavin Moss, club secretary"},
            "CU-4108": {"name": "Mrs Irene Platt", "kind": "private", "phone": "07700 900408",
                        "email": "irene.platt@mail.example", "address": "6 Well Lane, Tonbury", "postcode": "TN4 3WL",
                        "contact": None},
            "CU-4112": {"name": "Mr Derek Oakley", "kind": "private", "phone": "07700 900412", "email": None,
                        "address": "Orchard House, Ashden", "postcode": "TN6 2OH", "contact": None},
            "CU-4115": {"name": "Bramley & Co Solicitors", "kind": "business", "phone": "01632 960415",
                        "email": "office@bramleyco.example", "address": "12 High Street, Hartsfield",
                        "postcode": "HF1 1HS", "contact": "Ms Nadia Bramley, practice manager"},
            "CU-4119": {"name": "Mr James Whitlock", "kind": "private", "phone": "07700 900419",
                        "email": "james.whitlock@mail.example", "address": "3 Mill Race, Hartsfield",
                        "postcode": "HF3 2MR", "contact": None},
            "CU-4122": {"name": "Hartsfield U3A", "kind": "club", "phone": "01632 960422", "email": "trips@hartsfieldu3a.example",
                        "address": "The Institute, Hartsfield", "postcode": "HF1 2TI", "contact": "Mrs Pam Rudd, outings"},
            "CU-4125": {"name": "Mr Ken Ashby", "kind": "private", "phone": "07700 900425", "email": "ken.ashby@mail.example",
                        "address": "21 Oak Avenue, Hartsfield", "postcode": "HF2 5OA", "contact": None},
        }

        def quote(customer, dest, day, depart, ret, pax, kind, wheelchair, pickup, quoted, status):
            return {"customer": customer, "dest": dest, "day": day, "depart": depart, "return_by": ret, "passengers": pax,
                    "type": kind, "wheelchair": wheelchair, "pickup": pickup, "quoted": quoted, "status": status}

        self.quotes = {
            "QH-2219": quote("CU-4101", "BTN", TODAY, "09:30", "15:00", 45, "standard", 1, "St Anselm's, Church Walk",
                             "2031-04-28", "accepted"),
            "QH-2223": quote("CU-4119", "BTN", "2031-06-07", "10:30", "18:30", 44, "executive", 0,
                             "Hartsfield coach station", "2031-05-27", "accepted"),
            "QH-2224": quote("CU-4115", "CTB", "2031-06-04", "08:30", "17:30", 50, "standard", 0,
                             "12 High Street, Hartsfield", "2031-05-12", "accepted"),
            "QH-2226": quote("CU-4104", "TWK", TODAY, "10:30", "22:00", 46, "executive", 0, "Moor Lane Ground",
                             "2031-05-28", "open"),
        }
        self.hires = {}
        for hid, status, coach, driver, card, pickups in (
                ("PH-2219", "ready", "WC-07", "DR-02", "RC-2219", []),
                ("PH-2223", "provisional", None, None, None, [["The Bell, Ashden", "10:50"]]),
                ("PH-2224", "confirmed", None, None, None, [])):
            q = self.quotes["QH-" + hid[3:]]
            self.hires[hid] = {"quote": "QH-" + hid[3:], "status": status, "coach": coach, "driver": driver,
                               "card": card, "pickups": [[q["pickup"], q["depart"]]] + pickups, "waiting": 0,
                               "notes": None, "reason": None}
        self.tours = {
            "TR-0607": {"title": "Windsor Castle and the Savill Garden", "day": "2031-06-07", "dest": "WSR",
                        "back_by": "19:00", "price": 49.0, "type": "standard", "status": "open", "coach": None,
                        "driver": None, "card": None},
            "TR-0614": {"title": "Canterbury Cathedral and Whitstable", "day": "2031-06-14", "dest": "CTB",
                        "back_by": "19:30", "price": 45.0, "type": "standard", "status": "open", "coach": None,
                        "driver": None, "card": None},
            "TR-0621": {"title": "Portsmouth Historic Dockyard", "day": "2031-06-21", "dest": "PMH", "back_by": "20:00",
                        "price": 52.0, "type": "standard", "status": "open", "coach": None, "driver": None,
                        "card": None},
        }
        u3a = ["Mrs Pam Rudd", "Mr Colin Rudd", "Mrs Jean Fox", "Mr Alan Fox", "Miss Edith Lamb", "Mrs Vera Cole",
               "Mr Frank Cole", "Mrs Ann Shaw", "Mrs Betty Hale", "Mr Ron Pike", "Mrs Sheila Pike", "Miss May Dunn",
               "Mrs Olive Grant", "Mr Bill Grant", "Mrs Irene Webb"]
        self.tour_bookings = {  # id -> tour, customer, passengers, pickup code, seats, status
            "TB-5490": {"tour": "TR-0607", "customer": "CU-4122", "passengers": u3a, "pickup": "HFD",
                        "seats": [f"{r}{c}" for r in range(3, 7) for c in "ABCD"][:15], "status": "paid"},
            "TB-5496": {"tour": "TR-0607", "customer": "CU-4125", "passengers": ["Mr Ken Ashby", "Mrs Lynn Ashby"],
                        "pickup": "HFD", "seats": ["2C", "2D"], "status": "paid"},
            "TB-5499": {"tour": "TR-0607", "customer": "CU-4112", "passengers": ["Mr Derek Oakley", "Mrs Susan Oakley"],
                        "pickup": "ASH", "seats": [], "status": "paid"},
            "TB-5504": {"tour": "TR-0607", "customer": "CU-4108", "passengers": ["Mrs Irene Platt", "Mrs Doris Kemp"],
                        "pickup": "TNB", "seats": [], "status": "held"},
            "TB-5507": {"tour": "TR-0614", "customer": "CU-4112", "passengers": ["Mr Derek Oakley", "Mrs Susan Oakley"],
                        "pickup": "ASH", "seats": ["5A", "5B"], "status": "paid"},
            "TB-5509": {"tour": "TR-0621", "customer": "CU-4125", "passengers": ["Mr Ken Ashby", "Mrs Lynn Ashby"],
                        "pickup": "HFD", "seats": [], "status": "paid"},
        }
        self.invoices = {}
        for hid in ("PH-2219", "PH-2223", "PH-2224"):
            q = self.quotes["QH-" + hid[3:]]
            price = _price(self, q)
            deposit = _money(price * DEPOSIT)
            self.invoices[f"INV-{hid[3:]}-D"] = {"customer": q["customer"], "lines": [[f"Deposit on hire {hid}", deposit]],
                                                 "paid": 0.0 if hid == "PH-2223" else deposit, "hire": hid}
        for bid, b in self.tour_bookings.items():
            t = self.tours[b["tour"]]
            total = _money(t["price"] * len(b["passengers"]))
            self.invoices[f"INV-{bid[3:]}-T"] = {"customer": b["customer"], "booking": bid, "paid": 0.0 if b["status"] ==
                                                 "held" else total,
                                                 "lines": [[f"{t['title']}, {t['day']}: {len(b['passengers'])} seats",
                                                            total]]}
        self.receipts = {}
        self.messages = []
        self.counters = {"session": 1, "customer": 4130, "quote": 2231, "booking": 5512, "defect": 88, "receipt": 7301,
                         "message": 310}


# --------------------------------------------------------------------------- the wrapper


def _no(status: int, reason: str, message: str) -> Refusal:
    return {"message": message, "reason": reason}, status


def booking_office(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the manager may do everything); answer
    ``(body, 401)`` or ``(body, 403)`` without calling the view when they fail."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def view(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.sessions.get(token)
                if who is None:
                    return _no(401, "NOT_SIGNED_IN", "no session for that token; sign in again")
                if roles and who["role"] not in roles and who["role"] != "manager":
                    return _no(403, "WRONG_ROLE", f"{who['name']} ({who['role']}) may not do this; it is for "
                                                  f"{' or '.join(roles)}")
            return fn(*args, **kwargs)

        return view

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _date(text: str) -> Optional[datetime.date]:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _minutes(hhmm: str) -> Optional[int]:
    try:
        h, m = hhmm.split(":")
        h, m = int(h), int(m)
    except (AttributeError, ValueError):
        return None
    if not (0 <= h <= 23 and 0 <= m <= 59 and len(hhmm) == 5):
        return None
    return h * 60 + m


def _type(value) -> Optional[str]:
    try:
        return value.value if isinstance(value, CoachType) else CoachType(value).value
    except ValueError:
        return None


def _duty(q: dict) -> int:
    return _minutes(q["return_by"]) - _minutes(q["depart"]) + 60


def _drivers_needed(q: dict) -> int:
    return 2 if _duty(q) > SECOND_DRIVER_AFTER else 1


def _price(state: State, q: dict) -> float:
    miles = state.destinations[q["dest"]][1] * 2
    driving = _duty(q) / 60 * DRIVER_RATE * _drivers_needed(q)
    return _money(max(MINIMUM_HIRE, miles * MILE_RATE[q["type"]] + driving))


def _quote_reply(state: State, quote_id: str) -> Quote:
    q = state.quotes[quote_id]
    valid = (datetime.date.fromisoformat(q["quoted"]) + datetime.timedelta(days=QUOTE_DAYS)).isoformat()
    return Quote(quote_id=quote_id, customer_id=q["customer"], customer=state.customers[q["customer"]]["name"],
                 destination=state.destinations[q["dest"]][0], day=q["day"], depart=q["depart"],
                 return_by=q["return_by"], passengers=q["passengers"], coach_type=q["type"],
                 wheelchair_users=q["wheelchair"], pickup=q["pickup"], drivers=_drivers_needed(q),
                 price=_price(state, q), valid_until=valid, status=q["status"])


def _hire_reply(state: State, hire_id: str) -> Hire:
    h = state.hires[hire_id]
    q = state.quotes[h["quote"]]
    price = _price(state, q)
    return Hire(hire_id=hire_id, quote_id=h["quote"], customer_id=q["customer"],
                customer=state.customers[q["customer"]]["name"], destination=state.destinations[q["dest"]][0],
                day=q["day"], depart=q["depart"], return_by=q["return_by"], passengers=q["passengers"],
                coach_type=q["type"], wheelchair_users=q["wheelchair"],
                pickups=[Pickup(place=p, time=t) for p, t in h["pickups"]], price=price,
                deposit=_money(price * DEPOSIT), deposit_invoice_id=f"INV-{hire_id[3:]}-D", status=h["status"],
                coach=h["coach"], driver=state.drivers[h["driver"]][0] if h["driver"] else None,
                running_card=h["card"], waiting_minutes=h["waiting"])


def _invoice_total(inv: dict) -> float:
    return _money(sum(a for _, a in inv["lines"]))


def _invoice_reply(state: State, invoice_id: str) -> Invoice:
    inv = state.invoices[invoice_id]
    total = _invoice_total(inv)
    return Invoice(invoice_id=invoice_id, customer_id=inv["customer"],
                   lines=[InvoiceLine(description=d, amount=a) for d, a in inv["lines"]], total=total,
                   paid=_money(inv["paid"]), balance=_money(total - inv["paid"]))


def _pickup(state: State, code: str) -> Optional[Pickup]:
    for c, place, time in state.pickups:
        if c == code:
            return Pickup(code=c, place=place, time=time)
    return None


def _booking_reply(state: State, booking_id: str) -> TourBooking:
    b = state.tour_bookings[booking_id]
    t = state.tours[b["tour"]]
    return TourBooking(booking_id=booking_id, tour_id=b["tour"], title=t["title"], day=t["day"], customer_id=b["customer"],
                       customer=state.customers[b["customer"]]["name"], passengers=list(b["passengers"]),
                       pickup=_pickup(state, b["pickup"]), seats=list(b["seats"]),
                       total=_money(t["price"] * len(b["passengers"])), invoice_id=f"INV-{booking_id[3:]}-T",
                       status=b["status"])


def _booked(state: State, tour_id: str, statuses=("held", "paid")) -> int:
    return sum(len(b["passengers"]) for b in state.tour_bookings.values() if b["tour"] == tour_id and b["status"] in statuses)


def _taken_seats(state: State, tour_id: str, skip: Optional[str] = None) -> Dict[str, str]:
    out = {}
    for bid, b in state.tour_bookings.items():
        if b["tour"] == tour_id and b["status"] in ("held", "paid") and bid != skip:
            for s in b["seats"]:
                out[s] = bid
    return out


def _job(state: State, job_id: str) -> Optional[dict]:
    """A hire or a tour departure as a job: day, type, passengers, wheelchair users, minutes driving."""
    if job_id in state.hires:
        h = state.hires[job_id]
        q = state.quotes[h["quote"]]
        return {"rec": h, "day": q["day"], "type": q["type"], "passengers": q["passengers"], "wheelchair": q["wheelchair"],
                "dest": q["dest"], "kind": "hire"}
    if job_id in state.tours:
        t = state.tours[job_id]
        return {"rec": t, "day": t["day"], "type": t["type"], "passengers": _booked(state, job_id), "wheelchair": 0,
                "dest": t["dest"], "kind": "tour"}
    return None


def _jobs_on(state: State, day: str):
    for hid, h in sorted(state.hires.items()):
        if state.quotes[h["quote"]]["day"] == day and h["status"] != "cancelled":
            yield hid, h
    for tid, t in sorted(state.tours.items()):
        if t["day"] == day and t["status"] != "cancelled":
            yield tid, t


def _coach_job(state: State, fleet_no: str, day: str) -> Optional[str]:
    return next((jid for jid, rec in _jobs_on(state, day) if rec["coach"] == fleet_no), None)


def _driver_job(state: State, driver_id: str, day: str) -> Optional[str]:
    return next((jid for jid, rec in _jobs_on(state, day) if rec["driver"] == driver_id), None)


# --------------------------------------------------------------------------- sign-in and public lists


@booking_office(public=True)
def sign_in(state: State, username: str, password: str) -> Union[Session, Refusal]:
    """Sign in to the booking office.

    Parameters
    ----------
    username : str
        The staff user name, such as ``hannah.g``.
    password : str
        The password.

    Returns
    -------
    Session
        The session, whose ``token`` every other call takes; ``(problem, 401)`` on a wrong password.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        return _no(401, "BAD_LOGIN", "wrong user name or password")
    token = f"wc-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
    return Session(token=token, name=user["name"], role=user["role"])


@booking_office()
def sign_out(state: State, token: str) -> Union[Ack, Refusal]:
    """Sign out and end the session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    Ack
        An acknowledgement.
    """
    who = state.sessions.pop(token)
    return Ack(done=True, message=f"{who['name']} signed out")


@booking_office(public=True)
def destinations(state: State) -> List[Destination]:
    """The destinations Wealdway quotes private hire to (public, no sign-in).

    Returns
    -------
    list of Destination
        Each destination's code, name and miles from Hartsfield, by code.
    """
    return [Destination(code=c, name=n, miles=m) for c, (n, m, _) in sorted(state.destinations.items())]


@booking_office(public=True)
def tour_programme(state: State) -> List[TourDeparture]:
    """The day-tour programme (public, no sign-in): each departure's id, title, day, price a seat, seats
    left and status, with the pick-up points and times nested.

    Returns
    -------
    list of TourDeparture
        The departures, by day.
    """
    out = []
    for tid, t in sorted(state.tours.items(), key=lambda kv: kv[1]["day"]):
        seats = SEAT_ROWS * 4 - len(COURIER_SEATS) - _booked(state, tid)
        out.append(TourDeparture(tour_id=tid, title=t["title"], day=t["day"], back_by=t["back_by"], price=t["price"],
                                 seats_left=seats, status=t["status"],
                                 pickups=[Pickup(code=c, place=p, time=tm) for c, p, tm in state.pickups]))
    return out


# --------------------------------------------------------------------------- customers


@booking_office()
def find_customer(state: State, token: str, text: str) -> Union[List[CustomerRow], Refusal]:
    """Look customers up by part of a name, an address, a postcode or a phone number.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of CustomerRow
        The customers that match.
    """
    t = text.strip().lower()
    if not t:
        return _no(422, "EMPTY", "say what to look for")
    return [CustomerRow(customer_id=cid, name=c["name"], kind=c["kind"], postcode=c["postcode"], phone=c["phone"])
            for cid, c in sorted(state.customers.items())
            if t in " ".join([c["name"], c["address"], c["postcode"], c["phone"], c["contact"] or ""]).lower()]


def _customer_reply(state: State, customer_id: str) -> Customer:
    c = state.customers[customer_id]
    return Customer(customer_id=customer_id, name=c["name"], kind=c["kind"], phone=c["phone"], email=c["email"],
                    address=c["address"], postcode=c["postcode"], contact=c["contact"])


@booking_office("sales")
def new_customer(state: State, token: str, name: str, kind: CustomerKind, phone: str, address: str, postcode: str,
                 email: Optional[str] = None, contact: Optional[str] = None) -> Union[Customer, Refusal]:
    """Register a new customer.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        A person with a title, or an organisation.
    kind : {"private", "school", "club", "business"}
        The kind of customer.
    phone : str
        A contact number.
    address : str
        The address.
    postcode : str
        The postcode.
    email : str, optional
        An e-mail address.
    contact : str, optional
        Who to deal with at an organisation.

    Returns
    -------
    Customer
        The customer, with the new customer id.
    """
    if kind not in ("private", "school", "club", "business"):
        return _no(422, "BAD_KIND", f"{kind!r} is not a kind of customer")
    if not name.strip() or not address.strip() or not postcode.strip():
        return _no(422, "MISSING", "a customer needs a name, an address and a postcode")
    if email is not None and "@" not in email:
        return _no(422, "BAD_EMAIL", f"{email!r} is not an e-mail address")
    for cid, c in state.customers.items():
        if c["phone"].replace(" ", "") == phone.replace(" ", ""):
            return _no(409, "DUPLICATE", f"{c['name']} is already customer {cid} with that phone number")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "kind": kind, "phone": phone.strip(),
                            "email": email.strip() if email else None, "address": address.strip(),
                            "postcode": postcode.strip().upper(), "contact": contact.strip() if contact else None}
    return _customer_reply(state, cid)


@booking_office("sales")
def update_customer(state: State, token: str, customer_id: str, phone: Optional[str] = None,
                    email: Optional[str] = None, contact: Optional[str] = None) -> Union[Customer, Refusal]:
    """Change a customer's phone number, e-mail address or contact; only what is given is changed, and
    nothing to change is refused.

    Parameters
    ----------
    token : str
        The session token.
    customer_id : str
        The customer (``CU-....``).
    phone, email, contact : str, optional
        The new values.

    Returns
    -------
    Customer
        The customer as now recorded.
    """
    c = state.customers.get(customer_id)
    if c is None:
        return _no(404, "NO_CUSTOMER", f"no customer {customer_id}")
    changes = {}
    for key, value in (("phone", phone), ("email", email), ("contact", contact)):
        if value is not None and value.strip() != (c[key] or ""):
            changes[key] = value.strip()
    if "email" in changes and "@" not in changes["email"]:
        return _no(422, "BAD_EMAIL", f"{email!r} is not an e-mail address")
    if not changes:
        return _no(409, "NO_CHANGE", f"nothing to change: those are already {c['name']}'s details")
    c.update(changes)
    return _customer_reply(state, customer_id)


@booking_office()
def customer_account(state: State, token: str, customer_id: str) -> Union[CustomerAccount, Refusal]:
    """A customer's account: details, quotes, hires, tour bookings and invoices with their balances.

    Parameters
    ----------
    token : str
        The session token.
    customer_id : str
        The customer (``CU-....``).

    Returns
    -------
    CustomerAccount
        The account, with quotes, hires, tour bookings and invoices nested.
    """
    if customer_id not in state.customers:
        return _no(404, "NO_CUSTOMER", f"no customer {customer_id}")
    quotes = [QuoteRow(quote_id=qid, day=q["day"], destination=state.destinations[q["dest"]][0],
                       price=_price(state, q), status=q["status"])
              for qid, q in sorted(state.quotes.items()) if q["customer"] == customer_id]
    hires = [HireRow(hire_id=hid, day=state.quotes[h["quote"]]["day"],
                     destination=state.destinations[state.quotes[h["quote"]]["dest"]][0], status=h["status"])
             for hid, h in sorted(state.hires.items()) if state.quotes[h["quote"]]["customer"] == customer_id]
    bookings = [TourBookingRow(booking_id=bid, tour_id=b["tour"], day=state.tours[b["tour"]]["day"],
                               passengers=len(b["passengers"]), status=b["status"])
                for bid, b in sorted(state.tour_bookings.items()) if b["customer"] == customer_id]
    invoices = []
    for iid, inv in sorted(state.invoices.items()):
        if inv["customer"] == customer_id:
            total = _invoice_total(inv)
            invoices.append(InvoiceRow(invoice_id=iid, description=inv["lines"][0][0], total=total,
                                       balance=_money(total - inv["paid"])))
    return CustomerAccount(customer=_customer_reply(state, customer_id), quotes=quotes, hires=hires,
                           tour_bookings=bookings, invoices=invoices)


@booking_office("sales")
def notify_customer(state: State, token: str, customer_id: str, channel: Channel, message: str) -> Union[Message, Refusal]:
    """Send a customer an e-mail or a text from the office.

    Parameters
    ----------
    token : str
        The session token.
    customer_id : str
        The customer (``CU-....``).
    channel : {"email", "sms"}
        How to send it.
    message : str
        The text.

    Returns
    -------
    Message
        The message as sent.
    """
    c = state.customers.get(customer_id)
    if c is None:
        return _no(404, "NO_CUSTOMER", f"no customer {customer_id}")
    if not message.strip():
        return _no(422, "EMPTY", "the message is empty")
    if channel == "email":
        if not c["email"]:
            return _no(409, "NO_EMAIL", f"no e-mail address on file for {c['name']}")
        to = c["email"]
    elif channel == "sms":
        to = c["phone"]
    else:
        return _no(422, "BAD_CHANNEL", f"{channel!r} is not a channel")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "customer": customer_id, "channel": channel, "to": to, "text": message.strip()})
    return Message(message_id=mid, customer_id=customer_id, channel=channel, to=to, text=message.strip())


# --------------------------------------------------------------------------- private hire


def _check_quote(state: State, q: dict) -> Optional[Refusal]:
    dest = state.destinations[q["dest"]]
    depart, back = _minutes(q["depart"]), _minutes(q["return_by"])
    if depart is None or back is None:
        return _no(422, "BAD_TIME", "times are HH:MM, 24-hour clock")
    if back <= depart:
        return _no(422, "BAD_TIME", "the coach must be back after it leaves, the same day")
    if back - depart < 2 * dest[2]:
        return _no(422, "TOO_SHORT", f"{dest[0]} is {dest[2]} minutes each way; allow at least {2 * dest[2]} minutes "
                                     "between leaving and getting back")
    if q["type"] == "double_decker" and q["dest"] in state.no_double_deckers:
        return _no(422, "NO_DOUBLE_DECKERS", f"no double deckers to {dest[0]}: {state.no_double_deckers[q['dest']]}")
    if not 1 <= q["passengers"] <= CAPACITY[q["type"]]:
        return _no(422, "TOO_MANY", f"a {q['type'].replace('_', ' ')} coach seats {CAPACITY[q['type']]}")
    if not 0 <= q["wheelchair"] <= 2:
        return _no(422, "WHEELCHAIRS", "the fleet carries up to two wheelchair users on a coach with a lift; more needs "
                                       "a second vehicle")
    return None


@booking_office("sales")
def quote_hire(state: State, token: str, customer_id: str, destination: str, day: str, depart: str, return_by: str,
               passengers: int, coach_type: CoachType, pickup: str, wheelchair_users: int = 0) -> Union[Quote, Refusal]:
    """Quote a private hire to a destination on the list: the day, the times, the party and the coach.

    Parameters
    ----------
    token : str
        The session token.
    customer_id : str
        The customer (``CU-....``).
    destination : str
        The destination's code.
    day : str
        The day (``YYYY-MM-DD``).
    depart : str
        When the coach leaves the pick-up (``HH:MM``).
    return_by : str
        When it is back (``HH:MM``).
    passengers : int
        How many travel.
    coach_type : {"midi", "standard", "executive", "double_decker"}
        The coach.
    pickup : str
        Where the party is picked up.
    wheelchair_users : int, optional
        Wheelchair users travelling in their chairs.

    Returns
    -------
    Quote
        The quote, with its price (passenger transport is zero-rated for VAT) and how long it holds.
    """
    if customer_id not in state.customers:
        return _no(404, "NO_CUSTOMER", f"no customer {customer_id}")
    if destination not in state.destinations:
        return _no(404, "NO_DESTINATION", f"no destination {destination!r}")
    d = _date(day)
    if d is None:
        return _no(422, "BAD_DATE", f"{day!r} is not a date (YYYY-MM-DD)")
    if d.isoformat() < TODAY:
        return _no(422, "PAST", f"{d.isoformat()} has passed")
    kind = _type(coach_type)
    if kind is None:
        return _no(422, "BAD_TYPE", f"{coach_type!r} is not a coach type")
    if not pickup.strip():
        return _no(422, "EMPTY", "say where the party is picked up")
    q = {"customer": customer_id, "dest": destination, "day": d.isoformat(), "depart": depart, "return_by": return_by,
         "passengers": passengers, "type": kind, "wheelchair": wheelchair_users, "pickup": pickup.strip(),
         "quoted": TODAY, "status": "open"}
    bad = _check_quote(state, q)
    if bad:
        return bad
    qid = f"QH-{_next(state, 'quote')}"
    state.quotes[qid] = q
    return _quote_reply(state, qid)


@booking_office("sales")
def amend_quote(state: State, token: str, quote_id: str, passengers: Optional[int] = None,
                coach_type: Optional[CoachType] = None, return_by: Optional[str] = None) -> Union[Quote, Refusal]:
    """Amend an open quote: the number of passengers, the coach or the return time. Only what is given is
    changed; nothing to change is refused.

    Parameters
    ----------
    token : str
        The session token.
    quote_id : str
        The quote (``QH-....``).
    passengers : int, optional
        How many travel.
    coach_type : {"midi", "standard", "executive", "double_decker"}, optional
        The coach.
    return_by : str, optional
        When it is back (``HH:MM``).

    Returns
    -------
    Quote
        The quote, repriced.
    """
    q = state.quotes.get(quote_id)
    if q is None:
        return _no(404, "NO_QUOTE", f"no quote {quote_id}")
    if q["status"] != "open":
        return _no(409, "NOT_OPEN", f"{quote_id} is {q['status']}")
    new = dict(q)
    if passengers is not None:
        new["passengers"] = passengers
    if coach_type is not None:
        kind = _type(coach_type)
        if kind is None:
            return _no(422, "BAD_TYPE", f"{coach_type!r} is not a coach type")
        new["type"] = kind
    if return_by is not None:
        new["return_by"] = return_by
    if new == q:
        return _no(409, "NO_CHANGE", f"nothing to change on {quote_id}")
    bad = _check_quote(state, new)
    if bad:
        return bad
    new["quoted"] = TODAY
    state.quotes[quote_id] = new
    return _quote_reply(state, quote_id)


@booking_office("sales")
def accept_quote(state: State, token: str, quote_id: str, signed_by: str) -> Union[Hire, Refusal]:
    """Record the customer's acceptance of an open quote, which books the hire as provisional and raises a
    deposit invoice; the hire is confirmed once the deposit is paid.

    Parameters
    ----------
    token : str
        The session token.
    quote_id : str
        The quote (``QH-....``).
    signed_by : str
        Who accepted it for the customer.

    Returns
    -------
    Hire
        The hire, with its deposit and the deposit invoice's id.
    """
    q = state.quotes.get(quote_id)
    if q is None:
        return _no(404, "NO_QUOTE", f"no quote {quote_id}")
    if q["status"] != "open":
        return _no(409, "NOT_OPEN", f"{quote_id} is already {q['status']}")
    valid = (datetime.date.fromisoformat(q["quoted"]) + datetime.timedelta(days=QUOTE_DAYS)).isoformat()
    if valid < TODAY:
        return _no(409, "EXPIRED", f"{quote_id} held for {QUOTE_DAYS} days, to {valid}; quote again")
    if q["day"] < TODAY:
        return _no(409, "PAST", f"{quote_id} was for {q['day']}")
    if not signed_by.strip():
        return _no(422, "EMPTY", "say who accepted it")
    hid = f"PH-{quote_id[3:]}"
    q["status"] = "accepted"
    state.hires[hid] = {"quote": quote_id, "status": "provisional", "coach": None, "driver": None, "card": None,
                        "pickups": [[q["pickup"], q["depart"]]], "waiting": 0, "notes": None, "reason": None,
                        "signed_by": signed_by.strip()}
    price = _price(state, q)
    state.invoices[f"INV-{hid[3:]}-D"] = {"customer": q["customer"], "hire": hid, "paid": 0.0,
                                          "lines": [[f"Deposit on hire {hid}", _money(price * DEPOSIT)]]}
    return _hire_reply(state, hid)


@booking_office("accounts")
def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Union[Receipt, Refusal]:
    """Take a payment against an invoice: a hire's deposit or final invoice, or a tour booking. A hire is
    confirmed once its deposit is paid; a tour booking is paid once its invoice is.

    Parameters
    ----------
    token : str
        The session token.
    invoice_id : str
        The invoice (``INV-...``).
    amount : float
        The amount in pounds, up to the balance.
    method : {"card", "bank_transfer", "cash", "cheque"}
        How it is paid.

    Returns
    -------
    Receipt
        The receipt, with the invoice's balance left.
    """
    inv = state.invoices.get(invoice_id)
    if inv is None:
        return _no(404, "NO_INVOICE", f"no invoice {invoice_id}")
    if method not in ("card", "bank_transfer", "cash", "cheque"):
        return _no(422, "BAD_METHOD", f"{method!r} is not a way to pay")
    balance = _money(_invoice_total(inv) - inv["paid"])
    if balance <= 0:
        return _no(409, "PAID", f"{invoice_id} is already paid")
    if amount <= 0 or _money(amount) > balance:
        return _no(422, "BAD_AMOUNT", f"the balance of {invoice_id} is {balance:.2f}")
    inv["paid"] = _money(inv["paid"] + amount)
    left = _money(balance - amount)
    if left <= 0:
        if invoice_id.endswith("-D") and state.hires[inv["hire"]]["status"] == "provisional":
            state.hires[inv["hire"]]["status"] = "confirmed"
        if invoice_id.endswith("-T") and state.tour_bookings[inv["booking"]]["status"] == "held":
            state.tour_bookings[inv["booking"]]["status"] = "paid"
    rid = f"RCT-{_next(state, 'receipt')}"
    state.receipts[rid] = {"invoice": invoice_id, "amount": _money(amount), "method": method}
    return Receipt(receipt_id=rid, invoice_id=invoice_id, amount=_money(amount), method=method, balance=left)


@booking_office()
def hire_diary(state: State, token: str, day: str, status: Optional[HireStatus] = None) -> Union[List[DiaryRow], Refusal]:
    """The jobs on a day: private hires and tour departures, with the coach and driver on each.

    Parameters
    ----------
    token : str
        The session token.
    day : str
        The day (``YYYY-MM-DD``).
    status : {"provisional", "confirmed", "ready", "completed", "invoiced", "cancelled"}, optional
        Only hires in this status (tour departures are listed without it).

    Returns
    -------
    list of DiaryRow
        The jobs, by job id.
    """
    d = _date(day)
    if d is None:
        return _no(422, "BAD_DATE", f"{day!r} is not a date (YYYY-MM-DD)")
    rows = []
    for hid, h in sorted(state.hires.items()):
        q = state.quotes[h["quote"]]
        if q["day"] == d.isoformat() and (status is None or h["status"] == status):
            rows.append(DiaryRow(job_id=hid, kind="hire", customer=state.customers[q["customer"]]["name"],
                                 destination=state.destinations[q["dest"]][0], depart=q["depart"],
                                 passengers=q["passengers"], coach_type=q["type"], coach=h["coach"],
                                 driver=state.drivers[h["driver"]][0] if h["driver"] else None, status=h["status"]))
    if status is None:
        for tid, t in sorted(state.tours.items()):
            if t["day"] == d.isoformat():
                rows.append(DiaryRow(job_id=tid, kind="tour", customer=t["title"],
                                     destination=state.destinations[t["dest"]][0], depart=state.pickups[0][2],
                                     passengers=_booked(state, tid), coach_type=t["type"], coach=t["coach"],
                                     driver=state.drivers[t["driver"]][0] if t["driver"] else None, status=t["status"]))
    return rows


@booking_office()
def hire_details(state: State, token: str, hire_id: str) -> Union[Hire, Refusal]:
    """A private hire in full: the customer, the journey, the party, the pick-ups, the price and deposit,
    the status, the coach, the driver and the running card.

    Parameters
    ----------
    token : str
        The session token.
    hire_id : str
        The hire (``PH-....``).

    Returns
    -------
    Hire
        The hire.
    """
    if hire_id not in state.hires:
        return _no(404, "NO_HIRE", f"no hire {hire_id}")
    return _hire_reply(state, hire_id)


@booking_office("sales")
def add_pickup(state: State, token: str, hire_id: str, place: str, time: str) -> Union[Hire, Refusal]:
    """Add a pick-up on the way out to a hire not yet on the road.

    Parameters
    ----------
    token : str
        The session token.
    hire_id : str
        The hire (``PH-....``).
    place : str
        Where.
    time : str
        When (``HH:MM``), after the first pick-up.

    Returns
    -------
    Hire
        The hire, with its pick-ups.
    """
    h = state.hires.get(hire_id)
    if h is None:
        return _no(404, "NO_HIRE", f"no hire {hire_id}")
    if h["status"] not in ("provisional", "confirmed"):
        return _no(409, "WRONG_STATUS", f"{hire_id} is {h['status']}; pick-ups change before the running card is issued")
    t = _minutes(time)
    if t is None:
        return _no(422, "BAD_TIME", "times are HH:MM, 24-hour clock")
    if not place.strip():
        return _no(422, "EMPTY", "say where")
    if any(p.lower() == place.strip().lower() for p, _ in h["pickups"]):
        return _no(409, "NO_CHANGE", f"{place} is already a pick-up on {hire_id}")
    first = _minutes(h["pickups"][0][1])
    if not first < t <= first + 45:
        return _no(422, "BAD_TIME", f"extra pick-ups are within 45 minutes after the first, at {h['pickups'][0][1]}")
    if len(h["pickups"]) >= 4:
        return _no(409, "TOO_MANY", "no more than four pick-ups on a hire")
    h["pickups"].append([place.strip(), time])
    h["pickups"][1:] = sorted(h["pickups"][1:], key=lambda p: p[1])
    return _hire_reply(state, hire_id)


@booking_office("sales")
def remove_pickup(state: State, token: str, hire_id: str, place: str) -> Union[Hire, Refusal]:
    """Take an extra pick-up off a hire not yet on the road (the first pick-up stays).

    Parameters
    ----------
    token : str
        The session token.
    hire_id : str
        The hire (``PH-....``).
    place : str
        The pick-up to take off.

    Returns
    -------
    Hire
        The hire, with its pick-ups.
    """
    h = state.hires.get(hire_id)
    if h is None:
        return _no(404, "NO_HIRE", f"no hire {hire_id}")
    if h["status"] not in ("provisional", "confirmed"):
        return _no(409, "WRONG_STATUS", f"{hire_id} is {h['status']}; pick-ups change before the running card is issued")
    for k, (p, _) in enumerate(h["pickups"]):
        if p.lower() == place.strip().lower():
            if k == 0:
                return _no(409, "FIRST_PICKUP", "the first pick-up is the quote's; requote to change it")
            h["pickups"].pop(k)
            return _hire_reply(state, hire_id)
    return _no(404, "NO_PICKUP", f"{hire_id} has no pick-up at {place}")


@booking_office("sales")
def cancel_hire(state: State, token: str, hire_id: str, reason: str) -> Union[Hire, Refusal]:
    """Cancel a hire before the day; its coach and driver are released and the deposit is kept.

    Parameters
    ----------
    token : str
        The session token.
    hire_id : str
        The hire (``PH-....``).
    reason : str
        Why.

    Returns
    -------
    Hire
        The hire, cancelled.
    """
    h = state.hires.get(hire_id)
    if h is None:
        return _no(404, "NO_HIRE", f"no hire {hire_id}")
    if h["status"] not in ("provisional", "confirmed", "ready"):
        return _no(409, "WRONG_STATUS", f"{hire_id} is {h['status']}")
    if not reason.strip():
        return _no(422, "EMPTY", "give a reason")
    h.update(status="cancelled", coach=None, driver=None, card=None, reason=reason.strip())
    return _hire_reply(state, hire_id)


# --------------------------------------------------------------------------- fleet and drivers


@booking_office()
def fleet_list(state: State, token: str, day: str, coach_type: Optional[CoachType] = None) -> Union[List[CoachRow], Refusal]:
    """The fleet on a day: each coach's registration, type, seats and wheelchair spaces, whether it is
    available or off the road, and the job it is on.

    Parameters
    ----------
    token : str
        The session token.
    day : str
        The day (``YYYY-MM-DD``).
    coach_type : {"midi", "standard", "executive", "double_decker"}, optional
        Only coaches of this type.

    Returns
    -------
    list of CoachRow
        The coaches, by fleet number.
    """
    d = _date(day)
    if d is None:
        return _no(422, "BAD_DATE", f"{day!r} is not a date (YYYY-MM-DD)")
    want = _type(coach_type) if coach_type is not None else None
    if coach_type is not None and want is None:
        return _no(422, "BAD_TYPE", f"{coach_type!r} is not a coach type")
    return [CoachRow(fleet_no=no, reg=c[0], coach_type=c[1], seats=c[2], wheelchair_spaces=c[3],
                     status="off_road" if c[4] else "available", job=_coach_job(state, no, d.isoformat()))
            for no, c in sorted(state.coaches.items()) if want is None or c[1] == want]


@booking_office()
def driver_roster(state: State, token: str, day: str) -> Union[List[DriverRow], Refusal]:
    """The drivers' roster for a day: who is on duty, the job each is on and its driving minutes, and
    when each driver's CPC runs out.

    Parameters
    ----------
    token : str
        The session token.
    day : str
        The day (``YYYY-MM-DD``).

    Returns
    -------
    list of DriverRow
        The drivers, by id.
    """
    d = _date(day)
    if d is None:
        return _no(422, "BAD_DATE", f"{day!r} is not a date (YYYY-MM-DD)")
    rows = []
    for did, (name, cpc, rest) in sorted(state.drivers.items()):
        job = _driver_job(state, did, d.isoformat())
        minutes = 2 * state.destinations[_job(state, job)["dest"]][2] if job else 0
        rows.append(DriverRow(driver_id=did, name=name, on_duty=d.weekday() != rest, job=job, driving_minutes=minutes,
                              cpc_expires=cpc))
    return rows


def _allocatable(state: State, job_id: str) -> Union[dict, Refusal]:
    j = _job(state, job_id)
    if j is None:
        return _no(404, "NO_JOB", f"no hire or tour departure {job_id}")
    rec = j["rec"]
    if j["kind"] == "hire" and rec["status"] == "provisional":
        return _no(409, "PROVISIONAL", f"{job_id} is provisional until its deposit is paid")
    if rec["status"] not in ("confirmed", "ready", "open"):
        return _no(409, "WRONG_STATUS", f"{job_id} is {rec['status']}")
    return j


@booking_office("traffic")
def allocate_coach(state: State, token: str, job_id: str, fleet_no: str) -> Union[DiaryRow, Refusal]:
    """Put a coach on a confirmed hire or a tour departure: a coach of the type quoted, on the road,
    free that day, with the seats and wheelchair spaces. Another coach replaces the one there; the
    same coach is refused.

    Parameters
    ----------
    token : str
        The session token.
    job_id : str
        The hire (``PH-....``) or tour departure (``TR-....``).
    fleet_no : str
        The coach (``WC-..``).

    Returns
    -------
    DiaryRow
        The job as the diary now shows it.
    """
    j = _allocatable(state, job_id)
    if not isinstance(j, dict):
        return j
    c = state.coaches.get(fleet_no)
    if c is None:
        return _no(404, "NO_COACH", f"no coach {fleet_no}")
    rec = j["rec"]
    if rec["coach"] == fleet_no:
        return _no(409, "NO_CHANGE", f"{fleet_no} is already on {job_id}")
    if c[4]:
        return _no(409, "OFF_ROAD", f"{fleet_no} is off the road with an open dangerous defect")
    if c[1] != j["type"]:
        return _no(422, "WRONG_TYPE", f"{job_id} is for a {j['type'].replace('_', ' ')} coach; {fleet_no} is "
                                      f"{c[1].replace('_', ' ')}")
    if c[2] < j["passengers"]:
        return _no(422, "TOO_SMALL", f"{fleet_no} seats {c[2]}; {job_id} has {j['passengers']}")
    if c[3] < j["wheelchair"]:
        return _no(422, "NO_LIFT", f"{job_id} has {j['wheelchair']} wheelchair users; {fleet_no} has no lift for them")
    busy = _coach_job(state, fleet_no, j["day"])
    if busy and busy != job_id:
        return _no(409, "BUSY", f"{fleet_no} is on {busy} that day")
    rec["coach"] = fleet_no
    return _diary_row(state, job_id)


def _diary_row(state: State, job_id: str) -> DiaryRow:
    j = _job(state, job_id)
    rec = j["rec"]
    if j["kind"] == "hire":
        q = state.quotes[rec["quote"]]
        who, depart = state.customers[q["customer"]]["name"], q["depart"]
    else:
        who, depart = rec["title"], state.pickups[0][2]
    return DiaryRow(job_id=job_id, kind=j["kind"], customer=who, destination=state.destinations[j["dest"]][0],
                    depart=depart, passengers=j["passengers"], coach_type=j["type"], coach=rec["coach"],
                    driver=state.drivers[rec["driver"]][0] if rec["driver"] else None, status=rec["status"])


@booking_office("traffic")
def allocate_driver(state: State, token: str, job_id: str, driver_id: str) -> Union[DiaryRow, Refusal]:
    """Put a driver on a confirmed hire or a tour departure: on duty that day, free, and qualified to
    drive it. Another driver replaces the one there; the same driver is refused.

    Parameters
    ----------
    token : str
        The session token.
    job_id : str
        The hire (``PH-....``) or tour departure (``TR-....``).
    driver_id : str
        The driver (``DR-..``).

    Returns
    -------
    DiaryRow
        The job as the diary now shows it.
    """
    j = _allocatable(state, job_id)
    if not isinstance(j, dict):
        return j
    drv = state.drivers.get(driver_id)
    if drv is None:
        return _no(404, "NO_DRIVER", f"no driver {driver_id}")
    rec = j["rec"]
    if rec["driver"] == driver_id:
        return _no(409, "NO_CHANGE", f"{drv[0]} is already on {job_id}")
    day = datetime.date.fromisoformat(j["day"])
    if day.weekday() == drv[2]:
        return _no(409, "REST_DAY", f"{j['day']} is {drv[0]}'s rest day")
    if drv[1] < j["day"]:
        return _no(409, "CPC_EXPIRED", f"{drv[0]}'s Driver CPC ran out on {drv[1]}; no professional driving until it "
                                       "is renewed")
    busy = _driver_job(state, driver_id, j["day"])
    if busy and busy != job_id:
        return _no(409, "BUSY", f"{drv[0]} is driving {busy} that day")
    rec["driver"] = driver_id
    return _diary_row(state, job_id)


@booking_office("traffic")
def release_driver(state: State, token: str, job_id: str, reason: str) -> Union[DiaryRow, Refusal]:
    """Take the driver off a job (sickness, a swap); a running card already issued is withdrawn.

    Parameters
    ----------
    token : str
        The session token.
    job_id : str
        The hire (``PH-....``) or tour departure (``TR-....``).
    reason : str
        Why.

    Returns
    -------
    DiaryRow
        The job as the diary now shows it.
    """
    j = _job(state, job_id)
    if j is None:
        return _no(404, "NO_JOB", f"no hire or tour departure {job_id}")
    rec = j["rec"]
    if rec["driver"] is None:
        return _no(409, "NO_DRIVER", f"{job_id} has no driver")
    if rec["status"] in ("completed", "invoiced", "cancelled"):
        return _no(409, "WRONG_STATUS", f"{job_id} is {rec['status']}")
    if not reason.strip():
        return _no(422, "EMPTY", "give a reason")
    rec["driver"], rec["card"] = None, None
    if rec["status"] == "ready":
        rec["status"] = "confirmed"
    return _diary_row(state, job_id)


@booking_office("traffic")
def issue_running_card(state: State, token: str, job_id: str) -> Union[RunningCard, Refusal]:
    """Issue the driver's running card for a job with a coach and a driver: a confirmed hire, or a tour
    departure confirmed to run. The hire is then ready.

    Parameters
    ----------
    token : str
        The session token.
    job_id : str
        The hire (``PH-....``) or tour departure (``TR-....``).

    Returns
    -------
    RunningCard
        The card, with its stops nested.
    """
    j = _job(state, job_id)
    if j is None:
        return _no(404, "NO_JOB", f"no hire or tour departure {job_id}")
    rec = j["rec"]
    if j["kind"] == "hire" and rec["status"] != "confirmed":
        return _no(409, "WRONG_STATUS", f"{job_id} is {rec['status']}; a running card is issued for a confirmed hire")
    if j["kind"] == "tour" and rec["status"] != "confirmed":
        return _no(409, "NOT_RUNNING", f"{job_id} is not yet confirmed to run")
    if rec["coach"] is None:
        return _no(409, "NO_COACH", f"{job_id} has no coach")
    if rec["driver"] is None:
        return _no(409, "NO_DRIVER", f"{job_id} has no driver")
    if state.coaches[rec["coach"]][4]:
        return _no(409, "OFF_ROAD", f"{rec['coach']} is off the road with an open dangerous defect")
    cid = f"RC-{job_id[3:]}"
    rec["card"] = cid
    if j["kind"] == "hire":
        q = state.quotes[rec["quote"]]
        stops = [Stop(time=t, place=p) for p, t in rec["pickups"]]
        back, contact = q["return_by"], f"{state.customers[q['customer']]['name']}, {state.customers[q['customer']]['phone']}"
        rec["status"] = "ready"
    else:
        stops = [Stop(time=t, place=p) for _, p, t in state.pickups]
        back, contact = rec["back_by"], "Wealdway office, 01632 960000"
    return RunningCard(card_id=cid, job_id=job_id, day=j["day"], coach=rec["coach"], reg=state.coaches[rec["coach"]][0],
                       driver=state.drivers[rec["driver"]][0], stops=stops, destination=state.destinations[j["dest"]][0],
                       return_by=back, passengers=j["passengers"], contact=contact)


@booking_office("traffic")
def complete_hire(state: State, token: str, hire_id: str, waiting_minutes: int, notes: str) -> Union[Hire, Refusal]:
    """Record a hire done (on its day or after), with any waiting time past the return time, which is
    charged on the final invoice.

    Parameters
    ----------
    token : str
        The session token.
    hire_id : str
        The hire (``PH-....``).
    waiting_minutes : int
        Minutes the coach waited past the booked return time.
    notes : str
        The driver's notes.

    Returns
    -------
    Hire
        The hire, completed.
    """
    h = state.hires.get(hire_id)
    if h is None:
        return _no(404, "NO_HIRE", f"no hire {hire_id}")
    if h["status"] != "ready":
        return _no(409, "WRONG_STATUS", f"{hire_id} is {h['status']}; a hire goes out on its running card")
    if state.quotes[h["quote"]]["day"] > TODAY:
        return _no(409, "NOT_YET", f"{hire_id} is on {state.quotes[h['quote']]['day']}")
    if waiting_minutes < 0:
        return _no(422, "BAD_MINUTES", "waiting time cannot be negative")
    h.update(status="completed", waiting=waiting_minutes, notes=notes.strip())
    return _hire_reply(state, hire_id)


@booking_office("accounts")
def invoice_hire(state: State, token: str, hire_id: str) -> Union[Invoice, Refusal]:
    """Raise the final invoice of a completed hire: the hire price, less the deposit, plus waiting time.

    Parameters
    ----------
    token : str
        The session token.
    hire_id : str
        The hire (``PH-....``).

    Returns
    -------
    Invoice
        The final invoice, with its lines nested.
    """
    h = state.hires.get(hire_id)
    if h is None:
        return _no(404, "NO_HIRE", f"no hire {hire_id}")
    if h["status"] != "completed":
        return _no(409, "WRONG_STATUS", f"{hire_id} is {h['status']}; only a completed hire is invoiced")
    q = state.quotes[h["quote"]]
    price = _price(state, q)
    deposit = state.invoices[f"INV-{hire_id[3:]}-D"]["paid"]
    lines = [[f"Hire {hire_id}: {state.destinations[q['dest']][0]}, {q['day']}", price], ["Less deposit paid", -deposit]]
    if h["waiting"]:
        lines.append([f"Waiting time, {h['waiting']} minutes", _money(h["waiting"] / 60 * WAITING_RATE)])
    iid = f"INV-{hire_id[3:]}-F"
    state.invoices[iid] = {"customer": q["customer"], "hire": hire_id, "lines": lines, "paid": 0.0}
    h["status"] = "invoiced"
    return _invoice_reply(state, iid)


# --------------------------------------------------------------------------- defects


@booking_office("traffic")
def report_defect(state: State, token: str, fleet_no: str, defect: str, severity: Severity) -> Union[Defect, Refusal]:
    """Report a defect on a coach from a driver's walk-round check. A dangerous defect takes the coach off
    the road until it is cleared.

    Parameters
    ----------
    token : str
        The session token.
    fleet_no : str
        The coach (``WC-..``).
    defect : str
        What is wrong.
    severity : {"advisory", "minor", "dangerous"}
        How serious it is.

    Returns
    -------
    Defect
        The defect, with its new id.
    """
    c = state.coaches.get(fleet_no)
    if c is None:
        return _no(404, "NO_COACH", f"no coach {fleet_no}")
    if severity not in ("advisory", "minor", "dangerous"):
        return _no(422, "BAD_SEVERITY", f"{severity!r} is not a severity")
    if not defect.strip():
        return _no(422, "EMPTY", "say what is wrong")
    did = f"DF-{_next(state, 'defect'):04d}"
    state.defects[did] = {"coach": fleet_no, "defect": defect.strip(), "severity": severity, "reported": TODAY,
                          "status": "open", "by": None, "note": None}
    if severity == "dangerous":
        c[4] = True
    return _defect_reply(state, did)


def _defect_reply(state: State, defect_id: str) -> Defect:
    d = state.defects[defect_id]
    return Defect(defect_id=defect_id, fleet_no=d["coach"], defect=d["defect"], severity=d["severity"],
                  reported=d["reported"], status=d["status"], repaired_by=d["by"], note=d["note"],
                  coach_status="off_road" if state.coaches[d["coach"]][4] else "available")


@booking_office()
def defect_list(state: State, token: str, status: Optional[DefectStatus] = None,
                fleet_no: Optional[str] = None) -> Union[List[Defect], Refusal]:
    """The defect book, or only open or cleared defects, or one coach's.

    Parameters
    ----------
    token : str
        The session token.
    status : {"open", "cleared"}, optional
        Only defects in this status.
    fleet_no : str, optional
        Only this coach's.

    Returns
    -------
    list of Defect
        The defects, by id.
    """
    return [_defect_reply(state, did) for did, d in sorted(state.defects.items())
            if (status is None or d["status"] == status) and (fleet_no is None or d["coach"] == fleet_no)]


@booking_office("traffic")
def clear_defect(state: State, token: str, defect_id: str, repaired_by: str, note: str) -> Union[Defect, Refusal]:
    """Clear an open defect once repaired; a coach with no other dangerous defect goes back on the road.

    Parameters
    ----------
    token : str
        The session token.
    defect_id : str
        The defect (``DF-....``).
    repaired_by : str
        The fitter who repaired it.
    note : str
        What was done.

    Returns
    -------
    Defect
        The defect, cleared.
    """
    d = state.defects.get(defect_id)
    if d is None:
        return _no(404, "NO_DEFECT", f"no defect {defect_id}")
    if d["status"] != "open":
        return _no(409, "NO_CHANGE", f"{defect_id} is already cleared")
    if not repaired_by.strip() or not note.strip():
        return _no(422, "EMPTY", "say who repaired it and what was done")
    d.update(status="cleared", by=repaired_by.strip(), note=note.strip())
    if not any(x["coach"] == d["coach"] and x["status"] == "open" and x["severity"] == "dangerous"
               for x in state.defects.values()):
        state.coaches[d["coach"]][4] = False
    return _defect_reply(state, defect_id)


# --------------------------------------------------------------------------- day tours


@booking_office("sales")
def book_tour(state: State, token: str, tour_id: str, customer_id: str, passengers: List[str],
              pickup: str) -> Union[TourBooking, Refusal]:
    """Book seats on a tour departure for a customer's party, from one of its pick-up points. The seats
    are held until the booking's invoice is paid.

    Parameters
    ----------
    token : str
        The session token.
    tour_id : str
        The departure (``TR-....``).
    customer_id : str
        The customer (``CU-....``).
    passengers : list of str
        The names of those travelling.
    pickup : str
        The pick-up point's code.

    Returns
    -------
    TourBooking
        The booking, with its invoice's id.
    """
    t = state.tours.get(tour_id)
    if t is None:
        return _no(404, "NO_TOUR", f"no tour departure {tour_id}")
    if customer_id not in state.customers:
        return _no(404, "NO_CUSTOMER", f"no customer {customer_id}")
    if t["status"] == "cancelled":
        return _no(409, "CANCELLED", f"{tour_id} is cancelled")
    names = [p.strip() for p in passengers if p.strip()]
    if not names:
        return _no(422, "EMPTY", "name those travelling")
    if _pickup(state, pickup) is None:
        return _no(422, "NO_PICKUP", f"{pickup!r} is not one of the tour's pick-up points")
    left = SEAT_ROWS * 4 - len(COURIER_SEATS) - _booked(state, tour_id)
    if len(names) > left:
        return _no(409, "FULL", f"{tour_id} has {left} seats left")
    bid = f"TB-{_next(state, 'booking')}"
    state.tour_bookings[bid] = {"tour": tour_id, "customer": customer_id, "passengers": names, "pickup": pickup,
                                "seats": [], "status": "held"}
    total = _money(t["price"] * len(names))
    state.invoices[f"INV-{bid[3:]}-T"] = {"customer": customer_id, "booking": bid, "paid": 0.0,
                                          "lines": [[f"{t['title']}, {t['day']}: {len(names)} seats", total]]}
    return _booking_reply(state, bid)


@booking_office()
def seat_plan(state: State, token: str, tour_id: str) -> Union[SeatPlan, Refusal]:
    """The seat plan of a tour departure's coach, row by row from the front: each seat's label, or
    ``"--"`` where it is taken.

    Parameters
    ----------
    token : str
        The session token.
    tour_id : str
        The departure (``TR-....``).

    Returns
    -------
    SeatPlan
        The rows of seats (A and B on the left, C and D on the right).
    """
    t = state.tours.get(tour_id)
    if t is None:
        return _no(404, "NO_TOUR", f"no tour departure {tour_id}")
    taken = _taken_seats(state, tour_id)
    rows = [[("--" if f"{r}{c}" in taken else f"{r}{c}") for c in "ABCD"] for r in range(1, SEAT_ROWS + 1)]
    return SeatPlan(tour_id=tour_id, coach_type=t["type"], rows=rows,
                    free=sum(1 for row in rows for s in row if s != "--") - len(COURIER_SEATS))


@booking_office("sales")
def choose_seats(state: State, token: str, booking_id: str, seats: List[str]) -> Union[TourBooking, Refusal]:
    """Choose the seats of a tour booking, one a passenger; the seats it already has are refused.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking (``TB-....``).
    seats : list of str
        Seat labels, such as ``["4C", "4D"]``.

    Returns
    -------
    TourBooking
        The booking with its seats.
    """
    b = state.tour_bookings.get(booking_id)
    if b is None:
        return _no(404, "NO_BOOKING", f"no tour booking {booking_id}")
    if b["status"] not in ("held", "paid"):
        return _no(409, "WRONG_STATUS", f"{booking_id} is {b['status']}")
    chosen = [s.strip().upper() for s in seats]
    if len(chosen) != len(b["passengers"]) or len(set(chosen)) != len(chosen):
        return _no(422, "SEAT_COUNT", f"{booking_id} needs {len(b['passengers'])} different seats")
    if sorted(chosen) == sorted(b["seats"]):
        return _no(409, "NO_CHANGE", f"{booking_id} already has seats {', '.join(b['seats'])}")
    valid = {f"{r}{c}" for r in range(1, SEAT_ROWS + 1) for c in "ABCD"}
    taken = _taken_seats(state, b["tour"], skip=booking_id)
    for s in chosen:
        if s not in valid:
            return _no(422, "NO_SEAT", f"no seat {s} on the coach")
        if s in COURIER_SEATS:
            return _no(409, "COURIER", f"seats {' and '.join(COURIER_SEATS)} are the tour courier's")
        if s in taken:
            return _no(409, "TAKEN", f"seat {s} is taken")
    b["seats"] = chosen
    return _booking_reply(state, booking_id)


@booking_office("sales")
def change_pickup(state: State, token: str, booking_id: str, pickup: str) -> Union[TourBooking, Refusal]:
    """Change the pick-up point of a tour booking; the same point is refused.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking (``TB-....``).
    pickup : str
        The pick-up point's code.

    Returns
    -------
    TourBooking
        The booking.
    """
    b = state.tour_bookings.get(booking_id)
    if b is None:
        return _no(404, "NO_BOOKING", f"no tour booking {booking_id}")
    if b["status"] not in ("held", "paid"):
        return _no(409, "WRONG_STATUS", f"{booking_id} is {b['status']}")
    if _pickup(state, pickup) is None:
        return _no(422, "NO_PICKUP", f"{pickup!r} is not one of the tour's pick-up points")
    if pickup == b["pickup"]:
        return _no(409, "NO_CHANGE", f"{booking_id} is already picked up at {_pickup(state, pickup).place}")
    b["pickup"] = pickup
    return _booking_reply(state, booking_id)


@booking_office("sales")
def cancel_tour_booking(state: State, token: str, booking_id: str, reason: str) -> Union[TourBooking, Refusal]:
    """Cancel a tour booking, freeing its seats; a paid booking is refunded when the tour is more than
    14 days away.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking (``TB-....``).
    reason : str
        Why.

    Returns
    -------
    TourBooking
        The booking, cancelled.
    """
    b = state.tour_bookings.get(booking_id)
    if b is None:
        return _no(404, "NO_BOOKING", f"no tour booking {booking_id}")
    if b["status"] not in ("held", "paid"):
        return _no(409, "WRONG_STATUS", f"{booking_id} is already {b['status']}")
    if not reason.strip():
        return _no(422, "EMPTY", "give a reason")
    t = state.tours[b["tour"]]
    inv = state.invoices[f"INV-{booking_id[3:]}-T"]
    if (datetime.date.fromisoformat(t["day"]) - datetime.date.fromisoformat(TODAY)).days > 14 and inv["paid"]:
        inv["lines"].append(["Refund on cancellation", -inv["paid"]])
    b["status"], b["seats"] = "cancelled", []
    return _booking_reply(state, booking_id)


@booking_office()
def tour_manifest(state: State, token: str, tour_id: str) -> Union[Manifest, Refusal]:
    """A tour departure's manifest: the paid and held passengers, and each booking with its pick-up,
    passengers and seats.

    Parameters
    ----------
    token : str
        The session token.
    tour_id : str
        The departure (``TR-....``).

    Returns
    -------
    Manifest
        The manifest, with the bookings nested.
    """
    t = state.tours.get(tour_id)
    if t is None:
        return _no(404, "NO_TOUR", f"no tour departure {tour_id}")
    rows = [ManifestBooking(booking_id=bid, customer=state.customers[b["customer"]]["name"],
                            pickup=_pickup(state, b["pickup"]).place, passengers=list(b["passengers"]),
                            seats=list(b["seats"]), status=b["status"])
            for bid, b in sorted(state.tour_bookings.items()) if b["tour"] == tour_id and b["status"] != "cancelled"]
    return Manifest(tour_id=tour_id, title=t["title"], day=t["day"], paid_passengers=_booked(state, tour_id, ("paid",)),
                    held_passengers=_booked(state, tour_id, ("held",)), bookings=rows)


@booking_office("sales")
def issue_tickets(state: State, token: str, booking_id: str) -> Union[Tickets, Refusal]:
    """E-mail the tickets of a paid tour booking with its seats chosen to the customer.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking (``TB-....``).

    Returns
    -------
    Tickets
        The tickets sent, one a passenger, and where they went.
    """
    b = state.tour_bookings.get(booking_id)
    if b is None:
        return _no(404, "NO_BOOKING", f"no tour booking {booking_id}")
    if b["status"] != "paid":
        return _no(409, "NOT_PAID", f"{booking_id} is {b['status']}; tickets go once it is paid")
    if not b["seats"]:
        return _no(409, "NO_SEATS", f"{booking_id} has no seats chosen")
    c = state.customers[b["customer"]]
    if not c["email"]:
        return _no(409, "NO_EMAIL", f"no e-mail address on file for {c['name']}")
    tickets = [f"{booking_id}/{s} {p}" for s, p in zip(b["seats"], b["passengers"])]
    return Tickets(booking_id=booking_id, sent_to=c["email"], tickets=tickets)


@booking_office("traffic", "sales")
def confirm_departure(state: State, token: str, tour_id: str) -> Union[TourDeparture, Refusal]:
    """Confirm that a tour departure runs, once enough passengers have paid.

    Parameters
    ----------
    token : str
        The session token.
    tour_id : str
        The departure (``TR-....``).

    Returns
    -------
    TourDeparture
        The departure, confirmed.
    """
    t = state.tours.get(tour_id)
    if t is None:
        return _no(404, "NO_TOUR", f"no tour departure {tour_id}")
    if t["status"] != "open":
        return _no(409, "WRONG_STATUS", f"{tour_id} is already {t['status']}")
    paid = _booked(state, tour_id, ("paid",))
    if paid < TOUR_MINIMUM:
        return _no(409, "TOO_FEW", f"{tour_id} runs with {TOUR_MINIMUM} paid passengers; it has {paid}")
    t["status"] = "confirmed"
    return next(d for d in tour_programme(state) if d.tour_id == tour_id)


@booking_office("traffic", "sales")
def cancel_departure(state: State, token: str, tour_id: str, reason: str) -> Union[TourDeparture, Refusal]:
    """Cancel a tour departure not yet confirmed; its bookings are cancelled and paid ones refunded.

    Parameters
    ----------
    token : str
        The session token.
    tour_id : str
        The departure (``TR-....``).
    reason : str
        Why.

    Returns
    -------
    TourDeparture
        The departure, cancelled.
    """
    t = state.tours.get(tour_id)
    if t is None:
        return _no(404, "NO_TOUR", f"no tour departure {tour_id}")
    if t["status"] != "open":
        return _no(409, "WRONG_STATUS", f"{tour_id} is {t['status']}; only an open departure is cancelled")
    if not reason.strip():
        return _no(422, "EMPTY", "give a reason")
    for bid, b in state.tour_bookings.items():
        if b["tour"] == tour_id and b["status"] in ("held", "paid"):
            inv = state.invoices[f"INV-{bid[3:]}-T"]
            if inv["paid"]:
                inv["lines"].append(["Refund: departure cancelled", -inv["paid"]])
            b["status"], b["seats"] = "cancelled", []
    t.update(status="cancelled", coach=None, driver=None)
    return next(d for d in tour_programme(state) if d.tour_id == tour_id)


FAILURE = is_error_response

TOOLS = [
    sign_in, sign_out, destinations, tour_programme, find_customer, new_customer, update_customer, customer_account,
    notify_customer, quote_hire, amend_quote, accept_quote, take_payment, hire_diary, hire_details, add_pickup,
    remove_pickup, cancel_hire, fleet_list, driver_roster, allocate_coach, allocate_driver, release_driver,
    issue_running_card, complete_hire, invoice_hire, report_defect, defect_list, clear_defect, book_tour, seat_plan,
    choose_seats, change_pickup, cancel_tour_booking, tour_manifest, issue_tickets, confirm_departure, cancel_departure,
]

FIXTURES = {
    "operator": {"name": "Wealdway Coaches, Station Yard, Hartsfield", "today": "Monday 2 June 2031, 09:00",
                 "office_phone": "01632 960000"},
    "staff": [
        {"name": "Hannah Gray", "role": "sales", "username": "hannah.g", "password": "Coach-Trip-22"},
        {"name": "Vic Pollard", "role": "traffic office", "username": "vic.p", "password": "Tacho-Card-9"},
        {"name": "Sue Barker", "role": "accounts", "username": "sue.b", "password": "Ledger-Wealdway"},
        {"name": "Ray Wheeler", "role": "managing director", "username": "ray.w", "password": "Wealdway-1962"},
    ],
    "hire_enquiry": {"name": "Tonbury Bowls Club", "kind": "club", "contact": "Mr Roy Denton, secretary",
                     "phone": "01632 960588", "email": "secretary@tonburybowls.example",
                     "address": "Recreation Ground, Tonbury", "postcode": "TN4 1RG",
                     "trip": "Eastbourne on Wednesday 18 June, leaving the Recreation Ground at 09:00 and back by "
                             "18:00; 38 members, one in a wheelchair; a standard coach",
                     "later": "six more members are coming, and the coach should call at Ashden village hall at "
                              "09:20"},
    "tour_enquiry": {"name": "Mrs Margaret Hale", "kind": "private", "phone": "07700 900655",
                     "address": "14 Vicarage Road, Tonbury", "postcode": "TN4 2VR",
                     "email_later": "margaret.hale@mail.example",
                     "party": "herself and her sister Mrs Joan Pike, on the Canterbury tour, together by a window"},
    "desk_notes": [
        "Hartsfield Rugby Club accept their Twickenham quote; Mr Gavin Moss signs for the club and pays the "
        "deposit by card",
        "Mr Whitlock will pay his deposit by card today",
        "Kev Lane, the fitter, put a new nearside rear tyre on the standard coach that was off the road this morning",
        "A driver reports that the saloon heater fan on the first executive coach has stopped working",
        "St Anselm's coach was back 20 minutes late: the school's last group was late to the coach park",
        "Mr Oakley's e-mail address is derek.oakley@mail.example",
    ],
}

_TOKEN = "auth: session token (token of sign_in's session)"
PUBLIC = ("sign_in", "destinations", "tour_programme")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_account", "notify_customer", "quote_hire", "book_tour"]
HIRE_CONSUMERS = ["hire_details", "add_pickup", "remove_pickup", "cancel_hire", "allocate_coach", "allocate_driver",
                  "release_driver", "issue_running_card", "complete_hire", "invoice_hire"]
TOUR_CONSUMERS = ["book_tour", "seat_plan", "tour_manifest", "confirm_departure", "cancel_departure"]
BOOKING_CONSUMERS = ["choose_seats", "change_pickup", "cancel_tour_booking", "issue_tickets"]
_CUSTOMER = "id lookup/create: customer id (customer_id of new_customer, or of a find_customer row)"
_HIRE = "id lookup/create: hire id (hire_id of accept_quote, or job_id of a hire_diary row)"
_TOUR = "id lookup: tour departure id (tour_id of a tour_programme row)"
_BOOKING = "id lookup/create: tour booking id (booking_id of book_tour, or of tour_manifest's bookings)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("new_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("accept_quote|hire_diary", c, _HIRE) for c in HIRE_CONSUMERS]
    + [("tour_programme", c, _TOUR) for c in TOUR_CONSUMERS]
    + [("book_tour|tour_manifest", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [
        ("quote_hire", "amend_quote", "id create: quote id (quote_id of quote_hire)"),
        ("quote_hire|customer_account", "accept_quote",
         "id lookup/create: quote id (quote_id of quote_hire, or of customer_account's quotes)"),
        ("accept_quote|customer_account|book_tour|invoice_hire", "take_payment",
         "id lookup/create: invoice id (accept_quote's deposit_invoice_id, customer_account's invoices, "
         "book_tour's invoice_id, or invoice_hire's invoice_id)"),
        ("fleet_list", "report_defect", "id lookup: fleet number (fleet_no of a fleet_list row)"),
        ("report_defect|defect_list", "clear_defect",
         "id lookup/create: defect id (defect_id of report_defect, or of a defect_list row)"),
        ("destinations", "quote_hire", "vocabulary: destination code (code of a destinations row)"),
        ("fleet_list", "allocate_coach", "vocabulary: a coach of the type, free and on the road (of a fleet_list row)"),
        ("driver_roster", "allocate_driver", "vocabulary: a driver on duty and free (driver_id of a driver_roster row)"),
        ("tour_programme", "change_pickup", "vocabulary: pick-up point code (of tour_programme's pickups)"),
        ("seat_plan", "choose_seats", "vocabulary: free seat labels (of seat_plan's rows)"),
        ("take_payment", "allocate_coach", "state: the hire confirmed (its deposit paid)"),
        ("take_payment", "allocate_driver", "state: the hire confirmed (its deposit paid)"),
        ("allocate_coach", "issue_running_card", "state: a coach on the job"),
        ("allocate_driver", "issue_running_card", "state: a driver on the job"),
        ("allocate_driver", "release_driver", "state: a driver on the job"),
        ("issue_running_card", "complete_hire", "state: the hire ready (running card issued)"),
        ("complete_hire", "invoice_hire", "state: the hire completed"),
        ("add_pickup", "remove_pickup", "state: the extra pick-up on the hire"),
        ("clear_defect", "allocate_coach", "state: the coach back on the road"),
        ("take_payment", "confirm_departure", "state: enough paid passengers"),
        ("confirm_departure", "issue_running_card", "state: the tour departure confirmed to run"),
        ("take_payment", "issue_tickets", "state: the tour booking paid"),
        ("choose_seats", "issue_tickets", "state: seats chosen"),
        ("update_customer", "issue_tickets", "state: an e-mail address on file"),
        ("update_customer", "notify_customer", "state: an e-mail address on file"),
    ]
)

PLAUSIBLE = {
    ("new_customer", "find_customer"), ("quote_hire", "customer_account"), ("accept_quote", "customer_account"),
    ("accept_quote", "hire_diary"), ("book_tour", "tour_manifest"), ("book_tour", "customer_account"),
    ("book_tour", "seat_plan"), ("book_tour", "tour_programme"), ("cancel_tour_booking", "tour_programme"),
    ("cancel_tour_booking", "seat_plan"), ("choose_seats", "seat_plan"), ("choose_seats", "tour_manifest"),
    ("take_payment", "customer_account"), ("take_payment", "tour_manifest"), ("take_payment", "hire_details"),
    ("invoice_hire", "customer_account"), ("allocate_coach", "fleet_list"), ("allocate_coach", "hire_diary"),
    ("allocate_driver", "driver_roster"), ("allocate_driver", "hire_diary"), ("release_driver", "driver_roster"),
    ("release_driver", "allocate_driver"), ("issue_running_card", "hire_details"), ("complete_hire", "hire_diary"),
    ("report_defect", "fleet_list"), ("report_defect", "defect_list"), ("clear_defect", "fleet_list"),
    ("clear_defect", "defect_list"), ("hire_details", "remove_pickup"), ("hire_details", "take_payment"),
    ("customer_account", "hire_details"), ("customer_account", "cancel_hire"), ("customer_account", "add_pickup"),
    ("customer_account", "choose_seats"), ("customer_account", "issue_tickets"),
    ("customer_account", "cancel_tour_booking"), ("customer_account", "change_pickup"), ("tour_programme", "allocate_coach"),
    ("tour_programme", "allocate_driver"), ("tour_programme", "issue_running_card"), ("hire_diary", "tour_manifest"),
    ("hire_diary", "confirm_departure"), ("seat_plan", "issue_tickets"), ("amend_quote", "accept_quote"),
    ("amend_quote", "customer_account"), ("quote_hire", "hire_details"), ("cancel_departure", "tour_programme"),
    ("confirm_departure", "tour_programme"), ("cancel_hire", "hire_diary"),
    ("change_pickup", "tour_manifest"), ("remove_pickup", "issue_running_card"), ("add_pickup", "issue_running_card"),
    ("find_customer", "hire_details"),
}
