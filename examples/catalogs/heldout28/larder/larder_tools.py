"""Larder: the distribution desk of Millbrook Community Food Bank (41 calls).

Sync functions over an in-memory ``State`` of the food bank on Thursday 16 October 2031 at 09:30, half an
hour before the Methodist Hall opens. The referral desk registers the households that referral agencies
send, enters the agencies' vouchers, books each voucher onto a collection slot at a centre or onto a
home delivery run, hands parcels over, records the support conversations (debt advice, benefits, energy)
that the food bank signposts people to and writes to households. The warehouse packs parcels to the
household's size and dietary needs, adds and takes off extras, logs donated stock with its best-before
date, moves stock between the depot and the centres, writes off stock that is out of date or damaged
and records the deliveries. The volunteer coordinator registers referral agencies and volunteers, records
inductions and DBS checks, puts volunteers on shifts and drivers on delivery runs. The project manager
may do everything. The list of centres and the shopping list of the items the food bank stocks are public.

Every tool is a plain ``def`` without a decorator; each checks its session and role itself. Refusals are
*raised* as Python's built-in exceptions: ``PermissionError`` (no session, or the wrong role),
``LookupError`` (no such record), ``ValueError`` (a value the food bank does not take, or a change that
changes nothing) and ``RuntimeError`` (a record not in the state the call needs). Replies are
``TypedDict``s and lists of them (a household's record with its vouchers, parcels and support
conversations nested as rows; a parcel with its lines nested; delivery runs with their stops nested; a
shift with its volunteers nested), bare values (the quantity written off) and sentences with an id in
them (a message sent, a sign-out). Ids look alike: household ``HH-0586``; voucher ``VR-20417`` and parcel
``PC-20405``; collection slot ``HALL-1016-1030`` and volunteer shift ``HALL-1016-AM``; delivery run
``RUN-1016``; batch ``BT-3301``; transfer ``TX-0077``; volunteer ``V-0144``; agency ``AG-041``; support
conversation ``SP-0140``. The dietary needs the warehouse packs for, the parcel size a household takes,
the catchment postcodes, how long a voucher runs, the fourth voucher rule, the DBS certificate number
and how old a check may be, the extras limit and the delivery run's size are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
from enum import Enum
from typing import Dict, List, Literal, Optional, TypedDict

TODAY = "2031-10-16"  # a Thursday
NOW = "09:30"
VOUCHER_DAYS = 28
SIX_MONTHS = 182
SUPPORT_WITHIN = 30
DBS_YEARS = 3
MAX_EXTRAS = 4
RUN_STOPS = 6
SLOT_PLACES = 4
AHEAD_DAYS = 14
CATCHMENT = ("MB1", "MB2", "MB3", "MB4", "MB5", "MB6")
DIETS = ("vegetarian", "halal", "gluten_free", "diabetic", "no_cooking")

CENTRES = {  # code -> name, address, collection sessions (weekday -> first and last slot), shifts
    "HALL": ("Millbrook Methodist Hall", "14 Chapel Street, Millbrook MB1 2CS",
             {1: ("10:00", 4), 3: ("10:00", 4)}, {1: ("AM", "09:00", "12:30", 6), 3: ("AM", "09:00", "12:30", 6)}),
    "LUKE": ("St Luke's Community Centre", "Fernside Road, Millbrook MB3 5FR",
             {3: ("13:00", 4), 5: ("10:00", 4)}, {3: ("PM", "12:30", "15:30", 4), 5: ("AM", "09:30", "12:30", 4)}),
    "DEPOT": ("Canal Wharf depot (warehouse, deliveries)", "Unit 4, Canal Wharf, Millbrook MB2 8CW",
              {}, {0: ("AM", "09:00", "13:00", 5), 2: ("AM", "09:00", "13:00", 5), 4: ("AM", "09:00", "13:00", 5)}),
}
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

ITEMS = {  # code -> description, kind, on the "we need" list
    "CER": ("Breakfast cereal, 500 g", "food", False),
    "PAS": ("Pasta, 500 g", "food", False),
    "PAS-GF": ("Gluten-free pasta, 500 g", "food", True),
    "POT": ("Instant mashed potato", "food", True),
    "TIN-TOM": ("Chopped tomatoes, tin", "food", False),
    "TIN-BEA": ("Baked beans, tin", "food", False),
    "SOUP": ("Soup, tin", "food", False),
    "TIN-VEG": ("Vegetables, tin", "food", False),
    "TIN-MEA": ("Meat (stew, chilli, meatballs), tin", "food", True),
    "TIN-MEA-H": ("Halal meat, tin", "food", True),
    "TIN-FSH": ("Fish (tuna, sardines), tin", "food", False),
    "TIN-FRU": ("Fruit, tin", "food", False),
    "MLK-UHT": ("UHT milk, 1 litre", "food", True),
    "TEA": ("Tea bags, 80", "food", False),
    "SUG": ("Sugar, 1 kg", "food", False),
    "BIS": ("Biscuits, packet", "food", False),
    "TOI": ("Toiletries pack (soap, toothpaste, shampoo)", "toiletries", True),
    "SAN": ("Sanitary products", "toiletries", True),
    "NAP": ("Nappies, pack", "baby", True),
    "BBF": ("Baby food, jars", "baby", False),
    "DET": ("Washing-up liquid", "household", False),
}
SIZES = ("single", "couple", "family", "large_family")
MENU = {  # item -> quantity for a single, couple, family, large family parcel
    "CER": (1, 1, 2, 3), "PAS": (1, 2, 2, 3), "TIN-TOM": (2, 3, 4, 6), "TIN-BEA": (2, 3, 4, 6),
    "SOUP": (2, 3, 4, 6), "TIN-VEG": (2, 3, 4, 5), "TIN-MEA": (1, 2, 3, 4), "TIN-FSH": (1, 1, 2, 2),
    "TIN-FRU": (1, 2, 2, 3), "MLK-UHT": (1, 2, 3, 4), "TEA": (1, 1, 1, 2), "SUG": (1, 1, 1, 1), "BIS": (1, 1, 2, 2),
}
TARGET = {"HALL": 30, "LUKE": 20, "DEPOT": 60}

Reason = Literal["benefit_delay", "benefit_change", "low_income", "debt", "sickness", "domestic_abuse",
                 "homelessness", "school_holidays", "other"]
AgencyKind = Literal["advice", "school", "health", "housing", "social_services", "charity"]
Service = Literal["debt_advice", "benefits_advice", "energy", "housing", "mental_health", "employment"]
VoucherStatus = Literal["issued", "booked", "redeemed", "cancelled", "expired"]
ParcelStatus = Literal["booked", "packed", "collected", "delivered", "not_delivered", "cancelled"]
Outcome = Literal["delivered", "no_answer", "refused"]
WriteOff = Literal["out_of_date", "damaged", "recalled"]
Channel = Literal["sms", "letter"]


class ParcelSize(str, Enum):
    SINGLE = "single"
    COUPLE = "couple"
    FAMILY = "family"
    LARGE_FAMILY = "large_family"


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str


class CentreRow(TypedDict):
    code: str
    name: str
    address: str
    collections: List[str]


class ItemRow(TypedDict):
    code: str
    description: str
    kind: str
    we_need: bool


class AgencyRow(TypedDict):
    agency_id: str
    name: str
    kind: str
    status: str


class Agency(TypedDict):
    agency_id: str
    name: str
    kind: str
    contact: str
    phone: str
    email: str
    status: str
    since: str


class HouseholdRow(TypedDict):
    household_id: str
    name: str
    postcode: str
    phone: str


class Household(TypedDict):
    household_id: str
    name: str
    address: str
    postcode: str
    phone: str
    adults: int
    children: int
    dietary: List[str]
    needs_delivery: bool
    texts_ok: bool


class VoucherRow(TypedDict):
    voucher_id: str
    household_id: str
    household: str
    agency: str
    issued: str
    expires: str
    status: str


class Voucher(TypedDict):
    voucher_id: str
    household_id: str
    household: str
    agency_id: str
    agency: str
    reason: str
    referred_by: str
    issued: str
    expires: str
    status: str
    notes: Optional[str]


class ParcelRow(TypedDict):
    parcel_id: str
    voucher_id: str
    household: str
    centre: str
    date: str
    when: str
    status: str


class ParcelLine(TypedDict):
    item_code: str
    description: str
    quantity: int
    extra: bool


class Parcel(TypedDict):
    parcel_id: str
    voucher_id: str
    household_id: str
    household: str
    centre: str
    date: str
    when: str
    size: Optional[str]
    status: str
    lines: List[ParcelLine]
    collected_by: Optional[str]


class Signpost(TypedDict):
    signpost_id: str
    household_id: str
    service: str
    notes: str
    recorded: str
    by: str


class HouseholdRecord(TypedDict):
    household: Household
    vouchers: List[VoucherRow]
    parcels: List[ParcelRow]
    support: List[Signpost]
    vouchers_in_six_months: int


class SlotRow(TypedDict):
    slot_id: str
    centre: str
    date: str
    time: str
    free: int


class Stop(TypedDict):
    parcel_id: str
    household: str
    postcode: str
    status: str


class RunRow(TypedDict):
    run_id: str
    date: str
    driver_id: Optional[str]
    driver: Optional[str]
    stops: List[Stop]


class Batch(TypedDict):
    batch_id: str
    centre: str
    item_code: str
    description: str
    quantity: int
    best_before: str
    donor: Optional[str]


class StockRow(TypedDict):
    centre: str
    item_code: str
    description: str
    on_hand: int
    target: int


class ExpiryRow(TypedDict):
    batch_id: str
    centre: str
    item_code: str
    quantity: int
    best_before: str
    days_left: int


class Transfer(TypedDict):
    transfer_id: str
    item_code: str
    quantity: int
    from_centre: str
    to_centre: str
    sent: str
    status: str
    received_by: Optional[str]


class VolunteerRow(TypedDict):
    volunteer_id: str
    name: str
    phone: str
    drives: bool
    inducted: bool
    dbs: bool


class Volunteer(TypedDict):
    volunteer_id: str
    name: str
    phone: str
    email: Optional[str]
    drives: bool
    inducted_on: Optional[str]
    inducted_by: Optional[str]
    dbs_certificate: Optional[str]
    dbs_issued: Optional[str]


class ShiftMember(TypedDict):
    volunteer_id: str
    name: str


class ShiftRow(TypedDict):
    shift_id: str
    centre: str
    date: str
    start: str
    end: str
    places_left: int
    volunteers: List[ShiftMember]


# --------------------------------------------------------------------------- state


def _batches() -> Dict[str, dict]:
    out = {}
    n = 3201
    for centre, qty, bb in (("HALL", 40, "2032-06-30"), ("LUKE", 24, "2032-04-30"), ("DEPOT", 90, "2032-09-30")):
        for item in ITEMS:
            if centre == "LUKE" and item == "MLK-UHT":
                continue  # St Luke's ran out of milk on Saturday
            out[f"BT-{n}"] = {"centre": centre, "item": item, "qty": qty, "best_before": bb, "donor": None,
                              "status": "in_stock"}
            n += 1
    out["BT-3288"] = {"centre": "HALL", "item": "SOUP", "qty": 6, "best_before": "2031-10-10",
                      "donor": "Harvest collection, Millbrook Methodist Church", "status": "in_stock"}
    out["BT-3292"] = {"centre": "DEPOT", "item": "TIN-FRU", "qty": 18, "best_before": "2031-10-24",
                      "donor": "Tesco Millbrook, community shelf", "status": "in_stock"}
    out["BT-3295"] = {"centre": "LUKE", "item": "BIS", "qty": 10, "best_before": "2031-10-29",
                      "donor": None, "status": "in_stock"}
    return out


class State:
    """Millbrook Community Food Bank on Thursday 16 October 2031 at 09:30."""

    def __init__(self) -> None:
        self.staff = {
            "jo.b": {"name": "Jo Baines", "password": "Tinned-Peach-22", "role": "desk"},
            "amir.h": {"name": "Amir Hassan", "password": "Pallet-Jack-9", "role": "warehouse"},
            "pat.o": {"name": "Patricia Okafor", "password": "Rota-Queen-31", "role": "coordinator"},
            "dee.m": {"name": "Deirdre Marsh", "password": "Millbrook-2013", "role": "manager"},
        }
        self.sessions = {}
        self.agencies = {
            "AG-031": {"name": "Citizens Advice Millbrook", "kind": "advice", "contact": "Sam Pryce",
                       "phone": "01632 960031", "email": "referrals@camillbrook.example", "status": "active",
                       "since": "2019-03-01"},
            "AG-033": {"name": "Millbrook Primary School", "kind": "school", "contact": "Mrs Helen Ward (family support)",
                       "phone": "01632 960033", "email": "office@millbrookprimary.example", "status": "active",
                       "since": "2020-09-07"},
            "AG-034": {"name": "Fernside Housing Association", "kind": "housing", "contact": "Gary Lund",
                       "phone": "01632 960034", "email": "tenancy.support@fernside.example", "status": "active",
                       "since": "2021-01-11"},
            "AG-036": {"name": "Millbrook Jobcentre Plus", "kind": "advice", "contact": "Work coach team",
                       "phone": "01632 960036", "email": "millbrook.jcp@dwp.example", "status": "lapsed",
                       "since": "2018-05-14"},
        }
        self.households = {
            "HH-0571": {"name": "Ms Kerry Doyle", "address": "22 Weaver Court, Millbrook", "postcode": "MB2 4WC",
                        "phone": "07700 915571", "adults": 1, "children": 1, "dietary": [], "needs_delivery": False,
                        "texts_ok": True},
            "HH-0574": {"name": "Mr Arthur Pell", "address": "3 Almshouse Row, Millbrook", "postcode": "MB1 3AR",
                        "phone": "01632 915574", "adults": 1, "children": 0, "dietary": ["diabetic"],
                        "needs_delivery": True, "texts_ok": False},
            "HH-0577": {"name": "Mr Dariusz Nowak", "address": "41 Fernside Road, Millbrook", "postcode": "MB3 5FR",
                        "phone": "07700 915577", "adults": 2, "children": 0, "dietary": [], "needs_delivery": False,
                        "texts_ok": True},
            "HH-0579": {"name": "Ms Tracey Bird", "address": "Flat 6, Lock House, Millbrook", "postcode": "MB2 1LH",
                        "phone": "07700 915579", "adults": 1, "children": 3, "dietary": [], "needs_delivery": False,
                        "texts_ok": True},
            "HH-0582": {"name": "Mrs Gloria Mensah", "address": "9 Kiln Lane, Millbrook", "postcode": "MB4 6KL",
                        "phone": "07700 915582", "adults": 2, "children": 2, "dietary": ["halal"],
                        "needs_delivery": True, "texts_ok": False},
            "HH-0584": {"name": "Mr Stephen Hale", "address": "Room 4, 60 Station Road, Millbrook", "postcode": "MB1 7SR",
                        "phone": "07700 915584", "adults": 1, "children": 0, "dietary": [], "needs_delivery": False,
                        "texts_ok": False},
        }
        self.vouchers = {  # id -> household, agency, reason, referred by, issued, status, notes
            "VR-20371": {"household": "HH-0571", "agency": "AG-033", "reason": "low_income", "by": "Mrs Helen Ward",
                         "issued": "2031-05-20", "status": "redeemed", "notes": None},
            "VR-20388": {"household": "HH-0571", "agency": "AG-033", "reason": "school_holidays", "by": "Mrs Helen Ward",
                         "issued": "2031-07-28", "status": "redeemed", "notes": None},
            "VR-20402": {"household": "HH-0571", "agency": "AG-031", "reason": "debt", "by": "Sam Pryce",
                         "issued": "2031-09-22", "status": "redeemed", "notes": "Rent arrears; CA debt caseworker"},
            "VR-20410": {"household": "HH-0574", "agency": "AG-034", "reason": "sickness", "by": "Gary Lund",
                         "issued": "2031-10-09", "status": "booked", "notes": "Housebound after a fall"},
            "VR-20412": {"household": "HH-0577", "agency": "AG-031", "reason": "benefit_delay", "by": "Sam Pryce",
                         "issued": "2031-10-13", "status": "booked", "notes": None},
            "VR-20413": {"household": "HH-0579", "agency": "AG-033", "reason": "benefit_change", "by": "Mrs Helen Ward",
                         "issued": "2031-10-14", "status": "booked", "notes": None},
            "VR-20415": {"household": "HH-0582", "agency": "AG-034", "reason": "sickness", "by": "Gary Lund",
                         "issued": "2031-10-15", "status": "issued",
                         "notes": "Mrs Mensah has a broken ankle; Mr Mensah works days"},
        }
        self.parcels = {  # id -> voucher, centre, date, time or run, size, status, lines
            "PC-20391": {"voucher": "VR-20402", "centre": "HALL", "date": "2031-09-23", "time": "10:30", "run": None,
                         "size": "couple", "status": "collected", "lines": [], "collected_by": "Ms Kerry Doyle"},
            "PC-20398": {"voucher": "VR-20410", "centre": "DEPOT", "date": TODAY, "time": None, "run": "RUN-1016",
                         "size": "single", "status": "packed", "lines": [], "collected_by": None},
            "PC-20401": {"voucher": "VR-20412", "centre": "LUKE", "date": "2031-10-18", "time": "10:30", "run": None,
                         "size": None, "status": "booked", "lines": [], "collected_by": None},
            "PC-20403": {"voucher": "VR-20413", "centre": "HALL", "date": TODAY, "time": "10:00", "run": None,
                         "size": "family", "status": "packed", "lines": [], "collected_by": None},
        }
        self.batches = _batches()
        self.transfers = {}
        self.runs = {
            "RUN-1016": {"date": TODAY, "driver": None},
            "RUN-1021": {"date": "2031-10-21", "driver": "V-0131"},
        }
        self.signposts = {
            "SP-0138": {"household": "HH-0571", "service": "debt_advice", "date": "2031-07-28", "by": "Jo Baines",
                        "notes": "Referred to Citizens Advice about council tax arrears"},
        }
        self.volunteers = {
            "V-0131": {"name": "Graham Tully", "phone": "07700 916131", "email": "g.tully@mail.example", "drives": True,
                       "inducted": ["2029-02-04", "Deirdre Marsh"], "dbs": ["001288304417", "2030-05-19"]},
            "V-0133": {"name": "Ruth Adeyemi", "phone": "07700 916133", "email": None, "drives": False,
                       "inducted": ["2030-11-02", "Patricia Okafor"], "dbs": None},
            "V-0136": {"name": "Sunita Rao", "phone": "07700 916136", "email": "sunita.rao@mail.example",
                       "drives": True, "inducted": ["2031-09-30", "Patricia Okafor"], "dbs": None},
            "V-0140": {"name": "Ollie Brandt", "phone": "07700 916140", "email": "ollie.b@uni.example",
                       "drives": False, "inducted": None, "dbs": None},
        }
        self.signups = {"HALL-1016-AM": ["V-0131", "V-0133"], "LUKE-1018-AM": ["V-0133"],
                        "DEPOT-1017-AM": ["V-0136"]}
        self.messages = []
        self.counters = {"session": 1, "household": 586, "voucher": 20417, "parcel": 20405, "batch": 3301,
                         "transfer": 77, "signpost": 140, "message": 520, "volunteer": 144, "agency": 41}


# --------------------------------------------------------------------------- helpers

WRITE = {"desk": "the referral desk", "warehouse": "the warehouse", "coordinator": "the volunteer coordinator"}


def _session(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token)
    if who is None:
        raise PermissionError("no session for that token; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise PermissionError(f"{who['name']} ({who['role']}) may not do this; it is for "
                              f"{' or '.join(WRITE.get(r, r) for r in roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str, what: str = "date") -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise ValueError(f"{what} {text!r} is not a date (YYYY-MM-DD)") from None


def _today() -> datetime.date:
    return datetime.date.fromisoformat(TODAY)


def _plus(days: int, start: Optional[str] = None) -> str:
    base = _day(start) if start else _today()
    return (base + datetime.timedelta(days=days)).isoformat()


def _household(state: State, household_id: str) -> dict:
    h = state.households.get(household_id)
    if h is None:
        raise LookupError(f"no household {household_id}")
    return h


def _voucher(state: State, voucher_id: str) -> dict:
    v = state.vouchers.get(voucher_id)
    if v is None:
        raise LookupError(f"no voucher {voucher_id}")
    if v["status"] == "issued" and _plus(VOUCHER_DAYS, v["issued"]) < TODAY:
        v["status"] = "expired"
    return v


def _parcel(state: State, parcel_id: str) -> dict:
    p = state.parcels.get(parcel_id)
    if p is None:
        raise LookupError(f"no parcel {parcel_id}")
    return p


def _volunteer(state: State, volunteer_id: str) -> dict:
    v = state.volunteers.get(volunteer_id)
    if v is None:
        raise LookupError(f"no volunteer {volunteer_id}")
    return v


def _centre(code: str, what: str = "centre") -> str:
    if code not in CENTRES:
        raise ValueError(f"{what} {code!r} is not one of our centres (see the list of centres)")
    return code


def _item(code: str) -> str:
    if code not in ITEMS:
        raise ValueError(f"{code!r} is not an item we stock (see the shopping list for the codes)")
    return code


def _household_reply(state: State, household_id: str) -> Household:
    h = state.households[household_id]
    return Household(household_id=household_id, name=h["name"], address=h["address"], postcode=h["postcode"],
                     phone=h["phone"], adults=h["adults"], children=h["children"], dietary=list(h["dietary"]),
                     needs_delivery=h["needs_delivery"], texts_ok=h["texts_ok"])


def _voucher_reply(state: State, voucher_id: str) -> Voucher:
    v = _voucher(state, voucher_id)
    return Voucher(voucher_id=voucher_id, household_id=v["household"], household=state.households[v["household"]]["name"],
                   agency_id=v["agency"], agency=state.agencies[v["agency"]]["name"], reason=v["reason"],
                   referred_by=v["by"], issued=v["issued"], expires=_plus(VOUCHER_DAYS, v["issued"]), status=v["status"],
                   notes=v["notes"])


def _voucher_row(state: State, voucher_id: str) -> VoucherRow:
    v = _voucher(state, voucher_id)
    return VoucherRow(voucher_id=voucher_id, household_id=v["household"],
                      household=state.households[v["household"]]["name"], agency=state.agencies[v["agency"]]["name"],
                      issued=v["issued"], expires=_plus(VOUCHER_DAYS, v["issued"]), status=v["status"])


def _when(p: dict) -> str:
    return p["time"] if p["run"] is None else f"delivery, {p['run']}"


def _parcel_row(state: State, parcel_id: str) -> ParcelRow:
    p = state.parcels[parcel_id]
    h = state.households[state.vouchers[p["voucher"]]["household"]]
    return ParcelRow(parcel_id=parcel_id, voucher_id=p["voucher"], household=h["name"], centre=p["centre"],
                     date=p["date"], when=_when(p), status=p["status"])


def _parcel_reply(state: State, parcel_id: str) -> Parcel:
    p = state.parcels[parcel_id]
    hid = state.vouchers[p["voucher"]]["household"]
    lines = [ParcelLine(item_code=code, description=ITEMS[code][0], quantity=qty, extra=extra)
             for code, qty, extra in p["lines"]]
    return Parcel(parcel_id=parcel_id, voucher_id=p["voucher"], household_id=hid, household=state.households[hid]["name"],
                  centre=p["centre"], date=p["date"], when=_when(p), size=p["size"], status=p["status"], lines=lines,
                  collected_by=p["collected_by"])


def _on_hand(state: State, centre: str, item: str) -> int:
    return sum(b["qty"] for b in state.batches.values() if b["centre"] == centre and b["item"] == item
               and b["status"] == "in_stock" and b["best_before"] >= TODAY)


def _take(state: State, centre: str, item: str, qty: int) -> List[List]:
    """Take ``qty`` of ``item`` from the centre's in-date batches, oldest first: the pieces taken."""
    taken = []
    for bid, b in sorted(state.batches.items(), key=lambda kv: (kv[1]["best_before"], kv[0])):
        if qty <= 0:
            break
        if b["centre"] == centre and b["item"] == item and b["status"] == "in_stock" and b["best_before"] >= TODAY:
            n = min(qty, b["qty"])
            b["qty"] -= n
            qty -= n
            taken.append([b["best_before"], n])
    return taken


