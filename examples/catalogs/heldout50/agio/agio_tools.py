"""Agio: the counter, compliance, treasury and payments system of Sallowfield Exchange, a bureau de change and
international money transfer firm (39 calls).

Coroutines, each behind the ``counter(*roles)`` session decorator, over an in-memory ``State`` of the exchange on
Thursday 11 March 2055 at 10:00. Cashiers register customers, file scans of their identity and source-of-funds
documents and verify their identity, quote rates (held for 30 minutes), place travel money orders for collection,
add the buy-back guarantee, take payments (cash into their own open till), count orders out of the safe, hand them
over against the collection code, buy unused notes back and refund orders; they open and close their tills. Treasury
orders notes from the central vault and books deliveries into the safe. For money transfers a customer must have
transfers turned on; a cashier or payments adds the people they send to (beneficiaries), has the beneficiary's bank
confirm the payee's name, books the transfer at a transfer quote's rate and takes the customer's funds; compliance or
payments screens the beneficiary against the sanctions watchlist, compliance discounts a possible match, payments
sends the transfer and may recall one sent today. Compliance opens and approves enhanced due diligence, raises a
customer's transfer limit and files suspicious activity reports. The manager may make every call. The rate board and
the transfer corridors are public.

The exchange is written in the style of the Plaid API: a refusal is *returned* as an error object, a dict with an
``error_type`` (``INVALID_REQUEST``, ``AUTH_ERROR``, ``PERMISSION_ERROR``, ``NOT_FOUND``, ``QUOTE_ERROR``,
``ORDER_ERROR``, ``TILL_ERROR``, ``STOCK_ERROR``, ``TRANSFER_ERROR``, ``COMPLIANCE_ERROR``), an ``error_code``, an
``error_message`` saying why, a ``display_message``, a ``request_id`` and the HTTP ``status`` as a number, as in
``{"error_type": "TRANSFER_ERROR", "error_code": "NOT_FUNDED", "error_message": "TX-40122 has 0.00 of 302.99",
"display_message": null, "request_id": "req_947aa828", "status": 409}``. No common convention reads ``error_type``
(nor a numeric ``status``), so the module declares ``FAILURE`` (``plaid_error``).

Annotations are evaluated at definition and spelled with PEP 604 unions and builtin generics (``str | None``,
``float | None``, ``list[int]``, ``list[list[Any]]``, ``dict[str, Any]``), with ``Literal`` aliases and ``Enum``s.
Docstrings are numpy style (``Parameters``, ``Returns``). Replies are dataclasses and lists of them (a session,
customers, a customer's profile with documents, orders, beneficiaries and transfers as rows, a document, a due
diligence case, a quote, orders, a till, stock requests with their lines as rows, notes sold back, beneficiaries, a
payee check, transfers, a funding, a screening, a tracking); the rate board (each currency's notes nested in its
row), the transfer corridors and the safe's stock as bare rows; a bare value (what is left to pay on an order);
sentences with an id in them (a till closed, an order collected, an order refunded, a transfer sent with its
payment reference, a transfer recalled, a suspicious activity report filed, a sign-out). Typed inputs: a plain
``Enum`` input (``DocKind``), a ``str`` ``Enum`` input (``PayMethod``), ``Literal`` inputs (a quote's kind, a way to
fund a transfer) and ``Literal`` filters (orders, transfers), ``list[int]`` denominations and note counts, ``bool``
settings and answers, ``float`` amounts, limits and floats, ``str | None`` details and filters. Ids look alike:
customer ``CUS-20412``, document ``DOC-7304``, quote ``QT-88411``, order ``ORD-51203``, till ``TILL-1``, stock
request ``STK-0907``, beneficiary ``BEN-7706``, transfer ``TX-40121``, due diligence case ``EDD-0311``; payment
references ``SFX-6618204``; currency codes ``EUR``; country codes ``PH``. The amounts an order may be for and where
identity must be verified or seen, the notes currency is sold in, the collection days, the cash limit, the vault's
bundles, the BIC and IBAN forms, the purposes of a transfer, the limit that needs enhanced due diligence and the
highest limit, and the buy-back guarantee's 28 days are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import json
import re
import zlib
from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any, Callable, Literal

TODAY = "2055-03-11"  # a Thursday
NOW = "2055-03-11 10:00"
CASHIER = "cashier"
COMPLIANCE = "compliance"
TREASURY = "treasury"
PAYMENTS = "payments"
MANAGER = "manager"
QuoteKind = Literal["travel_money", "transfer"]
OrderStatus = Literal["awaiting_payment", "paid", "ready", "collected", "cancelled"]
TransferStatus = Literal["awaiting_funds", "funded", "held", "sent", "recalled"]
FundMethod = Literal["debit_card", "bank_transfer"]
ID_KINDS = ("passport", "driving_licence", "national_id")
FUNDS_KINDS = ("bank_statement", "payslip", "sale_contract")
PURPOSES = ("family_support", "education", "property", "savings", "gift", "medical")
ID_THRESHOLD = 1000.0
MIN_ORDER = 100.0
MAX_ORDER = 5000.0
DEFAULT_LIMIT = 2500.0
EDD_LIMIT = 5000.0
TOP_LIMIT = 20000.0
BUYBACK_FEE = 4.95
MAX_CASH = 2000.0


class DocKind(Enum):
    PASSPORT = "passport"
    DRIVING_LICENCE = "driving_licence"
    NATIONAL_ID = "national_id"
    BANK_STATEMENT = "bank_statement"
    PAYSLIP = "payslip"
    SALE_CONTRACT = "sale_contract"
    UTILITY_BILL = "utility_bill"


class PayMethod(str, Enum):
    CARD = "card"
    CASH = "cash"
    BANK_TRANSFER = "bank_transfer"


# --------------------------------------------------------------------------- refusals


def plaid_error(reply: Any) -> Any:
    """A reply is a refusal when it is a Plaid-style error object: a dict (or JSON text of one) with a string
    ``error_type`` and a string ``error_code``. Answers ``"ERROR_CODE (ERROR_TYPE): <error_message>"``, else False."""
    if isinstance(reply, str) and reply[:1] == "{":
        try:
            reply = json.loads(reply)
        except ValueError:
            return False
    if (isinstance(reply, dict) and isinstance(reply.get("error_type"), str)
            and isinstance(reply.get("error_code"), str)):
        return f"{reply['error_code']} ({reply['error_type']}): {reply.get('error_message')}"
    return False


FAILURE = plaid_error

HTTP = {"INVALID_REQUEST": 400, "INVALID_INPUT": 400, "AUTH_ERROR": 401, "PERMISSION_ERROR": 403,
        "NOT_FOUND": 404, "ORDER_ERROR": 409, "TRANSFER_ERROR": 409, "COMPLIANCE_ERROR": 409,
        "TILL_ERROR": 409, "STOCK_ERROR": 409, "QUOTE_ERROR": 409}


class _Refusal(Exception):
    """A refusal inside a call, answered as a Plaid-style error object."""

    def __init__(self, error_type: str, error_code: str, message: str, display: str | None = None) -> None:
        super().__init__(message)
        self.error_type = error_type
        self.error_code = error_code
        self.message = message
        self.display = display

    def body(self) -> dict[str, Any]:
        return {"error_type": self.error_type, "error_code": self.error_code, "error_message": self.message,
                "display_message": self.display,
                "request_id": f"req_{zlib.crc32(f'{self.error_code}:{self.message}'.encode()):08x}",
                "status": HTTP[self.error_type]}


def _bad(message: str, code: str = "INVALID_FIELD") -> _Refusal:
    return _Refusal("INVALID_REQUEST", code, message)


def _missing(what: str, key: Any) -> _Refusal:
    return _Refusal("NOT_FOUND", f"{what.upper().replace(' ', '_')}_NOT_FOUND", f"no {what} {key!r}")


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str
    signed_in: str


@dataclass
class Customer:
    customer_id: str
    name: str
    date_of_birth: str
    phone: str
    email: str | None
    address: str
    identity: str
    transfers_enabled: bool
    transfer_limit: float
    edd_case: str | None


@dataclass
class CustomerProfile(Customer):
    documents: list[list[Any]]
    orders: list[list[Any]]
    beneficiaries: list[list[Any]]
    transfers: list[list[Any]]


@dataclass
class Document:
    document_id: str
    customer_id: str
    kind: str
    number: str
    expires: str | None
    uploaded: str


@dataclass
class EddCase:
    case_id: str
    customer_id: str
    reason: str
    opened: str
    case_status: str


@dataclass
class Quote:
    quote_id: str
    kind: str
    currency: str
    rate: float
    gbp_amount: float
    foreign_amount: float
    expires: str


@dataclass
class Order:
    order_id: str
    customer_id: str
    customer: str
    currency: str
    foreign_amount: float
    rate: float
    gbp_amount: float
    buyback: bool
    to_pay: float
    paid: float
    collection_code: str
    collect_on: str
    order_status: str


@dataclass
class Till:
    till_id: str
    cashier: str
    float_amount: float
    opened: str


@dataclass
class StockRequest:
    request_id: str
    currency: str
    lines: list[list[int]]
    requested: str
    request_status: str


@dataclass
class SaleBack:
    order_id: str
    currency: str
    foreign_amount: float
    rate: float
    gbp_paid: float


@dataclass
class Beneficiary:
    beneficiary_id: str
    customer_id: str
    name: str
    country: str
    currency: str
    account: str
    bank_code: str
    payee_check: str | None


@dataclass
class PayeeCheck(Beneficiary):
    name_held: str | None


@dataclass
class Transfer:
    transfer_id: str
    customer_id: str
    beneficiary_id: str
    beneficiary: str
    gbp_amount: float
    fee: float
    to_pay: float
    currency: str
    foreign_amount: float
    rate: float
    purpose: str
    funded: float
    screening: str | None
    transfer_status: str


@dataclass
class Funding:
    transfer_id: str
    funded: float
    to_pay: float
    transfer_status: str


@dataclass
class Screening:
    transfer_id: str
    screening: str
    matched: str | None
    transfer_status: str


@dataclass
class Tracking:
    transfer_id: str
    transfer_status: str
    sent: str | None
    reference: str | None
    due: str | None


# --------------------------------------------------------------------------- the firm's public lists

RATES = [  # code, currency, we sell at (units a pound buys), we buy at (units for a pound back), notes we hold
    ["EUR", "Euro", 1.142, 1.226, [5, 10, 20, 50, 100]],
    ["USD", "US dollar", 1.248, 1.339, [1, 5, 10, 20, 50, 100]],
    ["CHF", "Swiss franc", 1.096, 1.183, [10, 20, 50, 100]],
    ["JPY", "Japanese yen", 182.6, 197.9, [1000, 5000, 10000]],
    ["TRY", "Turkish lira", 38.1, 44.7, [5, 10, 20, 50, 100, 200]],
    ["THB", "Thai baht", 43.2, 47.9, [20, 50, 100, 500, 1000]],
]
CORRIDORS = [  # country code, country, currency, rate (units a pound sends), fee in pounds, days to arrive
    ["PH", "Philippines", "PHP", 71.4, 2.99, 1],
    ["GH", "Ghana", "GHS", 18.9, 2.99, 1],
    ["PL", "Poland", "PLN", 4.96, 0.0, 1],
    ["IN", "India", "INR", 104.3, 1.99, 0],
    ["KE", "Kenya", "KES", 161.2, 2.49, 0],
]
RATE = {row[0]: row for row in RATES}
CORRIDOR = {row[0]: row for row in CORRIDORS}
BY_CURRENCY = {row[2]: row for row in CORRIDORS}
WATCHLIST = ("fiifi ofosu-danquah", "rustam belyakov", "teodor vasilescu-morar")
# the names the payee's bank holds for each account (what confirmation of payee checks against)
PAYEE_BANKS = {
    "PH-SLV-004417720931": "LIGAYA T DIMAGIBA",
    "GH-KSB-1170044521": "FIIFI OFOSU DANQUAH",
    "PL61109010140000071219812874": "ZBIGNIEW KORZENIOWSKI",
    "IN-TRND0001742-30021188711": "ANJOLIE VENKATARAMAN",
    "KE-RVB-0170199887412": "WANJIKU MUTHONI KAMAU",
}


class State:
    """Sallowfield Exchange, 22 Tolsey Arcade, on Thursday 11 March 2055 at 10:00."""

    def __init__(self) -> None:
        self.staff = {
            "lucinda.f": {"name": "Lucinda Farthingale", "password": "Tolsey-Florin-31", "role": CASHIER},
            "ezekiel.m": {"name": "Ezekiel Mabuza", "password": "Groat-Counter-58", "role": CASHIER},
            "henrike.s": {"name": "Henrike Slattery", "password": "Ducat-Watch-64", "role": COMPLIANCE},
            "wymond.k": {"name": "Wymond Kisch", "password": "Vault-Guilder-27", "role": TREASURY},
            "nesta.d": {"name": "Nesta Drury", "password": "Swift-Sterling-45", "role": PAYMENTS},
            "benedikta.v": {"name": "Benedikta Vasquez-Uglow", "password": "Agio-Ledger-90", "role": MANAGER},
        }
        self.sessions: dict[str, dict[str, Any]] = {}
        self.customers: dict[str, dict[str, Any]] = {
            "CUS-20411": {"name": "Jovita Adeyemo", "born": "2011-07-19", "phone": "07700 900612",
                          "email": "jovita.adeyemo@example.net", "address": "9 Chantrey Close, Sallowfield",
                          "identity": "verified", "transfers": True, "limit": DEFAULT_LIMIT, "edd": None},
            "CUS-20412": {"name": "Gaspard Lowndes", "born": "1997-02-03", "phone": "07700 900734",
                          "email": None, "address": "41 Quernmore Road, Sallowfield",
                          "identity": "verified", "transfers": False, "limit": DEFAULT_LIMIT, "edd": None},
            "CUS-20415": {"name": "Sabeline Tekle", "born": "2018-11-28", "phone": "07700 900851",
                          "email": "rtekle@example.org", "address": "Flat 3, 18 Weaving Shed Lane, Sallowfield",
                          "identity": "unverified", "transfers": False, "limit": DEFAULT_LIMIT, "edd": None},
            "CUS-20418": {"name": "Cyprian Brzozowski", "born": "1993-05-06", "phone": "07700 900968",
                          "email": "cyprian.b@example.com", "address": "The Old Oast, Hopyard Row, Sallowfield",
                          "identity": "verified", "transfers": True, "limit": DEFAULT_LIMIT, "edd": None},
            "CUS-20420": {"name": "Ngozi Loveridge", "born": "2015-09-14", "phone": "07700 900117",
                          "email": "ngozi.lv@example.net", "address": "27 Spurway Street, Sallowfield",
                          "identity": "verified", "transfers": False, "limit": DEFAULT_LIMIT, "edd": None},
        }
        self.documents: dict[str, dict[str, Any]] = {
            "DOC-7301": {"customer": "CUS-20411", "kind": "passport", "number": "534128870", "expires": "2061-04-02",
                         "uploaded": "2054-08-12", "checked": True},
            "DOC-7304": {"customer": "CUS-20412", "kind": "driving_licence", "number": "LOWND902037G99KX",
                         "expires": "2059-02-03", "uploaded": "2054-10-30", "checked": True},
            "DOC-7310": {"customer": "CUS-20418", "kind": "passport", "number": "ZS4471902", "expires": "2063-06-30",
                         "uploaded": "2055-01-08", "checked": True},
            "DOC-7312": {"customer": "CUS-20420", "kind": "passport", "number": "562210934", "expires": "2064-01-17",
                         "uploaded": "2055-02-20", "checked": True},
        }
        self.quotes: dict[str, dict[str, Any]] = {
            "QT-88410": {"kind": "travel_money", "currency": "EUR", "rate": 1.139, "gbp": 438.98, "foreign": 500.0,
                         "expires": "2055-03-10 16:42", "used": False},
        }
        self.orders: dict[str, dict[str, Any]] = {
            "ORD-51201": {"customer": "CUS-20412", "currency": "USD", "foreign": 800.0, "rate": 1.251, "gbp": 639.49,
                          "buyback": True, "to_pay": 644.44, "paid": 644.44, "code": "KQ7R2M",
                          "collect_on": "2055-03-11", "status": "ready", "notes": [[50, 10], [20, 15]],
                          "collected": None},
            "ORD-51203": {"customer": "CUS-20420", "currency": "THB", "foreign": 20000.0, "rate": 43.4,
                          "gbp": 460.83, "buyback": True, "to_pay": 465.78, "paid": 465.78, "code": "WD4N8P",
                          "collect_on": "2055-02-24", "status": "collected",
                          "notes": [[1000, 18], [500, 4]], "collected": "2055-02-24"},
            "ORD-51204": {"customer": "CUS-20411", "currency": "EUR", "foreign": 300.0, "rate": 1.142, "gbp": 262.7,
                          "buyback": False, "to_pay": 262.7, "paid": 0.0, "code": "HT3X9B",
                          "collect_on": "2055-03-12", "status": "awaiting_payment", "notes": [], "collected": None},
        }
        self.stock: dict[str, dict[int, int]] = {
            "EUR": {5: 40, 10: 60, 20: 80, 50: 30, 100: 6},
            "USD": {1: 50, 5: 30, 10: 40, 20: 25, 50: 8, 100: 4},
            "CHF": {10: 20, 20: 20, 50: 10, 100: 8},
            "JPY": {1000: 30, 5000: 4, 10000: 3},
            "TRY": {5: 40, 10: 40, 20: 30, 50: 20, 100: 12, 200: 6},
            "THB": {20: 50, 100: 40, 500: 16, 1000: 9},
        }
        self.stock_requests: dict[str, dict[str, Any]] = {
            "STK-0907": {"currency": "EUR", "lines": [[50, 40], [20, 50]], "requested": "2055-03-09",
                         "status": "received"},
        }
        self.tills: dict[str, dict[str, Any]] = {
            "TILL-1": {"cashier": "ezekiel.m", "float": 1500.0, "cash_in": 0.0, "cash_out": 0.0,
                       "opened": "2055-03-11 08:45", "closed": None},
        }
        self.beneficiaries: dict[str, dict[str, Any]] = {
            "BEN-7702": {"customer": "CUS-20411", "name": "Ligaya Dimagiba", "country": "PH",
                         "account": "PH-SLV-004417720931", "bank_code": "SLVRPHMMXXX", "payee_check": "match"},
            "BEN-7706": {"customer": "CUS-20412", "name": "Anjolie Venkataraman", "country": "IN",
                         "account": "IN-TRND0001742-30021188711", "bank_code": "TRNDINBB174",
                         "payee_check": "match"},
        }
        self.transfers: dict[str, dict[str, Any]] = {
            "TX-40121": {"customer": "CUS-20411", "beneficiary": "BEN-7702", "gbp": 250.0, "fee": 2.99,
                         "to_pay": 252.99, "currency": "PHP", "foreign": 17850.0, "rate": 71.4,
                         "purpose": "family_support", "funded": 252.99, "screening": "clear", "status": "sent",
                         "sent": "2055-02-26 11:20", "reference": "SFX-6618204", "due": "2055-02-27"},
        }
        self.edd_cases: dict[str, dict[str, Any]] = {}
        self.sars: list[list[str]] = []
        self.counters = {"customer": 20421, "document": 7313, "quote": 88411, "order": 51205, "stock": 908,
                         "till": 2, "beneficiary": 7707, "transfer": 40122, "edd": 311, "sar": 58,
                         "reference": 6618205}


# --------------------------------------------------------------------------- the session check


def counter(*roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Checks, before the call runs, that the token belongs to a signed-in member of staff whose role is one of
    ``roles`` (the manager may make every call; no roles: anyone signed in), and answers any refusal, the check's
    or the call's own, as a Plaid-style error object."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        async def checked(*args: Any, **kwargs: Any) -> Any:
            try:
                _session(kwargs.get("state"), kwargs.get("token"), roles)
                return await fn(*args, **kwargs)
            except _Refusal as refusal:
                return refusal.body()

        return checked

    return decorate


def _session(state: Any, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) and state is not None else None
    if session is None:
        raise _Refusal("AUTH_ERROR", "INVALID_ACCESS_TOKEN", "the access token is not valid, or the session has ended; "
                       "sign in again")
    if roles and session["role"] != MANAGER and session["role"] not in roles:
        raise _Refusal("PERMISSION_ERROR", "ROLE_NOT_PERMITTED",
                       f"{session['name']} ({session['role']}) may not do this")
    return session


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _missing(what, key)
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _bad(f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _money(value: Any, name: str) -> float:
    if not _number(value) or value <= 0:
        raise _bad(f"{name} is an amount above zero, not {value!r}")
    return round(float(value), 2)


def _ints(value: Any, name: str) -> list[int]:
    if not isinstance(value, list) or not value or not all(not isinstance(v, bool) and isinstance(v, int) and v > 0
                                                           for v in value):
        raise _bad(f"{name} is a list of whole numbers above zero")
    return list(value)


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        raise _bad(f"{name} is one of {', '.join(m.value for m in kind)}, not {value!r}") from None


def _choice(value: Any, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise _bad(f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _customer(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c["name"], date_of_birth=c["born"], phone=c["phone"], email=c["email"],
                    address=c["address"], identity=c["identity"], transfers_enabled=c["transfers"],
                    transfer_limit=c["limit"], edd_case=c["edd"])


def _order(state: State, oid: str) -> Order:
    o = state.orders[oid]
    return Order(order_id=oid, customer_id=o["customer"], customer=state.customers[o["customer"]]["name"],
                 currency=o["currency"], foreign_amount=o["foreign"], rate=o["rate"], gbp_amount=o["gbp"],
                 buyback=o["buyback"], to_pay=o["to_pay"], paid=o["paid"], collection_code=o["code"],
                 collect_on=o["collect_on"], order_status=o["status"])


def _beneficiary(state: State, bid: str) -> Beneficiary:
    b = state.beneficiaries[bid]
    return Beneficiary(beneficiary_id=bid, customer_id=b["customer"], name=b["name"], country=b["country"],
                       currency=CORRIDOR[b["country"]][2], account=b["account"], bank_code=b["bank_code"],
                       payee_check=b["payee_check"])


def _transfer(state: State, tid: str) -> Transfer:
    t = state.transfers[tid]
    return Transfer(transfer_id=tid, customer_id=t["customer"], beneficiary_id=t["beneficiary"],
                    beneficiary=state.beneficiaries[t["beneficiary"]]["name"], gbp_amount=t["gbp"], fee=t["fee"],
                    to_pay=t["to_pay"], currency=t["currency"], foreign_amount=t["foreign"], rate=t["rate"],
                    purpose=t["purpose"], funded=t["funded"], screening=t["screening"], transfer_status=t["status"])


def _quote(state: State, qid: Any, kind: str) -> dict[str, Any]:
    q = _get(state.quotes, qid, "quote")
    if q["kind"] != kind:
        raise _Refusal("QUOTE_ERROR", "WRONG_QUOTE_KIND", f"{qid} is a {q['kind'].replace('_', ' ')} quote")
    if q["used"]:
        raise _Refusal("QUOTE_ERROR", "QUOTE_USED", f"{qid} has been used already; quote again")
    if q["expires"] <= NOW:
        raise _Refusal("QUOTE_ERROR", "QUOTE_EXPIRED", f"{qid} expired at {q['expires'][11:]} on {q['expires'][:10]}; "
                       "a quote holds for 30 minutes")
    return q


def _till_of(state: State, username: str) -> str | None:
    return next((tid for tid, t in state.tills.items() if t["cashier"] == username and t["closed"] is None), None)


# --------------------------------------------------------------------------- sessions and public lists


async def sign_in(state: State, username: str, password: str) -> Session | dict[str, Any]:
    """Signs in to the exchange's system.

    Parameters
    ----------
    username
        The member of staff's user name, such as lucinda.f.
    password
        Their password.

    Returns
    -------
    The session: its token (every call but sign_in, rate_board and transfer_corridors needs it), the name and the
    role.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        return _Refusal("AUTH_ERROR", "INVALID_CREDENTIALS", "the user name or the password is wrong").body()
    token = f"sfx-{username}-{len(state.sessions) + 1}"
    state.sessions[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], signed_in=NOW)


