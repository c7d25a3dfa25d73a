"""Loupe: the counter, valuation, loans and shop system of Tolland's Pawnbrokers (35 calls).

Coroutines over an in-memory ``State`` of a pawnbroker's system on Saturday 6 March 2038 at 09:15, as the shop
opens. The counter finds and registers customers, checks their identity, takes items in, quotes loans, makes
pledges (pawn tickets), has the agreement signed, pays the loan out, takes interest, renews and redeems pledges, and
sells from the shop. The valuer tests gold, checks serial numbers against the stolen goods register and values
items. The back office keeps bank details, sends the notices of intention to sell, forfeits pledges and puts
forfeited items in the shop. The manager may do everything. The loan rates and today's gold prices are public.

Every refusal is raised as the shop's own exception class, ``PawnError``, whose message ends with the kind of
refusal in brackets (``[auth]``, ``[role]``, ``[missing]``, ``[input]``, ``[rule]``, ``[state]``, ``[duplicate]``):
``PawnError("PT-19040 has 46.80 of interest to pay before it is renewed [state]")``, which the runtime records as an
error. Every tool but the three public ones sits behind the ``shop_role`` decorator, which checks the session and
the role and raises ``PawnError`` itself. Replies are plain dicts and lists of them, with rows nested as lists of
lists (a customer's file, a pledge's items and payments, the till's takings); bare values answer interest paid
(what is still owed), the till closed (its variance); sentences with an id in them answer a pledge redeemed, a
message sent and a sign-out.

Annotations are PEP 604 unions and builtin generics evaluated at definition (no ``from __future__ import
annotations``): ``str | None``, ``list[str]``, ``list[dict]``, ``list[list[Any]]``. Typed inputs: a plain ``Enum``
input (``IdDocument``), a ``str`` ``Enum`` input (``ItemCategory``) and a ``str`` ``Enum`` filter
(``PledgeStatus``), ``Literal`` inputs (how money is paid or paid out) and a ``Literal`` filter (an item's stage),
``list[str]`` items. Google docstrings. Ids look alike: customer ``CS-5527``, item ``IT-8828``, quote ``LQ-611``,
pledge ``PT-19044``, notice ``DN-88``, purchase ``BY-214``, stock ``ST-704``, sale ``SA-3307``, till session
``TL-52``, message ``MS-940``; gold ``18CT``; loan rate ``GOLD``. How much a rate lends on a valuation, the terms it
allows, the least loan, the melt value's limit on a gold valuation, the police hold on items bought and the days a
notice gives are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
from enum import Enum
from typing import Any, Literal

TODAY = "2038-03-06"  # a Saturday
NOW = "2038-03-06 09:15"
GOLD_PRICES = {"9CT": 17.80, "14CT": 27.60, "18CT": 35.50, "22CT": 43.40, "24CT": 47.30}  # a gram
RATES = {  # code -> name, a month, share of the valuation lent, longest term, categories
    "GOLD": ["Gold loan", 0.039, 0.80, 6, ("gold",)],
    "STD": ["Jewellery and watches", 0.059, 0.65, 6, ("gold", "watch", "jewellery")],
    "ELEC": ["Electronics", 0.089, 0.50, 3, ("electronics",)],
}
LEAST_LOAN = 25.00
MELT_LIMIT = 1.5  # a gold item is valued at no more than this times its melt value
POLICE_HOLD = 14  # days an item bought outright is held before it is sold
NOTICE_DAYS = 14  # days a notice of intention to sell gives
ROLE_NAMES = {"counter": "the counter", "valuer": "the valuer", "office": "the back office",
              "manager": "the manager"}


class PawnError(Exception):
    """The shop system's refusal: why, then the kind of refusal in brackets (``... [state]``)."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(f"{message} [{kind}]")
        self.kind = kind


class IdDocument(Enum):
    PASSPORT = "passport"
    DRIVING_LICENCE = "driving_licence"
    NATIONAL_ID = "national_id"


class ItemCategory(str, Enum):
    GOLD = "gold"
    WATCH = "watch"
    JEWELLERY = "jewellery"
    ELECTRONICS = "electronics"


class PledgeStatus(str, Enum):
    UNSIGNED = "unsigned"
    SIGNED = "signed"
    ACTIVE = "active"
    OVERDUE = "overdue"
    REDEEMED = "redeemed"
    FORFEITED = "forfeited"


Payment = Literal["cash", "card"]
Payout = Literal["cash", "bank_transfer"]
ItemStage = Literal["awaiting", "valued", "pledged", "forfeited", "held", "in_stock", "sold", "returned"]


# --------------------------------------------------------------------------- state


