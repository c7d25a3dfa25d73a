"""Bellwether: the office, foreman and accounts of Pengarth Shearing, a sheep-shearing contractor (36 calls).

Async functions over an in-memory ``State`` of a shearing contractor in mid Wales on Tuesday 20 June 2034 at 07:00,
in the middle of the clipping season. The office finds and registers the farms it shears for, changes their details
(the British Wool registration among them), reads their accounts and texts the farmers; adds their flocks and the
farmer's flock health declaration; takes bookings for a week and cancels them; sends the wool off to a British Wool
depot and books its collection. The foreman schedules the runs (a day's shearing at a farm), puts shearers on them
and takes them off, books a shearing trailer, confirms, postpones and cancels runs, records each shearer's tally on
the day, closes the run once the sheep are shorn and records the wool packs. Accounts raise the invoices, record the
farmers' payments, issue credit notes and pay the shearers for a run. The owner may do everything. The price list
and the British Wool depots are public.

Every tool but the three public ones is an ``async def`` wrapped by the ``requires(*roles)`` decorator
(``functools.wraps``, itself a coroutine function), which checks the session token and the role before the tool runs.
Refusals are raised as Python's built-in exceptions: ``PermissionError`` (not signed in, or the wrong role),
``LookupError`` (no such farm, run or invoice), ``ValueError`` (a value or a rule broken: ``ValueError("RN-903 has 260
head to shear and 1 shearer; a shearer does at most 250 a day")``) and ``RuntimeError`` (a record in the wrong state:
``RuntimeError("RN-901 is scheduled; tallies are recorded on a confirmed run")``); the runtime records a raised
exception as an error, so the module declares no ``FAILURE``. Replies are plain dicts and lists of them, with rows
nested as lists of lists (a farm's account, a shearer's day sheet); a bare value answers shearers paid for a run (the
amount); sentences with an id in them answer a text, a booking cancelled, a run cancelled, a credit note and a
sign-out. ``from __future__ import annotations`` with PEP 604 and builtin generics (``str | None``, ``list[str]``),
resolved by the runtime in the module: a plain ``Enum`` input (``PayMethod``), two ``str`` ``Enum`` filters (``Seal``,
``RunStatus``), ``Literal`` inputs (scab status, the reason a run is postponed) and a ``Literal`` filter (invoice
status), ``list[str]`` services. Numpy docstrings. Ids look alike: farm ``FA-305``, flock ``FL-505``, booking
``BK-704``, run ``RN-902``, shearer ``SR-13``, trailer ``TR-2``, consignment ``CN-6601``, invoice ``IN-4411``, credit
note ``CR-215``, text ``TX-8802``; service ``EWE``; depot ``BW-LLD``. That a flock health declaration lasts 60 days,
that the crew stays off a farm with suspected scab, that a shearer does at most 250 head a day, that a trailer needs
a stand for each shearer, that a trainee and the rams need a gold or blue seal shearer, that runs fall in the week
booked, that tallies are recorded on the day of the run and the wool registration a consignment needs are stated only
in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
import math
from enum import Enum
from typing import Any, Literal

TODAY = "2034-06-20"  # a Tuesday
NOW = "07:00"


class PayMethod(Enum):
    BACS = "bacs"
    CHEQUE = "cheque"
    CASH = "cash"


class Seal(str, Enum):
    BLUE = "blue"
    GOLD = "gold"
    SILVER = "silver"
    BRONZE = "bronze"


class RunStatus(str, Enum):
    SCHEDULED = "scheduled"
    CONFIRMED = "confirmed"
    SHORN = "shorn"
    CANCELLED = "cancelled"


ScabStatus = Literal["clear", "treated", "suspected"]
PostponeReason = Literal["wet_sheep", "weather", "farmer_request", "crew_short"]
InvoiceStatus = Literal["unpaid", "paid"]

SERVICES = {  # code -> service, price a head, shearer's rate a head, which sheep
    "EWE": ("Shearing ewes", 2.10, 1.30, ("ewes",)),
    "SHL": ("Shearing shearlings", 2.20, 1.40, ("shearlings",)),
    "RAM": ("Shearing rams", 4.50, 3.00, ("rams",)),
    "CRT": ("Crutching", 0.70, 0.40, ("ewes", "shearlings")),
    "DAG": ("Dagging", 0.60, 0.35, ("ewes", "shearlings")),
}
DEPOTS = {"BW-BRE": "British Wool, Brecon", "BW-LLD": "British Wool, Llanidloes",
          "BW-BRD": "British Wool, Bradford grading centre", "BW-CMN": "British Wool, Carmarthen"}
MINIMUM_CHARGE = 75.0
HEAD_A_DAY = 250
SEALS = ["bronze", "silver", "gold", "blue"]
ROLE_NAMES = {"office": "the office", "foreman": "the foreman", "accounts": "accounts", "owner": "the owner"}


# --------------------------------------------------------------------------- state


class State:
    """Pengarth Shearing on Tuesday 20 June 2034 at 07:00."""

    def __init__(self) -> None:
        self.staff = {
            "catrin.b": {"name": "Catrin Bowen", "password": "Wool-Sheet-88", "role": "office"},
            "emyr.v": {"name": "Emyr Vaughan", "password": "Handpiece-12", "role": "foreman"},
            "llinos.m": {"name": "Llinos Meredith", "password": "Tally-Book-5", "role": "accounts"},
            "arwel.g": {"name": "Arwel Gittins", "password": "Pengarth-1979", "role": "owner"},
        }
        self.sessions: dict[str, dict] = {}
        self.farms = {  # farm -> name, farmer, phone, email, address, postcode, CPH, wool registration
            "FA-301": ["Cefn Llwyd", "Gwilym Parry", "07700 900801", "gwilym@cefnllwyd.example.com",
                       "Cefn Llwyd, Llanfihangel", "SY21 0CL", "51/123/4567", "BW 418827"],
            "FA-302": ["Tyddyn Mawr", "Eleri Mostyn", "07700 900802", "eleri.mostyn@example.net",
                       "Tyddyn Mawr, Pontrobert", "SY22 5TM", "51/131/2208", "BW 420316"],
            "FA-303": ["Blaen-y-cwm", "Iestyn Bevan", "07700 900803", "iestyn.bevan@example.com",
                       "Blaen-y-cwm, Dolanog", "SY21 0BC", "51/128/3390", None],
            "FA-304": ["Cae Coch", "Rhodri Prosser", "07700 900804", "caecoch@example.org",
                       "Cae Coch, Meifod", "SY22 6PG", "51/140/1176", "BW 402955"],
        }
        self.flocks = {  # flock -> farm, breed, ewes, shearlings, rams
            "FL-501": ["FA-301", "Welsh Mountain", 420, 80, 6],
            "FL-502": ["FA-302", "Texel cross", 260, 0, 4],
            "FL-503": ["FA-303", "Beulah Speckled Face", 350, 0, 0],
            "FL-504": ["FA-304", "Lleyn", 180, 40, 2],
        }
        self.health = {  # flock -> scab, lice, last treated, declared on
            "FL-501": ["clear", False, "2034-03-10", "2034-06-01"],
            "FL-502": ["clear", False, None, "2034-05-30"],
            "FL-503": ["clear", False, "2034-02-20", "2034-06-05"],
            "FL-504": ["treated", False, "2034-05-02", "2034-06-10"],
        }
        self.bookings = {  # booking -> farm, flock, services, week commencing, status
            "BK-699": ["FA-304", "FL-504", ["EWE", "SHL"], "2034-06-12", "done"],
            "BK-700": ["FA-303", "FL-503", ["EWE"], "2034-06-19", "done"],
            "BK-701": ["FA-301", "FL-501", ["EWE", "SHL", "RAM"], "2034-06-19", "scheduled"],
            "BK-702": ["FA-302", "FL-502", ["EWE"], "2034-06-19", "requested"],
            "BK-703": ["FA-304", "FL-504", ["RAM"], "2034-07-03", "requested"],
        }
        self.shearers = {  # shearer -> name, seal, phone
            "SR-11": ["Tomos Griffiths", "gold", "07700 900811"],
            "SR-12": ["Kiri Walker", "blue", "07700 900812"],
            "SR-13": ["Matiu Parata", "silver", "07700 900813"],
            "SR-14": ["Mared Tudno", "bronze", "07700 900814"],
            "SR-15": ["Liam O'Dwyer", "silver", "07700 900815"],
            "SR-16": ["Hywel Bebb", "gold", "07700 900816"],
        }
        self.trailers = {"TR-1": ["4-stand trailer", 4], "TR-2": ["3-stand trailer", 3],
                         "TR-3": ["2-stand trailer", 2]}
        self.runs = {  # run -> booking, date, crew, trailer, status, wool packs, shearers paid
            "RN-899": ["BK-699", "2034-06-15", ["SR-13", "SR-15"], "TR-2", "shorn", 3, True],
            "RN-900": ["BK-700", "2034-06-19", ["SR-11", "SR-12"], "TR-1", "shorn", None, False],
            "RN-901": ["BK-701", "2034-06-20", ["SR-11", "SR-12"], None, "scheduled", None, False],
        }
        self.tallies: list[list] = [  # run, shearer, service, head
            ["RN-899", "SR-13", "EWE", 95], ["RN-899", "SR-15", "EWE", 85], ["RN-899", "SR-15", "SHL", 40],
            ["RN-900", "SR-11", "EWE", 170], ["RN-900", "SR-12", "EWE", 180],
        ]
        self.consignments = {  # consignment -> run, depot, packs, status, collection date, haulier
            "CN-6600": ["RN-899", "BW-LLD", 3, "awaiting_collection", None, None],
        }
        self.invoices = {  # invoice -> farm, run, date, lines [service, head, price, amount], total, paid
            "IN-4409": ["FA-301", None, "2034-04-20", [["CRT", 500, 0.7, 350.0]], 350.0, 350.0],
            "IN-4410": ["FA-304", "RN-899", "2034-06-15", [["EWE", 180, 2.1, 378.0], ["SHL", 40, 2.2, 88.0]],
                        466.0, 0.0],
        }
        self.credits: list[list] = []
        self.texts: list[list] = []
        self.counters = {"token": 1, "farm": 305, "flock": 505, "booking": 704, "run": 902, "consignment": 6601,
                         "invoice": 4411, "credit": 215, "text": 8802}


# --------------------------------------------------------------------------- the decorator and helpers


def _check(state: State, token: Any, roles: tuple) -> dict:
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        raise PermissionError("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "owner":
        raise PermissionError(f"{who['name']} ({who['role']}) may not do this; it is for "
                              f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return who


def requires(*roles: str):
    """Check the session token, and the role where roles are given (the owner may do everything), before the
    coroutine runs; raise ``PermissionError`` when the check fails."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def call(*args, **kwargs):
            bound = sig.bind_partial(*args, **kwargs).arguments
            _check(bound.get("state"), bound.get("token"), roles)
            return await fn(*args, **kwargs)

        return call

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} is required")
    return value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _get(table: dict, key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise LookupError(f"no {what} {key}")
    return row


def _date(value: Any, what: str) -> str:
    try:
        datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValueError(f"{what} is a date (YYYY-MM-DD), not {value!r}") from None
    return value


def _plus(day: str, days: int) -> str:
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=days)).isoformat()


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} is a whole number of sheep, not {value!r}")
    return value


