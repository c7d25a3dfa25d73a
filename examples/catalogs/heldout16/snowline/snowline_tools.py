"""Snowline: the guest and staff API of the Val d'Arbas ski area (38 calls).

Async handlers over an in-memory ``State`` of a French ski resort on Saturday 12 February 2028,
the first day of the Paris school holidays. Guests sign in to their family account, keep the
skiers on it (names, birth dates, photos), fill a basket with lift passes, add on-piste insurance
and a family voucher, pay, load their passes onto reusable KeyCards, pause a pass on a sick day,
refund one that was never used and block a lost card; they reserve rental skis and snowboards
after recording each skier's measurements, and book ski-school group lessons. Rental technicians
fit and swap the equipment and take it back; ski-school staff take the register and award badges.

Replies are pydantic models (and lists of them) or bare values, which the runtime converts to
JSON. Every refusal is *raised* as a built-in exception: ``PermissionError`` for a missing or
wrong session, ``LookupError`` for an unknown id, ``ValueError`` for a bad or unchanged input and
``RuntimeError`` for a record in the wrong state. The passes that need a photo, the voucher's
conditions, the ages a lesson group takes, the junior package's age limit and the ski-school
badges are named only in refusals. Orders, rental reservations and lesson bookings share one
reference series (``VA-50210``), and a pass number is its order's reference and line
(``VA-50188/2``).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import copy
import re
from datetime import date, timedelta
from enum import Enum
from typing import Literal

from pydantic import BaseModel

TODAY = "2028-02-12"
SEASON_END = "2028-04-16"

AgeBand = Literal["child", "youth", "adult", "senior"]
Discipline = Literal["ski", "snowboard"]
AgeGroup = Literal["kids", "teens", "adults"]
Sector = Literal["Arbas", "Pic Rouge", "Col de la Crouzette"]


class OrderStatus(str, Enum):
    """Where a basket stands."""

    OPEN = "open"
    PAID = "paid"
    CANCELLED = "cancelled"


class SkierType(str, Enum):
    """The ISO 11088 skier type a technician sets bindings by."""

    CAUTIOUS = "I"
    MODERATE = "II"
    AGGRESSIVE = "III"


_PHOTO_FROM_DAYS = 6
_VOUCHERS = {"FAMILLE28": {"min_passes": 3, "young": True, "discount": 0.10}}
_BADGES = ("piou-piou", "ourson", "flocon", "etoile-1", "etoile-2", "etoile-3", "etoile-bronze", "etoile-or",
           "snow-1", "snow-2", "snow-3")
_GROUP_AGES = {"kids": (5, 12), "teens": (13, 17), "adults": (18, 120)}
_INSURANCE_PER_DAY = 3.5
_DAMAGE_CHARGE = 45.0

_PRODUCTS = [
    {"code": "ARB-PM", "name": "Afternoon (from 12:30)", "days": 1,
     "prices": {"child": 30.0, "youth": 34.0, "adult": 41.0, "senior": 34.0}},
    {"code": "ARB-1J", "name": "1 day", "days": 1,
     "prices": {"child": 41.6, "youth": 46.8, "adult": 52.0, "senior": 46.8}},
    {"code": "ARB-3J", "name": "3 consecutive days", "days": 3,
     "prices": {"child": 118.4, "youth": 133.2, "adult": 148.0, "senior": 133.2}},
    {"code": "ARB-6J", "name": "6 consecutive days", "days": 6,
     "prices": {"child": 220.8, "youth": 248.4, "adult": 276.0, "senior": 248.4}},
    {"code": "ARB-SAIS", "name": "Season 2027-28", "days": 0,
     "prices": {"child": 712.0, "youth": 801.0, "adult": 890.0, "senior": 801.0}},
]
_PACKAGES = [
    {"code": "R-DEC", "name": "Decouverte skis and boots", "per_day": 19.0, "discipline": "ski"},
    {"code": "R-SEN", "name": "Sensation skis and boots", "per_day": 27.0, "discipline": "ski"},
    {"code": "R-EXC", "name": "Excellence skis and boots", "per_day": 36.0, "discipline": "ski"},
    {"code": "R-JUN", "name": "Junior skis and boots", "per_day": 12.0, "discipline": "ski"},
    {"code": "R-SNB", "name": "Snowboard and boots", "per_day": 25.0, "discipline": "snowboard"},
]
_LIFTS = [
    ("TS-ARB", "Arbas chairlift", "Arbas", "open", 4), ("TK-ECO", "Ecole drag", "Arbas", "open", 0),
    ("TSD-PR", "Pic Rouge express", "Pic Rouge", "open", 9), ("TK-PR2", "Pic Rouge drag", "Pic Rouge", "closed", 0),
    ("TS-COL", "Crouzette chairlift", "Col de la Crouzette", "open", 6),
]


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    account_id: str | None = None


class Conditions(BaseModel):
    day: str
    snow_base_cm: int
    snow_top_cm: int
    fresh_snow_cm: int
    avalanche_risk: int
    lifts_open: int
    lifts_total: int
    runs_open: int
    bulletin: str


class Lift(BaseModel):
    code: str
    name: str
    sector: str
    status: str
    wait_min: int


class PassProduct(BaseModel):
    code: str
    name: str
    days: int
    prices: dict[str, float]


class Skier(BaseModel):
    skier_id: str
    first_name: str
    last_name: str
    birth_date: str
    photo_on_file: bool
    height_cm: int | None = None
    weight_kg: int | None = None
    boot_mondo: float | None = None
    skier_type: str | None = None


class OrderLine(BaseModel):
    line_no: int
    skier_id: str
    skier_name: str
    product_code: str
    age_band: str
    first_day: str
    last_day: str
    price: float
    insured: bool


class Order(BaseModel):
    order_id: str
    status: str
    lines: list[OrderLine]
    voucher: str | None = None
    discount: float
    total: float


class OrderSummary(BaseModel):
    order_id: str
    status: str
    created: str
    line_count: int
    total: float


class SkiPass(BaseModel):
    pass_no: str
    skier_id: str
    skier_name: str
    product_code: str
    first_day: str
    last_day: str
    status: str
    card_no: str | None = None
    insured: bool
    paused_days: list[str]


class Receipt(BaseModel):
    receipt_no: str
    order_id: str
    amount: float
    cardholder: str
    passes: list[SkiPass]


class Ride(BaseModel):
    day: str
    time: str
    lift: str


class RentalPackage(BaseModel):
    code: str
    name: str
    per_day: float
    discipline: str


class Rental(BaseModel):
    rental_ref: str
    skier_id: str
    skier_name: str
    package_code: str
    first_day: str
    days: int
    price: float
    status: str
    ski_serial: str | None = None
    boot_serial: str | None = None
    din: float | None = None


class LessonSlot(BaseModel):
    slot_id: str
    day: str
    time: str
    discipline: str
    group: str
    level: str
    meeting_point: str
    places_left: int
    price: float


class LessonBooking(BaseModel):
    booking_ref: str
    slot_id: str
    skier_id: str
    skier_name: str
    status: str
    badge: str | None = None


# --------------------------------------------------------------------------- state


class State:
    """Val d'Arbas on Saturday 12 February 2028."""

    def __init__(self) -> None:
        self.users = {
            "marta.novak@example.com": {"password": "Lynx-Powder-28", "name": "Marta Novak", "role": "guest",
                                        "account": "AC-7710"},
            "owen.pryce@example.com": {"password": "Cairn&Corrie9", "name": "Owen Pryce", "role": "guest",
                                       "account": "AC-7724"},
            "lea.favre@valdarbas.example": {"password": "Edge&Wax-2028", "name": "Lea Favre", "role": "rental",
                                            "account": None},
            "bruno.colin@valdarbas.example": {"password": "Flocon!Bleu5", "name": "Bruno Colin", "role": "school",
                                              "account": None},
        }
        self.sessions: dict = {}
        self.skiers = {
            "SK-3101": {"skier_id": "SK-3101", "account": "AC-7710", "first_name": "Marta", "last_name": "Novak",
                        "birth_date": "1986-05-14", "photo": "marta_2027.jpg", "profile": None},
            "SK-3102": {"skier_id": "SK-3102", "account": "AC-7710", "first_name": "Pavel", "last_name": "Novak",
                        "birth_date": "1984-11-02", "photo": "pavel_2027.jpg",
                        "profile": {"height_cm": 184, "weight_kg": 86, "boot_mondo": 28.5, "skier_type": "II"}},
            "SK-3103": {"skier_id": "SK-3103", "account": "AC-7710", "first_name": "Ema", "last_name": "Novak",
                        "birth_date": "2017-08-30", "photo": None, "profile": None},
            "SK-3104": {"skier_id": "SK-3104", "account": "AC-7724", "first_name": "Owen", "last_name": "Pryce",
                        "birth_date": "1979-03-21", "photo": "owen.jpg",
                        "profile": {"height_cm": 178, "weight_kg": 80, "boot_mondo": 27.5, "skier_type": "III"}},
            "SK-3105": {"skier_id": "SK-3105", "account": "AC-7724", "first_name": "Gwen", "last_name": "Pryce",
                        "birth_date": "2012-06-09", "photo": "gwen.jpg",
                        "profile": {"height_cm": 158, "weight_kg": 47, "boot_mondo": 24.0, "skier_type": "II"}},
        }
        self.orders = {
            "VA-50188": {"order_id": "VA-50188", "account": "AC-7724", "status": "paid", "created": "2028-01-20",
                         "voucher": None, "discount": 0.0, "next_line": 3, "lines": [
                             {"line_no": 1, "skier_id": "SK-3104", "product_code": "ARB-6J", "age_band": "adult",
                              "first_day": "2028-02-10", "last_day": "2028-02-15", "price": 276.0, "insured": True},
                             {"line_no": 2, "skier_id": "SK-3105", "product_code": "ARB-3J", "age_band": "youth",
                              "first_day": "2028-02-13", "last_day": "2028-02-15", "price": 133.2,
                              "insured": False}]},
            "VA-50201": {"order_id": "VA-50201", "account": "AC-7710", "status": "open", "created": "2028-02-03",
                         "voucher": None, "discount": 0.0, "next_line": 3, "lines": [
                             {"line_no": 1, "skier_id": "SK-3101", "product_code": "ARB-6J", "age_band": "adult",
                              "first_day": "2028-02-13", "last_day": "2028-02-18", "price": 276.0, "insured": False},
                             {"line_no": 2, "skier_id": "SK-3102", "product_code": "ARB-6J", "age_band": "adult",
                              "first_day": "2028-02-13", "last_day": "2028-02-18", "price": 276.0,
                              "insured": False}]},
        }
        self.passes = {
            "VA-50188/1": {"pass_no": "VA-50188/1", "order_id": "VA-50188", "skier_id": "SK-3104",
                           "product_code": "ARB-6J", "first_day": "2028-02-10", "last_day": "2028-02-15",
                           "status": "active", "card_no": "KC06124471", "insured": True, "paused": [],
                           "rides": [["2028-02-10", "09:02", "TS-ARB"], ["2028-02-10", "09:31", "TSD-PR"],
                                     ["2028-02-11", "09:15", "TSD-PR"], ["2028-02-11", "13:48", "TS-COL"],
                                     ["2028-02-12", "08:51", "TS-ARB"]]},
            "VA-50188/2": {"pass_no": "VA-50188/2", "order_id": "VA-50188", "skier_id": "SK-3105",
                           "product_code": "ARB-3J", "first_day": "2028-02-13", "last_day": "2028-02-15",
                           "status": "issued", "card_no": None, "insured": False, "paused": [], "rides": []},
        }
        self.blocked_cards: list = []
        self.rentals = {
            "VA-50189": {"rental_ref": "VA-50189", "account": "AC-7724", "skier_id": "SK-3105",
                         "package_code": "R-DEC", "first_day": "2028-02-12", "days": 4, "price": 76.0,
                         "status": "reserved", "ski_serial": None, "boot_serial": None, "din": None},
        }
        self.slots = {
            "C21302": {"slot_id": "C21302", "day": "2028-02-12", "time": "09:15", "discipline": "ski",
                       "group": "teens", "level": "intermediate", "meeting_point": "Front de neige, flag 3",
                       "capacity": 8, "price": 46.0},
            "C21305": {"slot_id": "C21305", "day": "2028-02-12", "time": "13:30", "discipline": "ski",
                       "group": "kids", "level": "beginner", "meeting_point": "Jardin des neiges", "capacity": 8,
                       "price": 30.0},
            "C21311": {"slot_id": "C21311", "day": "2028-02-13", "time": "09:00", "discipline": "ski",
                       "group": "kids", "level": "beginner", "meeting_point": "Jardin des neiges", "capacity": 8,
                       "price": 42.0},
            "C21314": {"slot_id": "C21314", "day": "2028-02-13", "time": "09:15", "discipline": "ski",
                       "group": "teens", "level": "intermediate", "meeting_point": "Front de neige, flag 3",
                       "capacity": 8, "price": 46.0},
            "C21317": {"slot_id": "C21317", "day": "2028-02-13", "time": "13:30", "discipline": "ski",
                       "group": "adults", "level": "advanced", "meeting_point": "Pic Rouge express top",
                       "capacity": 6, "price": 52.0},
            "C21326": {"slot_id": "C21326", "day": "2028-02-13", "time": "13:45", "discipline": "snowboard",
                       "group": "adults", "level": "beginner", "meeting_point": "Front de neige, flag 6",
                       "capacity": 6, "price": 55.0},
            "C21329": {"slot_id": "C21329", "day": "2028-02-14", "time": "09:00", "discipline": "ski",
                       "group": "kids", "level": "beginner", "meeting_point": "Jardin des neiges", "capacity": 8,
                       "price": 42.0},
        }
        self.lesson_bookings = {
            "VA-50190": {"booking_ref": "VA-50190", "account": "AC-7724", "slot_id": "C21302",
                         "skier_id": "SK-3105", "status": "booked", "badge": None},
        }
        self.counters = {"ref": 50210, "skier": 3107, "receipt": 880, "session": 4410}


