"""Linenloop: the linen-hire and route desk of Tamar Linen Services, Plymouth (38 calls).

Plain functions over an in-memory ``State`` of the laundry on Tuesday 6 November 2029 at 05:30, reached
through the firm's XML-RPC gateway. The office opens accounts for hotels, restaurants, care homes and
spas, sets each account's delivery window, drafts hire contracts with a par level for each item, signs
them and changes par levels, and logs complaints. Transport puts signed accounts on a delivery route,
starts the day's routes with a van and a driver, records deliveries and the soiled-linen collections,
and brings the vans back. The plant weighs collections in on a wash programme, logs rejected items,
checks stock, orders new linen from the mills and books it in, and audits what each customer holds.
Accounts run credit checks, raise monthly hire invoices, charge customers for damaged items, take
payments, issue credit notes against upheld complaints and put accounts on hold and off again. The
item catalogue, the wash programmes and the collection days for a postcode are public.

Replies are plain dicts (an account with its contracts nested as rows, a credit decision, a delivery
window, a contract with its lines nested as rows, a started or finished route, a weigh-in, a reject, a
stock audit, a statement with its invoices as rows, a complaint, a hold), rows as lists of lists (the
item catalogue, wash programmes, routes, a route sheet with each stop's items nested, vans), bare
values (the session token, ``True``, a stock count, the balance left on an invoice, collection days)
and sentences with a new account, stop, delivery note, collection, purchase order, invoice, charge or
credit note number inside. Every refusal is *returned* as an XML-RPC fault struct, ``{"faultCode":
<int>, "faultString": ...}`` (1 access, 2 not found, 3 invalid, 4 wrong state), which the runtime's
common conventions do not read, so ``FAILURE`` (``is_fault``) is declared. Accounts, contracts and
invoices have look-alike numbers (account ``TL-4391``, contract ``CN-4391-1``, collection ``CL-77098``,
invoice ``LI-90388``, route ``R-TUE-1``); pack sizes, the delivery hours, the credit limit the desk can
approve and the programmes foul linen needs are stated only in faults.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from enum import Enum
from typing import Dict, List, Literal, Optional

TODAY = "2029-11-06"
TODAY_CODE = "tue"
DESK_CREDIT_LIMIT = 5000.0
THERMAL = ("TD65", "TD71")
WEEKS_PER_INVOICE = 4

Sector = Literal["hotel", "restaurant", "care_home", "spa", "holiday_let"]
RejectReason = Literal["stain", "tear", "burn", "chemical", "worn"]
Category = Literal["short_delivery", "late_delivery", "quality", "damage", "billing"]
Supplier = Literal["Hilden", "Mitre", "Harrison & Jones"]
CHARGEABLE = ("tear", "burn", "chemical")


class Weekday(str, Enum):
    MON = "mon"
    TUE = "tue"
    WED = "wed"
    THU = "thu"
    FRI = "fri"
    SAT = "sat"


def _fault(code: int, text: str) -> dict:
    return {"faultCode": code, "faultString": text}


def is_fault(reply) -> bool:
    """True for a refusal: an XML-RPC fault struct (a dict with a ``faultCode``)."""
    return isinstance(reply, dict) and "faultCode" in reply


class State:
    """Tamar Linen Services, Estover, Plymouth, on Tuesday 6 November 2029 at 05:30."""

    def __init__(self) -> None:
        self.staff = {
            "jess.k": {"name": "Jess Kowalski", "password": "Pillowslip-31", "role": "office"},
            "ray.t": {"name": "Ray Trelawny", "password": "Roll-Cage-808", "role": "transport"},
            "ola.b": {"name": "Ola Bankole", "password": "Tunnel-Washer-5", "role": "plant"},
            "ann.w": {"name": "Ann Westlake", "password": "Debit-Note-662", "role": "accounts"},
            "neil.p": {"name": "Neil Pascoe", "password": "Calender-17", "role": "manager"},
        }
        self.sessions = {}
        self.items = {
            "SHT-DBL": ("Double flat sheet, white percale", 10, 0.42, 11.50),
            "SHT-KNG": ("King flat sheet, white percale", 10, 0.48, 13.80),
            "DUV-KNG": ("King duvet cover", 5, 0.95, 24.00),
            "PIL-HSW": ("Pillowcase, housewife", 20, 0.16, 3.20),
            "TWL-BTH": ("Bath towel, 700 g", 10, 0.38, 8.90),
            "TWL-HND": ("Hand towel", 20, 0.18, 3.60),
            "MAT-BTH": ("Bath mat", 10, 0.22, 4.40),
            "SHT-SGF": ("Single fitted sheet (care)", 10, 0.40, 10.20),
            "TWL-FLN": ("Face flannel", 50, 0.05, 1.10),
            "NAP-WHT": ("White linen napkin", 50, 0.07, 1.60),
            "TCL-RND": ("Round tablecloth, 230 cm", 5, 0.85, 19.00),
            "APR-CHF": ("Chef's apron", 10, 0.30, 7.50),
        }
        self.programmes = {
            "WH60": ("Whites", 60, 10, "bed and bath linen"),
            "CW40": ("Coloureds", 40, 12, "chef's wear and aprons"),
            "FB50": ("Table linen, starched", 50, 12, "napkins and tablecloths"),
            "TD65": ("Thermal disinfection", 65, 10, "foul and infected linen"),
            "TD71": ("Thermal disinfection", 71, 3, "foul and infected linen"),
        }
        self.areas = {"PL1": ["tue", "fri"], "PL2": ["tue", "fri"], "PL3": ["mon", "thu"], "PL4": ["tue", "fri"],
                      "PL5": ["mon", "thu"], "PL6": ["wed", "sat"], "PL7": ["wed", "sat"], "PL9": ["mon", "thu"],
                      "PL12": ["wed"], "PL20": ["tue"]}

        def account(business, contact, phone, email, address, postcode, sector, credit="approved", limit=3000.0,
                    window=None, hold=None, out=None):
            return {"business": business, "contact": contact, "phone": phone, "email": email, "address": address,
                    "postcode": postcode, "sector": sector, "credit": credit, "limit": limit, "window": window,
                    "hold": hold, "out": dict(out or {}), "audit": None}

        self.accounts = {
            "TL-4391": account("The Hoe View Hotel", "Gerald Pengelly", "01752 960391", "gm@hoeview.example",
                               "11 Grand Parade, The Hoe", "PL1 3DQ", "hotel", limit=4500.0,
                               window=("07:00", "09:00", "Service lift off Grand Parade; ask for housekeeping"),
                               out={"SHT-KNG": 260, "DUV-KNG": 120, "PIL-HSW": 500, "TWL-BTH": 430, "TWL-HND": 400,
                                    "MAT-BTH": 120}),
            "TL-4402": account("Barbican Kitchen", "Dom Rowse", "01752 960402", "dom@barbicankitchen.example",
                               "60 Southside Street, Barbican", "PL1 2LS", "restaurant", limit=1500.0,
                               window=("10:00", "11:30", "Side door in the alley"),
                               hold="LI-90301 is 90 days overdue", out={"NAP-WHT": 800, "TCL-RND": 80, "APR-CHF": 60}),
            "TL-4409": account("Mount Gould Care Home", "Sandra Kitto", "01752 960409", "manager@mountgould.example",
                               "4 Mount Gould Road", "PL4 7QD", "care_home", limit=2500.0,
                               window=("08:00", "10:00", "Laundry door at the back; red bags to the sluice"),
                               out={"SHT-SGF": 600, "TWL-BTH": 300, "TWL-FLN": 600}),
            "TL-4413": account("Dartmoor Retreat Spa", "Elowen Hardy", "01822 960413", "elowen@dartmoorretreat.example",
                               "Leather Tor Lane, Yelverton", "PL20 6SL", "spa", credit="pending", limit=0.0),
            "TL-4416": account("Cattedown Guest House", "Paul Ferris", "01752 960416", "paul@cattedowngh.example",
                               "7 Maxwell Road, Cattedown", "PL4 0SN", "hotel", credit="pending", limit=0.0),
        }
        self.contracts = {
            "CN-4391-1": {"account": "TL-4391", "state": "active", "term": 104, "start": "2028-04-01",
                          "lines": {"SHT-KNG": 120, "DUV-KNG": 60, "PIL-HSW": 240, "TWL-BTH": 200, "TWL-HND": 200,
                                    "MAT-BTH": 60}, "signed_by": "Gerald Pengelly"},
            "CN-4402-1": {"account": "TL-4402", "state": "active", "term": 52, "start": "2029-03-01",
                          "lines": {"NAP-WHT": 400, "TCL-RND": 40, "APR-CHF": 30}, "signed_by": "Dom Rowse"},
            "CN-4409-1": {"account": "TL-4409", "state": "active", "term": 156, "start": "2027-06-01",
                          "lines": {"SHT-SGF": 300, "TWL-BTH": 150, "TWL-FLN": 300}, "signed_by": "Sandra Kitto"},
            "CN-4413-1": {"account": "TL-4413", "state": "draft", "term": 52, "start": "2029-11-13",
                          "lines": {"TWL-BTH": 400, "TWL-HND": 200}, "signed_by": None},
        }
        self.routes = {
            "R-TUE-1": {"name": "City and Hoe", "day": "tue", "stops": ["TL-4391", "TL-4402"]},
            "R-TUE-2": {"name": "East Plymouth and the moor", "day": "tue", "stops": ["TL-4409"]},
            "R-FRI-1": {"name": "City and Hoe", "day": "fri", "stops": ["TL-4391", "TL-4402"]},
            "R-FRI-2": {"name": "East Plymouth", "day": "fri", "stops": ["TL-4409"]},
        }
        for r in self.routes.values():
            r.update({"state": "planned", "van": None, "driver": None, "mileage": None, "done": []})
        self.vans = {"WK29 TLS": {"bags": 120, "state": "available"}, "WK27 TLN": {"bags": 90, "state": "available"},
                     "WF26 TLR": {"bags": 90, "state": "workshop"}}
        self.deliveries = {}
        self.collections = {
            "CL-77098": {"account": "TL-4391", "route": "R-FRI-1", "bags": 11, "foul": False, "kg": 118.0,
                         "programme": "WH60", "day": "2029-11-02"},
        }
        self.rejects = {
            "RJ-3301": {"collection": "CL-77098", "item": "SHT-KNG", "count": 2, "reason": "burn", "charged": False},
            "RJ-3302": {"collection": "CL-77098", "item": "TWL-BTH", "count": 5, "reason": "stain", "charged": False},
        }
        self.stock = {"SHT-DBL": 900, "SHT-KNG": 1400, "DUV-KNG": 500, "PIL-HSW": 2600, "TWL-BTH": 1800,
                      "TWL-HND": 1500, "MAT-BTH": 400, "SHT-SGF": 1300, "TWL-FLN": 1900, "NAP-WHT": 3000,
                      "TCL-RND": 260, "APR-CHF": 140}
        self.orders = {}
        self.invoices = {
            "LI-90301": {"account": "TL-4402", "period": "2029-07", "total": 468.0, "paid": 0.0, "credits": []},
            "LI-90388": {"account": "TL-4391", "period": "2029-10", "total": 1140.2, "paid": 0.0, "credits": []},
            "LI-90395": {"account": "TL-4409", "period": "2029-10", "total": 980.0, "paid": 0.0, "credits": []},
        }
        self.charges = {}
        self.complaints = {}
        self.counters = {"account": 4418, "delivery": 30551, "collection": 77120, "reject": 3310, "order": 5521,
                         "invoice": 90412, "charge": 2207, "credit": 1207, "complaint": 561, "session": 1}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: str, *roles: str) -> Optional[dict]:
    who = state.sessions.get(token)
    if who is None:
        return _fault(1, "Access denied: session token unknown or expired")
    if roles and who["role"] not in roles and who["role"] != "manager":
        return _fault(1, f"Access denied: {who['name']} ({who['role']}) may not do this ({', '.join(roles)})")
    return None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _account_row(state: State, account_id: str) -> dict:
    a = state.accounts[account_id]
    contracts = [[c, v["state"]] for c, v in sorted(state.contracts.items()) if v["account"] == account_id]
    balance = sum(_left(state, i) for i, v in state.invoices.items() if v["account"] == account_id)
    return {"account_id": account_id, "business": a["business"], "sector": a["sector"], "postcode": a["postcode"],
            "credit": a["credit"], "on_hold": a["hold"] is not None, "contracts": contracts, "balance": round(balance, 2)}


def _contract_row(state: State, contract_id: str) -> dict:
    c = state.contracts[contract_id]
    lines = [[item, par, round(par * state.items[item][2], 2)] for item, par in c["lines"].items()]
    return {"contract_id": contract_id, "account_id": c["account"], "state": c["state"], "term_weeks": c["term"],
            "start_day": c["start"], "lines": lines, "weekly_charge": round(sum(x[2] for x in lines), 2),
            "signed_by": c["signed_by"]}


def _active_contract(state: State, account_id: str) -> Optional[str]:
    found = [c for c, v in sorted(state.contracts.items()) if v["account"] == account_id and v["state"] == "active"]
    return found[0] if found else None


def _left(state: State, invoice_no: str) -> float:
    v = state.invoices[invoice_no]
    return round(v["total"] - v["paid"] - sum(v["credits"]), 2)


def _check_pack(state: State, item_code: str, par_level: int) -> Optional[dict]:
    pack = state.items[item_code][1]
    if par_level <= 0 or par_level % pack:
        return _fault(3, f"{item_code} comes in packs of {pack}; the par level must be a positive multiple of {pack}")
    return None


# --------------------------------------------------------------------------- session and public


def login(state: State, username: str, password: str):
    """Open a session on the gateway with a user name and password; the reply is the bare session token,
    which every other call needs except the item catalogue, the wash programmes and the collection days."""
    who = state.staff.get(username.strip().lower())
    if who is None or who["password"] != password:
        return _fault(1, "Access denied: wrong user name or password")
    token = f"tls{_next(state, 'session'):04d}{who['role'][:3]}"
    state.sessions[token] = {"name": who["name"], "role": who["role"]}
    return token


def logout(state: State, token: str):
    """Close a session; the reply is True."""
    no = _session(state, token)
    if no:
        return no
    del state.sessions[token]
    return True


def item_catalogue(state: State) -> List[list]:
    """The public hire catalogue: one row per item as [code, description, pack size, weekly hire per item in
    pounds, replacement cost in pounds]."""
    return [[code, d, pack, weekly, repl] for code, (d, pack, weekly, repl) in state.items.items()]


def wash_programmes(state: State) -> List[list]:
    """The published wash programmes, as rows of [code, name, temperature in degrees C, minutes held at
    temperature, what they are for]."""
    return [[code, n, t, m, f] for code, (n, t, m, f) in state.programmes.items()]


def collection_days(state: State, postcode: str):
    """The weekdays the vans call in a postcode district, as a bare list such as ["tue", "fri"]; an empty
    list where the firm does not deliver."""
    district = postcode.strip().upper().split(" ")[0]
    return list(state.areas.get(district, []))


# --------------------------------------------------------------------------- accounts


def find_account(state: State, token: str, name: str) -> List[dict]:
    """Find customer accounts whose business name contains the given text. Each account comes with its
    credit status, whether it is on hold, its contracts as [contract id, state] rows and its balance."""
    no = _session(state, token)
    if no:
        return no
    needle = name.strip().lower()
    if len(needle) < 3:
        return _fault(3, "Invalid: search on at least three characters")
    return [_account_row(state, a) for a, v in state.accounts.items() if needle in v["business"].lower()]


def open_account(state: State, token: str, business: str, contact: str, phone: str, email: str, address: str,
                 postcode: str, sector: Sector):
    """Open an account for a new customer (office). The reply is a sentence with the new account number;
    credit is pending until accounts have run a credit check."""
    no = _session(state, token, "office")
    if no:
        return no
    if any(v["business"].lower() == business.strip().lower() for v in state.accounts.values()):
        return _fault(4, f"Wrong state: {business} already has an account")
    if "@" not in email:
        return _fault(3, "Invalid: email is not an e-mail address")
    district = postcode.strip().upper().split(" ")[0]
    if district not in state.areas:
        return _fault(3, f"Invalid: the vans do not call in {district}")
    acc = f"TL-{_next(state, 'account')}"
    state.accounts[acc] = {"business": business.strip(), "contact": contact.strip(), "phone": phone.strip(),
                           "email": email.strip(), "address": address.strip(), "postcode": postcode.strip().upper(),
                           "sector": sector, "credit": "pending", "limit": 0.0, "window": None, "hold": None,
                           "out": {}, "audit": None}
    return f"Account {acc} opened for {business.strip()} ({sector}); credit check pending."


def credit_check(state: State, token: str, account_id: str, limit: float) -> dict:
    """Run a credit check on an account for a monthly credit limit in pounds (accounts). The reply is the
    decision; a contract is signed only for an account whose credit is approved."""
    no = _session(state, token, "accounts")
    if no:
        return no
    a = state.accounts.get(account_id)
    if a is None:
        return _fault(2, f"Not found: no account {account_id}")
    if a["credit"] == "approved":
        return _fault(4, f"Wrong state: {account_id} is already approved for {a['limit']:.2f}")
    if limit <= 0:
        return _fault(3, "Invalid: the limit must be more than 0")
    who = state.sessions[token]
    if limit > DESK_CREDIT_LIMIT and who["role"] != "manager":
        return _fault(3, f"Invalid: limits over {DESK_CREDIT_LIMIT:.0f} need the operations manager")
    a["credit"], a["limit"] = "approved", float(limit)
    return {"account_id": account_id, "decision": "approved", "limit": float(limit), "checked_on": TODAY,
            "checked_by": who["name"]}


def set_delivery_window(state: State, token: str, account_id: str, earliest: str, latest: str,
                        access_notes: str) -> dict:
    """Set when and how the driver may deliver to an account (office or transport): the earliest and latest
    times as HH:MM and notes on access. An account goes on a route only once it has a window."""
    no = _session(state, token, "office", "transport")
    if no:
        return no
    a = state.accounts.get(account_id)
    if a is None:
        return _fault(2, f"Not found: no account {account_id}")
    if not ("05:00" <= earliest < latest <= "14:00"):
        return _fault(3, "Invalid: windows run from 05:00 to 14:00 and earliest must be before latest")
    window = (earliest, latest, access_notes.strip())
    if a["window"] == window:
        return _fault(4, f"Wrong state: {account_id} already has that window")
    a["window"] = window
    return {"account_id": account_id, "earliest": earliest, "latest": latest, "access_notes": access_notes.strip()}


# --------------------------------------------------------------------------- contracts


def draft_contract(state: State, token: str, account_id: str, term_weeks: int, start_day: str) -> dict:
    """Draft a hire contract for an account (office), with a term in weeks and a start day (YYYY-MM-DD).
    The reply is the draft with no lines yet."""
    no = _session(state, token, "office")
    if no:
        return no
    if account_id not in state.accounts:
        return _fault(2, f"Not found: no account {account_id}")
    live = [c for c, v in state.contracts.items() if v["account"] == account_id and v["state"] in ("draft", "active")]
    if live:
        return _fault(4, f"Wrong state: {account_id} already has contract {live[0]}")
    if term_weeks not in (26, 52, 104, 156):
        return _fault(3, "Invalid: terms are 26, 52, 104 or 156 weeks")
    if start_day < TODAY:
        return _fault(3, f"Invalid: {start_day} is in the past")
    n = 1 + sum(1 for v in state.contracts.values() if v["account"] == account_id)
    cid = f"CN-{account_id[3:]}-{n}"
    state.contracts[cid] = {"account": account_id, "state": "draft", "term": term_weeks, "start": start_day,
                            "lines": {}, "signed_by": None}
    return _contract_row(state, cid)


def add_contract_line(state: State, token: str, contract_id: str, item_code: str, par_level: int) -> dict:
    """Add an item to a draft contract with its par level, the quantity delivered on each visit (office)."""
    no = _session(state, token, "office")
    if no:
        return no
    c = state.contracts.get(contract_id)
    if c is None:
        return _fault(2, f"Not found: no contract {contract_id}")
    if c["state"] != "draft":
        return _fault(4, f"Wrong state: {contract_id} is {c['state']}; change par levels instead")
    if item_code not in state.items:
        return _fault(2, f"Not found: no item {item_code} in the catalogue")
    if item_code in c["lines"]:
        return _fault(4, f"Wrong state: {item_code} is already on {contract_id} at {c['lines'][item_code]}")
    bad = _check_pack(state, item_code, par_level)
    if bad:
        return bad
    c["lines"][item_code] = par_level
    return _contract_row(state, contract_id)


def remove_contract_line(state: State, token: str, contract_id: str, item_code: str) -> dict:
    """Take an item off a draft contract (office)."""
    no = _session(state, token, "office")
    if no:
        return no
    c = state.contracts.get(contract_id)
    if c is None:
        return _fault(2, f"Not found: no contract {contract_id}")
    if c["state"] != "draft":
        return _fault(4, f"Wrong state: {contract_id} is {c['state']}")
    if item_code not in c["lines"]:
        return _fault(2, f"Not found: {item_code} is not on {contract_id}")
    del c["lines"][item_code]
    return _contract_row(state, contract_id)


def sign_contract(state: State, token: str, contract_id: str, signed_by: str):
    """Record the customer's signature on a draft contract, which makes it active (office). The reply is a
    sentence saying when the hire starts."""
    no = _session(state, token, "office")
    if no:
        return no
    c = state.contracts.get(contract_id)
    if c is None:
        return _fault(2, f"Not found: no contract {contract_id}")
    if c["state"] != "draft":
        return _fault(4, f"Wrong state: {contract_id} is {c['state']}")
    if not c["lines"]:
        return _fault(4, f"Wrong state: {contract_id} has no lines")
    if state.accounts[c["account"]]["credit"] != "approved":
        return _fault(4, f"Wrong state: credit for {c['account']} is {state.accounts[c['account']]['credit']}")
    if not signed_by.strip():
        return _fault(3, "Invalid: who signed?")
    c["state"], c["signed_by"] = "active", signed_by.strip()
    return f"Contract {contract_id} signed by {signed_by.strip()}; hire runs from {c['start']} for {c['term']} weeks."


def contract_detail(state: State, token: str, contract_id: str) -> dict:
    """A contract with its lines as [item code, par level, weekly charge] rows and its weekly total."""
    no = _session(state, token)
    if no:
        return no
    if contract_id not in state.contracts:
        return _fault(2, f"Not found: no contract {contract_id}")
    return _contract_row(state, contract_id)


def change_par_level(state: State, token: str, contract_id: str, item_code: str, par_level: int) -> dict:
    """Change the par level of an item on an active contract (office), from the next delivery on."""
    no = _session(state, token, "office")
    if no:
        return no
    c = state.contracts.get(contract_id)
    if c is None:
        return _fault(2, f"Not found: no contract {contract_id}")
    if c["state"] != "active":
        return _fault(4, f"Wrong state: {contract_id} is {c['state']}; edit the draft's lines instead")
    if item_code not in c["lines"]:
        return _fault(2, f"Not found: {item_code} is not on {contract_id}")
    if c["lines"][item_code] == par_level:
        return _fault(4, f"Wrong state: {item_code} is already at {par_level} on {contract_id}")
    bad = _check_pack(state, item_code, par_level)
    if bad:
        return bad
    c["lines"][item_code] = par_level
    return _contract_row(state, contract_id)


# --------------------------------------------------------------------------- routes


def list_routes(state: State, token: str, day: Weekday) -> List[list]:
    """The delivery routes that run on a weekday, as rows of [route id, name, van, driver, number of stops,
    state] (van and driver are empty until the route is started)."""
    no = _session(state, token)
    if no:
        return no
    want = Weekday(day).value
    return [[r, v["name"], v["van"], v["driver"], len(v["stops"]), v["state"]]
            for r, v in state.routes.items() if v["day"] == want]


def route_sheet(state: State, token: str, route_id: str) -> List[list]:
    """A route's drop sheet: one row per stop as [position, account id, business, window, items], the items
    being [item code, quantity] rows from the account's contract."""
    no = _session(state, token)
    if no:
        return no
    r = state.routes.get(route_id)
    if r is None:
        return _fault(2, f"Not found: no route {route_id}")
    rows = []
    for pos, acc in enumerate(r["stops"], 1):
        a = state.accounts[acc]
        cid = _active_contract(state, acc)
        items = [[i, q] for i, q in state.contracts[cid]["lines"].items()] if cid else []
        window = f"{a['window'][0]}-{a['window'][1]}" if a["window"] else None
        rows.append([pos, acc, a["business"], window, items])
    return rows


