"""Orangery: the events office of The Orangery at Holloway Park, a wedding and events venue (40 calls).

Async functions over an in-memory ``State`` of the office on Wednesday 12 March 2031 at 09:45. Sales log
enquiries for weddings, civil partnerships, parties, away days and funeral teas, book viewings of the park
and record how they went, hold dates in the Orangery, the Great Barn or the Library, extend and release
holds, and turn a hold into a booking by sending the contract for a package, then record the signed
contract. Accounts keep the payment schedule that signing sets up (a deposit, a second instalment and the
balance), take payments and void a payment keyed in error, and cancel bookings with the refund the
cancellation scale allows. The coordinator looks after a booking once it is signed: guest numbers, the menu
for the wedding breakfast, the approved suppliers booked for the day, the guest list, the table plan and
who sits where, the registrars, and the final numbers. The general manager may do everything. The spaces,
the packages and the menu are public.

Every tool is an ``async def`` without a decorator; each checks its session and role itself
(``_staff(state, token, *roles)``). Refusals are *raised* as the venue's own exception class, ``VenueError``
(with a ``code``: ``not_signed_in``, ``forbidden``, ``not_found``, ``bad_value``, ``no_change``,
``wrong_status``, ``unavailable``, ``over_capacity``, ``full``), which the runtime records as an error.
Replies are dataclasses and lists of them (an enquiry's record with its viewings, holds and bookings
nested; a booking's file with its instalments and suppliers nested; a table plan with its tables and the
guests at each nested), bare values (the refund on a cancellation, the guests left on a list, the balance
at final numbers) and sentences with an id in them (a viewing cancelled, a hold released, a supplier
cancelled, a guest seated, the registrars, a payment voided, a message, a sign-out). Annotations are
``typing``'s ``Optional``, ``List`` and ``Dict`` with a ``str`` ``Enum`` (``EventType``) as an input and a
filter and ``Literal`` inputs and filters. Ids look alike: booking ``BK-2241``, receipt ``RC-2243`` and
instalment ``IN-2244``; enquiry ``EQ-5114``; viewing ``VB-0890`` and viewing slot ``VW-0315-1400``; hold
``HD-0419``; supplier ``SP-110`` and supplier booking ``SB-2240``; guest ``GU-3041``. Which spaces are
licensed for ceremonies, the spaces' capacities, the Saturday minimum in the summer, which packages suit
which events, how long a hold lasts, how many dates an enquiry may hold and how often a hold is
extended, the registration district and the dietary needs the kitchen caters for are stated only in
refusals; the cancellation scale is stated nowhere (the reply is the refund).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider
means either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from dataclasses import dataclass
from enum import Enum
from typing import Dict, List, Literal, Optional

TODAY = "2031-03-12"  # a Wednesday
NOW = "09:45"
HOLD_DAYS = 14
HOLDS_EACH = 2
EXTEND_MAX = 7
SATURDAY_MINIMUM = 80
PEAK_MONTHS = (5, 6, 7, 8, 9)
DISTRICT = "Holloway and Fenn"
DIETS = ("vegetarian", "vegan", "gluten_free", "dairy_free", "nut_allergy", "halal", "kosher")
VIEWING_TIMES = ("1100", "1400", "1600")
WEDDING_DEPOSIT = 1500.0


class EventType(str, Enum):
    WEDDING = "wedding"
    CIVIL_PARTNERSHIP = "civil_partnership"
    BIRTHDAY = "birthday"
    ANNIVERSARY = "anniversary"
    CHRISTENING = "christening"
    CORPORATE = "corporate"
    WAKE = "wake"


CEREMONIES = (EventType.WEDDING.value, EventType.CIVIL_PARTNERSHIP.value)
SPACES = {  # code -> name, seated, standing, licensed for ceremonies, events it takes
    "ORANGERY": ("The Orangery", 120, 180, True, ("wedding", "civil_partnership", "birthday", "anniversary",
                                                  "christening", "corporate", "wake")),
    "BARN": ("The Great Barn", 200, 260, True, ("wedding", "civil_partnership", "birthday", "anniversary")),
    "LIBRARY": ("The Library", 40, 60, False, ("birthday", "anniversary", "christening", "corporate", "wake")),
    "GARDEN": ("The Walled Garden (outdoor ceremonies, May to September)", 150, 0, True, ()),
}
PACKAGES = {  # code -> description, events, per day guest, per evening guest, menu chosen
    "CLASSIC": ("Classic wedding: ceremony room, drinks reception, three-course wedding breakfast, evening buffet",
                CEREMONIES, 95.0, 25.0, True),
    "GRAND": ("Grand wedding: as Classic with canapés, half a bottle of wine a head and a late bar",
              CEREMONIES, 135.0, 30.0, True),
    "TWILIGHT": ("Twilight wedding: ceremony from four o'clock, hot buffet and dancing", CEREMONIES, 65.0, 20.0, False),
    "CELEBRATE": ("Celebration party: room hire, two-course dinner and dancing",
                  ("birthday", "anniversary", "christening"), 55.0, 18.0, True),
    "DELEGATE": ("Day delegate rate: room, projector and sound, lunch and refreshments", ("corporate",), 48.0, 0.0,
                 False),
    "FUNERAL-TEA": ("Funeral tea: a room for three hours, sandwiches, tea and cake", ("wake",), 19.5, 0.0, False),
}
WEDDING_PACKAGES = ("CLASSIC", "GRAND", "TWILIGHT")
DISHES = {  # code -> course, dish, vegetarian
    "ST-01": ("starter", "Heritage tomato and burrata, basil oil", True),
    "ST-02": ("starter", "Ham hock terrine, piccalilli, toasted sourdough", False),
    "ST-03": ("starter", "Smoked salmon, pickled cucumber, dill crème fraîche", False),
    "MN-01": ("main", "Roast sirloin of beef, Yorkshire pudding, red wine jus", False),
    "MN-02": ("main", "Chicken supreme, wild mushroom and tarragon sauce", False),
    "MN-03": ("main", "Pan-fried sea bass, crushed new potatoes, samphire", False),
    "MN-04": ("main", "Wild mushroom and chestnut Wellington", True),
    "MN-05": ("main", "Butternut squash and sage risotto", True),
    "DS-01": ("dessert", "Sticky toffee pudding, clotted cream", True),
    "DS-02": ("dessert", "Lemon posset, lavender shortbread", True),
    "DS-03": ("dessert", "Dark chocolate torte, raspberry sorbet", True),
}

Outcome = Literal["keen", "thinking", "not_for_them", "no_show"]
HoldStatus = Literal["active", "released", "converted", "lapsed"]
BookingStatus = Literal["contract_sent", "signed", "confirmed", "cancelled"]
PayMethod = Literal["card", "bank_transfer", "cheque"]
Category = Literal["florist", "photographer", "band", "dj", "cake", "celebrant", "hair_makeup"]
Layout = Literal["rounds", "long_tables", "banquet"]
Channel = Literal["email", "sms"]


class VenueError(Exception):
    """A refusal by the venue's office system; ``code`` says what kind."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class SpaceRow:
    code: str
    name: str
    seated: int
    standing: int


@dataclass
class PackageRow:
    code: str
    description: str
    per_day_guest: float
    per_evening_guest: float


@dataclass
class DishRow:
    code: str
    course: str
    dish: str
    vegetarian: bool


@dataclass
class EnquiryRow:
    enquiry_id: str
    name: str
    event_type: str
    preferred_date: Optional[str]
    status: str


@dataclass
class Enquiry:
    enquiry_id: str
    name: str
    partner_name: Optional[str]
    event_type: str
    guests: int
    phone: Optional[str]
    email: Optional[str]
    preferred_date: Optional[str]
    status: str
    notes: Optional[str]


@dataclass
class ViewingSlot:
    slot_id: str
    date: str
    time: str


@dataclass
class Viewing:
    viewing_id: str
    enquiry_id: str
    name: str
    date: str
    time: str
    attending: int
    status: str
    outcome: Optional[str]
    notes: Optional[str]


@dataclass
class DateRow:
    date: str
    weekday: str
    space: str
    season: str


@dataclass
class Hold:
    hold_id: str
    enquiry_id: str
    name: str
    date: str
    space: str
    expires: str
    status: str
    extended: bool


@dataclass
class BookingRow:
    booking_id: str
    enquiry_id: str
    name: str
    event_type: str
    date: str
    space: str
    package: str
    status: str


@dataclass
class Booking:
    booking_id: str
    enquiry_id: str
    name: str
    event_type: str
    date: str
    space: str
    package: str
    day_guests: int
    evening_guests: int
    estimate: float
    status: str
    final_numbers: bool
    signed_by: Optional[str]


@dataclass
class EnquiryRecord:
    enquiry: Enquiry
    viewings: List[Viewing]
    holds: List[Hold]
    bookings: List[BookingRow]


@dataclass
class InstalmentRow:
    instalment_id: str
    label: str
    due: str
    amount: float
    paid: float
    outstanding: float


@dataclass
class SupplierRow:
    supplier_id: str
    name: str
    category: str
    phone: str


@dataclass
class SupplierBooking:
    supplier_booking_id: str
    booking_id: str
    supplier_id: str
    supplier: str
    category: str
    arrival: str
    notes: Optional[str]


@dataclass
class MenuChoice:
    booking_id: str
    starter: str
    main: str
    dessert: str
    vegetarian_main: str


@dataclass
class BookingFile:
    booking: Booking
    contact: str
    phone: Optional[str]
    email: Optional[str]
    instalments: List[InstalmentRow]
    suppliers: List[SupplierBooking]
    guests: Dict[str, int]
    menu: Optional[MenuChoice]
    table_plan: Optional[str]
    registrar: Optional[str]


