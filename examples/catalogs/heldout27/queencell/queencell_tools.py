"""Queencell: the apiary office of the Wealdmere & District Beekeepers' Association (40 calls).

Async functions over an in-memory ``State`` of the association's office at the Bee Barn, Old Rectory
Farm, on Saturday 18 June 2033 at 10:00, at the height of the swarm season. The secretary keeps the
members, their subscriptions, the apiaries they register, the waiting list for bees and the mentoring
scheme, and writes to members. The swarm coordinator takes the public's swarm calls, sends collectors
out, records swarms collected and rehomes them with members waiting for bees. The apiary manager keeps
the colony records (hives, inspections, varroa treatments), passes suspected foul brood to the seasonal
bee inspector, records the standstill notices that follow a confirmed case and lifts them, and moves
hives between a member's apiaries. The equipment officer runs the honey extraction room and lends out
the association's equipment. The chair may do everything. The subscription rates and the equipment
list are public.

Every tool is a plain ``async def`` without a decorator, each checking its session and role itself.
Replies follow JSend: ``{"status": "success", "data": {...}}``; a refusal is
``{"status": "fail", "data": {"<field>": "<what is wrong>"}}`` when the request breaks a rule, or
``{"status": "error", "message": ..., "code": 401|403}`` when there is no session or the role may not
do it (the runtime's common conventions read ``status`` ``fail`` and ``error``). Data are plain dicts;
lists come as ``{"columns": [...], "rows": [[...], ...]}`` with rows as lists, and records nest their
rows as lists of lists (a member's apiaries, hives, payments, loans and bookings; an apiary row's hives;
a hive's inspections and treatments; an extraction slot's bookings; a loan's items). Ids look alike:
member ``M-0414``; apiary ``AP-118`` and hive ``HV-0451``; inspection ``IN-3310``; disease report
``DR-0018`` and the standstill notice that follows it ``DN-0018``; swarm call ``SW-2207``; extraction
slot ``XR-0618-PM`` and booking ``EB-0312``; equipment ``EQ-SWK`` and loan ``EL-0089``; receipt
``RC-5501``. The grid reference format, who may hold bees, the collectors' heights and areas, one call
a collector at a time, the standstill rules (how long a notice runs, the clear inspections that end it,
what may not move while it runs), the varroa treatments allowed with supers on or brood present, the
room's sessions, extractors and load, the equipment deposits and loan period, the vaporiser's course,
the mentors' areas and numbers and the junior age are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
from enum import Enum
from typing import Any, Dict, List, Literal, Optional

TODAY = "2033-06-18"  # a Saturday
NOW = "10:00"
YEAR = 2033
RATES = {"full": (34.0, "Voting member; BBKA registration; bee disease insurance for up to five colonies"),
         "associate": (18.0, "Meetings, newsletter, extraction room and equipment loans; no insurance"),
         "junior": (8.0, "Under 18; meetings, the teaching apiary and the newsletter"),
         "family": (45.0, "Two adults at one address, both full members, one newsletter")}
HEIGHTS = ["low", "head_height", "ladder", "high"]
NOTICE_MIN_DAYS = 21
CLEAR_WITHIN_DAYS = 7
MAX_SUPERS = 12
ROOM_FEE = 5.0
MAX_LOAN_DAYS = 14
MAX_MENTEES = 3
SESSIONS = {"AM": "09:00", "PM": "14:00"}
EXTRACTORS = ("radial_9", "tangential_4")

HiveType = Literal["national", "wbc", "langstroth", "top_bar", "warre", "nucleus"]
Source = Literal["swarm", "bought_nucleus", "split", "package"]
Temper = Literal["calm", "nervous", "defensive"]
Signs = Literal["none", "chalkbrood", "sacbrood", "deformed_wings", "suspected_efb", "suspected_afb"]
Treatment = Literal["apivar", "apiguard", "oxalic_trickle", "oxalic_vapour", "maqs"]
Disease = Literal["efb", "afb"]
Height = Literal["low", "head_height", "ladder", "high"]
Outcome = Literal["not_honey_bees", "moved_on", "inaccessible", "duplicate"]
Extractor = Literal["radial_9", "tangential_4"]
PayMethod = Literal["cash", "card", "cheque", "bank_transfer"]
Channel = Literal["email", "sms", "letter"]
NoticeStatus = Literal["live", "lifted"]


class MembershipClass(str, Enum):
    FULL = "full"
    ASSOCIATE = "associate"
    JUNIOR = "junior"
    FAMILY = "family"


class SwarmStatus(str, Enum):
    REPORTED = "reported"
    ASSIGNED = "assigned"
    COLLECTED = "collected"
    REHOMED = "rehomed"
    CLOSED = "closed"


# --------------------------------------------------------------------------- state


class State:
    """The association's apiary office on Saturday 18 June 2033 at 10:00."""

    def __init__(self) -> None:
        self.officers = {
            "sue.h": {"name": "Sue Hartley", "password": "Drone-Comb-14", "role": "secretary"},
            "ken.a": {"name": "Ken Adebayo", "password": "Bait-Hive-62", "role": "swarm_coordinator"},
            "rosa.m": {"name": "Rosa Marchetti", "password": "Honey-Press-8", "role": "equipment_officer"},
            "ian.d": {"name": "Ian Dunmore", "password": "Queen-Cup-31", "role": "apiary_manager"},
            "gwen.p": {"name": "Gwen Pryce", "password": "Wealdmere-1946", "role": "chair"},
        }
        self.sessions = {}
        self.members = {
            "M-0401": {"name": "Mr Derek Oakes", "address": "Orchard Cottage, Hollow Lane, Wealdmere",
                       "postcode": "WM2 5HL", "phone": "07700 902401", "email": "derek.oakes@mail.example",
                       "class": "full", "paid": 2033, "joined": "2009-04-02", "varroa_course": True, "born": None},
            "M-0405": {"name": "Ms Priya Shah", "address": "22 Brook Road, Wealdmere", "postcode": "WM3 1QT",
                       "phone": "07700 902405", "email": "priya.shah@mail.example", "class": "full", "paid": 2033,
                       "joined": "2016-03-11", "varroa_course": True, "born": None},
            "M-0407": {"name": "Mr Colin Fairbrother", "address": "Church Farm, Lower Wealdmere", "postcode": "WM4 2CF",
                       "phone": "07700 902407", "email": None, "class": "full", "paid": 2033,
                       "joined": "2012-05-20", "varroa_course": False, "born": None},
            "M-0409": {"name": "Mrs Alison Grieve", "address": "12 Pound Lane, Wealdmere", "postcode": "WM2 7PG",
                       "phone": "07700 902409", "email": "alison.grieve@mail.example", "class": "full", "paid": 2033,
                       "joined": "2032-09-01", "varroa_course": False, "born": None},
            "M-0410": {"name": "Mr Luke Ferris", "address": "5 Kiln Cottages, Wealdmere", "postcode": "WM1 4LF",
                       "phone": "07700 902410", "email": "luke.ferris@mail.example", "class": "associate",
                       "paid": 2033, "joined": "2033-03-02", "varroa_course": False, "born": None},
            "M-0411": {"name": "Mr Ben Lowther", "address": "Flat 3, 19 Mill Street, Wealdmere", "postcode": "WM3 6EE",
                       "phone": "07700 902411", "email": "ben.lowther@mail.example", "class": "full", "paid": 2032,
                       "joined": "2019-02-14", "varroa_course": False, "born": None},
        }
        self.collectors = {  # member -> postcode districts, highest they go
            "M-0401": {"areas": ["WM1", "WM2"], "max": "ladder"},
            "M-0405": {"areas": ["WM3", "WM4"], "max": "head_height"},
        }
        self.mentors = {"M-0401": ["WM1", "WM2"], "M-0405": ["WM3", "WM4"]}
        self.mentees = {"M-0409": "M-0401"}  # member -> mentor
        self.waiting = {"M-0409": "2032-09-10"}  # member -> on the list since
        self.apiaries = {  # id -> owner, site, postcode, grid ref
            "AP-101": {"owner": "ASSOC", "site": "Teaching apiary, Old Rectory Farm", "postcode": "WM5 2OR",
                       "grid": "TQ 398 352"},
            "AP-110": {"owner": "M-0401", "site": "Orchard, Hollow Lane", "postcode": "WM2 5HL", "grid": "TQ 405 344"},
            "AP-111": {"owner": "M-0401", "site": "Out-apiary, Wealdmere Common", "postcode": "WM6 1HC",
                       "grid": "TQ 431 360"},
            "AP-112": {"owner": "M-0405", "site": "Brook Road allotments", "postcode": "WM3 1QT", "grid": "TQ 415 329"},
            "AP-114": {"owner": "M-0407", "site": "Church Farm, far orchard", "postcode": "WM4 3CF",
                       "grid": "TQ 422 318"},
            "AP-115": {"owner": "M-0407", "site": "Home garden, Church Farm", "postcode": "WM4 2CF",
                       "grid": "TQ 423 320"},
            "AP-116": {"owner": "M-0409", "site": "Back garden, 12 Pound Lane", "postcode": "WM2 7PG",
                       "grid": "TQ 408 339"},
            "AP-117": {"owner": "M-0411", "site": "Mill Street allotments, plot 14", "postcode": "WM3 6EE",
                       "grid": "TQ 417 333"},
        }
        self.hives = {  # id -> apiary, type, source, status, added
            "HV-0401": {"apiary": "AP-101", "type": "national", "source": "split", "status": "active", "added": "2030-05-02"},
            "HV-0402": {"apiary": "AP-101", "type": "national", "source": "swarm", "status": "active", "added": "2031-06-10"},
            "HV-0403": {"apiary": "AP-101", "type": "wbc", "source": "bought_nucleus", "status": "active",
                        "added": "2032-05-21"},
            "HV-0431": {"apiary": "AP-110", "type": "national", "source": "swarm", "status": "active", "added": "2027-06-01"},
            "HV-0432": {"apiary": "AP-110", "type": "national", "source": "split", "status": "active", "added": "2031-05-15"},
            "HV-0440": {"apiary": "AP-112", "type": "langstroth", "source": "package", "status": "active",
                        "added": "2029-04-20"},
            "HV-0446": {"apiary": "AP-114", "type": "national", "source": "swarm", "status": "confirmed",
                        "added": "2026-06-02"},
            "HV-0447": {"apiary": "AP-114", "type": "national", "source": "split", "status": "active", "added": "2030-05-30"},
            "HV-0448": {"apiary": "AP-115", "type": "wbc", "source": "swarm", "status": "active", "added": "2028-06-12"},
            "HV-0450": {"apiary": "AP-117", "type": "national", "source": "bought_nucleus", "status": "active",
                        "added": "2025-05-08"},
        }
        self.inspections = {  # id -> hive, on, queen seen, brood frames, supers, temper, signs, notes, by
            "IN-3290": {"hive": "HV-0446", "on": "2033-05-20", "queen": True, "brood": 6, "supers": 1, "temper": "calm",
                        "signs": "suspected_efb", "notes": "Twisted, discoloured larvae on three frames", "by": "Ian Dunmore"},
            "IN-3296": {"hive": "HV-0447", "on": "2033-06-05", "queen": True, "brood": 7, "supers": 0, "temper": "calm",
                        "signs": "none", "notes": "Checked with the bee inspector; no sign", "by": "Ian Dunmore"},
            "IN-3301": {"hive": "HV-0446", "on": "2033-06-14", "queen": True, "brood": 3, "supers": 0, "temper": "nervous",
                        "signs": "none", "notes": "Shook swarm three weeks ago; clean brood on new foundation",
                        "by": "Ian Dunmore"},
            "IN-3303": {"hive": "HV-0450", "on": "2033-06-11", "queen": False, "brood": 8, "supers": 2, "temper": "calm",
                        "signs": "none", "notes": "Two supers on, the first nearly capped", "by": "Ian Dunmore"},
            "IN-3305": {"hive": "HV-0440", "on": "2033-06-12", "queen": True, "brood": 9, "supers": 1, "temper": "calm",
                        "signs": "none", "notes": "Strong; queen cells knocked back", "by": "Ian Dunmore"},
            "IN-3307": {"hive": "HV-0432", "on": "2033-06-15", "queen": True, "brood": 7, "supers": 1, "temper": "calm",
                        "signs": "none", "notes": "Strong enough to go to the out-apiary on the common", "by": "Ian Dunmore"},
        }
        self.treatments = {}
        self.reports = {  # id -> hive, disease, status, notes
            "DR-0017": {"hive": "HV-0446", "disease": "efb", "status": "confirmed", "on": "2033-05-20",
                        "notes": "Suspected EFB on three frames"},
        }
        self.notices = {  # id -> apiary, disease, issued, status
            "DN-0017": {"apiary": "AP-114", "disease": "efb", "issued": "2033-05-24", "status": "live"},
        }
        self.swarms = {  # id -> caller, phone, location, postcode, height, description, status, collector, ...
            "SW-2204": {"caller": "Mr Alan Pike", "phone": "07700 902504",
                        "location": "In the hedge by the bus shelter, Mill Lane, Wealdmere", "postcode": "WM2 4ML",
                        "height": "head_height", "description": "A big cluster, been there since breakfast",
                        "status": "reported", "collector": None, "reported": "2033-06-18 08:40", "notes": []},
            "SW-2205": {"caller": "Mrs Joy Achebe", "phone": "07700 902505",
                        "location": "On a garden bench, 3 Brook Close, Wealdmere", "postcode": "WM3 2BC",
                        "height": "low", "description": "Small swarm on the bench arm", "status": "assigned",
                        "collector": "M-0405", "reported": "2033-06-18 09:15", "notes": []},
            "SW-2206": {"caller": "Mr Theo Brandt", "phone": "07700 902506",
                        "location": "Garden fence post, 40 Hollow Lane, Wealdmere", "postcode": "WM2 5HN",
                        "height": "low", "description": "Prime swarm", "status": "collected", "collector": "M-0401",
                        "reported": "2033-06-17 13:05", "notes": ["In a nuc box at the Bee Barn; docile"]},
        }
        self.slots = {  # id -> date, session
            "XR-0618-AM": {"date": "2033-06-18", "session": "AM"},
            "XR-0618-PM": {"date": "2033-06-18", "session": "PM"},
            "XR-0619-AM": {"date": "2033-06-19", "session": "AM"},
            "XR-0625-AM": {"date": "2033-06-25", "session": "AM"},
            "XR-0625-PM": {"date": "2033-06-25", "session": "PM"},
        }
        self.bookings = {  # id -> slot, member, extractor, supers, status
            "EB-0311": {"slot": "XR-0618-AM", "member": "M-0401", "extractor": "radial_9", "supers": 8,
                        "status": "booked", "fee": ROOM_FEE},
        }
        self.equipment = {  # code -> item, deposit, stock
            "EQ-EXT2": {"item": "Two-frame tangential hand extractor", "deposit": 20.0, "stock": 2},
            "EQ-UNC": {"item": "Uncapping tray and fork", "deposit": 10.0, "stock": 2},
            "EQ-MELT": {"item": "Solar wax melter", "deposit": 15.0, "stock": 1},
            "EQ-SWK": {"item": "Swarm collecting kit (skep, sheet, brush)", "deposit": 10.0, "stock": 3},
            "EQ-OBS": {"item": "Observation hive, for shows and school visits", "deposit": 25.0, "stock": 1},
            "EQ-OXV": {"item": "Oxalic acid vaporiser with mask", "deposit": 30.0, "stock": 1},
            "EQ-REF": {"item": "Honey refractometer", "deposit": 15.0, "stock": 1},
        }
        self.loans = {  # id -> member, items, out, due, deposit, status
            "EL-0088": {"member": "M-0401", "items": ["EQ-REF"], "out": "2033-06-01", "due": "2033-06-15",
                        "deposit": 15.0, "status": "out"},
        }
        self.payments = {  # receipt -> member, year, amount, method
            "RC-5488": {"member": "M-0409", "year": 2033, "amount": 34.0, "method": "card"},
        }
        self.messages = []
        self.counters = {"session": 1, "member": 414, "apiary": 118, "hive": 451, "inspection": 3310,
                         "treatment": 120, "report": 18, "swarm": 2207, "booking": 312, "loan": 89, "receipt": 5501,
                         "message": 640}


