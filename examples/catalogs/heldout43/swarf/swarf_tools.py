"""Swarf: the weighbridge, yard, dismantling and sales system of Gannaway Metal Recycling (40 calls).

Plain functions over an in-memory ``State`` of a scrap metal dealer's and vehicle dismantler's system on Tuesday 14
June 2039 at 09:10, with the first vans of the morning queueing at the weighbridge. The weighbridge opens a ticket
when a loaded vehicle comes in, weighs it out empty, takes end-of-life vehicles in and weighs the outgoing lorries
to the mills. The yard grades what was tipped and crushes the stripped car bodies. The dismantler depollutes the
cars and takes off the parts worth selling. The office finds and registers sellers, sees their photo ID (the law
asks for it before any metal is taken), keeps their bank details (scrap is never paid for in cash), prices and pays
tickets, books cars in, checks them against the stolen and finance registers, issues certificates of destruction,
sells parts, plans the loads to the mills with their waste transfer notes, invoices the mills and takes their
payments. The manager may do everything. The day's metal prices are public, as the board at the gate shows them.

Every refusal is raised as one of Python's own exceptions: ``PermissionError`` for no session or the wrong role,
``LookupError`` for an unknown id, ``ValueError`` for a bad input or a rule of the yard's or the law's, and
``RuntimeError`` for a record in the wrong state or a change made already. There is no decorator: every tool checks
its own session and role with ``_staff(state, token, "office")``. Replies are plain dicts and lists of them, with
rows nested as lists of lists (a seller's tickets and cars, a ticket's events, a mill's invoices, the stock, the
day's register); bare values answer a ticket priced (its value) and a mill's payment (what the mill still owes);
sentences with an id in them answer a ticket paid or voided, a car paid for, a certificate of destruction, a text
and a sign-out.

Annotations are spelled with ``typing`` (``Optional[...]``, ``List[...]``, ``Dict[...]``, ``Literal`` aliases) and
evaluated at definition. Typed inputs: a plain ``Enum`` input (``PartGrade``), a ``str`` ``Enum`` input
(``SaleMethod``) and a ``str`` ``Enum`` filter (``TicketStatus``), ``Literal`` inputs (an ID document) and
``Literal`` filters (cars, loads), ``List[str]`` what a car's depollution took out, ``bool`` trade sellers. Plain
prose docstrings. Ids look alike: seller ``SE-2107``, ticket ``WT-7306``, car ``EV-405``, part ``PT-604``, buyer
``BY-12``, load ``LD-303``, invoice ``IV-882``, sale ``PS-318``, transfer note ``WTN-5521``; grade ``CU-NO2``. What a
car must have taken out before its certificate, the waste codes the permit allows for each grade, the price a car
may be paid and the dates on an ID are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from enum import Enum
from typing import Any, Dict, List, Literal, Optional

TODAY = "2039-06-14"  # a Tuesday
NOW = "2039-06-14 09:10"
GRADES = {  # code -> name, pounds a tonne, waste code on the transfer note
    "AL-CAST": ["Cast aluminium", 985.0, "17 04 02"],
    "AL-EXT": ["Aluminium extrusions", 1215.0, "17 04 02"],
    "BATT": ["Lead-acid batteries", 520.0, "16 06 01"],
    "BRASS": ["Brass", 3720.0, "17 04 01"],
    "CABLE": ["Insulated copper cable", 1890.0, "17 04 11"],
    "CU-BRT": ["Bright copper wire", 6150.0, "17 04 01"],
    "CU-NO2": ["Number 2 copper", 5480.0, "17 04 01"],
    "HMS": ["Heavy melting steel", 215.0, "17 04 05"],
    "LEAD": ["Lead", 1450.0, "17 04 03"],
    "LIGHT": ["Light iron", 150.0, "17 04 05"],
    "SHRED": ["Car bodies for the shredder", 120.0, "16 01 06"],
    "SS304": ["Stainless steel 18/8", 1040.0, "17 04 07"],
}
FERROUS = ("HMS", "LIGHT", "SHRED", "SS304")
PERMIT_CODES = sorted({g[2] for g in GRADES.values()})
DEPOLLUTION = ("airbags", "battery", "brake_fluid", "coolant", "fuel", "oil", "refrigerant", "tyres")
CAR_PRICE_LIMIT = 400.00  # the most the yard pays for a car
ROLE_NAMES = {"weighbridge": "the weighbridge", "yard": "the yard", "dismantler": "the dismantler",
              "office": "the office", "manager": "the manager"}


class PartGrade(Enum):
    A = "A"
    B = "B"
    C = "C"


class SaleMethod(str, Enum):
    CARD = "card"
    BANK_TRANSFER = "bank_transfer"
    ACCOUNT = "account"


class TicketStatus(str, Enum):
    WEIGHED_IN = "weighed_in"
    GRADED = "graded"
    WEIGHED_OUT = "weighed_out"
    PRICED = "priced"
    ON_HOLD = "on_hold"
    PAID = "paid"
    VOID = "void"


IdDocument = Literal["passport", "driving_licence", "national_id_card"]
CarStatus = Literal["booked", "received", "depolluted", "cod_issued", "crushed"]
LoadStatus = Literal["planned", "dispatched", "invoiced"]


def _ticket_row(seller: str, registration: str, gross: int, *, grade: Optional[str] = None, deduction: int = 0,
                tare: Optional[int] = None, value: Optional[float] = None, status: str = "weighed_in",
                events: Optional[List[List[str]]] = None, hold: Optional[str] = None) -> Dict[str, Any]:
    """A weighbridge ticket as the system stores it."""
    return {"seller": seller, "registration": registration, "gross": gross, "grade": grade, "deduction": deduction,
            "tare": tare, "value": value, "status": status, "hold": hold, "payment": None,
            "events": [list(e) for e in events or []]}


def _car_row(seller: str, registration: str, make_model: str, v5c: str, *, check: Optional[str] = None,
             status: str = "booked", weight: Optional[int] = None, removed: Optional[List[str]] = None,
             cod: Optional[str] = None, paid: Optional[float] = None) -> Dict[str, Any]:
    """An end-of-life vehicle as the system stores it."""
    return {"seller": seller, "registration": registration, "make_model": make_model, "v5c": v5c, "check": check,
            "status": status, "weight": weight, "removed": list(removed or []), "cod": cod, "paid": paid}


class State:
    """Gannaway Metal Recycling's system on Tuesday 14 June 2039 at 09:10."""

    def __init__(self) -> None:
        self.staff = {
            "morwenna.d": {"name": "Morwenna Bellerby", "password": "Tare-Weight-31", "role": "weighbridge"},
            "ifor.g": {"name": "Ifor Gaukrodger", "password": "Magnet-Crane-8", "role": "yard"},
            "radomir.s": {"name": "Radomir Sykora", "password": "Drain-Rig-54", "role": "dismantler"},
            "imelda.t": {"name": "Imelda Thewlis", "password": "Ledger-Gate-19", "role": "office"},
            "cormac.p": {"name": "Cormac Pinnegar", "password": "Yard-Boss-77", "role": "manager"},
        }
        self.logins: Dict[str, dict] = {}
        self.sellers = {  # seller -> name, address, postcode, phone, trade, ID seen, bank details
            "SE-2101": {"name": "Mr Torquil Hebblethwaite", "address": "4 Quarrymans Row, Scaldwell",
                        "postcode": "SW4 2QR", "phone": "07700 900521", "trade": False,
                        "id": ["driving_licence", "HEBBL702149TQ9AB", "2044-03-31", "2038-11-02"],
                        "bank": ["T Hebblethwaite", "20-45-77", "40318812"]},
            "SE-2102": {"name": "Ms Eirlys Ollerenshaw", "address": "Flat 2, 17 Fulling Bank, Scaldwell",
                        "postcode": "SW1 5TB", "phone": "07700 900522", "trade": False,
                        "id": ["passport", "533018274", "2047-08-19", "2039-05-20"], "bank": None},
            "SE-2103": {"name": "Mr Fintan Stobbart", "address": "Crowfoot Cottage, Hobley Lane, Thurnby Holme",
                        "postcode": "TM3 8HL", "phone": "07700 900523", "trade": False, "id": None, "bank": None},
            "SE-2104": {"name": "Prowse & Daughters Plumbing Ltd", "address": "Unit 9, Dunholt Trading Estate",
                        "postcode": "SW6 1KT", "phone": "01632 960524", "trade": True,
                        "id": ["driving_licence", "PROWS661030EL8CD", "2041-10-31", "2037-02-14"],
                        "bank": ["Prowse & Daughters Plumbing Ltd", "30-92-14", "61047735"]},
            "SE-2105": {"name": "Mrs Blodwen Catterick", "address": "The Bothy, Marl Pit Lane, Thurnby Holme",
                        "postcode": "TM2 4MP", "phone": "07700 900525", "trade": False,
                        "id": ["passport", "548827103", "2046-01-09", "2039-06-10"],
                        "bank": ["B Catterick", "09-01-28", "77120456"]},
            "SE-2106": {"name": "Mr Ozias Trethewey", "address": "11 Clinker Street, Scaldwell",
                        "postcode": "SW2 9CS", "phone": "07700 900526", "trade": False,
                        "id": ["national_id_card", "IE4471902", "2040-05-31", "2039-01-17"], "bank": None},
        }
        self.tickets = {
            "WT-7298": _ticket_row("SE-2101", "KX61 BHT", 2210, grade="LIGHT", tare=1480, value=109.50,
                                   status="paid", events=[["2039-06-13 15:02", "weighed in", "Morwenna Bellerby"],
                                                          ["2039-06-13 15:40", "paid", "Imelda Thewlis"]]),
            "WT-7301": _ticket_row("SE-2101", "KX61 BHT", 3120,
                                   events=[["2039-06-14 08:41", "weighed in", "Morwenna Bellerby"]]),
            "WT-7302": _ticket_row("SE-2104", "PD19 XKV", 4410, grade="CU-NO2", deduction=35, status="graded",
                                   events=[["2039-06-14 08:20", "weighed in", "Morwenna Bellerby"],
                                           ["2039-06-14 08:52", "graded", "Ifor Gaukrodger"]]),
            "WT-7303": _ticket_row("SE-2102", "SW58 LNE", 2150, grade="HMS", tare=1510, status="weighed_out",
                                   events=[["2039-06-13 16:05", "weighed in", "Morwenna Bellerby"],
                                           ["2039-06-13 16:31", "weighed out", "Morwenna Bellerby"]]),
            "WT-7304": _ticket_row("SE-2101", "KX61 BHT", 2390, grade="LIGHT", tare=1480, value=136.50,
                                   status="priced", events=[["2039-06-13 11:12", "weighed in", "Morwenna Bellerby"],
                                                            ["2039-06-13 11:50", "priced", "Imelda Thewlis"]]),
            "WT-7305": _ticket_row("SE-2104", "PD19 XKV", 2502, grade="BRASS", tare=2290, value=788.64,
                                   status="on_hold", hold="Scaldwell police, metal theft team, ref. MT/0611",
                                   events=[["2039-06-10 10:30", "weighed in", "Morwenna Bellerby"],
                                           ["2039-06-10 11:02", "priced", "Imelda Thewlis"],
                                           ["2039-06-10 14:15", "held for the police", "Cormac Pinnegar"]]),
        }
        self.cars = {
            "EV-400": _car_row("SE-2106", "WR03 HFE", "Rover 25", "40175529386", check="clear", status="crushed",
                               weight=1050, removed=list(DEPOLLUTION), cod="COD-2039-0311", paid=95.0),
            "EV-401": _car_row("SE-2105", "YB09 KTE", "Vauxhall Corsa", "51128840217"),
            "EV-402": _car_row("SE-2101", "NU07 GMZ", "Nissan Micra", "37719026451", check="clear",
                               status="received", weight=960),
            "EV-403": _car_row("SE-2104", "PF11 RDO", "Honda Jazz", "60048213975", check="clear",
                               status="depolluted", weight=1080, removed=list(DEPOLLUTION), paid=120.0),
            "EV-404": _car_row("SE-2102", "SK08 AWV", "Kia Picanto", "28830419562", check="clear",
                               status="cod_issued", weight=890, removed=list(DEPOLLUTION), cod="COD-2039-0318"),
        }
        self.registers = {  # registration -> what the stolen and finance registers say (clear otherwise)
            "RE05 WXT": "reported stolen", "LG12 PNA": "outstanding finance",
        }
        self.parts = {  # part -> car, part, grade, price, sold to
            "PT-601": ["EV-400", "Alternator", "B", 35.0, None],
            "PT-602": ["EV-400", "Nearside door mirror", "A", 18.0, None],
            "PT-603": ["EV-403", "Rear hatch, silver", "B", 60.0, None],
        }
        self.sales: Dict[str, list] = {}
        self.buyers = {  # buyer -> name, grades taken, terms (days)
            "BY-11": ["Dunmere Steel Ltd", ["HMS", "LIGHT", "SS304"], 30],
            "BY-12": ["Halewood Non-Ferrous Refiners", ["AL-CAST", "AL-EXT", "BRASS", "CABLE", "CU-BRT", "CU-NO2",
                                                        "LEAD"], 14],
            "BY-13": ["Kessock Shredding Ltd", ["LIGHT", "SHRED"], 30],
            "BY-14": ["Penhallow Battery Recovery", ["BATT"], 30],
        }
        self.stock = {"AL-CAST": 1920, "AL-EXT": 860, "BATT": 1100, "BRASS": 640, "CABLE": 720, "CU-BRT": 380,
                      "CU-NO2": 1150, "HMS": 31200, "LEAD": 310, "LIGHT": 12400, "SHRED": 6450, "SS304": 540}
        self.loads = {  # load -> buyer, grade, target, status, transfer note, haulier, registration, weight
            "LD-300": ["BY-12", "CU-NO2", 2500, "dispatched", "WTN-5518", "Brockhurst Haulage", "BH17 TPK", 2470],
            "LD-301": ["BY-11", "HMS", 24000, "planned", None, None, None, None],
            "LD-302": ["BY-13", "SHRED", 8000, "planned", "WTN-5520", None, None, None],
        }
        self.invoices = {  # invoice -> buyer, load, amount, paid, due
            "IV-880": ["BY-11", "LD-297", 5117.00, 5117.00, "2039-06-30"],
            "IV-881": ["BY-12", "LD-298", 9840.00, 0.0, "2039-06-07"],
        }
        self.register_log: List[list] = [
            ["2039-06-13 15:40", "WT-7298", "Mr Torquil Hebblethwaite", "LIGHT", 730, 109.50, "bank transfer"],
        ]
        self.texts: List[list] = []
        self.counters = {"token": 1, "seller": 2107, "ticket": 7306, "car": 405, "part": 604, "load": 303,
                         "invoice": 882, "sale": 318, "note": 5521, "cod": 322, "payment": 58231, "text": 7701}


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _staff(state: State, token: Any, *roles: str) -> Dict[str, Any]:
    who = state.logins.get(token) if isinstance(token, str) else None
    if who is None:
        raise PermissionError("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise PermissionError(f"{who['name']} ({who['role']}) may not do this; it is for "
                              f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return who


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _count(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _amount(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _get(table: dict, key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise LookupError(f"no {what} {key!r}")
    return row


def _choice(kind: Any, value: Any, name: str) -> Any:
    """The member of the ``Enum`` ``kind`` that ``value`` names (a member or its value)."""
    if isinstance(value, kind):
        return value
    for member in kind:
        if member.value == value:
            return member
    raise ValueError(f"{name} is one of {', '.join(m.value for m in kind)}, not {value!r}")


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"{name} is YYYY-MM-DD, not {value!r}") from None


def _seller(state: State, sid: str) -> Dict[str, Any]:
    s = state.sellers[sid]
    return {"seller_id": sid, "name": s["name"], "address": s["address"], "postcode": s["postcode"],
            "phone": s["phone"], "trade": s["trade"], "id_seen": s["id"] is not None,
            "bank_details": s["bank"] is not None}


def _net(t: Dict[str, Any]) -> Optional[int]:
    return None if t["tare"] is None else t["gross"] - t["tare"] - t["deduction"]


def _ticket(state: State, tid: str) -> Dict[str, Any]:
    t = state.tickets[tid]
    return {"ticket_id": tid, "seller_id": t["seller"], "seller": state.sellers[t["seller"]]["name"],
            "registration": t["registration"], "gross_kg": t["gross"], "grade": t["grade"],
            "deduction_kg": t["deduction"], "tare_kg": t["tare"], "net_kg": _net(t), "value": t["value"],
            "status": t["status"], "hold": t["hold"]}


def _car(state: State, cid: str) -> Dict[str, Any]:
    c = state.cars[cid]
    return {"vehicle_id": cid, "seller_id": c["seller"], "keeper": state.sellers[c["seller"]]["name"],
            "registration": c["registration"], "make_model": c["make_model"], "check": c["check"],
            "stage": c["status"], "weight_kg": c["weight"], "removed": list(c["removed"]), "paid": c["paid"]}


def _part(state: State, pid: str) -> Dict[str, Any]:
    p = state.parts[pid]
    c = state.cars[p[0]]
    return {"part_id": pid, "part": p[1], "from": f"{c['make_model']} {c['registration']}", "grade": p[2],
            "price": p[3], "in_stock": p[4] is None}


def _overdue(state: State, bid: str) -> List[str]:
    return sorted(iid for iid, i in state.invoices.items() if i[0] == bid and i[3] < i[2] and i[4] < TODAY)


def _buyer(state: State, bid: str) -> Dict[str, Any]:
    b = state.buyers[bid]
    return {"buyer_id": bid, "name": b[0], "grades": list(b[1]), "terms_days": b[2],
            "on_stop": bool(_overdue(state, bid))}


def _load(state: State, lid: str) -> Dict[str, Any]:
    ld = state.loads[lid]
    return {"load_id": lid, "buyer_id": ld[0], "buyer": state.buyers[ld[0]][0], "grade": ld[1], "target_kg": ld[2],
            "stage": ld[3], "transfer_note": ld[4], "haulier": ld[5], "registration": ld[6], "weight_kg": ld[7]}


def _invoice(state: State, iid: str) -> Dict[str, Any]:
    i = state.invoices[iid]
    return {"invoice_id": iid, "buyer_id": i[0], "buyer": state.buyers[i[0]][0], "load_id": i[1], "amount": i[2],
            "paid": i[3], "due": i[4]}


def _event(t: Dict[str, Any], what: str, by: str) -> None:
    t["events"].append([NOW, what, by])


def _ticket_in(state: State, ticket_id: Any, *stages: str) -> Dict[str, Any]:
    t = _get(state.tickets, ticket_id, "ticket")
    if t["status"] not in stages:
        raise RuntimeError(f"{ticket_id} is {t['status'].replace('_', ' ')}; this needs a ticket that is "
                           f"{' or '.join(s.replace('_', ' ') for s in stages)}")
    return t


def _car_in(state: State, vehicle_id: Any, *stages: str) -> Dict[str, Any]:
    c = _get(state.cars, vehicle_id, "vehicle")
    if c["status"] not in stages:
        raise RuntimeError(f"{vehicle_id} is {c['status'].replace('_', ' ')}; this needs a vehicle that is "
                           f"{' or '.join(s.replace('_', ' ') for s in stages)}")
    return c


# --------------------------------------------------------------------------- sign-in and the price board


def sign_in(state: State, username: str, password: str) -> Dict[str, Any]:
    """Sign in to the yard's system with a staff user name (such as morwenna.d) and its password. Answers the
    session: a token for every call but the metal prices, with the user's name and role (weighbridge, yard,
    dismantler, office or manager)."""
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        raise PermissionError("user name or password not recognised")
    token = f"gmr-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.logins[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return {"token": token, "name": s["name"], "role": s["role"]}


def sign_out(state: State, token: str) -> str:
    """End the session of the given token. Answers a sentence naming who was signed out."""
    who = _staff(state, token)
    state.logins.pop(token)
    return f"Signed out {who['name']} (session {token})."


def metal_prices(state: State) -> List[Dict[str, Any]]:
    """Today's prices for every grade the yard buys (public, as the board at the gate shows them). Answers each
    grade's code, its name, the price in pounds a tonne and whether it is ferrous, by code."""
    return [{"code": code, "name": g[0], "per_tonne": g[1], "ferrous": code in FERROUS}
            for code, g in sorted(GRADES.items())]


# --------------------------------------------------------------------------- sellers


def find_seller(state: State, token: str, text: str) -> List[Dict[str, Any]]:
    """Find sellers by part of their name, their phone number or their postcode, with the session's token. Answers
    each match's seller_id, name, address, postcode, phone, whether they trade as a business, whether their photo
    ID has been seen and whether their bank details are on file, by seller id."""
    _staff(state, token)
    if _blank(text):
        raise ValueError("text is required")
    needle = text.strip().lower()
    squeezed = needle.replace(" ", "")
    return [_seller(state, sid) for sid, s in sorted(state.sellers.items())
            if needle in s["name"].lower() or squeezed in s["phone"].replace(" ", "")
            or squeezed == s["postcode"].lower().replace(" ", "")]


def register_seller(state: State, token: str, name: str, address: str, postcode: str, phone: str,
                    trade: bool = False) -> Dict[str, Any]:
    """Register a new seller (the office or the weighbridge): their full name (a business's registered name when
    trade is true), their address and postcode and a phone number. The law asks for their photo ID before the yard
    takes anything from them. Answers the seller with the new seller_id."""
    _staff(state, token, "office", "weighbridge")
    if _blank(name) or _blank(address) or _blank(postcode) or _blank(phone):
        raise ValueError("name, address, postcode and phone are required")
    if not isinstance(trade, bool):
        raise ValueError("trade is true or false")
    digits = phone.replace(" ", "")
    for sid, s in state.sellers.items():
        if s["phone"].replace(" ", "") == digits or s["name"].lower() == name.strip().lower():
            raise ValueError(f"{s['name']} is registered already as {sid}")
    sid = f"SE-{_next(state, 'seller')}"
    state.sellers[sid] = {"name": name.strip(), "address": address.strip(), "postcode": postcode.strip().upper(),
                          "phone": phone.strip(), "trade": trade, "id": None, "bank": None}
    return _seller(state, sid)


def verify_seller_id(state: State, token: str, seller_id: str, document: IdDocument, number: str,
                     expires: str) -> Dict[str, Any]:
    """Record the photo ID a seller showed (the office or the weighbridge): the document (passport, driving_licence
    or national_id_card), its number and its expiry date as YYYY-MM-DD. Answers the seller, with id_seen true."""
    _staff(state, token, "office", "weighbridge")
    s = _get(state.sellers, seller_id, "seller")
    if document not in ("passport", "driving_licence", "national_id_card"):
        raise ValueError(f"document is passport, driving_licence or national_id_card, not {document!r}")
    if _blank(number):
        raise ValueError("number is required")
    ends = _date(expires, "expires")
    if ends <= TODAY:
        raise ValueError(f"that {document.replace('_', ' ')} expired on {ends}; the yard needs ID that is in date")
    if s["id"] is not None and s["id"][1] == number.strip().upper():
        raise RuntimeError(f"{seller_id}'s {document.replace('_', ' ')} {s['id'][1]} is on file already")
    s["id"] = [document, number.strip().upper(), ends, TODAY]
    return _seller(state, seller_id)


def update_seller(state: State, token: str, seller_id: str, phone: Optional[str] = None,
                  address: Optional[str] = None, postcode: Optional[str] = None) -> Dict[str, Any]:
    """Change a seller's phone number, or their address with its postcode (the office). Answers the seller as it
    now stands."""
    _staff(state, token, "office")
    s = _get(state.sellers, seller_id, "seller")
    if phone is None and address is None and postcode is None:
        raise ValueError("give a phone, or an address and postcode")
    if (address is None) != (postcode is None):
        raise ValueError("an address is changed with its postcode")
    changes = {}
    if phone is not None:
        if _blank(phone):
            raise ValueError("phone is blank")
        changes["phone"] = phone.strip()
    if address is not None:
        if _blank(address) or _blank(postcode):
            raise ValueError("address and postcode are blank")
        changes["address"], changes["postcode"] = address.strip(), postcode.strip().upper()
    if all(s[k] == v for k, v in changes.items()):
        raise RuntimeError(f"{seller_id} has those details already")
    s.update(changes)
    return _seller(state, seller_id)


def add_bank_account(state: State, token: str, seller_id: str, account_name: str, sort_code: str,
                     account_number: str) -> Dict[str, Any]:
    """Keep a seller's bank details (the office), since the yard pays for scrap only by bank transfer: the name on
    the account, the sort code as 00-00-00 and the eight-digit account number. Answers the seller, with
    bank_details true."""
    _staff(state, token, "office")
    s = _get(state.sellers, seller_id, "seller")
    if _blank(account_name):
        raise ValueError("account_name is required")
    code = sort_code.strip() if isinstance(sort_code, str) else ""
    if len(code) != 8 or not code.replace("-", "").isdigit() or code[2] != "-" or code[5] != "-":
        raise ValueError(f"sort_code is written 00-00-00, not {sort_code!r}")
    number = account_number.strip() if isinstance(account_number, str) else ""
    if len(number) != 8 or not number.isdigit():
        raise ValueError(f"account_number is eight digits, not {account_number!r}")
    details = [account_name.strip(), code, number]
    if s["bank"] == details:
        raise RuntimeError(f"{seller_id} has those bank details on file already")
    s["bank"] = details
    return _seller(state, seller_id)


def seller_file(state: State, token: str, seller_id: str) -> Dict[str, Any]:
    """A seller's whole file: the seller, their ID (document, number, expiry, the date it was seen), the last four
    digits of their account, their tickets as rows of [ticket_id, registration, grade, net_kg, value, status] and
    their cars as rows of [vehicle_id, registration, make_model, stage]."""
    _staff(state, token)
    s = _get(state.sellers, seller_id, "seller")
    return {"seller": _seller(state, seller_id), "id_document": list(s["id"]) if s["id"] else None,
            "account_ending": s["bank"][2][-4:] if s["bank"] else None,
            "tickets": [[tid, t["registration"], t["grade"], _net(t), t["value"], t["status"]]
                        for tid, t in sorted(state.tickets.items()) if t["seller"] == seller_id],
            "cars": [[cid, c["registration"], c["make_model"], c["status"]]
                     for cid, c in sorted(state.cars.items()) if c["seller"] == seller_id]}


def message_seller(state: State, token: str, seller_id: str, text: str) -> str:
    """Send a text message to a seller's phone (the office or the weighbridge). Answers a sentence with the
    message's reference."""
    _staff(state, token, "office", "weighbridge")
    s = _get(state.sellers, seller_id, "seller")
    if _blank(text):
        raise ValueError("text is required")
    ref = f"TXT-{_next(state, 'text')}"
    state.texts.append([ref, seller_id, text.strip(), NOW])
    return f"Text {ref} sent to {s['name']} on {s['phone']}."


# --------------------------------------------------------------------------- tickets


def weigh_in(state: State, token: str, seller_id: str, registration: str, gross_kg: int) -> Dict[str, Any]:
    """Open a weighbridge ticket for a loaded vehicle coming in (the weighbridge): the seller, the vehicle's
    registration and its gross weight in kilograms from the bridge. The seller's photo ID must have been seen.
    Answers the ticket with the new ticket_id."""
    who = _staff(state, token, "weighbridge")
    s = _get(state.sellers, seller_id, "seller")
    if _blank(registration):
        raise ValueError("registration is required")
    if not _count(gross_kg) or not 500 <= gross_kg <= 44000:
        raise ValueError(f"gross_kg is what the bridge reads, 500 to 44000, not {gross_kg!r}")
    if s["id"] is None:
        raise ValueError(f"{s['name']}'s photo ID has not been seen; the yard takes nothing until it is recorded")
    if s["id"][2] <= TODAY:
        raise ValueError(f"{s['name']}'s ID on file expired on {s['id'][2]}; record ID that is in date")
    tid = f"WT-{_next(state, 'ticket')}"
    state.tickets[tid] = _ticket_row(seller_id, registration.strip().upper(), gross_kg)
    _event(state.tickets[tid], "weighed in", who["name"])
    return _ticket(state, tid)


def grade_load(state: State, token: str, ticket_id: str, grade: str, deduction_kg: int = 0,
               notes: Optional[str] = None) -> Dict[str, Any]:
    """Record what a tipped load is (the yard): the grade's code from the price board and, where the load carried
    rubbish, oil or attachments, a deduction in kilograms, with a note. Answers the ticket."""
    who = _staff(state, token, "yard")
    t = _ticket_in(state, ticket_id, "weighed_in", "graded")
    if grade not in GRADES:
        raise ValueError(f"no grade {grade!r} on today's price board")
    if not _count(deduction_kg) or deduction_kg < 0 or deduction_kg >= t["gross"]:
        raise ValueError(f"deduction_kg is 0 or more, under the gross weight, not {deduction_kg!r}")
    if t["status"] == "graded" and t["grade"] == grade and t["deduction"] == deduction_kg:
        raise RuntimeError(f"{ticket_id} is graded as {grade} with that deduction already")
    t["grade"], t["deduction"], t["status"] = grade, deduction_kg, "graded"
    _event(t, f"graded {grade}" + (f", {notes.strip()}" if isinstance(notes, str) and notes.strip() else ""),
           who["name"])
    return _ticket(state, ticket_id)


def weigh_out(state: State, token: str, ticket_id: str, tare_kg: int) -> Dict[str, Any]:
    """Weigh a vehicle out empty once its load is graded (the weighbridge): the tare weight in kilograms from the
    bridge. The net weight goes into the yard's stock of the grade. Answers the ticket with its net_kg."""
    who = _staff(state, token, "weighbridge")
    t = _ticket_in(state, ticket_id, "graded")
    if not _count(tare_kg) or tare_kg <= 0:
        raise ValueError(f"tare_kg is what the bridge reads, not {tare_kg!r}")
    if tare_kg >= t["gross"] - t["deduction"]:
        raise ValueError(f"a tare of {tare_kg} kg leaves nothing of the {t['gross']} kg gross")
    t["tare"], t["status"] = tare_kg, "weighed_out"
    state.stock[t["grade"]] += _net(t)
    _event(t, "weighed out", who["name"])
    return _ticket(state, ticket_id)


def price_ticket(state: State, token: str, ticket_id: str) -> float:
    """Price a ticket that has been weighed out (the office), at today's price for its grade. Answers the value in
    pounds."""
    who = _staff(state, token, "office")
    t = _ticket_in(state, ticket_id, "weighed_out")
    t["value"] = round(_net(t) / 1000 * GRADES[t["grade"]][1], 2)
    t["status"] = "priced"
    _event(t, "priced", who["name"])
    return t["value"]


def pay_ticket(state: State, token: str, ticket_id: str) -> str:
    """Pay a priced ticket by bank transfer to the seller's account on file (the office). Answers a sentence with
    the amount, the account and the payment reference."""
    who = _staff(state, token, "office")
    t = _get(state.tickets, ticket_id, "ticket")
    if t["status"] == "on_hold":
        raise RuntimeError(f"{ticket_id} is held: {t['hold']}; it is paid once the hold is released")
    t = _ticket_in(state, ticket_id, "priced")
    s = state.sellers[t["seller"]]
    if s["bank"] is None:
        raise ValueError(f"no bank details on file for {s['name']}; scrap is paid only by bank transfer")
    ref = f"BACS-{_next(state, 'payment')}"
    t["status"], t["payment"] = "paid", ref
    _event(t, "paid", who["name"])
    state.register_log.append([NOW, ticket_id, s["name"], t["grade"], _net(t), t["value"], "bank transfer"])
    return (f"Paid {t['value']:.2f} by bank transfer to {s['bank'][0]} (sort code {s['bank'][1]}, account ending "
            f"{s['bank'][2][-4:]}) for {ticket_id}; payment reference {ref}.")


def tickets(state: State, token: str, status: Optional[TicketStatus] = None,
            seller_id: Optional[str] = None) -> List[Dict[str, Any]]:
    """The weighbridge tickets, optionally only those in one status (weighed_in, graded, weighed_out, priced,
    on_hold, paid or void) or only one seller's. Answers each ticket (ticket_id, seller, registration, weights,
    grade, value, status and any hold), by ticket id."""
    _staff(state, token)
    want = None if status is None else _choice(TicketStatus, status, "status").value
    return [_ticket(state, tid) for tid, t in sorted(state.tickets.items())
            if (want is None or t["status"] == want) and (seller_id is None or t["seller"] == seller_id)]


def ticket_detail(state: State, token: str, ticket_id: str) -> Dict[str, Any]:
    """One ticket with its history: the ticket, the payment reference once paid, and its events as rows of [time,
    event, by]."""
    _staff(state, token)
    t = _get(state.tickets, ticket_id, "ticket")
    return {"ticket": _ticket(state, ticket_id), "payment": t["payment"], "events": [list(e) for e in t["events"]]}


def void_ticket(state: State, token: str, ticket_id: str, reason: str) -> str:
    """Void a ticket that has not been paid (the weighbridge or the office), with the reason; what it put into
    stock comes out again. Answers a sentence naming the ticket."""
    who = _staff(state, token, "weighbridge", "office")
    t = _ticket_in(state, ticket_id, "weighed_in", "graded", "weighed_out", "priced")
    if _blank(reason):
        raise ValueError("reason is required")
    if t["tare"] is not None:
        state.stock[t["grade"]] -= _net(t)
    t["status"] = "void"
    _event(t, f"void: {reason.strip()}", who["name"])
    return f"Ticket {ticket_id} for {state.sellers[t['seller']]['name']} is void."


def release_hold(state: State, token: str, ticket_id: str, officer: str, reference: str) -> Dict[str, Any]:
    """Release a ticket the police asked the yard to hold (the manager), naming the officer who released it and
    the police reference. Answers the ticket, priced again and ready to pay."""
    who = _staff(state, token, "manager")
    t = _ticket_in(state, ticket_id, "on_hold")
    if _blank(officer) or _blank(reference):
        raise ValueError("officer and reference are required")
    t["status"], t["hold"] = "priced", None
    _event(t, f"hold released by {officer.strip()} ({reference.strip()})", who["name"])
    return _ticket(state, ticket_id)


# --------------------------------------------------------------------------- end-of-life vehicles


def book_vehicle(state: State, token: str, seller_id: str, registration: str, make_model: str,
                 v5c_number: str) -> Dict[str, Any]:
    """Book in an end-of-life car (the office) for its registered keeper, who must have shown photo ID: the
    registration, the make and model and the eleven-digit document reference of its V5C logbook. Answers the
    vehicle with the new vehicle_id, booked and not yet checked."""
    _staff(state, token, "office")
    s = _get(state.sellers, seller_id, "seller")
    if _blank(registration) or _blank(make_model):
        raise ValueError("registration and make_model are required")
    v5c = v5c_number.replace(" ", "") if isinstance(v5c_number, str) else ""
    if len(v5c) != 11 or not v5c.isdigit():
        raise ValueError(f"v5c_number is the logbook's eleven-digit document reference, not {v5c_number!r}")
    if s["id"] is None:
        raise ValueError(f"{s['name']}'s photo ID has not been seen; a car is booked in only for a keeper whose ID "
                         "is on file")
    reg = registration.strip().upper()
    for cid, c in state.cars.items():
        if c["registration"] == reg and c["status"] != "crushed":
            raise ValueError(f"{reg} is booked in already as {cid}")
    cid = f"EV-{_next(state, 'car')}"
    state.cars[cid] = _car_row(seller_id, reg, make_model.strip(), v5c)
    return _car(state, cid)


def check_vehicle(state: State, token: str, vehicle_id: str) -> Dict[str, Any]:
    """Check a booked car against the stolen vehicle and finance registers (the office). Answers the vehicle_id,
    the registration, what the registers say and the check's outcome (clear or flagged)."""
    _staff(state, token, "office")
    c = _get(state.cars, vehicle_id, "vehicle")
    if c["check"] is not None:
        raise RuntimeError(f"{vehicle_id} was checked already: {c['check']}")
    said = state.registers.get(c["registration"])
    c["check"] = "clear" if said is None else "flagged"
    return {"vehicle_id": vehicle_id, "registration": c["registration"], "registers": said or "nothing recorded",
            "outcome": c["check"]}


def receive_vehicle(state: State, token: str, vehicle_id: str, weight_kg: int) -> Dict[str, Any]:
    """Take a booked car into the yard over the weighbridge (the weighbridge), with its weight in kilograms. It must
    have been checked clear against the registers. Answers the vehicle, received."""
    _staff(state, token, "weighbridge")
    c = _car_in(state, vehicle_id, "booked")
    if not _count(weight_kg) or not 400 <= weight_kg <= 3500:
        raise ValueError(f"weight_kg is a car's weight, 400 to 3500, not {weight_kg!r}")
    if c["check"] is None:
        raise ValueError(f"{vehicle_id} has not been checked against the stolen and finance registers")
    if c["check"] != "clear":
        raise ValueError(f"{vehicle_id} was flagged by the registers; it cannot be taken in")
    c["status"], c["weight"] = "received", weight_kg
    return _car(state, vehicle_id)


def depollute_vehicle(state: State, token: str, vehicle_id: str, removed: List[str]) -> Dict[str, Any]:
    """Record a received car's depollution on the rig (the dismantler): what was taken out of it, as a list of
    words. Answers the vehicle, depolluted."""
    _staff(state, token, "dismantler")
    c = _car_in(state, vehicle_id, "received")
    if not isinstance(removed, list) or not all(isinstance(r, str) for r in removed):
        raise ValueError("removed is a list of words")
    taken = sorted({r.strip().lower() for r in removed})
    unknown = [r for r in taken if r not in DEPOLLUTION]
    if unknown:
        raise ValueError(f"not a depollution item: {', '.join(unknown)}")
    left = [r for r in DEPOLLUTION if r not in taken]
    if left:
        raise ValueError(f"{vehicle_id} is not depolluted until these are out as well: {', '.join(left)}")
    c["removed"], c["status"] = taken, "depolluted"
    return _car(state, vehicle_id)


def issue_cod(state: State, token: str, vehicle_id: str) -> str:
    """Issue the certificate of destruction for a depolluted car and tell the DVLA (the office). Answers a sentence
    with the certificate's number."""
    _staff(state, token, "office")
    c = _car_in(state, vehicle_id, "depolluted")
    c["cod"] = f"COD-2039-{_next(state, 'cod'):04d}"
    c["status"] = "cod_issued"
    return (f"Certificate of destruction {c['cod']} issued for {c['registration']} ({c['make_model']}); the DVLA "
            f"has been told and {state.sellers[c['seller']]['name']} is no longer its keeper.")


def pay_for_vehicle(state: State, token: str, vehicle_id: str, amount: float) -> str:
    """Pay a car's keeper for a car taken into the yard (the office), by bank transfer to the account on file.
    Answers a sentence with the amount and the payment reference."""
    _staff(state, token, "office")
    c = _get(state.cars, vehicle_id, "vehicle")
    if c["paid"] is not None:
        raise RuntimeError(f"{vehicle_id} was paid for already ({c['paid']:.2f})")
    c = _car_in(state, vehicle_id, "received", "depolluted", "cod_issued", "crushed")
    if not _amount(amount) or amount <= 0:
        raise ValueError(f"amount is a sum of money, not {amount!r}")
    if amount > CAR_PRICE_LIMIT:
        raise ValueError(f"the yard pays at most {CAR_PRICE_LIMIT:.2f} for a car")
    s = state.sellers[c["seller"]]
    if s["bank"] is None:
        raise ValueError(f"no bank details on file for {s['name']}; cars are paid for only by bank transfer")
    ref = f"BACS-{_next(state, 'payment')}"
    c["paid"] = round(float(amount), 2)
    return f"Paid {c['paid']:.2f} to {s['bank'][0]} for {c['registration']} ({vehicle_id}); payment reference {ref}."


def harvest_part(state: State, token: str, vehicle_id: str, part: str, grade: PartGrade,
                 price: float) -> Dict[str, Any]:
    """Take a part off a depolluted car for resale before it is crushed (the dismantler): what the part is, its
    grade (A as new, B light wear, C for repair) and its price. Answers the part with the new part_id."""
    _staff(state, token, "dismantler")
    c = _car_in(state, vehicle_id, "depolluted", "cod_issued")
    if _blank(part):
        raise ValueError("part is required")
    g = _choice(PartGrade, grade, "grade")
    if not _amount(price) or price <= 0:
        raise ValueError(f"price is a sum of money, not {price!r}")
    for p in state.parts.values():
        if p[0] == vehicle_id and p[1].lower() == part.strip().lower():
            raise RuntimeError(f"the {part.strip()} is off {c['registration']} already")
    pid = f"PT-{_next(state, 'part')}"
    state.parts[pid] = [vehicle_id, part.strip(), g.value, round(float(price), 2), None]
    return _part(state, pid)


def parts_stock(state: State, token: str, text: Optional[str] = None) -> List[Dict[str, Any]]:
    """The parts in stock for sale, optionally only those whose name or car matches the text. Answers each part's
    part_id, what it is, the car it came from, its grade and price, by part id."""
    _staff(state, token)
    needle = text.strip().lower() if isinstance(text, str) and text.strip() else None
    out = []
    for pid, p in sorted(state.parts.items()):
        row = _part(state, pid)
        if p[4] is None and (needle is None or needle in p[1].lower() or needle in row["from"].lower()):
            out.append(row)
    return out


def sell_part(state: State, token: str, part_id: str, buyer: str, price: float,
              method: SaleMethod) -> Dict[str, Any]:
    """Sell a part from stock (the office): the buyer's name, the price agreed and how it is paid (card,
    bank_transfer or account). Answers the sale with its sale_id."""
    _staff(state, token, "office")
    p = _get(state.parts, part_id, "part")
    if p[4] is not None:
        raise RuntimeError(f"{part_id} was sold already to {p[4]}")
    if _blank(buyer):
        raise ValueError("buyer is required")
    if not _amount(price) or price <= 0:
        raise ValueError(f"price is a sum of money, not {price!r}")
    m = _choice(SaleMethod, method, "method")
    sale = f"PS-{_next(state, 'sale')}"
    p[4] = buyer.strip()
    state.sales[sale] = [part_id, buyer.strip(), round(float(price), 2), m.value, NOW]
    return {"sale_id": sale, "part_id": part_id, "part": p[1], "buyer": buyer.strip(), "price": round(float(price), 2),
            "method": m.value}


def crush_vehicle(state: State, token: str, vehicle_id: str) -> Dict[str, Any]:
    """Crush a car whose certificate of destruction has been issued (the yard); its shell goes into the stock of
    car bodies for the shredder. Answers the vehicle, crushed."""
    _staff(state, token, "yard")
    c = _car_in(state, vehicle_id, "cod_issued")
    c["status"] = "crushed"
    state.stock["SHRED"] += c["weight"] or 0
    return _car(state, vehicle_id)


def vehicles(state: State, token: str, stage: Optional[CarStatus] = None) -> List[Dict[str, Any]]:
    """The end-of-life cars, optionally only those at one stage (booked, received, depolluted, cod_issued or
    crushed). Answers each car (vehicle_id, keeper, registration, make and model, check, stage, weight, what was
    taken out, what was paid), by vehicle id."""
    _staff(state, token)
    if stage is not None and stage not in ("booked", "received", "depolluted", "cod_issued", "crushed"):
        raise ValueError(f"stage is booked, received, depolluted, cod_issued or crushed, not {stage!r}")
    return [_car(state, cid) for cid, c in sorted(state.cars.items()) if stage is None or c["status"] == stage]


# --------------------------------------------------------------------------- stock, loads and the mills


def stock_levels(state: State, token: str) -> List[List[Any]]:
    """The yard's stock, as rows of [grade, name, kg], by grade."""
    _staff(state, token)
    return [[code, GRADES[code][0], kg] for code, kg in sorted(state.stock.items())]


def buyers(state: State, token: str) -> List[Dict[str, Any]]:
    """The mills and smelters the yard sells to. Answers each buyer's buyer_id, name, the grades it takes, its
    payment terms in days and whether it is on stop for an overdue invoice, by buyer id."""
    _staff(state, token)
    return [_buyer(state, bid) for bid in sorted(state.buyers)]


def buyer_account(state: State, token: str, buyer_id: str) -> Dict[str, Any]:
    """A buyer's account (the office): the buyer, what it owes, and its invoices as rows of [invoice_id, load_id,
    amount, paid, due, overdue]."""
    _staff(state, token, "office")
    _get(state.buyers, buyer_id, "buyer")
    rows = [[iid, i[1], i[2], i[3], i[4], i[3] < i[2] and i[4] < TODAY]
            for iid, i in sorted(state.invoices.items()) if i[0] == buyer_id]
    return {"buyer": _buyer(state, buyer_id), "owed": round(sum(r[2] - r[3] for r in rows), 2), "invoices": rows}


def create_load(state: State, token: str, buyer_id: str, grade: str, target_kg: int) -> Dict[str, Any]:
    """Plan a load for a mill (the office): the buyer, the grade's code and the weight wanted in kilograms, taken
    from the yard's stock of the grade. Answers the load with the new load_id."""
    _staff(state, token, "office")
    b = _get(state.buyers, buyer_id, "buyer")
    if grade not in GRADES:
        raise ValueError(f"no grade {grade!r} on today's price board")
    if grade not in b[1]:
        raise ValueError(f"{b[0]} does not take {grade}")
    if not _count(target_kg) or not 500 <= target_kg <= 29000:
        raise ValueError(f"target_kg is 500 to 29000, a lorry's load, not {target_kg!r}")
    overdue = _overdue(state, buyer_id)
    if overdue:
        raise ValueError(f"{b[0]} is on stop until {', '.join(overdue)} is paid")
    if state.stock[grade] < target_kg:
        raise ValueError(f"the yard holds {state.stock[grade]} kg of {grade}, short of {target_kg} kg")
    lid = f"LD-{_next(state, 'load')}"
    state.stock[grade] -= target_kg
    state.loads[lid] = [buyer_id, grade, target_kg, "planned", None, None, None, None]
    return _load(state, lid)


def issue_transfer_note(state: State, token: str, load_id: str, waste_code: str) -> Dict[str, Any]:
    """Write the waste transfer note for a planned load (the office), with the waste code of what it carries as
    written in the European Waste Catalogue (such as 17 04 05). Answers the load with its transfer_note."""
    _staff(state, token, "office")
    ld = _get(state.loads, load_id, "load")
    if ld[3] != "planned":
        raise RuntimeError(f"{load_id} is {ld[3]}; a transfer note is written for a planned load")
    if ld[4] is not None:
        raise RuntimeError(f"{load_id} has transfer note {ld[4]} already")
    code = waste_code.strip() if isinstance(waste_code, str) else ""
    if code not in PERMIT_CODES:
        raise ValueError(f"the yard's permit covers {', '.join(PERMIT_CODES)}, not {waste_code!r}")
    if code != GRADES[ld[1]][2]:
        raise ValueError(f"{code} does not describe {GRADES[ld[1]][0].lower()}; a load of {ld[1]} goes as "
                         f"{GRADES[ld[1]][2]}")
    ld[4] = f"WTN-{_next(state, 'note')}"
    return _load(state, load_id)


def dispatch_load(state: State, token: str, load_id: str, haulier: str, registration: str,
                  weight_kg: int) -> Dict[str, Any]:
    """Weigh a lorry out with a planned load (the weighbridge): the haulier, the lorry's registration and the
    load's net weight in kilograms. The load must carry its waste transfer note. Answers the load, dispatched."""
    _staff(state, token, "weighbridge")
    ld = _get(state.loads, load_id, "load")
    if ld[3] != "planned":
        raise RuntimeError(f"{load_id} is {ld[3]}; this needs a planned load")
    if _blank(haulier) or _blank(registration):
        raise ValueError("haulier and registration are required")
    if not _count(weight_kg) or not 0 < weight_kg <= 30000:
        raise ValueError(f"weight_kg is the bridge's reading, up to 30000, not {weight_kg!r}")
    if ld[4] is None:
        raise ValueError(f"{load_id} has no waste transfer note; no load leaves the yard without one")
    ld[3], ld[5], ld[6], ld[7] = "dispatched", haulier.strip(), registration.strip().upper(), weight_kg
    return _load(state, load_id)


def invoice_load(state: State, token: str, load_id: str) -> Dict[str, Any]:
    """Invoice the buyer for a dispatched load at today's price for its grade (the office). Answers the invoice
    with the new invoice_id."""
    _staff(state, token, "office")
    ld = _get(state.loads, load_id, "load")
    if ld[3] != "dispatched":
        raise RuntimeError(f"{load_id} is {ld[3]}; a load is invoiced once it is dispatched")
    iid = f"IV-{_next(state, 'invoice')}"
    due = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=state.buyers[ld[0]][2])).isoformat()
    state.invoices[iid] = [ld[0], load_id, round(ld[7] / 1000 * GRADES[ld[1]][1], 2), 0.0, due]
    ld[3] = "invoiced"
    return _invoice(state, iid)


def record_buyer_payment(state: State, token: str, invoice_id: str, amount: float) -> float:
    """Record a payment a buyer made against an invoice (the office). Answers what is still owed on the
    invoice."""
    _staff(state, token, "office")
    i = _get(state.invoices, invoice_id, "invoice")
    left = round(i[2] - i[3], 2)
    if left <= 0:
        raise RuntimeError(f"{invoice_id} is paid already")
    if not _amount(amount) or amount <= 0:
        raise ValueError(f"amount is a sum of money, not {amount!r}")
    if amount > left + 0.005:
        raise ValueError(f"{invoice_id} has {left:.2f} left to pay")
    i[3] = round(i[3] + amount, 2)
    return round(i[2] - i[3], 2)


def loads(state: State, token: str, stage: Optional[LoadStatus] = None) -> List[Dict[str, Any]]:
    """The loads for the mills, optionally only those at one stage (planned, dispatched or invoiced). Answers each
    load (load_id, buyer, grade, target weight, stage, transfer note, haulier, lorry and weight), by load id."""
    _staff(state, token)
    if stage is not None and stage not in ("planned", "dispatched", "invoiced"):
        raise ValueError(f"stage is planned, dispatched or invoiced, not {stage!r}")
    return [_load(state, lid) for lid, ld in sorted(state.loads.items()) if stage is None or ld[3] == stage]


def daily_register(state: State, token: str, day: str) -> List[List[Any]]:
    """The dealer's register of what was bought and paid for on a day (YYYY-MM-DD), as the law asks it to be kept
    (the office), as rows of [time, ticket_id, seller, grade, net_kg, value, how paid]."""
    _staff(state, token, "office")
    d = _date(day, "day")
    return [list(r) for r in state.register_log if r[0].startswith(d)]


TOOLS = [
    sign_in, sign_out, metal_prices, find_seller, register_seller, verify_seller_id, update_seller, add_bank_account,
    seller_file, message_seller, weigh_in, grade_load, weigh_out, price_ticket, pay_ticket, tickets, ticket_detail,
    void_ticket, release_hold, book_vehicle, check_vehicle, receive_vehicle, depollute_vehicle, issue_cod,
    pay_for_vehicle, harvest_part, parts_stock, sell_part, crush_vehicle, vehicles, stock_levels, buyers,
    buyer_account, create_load, issue_transfer_note, dispatch_load, invoice_load, record_buyer_payment, loads,
    daily_register,
]

FIXTURES = {
    "yard": {"name": "Gannaway Metal Recycling", "where": "Foundry Wharf, Scaldwell",
             "today": "Tuesday 14 June 2039, ten past nine in the morning"},
    "staff": [
        {"name": "Morwenna Bellerby", "role": "weighbridge", "username": "morwenna.d", "password": "Tare-Weight-31"},
        {"name": "Ifor Gaukrodger", "role": "yard", "username": "ifor.g", "password": "Magnet-Crane-8"},
        {"name": "Radomir Sykora", "role": "dismantler", "username": "radomir.s", "password": "Drain-Rig-54"},
        {"name": "Imelda Thewlis", "role": "office", "username": "imelda.t", "password": "Ledger-Gate-19"},
        {"name": "Cormac Pinnegar", "role": "manager", "username": "cormac.p", "password": "Yard-Boss-77"},
    ],
    "new_seller": {
        "name": "Mr Lemuel Vardy", "address": "6 Slagbank Terrace, Scaldwell", "postcode": "SW3 7ST",
        "phone": "07700 900588", "id": "a UK passport, number 561902247, expiring 3 September 2047",
        "bank": "L Vardy, sort code 40-11-62, account 29384756",
        "brings": "a tipper van, registration SW62 KFD, of copper pipe and a copper cylinder from a bathroom refit",
        "car": "his old Ignis, registration TM10 VGE, logbook document reference 63314072918, for scrap",
    },
    "notes": [
        "Mr Hebblethwaite's van, KX61 BHT, tipped light iron at 08:45 and is back on the bridge",
        "Prowse & Daughters' copper is graded; their pickup weighs 2,960 kg empty",
        "Ms Ollerenshaw's steel from yesterday is still to price, and she has brought her bank card details: C "
        "Ollerenshaw, 60-83-71, account 11902345",
        "The police released the brass held from Prowse & Daughters: DC Annis Moxham, ref. MT/0611/R",
        "Mr Stobbart has his driving licence with him today: STOBB805117FD2JK, expiring 30 April 2045",
        "Mrs Catterick's Corsa arrives on the recovery truck at ten; Radomir has the Micra on the rig",
        "Kessock want fourteen tonnes of light iron once this morning's vans are weighed out",
        "Halewood have paid the 9,840.00 they owed; they want a tonne of number 2 copper",
        "Brockhurst Haulage are collecting the Dunmere steel at eleven in BH21 RKW",
        "Mr Trethewey has a new number: 07700 900589",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "metal_prices")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
SELLER_CONSUMERS = ["verify_seller_id", "update_seller", "add_bank_account", "seller_file", "message_seller",
                    "weigh_in", "book_vehicle"]
TICKET_CONSUMERS = ["grade_load", "weigh_out", "price_ticket", "pay_ticket", "ticket_detail", "void_ticket"]
CAR_CONSUMERS = ["check_vehicle", "receive_vehicle", "depollute_vehicle", "issue_cod", "pay_for_vehicle",
                 "harvest_part", "crush_vehicle"]
LOAD_CONSUMERS = ["issue_transfer_note", "dispatch_load", "invoice_load"]
_SELLER = "id lookup/create: seller (seller_id of register_seller, or of a find_seller entry)"
_TICKET = "id lookup/create: ticket (ticket_id of weigh_in, or of a tickets entry)"
_CAR = "id lookup/create: vehicle (vehicle_id of book_vehicle, or of a vehicles entry)"
_LOAD = "id lookup/create: load (load_id of create_load, or of a loads entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_seller|find_seller", c, _SELLER) for c in SELLER_CONSUMERS]
    + [("weigh_in|tickets", c, _TICKET) for c in TICKET_CONSUMERS]
    + [("book_vehicle|vehicles", c, _CAR) for c in CAR_CONSUMERS]
    + [("create_load|loads", c, _LOAD) for c in LOAD_CONSUMERS]
    + [
        ("tickets", "release_hold", "id lookup: ticket on hold (ticket_id of a tickets entry, filtered by status)"),
        ("harvest_part|parts_stock", "sell_part",
         "id lookup/create: part (part_id of harvest_part, or of a parts_stock entry)"),
        ("buyers", "create_load", "id lookup: buyer (buyer_id of a buyers entry)"),
        ("buyers", "buyer_account", "id lookup: buyer (buyer_id of a buyers entry)"),
        ("invoice_load|buyer_account", "record_buyer_payment",
         "id lookup/create: invoice (invoice_id of invoice_load, or the first column of a buyer_account row)"),
        ("metal_prices", "grade_load", "vocabulary: grade codes (code of a metal_prices entry)"),
        ("metal_prices", "create_load", "vocabulary: grade codes (code of a metal_prices entry)"),
        ("verify_seller_id", "weigh_in", "vetting: the seller's photo ID seen and in date"),
        ("verify_seller_id", "book_vehicle", "vetting: the keeper's photo ID seen and in date"),
        ("check_vehicle", "receive_vehicle", "vetting: the car checked clear against the stolen and finance "
                                             "registers"),
        ("grade_load", "weigh_out", "state: the tipped load graded"),
        ("weigh_out", "price_ticket", "state: the vehicle weighed out, the net weight known"),
        ("price_ticket", "pay_ticket", "state: the ticket priced"),
        ("release_hold", "pay_ticket", "state: the police hold on the ticket released"),
        ("add_bank_account", "pay_ticket", "state: the seller's bank details on file (no cash for scrap)"),
        ("add_bank_account", "pay_for_vehicle", "state: the keeper's bank details on file (no cash for scrap)"),
        ("receive_vehicle", "depollute_vehicle", "state: the car received into the yard"),
        ("receive_vehicle", "pay_for_vehicle", "state: the car received into the yard"),
        ("depollute_vehicle", "issue_cod", "state: the car depolluted"),
        ("depollute_vehicle", "harvest_part", "state: the car depolluted"),
        ("issue_cod", "crush_vehicle", "state: the certificate of destruction issued"),
        ("weigh_out", "create_load", "state: the grade's stock made up by a ticket weighed out"),
        ("issue_transfer_note", "dispatch_load", "state: the load's waste transfer note written"),
        ("dispatch_load", "invoice_load", "state: the load dispatched"),
        ("record_buyer_payment", "create_load", "payment: the buyer's overdue invoice paid, the buyer off stop"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_SELLER_SHOWN = ("find_seller", "register_seller", "verify_seller_id", "update_seller", "add_bank_account",
                 "seller_file", "tickets", "ticket_detail", "weigh_in", "grade_load", "weigh_out", "release_hold",
                 "vehicles", "book_vehicle", "receive_vehicle", "depollute_vehicle", "crush_vehicle")
_TICKET_SHOWN = ("tickets", "weigh_in", "grade_load", "weigh_out", "release_hold", "ticket_detail", "seller_file",
                 "daily_register")
_CAR_SHOWN = ("vehicles", "book_vehicle", "check_vehicle", "receive_vehicle", "depollute_vehicle", "crush_vehicle",
              "seller_file")
_BUYER_SHOWN = ("buyers", "buyer_account", "loads", "create_load", "issue_transfer_note", "dispatch_load",
                "invoice_load")
_LOAD_SHOWN = ("loads", "create_load", "issue_transfer_note", "dispatch_load", "invoice_load", "buyer_account")
_GRADE_SHOWN = ("tickets", "ticket_detail", "seller_file", "stock_levels", "loads", "buyers", "daily_register",
                "weigh_in", "grade_load", "weigh_out", "create_load")
_TICKET_CHANGES = ("weigh_in", "grade_load", "weigh_out", "price_ticket", "pay_ticket", "void_ticket",
                   "release_hold")
_CAR_CHANGES = ("book_vehicle", "check_vehicle", "receive_vehicle", "depollute_vehicle", "issue_cod",
                "pay_for_vehicle", "crush_vehicle", "harvest_part")
_LOAD_CHANGES = ("create_load", "issue_transfer_note", "dispatch_load", "invoice_load")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: sellers on tickets, cars and files; tickets on files and the
    # register; cars on files; buyers on loads and invoices; loads on buyers' accounts; grade codes wherever a
    # ticket, a load, the stock or a buyer shows them
    {(p, c) for p in _SELLER_SHOWN for c in SELLER_CONSUMERS}
    | {(p, c) for p in _TICKET_SHOWN for c in TICKET_CONSUMERS + ["release_hold"]}
    | {(p, c) for p in _CAR_SHOWN for c in CAR_CONSUMERS}
    | {(p, c) for p in _BUYER_SHOWN for c in ("create_load", "buyer_account")}
    | {(p, c) for p in _LOAD_SHOWN for c in LOAD_CONSUMERS}
    | {(p, c) for p in _GRADE_SHOWN for c in ("grade_load", "create_load")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("buyer_account", "create_load"), ("buyers", "dispatch_load"), ("buyers", "invoice_load"),
        ("buyers", "issue_transfer_note"), ("buyers", "record_buyer_payment"), ("check_vehicle", "depollute_vehicle"),
        ("check_vehicle", "pay_for_vehicle"), ("depollute_vehicle", "crush_vehicle"),
        ("find_seller", "pay_for_vehicle"),
        ("find_seller", "pay_ticket"), ("grade_load", "create_load"), ("grade_load", "price_ticket"),
        ("issue_transfer_note", "invoice_load"), ("loads", "record_buyer_payment"), ("metal_prices", "dispatch_load"),
        ("metal_prices", "invoice_load"), ("metal_prices", "issue_transfer_note"), ("metal_prices", "weigh_out"),
        ("receive_vehicle", "harvest_part"), ("receive_vehicle", "issue_cod"), ("register_seller", "check_vehicle"),
        ("register_seller", "crush_vehicle"), ("register_seller", "depollute_vehicle"),
        ("register_seller", "grade_load"),
        ("register_seller", "harvest_part"), ("register_seller", "issue_cod"), ("register_seller", "pay_for_vehicle"),
        ("register_seller", "pay_ticket"), ("register_seller", "price_ticket"), ("register_seller", "receive_vehicle"),
        ("register_seller", "ticket_detail"), ("register_seller", "void_ticket"), ("register_seller", "weigh_out"),
        ("tickets", "create_load"), ("vehicles", "sell_part"), ("verify_seller_id", "check_vehicle"),
        ("verify_seller_id", "crush_vehicle"), ("verify_seller_id", "depollute_vehicle"),
        ("verify_seller_id", "grade_load"), ("verify_seller_id", "harvest_part"), ("verify_seller_id", "issue_cod"),
        ("verify_seller_id", "pay_for_vehicle"), ("verify_seller_id", "pay_ticket"),
        ("verify_seller_id", "price_ticket"), ("verify_seller_id", "receive_vehicle"),
        ("verify_seller_id", "ticket_detail"), ("verify_seller_id", "void_ticket"), ("verify_seller_id", "weigh_out"),
        ("weigh_out", "dispatch_load"), ("weigh_out", "invoice_load"), ("weigh_out", "issue_transfer_note"),
        ("weigh_out", "pay_ticket"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_seller", "verify_seller_id", "update_seller", "add_bank_account")
       for c in ("find_seller", "seller_file")}
    | {(p, c) for p in _TICKET_CHANGES for c in ("tickets", "ticket_detail", "seller_file")}
    | {(p, "stock_levels") for p in ("weigh_out", "void_ticket", "crush_vehicle", "create_load")}
    | {("pay_ticket", "daily_register")}
    | {(p, c) for p in _CAR_CHANGES for c in ("vehicles", "seller_file")}
    | {(p, "parts_stock") for p in ("harvest_part", "sell_part")}
    | {(p, "loads") for p in _LOAD_CHANGES}
    | {(p, c) for p in ("invoice_load", "record_buyer_payment") for c in ("buyer_account", "buyers")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
