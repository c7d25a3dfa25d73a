"""Aloft: the booking office, flight line and retrieve crews of Ashby Lacey Balloon Flights (43 calls).

Sync functions over an in-memory ``State`` of the company on Friday 13 June 2031 at 10:15. The office
registers customers, sells gift vouchers for a passenger's flight (weekday, anytime, anytime with a champagne
toast), extends vouchers that have run out, upgrades them, hands them to another holder and refunds payments;
it books voucher holders onto flights, moves and cancels their bookings, keeps their declared weights and
writes to them. Flights are scheduled from a launch site at dawn or in the evening with a balloon and a pilot,
given a retrieve crew and a vehicle, and called go, hold or scrub by their pilot on the day (or the day
before); a flight may also be cancelled. On the launch field the crew checks passengers in on the scales or
marks them no-shows, the pilot launches and lands, landings are logged with the landowner, who is thanked, and
flight certificates are issued (and reissued with a name put right). The chief pilot records the balloons'
annual inspections; a pilot may ground a balloon. The flight products, the launch sites, the forecast and the
flights with seats are public.

Every tool is a plain ``def`` wrapped by ``endpoint(*roles)`` (``functools.wraps``), which checks the bearer
token and the role and turns the ``_Rejected`` a tool raises into the reply: a refusal comes back as
``{"status": "rejected", "code": 409, "reason": "..."}`` (401 not signed in, 403 not allowed, 404 no such
record, 400 a value the company does not take, 409 a record not in the state the call needs, or nothing to
change, 507 no room in the basket). The runtime's common conventions (as
``llama_index_libra/runtime/failures.py`` writes them) read a dict's ``error``, ``success`` or ``ok``, a
``status`` of error, failed, failure or fail, a string's ``Error:`` prefix and a list of one refusal; a
``status`` of ``rejected`` is none of these, so the module declares ``FAILURE`` (``rejection``). Answers are
``TypedDict`` records and lists of them; bare values answer a flight cancelled (the bookings to rebook), a
balloon grounded (the flights it was on) and a payment refunded (the amount); sentences with an id in them
answer a check-in, a no-show, a cancelled booking, a certificate reissued, a thank-you, a message and a
sign-out. ``from __future__ import annotations``: every annotation is a string the runtime resolves in this
module, spelled with ``typing`` (``Optional``, ``List``, ``Dict``, ``Union``, ``Literal``, ``TypedDict``),
with a plain ``Enum`` input (``Slot``) and ``Literal`` inputs and filters. Google docstrings. Ids look alike:
flight ``FL-3106``, landing ``LD-3108``, voucher ``VC-3110``, booking ``BK-3112``, payment ``PY-3114``;
customer ``CU-4425``; pilot ``P-17``; balloon ``G-OALF``. How far ahead a forecast goes, the weather limits
for a go, how many crew a retrieve needs, when the weather call may be made, the heaviest passenger, how long
an expired voucher may be extended by and how far back, and the refund period are stated only in refusals; the
48 hours inside which a cancelled booking forfeits its voucher only in the reply to such a cancellation.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider
means either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union

TODAY = "2031-06-13"  # a Friday
NOW = "10:15"
MAX_PASSENGER_KG = 127.0
FORECAST_DAYS = 5
WIND_LIMIT, GUST_LIMIT, VISIBILITY_MIN = 10, 15, 5.0
EXTEND_FEES = {6: 35.0, 12: 60.0}
REFUND_DAYS = 14
FORFEIT_HOURS = 48
SLOT_TIMES = {"dawn": "05:15", "evening": "18:30"}


class Slot(Enum):
    DAWN = "dawn"
    EVENING = "evening"


PRODUCTS = {  # code -> name, price, months valid, weekend allowed, rank
    "WKDY": ("Weekday flight, one passenger (Monday to Friday)", 169.0, 24, False, 1),
    "ANY": ("Anytime flight, one passenger", 209.0, 24, True, 2),
    "CHAMP": ("Anytime flight with a champagne toast on landing, one passenger", 239.0, 24, True, 3),
}
SITES = {  # code -> name, village, slots
    "HFM": ("Home Farm", "Ashby Lacey", ("dawn", "evening")),
    "CPK": ("Castle Park", "Wendlebury", ("dawn", "evening")),
    "RVM": ("River Meadow", "Kelby Bridge", ("evening",)),
}
VEHICLES = ("land_rover_1", "land_rover_2", "transit")

FlightStatus = Literal["scheduled", "go", "hold", "airborne", "landed", "cancelled"]
BookingStatus = Literal["booked", "checked_in", "no_show", "rebook", "cancelled", "flown"]
VoucherStatus = Literal["valid", "expired", "booked", "flown", "refunded", "forfeited"]
Decision = Literal["go", "hold", "scrub"]
PayMethod = Literal["card", "cash", "bank_transfer"]
Channel = Literal["sms", "email"]
Vehicle = Literal["land_rover_1", "land_rover_2", "transit"]
CancelReason = Literal["weather", "technical", "pilot_unavailable", "undersubscribed"]
Gift = Literal["champagne", "flight_voucher", "card"]
Refusal = Dict[str, Any]


def rejection(reply: Any) -> Union[bool, str]:
    """A reply is a refusal when it is a dict whose ``status`` is ``"rejected"``: its code and reason."""
    if isinstance(reply, dict) and reply.get("status") == "rejected":
        return f"rejected ({reply.get('code', '?')}): {reply.get('reason', 'no reason given')}"
    return False


FAILURE = rejection


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str
    pilot_id: Optional[str]


class Product(TypedDict):
    code: str
    name: str
    price: float
    valid_months: int


class Site(TypedDict):
    code: str
    name: str
    village: str
    slots: List[str]


class SlotForecast(TypedDict):
    wind_knots: int
    gusts_knots: int
    direction: str
    visibility_km: float
    rain_chance: int


class Forecast(TypedDict):
    site: str
    date: str
    dawn: Optional[SlotForecast]
    evening: Optional[SlotForecast]
    summary: str


class CustomerRow(TypedDict):
    customer_id: str
    name: str
    phone: str
    postcode: str


class Customer(TypedDict):
    customer_id: str
    name: str
    phone: str
    email: Optional[str]
    postcode: str


class VoucherRow(TypedDict):
    voucher_code: str
    holder_id: str
    holder: str
    passenger: str
    product: str
    expires: str
    status: str


class PaymentRow(TypedDict):
    payment_id: str
    kind: str
    amount: float
    date: str
    method: str
    refunded: bool


class Voucher(TypedDict):
    voucher_code: str
    holder_id: str
    holder: str
    passenger: str
    product: str
    product_name: str
    bought: str
    expires: str
    status: str
    booking_id: Optional[str]
    payment_id: Optional[str]
    charged: float
    payments: List[PaymentRow]


class BookingRow(TypedDict):
    booking_id: str
    flight_id: str
    date: str
    slot: str
    site: str
    passenger: str
    weight_kg: float
    voucher_code: str
    status: str


class Account(TypedDict):
    customer: Customer
    vouchers: List[VoucherRow]
    bookings: List[BookingRow]


class Booking(TypedDict):
    booking_id: str
    flight_id: str
    date: str
    slot: str
    site: str
    meet_at: str
    passenger: str
    weight_kg: float
    voucher_code: str
    status: str


class Balloon(TypedDict):
    registration: str
    name: str
    envelope: str
    size: str
    passengers: int
    max_load_kg: float
    inspection_due: str
    status: str


class Pilot(TypedDict):
    pilot_id: str
    name: str
    ratings: List[str]
    medical_expires: str


class FlightRow(TypedDict):
    flight_id: str
    site: str
    date: str
    slot: str
    balloon: str
    pilot_id: str
    status: str
    booked: int
    seats: int


class OpenFlight(TypedDict):
    flight_id: str
    site: str
    site_name: str
    date: str
    slot: str
    seats_left: int


class Flight(TypedDict):
    flight_id: str
    site: str
    date: str
    slot: str
    balloon: str
    pilot_id: str
    pilot: str
    status: str
    crew: List[str]
    vehicle: Optional[str]
    weather: Optional[str]
    launched_at: Optional[str]


class ManifestRow(TypedDict):
    booking_id: str
    passenger: str
    weight_kg: float
    voucher_code: str
    status: str


class Manifest(TypedDict):
    flight: Flight
    passengers: List[ManifestRow]
    total_kg: float
    max_load_kg: float


class Certificate(TypedDict):
    certificate_no: str
    booking_id: str
    passenger: str
    flight_id: str
    date: str


class Landing(TypedDict):
    landing_id: str
    flight_id: str
    site: str
    landowner: Optional[str]
    landed_at: str
    minutes_aloft: int
    thanked: Optional[str]


# --------------------------------------------------------------------------- state


class State:
    """Ashby Lacey Balloon Flights on Friday 13 June 2031 at 10:15."""

    def __init__(self) -> None:
        self.staff = {
            "maggie.h": {"name": "Maggie Hale", "password": "Envelope-Up-4", "role": "office", "pilot": None},
            "ruth.o": {"name": "Capt. Ruth Okafor", "password": "Crown-Line-17", "role": "pilot", "pilot": "P-17"},
            "jamie.f": {"name": "Jamie Fenwick", "password": "Parachute-Vent-22", "role": "pilot", "pilot": "P-22"},
            "dan.c": {"name": "Dan Carver", "password": "Retrieve-Run-9", "role": "crew", "pilot": None},
            "lee.w": {"name": "Lee Warrington", "password": "Home-Farm-1998", "role": "manager", "pilot": None},
        }
        self.sessions: Dict[str, dict] = {}
        self.pilots = {
            "P-17": {"name": "Capt. Ruth Okafor", "ratings": ["large", "medium", "small"], "medical": "2032-03-01"},
            "P-22": {"name": "Jamie Fenwick", "ratings": ["medium", "small"], "medical": "2031-12-15"},
            "P-31": {"name": "Alys Marchetti", "ratings": ["large", "medium", "small"], "medical": "2031-05-30"},
        }
        self.balloons = {
            "G-OALF": {"name": "Bramble", "envelope": "Cameron Z-350", "size": "large", "passengers": 12,
                       "max_load": 1100.0, "due": "2032-02-10", "status": "in_service"},
            "G-CXWD": {"name": "Skylark", "envelope": "Lindstrand LBL-150", "size": "medium", "passengers": 6,
                       "max_load": 560.0, "due": "2031-06-01", "status": "in_service"},
            "G-BUBL": {"name": "Dandelion", "envelope": "Cameron Z-90", "size": "small", "passengers": 3,
                       "max_load": 290.0, "due": "2031-11-20", "status": "in_service"},
        }
        self.inspections = [["G-OALF", "2031-02-10", "P. Ormerod (BBAC inspector)", True, "All good"]]
        self.flights = {
            "FL-3098": {"site": "HFM", "date": "2031-06-12", "slot": "evening", "balloon": "G-OALF", "pilot": "P-17",
                        "status": "landed", "crew": ["Dan Carver", "Sam Ives"], "vehicle": "land_rover_1",
                        "weather": "go: 6 kt, gusts 9 kt, 20 km", "launched_at": "19:05", "certificates": False},
            "FL-3100": {"site": "CPK", "date": "2031-06-13", "slot": "dawn", "balloon": "G-OALF", "pilot": "P-17",
                        "status": "cancelled", "crew": [], "vehicle": None,
                        "weather": "scrub: 14 kt, gusts 22 kt, 12 km", "launched_at": None, "certificates": False},
            "FL-3102": {"site": "HFM", "date": "2031-06-13", "slot": "evening", "balloon": "G-OALF", "pilot": "P-17",
                        "status": "scheduled", "crew": [], "vehicle": None, "weather": None, "launched_at": None,
                        "certificates": False},
            "FL-3103": {"site": "CPK", "date": "2031-06-14", "slot": "dawn", "balloon": "G-OALF", "pilot": "P-31",
                        "status": "scheduled", "crew": [], "vehicle": None, "weather": None, "launched_at": None,
                        "certificates": False},
            "FL-3104": {"site": "HFM", "date": "2031-06-14", "slot": "evening", "balloon": "G-BUBL", "pilot": "P-22",
                        "status": "scheduled", "crew": [], "vehicle": None, "weather": None, "launched_at": None,
                        "certificates": False},
            "FL-3105": {"site": "RVM", "date": "2031-06-16", "slot": "evening", "balloon": "G-OALF", "pilot": "P-17",
                        "status": "scheduled", "crew": [], "vehicle": None, "weather": None, "launched_at": None,
                        "certificates": False},
        }
        self.customers = {
            "CU-4401": {"name": "Mrs Joan Whitfield", "phone": "07700 900401", "email": "joan.whitfield@mail.example",
                        "postcode": "AL9 1HF"},
            "CU-4404": {"name": "Mr Raj Patel", "phone": "07700 900404", "email": "raj.patel@mail.example",
                        "postcode": "WB4 2LS"},
            "CU-4407": {"name": "Ms Hannah Liddell", "phone": "01632 960407", "email": "hannah.liddell@mail.example",
                        "postcode": "KB2 8RE"},
            "CU-4410": {"name": "Mr Gareth Price", "phone": "07700 900410", "email": None, "postcode": "AL9 3DW"},
            "CU-4413": {"name": "Ms Sophie Tan", "phone": "07700 900413", "email": "sophie.tan@mail.example",
                        "postcode": "WB1 5AA"},
            "CU-4416": {"name": "Mr Colin Barnes", "phone": "07700 900416", "email": "colin.barnes@mail.example",
                        "postcode": "AL8 6TU"},
            "CU-4419": {"name": "Ms Priya Nair", "phone": "07700 900419", "email": "priya.nair@mail.example",
                        "postcode": "KB1 4NN"},
            "CU-4422": {"name": "Mrs Eileen Ross", "phone": "01632 960422", "email": "eileen.ross@mail.example",
                        "postcode": "AL9 2PB"},
        }
        self.vouchers = {
            "VC-3081": {"holder": "CU-4422", "passenger": "Eileen Ross", "product": "CHAMP", "bought": "2030-05-20",
                        "expires": "2032-05-20", "status": "flown", "booking": "BK-3080"},
            "VC-3086": {"holder": "CU-4419", "passenger": "Priya Nair", "product": "ANY", "bought": "2030-11-02",
                        "expires": "2032-11-02", "status": "booked", "booking": "BK-3085"},
            "VC-3090": {"holder": "CU-4401", "passenger": "Joan Whitfield", "product": "ANY", "bought": "2030-07-01",
                        "expires": "2032-07-01", "status": "booked", "booking": "BK-3088"},
            "VC-3091": {"holder": "CU-4404", "passenger": "Raj Patel", "product": "WKDY", "bought": "2030-01-15",
                        "expires": "2032-01-15", "status": "valid", "booking": None},
            "VC-3093": {"holder": "CU-4407", "passenger": "Hannah Liddell", "product": "ANY", "bought": "2029-03-20",
                        "expires": "2031-03-20", "status": "valid", "booking": None},
            "VC-3094": {"holder": "CU-4410", "passenger": "Gareth Price", "product": "CHAMP", "bought": "2030-09-30",
                        "expires": "2032-09-30", "status": "valid", "booking": None},
            "VC-3095": {"holder": "CU-4413", "passenger": "Sophie Tan", "product": "WKDY", "bought": "2031-06-05",
                        "expires": "2033-06-05", "status": "valid", "booking": None},
            "VC-3096": {"holder": "CU-4401", "passenger": "Peter Whitfield", "product": "ANY", "bought": "2030-07-01",
                        "expires": "2032-07-01", "status": "booked", "booking": "BK-3089"},
            "VC-3097": {"holder": "CU-4416", "passenger": "Colin Barnes", "product": "ANY", "bought": "2031-01-08",
                        "expires": "2033-01-08", "status": "booked", "booking": "BK-3092"},
        }
        self.bookings = {
            "BK-3080": {"flight": "FL-3098", "voucher": "VC-3081", "passenger": "Eileen Ross", "weight": 71.0,
                        "status": "flown", "booked_on": "2031-05-02"},
            "BK-3085": {"flight": "FL-3100", "voucher": "VC-3086", "passenger": "Priya Nair", "weight": 58.0,
                        "status": "rebook", "booked_on": "2031-05-19"},
            "BK-3088": {"flight": "FL-3102", "voucher": "VC-3090", "passenger": "Joan Whitfield", "weight": 68.0,
                        "status": "booked", "booked_on": "2031-05-11"},
            "BK-3089": {"flight": "FL-3102", "voucher": "VC-3096", "passenger": "Peter Whitfield", "weight": 84.0,
                        "status": "booked", "booked_on": "2031-05-11"},
            "BK-3092": {"flight": "FL-3102", "voucher": "VC-3097", "passenger": "Colin Barnes", "weight": 95.0,
                        "status": "booked", "booked_on": "2031-06-02"},
        }
        self.payments = {
            "PY-3101": {"voucher": "VC-3095", "kind": "sale", "amount": 169.0, "date": "2031-06-05", "method": "card",
                        "refunded": False, "before": None},
        }
        self.landings = {
            "LD-3097": {"flight": "FL-3098", "site": "Stubbs Field, Nether Ashby", "landowner": "Mr Hugh Denton",
                        "landed_at": "20:10", "minutes": 65, "thanked": None},
        }
        self.certificates: Dict[str, dict] = {}
        self.messages: List[list] = []
        self.counters = {"session": 1, "flight": 3106, "landing": 3108, "voucher": 3110, "booking": 3112,
                         "payment": 3114, "customer": 4425, "certificate": 5120, "message": 610}


# --------------------------------------------------------------------------- refusals and the decorator


class _Rejected(Exception):
    """A refusal inside a tool; ``endpoint`` turns it into a ``{"status": "rejected"}`` reply."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def _reject(code: int, reason: str):
    raise _Rejected(code, reason)


