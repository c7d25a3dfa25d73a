"""Redherring: the desk and game floor of Red Herring Escape Rooms, Tannery Yard, Brackwell (38 calls).

Async functions over an in-memory ``State`` of the venue on Saturday 15 November 2031 at 11:00. The host
registers and finds customers, books teams into a room's time slot, changes the team size, moves and cancels
bookings, takes payments, sells, redeems and voids gift vouchers, names the players, signs their waivers on
the tablet, checks teams in, sends team photos and writes to customers. Game masters reset rooms against the
room's checklist, start games, give hints, pause and resume a game and end it (escaped, out of time or gave
up), which puts the team on the leaderboard and takes the team photo. The duty manager assigns game masters
to bookings, closes rooms for repairs and opens them again, and voids vouchers. The rooms, the free slots and
the leaderboard are public.

Every tool is an ``async def`` wrapped by ``desk(*roles)`` (``functools.wraps``, an async wrapper that awaits
the tool), which checks the session and the role; refusals are raised as Python's built-in exceptions,
``PermissionError`` (not signed in, not allowed), ``LookupError`` (no such record), ``ValueError`` (a value the
venue does not take, or nothing to change) and ``RuntimeError`` (a record not in the state the call needs),
which the runtime records as errors. Answers are plain dicts with rows nested as lists of lists (a booking's
players and payments, a customer's bookings and vouchers), lists as lists of rows (rooms, slots, bookings,
vouchers, game masters, room states, results, the leaderboard), bare values (the hints used, the refund on a
cancelled booking or a voided voucher, the balance left after a voucher, the players left named, the
bookings a closed room affects) and sentences with an id in them (a payment, a waiver, a game master
assigned, a photo sent, a message, a sign-out). ``from __future__ import annotations``: every annotation is
a string the runtime resolves in this module (PEP 604 ``X | None``, ``list[str]``, the ``Literal`` aliases, a
plain ``Enum`` input, ``Outcome``, and a ``str`` ``Enum`` filter, ``BookingStatus``). Ids look alike: booking
``TB-6112``, gift voucher ``GV-3306``, player ``PL-2212``, payment ``PAY-6135``, photo ``PH-6137``, waiver
``WV-6139``; customer ``C-0524``; game master ``GM-3``; slot ``SUB-1115-1430``. The youngest age each room
takes, that under-16s sign with a guardian, the three hints a game, each room's reset checklist, the voucher
values sold and how far ahead a room is booked are stated only in the exceptions; the 48 hours inside which
a cancellation keeps the money paid is stated nowhere, only seen in the refund.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
from enum import Enum
from typing import Literal

TODAY = "2031-11-15"  # a Saturday
NOW = "11:00"
STARTS = ("10:00", "11:30", "13:00", "14:30", "16:00", "17:30", "19:00", "20:30")
HINTS = 3
GUARDIAN_UNDER = 16
REFUND_HOURS = 48
BOOK_AHEAD_DAYS = 90
VOUCHER_VALUES = (20.0, 300.0)

ROOMS = {  # code -> name, theme, min players, max players, minutes, difficulty, price a player, minimum age
    "ALC": ("The Alchemist's Study", "Brew the elixir before the candle burns out", 2, 6, 60, "hard", 24.0, 12),
    "SUB": ("Submarine Nine", "Surface the stricken submarine before the air runs out", 3, 8, 60, "medium", 22.0, 10),
    "ATT": ("Grandma's Attic", "Find Grandma's will among a lifetime of clutter", 2, 5, 60, "easy", 20.0, 8),
    "VLT": ("The Vault", "Crack the bank vault and get out before the guards' round", 4, 10, 75, "expert", 28.0, 16),
}
CHECKLISTS = {
    "ALC": ("padlocks", "potion_bottles", "uv_torch", "clue_cards"),
    "SUB": ("padlocks", "periscope", "morse_key", "clue_cards"),
    "ATT": ("padlocks", "jigsaw", "music_box", "clue_cards"),
    "VLT": ("padlocks", "safe_dial", "laser_grid", "clue_cards"),
}


class Outcome(Enum):
    ESCAPED = "escaped"
    OUT_OF_TIME = "out_of_time"
    GAVE_UP = "gave_up"


class BookingStatus(str, Enum):
    BOOKED = "booked"
    CHECKED_IN = "checked_in"
    IN_GAME = "in_game"
    PAUSED = "paused"
    PLAYED = "played"
    CANCELLED = "cancelled"


PayMethod = Literal["card", "cash"]
Channel = Literal["sms", "email"]
Period = Literal["week", "month", "all_time"]
VoucherStatus = Literal["active", "redeemed", "expired", "void"]


# --------------------------------------------------------------------------- state


class State:
    """Red Herring Escape Rooms, Brackwell, on Saturday 15 November 2031 at 11:00."""

    def __init__(self) -> None:
        self.staff = {
            "jo.p": {"name": "Jo Pemberton", "password": "Red-Herring-7", "role": "host", "gm": None},
            "ola.b": {"name": "Ola Brandt", "password": "Cipher-Wheel-3", "role": "game_master", "gm": "GM-3"},
            "ravi.s": {"name": "Ravi Shah", "password": "Morse-Tapper-5", "role": "game_master", "gm": "GM-5"},
            "beth.l": {"name": "Beth Lomax", "password": "Tannery-Yard-21", "role": "manager", "gm": None},
        }
        self.sessions: dict[str, dict] = {}
        self.game_masters = {
            "GM-2": {"name": "Sam Doyle", "rooms": ["ALC", "ATT"], "on_shift": False},
            "GM-3": {"name": "Ola Brandt", "rooms": ["SUB", "ATT", "VLT"], "on_shift": True},
            "GM-5": {"name": "Ravi Shah", "rooms": ["ALC", "SUB"], "on_shift": True},
        }
        self.rooms = {
            "ALC": {"status": "ready", "last": "TB-6098", "note": None},
            "SUB": {"status": "needs_reset", "last": "TB-6101", "note": None},
            "ATT": {"status": "ready", "last": "TB-6095", "note": None},
            "VLT": {"status": "closed", "last": "TB-6090", "note": "Maglock on the vault door failing; electrician Monday"},
        }
        self.customers = {
            "C-0512": {"name": "Mr Ade Okoro", "phone": "07700 900512", "email": "ade.okoro@mail.example"},
            "C-0515": {"name": "Ms Freya Lund", "phone": "07700 900515", "email": "freya.lund@mail.example"},
            "C-0518": {"name": "Mrs Helen Cho", "phone": "01632 960518", "email": "helen.cho@mail.example"},
            "C-0519": {"name": "Mr Marcus Byrne", "phone": "07700 900519", "email": None},
            "C-0521": {"name": "Ms Leila Haddad", "phone": "07700 900521", "email": "leila.haddad@mail.example"},
        }
        self.bookings = {
            "TB-6101": {"customer": "C-0512", "room": "SUB", "date": "2031-11-15", "start": "10:00", "players": 2,
                        "team": "The Okoro Odyssey", "status": "played", "gm": "GM-5", "hints": 1,
                        "payments": [["PAY-6100", 66.0, "card"]], "price": 66.0, "started": "10:02"},
            "TB-6104": {"customer": "C-0515", "room": "SUB", "date": "2031-11-15", "start": "11:30", "players": 4,
                        "team": "Lund's Lemmings", "status": "booked", "gm": None, "hints": 0,
                        "payments": [["PAY-6103", 88.0, "card"]], "price": 88.0, "started": None},
            "TB-6107": {"customer": "C-0518", "room": "ALC", "date": "2031-11-15", "start": "13:00", "players": 5,
                        "team": "Cho and Company", "status": "booked", "gm": None, "hints": 0,
                        "payments": [["PAY-6106", 60.0, "card"]], "price": 120.0, "started": None},
            "TB-6109": {"customer": "C-0519", "room": "ATT", "date": "2031-11-16", "start": "14:30", "players": 3,
                        "team": "Byrne Notice", "status": "booked", "gm": None, "hints": 0, "payments": [],
                        "price": 60.0, "started": None},
            "TB-6110": {"customer": "C-0521", "room": "ALC", "date": "2031-11-22", "start": "19:00", "players": 6,
                        "team": "Haddad's Hunters", "status": "booked", "gm": None, "hints": 0,
                        "payments": [["PAY-6108", 40.0, "card"]], "price": 144.0, "started": None},
        }
        self.players = {
            "PL-2201": {"booking": "TB-6101", "name": "Ade Okoro", "waiver": "WV-6096"},
            "PL-2202": {"booking": "TB-6101", "name": "Tunde Okoro", "waiver": "WV-6097"},
            "PL-2204": {"booking": "TB-6104", "name": "Freya Lund", "waiver": "WV-6111"},
            "PL-2205": {"booking": "TB-6104", "name": "Nils Lund", "waiver": "WV-6113"},
            "PL-2206": {"booking": "TB-6104", "name": "Astrid Lund", "waiver": "WV-6114"},
            "PL-2207": {"booking": "TB-6104", "name": "Oskar Lund", "waiver": None},
            "PL-2210": {"booking": "TB-6107", "name": "Helen Cho", "waiver": None},
            "PL-2211": {"booking": "TB-6107", "name": "David Cho", "waiver": None},
        }
        self.waivers = {
            "WV-6096": ["PL-2201", "1990-02-11", None], "WV-6097": ["PL-2202", "1993-07-30", None],
            "WV-6111": ["PL-2204", "1988-04-02", None], "WV-6113": ["PL-2205", "1986-12-19", None],
            "WV-6114": ["PL-2206", "2017-03-08", "Freya Lund"],
        }
        self.vouchers = {
            "GV-3301": {"buyer": "C-0519", "recipient": "Ms Leila Haddad", "value": 60.0, "balance": 60.0,
                        "expires": "2032-10-01", "status": "active"},
            "GV-3302": {"buyer": "C-0512", "recipient": "Mr Ade Okoro", "value": 50.0, "balance": 0.0,
                        "expires": "2032-06-20", "status": "redeemed"},
            "GV-3305": {"buyer": "C-0521", "recipient": "Mr Sami Haddad", "value": 100.0, "balance": 100.0,
                        "expires": "2031-11-01", "status": "active"},
        }
        self.results = [
            ["TB-6088", "ALC", "Potion Commotion", "escaped", 47, 1, "2031-11-08"],
            ["TB-6090", "VLT", "Safe Bets", "out_of_time", 75, 3, "2031-11-09"],
            ["TB-6093", "SUB", "Deep Trouble", "escaped", 55, 2, "2031-11-12"],
            ["TB-6095", "ATT", "The Clutter Busters", "escaped", 41, 0, "2031-11-14"],
            ["TB-6098", "ALC", "Brewed Awakening", "escaped", 58, 3, "2031-11-14"],
            ["TB-6101", "SUB", "The Okoro Odyssey", "escaped", 52, 1, "2031-11-15"],
        ]
        self.photos = {"PH-6102": {"booking": "TB-6101", "sent_to": ["ade.okoro@mail.example"]}}
        self.resets: list[list] = []
        self.messages: list[list] = []
        self.counters = {"session": 1, "customer": 524, "booking": 6112, "player": 2212, "voucher": 3306,
                         "payment": 6135, "photo": 6137, "waiver": 6139, "message": 77}


# --------------------------------------------------------------------------- the decorator and helpers


def desk(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the manager may do everything), then await
    the tool; what the tool raises goes to the caller as it is."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def handler(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.sessions.get(token) if state is not None and isinstance(token, str) else None
                if who is None:
                    raise PermissionError("not signed in: no session for that token")
                if roles and who["role"] not in roles and who["role"] != "manager":
                    raise PermissionError(f"{who['name']} ({who['role'].replace('_', ' ')}) cannot do this; it is for "
                                          f"the {' or '.join(r.replace('_', ' ') for r in roles)}")
            return await fn(*args, **kwargs)

        return handler

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise ValueError(f"{text!r} is not a date (YYYY-MM-DD)") from None


def _customer(state: State, customer_id: str) -> dict:
    c = state.customers.get(customer_id)
    if c is None:
        raise LookupError(f"no customer {customer_id}")
    return c


def _booking(state: State, booking_id: str) -> dict:
    b = state.bookings.get(booking_id)
    if b is None:
        raise LookupError(f"no booking {booking_id}")
    return b


def _room(code: str) -> tuple:
    r = ROOMS.get(code)
    if r is None:
        raise LookupError(f"no room {code}")
    return r


def _slot(slot_id: str) -> tuple:
    """(room, date, start) of a slot id ``SUB-1115-1430``."""
    try:
        room, mmdd, hhmm = slot_id.split("-")
        date = datetime.date(int(TODAY[:4]), int(mmdd[:2]), int(mmdd[2:]))
    except (AttributeError, ValueError):
        raise LookupError(f"no slot {slot_id}") from None
    start = f"{hhmm[:2]}:{hhmm[2:]}"
    if room not in ROOMS or start not in STARTS:
        raise LookupError(f"no slot {slot_id}")
    if date.isoformat() < TODAY:
        date = date.replace(year=date.year + 1)
    return room, date.isoformat(), start


def _slot_id(room: str, date: str, start: str) -> str:
    return f"{room}-{date[5:7]}{date[8:]}-{start.replace(':', '')}"


def _taken(state: State, room: str, date: str, start: str, but: str | None = None) -> str | None:
    for bid, b in state.bookings.items():
        if bid != but and b["room"] == room and b["date"] == date and b["start"] == start and b["status"] != "cancelled":
            return bid
    return None


def _paid(b: dict) -> float:
    return round(sum(p[1] for p in b["payments"]), 2)


def _balance(b: dict) -> float:
    return round(b["price"] - _paid(b), 2)


def _age(dob: str) -> int:
    born, today = _day(dob), _day(TODAY)
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def _players(state: State, bid: str) -> list:
    return [[pid, p["name"], p["waiver"] is not None] for pid, p in sorted(state.players.items())
            if p["booking"] == bid]


def _booking_reply(state: State, bid: str) -> dict:
    b = state.bookings[bid]
    return {"booking_id": bid, "customer_id": b["customer"], "team": b["team"], "room": b["room"],
            "room_name": ROOMS[b["room"]][0], "slot_id": _slot_id(b["room"], b["date"], b["start"]), "date": b["date"],
            "start": b["start"], "players": b["players"], "price": b["price"], "paid": _paid(b),
            "balance": _balance(b), "status": b["status"], "game_master": b["gm"], "hints": b["hints"],
            "named": _players(state, bid), "payments": [list(p) for p in b["payments"]]}


def _booking_row(state: State, bid: str) -> list:
    b = state.bookings[bid]
    return [bid, b["date"], b["start"], b["room"], b["team"], b["players"], b["status"], _balance(b)]


def _voucher_status(v: dict) -> str:
    if v["status"] == "active" and v["expires"] < TODAY:
        return "expired"
    return v["status"]


def _voucher_row(state: State, code: str) -> list:
    v = state.vouchers[code]
    return [code, v["buyer"], v["recipient"], v["value"], v["balance"], v["expires"], _voucher_status(v)]


def _editable(b: dict, bid: str) -> None:
    if b["status"] != "booked":
        raise RuntimeError(f"{bid} is {b['status'].replace('_', ' ')}")


def _running(b: dict, bid: str) -> None:
    if b["status"] == "paused":
        raise RuntimeError(f"{bid}'s game is paused; resume it first")
    if b["status"] != "in_game":
        raise RuntimeError(f"{bid} is not in a game ({b['status'].replace('_', ' ')})")


# --------------------------------------------------------------------------- sign-in and public lists


@desk(public=True)
async def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the venue's system.

    Args:
        username: The user name, ``jo.p`` for example.
        password: The password.

    Returns:
        ``{"token", "name", "role"}``; the token goes with every call but the rooms, the free slots and the
        leaderboard.
    """
    s = state.staff.get(username.strip().lower())
    if s is None or s["password"] != password:
        raise PermissionError("user name or password not recognised")
    token = f"rh-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": s["name"], "role": s["role"], "gm": s["gm"]}
    return {"token": token, "name": s["name"], "role": s["role"]}