def _put_back(state: State, centre: str, item: str, qty: int) -> None:
    for bid, b in sorted(state.batches.items(), key=lambda kv: (kv[1]["best_before"], kv[0])):
        if b["centre"] == centre and b["item"] == item and b["status"] == "in_stock" and b["best_before"] >= TODAY:
            b["qty"] += qty
            return
    state.batches[f"BT-{_next(state, 'batch')}"] = {"centre": centre, "item": item, "qty": qty,
                                                   "best_before": _plus(180), "donor": None, "status": "in_stock"}


def _size_for(people: int) -> str:
    return "single" if people <= 1 else "couple" if people == 2 else "family" if people <= 4 else "large_family"


def _menu(size: str, dietary: List[str]) -> Dict[str, int]:
    i = SIZES.index(size)
    lines = {item: q[i] for item, q in MENU.items()}
    if "halal" in dietary:
        lines["TIN-MEA-H"] = lines.pop("TIN-MEA")
    if "vegetarian" in dietary:
        meat = lines.pop("TIN-MEA", 0) + lines.pop("TIN-MEA-H", 0) + lines.pop("TIN-FSH", 0)
        lines["TIN-BEA"] += meat
    if "gluten_free" in dietary:
        lines["PAS-GF"] = lines.pop("PAS")
        lines.pop("BIS")
    if "diabetic" in dietary:
        lines.pop("SUG")
        lines.pop("BIS", None)
    if "no_cooking" in dietary:
        lines["POT"] = lines.pop("PAS", 0) + lines.pop("PAS-GF", 0)
        lines["SOUP"] += lines.pop("TIN-VEG")
    return lines


