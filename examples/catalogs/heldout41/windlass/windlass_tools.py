"""Windlass: the booking, yard and handover system of Oxlease Wharf Narrowboats (38 calls).

Async functions over an in-memory ``State`` of the hire base's system on Friday 11 June 2038 at 09:00, a changeover
day on the Wendlecote and Cotterstock Canal. The booking office finds and registers customers, quotes holidays on
the fleet's narrowboats with extras, books them on a cruising route, takes deposits, changes routes that a stoppage
blocks, moves a booking to another boat, cancels bookings and writes to customers. Accounts chase and take
balances. The yard engineers turn returned boats round, give them their safety check, report and fix defects and
renew the boats' navigation licences. The handover crew take the security deposit on the morning of departure,
take the skipper out on a trial run through the bottom lock, send the boat off, take it back, inspect it and settle
the security deposit. The manager may do everything. The fleet, the cruising routes, the stoppages and the free
boats are public, as the website shows them.

The base's booking system sits on a CRM's REST API, and the tools pass back what it answers: a record (a pydantic
model) or a list of them, or, for a refusal, the API's error array, a list of ``CrmError`` models, each with an
``errorCode`` (``INVALID_SESSION_ID``, ``INSUFFICIENT_ACCESS``, ``NOT_FOUND``, ``REQUIRED_FIELD_MISSING``,
``INVALID_FIELD``, ``DUPLICATE_VALUE``, ``ENTITY_IS_LOCKED``, ``FIELD_CUSTOM_VALIDATION_EXCEPTION`` and the like), a
``message`` and the ``fields`` it is about: ``[CrmError(errorCode="FIELD_CUSTOM_VALIDATION_EXCEPTION",
message="HB-24012 still has 566.25 to pay; the security deposit is taken once the holiday is paid for",
fields=["booking_id"])]``. The runtime's common conventions read no such array (a list of one item that has no
``error``, ``success``, ``ok`` or word ``status``), so the module declares ``FAILURE`` (``crm_errors``: a non-empty
list whose items each hold exactly ``errorCode``, ``message`` and ``fields``; it answers ``"<errorCode>:
<message>"``). Every tool checks its own session and role (no decorator): ``_staff(state, token, "office")`` answers
the error array or the signed-in user. Replies are pydantic models and lists of them, with rows nested as lists of
lists (a booking's crew and payments, the balances due); bare values answer a balance paid (what is left to pay)
and a security deposit settled (what goes back to the customer); sentences with an id in them answer a booking
cancelled, a message sent and a sign-out.
PEP 604 annotations evaluated at definition (``str | None``, ``list[str]``, ``Booking | list[CrmError]``): a plain
``Enum`` input (``PaymentMethod``), two ``str`` ``Enum`` filters (``BookingStatus``, ``BoatStatus``), a ``Literal``
input (a defect's severity) and a ``Literal`` filter (the callouts' state), ``list[str]`` extras, crew and damage,
``bool`` checks, ``int`` nights, berths, months, lifejackets and locks, ``float`` amounts and engine hours. Plain-prose
docstrings. Ids look alike: customer ``CU-3304``, quote ``QT-8801``, booking ``HB-24017``, defect ``DF-311``, callout
``CO-552``, message ``MSG-4410``; boat ``BT-107``; route ``QTB``; stoppage ``STP-72``; extra ``PET``. The days a
holiday may start and its lengths, the deposit's share, the security deposit, the lifejackets a boat carries, the
skipper's least age, the licence terms and the trial run's lock are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel

TODAY = "2038-06-11"  # a Friday, changeover day
SECURITY_DEPOSIT = 200.0
FUEL_RATE = 2.10  # pounds an engine hour, taken from the security deposit
DEPOSIT_SHARE = 0.25
BALANCE_DAYS = 56  # the balance falls due eight weeks before the holiday
SKIPPER_AGE = 18
LICENCE_FEES = {6: 540.0, 12: 980.0}
STARTS = {4: (3, 7, 14), 0: (4, 7, 14)}  # weekday -> lengths (Friday, Monday)
EXTRAS = {  # code -> name, price
    "BIKE": ["Two bicycles with locks and helmets", 40.0],
    "HAMPER": ["Welcome hamper", 30.0],
    "PET": ["One well-behaved dog", 35.0],
    "SUP": ["Stand-up paddleboard", 45.0],
    "WIFI": ["Wi-fi dongle", 20.0],
}
ROUTES = {  # code -> name, least nights, locks, cruising hours, what it passes
    "CTR": ["Cotterstock Ring", 7, 86, 48, ["Ashlingford Flight", "Quenby Tunnel", "Scaldwell Junction"]],
    "GSR": ["Great Scaldwell Ring", 14, 140, 90, ["Ashlingford Flight", "Scaldwell Junction", "Pennyfeather Locks",
                                                  "Quenby Tunnel"]],
    "PFL": ["Pennyfeather Locks and back", 7, 48, 40, ["Pennyfeather Locks", "Scaldwell Junction"]],
    "QTB": ["Quenby Tunnel and back", 4, 22, 24, ["Quenby Tunnel"]],
    "WOB": ["Wendlecote and back", 3, 12, 16, ["Wendlecote Pound"]],
}
ROLE_NAMES = {"office": "the booking office", "accounts": "accounts", "engineer": "the yard engineers",
              "handover": "the handover crew", "manager": "the manager"}


class PaymentMethod(Enum):
    CARD = "card"
    BANK_TRANSFER = "bank_transfer"
    CHEQUE = "cheque"


class BookingStatus(str, Enum):
    PROVISIONAL = "provisional"
    CONFIRMED = "confirmed"
    PAID = "paid"
    AFLOAT = "afloat"
    RETURNED = "returned"
    CLOSED = "closed"
    CANCELLED = "cancelled"


class BoatStatus(str, Enum):
    READY = "ready"
    ON_HIRE = "on_hire"
    RETURNED = "returned"
    NEEDS_CHECK = "needs_check"
    OUT_OF_SERVICE = "out_of_service"


Severity = Literal["minor", "grounding"]
CalloutState = Literal["open", "closed", "all"]


# --------------------------------------------------------------------------- replies


class CrmError(BaseModel):
    errorCode: str
    message: str
    fields: list[str]


def crm_errors(reply: Any) -> Any:
    """A reply is a refusal when it is the API's error array: a non-empty list whose items each hold exactly
    ``errorCode``, ``message`` and ``fields``; answers ``"<errorCode>: <message>"`` (the first), else False."""
    if not isinstance(reply, list) or not reply:
        return False
    if not all(isinstance(e, dict) and set(e) == {"errorCode", "message", "fields"} for e in reply):
        return False
    return "; ".join(f"{e['errorCode']}: {e['message']}" for e in reply)


FAILURE = crm_errors


class Session(BaseModel):
    token: str
    name: str
    role: str


class BoatSummary(BaseModel):
    boat_id: str
    name: str
    berths: int
    length_ft: int
    pets_allowed: bool
    rate_per_night: float


class Route(BaseModel):
    code: str
    name: str
    least_nights: int
    locks: int
    cruising_hours: int
    passes: list[str]


class Stoppage(BaseModel):
    stoppage_id: str
    place: str
    from_date: str
    to_date: str
    reason: str


class FreeBoat(BaseModel):
    boat_id: str
    name: str
    berths: int
    pets_allowed: bool
    price: float


class Extra(BaseModel):
    code: str
    name: str
    price: float


class CustomerRow(BaseModel):
    customer_id: str
    name: str
    email: str
    postcode: str


class Customer(BaseModel):
    customer_id: str
    name: str
    email: str
    phone: str
    address: str
    postcode: str


class Quote(BaseModel):
    quote_id: str
    boat_id: str
    boat: str
    start_date: str
    end_date: str
    nights: int
    extras: list[str]
    price: float
    deposit: float
    valid_until: str


class Booking(BaseModel):
    booking_id: str
    customer_id: str
    customer: str
    boat_id: str
    boat: str
    start_date: str
    end_date: str
    nights: int
    route: str
    extras: list[str]
    total: float
    paid: float
    balance: float
    status: str


class BookingRecord(BaseModel):
    booking_id: str
    customer: str
    boat_id: str
    boat: str
    start_date: str
    end_date: str
    route: str
    status: str
    total: float
    balance: float
    crew: list[list[Any]]
    skipper_age: int | None
    payments: list[list[Any]]
    security_held: float
    trial_run: str | None
    engine_out: float | None
    engine_in: float | None


class Boat(BaseModel):
    boat_id: str
    name: str
    berths: int
    status: str
    engine_hours: float
    licence_expires: str
    last_safety_check: str | None
    open_defects: int


class Defect(BaseModel):
    defect_id: str
    boat_id: str
    boat: str
    description: str
    severity: str
    reported: str
    status: str
    work_done: str | None


class Licence(BaseModel):
    boat_id: str
    boat: str
    expires: str
    months: int
    fee: float


class TrialRun(BaseModel):
    booking_id: str
    skipper: str
    instructor: str
    locks_worked: int
    passed: bool
    notes: str


class Callout(BaseModel):
    callout_id: str
    booking_id: str
    boat: str
    location: str
    problem: str
    status: str
    outcome: str | None


class Inspection(BaseModel):
    booking_id: str
    boat: str
    damage: list[str]
    damage_charge: float
    engine_hours_run: float
    fuel_charge: float
    security_held: float
    to_refund: float


# --------------------------------------------------------------------------- state


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


def _crew(*rows: tuple) -> list[list[Any]]:
    return [list(r) for r in rows]


class State:
    """Oxlease Wharf Narrowboats' system on Friday 11 June 2038 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "philomena.r": {"name": "Philomena Rattray", "password": "Lock-Gate-41", "role": "office"},
            "bartholomew.q": {"name": "Bartholomew Quince", "password": "Towpath-Mile-8", "role": "office"},
            "crispin.h": {"name": "Crispin Haddow", "password": "Stern-Gland-19", "role": "engineer"},
            "morwenna.g": {"name": "Morwenna Gilchrist", "password": "Tiller-Pin-62", "role": "handover"},
            "evadne.p": {"name": "Evadne Pocklington", "password": "Pound-Lock-35", "role": "accounts"},
            "lysander.t": {"name": "Lysander Tuckwell", "password": "Wharf-Crane-27", "role": "manager"},
        }
        self.sessions: dict[str, dict] = {}
        self.boats = {  # boat -> name, berths, length, pets, rate, licence, status, engine hours, last check
            "BT-101": ["Meadowsweet", 2, 45, True, 130.0, "2038-12-31", "on_hire", 1820.0, "2038-06-04"],
            "BT-102": ["Damselfly", 4, 57, False, 165.0, "2038-06-15", "ready", 2210.0, "2038-06-10"],
            "BT-103": ["Pennywort", 4, 58, True, 165.0, "2039-03-31", "on_hire", 1520.0, "2038-06-04"],
            "BT-104": ["Brooklime", 6, 62, True, 210.0, "2039-01-31", "ready", 3012.5, "2038-06-10"],
            "BT-105": ["Sedge Warbler", 6, 64, False, 210.0, "2038-11-30", "out_of_service", 2788.0, "2038-06-03"],
            "BT-106": ["Dabchick", 8, 69, True, 245.0, "2039-02-28", "needs_check", 4102.0, "2038-06-03"],
            "BT-107": ["Kingcup", 6, 60, True, 210.0, "2039-04-30", "ready", 990.0, "2038-06-09"],
            "BT-108": ["Cowslip", 4, 55, True, 165.0, "2039-05-31", "returned", 2604.5, "2038-05-27"],
        }
        self.customers = {  # customer -> name, email, phone, address, postcode
            "CU-3301": ["Mr Gerald Hepplewhite", "gerald.hepplewhite@example.com", "01632 960331",
                        "3 Rookery Lane, Brasswick", "BW2 5HL"],
            "CU-3302": ["Ms Clementine Aspinall", "c.aspinall@example.net", "07700 900412", "Flat 6, 22 Mercer Street, "
                        "Holmbridge", "HB1 3QA"],
            "CU-3303": ["Dr Hamish Strathearn", "hamish.strathearn@example.org", "07700 900513",
                        "The Old Forge, Nether Quenby", "QY4 7DD"],
            "CU-3304": ["Mrs Winifred Scrope", "winifred.scrope@example.com", "01632 960374",
                        "11 Abbey Close, Cotterstock", "CT3 9PW"],
            "CU-3305": ["Mr Desmond Ogilvy", "desmond@ogilvy.example.co.uk", "07700 900655",
                        "42 Chandos Road, Holmbridge", "HB4 2LS"],
            "CU-3306": ["Mr Peregrine Oakshott", "p.oakshott@example.com", "07700 900716",
                        "Ivy Cottage, Scaldwell", "SW9 1AE"],
            "CU-3307": ["Ms Ianthe Eastwood", "juniper.eastwood@example.net", "07700 900877",
                        "5 Weavers Yard, Brasswick", "BW1 8TT"],
            "CU-3308": ["Mr Lorcan Devereux", "lorcan.devereux@example.com", "07700 900928",
                        "19 Orchard Rise, Wendlecote", "WC2 6JN"],
            "CU-3309": ["Mrs Imelda Varcoe", "imelda.varcoe@example.org", "01632 960399",
                        "Rose Villa, Ashlingford", "AF5 3BX"],
        }
        self.bookings = {
            "HB-24010": self._booking("CU-3309", "BT-108", "2038-05-28", 14, "GSR", [], 2310.0, "returned",
                                      _crew(("Imelda Varcoe", True), ("Ronald Varcoe", False)), 66, 200.0,
                                      "passed: two locks, Morwenna Gilchrist", 2560.0, 2604.5),
            "HB-24011": self._booking("CU-3301", "BT-104", TODAY, 7, "CTR", ["HAMPER"], 1500.0, "paid",
                                      _crew(("Gerald Hepplewhite", True), ("Dorcas Hepplewhite", False),
                                            ("Lucan Hepplewhite", False), ("Perpetua Hepplewhite", False)), 61),
            "HB-24012": self._booking("CU-3302", "BT-106", TODAY, 3, "WOB", ["WIFI"], 188.75, "confirmed", [], None,
                                      total=755.0),
            "HB-24013": self._booking("CU-3303", "BT-101", "2038-06-07", 7, "QTB", [], 910.0, "afloat",
                                      _crew(("Hamish Strathearn", True), ("Elspeth Strathearn", False)), 58, 200.0,
                                      "passed: one lock, Morwenna Gilchrist", 1820.0),
            "HB-24014": self._booking("CU-3306", "BT-103", "2038-06-07", 4, "WOB", ["PET"], 695.0, "afloat",
                                      _crew(("Peregrine Oakshott", True), ("Maud Oakshott", False)), 72, 200.0,
                                      "passed: one lock, Morwenna Gilchrist", 1520.0),
            "HB-24015": self._booking("CU-3307", "BT-104", "2038-06-18", 7, "CTR", ["BIKE"], 377.5, "confirmed", [],
                                      None, total=1510.0),
            "HB-24016": self._booking("CU-3305", "BT-102", TODAY, 7, "PFL", ["BIKE"], 1195.0, "paid",
                                      _crew(("Desmond Ogilvy", True), ("Fenella Ogilvy", False),
                                            ("Rory Ogilvy", False)), 55),
            "HB-24017": self._booking("CU-3304", "BT-105", TODAY, 3, "WOB", [], 630.0, "paid",
                                      _crew(("Winifred Scrope", True), ("Cedric Scrope", False),
                                            ("Agatha Lumley", False), ("Basil Lumley", False),
                                            ("Damaris Lumley", False)), 68),
            "HB-24018": self._booking("CU-3308", "BT-107", "2038-07-02", 7, "QTB", ["PET"], 0.0, "provisional", [],
                                      None, total=1505.0),
        }
        self.quotes: dict[str, list] = {}
        self.stoppages = {  # stoppage -> place, from, to, reason
            "STP-71": ["Quenby Tunnel", "2038-06-01", "2038-06-04", "Inspection of the tunnel lining"],
            "STP-72": ["Ashlingford Flight", "2038-06-21", "2038-06-25", "Top gates of lock 7 replaced"],
            "STP-73": ["Pennyfeather Locks", "2038-07-05", "2038-07-09", "Culvert repair below lock 3"],
        }
        self.defects = {  # defect -> boat, description, severity, reported, status, work done
            "DF-309": ["BT-101", "Cabin light over the dinette flickers", "minor", "2038-06-02", "fixed",
                       "Loose connection remade"],
            "DF-310": ["BT-104", "Galley tap drips", "minor", "2038-06-08", "open", None],
            "DF-311": ["BT-105", "Raw water pump leaking into the engine bilge", "grounding", "2038-06-10", "open",
                       None],
        }
        self.callouts = {  # callout -> booking, location, problem, status, outcome
            "CO-551": ["HB-24013", "Below Wendlecote bottom lock", "Propeller fouled with rope", "closed",
                       "Cleared through the weed hatch"],
        }
        self.messages: list[list] = []
        self.counters = {"token": 1, "customer": 3310, "quote": 8801, "booking": 24019, "defect": 312,
                         "callout": 552, "message": 4410}

    @staticmethod
    def _booking(customer: str, boat: str, start: str, nights: int, route: str, extras: list, paid: float,
                 status: str, crew: list, skipper_age: int | None, security: float = 0.0, trial: str | None = None,
                 out_hours: float | None = None, in_hours: float | None = None, total: float | None = None) -> dict:
        total = paid if total is None else total
        payments = []
        if paid:
            deposit = round(total * DEPOSIT_SHARE, 2)
            payments.append(["2038-01-15", "deposit", min(paid, deposit), "card"])
            if paid >= total:
                payments.append(["2038-04-01", "balance", round(total - deposit, 2), "bank_transfer"])
        if security:
            payments.append([start, "security", security, "card"])
        return {"customer": customer, "boat": boat, "start": start, "nights": nights, "route": route,
                "extras": list(extras), "total": total, "paid": paid, "status": status, "crew": crew,
                "skipper_age": skipper_age, "security": security, "trial": trial, "out": out_hours,
                "in": in_hours, "inspection": None, "payments": payments}


