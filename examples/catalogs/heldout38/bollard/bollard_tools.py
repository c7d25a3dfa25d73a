"""Bollard: the parking permits office of Castlemere Borough Council's parking services (41 calls).

Sync functions over an in-memory ``State`` of the council's parking system on Tuesday 14 November 2034 at 09:15. The
permits officers find and register residents, find their addresses (by postcode, with the property's UPRN), write to
them, add their vehicles, record and check their proofs (of residence, and that they keep the vehicle), take
applications for residents' permits, take the payment and issue the virtual permits, move a permit to another vehicle,
renew and cancel permits, set up residents' visitor accounts, sell visitor days and start and end visitor sessions.
Finance approves the refunds a cancellation raises. The traffic team suspends parking bays for removals and building
work: requests, approval, payment and the suspension signs posted. The appeals officer hears challenges to penalty
charge notices (PCNs), which the counter also takes payment for. The parking services manager may do everything. The
zones and the address finder are public.

The parking system sits on the council's SAP back end, and every tool is a plain ``def`` without a decorator that
checks its session and role itself (``denied = _deny(state, token, "permits")``, then ``if denied: return denied``). A
refusal is returned as SAP's BAPI return table, a ``BapiReturn`` model whose ``RETURN`` rows carry a message ``TYPE``
(``E`` error, ``A`` abort, ``W`` warning, ``I`` information, ``S`` success), the message class ``ID``, its ``NUMBER``
and the ``MESSAGE`` text: ``{"RETURN": [{"TYPE": "E", "ID": "ZPK_APPL", "NUMBER": "114", "MESSAGE": "19 Abbotsford
Road, Castlemere is in zone AB; a permit is issued for the zone of the address", "MESSAGE_V1": "CUS-40216"}]}``. A
return table of ``S`` rows alone answers a message sent. The runtime's common conventions read no such table (no
``error`` key, no ``success``, ``ok`` or ``status``), so the module declares ``FAILURE`` (``bapi_error``: a reply whose
``RETURN`` rows include a ``TYPE`` of ``E`` or ``A``; it answers their messages). Replies are pydantic models and
lists of them, with rows nested as lists of lists (a customer's account); a bare value answers visitor days bought
(the days left); sentences with an id in them answer a visitor session ended, a suspension cancelled, a PCN paid and a
sign-out.
Annotations are spelled with ``typing`` (``Optional``, ``List``, ``Union``, ``Literal``) and evaluated at definition:
a plain ``Enum`` input (``PaymentMethod``), two ``str`` ``Enum`` filters (``PermitStatus``, ``SuspensionStatus``),
``Literal`` inputs (residence and keeper documents, a check's outcome, a challenge's decision) and a ``Literal``
filter (refund status), ``List[str]`` bays. Google docstrings. Ids look alike: customer ``CUS-40216``, vehicle
``VH-7708``, document ``DOC-6612``, application ``APP-8804``, permit ``PMT-5524``, refund ``REF-3302``, visitor
session ``VSN-2202``, suspension ``SUS-9104``, challenge ``CHL-702``, message ``MS-5610``, receipt ``RC-77120``; bay
``BAY-3101``; PCN ``CM10482231``; UPRN ``100071110019``; zone ``AB``. The permit lengths on sale, that a residence
proof is at most three months old, that car-free developments get no permits, that an address has at most two
permits, when a permit may be renewed, that visitor days come in books of ten and at most 60 a year and are not for
the resident's own vehicles, how far ahead a bay is suspended, that disabled bays are never suspended, the grounds of a
challenge and the amounts due are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Tuple, Union

from pydantic import BaseModel

TODAY = "2034-11-14"  # a Tuesday
NOW = "09:15"


class PaymentMethod(Enum):
    CARD = "card"
    CHEQUE = "cheque"
    BANK_TRANSFER = "bank_transfer"


class PermitStatus(str, Enum):
    ACTIVE = "active"
    EXPIRED = "expired"
    CANCELLED = "cancelled"


class SuspensionStatus(str, Enum):
    REQUESTED = "requested"
    APPROVED = "approved"
    PAID = "paid"
    SIGNED = "signed"
    CANCELLED = "cancelled"


ResidenceProof = Literal["council_tax_bill", "tenancy_agreement", "utility_bill"]
KeeperProof = Literal["v5c", "company_car_letter", "lease_agreement"]
CheckOutcome = Literal["accept", "reject"]
Decision = Literal["accept", "reject"]
RefundStatus = Literal["pending", "approved"]

ZONES = {  # code -> name, hours, visitor permits
    "AB": ("Abbotsford", "Mon-Sat 8am-6.30pm", True),
    "CQ": ("Castle Quarter", "Mon-Sun 8am-10pm", True),
    "KL": ("Kiln Lane", "Mon-Fri 9am-5pm", True),
    "MW": ("Minster Walk", "Mon-Sat 8am-8pm", True),
    "SG": ("Saltergate", "Mon-Fri 10am-11am", False),
    "TB": ("Toll Bar", "Mon-Sun 24 hours", True),
}
CAR_FREE = {"100071140004", "100071140005"}  # Brewery Wharf, a car-free development
MONTHS = {3: 0.35, 6: 0.6, 12: 1.0}
GRADES = [(0, "zero", 30.0), (130, "low", 80.0), (190, "standard", 120.0), (10000, "high", 180.0)]
DIESEL_EXTRA = 30.0
VISITOR_DAY = 2.5
VISITOR_YEAR_MAX = 60
BAY_DAY = 45.0
SUSPENSION_ADMIN = 60.0
GROUNDS = ["contravention_did_not_occur", "permit_or_session_valid", "vehicle_stolen", "not_the_owner",
           "penalty_exceeds_amount", "procedural_impropriety", "mitigation"]
ROLE_NAMES = {"permits": "the permits officers", "traffic": "the traffic team", "finance": "finance",
              "appeals": "the appeals officer", "manager": "the parking services manager"}


# --------------------------------------------------------------------------- the BAPI return table


class BapiMessage(BaseModel):
    TYPE: str
    ID: str
    NUMBER: str
    MESSAGE: str
    MESSAGE_V1: str = ""


class BapiReturn(BaseModel):
    RETURN: List[BapiMessage]


def bapi_error(reply: Any) -> Any:
    """A reply is a refusal when its ``RETURN`` table holds a message of ``TYPE`` ``E`` (error) or ``A`` (abort);
    answers those messages (``"E ZPK_APPL 114: ..."``), else False (a table of ``S``, ``I`` or ``W`` rows alone is
    no refusal)."""
    if isinstance(reply, BaseModel):
        reply = reply.model_dump()
    rows = reply.get("RETURN") if isinstance(reply, dict) else None
    if not isinstance(rows, list):
        return False
    bad = [r for r in rows if isinstance(r, dict) and r.get("TYPE") in ("E", "A")]
    if not bad:
        return False
    return "; ".join(f"{r.get('TYPE')} {r.get('ID')} {r.get('NUMBER')}: {r.get('MESSAGE')}" for r in bad)


FAILURE = bapi_error


def _e(cls: str, number: int, text: str, about: Any = "") -> BapiReturn:
    return BapiReturn(RETURN=[BapiMessage(TYPE="E", ID=f"ZPK_{cls}", NUMBER=f"{number:03d}", MESSAGE=text,
                                          MESSAGE_V1=str(about) if about is not None else "")])


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str


class Zone(BaseModel):
    code: str
    name: str
    hours: str
    visitor_permits: bool
    resident_permit_from: float


class Address(BaseModel):
    uprn: str
    address: str
    postcode: str
    zone: Optional[str]


class CustomerRow(BaseModel):
    customer_id: str
    name: str
    address: str
    postcode: str


class Customer(BaseModel):
    customer_id: str
    name: str
    email: str
    phone: str
    uprn: str
    address: str
    postcode: str
    zone: Optional[str]


class CustomerAccount(BaseModel):
    customer: Customer
    vehicles: List[List[Any]]
    documents: List[List[Any]]
    applications: List[List[Any]]
    permits: List[List[Any]]
    visitor_days_left: Optional[int]


class VehicleDetails(BaseModel):
    vrm: str
    make: str
    colour: str
    fuel: str
    co2_g_km: int
    year: int


class Vehicle(BaseModel):
    vehicle_id: str
    customer_id: str
    vrm: str
    make: str
    fuel: str
    co2_g_km: int
    charge_band: str


class Document(BaseModel):
    document_id: str
    customer_id: str
    kind: str
    reference: str
    dated: Optional[str]
    vehicle_id: Optional[str]
    status: str
    note: Optional[str] = None


class Application(BaseModel):
    application_id: str
    customer_id: str
    vehicle_id: str
    vrm: str
    zone: str
    months: int
    price: float
    status: str


class Permit(BaseModel):
    permit_id: str
    customer_id: str
    vrm: str
    zone: str
    valid_from: str
    valid_to: str
    status: str


class Cancellation(BaseModel):
    permit_id: str
    vrm: str
    cancelled_on: str
    refund_id: Optional[str]
    refund_amount: float


class Refund(BaseModel):
    refund_id: str
    permit_id: str
    customer_id: str
    amount: float
    requested: str
    status: str


class VisitorAccount(BaseModel):
    customer_id: str
    name: str
    zone: str
    days_left: int
    days_bought_this_year: int


class VisitorSession(BaseModel):
    session_id: str
    customer_id: str
    vrm: str
    starts: str
    ends: str
    status: str


class Bay(BaseModel):
    bay_id: str
    street: str
    side: str
    kind: str
    spaces: int


class Suspension(BaseModel):
    suspension_id: str
    bay_ids: List[str]
    applicant: str
    email: str
    starts: str
    ends: str
    reason: str
    fee: float
    status: str
    signs_posted_by: Optional[str] = None


class Pcn(BaseModel):
    pcn_number: str
    vrm: str
    issued: str
    street: str
    contravention: str
    amount: float
    discount_until: Optional[str]
    status: str


class Challenge(BaseModel):
    challenge_id: str
    pcn_number: str
    grounds: str
    statement: str
    status: str
    decision: Optional[str] = None
    reason: Optional[str] = None


# --------------------------------------------------------------------------- state


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


class State:
    """Castlemere Borough Council's parking system on Tuesday 14 November 2034 at 09:15."""

    def __init__(self) -> None:
        self.staff = {
            "ekow.a": {"name": "Ekow Amankwah", "password": "Pay-Display-44", "role": "permits"},
            "yvette.p": {"name": "Yvette Pennock", "password": "Kerb-Side-19", "role": "permits"},
            "osric.t": {"name": "Osric Teasdale", "password": "Cone-Sign-72", "role": "traffic"},
            "gaenor.t": {"name": "Gaenor Tillotson", "password": "Ledger-Line-8", "role": "finance"},
            "siobhan.k": {"name": "Siobhan Kinsella", "password": "Grounds-Appeal-3", "role": "appeals"},
            "delia.m": {"name": "Delia Marchetti", "password": "Castle-Mere-61", "role": "manager"},
        }
        self.sessions: Dict[str, dict] = {}
        self.addresses = {  # uprn -> address, postcode, zone
            "100071110017": ["17 Abbotsford Road, Castlemere", "CM2 4AR", "AB"],
            "100071110019": ["19 Abbotsford Road, Castlemere", "CM2 4AR", "AB"],
            "100071110021": ["21 Abbotsford Road, Castlemere", "CM2 4AR", "AB"],
            "100071120003": ["3 Minster Walk, Castlemere", "CM1 1MW", "MW"],
            "100071130009": ["9 Saltergate, Castlemere", "CM1 2SG", "SG"],
            "100071140004": ["Flat 4, Brewery Wharf, Castlemere", "CM1 3BW", "CQ"],
            "100071140005": ["Flat 5, Brewery Wharf, Castlemere", "CM1 3BW", "CQ"],
            "100071150022": ["22 Kiln Lane, Castlemere", "CM3 7KL", "KL"],
            "100071160001": ["1 Toll Bar Mews, Castlemere", "CM3 9TB", "TB"],
            "100071170040": ["40 Harbour Road, Castlemere", "CM5 1HR", None],
        }
        self.customers = {  # customer -> name, email, phone, uprn, visitor pin
            "CUS-40211": ["Mr Anwar Qureshi", "anwar.qureshi@example.com", "07700 900411", "100071110017", None],
            "CUS-40212": ["Ms Rhiannon Batley", "rhiannon.batley@example.net", "07700 900412", "100071120003",
                          "4821"],
            "CUS-40213": ["Mrs Beatrix Fothergill", "b.fothergill@example.org", "07700 900413", "100071130009", None],
            "CUS-40214": ["Mr Lukas Nowicki", "lukas.nowicki@example.com", "07700 900414", "100071140004", None],
            "CUS-40215": ["Dr Marguerite Ravensworth", "m.ravensworth@example.net", "07700 900415", "100071150022",
                          None],
        }
        self.dvla = {  # vrm -> make, colour, fuel, co2, year
            "CM19 QRX": ["Skoda Octavia", "grey", "petrol", 122, 2019],
            "YT68 LMW": ["Toyota Yaris", "red", "hybrid", 92, 2018],
            "KR12 FOT": ["Volvo V70", "blue", "diesel", 158, 2012],
            "KV23 BXE": ["Kia Niro EV", "white", "electric", 0, 2023],
            "DL17 NWK": ["Ford Focus", "black", "petrol", 125, 2017],
            "WP70 RVH": ["Honda Jazz", "silver", "petrol", 119, 2020],
            "GN21 TXA": ["Mazda CX-5", "green", "diesel", 139, 2021],
            "BF66 PKE": ["Vauxhall Corsa", "white", "petrol", 109, 2016],
            "SA15 GWR": ["Nissan Micra", "blue", "petrol", 104, 2015],
            "LB09 KTE": ["Peugeot 207", "red", "diesel", 118, 2009],
            "HK14 DWV": ["Citroen C3", "yellow", "petrol", 105, 2014],
        }
        self.vehicles = {  # vehicle -> customer, vrm
            "VH-7701": ["CUS-40211", "CM19 QRX"], "VH-7702": ["CUS-40212", "YT68 LMW"],
            "VH-7703": ["CUS-40213", "KR12 FOT"], "VH-7704": ["CUS-40213", "KV23 BXE"],
            "VH-7705": ["CUS-40214", "DL17 NWK"], "VH-7706": ["CUS-40215", "WP70 RVH"],
            "VH-7707": ["CUS-40215", "HK14 DWV"],
        }
        self.documents = {  # document -> customer, kind, reference, dated, vehicle, status, note
            "DOC-6601": ["CUS-40211", "council_tax_bill", "CT 5512093", "2034-04-02", None, "accepted", None],
            "DOC-6602": ["CUS-40211", "v5c", "V5C 4471 2208 119", None, "VH-7701", "accepted", None],
            "DOC-6603": ["CUS-40212", "tenancy_agreement", "Minster Lets 3MW/22", "2034-06-20", None, "accepted",
                         None],
            "DOC-6604": ["CUS-40212", "v5c", "V5C 5530 9912 004", None, "VH-7702", "accepted", None],
            "DOC-6605": ["CUS-40213", "council_tax_bill", "CT 5519027", "2034-10-01", None, "accepted", None],
            "DOC-6606": ["CUS-40213", "v5c", "V5C 2201 7730 651", None, "VH-7703", "accepted", None],
            "DOC-6607": ["CUS-40213", "lease_agreement", "Northway Leasing NL-88213", None, "VH-7704", "received",
                         None],
            "DOC-6608": ["CUS-40214", "utility_bill", "Castlemere Water 0099-1182", "2034-10-15", None, "accepted",
                         None],
            "DOC-6609": ["CUS-40214", "v5c", "V5C 8812 0043 217", None, "VH-7705", "accepted", None],
            "DOC-6610": ["CUS-40215", "council_tax_bill", "CT 5524410", "2034-09-12", None, "accepted", None],
            "DOC-6611": ["CUS-40215", "company_car_letter", "Hartwell Engineering HR/118", None, "VH-7706",
                         "accepted", None],
        }
        self.applications = {  # application -> customer, vehicle, zone, months, price, status
            "APP-8801": ["CUS-40211", "VH-7701", "AB", 12, 80.0, "issued"],
            "APP-8802": ["CUS-40212", "VH-7702", "MW", 12, 80.0, "issued"],
            "APP-8803": ["CUS-40215", "VH-7706", "KL", 12, 80.0, "awaiting_payment"],
        }
        self.permits = {  # permit -> customer, vehicle, zone, from, to, status, price, months
            "PMT-5519": ["CUS-40215", "VH-7706", "KL", "2033-09-01", "2034-08-31", "expired", 80.0, 12],
            "PMT-5520": ["CUS-40214", "VH-7705", "CQ", "2034-05-01", "2035-04-30", "cancelled", 80.0, 12],
            "PMT-5521": ["CUS-40211", "VH-7701", "AB", "2033-12-02", "2034-12-01", "active", 80.0, 12],
            "PMT-5522": ["CUS-40212", "VH-7702", "MW", "2034-07-01", "2035-06-30", "active", 80.0, 12],
            "PMT-5523": ["CUS-40213", "VH-7703", "SG", "2034-03-01", "2035-02-28", "active", 150.0, 12],
        }
        self.refunds = {  # refund -> permit, customer, amount, requested, status
            "REF-3301": ["PMT-5520", "CUS-40214", 40.0, "2034-11-09", "pending"],
        }
        self.visitor_days = {"CUS-40212": [6, 20]}  # customer -> days left, days bought this year
        self.visitor_sessions = {  # session -> customer, vrm, starts, ends, status
            "VSN-2201": ["CUS-40212", "BF66 PKE", "2034-11-14", "2034-11-15", "active"],
        }
        self.bays = {  # bay -> street, side, kind, spaces
            "BAY-3101": ["Abbotsford Road", "north", "resident", 6],
            "BAY-3102": ["Abbotsford Road", "south", "resident", 5],
            "BAY-3103": ["Abbotsford Road", "south", "disabled", 1],
            "BAY-3201": ["Kiln Lane", "east", "pay_and_display", 8],
            "BAY-3202": ["Kiln Lane", "west", "resident", 4],
            "BAY-3301": ["Minster Walk", "north", "resident", 7],
            "BAY-3302": ["Minster Walk", "south", "loading", 2],
        }
        self.suspensions = {  # suspension -> bays, applicant, email, starts, days, reason, fee, status, posted by
            "SUS-9101": [["BAY-3201"], "Pelham Builders", "office@pelham-builders.example.com", "2034-11-20", 5,
                         "Skip and scaffold for a shop front", 285.0, "approved", None],
            "SUS-9102": [["BAY-3301"], "Thackeray Removals", "bookings@thackeray.example.co.uk", "2034-11-16", 1,
                         "Removal van", 105.0, "paid", None],
            "SUS-9103": [["BAY-3202"], "Kelso Roofing", "jobs@kelsoroofing.example.com", "2034-11-28", 2,
                         "Cherry picker for roof repairs", 150.0, "requested", None],
        }
        self.pcns = {  # pcn -> vrm, issued, street, contravention, amount, discount until, status
            "CM10481954": ["DL17 NWK", "2034-10-20", "Brewery Wharf", "01 parked on a yellow line", 70.0,
                           "2034-11-03", "open"],
            "CM10482117": ["BF66 PKE", "2034-11-02", "Minster Walk",
                           "12 parked in a residents' bay without a permit or voucher", 70.0, "2034-11-16",
                           "on_hold"],
            "CM10482231": ["YT68 LMW", "2034-11-10", "Kiln Lane",
                           "12 parked in a residents' bay without a permit or voucher", 70.0, "2034-11-24", "open"],
            "CM10482298": ["GN21 TXA", "2034-11-13", "Abbotsford Road",
                           "12 parked in a residents' bay without a permit or voucher", 70.0, "2034-11-27", "open"],
        }
        self.challenges = {  # challenge -> pcn, grounds, statement, status, decision, reason
            "CHL-701": ["CM10482117", "permit_or_session_valid",
                        "My visitor had a session running on Ms Batley's account all day", "pending", None, None],
        }
        self.messages: List[list] = []
        self.counters = {"token": 1, "customer": 40216, "vehicle": 7708, "document": 6612, "application": 8804,
                         "permit": 5524, "refund": 3302, "visitor": 2202, "suspension": 9104, "challenge": 702,
                         "message": 5610, "receipt": 77120}