def _slots(state: State) -> Dict[str, dict]:
    out = {}
    for offset in range(AHEAD_DAYS + 1):
        day = _today() + datetime.timedelta(days=offset)
        for centre, (_, _, sessions, _) in CENTRES.items():
            if day.weekday() not in sessions:
                continue
            first, count = sessions[day.weekday()]
            h, m = map(int, first.split(":"))
            for k in range(count):
                mins = h * 60 + m + 30 * k
                time = f"{mins // 60:02d}:{mins % 60:02d}"
                if offset == 0 and time <= NOW:
                    continue
                sid = f"{centre}-{day.strftime('%m%d')}-{time.replace(':', '')}"
                taken = sum(1 for p in state.parcels.values() if p["centre"] == centre and p["date"] == day.isoformat()
                            and p["time"] == time and p["status"] not in ("cancelled",))
                out[sid] = {"centre": centre, "date": day.isoformat(), "time": time, "free": SLOT_PLACES - taken}
    return out


def _shifts() -> Dict[str, dict]:
    out = {}
    for offset in range(AHEAD_DAYS + 1):
        day = _today() + datetime.timedelta(days=offset)
        for centre, (_, _, _, shifts) in CENTRES.items():
            if day.weekday() in shifts:
                half, start, end, places = shifts[day.weekday()]
                out[f"{centre}-{day.strftime('%m%d')}-{half}"] = {"centre": centre, "date": day.isoformat(),
                                                                  "start": start, "end": end, "places": places}
    return out


def _vouchers_in_six_months(state: State, household_id: str) -> int:
    since = _plus(-SIX_MONTHS)
    return sum(1 for v in state.vouchers.values() if v["household"] == household_id and v["issued"] >= since
               and v["status"] != "cancelled")


def _volunteer_reply(state: State, volunteer_id: str) -> Volunteer:
    v = state.volunteers[volunteer_id]
    ind = v["inducted"] or [None, None]
    dbs = v["dbs"] or [None, None]
    return Volunteer(volunteer_id=volunteer_id, name=v["name"], phone=v["phone"], email=v["email"], drives=v["drives"],
                     inducted_on=ind[0], inducted_by=ind[1], dbs_certificate=dbs[0], dbs_issued=dbs[1])


def _run_row(state: State, run_id: str) -> RunRow:
    r = state.runs[run_id]
    stops = []
    for pid, p in sorted(state.parcels.items()):
        if p["run"] == run_id and p["status"] != "cancelled":
            h = state.households[state.vouchers[p["voucher"]]["household"]]
            stops.append(Stop(parcel_id=pid, household=h["name"], postcode=h["postcode"], status=p["status"]))
    return RunRow(run_id=run_id, date=r["date"], driver_id=r["driver"],
                  driver=state.volunteers[r["driver"]]["name"] if r["driver"] else None, stops=stops)


def _transfer_reply(state: State, transfer_id: str) -> Transfer:
    t = state.transfers[transfer_id]
    return Transfer(transfer_id=transfer_id, item_code=t["item"], quantity=t["qty"], from_centre=t["from"],
                    to_centre=t["to"], sent=t["sent"], status=t["status"], received_by=t["received_by"])


def _batch_reply(state: State, batch_id: str) -> Batch:
    b = state.batches[batch_id]
    return Batch(batch_id=batch_id, centre=b["centre"], item_code=b["item"], description=ITEMS[b["item"]][0],
                 quantity=b["qty"], best_before=b["best_before"], donor=b["donor"])


# --------------------------------------------------------------------------- sign-in and public lists


def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the food bank's system.

    :param username: the volunteer's or staff member's user name.
    :param password: their password.
    :returns: the session; its token goes with every other call.
    :raises PermissionError: for a wrong user name or password.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise PermissionError("wrong user name or password")
    token = f"lar-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
    return Session(token=token, name=user["name"], role=user["role"])


def sign_out(state: State, token: str) -> str:
    """Sign out, ending the session.

    :param token: the session token.
    :returns: a sentence saying who was signed out.
    """
    who = _session(state, token)
    del state.sessions[token]
    return f"Signed out {who['name']}."


def centres(state: State) -> List[CentreRow]:
    """The food bank's centres and when each gives out parcels (public, no sign-in).

    :returns: one row per centre, with its code, address and collection sessions.
    """
    rows = []
    for code, (name, address, sessions, _) in CENTRES.items():
        times = []
        for wd, (first, count) in sorted(sessions.items()):
            h, m = map(int, first.split(":"))
            end = h * 60 + m + 30 * count
            times.append(f"{DAYS[wd]} {first}-{end // 60:02d}:{end % 60:02d}")
        rows.append(CentreRow(code=code, name=name, address=address, collections=times))
    return rows


def shopping_list(state: State, we_need_only: bool = False) -> List[ItemRow]:
    """The items the food bank stocks, with the codes the warehouse uses (public, no sign-in).

    :param we_need_only: only the items the food bank is short of and asks the public to give.
    :returns: one row per item.
    """
    return [ItemRow(code=code, description=d, kind=k, we_need=need) for code, (d, k, need) in ITEMS.items()
            if need or not we_need_only]


