"""Ratchet: the hire counter, yard, drivers and accounts of Quarrybank Tool Hire (39 calls).

Sync functions over an in-memory ``State`` of a tool and equipment hire depot on Monday 9 October 2034 at 07:30, on
the Weir Road trading estate in Hollinbridge. The depot hires breakers, scissor lifts, access towers, mixers, floor
sanders, dumpers and generators by the day and the week to cash customers and to trade accounts. The hire counter
finds, opens and changes customer accounts, writes to customers, verifies a cash customer's ID, records operators'
tickets (the cards that show someone is trained to use powered access or plant), writes hire contracts, puts items on
them and takes them off, takes deposits, checks contracts out, extends hires, swaps broken-down items, takes off-hire
calls, books collections, takes items back and cancels contracts that never went out. The yard inspects and tests
items, takes them out of service and reports damage on returned items. The drivers collect off-hired items from site.
Accounts approve credit limits for trade accounts, charge damage, close contracts with their invoice, record payments
and refund deposits. The depot manager may do everything and alone waives damage. The catalogue and the hire quote are
public.

Every tool is a plain ``def`` without a decorator; each checks its session and role itself (``who = _staff(state,
token, "counter")``, then ``if isinstance(who, str): return who``). A refusal is returned as a string, as the depot's
hire system answers one: ``"Error: HC-7110 has no deposit taken (100.00 due); ..."``, which the runtime's common
conventions read by the ``Error:`` prefix, so the module declares no ``FAILURE``. Replies are pydantic models and lists
of them, with rows nested as lists of lists (a customer's account, an item's history, a contract's items, an invoice's
lines); bare values answer a hire quote and a hire extended (a price), the items in stock (a list of serial numbers) and
a deposit refunded (the amount); sentences with an id in them answer a message, an off-hire call, a contract cancelled
and a sign-out. ``from __future__ import annotations`` with PEP 604 and builtin generics (``str | None``,
``list[str]``), resolved by the runtime in the module: a plain ``Enum`` input (``IdDocument``), two ``str`` ``Enum``
filters (``ContractStatus``, ``ItemStatus``), ``Literal`` inputs (account kind, payment method, an item's condition, an
inspection's result, a collection slot) and a ``Literal`` filter (damage status). reST docstrings (``:param ...:``,
``:returns:``). Ids look alike: customer ``CU-3310``, contract ``HC-7110``, collection job ``CJ-410``, damage report
``DR-64``, invoice ``INV-5210``, message ``MS-880``, off-hire number ``OH-7110``; product ``BRK-110``; item ``BR-0422``.
The operator ticket schemes and which products need which, that a contract needs a deposit unless the trade account
has a credit limit, the deposit due, that a cash customer's ID is verified before a contract is written, and that a
repair is not charged above the item's replacement value are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel

TODAY = "2034-10-09"  # a Monday


class IdDocument(Enum):
    PASSPORT = "passport"
    DRIVING_LICENCE = "driving_licence"
    ARMED_FORCES_ID = "armed_forces_id"


class ContractStatus(str, Enum):
    DRAFT = "draft"
    ON_HIRE = "on_hire"
    OFF_HIRE = "off_hire"
    RETURNED = "returned"
    CLOSED = "closed"
    CANCELLED = "cancelled"


class ItemStatus(str, Enum):
    AVAILABLE = "available"
    ON_HIRE = "on_hire"
    AWAITING_INSPECTION = "awaiting_inspection"
    QUARANTINED = "quarantined"


AccountKind = Literal["cash", "trade"]
Method = Literal["card", "cash", "bacs"]
Condition = Literal["clean", "dirty", "damaged"]
Result = Literal["pass", "fail"]
Slot = Literal["am", "pm"]
DamageStatus = Literal["open", "charged", "waived"]

PRODUCTS = {  # code -> name, day rate, week rate, deposit, replacement value, ticket scheme, inspection interval (days)
    "BRK-110": ("110V heavy breaker with two chisels", 42.0, 84.0, 100.0, 950.0, None, 90),
    "SCF-2": ("Electric scissor lift, 8 m working height", 145.0, 290.0, 500.0, 14500.0, "IPAF", 180),
    "TWR-5": ("Alloy access tower, 5 m platform", 60.0, 120.0, 150.0, 2200.0, "PASMA", 180),
    "MXR-1": ("Petrol cement mixer", 25.0, 50.0, 50.0, 480.0, None, 365),
    "SAN-F": ("240V floor sander", 38.0, 76.0, 80.0, 1100.0, None, 90),
    "DMP-1": ("1 tonne high-tip dumper", 95.0, 190.0, 300.0, 9800.0, "CPCS", 180),
    "GEN-3": ("3 kVA petrol generator", 30.0, 60.0, 100.0, 780.0, None, 365),
}
TICKET_SCHEMES = {"IPAF": "mobile elevating work platforms", "PASMA": "mobile access towers",
                  "CPCS": "site plant (dumpers)"}
CLEANING_CHARGE = 15.0
ROLE_NAMES = {"counter": "the hire counter", "yard": "the yard", "driver": "the drivers", "accounts": "accounts",
              "manager": "the depot manager"}


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str


class Product(BaseModel):
    code: str
    name: str
    day_rate: float
    week_rate: float
    deposit: float
    ticket_required: bool


class CustomerRow(BaseModel):
    customer_id: str
    name: str
    kind: str
    phone: str


class Customer(BaseModel):
    customer_id: str
    name: str
    kind: str
    contact: str
    phone: str
    email: str
    address: str
    id_verified: bool
    credit_limit: float | None
    on_stop: bool


class CustomerAccount(BaseModel):
    customer: Customer
    tickets: list[list[Any]]
    contracts: list[list[Any]]
    invoices: list[list[Any]]


class ItemHistory(BaseModel):
    serial: str
    product_code: str
    name: str
    status: str
    inspection_due: str
    inspections: list[list[Any]]
    hires: list[list[Any]]


class Contract(BaseModel):
    contract_id: str
    customer_id: str
    customer: str
    site: str
    start: str
    expected_end: str
    status: str
    items: list[list[Any]]
    deposit_due: float
    deposit_taken: float
    deposit_refunded: bool
    off_hire_number: str | None
    invoice_id: str | None


class ContractRow(BaseModel):
    contract_id: str
    customer_id: str
    customer: str
    start: str
    expected_end: str
    status: str


class CollectionJob(BaseModel):
    job_id: str
    contract_id: str
    site: str
    date: str
    slot: str
    items: list[str]
    status: str


class DamageReport(BaseModel):
    damage_id: str
    contract_id: str
    serial: str
    description: str
    repair_cost: float
    status: str


class Invoice(BaseModel):
    invoice_id: str
    contract_id: str
    customer_id: str
    lines: list[list[Any]]
    total: float
    paid: float
    status: str


# --------------------------------------------------------------------------- state


class State:
    """Quarrybank Tool Hire on Monday 9 October 2034 at 07:30."""

    def __init__(self) -> None:
        self.staff = {
            "lee.c": {"name": "Lee Cartwright", "password": "Chuck-Key-42", "role": "counter"},
            "meg.d": {"name": "Meg Doyle", "password": "Hire-Desk-9", "role": "counter"},
            "baz.o": {"name": "Baz O'Neill", "password": "Pat-Tester-240", "role": "yard"},
            "tony.v": {"name": "Tony Vella", "password": "Tail-Lift-7", "role": "driver"},
            "ola.b": {"name": "Ola Bankole", "password": "Ledger-Green-5", "role": "accounts"},
            "pam.s": {"name": "Pam Stirling", "password": "Quarrybank-1987", "role": "manager"},
        }
        self.tokens: dict[str, dict] = {}
        self.customers = {
            "CU-3301": {"name": "Hollin Groundworks Ltd", "kind": "trade", "contact": "Mr Pete Rowntree",
                        "phone": "01632 960301", "email": "hire@hollingroundworks.example",
                        "address": "Yard 2, Mill Lane, Hollinbridge", "id_verified": False, "credit_limit": 2500.0,
                        "on_stop": False},
            "CU-3302": {"name": "Mrs Denise Okoro", "kind": "cash", "contact": "Mrs Denise Okoro",
                        "phone": "07700 950302", "email": "denise.okoro@example.com",
                        "address": "31 Tanner Street, Hollinbridge", "id_verified": True, "credit_limit": None,
                        "on_stop": False},
            "CU-3303": {"name": "Mr Gareth Lamb", "kind": "cash", "contact": "Mr Gareth Lamb",
                        "phone": "07700 950303", "email": "gareth.lamb@example.net",
                        "address": "8 Orchard Rise, Quarrybank", "id_verified": False, "credit_limit": None,
                        "on_stop": False},
            "CU-3304": {"name": "Brightwater Interiors", "kind": "trade", "contact": "Ms Leah Brightwater",
                        "phone": "01632 960304", "email": "accounts@brightwater.example",
                        "address": "Unit 9, Weir Road, Hollinbridge", "id_verified": False, "credit_limit": None,
                        "on_stop": False},
            "CU-3305": {"name": "Ms Yasmin Farooq", "kind": "cash", "contact": "Ms Yasmin Farooq",
                        "phone": "07700 950305", "email": "yasmin.farooq@example.org",
                        "address": "2 Linden Court, Hollinbridge", "id_verified": True, "credit_limit": None,
                        "on_stop": False},
            "CU-3306": {"name": "Keel & Sons Roofing", "kind": "trade", "contact": "Mr Tom Keel",
                        "phone": "01632 960306", "email": "office@keelroofing.example",
                        "address": "The Old Forge, Quarrybank", "id_verified": False, "credit_limit": 5000.0,
                        "on_stop": False},
        }
        self.tickets = [
            ["CU-3306", "IPAF", "IPAF-3B-448210", "2036-02-28"],
            ["CU-3306", "PASMA", "PAS-20931", "2035-11-30"],
        ]

        def item(product, status, due, contract=None):
            return {"product": product, "status": status, "due": due, "contract": contract, "inspections": [],
                    "hires": []}

        self.items = {
            "BR-0417": item("BRK-110", "on_hire", "2034-12-20", "HC-7101"),
            "BR-0422": item("BRK-110", "available", "2035-01-10"),
            "BR-0431": item("BRK-110", "awaiting_inspection", "2034-12-02"),
            "SL-2208": item("SCF-2", "available", "2034-12-01"),
            "SL-2211": item("SCF-2", "on_hire", "2035-02-14", "HC-7102"),
            "TW-1102": item("TWR-5", "available", "2035-03-01"),
            "TW-1104": item("TWR-5", "on_hire", "2035-01-20", "HC-7100"),
            "MX-0560": item("MXR-1", "on_hire", "2035-06-30", "HC-7103"),
            "MX-0561": item("MXR-1", "available", "2035-06-30"),
            "FS-0345": item("SAN-F", "available", "2034-10-02"),
            "FS-0348": item("SAN-F", "quarantined", "2034-12-15"),
            "DU-0071": item("DMP-1", "available", "2035-01-05"),
            "GN-0904": item("GEN-3", "available", "2035-05-18"),
        }
        self.items["FS-0348"]["inspections"].append(["2034-10-06", "fail", "PAT fail: cable sheath split",
                                                     "Baz O'Neill"])
        self.items["BR-0431"]["hires"].append(["HC-7098", "2034-09-25", "2034-10-06"])

        def contract(customer, site, start, end, status, items, deposit=0.0, off=None):
            return {"customer": customer, "site": site, "start": start, "end": end, "status": status,
                    "items": dict(items), "deposit": deposit, "refunded": False, "off_hire": off,
                    "off_date": None, "invoice": None, "cleaning": 0.0}

        self.contracts = {
            "HC-7098": contract("CU-3301", "Mill Lane yard, Hollinbridge", "2034-09-25", "2034-10-06", "returned",
                                {"BR-0431": "2034-10-06"}),
            "HC-7100": contract("CU-3306", "St Anne's Church roof, Quarrybank", "2034-09-28", "2034-10-12",
                                "off_hire", {"TW-1104": None}, off="OH-7100"),
            "HC-7101": contract("CU-3301", "Weir Road drainage, Hollinbridge", "2034-10-02", "2034-10-13", "on_hire",
                                {"BR-0417": None}),
            "HC-7102": contract("CU-3306", "Tanner Street warehouse, Hollinbridge", "2034-10-05", "2034-10-09",
                                "on_hire", {"SL-2211": None}),
            "HC-7103": contract("CU-3302", "31 Tanner Street, Hollinbridge", "2034-10-07", "2034-10-10", "on_hire",
                                {"MX-0560": None}, deposit=50.0),
            "HC-7104": contract("CU-3305", "2 Linden Court, Hollinbridge", "2034-10-09", "2034-10-11", "draft", {}),
        }
        self.contracts["HC-7100"]["off_date"] = "2034-10-08"
        self.jobs: dict[str, dict] = {}
        self.damages = {
            "DR-61": {"contract": "HC-7098", "serial": "BR-0431", "description": "Chisel retainer bent; one chisel "
                      "missing", "cost": 65.0, "status": "open"},
        }
        self.invoices = {
            "INV-5201": {"contract": "HC-7097", "customer": "CU-3302",
                         "lines": [["MXR-1 MX-0561, 2034-09-20 to 2034-09-22", 50.0]], "total": 50.0, "paid": 50.0},
            "INV-5202": {"contract": "HC-7096", "customer": "CU-3301",
                         "lines": [["DMP-1 DU-0071, 2034-09-11 to 2034-09-18", 190.0],
                                   ["GEN-3 GN-0904, 2034-09-11 to 2034-09-15", 120.0]], "total": 310.0,
                         "paid": 0.0},
        }
        self.messages: list[list] = []
        self.counters = {"token": 1, "customer": 3310, "contract": 7110, "job": 410, "damage": 64, "invoice": 5210,
                         "message": 880}


# --------------------------------------------------------------------------- helpers


def _err(text: str) -> str:
    return f"Error: {text}"


def _staff(state: State, token: Any, *roles: str) -> dict | str:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        return _err("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        return _err(f"{who['name']} ({who['role']}) may not do this; it is for "
                    f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _missing(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _date(text: Any) -> str | None:
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except (TypeError, ValueError):
        return None


def _days(start: str, end: str) -> int:
    return max(1, (datetime.date.fromisoformat(end) - datetime.date.fromisoformat(start)).days)


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _charge(code: str, days: int) -> float:
    _, day, week = PRODUCTS[code][:3]
    weeks, rest = divmod(days, 7)
    return round(weeks * week + min(rest * day, week), 2)


def _customer(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    return Customer(customer_id=cid, name=c["name"], kind=c["kind"], contact=c["contact"], phone=c["phone"],
                    email=c["email"], address=c["address"], id_verified=c["id_verified"],
                    credit_limit=c["credit_limit"], on_stop=c["on_stop"])


def _deposit_due(state: State, k: dict) -> float:
    return round(sum(PRODUCTS[state.items[s]["product"]][3] for s in k["items"]), 2)


def _contract(state: State, kid: str) -> Contract:
    k = state.contracts[kid]
    rows = [[s, state.items[s]["product"], PRODUCTS[state.items[s]["product"]][0],
             "returned" if back else ("on_hire" if k["status"] in ("on_hire", "off_hire") else "reserved"), back]
            for s, back in sorted(k["items"].items())]
    return Contract(contract_id=kid, customer_id=k["customer"], customer=state.customers[k["customer"]]["name"],
                    site=k["site"], start=k["start"], expected_end=k["end"], status=k["status"], items=rows,
                    deposit_due=_deposit_due(state, k), deposit_taken=k["deposit"], deposit_refunded=k["refunded"],
                    off_hire_number=k["off_hire"], invoice_id=k["invoice"])


def _get_contract(state: State, kid: Any) -> dict | str:
    k = state.contracts.get(kid) if isinstance(kid, str) else None
    return k if k is not None else _err(f"no contract {kid}")


def _get_item(state: State, serial: Any) -> dict | str:
    i = state.items.get(serial) if isinstance(serial, str) else None
    return i if i is not None else _err(f"no item {serial}")


def _job(state: State, jid: str) -> CollectionJob:
    j = state.jobs[jid]
    return CollectionJob(job_id=jid, contract_id=j["contract"], site=state.contracts[j["contract"]]["site"],
                         date=j["date"], slot=j["slot"], items=list(j["items"]), status=j["status"])


def _damage(state: State, did: str) -> DamageReport:
    d = state.damages[did]
    return DamageReport(damage_id=did, contract_id=d["contract"], serial=d["serial"], description=d["description"],
                        repair_cost=d["cost"], status=d["status"])


def _invoice(state: State, iid: str) -> Invoice:
    v = state.invoices[iid]
    return Invoice(invoice_id=iid, contract_id=v["contract"], customer_id=v["customer"],
                   lines=[list(x) for x in v["lines"]], total=v["total"], paid=v["paid"],
                   status="paid" if v["paid"] >= v["total"] else "unpaid")


def _bring_back(state: State, kid: str, serial: str) -> None:
    k = state.contracts[kid]
    k["items"][serial] = TODAY
    i = state.items[serial]
    i.update({"status": "awaiting_inspection", "contract": None})
    i["hires"].append([kid, k["start"], TODAY])
    if all(k["items"].values()):
        k["status"] = "returned"


# --------------------------------------------------------------------------- sign-in and the public lists


def sign_in(state: State, username: str, password: str) -> Session | str:
    """Sign in to the depot's hire system.

    :param username: the staff user name, e.g. ``lee.c``
    :param password: the password
    :returns: the session: a ``token`` to pass to every call but the public ones, the person's name and role (counter,
        yard, driver, accounts or manager)
    """
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        return _err("user name or password not recognised")
    user = username.strip().lower()
    token = f"qb-{user.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


def sign_out(state: State, token: str) -> str:
    """End a session.

    :param token: the session token
    :returns: a sentence naming who was signed out
    """
    who = _staff(state, token)
    if isinstance(who, str):
        return who
    state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


def catalogue() -> list[Product]:
    """The hire catalogue, as printed on the counter and the website.

    :returns: one entry per product: its code, name, day and week rates, the deposit for each item and whether an
        operator's ticket is needed to hire it
    """
    return [Product(code=code, name=p[0], day_rate=p[1], week_rate=p[2], deposit=p[3], ticket_required=p[5] is not None)
            for code, p in PRODUCTS.items()]


def hire_quote(product_code: str, days: int) -> float | str:
    """What a product costs to hire for a number of days (a week costs the week rate, and no part week costs more).

    :param product_code: the product's code
    :param days: how many days
    :returns: the hire charge, before any deposit
    """
    if product_code not in PRODUCTS:
        return _err(f"no product {product_code!r}")
    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        return _err(f"days is a whole number of days, not {days!r}")
    return _charge(product_code, days)


# --------------------------------------------------------------------------- customers


def find_customer(state: State, token: str, text: str) -> list[CustomerRow] | str:
    """Find customers by part of their name, contact, phone number or e-mail address.

    :param token: the session token
    :param text: what to look for
    :returns: one row per customer found: customer id, name, kind (cash or trade) and phone
    """
    who = _staff(state, token)
    if isinstance(who, str):
        return who
    if _missing(text):
        return _err("text is required")
    needle = text.strip().lower()
    return [CustomerRow(customer_id=cid, name=c["name"], kind=c["kind"], phone=c["phone"])
            for cid, c in sorted(state.customers.items())
            if needle in c["name"].lower() or needle in c["contact"].lower() or needle in c["email"].lower()
            or needle in c["phone"].replace(" ", "") or needle in c["phone"]]


def open_account(state: State, token: str, name: str, kind: AccountKind, phone: str, email: str, address: str,
                 contact: str | None = None) -> Customer | str:
    """Open a customer account.

    :param token: the session token
    :param name: the customer's name, or the firm's for a trade account
    :param kind: ``cash`` (pays as they hire) or ``trade`` (a firm that may be given credit)
    :param phone: their phone number
    :param email: their e-mail address
    :param address: their address
    :param contact: the person who hires for a trade account (the customer themselves for cash)
    :returns: the customer with their new customer id, ID not verified and no credit limit
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    for value, what in ((name, "name"), (phone, "phone"), (email, "email"), (address, "address")):
        if _missing(value):
            return _err(f"{what} is required")
    if kind not in ("cash", "trade"):
        return _err(f"kind is cash or trade, not {kind!r}")
    if "@" not in email:
        return _err(f"{email!r} is not an e-mail address")
    for cid, c in state.customers.items():
        if c["name"].lower() == name.strip().lower() and c["phone"] == phone.strip():
            return _err(f"{c['name']} has an account already ({cid})")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "kind": kind,
                            "contact": (contact.strip() if isinstance(contact, str) and contact.strip()
                                        else name.strip()),
                            "phone": phone.strip(), "email": email.strip(), "address": address.strip(),
                            "id_verified": False, "credit_limit": None, "on_stop": False}
    return _customer(state, cid)


