"""Punnet: the office, packing shed, growers' desk and drivers of Longacre Farm Veg Boxes, Hollin Lane, Longacre (37 calls).

Async functions over an in-memory ``State`` of the scheme on Thursday 4 September 2031 at 06:30, a delivery day.
The office signs subscribers up, keeps their details, sets up their direct debits, starts their box subscriptions
on the delivery round that serves their postcode, swaps their box size, moves them to another round, keeps up to
three things they will not have in their box, adds extras (eggs, bread, milk, honey) to a delivery and takes them
off, pauses a subscription for a holiday (a hold) and ends the hold, cancels, takes payments, credits a missed
delivery and writes to subscribers. The growers' desk books the growers' harvests into stock and rejects a lot
that fails the quality check. The packing shed plans each box's contents for a delivery day from what is in
stock, swaps an item for another, reads the packing list and packs a round. The office assigns each round its
driver for the day and sends it out; the driver records each drop as delivered, left in a safe place or failed.
The box range with the extras and the postcode check (which rounds deliver to a postcode, and on what day) are
public.

Every tool is an ``async def`` without a decorator; each checks its session and role itself (``_denied``) and
returns early with its refusal. A refusal is returned as a Stripe-style error object, ``{"error": {"type":
"invalid_request_error", "code": "subscription_paused", "message": "...", "param": "subscription_id"}}``, which
the runtime reads by itself (a dict with a non-empty ``error``; recorded ``rejected``, the message being the
error object's JSON text); the module declares no ``FAILURE``. Replies are ``TypedDict`` records and lists of
them, with records nested in lists (a round sheet's drops, an account's subscriptions and extras, the box range's
boxes and extras, a postcode's rounds, a box plan's items); bare values answer a payment and a credit (the
balance after it); sentences with an id in them answer a hold ended, a subscription cancelled, an extra taken
off, a lot rejected, a message and a sign-out. ``from __future__ import annotations``: every annotation is a
string the runtime resolves in this module (PEP 604 ``X | None``, builtin ``list[str]``), with a ``str``
``Enum`` filter (``SubStatus``), a plain ``Enum`` input (``Frequency``), ``Literal`` inputs (payment method,
channel, drop outcome) and a ``Literal`` filter (the delivery day). numpy docstrings. Ids look alike: subscriber
``SU-4440``, subscription ``SB-9001``, hold ``HL-0318``, mandate ``DD-2060``, extra ``EX-1160``, lot ``LT-7730``,
drop ``DP-7720``, message ``MS-5120``; round ``RD-TH2``; driver ``DV-2``; grower ``GR-07``. The cut-off two days
before a delivery, the longest hold, the most dislikes, that a fruit box holds fruit only, what each grower grows,
how recent a harvest must be, the stock a packed box takes and that only a missed delivery is credited are stated
only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Literal, TypedDict

TODAY = "2031-09-04"  # a Thursday
NOW = "06:30"
CUTOFF_DAYS = 2
MAX_HOLD_DAYS = 56
MAX_DISLIKES = 3
KG_PER_ITEM = 0.5


class SubStatus(str, Enum):
    ACTIVE = "active"
    PAUSED = "paused"
    CANCELLED = "cancelled"


class Frequency(Enum):
    WEEKLY = "weekly"
    FORTNIGHTLY = "fortnightly"


Day = Literal["Thursday", "Friday"]
PayMethod = Literal["card", "bank_transfer"]
Channel = Literal["sms", "email"]
Outcome = Literal["delivered", "left_safe", "failed"]

BOXES = {  # code -> name, price, items
    "VEG-S": ("Small veg box", 13.50, 6),
    "VEG-M": ("Medium veg box", 17.50, 8),
    "VEG-L": ("Large veg box", 22.00, 10),
    "FRUIT-S": ("Small fruit box", 12.00, 4),
    "MIX-M": ("Medium fruit and veg box", 19.50, 8),
}
EXTRAS = {  # code -> name, price
    "EGGS-6": ("Six free-range eggs", 2.80),
    "BREAD-SD": ("Sourdough loaf", 4.20),
    "MILK-2L": ("Two litres of whole milk", 2.10),
    "HONEY": ("Longacre honey, 340 g", 6.50),
}
PRODUCE = {  # code -> name, fruit
    "POTATO": ("Potatoes", False), "CARROT": ("Carrots", False), "ONION": ("Onions", False),
    "LEEK": ("Leeks", False), "CABBAGE": ("Savoy cabbage", False), "KALE": ("Cavolo nero", False),
    "CHARD": ("Rainbow chard", False), "BEET": ("Beetroot", False), "SQUASH": ("Butternut squash", False),
    "COURGETTE": ("Courgettes", False), "TOMATO": ("Tomatoes", False), "RUNNERBEAN": ("Runner beans", False),
    "SWEETCORN": ("Sweetcorn", False), "APPLE": ("Apples", True), "PEAR": ("Pears", True), "PLUM": ("Plums", True),
}
ROUND_DAYS = {"Thursday": 3, "Friday": 4}


class ErrorBody(TypedDict):
    type: str
    code: str
    message: str
    param: str | None


class ErrorReply(TypedDict):
    error: ErrorBody


class Session(TypedDict):
    token: str
    name: str
    role: str
    driver_id: str | None


class BoxRow(TypedDict):
    code: str
    name: str
    price: float
    items: int


class ExtraRow(TypedDict):
    code: str
    name: str
    price: float


class BoxRange(TypedDict):
    boxes: list[BoxRow]
    extras: list[ExtraRow]


class RoundRow(TypedDict):
    round_id: str
    name: str
    day: str
    postcodes: list[str]
    driver_id: str | None


class PostcodeCheck(TypedDict):
    postcode: str
    rounds: list[list]
    first_delivery: str


class SubscriberRow(TypedDict):
    subscriber_id: str
    name: str
    postcode: str
    phone: str


class Subscriber(TypedDict):
    subscriber_id: str
    name: str
    phone: str
    email: str | None
    address: str
    postcode: str
    delivery_note: str | None
    balance: float
    direct_debit: str | None


class Mandate(TypedDict):
    mandate_id: str
    subscriber_id: str
    account_holder: str
    account_ending: str
    status: str


class Subscription(TypedDict):
    subscription_id: str
    subscriber_id: str
    subscriber: str
    box_code: str
    frequency: str
    round_id: str
    day: str
    status: str
    next_delivery: str | None
    dislikes: list[str]


class SubscriptionRow(TypedDict):
    subscription_id: str
    subscriber: str
    box_code: str
    frequency: str
    round_id: str
    status: str


class Account(TypedDict):
    subscriber: Subscriber
    subscriptions: list[list]
    extras: list[list]
    deliveries: list[list]


class Hold(TypedDict):
    hold_id: str
    subscription_id: str
    paused_from: str
    until: str
    deliveries_skipped: list[str]


class Extra(TypedDict):
    extra_id: str
    subscription_id: str
    delivery_date: str
    code: str
    quantity: int
    charge: float


class ProduceRow(TypedDict):
    code: str
    name: str
    fruit: bool


class GrowerRow(TypedDict):
    grower_id: str
    name: str
    organic: bool


class Lot(TypedDict):
    lot_id: str
    grower_id: str
    grower: str
    produce: str
    kg: float
    harvested: str


class StockRow(TypedDict):
    lot_id: str
    produce: str
    grower: str
    kg_left: float
    harvested: str


class BoxPlan(TypedDict):
    box_code: str
    delivery_date: str
    items: list[str]


class PackingList(TypedDict):
    delivery_date: str
    boxes: list[list]
    extras: list[list]
    rounds: list[list]


class Packed(TypedDict):
    round_id: str
    delivery_date: str
    boxes: int
    extras: int
    packed_at: str


class DriverRow(TypedDict):
    driver_id: str
    name: str
    van: str


class RoundRun(TypedDict):
    round_id: str
    delivery_date: str
    driver_id: str | None
    driver: str | None
    packed: bool
    dispatched: bool
    drops: int


class DropRow(TypedDict):
    drop_id: str
    subscriber_id: str
    name: str
    address: str
    box_code: str
    extras: list[str]
    note: str | None
    outcome: str | None


class RoundSheet(TypedDict):
    round_id: str
    delivery_date: str
    driver: str | None
    dispatched: bool
    drops: list[DropRow]


class Drop(TypedDict):
    drop_id: str
    subscriber: str
    outcome: str
    note: str | None


# --------------------------------------------------------------------------- state


def _sub(subscriber: str, box: str, frequency: str, rnd: str, first: str, dislikes: list | None = None,
         status: str = "active") -> dict:
    return {"subscriber": subscriber, "box": box, "frequency": frequency, "round": rnd, "first": first,
            "dislikes": list(dislikes or []), "status": status}


class State:
    """Longacre Farm Veg Boxes on Thursday 4 September 2031 at 06:30."""

    def __init__(self) -> None:
        self.staff = {
            "nell.a": {"name": "Nell Abara", "password": "Beetroot-Lane-5", "role": "office", "driver": None},
            "ravi.s": {"name": "Ravi Sandhu", "password": "Crate-Stack-27", "role": "packing", "driver": None},
            "huw.p": {"name": "Huw Pritchard", "password": "Polytunnel-9", "role": "growers", "driver": None},
            "dot.m": {"name": "Dot Merriman", "password": "Van-Door-63", "role": "driver", "driver": "DV-1"},
            "wes.c": {"name": "Wes Carver", "password": "Cool-Box-40", "role": "driver", "driver": "DV-2"},
            "esme.l": {"name": "Esme Longacre", "password": "Longacre-1952", "role": "manager", "driver": None},
        }
        self.tokens: dict[str, dict] = {}
        self.drivers = {"DV-1": {"name": "Dot Merriman", "van": "Van 1 (LF31 VEG)"},
                        "DV-2": {"name": "Wes Carver", "van": "Van 2 (LF31 BOX)"}}
        self.rounds = {
            "RD-TH1": {"name": "Thursday north", "day": "Thursday", "postcodes": ["LF1", "LF2"]},
            "RD-TH2": {"name": "Thursday town", "day": "Thursday", "postcodes": ["LF3", "LF4"]},
            "RD-FR1": {"name": "Friday villages", "day": "Friday", "postcodes": ["LF4", "LF5", "LF6", "LF7"]},
        }
        self.runs = {  # (round, date) -> driver, packed, dispatched
            "RD-TH1|2031-09-04": {"driver": "DV-1", "packed": False, "dispatched": False},
            "RD-TH2|2031-09-04": {"driver": None, "packed": False, "dispatched": False},
            "RD-FR1|2031-09-05": {"driver": "DV-2", "packed": False, "dispatched": False},
        }
        self.subscribers = {
            "SU-4402": {"name": "Mrs Harriet Coombe", "phone": "07700 900402", "email": "harriet.coombe@mail.example",
                        "address": "3 Mill Cottages, Longacre", "postcode": "LF1 2AB", "note": "Porch, left side",
                        "balance": 0.0, "mandate": "DD-2031"},
            "SU-4410": {"name": "Mr Dev Raman", "phone": "07700 900410", "email": "dev.raman@mail.example",
                        "address": "The Old Forge, Church Lane, Longacre", "postcode": "LF2 5QT", "note": None,
                        "balance": 0.0, "mandate": "DD-2038"},
            "SU-4415": {"name": "Ms Lucy Fairbrother", "phone": "07700 900415", "email": "lucy.fairbrother@mail.example",
                        "address": "22 Station Road, Longacre", "postcode": "LF3 1PL", "note": None, "balance": 0.0,
                        "mandate": "DD-2042"},
            "SU-4419": {"name": "Mr Chidi Okafor", "phone": "07700 900419", "email": "chidi.okafor@mail.example",
                        "address": "8 Kiln Close, Longacre", "postcode": "LF4 7HW", "note": "Side gate, code 1942",
                        "balance": 0.0, "mandate": "DD-2044"},
            "SU-4423": {"name": "Mr Alan Whitlow", "phone": "07700 900423", "email": "alan.whitlow@mail.example",
                        "address": "Rose Cottage, Hollin Green", "postcode": "LF5 3RR", "note": None, "balance": 27.0,
                        "mandate": None},
            "SU-4427": {"name": "Ms Priya Nair", "phone": "07700 900427", "email": "priya.nair@mail.example",
                        "address": "4 The Paddocks, Upper Ashby", "postcode": "LF6 2DN", "note": None,
                        "balance": 0.0, "mandate": "DD-2049"},
            "SU-4431": {"name": "Mrs Jean Halloran", "phone": "07700 900431", "email": None,
                        "address": "51 Tanyard Row, Longacre", "postcode": "LF3 4TT", "note": "Knock loudly",
                        "balance": 0.0, "mandate": "DD-2052"},
            "SU-4436": {"name": "Mr Tom Bright", "phone": "07700 900436", "email": "tom.bright@mail.example",
                        "address": "12 Ferry Lane, Longacre", "postcode": "LF1 9XE", "note": None, "balance": 0.0,
                        "mandate": None},
            "SU-4438": {"name": "Mrs Gwen Tilley", "phone": "07700 900438", "email": "gwen.tilley@mail.example",
                        "address": "Yew Tree Farm, Nether Ashby", "postcode": "LF7 1YT", "note": "Dogs: ring first",
                        "balance": 0.0, "mandate": "DD-2055"},
        }
        self.mandates = {
            "DD-2031": {"subscriber": "SU-4402", "holder": "H Coombe", "ending": "4471", "status": "active"},
            "DD-2038": {"subscriber": "SU-4410", "holder": "D Raman", "ending": "0932", "status": "active"},
            "DD-2042": {"subscriber": "SU-4415", "holder": "L Fairbrother", "ending": "5518", "status": "active"},
            "DD-2044": {"subscriber": "SU-4419", "holder": "C Okafor", "ending": "7306", "status": "active"},
            "DD-2049": {"subscriber": "SU-4427", "holder": "P Nair", "ending": "2284", "status": "active"},
            "DD-2052": {"subscriber": "SU-4431", "holder": "J Halloran", "ending": "6650", "status": "active"},
            "DD-2055": {"subscriber": "SU-4438", "holder": "G Tilley", "ending": "1197", "status": "active"},
            "DD-2027": {"subscriber": "SU-4423", "holder": "A Whitlow", "ending": "8843", "status": "cancelled"},
        }
        self.subscriptions = {
            "SB-8950": _sub("SU-4402", "VEG-M", "weekly", "RD-TH1", "2031-07-03"),
            "SB-8961": _sub("SU-4410", "VEG-L", "fortnightly", "RD-TH1", "2031-08-21"),
            "SB-8970": _sub("SU-4415", "MIX-M", "weekly", "RD-TH2", "2031-07-10", ["BEET"]),
            "SB-8974": _sub("SU-4419", "VEG-L", "weekly", "RD-TH2", "2031-06-26"),
            "SB-8981": _sub("SU-4423", "VEG-S", "weekly", "RD-FR1", "2031-05-09", status="paused"),
            "SB-8985": _sub("SU-4427", "FRUIT-S", "fortnightly", "RD-FR1", "2031-08-29"),
            "SB-8990": _sub("SU-4431", "VEG-S", "weekly", "RD-TH2", "2031-08-14", ["CHARD", "KALE"]),
            "SB-8994": _sub("SU-4438", "VEG-M", "weekly", "RD-FR1", "2031-08-15"),
        }
        self.holds = {
            "HL-0310": {"subscription": "SB-8981", "from": "2031-08-29", "until": "2031-09-18", "ended": None},
        }
        self.extras = {
            "EX-1151": {"subscription": "SB-8950", "date": "2031-09-11", "code": "HONEY", "qty": 1, "removed": False},
            "EX-1154": {"subscription": "SB-8974", "date": "2031-09-04", "code": "EGGS-6", "qty": 2, "removed": False},
        }
        self.growers = {
            "GR-03": {"name": "Hollybank Farm", "organic": True,
                      "grows": ["POTATO", "CARROT", "ONION", "LEEK", "CABBAGE", "KALE"]},
            "GR-05": {"name": "Brook End Orchard", "organic": False, "grows": ["APPLE", "PEAR", "PLUM"]},
            "GR-07": {"name": "Longacre home field", "organic": True,
                      "grows": ["CHARD", "BEET", "SQUASH", "COURGETTE", "TOMATO", "RUNNERBEAN", "SWEETCORN", "KALE"]},
            "GR-09": {"name": "Meadow Lane Growers", "organic": True, "grows": ["COURGETTE", "TOMATO", "SWEETCORN"]},
        }
        self.lots = {
            "LT-7690": {"grower": "GR-03", "produce": "POTATO", "kg": 120.0, "left": 96.0, "harvested": "2031-09-01",
                        "rejected": None},
            "LT-7691": {"grower": "GR-03", "produce": "CARROT", "kg": 60.0, "left": 48.5, "harvested": "2031-09-01",
                        "rejected": None},
            "LT-7692": {"grower": "GR-03", "produce": "ONION", "kg": 50.0, "left": 41.0, "harvested": "2031-08-28",
                        "rejected": None},
            "LT-7694": {"grower": "GR-03", "produce": "LEEK", "kg": 30.0, "left": 22.0, "harvested": "2031-09-02",
                        "rejected": None},
            "LT-7695": {"grower": "GR-03", "produce": "CABBAGE", "kg": 25.0, "left": 18.5, "harvested": "2031-09-02",
                        "rejected": None},
            "LT-7697": {"grower": "GR-07", "produce": "BEET", "kg": 20.0, "left": 14.0, "harvested": "2031-09-02",
                        "rejected": None},
            "LT-7698": {"grower": "GR-07", "produce": "COURGETTE", "kg": 35.0, "left": 26.0, "harvested": "2031-09-03",
                        "rejected": None},
            "LT-7699": {"grower": "GR-09", "produce": "TOMATO", "kg": 40.0, "left": 31.5, "harvested": "2031-09-03",
                        "rejected": None},
            "LT-7701": {"grower": "GR-07", "produce": "RUNNERBEAN", "kg": 18.0, "left": 12.0,
                        "harvested": "2031-09-03", "rejected": None},
            "LT-7702": {"grower": "GR-09", "produce": "SWEETCORN", "kg": 15.0, "left": 11.0, "harvested": "2031-09-03",
                        "rejected": None},
            "LT-7703": {"grower": "GR-05", "produce": "APPLE", "kg": 80.0, "left": 66.0, "harvested": "2031-08-30",
                        "rejected": None},
            "LT-7704": {"grower": "GR-05", "produce": "PEAR", "kg": 40.0, "left": 33.0, "harvested": "2031-08-30",
                        "rejected": None},
            "LT-7705": {"grower": "GR-05", "produce": "PLUM", "kg": 25.0, "left": 19.0, "harvested": "2031-09-01",
                        "rejected": None},
            "LT-7706": {"grower": "GR-07", "produce": "KALE", "kg": 12.0, "left": 9.5, "harvested": "2031-09-03",
                        "rejected": None},
        }
        self.plans = {  # "box|date" -> items
            "VEG-S|2031-09-04": ["POTATO", "CARROT", "ONION", "COURGETTE", "TOMATO", "BEET"],
            "VEG-M|2031-09-04": ["POTATO", "CARROT", "ONION", "COURGETTE", "TOMATO", "BEET", "CABBAGE", "RUNNERBEAN"],
            "VEG-L|2031-09-04": ["POTATO", "CARROT", "ONION", "COURGETTE", "TOMATO", "BEET", "CABBAGE", "RUNNERBEAN",
                                 "LEEK", "SWEETCORN"],
            "FRUIT-S|2031-09-04": ["APPLE", "PEAR", "PLUM", "APPLE"],
        }
        self.drops = {
            "DP-7711": {"round": "RD-TH1", "date": "2031-09-04", "subscription": "SB-8950", "outcome": None,
                        "note": None, "credited": None},
            "DP-7712": {"round": "RD-TH1", "date": "2031-09-04", "subscription": "SB-8961", "outcome": None,
                        "note": None, "credited": None},
            "DP-7714": {"round": "RD-TH2", "date": "2031-09-04", "subscription": "SB-8970", "outcome": None,
                        "note": None, "credited": None},
            "DP-7715": {"round": "RD-TH2", "date": "2031-09-04", "subscription": "SB-8974", "outcome": None,
                        "note": None, "credited": None},
            "DP-7716": {"round": "RD-TH2", "date": "2031-09-04", "subscription": "SB-8990", "outcome": None,
                        "note": None, "credited": None},
            "DP-7718": {"round": "RD-FR1", "date": "2031-09-05", "subscription": "SB-8994", "outcome": None,
                        "note": None, "credited": None},
            "DP-7702": {"round": "RD-TH2", "date": "2031-08-28", "subscription": "SB-8990", "outcome": "failed",
                        "note": "No answer; box would not fit behind the bins", "credited": None},
        }
        self.messages: list[list] = []
        self.counters = {"token": 1, "subscriber": 4440, "subscription": 9001, "hold": 318, "mandate": 2060,
                         "extra": 1160, "lot": 7730, "message": 5120}


# --------------------------------------------------------------------------- errors and helpers


def _error(code: str, message: str, param: str | None = None, kind: str = "invalid_request_error") -> ErrorReply:
    return ErrorReply(error=ErrorBody(type=kind, code=code, message=message, param=param))


def _missing(what: str, key: object, param: str) -> ErrorReply:
    return _error("resource_missing", f"No such {what}: '{key}'", param)


def _denied(state: State, token: str, *roles: str) -> ErrorReply | None:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        return _error("session_invalid", "No valid session for that token; sign in first", "token",
                      "authentication_error")
    if roles and who["role"] not in roles and who["role"] != "manager":
        return _error("role_forbidden", f"{who['name']} ({who['role']}) may not do this; it is for the "
                                        f"{' or '.join(roles)}", None, "permission_error")
    return None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _area(postcode: str) -> str:
    return postcode.strip().upper().split(" ")[0]


def _held(state: State, sid: str, day: datetime.date) -> bool:
    return any(h["subscription"] == sid and not h["ended"] and _date(h["from"]) <= day < _date(h["until"])
               for h in state.holds.values())


def _due(state: State, sid: str, day: datetime.date) -> bool:
    s = state.subscriptions[sid]
    if s["status"] == "cancelled" or day < _date(s["first"]):
        return False
    if day.weekday() != ROUND_DAYS[state.rounds[s["round"]]["day"]]:
        return False
    step = 7 if s["frequency"] == "weekly" else 14
    return (day - _date(s["first"])).days % step == 0 and not _held(state, sid, day)


def _next_delivery(state: State, sid: str) -> str | None:
    day = _date(TODAY)
    for _ in range(120):
        if _due(state, sid, day):
            return day.isoformat()
        day += datetime.timedelta(days=1)
    return None


def _status(state: State, sid: str) -> str:
    s = state.subscriptions[sid]
    if s["status"] == "cancelled":
        return "cancelled"
    if any(h["subscription"] == sid and not h["ended"] and _date(h["until"]) > _date(TODAY)
           and _date(h["from"]) <= _date(TODAY) + datetime.timedelta(days=CUTOFF_DAYS) for h in state.holds.values()):
        return "paused"
    return "active"


def _subscription(state: State, sid: str) -> Subscription:
    s = state.subscriptions[sid]
    return Subscription(subscription_id=sid, subscriber_id=s["subscriber"],
                        subscriber=state.subscribers[s["subscriber"]]["name"], box_code=s["box"],
                        frequency=s["frequency"], round_id=s["round"], day=state.rounds[s["round"]]["day"],
                        status=_status(state, sid), next_delivery=_next_delivery(state, sid),
                        dislikes=list(s["dislikes"]))


def _subscriber(state: State, cid: str) -> Subscriber:
    c = state.subscribers[cid]
    mandate = c["mandate"] if c["mandate"] and state.mandates[c["mandate"]]["status"] == "active" else None
    return Subscriber(subscriber_id=cid, name=c["name"], phone=c["phone"], email=c["email"], address=c["address"],
                      postcode=c["postcode"], delivery_note=c["note"], balance=c["balance"], direct_debit=mandate)


def _after_cutoff(day: datetime.date) -> bool:
    return (day - _date(TODAY)).days >= CUTOFF_DAYS


def _stock(state: State, code: str) -> float:
    return round(sum(lot["left"] for lot in state.lots.values() if lot["produce"] == code and not lot["rejected"]), 2)


def _run(state: State, rid: str, date: str, write: bool = False) -> dict:
    """A round's run on a day (a fresh one, kept only when ``write``: a read leaves the state alone)."""
    key = f"{rid}|{date}"
    if write:
        return state.runs.setdefault(key, {"driver": None, "packed": False, "dispatched": False})
    return state.runs.get(key, {"driver": None, "packed": False, "dispatched": False})