# --------------------------------------------------------------------------- replies and guards


class _Refusal(Exception):
    """Raised by a guard; the tool returns ``self.reply``."""

    def __init__(self, reply: Dict[str, Any]) -> None:
        super().__init__(str(reply))
        self.reply = reply


def _ok(data: Dict[str, Any]) -> Dict[str, Any]:
    return {"status": "success", "data": data}


def _fail(field: str, why: str) -> None:
    raise _Refusal({"status": "fail", "data": {field: why}})


def _error(code: int, message: str) -> None:
    raise _Refusal({"status": "error", "message": message, "code": code})


def _table(columns: List[str], rows: List[list]) -> Dict[str, Any]:
    return {"columns": columns, "rows": rows}


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _who(state: State, token: str, *roles: str) -> Dict[str, Any]:
    who = state.sessions.get(token)
    if who is None:
        _error(401, "not signed in; sign in again")
    if roles and who["role"] not in roles and who["role"] != "chair":
        _error(403, f"{who['name']} ({who['role'].replace('_', ' ')}) may not do this; it is for the "
                    f"{' or '.join(r.replace('_', ' ') for r in roles)}")
    return who


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _member(state: State, member_id: str) -> Dict[str, Any]:
    m = state.members.get(member_id)
    if m is None:
        _fail("member_id", f"no member {member_id}")
    return m


def _standing(m: Dict[str, Any]) -> str:
    if m["paid"] == YEAR:
        return "active"
    return "unpaid" if m["paid"] is None else "lapsed"


def _paid_up(m: Dict[str, Any], member_id: str) -> None:
    if _standing(m) != "active":
        _fail("member_id", f"{m['name']} ({member_id}) has not paid the {YEAR} subscription")


def _apiary(state: State, apiary_id: str) -> Dict[str, Any]:
    a = state.apiaries.get(apiary_id)
    if a is None:
        _fail("apiary_id", f"no apiary {apiary_id}")
    return a


def _hive(state: State, hive_id: str) -> Dict[str, Any]:
    h = state.hives.get(hive_id)
    if h is None or h["status"] == "dead":
        _fail("hive_id", f"no colony {hive_id}")
    return h


def _live_notice(state: State, apiary_id: str) -> Optional[str]:
    return next((nid for nid, n in sorted(state.notices.items()) if n["apiary"] == apiary_id and n["status"] == "live"),
                None)


def _member_notice(state: State, member_id: str) -> Optional[str]:
    for aid, a in sorted(state.apiaries.items()):
        if a["owner"] == member_id and _live_notice(state, aid):
            return _live_notice(state, aid)
    return None


def _latest(state: State, hive_id: str) -> Optional[Dict[str, Any]]:
    found = [i for _, i in sorted(state.inspections.items()) if i["hive"] == hive_id]
    return max(found, key=lambda i: i["on"]) if found else None


def _owner_name(state: State, owner: str) -> str:
    return "Association teaching apiary" if owner == "ASSOC" else state.members[owner]["name"]


def _member_dict(state: State, member_id: str) -> Dict[str, Any]:
    m = state.members[member_id]
    return {"member_id": member_id, "name": m["name"], "address": m["address"], "postcode": m["postcode"],
            "phone": m["phone"], "email": m["email"], "membership": m["class"], "standing": _standing(m),
            "joined": m["joined"],
            "subscription_due": 0.0 if _standing(m) == "active" else RATES[m["class"]][0]}


def _hive_ids(state: State, apiary_id: str) -> List[str]:
    return [hid for hid, h in sorted(state.hives.items()) if h["apiary"] == apiary_id and h["status"] != "dead"]