def update_customer(state: State, token: str, customer_id: str, phone: str | None = None, email: str | None = None,
                    address: str | None = None, contact: str | None = None) -> Customer | str:
    """Change a customer's phone number, e-mail address, address or contact; what is left out stays as it is.

    :param token: the session token
    :param customer_id: the customer
    :param phone: the new phone number
    :param email: the new e-mail address
    :param address: the new address
    :param contact: the new contact
    :returns: the customer as changed
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    c = state.customers.get(customer_id) if isinstance(customer_id, str) else None
    if c is None:
        return _err(f"no customer {customer_id}")
    new = {k: v.strip() for k, v in (("phone", phone), ("email", email), ("address", address), ("contact", contact))
           if isinstance(v, str) and v.strip()}
    if "email" in new and "@" not in new["email"]:
        return _err(f"{email!r} is not an e-mail address")
    changed = {k: v for k, v in new.items() if c[k] != v}
    if not changed:
        return _err(f"nothing to change for {c['name']}; those are the details on file")
    c.update(changed)
    return _customer(state, customer_id)


def customer_account(state: State, token: str, customer_id: str) -> CustomerAccount | str:
    """A customer's whole account.

    :param token: the session token
    :param customer_id: the customer
    :returns: the customer; their operator tickets as rows of ``[scheme, card_number, expires]``; their contracts as
        rows of ``[contract_id, start, expected_end, status]``; their invoices as rows of ``[invoice_id, contract_id,
        total, paid]``
    """
    who = _staff(state, token)
    if isinstance(who, str):
        return who
    if not isinstance(customer_id, str) or customer_id not in state.customers:
        return _err(f"no customer {customer_id}")
    return CustomerAccount(
        customer=_customer(state, customer_id),
        tickets=[[t[1], t[2], t[3]] for t in state.tickets if t[0] == customer_id],
        contracts=[[kid, k["start"], k["end"], k["status"]] for kid, k in sorted(state.contracts.items())
                   if k["customer"] == customer_id],
        invoices=[[iid, v["contract"], v["total"], v["paid"]] for iid, v in sorted(state.invoices.items())
                  if v["customer"] == customer_id])


def message_customer(state: State, token: str, customer_id: str, subject: str, body: str) -> str:
    """E-mail a customer.

    :param token: the session token
    :param customer_id: the customer
    :param subject: the subject
    :param body: the message
    :returns: a sentence with the message's id
    """
    who = _staff(state, token, "counter", "accounts")
    if isinstance(who, str):
        return who
    c = state.customers.get(customer_id) if isinstance(customer_id, str) else None
    if c is None:
        return _err(f"no customer {customer_id}")
    if _missing(subject) or _missing(body):
        return _err("subject and body are required")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, subject.strip(), body.strip(), who["name"]])
    return f"Message {mid} sent to {c['name']} at {c['email']}."


def verify_id(state: State, token: str, customer_id: str, document: IdDocument,
              proof_of_address: str) -> Customer | str:
    """Record that a customer's photo ID and a proof of address were seen at the counter.

    :param token: the session token
    :param customer_id: the customer
    :param document: the photo ID shown: ``passport``, ``driving_licence`` or ``armed_forces_id``
    :param proof_of_address: what was shown as proof of address (a utility bill and its date)
    :returns: the customer, ID verified
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    c = state.customers.get(customer_id) if isinstance(customer_id, str) else None
    if c is None:
        return _err(f"no customer {customer_id}")
    doc = _value(document)
    if doc not in [d.value for d in IdDocument]:
        return _err(f"document is passport, driving_licence or armed_forces_id, not {doc!r}")
    if _missing(proof_of_address):
        return _err("proof_of_address is required")
    if c["id_verified"]:
        return _err(f"{c['name']}'s ID is verified already")
    c.update({"id_verified": True, "id_document": doc, "proof_of_address": proof_of_address.strip()})
    return _customer(state, customer_id)