# --------------------------------------------------------------------------- helpers


def _deny(state: State, token: Any, *roles: str) -> Optional[BapiReturn]:
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        return _e("AUTH", 1, "not signed in, or the session has ended; sign in first", token)
    if roles and who["role"] not in roles and who["role"] != "manager":
        return _e("AUTH", 2, f"{who['name']} ({who['role']}) may not do this; it is for "
                             f"{' or '.join(ROLE_NAMES[r] for r in roles)}", who["name"])
    return None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _vrm(value: Any) -> str:
    return " ".join(value.upper().split()) if isinstance(value, str) else ""


def _is_date(value: Any) -> bool:
    try:
        _d(value)
    except (TypeError, ValueError):
        return False
    return True


def _band(co2: int) -> str:
    return next(name for top, name, _ in GRADES if co2 <= top)


def _annual(state: State, vid: str) -> float:
    fuel, co2 = state.dvla[state.vehicles[vid][1]][2:4]
    price = next(p for top, _, p in GRADES if co2 <= top)
    return price + (DIESEL_EXTRA if fuel == "diesel" else 0.0)


def _customer(state: State, cid: str) -> Customer:
    c = state.customers[cid]
    a = state.addresses[c[3]]
    return Customer(customer_id=cid, name=c[0], email=c[1], phone=c[2], uprn=c[3], address=a[0], postcode=a[1],
                    zone=a[2])


