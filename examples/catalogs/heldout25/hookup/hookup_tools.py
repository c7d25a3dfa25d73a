"""Hookup: the reception system of Saltings Edge Caravan & Camping Park, Marsh Road, Wendlebury Sands (40 calls).

Async functions over an in-memory ``State`` of the park on Friday 25 July 2031 at 14:00, a peak-season
changeover day. Reception registers guests, books touring pitches (tents, trailer tents, caravans,
motorhomes and campervans) with their extras, changes the party, takes payments, moves bookings to
another pitch, cancels them, checks arrivals in and departures out, extends stays, issues visitor
passes, keeps the seasonal waiting list, starts seasonal pitch agreements, takes payment of the
seasonal invoices, opens shop accounts and writes to guests. The wardens close and reopen pitches,
connect electric hook-ups, read the seasonal pitches' meters and sell gas bottles. The shop charges
shop accounts and voids charges. The owner-manager may do everything. The tariff and the gas price
list are public.

Every tool is an ``async def`` wrapped by ``park_desk(*roles)`` (``functools.wraps``, an async
wrapper), which checks the session and the role. Refusals are *returned* as strings starting
``"Error: "`` in place of the reply. Replies are dataclasses and lists of them (a booking with
its extras, charges and payments nested; a guest's account with bookings, the seasonal agreement,
the shop account and invoices nested; a seasonal agreement with its invoices and meter readings
nested; a shop account with its charges nested; the tariff with pitch rates and extras nested).
Bookings, receipts, passes, sales and accounts look alike (booking ``BK-7690``, receipt ``RC-7690``,
visitor pass ``VP-1183``, gas sale ``GS-1183``; seasonal agreement ``SA-0311`` beside shop account
``SH-0411`` and shop charge ``SH-0411/2``; guest ``G-20401``; invoice ``INV-5513``). Which units
each part of the park takes and how long, the dog-free meadow, that awnings and gazebos stay out of
the Tent Field, the minimum stay over a peak weekend, how many may stay on a pitch, how many dogs, the
hook-up amps of each zone, shop account limits, what a CRiS number looks like, how long a seasonal
caravan's insurance must run and when the gas cage is restocked are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
from dataclasses import dataclass
from enum import Enum
from typing import Literal


TODAY = "2031-07-25"  # a Friday
NOW = "14:00"
ARRIVALS_FROM = "12:00"
PEAK = ("2031-07-18", "2031-08-31")  # nights in peak pay the peak rate
LAST_NIGHT = "2031-10-31"
SEASON_START = "2031-03-01"
SEASON_FEE = 2950.0
KWH_PRICE = 0.34
MAX_PEOPLE = 6
MAX_DOGS = 2
PEAK_WEEKEND_MIN_NIGHTS = 3
TAB_LIMITS = (25, 250)
EXTRA_ADULT = 8.0
CHILD = 4.0
VISITOR_CAR = 3.0
OVERNIGHT_VISITOR = 8.0
ZONES = {  # zone -> (name, pitch kind, units taken, longest unit in metres, hook-up amps)
    "A": ("Meadow", "grass_ehu", ("tent", "trailer_tent", "caravan", "campervan"), 7.0, 10),
    "B": ("Orchard", "hardstanding", ("caravan", "motorhome", "campervan"), 8.0, 10),
    "C": ("Cliff Top", "super", ("caravan", "motorhome", "campervan"), 10.0, 16),
    "T": ("Tent Field", "tent", ("tent", "trailer_tent"), 6.0, None),
    "S": ("Seasonal Row", "seasonal", ("caravan",), 8.0, 16),
}
RATES = {  # pitch kind -> (description, standard, peak) for two adults a night
    "tent": ("Tent pitch, grass, no hook-up", 18.0, 26.0),
    "grass_ehu": ("Grass pitch with electric hook-up", 24.0, 34.0),
    "hardstanding": ("Hardstanding pitch with electric hook-up", 28.0, 39.0),
    "super": ("Super pitch: hook-up, water and waste, sea view", 34.0, 46.0),
}

PayMethod = Literal["card", "cash"]
InvoiceMethod = Literal["card", "cash", "bank_transfer"]
GasPayment = Literal["card", "cash", "account"]
Channel = Literal["email", "sms"]
Amps = Literal[10, 16]


class PitchKind(str, Enum):
    TENT = "tent"
    GRASS_EHU = "grass_ehu"
    HARDSTANDING = "hardstanding"
    SUPER = "super"
    SEASONAL = "seasonal"


class Unit(Enum):
    TENT = "tent"
    TRAILER_TENT = "trailer_tent"
    CARAVAN = "caravan"
    MOTORHOME = "motorhome"
    CAMPERVAN = "campervan"


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Ack:
    done: bool
    message: str


@dataclass
class PitchRate:
    kind: str
    description: str
    standard: float
    peak: float


@dataclass
class ExtraRate:
    code: str
    name: str
    per_night: float


@dataclass
class Tariff:
    season: str
    peak: str
    rates_for: str
    pitches: list[PitchRate]
    extra_adult: float
    child: float
    extras: list[ExtraRate]
    seasonal_fee: float
    electricity_per_kwh: float


@dataclass
class GasBottle:
    code: str
    gas: str
    size_kg: int
    exchange_price: float
    new_cylinder_price: float


@dataclass
class GuestRow:
    guest_id: str
    name: str
    postcode: str
    phone: str
    vehicle_reg: str | None


@dataclass
class Guest:
    guest_id: str
    name: str
    phone: str
    email: str | None
    address: str
    postcode: str
    vehicle_reg: str | None


@dataclass
class PitchRow:
    pitch: str
    zone: str
    kind: str
    status: str
    booking_id: str | None
    guest: str | None
    hookup_live: bool


@dataclass
class FreePitch:
    pitch: str
    zone: str
    kind: str
    nightly_from: float


@dataclass
class ExtraLine:
    code: str
    name: str
    quantity: int
    amount: float


@dataclass
class ChargeLine:
    description: str
    amount: float


@dataclass
class PaymentRow:
    receipt_id: str
    amount: float
    method: str


@dataclass
class Booking:
    booking_id: str
    guest_id: str
    guest: str
    pitch: str
    zone: str
    kind: str
    arrive: str
    depart: str
    nights: int
    unit: str
    length_m: float
    adults: int
    children: int
    extras: list[ExtraLine]
    charges: list[ChargeLine]
    payments: list[PaymentRow]
    total: float
    paid: float
    balance: float
    status: str
    vehicle_reg: str | None
    hookup_live: bool


@dataclass
class BookingRow:
    booking_id: str
    pitch: str
    arrive: str
    depart: str
    status: str
    balance: float


@dataclass
class ArrivalRow:
    booking_id: str
    guest_id: str
    guest: str
    pitch: str
    unit: str
    nights: int
    balance: float


@dataclass
class DepartureRow:
    booking_id: str
    guest_id: str
    guest: str
    pitch: str
    balance: float
    shop_balance: float


@dataclass
class Receipt:
    receipt_id: str
    paid_for: str
    amount: float
    method: str
    balance: float


@dataclass
class VisitorPass:
    pass_id: str
    booking_id: str
    pitch: str
    visitor: str
    vehicle_reg: str | None
    overnight: bool
    charge: float


@dataclass
class Hookup:
    booking_id: str
    pitch: str
    amps: int
    live: bool


@dataclass
class WaitingRow:
    position: int
    guest_id: str
    name: str
    caravan: str
    length_m: float
    since: str


@dataclass
class SeasonalPitchRow:
    pitch: str
    status: str
    agreement_id: str | None
    holder: str | None
    caravan: str | None
    meter: int


@dataclass
class InvoiceRow:
    invoice_id: str
    description: str
    amount: float
    paid: float
    balance: float


@dataclass
class ReadingRow:
    day: str
    reading: int
    units: int


@dataclass
class SeasonalAgreement:
    agreement_id: str
    guest_id: str
    holder: str
    pitch: str
    caravan: str
    cris_number: str
    insurance_expires: str
    status: str
    invoices: list[InvoiceRow]
    readings: list[ReadingRow]


@dataclass
class MeterReading:
    agreement_id: str
    pitch: str
    previous: int
    reading: int
    units: int
    amount: float
    invoice_id: str


@dataclass
class ShopCharge:
    charge_id: str
    day: str
    description: str
    amount: float
    status: str


@dataclass
class ShopAccount:
    account_id: str
    guest_id: str
    name: str
    limit: int
    balance: float
    charges: list[ShopCharge]


@dataclass
class GasSale:
    sale_id: str
    guest_id: str
    bottle: str
    description: str
    exchange: bool
    price: float
    method: str


@dataclass
class GuestAccount:
    guest: Guest
    bookings: list[BookingRow]
    waiting_list_position: int | None
    seasonal: SeasonalAgreement | None
    shop_account: ShopAccount | None
    invoices: list[InvoiceRow]


@dataclass
class Message:
    message_id: str
    guest_id: str
    channel: str
    to: str
    text: str


# --------------------------------------------------------------------------- state


class State:
    """Saltings Edge Caravan & Camping Park, Marsh Road, Wendlebury Sands, on Friday 25 July 2031 at 14:00."""

    def __init__(self) -> None:
        self.staff = {
            "kate.r": {"name": "Kate Rowe", "password": "Sea-Pinks-14", "role": "reception"},
            "dave.m": {"name": "Dave Mercer", "password": "Bollard-16A", "role": "warden"},
            "priya.s": {"name": "Priya Shah", "password": "Shop-Float-25", "role": "shop"},
            "alan.h": {"name": "Alan Hext", "password": "Saltings-1979", "role": "manager"},
        }
        self.sessions = {}
        self.extras = {  # code -> name, per night
            "DOG": ("Dog", 3.0), "AWN": ("Awning or porch awning", 3.0), "CAR": ("Second car", 4.0),
            "GAZ": ("Gazebo", 5.0),
        }
        self.pitches = {}
        for zone, count in (("A", 4), ("B", 5), ("C", 3), ("T", 5)):
            for n in range(1, count + 1):
                self.pitches[f"{zone}{n:02d}"] = {"zone": zone, "closed": None}
        self.pitches["T04"]["closed"] = "Waterlogged after Wednesday's storm"
        self.seasonal = {  # seasonal pitch -> meter reading now
            "S01": 21877, "S02": 14210, "S03": 6034, "S04": 8821, "S05": 11950,
        }
        self.gas = {  # code -> gas, size, exchange price, new cylinder price
            "P6": ("Propane", 6, 27.5, 68.0), "P13": ("Propane", 13, 39.0, 84.0), "B7": ("Butane", 7, 30.0, 71.0),
            "B15": ("Butane", 15, 45.5, 92.0), "PAT5": ("Patio gas (propane)", 5, 24.0, 55.0),
        }
        self.gas_stock = {"P6": 4, "P13": 0, "B7": 3, "B15": 2, "PAT5": 2}
        self.guests = {
            "G-20401": {"name": "Mr Colin Henderson", "phone": "07700 900401", "email": "colin.henderson@mail.example",
                        "address": "7 Larch Close, Exbridge", "postcode": "EX9 4LC", "vehicle": "WA18 HND"},
            "G-20408": {"name": "Ms Ruth Ogden", "phone": "07700 900408", "email": None,
                        "address": "Flat 2, 19 Quay Street, Bristowe", "postcode": "BS7 2QS", "vehicle": None},
            "G-20415": {"name": "Mr Tom Blake", "phone": "07700 900415", "email": "tblake@mail.example",
                        "address": "Rose Cottage, Holcombe", "postcode": "TA4 1RC", "vehicle": "WF67 BLK"},
            "G-20422": {"name": "Mrs Sheila Norris", "phone": "07700 900422", "email": "sheila.norris@mail.example",
                        "address": "31 Mount Pleasant, Stoke Ridley", "postcode": "ST6 3MP", "vehicle": "ST20 NRS"},
            "G-20430": {"name": "Mr Gareth Price", "phone": "07700 900430", "email": "gareth.price@mail.example",
                        "address": "2 Heol y Felin, Llanfair", "postcode": "CF8 2HF", "vehicle": "CP19 GRP"},
            "G-20437": {"name": "Mr Dennis Moore", "phone": "07700 900437", "email": "dennis.moore@mail.example",
                        "address": "14 Beacon Road, Tiverly", "postcode": "EX16 5BR", "vehicle": "WK63 DMM"},
            "G-20444": {"name": "Mrs Pauline Ward", "phone": "07700 900444", "email": "pauline.ward@mail.example",
                        "address": "88 Fore Street, Kingsholme", "postcode": "GL2 9FS", "vehicle": "GL16 PWD"},
            "G-20452": {"name": "Mr Raj Patel", "phone": "07700 900452", "email": "raj.patel@mail.example",
                        "address": "5 Cedar Drive, Wolverley", "postcode": "WV5 8CD", "vehicle": "WV21 RJP"},
            "G-20459": {"name": "Ms Jane Fairley", "phone": "07700 900459", "email": None,
                        "address": "40 Orchard Way, Tamford", "postcode": "PE9 1OW", "vehicle": "PE70 JFY"},
            "G-20466": {"name": "Mr Keith Lyle", "phone": "07700 900466", "email": "keith.lyle@mail.example",
                        "address": "9 Ferry Lane, Saltash Down", "postcode": "PL12 6FL", "vehicle": "WG14 KLY"},
            "G-20473": {"name": "Mr Brian Cole", "phone": "07700 900473", "email": "brian.cole@mail.example",
                        "address": "23 Mill Street, Ottery Vale", "postcode": "EX11 1MS", "vehicle": "WJ17 BCL"},
        }

        def booking(guest, pitch, arrive, nights, unit, length, adults, children, status, extras=None, owing=None,
                    paid=None, vehicle=None, hookup=False):
            return {"guest": guest, "pitch": pitch, "arrive": arrive, "nights": nights, "unit": unit, "length": length,
                    "adults": adults, "children": children, "extras": dict(extras or {}), "charges": [],
                    "payments": [], "status": status, "vehicle": vehicle, "hookup": hookup, "owing": owing,
                    "paid": paid, "reason": None}

        self.bookings = {
            "BK-7655": booking("G-20422", "C02", "2031-07-21", 4, "motorhome", 7.8, 2, 0, "arrived", {"CAR": 1},
                               owing=16.0, vehicle="ST20 NRS", hookup=True),
            "BK-7680": booking("G-20430", "B01", "2031-07-23", 5, "caravan", 6.9, 2, 1, "arrived", owing=0.0,
                               vehicle="CP19 GRP", hookup=True),
            "BK-7690": booking("G-20459", "A03", "2031-07-25", 3, "campervan", 5.4, 1, 0, "arrived", owing=0.0,
                               vehicle="PE70 JFY"),
            "BK-7702": booking("G-20401", "B03", "2031-07-25", 7, "caravan", 6.8, 2, 2, "booked", paid=50.0),
            "BK-7706": booking("G-20408", "T04", "2031-07-25", 3, "tent", 4.0, 2, 0, "booked", paid=20.0),
            "BK-7709": booking("G-20415", "A02", "2031-07-25", 4, "caravan", 6.2, 2, 0, "booked", {"GAZ": 1},
                               paid=40.0),
            "BK-7721": booking("G-20452", "C01", "2031-08-15", 7, "motorhome", 7.4, 2, 2, "booked", paid=80.0),
        }
        self.counters = {"session": 1, "guest": 20480, "booking": 7731, "receipt": 7740, "pass": 1183, "sale": 1183,
                         "account": 412, "invoice": 5520, "agreement": 314, "message": 902}
        receipt = 7690
        for bid in sorted(self.bookings):
            b = self.bookings[bid]
            total = _booking_total(self, b)
            amount = b.pop("paid")
            if amount is None:
                amount = _money(total - b.pop("owing"))
            else:
                b.pop("owing")
            b["payments"].append([f"RC-{receipt}", amount, "card"])
            receipt += 1
        self.waiting = [  # guest, caravan, length, since
            ["G-20444", "Swift Challenger 580, 2018", 7.4, "2030-09-02"],
            ["G-20473", "Elddis Avante 454, 2015", 6.6, "2031-01-14"],
        ]
        self.agreements = {
            "SA-0310": {"guest": "G-20466", "pitch": "S01", "caravan": "Bailey Unicorn Seville, 2020",
                        "cris": "SG9BU3SVLKB018822", "insurance": "2032-02-28", "status": "active",
                        "readings": [["2031-03-01", 20960, 0], ["2031-06-30", 21877, 917]], "start": 20960},
            "SA-0311": {"guest": "G-20437", "pitch": "S02", "caravan": "Coachman VIP 565, 2017",
                        "cris": "SG7CM5VIPHA004471", "insurance": "2031-12-31", "status": "active",
                        "readings": [["2031-03-01", 13388, 0], ["2031-06-30", 14210, 822]], "start": 13388},
            "SA-0313": {"guest": "G-20466", "pitch": "S05", "caravan": "Lunar Clubman SB, 2019",
                        "cris": "SG9LN2CSBJA007713", "insurance": "2032-02-28", "status": "ended",
                        "readings": [["2031-03-01", 11950, 0]], "start": 11950},
        }
        self.invoices = {  # id -> guest, agreement, description, amount, paid
            "INV-5501": {"guest": "G-20437", "agreement": "SA-0311", "text": "Seasonal pitch fee S02, 2031 season",
                         "amount": SEASON_FEE, "paid": SEASON_FEE},
            "INV-5503": {"guest": "G-20466", "agreement": "SA-0310", "text": "Seasonal pitch fee S01, 2031 season",
                         "amount": SEASON_FEE, "paid": SEASON_FEE},
            "INV-5512": {"guest": "G-20466", "agreement": "SA-0310", "text": "Electricity S01, 917 kWh to 30 June",
                         "amount": 311.78, "paid": 311.78},
            "INV-5513": {"guest": "G-20437", "agreement": "SA-0311", "text": "Electricity S02, 822 kWh to 30 June",
                         "amount": 279.48, "paid": 0.0},
        }
        self.accounts = {  # shop accounts
            "SH-0411": {"guest": "G-20422", "limit": 100, "charges": [
                ["SH-0411/1", "2031-07-22", "Milk, bread and the Western Gazette", 6.9, "open"],
                ["SH-0411/2", "2031-07-24", "Two crabbing lines and bait", 11.5, "open"]]},
            "SH-0409": {"guest": "G-20437", "limit": 150, "charges": []},
        }
        self.receipts = {}
        self.passes = {}
        self.sales = {}
        self.messages = []


# --------------------------------------------------------------------------- the wrapper


def park_desk(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the manager may do everything), and
    answer ``"Error: ..."`` without calling the tool when they fail."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def call(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.sessions.get(token)
                if who is None:
                    return "Error: not signed in (no session for that token)"
                if roles and who["role"] not in roles and who["role"] != "manager":
                    return f"Error: {who['name']} ({who['role']}) may not do this; it is for {' or '.join(roles)}"
            return await fn(*args, **kwargs)

        return call

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _add_days(day: str, n: int) -> str:
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=n)).isoformat()


def _nights(arrive: str, nights: int) -> list[str]:
    return [_add_days(arrive, k) for k in range(nights)]


def _peak(day: str) -> bool:
    return PEAK[0] <= day <= PEAK[1]


def _kind(pitch: str) -> str:
    return ZONES[pitch[0]][1]


def _pitch_kind(value) -> str | None:
    if value is None:
        return None
    try:
        return value.value if isinstance(value, PitchKind) else PitchKind(value).value
    except ValueError:
        return None


def _unit(value) -> str | None:
    try:
        return value.value if isinstance(value, Unit) else Unit(value).value
    except ValueError:
        return None


def _booking_total(state: State, b: dict) -> float:
    if b["status"] == "cancelled":  # what was kept on cancellation is what it cost
        return _paid(b)
    kind = _kind(b["pitch"])
    total = 0.0
    for night in _nights(b["arrive"], b["nights"]):
        _, standard, peak = RATES[kind]
        total += peak if _peak(night) else standard
        total += max(0, b["adults"] - 2) * EXTRA_ADULT + b["children"] * CHILD
        total += sum(state.extras[c][1] * q for c, q in b["extras"].items())
    total += sum(a for _, a in b["charges"])
    return _money(total)


def _paid(b: dict) -> float:
    return _money(sum(p[1] for p in b["payments"]))


def _depart(b: dict) -> str:
    return _add_days(b["arrive"], b["nights"])


def _booking_reply(state: State, booking_id: str) -> Booking:
    b = state.bookings[booking_id]
    total = _booking_total(state, b)
    extras = [ExtraLine(code=c, name=state.extras[c][0], quantity=q, amount=_money(state.extras[c][1] * q * b["nights"]))
              for c, q in b["extras"].items()]
    return Booking(booking_id=booking_id, guest_id=b["guest"], guest=state.guests[b["guest"]]["name"], pitch=b["pitch"],
                   zone=ZONES[b["pitch"][0]][0], kind=_kind(b["pitch"]), arrive=b["arrive"], depart=_depart(b),
                   nights=b["nights"], unit=b["unit"], length_m=b["length"], adults=b["adults"], children=b["children"],
                   extras=extras, charges=[ChargeLine(description=d, amount=a) for d, a in b["charges"]],
                   payments=[PaymentRow(receipt_id=r, amount=a, method=m) for r, a, m in b["payments"]],
                   total=total, paid=_paid(b), balance=_money(total - _paid(b)), status=b["status"],
                   vehicle_reg=b["vehicle"], hookup_live=b["hookup"])


def _balance(state: State, b: dict) -> float:
    return _money(_booking_total(state, b) - _paid(b))


def _guest_reply(state: State, guest_id: str) -> Guest:
    g = state.guests[guest_id]
    return Guest(guest_id=guest_id, name=g["name"], phone=g["phone"], email=g["email"], address=g["address"],
                 postcode=g["postcode"], vehicle_reg=g["vehicle"])


def _taken(state: State, pitch: str, nights: list[str], skip: str | None = None) -> str | None:
    for bid, b in state.bookings.items():
        if bid == skip or b["pitch"] != pitch or b["status"] not in ("booked", "arrived"):
            continue
        if set(_nights(b["arrive"], b["nights"])) & set(nights):
            return bid
    return None


def _fits(pitch: str, unit: str, length: float) -> str | None:
    name, _, units, longest, _ = ZONES[pitch[0]]
    if unit not in units:
        return (f"the {name} ({pitch[0]} pitches) takes {', '.join(u.replace('_', ' ') + 's' for u in units)} only; "
                f"no {unit.replace('_', ' ')}s")
    if length > longest:
        return f"{name} pitches take units up to {longest:.1f} m long; this {unit.replace('_', ' ')} is {length:.1f} m"
    return None


def _people(b: dict, extra: int = 0) -> int:
    return b["adults"] + b["children"] + extra + sum(1 for c in b["charges"] if c[0].startswith("Overnight visitor"))


def _receipt(state: State, paid_for: str, amount: float, method: str, balance: float) -> Receipt:
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"for": paid_for, "amount": amount, "method": method}
    return Receipt(receipt_id=rid, paid_for=paid_for, amount=amount, method=method, balance=balance)


def _tab_balance(a: dict) -> float:
    return _money(sum(c[3] for c in a["charges"] if c[4] == "open"))


def _tab_reply(state: State, account_id: str) -> ShopAccount:
    a = state.accounts[account_id]
    return ShopAccount(account_id=account_id, guest_id=a["guest"], name=state.guests[a["guest"]]["name"],
                       limit=a["limit"], balance=_tab_balance(a),
                       charges=[ShopCharge(charge_id=c[0], day=c[1], description=c[2], amount=c[3], status=c[4])
                                for c in a["charges"]])


def _tab_of(state: State, guest_id: str) -> str | None:
    return next((aid for aid, a in state.accounts.items() if a["guest"] == guest_id), None)


def _invoice_row(state: State, invoice_id: str) -> InvoiceRow:
    inv = state.invoices[invoice_id]
    return InvoiceRow(invoice_id=invoice_id, description=inv["text"], amount=inv["amount"], paid=_money(inv["paid"]),
                      balance=_money(inv["amount"] - inv["paid"]))


def _agreement_reply(state: State, agreement_id: str) -> SeasonalAgreement:
    s = state.agreements[agreement_id]
    return SeasonalAgreement(agreement_id=agreement_id, guest_id=s["guest"], holder=state.guests[s["guest"]]["name"],
                             pitch=s["pitch"], caravan=s["caravan"], cris_number=s["cris"],
                             insurance_expires=s["insurance"], status=s["status"],
                             invoices=[_invoice_row(state, i) for i, inv in sorted(state.invoices.items())
                                       if inv["agreement"] == agreement_id],
                             readings=[ReadingRow(day=d, reading=r, units=u) for d, r, u in s["readings"]])


def _active_agreement(state: State, guest_id: str) -> str | None:
    return next((aid for aid, s in state.agreements.items() if s["guest"] == guest_id and s["status"] == "active"), None)


def _on_site(state: State, guest_id: str) -> str | None:
    return next((bid for bid, b in state.bookings.items() if b["guest"] == guest_id and b["status"] == "arrived"), None)


# --------------------------------------------------------------------------- sign-in and public lists


@park_desk(public=True)
async def sign_in(state: State, username: str, password: str) -> Session | str:
    """Sign in to the reception system.

    Args:
        username: The staff user name, such as ``kate.r``.
        password: The password.

    Returns:
        The session, whose ``token`` every other call takes.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        return "Error: wrong user name or password"
    token = f"se-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
    return Session(token=token, name=user["name"], role=user["role"])