def record_operator_ticket(state: State, token: str, customer_id: str, scheme: str, card_number: str,
                           expires: str) -> CustomerAccount | str:
    """Record the operator's ticket (the training card) a customer's operator shows.

    :param token: the session token
    :param customer_id: the customer
    :param scheme: the scheme that issued the card
    :param card_number: the number on the card
    :param expires: when it expires (YYYY-MM-DD)
    :returns: the customer's account with the ticket on it
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    if not isinstance(customer_id, str) or customer_id not in state.customers:
        return _err(f"no customer {customer_id}")
    if scheme not in TICKET_SCHEMES:
        return _err(f"{scheme!r} is not a ticket the depot accepts: "
                    f"{', '.join(f'{k} for {v}' for k, v in TICKET_SCHEMES.items())}")
    if _missing(card_number):
        return _err("card_number is required")
    end = _date(expires)
    if end is None or end <= TODAY:
        return _err(f"{expires!r} is not an expiry date in the future")
    if any(t[0] == customer_id and t[2] == card_number.strip() for t in state.tickets):
        return _err(f"card {card_number.strip()} is on the account already")
    state.tickets.append([customer_id, scheme, card_number.strip(), end])
    return customer_account(state, token, customer_id)


def approve_credit(state: State, token: str, customer_id: str, limit: float) -> Customer | str:
    """Give a trade account a credit limit (accounts do so on a good trade reference).

    :param token: the session token
    :param customer_id: the customer (a trade account)
    :param limit: the credit limit in pounds
    :returns: the customer with the limit
    """
    who = _staff(state, token, "accounts")
    if isinstance(who, str):
        return who
    c = state.customers.get(customer_id) if isinstance(customer_id, str) else None
    if c is None:
        return _err(f"no customer {customer_id}")
    if isinstance(limit, bool) or not isinstance(limit, (int, float)) or limit <= 0:
        return _err(f"limit is an amount in pounds, not {limit!r}")
    if c["kind"] != "trade":
        return _err(f"{c['name']} is a cash customer; credit is for trade accounts")
    if c["credit_limit"] == float(limit):
        return _err(f"{c['name']}'s credit limit is {float(limit):.2f} already")
    c["credit_limit"] = float(limit)
    return _customer(state, customer_id)


# --------------------------------------------------------------------------- stock


def stock_items(state: State, token: str, product_code: str, status: ItemStatus | None = None) -> list[str] | str:
    """The serial numbers of a product's items, optionally only those in one status.

    :param token: the session token
    :param product_code: the product's code
    :param status: ``available``, ``on_hire``, ``awaiting_inspection`` or ``quarantined`` (available when left out)
    :returns: the serial numbers, in order
    """
    who = _staff(state, token)
    if isinstance(who, str):
        return who
    if product_code not in PRODUCTS:
        return _err(f"no product {product_code!r}")
    want = _value(status) or "available"
    if want not in [s.value for s in ItemStatus]:
        return _err(f"no item status {want!r}")
    return [s for s, i in sorted(state.items.items()) if i["product"] == product_code and i["status"] == want]


def item_history(state: State, token: str, serial: str) -> ItemHistory | str:
    """An item's history.

    :param token: the session token
    :param serial: the item's serial number
    :returns: the item, its status and when its next inspection is due; its inspections as rows of ``[date, result,
        notes, by]``; its hires as rows of ``[contract_id, out, back]``
    """
    who = _staff(state, token)
    if isinstance(who, str):
        return who
    i = _get_item(state, serial)
    if isinstance(i, str):
        return i
    return ItemHistory(serial=serial, product_code=i["product"], name=PRODUCTS[i["product"]][0], status=i["status"],
                       inspection_due=i["due"], inspections=[list(x) for x in i["inspections"]],
                       hires=[list(x) for x in i["hires"]])


def inspect_item(state: State, token: str, serial: str, result: Result, notes: str) -> ItemHistory | str:
    """Record an item's inspection and test (LOLER, PAT or service check); a pass puts it back in stock with its next
    inspection due, a fail takes it out of service.

    :param token: the session token
    :param serial: the item's serial number
    :param result: ``pass`` or ``fail``
    :param notes: what was checked and found
    :returns: the item's history
    """
    who = _staff(state, token, "yard")
    if isinstance(who, str):
        return who
    i = _get_item(state, serial)
    if isinstance(i, str):
        return i
    if result not in ("pass", "fail"):
        return _err(f"result is pass or fail, not {result!r}")
    if _missing(notes):
        return _err("notes are required")
    if i["status"] == "on_hire":
        return _err(f"{serial} is on hire on {i['contract']}")
    i["inspections"].append([TODAY, result, notes.strip(), who["name"]])
    if result == "pass":
        days = PRODUCTS[i["product"]][6]
        i.update({"status": "available",
                  "due": (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=days)).isoformat()})
    else:
        i["status"] = "quarantined"
    return item_history(state, token, serial)


def quarantine_item(state: State, token: str, serial: str, reason: str) -> ItemHistory | str:
    """Take an item out of service until it is inspected again.

    :param token: the session token
    :param serial: the item's serial number
    :param reason: why
    :returns: the item's history
    """
    who = _staff(state, token, "yard")
    if isinstance(who, str):
        return who
    i = _get_item(state, serial)
    if isinstance(i, str):
        return i
    if _missing(reason):
        return _err("reason is required")
    if i["status"] == "quarantined":
        return _err(f"{serial} is quarantined already")
    if i["status"] == "on_hire":
        return _err(f"{serial} is on hire on {i['contract']}; it is quarantined once it is back")
    if i["status"] == "available" and any(serial in k["items"] and k["status"] == "draft"
                                          for k in state.contracts.values()):
        return _err(f"{serial} is on a draft contract; take it off first")
    i["status"] = "quarantined"
    i["inspections"].append([TODAY, "quarantined", reason.strip(), who["name"]])
    return item_history(state, token, serial)


# --------------------------------------------------------------------------- contracts


def create_contract(state: State, token: str, customer_id: str, site_address: str, start: str,
                    expected_end: str) -> Contract | str:
    """Write a draft hire contract.

    :param token: the session token
    :param customer_id: the customer
    :param site_address: where the items will be used
    :param start: the first day of hire (YYYY-MM-DD, today or later)
    :param expected_end: the day the customer expects to off-hire (YYYY-MM-DD)
    :returns: the draft contract with its new contract id and no items
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    c = state.customers.get(customer_id) if isinstance(customer_id, str) else None
    if c is None:
        return _err(f"no customer {customer_id}")
    if _missing(site_address):
        return _err("site_address is required")
    first, last = _date(start), _date(expected_end)
    if first is None or first < TODAY:
        return _err(f"{start!r} is not a start date from today on (YYYY-MM-DD)")
    if last is None or last < first:
        return _err(f"{expected_end!r} is not an end date on or after the start (YYYY-MM-DD)")
    if c["on_stop"]:
        return _err(f"{c['name']}'s account is on stop")
    if c["kind"] == "cash" and not c["id_verified"]:
        return _err(f"{c['name']} is a cash customer whose ID has not been verified; photo ID and a proof of address "
                    "are seen before a contract is written")
    kid = f"HC-{_next(state, 'contract')}"
    state.contracts[kid] = {"customer": customer_id, "site": site_address.strip(), "start": first, "end": last,
                            "status": "draft", "items": {}, "deposit": 0.0, "refunded": False, "off_hire": None,
                            "off_date": None, "invoice": None, "cleaning": 0.0}
    return _contract(state, kid)