@counter()
async def sign_out(state: State, token: str) -> str:
    """Ends a session.

    Parameters
    ----------
    token
        The session token.

    Returns
    -------
    A sentence saying who signed out.
    """
    who = state.sessions.pop(token)["name"]
    return f"{who} signed out at {NOW[11:]}."


async def rate_board() -> list[list[Any]]:
    """Today's travel money rates (public).

    Returns
    -------
    One row per currency: [code, currency, we sell at (units a pound buys), we buy back at (units for a pound), the
    notes we hold]; a quote for travel money takes the code.
    """
    return [list(row[:4]) + [list(row[4])] for row in RATES]


async def transfer_corridors() -> list[list[Any]]:
    """The countries the exchange sends money to (public).

    Returns
    -------
    One row per country: [country code, country, currency, rate (units a pound sends), fee in pounds, days to
    arrive]; a beneficiary takes the country code and a transfer quote the currency.
    """
    return [list(row) for row in CORRIDORS]


# --------------------------------------------------------------------------- customers and due diligence


@counter()
async def find_customer(state: State, token: str, text: str) -> list[Customer]:
    """Finds customers by part of their name or their phone number.

    Parameters
    ----------
    token
        The session token.
    text
        Part of a name, or a phone number.

    Returns
    -------
    The matching customers (customer_id, name, date_of_birth, phone, email, address, identity, transfers_enabled,
    transfer_limit, edd_case), oldest first.
    """
    if _blank(text):
        raise _bad("text is required", "MISSING_FIELDS")
    needle = text.strip().lower()
    digits = re.sub(r"\D", "", needle)
    return [_customer(state, cid) for cid, c in sorted(state.customers.items())
            if needle in c["name"].lower() or (len(digits) >= 6 and digits in re.sub(r"\D", "", c["phone"]))]


