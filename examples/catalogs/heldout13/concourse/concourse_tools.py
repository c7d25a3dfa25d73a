"""Concourse: the customer-service back end of Meridian Rail, an intercity train operator (35 calls).

Plain functions over an in-memory ``State`` of Meridian Rail's West Coast services on Wednesday
14 June 2028 at 09:30, in the style of the customer-service environments of public agent
benchmarks: a user account (found by e-mail, or by name and postcode) with its payment methods
(cards, gift cards, travel vouchers), railcards, reservations and season tickets; caller
verification; stations, the timetable with fares, live and past service status and disruptions;
bookings, cancellations, changes of train, upgrades, passenger names, railcards added after
booking, seat reservations, bicycle spaces, e-tickets and passenger assistance; Delay Repay claims;
complaints and goodwill vouchers; lost property; season tickets; a calculator and a transfer to a
human agent.

The operator's policies are checked in code, not left to the agent: the caller must be verified
(date of birth and postcode) before anything on their account is changed; Advance fares are
non-refundable, and changed for a 10.00 fee plus any fare difference; Off-Peak fares are not valid
on peak trains (weekdays before 09:30 and London departures 16:00-18:59); refunds of Off-Peak and
Anytime fares lose a 10.00 admin fee unless Meridian Rail cancelled a train on the booking (then
everything is refunded); railcards take a third off Advance and Off-Peak fares for the holder and
must be valid on the travel date; gift cards and vouchers must cover a payment alone and cannot buy
season tickets; Delay Repay pays 25%, 50% or 100% of the fare for delays of 15, 30 and 60 minutes
and never for more delay than was recorded; assistance needs two hours' notice; goodwill vouchers
are capped by complaint category.

Replies are dataclasses (``User``, ``Reservation`` with ``legs``, ``TrainOption`` with a nested fare
table, ``ServiceStatus`` with calling points as rows, ``Claim``, ``Complaint``, ``PaymentMethod``,
``SeasonQuote`` ...), which the runtime converts to JSON objects; lists of them; a bare user id;
and sentences from verification, e-tickets, the calculator and the transfer. Every refusal is
raised as ``ValueError``, as the tools of such environments do. Assistance types and the voucher
caps are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from enum import Enum
from typing import Literal

NOW = "2028-06-14 09:30"
TODAY = "2028-06-14"
ADMIN_FEE = 10.00
CHANGE_FEE = 10.00

Cabin = Literal["standard", "first"]
FareType = Literal["advance", "off_peak", "anytime"]
LegName = Literal["outbound", "return"]
CancelReason = Literal["change_of_plans", "service_cancelled", "illness", "other"]
SeatPreference = Literal["window", "aisle", "table", "quiet_coach"]
SeasonDuration = Literal["weekly", "monthly", "annual"]


class RailcardType(str, Enum):
    SIXTEEN_25 = "16-25"
    TWENTY_SIX_30 = "26-30"
    SENIOR = "senior"
    TWO_TOGETHER = "two_together"
    DISABLED_PERSONS = "disabled_persons"


class ComplaintCategory(str, Enum):
    DELAY = "delay"
    CANCELLATION = "cancellation"
    STAFF = "staff"
    FACILITIES = "facilities"
    TICKETING = "ticketing"
    ACCESSIBILITY = "accessibility"


_ASSISTANCE = ("ramp", "wheelchair", "staff_escort", "luggage", "sight_loss_guide")
_VOUCHER_CAP = {"delay": 30.0, "cancellation": 50.0, "staff": 25.0, "facilities": 15.0, "ticketing": 20.0,
                "accessibility": 50.0}

STATIONS = {
    "EUS": "London Euston", "MKC": "Milton Keynes Central", "COV": "Coventry", "BHM": "Birmingham New Street",
    "SOT": "Stoke-on-Trent", "MAN": "Manchester Piccadilly", "CRE": "Crewe", "PRE": "Preston", "LAN": "Lancaster",
    "OXN": "Oxenholme Lake District", "CAR": "Carlisle", "GLC": "Glasgow Central", "EDB": "Edinburgh Waverley",
}

TIMETABLE = {
    "1A12": [("MAN", "07:55"), ("SOT", "08:32"), ("MKC", "09:41"), ("EUS", "10:07")],
    "1A20": [("MAN", "09:55"), ("SOT", "10:32"), ("MKC", "11:41"), ("EUS", "12:07")],
    "1A24": [("MAN", "11:55"), ("SOT", "12:32"), ("EUS", "14:07")],
    "1H55": [("EUS", "13:40"), ("SOT", "15:12"), ("MAN", "15:48")],
    "1H61": [("EUS", "17:40"), ("MKC", "18:10"), ("SOT", "19:12"), ("MAN", "19:48")],
    "1H65": [("EUS", "19:40"), ("SOT", "21:12"), ("MAN", "21:50")],
    "1B07": [("BHM", "08:10"), ("COV", "08:31"), ("MKC", "09:05"), ("EUS", "09:35")],
    "1B11": [("BHM", "10:10"), ("COV", "10:31"), ("MKC", "11:05"), ("EUS", "11:32")],
    "1B15": [("BHM", "12:10"), ("COV", "12:31"), ("EUS", "13:32")],
    "1G30": [("EUS", "16:23"), ("COV", "17:22"), ("BHM", "17:47")],
    "1G34": [("EUS", "18:43"), ("COV", "19:42"), ("BHM", "20:07")],
    "1G38": [("EUS", "20:43"), ("MKC", "21:14"), ("COV", "21:42"), ("BHM", "22:07")],
    "1S45": [("EUS", "11:30"), ("CRE", "13:05"), ("PRE", "13:55"), ("LAN", "14:12"), ("CAR", "15:20"),
             ("GLC", "16:42")],
    "1M11": [("BHM", "09:57"), ("CRE", "10:50"), ("PRE", "11:40"), ("LAN", "11:58"), ("CAR", "13:05"),
             ("GLC", "14:21")],
    "1M15": [("BHM", "11:57"), ("PRE", "13:40"), ("LAN", "13:58"), ("GLC", "16:21")],
    "1M20": [("GLC", "15:40"), ("CAR", "16:55"), ("LAN", "18:02"), ("PRE", "18:20"), ("BHM", "20:05")],
    "1M24": [("GLC", "17:40"), ("LAN", "20:02"), ("PRE", "20:20"), ("BHM", "22:05")],
    "1S88": [("LAN", "10:14"), ("OXN", "10:29"), ("CAR", "11:05"), ("EDB", "12:40")],
    "1S92": [("LAN", "12:14"), ("CAR", "13:05"), ("EDB", "14:40")],
    "1E40": [("EDB", "16:52"), ("CAR", "18:20"), ("LAN", "19:10")],
}


# --------------------------------------------------------------------------- replies


@dataclass
class Station:
    code: str
    name: str


@dataclass
class TrainOption:
    service_id: str
    origin: str
    destination: str
    departs: str
    arrives: str
    duration_min: int
    peak: bool
    bookable: bool
    fares: dict = field(default_factory=dict)
    seats_left: dict = field(default_factory=dict)
    bike_spaces_left: int = 0


@dataclass
class PaymentMethod:
    payment_method_id: str
    kind: str
    description: str
    balance: float | None = None


@dataclass
class Railcard:
    railcard_id: str
    railcard_type: str
    number_ending: str
    expiry_date: str


@dataclass
class User:
    user_id: str
    name: str
    email: str
    phone: str
    payment_methods: list = field(default_factory=list)
    railcards: list = field(default_factory=list)
    reservations: list = field(default_factory=list)
    season_tickets: list = field(default_factory=list)


@dataclass
class Leg:
    service_id: str
    origin: str
    destination: str
    departs: str
    arrives: str
    fare: float
    seats: list = field(default_factory=list)
    bicycle: bool = False


@dataclass
class Payment:
    payment_method_id: str
    amount: float
    note: str


@dataclass
class Reservation:
    reservation_id: str
    user_id: str
    status: str
    cabin: str
    fare_type: str
    passengers: list
    legs: list
    railcard_id: str | None
    total_paid: float
    payments: list
    assistance_ids: list


@dataclass
class ServiceStatus:
    service_id: str
    status: str
    delay_minutes: int
    calling_points: list
    reason: str | None = None


@dataclass
class Disruption:
    service_id: str
    route: str
    status: str
    delay_minutes: int
    reason: str


@dataclass
class Claim:
    claim_id: str
    reservation_id: str
    service_id: str
    delay_band: str
    amount: float
    status: str
    paid_to: str


@dataclass
class Complaint:
    complaint_id: str
    user_id: str
    category: str
    reservation_id: str | None
    status: str


@dataclass
class AssistanceBooking:
    assistance_id: str
    reservation_id: str
    services: list
    assistance: list
    notes: str
    status: str


@dataclass
class LostReport:
    report_id: str
    user_id: str
    service_id: str
    description: str
    status: str


@dataclass
class FoundItem:
    item_id: str
    service_id: str
    description: str
    found_at: str
    status: str


@dataclass
class Collection:
    collection_ref: str
    item_id: str
    station: str
    ready_from: str


@dataclass
class SeasonQuote:
    quote_id: str
    origin: str
    destination: str
    duration: str
    start_date: str
    end_date: str
    price: float
    valid_until: str


@dataclass
class SeasonTicket:
    season_ticket_id: str
    user_id: str
    origin: str
    destination: str
    start_date: str
    end_date: str
    price: float
    photocard_number: str
    status: str


# --------------------------------------------------------------------------- the fresh state


def _pm(pid, kind, description, balance=None):
    return {"payment_method_id": pid, "kind": kind, "description": description, "balance": balance}


class State:
    """Meridian Rail customer service, Wednesday 14 June 2028, 09:30."""

    def __init__(self) -> None:
        self.users = {
            "u_70412": {"name": "Sara Lopez", "email": "sara.lopez@example.com", "phone": "07700 900261",
                        "dob": "1991-03-08", "postcode": "M14 5RL",
                        "payment_methods": [_pm("pm_card_2291", "card", "Visa debit ending 2291"),
                                            _pm("pm_gift_118", "gift_card", "Meridian gift card", 40.00)],
                        "railcards": [{"railcard_id": "rc_5510", "railcard_type": "26-30", "number_ending": "5510",
                                       "expiry_date": "2028-11-30"}],
                        "reservations": ["MR7QK2P", "MR4HT8C"], "season_tickets": []},
            "u_68133": {"name": "Daniel Okoro", "email": "d.okoro@example.co.uk", "phone": "07700 900733",
                        "dob": "1984-11-22", "postcode": "B15 2TT",
                        "payment_methods": [_pm("pm_card_7745", "card", "Mastercard ending 7745"),
                                            _pm("pm_vouch_301", "voucher", "Travel voucher", 25.00)],
                        "railcards": [], "reservations": ["MR9LB3D", "MR2XC5N"], "season_tickets": ["ST-4391"]},
            "u_55920": {"name": "Margaret Hughes", "email": "m.hughes@example.org", "phone": "01524 555019",
                        "dob": "1949-07-30", "postcode": "LA1 4XQ",
                        "payment_methods": [_pm("pm_card_0098", "card", "Visa ending 0098")],
                        "railcards": [{"railcard_id": "rc_4471", "railcard_type": "senior", "number_ending": "4471",
                                       "expiry_date": "2028-05-31"}],
                        "reservations": ["MR5WD1F"], "season_tickets": []},
            "u_81207": {"name": "Priya Raman", "email": "priya.raman@example.net", "phone": "07700 900518",
                        "dob": "1996-01-14", "postcode": "CV4 7AL",
                        "payment_methods": [_pm("pm_card_5530", "card", "Amex ending 5530")],
                        "railcards": [], "reservations": [], "season_tickets": []},
        }
        self.reservations = {}
        self.verified = []
        self.status_overrides = {
            "1H61-20280610": {"status": "arrived", "delay": 38, "reason": "signalling fault at Stafford"},
            "1S45-20280612": {"status": "arrived", "delay": 72, "reason": "overhead line damage near Warrington"},
            "1A20-20280613": {"status": "arrived", "delay": 17, "reason": "late running freight train"},
            "1B07-20280615": {"status": "cancelled", "delay": 0, "reason": "shortage of train crew"},
            "1G30-20280614": {"status": "cancelled", "delay": 0, "reason": "train fault"},
            "1A12-20280614": {"status": "arrived", "delay": 9, "reason": "slow running at Stoke"},
        }
        self.advance_left = {"1A24-20280616": 0, "1A20-20280616": 3}
        self.bikes = {"1M11-20280620": 1}
        self.seat_counter = {}
        self.claims = {}
        self.complaints = {}
        self.assistance = {}
        self.lost_reports = {}
        self.found_items = {
            "fi_3301": {"service_id": "1B11-20280613", "description": "Black laptop bag with a Dell laptop and charger",
                        "found_at": "London Euston", "status": "held"},
            "fi_3302": {"service_id": "1B11-20280613", "description": "Blue golf umbrella",
                        "found_at": "London Euston", "status": "held"},
            "fi_3290": {"service_id": "1H61-20280610", "description": "Grey teddy bear with a red scarf",
                        "found_at": "Manchester Piccadilly", "status": "held"},
        }
        self.gift_codes = {"MRGC-7F4K-22QP": 50.00, "MRGC-Q9TT-81XA": 25.00}
        self.quotes = {}
        self.season_tickets = {
            "ST-4391": {"season_ticket_id": "ST-4391", "user_id": "u_68133", "origin": "BHM", "destination": "EUS",
                        "start_date": "2028-07-03", "end_date": "2028-08-01", "price": 1059.93,
                        "photocard_number": "PC30917742", "status": "active", "paid_with": "pm_card_7745"},
        }
        self.sent = []
        self.transfers = []
        self.counters = {"reservation": 80421, "claim": 5101, "complaint": 30561, "assistance": 7701,
                         "report": 20417, "collection": 901, "quote": 6601, "season": 4401, "payment": 900,
                         "railcard": 6001}
        self._seed()

    def _seed(self) -> None:
        def leg(sid, o, d, fare):
            s = _service(sid)
            return {"service_id": sid, "origin": o, "destination": d, "departs": _at(s, o), "arrives": _at(s, d),
                    "fare": fare, "seats": [], "bicycle": False}

        def res(rid, uid, cabin, fare_type, passengers, legs, railcard, pm):
            total = round(sum(x["fare"] for x in legs), 2)
            self.reservations[rid] = {"reservation_id": rid, "user_id": uid, "status": "confirmed", "cabin": cabin,
                                      "fare_type": fare_type, "passengers": passengers, "legs": legs,
                                      "railcard_id": railcard, "total_paid": total,
                                      "payments": [{"payment_method_id": pm, "amount": total, "note": "booking"}],
                                      "assistance_ids": []}

        res("MR7QK2P", "u_70412", "standard", "advance", ["Sara Lopez"],
            [leg("1A12-20280616", "MAN", "EUS", _price("MAN", "EUS", "standard", "advance", 1, True))],
            "rc_5510", "pm_card_2291")
        res("MR4HT8C", "u_70412", "standard", "off_peak", ["Sara Lopez"],
            [leg("1H61-20280610", "EUS", "MAN", _price("EUS", "MAN", "standard", "off_peak", 1, True))],
            "rc_5510", "pm_card_2291")
        res("MR9LB3D", "u_68133", "standard", "anytime", ["Daniel Okoro", "Grace Okoro"],
            [leg("1M11-20280620", "BHM", "GLC", _price("BHM", "GLC", "standard", "anytime", 2, False)),
             leg("1M20-20280623", "GLC", "BHM", _price("GLC", "BHM", "standard", "anytime", 2, False))],
            None, "pm_card_7745")
        res("MR2XC5N", "u_68133", "standard", "advance", ["Daniel Okoro"],
            [leg("1B07-20280615", "BHM", "EUS", _price("BHM", "EUS", "standard", "advance", 1, False))],
            None, "pm_card_7745")
        res("MR5WD1F", "u_55920", "standard", "off_peak", ["Margaret Hughes"],
            [leg("1S88-20280619", "LAN", "EDB", _price("LAN", "EDB", "standard", "off_peak", 1, False))],
            None, "pm_card_0098")


# --------------------------------------------------------------------------- timetable, fares, helpers


def _service(service_id: str) -> dict:
    m = re.fullmatch(r"(\d[A-Z]\d{2})-(\d{8})", service_id or "")
    if not m or m.group(1) not in TIMETABLE:
        raise ValueError(f"Unknown service {service_id}")
    try:
        day = datetime.strptime(m.group(2), "%Y%m%d").date()
    except ValueError:
        raise ValueError(f"Unknown service {service_id}") from None
    first, last = date(2028, 5, 17), date(2028, 9, 6)
    if not first <= day <= last:
        raise ValueError(f"Service {service_id} is outside the timetable (17 May to 6 September 2028)")
    calls = [(code, f"{day.isoformat()} {t}") for code, t in TIMETABLE[m.group(1)]]
    return {"service_id": service_id, "headcode": m.group(1), "date": day.isoformat(), "calls": calls}


def _at(service: dict, station: str) -> str:
    return next(t for code, t in service["calls"] if code == station)


def _calls_between(service: dict, origin: str, destination: str) -> bool:
    codes = [c for c, _ in service["calls"]]
    return origin in codes and destination in codes and codes.index(origin) < codes.index(destination)


def _minutes(a: str, b: str) -> int:
    fmt = "%Y-%m-%d %H:%M"
    return int((datetime.strptime(b, fmt) - datetime.strptime(a, fmt)).total_seconds() // 60)


def _is_peak(service: dict, origin: str) -> bool:
    dep = _at(service, origin)
    weekday = date.fromisoformat(service["date"]).weekday() < 5
    hhmm = dep[11:]
    return weekday and (hhmm < "09:30" or (origin == "EUS" and "16:00" <= hhmm < "19:00"))


def _base_fare(origin: str, destination: str) -> float:
    for calls in TIMETABLE.values():
        codes = [c for c, _ in calls]
        if origin in codes and destination in codes:
            t = {c: x for c, x in calls}
            h1, m1 = map(int, t[origin].split(":"))
            h2, m2 = map(int, t[destination].split(":"))
            return round(6.50 + abs((h2 * 60 + m2) - (h1 * 60 + m1)) * 1.35, 2)
    raise ValueError(f"No through fare between {origin} and {destination}")


def _price(origin, destination, cabin, fare_type, passengers, railcard) -> float:
    """The fare for ``passengers`` people, a railcard taking a third off the holder's ticket."""
    anytime = _base_fare(origin, destination)
    each = {"anytime": anytime, "off_peak": round(anytime * 0.55, 2), "advance": round(anytime * 0.3, 2)}[fare_type]
    if cabin == "first":
        each = round(each * 1.6, 2)
    total = each * passengers
    if railcard and fare_type != "anytime":
        total -= each / 3
    return round(total, 2)