def add_stop(state: State, token: str, route_id: str, account_id: str):
    """Put an account on a delivery route (transport). The account needs an active contract and a delivery
    window; the reply is a sentence with its stop number."""
    no = _session(state, token, "transport")
    if no:
        return no
    r = state.routes.get(route_id)
    if r is None:
        return _fault(2, f"Not found: no route {route_id}")
    a = state.accounts.get(account_id)
    if a is None:
        return _fault(2, f"Not found: no account {account_id}")
    if account_id in r["stops"]:
        return _fault(4, f"Wrong state: {account_id} is already on {route_id}")
    if not _active_contract(state, account_id):
        return _fault(4, f"Wrong state: {account_id} has no active contract")
    if not a["window"]:
        return _fault(4, f"Wrong state: {account_id} has no delivery window")
    if len(r["stops"]) >= 14:
        return _fault(4, f"Wrong state: {route_id} is full")
    r["stops"].append(account_id)
    return (f"{a['business']} ({account_id}) is stop {len(r['stops'])} on {route_id}, "
            f"window {a['window'][0]}-{a['window'][1]}.")


def list_vans(state: State, token: str) -> List[list]:
    """The fleet, as rows of [registration, capacity in bags, state]."""
    no = _session(state, token)
    if no:
        return no
    return [[reg, v["bags"], v["state"]] for reg, v in state.vans.items()]