# --------------------------------------------------------------------------- helpers


def _next(state: State, key: str) -> int:
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _user(state: State, token: str, *roles: str) -> dict:
    email = state.sessions.get(token)
    if email is None:
        raise PermissionError("not signed in or session expired")
    user = state.users[email]
    if roles and user["role"] not in roles:
        raise PermissionError(f"a {user['role']} account cannot do this")
    return user


def _age(birth: str, on: str) -> int:
    b, d = date.fromisoformat(birth), date.fromisoformat(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _band(age: int) -> str | None:
    if age < 5 or age >= 75:
        return None
    if age <= 11:
        return "child"
    if age <= 17:
        return "youth"
    return "adult" if age <= 64 else "senior"


def _own_skier(state: State, user: dict, skier_id: str) -> dict:
    s = state.skiers.get(skier_id)
    if s is None or s["account"] != user["account"]:
        raise LookupError(f"no skier {skier_id} on this account")
    return s


def _own_order(state: State, user: dict, order_id: str) -> dict:
    o = state.orders.get(order_id)
    if o is None or o["account"] != user["account"]:
        raise LookupError(f"no order {order_id} on this account")
    return o


def _own_pass(state: State, user: dict, pass_no: str) -> dict:
    p = state.passes.get(pass_no)
    if p is None or state.skiers[p["skier_id"]]["account"] != user["account"]:
        raise LookupError(f"no pass {pass_no} on this account")
    return p


def _name(state: State, skier_id: str) -> str:
    s = state.skiers[skier_id]
    return f"{s['first_name']} {s['last_name']}"


def _skier(s: dict) -> Skier:
    p = s["profile"] or {}
    return Skier(skier_id=s["skier_id"], first_name=s["first_name"], last_name=s["last_name"],
                 birth_date=s["birth_date"], photo_on_file=s["photo"] is not None, **p)


def _order(state: State, o: dict) -> Order:
    lines = [OrderLine(skier_name=_name(state, ln["skier_id"]), **ln) for ln in o["lines"]]
    gross = sum(ln["price"] + (_INSURANCE_PER_DAY * _days(ln) if ln["insured"] else 0.0) for ln in o["lines"])
    return Order(order_id=o["order_id"], status=o["status"], lines=lines, voucher=o["voucher"],
                 discount=o["discount"], total=round(gross - o["discount"], 2))


def _days(line: dict) -> int:
    return (date.fromisoformat(line["last_day"]) - date.fromisoformat(line["first_day"])).days + 1


def _pass(state: State, p: dict) -> SkiPass:
    return SkiPass(pass_no=p["pass_no"], skier_id=p["skier_id"], skier_name=_name(state, p["skier_id"]),
                   product_code=p["product_code"], first_day=p["first_day"], last_day=p["last_day"],
                   status=p["status"], card_no=p["card_no"], insured=p["insured"], paused_days=list(p["paused"]))


def _rental(state: State, r: dict) -> Rental:
    return Rental(skier_name=_name(state, r["skier_id"]),
                  **{k: v for k, v in r.items() if k != "account"})


def _booking(state: State, b: dict) -> LessonBooking:
    return LessonBooking(skier_name=_name(state, b["skier_id"]), **{k: v for k, v in b.items() if k != "account"})


def _card(card_no: str) -> str:
    c = re.sub(r"[\s-]", "", card_no).upper()
    if not re.fullmatch(r"KC\d{8}", c):
        raise ValueError("a KeyCard number is KC and 8 digits, as printed on the back of the card")
    return c


def _date(text: str, what: str) -> str:
    try:
        return date.fromisoformat(text).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be a date, YYYY-MM-DD") from None


# --------------------------------------------------------------------------- session


async def sign_in(email: str, password: str, state: State = None) -> Session:
    """Sign in to a guest or staff account.

    Parameters
    ----------
    email : str
        The account's e-mail address.
    password : str
        The account's password.

    Returns
    -------
    Session
        The session ``token`` to pass to every other call, the user's name and role.
    """
    user = state.users.get(email.strip().lower())
    if user is None or user["password"] != password:
        raise PermissionError("e-mail or password not recognised")
    token = f"sess-{_next(state, 'session')}-{user['role'][:3]}"
    state.sessions[token] = email.strip().lower()
    return Session(token=token, name=user["name"], role=user["role"], account_id=user["account"])


async def sign_out(token: str, state: State = None) -> bool:
    """End a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    bool
        True once the session is closed.
    """
    _user(state, token)
    del state.sessions[token]
    return True


# --------------------------------------------------------------------------- resort


async def resort_conditions(state: State = None) -> Conditions:
    """Today's snow report.

    Returns
    -------
    Conditions
        Snow depths, fresh snow, avalanche risk (1-5), lifts and runs open, and the patrol's bulletin.
    """
    open_lifts = sum(1 for x in _LIFTS if x[3] == "open")
    return Conditions(day=TODAY, snow_base_cm=85, snow_top_cm=160, fresh_snow_cm=12, avalanche_risk=3,
                      lifts_open=open_lifts, lifts_total=len(_LIFTS), runs_open=31,
                      bulletin="Fresh snow overnight; wind slabs above 2000 m on north faces. Pic Rouge drag "
                               "closed for wind.")


async def list_lifts(sector: Sector | None = None, state: State = None) -> list[Lift]:
    """Lifts, their status and the current wait.

    Parameters
    ----------
    sector : {"Arbas", "Pic Rouge", "Col de la Crouzette"}, optional
        Only the lifts of this sector.

    Returns
    -------
    list of Lift
    """
    return [Lift(code=c, name=n, sector=s, status=st, wait_min=w) for c, n, s, st, w in _LIFTS
            if sector is None or s == sector]


async def list_pass_products(state: State = None) -> list[PassProduct]:
    """The lift passes on sale, with prices by age band.

    Returns
    -------
    list of PassProduct
        Each product's ``code``, name, number of consecutive days (0 for the season) and prices.
    """
    return [PassProduct(**copy.deepcopy(p)) for p in _PRODUCTS]


async def quote_pass(product_code: str, age_band: AgeBand, first_day: str, state: State = None) -> float:
    """Price one pass without adding it to a basket.

    Parameters
    ----------
    product_code : str
        A pass product code.
    age_band : {"child", "youth", "adult", "senior"}
        The skier's age band on the first day.
    first_day : str
        First day of validity, YYYY-MM-DD.

    Returns
    -------
    float
        The price in euros.
    """
    p = next((x for x in _PRODUCTS if x["code"] == product_code), None)
    if p is None:
        raise LookupError(f"no pass product {product_code}")
    day = _date(first_day, "first_day")
    if not TODAY <= day <= SEASON_END:
        raise ValueError(f"passes are sold from {TODAY} to {SEASON_END}")
    if age_band not in p["prices"]:
        raise ValueError(f"unknown age band {age_band}")
    return p["prices"][age_band]


# --------------------------------------------------------------------------- skiers


async def list_skiers(token: str, state: State = None) -> list[Skier]:
    """The skiers on the signed-in account.

    Parameters
    ----------
    token : str
        A guest session token.

    Returns
    -------
    list of Skier
    """
    user = _user(state, token, "guest")
    return [_skier(s) for s in state.skiers.values() if s["account"] == user["account"]]


async def add_skier(token: str, first_name: str, last_name: str, birth_date: str, state: State = None) -> Skier:
    """Add a family member or friend to the account.

    Parameters
    ----------
    token : str
        A guest session token.
    first_name, last_name : str
        The skier's name as on an identity document.
    birth_date : str
        YYYY-MM-DD; sets the age band of every pass.

    Returns
    -------
    Skier
        The new skier, with its ``skier_id``.
    """
    user = _user(state, token, "guest")
    birth = _date(birth_date, "birth_date")
    if not (first_name.strip() and last_name.strip()):
        raise ValueError("first and last name are required")
    for s in state.skiers.values():
        if (s["account"] == user["account"] and s["first_name"].lower() == first_name.strip().lower()
                and s["last_name"].lower() == last_name.strip().lower() and s["birth_date"] == birth):
            raise ValueError(f"{first_name} {last_name} is already on this account as {s['skier_id']}")
    sid = f"SK-{_next(state, 'skier')}"
    state.skiers[sid] = {"skier_id": sid, "account": user["account"], "first_name": first_name.strip(),
                         "last_name": last_name.strip(), "birth_date": birth, "photo": None, "profile": None}
    return _skier(state.skiers[sid])


async def update_skier(token: str, skier_id: str, first_name: str | None = None, last_name: str | None = None,
                       birth_date: str | None = None, state: State = None) -> Skier:
    """Correct a skier's name or birth date.

    Parameters
    ----------
    token : str
        A guest session token.
    skier_id : str
        The skier.
    first_name, last_name, birth_date : str, optional
        Only the fields to change.

    Returns
    -------
    Skier
    """
    user = _user(state, token, "guest")
    s = _own_skier(state, user, skier_id)
    new = {"first_name": first_name.strip() if first_name else s["first_name"],
           "last_name": last_name.strip() if last_name else s["last_name"],
           "birth_date": _date(birth_date, "birth_date") if birth_date else s["birth_date"]}
    if all(new[k] == s[k] for k in new):
        raise ValueError("nothing to change")
    s.update(new)
    return _skier(s)


async def upload_photo(token: str, skier_id: str, filename: str, state: State = None) -> str:
    """Attach a passport-style photo to a skier (printed on nothing, checked at the gates).

    Parameters
    ----------
    token : str
        A guest session token.
    skier_id : str
        The skier.
    filename : str
        A JPEG or PNG file.

    Returns
    -------
    str
        The stored photo's name.
    """
    user = _user(state, token, "guest")
    s = _own_skier(state, user, skier_id)
    if not filename.lower().endswith((".jpg", ".jpeg", ".png")):
        raise ValueError("the photo must be a .jpg or .png file")
    if s["photo"] == filename:
        raise ValueError(f"{filename} is already {s['first_name']}'s photo")
    s["photo"] = filename
    return f"photos/{skier_id}/{filename}"


# --------------------------------------------------------------------------- baskets


async def create_order(token: str, state: State = None) -> Order:
    """Open an empty basket.

    Parameters
    ----------
    token : str
        A guest session token.

    Returns
    -------
    Order
        The new basket with its ``order_id``.
    """
    user = _user(state, token, "guest")
    oid = f"VA-{_next(state, 'ref')}"
    state.orders[oid] = {"order_id": oid, "account": user["account"], "status": "open", "created": TODAY,
                         "voucher": None, "discount": 0.0, "next_line": 1, "lines": []}
    return _order(state, state.orders[oid])


async def list_orders(token: str, status: OrderStatus | None = None, state: State = None) -> list[OrderSummary]:
    """The account's baskets and past orders.

    Parameters
    ----------
    token : str
        A guest session token.
    status : OrderStatus, optional
        Only orders in this status (``open``, ``paid``, ``cancelled``).

    Returns
    -------
    list of OrderSummary
        Reference, status, date, number of lines and total; no lines.
    """
    user = _user(state, token, "guest")
    want = None if status is None else OrderStatus(getattr(status, "value", status)).value
    out = []
    for o in state.orders.values():
        if o["account"] == user["account"] and (want is None or o["status"] == want):
            full = _order(state, o)
            out.append(OrderSummary(order_id=o["order_id"], status=o["status"], created=o["created"],
                                    line_count=len(o["lines"]), total=full.total))
    return out


async def get_order(token: str, order_id: str, state: State = None) -> Order:
    """One basket or order with its lines.

    Parameters
    ----------
    token : str
        A guest session token.
    order_id : str
        The order reference.

    Returns
    -------
    Order
    """
    user = _user(state, token, "guest")
    return _order(state, _own_order(state, user, order_id))


async def add_pass(token: str, order_id: str, skier_id: str, product_code: str, first_day: str,
                   state: State = None) -> Order:
    """Put a lift pass for one skier in an open basket.

    Parameters
    ----------
    token : str
        A guest session token.
    order_id : str
        An open basket.
    skier_id : str
        The skier the pass is for; the age band follows from the birth date.
    product_code : str
        The pass product.
    first_day : str
        First day of validity, YYYY-MM-DD.

    Returns
    -------
    Order
        The basket with the new line.
    """
    user = _user(state, token, "guest")
    o = _own_order(state, user, order_id)
    if o["status"] != "open":
        raise RuntimeError(f"order {order_id} is {o['status']}")
    s = _own_skier(state, user, skier_id)
    p = next((x for x in _PRODUCTS if x["code"] == product_code), None)
    if p is None:
        raise LookupError(f"no pass product {product_code}")
    day = _date(first_day, "first_day")
    if not TODAY <= day <= SEASON_END:
        raise ValueError(f"passes are sold from {TODAY} to {SEASON_END}")
    band = _band(_age(s["birth_date"], day))
    if band is None:
        raise ValueError(f"{s['first_name']} skis free (under 5 or 75 and over): ask for a free pass at a ticket office")
    days = p["days"] or (date.fromisoformat(SEASON_END) - date.fromisoformat(day)).days + 1
    if (p["days"] == 0 or p["days"] >= _PHOTO_FROM_DAYS) and s["photo"] is None:
        raise RuntimeError(f"passes of {_PHOTO_FROM_DAYS} days or more need a photo of {s['first_name']} on file")
    last = (date.fromisoformat(day) + timedelta(days=days - 1)).isoformat()
    for ln in o["lines"]:
        if ln["skier_id"] == skier_id and not (last < ln["first_day"] or day > ln["last_day"]):
            raise ValueError(f"line {ln['line_no']} already covers {s['first_name']} on those days")
    line = {"line_no": o["next_line"], "skier_id": skier_id, "product_code": product_code, "age_band": band,
            "first_day": day, "last_day": last, "price": p["prices"][band], "insured": False}
    o["next_line"] += 1
    o["lines"].append(line)
    return _order(state, o)


async def add_insurance(token: str, order_id: str, line_no: int, state: State = None) -> Order:
    """Add on-piste rescue insurance (3.50 a day) to one pass line of an open basket.

    Parameters
    ----------
    token : str
        A guest session token.
    order_id : str
        An open basket.
    line_no : int
        The pass line.

    Returns
    -------
    Order
    """
    user = _user(state, token, "guest")
    o = _own_order(state, user, order_id)
    if o["status"] != "open":
        raise RuntimeError(f"order {order_id} is {o['status']}")
    ln = next((x for x in o["lines"] if x["line_no"] == line_no), None)
    if ln is None:
        raise LookupError(f"order {order_id} has no line {line_no}")
    if ln["insured"]:
        raise ValueError(f"line {line_no} is already insured")
    ln["insured"] = True
    return _order(state, o)


async def remove_line(token: str, order_id: str, line_no: int, state: State = None) -> Order:
    """Take a pass line out of an open basket.

    Parameters
    ----------
    token : str
        A guest session token.
    order_id : str
        An open basket.
    line_no : int
        The pass line.

    Returns
    -------
    Order
    """
    user = _user(state, token, "guest")
    o = _own_order(state, user, order_id)
    if o["status"] != "open":
        raise RuntimeError(f"order {order_id} is {o['status']}")
    ln = next((x for x in o["lines"] if x["line_no"] == line_no), None)
    if ln is None:
        raise LookupError(f"order {order_id} has no line {line_no}")
    o["lines"].remove(ln)
    if o["voucher"]:
        o["voucher"], o["discount"] = None, 0.0
    return _order(state, o)


async def apply_voucher(token: str, order_id: str, code: str, state: State = None) -> Order:
    """Apply a voucher code to an open basket.

    Parameters
    ----------
    token : str
        A guest session token.
    order_id : str
        An open basket.
    code : str
        The voucher code.

    Returns
    -------
    Order
        The basket with the discount.
    """
    user = _user(state, token, "guest")
    o = _own_order(state, user, order_id)
    if o["status"] != "open":
        raise RuntimeError(f"order {order_id} is {o['status']}")
    v = _VOUCHERS.get(code.strip().upper())
    if v is None:
        raise LookupError(f"voucher {code} not recognised")
    if o["voucher"] == code.strip().upper():
        raise ValueError(f"{code} is already applied")
    young = any(ln["age_band"] in ("child", "youth") for ln in o["lines"])
    if len(o["lines"]) < v["min_passes"] or (v["young"] and not young):
        raise RuntimeError(f"{code.upper()} needs at least {v['min_passes']} passes in the basket, one of them "
                           "for a child or a youth")
    o["voucher"] = code.strip().upper()
    o["discount"] = round(sum(ln["price"] for ln in o["lines"]) * v["discount"], 2)
    return _order(state, o)


async def pay_order(token: str, order_id: str, cardholder: str, state: State = None) -> Receipt:
    """Pay an open basket by card; its passes are issued, ready to load onto KeyCards.

    Parameters
    ----------
    token : str
        A guest session token.
    order_id : str
        An open basket with at least one line.
    cardholder : str
        The name on the payment card.

    Returns
    -------
    Receipt
        The receipt with the issued passes and their ``pass_no``.
    """
    user = _user(state, token, "guest")
    o = _own_order(state, user, order_id)
    if o["status"] != "open":
        raise RuntimeError(f"order {order_id} is {o['status']}")
    if not o["lines"]:
        raise RuntimeError(f"order {order_id} is empty")
    if not cardholder.strip():
        raise ValueError("name the cardholder")
    total = _order(state, o).total
    o["status"] = "paid"
    issued = []
    for ln in o["lines"]:
        no = f"{order_id}/{ln['line_no']}"
        state.passes[no] = {"pass_no": no, "order_id": order_id, "skier_id": ln["skier_id"],
                            "product_code": ln["product_code"], "first_day": ln["first_day"],
                            "last_day": ln["last_day"], "status": "issued", "card_no": None,
                            "insured": ln["insured"], "paused": [], "rides": []}
        issued.append(_pass(state, state.passes[no]))
    return Receipt(receipt_no=f"RC-{_next(state, 'receipt'):06d}", order_id=order_id, amount=total,
                   cardholder=cardholder.strip(), passes=issued)


# --------------------------------------------------------------------------- passes


async def list_passes(token: str, skier_id: str | None = None, state: State = None) -> list[SkiPass]:
    """The account's issued passes.

    Parameters
    ----------
    token : str
        A guest session token.
    skier_id : str, optional
        Only this skier's passes.

    Returns
    -------
    list of SkiPass
    """
    user = _user(state, token, "guest")
    return [_pass(state, p) for p in state.passes.values()
            if state.skiers[p["skier_id"]]["account"] == user["account"]
            and (skier_id is None or p["skier_id"] == skier_id)]


async def load_pass(token: str, pass_no: str, card_no: str, state: State = None) -> SkiPass:
    """Load an issued pass onto a KeyCard (the reusable chip card).

    Parameters
    ----------
    token : str
        A guest session token.
    pass_no : str
        The pass.
    card_no : str
        The KeyCard number printed on the back of the card.

    Returns
    -------
    SkiPass
        The pass, now active on the card.
    """
    user = _user(state, token, "guest")
    p = _own_pass(state, user, pass_no)
    card = _card(card_no)
    if card in state.blocked_cards:
        raise RuntimeError(f"card {card} is blocked")
    if p["status"] == "refunded":
        raise RuntimeError(f"pass {pass_no} was refunded")
    if p["card_no"] == card:
        raise ValueError(f"pass {pass_no} is already on card {card}")
    if p["card_no"] is not None and p["card_no"] not in state.blocked_cards:
        raise RuntimeError(f"pass {pass_no} is on card {p['card_no']}")
    for other in state.passes.values():
        if other["card_no"] == card and other["status"] == "active" and not (
                p["last_day"] < other["first_day"] or p["first_day"] > other["last_day"]):
            raise RuntimeError(f"card {card} already holds pass {other['pass_no']} for some of those days")
    p["card_no"], p["status"] = card, "active"
    return _pass(state, p)


async def ride_history(token: str, pass_no: str, state: State = None) -> list[Ride]:
    """The gates a pass went through.

    Parameters
    ----------
    token : str
        A guest session token.
    pass_no : str
        The pass.

    Returns
    -------
    list of Ride
    """
    user = _user(state, token, "guest")
    p = _own_pass(state, user, pass_no)
    return [Ride(day=d, time=t, lift=lift) for d, t, lift in p["rides"]]


async def pause_pass(token: str, pass_no: str, day: str, reason: str, state: State = None) -> SkiPass:
    """Pause an active pass for a day the skier cannot ski (illness, injury); its validity moves on a day.

    Parameters
    ----------
    token : str
        A guest session token.
    pass_no : str
        The pass.
    day : str
        The day not skied, YYYY-MM-DD, today or later.
    reason : str
        Why, in a few words.

    Returns
    -------
    SkiPass
        The pass with its new last day.
    """
    user = _user(state, token, "guest")
    p = _own_pass(state, user, pass_no)
    if p["status"] != "active":
        raise RuntimeError(f"pass {pass_no} is {p['status']}: only a pass on a KeyCard can be paused")
    d = _date(day, "day")
    if not (max(TODAY, p["first_day"]) <= d <= p["last_day"]):
        raise ValueError(f"pass {pass_no} can be paused from {max(TODAY, p['first_day'])} to {p['last_day']}")
    if d in p["paused"] or any(r[0] == d for r in p["rides"]):
        raise ValueError(f"pass {pass_no} cannot be paused on {d}")
    if not reason.strip():
        raise ValueError("give a reason")
    p["paused"].append(d)
    p["last_day"] = (date.fromisoformat(p["last_day"]) + timedelta(days=1)).isoformat()
    return _pass(state, p)


async def refund_pass(token: str, pass_no: str, reason: str, state: State = None) -> float:
    """Refund a pass that was never loaded onto a card.

    Parameters
    ----------
    token : str
        A guest session token.
    pass_no : str
        The pass.
    reason : str
        Why it is not wanted.

    Returns
    -------
    float
        The amount refunded to the card that paid.
    """
    user = _user(state, token, "guest")
    p = _own_pass(state, user, pass_no)
    if p["status"] != "issued":
        raise RuntimeError(f"pass {pass_no} is {p['status']}: only a pass never loaded can be refunded")
    if not reason.strip():
        raise ValueError("give a reason")
    o = state.orders[p["order_id"]]
    ln = next(x for x in o["lines"] if f"{o['order_id']}/{x['line_no']}" == pass_no)
    p["status"] = "refunded"
    return round(ln["price"] * (1 - (0.10 if o["voucher"] else 0.0)), 2)


async def report_lost_card(token: str, card_no: str, state: State = None) -> str:
    """Block a lost KeyCard; the passes on it can then be loaded onto another card.

    Parameters
    ----------
    token : str
        A guest session token.
    card_no : str
        The lost card's number.

    Returns
    -------
    str
        A confirmation naming the passes that were on the card.
    """
    user = _user(state, token, "guest")
    card = _card(card_no)
    if card in state.blocked_cards:
        raise ValueError(f"card {card} is already blocked")
    on = [p for p in state.passes.values() if p["card_no"] == card
          and state.skiers[p["skier_id"]]["account"] == user["account"]]
    if not on:
        raise LookupError(f"no pass of this account is on card {card}")
    state.blocked_cards.append(card)
    return f"Card {card} blocked. Load pass {', '.join(p['pass_no'] for p in on)} onto a new KeyCard."


# --------------------------------------------------------------------------- rental


async def list_rental_packages(state: State = None) -> list[RentalPackage]:
    """The rental shop's equipment packages.

    Returns
    -------
    list of RentalPackage
        Each package's ``code``, name, price per day and discipline.
    """
    return [RentalPackage(**p) for p in _PACKAGES]


async def save_ski_profile(token: str, skier_id: str, height_cm: int, weight_kg: int, boot_mondo: float,
                           skier_type: SkierType, state: State = None) -> Skier:
    """Record what the rental shop needs to size skis and set bindings.

    Parameters
    ----------
    token : str
        A guest session token.
    skier_id : str
        The skier.
    height_cm, weight_kg : int
        Height and weight.
    boot_mondo : float
        Boot size in mondopoint (e.g. 24.5).
    skier_type : SkierType
        ``I`` cautious, ``II`` moderate, ``III`` aggressive.

    Returns
    -------
    Skier
    """
    user = _user(state, token, "guest")
    s = _own_skier(state, user, skier_id)
    try:
        kind = SkierType(getattr(skier_type, "value", skier_type)).value
    except ValueError:
        raise ValueError("skier_type must be I, II or III") from None
    if not (80 <= height_cm <= 220 and 12 <= weight_kg <= 160 and 15.0 <= boot_mondo <= 33.0):
        raise ValueError("check the height (80-220 cm), weight (12-160 kg) and mondo size (15-33)")
    new = {"height_cm": height_cm, "weight_kg": weight_kg, "boot_mondo": boot_mondo, "skier_type": kind}
    if s["profile"] == new:
        raise ValueError("nothing to change")
    s["profile"] = new
    return _skier(s)


async def reserve_rental(token: str, skier_id: str, package_code: str, first_day: str, days: int,
                         state: State = None) -> Rental:
    """Reserve a rental package for one skier, collected at the shop on the first day.

    Parameters
    ----------
    token : str
        A guest session token.
    skier_id : str
        The skier.
    package_code : str
        The rental package.
    first_day : str
        YYYY-MM-DD.
    days : int
        Number of days.

    Returns
    -------
    Rental
        The reservation with its ``rental_ref``.
    """
    user = _user(state, token, "guest")
    s = _own_skier(state, user, skier_id)
    pk = next((x for x in _PACKAGES if x["code"] == package_code), None)
    if pk is None:
        raise LookupError(f"no rental package {package_code}")
    day = _date(first_day, "first_day")
    if not TODAY <= day <= SEASON_END or not 1 <= days <= 14:
        raise ValueError("rent from today for 1 to 14 days")
    if s["profile"] is None:
        raise RuntimeError(f"record {s['first_name']}'s height, weight, boot size and skier type first")
    if package_code == "R-JUN" and _age(s["birth_date"], day) >= 12:
        raise ValueError("R-JUN is for skiers under 12")
    ref = f"VA-{_next(state, 'ref')}"
    state.rentals[ref] = {"rental_ref": ref, "account": user["account"], "skier_id": skier_id,
                          "package_code": package_code, "first_day": day, "days": days,
                          "price": round(pk["per_day"] * days, 2), "status": "reserved", "ski_serial": None,
                          "boot_serial": None, "din": None}
    return _rental(state, state.rentals[ref])


async def list_rentals(token: str, day: str | None = None, state: State = None) -> list[Rental]:
    """The rental shop's day sheet: reservations to collect and equipment out (technicians only).

    Parameters
    ----------
    token : str
        A rental technician's session token.
    day : str, optional
        YYYY-MM-DD; today by default.

    Returns
    -------
    list of Rental
    """
    _user(state, token, "rental")
    d = _date(day, "day") if day else TODAY
    return [_rental(state, r) for r in state.rentals.values()
            if r["first_day"] == d or (r["status"] == "out" and r["first_day"] <= d)]


def _din(profile: dict) -> float:
    w = profile["weight_kg"]
    base = 1.5 if w < 30 else 3.0 if w < 50 else 4.5 if w < 70 else 6.0 if w < 90 else 7.5
    return base + {"I": -0.5, "II": 0.0, "III": 1.0}[profile["skier_type"]]


async def fit_rental(token: str, rental_ref: str, ski_serial: str, boot_serial: str, state: State = None) -> Rental:
    """Hand over reserved equipment: record the serials and set the bindings (technicians only).

    Parameters
    ----------
    token : str
        A rental technician's session token.
    rental_ref : str
        The reservation.
    ski_serial, boot_serial : str
        The serial numbers on the skis (or board) and boots.

    Returns
    -------
    Rental
        The rental, now out, with the DIN setting.
    """
    _user(state, token, "rental")
    r = state.rentals.get(rental_ref)
    if r is None:
        raise LookupError(f"no rental {rental_ref}")
    if r["status"] != "reserved":
        raise RuntimeError(f"rental {rental_ref} is {r['status']}")
    if r["first_day"] > TODAY:
        raise RuntimeError(f"rental {rental_ref} starts {r['first_day']}")
    if not (ski_serial.strip() and boot_serial.strip()):
        raise ValueError("record both serial numbers")
    r.update(status="out", ski_serial=ski_serial.strip().upper(), boot_serial=boot_serial.strip().upper(),
             din=_din(state.skiers[r["skier_id"]]["profile"]))
    return _rental(state, r)


async def swap_equipment(token: str, rental_ref: str, ski_serial: str | None = None, boot_serial: str | None = None,
                         state: State = None) -> Rental:
    """Swap the skis (or board) or boots of a rental that is out (technicians only).

    Parameters
    ----------
    token : str
        A rental technician's session token.
    rental_ref : str
        The rental.
    ski_serial, boot_serial : str, optional
        The replacement's serial number.

    Returns
    -------
    Rental
    """
    _user(state, token, "rental")
    r = state.rentals.get(rental_ref)
    if r is None:
        raise LookupError(f"no rental {rental_ref}")
    if r["status"] != "out":
        raise RuntimeError(f"rental {rental_ref} is {r['status']}, not out")
    new_ski = ski_serial.strip().upper() if ski_serial else r["ski_serial"]
    new_boot = boot_serial.strip().upper() if boot_serial else r["boot_serial"]
    if (new_ski, new_boot) == (r["ski_serial"], r["boot_serial"]):
        raise ValueError("nothing to swap")
    r["ski_serial"], r["boot_serial"] = new_ski, new_boot
    return _rental(state, r)


async def return_rental(token: str, rental_ref: str, damage_note: str | None = None, state: State = None) -> float:
    """Take back rented equipment (technicians only).

    Parameters
    ----------
    token : str
        A rental technician's session token.
    rental_ref : str
        The rental.
    damage_note : str, optional
        What is damaged, if anything (a charge applies).

    Returns
    -------
    float
        The damage charge, 0.0 when none.
    """
    _user(state, token, "rental")
    r = state.rentals.get(rental_ref)
    if r is None:
        raise LookupError(f"no rental {rental_ref}")
    if r["status"] != "out":
        raise RuntimeError(f"rental {rental_ref} is {r['status']}, not out")
    r["status"] = "returned"
    return _DAMAGE_CHARGE if damage_note and damage_note.strip() else 0.0


async def cancel_rental(token: str, rental_ref: str, state: State = None) -> float:
    """Cancel a rental reservation not yet collected.

    Parameters
    ----------
    token : str
        A guest session token.
    rental_ref : str
        The reservation.

    Returns
    -------
    float
        The amount refunded.
    """
    user = _user(state, token, "guest")
    r = state.rentals.get(rental_ref)
    if r is None or r["account"] != user["account"]:
        raise LookupError(f"no rental {rental_ref} on this account")
    if r["status"] != "reserved":
        raise RuntimeError(f"rental {rental_ref} is {r['status']}")
    r["status"] = "cancelled"
    return r["price"]


# --------------------------------------------------------------------------- ski school


async def list_lessons(day: str, discipline: Discipline, group: AgeGroup | None = None,
                       state: State = None) -> list[LessonSlot]:
    """Group lessons on a day.

    Parameters
    ----------
    day : str
        YYYY-MM-DD.
    discipline : {"ski", "snowboard"}
    group : {"kids", "teens", "adults"}, optional

    Returns
    -------
    list of LessonSlot
        Each lesson's ``slot_id``, time, level, meeting point, places left and price.
    """
    d = _date(day, "day")
    out = []
    for s in state.slots.values():
        if s["day"] == d and s["discipline"] == discipline and (group is None or s["group"] == group):
            taken = sum(1 for b in state.lesson_bookings.values() if b["slot_id"] == s["slot_id"]
                        and b["status"] != "cancelled")
            out.append(LessonSlot(places_left=s["capacity"] - taken,
                                  **{k: v for k, v in s.items() if k != "capacity"}))
    return out


async def book_lesson(token: str, slot_id: str, skier_id: str, state: State = None) -> LessonBooking:
    """Book a place in a group lesson for one skier.

    Parameters
    ----------
    token : str
        A guest session token.
    slot_id : str
        The lesson.
    skier_id : str
        The skier.

    Returns
    -------
    LessonBooking
        The booking with its ``booking_ref``.
    """
    user = _user(state, token, "guest")
    s = _own_skier(state, user, skier_id)
    slot = state.slots.get(slot_id)
    if slot is None:
        raise LookupError(f"no lesson {slot_id}")
    if slot["day"] < TODAY:
        raise RuntimeError(f"lesson {slot_id} is over")
    lo, hi = _GROUP_AGES[slot["group"]]
    age = _age(s["birth_date"], slot["day"])
    if not lo <= age <= hi:
        raise ValueError(f"the {slot['group']} groups take ages {lo} to {hi}; {s['first_name']} is {age}")
    live = [b for b in state.lesson_bookings.values() if b["slot_id"] == slot_id and b["status"] != "cancelled"]
    if any(b["skier_id"] == skier_id for b in live):
        raise ValueError(f"{s['first_name']} is already booked on {slot_id}")
    if len(live) >= slot["capacity"]:
        raise RuntimeError(f"lesson {slot_id} is full")
    ref = f"VA-{_next(state, 'ref')}"
    state.lesson_bookings[ref] = {"booking_ref": ref, "account": user["account"], "slot_id": slot_id,
                                  "skier_id": skier_id, "status": "booked", "badge": None}
    return _booking(state, state.lesson_bookings[ref])


async def list_lesson_bookings(token: str, slot_id: str, state: State = None) -> list[LessonBooking]:
    """The register of one lesson (ski-school staff only).

    Parameters
    ----------
    token : str
        A ski-school session token.
    slot_id : str
        The lesson.

    Returns
    -------
    list of LessonBooking
    """
    _user(state, token, "school")
    if slot_id not in state.slots:
        raise LookupError(f"no lesson {slot_id}")
    return [_booking(state, b) for b in state.lesson_bookings.values()
            if b["slot_id"] == slot_id and b["status"] != "cancelled"]


async def cancel_lesson(token: str, booking_ref: str, state: State = None) -> float:
    """Cancel a lesson booking before the lesson.

    Parameters
    ----------
    token : str
        A guest session token.
    booking_ref : str
        The booking.

    Returns
    -------
    float
        The amount refunded.
    """
    user = _user(state, token, "guest")
    b = state.lesson_bookings.get(booking_ref)
    if b is None or b["account"] != user["account"]:
        raise LookupError(f"no lesson booking {booking_ref} on this account")
    if b["status"] != "booked":
        raise RuntimeError(f"booking {booking_ref} is {b['status']}")
    b["status"] = "cancelled"
    return state.slots[b["slot_id"]]["price"]


async def mark_attendance(token: str, booking_ref: str, present: bool, state: State = None) -> LessonBooking:
    """Take the register for one booking (ski-school staff only).

    Parameters
    ----------
    token : str
        A ski-school session token.
    booking_ref : str
        The booking.
    present : bool
        Whether the skier turned up.

    Returns
    -------
    LessonBooking
    """
    _user(state, token, "school")
    b = state.lesson_bookings.get(booking_ref)
    if b is None:
        raise LookupError(f"no lesson booking {booking_ref}")
    if b["status"] == "cancelled":
        raise RuntimeError(f"booking {booking_ref} is cancelled")
    if state.slots[b["slot_id"]]["day"] > TODAY:
        raise RuntimeError("the register opens on the day of the lesson")
    status = "present" if present else "absent"
    if b["status"] == status:
        raise ValueError(f"already marked {status}")
    b["status"] = status
    return _booking(state, b)


async def award_badge(token: str, booking_ref: str, badge: str, state: State = None) -> str:
    """Award the badge a skier passed at the end of a lesson (ski-school staff only).

    Parameters
    ----------
    token : str
        A ski-school session token.
    booking_ref : str
        The booking.
    badge : str
        The badge passed.

    Returns
    -------
    str
        A confirmation.
    """
    _user(state, token, "school")
    b = state.lesson_bookings.get(booking_ref)
    if b is None:
        raise LookupError(f"no lesson booking {booking_ref}")
    if b["status"] != "present":
        raise RuntimeError(f"booking {booking_ref} is {b['status']}: mark the skier present first")
    key = badge.strip().lower()
    if key not in _BADGES:
        raise ValueError(f"unknown badge {badge}; badges are {', '.join(_BADGES)}")
    if b["badge"] == key:
        raise ValueError(f"{key} already awarded")
    b["badge"] = key
    return f"{_name(state, b['skier_id'])} passed {key} ({booking_ref})."


TOOLS = [
    sign_in, sign_out, resort_conditions, list_lifts, list_pass_products, quote_pass,
    list_skiers, add_skier, update_skier, upload_photo,
    create_order, list_orders, get_order, add_pass, add_insurance, remove_line, apply_voucher, pay_order,
    list_passes, load_pass, ride_history, pause_pass, refund_pass, report_lost_card,
    list_rental_packages, save_ski_profile, reserve_rental, list_rentals, fit_rental, swap_equipment,
    return_rental, cancel_rental,
    list_lessons, book_lesson, list_lesson_bookings, cancel_lesson, mark_attendance, award_badge,
]

FIXTURES = {
    "resort": {"name": "Val d'Arbas", "today": "Saturday 12 February 2028"},
    "accounts": [
        {"name": "Marta Novak", "email": "marta.novak@example.com", "password": "Lynx-Powder-28",
         "family": ["Marta Novak (born 1986-05-14)", "Pavel Novak (born 1984-11-02)", "Ema Novak (born 2017-08-30)"]},
        {"name": "Owen Pryce", "email": "owen.pryce@example.com", "password": "Cairn&Corrie9",
         "family": ["Owen Pryce", "Gwen Pryce (born 2012-06-09)"], "keycard": "KC 0612 4471"},
        {"name": "Lea Favre", "role": "rental technician", "email": "lea.favre@valdarbas.example",
         "password": "Edge&Wax-2028"},
        {"name": "Bruno Colin", "role": "ski-school desk", "email": "bruno.colin@valdarbas.example",
         "password": "Flocon!Bleu5"},
    ],
    "handed_over": {
        "voucher": "FAMILLE28",
        "new_skier": {"first_name": "Tomas", "last_name": "Novak", "birth_date": "1991-03-03"},
        "photos": ["ema_2028.jpg", "tomas.jpg"],
        "ema_measurements": {"height_cm": 128, "weight_kg": 26, "boot_mondo": 20.5, "skier_type": "II"},
        "marta_measurements": {"height_cm": 168, "weight_kg": 61, "boot_mondo": 24.5, "skier_type": "I"},
        "new_keycards": ["KC 0931 5508", "KC 0931 5512", "KC 0931 5519"],
        "rental_shop_serials": {"skis": ["AT-JR130-0417", "RS-V8-1552", "AT-JR120-0388"],
                                "boots": ["BT-205-0912", "BT-250-1176"]},
    },
}

_TOKEN = "auth: session token (Session.token from sign_in)"
_SKIER = "id lookup/create: skier id (skier_id of a listed or added skier)"
_ORDER = "id lookup/create: order reference (order_id of a new basket or a listed order)"
_PASS = "id lookup/create: pass number (passes[i].pass_no of the receipt, or a listed pass)"
_RENTAL = "id lookup/create: rental reference (rental_ref of the reservation, or the technician's day sheet)"
_BOOKING = "id lookup/create: lesson booking reference (booking_ref of the booking, or the lesson's register)"

_SIGNED_IN = [
    "sign_out", "list_skiers", "add_skier", "update_skier", "upload_photo", "create_order", "list_orders",
    "get_order", "add_pass", "add_insurance", "remove_line", "apply_voucher", "pay_order", "list_passes",
    "load_pass", "ride_history", "pause_pass", "refund_pass", "report_lost_card", "save_ski_profile",
    "reserve_rental", "list_rentals", "fit_rental", "swap_equipment", "return_rental", "cancel_rental",
    "book_lesson", "list_lesson_bookings", "cancel_lesson", "mark_attendance", "award_badge",
]

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in _SIGNED_IN]
    + [("list_skiers|add_skier", c, _SKIER) for c in [
        "update_skier", "upload_photo", "add_pass", "save_ski_profile", "reserve_rental", "book_lesson"]]
    + [("create_order|list_orders", c, _ORDER) for c in [
        "get_order", "add_pass", "add_insurance", "remove_line", "apply_voucher", "pay_order"]]
    + [("add_pass|get_order", c, "id lookup/create: order line number (lines[i].line_no)") for c in [
        "add_insurance", "remove_line"]]
    + [("pay_order|list_passes", c, _PASS) for c in ["load_pass", "ride_history", "pause_pass", "refund_pass"]]
    + [("reserve_rental|list_rentals", c, _RENTAL) for c in ["fit_rental", "swap_equipment", "return_rental"]]
    + [("book_lesson|list_lesson_bookings", c, _BOOKING) for c in ["mark_attendance", "award_badge"]]
    + [
        ("reserve_rental", "cancel_rental", "id create: rental reference (rental_ref; guests have no list)"),
        ("book_lesson", "cancel_lesson", "id create: lesson booking reference (booking_ref; guests have no list)"),
        ("list_pass_products", "add_pass", "vocabulary: pass product code (code)"),
        ("list_pass_products", "quote_pass", "vocabulary: pass product code (code)"),
        ("list_rental_packages", "reserve_rental", "vocabulary: rental package code (code)"),
        ("list_lessons", "book_lesson", "id lookup: lesson slot id (slot_id)"),
        ("list_lessons", "list_lesson_bookings", "id lookup: lesson slot id (slot_id)"),
        ("upload_photo", "add_pass", "state: a photo on file for a pass of six days or more"),
        ("save_ski_profile", "reserve_rental", "state: the skier's measurements and skier type recorded"),
        ("add_pass", "pay_order", "state: a basket with at least one pass line"),
        ("add_pass", "apply_voucher", "state: three passes in the basket, one for a child or youth"),
        ("load_pass", "pause_pass", "state: the pass active on a KeyCard"),
        ("report_lost_card", "load_pass", "state: the card the pass is on blocked as lost"),
        ("fit_rental", "swap_equipment", "state: the rental out (fitted)"),
        ("fit_rental", "return_rental", "state: the rental out (fitted)"),
        ("mark_attendance", "award_badge", "state: the skier marked present"),
    ]
)

PLAUSIBLE = {
    ("quote_pass", "add_pass"), ("resort_conditions", "add_pass"), ("list_skiers", "list_passes"),
    ("get_order", "pay_order"), ("get_order", "apply_voucher"), ("get_order", "add_pass"),
    ("list_orders", "list_passes"), ("list_passes", "report_lost_card"), ("pay_order", "report_lost_card"),
    ("pay_order", "list_passes"), ("list_lifts", "ride_history"), ("load_pass", "ride_history"),
    ("ride_history", "pause_pass"), ("list_skiers", "quote_pass"), ("list_skiers", "load_pass"),
    ("add_insurance", "pay_order"), ("apply_voucher", "pay_order"), ("list_rental_packages", "list_rentals"),
    ("save_ski_profile", "fit_rental"), ("reserve_rental", "list_rentals"), ("list_rentals", "cancel_rental"),
    ("resort_conditions", "list_lessons"), ("list_lessons", "cancel_lesson"), ("book_lesson", "list_lesson_bookings"),
    ("list_lesson_bookings", "cancel_lesson"), ("list_skiers", "list_lesson_bookings"),
}