@desk()
async def sign_out(state: State, token: str) -> str:
    """End a session.

    Args:
        token: The session token.

    Returns:
        A sentence naming who was signed out.
    """
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


@desk(public=True)
async def rooms() -> list:
    """Our rooms, what they are about, and what they cost.

    Returns:
        One row per room: ``[room_code, name, theme, min_players, max_players, minutes, difficulty,
        price_per_player]``.
    """
    return [[code, r[0], r[1], r[2], r[3], r[4], r[5], r[6]] for code, r in ROOMS.items()]


@desk(public=True)
async def free_slots(state: State, date: str, room_code: str | None = None) -> list:
    """The time slots still free on a day.

    Args:
        date: The day, ``YYYY-MM-DD``.
        room_code: Only this room's slots.

    Returns:
        One row per free slot, by room and time: ``[slot_id, room_code, room_name, date, start,
        price_per_player]``.
    """
    day = _day(date)
    if room_code is not None:
        _room(room_code)
    if day.isoformat() < TODAY or (day - _day(TODAY)).days > BOOK_AHEAD_DAYS:
        raise ValueError(f"rooms are booked from today up to {BOOK_AHEAD_DAYS} days ahead")
    out = []
    for code, r in ROOMS.items():
        if (room_code is not None and code != room_code) or state.rooms[code]["status"] == "closed":
            continue
        for start in STARTS:
            if (date == TODAY and start <= NOW) or _taken(state, code, date, start):
                continue
            out.append([_slot_id(code, date, start), code, r[0], date, start, r[6]])
    return out