def start_route(state: State, token: str, route_id: str, van: str, driver: str) -> dict:
    """Send one of today's routes out with a van and a driver (transport)."""
    no = _session(state, token, "transport")
    if no:
        return no
    r = state.routes.get(route_id)
    if r is None:
        return _fault(2, f"Not found: no route {route_id}")
    if r["day"] != TODAY_CODE:
        return _fault(4, f"Wrong state: {route_id} runs on {r['day']}, not today")
    if r["state"] != "planned":
        return _fault(4, f"Wrong state: {route_id} is {r['state']}")
    v = state.vans.get(van.strip().upper())
    if v is None:
        return _fault(2, f"Not found: no van {van}")
    if v["state"] != "available":
        return _fault(4, f"Wrong state: {van} is {v['state']}")
    if not driver.strip():
        return _fault(3, "Invalid: name the driver")
    r.update({"state": "out", "van": van.strip().upper(), "driver": driver.strip()})
    v["state"] = "out"
    return {"route_id": route_id, "state": "out", "van": r["van"], "driver": r["driver"], "stops": list(r["stops"])}


def record_delivery(state: State, token: str, route_id: str, account_id: str, signed_by: str,
                    short_items: Optional[List[str]] = None):
    """Record the clean linen delivered to a stop on a route that is out (transport): every contract line at
    its par level, less any items listed as short. The reply is a sentence with the delivery note number."""
    no = _session(state, token, "transport")
    if no:
        return no
    r = state.routes.get(route_id)
    if r is None:
        return _fault(2, f"Not found: no route {route_id}")
    if r["state"] != "out":
        return _fault(4, f"Wrong state: {route_id} is {r['state']}, not out")
    if account_id not in r["stops"]:
        return _fault(4, f"Wrong state: {account_id} is not a stop on {route_id}")
    a = state.accounts[account_id]
    if a["hold"]:
        return _fault(4, f"Wrong state: {account_id} is on hold ({a['hold']}); no deliveries")
    if ("delivery", account_id) in [tuple(x) for x in r["done"]]:
        return _fault(4, f"Wrong state: {account_id} has had its delivery on this run")
    lines = state.contracts[_active_contract(state, account_id)]["lines"]
    short = list(short_items or [])
    if any(i not in lines for i in short):
        return _fault(3, f"Invalid: short items must be on the contract ({', '.join(lines)})")
    sent = {i: q for i, q in lines.items() if i not in short}
    if any(state.stock[i] < q for i, q in sent.items()):
        return _fault(4, "Wrong state: not enough clean stock; list the missing items as short")
    for i, q in sent.items():
        state.stock[i] -= q
    dn = f"DN-{_next(state, 'delivery')}"
    state.deliveries[dn] = {"account": account_id, "route": route_id, "items": sent, "short": short,
                            "signed_by": signed_by.strip()}
    r["done"].append(["delivery", account_id])
    return (f"Delivery note {dn}: {sum(sent.values())} items to {a['business']}, signed by {signed_by.strip()}"
            + (f"; short: {', '.join(short)}." if short else "."))