def _next(state, key, prefix, width=0):
    n = state.counters[key]
    state.counters[key] += 1
    return f"{prefix}{n:0{width}d}" if width else f"{prefix}{n}"


def _user(state, user_id):
    u = state.users.get(user_id)
    if u is None:
        raise ValueError(f"User {user_id} not found")
    return u


def _verified(state, user_id):
    if user_id not in state.verified:
        raise ValueError("The caller has not been verified; verify their date of birth and postcode first")


def _reservation(state, reservation_id):
    r = state.reservations.get(reservation_id)
    if r is None:
        raise ValueError(f"Reservation {reservation_id} not found")
    return r


def _payment_method(state, user_id, payment_method_id):
    u = state.users[user_id]
    pm = next((p for p in u["payment_methods"] if p["payment_method_id"] == payment_method_id), None)
    if pm is None:
        raise ValueError(f"Payment method {payment_method_id} is not on this account")
    return pm


def _charge(state, user_id, payment_method_id, amount):
    pm = _payment_method(state, user_id, payment_method_id)
    if pm["kind"] in ("gift_card", "voucher"):
        if pm["balance"] < amount - 1e-9:
            raise ValueError(f"{pm['description']} {payment_method_id} holds {pm['balance']:.2f}, not enough for "
                             f"{amount:.2f}; gift cards and vouchers cannot be combined with another payment")
        pm["balance"] = round(pm["balance"] - amount, 2)
    return pm