def _round_drops(state: State, rid: str, date: str) -> list[str]:
    return [did for did, d in sorted(state.drops.items()) if d["round"] == rid and d["date"] == date]


def _drop_extras(state: State, d: dict) -> list[str]:
    return [f"{e['qty']} x {e['code']}" for eid, e in sorted(state.extras.items())
            if e["subscription"] == d["subscription"] and e["date"] == d["date"] and not e["removed"]]


def _run_reply(state: State, rid: str, date: str) -> RoundRun:
    run = _run(state, rid, date)
    return RoundRun(round_id=rid, delivery_date=date, driver_id=run["driver"],
                    driver=state.drivers[run["driver"]]["name"] if run["driver"] else None, packed=run["packed"],
                    dispatched=run["dispatched"], drops=len(_round_drops(state, rid, date)))


# --------------------------------------------------------------------------- sign-in and public calls


async def sign_in(state: State, username: str, password: str) -> Session | ErrorReply:
    """Sign in to the scheme's system.

    Parameters
    ----------
    username : str
        The user name, ``nell.a`` for example.
    password : str
        The password.

    Returns
    -------
    Session
        ``token`` (passed to every call but the public ones), ``name``, ``role`` and, for a driver,
        ``driver_id``.
    """
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        return _error("credentials_invalid", "User name or password not recognised", "password",
                      "authentication_error")
    token = f"lf-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username, "name": s["name"], "role": s["role"], "driver": s["driver"]}
    return Session(token=token, name=s["name"], role=s["role"], driver_id=s["driver"])


