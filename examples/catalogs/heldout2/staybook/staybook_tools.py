"""StayBook: the front-desk API of a small hotel group's property-management system (40 tools).

Staff sign in (password or badge and PIN), open a session on one property, find or create guest
profiles, quote availability, book, change and cancel reservations, run housekeeping and
maintenance, assign rooms, pre-authorize a card held in the payment vault, check guests in, issue
key cards, post and void folio charges, settle, check out, and run the loyalty programme.
Plain Python functions over an in-memory ``HotelState``; the business date is 2025-06-14.

Conventions, as such a back end has them: a bad staff token or property session raises
``AuthError``; reservation, guest and room endpoints refuse with ``{"error": ...}`` dicts; the
payment vault and folios raise ``PaymentError``; key cards raise ``KeyCardError``; malformed dates
raise ``ValueError``. Room-type codes, rate codes, country codes and flight-number formats are only
spelled out by the error messages.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it; the text of ``what`` before its first ``:`` is the kind.
"""

import enum
import hashlib
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Literal, Optional

TODAY = "2025-06-14"
_ROOM_TYPES = {"DBL": ("Double, river view", 2, 145.0), "TWN": ("Twin, city view", 2, 125.0),
               "STE": ("Junior suite", 3, 260.0)}
_RATES = {"DBL": [["BAR-D", 1.0, True], ["NRF-D", 0.85, False]], "TWN": [["BAR-T", 1.0, True]],
          "STE": [["FLX-S", 1.0, True], ["NRF-S", 0.85, False]]}
_COUNTRIES = {"PT": "351", "ES": "34", "DE": "49", "FR": "33", "GB": "44"}
_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december"]


class AuthError(Exception):
    """The staff token or property session is missing, wrong or expired."""


class PaymentError(Exception):
    """The payment vault or a folio refused the operation."""


class KeyCardError(Exception):
    """The key-card encoder refused the operation."""


class Channel(enum.Enum):
    PHONE = "phone"
    EMAIL = "email"
    WALK_IN = "walk_in"
    TRAVEL_AGENT = "travel_agent"


class RoomStatus(enum.Enum):
    DIRTY = "dirty"
    CLEAN = "clean"
    INSPECTED = "inspected"
    OUT_OF_ORDER = "out_of_order"


class Department(enum.Enum):
    MINIBAR = "minibar"
    RESTAURANT = "restaurant"
    SPA = "spa"
    PARKING = "parking"
    LAUNDRY = "laundry"


def _seed_reservations() -> dict:
    base = {"property": "LIS01", "room": None, "preauth": None, "notes": [], "folio": None, "late_checkout": None,
            "transfer": None, "channel": "email"}
    rows = [("RS-1001", "G-2001", "DBL", "BAR-D", "2025-06-14", 3, 2, "confirmed"),
            ("RS-1002", "G-2002", "STE", "FLX-S", "2025-06-14", 2, 2, "confirmed"),
            ("RS-1003", "G-2001", "TWN", "BAR-T", "2025-07-02", 4, 1, "confirmed"),
            ("RS-0990", "G-2002", "TWN", "BAR-T", "2025-06-12", 5, 1, "checked_in")]
    out = {}
    for rid, g, rt, rc, arr, n, ad, st in rows:
        out[rid] = dict(base, notes=[], guest=g, room_type=rt, rate=rc, arrival=arr, nights=n, adults=ad, status=st)
    out["RS-0990"].update(room="303", folio="F-0990", preauth="A-5C1E")
    return out


@dataclass
class HotelState:
    staff: dict = field(default_factory=lambda: {"mferreira": {
        "password": "Desk#4410", "badge": "B-0457", "pin": "7731", "properties": ["LIS01", "POR02"],
        "home": "LIS01", "name": "Marta Ferreira"}})
    properties: dict = field(default_factory=lambda: {"LIS01": ("Lisbon Riverside", "Lisbon"),
                                                      "POR02": ("Porto Ribeira", "Porto")})
    tokens: dict = field(default_factory=dict)
    sessions: dict = field(default_factory=dict)
    guests: dict = field(default_factory=lambda: {
        "G-2001": {"first": "Ana", "last": "Ribeiro", "email": "ana.ribeiro@example.pt", "phone": "+351912345678",
                   "loyalty": "SP-55120"},
        "G-2002": {"first": "Tom", "last": "Becker", "email": "tom.becker@example.de", "phone": "+4915112345678",
                   "loyalty": None}})
    loyalty: dict = field(default_factory=lambda: {"SP-55120": {"guest": "G-2001", "points": 12000, "tier": "silver"}})
    reservations: dict = field(default_factory=_seed_reservations)
    rooms: dict = field(default_factory=lambda: {
        "301": {"type": "DBL", "status": "clean"}, "302": {"type": "DBL", "status": "dirty"},
        "303": {"type": "TWN", "status": "clean"}, "304": {"type": "TWN", "status": "dirty"},
        "501": {"type": "STE", "status": "dirty"}, "502": {"type": "STE", "status": "out_of_order"}})
    tickets: dict = field(default_factory=lambda: {"MT-310": {"room": "502", "issue": "Shower leaking into bathroom floor",
                                                              "priority": "high", "status": "open"}})
    vault: dict = field(default_factory=dict)
    folios: dict = field(default_factory=lambda: {"F-0990": {"reservation": "RS-0990", "status": "open", "lines": [
        ["L-0990-1", "2025-06-12", "Room TWN", 125.0, "room", False],
        ["L-0990-2", "2025-06-13", "Room TWN", 125.0, "room", False]]}})
    keys: dict = field(default_factory=lambda: {"KC-7001": {"room": "303", "reservation": "RS-0990", "active": True},
                                                "KC-7002": {"room": "303", "reservation": "RS-0990", "active": True}})
    cancellations: dict = field(default_factory=dict)
    counter: int = 1010