def _swarm_dict(state: State, swarm_id: str) -> Dict[str, Any]:
    s = state.swarms[swarm_id]
    return {"swarm_id": swarm_id, "caller": s["caller"], "phone": s["phone"], "location": s["location"],
            "postcode": s["postcode"], "height": s["height"], "description": s["description"], "status": s["status"],
            "collector": s["collector"], "reported": s["reported"], "notes": list(s["notes"])}


# --------------------------------------------------------------------------- sign-in and public lists


async def sign_in(state: State, username: str, password: str) -> Dict[str, Any]:
    """Sign in to the apiary office.

    Parameters
    ----------
    username : str
        The officer's user name.
    password : str
        Their password.

    Returns
    -------
    dict
        JSend; ``data`` holds the session ``token``, the officer's name and role.
    """
    try:
        user = state.officers.get(username)
        if user is None or user["password"] != password:
            _error(401, "wrong user name or password")
        token = f"wdbka-{username.split('.')[0]}-{_next(state, 'session'):02d}"
        state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
        return _ok({"token": token, "name": user["name"], "role": user["role"]})
    except _Refusal as r:
        return r.reply


async def sign_out(state: State, token: str) -> Dict[str, Any]:
    """Sign out, ending the session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    dict
        JSend; ``data`` says who was signed out.
    """
    try:
        who = _who(state, token)
        state.sessions.pop(token)
        return _ok({"signed_out": who["name"]})
    except _Refusal as r:
        return r.reply


async def membership_rates(state: State) -> Dict[str, Any]:
    """The association's subscription rates for the year (public; no sign-in).

    Returns
    -------
    dict
        JSend; ``data`` is a table of membership class, price and what it includes.
    """
    return _ok({"year": YEAR, **_table(["membership", "price", "includes"],
                                       [[k, v[0], v[1]] for k, v in RATES.items()])})


async def equipment_list(state: State) -> Dict[str, Any]:
    """The equipment members may borrow, with codes, deposits and how many are in the store (public).

    Returns
    -------
    dict
        JSend; ``data`` is a table of code, item, deposit and number available.
    """
    out = {c: sum(1 for ln in state.loans.values() if ln["status"] == "out" for x in ln["items"] if x == c)
           for c in state.equipment}
    return _ok(_table(["code", "item", "deposit", "available"],
                      [[c, e["item"], e["deposit"], e["stock"] - out[c]] for c, e in state.equipment.items()]))


# --------------------------------------------------------------------------- members


async def find_member(state: State, token: str, text: str,
                      membership: Optional[MembershipClass] = None) -> Dict[str, Any]:
    """Look members up by part of a name, an address, a postcode or a phone number.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.
    membership : MembershipClass, optional
        Only members of this class (full, associate, junior, family).

    Returns
    -------
    dict
        JSend; ``data`` is a table of member number, name, postcode, class and standing.
    """
    try:
        _who(state, token)
        t = text.strip().lower()
        if not t:
            _fail("text", "say what to look for")
        cls = None
        if membership is not None:
            try:
                cls = MembershipClass(membership).value
            except ValueError:
                _fail("membership", f"{membership!r} is not a membership class")
        rows = [[mid, m["name"], m["postcode"], m["class"], _standing(m)] for mid, m in sorted(state.members.items())
                if t in " ".join([m["name"], m["address"], m["postcode"], m["phone"]]).lower()
                and (cls is None or m["class"] == cls)]
        return _ok(_table(["member_id", "name", "postcode", "membership", "standing"], rows))
    except _Refusal as r:
        return r.reply


async def join_member(state: State, token: str, name: str, address: str, postcode: str, phone: str,
                      membership: MembershipClass, email: Optional[str] = None,
                      date_of_birth: Optional[str] = None) -> Dict[str, Any]:
    """Enrol a new member. The subscription is due at once.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        The member's name, with a title.
    address : str
        Their address.
    postcode : str
        Their postcode.
    phone : str
        A phone number.
    membership : MembershipClass
        full, associate, junior or family.
    email : str, optional
        An e-mail address.
    date_of_birth : str, optional
        YYYY-MM-DD; needed for a junior.

    Returns
    -------
    dict
        JSend; ``data`` is the member with the new member number and the subscription due.
    """
    try:
        _who(state, token, "secretary")
        try:
            cls = MembershipClass(membership).value
        except ValueError:
            _fail("membership", f"{membership!r} is not a membership class")
        if not name.strip() or not address.strip() or not postcode.strip():
            _fail("name", "a member needs a name, an address and a postcode")
        if email is not None and "@" not in email:
            _fail("email", f"{email!r} is not an e-mail address")
        born = None
        if cls == "junior":
            try:
                born = datetime.date.fromisoformat(date_of_birth or "")
            except ValueError:
                _fail("date_of_birth", "a junior member needs a date of birth (YYYY-MM-DD)")
            if _days(born.isoformat(), TODAY) >= 18 * 365.25:
                _fail("membership", "junior membership is for members under 18")
        for mid, m in state.members.items():
            if m["phone"].replace(" ", "") == phone.replace(" ", ""):
                _fail("phone", f"{m['name']} is already member {mid} with that number")
        mid = f"M-{_next(state, 'member'):04d}"
        state.members[mid] = {"name": name.strip(), "address": address.strip(), "postcode": postcode.strip().upper(),
                              "phone": phone.strip(), "email": email, "class": cls, "paid": None, "joined": TODAY,
                              "varroa_course": False, "born": born.isoformat() if born else None}
        return _ok(_member_dict(state, mid))
    except _Refusal as r:
        return r.reply


async def update_member(state: State, token: str, member_id: str, phone: Optional[str] = None,
                        email: Optional[str] = None, address: Optional[str] = None,
                        postcode: Optional[str] = None) -> Dict[str, Any]:
    """Change a member's contact details; only what is given changes.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member number.
    phone, email, address, postcode : str, optional
        The new details (an address goes with its postcode).

    Returns
    -------
    dict
        JSend; ``data`` is the member as now recorded.
    """
    try:
        _who(state, token, "secretary")
        m = _member(state, member_id)
        changes = {k: v for k, v in {"phone": phone, "email": email, "address": address, "postcode": postcode}.items()
                   if v is not None}
        if not changes:
            _fail("member_id", "give at least one detail to change")
        if all(m[k] == v for k, v in changes.items()):
            _fail("member_id", f"{m['name']}'s details are already as given")
        if email is not None and "@" not in email:
            _fail("email", f"{email!r} is not an e-mail address")
        if (address is None) != (postcode is None):
            _fail("postcode", "a new address goes with its postcode")
        if phone is not None:
            for mid, other in state.members.items():
                if mid != member_id and other["phone"].replace(" ", "") == phone.replace(" ", ""):
                    _fail("phone", f"{phone} is {other['name']}'s number ({mid})")
        m.update(changes)
        return _ok(_member_dict(state, member_id))
    except _Refusal as r:
        return r.reply


async def member_record(state: State, token: str, member_id: str) -> Dict[str, Any]:
    """A member's whole record.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member number.

    Returns
    -------
    dict
        JSend; ``data`` holds the member, and as rows: ``apiaries`` [apiary_id, site, postcode, notice],
        ``hives`` [hive_id, apiary_id, type, status], ``payments`` [receipt_id, year, amount, method],
        ``loans`` [loan_id, items, due, status], ``bookings`` [booking_id, slot_id, extractor, status];
        also the mentor and the date they joined the waiting list for bees.
    """
    try:
        _who(state, token)
        _member(state, member_id)
        mine = sorted(aid for aid, a in state.apiaries.items() if a["owner"] == member_id)
        return _ok({
            "member": _member_dict(state, member_id),
            "apiaries": [[aid, state.apiaries[aid]["site"], state.apiaries[aid]["postcode"], _live_notice(state, aid)]
                         for aid in mine],
            "hives": [[hid, h["apiary"], h["type"], h["status"]] for hid, h in sorted(state.hives.items())
                      if h["apiary"] in mine],
            "payments": [[rid, p["year"], p["amount"], p["method"]] for rid, p in sorted(state.payments.items())
                         if p["member"] == member_id],
            "loans": [[lid, list(ln["items"]), ln["due"], ln["status"]] for lid, ln in sorted(state.loans.items())
                      if ln["member"] == member_id],
            "bookings": [[bid, b["slot"], b["extractor"], b["status"]] for bid, b in sorted(state.bookings.items())
                         if b["member"] == member_id],
            "mentor": state.mentees.get(member_id),
            "waiting_since": state.waiting.get(member_id),
        })
    except _Refusal as r:
        return r.reply


async def pay_subscription(state: State, token: str, member_id: str, amount: float,
                           method: PayMethod) -> Dict[str, Any]:
    """Take a member's subscription for the year.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member number.
    amount : float
        The amount paid.
    method : {"cash", "card", "cheque", "bank_transfer"}
        How it was paid.

    Returns
    -------
    dict
        JSend; ``data`` is the receipt, with the member's standing.
    """
    try:
        _who(state, token, "secretary")
        m = _member(state, member_id)
        if method not in ("cash", "card", "cheque", "bank_transfer"):
            _fail("method", f"{method!r} is not a way to pay")
        if _standing(m) == "active":
            _fail("member_id", f"{m['name']} has already paid for {YEAR}")
        rate = RATES[m["class"]][0]
        if abs(amount - rate) > 1e-9:
            _fail("amount", f"the {YEAR} subscription for a {m['class']} member is {rate:.2f}, paid in full")
        m["paid"] = YEAR
        rid = f"RC-{_next(state, 'receipt')}"
        state.payments[rid] = {"member": member_id, "year": YEAR, "amount": rate, "method": method}
        return _ok({"receipt_id": rid, "member_id": member_id, "year": YEAR, "amount": rate, "method": method,
                    "standing": "active"})
    except _Refusal as r:
        return r.reply