async def sign_out(state: State, token: str) -> str | ErrorReply:
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
    if (denied := _denied(state, token)) is not None:
        return denied
    who = state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def box_range() -> BoxRange:
    """The boxes and the extras the scheme delivers.

    Returns
    -------
    BoxRange
        ``boxes``: records with the box ``code``, ``name``, ``price`` per delivery and how many ``items`` it
        holds; ``extras``: records with the extra's ``code``, ``name`` and ``price``.
    """
    return BoxRange(boxes=[BoxRow(code=k, name=v[0], price=v[1], items=v[2]) for k, v in BOXES.items()],
                    extras=[ExtraRow(code=k, name=v[0], price=v[1]) for k, v in EXTRAS.items()])


async def check_postcode(state: State, postcode: str) -> PostcodeCheck | ErrorReply:
    """Which delivery rounds serve a postcode.

    Parameters
    ----------
    postcode : str
        The full postcode.

    Returns
    -------
    PostcodeCheck
        The postcode, its ``rounds`` as rows ``[round_id, name, day]`` and the first delivery a new subscriber
        could have on the first of them.
    """
    area = _area(postcode)
    rows = [[rid, r["name"], r["day"]] for rid, r in sorted(state.rounds.items()) if area in r["postcodes"]]
    if not rows:
        return _error("postcode_not_served", f"We do not deliver to {postcode.strip().upper()}", "postcode")
    day = _date(TODAY) + datetime.timedelta(days=CUTOFF_DAYS)
    while day.weekday() != ROUND_DAYS[rows[0][2]]:
        day += datetime.timedelta(days=1)
    return PostcodeCheck(postcode=postcode.strip().upper(), rounds=rows, first_delivery=day.isoformat())


# --------------------------------------------------------------------------- subscribers