def _vehicle(state: State, vid: str) -> Vehicle:
    cid, vrm = state.vehicles[vid]
    d = state.dvla[vrm]
    return Vehicle(vehicle_id=vid, customer_id=cid, vrm=vrm, make=d[0], fuel=d[2], co2_g_km=d[3],
                   charge_band=_band(d[3]))


def _document(state: State, did: str) -> Document:
    d = state.documents[did]
    return Document(document_id=did, customer_id=d[0], kind=d[1], reference=d[2], dated=d[3], vehicle_id=d[4],
                    status=d[5], note=d[6])


def _application(state: State, aid: str) -> Application:
    a = state.applications[aid]
    return Application(application_id=aid, customer_id=a[0], vehicle_id=a[1], vrm=state.vehicles[a[1]][1],
                       zone=a[2], months=a[3], price=a[4], status=a[5])


def _permit(state: State, pid: str) -> Permit:
    p = state.permits[pid]
    return Permit(permit_id=pid, customer_id=p[0], vrm=state.vehicles[p[1]][1], zone=p[2], valid_from=p[3],
                  valid_to=p[4], status=p[5])


def _refund(state: State, rid: str) -> Refund:
    r = state.refunds[rid]
    return Refund(refund_id=rid, permit_id=r[0], customer_id=r[1], amount=r[2], requested=r[3], status=r[4])


def _visitor_session(state: State, sid: str) -> VisitorSession:
    s = state.visitor_sessions[sid]
    return VisitorSession(session_id=sid, customer_id=s[0], vrm=s[1], starts=s[2], ends=s[3], status=s[4])


def _suspension(state: State, sid: str) -> Suspension:
    s = state.suspensions[sid]
    ends = (_d(s[3]) + datetime.timedelta(days=s[4] - 1)).isoformat()
    return Suspension(suspension_id=sid, bay_ids=list(s[0]), applicant=s[1], email=s[2], starts=s[3], ends=ends,
                      reason=s[5], fee=s[6], status=s[7], signs_posted_by=s[8])


def _pcn(state: State, number: str) -> Pcn:
    p = state.pcns[number]
    return Pcn(pcn_number=number, vrm=p[0], issued=p[1], street=p[2], contravention=p[3], amount=p[4],
               discount_until=p[5], status=p[6])


def _challenge(state: State, cid: str) -> Challenge:
    c = state.challenges[cid]
    return Challenge(challenge_id=cid, pcn_number=c[0], grounds=c[1], statement=c[2], status=c[3], decision=c[4],
                     reason=c[5])


def _find(table: dict, key: Any, cls: str, what: str) -> Tuple[Any, Optional[BapiReturn]]:
    row = table.get(key) if isinstance(key, str) else None
    return (row, None) if row is not None else (None, _e(cls, 4, f"no {what} {key}", key))


def _method(method: Any) -> Optional[str]:
    m = _value(method)
    return m if m in [p.value for p in PaymentMethod] else None


def _amount_ok(amount: Any, due: float) -> bool:
    return not isinstance(amount, bool) and isinstance(amount, (int, float)) and abs(float(amount) - due) < 0.005


def _accepted_residence(state: State, cid: str) -> Optional[list]:
    rows = [d for d in state.documents.values()
            if d[0] == cid and d[1] in ("council_tax_bill", "tenancy_agreement", "utility_bill") and d[5] == "accepted"]
    return max(rows, key=lambda d: d[3]) if rows else None


def _keeper_accepted(state: State, vid: str) -> bool:
    return any(d[4] == vid and d[5] == "accepted" for d in state.documents.values())


# --------------------------------------------------------------------------- sign-in and the public lists


def sign_in(state: State, username: str, password: str) -> Union[Session, BapiReturn]:
    """Sign in to the parking system.

    Args:
        username: A staff user name, such as ``ekow.a``.
        password: The password.

    Returns:
        The session: ``token`` (for every call but the public ones), ``name`` and ``role`` (permits, traffic,
        finance, appeals or manager).
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        return _e("AUTH", 3, "user name or password not recognised", user)
    token = f"cbc-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


def sign_out(state: State, token: str) -> Union[str, BapiReturn]:
    """End a session.

    Args:
        token: The session token.

    Returns:
        A sentence naming who was signed out.
    """
    denied = _deny(state, token)
    if denied:
        return denied
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


def parking_zones() -> List[Zone]:
    """The controlled parking zones, as the council's website lists them.

    Returns:
        Each zone's ``code``, ``name``, the ``hours`` it is controlled, whether residents may buy
        ``visitor_permits`` there and the lowest price of a year's resident permit.
    """
    return [Zone(code=code, name=z[0], hours=z[1], visitor_permits=z[2], resident_permit_from=GRADES[0][2])
            for code, z in ZONES.items()]


def find_address(state: State, postcode: str, house: Optional[str] = None) -> Union[List[Address], BapiReturn]:
    """Find addresses by postcode, as the council's address finder does (public).

    Args:
        postcode: The postcode, such as ``CM2 4AR``.
        house: Only addresses that start with this house number or name.

    Returns:
        Each address's ``uprn`` (the property's unique reference), ``address``, ``postcode`` and the parking
        ``zone`` it is in (none outside the controlled zones), in UPRN order.
    """
    if _blank(postcode):
        return _e("ADDR", 10, "postcode is required")
    pc = " ".join(postcode.upper().split())
    rows = [Address(uprn=u, address=a[0], postcode=a[1], zone=a[2]) for u, a in sorted(state.addresses.items())
            if a[1] == pc and (house is None or a[0].lower().startswith(str(house).strip().lower()))]
    if not rows:
        return _e("ADDR", 11, f"no address in the gazetteer for {pc}" + (f", {house}" if house else ""), pc)
    return rows


# --------------------------------------------------------------------------- customers


def find_customer(state: State, token: str, text: str) -> Union[List[CustomerRow], BapiReturn]:
    """Find customers by part of their name, e-mail address or postcode.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        Each customer's ``customer_id``, ``name``, ``address`` and ``postcode``, in customer id order.
    """
    denied = _deny(state, token, "permits", "finance", "appeals")
    if denied:
        return denied
    if _blank(text):
        return _e("CUST", 20, "text is required")
    needle = text.strip().lower()
    out = []
    for cid, c in sorted(state.customers.items()):
        a = state.addresses[c[3]]
        if needle in c[0].lower() or needle in c[1].lower() or needle in a[1].lower():
            out.append(CustomerRow(customer_id=cid, name=c[0], address=a[0], postcode=a[1]))
    return out


def register_customer(state: State, token: str, name: str, email: str, phone: str,
                      uprn: str) -> Union[Customer, BapiReturn]:
    """Register a customer at an address.

    Args:
        token: The session token.
        name: Full name, with a title.
        email: E-mail address.
        phone: Phone number.
        uprn: The address's UPRN, as the address finder gives it.

    Returns:
        The customer with a new ``customer_id``.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    if _blank(name) or _blank(phone):
        return _e("CUST", 21, "name and phone are required")
    if _blank(email) or "@" not in email:
        return _e("CUST", 22, f"{email!r} is not an e-mail address", email)
    if not isinstance(uprn, str) or uprn not in state.addresses:
        return _e("CUST", 23, f"no address with UPRN {uprn}; find the address by its postcode", uprn)
    for cid, c in state.customers.items():
        if c[1].lower() == email.strip().lower():
            return _e("CUST", 24, f"{email} is on file already for {c[0]} ({cid})", cid)
    cid = f"CUS-{_next(state, 'customer')}"
    state.customers[cid] = [name.strip(), email.strip(), phone.strip(), uprn, None]
    return _customer(state, cid)