@desk(public=True)
async def leaderboard(state: State, room_code: str, period: Period = "month") -> list:
    """A room's fastest escapes.

    Args:
        room_code: The room.
        period: ``week``, ``month`` or ``all_time``.

    Returns:
        One row per escape, fastest first (fewer hints breaking a tie): ``[rank, team, minutes, hints,
        date]``.
    """
    _room(room_code)
    days = {"week": 7, "month": 31, "all_time": 100000}.get(period)
    if days is None:
        raise ValueError(f"{period!r} is not a period (week, month or all_time)")
    since = (_day(TODAY) - datetime.timedelta(days=days)).isoformat() if days < 100000 else ""
    rows = sorted((r for r in state.results if r[1] == room_code and r[3] == "escaped" and r[6] >= since),
                  key=lambda r: (r[4], r[5], r[6]))
    return [[i + 1, r[2], r[4], r[5], r[6]] for i, r in enumerate(rows)]


# --------------------------------------------------------------------------- customers


@desk()
async def find_customer(state: State, token: str, text: str) -> list:
    """Look customers up by part of a name, a phone number or an e-mail address.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        One row per customer: ``[customer_id, name, phone]``.
    """
    t = text.strip().lower()
    if not t:
        raise ValueError("say what to look for")
    return [[cid, c["name"], c["phone"]] for cid, c in sorted(state.customers.items())
            if t in " ".join(x for x in (c["name"], c["phone"], c["email"]) if x).lower()]


@desk("host")
async def register_customer(state: State, token: str, name: str, phone: str, email: str | None = None) -> dict:
    """Register a new customer (whoever books for the team).

    Args:
        token: The session token (a host).
        name: The customer's name.
        phone: A phone number.
        email: An e-mail address.

    Returns:
        ``{"customer_id", "name", "phone", "email"}``.
    """
    if not name.strip() or not phone.strip():
        raise ValueError("a customer needs a name and a phone number")
    for cid, c in state.customers.items():
        if c["phone"].replace(" ", "") == phone.replace(" ", ""):
            raise ValueError(f"{phone} is {c['name']}'s number ({cid})")
    cid = f"C-{_next(state, 'customer'):04d}"
    state.customers[cid] = {"name": name.strip(), "phone": phone.strip(), "email": (email or "").strip() or None}
    return {"customer_id": cid, **state.customers[cid]}


@desk("host")
async def update_customer(state: State, token: str, customer_id: str, phone: str | None = None,
                          email: str | None = None) -> dict:
    """Change a customer's phone number or e-mail address.

    Args:
        token: The session token (a host).
        customer_id: The customer.
        phone: A new phone number.
        email: A new e-mail address.

    Returns:
        ``{"customer_id", "name", "phone", "email"}`` as now recorded.
    """
    c = _customer(state, customer_id)
    new_phone = phone.strip() if phone else c["phone"]
    new_email = email.strip() if email else c["email"]
    if new_phone == c["phone"] and new_email == c["email"]:
        raise ValueError(f"nothing to change: {c['name']} has these details already")
    for cid, other in state.customers.items():
        if cid != customer_id and other["phone"].replace(" ", "") == new_phone.replace(" ", ""):
            raise ValueError(f"{new_phone} is {other['name']}'s number ({cid})")
    c["phone"], c["email"] = new_phone, new_email
    return {"customer_id": customer_id, **c}