async def find_subscriber(state: State, token: str, text: str) -> list[SubscriberRow] | ErrorReply:
    """Find subscribers by part of a name, address, postcode or phone number.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of SubscriberRow
        The matches, by subscriber id.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    needle = text.strip().lower()
    if not needle:
        return _error("parameter_missing", "Give part of a name, address, postcode or phone number", "text")
    return [SubscriberRow(subscriber_id=cid, name=c["name"], postcode=c["postcode"], phone=c["phone"])
            for cid, c in sorted(state.subscribers.items())
            if any(needle in (c[k] or "").lower() for k in ("name", "address", "postcode", "phone"))]


async def sign_up(state: State, token: str, name: str, phone: str, address: str, postcode: str,
                  email: str | None = None) -> Subscriber | ErrorReply:
    """Sign a new subscriber up (before any box is started).

    Parameters
    ----------
    token : str
        The session token (the office).
    name : str
        The subscriber's name.
    phone : str
        A phone number.
    address : str
        The house, street and village.
    postcode : str
        The postcode, which a round must serve.
    email : str, optional
        An e-mail address.

    Returns
    -------
    Subscriber
        The new subscriber, with their id.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    if not name.strip():
        return _error("parameter_missing", "The subscriber's name is required", "name")
    if not any(_area(postcode) in r["postcodes"] for r in state.rounds.values()):
        return _error("postcode_not_served", f"We do not deliver to {postcode.strip().upper()}", "postcode")
    for cid, c in state.subscribers.items():
        if c["phone"] == phone.strip():
            return _error("resource_already_exists", f"{cid} ({c['name']}) has that phone number already", "phone")
    cid = f"SU-{_next(state, 'subscriber')}"
    state.subscribers[cid] = {"name": name.strip(), "phone": phone.strip(), "email": email, "address": address.strip(),
                              "postcode": postcode.strip().upper(), "note": None, "balance": 0.0, "mandate": None}
    return _subscriber(state, cid)


async def update_subscriber(state: State, token: str, subscriber_id: str, phone: str | None = None,
                            email: str | None = None, delivery_note: str | None = None) -> Subscriber | ErrorReply:
    """Change a subscriber's phone number, e-mail address or note for the driver.

    Parameters
    ----------
    token : str
        The session token (the office).
    subscriber_id : str
        The subscriber.
    phone, email, delivery_note : str, optional
        The new values.

    Returns
    -------
    Subscriber
        The subscriber as changed.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    c = state.subscribers.get(subscriber_id)
    if c is None:
        return _missing("subscriber", subscriber_id, "subscriber_id")
    changes = {k: v.strip() for k, v in (("phone", phone), ("email", email), ("note", delivery_note))
               if v is not None and v.strip() != (c[k] or "")}
    if not changes:
        return _error("nothing_to_change", f"{c['name']}'s details are as given already", None)
    c.update(changes)
    return _subscriber(state, subscriber_id)


async def subscriber_account(state: State, token: str, subscriber_id: str) -> Account | ErrorReply:
    """A subscriber's whole account.

    Parameters
    ----------
    token : str
        The session token.
    subscriber_id : str
        The subscriber.

    Returns
    -------
    Account
        The subscriber; their ``subscriptions`` as rows ``[subscription_id, box_code, frequency, round_id,
        status, next_delivery]``; the ``extras`` to come as rows ``[extra_id, subscription_id, delivery_date,
        code, quantity]``; their ``deliveries`` as rows ``[drop_id, date, round_id, outcome]``.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    if subscriber_id not in state.subscribers:
        return _missing("subscriber", subscriber_id, "subscriber_id")
    mine = [sid for sid, s in sorted(state.subscriptions.items()) if s["subscriber"] == subscriber_id]
    return Account(
        subscriber=_subscriber(state, subscriber_id),
        subscriptions=[[sid, state.subscriptions[sid]["box"], state.subscriptions[sid]["frequency"],
                        state.subscriptions[sid]["round"], _status(state, sid), _next_delivery(state, sid)]
                       for sid in mine],
        extras=[[eid, e["subscription"], e["date"], e["code"], e["qty"]] for eid, e in sorted(state.extras.items())
                if e["subscription"] in mine and not e["removed"] and e["date"] >= TODAY],
        deliveries=[[did, d["date"], d["round"], d["outcome"]] for did, d in sorted(state.drops.items())
                    if d["subscription"] in mine])


async def set_up_direct_debit(state: State, token: str, subscriber_id: str, account_holder: str, sort_code: str,
                              account_number: str) -> Mandate | ErrorReply:
    """Set up a subscriber's direct debit mandate, from which their boxes are collected.

    Parameters
    ----------
    token : str
        The session token (the office).
    subscriber_id : str
        The subscriber.
    account_holder : str
        The name on the bank account.
    sort_code : str
        The sort code, ``12-34-56``.
    account_number : str
        The eight-digit account number.

    Returns
    -------
    Mandate
        The mandate, active.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    c = state.subscribers.get(subscriber_id)
    if c is None:
        return _missing("subscriber", subscriber_id, "subscriber_id")
    if c["mandate"] and state.mandates[c["mandate"]]["status"] == "active":
        return _error("mandate_active", f"{c['name']} has an active direct debit already ({c['mandate']})", None)
    digits = sort_code.replace("-", "").replace(" ", "")
    if len(digits) != 6 or not digits.isdigit():
        return _error("parameter_invalid", "A sort code is six digits", "sort_code")
    if len(account_number) != 8 or not account_number.isdigit():
        return _error("parameter_invalid", "An account number is eight digits", "account_number")
    mid = f"DD-{_next(state, 'mandate')}"
    state.mandates[mid] = {"subscriber": subscriber_id, "holder": account_holder.strip(), "ending": account_number[-4:],
                           "status": "active"}
    c["mandate"] = mid
    return Mandate(mandate_id=mid, subscriber_id=subscriber_id, account_holder=account_holder.strip(),
                   account_ending=f"****{account_number[-4:]}", status="active")


async def send_message(state: State, token: str, subscriber_id: str, channel: Channel, text: str) -> str | ErrorReply:
    """Send a subscriber a text message or an e-mail.

    Parameters
    ----------
    token : str
        The session token.
    subscriber_id : str
        The subscriber.
    channel : {"sms", "email"}
        How to send it.
    text : str
        The message.

    Returns
    -------
    str
        A sentence with the message's id.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    c = state.subscribers.get(subscriber_id)
    if c is None:
        return _missing("subscriber", subscriber_id, "subscriber_id")
    if channel not in ("sms", "email"):
        return _error("parameter_invalid", f"No channel '{channel}'", "channel")
    if not text.strip():
        return _error("parameter_missing", "The message is empty", "text")
    if channel == "email" and not c["email"]:
        return _error("email_missing", f"{c['name']} has no e-mail address", "channel")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, subscriber_id, channel, text.strip()])
    return f"Message {mid} sent to {c['name']} by {'text' if channel == 'sms' else 'e-mail'}."


async def take_payment(state: State, token: str, subscriber_id: str, amount: float,
                       method: PayMethod) -> float | ErrorReply:
    """Take a payment on a subscriber's account (arrears, or paying ahead).

    Parameters
    ----------
    token : str
        The session token (the office).
    subscriber_id : str
        The subscriber.
    amount : float
        The amount, in pounds.
    method : {"card", "bank_transfer"}
        How it was paid.

    Returns
    -------
    float
        The balance owed after the payment (negative when the account is in credit).
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    c = state.subscribers.get(subscriber_id)
    if c is None:
        return _missing("subscriber", subscriber_id, "subscriber_id")
    if method not in ("card", "bank_transfer"):
        return _error("parameter_invalid", f"No payment method '{method}'", "method")
    if not 0 < amount <= 500:
        return _error("parameter_invalid", "A payment is more than £0 and at most £500", "amount")
    c["balance"] = round(c["balance"] - amount, 2)
    return c["balance"]


# --------------------------------------------------------------------------- subscriptions


async def start_subscription(state: State, token: str, subscriber_id: str, box_code: str, frequency: Frequency,
                             round_id: str, first_delivery: str) -> Subscription | ErrorReply:
    """Start a box subscription for a subscriber, collected by direct debit.

    Parameters
    ----------
    token : str
        The session token (the office).
    subscriber_id : str
        The subscriber.
    box_code : str
        The box.
    frequency : Frequency
        ``weekly`` or ``fortnightly``.
    round_id : str
        The delivery round, one that serves the subscriber's postcode.
    first_delivery : str
        The first delivery, a day the round runs (``YYYY-MM-DD``).

    Returns
    -------
    Subscription
        The subscription, with its next delivery.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    c = state.subscribers.get(subscriber_id)
    if c is None:
        return _missing("subscriber", subscriber_id, "subscriber_id")
    if box_code not in BOXES:
        return _error("parameter_invalid", f"No box '{box_code}'", "box_code")
    freq = frequency.value if isinstance(frequency, Frequency) else str(frequency)
    if freq not in [f.value for f in Frequency]:
        return _error("parameter_invalid", f"No frequency '{freq}'", "frequency")
    r = state.rounds.get(round_id)
    if r is None:
        return _missing("round", round_id, "round_id")
    if _area(c["postcode"]) not in r["postcodes"]:
        return _error("round_not_serving", f"{r['name']} ({round_id}) does not deliver to {c['postcode']}", "round_id")
    if not c["mandate"] or state.mandates[c["mandate"]]["status"] != "active":
        return _error("mandate_missing", f"{c['name']} has no active direct debit; set one up before a box is "
                                         f"started", "subscriber_id")
    day = _date(first_delivery)
    if day is None:
        return _error("parameter_invalid", f"'{first_delivery}' is not a date (YYYY-MM-DD)", "first_delivery")
    if day.weekday() != ROUND_DAYS[r["day"]]:
        return _error("parameter_invalid", f"{r['name']} runs on {r['day']}s", "first_delivery")
    if not _after_cutoff(day):
        return _error("cutoff_passed", f"Orders for {first_delivery} closed {CUTOFF_DAYS} days before", "first_delivery")
    for sid, s in state.subscriptions.items():
        if s["subscriber"] == subscriber_id and s["box"] == box_code and s["status"] != "cancelled":
            return _error("resource_already_exists", f"{c['name']} has a {box_code} subscription already ({sid})",
                          "box_code")
    sid = f"SB-{_next(state, 'subscription')}"
    state.subscriptions[sid] = _sub(subscriber_id, box_code, freq, round_id, first_delivery)
    return _subscription(state, sid)