async def notify_member(state: State, token: str, member_id: str, channel: Channel, message: str) -> Dict[str, Any]:
    """Write to a member by e-mail, text or letter.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member number.
    channel : {"email", "sms", "letter"}
        How to send it.
    message : str
        What to say.

    Returns
    -------
    dict
        JSend; ``data`` holds the message number.
    """
    try:
        _who(state, token, "secretary", "swarm_coordinator", "equipment_officer", "apiary_manager")
        m = _member(state, member_id)
        if channel not in ("email", "sms", "letter"):
            _fail("channel", f"{channel!r} is not a way to write")
        if not message.strip():
            _fail("message", "the message is empty")
        if channel == "email" and not m["email"]:
            _fail("channel", f"no e-mail address on file for {m['name']}")
        mid = f"MSG-{_next(state, 'message')}"
        state.messages.append({"id": mid, "member": member_id, "channel": channel, "text": message.strip()})
        return _ok({"message_id": mid, "to": m["name"], "channel": channel})
    except _Refusal as r:
        return r.reply


# --------------------------------------------------------------------------- mentoring and the waiting list


async def mentors(state: State, token: str) -> Dict[str, Any]:
    """The mentors, with the postcode districts they cover and how many members they mentor.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    dict
        JSend; ``data`` is a table of mentor's member number, name, districts and mentees.
    """
    try:
        _who(state, token)
        return _ok(_table(["member_id", "name", "districts", "mentees"],
                          [[mid, state.members[mid]["name"], list(areas),
                            sum(1 for v in state.mentees.values() if v == mid)]
                           for mid, areas in sorted(state.mentors.items())]))
    except _Refusal as r:
        return r.reply


async def assign_mentor(state: State, token: str, member_id: str, mentor_id: str) -> Dict[str, Any]:
    """Give a new member a mentor from the scheme.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The new member's number.
    mentor_id : str
        The mentor's member number.

    Returns
    -------
    dict
        JSend; ``data`` names the member and the mentor.
    """
    try:
        _who(state, token, "secretary")
        m = _member(state, member_id)
        if mentor_id not in state.mentors:
            _fail("mentor_id", f"{mentor_id} is not a mentor")
        _paid_up(m, member_id)
        if member_id in state.mentees:
            _fail("member_id", f"{m['name']} is already mentored by {state.members[state.mentees[member_id]]['name']}")
        if _days(m["joined"], TODAY) > 2 * 365:
            _fail("member_id", "the scheme is for members in their first two years")
        if m["postcode"][:3] not in state.mentors[mentor_id]:
            _fail("mentor_id", f"{state.members[mentor_id]['name']} mentors in "
                               f"{', '.join(state.mentors[mentor_id])}; {m['postcode']} is outside")
        if sum(1 for v in state.mentees.values() if v == mentor_id) >= MAX_MENTEES:
            _fail("mentor_id", f"a mentor takes at most {MAX_MENTEES} members")
        state.mentees[member_id] = mentor_id
        return _ok({"member_id": member_id, "member": m["name"], "mentor_id": mentor_id,
                    "mentor": state.members[mentor_id]["name"]})
    except _Refusal as r:
        return r.reply


async def bees_waiting_list(state: State, token: str) -> Dict[str, Any]:
    """The members waiting for a colony, longest waiting first.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    dict
        JSend; ``data`` is a table of member number, name, postcode, since and their apiaries.
    """
    try:
        _who(state, token)
        rows = [[mid, state.members[mid]["name"], state.members[mid]["postcode"], since,
                 sorted(aid for aid, a in state.apiaries.items() if a["owner"] == mid)]
                for mid, since in sorted(state.waiting.items(), key=lambda kv: (kv[1], kv[0]))]
        return _ok(_table(["member_id", "name", "postcode", "since", "apiaries"], rows))
    except _Refusal as r:
        return r.reply


async def join_bees_waiting_list(state: State, token: str, member_id: str) -> Dict[str, Any]:
    """Put a member on the waiting list for a colony (from a swarm).

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member number.

    Returns
    -------
    dict
        JSend; ``data`` holds the member and their place on the list.
    """
    try:
        _who(state, token, "secretary", "swarm_coordinator")
        m = _member(state, member_id)
        if member_id in state.waiting:
            _fail("member_id", f"{m['name']} has been on the list since {state.waiting[member_id]}")
        _paid_up(m, member_id)
        state.waiting[member_id] = TODAY
        return _ok({"member_id": member_id, "name": m["name"], "since": TODAY, "place": len(state.waiting)})
    except _Refusal as r:
        return r.reply


# --------------------------------------------------------------------------- apiaries and colonies


async def register_apiary(state: State, token: str, member_id: str, site: str, postcode: str,
                          grid_ref: str) -> Dict[str, Any]:
    """Register a site where a member keeps (or will keep) bees.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member number.
    site : str
        A short description of the site.
    postcode : str
        The site's postcode.
    grid_ref : str
        The site's grid reference.

    Returns
    -------
    dict
        JSend; ``data`` is the apiary with its number.
    """
    try:
        _who(state, token, "secretary", "apiary_manager")
        m = _member(state, member_id)
        g = grid_ref.strip().upper()
        parts = g.split()
        if len(parts) != 3 or len(parts[0]) != 2 or not parts[0].isalpha() or not all(
                len(p) == 3 and p.isdigit() for p in parts[1:]):
            _fail("grid_ref", f"{grid_ref!r} is not a grid reference like 'TQ 405 344' (two letters, easting, northing)")
        if not site.strip():
            _fail("site", "describe the site")
        for aid, a in state.apiaries.items():
            if a["owner"] == member_id and a["grid"] == g:
                _fail("grid_ref", f"{m['name']} already has {aid} there")
        aid = f"AP-{_next(state, 'apiary')}"
        state.apiaries[aid] = {"owner": member_id, "site": site.strip(), "postcode": postcode.strip().upper(), "grid": g}
        return _ok({"apiary_id": aid, "owner_id": member_id, "owner": m["name"], "site": site.strip(),
                    "postcode": postcode.strip().upper(), "grid_ref": g, "hives": []})
    except _Refusal as r:
        return r.reply


async def apiary_list(state: State, token: str, district: Optional[str] = None,
                      under_notice: Optional[bool] = None) -> Dict[str, Any]:
    """The registered apiaries, optionally in one postcode district or only those under a notice.

    Parameters
    ----------
    token : str
        The session token.
    district : str, optional
        A postcode district such as WM2.
    under_notice : bool, optional
        True for only the apiaries under a live standstill notice, False for only the others.

    Returns
    -------
    dict
        JSend; ``data`` is a table of apiary number, site, owner's number, owner, postcode, the colonies on
        it (a list of hive numbers) and any live notice.
    """
    try:
        _who(state, token)
        rows = []
        for aid, a in sorted(state.apiaries.items()):
            notice = _live_notice(state, aid)
            if district is not None and a["postcode"].split()[0] != district.strip().upper():
                continue
            if under_notice is not None and bool(notice) != under_notice:
                continue
            rows.append([aid, a["site"], a["owner"], _owner_name(state, a["owner"]), a["postcode"],
                         _hive_ids(state, aid), notice])
        return _ok(_table(["apiary_id", "site", "owner_id", "owner", "postcode", "hives", "notice"], rows))
    except _Refusal as r:
        return r.reply


async def register_hive(state: State, token: str, apiary_id: str, hive_type: HiveType,
                        source: Source) -> Dict[str, Any]:
    """Record a colony on an apiary.

    Parameters
    ----------
    token : str
        The session token.
    apiary_id : str
        The apiary number.
    hive_type : {"national", "wbc", "langstroth", "top_bar", "warre", "nucleus"}
        The kind of hive.
    source : {"swarm", "bought_nucleus", "split", "package"}
        Where the colony came from.

    Returns
    -------
    dict
        JSend; ``data`` is the colony with its hive number.
    """
    try:
        _who(state, token, "secretary", "apiary_manager")
        a = _apiary(state, apiary_id)
        notice = _live_notice(state, apiary_id)
        if notice:
            _fail("apiary_id", f"{apiary_id} is under standstill notice {notice}; no bees go onto it")
        if a["owner"] != "ASSOC" and state.members[a["owner"]]["class"] not in ("full", "family"):
            _fail("apiary_id", "bees are kept by full (or family) members, whose subscription carries the bee "
                               "disease insurance")
        hid = f"HV-{_next(state, 'hive'):04d}"
        state.hives[hid] = {"apiary": apiary_id, "type": hive_type, "source": source, "status": "active",
                            "added": TODAY}
        return _ok({"hive_id": hid, "apiary_id": apiary_id, "type": hive_type, "source": source, "status": "active"})
    except _Refusal as r:
        return r.reply


async def hive_record(state: State, token: str, hive_id: str) -> Dict[str, Any]:
    """A colony's record.

    Parameters
    ----------
    token : str
        The session token.
    hive_id : str
        The hive number.

    Returns
    -------
    dict
        JSend; ``data`` holds the colony and, as rows, its ``inspections`` [inspection_id, on, queen_seen,
        brood_frames, supers, temper, signs] and ``treatments`` [treatment_id, product, started].
    """
    try:
        _who(state, token)
        h = _hive(state, hive_id)
        a = state.apiaries[h["apiary"]]
        return _ok({
            "hive_id": hive_id, "apiary_id": h["apiary"], "site": a["site"], "owner": _owner_name(state, a["owner"]),
            "type": h["type"], "source": h["source"], "status": h["status"], "added": h["added"],
            "inspections": [[iid, i["on"], i["queen"], i["brood"], i["supers"], i["temper"], i["signs"]]
                            for iid, i in sorted(state.inspections.items()) if i["hive"] == hive_id],
            "treatments": [[tid, t["product"], t["started"]] for tid, t in sorted(state.treatments.items())
                           if t["hive"] == hive_id]})
    except _Refusal as r:
        return r.reply