@counter(CASHIER, COMPLIANCE)
async def register_customer(state: State, token: str, name: str, date_of_birth: str, phone: str, address: str,
                            email: str | None = None) -> Customer:
    """Registers a new customer. Identity starts unverified, transfers off and the transfer limit at 2,500 pounds.

    Parameters
    ----------
    token
        The session token (a cashier or compliance).
    name
        The customer's full name.
    date_of_birth
        YYYY-MM-DD; customers are 18 or over.
    phone
        A phone number.
    address
        The home address.
    email
        An e-mail address, if they have one.

    Returns
    -------
    The customer, with its customer_id.
    """
    if any(_blank(v) for v in (name, phone, address)):
        raise _bad("name, phone and address are required", "MISSING_FIELDS")
    born = _date(date_of_birth, "date_of_birth")
    if born > f"{int(TODAY[:4]) - 18}{TODAY[4:]}":
        raise _Refusal("COMPLIANCE_ERROR", "UNDER_AGE", "customers must be 18 or over")
    if email is not None and (not isinstance(email, str) or "@" not in email):
        raise _bad(f"email is an e-mail address, not {email!r}")
    full = " ".join(name.split())
    if any(c["name"].lower() == full.lower() and c["born"] == born for c in state.customers.values()):
        raise _Refusal("COMPLIANCE_ERROR", "DUPLICATE_CUSTOMER", f"{full}, born {born}, is registered already")
    cid = f"CUS-{_next(state, 'customer')}"
    state.customers[cid] = {"name": full, "born": born, "phone": phone.strip(), "email": email,
                            "address": address.strip(), "identity": "unverified", "transfers": False,
                            "limit": DEFAULT_LIMIT, "edd": None}
    return _customer(state, cid)


@counter()
async def customer_profile(state: State, token: str, customer_id: str) -> CustomerProfile:
    """A customer's whole profile.

    Parameters
    ----------
    token
        The session token.
    customer_id
        The customer, such as CUS-20411.

    Returns
    -------
    The customer, with documents as rows [document_id, kind, number, expires, checked], orders as rows [order_id,
    currency, foreign amount, to pay, order status], beneficiaries as rows [beneficiary_id, name, country, payee
    check] and transfers as rows [transfer_id, beneficiary_id, pounds, transfer status].
    """
    _get(state.customers, customer_id, "customer")
    documents = [[did, d["kind"], d["number"], d["expires"], d["checked"]]
                 for did, d in sorted(state.documents.items()) if d["customer"] == customer_id]
    orders = [[oid, o["currency"], o["foreign"], o["to_pay"], o["status"]]
              for oid, o in sorted(state.orders.items()) if o["customer"] == customer_id]
    payees = [[bid, b["name"], b["country"], b["payee_check"]]
              for bid, b in sorted(state.beneficiaries.items()) if b["customer"] == customer_id]
    sent = [[tid, t["beneficiary"], t["gbp"], t["status"]]
            for tid, t in sorted(state.transfers.items()) if t["customer"] == customer_id]
    return CustomerProfile(**asdict(_customer(state, customer_id)), documents=documents, orders=orders,
                           beneficiaries=payees, transfers=sent)


