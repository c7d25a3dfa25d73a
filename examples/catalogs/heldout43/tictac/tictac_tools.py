"""Tictac: the betting shop, telephone and online accounts system of Marrable Turf Accountants (37 calls).

Coroutines over an in-memory ``State`` of a bookmaker's system on Saturday 12 March 2039 at 12:50, between the first
race at Kelsford and the afternoon's football. The counter in the shop and on the telephone finds and registers
customers, keeps their details, takes deposits and withdrawal requests, places bets on accounts, takes bets over the
counter for cash or card, pays out winning slips, quotes and takes cash-outs, and writes to customers. The trading
room moves prices, suspends and reopens markets, marks races off, records results, settles events, voids bets and
reads its liabilities. The safer gambling team verifies customers' age and identity, sets deposit limits, records its
conversations with customers, takes self-exclusions and source of funds evidence and closes accounts. Payments keeps
cards, approves withdrawals and returns the funds of closed accounts. The manager may do everything and grants free
bets. The sports calendar, the prices and the results are public, as the website shows them.

Every call answers as the firm's payments-style API does, with a result envelope in the style of Authorize.Net's
API: ``{"messages": {"resultCode": "Ok", "message": [{"code": "I00001", "text": "Successful."}]}, ...}`` with what
was asked for beside it, or, for a refusal, ``{"messages": {"resultCode": "Error", "message": [{"code": "E00040",
"text": "no customer 'CU-40299'"}]}}``. The codes: ``E00007`` no session or a wrong password, ``E00011`` the wrong
role, ``E00003`` a bad input, ``E00040`` an unknown id, ``E00039`` a change made already, ``E00027`` a record in the
wrong state, ``E00053`` a rule of the firm's or the Gambling Commission's. ``FAILURE`` (``result_code_errors``) reads
a refusal from ``messages.resultCode``. There is no decorator: every tool is an ``async def`` that checks its own
session and role and answers the refusal it raises inside itself as the error envelope.

Replies are ``TypedDict`` envelopes (``from __future__ import annotations``: every annotation is a string, resolved
by the runtime in this module; PEP 604 unions such as ``BetResponse | ErrorResponse``, builtin ``list[str]``,
``list[list[Any]]``) with records, lists of records, records nested in lists of lists (an event's markets with their
selections as rows, a customer's cards, bets and transactions, a bet's legs, an event's liabilities, a settlement),
bare values (a balance after a deposit or a cash-out, the funds returned) and sentences with an id in them (a bet
voided, a slip paid, a withdrawal approved, a message, a sign-out). Typed inputs: a plain ``Enum`` input
(``InteractionKind``), a ``str`` ``Enum`` input (``BetType``) and a ``str`` ``Enum`` filter (``BetStatus``),
``Literal`` inputs (an ID document, a limit's period, how a shop bet is paid, an exclusion's months) and ``Literal``
filters (sports, withdrawals), ``list[str]`` selections and places. reST docstrings. Ids look alike: customer
``CU-40218``, card ``CD-818``, bet ``BT-90315``, slip ``SS-4471-0094``, cash-out offer ``CO-661``, free bet
``FB-207``, withdrawal ``WD-3302``, conversation ``SG-1142``, message ``MS-5510``; event ``EV-5103``; market
``MK-703``; selection ``SL-7031``. The reasons a bet may be voided, the sources of funds the firm accepts, the rule
that a first deposit waits for a limit, the conversation a limit's increase needs, the threshold for source of funds
and the stake rules are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Any, Literal, TypedDict

TODAY = "2039-03-12"  # a Saturday
NOW = "2039-03-12 12:50"
WEEK_START = "2039-03-07"
MONTH_START = "2039-03-01"
MIN_STAKE = 0.10
MIN_DEPOSIT = 5.00
FREE_BET_LIMIT = 25.00
SOURCE_OF_FUNDS_OVER = 2000.00  # a month's withdrawals above this need source of funds evidence
VOID_REASONS = ("event_abandoned", "late_bet", "non_runner", "palpable_error")
FUNDS_SOURCES = ("business_income", "inheritance", "pension", "property_sale", "salary", "savings")
CASH_OUT_MARGIN = 0.90
ROLE_NAMES = {"counter": "the counter", "trader": "the trading room", "safer": "the safer gambling team",
              "payments": "payments", "manager": "the manager"}


class InteractionKind(Enum):
    AFFORDABILITY = "affordability"
    MARKERS_OF_HARM = "markers_of_harm"
    WELLBEING_CALL = "wellbeing_call"


class BetType(str, Enum):
    SINGLE = "single"
    EACH_WAY = "each_way"
    DOUBLE = "double"
    TREBLE = "treble"


class BetStatus(str, Enum):
    OPEN = "open"
    WON = "won"
    PLACED = "placed"
    LOST = "lost"
    VOID = "void"
    CASHED_OUT = "cashed_out"


IdDocument = Literal["passport", "driving_licence", "national_id_card"]
LimitPeriod = Literal["daily", "weekly", "monthly"]
ShopPayment = Literal["cash", "card"]
ExclusionMonths = Literal[6, 12, 60]
Sport = Literal["horse_racing", "football"]
WithdrawalState = Literal["pending", "approved"]


class Message(TypedDict):
    code: str
    text: str


class Messages(TypedDict):
    resultCode: str
    message: list[Message]


class ErrorResponse(TypedDict):
    messages: Messages


class Session(TypedDict):
    token: str
    name: str
    role: str


class SessionResponse(TypedDict):
    messages: Messages
    session: Session


class TextResponse(TypedDict):
    messages: Messages
    text: str


class AmountResponse(TypedDict):
    messages: Messages
    amount: float


class RowsResponse(TypedDict):
    messages: Messages
    rows: list[list[Any]]


class Event(TypedDict):
    eventId: str
    sport: str
    name: str
    start: str
    stage: str


class EventsResponse(TypedDict):
    messages: Messages
    events: list[Event]


class Market(TypedDict):
    marketId: str
    name: str
    open: bool
    selections: list[list[Any]]


class PricesResponse(TypedDict):
    messages: Messages
    event: Event
    markets: list[Market]


class Selection(TypedDict):
    selectionId: str
    name: str
    odds: str
    decimal: float


class SelectionResponse(TypedDict):
    messages: Messages
    selection: Selection


class MarketResponse(TypedDict):
    messages: Messages
    market: Market


class EventResponse(TypedDict):
    messages: Messages
    event: Event


class Customer(TypedDict):
    customerId: str
    name: str
    email: str
    phone: str
    postcode: str
    verified: bool
    account: str
    depositLimit: str | None
    balance: float


class CustomerResponse(TypedDict):
    messages: Messages
    customer: Customer


class CustomersResponse(TypedDict):
    messages: Messages
    customers: list[Customer]


class AccountResponse(TypedDict):
    messages: Messages
    customer: Customer
    cards: list[list[Any]]
    openBets: list[list[Any]]
    transactions: list[list[Any]]


class Card(TypedDict):
    cardId: str
    customerId: str
    holder: str
    last4: str
    expiry: str


class CardResponse(TypedDict):
    messages: Messages
    card: Card


class Interaction(TypedDict):
    interactionId: str
    customerId: str
    kind: str
    notes: str
    at: str


class InteractionResponse(TypedDict):
    messages: Messages
    interaction: Interaction


class Bet(TypedDict):
    betId: str
    customerId: str
    betType: str
    selections: list[str]
    stake: float
    freeBet: bool
    odds: str
    potentialReturn: float
    status: str
    placed: str


class BetResponse(TypedDict):
    messages: Messages
    bet: Bet


class BetsResponse(TypedDict):
    messages: Messages
    bets: list[Bet]


class BetDetailResponse(TypedDict):
    messages: Messages
    bet: Bet
    legs: list[list[Any]]
    returned: float | None


class Offer(TypedDict):
    offerId: str
    betId: str
    amount: float
    validWhile: str


class OfferResponse(TypedDict):
    messages: Messages
    offer: Offer


class FreeBet(TypedDict):
    freeBetId: str
    customerId: str
    amount: float
    reason: str
    used: bool


class FreeBetResponse(TypedDict):
    messages: Messages
    freeBet: FreeBet


class Slip(TypedDict):
    slipNumber: str
    betType: str
    selections: list[str]
    stake: float
    paidBy: str
    odds: str
    status: str


class SlipResponse(TypedDict):
    messages: Messages
    slip: Slip


class Withdrawal(TypedDict):
    withdrawalId: str
    customerId: str
    cardId: str
    amount: float
    status: str
    requested: str


class WithdrawalResponse(TypedDict):
    messages: Messages
    withdrawal: Withdrawal


class WithdrawalsResponse(TypedDict):
    messages: Messages
    withdrawals: list[Withdrawal]


class Refusal(Exception):
    """A refusal inside a tool, answered as the error envelope."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code, self.text = code, text

    def response(self) -> ErrorResponse:
        return {"messages": {"resultCode": "Error", "message": [{"code": self.code, "text": self.text}]}}


def result_code_errors(reply: Any) -> Any:
    """A reply is a refusal when its ``messages.resultCode`` is ``Error``; answers ``"<code>: <text>"`` of its first
    message, else False."""
    messages = reply.get("messages") if isinstance(reply, dict) else None
    if not isinstance(messages, dict) or messages.get("resultCode") != "Error":
        return False
    first = (messages.get("message") or [{}])[0]
    return f"{first.get('code', 'E00001')}: {first.get('text', '')}"


FAILURE = result_code_errors


def _ok() -> Messages:
    return {"resultCode": "Ok", "message": [{"code": "I00001", "text": "Successful."}]}