@dataclass
class Receipt:
    receipt_id: str
    instalment_id: str
    booking_id: str
    amount: float
    method: str
    left_on_instalment: float
    booking_status: str


@dataclass
class Guest:
    guest_id: str
    booking_id: str
    name: str
    dietary: List[str]
    evening_only: bool
    table: Optional[int]


@dataclass
class Table:
    number: int
    seats: int
    guests: List[str]


@dataclass
class TablePlan:
    booking_id: str
    layout: str
    seats_per_table: int
    tables: List[Table]
    unseated: int


# --------------------------------------------------------------------------- state


def _shaw_guests() -> Dict[str, dict]:
    names = ["Mrs Carol Shaw", "Mr Dennis Shaw", "Ms Hannah Shaw", "Mr Ben Shaw", "Mrs Irene Dunn",
             "Mr Patrick Dunn", "Ms Orla Dunn", "Mr Tom Dunn", "Ms Amy Fox", "Mr Raj Patel", "Ms Zoe Lang",
             "Mr Callum Reid", "Ms Lily Chen", "Mr Sean Byrne", "Ms Ruth Ames", "Mr Kofi Mensah", "Ms Nina Ross",
             "Mr Gary Webb", "Ms Jess Hart", "Mr Olly King", "Ms Faye Lowe", "Mr Dan Cole", "Ms Mia Ward",
             "Mr Joe Nash", "Ms Tara Quinn", "Mr Will Hay", "Ms Beth Rowe", "Mr Alan Pike", "Ms Suki Tan",
             "Mr Ivan Hale"]
    return {f"GU-{3001 + i}": {"booking": "BK-2235", "name": n, "dietary": ["vegetarian"] if i in (2, 12, 28) else [],
                               "evening_only": False, "table": None} for i, n in enumerate(names)}


class State:
    """The Orangery at Holloway Park's events office on Wednesday 12 March 2031 at 09:45."""

    def __init__(self) -> None:
        self.staff = {
            "bea.s": {"name": "Beatrice Shaw", "password": "Orange-Blossom-12", "role": "sales"},
            "oli.m": {"name": "Oliver Marsh", "password": "Top-Table-88", "role": "coordinator"},
            "rosa.k": {"name": "Rosa Kaur", "password": "Ledger-Lily-5", "role": "accounts"},
            "gwen.h": {"name": "Gwen Holloway", "password": "Holloway-Park-1931", "role": "manager"},
        }
        self.sessions = {}
        self.enquiries = {
            "EQ-5101": {"name": "Ms Priya Nair", "partner": "Mr Tom Castle", "event": "wedding", "guests": 110,
                        "phone": "07700 950101", "email": "priya.nair@mail.example", "preferred": "2031-09-13",
                        "status": "viewing_booked", "notes": "Would love the Great Barn; 13 September if free"},
            "EQ-5105": {"name": "Ms Grace Adeyemi", "partner": "Mr Luke Brennan", "event": "wedding", "guests": 140,
                        "phone": "07700 950105", "email": "grace.adeyemi@mail.example", "preferred": "2031-10-04",
                        "status": "booked", "notes": None},
            "EQ-5106": {"name": "Mr Daniel Reeve", "partner": "Mr Sam Oduya", "event": "civil_partnership",
                        "guests": 90, "phone": "07700 950106", "email": "dan.reeve@mail.example",
                        "preferred": "2031-08-16", "status": "booked", "notes": None},
            "EQ-5108": {"name": "Hartley Engineering Ltd (Mrs Joan Pryce)", "partner": None, "event": "corporate",
                        "guests": 24, "phone": "01632 950108", "email": "joan.pryce@hartley-eng.example",
                        "preferred": "2031-04-02", "status": "booked", "notes": "Sales team away day"},
            "EQ-5110": {"name": "Ms Jade Morton", "partner": "Mr Rhys Evans", "event": "wedding", "guests": 120,
                        "phone": "07700 950110", "email": "jade.morton@mail.example", "preferred": "2031-09-13",
                        "status": "held", "notes": None},
            "EQ-5111": {"name": "Ms Ellie Shaw", "partner": "Mr Kit Dunn", "event": "wedding", "guests": 30,
                        "phone": "07700 950111", "email": "ellie.shaw@mail.example", "preferred": "2031-04-26",
                        "status": "booked", "notes": None},
            "EQ-5113": {"name": "Mrs Helen Ford", "partner": None, "event": "birthday", "guests": 70, "phone": None,
                        "email": "helen.ford@mail.example", "preferred": "2031-06-14", "status": "viewing_booked",
                        "notes": "Her sixtieth; a sit-down dinner and a band"},
        }
        self.viewings = {
            "VB-0881": {"enquiry": "EQ-5101", "slot": "VW-0311-1400", "attending": 2, "status": "booked",
                        "outcome": None, "notes": None},
            "VB-0884": {"enquiry": "EQ-5110", "slot": "VW-0315-1100", "attending": 4, "status": "booked",
                        "outcome": None, "notes": "Bringing both mothers"},
            "VB-0886": {"enquiry": "EQ-5113", "slot": "VW-0314-1600", "attending": 2, "status": "booked",
                        "outcome": None, "notes": None},
        }
        self.holds = {
            "HD-0409": {"enquiry": "EQ-5106", "date": "2031-08-16", "space": "ORANGERY", "expires": "2030-09-10",
                        "status": "converted", "extended": False},
            "HD-0415": {"enquiry": "EQ-5110", "date": "2031-09-13", "space": "BARN", "expires": "2031-03-20",
                        "status": "active", "extended": False},
            "HD-0417": {"enquiry": "EQ-5101", "date": "2031-09-20", "space": "ORANGERY", "expires": "2031-03-24",
                        "status": "active", "extended": False},
        }
        self.bookings = {
            "BK-2231": {"enquiry": "EQ-5106", "date": "2031-08-16", "space": "ORANGERY", "package": "CLASSIC",
                        "day": 90, "evening": 60, "status": "confirmed", "final": False,
                        "signed_by": "Mr Daniel Reeve and Mr Sam Oduya", "menu": None, "plan": None,
                        "registrar": None},
            "BK-2233": {"enquiry": "EQ-5105", "date": "2031-10-04", "space": "BARN", "package": "GRAND", "day": 140,
                        "evening": 100, "status": "signed", "final": False,
                        "signed_by": "Ms Grace Adeyemi and Mr Luke Brennan", "menu": None, "plan": None,
                        "registrar": None},
            "BK-2235": {"enquiry": "EQ-5111", "date": "2031-04-26", "space": "ORANGERY", "package": "TWILIGHT",
                        "day": 30, "evening": 40, "status": "confirmed", "final": False,
                        "signed_by": "Ms Ellie Shaw and Mr Kit Dunn", "menu": None,
                        "plan": ["rounds", 4, 8], "registrar": ["Holloway and Fenn", "16:00", "Mrs Anne Grady"]},
            "BK-2236": {"enquiry": "EQ-5108", "date": "2031-04-02", "space": "LIBRARY", "package": "DELEGATE",
                        "day": 24, "evening": 0, "status": "contract_sent", "final": False, "signed_by": None,
                        "menu": None, "plan": None, "registrar": None},
        }
        self.instalments = {
            "IN-2201": {"booking": "BK-2231", "label": "deposit on signing", "due": "2030-09-02", "amount": 1500.0,
                        "paid": 1500.0},
            "IN-2202": {"booking": "BK-2231", "label": "second instalment, half the estimate", "due": "2031-02-16",
                        "amount": 5025.0, "paid": 5025.0},
            "IN-2203": {"booking": "BK-2231", "label": "balance", "due": "2031-06-21", "amount": 3525.0, "paid": 0.0},
            "IN-2204": {"booking": "BK-2235", "label": "deposit on signing", "due": "2030-11-20", "amount": 1500.0,
                        "paid": 1500.0},
            "IN-2205": {"booking": "BK-2235", "label": "balance", "due": "2031-03-01", "amount": 1250.0, "paid": 0.0},
            "IN-2206": {"booking": "BK-2233", "label": "deposit on signing", "due": "2031-03-05", "amount": 1500.0,
                        "paid": 0.0},
            "IN-2207": {"booking": "BK-2233", "label": "second instalment, half the estimate", "due": "2031-04-04",
                        "amount": 10950.0, "paid": 0.0},
            "IN-2208": {"booking": "BK-2233", "label": "balance", "due": "2031-08-09", "amount": 9450.0, "paid": 0.0},
        }
        self.receipts = {
            "RC-2230": {"instalment": "IN-2201", "amount": 1500.0, "method": "card", "status": "taken"},
            "RC-2235": {"instalment": "IN-2202", "amount": 5025.0, "method": "bank_transfer", "status": "taken"},
            "RC-2237": {"instalment": "IN-2204", "amount": 1500.0, "method": "card", "status": "taken"},
        }
        self.suppliers = {
            "SP-101": {"name": "Petal & Stem", "category": "florist", "phone": "01632 951101", "busy": []},
            "SP-104": {"name": "Wildflower Studio", "category": "florist", "phone": "07700 951104", "busy": []},
            "SP-110": {"name": "Lucy Avery Photography", "category": "photographer", "phone": "07700 951110",
                       "busy": ["2031-08-16"]},
            "SP-112": {"name": "Northlight Images", "category": "photographer", "phone": "07700 951112", "busy": []},
            "SP-120": {"name": "The Swing Sisters", "category": "band", "phone": "07700 951120", "busy": []},
            "SP-122": {"name": "DJ Marcus Hale", "category": "dj", "phone": "07700 951122", "busy": []},
            "SP-130": {"name": "Crumb & Co. Cakes", "category": "cake", "phone": "01632 951130", "busy": []},
            "SP-140": {"name": "Faye Collins, independent celebrant", "category": "celebrant", "phone": "07700 951140",
                       "busy": []},
            "SP-150": {"name": "Glow Hair & Make-up", "category": "hair_makeup", "phone": "07700 951150", "busy": []},
        }
        self.supplier_bookings = {
            "SB-2232": {"booking": "BK-2231", "supplier": "SP-101", "arrival": "08:30",
                        "notes": "Buttonholes, the top table and the Orangery arch", "status": "booked"},
            "SB-2236": {"booking": "BK-2235", "supplier": "SP-122", "arrival": "19:00", "notes": None,
                        "status": "booked"},
        }
        self.guests = _shaw_guests()
        for i, (n, diet) in enumerate((("Mrs Margaret Reeve", []), ("Mr Alan Reeve", []), ("Mrs Blessing Oduya", []),
                                       ("Mr Femi Oduya", ["halal"]), ("Ms Kate Reeve", ["vegan"]),
                                       ("Mr Tunde Oduya", []))):
            self.guests[f"GU-{3031 + i}"] = {"booking": "BK-2231", "name": n, "dietary": diet, "evening_only": False,
                                              "table": None}
        self.messages = []
        self.counters = {"session": 1, "enquiry": 5114, "viewing": 890, "hold": 419, "booking": 2241,
                         "instalment": 2244, "receipt": 2243, "supplier_booking": 2240, "guest": 3041,
                         "message": 7702}


