"""LinkLine: the agent SDK of a telecom operator's provisioning and billing back office (43 calls).

Plain functions over an in-memory ``State``: customer accounts, fixed (fibre, VDSL) and mobile
orders, install appointments, SIM cards, number reservation and port-in, live lines with plans,
bolt-ons, roaming and suspension, line tests and fault tickets with engineer visits, invoices,
disputes, credits, card payments and write-offs. Agents sign in for a bare token; credits, line
ceases and write-offs also need a supervisor's elevation. Replies are bare strings and numbers or
plain records; every refusal is raised as a ``LinkError`` subclass (or ``ValueError``).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import copy
import enum
import hashlib
import re
from dataclasses import dataclass, field
from typing import Optional


# ----------------------------------------------------------------------------- errors

class LinkError(Exception):
    """Base class of every refusal the LinkLine back end raises."""


class Unauthorized(LinkError):
    pass


class NotFound(LinkError):
    pass


class WrongState(LinkError):
    """The record is not in a state that allows the call."""


class Invalid(LinkError):
    pass


# ----------------------------------------------------------------------------- enums

class Technology(str, enum.Enum):
    FIBRE = "fibre"
    VDSL = "vdsl"
    MOBILE = "mobile"


class Addon(str, enum.Enum):
    STATIC_IP = "static_ip"
    TV_BOX = "tv_box"
    MESH_POD = "mesh_pod"
    EXTRA_SIM = "extra_sim"


class SuspendReason(str, enum.Enum):
    LOST_OR_STOLEN = "lost_or_stolen"
    NON_PAYMENT = "non_payment"
    CUSTOMER_REQUEST = "customer_request"
    FRAUD = "fraud"


_FIXED_ADDONS = {Addon.STATIC_IP, Addon.TV_BOX, Addon.MESH_POD}
_SYMPTOMS = ("no_sync", "slow_speed", "intermittent", "no_dial_tone", "no_data", "noisy_line", "no_signal")

_PLANS = {
    "FIB-500": {"name": "Fibre 500", "technology": "fibre", "monthly_eur": 55.0,
                "bolt_ons": ["BO-TV-START", "BO-CALLS-INTL"]},
    "FIB-1000": {"name": "Fibre 1000", "technology": "fibre", "monthly_eur": 69.0,
                 "bolt_ons": ["BO-TV-START", "BO-TV-SPORT", "BO-CALLS-INTL"]},
    "VDSL-100": {"name": "Internet 100", "technology": "vdsl", "monthly_eur": 42.5, "bolt_ons": ["BO-CALLS-INTL"]},
    "MOB-10": {"name": "Mobile 10 GB", "technology": "mobile", "monthly_eur": 15.0,
               "bolt_ons": ["BO-DATA-5", "BO-EU-ROAM", "BO-WORLD-1"]},
    "MOB-UNL": {"name": "Mobile Unlimited", "technology": "mobile", "monthly_eur": 32.0,
                "bolt_ons": ["BO-WORLD-1", "BO-WORLD-5"]},
}

_PREMISES = {
    ("3511AB", "12"): {"id": "PRM-88213", "street": "Oudegracht 12", "city": "Utrecht", "exchange": "UT-CEN",
                       "available": [["fibre", 1000], ["vdsl", 100]]},
    ("3811CD", "4"): {"id": "PRM-88402", "street": "Langestraat 4", "city": "Amersfoort", "exchange": "AF-NRD",
                      "available": [["vdsl", 100]]},
    ("9711LM", "27"): {"id": "PRM-90155", "street": "Oude Ebbingestraat 27", "city": "Groningen",
                       "exchange": "GR-BIN", "available": [["fibre", 1000], ["vdsl", 60]]},
}

_SLOTS = {  # exchange -> date -> windows
    "UT-CEN": {"2025-03-14": ["08:00-12:00", "12:00-17:00"], "2025-03-17": ["08:00-12:00"]},
    "AF-NRD": {"2025-03-14": ["12:00-17:00"], "2025-03-18": ["08:00-12:00", "12:00-17:00"]},
    "GR-BIN": {"2025-03-19": ["08:00-12:00"]},
}

_PACS = {"+31655512345": ("VFN482931", "Vodafone"), "+31644409876": ("TMO771204", "Odido")}


def _seed_accounts() -> dict:
    return {
        "ACC-20117": {"name": "Sanne de Boer", "city": "Utrecht", "email": "sanne.deboer@example.nl",
                      "credit": None, "notes": []},
        "ACC-20230": {"name": "Joris Bakker", "city": "Amersfoort", "email": "joris.bakker@example.com",
                      "credit": {"score": 540, "band": "C", "deposit_eur": 100}, "notes": []},
        "ACC-20501": {"name": "Sanne de Boer", "city": "Groningen", "email": None, "credit": None, "notes": []},
    }


def _seed_lines() -> dict:
    return {
        "LN-40021": {"account": "ACC-20117", "msisdn": "+31612345678", "plan": "MOB-10", "status": "active",
                     "roaming": False, "bolt_ons": [], "iccid": "8931440000001122334", "exchange": None},
        "LN-30077": {"account": "ACC-20117", "msisdn": "+31302345678", "plan": "FIB-500", "status": "active",
                     "roaming": False, "bolt_ons": [], "iccid": None, "exchange": "UT-CEN"},
        "LN-40055": {"account": "ACC-20230", "msisdn": "+31687654321", "plan": "MOB-UNL", "status": "suspended",
                     "roaming": True, "bolt_ons": ["BO-WORLD-1"], "iccid": "8931440000009988776", "exchange": None,
                     "suspend_reason": "non_payment"},
    }


def _seed_invoices() -> dict:
    return {
        "INV-2025-00311": {"account": "ACC-20117", "period": "2025-02", "status": "open",
                           "lines": [[1, "2025-02-01", "Fibre 500 monthly", 55.0],
                                     [2, "2025-02-01", "Mobile 10 GB monthly", 15.0],
                                     [3, "2025-02-11", "Premium SMS 0900-8844", 4.95]], "paid": 0.0, "credits": 0.0},
        "INV-2025-00188": {"account": "ACC-20117", "period": "2025-01", "status": "paid",
                           "lines": [[1, "2025-01-01", "Fibre 500 monthly", 55.0],
                                     [2, "2025-01-01", "Mobile 10 GB monthly", 15.0]], "paid": 70.0, "credits": 0.0},
        "INV-2025-00320": {"account": "ACC-20230", "period": "2025-02", "status": "open",
                           "lines": [[1, "2025-02-01", "Mobile Unlimited monthly", 32.0],
                                     [2, "2025-02-09", "Roaming data, Turkey", 88.0]], "paid": 0.0, "credits": 0.0},
    }


@dataclass
class State:
    """A fresh back office: two agents, one supervisor, three accounts, three lines, three invoices."""

    agents: dict = field(default_factory=lambda: {
        "rvisser": {"password": "Lnk!2207", "name": "Ruben Visser"},
        "aelmasri": {"password": "Desk#5150", "name": "Amira El Masri"}})
    supervisors: dict = field(default_factory=lambda: {"B-5531": {"pin": "8841", "name": "Ellen Koster"}})
    tokens: dict = field(default_factory=dict)
    elevations: dict = field(default_factory=dict)
    accounts: dict = field(default_factory=_seed_accounts)
    orders: dict = field(default_factory=dict)
    appointments: dict = field(default_factory=dict)
    booked_slots: list = field(default_factory=list)
    sims: dict = field(default_factory=dict)
    ports: dict = field(default_factory=dict)
    lines: dict = field(default_factory=_seed_lines)
    tests: dict = field(default_factory=dict)
    faults: dict = field(default_factory=dict)
    visits: dict = field(default_factory=dict)
    invoices: dict = field(default_factory=_seed_invoices)
    disputes: dict = field(default_factory=dict)
    cards: dict = field(default_factory=dict)
    receipts: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {
        "ACC-": 20600, "ORD-": 500410, "APT-": 7700, "SIM": 5000, "NUM": 1200, "PRT-": 310, "LN-": 41000,
        "LT-": 9000, "FLT-": 2200, "VIS-": 640, "DSP-": 75, "CN-": 1800, "RCP-": 33000, "WO-": 12})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, prefix: str) -> int:
    state.counters[prefix] += 1
    return state.counters[prefix]


def _agent(state: State, token: str) -> str:
    agent = state.tokens.get(token)
    if agent is None:
        raise Unauthorized("invalid or expired agent token")
    return agent


def _elevated(state: State, token: str, elevation: str) -> None:
    if state.elevations.get(elevation) != token:
        raise Unauthorized("this call needs a supervisor elevation for your token")


def _account(state: State, account_number: str) -> dict:
    acc = state.accounts.get(account_number)
    if acc is None:
        raise NotFound(f"no account {account_number}")
    return acc


def _order(state: State, order_id: str) -> dict:
    order = state.orders.get(order_id)
    if order is None:
        raise NotFound(f"no order {order_id}")
    return order


def _line(state: State, line_id: str) -> dict:
    line = state.lines.get(line_id)
    if line is None:
        raise NotFound(f"no line {line_id}")
    return line


def _invoice(state: State, invoice_no: str) -> dict:
    inv = state.invoices.get(invoice_no)
    if inv is None:
        raise NotFound(f"no invoice {invoice_no}")
    return inv


def _balance(inv: dict) -> float:
    return round(sum(row[3] for row in inv["lines"]) - inv["paid"] - inv["credits"], 2)


def _technology(plan_code: str) -> str:
    return _PLANS[plan_code]["technology"]


# ----------------------------------------------------------------------------- sign-in

def agent_login(username: str, password: str, state: State) -> str:
    """Sign an agent in; returns the bare agent token every change needs."""
    agent = state.agents.get(username)
    if agent is None or agent["password"] != password:
        raise Unauthorized("wrong username or password")
    token = "tk_" + hashlib.sha1(f"{username}:{len(state.tokens)}".encode()).hexdigest()[:20]
    state.tokens[token] = username
    return token


def elevate(token: str, supervisor_badge: str, pin: str, state: State) -> dict:
    """A supervisor co-signs the agent's session: credits, ceases and write-offs need the elevation."""
    _agent(state, token)
    sup = state.supervisors.get(supervisor_badge.strip().upper())
    if sup is None or sup["pin"] != pin:
        raise Unauthorized("supervisor badge or PIN not recognised")
    elevation = "elv_" + hashlib.sha1(f"{token}{supervisor_badge}".encode()).hexdigest()[:16]
    state.elevations[elevation] = token
    return {"elevation": elevation, "granted_by": sup["name"], "scope": ["credit", "cease", "write_off"]}