@counter(CASHIER, COMPLIANCE)
async def upload_document(state: State, token: str, customer_id: str, kind: DocKind, number: str,
                          expires: str | None = None) -> Document:
    """Files a scan of a customer's document: identity (passport, driving licence, national identity card), source of
    funds (bank statement, payslip, sale contract) or address (utility bill).

    Parameters
    ----------
    token
        The session token (a cashier or compliance).
    customer_id
        The customer.
    kind
        passport, driving_licence, national_id, bank_statement, payslip, sale_contract or utility_bill.
    number
        The document's number or reference.
    expires
        YYYY-MM-DD, for an identity document.

    Returns
    -------
    The document: document_id, customer_id, kind, number, expires, uploaded.
    """
    _get(state.customers, customer_id, "customer")
    doc = _enum(DocKind, kind, "kind").value
    if _blank(number):
        raise _bad("number is required", "MISSING_FIELDS")
    until = None
    if doc in ID_KINDS:
        if expires is None:
            raise _bad("an identity document needs its expiry date", "MISSING_FIELDS")
        until = _date(expires, "expires")
        if until <= TODAY:
            raise _Refusal("COMPLIANCE_ERROR", "DOCUMENT_EXPIRED", f"that {doc.replace('_', ' ')} expired on {until}")
    ref = number.strip().upper()
    if any(d["customer"] == customer_id and d["number"] == ref for d in state.documents.values()):
        raise _Refusal("COMPLIANCE_ERROR", "DUPLICATE_DOCUMENT", f"{ref} is on {customer_id}'s file already")
    did = f"DOC-{_next(state, 'document')}"
    state.documents[did] = {"customer": customer_id, "kind": doc, "number": ref, "expires": until,
                            "uploaded": TODAY, "checked": False}
    return Document(document_id=did, customer_id=customer_id, kind=doc, number=ref, expires=until, uploaded=TODAY)


@counter(CASHIER, COMPLIANCE)
async def verify_identity(state: State, token: str, customer_id: str, document_id: str) -> Customer:
    """Verifies a customer's identity against an identity document on their file.

    Parameters
    ----------
    token
        The session token (a cashier or compliance).
    customer_id
        The customer.
    document_id
        A passport, driving licence or national identity card on the customer's file.

    Returns
    -------
    The customer, identity now verified.
    """
    c = _get(state.customers, customer_id, "customer")
    d = _get(state.documents, document_id, "document")
    if d["customer"] != customer_id:
        raise _Refusal("COMPLIANCE_ERROR", "DOCUMENT_MISMATCH", f"{document_id} is not on {customer_id}'s file")
    if d["kind"] not in ID_KINDS:
        raise _Refusal("COMPLIANCE_ERROR", "NOT_AN_IDENTITY_DOCUMENT",
                       f"{document_id} is a {d['kind'].replace('_', ' ')}, not an identity document")
    if c["identity"] == "verified":
        raise _Refusal("COMPLIANCE_ERROR", "ALREADY_VERIFIED", f"{customer_id}'s identity is verified already")
    c["identity"] = "verified"
    d["checked"] = True
    return _customer(state, customer_id)


@counter(COMPLIANCE)
async def open_edd_case(state: State, token: str, customer_id: str, reason: str) -> EddCase:
    """Opens an enhanced due diligence case on a customer.

    Parameters
    ----------
    token
        The session token (compliance).
    customer_id
        The customer.
    reason
        Why (what the customer means to do).

    Returns
    -------
    The case: case_id, customer_id, reason, opened, case_status (open).
    """
    c = _get(state.customers, customer_id, "customer")
    if _blank(reason):
        raise _bad("reason is required", "MISSING_FIELDS")
    if c["edd"] is not None and state.edd_cases[c["edd"]]["status"] == "open":
        raise _Refusal("COMPLIANCE_ERROR", "CASE_OPEN", f"{customer_id} has {c['edd']} open already")
    eid = f"EDD-{_next(state, 'edd'):04d}"
    state.edd_cases[eid] = {"customer": customer_id, "reason": reason.strip(), "opened": TODAY, "status": "open",
                            "note": None}
    c["edd"] = eid
    return EddCase(case_id=eid, customer_id=customer_id, reason=reason.strip(), opened=TODAY, case_status="open")


@counter(COMPLIANCE)
async def approve_edd(state: State, token: str, case_id: str, note: str) -> EddCase:
    """Approves an enhanced due diligence case once the customer's source of funds is evidenced on file.

    Parameters
    ----------
    token
        The session token (compliance).
    case_id
        The case, such as EDD-0311.
    note
        What was seen.

    Returns
    -------
    The case, approved.
    """
    e = _get(state.edd_cases, case_id, "edd case")
    if _blank(note):
        raise _bad("note is required", "MISSING_FIELDS")
    if e["status"] != "open":
        raise _Refusal("COMPLIANCE_ERROR", "CASE_CLOSED", f"{case_id} is {e['status']} already")
    if not any(d["customer"] == e["customer"] and d["kind"] in FUNDS_KINDS for d in state.documents.values()):
        raise _Refusal("COMPLIANCE_ERROR", "NO_SOURCE_OF_FUNDS",
                       f"{e['customer']} has no bank statement, payslip or sale contract on file")
    e["status"] = "approved"
    e["note"] = note.strip()
    return EddCase(case_id=case_id, customer_id=e["customer"], reason=e["reason"], opened=e["opened"],
                   case_status="approved")


@counter(CASHIER, COMPLIANCE)
async def set_transfers_enabled(state: State, token: str, customer_id: str, enabled: bool) -> Customer:
    """Turns international transfers on or off for a customer.

    Parameters
    ----------
    token
        The session token (a cashier or compliance).
    customer_id
        The customer.
    enabled
        True to turn transfers on, False to turn them off.

    Returns
    -------
    The customer.
    """
    c = _get(state.customers, customer_id, "customer")
    if not isinstance(enabled, bool):
        raise _bad("enabled is true or false")
    if c["transfers"] == enabled:
        raise _Refusal("COMPLIANCE_ERROR", "NO_CHANGE",
                       f"transfers are already {'on' if enabled else 'off'} for {customer_id}")
    if enabled and c["identity"] != "verified":
        raise _Refusal("COMPLIANCE_ERROR", "IDENTITY_NOT_VERIFIED", f"{customer_id}'s identity is not verified")
    c["transfers"] = enabled
    return _customer(state, customer_id)


@counter(COMPLIANCE)
async def set_transfer_limit(state: State, token: str, customer_id: str, limit: float) -> Customer:
    """Sets the most a customer may send in one transfer.

    Parameters
    ----------
    token
        The session token (compliance).
    customer_id
        The customer.
    limit
        The limit in pounds.

    Returns
    -------
    The customer.
    """
    c = _get(state.customers, customer_id, "customer")
    amount = _money(limit, "limit")
    if amount > TOP_LIMIT:
        raise _Refusal("COMPLIANCE_ERROR", "LIMIT_TOO_HIGH", f"no customer may send more than {TOP_LIMIT:,.0f} pounds")
    if amount == c["limit"]:
        raise _Refusal("COMPLIANCE_ERROR", "NO_CHANGE", f"{customer_id}'s limit is {amount:,.2f} already")
    if amount > EDD_LIMIT and (c["edd"] is None or state.edd_cases[c["edd"]]["status"] != "approved"):
        raise _Refusal("COMPLIANCE_ERROR", "EDD_REQUIRED",
                       f"a limit over {EDD_LIMIT:,.0f} pounds needs an approved enhanced due diligence case")
    c["limit"] = amount
    return _customer(state, customer_id)


# --------------------------------------------------------------------------- travel money