@park_desk()
async def sign_out(state: State, token: str) -> Ack | str:
    """Sign out and end the session.

    Args:
        token: The session token.

    Returns:
        An acknowledgement.
    """
    who = state.sessions.pop(token)
    return Ack(done=True, message=f"{who['name']} signed out")


@park_desk(public=True)
async def tariff(state: State) -> Tariff:
    """The park's published tariff (public, no sign-in): the nightly rate of each kind of touring pitch
    for two adults, standard and peak, the charges for extra adults and children, the extras charged a
    night (with their codes), the seasonal pitch fee and the electricity price for seasonal pitches.

    Returns:
        The tariff, with pitch rates and extras nested.
    """
    return Tariff(season=f"{SEASON_START} to {LAST_NIGHT}", peak=f"{PEAK[0]} to {PEAK[1]}",
                  rates_for="two adults a night",
                  pitches=[PitchRate(kind=k, description=d, standard=s, peak=p) for k, (d, s, p) in RATES.items()],
                  extra_adult=EXTRA_ADULT, child=CHILD,
                  extras=[ExtraRate(code=c, name=n, per_night=p) for c, (n, p) in state.extras.items()],
                  seasonal_fee=SEASON_FEE, electricity_per_kwh=KWH_PRICE)


@park_desk(public=True)
async def gas_price_list(state: State) -> list[GasBottle]:
    """The gas bottles the park shop sells (public, no sign-in): each bottle's code, gas and size, the
    price of an exchange for an empty of the same kind, and the price of a new cylinder with its
    first fill.

    Returns:
        The bottles, by code.
    """
    return [GasBottle(code=c, gas=g, size_kg=s, exchange_price=e, new_cylinder_price=n)
            for c, (g, s, e, n) in state.gas.items()]