def _refund(state, r, amount, note):
    pid = r["payments"][0]["payment_method_id"]
    pm = _payment_method(state, r["user_id"], pid)
    if pm["kind"] in ("gift_card", "voucher"):
        pm["balance"] = round(pm["balance"] + amount, 2)
    r["payments"].append({"payment_method_id": pid, "amount": round(-amount, 2), "note": note})
    r["total_paid"] = round(r["total_paid"] - amount, 2)


def _status(state, service_id):
    s = _service(service_id)
    o = state.status_overrides.get(service_id)
    if o:
        return o["status"], o["delay"], o["reason"]
    return ("arrived" if s["calls"][-1][1] <= NOW else "scheduled"), 0, None


def _res_out(r) -> Reservation:
    data = copy.deepcopy(r)
    data["legs"] = [Leg(**x) for x in data["legs"]]
    data["payments"] = [Payment(**p) for p in data["payments"]]
    return Reservation(**data)


def _pm_out(p) -> PaymentMethod:
    return PaymentMethod(**p)


def _holder_travels(state, r):
    return state.users[r["user_id"]]["name"] in r["passengers"]


def _railcard_of(state, user_id, railcard_id, travel_date):
    rc = next((x for x in state.users[user_id]["railcards"] if x["railcard_id"] == railcard_id), None)
    if rc is None:
        raise ValueError(f"Railcard {railcard_id} is not on this account")
    if rc["expiry_date"] < travel_date:
        raise ValueError(f"Railcard {railcard_id} expires on {rc['expiry_date']}, before the journey")
    return rc


def _departed(leg) -> bool:
    return leg["departs"] <= NOW


# --------------------------------------------------------------------------- users


def find_user_id_by_email(email: str, state: State) -> str:
    """Find a user id by the e-mail address on the account.

    Args:
        email: the customer's e-mail address.

    Returns:
        The user id.
    """
    for uid, u in state.users.items():
        if u["email"].lower() == email.strip().lower():
            return uid
    raise ValueError("User not found")


def find_user_id_by_name_postcode(first_name: str, last_name: str, postcode: str, state: State) -> str:
    """Find a user id by name and home postcode.

    Args:
        first_name: the customer's first name.
        last_name: the customer's last name.
        postcode: the home postcode, e.g. 'M14 5RL'.

    Returns:
        The user id.
    """
    pc = postcode.replace(" ", "").upper()
    for uid, u in state.users.items():
        if u["name"].lower() == f"{first_name} {last_name}".strip().lower() and u["postcode"].replace(" ", "") == pc:
            return uid
    raise ValueError("User not found")


def get_user_details(user_id: str, state: State) -> User:
    """Get a user's account: contact details, payment methods, railcards, reservation ids and season
    ticket ids.

    Args:
        user_id: the user id.
    """
    u = _user(state, user_id)
    return User(user_id=user_id, name=u["name"], email=u["email"], phone=u["phone"],
                payment_methods=[_pm_out(p) for p in u["payment_methods"]],
                railcards=[Railcard(**x) for x in u["railcards"]], reservations=list(u["reservations"]),
                season_tickets=list(u["season_tickets"]))


def verify_caller(user_id: str, date_of_birth: str, postcode: str, state: State) -> str:
    """Verify that the caller holds the account, by date of birth and postcode. Required before any
    change to the account or its bookings.

    Args:
        user_id: the user id.
        date_of_birth: YYYY-MM-DD.
        postcode: the home postcode.
    """
    u = _user(state, user_id)
    if u["dob"] != date_of_birth.strip() or u["postcode"].replace(" ", "") != postcode.replace(" ", "").upper():
        raise ValueError("The details given do not match the account")
    if user_id not in state.verified:
        state.verified.append(user_id)
    return f"Caller verified as {u['name']} ({user_id})."


def update_user_contact(user_id: str, email: str | None = None, phone: str | None = None, state: State = None) -> User:
    """Change the e-mail address or phone number on an account.

    Args:
        user_id: the user id.
        email: the new e-mail address.
        phone: the new phone number.
    """
    u = _user(state, user_id)
    _verified(state, user_id)
    changes = {}
    if email is not None and email.strip().lower() != u["email"]:
        if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email.strip().lower()):
            raise ValueError(f"{email} is not an e-mail address")
        changes["email"] = email.strip().lower()
    if phone is not None and re.sub(r"\D", "", phone) != re.sub(r"\D", "", u["phone"]):
        if len(re.sub(r"\D", "", phone)) not in (10, 11):
            raise ValueError(f"{phone} is not a UK phone number")
        changes["phone"] = phone.strip()
    if not changes:
        raise ValueError("Nothing to change: the account already has these details")
    u.update(changes)
    return get_user_details(user_id, state)


def add_railcard(user_id: str, railcard_type: RailcardType, railcard_number: str, expiry_date: str,
                 state: State = None) -> Railcard:
    """Add a railcard to an account so that it can be used on bookings.

    Args:
        user_id: the user id.
        railcard_type: the kind of railcard.
        railcard_number: the number printed on the railcard.
        expiry_date: YYYY-MM-DD.
    """
    u = _user(state, user_id)
    _verified(state, user_id)
    try:
        kind = RailcardType(railcard_type)
    except ValueError:
        raise ValueError(f"Unknown railcard type {railcard_type}") from None
    digits = re.sub(r"\s", "", railcard_number)
    if not re.fullmatch(r"[0-9A-Z]{8,12}", digits.upper()):
        raise ValueError("A railcard number has 8 to 12 letters and digits")
    if expiry_date <= TODAY:
        raise ValueError("That railcard has expired")
    if any(x["number_ending"] == digits[-4:] and x["expiry_date"] == expiry_date for x in u["railcards"]):
        raise ValueError("That railcard is already on the account")
    rc = {"railcard_id": _next(state, "railcard", "rc_"), "railcard_type": kind.value,
          "number_ending": digits[-4:], "expiry_date": expiry_date}
    u["railcards"].append(rc)
    return Railcard(**rc)