# --------------------------------------------------------------------------- referral agencies


def find_agency(state: State, token: str, text: str) -> List[AgencyRow]:
    """Look up referral agencies by part of their name or their contact's name.

    :param token: the session token.
    :param text: what to look for.
    :returns: the matching agencies, with whether each may refer (active) or not.
    """
    _session(state, token)
    t = text.strip().lower()
    if not t:
        raise ValueError("say what to look for")
    return [AgencyRow(agency_id=aid, name=a["name"], kind=a["kind"], status=a["status"])
            for aid, a in sorted(state.agencies.items()) if t in (a["name"] + " " + a["contact"]).lower()]


def register_agency(state: State, token: str, name: str, kind: AgencyKind, contact_name: str, phone: str,
                    email: str) -> Agency:
    """Register a new referral agency once its referral agreement is signed.

    :param token: the session token (the volunteer coordinator).
    :param name: the agency's name.
    :param kind: what sort of agency it is.
    :param contact_name: the person who will issue vouchers, or the team.
    :param phone: the agency's phone number.
    :param email: where the food bank writes to the agency.
    :returns: the agency, active from today.
    :raises ValueError: when the agency is already registered.
    """
    _session(state, token, "coordinator")
    if not name.strip() or not contact_name.strip():
        raise ValueError("give the agency's name and a contact")
    if "@" not in email:
        raise ValueError(f"{email!r} is not an e-mail address")
    for aid, a in state.agencies.items():
        if a["name"].lower() == name.strip().lower():
            raise ValueError(f"{a['name']} is already registered as {aid} ({a['status']})")
    aid = f"AG-{_next(state, 'agency'):03d}"
    state.agencies[aid] = {"name": name.strip(), "kind": kind, "contact": contact_name.strip(), "phone": phone,
                           "email": email, "status": "active", "since": TODAY}
    a = state.agencies[aid]
    return Agency(agency_id=aid, name=a["name"], kind=kind, contact=a["contact"], phone=phone, email=email,
                  status="active", since=TODAY)


# --------------------------------------------------------------------------- households


def find_household(state: State, token: str, text: str) -> List[HouseholdRow]:
    """Look up households by part of a name, an address, a postcode or a phone number.

    :param token: the session token.
    :param text: what to look for.
    :returns: the matching households.
    """
    _session(state, token)
    t = text.strip().lower()
    if not t:
        raise ValueError("say what to look for")
    return [HouseholdRow(household_id=hid, name=h["name"], postcode=h["postcode"], phone=h["phone"])
            for hid, h in sorted(state.households.items())
            if t in " ".join([h["name"], h["address"], h["postcode"], h["phone"]]).lower()]


def register_household(state: State, token: str, name: str, address: str, postcode: str, phone: str,
                       adults: int, children: int = 0, needs_delivery: bool = False,
                       texts_ok: bool = False) -> Household:
    """Register a household that a referral agency has sent to the food bank.

    :param token: the session token (the referral desk).
    :param name: the name of the person the voucher is for, with a title.
    :param address: their address.
    :param postcode: their postcode.
    :param phone: a phone number for them.
    :param adults: how many adults live in the household.
    :param children: how many children.
    :param needs_delivery: true when nobody in the household can come to a centre.
    :param texts_ok: true when they agree to reminders by text.
    :returns: the household.
    :raises ValueError: for a postcode outside the food bank's area or a phone number already on file.
    """
    _session(state, token, "desk")
    if not name.strip() or not address.strip():
        raise ValueError("give the household's name and address")
    pc = postcode.strip().upper()
    if pc.split(" ")[0] not in CATCHMENT:
        raise ValueError(f"{postcode!r} is outside our area (we serve {', '.join(CATCHMENT)}); "
                         "refer them to the food bank for their own area")
    if adults < 1 or children < 0 or adults + children > 12:
        raise ValueError("a household has at least one adult (and at most twelve people)")
    digits = phone.replace(" ", "")
    for hid, h in state.households.items():
        if h["phone"].replace(" ", "") == digits:
            raise ValueError(f"{phone} is already the phone number of {h['name']} ({hid})")
    hid = f"HH-{_next(state, 'household'):04d}"
    state.households[hid] = {"name": name.strip(), "address": address.strip(), "postcode": pc, "phone": phone,
                             "adults": adults, "children": children, "dietary": [], "needs_delivery": needs_delivery,
                             "texts_ok": texts_ok}
    return _household_reply(state, hid)


def update_household(state: State, token: str, household_id: str, phone: Optional[str] = None,
                     address: Optional[str] = None, postcode: Optional[str] = None, adults: Optional[int] = None,
                     children: Optional[int] = None, needs_delivery: Optional[bool] = None,
                     texts_ok: Optional[bool] = None) -> Household:
    """Change a household's details; only what is given changes.

    :param token: the session token (the referral desk).
    :param household_id: the household.
    :param phone: a new phone number.
    :param address: a new address.
    :param postcode: the new address's postcode.
    :param adults: how many adults live there now.
    :param children: how many children live there now.
    :param needs_delivery: whether nobody can come to a centre.
    :param texts_ok: whether they agree to reminders by text.
    :returns: the household as it now is.
    :raises ValueError: when nothing would change.
    """
    _session(state, token, "desk")
    h = _household(state, household_id)
    new = {"phone": phone, "address": address, "postcode": postcode.strip().upper() if postcode else None,
           "adults": adults, "children": children, "needs_delivery": needs_delivery, "texts_ok": texts_ok}
    changes = {k: v for k, v in new.items() if v is not None and v != h[k]}
    if not changes:
        raise ValueError(f"nothing to change: {h['name']}'s details are already as given")
    if "postcode" in changes and changes["postcode"].split(" ")[0] not in CATCHMENT:
        raise ValueError(f"{postcode!r} is outside our area (we serve {', '.join(CATCHMENT)})")
    if changes.get("adults", h["adults"]) < 1 or changes.get("children", h["children"]) < 0:
        raise ValueError("a household has at least one adult")
    if "phone" in changes:
        digits = phone.replace(" ", "")
        for hid, other in state.households.items():
            if hid != household_id and other["phone"].replace(" ", "") == digits:
                raise ValueError(f"{phone} is already the phone number of {other['name']} ({hid})")
    h.update(changes)
    return _household_reply(state, household_id)


def set_dietary_needs(state: State, token: str, household_id: str, needs: List[str]) -> Household:
    """Record what the household can and cannot eat, so that the warehouse packs for it. The list given
    replaces the one on file; an empty list means a standard parcel.

    :param token: the session token (the referral desk).
    :param household_id: the household.
    :param needs: the household's dietary needs.
    :returns: the household as it now is.
    :raises ValueError: for a need the warehouse does not pack for, or the same list as on file.
    """
    _session(state, token, "desk")
    h = _household(state, household_id)
    wanted = []
    for need in needs:
        n = need.strip().lower().replace(" ", "_").replace("-", "_")
        if n not in DIETS:
            raise ValueError(f"the warehouse does not pack for {need!r}; it packs for {', '.join(DIETS)} "
                             "(no_cooking is a kettle pack); note anything else for the desk")
        if n not in wanted:
            wanted.append(n)
    if sorted(wanted) == sorted(h["dietary"]):
        raise ValueError(f"{h['name']}'s dietary needs are already {', '.join(wanted) or 'none'}")
    h["dietary"] = wanted
    return _household_reply(state, household_id)


def household_record(state: State, token: str, household_id: str) -> HouseholdRecord:
    """A household's whole record: its details, vouchers, parcels and the support conversations had with it.

    :param token: the session token.
    :param household_id: the household.
    :returns: the record, vouchers, parcels and support nested as rows.
    """
    _session(state, token)
    _household(state, household_id)
    vids = [vid for vid, v in sorted(state.vouchers.items()) if v["household"] == household_id]
    return HouseholdRecord(
        household=_household_reply(state, household_id),
        vouchers=[_voucher_row(state, vid) for vid in vids],
        parcels=[_parcel_row(state, pid) for pid, p in sorted(state.parcels.items()) if p["voucher"] in vids],
        support=[Signpost(signpost_id=sid, household_id=s["household"], service=s["service"], notes=s["notes"],
                          recorded=s["date"], by=s["by"])
                 for sid, s in sorted(state.signposts.items()) if s["household"] == household_id],
        vouchers_in_six_months=_vouchers_in_six_months(state, household_id))


def record_signposting(state: State, token: str, household_id: str, service: Service, notes: str) -> Signpost:
    """Record a support conversation with a household and the service it was pointed to.

    :param token: the session token (the referral desk or the coordinator).
    :param household_id: the household.
    :param service: the service the household was signposted to.
    :param notes: what was talked about and agreed.
    :returns: the support conversation as recorded.
    """
    who = _session(state, token, "desk", "coordinator")
    _household(state, household_id)
    if not notes.strip():
        raise ValueError("note what was talked about")
    sid = f"SP-{_next(state, 'signpost'):04d}"
    state.signposts[sid] = {"household": household_id, "service": service, "date": TODAY, "by": who["name"],
                            "notes": notes.strip()}
    return Signpost(signpost_id=sid, household_id=household_id, service=service, notes=notes.strip(), recorded=TODAY,
                    by=who["name"])


# --------------------------------------------------------------------------- vouchers