# ----------------------------------------------------------------------------- reference

def normalize_msisdn(raw_number: str) -> str:
    """A Dutch phone number as people write it ('06-1234 5678', '0031 6 ...') in E.164 form."""
    digits = re.sub(r"[\s\-().]", "", raw_number)
    if digits.startswith("00"):
        digits = "+" + digits[2:]
    elif digits.startswith("0"):
        digits = "+31" + digits[1:]
    if not re.fullmatch(r"\+31\d{9}", digits):
        raise ValueError(f"not a Dutch phone number: {raw_number!r}")
    return digits


def check_address(postcode: str, house_number: str, state: State) -> dict:
    """What can be delivered at an address: premises reference, exchange and technologies."""
    key = (re.sub(r"\s+", "", postcode).upper(), house_number.strip())
    prem = _PREMISES.get(key)
    if prem is None:
        raise NotFound(f"no premises at {postcode} {house_number}")
    return {"address_id": prem["id"], "address": f"{prem['street']}, {prem['city']}", "exchange": prem["exchange"],
            "available": [{"technology": t, "max_down_mbps": m} for t, m in prem["available"]]}


def list_plans(technology: Optional[Technology] = None, state: State = None) -> list[dict]:
    """The plans on sale, optionally for one technology."""
    tech = Technology(technology).value if technology is not None else None
    return [{"plan_code": code, "name": p["name"], "technology": p["technology"], "monthly_eur": p["monthly_eur"]}
            for code, p in _PLANS.items() if tech is None or p["technology"] == tech]