@counter(CASHIER, PAYMENTS)
async def quote_rate(state: State, token: str, currency: str, kind: QuoteKind, gbp_amount: float | None = None,
                     foreign_amount: float | None = None) -> Quote:
    """Quotes a rate, held for 30 minutes: travel money (a currency on the rate board) or a transfer (a corridor's
    currency). Give the pounds or the foreign amount, not both.

    Parameters
    ----------
    token
        The session token (a cashier or payments).
    currency
        The currency code.
    kind
        travel_money or transfer.
    gbp_amount
        Pounds to spend or send.
    foreign_amount
        Foreign currency wanted.

    Returns
    -------
    The quote: quote_id, kind, currency, rate, gbp_amount, foreign_amount, expires.
    """
    kind = _choice(kind, ("travel_money", "transfer"), "kind")
    if (gbp_amount is None) == (foreign_amount is None):
        raise _bad("give gbp_amount or foreign_amount, one of them")
    if kind == "travel_money":
        row = RATE.get(currency) if isinstance(currency, str) else None
        if row is None:
            raise _missing("travel money currency", currency)
        rate, smallest = row[2], min(row[4])
        if foreign_amount is not None:
            foreign = _money(foreign_amount, "foreign_amount")
            if foreign % smallest:
                raise _bad(f"{currency} is sold in multiples of {smallest}, the smallest note we hold")
        else:
            foreign = float(int(_money(gbp_amount, "gbp_amount") * rate // smallest * smallest))
        gbp = round(foreign / rate, 2)
        if not MIN_ORDER <= gbp <= MAX_ORDER:
            raise _Refusal("QUOTE_ERROR", "AMOUNT_OUT_OF_RANGE",
                           f"travel money orders are for {MIN_ORDER:,.0f} to {MAX_ORDER:,.0f} pounds")
    else:
        row = BY_CURRENCY.get(currency) if isinstance(currency, str) else None
        if row is None:
            raise _missing("transfer currency", currency)
        rate = row[3]
        if gbp_amount is not None:
            gbp = _money(gbp_amount, "gbp_amount")
            foreign = round(gbp * rate, 2)
        else:
            foreign = _money(foreign_amount, "foreign_amount")
            gbp = round(foreign / rate, 2)
        if gbp < 10:
            raise _Refusal("QUOTE_ERROR", "AMOUNT_OUT_OF_RANGE", "a transfer is for 10 pounds or more")
    qid = f"QT-{_next(state, 'quote')}"
    expires = NOW[:11] + "10:30"
    state.quotes[qid] = {"kind": kind, "currency": currency, "rate": rate, "gbp": gbp, "foreign": foreign,
                         "expires": expires, "used": False}
    return Quote(quote_id=qid, kind=kind, currency=currency, rate=rate, gbp_amount=gbp, foreign_amount=foreign,
                 expires=expires)


@counter(CASHIER)
async def place_order(state: State, token: str, customer_id: str, quote_id: str, collect_on: str) -> Order:
    """Places a travel money order for collection at the branch, at a travel money quote's rate.

    Parameters
    ----------
    token
        The session token (a cashier).
    customer_id
        The customer.
    quote_id
        A travel money quote still held.
    collect_on
        The collection date, YYYY-MM-DD.

    Returns
    -------
    The order: order_id, customer_id, customer, currency, foreign_amount, rate, gbp_amount, buyback, to_pay, paid,
    collection_code, collect_on, order_status (awaiting_payment).
    """
    c = _get(state.customers, customer_id, "customer")
    q = _quote(state, quote_id, "travel_money")
    day = _date(collect_on, "collect_on")
    if day < TODAY or day > "2055-04-10":
        raise _bad("collect_on is today or a day in the next 30 days")
    if datetime.date.fromisoformat(day).weekday() == 6:
        raise _bad("the branch is closed on Sundays")
    if q["gbp"] > ID_THRESHOLD and c["identity"] != "verified":
        raise _Refusal("COMPLIANCE_ERROR", "IDENTITY_NOT_VERIFIED",
                       f"an order over {ID_THRESHOLD:,.0f} pounds needs {customer_id}'s identity verified")
    q["used"] = True
    oid = f"ORD-{_next(state, 'order')}"
    code = "".join("ABCDEFGHJKMNPQRSTUVWXYZ23456789"[(zlib.crc32(f'{oid}{i}'.encode()) >> 3) % 31] for i in range(6))
    state.orders[oid] = {"customer": customer_id, "currency": q["currency"], "foreign": q["foreign"],
                         "rate": q["rate"], "gbp": q["gbp"], "buyback": False, "to_pay": q["gbp"], "paid": 0.0,
                         "code": code, "collect_on": day, "status": "awaiting_payment", "notes": [],
                         "collected": None}
    return _order(state, oid)


@counter()
async def orders(state: State, token: str, status: OrderStatus | None = None,
                 customer_id: str | None = None) -> list[Order]:
    """Lists travel money orders.

    Parameters
    ----------
    token
        The session token.
    status
        Only orders in this status: awaiting_payment, paid, ready, collected or cancelled.
    customer_id
        Only this customer's orders.

    Returns
    -------
    The orders, oldest first, as place_order gives them.
    """
    if status is not None:
        _choice(status, ("awaiting_payment", "paid", "ready", "collected", "cancelled"), "status")
    return [_order(state, oid) for oid, o in sorted(state.orders.items())
            if (status is None or o["status"] == status) and (customer_id is None or o["customer"] == customer_id)]


@counter(CASHIER)
async def add_buyback(state: State, token: str, order_id: str) -> Order:
    """Adds the buy-back guarantee to an order before it is paid: the customer may sell unused notes back at the
    order's rate within 28 days of collection. The fee is added to what is to pay.

    Parameters
    ----------
    token
        The session token (a cashier).
    order_id
        The order.

    Returns
    -------
    The order.
    """
    o = _get(state.orders, order_id, "order")
    if o["buyback"]:
        raise _Refusal("ORDER_ERROR", "BUYBACK_ALREADY_ADDED", f"{order_id} has the buy-back guarantee already")
    if o["status"] != "awaiting_payment":
        raise _Refusal("ORDER_ERROR", "ORDER_PAID", f"{order_id} is {o['status'].replace('_', ' ')}; the guarantee is "
                       "added before payment")
    o["buyback"] = True
    o["to_pay"] = round(o["to_pay"] + BUYBACK_FEE, 2)
    return _order(state, order_id)


@counter(CASHIER)
async def open_till(state: State, token: str, float_amount: float) -> Till:
    """Opens the signed-in cashier's till with a cash float.

    Parameters
    ----------
    token
        The session token (a cashier).
    float_amount
        The float counted into the till, in pounds.

    Returns
    -------
    The till: till_id, cashier, float, opened.
    """
    session = state.sessions[token]
    amount = _money(float_amount, "float_amount")
    if _till_of(state, session["username"]) is not None:
        raise _Refusal("TILL_ERROR", "TILL_OPEN", f"{session['name']} has a till open already")
    tid = f"TILL-{_next(state, 'till')}"
    state.tills[tid] = {"cashier": session["username"], "float": amount, "cash_in": 0.0, "cash_out": 0.0,
                        "opened": NOW, "closed": None}
    return Till(till_id=tid, cashier=session["name"], float_amount=amount, opened=NOW)


@counter(CASHIER)
async def take_payment(state: State, token: str, order_id: str, method: PayMethod, amount: float) -> float:
    """Takes a payment for a travel money order; cash goes into the signed-in cashier's open till.

    Parameters
    ----------
    token
        The session token (a cashier).
    order_id
        The order.
    method
        card, cash or bank_transfer.
    amount
        Pounds paid.

    Returns
    -------
    What is left to pay on the order, in pounds.
    """
    session = state.sessions[token]
    o = _get(state.orders, order_id, "order")
    how = _enum(PayMethod, method, "method").value
    paid = _money(amount, "amount")
    if o["status"] != "awaiting_payment":
        raise _Refusal("ORDER_ERROR", "ORDER_NOT_PAYABLE", f"{order_id} is {o['status'].replace('_', ' ')}")
    owed = round(o["to_pay"] - o["paid"], 2)
    if paid > owed:
        raise _Refusal("ORDER_ERROR", "OVERPAYMENT", f"only {owed:,.2f} is owed on {order_id}")
    if how == "cash":
        till = _till_of(state, session["username"])
        if till is None:
            raise _Refusal("TILL_ERROR", "NO_OPEN_TILL", f"{session['name']} has no till open for cash")
        if paid > MAX_CASH:
            raise _Refusal("COMPLIANCE_ERROR", "CASH_LIMIT", f"cash payments are {MAX_CASH:,.0f} pounds at most")
        state.tills[till]["cash_in"] = round(state.tills[till]["cash_in"] + paid, 2)
    o["paid"] = round(o["paid"] + paid, 2)
    if o["paid"] >= o["to_pay"]:
        o["status"] = "paid"
    return round(o["to_pay"] - o["paid"], 2)


@counter(CASHIER)
async def close_till(state: State, token: str, till_id: str, counted: float) -> str:
    """Closes a till, counting the cash in it.

    Parameters
    ----------
    token
        The session token (a cashier).
    till_id
        The till, such as TILL-1.
    counted
        The cash counted, in pounds.

    Returns
    -------
    A sentence with what was expected and the difference.
    """
    t = _get(state.tills, till_id, "till")
    if not _number(counted) or counted < 0:
        raise _bad("counted is an amount of zero or more")
    if t["closed"] is not None:
        raise _Refusal("TILL_ERROR", "TILL_CLOSED", f"{till_id} was closed at {t['closed'][11:]}")
    if t["cashier"] != state.sessions[token]["username"] and state.sessions[token]["role"] != MANAGER:
        raise _Refusal("PERMISSION_ERROR", "NOT_YOUR_TILL", f"{till_id} is {state.staff[t['cashier']]['name']}'s")
    expected = round(t["float"] + t["cash_in"] - t["cash_out"], 2)
    t["closed"] = NOW
    return (f"{till_id} closed at {NOW[11:]}: counted {float(counted):,.2f}, expected {expected:,.2f}, "
            f"difference {round(float(counted) - expected, 2):,.2f}.")


@counter(TREASURY, CASHIER)
async def branch_stock(state: State, token: str, currency: str | None = None) -> list[list[Any]]:
    """The notes in the branch safe.

    Parameters
    ----------
    token
        The session token (treasury or a cashier).
    currency
        Only this currency.

    Returns
    -------
    One row per note: [currency, denomination, notes held].
    """
    return [[cur, denom, count] for cur, notes in sorted(state.stock.items()) for denom, count in sorted(notes.items())
            if (currency is None or cur == currency) and count > 0]


@counter(TREASURY)
async def request_stock(state: State, token: str, currency: str, denominations: list[int],
                        notes: list[int]) -> StockRequest:
    """Orders notes from the central vault for delivery to the branch today.

    Parameters
    ----------
    token
        The session token (treasury).
    currency
        A currency on the rate board.
    denominations
        The notes wanted, such as [1000, 5000].
    notes
        How many of each, in the same order.

    Returns
    -------
    The request: request_id, currency, lines as rows [denomination, notes], requested, request_status (ordered).
    """
    row = RATE.get(currency) if isinstance(currency, str) else None
    if row is None:
        raise _missing("travel money currency", currency)
    denoms, counts = _ints(denominations, "denominations"), _ints(notes, "notes")
    if len(denoms) != len(counts):
        raise _bad("denominations and notes are lists of the same length")
    wrong = [d for d in denoms if d not in row[4]]
    if wrong:
        raise _bad(f"the vault holds no {currency} {wrong[0]} notes")
    if any(c % 10 for c in counts):
        raise _bad("the vault sends notes in bundles of 10")
    rid = f"STK-{_next(state, 'stock'):04d}"
    state.stock_requests[rid] = {"currency": currency, "lines": [[d, c] for d, c in zip(denoms, counts)],
                                 "requested": TODAY, "status": "ordered"}
    return StockRequest(request_id=rid, currency=currency, lines=[[d, c] for d, c in zip(denoms, counts)],
                        requested=TODAY, request_status="ordered")


@counter(TREASURY)
async def receive_stock(state: State, token: str, request_id: str) -> StockRequest:
    """Books a vault delivery into the branch safe.

    Parameters
    ----------
    token
        The session token (treasury).
    request_id
        The stock request, such as STK-0907.

    Returns
    -------
    The request, received.
    """
    r = _get(state.stock_requests, request_id, "stock request")
    if r["status"] != "ordered":
        raise _Refusal("STOCK_ERROR", "ALREADY_RECEIVED", f"{request_id} was received already")
    for denom, count in r["lines"]:
        state.stock[r["currency"]][denom] = state.stock[r["currency"]].get(denom, 0) + count
    r["status"] = "received"
    return StockRequest(request_id=request_id, currency=r["currency"], lines=[list(x) for x in r["lines"]],
                        requested=r["requested"], request_status="received")


@counter(TREASURY, CASHIER)
async def prepare_order(state: State, token: str, order_id: str, denominations: list[int], notes: list[int]) -> Order:
    """Counts a paid order's notes out of the safe, ready for collection.

    Parameters
    ----------
    token
        The session token (treasury or a cashier).
    order_id
        The order.
    denominations
        The notes to give, such as [50, 20].
    notes
        How many of each, in the same order, adding up to the order's foreign amount.

    Returns
    -------
    The order, ready.
    """
    o = _get(state.orders, order_id, "order")
    denoms, counts = _ints(denominations, "denominations"), _ints(notes, "notes")
    if len(denoms) != len(counts):
        raise _bad("denominations and notes are lists of the same length")
    if o["status"] != "paid":
        code = {"awaiting_payment": "ORDER_NOT_PAID", "ready": "ORDER_ALREADY_PREPARED"}.get(o["status"],
                                                                                              "ORDER_CLOSED")
        raise _Refusal("ORDER_ERROR", code, f"{order_id} is {o['status'].replace('_', ' ')}; only a paid order is "
                       "prepared")
    safe = state.stock[o["currency"]]
    for d, c in zip(denoms, counts):
        if d not in safe:
            raise _Refusal("STOCK_ERROR", "NO_SUCH_NOTE", f"the safe holds no {o['currency']} {d} notes")
        if safe[d] < c:
            raise _Refusal("STOCK_ERROR", "NOT_ENOUGH_NOTES", f"the safe holds {safe[d]} {o['currency']} {d} notes")
    if sum(d * c for d, c in zip(denoms, counts)) != o["foreign"]:
        raise _bad(f"the notes add up to {sum(d * c for d, c in zip(denoms, counts)):,} {o['currency']}, not "
                   f"{o['foreign']:,.0f}")
    for d, c in zip(denoms, counts):
        safe[d] -= c
    o["notes"] = [[d, c] for d, c in zip(denoms, counts)]
    o["status"] = "ready"
    return _order(state, order_id)


@counter(CASHIER)
async def collect_order(state: State, token: str, order_id: str, collection_code: str, id_seen: bool) -> str:
    """Hands a ready order over to its customer, who gives the collection code.

    Parameters
    ----------
    token
        The session token (a cashier).
    order_id
        The order.
    collection_code
        The code the customer gives.
    id_seen
        Whether the customer showed photo identity at the counter.

    Returns
    -------
    A sentence saying what was handed over.
    """
    o = _get(state.orders, order_id, "order")
    if not isinstance(id_seen, bool):
        raise _bad("id_seen is true or false")
    if o["status"] != "ready":
        raise _Refusal("ORDER_ERROR", "ORDER_NOT_READY", f"{order_id} is {o['status'].replace('_', ' ')}")
    if o["collect_on"] > TODAY:
        raise _Refusal("ORDER_ERROR", "NOT_DUE", f"{order_id} is to be collected on {o['collect_on']}")
    if not isinstance(collection_code, str) or collection_code.strip().upper() != o["code"]:
        raise _Refusal("ORDER_ERROR", "WRONG_COLLECTION_CODE", f"that is not {order_id}'s collection code")
    if o["gbp"] > 500 and not id_seen:
        raise _Refusal("COMPLIANCE_ERROR", "ID_NOT_SEEN", "photo identity is seen for an order over 500 pounds")
    o["status"] = "collected"
    o["collected"] = TODAY
    return (f"{order_id} collected by {state.customers[o['customer']]['name']}: {o['currency']} "
            f"{o['foreign']:,.2f} at {o['rate']}.")


@counter(CASHIER)
async def sell_back(state: State, token: str, order_id: str, foreign_amount: float) -> SaleBack:
    """Buys unused notes back from a customer at the rate of their collected order, under its buy-back guarantee.

    Parameters
    ----------
    token
        The session token (a cashier).
    order_id
        The collected order.
    foreign_amount
        The notes handed back, in the order's currency.

    Returns
    -------
    order_id, currency, foreign_amount, rate, gbp_paid (in cash or to the card).
    """
    o = _get(state.orders, order_id, "order")
    amount = _money(foreign_amount, "foreign_amount")
    if o["status"] != "collected":
        raise _Refusal("ORDER_ERROR", "ORDER_NOT_COLLECTED", f"{order_id} is {o['status'].replace('_', ' ')}")
    if not o["buyback"]:
        raise _Refusal("ORDER_ERROR", "NO_BUYBACK", f"{order_id} has no buy-back guarantee")
    if (datetime.date.fromisoformat(TODAY) - datetime.date.fromisoformat(o["collected"])).days > 28:
        raise _Refusal("ORDER_ERROR", "BUYBACK_EXPIRED", f"{order_id}'s guarantee ran out 28 days after collection")
    if amount > o["foreign"]:
        raise _bad(f"{order_id} was for {o['foreign']:,.2f} {o['currency']}")
    if amount % min(RATE[o["currency"]][4]):
        raise _bad(f"only whole {o['currency']} notes are bought back")
    gbp = round(amount / o["rate"], 2)
    o["foreign"] = round(o["foreign"] - amount, 2)
    if o["foreign"] == 0:
        o["buyback"] = False
    return SaleBack(order_id=order_id, currency=o["currency"], foreign_amount=amount, rate=o["rate"], gbp_paid=gbp)


@counter(CASHIER)
async def refund_order(state: State, token: str, order_id: str, reason: str) -> str:
    """Cancels an order that has not been collected, refunding what was paid.

    Parameters
    ----------
    token
        The session token (a cashier).
    order_id
        The order.
    reason
        Why.

    Returns
    -------
    A sentence with what was refunded.
    """
    o = _get(state.orders, order_id, "order")
    if _blank(reason):
        raise _bad("reason is required", "MISSING_FIELDS")
    if o["status"] in ("collected", "cancelled"):
        raise _Refusal("ORDER_ERROR", "ORDER_CLOSED", f"{order_id} is {o['status']}")
    for d, c in o["notes"]:
        state.stock[o["currency"]][d] += c
    o["notes"] = []
    refunded = o["paid"]
    o["status"] = "cancelled"
    return f"{order_id} cancelled ({reason.strip()}); {refunded:,.2f} pounds refunded."


# --------------------------------------------------------------------------- money transfers


@counter(CASHIER, PAYMENTS)
async def add_beneficiary(state: State, token: str, customer_id: str, name: str, country: str, account: str,
                          bank_code: str) -> Beneficiary:
    """Adds someone a customer sends money to. The customer must have transfers turned on.

    Parameters
    ----------
    token
        The session token (a cashier or payments).
    customer_id
        The customer.
    name
        The beneficiary's name as their bank holds it.
    country
        The country code of a transfer corridor.
    account
        The account number or IBAN.
    bank_code
        The bank's BIC (SWIFT code).

    Returns
    -------
    The beneficiary: beneficiary_id, customer_id, name, country, currency, account, bank_code, payee_check (none
    yet).
    """
    c = _get(state.customers, customer_id, "customer")
    if any(_blank(v) for v in (name, account, bank_code)):
        raise _bad("name, account and bank_code are required", "MISSING_FIELDS")
    if not isinstance(country, str) or country not in CORRIDOR:
        raise _missing("corridor", country)
    bic = bank_code.strip().upper()
    if not re.fullmatch(r"[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?", bic) or bic[4:6] != country:
        raise _bad(f"bank_code is a BIC of 8 or 11 characters whose fifth and sixth are {country}")
    acct = re.sub(r"\s", "", account.strip().upper())
    if country == "PL" and not re.fullmatch(r"PL\d{26}", acct):
        raise _bad("a Polish account is an IBAN: PL and 26 digits")
    if not c["transfers"]:
        raise _Refusal("TRANSFER_ERROR", "TRANSFERS_DISABLED", f"transfers are off for {customer_id}")
    if any(b["customer"] == customer_id and b["account"] == acct for b in state.beneficiaries.values()):
        raise _Refusal("TRANSFER_ERROR", "DUPLICATE_BENEFICIARY",
                       f"{acct} is one of {customer_id}'s beneficiaries already")
    bid = f"BEN-{_next(state, 'beneficiary')}"
    state.beneficiaries[bid] = {"customer": customer_id, "name": " ".join(name.split()), "country": country,
                                "account": acct, "bank_code": bic, "payee_check": None}
    return _beneficiary(state, bid)


@counter()
async def beneficiaries(state: State, token: str, customer_id: str) -> list[Beneficiary]:
    """A customer's beneficiaries.

    Parameters
    ----------
    token
        The session token.
    customer_id
        The customer.

    Returns
    -------
    The beneficiaries, as add_beneficiary gives them.
    """
    _get(state.customers, customer_id, "customer")
    return [_beneficiary(state, bid) for bid, b in sorted(state.beneficiaries.items()) if b["customer"] == customer_id]


@counter(CASHIER, PAYMENTS)
async def verify_payee(state: State, token: str, beneficiary_id: str) -> PayeeCheck:
    """Asks the beneficiary's bank whether the name matches the account (confirmation of payee).

    Parameters
    ----------
    token
        The session token (a cashier or payments).
    beneficiary_id
        The beneficiary.

    Returns
    -------
    The beneficiary, with payee_check match, close_match or no_match, and the name the bank holds.
    """
    b = _get(state.beneficiaries, beneficiary_id, "beneficiary")
    if b["payee_check"] is not None:
        raise _Refusal("TRANSFER_ERROR", "ALREADY_CHECKED", f"{beneficiary_id} was checked already: {b['payee_check']}")
    held = PAYEE_BANKS.get(b["account"])
    given = re.sub(r"[^A-Z ]", " ", b["name"].upper()).split()
    if held is None:
        result = "no_match"
    elif given == held.split():
        result = "match"
    elif given[-1:] == held.split()[-1:] or set(given) & set(held.split()):
        result = "close_match"
    else:
        result = "no_match"
    b["payee_check"] = result
    return PayeeCheck(**asdict(_beneficiary(state, beneficiary_id)), name_held=held)


@counter(CASHIER, PAYMENTS)
async def create_transfer(state: State, token: str, customer_id: str, beneficiary_id: str, quote_id: str,
                          purpose: str) -> Transfer:
    """Books a transfer to one of a customer's beneficiaries at a transfer quote's rate, awaiting the customer's
    funds.

    Parameters
    ----------
    token
        The session token (a cashier or payments).
    customer_id
        The customer.
    beneficiary_id
        One of the customer's beneficiaries, its payee checked.
    quote_id
        A transfer quote still held, in the beneficiary's currency.
    purpose
        What the money is for.

    Returns
    -------
    The transfer: transfer_id, customer_id, beneficiary_id, beneficiary, gbp_amount, fee, to_pay, currency,
    foreign_amount, rate, purpose, funded, screening, transfer_status (awaiting_funds).
    """
    c = _get(state.customers, customer_id, "customer")
    b = _get(state.beneficiaries, beneficiary_id, "beneficiary")
    q = _quote(state, quote_id, "transfer")
    if b["customer"] != customer_id:
        raise _Refusal("TRANSFER_ERROR", "NOT_THEIR_BENEFICIARY", f"{beneficiary_id} is not {customer_id}'s")
    if purpose not in PURPOSES:
        raise _bad(f"purpose is one of {', '.join(PURPOSES)}")
    if not c["transfers"]:
        raise _Refusal("TRANSFER_ERROR", "TRANSFERS_DISABLED", f"transfers are off for {customer_id}")
    if b["payee_check"] not in ("match", "close_match"):
        raise _Refusal("TRANSFER_ERROR", "PAYEE_NOT_CONFIRMED",
                       f"{beneficiary_id}'s payee check is {b['payee_check'] or 'not done'}")
    corridor = CORRIDOR[b["country"]]
    if q["currency"] != corridor[2]:
        raise _Refusal("QUOTE_ERROR", "WRONG_CURRENCY", f"{quote_id} is in {q['currency']}; {b['name']} is paid in "
                       f"{corridor[2]}")
    if q["gbp"] > c["limit"]:
        raise _Refusal("TRANSFER_ERROR", "LIMIT_EXCEEDED", f"{q['gbp']:,.2f} pounds is over {customer_id}'s transfer "
                       f"limit of {c['limit']:,.2f}")
    q["used"] = True
    tid = f"TX-{_next(state, 'transfer')}"
    state.transfers[tid] = {"customer": customer_id, "beneficiary": beneficiary_id, "gbp": q["gbp"],
                            "fee": corridor[4], "to_pay": round(q["gbp"] + corridor[4], 2), "currency": q["currency"],
                            "foreign": q["foreign"], "rate": q["rate"], "purpose": purpose, "funded": 0.0,
                            "screening": None, "status": "awaiting_funds", "sent": None, "reference": None,
                            "due": None}
    return _transfer(state, tid)


@counter()
async def transfers(state: State, token: str, customer_id: str | None = None,
                    status: TransferStatus | None = None) -> list[Transfer]:
    """Lists transfers.

    Parameters
    ----------
    token
        The session token.
    customer_id
        Only this customer's transfers.
    status
        Only transfers in this status: awaiting_funds, funded, held, sent or recalled.

    Returns
    -------
    The transfers, oldest first, as create_transfer gives them.
    """
    if status is not None:
        _choice(status, ("awaiting_funds", "funded", "held", "sent", "recalled"), "status")
    return [_transfer(state, tid) for tid, t in sorted(state.transfers.items())
            if (customer_id is None or t["customer"] == customer_id) and (status is None or t["status"] == status)]


@counter(CASHIER, PAYMENTS)
async def fund_transfer(state: State, token: str, transfer_id: str, method: FundMethod, amount: float) -> Funding:
    """Takes the customer's money for a transfer: the amount and the fee.

    Parameters
    ----------
    token
        The session token (a cashier or payments).
    transfer_id
        The transfer.
    method
        debit_card or bank_transfer.
    amount
        Pounds received.

    Returns
    -------
    transfer_id, funded, to_pay, transfer_status.
    """
    t = _get(state.transfers, transfer_id, "transfer")
    _choice(method, ("debit_card", "bank_transfer"), "method")
    paid = _money(amount, "amount")
    if t["status"] not in ("awaiting_funds", "held") or t["funded"] >= t["to_pay"]:
        raise _Refusal("TRANSFER_ERROR", "ALREADY_FUNDED", f"{transfer_id} is funded already")
    owed = round(t["to_pay"] - t["funded"], 2)
    if paid > owed:
        raise _Refusal("TRANSFER_ERROR", "OVERPAYMENT", f"only {owed:,.2f} is owed on {transfer_id}")
    t["funded"] = round(t["funded"] + paid, 2)
    if t["funded"] >= t["to_pay"] and t["status"] == "awaiting_funds":
        t["status"] = "funded"
    return Funding(transfer_id=transfer_id, funded=t["funded"], to_pay=t["to_pay"], transfer_status=t["status"])


@counter(COMPLIANCE, PAYMENTS)
async def screen_transfer(state: State, token: str, transfer_id: str) -> Screening:
    """Screens a transfer's beneficiary against the sanctions watchlist; a possible match holds the transfer.

    Parameters
    ----------
    token
        The session token (compliance or payments).
    transfer_id
        The transfer.

    Returns
    -------
    transfer_id, screening (clear or possible_match), matched (the listed name, or none), transfer_status.
    """
    t = _get(state.transfers, transfer_id, "transfer")
    if t["screening"] is not None:
        raise _Refusal("COMPLIANCE_ERROR", "ALREADY_SCREENED", f"{transfer_id} was screened already: {t['screening']}")
    name = re.sub(r"[^a-z ]", " ", state.beneficiaries[t["beneficiary"]]["name"].lower()).split()
    matched = next((w for w in WATCHLIST if set(re.sub(r"[^a-z ]", " ", w).split()) <= set(name)), None)
    t["screening"] = "clear" if matched is None else "possible_match"
    if matched is not None:
        t["status"] = "held"
    return Screening(transfer_id=transfer_id, screening=t["screening"], matched=matched, transfer_status=t["status"])


@counter(COMPLIANCE)
async def release_hold(state: State, token: str, transfer_id: str, note: str) -> Transfer:
    """Releases a transfer held on a possible sanctions match, once compliance has discounted it.

    Parameters
    ----------
    token
        The session token (compliance).
    transfer_id
        The held transfer.
    note
        Why the match was discounted.

    Returns
    -------
    The transfer.
    """
    t = _get(state.transfers, transfer_id, "transfer")
    if _blank(note):
        raise _bad("note is required", "MISSING_FIELDS")
    if t["status"] != "held":
        raise _Refusal("TRANSFER_ERROR", "NOT_HELD", f"{transfer_id} is {t['status'].replace('_', ' ')}, not held")
    t["status"] = "funded" if t["funded"] >= t["to_pay"] else "awaiting_funds"
    t["screening"] = "cleared_by_compliance"
    return _transfer(state, transfer_id)


@counter(PAYMENTS)
async def send_transfer(state: State, token: str, transfer_id: str) -> str:
    """Sends a funded, screened transfer to the beneficiary's bank.

    Parameters
    ----------
    token
        The session token (payments).
    transfer_id
        The transfer.

    Returns
    -------
    A sentence with the payment reference and the day it arrives.
    """
    t = _get(state.transfers, transfer_id, "transfer")
    if t["status"] in ("sent", "recalled"):
        raise _Refusal("TRANSFER_ERROR", "ALREADY_SENT", f"{transfer_id} was sent already")
    if t["status"] == "held":
        raise _Refusal("COMPLIANCE_ERROR", "TRANSFER_HELD", f"{transfer_id} is held on a possible sanctions match")
    if t["funded"] < t["to_pay"]:
        raise _Refusal("TRANSFER_ERROR", "NOT_FUNDED", f"{transfer_id} has {t['funded']:,.2f} of {t['to_pay']:,.2f}")
    if t["screening"] is None:
        raise _Refusal("COMPLIANCE_ERROR", "NOT_SCREENED", f"{transfer_id} has not been screened")
    days = CORRIDOR[state.beneficiaries[t["beneficiary"]]["country"]][5]
    t["status"] = "sent"
    t["sent"] = NOW
    t["reference"] = f"SFX-{_next(state, 'reference')}"
    t["due"] = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=days)).isoformat()
    payee = state.beneficiaries[t["beneficiary"]]["name"]
    return (f"{transfer_id} sent: {t['foreign']:,.2f} {t['currency']} to {payee}, "
            f"reference {t['reference']}, due {t['due']}.")