def issue_voucher(state: State, token: str, agency_id: str, household_id: str, reason: Reason, referred_by: str,
                  notes: Optional[str] = None) -> Voucher:
    """Enter a food voucher that a referral agency has issued to a household.

    :param token: the session token (the referral desk).
    :param agency_id: the referral agency.
    :param household_id: the household the voucher is for.
    :param reason: why the agency referred the household.
    :param referred_by: the agency worker who issued it.
    :param notes: anything the agency asked the food bank to know.
    :returns: the voucher, issued today.
    :raises RuntimeError: when the agency may not refer, the household already holds an open voucher, or
        it has had its vouchers for the half year without a support conversation.
    """
    _session(state, token, "desk")
    a = state.agencies.get(agency_id)
    if a is None:
        raise LookupError(f"no referral agency {agency_id}")
    if a["status"] != "active":
        raise RuntimeError(f"{a['name']} may not refer at present (its agreement has {a['status']})")
    h = _household(state, household_id)
    if not referred_by.strip():
        raise ValueError("say who at the agency issued the voucher")
    for vid, v in sorted(state.vouchers.items()):
        if v["household"] == household_id and _voucher(state, vid)["status"] in ("issued", "booked"):
            raise RuntimeError(f"{h['name']} already holds voucher {vid} ({v['status']}); use that one")
    if _vouchers_in_six_months(state, household_id) >= 3:
        since = _plus(-SUPPORT_WITHIN)
        if not any(s["household"] == household_id and s["date"] >= since for s in state.signposts.values()):
            raise RuntimeError(f"{h['name']} has had 3 vouchers in six months; a fourth needs a support conversation "
                               f"recorded in the last {SUPPORT_WITHIN} days (record the signposting first)")
    vid = f"VR-{_next(state, 'voucher')}"
    state.vouchers[vid] = {"household": household_id, "agency": agency_id, "reason": reason, "by": referred_by.strip(),
                           "issued": TODAY, "status": "issued", "notes": notes}
    return _voucher_reply(state, vid)


def vouchers(state: State, token: str, status: Optional[VoucherStatus] = None,
             household_id: Optional[str] = None) -> List[VoucherRow]:
    """The vouchers on file, newest last.

    :param token: the session token.
    :param status: only vouchers in this status.
    :param household_id: only one household's vouchers.
    :returns: one row per voucher.
    """
    _session(state, token)
    if status is not None and status not in VoucherStatus.__args__:
        raise ValueError(f"{status!r} is not a voucher status")
    rows = [_voucher_row(state, vid) for vid in sorted(state.vouchers)]
    return [r for r in rows if (status is None or r["status"] == status)
            and (household_id is None or r["household_id"] == household_id)]


def cancel_voucher(state: State, token: str, voucher_id: str, reason: str) -> Voucher:
    """Cancel a voucher that has not been used, at the agency's or the household's request.

    :param token: the session token (the referral desk).
    :param voucher_id: the voucher.
    :param reason: why it is cancelled.
    :returns: the voucher, cancelled.
    :raises RuntimeError: when the voucher is booked, used or already cancelled.
    """
    _session(state, token, "desk")
    v = _voucher(state, voucher_id)
    if v["status"] == "booked":
        raise RuntimeError(f"{voucher_id} has a parcel booked; cancel the parcel first")
    if v["status"] != "issued":
        raise RuntimeError(f"{voucher_id} is {v['status']}")
    if not reason.strip():
        raise ValueError("say why the voucher is cancelled")
    v["status"] = "cancelled"
    v["notes"] = ((v["notes"] + "; ") if v["notes"] else "") + f"Cancelled: {reason.strip()}"
    return _voucher_reply(state, voucher_id)


# --------------------------------------------------------------------------- collections, deliveries, parcels


def collection_slots(state: State, token: str, centre: Optional[str] = None,
                     date: Optional[str] = None) -> List[SlotRow]:
    """The collection slots of the next two weeks that still have places.

    :param token: the session token.
    :param centre: only one centre's slots (its code).
    :param date: only one day's slots (YYYY-MM-DD).
    :returns: one row per slot, by day, centre and time.
    """
    _session(state, token)
    if centre is not None:
        _centre(centre)
    if date is not None:
        _day(date)
    return [SlotRow(slot_id=sid, centre=s["centre"], date=s["date"], time=s["time"], free=s["free"])
            for sid, s in _slots(state).items()
            if s["free"] > 0 and (centre is None or s["centre"] == centre) and (date is None or s["date"] == date)]


def _bookable(state: State, voucher_id: str) -> dict:
    v = _voucher(state, voucher_id)
    if v["status"] == "booked":
        pid = next(pid for pid, p in sorted(state.parcels.items()) if p["voucher"] == voucher_id
                   and p["status"] in ("booked", "packed", "not_delivered"))
        raise RuntimeError(f"{voucher_id} already has parcel {pid} booked; cancel that parcel to rebook")
    if v["status"] != "issued":
        raise RuntimeError(f"{voucher_id} is {v['status']} and cannot be booked")
    return v


def book_collection(state: State, token: str, voucher_id: str, slot_id: str) -> Parcel:
    """Book a voucher's parcel for collection at a centre.

    :param token: the session token (the referral desk).
    :param voucher_id: the voucher.
    :param slot_id: the collection slot.
    :returns: the parcel, booked.
    :raises RuntimeError: when the voucher is used, booked, cancelled or expired, or the slot is full.
    """
    _session(state, token, "desk")
    v = _bookable(state, voucher_id)
    slots = _slots(state)
    s = slots.get(slot_id)
    if s is None:
        raise LookupError(f"no collection slot {slot_id} in the next two weeks (see the collection slots)")
    if s["free"] <= 0:
        raise RuntimeError(f"{slot_id} is full")
    if s["date"] > _plus(VOUCHER_DAYS, v["issued"]):
        raise RuntimeError(f"{voucher_id} runs out before {s['date']}")
    pid = f"PC-{_next(state, 'parcel')}"
    state.parcels[pid] = {"voucher": voucher_id, "centre": s["centre"], "date": s["date"], "time": s["time"], "run": None,
                          "size": None, "status": "booked", "lines": [], "collected_by": None}
    v["status"] = "booked"
    return _parcel_reply(state, pid)


def delivery_runs(state: State, token: str, date: Optional[str] = None) -> List[RunRow]:
    """The home delivery runs from the depot, with their driver and their stops.

    :param token: the session token.
    :param date: only one day's runs.
    :returns: one row per run, stops nested.
    """
    _session(state, token)
    return [_run_row(state, rid) for rid, r in sorted(state.runs.items()) if date is None or r["date"] == date]


def book_delivery(state: State, token: str, voucher_id: str, run_id: str) -> Parcel:
    """Book a voucher's parcel onto a home delivery run (it is packed at the depot).

    :param token: the session token (the referral desk).
    :param voucher_id: the voucher.
    :param run_id: the delivery run.
    :returns: the parcel, booked.
    :raises RuntimeError: when the household can come to a centre, the voucher cannot be booked or the run is full.
    """
    _session(state, token, "desk")
    v = _bookable(state, voucher_id)
    r = state.runs.get(run_id)
    if r is None:
        raise LookupError(f"no delivery run {run_id}")
    if r["date"] < TODAY:
        raise RuntimeError(f"{run_id} has gone")
    h = state.households[v["household"]]
    if not h["needs_delivery"]:
        raise RuntimeError(f"{h['name']} is not down as needing a delivery; deliveries are for households that "
                           "cannot come to a centre")
    if len(_run_row(state, run_id)["stops"]) >= RUN_STOPS:
        raise RuntimeError(f"{run_id} is full ({RUN_STOPS} stops)")
    pid = f"PC-{_next(state, 'parcel')}"
    state.parcels[pid] = {"voucher": voucher_id, "centre": "DEPOT", "date": r["date"], "time": None, "run": run_id,
                          "size": None, "status": "booked", "lines": [], "collected_by": None}
    v["status"] = "booked"
    return _parcel_reply(state, pid)


def parcels(state: State, token: str, date: Optional[str] = None, status: Optional[ParcelStatus] = None,
            centre: Optional[str] = None) -> List[ParcelRow]:
    """The parcels booked, packed and given out.

    :param token: the session token.
    :param date: only one day's parcels.
    :param status: only parcels in this status.
    :param centre: only one centre's parcels (its code).
    :returns: one row per parcel.
    """
    _session(state, token)
    if status is not None and status not in ParcelStatus.__args__:
        raise ValueError(f"{status!r} is not a parcel status")
    if centre is not None:
        _centre(centre)
    return [_parcel_row(state, pid) for pid, p in sorted(state.parcels.items())
            if (date is None or p["date"] == date) and (status is None or p["status"] == status)
            and (centre is None or p["centre"] == centre)]


def pack_parcel(state: State, token: str, parcel_id: str, size: ParcelSize) -> Parcel:
    """Pack a booked parcel from the centre's stock, to the household's size and dietary needs.

    :param token: the session token (the warehouse).
    :param parcel_id: the parcel.
    :param size: the size of parcel packed.
    :returns: the parcel, packed, with its lines.
    :raises ValueError: for a size that does not fit the household.
    :raises RuntimeError: when the parcel is not booked or the centre is short of an item.
    """
    _session(state, token, "warehouse")
    p = _parcel(state, parcel_id)
    if p["status"] != "booked":
        raise RuntimeError(f"{parcel_id} is {p['status']}, not waiting to be packed")
    try:
        size_v = ParcelSize(size).value
    except ValueError:
        raise ValueError(f"{size!r} is not a parcel size") from None
    h = state.households[state.vouchers[p["voucher"]]["household"]]
    people = h["adults"] + h["children"]
    right = _size_for(people)
    if size_v != right:
        raise ValueError(f"a household of {people} takes a {right} parcel (1: single, 2: couple, 3-4: family, "
                         "5 or more: large_family)")
    menu = _menu(right, h["dietary"])
    for item, qty in menu.items():
        have = _on_hand(state, p["centre"], item)
        if have < qty:
            raise RuntimeError(f"{p['centre']} is short of {item} ({ITEMS[item][0]}): the parcel needs {qty}, "
                               f"there are {have}; log a donation or bring stock over first")
    for item, qty in menu.items():
        _take(state, p["centre"], item, qty)
    p["lines"] = [[item, qty, False] for item, qty in menu.items()]
    p["size"] = right
    p["status"] = "packed"
    return _parcel_reply(state, parcel_id)


def add_extra(state: State, token: str, parcel_id: str, item_code: str, quantity: int = 1) -> Parcel:
    """Put an extra item in a packed parcel (toiletries, nappies, a top-up of something short at home).

    :param token: the session token (the warehouse or the desk).
    :param parcel_id: the parcel.
    :param item_code: the item's code.
    :param quantity: how many.
    :returns: the parcel with its lines.
    :raises RuntimeError: when the parcel is not packed or the centre is out of the item.
    """
    _session(state, token, "warehouse", "desk")
    p = _parcel(state, parcel_id)
    if p["status"] != "packed":
        raise RuntimeError(f"{parcel_id} is {p['status']}; extras go into a packed parcel")
    _item(item_code)
    if quantity < 1 or quantity > MAX_EXTRAS:
        raise ValueError(f"up to {MAX_EXTRAS} of an extra item a parcel")
    for line in p["lines"]:
        if line[0] == item_code and line[2]:
            raise ValueError(f"{item_code} is already on {parcel_id} as an extra ({line[1]}); take it off to change it")
    if _on_hand(state, p["centre"], item_code) < quantity:
        raise RuntimeError(f"{p['centre']} has not got {quantity} of {item_code}")
    _take(state, p["centre"], item_code, quantity)
    p["lines"].append([item_code, quantity, True])
    return _parcel_reply(state, parcel_id)