def get_plan(plan_code: str, state: State) -> dict:
    """One plan with the bolt-ons it can carry."""
    plan = _PLANS.get(plan_code)
    if plan is None:
        raise NotFound(f"unknown plan {plan_code!r}")
    return {"plan_code": plan_code, **copy.deepcopy(plan)}


# ----------------------------------------------------------------------------- accounts

def search_customers(name: str, city: Optional[str] = None, state: State = None) -> list[dict]:
    """Accounts whose holder's name contains ``name`` (and in ``city`` when given)."""
    want = name.strip().lower()
    return [{"account": k, "name": a["name"], "city": a["city"]} for k, a in state.accounts.items()
            if want in a["name"].lower() and (city is None or a["city"].lower() == city.strip().lower())]


def get_account(account_number: str, state: State) -> dict:
    """An account with its lines as ``[line_id, msisdn, status]`` rows and its open orders."""
    acc = _account(state, account_number)
    return {"account_number": account_number, "name": acc["name"], "city": acc["city"], "email": acc["email"],
            "credit": copy.deepcopy(acc["credit"]),
            "lines": [[k, ln["msisdn"], ln["status"]] for k, ln in state.lines.items() if ln["account"] == account_number],
            "orders": [[k, o["status"]] for k, o in state.orders.items() if o["account"] == account_number]}


def create_account(token: str, full_name: str, email: str, city: str, state: State) -> str:
    """Open an account for a new customer; returns the bare account number."""
    _agent(state, token)
    if "@" not in email:
        raise Invalid("email is not an address")
    number = f"ACC-{_next(state, 'ACC-')}"
    state.accounts[number] = {"name": full_name.strip(), "city": city.strip(), "email": email, "credit": None,
                              "notes": []}
    return number


def credit_check(token: str, account_number: str, state: State) -> dict:
    """Run the credit bureau check for an account; a check must be on file before an order is submitted."""
    _agent(state, token)
    acc = _account(state, account_number)
    score = 500 + int(hashlib.sha1(acc["name"].encode()).hexdigest(), 16) % 350
    band = "A" if score >= 750 else "B" if score >= 620 else "C"
    acc["credit"] = {"score": score, "band": band, "deposit_eur": {"A": 0, "B": 0, "C": 100}[band]}
    return {"account_number": account_number, **acc["credit"]}


def add_note(token: str, account_number: str, text: str, state: State) -> int:
    """Add a free-text note to an account; returns how many notes it holds."""
    _agent(state, token)
    acc = _account(state, account_number)
    if not text.strip():
        raise Invalid("empty note")
    acc["notes"].append(text.strip())
    return len(acc["notes"])


# ----------------------------------------------------------------------------- orders

def create_order(token: str, account_number: str, plan_code: str, premises_id: Optional[str] = None,
                 state: State = None) -> str:
    """Start a draft order for a plan; fixed plans need the premises reference. Returns the order id."""
    _agent(state, token)
    _account(state, account_number)
    if plan_code not in _PLANS:
        raise Invalid(f"unknown plan_code {plan_code!r}")
    tech = _technology(plan_code)
    exchange = None
    if tech != "mobile":
        prem = next((p for p in _PREMISES.values() if p["id"] == premises_id), None)
        if prem is None:
            raise Invalid("fixed plans need the premises_id of the installation address")
        if tech not in [t for t, _ in prem["available"]]:
            raise Invalid(f"{tech} is not available at {prem['street']}")
        exchange = prem["exchange"]
    order_id = f"ORD-{_next(state, 'ORD-')}"
    state.orders[order_id] = {"account": account_number, "plan": plan_code, "technology": tech, "premises": premises_id,
                              "exchange": exchange, "status": "draft", "items": [], "appointment": None, "sim": None,
                              "msisdn": None}
    return order_id