@desk()
async def customer_record(state: State, token: str, customer_id: str) -> dict:
    """A customer's record: details, bookings and the gift vouchers they bought.

    Args:
        token: The session token.
        customer_id: The customer.

    Returns:
        The details, with ``bookings`` (rows ``[booking_id, date, start, room_code, team, players, status,
        balance]``) and ``vouchers`` (rows ``[voucher_code, buyer_id, recipient, value, balance, expires,
        status]``).
    """
    c = _customer(state, customer_id)
    return {"customer_id": customer_id, **c,
            "bookings": [_booking_row(state, bid) for bid, b in sorted(state.bookings.items())
                         if b["customer"] == customer_id],
            "vouchers": [_voucher_row(state, code) for code, v in sorted(state.vouchers.items())
                         if v["buyer"] == customer_id]}


@desk("host")
async def notify_customer(state: State, token: str, customer_id: str, channel: Channel, text: str) -> str:
    """Send a customer a text or an e-mail.

    Args:
        token: The session token (a host).
        customer_id: The customer.
        channel: ``sms`` or ``email``.
        text: The message.

    Returns:
        A sentence with the message's number.
    """
    c = _customer(state, customer_id)
    if not text.strip():
        raise ValueError("the message is empty")
    if channel == "sms" and not c["phone"].replace(" ", "").startswith("07"):
        raise ValueError(f"{c['phone']} is not a mobile number")
    if channel == "email" and not c["email"]:
        raise ValueError(f"no e-mail address for {c['name']}")
    mid = f"MSG-{_next(state, 'message'):03d}"
    state.messages.append([mid, customer_id, channel, text.strip()])
    return f"Message {mid} sent by {channel} to {c['name']}."


# --------------------------------------------------------------------------- bookings and payments


@desk("host")
async def book_room(state: State, token: str, customer_id: str, slot_id: str, players: int, team_name: str) -> dict:
    """Book a team into a room's time slot.

    Args:
        token: The session token (a host).
        customer_id: Who books and pays.
        slot_id: The slot, as the free slots list it.
        players: How many will play.
        team_name: The team's name, for the leaderboard.

    Returns:
        The booking, with its ``booking_id``, price and balance.
    """
    _customer(state, customer_id)
    room, date, start = _slot(slot_id)
    r = ROOMS[room]
    if state.rooms[room]["status"] == "closed":
        raise RuntimeError(f"{r[0]} is closed: {state.rooms[room]['note']}")
    if date == TODAY and start <= NOW:
        raise ValueError(f"{slot_id} has started")
    if (_day(date) - _day(TODAY)).days > BOOK_AHEAD_DAYS:
        raise ValueError(f"rooms are booked up to {BOOK_AHEAD_DAYS} days ahead")
    other = _taken(state, room, date, start)
    if other:
        raise RuntimeError(f"{slot_id} is taken ({other})")
    if not r[2] <= players <= r[3]:
        raise ValueError(f"{r[0]} takes {r[2]} to {r[3]} players")
    if not team_name.strip():
        raise ValueError("give the team a name")
    bid = f"TB-{_next(state, 'booking')}"
    state.bookings[bid] = {"customer": customer_id, "room": room, "date": date, "start": start, "players": players,
                           "team": team_name.strip(), "status": "booked", "gm": None, "hints": 0, "payments": [],
                           "price": round(players * r[6], 2), "started": None}
    return _booking_reply(state, bid)


@desk()
async def bookings(state: State, token: str, date: str | None = None, room_code: str | None = None,
                   status: BookingStatus | None = None) -> list:
    """Bookings, by day, room and status.

    Args:
        token: The session token.
        date: Only this day's bookings, ``YYYY-MM-DD``.
        room_code: Only this room's bookings.
        status: booked, checked_in, in_game, paused, played or cancelled.

    Returns:
        One row per booking, by day and time: ``[booking_id, date, start, room_code, team, players, status,
        balance]``.
    """
    wanted = BookingStatus(status).value if status is not None else None
    return [_booking_row(state, bid) for bid, b in sorted(state.bookings.items(), key=lambda kv: (kv[1]["date"],
                                                                                                 kv[1]["start"], kv[0]))
            if (date is None or b["date"] == date) and (room_code is None or b["room"] == room_code)
            and (wanted is None or b["status"] == wanted)]


@desk()
async def booking_details(state: State, token: str, booking_id: str) -> dict:
    """One booking in full.

    Args:
        token: The session token.
        booking_id: The booking.

    Returns:
        The booking, with ``named`` (rows ``[player_id, name, waiver_signed]``) and ``payments`` (rows
        ``[payment_id, amount, method]``).
    """
    _booking(state, booking_id)
    return _booking_reply(state, booking_id)


@desk("host")
async def change_players(state: State, token: str, booking_id: str, players: int) -> dict:
    """Change how many will play on a booking; the price follows.

    Args:
        token: The session token (a host).
        booking_id: The booking.
        players: The new number of players.

    Returns:
        The booking.
    """
    b = _booking(state, booking_id)
    _editable(b, booking_id)
    r = ROOMS[b["room"]]
    if players == b["players"]:
        raise ValueError(f"{booking_id} is for {players} players already")
    if not r[2] <= players <= r[3]:
        raise ValueError(f"{r[0]} takes {r[2]} to {r[3]} players")
    named = len(_players(state, booking_id))
    if players < named:
        raise ValueError(f"{named} players are named on {booking_id}; take some off first")
    b["players"] = players
    b["price"] = round(players * r[6], 2)
    return _booking_reply(state, booking_id)


@desk("host")
async def move_booking(state: State, token: str, booking_id: str, slot_id: str) -> dict:
    """Move a booking to another slot (another time, another day or another room).

    Args:
        token: The session token (a host).
        booking_id: The booking.
        slot_id: The new slot.

    Returns:
        The booking in its new slot.
    """
    b = _booking(state, booking_id)
    _editable(b, booking_id)
    room, date, start = _slot(slot_id)
    if (room, date, start) == (b["room"], b["date"], b["start"]):
        raise ValueError(f"{booking_id} is in {slot_id} already")
    r = ROOMS[room]
    if state.rooms[room]["status"] == "closed":
        raise RuntimeError(f"{r[0]} is closed: {state.rooms[room]['note']}")
    if date == TODAY and start <= NOW:
        raise ValueError(f"{slot_id} has started")
    other = _taken(state, room, date, start, but=booking_id)
    if other:
        raise RuntimeError(f"{slot_id} is taken ({other})")
    if not r[2] <= b["players"] <= r[3]:
        raise ValueError(f"{r[0]} takes {r[2]} to {r[3]} players")
    b["room"], b["date"], b["start"] = room, date, start
    b["price"] = round(b["players"] * r[6], 2)
    b["gm"] = None
    return _booking_reply(state, booking_id)