# --------------------------------------------------------------------------- helpers


def _no(code: str, message: str):
    raise VenueError(code, message)


def _staff(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        _no("not_signed_in", "no session for that token; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        _no("forbidden", f"{who['name']} ({who['role']}) may not do this; it is for {' or '.join(roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str, what: str = "date") -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        _no("bad_value", f"{what} {text!r} is not a date (YYYY-MM-DD)")


def _plus(days: int, base: str = TODAY) -> str:
    return (datetime.date.fromisoformat(base) + datetime.timedelta(days=days)).isoformat()


def _months_before(date: str, months: int) -> str:
    d = datetime.date.fromisoformat(date)
    m = d.month - months
    y = d.year
    while m < 1:
        m += 12
        y -= 1
    return datetime.date(y, m, min(d.day, 28)).isoformat()


def _event(value) -> str:
    try:
        return EventType(value).value
    except ValueError:
        _no("bad_value", f"{value!r} is not an event type we host")


def _enquiry(state: State, enquiry_id: str) -> dict:
    e = state.enquiries.get(enquiry_id)
    if e is None:
        _no("not_found", f"no enquiry {enquiry_id}")
    return e


def _booking(state: State, booking_id: str) -> dict:
    b = state.bookings.get(booking_id)
    if b is None:
        _no("not_found", f"no booking {booking_id}")
    return b


def _guest(state: State, guest_id: str) -> dict:
    g = state.guests.get(guest_id)
    if g is None:
        _no("not_found", f"no guest {guest_id}")
    return g


def _slot(slot_id: str) -> tuple:
    try:
        head, mmdd, hhmm = slot_id.split("-")
    except (AttributeError, ValueError):
        return None
    if head != "VW" or hhmm not in VIEWING_TIMES or len(mmdd) != 4 or not mmdd.isdigit():
        return None
    today = datetime.date.fromisoformat(TODAY)
    dates = []
    for year in (today.year - 1, today.year, today.year + 1):  # the year that puts it nearest today
        try:
            dates.append(datetime.date(year, int(mmdd[:2]), int(mmdd[2:])))
        except ValueError:
            pass
    if not dates:
        return None
    return min(dates, key=lambda d: abs((d - today).days)).isoformat(), f"{hhmm[:2]}:{hhmm[2:]}"


def _enquiry_reply(state: State, eid: str) -> Enquiry:
    e = state.enquiries[eid]
    return Enquiry(enquiry_id=eid, name=e["name"], partner_name=e["partner"], event_type=e["event"],
                   guests=e["guests"], phone=e["phone"], email=e["email"], preferred_date=e["preferred"],
                   status=e["status"], notes=e["notes"])


def _viewing_reply(state: State, vid: str) -> Viewing:
    v = state.viewings[vid]
    date, time = _slot(v["slot"])
    return Viewing(viewing_id=vid, enquiry_id=v["enquiry"], name=state.enquiries[v["enquiry"]]["name"], date=date,
                   time=time, attending=v["attending"], status=v["status"], outcome=v["outcome"], notes=v["notes"])


def _hold_reply(state: State, hid: str) -> Hold:
    h = state.holds[hid]
    return Hold(hold_id=hid, enquiry_id=h["enquiry"], name=state.enquiries[h["enquiry"]]["name"], date=h["date"],
                space=h["space"], expires=h["expires"], status=h["status"], extended=h["extended"])


def _estimate(b: dict) -> float:
    p = PACKAGES[b["package"]]
    return round(b["day"] * p[2] + b["evening"] * p[3], 2)


def _booking_reply(state: State, bid: str) -> Booking:
    b = state.bookings[bid]
    e = state.enquiries[b["enquiry"]]
    return Booking(booking_id=bid, enquiry_id=b["enquiry"], name=e["name"], event_type=e["event"], date=b["date"],
                   space=b["space"], package=b["package"], day_guests=b["day"], evening_guests=b["evening"],
                   estimate=_estimate(b), status=b["status"], final_numbers=b["final"], signed_by=b["signed_by"])


def _booking_row(state: State, bid: str) -> BookingRow:
    b = state.bookings[bid]
    e = state.enquiries[b["enquiry"]]
    return BookingRow(booking_id=bid, enquiry_id=b["enquiry"], name=e["name"], event_type=e["event"], date=b["date"],
                      space=b["space"], package=b["package"], status=b["status"])


def _instalment_row(state: State, iid: str) -> InstalmentRow:
    i = state.instalments[iid]
    return InstalmentRow(instalment_id=iid, label=i["label"], due=i["due"], amount=i["amount"], paid=i["paid"],
                         outstanding=round(i["amount"] - i["paid"], 2))


def _supplier_booking_reply(state: State, sbid: str) -> SupplierBooking:
    s = state.supplier_bookings[sbid]
    sup = state.suppliers[s["supplier"]]
    return SupplierBooking(supplier_booking_id=sbid, booking_id=s["booking"], supplier_id=s["supplier"],
                           supplier=sup["name"], category=sup["category"], arrival=s["arrival"], notes=s["notes"])


def _guest_reply(state: State, gid: str) -> Guest:
    g = state.guests[gid]
    return Guest(guest_id=gid, booking_id=g["booking"], name=g["name"], dietary=list(g["dietary"]),
                 evening_only=g["evening_only"], table=g["table"])


def _taken(state: State, date: str, space: str) -> Optional[str]:
    for bid, b in state.bookings.items():
        if b["date"] == date and b["space"] == space and b["status"] != "cancelled":
            return bid
    for hid, h in state.holds.items():
        if h["date"] == date and h["space"] == space and h["status"] == "active":
            return hid
    return None


def _check_numbers(space: str, date: str, event: str, package: str, day: int, evening: int) -> None:
    name, seated, standing, _, _ = SPACES[space]
    if day < 1 or evening < 0:
        _no("bad_value", "give at least one day guest, and no negative evening guests")
    if day > seated:
        _no("over_capacity", f"{name} seats {seated} for a meal; {day} day guests is too many")
    if day + evening > standing:
        _no("over_capacity", f"{name} holds {standing} in the evening; {day} day and {evening} evening guests is "
                             "too many")
    d = datetime.date.fromisoformat(date)
    if package in WEDDING_PACKAGES and d.weekday() == 5 and d.month in PEAK_MONTHS and day < SATURDAY_MINIMUM:
        _no("bad_value", f"a wedding on a Saturday from May to September is for at least {SATURDAY_MINIMUM} day "
                         f"guests; {day} is too few (a Friday or a Sunday has no minimum)")


def _schedule(state: State, bid: str) -> None:
    b = state.bookings[bid]
    total = _estimate(b)
    rows = []
    if b["package"] in WEDDING_PACKAGES:
        deposit = min(WEDDING_DEPOSIT, total)
        rows.append(("deposit on signing", TODAY, deposit))
        second_due = _months_before(b["date"], 6)
        second = 0.0
        if second_due > TODAY:
            second = round(total / 2, 2)
            rows.append(("second instalment, half the estimate", second_due, second))
        rows.append(("balance", max(_plus(-56, b["date"]), TODAY), round(total - deposit - second, 2)))
    else:
        deposit = round(total / 4, 2)
        rows.append(("deposit on signing", TODAY, deposit))
        rows.append(("balance", max(_plus(-28, b["date"]), TODAY), round(total - deposit, 2)))
    for label, due, amount in rows:
        iid = f"IN-{_next(state, 'instalment')}"
        state.instalments[iid] = {"booking": bid, "label": label, "due": due, "amount": amount, "paid": 0.0}


def _deposit_paid(state: State, bid: str) -> bool:
    deposits = [i for i in state.instalments.values() if i["booking"] == bid and i["label"] == "deposit on signing"]
    return bool(deposits) and all(i["paid"] >= i["amount"] for i in deposits)


def _confirmed(state: State, bid: str) -> dict:
    b = _booking(state, bid)
    if b["status"] != "confirmed":
        _no("wrong_status", f"{bid} is {b['status'].replace('_', ' ')}; it is confirmed once the deposit is paid")
    return b


def _signed(state: State, bid: str) -> dict:
    b = _booking(state, bid)
    if b["status"] not in ("signed", "confirmed"):
        _no("wrong_status", f"{bid} is {b['status'].replace('_', ' ')}; the contract has to be signed first")
    return b


# --------------------------------------------------------------------------- sign-in and public lists


async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the events office with a user name and password. The session's token is needed by every
    other call except the lists of spaces, packages and dishes."""
    s = state.staff.get(username.strip().lower())
    if s is None or s["password"] != password:
        _no("not_signed_in", "user name or password not recognised")
    token = f"tk-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


async def sign_out(state: State, token: str) -> str:
    """End a session. Says who was signed out."""
    who = _staff(state, token)
    del state.sessions[token]
    return f"Signed out {who['name']} (session {token})."


async def spaces(state: State) -> List[SpaceRow]:
    """The venue's spaces with their codes and how many they seat for a meal and hold standing."""
    return [SpaceRow(code=c, name=s[0], seated=s[1], standing=s[2]) for c, s in SPACES.items()]


async def packages(state: State) -> List[PackageRow]:
    """The published packages with their codes and their prices per day guest and per evening guest."""
    return [PackageRow(code=c, description=p[0], per_day_guest=p[2], per_evening_guest=p[3])
            for c, p in PACKAGES.items()]


async def menus(state: State) -> List[DishRow]:
    """The wedding breakfast and dinner menu: each dish with its code and course, and whether it is
    vegetarian."""
    return [DishRow(code=c, course=d[0], dish=d[1], vegetarian=d[2]) for c, d in DISHES.items()]


# --------------------------------------------------------------------------- enquiries and viewings


async def log_enquiry(state: State, token: str, name: str, event_type: EventType, guests: int,
                      phone: Optional[str] = None, email: Optional[str] = None, preferred_date: Optional[str] = None,
                      partner_name: Optional[str] = None, notes: Optional[str] = None) -> Enquiry:
    """Log a new enquiry from someone thinking of holding an event here: their name (and their partner's for a
    wedding), what kind of event, roughly how many guests, a phone number or an e-mail address to reach them,
    the date they have in mind and anything else they said. For sales. Returns the enquiry."""
    _staff(state, token, "sales")
    event = _event(event_type)
    if not name.strip():
        _no("bad_value", "give the enquirer's name")
    if not phone and not email:
        _no("bad_value", "give a phone number or an e-mail address to reach them")
    if guests < 1:
        _no("bad_value", "give a rough number of guests")
    if preferred_date is not None and _day(preferred_date).isoformat() <= TODAY:
        _no("bad_value", "the date they have in mind has to be in the future")
    eid = f"EQ-{_next(state, 'enquiry')}"
    state.enquiries[eid] = {"name": name.strip(), "partner": partner_name, "event": event, "guests": guests,
                            "phone": phone, "email": email, "preferred": preferred_date, "status": "new",
                            "notes": notes}
    return _enquiry_reply(state, eid)


async def find_enquiry(state: State, token: str, text: str) -> List[EnquiryRow]:
    """Look up enquiries by part of a name (either partner's), a phone number or an e-mail address. Returns the
    matching enquiries."""
    _staff(state, token)
    t = text.strip().lower()
    if not t:
        _no("bad_value", "say what to look for")
    rows = []
    for eid, e in sorted(state.enquiries.items()):
        hay = " ".join(str(x) for x in (e["name"], e["partner"], e["phone"], e["email"]) if x).lower()
        if t in hay:
            rows.append(EnquiryRow(enquiry_id=eid, name=e["name"], event_type=e["event"],
                                   preferred_date=e["preferred"], status=e["status"]))
    return rows


async def update_enquiry(state: State, token: str, enquiry_id: str, phone: Optional[str] = None,
                         email: Optional[str] = None, guests: Optional[int] = None,
                         preferred_date: Optional[str] = None, notes: Optional[str] = None) -> Enquiry:
    """Change an enquiry's phone number, e-mail address, rough guest numbers, preferred date or notes. For
    sales. Returns the enquiry as it now stands."""
    _staff(state, token, "sales")
    e = _enquiry(state, enquiry_id)
    new = {}
    if phone is not None and phone != e["phone"]:
        new["phone"] = phone
    if email is not None and email != e["email"]:
        new["email"] = email
    if guests is not None and guests != e["guests"]:
        if guests < 1:
            _no("bad_value", "give a rough number of guests")
        new["guests"] = guests
    if preferred_date is not None and preferred_date != e["preferred"]:
        if _day(preferred_date).isoformat() <= TODAY:
            _no("bad_value", "the date they have in mind has to be in the future")
        new["preferred"] = preferred_date
    if notes is not None and notes != e["notes"]:
        new["notes"] = notes
    if not new:
        _no("no_change", f"nothing to change: {enquiry_id} already says so")
    e.update(new)
    return _enquiry_reply(state, enquiry_id)


async def enquiry_record(state: State, token: str, enquiry_id: str) -> EnquiryRecord:
    """An enquiry's whole record: the enquiry itself with its viewings, date holds and bookings."""
    _staff(state, token)
    _enquiry(state, enquiry_id)
    return EnquiryRecord(
        enquiry=_enquiry_reply(state, enquiry_id),
        viewings=[_viewing_reply(state, vid) for vid in sorted(state.viewings)
                  if state.viewings[vid]["enquiry"] == enquiry_id],
        holds=[_hold_reply(state, hid) for hid in sorted(state.holds) if state.holds[hid]["enquiry"] == enquiry_id],
        bookings=[_booking_row(state, bid) for bid in sorted(state.bookings)
                  if state.bookings[bid]["enquiry"] == enquiry_id],
    )


async def viewing_slots(state: State, token: str, date: str) -> List[ViewingSlot]:
    """The free viewing slots on one day. Viewings are shown from Tuesday to Saturday."""
    _staff(state, token)
    d = _day(date)
    if d.isoformat() < TODAY or d.isoformat() > _plus(60):
        _no("bad_value", "viewings are booked from today up to sixty days ahead")
    if d.weekday() in (0, 6):
        return []
    taken = {v["slot"] for v in state.viewings.values() if v["status"] == "booked"}
    rows = []
    for t in VIEWING_TIMES:
        sid = f"VW-{d.strftime('%m%d')}-{t}"
        time = f"{t[:2]}:{t[2:]}"
        if sid in taken or (d.isoformat() == TODAY and time <= NOW):
            continue
        rows.append(ViewingSlot(slot_id=sid, date=d.isoformat(), time=time))
    return rows


async def book_viewing(state: State, token: str, enquiry_id: str, slot_id: str, attending: int = 2) -> Viewing:
    """Book a show-round of the park for an enquiry into a free viewing slot, with how many are coming. For
    sales. Returns the viewing."""
    _staff(state, token, "sales")
    e = _enquiry(state, enquiry_id)
    parts = _slot(slot_id)
    if parts is None:
        _no("not_found", f"no viewing slot {slot_id} (see the viewing slots)")
    date, time = parts
    if date < TODAY or (date == TODAY and time <= NOW) or datetime.date.fromisoformat(date).weekday() in (0, 6):
        _no("not_found", f"no viewing slot {slot_id}")
    if any(v["slot"] == slot_id and v["status"] == "booked" for v in state.viewings.values()):
        _no("unavailable", f"{slot_id} is already taken")
    for vid, v in state.viewings.items():
        if v["enquiry"] == enquiry_id and v["status"] == "booked" and _slot(v["slot"])[0] >= TODAY:
            _no("no_change", f"{e['name']} already has a viewing booked ({vid}); move that one instead")
    if e["status"] in ("booked", "lost"):
        _no("wrong_status", f"{enquiry_id} is {e['status']}")
    if attending < 1 or attending > 8:
        _no("bad_value", "a viewing is for one to eight people")
    vid = f"VB-{_next(state, 'viewing'):04d}"
    state.viewings[vid] = {"enquiry": enquiry_id, "slot": slot_id, "attending": attending, "status": "booked",
                           "outcome": None, "notes": None}
    if e["status"] == "new":
        e["status"] = "viewing_booked"
    return _viewing_reply(state, vid)


async def cancel_viewing(state: State, token: str, viewing_id: str, reason: str) -> str:
    """Cancel a viewing that has not yet happened, with the reason. For sales. Says which viewing was
    cancelled."""
    _staff(state, token, "sales")
    v = state.viewings.get(viewing_id)
    if v is None:
        _no("not_found", f"no viewing {viewing_id}")
    if v["status"] != "booked":
        _no("no_change", f"{viewing_id} is already {v['status']}")
    date, time = _slot(v["slot"])
    if (date, time) <= (TODAY, NOW):
        _no("wrong_status", f"{viewing_id} has already happened; record how it went instead")
    if not reason.strip():
        _no("bad_value", "say why")
    v["status"] = "cancelled"
    v["notes"] = reason.strip()
    return f"Viewing {viewing_id} for {state.enquiries[v['enquiry']]['name']} on {date} at {time} cancelled."


async def record_viewing(state: State, token: str, viewing_id: str, outcome: Outcome, notes: Optional[str] = None
                         ) -> Viewing:
    """Record how a viewing that has taken place went: keen, thinking it over, not for them, or a no-show,
    with notes. For sales. Returns the viewing."""
    _staff(state, token, "sales")
    v = state.viewings.get(viewing_id)
    if v is None:
        _no("not_found", f"no viewing {viewing_id}")
    if v["status"] != "booked":
        _no("no_change", f"{viewing_id} is {v['status']}")
    date, time = _slot(v["slot"])
    if (date, time) > (TODAY, NOW):
        _no("wrong_status", f"{viewing_id} is on {date} at {time}; it has not happened yet")
    v["status"] = "done"
    v["outcome"] = outcome
    v["notes"] = notes
    e = state.enquiries[v["enquiry"]]
    if e["status"] in ("new", "viewing_booked"):
        e["status"] = "lost" if outcome == "not_for_them" else "viewed"
    return _viewing_reply(state, viewing_id)


# --------------------------------------------------------------------------- dates and holds


async def available_dates(state: State, token: str, month: str, space: Optional[str] = None,
                          event_type: Optional[EventType] = None, saturdays_only: bool = False) -> List[DateRow]:
    """The dates in a month (YYYY-MM) on which a space is neither booked nor held, optionally for one space,
    for the spaces that suit one kind of event, or Saturdays only."""
    _staff(state, token)
    try:
        first = datetime.date.fromisoformat(month + "-01")
    except (TypeError, ValueError):
        _no("bad_value", f"{month!r} is not a month (YYYY-MM)")
    if space is not None and space not in SPACES:
        _no("bad_value", f"{space!r} is not one of our spaces")
    event = None if event_type is None else _event(event_type)
    rows = []
    d = first
    while d.month == first.month:
        if d.isoformat() > TODAY and (not saturdays_only or d.weekday() == 5):
            for code in sorted(SPACES):
                if code == "GARDEN" or (space is not None and code != space):
                    continue
                if event is not None and event not in SPACES[code][4]:
                    continue
                if _taken(state, d.isoformat(), code) is None:
                    rows.append(DateRow(date=d.isoformat(), weekday=d.strftime("%A"), space=code,
                                        season="peak" if d.month in PEAK_MONTHS else "off_peak"))
        d += datetime.timedelta(days=1)
    return rows


async def hold_date(state: State, token: str, enquiry_id: str, date: str, space: str) -> Hold:
    """Pencil a date in a space for an enquiry while they decide. For sales. Returns the hold with the day it
    lapses."""
    _staff(state, token, "sales")
    e = _enquiry(state, enquiry_id)
    if space not in SPACES:
        _no("bad_value", f"{space!r} is not one of our spaces (see the spaces)")
    if space == "GARDEN":
        _no("bad_value", "the Walled Garden is for outdoor ceremonies only; hold the Orangery or the Great Barn for "
                         "the reception and the garden goes with it from May to September")
    d = _day(date).isoformat()
    if d <= TODAY:
        _no("bad_value", "hold a date in the future")
    if e["status"] in ("booked", "lost"):
        _no("wrong_status", f"{enquiry_id} is {e['status']}")
    if e["event"] not in SPACES[space][4]:
        _no("bad_value", f"{SPACES[space][0]} does not take a {e['event'].replace('_', ' ')}; it takes "
                         f"{', '.join(x.replace('_', ' ') for x in SPACES[space][4])}")
    other = _taken(state, d, space)
    if other is not None:
        _no("unavailable", f"{SPACES[space][0]} is not free on {d} ({other})")
    active = [hid for hid, h in state.holds.items() if h["enquiry"] == enquiry_id and h["status"] == "active"]
    if len(active) >= HOLDS_EACH:
        _no("full", f"{e['name']} already holds {HOLDS_EACH} dates ({', '.join(active)}); release one first")
    hid = f"HD-{_next(state, 'hold'):04d}"
    state.holds[hid] = {"enquiry": enquiry_id, "date": d, "space": space, "expires": _plus(HOLD_DAYS),
                        "status": "active", "extended": False}
    e["status"] = "held"
    return _hold_reply(state, hid)


async def holds(state: State, token: str, status: Optional[HoldStatus] = None) -> List[Hold]:
    """The date holds, oldest first, optionally only those in one status."""
    _staff(state, token)
    return [_hold_reply(state, hid) for hid in sorted(state.holds)
            if status is None or state.holds[hid]["status"] == status]


async def release_hold(state: State, token: str, hold_id: str, reason: str) -> str:
    """Release a date hold so that the date is free for others, with the reason. For sales. Says which hold
    was released."""
    _staff(state, token, "sales")
    h = state.holds.get(hold_id)
    if h is None:
        _no("not_found", f"no hold {hold_id}")
    if h["status"] != "active":
        _no("no_change", f"{hold_id} is already {h['status']}")
    if not reason.strip():
        _no("bad_value", "say why")
    h["status"] = "released"
    e = state.enquiries[h["enquiry"]]
    if e["status"] == "held" and not any(x["enquiry"] == h["enquiry"] and x["status"] == "active"
                                         for x in state.holds.values()):
        e["status"] = "viewed"
    return f"Hold {hold_id} on {SPACES[h['space']][0]}, {h['date']}, released for {e['name']}."


async def extend_hold(state: State, token: str, hold_id: str, days: int) -> Hold:
    """Give an enquiry a few more days on a date hold. For sales. Returns the hold with its new lapse date."""
    _staff(state, token, "sales")
    h = state.holds.get(hold_id)
    if h is None:
        _no("not_found", f"no hold {hold_id}")
    if h["status"] != "active":
        _no("wrong_status", f"{hold_id} is {h['status']}")
    if days == 0:
        _no("no_change", "extend it by at least a day")
    if h["extended"]:
        _no("wrong_status", f"{hold_id} has already been extended once; a hold is extended only once")
    if days < 0 or days > EXTEND_MAX:
        _no("bad_value", f"a hold is extended by up to {EXTEND_MAX} days")
    h["expires"] = _plus(days, h["expires"])
    h["extended"] = True
    return _hold_reply(state, hold_id)


# --------------------------------------------------------------------------- bookings and payments


async def issue_contract(state: State, token: str, hold_id: str, package_code: str, day_guests: int,
                         evening_guests: int = 0) -> Booking:
    """Turn a date hold into a booking on a package by sending the contract, with the day and evening-only
    guest numbers. For sales. Returns the booking, waiting for the signed contract."""
    _staff(state, token, "sales")
    h = state.holds.get(hold_id)
    if h is None:
        _no("not_found", f"no hold {hold_id}")
    if h["status"] != "active":
        _no("wrong_status", f"{hold_id} is {h['status']}; hold the date again first")
    p = PACKAGES.get(package_code)
    if p is None:
        _no("bad_value", f"{package_code!r} is not one of our packages (see the packages)")
    e = state.enquiries[h["enquiry"]]
    if e["event"] not in p[1]:
        _no("bad_value", f"the {package_code} package is for {', '.join(x.replace('_', ' ') for x in p[1])}, not a "
                         f"{e['event'].replace('_', ' ')}")
    _check_numbers(h["space"], h["date"], e["event"], package_code, day_guests, evening_guests)
    bid = f"BK-{_next(state, 'booking')}"
    state.bookings[bid] = {"enquiry": h["enquiry"], "date": h["date"], "space": h["space"], "package": package_code,
                           "day": day_guests, "evening": evening_guests, "status": "contract_sent", "final": False,
                           "signed_by": None, "menu": None, "plan": None, "registrar": None}
    h["status"] = "converted"
    e["status"] = "booked"
    return _booking_reply(state, bid)


async def record_signature(state: State, token: str, booking_id: str, signed_by: str, signed_on: str) -> Booking:
    """Record the signed contract for a booking, who signed it and when; this sets up the payment schedule.
    For sales. Returns the booking."""
    _staff(state, token, "sales")
    b = _booking(state, booking_id)
    if b["status"] != "contract_sent":
        _no("no_change" if b["status"] in ("signed", "confirmed") else "wrong_status",
            f"{booking_id} is {b['status'].replace('_', ' ')}")
    if not signed_by.strip():
        _no("bad_value", "say who signed")
    if _day(signed_on).isoformat() > TODAY:
        _no("bad_value", "the contract cannot be signed in the future")
    b["status"] = "signed"
    b["signed_by"] = signed_by.strip()
    _schedule(state, booking_id)
    return _booking_reply(state, booking_id)


async def bookings(state: State, token: str, status: Optional[BookingStatus] = None,
                   event_type: Optional[EventType] = None, month: Optional[str] = None) -> List[BookingRow]:
    """The bookings in date order, optionally only those in one status, for one kind of event, or in one month
    (YYYY-MM)."""
    _staff(state, token)
    event = None if event_type is None else _event(event_type)
    rows = [_booking_row(state, bid) for bid in state.bookings]
    rows = [r for r in rows if (status is None or r.status == status) and (event is None or r.event_type == event)
            and (month is None or r.date.startswith(month))]
    return sorted(rows, key=lambda r: (r.date, r.booking_id))


async def booking_file(state: State, token: str, booking_id: str) -> BookingFile:
    """A booking's whole file: the booking, who to contact, the payment schedule, the suppliers booked, the
    guest counts, the menu, the table plan and the registrars."""
    _staff(state, token)
    b = _booking(state, booking_id)
    e = state.enquiries[b["enquiry"]]
    gs = [g for g in state.guests.values() if g["booking"] == booking_id]
    m = b["menu"]
    return BookingFile(
        booking=_booking_reply(state, booking_id), contact=e["name"], phone=e["phone"], email=e["email"],
        instalments=[_instalment_row(state, iid) for iid in sorted(state.instalments)
                     if state.instalments[iid]["booking"] == booking_id],
        suppliers=[_supplier_booking_reply(state, sbid) for sbid in sorted(state.supplier_bookings)
                   if state.supplier_bookings[sbid]["booking"] == booking_id
                   and state.supplier_bookings[sbid]["status"] == "booked"],
        guests={"day": sum(1 for g in gs if not g["evening_only"]), "evening_only": sum(1 for g in gs if g["evening_only"]),
                "seated": sum(1 for g in gs if g["table"] is not None)},
        menu=None if m is None else MenuChoice(booking_id=booking_id, starter=m[0], main=m[1], dessert=m[2],
                                               vegetarian_main=m[3]),
        table_plan=None if b["plan"] is None else f"{b['plan'][1]} {b['plan'][0].replace('_', ' ')} of {b['plan'][2]}",
        registrar=None if b["registrar"] is None else f"{b['registrar'][2]} ({b['registrar'][0]}), {b['registrar'][1]}",
    )


async def payment_schedule(state: State, token: str, booking_id: str) -> List[InstalmentRow]:
    """A signed booking's payment schedule: each instalment with what is due, when, and what has been paid."""
    _staff(state, token)
    _signed(state, booking_id)
    return [_instalment_row(state, iid) for iid in sorted(state.instalments)
            if state.instalments[iid]["booking"] == booking_id]


async def take_payment(state: State, token: str, instalment_id: str, amount: float, method: PayMethod) -> Receipt:
    """Take a payment towards an instalment; paying the deposit confirms the booking. For accounts. Returns the
    receipt with what is left on the instalment."""
    _staff(state, token, "accounts")
    i = state.instalments.get(instalment_id)
    if i is None:
        _no("not_found", f"no instalment {instalment_id}")
    b = state.bookings[i["booking"]]
    if b["status"] == "cancelled":
        _no("wrong_status", f"{i['booking']} is cancelled")
    left = round(i["amount"] - i["paid"], 2)
    if left <= 0:
        _no("no_change", f"{instalment_id} is paid")
    amount = round(float(amount), 2)
    if amount <= 0 or amount > left:
        _no("bad_value", f"£{amount:.2f} is not a payment on {instalment_id}, which has £{left:.2f} to pay")
    i["paid"] = round(i["paid"] + amount, 2)
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"instalment": instalment_id, "amount": amount, "method": method, "status": "taken"}
    if b["status"] == "signed" and _deposit_paid(state, i["booking"]):
        b["status"] = "confirmed"
    return Receipt(receipt_id=rid, instalment_id=instalment_id, booking_id=i["booking"], amount=amount, method=method,
                   left_on_instalment=round(left - amount, 2), booking_status=b["status"])


async def void_payment(state: State, token: str, receipt_id: str, reason: str) -> str:
    """Void a payment taken in error (the wrong amount or the wrong card), with the reason. For accounts. Says
    what is owing again."""
    _staff(state, token, "accounts")
    r = state.receipts.get(receipt_id)
    if r is None:
        _no("not_found", f"no receipt {receipt_id}")
    if r["status"] == "void":
        _no("no_change", f"{receipt_id} is already void")
    if not reason.strip():
        _no("bad_value", "say why")
    r["status"] = "void"
    i = state.instalments[r["instalment"]]
    i["paid"] = round(i["paid"] - r["amount"], 2)
    b = state.bookings[i["booking"]]
    if b["status"] == "confirmed" and not _deposit_paid(state, i["booking"]):
        b["status"] = "signed"
    return (f"Receipt {receipt_id} voided; £{r['amount']:.2f} is owing again on {r['instalment']} "
            f"({i['booking']} is {b['status']}).")


async def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> float:
    """Cancel a booking, with the reason; the date is freed. For accounts. Returns the refund the cancellation
    scale allows, in pounds."""
    _staff(state, token, "accounts")
    b = _booking(state, booking_id)
    if b["status"] == "cancelled":
        _no("no_change", f"{booking_id} is already cancelled")
    if not reason.strip():
        _no("bad_value", "say why")
    paid = sum(i["paid"] for i in state.instalments.values() if i["booking"] == booking_id)
    deposit = sum(i["paid"] for i in state.instalments.values()
                  if i["booking"] == booking_id and i["label"] == "deposit on signing")
    days = (datetime.date.fromisoformat(b["date"]) - datetime.date.fromisoformat(TODAY)).days
    beyond = paid - deposit
    refund = beyond if days > 365 else round(beyond / 2, 2) if days > 182 else 0.0
    b["status"] = "cancelled"
    state.enquiries[b["enquiry"]]["status"] = "lost"
    return round(refund, 2)


async def set_guest_numbers(state: State, token: str, booking_id: str, day_guests: int, evening_guests: int
                            ) -> Booking:
    """Change a booking's day and evening-only guest numbers. For the coordinator. Returns the booking with its
    new estimate."""
    _staff(state, token, "coordinator")
    b = _booking(state, booking_id)
    if b["status"] == "cancelled":
        _no("wrong_status", f"{booking_id} is cancelled")
    if day_guests == b["day"] and evening_guests == b["evening"]:
        _no("no_change", f"{booking_id} is already for {day_guests} day and {evening_guests} evening guests")
    if b["final"] and (day_guests < b["day"] or evening_guests < b["evening"]):
        _no("wrong_status", f"final numbers for {booking_id} are given; they can go up but not down")
    e = state.enquiries[b["enquiry"]]
    _check_numbers(b["space"], b["date"], e["event"], b["package"], day_guests, evening_guests)
    listed = [g for g in state.guests.values() if g["booking"] == booking_id]
    if sum(1 for g in listed if not g["evening_only"]) > day_guests or \
            sum(1 for g in listed if g["evening_only"]) > evening_guests:
        _no("full", "there are more guests on the list than that; take some off first")
    b["day"], b["evening"] = day_guests, evening_guests
    return _booking_reply(state, booking_id)


async def choose_menu(state: State, token: str, booking_id: str, starter: str, main: str, dessert: str,
                      vegetarian_main: str) -> MenuChoice:
    """Record the couple's or host's menu choice for the meal: a starter, a main, a dessert and the
    vegetarian main, by their dish codes. For the coordinator. Returns the choice."""
    _staff(state, token, "coordinator")
    b = _confirmed(state, booking_id)
    if not PACKAGES[b["package"]][4]:
        _no("bad_value", f"the {b['package']} package has a set menu; there is nothing to choose")
    for code, course in ((starter, "starter"), (main, "main"), (dessert, "dessert"), (vegetarian_main, "main")):
        d = DISHES.get(code)
        if d is None:
            _no("bad_value", f"{code!r} is not a dish on our menu (see the menus)")
        if d[0] != course:
            _no("bad_value", f"{code} is a {d[0]}, not a {course}")
    if not DISHES[vegetarian_main][2]:
        _no("bad_value", f"{vegetarian_main} is not vegetarian")
    if b["final"]:
        _no("wrong_status", f"final numbers for {booking_id} are given; the menu is settled")
    choice = [starter, main, dessert, vegetarian_main]
    if b["menu"] == choice:
        _no("no_change", "that is already the menu")
    b["menu"] = choice
    return MenuChoice(booking_id=booking_id, starter=starter, main=main, dessert=dessert,
                      vegetarian_main=vegetarian_main)


async def final_numbers(state: State, token: str, booking_id: str) -> float:
    """Confirm a booking's final numbers and menu to the kitchen; numbers may go up afterwards but not down.
    For the coordinator. Returns the balance still to pay, in pounds."""
    _staff(state, token, "coordinator")
    b = _confirmed(state, booking_id)
    if b["final"]:
        _no("no_change", f"final numbers for {booking_id} are already given")
    if PACKAGES[b["package"]][4] and b["menu"] is None:
        _no("wrong_status", f"choose the menu for {booking_id} before giving final numbers")
    b["final"] = True
    return round(sum(i["amount"] - i["paid"] for i in state.instalments.values() if i["booking"] == booking_id), 2)


# --------------------------------------------------------------------------- suppliers


async def suppliers(state: State, token: str, category: Category) -> List[SupplierRow]:
    """The venue's approved suppliers of one kind (florists, photographers, bands, DJs, cakes, celebrants, hair
    and make-up)."""
    _staff(state, token)
    return [SupplierRow(supplier_id=sid, name=s["name"], category=s["category"], phone=s["phone"])
            for sid, s in sorted(state.suppliers.items()) if s["category"] == category]


async def book_supplier(state: State, token: str, booking_id: str, supplier_id: str, arrival: str,
                        notes: Optional[str] = None) -> SupplierBooking:
    """Book an approved supplier for a confirmed booking's day, with their arrival time (HH:MM) and notes. For
    the coordinator. Returns the supplier booking."""
    _staff(state, token, "coordinator")
    b = _confirmed(state, booking_id)
    s = state.suppliers.get(supplier_id)
    if s is None:
        _no("not_found", f"no approved supplier {supplier_id} (see the suppliers)")
    if any(x["booking"] == booking_id and x["supplier"] == supplier_id and x["status"] == "booked"
           for x in state.supplier_bookings.values()):
        _no("no_change", f"{s['name']} is already booked for {booking_id}")
    if b["date"] in s["busy"]:
        _no("unavailable", f"{s['name']} is already booked elsewhere on {b['date']}")
    try:
        datetime.time.fromisoformat(arrival)
    except (TypeError, ValueError):
        _no("bad_value", f"arrival {arrival!r} is not a time (HH:MM)")
    sbid = f"SB-{_next(state, 'supplier_booking')}"
    state.supplier_bookings[sbid] = {"booking": booking_id, "supplier": supplier_id, "arrival": arrival,
                                     "notes": notes, "status": "booked"}
    s["busy"].append(b["date"])
    return _supplier_booking_reply(state, sbid)


async def cancel_supplier(state: State, token: str, supplier_booking_id: str, reason: str) -> str:
    """Cancel a supplier booked for an event, with the reason. For the coordinator. Says which supplier booking
    was cancelled."""
    _staff(state, token, "coordinator")
    x = state.supplier_bookings.get(supplier_booking_id)
    if x is None:
        _no("not_found", f"no supplier booking {supplier_booking_id}")
    if x["status"] != "booked":
        _no("no_change", f"{supplier_booking_id} is already cancelled")
    if not reason.strip():
        _no("bad_value", "say why")
    x["status"] = "cancelled"
    s = state.suppliers[x["supplier"]]
    date = state.bookings[x["booking"]]["date"]
    if date in s["busy"]:
        s["busy"].remove(date)
    return f"Supplier booking {supplier_booking_id} ({s['name']}) for {x['booking']} cancelled."


# --------------------------------------------------------------------------- guests and seating


async def add_guest(state: State, token: str, booking_id: str, name: str, dietary: Optional[List[str]] = None,
                    evening_only: bool = False) -> Guest:
    """Add a guest to a signed booking's guest list, with any dietary needs, and whether they come for the
    evening only. For the coordinator. Returns the guest."""
    _staff(state, token, "coordinator")
    b = _signed(state, booking_id)
    if not name.strip():
        _no("bad_value", "give the guest's name")
    needs = list(dietary or [])
    for n in needs:
        if n not in DIETS:
            _no("bad_value", f"{n!r} is not a dietary need the kitchen caters for: {', '.join(DIETS)}; put anything "
                             "else in a note to the chef")
    listed = [g for g in state.guests.values() if g["booking"] == booking_id and g["evening_only"] == evening_only]
    if any(g["name"].lower() == name.strip().lower() for g in listed):
        _no("no_change", f"{name} is already on the guest list")
    limit = b["evening"] if evening_only else b["day"]
    if len(listed) >= limit:
        _no("full", f"the guest list is full at {limit} {'evening' if evening_only else 'day'} guests; raise the "
                    "numbers first")
    gid = f"GU-{_next(state, 'guest')}"
    state.guests[gid] = {"booking": booking_id, "name": name.strip(), "dietary": needs, "evening_only": evening_only,
                         "table": None}
    return _guest_reply(state, gid)


async def guest_list(state: State, token: str, booking_id: str, evening_only: Optional[bool] = None) -> List[Guest]:
    """A booking's guest list in the order guests were added, optionally only the day or only the evening
    guests."""
    _staff(state, token)
    _booking(state, booking_id)
    return [_guest_reply(state, gid) for gid in sorted(state.guests)
            if state.guests[gid]["booking"] == booking_id
            and (evening_only is None or state.guests[gid]["evening_only"] == evening_only)]


async def remove_guest(state: State, token: str, guest_id: str, reason: str) -> int:
    """Take a guest off a guest list (and off the table plan), with the reason. For the coordinator. Returns
    how many guests are left on the list."""
    _staff(state, token, "coordinator")
    g = _guest(state, guest_id)
    if not reason.strip():
        _no("bad_value", "say why")
    booking = g["booking"]
    del state.guests[guest_id]
    return sum(1 for x in state.guests.values() if x["booking"] == booking)


async def set_table_plan(state: State, token: str, booking_id: str, tables: int, seats_per_table: int,
                         layout: Layout) -> TablePlan:
    """Set out a signed booking's tables for the meal: how many, the seats at each and the layout. For the
    coordinator. Returns the table plan."""
    _staff(state, token, "coordinator")
    b = _signed(state, booking_id)
    if tables < 1 or seats_per_table < 2 or seats_per_table > 14:
        _no("bad_value", "a table seats between 2 and 14")
    if tables * seats_per_table < b["day"]:
        _no("bad_value", f"{tables} tables of {seats_per_table} seat {tables * seats_per_table}; {booking_id} has "
                         f"{b['day']} day guests")
    if tables * seats_per_table > SPACES[b["space"]][1] + 20:
        _no("over_capacity", f"{SPACES[b['space']][0]} does not take that many places")
    plan = [layout, tables, seats_per_table]
    if b["plan"] == plan:
        _no("no_change", "that is already the table plan")
    b["plan"] = plan
    for g in state.guests.values():
        if g["booking"] == booking_id and g["table"] is not None and g["table"] > tables:
            g["table"] = None
    return _plan_reply(state, booking_id)


def _plan_reply(state: State, booking_id: str) -> TablePlan:
    b = state.bookings[booking_id]
    layout, n, seats = b["plan"]
    gs = [(gid, g) for gid, g in sorted(state.guests.items()) if g["booking"] == booking_id and not g["evening_only"]]
    return TablePlan(booking_id=booking_id, layout=layout, seats_per_table=seats,
                     tables=[Table(number=t, seats=seats, guests=[g["name"] for _, g in gs if g["table"] == t])
                             for t in range(1, n + 1)],
                     unseated=sum(1 for _, g in gs if g["table"] is None))


async def table_plan(state: State, token: str, booking_id: str) -> TablePlan:
    """A booking's table plan: each table with the guests seated at it, and how many day guests are not yet
    seated."""
    _staff(state, token)
    b = _booking(state, booking_id)
    if b["plan"] is None:
        _no("wrong_status", f"{booking_id} has no table plan yet")
    return _plan_reply(state, booking_id)


async def seat_guest(state: State, token: str, guest_id: str, table: int) -> str:
    """Seat a day guest at a table of the booking's table plan. For the coordinator. Says who is seated where."""
    _staff(state, token, "coordinator")
    g = _guest(state, guest_id)
    b = state.bookings[g["booking"]]
    if b["plan"] is None:
        _no("wrong_status", f"{g['booking']} has no table plan yet; set out the tables first")
    if g["evening_only"]:
        _no("bad_value", f"{g['name']} comes for the evening only and has no seat at the meal")
    if table < 1 or table > b["plan"][1]:
        _no("bad_value", f"the plan has tables 1 to {b['plan'][1]}")
    if g["table"] == table:
        _no("no_change", f"{g['name']} is already at table {table}")
    at = sum(1 for x in state.guests.values() if x["booking"] == g["booking"] and x["table"] == table)
    if at >= b["plan"][2]:
        _no("full", f"table {table} is full")
    g["table"] = table
    return f"Guest {guest_id} ({g['name']}) seated at table {table} for {g['booking']}."


async def record_registrar(state: State, token: str, booking_id: str, district: str, ceremony_time: str,
                           registrars: str) -> str:
    """Record the registrars booked by the couple for the ceremony: the registration district, the time of the
    ceremony (HH:MM) and the registrars' names. For the coordinator. Says what was recorded."""
    _staff(state, token, "coordinator")
    b = _signed(state, booking_id)
    e = state.enquiries[b["enquiry"]]
    if e["event"] not in CEREMONIES:
        _no("bad_value", f"{booking_id} is a {e['event'].replace('_', ' ')}; registrars come to weddings and civil "
                         "partnerships")
    if not SPACES[b["space"]][3]:
        _no("bad_value", f"{SPACES[b['space']][0]} is not licensed for ceremonies; they are held in the Orangery, "
                         "the Great Barn or the Walled Garden")
    if district.strip().lower() != DISTRICT.lower():
        _no("bad_value", f"the park is in the {DISTRICT} registration district; the registrars come from there")
    try:
        datetime.time.fromisoformat(ceremony_time)
    except (TypeError, ValueError):
        _no("bad_value", f"{ceremony_time!r} is not a time (HH:MM)")
    new = [DISTRICT, ceremony_time, registrars.strip()]
    if b["registrar"] == new:
        _no("no_change", "the registrars are already recorded so")
    b["registrar"] = new
    return f"Registrars for {booking_id}: {registrars.strip()} ({DISTRICT}), ceremony at {ceremony_time}."


async def send_message(state: State, token: str, enquiry_id: str, channel: Channel, text: str) -> str:
    """Send an e-mail or a text to the person behind an enquiry or a booking. For sales and the coordinator.
    Says which message went where."""
    who = _staff(state, token)
    if who["role"] not in ("sales", "coordinator", "manager"):
        _no("forbidden", f"{who['name']} ({who['role']}) may not do this; it is for sales or the coordinator")
    e = _enquiry(state, enquiry_id)
    if not text.strip():
        _no("bad_value", "the message is empty")
    if channel == "sms" and not (e["phone"] or "").replace(" ", "").startswith("07"):
        _no("bad_value", f"no mobile number on file for {e['name']}")
    if channel == "email" and not e["email"]:
        _no("bad_value", f"no e-mail address on file for {e['name']}")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, enquiry_id, channel, text.strip()])
    return f"Message {mid} sent by {channel} to {e['name']} ({e['phone'] if channel == 'sms' else e['email']})."