State = HotelState


def _next(state: HotelState) -> int:
    state.counter += 1
    return state.counter


def _h(text: str, n: int = 4) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:n].upper()


def _staff(state: HotelState, staff_token: str) -> str:
    user = state.tokens.get(staff_token)
    if user is None:
        raise AuthError("staff token invalid or expired")
    return user


def _prop(state: HotelState, session_id: str) -> str:
    s = state.sessions.get(session_id)
    if s is None:
        raise AuthError("no open property session; open one with a staff token")
    return s[1]


def _iso(text: str) -> date:
    try:
        return datetime.strptime(text, "%Y-%m-%d").date()
    except (TypeError, ValueError):
        raise ValueError(f"invalid date {text!r}: use YYYY-MM-DD") from None


def _res(state: HotelState, prop: str, reservation_id: str):
    r = state.reservations.get(reservation_id)
    if r is None or r["property"] != prop:
        return None, {"error": f"reservation {reservation_id} not found at this property"}
    return r, None


def _folio(state: HotelState, folio_id: str) -> dict:
    f = state.folios.get(folio_id)
    if f is None:
        raise PaymentError(f"folio {folio_id} does not exist")
    return f


def _luhn(number: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(number)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


# ----------------------------------------------------------------------------- staff sign-in

def staff_login(username: str, password: str, state: HotelState) -> dict:
    """Sign in at the front desk with a username and password."""
    s = state.staff.get(username)
    if s is None or s["password"] != password:
        return {"error": "invalid username or password"}
    token = "stf_" + _h(f"{username}{_next(state)}", 12).lower()
    state.tokens[token] = username
    return {"staff_token": token, "name": s["name"], "home_property": s["home"]}


def badge_login(badge_number: str, pin: str, state: HotelState) -> dict:
    """Sign in by tapping a staff badge and typing its 4-digit PIN."""
    user = next((u for u, s in state.staff.items() if s["badge"] == badge_number.strip().upper()), None)
    if user is None or state.staff[user]["pin"] != pin:
        return {"error": "badge not recognised or wrong PIN"}
    token = "stf_" + _h(f"{user}badge{_next(state)}", 12).lower()
    state.tokens[token] = user
    return {"staff_token": token, "name": state.staff[user]["name"]}


def list_properties(staff_token: str, state: HotelState) -> list:
    """Properties this staff member may work at, as rows [code, name, city]."""
    user = _staff(state, staff_token)
    return [[code, *state.properties[code]] for code in state.staff[user]["properties"]]


def open_property_session(staff_token: str, property_code: str, state: HotelState) -> dict:
    """Open a work session on one property; every property endpoint needs its session_id."""
    user = _staff(state, staff_token)
    if property_code not in state.staff[user]["properties"]:
        return {"error": f"no access to property {property_code!r}"}
    sid = "ps_" + _h(f"{user}{property_code}{_next(state)}", 10).lower()
    state.sessions[sid] = (user, property_code)
    return {"session_id": sid, "property": state.properties[property_code][0], "business_date": TODAY}


# ----------------------------------------------------------------------------- utilities

def convert_date(text: str) -> str:
    """Turn a date as guests say it ('14 June 2025', 'June 14, 2025', '14/06/2025') into YYYY-MM-DD."""
    t = text.strip().lower().replace(",", " ")
    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", t)
    if m:
        d, mo, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
    else:
        parts = [p for p in t.split() if p not in ("the", "of")]
        words = [p for p in parts if p.isalpha()]
        nums = [p.rstrip("stndrh") for p in parts if not p.isalpha()]
        month = next((i + 1 for i, mn in enumerate(_MONTHS) for w in words if mn.startswith(w[:3]) and len(w) >= 3), None)
        if month is None or len(nums) != 2:
            raise ValueError(f"cannot read a date from {text!r}")
        a, b = int(nums[0]), int(nums[1])
        d, y, mo = (a, b, month) if b > 31 else (b, a, month)
    try:
        return date(y, mo, d).isoformat()
    except ValueError:
        raise ValueError(f"no such date: {text!r}") from None


def normalize_phone(phone: str, country: str) -> str:
    """A phone number in E.164 form (+<country code><number>)."""
    cc = _COUNTRIES.get(country.strip().upper())
    if cc is None:
        raise ValueError(f"unknown country {country!r}")
    digits = re.sub(r"\D", "", phone)
    if digits.startswith("00"):
        digits = digits[2:]
    if digits.startswith(cc):
        digits = digits[len(cc):]
    digits = digits.lstrip("0")
    if not 6 <= len(digits) <= 12:
        raise ValueError("not a phone number")
    return f"+{cc}{digits}"


def tokenize_card(card_number: str, expiry: str, state: HotelState) -> str:
    """Store a payment card in the PCI vault; returns the card token to use instead of the number."""
    num = re.sub(r"[\s-]", "", card_number)
    if not re.fullmatch(r"\d{13,19}", num) or not _luhn(num):
        raise PaymentError("card number rejected")
    m = re.fullmatch(r"(\d{2})/(\d{2})", expiry.strip())
    if not m or not 1 <= int(m.group(1)) <= 12 or (2000 + int(m.group(2)), int(m.group(1))) < (2025, 6):
        raise PaymentError("expiry must be MM/YY and not in the past")
    tok = "tok_" + _h(num + expiry + str(_next(state)), 14).lower()
    state.vault[tok] = {"last4": num[-4:], "expiry": expiry}
    return tok


# ----------------------------------------------------------------------------- guests

def search_guests(session_id: str, last_name: str, email: Optional[str] = None, state: HotelState = None) -> dict:
    """Find guest profiles by last name, optionally narrowed by email."""
    _prop(state, session_id)
    hits = [{"guest_id": gid, "name": f"{g['first']} {g['last']}", "email": g["email"]}
            for gid, g in state.guests.items() if g["last"].lower() == last_name.strip().lower()
            and (email is None or g["email"] == email.strip().lower())]
    return {"guests": hits}


def create_guest_profile(session_id: str, first_name: str, last_name: str, email: str, phone: str,
                         state: HotelState) -> str:
    """Create a guest profile. The phone must already be in international form."""
    _prop(state, session_id)
    if not re.fullmatch(r"\+\d{8,15}", phone):
        return {"error": "phone must be in E.164 form (+<country><number>)"}
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email.strip().lower()):
        return {"error": "invalid email"}
    if any(g["email"] == email.strip().lower() for g in state.guests.values()):
        return {"error": "a profile with this email exists; search for it instead"}
    gid = f"G-{_next(state) + 1000}"
    state.guests[gid] = {"first": first_name.strip(), "last": last_name.strip(), "email": email.strip().lower(),
                         "phone": phone, "loyalty": None}
    return f"Guest profile {gid} created for {first_name.strip()} {last_name.strip()}."