@counter()
async def track_transfer(state: State, token: str, transfer_id: str) -> Tracking:
    """Where a transfer has got to.

    Parameters
    ----------
    token
        The session token.
    transfer_id
        The transfer.

    Returns
    -------
    transfer_id, transfer_status, sent, reference, due.
    """
    t = _get(state.transfers, transfer_id, "transfer")
    return Tracking(transfer_id=transfer_id, transfer_status=t["status"], sent=t["sent"], reference=t["reference"],
                    due=t["due"])


@counter(PAYMENTS)
async def recall_transfer(state: State, token: str, transfer_id: str, reason: str) -> str:
    """Recalls a transfer sent today, before the beneficiary's bank pays it out.

    Parameters
    ----------
    token
        The session token (payments).
    transfer_id
        The transfer.
    reason
        Why.

    Returns
    -------
    A sentence saying so.
    """
    t = _get(state.transfers, transfer_id, "transfer")
    if _blank(reason):
        raise _bad("reason is required", "MISSING_FIELDS")
    if t["status"] != "sent":
        raise _Refusal("TRANSFER_ERROR", "NOT_SENT", f"{transfer_id} is {t['status'].replace('_', ' ')}, not sent")
    if t["sent"][:10] != TODAY:
        raise _Refusal("TRANSFER_ERROR", "TOO_LATE_TO_RECALL", f"{transfer_id} was paid out on {t['due']}")
    t["status"] = "recalled"
    return f"{transfer_id} ({t['reference']}) recalled: {reason.strip()}; {t['to_pay']:,.2f} pounds to be refunded."