def endpoint(*roles: str, public: bool = False):
    """Check the bearer token, and the role where ``roles`` are given (the manager may do everything),
    then run the tool; a refusal comes back as ``{"status": "rejected", "code", "reason"}``."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def handler(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.sessions.get(token) if state is not None and isinstance(token, str) else None
                if who is None:
                    return {"status": "rejected", "code": 401, "reason": "missing or expired token; sign in first"}
                if roles and who["role"] not in roles and who["role"] != "manager":
                    return {"status": "rejected", "code": 403,
                            "reason": f"{who['name']} ({who['role']}) may not do this; it is for the "
                                      f"{' or '.join(roles)}"}
            try:
                return fn(*args, **kwargs)
            except _Rejected as e:
                return {"status": "rejected", "code": e.code, "reason": e.reason}

        return handler

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        _reject(400, f"{text!r} is not a date (YYYY-MM-DD)")


def _today() -> datetime.date:
    return datetime.date.fromisoformat(TODAY)


def _who(state: State, token: str) -> dict:
    return state.sessions[token]


def _customer(state: State, customer_id: str) -> dict:
    c = state.customers.get(customer_id)
    if c is None:
        _reject(404, f"no customer {customer_id}")
    return c


def _voucher(state: State, code: str) -> dict:
    v = state.vouchers.get(code)
    if v is None:
        _reject(404, f"no voucher {code}")
    return v


def _flight(state: State, flight_id: str) -> dict:
    f = state.flights.get(flight_id)
    if f is None:
        _reject(404, f"no flight {flight_id}")
    return f


def _booking(state: State, booking_id: str) -> dict:
    b = state.bookings.get(booking_id)
    if b is None:
        _reject(404, f"no booking {booking_id}")
    return b


def _balloon(state: State, reg: str) -> dict:
    b = state.balloons.get(reg)
    if b is None:
        _reject(404, f"no balloon {reg} in the fleet")
    return b


def _pilot(state: State, pilot_id: str) -> dict:
    p = state.pilots.get(pilot_id)
    if p is None:
        _reject(404, f"no pilot {pilot_id}")
    return p


def _voucher_status(v: dict) -> str:
    if v["status"] == "valid" and v["expires"] < TODAY:
        return "expired"
    return v["status"]


def _on_board(state: State, flight_id: str) -> list:
    return [bid for bid, b in sorted(state.bookings.items())
            if b["flight"] == flight_id and b["status"] in ("booked", "checked_in")]


def _load(state: State, flight_id: str) -> float:
    return sum(state.bookings[bid]["weight"] for bid in _on_board(state, flight_id))


def _customer_reply(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c["name"], phone=c["phone"], email=c["email"], postcode=c["postcode"])


def _voucher_row(state: State, code: str) -> VoucherRow:
    v = state.vouchers[code]
    return VoucherRow(voucher_code=code, holder_id=v["holder"], holder=state.customers[v["holder"]]["name"],
                      passenger=v["passenger"], product=v["product"], expires=v["expires"],
                      status=_voucher_status(v))


def _voucher_reply(state: State, code: str, payment_id: Optional[str] = None, charged: float = 0.0) -> Voucher:
    v = state.vouchers[code]
    return Voucher(voucher_code=code, holder_id=v["holder"], holder=state.customers[v["holder"]]["name"],
                   passenger=v["passenger"], product=v["product"], product_name=PRODUCTS[v["product"]][0],
                   bought=v["bought"], expires=v["expires"], status=_voucher_status(v), booking_id=v["booking"],
                   payment_id=payment_id, charged=charged,
                   payments=[PaymentRow(payment_id=pid, kind=p["kind"], amount=p["amount"], date=p["date"],
                                        method=p["method"], refunded=p["refunded"])
                             for pid, p in sorted(state.payments.items()) if p["voucher"] == code])


def _booking_row(state: State, bid: str) -> BookingRow:
    b = state.bookings[bid]
    f = state.flights[b["flight"]]
    return BookingRow(booking_id=bid, flight_id=b["flight"], date=f["date"], slot=f["slot"], site=f["site"],
                      passenger=b["passenger"], weight_kg=b["weight"], voucher_code=b["voucher"], status=b["status"])


def _booking_reply(state: State, bid: str) -> Booking:
    b = state.bookings[bid]
    f = state.flights[b["flight"]]
    return Booking(booking_id=bid, flight_id=b["flight"], date=f["date"], slot=f["slot"], site=f["site"],
                   meet_at=f"{SITES[f['site']][0]}, {SITES[f['site']][1]}, at {SLOT_TIMES[f['slot']]}",
                   passenger=b["passenger"], weight_kg=b["weight"], voucher_code=b["voucher"], status=b["status"])


def _flight_reply(state: State, fid: str) -> Flight:
    f = state.flights[fid]
    return Flight(flight_id=fid, site=f["site"], date=f["date"], slot=f["slot"], balloon=f["balloon"],
                  pilot_id=f["pilot"], pilot=state.pilots[f["pilot"]]["name"], status=f["status"],
                  crew=list(f["crew"]), vehicle=f["vehicle"], weather=f["weather"], launched_at=f["launched_at"])


def _balloon_reply(state: State, reg: str) -> Balloon:
    b = state.balloons[reg]
    return Balloon(registration=reg, name=b["name"], envelope=b["envelope"], size=b["size"],
                   passengers=b["passengers"], max_load_kg=b["max_load"], inspection_due=b["due"],
                   status=b["status"])


def _pay(state: State, code: str, kind: str, amount: float, method: str, before: Any = None) -> str:
    if method not in ("card", "cash", "bank_transfer"):
        _reject(400, f"we take card, cash or bank_transfer, not {method!r}")
    pid = f"PY-{_next(state, 'payment')}"
    state.payments[pid] = {"voucher": code, "kind": kind, "amount": amount, "date": TODAY, "method": method,
                           "refunded": False, "before": before}
    return pid


def _can_fly(v: dict, code: str, flight: dict, check_expiry: bool = True) -> None:
    day = _day(flight["date"])
    if check_expiry and v["expires"] < flight["date"]:
        _reject(409, f"voucher {code} expired on {v['expires']}; an expired voucher is extended before it is "
                    "booked")
    if not PRODUCTS[v["product"]][3] and day.weekday() >= 5:
        _reject(409, f"voucher {code} is a weekday voucher: it flies Monday to Friday only; upgrade it to fly "
                    f"on {day.strftime('%A')}")


def _check_weight(weight: float) -> None:
    if weight <= 0:
        _reject(400, "give the passenger's weight in kg")
    if weight > MAX_PASSENGER_KG:
        _reject(409, f"{weight:g} kg is over our limit of {MAX_PASSENGER_KG:g} kg (20 stone) a passenger, for the "
                    "basket's compartments and the harness")


def _check_room(state: State, flight_id: str, extra: float, seats: int = 1) -> None:
    f = state.flights[flight_id]
    b = state.balloons[f["balloon"]]
    if len(_on_board(state, flight_id)) + seats > b["passengers"]:
        _reject(507, f"{flight_id} is full ({b['passengers']} passengers in {b['name']})")
    if _load(state, flight_id) + extra > b["max_load"]:
        _reject(507, f"{flight_id} would carry {_load(state, flight_id) + extra:g} kg; {b['name']} lifts "
                    f"{b['max_load']:g} kg of passengers")


def _bookable(state: State, flight_id: str) -> dict:
    f = _flight(state, flight_id)
    if f["status"] not in ("scheduled", "go", "hold"):
        _reject(409, f"{flight_id} is {f['status']}; it takes no bookings")
    if f["date"] < TODAY:
        _reject(409, f"{flight_id} was on {f['date']}")
    return f


def _check_pilot(state: State, pilot_id: str, flight: dict, flight_id: Optional[str] = None) -> dict:
    p = _pilot(state, pilot_id)
    size = state.balloons[flight["balloon"]]["size"]
    if p["medical"] < flight["date"]:
        _reject(409, f"{p['name']}'s medical expired on {p['medical']}")
    if size not in p["ratings"]:
        _reject(409, f"{p['name']} is not rated for {size} envelopes ({state.balloons[flight['balloon']]['name']})")
    for fid, other in state.flights.items():
        if fid != flight_id and other["pilot"] == pilot_id and other["date"] == flight["date"] \
                and other["slot"] == flight["slot"] and other["status"] not in ("cancelled",):
            _reject(409, f"{p['name']} is flying {fid} at {flight['slot']} that day")
    return p


# --------------------------------------------------------------------------- sign-in and public lists


@endpoint(public=True)
def sign_in(state: State, username: str, password: str) -> Union[Session, Refusal]:
    """Sign in to the flight office system.

    Args:
        username: The user name, ``maggie.h`` for example.
        password: The password.

    Returns:
        ``token``, ``name``, ``role`` and, for a pilot, ``pilot_id``; the token goes with every call but
        the public ones.
    """
    s = state.staff.get(username.strip().lower())
    if s is None or s["password"] != password:
        _reject(401, "user name or password not recognised")
    token = f"bt-{username.split('.')[0]}-{_next(state, 'session'):04d}"
    state.sessions[token] = {"user": username, "name": s["name"], "role": s["role"], "pilot": s["pilot"]}
    return Session(token=token, name=s["name"], role=s["role"], pilot_id=s["pilot"])


@endpoint()
def sign_out(state: State, token: str) -> Union[str, Refusal]:
    """End a session.

    Args:
        token: The bearer token.

    Returns:
        A sentence naming who was signed out.
    """
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (token {token})."


@endpoint(public=True)
def flight_products(state: State) -> List[Product]:
    """The flight vouchers on sale, with their prices.

    Returns:
        ``code``, ``name``, ``price`` and ``valid_months`` of each product.
    """
    return [Product(code=code, name=p[0], price=p[1], valid_months=p[2]) for code, p in PRODUCTS.items()]


@endpoint(public=True)
def launch_sites(state: State) -> List[Site]:
    """The fields we fly from.

    Returns:
        ``code``, ``name``, ``village`` and the ``slots`` flown there.
    """
    return [Site(code=code, name=s[0], village=s[1], slots=list(s[2])) for code, s in SITES.items()]


def _slot_forecast(site: str, date: str, slot: str) -> SlotForecast:
    seed = sum(ord(ch) * (i + 1) for i, ch in enumerate(site + date + slot))
    wind = 3 + seed % 11
    return SlotForecast(wind_knots=wind, gusts_knots=wind + 2 + seed % 7,
                        direction=("N", "NE", "E", "SE", "S", "SW", "W", "NW")[seed % 8],
                        visibility_km=float(6 + seed % 25), rain_chance=(seed * 7) % 60)


@endpoint(public=True)
def weather_outlook(state: State, site_code: str, date: str) -> Union[Forecast, Refusal]:
    """The forecast for a launch site on a day, for the dawn and evening slots flown there.

    Args:
        site_code: The launch site.
        date: The day, ``YYYY-MM-DD``.

    Returns:
        Wind, gusts, direction, visibility and chance of rain for each slot the site flies.
    """
    site = SITES.get(site_code)
    if site is None:
        _reject(404, f"no launch site {site_code}")
    day = _day(date)
    ahead = (day - _today()).days
    if ahead < 0 or ahead >= FORECAST_DAYS:
        _reject(400, f"the forecast covers today and the next {FORECAST_DAYS - 1} days")
    dawn = _slot_forecast(site_code, date, "dawn") if "dawn" in site[2] else None
    evening = _slot_forecast(site_code, date, "evening") if "evening" in site[2] else None
    calm = [s for s, f in (("dawn", dawn), ("evening", evening))
            if f is not None and f["wind_knots"] <= WIND_LIMIT and f["gusts_knots"] <= GUST_LIMIT]
    summary = (f"{site[0]} on {day.strftime('%A %d %B')}: " +
               (f"flyable looking at {' and '.join(calm)}" if calm else "too windy to fly on this forecast"))
    return Forecast(site=site_code, date=date, dawn=dawn, evening=evening, summary=summary)


@endpoint(public=True)
def available_flights(state: State, date_from: str, days: int = 7,
                      site_code: Optional[str] = None) -> Union[List[OpenFlight], Refusal]:
    """Flights with seats left, from a day onwards.

    Args:
        date_from: The first day, ``YYYY-MM-DD``.
        days: How many days to look over (7 unless given).
        site_code: Only flights from this launch site.

    Returns:
        ``flight_id``, ``site``, ``site_name``, ``date``, ``slot`` and ``seats_left``, earliest first.
    """
    start = _day(date_from)
    if days < 1 or days > 60:
        _reject(400, "look 1 to 60 days ahead")
    if site_code is not None and site_code not in SITES:
        _reject(404, f"no launch site {site_code}")
    end = (start + datetime.timedelta(days=days)).isoformat()
    out = []
    for fid, f in sorted(state.flights.items(), key=lambda kv: (kv[1]["date"], kv[1]["slot"] != "dawn", kv[0])):
        if f["status"] not in ("scheduled", "go", "hold") or not (max(start.isoformat(), TODAY) <= f["date"] < end):
            continue
        if site_code is not None and f["site"] != site_code:
            continue
        left = state.balloons[f["balloon"]]["passengers"] - len(_on_board(state, fid))
        if left > 0:
            out.append(OpenFlight(flight_id=fid, site=f["site"], site_name=SITES[f["site"]][0], date=f["date"],
                                  slot=f["slot"], seats_left=left))
    return out


# --------------------------------------------------------------------------- customers


@endpoint()
def find_customer(state: State, token: str, text: str) -> Union[List[CustomerRow], Refusal]:
    """Look customers up by part of a name, a phone number, an e-mail address or a postcode.

    Args:
        token: The bearer token.
        text: What to look for.

    Returns:
        ``customer_id``, ``name``, ``phone`` and ``postcode`` of each match.
    """
    t = text.strip().lower()
    if not t:
        _reject(400, "say what to look for")
    return [CustomerRow(customer_id=cid, name=c["name"], phone=c["phone"], postcode=c["postcode"])
            for cid, c in sorted(state.customers.items())
            if t in " ".join(x for x in (c["name"], c["phone"], c["email"], c["postcode"]) if x).lower()]


@endpoint("office")
def register_customer(state: State, token: str, name: str, phone: str, postcode: str,
                      email: Optional[str] = None) -> Union[Customer, Refusal]:
    """Register a new customer (a voucher buyer or holder).

    Args:
        token: The bearer token (the office).
        name: The customer's name.
        phone: A phone number.
        postcode: Their postcode.
        email: An e-mail address.

    Returns:
        The new customer, with its ``customer_id``.
    """
    if not name.strip() or not phone.strip() or not postcode.strip():
        _reject(400, "a customer needs a name, a phone number and a postcode")
    for cid, c in state.customers.items():
        if c["phone"].replace(" ", "") == phone.replace(" ", ""):
            _reject(409, f"{phone} belongs to {c['name']} ({cid}) already")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "phone": phone.strip(), "email": (email or "").strip() or None,
                            "postcode": postcode.strip().upper()}
    return _customer_reply(state, cid)


@endpoint("office")
def update_customer(state: State, token: str, customer_id: str, phone: Optional[str] = None,
                    email: Optional[str] = None, postcode: Optional[str] = None) -> Union[Customer, Refusal]:
    """Change a customer's phone number, e-mail address or postcode.

    Args:
        token: The bearer token (the office).
        customer_id: The customer.
        phone: A new phone number; what is not given stays.
        email: A new e-mail address.
        postcode: A new postcode.

    Returns:
        The customer as now recorded.
    """
    c = _customer(state, customer_id)
    new = {"phone": phone.strip() if phone else c["phone"], "email": email.strip() if email else c["email"],
           "postcode": postcode.strip().upper() if postcode else c["postcode"]}
    if all(new[k] == c[k] for k in new):
        _reject(409, f"nothing to change: {c['name']}'s details are already these")
    if new["phone"] != c["phone"]:
        for cid, other in state.customers.items():
            if cid != customer_id and other["phone"].replace(" ", "") == new["phone"].replace(" ", ""):
                _reject(409, f"{new['phone']} belongs to {other['name']} ({cid})")
    c.update(new)
    return _customer_reply(state, customer_id)


@endpoint()
def customer_account(state: State, token: str, customer_id: str) -> Union[Account, Refusal]:
    """A customer's whole account: details, the vouchers they hold and their passengers' bookings.

    Args:
        token: The bearer token.
        customer_id: The customer.

    Returns:
        ``customer``, ``vouchers`` (rows) and ``bookings`` (rows).
    """
    _customer(state, customer_id)
    codes = [code for code, v in sorted(state.vouchers.items()) if v["holder"] == customer_id]
    return Account(customer=_customer_reply(state, customer_id),
                   vouchers=[_voucher_row(state, code) for code in codes],
                   bookings=[_booking_row(state, bid) for bid, b in sorted(state.bookings.items())
                             if b["voucher"] in codes])


@endpoint("office")
def send_message(state: State, token: str, customer_id: str, channel: Channel, text: str) -> Union[str, Refusal]:
    """Send a customer a text or an e-mail.

    Args:
        token: The bearer token (the office).
        customer_id: The customer.
        channel: How to send it: ``sms`` or ``email``.
        text: The message.

    Returns:
        A sentence with the message's number.
    """
    c = _customer(state, customer_id)
    if not text.strip():
        _reject(400, "the message is empty")
    if channel == "sms" and not c["phone"].replace(" ", "").startswith("07"):
        _reject(409, f"{c['phone']} is not a mobile number")
    if channel == "email" and not c["email"]:
        _reject(409, f"no e-mail address for {c['name']}")
    mid = f"MS-{_next(state, 'message'):04d}"
    state.messages.append([mid, customer_id, channel, text.strip()])
    return f"Message {mid} sent by {channel} to {c['name']}."


# --------------------------------------------------------------------------- vouchers


@endpoint("office")
def sell_voucher(state: State, token: str, customer_id: str, product_code: str, passenger_name: str,
                 method: PayMethod) -> Union[Voucher, Refusal]:
    """Sell a flight voucher to a customer, for themselves or as a present.

    Args:
        token: The bearer token (the office).
        customer_id: The buyer, who holds the voucher.
        product_code: The product.
        passenger_name: Who will fly on it.
        method: How it is paid for: ``card``, ``cash`` or ``bank_transfer``.

    Returns:
        The voucher with its ``voucher_code``, and the ``payment_id`` of the sale.
    """
    _customer(state, customer_id)
    p = PRODUCTS.get(product_code)
    if p is None:
        _reject(404, f"no product {product_code}")
    if not passenger_name.strip():
        _reject(400, "say who will fly")
    code = f"VC-{_next(state, 'voucher')}"
    expires = _today().replace(year=_today().year + p[2] // 12).isoformat()
    state.vouchers[code] = {"holder": customer_id, "passenger": passenger_name.strip(), "product": product_code,
                            "bought": TODAY, "expires": expires, "status": "valid", "booking": None}
    pid = _pay(state, code, "sale", p[1], method)
    return _voucher_reply(state, code, pid, p[1])


@endpoint()
def vouchers(state: State, token: str, customer_id: Optional[str] = None,
             status: Optional[VoucherStatus] = None) -> Union[List[VoucherRow], Refusal]:
    """List vouchers, a customer's or all, by status.

    Args:
        token: The bearer token.
        customer_id: Only this holder's vouchers.
        status: Only vouchers in this state: ``valid``, ``expired``, ``booked``, ``flown``, ``refunded`` or
            ``forfeited``.

    Returns:
        ``voucher_code``, ``holder_id``, ``holder``, ``passenger``, ``product``, ``expires`` and ``status``.
    """
    if customer_id is not None:
        _customer(state, customer_id)
    return [_voucher_row(state, code) for code, v in sorted(state.vouchers.items())
            if (customer_id is None or v["holder"] == customer_id)
            and (status is None or _voucher_status(v) == status)]


@endpoint()
def voucher_details(state: State, token: str, voucher_code: str) -> Union[Voucher, Refusal]:
    """One voucher: its product, holder, passenger, expiry, state and booking.

    Args:
        token: The bearer token.
        voucher_code: The voucher.

    Returns:
        The voucher.
    """
    _voucher(state, voucher_code)
    return _voucher_reply(state, voucher_code)


@endpoint("office")
def extend_voucher(state: State, token: str, voucher_code: str, months: int,
                   method: PayMethod) -> Union[Voucher, Refusal]:
    """Extend a voucher that has run out, for a fee.

    Args:
        token: The bearer token (the office).
        voucher_code: The voucher.
        months: How many months to add.
        method: How the fee is paid: ``card``, ``cash`` or ``bank_transfer``.

    Returns:
        The voucher with its new expiry, and the ``payment_id`` of the fee.
    """
    v = _voucher(state, voucher_code)
    status = _voucher_status(v)
    if status == "valid":
        _reject(409, f"{voucher_code} is valid until {v['expires']}; a voucher is extended once it has expired")
    if status != "expired":
        _reject(409, f"{voucher_code} is {status}")
    if months not in EXTEND_FEES:
        _reject(400, "a voucher is extended by 6 months (£35) or 12 months (£60)")
    if (_today() - _day(v["expires"])).days > 365:
        _reject(409, f"{voucher_code} expired more than a year ago and can no longer be extended")
    before = v["expires"]
    start = _today()
    month = start.month - 1 + months
    v["expires"] = start.replace(year=start.year + month // 12, month=month % 12 + 1).isoformat()
    pid = _pay(state, voucher_code, "extension", EXTEND_FEES[months], method, before)
    return _voucher_reply(state, voucher_code, pid, EXTEND_FEES[months])


@endpoint("office")
def upgrade_voucher(state: State, token: str, voucher_code: str, product_code: str,
                    method: PayMethod) -> Union[Voucher, Refusal]:
    """Upgrade a voucher to a dearer product, for the difference.

    Args:
        token: The bearer token (the office).
        voucher_code: The voucher.
        product_code: The product to move it to.
        method: How the difference is paid: ``card``, ``cash`` or ``bank_transfer``.

    Returns:
        The voucher on its new product, and the ``payment_id`` of the difference.
    """
    v = _voucher(state, voucher_code)
    p = PRODUCTS.get(product_code)
    if p is None:
        _reject(404, f"no product {product_code}")
    status = _voucher_status(v)
    if status not in ("valid", "booked"):
        _reject(409, f"{voucher_code} is {status}")
    if product_code == v["product"]:
        _reject(409, f"{voucher_code} is a {product_code} voucher already")
    old = PRODUCTS[v["product"]]
    if p[4] < old[4]:
        _reject(409, f"{product_code} is not an upgrade on {v['product']}")
    before = v["product"]
    v["product"] = product_code
    pid = _pay(state, voucher_code, "upgrade", p[1] - old[1], method, before)
    return _voucher_reply(state, voucher_code, pid, p[1] - old[1])


@endpoint("office")
def transfer_voucher(state: State, token: str, voucher_code: str, customer_id: str,
                     passenger_name: str) -> Union[Voucher, Refusal]:
    """Hand an unbooked voucher to another holder (a present passed on).

    Args:
        token: The bearer token (the office).
        voucher_code: The voucher.
        customer_id: The new holder.
        passenger_name: Who will now fly on it.

    Returns:
        The voucher in its new holder's name.
    """
    v = _voucher(state, voucher_code)
    _customer(state, customer_id)
    status = _voucher_status(v)
    if status != "valid":
        _reject(409, f"{voucher_code} is {status}; only an unbooked, valid voucher is transferred")
    if v["holder"] == customer_id and v["passenger"] == passenger_name.strip():
        _reject(409, f"{voucher_code} is held by {state.customers[customer_id]['name']} for {v['passenger']} already")
    if not passenger_name.strip():
        _reject(400, "say who will fly")
    v["holder"] = customer_id
    v["passenger"] = passenger_name.strip()
    return _voucher_reply(state, voucher_code)


@endpoint("office")
def refund_payment(state: State, token: str, payment_id: str, reason: str) -> Union[float, Refusal]:
    """Refund a voucher sale, extension or upgrade within the cancellation period.

    Args:
        token: The bearer token (the office).
        payment_id: The payment.
        reason: Why it is refunded.

    Returns:
        The amount refunded.
    """
    pay = state.payments.get(payment_id)
    if pay is None:
        _reject(404, f"no payment {payment_id}")
    if pay["refunded"]:
        _reject(409, f"{payment_id} was refunded already")
    if (_today() - _day(pay["date"])).days > REFUND_DAYS:
        _reject(409, f"{payment_id} was taken on {pay['date']}, outside the {REFUND_DAYS}-day cancellation period")
    if not reason.strip():
        _reject(400, "say why")
    v = state.vouchers[pay["voucher"]]
    if v["status"] != "valid":
        _reject(409, f"{pay['voucher']} is {v['status']}; cancel its booking first")
    if pay["kind"] == "sale":
        v["status"] = "refunded"
    elif pay["kind"] == "extension":
        v["expires"] = pay["before"]
    else:
        v["product"] = pay["before"]
    pay["refunded"] = True
    return pay["amount"]


# --------------------------------------------------------------------------- fleet and pilots


@endpoint()
def fleet(state: State, token: str) -> Union[List[Balloon], Refusal]:
    """The balloons, with their size, lift and annual inspection.

    Args:
        token: The bearer token.

    Returns:
        ``registration``, ``name``, ``envelope``, ``size``, ``passengers``, ``max_load_kg``,
        ``inspection_due`` and ``status`` of each balloon.
    """
    return [_balloon_reply(state, reg) for reg in state.balloons]


@endpoint()
def pilots(state: State, token: str) -> Union[List[Pilot], Refusal]:
    """The pilots, their envelope ratings and medicals.

    Args:
        token: The bearer token.

    Returns:
        ``pilot_id``, ``name``, ``ratings`` and ``medical_expires``.
    """
    return [Pilot(pilot_id=pid, name=p["name"], ratings=list(p["ratings"]), medical_expires=p["medical"])
            for pid, p in sorted(state.pilots.items())]


@endpoint("manager")
def record_inspection(state: State, token: str, balloon_reg: str, inspector: str, passed: bool,
                      notes: str) -> Union[Balloon, Refusal]:
    """Record a balloon's annual inspection (the chief pilot).

    Args:
        token: The bearer token (the manager, who is the chief pilot).
        balloon_reg: The balloon's registration.
        inspector: Who inspected it.
        passed: Whether it passed.
        notes: What was found.

    Returns:
        The balloon, in service to the next due date if it passed, grounded if not.
    """
    b = _balloon(state, balloon_reg)
    if not inspector.strip():
        _reject(400, "say who inspected it")
    state.inspections.append([balloon_reg, TODAY, inspector.strip(), passed, notes.strip()])
    if passed:
        b["due"] = _today().replace(year=_today().year + 1).isoformat()
        b["status"] = "in_service"
    else:
        b["status"] = "grounded"
    return _balloon_reply(state, balloon_reg)


@endpoint("pilot")
def ground_balloon(state: State, token: str, balloon_reg: str, reason: str) -> Union[int, Refusal]:
    """Take a balloon out of service until it passes an inspection.

    Args:
        token: The bearer token (a pilot).
        balloon_reg: The balloon's registration.
        reason: What is wrong with it.

    Returns:
        How many upcoming flights the balloon is on (they need another balloon or cancelling).
    """
    b = _balloon(state, balloon_reg)
    if b["status"] == "grounded":
        _reject(409, f"{balloon_reg} is grounded already")
    if not reason.strip():
        _reject(400, "say what is wrong")
    b["status"] = "grounded"
    state.inspections.append([balloon_reg, TODAY, "grounded: " + reason.strip(), False, ""])
    return sum(1 for f in state.flights.values()
               if f["balloon"] == balloon_reg and f["status"] in ("scheduled", "go", "hold"))


# --------------------------------------------------------------------------- flights


@endpoint()
def flights(state: State, token: str, date: str,
            status: Optional[FlightStatus] = None) -> Union[List[FlightRow], Refusal]:
    """The flights on a day, whatever their state.

    Args:
        token: The bearer token.
        date: The day, ``YYYY-MM-DD``.
        status: Only flights in this state: ``scheduled``, ``go``, ``hold``, ``airborne``, ``landed`` or
            ``cancelled``.

    Returns:
        ``flight_id``, ``site``, ``date``, ``slot``, ``balloon``, ``pilot_id``, ``status``, ``booked`` and
        ``seats``, dawn first.
    """
    _day(date)
    return [FlightRow(flight_id=fid, site=f["site"], date=f["date"], slot=f["slot"], balloon=f["balloon"],
                      pilot_id=f["pilot"], status=f["status"], booked=len(_on_board(state, fid)),
                      seats=state.balloons[f["balloon"]]["passengers"])
            for fid, f in sorted(state.flights.items(), key=lambda kv: (kv[1]["slot"] != "dawn", kv[0]))
            if f["date"] == date and (status is None or f["status"] == status)]


@endpoint("office")
def schedule_flight(state: State, token: str, site_code: str, date: str, slot: Slot, balloon_reg: str,
                    pilot_id: str) -> Union[Flight, Refusal]:
    """Put a flight on the schedule.

    Args:
        token: The bearer token (the office).
        site_code: The launch site.
        date: The day, ``YYYY-MM-DD``.
        slot: ``dawn`` or ``evening``.
        balloon_reg: The balloon's registration.
        pilot_id: The pilot.

    Returns:
        The new flight, with its ``flight_id``.
    """
    site = SITES.get(site_code)
    if site is None:
        _reject(404, f"no launch site {site_code}")
    try:
        slot_name = Slot(slot.value if isinstance(slot, Slot) else slot).value
    except ValueError:
        _reject(400, f"{slot!r} is not a slot (dawn or evening)")
    day = _day(date)
    if day < _today() or (day - _today()).days > 90:
        _reject(400, "flights are scheduled from today up to 90 days ahead")
    if slot_name not in site[2]:
        _reject(409, f"{site[0]} is flown only at {' and '.join(site[2])} (the landowner's permission)")
    b = _balloon(state, balloon_reg)
    if b["status"] != "in_service":
        _reject(409, f"{balloon_reg} ({b['name']}) is grounded")
    if b["due"] < date:
        _reject(409, f"{balloon_reg} ({b['name']})'s annual inspection was due on {b['due']}; it flies again once "
                    "an inspection is recorded")
    for fid, f in state.flights.items():
        if f["balloon"] == balloon_reg and f["date"] == date and f["slot"] == slot_name \
                and f["status"] != "cancelled":
            _reject(409, f"{b['name']} is on {fid} then")
    new = {"site": site_code, "date": date, "slot": slot_name, "balloon": balloon_reg, "pilot": pilot_id,
           "status": "scheduled", "crew": [], "vehicle": None, "weather": None, "launched_at": None,
           "certificates": False}
    _check_pilot(state, pilot_id, new)
    fid = f"FL-{_next(state, 'flight')}"
    state.flights[fid] = new
    return _flight_reply(state, fid)


@endpoint("office")
def change_pilot(state: State, token: str, flight_id: str, pilot_id: str) -> Union[Flight, Refusal]:
    """Give a flight another pilot.

    Args:
        token: The bearer token (the office).
        flight_id: The flight.
        pilot_id: The new pilot.

    Returns:
        The flight with its new pilot.
    """
    f = _flight(state, flight_id)
    if f["status"] not in ("scheduled", "hold"):
        _reject(409, f"{flight_id} is {f['status']}; its pilot can no longer change")
    if f["pilot"] == pilot_id:
        _reject(409, f"{state.pilots[pilot_id]['name']} is {flight_id}'s pilot already")
    _check_pilot(state, pilot_id, f, flight_id)
    f["pilot"] = pilot_id
    return _flight_reply(state, flight_id)


@endpoint("office", "crew")
def assign_crew(state: State, token: str, flight_id: str, crew: List[str],
                vehicle: Vehicle) -> Union[Flight, Refusal]:
    """Give a flight its retrieve crew and vehicle.

    Args:
        token: The bearer token (the office or the crew).
        flight_id: The flight.
        crew: The names of the retrieve crew.
        vehicle: The retrieve vehicle and trailer: ``land_rover_1``, ``land_rover_2`` or ``transit``.

    Returns:
        The flight with its crew.
    """
    f = _flight(state, flight_id)
    if f["status"] not in ("scheduled", "go", "hold"):
        _reject(409, f"{flight_id} is {f['status']}")
    names = [c.strip() for c in crew if c.strip()]
    if len(names) < 2:
        _reject(409, "a retrieve needs a driver and at least one more crew member")
    if vehicle not in VEHICLES:
        _reject(400, f"no vehicle {vehicle!r}")
    if names == f["crew"] and vehicle == f["vehicle"]:
        _reject(409, f"{flight_id} has this crew and vehicle already")
    for fid, other in state.flights.items():
        if fid != flight_id and other["vehicle"] == vehicle and other["date"] == f["date"] \
                and other["slot"] == f["slot"] and other["status"] not in ("cancelled", "landed"):
            _reject(409, f"{vehicle} is retrieving {fid} then")
    f["crew"] = names
    f["vehicle"] = vehicle
    return _flight_reply(state, flight_id)


@endpoint("pilot")
def weather_check(state: State, token: str, flight_id: str, wind_knots: int, gusts_knots: int,
                  visibility_km: float, decision: Decision, notes: str) -> Union[Flight, Refusal]:
    """The pilot's weather call for their flight: go, hold (call again later) or scrub.

    Args:
        token: The bearer token (the flight's pilot).
        flight_id: The flight.
        wind_knots: Surface wind from the briefing.
        gusts_knots: Gusts from the briefing.
        visibility_km: Visibility.
        decision: The call; a scrub cancels the flight and its passengers are rebooked: ``go``, ``hold`` or ``scrub``.
        notes: The briefing, in a line.

    Returns:
        The flight, go, on hold or cancelled.
    """
    f = _flight(state, flight_id)
    who = _who(state, token)
    if who["role"] != "manager" and who["pilot"] != f["pilot"]:
        _reject(403, f"the weather call for {flight_id} is {state.pilots[f['pilot']]['name']}'s to make")
    if f["status"] not in ("scheduled", "hold"):
        _reject(409, f"{flight_id} is {f['status']}")
    ahead = (_day(f["date"]) - _today()).days
    if ahead > 1:
        _reject(409, f"{flight_id} is on {f['date']}; the weather call is made the day before at the earliest")
    pilot = state.pilots[f["pilot"]]
    if pilot["medical"] < f["date"]:
        _reject(409, f"{pilot['name']}'s medical expired on {pilot['medical']}; change the pilot before the call")
    if decision == "go" and (wind_knots > WIND_LIMIT or gusts_knots > GUST_LIMIT or visibility_km < VISIBILITY_MIN):
        _reject(409, f"no go in {wind_knots} kt gusting {gusts_knots} kt with {visibility_km:g} km: the limits are "
                    f"{WIND_LIMIT} kt, gusts {GUST_LIMIT} kt and {VISIBILITY_MIN:g} km")
    if decision not in ("go", "hold", "scrub"):
        _reject(400, f"{decision!r} is not a call (go, hold or scrub)")
    f["weather"] = f"{decision}: {wind_knots} kt, gusts {gusts_knots} kt, {visibility_km:g} km; {notes.strip()}"
    if decision == "scrub":
        _cancel(state, flight_id)
    else:
        f["status"] = decision
    return _flight_reply(state, flight_id)


def _cancel(state: State, flight_id: str) -> int:
    state.flights[flight_id]["status"] = "cancelled"
    moved = 0
    for bid in _on_board(state, flight_id):
        state.bookings[bid]["status"] = "rebook"
        moved += 1
    return moved


@endpoint("office", "pilot")
def cancel_flight(state: State, token: str, flight_id: str, reason: CancelReason,
                  note: Optional[str] = None) -> Union[int, Refusal]:
    """Cancel a flight; its passengers' bookings wait to be rebooked.

    Args:
        token: The bearer token (the office or a pilot).
        flight_id: The flight.
        reason: Why: ``weather``, ``technical``, ``pilot_unavailable`` or ``undersubscribed``.
        note: More on why.

    Returns:
        How many bookings now wait to be rebooked.
    """
    f = _flight(state, flight_id)
    if f["status"] == "cancelled":
        _reject(409, f"{flight_id} is cancelled already")
    if f["status"] not in ("scheduled", "go", "hold"):
        _reject(409, f"{flight_id} is {f['status']}")
    f["weather"] = f"cancelled ({reason})" + (f": {note.strip()}" if note else "")
    return _cancel(state, flight_id)


@endpoint()
def flight_manifest(state: State, token: str, flight_id: str) -> Union[Manifest, Refusal]:
    """A flight's manifest: the flight, its passengers and their weights against the balloon's lift.

    Args:
        token: The bearer token.
        flight_id: The flight.

    Returns:
        ``flight``, ``passengers`` (booking rows with weights), ``total_kg`` and ``max_load_kg``.
    """
    f = _flight(state, flight_id)
    rows = [ManifestRow(booking_id=bid, passenger=b["passenger"], weight_kg=b["weight"], voucher_code=b["voucher"],
                        status=b["status"])
            for bid, b in sorted(state.bookings.items())
            if b["flight"] == flight_id and b["status"] in ("booked", "checked_in", "no_show", "flown")]
    return Manifest(flight=_flight_reply(state, flight_id), passengers=rows,
                    total_kg=sum(r["weight_kg"] for r in rows if r["status"] != "no_show"),
                    max_load_kg=state.balloons[f["balloon"]]["max_load"])


@endpoint("office")
def notify_passengers(state: State, token: str, flight_id: str, channel: Channel, text: str) -> Union[str, Refusal]:
    """Text or e-mail the holders of every voucher booked on a flight.

    Args:
        token: The bearer token (the office).
        flight_id: The flight.
        channel: How to send it; holders without a mobile or an e-mail are skipped: ``sms`` or ``email``.
        text: The message.

    Returns:
        A sentence with the message's number and how many it went to.
    """
    _flight(state, flight_id)
    if not text.strip():
        _reject(400, "the message is empty")
    holders = sorted({state.vouchers[state.bookings[bid]["voucher"]]["holder"]
                      for bid in _on_board(state, flight_id)})
    if not holders:
        _reject(409, f"nobody is booked on {flight_id}")
    reach = [cid for cid in holders
             if (channel == "sms" and state.customers[cid]["phone"].replace(" ", "").startswith("07"))
             or (channel == "email" and state.customers[cid]["email"])]
    mid = f"MS-{_next(state, 'message'):04d}"
    for cid in reach:
        state.messages.append([mid, cid, channel, text.strip()])
    return f"Message {mid} sent by {channel} to {len(reach)} of {len(holders)} voucher holders on {flight_id}."


# --------------------------------------------------------------------------- bookings


@endpoint("office")
def book_flight(state: State, token: str, voucher_code: str, flight_id: str, weight_kg: float,
                passenger_name: Optional[str] = None) -> Union[Booking, Refusal]:
    """Book a voucher's passenger onto a flight.

    Args:
        token: The bearer token (the office).
        voucher_code: The voucher.
        flight_id: The flight.
        weight_kg: The passenger's declared weight.
        passenger_name: Who flies, if not the passenger the voucher names.

    Returns:
        The booking, with its ``booking_id`` and where and when to meet.
    """
    v = _voucher(state, voucher_code)
    status = _voucher_status(v)
    f = _bookable(state, flight_id)
    if status == "expired":
        _can_fly(v, voucher_code, f)
    if status != "valid":
        _reject(409, f"{voucher_code} is {status}" + (f" ({v['booking']})" if v["booking"] else ""))
    _can_fly(v, voucher_code, f)
    _check_weight(weight_kg)
    _check_room(state, flight_id, weight_kg)
    bid = f"BK-{_next(state, 'booking')}"
    name = (passenger_name or "").strip() or v["passenger"]
    state.bookings[bid] = {"flight": flight_id, "voucher": voucher_code, "passenger": name, "weight": weight_kg,
                           "status": "booked", "booked_on": TODAY}
    v["status"] = "booked"
    v["booking"] = bid
    v["passenger"] = name
    return _booking_reply(state, bid)


@endpoint()
def bookings(state: State, token: str, flight_id: Optional[str] = None, customer_id: Optional[str] = None,
             status: Optional[BookingStatus] = None) -> Union[List[BookingRow], Refusal]:
    """List bookings, by flight, by voucher holder or by status.

    Args:
        token: The bearer token.
        flight_id: Only this flight's bookings.
        customer_id: Only bookings on this customer's vouchers.
        status: Only bookings in this state: ``booked``, ``checked_in``, ``no_show``, ``rebook``,
            ``cancelled`` or ``flown``.

    Returns:
        ``booking_id``, ``flight_id``, ``date``, ``slot``, ``site``, ``passenger``, ``weight_kg``,
        ``voucher_code`` and ``status``.
    """
    return [_booking_row(state, bid) for bid, b in sorted(state.bookings.items())
            if (flight_id is None or b["flight"] == flight_id)
            and (customer_id is None or state.vouchers[b["voucher"]]["holder"] == customer_id)
            and (status is None or b["status"] == status)]


@endpoint("office")
def update_weight(state: State, token: str, booking_id: str, weight_kg: float) -> Union[Booking, Refusal]:
    """Change a passenger's declared weight on a booking.

    Args:
        token: The bearer token (the office).
        booking_id: The booking.
        weight_kg: The new weight.

    Returns:
        The booking.
    """
    b = _booking(state, booking_id)
    if b["status"] not in ("booked", "rebook"):
        _reject(409, f"{booking_id} is {b['status']}")
    if b["weight"] == weight_kg:
        _reject(409, f"{booking_id} has {weight_kg:g} kg already")
    _check_weight(weight_kg)
    if b["status"] == "booked":
        _check_room(state, b["flight"], weight_kg - b["weight"], seats=0)
    b["weight"] = weight_kg
    return _booking_reply(state, booking_id)


@endpoint("office")
def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> Union[str, Refusal]:
    """Cancel a booking at the passenger's request.

    Args:
        token: The bearer token (the office).
        booking_id: The booking.
        reason: Why.

    Returns:
        A sentence saying whether the voucher is free to book again or forfeit.
    """
    b = _booking(state, booking_id)
    if b["status"] not in ("booked", "rebook"):
        _reject(409, f"{booking_id} is {b['status']}")
    if not reason.strip():
        _reject(400, "say why")
    f = state.flights[b["flight"]]
    v = state.vouchers[b["voucher"]]
    b["status"] = "cancelled"
    v["booking"] = None
    starts = datetime.datetime.fromisoformat(f"{f['date']}T{SLOT_TIMES[f['slot']]}")
    hours = (starts - datetime.datetime.fromisoformat(f"{TODAY}T{NOW}")).total_seconds() / 3600
    if f["status"] != "cancelled" and 0 <= hours < FORFEIT_HOURS:
        v["status"] = "forfeited"
        return (f"Booking {booking_id} cancelled inside {FORFEIT_HOURS} hours of the flight: voucher "
                f"{b['voucher']} is forfeit.")
    v["status"] = "valid"
    return f"Booking {booking_id} cancelled; voucher {b['voucher']} can be booked again."


@endpoint("office")
def rebook(state: State, token: str, booking_id: str, flight_id: str) -> Union[Booking, Refusal]:
    """Move a booking to another flight (after a cancelled flight, or at the passenger's request).

    Args:
        token: The bearer token (the office).
        booking_id: The booking.
        flight_id: The flight to move it to.

    Returns:
        The booking on its new flight.
    """
    b = _booking(state, booking_id)
    if b["status"] not in ("booked", "rebook"):
        _reject(409, f"{booking_id} is {b['status']}")
    if b["flight"] == flight_id and b["status"] == "booked":
        _reject(409, f"{booking_id} is on {flight_id} already")
    f = _bookable(state, flight_id)
    v = state.vouchers[b["voucher"]]
    _can_fly(v, b["voucher"], f, check_expiry=b["status"] != "rebook")
    _check_room(state, flight_id, b["weight"])
    b["flight"] = flight_id
    b["status"] = "booked"
    return _booking_reply(state, booking_id)


# --------------------------------------------------------------------------- the launch field


@endpoint("crew", "office")
def check_in(state: State, token: str, booking_id: str, weight_kg: float) -> Union[str, Refusal]:
    """Check a passenger in at the launch field, on the scales.

    Args:
        token: The bearer token (the crew or the office).
        booking_id: The booking.
        weight_kg: The weight on the scales.

    Returns:
        A sentence naming the passenger, the weight and the flight.
    """
    b = _booking(state, booking_id)
    f = state.flights[b["flight"]]
    if b["status"] == "checked_in":
        _reject(409, f"{b['passenger']} is checked in already")
    if b["status"] != "booked":
        _reject(409, f"{booking_id} is {b['status']}")
    if f["date"] != TODAY:
        _reject(409, f"{b['flight']} is on {f['date']}; check-in is on the day, at the launch field")
    if f["status"] != "go":
        _reject(409, f"{b['flight']} is {f['status']}; passengers are checked in once the pilot has called go")
    _check_weight(weight_kg)
    _check_room(state, b["flight"], weight_kg - b["weight"], seats=0)
    b["weight"] = weight_kg
    b["status"] = "checked_in"
    return f"{b['passenger']} checked in on {booking_id} at {weight_kg:g} kg for {b['flight']}."


@endpoint("crew", "office")
def mark_no_show(state: State, token: str, booking_id: str) -> Union[str, Refusal]:
    """Mark a passenger who did not come to the launch field; the voucher is used.

    Args:
        token: The bearer token (the crew or the office).
        booking_id: The booking.

    Returns:
        A sentence naming the passenger and the booking.
    """
    b = _booking(state, booking_id)
    f = state.flights[b["flight"]]
    if b["status"] == "no_show":
        _reject(409, f"{booking_id} is marked a no-show already")
    if b["status"] != "booked":
        _reject(409, f"{booking_id} is {b['status']}")
    if f["date"] != TODAY or f["status"] != "go":
        _reject(409, f"{b['flight']} is {f['status']} on {f['date']}; no-shows are marked on the field once it "
                    "is go")
    b["status"] = "no_show"
    state.vouchers[b["voucher"]]["status"] = "forfeited"
    return f"{b['passenger']} ({booking_id}) marked a no-show; voucher {b['voucher']} is used."


@endpoint("pilot")
def launch_flight(state: State, token: str, flight_id: str, launch_time: str) -> Union[Flight, Refusal]:
    """Launch: the balloon is airborne with the passengers checked in.

    Args:
        token: The bearer token (the flight's pilot).
        flight_id: The flight.
        launch_time: When it left the ground, ``HH:MM``.

    Returns:
        The flight, airborne.
    """
    f = _flight(state, flight_id)
    who = _who(state, token)
    if who["role"] != "manager" and who["pilot"] != f["pilot"]:
        _reject(403, f"{flight_id} is {state.pilots[f['pilot']]['name']}'s flight")
    if f["status"] != "go":
        _reject(409, f"{flight_id} is {f['status']}; a flight launches only on a go call")
    if len(f["crew"]) < 2 or not f["vehicle"]:
        _reject(409, f"{flight_id} has no retrieve crew and vehicle")
    waiting = [bid for bid, b in sorted(state.bookings.items())
               if b["flight"] == flight_id and b["status"] == "booked"]
    if waiting:
        _reject(409, f"{', '.join(waiting)} neither checked in nor marked a no-show")
    aboard = [bid for bid, b in state.bookings.items() if b["flight"] == flight_id and b["status"] == "checked_in"]
    if not aboard:
        _reject(409, f"nobody is checked in on {flight_id}")
    if _load(state, flight_id) > state.balloons[f["balloon"]]["max_load"]:
        _reject(507, f"{flight_id} is over its load")
    f["status"] = "airborne"
    f["launched_at"] = launch_time
    return _flight_reply(state, flight_id)


@endpoint("pilot", "crew")
def land_flight(state: State, token: str, flight_id: str, landing_site: str, landed_at: str,
                landowner: Optional[str] = None) -> Union[Landing, Refusal]:
    """Log a flight's landing, where it came down and whose land it was.

    Args:
        token: The bearer token (a pilot or the crew).
        flight_id: The flight.
        landing_site: Where it landed.
        landed_at: When, ``HH:MM``.
        landowner: The landowner or farmer, where known.

    Returns:
        The landing, with its ``landing_id``.
    """
    f = _flight(state, flight_id)
    if f["status"] != "airborne":
        _reject(409, f"{flight_id} is {f['status']}; only an airborne flight lands")
    if not landing_site.strip():
        _reject(400, "say where it landed")
    try:
        up = datetime.datetime.strptime(f["launched_at"], "%H:%M")
        down = datetime.datetime.strptime(landed_at, "%H:%M")
    except (TypeError, ValueError):
        _reject(400, "times are HH:MM")
    minutes = int((down - up).total_seconds() // 60)
    if minutes <= 0:
        _reject(400, f"{flight_id} launched at {f['launched_at']}")
    f["status"] = "landed"
    for b in state.bookings.values():
        if b["flight"] == flight_id and b["status"] == "checked_in":
            b["status"] = "flown"
            state.vouchers[b["voucher"]]["status"] = "flown"
    lid = f"LD-{_next(state, 'landing')}"
    state.landings[lid] = {"flight": flight_id, "site": landing_site.strip(), "landowner": (landowner or "").strip()
                           or None, "landed_at": landed_at, "minutes": minutes, "thanked": None}
    return _landing_reply(state, lid)


def _landing_reply(state: State, lid: str) -> Landing:
    x = state.landings[lid]
    return Landing(landing_id=lid, flight_id=x["flight"], site=x["site"], landowner=x["landowner"],
                   landed_at=x["landed_at"], minutes_aloft=x["minutes"], thanked=x["thanked"])


@endpoint()
def landings(state: State, token: str, date: Optional[str] = None,
             thanked: Optional[bool] = None) -> Union[List[Landing], Refusal]:
    """Landings, by the day flown and whether the landowner has been thanked.

    Args:
        token: The bearer token.
        date: Only landings of flights on this day.
        thanked: Only landings whose landowner has (true) or has not (false) been thanked.

    Returns:
        The landings.
    """
    return [_landing_reply(state, lid) for lid, x in sorted(state.landings.items())
            if (date is None or state.flights[x["flight"]]["date"] == date)
            and (thanked is None or (x["thanked"] is not None) == thanked)]


@endpoint("office", "crew")
def thank_landowner(state: State, token: str, landing_id: str, gift: Gift, note: str) -> Union[str, Refusal]:
    """Record the thank-you taken or sent to the landowner of a landing field.

    Args:
        token: The bearer token (the office or the crew).
        landing_id: The landing.
        gift: What was given: ``champagne``, ``flight_voucher`` or ``card``.
        note: What was said, or any damage mentioned.

    Returns:
        A sentence naming the landowner and the landing.
    """
    x = state.landings.get(landing_id)
    if x is None:
        _reject(404, f"no landing {landing_id}")
    if x["thanked"] is not None:
        _reject(409, f"{x['landowner'] or 'the landowner'} was thanked for {landing_id} already ({x['thanked']})")
    if not x["landowner"]:
        _reject(409, f"no landowner is recorded for {landing_id}")
    x["thanked"] = f"{gift} on {TODAY}: {note.strip()}"
    return f"Thank-you ({gift.replace('_', ' ')}) recorded for {x['landowner']} at {x['site']} ({landing_id})."


@endpoint("pilot", "office")
def issue_certificates(state: State, token: str, flight_id: str) -> Union[List[Certificate], Refusal]:
    """Issue the flight certificates for a landed flight's passengers.

    Args:
        token: The bearer token (a pilot or the office).
        flight_id: The flight.

    Returns:
        ``certificate_no``, ``booking_id``, ``passenger``, ``flight_id`` and ``date`` of each certificate.
    """
    f = _flight(state, flight_id)
    if f["status"] != "landed":
        _reject(409, f"{flight_id} is {f['status']}; certificates are issued once it has landed")
    if f["certificates"]:
        _reject(409, f"{flight_id}'s certificates were issued already")
    flown = [bid for bid, b in sorted(state.bookings.items()) if b["flight"] == flight_id and b["status"] == "flown"]
    out = []
    for bid in flown:
        n = f"CT-{_next(state, 'certificate')}"
        state.certificates[n] = {"booking": bid, "passenger": state.bookings[bid]["passenger"], "flight": flight_id,
                                 "replaced_by": None}
        out.append(Certificate(certificate_no=n, booking_id=bid, passenger=state.bookings[bid]["passenger"],
                               flight_id=flight_id, date=f["date"]))
    f["certificates"] = True
    return out


@endpoint("pilot", "office")
def reissue_certificate(state: State, token: str, certificate_no: str, passenger_name: str) -> Union[str, Refusal]:
    """Reissue a flight certificate with the passenger's name put right; the old one is void.

    Args:
        token: The bearer token (a pilot or the office).
        certificate_no: The certificate.
        passenger_name: The name as it should read.

    Returns:
        A sentence with the new certificate's number.
    """
    c = state.certificates.get(certificate_no)
    if c is None:
        _reject(404, f"no certificate {certificate_no}")
    if c["replaced_by"]:
        _reject(409, f"{certificate_no} was replaced by {c['replaced_by']}")
    if c["passenger"] == passenger_name.strip():
        _reject(409, f"{certificate_no} reads {c['passenger']} already")
    if not passenger_name.strip():
        _reject(400, "give the name as it should read")
    n = f"CT-{_next(state, 'certificate')}"
    state.certificates[n] = {"booking": c["booking"], "passenger": passenger_name.strip(), "flight": c["flight"],
                             "replaced_by": None}
    c["replaced_by"] = n
    return f"Certificate {n} issued to {passenger_name.strip()} for {c['flight']}, replacing {certificate_no}."


TOOLS = [
    sign_in, sign_out, flight_products, launch_sites, weather_outlook, available_flights, find_customer,
    register_customer, update_customer, customer_account, send_message, sell_voucher, vouchers, voucher_details,
    extend_voucher, upgrade_voucher, transfer_voucher, refund_payment, fleet, pilots, record_inspection,
    ground_balloon, flights, schedule_flight, change_pilot, assign_crew, weather_check, cancel_flight,
    flight_manifest, notify_passengers, book_flight, bookings, update_weight, cancel_booking, rebook, check_in,
    mark_no_show, launch_flight, land_flight, landings, thank_landowner, issue_certificates, reissue_certificate,
]

FIXTURES = {
    "company": {"name": "Ashby Lacey Balloon Flights, Home Farm, Ashby Lacey",
                "today": "Friday 13 June, a quarter past ten in the morning"},
    "staff": [
        {"name": "Maggie Hale", "role": "office", "username": "maggie.h", "password": "Envelope-Up-4"},
        {"name": "Capt. Ruth Okafor", "role": "pilot", "username": "ruth.o", "password": "Crown-Line-17"},
        {"name": "Jamie Fenwick", "role": "pilot", "username": "jamie.f", "password": "Parachute-Vent-22"},
        {"name": "Dan Carver", "role": "retrieve crew", "username": "dan.c", "password": "Retrieve-Run-9"},
        {"name": "Lee Warrington", "role": "manager and chief pilot", "username": "lee.w",
         "password": "Home-Farm-1998"},
    ],
    "new_customer": {"name": "Mr Tomasz Wojcik", "mobile": "07700 900425", "postcode": "WB3 9QE",
                     "email": "tomasz.wojcik@mail.example",
                     "wants": "an anytime flight voucher as a birthday present for his partner, Ella Grant, "
                              "paid by card, and to book her onto a flight from Home Farm soon",
                     "ella_weight_kg": "64"},
    "office_notes": [
        "Hannah Liddell's anytime voucher ran out in March; she will pay to extend it twelve months and fly "
        "next week",
        "Raj Patel wants to fly from Castle Park at dawn tomorrow on his weekday voucher",
        "Alys Marchetti's medical has lapsed; Ruth takes tomorrow's dawn flight from Castle Park",
        "Skylark passed her annual inspection this morning (P. Ormerod); put her on a dawn flight from Home "
        "Farm on Monday with Jamie",
        "Priya Nair's flight was scrubbed this morning; she can do tonight from Home Farm",
        "Colin Barnes rang: he is stuck at work and can't make tonight",
        "Tonight's retrieve: Dan Carver and Sam Ives in Land Rover 1",
        "Mr Hugh Denton at Stubbs Field is still owed his thank-you bottle for last night",
        "Sophie Tan bought a weekday voucher last Thursday and has changed her mind; she wants her money back",
        "Last night's passenger Eileen Ross would like her certificate to read Mrs Eileen M. Ross",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: bearer token (token of sign_in's reply)"
PUBLIC = ("sign_in", "flight_products", "launch_sites", "weather_outlook", "available_flights")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_account", "send_message", "sell_voucher", "transfer_voucher"]
VOUCHER_CONSUMERS = ["voucher_details", "upgrade_voucher", "transfer_voucher", "book_flight"]
FLIGHT_CONSUMERS = ["change_pilot", "assign_crew", "weather_check", "cancel_flight", "flight_manifest",
                    "launch_flight", "land_flight", "issue_certificates", "notify_passengers"]
BOOKING_CONSUMERS = ["update_weight", "cancel_booking", "rebook"]
FIELD_CONSUMERS = ["check_in", "mark_no_show"]
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or of a find_customer row)"
_VOUCHER = "id lookup/create: voucher code (voucher_code of sell_voucher, or of a vouchers row)"
_FLIGHT = "id lookup/create: flight (flight_id of schedule_flight, or of a flights row)"
_OPEN = ("id lookup/create: flight with seats (flight_id of an available_flights row, of a flights row, or of "
         "schedule_flight)")
_BOOKING = "id lookup/create: booking (booking_id of book_flight, or of a bookings row)"
_FIELD = "id lookup/create: booking (booking_id of book_flight, of a bookings row, or of a flight_manifest passenger)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("sell_voucher|vouchers", c, _VOUCHER) for c in VOUCHER_CONSUMERS]
    + [("schedule_flight|flights", c, _FLIGHT) for c in FLIGHT_CONSUMERS]
    + [("available_flights|flights|schedule_flight", c, _OPEN) for c in ("book_flight", "rebook")]
    + [("book_flight|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("book_flight|bookings|flight_manifest", c, _FIELD) for c in FIELD_CONSUMERS]
    + [
        ("land_flight|landings", "thank_landowner",
         "id lookup/create: landing (landing_id of land_flight, or of a landings row)"),
        ("vouchers", "extend_voucher", "id lookup: an expired voucher (voucher_code of a vouchers row)"),
        ("fleet", "schedule_flight", "id lookup: balloon registration (registration of a fleet row)"),
        ("fleet", "record_inspection", "id lookup: balloon registration (registration of a fleet row)"),
        ("fleet", "ground_balloon", "id lookup: balloon registration (registration of a fleet row)"),
        ("pilots", "schedule_flight", "id lookup: pilot (pilot_id of a pilots row)"),
        ("pilots", "change_pilot", "id lookup: pilot (pilot_id of a pilots row)"),
        ("sell_voucher|extend_voucher|upgrade_voucher|voucher_details", "refund_payment",
         "id lookup/create: payment reference (payment_id of sell_voucher, extend_voucher or upgrade_voucher, or "
         "of a payment in voucher_details)"),
        ("issue_certificates", "reissue_certificate",
         "id create: certificate number (certificate_no of an issue_certificates row)"),
        ("flight_products", "sell_voucher", "vocabulary: product codes (code of flight_products rows)"),
        ("flight_products", "upgrade_voucher", "vocabulary: product codes (code of flight_products rows)"),
        ("launch_sites", "schedule_flight", "vocabulary: launch site codes (code of launch_sites rows)"),
        ("launch_sites", "weather_outlook", "vocabulary: launch site codes (code of launch_sites rows)"),
        ("extend_voucher", "book_flight", "state: an expired voucher extended"),
        ("upgrade_voucher", "book_flight", "state: a weekday voucher upgraded for a weekend flight"),
        ("record_inspection", "schedule_flight", "state: the balloon's annual inspection recorded"),
        ("change_pilot", "weather_check", "state: a pilot with a current medical on the flight"),
        ("weather_check", "check_in", "state: the flight called go"),
        ("rebook", "check_in", "state: a booking waiting after a cancelled flight moved onto one that flies"),
        ("weather_check", "mark_no_show", "state: the flight called go"),
        ("weather_check", "launch_flight", "state: the flight called go"),
        ("assign_crew", "launch_flight", "state: a retrieve crew and vehicle assigned"),
        ("check_in", "launch_flight", "state: the passengers checked in"),
        ("mark_no_show", "launch_flight", "state: a passenger who did not come marked a no-show"),
        ("launch_flight", "land_flight", "state: the flight airborne"),
        ("land_flight", "issue_certificates", "state: the flight landed"),
    ]
)

_VOUCHER_USERS = ("voucher_details", "extend_voucher", "upgrade_voucher", "transfer_voucher", "book_flight")
_BOOKING_USERS = ("update_weight", "cancel_booking", "rebook", "check_in", "mark_no_show")
_FLIGHT_USERS = ("change_pilot", "assign_crew", "weather_check", "cancel_flight", "flight_manifest",
                 "notify_passengers")

PLAUSIBLE = (
    # a customer's account, a voucher and a booking row show the ids of the vouchers and bookings nested in them
    {("customer_account", c) for c in _VOUCHER_USERS + _BOOKING_USERS}
    | {("voucher_details", c) for c in ("book_flight", "extend_voucher", "upgrade_voucher", "transfer_voucher",
                                        "update_weight", "cancel_booking", "rebook")}
    | {("bookings", c) for c in ("voucher_details", "upgrade_voucher", "transfer_voucher", "flight_manifest",
                                 "notify_passengers", "weather_check", "assign_crew", "cancel_flight")}
    | {("flight_manifest", c) for c in ("update_weight", "cancel_booking", "rebook", "voucher_details")}
    # the public list of open flights shows flight ids
    | {("available_flights", c) for c in _FLIGHT_USERS + ("bookings",)}
    # a customer found or registered, then their vouchers and bookings listed and used
    | {("find_customer", c) for c in ("vouchers", "bookings", "voucher_details", "extend_voucher", "upgrade_voucher",
                                      "book_flight", "update_weight", "cancel_booking", "rebook", "refund_payment")}
    | {("register_customer", c) for c in ("find_customer", "vouchers", "bookings", "voucher_details", "book_flight",
                                          "upgrade_voucher", "refund_payment")}
    | {
        ("sell_voucher", "vouchers"), ("sell_voucher", "customer_account"), ("extend_voucher", "voucher_details"),
        ("extend_voucher", "vouchers"), ("extend_voucher", "rebook"), ("upgrade_voucher", "voucher_details"),
        ("upgrade_voucher", "rebook"), ("transfer_voucher", "book_flight"), ("transfer_voucher", "customer_account"),
        ("transfer_voucher", "voucher_details"), ("book_flight", "bookings"), ("book_flight", "flight_manifest"),
        ("book_flight", "customer_account"), ("book_flight", "notify_passengers"),
        ("book_flight", "available_flights"),
        ("book_flight", "launch_flight"), ("book_flight", "voucher_details"), ("book_flight", "refund_payment"),
        ("rebook", "notify_passengers"), ("rebook", "flight_manifest"), ("rebook", "available_flights"),
        ("rebook", "launch_flight"), ("rebook", "bookings"), ("cancel_booking", "book_flight"),
        ("cancel_booking", "transfer_voucher"), ("cancel_booking", "refund_payment"),
        ("cancel_booking", "available_flights"), ("cancel_booking", "bookings"), ("update_weight", "flight_manifest"),
        ("update_weight", "check_in"), ("flights", "bookings"), ("flights", "available_flights"),
        ("schedule_flight", "flights"), ("schedule_flight", "available_flights"), ("schedule_flight", "bookings"),
        ("launch_sites", "available_flights"), ("launch_sites", "flights"), ("weather_outlook", "weather_check"),
        ("weather_outlook", "cancel_flight"), ("weather_outlook", "schedule_flight"), ("fleet", "change_pilot"),
        ("pilots", "weather_check"), ("ground_balloon", "record_inspection"), ("ground_balloon", "cancel_flight"),
        ("ground_balloon", "change_pilot"), ("record_inspection", "fleet"), ("ground_balloon", "fleet"),
        ("change_pilot", "launch_flight"), ("change_pilot", "flights"), ("weather_check", "cancel_flight"),
        ("weather_check", "notify_passengers"), ("weather_check", "flight_manifest"), ("weather_check", "rebook"),
        ("weather_check", "land_flight"), ("cancel_flight", "rebook"), ("cancel_flight", "bookings"),
        ("cancel_flight", "notify_passengers"), ("cancel_flight", "cancel_booking"),
        ("assign_crew", "flight_manifest"),
        ("assign_crew", "land_flight"), ("check_in", "flight_manifest"), ("check_in", "land_flight"),
        ("check_in", "issue_certificates"), ("mark_no_show", "flight_manifest"), ("launch_flight", "flight_manifest"),
        ("launch_flight", "issue_certificates"), ("launch_flight", "thank_landowner"), ("land_flight", "landings"),
        ("land_flight", "flight_manifest"), ("land_flight", "customer_account"), ("issue_certificates", "landings"),
        ("landings", "issue_certificates"), ("flights", "landings"), ("update_customer", "send_message"),
        ("update_customer", "notify_passengers"), ("update_customer", "customer_account"),
        ("send_message", "customer_account"), ("vouchers", "customer_account"), ("vouchers", "bookings"),
        ("issue_certificates", "customer_account"),
    }
)