def get_guest(session_id: str, guest_id: str, state: HotelState) -> dict:
    _prop(state, session_id)
    g = state.guests.get(guest_id)
    if g is None:
        return {"error": f"guest {guest_id} not found"}
    return {"guest_id": guest_id, **g, "loyalty_member": g["loyalty"]}


def update_guest_email(session_id: str, guest_id: str, email: str, state: HotelState) -> dict:
    """Change the email on a guest profile (invoices and confirmations go there)."""
    _prop(state, session_id)
    g = state.guests.get(guest_id)
    if g is None:
        return {"error": f"guest {guest_id} not found"}
    if g["email"] == email.strip().lower():
        return {"error": "email unchanged"}
    g["email"] = email.strip().lower()
    return {"guest_id": guest_id, "email": g["email"]}


# ----------------------------------------------------------------------------- reservations

def check_availability(session_id: str, arrival: str, nights: int, adults: int, room_type: Optional[str] = None,
                       state: HotelState = None) -> list:
    """Room types free for the stay, as rows [room_type, description, max_adults, [[rate_code, nightly, refundable], ...]]."""
    _prop(state, session_id)
    if _iso(arrival) < _iso(TODAY):
        raise ValueError("arrival is in the past")
    if room_type is not None and room_type not in _ROOM_TYPES:
        return {"error": f"unknown room type {room_type!r}"}
    rows = []
    for code, (desc, cap, price) in _ROOM_TYPES.items():
        if (room_type is None or code == room_type) and adults <= cap and 1 <= nights <= 28:
            rows.append([code, desc, cap, [[rc, round(price * f, 2), ref] for rc, f, ref in _RATES[code]]])
    return rows


def create_reservation(session_id: str, guest_id: str, room_type: str, rate_code: str, arrival: str, nights: int,
                       adults: int, channel: Channel, state: HotelState) -> dict:
    """Book a stay for a guest.

    Args:
        room_type: a room-type code from availability.
        rate_code: a rate offered for that room type.
        arrival: YYYY-MM-DD.
        channel: how the booking came in.
    """
    prop = _prop(state, session_id)
    if guest_id not in state.guests:
        return {"error": f"guest {guest_id} not found"}
    if room_type not in _ROOM_TYPES:
        return {"error": f"unknown room type {room_type!r}"}
    if rate_code not in [r[0] for r in _RATES[room_type]]:
        return {"error": f"rate {rate_code!r} is not offered for room type {room_type}"}
    arr = _iso(arrival)
    if arr < _iso(TODAY):
        return {"error": "arrival is in the past"}
    if not 1 <= nights <= 28 or not 1 <= adults <= _ROOM_TYPES[room_type][1]:
        return {"error": "nights must be 1-28 and adults within the room's capacity"}
    try:
        ch = Channel(channel.value if isinstance(channel, Channel) else channel).value
    except ValueError:
        return {"error": f"unknown channel {channel!r}"}
    rid = f"RS-{_next(state)}"
    state.reservations[rid] = {"property": prop, "guest": guest_id, "room_type": room_type, "rate": rate_code,
                               "arrival": arr.isoformat(), "nights": nights, "adults": adults, "status": "confirmed",
                               "room": None, "preauth": None, "notes": [], "folio": None, "late_checkout": None,
                               "transfer": None, "channel": ch}
    return {"reservation": {"id": rid, "status": "confirmed", "arrival": arr.isoformat(), "nights": nights}}


