"""Linework: the booking desk of Black Lantern Tattoo, 27 Dock Street, Harwick (40 calls).

Async functions over an in-memory ``State`` of the studio on Friday 13 June 2031 at 11:40, forty minutes
after the doors open. The front desk registers clients, books consultations with the artists, records
clients' approval of their designs (or the changes they want), books tattoo sessions into the artists'
books, takes deposits, moves and cancels appointments, refunds deposits, checks ID (nobody under 18 is
tattooed), takes the consent form on the day, takes payment, books free touch-ups, sends aftercare and
writes to clients. The artists record the brief at a consultation, upload their drawings, place and read
patch tests, check clients into the chair and finish sessions with the ink batches used. Walk-ins may
claim a piece from the flash sheet. The studio manager may do everything and opens and closes any
artist's books; an artist opens and closes their own. The artist directory, the price guide and the flash
sheet are public.

Every tool is an ``async def`` wrapped by ``studio(*roles)`` (``functools.wraps``, an async wrapper), which
checks the session and the role and turns the tools' internal problems into their reply. Replies follow
GraphQL's response shape: ``{"data": {...}}`` for an answer, and
``{"data": null, "errors": [{"message", "path", "extensions": {"code"}}]}`` for a refusal. The runtime's
common conventions (as ``llama_index_libra/runtime/failures.py`` writes them) read a dict's ``error``,
``success``, ``ok`` or ``status``, none of which such a reply has, so the module declares ``FAILURE``
(``has_errors``). Data are plain dicts; lists come as ``{"fields": [...], "rows": [[...], ...]}`` with
rows as lists, and records nest their rows as lists of lists (a client's consultations, designs,
appointments, patch tests and waiting list places); bare values sit in ``data`` (a deposit refunded or
kept, a place on the waiting list, a balance due). Ids look alike: design ``DS-0421``, deposit
``DP-0408`` and appointment ``AP-0412``; consultation ``CN-0530``; client ``CL-2209``; slot
``JONAH-0613-PM``; flash ``FL-301``; ink batch ``IB-0343``; consent form ``CF-0277``; patch test
``PT-0061``; waiting list ``WL-0093``; receipt ``RC-0880``. The deposits, which sizes take a whole day,
the ID document formats, the conditions on the consent form and which of them stop a tattoo, the patch
test's life, the notice that keeps a deposit refundable, the one move a deposit carries over and the
touch-up period are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
import functools
import inspect
import re
from enum import Enum
from typing import Literal

TODAY = "2031-06-13"  # a Friday
NOW = "11:40"
PARTS = {"AM": ("11:00", 3.5), "PM": ("15:00", 3.5), "DAY": ("11:00", 7.0)}
AHEAD_DAYS = 28
NOTICE_HOURS = 48
TOUCH_UP_DAYS = 90
PATCH_DAYS = 180
MIN_AGE = 18
SIZES = {  # code -> band, minimum charge
    "XS": ("up to 5 cm", 60.0), "S": ("5 to 10 cm", 90.0), "M": ("10 to 15 cm", 150.0),
    "L": ("15 to 25 cm", 250.0), "XL": ("over 25 cm, one full day", 600.0),
    "SLEEVE": ("half or full sleeve, by the day", 700.0),
}
DEPOSIT = {"XS": 30.0, "S": 50.0, "M": 80.0, "L": 120.0, "XL": 150.0, "SLEEVE": 200.0}
WHOLE_DAY = ("XL", "SLEEVE")
CONDITIONS = ("none", "diabetes", "epilepsy", "heart_condition", "haemophilia", "blood_thinners", "pregnant",
              "skin_condition_at_site", "ink_allergy", "keloid_scarring", "fainting")
STOP = ("haemophilia", "blood_thinners", "pregnant", "skin_condition_at_site")
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

Document = Literal["passport", "driving_licence", "citizen_card"]
PayMethod = Literal["card", "cash", "bank_transfer"]
Channel = Literal["email", "sms", "instagram"]
PatchResult = Literal["clear", "reaction"]
AppointmentStatus = Literal["pencilled", "confirmed", "in_chair", "finished", "cancelled", "no_show"]
Part = Literal["AM", "PM", "DAY"]


class DesignStatus(str, Enum):
    BRIEF = "brief"
    DRAWN = "drawn"
    CHANGES_REQUESTED = "changes_requested"
    APPROVED = "approved"
    BOOKED = "booked"
    DONE = "done"


def has_errors(reply) -> bool | str:
    """A reply is a refusal when it is a GraphQL response with errors and no data: the first error's code
    and message."""
    if isinstance(reply, dict) and reply.get("data") is None and isinstance(reply.get("errors"), list) \
            and reply["errors"]:
        first = reply["errors"][0] if isinstance(reply["errors"][0], dict) else {}
        code = (first.get("extensions") or {}).get("code", "ERROR")
        return f"{code}: {first.get('message', 'refused')}"
    return False


FAILURE = has_errors


# --------------------------------------------------------------------------- state


class State:
    """Black Lantern Tattoo, Harwick, on Friday 13 June 2031 at 11:40."""

    def __init__(self) -> None:
        self.users = {
            "nell.d": {"name": "Nell Dyer", "password": "Needle-Point-42", "role": "desk", "artist": None},
            "mara.k": {"name": "Mara Kowalczyk", "password": "Fineline-Fern-7", "role": "artist", "artist": "mara"},
            "jonah.r": {"name": "Jonah Reyes", "password": "Swallow-Dagger-9", "role": "artist", "artist": "jonah"},
            "ade.o": {"name": "Adeola Ogun", "password": "Grey-Wash-1988", "role": "artist", "artist": "ade"},
            "sable.v": {"name": "Sable Vance", "password": "Lantern-Dock-27", "role": "manager", "artist": None},
        }
        self.artists = {  # handle -> name, styles, hourly rate, working weekdays, books
            "mara": {"name": "Mara Kowalczyk", "styles": "fine line, blackwork, botanical", "rate": 110.0,
                     "days": [1, 2, 3, 4], "books": "open"},
            "jonah": {"name": "Jonah Reyes", "styles": "neo-traditional, bold colour", "rate": 100.0,
                      "days": [2, 3, 4, 5], "books": "open"},
            "ade": {"name": "Adeola Ogun", "styles": "black and grey realism, portraits", "rate": 130.0,
                    "days": [1, 2, 3, 4, 5], "books": "closed"},
        }
        self.sessions = {}
        self.clients = {
            "CL-2188": {"name": "Ms Chloe Fenn", "dob": "1994-03-22", "phone": "07700 930188",
                        "email": "chloe.fenn@mail.example", "instagram": None, "id_checked": "2031-05-02"},
            "CL-2191": {"name": "Ms Priya Desai", "dob": "1990-11-05", "phone": "07700 930191",
                        "email": "priya.desai@mail.example", "instagram": "@priya.d.ink", "id_checked": "2031-05-20"},
            "CL-2195": {"name": "Mr Sam Okoro", "dob": "1996-07-30", "phone": "07700 930195",
                        "email": "sam.okoro@mail.example", "instagram": None, "id_checked": "2031-05-29"},
            "CL-2198": {"name": "Mx Robin Ashdown", "dob": "1999-01-17", "phone": "07700 930198", "email": None,
                        "instagram": "@robin.ashdown", "id_checked": "2031-06-03"},
            "CL-2201": {"name": "Mr Luca Bianchi", "dob": "1988-04-09", "phone": "07700 930201",
                        "email": "luca.bianchi@mail.example", "instagram": None, "id_checked": "2031-06-05"},
            "CL-2203": {"name": "Ms Ellie Moss", "dob": "2002-12-12", "phone": "07700 930203",
                        "email": "ellie.moss@mail.example", "instagram": "@elliemoss", "id_checked": None},
            "CL-2205": {"name": "Mr Owen Price", "dob": "1985-08-19", "phone": "07700 930205",
                        "email": "owen.price@mail.example", "instagram": None, "id_checked": None},
            "CL-2207": {"name": "Ms Hana Sato", "dob": "1993-05-01", "phone": "07700 930207",
                        "email": "hana.sato@mail.example", "instagram": None, "id_checked": "2031-06-06"},
        }
        self.consultations = {
            "CN-0522": {"client": "CL-2207", "artist": "mara", "date": "2031-06-06", "time": "12:00",
                        "idea": "A crane in flight across the shoulder blade", "status": "done"},
            "CN-0524": {"client": "CL-2203", "artist": "mara", "date": "2031-06-07", "time": "16:30",
                        "idea": "A small sprig of lavender behind the ear", "status": "done"},
            "CN-0526": {"client": "CL-2205", "artist": "jonah", "date": TODAY, "time": "12:30",
                        "idea": "A stag's head with roses on the upper arm", "status": "booked"},
        }
        self.designs = {  # id -> client, artist, size, placement, colour, description, status, files, flash
            "DS-0413": {"client": "CL-2191", "artist": "jonah", "size": "S", "placement": "outer ankle", "colour": True,
                        "description": "Swallow with a banner reading 'home'", "status": "done", "files": [],
                        "flash": None, "approved_by": "Ms Priya Desai"},
            "DS-0414": {"client": "CL-2195", "artist": "mara", "size": "M", "placement": "inner right forearm",
                        "colour": False, "description": "Line-work map of the Harwick estuary", "status": "booked",
                        "files": ["okoro-estuary-v2.png"], "flash": None, "approved_by": "Mr Sam Okoro"},
            "DS-0415": {"client": "CL-2203", "artist": "mara", "size": "XS", "placement": "behind the left ear",
                        "colour": False, "description": "Sprig of lavender", "status": "approved",
                        "files": ["moss-lavender-v1.png"], "flash": None, "approved_by": "Ms Ellie Moss"},
            "DS-0416": {"client": "CL-2198", "artist": "jonah", "size": "M", "placement": "left calf", "colour": True,
                        "description": "Neo-traditional fox in a wreath", "status": "booked",
                        "files": ["ashdown-fox-v3.png"], "flash": None, "approved_by": "Mx Robin Ashdown"},
            "DS-0417": {"client": "CL-2188", "artist": "mara", "size": "M", "placement": "right shoulder",
                        "colour": True, "description": "Botanical peony with fine stippling and a red centre",
                        "status": "booked", "files": ["fenn-peony-v2.png"], "flash": None,
                        "approved_by": "Ms Chloe Fenn"},
            "DS-0418": {"client": "CL-2201", "artist": "jonah", "size": "L", "placement": "right thigh", "colour": True,
                        "description": "Tiger head with chrysanthemums", "status": "booked",
                        "files": ["bianchi-tiger-v1.png"], "flash": None, "approved_by": "Mr Luca Bianchi"},
            "DS-0419": {"client": "CL-2207", "artist": "mara", "size": "M", "placement": "left shoulder blade",
                        "colour": False, "description": "Crane in flight", "status": "drawn",
                        "files": ["sato-crane-v1.png"], "flash": None, "approved_by": None},
            "DS-0420": {"client": "CL-2201", "artist": "jonah", "size": "S", "placement": "left forearm",
                        "colour": True, "description": "Small dagger through a heart", "status": "brief", "files": [],
                        "flash": None, "approved_by": None},
        }
        self.flash = {
            "FL-301": {"title": "Swallow with a banner", "artist": "jonah", "size": "S", "price": 120.0,
                       "status": "available"},
            "FL-302": {"title": "Dagger and rose", "artist": "jonah", "size": "M", "price": 180.0, "status": "claimed"},
            "FL-303": {"title": "Luna moth", "artist": "mara", "size": "S", "price": 110.0, "status": "available"},
            "FL-304": {"title": "Snake and peony", "artist": "jonah", "size": "S", "price": 130.0,
                       "status": "available"},
            "FL-305": {"title": "Fern sprig", "artist": "mara", "size": "XS", "price": 70.0, "status": "available"},
        }
        self.appointments = {  # id -> design, date, part, kind, status, deposit, moves, notes, paid, price, consent
            "AP-0402": {"design": "DS-0413", "date": "2031-05-20", "part": "AM", "kind": "tattoo", "status": "finished",
                        "deposit": "DP-0401", "moves": 0, "price": 180.0, "paid": 130.0, "consent": "CF-0268",
                        "touch_up": None, "hours": 1.5, "inks": ["IB-0338", "IB-0343"]},
            "AP-0407": {"design": "DS-0417", "date": TODAY, "part": "PM", "kind": "tattoo", "status": "confirmed",
                        "deposit": "DP-0405", "moves": 0, "price": None, "paid": 0.0, "consent": None,
                        "touch_up": None, "hours": None, "inks": []},
            "AP-0409": {"design": "DS-0418", "date": TODAY, "part": "AM", "kind": "tattoo", "status": "confirmed",
                        "deposit": "DP-0406", "moves": 0, "price": None, "paid": 0.0, "consent": None,
                        "touch_up": None, "hours": None, "inks": []},
            "AP-0410": {"design": "DS-0414", "date": "2031-06-24", "part": "AM", "kind": "tattoo",
                        "status": "pencilled", "deposit": None, "moves": 0, "price": None, "paid": 0.0,
                        "consent": None, "touch_up": None, "hours": None, "inks": []},
            "AP-0411": {"design": "DS-0416", "date": "2031-06-14", "part": "AM", "kind": "tattoo",
                        "status": "confirmed", "deposit": "DP-0407", "moves": 0, "price": None, "paid": 0.0,
                        "consent": None, "touch_up": None, "hours": None, "inks": []},
        }
        self.deposits = {
            "DP-0401": {"appointment": "AP-0402", "amount": 50.0, "method": "card", "status": "applied"},
            "DP-0405": {"appointment": "AP-0407", "amount": 80.0, "method": "bank_transfer", "status": "held"},
            "DP-0406": {"appointment": "AP-0409", "amount": 120.0, "method": "card", "status": "held"},
            "DP-0407": {"appointment": "AP-0411", "amount": 80.0, "method": "card", "status": "held"},
        }
        self.inks = {  # id -> brand, colour, lot, expires (month)
            "IB-0338": ("Eternal Ink", "Triple Black", "ET-24117", "2033-01"),
            "IB-0341": ("Dynamic", "Black", "DY-88120", "2031-05"),
            "IB-0343": ("World Famous", "Lipstick Red", "WF-5521R", "2032-11"),
            "IB-0344": ("Intenze", "Golden Yellow", "IZ-7734Y", "2032-08"),
            "IB-0346": ("Eternal Ink", "Grey Wash Medium", "ET-23980", "2032-12"),
        }
        self.patch_tests = {}
        self.consents = {}
        self.waitlist = {
            "WL-0088": {"client": "CL-2191", "artist": "ade", "idea": "Portrait of her grandmother", "joined": "2031-04-02"},
            "WL-0091": {"client": "CL-2195", "artist": "ade", "idea": "Realistic eye with a tear", "joined": "2031-05-11"},
        }
        self.receipts = []
        self.messages = []
        self.counters = {"session": 1, "client": 2209, "consultation": 530, "design": 421, "appointment": 412,
                         "deposit": 408, "patch": 61, "consent": 277, "waitlist": 93, "receipt": 880, "message": 1502}


# --------------------------------------------------------------------------- the envelope and the decorator


class _Problem(Exception):
    """A refusal inside a tool; ``studio`` turns it into a GraphQL error reply."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _fail(code: str, message: str):
    raise _Problem(code, message)