# --------------------------------------------------------------------------- guests


@park_desk()
async def find_guest(state: State, token: str, text: str) -> list[GuestRow] | str:
    """Look guests up by part of a name, a phone number, a postcode or a vehicle registration.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        The guests that match.
    """
    t = text.strip().lower()
    if not t:
        return "Error: say what to look for"
    out = []
    for gid, g in sorted(state.guests.items()):
        hay = " ".join([g["name"], g["phone"], g["postcode"], g["vehicle"] or ""]).lower()
        if t in hay or t.replace(" ", "") in hay.replace(" ", ""):
            out.append(GuestRow(guest_id=gid, name=g["name"], postcode=g["postcode"], phone=g["phone"],
                                vehicle_reg=g["vehicle"]))
    return out


@park_desk("reception")
async def register_guest(state: State, token: str, name: str, phone: str, address: str, postcode: str,
                         email: str | None = None, vehicle_reg: str | None = None) -> Guest | str:
    """Register a new guest.

    Args:
        token: The session token.
        name: The guest's name, with a title.
        phone: A mobile number.
        address: The home address.
        postcode: The home postcode.
        email: An e-mail address, if they give one.
        vehicle_reg: The registration of the car or motorhome they arrive in, for the barrier camera.

    Returns:
        The guest, with the new guest id.
    """
    if not name.strip() or not address.strip() or not postcode.strip():
        return "Error: a guest needs a name, an address and a postcode"
    if email is not None and "@" not in email:
        return f"Error: {email!r} is not an e-mail address"
    for gid, g in state.guests.items():
        if g["phone"].replace(" ", "") == phone.replace(" ", ""):
            return f"Error: {g['name']} is already guest {gid} with that phone number"
    gid = f"G-{_next(state, 'guest')}"
    state.guests[gid] = {"name": name.strip(), "phone": phone.strip(), "email": email.strip() if email else None,
                         "address": address.strip(), "postcode": postcode.strip().upper(),
                         "vehicle": vehicle_reg.strip().upper() if vehicle_reg else None}
    return _guest_reply(state, gid)