def list_reservations(session_id: str, guest_id: Optional[str] = None, arrival: Optional[str] = None,
                      status: Optional[str] = None, state: HotelState = None) -> dict:
    """Reservations at this property matching the filters (at least one filter)."""
    prop = _prop(state, session_id)
    if guest_id is None and arrival is None and status is None:
        return {"error": "at least one filter is required"}
    if arrival is not None:
        arrival = _iso(arrival).isoformat()
    if status is not None and status not in ("confirmed", "checked_in", "checked_out", "cancelled"):
        return {"error": f"unknown status {status!r}"}
    hits = [{"reservation_id": rid, "guest_id": r["guest"], "arrival": r["arrival"], "nights": r["nights"],
             "room_type": r["room_type"], "room": r["room"], "status": r["status"]}
            for rid, r in state.reservations.items() if r["property"] == prop
            and (guest_id is None or r["guest"] == guest_id) and (arrival is None or r["arrival"] == arrival)
            and (status is None or r["status"] == status)]
    return {"count": len(hits), "reservations": hits}


def get_reservation(session_id: str, reservation_id: str, state: HotelState) -> dict:
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    return {"reservation_id": reservation_id, **{k: v for k, v in r.items() if k != "notes"}, "notes": list(r["notes"])}


def modify_reservation_dates(session_id: str, reservation_id: str, arrival: str, nights: int,
                             state: HotelState) -> dict:
    """Move a confirmed reservation to new dates."""
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if r["status"] != "confirmed":
        return {"error": f"only confirmed reservations can be changed (this one is {r['status']})"}
    arr = _iso(arrival)
    if arr < _iso(TODAY) or not 1 <= nights <= 28:
        return {"error": "new dates must be in the future, 1-28 nights"}
    if arr.isoformat() == r["arrival"] and nights == r["nights"]:
        return {"error": "dates unchanged"}
    r["arrival"], r["nights"], r["room"] = arr.isoformat(), nights, None
    return {"reservation_id": reservation_id, "arrival": r["arrival"], "nights": nights}


def cancel_reservation(session_id: str, reservation_id: str, reason: str, state: HotelState) -> str:
    """Cancel a confirmed reservation. Non-refundable rates keep the first night."""
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if r["status"] != "confirmed":
        return {"error": f"cannot cancel a reservation that is {r['status']}"}
    if not reason.strip():
        return {"error": "a reason is required"}
    r["status"] = "cancelled"
    cx = f"CX-{_next(state)}"
    fee = _ROOM_TYPES[r["room_type"]][2] if r["rate"].startswith("NRF") else 0.0
    state.cancellations[cx] = {"reservation": reservation_id, "reason": reason.strip(), "fee": fee}
    return f"Reservation {reservation_id} cancelled, cancellation number {cx}, fee {fee:.2f} EUR."


def add_reservation_note(session_id: str, reservation_id: str, text: str, state: HotelState) -> dict:
    """Attach a free-text note (requests, allergies, arrival time) to a reservation."""
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if not text.strip() or len(text) > 500:
        return {"error": "note must be 1-500 characters"}
    r["notes"].append(text.strip())
    return {"reservation_id": reservation_id, "note_number": len(r["notes"])}


def book_airport_transfer(session_id: str, reservation_id: str, flight_number: str, pickup_time: str,
                          state: HotelState) -> dict:
    """Book the hotel shuttle from the airport for a guest's arrival flight."""
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if r["status"] not in ("confirmed", "checked_in"):
        return {"error": f"reservation is {r['status']}"}
    if not re.fullmatch(r"[A-Z0-9]{2}\d{1,4}", flight_number.replace(" ", "")):
        return {"error": f"flight number {flight_number!r} not recognised"}
    if not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", pickup_time):
        return {"error": "pickup time must be HH:MM (24h)"}
    r["transfer"] = {"flight": flight_number.replace(" ", ""), "time": pickup_time}
    return {"reservation_id": reservation_id, "transfer": dict(r["transfer"])}


# ----------------------------------------------------------------------------- rooms, housekeeping, maintenance