def update_customer(state: State, token: str, customer_id: str, email: Optional[str] = None,
                    phone: Optional[str] = None, uprn: Optional[str] = None) -> Union[Customer, BapiReturn]:
    """Change a customer's contact details or address.

    Args:
        token: The session token.
        customer_id: The customer.
        email: A new e-mail address.
        phone: A new phone number.
        uprn: The UPRN of a new address.

    Returns:
        The customer as now on file.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    c, err = _find(state.customers, customer_id, "CUST", "customer")
    if err:
        return err
    new = list(c)
    if email is not None:
        if _blank(email) or "@" not in email:
            return _e("CUST", 22, f"{email!r} is not an e-mail address", email)
        new[1] = email.strip()
    if phone is not None:
        if _blank(phone):
            return _e("CUST", 25, "phone may not be blank")
        new[2] = phone.strip()
    if uprn is not None:
        if uprn not in state.addresses:
            return _e("CUST", 23, f"no address with UPRN {uprn}; find the address by its postcode", uprn)
        if any(p[0] == customer_id and p[5] == "active" for p in state.permits.values()) and uprn != c[3]:
            return _e("CUST", 26, f"{c[0]} holds an active permit at the old address; cancel it before the move",
                      customer_id)
        new[3] = uprn
    if new == c:
        return _e("CUST", 27, f"those are {c[0]}'s details already", customer_id)
    state.customers[customer_id] = new
    return _customer(state, customer_id)


def customer_account(state: State, token: str, customer_id: str) -> Union[CustomerAccount, BapiReturn]:
    """A customer's whole account.

    Args:
        token: The session token.
        customer_id: The customer.

    Returns:
        ``customer``; ``vehicles`` as rows of ``[vehicle_id, vrm, make, charge_band]``; ``documents`` as rows of
        ``[document_id, kind, reference, dated, vehicle_id, status]``; ``applications`` as rows of
        ``[application_id, vrm, zone, months, price, status]``; ``permits`` as rows of ``[permit_id, vrm, zone,
        valid_from, valid_to, status]``; ``visitor_days_left`` (none without a visitor account).
    """
    denied = _deny(state, token, "permits", "finance", "appeals")
    if denied:
        return denied
    _, err = _find(state.customers, customer_id, "CUST", "customer")
    if err:
        return err
    vehicles = []
    for vid, v in sorted(state.vehicles.items()):
        if v[0] == customer_id:
            x = _vehicle(state, vid)
            vehicles.append([vid, x.vrm, x.make, x.charge_band])
    visitor = state.visitor_days.get(customer_id)
    return CustomerAccount(
        customer=_customer(state, customer_id), vehicles=vehicles,
        documents=[[did, d[1], d[2], d[3], d[4], d[5]] for did, d in sorted(state.documents.items())
                   if d[0] == customer_id],
        applications=[[aid, state.vehicles[a[1]][1], a[2], a[3], a[4], a[5]]
                      for aid, a in sorted(state.applications.items()) if a[0] == customer_id],
        permits=[[pid, state.vehicles[p[1]][1], p[2], p[3], p[4], p[5]] for pid, p in sorted(state.permits.items())
                 if p[0] == customer_id],
        visitor_days_left=visitor[0] if visitor else None)


def message_customer(state: State, token: str, customer_id: str, subject: str,
                     body: str) -> BapiReturn:
    """E-mail a customer from the parking services mailbox.

    Args:
        token: The session token.
        customer_id: The customer.
        subject: The subject line.
        body: The message.

    Returns:
        The return table with one ``S`` (success) row naming the message sent and its id.
    """
    denied = _deny(state, token, "permits", "finance", "appeals")
    if denied:
        return denied
    c, err = _find(state.customers, customer_id, "CUST", "customer")
    if err:
        return err
    if _blank(subject) or _blank(body):
        return _e("CUST", 28, "subject and body are required")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, subject.strip(), body.strip()])
    return BapiReturn(RETURN=[BapiMessage(TYPE="S", ID="ZPK_CUST", NUMBER="029",
                                          MESSAGE=f"Message {mid} sent to {c[0]} at {c[1]}", MESSAGE_V1=mid)])


# --------------------------------------------------------------------------- vehicles and proofs


def vehicle_lookup(state: State, token: str, vrm: str) -> Union[VehicleDetails, BapiReturn]:
    """Look a vehicle up on the DVLA's vehicle enquiry service.

    Args:
        token: The session token.
        vrm: The registration mark, such as ``CM19 QRX``.

    Returns:
        The vehicle's ``make``, ``colour``, ``fuel``, CO2 emissions in g/km and ``year`` of first registration.
    """
    denied = _deny(state, token)
    if denied:
        return denied
    reg = _vrm(vrm)
    v = state.dvla.get(reg)
    if v is None:
        return _e("VEH", 30, f"the DVLA has no vehicle {reg or vrm!r}", reg)
    return VehicleDetails(vrm=reg, make=v[0], colour=v[1], fuel=v[2], co2_g_km=v[3], year=v[4])


def add_vehicle(state: State, token: str, customer_id: str, vrm: str) -> Union[Vehicle, BapiReturn]:
    """Add a vehicle to a customer's account (the system checks it with the DVLA itself).

    Args:
        token: The session token.
        customer_id: The customer.
        vrm: The registration mark.

    Returns:
        The vehicle with a new ``vehicle_id`` and the permit ``charge_band`` its emissions put it in.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    c, err = _find(state.customers, customer_id, "CUST", "customer")
    if err:
        return err
    reg = _vrm(vrm)
    if reg not in state.dvla:
        return _e("VEH", 30, f"the DVLA has no vehicle {reg or vrm!r}", reg)
    for vid, v in state.vehicles.items():
        if v[1] == reg:
            if v[0] == customer_id:
                return _e("VEH", 31, f"{reg} is on {c[0]}'s account already ({vid})", vid)
            return _e("VEH", 32, f"{reg} is on another customer's account ({v[0]})", vid)
    vid = f"VH-{_next(state, 'vehicle')}"
    state.vehicles[vid] = [customer_id, reg]
    return _vehicle(state, vid)


def record_residence_proof(state: State, token: str, customer_id: str, kind: ResidenceProof, reference: str,
                           dated: str) -> Union[Document, BapiReturn]:
    """Record a proof of residence the customer has shown or uploaded, to be checked.

    Args:
        token: The session token.
        customer_id: The customer.
        kind: ``council_tax_bill``, ``tenancy_agreement`` or ``utility_bill``.
        reference: The document's account or reference number.
        dated: The date on the document (YYYY-MM-DD).

    Returns:
        The document with a new ``document_id``, ``received``.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    _, err = _find(state.customers, customer_id, "CUST", "customer")
    if err:
        return err
    if kind not in ("council_tax_bill", "tenancy_agreement", "utility_bill"):
        return _e("DOC", 40, f"kind is council_tax_bill, tenancy_agreement or utility_bill, not {kind!r}", kind)
    if _blank(reference):
        return _e("DOC", 41, "reference is required")
    if not _is_date(dated) or dated > TODAY:
        return _e("DOC", 42, f"dated is the document's date (YYYY-MM-DD, not in the future), not {dated!r}", dated)
    for did, d in state.documents.items():
        if d[0] == customer_id and d[2] == reference.strip():
            return _e("DOC", 43, f"{reference.strip()} is on file already ({did})", did)
    did = f"DOC-{_next(state, 'document')}"
    state.documents[did] = [customer_id, kind, reference.strip(), dated, None, "received", None]
    return _document(state, did)


def record_keeper_proof(state: State, token: str, vehicle_id: str, kind: KeeperProof,
                        reference: str) -> Union[Document, BapiReturn]:
    """Record the proof that the customer keeps a vehicle, to be checked.

    Args:
        token: The session token.
        vehicle_id: The vehicle on the customer's account.
        kind: ``v5c`` (the logbook), ``company_car_letter`` or ``lease_agreement``.
        reference: The document's number.

    Returns:
        The document with a new ``document_id``, ``received``.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    v, err = _find(state.vehicles, vehicle_id, "VEH", "vehicle")
    if err:
        return err
    if kind not in ("v5c", "company_car_letter", "lease_agreement"):
        return _e("DOC", 44, f"kind is v5c, company_car_letter or lease_agreement, not {kind!r}", kind)
    if _blank(reference):
        return _e("DOC", 41, "reference is required")
    for did, d in state.documents.items():
        if d[4] == vehicle_id and d[5] in ("received", "accepted"):
            return _e("DOC", 45, f"{v[1]} has keeper proof {did} ({d[5]}) already", did)
    did = f"DOC-{_next(state, 'document')}"
    state.documents[did] = [v[0], kind, reference.strip(), None, vehicle_id, "received", None]
    return _document(state, did)


def check_document(state: State, token: str, document_id: str, outcome: CheckOutcome,
                   note: Optional[str] = None) -> Union[Document, BapiReturn]:
    """Record the check of a document received: accepted, or rejected with a note.

    Args:
        token: The session token.
        document_id: The document.
        outcome: ``accept`` or ``reject``.
        note: Why it is rejected (required then).

    Returns:
        The document, ``accepted`` or ``rejected``.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    d, err = _find(state.documents, document_id, "DOC", "document")
    if err:
        return err
    if outcome not in ("accept", "reject"):
        return _e("DOC", 46, f"outcome is accept or reject, not {outcome!r}", outcome)
    if d[5] != "received":
        return _e("DOC", 47, f"{document_id} was checked already ({d[5]})", document_id)
    if outcome == "reject" and _blank(note):
        return _e("DOC", 48, "a rejection needs a note saying why")
    d[5] = "accepted" if outcome == "accept" else "rejected"
    d[6] = note.strip() if not _blank(note) else None
    return _document(state, document_id)


# --------------------------------------------------------------------------- residents' permits


def apply_permit(state: State, token: str, customer_id: str, vehicle_id: str, zone: str,
                 months: int) -> Union[Application, BapiReturn]:
    """Take an application for a resident's permit for one vehicle in the zone of the customer's address.

    Args:
        token: The session token.
        customer_id: The resident.
        vehicle_id: The vehicle, on the resident's account.
        zone: The zone's code.
        months: How long the permit runs.

    Returns:
        The application with a new ``application_id`` and its ``price``, ``awaiting_payment``.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    c, err = _find(state.customers, customer_id, "CUST", "customer")
    if err:
        return err
    v, err = _find(state.vehicles, vehicle_id, "VEH", "vehicle")
    if err:
        return err
    if not isinstance(zone, str) or zone not in ZONES:
        return _e("APPL", 110, f"no parking zone {zone!r}", zone)
    if isinstance(months, bool) or months not in MONTHS:
        return _e("APPL", 111, f"resident permits are sold for 3, 6 or 12 months, not {months!r}", months)
    if v[0] != customer_id:
        return _e("APPL", 112, f"{v[1]} is not on {c[0]}'s account", vehicle_id)
    address = state.addresses[c[3]]
    if c[3] in CAR_FREE:
        return _e("APPL", 113, f"{address[0]} is in a car-free development; its residents are not issued permits",
                  c[3])
    if address[2] != zone:
        return _e("APPL", 114, f"{address[0]} is in zone {address[2] or 'none'}; a permit is issued for the zone of "
                               "the address", customer_id)
    proof = _accepted_residence(state, customer_id)
    if proof is None:
        return _e("APPL", 115, f"{c[0]} has no accepted proof of residence; record one and have it checked",
                  customer_id)
    if (_d(TODAY) - _d(proof[3])).days > 92:
        return _e("APPL", 116, f"{c[0]}'s proof of residence is dated {proof[3]}; it must be dated in the last "
                               "three months", customer_id)
    if not _keeper_accepted(state, vehicle_id):
        return _e("APPL", 117, f"there is no accepted keeper proof for {v[1]}; record it and have it checked",
                  vehicle_id)
    for pid, p in state.permits.items():
        if p[1] == vehicle_id and p[5] == "active":
            return _e("APPL", 118, f"{v[1]} holds permit {pid} already", pid)
    for aid, a in state.applications.items():
        if a[1] == vehicle_id and a[5] in ("awaiting_payment", "paid"):
            return _e("APPL", 119, f"{v[1]} has application {aid} open already", aid)
    at_address = sum(1 for p in state.permits.values()
                     if p[5] == "active" and state.customers[p[0]][3] == c[3])
    if at_address >= 2:
        return _e("APPL", 120, f"{address[0]} holds two permits already; an address has at most two", c[3])
    price = round(_annual(state, vehicle_id) * MONTHS[months] * (1.5 if at_address == 1 else 1.0), 2)
    aid = f"APP-{_next(state, 'application')}"
    state.applications[aid] = [customer_id, vehicle_id, zone, months, price, "awaiting_payment"]
    return _application(state, aid)