async def subscriptions(state: State, token: str, status: SubStatus | None = None,
                        round_id: str | None = None) -> list[SubscriptionRow] | ErrorReply:
    """List subscriptions.

    Parameters
    ----------
    token : str
        The session token.
    status : SubStatus, optional
        Only subscriptions in this status.
    round_id : str, optional
        Only subscriptions on this round.

    Returns
    -------
    list of SubscriptionRow
        The subscriptions, by id.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    want = status.value if isinstance(status, SubStatus) else status
    return [SubscriptionRow(subscription_id=sid, subscriber=state.subscribers[s["subscriber"]]["name"],
                            box_code=s["box"], frequency=s["frequency"], round_id=s["round"],
                            status=_status(state, sid))
            for sid, s in sorted(state.subscriptions.items())
            if (not want or _status(state, sid) == want) and (not round_id or s["round"] == round_id)]


def _live(state: State, subscription_id: str) -> tuple[dict | None, ErrorReply | None]:
    s = state.subscriptions.get(subscription_id)
    if s is None:
        return None, _missing("subscription", subscription_id, "subscription_id")
    if s["status"] == "cancelled":
        return None, _error("subscription_cancelled", f"{subscription_id} is cancelled", "subscription_id")
    return s, None


async def change_box(state: State, token: str, subscription_id: str, box_code: str) -> Subscription | ErrorReply:
    """Swap a subscription to another box, from the next delivery after the cut-off.

    Parameters
    ----------
    token : str
        The session token (the office).
    subscription_id : str
        The subscription.
    box_code : str
        The new box.

    Returns
    -------
    Subscription
        The subscription as changed.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    s, err = _live(state, subscription_id)
    if err:
        return err
    if box_code not in BOXES:
        return _error("parameter_invalid", f"No box '{box_code}'", "box_code")
    if s["box"] == box_code:
        return _error("nothing_to_change", f"{subscription_id} is a {box_code} box already", "box_code")
    s["box"] = box_code
    return _subscription(state, subscription_id)


async def change_round(state: State, token: str, subscription_id: str, round_id: str,
                       first_delivery: str) -> Subscription | ErrorReply:
    """Move a subscription to another round serving the subscriber's postcode (another delivery day).

    Parameters
    ----------
    token : str
        The session token (the office).
    subscription_id : str
        The subscription.
    round_id : str
        The new round.
    first_delivery : str
        The first delivery on the new round, a day it runs.

    Returns
    -------
    Subscription
        The subscription as moved.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    s, err = _live(state, subscription_id)
    if err:
        return err
    r = state.rounds.get(round_id)
    if r is None:
        return _missing("round", round_id, "round_id")
    if s["round"] == round_id:
        return _error("nothing_to_change", f"{subscription_id} is on {round_id} already", "round_id")
    c = state.subscribers[s["subscriber"]]
    if _area(c["postcode"]) not in r["postcodes"]:
        return _error("round_not_serving", f"{r['name']} ({round_id}) does not deliver to {c['postcode']}", "round_id")
    day = _date(first_delivery)
    if day is None or day.weekday() != ROUND_DAYS[r["day"]]:
        return _error("parameter_invalid", f"{r['name']} runs on {r['day']}s", "first_delivery")
    if not _after_cutoff(day):
        return _error("cutoff_passed", f"Orders for {first_delivery} closed {CUTOFF_DAYS} days before", "first_delivery")
    s["round"], s["first"] = round_id, first_delivery
    return _subscription(state, subscription_id)


async def pause_subscription(state: State, token: str, subscription_id: str, from_date: str,
                             until_date: str) -> Hold | ErrorReply:
    """Pause a subscription for a while (a holiday): a hold.

    Parameters
    ----------
    token : str
        The session token (the office).
    subscription_id : str
        The subscription.
    from_date : str
        The first day of the hold.
    until_date : str
        The day deliveries start again.

    Returns
    -------
    Hold
        The hold, with its id and the deliveries it skips.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    s, err = _live(state, subscription_id)
    if err:
        return err
    start, end = _date(from_date), _date(until_date)
    if start is None or end is None or end <= start:
        return _error("parameter_invalid", "Give the first day of the hold and a later day to start again", "until_date")
    if not _after_cutoff(start):
        return _error("cutoff_passed", f"Deliveries before {(_date(TODAY) + datetime.timedelta(days=CUTOFF_DAYS))} "
                                       f"are fixed", "from_date")
    if (end - start).days > MAX_HOLD_DAYS:
        return _error("hold_too_long", f"A hold is at most {MAX_HOLD_DAYS // 7} weeks; cancel instead", "until_date")
    for hid, h in state.holds.items():
        if h["subscription"] == subscription_id and not h["ended"] and _date(h["from"]) < end and start < _date(h["until"]):
            return _error("hold_overlaps", f"{subscription_id} is held from {h['from']} to {h['until']} already ({hid})",
                          "from_date")
    skipped = []
    day = start
    while day < end:
        if _due(state, subscription_id, day):
            skipped.append(day.isoformat())
        day += datetime.timedelta(days=1)
    hid = f"HL-{_next(state, 'hold'):04d}"
    state.holds[hid] = {"subscription": subscription_id, "from": from_date, "until": until_date, "ended": None}
    return Hold(hold_id=hid, subscription_id=subscription_id, paused_from=from_date, until=until_date,
                deliveries_skipped=skipped)


async def resume_subscription(state: State, token: str, hold_id: str) -> str | ErrorReply:
    """End a hold early; deliveries start again from the next one after the cut-off.

    Parameters
    ----------
    token : str
        The session token (the office).
    hold_id : str
        The hold.

    Returns
    -------
    str
        A sentence with the hold ended and the next delivery.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    h = state.holds.get(hold_id)
    if h is None:
        return _missing("hold", hold_id, "hold_id")
    if h["ended"]:
        return _error("hold_ended", f"{hold_id} was ended on {h['ended']}", "hold_id")
    h["ended"] = TODAY
    sid = h["subscription"]
    return f"Hold {hold_id} on {sid} ended; the next box goes out on {_next_delivery(state, sid)}."


async def cancel_subscription(state: State, token: str, subscription_id: str, reason: str) -> str | ErrorReply:
    """Cancel a subscription after the deliveries already fixed by the cut-off.

    Parameters
    ----------
    token : str
        The session token (the office).
    subscription_id : str
        The subscription.
    reason : str
        Why the subscriber is leaving.

    Returns
    -------
    str
        A sentence with the subscription cancelled.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    s, err = _live(state, subscription_id)
    if err:
        return err
    s["status"] = "cancelled"
    return f"Subscription {subscription_id} cancelled ({reason.strip() or 'no reason given'})."


async def set_dislikes(state: State, token: str, subscription_id: str, items: list[str]) -> Subscription | ErrorReply:
    """Set the produce a subscriber will not have in their box; the packers swap it for something else.

    Parameters
    ----------
    token : str
        The session token (the office).
    subscription_id : str
        The subscription.
    items : list of str
        Produce codes (an empty list clears them).

    Returns
    -------
    Subscription
        The subscription with its dislikes.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    s, err = _live(state, subscription_id)
    if err:
        return err
    items = list(dict.fromkeys(items))
    bad = [i for i in items if i not in PRODUCE]
    if bad:
        return _error("parameter_invalid", f"No produce '{bad[0]}'", "items")
    if len(items) > MAX_DISLIKES:
        return _error("too_many_dislikes", f"A box can leave out at most {MAX_DISLIKES} things", "items")
    if sorted(items) == sorted(s["dislikes"]):
        return _error("nothing_to_change", f"{subscription_id} leaves out {', '.join(items) or 'nothing'} already",
                      "items")
    s["dislikes"] = items
    return _subscription(state, subscription_id)


async def add_extra(state: State, token: str, subscription_id: str, code: str, delivery_date: str,
                    quantity: int = 1) -> Extra | ErrorReply:
    """Add an extra to one delivery of a subscription.

    Parameters
    ----------
    token : str
        The session token (the office).
    subscription_id : str
        The subscription.
    code : str
        The extra.
    delivery_date : str
        A delivery of the subscription, after the cut-off.
    quantity : int
        How many (1 to 6).

    Returns
    -------
    Extra
        The extra, with its id and charge.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    s, err = _live(state, subscription_id)
    if err:
        return err
    if code not in EXTRAS:
        return _error("parameter_invalid", f"No extra '{code}'", "code")
    if not 1 <= quantity <= 6:
        return _error("parameter_invalid", "Quantity is 1 to 6", "quantity")
    day = _date(delivery_date)
    if day is None or not _due(state, subscription_id, day):
        return _error("no_delivery", f"{subscription_id} has no delivery on {delivery_date}", "delivery_date")
    if not _after_cutoff(day):
        return _error("cutoff_passed", f"Orders for {delivery_date} closed {CUTOFF_DAYS} days before", "delivery_date")
    eid = f"EX-{_next(state, 'extra')}"
    state.extras[eid] = {"subscription": subscription_id, "date": delivery_date, "code": code, "qty": quantity,
                         "removed": False}
    return Extra(extra_id=eid, subscription_id=subscription_id, delivery_date=delivery_date, code=code,
                 quantity=quantity, charge=round(EXTRAS[code][1] * quantity, 2))


async def remove_extra(state: State, token: str, extra_id: str) -> str | ErrorReply:
    """Take an extra off a delivery, before the cut-off.

    Parameters
    ----------
    token : str
        The session token (the office).
    extra_id : str
        The extra.

    Returns
    -------
    str
        A sentence with the extra taken off.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    e = state.extras.get(extra_id)
    if e is None:
        return _missing("extra", extra_id, "extra_id")
    if e["removed"]:
        return _error("extra_removed", f"{extra_id} was taken off already", "extra_id")
    if not _after_cutoff(_date(e["date"])):
        return _error("cutoff_passed", f"The delivery on {e['date']} is fixed", "extra_id")
    e["removed"] = True
    return f"Extra {extra_id} ({e['qty']} x {e['code']}) taken off the delivery on {e['date']}."


# --------------------------------------------------------------------------- growers and stock


async def produce_list(state: State, token: str) -> list[ProduceRow] | ErrorReply:
    """The produce the scheme packs.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list of ProduceRow
        ``code``, ``name`` and whether it is ``fruit``.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    return [ProduceRow(code=k, name=v[0], fruit=v[1]) for k, v in PRODUCE.items()]