def add_order_item(token: str, order_id: str, item: Addon, state: State) -> int:
    """Add hardware or a service to a draft order; returns the number of items on it."""
    _agent(state, token)
    order = _order(state, order_id)
    if order["status"] != "draft":
        raise WrongState(f"order {order_id} is {order['status']}")
    addon = Addon(item)
    if (addon in _FIXED_ADDONS) != (order["technology"] != "mobile"):
        raise Invalid(f"{addon.value} does not fit a {order['technology']} order")
    order["items"].append(addon.value)
    return len(order["items"])


def get_order(order_id: str, state: State) -> dict:
    order = _order(state, order_id)
    return {"order_id": order_id, **copy.deepcopy(order)}


def list_install_slots(exchange: str, date: str, state: State) -> list[dict]:
    """Engineer windows free on a day in an exchange area (date as YYYY-MM-DD)."""
    if exchange not in _SLOTS:
        raise NotFound(f"unknown exchange {exchange!r}")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise Invalid("date must be YYYY-MM-DD")
    out = []
    for i, window in enumerate(_SLOTS[exchange].get(date, [])):
        ref = f"SL-{exchange}-{date.replace('-', '')[4:]}-{i + 1}"
        if ref not in state.booked_slots:
            out.append({"slot_ref": ref, "date": date, "window": window})
    return out


def _take_slot(state: State, slot_ref: str, exchange: str) -> str:
    m = re.fullmatch(r"SL-([A-Z]{2}-[A-Z]{3})-(\d{4})-(\d)", slot_ref)
    if m is None or m[1] != exchange:
        raise Invalid(f"slot {slot_ref!r} is not a slot of exchange {exchange}")
    if slot_ref in state.booked_slots:
        raise WrongState(f"slot {slot_ref} is taken")
    day = f"2025-{m[2][:2]}-{m[2][2:]}"
    windows = _SLOTS[exchange].get(day, [])
    if int(m[3]) > len(windows):
        raise NotFound(f"no slot {slot_ref}")
    state.booked_slots.append(slot_ref)
    return f"{day} {windows[int(m[3]) - 1]}"


def book_install(token: str, order_id: str, slot_ref: str, state: State) -> dict:
    """Book the engineer's installation visit for a fixed-line order."""
    _agent(state, token)
    order = _order(state, order_id)
    if order["technology"] == "mobile":
        raise Invalid("mobile orders have no installation")
    if order["appointment"]:
        raise WrongState(f"order {order_id} already has appointment {order['appointment']}")
    when = _take_slot(state, slot_ref, order["exchange"])
    appt = f"APT-{_next(state, 'APT-')}"
    state.appointments[appt] = {"order": order_id, "when": when}
    order["appointment"] = appt
    return {"appointment": appt, "order_id": order_id, "when": when}


def allocate_sim(token: str, order_id: str, state: State) -> dict:
    """Allocate a SIM card from stock to a draft mobile order."""
    _agent(state, token)
    order = _order(state, order_id)
    if order["technology"] != "mobile":
        raise Invalid("SIM cards go on mobile orders")
    if order["status"] != "draft":
        raise WrongState(f"order {order_id} is {order['status']}")
    n = _next(state, "SIM")
    iccid = f"89314400000{n:08d}"
    state.sims[iccid] = order_id
    order["sim"] = iccid
    return {"iccid": iccid, "puk": f"{(n * 7919) % 100000000:08d}", "order_id": order_id}


def reserve_number(token: str, order_id: str, state: State) -> str:
    """Reserve a new mobile number for an order; returns the number in E.164 form."""
    _agent(state, token)
    order = _order(state, order_id)
    if order["technology"] != "mobile":
        raise Invalid("numbers are reserved for mobile orders")
    if order["msisdn"]:
        raise WrongState(f"order {order_id} already has number {order['msisdn']}")
    order["msisdn"] = f"+316200{_next(state, 'NUM'):05d}"
    return order["msisdn"]


def validate_pac(donor_msisdn: str, pac: str, state: State) -> dict:
    """Check a porting code from the customer's current operator against their number (E.164)."""
    if not re.fullmatch(r"\+31\d{9}", donor_msisdn):
        raise Invalid("donor_msisdn must be in E.164 form, e.g. +31612345678")
    known = _PACS.get(donor_msisdn)
    if known is None or known[0] != re.sub(r"\s+", "", pac).upper():
        raise Invalid("porting code does not match the number")
    ref = f"PRT-{_next(state, 'PRT-')}"
    state.ports[ref] = {"msisdn": donor_msisdn, "donor": known[1], "scheduled": None}
    return {"port_ref": ref, "donor_operator": known[1], "msisdn": donor_msisdn}


def schedule_port(token: str, order_id: str, port_ref: str, port_date: str, state: State) -> dict:
    """Move a validated number onto a mobile order on a given day (YYYY-MM-DD)."""
    _agent(state, token)
    order = _order(state, order_id)
    port = state.ports.get(port_ref)
    if port is None:
        raise NotFound(f"no validated port {port_ref}")
    if order["technology"] != "mobile" or order["msisdn"]:
        raise WrongState("the order must be a mobile order without a number")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", port_date):
        raise Invalid("port_date must be YYYY-MM-DD")
    port["scheduled"] = port_date
    order["msisdn"] = port["msisdn"]
    return {"order_id": order_id, "msisdn": port["msisdn"], "port_date": port_date, "donor_operator": port["donor"]}