@desk("host")
async def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> float:
    """Cancel a booking; what was paid is refunded when it is cancelled in good time.

    Args:
        token: The session token (a host).
        booking_id: The booking.
        reason: Why.

    Returns:
        The refund.
    """
    b = _booking(state, booking_id)
    _editable(b, booking_id)
    if not reason.strip():
        raise ValueError("say why")
    starts = datetime.datetime.fromisoformat(f"{b['date']}T{b['start']}")
    hours = (starts - datetime.datetime.fromisoformat(f"{TODAY}T{NOW}")).total_seconds() / 3600
    b["status"] = "cancelled"
    return _paid(b) if hours >= REFUND_HOURS else 0.0


@desk("host")
async def take_payment(state: State, token: str, booking_id: str, amount: float, method: PayMethod) -> str:
    """Take a payment on a booking.

    Args:
        token: The session token (a host).
        booking_id: The booking.
        amount: The amount.
        method: ``card`` or ``cash``.

    Returns:
        A sentence with the payment's number and the balance left.
    """
    b = _booking(state, booking_id)
    if b["status"] in ("cancelled", "played"):
        raise RuntimeError(f"{booking_id} is {b['status']}")
    balance = _balance(b)
    if balance <= 0:
        raise ValueError(f"{booking_id} is paid in full")
    if amount <= 0 or amount > balance + 0.005:
        raise ValueError(f"the balance on {booking_id} is £{balance:.2f}")
    if method not in ("card", "cash"):
        raise ValueError(f"we take card or cash, not {method!r}")
    pid = f"PAY-{_next(state, 'payment')}"
    b["payments"].append([pid, round(amount, 2), method])
    return f"Payment {pid} of £{amount:.2f} taken on {booking_id}; £{_balance(b):.2f} left to pay."


# --------------------------------------------------------------------------- gift vouchers


@desk("host")
async def sell_gift_voucher(state: State, token: str, customer_id: str, value: float, recipient: str,
                            method: PayMethod) -> dict:
    """Sell a gift voucher, good for a year against any booking.

    Args:
        token: The session token (a host).
        customer_id: The buyer.
        value: The voucher's value in pounds.
        recipient: Whose name goes on it.
        method: ``card`` or ``cash``.

    Returns:
        ``{"voucher_code", "value", "recipient", "expires"}``.
    """
    _customer(state, customer_id)
    if not VOUCHER_VALUES[0] <= value <= VOUCHER_VALUES[1]:
        raise ValueError(f"gift vouchers are sold from £{VOUCHER_VALUES[0]:g} to £{VOUCHER_VALUES[1]:g}")
    if not recipient.strip():
        raise ValueError("whose name goes on the voucher?")
    code = f"GV-{_next(state, 'voucher')}"
    expires = _day(TODAY).replace(year=_day(TODAY).year + 1).isoformat()
    state.vouchers[code] = {"buyer": customer_id, "recipient": recipient.strip(), "value": value, "balance": value,
                            "expires": expires, "status": "active"}
    return {"voucher_code": code, "value": value, "recipient": recipient.strip(), "expires": expires}


@desk()
async def gift_vouchers(state: State, token: str, status: VoucherStatus | None = None) -> list:
    """Gift vouchers sold, by status.

    Args:
        token: The session token.
        status: ``active``, ``redeemed``, ``expired`` or ``void``.

    Returns:
        One row per voucher: ``[voucher_code, buyer_id, recipient, value, balance, expires, status]``.
    """
    return [_voucher_row(state, code) for code, v in sorted(state.vouchers.items())
            if status is None or _voucher_status(v) == status]


@desk("host")
async def redeem_voucher(state: State, token: str, booking_id: str, voucher_code: str) -> float:
    """Pay towards a booking with a gift voucher.

    Args:
        token: The session token (a host).
        booking_id: The booking.
        voucher_code: The voucher.

    Returns:
        The balance left on the booking.
    """
    b = _booking(state, booking_id)
    v = state.vouchers.get(voucher_code)
    if v is None:
        raise LookupError(f"no gift voucher {voucher_code}")
    status = _voucher_status(v)
    if status == "expired":
        raise RuntimeError(f"{voucher_code} expired on {v['expires']}")
    if status != "active":
        raise RuntimeError(f"{voucher_code} is {status}")
    if b["status"] in ("cancelled", "played"):
        raise RuntimeError(f"{booking_id} is {b['status']}")
    balance = _balance(b)
    if balance <= 0:
        raise ValueError(f"{booking_id} is paid in full")
    used = min(balance, v["balance"])
    v["balance"] = round(v["balance"] - used, 2)
    if v["balance"] <= 0:
        v["status"] = "redeemed"
    b["payments"].append([voucher_code, used, "gift_voucher"])
    return _balance(b)


@desk("manager")
async def void_gift_voucher(state: State, token: str, voucher_code: str, reason: str) -> float:
    """Void an unused gift voucher and refund the buyer.

    Args:
        token: The session token (the manager).
        voucher_code: The voucher.
        reason: Why.

    Returns:
        The refund.
    """
    v = state.vouchers.get(voucher_code)
    if v is None:
        raise LookupError(f"no gift voucher {voucher_code}")
    if v["status"] == "void":
        raise ValueError(f"{voucher_code} is void already")
    if _voucher_status(v) != "active":
        raise RuntimeError(f"{voucher_code} is {_voucher_status(v)}")
    if v["balance"] < v["value"]:
        raise RuntimeError(f"{voucher_code} has been used in part; it cannot be voided")
    if not reason.strip():
        raise ValueError("say why")
    v["status"] = "void"
    refund, v["balance"] = v["balance"], 0.0
    return refund


# --------------------------------------------------------------------------- players and waivers


@desk("host")
async def add_players(state: State, token: str, booking_id: str, names: list[str]) -> list:
    """Name the players on a booking.

    Args:
        token: The session token (a host).
        booking_id: The booking.
        names: The players' names.

    Returns:
        Every player named on the booking: rows ``[player_id, name, waiver_signed]``.
    """
    b = _booking(state, booking_id)
    if b["status"] not in ("booked", "checked_in"):
        raise RuntimeError(f"{booking_id} is {b['status'].replace('_', ' ')}")
    clean = [n.strip() for n in names if n.strip()]
    if not clean:
        raise ValueError("give the players' names")
    named = _players(state, booking_id)
    have = {row[1].lower() for row in named}
    dup = [n for n in clean if n.lower() in have]
    if dup:
        raise ValueError(f"{', '.join(dup)} named on {booking_id} already")
    if len(named) + len(clean) > b["players"]:
        raise ValueError(f"{booking_id} is for {b['players']} players and {len(named)} are named; change the number "
                         "of players first")
    for n in clean:
        state.players[f"PL-{_next(state, 'player')}"] = {"booking": booking_id, "name": n, "waiver": None}
    return _players(state, booking_id)


@desk("host")
async def remove_player(state: State, token: str, player_id: str) -> int:
    """Take a player off a booking (their waiver goes with them).

    Args:
        token: The session token (a host).
        player_id: The player.

    Returns:
        How many players are still named on the booking.
    """
    p = state.players.get(player_id)
    if p is None:
        raise LookupError(f"no player {player_id}")
    b = state.bookings[p["booking"]]
    if b["status"] not in ("booked", "checked_in"):
        raise RuntimeError(f"{p['booking']} is {b['status'].replace('_', ' ')}")
    del state.players[player_id]
    return len(_players(state, p["booking"]))