def list_rooms(session_id: str, room_type: Optional[str] = None, status: Optional[str] = None,
               state: HotelState = None) -> list:
    """Room numbers, optionally only of one type and/or housekeeping status."""
    _prop(state, session_id)
    if status is not None and status not in [s.value for s in RoomStatus]:
        return {"error": f"unknown status {status!r}"}
    assigned = {r["room"] for r in state.reservations.values() if r["status"] in ("confirmed", "checked_in")}
    return [no for no, rm in state.rooms.items() if (room_type is None or rm["type"] == room_type)
            and (status is None or rm["status"] == status) and no not in assigned]


def set_room_status(session_id: str, room_number: str, status: RoomStatus, state: HotelState) -> dict:
    """Housekeeping: mark a room dirty, clean, inspected or out of order."""
    _prop(state, session_id)
    rm = state.rooms.get(room_number)
    if rm is None:
        return {"error": f"room {room_number} not found"}
    try:
        st = RoomStatus(status.value if isinstance(status, RoomStatus) else status).value
    except ValueError:
        return {"error": f"unknown status {status!r}"}
    if rm["status"] == st:
        raise ValueError(f"room {room_number} is already {st}")
    if rm["status"] == "out_of_order" and any(t["room"] == room_number and t["status"] == "open"
                                              for t in state.tickets.values()):
        return {"error": f"room {room_number} has an open maintenance ticket"}
    rm["status"] = st
    return {"room": room_number, "status": st}


def list_maintenance_tickets(session_id: str, room_number: Optional[str] = None, state: HotelState = None) -> list:
    """Open and closed maintenance tickets as rows [ticket_id, room, issue, priority, status]."""
    _prop(state, session_id)
    return [[tid, t["room"], t["issue"], t["priority"], t["status"]] for tid, t in state.tickets.items()
            if room_number is None or t["room"] == room_number]


def file_maintenance_ticket(session_id: str, room_number: str, issue: str,
                            priority: Literal["low", "normal", "high", "urgent"], state: HotelState) -> str:
    """Report a fault in a room."""
    _prop(state, session_id)
    if room_number not in state.rooms:
        return {"error": f"room {room_number} not found"}
    if priority not in ("low", "normal", "high", "urgent"):
        return {"error": f"unknown priority {priority!r}"}
    if not issue.strip():
        return {"error": "describe the issue"}
    tid = f"MT-{_next(state)}"
    state.tickets[tid] = {"room": room_number, "issue": issue.strip(), "priority": priority, "status": "open"}
    return f"Ticket {tid} opened for room {room_number} ({priority})."


def close_maintenance_ticket(session_id: str, ticket_id: str, resolution: str, state: HotelState) -> dict:
    _prop(state, session_id)
    t = state.tickets.get(ticket_id)
    if t is None:
        return {"error": f"ticket {ticket_id} not found"}
    if t["status"] != "open":
        return {"error": "ticket already closed"}
    t["status"], t["resolution"] = "closed", resolution
    return {"ticket_id": ticket_id, "status": "closed"}


def assign_room(session_id: str, reservation_id: str, room_number: str, state: HotelState) -> dict:
    """Assign a clean or inspected room of the booked type to a reservation arriving today."""
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if r["status"] != "confirmed" or r["arrival"] != TODAY:
        return {"error": "rooms are assigned on the day of arrival to confirmed reservations"}
    rm = state.rooms.get(room_number)
    if rm is None:
        return {"error": f"room {room_number} not found"}
    if rm["type"] != r["room_type"]:
        return {"error": f"room {room_number} is not a {r['room_type']}"}
    if rm["status"] not in ("clean", "inspected"):
        return {"error": f"room {room_number} is {rm['status']}"}
    if any(o["room"] == room_number and o["status"] in ("confirmed", "checked_in") for o in state.reservations.values()):
        return {"error": f"room {room_number} is taken"}
    r["room"] = room_number
    return {"reservation_id": reservation_id, "room": room_number}


# ----------------------------------------------------------------------------- payments, arrival, folios

def preauthorize(session_id: str, reservation_id: str, card_token: str, amount: float, state: HotelState) -> dict:
    """Place a hold on a vaulted card to guarantee a reservation."""
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if card_token not in state.vault:
        raise PaymentError("unknown card token; tokenize the card first")
    if not 0 < amount <= 5000:
        raise PaymentError("amount must be between 0 and 5000")
    code = "A-" + _h(card_token + reservation_id + str(_next(state)))
    r["preauth"] = code
    return {"authorization": {"code": code, "amount": amount, "card": state.vault[card_token]["last4"]}}


def check_in(session_id: str, reservation_id: str, id_document: str, state: HotelState) -> str:
    """Check a guest in: the reservation must be guaranteed and have a room."""
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if r["status"] != "confirmed" or r["arrival"] != TODAY:
        return {"error": f"reservation is {r['status']} for {r['arrival']}; only today's confirmed arrivals"}
    if r["room"] is None:
        return {"error": "assign a room first"}
    if r["preauth"] is None:
        return {"error": "reservation is not guaranteed; pre-authorize a card"}
    if len(id_document.strip()) < 5:
        return {"error": "record the guest's ID or passport number"}
    r["status"] = "checked_in"
    fid = "F-" + reservation_id.split("-")[1]
    price = _ROOM_TYPES[r["room_type"]][2]
    state.folios[fid] = {"reservation": reservation_id, "status": "open",
                         "lines": [[f"L-{fid[2:]}-1", TODAY, f"Room {r['room_type']}", price, "room", False]]}
    r["folio"] = fid
    return f"Checked in {reservation_id} to room {r['room']}; folio {fid} opened."