def _bet_row(customer: str, bet_type: str, legs: list[str], odds: list[str], stake: float, placed: str, *,
             status: str = "open", free: bool = False) -> dict[str, Any]:
    """A bet as the system stores it."""
    return {"customer": customer, "type": bet_type, "legs": list(legs), "odds": list(odds), "stake": stake,
            "free": free, "status": status, "placed": placed, "returned": None}


class State:
    """Marrable Turf Accountants' system on Saturday 12 March 2039 at 12:50."""

    def __init__(self) -> None:
        self.staff = {
            "roisin.m": {"name": "Roisin Mulgrew", "password": "Each-Way-Thief-4", "role": "counter"},
            "ferdia.c": {"name": "Ferdia Cruickshank", "password": "Over-Round-115", "role": "trader"},
            "sabine.w": {"name": "Sabine Wollaston", "password": "Take-A-Break-9", "role": "safer"},
            "nia.b": {"name": "Nia Baddeley", "password": "Settle-Up-63", "role": "payments"},
            "jasper.k": {"name": "Jasper Tuxworth", "password": "Guv-Nor-2039", "role": "manager"},
        }
        self.logins: dict[str, dict] = {}
        self.events = {  # event -> sport, name, start, stage, winner, placed
            "EV-5100": ["horse_racing", "Kelsford 12:35 Maiden Hurdle", "2039-03-12 12:35", "off", None, []],
            "EV-5101": ["horse_racing", "Kelsford 13:10 Novices' Hurdle", "2039-03-12 13:10", "open", None, []],
            "EV-5102": ["horse_racing", "Kelsford 13:45 Handicap Chase", "2039-03-12 13:45", "open", None, []],
            "EV-5103": ["football", "Wolvercote Town v Astley Rovers", "2039-03-12 15:00", "open", None, []],
            "EV-5104": ["football", "Brandling Athletic v Port Maddock", "2039-03-12 12:30", "off", None, []],
            "EV-5099": ["horse_racing", "Kelsford 16:20 Hunters' Chase", "2039-03-11 16:20", "resulted", "SL-6994",
                        ["SL-6991"]],
        }
        self.markets = {  # market -> event, name, open
            "MK-699": ["EV-5099", "Win", False],
            "MK-700": ["EV-5100", "Win", False],
            "MK-701": ["EV-5101", "Win", True],
            "MK-702": ["EV-5102", "Win", False],
            "MK-703": ["EV-5103", "Match result", True],
            "MK-704": ["EV-5103", "Both teams to score", True],
            "MK-705": ["EV-5104", "Match result", False],
        }
        self.selections = {  # selection -> market, name, odds
            "SL-6991": ["MK-699", "Pennyroyal", "4/1"], "SL-6994": ["MK-699", "Sheepshank", "7/4"],
            "SL-7001": ["MK-700", "Delver Lad", "5/2"], "SL-7002": ["MK-700", "Bellhaven", "3/1"],
            "SL-7003": ["MK-700", "Misty Scarp", "9/2"], "SL-7004": ["MK-700", "Tarn Runner", "6/1"],
            "SL-7005": ["MK-700", "Wicken Fen", "12/1"],
            "SL-7011": ["MK-701", "Copper Ingot", "2/1"], "SL-7012": ["MK-701", "Hedgerow Lass", "7/2"],
            "SL-7013": ["MK-701", "Whimbrel Bay", "4/1"], "SL-7014": ["MK-701", "Drumlin", "8/1"],
            "SL-7015": ["MK-701", "Saltmarsh", "10/1"],
            "SL-7021": ["MK-702", "Washland Flyer", "3/1"], "SL-7022": ["MK-702", "Ironstone", "5/1"],
            "SL-7023": ["MK-702", "Gale Warning", "6/4"], "SL-7024": ["MK-702", "Little Bittern", "12/1"],
            "SL-7025": ["MK-702", "Pewter Moon", "14/1"],
            "SL-7031": ["MK-703", "Wolvercote Town", "11/10"], "SL-7032": ["MK-703", "Draw", "9/4"],
            "SL-7033": ["MK-703", "Astley Rovers", "5/2"],
            "SL-7041": ["MK-704", "Yes", "4/5"], "SL-7042": ["MK-704", "No", "1/1"],
            "SL-7051": ["MK-705", "Brandling Athletic", "6/4"], "SL-7052": ["MK-705", "Draw", "2/1"],
            "SL-7053": ["MK-705", "Port Maddock", "7/4"],
        }
        self.customers = {  # customer -> details, verified, account, limit, balance, source of funds
            "CU-40211": {"name": "Mr Dermot Fairclough", "dob": "1966-04-02", "email": "dermot.f@example.com",
                         "phone": "07700 900811", "address": "3 Cobbold Close, Haverleigh", "postcode": "HV2 6TB",
                         "verified": True, "account": "open", "limit": ["weekly", 200.0], "balance": 45.0,
                         "source": None},
            "CU-40212": {"name": "Mrs Annwen Gostelow", "dob": "1958-10-30", "email": "annwen.g@example.net",
                         "phone": "07700 900812", "address": "Flat 7, Copthorne Parade, Haverleigh",
                         "postcode": "HV1 2CP", "verified": True, "account": "open", "limit": ["monthly", 500.0],
                         "balance": 250.0, "source": None},
            "CU-40213": {"name": "Mr Kit Brereton-Lusk", "dob": "2001-01-19", "email": "kit.bh@example.org",
                         "phone": "07700 900813", "address": "22 Malthouse Yard, Haverleigh", "postcode": "HV3 1MY",
                         "verified": False, "account": "open", "limit": None, "balance": 0.0, "source": None},
            "CU-40214": {"name": "Ms Yvaine Thackeray", "dob": "1979-07-07", "email": "yvaine.t@example.com",
                         "phone": "07700 900814", "address": "Gorse House, Beacon Rise, Haverleigh",
                         "postcode": "HV5 9BR", "verified": True, "account": "open", "limit": ["monthly", 5000.0],
                         "balance": 3400.0, "source": None},
            "CU-40215": {"name": "Mr Rollo Abernethy", "dob": "1990-12-12", "email": "rollo.a@example.co.uk",
                         "phone": "07700 900815", "address": "5 Cordwain Street, Haverleigh", "postcode": "HV1 4CS",
                         "verified": True, "account": "open", "limit": ["weekly", 100.0], "balance": 62.30,
                         "source": None},
            "CU-40216": {"name": "Mr Gideon Pask", "dob": "1983-05-25", "email": "gideon.pask@example.com",
                         "phone": "07700 900816", "address": "11 Ropery Lane, Haverleigh", "postcode": "HV4 3RL",
                         "verified": True, "account": "open", "limit": ["daily", 50.0], "balance": 0.0,
                         "source": None},
            "CU-40217": {"name": "Mrs Nerys Tregunna", "dob": "1971-02-14", "email": "nerys.t@example.net",
                         "phone": "07700 900817", "address": "The Lodge, Kelsford Road, Haverleigh",
                         "postcode": "HV6 2KR", "verified": True, "account": "open", "limit": ["weekly", 50.0],
                         "balance": 0.0, "source": None},
        }
        self.cards = {  # card -> customer, holder, last four digits, expiry
            "CD-811": ["CU-40211", "D FAIRCLOUGH", "4417", "2041-08"],
            "CD-812": ["CU-40212", "A GOSTELOW", "0936", "2040-11"],
            "CD-814": ["CU-40214", "Y THACKERAY", "7702", "2042-02"],
            "CD-815": ["CU-40215", "R ABERNETHY", "5521", "2040-06"],
            "CD-816": ["CU-40216", "G PASK", "3390", "2041-03"],
            "CD-817": ["CU-40217", "N TREGUNNA", "1184", "2039-12"],
        }
        self.transactions: list[list[Any]] = [  # time, customer, kind, amount, reference
            ["2039-03-10 19:02", "CU-40211", "deposit", 50.0, "CD-811"],
            ["2039-03-12 12:05", "CU-40216", "deposit", 50.0, "CD-816"],
            ["2039-03-04 09:40", "CU-40214", "withdrawal", 1200.0, "WD-3300"],
        ]
        self.bets = {
            "BT-90310": _bet_row("CU-40211", "single", ["SL-6991"], ["4/1"], 5.0, "2039-03-11 15:58",
                                 status="lost"),
            "BT-90311": _bet_row("CU-40211", "single", ["SL-7002"], ["3/1"], 10.0, "2039-03-12 11:47"),
            "BT-90312": _bet_row("CU-40217", "single", ["SL-7001"], ["5/2"], 5.0, "2039-03-12 12:10"),
            "BT-90313": _bet_row("CU-40211", "double", ["SL-7031", "SL-7012"], ["11/10", "7/2"], 5.0,
                                 "2039-03-12 12:20"),
            "BT-90314": _bet_row("CU-40212", "single", ["SL-7051"], ["6/4"], 20.0, "2039-03-12 12:33"),
        }
        self.settled = ["EV-5099"]
        self.slips: dict[str, dict] = {}
        self.offers: dict[str, list] = {}
        self.free_bets: dict[str, list] = {}
        self.withdrawals = {  # withdrawal -> customer, card, amount, status, requested
            "WD-3300": ["CU-40214", "CD-814", 1200.0, "approved", "2039-03-04 09:30"],
            "WD-3301": ["CU-40214", "CD-814", 1500.0, "pending", "2039-03-12 10:15"],
        }
        self.interactions: dict[str, list] = {}
        self.exclusions: dict[str, list] = {}
        self.messages_sent: list[list] = []
        self.counters = {"token": 1, "customer": 40218, "card": 818, "bet": 90315, "slip": 94, "offer": 661,
                         "free": 207, "withdrawal": 3302, "interaction": 1142, "message": 5510}