def _booked_head(state: State, bid: str) -> dict:
    b = state.bookings[bid]
    f = state.flocks[b[1]]
    sheep = {"ewes": f[2], "shearlings": f[3], "rams": f[4]}
    return {code: sum(sheep[k] for k in SERVICES[code][3]) for code in b[2]}


def _shorn_head(state: State, bid: str) -> int:
    return sum(n for code, n in _booked_head(state, bid).items() if code in ("EWE", "SHL", "RAM"))


def _farm_out(state: State, fid: str) -> dict:
    f = state.farms[fid]
    return {"farm_id": fid, "name": f[0], "farmer": f[1], "phone": f[2], "email": f[3], "address": f[4],
            "postcode": f[5], "cph": f[6], "wool_registration": f[7]}


def _flock_out(state: State, lid: str) -> dict:
    f = state.flocks[lid]
    h = state.health.get(lid)
    return {"flock_id": lid, "farm_id": f[0], "breed": f[1], "ewes": f[2], "shearlings": f[3], "rams": f[4],
            "health_declared": h[3] if h else None}


def _booking_out(state: State, bid: str) -> dict:
    b = state.bookings[bid]
    return {"booking_id": bid, "farm_id": b[0], "farm": state.farms[b[0]][0], "flock_id": b[1],
            "services": list(b[2]), "week_commencing": b[3], "head": _booked_head(state, bid), "status": b[4]}


def _run_out(state: State, rid: str) -> dict:
    r = state.runs[rid]
    b = state.bookings[r[0]]
    return {"run_id": rid, "booking_id": r[0], "farm_id": b[0], "farm": state.farms[b[0]][0], "date": r[1],
            "services": list(b[2]), "head": _booked_head(state, r[0]),
            "crew": [[sid, state.shearers[sid][0], state.shearers[sid][1]] for sid in r[2]], "trailer": r[3],
            "status": r[4], "wool_packs": r[5], "shearers_paid": r[6]}


def _invoice_out(state: State, iid: str) -> dict:
    i = state.invoices[iid]
    credited = sum(c[2] for c in state.credits if c[1] == iid)
    outstanding = round(i[4] - i[5] - credited, 2)
    return {"invoice_id": iid, "farm_id": i[0], "farm": state.farms[i[0]][0], "run_id": i[1], "date": i[2],
            "lines": [list(x) for x in i[3]], "total": i[4], "paid": i[5], "credited": credited,
            "outstanding": outstanding, "due": _plus(i[2], 30), "status": "paid" if outstanding <= 0 else "unpaid"}


def _consignment_out(state: State, cid: str) -> dict:
    c = state.consignments[cid]
    fid = state.bookings[state.runs[c[0]][0]][0]
    return {"consignment_id": cid, "run_id": c[0], "farm_id": fid, "farm": state.farms[fid][0], "depot": c[1],
            "depot_name": DEPOTS[c[1]], "packs": c[2], "status": c[3], "collection_date": c[4], "haulier": c[5]}


# --------------------------------------------------------------------------- sign-in and the public lists


async def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the contractor's system.

    Parameters
    ----------
    username : str
        A staff user name, such as ``catrin.b``.
    password : str
        The password.

    Returns
    -------
    dict
        ``token`` (for every call but the public ones), ``name`` and ``role`` (office, foreman, accounts or
        owner).
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        raise PermissionError("user name or password not recognised")
    token = f"pgs-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return {"token": token, "name": s["name"], "role": s["role"]}