@desk("host")
async def sign_waiver(state: State, token: str, player_id: str, date_of_birth: str, guardian: str | None = None) -> str:
    """Record a player's signed waiver from the tablet at the desk.

    Args:
        token: The session token (a host).
        player_id: The player.
        date_of_birth: The player's date of birth, ``YYYY-MM-DD``.
        guardian: The parent or guardian signing for a young player.

    Returns:
        A sentence with the waiver's number.
    """
    p = state.players.get(player_id)
    if p is None:
        raise LookupError(f"no player {player_id}")
    if p["waiver"]:
        raise ValueError(f"{p['name']} has signed a waiver already ({p['waiver']})")
    b = state.bookings[p["booking"]]
    age = _age(date_of_birth)
    room = ROOMS[b["room"]]
    if age < 0 or age > 110:
        raise ValueError(f"{date_of_birth} is not a date of birth")
    if age < room[7]:
        raise ValueError(f"{p['name']} is {age}; {room[0]} is for players of {room[7]} and over")
    if age < GUARDIAN_UNDER and not (guardian or "").strip():
        raise ValueError(f"{p['name']} is {age}; a parent or guardian signs for players under {GUARDIAN_UNDER}")
    wid = f"WV-{_next(state, 'waiver')}"
    state.waivers[wid] = [player_id, date_of_birth, (guardian or "").strip() or None]
    p["waiver"] = wid
    return f"Waiver {wid} signed for {p['name']}" + (f" by {guardian.strip()}." if guardian else ".")


@desk("host")
async def check_in(state: State, token: str, booking_id: str) -> dict:
    """Check a team in at the desk: paid, every player named, every waiver signed.

    Args:
        token: The session token (a host).
        booking_id: The booking.

    Returns:
        The booking, checked in.
    """
    b = _booking(state, booking_id)
    if b["status"] == "checked_in":
        raise ValueError(f"{booking_id} is checked in already")
    _editable(b, booking_id)
    if b["date"] != TODAY:
        raise RuntimeError(f"{booking_id} is on {b['date']}; teams check in on the day")
    if _balance(b) > 0:
        raise RuntimeError(f"£{_balance(b):.2f} is still to pay on {booking_id}")
    named = _players(state, booking_id)
    if len(named) < b["players"]:
        raise RuntimeError(f"{len(named)} of {b['players']} players are named on {booking_id}")
    unsigned = [f"{row[1]} ({row[0]})" for row in named if not row[2]]
    if unsigned:
        raise RuntimeError(f"no waiver for {', '.join(unsigned)}")
    b["status"] = "checked_in"
    return _booking_reply(state, booking_id)


# --------------------------------------------------------------------------- the game floor


@desk()
async def game_masters(state: State, token: str) -> list:
    """The game masters, the rooms they run and who is on shift.

    Args:
        token: The session token.

    Returns:
        One row per game master: ``[gm_id, name, rooms, on_shift]``.
    """
    return [[gid, g["name"], list(g["rooms"]), g["on_shift"]] for gid, g in sorted(state.game_masters.items())]


@desk("manager")
async def assign_game_master(state: State, token: str, booking_id: str, gm_id: str) -> str:
    """Give a booking its game master (the duty manager).

    Args:
        token: The session token (the manager).
        booking_id: The booking.
        gm_id: The game master.

    Returns:
        A sentence naming the game master, the booking, the room and the time.
    """
    b = _booking(state, booking_id)
    g = state.game_masters.get(gm_id)
    if g is None:
        raise LookupError(f"no game master {gm_id}")
    if b["status"] not in ("booked", "checked_in"):
        raise RuntimeError(f"{booking_id} is {b['status'].replace('_', ' ')}")
    if b["gm"] == gm_id:
        raise ValueError(f"{g['name']} runs {booking_id} already")
    if b["room"] not in g["rooms"]:
        raise RuntimeError(f"{g['name']} is not trained on {ROOMS[b['room']][0]}")
    if b["date"] == TODAY and not g["on_shift"]:
        raise RuntimeError(f"{g['name']} is not on shift today")
    for bid, other in state.bookings.items():
        if bid != booking_id and other["gm"] == gm_id and other["date"] == b["date"] and other["start"] == b["start"] \
                and other["status"] not in ("cancelled", "played"):
            raise RuntimeError(f"{g['name']} runs {bid} at {b['start']}")
    b["gm"] = gm_id
    return f"{g['name']} ({gm_id}) runs {booking_id} in {ROOMS[b['room']][0]} at {b['start']} on {b['date']}."


@desk()
async def room_status(state: State, token: str) -> list:
    """Each room's state on the floor.

    Args:
        token: The session token.

    Returns:
        One row per room: ``[room_code, name, status, last_booking, note]``; status is ready, needs_reset,
        in_game or closed.
    """
    return [[code, ROOMS[code][0], r["status"], r["last"], r["note"]] for code, r in state.rooms.items()]


@desk("game_master")
async def reset_room(state: State, token: str, room_code: str, checklist: list[str]) -> dict:
    """Reset a room for the next team, ticking off its checklist.

    Args:
        token: The session token (a game master).
        room_code: The room.
        checklist: The items reset (locks re-set, props back, clues in place).

    Returns:
        ``{"room_code", "status", "reset_by", "at"}``.
    """
    _room(room_code)
    r = state.rooms[room_code]
    if r["status"] == "closed":
        raise RuntimeError(f"{ROOMS[room_code][0]} is closed: {r['note']}")
    if r["status"] == "in_game":
        raise RuntimeError(f"{ROOMS[room_code][0]} has a game running")
    if r["status"] == "ready":
        raise ValueError(f"{ROOMS[room_code][0]} is reset already")
    done = {c.strip().lower() for c in checklist}
    missing = [item for item in CHECKLISTS[room_code] if item not in done]
    if missing:
        raise ValueError(f"the reset checklist for {ROOMS[room_code][0]} is missing: {', '.join(missing)}")
    who = state.sessions[token]["name"]
    r["status"] = "ready"
    state.resets.append([room_code, TODAY, NOW, who])
    return {"room_code": room_code, "status": "ready", "reset_by": who, "at": NOW}


@desk("game_master")
async def start_game(state: State, token: str, booking_id: str) -> dict:
    """Start a checked-in team's game: the doors close and the clock runs.

    Args:
        token: The session token (a game master).
        booking_id: The booking.

    Returns:
        ``{"booking_id", "room_code", "team", "started_at", "ends_at", "status"}``.
    """
    b = _booking(state, booking_id)
    if b["status"] != "checked_in":
        raise RuntimeError(f"{booking_id} is {b['status'].replace('_', ' ')}; a team starts once it is checked in")
    if not b["gm"]:
        raise RuntimeError(f"{booking_id} has no game master")
    r = state.rooms[b["room"]]
    if r["status"] != "ready":
        raise RuntimeError(f"{ROOMS[b['room']][0]} is {r['status'].replace('_', ' ')}"
                           + ("; reset it after the last game" if r["status"] == "needs_reset" else ""))
    b["status"] = "in_game"
    b["started"] = NOW
    r["status"] = "in_game"
    r["last"] = booking_id
    ends = (datetime.datetime.fromisoformat(f"{TODAY}T{NOW}")
            + datetime.timedelta(minutes=ROOMS[b["room"]][4])).strftime("%H:%M")
    return {"booking_id": booking_id, "room_code": b["room"], "team": b["team"], "started_at": NOW, "ends_at": ends,
            "status": "in_game"}