@park_desk("reception")
async def update_guest(state: State, token: str, guest_id: str, phone: str | None = None, email: str | None = None,
                       vehicle_reg: str | None = None) -> Guest | str:
    """Change a guest's phone number, e-mail address or vehicle registration. Only what is given is
    changed; nothing to change is refused.

    Args:
        token: The session token.
        guest_id: The guest (``G-.....``).
        phone: A new phone number.
        email: A new e-mail address.
        vehicle_reg: A new vehicle registration.

    Returns:
        The guest as now recorded.
    """
    g = state.guests.get(guest_id)
    if g is None:
        return f"Error: no guest {guest_id}"
    changes = {}
    for key, value in (("phone", phone), ("email", email), ("vehicle", vehicle_reg)):
        if value is not None:
            v = value.strip().upper() if key == "vehicle" else value.strip()
            if v != (g[key] or ""):
                changes[key] = v
    if "email" in changes and "@" not in changes["email"]:
        return f"Error: {email!r} is not an e-mail address"
    if not changes:
        return f"Error: nothing to change; those are already {g['name']}'s details"
    g.update(changes)
    return _guest_reply(state, guest_id)


@park_desk()
async def guest_account(state: State, token: str, guest_id: str) -> GuestAccount | str:
    """A guest's whole account: their details, their bookings, their place on the seasonal waiting
    list, their seasonal agreement, their shop account and their invoices.

    Args:
        token: The session token.
        guest_id: The guest (``G-.....``).

    Returns:
        The account, with bookings, the agreement, the shop account and invoices nested.
    """
    if guest_id not in state.guests:
        return f"Error: no guest {guest_id}"
    bookings = [BookingRow(booking_id=bid, pitch=b["pitch"], arrive=b["arrive"], depart=_depart(b), status=b["status"],
                           balance=_balance(state, b))
                for bid, b in sorted(state.bookings.items()) if b["guest"] == guest_id]
    position = next((k + 1 for k, w in enumerate(state.waiting) if w[0] == guest_id), None)
    agreement = next((aid for aid, s in sorted(state.agreements.items())
                      if s["guest"] == guest_id and s["status"] in ("pending", "active")), None)
    tab = _tab_of(state, guest_id)
    return GuestAccount(guest=_guest_reply(state, guest_id), bookings=bookings, waiting_list_position=position,
                        seasonal=_agreement_reply(state, agreement) if agreement else None,
                        shop_account=_tab_reply(state, tab) if tab else None,
                        invoices=[_invoice_row(state, i) for i, inv in sorted(state.invoices.items())
                                  if inv["guest"] == guest_id])


@park_desk("reception")
async def notify_guest(state: State, token: str, guest_id: str, channel: Channel, message: str) -> Message | str:
    """Send a guest an e-mail or a text from reception.

    Args:
        token: The session token.
        guest_id: The guest (``G-.....``).
        channel: ``email`` or ``sms``.
        message: The text.

    Returns:
        The message as sent.
    """
    g = state.guests.get(guest_id)
    if g is None:
        return f"Error: no guest {guest_id}"
    if not message.strip():
        return "Error: the message is empty"
    if channel == "email":
        if not g["email"]:
            return f"Error: no e-mail address on file for {g['name']}"
        to = g["email"]
    elif channel == "sms":
        to = g["phone"]
    else:
        return f"Error: {channel!r} is not a channel"
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "guest": guest_id, "channel": channel, "to": to, "text": message.strip()})
    return Message(message_id=mid, guest_id=guest_id, channel=channel, to=to, text=message.strip())


# --------------------------------------------------------------------------- pitches


@park_desk()
async def pitch_board(state: State, token: str, kind: PitchKind | None = None) -> list[PitchRow] | str:
    """The pitch board: every touring pitch (or only one kind) with its zone, whether it is free,
    occupied or closed today, the booking and guest on it, and whether its hook-up is live.

    Args:
        token: The session token.
        kind: Only ``tent``, ``grass_ehu``, ``hardstanding`` or ``super`` pitches.

    Returns:
        The pitches, by number.
    """
    want = _pitch_kind(kind)
    if kind is not None and want is None:
        return f"Error: {kind!r} is not a kind of pitch"
    out = []
    for pitch, p in sorted(state.pitches.items()):
        if want and _kind(pitch) != want:
            continue
        here = next((bid for bid, b in sorted(state.bookings.items())
                     if b["pitch"] == pitch and b["status"] == "arrived"), None)
        status = "closed" if p["closed"] else "occupied" if here else "free"
        out.append(PitchRow(pitch=pitch, zone=ZONES[pitch[0]][0], kind=_kind(pitch), status=status, booking_id=here,
                            guest=state.guests[state.bookings[here]["guest"]]["name"] if here else None,
                            hookup_live=bool(here and state.bookings[here]["hookup"])))
    return out


@park_desk()
async def free_pitches(state: State, token: str, arrive: str, nights: int, kind: PitchKind | None = None) -> list[FreePitch] | str:
    """The touring pitches free for every night of a stay (closed pitches are left out).

    Args:
        token: The session token.
        arrive: The arrival day (``YYYY-MM-DD``).
        nights: How many nights.
        kind: Only ``tent``, ``grass_ehu``, ``hardstanding`` or ``super`` pitches.

    Returns:
        The free pitches, by number, with the lowest nightly rate for two adults.
    """
    d = _date(arrive)
    if d is None:
        return f"Error: {arrive!r} is not a date (YYYY-MM-DD)"
    if not 1 <= nights <= 28:
        return "Error: a touring stay is 1 to 28 nights"
    want = _pitch_kind(kind)
    if kind is not None and want is None:
        return f"Error: {kind!r} is not a kind of pitch"
    stay = _nights(d.isoformat(), nights)
    out = []
    for pitch, p in sorted(state.pitches.items()):
        if (want and _kind(pitch) != want) or p["closed"] or _taken(state, pitch, stay):
            continue
        _, standard, peak = RATES[_kind(pitch)]
        out.append(FreePitch(pitch=pitch, zone=ZONES[pitch[0]][0], kind=_kind(pitch),
                             nightly_from=min(peak if _peak(n) else standard for n in stay)))
    return out


@park_desk("warden")
async def close_pitch(state: State, token: str, pitch: str, reason: str) -> PitchRow | str:
    """Close a touring pitch (flooding, a broken bollard, reseeding), so that it cannot be booked or
    arrived on. A pitch with a guest on it cannot be closed.

    Args:
        token: The session token.
        pitch: The pitch number, such as ``B04``.
        reason: Why it is closed.

    Returns:
        The pitch as the board now shows it.
    """
    p = state.pitches.get(pitch)
    if p is None:
        return f"Error: no touring pitch {pitch}"
    if p["closed"]:
        return f"Error: {pitch} is already closed ({p['closed']})"
    if not reason.strip():
        return "Error: give a reason"
    here = next((bid for bid, b in state.bookings.items() if b["pitch"] == pitch and b["status"] == "arrived"), None)
    if here:
        return f"Error: {pitch} has a guest on it ({here}); move them first"
    p["closed"] = reason.strip()
    return PitchRow(pitch=pitch, zone=ZONES[pitch[0]][0], kind=_kind(pitch), status="closed", booking_id=None,
                    guest=None, hookup_live=False)


@park_desk("warden")
async def reopen_pitch(state: State, token: str, pitch: str) -> PitchRow | str:
    """Reopen a closed touring pitch.

    Args:
        token: The session token.
        pitch: The pitch number.

    Returns:
        The pitch as the board now shows it.
    """
    p = state.pitches.get(pitch)
    if p is None:
        return f"Error: no touring pitch {pitch}"
    if not p["closed"]:
        return f"Error: {pitch} is not closed"
    p["closed"] = None
    return PitchRow(pitch=pitch, zone=ZONES[pitch[0]][0], kind=_kind(pitch), status="free", booking_id=None,
                    guest=None, hookup_live=False)


# --------------------------------------------------------------------------- bookings


@park_desk("reception")
async def make_booking(state: State, token: str, guest_id: str, pitch: str, arrive: str, nights: int, unit: Unit,
                       length_m: float, adults: int, children: int = 0) -> Booking | str:
    """Book a touring pitch for a guest.

    Args:
        token: The session token.
        guest_id: The guest (``G-.....``).
        pitch: A free touring pitch.
        arrive: The arrival day (``YYYY-MM-DD``).
        nights: How many nights.
        unit: What they stay in: ``tent``, ``trailer_tent``, ``caravan``, ``motorhome`` or ``campervan``.
        length_m: The unit's length in metres (a caravan's including its A-frame).
        adults: Adults in the party (two are in the pitch rate).
        children: Children aged 3 to 17.

    Returns:
        The booking, with its price.
    """
    if guest_id not in state.guests:
        return f"Error: no guest {guest_id}"
    p = state.pitches.get(pitch)
    if p is None:
        return f"Error: no touring pitch {pitch}"
    if p["closed"]:
        return f"Error: {pitch} is closed ({p['closed']})"
    d = _date(arrive)
    if d is None:
        return f"Error: {arrive!r} is not a date (YYYY-MM-DD)"
    day = d.isoformat()
    u = _unit(unit)
    if u is None:
        return f"Error: {unit!r} is not a kind of unit"
    if day < TODAY:
        return f"Error: {day} has passed"
    if not 1 <= nights <= 28:
        return "Error: a touring stay is 1 to 28 nights"
    if _add_days(day, nights - 1) > LAST_NIGHT:
        return f"Error: the park closes for the winter after the night of {LAST_NIGHT}"
    if _peak(day) and d.weekday() in (4, 5) and nights < PEAK_WEEKEND_MIN_NIGHTS:
        return f"Error: arrivals on a Friday or Saturday in the peak season stay at least {PEAK_WEEKEND_MIN_NIGHTS} nights"
    if adults < 1 or children < 0:
        return "Error: a booking needs at least one adult"
    if adults + children > MAX_PEOPLE:
        return f"Error: no more than {MAX_PEOPLE} people stay on a pitch"
    why = _fits(pitch, u, length_m)
    if why:
        return f"Error: {why}"
    clash = _taken(state, pitch, _nights(day, nights))
    if clash:
        return f"Error: {pitch} is taken on some of those nights ({clash})"
    bid = f"BK-{_next(state, 'booking')}"
    state.bookings[bid] = {"guest": guest_id, "pitch": pitch, "arrive": day, "nights": nights, "unit": u,
                           "length": float(length_m), "adults": adults, "children": children, "extras": {},
                           "charges": [], "payments": [], "status": "booked",
                           "vehicle": state.guests[guest_id]["vehicle"], "hookup": False, "reason": None}
    return _booking_reply(state, bid)