def get_folio(session_id: str, reservation_id: str, state: HotelState) -> dict:
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if r["folio"] is None:
        return {"error": "no folio yet (guest not checked in)"}
    f = state.folios[r["folio"]]
    bal = sum(line[3] for line in f["lines"] if not line[5])
    return {"folio": {"id": r["folio"], "status": f["status"], "balance": round(bal, 2),
                      "lines": [list(line) for line in f["lines"]]}}


def post_charge(session_id: str, folio_id: str, amount: float, description: str, department: Department,
                state: HotelState) -> str:
    """Post a charge to an open folio; returns the new line id."""
    _prop(state, session_id)
    f = _folio(state, folio_id)
    if f["status"] != "open":
        raise PaymentError(f"folio {folio_id} is {f['status']}")
    try:
        dep = Department(department.value if isinstance(department, Department) else department).value
    except ValueError:
        raise PaymentError(f"unknown department {department!r}") from None
    if not 0 < amount <= 2000:
        raise PaymentError("amount out of range")
    line = f"L-{folio_id[2:]}-{len(f['lines']) + 1}"
    f["lines"].append([line, TODAY, description.strip() or dep, round(amount, 2), dep, False])
    return line


def void_charge(session_id: str, folio_id: str, line_id: str, reason: str, state: HotelState) -> dict:
    """Void a folio line (posted in error)."""
    _prop(state, session_id)
    f = _folio(state, folio_id)
    if f["status"] != "open":
        raise PaymentError(f"folio {folio_id} is {f['status']}")
    line = next((x for x in f["lines"] if x[0] == line_id), None)
    if line is None:
        raise PaymentError(f"line {line_id} not on folio {folio_id}")
    if line[5]:
        raise PaymentError(f"line {line_id} already voided")
    line[5] = True
    return {"voided": line_id, "reason": reason, "balance": round(sum(x[3] for x in f["lines"] if not x[5]), 2)}


def settle_folio(session_id: str, folio_id: str, authorization_code: str, state: HotelState) -> str:
    """Capture the folio balance against the reservation's card authorization."""
    _prop(state, session_id)
    f = _folio(state, folio_id)
    if f["status"] != "open":
        raise PaymentError(f"folio {folio_id} is {f['status']}")
    r = state.reservations[f["reservation"]]
    if authorization_code != r["preauth"]:
        raise PaymentError("authorization code does not belong to this reservation")
    f["status"] = "settled"
    bal = sum(x[3] for x in f["lines"] if not x[5])
    return f"Folio {folio_id} settled: {bal:.2f} EUR captured against {authorization_code}."


def check_out(session_id: str, reservation_id: str, state: HotelState) -> dict:
    """Check a guest out; the folio must be settled. Deactivates the room's key cards."""
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if r["status"] != "checked_in":
        return {"error": f"reservation is {r['status']}"}
    if state.folios[r["folio"]]["status"] != "settled":
        return {"error": "folio has an open balance; settle it first"}
    r["status"] = "checked_out"
    for k in state.keys.values():
        if k["reservation"] == reservation_id:
            k["active"] = False
    state.rooms[r["room"]]["status"] = "dirty"
    return {"reservation_id": reservation_id, "status": "checked_out"}


def email_invoice(session_id: str, folio_id: str, email: str, state: HotelState) -> dict:
    """Email the final invoice of a settled folio."""
    _prop(state, session_id)
    f = _folio(state, folio_id)
    if f["status"] != "settled":
        raise PaymentError("invoices are issued for settled folios only")
    if "@" not in email:
        raise ValueError("invalid email")
    return {"folio_id": folio_id, "sent_to": email.strip().lower(), "invoice": "INV-" + folio_id[2:]}


# ----------------------------------------------------------------------------- key cards, stay services

def issue_key_cards(session_id: str, reservation_id: str, count: int, state: HotelState) -> list:
    """Encode key cards for a checked-in guest's room; returns the key ids."""
    prop = _prop(state, session_id)
    r = state.reservations.get(reservation_id)
    if r is None or r["property"] != prop:
        raise KeyCardError(f"reservation {reservation_id} not found")
    if r["status"] != "checked_in":
        raise KeyCardError("keys are issued to checked-in guests only")
    if not 1 <= count <= 4:
        raise KeyCardError("1 to 4 keys per room")
    ids = []
    for _ in range(count):
        kid = f"KC-{_next(state) + 6000}"
        state.keys[kid] = {"room": r["room"], "reservation": reservation_id, "active": True}
        ids.append(kid)
    return ids


def list_key_cards(session_id: str, room_number: str, state: HotelState) -> list:
    _prop(state, session_id)
    return [{"key_id": k, "active": v["active"]} for k, v in state.keys.items() if v["room"] == room_number]