@requires()
async def sign_out(state: State, token: str) -> str:
    """End a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    str
        A sentence naming who was signed out.
    """
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def price_list() -> list[dict]:
    """The contractor's prices for the season, as the website shows them.

    Returns
    -------
    list of dict
        Each service's ``code``, ``service`` and ``price_per_head`` in pounds.
    """
    return [{"code": code, "service": s[0], "price_per_head": s[1]} for code, s in SERVICES.items()]


async def wool_depots() -> list[dict]:
    """The British Wool depots the contractor sends wool to.

    Returns
    -------
    list of dict
        Each depot's ``code`` and ``name``.
    """
    return [{"code": code, "name": name} for code, name in DEPOTS.items()]


# --------------------------------------------------------------------------- farms and flocks


@requires("office", "foreman", "accounts")
async def find_farm(state: State, token: str, text: str) -> list[dict]:
    """Find farms by part of the farm's name, the farmer's name or the postcode.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of dict
        Each farm's ``farm_id``, ``name``, ``farmer`` and ``postcode``, in farm id order.
    """
    needle = _text(text, "text").lower()
    return [{"farm_id": fid, "name": f[0], "farmer": f[1], "postcode": f[5]} for fid, f in sorted(state.farms.items())
            if needle in f[0].lower() or needle in f[1].lower() or needle in f[5].lower()]


@requires("office")
async def register_farm(state: State, token: str, name: str, farmer: str, phone: str, email: str, address: str,
                        postcode: str, cph: str) -> dict:
    """Register a farm the contractor is to shear for.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        The farm's name.
    farmer : str
        Who to deal with.
    phone : str
        The farmer's mobile, for texts.
    email : str
        E-mail address, for invoices.
    address : str
        The farm's address.
    postcode : str
        Its postcode.
    cph : str
        The holding's County Parish Holding number, as ``51/123/4567``.

    Returns
    -------
    dict
        The farm with a new ``farm_id``.
    """
    name, farmer, phone = _text(name, "name"), _text(farmer, "farmer"), _text(phone, "phone")
    address, postcode, cph = _text(address, "address"), _text(postcode, "postcode").upper(), _text(cph, "cph")
    email = _text(email, "email")
    if "@" not in email:
        raise ValueError(f"{email!r} is not an e-mail address")
    parts = cph.split("/")
    if len(parts) != 3 or [len(p) for p in parts] != [2, 3, 4] or not all(p.isdigit() for p in parts):
        raise ValueError(f"cph is written 51/123/4567, not {cph!r}")
    for fid, f in state.farms.items():
        if f[6] == cph:
            raise ValueError(f"holding {cph} is registered already as {f[0]} ({fid})")
    fid = f"FA-{_next(state, 'farm')}"
    state.farms[fid] = [name, farmer, phone, email, address, postcode, cph, None]
    return _farm_out(state, fid)


@requires("office")
async def update_farm(state: State, token: str, farm_id: str, phone: str | None = None, email: str | None = None,
                      farmer: str | None = None, wool_registration: str | None = None) -> dict:
    """Change a farm's contact details or put its British Wool registration number on file.

    Parameters
    ----------
    token : str
        The session token.
    farm_id : str
        The farm.
    phone : str, optional
        A new mobile number.
    email : str, optional
        A new e-mail address.
    farmer : str, optional
        Who to deal with now.
    wool_registration : str, optional
        The farm's British Wool registration, as ``BW 418827``.

    Returns
    -------
    dict
        The farm as now on file.
    """
    f = _get(state.farms, farm_id, "farm")
    new = list(f)
    if phone is not None:
        new[2] = _text(phone, "phone")
    if email is not None:
        if "@" not in _text(email, "email"):
            raise ValueError(f"{email!r} is not an e-mail address")
        new[3] = email.strip()
    if farmer is not None:
        new[1] = _text(farmer, "farmer")
    if wool_registration is not None:
        reg = _text(wool_registration, "wool_registration").upper()
        if not (reg.startswith("BW ") and reg[3:].isdigit() and len(reg) == 9):
            raise ValueError(f"wool_registration is written BW 418827, not {wool_registration!r}")
        new[7] = reg
    if new == f:
        raise ValueError(f"those are {f[0]}'s details already")
    state.farms[farm_id] = new
    return _farm_out(state, farm_id)


@requires("office", "accounts")
async def farm_account(state: State, token: str, farm_id: str) -> dict:
    """A farm's whole account.

    Parameters
    ----------
    token : str
        The session token.
    farm_id : str
        The farm.

    Returns
    -------
    dict
        ``farm``; ``flocks`` as rows of ``[flock_id, breed, ewes, shearlings, rams, health_declared]``;
        ``bookings`` as rows of ``[booking_id, flock_id, services, week_commencing, status]``; ``runs`` as rows of
        ``[run_id, booking_id, date, status]``; ``invoices`` as rows of ``[invoice_id, date, total, outstanding]``.
    """
    _get(state.farms, farm_id, "farm")
    mine = {bid for bid, b in state.bookings.items() if b[0] == farm_id}
    return {
        "farm": _farm_out(state, farm_id),
        "flocks": [[lid, f[1], f[2], f[3], f[4], state.health[lid][3] if lid in state.health else None]
                   for lid, f in sorted(state.flocks.items()) if f[0] == farm_id],
        "bookings": [[bid, b[1], list(b[2]), b[3], b[4]] for bid, b in sorted(state.bookings.items()) if bid in mine],
        "runs": [[rid, r[0], r[1], r[4]] for rid, r in sorted(state.runs.items()) if r[0] in mine],
        "invoices": [[iid, i[2], i[4], _invoice_out(state, iid)["outstanding"]]
                     for iid, i in sorted(state.invoices.items()) if i[0] == farm_id],
    }


@requires("office", "foreman")
async def text_farmer(state: State, token: str, farm_id: str, message: str) -> str:
    """Send the farmer a text message.

    Parameters
    ----------
    token : str
        The session token.
    farm_id : str
        The farm.
    message : str
        The text.

    Returns
    -------
    str
        A sentence with the text's id.
    """
    f = _get(state.farms, farm_id, "farm")
    message = _text(message, "message")
    if len(message) > 300:
        raise ValueError("a text is at most 300 characters")
    tid = f"TX-{_next(state, 'text')}"
    state.texts.append([tid, farm_id, message])
    return f"Text {tid} sent to {f[1]} at {f[0]} ({f[2]})."


@requires("office")
async def add_flock(state: State, token: str, farm_id: str, breed: str, ewes: int, shearlings: int = 0,
                    rams: int = 0) -> dict:
    """Add a flock to a farm, with the head of each kind of sheep in it.

    Parameters
    ----------
    token : str
        The session token.
    farm_id : str
        The farm.
    breed : str
        The breed, as the farmer gives it.
    ewes : int
        Breeding ewes.
    shearlings : int, default 0
        Shearlings (yearlings shorn for the first time).
    rams : int, default 0
        Rams.

    Returns
    -------
    dict
        The flock with a new ``flock_id``.
    """
    _get(state.farms, farm_id, "farm")
    breed = _text(breed, "breed")
    counts = [_count(ewes, "ewes"), _count(shearlings, "shearlings"), _count(rams, "rams")]
    if sum(counts) == 0:
        raise ValueError("a flock has some sheep in it")
    for lid, f in state.flocks.items():
        if f[0] == farm_id and f[1].lower() == breed.lower():
            raise ValueError(f"{state.farms[farm_id][0]} has a {f[1]} flock already ({lid})")
    lid = f"FL-{_next(state, 'flock')}"
    state.flocks[lid] = [farm_id, breed, *counts]
    return _flock_out(state, lid)