@park_desk()
async def booking_details(state: State, token: str, booking_id: str) -> Booking | str:
    """A booking in full: the pitch, the dates, the unit and party, the extras, charges and payments,
    the total and the balance, its status and whether the hook-up is live.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).

    Returns:
        The booking.
    """
    if booking_id not in state.bookings:
        return f"Error: no booking {booking_id}"
    return _booking_reply(state, booking_id)


@park_desk("reception")
async def add_extra(state: State, token: str, booking_id: str, code: str, quantity: int = 1) -> Booking | str:
    """Add an extra charged a night (a dog, an awning, a second car, a gazebo) to a booking that is
    booked or on site; more of an extra already on the booking is added to it.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).
        code: The extra's code on the tariff.
        quantity: How many.

    Returns:
        The booking, repriced.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] not in ("booked", "arrived"):
        return f"Error: {booking_id} is {b['status']}"
    if code not in state.extras:
        return f"Error: no extra {code!r} on the tariff"
    if quantity < 1:
        return "Error: add at least one"
    if code == "DOG":
        if b["pitch"][0] == "A":
            return "Error: the Meadow is a dog-free area; move the booking to take a dog"
        if b["extras"].get("DOG", 0) + quantity > MAX_DOGS:
            return f"Error: no more than {MAX_DOGS} dogs to a pitch"
    if code in ("AWN", "GAZ") and b["pitch"][0] == "T":
        return "Error: awnings and gazebos are not put up in the Tent Field"
    b["extras"][code] = b["extras"].get(code, 0) + quantity
    return _booking_reply(state, booking_id)


@park_desk("reception")
async def remove_extra(state: State, token: str, booking_id: str, code: str) -> Booking | str:
    """Take an extra off a booking altogether.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).
        code: The extra's code.

    Returns:
        The booking, repriced.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] not in ("booked", "arrived"):
        return f"Error: {booking_id} is {b['status']}"
    if code not in b["extras"]:
        return f"Error: {booking_id} has no {code!r} on it"
    del b["extras"][code]
    return _booking_reply(state, booking_id)


@park_desk("reception")
async def change_party(state: State, token: str, booking_id: str, adults: int, children: int) -> Booking | str:
    """Change how many adults and children are in a booking's party; the same party is refused.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).
        adults: Adults in the party.
        children: Children aged 3 to 17.

    Returns:
        The booking, repriced.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] not in ("booked", "arrived"):
        return f"Error: {booking_id} is {b['status']}"
    if adults < 1 or children < 0:
        return "Error: a booking needs at least one adult"
    if (adults, children) == (b["adults"], b["children"]):
        return f"Error: {booking_id} is already {adults} adults and {children} children"
    staying = adults + children + sum(1 for c in b["charges"] if c[0].startswith("Overnight visitor"))
    if staying > MAX_PEOPLE:
        return f"Error: no more than {MAX_PEOPLE} people stay on a pitch, overnight visitors included"
    b["adults"], b["children"] = adults, children
    return _booking_reply(state, booking_id)


@park_desk("reception")
async def take_payment(state: State, token: str, booking_id: str, amount: float, method: PayMethod) -> Receipt | str:
    """Take a payment towards a booking (a deposit, the balance on arrival, charges before leaving).

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).
        amount: The amount in pounds, up to the balance.
        method: ``card`` or ``cash``.

    Returns:
        The receipt, with the booking's balance left.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] == "cancelled":
        return f"Error: {booking_id} is cancelled"
    if method not in ("card", "cash"):
        return f"Error: {method!r} is not a way to pay at reception"
    balance = _balance(state, b)
    if balance <= 0:
        return f"Error: nothing is owing on {booking_id}"
    if amount <= 0 or _money(amount) > balance:
        return f"Error: the balance on {booking_id} is {balance:.2f}"
    receipt = _receipt(state, booking_id, _money(amount), method, _money(balance - amount))
    b["payments"].append([receipt.receipt_id, _money(amount), method])
    return receipt


@park_desk("reception", "warden")
async def move_pitch(state: State, token: str, booking_id: str, pitch: str) -> Booking | str:
    """Move a booking, or a guest on site, to another pitch free for the rest of the stay; the same
    pitch is refused.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).
        pitch: The pitch to move to.

    Returns:
        The booking on its new pitch, repriced.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] not in ("booked", "arrived"):
        return f"Error: {booking_id} is {b['status']}"
    p = state.pitches.get(pitch)
    if p is None:
        return f"Error: no touring pitch {pitch}"
    if pitch == b["pitch"]:
        return f"Error: {booking_id} is already on {pitch}"
    if p["closed"]:
        return f"Error: {pitch} is closed ({p['closed']})"
    why = _fits(pitch, b["unit"], b["length"])
    if why:
        return f"Error: {why}"
    if pitch[0] == "A" and b["extras"].get("DOG"):
        return "Error: the Meadow is a dog-free area"
    start = max(b["arrive"], TODAY)
    rest = [n for n in _nights(b["arrive"], b["nights"]) if n >= start]
    clash = _taken(state, pitch, rest, skip=booking_id)
    if clash:
        return f"Error: {pitch} is taken on some of those nights ({clash})"
    b["pitch"] = pitch
    if b["hookup"]:
        b["hookup"] = False
    return _booking_reply(state, booking_id)


@park_desk("reception")
async def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> Booking | str:
    """Cancel a booking before arrival. Payments are refunded when the arrival is 28 days or more
    away, and kept otherwise.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).
        reason: Why it is cancelled.

    Returns:
        The cancelled booking.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] != "booked":
        return f"Error: {booking_id} is {b['status']}; only a booking not yet arrived is cancelled"
    if not reason.strip():
        return "Error: give a reason"
    days = (datetime.date.fromisoformat(b["arrive"]) - datetime.date.fromisoformat(TODAY)).days
    if days >= 28:
        for p in list(b["payments"]):
            b["payments"].append([f"{p[0]}-R", -p[1], p[2]])
    b["status"], b["reason"] = "cancelled", reason.strip()
    return _booking_reply(state, booking_id)


@park_desk()
async def arrivals(state: State, token: str, day: str) -> list[ArrivalRow] | str:
    """The bookings still expected to arrive on a day (not yet checked in).

    Args:
        token: The session token.
        day: The day (``YYYY-MM-DD``).

    Returns:
        The arrivals, by booking number, with the balance each owes.
    """
    d = _date(day)
    if d is None:
        return f"Error: {day!r} is not a date (YYYY-MM-DD)"
    return [ArrivalRow(booking_id=bid, guest_id=b["guest"], guest=state.guests[b["guest"]]["name"], pitch=b["pitch"],
                       unit=b["unit"], nights=b["nights"], balance=_balance(state, b))
            for bid, b in sorted(state.bookings.items()) if b["arrive"] == d.isoformat() and b["status"] == "booked"]


@park_desk("reception")
async def check_in(state: State, token: str, booking_id: str, vehicle_reg: str | None = None) -> Booking | str:
    """Check a guest in on their arrival day, with the vehicle the barrier camera should let in. The
    booking must be paid in full and its pitch open.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).
        vehicle_reg: The vehicle they arrived in, if not the one on file.

    Returns:
        The booking, now on site.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] != "booked":
        return f"Error: {booking_id} is {b['status']}"
    if b["arrive"] != TODAY:
        return f"Error: {booking_id} arrives on {b['arrive']}, not today"
    if NOW < ARRIVALS_FROM:
        return f"Error: pitches are ready from {ARRIVALS_FROM}"
    p = state.pitches[b["pitch"]]
    if p["closed"]:
        return f"Error: {b['pitch']} is closed ({p['closed']}); move the booking to an open pitch"
    balance = _balance(state, b)
    if balance > 0:
        return f"Error: {balance:.2f} is owing on {booking_id}; take it before checking in"
    if vehicle_reg:
        b["vehicle"] = vehicle_reg.strip().upper()
    b["status"] = "arrived"
    return _booking_reply(state, booking_id)


@park_desk("reception")
async def extend_stay(state: State, token: str, booking_id: str, nights: int) -> Booking | str:
    """Add nights to the stay of a guest on site, when their pitch is free for them.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).
        nights: How many more nights.

    Returns:
        The booking with its new departure day, repriced.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] != "arrived":
        return f"Error: {booking_id} is not on site ({b['status']}); change the booking instead"
    if nights < 1:
        return "Error: add at least one night"
    more = _nights(_depart(b), nights)
    if more[-1] > LAST_NIGHT:
        return f"Error: the park closes for the winter after the night of {LAST_NIGHT}"
    if b["nights"] + nights > 28:
        return "Error: a touring stay is at most 28 nights"
    clash = _taken(state, b["pitch"], more, skip=booking_id)
    if clash:
        return f"Error: {b['pitch']} is booked from {_depart(b)} ({clash}); move them to stay on"
    b["nights"] += nights
    return _booking_reply(state, booking_id)