async def growers(state: State, token: str) -> list[GrowerRow] | ErrorReply:
    """The growers who supply the scheme.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list of GrowerRow
        The growers, by id, and whether each is certified organic.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    return [GrowerRow(grower_id=k, name=g["name"], organic=g["organic"]) for k, g in sorted(state.growers.items())]


async def record_harvest(state: State, token: str, grower_id: str, produce: str, kg: float,
                         harvested: str) -> Lot | ErrorReply:
    """Book a grower's harvest into stock as a lot.

    Parameters
    ----------
    token : str
        The session token (the growers' desk).
    grower_id : str
        The grower.
    produce : str
        The produce code.
    kg : float
        The weight delivered.
    harvested : str
        The day it was picked.

    Returns
    -------
    Lot
        The lot, with its id.
    """
    if (denied := _denied(state, token, "growers")) is not None:
        return denied
    g = state.growers.get(grower_id)
    if g is None:
        return _missing("grower", grower_id, "grower_id")
    if produce not in PRODUCE:
        return _error("parameter_invalid", f"No produce '{produce}'", "produce")
    if produce not in g["grows"]:
        return _error("not_grown", f"{g['name']} grows {', '.join(PRODUCE[p][0].lower() for p in g['grows'])}",
                      "produce")
    day = _date(harvested)
    if day is None or day > _date(TODAY) or (_date(TODAY) - day).days > 7:
        return _error("parameter_invalid", "A harvest is booked in within a week of picking", "harvested")
    if not 0 < kg <= 1000:
        return _error("parameter_invalid", "Weight is more than 0 and at most 1000 kg", "kg")
    lid = f"LT-{_next(state, 'lot')}"
    state.lots[lid] = {"grower": grower_id, "produce": produce, "kg": kg, "left": kg, "harvested": harvested,
                       "rejected": None}
    return Lot(lot_id=lid, grower_id=grower_id, grower=g["name"], produce=produce, kg=kg, harvested=harvested)


async def stock(state: State, token: str, produce: str | None = None) -> list[StockRow] | ErrorReply:
    """The lots in stock, or one produce's.

    Parameters
    ----------
    token : str
        The session token.
    produce : str, optional
        Only this produce.

    Returns
    -------
    list of StockRow
        The lots with weight left, by id.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    return [StockRow(lot_id=lid, produce=lot["produce"], grower=state.growers[lot["grower"]]["name"],
                     kg_left=lot["left"], harvested=lot["harvested"])
            for lid, lot in sorted(state.lots.items())
            if not lot["rejected"] and lot["left"] > 0 and (not produce or lot["produce"] == produce)]


async def reject_lot(state: State, token: str, lot_id: str, reason: str) -> str | ErrorReply:
    """Reject a lot that fails the quality check; it leaves stock.

    Parameters
    ----------
    token : str
        The session token (the growers' desk).
    lot_id : str
        The lot.
    reason : str
        What is wrong with it.

    Returns
    -------
    str
        A sentence with the lot rejected.
    """
    if (denied := _denied(state, token, "growers")) is not None:
        return denied
    lot = state.lots.get(lot_id)
    if lot is None:
        return _missing("lot", lot_id, "lot_id")
    if lot["rejected"]:
        return _error("lot_rejected", f"{lot_id} was rejected already", "lot_id")
    if not reason.strip():
        return _error("parameter_missing", "Say what is wrong with it", "reason")
    lot["rejected"] = reason.strip()
    return f"Lot {lot_id} ({lot['left']} kg of {PRODUCE[lot['produce']][0].lower()}) rejected: {reason.strip()}."


# --------------------------------------------------------------------------- packing


async def set_box_contents(state: State, token: str, box_code: str, delivery_date: str,
                           items: list[str]) -> BoxPlan | ErrorReply:
    """Plan what goes in a box for a delivery day, from the produce in stock.

    Parameters
    ----------
    token : str
        The session token (the packing shed).
    box_code : str
        The box.
    delivery_date : str
        The delivery day.
    items : list of str
        Produce codes, one per item (a code twice for a double portion).

    Returns
    -------
    BoxPlan
        The box's contents for the day.
    """
    if (denied := _denied(state, token, "packing")) is not None:
        return denied
    if box_code not in BOXES:
        return _error("parameter_invalid", f"No box '{box_code}'", "box_code")
    if _date(delivery_date) is None or _date(delivery_date) < _date(TODAY):
        return _error("parameter_invalid", f"'{delivery_date}' is not a delivery day to come", "delivery_date")
    bad = [i for i in items if i not in PRODUCE]
    if bad:
        return _error("parameter_invalid", f"No produce '{bad[0]}'", "items")
    if len(items) != BOXES[box_code][2]:
        return _error("wrong_item_count", f"A {BOXES[box_code][0].lower()} holds {BOXES[box_code][2]} items",
                      "items")
    if box_code == "FRUIT-S" and not all(PRODUCE[i][1] for i in items):
        return _error("parameter_invalid", "A fruit box holds fruit only", "items")
    for i in items:
        if _stock(state, i) <= 0:
            return _error("out_of_stock", f"No {PRODUCE[i][0].lower()} in stock; book a harvest in first", "items")
    key = f"{box_code}|{delivery_date}"
    if sorted(state.plans.get(key, [])) == sorted(items):
        return _error("nothing_to_change", f"The {box_code} box for {delivery_date} holds those items already", "items")
    packed = _any_packed_round(state, box_code, delivery_date)
    if packed:
        return _error("already_packed", f"{box_code} boxes for {delivery_date} are packed on {packed}", "box_code")
    state.plans[key] = list(items)
    return BoxPlan(box_code=box_code, delivery_date=delivery_date, items=list(items))


def _any_packed_round(state: State, box_code: str, date: str) -> str | None:
    for did, d in state.drops.items():
        if d["date"] == date and state.subscriptions[d["subscription"]]["box"] == box_code \
                and _run(state, d["round"], date)["packed"]:
            return d["round"]
    return None


async def swap_box_item(state: State, token: str, box_code: str, delivery_date: str, take_out: str,
                        put_in: str) -> BoxPlan | ErrorReply:
    """Swap one item of a planned box for another (a short harvest, say).

    Parameters
    ----------
    token : str
        The session token (the packing shed).
    box_code : str
        The box.
    delivery_date : str
        The delivery day whose plan it is.
    take_out : str
        The produce code to take out.
    put_in : str
        The produce code to put in instead.

    Returns
    -------
    BoxPlan
        The box's contents after the swap.
    """
    if (denied := _denied(state, token, "packing")) is not None:
        return denied
    if box_code not in BOXES:
        return _error("parameter_invalid", f"No box '{box_code}'", "box_code")
    plan = state.plans.get(f"{box_code}|{delivery_date}")
    if plan is None:
        return _error("plan_missing", f"No contents are planned for the {box_code} box on {delivery_date}", "box_code")
    if take_out not in plan:
        return _error("parameter_invalid", f"The {box_code} box for {delivery_date} has no {take_out}", "take_out")
    if put_in not in PRODUCE:
        return _error("parameter_invalid", f"No produce '{put_in}'", "put_in")
    if put_in == take_out:
        return _error("nothing_to_change", "That swaps an item for itself", "put_in")
    if box_code == "FRUIT-S" and not PRODUCE[put_in][1]:
        return _error("parameter_invalid", "A fruit box holds fruit only", "put_in")
    if _stock(state, put_in) <= 0:
        return _error("out_of_stock", f"No {PRODUCE[put_in][0].lower()} in stock; book a harvest in first", "put_in")
    plan[plan.index(take_out)] = put_in
    return BoxPlan(box_code=box_code, delivery_date=delivery_date, items=list(plan))


async def packing_list(state: State, token: str, delivery_date: str) -> PackingList | ErrorReply:
    """What to pack for a delivery day.

    Parameters
    ----------
    token : str
        The session token.
    delivery_date : str
        The delivery day.

    Returns
    -------
    PackingList
        ``boxes`` as rows ``[box_code, count, contents planned]``, ``extras`` as rows ``[code, count]`` and
        ``rounds`` as rows ``[round_id, drops, packed]``.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    boxes: dict[str, int] = {}
    extras: dict[str, int] = {}
    rounds: dict[str, int] = {}
    for did, d in sorted(state.drops.items()):
        if d["date"] != delivery_date:
            continue
        box = state.subscriptions[d["subscription"]]["box"]
        boxes[box] = boxes.get(box, 0) + 1
        rounds[d["round"]] = rounds.get(d["round"], 0) + 1
        for eid, e in state.extras.items():
            if e["subscription"] == d["subscription"] and e["date"] == delivery_date and not e["removed"]:
                extras[e["code"]] = extras.get(e["code"], 0) + e["qty"]
    return PackingList(delivery_date=delivery_date,
                       boxes=[[b, n, f"{b}|{delivery_date}" in state.plans] for b, n in sorted(boxes.items())],
                       extras=[[e, n] for e, n in sorted(extras.items())],
                       rounds=[[r, n, _run(state, r, delivery_date)["packed"]] for r, n in sorted(rounds.items())])


async def pack_round(state: State, token: str, round_id: str, delivery_date: str) -> Packed | ErrorReply:
    """Pack every box and extra of a round for a delivery day; the stock is used up.

    Parameters
    ----------
    token : str
        The session token (the packing shed).
    round_id : str
        The round.
    delivery_date : str
        The delivery day.

    Returns
    -------
    Packed
        How many boxes and extras were packed.
    """
    if (denied := _denied(state, token, "packing")) is not None:
        return denied
    if round_id not in state.rounds:
        return _missing("round", round_id, "round_id")
    run = _run(state, round_id, delivery_date)
    if run["packed"]:
        return _error("already_packed", f"{round_id} for {delivery_date} is packed already", "round_id")
    drops = _round_drops(state, round_id, delivery_date)
    if not drops:
        return _error("no_drops", f"{round_id} has no deliveries on {delivery_date}", "delivery_date")
    need: dict[str, float] = {}
    for did in drops:
        box = state.subscriptions[state.drops[did]["subscription"]]["box"]
        plan = state.plans.get(f"{box}|{delivery_date}")
        if plan is None:
            return _error("plan_missing", f"No contents are planned for the {box} box on {delivery_date}", "round_id")
        for item in plan:
            need[item] = need.get(item, 0) + KG_PER_ITEM
    for item, kg in need.items():
        if _stock(state, item) < kg:
            return _error("out_of_stock", f"{round_id} needs {kg} kg of {PRODUCE[item][0].lower()}; "
                                          f"{_stock(state, item)} kg in stock", "round_id")
    for item, kg in need.items():
        for lot in sorted((lt for lt in state.lots.values() if lt["produce"] == item and not lt["rejected"]),
                          key=lambda lt: lt["harvested"]):
            take = min(lot["left"], kg)
            lot["left"] = round(lot["left"] - take, 2)
            kg = round(kg - take, 2)
            if kg <= 0:
                break
    _run(state, round_id, delivery_date, write=True)["packed"] = True
    extras = sum(len(_drop_extras(state, state.drops[did])) for did in drops)
    return Packed(round_id=round_id, delivery_date=delivery_date, boxes=len(drops), extras=extras, packed_at=NOW)


# --------------------------------------------------------------------------- rounds and drops


async def rounds(state: State, token: str, day: Day | None = None) -> list[RoundRow] | ErrorReply:
    """The delivery rounds, or one day's.

    Parameters
    ----------
    token : str
        The session token.
    day : {"Thursday", "Friday"}, optional
        Only the rounds on this day.

    Returns
    -------
    list of RoundRow
        The rounds, by id, with the postcode areas they serve and this week's driver.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    out = []
    for rid, r in sorted(state.rounds.items()):
        if day and r["day"] != day:
            continue
        date = _date(TODAY)
        while date.weekday() != ROUND_DAYS[r["day"]]:
            date += datetime.timedelta(days=1)
        out.append(RoundRow(round_id=rid, name=r["name"], day=r["day"], postcodes=list(r["postcodes"]),
                            driver_id=_run(state, rid, date.isoformat())["driver"]))
    return out


async def drivers(state: State, token: str) -> list[DriverRow] | ErrorReply:
    """The scheme's drivers and their vans.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list of DriverRow
        The drivers, by id.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    return [DriverRow(driver_id=k, name=d["name"], van=d["van"]) for k, d in sorted(state.drivers.items())]


async def assign_driver(state: State, token: str, round_id: str, delivery_date: str,
                        driver_id: str) -> RoundRun | ErrorReply:
    """Give a round its driver for a delivery day.

    Parameters
    ----------
    token : str
        The session token (the office).
    round_id : str
        The round.
    delivery_date : str
        The delivery day.
    driver_id : str
        The driver.

    Returns
    -------
    RoundRun
        The round's run for the day.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    r = state.rounds.get(round_id)
    if r is None:
        return _missing("round", round_id, "round_id")
    if driver_id not in state.drivers:
        return _missing("driver", driver_id, "driver_id")
    day = _date(delivery_date)
    if day is None or day.weekday() != ROUND_DAYS[r["day"]] or day < _date(TODAY):
        return _error("parameter_invalid", f"{r['name']} runs on {r['day']}s", "delivery_date")
    run = _run(state, round_id, delivery_date)
    if run["dispatched"]:
        return _error("round_dispatched", f"{round_id} has left the yard", "round_id")
    if run["driver"] == driver_id:
        return _error("nothing_to_change", f"{state.drivers[driver_id]['name']} drives {round_id} on {delivery_date} "
                                           f"already", "driver_id")
    _run(state, round_id, delivery_date, write=True)["driver"] = driver_id
    return _run_reply(state, round_id, delivery_date)


async def round_sheet(state: State, token: str, round_id: str, delivery_date: str) -> RoundSheet | ErrorReply:
    """A round's sheet for a delivery day: every drop, in order.

    Parameters
    ----------
    token : str
        The session token.
    round_id : str
        The round.
    delivery_date : str
        The delivery day.

    Returns
    -------
    RoundSheet
        The driver and the ``drops``, each with its id, the subscriber, the address, the box, the extras, the
        note for the driver and the outcome recorded.
    """
    if (denied := _denied(state, token)) is not None:
        return denied
    if round_id not in state.rounds:
        return _missing("round", round_id, "round_id")
    run = _run(state, round_id, delivery_date)
    rows = []
    for did in _round_drops(state, round_id, delivery_date):
        d = state.drops[did]
        s = state.subscriptions[d["subscription"]]
        c = state.subscribers[s["subscriber"]]
        rows.append(DropRow(drop_id=did, subscriber_id=s["subscriber"], name=c["name"],
                            address=f"{c['address']}, {c['postcode']}", box_code=s["box"],
                            extras=_drop_extras(state, d), note=c["note"], outcome=d["outcome"]))
    return RoundSheet(round_id=round_id, delivery_date=delivery_date,
                      driver=state.drivers[run["driver"]]["name"] if run["driver"] else None,
                      dispatched=run["dispatched"], drops=rows)


async def dispatch_round(state: State, token: str, round_id: str, delivery_date: str) -> RoundRun | ErrorReply:
    """Send a round out: the van is loaded and leaves the yard.

    Parameters
    ----------
    token : str
        The session token (the office).
    round_id : str
        The round.
    delivery_date : str
        Today.

    Returns
    -------
    RoundRun
        The round's run, dispatched.
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    if round_id not in state.rounds:
        return _missing("round", round_id, "round_id")
    if delivery_date != TODAY:
        return _error("parameter_invalid", f"A round is sent out on its day; today is {TODAY}", "delivery_date")
    run = _run(state, round_id, delivery_date)
    if run["dispatched"]:
        return _error("round_dispatched", f"{round_id} has left the yard already", "round_id")
    if not run["packed"]:
        return _error("round_not_packed", f"{round_id} for {delivery_date} is not packed", "round_id")
    if not run["driver"]:
        return _error("driver_missing", f"{round_id} has no driver for {delivery_date}", "round_id")
    _run(state, round_id, delivery_date, write=True)["dispatched"] = True
    return _run_reply(state, round_id, delivery_date)


async def record_drop(state: State, token: str, drop_id: str, outcome: Outcome,
                      note: str | None = None) -> Drop | ErrorReply:
    """Record a drop on the round: delivered, left in a safe place, or failed.

    Parameters
    ----------
    token : str
        The session token (the round's driver).
    drop_id : str
        The drop.
    outcome : {"delivered", "left_safe", "failed"}
        What happened.
    note : str, optional
        Where it was left, or why it failed.

    Returns
    -------
    Drop
        The drop as recorded.
    """
    if (denied := _denied(state, token, "driver")) is not None:
        return denied
    d = state.drops.get(drop_id)
    if d is None:
        return _missing("drop", drop_id, "drop_id")
    run = _run(state, d["round"], d["date"])
    if not run["dispatched"]:
        return _error("round_not_dispatched", f"{d['round']} has not left the yard", "drop_id")
    who = state.tokens[token]
    if who["role"] == "driver" and who["driver"] != run["driver"]:
        return _error("not_your_round", f"{d['round']} is driven by {state.drivers[run['driver']]['name']} today",
                      "drop_id", "permission_error")
    if outcome not in ("delivered", "left_safe", "failed"):
        return _error("parameter_invalid", f"No outcome '{outcome}'", "outcome")
    if d["outcome"]:
        return _error("drop_recorded", f"{drop_id} is recorded as {d['outcome']} already", "drop_id")
    if outcome == "failed" and not (note or "").strip():
        return _error("parameter_missing", "Say why the drop failed", "note")
    d["outcome"], d["note"] = outcome, (note or "").strip() or None
    c = state.subscribers[state.subscriptions[d["subscription"]]["subscriber"]]
    return Drop(drop_id=drop_id, subscriber=c["name"], outcome=outcome, note=d["note"])


async def credit_account(state: State, token: str, drop_id: str, amount: float, reason: str) -> float | ErrorReply:
    """Credit a subscriber's account for a missed delivery.

    Parameters
    ----------
    token : str
        The session token (the office).
    drop_id : str
        The failed drop.
    amount : float
        The credit, up to the box's price.
    reason : str
        The reason.

    Returns
    -------
    float
        The subscriber's balance after the credit (negative when in credit).
    """
    if (denied := _denied(state, token, "office")) is not None:
        return denied
    d = state.drops.get(drop_id)
    if d is None:
        return _missing("drop", drop_id, "drop_id")
    if d["outcome"] != "failed":
        return _error("drop_not_failed", f"{drop_id} is {d['outcome'] or 'not yet recorded'}; only a missed delivery "
                                         f"is credited", "drop_id")
    if d["credited"]:
        return _error("drop_credited", f"{drop_id} was credited already", "drop_id")
    s = state.subscriptions[d["subscription"]]
    if not 0 < amount <= BOXES[s["box"]][1]:
        return _error("parameter_invalid", f"A credit is up to the box's price, £{BOXES[s['box']][1]:.2f}", "amount")
    c = state.subscribers[s["subscriber"]]
    c["balance"] = round(c["balance"] - amount, 2)
    d["credited"] = reason.strip() or "credited"
    return c["balance"]


TOOLS = [
    sign_in, sign_out, box_range, check_postcode, find_subscriber, sign_up, update_subscriber, subscriber_account,
    set_up_direct_debit, send_message, take_payment, start_subscription, subscriptions, change_box, change_round,
    pause_subscription, resume_subscription, cancel_subscription, set_dislikes, add_extra, remove_extra,
    produce_list, growers, record_harvest, stock, reject_lot, set_box_contents, swap_box_item, packing_list,
    pack_round, rounds, drivers, assign_driver, round_sheet, dispatch_round, record_drop, credit_account,
]

FIXTURES = {
    "scheme": {"name": "Longacre Farm Veg Boxes, Hollin Lane, Longacre",
               "today": "Thursday 4 September, half past six in the morning (a delivery day)"},
    "staff": [
        {"name": "Nell Abara", "role": "office", "username": "nell.a", "password": "Beetroot-Lane-5"},
        {"name": "Ravi Sandhu", "role": "packing shed", "username": "ravi.s", "password": "Crate-Stack-27"},
        {"name": "Huw Pritchard", "role": "growers' desk", "username": "huw.p", "password": "Polytunnel-9"},
        {"name": "Dot Merriman", "role": "driver", "username": "dot.m", "password": "Van-Door-63"},
        {"name": "Wes Carver", "role": "driver", "username": "wes.c", "password": "Cool-Box-40"},
        {"name": "Esme Longacre", "role": "manager", "username": "esme.l", "password": "Longacre-1952"},
    ],
    "new_subscriber": {"name": "Ms Maisie Garland", "phone": "07700 900450", "email": "maisie.garland@mail.example",
                       "address": "Flat 1, 12 Tanyard Row, Longacre", "postcode": "LF4 6TR",
                       "wants": "a medium veg box every week on the Thursday round from next Thursday, no beetroot",
                       "bank": {"account_holder": "Maisie Garland", "sort_code": "40-11-62",
                                "account_number": "31926819"}},
    "office_notes": [
        "Tom Bright has sent his bank details for a small box every other Thursday",
        "Mr Whitlow rang to pay his arrears by card",
        "Mrs Halloran is going into a care home; cancel her box",
        "Mrs Coombe is away for a fortnight from the 18th",
        "The Okafors would rather have Fridays now",
        "Huw is bringing in the first rainbow chard from the home field",
        "The mixed box for today still needs planning",
        "Thursday town round has no driver yet; Wes is free today",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "box_range", "check_postcode")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
SUBSCRIBER_CONSUMERS = ["update_subscriber", "subscriber_account", "set_up_direct_debit", "start_subscription",
                        "take_payment", "send_message"]
SUBSCRIPTION_CONSUMERS = ["change_box", "change_round", "pause_subscription", "cancel_subscription", "set_dislikes",
                          "add_extra"]
ROUND_CONSUMERS = ["assign_driver", "round_sheet", "pack_round", "dispatch_round"]
BOX_CODE_CONSUMERS = ["start_subscription", "change_box", "set_box_contents", "swap_box_item"]
PRODUCE_CONSUMERS = ["record_harvest", "set_dislikes", "set_box_contents", "swap_box_item"]
_SUBSCRIBER = "id lookup/create: subscriber (subscriber_id of sign_up, or of a find_subscriber row)"
_SUBSCRIPTION = "id lookup/create: subscription (subscription_id of start_subscription, or of a subscriptions row)"
_ROUND = "id lookup: delivery round (round_id of a rounds row)"
_BOX = "vocabulary: box codes (code of box_range's boxes)"
_PRODUCE = "vocabulary: produce codes (code of produce_list rows)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("sign_up|find_subscriber", c, _SUBSCRIBER) for c in SUBSCRIBER_CONSUMERS]
    + [("start_subscription|subscriptions", c, _SUBSCRIPTION) for c in SUBSCRIPTION_CONSUMERS]
    + [("rounds", c, _ROUND) for c in ROUND_CONSUMERS]
    + [("box_range", c, _BOX) for c in BOX_CODE_CONSUMERS]
    + [("produce_list", c, _PRODUCE) for c in PRODUCE_CONSUMERS]
    + [
        ("check_postcode|rounds", "start_subscription",
         "id lookup: delivery round serving the postcode (round_id of a check_postcode rounds row, or of a rounds row)"),
        ("check_postcode|rounds", "change_round",
         "id lookup: delivery round serving the postcode (round_id of a check_postcode rounds row, or of a rounds row)"),
        ("box_range", "add_extra", "vocabulary: extra codes (code of box_range's extras)"),
        ("drivers", "assign_driver", "id lookup: driver (driver_id of a drivers row)"),
        ("round_sheet", "record_drop", "id lookup: drop (drop_id of a round_sheet drop)"),
        ("round_sheet", "credit_account", "id lookup: drop (drop_id of a round_sheet drop)"),
        ("growers", "record_harvest", "id lookup: grower (grower_id of a growers row)"),
        ("record_harvest|stock", "reject_lot", "id lookup/create: lot (lot_id of record_harvest, or of a stock row)"),
        ("add_extra|subscriber_account", "remove_extra",
         "id lookup/create: extra (extra_id of add_extra, or of a subscriber_account extras row)"),
        ("pause_subscription", "resume_subscription", "id create: hold (hold_id of pause_subscription)"),
        ("set_up_direct_debit", "start_subscription", "state: an active direct debit mandate"),
        ("record_harvest", "set_box_contents", "state: every planned item in stock"),
        ("record_harvest", "swap_box_item", "state: the item swapped in, in stock"),
        ("set_box_contents", "swap_box_item", "state: the box's contents planned for the day"),
        ("set_box_contents", "pack_round", "state: the contents of every box on the round planned"),
        ("pack_round", "dispatch_round", "state: the round packed"),
        ("assign_driver", "dispatch_round", "state: the round has its driver"),
        ("dispatch_round", "record_drop", "state: the round out of the yard"),
        ("record_drop", "credit_account", "state: the drop recorded as failed"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_ROUND_USERS = ROUND_CONSUMERS + ["start_subscription", "change_round"]
PLAUSIBLE = (
    # ids shown in other lists and records: a subscriber on a round sheet drop; subscriptions, extras and deliveries
    # on an account; rounds on a postcode check, a subscription, the packing list; produce codes in stock rows and
    # box plans; box codes on the packing list and in subscription rows; a drop on an account
    {("round_sheet", c) for c in SUBSCRIBER_CONSUMERS}
    | {("subscriber_account", c) for c in SUBSCRIPTION_CONSUMERS + ["credit_account"]}
    | {(p, c) for p in ("check_postcode", "subscriptions", "start_subscription", "change_round", "packing_list",
                        "subscriber_account") for c in _ROUND_USERS}
    | {(p, c) for p in ("stock", "set_box_contents", "record_harvest") for c in PRODUCE_CONSUMERS}
    | {(p, c) for p in ("packing_list", "subscriptions", "subscriber_account", "start_subscription")
       for c in BOX_CODE_CONSUMERS}
    | {("start_subscription", "take_payment"), ("start_subscription", "send_message"),
       ("start_subscription", "update_subscriber"), ("start_subscription", "subscriber_account"),
       ("subscriber_account", "remove_extra"), ("stock", "record_harvest"), ("rounds", "credit_account")}
    # one step further along the designed chains
    | {
        ("record_harvest", "pack_round"), ("growers", "set_box_contents"), ("growers", "swap_box_item"),
        ("box_range", "pack_round"), ("produce_list", "pack_round"), ("set_box_contents", "dispatch_round"),
        ("pack_round", "record_drop"), ("assign_driver", "record_drop"), ("drivers", "dispatch_round"),
        ("dispatch_round", "credit_account"), ("round_sheet", "take_payment"),
        ("set_up_direct_debit", "change_box"), ("set_up_direct_debit", "add_extra"),
        ("check_postcode", "change_box"), ("box_range", "change_round"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("sign_up", "find_subscriber"), ("update_subscriber", "find_subscriber"),
        ("update_subscriber", "subscriber_account"), ("update_subscriber", "round_sheet"),
        ("update_subscriber", "send_message"), ("set_up_direct_debit", "subscriber_account"),
        ("start_subscription", "subscriptions"), ("start_subscription", "packing_list"),
        ("change_box", "subscriptions"), ("change_box", "subscriber_account"), ("change_round", "subscriptions"),
        ("change_round", "subscriber_account"), ("pause_subscription", "subscriptions"),
        ("pause_subscription", "subscriber_account"), ("resume_subscription", "subscriptions"),
        ("resume_subscription", "subscriber_account"), ("cancel_subscription", "subscriptions"),
        ("cancel_subscription", "subscriber_account"), ("add_extra", "subscriber_account"),
        ("add_extra", "packing_list"), ("add_extra", "round_sheet"), ("remove_extra", "subscriber_account"),
        ("remove_extra", "packing_list"), ("record_harvest", "stock"), ("reject_lot", "stock"),
        ("set_box_contents", "packing_list"), ("swap_box_item", "packing_list"), ("pack_round", "packing_list"),
        ("pack_round", "stock"), ("assign_driver", "rounds"), ("assign_driver", "round_sheet"),
        ("dispatch_round", "round_sheet"), ("record_drop", "round_sheet"), ("record_drop", "subscriber_account"),
        ("credit_account", "subscriber_account"), ("take_payment", "subscriber_account"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