def add_gift_card(user_id: str, code: str, state: State) -> PaymentMethod:
    """Redeem a Meridian Rail gift card into the account's payment methods.

    Args:
        user_id: the user id.
        code: the code on the gift card, e.g. 'MRGC-XXXX-XXXX'.
    """
    u = _user(state, user_id)
    _verified(state, user_id)
    key = code.strip().upper()
    if key not in state.gift_codes:
        raise ValueError("Gift card code not recognised, or already redeemed")
    balance = state.gift_codes.pop(key)
    pm = _pm(_next(state, "payment", "pm_gift_"), "gift_card", f"Meridian gift card ...{key[-4:]}", balance)
    u["payment_methods"].append(pm)
    return _pm_out(pm)


# --------------------------------------------------------------------------- stations and trains


def search_stations(query: str, state: State) -> list[Station]:
    """Find stations served by Meridian Rail by name.

    Args:
        query: part of a station name, e.g. 'Manchester'.
    """
    q = query.strip().lower()
    return [Station(code, name) for code, name in STATIONS.items() if q in name.lower() or q == code.lower()]


def search_trains(origin: str, destination: str, travel_date: str, depart_after: str | None = None,
                  state: State = None) -> list[TrainOption]:
    """Direct trains between two stations on a date, with fares per person (None where a fare is not
    available) and seats and bicycle spaces left. Past dates show the timetable only.

    Args:
        origin: the departure station code.
        destination: the arrival station code.
        travel_date: YYYY-MM-DD.
        depart_after: only trains leaving at or after HH:MM.
    """
    for code in (origin, destination):
        if code not in STATIONS:
            raise ValueError(f"Unknown station code {code}")
    out = []
    for headcode in sorted(TIMETABLE, key=lambda h: TIMETABLE[h][0][1]):
        s = _service(f"{headcode}-{travel_date.replace('-', '')}")
        if not _calls_between(s, origin, destination):
            continue
        dep, arr = _at(s, origin), _at(s, destination)
        if depart_after and dep[11:] < depart_after:
            continue
        status, _, _ = _status(state, s["service_id"])
        bookable = dep > NOW and status != "cancelled"
        peak = _is_peak(s, origin)
        adv_left = state.advance_left.get(s["service_id"], 6)
        fares = {}
        for cabin in ("standard", "first"):
            fares[cabin] = {
                "advance": _price(origin, destination, cabin, "advance", 1, False) if bookable and adv_left else None,
                "off_peak": None if peak or not bookable else _price(origin, destination, cabin, "off_peak", 1, False),
                "anytime": _price(origin, destination, cabin, "anytime", 1, False) if bookable else None,
            }
        out.append(TrainOption(service_id=s["service_id"], origin=origin, destination=destination, departs=dep,
                               arrives=arr, duration_min=_minutes(dep, arr), peak=peak, bookable=bookable,
                               fares=fares, seats_left={"standard": 140, "first": 28} if bookable else {},
                               bike_spaces_left=2 - state.bikes.get(s["service_id"], 0)))
    return out


def get_service_status(service_id: str, state: State) -> ServiceStatus:
    """Live or recorded running of a train: status, delay at its final destination in minutes, and its
    calling points as rows [station, scheduled, expected or actual].

    Args:
        service_id: the service, e.g. '1A20-20280616'.
    """
    s = _service(service_id)
    status, delay, reason = _status(state, service_id)
    rows = []
    for i, (code, t) in enumerate(s["calls"]):
        lateness = round(delay * i / max(1, len(s["calls"]) - 1))
        actual = (datetime.strptime(t, "%Y-%m-%d %H:%M") + timedelta(minutes=lateness)).strftime("%H:%M")
        rows.append([STATIONS[code], t[11:], "cancelled" if status == "cancelled" else actual])
    return ServiceStatus(service_id=service_id, status=status, delay_minutes=delay, calling_points=rows,
                         reason=reason)


def list_disruptions(travel_date: str, state: State) -> list[Disruption]:
    """Trains cancelled or delayed by 5 minutes or more on a date.

    Args:
        travel_date: YYYY-MM-DD.
    """
    key = travel_date.replace("-", "")
    out = []
    for sid, o in sorted(state.status_overrides.items()):
        if sid.endswith(key) and (o["status"] == "cancelled" or o["delay"] >= 5):
            s = _service(sid)
            route = f"{STATIONS[s['calls'][0][0]]} {s['calls'][0][1][11:]} to {STATIONS[s['calls'][-1][0]]}"
            out.append(Disruption(service_id=sid, route=route, status=o["status"], delay_minutes=o["delay"],
                                  reason=o["reason"]))
    return out


# --------------------------------------------------------------------------- reservations


def get_reservation_details(reservation_id: str, state: State) -> Reservation:
    """Get a reservation: status, cabin, fare type, passengers, legs (service, stations, times, fare,
    seats, bicycle), railcard, payments and assistance bookings.

    Args:
        reservation_id: the booking reference, e.g. 'MR7QK2P'.
    """
    return _res_out(_reservation(state, reservation_id))


def book_reservation(user_id: str, origin: str, destination: str, outbound_service_id: str, cabin: Cabin,
                     fare_type: FareType, passengers: list[str], payment_method_id: str,
                     return_service_id: str | None = None, railcard_id: str | None = None,
                     state: State = None) -> Reservation:
    """Book a single or return journey for up to six passengers, paid in full by one payment method.

    Args:
        user_id: the account booking.
        origin: the departure station code.
        destination: the arrival station code.
        outbound_service_id: the outbound train.
        cabin: 'standard' or 'first'.
        fare_type: 'advance', 'off_peak' or 'anytime'.
        passengers: the travellers' full names.
        payment_method_id: the card, gift card or voucher paying.
        return_service_id: the return train, for a return journey.
        railcard_id: a railcard on the account, for the account holder's ticket.
    """
    u = _user(state, user_id)
    _verified(state, user_id)
    if cabin not in ("standard", "first") or fare_type not in ("advance", "off_peak", "anytime"):
        raise ValueError("cabin is standard or first; fare_type is advance, off_peak or anytime")
    names = [p.strip() for p in passengers if p.strip()]
    if not 1 <= len(names) <= 6:
        raise ValueError("A booking has one to six passengers")
    legs = []
    for sid, o, d in [(outbound_service_id, origin, destination)] + (
            [(return_service_id, destination, origin)] if return_service_id else []):
        s = _service(sid)
        if not _calls_between(s, o, d):
            raise ValueError(f"Service {sid} does not run from {o} to {d}")
        status, _, _ = _status(state, sid)
        if status == "cancelled":
            raise ValueError(f"Service {sid} is cancelled")
        if _at(s, o) <= NOW:
            raise ValueError(f"Service {sid} has already left {o}")
        if fare_type == "off_peak" and _is_peak(s, o):
            raise ValueError(f"Off-Peak tickets are not valid on {sid}, a peak train")
        if fare_type == "advance" and state.advance_left.get(sid, 6) < len(names):
            raise ValueError(f"Not enough Advance fares left on {sid}")
        legs.append((s, o, d))
    if legs[-1][0]["calls"][0][1] < legs[0][0]["calls"][0][1]:
        raise ValueError("The return train leaves before the outbound one")
    travel_date = legs[-1][0]["date"]
    use_railcard = False
    if railcard_id:
        _railcard_of(state, user_id, railcard_id, travel_date)
        if fare_type == "anytime":
            raise ValueError("Railcard discounts do not apply to Anytime fares")
        if u["name"] not in names:
            raise ValueError("The railcard holder must be one of the passengers")
        use_railcard = True
    leg_rows = []
    for s, o, d in legs:
        fare = _price(o, d, cabin, fare_type, len(names), use_railcard)
        leg_rows.append({"service_id": s["service_id"], "origin": o, "destination": d, "departs": _at(s, o),
                         "arrives": _at(s, d), "fare": fare, "seats": [], "bicycle": False})
    total = round(sum(x["fare"] for x in leg_rows), 2)
    _charge(state, user_id, payment_method_id, total)
    if fare_type == "advance":
        for s, _, _ in legs:
            state.advance_left[s["service_id"]] = state.advance_left.get(s["service_id"], 6) - len(names)
    rid = _next(state, "reservation", "MR")
    state.reservations[rid] = {"reservation_id": rid, "user_id": user_id, "status": "confirmed", "cabin": cabin,
                               "fare_type": fare_type, "passengers": names, "legs": leg_rows,
                               "railcard_id": railcard_id if use_railcard else None, "total_paid": total,
                               "payments": [{"payment_method_id": payment_method_id, "amount": total,
                                             "note": "booking"}], "assistance_ids": []}
    u["reservations"].append(rid)
    return _res_out(state.reservations[rid])