@park_desk()
async def departures(state: State, token: str, day: str) -> list[DepartureRow] | str:
    """The guests on site due to leave on a day, with what each owes on the booking and on a shop
    account.

    Args:
        token: The session token.
        day: The day (``YYYY-MM-DD``).

    Returns:
        The departures, by pitch.
    """
    d = _date(day)
    if d is None:
        return f"Error: {day!r} is not a date (YYYY-MM-DD)"
    rows = []
    for bid, b in state.bookings.items():
        if b["status"] == "arrived" and _depart(b) == d.isoformat():
            tab = _tab_of(state, b["guest"])
            rows.append(DepartureRow(booking_id=bid, guest_id=b["guest"], guest=state.guests[b["guest"]]["name"],
                                     pitch=b["pitch"], balance=_balance(state, b),
                                     shop_balance=_tab_balance(state.accounts[tab]) if tab else 0.0))
    return sorted(rows, key=lambda r: r.pitch)


@park_desk("reception")
async def check_out(state: State, token: str, booking_id: str) -> Booking | str:
    """Check a guest out. Nothing may be owing on the booking or on their shop account.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).

    Returns:
        The booking, departed.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] != "arrived":
        return f"Error: {booking_id} is not on site ({b['status']})"
    balance = _balance(state, b)
    if balance > 0:
        return f"Error: {balance:.2f} is still owing on {booking_id}"
    tab = _tab_of(state, b["guest"])
    if tab and _tab_balance(state.accounts[tab]) > 0:
        return f"Error: shop account {tab} has {_tab_balance(state.accounts[tab]):.2f} to settle"
    b["status"], b["hookup"] = "departed", False
    return _booking_reply(state, booking_id)


# --------------------------------------------------------------------------- on site


@park_desk("warden")
async def connect_hookup(state: State, token: str, booking_id: str, amps: Amps) -> Hookup | str:
    """Connect the electric hook-up of a guest on site, once the warden has checked their lead: the
    booking's pitch must have a bollard, and the amps must be the bollard's.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``).
        amps: 10 or 16.

    Returns:
        The hook-up, live.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] != "arrived":
        return f"Error: {booking_id} is not on site ({b['status']})"
    zone = b["pitch"][0]
    bollard = ZONES[zone][4]
    if bollard is None:
        return f"Error: {b['pitch']} has no hook-up"
    if amps != bollard:
        return f"Error: the {ZONES[zone][0]} bollards supply {bollard} A"
    if b["hookup"]:
        return f"Error: the hook-up on {b['pitch']} is already live"
    b["hookup"] = True
    return Hookup(booking_id=booking_id, pitch=b["pitch"], amps=bollard, live=True)


