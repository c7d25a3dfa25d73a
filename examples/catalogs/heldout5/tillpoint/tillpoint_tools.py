"""TillPoint: the till, kitchen display and reservations SDK of a restaurant (40 calls).

Plain functions over an in-memory ``State`` of Osteria Lumen on a Friday evening: servers clock in
at a till with their PIN, a till opens a cash drawer session, tables take checks, items go to the
kitchen by course and come up on the stations' kitchen display (KDS) as tickets, bills are printed
and paid, and a manager's card and PIN give a single-use override for voids, comps, refunds and
reopening a closed check. Reservations, guests and the floor plan live in the same back end.
Replies are what a till SDK gives: a bare shift token or override code, bare numbers (check
numbers, guest numbers, amounts due), sentences that name the new record ("Payment P-88213 ...",
"Reservation R-2231 ..."), and rows as lists of lists (menu, floor plan, KDS tickets, a check's
lines and payments). Every refusal is raised (``PosError`` subclasses, ``ValueError``).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import enum
import hashlib
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Optional


# ----------------------------------------------------------------------------- errors

class PosError(Exception):
    """Base class of every refusal the till raises."""


class AuthError(PosError):
    pass


class NotFound(PosError):
    pass


class Conflict(PosError):
    """The record is not in a state that allows the call."""


class Rejected(PosError):
    """The input is not acceptable."""


class OutOfStock(PosError):
    pass


# ----------------------------------------------------------------------------- enums

class Area(str, enum.Enum):
    MAIN_ROOM = "main_room"
    TERRACE = "terrace"
    BAR = "bar"


class Course(str, enum.Enum):
    STARTER = "starter"
    MAIN = "main"
    DESSERT = "dessert"
    DRINKS = "drinks"


class Station(str, enum.Enum):
    GRILL = "grill"
    PIZZA = "pizza"
    COLD = "cold"
    PASTRY = "pastry"
    BAR = "bar"


class Tender(str, enum.Enum):
    CASH = "cash"
    CARD = "card"


class VoidReason(str, enum.Enum):
    WRONG_ITEM = "wrong_item"
    CHANGED_MIND = "changed_mind"
    KITCHEN_ERROR = "kitchen_error"
    DUPLICATE = "duplicate"


class CheckStatus(str, enum.Enum):
    OPEN = "open"
    BILLED = "billed"
    PAID = "paid"
    CLOSED = "closed"


SERVICE_DAY = date(2025, 5, 16)   # a Friday
NOW = "2025-05-16T19:05"

_MENU = {  # plu -> (name, price, station, course, modifiers)
    1011: ("Burrata", 9.5, "cold", "starter", ["NO-NUTS", "XTRA-OIL"]),
    1014: ("Arancini", 7.0, "grill", "starter", ["NO-SAUCE"]),
    1041: ("Margherita", 11.5, "pizza", "main", ["NO-BASIL", "GF-BASE", "XTRA-MOZZ", "ADD-NDUJA"]),
    1043: ("Diavola", 13.0, "pizza", "main", ["GF-BASE", "MILD", "XTRA-MOZZ"]),
    1052: ("Tagliata di manzo", 24.0, "grill", "main", ["RARE", "MED-RARE", "MEDIUM", "WELL-DONE", "NO-ROCKET"]),
    1055: ("Branzino al forno", 21.0, "grill", "main", ["NO-CAPERS", "SAUCE-SIDE"]),
    1071: ("Panna cotta", 6.5, "pastry", "dessert", []),
    1077: ("Tiramisu", 7.0, "pastry", "dessert", ["NO-COCOA"]),
    2003: ("Negroni", 9.0, "bar", "drinks", ["NO-ICE", "DOUBLE"]),
    2010: ("Peroni 330ml", 5.0, "bar", "drinks", []),
    2021: ("House red, glass", 6.5, "bar", "drinks", ["LARGE-GLASS"]),
}
_ALLERGENS = ("GLUTEN", "CRUSTACEAN", "EGG", "FISH", "PEANUT", "SOY", "MILK", "TREE_NUT", "CELERY", "MUSTARD",
              "SESAME", "SULPHITE", "LUPIN", "MOLLUSC")  # named in errors only
_DISCOUNTS = {"LOYAL10": 0.10, "STAFF50": 0.50, "BIRTHDAY": 0.15}  # named in errors only
_MANAGERS = {";6014920002=2612?": {"pin": "9075", "name": "Giulia Ferri"}}


def _line(no, plu, qty, course, state_, mods=()):
    name, price = _MENU[plu][0], _MENU[plu][1]
    return [no, plu, name, qty, round(price * qty, 2), course, state_, list(mods), None]


def _seed_checks() -> dict:
    return {
        4095: {"table": "TB-01", "server": "Aoife Byrne", "covers": 2, "status": "closed", "drawer": "DS-0416",
               "lines": [_line(1, 1041, 1, "main", "served"), _line(2, 1055, 1, "main", "served"),
                         _line(3, 2021, 1, "drinks", "served")],
               "payments": [["P-88190", "card", 39.0, 4.0]], "discount": 0.0, "allergens": []},
        4097: {"table": "TB-B1", "server": "Aoife Byrne", "covers": 2, "status": "paid", "drawer": "DS-0416",
               "lines": [_line(1, 2003, 2, "drinks", "served")],
               "payments": [["P-88205", "cash", 18.0, 0.0]], "discount": 0.0, "allergens": []},
        4099: {"table": "TB-09", "server": "Marco Rinaldi", "covers": 6, "status": "billed", "drawer": "DS-0416",
               "lines": [_line(1, 1043, 2, "main", "served"), _line(2, 2010, 2, "drinks", "served")],
               "payments": [], "discount": 0.0, "allergens": []},
        4102: {"table": "TB-07", "server": "Marco Rinaldi", "covers": 4, "status": "open", "drawer": "DS-0416",
               "lines": [_line(1, 1011, 1, "starter", "sent"), _line(2, 1052, 2, "main", "held", ["MED-RARE"]),
                         _line(3, 2021, 2, "drinks", "sent")],
               "payments": [], "discount": 0.0, "allergens": []},
    }


@dataclass
class State:
    """A fresh Friday service: two tills, eight tables, four checks, two KDS tickets, three guests."""

    staff: dict = field(default_factory=lambda: {
        "4821": {"name": "Marco Rinaldi", "role": "server"},
        "3390": {"name": "Aoife Byrne", "role": "server"},
        "7156": {"name": "Giulia Ferri", "role": "manager"}})
    tills: dict = field(default_factory=lambda: {1: {"name": "Front till", "drawer": None},
                                                 2: {"name": "Bar till", "drawer": None}})
    shifts: dict = field(default_factory=dict)
    overrides: dict = field(default_factory=dict)
    drawers: dict = field(default_factory=lambda: {
        "DS-0416": {"till": 2, "open": False, "float": 150.0, "cash": 168.0, "drops": 0.0}})
    tables: dict = field(default_factory=lambda: {
        "TB-01": ["1", "main_room", 2, "free"], "TB-04": ["4", "main_room", 4, "free"],
        "TB-07": ["7", "main_room", 4, "occupied"], "TB-09": ["9", "main_room", 6, "occupied"],
        "TB-12": ["12", "main_room", 4, "free"], "TB-15": ["15", "main_room", 8, "free"],
        "TB-T3": ["Terrace 3", "terrace", 4, "free"], "TB-B1": ["Bar 1", "bar", 2, "occupied"]})
    eighty_sixed: list = field(default_factory=lambda: [1077])
    guests: dict = field(default_factory=lambda: {
        501: {"name": "Daniel Okafor", "phone": "07700900123", "allergies": [],
              "history": [["2025-04-12", 4, "TB-12", 142.5], ["2025-03-01", 2, "TB-04", 71.0]]},
        502: {"name": "Hanne Solberg", "phone": "07700900456", "allergies": ["TREE_NUT"], "history": []},
        517: {"name": "Chiara Conti", "phone": "07700900789", "allergies": [],
              "history": [["2025-05-02", 6, "TB-15", 233.0]]}})
    reservations: dict = field(default_factory=lambda: {
        "R-2209": {"guest": 502, "slot": "2025-05-16T19:30", "covers": 2, "table": "TB-04", "status": "booked",
                   "notes": "Window if possible"},
        "R-2215": {"guest": 517, "slot": "2025-05-16T20:30", "covers": 6, "table": "TB-15", "status": "booked",
                   "notes": "Birthday, bring the cake at dessert"}})
    checks: dict = field(default_factory=_seed_checks)
    tickets: dict = field(default_factory=lambda: {
        "K-5514": {"station": "cold", "check": 4102, "items": ["1 x Burrata"], "age": 12, "state": "cooking"},
        "K-5516": {"station": "bar", "check": 4102, "items": ["2 x House red, glass"], "age": 14, "state": "bumped"}})
    refunds: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {
        "check": 4116, "guest": 600, "R-": 2230, "K-": 5520, "P-": 88212, "RF-": 3300, "DS-": 418})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, key: str) -> int:
    state.counters[key] += 1
    return state.counters[key]


def _shift(state: State, shift: str) -> dict:
    s = state.shifts.get(shift)
    if s is None:
        raise AuthError("not clocked in: unknown or expired shift token")
    return s


def _use_override(state: State, override: str) -> str:
    o = state.overrides.get(override)
    if o is None or o["used"]:
        raise AuthError("this needs a manager override (each override works once)")
    o["used"] = True
    return o["by"]


def _check(state: State, check_no: int) -> dict:
    c = state.checks.get(check_no)
    if c is None:
        raise NotFound(f"no check {check_no}")
    return c


def _open_check(state: State, check_no: int) -> dict:
    c = _check(state, check_no)
    if c["status"] != "open":
        raise Conflict(f"check {check_no} is {c['status']}")
    return c


def _total(c: dict) -> float:
    gross = sum(ln[4] for ln in c["lines"] if ln[6] not in ("void", "comp"))
    return round(gross * (1 - c["discount"]), 2)


def _balance(c: dict) -> float:
    return round(_total(c) - sum(p[2] for p in c["payments"]), 2)


def _line_of(c: dict, check_no: int, line_no: int) -> list:
    ln = next((x for x in c["lines"] if x[0] == line_no), None)
    if ln is None:
        raise NotFound(f"check {check_no} has no line {line_no}")
    if ln[6] in ("void", "comp"):
        raise Conflict(f"line {line_no} is already {ln[6]}")
    return ln


def _drawer_of(state: State, s: dict) -> Optional[str]:
    return state.tills[s["till"]]["drawer"]


def _payment(state: State, payment_id: str):
    for no, c in state.checks.items():
        for p in c["payments"]:
            if p[0] == payment_id:
                return no, c, p
    raise NotFound(f"no payment {payment_id}")


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text or "")


# ----------------------------------------------------------------------------- staff and tills

def clock_in(pin: str, till_no: int, state: State) -> str:
    """Start a shift at a till.

    Parameters
    ----------
    pin : str
        The staff member's four-digit PIN.
    till_no : int
        The till they are standing at (1 is the front till, 2 the bar).

    Returns
    -------
    str
        The shift token that every till action takes.
    """
    person = state.staff.get(str(pin).strip())
    if person is None:
        raise AuthError("PIN not recognised")
    if till_no not in state.tills:
        raise NotFound(f"no till {till_no}")
    token = "shf_" + hashlib.sha1(f"{pin}@{till_no}#{len(state.shifts)}".encode()).hexdigest()[:16]
    state.shifts[token] = {"pin": str(pin).strip(), "name": person["name"], "till": till_no}
    return token


def open_till(shift: str, opening_float: float, state: State) -> str:
    """Open a cash drawer session on the shift's till with a counted float.

    Parameters
    ----------
    shift : str
        Shift token.
    opening_float : float
        Cash put in the drawer, in pounds.

    Returns
    -------
    str
        A sentence naming the drawer session.
    """
    s = _shift(state, shift)
    till = state.tills[s["till"]]
    if till["drawer"] is not None:
        raise Conflict(f"till {s['till']} already has an open drawer")
    if opening_float < 0:
        raise Rejected("the float cannot be negative")
    ds = f"DS-{_next(state, 'DS-'):04d}"
    state.drawers[ds] = {"till": s["till"], "open": True, "float": float(opening_float), "cash": float(opening_float),
                         "drops": 0.0}
    till["drawer"] = ds
    return f"Till {s['till']} opened by {s['name']}: drawer session {ds}, float {opening_float:.2f}."


def manager_override(shift: str, card_swipe: str, pin: str, reason: str, state: State) -> str:
    """A manager authorises one privileged action (void, comp, refund, reopen).

    Parameters
    ----------
    shift : str
        The server's shift token.
    card_swipe : str
        What the card reader reads from the manager's card.
    pin : str
        The manager's PIN.
    reason : str
        Why, for the audit trail.

    Returns
    -------
    str
        A single-use override code.
    """
    _shift(state, shift)
    manager = _MANAGERS.get(card_swipe.strip())
    if manager is None or manager["pin"] != str(pin).strip():
        raise AuthError("manager card or PIN not recognised")
    code = "OVR-" + hashlib.sha1(f"{shift}{len(state.overrides)}".encode()).hexdigest()[:6].upper()
    state.overrides[code] = {"by": manager["name"], "reason": reason, "used": False}
    return code


# ----------------------------------------------------------------------------- reference

def floor_plan(area: Optional[Area] = None, free_only: bool = False, state: State = None) -> list:
    """Tables as ``[table_id, name, area, seats, status]`` rows; people call a table by its name."""
    want = Area(area).value if area is not None else None
    return [[tid, t[0], t[1], t[2], t[3]] for tid, t in state.tables.items()
            if (want is None or t[1] == want) and (not free_only or t[3] == "free")]


def menu(category: Optional[Course] = None, state: State = None) -> list:
    """The menu as ``[plu, name, price, station, available]`` rows, optionally one course."""
    want = Course(category).value if category is not None else None
    return [[plu, m[0], m[1], m[2], plu not in state.eighty_sixed] for plu, m in _MENU.items()
            if want is None or m[3] == want]


def modifiers_for(plu: int) -> list:
    """The modifier codes a menu item accepts (an empty list when it takes none)."""
    if plu not in _MENU:
        raise NotFound(f"no PLU {plu}")
    return list(_MENU[plu][4])


_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def to_slot(text: str) -> str:
    """A booking time as guests say it ('8pm Saturday 17 May', 'tonight 9pm') as ``YYYY-MM-DDTHH:MM``.

    Raises ValueError when there is no date or time in it, or it is outside 12:00-22:00 on the
    quarter hour.
    """
    t = text.lower().replace(",", " ")
    t = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", t)
    day = None
    m = (re.search(r"(\d{4})-(\d{2})-(\d{2})", t) or re.search(r"\b(\d{1,2})/(\d{1,2})(?:/(\d{4}))?", t)
         or re.search(r"\b(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?:\s+(\d{4}))?", t))
    if m:
        g = m.groups()
        if "-" in m.group(0):
            day = date(int(g[0]), int(g[1]), int(g[2]))
        elif "/" in m.group(0):
            day = date(int(g[2] or SERVICE_DAY.year), int(g[1]), int(g[0]))
        else:
            day = date(int(g[2] or SERVICE_DAY.year), _MONTHS.index(g[1]) + 1, int(g[0]))
        t = t[:m.start()] + " " + t[m.end():]
    elif "tomorrow" in t:
        day = SERVICE_DAY + timedelta(days=1)
    elif "tonight" in t or "today" in t:
        day = SERVICE_DAY
    else:
        named = next((i for i, d in enumerate(_DAYS) if d in t), None)
        if named is not None:
            day = SERVICE_DAY + timedelta(days=(named - SERVICE_DAY.weekday()) % 7)
    if day is None:
        raise ValueError(f"no day in {text!r}")
    tm = re.search(r"\b(\d{1,2})[:.](\d{2})\s*(am|pm)?", t) or re.search(r"\b(\d{1,2})\s*(am|pm)\b", t)
    if tm is None:
        raise ValueError(f"no time in {text!r}")
    parts = tm.groups()
    hh, mm, ampm = int(parts[0]), int(parts[1]) if len(parts) == 3 else 0, parts[-1]
    if ampm == "pm" and hh < 12:
        hh += 12
    if not (12 <= hh <= 22 and mm in (0, 15, 30, 45)) or (hh == 22 and mm):
        raise ValueError("we seat between 12:00 and 22:00, on the quarter hour")
    return f"{day.isoformat()}T{hh:02d}:{mm:02d}"


# ----------------------------------------------------------------------------- guests and reservations

def find_guest(phone: Optional[str] = None, surname: Optional[str] = None, state: State = None) -> list:
    """Guests by phone number or surname, as ``[guest_no, name, phone, visits]`` rows."""
    if not phone and not surname:
        raise Rejected("give a phone number or a surname")
    return [[no, g["name"], g["phone"], len(g["history"])] for no, g in state.guests.items()
            if (not phone or _digits(phone) == g["phone"])
            and (not surname or g["name"].lower().endswith(surname.strip().lower()))]


def add_guest(name: str, phone: str, allergies: Optional[list[str]] = None, state: State = None) -> int:
    """Register a guest; returns the bare guest number."""
    digits = _digits(phone)
    if len(digits) < 10:
        raise Rejected("phone number too short")
    if any(g["phone"] == digits for g in state.guests.values()):
        raise Conflict("a guest with that phone number exists; find them instead")
    no = _next(state, "guest")
    state.guests[no] = {"name": name.strip(), "phone": digits, "allergies": list(allergies or []), "history": []}
    return no


def guest_history(guest_no: int, state: State) -> list:
    """Past visits of a guest as ``[date, covers, table_id, spend]`` rows."""
    g = state.guests.get(guest_no)
    if g is None:
        raise NotFound(f"no guest {guest_no}")
    return [list(v) for v in g["history"]]


def _clashes(state: State, table_id: str, slot: str) -> bool:
    def minutes(s: str) -> int:
        return int(s[11:13]) * 60 + int(s[14:16])

    return any(r["table"] == table_id and r["status"] == "booked" and r["slot"][:10] == slot[:10]
               and abs(minutes(r["slot"]) - minutes(slot)) < 120 for r in state.reservations.values())


def _slot_ok(slot: str) -> bool:
    return isinstance(slot, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", slot) is not None


def check_availability(slot: str, covers: int, state: State) -> list:
    """Tables that can take a party at a slot (``YYYY-MM-DDTHH:MM``), as ``[table_id, name, seats, area]``."""
    if not _slot_ok(slot):
        raise Rejected(f"slot must be YYYY-MM-DDTHH:MM, got {slot!r}")
    if slot <= NOW:
        raise Rejected("that time has passed")
    tonight = slot[:10] == SERVICE_DAY.isoformat()
    return [[tid, t[0], t[2], t[1]] for tid, t in state.tables.items()
            if t[2] >= covers and not _clashes(state, tid, slot) and not (tonight and t[3] != "free")]


def book_table(shift: str, guest_no: int, slot: str, covers: int, table_id: str, notes: Optional[str] = None,
               state: State = None) -> str:
    """Book a table for a guest.

    Parameters
    ----------
    shift : str
        Shift token.
    guest_no : int
        The guest's number.
    slot : str
        ``YYYY-MM-DDTHH:MM``.
    covers : int
        Party size.
    table_id : str
        A table that can take the party then.
    notes : str, optional
        Free text for the host (occasions, seating wishes).

    Returns
    -------
    str
        A confirmation sentence with the reservation number.
    """
    _shift(state, shift)
    g = state.guests.get(guest_no)
    if g is None:
        raise NotFound(f"no guest {guest_no}")
    if not _slot_ok(slot) or slot <= NOW:
        raise Rejected(f"slot must be a future YYYY-MM-DDTHH:MM, got {slot!r}")
    t = state.tables.get(table_id)
    if t is None:
        raise NotFound(f"no table {table_id}")
    if t[2] < covers or _clashes(state, table_id, slot) or (slot[:10] == SERVICE_DAY.isoformat() and t[3] != "free"):
        raise Conflict(f"table {table_id} cannot take {covers} at {slot}")
    rid = f"R-{_next(state, 'R-')}"
    state.reservations[rid] = {"guest": guest_no, "slot": slot, "covers": covers, "table": table_id,
                               "status": "booked", "notes": notes}
    surname = g["name"].split()[-1]
    return f"Reservation {rid} confirmed: {surname}, {covers} covers, {slot.replace('T', ' ')}, table {table_id}."


def find_reservation(surname: str, day: Optional[str] = None, state: State = None) -> list:
    """Reservations by guest surname (and day, ``YYYY-MM-DD``) as
    ``[reservation_id, name, slot, covers, table_id, status]`` rows."""
    rows = []
    for rid, r in state.reservations.items():
        g = state.guests[r["guest"]]
        if g["name"].lower().endswith(surname.strip().lower()) and (day is None or r["slot"][:10] == day):
            rows.append([rid, g["name"], r["slot"], r["covers"], r["table"], r["status"]])
    return rows


def cancel_reservation(shift: str, reservation_id: str, reason: str, state: State) -> str:
    """Cancel a booking."""
    _shift(state, shift)
    r = state.reservations.get(reservation_id)
    if r is None:
        raise NotFound(f"no reservation {reservation_id}")
    if r["status"] != "booked":
        raise Conflict(f"reservation {reservation_id} is already {r['status']}")
    r["status"] = "cancelled"
    r["cancel_reason"] = reason
    return f"Reservation {reservation_id} cancelled."


def seat_reservation(shift: str, reservation_id: str, state: State) -> str:
    """Seat tonight's party at its table and open their check on the shift's till."""
    s = _shift(state, shift)
    r = state.reservations.get(reservation_id)
    if r is None:
        raise NotFound(f"no reservation {reservation_id}")
    if r["status"] != "booked":
        raise Conflict(f"reservation {reservation_id} is {r['status']}")
    if r["slot"][:10] != SERVICE_DAY.isoformat():
        raise Conflict(f"reservation {reservation_id} is for {r['slot'][:10]}, not tonight")
    drawer = _drawer_of(state, s)
    if drawer is None:
        raise Conflict(f"till {s['till']} has no open drawer; open the till first")
    table = state.tables[r["table"]]
    if table[3] != "free":
        raise Conflict(f"table {r['table']} is still occupied")
    no = _next(state, "check")
    state.checks[no] = {"table": r["table"], "server": s["name"], "covers": r["covers"], "status": "open",
                        "drawer": drawer, "lines": [], "payments": [], "discount": 0.0,
                        "allergens": list(state.guests[r["guest"]]["allergies"])}
    table[3] = "occupied"
    r["status"] = "seated"
    surname = state.guests[r["guest"]]["name"].split()[-1]
    return f"{surname} party of {r['covers']} seated at table {r['table']} on check {no}."


# ----------------------------------------------------------------------------- checks

def open_check(shift: str, table_id: str, covers: int, state: State) -> int:
    """Open a check on a free table.

    The shift's till must have an open drawer session.

    Parameters
    ----------
    shift : str
        Shift token.
    table_id : str
        The table.
    covers : int
        Number of guests.

    Returns
    -------
    int
        The check number.
    """
    s = _shift(state, shift)
    drawer = _drawer_of(state, s)
    if drawer is None:
        raise Conflict(f"till {s['till']} has no open drawer; open the till first")
    table = state.tables.get(table_id)
    if table is None:
        raise NotFound(f"no table {table_id}")
    if table[3] != "free":
        raise Conflict(f"table {table_id} is {table[3]}")
    if covers < 1:
        raise Rejected("covers must be at least 1")
    no = _next(state, "check")
    state.checks[no] = {"table": table_id, "server": s["name"], "covers": covers, "status": "open", "drawer": drawer,
                        "lines": [], "payments": [], "discount": 0.0, "allergens": []}
    table[3] = "occupied"
    return no


def find_checks(table_id: Optional[str] = None, status: Optional[CheckStatus] = None, state: State = None) -> list:
    """Checks as ``[check_no, table_id, server, covers, total, status]`` rows."""
    want = CheckStatus(status).value if status is not None else None
    return [[no, c["table"], c["server"], c["covers"], _total(c), c["status"]] for no, c in state.checks.items()
            if (table_id is None or c["table"] == table_id) and (want is None or c["status"] == want)]


def get_check(check_no: int, state: State) -> list:
    """One check as ``[check_no, table_id, status, covers, lines, payments, total, balance]``.

    ``lines`` are ``[line_no, plu, name, qty, amount, course, state]`` rows and ``payments`` are
    ``[payment_id, tender, amount, tip]`` rows.
    """
    c = _check(state, check_no)
    return [check_no, c["table"], c["status"], c["covers"], [ln[:7] for ln in c["lines"]],
            [list(p) for p in c["payments"]], _total(c), _balance(c)]


def add_item(shift: str, check_no: int, plu: int, qty: int = 1, course: Optional[Course] = None,
             modifiers: Optional[list[str]] = None, note: Optional[str] = None, state: State = None) -> str:
    """Ring an item onto an open check; it is held until its course is fired.

    Parameters
    ----------
    shift : str
        Shift token.
    check_no : int
        The check.
    plu : int
        The item's PLU.
    qty : int
        How many.
    course : Course, optional
        Course to hold it for (default: the item's own).
    modifiers : list of str, optional
        Modifier codes.
    note : str, optional
        Free text for the kitchen.

    Returns
    -------
    str
        A sentence with the new line number.
    """
    _shift(state, shift)
    c = _open_check(state, check_no)
    item = _MENU.get(plu)
    if item is None:
        raise NotFound(f"no PLU {plu}")
    if plu in state.eighty_sixed:
        raise OutOfStock(f"{item[0]} is 86'd")
    if qty < 1:
        raise Rejected("qty must be at least 1")
    mods = list(modifiers or [])
    bad = [x for x in mods if x not in item[4]]
    if bad:
        raise Rejected(f"modifier {bad[0]!r} is not allowed on PLU {plu}")
    crs = Course(course).value if course is not None else item[3]
    no = max((ln[0] for ln in c["lines"]), default=0) + 1
    c["lines"].append([no, plu, item[0], qty, round(item[1] * qty, 2), crs, "held", mods, note])
    extra = f" ({', '.join(mods)})" if mods else ""
    return f"Line {no}: {qty} x {item[0]}{extra} on check {check_no}, held for {crs}."


def mark_allergy(shift: str, check_no: int, allergens: list[str], seat: Optional[int] = None,
                 state: State = None) -> str:
    """Flag allergens on a check so every KDS ticket carries them."""
    _shift(state, shift)
    c = _open_check(state, check_no)
    bad = [a for a in allergens if a not in _ALLERGENS]
    if not allergens or bad:
        raise Rejected(f"unknown allergen {bad[:1]}; use one of {', '.join(_ALLERGENS)}")
    c["allergens"] = sorted(set(c["allergens"]) | set(allergens))
    where = f" (seat {seat})" if seat else ""
    return f"Check {check_no}{where} flagged: {', '.join(c['allergens'])}."


def fire_course(shift: str, check_no: int, course: Course, state: State) -> list:
    """Send a course's held items to the kitchen.

    Returns
    -------
    list
        The KDS tickets created, as ``[ticket_id, station, items]`` rows.
    """
    _shift(state, shift)
    c = _open_check(state, check_no)
    crs = Course(course).value
    held = [ln for ln in c["lines"] if ln[5] == crs and ln[6] == "held"]
    if not held:
        raise Conflict(f"nothing held for {crs} on check {check_no}")
    out = []
    for station in sorted({_MENU[ln[1]][2] for ln in held}):
        tid = f"K-{_next(state, 'K-')}"
        items = [f"{ln[3]} x {ln[2]}" + (f" ({', '.join(ln[7])})" if ln[7] else "") for ln in held
                 if _MENU[ln[1]][2] == station]
        if c["allergens"]:
            items.append("ALLERGY: " + ", ".join(c["allergens"]))
        state.tickets[tid] = {"station": station, "check": check_no, "items": items, "age": 0, "state": "cooking"}
        out.append([tid, station, items])
    for ln in held:
        ln[6] = "sent"
    return out


def kds_queue(station: Station, state: State) -> list:
    """A station's KDS screen: ``[ticket_id, check_no, table_id, items, minutes, state]`` rows, cooking first."""
    st = Station(station).value
    rows = [[tid, t["check"], state.checks[t["check"]]["table"], list(t["items"]), t["age"], t["state"]]
            for tid, t in state.tickets.items() if t["station"] == st]
    return sorted(rows, key=lambda r: r[5] != "cooking")


def bump_ticket(station: Station, ticket_id: str, state: State) -> str:
    """Clear a finished ticket from a station's screen."""
    t = state.tickets.get(ticket_id)
    if t is None or t["station"] != Station(station).value:
        raise NotFound(f"no ticket {ticket_id} at {Station(station).value}")
    if t["state"] != "cooking":
        raise Conflict(f"ticket {ticket_id} is already {t['state']}")
    t["state"] = "bumped"
    return f"Ticket {ticket_id} bumped at {t['station']} after {t['age']} min."


def recall_ticket(station: Station, ticket_id: str, state: State) -> str:
    """Bring a bumped ticket back onto a station's screen."""
    t = state.tickets.get(ticket_id)
    if t is None or t["station"] != Station(station).value:
        raise NotFound(f"no ticket {ticket_id} at {Station(station).value}")
    if t["state"] != "bumped":
        raise Conflict(f"ticket {ticket_id} is not bumped")
    t["state"] = "cooking"
    return f"Ticket {ticket_id} recalled to {t['station']}."


def eighty_six(shift: str, plu: int, state: State) -> str:
    """Mark an item as sold out so it cannot be rung in."""
    _shift(state, shift)
    if plu not in _MENU:
        raise NotFound(f"no PLU {plu}")
    if plu in state.eighty_sixed:
        raise Conflict(f"{_MENU[plu][0]} is already 86'd")
    state.eighty_sixed.append(plu)
    return f"{_MENU[plu][0]} ({plu}) is 86'd."


def restore_item(shift: str, plu: int, state: State) -> str:
    """Put a sold-out item back on sale."""
    _shift(state, shift)
    if plu not in _MENU:
        raise NotFound(f"no PLU {plu}")
    if plu not in state.eighty_sixed:
        raise Conflict(f"{_MENU[plu][0]} is not 86'd")
    state.eighty_sixed.remove(plu)
    return f"{_MENU[plu][0]} ({plu}) is back on."


def void_item(shift: str, override: str, check_no: int, line_no: int, reason: VoidReason, state: State) -> str:
    """Remove a line from an open check (manager override)."""
    _shift(state, shift)
    c = _open_check(state, check_no)
    ln = _line_of(c, check_no, line_no)
    _use_override(state, override)
    ln[6] = "void"
    ln[8] = VoidReason(reason).value
    return f"Line {line_no} voided on check {check_no} (-{ln[4]:.2f})."


def comp_item(shift: str, override: str, check_no: int, line_no: int, reason: str, state: State) -> str:
    """Give a line on the house (manager override); the reason is free text."""
    _shift(state, shift)
    c = _open_check(state, check_no)
    ln = _line_of(c, check_no, line_no)
    if len(reason.strip()) < 5:
        raise Rejected("say why the item is comped")
    _use_override(state, override)
    ln[6] = "comp"
    ln[8] = reason.strip()
    return f"Line {line_no} comped on check {check_no} (-{ln[4]:.2f})."


def apply_discount(shift: str, check_no: int, code: str, state: State) -> float:
    """Apply a discount code to an open check; returns the new total."""
    _shift(state, shift)
    c = _open_check(state, check_no)
    rate = _DISCOUNTS.get(code.strip().upper())
    if rate is None:
        raise Rejected(f"unknown discount {code!r}; codes are {', '.join(_DISCOUNTS)}")
    if c["discount"]:
        raise Conflict(f"check {check_no} already has a discount")
    c["discount"] = rate
    return _total(c)


def transfer_check(shift: str, check_no: int, to_table_id: str, state: State) -> str:
    """Move an open check (and its guests) to another free table."""
    _shift(state, shift)
    c = _open_check(state, check_no)
    target = state.tables.get(to_table_id)
    if target is None:
        raise NotFound(f"no table {to_table_id}")
    if target[3] != "free":
        raise Conflict(f"table {to_table_id} is {target[3]}")
    old = c["table"]
    state.tables[old][3] = "free"
    target[3] = "occupied"
    c["table"] = to_table_id
    return f"Check {check_no} moved from {old} to {to_table_id}."


def split_check(shift: str, check_no: int, line_nos: list[int], state: State) -> str:
    """Move some lines of an open check onto a new check at the same table."""
    _shift(state, shift)
    c = _open_check(state, check_no)
    if not isinstance(line_nos, list) or not line_nos:
        raise Rejected("line_nos must be a non-empty list")
    moving = [_line_of(c, check_no, n) for n in line_nos]
    if len(moving) >= len([ln for ln in c["lines"] if ln[6] not in ("void", "comp")]):
        raise Rejected("leave at least one line on the original check")
    no = _next(state, "check")
    state.checks[no] = {"table": c["table"], "server": c["server"], "covers": 1, "status": "open",
                        "drawer": c["drawer"], "lines": [], "payments": [], "discount": 0.0,
                        "allergens": list(c["allergens"])}
    for i, ln in enumerate(moving, 1):
        c["lines"].remove(ln)
        state.checks[no]["lines"].append([i] + ln[1:])
    return f"Lines {', '.join(str(n) for n in line_nos)} moved from check {check_no} to new check {no}."


# ----------------------------------------------------------------------------- paying

def print_bill(shift: str, check_no: int, state: State) -> float:
    """Print the bill; the check is then billed and takes no more items. Returns the amount due."""
    _shift(state, shift)
    c = _check(state, check_no)
    if c["status"] not in ("open", "billed"):
        raise Conflict(f"check {check_no} is {c['status']}")
    if not any(ln[6] not in ("void", "comp") for ln in c["lines"]):
        raise Conflict(f"check {check_no} has nothing to bill")
    c["status"] = "billed"
    return _balance(c)


def take_payment(shift: str, check_no: int, tender: Tender, amount: float, state: State) -> str:
    """Settle a billed check; the amount must be the amount due. Cash needs an open drawer.

    Returns
    -------
    str
        A sentence with the payment id and the balance left.
    """
    s = _shift(state, shift)
    c = _check(state, check_no)
    if c["status"] != "billed":
        raise Conflict(f"check {check_no} is {c['status']}; print the bill first")
    due = _balance(c)
    if round(float(amount), 2) != due:
        raise Rejected(f"amount {float(amount):.2f} is not the amount due")
    how = Tender(tender).value
    if how == "cash":
        drawer = _drawer_of(state, s)
        if drawer is None:
            raise Conflict("cash needs an open drawer on this till")
        state.drawers[drawer]["cash"] += due
    pid = f"P-{_next(state, 'P-')}"
    c["payments"].append([pid, how, due, 0.0])
    c["status"] = "paid"
    return f"Payment {pid}: {due:.2f} by {how} on check {check_no}; balance 0.00."


def adjust_tip(shift: str, payment_id: str, tip: float, state: State) -> str:
    """Add or change the tip on a card payment (at most half the payment)."""
    _shift(state, shift)
    _, _, p = _payment(state, payment_id)
    if p[1] != "card":
        raise Conflict("tips can only be adjusted on card payments")
    if not 0 <= tip <= p[2] / 2:
        raise Rejected("tip must be between 0 and half the payment")
    p[3] = round(float(tip), 2)
    return f"Tip on {payment_id} set to {p[3]:.2f}."


def close_check(shift: str, check_no: int, state: State) -> str:
    """Close a fully paid check and free its table; returns the check's new status."""
    _shift(state, shift)
    c = _check(state, check_no)
    if c["status"] == "closed":
        raise Conflict(f"check {check_no} is already closed")
    if c["status"] != "paid" or _balance(c) > 0:
        raise Conflict(f"check {check_no} has {_balance(c):.2f} outstanding")
    c["status"] = "closed"
    if state.tables[c["table"]][3] == "occupied" and not any(
            o is not c and o["table"] == c["table"] and o["status"] != "closed" for o in state.checks.values()):
        state.tables[c["table"]][3] = "free"
    return "closed"


def reopen_check(shift: str, override: str, check_no: int, state: State) -> str:
    """Reopen a closed check to correct it (manager override)."""
    _shift(state, shift)
    c = _check(state, check_no)
    if c["status"] != "closed":
        raise Conflict(f"check {check_no} is not closed")
    _use_override(state, override)
    c["status"] = "open"
    return f"Check {check_no} reopened."


def refund_payment(shift: str, override: str, payment_id: str, amount: float, reason: str, state: State) -> str:
    """Refund part or all of a payment to its tender (manager override)."""
    _shift(state, shift)
    _, _, p = _payment(state, payment_id)
    if not 0 < amount <= p[2]:
        raise Rejected("refund must be more than 0 and no more than the payment")
    _use_override(state, override)
    rf = f"RF-{_next(state, 'RF-')}"
    state.refunds[rf] = {"payment": payment_id, "amount": float(amount), "reason": reason}
    return f"Refund {rf} of {amount:.2f} to {p[1]} for {payment_id}."


def cash_drop(shift: str, drawer_session: str, amount: float, state: State) -> str:
    """Take cash out of an open drawer to the safe."""
    _shift(state, shift)
    d = state.drawers.get(drawer_session)
    if d is None or not d["open"]:
        raise NotFound(f"no open drawer session {drawer_session}")
    if not 0 < amount <= d["cash"]:
        raise Rejected("cannot drop more than the drawer holds")
    d["cash"] -= amount
    d["drops"] += amount
    return f"Drop of {amount:.2f} from {drawer_session} recorded; drawer holds {d['cash']:.2f}."


def close_till(shift: str, drawer_session: str, counted_cash: float, state: State) -> str:
    """End a drawer session with the counted cash; every check opened in it must be closed."""
    _shift(state, shift)
    d = state.drawers.get(drawer_session)
    if d is None or not d["open"]:
        raise NotFound(f"no open drawer session {drawer_session}")
    still = [no for no, c in state.checks.items() if c["drawer"] == drawer_session and c["status"] != "closed"]
    if still:
        raise Conflict(f"close these checks first: {still}")
    d["open"] = False
    state.tills[d["till"]]["drawer"] = None
    diff = round(counted_cash - d["cash"], 2)
    return (f"Z report Z-{drawer_session[3:]}: expected {d['cash']:.2f}, counted {counted_cash:.2f}, "
            f"over/short {diff:+.2f}.")


def sales_summary(drawer_session: str, state: State) -> list:
    """Takings of a drawer session as ``[tender, payments, amount, tips]`` rows."""
    if drawer_session not in state.drawers:
        raise NotFound(f"no drawer session {drawer_session}")
    rows = {"cash": [0, 0.0, 0.0], "card": [0, 0.0, 0.0]}
    for c in state.checks.values():
        if c["drawer"] == drawer_session:
            for p in c["payments"]:
                rows[p[1]][0] += 1
                rows[p[1]][1] += p[2]
                rows[p[1]][2] += p[3]
    return [[k, v[0], round(v[1], 2), round(v[2], 2)] for k, v in rows.items()]


TOOLS = [
    clock_in, open_till, manager_override,
    floor_plan, menu, modifiers_for, to_slot,
    find_guest, add_guest, guest_history, check_availability, book_table, find_reservation, cancel_reservation,
    seat_reservation,
    open_check, find_checks, get_check, add_item, mark_allergy, fire_course, kds_queue, bump_ticket, recall_ticket,
    eighty_six, restore_item, void_item, comp_item, apply_discount, transfer_check, split_check,
    print_bill, take_payment, adjust_tip, close_check, reopen_check, refund_payment, cash_drop, close_till,
    sales_summary,
]

# What a tester is handed: a server's PIN and till, the manager's card as the reader sees it and her
# PIN, the float, and what guests said (names, phone numbers, party sizes, times as they say them).
FIXTURES = {
    "server_pin": "4821",
    "till_no": 1,
    "manager_card_swipe": ";6014920002=2612?",
    "manager_pin": "9075",
    "opening_float": 150.0,
    "walk_in": {"table": "table 12", "covers": 2, "order": ["Margherita with a gluten-free base", "Peroni"]},
    "caller": {"name": "Daniel Okafor", "phone": "07700 900123", "when": "8pm Saturday 17 May", "covers": 4},
    "new_caller": {"name": "Ruairi Walsh", "phone": "07700 900999", "when": "tonight 9pm", "covers": 2,
                   "allergy": "tree nuts"},
    "regulars": ["Hanne Solberg", "Chiara Conti"],
}

_SHIFT_USERS = ["open_till", "manager_override", "book_table", "cancel_reservation", "seat_reservation", "open_check",
                "add_item", "mark_allergy", "fire_course", "eighty_six", "restore_item", "void_item", "comp_item",
                "apply_discount", "transfer_check", "split_check", "print_bill", "take_payment", "adjust_tip",
                "close_check", "reopen_check", "refund_payment", "cash_drop", "close_till"]
_OVERRIDE_USERS = ["void_item", "comp_item", "reopen_check", "refund_payment"]
_CHECK_USERS = ["get_check", "add_item", "mark_allergy", "fire_course", "void_item", "comp_item", "apply_discount",
                "transfer_check", "split_check", "print_bill", "take_payment", "close_check", "reopen_check"]

GROUND_TRUTH = (
    [("clock_in", c, "auth: shift token") for c in _SHIFT_USERS]
    + [("manager_override", c, "role: single-use manager override") for c in _OVERRIDE_USERS]
    + [("open_check|find_checks", c, "id lookup/create: check number (bare int, or rows)") for c in _CHECK_USERS]
    + [("add_item|get_check", c, "id lookup/create: line number (in a sentence, or nested lines rows)")
       for c in ("void_item", "comp_item", "split_check")]
    + [("take_payment|get_check", c, "id lookup/create: payment id (in a sentence, or nested payments rows)")
       for c in ("refund_payment", "adjust_tip")]
    + [("fire_course|kds_queue", c, "id lookup/create: KDS ticket id (rows)") for c in ("bump_ticket", "recall_ticket")]
    + [("menu", c, "id lookup: PLU (people name the dish)")
       for c in ("add_item", "eighty_six", "restore_item", "modifiers_for")]
    + [("find_guest|add_guest", c, "id lookup/create: guest number (rows, or a bare int)")
       for c in ("book_table", "guest_history")]
    + [("book_table|find_reservation", c, "id lookup/create: reservation id (in a sentence, or rows)")
       for c in ("cancel_reservation", "seat_reservation")]
    + [("open_till", c, "id create: drawer session (in a sentence)") for c in ("cash_drop", "close_till",
                                                                              "sales_summary")]
    + [("to_slot", c, "format: YYYY-MM-DDTHH:MM slot") for c in ("check_availability", "book_table")]
    + [("floor_plan", c, "id lookup: table id (people say 'table 12')") for c in ("open_check", "transfer_check")]
    + [
        ("open_till", "open_check", "state: the till needs an open drawer (with the shift, and a free table)"),
        ("open_till", "seat_reservation", "state: the till needs an open drawer"),
        ("check_availability|floor_plan", "book_table", "id lookup: a table that can take the party"),
        ("modifiers_for", "add_item", "vocabulary: modifier codes"),
        ("add_item", "fire_course", "state: the course needs held items"),
        ("add_item", "print_bill", "state: an empty check cannot be billed"),
        ("bump_ticket", "recall_ticket", "no-op: only a bumped ticket can be recalled"),
        ("eighty_six", "restore_item", "no-op: only an 86'd item can be restored"),
        ("print_bill", "take_payment", "two values: the amount due (bare number) on a billed check"),
        ("take_payment", "close_check", "state: the check must be paid"),
        ("close_check", "reopen_check", "state: only closed checks reopen"),
        ("close_check", "close_till", "state: every check of the drawer session must be closed"),
    ]
)

PLAUSIBLE = {
    *[("seat_reservation", c) for c in _CHECK_USERS],
    ("clock_in", "sales_summary"),
    *[("open_till", c) for c in ("add_item", "take_payment", "print_bill", "fire_course", "mark_allergy")],
    *[("floor_plan", c) for c in ("find_checks", "check_availability")],
    *[("get_check", c) for c in ("print_bill", "take_payment", "fire_course", "close_check", "apply_discount")],
    ("find_checks", "refund_payment"), ("find_checks", "adjust_tip"), ("open_check", "refund_payment"),
    ("open_check", "adjust_tip"), ("open_check", "bump_ticket"), ("open_check", "recall_ticket"),
    ("find_checks", "bump_ticket"), ("add_item", "bump_ticket"), ("add_item", "take_payment"),
    ("add_item", "close_check"), ("add_item", "refund_payment"), ("add_item", "adjust_tip"),
    ("menu", "fire_course"), ("menu", "print_bill"), ("modifiers_for", "fire_course"),
    ("print_bill", "close_check"), ("print_bill", "refund_payment"), ("print_bill", "adjust_tip"),
    ("take_payment", "reopen_check"), ("take_payment", "close_till"), ("print_bill", "close_till"),
    ("apply_discount", "print_bill"), ("apply_discount", "take_payment"), ("void_item", "print_bill"),
    ("comp_item", "print_bill"), ("void_item", "take_payment"), ("comp_item", "take_payment"),
    ("split_check", "print_bill"), ("find_guest", "find_reservation"), ("to_slot", "find_reservation"),
    ("add_guest", "seat_reservation"), ("find_guest", "seat_reservation"), ("check_availability", "seat_reservation"),
    ("take_payment", "sales_summary"), ("open_check", "close_till"), ("mark_allergy", "fire_course"),
}