def submit_order(token: str, order_id: str, state: State) -> dict:
    """Submit a draft order: needs a credit check on the account, and an install (fixed) or a SIM (mobile)."""
    _agent(state, token)
    order = _order(state, order_id)
    if order["status"] != "draft":
        raise WrongState(f"order {order_id} is already {order['status']}")
    if state.accounts[order["account"]]["credit"] is None:
        raise WrongState("no credit check on file for the account")
    if order["technology"] == "mobile" and not order["sim"]:
        raise WrongState("allocate a SIM before submitting a mobile order")
    if order["technology"] != "mobile" and not order["appointment"]:
        raise WrongState("book the installation before submitting a fixed order")
    order["status"] = "submitted"
    return {"order_id": order_id, "status": "submitted"}


# ----------------------------------------------------------------------------- lines

def activate_line(token: str, order_id: str, iccid: str, msisdn: str, state: State) -> dict:
    """Bring a submitted mobile order live on its SIM and number."""
    _agent(state, token)
    order = _order(state, order_id)
    if order["status"] != "submitted":
        raise WrongState(f"order {order_id} is {order['status']}; submit it first")
    if order["sim"] != iccid:
        raise Invalid("iccid is not the SIM allocated to this order")
    if order["msisdn"] != msisdn:
        raise Invalid("msisdn is not the number reserved or ported for this order")
    line_id = f"LN-{_next(state, 'LN-')}"
    state.lines[line_id] = {"account": order["account"], "msisdn": msisdn, "plan": order["plan"], "status": "active",
                            "roaming": False, "bolt_ons": [], "iccid": iccid, "exchange": None}
    order["status"] = "completed"
    return {"line_id": line_id, "msisdn": msisdn, "status": "active"}


def find_line(msisdn: str, state: State) -> dict:
    """The line that carries a number (E.164)."""
    if not re.fullmatch(r"\+31\d{9}", msisdn):
        raise Invalid("msisdn must be in E.164 form, e.g. +31612345678")
    for k, ln in state.lines.items():
        if ln["msisdn"] == msisdn and ln["status"] != "ceased":
            return {"line_id": k, "account": ln["account"], "status": ln["status"]}
    raise NotFound(f"no live line carries {msisdn}")


def get_line(line_id: str, state: State) -> dict:
    ln = _line(state, line_id)
    return {"line_id": line_id, **copy.deepcopy(ln), "technology": _technology(ln["plan"])}


def change_plan(token: str, line_id: str, plan_code: str, state: State) -> dict:
    """Move a line to another plan of the same technology."""
    _agent(state, token)
    ln = _line(state, line_id)
    if plan_code not in _PLANS:
        raise Invalid(f"unknown plan_code {plan_code!r}")
    if ln["plan"] == plan_code:
        raise WrongState(f"line {line_id} is already on {plan_code}")
    if _technology(plan_code) != _technology(ln["plan"]):
        raise Invalid("a plan change cannot change the technology")
    ln["plan"] = plan_code
    ln["bolt_ons"] = [b for b in ln["bolt_ons"] if b in _PLANS[plan_code]["bolt_ons"]]
    return {"line_id": line_id, "plan": plan_code, "bolt_ons": list(ln["bolt_ons"])}


def add_bolt_ons(token: str, line_id: str, bolt_ons: list[str], state: State) -> list[str]:
    """Add bolt-ons (codes of the line's plan) to a line; returns the bolt-ons now active."""
    _agent(state, token)
    ln = _line(state, line_id)
    if ln["status"] != "active":
        raise WrongState(f"line {line_id} is {ln['status']}")
    allowed = _PLANS[ln["plan"]]["bolt_ons"]
    for code in bolt_ons:
        if code not in allowed:
            raise Invalid(f"bolt-on {code!r} is not available on this line's plan")
    for code in bolt_ons:
        if code not in ln["bolt_ons"]:
            ln["bolt_ons"].append(code)
    return list(ln["bolt_ons"])


def suspend_line(token: str, line_id: str, reason: SuspendReason, state: State) -> str:
    """Bar a line (lost phone, non-payment...); returns its new status."""
    _agent(state, token)
    ln = _line(state, line_id)
    if ln["status"] != "active":
        raise WrongState(f"line {line_id} is already {ln['status']}")
    ln["status"] = "suspended"
    ln["suspend_reason"] = SuspendReason(reason).value
    return "suspended"


def restore_line(token: str, line_id: str, state: State) -> str:
    """Lift a suspension; returns the line's new status."""
    _agent(state, token)
    ln = _line(state, line_id)
    if ln["status"] != "suspended":
        raise WrongState(f"line {line_id} is not suspended")
    ln["status"] = "active"
    ln.pop("suspend_reason", None)
    return "active"


def enable_roaming(token: str, line_id: str, state: State) -> dict:
    _agent(state, token)
    ln = _line(state, line_id)
    if _technology(ln["plan"]) != "mobile" or ln["status"] != "active":
        raise WrongState("roaming is set on active mobile lines")
    if ln["roaming"]:
        raise WrongState("roaming already enabled")
    ln["roaming"] = True
    return {"line_id": line_id, "roaming": True}


def disable_roaming(token: str, line_id: str, state: State) -> dict:
    _agent(state, token)
    ln = _line(state, line_id)
    if not ln["roaming"]:
        raise WrongState("roaming already disabled")
    ln["roaming"] = False
    return {"line_id": line_id, "roaming": False}


def issue_pac(token: str, line_id: str, state: State) -> str:
    """Give a leaving customer the porting code of an active mobile line (bare code)."""
    _agent(state, token)
    ln = _line(state, line_id)
    if _technology(ln["plan"]) != "mobile" or ln["status"] != "active":
        raise WrongState("porting codes are issued for active mobile lines")
    return "LNK" + hashlib.sha1(line_id.encode()).hexdigest()[:6].upper()