async def record_inspection(state: State, token: str, hive_id: str, queen_seen: bool, brood_frames: int,
                            supers: int, temper: Temper, signs: Signs, notes: str) -> Dict[str, Any]:
    """Record an inspection of a colony.

    Parameters
    ----------
    token : str
        The session token.
    hive_id : str
        The hive number.
    queen_seen : bool
        Whether the queen was seen.
    brood_frames : int
        Frames with brood on them.
    supers : int
        Honey supers on the hive.
    temper : {"calm", "nervous", "defensive"}
        How the bees behaved.
    signs : {"none", "chalkbrood", "sacbrood", "deformed_wings", "suspected_efb", "suspected_afb"}
        Signs of disease seen.
    notes : str
        The inspector's notes.

    Returns
    -------
    dict
        JSend; ``data`` is the inspection with its number.
    """
    try:
        who = _who(state, token, "apiary_manager")
        h = _hive(state, hive_id)
        if not 0 <= brood_frames <= 20:
            _fail("brood_frames", "count 0 to 20 frames of brood")
        if not 0 <= supers <= 6:
            _fail("supers", "count 0 to 6 supers")
        if not notes.strip():
            _fail("notes", "write what was seen")
        iid = f"IN-{_next(state, 'inspection')}"
        state.inspections[iid] = {"hive": hive_id, "on": TODAY, "queen": bool(queen_seen), "brood": brood_frames,
                                  "supers": supers, "temper": temper, "signs": signs, "notes": notes.strip(),
                                  "by": who["name"]}
        if signs in ("suspected_efb", "suspected_afb") and h["status"] == "active":
            h["status"] = "suspect"
        return _ok({"inspection_id": iid, "hive_id": hive_id, "on": TODAY, "signs": signs, "hive_status": h["status"]})
    except _Refusal as r:
        return r.reply


async def record_treatment(state: State, token: str, hive_id: str, product: Treatment) -> Dict[str, Any]:
    """Record a varroa treatment put on a colony today.

    Parameters
    ----------
    token : str
        The session token.
    hive_id : str
        The hive number.
    product : {"apivar", "apiguard", "oxalic_trickle", "oxalic_vapour", "maqs"}
        The treatment.

    Returns
    -------
    dict
        JSend; ``data`` is the treatment with its number.
    """
    try:
        _who(state, token, "apiary_manager")
        _hive(state, hive_id)
        last = _latest(state, hive_id)
        if product in ("apivar", "apiguard", "oxalic_trickle", "oxalic_vapour") and last and last["supers"] > 0:
            _fail("product", f"{product} does not go on with honey supers on ({hive_id} had {last['supers']} at its last "
                             "inspection); take them off first, or use maqs")
        if product in ("oxalic_trickle", "oxalic_vapour") and (last is None or last["brood"] > 0):
            _fail("product", "oxalic acid works on a broodless colony only")
        for tid, t in state.treatments.items():
            if t["hive"] == hive_id and _days(t["started"], TODAY) < 42:
                _fail("hive_id", f"{hive_id} is already being treated ({tid}, {t['product']})")
        tid = f"VT-{_next(state, 'treatment')}"
        state.treatments[tid] = {"hive": hive_id, "product": product, "started": TODAY}
        return _ok({"treatment_id": tid, "hive_id": hive_id, "product": product, "started": TODAY})
    except _Refusal as r:
        return r.reply


async def move_hive(state: State, token: str, hive_id: str, to_apiary_id: str) -> Dict[str, Any]:
    """Move a colony to another of its owner's apiaries.

    Parameters
    ----------
    token : str
        The session token.
    hive_id : str
        The hive number.
    to_apiary_id : str
        The apiary it goes to.

    Returns
    -------
    dict
        JSend; ``data`` is the colony at its new apiary.
    """
    try:
        _who(state, token, "apiary_manager")
        h = _hive(state, hive_id)
        to = state.apiaries.get(to_apiary_id)
        if to is None:
            _fail("to_apiary_id", f"no apiary {to_apiary_id}")
        if h["apiary"] == to_apiary_id:
            _fail("to_apiary_id", f"{hive_id} is already on {to_apiary_id}")
        if to["owner"] != state.apiaries[h["apiary"]]["owner"]:
            _fail("to_apiary_id", "colonies move between one owner's apiaries; a sale goes through the secretary")
        for aid in (h["apiary"], to_apiary_id):
            notice = _live_notice(state, aid)
            if notice:
                _fail("hive_id", f"{aid} is under standstill notice {notice}: no colony, comb or equipment moves on or "
                                 "off it")
        if h["status"] != "active":
            _fail("hive_id", f"{hive_id} is {h['status']}")
        h["apiary"] = to_apiary_id
        return _ok({"hive_id": hive_id, "apiary_id": to_apiary_id, "site": to["site"], "status": h["status"]})
    except _Refusal as r:
        return r.reply


# --------------------------------------------------------------------------- foul brood


async def report_disease(state: State, token: str, hive_id: str, disease: Disease, notes: str) -> Dict[str, Any]:
    """Report a colony suspected of foul brood to the seasonal bee inspector.

    Parameters
    ----------
    token : str
        The session token.
    hive_id : str
        The hive number.
    disease : {"efb", "afb"}
        European or American foul brood.
    notes : str
        What was seen.

    Returns
    -------
    dict
        JSend; ``data`` is the report with its number.
    """
    try:
        _who(state, token, "apiary_manager")
        h = _hive(state, hive_id)
        last = _latest(state, hive_id)
        if h["status"] != "suspect" or last is None or last["signs"] != f"suspected_{disease}" or _days(
                last["on"], TODAY) > CLEAR_WITHIN_DAYS:
            _fail("hive_id", f"a report follows an inspection in the last {CLEAR_WITHIN_DAYS} days that found signs of "
                             f"{disease.upper()} on {hive_id}")
        if any(r["hive"] == hive_id and r["status"] == "reported" for r in state.reports.values()):
            _fail("hive_id", f"{hive_id} has been reported already")
        if not notes.strip():
            _fail("notes", "say what was seen")
        rid = f"DR-{_next(state, 'report'):04d}"
        state.reports[rid] = {"hive": hive_id, "disease": disease, "status": "reported", "on": TODAY,
                              "notes": notes.strip()}
        return _ok({"report_id": rid, "hive_id": hive_id, "apiary_id": h["apiary"], "disease": disease,
                    "status": "reported"})
    except _Refusal as r:
        return r.reply


async def confirm_disease(state: State, token: str, report_id: str, confirmed: bool, inspector: str) -> Dict[str, Any]:
    """Record the bee inspector's finding on a report. A confirmed case puts the apiary under a standstill
    notice with the report's number.

    Parameters
    ----------
    token : str
        The session token.
    report_id : str
        The report number.
    confirmed : bool
        Whether the inspector confirmed foul brood.
    inspector : str
        The inspector's name.

    Returns
    -------
    dict
        JSend; ``data`` is the report, with the notice number when one was issued.
    """
    try:
        _who(state, token, "apiary_manager")
        r = state.reports.get(report_id)
        if r is None:
            _fail("report_id", f"no report {report_id}")
        if r["status"] != "reported":
            _fail("report_id", f"{report_id} is {r['status'].replace('_', ' ')}")
        if not inspector.strip():
            _fail("inspector", "name the inspector")
        h = state.hives[r["hive"]]
        notice = None
        if confirmed:
            r["status"], h["status"] = "confirmed", "confirmed"
            notice = "DN-" + report_id[3:]
            state.notices[notice] = {"apiary": h["apiary"], "disease": r["disease"], "issued": TODAY, "status": "live"}
        else:
            r["status"], h["status"] = "not_confirmed", "active"
        r["inspector"] = inspector.strip()
        return _ok({"report_id": report_id, "hive_id": r["hive"], "status": r["status"], "notice_id": notice})
    except _Refusal as r:
        return r.reply


async def disease_notices(state: State, token: str, status: Optional[NoticeStatus] = None) -> Dict[str, Any]:
    """The standstill notices, optionally only the live or the lifted ones.

    Parameters
    ----------
    token : str
        The session token.
    status : {"live", "lifted"}, optional
        Only notices in this status.

    Returns
    -------
    dict
        JSend; ``data`` is a table of notice number, apiary, site, disease, issued and status.
    """
    try:
        _who(state, token)
        if status is not None and status not in ("live", "lifted"):
            _fail("status", f"{status!r} is not a notice status")
        return _ok(_table(["notice_id", "apiary_id", "site", "disease", "issued", "status"],
                          [[nid, n["apiary"], state.apiaries[n["apiary"]]["site"], n["disease"], n["issued"],
                            n["status"]] for nid, n in sorted(state.notices.items())
                           if status is None or n["status"] == status]))
    except _Refusal as r:
        return r.reply


async def lift_notice(state: State, token: str, notice_id: str, reason: str) -> Dict[str, Any]:
    """Lift a standstill notice once the apiary is clear.

    Parameters
    ----------
    token : str
        The session token.
    notice_id : str
        The notice number.
    reason : str
        The inspector's clearance, in words.

    Returns
    -------
    dict
        JSend; ``data`` is the notice, lifted.
    """
    try:
        _who(state, token, "apiary_manager")
        n = state.notices.get(notice_id)
        if n is None:
            _fail("notice_id", f"no notice {notice_id}")
        if n["status"] != "live":
            _fail("notice_id", f"{notice_id} has been lifted")
        if _days(n["issued"], TODAY) < NOTICE_MIN_DAYS:
            _fail("notice_id", f"a standstill runs at least {NOTICE_MIN_DAYS} days from {n['issued']}")
        for hid in _hive_ids(state, n["apiary"]):
            last = _latest(state, hid)
            if last is None or last["signs"] != "none" or _days(last["on"], TODAY) > CLEAR_WITHIN_DAYS:
                _fail("notice_id", f"every colony on {n['apiary']} needs a clear inspection in the last "
                                   f"{CLEAR_WITHIN_DAYS} days; {hid} has none")
        if not reason.strip():
            _fail("reason", "record the inspector's clearance")
        n["status"], n["lifted"] = "lifted", TODAY
        for hid in _hive_ids(state, n["apiary"]):
            if state.hives[hid]["status"] == "confirmed":
                state.hives[hid]["status"] = "active"
        return _ok({"notice_id": notice_id, "apiary_id": n["apiary"], "status": "lifted", "lifted": TODAY})
    except _Refusal as r:
        return r.reply