TOOLS = [
    sign_in, sign_out, spaces, packages, menus, log_enquiry, find_enquiry, update_enquiry, enquiry_record,
    viewing_slots, book_viewing, cancel_viewing, record_viewing, available_dates, hold_date, holds, release_hold,
    extend_hold, issue_contract, record_signature, bookings, booking_file, payment_schedule, take_payment,
    void_payment, cancel_booking, set_guest_numbers, choose_menu, final_numbers, suppliers, book_supplier,
    cancel_supplier, add_guest, guest_list, remove_guest, set_table_plan, table_plan, seat_guest, record_registrar,
    send_message,
]

FIXTURES = {
    "venue": {"name": "The Orangery at Holloway Park, events office",
              "today": "Wednesday 12 March, quarter to ten"},
    "staff": [
        {"name": "Beatrice Shaw", "role": "sales", "username": "bea.s", "password": "Orange-Blossom-12"},
        {"name": "Oliver Marsh", "role": "events coordinator", "username": "oli.m", "password": "Top-Table-88"},
        {"name": "Rosa Kaur", "role": "accounts", "username": "rosa.k", "password": "Ledger-Lily-5"},
        {"name": "Gwen Holloway", "role": "general manager", "username": "gwen.h", "password": "Holloway-Park-1931"},
    ],
    "new_enquiry": {"names": "Ms Carys Bell and Mr Jonah Whitlock", "event": "a wedding",
                    "mobile": "07700 950120", "email": "carys.bell@mail.example",
                    "guests": "about 95 for the day and 130 more in the evening",
                    "date": "a Saturday in September 2031, ideally the 27th, in the Great Barn",
                    "wants": "to look round this Saturday afternoon, four of them",
                    "menu": "tomato and burrata, the chicken, sticky toffee pudding; the Wellington for vegetarians",
                    "registrars": "Mrs Anne Grady and Mr Paul Tse at one o'clock",
                    "guest": "Carys's grandmother, Mrs Ruth Bell, vegetarian, at table one"},
    "office_notes": [
        "Mrs Helen Ford (sixtieth birthday) has given a mobile, 07700 950113, for texts",
        "Ms Jade Morton has booked another venue; release her hold on the Great Barn",
        "Priya Nair and Tom Castle want the Great Barn on 13 September if Jade Morton lets it go",
        "Priya Nair's viewing yesterday went well: keen, loved the Barn",
        "Hartley Engineering's contract for the away day has come back signed by Mrs Joan Pryce",
        "Grace Adeyemi paid the £1,500 deposit by card this morning",
        "Ellie Shaw and Kit Dunn want two more day guests: Mr Tom Dunn's partner and Ms Amy Fox's husband",
        "Daniel Reeve and Sam Oduya have paid the balance of £3,525 by bank transfer",
    ],
}