def cease_line(token: str, elevation: str, line_id: str, reason: str, state: State) -> dict:
    """End a line for good (supervisor elevation needed)."""
    _agent(state, token)
    _elevated(state, token, elevation)
    ln = _line(state, line_id)
    if ln["status"] == "ceased":
        raise WrongState(f"line {line_id} is already ceased")
    ln["status"] = "ceased"
    ln["cease_reason"] = reason
    return {"line_id": line_id, "status": "ceased"}


# ----------------------------------------------------------------------------- faults

def run_line_test(line_id: str, state: State) -> dict:
    """Run the remote line test; its test id goes on any fault ticket."""
    ln = _line(state, line_id)
    if ln["status"] != "active":
        raise WrongState(f"line {line_id} is {ln['status']}")
    test_id = f"LT-{_next(state, 'LT-')}"
    result = "sync_unstable" if ln["exchange"] else "registered_no_data"
    state.tests[test_id] = {"line": line_id, "result": result}
    return {"test_id": test_id, "line_id": line_id, "result": result}


def raise_fault(token: str, line_id: str, test_id: str, symptoms: list[str], state: State) -> dict:
    """Open a fault ticket on a line; needs a line test of that line and known symptom codes."""
    _agent(state, token)
    _line(state, line_id)
    test = state.tests.get(test_id)
    if test is None or test["line"] != line_id:
        raise WrongState("run a line test on this line first and pass its test_id")
    bad = [s for s in symptoms if s not in _SYMPTOMS]
    if bad or not symptoms:
        raise Invalid(f"unknown symptom {bad[0] if bad else None!r}; use one of {', '.join(_SYMPTOMS)}")
    ticket = f"FLT-{_next(state, 'FLT-')}"
    state.faults[ticket] = {"line": line_id, "symptoms": list(symptoms), "status": "open"}
    return {"ticket": ticket, "priority": "P2" if len(symptoms) > 1 else "P3"}


def dispatch_engineer(token: str, ticket_id: str, slot_ref: str, state: State) -> dict:
    """Send an engineer for a fault on a fixed line, in a free slot of the line's exchange."""
    _agent(state, token)
    fault = state.faults.get(ticket_id)
    if fault is None:
        raise NotFound(f"no fault ticket {ticket_id}")
    exchange = state.lines[fault["line"]]["exchange"]
    if exchange is None:
        raise Invalid("engineers are dispatched to fixed lines only")
    when = _take_slot(state, slot_ref, exchange)
    visit = f"VIS-{_next(state, 'VIS-')}"
    state.visits[visit] = {"ticket": ticket_id, "when": when}
    fault["status"] = "engineer_booked"
    return {"visit": visit, "ticket": ticket_id, "when": when}


def close_fault(token: str, ticket_id: str, resolution: str, state: State) -> str:
    _agent(state, token)
    fault = state.faults.get(ticket_id)
    if fault is None:
        raise NotFound(f"no fault ticket {ticket_id}")
    if fault["status"] == "closed":
        raise WrongState(f"ticket {ticket_id} is already closed")
    fault["status"] = "closed"
    fault["resolution"] = resolution
    return "closed"


# ----------------------------------------------------------------------------- billing

def list_invoices(account_number: str, status: Optional[str] = None, state: State = None) -> list[dict]:
    """An account's invoices, newest first, optionally only 'open' or 'paid' ones."""
    _account(state, account_number)
    if status not in (None, "open", "paid", "written_off"):
        raise Invalid("status must be open, paid or written_off")
    rows = [{"invoice": k, "period": v["period"], "status": v["status"], "balance": _balance(v)}
            for k, v in state.invoices.items() if v["account"] == account_number and status in (None, v["status"])]
    return sorted(rows, key=lambda r: r["period"], reverse=True)


def get_bill(account_number: str, period: str, state: State) -> dict:
    """The invoice of a billing month (YYYY-MM) with its charge lines as [line_no, date, text, amount]."""
    _account(state, account_number)
    for k, v in state.invoices.items():
        if v["account"] == account_number and v["period"] == period:
            return {"invoice_no": k, "period": period, "status": v["status"], "lines": copy.deepcopy(v["lines"]),
                    "balance": _balance(v)}
    raise NotFound(f"no bill for {period} on {account_number}")


def dispute_charge(token: str, invoice_no: str, line_no: int, reason: str, state: State) -> str:
    """Dispute one charge line of an open invoice; returns the dispute reference."""
    _agent(state, token)
    inv = _invoice(state, invoice_no)
    if inv["status"] != "open":
        raise WrongState(f"invoice {invoice_no} is {inv['status']}")
    row = next((r for r in inv["lines"] if r[0] == line_no), None)
    if row is None:
        raise NotFound(f"invoice {invoice_no} has no line {line_no}")
    ref = f"DSP-{_next(state, 'DSP-'):04d}"
    state.disputes[ref] = {"invoice": invoice_no, "line": line_no, "amount": row[3], "reason": reason, "credited": 0.0}
    return ref