# --------------------------------------------------------------------------- swarms


async def log_swarm_call(state: State, token: str, caller: str, phone: str, location: str, postcode: str,
                         height: Height, description: str) -> Dict[str, Any]:
    """Log a call from the public about a swarm.

    Parameters
    ----------
    token : str
        The session token.
    caller : str
        The caller's name.
    phone : str
        Their phone number.
    location : str
        Where the swarm is, as the caller says.
    postcode : str
        The postcode there.
    height : {"low", "head_height", "ladder", "high"}
        How high it hangs.
    description : str
        What the caller sees.

    Returns
    -------
    dict
        JSend; ``data`` is the call with its swarm number.
    """
    try:
        _who(state, token, "swarm_coordinator", "secretary")
        if not caller.strip() or not location.strip() or not description.strip():
            _fail("location", "a call needs the caller, where the swarm is and what they see")
        sid = f"SW-{_next(state, 'swarm')}"
        state.swarms[sid] = {"caller": caller.strip(), "phone": phone.strip(), "location": location.strip(),
                             "postcode": postcode.strip().upper(), "height": height, "description": description.strip(),
                             "status": "reported", "collector": None, "reported": f"{TODAY} {NOW}", "notes": []}
        return _ok(_swarm_dict(state, sid))
    except _Refusal as r:
        return r.reply


async def swarm_board(state: State, token: str, status: Optional[SwarmStatus] = None) -> Dict[str, Any]:
    """The swarm calls, newest first, optionally in one status.

    Parameters
    ----------
    token : str
        The session token.
    status : SwarmStatus, optional
        reported, assigned, collected, rehomed or closed.

    Returns
    -------
    dict
        JSend; ``data`` is a table of swarm number, location, postcode, height, status, collector and reported.
    """
    try:
        _who(state, token)
        wanted = None
        if status is not None:
            try:
                wanted = SwarmStatus(status).value
            except ValueError:
                _fail("status", f"{status!r} is not a swarm status")
        rows = [[sid, s["location"], s["postcode"], s["height"], s["status"], s["collector"], s["reported"]]
                for sid, s in sorted(state.swarms.items(), reverse=True) if wanted is None or s["status"] == wanted]
        return _ok(_table(["swarm_id", "location", "postcode", "height", "status", "collector", "reported"], rows))
    except _Refusal as r:
        return r.reply


async def swarm_collectors(state: State, token: str, district: Optional[str] = None) -> Dict[str, Any]:
    """The members on the swarm collectors' list, optionally those covering one postcode district.

    Parameters
    ----------
    token : str
        The session token.
    district : str, optional
        A postcode district such as WM2.

    Returns
    -------
    dict
        JSend; ``data`` is a table of member number, name, phone, districts and the call they are out on.
    """
    try:
        _who(state, token)
        rows = []
        for mid, c in sorted(state.collectors.items()):
            if district is not None and district.strip().upper() not in c["areas"]:
                continue
            out = next((sid for sid, s in sorted(state.swarms.items()) if s["collector"] == mid
                        and s["status"] == "assigned"), None)
            rows.append([mid, state.members[mid]["name"], state.members[mid]["phone"], list(c["areas"]), out])
        return _ok(_table(["member_id", "name", "phone", "districts", "out_on"], rows))
    except _Refusal as r:
        return r.reply


def _swarm(state: State, swarm_id: str) -> Dict[str, Any]:
    s = state.swarms.get(swarm_id)
    if s is None:
        _fail("swarm_id", f"no swarm call {swarm_id}")
    return s


async def assign_swarm(state: State, token: str, swarm_id: str, member_id: str) -> Dict[str, Any]:
    """Send a collector from the list to a reported swarm.

    Parameters
    ----------
    token : str
        The session token.
    swarm_id : str
        The swarm number.
    member_id : str
        The collector's member number.

    Returns
    -------
    dict
        JSend; ``data`` is the call, assigned.
    """
    try:
        _who(state, token, "swarm_coordinator")
        s = _swarm(state, swarm_id)
        if s["status"] != "reported":
            _fail("swarm_id", f"{swarm_id} is {s['status']}")
        c = state.collectors.get(member_id)
        if c is None:
            _fail("member_id", f"{member_id} is not on the collectors' list")
        m = state.members[member_id]
        if s["height"] == "high":
            _fail("swarm_id", "volunteers do not go above a ladder's reach; refer the caller to a specialist")
        if HEIGHTS.index(s["height"]) > HEIGHTS.index(c["max"]):
            _fail("member_id", f"{m['name']} collects up to {c['max'].replace('_', ' ')}; this one is "
                               f"{s['height'].replace('_', ' ')}")
        if s["postcode"].split()[0] not in c["areas"]:
            _fail("member_id", f"{m['name']} covers {', '.join(c['areas'])}")
        _paid_up(m, member_id)
        busy = next((sid for sid, x in state.swarms.items() if x["collector"] == member_id and x["status"] == "assigned"),
                    None)
        if busy:
            _fail("member_id", f"{m['name']} is out on {busy}; one call at a time")
        s["status"], s["collector"] = "assigned", member_id
        return _ok(_swarm_dict(state, swarm_id))
    except _Refusal as r:
        return r.reply


async def unassign_swarm(state: State, token: str, swarm_id: str, reason: str) -> Dict[str, Any]:
    """Take a collector off a call, which goes back to reported.

    Parameters
    ----------
    token : str
        The session token.
    swarm_id : str
        The swarm number.
    reason : str
        Why.

    Returns
    -------
    dict
        JSend; ``data`` is the call, reported again.
    """
    try:
        _who(state, token, "swarm_coordinator")
        s = _swarm(state, swarm_id)
        if s["status"] != "assigned":
            _fail("swarm_id", f"{swarm_id} has no collector on it ({s['status']})")
        if not reason.strip():
            _fail("reason", "say why")
        s["notes"].append(f"{state.members[s['collector']]['name']} taken off: {reason.strip()}")
        s["status"], s["collector"] = "reported", None
        return _ok(_swarm_dict(state, swarm_id))
    except _Refusal as r:
        return r.reply


async def swarm_collected(state: State, token: str, swarm_id: str, notes: str) -> Dict[str, Any]:
    """Record that the collector has the swarm boxed.

    Parameters
    ----------
    token : str
        The session token.
    swarm_id : str
        The swarm number.
    notes : str
        The collector's notes (size, temper, where it is now).

    Returns
    -------
    dict
        JSend; ``data`` is the call, collected.
    """
    try:
        _who(state, token, "swarm_coordinator")
        s = _swarm(state, swarm_id)
        if s["status"] != "assigned":
            _fail("swarm_id", f"{swarm_id} has no collector on it ({s['status']})")
        if not notes.strip():
            _fail("notes", "note the swarm and where it is now")
        s["status"] = "collected"
        s["notes"].append(notes.strip())
        return _ok(_swarm_dict(state, swarm_id))
    except _Refusal as r:
        return r.reply


async def close_swarm_call(state: State, token: str, swarm_id: str, outcome: Outcome, notes: str) -> Dict[str, Any]:
    """Close a call that will not be collected.

    Parameters
    ----------
    token : str
        The session token.
    swarm_id : str
        The swarm number.
    outcome : {"not_honey_bees", "moved_on", "inaccessible", "duplicate"}
        Why it closes.
    notes : str
        What was found or said.

    Returns
    -------
    dict
        JSend; ``data`` is the call, closed.
    """
    try:
        _who(state, token, "swarm_coordinator")
        s = _swarm(state, swarm_id)
        if s["status"] not in ("reported", "assigned"):
            _fail("swarm_id", f"{swarm_id} is {s['status']}")
        if not notes.strip():
            _fail("notes", "note what was found")
        s["status"], s["collector"] = "closed", None
        s["notes"].append(f"Closed ({outcome}): {notes.strip()}")
        return _ok(_swarm_dict(state, swarm_id))
    except _Refusal as r:
        return r.reply


async def rehome_swarm(state: State, token: str, swarm_id: str, apiary_id: str, hive_type: HiveType) -> Dict[str, Any]:
    """Hive a collected swarm on the apiary of a member waiting for bees; they leave the waiting list.

    Parameters
    ----------
    token : str
        The session token.
    swarm_id : str
        The swarm number.
    apiary_id : str
        The apiary it goes to.
    hive_type : {"national", "wbc", "langstroth", "top_bar", "warre", "nucleus"}
        The hive it goes into.

    Returns
    -------
    dict
        JSend; ``data`` holds the swarm, the member and the new colony's hive number.
    """
    try:
        _who(state, token, "swarm_coordinator")
        s = _swarm(state, swarm_id)
        if s["status"] != "collected":
            _fail("swarm_id", f"{swarm_id} is {s['status']}; a swarm is rehomed once it is boxed")
        a = _apiary(state, apiary_id)
        owner = a["owner"]
        if owner == "ASSOC" or owner not in state.waiting:
            _fail("apiary_id", f"swarms go to members on the waiting list; {_owner_name(state, owner)} is not on it")
        m = state.members[owner]
        _paid_up(m, owner)
        if m["class"] not in ("full", "family"):
            _fail("apiary_id", "bees are kept by full (or family) members, whose subscription carries the bee "
                               "disease insurance")
        notice = _live_notice(state, apiary_id)
        if notice:
            _fail("apiary_id", f"{apiary_id} is under standstill notice {notice}")
        hid = f"HV-{_next(state, 'hive'):04d}"
        state.hives[hid] = {"apiary": apiary_id, "type": hive_type, "source": "swarm", "status": "active",
                            "added": TODAY}
        s["status"] = "rehomed"
        s["notes"].append(f"Rehomed with {m['name']} as {hid}")
        del state.waiting[owner]
        return _ok({"swarm_id": swarm_id, "member_id": owner, "member": m["name"], "apiary_id": apiary_id,
                    "hive_id": hid, "status": "rehomed"})
    except _Refusal as r:
        return r.reply


