"""Cullet: Ravensmoor Borough Council's recycling centres, bulky waste and trade waste system (43 calls).

Sync functions over an in-memory ``State`` of the council's waste services system on Friday 13 March 2037 at 09:00.
The contact centre's advisers find and register residents, change their details, add their vehicles, check their
proof of address, book their visits to the three household waste recycling centres (with the materials they bring,
and the charge for DIY waste such as rubble, plasterboard and tyres), take those charges, cancel and move bookings,
take van permit applications, and book, take payment for and cancel bulky waste collections. The site supervisors
check vehicles in at the gate, close a centre (high winds, a fire, a full site), keep the containers' fill levels and
call a haulier to exchange a full one, run the reuse shop (items set aside, electricals tested, items sold) and take
trade waste tickets from businesses. The waste services officer approves van permits and keeps the trade waste
accounts (the waste carrier's licence checked, books of tickets sold). The bulky waste crews mark collections done.
The manager may do everything. The centres' directory, the list of materials, the address finder and the bulky waste
price list are public.

Every tool but the public ones sits behind the ``staff_only(*roles)`` decorator (``functools.wraps``), which checks
the session token and the role before the tool runs and answers an ``"Error: ..."`` string itself. Every refusal is
such a string, returned, never raised: ``"Error: BK-60102 has 9.00 of DIY waste charges to pay before it checks
in"``; the runtime's common conventions read the ``Error:`` prefix as a refusal. Replies are pydantic models and lists
of them, with rows nested as lists of lists (a resident's account, a centre's free slots, its containers); a bare
value answers the sale of trade tickets (the tickets now on the account); sentences with an id in them answer a
message sent, a booking or a collection cancelled, a reuse item sold and a sign-out.
Annotations are spelled with ``typing`` (``Optional``, ``List``, ``Dict``, ``Literal``) and evaluated at definition:
a plain ``Enum`` input (``VehicleType``), two ``str`` ``Enum`` filters (``BookingStatus``, ``PermitStatus``),
``Literal`` inputs (a proof of address document, a reuse item's category) and a ``Literal`` filter (a bulky
collection's status), ``List[str]`` materials and items. reST docstrings. Ids look alike: resident ``RES-4406``,
booking ``BK-60106``, permit ``VP-3304``, collection ``BC-7706``, reuse item ``RU-905``, trade account ``TA-504``,
haulage job ``HJ-5502``, message ``MSG-2210``; address ``AD-73016``; slot ``MRL-0314-1000``; container ``CN-214``;
round ``RND-0317N``; centre ``MRL``; material ``RBL``; bulky item ``SOFA``. That vans and pick-ups need a permit, which
centres take vans, how far ahead and how many visits a resident may book, how recent a proof of address must be, the
fill level at which a container is exchanged, the most items a collection takes, the format of a waste carrier's
licence and the price of a book of trade tickets are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import re
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Union

from pydantic import BaseModel

TODAY = "2037-03-13"  # a Friday
NOW = "09:00"


class VehicleType(Enum):
    CAR = "car"
    VAN = "van"
    PICKUP = "pickup"
    CAR_WITH_TRAILER = "car_with_trailer"


class BookingStatus(str, Enum):
    BOOKED = "booked"
    CHECKED_IN = "checked_in"
    CANCELLED = "cancelled"


class PermitStatus(str, Enum):
    PENDING = "pending"
    ACTIVE = "active"
    EXPIRED = "expired"


Document = Literal["council_tax_bill", "utility_bill", "tenancy_agreement", "bank_statement"]
ReuseCategory = Literal["furniture", "electrical", "bicycle", "garden", "homeware"]
CollectionStatus = Literal["awaiting_payment", "booked", "collected", "cancelled"]

SITES = {  # code -> name, address, days open (0 = Monday), opens, closes, takes vans, takes trade waste
    "CWF": ["Cowfold Wharf Recycling Centre", "Wharf Road, Cowfold QX6 2WR", [0, 1, 2, 3, 4, 5, 6], "08:00", "17:00",
            False, False],
    "HBD": ["Hobday Road Recycling Centre", "Hobday Road, Ravensmoor QX2 8HR", [0, 3, 4, 5, 6], "09:00", "16:00",
            True, False],
    "MRL": ["Marlpit Lane Recycling Centre", "Marlpit Lane, Ravensmoor QX4 1ML", [0, 1, 2, 3, 4, 5, 6], "08:00",
            "17:00", True, True],
}
SLOT_TIMES = ["08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]
SLOT_SPACES = 8
MATERIALS = [  # code, name, charge a unit, unit, centres that take it
    ("GEN", "General household waste (not recyclable)", 0.0, None, ["CWF", "HBD", "MRL"]),
    ("GDN", "Garden waste", 0.0, None, ["CWF", "HBD", "MRL"]),
    ("CRD", "Cardboard and paper", 0.0, None, ["CWF", "HBD", "MRL"]),
    ("GLS", "Glass bottles and jars", 0.0, None, ["CWF", "HBD", "MRL"]),
    ("MTL", "Scrap metal", 0.0, None, ["CWF", "HBD", "MRL"]),
    ("SEL", "Small electricals", 0.0, None, ["CWF", "HBD", "MRL"]),
    ("WHG", "Fridges, freezers and other large appliances", 0.0, None, ["HBD", "MRL"]),
    ("TXT", "Textiles and shoes", 0.0, None, ["CWF", "HBD", "MRL"]),
    ("WOOD", "Wood and timber", 0.0, None, ["HBD", "MRL"]),
    ("PNT", "Paint", 0.0, None, ["HBD", "MRL"]),
    ("RBL", "Rubble, soil and hardcore (DIY waste)", 3.0, "bag", ["HBD", "MRL"]),
    ("PLB", "Plasterboard (DIY waste)", 5.0, "sheet or bag", ["MRL"]),
    ("TYR", "Car tyres (DIY waste)", 4.0, "tyre", ["MRL"]),
]
BULKY_ITEMS = [  # code, name, price
    ("SOFA", "Sofa or settee", 14.0), ("ARMCHAIR", "Armchair", 8.0), ("MATTRESS", "Mattress", 10.0),
    ("BEDFRAME", "Bed frame", 10.0), ("FRIDGE", "Fridge or freezer", 18.0), ("WASHER", "Washing machine", 12.0),
    ("WARDROBE", "Wardrobe", 12.0), ("TABLE", "Table", 6.0), ("CARPET", "Carpet or rug", 6.0),
]
ROUNDS = {  # round -> date, area, postcode districts, places
    "RND-0313S": ["2037-03-13", "south", ["QX5", "QX6", "QX7"], 10],
    "RND-0317N": ["2037-03-17", "north", ["QX1", "QX2", "QX3", "QX4"], 10],
    "RND-0318S": ["2037-03-18", "south", ["QX5", "QX6", "QX7"], 10],
    "RND-0320N": ["2037-03-20", "north", ["QX1", "QX2", "QX3", "QX4"], 10],
}
TRADE_BOOK = (10, 45.0)  # tickets in a book, price of a book
PERMIT_VISITS = 12
PROOF_DAYS = 92
EXCHANGE_AT = 75
MAX_ITEMS = 6
MAX_BOOKINGS = 2
DAYS_AHEAD = 14
REG = re.compile(r"^[A-Z]{2}[0-9]{2}[A-Z]{3}$")
LICENCE = re.compile(r"^CBDU[0-9]{6}$")
ROLE_NAMES = {"advisor": "the contact centre", "site": "the site supervisors", "officer": "the waste services officer",
              "crew": "the bulky waste crews", "manager": "the manager"}


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str


class Centre(BaseModel):
    code: str
    name: str
    address: str
    open_days: List[str]
    hours: str
    open_today: bool


class Material(BaseModel):
    code: str
    name: str
    charge: float
    unit: Optional[str]
    sites: List[str]


class Address(BaseModel):
    address_id: str
    address: str
    in_borough: bool


class BulkyItem(BaseModel):
    code: str
    name: str
    price: float


class ResidentRow(BaseModel):
    resident_id: str
    name: str
    email: str
    address: str


class Resident(BaseModel):
    resident_id: str
    name: str
    email: str
    phone: str
    address_id: str
    address: str
    proof_of_address_checked: Optional[str]


class Account(BaseModel):
    resident: Resident
    vehicles: List[List[str]]
    bookings: List[List[str]]
    permits: List[List[Any]]
    collections: List[List[Any]]


class Vehicles(BaseModel):
    resident_id: str
    vehicles: List[List[str]]


class FreeSlots(BaseModel):
    site: str
    site_name: str
    date: str
    slots: List[List[Any]]


class Booking(BaseModel):
    booking_id: str
    resident_id: str
    name: str
    site: str
    site_name: str
    date: str
    time: str
    slot_id: str
    registration: str
    materials: List[str]
    charges: List[List[Any]]
    to_pay: float
    status: str
    visits_left: Optional[int] = None


class Permit(BaseModel):
    permit_id: str
    resident_id: str
    name: str
    registration: str
    vehicle: str
    status: str
    visits_left: int
    expires: Optional[str]


class Closure(BaseModel):
    site: str
    site_name: str
    open_today: bool
    reason: str
    bookings: List[str]


class Containers(BaseModel):
    site: str
    containers: List[List[Any]]


class FillLevel(BaseModel):
    container_id: str
    site: str
    material: str
    fill_pct: int


class HaulageJob(BaseModel):
    job_id: str
    container_id: str
    site: str
    material: str
    due: str
    note: Optional[str]


class Round(BaseModel):
    round_id: str
    date: str
    area: str
    places_left: int


class Collection(BaseModel):
    collection_id: str
    resident_id: str
    name: str
    address: str
    round_id: str
    date: str
    items: List[str]
    price: float
    status: str
    notes: Optional[str]


class ReuseItem(BaseModel):
    item_id: str
    site: str
    description: str
    category: str
    status: str
    tested_by: Optional[str] = None


class TradeAccount(BaseModel):
    account_id: str
    business: str
    contact: str
    email: str
    phone: str
    carrier_licence: str
    licence_checked: Optional[str]
    tickets: int


class TradeVisit(BaseModel):
    account_id: str
    business: str
    registration: str
    tickets_taken: int
    tickets_left: int


# --------------------------------------------------------------------------- state


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


class State:
    """Ravensmoor Borough Council's waste services system on Friday 13 March 2037 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "griselda.p": {"name": "Griselda Pomfret", "password": "Green-Bin-72", "role": "advisor"},
            "tobiah.m": {"name": "Tobiah Marwood", "password": "Phone-Queue-8", "role": "advisor"},
            "kezia.b": {"name": "Kezia Blandford", "password": "Hi-Vis-Gate-3", "role": "site"},
            "alaric.q": {"name": "Alaric Quartermain", "password": "Skip-Bay-61", "role": "site"},
            "lavinia.c": {"name": "Lavinia Crosthwaite", "password": "Permit-Desk-40", "role": "officer"},
            "desmond.a": {"name": "Desmond Hulbert", "password": "Tail-Lift-19", "role": "crew"},
            "rosalind.p": {"name": "Rosalind Pitchford", "password": "Borough-Hall-5", "role": "manager"},
        }
        self.sessions: Dict[str, dict] = {}
        self.addresses = {  # address -> house, street, town, postcode, in the borough
            "AD-73010": ["3", "Sorrel Way", "Ravensmoor", "QX4 2SW", True],
            "AD-73011": ["7", "Sorrel Way", "Ravensmoor", "QX4 2SW", True],
            "AD-73012": ["12", "Tansy Close", "Ravensmoor", "QX4 6TC", True],
            "AD-73013": ["14", "Tansy Close", "Ravensmoor", "QX4 6TC", True],
            "AD-73014": ["16", "Tansy Close", "Ravensmoor", "QX4 6TC", True],
            "AD-73015": ["Flat 2, 41", "Chandlers Mews", "Cowfold", "QX6 3QM", True],
            "AD-73016": ["9", "Gannet Row", "Cowfold", "QX6 5GR", True],
            "AD-73017": ["22", "Pennywort Lane", "Ravensmoor", "QX2 7PL", True],
            "AD-73018": ["5", "Speedwell Rise", "Brindlecombe", "QY3 1LR", False],
            "AD-73019": ["1", "Mallow Cottages", "Cowfold", "QX7 4MC", True],
        }
        self.residents = {  # resident -> name, email, phone, address, proof of address checked
            "RES-4401": ["Mr Barnabas Huxtable", "barnabas.quennell@example.com", "07700 900601", "AD-73010",
                         "2037-02-20"],
            "RES-4402": ["Mrs Winifred Oddfellow", "w.oddfellow@example.net", "07700 900602", "AD-73017", None],
            "RES-4403": ["Ms Rowena Cresswell", "marigold.ashdown@example.org", "07700 900603", "AD-73015", None],
            "RES-4404": ["Mr Ignatius Trevenna", "ignatius.p@example.com", "07700 900604", "AD-73019", None],
            "RES-4405": ["Dr Constance Yarwood", "c.yarwood@example.co.uk", "07700 900605", "AD-73011", None],
        }
        self.vehicles = {  # registration -> resident, type, make
            "KX19VNB": ["RES-4401", "van", "Vauxhall Movano"],
            "FJ61WLT": ["RES-4401", "car", "Honda Jazz"],
            "YR15HDA": ["RES-4402", "car", "Nissan Micra"],
            "BN67PKU": ["RES-4403", "car", "Kia Ceed"],
            "GU70TRX": ["RES-4404", "pickup", "Isuzu D-Max"],
            "LC18MZO": ["RES-4405", "car", "Volvo V60"],
            "DY66KWF": ["RES-4405", "van", "Renault Kangoo"],
        }
        self.bookings = {  # booking -> resident, slot, registration, materials, charges [[material, units, price]],
            #                    paid, status
            "BK-60100": ["RES-4405", "MRL-0312-1400", "LC18MZO", ["GDN", "CRD"], [], 0.0, "checked_in"],
            "BK-60101": ["RES-4401", "MRL-0313-1000", "KX19VNB", ["GEN", "WOOD"], [], 0.0, "booked"],
            "BK-60102": ["RES-4402", "MRL-0313-1100", "YR15HDA", ["GDN", "RBL"], [["RBL", 3, 3.0]], 0.0, "booked"],
            "BK-60103": ["RES-4403", "HBD-0314-1400", "BN67PKU", ["TXT", "GLS"], [], 0.0, "booked"],
            "BK-60104": ["RES-4403", "CWF-0313-1300", "BN67PKU", ["CRD", "SEL"], [], 0.0, "booked"],
            "BK-60105": ["RES-4405", "CWF-0316-1000", "LC18MZO", ["GDN"], [], 0.0, "booked"],
        }
        self.permits = {  # permit -> resident, registration, status, visits left, expires
            "VP-3301": ["RES-4401", "KX19VNB", "active", 9, "2037-11-30"],
            "VP-3302": ["RES-4404", "GU70TRX", "pending", PERMIT_VISITS, None],
            "VP-3303": ["RES-4405", "DY66KWF", "expired", 0, "2036-12-31"],
        }
        self.site_status = {"CWF": "open", "HBD": "open", "MRL": "open"}
        self.closures: List[list] = []
        self.containers = {  # container -> site, material, size m3, fill %, exchange job
            "CN-211": ["MRL", "GEN", 40, 55, None],
            "CN-212": ["MRL", "GDN", 35, 70, None],
            "CN-213": ["MRL", "WOOD", 35, 62, None],
            "CN-214": ["MRL", "RBL", 20, 81, "HJ-5501"],
            "CN-221": ["HBD", "GEN", 40, 48, None],
            "CN-222": ["HBD", "GDN", 35, 66, None],
            "CN-231": ["CWF", "GEN", 40, 73, None],
        }
        self.jobs = {"HJ-5501": ["CN-214", "2037-03-12", "requested"]}
        self.collections = {  # collection -> resident, round, items, price, status, notes
            "BC-7700": ["RES-4401", "RND-0313S", ["WARDROBE"], 12.0, "collected", None],
            "BC-7701": ["RES-4402", "RND-0317N", ["SOFA", "ARMCHAIR"], 22.0, "awaiting_payment", None],
            "BC-7702": ["RES-4403", "RND-0313S", ["MATTRESS", "BEDFRAME"], 20.0, "booked",
                        "Side gate, left of the house"],
            "BC-7703": ["RES-4404", "RND-0313S", ["FRIDGE"], 18.0, "awaiting_payment", "By the garage"],
        }
        self.reuse = {  # item -> site, description, category, status, price, buyer
            "RU-901": ["MRL", "Oak dining table with four chairs", "furniture", "for_sale", None, None],
            "RU-902": ["MRL", "Microwave oven, 800 W", "electrical", "awaiting_test", None, None],
            "RU-903": ["HBD", "Child's bicycle, 20-inch wheels", "bicycle", "for_sale", None, None],
        }
        self.trade = {  # account -> business, contact, email, phone, licence, checked, tickets
            "TA-501": ["Pellinore Property Maintenance", "Mr Osric Pellinore", "osric@pellinore.example.com",
                       "01632 961501", "CBDU118204", "2036-09-02", 7],
            "TA-502": ["Greenbough Gardens", "Ms Tamsyn Greenbough", "hello@greenbough.example.co.uk",
                       "01632 961502", "CBDU204117", None, 0],
        }
        self.trade_visits: List[list] = []
        self.sales: List[list] = []
        self.messages: List[list] = []
        self.counters = {"token": 1, "resident": 4406, "booking": 60106, "permit": 3304, "collection": 7704,
                         "reuse": 904, "trade": 503, "job": 5502, "message": 2210}