def record_collection(state: State, token: str, route_id: str, account_id: str, bags: int,
                      foul: bool = False):
    """Record the bags of soiled linen collected from a stop on a route that is out (transport); foul or
    infected linen comes in red bags and is flagged. The reply is a sentence with the collection number."""
    no = _session(state, token, "transport")
    if no:
        return no
    r = state.routes.get(route_id)
    if r is None:
        return _fault(2, f"Not found: no route {route_id}")
    if r["state"] != "out":
        return _fault(4, f"Wrong state: {route_id} is {r['state']}, not out")
    if account_id not in r["stops"]:
        return _fault(4, f"Wrong state: {account_id} is not a stop on {route_id}")
    if bags <= 0:
        return _fault(3, "Invalid: bags must be at least 1")
    cl = f"CL-{_next(state, 'collection')}"
    state.collections[cl] = {"account": account_id, "route": route_id, "bags": bags, "foul": bool(foul), "kg": None,
                             "programme": None, "day": TODAY}
    r["done"].append(["collection", account_id])
    return (f"Collection {cl}: {bags} bags from {state.accounts[account_id]['business']}"
            + (" (foul, red bags)." if foul else "."))


def finish_route(state: State, token: str, route_id: str, mileage: int) -> dict:
    """Bring a route back to the plant with the van's mileage for the run (transport); its collections can
    then be weighed in."""
    no = _session(state, token, "transport")
    if no:
        return no
    r = state.routes.get(route_id)
    if r is None:
        return _fault(2, f"Not found: no route {route_id}")
    if r["state"] != "out":
        return _fault(4, f"Wrong state: {route_id} is {r['state']}, not out")
    if mileage <= 0:
        return _fault(3, "Invalid: mileage must be more than 0")
    r["state"], r["mileage"] = "back", mileage
    state.vans[r["van"]]["state"] = "available"
    done = [tuple(x) for x in r["done"]]
    return {"route_id": route_id, "state": "back", "van": r["van"], "mileage": mileage,
            "deliveries": sum(1 for k, _ in done if k == "delivery"),
            "collections": sum(1 for k, _ in done if k == "collection")}