def remove_extra(state: State, token: str, parcel_id: str, item_code: str) -> Parcel:
    """Take an extra item out of a parcel and back into stock.

    :param token: the session token (the warehouse or the desk).
    :param parcel_id: the parcel.
    :param item_code: the extra item's code.
    :returns: the parcel with its lines.
    """
    _session(state, token, "warehouse", "desk")
    p = _parcel(state, parcel_id)
    if p["status"] != "packed":
        raise RuntimeError(f"{parcel_id} is {p['status']}")
    line = next((line for line in p["lines"] if line[0] == item_code and line[2]), None)
    if line is None:
        raise ValueError(f"{item_code!r} is not an extra on {parcel_id}")
    p["lines"].remove(line)
    _put_back(state, p["centre"], item_code, line[1])
    return _parcel_reply(state, parcel_id)


def hand_over(state: State, token: str, parcel_id: str, collected_by: str) -> Parcel:
    """Hand a packed parcel over at the centre, which uses the voucher.

    :param token: the session token (the referral desk).
    :param parcel_id: the parcel.
    :param collected_by: who collected it (the household, or someone they sent).
    :returns: the parcel, collected.
    :raises RuntimeError: when the parcel is not packed, is for delivery or is for another day.
    """
    _session(state, token, "desk")
    p = _parcel(state, parcel_id)
    if p["run"] is not None:
        raise RuntimeError(f"{parcel_id} goes out on delivery run {p['run']}")
    if p["status"] != "packed":
        raise RuntimeError(f"{parcel_id} is {p['status']}; it must be packed before it is handed over")
    if p["date"] != TODAY:
        raise RuntimeError(f"{parcel_id} is booked for {p['date']}")
    if not collected_by.strip():
        raise ValueError("say who collected the parcel")
    p["status"] = "collected"
    p["collected_by"] = collected_by.strip()
    state.vouchers[p["voucher"]]["status"] = "redeemed"
    return _parcel_reply(state, parcel_id)


def cancel_parcel(state: State, token: str, parcel_id: str, reason: str) -> Parcel:
    """Cancel a parcel not yet given out; a packed one goes back into stock and the voucher can be booked again.

    :param token: the session token (the referral desk).
    :param parcel_id: the parcel.
    :param reason: why it is cancelled.
    :returns: the parcel, cancelled.
    """
    _session(state, token, "desk")
    p = _parcel(state, parcel_id)
    if p["status"] not in ("booked", "packed", "not_delivered"):
        raise RuntimeError(f"{parcel_id} is {p['status']}")
    if not reason.strip():
        raise ValueError("say why the parcel is cancelled")
    if p["status"] in ("packed", "not_delivered"):
        for item, qty, _ in p["lines"]:
            _put_back(state, p["centre"], item, qty)
    p["status"] = "cancelled"
    p["lines"] = []
    state.vouchers[p["voucher"]]["status"] = "issued"
    return _parcel_reply(state, parcel_id)


def assign_driver(state: State, token: str, run_id: str, volunteer_id: str) -> RunRow:
    """Put a volunteer driver on a delivery run.

    :param token: the session token (the volunteer coordinator).
    :param run_id: the delivery run.
    :param volunteer_id: the driver.
    :returns: the run with its driver and stops.
    :raises RuntimeError: when the volunteer does not drive for us or has no DBS check on file in date.
    """
    _session(state, token, "coordinator")
    r = state.runs.get(run_id)
    if r is None:
        raise LookupError(f"no delivery run {run_id}")
    v = _volunteer(state, volunteer_id)
    if r["driver"] == volunteer_id:
        raise ValueError(f"{v['name']} is already driving {run_id}")
    if not v["drives"]:
        raise RuntimeError(f"{v['name']} is not one of our drivers")
    if v["dbs"] is None or v["dbs"][1] < _plus(-365 * DBS_YEARS):
        raise RuntimeError(f"{v['name']} has no enhanced DBS check on file from the last {DBS_YEARS} years; "
                           "drivers go into people's homes")
    for rid, other in state.runs.items():
        if rid != run_id and other["driver"] == volunteer_id and other["date"] == r["date"]:
            raise RuntimeError(f"{v['name']} is already driving {rid} that day")
    r["driver"] = volunteer_id
    return _run_row(state, run_id)


def record_delivery(state: State, token: str, parcel_id: str, outcome: Outcome, note: Optional[str] = None) -> Parcel:
    """Record how a delivery went, on the day of the run.

    :param token: the session token (the warehouse or the coordinator).
    :param parcel_id: the parcel.
    :param outcome: what happened at the door.
    :param note: anything the driver reported.
    :returns: the parcel.
    :raises RuntimeError: when the parcel was never packed, the run has no driver or is not today's.
    """
    _session(state, token, "warehouse", "coordinator")
    p = _parcel(state, parcel_id)
    if p["run"] is None:
        raise RuntimeError(f"{parcel_id} is for collection, not delivery")
    if p["status"] != "packed":
        raise RuntimeError(f"{parcel_id} is {p['status']}; only a packed parcel goes out")
    r = state.runs[p["run"]]
    if r["date"] != TODAY:
        raise RuntimeError(f"{p['run']} runs on {r['date']}")
    if r["driver"] is None:
        raise RuntimeError(f"{p['run']} has no driver; nothing has gone out")
    if outcome == "delivered":
        p["status"] = "delivered"
        state.vouchers[p["voucher"]]["status"] = "redeemed"
    else:
        p["status"] = "not_delivered"
    p["collected_by"] = (note or outcome).strip()
    return _parcel_reply(state, parcel_id)


# --------------------------------------------------------------------------- stock


def log_donation(state: State, token: str, centre: str, item_code: str, quantity: int, best_before: str,
                 donor: Optional[str] = None) -> Batch:
    """Log donated stock into a centre as a batch with its best-before date.

    :param token: the session token (the warehouse or the desk).
    :param centre: the centre it came into (its code).
    :param item_code: the item's code.
    :param quantity: how many.
    :param best_before: the best-before date (YYYY-MM-DD); the earliest one in the batch.
    :param donor: who gave it.
    :returns: the batch.
    :raises ValueError: for food past its date, an item the food bank does not stock or an unknown centre.
    """
    _session(state, token, "warehouse", "desk")
    _centre(centre)
    _item(item_code)
    if quantity < 1:
        raise ValueError("log at least one")
    if _day(best_before, "best_before").isoformat() < TODAY:
        raise ValueError(f"best before {best_before} has passed; we cannot give out donated food past its date")
    bid = f"BT-{_next(state, 'batch')}"
    state.batches[bid] = {"centre": centre, "item": item_code, "qty": quantity, "best_before": best_before,
                          "donor": donor, "status": "in_stock"}
    return _batch_reply(state, bid)


def stock_levels(state: State, token: str, centre: Optional[str] = None, short_only: bool = False) -> List[StockRow]:
    """What each centre holds of each item, in date, against its target.

    :param token: the session token.
    :param centre: only one centre (its code).
    :param short_only: only the items under target.
    :returns: one row per centre and item.
    """
    _session(state, token)
    if centre is not None:
        _centre(centre)
    rows = []
    for c in CENTRES:
        if centre is not None and c != centre:
            continue
        for item in ITEMS:
            have = _on_hand(state, c, item)
            if not short_only or have < TARGET[c]:
                rows.append(StockRow(centre=c, item_code=item, description=ITEMS[item][0], on_hand=have,
                                     target=TARGET[c]))
    return rows


def expiring_stock(state: State, token: str, within_days: int = 14, centre: Optional[str] = None) -> List[ExpiryRow]:
    """The batches whose best-before date falls within the coming days, or has passed, earliest first.

    :param token: the session token.
    :param within_days: how many days ahead to look.
    :param centre: only one centre (its code).
    :returns: one row per batch.
    """
    _session(state, token)
    if centre is not None:
        _centre(centre)
    until = _plus(within_days)
    rows = [ExpiryRow(batch_id=bid, centre=b["centre"], item_code=b["item"], quantity=b["qty"],
                      best_before=b["best_before"], days_left=(_day(b["best_before"]) - _today()).days)
            for bid, b in state.batches.items()
            if b["status"] == "in_stock" and b["qty"] > 0 and b["best_before"] <= until
            and (centre is None or b["centre"] == centre)]
    return sorted(rows, key=lambda r: (r["best_before"], r["batch_id"]))


def write_off(state: State, token: str, batch_id: str, reason: WriteOff, note: str) -> int:
    """Write a batch off, taking it out of stock.

    :param token: the session token (the warehouse).
    :param batch_id: the batch.
    :param reason: why it is written off.
    :param note: what was done with it.
    :returns: the quantity written off.
    :raises RuntimeError: for a batch already written off, or out of date when it is in date.
    """
    _session(state, token, "warehouse")
    b = state.batches.get(batch_id)
    if b is None:
        raise LookupError(f"no batch {batch_id}")
    if b["status"] != "in_stock" or b["qty"] == 0:
        raise RuntimeError(f"{batch_id} is no longer in stock")
    if reason == "out_of_date" and b["best_before"] >= TODAY:
        raise RuntimeError(f"{batch_id} is in date until {b['best_before']}; write it off as damaged or recalled")
    if not note.strip():
        raise ValueError("note what was done with it")
    qty = b["qty"]
    b["status"] = "written_off"
    b["donor"] = (b["donor"] or "") + f" [written off {TODAY}: {reason}; {note.strip()}]"
    return qty