class State:
    """Tolland's Pawnbrokers' system on Saturday 6 March 2038 at 09:15."""

    def __init__(self) -> None:
        self.staff = {
            "jessamy.h": {"name": "Jessamy Ruddock", "password": "Ticket-Stub-31", "role": "counter"},
            "bart.q": {"name": "Bartholomew Quist", "password": "Touchstone-88", "role": "valuer"},
            "ottilie.m": {"name": "Ottilie Marchetti", "password": "Ledger-Line-14", "role": "office"},
            "fergal.t": {"name": "Fergal Tolland", "password": "Three-Balls-50", "role": "manager"},
        }
        self.logins: dict[str, dict] = {}
        self.customers = {  # customer -> name, date of birth, address, postcode, phone, email, id [document,
            # number, expires] or None, bank [name, sort code, account] or None
            "CS-5521": ["Mrs Dymphna Scollard", "1961-02-17", "4 Cooper's Row, Brackenford", "BK2 6CR",
                        "07700 900521", None, ["passport", "533810274", "2041-05-30"], None],
            "CS-5522": ["Mr Caradoc Fitzwarren", "1988-10-03", "Flat 2, 17 Wharfside, Brackenford", "BK1 4WF",
                        "07700 900522", "caradoc.f@example.com", ["driving_licence", "FITZW810038C99XY",
                                                                   "2039-10-02"], None],
            "CS-5523": ["Mr Leofric Amberley", "1975-06-25", "29 Gallowtree Avenue, Brackenford", "BK3 9MA",
                        "07700 900523", "leofric.amberley@example.net", ["passport", "548219930", "2040-01-14"],
                        ["L Amberley", "20-41-77", "53118820"]],
            "CS-5524": ["Ms Rosalind Ockenden", "1983-12-11", "6 The Crescent, Upper Hathersage Road", "BK5 1TC",
                        "07700 900524", "ros.ockenden@example.org", ["national_id", "IE7741092", "2040-08-01"],
                        None],
            "CS-5525": ["Mr Tobiah Pennefather", "1969-04-09", "51 Sparrowgate, Brackenford", "BK2 3SG",
                        "07700 900525", None, ["passport", "501447218", "2037-11-20"], None],
            "CS-5526": ["Miss Araminta Coldwell", "1994-08-30", "12 Larkhill Mews, Brackenford", "BK4 7LM",
                        "07700 900526", "araminta.coldwell@example.com", ["driving_licence", "COLDW908304A99QT",
                                                                          "2044-08-29"], None],
        }
        self.items = {  # item -> customer, category, description, serial, carat, weight, valuation, stage,
            # checked clear, hold until
            "IT-8820": ["CS-5521", "gold", "9ct gold curb bracelet", None, "9CT", 18.0, 420.0, "returned", False,
                        None],
            "IT-8821": ["CS-5521", "gold", "18ct yellow gold rope chain, 20 inch", None, "18CT", 24.5, 760.0,
                        "pledged", False, None],
            "IT-8822": ["CS-5523", "watch", "Omega Seamaster 300M, steel, with box", "81044219", None, None, 1600.0,
                        "pledged", True, None],
            "IT-8823": ["CS-5524", "jewellery", "Platinum diamond solitaire ring, 0.9 carat", None, None, None,
                        2100.0, "pledged", False, None],
            "IT-8824": ["CS-5522", "electronics", "Lenovo ThinkPad X1 laptop with charger", "PF4KX221", None, None,
                        520.0, "pledged", True, None],
            "IT-8825": ["CS-5526", "gold", "22ct gold bangle", None, "22CT", 21.3, 980.0, "held", False,
                        "2038-02-15"],
            "IT-8826": ["CS-5525", "watch", "TAG Heuer Aquaracer, steel bracelet", "WAZ1110RB4471", None, None, None,
                        "awaiting", False, None],
            "IT-8827": ["CS-5525", "gold", "Gentleman's signet ring, engraved TP", None, None, None, None,
                        "awaiting", False, None],
        }
        self.stolen = {"WX77120": "Rolex Datejust reported stolen in Lenbridge on 2037-11-14",
                       "C02ZK118": "MacBook Pro reported stolen in Brackenford on 2038-02-22"}
        self.quotes: dict[str, dict] = {}
        self.pledges = {  # pledge -> record
            "PT-19039": {"customer": "CS-5521", "items": ["IT-8820"], "principal": 300.0, "rate": "GOLD",
                         "taken": "2037-08-14", "due": "2038-02-14", "interest_paid": 0.0, "status": "redeemed",
                         "signed_by": "Mrs Dymphna Scollard", "paid_out": "cash", "notice": None,
                         "ticket_lost": False, "payments": [["2037-12-01", "redemption", 376.05, "card"]]},
            "PT-19040": {"customer": "CS-5521", "items": ["IT-8821"], "principal": 300.0, "rate": "GOLD",
                         "taken": "2037-12-04", "due": "2038-06-04", "interest_paid": 0.0, "status": "active",
                         "signed_by": "Mrs Dymphna Scollard", "paid_out": "cash", "notice": None,
                         "ticket_lost": False, "payments": []},
            "PT-19041": {"customer": "CS-5523", "items": ["IT-8822"], "principal": 850.0, "rate": "STD",
                         "taken": "2037-09-02", "due": "2038-03-02", "interest_paid": 150.45, "status": "active",
                         "signed_by": "Mr Leofric Amberley", "paid_out": "bank_transfer", "notice": None,
                         "ticket_lost": False, "payments": [["2037-11-30", "interest", 150.45, "card"]]},
            "PT-19042": {"customer": "CS-5524", "items": ["IT-8823"], "principal": 1200.0, "rate": "STD",
                         "taken": "2037-07-10", "due": "2038-01-10", "interest_paid": 0.0, "status": "active",
                         "signed_by": "Ms Rosalind Ockenden", "paid_out": "cash", "notice": ["DN-87", "2038-02-10"],
                         "ticket_lost": False, "payments": []},
            "PT-19043": {"customer": "CS-5522", "items": ["IT-8824"], "principal": 240.0, "rate": "ELEC",
                         "taken": "2038-01-20", "due": "2038-04-20", "interest_paid": 0.0, "status": "active",
                         "signed_by": "Mr Caradoc Fitzwarren", "paid_out": "cash", "notice": None,
                         "ticket_lost": True, "payments": []},
        }
        self.declarations: dict[str, list] = {}
        self.purchases = {"BY-213": ["CS-5526", "IT-8825", 720.0, "cash", "2038-02-01"]}
        self.stock = {  # stock -> item, description, price, listed, sold as
            "ST-701": [None, "Pair of 9ct gold hoop earrings", 89.0, "2038-01-12", None],
            "ST-702": [None, "Seiko Presage automatic watch", 245.0, "2038-02-03", "SA-3306"],
            "ST-703": [None, "Nikon D7500 camera body", 399.0, "2038-02-20", None],
        }
        self.sales = {"SA-3306": ["ST-702", 245.0, "card", "Mr Ithel Penhallow", "2038-03-01"]}
        self.till: dict | None = None
        self.tills = {"TL-51": {"opened": "2038-03-05 09:00", "float": 2000.0, "closed": "2038-03-05 17:30"}}
        self.messages: list[list] = []
        self.counters = {"token": 1, "customer": 5527, "item": 8828, "quote": 611, "pledge": 19044, "notice": 88,
                         "purchase": 214, "stock": 704, "sale": 3307, "till": 52, "message": 940}


# --------------------------------------------------------------------------- helpers


def _who(state: State, token: Any, roles: tuple = ()) -> dict:
    who = state.logins.get(token) if isinstance(token, str) else None
    if who is None:
        raise PawnError("not signed in, or the session has ended; sign in first", "auth")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise PawnError(f"{who['name']} ({who['role']}) may not do this; it is for "
                        f"{' or '.join(ROLE_NAMES[r] for r in roles)}", "role")
    return who