# --------------------------------------------------------------------------- plant


def weigh_in(state: State, token: str, collection_id: str, kg: float, programme: str) -> dict:
    """Weigh a collection in at the plant once its van is back, and give it a wash programme (plant)."""
    no = _session(state, token, "plant")
    if no:
        return no
    c = state.collections.get(collection_id)
    if c is None:
        return _fault(2, f"Not found: no collection {collection_id}")
    if c["kg"] is not None:
        return _fault(4, f"Wrong state: {collection_id} was weighed in at {c['kg']} kg")
    if state.routes[c["route"]]["state"] != "back":
        return _fault(4, f"Wrong state: {c['route']} is not back at the plant")
    if programme not in state.programmes:
        return _fault(2, f"Not found: no wash programme {programme}")
    if c["foul"] and programme not in THERMAL:
        return _fault(3, f"Invalid: foul linen must go through thermal disinfection ({' or '.join(THERMAL)})")
    if not 0 < kg <= c["bags"] * 15:
        return _fault(3, f"Invalid: {kg} kg is not possible for {c['bags']} bags")
    c["kg"], c["programme"] = kg, programme
    return {"collection_id": collection_id, "account_id": c["account"], "kg": kg, "programme": programme,
            "batch": f"WB-{collection_id[3:]}-{programme}"}