def cancel_reservation(reservation_id: str, reason: CancelReason, state: State) -> Reservation:
    """Cancel a reservation before travel and refund it to the original payment method under the fare's
    rules.

    Args:
        reservation_id: the booking reference.
        reason: 'change_of_plans', 'service_cancelled', 'illness' or 'other'.
    """
    r = _reservation(state, reservation_id)
    _verified(state, r["user_id"])
    if reason not in ("change_of_plans", "service_cancelled", "illness", "other"):
        raise ValueError("reason is change_of_plans, service_cancelled, illness or other")
    if r["status"] != "confirmed":
        raise ValueError(f"Reservation {reservation_id} is {r['status']}")
    cancelled = [x for x in r["legs"] if _status(state, x["service_id"])[0] == "cancelled"]
    if reason == "service_cancelled" and not cancelled:
        raise ValueError(f"No train on {reservation_id} has been cancelled by Meridian Rail")
    if cancelled:
        amount, note = r["total_paid"], "refund: train cancelled by Meridian Rail"
    else:
        if any(_departed(x) for x in r["legs"]):
            raise ValueError("The journey has already begun; it can no longer be cancelled")
        if r["fare_type"] == "advance":
            raise ValueError("Advance tickets are non-refundable")
        amount, note = max(0.0, round(r["total_paid"] - ADMIN_FEE, 2)), "refund less 10.00 admin fee"
    r["status"] = "cancelled"
    _refund(state, r, amount, note)
    return _res_out(r)


def change_service(reservation_id: str, leg: LegName, new_service_id: str, payment_method_id: str | None = None,
                   state: State = None) -> Reservation:
    """Move one leg of a reservation to another train between the same stations. Advance tickets pay a
    10.00 fee plus any fare difference; Off-Peak tickets can only move to off-peak trains.

    Args:
        reservation_id: the booking reference.
        leg: 'outbound' or 'return'.
        new_service_id: the new train.
        payment_method_id: pays the fee and any difference.
    """
    r = _reservation(state, reservation_id)
    _verified(state, r["user_id"])
    if r["status"] != "confirmed":
        raise ValueError(f"Reservation {reservation_id} is {r['status']}")
    index = {"outbound": 0, "return": 1}.get(leg)
    if index is None or index >= len(r["legs"]):
        raise ValueError(f"Reservation {reservation_id} has no {leg} leg")
    old = r["legs"][index]
    if _departed(old):
        raise ValueError(f"The {leg} train has already left")
    s = _service(new_service_id)
    if not _calls_between(s, old["origin"], old["destination"]):
        raise ValueError(f"Service {new_service_id} does not run from {old['origin']} to {old['destination']}")
    if new_service_id == old["service_id"]:
        raise ValueError(f"The {leg} leg is already on {new_service_id}")
    if _status(state, new_service_id)[0] == "cancelled" or _at(s, old["origin"]) <= NOW:
        raise ValueError(f"Service {new_service_id} cannot be booked")
    n = len(r["passengers"])
    cost = 0.0
    new_fare = old["fare"]
    if r["fare_type"] == "off_peak" and _is_peak(s, old["origin"]):
        raise ValueError(f"Off-Peak tickets are not valid on {new_service_id}, a peak train")
    if r["fare_type"] == "advance":
        if state.advance_left.get(new_service_id, 6) < n:
            raise ValueError(f"No Advance fares left on {new_service_id}")
        new_fare = _price(old["origin"], old["destination"], r["cabin"], "advance", n, bool(r["railcard_id"]))
        cost = round(CHANGE_FEE + max(0.0, new_fare - old["fare"]), 2)
        new_fare = max(new_fare, old["fare"])
    if cost > 0:
        if payment_method_id is None:
            raise ValueError(f"This change costs {cost:.2f}; give a payment method")
        _charge(state, r["user_id"], payment_method_id, cost)
        r["payments"].append({"payment_method_id": payment_method_id, "amount": cost, "note": "change of train"})
        r["total_paid"] = round(r["total_paid"] + cost, 2)
    r["legs"][index] = {"service_id": new_service_id, "origin": old["origin"], "destination": old["destination"],
                        "departs": _at(s, old["origin"]), "arrives": _at(s, old["destination"]),
                        "fare": round(new_fare, 2), "seats": [], "bicycle": False}
    return _res_out(r)


def upgrade_cabin(reservation_id: str, payment_method_id: str, state: State) -> Reservation:
    """Upgrade the legs of a reservation not yet travelled from standard to first, paying the difference.

    Args:
        reservation_id: the booking reference.
        payment_method_id: pays the difference.
    """
    r = _reservation(state, reservation_id)
    _verified(state, r["user_id"])
    if r["status"] != "confirmed":
        raise ValueError(f"Reservation {reservation_id} is {r['status']}")
    if r["cabin"] == "first":
        raise ValueError(f"Reservation {reservation_id} is already in first")
    todo = [x for x in r["legs"] if not _departed(x)]
    if not todo:
        raise ValueError("Every train on this reservation has left")
    n = len(r["passengers"])
    cost = 0.0
    for x in todo:
        first = _price(x["origin"], x["destination"], "first", r["fare_type"], n, bool(r["railcard_id"]))
        cost += first - x["fare"]
        x["fare"] = first
    cost = round(cost, 2)
    _charge(state, r["user_id"], payment_method_id, cost)
    r["cabin"] = "first"
    r["payments"].append({"payment_method_id": payment_method_id, "amount": cost, "note": "upgrade to first"})
    r["total_paid"] = round(r["total_paid"] + cost, 2)
    return _res_out(r)


def update_passengers(reservation_id: str, passengers: list[str], state: State) -> Reservation:
    """Change the names of the passengers on a reservation (the number stays the same). Advance tickets
    are valid only for the named passengers and cannot be changed.

    Args:
        reservation_id: the booking reference.
        passengers: the travellers' full names, in the same number as before.
    """
    r = _reservation(state, reservation_id)
    _verified(state, r["user_id"])
    if r["status"] != "confirmed" or any(_departed(x) for x in r["legs"]):
        raise ValueError("Only a confirmed reservation not yet travelled can be changed")
    if r["fare_type"] == "advance":
        raise ValueError("Advance tickets are valid only for the passengers named when booked")
    names = [p.strip() for p in passengers if p.strip()]
    if len(names) != len(r["passengers"]):
        raise ValueError(f"The reservation is for {len(r['passengers'])} passengers")
    if names == r["passengers"]:
        raise ValueError("Those are already the passengers")
    if r["railcard_id"] and state.users[r["user_id"]]["name"] not in names:
        raise ValueError("The railcard holder must stay on a railcard booking")
    r["passengers"] = names
    return _res_out(r)


def apply_railcard(reservation_id: str, railcard_id: str, state: State) -> Reservation:
    """Add a railcard to a booking made without one and refund the discount (Advance and Off-Peak fares,
    before travel, the holder travelling).

    Args:
        reservation_id: the booking reference.
        railcard_id: a railcard on the account.
    """
    r = _reservation(state, reservation_id)
    _verified(state, r["user_id"])
    if r["status"] != "confirmed" or any(_departed(x) for x in r["legs"]):
        raise ValueError("Only a confirmed reservation not yet travelled can be changed")
    if r["railcard_id"]:
        raise ValueError(f"Railcard {r['railcard_id']} is already on this booking")
    if r["fare_type"] == "anytime":
        raise ValueError("Railcard discounts do not apply to Anytime fares")
    _railcard_of(state, r["user_id"], railcard_id, r["legs"][-1]["departs"][:10])
    if not _holder_travels(state, r):
        raise ValueError("The railcard holder is not travelling on this booking")
    refund = 0.0
    for x in r["legs"]:
        new = _price(x["origin"], x["destination"], r["cabin"], r["fare_type"], len(r["passengers"]), True)
        refund += x["fare"] - new
        x["fare"] = new
    r["railcard_id"] = railcard_id
    _refund(state, r, round(refund, 2), "railcard discount")
    return _res_out(r)