@requires("office")
async def record_flock_health(state: State, token: str, flock_id: str, scab: ScabStatus, lice: bool,
                              last_treated: str | None = None) -> dict:
    """Record the farmer's flock health declaration for the crew's biosecurity.

    Parameters
    ----------
    token : str
        The session token.
    flock_id : str
        The flock.
    scab : {"clear", "treated", "suspected"}
        Sheep scab in the flock.
    lice : bool
        Whether lice have been seen.
    last_treated : str, optional
        When the flock was last dipped or injected (YYYY-MM-DD).

    Returns
    -------
    dict
        The declaration, dated today.
    """
    _get(state.flocks, flock_id, "flock")
    if scab not in ("clear", "treated", "suspected"):
        raise ValueError(f"scab is clear, treated or suspected, not {scab!r}")
    if not isinstance(lice, bool):
        raise ValueError("lice is true or false")
    if last_treated is not None:
        _date(last_treated, "last_treated")
    old = state.health.get(flock_id)
    if old and old[:3] == [scab, lice, last_treated] and old[3] == TODAY:
        raise ValueError(f"{flock_id}'s declaration was recorded today already")
    state.health[flock_id] = [scab, lice, last_treated, TODAY]
    return {"flock_id": flock_id, "scab": scab, "lice": lice, "last_treated": last_treated, "declared_on": TODAY}


# --------------------------------------------------------------------------- bookings


@requires("office")
async def request_shearing(state: State, token: str, farm_id: str, flock_id: str, services: list[str],
                           week_commencing: str) -> dict:
    """Take a booking to shear (or crutch, or dag) a flock in a week.

    Parameters
    ----------
    token : str
        The session token.
    farm_id : str
        The farm.
    flock_id : str
        The farm's flock.
    services : list of str
        The services wanted, by their codes on the price list.
    week_commencing : str
        The Monday of the week wanted (YYYY-MM-DD).

    Returns
    -------
    dict
        The booking with a new ``booking_id`` and the head to do for each service, ``requested``.
    """
    f = _get(state.farms, farm_id, "farm")
    fl = _get(state.flocks, flock_id, "flock")
    if fl[0] != farm_id:
        raise ValueError(f"{flock_id} is not one of {f[0]}'s flocks")
    if not isinstance(services, list) or not services or any(s not in SERVICES for s in services):
        raise ValueError(f"services is a list of service codes, not {services!r}")
    _date(week_commencing, "week_commencing")
    if datetime.date.fromisoformat(week_commencing).weekday() != 0:
        raise ValueError(f"week_commencing is a Monday; {week_commencing} is not")
    if week_commencing < _plus(TODAY, -6):
        raise ValueError(f"the week of {week_commencing} has passed")
    for bid, b in state.bookings.items():
        if b[1] == flock_id and b[3] == week_commencing and b[4] in ("requested", "scheduled"):
            raise ValueError(f"{flock_id} is booked for that week already ({bid})")
    bid = f"BK-{_next(state, 'booking')}"
    state.bookings[bid] = [farm_id, flock_id, list(dict.fromkeys(services)), week_commencing, "requested"]
    return _booking_out(state, bid)


@requires("office", "foreman")
async def bookings(state: State, token: str, status: str | None = None, week_commencing: str | None = None) -> list:
    """The bookings, in booking id order.

    Parameters
    ----------
    token : str
        The session token.
    status : str, optional
        Only those ``requested``, ``scheduled``, ``done`` or ``cancelled``.
    week_commencing : str, optional
        Only those for this week (its Monday, YYYY-MM-DD).

    Returns
    -------
    list of dict
        Each booking's id, farm, flock, services, week, head for each service and status.
    """
    if status is not None and status not in ("requested", "scheduled", "done", "cancelled"):
        raise ValueError(f"status is requested, scheduled, done or cancelled, not {status!r}")
    return [_booking_out(state, bid) for bid, b in sorted(state.bookings.items())
            if (status is None or b[4] == status) and (week_commencing is None or b[3] == week_commencing)]


@requires("office")
async def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> str:
    """Cancel a booking that has no run on the calendar.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence naming the booking and the farm.
    """
    b = _get(state.bookings, booking_id, "booking")
    reason = _text(reason, "reason")
    if b[4] == "cancelled":
        raise RuntimeError(f"{booking_id} is cancelled already")
    if b[4] != "requested":
        raise RuntimeError(f"{booking_id} is {b[4]}; cancel its run first")
    b[4] = "cancelled"
    return f"Booking {booking_id} for {state.farms[b[0]][0]} ({', '.join(b[2])}, week of {b[3]}) cancelled: {reason}."


# --------------------------------------------------------------------------- runs and crews


@requires()
async def shearers(state: State, token: str, seal: Seal | None = None) -> list[dict]:
    """The contractor's shearers.

    Parameters
    ----------
    token : str
        The session token.
    seal : {"blue", "gold", "silver", "bronze"}, optional
        Only shearers with this British Wool seal.

    Returns
    -------
    list of dict
        Each shearer's ``shearer_id``, ``name``, ``seal`` and ``phone``, in shearer id order.
    """
    want = _value(seal)
    if want is not None and want not in SEALS:
        raise ValueError(f"seal is blue, gold, silver or bronze, not {want!r}")
    return [{"shearer_id": sid, "name": s[0], "seal": s[1], "phone": s[2]} for sid, s in sorted(state.shearers.items())
            if want is None or s[1] == want]


@requires("foreman", "office")
async def schedule_run(state: State, token: str, booking_id: str, date: str) -> dict:
    """Put a booking's run (the day's shearing at the farm) on the calendar.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking.
    date : str
        The day (YYYY-MM-DD).

    Returns
    -------
    dict
        The run with a new ``run_id``, ``scheduled``, with no crew yet.
    """
    b = _get(state.bookings, booking_id, "booking")
    _date(date, "date")
    if b[4] != "requested":
        raise RuntimeError(f"{booking_id} is {b[4]}; a run is scheduled for a requested booking")
    if not b[3] <= date <= _plus(b[3], 6):
        raise ValueError(f"{booking_id} is for the week of {b[3]}; its run falls in that week")
    if date < TODAY:
        raise ValueError(f"{date} has passed")
    h = state.health.get(b[1])
    if h is None or h[3] < _plus(TODAY, -60):
        raise ValueError(f"there is no flock health declaration for {b[1]} from the last 60 days; the crew goes "
                         "onto a farm with a current one")
    if h[0] == "suspected":
        raise ValueError(f"{b[1]} has suspected scab; the crew stays off the farm until a vet has cleared it")
    rid = f"RN-{_next(state, 'run')}"
    state.runs[rid] = [booking_id, date, [], None, "scheduled", None, False]
    b[4] = "scheduled"
    return _run_out(state, rid)