@counter(COMPLIANCE)
async def file_sar(state: State, token: str, customer_id: str, grounds: str) -> str:
    """Files a suspicious activity report about a customer with the financial intelligence unit.

    Parameters
    ----------
    token
        The session token (compliance).
    customer_id
        The customer.
    grounds
        What is suspicious.

    Returns
    -------
    A sentence with the report's reference.
    """
    _get(state.customers, customer_id, "customer")
    if _blank(grounds):
        raise _bad("grounds are required", "MISSING_FIELDS")
    ref = f"SAR-{_next(state, 'sar'):04d}"
    state.sars.append([ref, customer_id, grounds.strip(), TODAY])
    return f"{ref} filed on {customer_id}."


TOOLS = [
    sign_in, sign_out, rate_board, transfer_corridors, find_customer, register_customer, customer_profile,
    upload_document, verify_identity, open_edd_case, approve_edd, set_transfers_enabled, set_transfer_limit,
    quote_rate, place_order, orders, add_buyback, open_till, take_payment, close_till, branch_stock, request_stock,
    receive_stock, prepare_order, collect_order, sell_back, refund_order, add_beneficiary, beneficiaries,
    verify_payee, create_transfer, transfers, fund_transfer, screen_transfer, release_hold, send_transfer,
    track_transfer, recall_transfer, file_sar,
]