def deactivate_key_card(session_id: str, key_id: str, state: HotelState) -> dict:
    """Deactivate a lost key card."""
    _prop(state, session_id)
    k = state.keys.get(key_id)
    if k is None:
        raise KeyCardError(f"key {key_id} unknown")
    if not k["active"]:
        raise KeyCardError(f"key {key_id} is already inactive")
    k["active"] = False
    return {"key_id": key_id, "active": False}


def request_late_checkout(session_id: str, reservation_id: str, time: Literal["12:00", "13:00", "14:00"],
                          state: HotelState) -> dict:
    """Grant a late check-out to an in-house guest."""
    prop = _prop(state, session_id)
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if r["status"] != "checked_in":
        return {"error": "late check-out is for in-house guests"}
    if time not in ("12:00", "13:00", "14:00"):
        return {"error": f"late check-out until {time} is not offered"}
    r["late_checkout"] = time
    return {"reservation_id": reservation_id, "late_checkout": time, "fee": 0.0 if time == "12:00" else 30.0}


# ----------------------------------------------------------------------------- loyalty

def enroll_loyalty(session_id: str, guest_id: str, state: HotelState) -> str:
    """Enrol a guest in StayPoints."""
    _prop(state, session_id)
    g = state.guests.get(guest_id)
    if g is None:
        return {"error": f"guest {guest_id} not found"}
    if g["loyalty"]:
        raise ValueError(f"guest already enrolled as {g['loyalty']}")
    num = f"SP-{_next(state) + 54000}"
    g["loyalty"] = num
    state.loyalty[num] = {"guest": guest_id, "points": 0, "tier": "blue"}
    return f"Welcome to StayPoints! Member number {num}."


def get_loyalty_balance(session_id: str, member_number: str, state: HotelState) -> int:
    _prop(state, session_id)
    m = state.loyalty.get(member_number.strip().upper())
    if m is None:
        raise LookupError(f"no member {member_number}")
    return m["points"]


def redeem_points(session_id: str, member_number: str, reservation_id: str, points: int, state: HotelState) -> dict:
    """Pay for part of a stay with points (100 points = 1 EUR)."""
    prop = _prop(state, session_id)
    m = state.loyalty.get(member_number.strip().upper())
    if m is None:
        return {"error": f"no member {member_number}"}
    r, err = _res(state, prop, reservation_id)
    if err:
        return err
    if r["guest"] != m["guest"]:
        return {"error": "points can only pay for the member's own stays"}
    if points <= 0 or points > m["points"]:
        return {"error": f"insufficient points (balance {m['points']})"}
    m["points"] -= points
    return {"member": member_number, "redeemed": points, "credit_eur": points / 100, "balance": m["points"]}


TOOLS = [
    staff_login, badge_login, list_properties, open_property_session, convert_date, normalize_phone, tokenize_card,
    search_guests, create_guest_profile, get_guest, update_guest_email,
    check_availability, create_reservation, list_reservations, get_reservation, modify_reservation_dates,
    cancel_reservation, add_reservation_note, book_airport_transfer,
    list_rooms, set_room_status, list_maintenance_tickets, file_maintenance_ticket, close_maintenance_ticket,
    assign_room, preauthorize, check_in, get_folio, post_charge, void_charge, settle_folio, check_out, email_invoice,
    issue_key_cards, list_key_cards, deactivate_key_card, request_late_checkout,
    enroll_loyalty, get_loyalty_balance, redeem_points,
]

# What a tester is handed: one desk agent's credentials and badge, and what guests say at the desk.
FIXTURES = {
    "username": "mferreira",
    "password": "Desk#4410",
    "badge_number": "b-0457",
    "badge_pin": "7731",
    "property_name": "Lisbon Riverside",
    "guest_last_name": "Ribeiro",
    "guest_email": "ana.ribeiro@example.pt",
    "new_guest_first_name": "Lena",
    "new_guest_last_name": "Vogel",
    "new_guest_email": "lena.vogel@example.de",
    "new_guest_phone": "0151 2345 6789",
    "new_guest_country": "DE",
    "arrival_spoken": "14 June 2025",
    "later_arrival_spoken": "August 2, 2025",
    "card_number": "4111 1111 1111 1111",
    "card_expiry": "09/27",
    "passport_number": "C01X00T47",
    "flight_number": "LH 1166",
}

_SESSION_USERS = [
    "search_guests", "create_guest_profile", "get_guest", "update_guest_email", "check_availability",
    "create_reservation", "list_reservations", "get_reservation", "modify_reservation_dates", "cancel_reservation",
    "add_reservation_note", "book_airport_transfer", "list_rooms", "set_room_status", "list_maintenance_tickets",
    "file_maintenance_ticket", "close_maintenance_ticket", "assign_room", "preauthorize", "check_in", "get_folio",
    "post_charge", "void_charge", "settle_folio", "check_out", "email_invoice", "issue_key_cards", "list_key_cards",
    "deactivate_key_card", "request_late_checkout", "enroll_loyalty", "get_loyalty_balance", "redeem_points",
]
_RESERVATION_USERS = ["get_reservation", "modify_reservation_dates", "cancel_reservation", "add_reservation_note",
                      "book_airport_transfer", "assign_room", "preauthorize", "check_in", "get_folio",
                      "issue_key_cards", "request_late_checkout", "redeem_points"]