@requires()
async def runs(state: State, token: str, date: str | None = None, status: RunStatus | None = None) -> list[dict]:
    """The runs, in run id order.

    Parameters
    ----------
    token : str
        The session token.
    date : str, optional
        Only the runs on this day (YYYY-MM-DD).
    status : {"scheduled", "confirmed", "shorn", "cancelled"}, optional
        Only the runs in this status.

    Returns
    -------
    list of dict
        Each run's id, booking, farm, date, services, head, crew as rows of ``[shearer_id, name, seal]``, trailer,
        status, wool packs and whether the shearers are paid.
    """
    want = _value(status)
    if want is not None and want not in [s.value for s in RunStatus]:
        raise ValueError(f"status is scheduled, confirmed, shorn or cancelled, not {want!r}")
    return [_run_out(state, rid) for rid, r in sorted(state.runs.items())
            if (date is None or r[1] == date) and (want is None or r[4] == want)]


def _live(state: State, rid: str) -> list:
    r = _get(state.runs, rid, "run")
    if r[4] not in ("scheduled", "confirmed"):
        raise RuntimeError(f"{rid} is {r[4]}")
    return r


@requires("foreman")
async def assign_shearer(state: State, token: str, run_id: str, shearer_id: str) -> dict:
    """Put a shearer on a run's crew.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.
    shearer_id : str
        The shearer.

    Returns
    -------
    dict
        The run with its crew.
    """
    r = _live(state, run_id)
    s = _get(state.shearers, shearer_id, "shearer")
    if shearer_id in r[2]:
        raise ValueError(f"{s[0]} is on {run_id} already")
    for oid, o in state.runs.items():
        if oid != run_id and o[1] == r[1] and o[4] != "cancelled" and shearer_id in o[2]:
            raise ValueError(f"{s[0]} is on {oid} that day")
    r[2].append(shearer_id)
    if r[4] == "confirmed":
        r[4] = "scheduled"
    return _run_out(state, run_id)


@requires("foreman")
async def remove_shearer(state: State, token: str, run_id: str, shearer_id: str) -> dict:
    """Take a shearer off a run's crew (the run goes back to scheduled, to be confirmed again).

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.
    shearer_id : str
        The shearer.

    Returns
    -------
    dict
        The run with its crew.
    """
    r = _live(state, run_id)
    s = _get(state.shearers, shearer_id, "shearer")
    if shearer_id not in r[2]:
        raise ValueError(f"{s[0]} is not on {run_id}")
    r[2].remove(shearer_id)
    r[4] = "scheduled"
    return _run_out(state, run_id)


@requires("foreman")
async def trailers(state: State, token: str, date: str | None = None) -> list[dict]:
    """The shearing trailers, and whether each is free on a day.

    Parameters
    ----------
    token : str
        The session token.
    date : str, optional
        The day to check (YYYY-MM-DD); today when left out.

    Returns
    -------
    list of dict
        Each trailer's ``trailer_id``, ``name``, ``stands`` and whether it is ``free`` that day.
    """
    day = _date(date, "date") if date is not None else TODAY
    taken = {r[3] for r in state.runs.values() if r[1] == day and r[4] != "cancelled" and r[3]}
    return [{"trailer_id": tid, "name": t[0], "stands": t[1], "free": tid not in taken}
            for tid, t in sorted(state.trailers.items())]


@requires("foreman")
async def book_trailer(state: State, token: str, run_id: str, trailer_id: str) -> dict:
    """Book a shearing trailer for a run.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.
    trailer_id : str
        The trailer.

    Returns
    -------
    dict
        The run with its trailer.
    """
    r = _live(state, run_id)
    t = _get(state.trailers, trailer_id, "trailer")
    if r[3] == trailer_id:
        raise ValueError(f"{run_id} has the {t[0]} already")
    for oid, o in state.runs.items():
        if oid != run_id and o[1] == r[1] and o[4] != "cancelled" and o[3] == trailer_id:
            raise ValueError(f"the {t[0]} is on {oid} that day")
    r[3] = trailer_id
    return _run_out(state, run_id)


@requires("foreman")
async def confirm_run(state: State, token: str, run_id: str) -> dict:
    """Confirm a run once its crew and trailer are right for the job.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.

    Returns
    -------
    dict
        The run, ``confirmed``.
    """
    r = _get(state.runs, run_id, "run")
    if r[4] == "confirmed":
        raise RuntimeError(f"{run_id} is confirmed already")
    if r[4] != "scheduled":
        raise RuntimeError(f"{run_id} is {r[4]}")
    head = _shorn_head(state, r[0])
    crew = len(r[2])
    if crew == 0:
        raise ValueError(f"{run_id} has no crew")
    if crew < math.ceil(head / HEAD_A_DAY):
        raise ValueError(f"{run_id} has {head} head to shear and {crew} shearer{'s' if crew != 1 else ''}; a "
                         f"shearer does at most {HEAD_A_DAY} a day")
    if r[3] is None:
        raise ValueError(f"{run_id} has no trailer booked")
    if state.trailers[r[3]][1] < crew:
        raise ValueError(f"the {state.trailers[r[3]][0]} has {state.trailers[r[3]][1]} stands for a crew of {crew}; "
                         "each shearer needs a stand")
    seals = {state.shearers[s][1] for s in r[2]}
    senior = bool(seals & {"gold", "blue"})
    if "bronze" in seals and not senior:
        raise ValueError(f"{run_id} has a trainee (bronze seal) with no gold or blue seal shearer on the crew")
    if "RAM" in state.bookings[r[0]][2] and not senior:
        raise ValueError(f"{run_id} has rams to shear; rams are shorn by a gold or blue seal shearer")
    r[4] = "confirmed"
    return _run_out(state, run_id)


@requires("foreman", "office")
async def postpone_run(state: State, token: str, run_id: str, date: str, reason: PostponeReason) -> dict:
    """Move a run to another day; it goes back to scheduled, without its trailer.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.
    date : str
        The new day (YYYY-MM-DD).
    reason : {"wet_sheep", "weather", "farmer_request", "crew_short"}
        Why.

    Returns
    -------
    dict
        The run on its new day.
    """
    r = _live(state, run_id)
    _date(date, "date")
    if reason not in ("wet_sheep", "weather", "farmer_request", "crew_short"):
        raise ValueError(f"reason is wet_sheep, weather, farmer_request or crew_short, not {reason!r}")
    if date <= TODAY:
        raise ValueError("date is a day after today")
    if date == r[1]:
        raise ValueError(f"{run_id} is on {date} already")
    for sid in r[2]:
        for oid, o in state.runs.items():
            if oid != run_id and o[1] == date and o[4] != "cancelled" and sid in o[2]:
                raise ValueError(f"{state.shearers[sid][0]} is on {oid} on {date}")
    r[1], r[3], r[4] = date, None, "scheduled"
    return _run_out(state, run_id)