def transfer_stock(state: State, token: str, item_code: str, quantity: int, from_centre: str,
                   to_centre: str) -> Transfer:
    """Send stock from one centre to another on the van; it is in transit until it is received.

    :param token: the session token (the warehouse).
    :param item_code: the item's code.
    :param quantity: how many.
    :param from_centre: where it goes from (a centre's code).
    :param to_centre: where it goes to (a centre's code).
    :returns: the transfer, in transit.
    :raises RuntimeError: when the sending centre has not got that many in date.
    """
    _session(state, token, "warehouse")
    _item(item_code)
    _centre(from_centre, "from_centre")
    _centre(to_centre, "to_centre")
    if from_centre == to_centre:
        raise ValueError("the stock is already there")
    if quantity < 1:
        raise ValueError("send at least one")
    have = _on_hand(state, from_centre, item_code)
    if have < quantity:
        raise RuntimeError(f"{from_centre} has only {have} of {item_code} in date")
    pieces = _take(state, from_centre, item_code, quantity)
    tid = f"TX-{_next(state, 'transfer'):04d}"
    state.transfers[tid] = {"item": item_code, "qty": quantity, "from": from_centre, "to": to_centre, "sent": TODAY,
                            "status": "in_transit", "received_by": None, "pieces": pieces}
    return _transfer_reply(state, tid)


def receive_transfer(state: State, token: str, transfer_id: str, received_by: str) -> Transfer:
    """Book a transfer in at the centre it was sent to, putting the stock on its shelves.

    :param token: the session token (the warehouse or the desk).
    :param transfer_id: the transfer.
    :param received_by: who checked it in.
    :returns: the transfer, received.
    """
    _session(state, token, "warehouse", "desk")
    t = state.transfers.get(transfer_id)
    if t is None:
        raise LookupError(f"no transfer {transfer_id}")
    if t["status"] != "in_transit":
        raise RuntimeError(f"{transfer_id} was already received by {t['received_by']}")
    if not received_by.strip():
        raise ValueError("say who checked it in")
    for bb, qty in t["pieces"]:
        state.batches[f"BT-{_next(state, 'batch')}"] = {"centre": t["to"], "item": t["item"], "qty": qty,
                                                       "best_before": bb, "donor": f"from {t['from']} ({transfer_id})",
                                                       "status": "in_stock"}
    t["status"] = "received"
    t["received_by"] = received_by.strip()
    return _transfer_reply(state, transfer_id)


# --------------------------------------------------------------------------- volunteers and shifts


def find_volunteer(state: State, token: str, text: str) -> List[VolunteerRow]:
    """Look up volunteers by part of a name or a phone number.

    :param token: the session token.
    :param text: what to look for.
    :returns: the matching volunteers, with whether each drives, is inducted and has a DBS check.
    """
    _session(state, token)
    t = text.strip().lower()
    if not t:
        raise ValueError("say what to look for")
    return [VolunteerRow(volunteer_id=vid, name=v["name"], phone=v["phone"], drives=v["drives"],
                         inducted=v["inducted"] is not None, dbs=v["dbs"] is not None)
            for vid, v in sorted(state.volunteers.items()) if t in (v["name"] + " " + v["phone"]).lower()]


def register_volunteer(state: State, token: str, name: str, phone: str, email: Optional[str] = None,
                       drives: bool = False) -> Volunteer:
    """Register a new volunteer.

    :param token: the session token (the volunteer coordinator).
    :param name: the volunteer's name.
    :param phone: their phone number.
    :param email: their e-mail address.
    :param drives: true when they will drive delivery runs.
    :returns: the volunteer, not yet inducted.
    """
    _session(state, token, "coordinator")
    if not name.strip():
        raise ValueError("give the volunteer's name")
    digits = phone.replace(" ", "")
    for vid, v in state.volunteers.items():
        if v["phone"].replace(" ", "") == digits:
            raise ValueError(f"{phone} is already {v['name']}'s number ({vid})")
    vid = f"V-{_next(state, 'volunteer'):04d}"
    state.volunteers[vid] = {"name": name.strip(), "phone": phone, "email": email, "drives": drives, "inducted": None,
                             "dbs": None}
    return _volunteer_reply(state, vid)


def record_induction(state: State, token: str, volunteer_id: str, inducted_by: str) -> Volunteer:
    """Record that a volunteer has had the induction (food safety, lifting, safeguarding, confidentiality).

    :param token: the session token (the volunteer coordinator).
    :param volunteer_id: the volunteer.
    :param inducted_by: who gave the induction.
    :returns: the volunteer.
    """
    _session(state, token, "coordinator")
    v = _volunteer(state, volunteer_id)
    if v["inducted"] is not None:
        raise ValueError(f"{v['name']} was inducted on {v['inducted'][0]}")
    if not inducted_by.strip():
        raise ValueError("say who gave the induction")
    v["inducted"] = [TODAY, inducted_by.strip()]
    return _volunteer_reply(state, volunteer_id)


def record_dbs_check(state: State, token: str, volunteer_id: str, certificate_number: str, issued: str) -> Volunteer:
    """Record a volunteer's enhanced DBS certificate, which drivers need.

    :param token: the session token (the volunteer coordinator).
    :param volunteer_id: the volunteer.
    :param certificate_number: the number printed on the certificate.
    :param issued: the date the certificate was issued (YYYY-MM-DD).
    :returns: the volunteer.
    :raises ValueError: for a number that is not a certificate number, or a certificate too old.
    """
    _session(state, token, "coordinator")
    v = _volunteer(state, volunteer_id)
    number = certificate_number.replace(" ", "")
    if not (number.isdigit() and len(number) == 12):
        raise ValueError(f"{certificate_number!r} is not a DBS certificate number (twelve digits)")
    when = _day(issued, "issued").isoformat()
    if when > TODAY:
        raise ValueError("the certificate cannot be issued in the future")
    if when < _plus(-365 * DBS_YEARS):
        raise ValueError(f"a certificate from {when} is over {DBS_YEARS} years old; ask for a new check")
    if v["dbs"] is not None and v["dbs"][0] == number:
        raise ValueError(f"certificate {number} is already on {v['name']}'s file")
    v["dbs"] = [number, when]
    return _volunteer_reply(state, volunteer_id)


def shifts(state: State, token: str, date: Optional[str] = None, centre: Optional[str] = None) -> List[ShiftRow]:
    """The volunteer shifts of the next two weeks, with who is on each.

    :param token: the session token.
    :param date: only one day's shifts.
    :param centre: only one centre's shifts (its code).
    :returns: one row per shift, volunteers nested.
    """
    _session(state, token)
    if centre is not None:
        _centre(centre)
    rows = []
    for sid, s in _shifts().items():
        if (date is None or s["date"] == date) and (centre is None or s["centre"] == centre):
            on = state.signups.get(sid, [])
            rows.append(ShiftRow(shift_id=sid, centre=s["centre"], date=s["date"], start=s["start"], end=s["end"],
                                 places_left=s["places"] - len(on),
                                 volunteers=[ShiftMember(volunteer_id=v, name=state.volunteers[v]["name"]) for v in on]))
    return rows


def sign_up_shift(state: State, token: str, shift_id: str, volunteer_id: str) -> ShiftRow:
    """Put a volunteer on a shift.

    :param token: the session token (the volunteer coordinator).
    :param shift_id: the shift.
    :param volunteer_id: the volunteer.
    :returns: the shift with who is on it.
    :raises RuntimeError: when the volunteer has not been inducted or the shift is full.
    """
    _session(state, token, "coordinator")
    s = _shifts().get(shift_id)
    if s is None:
        raise LookupError(f"no shift {shift_id} in the next two weeks (see the shifts)")
    v = _volunteer(state, volunteer_id)
    on = state.signups.setdefault(shift_id, [])
    if volunteer_id in on:
        raise ValueError(f"{v['name']} is already on {shift_id}")
    if v["inducted"] is None:
        raise RuntimeError(f"{v['name']} has not had the induction; nobody works a shift before it")
    if len(on) >= s["places"]:
        raise RuntimeError(f"{shift_id} is full")
    on.append(volunteer_id)
    return [r for r in shifts(state, token, s["date"], s["centre"]) if r["shift_id"] == shift_id][0]


def cancel_signup(state: State, token: str, shift_id: str, volunteer_id: str, reason: str) -> int:
    """Take a volunteer off a shift.

    :param token: the session token (the volunteer coordinator).
    :param shift_id: the shift.
    :param volunteer_id: the volunteer.
    :param reason: why.
    :returns: the places now left on the shift.
    """
    _session(state, token, "coordinator")
    s = _shifts().get(shift_id)
    if s is None:
        raise LookupError(f"no shift {shift_id}")
    v = _volunteer(state, volunteer_id)
    on = state.signups.get(shift_id, [])
    if volunteer_id not in on:
        raise ValueError(f"{v['name']} is not on {shift_id}")
    if not reason.strip():
        raise ValueError("say why")
    on.remove(volunteer_id)
    return s["places"] - len(on)


# --------------------------------------------------------------------------- messages


def send_message(state: State, token: str, household_id: str, channel: Channel, text: str) -> str:
    """Write to a household: a text to their mobile, or a letter.

    :param token: the session token (the referral desk).
    :param household_id: the household.
    :param channel: how to send it.
    :param text: the message.
    :returns: a sentence with the message's number.
    :raises RuntimeError: for a text to a household that has not agreed to texts or has no mobile.
    """
    _session(state, token, "desk")
    h = _household(state, household_id)
    if not text.strip():
        raise ValueError("the message is empty")
    if channel == "sms":
        if not h["texts_ok"]:
            raise RuntimeError(f"{h['name']} has not agreed to texts; send a letter or ask them first")
        if not h["phone"].replace(" ", "").startswith("07"):
            raise RuntimeError(f"{h['phone']} is not a mobile")
    mid = f"MS-{_next(state, 'message'):04d}"
    state.messages.append({"id": mid, "household": household_id, "channel": channel, "text": text.strip()})
    if channel == "sms":
        return f"Text {mid} sent to {h['phone']}."
    return f"Letter {mid} printed for {h['name']}, {h['address']}."


TOOLS = [
    sign_in, sign_out, centres, shopping_list, find_agency, register_agency, find_household, register_household,
    update_household, set_dietary_needs, household_record, record_signposting, issue_voucher, vouchers,
    cancel_voucher, collection_slots, book_collection, delivery_runs, book_delivery, parcels, pack_parcel, add_extra,
    remove_extra, hand_over, cancel_parcel, assign_driver, record_delivery, log_donation, stock_levels, expiring_stock,
    write_off, transfer_stock, receive_transfer, find_volunteer, register_volunteer, record_induction,
    record_dbs_check, shifts, sign_up_shift, cancel_signup, send_message,
]