def reserve_seats(reservation_id: str, service_id: str, preference: SeatPreference, state: State) -> list[str]:
    """Reserve seats together for every passenger on one train of a reservation.

    Args:
        reservation_id: the booking reference.
        service_id: the train.
        preference: 'window', 'aisle', 'table' or 'quiet_coach'.

    Returns:
        The seats, e.g. ['C14', 'C15'].
    """
    r = _reservation(state, reservation_id)
    if r["status"] != "confirmed":
        raise ValueError(f"Reservation {reservation_id} is {r['status']}")
    leg = next((x for x in r["legs"] if x["service_id"] == service_id), None)
    if leg is None:
        raise ValueError(f"Service {service_id} is not on reservation {reservation_id}")
    if _departed(leg):
        raise ValueError(f"Service {service_id} has already left")
    if preference not in ("window", "aisle", "table", "quiet_coach"):
        raise ValueError("preference is window, aisle, table or quiet_coach")
    if leg["seats"]:
        raise ValueError(f"Seats {', '.join(leg['seats'])} are already reserved on {service_id}")
    coach = {"standard": {"window": "C", "aisle": "C", "table": "D", "quiet_coach": "E"}, "first": {}}
    letter = coach[r["cabin"]].get(preference, "K")
    key = f"{service_id}/{letter}"
    start = state.seat_counter.get(key, 11)
    seats = [f"{letter}{start + i}" for i in range(len(r["passengers"]))]
    state.seat_counter[key] = start + len(seats) + 1
    leg["seats"] = seats
    return list(seats)


def add_bicycle_space(reservation_id: str, service_id: str, state: State) -> str:
    """Book a bicycle space (free; two a train) on one train of a reservation.

    Args:
        reservation_id: the booking reference.
        service_id: the train.
    """
    r = _reservation(state, reservation_id)
    if r["status"] != "confirmed":
        raise ValueError(f"Reservation {reservation_id} is {r['status']}")
    leg = next((x for x in r["legs"] if x["service_id"] == service_id), None)
    if leg is None:
        raise ValueError(f"Service {service_id} is not on reservation {reservation_id}")
    if _departed(leg):
        raise ValueError(f"Service {service_id} has already left")
    if leg["bicycle"]:
        raise ValueError(f"A bicycle space is already booked on {service_id}")
    used = state.bikes.get(service_id, 0)
    if used >= 2:
        raise ValueError(f"Both bicycle spaces on {service_id} are taken")
    state.bikes[service_id] = used + 1
    leg["bicycle"] = True
    return f"Bicycle space {used + 1} of 2 booked on {service_id} ({leg['origin']} {leg['departs'][11:]})."


def resend_tickets(reservation_id: str, email: str | None = None, state: State = None) -> str:
    """E-mail the e-tickets of a confirmed reservation again.

    Args:
        reservation_id: the booking reference.
        email: send to this address instead of the account's.
    """
    r = _reservation(state, reservation_id)
    if r["status"] != "confirmed":
        raise ValueError(f"Reservation {reservation_id} is {r['status']}; there are no tickets to send")
    to = (email or state.users[r["user_id"]]["email"]).strip()
    if "@" not in to:
        raise ValueError(f"{to} is not an e-mail address")
    state.sent.append({"reservation_id": reservation_id, "to": to})
    return f"E-tickets for {reservation_id} ({len(r['passengers'])} passengers) sent to {to}."


def book_assistance(reservation_id: str, assistance: list[str], notes: str, state: State) -> AssistanceBooking:
    """Book Passenger Assist on the trains of a reservation not yet travelled, at least two hours before
    the first of them leaves.

    Args:
        reservation_id: the booking reference.
        assistance: the help needed, e.g. ['ramp'].
        notes: anything staff should know.
    """
    r = _reservation(state, reservation_id)
    if r["status"] != "confirmed":
        raise ValueError(f"Reservation {reservation_id} is {r['status']}")
    todo = [x for x in r["legs"] if not _departed(x)]
    if not todo:
        raise ValueError("Every train on this reservation has left")
    if _minutes(NOW, todo[0]["departs"]) < 120:
        raise ValueError("Passenger Assist needs at least two hours' notice")
    kinds = sorted(set(assistance))
    bad = [k for k in kinds if k not in _ASSISTANCE]
    if not kinds or bad:
        raise ValueError(f"Unknown assistance {bad[0] if bad else '(none)'}; choose from {', '.join(_ASSISTANCE)}")
    aid = _next(state, "assistance", "PA-")
    booking = {"assistance_id": aid, "reservation_id": reservation_id, "services": [x["service_id"] for x in todo],
               "assistance": kinds, "notes": notes, "status": "booked"}
    state.assistance[aid] = booking
    r["assistance_ids"].append(aid)
    return AssistanceBooking(**copy.deepcopy(booking))


def cancel_assistance(assistance_id: str, state: State) -> AssistanceBooking:
    """Cancel a Passenger Assist booking.

    Args:
        assistance_id: the assistance booking, e.g. 'PA-7701'.
    """
    a = state.assistance.get(assistance_id)
    if a is None:
        raise ValueError(f"Assistance booking {assistance_id} not found")
    if a["status"] != "booked":
        raise ValueError(f"Assistance booking {assistance_id} is {a['status']}")
    a["status"] = "cancelled"
    return AssistanceBooking(**copy.deepcopy(a))


# --------------------------------------------------------------------------- compensation and complaints


def submit_delay_repay(reservation_id: str, service_id: str, delay_minutes: int, payment_method_id: str | None = None,
                       state: State = None) -> Claim:
    """Claim Delay Repay for a train travelled in the last 28 days that arrived 15 minutes or more late:
    25% of the leg's fare for 15-29 minutes, 50% for 30-59 and 100% for 60 or more. The delay claimed
    may not exceed the delay recorded.

    Args:
        reservation_id: the booking reference.
        service_id: the delayed train.
        delay_minutes: how late the train arrived.
        payment_method_id: a card on the account (default: the one that paid).
    """
    r = _reservation(state, reservation_id)
    _verified(state, r["user_id"])
    leg = next((x for x in r["legs"] if x["service_id"] == service_id), None)
    if leg is None:
        raise ValueError(f"Service {service_id} is not on reservation {reservation_id}")
    status, recorded, _ = _status(state, service_id)
    if status != "arrived":
        raise ValueError(f"Service {service_id} has not run yet")
    if _minutes(leg["arrives"], NOW) > 28 * 24 * 60:
        raise ValueError("Delay Repay must be claimed within 28 days of travel")
    if any(c["reservation_id"] == reservation_id and c["service_id"] == service_id for c in state.claims.values()):
        raise ValueError(f"A claim for {service_id} on {reservation_id} already exists")
    if not isinstance(delay_minutes, int) or delay_minutes < 15:
        raise ValueError("Delay Repay starts at 15 minutes")
    if recorded < 15:
        raise ValueError(f"Service {service_id} was not delayed by 15 minutes or more")
    if delay_minutes > recorded:
        raise ValueError(f"The claimed delay of {delay_minutes} minutes is more than the delay recorded for "
                         f"{service_id}")
    band, share = ("60+", 1.0) if delay_minutes >= 60 else ("30-59", 0.5) if delay_minutes >= 30 else ("15-29", 0.25)
    pay_to = payment_method_id or r["payments"][0]["payment_method_id"]
    pm = _payment_method(state, r["user_id"], pay_to)
    if pm["kind"] != "card":
        raise ValueError("Delay Repay is paid to a card")
    cid = _next(state, "claim", "DR-")
    claim = {"claim_id": cid, "reservation_id": reservation_id, "service_id": service_id, "delay_band": band,
             "amount": round(leg["fare"] * share, 2), "status": "approved", "paid_to": pay_to}
    state.claims[cid] = claim
    return Claim(**claim)


def get_claim_status(claim_id: str, state: State) -> Claim:
    """The status and amount of a Delay Repay claim.

    Args:
        claim_id: the claim, e.g. 'DR-5101'.
    """
    c = state.claims.get(claim_id)
    if c is None:
        raise ValueError(f"Claim {claim_id} not found")
    return Claim(**c)


def file_complaint(user_id: str, category: ComplaintCategory, description: str, reservation_id: str | None = None,
                   state: State = None) -> Complaint:
    """Log a complaint on a customer's account.

    Args:
        user_id: the user id.
        category: what the complaint is about.
        description: the customer's account of what happened.
        reservation_id: the booking it concerns, if any.
    """
    _user(state, user_id)
    try:
        category = ComplaintCategory(category)
    except ValueError:
        raise ValueError(f"Unknown complaint category {category}") from None
    if reservation_id is not None and _reservation(state, reservation_id)["user_id"] != user_id:
        raise ValueError(f"Reservation {reservation_id} is not on this account")
    if len(description.strip()) < 10:
        raise ValueError("Describe what happened")
    cid = _next(state, "complaint", "CMP-")
    state.complaints[cid] = {"complaint_id": cid, "user_id": user_id, "category": category.value,
                             "reservation_id": reservation_id, "status": "open", "description": description}
    return Complaint(complaint_id=cid, user_id=user_id, category=category.value, reservation_id=reservation_id,
                     status="open")