def contracts(state: State, token: str, status: ContractStatus | None = None,
              customer_id: str | None = None) -> list[ContractRow] | str:
    """The hire contracts, in contract id order.

    :param token: the session token
    :param status: only contracts in this status (``draft``, ``on_hire``, ``off_hire``, ``returned``, ``closed`` or
        ``cancelled``)
    :param customer_id: only this customer's contracts
    :returns: one row per contract: contract id, customer id and name, start, expected end and status
    """
    who = _staff(state, token)
    if isinstance(who, str):
        return who
    want = _value(status)
    if want is not None and want not in [s.value for s in ContractStatus]:
        return _err(f"no contract status {want!r}")
    return [ContractRow(contract_id=kid, customer_id=k["customer"], customer=state.customers[k["customer"]]["name"],
                        start=k["start"], expected_end=k["end"], status=k["status"])
            for kid, k in sorted(state.contracts.items())
            if (want is None or k["status"] == want) and (customer_id is None or k["customer"] == customer_id)]


def contract_detail(state: State, token: str, contract_id: str) -> Contract | str:
    """One hire contract in full.

    :param token: the session token
    :param contract_id: the contract
    :returns: the contract: customer, site, dates, status, its items as rows of ``[serial, product_code, name, status,
        returned_on]``, the deposit due and taken, the off-hire number and the invoice
    """
    who = _staff(state, token)
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    return _contract(state, contract_id)