@requires("foreman")
async def record_tally(state: State, token: str, run_id: str, shearer_id: str, service: str, head: int) -> dict:
    """Record sheep a shearer has done on today's run, from the tally board.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.
    shearer_id : str
        The shearer.
    service : str
        The service's code on the price list.
    head : int
        How many.

    Returns
    -------
    dict
        ``run_id``, ``shearer_id``, ``service``, ``head`` and the run's ``done`` and ``booked`` head for the service.
    """
    r = _get(state.runs, run_id, "run")
    s = _get(state.shearers, shearer_id, "shearer")
    if r[4] != "confirmed":
        raise RuntimeError(f"{run_id} is {r[4]}; tallies are recorded on a confirmed run")
    if r[1] != TODAY:
        raise ValueError(f"{run_id} is on {r[1]}; tallies are recorded on the day of the run")
    if shearer_id not in r[2]:
        raise ValueError(f"{s[0]} is not on {run_id}'s crew")
    booked = _booked_head(state, r[0])
    if service not in booked:
        raise ValueError(f"{run_id} is booked for {', '.join(booked)}, not {service!r}")
    if isinstance(head, bool) or not isinstance(head, int) or head <= 0:
        raise ValueError(f"head is a number of sheep, not {head!r}")
    if service == "RAM" and s[1] not in ("gold", "blue"):
        raise ValueError(f"{s[0]} has a {s[1]} seal; rams are shorn by a gold or blue seal shearer")
    done = sum(t[3] for t in state.tallies if t[0] == run_id and t[2] == service)
    if done + head > booked[service]:
        raise ValueError(f"{run_id} has {booked[service]} {service} booked and {done} done; {head} more is too many")
    state.tallies.append([run_id, shearer_id, service, head])
    return {"run_id": run_id, "shearer_id": shearer_id, "service": service, "head": head, "done": done + head,
            "booked": booked[service]}


@requires("foreman", "accounts")
async def shearer_tallies(state: State, token: str, shearer_id: str, date: str | None = None) -> dict:
    """A shearer's day sheet.

    Parameters
    ----------
    token : str
        The session token.
    shearer_id : str
        The shearer.
    date : str, optional
        The day (YYYY-MM-DD); today when left out.

    Returns
    -------
    dict
        ``shearer_id``, ``name``, ``date``, ``tallies`` as rows of ``[run_id, farm, service, head]`` and the day's
        ``total``.
    """
    s = _get(state.shearers, shearer_id, "shearer")
    day = _date(date, "date") if date is not None else TODAY
    rows = []
    for t in state.tallies:
        r = state.runs[t[0]]
        if t[1] == shearer_id and r[1] == day:
            rows.append([t[0], state.farms[state.bookings[r[0]][0]][0], t[2], t[3]])
    return {"shearer_id": shearer_id, "name": s[0], "date": day, "tallies": rows, "total": sum(x[3] for x in rows)}


@requires("foreman")
async def close_run(state: State, token: str, run_id: str) -> dict:
    """Close a confirmed run once the sheep are shorn.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.

    Returns
    -------
    dict
        The run, ``shorn``, with the head done for each service.
    """
    r = _get(state.runs, run_id, "run")
    if r[4] == "shorn":
        raise RuntimeError(f"{run_id} is closed already")
    if r[4] != "confirmed":
        raise RuntimeError(f"{run_id} is {r[4]}; a run is closed once confirmed and shorn")
    done: dict[str, int] = {}
    for t in state.tallies:
        if t[0] == run_id:
            done[t[2]] = done.get(t[2], 0) + t[3]
    if not done:
        raise ValueError(f"{run_id} has no tallies recorded")
    r[4] = "shorn"
    state.bookings[r[0]][4] = "done"
    out = _run_out(state, run_id)
    out["done"] = done
    return out


@requires("office", "foreman")
async def cancel_run(state: State, token: str, run_id: str, reason: str) -> str:
    """Take a run off the calendar; its booking goes back to requested.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence naming the run and the farm.
    """
    r = _live(state, run_id)
    reason = _text(reason, "reason")
    r[4], r[3] = "cancelled", None
    b = state.bookings[r[0]]
    b[4] = "requested"
    return f"Run {run_id} at {state.farms[b[0]][0]} on {r[1]} cancelled ({reason}); booking {r[0]} is open again."


# --------------------------------------------------------------------------- wool


@requires("foreman")
async def record_wool(state: State, token: str, run_id: str, packs: int) -> dict:
    """Record the wool packs (sheets) filled on a shorn run.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.
    packs : int
        How many packs.

    Returns
    -------
    dict
        The run with its ``wool_packs``.
    """
    r = _get(state.runs, run_id, "run")
    if r[4] != "shorn":
        raise RuntimeError(f"{run_id} is {r[4]}; the wool is recorded once the run is shorn")
    if isinstance(packs, bool) or not isinstance(packs, int) or packs <= 0:
        raise ValueError(f"packs is a number of wool packs, not {packs!r}")
    if r[5] is not None:
        raise ValueError(f"{run_id}'s wool was recorded already ({r[5]} packs)")
    r[5] = packs
    return _run_out(state, run_id)


@requires("office")
async def consign_wool(state: State, token: str, run_id: str, depot: str) -> dict:
    """Consign a run's wool packs to a British Wool depot in the farm's name.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.
    depot : str
        The depot's code.

    Returns
    -------
    dict
        The consignment with a new ``consignment_id``, ``awaiting_collection``.
    """
    r = _get(state.runs, run_id, "run")
    if not isinstance(depot, str) or depot not in DEPOTS:
        raise ValueError(f"no British Wool depot {depot!r}")
    if r[4] != "shorn":
        raise RuntimeError(f"{run_id} is {r[4]}")
    if r[5] is None:
        raise ValueError(f"{run_id}'s wool packs are not recorded")
    for cid, c in state.consignments.items():
        if c[0] == run_id:
            raise ValueError(f"{run_id}'s wool is consigned already ({cid})")
    f = state.farms[state.bookings[r[0]][0]]
    if f[7] is None:
        raise ValueError(f"{f[0]} has no British Wool registration on file; wool is consigned in the farm's name")
    cid = f"CN-{_next(state, 'consignment')}"
    state.consignments[cid] = [run_id, depot, r[5], "awaiting_collection", None, None]
    return _consignment_out(state, cid)


@requires("office")
async def consignments(state: State, token: str, status: str | None = None) -> list[dict]:
    """The wool consignments, in consignment id order.

    Parameters
    ----------
    token : str
        The session token.
    status : str, optional
        Only those ``awaiting_collection`` or ``collection_booked``.

    Returns
    -------
    list of dict
        Each consignment's id, run, farm, depot, packs, status, collection date and haulier.
    """
    if status is not None and status not in ("awaiting_collection", "collection_booked"):
        raise ValueError(f"status is awaiting_collection or collection_booked, not {status!r}")
    return [_consignment_out(state, cid) for cid, c in sorted(state.consignments.items())
            if status is None or c[3] == status]


@requires("office")
async def book_wool_collection(state: State, token: str, consignment_id: str, date: str, haulier: str) -> dict:
    """Book the haulier to collect a consignment's wool packs from the farm.

    Parameters
    ----------
    token : str
        The session token.
    consignment_id : str
        The consignment.
    date : str
        The collection day (YYYY-MM-DD), after today.
    haulier : str
        The haulier.

    Returns
    -------
    dict
        The consignment, ``collection_booked``.
    """
    c = _get(state.consignments, consignment_id, "consignment")
    _date(date, "date")
    haulier = _text(haulier, "haulier")
    if c[3] == "collection_booked":
        raise RuntimeError(f"{consignment_id}'s collection is booked already for {c[4]}")
    if date <= TODAY:
        raise ValueError("date is a day after today")
    c[3], c[4], c[5] = "collection_booked", date, haulier
    return _consignment_out(state, consignment_id)


# --------------------------------------------------------------------------- accounts