@desk("game_master")
async def give_hint(state: State, token: str, booking_id: str, puzzle: str, hint: str) -> int:
    """Give a team in play a hint over the screen.

    Args:
        token: The session token (a game master).
        booking_id: The booking.
        puzzle: Which puzzle they are stuck on.
        hint: The hint.

    Returns:
        The hints the team has had.
    """
    b = _booking(state, booking_id)
    _running(b, booking_id)
    if b["hints"] >= HINTS:
        raise ValueError(f"{b['team']} have had their {HINTS} hints")
    if not hint.strip():
        raise ValueError("the hint is empty")
    b["hints"] += 1
    return b["hints"]


@desk("game_master")
async def pause_game(state: State, token: str, booking_id: str, reason: str) -> dict:
    """Stop the clock on a game (a player unwell, a prop broken).

    Args:
        token: The session token (a game master).
        booking_id: The booking.
        reason: Why.

    Returns:
        The booking, paused.
    """
    b = _booking(state, booking_id)
    if b["status"] == "paused":
        raise ValueError(f"{booking_id} is paused already")
    _running(b, booking_id)
    if not reason.strip():
        raise ValueError("say why")
    b["status"] = "paused"
    return _booking_reply(state, booking_id)


@desk("game_master")
async def resume_game(state: State, token: str, booking_id: str) -> dict:
    """Start the clock again on a paused game.

    Args:
        token: The session token (a game master).
        booking_id: The booking.

    Returns:
        The booking, in play.
    """
    b = _booking(state, booking_id)
    if b["status"] != "paused":
        raise RuntimeError(f"{booking_id} is not paused ({b['status'].replace('_', ' ')})")
    b["status"] = "in_game"
    return _booking_reply(state, booking_id)


@desk("game_master")
async def end_game(state: State, token: str, booking_id: str, outcome: Outcome, minutes_taken: int | None = None) -> dict:
    """End a team's game; an escape goes on the leaderboard, and the team photo is taken.

    Args:
        token: The session token (a game master).
        booking_id: The booking.
        outcome: ``escaped``, ``out_of_time`` or ``gave_up``.
        minutes_taken: How long an escape took.

    Returns:
        ``{"booking_id", "team", "room_code", "outcome", "minutes", "hints", "photo_id"}``.
    """
    b = _booking(state, booking_id)
    if b["status"] not in ("in_game", "paused"):
        raise RuntimeError(f"{booking_id} is not in a game ({b['status'].replace('_', ' ')})")
    try:
        result = Outcome(outcome.value if isinstance(outcome, Outcome) else outcome).value
    except ValueError:
        raise ValueError(f"{outcome!r} is not an outcome (escaped, out_of_time or gave_up)") from None
    limit = ROOMS[b["room"]][4]
    if result == "escaped":
        if minutes_taken is None or not 1 <= minutes_taken <= limit:
            raise ValueError(f"say how many minutes the escape took (up to {limit})")
        minutes = minutes_taken
    else:
        minutes = limit if result == "out_of_time" else (minutes_taken or limit)
    b["status"] = "played"
    state.rooms[b["room"]]["status"] = "needs_reset"
    state.results.append([booking_id, b["room"], b["team"], result, minutes, b["hints"], b["date"]])
    photo = f"PH-{_next(state, 'photo')}"
    state.photos[photo] = {"booking": booking_id, "sent_to": []}
    return {"booking_id": booking_id, "team": b["team"], "room_code": b["room"], "outcome": result, "minutes": minutes,
            "hints": b["hints"], "photo_id": photo}


@desk("host")
async def send_photo(state: State, token: str, photo_id: str, email: str) -> str:
    """E-mail a team photo.

    Args:
        token: The session token (a host).
        photo_id: The photo.
        email: Where to send it.

    Returns:
        A sentence naming the photo, the team and the address.
    """
    ph = state.photos.get(photo_id)
    if ph is None:
        raise LookupError(f"no photo {photo_id}")
    if "@" not in email:
        raise ValueError(f"{email!r} is not an e-mail address")
    if email.strip().lower() in ph["sent_to"]:
        raise ValueError(f"{photo_id} was sent to {email} already")
    ph["sent_to"].append(email.strip().lower())
    return f"Photo {photo_id} of {state.bookings[ph['booking']]['team']} sent to {email.strip()}."


@desk()
async def results(state: State, token: str, date: str, room_code: str | None = None) -> list:
    """The games played on a day.

    Args:
        token: The session token.
        date: The day, ``YYYY-MM-DD``.
        room_code: Only this room's games.

    Returns:
        One row per game: ``[booking_id, room_code, team, outcome, minutes, hints]``.
    """
    _day(date)
    return [r[:6] for r in state.results if r[6] == date and (room_code is None or r[1] == room_code)]


@desk("manager")
async def close_room(state: State, token: str, room_code: str, reason: str) -> int:
    """Close a room (a fault, a repair); it is taken off the free slots.

    Args:
        token: The session token (the manager).
        room_code: The room.
        reason: Why.

    Returns:
        How many bookings the room still has from now on (to be moved or cancelled).
    """
    _room(room_code)
    r = state.rooms[room_code]
    if r["status"] == "closed":
        raise ValueError(f"{ROOMS[room_code][0]} is closed already")
    if r["status"] == "in_game":
        raise RuntimeError(f"{ROOMS[room_code][0]} has a game running")
    if not reason.strip():
        raise ValueError("say why")
    r["status"] = "closed"
    r["note"] = reason.strip()
    return sum(1 for b in state.bookings.values() if b["room"] == room_code and b["status"] == "booked"
               and (b["date"], b["start"]) > (TODAY, NOW))


@desk("manager")
async def reopen_room(state: State, token: str, room_code: str) -> dict:
    """Open a closed room again; it is reset before its next game.

    Args:
        token: The session token (the manager).
        room_code: The room.

    Returns:
        ``{"room_code", "status"}``.
    """
    _room(room_code)
    r = state.rooms[room_code]
    if r["status"] != "closed":
        raise ValueError(f"{ROOMS[room_code][0]} is open ({r['status'].replace('_', ' ')})")
    r["status"] = "needs_reset"
    r["note"] = None
    return {"room_code": room_code, "status": "needs_reset"}


TOOLS = [
    sign_in, sign_out, rooms, free_slots, leaderboard, find_customer, register_customer, update_customer,
    customer_record, notify_customer, book_room, bookings, booking_details, change_players, move_booking,
    cancel_booking, take_payment, sell_gift_voucher, gift_vouchers, redeem_voucher, void_gift_voucher, add_players,
    remove_player, sign_waiver, check_in, game_masters, assign_game_master, room_status, reset_room, start_game,
    give_hint, pause_game, resume_game, end_game, send_photo, results, close_room, reopen_room,
]