def add_item(state: State, token: str, contract_id: str, serial: str) -> Contract | str:
    """Put an item from stock on a draft contract.

    :param token: the session token
    :param contract_id: the contract
    :param serial: the item's serial number
    :returns: the contract with the item on it
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    i = _get_item(state, serial)
    if isinstance(i, str):
        return i
    if k["status"] != "draft":
        return _err(f"{contract_id} is {k['status']}; items go on a draft contract (swap a broken-down item instead)")
    if serial in k["items"]:
        return _err(f"{serial} is on {contract_id} already")
    if i["status"] != "available" or any(serial in x["items"] and x["status"] == "draft"
                                         for x in state.contracts.values()):
        return _err(f"{serial} is not available ({i['status']})")
    if i["due"] < TODAY:
        return _err(f"{serial}'s inspection was due on {i['due']}; it is inspected before it goes out again")
    scheme = PRODUCTS[i["product"]][5]
    if scheme is not None and not any(t[0] == k["customer"] and t[1] == scheme and t[3] >= k["end"]
                                      for t in state.tickets):
        return _err(f"{PRODUCTS[i['product']][0]} ({i['product']}) is hired only to a customer with an operator "
                    f"holding a {scheme} card ({TICKET_SCHEMES[scheme]}) valid to the end of the hire")
    k["items"][serial] = None
    return _contract(state, contract_id)


def remove_item(state: State, token: str, contract_id: str, serial: str) -> Contract | str:
    """Take an item off a draft contract.

    :param token: the session token
    :param contract_id: the contract
    :param serial: the item's serial number
    :returns: the contract without the item
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    if k["status"] != "draft":
        return _err(f"{contract_id} is {k['status']}; items come off a draft contract")
    if serial not in k["items"]:
        return _err(f"{serial} is not on {contract_id}")
    del k["items"][serial]
    if k["deposit"] > _deposit_due(state, k):
        k["deposit"] = _deposit_due(state, k)
    return _contract(state, contract_id)


def take_deposit(state: State, token: str, contract_id: str, amount: float, method: Method) -> Contract | str:
    """Take the deposit for a draft contract's items.

    :param token: the session token
    :param contract_id: the contract
    :param amount: the deposit in pounds
    :param method: ``card``, ``cash`` or ``bacs``
    :returns: the contract with the deposit taken
    """
    who = _staff(state, token, "counter", "accounts")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    if method not in ("card", "cash", "bacs"):
        return _err(f"method is card, cash or bacs, not {method!r}")
    if k["status"] != "draft":
        return _err(f"{contract_id} is {k['status']}; a deposit is taken before the items go out")
    due = _deposit_due(state, k)
    if not k["items"]:
        return _err(f"{contract_id} has no items; there is no deposit to take")
    if k["deposit"] >= due:
        return _err(f"the deposit for {contract_id} is taken already ({k['deposit']:.2f})")
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or abs(amount - (due - k["deposit"])) > 0.001:
        return _err(f"the deposit for {contract_id} is {due - k['deposit']:.2f} (the items' deposits), not {amount!r}")
    k["deposit"] = due
    k["deposit_method"] = method
    return _contract(state, contract_id)


def check_out(state: State, token: str, contract_id: str) -> Contract | str:
    """Send a draft contract's items out on hire.

    :param token: the session token
    :param contract_id: the contract
    :returns: the contract, on hire
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    if k["status"] != "draft":
        return _err(f"{contract_id} is {k['status']}; only a draft contract is checked out")
    if not k["items"]:
        return _err(f"{contract_id} has no items on it")
    c = state.customers[k["customer"]]
    due = _deposit_due(state, k)
    credit = c["kind"] == "trade" and c["credit_limit"] is not None
    if not credit and k["deposit"] < due:
        return _err(f"{contract_id} has no deposit taken ({due:.2f} due); a contract goes out on a deposit unless "
                    "the trade account has a credit limit from accounts")
    for s in k["items"]:
        state.items[s].update({"status": "on_hire", "contract": contract_id})
    k["status"] = "on_hire"
    return _contract(state, contract_id)


def extend_hire(state: State, token: str, contract_id: str, new_end: str) -> float | str:
    """Move the expected end of a hire later.

    :param token: the session token
    :param contract_id: the contract (on hire)
    :param new_end: the new expected end (YYYY-MM-DD)
    :returns: the hire charge for the whole hire to the new end
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    end = _date(new_end)
    if end is None:
        return _err(f"{new_end!r} is not a date (YYYY-MM-DD)")
    if k["status"] != "on_hire":
        return _err(f"{contract_id} is {k['status']}; a hire is extended while it is on hire")
    if end == k["end"]:
        return _err(f"{contract_id} ends on {end} already")
    if end < k["end"]:
        return _err(f"{new_end} is before the expected end {k['end']}; call an off-hire instead")
    k["end"] = end
    return round(sum(_charge(state.items[s]["product"], _days(k["start"], end)) for s in k["items"]), 2)