def log_rejects(state: State, token: str, collection_id: str, item_code: str, count: int,
                reason: RejectReason) -> dict:
    """Log items from a weighed-in collection that cannot go back into service (plant). Tears, burns and
    chemical damage are charged to the customer; stains and wear are not."""
    no = _session(state, token, "plant")
    if no:
        return no
    c = state.collections.get(collection_id)
    if c is None:
        return _fault(2, f"Not found: no collection {collection_id}")
    if c["kg"] is None:
        return _fault(4, f"Wrong state: {collection_id} has not been weighed in")
    if item_code not in state.items:
        return _fault(2, f"Not found: no item {item_code}")
    if count <= 0:
        return _fault(3, "Invalid: count must be at least 1")
    rid = f"RJ-{_next(state, 'reject')}"
    state.rejects[rid] = {"collection": collection_id, "item": item_code, "count": count, "reason": reason,
                          "charged": False}
    return {"reject_id": rid, "collection_id": collection_id, "account_id": c["account"], "item_code": item_code,
            "count": count, "reason": reason, "chargeable": reason in CHARGEABLE}


def stock_level(state: State, token: str, item_code: str):
    """The clean stock of an item on the shelves, as a bare count."""
    no = _session(state, token)
    if no:
        return no
    if item_code not in state.stock:
        return _fault(2, f"Not found: no item {item_code}")
    return state.stock[item_code]


def order_new_stock(state: State, token: str, item_code: str, packs: int, supplier: Supplier):
    """Order new linen from a mill (plant). The reply is a sentence with the purchase order number."""
    no = _session(state, token, "plant")
    if no:
        return no
    if item_code not in state.items:
        return _fault(2, f"Not found: no item {item_code}")
    if not 1 <= packs <= 200:
        return _fault(3, "Invalid: order 1 to 200 packs")
    po = f"PO-{_next(state, 'order')}"
    qty = packs * state.items[item_code][1]
    state.orders[po] = {"item": item_code, "qty": qty, "supplier": supplier, "received": False}
    return f"Purchase order {po}: {packs} packs ({qty}) of {item_code} from {supplier}."


def receive_stock(state: State, token: str, po_number: str):
    """Book in the linen delivered against a purchase order (plant); the reply is the item's new stock count."""
    no = _session(state, token, "plant")
    if no:
        return no
    o = state.orders.get(po_number)
    if o is None:
        return _fault(2, f"Not found: no purchase order {po_number}")
    if o["received"]:
        return _fault(4, f"Wrong state: {po_number} has been received")
    o["received"] = True
    state.stock[o["item"]] += o["qty"]
    return state.stock[o["item"]]


def stock_audit(state: State, token: str, account_id: str) -> Dict[str, object]:
    """Audit the linen an account holds against what its contract allows (two pars of each item: one in use,
    one in the wash). Rows are [item code, held, allowed, unreturned]."""
    no = _session(state, token, "plant", "accounts")
    if no:
        return no
    a = state.accounts.get(account_id)
    if a is None:
        return _fault(2, f"Not found: no account {account_id}")
    cid = _active_contract(state, account_id)
    lines = state.contracts[cid]["lines"] if cid else {}
    rows = []
    for item in sorted(set(lines) | set(a["out"])):
        held, allowed = a["out"].get(item, 0), 2 * lines.get(item, 0)
        rows.append([item, held, allowed, max(0, held - allowed)])
    a["audit"] = TODAY
    value = round(sum(r[3] * state.items[r[0]][3] for r in rows), 2)
    return {"account_id": account_id, "contract_id": cid, "audited_on": TODAY, "rows": rows,
            "unreturned_value": value}


# --------------------------------------------------------------------------- money


def raise_invoice(state: State, token: str, account_id: str, period: str):
    """Raise a month's hire invoice (four weeks of every contract line's weekly charge) for an account with
    an active contract (accounts). The reply is a sentence with the invoice number."""
    no = _session(state, token, "accounts")
    if no:
        return no
    a = state.accounts.get(account_id)
    if a is None:
        return _fault(2, f"Not found: no account {account_id}")
    if len(period) != 7 or period[4] != "-":
        return _fault(3, "Invalid: period is YYYY-MM")
    cid = _active_contract(state, account_id)
    if not cid:
        return _fault(4, f"Wrong state: {account_id} has no active contract")
    if any(v["account"] == account_id and v["period"] == period for v in state.invoices.values()):
        return _fault(4, f"Wrong state: {account_id} has been invoiced for {period}")
    weekly = sum(p * state.items[i][2] for i, p in state.contracts[cid]["lines"].items())
    charges = [c for c, v in state.charges.items() if v["account"] == account_id and not v["invoiced"]]
    total = round(weekly * WEEKS_PER_INVOICE + sum(state.charges[c]["amount"] for c in charges), 2)
    for c in charges:
        state.charges[c]["invoiced"] = True
    inv = f"LI-{_next(state, 'invoice')}"
    state.invoices[inv] = {"account": account_id, "period": period, "total": total, "paid": 0.0, "credits": []}
    return f"Invoice {inv} raised to {a['business']} for {total:.2f} ({period} hire)."


def charge_rejects(state: State, token: str, account_id: str):
    """Charge an account for the rejected items it damaged (tears, burns, chemical damage) at replacement
    cost, to go on its next invoice (accounts). The reply is a sentence with the charge number."""
    no = _session(state, token, "accounts")
    if no:
        return no
    if account_id not in state.accounts:
        return _fault(2, f"Not found: no account {account_id}")
    due = [r for r, v in sorted(state.rejects.items())
           if state.collections[v["collection"]]["account"] == account_id and v["reason"] in CHARGEABLE
           and not v["charged"]]
    if not due:
        return _fault(4, f"Wrong state: {account_id} has no chargeable rejects waiting")
    amount = round(sum(state.rejects[r]["count"] * state.items[state.rejects[r]["item"]][3] for r in due), 2)
    count = sum(state.rejects[r]["count"] for r in due)
    for r in due:
        state.rejects[r]["charged"] = True
    ch = f"DC-{_next(state, 'charge')}"
    state.charges[ch] = {"account": account_id, "amount": amount, "rejects": due, "invoiced": False}
    return f"Damage charge {ch}: {count} items, {amount:.2f}, added to {account_id}'s next invoice."