FIXTURES = {
    "food_bank": {"name": "Millbrook Community Food Bank (referral desk at the Methodist Hall)",
                  "today": "Thursday 16 October, half past nine; the Hall opens at ten"},
    "staff": [
        {"name": "Jo Baines", "role": "referral desk", "username": "jo.b", "password": "Tinned-Peach-22"},
        {"name": "Amir Hassan", "role": "warehouse", "username": "amir.h", "password": "Pallet-Jack-9"},
        {"name": "Patricia Okafor", "role": "volunteer coordinator", "username": "pat.o", "password": "Rota-Queen-31"},
        {"name": "Deirdre Marsh", "role": "project manager", "username": "dee.m", "password": "Millbrook-2013"},
    ],
    "new_referral": {"name": "Ms Leanne Hardy", "address": "7 Orchard Walk, Millbrook", "postcode": "MB4 2OW",
                     "mobile": "07700 915590", "household": "herself and her two boys, aged 6 and 9",
                     "diet": "vegetarian", "agency": "Citizens Advice Millbrook",
                     "referred_by": "Sam Pryce at Citizens Advice",
                     "why": "her Universal Credit payment is delayed five weeks after a change of address",
                     "wants": "a parcel today if she can get to the Hall; texts are fine once she has a new phone"},
    "housebound_referral": {"name": "Mrs Iris Fenwick", "address": "12 Beck Cottages, Millbrook",
                            "postcode": "MB5 1BC", "landline": "01632 915602",
                            "household": "lives alone; cannot get out since her hip operation",
                            "agency": "Fernside Housing Association", "referred_by": "Gary Lund",
                            "wants": "a parcel brought to her door, today if the van is going out"},
    "new_agency": {"name": "Millbrook Health Centre (social prescribing)", "contact": "Nadia Bellweather",
                   "phone": "01632 960077", "email": "social.prescribing@millbrookhc.example"},
    "new_volunteer": {"name": "Mr Callum Reid", "phone": "07700 916151", "email": "callum.reid@mail.example",
                      "drives": "yes, his own car", "dbs_certificate": "001734529908",
                      "dbs_issued": "2 September 2031", "availability": "Fridays and Saturdays"},
    "donations": [
        "St Mary's Primary harvest festival: 36 tins of chopped tomatoes, best before May 2033",
        "Fernside Co-op collection point: 24 litres of UHT milk, best before the end of March 2032",
        "A crate of baked beans left at the depot door overnight: eight tins badly dented and leaking",
    ],
    "desk_notes": [
        "Mr Stephen Hale has a new mobile, 07700 915601, and is happy to have texts now; he cannot eat gluten",
        "Mrs Gloria Mensah's voucher: she cannot get out with her ankle, please deliver",
        "Mr Nowak would rather come to the Hall today than St Luke's on Saturday",
        "Ms Kerry Doyle has been referred again by Citizens Advice; she is seeing their debt adviser",
        "Sunita Rao's DBS certificate has come through: number 001459983127, issued 29 September 2031",
        "Graham can do today's delivery run; Ollie Brandt came to the induction on Tuesday",
    ],
}

_TOKEN = "auth: session token (token of sign_in's Session)"
PUBLIC = ("sign_in", "centres", "shopping_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
HOUSEHOLD_CONSUMERS = ["update_household", "set_dietary_needs", "household_record", "record_signposting",
                       "issue_voucher", "send_message"]
VOUCHER_CONSUMERS = ["book_collection", "book_delivery", "cancel_voucher"]
PARCEL_CONSUMERS = ["pack_parcel", "add_extra", "remove_extra", "hand_over", "cancel_parcel"]
VOLUNTEER_CONSUMERS = ["record_induction", "record_dbs_check", "sign_up_shift", "cancel_signup", "assign_driver"]
_HOUSEHOLD = ("id lookup/create: household number (household_id of register_household, or of a find_household "
              "row)")
_VOUCHER = "id lookup/create: voucher number (voucher_id of issue_voucher, or of a vouchers row)"
_PARCEL = "id lookup/create: parcel number (parcel_id of book_collection, or of a parcels row)"
_VOLUNTEER = ("id lookup/create: volunteer number (volunteer_id of register_volunteer, or of a find_volunteer "
              "row)")

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_household|find_household", c, _HOUSEHOLD) for c in HOUSEHOLD_CONSUMERS]
    + [("issue_voucher|vouchers", c, _VOUCHER) for c in VOUCHER_CONSUMERS]
    + [("book_collection|parcels", c, _PARCEL) for c in PARCEL_CONSUMERS]
    + [("register_volunteer|find_volunteer", c, _VOLUNTEER) for c in VOLUNTEER_CONSUMERS]
    + [
        ("register_agency|find_agency", "issue_voucher",
         "id lookup/create: referral agency (agency_id of register_agency, or of a find_agency row)"),
        ("book_delivery|parcels", "record_delivery",
         "id lookup/create: parcel number (parcel_id of book_delivery, or of a parcels row)"),
        ("log_donation|expiring_stock", "write_off",
         "id lookup/create: batch number (batch_id of log_donation, or of an expiring_stock row)"),
        ("collection_slots", "book_collection", "id lookup: collection slot (slot_id of a collection_slots row)"),
        ("delivery_runs", "book_delivery", "id lookup: delivery run (run_id of a delivery_runs row)"),
        ("delivery_runs", "assign_driver", "id lookup: delivery run (run_id of a delivery_runs row)"),
        ("shifts", "sign_up_shift", "id lookup: volunteer shift (shift_id of a shifts row)"),
        ("shifts", "cancel_signup", "id lookup: volunteer shift (shift_id of a shifts row)"),
        ("transfer_stock", "receive_transfer", "id create: transfer number (transfer_id of transfer_stock)"),
        ("centres", "log_donation", "vocabulary: centre codes (code of centres rows)"),
        ("centres", "transfer_stock", "vocabulary: centre codes (code of centres rows)"),
        ("shopping_list", "log_donation", "vocabulary: item codes (code of shopping_list rows)"),
        ("shopping_list|stock_levels", "transfer_stock",
         "vocabulary: item codes (code of shopping_list rows, or item_code of stock_levels rows)"),
        ("shopping_list|stock_levels", "add_extra",
         "vocabulary: item codes (code of shopping_list rows, or item_code of stock_levels rows)"),
        ("record_signposting", "issue_voucher",
         "state: a support conversation on file (a fourth voucher in six months)"),
        ("pack_parcel", "hand_over", "state: the parcel packed"),
        ("pack_parcel", "add_extra", "state: the parcel packed"),
        ("pack_parcel", "record_delivery", "state: the parcel packed"),
        ("add_extra", "remove_extra", "state: the extra in the parcel"),
        ("assign_driver", "record_delivery", "state: a driver on the run"),
        ("record_dbs_check", "assign_driver", "state: a DBS check on file"),
        ("record_induction", "sign_up_shift", "state: the volunteer inducted"),
        ("sign_up_shift", "cancel_signup", "state: the volunteer on the shift"),
        ("log_donation|receive_transfer", "pack_parcel", "state: the centre holds every item the parcel needs"),
        ("cancel_parcel", "book_collection", "state: the voucher free of its earlier parcel"),
        ("update_household", "send_message", "state: the household agreed to texts"),
    ]
)

PLAUSIBLE = {
    ("register_household", "find_household"), ("register_household", "vouchers"), ("find_household", "vouchers"),
    ("household_record", "issue_voucher"), ("household_record", "book_collection"),
    ("household_record", "cancel_voucher"), ("household_record", "update_household"),
    ("household_record", "record_signposting"), ("household_record", "send_message"),
    ("register_agency", "find_agency"), ("issue_voucher", "household_record"), ("vouchers", "household_record"),
    ("issue_voucher", "collection_slots"), ("issue_voucher", "parcels"), ("vouchers", "parcels"),
    ("parcels", "book_collection"), ("parcels", "book_delivery"), ("parcels", "cancel_voucher"),
    ("cancel_parcel", "book_delivery"), ("cancel_parcel", "cancel_voucher"), ("cancel_parcel", "parcels"),
    ("book_collection", "parcels"), ("book_delivery", "parcels"), ("book_delivery", "delivery_runs"),
    ("book_delivery", "pack_parcel"), ("book_delivery", "cancel_parcel"), ("book_delivery", "add_extra"),
    ("delivery_runs", "pack_parcel"), ("delivery_runs", "record_delivery"), ("delivery_runs", "cancel_parcel"),
    ("book_collection", "household_record"), ("pack_parcel", "parcels"), ("pack_parcel", "stock_levels"),
    ("pack_parcel", "cancel_parcel"), ("pack_parcel", "remove_extra"), ("hand_over", "household_record"),
    ("hand_over", "parcels"), ("record_delivery", "parcels"), ("record_delivery", "delivery_runs"),
    ("assign_driver", "delivery_runs"), ("transfer_stock", "pack_parcel"), ("transfer_stock", "stock_levels"),
    ("receive_transfer", "stock_levels"), ("log_donation", "stock_levels"), ("log_donation", "expiring_stock"),
    ("log_donation", "transfer_stock"), ("log_donation", "add_extra"), ("receive_transfer", "add_extra"),
    ("write_off", "stock_levels"), ("write_off", "expiring_stock"), ("stock_levels", "log_donation"),
    ("stock_levels", "pack_parcel"), ("expiring_stock", "transfer_stock"), ("centres", "collection_slots"),
    ("centres", "stock_levels"), ("centres", "parcels"), ("centres", "shifts"), ("centres", "expiring_stock"),
    ("shopping_list", "remove_extra"), ("stock_levels", "remove_extra"),
    ("register_volunteer", "find_volunteer"), ("register_volunteer", "shifts"), ("record_induction", "shifts"),
    ("sign_up_shift", "shifts"), ("cancel_signup", "shifts"), ("record_dbs_check", "delivery_runs"),
    ("find_volunteer", "shifts"), ("shifts", "find_volunteer"), ("delivery_runs", "find_volunteer"),
    ("update_household", "book_delivery"), ("update_household", "pack_parcel"), ("set_dietary_needs", "pack_parcel"),
    ("update_household", "household_record"), ("set_dietary_needs", "household_record"),
    ("record_signposting", "household_record"), ("find_agency", "register_agency"),
    ("issue_voucher", "cancel_parcel"), ("vouchers", "cancel_parcel"), ("issue_voucher", "pack_parcel"),
    ("collection_slots", "pack_parcel"), ("collection_slots", "hand_over"),
}