# --------------------------------------------------------------------------- helpers


def _err(code: str, message: str, *fields: str) -> list[CrmError]:
    return [CrmError(errorCode=code, message=message, fields=list(fields))]


def _missing(what: str, value: Any, field: str) -> list[CrmError]:
    return _err("NOT_FOUND", f"no {what} {value!r}", field)


def _rule(message: str, *fields: str) -> list[CrmError]:
    return _err("FIELD_CUSTOM_VALIDATION_EXCEPTION", message, *fields)


def _staff(state: State, token: Any, *roles: str) -> dict | list[CrmError]:
    """The signed-in user, or the API's error array when the session or the role does not allow the call (the
    manager may do everything)."""
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        return _err("INVALID_SESSION_ID", "Session expired or invalid; sign in first", "token")
    if roles and who["role"] not in roles and who["role"] != "manager":
        return _err("INSUFFICIENT_ACCESS", f"{who['name']} ({who['role']}) may not do this; it is for "
                    f"{' or '.join(ROLE_NAMES[r] for r in roles)}", "token")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _amount(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _count(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _date(value: Any) -> str | None:
    try:
        return _d(value).isoformat()
    except (TypeError, ValueError):
        return None


def _end(start: str, nights: int) -> str:
    return (_d(start) + datetime.timedelta(days=nights)).isoformat()


def _fmt(day: str) -> str:
    d = _d(day)
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B %Y')}"


def _add_months(day: str, months: int) -> str:
    d = _d(day)
    m = d.month - 1 + months
    year, month = d.year + m // 12, m % 12 + 1
    last = [31, 29 if year % 4 == 0 else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return datetime.date(year, month, min(d.day, last)).isoformat()


def _start_rule(start: str, nights: Any) -> list[CrmError] | None:
    """Holidays start on a Friday (3, 7 or 14 nights) or a Monday (4, 7 or 14 nights)."""
    lengths = STARTS.get(_d(start).weekday())
    if lengths is None:
        return _rule(f"{_fmt(start)} is no start day; holidays start on a Friday or a Monday", "start_date")
    if not _count(nights) or nights not in lengths:
        day = "Friday" if _d(start).weekday() == 4 else "Monday"
        return _rule(f"a holiday from a {day} is {', '.join(map(str, lengths[:-1]))} or {lengths[-1]} nights, "
                     f"not {nights!r}", "nights")
    return None


def _busy(state: State, boat: str, start: str, nights: int, skip: str | None = None) -> str | None:
    """The booking that holds ``boat`` on any night from ``start``, if any."""
    end = _end(start, nights)
    for bid, b in sorted(state.bookings.items()):
        if bid != skip and b["boat"] == boat and b["status"] not in ("cancelled", "closed"):
            if b["start"] < end and start < _end(b["start"], b["nights"]):
                return bid
    return None


def _blocked(state: State, route: str, start: str, nights: int) -> str | None:
    end = _end(start, nights)
    for sid, s in sorted(state.stoppages.items()):
        if s[0] in ROUTES[route][4] and s[1] < end and start <= s[2]:
            return (f"{ROUTES[route][0]} passes {s[0]}, closed from {_fmt(s[1])} to {_fmt(s[2])} ({sid}: "
                    f"{s[3].lower()})")
    return None


def _balance(b: dict) -> float:
    return round(b["total"] - b["paid"], 2)


def _deposit(b: dict) -> float:
    return round(b["total"] * DEPOSIT_SHARE, 2)


def _booking(state: State, bid: str) -> Booking:
    b = state.bookings[bid]
    return Booking(booking_id=bid, customer_id=b["customer"], customer=state.customers[b["customer"]][0],
                   boat_id=b["boat"], boat=state.boats[b["boat"]][0], start_date=b["start"],
                   end_date=_end(b["start"], b["nights"]), nights=b["nights"], route=b["route"],
                   extras=list(b["extras"]), total=b["total"], paid=b["paid"], balance=_balance(b),
                   status=b["status"])


def _record(state: State, bid: str) -> BookingRecord:
    b = state.bookings[bid]
    return BookingRecord(booking_id=bid, customer=state.customers[b["customer"]][0], boat_id=b["boat"],
                         boat=state.boats[b["boat"]][0], start_date=b["start"], end_date=_end(b["start"], b["nights"]),
                         route=f"{b['route']}: {ROUTES[b['route']][0]}", status=b["status"], total=b["total"],
                         balance=_balance(b), crew=[list(r) for r in b["crew"]], skipper_age=b["skipper_age"],
                         payments=[list(p) for p in b["payments"]], security_held=b["security"],
                         trial_run=b["trial"], engine_out=b["out"], engine_in=b["in"])


def _boat(state: State, boat: str) -> Boat:
    s = state.boats[boat]
    return Boat(boat_id=boat, name=s[0], berths=s[1], status=s[6], engine_hours=s[7], licence_expires=s[5],
                last_safety_check=s[8],
                open_defects=sum(1 for d in state.defects.values() if d[0] == boat and d[4] == "open"))


def _defect(state: State, did: str) -> Defect:
    d = state.defects[did]
    return Defect(defect_id=did, boat_id=d[0], boat=state.boats[d[0]][0], description=d[1], severity=d[2],
                  reported=d[3], status=d[4], work_done=d[5])


def _customer(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c[0], email=c[1], phone=c[2], address=c[3], postcode=c[4])


def _callout(state: State, cid: str) -> Callout:
    c = state.callouts[cid]
    b = state.bookings[c[0]]
    return Callout(callout_id=cid, booking_id=c[0], boat=state.boats[b["boat"]][0], location=c[1], problem=c[2],
                   status=c[3], outcome=c[4])


def _get_booking(state: State, bid: Any) -> dict | list[CrmError]:
    b = state.bookings.get(bid) if isinstance(bid, str) else None
    return _missing("booking", bid, "booking_id") if b is None else b


def _get_boat(state: State, boat: Any) -> list | list[CrmError]:
    s = state.boats.get(boat) if isinstance(boat, str) else None
    return _missing("boat", boat, "boat_id") if s is None else s


def _locked(bid: str, b: dict) -> list[CrmError]:
    return _err("ENTITY_IS_LOCKED", f"{bid} is {b['status']}", "booking_id")


# --------------------------------------------------------------------------- sign-in and the public calls


async def sign_in(state: State, username: str, password: str) -> Session | list[CrmError]:
    """Sign in to the base's booking system with a staff user name, such as philomena.r, and its password. The
    session's token goes with every call but the public ones; the role is office, accounts, engineer, handover or
    manager."""
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        return _err("INVALID_LOGIN", "Invalid username, password, security token; or user locked out",
                    "username", "password")
    token = f"oxw-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


async def sign_out(state: State, token: str) -> str | list[CrmError]:
    """End the session whose token is given; answers a sentence naming who was signed out."""
    who = _staff(state, token)
    if isinstance(who, list):
        return who
    state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def fleet(state: State, berths: int | None = None) -> list[BoatSummary] | list[CrmError]:
    """The hire fleet as the website shows it (public): each narrowboat's id, name, berths, length in feet,
    whether dogs are welcome and the price a night, optionally only boats that sleep at least ``berths``."""
    if berths is not None and (not _count(berths) or berths < 1):
        return _err("INVALID_FIELD", f"berths is a whole number from 1, not {berths!r}", "berths")
    return [BoatSummary(boat_id=bid, name=s[0], berths=s[1], length_ft=s[2], pets_allowed=s[3], rate_per_night=s[4])
            for bid, s in sorted(state.boats.items()) if berths is None or s[1] >= berths]


async def cruising_routes(state: State) -> list[Route]:
    """The cruising routes from Oxlease Wharf (public): each route's code, name, the least nights it takes, its
    locks, cruising hours and the flights, tunnels and junctions it passes."""
    return [Route(code=code, name=r[0], least_nights=r[1], locks=r[2], cruising_hours=r[3], passes=list(r[4]))
            for code, r in sorted(ROUTES.items())]


async def stoppages(state: State, from_date: str | None = None) -> list[Stoppage] | list[CrmError]:
    """The navigation authority's stoppages on the canal (public): each closure's id, the lock, tunnel or pound
    closed, the first and last day (YYYY-MM-DD) and why, those that end on or after ``from_date`` (default
    today)."""
    day = TODAY if from_date is None else _date(from_date)
    if day is None:
        return _err("INVALID_FIELD", f"from_date is YYYY-MM-DD, not {from_date!r}", "from_date")
    return [Stoppage(stoppage_id=sid, place=s[0], from_date=s[1], to_date=s[2], reason=s[3])
            for sid, s in sorted(state.stoppages.items()) if s[2] >= day]


async def availability(state: State, start_date: str, nights: int, berths: int = 2,
                       pets: bool = False) -> list[FreeBoat] | list[CrmError]:
    """The boats free for a holiday (public): the first day (YYYY-MM-DD), the nights, the least berths and whether
    a dog comes; each free boat's id, name, berths, whether dogs are welcome and the price for the stay."""
    day = _date(start_date)
    if day is None:
        return _err("INVALID_FIELD", f"start_date is YYYY-MM-DD, not {start_date!r}", "start_date")
    if day < TODAY:
        return _rule(f"{_fmt(day)} has gone", "start_date")
    bad = _start_rule(day, nights)
    if bad:
        return bad
    if not _count(berths) or berths < 1:
        return _err("INVALID_FIELD", f"berths is a whole number from 1, not {berths!r}", "berths")
    return [FreeBoat(boat_id=bid, name=s[0], berths=s[1], pets_allowed=s[3], price=round(s[4] * nights, 2))
            for bid, s in sorted(state.boats.items())
            if s[1] >= berths and (s[3] or not pets) and s[6] != "out_of_service"
            and _busy(state, bid, day, nights) is None]


# --------------------------------------------------------------------------- the booking office


async def extras(state: State, token: str) -> list[Extra] | list[CrmError]:
    """The extras a holiday may take, each with its code, what it is and its price for the holiday."""
    who = _staff(state, token)
    if isinstance(who, list):
        return who
    return [Extra(code=code, name=e[0], price=e[1]) for code, e in sorted(EXTRAS.items())]


async def find_customer(state: State, token: str, text: str) -> list[CustomerRow] | list[CrmError]:
    """Find customers by part of a name, an e-mail address or a postcode; each with the customer id, name, e-mail
    and postcode."""
    who = _staff(state, token, "office", "accounts", "handover")
    if isinstance(who, list):
        return who
    if _blank(text):
        return _err("REQUIRED_FIELD_MISSING", "text is required", "text")
    needle = text.strip().lower()
    return [CustomerRow(customer_id=cid, name=c[0], email=c[1], postcode=c[4])
            for cid, c in sorted(state.customers.items())
            if needle in c[0].lower() or needle in c[1].lower() or needle in c[4].lower()]


async def register_customer(state: State, token: str, name: str, email: str, phone: str, address: str,
                            postcode: str) -> Customer | list[CrmError]:
    """Register a new customer with their name, e-mail address, phone number, postal address and postcode;
    answers the customer with their new id."""
    who = _staff(state, token, "office")
    if isinstance(who, list):
        return who
    for field_name, v in (("name", name), ("email", email), ("phone", phone), ("address", address),
                          ("postcode", postcode)):
        if _blank(v):
            return _err("REQUIRED_FIELD_MISSING", f"{field_name} is required", field_name)
    if "@" not in email:
        return _err("INVALID_FIELD", f"{email!r} is no e-mail address", "email")
    for cid, c in state.customers.items():
        if c[1].lower() == email.strip().lower():
            return _err("DUPLICATE_VALUE", f"{email.strip()} belongs to {c[0]} ({cid})", "email")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = [name.strip(), email.strip(), phone.strip(), address.strip(), postcode.strip().upper()]
    return _customer(state, cid)


async def update_customer(state: State, token: str, customer_id: str, email: str | None = None,
                          phone: str | None = None, address: str | None = None,
                          postcode: str | None = None) -> Customer | list[CrmError]:
    """Change a customer's e-mail address, phone number, address or postcode (only those given); a change that
    changes nothing is refused."""
    who = _staff(state, token, "office")
    if isinstance(who, list):
        return who
    c = state.customers.get(customer_id) if isinstance(customer_id, str) else None
    if c is None:
        return _missing("customer", customer_id, "customer_id")
    new = list(c)
    for i, (field_name, v) in enumerate((("email", email), ("phone", phone), ("address", address),
                                         ("postcode", postcode)), start=1):
        if v is not None:
            if _blank(v):
                return _err("REQUIRED_FIELD_MISSING", f"{field_name} may not be blank", field_name)
            new[i] = v.strip().upper() if field_name == "postcode" else v.strip()
    if email is not None and "@" not in new[1]:
        return _err("INVALID_FIELD", f"{email!r} is no e-mail address", "email")
    if new == c:
        return _rule(f"{customer_id} has those details already", "customer_id")
    c[:] = new
    return _customer(state, customer_id)


async def email_customer(state: State, token: str, customer_id: str, subject: str, body: str) -> str | list[CrmError]:
    """E-mail a customer a message with a subject and a body; answers a sentence naming the message sent."""
    who = _staff(state, token, "office", "accounts", "handover")
    if isinstance(who, list):
        return who
    c = state.customers.get(customer_id) if isinstance(customer_id, str) else None
    if c is None:
        return _missing("customer", customer_id, "customer_id")
    if _blank(subject) or _blank(body):
        return _err("REQUIRED_FIELD_MISSING", "subject and body are required", "subject", "body")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, subject.strip(), body.strip(), who["name"]])
    return f"Message {mid} sent to {c[0]} at {c[1]}."


async def quote_holiday(state: State, token: str, boat_id: str, start_date: str, nights: int,
                        extras: list[str] = []) -> Quote | list[CrmError]:
    """Quote a holiday on a boat: the boat's id, the first day (YYYY-MM-DD), the nights and the codes of any
    extras. Answers the quote with its id, the price, the deposit and the day it is good until (seven days)."""
    who = _staff(state, token, "office")
    if isinstance(who, list):
        return who
    s = _get_boat(state, boat_id)
    if isinstance(s[0], CrmError):
        return s
    day = _date(start_date)
    if day is None:
        return _err("INVALID_FIELD", f"start_date is YYYY-MM-DD, not {start_date!r}", "start_date")
    if day < TODAY:
        return _rule(f"{_fmt(day)} has gone", "start_date")
    bad = _start_rule(day, nights)
    if bad:
        return bad
    if not isinstance(extras, list) or not all(isinstance(x, str) for x in extras):
        return _err("INVALID_FIELD", "extras is a list of extra codes", "extras")
    codes = [x.strip().upper() for x in extras]
    for code in codes:
        if code not in EXTRAS:
            return _err("INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", f"no extra {code!r}", "extras")
    if len(set(codes)) != len(codes):
        return _err("INVALID_FIELD", "an extra is named twice", "extras")
    if "PET" in codes and not s[3]:
        return _rule(f"{s[0]} takes no dogs", "extras")
    if s[6] == "out_of_service":
        return _rule(f"{s[0]} is out of service", "boat_id")
    taken = _busy(state, boat_id, day, nights)
    if taken:
        tb = state.bookings[taken]
        return _rule(f"{s[0]} is booked from {_fmt(tb['start'])} for {tb['nights']} nights ({taken})", "boat_id")
    price = round(s[4] * nights + sum(EXTRAS[c][1] for c in codes), 2)
    qid = f"QT-{_next(state, 'quote')}"
    valid = (_d(TODAY) + datetime.timedelta(days=7)).isoformat()
    state.quotes[qid] = [boat_id, day, nights, sorted(codes), price, valid, who["user"], None]
    return Quote(quote_id=qid, boat_id=boat_id, boat=s[0], start_date=day, end_date=_end(day, nights), nights=nights,
                 extras=sorted(codes), price=price, deposit=round(price * DEPOSIT_SHARE, 2), valid_until=valid)


async def make_booking(state: State, token: str, customer_id: str, quote_id: str,
                       route_code: str) -> Booking | list[CrmError]:
    """Book a quoted holiday for a customer on a cruising route (its code). The booking is provisional until the
    deposit is paid."""
    who = _staff(state, token, "office")
    if isinstance(who, list):
        return who
    if not (isinstance(customer_id, str) and customer_id in state.customers):
        return _missing("customer", customer_id, "customer_id")
    q = state.quotes.get(quote_id) if isinstance(quote_id, str) else None
    if q is None:
        return _missing("quote", quote_id, "quote_id")
    if q[7] is not None:
        return _rule(f"{quote_id} is booked already ({q[7]})", "quote_id")
    if q[5] < TODAY:
        return _rule(f"{quote_id} ran out on {_fmt(q[5])}", "quote_id")
    route = route_code.strip().upper() if isinstance(route_code, str) else route_code
    if not isinstance(route, str) or route not in ROUTES:
        return _err("INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", f"no cruising route {route_code!r}", "route_code")
    if q[2] < ROUTES[route][1]:
        return _rule(f"{ROUTES[route][0]} takes at least {ROUTES[route][1]} nights", "route_code")
    blocked = _blocked(state, route, q[1], q[2])
    if blocked:
        return _rule(blocked, "route_code")
    taken = _busy(state, q[0], q[1], q[2])
    if taken:
        return _rule(f"{state.boats[q[0]][0]} has been booked since the quote ({taken})", "quote_id")
    bid = f"HB-{_next(state, 'booking')}"
    state.bookings[bid] = State._booking(customer_id, q[0], q[1], q[2], route, q[3], 0.0, "provisional", [], None,
                                         total=q[4])
    q[7] = bid
    return _booking(state, bid)


async def bookings(state: State, token: str, status: BookingStatus | None = None,
                   start_date: str | None = None) -> list[Booking] | list[CrmError]:
    """The bookings, by booking id, optionally only those in one status (provisional, confirmed, paid, afloat,
    returned, closed, cancelled) or starting on one day (YYYY-MM-DD)."""
    who = _staff(state, token)
    if isinstance(who, list):
        return who
    st = _value(status)
    if st is not None and (not isinstance(st, str) or st not in {s.value for s in BookingStatus}):
        return _err("INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", f"no booking status {status!r}", "status")
    day = None
    if start_date is not None:
        day = _date(start_date)
        if day is None:
            return _err("INVALID_FIELD", f"start_date is YYYY-MM-DD, not {start_date!r}", "start_date")
    return [_booking(state, bid) for bid, b in sorted(state.bookings.items())
            if (st is None or b["status"] == st) and (day is None or b["start"] == day)]


async def booking_record(state: State, token: str, booking_id: str) -> BookingRecord | list[CrmError]:
    """A booking's whole record: the customer, boat, dates, route, status and money, its crew as rows of [name,
    skipper], its payments as rows of [date, kind, amount, method], the security deposit held, the trial run and
    the engine hours out and back."""
    who = _staff(state, token)
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    return _record(state, booking_id)


async def pay_deposit(state: State, token: str, booking_id: str, amount: float,
                      method: PaymentMethod) -> Booking | list[CrmError]:
    """Take the deposit on a provisional booking, by card, bank transfer or cheque; the booking is then
    confirmed."""
    who = _staff(state, token, "office", "accounts")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    m = _value(method)
    if not isinstance(m, str) or m not in {p.value for p in PaymentMethod}:
        return _err("INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", f"no payment method {method!r}", "method")
    if b["status"] != "provisional":
        if b["status"] in ("confirmed", "paid"):
            return _rule(f"{booking_id} is {b['status']}; its deposit is paid already", "booking_id")
        return _locked(booking_id, b)
    if not _amount(amount) or round(amount, 2) != _deposit(b):
        return _err("FIELD_INTEGRITY_EXCEPTION", f"the deposit is a quarter of {b['total']:.2f}, "
                    f"{_deposit(b):.2f}, not {amount!r}", "amount")
    b["paid"] = _deposit(b)
    b["status"] = "confirmed"
    b["payments"].append([TODAY, "deposit", _deposit(b), m])
    return _booking(state, booking_id)


async def pay_balance(state: State, token: str, booking_id: str, amount: float,
                      method: PaymentMethod) -> float | list[CrmError]:
    """Take all or part of the balance of a confirmed booking; answers what is still to pay (0.0 once the holiday
    is paid for, when the booking is paid)."""
    who = _staff(state, token, "office", "accounts")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    m = _value(method)
    if not isinstance(m, str) or m not in {p.value for p in PaymentMethod}:
        return _err("INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", f"no payment method {method!r}", "method")
    if b["status"] == "provisional":
        return _rule(f"{booking_id} is provisional; the deposit comes first", "booking_id")
    if b["status"] != "confirmed":
        if b["status"] in ("paid", "afloat", "returned", "closed"):
            return _rule(f"{booking_id} is paid for already", "booking_id")
        return _locked(booking_id, b)
    if not _amount(amount) or amount <= 0 or round(amount, 2) > _balance(b):
        return _err("FIELD_INTEGRITY_EXCEPTION", f"{booking_id} has {_balance(b):.2f} to pay, not {amount!r}",
                    "amount")
    b["paid"] = round(b["paid"] + amount, 2)
    b["payments"].append([TODAY, "balance", round(amount, 2), m])
    if _balance(b) == 0:
        b["status"] = "paid"
    return _balance(b)


async def balances_due(state: State, token: str) -> list[list[Any]] | list[CrmError]:
    """The confirmed bookings with a balance to pay, as rows of [booking id, customer, first day, total, paid,
    balance, due date], by booking id (a balance falls due eight weeks before the holiday)."""
    who = _staff(state, token, "office", "accounts")
    if isinstance(who, list):
        return who
    return [[bid, state.customers[b["customer"]][0], b["start"], b["total"], b["paid"], _balance(b),
             (_d(b["start"]) - datetime.timedelta(days=BALANCE_DAYS)).isoformat()]
            for bid, b in sorted(state.bookings.items()) if b["status"] == "confirmed" and _balance(b) > 0]


async def add_crew(state: State, token: str, booking_id: str, names: list[str], skipper: str,
                   skipper_age: int) -> BookingRecord | list[CrmError]:
    """Record the crew list of a booking: everyone aboard by name, which of them is the skipper and the skipper's
    age. A new list replaces the old; the same list again is refused."""
    who = _staff(state, token, "office", "handover")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["status"] not in ("provisional", "confirmed", "paid"):
        return _locked(booking_id, b)
    if not isinstance(names, list) or not names or any(_blank(n) for n in names):
        return _err("REQUIRED_FIELD_MISSING", "names is a list of everyone aboard", "names")
    crew = [n.strip() for n in names]
    if len(set(c.lower() for c in crew)) != len(crew):
        return _err("INVALID_FIELD", "a name is given twice", "names")
    berths = state.boats[b["boat"]][1]
    if len(crew) > berths:
        return _rule(f"{state.boats[b['boat']][0]} sleeps {berths}, not {len(crew)}", "names")
    if _blank(skipper) or skipper.strip().lower() not in [c.lower() for c in crew]:
        return _rule("the skipper is one of the crew named", "skipper")
    if not _count(skipper_age) or skipper_age < SKIPPER_AGE:
        return _rule(f"the skipper must be {SKIPPER_AGE} or over, not {skipper_age!r}", "skipper_age")
    rows = [[c, c.lower() == skipper.strip().lower()] for c in crew]
    if rows == b["crew"] and skipper_age == b["skipper_age"]:
        return _rule(f"{booking_id} has that crew list already", "names")
    b["crew"], b["skipper_age"] = rows, skipper_age
    return _record(state, booking_id)


async def change_route(state: State, token: str, booking_id: str, route_code: str) -> Booking | list[CrmError]:
    """Move a booking that has not set off onto another cruising route (its code), say when a stoppage closes the
    one booked."""
    who = _staff(state, token, "office")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["status"] not in ("provisional", "confirmed", "paid"):
        return _locked(booking_id, b)
    route = route_code.strip().upper() if isinstance(route_code, str) else route_code
    if not isinstance(route, str) or route not in ROUTES:
        return _err("INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", f"no cruising route {route_code!r}", "route_code")
    if route == b["route"]:
        return _rule(f"{booking_id} is on {ROUTES[route][0]} already", "route_code")
    if b["nights"] < ROUTES[route][1]:
        return _rule(f"{ROUTES[route][0]} takes at least {ROUTES[route][1]} nights", "route_code")
    blocked = _blocked(state, route, b["start"], b["nights"])
    if blocked:
        return _rule(blocked, "route_code")
    b["route"] = route
    return _booking(state, booking_id)


async def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> str | list[CrmError]:
    """Cancel a booking that has not set off, giving the reason; the deposit is kept and anything paid beyond it
    refunded. Answers a sentence with the refund."""
    who = _staff(state, token, "office")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["status"] == "cancelled":
        return _rule(f"{booking_id} is cancelled already", "booking_id")
    if b["status"] not in ("provisional", "confirmed", "paid"):
        return _locked(booking_id, b)
    if _blank(reason):
        return _err("REQUIRED_FIELD_MISSING", "reason is required", "reason")
    kept = min(b["paid"], _deposit(b))
    refund = round(b["paid"] - kept, 2)
    b["status"] = "cancelled"
    b["cancelled"] = reason.strip()
    if refund:
        b["payments"].append([TODAY, "refund", -refund, "card"])
    return (f"Booking {booking_id} for {state.customers[b['customer']][0]} on {state.boats[b['boat']][0]} from "
            f"{_fmt(b['start'])} cancelled; {refund:.2f} refunded, {kept:.2f} kept.")


async def allocate_boat(state: State, token: str, booking_id: str, boat_id: str) -> Booking | list[CrmError]:
    """Move a booking that has not set off onto another boat (its id), at the price booked; the boat must be in
    service, free for the dates and big enough."""
    who = _staff(state, token, "office")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["status"] not in ("provisional", "confirmed", "paid"):
        return _locked(booking_id, b)
    s = _get_boat(state, boat_id)
    if isinstance(s[0], CrmError):
        return s
    if boat_id == b["boat"]:
        return _rule(f"{booking_id} is on {s[0]} already", "boat_id")
    if s[6] == "out_of_service":
        return _rule(f"{s[0]} is out of service", "boat_id")
    need = len(b["crew"]) or state.boats[b["boat"]][1]
    if s[1] < need:
        return _rule(f"{s[0]} sleeps {s[1]}; {booking_id} needs {need}", "boat_id")
    if "PET" in b["extras"] and not s[3]:
        return _rule(f"{s[0]} takes no dogs", "boat_id")
    taken = _busy(state, boat_id, b["start"], b["nights"], skip=booking_id)
    if taken:
        return _rule(f"{s[0]} is taken then ({taken})", "boat_id")
    b["boat"] = boat_id
    return _booking(state, booking_id)


# --------------------------------------------------------------------------- the yard


async def boats(state: State, token: str, status: BoatStatus | None = None) -> list[Boat] | list[CrmError]:
    """The yard's list of boats, by boat id, optionally only those in one status (ready, on_hire, returned,
    needs_check, out_of_service), with the engine hours, licence expiry, last safety check and open defects."""
    who = _staff(state, token)
    if isinstance(who, list):
        return who
    st = _value(status)
    if st is not None and (not isinstance(st, str) or st not in {s.value for s in BoatStatus}):
        return _err("INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", f"no boat status {status!r}", "status")
    return [_boat(state, bid) for bid, s in sorted(state.boats.items()) if st is None or s[6] == st]


async def turnaround_boat(state: State, token: str, boat_id: str, pumped_out: bool, cleaned: bool,
                          fuel_litres: float) -> Boat | list[CrmError]:
    """Turn round a boat that has come back: the toilet tank pumped out, the boat cleaned and the diesel taken on
    in litres. The boat then waits for its safety check."""
    who = _staff(state, token, "engineer")
    if isinstance(who, list):
        return who
    s = _get_boat(state, boat_id)
    if isinstance(s[0], CrmError):
        return s
    if s[6] != "returned":
        return _rule(f"{s[0]} is {s[6].replace('_', ' ')}; a boat is turned round once it is back", "boat_id")
    if pumped_out is not True or cleaned is not True:
        return _rule("a boat is turned round once it is pumped out and cleaned", "pumped_out", "cleaned")
    if not _amount(fuel_litres) or fuel_litres < 0:
        return _err("INVALID_FIELD", f"fuel_litres is a number of litres, not {fuel_litres!r}", "fuel_litres")
    s[6] = "needs_check"
    return _boat(state, boat_id)


async def safety_check(state: State, token: str, boat_id: str, gas_ok: bool, engine_ok: bool, bilge_ok: bool,
                       lifejackets: int) -> Boat | list[CrmError]:
    """Sign off a boat's safety check before it goes out: the gas system, the engine and the bilge each passed,
    and the lifejackets aboard. A boat that passes is ready."""
    who = _staff(state, token, "engineer")
    if isinstance(who, list):
        return who
    s = _get_boat(state, boat_id)
    if isinstance(s[0], CrmError):
        return s
    if s[6] == "ready":
        return _rule(f"{s[0]} is ready already; checked on {_fmt(s[8])}", "boat_id")
    if s[6] == "out_of_service":
        open_ = [did for did, d in sorted(state.defects.items()) if d[0] == boat_id and d[4] == "open"
                 and d[2] == "grounding"]
        return _rule(f"{s[0]} is out of service with {', '.join(open_)} open", "boat_id")
    if s[6] != "needs_check":
        return _rule(f"{s[0]} is {s[6].replace('_', ' ')}; it is checked once it has been turned round", "boat_id")
    if not all(v is True for v in (gas_ok, engine_ok, bilge_ok)):
        return _rule("a boat passes with its gas, engine and bilge all sound; report a defect for what failed",
                     "gas_ok", "engine_ok", "bilge_ok")
    if not _count(lifejackets) or lifejackets < s[1]:
        return _rule(f"{s[0]} sleeps {s[1]} and carries a lifejacket a berth, not {lifejackets!r}", "lifejackets")
    s[6], s[8] = "ready", TODAY
    return _boat(state, boat_id)


async def report_defect(state: State, token: str, boat_id: str, description: str,
                        severity: Severity) -> Defect | list[CrmError]:
    """Report a defect on a boat, minor or grounding (a boat with a grounding defect is out of service until it
    is fixed); answers the defect with its id."""
    who = _staff(state, token, "engineer", "handover")
    if isinstance(who, list):
        return who
    s = _get_boat(state, boat_id)
    if isinstance(s[0], CrmError):
        return s
    if _blank(description):
        return _err("REQUIRED_FIELD_MISSING", "description is required", "description")
    if severity not in ("minor", "grounding"):
        return _err("INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", f"no severity {severity!r}", "severity")
    for did, d in state.defects.items():
        if d[0] == boat_id and d[4] == "open" and d[1].lower() == description.strip().lower():
            return _err("DUPLICATE_VALUE", f"that defect is open already ({did})", "description")
    did = f"DF-{_next(state, 'defect')}"
    state.defects[did] = [boat_id, description.strip(), severity, TODAY, "open", None]
    if severity == "grounding" and s[6] != "on_hire":
        s[6] = "out_of_service"
    return _defect(state, did)


async def defects(state: State, token: str, boat_id: str | None = None,
                  open_only: bool = True) -> list[Defect] | list[CrmError]:
    """The defects, by defect id, optionally only one boat's, open ones only unless ``open_only`` is false."""
    who = _staff(state, token)
    if isinstance(who, list):
        return who
    if boat_id is not None and (not isinstance(boat_id, str) or boat_id not in state.boats):
        return _missing("boat", boat_id, "boat_id")
    return [_defect(state, did) for did, d in sorted(state.defects.items())
            if (boat_id is None or d[0] == boat_id) and (not open_only or d[4] == "open")]


async def fix_defect(state: State, token: str, defect_id: str, work_done: str) -> Defect | list[CrmError]:
    """Close a defect with the work done; a boat out of service with no grounding defect left waits for its safety
    check."""
    who = _staff(state, token, "engineer")
    if isinstance(who, list):
        return who
    d = state.defects.get(defect_id) if isinstance(defect_id, str) else None
    if d is None:
        return _missing("defect", defect_id, "defect_id")
    if d[4] != "open":
        return _rule(f"{defect_id} is fixed already", "defect_id")
    if _blank(work_done):
        return _err("REQUIRED_FIELD_MISSING", "work_done is required", "work_done")
    d[4], d[5] = "fixed", work_done.strip()
    s = state.boats[d[0]]
    if s[6] == "out_of_service" and not any(x[0] == d[0] and x[4] == "open" and x[2] == "grounding"
                                            for x in state.defects.values()):
        s[6] = "needs_check"
    return _defect(state, defect_id)


async def renew_licence(state: State, token: str, boat_id: str, months: int) -> Licence | list[CrmError]:
    """Renew a boat's navigation licence with the navigation authority for a number of months, paid from the
    base's account; answers the new expiry and the fee."""
    who = _staff(state, token, "engineer")
    if isinstance(who, list):
        return who
    s = _get_boat(state, boat_id)
    if isinstance(s[0], CrmError):
        return s
    if not _count(months) or months not in LICENCE_FEES:
        return _rule(f"a licence runs for 6 or 12 months, not {months!r}", "months")
    if s[5] > _add_months(TODAY, 12):
        return _rule(f"{s[0]}'s licence runs to {_fmt(s[5])} already", "boat_id")
    s[5] = _add_months(max(s[5], TODAY), months)
    return Licence(boat_id=boat_id, boat=s[0], expires=s[5], months=months, fee=LICENCE_FEES[months])


# --------------------------------------------------------------------------- the handover crew


async def take_security_deposit(state: State, token: str, booking_id: str, amount: float,
                                card_last4: str) -> BookingRecord | list[CrmError]:
    """Take the security deposit on a card (its last four digits) on the morning a paid-for holiday sets off."""
    who = _staff(state, token, "handover")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["security"]:
        return _rule(f"{booking_id} has its security deposit of {b['security']:.2f} already", "booking_id")
    if b["status"] == "confirmed":
        return _rule(f"{booking_id} still has {_balance(b):.2f} to pay; the security deposit is taken once the "
                     "holiday is paid for", "booking_id")
    if b["status"] != "paid":
        return _locked(booking_id, b)
    if b["start"] != TODAY:
        return _rule(f"{booking_id} sets off on {_fmt(b['start'])}; the security deposit is taken that morning",
                     "booking_id")
    if not _amount(amount) or round(amount, 2) != SECURITY_DEPOSIT:
        return _err("FIELD_INTEGRITY_EXCEPTION", f"the security deposit is {SECURITY_DEPOSIT:.2f}, not {amount!r}",
                    "amount")
    if not (isinstance(card_last4, str) and len(card_last4) == 4 and card_last4.isdigit()):
        return _err("INVALID_FIELD", f"card_last4 is four digits, not {card_last4!r}", "card_last4")
    b["security"] = SECURITY_DEPOSIT
    b["payments"].append([TODAY, "security", SECURITY_DEPOSIT, f"card ending {card_last4}"])
    return _record(state, booking_id)


async def record_trial_run(state: State, token: str, booking_id: str, instructor: str, locks_worked: int,
                           passed: bool, notes: str = "") -> TrialRun | list[CrmError]:
    """Record the skipper's trial run on the morning of departure: who took it, the locks worked, whether the
    skipper handled the boat safely and any notes."""
    who = _staff(state, token, "handover")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["status"] not in ("confirmed", "paid"):
        return _locked(booking_id, b)
    if b["start"] != TODAY:
        return _rule(f"{booking_id} sets off on {_fmt(b['start'])}; the trial run is that morning", "booking_id")
    skipper = next((c[0] for c in b["crew"] if c[1]), None)
    if skipper is None:
        return _rule(f"{booking_id} has no crew list; the trial run is the skipper's", "booking_id")
    if _blank(instructor):
        return _err("REQUIRED_FIELD_MISSING", "instructor is required", "instructor")
    if not _count(locks_worked) or locks_worked < 1:
        return _rule(f"the trial run works the bottom lock at least, not {locks_worked!r} locks", "locks_worked")
    if not isinstance(passed, bool):
        return _err("INVALID_FIELD", "passed is true or false", "passed")
    if b["trial"] and b["trial"].startswith("passed"):
        return _rule(f"{skipper} passed the trial run already", "booking_id")
    b["trial"] = f"{'passed' if passed else 'not passed'}: {locks_worked} lock{'s' if locks_worked > 1 else ''}, " \
                 f"{instructor.strip()}"
    return TrialRun(booking_id=booking_id, skipper=skipper, instructor=instructor.strip(), locks_worked=locks_worked,
                    passed=passed, notes=notes.strip() if isinstance(notes, str) else "")


async def depart(state: State, token: str, booking_id: str, engine_hours: float) -> Booking | list[CrmError]:
    """Send a holiday off from the wharf with the engine hours on the meter; the booking is then afloat."""
    who = _staff(state, token, "handover")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["status"] == "afloat":
        return _rule(f"{booking_id} is afloat already", "booking_id")
    if b["status"] == "confirmed":
        return _rule(f"{booking_id} still has {_balance(b):.2f} to pay", "booking_id")
    if b["status"] != "paid":
        return _locked(booking_id, b)
    if b["start"] != TODAY:
        return _rule(f"{booking_id} sets off on {_fmt(b['start'])}", "booking_id")
    if not any(c[1] for c in b["crew"]):
        return _rule(f"{booking_id} has no crew list", "booking_id")
    if not (b["trial"] and b["trial"].startswith("passed")):
        return _rule(f"{booking_id}'s skipper has not passed the trial run", "booking_id")
    if not b["security"]:
        return _rule(f"{booking_id} has no security deposit taken", "booking_id")
    s = state.boats[b["boat"]]
    if s[6] != "ready":
        return _rule(f"{s[0]} is {s[6].replace('_', ' ')}, not ready", "booking_id")
    end = _end(b["start"], b["nights"])
    if s[5] < end:
        return _rule(f"{s[0]}'s navigation licence runs out on {_fmt(s[5])}, before the holiday ends", "booking_id")
    if not _amount(engine_hours) or engine_hours < s[7]:
        return _err("INVALID_FIELD", f"{s[0]}'s hour meter read {s[7]} when it was last recorded, so not "
                    f"{engine_hours!r}", "engine_hours")
    b["status"], b["out"] = "afloat", float(engine_hours)
    s[6], s[7] = "on_hire", float(engine_hours)
    return _booking(state, booking_id)


async def callout(state: State, token: str, booking_id: str, location: str, problem: str) -> Callout | list[CrmError]:
    """Log a breakdown callout from a holiday afloat: where the boat is and what is wrong; answers the callout
    with its id."""
    who = _staff(state, token, "office", "engineer")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["status"] != "afloat":
        return _rule(f"{booking_id} is {b['status']}; a callout is for a boat afloat", "booking_id")
    if _blank(location) or _blank(problem):
        return _err("REQUIRED_FIELD_MISSING", "location and problem are required", "location", "problem")
    cid = f"CO-{_next(state, 'callout')}"
    state.callouts[cid] = [booking_id, location.strip(), problem.strip(), "open", None]
    return _callout(state, cid)


async def close_callout(state: State, token: str, callout_id: str, outcome: str) -> Callout | list[CrmError]:
    """Close a callout with what the engineer found and did."""
    who = _staff(state, token, "engineer")
    if isinstance(who, list):
        return who
    c = state.callouts.get(callout_id) if isinstance(callout_id, str) else None
    if c is None:
        return _missing("callout", callout_id, "callout_id")
    if c[3] != "open":
        return _rule(f"{callout_id} is closed already", "callout_id")
    if _blank(outcome):
        return _err("REQUIRED_FIELD_MISSING", "outcome is required", "outcome")
    c[3], c[4] = "closed", outcome.strip()
    return _callout(state, callout_id)


async def callouts(state: State, token: str, state_filter: CalloutState = "open") -> list[Callout] | list[CrmError]:
    """The breakdown callouts, by callout id: open ones (the default), closed ones or all."""
    who = _staff(state, token)
    if isinstance(who, list):
        return who
    if state_filter not in ("open", "closed", "all"):
        return _err("INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", f"no callout state {state_filter!r}", "state_filter")
    return [_callout(state, cid) for cid, c in sorted(state.callouts.items())
            if state_filter == "all" or c[3] == state_filter]


async def return_boat(state: State, token: str, booking_id: str, engine_hours: float) -> Booking | list[CrmError]:
    """Take a holiday back at the wharf with the engine hours on the meter; the boat then waits to be inspected
    and turned round."""
    who = _staff(state, token, "handover")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["status"] != "afloat":
        return _rule(f"{booking_id} is {b['status']}; a boat is taken back when it is afloat", "booking_id")
    if not _amount(engine_hours) or engine_hours <= b["out"]:
        return _err("INVALID_FIELD", f"the meter read {b['out']} when {booking_id} set off, so not {engine_hours!r}",
                    "engine_hours")
    b["status"], b["in"] = "returned", float(engine_hours)
    s = state.boats[b["boat"]]
    s[6], s[7] = "returned", float(engine_hours)
    return _booking(state, booking_id)


async def inspect_return(state: State, token: str, booking_id: str, damage: list[str],
                         damage_charge: float) -> Inspection | list[CrmError]:
    """Inspect a boat that has come back: the damage found (an empty list for none) and what it costs; answers the
    fuel used, the charges and what the security deposit leaves to refund."""
    who = _staff(state, token, "handover")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["inspection"] is not None:
        return _rule(f"{booking_id} is inspected already", "booking_id")
    if b["status"] != "returned":
        return _rule(f"{booking_id} is {b['status']}; a boat is inspected once it is back", "booking_id")
    if not isinstance(damage, list) or any(_blank(x) for x in damage):
        return _err("INVALID_FIELD", "damage is a list of what was found", "damage")
    if not _amount(damage_charge) or damage_charge < 0 or (not damage and damage_charge):
        return _err("INVALID_FIELD", f"damage_charge is 0 or more, and 0 with no damage, not {damage_charge!r}",
                    "damage_charge")
    hours = round(b["in"] - b["out"], 1)
    fuel = round(hours * FUEL_RATE, 2)
    b["inspection"] = [[x.strip() for x in damage], round(damage_charge, 2), hours, fuel]
    return Inspection(booking_id=booking_id, boat=state.boats[b["boat"]][0], damage=b["inspection"][0],
                      damage_charge=round(damage_charge, 2), engine_hours_run=hours, fuel_charge=fuel,
                      security_held=b["security"], to_refund=max(0.0, round(b["security"] - fuel - damage_charge, 2)))


async def settle_security_deposit(state: State, token: str, booking_id: str) -> float | list[CrmError]:
    """Settle an inspected holiday's security deposit: the fuel and any damage are taken from it and the rest goes
    back to the card; answers the amount refunded, and the booking is closed."""
    who = _staff(state, token, "handover", "accounts")
    if isinstance(who, list):
        return who
    b = _get_booking(state, booking_id)
    if isinstance(b, list):
        return b
    if b["status"] == "closed":
        return _rule(f"{booking_id} is settled already", "booking_id")
    if b["status"] != "returned":
        return _rule(f"{booking_id} is {b['status']}; a deposit is settled once the boat is back", "booking_id")
    if b["inspection"] is None:
        return _rule(f"{booking_id} is not inspected yet", "booking_id")
    refund = max(0.0, round(b["security"] - b["inspection"][3] - b["inspection"][1], 2))
    b["payments"].append([TODAY, "security refund", -refund, "card"])
    b["status"] = "closed"
    return refund


TOOLS = [
    sign_in, sign_out, fleet, cruising_routes, stoppages, availability, extras, find_customer, register_customer,
    update_customer, email_customer, quote_holiday, make_booking, bookings, booking_record, pay_deposit, pay_balance,
    balances_due, add_crew, change_route, cancel_booking, allocate_boat, boats, turnaround_boat, safety_check,
    report_defect, defects, fix_defect, renew_licence, take_security_deposit, record_trial_run, depart, callout,
    close_callout, callouts, return_boat, inspect_return, settle_security_deposit,
]

FIXTURES = {
    "base": {"name": "Oxlease Wharf Narrowboats, on the Wendlecote and Cotterstock Canal",
             "today": "Friday 11 June 2038, nine in the morning, a changeover day"},
    "staff": [
        {"name": "Philomena Rattray", "role": "booking office", "username": "philomena.r",
         "password": "Lock-Gate-41"},
        {"name": "Bartholomew Quince", "role": "booking office", "username": "bartholomew.q",
         "password": "Towpath-Mile-8"},
        {"name": "Crispin Haddow", "role": "yard engineer", "username": "crispin.h", "password": "Stern-Gland-19"},
        {"name": "Morwenna Gilchrist", "role": "handover crew", "username": "morwenna.g",
         "password": "Tiller-Pin-62"},
        {"name": "Evadne Pocklington", "role": "accounts", "username": "evadne.p", "password": "Pound-Lock-35"},
        {"name": "Lysander Tuckwell", "role": "base manager", "username": "lysander.t",
         "password": "Wharf-Crane-27"},
    ],
    "new_customer": {
        "name": "Ms Rowena Kittermaster", "email": "rowena.kittermaster@example.com", "phone": "07700 900982",
        "address": "7 Lime Kiln Row, Brasswick", "postcode": "BW3 4RT",
        "wants": "A boat for four with her dog for a week from Friday 23 July 2038 on the Quenby Tunnel and back "
                 "route, with the dog and the bicycles as extras; the deposit paid by card now; the crew are Rowena, "
                 "Hamnet and Ottoline Kittermaster, Rowena (47) skippering",
    },
    "notes": [
        "The Hepplewhites set off today on Brooklime; their holiday is paid for, so take the security deposit "
        "on Mr Hepplewhite's card ending 4471, give him his trial run through the bottom lock and send them off",
        "Ms Aspinall sets off today on Dabchick and has still to pay her balance, 566.25, by card; Dabchick was "
        "turned round yesterday and needs its safety check (it sleeps eight and carries eight lifejackets); her "
        "crew are Clementine, Lysette and Lowen Aspinall and Tobiah Quarrington, Clementine (44) skippering",
        "Mr Ogilvy sets off today on Damselfly, whose navigation licence runs out on 15 June; renew it for a year "
        "before he goes",
        "Sedge Warbler is out of service with its raw water pump; Mrs Scrope's party of five sets off on it today, "
        "so move them to a boat that is ready",
        "Mr Oakshott brings Pennywort back this morning; the paint along the port bow is scuffed, 40 pounds",
        "Mrs Varcoe brought Cowslip back first thing; nothing damaged",
        "Ms Eastwood's Cotterstock Ring from 18 June runs into the Ashlingford Flight stoppage; move her to the "
        "Pennyfeather Locks and back route, and she will pay her balance of 1132.50 by bank transfer",
        "Mr Devereux has rung to cancel his provisional week on Kingcup from 2 July: he cannot get the week off",
        "Dr Strathearn rang from the south portal of Quenby Tunnel: the engine is overheating",
        "Dr Strathearn would like Meadowsweet again for a week from Friday 1 October on the Wendlecote and back "
        "route",
        "Mrs Scrope has a new phone number, 07700 900374",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "fleet", "cruising_routes", "stoppages", "availability")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["make_booking", "update_customer", "email_customer"]
BOOKING_CONSUMERS = ["pay_deposit", "add_crew", "change_route", "cancel_booking", "booking_record"]
TODAYS_CONSUMERS = ["allocate_boat", "take_security_deposit", "record_trial_run", "depart", "callout", "return_boat",
                    "inspect_return", "settle_security_deposit"]
BOAT_CONSUMERS = ["turnaround_boat", "safety_check", "report_defect", "renew_licence"]
_ROUTE = "vocabulary: cruising route codes (code of a cruising_routes entry)"
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or of a find_customer entry)"
_BOOKING = "id lookup/create: booking (booking_id of make_booking, or of a bookings entry)"
_TODAYS = "id lookup: a booking setting off, afloat or back (booking_id of a bookings entry)"
_BOAT = "id lookup: boat (boat_id of a boats entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("cruising_routes", c, _ROUTE) for c in ("make_booking", "change_route")]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("make_booking|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("bookings", c, _TODAYS) for c in TODAYS_CONSUMERS]
    + [("boats", c, _BOAT) for c in BOAT_CONSUMERS]
    + [
        ("extras", "quote_holiday", "vocabulary: extra codes (code of an extras entry)"),
        ("availability|fleet", "quote_holiday", "id lookup: boat (boat_id of an availability or fleet entry)"),
        ("quote_holiday", "make_booking", "id create: quote (quote_id of quote_holiday)"),
        ("balances_due|bookings", "pay_balance",
         "id lookup: booking with a balance to pay (first column of a balances_due row, or booking_id of a bookings "
         "entry)"),
        ("boats|availability", "allocate_boat",
         "id lookup: a boat ready and free (boat_id of a boats or availability entry)"),
        ("report_defect|defects", "fix_defect",
         "id lookup/create: defect (defect_id of report_defect, or of a defects entry)"),
        ("callout|callouts", "close_callout",
         "id lookup/create: callout (callout_id of callout, or of a callouts entry)"),
        ("pay_deposit", "pay_balance", "state: the booking confirmed by its deposit"),
        ("add_crew", "record_trial_run", "state: a crew list naming the skipper"),
        ("turnaround_boat", "safety_check", "state: the boat turned round, waiting for its check"),
        ("fix_defect", "safety_check", "state: the grounding defect fixed"),
        ("allocate_boat", "depart", "state: a boat in service allocated to the booking"),
        ("depart", "callout", "state: the holiday afloat"),
        ("depart", "return_boat", "state: the holiday afloat"),
        ("return_boat", "inspect_return", "state: the boat back at the wharf"),
        ("return_boat", "turnaround_boat", "state: the boat back at the wharf"),
        ("inspect_return", "settle_security_deposit", "state: the boat inspected"),
        ("cancel_booking", "quote_holiday", "state: the boat freed by a cancellation"),
        ("pay_balance", "take_security_deposit", "payment: the holiday paid for"),
        ("pay_balance", "depart", "payment: the holiday paid for"),
        ("take_security_deposit", "depart", "payment: the security deposit held"),
        ("renew_licence", "depart", "payment: the boat's navigation licence renewed to cover the holiday"),
        ("record_trial_run", "depart", "vetting: the skipper's trial run passed"),
        ("safety_check", "depart", "vetting: the boat's safety check passed"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
# the records that show a booking's id, by the stage the booking is at when they show it
_BOOKED_SHOWN = ("make_booking", "bookings", "balances_due", "booking_record", "pay_deposit", "change_route",
                 "allocate_boat", "add_crew")
_SETTING_OFF_SHOWN = ("bookings", "booking_record", "balances_due", "add_crew", "allocate_boat",
                      "take_security_deposit", "record_trial_run")
_AFLOAT_SHOWN = ("bookings", "booking_record", "depart", "callout", "callouts")
_BACK_SHOWN = ("bookings", "booking_record", "return_boat", "inspect_return")
# the records that show a boat's id: for the yard, and for quotes and moves
_YARD_SHOWN = ("fleet", "boats", "bookings", "booking_record", "defects", "report_defect", "fix_defect",
               "safety_check", "turnaround_boat", "renew_licence", "return_boat", "depart")
_FREE_SHOWN = ("fleet", "availability", "boats", "bookings", "booking_record", "quote_holiday")
_BOOKING_CHANGES = ("make_booking", "pay_deposit", "pay_balance", "add_crew", "change_route", "cancel_booking",
                    "allocate_boat", "take_security_deposit", "record_trial_run", "depart", "return_boat",
                    "inspect_return", "settle_security_deposit")
_BOAT_CHANGES = ("turnaround_boat", "safety_check", "report_defect", "fix_defect", "renew_licence", "depart",
                 "return_boat", "allocate_boat", "cancel_booking", "make_booking")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: bookings on the records that show them at the stage each
    # consumer needs (booked, setting off, afloat, back); boats on the fleet, the free boats, quotes, bookings and the
    # yard's records; customers on bookings; defects and callouts on their own records; routes and extras on quotes
    # and bookings
    {(p, c) for p in _BOOKED_SHOWN
     for c in ("pay_deposit", "pay_balance", "add_crew", "change_route", "cancel_booking", "booking_record",
               "allocate_boat")}
    | {(p, c) for p in _SETTING_OFF_SHOWN for c in ("take_security_deposit", "record_trial_run", "depart")}
    | {(p, c) for p in _AFLOAT_SHOWN for c in ("callout", "return_boat")}
    | {(p, c) for p in _BACK_SHOWN for c in ("inspect_return", "settle_security_deposit")}
    | {(p, c) for p in _YARD_SHOWN for c in BOAT_CONSUMERS + ["defects"]}
    | {(p, c) for p in _FREE_SHOWN for c in ("quote_holiday", "allocate_boat")}
    | {(p, c) for p in ("find_customer", "register_customer", "update_customer", "make_booking", "bookings")
       for c in CUSTOMER_CONSUMERS}
    | {(p, "fix_defect") for p in ("defects", "report_defect", "fix_defect")}
    | {(p, "close_callout") for p in ("callout", "callouts", "close_callout")}
    | {(p, c) for p in ("make_booking", "bookings", "change_route", "booking_record")
       for c in ("make_booking", "change_route")}
    | {(p, "quote_holiday") for p in ("quote_holiday", "make_booking", "bookings")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("add_crew", "depart"), ("availability", "make_booking"), ("balances_due", "depart"),
        ("balances_due", "take_security_deposit"), ("boats", "depart"), ("boats", "fix_defect"),
        ("bookings", "close_callout"), ("bookings", "quote_holiday"), ("bookings", "turnaround_boat"),
        ("cruising_routes", "add_crew"), ("cruising_routes", "booking_record"), ("cruising_routes", "cancel_booking"),
        ("cruising_routes", "pay_deposit"), ("defects", "safety_check"), ("extras", "make_booking"),
        ("make_booking", "pay_balance"), ("quote_holiday", "add_crew"), ("quote_holiday", "booking_record"),
        ("quote_holiday", "cancel_booking"), ("quote_holiday", "change_route"), ("quote_holiday", "pay_deposit"),
        ("record_trial_run", "callout"), ("record_trial_run", "return_boat"), ("register_customer", "add_crew"),
        ("register_customer", "booking_record"), ("register_customer", "cancel_booking"),
        ("register_customer", "change_route"), ("register_customer", "pay_deposit"),
        ("take_security_deposit", "callout"), ("take_security_deposit", "return_boat"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in _BOOKING_CHANGES for c in ("bookings", "booking_record", "balances_due")}
    | {(p, c) for p in _BOAT_CHANGES for c in ("boats", "availability")}
    | {(p, "defects") for p in ("report_defect", "fix_defect")}
    | {(p, "callouts") for p in ("callout", "close_callout")}
    | {(p, "find_customer") for p in ("register_customer", "update_customer")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