def account_statement(state: State, token: str, account_id: str) -> Dict[str, object]:
    """An account's statement: balance, hold, and its invoices as [invoice no, period, total, paid, credited,
    left to pay] rows."""
    no = _session(state, token)
    if no:
        return no
    a = state.accounts.get(account_id)
    if a is None:
        return _fault(2, f"Not found: no account {account_id}")
    rows = [[i, v["period"], v["total"], v["paid"], round(sum(v["credits"]), 2), _left(state, i)]
            for i, v in sorted(state.invoices.items()) if v["account"] == account_id]
    return {"account_id": account_id, "business": a["business"], "credit_limit": a["limit"], "on_hold": a["hold"],
            "balance": round(sum(r[5] for r in rows), 2), "invoices": rows}


def record_payment(state: State, token: str, invoice_no: str, amount: float):
    """Record a payment against an invoice (accounts); the reply is the bare amount left to pay on it."""
    no = _session(state, token, "accounts")
    if no:
        return no
    if invoice_no not in state.invoices:
        return _fault(2, f"Not found: no invoice {invoice_no}")
    left = _left(state, invoice_no)
    if left <= 0:
        return _fault(4, f"Wrong state: {invoice_no} is settled")
    if not 0 < amount <= left:
        return _fault(3, f"Invalid: the amount must be more than 0 and at most {left:.2f}")
    state.invoices[invoice_no]["paid"] = round(state.invoices[invoice_no]["paid"] + amount, 2)
    return _left(state, invoice_no)


def credit_note(state: State, token: str, invoice_no: str, amount: float, complaint_id: str):
    """Issue a credit note against an invoice for an upheld complaint of the same account (accounts). The
    reply is a sentence with the credit note number."""
    no = _session(state, token, "accounts")
    if no:
        return no
    v = state.invoices.get(invoice_no)
    if v is None:
        return _fault(2, f"Not found: no invoice {invoice_no}")
    c = state.complaints.get(complaint_id)
    if c is None:
        return _fault(2, f"Not found: no complaint {complaint_id}")
    if c["account"] != v["account"]:
        return _fault(3, f"Invalid: {complaint_id} is not about {v['account']}")
    if c["state"] != "upheld":
        return _fault(4, f"Wrong state: {complaint_id} is {c['state']}; only an upheld complaint is credited")
    if c["credited"]:
        return _fault(4, f"Wrong state: {complaint_id} has been credited")
    left = _left(state, invoice_no)
    if not 0 < amount <= left:
        return _fault(3, f"Invalid: the credit must be more than 0 and at most {left:.2f}")
    v["credits"].append(round(amount, 2))
    c["credited"] = True
    cr = f"CR-{_next(state, 'credit')}"
    return f"Credit note {cr} for {amount:.2f} against {invoice_no} ({complaint_id})."


def put_on_hold(state: State, token: str, account_id: str, reason: str) -> dict:
    """Put an account on hold (accounts): no deliveries until the hold is lifted."""
    no = _session(state, token, "accounts")
    if no:
        return no
    a = state.accounts.get(account_id)
    if a is None:
        return _fault(2, f"Not found: no account {account_id}")
    if a["hold"]:
        return _fault(4, f"Wrong state: {account_id} is already on hold ({a['hold']})")
    if not reason.strip():
        return _fault(3, "Invalid: give the reason")
    a["hold"] = reason.strip()
    return {"account_id": account_id, "on_hold": True, "reason": a["hold"]}


def lift_hold(state: State, token: str, account_id: str) -> dict:
    """Lift the hold on an account (accounts), so that deliveries start again."""
    no = _session(state, token, "accounts")
    if no:
        return no
    a = state.accounts.get(account_id)
    if a is None:
        return _fault(2, f"Not found: no account {account_id}")
    if not a["hold"]:
        return _fault(4, f"Wrong state: {account_id} is not on hold")
    was, a["hold"] = a["hold"], None
    return {"account_id": account_id, "on_hold": False, "was": was}


# --------------------------------------------------------------------------- complaints


def log_complaint(state: State, token: str, account_id: str, category: Category, details: str) -> dict:
    """Log a customer's complaint (office)."""
    no = _session(state, token, "office")
    if no:
        return no
    if account_id not in state.accounts:
        return _fault(2, f"Not found: no account {account_id}")
    if not details.strip():
        return _fault(3, "Invalid: describe the complaint")
    sc = f"SC-{_next(state, 'complaint'):04d}"
    state.complaints[sc] = {"account": account_id, "category": category, "details": details.strip(),
                            "state": "open", "finding": None, "credited": False}
    return {"complaint_id": sc, "account_id": account_id, "category": category, "state": "open"}


def uphold_complaint(state: State, token: str, complaint_id: str, finding: str) -> dict:
    """Uphold a complaint after looking into it (manager), so that it can be credited."""
    no = _session(state, token, "manager")
    if no:
        return no
    c = state.complaints.get(complaint_id)
    if c is None:
        return _fault(2, f"Not found: no complaint {complaint_id}")
    if c["state"] == "upheld":
        return _fault(4, f"Wrong state: {complaint_id} is already upheld")
    if not finding.strip():
        return _fault(3, "Invalid: record the finding")
    c["state"], c["finding"] = "upheld", finding.strip()
    return {"complaint_id": complaint_id, "account_id": c["account"], "state": "upheld", "finding": c["finding"]}


FAILURE = is_fault

TOOLS = [
    login, logout, item_catalogue, wash_programmes, collection_days, find_account, open_account, credit_check,
    set_delivery_window, draft_contract, add_contract_line, remove_contract_line, sign_contract, contract_detail,
    change_par_level, list_routes, route_sheet, add_stop, list_vans, start_route, record_delivery,
    record_collection, finish_route, weigh_in, log_rejects, stock_level, order_new_stock, receive_stock,
    stock_audit, raise_invoice, charge_rejects, account_statement, record_payment, credit_note, put_on_hold,
    lift_hold, log_complaint, uphold_complaint,
]