FIXTURES = {
    "venue": {"name": "Red Herring Escape Rooms, Unit 4, Tannery Yard, Brackwell",
              "today": "Saturday 15 November, eleven in the morning"},
    "staff": [
        {"name": "Jo Pemberton", "role": "host", "username": "jo.p", "password": "Red-Herring-7"},
        {"name": "Ola Brandt", "role": "game master", "username": "ola.b", "password": "Cipher-Wheel-3"},
        {"name": "Ravi Shah", "role": "game master", "username": "ravi.s", "password": "Morse-Tapper-5"},
        {"name": "Beth Lomax", "role": "duty manager", "username": "beth.l", "password": "Tannery-Yard-21"},
    ],
    "new_customer": {"name": "Ms Hana Sato", "mobile": "07700 900524", "email": "hana.sato@mail.example",
                     "team": "Sato's Sleuths",
                     "players": ["Hana Sato (born 1985-06-14)", "Ken Sato (born 1983-01-22)",
                                 "Mia Sato (born 2019-03-30, Hana signs for her)", "Lucy Park (born 1987-09-05)"],
                     "wants": "Submarine Nine at half past two today, paying by card"},
    "desk_notes": [
        "Oskar Lund (born 2020-05-09) still needs his waiver; his mum Freya signs for him",
        "Helen Cho is bringing Mei Cho, Jonah Cho and Grace Lin and will pay the rest when they arrive",
        "Marcus Byrne's team for tomorrow is now four",
        "Leila Haddad can't make next Saturday; she wants to cancel",
        "The Vault's maglock is fixed; Beth will reopen it once Ola has been through the checklist",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "rooms", "free_slots", "leaderboard")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_record", "notify_customer", "book_room", "sell_gift_voucher"]
BOOKING_CONSUMERS = ["booking_details", "change_players", "move_booking", "cancel_booking", "take_payment",
                     "redeem_voucher", "add_players", "check_in", "assign_game_master", "start_game", "give_hint",
                     "pause_game", "resume_game", "end_game"]
ROOM_CONSUMERS = ["reset_room", "close_room", "reopen_room"]
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or column 0 of a find_customer row)"
_BOOKING = "id lookup/create: booking (booking_id of book_room, or column 0 of a bookings row)"
_ROOM = "vocabulary: room codes (column 0 of rooms rows, or of room_status rows)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("book_room|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("rooms|room_status", c, _ROOM) for c in ROOM_CONSUMERS]
    + [
        ("add_players|booking_details", "sign_waiver",
         "id lookup/create: player (column 0 of an add_players row, or of a booking_details named row)"),
        ("add_players|booking_details", "remove_player",
         "id lookup/create: player (column 0 of an add_players row, or of a booking_details named row)"),
        ("sell_gift_voucher|gift_vouchers", "redeem_voucher",
         "id lookup/create: gift voucher (voucher_code of sell_gift_voucher, or column 0 of a gift_vouchers row)"),
        ("sell_gift_voucher|gift_vouchers", "void_gift_voucher",
         "id lookup/create: gift voucher (voucher_code of sell_gift_voucher, or column 0 of a gift_vouchers row)"),
        ("free_slots", "book_room", "id lookup: time slot (column 0 of a free_slots row)"),
        ("free_slots", "move_booking", "id lookup: time slot (column 0 of a free_slots row)"),
        ("game_masters", "assign_game_master", "id lookup: game master (column 0 of a game_masters row)"),
        ("end_game", "send_photo", "id create: team photo (photo_id of end_game)"),
        ("rooms", "leaderboard", "vocabulary: room codes (column 0 of rooms rows)"),
        ("take_payment|redeem_voucher", "check_in", "state: the booking paid in full"),
        ("add_players", "check_in", "state: every player named"),
        ("sign_waiver", "check_in", "state: every player's waiver signed"),
        ("check_in", "start_game", "state: the team checked in"),
        ("assign_game_master", "start_game", "state: a game master on the booking"),
        ("reset_room", "start_game", "state: the room reset after its last game"),
        ("start_game", "give_hint", "state: the game running"),
        ("start_game", "pause_game", "state: the game running"),
        ("start_game", "end_game", "state: the game running"),
        ("pause_game", "resume_game", "state: the game paused"),
        ("end_game", "reset_room", "state: a game played in the room since it was last reset"),
        ("close_room", "reopen_room", "state: the room closed"),
        ("reopen_room", "reset_room", "state: the room open again"),
    ]
)

PLAUSIBLE = (
    # a customer's record nests their bookings and the vouchers they bought, with their ids
    {("customer_record", c) for c in BOOKING_CONSUMERS + ["redeem_voucher", "void_gift_voucher"]}
    # a customer found or registered, then their record read and a booking of theirs used
    | {("find_customer", c) for c in ("take_payment", "cancel_booking", "change_players", "move_booking",
                                      "booking_details", "add_players", "redeem_voucher", "void_gift_voucher")}
    # a booking read in full, then used
    | {("booking_details", c) for c in ("take_payment", "redeem_voucher", "add_players", "check_in", "change_players",
                                        "move_booking", "cancel_booking", "assign_game_master")}
    # room codes as filters
    | {(r, c) for r in ("rooms", "room_status") for c in ("free_slots", "bookings", "results")}
    | {
        ("room_status", "leaderboard"), ("register_customer", "find_customer"), ("book_room", "bookings"),
        ("book_room", "free_slots"), ("book_room", "customer_record"), ("book_room", "sign_waiver"),
        ("book_room", "remove_player"), ("add_players", "booking_details"), ("sign_waiver", "booking_details"),
        ("change_players", "add_players"), ("change_players", "take_payment"), ("change_players", "check_in"),
        ("move_booking", "free_slots"), ("move_booking", "assign_game_master"), ("move_booking", "check_in"),
        ("cancel_booking", "free_slots"), ("cancel_booking", "book_room"), ("take_payment", "booking_details"),
        ("sell_gift_voucher", "gift_vouchers"), ("sell_gift_voucher", "customer_record"),
        ("redeem_voucher", "gift_vouchers"), ("redeem_voucher", "booking_details"), ("check_in", "booking_details"),
        ("assign_game_master", "booking_details"), ("reset_room", "room_status"), ("start_game", "room_status"),
        ("give_hint", "end_game"), ("end_game", "results"), ("end_game", "leaderboard"), ("end_game", "room_status"),
        ("close_room", "room_status"), ("close_room", "free_slots"), ("close_room", "move_booking"),
        ("close_room", "cancel_booking"), ("reopen_room", "free_slots"), ("reopen_room", "book_room"),
        ("reopen_room", "room_status"), ("results", "leaderboard"), ("remove_player", "add_players"),
        ("remove_player", "check_in"), ("update_customer", "notify_customer"), ("bookings", "sign_waiver"),
        ("bookings", "remove_player"), ("game_masters", "start_game"),
    }
)