FIXTURES = {
    "firm": "Sallowfield Exchange, bureau de change and money transfer, 22 Tolsey Arcade, Sallowfield",
    "today": "Thursday 11 March 2055, 10:00; a quote holds for 30 minutes",
    "staff": [
        {"name": "Lucinda Farthingale", "role": "cashier", "username": "lucinda.f", "password": "Tolsey-Florin-31"},
        {"name": "Ezekiel Mabuza", "role": "cashier", "username": "ezekiel.m", "password": "Groat-Counter-58"},
        {"name": "Henrike Slattery", "role": "compliance", "username": "henrike.s", "password": "Ducat-Watch-64"},
        {"name": "Wymond Kisch", "role": "treasury", "username": "wymond.k", "password": "Vault-Guilder-27"},
        {"name": "Nesta Drury", "role": "payments", "username": "nesta.d", "password": "Swift-Sterling-45"},
        {"name": "Benedikta Vasquez-Uglow", "role": "manager", "username": "benedikta.v",
         "password": "Agio-Ledger-90"},
    ],
    "new_customer": {
        "name": "Idonea Ugwu-Jerram", "date_of_birth": "12 January 2009", "phone": "07700 900245",
        "email": "idonea.uj@example.org", "address": "6 Carding Mill Yard, Sallowfield",
        "passport": "number 548811392, expires 30 September 2062",
        "wants": "700 euros for a walking holiday, paid by card and collected today, with the buy-back guarantee",
    },
    "notes": [
        "Sabeline Tekle brought her passport, number 530027716, expiring 4 August 2061, and wants 1,200 pounds of "
        "Swiss francs to collect today",
        "Jovita Adeyemo is sending 400 pounds to Ligaya Dimagiba in the Philippines for family support, paid by "
        "debit card",
        "Gaspard Lowndes wants transfers back on: 150 pounds to Anjolie Venkataraman in India for her education, and "
        "300 pounds to Fiifi Ofosu-Danquah in Ghana (Kumasi Savings Bank, account GH-KSB-1170044521, BIC "
        "KUSBGHACXXX) as a gift; Fiifi was born in 2016 in Kumasi",
        "Cyprian Brzozowski is sending 6,000 pounds to Zbigniew Korzeniowski in Poland for a flat deposit: Bank "
        "Nadwislanski, IBAN PL61109010140000071219812874, BIC NADWPLPWXXX; his bank statement reference is "
        "STMT-2055-02",
        "Treasury wants 20 5000-yen and 30 1000-yen notes from the vault for a yen order",
        "Ngozi Loveridge is back from Thailand with 6,000 baht to sell back",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "rate_board", "transfer_corridors")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["customer_profile", "upload_document", "verify_identity", "open_edd_case",
                      "set_transfers_enabled", "set_transfer_limit", "place_order", "add_beneficiary", "beneficiaries",
                      "create_transfer", "file_sar"]
ORDER_CONSUMERS = ["add_buyback", "take_payment", "prepare_order", "collect_order", "sell_back", "refund_order"]
BENEFICIARY_CONSUMERS = ["verify_payee", "create_transfer"]
TRANSFER_CONSUMERS = ["fund_transfer", "screen_transfer", "release_hold", "send_transfer", "track_transfer",
                      "recall_transfer"]
_CUSTOMER = ("id lookup/create: customer (customer_id of register_customer's customer, or of a find_customer "
             "entry)")
_ORDER = "id lookup/create: order (order_id of place_order's order, or of an orders entry)"
_BENEFICIARY = ("id lookup/create: beneficiary (beneficiary_id of add_beneficiary's beneficiary, or of a "
                "beneficiaries entry)")
_TRANSFER = "id lookup/create: transfer (transfer_id of create_transfer's transfer, or of a transfers entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_customer|register_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("place_order|orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("add_beneficiary|beneficiaries", c, _BENEFICIARY) for c in BENEFICIARY_CONSUMERS]
    + [("create_transfer|transfers", c, _TRANSFER) for c in TRANSFER_CONSUMERS]
    + [
        ("quote_rate", "place_order", "id create: quote (quote_id of quote_rate, a travel money quote)"),
        ("quote_rate", "create_transfer", "id create: quote (quote_id of quote_rate, a transfer quote)"),
        ("upload_document", "verify_identity", "id create: document (document_id of upload_document)"),
        ("open_edd_case", "approve_edd", "id create: due diligence case (case_id of open_edd_case)"),
        ("request_stock", "receive_stock", "id create: stock request (request_id of request_stock)"),
        ("open_till", "close_till", "id create: till (till_id of open_till)"),
        ("rate_board|transfer_corridors", "quote_rate",
         "vocabulary: the currency codes (the first column of a rate_board row, or the third of a "
         "transfer_corridors row)"),
        ("transfer_corridors", "add_beneficiary", "vocabulary: the country codes (the first column of a "
         "transfer_corridors row)"),
        ("rate_board", "request_stock", "vocabulary: the currency and the notes it comes in (the first and last "
         "columns of one rate_board row)"),
        ("branch_stock", "prepare_order", "vocabulary: the notes in the safe (the denomination column of "
         "branch_stock rows for the order's currency)"),
        ("verify_identity", "place_order", "vetting: identity verified before an order over 1,000 pounds"),
        ("verify_identity", "set_transfers_enabled", "vetting: identity verified before transfers are turned on"),
        ("verify_payee", "create_transfer", "vetting: the beneficiary's payee confirmed by their bank"),
        ("screen_transfer", "send_transfer", "vetting: the transfer screened against the sanctions watchlist"),
        ("approve_edd", "set_transfer_limit", "vetting: enhanced due diligence approved before a limit over 5,000 "
         "pounds"),
        ("release_hold", "send_transfer", "vetting: a possible sanctions match discounted by compliance"),
        ("upload_document", "approve_edd", "document: a bank statement, payslip or sale contract on the customer's "
         "file"),
        ("set_transfers_enabled", "add_beneficiary", "setting: transfers turned on for the customer"),
        ("set_transfers_enabled", "create_transfer", "setting: transfers turned on for the customer"),
        ("set_transfer_limit", "create_transfer", "setting: the customer's transfer limit covers the amount"),
        ("add_buyback", "sell_back", "setting: the buy-back guarantee on the order"),
        ("open_till", "take_payment", "state: the cashier's till open for a cash payment"),
        ("receive_stock", "prepare_order", "state: the vault's notes booked into the safe"),
        ("prepare_order", "collect_order", "state: the order counted out and ready"),
        ("collect_order", "sell_back", "state: the order collected"),
        ("send_transfer", "recall_transfer", "state: the transfer sent today"),
        ("take_payment", "prepare_order", "payment: the order paid in full"),
        ("fund_transfer", "send_transfer", "payment: the transfer funded in full"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md): a reader whose reply shows an id (or a currency,
# a note, an amount) to someone who did not give it, paired with each call that takes it and can accept one it shows;
# and a call whose effect the later call checks itself, one step away.
PLAUSIBLE = (
    {(p, c) for p in ("orders", "transfers") for c in CUSTOMER_CONSUMERS}
    | {("transfers", "create_transfer")}
    | {("customer_profile", c) for c in ORDER_CONSUMERS + BENEFICIARY_CONSUMERS + TRANSFER_CONSUMERS}
    | {("customer_profile", "verify_identity")}
    | {("add_beneficiary", "quote_rate"), ("beneficiaries", "quote_rate"), ("rate_board", "prepare_order"),
       ("add_buyback", "take_payment"), ("screen_transfer", "release_hold")}
) - _DESIGNED