FIXTURES = {
    "laundry": {"name": "Tamar Linen Services, Estover, Plymouth", "today": "Tuesday 6 November 2029"},
    "staff": [
        {"name": "Jess Kowalski", "role": "office", "username": "jess.k", "password": "Pillowslip-31"},
        {"name": "Ray Trelawny", "role": "transport", "username": "ray.t", "password": "Roll-Cage-808"},
        {"name": "Ola Bankole", "role": "plant", "username": "ola.b", "password": "Tunnel-Washer-5"},
        {"name": "Ann Westlake", "role": "accounts", "username": "ann.w", "password": "Debit-Note-662"},
        {"name": "Neil Pascoe", "role": "operations manager", "username": "neil.p", "password": "Calender-17"},
    ],
    "new_customer": {"business": "Stonehouse Creek Hotel", "contact": "Morwenna Tregear", "phone": "01752 960412",
                     "email": "morwenna@stonehousecreek.example", "address": "2 Creek Lane, Stonehouse",
                     "postcode": "PL1 3RR", "sector": "hotel", "wants": "king sheets and bath towels from today",
                     "access": "Goods entrance on Creek Lane; ring the night porter"},
    "notes": [
        "Dartmoor Retreat Spa has dropped hand towels from its draft contract; Elowen Hardy will sign today",
        "Mount Gould Care Home: sheets came back grey last week; Sandra Kitto wants a credit",
        "Hoe View Hotel paid 1,140.20 by BACS overnight",
        "Barbican Kitchen has cleared its arrears; lift the hold",
        "Bath towels are running low: order 20 packs from Hilden",
    ],
}

_TOKEN = "auth: session token (the bare token login returns)"
PUBLIC = ("login", "item_catalogue", "wash_programmes", "collection_days")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
ACCOUNT_CONSUMERS = ["credit_check", "set_delivery_window", "draft_contract", "add_stop", "record_delivery",
                     "record_collection", "stock_audit", "charge_rejects", "raise_invoice", "account_statement",
                     "log_complaint", "put_on_hold", "lift_hold"]
CONTRACT_CONSUMERS = ["add_contract_line", "remove_contract_line", "sign_contract", "contract_detail",
                      "change_par_level"]
ROUTE_CONSUMERS = ["route_sheet", "add_stop", "start_route", "record_delivery", "record_collection", "finish_route"]
_ACCOUNT = "id lookup/create: account id (account_id of find_account's rows, or in open_account's sentence)"
_CONTRACT = "id lookup/create: contract id (contract_id of draft_contract, or contracts rows of find_account)"
_ROUTE = "id lookup: route id (first column of a list_routes row)"
_INVOICE = "id lookup/create: invoice number (in raise_invoice's sentence, or first column of account_statement's rows)"

GROUND_TRUTH = (
    [("login", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_account|open_account", c, _ACCOUNT) for c in ACCOUNT_CONSUMERS]
    + [("draft_contract|find_account", c, _CONTRACT) for c in CONTRACT_CONSUMERS]
    + [("list_routes", c, _ROUTE) for c in ROUTE_CONSUMERS]
    + [
        ("list_vans", "start_route", "id lookup: van registration (first column of a list_vans row)"),
        ("record_collection", "weigh_in", "id create: collection number (in record_collection's sentence)"),
        ("record_collection", "log_rejects", "id create: collection number (in record_collection's sentence)"),
        ("raise_invoice|account_statement", "record_payment", _INVOICE),
        ("raise_invoice|account_statement", "credit_note", _INVOICE),
        ("log_complaint", "uphold_complaint", "id create: complaint id (complaint_id)"),
        ("log_complaint", "credit_note", "id create: complaint id (complaint_id)"),
        ("order_new_stock", "receive_stock", "id create: purchase order number (in order_new_stock's sentence)"),
        ("item_catalogue", "add_contract_line", "vocabulary: item code (first column of item_catalogue)"),
        ("item_catalogue|contract_detail", "change_par_level",
         "vocabulary: item code (item_catalogue's first column, or a contract_detail line)"),
        ("item_catalogue", "log_rejects", "vocabulary: item code (first column of item_catalogue)"),
        ("item_catalogue", "stock_level", "vocabulary: item code (first column of item_catalogue)"),
        ("item_catalogue", "order_new_stock", "vocabulary: item code (first column of item_catalogue)"),
        ("wash_programmes", "weigh_in", "vocabulary: wash programme code (first column of wash_programmes)"),
        ("credit_check", "sign_contract", "state: the account's credit approved"),
        ("add_contract_line", "sign_contract", "state: at least one line on the contract"),
        ("add_contract_line", "remove_contract_line", "state: the item on the draft contract"),
        ("sign_contract", "add_stop", "state: an active contract"),
        ("set_delivery_window", "add_stop", "state: a delivery window"),
        ("sign_contract", "raise_invoice", "state: an active contract"),
        ("sign_contract", "change_par_level", "state: an active contract"),
        ("add_stop", "record_delivery", "state: the account a stop on the route"),
        ("add_stop", "record_collection", "state: the account a stop on the route"),
        ("start_route", "record_delivery", "state: the route out"),
        ("start_route", "record_collection", "state: the route out"),
        ("start_route", "finish_route", "state: the route out"),
        ("finish_route", "weigh_in", "state: the van back at the plant"),
        ("weigh_in", "log_rejects", "state: the collection weighed in"),
        ("log_rejects", "charge_rejects", "state: chargeable rejects logged"),
        ("uphold_complaint", "credit_note", "state: the complaint upheld"),
        ("put_on_hold", "lift_hold", "state: the account on hold"),
    ]
)

PLAUSIBLE = {
    ("open_account", "find_account"), ("collection_days", "add_stop"), ("collection_days", "list_routes"),
    ("contract_detail", "remove_contract_line"), ("item_catalogue", "remove_contract_line"),
    ("sign_contract", "route_sheet"), ("add_stop", "route_sheet"),
    ("sign_contract", "record_delivery"), ("route_sheet", "record_delivery"),
    ("route_sheet", "record_collection"), ("stock_level", "record_delivery"), ("receive_stock", "stock_level"),
    ("record_delivery", "stock_level"), ("stock_audit", "charge_rejects"), ("weigh_in", "charge_rejects"),
    ("record_collection", "charge_rejects"), ("charge_rejects", "raise_invoice"), ("raise_invoice", "account_statement"),
    ("record_payment", "account_statement"), ("lift_hold", "record_delivery"), ("account_statement", "lift_hold"),
    ("credit_note", "account_statement"), ("sign_contract", "stock_audit"), ("list_vans", "finish_route"),
}