GROUND_TRUTH = (
    [("open_property_session", c, "auth: property session_id") for c in _SESSION_USERS]
    + [("staff_login|badge_login", c, "auth: staff token") for c in ("list_properties", "open_property_session")]
    + [("list_reservations|create_reservation", c, "id lookup/create: reservation_id") for c in _RESERVATION_USERS]
    + [("search_guests|create_guest_profile", c, "id lookup/create: guest_id")
       for c in ("get_guest", "update_guest_email", "create_reservation", "enroll_loyalty")]
    + [
        ("list_properties|staff_login", "open_property_session", "id lookup: property code"),
        ("check_availability", "create_reservation", "two values: room type and a rate of that type (nested rows)"),
        ("convert_date", "check_availability", "format: arrival as YYYY-MM-DD"),
        ("convert_date", "create_reservation", "format: arrival as YYYY-MM-DD"),
        ("convert_date", "modify_reservation_dates", "format: arrival as YYYY-MM-DD"),
        ("normalize_phone", "create_guest_profile", "format: phone in E.164 form"),
        ("list_rooms", "assign_room", "id lookup: a free clean room of the type"),
        ("set_room_status", "assign_room", "state: the only suite free is dirty until inspected"),
        ("list_maintenance_tickets|file_maintenance_ticket", "close_maintenance_ticket", "id lookup/create: ticket id"),
        ("close_maintenance_ticket", "set_room_status", "state: an out-of-order room with an open ticket"),
        ("tokenize_card", "preauthorize", "provenance: vault card token"),
        ("assign_room", "check_in", "state: a room must be assigned"),
        ("preauthorize", "check_in", "state: reservation must be guaranteed"),
        ("check_in", "issue_key_cards", "state: guest must be checked in"),
        ("check_in", "request_late_checkout", "state: guest must be checked in"),
        ("check_in", "get_folio", "state: the folio is opened at check-in"),
        ("check_in", "check_out", "state: guest must be checked in"),
        ("get_folio|check_in", "post_charge", "id lookup: folio id (check_in's inside a sentence)"),
        ("get_folio|check_in", "settle_folio", "id lookup: folio id (check_in's inside a sentence)"),
        ("get_folio|post_charge", "void_charge", "id lookup/create: folio line id"),
        ("preauthorize", "settle_folio", "provenance: authorization code"),
        ("settle_folio", "check_out", "state: folio must be settled"),
        ("settle_folio", "email_invoice", "state: folio must be settled"),
        ("issue_key_cards|list_key_cards", "deactivate_key_card", "id lookup/create: key id"),
        ("enroll_loyalty|get_guest", "get_loyalty_balance", "id lookup/create: member number (enrol's inside a sentence)"),
        ("get_guest", "redeem_points", "id lookup: member number"),
    ]
)

PLAUSIBLE = (
    {("staff_login", c) for c in _SESSION_USERS} | {("badge_login", c) for c in _SESSION_USERS}
    | {("list_properties", c) for c in _SESSION_USERS}
    | {("search_guests", "list_reservations"), ("create_guest_profile", "list_reservations"),
       ("create_reservation", "list_reservations"),
       ("list_reservations", "check_out"), ("create_reservation", "check_out"), ("check_in", "list_key_cards"),
       ("issue_key_cards", "list_key_cards"), ("post_charge", "get_folio"),
       ("void_charge", "get_folio"), ("get_folio", "email_invoice"), ("check_in", "email_invoice"),
       ("get_guest", "email_invoice"), ("search_guests", "email_invoice"), ("convert_date", "list_reservations"),
       ("assign_room", "list_rooms"), ("set_room_status", "list_rooms"), ("close_maintenance_ticket", "list_rooms"),
       ("file_maintenance_ticket", "list_maintenance_tickets"), ("close_maintenance_ticket", "list_maintenance_tickets"),
       ("list_rooms", "set_room_status"), ("list_rooms", "file_maintenance_ticket"), ("list_rooms", "list_key_cards"),
       ("get_reservation", "list_key_cards"), ("assign_room", "list_key_cards"), ("get_reservation", "get_folio"),
       ("search_guests", "get_loyalty_balance"), ("search_guests", "redeem_points"),
       ("enroll_loyalty", "redeem_points"), ("get_loyalty_balance", "redeem_points"), ("check_availability", "modify_reservation_dates"),
       ("update_guest_email", "email_invoice"), ("cancel_reservation", "list_reservations"),
       ("modify_reservation_dates", "assign_room"), ("check_out", "set_room_status"), ("check_out", "list_rooms"),
       ("create_reservation", "get_guest"), ("list_reservations", "get_guest"), ("get_reservation", "get_guest"),
       ("tokenize_card", "check_in"), ("get_reservation", "settle_folio"), ("preauthorize", "get_reservation"), ("assign_room", "get_reservation")}
)