def apply_credit(token: str, elevation: str, dispute_ref: str, amount: float, state: State) -> dict:
    """Credit a disputed charge back to the invoice, up to the disputed amount (supervisor elevation needed)."""
    _agent(state, token)
    _elevated(state, token, elevation)
    dsp = state.disputes.get(dispute_ref)
    if dsp is None:
        raise NotFound(f"no dispute {dispute_ref}")
    if not 0 < amount <= dsp["amount"] - dsp["credited"]:
        raise Invalid(f"amount must be between 0 and {dsp['amount'] - dsp['credited']:.2f}")
    dsp["credited"] += amount
    inv = state.invoices[dsp["invoice"]]
    inv["credits"] += amount
    return {"credit_note": f"CN-{_next(state, 'CN-')}", "invoice_no": dsp["invoice"], "new_balance": _balance(inv)}


def tokenize_card(card_number: str, expiry: str, state: State) -> str:
    """Swap a card number (MM/YY expiry) for a payment token; the card number is never stored."""
    digits = re.sub(r"\D", "", card_number)
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    if len(digits) < 13 or total % 10:
        raise Invalid("card number fails the check digit")
    if not re.fullmatch(r"(0[1-9]|1[0-2])/\d{2}", expiry.strip()):
        raise Invalid("expiry must be MM/YY")
    tok = "ctk_" + hashlib.sha1(digits.encode()).hexdigest()[:14]
    state.cards[tok] = {"last4": digits[-4:], "expiry": expiry.strip()}
    return tok


def take_payment(token: str, invoice_no: str, amount: float, card_token: str, state: State) -> dict:
    """Take a card payment against an open invoice."""
    _agent(state, token)
    inv = _invoice(state, invoice_no)
    if inv["status"] != "open":
        raise WrongState(f"invoice {invoice_no} is {inv['status']}")
    if card_token not in state.cards:
        raise Invalid("unknown card token; tokenize the card first")
    if not 0 < amount <= _balance(inv):
        raise Invalid(f"amount must be between 0 and the balance {_balance(inv):.2f}")
    inv["paid"] += amount
    if _balance(inv) == 0:
        inv["status"] = "paid"
    receipt = f"RCP-{_next(state, 'RCP-')}"
    state.receipts[receipt] = {"invoice": invoice_no, "amount": amount, "card": state.cards[card_token]["last4"]}
    return {"receipt": receipt, "balance": _balance(inv)}


def write_off_balance(token: str, elevation: str, invoice_no: str, reason: str, state: State) -> dict:
    """Write off what is left on an open invoice (supervisor elevation needed)."""
    _agent(state, token)
    _elevated(state, token, elevation)
    inv = _invoice(state, invoice_no)
    if inv["status"] != "open":
        raise WrongState(f"invoice {invoice_no} is {inv['status']}")
    amount = _balance(inv)
    inv["credits"] += amount
    inv["status"] = "written_off"
    return {"write_off": f"WO-{_next(state, 'WO-'):03d}", "invoice_no": invoice_no, "amount": amount, "reason": reason}


TOOLS = [
    agent_login, elevate,
    normalize_msisdn, check_address, list_plans, get_plan,
    search_customers, get_account, create_account, credit_check, add_note,
    create_order, add_order_item, get_order, list_install_slots, book_install, allocate_sim, reserve_number,
    validate_pac, schedule_port, submit_order,
    activate_line, find_line, get_line, change_plan, add_bolt_ons, suspend_line, restore_line, enable_roaming,
    disable_roaming, issue_pac, cease_line,
    run_line_test, raise_fault, dispatch_engineer, close_fault,
    list_invoices, get_bill, dispute_charge, apply_credit, tokenize_card, take_payment, write_off_balance,
]

# What a tester is handed: the agent's and the supervisor's credentials, and what callers said.
FIXTURES = {
    "username": "rvisser",
    "password": "Lnk!2207",
    "supervisor_badge": "b-5531",
    "supervisor_pin": "8841",
    "caller": {"name": "Sanne de Boer", "city": "Utrecht", "postcode": "3511 ab", "house_number": "12",
               "mobile": "06-1234 5678", "landline": "030 234 5678", "disputed": "the premium SMS on the February bill",
               "card_number": "4111 1111 1111 1111", "expiry": "09/27"},
    "second_caller": {"name": "Joris Bakker", "city": "Amersfoort", "mobile": "06 8765 4321"},
    "new_customer": {"name": "Mehmet Yilmaz", "email": "m.yilmaz@example.nl", "city": "Utrecht",
                     "old_number": "06-5551 2345", "pac": "vfn 482931", "old_operator": "Vodafone"},
}

_TOKEN_USERS = ["elevate", "create_account", "credit_check", "add_note", "create_order", "add_order_item",
                "book_install", "allocate_sim", "reserve_number", "schedule_port", "submit_order", "activate_line",
                "change_plan", "add_bolt_ons", "suspend_line", "restore_line", "enable_roaming", "disable_roaming",
                "issue_pac", "cease_line", "raise_fault", "dispatch_engineer", "close_fault", "dispute_charge",
                "apply_credit", "take_payment", "write_off_balance"]
_ACCOUNT_USERS = ["get_account", "credit_check", "add_note", "create_order", "list_invoices"]
_ORDER_USERS = ["add_order_item", "get_order", "book_install", "allocate_sim", "reserve_number", "schedule_port",
                "submit_order", "activate_line"]
_LINE_USERS = ["get_line", "change_plan", "add_bolt_ons", "suspend_line", "restore_line", "enable_roaming",
               "disable_roaming", "issue_pac", "cease_line", "run_line_test", "raise_fault"]