def issue_travel_voucher(complaint_id: str, amount: float, state: State) -> PaymentMethod:
    """Resolve an open complaint with a goodwill travel voucher on the customer's account (one per
    complaint, within the cap for its category).

    Args:
        complaint_id: the complaint, e.g. 'CMP-30561'.
        amount: the voucher's value.
    """
    c = state.complaints.get(complaint_id)
    if c is None:
        raise ValueError(f"Complaint {complaint_id} not found")
    _verified(state, c["user_id"])
    if c["status"] != "open":
        raise ValueError(f"Complaint {complaint_id} is {c['status']}")
    cap = _VOUCHER_CAP[c["category"]]
    if not 0 < amount <= cap:
        raise ValueError(f"Goodwill for a {c['category']} complaint is at most {cap:.2f}")
    pm = _pm(_next(state, "payment", "pm_vouch_"), "voucher", f"Goodwill voucher ({complaint_id})", round(amount, 2))
    state.users[c["user_id"]]["payment_methods"].append(pm)
    c["status"] = "resolved"
    return _pm_out(pm)


# --------------------------------------------------------------------------- lost property


def report_lost_property(user_id: str, service_id: str, description: str, contact_phone: str,
                         state: State = None) -> LostReport:
    """Report an item lost on a train in the last 28 days.

    Args:
        user_id: the user id.
        service_id: the train.
        description: the item.
        contact_phone: a number to call about it.
    """
    _user(state, user_id)
    s = _service(service_id)
    if s["calls"][0][1] > NOW:
        raise ValueError(f"Service {service_id} has not run yet")
    if _minutes(s["calls"][-1][1], NOW) > 28 * 24 * 60:
        raise ValueError("Lost property is kept for 28 days")
    if len(re.sub(r"\D", "", contact_phone)) < 10:
        raise ValueError("Give a contact phone number")
    rid = _next(state, "report", "LP-")
    state.lost_reports[rid] = {"report_id": rid, "user_id": user_id, "service_id": service_id,
                               "description": description, "status": "open", "phone": contact_phone}
    return LostReport(report_id=rid, user_id=user_id, service_id=service_id, description=description, status="open")


def search_found_items(service_id: str, keyword: str | None = None, state: State = None) -> list[FoundItem]:
    """Items handed in from a train.

    Args:
        service_id: the train.
        keyword: a word in the description.
    """
    _service(service_id)
    out = []
    for iid, it in sorted(state.found_items.items()):
        if it["service_id"] == service_id and (not keyword or keyword.lower() in it["description"].lower()):
            out.append(FoundItem(item_id=iid, service_id=service_id, description=it["description"],
                                 found_at=it["found_at"], status=it["status"]))
    return out


def claim_found_item(item_id: str, report_id: str, state: State) -> Collection:
    """Match a found item to the owner's lost property report and arrange collection.

    Args:
        item_id: the found item.
        report_id: the owner's report, e.g. 'LP-20417'.
    """
    rep = state.lost_reports.get(report_id)
    if rep is None:
        raise ValueError(f"Lost property report {report_id} not found")
    _verified(state, rep["user_id"])
    it = state.found_items.get(item_id)
    if it is None:
        raise ValueError(f"Found item {item_id} not found")
    if it["service_id"] != rep["service_id"]:
        raise ValueError(f"Item {item_id} was not found on {rep['service_id']}")
    if it["status"] != "held" or rep["status"] != "open":
        raise ValueError("That item or report is already closed")
    it["status"] = "awaiting_collection"
    rep["status"] = "matched"
    ref = _next(state, "collection", "COL-")
    return Collection(collection_ref=ref, item_id=item_id, station=it["found_at"], ready_from="2028-06-15 10:00")


# --------------------------------------------------------------------------- season tickets


def quote_season_ticket(origin: str, destination: str, duration: SeasonDuration, start_date: str,
                        state: State = None) -> SeasonQuote:
    """Price a standard-class season ticket starting within the next 60 days.

    Args:
        origin: a station code.
        destination: a station code.
        duration: 'weekly', 'monthly' or 'annual'.
        start_date: YYYY-MM-DD.
    """
    for code in (origin, destination):
        if code not in STATIONS:
            raise ValueError(f"Unknown station code {code}")
    try:
        start = date.fromisoformat(start_date)
    except ValueError:
        raise ValueError("start_date is YYYY-MM-DD") from None
    if not date(2028, 6, 14) <= start <= date(2028, 8, 13):
        raise ValueError("A season ticket starts between today and 60 days ahead")
    days, factor = {"weekly": (7, 3.4), "monthly": (30, 13.0), "annual": (365, 136.0)}.get(duration, (None, None))
    if days is None:
        raise ValueError("duration is weekly, monthly or annual")
    price = round(_base_fare(origin, destination) * 0.55 * factor, 2)
    qid = _next(state, "quote", "SQ-")
    q = {"quote_id": qid, "origin": origin, "destination": destination, "duration": duration,
         "start_date": start.isoformat(), "end_date": (start + timedelta(days=days - 1)).isoformat(), "price": price,
         "valid_until": "2028-06-14 10:00"}
    state.quotes[qid] = dict(q, used=False)
    return SeasonQuote(**q)


def buy_season_ticket(user_id: str, quote_id: str, payment_method_id: str, photocard_number: str,
                      state: State = None) -> SeasonTicket:
    """Buy a quoted season ticket, paid by card, tied to the holder's photocard.

    Args:
        user_id: the user id.
        quote_id: the quote.
        payment_method_id: a card on the account.
        photocard_number: the number on the holder's photocard.
    """
    u = _user(state, user_id)
    _verified(state, user_id)
    q = state.quotes.get(quote_id)
    if q is None or q["used"]:
        raise ValueError(f"Quote {quote_id} not found or already used")
    pm = _payment_method(state, user_id, payment_method_id)
    if pm["kind"] != "card":
        raise ValueError("Season tickets are paid by card")
    if not re.fullmatch(r"PC\d{8}", photocard_number.replace(" ", "").upper()):
        raise ValueError("A photocard number is PC followed by eight digits")
    q["used"] = True
    sid = _next(state, "season", "ST-")
    t = {"season_ticket_id": sid, "user_id": user_id, "origin": q["origin"], "destination": q["destination"],
         "start_date": q["start_date"], "end_date": q["end_date"], "price": q["price"],
         "photocard_number": photocard_number.replace(" ", "").upper(), "status": "active",
         "paid_with": payment_method_id}
    state.season_tickets[sid] = t
    u["season_tickets"].append(sid)
    return SeasonTicket(**{k: v for k, v in t.items() if k != "paid_with"})


def cancel_season_ticket(season_ticket_id: str, state: State) -> SeasonTicket:
    """Cancel a season ticket before its start date, refunded less the 10.00 admin fee.

    Args:
        season_ticket_id: the season ticket, e.g. 'ST-4401'.
    """
    t = state.season_tickets.get(season_ticket_id)
    if t is None:
        raise ValueError(f"Season ticket {season_ticket_id} not found")
    _verified(state, t["user_id"])
    if t["status"] != "active":
        raise ValueError(f"Season ticket {season_ticket_id} is {t['status']}")
    if t["start_date"] <= TODAY:
        raise ValueError("A season ticket that has started is refunded by the refunds team, not here")
    t["status"] = "cancelled"
    return SeasonTicket(**{k: v for k, v in t.items() if k != "paid_with"})


# --------------------------------------------------------------------------- utilities


def calculate(expression: str) -> str:
    """Calculate the result of an arithmetic expression.

    Args:
        expression: numbers and + - * / ( ) only.
    """
    if not re.fullmatch(r"[0-9+\-*/(). ]+", expression):
        raise ValueError("Invalid characters in expression")
    try:
        return str(round(float(eval(expression, {"__builtins__": {}}, {})), 2))  # noqa: S307 - digits and operators
    except (SyntaxError, ZeroDivisionError) as exc:
        raise ValueError(f"Cannot calculate: {exc}") from None


def transfer_to_human_agents(summary: str, state: State) -> str:
    """Transfer the customer to a human agent, with a summary of the issue. Only when the request
    cannot be handled with these tools.

    Args:
        summary: a summary of the customer's issue.
    """
    state.transfers.append(summary)
    return "Transfer successful"