@park_desk("reception")
async def issue_visitor_pass(state: State, token: str, booking_id: str, visitor: str, vehicle_reg: str | None = None,
                             overnight: bool = False) -> VisitorPass | str:
    """Issue a pass to a visitor of a guest on site. A car is charged a day; an overnight visitor is
    charged a night and counts towards the people on the pitch. Charges go on the booking.

    Args:
        token: The session token.
        booking_id: The booking (``BK-....``) of the guest they visit.
        visitor: The visitor's name.
        vehicle_reg: Their car, if they bring one.
        overnight: Whether they stay the night.

    Returns:
        The pass, with its charge.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        return f"Error: no booking {booking_id}"
    if b["status"] != "arrived":
        return f"Error: {booking_id} is not on site ({b['status']}); visitors come to guests on site"
    if not visitor.strip():
        return "Error: give the visitor's name"
    if overnight and _people(b, 1) > MAX_PEOPLE:
        return f"Error: no more than {MAX_PEOPLE} people stay on a pitch, overnight visitors included"
    charge = 0.0
    if vehicle_reg:
        charge += VISITOR_CAR
        b["charges"].append([f"Visitor's car {vehicle_reg.strip().upper()}, {TODAY}", VISITOR_CAR])
    if overnight:
        charge += OVERNIGHT_VISITOR
        b["charges"].append([f"Overnight visitor {visitor.strip()}, {TODAY}", OVERNIGHT_VISITOR])
    pid = f"VP-{_next(state, 'pass')}"
    state.passes[pid] = {"booking": booking_id, "visitor": visitor.strip(), "vehicle": vehicle_reg, "overnight": overnight}
    return VisitorPass(pass_id=pid, booking_id=booking_id, pitch=b["pitch"], visitor=visitor.strip(),
                       vehicle_reg=vehicle_reg.strip().upper() if vehicle_reg else None, overnight=overnight,
                       charge=_money(charge))


# --------------------------------------------------------------------------- seasonal pitches


@park_desk()
async def seasonal_pitches(state: State, token: str) -> list[SeasonalPitchRow] | str:
    """The seasonal pitches: whether each is vacant, pending or let, the agreement and holder, the
    caravan on it and its meter reading now.

    Args:
        token: The session token.

    Returns:
        The seasonal pitches, by number.
    """
    out = []
    for pitch, meter in sorted(state.seasonal.items()):
        aid = next((a for a, s in sorted(state.agreements.items())
                    if s["pitch"] == pitch and s["status"] in ("pending", "active")), None)
        s = state.agreements.get(aid) if aid else None
        out.append(SeasonalPitchRow(pitch=pitch, status=s["status"] if s else "vacant", agreement_id=aid,
                                    holder=state.guests[s["guest"]]["name"] if s else None,
                                    caravan=s["caravan"] if s else None, meter=meter))
    return out


@park_desk()
async def waiting_list(state: State, token: str) -> list[WaitingRow] | str:
    """The waiting list for seasonal pitches, in order.

    Args:
        token: The session token.

    Returns:
        The guests waiting, with their caravans.
    """
    return [WaitingRow(position=k + 1, guest_id=g, name=state.guests[g]["name"], caravan=c, length_m=l, since=s)
            for k, (g, c, l, s) in enumerate(state.waiting)]


@park_desk("reception")
async def add_to_waiting_list(state: State, token: str, guest_id: str, caravan: str, length_m: float) -> WaitingRow | str:
    """Put a guest on the waiting list for a seasonal pitch, with the caravan they would keep on it.

    Args:
        token: The session token.
        guest_id: The guest (``G-.....``).
        caravan: The caravan's make, model and year.
        length_m: Its length in metres, A-frame included.

    Returns:
        The guest's place on the list.
    """
    g = state.guests.get(guest_id)
    if g is None:
        return f"Error: no guest {guest_id}"
    if any(w[0] == guest_id for w in state.waiting):
        return f"Error: {g['name']} is already on the waiting list"
    if _active_agreement(state, guest_id):
        return f"Error: {g['name']} already has a seasonal pitch"
    if not caravan.strip():
        return "Error: describe the caravan"
    if length_m > ZONES["S"][3]:
        return f"Error: seasonal pitches take caravans up to {ZONES['S'][3]:.1f} m"
    state.waiting.append([guest_id, caravan.strip(), float(length_m), TODAY])
    return WaitingRow(position=len(state.waiting), guest_id=guest_id, name=g["name"], caravan=caravan.strip(),
                      length_m=float(length_m), since=TODAY)


@park_desk("reception")
async def start_seasonal(state: State, token: str, guest_id: str, pitch: str, caravan: str, cris_number: str,
                         insurance_expires: str) -> SeasonalAgreement | str:
    """Start a seasonal pitch agreement for a guest on the waiting list, on a vacant seasonal pitch,
    for the rest of the season. The caravan is identified by its CRiS number and must be insured.
    The pitch fee for the rest of the season is invoiced; the agreement is pending until it is paid.

    Args:
        token: The session token.
        guest_id: The guest (``G-.....``).
        pitch: A vacant seasonal pitch.
        caravan: The caravan's make, model and year.
        cris_number: The caravan's CRiS registration number.
        insurance_expires: When the caravan's insurance runs out (``YYYY-MM-DD``).

    Returns:
        The agreement, with its pitch fee invoice nested.
    """
    g = state.guests.get(guest_id)
    if g is None:
        return f"Error: no guest {guest_id}"
    place = next((k for k, w in enumerate(state.waiting) if w[0] == guest_id), None)
    if place is None:
        return f"Error: {g['name']} is not on the seasonal waiting list"
    if pitch not in state.seasonal:
        return f"Error: {pitch} is not a seasonal pitch"
    taken = next((a for a, s in state.agreements.items() if s["pitch"] == pitch and s["status"] in ("pending", "active")),
                 None)
    if taken:
        return f"Error: {pitch} is let ({taken})"
    cris = cris_number.strip().upper().replace(" ", "")
    if len(cris) != 17 or not cris.isalnum():
        return "Error: a CRiS number is the 17 letters and digits etched on the caravan's windows"
    if any(s["cris"] == cris for s in state.agreements.values() if s["status"] in ("pending", "active")):
        return f"Error: caravan {cris} already has a seasonal pitch"
    d = _date(insurance_expires)
    if d is None:
        return f"Error: {insurance_expires!r} is not a date (YYYY-MM-DD)"
    if d.isoformat() < LAST_NIGHT:
        return f"Error: the caravan must be insured to the end of the season, {LAST_NIGHT}"
    aid = f"SA-{_next(state, 'agreement'):04d}"
    state.agreements[aid] = {"guest": guest_id, "pitch": pitch, "caravan": caravan.strip(), "cris": cris,
                             "insurance": d.isoformat(), "status": "pending",
                             "readings": [[TODAY, state.seasonal[pitch], 0]], "start": state.seasonal[pitch]}
    days = (datetime.date.fromisoformat(LAST_NIGHT) - datetime.date.fromisoformat(TODAY)).days + 1
    season = (datetime.date.fromisoformat(LAST_NIGHT) - datetime.date.fromisoformat(SEASON_START)).days + 1
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"guest": guest_id, "agreement": aid, "amount": _money(SEASON_FEE * days / season), "paid": 0.0,
                           "text": f"Seasonal pitch fee {pitch}, {TODAY} to {LAST_NIGHT}"}
    state.waiting.pop(place)
    return _agreement_reply(state, aid)


@park_desk()
async def seasonal_agreement(state: State, token: str, agreement_id: str) -> SeasonalAgreement | str:
    """A seasonal agreement: holder, pitch, caravan, insurance, status, its invoices and its meter
    readings.

    Args:
        token: The session token.
        agreement_id: The agreement (``SA-....``).

    Returns:
        The agreement.
    """
    if agreement_id not in state.agreements:
        return f"Error: no seasonal agreement {agreement_id}"
    return _agreement_reply(state, agreement_id)


@park_desk("reception")
async def pay_invoice(state: State, token: str, invoice_id: str, amount: float, method: InvoiceMethod) -> Receipt | str:
    """Take a payment against a seasonal invoice (the pitch fee or electricity). A pending agreement
    becomes active once its pitch fee is paid in full.

    Args:
        token: The session token.
        invoice_id: The invoice (``INV-....``).
        amount: The amount in pounds, up to the balance.
        method: ``card``, ``cash`` or ``bank_transfer``.

    Returns:
        The receipt, with the invoice's balance left.
    """
    inv = state.invoices.get(invoice_id)
    if inv is None:
        return f"Error: no invoice {invoice_id}"
    if method not in ("card", "cash", "bank_transfer"):
        return f"Error: {method!r} is not a way to pay an invoice"
    balance = _money(inv["amount"] - inv["paid"])
    if balance <= 0:
        return f"Error: {invoice_id} is already paid"
    if amount <= 0 or _money(amount) > balance:
        return f"Error: the balance of {invoice_id} is {balance:.2f}"
    inv["paid"] = _money(inv["paid"] + amount)
    s = state.agreements[inv["agreement"]]
    if s["status"] == "pending" and inv["text"].startswith("Seasonal pitch fee") and inv["paid"] >= inv["amount"]:
        s["status"] = "active"
    return _receipt(state, invoice_id, _money(amount), method, _money(balance - amount))


@park_desk("warden")
async def record_meter_reading(state: State, token: str, agreement_id: str, reading: int) -> MeterReading | str:
    """Record the electricity meter reading of an active seasonal pitch; the units since the last
    reading are invoiced to the holder.

    Args:
        token: The session token.
        agreement_id: The agreement (``SA-....``).
        reading: The meter reading in kWh.

    Returns:
        The reading, with the units used and the invoice raised.
    """
    s = state.agreements.get(agreement_id)
    if s is None:
        return f"Error: no seasonal agreement {agreement_id}"
    if s["status"] != "active":
        return f"Error: {agreement_id} is {s['status']}; readings are billed on an active agreement"
    previous = state.seasonal[s["pitch"]]
    if reading == previous:
        return f"Error: {s['pitch']}'s meter already reads {previous}"
    if reading < previous:
        return f"Error: {s['pitch']}'s meter read {previous} last time; a meter does not run backwards"
    units = reading - previous
    if units > 5000:
        return f"Error: {units} kWh is more than a pitch uses; read the meter again"
    amount = _money(units * KWH_PRICE)
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"guest": s["guest"], "agreement": agreement_id, "amount": amount, "paid": 0.0,
                           "text": f"Electricity {s['pitch']}, {units} kWh to {TODAY}"}
    state.seasonal[s["pitch"]] = reading
    s["readings"].append([TODAY, reading, units])
    return MeterReading(agreement_id=agreement_id, pitch=s["pitch"], previous=previous, reading=reading, units=units,
                        amount=amount, invoice_id=iid)


# --------------------------------------------------------------------------- the shop


@park_desk("warden", "shop")
async def sell_gas(state: State, token: str, guest_id: str, bottle: str, exchange: bool, method: GasPayment) -> GasSale | str:
    """Sell a guest a gas bottle from the cage: an exchange for an empty of the same kind, or a new
    cylinder. Paid by card, in cash, or on the guest's shop account.

    Args:
        token: The session token.
        guest_id: The guest (``G-.....``).
        bottle: The bottle's code on the gas price list.
        exchange: Whether they hand in an empty of the same kind.
        method: ``card``, ``cash`` or ``account``.

    Returns:
        The sale.
    """
    g = state.guests.get(guest_id)
    if g is None:
        return f"Error: no guest {guest_id}"
    gas = state.gas.get(bottle)
    if gas is None:
        return f"Error: no gas bottle {bottle!r}"
    if state.gas_stock[bottle] < 1:
        return f"Error: no full {gas[0]} {gas[1]} kg bottles in the cage until Tuesday's delivery"
    if method not in ("card", "cash", "account"):
        return f"Error: {method!r} is not a way to pay"
    price = gas[2] if exchange else gas[3]
    description = f"{gas[0]} {gas[1]} kg, {'exchange' if exchange else 'new cylinder'}"
    if method == "account":
        tab = _tab_of(state, guest_id)
        if tab is None:
            return f"Error: {g['name']} has no shop account"
        a = state.accounts[tab]
        if _tab_balance(a) + price > a["limit"]:
            return f"Error: that would take shop account {tab} over its limit of {a['limit']}"
        n = len(a["charges"]) + 1
        a["charges"].append([f"{tab}/{n}", TODAY, description, price, "open"])
    state.gas_stock[bottle] -= 1
    sid = f"GS-{_next(state, 'sale')}"
    state.sales[sid] = {"guest": guest_id, "bottle": bottle, "price": price, "method": method}
    return GasSale(sale_id=sid, guest_id=guest_id, bottle=bottle, description=description, exchange=exchange,
                   price=price, method=method)


@park_desk("reception")
async def open_shop_account(state: State, token: str, guest_id: str, limit: int) -> ShopAccount | str:
    """Open a shop account for a guest on site or a seasonal holder, so that they can charge the shop
    and gas to their pitch, with a spending limit in whole pounds.

    Args:
        token: The session token.
        guest_id: The guest (``G-.....``).
        limit: The most the account may owe.

    Returns:
        The shop account.
    """
    g = state.guests.get(guest_id)
    if g is None:
        return f"Error: no guest {guest_id}"
    if _tab_of(state, guest_id):
        return f"Error: {g['name']} already has shop account {_tab_of(state, guest_id)}"
    if not _on_site(state, guest_id) and not _active_agreement(state, guest_id):
        return f"Error: {g['name']} is neither on site nor a seasonal holder"
    if not TAB_LIMITS[0] <= limit <= TAB_LIMITS[1]:
        return f"Error: a shop account limit is {TAB_LIMITS[0]} to {TAB_LIMITS[1]} pounds"
    aid = f"SH-{_next(state, 'account'):04d}"
    state.accounts[aid] = {"guest": guest_id, "limit": limit, "charges": []}
    return _tab_reply(state, aid)


@park_desk("shop")
async def charge_shop_account(state: State, token: str, account_id: str, description: str, amount: float) -> ShopAccount | str:
    """Charge a shop sale to a shop account, within its limit.

    Args:
        token: The session token.
        account_id: The shop account (``SH-....``).
        description: What was bought.
        amount: The amount in pounds.

    Returns:
        The shop account, with its charges.
    """
    a = state.accounts.get(account_id)
    if a is None:
        return f"Error: no shop account {account_id}"
    if not description.strip():
        return "Error: say what was bought"
    if amount <= 0:
        return "Error: the amount must be more than nothing"
    if _tab_balance(a) + amount > a["limit"]:
        return f"Error: that would take {account_id} over its limit of {a['limit']}"
    n = len(a["charges"]) + 1
    a["charges"].append([f"{account_id}/{n}", TODAY, description.strip(), _money(amount), "open"])
    return _tab_reply(state, account_id)


@park_desk("shop")
async def void_shop_charge(state: State, token: str, account_id: str, charge_id: str, reason: str) -> ShopAccount | str:
    """Void a charge put on a shop account by mistake.

    Args:
        token: The session token.
        account_id: The shop account (``SH-....``).
        charge_id: The charge (``SH-..../n``).
        reason: Why it is voided.

    Returns:
        The shop account, with its charges.
    """
    a = state.accounts.get(account_id)
    if a is None:
        return f"Error: no shop account {account_id}"
    c = next((c for c in a["charges"] if c[0] == charge_id), None)
    if c is None:
        return f"Error: {account_id} has no charge {charge_id}"
    if c[4] != "open":
        return f"Error: {charge_id} is already {c[4]}"
    if not reason.strip():
        return "Error: give a reason"
    c[4] = "void"
    return _tab_reply(state, account_id)


@park_desk("reception", "shop")
async def settle_shop_account(state: State, token: str, account_id: str, method: PayMethod) -> Receipt | str:
    """Settle the whole balance of a shop account by card or in cash.

    Args:
        token: The session token.
        account_id: The shop account (``SH-....``).
        method: ``card`` or ``cash``.

    Returns:
        The receipt.
    """
    a = state.accounts.get(account_id)
    if a is None:
        return f"Error: no shop account {account_id}"
    if method not in ("card", "cash"):
        return f"Error: {method!r} is not a way to pay"
    balance = _tab_balance(a)
    if balance <= 0:
        return f"Error: nothing is owing on {account_id}"
    for c in a["charges"]:
        if c[4] == "open":
            c[4] = "settled"
    return _receipt(state, account_id, balance, method, 0.0)


TOOLS = [
    sign_in, sign_out, tariff, gas_price_list, find_guest, register_guest, update_guest, guest_account, notify_guest,
    pitch_board, free_pitches, close_pitch, reopen_pitch, make_booking, booking_details, add_extra, remove_extra,
    change_party, take_payment, move_pitch, cancel_booking, arrivals, check_in, extend_stay, departures, check_out,
    connect_hookup, issue_visitor_pass, seasonal_pitches, waiting_list, add_to_waiting_list, start_seasonal,
    seasonal_agreement, pay_invoice, record_meter_reading, sell_gas, open_shop_account, charge_shop_account,
    void_shop_charge, settle_shop_account,
]

FIXTURES = {
    "park": {"name": "Saltings Edge Caravan & Camping Park, Marsh Road, Wendlebury Sands",
             "today": "Friday 25 July 2031, 14:00: a peak-season changeover day"},
    "staff": [
        {"name": "Kate Rowe", "role": "reception", "username": "kate.r", "password": "Sea-Pinks-14"},
        {"name": "Dave Mercer", "role": "warden", "username": "dave.m", "password": "Bollard-16A"},
        {"name": "Priya Shah", "role": "shop", "username": "priya.s", "password": "Shop-Float-25"},
        {"name": "Alan Hext", "role": "owner and manager", "username": "alan.h", "password": "Saltings-1979"},
    ],
    "walk_in": {"name": "Mr Lewis Carne", "phone": "07700 900618", "address": "22 Tamar View, Launceford",
                "postcode": "PL15 8TV", "vehicle_reg": "WK19 TRX",
                "unit": "caravan, a Bailey Pegasus 7.2 m long with its A-frame",
                "party": "two adults, one child, and a dog", "stay": "five nights from today, on hardstanding",
                "email_later": "lewis.carne@mail.example"},
    "seasonal_enquiry": {"name": "Mrs Anne Tregear", "phone": "07700 900627", "address": "4 Chapel Row, Polwithen",
                         "postcode": "TR13 9CR", "email": "anne.tregear@mail.example",
                         "caravan": "Bailey Unicorn Cadiz, 2019, 7.6 m", "cris_number": "SG9BU4CDZKB012345",
                         "insurance": "insured with Caravan Guard to 30 April 2032",
                         "meter": "the seasonal pitch's meter read 6098 when she moved in"},
    "desk_notes": [
        "Mrs Pauline Ward accepts a seasonal pitch: her Swift Challenger 580 (2018), CRiS SG8SW5CHLJA009917, "
        "is insured to 28 February 2032",
        "Mr Colin Henderson has a new mobile, 07700 900491; his mother-in-law is joining the family, three adults now",
        "Mr Dennis Moore's meter on his seasonal pitch reads 14388 today; he pays his electricity by card",
        "Mr Gareth Price's daughter Cerys visits today in her car, CP22 CRS, and stays the night",
        "Ms Ruth Ogden's tent pitch is under water; she is happy with any other tent pitch",
    ],
}

_TOKEN = "auth: session token (token of sign_in's session)"
PUBLIC = ("sign_in", "tariff", "gas_price_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
GUEST_CONSUMERS = ["update_guest", "guest_account", "notify_guest", "make_booking", "add_to_waiting_list", "sell_gas",
                   "open_shop_account"]
BOOKING_CONSUMERS = ["booking_details", "add_extra", "remove_extra", "change_party", "take_payment", "move_pitch",
                     "cancel_booking", "check_in"]
ON_SITE_CONSUMERS = ["connect_hookup", "issue_visitor_pass", "extend_stay", "check_out"]
PITCH_CONSUMERS = ["close_pitch", "reopen_pitch"]
TAB_CONSUMERS = ["charge_shop_account", "void_shop_charge", "settle_shop_account"]
AGREEMENT_CONSUMERS = ["record_meter_reading", "seasonal_agreement"]
_GUEST = "id lookup/create: guest id (guest_id of register_guest, or of a find_guest row)"
_BOOKING = "id lookup/create: booking id (booking_id of make_booking, or of an arrivals row)"
_ON_SITE = "id lookup: booking id of a guest on site (booking_id of a pitch_board row, or of a departures row)"
_PITCH = "id lookup: pitch number (pitch of a pitch_board row)"
_TAB = "id lookup/create: shop account id (account_id of open_shop_account, or of guest_account's shop_account)"
_AGREEMENT = "id lookup/create: seasonal agreement id (agreement_id of start_seasonal, or of a seasonal_pitches row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_guest|find_guest", c, _GUEST) for c in GUEST_CONSUMERS]
    + [("make_booking|arrivals", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("pitch_board|departures", c, _ON_SITE) for c in ON_SITE_CONSUMERS]
    + [("pitch_board", c, _PITCH) for c in PITCH_CONSUMERS]
    + [("open_shop_account|guest_account", c, _TAB) for c in TAB_CONSUMERS]
    + [("start_seasonal|seasonal_pitches", c, _AGREEMENT) for c in AGREEMENT_CONSUMERS]
    + [
        ("register_guest|find_guest|waiting_list", "start_seasonal",
         "id lookup/create: guest id (guest_id of register_guest, of a find_guest row, or of a waiting_list row)"),
        ("charge_shop_account", "void_shop_charge", "id create: shop charge id (charge_id of charge_shop_account's charges)"),
        ("start_seasonal|record_meter_reading|seasonal_agreement", "pay_invoice",
         "id lookup/create: invoice id (of start_seasonal's invoices, record_meter_reading's invoice_id, or "
         "seasonal_agreement's invoices)"),
        ("free_pitches", "make_booking", "vocabulary: a free pitch (pitch of a free_pitches row)"),
        ("free_pitches", "move_pitch", "vocabulary: a free pitch (pitch of a free_pitches row)"),
        ("tariff", "add_extra", "vocabulary: extra code (code of tariff's extras)"),
        ("tariff", "remove_extra", "vocabulary: extra code (code of tariff's extras)"),
        ("gas_price_list", "sell_gas", "vocabulary: gas bottle code (code of a gas_price_list row)"),
        ("seasonal_pitches", "start_seasonal", "vocabulary: a vacant seasonal pitch (pitch of a seasonal_pitches row)"),
        ("take_payment", "check_in", "state: nothing owing on the booking"),
        ("move_pitch", "check_in", "state: the booking on an open pitch"),
        ("check_in", "connect_hookup", "state: the guest on site"),
        ("check_in", "issue_visitor_pass", "state: the guest on site"),
        ("check_in", "extend_stay", "state: the guest on site"),
        ("check_in|pay_invoice", "open_shop_account", "state: a guest on site, or an active seasonal holder"),
        ("add_extra", "remove_extra", "state: the extra on the booking"),
        ("close_pitch", "reopen_pitch", "state: the pitch closed"),
        ("add_to_waiting_list", "start_seasonal", "state: the guest on the seasonal waiting list"),
        ("pay_invoice", "record_meter_reading", "state: the agreement active (its pitch fee paid)"),
        ("charge_shop_account", "settle_shop_account", "state: something owing on the shop account"),
        ("open_shop_account", "sell_gas", "state: a shop account to charge the gas to"),
        ("update_guest", "notify_guest", "state: an e-mail address on file"),
        ("take_payment", "check_out", "state: nothing owing on the booking"),
        ("settle_shop_account", "check_out", "state: nothing owing on the shop account"),
    ]
)

PLAUSIBLE = {
    ("register_guest", "find_guest"), ("make_booking", "arrivals"), ("make_booking", "free_pitches"),
    ("make_booking", "connect_hookup"), ("make_booking", "issue_visitor_pass"), ("make_booking", "extend_stay"),
    ("make_booking", "check_out"), ("make_booking", "guest_account"), ("check_in", "pitch_board"),
    ("check_in", "departures"), ("check_in", "arrivals"), ("check_out", "pitch_board"), ("check_out", "free_pitches"),
    ("booking_details", "take_payment"), ("departures", "take_payment"), ("pitch_board", "take_payment"),
    ("pitch_board", "booking_details"), ("departures", "booking_details"), ("guest_account", "booking_details"),
    ("guest_account", "take_payment"), ("guest_account", "cancel_booking"), ("guest_account", "check_in"),
    ("guest_account", "add_extra"), ("guest_account", "pay_invoice"), ("guest_account", "check_out"),
    ("guest_account", "record_meter_reading"), ("pitch_board", "make_booking"), ("pitch_board", "move_pitch"),
    ("sell_gas", "settle_shop_account"), ("sell_gas", "guest_account"), ("charge_shop_account", "guest_account"),
    ("open_shop_account", "guest_account"), ("start_seasonal", "seasonal_pitches"), ("start_seasonal", "waiting_list"),
    ("start_seasonal", "guest_account"), ("add_to_waiting_list", "waiting_list"), ("pay_invoice", "seasonal_agreement"),
    ("pay_invoice", "seasonal_pitches"), ("record_meter_reading", "seasonal_agreement"),
    ("record_meter_reading", "seasonal_pitches"), ("close_pitch", "free_pitches"), ("reopen_pitch", "free_pitches"),
    ("close_pitch", "pitch_board"), ("reopen_pitch", "pitch_board"), ("cancel_booking", "free_pitches"),
    ("move_pitch", "free_pitches"), ("extend_stay", "free_pitches"), ("add_extra", "take_payment"),
    ("change_party", "take_payment"), ("extend_stay", "take_payment"), ("issue_visitor_pass", "take_payment"),
    ("extend_stay", "check_out"), ("issue_visitor_pass", "check_out"), ("take_payment", "booking_details"),
    ("connect_hookup", "pitch_board"), ("move_pitch", "connect_hookup"), ("void_shop_charge", "settle_shop_account"),
    ("settle_shop_account", "guest_account"), ("departures", "guest_account"), ("pitch_board", "guest_account"),
    ("departures", "settle_shop_account"), ("change_party", "issue_visitor_pass"), ("add_extra", "check_in"),
    ("change_party", "check_in"), ("seasonal_agreement", "record_meter_reading"),
    ("waiting_list", "add_to_waiting_list"), ("free_pitches", "check_in"), ("check_in", "move_pitch"),
}