# --------------------------------------------------------------------------- the extraction room


async def extraction_slots(state: State, token: str, date: Optional[str] = None) -> Dict[str, Any]:
    """The honey extraction room's sessions from a day on (default today), with their bookings.

    Parameters
    ----------
    token : str
        The session token.
    date : str, optional
        The first day to show (YYYY-MM-DD).

    Returns
    -------
    dict
        JSend; ``data`` is a table of slot number, date, session, the extractors free and the bookings as
        rows [booking_id, member, extractor, supers, status].
    """
    try:
        _who(state, token)
        start = date or TODAY
        try:
            datetime.date.fromisoformat(start)
        except ValueError:
            _fail("date", f"{date!r} is not a date (YYYY-MM-DD)")
        rows = []
        for xid, x in sorted(state.slots.items()):
            if x["date"] < start:
                continue
            books = [[bid, state.members[b["member"]]["name"], b["extractor"], b["supers"], b["status"]]
                     for bid, b in sorted(state.bookings.items()) if b["slot"] == xid and b["status"] != "cancelled"]
            used = {b[2] for b in books}
            rows.append([xid, x["date"], x["session"], [e for e in EXTRACTORS if e not in used], books])
        return _ok(_table(["slot_id", "date", "session", "free", "bookings"], rows))
    except _Refusal as r:
        return r.reply


async def book_extraction(state: State, token: str, member_id: str, slot_id: str, extractor: Extractor,
                          supers: int) -> Dict[str, Any]:
    """Book a member an extractor in a session of the honey extraction room.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member number.
    slot_id : str
        The session's slot number.
    extractor : {"radial_9", "tangential_4"}
        Which extractor.
    supers : int
        How many supers they will bring.

    Returns
    -------
    dict
        JSend; ``data`` is the booking with its number and the room fee.
    """
    try:
        _who(state, token, "equipment_officer")
        m = _member(state, member_id)
        x = state.slots.get(slot_id)
        if x is None:
            _fail("slot_id", f"no slot {slot_id}")
        if x["date"] < TODAY or (x["date"] == TODAY and SESSIONS[x["session"]] <= NOW):
            _fail("slot_id", f"{slot_id} has started; book a session to come")
        if extractor not in EXTRACTORS:
            _fail("extractor", f"{extractor!r} is not one of the room's extractors")
        _paid_up(m, member_id)
        notice = _member_notice(state, member_id)
        if notice:
            _fail("member_id", f"{m['name']}'s apiary is under standstill notice {notice}; no honey or supers leave it")
        if not 1 <= supers <= MAX_SUPERS:
            _fail("supers", f"a session takes 1 to {MAX_SUPERS} supers")
        for bid, b in state.bookings.items():
            if b["slot"] == slot_id and b["status"] != "cancelled":
                if b["extractor"] == extractor:
                    _fail("extractor", f"the {extractor} is booked in {slot_id} ({bid})")
                if b["member"] == member_id:
                    _fail("member_id", f"{m['name']} is already booked in {slot_id} ({bid})")
        bid = f"EB-{_next(state, 'booking'):04d}"
        state.bookings[bid] = {"slot": slot_id, "member": member_id, "extractor": extractor, "supers": supers,
                               "status": "booked", "fee": ROOM_FEE}
        return _ok({"booking_id": bid, "slot_id": slot_id, "date": x["date"], "session": x["session"],
                    "member_id": member_id, "extractor": extractor, "supers": supers, "fee": ROOM_FEE,
                    "status": "booked"})
    except _Refusal as r:
        return r.reply


async def cancel_extraction(state: State, token: str, booking_id: str, reason: str) -> Dict[str, Any]:
    """Cancel an extraction room booking.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking number.
    reason : str
        Why.

    Returns
    -------
    dict
        JSend; ``data`` is the booking, cancelled, with the fee refunded.
    """
    try:
        _who(state, token, "equipment_officer")
        b = state.bookings.get(booking_id)
        if b is None:
            _fail("booking_id", f"no booking {booking_id}")
        if b["status"] != "booked":
            _fail("booking_id", f"{booking_id} is {b['status']}")
        if not reason.strip():
            _fail("reason", "say why")
        b["status"], b["reason"] = "cancelled", reason.strip()
        return _ok({"booking_id": booking_id, "status": "cancelled", "refunded": b["fee"]})
    except _Refusal as r:
        return r.reply


async def extraction_done(state: State, token: str, booking_id: str, jars: int, cleaned: bool) -> Dict[str, Any]:
    """Sign a booking off once the member has extracted and left the room.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking number.
    jars : int
        How many 1 lb jars of honey they took away.
    cleaned : bool
        Whether the extractor and the room were left clean.

    Returns
    -------
    dict
        JSend; ``data`` is the booking, done.
    """
    try:
        _who(state, token, "equipment_officer")
        b = state.bookings.get(booking_id)
        if b is None:
            _fail("booking_id", f"no booking {booking_id}")
        if b["status"] != "booked":
            _fail("booking_id", f"{booking_id} is {b['status']}")
        if state.slots[b["slot"]]["date"] != TODAY:
            _fail("booking_id", f"{b['slot']} is on {state.slots[b['slot']]['date']}; sign it off on the day")
        if not cleaned:
            _fail("cleaned", "the room is signed off clean: extractor washed, floor mopped, bins emptied")
        if not 1 <= jars <= 400:
            _fail("jars", "count the jars, 1 to 400")
        b["status"], b["jars"] = "done", jars
        return _ok({"booking_id": booking_id, "status": "done", "jars": jars})
    except _Refusal as r:
        return r.reply


# --------------------------------------------------------------------------- equipment loans


async def lend_equipment(state: State, token: str, member_id: str, items: List[str], days: int,
                         deposit: float) -> Dict[str, Any]:
    """Lend a member equipment from the store against a deposit.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member number.
    items : list of str
        The equipment codes.
    days : int
        How many days the loan is for.
    deposit : float
        The deposit taken.

    Returns
    -------
    dict
        JSend; ``data`` is the loan with its number, its items as rows [code, item] and the date due.
    """
    try:
        _who(state, token, "equipment_officer")
        m = _member(state, member_id)
        if not items or len(set(items)) != len(items):
            _fail("items", "list each item once")
        for code in items:
            if code not in state.equipment:
                _fail("items", f"{code!r} is not in the equipment store")
        _paid_up(m, member_id)
        notice = _member_notice(state, member_id)
        if notice:
            _fail("member_id", f"{m['name']}'s apiary is under standstill notice {notice}; shared equipment stays away")
        out = {c: sum(1 for ln in state.loans.values() if ln["status"] == "out" for x in ln["items"] if x == c)
               for c in items}
        for code in items:
            if state.equipment[code]["stock"] - out[code] < 1:
                _fail("items", f"{code} is all out on loan")
        if "EQ-OXV" in items and not m["varroa_course"]:
            _fail("items", "the vaporiser goes only to members who have done the association's varroa course")
        if not 1 <= days <= MAX_LOAN_DAYS:
            _fail("days", f"a loan is for 1 to {MAX_LOAN_DAYS} days")
        due = sum(state.equipment[c]["deposit"] for c in items)
        if abs(deposit - due) > 1e-9:
            _fail("deposit", f"the deposit on these items is {due:.2f}")
        lid = f"EL-{_next(state, 'loan'):04d}"
        back = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=days)).isoformat()
        state.loans[lid] = {"member": member_id, "items": list(items), "out": TODAY, "due": back, "deposit": due,
                            "status": "out"}
        return _ok({"loan_id": lid, "member_id": member_id, "items": [[c, state.equipment[c]["item"]] for c in items],
                    "due": back, "deposit": due, "status": "out"})
    except _Refusal as r:
        return r.reply


async def loans_out(state: State, token: str, overdue_only: bool = False) -> Dict[str, Any]:
    """The equipment out on loan.

    Parameters
    ----------
    token : str
        The session token.
    overdue_only : bool
        Only loans past their due date.

    Returns
    -------
    dict
        JSend; ``data`` is a table of loan number, member number, name, items, due and whether overdue.
    """
    try:
        _who(state, token)
        rows = [[lid, ln["member"], state.members[ln["member"]]["name"], list(ln["items"]), ln["due"], ln["due"] < TODAY]
                for lid, ln in sorted(state.loans.items()) if ln["status"] == "out"
                and (not overdue_only or ln["due"] < TODAY)]
        return _ok(_table(["loan_id", "member_id", "name", "items", "due", "overdue"], rows))
    except _Refusal as r:
        return r.reply


async def return_equipment(state: State, token: str, loan_id: str, cleaned: bool, condition: str) -> Dict[str, Any]:
    """Take equipment back; the deposit is refunded when it comes back cleaned.

    Parameters
    ----------
    token : str
        The session token.
    loan_id : str
        The loan number.
    cleaned : bool
        Whether it came back cleaned (and sterilised, for anything that touched bees or comb).
    condition : str
        The state it came back in.

    Returns
    -------
    dict
        JSend; ``data`` is the loan, returned, and the deposit refunded.
    """
    try:
        _who(state, token, "equipment_officer")
        ln = state.loans.get(loan_id)
        if ln is None:
            _fail("loan_id", f"no loan {loan_id}")
        if ln["status"] != "out":
            _fail("loan_id", f"{loan_id} has come back")
        if not condition.strip():
            _fail("condition", "note the condition it came back in")
        ln["status"], ln["condition"] = "returned", condition.strip()
        return _ok({"loan_id": loan_id, "status": "returned", "deposit_refunded": ln["deposit"] if cleaned else 0.0})
    except _Refusal as r:
        return r.reply


TOOLS = [
    sign_in, sign_out, membership_rates, equipment_list, find_member, join_member, update_member, member_record,
    pay_subscription, notify_member, mentors, assign_mentor, bees_waiting_list, join_bees_waiting_list,
    register_apiary, apiary_list, register_hive, hive_record, record_inspection, record_treatment, move_hive,
    report_disease, confirm_disease, disease_notices, lift_notice, log_swarm_call, swarm_board, swarm_collectors,
    assign_swarm, unassign_swarm, swarm_collected, close_swarm_call, rehome_swarm, extraction_slots, book_extraction,
    cancel_extraction, extraction_done, lend_equipment, loans_out, return_equipment,
]