TOOLS = [
    find_user_id_by_email, find_user_id_by_name_postcode, get_user_details, verify_caller, update_user_contact,
    add_railcard, add_gift_card,
    search_stations, search_trains, get_service_status, list_disruptions,
    get_reservation_details, book_reservation, cancel_reservation, change_service, upgrade_cabin, update_passengers,
    apply_railcard, reserve_seats, add_bicycle_space, resend_tickets, book_assistance, cancel_assistance,
    submit_delay_repay, get_claim_status, file_complaint, issue_travel_voucher,
    report_lost_property, search_found_items, claim_found_item,
    quote_season_ticket, buy_season_ticket, cancel_season_ticket,
    calculate, transfer_to_human_agents,
]

FIXTURES = {
    "operator": {"name": "Meridian Rail", "now": "Wednesday 14 June 2028, 09:30"},
    "customers": [
        {"name": "Sara Lopez", "email": "sara.lopez@example.com", "date_of_birth": "1991-03-08",
         "postcode": "M14 5RL",
         "says": "Manchester to London on Friday morning on an Advance ticket with her 26-30 Railcard; her train "
                 "home from Euston last Saturday evening was badly late; has a Meridian gift card from her sister, "
                 "code MRGC-7F4K-22QP"},
        {"name": "Daniel Okoro", "email": "d.okoro@example.co.uk", "date_of_birth": "1984-11-22",
         "postcode": "B15 2TT",
         "says": "his Birmingham to London train tomorrow morning has been cancelled; he and his wife Grace are going "
                 "to Glasgow next Tuesday and back on Friday and want to sit together; is cycling round Loch Lomond"},
        {"name": "Margaret Hughes", "email": "m.hughes@example.org", "date_of_birth": "1949-07-30",
         "postcode": "LA1 4XQ",
         "says": "travelling Lancaster to Edinburgh on Monday; uses a wheelchair and needs a ramp; has renewed her "
                 "Senior Railcard, number 7720 1934 88, valid to 13 June 2029"},
        {"name": "Priya Raman", "email": "priya.raman@example.net", "date_of_birth": "1996-01-14",
         "postcode": "CV4 7AL", "phone": "07700 900518",
         "says": "left a black laptop bag on the 10:10 Birmingham to Euston yesterday, boarded at Coventry; starts a "
                 "new job in London on 1 July and wants a monthly season ticket from Coventry; photocard PC48213097"},
    ],
}

_FIND = "find_user_id_by_email|find_user_id_by_name_postcode"
_USER_ID = "id lookup: user id (bare string)"
_AUTH = "auth: caller verified by date of birth and postcode"

GROUND_TRUTH = (
    [(_FIND, c, _USER_ID) for c in ("get_user_details", "verify_caller", "update_user_contact", "add_railcard",
                                    "add_gift_card", "book_reservation", "file_complaint", "report_lost_property",
                                    "buy_season_ticket")]
    + [("verify_caller", c, _AUTH) for c in ("update_user_contact", "add_railcard", "add_gift_card",
                                             "book_reservation", "cancel_reservation", "change_service",
                                             "upgrade_cabin", "update_passengers", "apply_railcard",
                                             "submit_delay_repay", "issue_travel_voucher", "claim_found_item",
                                             "buy_season_ticket", "cancel_season_ticket")]
    + [
        ("get_user_details", "get_reservation_details", "id lookup: reservation id (reservations[])"),
        ("get_user_details|book_reservation", "cancel_reservation",
         "id lookup/create: reservation id (reservations[], or the new reservation_id)"),
        ("get_user_details", "change_service", "id lookup: reservation id (reservations[]) and a card for the fee"),
        ("get_user_details|book_reservation", "upgrade_cabin",
         "id lookup/create: reservation id (reservations[], or the new reservation_id) and a payment method"),
        ("get_user_details", "update_passengers", "id lookup: reservation id (reservations[])"),
        ("get_user_details", "apply_railcard",
         "id lookup: reservation id (reservations[]) and railcard id (railcards[].railcard_id)"),
        ("add_railcard", "apply_railcard", "id create: the new railcard id (railcard_id)"),
        ("add_railcard", "book_reservation", "id create: the new railcard id (railcard_id)"),
        ("get_user_details|book_reservation", "reserve_seats",
         "id lookup/create: reservation id (reservations[], or the new reservation_id)"),
        ("get_user_details|book_reservation", "add_bicycle_space",
         "id lookup/create: reservation id (reservations[], or the new reservation_id)"),
        ("get_user_details|book_reservation", "resend_tickets",
         "id lookup/create: reservation id (reservations[], or the new reservation_id)"),
        ("get_user_details|book_reservation", "book_assistance",
         "id lookup/create: reservation id (reservations[], or the new reservation_id)"),
        ("get_user_details", "submit_delay_repay", "id lookup: reservation id (reservations[])"),
        ("get_user_details|add_gift_card|issue_travel_voucher", "book_reservation",
         "id lookup/create: payment method id (payment_methods[].payment_method_id, or the new one)"),
        ("get_user_details", "buy_season_ticket", "id lookup: a card (payment_methods[].payment_method_id)"),
        ("get_user_details|buy_season_ticket", "cancel_season_ticket",
         "id lookup/create: season ticket id (season_tickets[], or the new season_ticket_id)"),
        ("search_stations", "search_trains", "vocabulary: station codes (code)"),
        ("search_stations", "quote_season_ticket", "vocabulary: station codes (code)"),
        ("search_trains", "book_reservation", "id lookup: service id (service_id)"),
        ("search_trains", "change_service", "id lookup: the new service id (service_id)"),
        ("get_reservation_details|search_trains", "reserve_seats",
         "id lookup: service id (legs[].service_id, or service_id from the timetable)"),
        ("get_reservation_details|search_trains", "add_bicycle_space",
         "id lookup: service id (legs[].service_id, or service_id from the timetable)"),
        ("get_reservation_details|search_trains|list_disruptions", "get_service_status",
         "id lookup: service id (legs[].service_id or service_id)"),
        ("get_reservation_details", "submit_delay_repay", "id lookup: service id of a leg (legs[].service_id)"),
        ("get_service_status", "submit_delay_repay", "value: the recorded delay (delay_minutes)"),
        ("submit_delay_repay", "get_claim_status", "id create: claim id (claim_id)"),
        ("book_assistance", "cancel_assistance", "id create: assistance id (assistance_id)"),
        ("file_complaint", "issue_travel_voucher", "id create: complaint id (complaint_id)"),
        ("search_trains|get_reservation_details", "report_lost_property",
         "id lookup: the train's service id (service_id or legs[].service_id)"),
        ("search_trains|get_reservation_details", "search_found_items",
         "id lookup: the train's service id (service_id or legs[].service_id)"),
        ("report_lost_property", "claim_found_item", "id create: lost property report id (report_id)"),
        ("search_found_items", "claim_found_item", "id lookup: found item id (item_id)"),
        ("quote_season_ticket", "buy_season_ticket", "id create: quote id (quote_id)"),
    ]
)

_RES_WRITES = ("cancel_reservation", "change_service", "upgrade_cabin", "update_passengers", "apply_railcard",
               "submit_delay_repay", "reserve_seats", "add_bicycle_space", "resend_tickets", "book_assistance",
               "get_reservation_details", "claim_found_item", "cancel_season_ticket", "issue_travel_voucher")
PLAUSIBLE = (
    {(f, c) for f in _FIND.split("|") for c in _RES_WRITES}
    | {("get_reservation_details", c) for c in ("cancel_reservation", "change_service", "upgrade_cabin",
                                                 "update_passengers", "apply_railcard", "book_assistance",
                                                 "resend_tickets")}
    | {("get_service_status", "cancel_reservation"), ("list_disruptions", "cancel_reservation"),
       ("list_disruptions", "file_complaint"), ("get_reservation_details", "file_complaint"),
       ("get_user_details", "file_complaint"), ("calculate", "issue_travel_voucher"), ("calculate", "change_service"),
       ("search_stations", "book_reservation"), ("search_stations", "change_service"),
       ("get_user_details", "upgrade_cabin"), ("verify_caller", "get_user_details"),
       ("get_user_details", "issue_travel_voucher"), ("get_user_details", "submit_delay_repay"),
       ("search_trains", "get_reservation_details"), ("book_reservation", "get_reservation_details"),
       ("book_assistance", "get_reservation_details"), ("report_lost_property", "search_found_items"),
       ("add_railcard", "get_user_details"), ("add_gift_card", "get_user_details"),
       ("book_reservation", "change_service"), ("book_reservation", "update_passengers"),
       ("cancel_reservation", "transfer_to_human_agents"), ("get_reservation_details", "get_claim_status"),
       ("get_service_status", "get_claim_status"), ("verify_caller", "reserve_seats")}
) - {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