def _ok(payload) -> dict:
    return {"data": payload}


def _errors(path: str, code: str, message: str) -> dict:
    return {"data": None, "errors": [{"message": message, "path": [path], "extensions": {"code": code}}]}


def _table(fields: list, rows: list) -> dict:
    return {"fields": fields, "rows": rows}


def studio(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the manager may do everything), then await
    the tool; a refusal comes back as a GraphQL error reply."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def handler(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.sessions.get(token) if state is not None else None
                if who is None:
                    return _errors(fn.__name__, "UNAUTHENTICATED", "no session for that token; sign in first")
                if roles and who["role"] not in roles and who["role"] != "manager":
                    return _errors(fn.__name__, "FORBIDDEN",
                                   f"{who['name']} ({who['role']}) may not do this; it is for {' or '.join(roles)}")
            try:
                return await fn(*args, **kwargs)
            except _Problem as p:
                return _errors(fn.__name__, p.code, p.message)

        return handler

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str, what: str = "date") -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        _fail("BAD_USER_INPUT", f"{what} {text!r} is not a date (YYYY-MM-DD)")


def _today() -> datetime.date:
    return datetime.date.fromisoformat(TODAY)


def _age(dob: str, on: str = TODAY) -> int:
    b, d = datetime.date.fromisoformat(dob), datetime.date.fromisoformat(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _client(state: State, client_id: str) -> dict:
    c = state.clients.get(client_id)
    if c is None:
        _fail("NOT_FOUND", f"no client {client_id}")
    return c


def _artist(state: State, handle: str) -> dict:
    a = state.artists.get(handle)
    if a is None:
        _fail("BAD_USER_INPUT", f"{handle!r} is not one of our artists (see the artist directory for their handles)")
    return a


def _design(state: State, design_id: str) -> dict:
    d = state.designs.get(design_id)
    if d is None:
        _fail("NOT_FOUND", f"no design {design_id}")
    return d


def _appointment(state: State, appointment_id: str) -> dict:
    a = state.appointments.get(appointment_id)
    if a is None:
        _fail("NOT_FOUND", f"no appointment {appointment_id}")
    return a


def _own_work(who: dict, artist: str) -> None:
    if who["role"] == "artist" and who["artist"] != artist:
        _fail("FORBIDDEN", f"this is {artist}'s work, not {who['artist']}'s")


def _client_row(state: State, client_id: str) -> list:
    c = state.clients[client_id]
    return [client_id, c["name"], c["dob"], c["phone"], c["id_checked"] is not None]


def _client_data(state: State, client_id: str) -> dict:
    c = state.clients[client_id]
    return {"client_id": client_id, "name": c["name"], "date_of_birth": c["dob"], "phone": c["phone"],
            "email": c["email"], "instagram": c["instagram"], "id_checked": c["id_checked"]}


def _design_data(state: State, design_id: str) -> dict:
    d = state.designs[design_id]
    return {"design_id": design_id, "client_id": d["client"], "client": state.clients[d["client"]]["name"],
            "artist": d["artist"], "size": d["size"], "placement": d["placement"], "colour": d["colour"],
            "description": d["description"], "status": d["status"], "files": list(d["files"]), "flash": d["flash"]}


def _booked(state: State, artist: str, date: str, skip: str | None = None) -> set:
    parts = set()
    for aid, a in state.appointments.items():
        if aid != skip and a["date"] == date and state.designs[a["design"]]["artist"] == artist \
                and a["status"] in ("pencilled", "confirmed", "in_chair", "finished"):
            parts |= {"AM", "PM"} if a["part"] == "DAY" else {a["part"]}
    return parts


def _free(state: State, artist: str, date: str, part: str, skip: str | None = None) -> bool:
    day = datetime.date.fromisoformat(date)
    if day.weekday() not in state.artists[artist]["days"] or date < TODAY:
        return False
    if date == TODAY and PARTS[part][0] <= NOW:
        return False
    taken = _booked(state, artist, date, skip)
    need = {"AM", "PM"} if part == "DAY" else {part}
    return not (need & taken)


def _slot(state: State, slot_id: str) -> tuple:
    m = re.fullmatch(r"([A-Z]+)-(\d\d)(\d\d)-(AM|PM|DAY)", slot_id or "")
    if m is None:
        _fail("BAD_USER_INPUT", f"{slot_id!r} is not a slot (see the artist's availability)")
    artist = m.group(1).lower()
    _artist(state, artist)
    try:
        date = datetime.date(_today().year, int(m.group(2)), int(m.group(3))).isoformat()
    except ValueError:
        _fail("BAD_USER_INPUT", f"{slot_id!r} is not a slot")
    return artist, date, m.group(4)


def _appointment_row(state: State, appointment_id: str) -> list:
    a = state.appointments[appointment_id]
    d = state.designs[a["design"]]
    dep = state.deposits[a["deposit"]]["amount"] if a["deposit"] else 0.0
    return [appointment_id, d["client"], state.clients[d["client"]]["name"], d["artist"], a["date"], a["part"],
            a["kind"], a["status"], dep]


APPOINTMENT_FIELDS = ["appointment_id", "client_id", "client", "artist", "date", "part", "kind", "status", "deposit"]


def _appointment_data(state: State, appointment_id: str) -> dict:
    return dict(zip(APPOINTMENT_FIELDS, _appointment_row(state, appointment_id)))


def _balance(state: State, a: dict) -> float:
    dep = state.deposits[a["deposit"]]["amount"] if a["deposit"] else 0.0
    return round((a["price"] or 0.0) - dep - a["paid"] + 1e-9, 2)


def _contact(c: dict, channel: str) -> str:
    if channel == "email":
        if not c["email"]:
            _fail("FAILED_PRECONDITION", f"{c['name']} has no e-mail address on file")
        return c["email"]
    if channel == "sms":
        if not c["phone"].replace(" ", "").startswith("07"):
            _fail("FAILED_PRECONDITION", f"{c['phone']} is not a mobile")
        return c["phone"]
    if not c["instagram"]:
        _fail("FAILED_PRECONDITION", f"{c['name']} has no Instagram handle on file")
    return c["instagram"]


# --------------------------------------------------------------------------- sign-in and public lists


@studio(public=True)
async def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the studio's booking system.

    Args:
        username: The member of staff's user name.
        password: Their password.

    Returns:
        The session in ``data`` (its token goes with every other call), or errors.
    """
    user = state.users.get(username)
    if user is None or user["password"] != password:
        _fail("UNAUTHENTICATED", "wrong user name or password")
    token = f"bl-{_next(state, 'session'):03d}-{username.split('.')[0]}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"], "artist": user["artist"]}
    return _ok({"token": token, "name": user["name"], "role": user["role"], "artist": user["artist"]})


@studio()
async def sign_out(state: State, token: str) -> dict:
    """Sign out, ending the session.

    Args:
        token: The session token.

    Returns:
        Who was signed out, in ``data``.
    """
    who = state.sessions.pop(token)
    return _ok({"signed_out": who["name"]})


@studio(public=True)
async def artist_directory(state: State) -> dict:
    """The studio's artists, their styles, hourly rates and whether their books are open (public, no sign-in).

    Returns:
        A table of handle, name, styles, hourly rate, working days and books.
    """
    rows = [[h, a["name"], a["styles"], a["rate"], ", ".join(DAYS[d] for d in a["days"]), a["books"]]
            for h, a in state.artists.items()]
    return _ok(_table(["handle", "name", "styles", "hourly", "days", "books"], rows))


@studio(public=True)
async def price_guide(state: State) -> dict:
    """The studio's size bands and their minimum charges (public, no sign-in).

    Returns:
        A table of size code, band and minimum charge.
    """
    return _ok(_table(["size", "band", "minimum"], [[code, s[0], s[1]] for code, s in SIZES.items()]))


@studio(public=True)
async def flash_sheet(state: State) -> dict:
    """This month's flash sheet: ready-drawn pieces, each tattooed once, at a fixed price (public, no sign-in).

    Returns:
        A table of flash id, title, artist, size, price and whether it is still available.
    """
    rows = [[fid, f["title"], f["artist"], f["size"], f["price"], f["status"]] for fid, f in state.flash.items()]
    return _ok(_table(["flash_id", "title", "artist", "size", "price", "status"], rows))


# --------------------------------------------------------------------------- clients


@studio()
async def find_client(state: State, token: str, text: str) -> dict:
    """Look clients up by part of a name, a phone number, an e-mail address or an Instagram handle.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        A table of client id, name, date of birth, phone and whether their ID has been checked.
    """
    t = text.strip().lower()
    if not t:
        _fail("BAD_USER_INPUT", "say what to look for")
    rows = [_client_row(state, cid) for cid, c in sorted(state.clients.items())
            if t in " ".join([c["name"], c["phone"], c["email"] or "", c["instagram"] or ""]).lower()]
    return _ok(_table(["client_id", "name", "date_of_birth", "phone", "id_checked"], rows))


@studio("desk")
async def register_client(state: State, token: str, name: str, date_of_birth: str, phone: str,
                          email: str | None = None, instagram: str | None = None) -> dict:
    """Register a new client.

    Args:
        token: The session token (the front desk).
        name: The client's name, with a title.
        date_of_birth: Their date of birth (YYYY-MM-DD), as they give it.
        phone: Their phone number.
        email: Their e-mail address.
        instagram: Their Instagram handle.

    Returns:
        The client, in ``data``.
    """
    if not name.strip():
        _fail("BAD_USER_INPUT", "give the client's name")
    dob = _day(date_of_birth, "date_of_birth").isoformat()
    if _age(dob) < MIN_AGE:
        _fail("FAILED_PRECONDITION", f"we do not tattoo anyone under {MIN_AGE} (Tattooing of Minors Act 1969); "
                                     "no record is kept")
    digits = phone.replace(" ", "")
    for cid, c in state.clients.items():
        if c["phone"].replace(" ", "") == digits:
            _fail("CONFLICT", f"{phone} is already {c['name']}'s number ({cid})")
    if email is not None and "@" not in email:
        _fail("BAD_USER_INPUT", f"{email!r} is not an e-mail address")
    if instagram is not None and not instagram.startswith("@"):
        _fail("BAD_USER_INPUT", "an Instagram handle starts with @")
    cid = f"CL-{_next(state, 'client')}"
    state.clients[cid] = {"name": name.strip(), "dob": dob, "phone": phone, "email": email, "instagram": instagram,
                          "id_checked": None}
    return _ok(_client_data(state, cid))


@studio("desk")
async def update_client(state: State, token: str, client_id: str, phone: str | None = None, email: str | None = None,
                        instagram: str | None = None) -> dict:
    """Change a client's contact details; only what is given changes.

    Args:
        token: The session token (the front desk).
        client_id: The client.
        phone: A new phone number.
        email: A new e-mail address.
        instagram: A new Instagram handle.

    Returns:
        The client as now recorded, in ``data``.
    """
    c = _client(state, client_id)
    new = {"phone": phone, "email": email, "instagram": instagram}
    changes = {k: v for k, v in new.items() if v is not None and v != c[k]}
    if not changes:
        _fail("CONFLICT", f"nothing to change: {c['name']}'s details are already as given")
    if "email" in changes and "@" not in changes["email"]:
        _fail("BAD_USER_INPUT", f"{email!r} is not an e-mail address")
    if "instagram" in changes and not changes["instagram"].startswith("@"):
        _fail("BAD_USER_INPUT", "an Instagram handle starts with @")
    c.update(changes)
    return _ok(_client_data(state, client_id))


@studio()
async def client_file(state: State, token: str, client_id: str) -> dict:
    """A client's whole file: details, consultations, designs, appointments, patch tests and waiting lists.

    Args:
        token: The session token.
        client_id: The client.

    Returns:
        The client in ``data``, with each part as rows of lists.
    """
    _client(state, client_id)
    designs = [did for did, d in sorted(state.designs.items()) if d["client"] == client_id]
    return _ok({
        "client": _client_data(state, client_id),
        "consultations": [[cid, c["artist"], c["date"], c["time"], c["status"]]
                          for cid, c in sorted(state.consultations.items()) if c["client"] == client_id],
        "designs": [[did, state.designs[did]["artist"], state.designs[did]["size"], state.designs[did]["status"]]
                    for did in designs],
        "appointments": [_appointment_row(state, aid)[3:] for aid, a in sorted(state.appointments.items())
                         if a["design"] in designs],
        "patch_tests": [[pid, p["date"], ", ".join(p["inks"]), p["result"]]
                        for pid, p in sorted(state.patch_tests.items()) if p["client"] == client_id],
        "waiting_lists": [[wid, w["artist"], w["joined"]] for wid, w in sorted(state.waitlist.items())
                          if w["client"] == client_id],
    })


@studio("desk")
async def check_id(state: State, token: str, client_id: str, document: Document, document_number: str,
                   date_of_birth: str) -> dict:
    """Record that the client's photo ID has been seen and shows them to be 18 or over.

    Args:
        token: The session token (the front desk).
        client_id: The client.
        document: The kind of document seen.
        document_number: Its number.
        date_of_birth: The date of birth on the document (YYYY-MM-DD).

    Returns:
        The client's id check and age, in ``data``.
    """
    c = _client(state, client_id)
    if c["id_checked"] is not None:
        _fail("CONFLICT", f"{c['name']}'s ID was checked on {c['id_checked']}")
    number = document_number.replace(" ", "").upper()
    formats = {"passport": (r"\d{9}", "nine digits"),
               "driving_licence": (r"[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}", "sixteen characters"),
               "citizen_card": (r"CC\d{8}", "CC and eight digits")}
    pattern, shape = formats.get(document, (None, None))
    if pattern is None:
        _fail("BAD_USER_INPUT", f"{document!r}: we accept a passport, a photocard driving licence or a CitizenCard")
    if not re.fullmatch(pattern, number):
        _fail("BAD_USER_INPUT", f"{document_number!r} is not a {document.replace('_', ' ')} number ({shape})")
    dob = _day(date_of_birth, "date_of_birth").isoformat()
    if dob != c["dob"]:
        _fail("FAILED_PRECONDITION", f"the document's date of birth does not match the one {c['name']} gave us; "
                                     "do not book them until it is sorted out")
    if _age(dob) < MIN_AGE:
        _fail("FAILED_PRECONDITION", f"{c['name']} is under {MIN_AGE}")
    c["id_checked"] = TODAY
    return _ok({"client_id": client_id, "id_checked": TODAY, "document": document, "age": _age(dob)})


@studio("artist")
async def patch_test(state: State, token: str, client_id: str, inks: list[str], result: PatchResult) -> dict:
    """Record the reading of a patch test placed 48 hours ago, for clients who react to ink.

    Args:
        token: The session token (an artist).
        client_id: The client.
        inks: The colours tested.
        result: What the skin showed.

    Returns:
        The patch test, in ``data``.
    """
    c = _client(state, client_id)
    if not inks or not all(i.strip() for i in inks):
        _fail("BAD_USER_INPUT", "name the colours tested")
    pid = f"PT-{_next(state, 'patch'):04d}"
    state.patch_tests[pid] = {"client": client_id, "date": TODAY, "inks": [i.strip() for i in inks], "result": result}
    return _ok({"patch_test_id": pid, "client_id": client_id, "client": c["name"], "inks": [i.strip() for i in inks],
                "result": result, "date": TODAY})


# --------------------------------------------------------------------------- books, consultations, waiting lists


@studio("artist")
async def open_books(state: State, token: str, artist: str) -> dict:
    """Open an artist's books for new consultations.

    Args:
        token: The session token (the artist, or the manager).
        artist: The artist's handle.

    Returns:
        The artist's books and how many are waiting for them, in ``data``.
    """
    a = _artist(state, artist)
    _own_work(state.sessions[token], artist)
    if a["books"] == "open":
        _fail("CONFLICT", f"{a['name']}'s books are already open")
    a["books"] = "open"
    return _ok({"artist": artist, "books": "open",
                "waiting": sum(1 for w in state.waitlist.values() if w["artist"] == artist)})


@studio("artist")
async def close_books(state: State, token: str, artist: str, reason: str) -> dict:
    """Close an artist's books: no new consultations; clients may join the waiting list.

    Args:
        token: The session token (the artist, or the manager).
        artist: The artist's handle.
        reason: Why, for the directory.

    Returns:
        The artist's books, in ``data``.
    """
    a = _artist(state, artist)
    _own_work(state.sessions[token], artist)
    if a["books"] == "closed":
        _fail("CONFLICT", f"{a['name']}'s books are already closed")
    if not reason.strip():
        _fail("BAD_USER_INPUT", "say why")
    a["books"] = "closed"
    return _ok({"artist": artist, "books": "closed", "reason": reason.strip()})


@studio("desk")
async def join_waitlist(state: State, token: str, client_id: str, artist: str, idea: str) -> dict:
    """Put a client on the waiting list of an artist whose books are closed.

    Args:
        token: The session token (the front desk).
        client_id: The client.
        artist: The artist's handle.
        idea: What the client would like.

    Returns:
        The waiting list entry and the client's place, in ``data``.
    """
    c = _client(state, client_id)
    a = _artist(state, artist)
    if a["books"] == "open":
        _fail("FAILED_PRECONDITION", f"{a['name']}'s books are open; book a consultation instead")
    for wid, w in state.waitlist.items():
        if w["client"] == client_id and w["artist"] == artist:
            _fail("CONFLICT", f"{c['name']} is already on {artist}'s waiting list ({wid})")
    wid = f"WL-{_next(state, 'waitlist'):04d}"
    state.waitlist[wid] = {"client": client_id, "artist": artist, "idea": idea.strip(), "joined": TODAY}
    return _ok({"waitlist_id": wid, "artist": artist,
                "place": sum(1 for w in state.waitlist.values() if w["artist"] == artist)})


@studio()
async def waitlist(state: State, token: str, artist: str | None = None) -> dict:
    """The waiting lists, oldest first.

    Args:
        token: The session token.
        artist: Only one artist's list (their handle).

    Returns:
        A table of entry, client, artist, idea and the day they joined.
    """
    rows = [[wid, state.clients[w["client"]]["name"], w["artist"], w["idea"], w["joined"]]
            for wid, w in sorted(state.waitlist.items()) if artist is None or w["artist"] == artist]
    return _ok(_table(["waitlist_id", "client", "artist", "idea", "joined"], rows))


@studio("desk")
async def book_consultation(state: State, token: str, client_id: str, artist: str, date: str, time: str,
                            idea: str) -> dict:
    """Book a free half-hour consultation with an artist whose books are open.

    Args:
        token: The session token (the front desk).
        client_id: The client.
        artist: The artist's handle.
        date: The day (YYYY-MM-DD).
        time: The time (HH:MM, on the hour or the half hour, 11:00 to 18:00).
        idea: What the client has in mind.

    Returns:
        The consultation, in ``data``.
    """
    c = _client(state, client_id)
    a = _artist(state, artist)
    if a["books"] != "open":
        _fail("FAILED_PRECONDITION", f"{a['name']}'s books are closed; the client can join the waiting list")
    day = _day(date)
    if day.isoformat() < TODAY or day > _today() + datetime.timedelta(days=AHEAD_DAYS * 2):
        _fail("BAD_USER_INPUT", "consultations are booked from today up to eight weeks ahead")
    if day.weekday() not in a["days"]:
        _fail("FAILED_PRECONDITION", f"{a['name']} works {', '.join(DAYS[d] for d in a['days'])}")
    if not re.fullmatch(r"(1[1-7]|18):(00|30)", time) or time > "18:00":
        _fail("BAD_USER_INPUT", f"{time!r}: consultations start on the hour or the half hour from 11:00 to 18:00")
    if day.isoformat() == TODAY and time <= NOW:
        _fail("BAD_USER_INPUT", f"{time} has gone")
    for cid, other in state.consultations.items():
        if other["artist"] == artist and other["date"] == day.isoformat() and other["time"] == time \
                and other["status"] == "booked":
            _fail("CONFLICT", f"{a['name']} has a consultation at {time} that day")
    if not idea.strip():
        _fail("BAD_USER_INPUT", "note the client's idea")
    cn = f"CN-{_next(state, 'consultation'):04d}"
    state.consultations[cn] = {"client": client_id, "artist": artist, "date": day.isoformat(), "time": time,
                               "idea": idea.strip(), "status": "booked"}
    return _ok({"consultation_id": cn, "client_id": client_id, "client": c["name"], "artist": artist,
                "date": day.isoformat(), "time": time, "status": "booked"})


@studio()
async def consultations(state: State, token: str, artist: str | None = None, date: str | None = None) -> dict:
    """The consultations booked and held.

    Args:
        token: The session token.
        artist: Only one artist's (their handle).
        date: Only one day's (YYYY-MM-DD).

    Returns:
        A table of consultation id, client id, client, artist, date, time, idea and status.
    """
    rows = [[cn, c["client"], state.clients[c["client"]]["name"], c["artist"], c["date"], c["time"], c["idea"],
             c["status"]] for cn, c in sorted(state.consultations.items())
            if (artist is None or c["artist"] == artist) and (date is None or c["date"] == date)]
    return _ok(_table(["consultation_id", "client_id", "client", "artist", "date", "time", "idea", "status"], rows))


@studio("desk")
async def cancel_consultation(state: State, token: str, consultation_id: str, reason: str) -> dict:
    """Cancel a consultation that has not taken place.

    Args:
        token: The session token (the front desk).
        consultation_id: The consultation.
        reason: Why.

    Returns:
        The consultation's id and status, in ``data``.
    """
    c = state.consultations.get(consultation_id)
    if c is None:
        _fail("NOT_FOUND", f"no consultation {consultation_id}")
    if c["status"] != "booked":
        _fail("CONFLICT", f"{consultation_id} is {c['status']}")
    if not reason.strip():
        _fail("BAD_USER_INPUT", "say why")
    c["status"] = "cancelled"
    return _ok({"consultation_id": consultation_id, "status": "cancelled", "reason": reason.strip()})


# --------------------------------------------------------------------------- designs


@studio("artist")
async def record_brief(state: State, token: str, consultation_id: str, placement: str, size: str, colour: bool,
                       description: str) -> dict:
    """Record what was agreed at a consultation: the brief the artist will draw from.

    Args:
        token: The session token (the consultation's artist).
        consultation_id: The consultation.
        placement: Where on the body.
        size: The size band's code from the price guide.
        colour: True for colour, false for black and grey.
        description: The design as agreed.

    Returns:
        The design, at the brief stage, in ``data``.
    """
    c = state.consultations.get(consultation_id)
    if c is None:
        _fail("NOT_FOUND", f"no consultation {consultation_id}")
    _own_work(state.sessions[token], c["artist"])
    if c["status"] != "booked":
        _fail("CONFLICT", f"{consultation_id} is {c['status']}")
    if size not in SIZES:
        _fail("BAD_USER_INPUT", f"{size!r} is not a size band (see the price guide for the codes)")
    if not placement.strip() or not description.strip():
        _fail("BAD_USER_INPUT", "give the placement and the design")
    c["status"] = "done"
    did = f"DS-{_next(state, 'design'):04d}"
    state.designs[did] = {"client": c["client"], "artist": c["artist"], "size": size, "placement": placement.strip(),
                          "colour": colour, "description": description.strip(), "status": "brief", "files": [],
                          "flash": None, "approved_by": None}
    return _ok(_design_data(state, did))


@studio()
async def designs(state: State, token: str, artist: str | None = None, status: DesignStatus | None = None) -> dict:
    """The designs in hand.

    Args:
        token: The session token.
        artist: Only one artist's (their handle).
        status: Only designs at this stage.

    Returns:
        A table of design id, client id, client, artist, size, placement and status.
    """
    want = None
    if status is not None:
        try:
            want = DesignStatus(status).value
        except ValueError:
            _fail("BAD_USER_INPUT", f"{status!r} is not a design stage")
    rows = [[did, d["client"], state.clients[d["client"]]["name"], d["artist"], d["size"], d["placement"], d["status"]]
            for did, d in sorted(state.designs.items())
            if (artist is None or d["artist"] == artist) and (want is None or d["status"] == want)]
    return _ok(_table(["design_id", "client_id", "client", "artist", "size", "placement", "status"], rows))


@studio("artist")
async def upload_design(state: State, token: str, design_id: str, file_name: str, notes: str) -> dict:
    """Upload the artist's drawing for a design, for the client to see.

    Args:
        token: The session token (the design's artist).
        design_id: The design.
        file_name: The drawing's file name (a PNG, JPEG or PDF).
        notes: A note for the client.

    Returns:
        The design, drawn, in ``data``.
    """
    d = _design(state, design_id)
    _own_work(state.sessions[token], d["artist"])
    if d["status"] not in ("brief", "changes_requested"):
        _fail("CONFLICT", f"{design_id} is {d['status']}; a drawing goes up at the brief or after changes")
    if not re.search(r"\.(png|jpe?g|pdf)$", file_name.lower()):
        _fail("BAD_USER_INPUT", f"{file_name!r}: upload a PNG, JPEG or PDF")
    d["files"].append(file_name)
    d["status"] = "drawn"
    return _ok(_design_data(state, design_id))


@studio("desk", "artist")
async def request_changes(state: State, token: str, design_id: str, changes: str) -> dict:
    """Pass the client's changes to a drawing back to the artist.

    Args:
        token: The session token.
        design_id: The design.
        changes: What the client wants changed.

    Returns:
        The design, waiting for a new drawing, in ``data``.
    """
    d = _design(state, design_id)
    if d["status"] != "drawn":
        _fail("CONFLICT", f"{design_id} is {d['status']}; there is no drawing to change")
    if not changes.strip():
        _fail("BAD_USER_INPUT", "say what should change")
    d["status"] = "changes_requested"
    d["description"] += f" [changes: {changes.strip()}]"
    return _ok(_design_data(state, design_id))


@studio("desk", "artist")
async def approve_design(state: State, token: str, design_id: str, approved_by: str) -> dict:
    """Record the client's approval of the latest drawing.

    Args:
        token: The session token.
        design_id: The design.
        approved_by: Who approved it, and how.

    Returns:
        The design, approved, in ``data``.
    """
    d = _design(state, design_id)
    if d["status"] != "drawn":
        _fail("CONFLICT", f"{design_id} is {d['status']}; only a drawing the client has seen can be approved")
    if not approved_by.strip():
        _fail("BAD_USER_INPUT", "say who approved it")
    d["status"] = "approved"
    d["approved_by"] = approved_by.strip()
    return _ok(_design_data(state, design_id))


@studio("desk")
async def claim_flash(state: State, token: str, flash_id: str, client_id: str) -> dict:
    """Claim a flash piece for a client: it becomes their design, approved, and comes off the sheet.

    Args:
        token: The session token (the front desk).
        flash_id: The flash piece.
        client_id: The client.

    Returns:
        The client's design, in ``data``.
    """
    f = state.flash.get(flash_id)
    if f is None:
        _fail("NOT_FOUND", f"no flash piece {flash_id}")
    c = _client(state, client_id)
    if f["status"] != "available":
        _fail("CONFLICT", f"{flash_id} ({f['title']}) has been claimed; each flash piece is tattooed once")
    f["status"] = "claimed"
    did = f"DS-{_next(state, 'design'):04d}"
    state.designs[did] = {"client": client_id, "artist": f["artist"], "size": f["size"], "placement": "to agree",
                          "colour": True, "description": f"Flash: {f['title']}", "status": "approved", "files": [],
                          "flash": flash_id, "approved_by": c["name"]}
    return _ok(_design_data(state, did))


# --------------------------------------------------------------------------- the books: slots and appointments


@studio()
async def artist_availability(state: State, token: str, artist: str, from_date: str | None = None,
                              part: Part | None = None) -> dict:
    """An artist's free sessions over the four weeks from a day: mornings, afternoons and whole days.

    Args:
        token: The session token.
        artist: The artist's handle.
        from_date: The first day to look at (YYYY-MM-DD); today when left out.
        part: Only mornings, afternoons or whole days.

    Returns:
        A table of slot id, date, weekday, part, start and hours.
    """
    _artist(state, artist)
    start = _day(from_date) if from_date else _today()
    if start < _today():
        start = _today()
    rows = []
    for k in range(AHEAD_DAYS):
        day = (start + datetime.timedelta(days=k)).isoformat()
        for p in ("AM", "PM", "DAY"):
            if (part is None or part == p) and _free(state, artist, day, p):
                rows.append([f"{artist.upper()}-{day[5:7]}{day[8:10]}-{p}", day,
                             DAYS[datetime.date.fromisoformat(day).weekday()], p, PARTS[p][0], PARTS[p][1]])
    return _ok(_table(["slot_id", "date", "weekday", "part", "starts", "hours"], rows))


@studio("desk")
async def book_appointment(state: State, token: str, design_id: str, slot_id: str) -> dict:
    """Pencil an approved design into a slot in its artist's book; a deposit confirms it.

    Args:
        token: The session token (the front desk).
        design_id: The design.
        slot_id: The slot.

    Returns:
        The appointment, pencilled, in ``data``.
    """
    d = _design(state, design_id)
    if d["status"] != "approved":
        _fail("FAILED_PRECONDITION", f"{design_id} is {d['status']}; only an approved design is booked")
    c = state.clients[d["client"]]
    if c["id_checked"] is None:
        _fail("FAILED_PRECONDITION", f"{c['name']}'s photo ID has not been checked; nobody is booked before it is")
    artist, date, part = _slot(state, slot_id)
    if artist != d["artist"]:
        _fail("BAD_USER_INPUT", f"{design_id} is {d['artist']}'s design; {slot_id} is in {artist}'s book")
    if d["size"] in WHOLE_DAY and part != "DAY":
        _fail("BAD_USER_INPUT", f"a {d['size']} piece takes a whole day (a DAY slot)")
    if not _free(state, artist, date, part):
        _fail("CONFLICT", f"{slot_id} is not free")
    aid = f"AP-{_next(state, 'appointment'):04d}"
    state.appointments[aid] = {"design": design_id, "date": date, "part": part, "kind": "tattoo",
                               "status": "pencilled", "deposit": None, "moves": 0, "price": None, "paid": 0.0,
                               "consent": None, "touch_up": None, "hours": None, "inks": []}
    d["status"] = "booked"
    return _ok(_appointment_data(state, aid))


@studio()
async def appointments(state: State, token: str, date: str | None = None, artist: str | None = None,
                       status: AppointmentStatus | None = None) -> dict:
    """The appointments in the books.

    Args:
        token: The session token.
        date: Only one day's (YYYY-MM-DD).
        artist: Only one artist's (their handle).
        status: Only appointments in this status.

    Returns:
        A table of appointment id, client id, client, artist, date, part, kind, status and deposit.
    """
    rows = [_appointment_row(state, aid) for aid, a in sorted(state.appointments.items())
            if (date is None or a["date"] == date) and (status is None or a["status"] == status)
            and (artist is None or state.designs[a["design"]]["artist"] == artist)]
    return _ok(_table(APPOINTMENT_FIELDS, rows))


@studio("desk")
async def take_deposit(state: State, token: str, appointment_id: str, amount: float, method: PayMethod) -> dict:
    """Take the deposit that confirms a pencilled appointment; it comes off the final price.

    Args:
        token: The session token (the front desk).
        appointment_id: The appointment.
        amount: The deposit.
        method: How it was paid.

    Returns:
        The deposit, in ``data``.
    """
    a = _appointment(state, appointment_id)
    if a["deposit"] is not None:
        _fail("CONFLICT", f"{appointment_id} already has deposit {a['deposit']}")
    if a["status"] != "pencilled":
        _fail("CONFLICT", f"{appointment_id} is {a['status']}")
    size = state.designs[a["design"]]["size"]
    if amount < DEPOSIT[size]:
        _fail("BAD_USER_INPUT", f"the deposit for a {size} piece is {DEPOSIT[size]:.2f} (XS 30, S 50, M 80, L 120, "
                                "XL 150, sleeve 200)")
    did = f"DP-{_next(state, 'deposit'):04d}"
    state.deposits[did] = {"appointment": appointment_id, "amount": float(amount), "method": method, "status": "held"}
    a["deposit"] = did
    a["status"] = "confirmed"
    return _ok({"deposit_id": did, "appointment_id": appointment_id, "amount": float(amount), "method": method,
                "appointment_status": "confirmed"})


@studio("desk")
async def move_appointment(state: State, token: str, appointment_id: str, slot_id: str) -> dict:
    """Move an appointment to another free slot in the same artist's book.

    Args:
        token: The session token (the front desk).
        appointment_id: The appointment.
        slot_id: The new slot.

    Returns:
        The appointment, in ``data``.
    """
    a = _appointment(state, appointment_id)
    if a["status"] not in ("pencilled", "confirmed"):
        _fail("CONFLICT", f"{appointment_id} is {a['status']}")
    d = state.designs[a["design"]]
    artist, date, part = _slot(state, slot_id)
    if artist != d["artist"]:
        _fail("BAD_USER_INPUT", f"{appointment_id} is with {d['artist']}; {slot_id} is in {artist}'s book")
    if date == a["date"] and part == a["part"]:
        _fail("CONFLICT", f"{appointment_id} is already in {slot_id}")
    if d["size"] in WHOLE_DAY and part != "DAY":
        _fail("BAD_USER_INPUT", f"a {d['size']} piece takes a whole day (a DAY slot)")
    if a["deposit"] is not None and a["moves"] >= 1:
        _fail("FAILED_PRECONDITION", "a deposit carries over one move; after that the booking is cancelled and a new "
                                     "deposit taken")
    if not _free(state, artist, date, part, skip=appointment_id):
        _fail("CONFLICT", f"{slot_id} is not free")
    a["date"], a["part"] = date, part
    a["moves"] += 1
    return _ok(_appointment_data(state, appointment_id))


@studio("desk")
async def cancel_appointment(state: State, token: str, appointment_id: str, reason: str) -> dict:
    """Cancel an appointment. A deposit stays refundable with enough notice, and is kept without it.

    Args:
        token: The session token (the front desk).
        appointment_id: The appointment.
        reason: Why.

    Returns:
        The appointment's status, the notice given in hours and what happens to the deposit, in ``data``.
    """
    a = _appointment(state, appointment_id)
    if a["status"] not in ("pencilled", "confirmed"):
        _fail("CONFLICT", f"{appointment_id} is {a['status']}")
    if not reason.strip():
        _fail("BAD_USER_INPUT", "say why")
    start = datetime.datetime.fromisoformat(f"{a['date']}T{PARTS[a['part']][0]}")
    notice = int((start - datetime.datetime.fromisoformat(f"{TODAY}T{NOW}")).total_seconds() // 3600)
    a["status"] = "cancelled"
    state.designs[a["design"]]["status"] = "approved"
    outcome = "none"
    if a["deposit"]:
        dep = state.deposits[a["deposit"]]
        if notice >= NOTICE_HOURS:
            dep["status"] = "refundable"
            outcome = "refundable"
        else:
            dep["status"] = "kept"
            outcome = "kept"
    return _ok({"appointment_id": appointment_id, "status": "cancelled", "notice_hours": notice, "deposit": outcome})


@studio("desk")
async def refund_deposit(state: State, token: str, deposit_id: str, reason: str) -> dict:
    """Refund a deposit on an appointment cancelled with enough notice.

    Args:
        token: The session token (the front desk).
        deposit_id: The deposit.
        reason: Why it is refunded.

    Returns:
        The amount refunded, in ``data``.
    """
    dep = state.deposits.get(deposit_id)
    if dep is None:
        _fail("NOT_FOUND", f"no deposit {deposit_id}")
    if dep["status"] == "refunded":
        _fail("CONFLICT", f"{deposit_id} was already refunded")
    if dep["status"] != "refundable":
        _fail("FAILED_PRECONDITION", f"{deposit_id} is {dep['status']}; a deposit is refunded only when its appointment "
                                     f"is cancelled at least {NOTICE_HOURS} hours ahead")
    if not reason.strip():
        _fail("BAD_USER_INPUT", "say why")
    dep["status"] = "refunded"
    return _ok({"refunded": dep["amount"]})


@studio("desk")
async def mark_no_show(state: State, token: str, appointment_id: str) -> dict:
    """Mark a client who has not turned up for today's session; a deposit is kept.

    Args:
        token: The session token (the front desk).
        appointment_id: The appointment.

    Returns:
        The deposit kept, in ``data``.
    """
    a = _appointment(state, appointment_id)
    if a["status"] not in ("pencilled", "confirmed"):
        _fail("CONFLICT", f"{appointment_id} is {a['status']}")
    if a["date"] != TODAY or PARTS[a["part"]][0] > NOW:
        _fail("FAILED_PRECONDITION", f"{appointment_id} has not started yet")
    a["status"] = "no_show"
    kept = 0.0
    if a["deposit"]:
        state.deposits[a["deposit"]]["status"] = "kept"
        kept = state.deposits[a["deposit"]]["amount"]
    return _ok({"deposit_kept": kept})


# --------------------------------------------------------------------------- the day: consent, chair, payment


@studio("desk")
async def sign_consent(state: State, token: str, appointment_id: str, signed_name: str, conditions: list[str],
                       alcohol_last_24h: bool) -> dict:
    """Take the client's consent form on the day of a confirmed appointment.

    Args:
        token: The session token (the front desk).
        appointment_id: Today's appointment.
        signed_name: The name the client signed with.
        conditions: The medical conditions the client declares ("none" if none).
        alcohol_last_24h: Whether the client has drunk alcohol in the last 24 hours.

    Returns:
        The consent form, in ``data``.
    """
    a = _appointment(state, appointment_id)
    d = state.designs[a["design"]]
    c = state.clients[d["client"]]
    if a["date"] != TODAY:
        _fail("FAILED_PRECONDITION", f"{appointment_id} is on {a['date']}; the form is signed on the day")
    if a["consent"]:
        _fail("CONFLICT", f"{c['name']} signed {a['consent']} already")
    if a["status"] != "confirmed":
        _fail("FAILED_PRECONDITION", f"{appointment_id} is {a['status']}; it must be confirmed by a deposit")
    if signed_name.strip().lower() != c["name"].lower():
        _fail("BAD_USER_INPUT", f"the form must be signed by {c['name']}")
    declared = []
    for cond in conditions:
        k = cond.strip().lower().replace(" ", "_").replace("-", "_")
        if k not in CONDITIONS:
            _fail("BAD_USER_INPUT", f"{cond!r} is not on the form; it lists {', '.join(CONDITIONS)}")
        declared.append(k)
    stop = [k for k in declared if k in STOP]
    if stop:
        _fail("FAILED_PRECONDITION", f"we cannot tattoo {c['name']} today ({', '.join(stop)}); move or cancel the "
                                     "appointment")
    if alcohol_last_24h:
        _fail("FAILED_PRECONDITION", "no tattoo within 24 hours of drinking; move the appointment")
    if "ink_allergy" in declared:
        since = (_today() - datetime.timedelta(days=PATCH_DAYS)).isoformat()
        if not any(p["client"] == d["client"] and p["result"] == "clear" and p["date"] >= since
                   for p in state.patch_tests.values()):
            _fail("FAILED_PRECONDITION", f"{c['name']} declares an ink allergy; a clear patch test from the last "
                                         f"{PATCH_DAYS} days is needed first")
    cf = f"CF-{_next(state, 'consent'):04d}"
    state.consents[cf] = {"appointment": appointment_id, "conditions": declared, "signed": signed_name.strip()}
    a["consent"] = cf
    return _ok({"consent_id": cf, "appointment_id": appointment_id, "client": c["name"], "conditions": declared})


@studio("artist")
async def check_in(state: State, token: str, appointment_id: str) -> dict:
    """Check a client into the artist's chair for today's session.

    Args:
        token: The session token (the appointment's artist).
        appointment_id: The appointment.

    Returns:
        The appointment, in the chair, in ``data``.
    """
    a = _appointment(state, appointment_id)
    _own_work(state.sessions[token], state.designs[a["design"]]["artist"])
    if a["status"] == "in_chair":
        _fail("CONFLICT", f"{appointment_id} is already in the chair")
    if a["date"] != TODAY or a["status"] != "confirmed":
        _fail("FAILED_PRECONDITION", f"{appointment_id} is {a['status']} on {a['date']}")
    if a["consent"] is None:
        _fail("FAILED_PRECONDITION", "the client has not signed the consent form")
    a["status"] = "in_chair"
    return _ok(_appointment_data(state, appointment_id))


@studio()
async def ink_stock(state: State, token: str, colour: str | None = None) -> dict:
    """The sealed ink batches in stock, with their lot numbers and expiry months.

    Args:
        token: The session token.
        colour: Only batches whose colour contains this.

    Returns:
        A table of batch id, brand, colour, lot and expiry month.
    """
    rows = [[bid, i[0], i[1], i[2], i[3]] for bid, i in sorted(state.inks.items())
            if colour is None or colour.lower() in i[1].lower()]
    return _ok(_table(["batch_id", "brand", "colour", "lot", "expires"], rows))


@studio("artist")
async def finish_session(state: State, token: str, appointment_id: str, hours: float, ink_batches: list[str],
                         notes: str) -> dict:
    """Finish a session in the chair, recording the hours and the ink batches used (for traceability).

    Args:
        token: The session token (the appointment's artist).
        appointment_id: The appointment.
        hours: The hours tattooed.
        ink_batches: The ink batches used.
        notes: The artist's notes on the session.

    Returns:
        The appointment's price, deposit and the balance due, in ``data``.
    """
    a = _appointment(state, appointment_id)
    d = state.designs[a["design"]]
    _own_work(state.sessions[token], d["artist"])
    if a["status"] != "in_chair":
        _fail("FAILED_PRECONDITION", f"{appointment_id} is {a['status']}, not in the chair")
    if not 0 < hours <= PARTS[a["part"]][1]:
        _fail("BAD_USER_INPUT", f"a {a['part']} session is up to {PARTS[a['part']][1]} hours")
    if not ink_batches:
        _fail("BAD_USER_INPUT", "record the ink batches used")
    for b in ink_batches:
        ink = state.inks.get(b)
        if ink is None:
            _fail("NOT_FOUND", f"no ink batch {b} (see the ink stock)")
        if ink[3] < TODAY[:7]:
            _fail("FAILED_PRECONDITION", f"{b} ({ink[0]} {ink[1]}, lot {ink[2]}) expired in {ink[3]}; take it out of "
                                         "the room")
    if a["kind"] == "touch_up":
        price = 0.0
    elif d["flash"]:
        price = state.flash[d["flash"]]["price"]
    else:
        price = max(SIZES[d["size"]][1], round(state.artists[d["artist"]]["rate"] * hours, 2))
    a.update({"status": "finished", "hours": hours, "inks": list(ink_batches), "price": price, "notes": notes.strip()})
    d["status"] = "done"
    dep = state.deposits[a["deposit"]]["amount"] if a["deposit"] else 0.0
    if a["deposit"]:
        state.deposits[a["deposit"]]["status"] = "applied"
    return _ok({"appointment_id": appointment_id, "status": "finished", "price": price, "deposit": dep,
                "balance_due": _balance(state, a)})


@studio("desk")
async def take_payment(state: State, token: str, appointment_id: str, amount: float, method: PayMethod,
                       tip: float = 0.0) -> dict:
    """Take payment for a finished session.

    Args:
        token: The session token (the front desk).
        appointment_id: The appointment.
        amount: The amount paid towards the balance.
        method: How it was paid.
        tip: A tip for the artist, on top.

    Returns:
        The receipt and the balance left, in ``data``.
    """
    a = _appointment(state, appointment_id)
    if a["status"] != "finished":
        _fail("FAILED_PRECONDITION", f"{appointment_id} is {a['status']}; payment is taken when the session is finished")
    bal = _balance(state, a)
    if bal <= 0:
        _fail("CONFLICT", f"{appointment_id} is paid in full")
    if amount <= 0 or amount > bal + 1e-9:
        _fail("BAD_USER_INPUT", f"the balance on {appointment_id} is {bal:.2f}")
    if tip < 0:
        _fail("BAD_USER_INPUT", "a tip cannot be negative")
    a["paid"] = round(a["paid"] + amount, 2)
    rid = f"RC-{_next(state, 'receipt'):04d}"
    state.receipts.append({"id": rid, "appointment": appointment_id, "amount": amount, "method": method, "tip": tip})
    return _ok({"receipt_id": rid, "appointment_id": appointment_id, "amount": amount, "tip": tip,
                "balance": _balance(state, a)})


@studio("desk")
async def book_touch_up(state: State, token: str, appointment_id: str, slot_id: str) -> dict:
    """Book the free touch-up of a finished, paid tattoo, with the same artist.

    Args:
        token: The session token (the front desk).
        appointment_id: The original appointment.
        slot_id: The slot.

    Returns:
        The touch-up appointment, confirmed, in ``data``.
    """
    a = _appointment(state, appointment_id)
    d = state.designs[a["design"]]
    if a["kind"] != "tattoo" or a["status"] != "finished":
        _fail("FAILED_PRECONDITION", f"{appointment_id} is not a finished tattoo")
    if a["touch_up"]:
        _fail("CONFLICT", f"{appointment_id} already has its touch-up ({a['touch_up']})")
    if _balance(state, a) > 0:
        _fail("FAILED_PRECONDITION", f"{appointment_id} has {_balance(state, a):.2f} to pay; the touch-up is free once "
                                     "the tattoo is paid for")
    artist, date, part = _slot(state, slot_id)
    if artist != d["artist"]:
        _fail("BAD_USER_INPUT", f"the touch-up is with {d['artist']}, who did the tattoo")
    if date > (datetime.date.fromisoformat(a["date"]) + datetime.timedelta(days=TOUCH_UP_DAYS)).isoformat():
        _fail("FAILED_PRECONDITION", f"a free touch-up is within {TOUCH_UP_DAYS} days of the session")
    if part == "DAY" or not _free(state, artist, date, part):
        _fail("CONFLICT", f"{slot_id} is not a free morning or afternoon")
    tid = f"AP-{_next(state, 'appointment'):04d}"
    state.appointments[tid] = {"design": a["design"], "date": date, "part": part, "kind": "touch_up",
                               "status": "confirmed", "deposit": None, "moves": 0, "price": 0.0, "paid": 0.0,
                               "consent": None, "touch_up": None, "hours": None, "inks": []}
    a["touch_up"] = tid
    return _ok(_appointment_data(state, tid))


@studio("desk")
async def send_aftercare(state: State, token: str, appointment_id: str, channel: Channel) -> dict:
    """Send the client the aftercare sheet for a finished session.

    Args:
        token: The session token (the front desk).
        appointment_id: The appointment.
        channel: How to send it.

    Returns:
        The message's id and where it went, in ``data``.
    """
    a = _appointment(state, appointment_id)
    if a["status"] != "finished":
        _fail("FAILED_PRECONDITION", f"{appointment_id} is {a['status']}; aftercare goes out after the session")
    c = state.clients[state.designs[a["design"]]["client"]]
    to = _contact(c, channel)
    mid = f"MS-{_next(state, 'message'):04d}"
    state.messages.append({"id": mid, "client": state.designs[a["design"]]["client"], "channel": channel,
                           "text": "aftercare"})
    return _ok({"message_id": mid, "sent_to": to})


@studio("desk")
async def message_client(state: State, token: str, client_id: str, channel: Channel, text: str) -> dict:
    """Send a client a message by e-mail, text or Instagram.

    Args:
        token: The session token (the front desk).
        client_id: The client.
        channel: How to send it.
        text: The message.

    Returns:
        The message's id and where it went, in ``data``.
    """
    c = _client(state, client_id)
    if not text.strip():
        _fail("BAD_USER_INPUT", "the message is empty")
    to = _contact(c, channel)
    mid = f"MS-{_next(state, 'message'):04d}"
    state.messages.append({"id": mid, "client": client_id, "channel": channel, "text": text.strip()})
    return _ok({"message_id": mid, "sent_to": to})


TOOLS = [
    sign_in, sign_out, artist_directory, price_guide, flash_sheet, find_client, register_client, update_client,
    client_file, check_id, patch_test, open_books, close_books, join_waitlist, waitlist, book_consultation,
    consultations, cancel_consultation, record_brief, designs, upload_design, request_changes, approve_design,
    claim_flash, artist_availability, book_appointment, appointments, take_deposit, move_appointment,
    cancel_appointment, refund_deposit, mark_no_show, sign_consent, check_in, ink_stock, finish_session,
    take_payment, book_touch_up, send_aftercare, message_client,
]

FIXTURES = {
    "studio": {"name": "Black Lantern Tattoo, 27 Dock Street, Harwick",
               "today": "Friday 13 June, twenty to twelve; the doors opened at eleven"},
    "staff": [
        {"name": "Nell Dyer", "role": "front desk", "username": "nell.d", "password": "Needle-Point-42"},
        {"name": "Mara Kowalczyk", "role": "artist (fine line, botanical)", "username": "mara.k",
         "password": "Fineline-Fern-7"},
        {"name": "Jonah Reyes", "role": "artist (neo-traditional)", "username": "jonah.r", "password": "Swallow-Dagger-9"},
        {"name": "Adeola Ogun", "role": "artist (realism)", "username": "ade.o", "password": "Grey-Wash-1988"},
        {"name": "Sable Vance", "role": "studio manager", "username": "sable.v", "password": "Lantern-Dock-27"},
    ],
    "new_client": {"name": "Ms Tamsin Rook", "born": "14 September 1998", "mobile": "07700 930412",
                   "email": "tamsin.rook@mail.example", "instagram_later": "@tamsin.rook",
                   "passport": "532918476",
                   "wants": "a fine-line botanical piece on her inner left forearm, foxgloves and ferns, black only, "
                            "with Mara; a consultation today if Mara has time at one"},
    "walk_in": {"name": "Mr Kieran Walsh", "born": "3 February 2001", "mobile": "07700 930418",
                "email": "kieran.walsh@mail.example", "driving_licence": "WALSH802031K99AB",
                "wants": "the swallow from Jonah's flash sheet, this afternoon if Jonah is free; pays by card; "
                         "no medical conditions, has not been drinking"},
    "desk_notes": [
        "Chloe Fenn's patch test for red and yellow came up clear this morning; she has an ink allergy on her form",
        "Sam Okoro's Instagram is @samokoro; he would rather hear from us there",
        "Ellie Moss showed her CitizenCard today: CC40311872, born 12 December 2002",
        "Owen Price cannot make his consultation with Jonah at half twelve",
        "Luca Bianchi has not turned up for his eleven o'clock with Jonah",
        "Robin Ashdown has to cancel tomorrow's fox: a family emergency",
        "Priya Desai's swallow needs its touch-up; she can do a morning next week",
        "Mara's books are full until September; she wants them closed",
        "Ade is opening her books again from today",
    ],
}

_TOKEN = "auth: session token (token of sign_in's session)"
PUBLIC = ("sign_in", "artist_directory", "price_guide", "flash_sheet")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CLIENT_CONSUMERS = ["update_client", "client_file", "check_id", "patch_test", "book_consultation", "claim_flash",
                    "join_waitlist", "message_client"]
CONSULTATION_CONSUMERS = ["cancel_consultation", "record_brief"]
DESIGN_CONSUMERS = ["upload_design", "request_changes", "approve_design"]
APPOINTMENT_CONSUMERS = ["take_deposit", "move_appointment", "cancel_appointment", "sign_consent", "check_in",
                         "finish_session", "take_payment", "book_touch_up", "send_aftercare"]
ARTIST_CONSUMERS = ["book_consultation", "artist_availability", "open_books", "close_books", "join_waitlist"]
SLOT_CONSUMERS = ["book_appointment", "move_appointment", "book_touch_up"]
_CLIENT = "id lookup/create: client number (client_id of register_client, or of a find_client row)"
_CONSULTATION = ("id lookup/create: consultation number (consultation_id of book_consultation, or of a "
                 "consultations row)")
_DESIGN = "id lookup/create: design number (design_id of record_brief, or of a designs row)"
_APPOINTMENT = ("id lookup/create: appointment number (appointment_id of book_appointment, or of an appointments "
                "row)")

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_client|find_client", c, _CLIENT) for c in CLIENT_CONSUMERS]
    + [("book_consultation|consultations", c, _CONSULTATION) for c in CONSULTATION_CONSUMERS]
    + [("record_brief|designs", c, _DESIGN) for c in DESIGN_CONSUMERS]
    + [("book_appointment|appointments", c, _APPOINTMENT) for c in APPOINTMENT_CONSUMERS]
    + [("artist_directory", c, "vocabulary: artist handles (handle of artist_directory rows)") for c in ARTIST_CONSUMERS]
    + [("artist_availability", c, "id lookup: slot (slot_id of an artist_availability row)") for c in SLOT_CONSUMERS]
    + [
        ("record_brief|claim_flash|designs", "book_appointment",
         "id lookup/create: design number (design_id of record_brief or claim_flash, or of a designs row)"),
        ("appointments", "mark_no_show", "id lookup: appointment number (appointment_id of an appointments row)"),
        ("flash_sheet", "claim_flash", "id lookup: flash piece (flash_id of a flash_sheet row)"),
        ("ink_stock", "finish_session", "id lookup: ink batches (batch_id of ink_stock rows)"),
        ("take_deposit", "refund_deposit", "id create: deposit number (deposit_id of take_deposit)"),
        ("price_guide", "record_brief", "vocabulary: size bands (size of price_guide rows)"),
        ("open_books", "book_consultation", "state: the artist's books open"),
        ("close_books", "join_waitlist", "state: the artist's books closed"),
        ("check_id", "book_appointment", "state: the client's photo ID checked"),
        ("approve_design", "book_appointment", "state: the design approved"),
        ("upload_design", "approve_design", "state: a drawing for the client to see"),
        ("upload_design", "request_changes", "state: a drawing for the client to see"),
        ("take_deposit", "sign_consent", "state: the appointment confirmed by a deposit"),
        ("patch_test", "sign_consent", "state: a clear patch test (an ink allergy declared)"),
        ("sign_consent", "check_in", "state: the consent form signed"),
        ("check_in", "finish_session", "state: the client in the chair"),
        ("finish_session", "take_payment", "state: the session finished"),
        ("finish_session", "send_aftercare", "state: the session finished"),
        ("take_payment", "book_touch_up", "state: the tattoo paid for"),
        ("cancel_appointment", "refund_deposit", "state: the appointment cancelled with notice"),
        ("update_client", "message_client", "state: an Instagram handle on file"),
    ]
)

PLAUSIBLE = {
    ("register_client", "find_client"), ("client_file", "update_client"), ("client_file", "check_id"),
    ("client_file", "patch_test"), ("client_file", "book_consultation"), ("client_file", "message_client"),
    ("client_file", "join_waitlist"), ("client_file", "claim_flash"), ("update_client", "client_file"),
    ("update_client", "send_aftercare"), ("check_id", "client_file"), ("patch_test", "client_file"), ("book_consultation", "consultations"),
    ("book_consultation", "client_file"), ("cancel_consultation", "consultations"), ("record_brief", "consultations"),
    ("record_brief", "designs"), ("upload_design", "designs"), ("request_changes", "designs"), ("request_changes", "upload_design"), ("approve_design", "designs"),
    ("claim_flash", "designs"), ("claim_flash", "flash_sheet"), ("claim_flash", "client_file"),
    ("designs", "artist_availability"), ("artist_directory", "designs"), ("artist_directory", "appointments"),
    ("artist_directory", "consultations"), ("artist_directory", "waitlist"), ("flash_sheet", "artist_availability"),
    ("open_books", "artist_directory"), ("close_books", "artist_directory"), ("open_books", "waitlist"),
    ("close_books", "book_consultation"), ("join_waitlist", "waitlist"), ("waitlist", "open_books"),
    ("waitlist", "book_consultation"), ("book_appointment", "appointments"), ("book_appointment", "artist_availability"),
    ("book_appointment", "client_file"), ("book_appointment", "mark_no_show"), ("appointments", "refund_deposit"),
    ("client_file", "take_deposit"), ("take_deposit", "appointments"), ("take_deposit", "move_appointment"),
    ("take_deposit", "cancel_appointment"), ("take_deposit", "check_in"), ("move_appointment", "appointments"),
    ("move_appointment", "artist_availability"), ("move_appointment", "sign_consent"),
    ("cancel_appointment", "appointments"), ("cancel_appointment", "artist_availability"),
    ("cancel_appointment", "book_appointment"), ("mark_no_show", "appointments"), ("sign_consent", "appointments"),
    ("check_in", "appointments"), ("ink_stock", "patch_test"), ("finish_session", "appointments"),
    ("finish_session", "book_touch_up"), ("finish_session", "client_file"), ("take_payment", "appointments"),
    ("book_touch_up", "appointments"), ("book_touch_up", "artist_availability"), ("send_aftercare", "message_client"),
    ("register_client", "send_aftercare"), ("find_client", "send_aftercare"), ("find_client", "appointments"),
    ("register_client", "book_appointment"), ("find_client", "book_appointment"), ("find_client", "sign_consent"),
    ("register_client", "sign_consent"), ("consultations", "upload_design"), ("book_consultation", "upload_design"),
    ("price_guide", "take_deposit"), ("price_guide", "claim_flash"), ("check_id", "sign_consent"),
    ("claim_flash", "take_deposit"), ("record_brief", "take_deposit"), ("designs", "take_deposit"),
}