GROUND_TRUTH = (
    [("agent_login", c, "auth: bare agent token") for c in _TOKEN_USERS]
    + [("elevate", c, "elevation: supervisor elevation token") for c in ("cease_line", "apply_credit",
                                                                         "write_off_balance")]
    + [("search_customers|create_account", c, "id lookup/create: account number (search's 'account' field, or bare)")
       for c in _ACCOUNT_USERS]
    + [("create_order", c, "id create: bare order id") for c in _ORDER_USERS]
    + [("activate_line|find_line", c, "id lookup/create: line_id") for c in _LINE_USERS]
    + [
        ("search_customers", "get_bill", "id lookup: account number ('account' field)"),
        ("check_address", "create_order", "id lookup: premises_id is check_address's address_id"),
        ("check_address|get_line", "list_install_slots", "id lookup: exchange code of the premises or the line"),
        ("list_plans", "create_order", "vocabulary: plan code (plans are known to callers by name)"),
        ("list_plans", "change_plan", "vocabulary: plan code"),
        ("get_plan", "add_bolt_ons", "vocabulary: bolt-on codes of the plan, listed nowhere else"),
        ("list_install_slots", "book_install", "id lookup: slot_ref"),
        ("list_install_slots", "dispatch_engineer", "id lookup: slot_ref in the line's exchange"),
        ("credit_check", "submit_order", "state: a credit check must be on file"),
        ("book_install", "submit_order", "state: fixed orders need a booked installation"),
        ("allocate_sim", "submit_order", "state: mobile orders need a SIM"),
        ("submit_order", "activate_line", "state: only submitted orders go live"),
        ("allocate_sim", "activate_line", "two values: iccid of the order's SIM"),
        ("reserve_number|schedule_port", "activate_line", "two values: msisdn reserved or ported onto the order"),
        ("normalize_msisdn", "find_line", "format: E.164 number"),
        ("normalize_msisdn", "validate_pac", "format: E.164 donor number"),
        ("validate_pac", "schedule_port", "id create: port_ref"),
        ("suspend_line", "restore_line", "no-op: restoring a line that is not suspended is refused"),
        ("enable_roaming", "disable_roaming", "no-op: roaming already disabled"),
        ("run_line_test", "raise_fault", "id create: test_id of a test on the line"),
        ("raise_fault", "dispatch_engineer", "id create: ticket (consumer calls it ticket_id)"),
        ("raise_fault", "close_fault", "id create: ticket (consumer calls it ticket_id)"),
        ("list_invoices|get_bill", "dispute_charge", "id lookup: invoice number ('invoice' or 'invoice_no')"),
        ("list_invoices|get_bill", "take_payment", "id lookup: invoice number ('invoice' or 'invoice_no')"),
        ("list_invoices|get_bill", "write_off_balance", "id lookup: invoice number ('invoice' or 'invoice_no')"),
        ("dispute_charge", "apply_credit", "id create: bare dispute reference"),
        ("tokenize_card", "take_payment", "id create: card token"),
    ]
)

PLAUSIBLE = {
    *[("agent_login", c) for c in ("get_account", "get_order", "get_line", "list_invoices", "get_bill", "find_line",
                                   "run_line_test")],
    *[("search_customers", c) for c in ("add_order_item", "book_install", "submit_order", "allocate_sim",
                                        "dispute_charge", "take_payment", "write_off_balance")],
    *[("create_account", c) for c in ("add_order_item", "submit_order", "allocate_sim")],
    *[("get_account", c) for c in _LINE_USERS + ["list_invoices", "get_bill", "get_order", "submit_order"]],
    *[("list_plans", c) for c in ("add_order_item", "get_plan", "submit_order", "allocate_sim")],
    ("get_plan", "change_plan"), ("get_plan", "create_order"), ("get_line", "add_bolt_ons"), ("get_line", "get_plan"),
    ("check_address", "book_install"), ("check_address", "submit_order"), ("check_address", "dispatch_engineer"),
    ("get_line", "dispatch_engineer"), ("find_line", "dispatch_engineer"), ("run_line_test", "dispatch_engineer"),
    ("credit_check", "activate_line"), ("book_install", "get_order"), ("allocate_sim", "get_order"),
    ("validate_pac", "activate_line"), ("normalize_msisdn", "schedule_port"), ("normalize_msisdn", "activate_line"),
    ("create_order", "get_line"), ("submit_order", "get_order"), ("reserve_number", "get_order"),
    ("activate_line", "get_account"), ("find_line", "get_account"), ("normalize_msisdn", "get_line"),
    ("normalize_msisdn", "restore_line"), ("normalize_msisdn", "suspend_line"), ("normalize_msisdn", "issue_pac"),
    ("normalize_msisdn", "enable_roaming"), ("normalize_msisdn", "change_plan"), ("normalize_msisdn", "run_line_test"),
    ("get_bill", "apply_credit"), ("list_invoices", "apply_credit"), ("take_payment", "list_invoices"),
    ("dispute_charge", "write_off_balance"), ("apply_credit", "take_payment"), ("elevate", "take_payment"),
    ("get_account", "credit_check"), ("suspend_line", "cease_line"),
    ("raise_fault", "get_line"), ("add_order_item", "submit_order"), ("close_fault", "dispatch_engineer"),
    *[("get_account", c) for c in _ORDER_USERS],
    *[("get_line", c) for c in ("find_line", "issue_pac")],
    ("check_address", "create_account"), ("get_order", "book_install"), ("get_order", "list_install_slots"),
}