def swap_item(state: State, token: str, contract_id: str, old_serial: str, new_serial: str) -> Contract | str:
    """Swap a broken-down item on hire for another of the same product; the old one comes back for inspection.

    :param token: the session token
    :param contract_id: the contract (on hire)
    :param old_serial: the item that broke down
    :param new_serial: the item from stock that replaces it
    :returns: the contract with the new item on it
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    new = _get_item(state, new_serial)
    if isinstance(new, str):
        return new
    if k["status"] != "on_hire":
        return _err(f"{contract_id} is {k['status']}; items are swapped while the contract is on hire")
    if old_serial not in k["items"] or k["items"][old_serial] is not None:
        return _err(f"{old_serial} is not out on {contract_id}")
    if new["product"] != state.items[old_serial]["product"]:
        return _err(f"{new_serial} is a {new['product']}; {old_serial} is a {state.items[old_serial]['product']}")
    if new["status"] != "available":
        return _err(f"{new_serial} is not available ({new['status']})")
    if new["due"] < TODAY:
        return _err(f"{new_serial}'s inspection was due on {new['due']}; it is inspected before it goes out again")
    _bring_back(state, contract_id, old_serial)
    k["items"][new_serial] = None
    k["status"] = "on_hire"
    new.update({"status": "on_hire", "contract": contract_id})
    return _contract(state, contract_id)


def off_hire(state: State, token: str, contract_id: str) -> str:
    """Take a customer's off-hire call: the hire charge stops today and the items wait to be returned or collected.

    :param token: the session token
    :param contract_id: the contract (on hire)
    :returns: a sentence with the off-hire number
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    if k["status"] == "off_hire":
        return _err(f"{contract_id} is off hire already ({k['off_hire']})")
    if k["status"] != "on_hire":
        return _err(f"{contract_id} is {k['status']}; only a contract on hire is off-hired")
    k.update({"status": "off_hire", "off_hire": f"OH-{contract_id[3:]}", "off_date": TODAY})
    return f"Off-hire number {k['off_hire']} given for {contract_id}; the hire charge stops on {TODAY}."