@requires("accounts")
async def raise_invoice(state: State, token: str, run_id: str) -> dict:
    """Invoice the farm for a shorn run, from the tallies at the season's prices (with the minimum charge).

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.

    Returns
    -------
    dict
        The invoice with a new ``invoice_id``, its lines as rows of ``[service, head, price, amount]`` and its
        ``total``.
    """
    r = _get(state.runs, run_id, "run")
    if r[4] != "shorn":
        raise RuntimeError(f"{run_id} is {r[4]}; a run is invoiced once it is shorn")
    for iid, i in state.invoices.items():
        if i[1] == run_id:
            raise ValueError(f"{run_id} is invoiced already ({iid})")
    done: dict[str, int] = {}
    for t in state.tallies:
        if t[0] == run_id:
            done[t[2]] = done.get(t[2], 0) + t[3]
    lines = [[code, n, SERVICES[code][1], round(n * SERVICES[code][1], 2)] for code, n in done.items()]
    total = round(sum(x[3] for x in lines), 2)
    if total < MINIMUM_CHARGE:
        lines.append(["MIN", 1, round(MINIMUM_CHARGE - total, 2), round(MINIMUM_CHARGE - total, 2)])
        total = MINIMUM_CHARGE
    iid = f"IN-{_next(state, 'invoice')}"
    state.invoices[iid] = [state.bookings[r[0]][0], run_id, TODAY, lines, total, 0.0]
    return _invoice_out(state, iid)


@requires("accounts")
async def invoices(state: State, token: str, status: InvoiceStatus | None = None,
                   farm_id: str | None = None) -> list[dict]:
    """The invoices, in invoice id order.

    Parameters
    ----------
    token : str
        The session token.
    status : {"unpaid", "paid"}, optional
        Only those with something outstanding, or paid in full.
    farm_id : str, optional
        Only this farm's.

    Returns
    -------
    list of dict
        Each invoice's id, farm, run, date, lines, total, paid, credited, outstanding, due date and status.
    """
    if status is not None and status not in ("unpaid", "paid"):
        raise ValueError(f"status is unpaid or paid, not {status!r}")
    out = [_invoice_out(state, iid) for iid in sorted(state.invoices)]
    return [i for i in out
            if (status is None or i["status"] == status) and (farm_id is None or i["farm_id"] == farm_id)]


@requires("accounts")
async def record_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> dict:
    """Record a farmer's payment against an invoice.

    Parameters
    ----------
    token : str
        The session token.
    invoice_id : str
        The invoice.
    amount : float
        The amount paid in pounds.
    method : {"bacs", "cheque", "cash"}
        How it was paid.

    Returns
    -------
    dict
        The invoice with what is still outstanding.
    """
    i = _get(state.invoices, invoice_id, "invoice")
    m = _value(method)
    if m not in [p.value for p in PayMethod]:
        raise ValueError(f"method is bacs, cheque or cash, not {m!r}")
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount <= 0:
        raise ValueError(f"amount is a sum in pounds, not {amount!r}")
    outstanding = _invoice_out(state, invoice_id)["outstanding"]
    if outstanding <= 0:
        raise RuntimeError(f"{invoice_id} is paid in full already")
    if amount > outstanding + 0.005:
        raise ValueError(f"{invoice_id} has {outstanding:.2f} outstanding; {amount:.2f} is more")
    i[5] = round(i[5] + float(amount), 2)
    return _invoice_out(state, invoice_id)


@requires("accounts")
async def credit_note(state: State, token: str, invoice_id: str, amount: float, reason: str) -> str:
    """Issue a credit note against an invoice with something outstanding.

    Parameters
    ----------
    token : str
        The session token.
    invoice_id : str
        The invoice.
    amount : float
        The credit in pounds.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence with the credit note's id and what is still outstanding.
    """
    _get(state.invoices, invoice_id, "invoice")
    reason = _text(reason, "reason")
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount <= 0:
        raise ValueError(f"amount is a sum in pounds, not {amount!r}")
    outstanding = _invoice_out(state, invoice_id)["outstanding"]
    if outstanding <= 0:
        raise RuntimeError(f"{invoice_id} is paid in full; a credit note is issued against what is outstanding")
    if amount > outstanding + 0.005:
        raise ValueError(f"{invoice_id} has {outstanding:.2f} outstanding; a credit of {amount:.2f} is more")
    crid = f"CR-{_next(state, 'credit')}"
    state.credits.append([crid, invoice_id, round(float(amount), 2), reason])
    return (f"Credit note {crid} for {amount:.2f} against {invoice_id} ({reason}); "
            f"{_invoice_out(state, invoice_id)['outstanding']:.2f} outstanding.")


@requires("accounts")
async def pay_shearers(state: State, token: str, run_id: str) -> float:
    """Pay the crew of a shorn run for their tallies at the shearers' rates.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.

    Returns
    -------
    float
        The total paid to the crew in pounds.
    """
    r = _get(state.runs, run_id, "run")
    if r[6]:
        raise RuntimeError(f"{run_id}'s shearers were paid already")
    if r[4] != "shorn":
        raise RuntimeError(f"{run_id} is {r[4]}; shearers are paid once the run is shorn")
    total = round(sum(t[3] * SERVICES[t[2]][2] for t in state.tallies if t[0] == run_id), 2)
    r[6] = True
    return total


TOOLS = [
    sign_in, sign_out, price_list, wool_depots, find_farm, register_farm, update_farm, farm_account, text_farmer,
    add_flock, record_flock_health, request_shearing, bookings, cancel_booking, shearers, schedule_run, runs,
    assign_shearer, remove_shearer, trailers, book_trailer, confirm_run, postpone_run, record_tally, shearer_tallies,
    close_run, cancel_run, record_wool, consign_wool, consignments, book_wool_collection, raise_invoice, invoices,
    record_payment, credit_note, pay_shearers,
]