def shop_role(*roles: str):
    """Check the session's token and, where ``roles`` are given, the role before the tool runs; the manager may do
    everything. Raises ``PawnError`` itself when the check fails."""

    def wrap(fn):
        @functools.wraps(fn)
        async def checked(*args, **kwargs):
            _who(kwargs.get("state"), kwargs.get("token"), roles)
            return await fn(*args, **kwargs)

        return checked

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _amount(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _count(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


def _date(value: Any, name: str) -> str:
    try:
        return _d(value).isoformat()
    except (TypeError, ValueError):
        raise PawnError(f"{name} is YYYY-MM-DD, not {value!r}", "input") from None


def _get(table: dict, key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise PawnError(f"no {what} {key!r}", "missing")
    return row


def _plus_months(day: str, months: int) -> str:
    d = _d(day)
    month = d.month - 1 + months
    year, month = d.year + month // 12, month % 12 + 1
    for last in (31, 30, 29, 28):
        try:
            return datetime.date(year, month, min(d.day, last)).isoformat()
        except ValueError:
            continue
    raise ValueError(day)


def _months_started(since: str, on: str = TODAY) -> int:
    """Months or part months from ``since`` to ``on``, at least one (interest is charged so)."""
    n = 0
    while _plus_months(since, n) < on:
        n += 1
    return max(1, n)


def _interest_due(p: dict) -> float:
    rate = RATES[p["rate"]][1]
    return round(p["principal"] * rate * _months_started(p["taken"]) - p["interest_paid"], 2)


def _status(p: dict) -> str:
    if p["status"] == "active" and p["due"] < TODAY:
        return "overdue"
    return p["status"]


def _customer(state: State, cid: str) -> dict:
    c = state.customers[cid]
    return {"customer_id": cid, "name": c[0], "date_of_birth": c[1], "address": c[2], "postcode": c[3],
            "phone": c[4], "email": c[5], "identity_checked": c[6] is not None and c[6][2] >= TODAY,
            "bank_details": c[7] is not None}


def _item(state: State, iid: str) -> dict:
    i = state.items[iid]
    return {"item_id": iid, "customer_id": i[0], "category": i[1], "description": i[2], "serial_number": i[3],
            "carat": i[4], "weight_g": i[5], "valuation": i[6], "stage": i[7], "register_checked": i[8],
            "hold_until": i[9]}


def _pledge(state: State, pid: str) -> dict:
    p = state.pledges[pid]
    live = p["status"] in ("active",)
    return {"pledge_id": pid, "customer_id": p["customer"], "customer": state.customers[p["customer"]][0],
            "items": list(p["items"]), "principal": p["principal"], "rate": p["rate"],
            "monthly_rate": RATES[p["rate"]][1], "taken": p["taken"], "due": p["due"], "status": _status(p),
            "interest_due": _interest_due(p) if live else 0.0,
            "to_redeem": round(p["principal"] + _interest_due(p), 2) if live else 0.0}


def _stock(state: State, sid: str) -> dict:
    s = state.stock[sid]
    return {"stock_id": sid, "item_id": s[0], "description": s[1], "price": s[2], "listed": s[3],
            "sold": s[4] is not None}


def _live_pledge(state: State, pid: Any) -> dict:
    p = _get(state.pledges, pid, "pledge")
    if p["status"] != "active":
        raise PawnError(f"{pid} is {p['status']}", "state")
    return p


def _till(state: State) -> dict:
    if state.till is None:
        raise PawnError("the till is not open; open it with the day's float first", "state")
    return state.till


def _take(state: State, kind: str, ref: str, amount: float, method: str) -> None:
    """Money through the till: ``amount`` in (positive) or out (negative), in cash or by card."""
    till = _till(state)
    if method == "cash":
        if till["cash"] + amount < 0:
            raise PawnError(f"the till holds {till['cash']:.2f} in cash, not {-amount:.2f}", "rule")
        till["cash"] = round(till["cash"] + amount, 2)
    till["rows"].append([NOW[11:], kind, ref, round(amount, 2), method])


def _verified(state: State, cid: str) -> None:
    c = state.customers[cid]
    if c[6] is None:
        raise PawnError(f"{c[0]}'s identity has not been checked; see photo ID first", "rule")
    if c[6][2] < TODAY:
        raise PawnError(f"{c[0]}'s {c[6][0].replace('_', ' ')} ran out on {c[6][2]}; see a current one", "rule")


# --------------------------------------------------------------------------- sign-in and the public calls


async def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the shop system.

    Args:
        username: A staff user name, such as ``jessamy.h``.
        password: Its password.

    Returns:
        The session: ``token`` (for every call but the public ones), ``name`` and ``role`` (counter, valuer, office
        or manager).

    Raises:
        PawnError: The user name or the password is wrong.
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        raise PawnError("user name or password not recognised", "auth")
    token = f"tp-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.logins[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return {"token": token, "name": s["name"], "role": s["role"]}


@shop_role()
async def sign_out(state: State, token: str) -> str:
    """End a session.

    Args:
        token: The session's token.

    Returns:
        A sentence naming who was signed out.
    """
    who = state.logins.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def loan_rates(state: State) -> list[dict]:
    """The shop's loan rates (public), by code.

    Returns:
        Each rate's ``code``, name, monthly interest rate and the item categories it lends on.
    """
    return [{"code": code, "name": r[0], "monthly_rate": r[1], "categories": list(r[4])}
            for code, r in sorted(RATES.items())]


async def gold_prices(state: State) -> list[dict]:
    """Today's buying prices for gold (public), a gram, by carat code.

    Returns:
        Each carat's ``carat`` code (``9CT`` and so on), its fineness and the price a gram.
    """
    fineness = {"9CT": 375, "14CT": 585, "18CT": 750, "22CT": 916, "24CT": 999}
    return [{"carat": code, "fineness": fineness[code], "price_per_gram": price}
            for code, price in sorted(GOLD_PRICES.items(), key=lambda kv: fineness[kv[0]])]


# --------------------------------------------------------------------------- customers


@shop_role()
async def find_customer(state: State, token: str, text: str) -> list[dict]:
    """Find customers by name, phone or postcode.

    Args:
        token: The session's token.
        text: Part of the name, the phone number or the postcode.

    Returns:
        The matching customers: ``customer_id``, name, date of birth, address, postcode, phone, e-mail, whether
        their identity is checked and whether bank details are on file, by customer id.
    """
    if _blank(text):
        raise PawnError("text is required", "input")
    needle = text.strip().lower()
    flat = needle.replace(" ", "")
    return [_customer(state, cid) for cid, c in sorted(state.customers.items())
            if needle in c[0].lower() or flat in c[3].lower().replace(" ", "") or flat in c[4].replace(" ", "")]


@shop_role("counter")
async def register_customer(state: State, token: str, name: str, date_of_birth: str, address: str, postcode: str,
                            phone: str, email: str | None = None) -> dict:
    """Register a new customer.

    Args:
        token: The session's token.
        name: The customer's name, with a title.
        date_of_birth: YYYY-MM-DD; a customer is 18 or over.
        address: The first lines of the address.
        postcode: The postcode.
        phone: A phone number.
        email: An e-mail address, for reminders.

    Returns:
        The customer with the new ``customer_id``; their identity is not yet checked.
    """
    if any(_blank(v) for v in (name, address, postcode, phone)):
        raise PawnError("name, address, postcode and phone are required", "input")
    dob = _date(date_of_birth, "date_of_birth")
    if _plus_months(dob, 18 * 12) > TODAY:
        raise PawnError("a customer is 18 or over", "rule")
    for cid, c in state.customers.items():
        if c[0].lower() == name.strip().lower() and c[1] == dob:
            raise PawnError(f"{c[0]} is registered already ({cid})", "duplicate")
    cid = f"CS-{_next(state, 'customer')}"
    state.customers[cid] = [name.strip(), dob, address.strip(), postcode.strip().upper(), phone.strip(), email,
                            None, None]
    return _customer(state, cid)


@shop_role("counter")
async def verify_identity(state: State, token: str, customer_id: str, document: IdDocument, document_number: str,
                          expires: str) -> dict:
    """Record the photo ID seen for a customer (the money laundering rules ask for it before any loan or purchase).

    Args:
        token: The session's token.
        customer_id: The customer.
        document: ``passport``, ``driving_licence`` or ``national_id``.
        document_number: The document's number.
        expires: The document's expiry date, YYYY-MM-DD.

    Returns:
        The customer, identity checked.
    """
    c = _get(state.customers, customer_id, "customer")
    doc = _value(document)
    if doc not in [d.value for d in IdDocument]:
        raise PawnError(f"document is passport, driving_licence or national_id, not {document!r}", "input")
    if _blank(document_number):
        raise PawnError("document_number is required", "input")
    end = _date(expires, "expires")
    if end < TODAY:
        raise PawnError(f"that {doc.replace('_', ' ')} ran out on {end}; see a current one", "rule")
    seen = [doc, document_number.strip().upper(), end]
    if c[6] == seen:
        raise PawnError(f"{c[0]}'s {doc.replace('_', ' ')} is on file already", "duplicate")
    c[6] = seen
    return _customer(state, customer_id)


@shop_role("counter")
async def update_customer(state: State, token: str, customer_id: str, address: str | None = None,
                          postcode: str | None = None, phone: str | None = None, email: str | None = None) -> dict:
    """Change a customer's address, phone or e-mail.

    Args:
        token: The session's token.
        customer_id: The customer.
        address: The new first lines of the address.
        postcode: The new postcode (with a new address).
        phone: The new phone number.
        email: The new e-mail address.

    Returns:
        The customer as changed.
    """
    c = _get(state.customers, customer_id, "customer")
    new = list(c)
    for i, v in ((2, address), (4, phone)):
        if v is not None:
            if _blank(v):
                raise PawnError("a blank value is not a change", "input")
            new[i] = v.strip()
    if postcode is not None:
        if address is None:
            raise PawnError("a new postcode comes with its address", "input")
        new[3] = postcode.strip().upper()
    if email is not None:
        new[5] = email.strip() or None
    if new == c:
        raise PawnError(f"{c[0]}'s details are already as given", "duplicate")
    state.customers[customer_id] = new
    return _customer(state, customer_id)


@shop_role()
async def customer_file(state: State, token: str, customer_id: str) -> dict:
    """A customer's whole file.

    Args:
        token: The session's token.
        customer_id: The customer.

    Returns:
        The customer with ``pledges``, rows of ``[pledge_id, taken, due, principal, status]``, and ``items``, rows
        of ``[item_id, description, stage]``, by id.
    """
    _get(state.customers, customer_id, "customer")
    out = _customer(state, customer_id)
    out["pledges"] = [[pid, p["taken"], p["due"], p["principal"], _status(p)]
                      for pid, p in sorted(state.pledges.items()) if p["customer"] == customer_id]
    out["items"] = [[iid, i[2], i[7]] for iid, i in sorted(state.items.items()) if i[0] == customer_id]
    return out


@shop_role("counter", "office")
async def message_customer(state: State, token: str, customer_id: str, subject: str, body: str) -> str:
    """Send a customer a message (by e-mail, else by text).

    Args:
        token: The session's token.
        customer_id: The customer.
        subject: The subject.
        body: The message.

    Returns:
        A sentence naming the message and where it went.
    """
    c = _get(state.customers, customer_id, "customer")
    if _blank(subject) or _blank(body):
        raise PawnError("subject and body are required", "input")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, subject.strip(), body.strip()])
    return f"Message {mid} sent to {c[0]} at {c[5] or c[4]}."


@shop_role("office")
async def add_bank_details(state: State, token: str, customer_id: str, account_name: str, sort_code: str,
                           account_number: str) -> dict:
    """Put a customer's bank account on file, for loans paid out by transfer.

    Args:
        token: The session's token.
        customer_id: The customer.
        account_name: The name on the account.
        sort_code: Six digits, ``nn-nn-nn``.
        account_number: Eight digits.

    Returns:
        The customer, bank details on file.
    """
    c = _get(state.customers, customer_id, "customer")
    digits = sort_code.replace("-", "") if isinstance(sort_code, str) else ""
    if len(digits) != 6 or not digits.isdigit():
        raise PawnError(f"sort_code is six digits, not {sort_code!r}", "input")
    if not isinstance(account_number, str) or len(account_number) != 8 or not account_number.isdigit():
        raise PawnError(f"account_number is eight digits, not {account_number!r}", "input")
    if _blank(account_name):
        raise PawnError("account_name is required", "input")
    bank = [account_name.strip(), f"{digits[:2]}-{digits[2:4]}-{digits[4:]}", account_number]
    if c[7] == bank:
        raise PawnError(f"{c[0]}'s bank details are on file already", "duplicate")
    c[7] = bank
    return _customer(state, customer_id)


# --------------------------------------------------------------------------- items and valuation


@shop_role("counter", "valuer")
async def take_in_item(state: State, token: str, customer_id: str, category: ItemCategory, description: str,
                       serial_number: str | None = None) -> dict:
    """Take an item in from a customer for valuation.

    Args:
        token: The session's token.
        customer_id: The customer.
        category: ``gold``, ``watch``, ``jewellery`` or ``electronics``.
        description: What it is.
        serial_number: The serial number, for a watch or electronics.

    Returns:
        The item with its ``item_id``, ``awaiting`` valuation.
    """
    _get(state.customers, customer_id, "customer")
    cat = _value(category)
    if cat not in [c.value for c in ItemCategory]:
        raise PawnError(f"category is gold, watch, jewellery or electronics, not {category!r}", "input")
    if _blank(description):
        raise PawnError("description is required", "input")
    serial = None
    if serial_number is not None:
        serial = serial_number.replace(" ", "").replace("-", "").replace(".", "").upper()
        if not serial:
            raise PawnError("a blank serial number is none; leave it out", "input")
    if cat in ("watch", "electronics") and serial is None:
        raise PawnError(f"a {cat} item is taken in with its serial number", "rule")
    iid = f"IT-{_next(state, 'item')}"
    state.items[iid] = [customer_id, cat, description.strip(), serial, None, None, None, "awaiting", False, None]
    return _item(state, iid)


@shop_role()
async def items(state: State, token: str, stage: ItemStage | None = None, customer_id: str | None = None) -> list[dict]:
    """The items the shop has had in, by item id.

    Args:
        token: The session's token.
        stage: Only items ``awaiting`` valuation, ``valued``, ``pledged``, ``forfeited``, ``held`` (bought
            outright), ``in_stock``, ``sold`` or ``returned``.
        customer_id: Only this customer's.

    Returns:
        Each item's ``item_id``, customer, category, description, serial number, carat, weight, valuation, stage,
        whether its serial number is checked clear and any police hold.
    """
    stages = ("awaiting", "valued", "pledged", "forfeited", "held", "in_stock", "sold", "returned")
    if stage is not None and stage not in stages:
        raise PawnError(f"stage is one of {', '.join(stages)}, not {stage!r}", "input")
    return [_item(state, iid) for iid, i in sorted(state.items.items())
            if (stage is None or i[7] == stage) and (customer_id is None or i[0] == customer_id)]


@shop_role("valuer")
async def check_stolen_register(state: State, token: str, item_id: str) -> dict:
    """Check an item's serial number against the national stolen goods register.

    Args:
        token: The session's token.
        item_id: The item, with a serial number.

    Returns:
        The item, checked clear.

    Raises:
        PawnError: The serial number is on the register; the item is kept and the police told.
    """
    i = _get(state.items, item_id, "item")
    if i[3] is None:
        raise PawnError(f"{item_id} has no serial number to check", "rule")
    if i[8]:
        raise PawnError(f"{item_id} is checked clear already", "duplicate")
    hit = state.stolen.get(i[3])
    if hit:
        raise PawnError(f"serial {i[3]} is on the register: {hit}; keep the item and call the police", "rule")
    i[8] = True
    return _item(state, item_id)


@shop_role("valuer")
async def test_gold(state: State, token: str, item_id: str, carat: str, weight_g: float) -> dict:
    """Record an acid test and weighing of a gold item.

    Args:
        token: The session's token.
        item_id: The item, gold.
        carat: The carat code the test shows.
        weight_g: Its weight in grams.

    Returns:
        The item with its carat, weight and melt value.
    """
    i = _get(state.items, item_id, "item")
    if i[1] != "gold":
        raise PawnError(f"{item_id} is {i[1]}; only gold is tested", "rule")
    if not isinstance(carat, str) or carat not in GOLD_PRICES:
        raise PawnError(f"no carat {carat!r}", "input")
    if not _amount(weight_g) or not 0 < weight_g < 2000:
        raise PawnError(f"weight_g is grams, not {weight_g!r}", "input")
    if i[7] not in ("awaiting", "valued"):
        raise PawnError(f"{item_id} is {i[7]}", "state")
    if i[4] == carat and i[5] == round(float(weight_g), 1):
        raise PawnError(f"{item_id} is tested as {carat}, {i[5]} g already", "duplicate")
    i[4], i[5] = carat, round(float(weight_g), 1)
    out = _item(state, item_id)
    out["melt_value"] = round(GOLD_PRICES[carat] * i[5], 2)
    return out


@shop_role("valuer")
async def value_item(state: State, token: str, item_id: str, valuation: float, notes: str) -> dict:
    """Value an item taken in.

    Args:
        token: The session's token.
        item_id: The item.
        valuation: What it is worth to the shop.
        notes: The valuer's notes (condition, hallmarks, papers).

    Returns:
        The item, ``valued``.
    """
    i = _get(state.items, item_id, "item")
    if i[7] not in ("awaiting", "valued"):
        raise PawnError(f"{item_id} is {i[7]}", "state")
    if not _amount(valuation) or valuation <= 0:
        raise PawnError(f"valuation is an amount, not {valuation!r}", "input")
    if _blank(notes):
        raise PawnError("notes are required", "input")
    if i[1] == "gold":
        if i[4] is None:
            raise PawnError(f"{item_id} is gold and not yet tested; test and weigh it first", "state")
        melt = GOLD_PRICES[i[4]] * i[5]
        if valuation > round(melt * MELT_LIMIT, 2):
            raise PawnError(f"a gold item is valued at no more than one and a half times its melt value, "
                            f"{melt * MELT_LIMIT:.2f}", "rule")
    if i[3] is not None and not i[8]:
        raise PawnError(f"{item_id}'s serial number is not checked against the stolen goods register", "rule")
    if i[6] == round(float(valuation), 2):
        raise PawnError(f"{item_id} is valued at {i[6]:.2f} already", "duplicate")
    i[6], i[7] = round(float(valuation), 2), "valued"
    return _item(state, item_id)


# --------------------------------------------------------------------------- loans


@shop_role("counter")
async def quote_loan(state: State, token: str, item_ids: list[str], amount: float, months: int,
                     rate_code: str) -> dict:
    """Quote a loan on a customer's valued items.

    Args:
        token: The session's token.
        item_ids: The items pledged, all the same customer's.
        amount: The loan asked for.
        months: The term in months.
        rate_code: The loan rate's code.

    Returns:
        The quote with its ``quote_id``, monthly interest and what redeems it at the end of the term; good today.
    """
    if not isinstance(item_ids, list) or not item_ids or not all(isinstance(x, str) for x in item_ids):
        raise PawnError("item_ids is a list of item ids", "input")
    rows = [_get(state.items, iid, "item") for iid in item_ids]
    if len(set(item_ids)) != len(item_ids):
        raise PawnError("an item is listed twice", "input")
    owners = {r[0] for r in rows}
    if len(owners) != 1:
        raise PawnError("a pledge's items are one customer's", "rule")
    for iid, r in zip(item_ids, rows):
        if r[7] != "valued":
            raise PawnError(f"{iid} is {r[7]}; a loan is quoted on valued items", "state")
    rate = RATES.get(rate_code) if isinstance(rate_code, str) else None
    if rate is None:
        raise PawnError(f"no loan rate {rate_code!r}", "input")
    wrong = [iid for iid, r in zip(item_ids, rows) if r[1] not in rate[4]]
    if wrong:
        raise PawnError(f"the {rate[0].lower()} rate does not lend on {', '.join(wrong)}", "rule")
    if not _count(months) or not 1 <= months <= rate[3]:
        raise PawnError(f"the {rate[0].lower()} rate lends for 1 to {rate[3]} months, not {months!r}", "rule")
    if not _amount(amount) or amount < LEAST_LOAN:
        raise PawnError(f"the least loan is {LEAST_LOAN:.2f}, not {amount!r}", "rule")
    most = round(sum(r[6] for r in rows) * rate[2], 2)
    if amount > most:
        raise PawnError(f"the {rate[0].lower()} rate lends up to {rate[2]:.0%} of the valuation, {most:.2f}", "rule")
    qid = f"LQ-{_next(state, 'quote')}"
    monthly = round(amount * rate[1], 2)
    state.quotes[qid] = {"customer": owners.pop(), "items": list(item_ids), "amount": round(float(amount), 2),
                         "rate": rate_code, "months": months, "valid_until": TODAY, "pledge": None}
    return {"quote_id": qid, "customer_id": state.quotes[qid]["customer"], "items": list(item_ids),
            "amount": round(float(amount), 2), "rate": rate_code, "monthly_rate": rate[1], "months": months,
            "interest_per_month": monthly, "to_redeem_at_term": round(amount + monthly * months, 2),
            "valid_until": TODAY}


@shop_role("counter")
async def make_pledge(state: State, token: str, quote_id: str) -> dict:
    """Turn today's quote into a pledge (a pawn ticket) awaiting the customer's signature.

    Args:
        token: The session's token.
        quote_id: The quote.

    Returns:
        The pledge with its ``pledge_id``, ``unsigned``.
    """
    q = _get(state.quotes, quote_id, "quote")
    if q["pledge"] is not None:
        raise PawnError(f"{quote_id} is pledged already ({q['pledge']})", "duplicate")
    if q["valid_until"] < TODAY:
        raise PawnError(f"{quote_id} was good until {q['valid_until']}", "rule")
    _verified(state, q["customer"])
    for iid in q["items"]:
        if state.items[iid][7] != "valued":
            raise PawnError(f"{iid} is {state.items[iid][7]}", "state")
    pid = f"PT-{_next(state, 'pledge')}"
    state.pledges[pid] = {"customer": q["customer"], "items": list(q["items"]), "principal": q["amount"],
                          "rate": q["rate"], "taken": TODAY, "due": _plus_months(TODAY, q["months"]),
                          "interest_paid": 0.0, "status": "unsigned", "signed_by": None, "paid_out": None,
                          "notice": None, "ticket_lost": False, "payments": []}
    q["pledge"] = pid
    for iid in q["items"]:
        state.items[iid][7] = "pledged"
    return _pledge(state, pid)


@shop_role("counter")
async def sign_agreement(state: State, token: str, pledge_id: str, signed_by: str, copy_given: bool) -> dict:
    """Record the customer's signature on the credit agreement.

    Args:
        token: The session's token.
        pledge_id: The pledge, unsigned.
        signed_by: Who signed.
        copy_given: Whether the customer was given a copy.

    Returns:
        The pledge, ``signed``.
    """
    p = _get(state.pledges, pledge_id, "pledge")
    if p["status"] != "unsigned":
        raise PawnError(f"{pledge_id} is signed already", "duplicate")
    if _blank(signed_by):
        raise PawnError("signed_by is required", "input")
    if not copy_given:
        raise PawnError("the customer keeps a copy of the agreement; give one before recording the signature",
                        "rule")
    p["status"], p["signed_by"] = "signed", signed_by.strip()
    return _pledge(state, pledge_id)


@shop_role("counter")
async def pay_out(state: State, token: str, pledge_id: str, method: Payout) -> dict:
    """Pay a signed pledge's loan to the customer, in cash from the till or by bank transfer.

    Args:
        token: The session's token.
        pledge_id: The pledge, signed.
        method: ``cash`` or ``bank_transfer``.

    Returns:
        The pledge, ``active``.
    """
    p = _get(state.pledges, pledge_id, "pledge")
    if method not in ("cash", "bank_transfer"):
        raise PawnError(f"method is cash or bank_transfer, not {method!r}", "input")
    if p["status"] == "unsigned":
        raise PawnError(f"{pledge_id}'s agreement is not signed; the loan is paid once it is", "state")
    if p["status"] != "signed":
        raise PawnError(f"{pledge_id} is paid out already", "duplicate")
    c = state.customers[p["customer"]]
    if method == "bank_transfer":
        if c[7] is None:
            raise PawnError(f"{c[0]} has no bank details on file", "state")
    else:
        _take(state, "loan paid out", pledge_id, -p["principal"], "cash")
    p["status"], p["paid_out"] = "active", method
    p["payments"].append([TODAY, "loan paid out", p["principal"], method])
    return _pledge(state, pledge_id)


@shop_role()
async def pledges(state: State, token: str, status: PledgeStatus | None = None,
                  customer_id: str | None = None) -> list[dict]:
    """The pledges, by pledge id.

    Args:
        token: The session's token.
        status: Only pledges ``unsigned``, ``signed``, ``active``, ``overdue``, ``redeemed`` or ``forfeited``.
        customer_id: Only this customer's.

    Returns:
        Each pledge's ``pledge_id``, customer, items, loan, rate, dates, status, interest due and what redeems it
        today.
    """
    st = _value(status)
    if st is not None and st not in [s.value for s in PledgeStatus]:
        raise PawnError(f"status is one of {', '.join(s.value for s in PledgeStatus)}, not {status!r}", "input")
    return [_pledge(state, pid) for pid, p in sorted(state.pledges.items())
            if (st is None or _status(p) == st) and (customer_id is None or p["customer"] == customer_id)]


@shop_role()
async def pledge_detail(state: State, token: str, pledge_id: str) -> dict:
    """A pledge's full record.

    Args:
        token: The session's token.
        pledge_id: The pledge.

    Returns:
        The pledge with ``item_rows``, rows of ``[item_id, description, valuation]``, ``payments``, rows of
        ``[date, kind, amount, method]``, the notice sent (``[notice_id, date]`` or null), who signed and whether a
        lost ticket is declared.
    """
    p = _get(state.pledges, pledge_id, "pledge")
    out = _pledge(state, pledge_id)
    out["item_rows"] = [[iid, state.items[iid][2], state.items[iid][6]] for iid in p["items"]]
    out["payments"] = [list(r) for r in p["payments"]]
    out["notice"] = list(p["notice"]) if p["notice"] else None
    out["signed_by"] = p["signed_by"]
    out["lost_ticket_declared"] = pledge_id in state.declarations
    return out


@shop_role("counter")
async def pay_interest(state: State, token: str, pledge_id: str, amount: float, method: Payment) -> float:
    """Take interest on a pledge.

    Args:
        token: The session's token.
        pledge_id: The pledge, paid out.
        amount: What the customer pays.
        method: ``cash`` or ``card``.

    Returns:
        The interest still due to date.
    """
    p = _live_pledge(state, pledge_id)
    if method not in ("cash", "card"):
        raise PawnError(f"method is cash or card, not {method!r}", "input")
    due = _interest_due(p)
    if due <= 0:
        raise PawnError(f"{pledge_id} has no interest to pay", "duplicate")
    if not _amount(amount) or amount <= 0 or round(amount, 2) > due:
        raise PawnError(f"{pledge_id} has {due:.2f} of interest to pay, not {amount!r}", "input")
    _take(state, "interest", pledge_id, float(amount), method)
    p["interest_paid"] = round(p["interest_paid"] + amount, 2)
    p["payments"].append([TODAY, "interest", round(float(amount), 2), method])
    return _interest_due(p)


@shop_role("counter")
async def renew_pledge(state: State, token: str, pledge_id: str, months: int) -> dict:
    """Renew a pledge for a new term, once its interest to date is paid.

    Args:
        token: The session's token.
        pledge_id: The pledge, paid out and not forfeited.
        months: The new term in months.

    Returns:
        The pledge with its new due date.
    """
    p = _live_pledge(state, pledge_id)
    rate = RATES[p["rate"]]
    if not _count(months) or not 1 <= months <= rate[3]:
        raise PawnError(f"the {rate[0].lower()} rate lends for 1 to {rate[3]} months, not {months!r}", "rule")
    due = _interest_due(p)
    if due > 0:
        raise PawnError(f"{pledge_id} has {due:.2f} of interest to pay before it is renewed", "state")
    p["taken"], p["due"], p["interest_paid"], p["notice"] = TODAY, _plus_months(TODAY, months), 0.0, None
    p["payments"].append([TODAY, f"renewed for {months} months", 0.0, None])
    return _pledge(state, pledge_id)


@shop_role("counter")
async def declare_lost_ticket(state: State, token: str, pledge_id: str, declaration: str, witnessed_by: str) -> dict:
    """Record the customer's statutory declaration that a pawn ticket is lost, so the pledge can be redeemed without
    it.

    Args:
        token: The session's token.
        pledge_id: The pledge.
        declaration: The declaration's words.
        witnessed_by: Who witnessed it.

    Returns:
        The declaration: the pledge, when it was made and the witness.
    """
    p = _live_pledge(state, pledge_id)
    if pledge_id in state.declarations:
        raise PawnError(f"{pledge_id}'s lost ticket is declared already", "duplicate")
    if _blank(declaration) or _blank(witnessed_by):
        raise PawnError("declaration and witnessed_by are required", "input")
    state.declarations[pledge_id] = [NOW, declaration.strip(), witnessed_by.strip()]
    p["ticket_lost"] = True
    return {"pledge_id": pledge_id, "declared": NOW, "witnessed_by": witnessed_by.strip(),
            "customer": state.customers[p["customer"]][0]}


@shop_role("counter")
async def redeem_pledge(state: State, token: str, pledge_id: str, amount: float, method: Payment,
                        ticket_presented: bool = True) -> str:
    """Redeem a pledge: the loan and its interest to date are paid and the items handed back.

    Args:
        token: The session's token.
        pledge_id: The pledge, paid out.
        amount: What the customer pays, the loan and the interest to date.
        method: ``cash`` or ``card``.
        ticket_presented: Whether the pawn ticket is handed in.

    Returns:
        A sentence naming the pledge redeemed and the items handed back.
    """
    p = _get(state.pledges, pledge_id, "pledge")
    if p["status"] in ("unsigned", "signed"):
        raise PawnError(f"{pledge_id}'s loan has not been paid out; it is cancelled, not redeemed", "state")
    if p["status"] != "active":
        raise PawnError(f"{pledge_id} is {p['status']}", "state")
    if method not in ("cash", "card"):
        raise PawnError(f"method is cash or card, not {method!r}", "input")
    if not ticket_presented and pledge_id not in state.declarations:
        raise PawnError(f"without the ticket, {pledge_id} is redeemed on a statutory declaration; take one first",
                        "rule")
    owed = round(p["principal"] + _interest_due(p), 2)
    if not _amount(amount) or round(amount, 2) != owed:
        raise PawnError(f"{pledge_id} is redeemed for {owed:.2f}, not {amount!r}", "input")
    _take(state, "redemption", pledge_id, owed, method)
    p["status"] = "redeemed"
    p["payments"].append([TODAY, "redemption", owed, method])
    for iid in p["items"]:
        state.items[iid][7] = "returned"
    names = "; ".join(f"{iid} ({state.items[iid][2]})" for iid in p["items"])
    return (f"Pledge {pledge_id} redeemed for {owed:.2f} by {method}; {names} handed back to "
            f"{state.customers[p['customer']][0]}.")


@shop_role("office")
async def send_default_notice(state: State, token: str, pledge_id: str) -> dict:
    """Send the notice of intention to sell for an overdue pledge.

    Args:
        token: The session's token.
        pledge_id: The pledge, past its due date.

    Returns:
        The notice: its ``notice_id``, the pledge, the customer, when it was sent and the first day of sale.
    """
    p = _live_pledge(state, pledge_id)
    if p["due"] >= TODAY:
        raise PawnError(f"{pledge_id} is due on {p['due']}; a notice goes once it is overdue", "state")
    if p["notice"]:
        raise PawnError(f"{pledge_id}'s notice {p['notice'][0]} went on {p['notice'][1]} already", "duplicate")
    nid = f"DN-{_next(state, 'notice')}"
    p["notice"] = [nid, TODAY]
    sale_from = (_d(TODAY) + datetime.timedelta(days=NOTICE_DAYS)).isoformat()
    return {"notice_id": nid, "pledge_id": pledge_id, "customer": state.customers[p["customer"]][0], "sent": TODAY,
            "sale_from": sale_from}


@shop_role("office")
async def forfeit_pledge(state: State, token: str, pledge_id: str) -> dict:
    """Forfeit an overdue pledge once its notice has run; its items become the shop's to sell.

    Args:
        token: The session's token.
        pledge_id: The pledge.

    Returns:
        The pledge, ``forfeited``.
    """
    p = _live_pledge(state, pledge_id)
    if p["due"] >= TODAY:
        raise PawnError(f"{pledge_id} is due on {p['due']}", "state")
    if not p["notice"]:
        raise PawnError(f"{pledge_id} has had no notice of intention to sell", "rule")
    ran = (_d(p["notice"][1]) + datetime.timedelta(days=NOTICE_DAYS)).isoformat()
    if ran > TODAY:
        raise PawnError(f"{pledge_id}'s notice gives the customer until {ran}", "rule")
    p["status"] = "forfeited"
    for iid in p["items"]:
        state.items[iid][7] = "forfeited"
    return _pledge(state, pledge_id)


# --------------------------------------------------------------------------- the shop and the till


@shop_role("office")
async def list_for_sale(state: State, token: str, item_id: str, price: float) -> dict:
    """Put a forfeited item, or one bought outright whose police hold has ended, in the shop.

    Args:
        token: The session's token.
        item_id: The item.
        price: The shop price.

    Returns:
        The stock line with its ``stock_id``.
    """
    i = _get(state.items, item_id, "item")
    if i[7] == "in_stock":
        raise PawnError(f"{item_id} is in the shop already", "duplicate")
    if i[7] == "held":
        if i[9] > TODAY:
            raise PawnError(f"{item_id} is on police hold until {i[9]}", "rule")
    elif i[7] != "forfeited":
        raise PawnError(f"{item_id} is {i[7]}; the shop sells forfeited items and items bought outright", "state")
    if not _amount(price) or price <= 0:
        raise PawnError(f"price is an amount, not {price!r}", "input")
    sid = f"ST-{_next(state, 'stock')}"
    state.stock[sid] = [item_id, i[2], round(float(price), 2), TODAY, None]
    i[7] = "in_stock"
    return _stock(state, sid)


@shop_role()
async def shop_stock(state: State, token: str, available_only: bool = True) -> list[dict]:
    """The shop's stock, by stock id.

    Args:
        token: The session's token.
        available_only: Leave out what has been sold.

    Returns:
        Each line's ``stock_id``, item, description, price, date listed and whether it is sold.
    """
    return [_stock(state, sid) for sid, s in sorted(state.stock.items()) if not available_only or s[4] is None]


@shop_role("counter")
async def sell_item(state: State, token: str, stock_id: str, method: Payment, buyer_name: str) -> dict:
    """Sell a line from the shop through the till.

    Args:
        token: The session's token.
        stock_id: The stock line.
        method: ``cash`` or ``card``.
        buyer_name: The buyer's name, for the receipt.

    Returns:
        The sale with its ``sale_id``.
    """
    s = _get(state.stock, stock_id, "stock line")
    if s[4] is not None:
        raise PawnError(f"{stock_id} is sold already ({s[4]})", "duplicate")
    if method not in ("cash", "card"):
        raise PawnError(f"method is cash or card, not {method!r}", "input")
    if _blank(buyer_name):
        raise PawnError("buyer_name is required", "input")
    said = f"SA-{state.counters['sale']}"
    _take(state, "sale", said, s[2], method)
    _next(state, "sale")
    state.sales[said] = [stock_id, s[2], method, buyer_name.strip(), TODAY]
    s[4] = said
    if s[0]:
        state.items[s[0]][7] = "sold"
    return {"sale_id": said, "stock_id": stock_id, "description": s[1], "price": s[2], "method": method,
            "buyer": buyer_name.strip()}


@shop_role("counter")
async def buy_outright(state: State, token: str, item_id: str, price: float, method: Payout) -> dict:
    """Buy a valued item outright from its customer; it then waits out the police hold.

    Args:
        token: The session's token.
        item_id: The item, valued.
        price: What the shop pays, up to the valuation.
        method: ``cash`` or ``bank_transfer``.

    Returns:
        The purchase with its ``purchase_id`` and the hold's end.
    """
    i = _get(state.items, item_id, "item")
    if i[7] != "valued":
        raise PawnError(f"{item_id} is {i[7]}; the shop buys valued items", "state")
    if method not in ("cash", "bank_transfer"):
        raise PawnError(f"method is cash or bank_transfer, not {method!r}", "input")
    if not _amount(price) or price <= 0 or price > i[6]:
        raise PawnError(f"{item_id} is valued at {i[6]:.2f}; the shop pays up to that, not {price!r}", "rule")
    _verified(state, i[0])
    bid = f"BY-{state.counters['purchase']}"
    if method == "cash":
        _take(state, "bought outright", bid, -float(price), "cash")
    elif state.customers[i[0]][7] is None:
        raise PawnError(f"{state.customers[i[0]][0]} has no bank details on file", "state")
    _next(state, "purchase")
    hold = (_d(TODAY) + datetime.timedelta(days=POLICE_HOLD)).isoformat()
    state.purchases[bid] = [i[0], item_id, round(float(price), 2), method, TODAY]
    i[7], i[9] = "held", hold
    return {"purchase_id": bid, "item_id": item_id, "customer": state.customers[i[0]][0],
            "price": round(float(price), 2), "method": method, "hold_until": hold}


@shop_role("counter")
async def open_till(state: State, token: str, float_amount: float) -> dict:
    """Open the till for the day with its cash float.

    Args:
        token: The session's token.
        float_amount: The cash counted into the drawer.

    Returns:
        The till session with its ``till_id``.
    """
    if state.till is not None:
        raise PawnError(f"the till is open already ({state.till['till_id']})", "duplicate")
    if not _amount(float_amount) or not 100 <= float_amount <= 10000:
        raise PawnError(f"float_amount is 100 to 10000, not {float_amount!r}", "input")
    tid = f"TL-{_next(state, 'till')}"
    state.till = {"till_id": tid, "opened": NOW, "float": round(float(float_amount), 2),
                  "cash": round(float(float_amount), 2), "rows": []}
    return {"till_id": tid, "opened": NOW, "float": state.till["float"], "cash": state.till["cash"]}


@shop_role("counter", "office")
async def till_summary(state: State, token: str) -> list[list[Any]]:
    """The open till's takings so far.

    Args:
        token: The session's token.

    Returns:
        Rows of ``[time, kind, reference, amount, method]``, the float first (amounts out are negative).
    """
    till = _till(state)
    return [[till["opened"][11:], "float", till["till_id"], till["float"], "cash"]] + [list(r) for r in till["rows"]]


@shop_role("counter", "office")
async def close_till(state: State, token: str, counted: float) -> float:
    """Cash up and close the till.

    Args:
        token: The session's token.
        counted: The cash counted in the drawer.

    Returns:
        The variance: what was counted less what the till should hold.
    """
    till = _till(state)
    if not _amount(counted) or counted < 0:
        raise PawnError(f"counted is an amount, not {counted!r}", "input")
    state.tills[till["till_id"]] = {"opened": till["opened"], "float": till["float"], "closed": NOW}
    state.till = None
    return round(counted - till["cash"], 2)


TOOLS = [
    sign_in, sign_out, loan_rates, gold_prices, find_customer, register_customer, verify_identity, update_customer,
    customer_file, message_customer, add_bank_details, take_in_item, items, check_stolen_register, test_gold,
    value_item, quote_loan, make_pledge, sign_agreement, pay_out, pledges, pledge_detail, pay_interest, renew_pledge,
    declare_lost_ticket, redeem_pledge, send_default_notice, forfeit_pledge, list_for_sale, shop_stock, sell_item,
    buy_outright, open_till, till_summary, close_till,
]

FIXTURES = {
    "shop": {"name": "Tolland's Pawnbrokers", "address": "22 Wrenfield Street, Brackenford",
             "today": "Saturday 6 March 2038, a quarter past nine in the morning",
             "float": "the till opens with a float of 2,000 pounds"},
    "staff": [
        {"name": "Jessamy Ruddock", "role": "counter", "username": "jessamy.h", "password": "Ticket-Stub-31"},
        {"name": "Bartholomew Quist", "role": "valuer", "username": "bart.q", "password": "Touchstone-88"},
        {"name": "Ottilie Marchetti", "role": "back office", "username": "ottilie.m", "password": "Ledger-Line-14"},
        {"name": "Fergal Tolland", "role": "manager", "username": "fergal.t", "password": "Three-Balls-50"},
    ],
    "new_customer": {
        "name": "Mr Eamon Strachan-Price", "date_of_birth": "1979-05-19", "address": "8 Fellmonger Close, Brackenford",
        "postcode": "BK3 2TC", "phone": "07700 900608", "email": "eamon.sp@example.com",
        "passport": "number 561209873, expires 11 February 2043",
        "bank": "E Strachan-Price, sort code 40-12-76, account 81234567",
        "wants": "To pawn an 18ct gold curb bracelet (31.2 grams) for 900 pounds over six months at the gold rate, "
                 "paid in cash, and to sell a Longines HydroConquest watch (serial L37814966) outright for 650 "
                 "pounds in cash",
    },
    "notes": [
        "Mrs Scollard is paying the interest on her gold chain by card and renewing it for three months",
        "Mr Fitzwarren has lost the ticket for his laptop; he will make a declaration, witnessed by Jessamy, and "
        "redeem it by card",
        "Mr Amberley's watch loan ran out on Tuesday; his notice of intention to sell goes out today",
        "Ms Ockenden's diamond ring has had its notice; forfeit it and price it at 1,650 pounds",
        "Miss Coldwell's 22ct bangle is off police hold; price it at 1,150 pounds",
        "Mr Pennefather has brought his driving licence (PENNE604099T99KB, to 3 June 2046): the TAG Heuer and the "
        "signet ring are waiting for Bartholomew; he wants 600 pounds on the watch for four months",
        "Mr Fitzwarren wants future loans paid into his bank: C Fitzwarren, 30-94-18, 66120457",
        "Mrs Scollard has a new phone number, 07700 900621",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "loan_rates", "gold_prices")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["verify_identity", "update_customer", "customer_file", "message_customer", "add_bank_details",
                      "take_in_item"]
ITEM_CONSUMERS = ["check_stolen_register", "test_gold", "value_item", "quote_loan", "buy_outright"]
PLEDGE_CONSUMERS = ["pay_interest", "renew_pledge", "send_default_notice", "forfeit_pledge", "declare_lost_ticket"]
TILL_CONSUMERS = ["pay_out", "pay_interest", "redeem_pledge", "sell_item", "buy_outright", "till_summary",
                  "close_till"]
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or of a find_customer entry)"
_ITEM = "id lookup/create: item (item_id of take_in_item, or of an items entry)"
_PLEDGE = "id lookup: pledge (pledge_id of a pledges entry)"
_NEW_PLEDGE = "id lookup/create: pledge (pledge_id of make_pledge, or of a pledges entry)"
_TILL = "state: the till open for the day"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("take_in_item|items", c, _ITEM) for c in ITEM_CONSUMERS]
    + [("pledges", c, _PLEDGE) for c in PLEDGE_CONSUMERS]
    + [("make_pledge|pledges", c, _NEW_PLEDGE) for c in ("redeem_pledge", "pledge_detail")]
    + [("make_pledge", c, "id create: pledge (pledge_id of make_pledge)") for c in ("sign_agreement", "pay_out")]
    + [("open_till", c, _TILL) for c in TILL_CONSUMERS]
    + [
        ("items", "list_for_sale", "id lookup: item forfeited or off police hold (item_id of an items entry)"),
        ("gold_prices", "test_gold", "vocabulary: carat codes (carat of a gold_prices entry)"),
        ("loan_rates", "quote_loan", "vocabulary: loan rate codes (code of a loan_rates entry)"),
        ("quote_loan", "make_pledge", "id create: loan quote (quote_id of quote_loan)"),
        ("list_for_sale|shop_stock", "sell_item",
         "id lookup/create: stock line (stock_id of list_for_sale, or of a shop_stock entry)"),
        ("verify_identity", "make_pledge", "vetting: the customer's photo ID seen and current"),
        ("verify_identity", "buy_outright", "vetting: the customer's photo ID seen and current"),
        ("check_stolen_register", "value_item", "vetting: the serial number checked clear of the stolen register"),
        ("declare_lost_ticket", "redeem_pledge", "vetting: a statutory declaration for a lost ticket"),
        ("test_gold", "value_item", "state: a gold item tested and weighed"),
        ("value_item", "quote_loan", "state: the items valued"),
        ("value_item", "buy_outright", "state: the item valued"),
        ("sign_agreement", "pay_out", "state: the credit agreement signed"),
        ("add_bank_details", "pay_out", "state: the customer's bank details on file (a transfer)"),
        ("forfeit_pledge", "list_for_sale", "state: the pledge forfeited, its items the shop's"),
        ("pay_out", "redeem_pledge", "payment: the loan paid out, the pledge active"),
        ("pay_interest", "renew_pledge", "payment: the interest to date paid"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_CUSTOMER_SHOWN = ("find_customer", "register_customer", "verify_identity", "update_customer", "customer_file",
                   "add_bank_details", "items", "pledges", "pledge_detail", "quote_loan", "make_pledge",
                   "take_in_item", "test_gold", "value_item", "check_stolen_register", "sign_agreement", "pay_out")
_ITEM_SHOWN = ("take_in_item", "items", "customer_file", "pledge_detail", "pledges", "make_pledge", "quote_loan",
               "check_stolen_register", "test_gold", "value_item", "shop_stock", "list_for_sale", "buy_outright")
_PLEDGE_SHOWN = ("pledges", "make_pledge", "sign_agreement", "pay_out", "pledge_detail", "customer_file",
                 "renew_pledge", "forfeit_pledge", "send_default_notice", "declare_lost_ticket", "till_summary")
_PLEDGE_CHANGES = ("make_pledge", "sign_agreement", "pay_out", "pay_interest", "renew_pledge",
                   "declare_lost_ticket", "redeem_pledge", "send_default_notice", "forfeit_pledge")
_ITEM_CHANGES = ("take_in_item", "check_stolen_register", "test_gold", "value_item", "make_pledge", "buy_outright",
                 "list_for_sale", "sell_item", "forfeit_pledge", "redeem_pledge")
PLAUSIBLE = (
    # ids shown in other lists and records: customers on items, pledges, quotes and files; items on pledges, quotes,
    # files and the shop's stock; pledges on files, notices, declarations and the till
    {(p, c) for p in _CUSTOMER_SHOWN for c in CUSTOMER_CONSUMERS + ["items", "pledges"]}
    | {(p, c) for p in _ITEM_SHOWN for c in ITEM_CONSUMERS + ["list_for_sale"]}
    | {(p, c) for p in _PLEDGE_SHOWN for c in PLEDGE_CONSUMERS + ["redeem_pledge", "pledge_detail",
                                                                  "sign_agreement", "pay_out"]}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("check_stolen_register", "buy_outright"), ("check_stolen_register", "quote_loan"),
        ("find_customer", "buy_outright"), ("find_customer", "make_pledge"), ("forfeit_pledge", "sell_item"),
        ("gold_prices", "value_item"), ("items", "make_pledge"), ("items", "sell_item"),
        ("loan_rates", "make_pledge"), ("open_till", "renew_pledge"), ("pledges", "list_for_sale"),
        ("quote_loan", "pay_out"), ("quote_loan", "pledge_detail"), ("quote_loan", "redeem_pledge"),
        ("quote_loan", "sign_agreement"), ("register_customer", "buy_outright"),
        ("register_customer", "check_stolen_register"), ("register_customer", "make_pledge"),
        ("register_customer", "pay_out"), ("register_customer", "quote_loan"), ("register_customer", "test_gold"),
        ("register_customer", "value_item"), ("sign_agreement", "redeem_pledge"), ("take_in_item", "make_pledge"),
        ("test_gold", "quote_loan"), ("value_item", "make_pledge"), ("verify_identity", "pay_out"),
        ("verify_identity", "pledge_detail"), ("verify_identity", "redeem_pledge"),
        ("verify_identity", "sign_agreement"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_customer", "update_customer", "verify_identity", "add_bank_details")
       for c in ("find_customer", "customer_file")}
    | {(p, c) for p in _ITEM_CHANGES for c in ("items", "customer_file", "pledge_detail")}
    | {(p, c) for p in _PLEDGE_CHANGES for c in ("pledges", "pledge_detail", "customer_file")}
    | {(p, "shop_stock") for p in ("list_for_sale", "sell_item")}
    | {(p, "till_summary") for p in ("pay_out", "pay_interest", "redeem_pledge", "sell_item", "buy_outright")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