# --------------------------------------------------------------------------- helpers


def staff_only(*roles: str):
    """Check the session token and, where ``roles`` are given, the role before the tool runs; the manager may do
    everything. Answers an ``"Error: ..."`` string itself when the check fails."""

    def wrap(fn):
        @functools.wraps(fn)
        def checked(*args, **kwargs):
            state, token = kwargs.get("state"), kwargs.get("token")
            who = state.sessions.get(token) if isinstance(token, str) else None
            if who is None:
                return "Error: not signed in, or the session has ended; sign in first"
            if roles and who["role"] not in roles and who["role"] != "manager":
                return (f"Error: {who['name']} ({who['role']}) may not do this; it is for "
                        f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
            return fn(*args, **kwargs)

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


def _date(value: Any) -> Optional[str]:
    try:
        return _d(value).isoformat()
    except (TypeError, ValueError):
        return None


def _reg(value: Any) -> str:
    return value.replace(" ", "").upper() if isinstance(value, str) else ""


def _pretty_reg(reg: str) -> str:
    return f"{reg[:4]} {reg[4:]}"


def _slot(slot_id: Any) -> Optional[tuple]:
    """``MRL-0314-1000`` -> (site, date, time), or None."""
    m = re.fullmatch(r"([A-Z]{3})-([0-9]{2})([0-9]{2})-([0-9]{2})([0-9]{2})", slot_id or "") \
        if isinstance(slot_id, str) else None
    if m is None or m.group(1) not in SITES:
        return None
    try:
        day = datetime.date(int(TODAY[:4]), int(m.group(2)), int(m.group(3))).isoformat()
    except ValueError:
        return None
    time = f"{m.group(4)}:{m.group(5)}"
    if time not in SLOT_TIMES:
        return None
    return m.group(1), day, time


def _slot_id(site: str, day: str, time: str) -> str:
    return f"{site}-{day[5:7]}{day[8:10]}-{time.replace(':', '')}"


def _taken(state: State, slot_id: str) -> int:
    return sum(1 for b in state.bookings.values() if b[1] == slot_id and b[6] != "cancelled")


def _address(state: State, aid: str) -> str:
    a = state.addresses[aid]
    return f"{a[0]} {a[1]}, {a[2]} {a[3]}"


def _resident(state: State, rid: str) -> Resident:
    r = state.residents[rid]
    return Resident(resident_id=rid, name=r[0], email=r[1], phone=r[2], address_id=r[3], address=_address(state, r[3]),
                    proof_of_address_checked=r[4])


def _charges(b: list) -> float:
    return round(sum(units * price for _, units, price in b[4]), 2)


def _booking(state: State, bid: str, visits_left: Optional[int] = None) -> Booking:
    b = state.bookings[bid]
    site, day, time = _slot(b[1])
    return Booking(booking_id=bid, resident_id=b[0], name=state.residents[b[0]][0], site=site, site_name=SITES[site][0],
                   date=day, time=time, slot_id=b[1], registration=_pretty_reg(b[2]), materials=list(b[3]),
                   charges=[list(c) for c in b[4]], to_pay=round(_charges(b) - b[5], 2), status=b[6],
                   visits_left=visits_left)


def _permit(state: State, pid: str) -> Permit:
    p = state.permits[pid]
    return Permit(permit_id=pid, resident_id=p[0], name=state.residents[p[0]][0], registration=_pretty_reg(p[1]),
                  vehicle=state.vehicles[p[1]][2], status=p[2], visits_left=p[3], expires=p[4])


def _collection(state: State, cid: str) -> Collection:
    c = state.collections[cid]
    return Collection(collection_id=cid, resident_id=c[0], name=state.residents[c[0]][0],
                      address=_address(state, state.residents[c[0]][3]), round_id=c[1], date=ROUNDS[c[1]][0],
                      items=list(c[2]), price=c[3], status=c[4], notes=c[5])


def _reuse(state: State, iid: str, tested_by: Optional[str] = None) -> ReuseItem:
    r = state.reuse[iid]
    return ReuseItem(item_id=iid, site=r[0], description=r[1], category=r[2], status=r[3], tested_by=tested_by)


def _trade(state: State, tid: str) -> TradeAccount:
    t = state.trade[tid]
    return TradeAccount(account_id=tid, business=t[0], contact=t[1], email=t[2], phone=t[3], carrier_licence=t[4],
                        licence_checked=t[5], tickets=t[6])


def _district(postcode: str) -> str:
    return postcode.split()[0] if postcode else ""


def _upcoming(state: State, rid: str) -> List[str]:
    return [bid for bid, b in sorted(state.bookings.items())
            if b[0] == rid and b[6] == "booked" and _slot(b[1])[1] >= TODAY]


def _active_permit(state: State, reg: str) -> Optional[str]:
    return next((pid for pid, p in sorted(state.permits.items()) if p[1] == reg and p[2] == "active"), None)


# --------------------------------------------------------------------------- sign-in and the public calls


def sign_in(state: State, username: str, password: str) -> Union[Session, str]:
    """Sign in to the waste services system.

    :param username: A staff user name, such as ``griselda.p``.
    :param password: The password.
    :returns: The session: ``token`` (passed to every call but the public ones), ``name`` and ``role`` (advisor,
        site, officer, crew or manager).
    :rtype: Session
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        return "Error: user name or password not recognised"
    token = f"rbc-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


@staff_only()
def sign_out(state: State, token: str) -> str:
    """End a session.

    :param token: The session token.
    :returns: A sentence naming who was signed out.
    :rtype: str
    """
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


def site_directory(state: State) -> List[Centre]:
    """The borough's household waste recycling centres (public).

    :returns: Each centre's ``code``, ``name``, ``address``, ``open_days``, ``hours`` and whether it is
        ``open_today``.
    :rtype: list[Centre]
    """
    days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    return [Centre(code=code, name=s[0], address=s[1], open_days=[days[i] for i in s[2]], hours=f"{s[3]}-{s[4]}",
                   open_today=state.site_status[code] == "open") for code, s in sorted(SITES.items())]


def materials_list(site_code: Optional[str] = None) -> Union[List[Material], str]:
    """The materials the centres take, and the charge for DIY waste (public).

    :param site_code: Only the materials this centre takes.
    :returns: Each material's ``code``, ``name``, ``charge`` a unit (0.00 if free), ``unit`` and the ``sites`` that
        take it.
    :rtype: list[Material]
    """
    if site_code is not None and site_code not in SITES:
        return f"Error: no recycling centre {site_code!r}"
    return [Material(code=code, name=name, charge=charge, unit=unit, sites=list(sites))
            for code, name, charge, unit, sites in MATERIALS if site_code is None or site_code in sites]


def address_search(state: State, postcode: str) -> Union[List[Address], str]:
    """The addresses at a postcode (public).

    :param postcode: The postcode, such as ``QX4 6TC``.
    :returns: Each address's ``address_id``, ``address`` and whether it is ``in_borough``.
    :rtype: list[Address]
    """
    if _blank(postcode):
        return "Error: postcode is required"
    want = postcode.replace(" ", "").upper()
    return [Address(address_id=aid, address=_address(state, aid), in_borough=a[4])
            for aid, a in sorted(state.addresses.items()) if a[3].replace(" ", "") == want]


def bulky_price_list() -> List[BulkyItem]:
    """What the bulky waste service collects, and the price of each item (public).

    :returns: Each item's ``code``, ``name`` and ``price``.
    :rtype: list[BulkyItem]
    """
    return [BulkyItem(code=code, name=name, price=price) for code, name, price in BULKY_ITEMS]


# --------------------------------------------------------------------------- residents


@staff_only("advisor", "officer")
def find_resident(state: State, token: str, text: str) -> Union[List[ResidentRow], str]:
    """Find residents by part of their name, e-mail address, postcode or a vehicle registration.

    :param token: The session token.
    :param text: What to look for.
    :returns: Each resident's ``resident_id``, ``name``, ``email`` and ``address``, in resident id order.
    :rtype: list[ResidentRow]
    """
    if _blank(text):
        return "Error: text is required"
    needle = text.strip().lower()
    reg = _reg(text)
    out = []
    for rid, r in sorted(state.residents.items()):
        regs = [v for v, veh in state.vehicles.items() if veh[0] == rid]
        if (needle in r[0].lower() or needle in r[1].lower() or needle.replace(" ", "") in
                state.addresses[r[3]][3].replace(" ", "").lower() or reg in regs):
            out.append(ResidentRow(resident_id=rid, name=r[0], email=r[1], address=_address(state, r[3])))
    return out


@staff_only("advisor")
def register_resident(state: State, token: str, name: str, email: str, phone: str,
                      address_id: str) -> Union[Resident, str]:
    """Register a resident of the borough.

    :param token: The session token.
    :param name: Full name, with a title.
    :param email: E-mail address (booking confirmations go to it).
    :param phone: Phone number.
    :param address_id: The address, as the address finder gives it.
    :returns: The resident and a new ``resident_id``.
    :rtype: Resident
    """
    if _blank(name) or _blank(phone):
        return "Error: name and phone are required"
    if _blank(email) or "@" not in email:
        return f"Error: {email!r} is not an e-mail address"
    a = state.addresses.get(address_id) if isinstance(address_id, str) else None
    if a is None:
        return f"Error: no address {address_id}"
    if not a[4]:
        return (f"Error: {_address(state, address_id)} is outside the borough; its residents use their own "
                "council's recycling centres")
    for rid, r in state.residents.items():
        if r[1].lower() == email.strip().lower():
            return f"Error: {email} is registered already to {r[0]} ({rid})"
    rid = f"RES-{_next(state, 'resident')}"
    state.residents[rid] = [name.strip(), email.strip(), phone.strip(), address_id, None]
    return _resident(state, rid)


@staff_only("advisor")
def update_resident(state: State, token: str, resident_id: str, email: Optional[str] = None,
                    phone: Optional[str] = None) -> Union[Resident, str]:
    """Change a resident's contact details.

    :param token: The session token.
    :param resident_id: The resident.
    :param email: A new e-mail address.
    :param phone: A new phone number.
    :returns: The resident as now on file.
    :rtype: Resident
    """
    r = state.residents.get(resident_id) if isinstance(resident_id, str) else None
    if r is None:
        return f"Error: no resident {resident_id}"
    new = list(r)
    if email is not None:
        if _blank(email) or "@" not in email:
            return f"Error: {email!r} is not an e-mail address"
        new[1] = email.strip()
    if phone is not None:
        if _blank(phone):
            return "Error: phone may not be blank"
        new[2] = phone.strip()
    if new == r:
        return f"Error: those are {r[0]}'s details already"
    state.residents[resident_id] = new
    return _resident(state, resident_id)


@staff_only("advisor", "officer")
def resident_account(state: State, token: str, resident_id: str) -> Union[Account, str]:
    """A resident's whole account.

    :param token: The session token.
    :param resident_id: The resident.
    :returns: The ``resident``; ``vehicles`` as rows ``[registration, type, make]``; ``bookings`` as rows
        ``[booking_id, site, date, time, state]``; ``permits`` as rows ``[permit_id, registration, status,
        visits_left]``; ``collections`` as rows ``[collection_id, date, items, status]``.
    :rtype: Account
    """
    if resident_id not in state.residents:
        return f"Error: no resident {resident_id}"
    vehicles = [[_pretty_reg(reg), v[1], v[2]] for reg, v in sorted(state.vehicles.items()) if v[0] == resident_id]
    bookings = [[bid, *_slot(b[1]), b[6]] for bid, b in sorted(state.bookings.items()) if b[0] == resident_id]
    permits = [[pid, _pretty_reg(p[1]), p[2], p[3]] for pid, p in sorted(state.permits.items()) if p[0] == resident_id]
    collections = [[cid, ROUNDS[c[1]][0], list(c[2]), c[4]] for cid, c in sorted(state.collections.items())
                   if c[0] == resident_id]
    return Account(resident=_resident(state, resident_id), vehicles=vehicles, bookings=bookings, permits=permits,
                   collections=collections)


@staff_only("advisor")
def add_vehicle(state: State, token: str, resident_id: str, registration: str, vehicle_type: VehicleType,
                make: str) -> Union[Vehicles, str]:
    """Add a vehicle to a resident's account; a centre lets in only the vehicles on the booking's account.

    :param token: The session token.
    :param resident_id: The resident.
    :param registration: The registration, such as ``AB12 CDE``.
    :param vehicle_type: ``car``, ``van``, ``pickup`` or ``car_with_trailer``.
    :param make: Make and model.
    :returns: The account's ``vehicles`` as rows ``[registration, type, make]``.
    :rtype: Vehicles
    """
    if resident_id not in state.residents:
        return f"Error: no resident {resident_id}"
    reg = _reg(registration)
    if not REG.match(reg):
        return f"Error: {registration!r} is not a registration such as AB12 CDE"
    kind = _value(vehicle_type)
    if kind not in [t.value for t in VehicleType]:
        return f"Error: vehicle_type is car, van, pickup or car_with_trailer, not {kind!r}"
    if _blank(make):
        return "Error: make is required"
    v = state.vehicles.get(reg)
    if v is not None:
        if v[0] == resident_id:
            return f"Error: {_pretty_reg(reg)} is on {state.residents[resident_id][0]}'s account already"
        return f"Error: {_pretty_reg(reg)} is registered to another resident"
    state.vehicles[reg] = [resident_id, kind, make.strip()]
    rows = [[_pretty_reg(r), v[1], v[2]] for r, v in sorted(state.vehicles.items()) if v[0] == resident_id]
    return Vehicles(resident_id=resident_id, vehicles=rows)


@staff_only("advisor", "officer")
def verify_proof_of_address(state: State, token: str, resident_id: str, document: Document,
                            dated: str) -> Union[Resident, str]:
    """Record that a resident's proof of address has been seen.

    :param token: The session token.
    :param resident_id: The resident.
    :param document: ``council_tax_bill``, ``utility_bill``, ``tenancy_agreement`` or ``bank_statement``.
    :param dated: The document's date (YYYY-MM-DD).
    :returns: The resident, with the day the proof was checked.
    :rtype: Resident
    """
    r = state.residents.get(resident_id) if isinstance(resident_id, str) else None
    if r is None:
        return f"Error: no resident {resident_id}"
    if document not in ("council_tax_bill", "utility_bill", "tenancy_agreement", "bank_statement"):
        return (f"Error: document is council_tax_bill, utility_bill, tenancy_agreement or bank_statement, "
                f"not {document!r}")
    day = _date(dated)
    if day is None:
        return f"Error: dated is YYYY-MM-DD, not {dated!r}"
    if day > TODAY:
        return f"Error: {day} is in the future"
    if (_d(TODAY) - _d(day)).days > PROOF_DAYS:
        return f"Error: a proof of address is dated within the last three months; {day} is too old"
    if r[4] == TODAY:
        return f"Error: {r[0]}'s proof of address was checked today already"
    r[4] = TODAY
    return _resident(state, resident_id)


@staff_only("advisor", "site", "officer")
def notify_resident(state: State, token: str, resident_id: str, subject: str, body: str) -> str:
    """E-mail a resident.

    :param token: The session token.
    :param resident_id: The resident.
    :param subject: The subject line.
    :param body: The message.
    :returns: A sentence naming the message sent.
    :rtype: str
    """
    r = state.residents.get(resident_id) if isinstance(resident_id, str) else None
    if r is None:
        return f"Error: no resident {resident_id}"
    if _blank(subject) or _blank(body):
        return "Error: subject and body are required"
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, resident_id, subject.strip(), body.strip()])
    return f"Message {mid} sent to {r[0]} at {r[1]}."


# --------------------------------------------------------------------------- visits to the centres


@staff_only("advisor", "site")
def free_slots(state: State, token: str, site_code: str, date: str) -> Union[FreeSlots, str]:
    """The free booking slots at a centre on a day.

    :param token: The session token.
    :param site_code: The centre.
    :param date: The day (YYYY-MM-DD).
    :returns: The ``site``, the ``date`` and its ``slots`` as rows ``[slot_id, time, spaces_left]`` (only those
        with spaces, and today only those to come).
    :rtype: FreeSlots
    """
    s = SITES.get(site_code) if isinstance(site_code, str) else None
    if s is None:
        return f"Error: no recycling centre {site_code!r}"
    day = _date(date)
    if day is None:
        return f"Error: date is YYYY-MM-DD, not {date!r}"
    if day < TODAY:
        return f"Error: {day} has gone"
    if _d(day).weekday() not in s[2]:
        return f"Error: {s[0]} is closed on {_d(day).strftime('%A')}s"
    rows = []
    if state.site_status[site_code] == "open" or day != TODAY:
        for time in SLOT_TIMES:
            if s[3] <= time < s[4] and (day > TODAY or time > NOW):
                sid = _slot_id(site_code, day, time)
                left = SLOT_SPACES - _taken(state, sid)
                if left > 0:
                    rows.append([sid, time, left])
    return FreeSlots(site=site_code, site_name=s[0], date=day, slots=rows)


@staff_only("advisor")
def book_visit(state: State, token: str, resident_id: str, slot_id: str, registration: str,
               materials: List[str]) -> Union[Booking, str]:
    """Book a resident's visit to a recycling centre, in a vehicle on their account.

    :param token: The session token.
    :param resident_id: The resident.
    :param slot_id: The slot, as the free slots give it.
    :param registration: The vehicle's registration.
    :param materials: The codes of the materials they bring.
    :returns: The booking and a new ``booking_id``.
    :rtype: Booking
    """
    if resident_id not in state.residents:
        return f"Error: no resident {resident_id}"
    slot = _slot(slot_id)
    if slot is None:
        return f"Error: no booking slot {slot_id}"
    site, day, time = slot
    reg = _reg(registration)
    v = state.vehicles.get(reg)
    if v is None or v[0] != resident_id:
        return f"Error: {registration} is not on {state.residents[resident_id][0]}'s account"
    codes = {m[0]: m for m in MATERIALS}
    if not isinstance(materials, list) or not materials:
        return "Error: materials is a list of material codes"
    for code in materials:
        if code not in codes:
            return f"Error: no material {code!r}"
        if site not in codes[code][4]:
            return f"Error: {SITES[site][0]} does not take {codes[code][1].lower()}"
    if len(set(materials)) != len(materials):
        return "Error: a material is listed twice"
    if day < TODAY or (day == TODAY and time <= NOW):
        return f"Error: {slot_id} has gone"
    if (_d(day) - _d(TODAY)).days > DAYS_AHEAD:
        return "Error: visits are booked up to 14 days ahead"
    if _d(day).weekday() not in SITES[site][2] or not SITES[site][3] <= time < SITES[site][4]:
        return f"Error: {SITES[site][0]} is closed then"
    if day == TODAY and state.site_status[site] != "open":
        return f"Error: {SITES[site][0]} is closed today"
    if v[1] in ("van", "pickup"):
        if not SITES[site][5]:
            return f"Error: {SITES[site][0]} takes no vans or pick-ups; they go to Marlpit Lane or Hobday Road"
        pid = _active_permit(state, reg)
        if pid is None:
            return f"Error: a van or pick-up visits on a van permit, and {_pretty_reg(reg)} has no active permit"
        if state.permits[pid][3] <= 0:
            return f"Error: {pid} has no visits left"
    if len(_upcoming(state, resident_id)) >= MAX_BOOKINGS:
        return f"Error: {state.residents[resident_id][0]} has {MAX_BOOKINGS} visits booked already, the most a " \
               "resident may hold"
    if any(b[0] == resident_id and b[1] == slot_id and b[6] == "booked" for b in state.bookings.values()):
        return f"Error: {state.residents[resident_id][0]} is booked into {slot_id} already"
    if _taken(state, slot_id) >= SLOT_SPACES:
        return f"Error: {slot_id} is full"
    bid = f"BK-{_next(state, 'booking')}"
    state.bookings[bid] = [resident_id, slot_id, reg, list(materials), [], 0.0, "booked"]
    return _booking(state, bid)


@staff_only("advisor", "site")
def add_chargeable_waste(state: State, token: str, booking_id: str, material: str,
                         units: int) -> Union[Booking, str]:
    """Add DIY waste (rubble, plasterboard, tyres) to a booking, with its charge.

    :param token: The session token.
    :param booking_id: The booking.
    :param material: The DIY waste's material code.
    :param units: How many bags, sheets or tyres.
    :returns: The booking, its ``charges`` as rows ``[material, units, price]`` and what is left ``to_pay``.
    :rtype: Booking
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    m = next((m for m in MATERIALS if m[0] == material), None)
    if m is None:
        return f"Error: no material {material!r}"
    if m[2] <= 0:
        return f"Error: {m[1].lower()} is free; only DIY waste is charged"
    if not _count(units) or not 1 <= units <= 10:
        return f"Error: units is 1 to 10, not {units!r}"
    if b[6] != "booked":
        return f"Error: {booking_id} is {b[6]}"
    site = _slot(b[1])[0]
    if site not in m[4]:
        return f"Error: {SITES[site][0]} does not take {m[1].lower()}"
    line = next((c for c in b[4] if c[0] == material), None)
    if line is not None and line[1] == units:
        return f"Error: {booking_id} has {units} {m[3]}s of {material} on it already"
    if line is None:
        b[4].append([material, units, m[2]])
    else:
        line[1] = units
    if material not in b[3]:
        b[3].append(material)
    return _booking(state, booking_id)


@staff_only("advisor", "site")
def pay_booking_charges(state: State, token: str, booking_id: str, amount: float,
                        card_last_four: str) -> Union[Booking, str]:
    """Take the DIY waste charges of a booking by card.

    :param token: The session token.
    :param booking_id: The booking.
    :param amount: The amount paid in pounds.
    :param card_last_four: The last four digits of the card.
    :returns: The booking, with nothing left to pay.
    :rtype: Booking
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    if not isinstance(card_last_four, str) or not re.fullmatch(r"[0-9]{4}", card_last_four):
        return f"Error: card_last_four is four digits, not {card_last_four!r}"
    if b[6] != "booked":
        return f"Error: {booking_id} is {b[6]}"
    due = round(_charges(b) - b[5], 2)
    if not b[4]:
        return f"Error: {booking_id} has no DIY waste charges"
    if due <= 0:
        return f"Error: {booking_id}'s charges are paid already"
    if not _amount(amount) or abs(float(amount) - due) > 0.005:
        return f"Error: {booking_id} has {due:.2f} to pay, not {amount!r}"
    b[5] = round(b[5] + due, 2)
    return _booking(state, booking_id)


@staff_only("advisor", "site")
def bookings(state: State, token: str, site_code: Optional[str] = None, date: Optional[str] = None,
             status: Optional[BookingStatus] = None) -> Union[List[Booking], str]:
    """The bookings, in booking id order.

    :param token: The session token.
    :param site_code: Only those at this centre.
    :param date: Only those on this day (YYYY-MM-DD).
    :param status: Only those ``booked``, ``checked_in`` or ``cancelled``.
    :returns: Each booking as ``book_visit`` gives it.
    :rtype: list[Booking]
    """
    want = _value(status)
    if want is not None and want not in [s.value for s in BookingStatus]:
        return f"Error: status is booked, checked_in or cancelled, not {want!r}"
    if site_code is not None and site_code not in SITES:
        return f"Error: no recycling centre {site_code!r}"
    day = None
    if date is not None:
        day = _date(date)
        if day is None:
            return f"Error: date is YYYY-MM-DD, not {date!r}"
    return [_booking(state, bid) for bid, b in sorted(state.bookings.items())
            if (want is None or b[6] == want) and (site_code is None or _slot(b[1])[0] == site_code)
            and (day is None or _slot(b[1])[1] == day)]


@staff_only("advisor", "site")
def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> str:
    """Cancel a booked visit (any DIY waste charge paid is refunded to the card).

    :param token: The session token.
    :param booking_id: The booking.
    :param reason: Why.
    :returns: A sentence naming the booking cancelled and any refund.
    :rtype: str
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    if _blank(reason):
        return "Error: reason is required"
    if b[6] == "cancelled":
        return f"Error: {booking_id} is cancelled already"
    if b[6] != "booked":
        return f"Error: {booking_id} is {b[6]}"
    b[6] = "cancelled"
    refund = f"; {b[5]:.2f} refunded to the card" if b[5] > 0 else ""
    return f"Booking {booking_id} cancelled{refund}."


@staff_only("advisor", "site")
def move_booking(state: State, token: str, booking_id: str, slot_id: str) -> Union[Booking, str]:
    """Move a booking from a centre that has closed for the day to another slot (any centre that takes its vehicle
    and materials).

    :param token: The session token.
    :param booking_id: The booking.
    :param slot_id: The new slot.
    :returns: The booking in its new slot.
    :rtype: Booking
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    slot = _slot(slot_id)
    if slot is None:
        return f"Error: no booking slot {slot_id}"
    if b[6] != "booked":
        return f"Error: {booking_id} is {b[6]}"
    old_site, old_day, _ = _slot(b[1])
    if not (old_day == TODAY and state.site_status[old_site] == "closed"):
        return (f"Error: {SITES[old_site][0]} is open for {booking_id}; a booking is moved when its centre closes, "
                "else cancelled and booked again")
    if slot_id == b[1]:
        return f"Error: {booking_id} is in {slot_id} already"
    site, day, time = slot
    if day < TODAY or (day == TODAY and time <= NOW) or (_d(day) - _d(TODAY)).days > DAYS_AHEAD:
        return f"Error: {slot_id} cannot be booked"
    if day == TODAY and state.site_status[site] != "open":
        return f"Error: {SITES[site][0]} is closed today"
    if _d(day).weekday() not in SITES[site][2] or not SITES[site][3] <= time < SITES[site][4]:
        return f"Error: {SITES[site][0]} is closed then"
    for code in b[3]:
        if site not in next(m[4] for m in MATERIALS if m[0] == code):
            return f"Error: {SITES[site][0]} does not take {code}"
    if state.vehicles[b[2]][1] in ("van", "pickup") and not SITES[site][5]:
        return f"Error: {SITES[site][0]} takes no vans or pick-ups"
    if _taken(state, slot_id) >= SLOT_SPACES:
        return f"Error: {slot_id} is full"
    b[1] = slot_id
    return _booking(state, booking_id)


@staff_only("site")
def check_in(state: State, token: str, booking_id: str, registration: str) -> Union[Booking, str]:
    """Check a booked vehicle in at the gate.

    :param token: The session token.
    :param booking_id: The booking.
    :param registration: The registration of the vehicle at the gate.
    :returns: The booking, ``checked_in``, and the permit's ``visits_left`` for a van or pick-up.
    :rtype: Booking
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    if b[6] == "checked_in":
        return f"Error: {booking_id} is checked in already"
    if b[6] != "booked":
        return f"Error: {booking_id} is {b[6]}"
    site, day, _ = _slot(b[1])
    if day != TODAY:
        return f"Error: {booking_id} is for {day}, not today"
    if state.site_status[site] != "open":
        return f"Error: {SITES[site][0]} is closed"
    if _reg(registration) != b[2]:
        return f"Error: {booking_id} is for {_pretty_reg(b[2])}, not {registration}"
    due = round(_charges(b) - b[5], 2)
    if due > 0:
        return f"Error: {booking_id} has {due:.2f} of DIY waste charges to pay before it checks in"
    left = None
    if state.vehicles[b[2]][1] in ("van", "pickup"):
        pid = _active_permit(state, b[2])
        if pid is None or state.permits[pid][3] <= 0:
            return f"Error: {_pretty_reg(b[2])} has no active van permit with visits left"
        state.permits[pid][3] -= 1
        left = state.permits[pid][3]
    b[6] = "checked_in"
    return _booking(state, booking_id, left)


# --------------------------------------------------------------------------- van permits


@staff_only("advisor", "officer")
def apply_van_permit(state: State, token: str, resident_id: str, registration: str) -> Union[Permit, str]:
    """Take a resident's application for a van permit for a vehicle on their account.

    :param token: The session token.
    :param resident_id: The resident.
    :param registration: The van's registration.
    :returns: The permit and a new ``permit_id``, ``pending`` until the officer approves it.
    :rtype: Permit
    """
    if resident_id not in state.residents:
        return f"Error: no resident {resident_id}"
    reg = _reg(registration)
    v = state.vehicles.get(reg)
    if v is None or v[0] != resident_id:
        return f"Error: {registration} is not on {state.residents[resident_id][0]}'s account"
    if v[1] not in ("van", "pickup"):
        return f"Error: {_pretty_reg(reg)} is a {v[1].replace('_', ' ')}; only a van or a pick-up needs a permit"
    for pid, p in state.permits.items():
        if p[1] == reg and p[2] in ("pending", "active"):
            return f"Error: {_pretty_reg(reg)} has {pid} ({p[2]}) already"
    pid = f"VP-{_next(state, 'permit')}"
    state.permits[pid] = [resident_id, reg, "pending", PERMIT_VISITS, None]
    return _permit(state, pid)


@staff_only("advisor", "officer")
def van_permits(state: State, token: str, status: Optional[PermitStatus] = None) -> Union[List[Permit], str]:
    """The van permits, in permit id order.

    :param token: The session token.
    :param status: Only those ``pending``, ``active`` or ``expired``.
    :returns: Each permit's id, resident, registration, vehicle, status, visits left and expiry.
    :rtype: list[Permit]
    """
    want = _value(status)
    if want is not None and want not in [s.value for s in PermitStatus]:
        return f"Error: status is pending, active or expired, not {want!r}"
    return [_permit(state, pid) for pid, p in sorted(state.permits.items()) if want is None or p[2] == want]


@staff_only("officer")
def approve_van_permit(state: State, token: str, permit_id: str) -> Union[Permit, str]:
    """Approve a pending van permit; it runs for a year.

    :param token: The session token.
    :param permit_id: The permit.
    :returns: The permit, ``active``, with its visits and expiry.
    :rtype: Permit
    """
    p = state.permits.get(permit_id) if isinstance(permit_id, str) else None
    if p is None:
        return f"Error: no van permit {permit_id}"
    if p[2] == "active":
        return f"Error: {permit_id} is active already"
    if p[2] != "pending":
        return f"Error: {permit_id} is {p[2]}"
    checked = state.residents[p[0]][4]
    if checked is None or (_d(TODAY) - _d(checked)).days > PROOF_DAYS:
        return (f"Error: {state.residents[p[0]][0]}'s proof of address has not been checked in the last three "
                "months; a permit is approved on a checked proof of address")
    p[2], p[3] = "active", PERMIT_VISITS
    p[4] = (_d(TODAY) + datetime.timedelta(days=364)).isoformat()
    return _permit(state, permit_id)


# --------------------------------------------------------------------------- the centres


@staff_only("site")
def close_site(state: State, token: str, site_code: str, reason: str) -> Union[Closure, str]:
    """Close a centre for the rest of today; its bookings for today may then be moved.

    :param token: The session token.
    :param site_code: The centre.
    :param reason: Why (high winds, a fire, the site full).
    :returns: The centre, closed, and the ``bookings`` still booked for today there.
    :rtype: Closure
    """
    s = SITES.get(site_code) if isinstance(site_code, str) else None
    if s is None:
        return f"Error: no recycling centre {site_code!r}"
    if _blank(reason):
        return "Error: reason is required"
    if state.site_status[site_code] == "closed":
        return f"Error: {s[0]} is closed already"
    if _d(TODAY).weekday() not in s[2]:
        return f"Error: {s[0]} does not open today"
    state.site_status[site_code] = "closed"
    state.closures.append([site_code, TODAY, reason.strip()])
    waiting = [bid for bid, b in sorted(state.bookings.items())
               if b[6] == "booked" and _slot(b[1])[0] == site_code and _slot(b[1])[1] == TODAY]
    return Closure(site=site_code, site_name=s[0], open_today=False, reason=reason.strip(), bookings=waiting)


@staff_only("site")
def containers(state: State, token: str, site_code: str) -> Union[Containers, str]:
    """A centre's containers.

    :param token: The session token.
    :param site_code: The centre.
    :returns: The ``site`` and its ``containers`` as rows ``[container_id, material, size_m3, fill_pct,
        exchange_job]``.
    :rtype: Containers
    """
    if site_code not in SITES:
        return f"Error: no recycling centre {site_code!r}"
    return Containers(site=site_code, containers=[[cid, c[1], c[2], c[3], c[4]] for cid, c in
                                                  sorted(state.containers.items()) if c[0] == site_code])


@staff_only("site")
def record_fill_level(state: State, token: str, container_id: str, fill_pct: int) -> Union[FillLevel, str]:
    """Record how full a container is.

    :param token: The session token.
    :param container_id: The container.
    :param fill_pct: How full, in per cent.
    :returns: The container's ``container_id``, ``site``, ``material`` and ``fill_pct``.
    :rtype: FillLevel
    """
    c = state.containers.get(container_id) if isinstance(container_id, str) else None
    if c is None:
        return f"Error: no container {container_id}"
    if not _count(fill_pct) or not 0 <= fill_pct <= 100:
        return f"Error: fill_pct is 0 to 100, not {fill_pct!r}"
    if c[3] == fill_pct:
        return f"Error: {container_id} is at {fill_pct} per cent already"
    c[3] = fill_pct
    return FillLevel(container_id=container_id, site=c[0], material=c[1], fill_pct=fill_pct)


@staff_only("site")
def request_container_exchange(state: State, token: str, container_id: str,
                               note: Optional[str] = None) -> Union[HaulageJob, str]:
    """Ask the haulier to take a full container away and leave an empty one.

    :param token: The session token.
    :param container_id: The container.
    :param note: Anything the driver should know.
    :returns: The haulage ``job_id``, the container and the day it is ``due``.
    :rtype: HaulageJob
    """
    c = state.containers.get(container_id) if isinstance(container_id, str) else None
    if c is None:
        return f"Error: no container {container_id}"
    if c[4] is not None:
        return f"Error: {container_id} has {c[4]} booked already"
    if c[3] < EXCHANGE_AT:
        return f"Error: {container_id} is {c[3]} per cent full; a container is exchanged at 75 per cent or more"
    jid = f"HJ-{_next(state, 'job')}"
    due = (_d(TODAY) + datetime.timedelta(days=1)).isoformat()
    state.jobs[jid] = [container_id, TODAY, "requested"]
    c[4] = jid
    return HaulageJob(job_id=jid, container_id=container_id, site=c[0], material=c[1], due=due,
                      note=note.strip() if isinstance(note, str) and note.strip() else None)


# --------------------------------------------------------------------------- bulky waste collections


@staff_only("advisor")
def collection_rounds(state: State, token: str, postcode: str) -> Union[List[Round], str]:
    """The bulky waste rounds still taking bookings that cover a postcode.

    :param token: The session token.
    :param postcode: The resident's postcode.
    :returns: Each round's ``round_id``, ``date``, ``area`` and ``places_left``.
    :rtype: list[Round]
    """
    if _blank(postcode):
        return "Error: postcode is required"
    district = _district(postcode.strip().upper())
    out = []
    for rid, r in sorted(ROUNDS.items()):
        if district in r[2] and r[0] > TODAY:
            taken = sum(1 for c in state.collections.values() if c[1] == rid and c[4] != "cancelled")
            out.append(Round(round_id=rid, date=r[0], area=r[1], places_left=r[3] - taken))
    return out


@staff_only("advisor")
def book_bulky_collection(state: State, token: str, resident_id: str, round_id: str, items: List[str],
                          notes: Optional[str] = None) -> Union[Collection, str]:
    """Book a bulky waste collection from a resident's address; it is collected once paid.

    :param token: The session token.
    :param resident_id: The resident.
    :param round_id: The round.
    :param items: The codes of the items.
    :param notes: Where the items will be left.
    :returns: The collection and a new ``collection_id``, ``awaiting_payment``, and its ``price``.
    :rtype: Collection
    """
    r = state.residents.get(resident_id) if isinstance(resident_id, str) else None
    if r is None:
        return f"Error: no resident {resident_id}"
    rnd = ROUNDS.get(round_id) if isinstance(round_id, str) else None
    if rnd is None:
        return f"Error: no round {round_id}"
    prices = {code: price for code, _, price in BULKY_ITEMS}
    if not isinstance(items, list) or not items:
        return "Error: items is a list of item codes"
    for code in items:
        if code not in prices:
            return f"Error: no bulky item {code!r}"
    if len(items) > MAX_ITEMS:
        return f"Error: a collection takes at most {MAX_ITEMS} items"
    if rnd[0] <= TODAY:
        return f"Error: {round_id} is closed for bookings"
    district = _district(state.addresses[r[3]][3])
    if district not in rnd[2]:
        return f"Error: {round_id} covers the {rnd[1]} of the borough, not {district}"
    taken = sum(1 for c in state.collections.values() if c[1] == round_id and c[4] != "cancelled")
    if taken >= rnd[3]:
        return f"Error: {round_id} is full"
    for cid, c in state.collections.items():
        if c[0] == resident_id and c[1] == round_id and c[4] in ("awaiting_payment", "booked"):
            return f"Error: {r[0]} has {cid} on {round_id} already"
    cid = f"BC-{_next(state, 'collection')}"
    state.collections[cid] = [resident_id, round_id, list(items), round(sum(prices[i] for i in items), 2),
                              "awaiting_payment", notes.strip() if isinstance(notes, str) and notes.strip() else None]
    return _collection(state, cid)


@staff_only("advisor")
def pay_bulky_collection(state: State, token: str, collection_id: str, amount: float,
                         card_last_four: str) -> Union[Collection, str]:
    """Take payment for a bulky waste collection by card.

    :param token: The session token.
    :param collection_id: The collection.
    :param amount: The amount paid in pounds.
    :param card_last_four: The last four digits of the card.
    :returns: The collection, ``booked``.
    :rtype: Collection
    """
    c = state.collections.get(collection_id) if isinstance(collection_id, str) else None
    if c is None:
        return f"Error: no collection {collection_id}"
    if not isinstance(card_last_four, str) or not re.fullmatch(r"[0-9]{4}", card_last_four):
        return f"Error: card_last_four is four digits, not {card_last_four!r}"
    if c[4] in ("booked", "collected"):
        return f"Error: {collection_id} is paid already"
    if c[4] != "awaiting_payment":
        return f"Error: {collection_id} is {c[4]}"
    if not _amount(amount) or abs(float(amount) - c[3]) > 0.005:
        return f"Error: {collection_id} comes to {c[3]:.2f}, not {amount!r}"
    c[4] = "booked"
    return _collection(state, collection_id)


@staff_only("advisor")
def cancel_bulky_collection(state: State, token: str, collection_id: str, reason: str) -> str:
    """Cancel a bulky waste collection; a paid one is refunded.

    :param token: The session token.
    :param collection_id: The collection.
    :param reason: Why.
    :returns: A sentence naming the collection cancelled and any refund.
    :rtype: str
    """
    c = state.collections.get(collection_id) if isinstance(collection_id, str) else None
    if c is None:
        return f"Error: no collection {collection_id}"
    if _blank(reason):
        return "Error: reason is required"
    if c[4] == "cancelled":
        return f"Error: {collection_id} is cancelled already"
    if c[4] == "collected":
        return f"Error: {collection_id} has been collected"
    if ROUNDS[c[1]][0] <= TODAY:
        return f"Error: {collection_id} is on today's round"
    paid = c[4] == "booked"
    c[4] = "cancelled"
    return f"Collection {collection_id} cancelled" + (f"; {c[3]:.2f} refunded to the card." if paid else ".")


@staff_only("advisor", "crew")
def bulky_collections(state: State, token: str, round_id: Optional[str] = None,
                      status: Optional[CollectionStatus] = None) -> Union[List[Collection], str]:
    """The bulky waste collections, in collection id order.

    :param token: The session token.
    :param round_id: Only those on this round.
    :param status: Only those ``awaiting_payment``, ``booked``, ``collected`` or ``cancelled``.
    :returns: Each collection's id, resident, address, round, date, items, price, status and notes.
    :rtype: list[Collection]
    """
    if status is not None and status not in ("awaiting_payment", "booked", "collected", "cancelled"):
        return f"Error: status is awaiting_payment, booked, collected or cancelled, not {status!r}"
    if round_id is not None and round_id not in ROUNDS:
        return f"Error: no round {round_id}"
    return [_collection(state, cid) for cid, c in sorted(state.collections.items())
            if (round_id is None or c[1] == round_id) and (status is None or c[4] == status)]


@staff_only("crew")
def mark_collected(state: State, token: str, collection_id: str,
                   left_behind: Optional[str] = None) -> Union[Collection, str]:
    """Mark a paid collection on today's round as collected.

    :param token: The session token.
    :param collection_id: The collection.
    :param left_behind: Anything the crew could not take, and why.
    :returns: The collection, ``collected``.
    :rtype: Collection
    """
    c = state.collections.get(collection_id) if isinstance(collection_id, str) else None
    if c is None:
        return f"Error: no collection {collection_id}"
    if c[4] == "collected":
        return f"Error: {collection_id} is collected already"
    if c[4] == "awaiting_payment":
        return f"Error: {collection_id} is awaiting payment; the crews collect paid collections only"
    if c[4] != "booked":
        return f"Error: {collection_id} is {c[4]}"
    if ROUNDS[c[1]][0] != TODAY:
        return f"Error: {collection_id} is on the round of {ROUNDS[c[1]][0]}, not today's"
    c[4] = "collected"
    if isinstance(left_behind, str) and left_behind.strip():
        c[5] = f"Left behind: {left_behind.strip()}"
    return _collection(state, collection_id)


# --------------------------------------------------------------------------- the reuse shop


@staff_only("site")
def log_reuse_item(state: State, token: str, site_code: str, description: str,
                   category: ReuseCategory) -> Union[ReuseItem, str]:
    """Set an item aside for the reuse shop; an electrical item waits for its PAT test.

    :param token: The session token.
    :param site_code: The centre.
    :param description: What it is.
    :param category: ``furniture``, ``electrical``, ``bicycle``, ``garden`` or ``homeware``.
    :returns: The item and a new ``item_id``.
    :rtype: ReuseItem
    """
    if site_code not in SITES:
        return f"Error: no recycling centre {site_code!r}"
    if _blank(description):
        return "Error: description is required"
    if category not in ("furniture", "electrical", "bicycle", "garden", "homeware"):
        return f"Error: category is furniture, electrical, bicycle, garden or homeware, not {category!r}"
    iid = f"RU-{_next(state, 'reuse')}"
    state.reuse[iid] = [site_code, description.strip(), category,
                        "awaiting_test" if category == "electrical" else "for_sale", None, None]
    return _reuse(state, iid)


@staff_only("site")
def reuse_items(state: State, token: str, site_code: Optional[str] = None) -> Union[List[ReuseItem], str]:
    """The reuse shop's items, in item id order.

    :param token: The session token.
    :param site_code: Only those at this centre.
    :returns: Each item's id, centre, description, category and status.
    :rtype: list[ReuseItem]
    """
    if site_code is not None and site_code not in SITES:
        return f"Error: no recycling centre {site_code!r}"
    return [_reuse(state, iid) for iid, r in sorted(state.reuse.items()) if site_code is None or r[0] == site_code]


@staff_only("site")
def pat_test(state: State, token: str, item_id: str, passed: bool, tester: str) -> Union[ReuseItem, str]:
    """Record an electrical item's portable appliance test; one that does not pass is scrapped.

    :param token: The session token.
    :param item_id: The item.
    :param passed: Whether it passed.
    :param tester: Who tested it.
    :returns: The item, ``for_sale`` or ``scrapped``, and who ``tested_by``.
    :rtype: ReuseItem
    """
    r = state.reuse.get(item_id) if isinstance(item_id, str) else None
    if r is None:
        return f"Error: no reuse item {item_id}"
    if not isinstance(passed, bool):
        return f"Error: passed is true or false, not {passed!r}"
    if _blank(tester):
        return "Error: tester is required"
    if r[2] != "electrical":
        return f"Error: {item_id} is {r[2]}; only electrical items are tested"
    if r[3] != "awaiting_test":
        return f"Error: {item_id} is {r[3]}; it was tested already"
    r[3] = "for_sale" if passed else "scrapped"
    return _reuse(state, item_id, tester.strip())


@staff_only("site")
def sell_reuse_item(state: State, token: str, item_id: str, price: float, buyer: str) -> str:
    """Sell an item from the reuse shop.

    :param token: The session token.
    :param item_id: The item.
    :param price: The price in pounds.
    :param buyer: The buyer's name.
    :returns: A sentence naming the item sold.
    :rtype: str
    """
    r = state.reuse.get(item_id) if isinstance(item_id, str) else None
    if r is None:
        return f"Error: no reuse item {item_id}"
    if not _amount(price) or price <= 0:
        return f"Error: price is an amount in pounds, not {price!r}"
    if _blank(buyer):
        return "Error: buyer is required"
    if r[3] == "sold":
        return f"Error: {item_id} is sold already"
    if r[3] == "awaiting_test":
        return f"Error: {item_id} is an electrical item awaiting its PAT test; it is sold once it passes"
    if r[3] != "for_sale":
        return f"Error: {item_id} is {r[3]}"
    r[3], r[4], r[5] = "sold", round(float(price), 2), buyer.strip()
    state.sales.append([item_id, round(float(price), 2), buyer.strip()])
    return f"Reuse item {item_id} ({r[1]}) sold to {buyer.strip()} for {float(price):.2f}."


# --------------------------------------------------------------------------- trade waste


@staff_only("officer")
def register_trade_account(state: State, token: str, business: str, contact: str, email: str, phone: str,
                           carrier_licence: str) -> Union[TradeAccount, str]:
    """Open a trade waste account for a business (trade waste is taken at Marlpit Lane on tickets).

    :param token: The session token.
    :param business: The business's name.
    :param contact: Who to deal with.
    :param email: Their e-mail address.
    :param phone: Their phone number.
    :param carrier_licence: The waste carrier's licence number the business gives.
    :returns: The account and a new ``account_id``, its licence not yet checked.
    :rtype: TradeAccount
    """
    if _blank(business) or _blank(contact) or _blank(phone) or _blank(carrier_licence):
        return "Error: business, contact, phone and carrier_licence are required"
    if _blank(email) or "@" not in email:
        return f"Error: {email!r} is not an e-mail address"
    for tid, t in state.trade.items():
        if t[0].lower() == business.strip().lower():
            return f"Error: {business} has {tid} already"
    tid = f"TA-{_next(state, 'trade')}"
    state.trade[tid] = [business.strip(), contact.strip(), email.strip(), phone.strip(),
                        carrier_licence.strip().upper(), None, 0]
    return _trade(state, tid)


@staff_only("officer", "site")
def trade_accounts(state: State, token: str, text: Optional[str] = None) -> Union[List[TradeAccount], str]:
    """The trade waste accounts, in account id order.

    :param token: The session token.
    :param text: Only those whose business or contact name holds this.
    :returns: Each account's id, business, contact, e-mail, phone, licence, the day it was checked and the
        tickets on it.
    :rtype: list[TradeAccount]
    """
    needle = text.strip().lower() if isinstance(text, str) and text.strip() else None
    return [_trade(state, tid) for tid, t in sorted(state.trade.items())
            if needle is None or needle in t[0].lower() or needle in t[1].lower()]


@staff_only("officer")
def verify_waste_carrier(state: State, token: str, account_id: str, licence_number: str,
                         expires: str) -> Union[TradeAccount, str]:
    """Record that a business's waste carrier's licence was checked on the public register.

    :param token: The session token.
    :param account_id: The account.
    :param licence_number: The licence number as the register shows it.
    :param expires: The licence's expiry (YYYY-MM-DD).
    :returns: The account, with the day its licence was checked.
    :rtype: TradeAccount
    """
    t = state.trade.get(account_id) if isinstance(account_id, str) else None
    if t is None:
        return f"Error: no trade account {account_id}"
    number = licence_number.replace(" ", "").upper() if isinstance(licence_number, str) else ""
    if not LICENCE.match(number):
        return f"Error: {licence_number!r} is not a waste carrier's licence number (CBDU and six digits)"
    if number != t[4]:
        return f"Error: {number} is not the licence {t[0]} gave ({t[4]})"
    day = _date(expires)
    if day is None:
        return f"Error: expires is YYYY-MM-DD, not {expires!r}"
    if day <= TODAY:
        return f"Error: the licence expired on {day}"
    if t[5] is not None:
        return f"Error: {account_id}'s licence was checked on {t[5]} already"
    t[5] = TODAY
    return _trade(state, account_id)


@staff_only("officer")
def buy_trade_tickets(state: State, token: str, account_id: str, books: int, amount: float) -> Union[int, str]:
    """Sell a business books of trade waste tickets (a ticket a visit).

    :param token: The session token.
    :param account_id: The account.
    :param books: How many books.
    :param amount: The amount paid in pounds.
    :returns: The number of tickets now on the account, as a bare number.
    :rtype: int
    """
    t = state.trade.get(account_id) if isinstance(account_id, str) else None
    if t is None:
        return f"Error: no trade account {account_id}"
    if not _count(books) or not 1 <= books <= 5:
        return f"Error: books is 1 to 5, not {books!r}"
    if t[5] is None:
        return f"Error: {t[0]}'s waste carrier's licence has not been checked; tickets are sold once it is"
    due = round(books * TRADE_BOOK[1], 2)
    if not _amount(amount) or abs(float(amount) - due) > 0.005:
        return f"Error: {books} book(s) of {TRADE_BOOK[0]} tickets come to {due:.2f}, not {amount!r}"
    t[6] += books * TRADE_BOOK[0]
    return t[6]


@staff_only("site")
def record_trade_visit(state: State, token: str, account_id: str, site_code: str, registration: str,
                       tickets: int) -> Union[TradeVisit, str]:
    """Take a business's tickets for a trade waste load at the gate.

    :param token: The session token.
    :param account_id: The account.
    :param site_code: The centre.
    :param registration: The vehicle's registration.
    :param tickets: How many tickets the load takes (one a cubic metre).
    :returns: The ``account_id``, the ``business``, the ``tickets_taken`` and the ``tickets_left``.
    :rtype: TradeVisit
    """
    t = state.trade.get(account_id) if isinstance(account_id, str) else None
    if t is None:
        return f"Error: no trade account {account_id}"
    if site_code not in SITES:
        return f"Error: no recycling centre {site_code!r}"
    reg = _reg(registration)
    if not REG.match(reg):
        return f"Error: {registration!r} is not a registration such as AB12 CDE"
    if not _count(tickets) or not 1 <= tickets <= 6:
        return f"Error: tickets is 1 to 6, not {tickets!r}"
    if not SITES[site_code][6]:
        return f"Error: {SITES[site_code][0]} takes no trade waste; trade waste goes to Marlpit Lane"
    if state.site_status[site_code] != "open":
        return f"Error: {SITES[site_code][0]} is closed"
    if t[6] < tickets:
        return f"Error: {t[0]} has {t[6]} tickets, not {tickets}"
    t[6] -= tickets
    state.trade_visits.append([account_id, site_code, reg, tickets, TODAY])
    return TradeVisit(account_id=account_id, business=t[0], registration=_pretty_reg(reg), tickets_taken=tickets,
                      tickets_left=t[6])


TOOLS = [
    sign_in, sign_out, site_directory, materials_list, address_search, bulky_price_list, find_resident,
    register_resident, update_resident, resident_account, add_vehicle, verify_proof_of_address, notify_resident,
    free_slots, book_visit, add_chargeable_waste, pay_booking_charges, bookings, cancel_booking, move_booking,
    check_in, apply_van_permit, van_permits, approve_van_permit, close_site, containers, record_fill_level,
    request_container_exchange, collection_rounds, book_bulky_collection, pay_bulky_collection,
    cancel_bulky_collection, bulky_collections, mark_collected, log_reuse_item, reuse_items, pat_test, sell_reuse_item,
    register_trade_account, trade_accounts, verify_waste_carrier, buy_trade_tickets, record_trade_visit,
]

FIXTURES = {
    "council": {"name": "Ravensmoor Borough Council, waste services",
                "today": "Friday 13 March 2037, nine in the morning"},
    "staff": [
        {"name": "Griselda Pomfret", "role": "contact centre adviser", "username": "griselda.p",
         "password": "Green-Bin-72"},
        {"name": "Tobiah Marwood", "role": "contact centre adviser", "username": "tobiah.m",
         "password": "Phone-Queue-8"},
        {"name": "Kezia Blandford", "role": "site supervisor, Marlpit Lane", "username": "kezia.b",
         "password": "Hi-Vis-Gate-3"},
        {"name": "Alaric Quartermain", "role": "site supervisor, Hobday Road", "username": "alaric.q",
         "password": "Skip-Bay-61"},
        {"name": "Lavinia Crosthwaite", "role": "waste services officer", "username": "lavinia.c",
         "password": "Permit-Desk-40"},
        {"name": "Desmond Hulbert", "role": "bulky waste crew", "username": "desmond.a", "password": "Tail-Lift-19"},
        {"name": "Rosalind Pitchford", "role": "waste services manager", "username": "rosalind.p",
         "password": "Borough-Hall-5"},
    ],
    "new_resident": {
        "name": "Mr Cornelius Thackeray", "email": "cornelius.thackeray@example.com", "phone": "07700 900613",
        "address": "14 Tansy Close, Ravensmoor", "postcode": "QX4 6TC",
        "vehicles": [{"registration": "LM23 RPT", "type": "car", "make": "Hyundai i30"},
                     {"registration": "WN68 HGV", "type": "van", "make": "Renault Trafic"}],
        "proof_of_address": "a council tax bill dated 2 March 2037",
        "card": "a debit card ending 4417",
        "wants": "a van permit; a visit to Marlpit Lane tomorrow at ten in the van with general waste, wood and four "
                 "bags of rubble, the rubble paid for now; a bulky waste collection of a sofa and a fridge on the next "
                 "round, left on the drive, paid for now",
    },
    "new_trade_customer": {
        "business": "Fettle and Daughters Joinery", "contact": "Ms Perdita Fettle",
        "email": "perdita@fettlejoinery.example.co.uk", "phone": "01632 961577", "carrier_licence": "CBDU337029",
        "licence_expires": "30 June 2039", "wants": "two books of trade tickets, 90 pounds, then a load of two cubic "
                                                    "metres of offcuts to Marlpit Lane in van PF21 JNR",
    },
    "notes": [
        "Cowfold Wharf is to close for the rest of today: high winds have brought down a section of the fencing",
        "Ms Cresswell's visit to Cowfold Wharf this afternoon is to move to Hobday Road at one o'clock, and she is "
        "to be told by e-mail",
        "Mrs Oddfellow is at the Marlpit Lane gate for her eleven o'clock visit and will pay the 9.00 for her three "
        "bags of rubble by card ending 2291",
        "Mr Huxtable's van, KX19 VNB, is at the Marlpit Lane gate for his ten o'clock visit",
        "Mr Huxtable would like to visit Hobday Road on Sunday at eleven in his Honda, FJ61 WLT, with garden waste and "
        "cardboard",
        "Mr Huxtable has bought a Hyundai Tucson with a box trailer, HW09 BTK, and a mattress of his is to go on the "
        "next bulky waste round",
        "Ms Cresswell is bringing two bags of rubble to Hobday Road tomorrow",
        "Mr Trevenna has sent a council tax bill dated 27 February 2037 for his pick-up permit",
        "Dr Yarwood wants her van permit renewed for DY66 KWF; her new e-mail address is "
        "constance@yarwood.example.co.uk; she cannot make her Monday visit to Cowfold Wharf",
        "Mrs Oddfellow will pay the 22.00 for her sofa and armchair collection by card ending 2291",
        "Mr Trevenna will pay the 18.00 for the fridge on today's round by card ending 8830",
        "Ms Cresswell's mattress and bed frame have gone on today's round",
        "The wood container at Marlpit Lane is now 85 per cent full",
        "The microwave in the Marlpit Lane reuse shop has passed its PAT test (Kezia Blandford tested it)",
        "The oak dining table in the reuse shop is sold to Mr Evander Loxley for 40 pounds",
        "A table lamp with a linen shade has come in at Marlpit Lane for the reuse shop",
        "Greenbough Gardens' licence, CBDU204117, is on the register until 31 August 2038; they want one book of "
        "tickets, 45 pounds",
        "Pellinore Property Maintenance's van, PP20 LMX, is at Marlpit Lane with three cubic metres of trade waste",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "site_directory", "materials_list", "address_search", "bulky_price_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
RESIDENT_CONSUMERS = ["update_resident", "resident_account", "add_vehicle", "verify_proof_of_address",
                      "notify_resident", "book_visit", "apply_van_permit", "book_bulky_collection"]
BOOKING_CONSUMERS = ["add_chargeable_waste", "pay_booking_charges", "cancel_booking", "move_booking", "check_in"]
SITE_CONSUMERS = ["free_slots", "close_site", "containers", "log_reuse_item", "record_trade_visit"]
TRADE_CONSUMERS = ["verify_waste_carrier", "buy_trade_tickets", "record_trade_visit"]
_RESIDENT = "id lookup/create: resident (resident_id of register_resident, or of a find_resident entry)"
_BOOKING = "id lookup/create: booking (booking_id of book_visit, or of a bookings entry)"
_SITE = "vocabulary: centre codes (code of a site_directory entry)"
_SLOT = "id lookup: booking slot (a slot row of free_slots)"
_MATERIAL = "vocabulary: material codes (code of a materials_list entry)"
_COLLECTION = ("id lookup/create: bulky collection (collection_id of book_bulky_collection, or of a "
               "bulky_collections entry)")
_REUSE = "id lookup/create: reuse item (item_id of log_reuse_item, or of a reuse_items entry)"
_TRADE = "id lookup/create: trade account (account_id of register_trade_account, or of a trade_accounts entry)"
_CONTAINER = "id lookup: container (a container row of containers)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_resident|find_resident", c, _RESIDENT) for c in RESIDENT_CONSUMERS]
    + [("book_visit|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("site_directory", c, _SITE) for c in SITE_CONSUMERS]
    + [("free_slots", c, _SLOT) for c in ("book_visit", "move_booking")]
    + [("materials_list", c, _MATERIAL) for c in ("book_visit", "add_chargeable_waste")]
    + [("containers", c, _CONTAINER) for c in ("record_fill_level", "request_container_exchange")]
    + [("book_bulky_collection|bulky_collections", c, _COLLECTION)
       for c in ("pay_bulky_collection", "cancel_bulky_collection")]
    + [("log_reuse_item|reuse_items", c, _REUSE) for c in ("pat_test", "sell_reuse_item")]
    + [("register_trade_account|trade_accounts", c, _TRADE) for c in TRADE_CONSUMERS]
    + [
        ("address_search", "register_resident", "id lookup: address (address_id of an address_search entry)"),
        ("apply_van_permit|van_permits", "approve_van_permit",
         "id lookup/create: van permit (permit_id of apply_van_permit, or of a van_permits entry)"),
        ("collection_rounds", "book_bulky_collection", "id lookup: bulky waste round (round_id of a "
                                                       "collection_rounds entry)"),
        ("bulky_price_list", "book_bulky_collection", "vocabulary: bulky item codes (code of a bulky_price_list "
                                                      "entry)"),
        ("bulky_collections", "mark_collected", "id lookup: bulky collection on today's round (collection_id of a "
                                                "bulky_collections entry)"),
        ("add_vehicle", "book_visit", "state: the vehicle on the resident's account"),
        ("add_vehicle", "apply_van_permit", "state: the van on the resident's account"),
        ("verify_proof_of_address", "approve_van_permit", "verification: a proof of address checked in the last "
                                                          "three months"),
        ("approve_van_permit", "book_visit", "state: an active van permit (a van or pick-up visits on one)"),
        ("add_chargeable_waste", "pay_booking_charges", "state: a DIY waste charge on the booking"),
        ("pay_booking_charges", "check_in", "payment: the DIY waste charge paid"),
        ("close_site", "move_booking", "state: the booking's centre closed for the day"),
        ("record_fill_level", "request_container_exchange", "state: the container 75 per cent full or more"),
        ("pay_bulky_collection", "mark_collected", "payment: the collection paid"),
        ("pat_test", "sell_reuse_item", "verification: the electrical item passed its PAT test"),
        ("verify_waste_carrier", "buy_trade_tickets", "verification: the waste carrier's licence checked"),
        ("buy_trade_tickets", "record_trade_visit", "payment: trade tickets on the account"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_BOOKING_CHANGES = ("book_visit", "add_chargeable_waste", "pay_booking_charges", "cancel_booking", "move_booking",
                    "check_in")
_COLLECTION_CHANGES = ("book_bulky_collection", "pay_bulky_collection", "cancel_bulky_collection", "mark_collected")
COLLECTION_CONSUMERS = ("pay_bulky_collection", "cancel_bulky_collection", "mark_collected")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: residents on bookings, permits, collections and the records
    # that answer with the resident; bookings on an account and a closure; centres on bookings, materials and reuse
    # items; slots and materials on bookings; permits on an account; containers on a fill level or a haulage job;
    # rounds and bulky items on collections; collections on an account; trade accounts on the records that answer
    # with one; addresses on a resident
    {(p, c) for p in ("bookings", "van_permits", "bulky_collections", "resident_account", "add_vehicle",
                      "update_resident", "verify_proof_of_address", "book_visit", "apply_van_permit",
                      "book_bulky_collection")
     for c in RESIDENT_CONSUMERS}
    | {(p, c) for p in ("resident_account", "close_site", "add_chargeable_waste", "pay_booking_charges", "move_booking",
                        "check_in")
       for c in BOOKING_CONSUMERS}
    | {(p, c) for p in ("bookings", "book_visit", "move_booking", "check_in", "materials_list", "reuse_items")
       for c in SITE_CONSUMERS}
    | {(p, c) for p in ("bookings", "book_visit", "move_booking") for c in ("book_visit", "move_booking")}
    | {(p, c) for p in ("bookings", "book_visit", "add_chargeable_waste", "containers")
       for c in ("book_visit", "add_chargeable_waste")}
    | {("resident_account", "approve_van_permit")}
    | {("record_fill_level", "request_container_exchange"), ("request_container_exchange", "record_fill_level")}
    | {(p, "book_bulky_collection") for p in ("bulky_collections", "book_bulky_collection")}
    | {(p, c) for p in ("resident_account", "book_bulky_collection", "pay_bulky_collection")
       for c in COLLECTION_CONSUMERS}
    | {(p, c) for p in ("verify_waste_carrier", "record_trade_visit") for c in TRADE_CONSUMERS}
    | {(p, "register_resident") for p in ("resident_account", "register_resident", "update_resident",
                                          "verify_proof_of_address")}
    | {("pat_test", "sell_reuse_item"), ("log_reuse_item", "pat_test")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("add_vehicle", "add_chargeable_waste"), ("add_vehicle", "approve_van_permit"),
        ("add_vehicle", "cancel_booking"),
        ("add_vehicle", "check_in"), ("add_vehicle", "move_booking"), ("add_vehicle", "pay_booking_charges"),
        ("address_search", "add_vehicle"), ("address_search", "apply_van_permit"),
        ("address_search", "book_bulky_collection"), ("address_search", "book_visit"),
        ("address_search", "notify_resident"), ("address_search", "resident_account"),
        ("address_search", "update_resident"), ("address_search", "verify_proof_of_address"),
        ("apply_van_permit", "book_visit"), ("approve_van_permit", "add_chargeable_waste"),
        ("approve_van_permit", "cancel_booking"), ("approve_van_permit", "pay_booking_charges"),
        ("bulky_price_list", "cancel_bulky_collection"), ("bulky_price_list", "pay_bulky_collection"),
        ("collection_rounds", "cancel_bulky_collection"), ("collection_rounds", "pay_bulky_collection"),
        ("find_resident", "approve_van_permit"), ("free_slots", "add_chargeable_waste"),
        ("free_slots", "cancel_booking"), ("free_slots", "check_in"), ("free_slots", "pay_booking_charges"),
        ("materials_list", "cancel_booking"), ("materials_list", "check_in"), ("materials_list", "move_booking"),
        ("materials_list", "pay_booking_charges"), ("register_resident", "add_chargeable_waste"),
        ("register_resident", "approve_van_permit"), ("register_resident", "cancel_booking"),
        ("register_resident", "cancel_bulky_collection"), ("register_resident", "check_in"),
        ("register_resident", "move_booking"), ("register_resident", "pay_booking_charges"),
        ("register_resident", "pay_bulky_collection"), ("site_directory", "book_visit"),
        ("site_directory", "move_booking"), ("site_directory", "pat_test"), ("site_directory", "record_fill_level"),
        ("site_directory", "request_container_exchange"), ("site_directory", "sell_reuse_item"),
        ("verify_proof_of_address", "book_visit"), ("verify_waste_carrier", "record_trade_visit"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_resident", "update_resident", "add_vehicle", "verify_proof_of_address")
       for c in ("find_resident", "resident_account")}
    | {(p, c) for p in _BOOKING_CHANGES for c in ("bookings", "resident_account", "free_slots")}
    | {(p, c) for p in ("apply_van_permit", "approve_van_permit", "check_in")
       for c in ("van_permits", "resident_account")}
    | {("close_site", "site_directory"), ("close_site", "free_slots")}
    | {(p, "containers") for p in ("record_fill_level", "request_container_exchange")}
    | {(p, c) for p in _COLLECTION_CHANGES for c in ("bulky_collections", "resident_account", "collection_rounds")}
    | {(p, "reuse_items") for p in ("log_reuse_item", "pat_test", "sell_reuse_item")}
    | {(p, "trade_accounts") for p in ("register_trade_account", "verify_waste_carrier", "buy_trade_tickets",
                                       "record_trade_visit")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