FIXTURES = {
    "contractor": {"name": "Pengarth Shearing, mid Wales",
                   "today": "Tuesday 20 June 2034 at seven in the morning, in the clipping season"},
    "staff": [
        {"name": "Catrin Bowen", "role": "office", "username": "catrin.b", "password": "Wool-Sheet-88"},
        {"name": "Emyr Vaughan", "role": "foreman", "username": "emyr.v", "password": "Handpiece-12"},
        {"name": "Llinos Meredith", "role": "accounts", "username": "llinos.m", "password": "Tally-Book-5"},
        {"name": "Arwel Gittins", "role": "owner", "username": "arwel.g", "password": "Pengarth-1979"},
    ],
    "new_farm": {
        "name": "Bryn Eithin", "farmer": "Mrs Nerys Watkin", "phone": "07700 900845",
        "email": "nerys.watkin@example.com", "address": "Bryn Eithin, Llangadfan", "postcode": "SY21 0BE",
        "cph": "51/152/4471", "wool_registration": "BW 431870",
        "flock": "Welsh Mountain: 150 ewes, 30 shearlings and 3 rams",
        "health": "no scab, no lice; dipped on 18 April 2034",
        "wants": "ewes, shearlings and rams shorn in the week of Monday 26 June, on the Wednesday if possible, and the "
                 "wool sent to British Wool at Llanidloes",
    },
    "notes": [
        "Cefn Llwyd (Gwilym Parry) is today: 506 head with rams; Tomos and Kiri are on it, Matiu is free",
        "Eleri Mostyn at Tyddyn Mawr wants her 260 ewes done this week, today if a crew and trailer are free",
        "Iestyn Bevan at Blaen-y-cwm was shorn yesterday: 5 packs of wool; his British Wool registration is BW 397104",
        "Rhodri Prosser at Cae Coch paid 200 pounds by BACS towards his June invoice, and was charged for two "
        "ewes that were not his",
        "The Cae Coch wool is to be collected on Friday 23 June by Tegid Haulage",
        "Cae Coch no longer want their rams done in July",
        "Rain is forecast for Thursday",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "price_list", "wool_depots")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
FARM_CONSUMERS = ["update_farm", "farm_account", "text_farmer", "add_flock", "request_shearing"]
RUN_CONSUMERS = ["assign_shearer", "remove_shearer", "book_trailer", "confirm_run", "postpone_run", "record_tally",
                 "close_run", "cancel_run", "record_wool", "consign_wool", "raise_invoice", "pay_shearers"]
SHEARER_CONSUMERS = ["assign_shearer", "remove_shearer", "record_tally", "shearer_tallies"]
_FARM = "id lookup/create: farm (farm_id of register_farm, or of a find_farm row)"
_FLOCK = "id lookup/create: flock (flock_id of add_flock, or of a farm_account flocks row)"
_BOOKING = "id lookup/create: booking (booking_id of request_shearing, or of a bookings entry)"
_RUN = "id lookup/create: run (run_id of schedule_run, or of a runs entry)"
_SHEARER = "id lookup: shearer (shearer_id of a shearers entry)"
_INVOICE = "id lookup/create: invoice (invoice_id of raise_invoice, or of an invoices entry)"
_SERVICES = "vocabulary: service codes (code of a price_list entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_farm|find_farm", c, _FARM) for c in FARM_CONSUMERS]
    + [("add_flock|farm_account", c, _FLOCK) for c in ("record_flock_health", "request_shearing")]
    + [("price_list", c, _SERVICES) for c in ("request_shearing", "record_tally")]
    + [("request_shearing|bookings", c, _BOOKING) for c in ("schedule_run", "cancel_booking")]
    + [("schedule_run|runs", c, _RUN) for c in RUN_CONSUMERS]
    + [("shearers", c, _SHEARER) for c in SHEARER_CONSUMERS]
    + [("assign_shearer", c, "crew: the shearer on the run's crew") for c in ("remove_shearer", "confirm_run",
                                                                             "record_tally")]
    + [("close_run", c, "state: the run shorn") for c in ("record_wool", "raise_invoice", "pay_shearers")]
    + [("raise_invoice|invoices", c, _INVOICE) for c in ("record_payment", "credit_note")]
    + [
        ("record_flock_health", "schedule_run", "biosecurity: a flock health declaration of the last 60 days"),
        ("trailers", "book_trailer", "id lookup: trailer (trailer_id of a trailers entry)"),
        ("book_trailer", "confirm_run", "equipment: a shearing trailer booked"),
        ("confirm_run", "record_tally", "state: the run confirmed"),
        ("record_tally", "close_run", "state: tallies recorded"),
        ("record_wool", "consign_wool", "state: the wool packs recorded"),
        ("wool_depots", "consign_wool", "vocabulary: depot codes (code of a wool_depots entry)"),
        ("update_farm", "consign_wool", "details: the farm's British Wool registration on file"),
        ("consign_wool|consignments", "book_wool_collection",
         "id lookup/create: consignment (consignment_id of consign_wool, or of a consignments entry)"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_RUN_REPLIES = ("assign_shearer", "remove_shearer", "book_trailer", "confirm_run", "postpone_run", "close_run",
                "record_wool", "record_tally")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: farms on bookings, runs, invoices, consignments and flocks;
    # flocks on bookings and declarations; bookings on a farm's account and on runs; runs on a farm's account,
    # invoices, consignments, tallies and day sheets; shearers on the crews and tallies; trailers on runs; invoices on
    # a farm's account; service codes on bookings, runs and invoices; depots on consignments
    {(p, c) for p in ("bookings", "runs", "invoices", "consignments", "add_flock", "request_shearing",
                      "schedule_run", "raise_invoice", "consign_wool", "close_run") + _RUN_REPLIES
     for c in FARM_CONSUMERS}
    | {(p, c) for p in ("bookings", "request_shearing", "record_flock_health")
       for c in ("record_flock_health", "request_shearing")}
    | {(p, c) for p in ("farm_account", "runs", "schedule_run") for c in ("schedule_run", "cancel_booking")}
    | {(p, c) for p in ("farm_account", "invoices", "consignments", "shearer_tallies", "raise_invoice",
                        "consign_wool") + _RUN_REPLIES for c in RUN_CONSUMERS}
    | {(p, c) for p in ("runs",) + _RUN_REPLIES for c in SHEARER_CONSUMERS}
    | {("runs", "book_trailer"), ("postpone_run", "book_trailer"), ("farm_account", "record_payment"),
       ("farm_account", "credit_note"), ("record_payment", "credit_note"), ("consignments", "consign_wool")}
    | {(p, c) for p in ("bookings", "runs", "farm_account", "request_shearing", "schedule_run", "invoices")
       for c in ("request_shearing", "record_tally")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("add_flock", "cancel_booking"), ("add_flock", "schedule_run"), ("assign_shearer", "close_run"),
        ("book_trailer", "record_tally"), ("bookings", "assign_shearer"), ("bookings", "book_trailer"),
        ("bookings", "cancel_run"), ("bookings", "close_run"), ("bookings", "confirm_run"),
        ("bookings", "consign_wool"), ("bookings", "pay_shearers"), ("bookings", "postpone_run"),
        ("bookings", "raise_invoice"), ("bookings", "record_tally"), ("bookings", "record_wool"),
        ("bookings", "remove_shearer"), ("close_run", "consign_wool"), ("close_run", "credit_note"),
        ("close_run", "record_payment"), ("confirm_run", "close_run"), ("find_farm", "consign_wool"),
        ("find_farm", "record_flock_health"), ("price_list", "cancel_booking"), ("price_list", "close_run"),
        ("price_list", "schedule_run"), ("record_tally", "pay_shearers"), ("record_tally", "raise_invoice"),
        ("record_tally", "record_wool"), ("record_wool", "book_wool_collection"),
        ("register_farm", "cancel_booking"), ("register_farm", "record_flock_health"),
        ("register_farm", "schedule_run"), ("schedule_run", "book_wool_collection"),
        ("schedule_run", "credit_note"), ("schedule_run", "record_payment"), ("shearers", "close_run"),
        ("shearers", "confirm_run"), ("trailers", "confirm_run"), ("wool_depots", "book_wool_collection"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_farm", "update_farm") for c in ("find_farm", "farm_account")}
    | {(p, "farm_account") for p in ("add_flock", "record_flock_health", "request_shearing", "cancel_booking",
                                     "schedule_run", "close_run", "cancel_run", "raise_invoice", "record_payment",
                                     "credit_note")}
    | {(p, "bookings") for p in ("request_shearing", "schedule_run", "cancel_booking", "close_run", "cancel_run")}
    | {(p, "runs") for p in ("schedule_run", "cancel_run", "pay_shearers") + _RUN_REPLIES}
    | {(p, "trailers") for p in ("book_trailer", "postpone_run", "cancel_run")}
    | {("record_tally", "shearer_tallies")}
    | {(p, "consignments") for p in ("consign_wool", "book_wool_collection")}
    | {(p, "invoices") for p in ("raise_invoice", "record_payment", "credit_note")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