# --------------------------------------------------------------------------- helpers


def _refuse(code: str, text: str) -> Refusal:
    return Refusal(code, text)


def _bad(text: str) -> Refusal:
    return Refusal("E00003", text)


def _state(text: str) -> Refusal:
    return Refusal("E00027", text)


def _done(text: str) -> Refusal:
    return Refusal("E00039", text)


def _rule(text: str) -> Refusal:
    return Refusal("E00053", text)


def _staff(state: State, token: Any, *roles: str) -> dict[str, Any]:
    who = state.logins.get(token) if isinstance(token, str) else None
    if who is None:
        raise _refuse("E00007", "no session for this token, or it has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise _refuse("E00011", f"{who['name']} ({who['role']}) may not do this; it is for "
                                f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _amount(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _get(table: dict, key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _refuse("E00040", f"no {what} {key!r}")
    return row


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _decimal(odds: str) -> float:
    num, den = odds.split("/")
    return round(1 + int(num) / int(den), 4)


def _money(value: float) -> float:
    return round(value + 1e-9, 2)


def _event(state: State, eid: str) -> Event:
    e = state.events[eid]
    return {"eventId": eid, "sport": e[0], "name": e[1], "start": e[2], "stage": e[3]}


def _market(state: State, mid: str) -> Market:
    m = state.markets[mid]
    rows = [[sid, s[1], s[2], _decimal(s[2])] for sid, s in sorted(state.selections.items()) if s[0] == mid]
    return {"marketId": mid, "name": m[1], "open": m[2], "selections": rows}


def _event_of(state: State, sid: str) -> str:
    return state.markets[state.selections[sid][0]][0]


def _limit_text(c: dict[str, Any]) -> str | None:
    return None if c["limit"] is None else f"{c['limit'][1]:.2f} {c['limit'][0]}"


def _customer(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return {"customerId": cid, "name": c["name"], "email": c["email"], "phone": c["phone"], "postcode": c["postcode"],
            "verified": c["verified"], "account": c["account"], "depositLimit": _limit_text(c),
            "balance": _money(c["balance"])}


def _odds_product(odds: list[str]) -> float:
    product = 1.0
    for o in odds:
        product *= _decimal(o)
    return product


def _bet(state: State, bid: str) -> Bet:
    b = state.bets[bid]
    product = _odds_product(b["odds"])
    ret = b["stake"] * product - (b["stake"] if b["free"] else 0.0)
    if b["type"] == "each_way":
        ret = b["stake"] * product + b["stake"] * (1 + (product - 1) / 5)
    return {"betId": bid, "customerId": b["customer"], "betType": b["type"], "selections": list(b["legs"]),
            "stake": b["stake"], "freeBet": b["free"], "odds": " x ".join(b["odds"]), "potentialReturn": _money(ret),
            "status": b["status"], "placed": b["placed"]}


def _slip(state: State, sid: str) -> Slip:
    s = state.slips[sid]
    return {"slipNumber": sid, "betType": s["type"], "selections": list(s["legs"]), "stake": s["stake"],
            "paidBy": s["paid_by"], "odds": " x ".join(s["odds"]), "status": s["status"]}


def _withdrawal(state: State, wid: str) -> Withdrawal:
    w = state.withdrawals[wid]
    return {"withdrawalId": wid, "customerId": w[0], "cardId": w[1], "amount": w[2], "status": w[3],
            "requested": w[4]}


def _customer_open(state: State, customer_id: Any) -> dict[str, Any]:
    c = _get(state.customers, customer_id, "customer")
    if c["account"] != "open":
        raise _state(f"{customer_id}'s account is {c['account']}")
    return c


def _card_of(state: State, card_id: Any, customer_id: str) -> list:
    card = _get(state.cards, card_id, "card")
    if card[0] != customer_id:
        raise _rule(f"{card_id} is not {customer_id}'s card")
    return card


def _deposited_since(state: State, cid: str, since: str) -> float:
    return sum(t[3] for t in state.transactions if t[1] == cid and t[2] == "deposit" and t[0][:10] >= since)


def _check_selections(state: State, selection_ids: Any, bet_type: str) -> list[str]:
    if not isinstance(selection_ids, list) or not selection_ids or not all(isinstance(s, str) for s in selection_ids):
        raise _bad("selection_ids is a list of selection ids")
    needed = {"single": 1, "each_way": 1, "double": 2, "treble": 3}[bet_type]
    if len(selection_ids) != needed:
        raise _rule(f"a {bet_type.replace('_', '-')} bet has {needed} selection{'s' if needed > 1 else ''}")
    events = []
    for sid in selection_ids:
        s = _get(state.selections, sid, "selection")
        m = state.markets[s[0]]
        e = state.events[m[0]]
        if e[3] != "open":
            raise _state(f"{e[1]} is {e[3]}; bets are taken before the off")
        if not m[2]:
            raise _state(f"the {m[1]} market on {e[1]} is suspended")
        events.append(m[0])
    if len(set(events)) != len(events):
        raise _rule("the selections of a multiple must be in different events")
    if bet_type == "each_way" and state.events[events[0]][0] != "horse_racing":
        raise _rule("each-way bets are taken on horse races only")
    return events


def _bet_type(value: Any) -> str:
    v = _value(value)
    if v not in [b.value for b in BetType]:
        raise _bad(f"bet_type is one of {', '.join(b.value for b in BetType)}, not {value!r}")
    return v


# --------------------------------------------------------------------------- sign-in and the public pages


async def sign_in(state: State, username: str, password: str) -> SessionResponse | ErrorResponse:
    """Sign in to the bookmaker's back office.

    :param username: A staff user name, such as ``roisin.m``.
    :param password: Its password.
    :returns: ``session``: a ``token`` for every call but the calendar, the prices and the results, with the user's
        name and role (counter, trader, safer, payments or manager).
    """
    try:
        user = username.strip().lower() if isinstance(username, str) else ""
        s = state.staff.get(user)
        if s is None or s["password"] != password:
            raise _refuse("E00007", "user name or password not recognised")
        token = f"mta-{user.split('.')[0]}-{_next(state, 'token'):03d}"
        state.logins[token] = {"user": user, "name": s["name"], "role": s["role"]}
        return {"messages": _ok(), "session": {"token": token, "name": s["name"], "role": s["role"]}}
    except Refusal as r:
        return r.response()


async def sign_out(state: State, token: str) -> TextResponse | ErrorResponse:
    """End a session.

    :param token: The session's token.
    :returns: ``text``: a sentence naming who was signed out.
    """
    try:
        who = _staff(state, token)
        state.logins.pop(token)
        return {"messages": _ok(), "text": f"Signed out {who['name']} (session {token})."}
    except Refusal as r:
        return r.response()


async def sports_calendar(state: State, sport: Sport | None = None) -> EventsResponse | ErrorResponse:
    """Today's events (public, as the website's calendar).

    :param sport: Only ``horse_racing`` or only ``football``.
    :returns: ``events``: each event's ``eventId``, sport, name, start and stage (open, off or resulted), by start.
    """
    try:
        if sport is not None and sport not in ("horse_racing", "football"):
            raise _bad(f"sport is horse_racing or football, not {sport!r}")
        rows = sorted((e[2], eid) for eid, e in state.events.items()
                      if e[2].startswith(TODAY) and (sport is None or e[0] == sport))
        return {"messages": _ok(), "events": [_event(state, eid) for _, eid in rows]}
    except Refusal as r:
        return r.response()


async def market_prices(state: State, event_id: str) -> PricesResponse | ErrorResponse:
    """An event's markets and prices (public, as the website shows them).

    :param event_id: The event.
    :returns: ``event`` and its ``markets``, each with its ``marketId``, name, whether it is open and its
        ``selections`` as rows of [selectionId, name, fractional odds, decimal odds], by id.
    """
    try:
        _get(state.events, event_id, "event")
        markets = [_market(state, mid) for mid, m in sorted(state.markets.items()) if m[0] == event_id]
        return {"messages": _ok(), "event": _event(state, event_id), "markets": markets}
    except Refusal as r:
        return r.response()


async def results(state: State, day: str) -> RowsResponse | ErrorResponse:
    """A day's results (public).

    :param day: ``YYYY-MM-DD``.
    :returns: ``rows`` of [eventId, event, winner, starting price, placed], by start.
    """
    try:
        try:
            d = datetime.date.fromisoformat(day).isoformat()
        except (TypeError, ValueError):
            raise _bad(f"day is YYYY-MM-DD, not {day!r}") from None
        rows = []
        for eid, e in sorted(state.events.items(), key=lambda kv: kv[1][2]):
            if e[2].startswith(d) and e[3] == "resulted":
                w = state.selections[e[4]]
                rows.append([eid, e[1], w[1], w[2], [state.selections[p][1] for p in e[5]]])
        return {"messages": _ok(), "rows": rows}
    except Refusal as r:
        return r.response()


# --------------------------------------------------------------------------- customers


async def find_customer(state: State, token: str, text: str) -> CustomersResponse | ErrorResponse:
    """Find customers by name, e-mail address, phone number or postcode.

    :param token: The session's token.
    :param text: Part of the name or e-mail address, the phone number or the postcode.
    :returns: ``customers``: each match with its ``customerId``, contact details, verification, account, deposit
        limit and balance, by id.
    """
    try:
        _staff(state, token)
        if _blank(text):
            raise _bad("text is required")
        needle = text.strip().lower()
        squeezed = needle.replace(" ", "")
        found = [_customer(state, cid) for cid, c in sorted(state.customers.items())
                 if needle in c["name"].lower() or needle in c["email"].lower()
                 or squeezed in c["phone"].replace(" ", "") or squeezed == c["postcode"].lower().replace(" ", "")]
        return {"messages": _ok(), "customers": found}
    except Refusal as r:
        return r.response()


async def register_customer(state: State, token: str, name: str, date_of_birth: str, email: str, phone: str,
                            address: str, postcode: str) -> CustomerResponse | ErrorResponse:
    """Open an account for a new customer.

    :param token: The session's token.
    :param name: The customer's name with a title (``Mrs Annwen Gostelow``).
    :param date_of_birth: ``YYYY-MM-DD``.
    :param email: An e-mail address.
    :param phone: A mobile number.
    :param address: The home address.
    :param postcode: Its postcode.
    :returns: ``customer`` with the new ``customerId``, not yet verified.
    """
    try:
        _staff(state, token, "counter")
        if any(_blank(v) for v in (name, email, phone, address, postcode)) or "@" not in email:
            raise _bad("name, an e-mail address, phone, address and postcode are required")
        try:
            born = datetime.date.fromisoformat(date_of_birth)
        except (TypeError, ValueError):
            raise _bad(f"date_of_birth is YYYY-MM-DD, not {date_of_birth!r}") from None
        if born.isoformat() > "2021-03-12":
            raise _rule("a customer must be 18 or over to hold an account")
        for cid, c in state.customers.items():
            if c["email"].lower() == email.strip().lower():
                raise _done(f"{email.strip()} has an account already ({cid})")
        cid = f"CU-{_next(state, 'customer')}"
        state.customers[cid] = {"name": name.strip(), "dob": born.isoformat(), "email": email.strip(),
                                "phone": phone.strip(), "address": address.strip(),
                                "postcode": postcode.strip().upper(), "verified": False, "account": "open",
                                "limit": None, "balance": 0.0, "source": None}
        return {"messages": _ok(), "customer": _customer(state, cid)}
    except Refusal as r:
        return r.response()


async def verify_customer(state: State, token: str, customer_id: str, document: IdDocument,
                          document_number: str) -> CustomerResponse | ErrorResponse:
    """Record that a customer's age and identity are verified on a document.

    :param token: The session's token.
    :param customer_id: The customer.
    :param document: ``passport``, ``driving_licence`` or ``national_id_card``.
    :param document_number: Its number.
    :returns: ``customer``, verified.
    """
    try:
        _staff(state, token, "safer")
        c = _get(state.customers, customer_id, "customer")
        if document not in ("passport", "driving_licence", "national_id_card"):
            raise _bad(f"document is passport, driving_licence or national_id_card, not {document!r}")
        if _blank(document_number):
            raise _bad("document_number is required")
        if c["verified"]:
            raise _done(f"{customer_id} is verified already")
        c["verified"] = True
        return {"messages": _ok(), "customer": _customer(state, customer_id)}
    except Refusal as r:
        return r.response()


async def update_customer(state: State, token: str, customer_id: str, email: str | None = None,
                          phone: str | None = None, address: str | None = None,
                          postcode: str | None = None) -> CustomerResponse | ErrorResponse:
    """Change a customer's e-mail address, phone number, or address with its postcode.

    :param token: The session's token.
    :param customer_id: The customer.
    :param email: A new e-mail address.
    :param phone: A new mobile number.
    :param address: A new address, given with its postcode.
    :param postcode: The new address's postcode.
    :returns: ``customer`` as it now stands.
    """
    try:
        _staff(state, token, "counter")
        c = _get(state.customers, customer_id, "customer")
        if email is None and phone is None and address is None and postcode is None:
            raise _bad("give an e-mail address, a phone number, or an address with its postcode")
        if (address is None) != (postcode is None):
            raise _bad("an address is changed with its postcode")
        changes = {}
        for key, value in (("email", email), ("phone", phone), ("address", address), ("postcode", postcode)):
            if value is not None:
                if _blank(value):
                    raise _bad(f"{key} is blank")
                changes[key] = value.strip().upper() if key == "postcode" else value.strip()
        if all(c[k] == v for k, v in changes.items()):
            raise _done(f"{customer_id} has those details already")
        c.update(changes)
        return {"messages": _ok(), "customer": _customer(state, customer_id)}
    except Refusal as r:
        return r.response()


async def customer_account(state: State, token: str, customer_id: str) -> AccountResponse | ErrorResponse:
    """A customer's whole account.

    :param token: The session's token.
    :param customer_id: The customer.
    :returns: ``customer``; ``cards`` as rows of [cardId, holder, last four digits, expiry]; ``openBets`` as rows of
        [betId, bet type, stake, odds, placed]; ``transactions`` as rows of [time, kind, amount, reference].
    """
    try:
        _staff(state, token)
        _get(state.customers, customer_id, "customer")
        cards = [[cid, c[1], c[2], c[3]] for cid, c in sorted(state.cards.items()) if c[0] == customer_id]
        bets = [[bid, b["type"], b["stake"], " x ".join(b["odds"]), b["placed"]]
                for bid, b in sorted(state.bets.items()) if b["customer"] == customer_id and b["status"] == "open"]
        moves = [[t[0], t[2], t[3], t[4]] for t in sorted(state.transactions) if t[1] == customer_id]
        return {"messages": _ok(), "customer": _customer(state, customer_id), "cards": cards, "openBets": bets,
                "transactions": moves}
    except Refusal as r:
        return r.response()


async def message_customer(state: State, token: str, customer_id: str, subject: str,
                           body: str) -> TextResponse | ErrorResponse:
    """Send a customer a message by e-mail.

    :param token: The session's token.
    :param customer_id: The customer.
    :param subject: The subject line.
    :param body: The message.
    :returns: ``text``: a sentence with the message's reference.
    """
    try:
        _staff(state, token)
        c = _get(state.customers, customer_id, "customer")
        if _blank(subject) or _blank(body):
            raise _bad("subject and body are required")
        ref = f"MS-{_next(state, 'message')}"
        state.messages_sent.append([ref, customer_id, subject.strip(), body.strip(), NOW])
        return {"messages": _ok(), "text": f"Message {ref} sent to {c['name']} at {c['email']}."}
    except Refusal as r:
        return r.response()


# --------------------------------------------------------------------------- safer gambling


async def set_deposit_limit(state: State, token: str, customer_id: str, period: LimitPeriod,
                            amount: float) -> CustomerResponse | ErrorResponse:
    """Set a customer's deposit limit, as they choose it.

    :param token: The session's token.
    :param customer_id: The customer.
    :param period: ``daily``, ``weekly`` or ``monthly``.
    :param amount: The most they may deposit in the period.
    :returns: ``customer`` with the limit.
    """
    try:
        _staff(state, token, "safer")
        c = _customer_open(state, customer_id)
        if period not in ("daily", "weekly", "monthly"):
            raise _bad(f"period is daily, weekly or monthly, not {period!r}")
        if not _amount(amount) or amount < MIN_DEPOSIT:
            raise _bad(f"amount is at least {MIN_DEPOSIT:.2f}, not {amount!r}")
        new = [period, round(float(amount), 2)]
        if c["limit"] == new:
            raise _done(f"{customer_id}'s limit is {_limit_text(c)} already")
        days = {"daily": 1, "weekly": 7, "monthly": 30}
        if c["limit"] is not None and new[1] / days[period] > c["limit"][1] / days[c["limit"][0]]:
            talked = any(i[0] == customer_id and i[1] == "affordability" and i[3].startswith(TODAY)
                         for i in state.interactions.values())
            if not talked:
                raise _rule(f"raising {customer_id}'s limit needs an affordability conversation logged today")
        c["limit"] = new
        return {"messages": _ok(), "customer": _customer(state, customer_id)}
    except Refusal as r:
        return r.response()


async def log_interaction(state: State, token: str, customer_id: str, kind: InteractionKind,
                          notes: str) -> InteractionResponse | ErrorResponse:
    """Record a safer gambling conversation with a customer.

    :param token: The session's token.
    :param customer_id: The customer.
    :param kind: ``affordability``, ``markers_of_harm`` or ``wellbeing_call``.
    :param notes: What was said and agreed.
    :returns: ``interaction`` with its ``interactionId``.
    """
    try:
        _staff(state, token, "safer")
        _get(state.customers, customer_id, "customer")
        k = _value(kind)
        if k not in [i.value for i in InteractionKind]:
            raise _bad(f"kind is one of {', '.join(i.value for i in InteractionKind)}, not {kind!r}")
        if _blank(notes):
            raise _bad("notes are required")
        iid = f"SG-{_next(state, 'interaction')}"
        state.interactions[iid] = [customer_id, k, notes.strip(), NOW]
        return {"messages": _ok(), "interaction": {"interactionId": iid, "customerId": customer_id, "kind": k,
                                                   "notes": notes.strip(), "at": NOW}}
    except Refusal as r:
        return r.response()


async def self_exclude(state: State, token: str, customer_id: str,
                       months: ExclusionMonths) -> CustomerResponse | ErrorResponse:
    """Take a customer's self-exclusion: no more bets or deposits for the months they choose.

    :param token: The session's token.
    :param customer_id: The customer.
    :param months: 6, 12 or 60.
    :returns: ``customer``, excluded.
    """
    try:
        _staff(state, token, "safer")
        c = _get(state.customers, customer_id, "customer")
        if months not in (6, 12, 60):
            raise _bad(f"months is 6, 12 or 60, not {months!r}")
        if c["account"] == "excluded":
            raise _done(f"{customer_id} is self-excluded already")
        if c["account"] == "closed":
            raise _state(f"{customer_id}'s account is closed")
        c["account"] = "excluded"
        state.exclusions[customer_id] = [months, TODAY]
        return {"messages": _ok(), "customer": _customer(state, customer_id)}
    except Refusal as r:
        return r.response()


async def close_account(state: State, token: str, customer_id: str, reason: str) -> CustomerResponse | ErrorResponse:
    """Close a customer's account at their request, once no bet of theirs is open.

    :param token: The session's token.
    :param customer_id: The customer.
    :param reason: Why they are closing it.
    :returns: ``customer``, closed.
    """
    try:
        _staff(state, token, "safer")
        c = _get(state.customers, customer_id, "customer")
        if c["account"] == "closed":
            raise _done(f"{customer_id} is closed already")
        if _blank(reason):
            raise _bad("reason is required")
        live = sorted(bid for bid, b in state.bets.items() if b["customer"] == customer_id and b["status"] == "open")
        if live:
            raise _state(f"{customer_id} has open bets ({', '.join(live)}); an account is closed once they settle")
        c["account"] = "closed"
        return {"messages": _ok(), "customer": _customer(state, customer_id)}
    except Refusal as r:
        return r.response()


async def record_source_of_funds(state: State, token: str, customer_id: str, source: str,
                                 evidence: str) -> CustomerResponse | ErrorResponse:
    """Record where a customer's money comes from, with the evidence seen.

    :param token: The session's token.
    :param customer_id: The customer.
    :param source: Where the money comes from, as a word.
    :param evidence: What was seen (a payslip, a probate letter, a bank statement).
    :returns: ``customer``.
    """
    try:
        _staff(state, token, "safer")
        c = _get(state.customers, customer_id, "customer")
        src = source.strip().lower() if isinstance(source, str) else ""
        if src not in FUNDS_SOURCES:
            raise _bad(f"source {source!r} is not one the firm accepts: {', '.join(FUNDS_SOURCES)}")
        if _blank(evidence):
            raise _bad("evidence is required")
        if c["source"] is not None and c["source"][0] == src:
            raise _done(f"{customer_id}'s source of funds is {src} already")
        c["source"] = [src, evidence.strip(), TODAY]
        return {"messages": _ok(), "customer": _customer(state, customer_id)}
    except Refusal as r:
        return r.response()


# --------------------------------------------------------------------------- cards, deposits and withdrawals


async def add_card(state: State, token: str, customer_id: str, holder: str, last4: str,
                   expiry: str) -> CardResponse | ErrorResponse:
    """Keep a debit card on a customer's account, for deposits and withdrawals.

    :param token: The session's token.
    :param customer_id: The customer.
    :param holder: The name on the card, as printed.
    :param last4: The card number's last four digits.
    :param expiry: ``YYYY-MM``.
    :returns: ``card`` with its new ``cardId``.
    """
    try:
        _staff(state, token, "payments", "counter")
        c = _customer_open(state, customer_id)
        if _blank(holder):
            raise _bad("holder is required")
        if not isinstance(last4, str) or len(last4) != 4 or not last4.isdigit():
            raise _bad(f"last4 is four digits, not {last4!r}")
        if not isinstance(expiry, str) or len(expiry) != 7 or expiry[4] != "-" or expiry <= TODAY[:7]:
            raise _bad(f"expiry is YYYY-MM and not past, not {expiry!r}")
        surname = c["name"].split()[-1].upper()
        if surname not in holder.upper():
            raise _rule(f"the card is not in {c['name']}'s name; cards are taken only in the customer's own name")
        for card_id, card in state.cards.items():
            if card[0] == customer_id and card[2] == last4 and card[3] == expiry:
                raise _done(f"that card is on the account already ({card_id})")
        card_id = f"CD-{_next(state, 'card')}"
        state.cards[card_id] = [customer_id, holder.strip().upper(), last4, expiry]
        return {"messages": _ok(), "card": {"cardId": card_id, "customerId": customer_id,
                                            "holder": holder.strip().upper(), "last4": last4, "expiry": expiry}}
    except Refusal as r:
        return r.response()


async def deposit(state: State, token: str, customer_id: str, card_id: str,
                  amount: float) -> AmountResponse | ErrorResponse:
    """Take a deposit onto a customer's account from their card.

    :param token: The session's token.
    :param customer_id: The customer.
    :param card_id: One of the customer's cards.
    :param amount: How much.
    :returns: ``amount``: the balance after the deposit.
    """
    try:
        _staff(state, token, "counter", "payments")
        c = _customer_open(state, customer_id)
        _card_of(state, card_id, customer_id)
        if not _amount(amount) or amount < MIN_DEPOSIT:
            raise _bad(f"amount is at least {MIN_DEPOSIT:.2f}, not {amount!r}")
        if not c["verified"]:
            raise _rule(f"{customer_id}'s age and identity are not verified; no deposit is taken until they are")
        if c["limit"] is None:
            raise _rule(f"{customer_id} has not chosen a deposit limit; a first deposit waits for one")
        since = {"daily": TODAY, "weekly": WEEK_START, "monthly": MONTH_START}[c["limit"][0]]
        room = c["limit"][1] - _deposited_since(state, customer_id, since)
        if amount > room + 0.005:
            raise _rule(f"that would break {customer_id}'s {c['limit'][0]} deposit limit; {max(room, 0):.2f} is left")
        c["balance"] = _money(c["balance"] + amount)
        state.transactions.append([NOW, customer_id, "deposit", round(float(amount), 2), card_id])
        return {"messages": _ok(), "amount": c["balance"]}
    except Refusal as r:
        return r.response()


async def request_withdrawal(state: State, token: str, customer_id: str, card_id: str,
                             amount: float) -> WithdrawalResponse | ErrorResponse:
    """Take a customer's request to withdraw money to their card; payments approves it.

    :param token: The session's token.
    :param customer_id: The customer.
    :param card_id: One of the customer's cards.
    :param amount: How much.
    :returns: ``withdrawal`` with its new ``withdrawalId``, pending.
    """
    try:
        _staff(state, token, "counter", "payments")
        c = _get(state.customers, customer_id, "customer")
        _card_of(state, card_id, customer_id)
        if not c["verified"]:
            raise _rule(f"{customer_id}'s age and identity are not verified")
        if not _amount(amount) or amount < MIN_DEPOSIT:
            raise _bad(f"amount is at least {MIN_DEPOSIT:.2f}, not {amount!r}")
        if amount > c["balance"] + 0.005:
            raise _rule(f"{customer_id} has {c['balance']:.2f} to withdraw")
        c["balance"] = _money(c["balance"] - amount)
        wid = f"WD-{_next(state, 'withdrawal')}"
        state.withdrawals[wid] = [customer_id, card_id, round(float(amount), 2), "pending", NOW]
        return {"messages": _ok(), "withdrawal": _withdrawal(state, wid)}
    except Refusal as r:
        return r.response()


async def withdrawals(state: State, token: str,
                      status: WithdrawalState | None = None) -> WithdrawalsResponse | ErrorResponse:
    """The withdrawals.

    :param token: The session's token.
    :param status: Only ``pending`` or only ``approved`` ones.
    :returns: ``withdrawals``: each with its ``withdrawalId``, customer, card, amount, status and time, by id.
    """
    try:
        _staff(state, token, "payments", "safer")
        if status is not None and status not in ("pending", "approved"):
            raise _bad(f"status is pending or approved, not {status!r}")
        rows = [_withdrawal(state, wid) for wid, w in sorted(state.withdrawals.items())
                if status is None or w[3] == status]
        return {"messages": _ok(), "withdrawals": rows}
    except Refusal as r:
        return r.response()


async def approve_withdrawal(state: State, token: str, withdrawal_id: str) -> TextResponse | ErrorResponse:
    """Approve a pending withdrawal and send the money to the card.

    :param token: The session's token.
    :param withdrawal_id: The withdrawal.
    :returns: ``text``: a sentence naming the withdrawal paid.
    """
    try:
        _staff(state, token, "payments")
        w = _get(state.withdrawals, withdrawal_id, "withdrawal")
        if w[3] != "pending":
            raise _done(f"{withdrawal_id} is {w[3]} already")
        c = state.customers[w[0]]
        month = sum(x[2] for x in state.withdrawals.values()
                    if x[0] == w[0] and x[3] == "approved" and x[4] >= MONTH_START)
        if month + w[2] > SOURCE_OF_FUNDS_OVER and c["source"] is None:
            raise _rule(f"{w[0]}'s withdrawals this month would pass {SOURCE_OF_FUNDS_OVER:.2f}; their source of funds "
                        "must be on file first")
        w[3] = "approved"
        state.transactions.append([NOW, w[0], "withdrawal", w[2], withdrawal_id])
        card = state.cards[w[1]]
        text = f"Withdrawal {withdrawal_id} of {w[2]:.2f} approved and sent to {c['name']}'s card ending {card[2]}."
        return {"messages": _ok(), "text": text}
    except Refusal as r:
        return r.response()


async def return_funds(state: State, token: str, customer_id: str, card_id: str) -> AmountResponse | ErrorResponse:
    """Return the balance of a self-excluded or closed account to the customer's card.

    :param token: The session's token.
    :param customer_id: The customer.
    :param card_id: One of the customer's cards.
    :returns: ``amount``: what was returned.
    """
    try:
        _staff(state, token, "payments")
        c = _get(state.customers, customer_id, "customer")
        _card_of(state, card_id, customer_id)
        if c["account"] == "open":
            raise _state(f"{customer_id}'s account is open; funds are returned from a self-excluded or closed account")
        if c["balance"] <= 0:
            raise _done(f"{customer_id} has no balance to return")
        paid, c["balance"] = c["balance"], 0.0
        state.transactions.append([NOW, customer_id, "returned", paid, card_id])
        return {"messages": _ok(), "amount": paid}
    except Refusal as r:
        return r.response()


# --------------------------------------------------------------------------- bets


async def place_bet(state: State, token: str, customer_id: str, selection_ids: list[str], stake: float,
                    bet_type: BetType = BetType.SINGLE, free_bet_id: str | None = None) -> BetResponse | ErrorResponse:
    """Place a bet on a customer's account, by telephone or online.

    :param token: The session's token.
    :param customer_id: The customer.
    :param selection_ids: The selections, one for a single or an each-way bet, two for a double, three for a treble.
    :param stake: The stake (for an each-way bet, a unit: the bet costs twice it).
    :param bet_type: ``single``, ``each_way``, ``double`` or ``treble``.
    :param free_bet_id: A free bet of the customer's that pays the stake.
    :returns: ``bet`` with its new ``betId``.
    """
    try:
        _staff(state, token, "counter")
        c = _customer_open(state, customer_id)
        kind = _bet_type(bet_type)
        if not c["verified"]:
            raise _rule(f"{customer_id}'s age and identity are not verified; no bet is taken until they are")
        _check_selections(state, selection_ids, kind)
        if not _amount(stake) or stake < MIN_STAKE:
            raise _bad(f"stake is at least {MIN_STAKE:.2f}, not {stake!r}")
        cost = stake * (2 if kind == "each_way" else 1)
        free = free_bet_id is not None
        if free:
            fb = _get(state.free_bets, free_bet_id, "free bet")
            if fb[0] != customer_id or fb[3]:
                raise _state(f"{free_bet_id} is not an unused free bet of {customer_id}'s")
            if abs(fb[1] - cost) > 0.005:
                raise _rule(f"{free_bet_id} pays a stake of exactly {fb[1]:.2f}")
            fb[3] = True
        else:
            if cost > c["balance"] + 0.005:
                raise _rule(f"{customer_id} has {c['balance']:.2f} on account, short of the {cost:.2f} stake")
            c["balance"] = _money(c["balance"] - cost)
        odds = [state.selections[s][2] for s in selection_ids]
        bid = f"BT-{_next(state, 'bet')}"
        state.bets[bid] = _bet_row(customer_id, kind, selection_ids, odds, round(float(stake), 2), NOW, free=free)
        return {"messages": _ok(), "bet": _bet(state, bid)}
    except Refusal as r:
        return r.response()


async def bets(state: State, token: str, customer_id: str | None = None,
               status: BetStatus | None = None) -> BetsResponse | ErrorResponse:
    """The bets on accounts.

    :param token: The session's token.
    :param customer_id: Only this customer's.
    :param status: Only those ``open``, ``won``, ``placed``, ``lost``, ``void`` or ``cashed_out``.
    :returns: ``bets``: each bet with its ``betId``, customer, type, selections, stake, odds, potential return,
        status and time, by id.
    """
    try:
        _staff(state, token)
        want = _value(status)
        if want is not None and want not in [s.value for s in BetStatus]:
            raise _bad(f"status is one of {', '.join(s.value for s in BetStatus)}, not {status!r}")
        rows = [_bet(state, bid) for bid, b in sorted(state.bets.items())
                if (customer_id is None or b["customer"] == customer_id) and (want is None or b["status"] == want)]
        return {"messages": _ok(), "bets": rows}
    except Refusal as r:
        return r.response()


async def bet_detail(state: State, token: str, bet_id: str) -> BetDetailResponse | ErrorResponse:
    """One bet with its legs.

    :param token: The session's token.
    :param bet_id: The bet.
    :returns: ``bet``; ``legs`` as rows of [selectionId, selection, event, odds taken, result]; ``returned``, what it
        paid once settled.
    """
    try:
        _staff(state, token)
        b = _get(state.bets, bet_id, "bet")
        legs = []
        for sid, odds in zip(b["legs"], b["odds"]):
            e = state.events[_event_of(state, sid)]
            result = "pending" if e[3] != "resulted" else (
                "won" if e[4] == sid else ("placed" if sid in e[5] else "lost"))
            legs.append([sid, state.selections[sid][1], e[1], odds, result])
        return {"messages": _ok(), "bet": _bet(state, bet_id), "legs": legs, "returned": b["returned"]}
    except Refusal as r:
        return r.response()


async def quote_cash_out(state: State, token: str, bet_id: str) -> OfferResponse | ErrorResponse:
    """Quote a customer a cash-out on an open bet, good while its prices stand.

    :param token: The session's token.
    :param bet_id: The bet.
    :returns: ``offer`` with its ``offerId`` and amount.
    """
    try:
        _staff(state, token, "counter")
        b = _get(state.bets, bet_id, "bet")
        if b["status"] != "open":
            raise _state(f"{bet_id} is {b['status']}; a cash-out is offered on an open bet")
        if b["free"]:
            raise _rule("a bet struck with a free bet cannot be cashed out")
        if any(state.events[_event_of(state, s)][3] != "open" for s in b["legs"]):
            raise _state(f"an event on {bet_id} is under way; no cash-out while it runs")
        now = [state.selections[s][2] for s in b["legs"]]
        value = b["stake"] * _odds_product(b["odds"]) / _odds_product(now) * CASH_OUT_MARGIN
        oid = f"CO-{_next(state, 'offer')}"
        state.offers[oid] = [bet_id, _money(value), now]
        return {"messages": _ok(), "offer": {"offerId": oid, "betId": bet_id, "amount": _money(value),
                                             "validWhile": "the prices on the bet stand"}}
    except Refusal as r:
        return r.response()


async def cash_out(state: State, token: str, bet_id: str, offer_id: str) -> AmountResponse | ErrorResponse:
    """Take a cash-out the customer accepted.

    :param token: The session's token.
    :param bet_id: The bet.
    :param offer_id: The offer quoted on it.
    :returns: ``amount``: the customer's balance after the cash-out.
    """
    try:
        _staff(state, token, "counter")
        b = _get(state.bets, bet_id, "bet")
        o = _get(state.offers, offer_id, "cash-out offer")
        if o[0] != bet_id:
            raise _bad(f"{offer_id} was quoted on {o[0]}, not {bet_id}")
        if b["status"] != "open":
            raise _state(f"{bet_id} is {b['status']}")
        if [state.selections[s][2] for s in b["legs"]] != o[2]:
            raise _state(f"the prices on {bet_id} have moved since {offer_id} was quoted; quote again")
        c = state.customers[b["customer"]]
        b["status"], b["returned"] = "cashed_out", o[1]
        c["balance"] = _money(c["balance"] + o[1])
        return {"messages": _ok(), "amount": c["balance"]}
    except Refusal as r:
        return r.response()


async def void_bet(state: State, token: str, bet_id: str, reason_code: str) -> TextResponse | ErrorResponse:
    """Void an open bet under the firm's rules and return its stake.

    :param token: The session's token.
    :param bet_id: The bet.
    :param reason_code: Why, as the rules name it.
    :returns: ``text``: a sentence naming the bet voided and the stake returned.
    """
    try:
        _staff(state, token, "trader")
        b = _get(state.bets, bet_id, "bet")
        if b["status"] != "open":
            raise _state(f"{bet_id} is {b['status']}; only an open bet is voided")
        if reason_code not in VOID_REASONS:
            raise _bad(f"no void reason {reason_code!r}; the rules void a bet for {', '.join(VOID_REASONS)}")
        if reason_code == "late_bet":
            start = state.events[_event_of(state, b["legs"][0])][2]
            if all(b["placed"] < state.events[_event_of(state, s)][2] for s in b["legs"]):
                raise _rule(f"{bet_id} was struck at {b['placed']}, before the off at {start}; it is not late")
        b["status"] = "void"
        back = b["stake"] * (2 if b["type"] == "each_way" else 1)
        if not b["free"]:
            c = state.customers[b["customer"]]
            c["balance"] = _money(c["balance"] + back)
        return {"messages": _ok(), "text": f"Bet {bet_id} is void ({reason_code.replace('_', ' ')}); "
                                           f"{back:.2f} returned to {b['customer']}."}
    except Refusal as r:
        return r.response()


async def grant_free_bet(state: State, token: str, customer_id: str, amount: float,
                         reason: str) -> FreeBetResponse | ErrorResponse:
    """Give a verified customer a free bet.

    :param token: The session's token.
    :param customer_id: The customer.
    :param amount: Its stake.
    :param reason: Why it is given.
    :returns: ``freeBet`` with its ``freeBetId``.
    """
    try:
        _staff(state, token, "manager")
        c = _customer_open(state, customer_id)
        if not c["verified"]:
            raise _rule(f"{customer_id}'s age and identity are not verified; free bets go to verified customers")
        if not _amount(amount) or amount <= 0 or amount > FREE_BET_LIMIT:
            raise _rule(f"a free bet is up to {FREE_BET_LIMIT:.2f}")
        if _blank(reason):
            raise _bad("reason is required")
        fid = f"FB-{_next(state, 'free')}"
        state.free_bets[fid] = [customer_id, round(float(amount), 2), reason.strip(), False]
        return {"messages": _ok(), "freeBet": {"freeBetId": fid, "customerId": customer_id,
                                               "amount": round(float(amount), 2), "reason": reason.strip(),
                                               "used": False}}
    except Refusal as r:
        return r.response()


async def take_shop_bet(state: State, token: str, selection_ids: list[str], stake: float, paid: ShopPayment,
                        bet_type: BetType = BetType.SINGLE) -> SlipResponse | ErrorResponse:
    """Take a bet over the shop counter and print its slip.

    :param token: The session's token.
    :param selection_ids: The selections.
    :param stake: The stake (a unit, for an each-way bet).
    :param paid: ``cash`` or ``card``.
    :param bet_type: ``single``, ``each_way``, ``double`` or ``treble``.
    :returns: ``slip`` with its ``slipNumber``.
    """
    try:
        _staff(state, token, "counter")
        kind = _bet_type(bet_type)
        _check_selections(state, selection_ids, kind)
        if not _amount(stake) or stake < MIN_STAKE:
            raise _bad(f"stake is at least {MIN_STAKE:.2f}, not {stake!r}")
        if paid not in ("cash", "card"):
            raise _bad(f"paid is cash or card, not {paid!r}")
        sid = f"SS-4471-{_next(state, 'slip'):04d}"
        state.slips[sid] = {"type": kind, "legs": list(selection_ids), "stake": round(float(stake), 2),
                            "paid_by": paid, "odds": [state.selections[s][2] for s in selection_ids],
                            "status": "open", "returns": None}
        return {"messages": _ok(), "slip": _slip(state, sid)}
    except Refusal as r:
        return r.response()


async def pay_out_slip(state: State, token: str, slip_number: str) -> TextResponse | ErrorResponse:
    """Pay out a winning shop slip over the counter.

    :param token: The session's token.
    :param slip_number: The number printed on the slip.
    :returns: ``text``: a sentence with what was paid.
    """
    try:
        _staff(state, token, "counter")
        s = _get(state.slips, slip_number, "slip")
        if s["status"] == "paid":
            raise _done(f"slip {slip_number} was paid already")
        if s["status"] == "open":
            raise _state(f"slip {slip_number} is not settled yet")
        if s["status"] == "lost":
            raise _state(f"slip {slip_number} lost")
        s["status"] = "paid"
        return {"messages": _ok(), "text": f"Paid {s['returns']:.2f} on slip {slip_number}."}
    except Refusal as r:
        return r.response()


# --------------------------------------------------------------------------- trading


async def change_price(state: State, token: str, selection_id: str, odds: str) -> SelectionResponse | ErrorResponse:
    """Move a selection's price.

    :param token: The session's token.
    :param selection_id: The selection.
    :param odds: Fractional odds, such as ``7/2``.
    :returns: ``selection`` at its new price.
    """
    try:
        _staff(state, token, "trader")
        s = _get(state.selections, selection_id, "selection")
        parts = odds.split("/") if isinstance(odds, str) else []
        if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
            raise _bad(f"odds are fractional, such as 7/2, not {odds!r}")
        if state.events[_event_of(state, selection_id)][3] != "open":
            raise _state(f"{state.events[_event_of(state, selection_id)][1]} is under way; prices are not moved")
        if s[2] == odds:
            raise _done(f"{s[1]} is {odds} already")
        s[2] = odds
        return {"messages": _ok(), "selection": {"selectionId": selection_id, "name": s[1], "odds": odds,
                                                 "decimal": _decimal(odds)}}
    except Refusal as r:
        return r.response()


async def set_market_status(state: State, token: str, market_id: str, open: bool) -> MarketResponse | ErrorResponse:
    """Suspend a market, or reopen it for betting.

    :param token: The session's token.
    :param market_id: The market.
    :param open: True to reopen it, false to suspend it.
    :returns: ``market`` as it now stands.
    """
    try:
        _staff(state, token, "trader")
        m = _get(state.markets, market_id, "market")
        if not isinstance(open, bool):
            raise _bad("open is true or false")
        if m[2] == open:
            raise _done(f"the market is {'open' if open else 'suspended'} already")
        if open and state.events[m[0]][3] != "open":
            raise _state(f"{state.events[m[0]][1]} is {state.events[m[0]][3]}; its markets stay shut")
        m[2] = open
        return {"messages": _ok(), "market": _market(state, market_id)}
    except Refusal as r:
        return r.response()


async def mark_off(state: State, token: str, event_id: str) -> EventResponse | ErrorResponse:
    """Mark an event off (the race has started, or the match kicked off); its markets shut.

    :param token: The session's token.
    :param event_id: The event.
    :returns: ``event``, off.
    """
    try:
        _staff(state, token, "trader")
        e = _get(state.events, event_id, "event")
        if e[3] != "open":
            raise _done(f"{e[1]} is {e[3]} already")
        e[3] = "off"
        for m in state.markets.values():
            if m[0] == event_id:
                m[2] = False
        return {"messages": _ok(), "event": _event(state, event_id)}
    except Refusal as r:
        return r.response()


async def record_result(state: State, token: str, event_id: str, winner_id: str,
                        placed_ids: list[str] | None = None) -> EventResponse | ErrorResponse:
    """Record an event's result once it is off.

    :param token: The session's token.
    :param event_id: The event.
    :param winner_id: The winning selection in its main market.
    :param placed_ids: For a race, the other horses placed for each-way bets.
    :returns: ``event``, resulted.
    """
    try:
        _staff(state, token, "trader")
        e = _get(state.events, event_id, "event")
        if e[3] == "resulted":
            raise _done(f"{e[1]} is resulted already")
        if e[3] != "off":
            raise _state(f"{e[1]} is {e[3]}; a result is recorded once it is off")
        main = min(mid for mid, m in state.markets.items() if m[0] == event_id)
        ids = [winner_id] + list(placed_ids or [])
        if not all(isinstance(s, str) and state.selections.get(s, [None])[0] == main for s in ids):
            raise _bad(f"the winner and the placed are selections of {e[1]}'s {state.markets[main][1]} market")
        e[3], e[4], e[5] = "resulted", winner_id, list(placed_ids or [])
        return {"messages": _ok(), "event": _event(state, event_id)}
    except Refusal as r:
        return r.response()


async def settle_event(state: State, token: str, event_id: str) -> RowsResponse | ErrorResponse:
    """Settle the bets and slips on a resulted event.

    :param token: The session's token.
    :param event_id: The event.
    :returns: ``rows`` of [betId or slip number, customer or ``shop``, outcome, returns], by reference.
    """
    try:
        _staff(state, token, "trader")
        e = _get(state.events, event_id, "event")
        if e[3] != "resulted":
            raise _state(f"{e[1]} is {e[3]}; bets are settled once it is resulted")
        if event_id in state.settled:
            raise _done(f"{e[1]} is settled already")
        state.settled.append(event_id)
        rows = []
        items = [(bid, b, b["customer"]) for bid, b in state.bets.items()]
        items += [(sid, s, "shop") for sid, s in state.slips.items()]
        for ref, b, who in sorted(items, key=lambda x: x[0]):
            if b["status"] != "open" or not any(_event_of(state, s) == event_id for s in b["legs"]):
                continue
            if any(state.events[_event_of(state, s)][3] != "resulted" for s in b["legs"]):
                continue
            won = all(state.events[_event_of(state, s)][4] == s for s in b["legs"])
            placed = b["type"] == "each_way" and b["legs"][0] in e[5]
            stake = b["stake"]
            if won:
                ret = stake * _odds_product(b["odds"]) - (stake if b.get("free") else 0.0)
                if b["type"] == "each_way":
                    ret += stake * (1 + (_odds_product(b["odds"]) - 1) / 5)
                outcome = "won"
            elif placed:
                ret, outcome = stake * (1 + (_odds_product(b["odds"]) - 1) / 5), "placed"
            else:
                ret, outcome = 0.0, "lost"
            ret = _money(ret)
            b["status"] = outcome
            b["returns" if who == "shop" else "returned"] = ret
            if who != "shop" and ret:
                state.customers[who]["balance"] = _money(state.customers[who]["balance"] + ret)
            rows.append([ref, who, outcome, ret])
        return {"messages": _ok(), "rows": rows}
    except Refusal as r:
        return r.response()


async def liability(state: State, token: str, event_id: str) -> RowsResponse | ErrorResponse:
    """What the book stands to pay on each selection of an event's main market.

    :param token: The session's token.
    :param event_id: The event.
    :returns: ``rows`` of [selectionId, name, price, stakes taken, payout if it wins], by selection.
    """
    try:
        _staff(state, token, "trader")
        _get(state.events, event_id, "event")
        main = min(mid for mid, m in state.markets.items() if m[0] == event_id)
        rows = []
        for sid, s in sorted(state.selections.items()):
            if s[0] != main:
                continue
            stakes = payout = 0.0
            for b in list(state.bets.values()) + list(state.slips.values()):
                if b["status"] == "open" and b["legs"] == [sid]:
                    stakes += b["stake"]
                    payout += b["stake"] * _odds_product(b["odds"])
            rows.append([sid, s[1], s[2], _money(stakes), _money(payout)])
        return {"messages": _ok(), "rows": rows}
    except Refusal as r:
        return r.response()


TOOLS = [
    sign_in, sign_out, sports_calendar, market_prices, results, find_customer, register_customer, verify_customer,
    update_customer, customer_account, message_customer, set_deposit_limit, log_interaction, self_exclude,
    close_account, record_source_of_funds, add_card, deposit, request_withdrawal, withdrawals, approve_withdrawal,
    return_funds, place_bet, bets, bet_detail, quote_cash_out, cash_out, void_bet, grant_free_bet, take_shop_bet,
    pay_out_slip, change_price, set_market_status, mark_off, record_result, settle_event, liability,
]

FIXTURES = {
    "firm": {"name": "Marrable Turf Accountants", "shop": "4 Copthorne Parade, Haverleigh",
             "today": "Saturday 12 March 2039, ten to one; racing from Kelsford and football at three"},
    "staff": [
        {"name": "Roisin Mulgrew", "role": "counter and telephone betting", "username": "roisin.m",
         "password": "Each-Way-Thief-4"},
        {"name": "Ferdia Cruickshank", "role": "trading room", "username": "ferdia.c", "password": "Over-Round-115"},
        {"name": "Sabine Wollaston", "role": "safer gambling team", "username": "sabine.w",
         "password": "Take-A-Break-9"},
        {"name": "Nia Baddeley", "role": "payments", "username": "nia.b", "password": "Settle-Up-63"},
        {"name": "Jasper Tuxworth", "role": "shop manager", "username": "jasper.k", "password": "Guv-Nor-2039"},
    ],
    "new_customer": {
        "name": "Mr Fabian Scatchard", "date_of_birth": "1987-06-23", "email": "fabian.scatchard@example.com",
        "phone": "07700 900847", "address": "9 Weavers Row, Haverleigh", "postcode": "HV2 8WR",
        "id": "a driving licence, number SCATC706237F99XY", "limit": "100 pounds a week",
        "card": "a debit card in the name F SCATCHARD ending 6604, expiring September 2042",
        "wants": "to put 40 pounds on his account and back Wolvercote Town to win at three",
    },
    "notes": [
        "Mr Kit Brereton-Lusk brought his passport in this morning: number 548217736",
        "Mr Pask wants his daily deposit limit raised from 50 to 100 pounds; Sabine talked it through with him on the "
        "phone at half past twelve and is happy it is affordable",
        "Ms Thackeray's 1,500 withdrawal is waiting; her solicitor's probate letter shows the money is an inheritance",
        "Mr Abernethy rang to self-exclude for twelve months; his 62.30 goes back to his card",
        "Mrs Tregunna wants to close her account once her bet on the 12:35 is settled",
        "The 12:35 at Kelsford: Delver Lad won, Bellhaven second, Misty Scarp third",
        "The 13:45 market was suspended when a horse was withdrawn; it can reopen now the prices are redone",
        "Mrs Gostelow's 20 on Brandling Athletic went on at 12:33, after the kick-off at 12:30",
        "Gale Warning is in to 5/4 for the 13:45",
        "Mr Fairclough wants to cash out his double",
        "The manager is giving Mr Scatchard a 5 pound free bet for joining",
        "Mrs Gostelow has a new e-mail address: annwen.gostelow@example.org",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "sports_calendar", "market_prices", "results")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["verify_customer", "update_customer", "customer_account", "message_customer",
                      "set_deposit_limit", "log_interaction", "self_exclude", "close_account",
                      "record_source_of_funds", "add_card", "deposit", "request_withdrawal", "return_funds",
                      "place_bet", "grant_free_bet"]
EVENT_CONSUMERS = ["market_prices", "mark_off", "record_result", "settle_event", "liability"]
SELECTION_CONSUMERS = ["place_bet", "take_shop_bet", "change_price", "set_market_status", "record_result"]
CARD_CONSUMERS = ["deposit", "request_withdrawal", "return_funds"]
BET_CONSUMERS = ["bet_detail", "quote_cash_out", "cash_out", "void_bet"]
_CUSTOMER = "id lookup/create: customer (customerId of register_customer, or of a find_customer entry)"
_EVENT = "id lookup: event (eventId of a sports_calendar entry)"
_SELECTION = ("id lookup: selection or market (selectionId in a market_prices market's selection rows, or its "
              "marketId)")
_CARD = "id lookup/create: card (cardId of add_card, or the first column of a customer_account card row)"
_BET = "id lookup/create: bet (betId of place_bet, or of a bets entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("sports_calendar", c, _EVENT) for c in EVENT_CONSUMERS]
    + [("market_prices", c, _SELECTION) for c in SELECTION_CONSUMERS]
    + [("add_card|customer_account", c, _CARD) for c in CARD_CONSUMERS]
    + [("place_bet|bets", c, _BET) for c in BET_CONSUMERS]
    + [
        ("quote_cash_out", "cash_out", "id create: cash-out offer (offerId of quote_cash_out)"),
        ("grant_free_bet", "place_bet", "id create: free bet (freeBetId of grant_free_bet)"),
        ("take_shop_bet", "pay_out_slip", "id create: shop slip (slipNumber of take_shop_bet)"),
        ("request_withdrawal|withdrawals", "approve_withdrawal",
         "id lookup/create: withdrawal (withdrawalId of request_withdrawal, or of a withdrawals entry)"),
        ("verify_customer", "deposit", "vetting: the customer's age and identity verified"),
        ("verify_customer", "grant_free_bet", "vetting: the customer's age and identity verified"),
        ("log_interaction", "set_deposit_limit", "vetting: an affordability conversation logged before a limit is "
                                                 "raised"),
        ("record_source_of_funds", "approve_withdrawal", "vetting: the customer's source of funds on file"),
        ("set_deposit_limit", "deposit", "state: a deposit limit chosen before the first deposit"),
        ("deposit", "place_bet", "payment: funds on the account for the stake"),
        ("deposit", "request_withdrawal", "payment: funds on the account to withdraw"),
        ("deposit", "return_funds", "payment: a balance on the account to return"),
        ("verify_customer", "request_withdrawal", "vetting: the customer's age and identity verified"),
        ("set_market_status", "place_bet", "state: the suspended market reopened"),
        ("mark_off", "record_result", "state: the event off"),
        ("record_result", "settle_event", "state: the event resulted"),
        ("settle_event", "pay_out_slip", "state: the slip settled as a winner"),
        ("settle_event", "close_account", "state: the customer's open bets settled"),
        ("self_exclude|close_account", "return_funds", "state: the account self-excluded or closed"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_CUSTOMER_SHOWN = ("find_customer", "register_customer", "verify_customer", "update_customer", "set_deposit_limit",
                   "self_exclude", "close_account", "record_source_of_funds", "customer_account", "bets", "place_bet",
                   "bet_detail", "withdrawals", "request_withdrawal", "log_interaction", "add_card", "grant_free_bet")
_EVENT_SHOWN = ("market_prices", "mark_off", "record_result", "results")
_SELECTION_SHOWN = ("bets", "place_bet", "bet_detail", "take_shop_bet", "change_price", "set_market_status",
                    "liability")
_BET_SHOWN = ("customer_account", "bet_detail", "settle_event", "quote_cash_out")
_CUSTOMER_CHANGES = ("register_customer", "verify_customer", "update_customer", "set_deposit_limit", "self_exclude",
                     "close_account", "record_source_of_funds", "add_card", "deposit", "request_withdrawal",
                     "approve_withdrawal", "return_funds", "place_bet", "cash_out", "void_bet", "settle_event")
_BET_CHANGES = ("place_bet", "cash_out", "void_bet", "settle_event")
_MARKET_CHANGES = ("change_price", "set_market_status", "mark_off", "record_result")
PLAUSIBLE = (
    # ids shown in other lists and records: customers on bets, withdrawals, cards, conversations and free bets;
    # events on the prices, the results and the trading replies; selections and markets on bets, slips, the trading
    # replies and the liabilities; cards on withdrawals; bets on accounts, settlements and offers
    {(p, c) for p in _CUSTOMER_SHOWN for c in CUSTOMER_CONSUMERS}
    | {(p, c) for p in _EVENT_SHOWN for c in EVENT_CONSUMERS}
    | {(p, c) for p in _SELECTION_SHOWN for c in SELECTION_CONSUMERS}
    | {(p, c) for p in ("withdrawals", "request_withdrawal") for c in CARD_CONSUMERS}
    | {(p, c) for p in _BET_SHOWN for c in BET_CONSUMERS}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("add_card", "approve_withdrawal"), ("add_card", "place_bet"), ("deposit", "approve_withdrawal"),
        ("deposit", "bet_detail"), ("deposit", "cash_out"), ("deposit", "quote_cash_out"), ("deposit", "void_bet"),
        ("find_customer", "approve_withdrawal"), ("mark_off", "settle_event"), ("market_prices", "bet_detail"),
        ("market_prices", "cash_out"), ("market_prices", "pay_out_slip"), ("market_prices", "quote_cash_out"),
        ("market_prices", "settle_event"), ("market_prices", "void_bet"), ("record_result", "close_account"),
        ("record_result", "pay_out_slip"), ("register_customer", "approve_withdrawal"),
        ("register_customer", "bet_detail"), ("register_customer", "cash_out"),
        ("register_customer", "quote_cash_out"), ("register_customer", "void_bet"),
        ("set_deposit_limit", "place_bet"), ("set_deposit_limit", "request_withdrawal"),
        ("set_deposit_limit", "return_funds"), ("sports_calendar", "change_price"),
        ("sports_calendar", "close_account"), ("sports_calendar", "pay_out_slip"), ("sports_calendar", "place_bet"),
        ("sports_calendar", "set_market_status"), ("sports_calendar", "take_shop_bet"),
        ("verify_customer", "approve_withdrawal"), ("verify_customer", "place_bet"),
        ("verify_customer", "return_funds"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in _CUSTOMER_CHANGES for c in ("find_customer", "customer_account")}
    | {(p, c) for p in _BET_CHANGES for c in ("bets", "bet_detail", "liability")}
    | {("take_shop_bet", "liability")}
    | {(p, c) for p in _MARKET_CHANGES for c in ("market_prices", "sports_calendar", "results")}
    | {(p, "withdrawals") for p in ("request_withdrawal", "approve_withdrawal")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