_TOKEN = "auth: session token (token of sign_in's Session)"
PUBLIC = ("sign_in", "spaces", "packages", "menus")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
ENQUIRY_CONSUMERS = ["update_enquiry", "enquiry_record", "book_viewing", "hold_date", "send_message"]
HOLD_CONSUMERS = ["release_hold", "issue_contract", "extend_hold"]
BOOKING_CONSUMERS = ["record_signature", "booking_file", "payment_schedule", "set_guest_numbers", "choose_menu",
                     "book_supplier", "add_guest", "set_table_plan", "record_registrar", "cancel_booking",
                     "final_numbers", "guest_list", "table_plan"]
GUEST_CONSUMERS = ["seat_guest", "remove_guest"]
_ENQUIRY = "id lookup/create: enquiry number (enquiry_id of log_enquiry, or of a find_enquiry row)"
_HOLD = "id lookup/create: hold number (hold_id of hold_date, or of a holds row)"
_BOOKING = "id lookup/create: booking number (booking_id of issue_contract, or of a bookings row)"
_GUEST = "id lookup/create: guest number (guest_id of add_guest, or of a guest_list row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("log_enquiry|find_enquiry", c, _ENQUIRY) for c in ENQUIRY_CONSUMERS]
    + [("hold_date|holds", c, _HOLD) for c in HOLD_CONSUMERS]
    + [("issue_contract|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("add_guest|guest_list", c, _GUEST) for c in GUEST_CONSUMERS]
    + [
        ("book_viewing|enquiry_record", "cancel_viewing",
         "id lookup/create: viewing number (viewing_id of book_viewing, or of a viewing nested in enquiry_record)"),
        ("enquiry_record", "record_viewing",
         "id lookup: viewing number of a viewing that has taken place (viewing_id nested in enquiry_record)"),
        ("payment_schedule|booking_file", "take_payment",
         "id lookup/create: instalment number (instalment_id of a payment_schedule row, or nested in booking_file)"),
        ("book_supplier|booking_file", "cancel_supplier",
         "id lookup/create: supplier booking number (supplier_booking_id of book_supplier, or nested in "
         "booking_file)"),
        ("viewing_slots", "book_viewing", "id lookup: viewing slot (slot_id of a viewing_slots row)"),
        ("suppliers", "book_supplier", "id lookup: approved supplier (supplier_id of a suppliers row)"),
        ("take_payment", "void_payment", "id create: receipt number (receipt_id of take_payment's Receipt)"),
        ("spaces|available_dates", "hold_date",
         "vocabulary: space codes (code of spaces rows, or space of available_dates rows)"),
        ("packages", "issue_contract", "vocabulary: package codes (code of packages rows)"),
        ("menus", "choose_menu", "vocabulary: dish codes (code of menus rows)"),
        ("record_signature", "payment_schedule", "state: the contract signed (the schedule set up)"),
        ("take_payment", "choose_menu", "state: the booking confirmed by its deposit"),
        ("take_payment", "book_supplier", "state: the booking confirmed by its deposit"),
        ("set_table_plan", "seat_guest", "state: the tables set out"),
        ("choose_menu", "final_numbers", "state: the menu chosen"),
        ("release_hold", "hold_date", "state: the date free of another enquiry's hold"),
        ("set_guest_numbers", "add_guest", "state: room on the guest list"),
        ("update_enquiry", "send_message", "state: a mobile number on the enquiry"),
    ]
)

PLAUSIBLE = {
    ("log_enquiry", "find_enquiry"), ("log_enquiry", "viewing_slots"), ("find_enquiry", "viewing_slots"),
    ("log_enquiry", "available_dates"), ("find_enquiry", "available_dates"), ("enquiry_record", "update_enquiry"),
    ("enquiry_record", "book_viewing"), ("enquiry_record", "hold_date"), ("enquiry_record", "send_message"),
    ("enquiry_record", "release_hold"), ("enquiry_record", "extend_hold"), ("enquiry_record", "issue_contract"),
    ("enquiry_record", "booking_file"), ("enquiry_record", "record_signature"), ("enquiry_record", "cancel_booking"),
    ("enquiry_record", "payment_schedule"), ("find_enquiry", "holds"), ("find_enquiry", "bookings"),
    ("book_viewing", "record_viewing"), ("book_viewing", "enquiry_record"), ("book_viewing", "viewing_slots"),
    ("cancel_viewing", "viewing_slots"), ("cancel_viewing", "book_viewing"), ("record_viewing", "hold_date"),
    ("record_viewing", "enquiry_record"), ("viewing_slots", "cancel_viewing"), ("available_dates", "issue_contract"),
    ("spaces", "available_dates"), ("hold_date", "available_dates"), ("hold_date", "holds"),
    ("hold_date", "enquiry_record"), ("release_hold", "available_dates"), ("release_hold", "holds"),
    ("extend_hold", "holds"), ("extend_hold", "issue_contract"), ("holds", "hold_date"), ("holds", "enquiry_record"),
    ("holds", "send_message"), ("issue_contract", "holds"), ("issue_contract", "available_dates"),
    ("issue_contract", "enquiry_record"), ("packages", "set_guest_numbers"), ("packages", "choose_menu"),
    ("spaces", "issue_contract"), ("spaces", "set_guest_numbers"), ("spaces", "set_table_plan"),
    ("issue_contract", "take_payment"), ("issue_contract", "void_payment"), ("issue_contract", "send_message"),
    ("record_signature", "take_payment"), ("record_signature", "add_guest"), ("record_signature", "set_table_plan"),
    ("record_signature", "record_registrar"), ("record_signature", "booking_file"), ("record_signature", "bookings"),
    ("record_signature", "choose_menu"), ("record_signature", "book_supplier"), ("bookings", "take_payment"),
    ("bookings", "send_message"), ("bookings", "enquiry_record"), ("bookings", "cancel_supplier"),
    ("bookings", "seat_guest"), ("bookings", "remove_guest"), ("booking_file", "set_guest_numbers"),
    ("booking_file", "choose_menu"), ("booking_file", "book_supplier"), ("booking_file", "add_guest"),
    ("booking_file", "set_table_plan"), ("booking_file", "record_registrar"), ("booking_file", "final_numbers"),
    ("booking_file", "cancel_booking"), ("booking_file", "send_message"), ("booking_file", "guest_list"),
    ("booking_file", "table_plan"), ("booking_file", "payment_schedule"), ("booking_file", "void_payment"),
    ("payment_schedule", "void_payment"), ("payment_schedule", "cancel_booking"), ("payment_schedule", "booking_file"),
    ("take_payment", "payment_schedule"), ("take_payment", "booking_file"), ("take_payment", "bookings"),
    ("take_payment", "final_numbers"), ("take_payment", "set_guest_numbers"), ("take_payment", "add_guest"),
    ("take_payment", "set_table_plan"), ("take_payment", "cancel_booking"), ("void_payment", "payment_schedule"),
    ("void_payment", "choose_menu"), ("void_payment", "book_supplier"), ("void_payment", "take_payment"),
    ("cancel_booking", "available_dates"), ("cancel_booking", "hold_date"), ("cancel_booking", "bookings"),
    ("set_guest_numbers", "booking_file"), ("set_guest_numbers", "set_table_plan"), ("set_guest_numbers", "final_numbers"),
    ("set_guest_numbers", "payment_schedule"), ("menus", "final_numbers"), ("choose_menu", "booking_file"),
    ("final_numbers", "set_guest_numbers"), ("final_numbers", "booking_file"), ("final_numbers", "take_payment"),
    ("suppliers", "cancel_supplier"), ("book_supplier", "booking_file"), ("cancel_supplier", "book_supplier"),
    ("cancel_supplier", "booking_file"), ("add_guest", "guest_list"), ("add_guest", "table_plan"),
    ("add_guest", "booking_file"), ("guest_list", "table_plan"), ("guest_list", "add_guest"),
    ("remove_guest", "guest_list"), ("remove_guest", "add_guest"), ("remove_guest", "set_guest_numbers"),
    ("remove_guest", "table_plan"), ("set_table_plan", "table_plan"), ("set_table_plan", "booking_file"),
    ("seat_guest", "table_plan"), ("seat_guest", "guest_list"), ("table_plan", "seat_guest"),
    ("table_plan", "set_table_plan"), ("record_registrar", "booking_file"), ("update_enquiry", "enquiry_record"),
    ("update_enquiry", "hold_date"), ("find_enquiry", "booking_file"), ("log_enquiry", "holds"),
}