def book_collection(state: State, token: str, contract_id: str, date: str, slot: Slot) -> CollectionJob | str:
    """Book the drivers to collect an off-hired contract's items from site.

    :param token: the session token
    :param contract_id: the contract (off hire)
    :param date: the collection day (YYYY-MM-DD, today or later)
    :param slot: ``am`` or ``pm``
    :returns: the collection job with its new job id
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    day = _date(date)
    if day is None or day < TODAY:
        return _err(f"{date!r} is not a collection day from today on (YYYY-MM-DD)")
    if slot not in ("am", "pm"):
        return _err(f"slot is am or pm, not {slot!r}")
    if k["status"] != "off_hire":
        return _err(f"{contract_id} is {k['status']}; a collection is booked once the customer has off-hired")
    if any(j["contract"] == contract_id and j["status"] == "booked" for j in state.jobs.values()):
        return _err(f"a collection for {contract_id} is booked already")
    jid = f"CJ-{_next(state, 'job')}"
    state.jobs[jid] = {"contract": contract_id, "date": day, "slot": slot,
                       "items": sorted(s for s, back in k["items"].items() if back is None), "status": "booked"}
    return _job(state, jid)


def collection_jobs(state: State, token: str, date: str | None = None) -> list[CollectionJob] | str:
    """The collections booked and not yet done, in job id order.

    :param token: the session token
    :param date: only the collections on this day (YYYY-MM-DD)
    :returns: one entry per job
    """
    who = _staff(state, token)
    if isinstance(who, str):
        return who
    return [_job(state, jid) for jid, j in sorted(state.jobs.items())
            if j["status"] == "booked" and (date is None or j["date"] == date)]


def complete_collection(state: State, token: str, job_id: str) -> CollectionJob | str:
    """Record that a driver has collected a job's items and brought them back to the yard for inspection.

    :param token: the session token
    :param job_id: the collection job
    :returns: the job, done
    """
    who = _staff(state, token, "driver")
    if isinstance(who, str):
        return who
    j = state.jobs.get(job_id) if isinstance(job_id, str) else None
    if j is None:
        return _err(f"no collection job {job_id}")
    if j["status"] != "booked":
        return _err(f"{job_id} is done already")
    for s in j["items"]:
        if state.contracts[j["contract"]]["items"].get(s) is None:
            _bring_back(state, j["contract"], s)
    j["status"] = "done"
    return _job(state, job_id)


def return_item(state: State, token: str, contract_id: str, serial: str, condition: Condition) -> Contract | str:
    """Take an item back at the counter; it goes to the yard for inspection (a dirty item is charged for cleaning).

    :param token: the session token
    :param contract_id: the contract (on or off hire)
    :param serial: the item's serial number
    :param condition: ``clean``, ``dirty`` or ``damaged``
    :returns: the contract
    """
    who = _staff(state, token, "counter", "yard")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    if condition not in ("clean", "dirty", "damaged"):
        return _err(f"condition is clean, dirty or damaged, not {condition!r}")
    if k["status"] not in ("on_hire", "off_hire"):
        return _err(f"{contract_id} is {k['status']}; items come back from a contract on or off hire")
    if serial not in k["items"]:
        return _err(f"{serial} is not on {contract_id}")
    if k["items"][serial] is not None:
        return _err(f"{serial} came back on {k['items'][serial]} already")
    if condition == "dirty":
        k["cleaning"] += CLEANING_CHARGE
    _bring_back(state, contract_id, serial)
    return _contract(state, contract_id)


# --------------------------------------------------------------------------- damage, invoices and deposits


def report_damage(state: State, token: str, contract_id: str, serial: str, description: str,
                  repair_cost: float) -> DamageReport | str:
    """Report damage found on an item back from a contract; the item is taken out of service.

    :param token: the session token
    :param contract_id: the contract it came back from
    :param serial: the item's serial number
    :param description: the damage
    :param repair_cost: what the repair costs, in pounds
    :returns: the damage report with its new damage id, open
    """
    who = _staff(state, token, "yard")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    i = _get_item(state, serial)
    if isinstance(i, str):
        return i
    if _missing(description):
        return _err("description is required")
    if isinstance(repair_cost, bool) or not isinstance(repair_cost, (int, float)) or repair_cost <= 0:
        return _err(f"repair_cost is an amount in pounds, not {repair_cost!r}")
    if serial not in k["items"]:
        return _err(f"{serial} was not on {contract_id}")
    if k["items"][serial] is None:
        return _err(f"{serial} has not come back from {contract_id}; damage is reported on returned items")
    if k["status"] in ("closed", "cancelled"):
        return _err(f"{contract_id} is {k['status']}")
    value = PRODUCTS[i["product"]][4]
    if repair_cost > value:
        return _err(f"a repair above the replacement value ({value:.2f}) is a write-off, not a repair charge")
    did = f"DR-{_next(state, 'damage')}"
    state.damages[did] = {"contract": contract_id, "serial": serial, "description": description.strip(),
                          "cost": float(repair_cost), "status": "open"}
    i["status"] = "quarantined"
    return _damage(state, did)


def damage_reports(state: State, token: str, status: DamageStatus | None = None) -> list[DamageReport] | str:
    """The damage reports, in damage id order.

    :param token: the session token
    :param status: only reports in this status: ``open``, ``charged`` or ``waived``
    :returns: one entry per report
    """
    who = _staff(state, token)
    if isinstance(who, str):
        return who
    return [_damage(state, did) for did, d in sorted(state.damages.items()) if status is None or d["status"] == status]


def charge_damage(state: State, token: str, damage_id: str) -> DamageReport | str:
    """Charge an open damage report to its contract's invoice.

    :param token: the session token
    :param damage_id: the damage report
    :returns: the report, charged
    """
    who = _staff(state, token, "accounts")
    if isinstance(who, str):
        return who
    d = state.damages.get(damage_id) if isinstance(damage_id, str) else None
    if d is None:
        return _err(f"no damage report {damage_id}")
    if d["status"] != "open":
        return _err(f"{damage_id} is {d['status']} already")
    d["status"] = "charged"
    return _damage(state, damage_id)


def waive_damage(state: State, token: str, damage_id: str, reason: str) -> DamageReport | str:
    """Waive an open damage report (fair wear and tear, a good customer).

    :param token: the session token
    :param damage_id: the damage report
    :param reason: why
    :returns: the report, waived
    """
    who = _staff(state, token, "manager")
    if isinstance(who, str):
        return who
    d = state.damages.get(damage_id) if isinstance(damage_id, str) else None
    if d is None:
        return _err(f"no damage report {damage_id}")
    if _missing(reason):
        return _err("reason is required")
    if d["status"] != "open":
        return _err(f"{damage_id} is {d['status']} already")
    d.update({"status": "waived", "reason": reason.strip()})
    return _damage(state, damage_id)


def close_contract(state: State, token: str, contract_id: str) -> Invoice | str:
    """Close a contract whose items are all back and raise its invoice (hire to the off-hire or return day, cleaning
    and charged damage).

    :param token: the session token
    :param contract_id: the contract
    :returns: the invoice with its lines as rows of ``[description, amount]``
    """
    who = _staff(state, token, "accounts")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    if k["status"] == "closed":
        return _err(f"{contract_id} is closed already ({k['invoice']})")
    if k["status"] != "returned":
        return _err(f"{contract_id} is {k['status']}; a contract is closed once every item is back")
    open_ = [did for did, d in sorted(state.damages.items()) if d["contract"] == contract_id and d["status"] == "open"]
    if open_:
        return _err(f"damage report {', '.join(open_)} on {contract_id} is open; it is charged or waived first")
    lines = []
    for s, back in sorted(k["items"].items()):
        end = min(back, k["off_date"]) if k["off_date"] else back
        code = state.items[s]["product"]
        lines.append([f"{code} {s}, {k['start']} to {end}", _charge(code, _days(k["start"], end))])
    if k["cleaning"]:
        lines.append(["Cleaning", k["cleaning"]])
    lines += [[f"Damage {did}: {d['description']}", d["cost"]] for did, d in sorted(state.damages.items())
              if d["contract"] == contract_id and d["status"] == "charged"]
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"contract": contract_id, "customer": k["customer"], "lines": lines,
                           "total": round(sum(x[1] for x in lines), 2), "paid": 0.0}
    k.update({"status": "closed", "invoice": iid})
    return _invoice(state, iid)


def invoices(state: State, token: str, customer_id: str | None = None,
             unpaid_only: bool = False) -> list[Invoice] | str:
    """The invoices, in invoice id order.

    :param token: the session token
    :param customer_id: only this customer's invoices
    :param unpaid_only: only the invoices not paid in full
    :returns: one entry per invoice
    """
    who = _staff(state, token)
    if isinstance(who, str):
        return who
    return [_invoice(state, iid) for iid, v in sorted(state.invoices.items())
            if (customer_id is None or v["customer"] == customer_id) and (not unpaid_only or v["paid"] < v["total"])]


def record_payment(state: State, token: str, invoice_id: str, amount: float, method: Method) -> Invoice | str:
    """Record a payment against an invoice.

    :param token: the session token
    :param invoice_id: the invoice
    :param amount: the amount paid, in pounds (no more than what is owed)
    :param method: ``card``, ``cash`` or ``bacs``
    :returns: the invoice
    """
    who = _staff(state, token, "accounts")
    if isinstance(who, str):
        return who
    v = state.invoices.get(invoice_id) if isinstance(invoice_id, str) else None
    if v is None:
        return _err(f"no invoice {invoice_id}")
    if method not in ("card", "cash", "bacs"):
        return _err(f"method is card, cash or bacs, not {method!r}")
    owed = round(v["total"] - v["paid"], 2)
    if owed <= 0:
        return _err(f"{invoice_id} is paid already")
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount <= 0 or amount > owed + 0.001:
        return _err(f"{invoice_id} has {owed:.2f} owing; {amount!r} is not a payment against it")
    v["paid"] = round(v["paid"] + amount, 2)
    return _invoice(state, invoice_id)


def refund_deposit(state: State, token: str, contract_id: str) -> float | str:
    """Refund the deposit held on a closed contract whose invoice is paid.

    :param token: the session token
    :param contract_id: the contract
    :returns: the amount refunded
    """
    who = _staff(state, token, "accounts")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    if k["deposit"] <= 0:
        return _err(f"{contract_id} holds no deposit")
    if k["refunded"]:
        return _err(f"the deposit on {contract_id} was refunded already")
    if k["status"] != "closed":
        return _err(f"{contract_id} is {k['status']}; a deposit is refunded once the contract is closed")
    v = state.invoices[k["invoice"]]
    if v["paid"] < v["total"]:
        return _err(f"{k['invoice']} has {v['total'] - v['paid']:.2f} owing; the deposit is refunded once it is paid")
    k["refunded"] = True
    return k["deposit"]


def cancel_contract(state: State, token: str, contract_id: str, reason: str) -> str:
    """Cancel a draft contract that never went out (its items go back to stock and any deposit is handed back).

    :param token: the session token
    :param contract_id: the contract
    :param reason: why
    :returns: a sentence naming the contract cancelled
    """
    who = _staff(state, token, "counter")
    if isinstance(who, str):
        return who
    k = _get_contract(state, contract_id)
    if isinstance(k, str):
        return k
    if _missing(reason):
        return _err("reason is required")
    if k["status"] != "draft":
        return _err(f"{contract_id} is {k['status']}; only a draft contract is cancelled")
    handed = k["deposit"]
    k.update({"status": "cancelled", "reason": reason.strip(), "items": {}, "deposit": 0.0})
    return f"Contract {contract_id} cancelled" + (f"; deposit {handed:.2f} handed back." if handed else ".")


TOOLS = [
    sign_in, sign_out, catalogue, hire_quote, find_customer, open_account, update_customer, customer_account,
    message_customer, verify_id, record_operator_ticket, approve_credit, stock_items, item_history, inspect_item,
    quarantine_item, create_contract, contracts, contract_detail, add_item, remove_item, take_deposit, check_out,
    extend_hire, swap_item, off_hire, book_collection, collection_jobs, complete_collection, return_item,
    report_damage, damage_reports, charge_damage, waive_damage, close_contract, invoices, record_payment,
    refund_deposit, cancel_contract,
]

FIXTURES = {
    "depot": {"name": "Quarrybank Tool Hire, Weir Road trading estate, Hollinbridge",
              "today": "Monday 9 October 2034, half past seven in the morning"},
    "staff": [
        {"name": "Lee Cartwright", "role": "hire counter", "username": "lee.c", "password": "Chuck-Key-42"},
        {"name": "Meg Doyle", "role": "hire counter", "username": "meg.d", "password": "Hire-Desk-9"},
        {"name": "Baz O'Neill", "role": "yard", "username": "baz.o", "password": "Pat-Tester-240"},
        {"name": "Tony Vella", "role": "driver", "username": "tony.v", "password": "Tail-Lift-7"},
        {"name": "Ola Bankole", "role": "accounts", "username": "ola.b", "password": "Ledger-Green-5"},
        {"name": "Pam Stirling", "role": "depot manager", "username": "pam.s", "password": "Quarrybank-1987"},
    ],
    "new_customer": {"name": "Mr Callum Dredge", "kind": "cash", "phone": "07700 950340",
                     "email": "callum.dredge@example.com", "address": "14 Weir Street, Quarrybank",
                     "id": "driving licence", "proof_of_address": "Council tax bill dated August 2034",
                     "wants": "a breaker from today to Wednesday 11 October for his patio at home, paying the "
                              "deposit by card"},
    "new_trade_customer": {"name": "Ferncliffe Builders Ltd", "kind": "trade", "contact": "Mrs Anne Ferncliffe",
                           "phone": "01632 960340", "email": "accounts@ferncliffe.example",
                           "address": "Ferncliffe House, Station Road, Hollinbridge",
                           "operator_ticket": {"scheme": "PASMA", "card_number": "PAS-31877",
                                               "expires": "2035-09-30"},
                           "credit": "a 1,500 pound limit once the account is open"},
    "brightwater_operator": {"customer": "Brightwater Interiors", "scheme": "IPAF", "card_number": "IPAF-3A-517702",
                             "expires": "2036-06-30",
                             "wants": "a scissor lift for the Unit 9 shop fit from today to Friday 13 October"},
    "notes": [
        "Brightwater Interiors' trade reference came back good; accounts may give them a 3,000 pound limit",
        "Mrs Okoro's mixer has been sent back dirty",
        "Keel & Sons have asked to keep the scissor lift until Friday",
        "The floor sander on the shelf is due its PAT test",
        "Hollin Groundworks' breaker has stopped hammering on site",
        "Ms Farooq is collecting a cement mixer on her draft contract this morning",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "catalogue", "hire_quote")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_account", "message_customer", "verify_id",
                      "record_operator_ticket", "approve_credit", "create_contract"]
CONTRACT_CONSUMERS = ["contract_detail", "add_item", "remove_item", "take_deposit", "check_out", "extend_hire",
                      "swap_item", "off_hire", "book_collection", "return_item", "close_contract", "refund_deposit",
                      "cancel_contract"]
STOCK_CONSUMERS = ["item_history", "inspect_item", "quarantine_item", "add_item", "swap_item"]
_CUSTOMER = "id lookup/create: customer (customer_id of open_account, or of a find_customer row)"
_CONTRACT = "id lookup/create: contract (contract_id of create_contract, or of a contracts row)"
_STOCK = "id lookup: an item (a stock_items serial number)"
_ON_HIRE = "state: the contract on hire"
_DAMAGE = "id lookup/create: damage report (damage_id of report_damage, or of a damage_reports entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("open_account|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("create_contract|contracts", c, _CONTRACT) for c in CONTRACT_CONSUMERS]
    + [("stock_items", c, _STOCK) for c in STOCK_CONSUMERS]
    + [("catalogue", c, "vocabulary: product codes (code of a catalogue entry)") for c in ("hire_quote", "stock_items")]
    + [("check_out", c, _ON_HIRE) for c in ("extend_hire", "swap_item", "off_hire", "return_item")]
    + [("report_damage|damage_reports", c, _DAMAGE) for c in ("charge_damage", "waive_damage")]
    + [
        ("add_item|contract_detail", "return_item",
         "id lookup: an item out on the contract (an add_item or contract_detail items row's serial)"),
        ("book_collection|collection_jobs", "complete_collection",
         "id lookup/create: collection job (job_id of book_collection, or of a collection_jobs entry)"),
        ("close_contract|invoices", "record_payment",
         "id lookup/create: invoice (invoice_id of close_contract, or of an invoices entry)"),
        ("verify_id", "create_contract", "vetting: a cash customer's ID verified"),
        ("record_operator_ticket", "add_item", "vetting: an operator's ticket for powered access or plant"),
        ("take_deposit|approve_credit", "check_out", "payment: a deposit taken, or a trade credit limit"),
        ("inspect_item", "add_item", "state: the item's inspection in date"),
        ("inspect_item", "swap_item", "state: the replacement inspected and back in stock"),
        ("add_item", "remove_item", "state: the item on the contract"),
        ("add_item", "take_deposit", "state: items on the contract (their deposits)"),
        ("add_item", "check_out", "state: items on the contract"),
        ("off_hire", "book_collection", "state: the contract off hire"),
        ("return_item|complete_collection", "report_damage", "state: the item back from hire"),
        ("return_item|complete_collection", "close_contract", "state: every item back"),
        ("charge_damage|waive_damage", "close_contract", "state: no open damage report"),
        ("close_contract", "refund_deposit", "state: the contract closed"),
        ("record_payment", "refund_deposit", "payment: the invoice paid"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_CONTRACT_CHANGES = ("create_contract", "add_item", "remove_item", "take_deposit", "check_out", "extend_hire",
                     "swap_item", "off_hire", "return_item", "complete_collection", "close_contract", "refund_deposit",
                     "cancel_contract")
_ITEM_CHANGES = ("inspect_item", "quarantine_item", "check_out", "swap_item", "return_item", "complete_collection",
                 "report_damage", "cancel_contract")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: customers on contracts and invoices; contracts in a customer's
    # account, the collections, the damage reports, the invoices and an item's history; serial numbers on a contract,
    # a collection and a damage report; product codes on an item and a contract; invoices in an account and a contract
    {(p, c) for p in ("contracts", "contract_detail", "invoices") for c in CUSTOMER_CONSUMERS}
    | {(p, c) for p in ("customer_account", "collection_jobs", "damage_reports", "invoices", "item_history")
       for c in CONTRACT_CONSUMERS}
    | {(p, c) for p in ("contract_detail", "add_item", "collection_jobs", "damage_reports")
       for c in ("item_history", "inspect_item", "quarantine_item", "swap_item", "report_damage")}
    | {("collection_jobs", "return_item")}
    | {(p, c) for p in ("item_history", "contract_detail") for c in ("hire_quote", "stock_items")}
    | {("customer_account", "record_payment"), ("contract_detail", "record_payment")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("add_item", "close_contract"), ("add_item", "extend_hire"), ("add_item", "off_hire"),
        ("add_item", "report_damage"), ("add_item", "swap_item"), ("book_collection", "close_contract"),
        ("book_collection", "report_damage"), ("catalogue", "add_item"), ("catalogue", "inspect_item"),
        ("catalogue", "item_history"), ("catalogue", "quarantine_item"), ("catalogue", "swap_item"),
        ("charge_damage", "record_payment"), ("charge_damage", "refund_deposit"), ("check_out", "book_collection"),
        ("check_out", "close_contract"), ("check_out", "report_damage"), ("contract_detail", "close_contract"),
        ("contracts", "complete_collection"), ("contracts", "record_payment"),
        ("create_contract", "complete_collection"), ("create_contract", "record_payment"),
        ("create_contract", "report_damage"), ("damage_reports", "close_contract"), ("find_customer", "add_item"),
        ("find_customer", "check_out"), ("off_hire", "complete_collection"), ("open_account", "add_item"),
        ("open_account", "book_collection"), ("open_account", "cancel_contract"), ("open_account", "check_out"),
        ("open_account", "close_contract"), ("open_account", "contract_detail"), ("open_account", "extend_hire"),
        ("open_account", "off_hire"), ("open_account", "refund_deposit"), ("open_account", "remove_item"),
        ("open_account", "return_item"), ("open_account", "swap_item"), ("open_account", "take_deposit"),
        ("record_operator_ticket", "check_out"), ("return_item", "charge_damage"),
        ("return_item", "record_payment"), ("return_item", "refund_deposit"), ("return_item", "waive_damage"),
        ("stock_items", "check_out"), ("stock_items", "remove_item"), ("stock_items", "return_item"),
        ("stock_items", "take_deposit"), ("take_deposit", "extend_hire"), ("take_deposit", "off_hire"),
        ("take_deposit", "return_item"), ("take_deposit", "swap_item"), ("verify_id", "add_item"),
        ("verify_id", "book_collection"), ("verify_id", "cancel_contract"), ("verify_id", "check_out"),
        ("verify_id", "close_contract"), ("verify_id", "contract_detail"), ("verify_id", "extend_hire"),
        ("verify_id", "off_hire"), ("verify_id", "refund_deposit"), ("verify_id", "remove_item"),
        ("verify_id", "return_item"), ("verify_id", "swap_item"), ("verify_id", "take_deposit"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in _CONTRACT_CHANGES for c in ("contracts", "contract_detail", "customer_account")}
    | {(p, c) for p in _ITEM_CHANGES for c in ("stock_items", "item_history")}
    | {
        ("open_account", "find_customer"), ("update_customer", "find_customer"),
        ("update_customer", "customer_account"),
        ("verify_id", "customer_account"), ("record_operator_ticket", "customer_account"),
        ("approve_credit", "customer_account"), ("book_collection", "collection_jobs"),
        ("complete_collection", "collection_jobs"), ("report_damage", "damage_reports"),
        ("charge_damage", "damage_reports"), ("waive_damage", "damage_reports"), ("close_contract", "invoices"),
        ("record_payment", "invoices"), ("record_payment", "customer_account"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