FIXTURES = {
    "association": {"name": "Wealdmere & District Beekeepers' Association",
                    "office": "The Bee Barn, Old Rectory Farm, Wealdmere", "today": "Saturday 18 June 2033, 10:00"},
    "officers": [
        {"name": "Sue Hartley", "role": "secretary", "username": "sue.h", "password": "Drone-Comb-14"},
        {"name": "Ken Adebayo", "role": "swarm coordinator", "username": "ken.a", "password": "Bait-Hive-62"},
        {"name": "Rosa Marchetti", "role": "equipment officer", "username": "rosa.m", "password": "Honey-Press-8"},
        {"name": "Ian Dunmore", "role": "apiary manager", "username": "ian.d", "password": "Queen-Cup-31"},
        {"name": "Gwen Pryce", "role": "chair", "username": "gwen.p", "password": "Wealdmere-1946"},
    ],
    "new_member": {"name": "Mr Hamid Rahimi", "address": "41 Sawyers Row, Wealdmere", "postcode": "WM2 6SR",
                   "phone": "07700 902488", "membership": "full", "email_later": "hamid.rahimi@mail.example",
                   "apiary": {"site": "Plot 7, Pound Lane allotments", "postcode": "WM2 7PL", "grid_ref": "TQ 412 338"},
                   "home": {"site": "Back garden, 41 Sawyers Row", "postcode": "WM2 6SR", "grid_ref": "TQ 409 341"},
                   "wants": "bees this summer (he has finished the beginners' course), a mentor, and to borrow a "
                            "swarm kit"},
    "swarm_call": {"caller": "Mrs Nadia Kowalski", "phone": "07700 902590",
                   "location": "Hanging from the apple tree in the front garden, 6 Mill Lane, Wealdmere",
                   "postcode": "WM2 4ML", "height": "head height",
                   "description": "about the size of a rugby ball; it arrived an hour ago"},
    "office_notes": [
        "Mr Ben Lowther will pay his subscription by cheque and wants the tangential extractor this afternoon",
        "Ian to look at Priya Shah's hive at Brook Road: she thinks the brood looks wrong",
        "The inspector says Colin Fairbrother's Church Farm site can come off standstill once his second "
        "colony is checked",
        "Colin wants his Church Farm colony moved back to the home garden when it is allowed",
        "Derek Oakes still has the refractometer; it was due back on the 15th",
        "Luke Ferris would like bees next year and asks for a mentor",
    ],
}

_TOKEN = "auth: session token (token in sign_in's data)"
PUBLIC = ("sign_in", "membership_rates", "equipment_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
MEMBER_CONSUMERS = ["update_member", "member_record", "pay_subscription", "notify_member", "assign_mentor",
                    "join_bees_waiting_list", "register_apiary", "lend_equipment"]
APIARY_CONSUMERS = ["register_hive", "rehome_swarm"]
HIVE_CONSUMERS = ["hive_record", "record_inspection", "record_treatment", "move_hive", "report_disease"]
SWARM_CONSUMERS = ["assign_swarm", "unassign_swarm", "swarm_collected", "close_swarm_call", "rehome_swarm"]
_MEMBER = "id lookup/create: member number (member_id in join_member's data, or of a find_member row)"
_APIARY = "id lookup/create: apiary number (apiary_id in register_apiary's data, or of an apiary_list row)"
_HIVE = "id lookup/create: hive number (hive_id in register_hive's data, or in an apiary_list row's hives)"
_SWARM = "id lookup/create: swarm number (swarm_id in log_swarm_call's data, or of a swarm_board row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("join_member|find_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [("register_apiary|apiary_list", c, _APIARY) for c in APIARY_CONSUMERS]
    + [("register_hive|apiary_list", c, _HIVE) for c in HIVE_CONSUMERS]
    + [("log_swarm_call|swarm_board", c, _SWARM) for c in SWARM_CONSUMERS]
    + [
        ("find_member", "book_extraction", "id lookup: member number (member_id of a find_member row)"),
        ("register_apiary", "move_hive", "id create: the apiary moved to (apiary_id in register_apiary's data)"),
        ("mentors", "assign_mentor", "id lookup: mentor (member_id of a mentors row)"),
        ("swarm_collectors", "assign_swarm", "id lookup: collector (member_id of a swarm_collectors row)"),
        ("extraction_slots", "book_extraction", "id lookup: room session (slot_id of an extraction_slots row)"),
        ("equipment_list", "lend_equipment", "vocabulary: equipment codes (code of equipment_list rows)"),
        ("report_disease", "confirm_disease", "id create: disease report (report_id in report_disease's data)"),
        ("disease_notices", "lift_notice", "id lookup: standstill notice (notice_id of a disease_notices row)"),
        ("book_extraction|extraction_slots", "extraction_done",
         "id lookup/create: room booking (booking_id in book_extraction's data, or in an extraction_slots row's "
         "bookings)"),
        ("book_extraction", "cancel_extraction", "id create: room booking (booking_id in book_extraction's data)"),
        ("lend_equipment|loans_out", "return_equipment",
         "id lookup/create: loan number (loan_id in lend_equipment's data, or of a loans_out row)"),
        ("pay_subscription", "book_extraction", "state: the year's subscription paid"),
        ("pay_subscription", "lend_equipment", "state: the year's subscription paid"),
        ("pay_subscription", "join_bees_waiting_list", "state: the year's subscription paid"),
        ("pay_subscription", "assign_mentor", "state: the year's subscription paid"),
        ("record_inspection", "report_disease", "state: a recent inspection that found signs of foul brood"),
        ("record_inspection", "lift_notice", "state: every colony on the site inspected clear lately"),
        ("record_inspection", "record_treatment", "state: the supers off at the last inspection"),
        ("assign_swarm", "swarm_collected", "state: a collector on the call"),
        ("assign_swarm", "unassign_swarm", "state: a collector on the call"),
        ("swarm_collected", "rehome_swarm", "state: the swarm boxed"),
        ("join_bees_waiting_list", "rehome_swarm", "state: the member on the waiting list"),
        ("update_member", "notify_member", "state: an e-mail address on file"),
        ("lift_notice", "move_hive", "state: no standstill on the apiary"),
    ]
)

PLAUSIBLE = {
    ("join_member", "find_member"), ("join_member", "book_extraction"), ("join_member", "bees_waiting_list"),
    ("join_member", "mentors"), ("member_record", "return_equipment"), ("member_record", "cancel_extraction"),
    ("member_record", "extraction_done"), ("extraction_slots", "cancel_extraction"), ("member_record", "register_hive"), ("member_record", "record_inspection"),
    ("member_record", "hive_record"), ("member_record", "move_hive"), ("member_record", "pay_subscription"),
    ("member_record", "rehome_swarm"), ("bees_waiting_list", "rehome_swarm"), ("bees_waiting_list", "member_record"),
    ("bees_waiting_list", "notify_member"), ("loans_out", "notify_member"), ("loans_out", "member_record"),
    ("swarm_collectors", "notify_member"), ("mentors", "notify_member"), ("find_member", "apiary_list"),
    ("register_apiary", "apiary_list"), ("register_apiary", "member_record"), ("register_apiary", "bees_waiting_list"),
    ("register_hive", "apiary_list"), ("register_hive", "member_record"), ("rehome_swarm", "hive_record"),
    ("rehome_swarm", "record_inspection"), ("rehome_swarm", "record_treatment"), ("rehome_swarm", "move_hive"),
    ("rehome_swarm", "report_disease"), ("rehome_swarm", "apiary_list"), ("rehome_swarm", "bees_waiting_list"),
    ("rehome_swarm", "swarm_board"), ("hive_record", "record_treatment"), ("hive_record", "report_disease"),
    ("record_inspection", "hive_record"), ("record_inspection", "move_hive"), ("record_treatment", "hive_record"),
    ("report_disease", "hive_record"), ("confirm_disease", "disease_notices"), ("confirm_disease", "lift_notice"),
    ("confirm_disease", "apiary_list"), ("confirm_disease", "book_extraction"), ("confirm_disease", "lend_equipment"),
    ("confirm_disease", "register_hive"), ("confirm_disease", "rehome_swarm"), ("disease_notices", "apiary_list"),
    ("disease_notices", "move_hive"), ("lift_notice", "disease_notices"), ("lift_notice", "apiary_list"),
    ("lift_notice", "book_extraction"), ("lift_notice", "lend_equipment"), ("lift_notice", "register_hive"),
    ("lift_notice", "rehome_swarm"), ("move_hive", "apiary_list"), ("log_swarm_call", "swarm_board"),
    ("assign_swarm", "swarm_board"), ("assign_swarm", "swarm_collectors"), ("unassign_swarm", "assign_swarm"),
    ("unassign_swarm", "swarm_board"), ("swarm_collected", "swarm_board"), ("close_swarm_call", "swarm_board"),
    ("swarm_board", "swarm_collectors"), ("book_extraction", "extraction_slots"), ("book_extraction", "member_record"),
    ("cancel_extraction", "extraction_slots"), ("cancel_extraction", "book_extraction"),
    ("extraction_done", "extraction_slots"), ("lend_equipment", "loans_out"), ("lend_equipment", "equipment_list"),
    ("lend_equipment", "member_record"), ("return_equipment", "loans_out"), ("return_equipment", "equipment_list"),
    ("return_equipment", "lend_equipment"), ("pay_subscription", "member_record"), ("pay_subscription", "find_member"),
    ("pay_subscription", "register_hive"), ("pay_subscription", "rehome_swarm"), ("pay_subscription", "assign_swarm"),
    ("update_member", "member_record"), ("join_bees_waiting_list", "bees_waiting_list"),
    ("assign_mentor", "mentors"), ("assign_mentor", "member_record"), ("find_member", "loans_out"),
}