def applications(state: State, token: str, status: Optional[str] = None,
                 customer_id: Optional[str] = None) -> Union[List[Application], BapiReturn]:
    """The permit applications, in application id order.

    Args:
        token: The session token.
        status: Only those ``awaiting_payment``, ``paid`` or ``issued``.
        customer_id: Only this customer's.

    Returns:
        Each application's id, customer, vehicle, registration, zone, months, price and status.
    """
    denied = _deny(state, token, "permits", "finance")
    if denied:
        return denied
    if status is not None and status not in ("awaiting_payment", "paid", "issued"):
        return _e("APPL", 121, f"status is awaiting_payment, paid or issued, not {status!r}", status)
    return [_application(state, aid) for aid, a in sorted(state.applications.items())
            if (status is None or a[5] == status) and (customer_id is None or a[0] == customer_id)]


def pay_application(state: State, token: str, application_id: str, amount: float,
                    method: PaymentMethod) -> Union[Application, BapiReturn]:
    """Take the payment for a permit application.

    Args:
        token: The session token.
        application_id: The application.
        amount: The amount paid in pounds.
        method: ``card``, ``cheque`` or ``bank_transfer``.

    Returns:
        The application, ``paid``.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    a, err = _find(state.applications, application_id, "APPL", "application")
    if err:
        return err
    m = _method(method)
    if m is None:
        return _e("PAY", 130, f"method is card, cheque or bank_transfer, not {_value(method)!r}", _value(method))
    if a[5] != "awaiting_payment":
        return _e("PAY", 131, f"{application_id} is {a[5]}; only an application awaiting payment is paid",
                  application_id)
    if not _amount_ok(amount, a[4]):
        return _e("PAY", 132, f"{application_id} costs {a[4]:.2f}, not {amount!r}", application_id)
    a[5] = "paid"
    return _application(state, application_id)


def issue_permit(state: State, token: str, application_id: str,
                 starts: Optional[str] = None) -> Union[Permit, BapiReturn]:
    """Issue the virtual permit for a paid application.

    Args:
        token: The session token.
        application_id: The application.
        starts: The first day of the permit (YYYY-MM-DD, today or within 28 days); today when left out.

    Returns:
        The permit with a new ``permit_id``, ``active``.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    a, err = _find(state.applications, application_id, "APPL", "application")
    if err:
        return err
    if a[5] == "issued":
        return _e("APPL", 122, f"{application_id} was issued already", application_id)
    if a[5] != "paid":
        return _e("APPL", 123, f"{application_id} is {a[5].replace('_', ' ')}; a permit is issued once paid",
                  application_id)
    first = starts if starts is not None else TODAY
    if not _is_date(first) or not 0 <= (_d(first) - _d(TODAY)).days <= 28:
        return _e("APPL", 124, f"starts is a date from today to 28 days ahead, not {starts!r}", starts)
    end = _d(first)
    month = end.month - 1 + a[3]
    end = end.replace(year=end.year + month // 12, month=month % 12 + 1, day=min(end.day, 28))
    last = (end - datetime.timedelta(days=1)).isoformat()
    pid = f"PMT-{_next(state, 'permit')}"
    state.permits[pid] = [a[0], a[1], a[2], first, last, "active", a[4], a[3]]
    a[5] = "issued"
    return _permit(state, pid)


def permits(state: State, token: str, zone: Optional[str] = None, vrm: Optional[str] = None,
            status: Optional[PermitStatus] = None) -> Union[List[Permit], BapiReturn]:
    """The residents' permits, in permit id order.

    Args:
        token: The session token.
        zone: Only this zone's (its code).
        vrm: Only the permits of this registration.
        status: Only those ``active``, ``expired`` or ``cancelled``.

    Returns:
        Each permit's id, customer, registration, zone, dates and status.
    """
    denied = _deny(state, token)
    if denied:
        return denied
    want = _value(status)
    if want is not None and want not in [s.value for s in PermitStatus]:
        return _e("PRMT", 140, f"status is active, expired or cancelled, not {want!r}", want)
    reg = _vrm(vrm) if vrm is not None else None
    return [_permit(state, pid) for pid, p in sorted(state.permits.items())
            if (zone is None or p[2] == zone) and (want is None or p[5] == want)
            and (reg is None or state.vehicles[p[1]][1] == reg)]


def change_permit_vehicle(state: State, token: str, permit_id: str, vehicle_id: str) -> Union[Permit, BapiReturn]:
    """Move an active permit to another of the holder's vehicles (a change of car).

    Args:
        token: The session token.
        permit_id: The permit.
        vehicle_id: The new vehicle, on the holder's account.

    Returns:
        The permit with the new registration.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    p, err = _find(state.permits, permit_id, "PRMT", "permit")
    if err:
        return err
    v, err = _find(state.vehicles, vehicle_id, "VEH", "vehicle")
    if err:
        return err
    if p[5] != "active":
        return _e("PRMT", 141, f"{permit_id} is {p[5]}", permit_id)
    if p[1] == vehicle_id:
        return _e("PRMT", 142, f"{permit_id} is for {v[1]} already", permit_id)
    if v[0] != p[0]:
        return _e("PRMT", 143, f"{v[1]} is not on the permit holder's account", vehicle_id)
    if not _keeper_accepted(state, vehicle_id):
        return _e("PRMT", 144, f"there is no accepted keeper proof for {v[1]}; record it and have it checked",
                  vehicle_id)
    if any(q[1] == vehicle_id and q[5] == "active" for q in state.permits.values()):
        return _e("PRMT", 145, f"{v[1]} holds a permit already", vehicle_id)
    p[1] = vehicle_id
    return _permit(state, permit_id)


def renew_permit(state: State, token: str, permit_id: str, months: int, amount: float,
                 method: PaymentMethod) -> Union[Permit, BapiReturn]:
    """Renew an active permit that is near its end, taking the payment.

    Args:
        token: The session token.
        permit_id: The permit.
        months: How long the renewal runs.
        amount: The amount paid in pounds.
        method: ``card``, ``cheque`` or ``bank_transfer``.

    Returns:
        The permit with its new end date.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    p, err = _find(state.permits, permit_id, "PRMT", "permit")
    if err:
        return err
    if p[5] != "active":
        return _e("PRMT", 141, f"{permit_id} is {p[5]}", permit_id)
    if isinstance(months, bool) or months not in MONTHS:
        return _e("PRMT", 146, f"resident permits are sold for 3, 6 or 12 months, not {months!r}", months)
    left = (_d(p[4]) - _d(TODAY)).days
    if left > 28:
        return _e("PRMT", 147, f"{permit_id} runs to {p[4]}; a permit is renewed in its last 28 days", permit_id)
    m = _method(method)
    if m is None:
        return _e("PAY", 130, f"method is card, cheque or bank_transfer, not {_value(method)!r}", _value(method))
    due = round(_annual(state, p[1]) * MONTHS[months], 2)
    if not _amount_ok(amount, due):
        return _e("PAY", 132, f"renewing {permit_id} for {months} months costs {due:.2f}, not {amount!r}",
                  permit_id)
    end = _d(p[4]) + datetime.timedelta(days=1)
    month = end.month - 1 + months
    end = end.replace(year=end.year + month // 12, month=month % 12 + 1, day=min(end.day, 28))
    p[4] = (end - datetime.timedelta(days=1)).isoformat()
    p[6], p[7] = due, months
    return _permit(state, permit_id)


def cancel_permit(state: State, token: str, permit_id: str, reason: str) -> Union[Cancellation, BapiReturn]:
    """Cancel an active permit; a refund for the whole months left is raised for finance to approve.

    Args:
        token: The session token.
        permit_id: The permit.
        reason: Why.

    Returns:
        The cancellation, with the ``refund_id`` and ``refund_amount`` (none when no whole month is left).
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    p, err = _find(state.permits, permit_id, "PRMT", "permit")
    if err:
        return err
    if _blank(reason):
        return _e("PRMT", 148, "reason is required")
    if p[5] != "active":
        return _e("PRMT", 141, f"{permit_id} is {p[5]}", permit_id)
    months_left = ((_d(p[4]) - _d(TODAY)).days + 1) // 30
    amount = round(p[6] * min(months_left, p[7]) / p[7], 2) if months_left >= 1 else 0.0
    p[5] = "cancelled"
    rid = None
    if amount > 0:
        rid = f"REF-{_next(state, 'refund')}"
        state.refunds[rid] = [permit_id, p[0], amount, TODAY, "pending"]
    return Cancellation(permit_id=permit_id, vrm=state.vehicles[p[1]][1], cancelled_on=TODAY, refund_id=rid,
                        refund_amount=amount)


def refunds(state: State, token: str, status: Optional[RefundStatus] = None) -> Union[List[Refund], BapiReturn]:
    """The permit refunds, in refund id order.

    Args:
        token: The session token.
        status: Only those ``pending`` or ``approved``.

    Returns:
        Each refund's id, permit, customer, amount, the day it was requested and its status.
    """
    denied = _deny(state, token, "finance", "permits")
    if denied:
        return denied
    if status is not None and status not in ("pending", "approved"):
        return _e("FIN", 150, f"status is pending or approved, not {status!r}", status)
    return [_refund(state, rid) for rid, r in sorted(state.refunds.items()) if status is None or r[4] == status]


def approve_refund(state: State, token: str, refund_id: str) -> Union[Refund, BapiReturn]:
    """Approve a pending refund for payment to the customer's card or account.

    Args:
        token: The session token.
        refund_id: The refund.

    Returns:
        The refund, ``approved``.
    """
    denied = _deny(state, token, "finance")
    if denied:
        return denied
    r, err = _find(state.refunds, refund_id, "FIN", "refund")
    if err:
        return err
    if r[4] != "pending":
        return _e("FIN", 151, f"{refund_id} is {r[4]} already", refund_id)
    r[4] = "approved"
    return _refund(state, refund_id)


# --------------------------------------------------------------------------- visitor permits


def activate_visitor_account(state: State, token: str, customer_id: str,
                             pin: str) -> Union[VisitorAccount, BapiReturn]:
    """Set up a resident's visitor account, with the four-digit PIN they use to start sessions by phone.

    Args:
        token: The session token.
        customer_id: The resident.
        pin: Four digits.

    Returns:
        The visitor account, with no days on it yet.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    c, err = _find(state.customers, customer_id, "CUST", "customer")
    if err:
        return err
    if not isinstance(pin, str) or len(pin) != 4 or not pin.isdigit():
        return _e("VIS", 160, "pin is four digits")
    if customer_id in state.visitor_days:
        return _e("VIS", 161, f"{c[0]} has a visitor account already", customer_id)
    address = state.addresses[c[3]]
    if address[2] is None or not ZONES[address[2]][2] or c[3] in CAR_FREE:
        return _e("VIS", 162, f"{address[0]} is not in a zone where visitor permits are sold", customer_id)
    if _accepted_residence(state, customer_id) is None:
        return _e("VIS", 163, f"{c[0]} has no accepted proof of residence; record one and have it checked",
                  customer_id)
    c[4] = pin
    state.visitor_days[customer_id] = [0, 0]
    return VisitorAccount(customer_id=customer_id, name=c[0], zone=address[2], days_left=0, days_bought_this_year=0)


def buy_visitor_days(state: State, token: str, customer_id: str, days: int, amount: float,
                     method: PaymentMethod) -> Union[int, BapiReturn]:
    """Sell visitor days onto a resident's visitor account.

    Args:
        token: The session token.
        customer_id: The resident.
        days: How many days.
        amount: The amount paid in pounds.
        method: ``card``, ``cheque`` or ``bank_transfer``.

    Returns:
        The days now left on the account.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    c, err = _find(state.customers, customer_id, "CUST", "customer")
    if err:
        return err
    account = state.visitor_days.get(customer_id)
    if account is None:
        return _e("VIS", 164, f"{c[0]} has no visitor account; set one up first", customer_id)
    if isinstance(days, bool) or not isinstance(days, int) or days <= 0 or days % 10:
        return _e("VIS", 165, f"visitor days are sold in books of ten, not {days!r}", days)
    if account[1] + days > VISITOR_YEAR_MAX:
        return _e("VIS", 166, f"{c[0]} has bought {account[1]} days this year; a household buys at most "
                              f"{VISITOR_YEAR_MAX}", customer_id)
    m = _method(method)
    if m is None:
        return _e("PAY", 130, f"method is card, cheque or bank_transfer, not {_value(method)!r}", _value(method))
    due = days * VISITOR_DAY
    if not _amount_ok(amount, due):
        return _e("PAY", 132, f"{days} visitor days cost {due:.2f}, not {amount!r}", customer_id)
    account[0] += days
    account[1] += days
    return account[0]


def start_visitor_session(state: State, token: str, customer_id: str, vrm: str,
                          days: int = 1) -> Union[VisitorSession, BapiReturn]:
    """Start a visitor session for a visitor's vehicle from today, using days on the resident's account.

    Args:
        token: The session token.
        customer_id: The resident.
        vrm: The visitor's registration mark.
        days: How many days, from today.

    Returns:
        The session with a new ``session_id``, ``active``.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    c, err = _find(state.customers, customer_id, "CUST", "customer")
    if err:
        return err
    account = state.visitor_days.get(customer_id)
    if account is None:
        return _e("VIS", 164, f"{c[0]} has no visitor account; set one up first", customer_id)
    reg = _vrm(vrm)
    if not reg:
        return _e("VIS", 167, "vrm is required")
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 14:
        return _e("VIS", 168, f"days is 1 to 14, not {days!r}", days)
    if account[0] < days:
        return _e("VIS", 169, f"{c[0]} has {account[0]} visitor days left; {days} needed", customer_id)
    own = {v[1] for v in state.vehicles.values() if v[0] == customer_id}
    if reg in own:
        return _e("VIS", 170, f"{reg} is {c[0]}'s own vehicle; visitor sessions are for visitors' vehicles", reg)
    for sid, s in state.visitor_sessions.items():
        if s[1] == reg and s[4] == "active":
            return _e("VIS", 171, f"{reg} has session {sid} running already", sid)
    account[0] -= days
    sid = f"VSN-{_next(state, 'visitor')}"
    ends = (_d(TODAY) + datetime.timedelta(days=days)).isoformat()
    state.visitor_sessions[sid] = [customer_id, reg, TODAY, ends, "active"]
    return _visitor_session(state, sid)


def visitor_sessions(state: State, token: str, customer_id: Optional[str] = None,
                     active_only: bool = False) -> Union[List[VisitorSession], BapiReturn]:
    """The visitor sessions, in session id order.

    Args:
        token: The session token.
        customer_id: Only this resident's.
        active_only: Only sessions still running.

    Returns:
        Each session's id, resident, registration, start, end and status.
    """
    denied = _deny(state, token, "permits", "appeals")
    if denied:
        return denied
    return [_visitor_session(state, sid) for sid, s in sorted(state.visitor_sessions.items())
            if (customer_id is None or s[0] == customer_id) and (not active_only or s[4] == "active")]


def end_visitor_session(state: State, token: str, session_id: str) -> Union[str, BapiReturn]:
    """End a visitor session early; whole days not yet begun go back on the resident's account.

    Args:
        token: The session token.
        session_id: The session.

    Returns:
        A sentence naming the session and the days returned.
    """
    denied = _deny(state, token, "permits")
    if denied:
        return denied
    s, err = _find(state.visitor_sessions, session_id, "VIS", "visitor session")
    if err:
        return err
    if s[4] != "active":
        return _e("VIS", 172, f"{session_id} has ended already", session_id)
    back = max(0, (_d(s[3]) - _d(TODAY)).days - 1)
    s[3], s[4] = TODAY, "ended"
    state.visitor_days[s[0]][0] += back
    return f"Visitor session {session_id} for {s[1]} ended; {back} day(s) returned to the account."


# --------------------------------------------------------------------------- bay suspensions


def find_bays(state: State, token: str, street: str) -> Union[List[Bay], BapiReturn]:
    """The parking bays in a street.

    Args:
        token: The session token.
        street: The street, or part of its name.

    Returns:
        Each bay's ``bay_id``, ``street``, ``side``, ``kind`` (resident, pay_and_display, disabled, loading) and
        number of ``spaces``, in bay id order.
    """
    denied = _deny(state, token, "traffic", "permits")
    if denied:
        return denied
    if _blank(street):
        return _e("SUSP", 180, "street is required")
    needle = street.strip().lower()
    return [Bay(bay_id=bid, street=b[0], side=b[1], kind=b[2], spaces=b[3]) for bid, b in sorted(state.bays.items())
            if needle in b[0].lower()]


def request_suspension(state: State, token: str, bay_ids: List[str], applicant: str, email: str, starts: str,
                       days: int, reason: str) -> Union[Suspension, BapiReturn]:
    """Take a request to suspend parking bays (for a removal van, a skip, building work).

    Args:
        token: The session token.
        bay_ids: The bays to suspend.
        applicant: The person or firm asking.
        email: Their e-mail address.
        starts: The first day (YYYY-MM-DD).
        days: How many days.
        reason: What the bays are wanted for.

    Returns:
        The suspension with a new ``suspension_id`` and its ``fee``, ``requested``.
    """
    denied = _deny(state, token, "traffic")
    if denied:
        return denied
    if not isinstance(bay_ids, list) or not bay_ids:
        return _e("SUSP", 181, "bay_ids is a list of bays")
    for bid in bay_ids:
        b = state.bays.get(bid) if isinstance(bid, str) else None
        if b is None:
            return _e("SUSP", 182, f"no bay {bid}", bid)
        if b[2] == "disabled":
            return _e("SUSP", 183, f"{bid} is a disabled bay; disabled bays are never suspended", bid)
    if _blank(applicant) or _blank(reason):
        return _e("SUSP", 184, "applicant and reason are required")
    if _blank(email) or "@" not in email:
        return _e("SUSP", 185, f"{email!r} is not an e-mail address", email)
    if not _is_date(starts):
        return _e("SUSP", 186, f"starts is a date (YYYY-MM-DD), not {starts!r}", starts)
    if (_d(starts) - _d(TODAY)).days < 7:
        return _e("SUSP", 187, f"a suspension starts at least seven days ahead; the first day possible is "
                               f"{(_d(TODAY) + datetime.timedelta(days=7)).isoformat()}", starts)
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 14:
        return _e("SUSP", 188, f"days is 1 to 14, not {days!r}", days)
    fee = round(BAY_DAY * len(bay_ids) * days + SUSPENSION_ADMIN, 2)
    sid = f"SUS-{_next(state, 'suspension')}"
    state.suspensions[sid] = [list(bay_ids), applicant.strip(), email.strip(), starts, days, reason.strip(), fee,
                              "requested", None]
    return _suspension(state, sid)


def suspensions(state: State, token: str, status: Optional[SuspensionStatus] = None,
                street: Optional[str] = None) -> Union[List[Suspension], BapiReturn]:
    """The bay suspensions, in suspension id order.

    Args:
        token: The session token.
        status: Only those ``requested``, ``approved``, ``paid``, ``signed`` or ``cancelled``.
        street: Only those of bays in this street.

    Returns:
        Each suspension's id, bays, applicant, e-mail, dates, reason, fee, status and who posted its signs.
    """
    denied = _deny(state, token, "traffic", "permits")
    if denied:
        return denied
    want = _value(status)
    if want is not None and want not in [s.value for s in SuspensionStatus]:
        return _e("SUSP", 189, f"status is requested, approved, paid, signed or cancelled, not {want!r}", want)
    out = []
    for sid, s in sorted(state.suspensions.items()):
        if want is not None and s[7] != want:
            continue
        if street is not None and not any(street.strip().lower() in state.bays[b][0].lower() for b in s[0]):
            continue
        out.append(_suspension(state, sid))
    return out


def approve_suspension(state: State, token: str, suspension_id: str) -> Union[Suspension, BapiReturn]:
    """Approve a requested suspension, once no other suspension holds the same bays on those days.

    Args:
        token: The session token.
        suspension_id: The suspension.

    Returns:
        The suspension, ``approved``, for the applicant to pay.
    """
    denied = _deny(state, token, "traffic")
    if denied:
        return denied
    s, err = _find(state.suspensions, suspension_id, "SUSP", "suspension")
    if err:
        return err
    if s[7] != "requested":
        return _e("SUSP", 190, f"{suspension_id} is {s[7]}; only a requested suspension is approved", suspension_id)
    first, last = _d(s[3]), _d(s[3]) + datetime.timedelta(days=s[4] - 1)
    for oid, o in state.suspensions.items():
        if oid == suspension_id or o[7] in ("requested", "cancelled") or not set(o[0]) & set(s[0]):
            continue
        o_first, o_last = _d(o[3]), _d(o[3]) + datetime.timedelta(days=o[4] - 1)
        if first <= o_last and o_first <= last:
            return _e("SUSP", 191, f"{oid} holds {', '.join(sorted(set(o[0]) & set(s[0])))} on those days", oid)
    s[7] = "approved"
    return _suspension(state, suspension_id)


def pay_suspension(state: State, token: str, suspension_id: str, amount: float,
                   method: PaymentMethod) -> Union[Suspension, BapiReturn]:
    """Take the fee for an approved suspension.

    Args:
        token: The session token.
        suspension_id: The suspension.
        amount: The amount paid in pounds.
        method: ``card``, ``cheque`` or ``bank_transfer``.

    Returns:
        The suspension, ``paid``.
    """
    denied = _deny(state, token, "traffic")
    if denied:
        return denied
    s, err = _find(state.suspensions, suspension_id, "SUSP", "suspension")
    if err:
        return err
    m = _method(method)
    if m is None:
        return _e("PAY", 130, f"method is card, cheque or bank_transfer, not {_value(method)!r}", _value(method))
    if s[7] != "approved":
        return _e("SUSP", 192, f"{suspension_id} is {s[7]}; a suspension is paid once approved", suspension_id)
    if not _amount_ok(amount, s[6]):
        return _e("PAY", 132, f"{suspension_id} costs {s[6]:.2f}, not {amount!r}", suspension_id)
    s[7] = "paid"
    return _suspension(state, suspension_id)


def record_signs_posted(state: State, token: str, suspension_id: str,
                        posted_by: str) -> Union[Suspension, BapiReturn]:
    """Record that the suspension signs are up at the bays (they go up once the fee is paid).

    Args:
        token: The session token.
        suspension_id: The suspension.
        posted_by: Who put the signs up.

    Returns:
        The suspension, ``signed``.
    """
    denied = _deny(state, token, "traffic")
    if denied:
        return denied
    s, err = _find(state.suspensions, suspension_id, "SUSP", "suspension")
    if err:
        return err
    if _blank(posted_by):
        return _e("SUSP", 193, "posted_by is required")
    if s[7] == "signed":
        return _e("SUSP", 194, f"the signs for {suspension_id} were posted already by {s[8]}", suspension_id)
    if s[7] != "paid":
        return _e("SUSP", 195, f"{suspension_id} is {s[7]}; the signs go up once the fee is paid", suspension_id)
    s[7], s[8] = "signed", posted_by.strip()
    return _suspension(state, suspension_id)


def cancel_suspension(state: State, token: str, suspension_id: str, reason: str) -> Union[str, BapiReturn]:
    """Cancel a suspension that has not started.

    Args:
        token: The session token.
        suspension_id: The suspension.
        reason: Why.

    Returns:
        A sentence naming the suspension and the bays freed.
    """
    denied = _deny(state, token, "traffic")
    if denied:
        return denied
    s, err = _find(state.suspensions, suspension_id, "SUSP", "suspension")
    if err:
        return err
    if _blank(reason):
        return _e("SUSP", 196, "reason is required")
    if s[7] == "cancelled":
        return _e("SUSP", 197, f"{suspension_id} is cancelled already", suspension_id)
    if s[3] <= TODAY:
        return _e("SUSP", 198, f"{suspension_id} started on {s[3]}", suspension_id)
    s[7] = "cancelled"
    return f"Suspension {suspension_id} cancelled; {', '.join(s[0])} free again from {s[3]}."


# --------------------------------------------------------------------------- penalty charge notices


def pcns_for_vehicle(state: State, token: str, vrm: str) -> Union[List[Pcn], BapiReturn]:
    """The penalty charge notices issued to a vehicle.

    Args:
        token: The session token.
        vrm: The registration mark.

    Returns:
        Each PCN's ``pcn_number``, registration, the day it was issued, street, contravention, full ``amount``, the
        last day of the half-price discount and its status (open, on_hold, paid, cancelled), in number order.
    """
    denied = _deny(state, token, "permits", "appeals")
    if denied:
        return denied
    reg = _vrm(vrm)
    if not reg:
        return _e("PCN", 200, "vrm is required")
    return [_pcn(state, n) for n, p in sorted(state.pcns.items()) if p[0] == reg]


def challenge_pcn(state: State, token: str, pcn_number: str, grounds: str,
                  statement: str) -> Union[Challenge, BapiReturn]:
    """Record a motorist's informal challenge to a PCN; the PCN is put on hold until it is decided.

    Args:
        token: The session token.
        pcn_number: The PCN.
        grounds: The grounds of the challenge.
        statement: What the motorist says.

    Returns:
        The challenge with a new ``challenge_id``, ``pending``.
    """
    denied = _deny(state, token, "appeals", "permits")
    if denied:
        return denied
    p, err = _find(state.pcns, pcn_number, "PCN", "PCN")
    if err:
        return err
    if grounds not in GROUNDS:
        return _e("PCN", 201, f"grounds is one of {', '.join(GROUNDS)}; not {grounds!r}", grounds)
    if _blank(statement):
        return _e("PCN", 202, "statement is required")
    if p[6] == "on_hold":
        return _e("PCN", 203, f"{pcn_number} is under challenge already", pcn_number)
    if p[6] != "open":
        return _e("PCN", 204, f"{pcn_number} is {p[6]}", pcn_number)
    cid = f"CHL-{_next(state, 'challenge')}"
    state.challenges[cid] = [pcn_number, grounds, statement.strip(), "pending", None, None]
    p[6] = "on_hold"
    return _challenge(state, cid)


def challenges(state: State, token: str, status: Optional[str] = None) -> Union[List[Challenge], BapiReturn]:
    """The challenges to PCNs, in challenge id order.

    Args:
        token: The session token.
        status: Only those ``pending`` or ``decided``.

    Returns:
        Each challenge's id, PCN, grounds, statement, status and, once decided, the decision and its reason.
    """
    denied = _deny(state, token, "appeals")
    if denied:
        return denied
    if status is not None and status not in ("pending", "decided"):
        return _e("PCN", 205, f"status is pending or decided, not {status!r}", status)
    return [_challenge(state, cid) for cid, c in sorted(state.challenges.items()) if status is None or c[3] == status]


def decide_challenge(state: State, token: str, challenge_id: str, decision: Decision,
                     reason: str) -> Union[Challenge, BapiReturn]:
    """Decide a pending challenge: accepted cancels the PCN; rejected reopens it with the discount offered again
    for 14 days.

    Args:
        token: The session token.
        challenge_id: The challenge.
        decision: ``accept`` or ``reject``.
        reason: The reason, as the letter to the motorist gives it.

    Returns:
        The challenge, ``decided``.
    """
    denied = _deny(state, token, "appeals")
    if denied:
        return denied
    c, err = _find(state.challenges, challenge_id, "PCN", "challenge")
    if err:
        return err
    if decision not in ("accept", "reject"):
        return _e("PCN", 206, f"decision is accept or reject, not {decision!r}", decision)
    if _blank(reason):
        return _e("PCN", 207, "reason is required")
    if c[3] != "pending":
        return _e("PCN", 208, f"{challenge_id} was decided already ({c[4]})", challenge_id)
    c[3], c[4], c[5] = "decided", decision, reason.strip()
    p = state.pcns[c[0]]
    if decision == "accept":
        p[6] = "cancelled"
    else:
        p[5], p[6] = (_d(TODAY) + datetime.timedelta(days=14)).isoformat(), "open"
    return _challenge(state, challenge_id)


def pay_pcn(state: State, token: str, pcn_number: str, amount: float,
            method: PaymentMethod) -> Union[str, BapiReturn]:
    """Take payment of a PCN (half the amount while the discount lasts).

    Args:
        token: The session token.
        pcn_number: The PCN.
        amount: The amount paid in pounds.
        method: ``card``, ``cheque`` or ``bank_transfer``.

    Returns:
        A sentence with the receipt's reference.
    """
    denied = _deny(state, token, "permits", "appeals")
    if denied:
        return denied
    p, err = _find(state.pcns, pcn_number, "PCN", "PCN")
    if err:
        return err
    m = _method(method)
    if m is None:
        return _e("PAY", 130, f"method is card, cheque or bank_transfer, not {_value(method)!r}", _value(method))
    if p[6] == "on_hold":
        return _e("PCN", 209, f"{pcn_number} is on hold under a challenge; it is paid once the challenge is decided",
                  pcn_number)
    if p[6] != "open":
        return _e("PCN", 204, f"{pcn_number} is {p[6]}", pcn_number)
    due = p[4] / 2 if p[5] and TODAY <= p[5] else p[4]
    if not _amount_ok(amount, due):
        return _e("PAY", 132, f"{pcn_number} is {due:.2f} today, not {amount!r}", pcn_number)
    p[6] = "paid"
    receipt = f"RC-{_next(state, 'receipt')}"
    return f"PCN {pcn_number} ({p[0]}) paid, {due:.2f} by {m}; receipt {receipt}."


TOOLS = [
    sign_in, sign_out, parking_zones, find_address, find_customer, register_customer, update_customer,
    customer_account, message_customer, vehicle_lookup, add_vehicle, record_residence_proof, record_keeper_proof,
    check_document, apply_permit, applications, pay_application, issue_permit, permits, change_permit_vehicle,
    renew_permit, cancel_permit, refunds, approve_refund, activate_visitor_account, buy_visitor_days,
    start_visitor_session, visitor_sessions, end_visitor_session, find_bays, request_suspension, suspensions,
    approve_suspension, pay_suspension, record_signs_posted, cancel_suspension, pcns_for_vehicle, challenge_pcn,
    challenges, decide_challenge, pay_pcn,
]

FIXTURES = {
    "council": {"name": "Castlemere Borough Council, parking services",
                "today": "Tuesday 14 November 2034 at a quarter past nine in the morning"},
    "staff": [
        {"name": "Ekow Amankwah", "role": "permits officer", "username": "ekow.a", "password": "Pay-Display-44"},
        {"name": "Yvette Pennock", "role": "permits officer", "username": "yvette.p", "password": "Kerb-Side-19"},
        {"name": "Osric Teasdale", "role": "traffic team (bay suspensions)", "username": "osric.t",
         "password": "Cone-Sign-72"},
        {"name": "Gaenor Tillotson", "role": "finance", "username": "gaenor.t", "password": "Ledger-Line-8"},
        {"name": "Siobhan Kinsella", "role": "appeals officer", "username": "siobhan.k",
         "password": "Grounds-Appeal-3"},
        {"name": "Delia Marchetti", "role": "parking services manager", "username": "delia.m",
         "password": "Castle-Mere-61"},
    ],
    "new_customer": {
        "name": "Ms Ottilie Brackenbury", "email": "ottilie.brackenbury@example.com", "phone": "07700 900431",
        "address": "19 Abbotsford Road, Castlemere CM2 4AR (moved in last month)",
        "car": "her own green Mazda CX-5 diesel, GN21 TXA, logbook (V5C) number V5C 6120 3345 871",
        "proof_of_residence": "a council tax bill, reference CT 5530118, dated 28 October 2034",
        "wants": "a resident's permit for a year, paid by card; a visitor account (PIN 2580) with ten visitor days "
                 "for her mother's Nissan Micra, SA15 GWR; and to challenge the ticket her Mazda got in Abbotsford "
                 "Road yesterday while she waited for her permit",
    },
    "notes": [
        "Mr Anwar Qureshi wants to renew his permit for another year by card before it runs out",
        "Mr Qureshi has bought a red Peugeot 207 diesel, LB09 KTE (V5C 7781 0032 554), to replace his Skoda",
        "Mrs Beatrix Fothergill has leased a Kia Niro EV and sent in the lease agreement for it",
        "Ms Rhiannon Batley is moving out of Minster Walk at the end of the month",
        "Dr Marguerite Ravensworth is paying for her Kiln Lane permit application today, 80 pounds by card",
        "Dr Ravensworth's yellow Citroen C3, HK14 DWV, is on her account; she has brought its logbook, V5C 3390 "
        "1204 786, and wants her permit moved to it",
        "Pelham Builders are paying for their Kiln Lane suspension by bank transfer",
        "The Thackeray Removals signs went up in Minster Walk this morning",
        "Kelso Roofing's Kiln Lane suspension is fine to approve",
        "The challenge to the ticket on Ms Batley's visitor's Corsa is to be rejected: no session was running",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "parking_zones", "find_address")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_account", "message_customer", "add_vehicle",
                      "record_residence_proof", "apply_permit", "activate_visitor_account", "buy_visitor_days",
                      "start_visitor_session"]
VEHICLE_CONSUMERS = ["record_keeper_proof", "apply_permit", "change_permit_vehicle"]
SUSPENSION_CONSUMERS = ["approve_suspension", "pay_suspension", "record_signs_posted", "cancel_suspension"]
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or of a find_customer row)"
_VEHICLE = "id lookup/create: vehicle (vehicle_id of add_vehicle, or of a customer_account vehicles row)"
_APPLICATION = "id lookup/create: application (application_id of apply_permit, or of an applications entry)"
_PERMIT = "id lookup/create: permit (permit_id of issue_permit, or of a permits entry)"
_SUSPENSION = "id lookup/create: suspension (suspension_id of request_suspension, or of a suspensions entry)"
_PCN = "id lookup: PCN (pcn_number of a pcns_for_vehicle entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("add_vehicle|customer_account", c, _VEHICLE) for c in VEHICLE_CONSUMERS]
    + [("apply_permit|applications", c, _APPLICATION) for c in ("pay_application", "issue_permit")]
    + [("issue_permit|permits", c, _PERMIT) for c in ("change_permit_vehicle", "cancel_permit")]
    + [("request_suspension|suspensions", c, _SUSPENSION) for c in SUSPENSION_CONSUMERS]
    + [("pcns_for_vehicle", c, _PCN) for c in ("challenge_pcn", "pay_pcn")]
    + [
        ("find_address", "register_customer", "id lookup: address (uprn of a find_address entry)"),
        ("record_residence_proof|record_keeper_proof", "check_document",
         "id lookup/create: document (document_id of record_residence_proof or of record_keeper_proof)"),
        ("parking_zones|find_address", "apply_permit",
         "vocabulary: zone codes (code of a parking_zones entry, or zone of a find_address entry)"),
        ("permits", "renew_permit", "id lookup: a permit in its last 28 days (permit_id of a permits entry)"),
        ("cancel_permit|refunds", "approve_refund",
         "id lookup/create: refund (refund_id of cancel_permit's reply, or of a refunds entry)"),
        ("start_visitor_session|visitor_sessions", "end_visitor_session",
         "id lookup/create: visitor session (session_id of start_visitor_session, or of a visitor_sessions entry)"),
        ("find_bays", "request_suspension", "id lookup: bays (bay_id of a find_bays entry)"),
        ("challenge_pcn|challenges", "decide_challenge",
         "id lookup/create: challenge (challenge_id of challenge_pcn, or of a challenges entry)"),
        ("check_document", "apply_permit", "verification: an accepted proof of residence and keeper proof"),
        ("check_document", "activate_visitor_account", "verification: an accepted proof of residence"),
        ("check_document", "change_permit_vehicle", "verification: an accepted keeper proof for the new vehicle"),
        ("pay_application", "issue_permit", "payment: the application paid"),
        ("buy_visitor_days", "start_visitor_session", "payment: visitor days on the account"),
        ("pay_suspension", "record_signs_posted", "payment: the suspension fee paid"),
        ("activate_visitor_account", "buy_visitor_days", "state: a visitor account set up"),
        ("approve_suspension", "pay_suspension", "state: the suspension approved"),
        ("decide_challenge", "pay_pcn", "state: the PCN off hold once its challenge is decided"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_ACCOUNT_CHANGES = ("add_vehicle", "record_residence_proof", "record_keeper_proof", "check_document", "apply_permit",
                    "pay_application", "issue_permit", "change_permit_vehicle", "renew_permit", "cancel_permit",
                    "activate_visitor_account", "buy_visitor_days", "start_visitor_session", "end_visitor_session")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: customers on applications, permits, refunds, visitor sessions,
    # vehicles and documents; vehicles on applications and documents; permits, applications and documents on a
    # customer's account; permits on refunds and cancellations; zone codes on addresses, customers, permits and
    # applications; UPRNs on addresses and customers; registrations on accounts, permits, applications and sessions;
    # PCN numbers on challenges; bays on suspensions
    {(p, c) for p in ("applications", "permits", "refunds", "visitor_sessions", "apply_permit", "issue_permit",
                      "add_vehicle", "record_residence_proof", "record_keeper_proof", "check_document",
                      "change_permit_vehicle", "renew_permit", "start_visitor_session", "activate_visitor_account")
     for c in CUSTOMER_CONSUMERS}
    | {(p, c) for p in ("applications", "apply_permit", "record_keeper_proof", "check_document")
       for c in VEHICLE_CONSUMERS}
    | {(p, c) for p in ("customer_account", "refunds", "cancel_permit", "change_permit_vehicle", "renew_permit")
       for c in ("change_permit_vehicle", "cancel_permit", "renew_permit")}
    | {("issue_permit", "renew_permit"), ("customer_account", "pay_application"), ("customer_account", "issue_permit"),
       ("customer_account", "check_document"), ("update_customer", "apply_permit"), ("permits", "apply_permit"),
       ("applications", "apply_permit"), ("parking_zones", "permits"), ("find_address", "permits"),
       ("find_address", "update_customer"), ("customer_account", "update_customer"),
       ("suspensions", "request_suspension")}
    | {(p, "pcns_for_vehicle") for p in ("customer_account", "permits", "applications", "visitor_sessions",
                                         "add_vehicle", "vehicle_lookup", "start_visitor_session", "issue_permit")}
    | {(p, c) for p in ("challenges", "challenge_pcn", "decide_challenge") for c in ("challenge_pcn", "pay_pcn")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("activate_visitor_account", "start_visitor_session"), ("add_vehicle", "check_document"),
        ("add_vehicle", "issue_permit"), ("add_vehicle", "pay_application"), ("applications", "cancel_permit"),
        ("applications", "change_permit_vehicle"), ("approve_suspension", "record_signs_posted"),
        ("buy_visitor_days", "end_visitor_session"), ("challenges", "pay_pcn"), ("check_document", "buy_visitor_days"),
        ("check_document", "issue_permit"), ("check_document", "pay_application"),
        ("customer_account", "check_document"), ("find_address", "activate_visitor_account"),
        ("find_address", "add_vehicle"), ("find_address", "buy_visitor_days"), ("find_address", "customer_account"),
        ("find_address", "issue_permit"), ("find_address", "message_customer"), ("find_address", "pay_application"),
        ("find_address", "record_residence_proof"), ("find_address", "start_visitor_session"),
        ("find_address", "update_customer"), ("find_bays", "approve_suspension"), ("find_bays", "cancel_suspension"),
        ("find_bays", "pay_suspension"), ("find_bays", "record_signs_posted"),
        ("find_customer", "change_permit_vehicle"), ("find_customer", "check_document"),
        ("find_customer", "record_keeper_proof"), ("parking_zones", "issue_permit"),
        ("parking_zones", "pay_application"), ("pay_application", "cancel_permit"),
        ("pay_application", "change_permit_vehicle"), ("pcns_for_vehicle", "decide_challenge"),
        ("permits", "approve_refund"), ("record_keeper_proof", "apply_permit"),
        ("record_keeper_proof", "change_permit_vehicle"), ("record_residence_proof", "activate_visitor_account"),
        ("record_residence_proof", "apply_permit"), ("register_customer", "check_document"),
        ("register_customer", "end_visitor_session"), ("register_customer", "issue_permit"),
        ("register_customer", "pay_application"), ("register_customer", "record_keeper_proof"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_customer", "update_customer") for c in ("find_customer", "customer_account")}
    | {(p, "customer_account") for p in _ACCOUNT_CHANGES}
    | {(p, "applications") for p in ("apply_permit", "pay_application", "issue_permit")}
    | {(p, "permits") for p in ("issue_permit", "change_permit_vehicle", "renew_permit", "cancel_permit")}
    | {(p, "refunds") for p in ("cancel_permit", "approve_refund")}
    | {(p, "visitor_sessions") for p in ("start_visitor_session", "end_visitor_session")}
    | {(p, "suspensions") for p in ("request_suspension", "approve_suspension", "pay_suspension", "record_signs_posted",
                                    "cancel_suspension")}
    | {(p, "pcns_for_vehicle") for p in ("challenge_pcn", "decide_challenge", "pay_pcn")}
    | {(p, "challenges") for p in ("challenge_pcn", "decide_challenge")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
