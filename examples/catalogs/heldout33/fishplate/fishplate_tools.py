"""Fishplate: the officers of the Wharfedale Model Railway Society and its Otterby exhibition (38 calls).

Async functions over an in-memory ``State`` of the society on Friday 16 April 2032 at 09:00, the setting-up day of
its annual exhibition at Otterby Leisure Centre (Saturday 17 and Sunday 18 April). The secretary finds and enrols
members (juniors with a guardian who is a member), keeps their details, reads a member's record, writes to members,
takes resignations, keeps the society's register of members' DCC locomotives (each with its own decoder address)
and registers members' layouts; the treasurer takes subscriptions, traders' stand fees and pays exhibitors'
travelling expenses. Members book places at the running sessions on the society's own layout in the clubroom with
their registered locomotives, and cancel them. The exhibition manager invites layouts to the show into a hall,
confirms them with their crews, moves them between halls, withdraws them, issues the crews' passes and gives a
layout its mains sockets once it has passed its electrical (PAT) test; the stewards check layouts in as they arrive
and the society's PAT tester records the test. The exhibition manager registers traders, keeps their public
liability insurance on file and books their stands, and the secretary keeps the stewarding rota. The chair may do
everything. The show's details (halls, opening times, ticket prices) and the traders' stand plan are public.

Every tool is an ``async def`` without a decorator; each checks its session and role itself (``_check``) and
returns early with its refusal. A refusal is returned as a string that starts with ``Error:`` (``"Error: Brackenfell
is not checked in; the PAT test is done on the layout as it stands in the hall"``), a convention the runtime reads
by itself (recorded ``rejected``); the module declares no ``FAILURE``. Replies are plain dicts, with rows nested as
lists of lists (a member's subscriptions, locomotives, layouts and duties, a layout's shows, the show's days, halls
and tickets, a PAT test's items, an exhibit's crew), and lists of rows as lists of lists (members, sessions,
layouts, exhibits, traders, stands, stand bookings, the rota); bare values answer a subscription paid (what is
still owed), a stand fee (the balance), expenses paid (the amount) and passes issued (a list of pass numbers);
sentences with an id in them answer a notice, a resignation, a running booking cancelled, an exhibit withdrawn, a
stand cancelled, a duty released and a sign-out. Annotations are spelled with ``typing`` (``Optional``, ``List``,
``Dict``, ``Union``, ``Literal``) and evaluated at definition, with a ``str`` ``Enum`` input and filter
(``Gauge``), a plain ``Enum`` input (``PatResult``) and a plain ``Enum`` filter (``Post``), ``Literal`` inputs
(membership, payment method, trade) and ``Literal`` filters (exhibit status, rota day). Google docstrings. Ids
look alike: member ``MB-1050``, locomotive ``LC-215``, running booking ``RB-610``, layout ``LY-28``, exhibit
``EX-306``, trader ``TR-16``, stand booking ``SB-503``, notice ``NT-8840``; running session ``RS-42``; duty
``DU-702``; stand ``F4``; hall ``SPORTS``; pass ``P32-0118``. That a junior needs a guardian who is a member, that
address 3 is a decoder's factory address and that addresses are unique in the register, that the clubroom layout
is OO and takes only OO and HO locomotives, each hall's longest layout, that the foyer is for traders, a crew at
least as large as the layout needs, the most sockets a layout gets, the most miles paid, the cover a trader's
insurance must give, one stand per trader, that a junior takes no cash-handling duty and that nobody is on two
duties at once are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Union

TODAY = "2032-04-16"  # a Friday, the setting-up day
NOW = "09:00"
SHOW_DAYS = ["2032-04-17", "2032-04-18"]
YEAR = 2032
SUBS = {"full": 36.0, "junior": 12.0, "family": 48.0, "country": 18.0}
HALLS = {"MAIN": ("Main Hall", 9.0), "SPORTS": ("Sports Hall", 7.0), "STUDIO": ("Dance Studio", 4.0),
         "FOYER": ("Foyer", 0.0)}
STANDS = {"F1": ("FOYER", 2, True), "F2": ("FOYER", 2, True), "F3": ("FOYER", 2, False), "F4": ("FOYER", 2, False),
          "F5": ("FOYER", 2, False), "F6": ("FOYER", 2, False), "S1": ("SPORTS", 3, True), "S2": ("SPORTS", 3, False),
          "S3": ("SPORTS", 3, False), "S4": ("SPORTS", 3, False)}
TABLE_FEE, POWER_FEE = 20.0, 10.0
PENCE_PER_MILE, MAX_MILES, MAX_SOCKETS, MIN_COVER_M = 0.45, 300, 4, 5
SESSION_PLACES = 4
CLUB_LAYOUT = "Wharfedale Main Line (OO, in the clubroom)"


class Gauge(str, Enum):
    N = "N"
    OO = "OO"
    HO = "HO"
    O = "O"  # noqa: E741 - the gauge's name
    G = "G"


class PatResult(Enum):
    PASS = "pass"
    FAIL = "fail"


class Post(Enum):
    DOOR = "door"
    RAFFLE = "raffle"
    CAR_PARK = "car_park"
    CAFE = "cafe"
    STEWARD = "steward"


Membership = Literal["full", "junior", "family", "country"]
PayMethod = Literal["cash", "card", "bank"]
Trade = Literal["new_models", "second_hand", "scenery", "books", "tools"]
ExhibitStatus = Literal["invited", "confirmed", "checked_in", "withdrawn"]
Day = Literal["saturday", "sunday"]
Reply = Union[Dict[str, Any], str]


# --------------------------------------------------------------------------- state


class State:
    """The Wharfedale Model Railway Society on Friday 16 April 2032 at 09:00."""

    def __init__(self) -> None:
        self.officers = {
            "margaret.h": {"name": "Margaret Holt", "password": "Deltic-55022", "role": "secretary"},
            "raj.p": {"name": "Raj Patel", "password": "Coal-Tank-1054", "role": "treasurer"},
            "gordon.b": {"name": "Gordon Bell", "password": "Flying-Scot-4472", "role": "exhibition"},
            "alan.p": {"name": "Alan Pryor", "password": "Brush-Type-4", "role": "steward"},
            "sue.k": {"name": "Sue Kaye", "password": "Mallard-126", "role": "chair"},
        }
        self.tokens: Dict[str, dict] = {}

        def member(name, kind, phone, email, paid, guardian=None):
            return {"name": name, "membership": kind, "phone": phone, "email": email, "guardian": guardian,
                    "subs": {YEAR: paid}, "status": "member"}

        self.members = {
            "MB-1031": member("Mr Geoffrey Lumb", "full", "07700 900631", "geoff.lumb@mail.example", 36.0),
            "MB-1033": member("Mrs Helen Tordoff", "full", "07700 900633", "helen.tordoff@mail.example", 36.0),
            "MB-1036": member("Mr Dev Mistry", "full", "07700 900636", "dev.mistry@mail.example", 0.0),
            "MB-1038": member("Ms Carol Ingham", "country", "07700 900638", "carol.ingham@mail.example", 18.0),
            "MB-1040": member("Mr Patrick Quinn", "full", "07700 900640", "pat.quinn@mail.example", 36.0),
            "MB-1042": member("Oliver Quinn", "junior", "07700 900640", "pat.quinn@mail.example", 12.0, "MB-1040"),
            "MB-1044": member("Mr Stan Wilde", "full", "07700 900644", "stan.wilde@mail.example", 36.0),
            "MB-1045": member("Ms Bryony Hale", "family", "07700 900645", "bryony.hale@mail.example", 48.0),
            "MB-1047": member("Mr Tony Greaves", "full", "07700 900647", "tony.greaves@mail.example", 20.0),
        }
        self.locos = {
            "LC-208": {"member": "MB-1031", "description": "LNER A3 4472 Flying Scotsman (Hornby)", "dcc": 4472,
                       "gauge": "OO"},
            "LC-209": {"member": "MB-1031", "description": "BR class 37 37403 (Bachmann)", "dcc": 3740, "gauge": "OO"},
            "LC-211": {"member": "MB-1044", "description": "BR class 08 shunter 08605 (Graham Farish)", "dcc": 8605,
                       "gauge": "N"},
            "LC-212": {"member": "MB-1040", "description": "GWR 57xx pannier tank 5764 (Bachmann)", "dcc": 5764,
                       "gauge": "OO"},
            "LC-214": {"member": "MB-1033", "description": "Class 66 66001 (Hornby)", "dcc": 66, "gauge": "OO"},
        }
        self.sessions = {
            "RS-41": {"date": "2032-04-20", "start": "19:00", "note": "Tuesday club night"},
            "RS-42": {"date": "2032-04-22", "start": "19:00", "note": "Thursday club night"},
            "RS-43": {"date": "2032-04-24", "start": "10:00", "note": "Saturday running morning"},
        }
        self.running = {
            "RB-603": {"session": "RS-41", "member": "MB-1031", "locos": ["LC-208"], "status": "booked"},
            "RB-605": {"session": "RS-43", "member": "MB-1040", "locos": ["LC-212"], "status": "booked"},
            "RB-606": {"session": "RS-43", "member": "MB-1033", "locos": ["LC-214"], "status": "booked"},
        }
        self.layouts = {
            "LY-21": {"name": "Thornby Junction", "gauge": "OO", "length": 6.0, "depth": 2.5, "operators": 4,
                      "owner": "MB-1031", "club": None},
            "LY-22": {"name": "Otterby Goods Yard", "gauge": "N", "length": 2.4, "depth": 0.6, "operators": 2,
                      "owner": "MB-1044", "club": None},
            "LY-23": {"name": "Slate Quay", "gauge": "O", "length": 3.6, "depth": 1.2, "operators": 3,
                      "owner": "MB-1038", "club": None},
            "LY-24": {"name": "Brackenfell", "gauge": "OO", "length": 4.2, "depth": 1.8, "operators": 3,
                      "owner": "MB-1033", "club": None},
            "LY-25": {"name": "Kettlewell Road", "gauge": "HO", "length": 3.0, "depth": 0.9, "operators": 2,
                      "owner": "MB-1040", "club": None},
            "LY-26": {"name": "Little Wenlock", "gauge": "N", "length": 1.8, "depth": 0.5, "operators": 1,
                      "owner": "MB-1042", "club": None},
            "LY-27": {"name": "Hebden Sidings", "gauge": "OO", "length": 4.8, "depth": 1.0, "operators": 3,
                      "owner": None, "club": "Calder Valley MRS"},
        }
        self.exhibits = {
            "EX-301": {"layout": "LY-21", "hall": "MAIN", "status": "checked_in",
                       "crew": ["Geoffrey Lumb", "Stan Wilde", "Raj Patel", "Neil Lumb"], "arrived": "2032-04-15 18:40",
                       "pat": "pass", "pat_items": [["12 V controller", "pass"], ["Extension reel", "pass"]],
                       "sockets": 2, "passes": ["P32-0101", "P32-0102", "P32-0103", "P32-0104"], "expenses": None},
            "EX-302": {"layout": "LY-24", "hall": "SPORTS", "status": "confirmed",
                       "crew": ["Helen Tordoff", "Mark Tordoff", "Bryony Hale"], "arrived": None, "pat": None,
                       "pat_items": [], "sockets": 0, "passes": [], "expenses": None},
            "EX-303": {"layout": "LY-23", "hall": "STUDIO", "status": "invited", "crew": [], "arrived": None,
                       "pat": None, "pat_items": [], "sockets": 0, "passes": [], "expenses": None},
            "EX-304": {"layout": "LY-27", "hall": "MAIN", "status": "checked_in",
                       "crew": ["Ian Sutcliffe", "Ruth Sutcliffe", "Dave Marsden"], "arrived": "2032-04-16 08:30",
                       "pat": None, "pat_items": [], "sockets": 0, "passes": ["P32-0105", "P32-0106", "P32-0107"],
                       "expenses": None},
            "EX-305": {"layout": "LY-22", "hall": "STUDIO", "status": "confirmed", "crew": ["Stan Wilde", "Oliver Quinn"],
                       "arrived": None, "pat": None, "pat_items": [], "sockets": 0, "passes": [], "expenses": None},
        }
        self.traders = {
            "TR-11": {"business": "Dalesway Models", "contact": "Mr Ken Oddie", "trade": "new_models",
                      "email": "ken@daleswaymodels.example", "phone": "07700 900711",
                      "insurance": {"insurer": "Trader Shield", "policy": "TS-448812", "cover_m": 5,
                                    "expires": "2032-12-31"}},
            "TR-12": {"business": "Platform 4 Collectables", "contact": "Mrs June Platt", "trade": "second_hand",
                      "email": "june@platform4.example", "phone": "07700 900712",
                      "insurance": {"insurer": "Hobby Cover", "policy": "HC-20931", "cover_m": 5,
                                    "expires": "2032-02-28"}},
            "TR-14": {"business": "Scenic Scatter Co", "contact": "Mr Aled Price", "trade": "scenery",
                      "email": "aled@scenicscatter.example", "phone": "07700 900714", "insurance": None},
            "TR-15": {"business": "Bookends Railway Books", "contact": "Ms Fiona Reed", "trade": "books",
                      "email": "fiona@bookendsbooks.example", "phone": "07700 900715",
                      "insurance": {"insurer": "Trader Shield", "policy": "TS-451770", "cover_m": 10,
                                    "expires": "2033-01-31"}},
        }
        self.stand_bookings = {
            "SB-501": {"trader": "TR-11", "stand": "F1", "tables": 2, "fee": 50.0, "paid": 50.0, "status": "booked"},
            "SB-502": {"trader": "TR-15", "stand": "F3", "tables": 2, "fee": 40.0, "paid": 0.0, "status": "booked"},
        }
        self.duties = {
            "DU-701": {"day": "saturday", "start": "09:30", "end": "13:00", "post": "door", "member": "MB-1047"},
            "DU-702": {"day": "saturday", "start": "13:00", "end": "17:00", "post": "door", "member": None},
            "DU-703": {"day": "saturday", "start": "10:00", "end": "16:00", "post": "raffle", "member": "MB-1045"},
            "DU-704": {"day": "saturday", "start": "09:00", "end": "12:00", "post": "car_park", "member": None},
            "DU-705": {"day": "saturday", "start": "10:00", "end": "14:00", "post": "cafe", "member": None},
            "DU-711": {"day": "sunday", "start": "09:30", "end": "13:00", "post": "door", "member": None},
            "DU-712": {"day": "sunday", "start": "13:00", "end": "16:00", "post": "door", "member": "MB-1033"},
            "DU-713": {"day": "sunday", "start": "10:00", "end": "16:00", "post": "steward", "member": None},
            "DU-714": {"day": "sunday", "start": "09:00", "end": "12:00", "post": "car_park", "member": "MB-1036"},
        }
        self.notices: List[list] = []
        self.counters = {"token": 1, "member": 1050, "loco": 215, "running": 610, "layout": 28, "exhibit": 306,
                         "trader": 16, "stand": 503, "notice": 8840, "pass": 118}


# --------------------------------------------------------------------------- helpers


def _check(state: State, token: str, *roles: str) -> Optional[str]:
    """None when ``token`` is a live session with one of ``roles`` (the chair may do everything), else the refusal."""
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        return "Error: not signed in, or the session has ended; sign in first"
    if roles and who["role"] not in roles and who["role"] != "chair":
        return f"Error: {who['name']} ({who['role']}) may not do this; it is for the {' or '.join(roles)}"
    return None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _owing(state: State, mid: str) -> float:
    m = state.members[mid]
    return round(SUBS[m["membership"]] - m["subs"].get(YEAR, 0.0), 2)


def _member(state: State, mid: str) -> Dict[str, Any]:
    m = state.members[mid]
    return {"member_id": mid, "name": m["name"], "membership": m["membership"], "phone": m["phone"],
            "email": m["email"], "guardian_id": m["guardian"], "status": m["status"], "subs_owing": _owing(state, mid)}


def _owner(state: State, lid: str) -> str:
    lay = state.layouts[lid]
    return state.members[lay["owner"]]["name"] if lay["owner"] else f"visiting: {lay['club']}"


def _exhibit(state: State, eid: str) -> Dict[str, Any]:
    e = state.exhibits[eid]
    return {"exhibit_id": eid, "layout_id": e["layout"], "layout": state.layouts[e["layout"]]["name"],
            "hall": e["hall"], "status": e["status"], "crew": list(e["crew"]), "pat": e["pat"], "sockets": e["sockets"]}


def _mins(text: str) -> int:
    h, m = text.split(":")
    return int(h) * 60 + int(m)


def _trader(state: State, tid: str) -> Dict[str, Any]:
    t = state.traders[tid]
    ins = t["insurance"]
    return {"trader_id": tid, "business": t["business"], "contact": t["contact"], "trade": t["trade"],
            "email": t["email"], "phone": t["phone"],
            "insurance": None if ins is None else [ins["insurer"], ins["policy"], ins["cover_m"], ins["expires"]]}


# --------------------------------------------------------------------------- sign-in and public calls


async def sign_in(state: State, username: str, password: str) -> Reply:
    """Sign in as one of the society's officers.

    Args:
        username: The officer's user name, such as ``margaret.h``.
        password: The password.

    Returns:
        ``{"token", "name", "role"}``; the token goes with every call but the public ones. Roles are secretary,
        treasurer, exhibition, steward and chair.
    """
    o = state.officers.get(username.strip().lower()) if isinstance(username, str) else None
    if o is None or o["password"] != password:
        return "Error: user name or password not recognised"
    token = f"wm-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username, "name": o["name"], "role": o["role"]}
    return {"token": token, "name": o["name"], "role": o["role"]}


async def sign_out(state: State, token: str) -> str:
    """End a session.

    Args:
        token: The session token.

    Returns:
        A sentence naming who was signed out.
    """
    if (err := _check(state, token)):
        return err
    who = state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def exhibition_info(state: State) -> Dict[str, Any]:
    """The public details of this year's exhibition.

    Returns:
        ``name``, ``venue``, ``days`` as rows ``[date, opens, closes]``, ``halls`` as rows ``[hall, name,
        layouts]`` (the hall codes and how many layouts each has) and ``tickets`` as rows ``[ticket, price]``.
    """
    live = [e for e in state.exhibits.values() if e["status"] != "withdrawn"]
    return {"name": "Otterby Model Railway Exhibition 2032", "venue": "Otterby Leisure Centre, Mill Lane, Otterby",
            "days": [["2032-04-17", "10:00", "17:00"], ["2032-04-18", "10:00", "16:00"]],
            "halls": [[code, h[0], sum(1 for e in live if e["hall"] == code)] for code, h in HALLS.items()],
            "tickets": [["adult", 8.0], ["child", 4.0], ["family", 20.0]]}


async def stand_plan(state: State) -> List[List[Any]]:
    """The traders' stand plan, public so that traders can see what is free.

    Returns:
        Rows ``[stand, hall, tables, power, free]``.
    """
    taken = {b["stand"] for b in state.stand_bookings.values() if b["status"] == "booked"}
    return [[code, s[0], s[1], s[2], code not in taken] for code, s in STANDS.items()]


# --------------------------------------------------------------------------- members


async def find_member(state: State, token: str, text: str) -> Union[List[List[Any]], str]:
    """Find members by part of a name, phone number or e-mail address.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        Rows ``[member_id, name, membership, phone, subs_owing]``.
    """
    if (err := _check(state, token)):
        return err
    if not isinstance(text, str) or not text.strip():
        return "Error: say what to look for"
    needle = text.strip().lower()
    return [[mid, m["name"], m["membership"], m["phone"], _owing(state, mid)]
            for mid, m in sorted(state.members.items())
            if m["status"] == "member" and any(needle in (m[k] or "").lower() for k in ("name", "phone", "email"))]


async def join_member(state: State, token: str, name: str, phone: str, email: Optional[str],
                      membership: Membership, guardian_id: Optional[str] = None) -> Reply:
    """Enrol a new member; their subscription for the year is then due.

    Args:
        token: The session token (secretary).
        name: The member's name, with a title for an adult.
        phone: A phone number.
        email: An e-mail address, for notices.
        membership: full, junior, family or country.
        guardian_id: For a junior, the member who is their guardian.

    Returns:
        The member: ``member_id``, ``name``, ``membership``, ``phone``, ``email``, ``guardian_id``, ``status``
        and ``subs_owing``.
    """
    if (err := _check(state, token, "secretary")):
        return err
    if membership not in SUBS:
        return f"Error: no membership {membership!r}"
    if not isinstance(name, str) or not name.strip() or not isinstance(phone, str) or not phone.strip():
        return "Error: a name and a phone number are needed"
    if membership == "junior":
        g = state.members.get(guardian_id) if guardian_id else None
        if g is None or g["membership"] == "junior":
            return "Error: a junior member joins with a guardian who is an adult member; give their member id"
    elif guardian_id:
        return "Error: only a junior member has a guardian"
    for mid, m in state.members.items():
        if m["name"].lower() == name.strip().lower() and m["phone"] == phone.strip():
            return f"Error: {m['name']} is a member already ({mid})"
    mid = f"MB-{_next(state, 'member')}"
    state.members[mid] = {"name": name.strip(), "membership": membership, "phone": phone.strip(),
                          "email": email.strip() if email else None, "guardian": guardian_id,
                          "subs": {YEAR: 0.0}, "status": "member"}
    return _member(state, mid)


async def update_member(state: State, token: str, member_id: str, phone: Optional[str] = None,
                        email: Optional[str] = None) -> Reply:
    """Change a member's phone number or e-mail address.

    Args:
        token: The session token (secretary).
        member_id: The member.
        phone: The new phone number, if it changes.
        email: The new e-mail address, if it changes.

    Returns:
        The member as changed.
    """
    if (err := _check(state, token, "secretary")):
        return err
    m = state.members.get(member_id)
    if m is None or m["status"] != "member":
        return f"Error: no member {member_id}"
    new = {k: v.strip() for k, v in (("phone", phone), ("email", email)) if v}
    changed = {k: v for k, v in new.items() if m[k] != v}
    if not changed:
        return f"Error: nothing to change for {m['name']}; those are the details on file"
    m.update(changed)
    return _member(state, member_id)


async def member_record(state: State, token: str, member_id: str) -> Reply:
    """A member's whole record.

    Args:
        token: The session token.
        member_id: The member.

    Returns:
        The member, with ``subs`` as rows ``[year, due, paid]``, ``locos`` as rows ``[loco_id, description,
        dcc_address, gauge]``, ``layouts`` as rows ``[layout_id, name, gauge]`` and ``duties`` as rows
        ``[duty_id, day, start, post]``.
    """
    if (err := _check(state, token)):
        return err
    m = state.members.get(member_id)
    if m is None:
        return f"Error: no member {member_id}"
    out = _member(state, member_id)
    out["subs"] = [[year, SUBS[m["membership"]], paid] for year, paid in sorted(m["subs"].items())]
    out["locos"] = [[lid, lc["description"], lc["dcc"], lc["gauge"]] for lid, lc in sorted(state.locos.items())
                    if lc["member"] == member_id]
    out["layouts"] = [[lid, lay["name"], lay["gauge"]] for lid, lay in sorted(state.layouts.items())
                      if lay["owner"] == member_id]
    out["duties"] = [[did, d["day"], d["start"], d["post"]] for did, d in sorted(state.duties.items())
                     if d["member"] == member_id]
    return out


async def pay_subs(state: State, token: str, member_id: str, amount: float, method: PayMethod) -> Union[float, str]:
    """Take a member's subscription for the year, or part of it.

    Args:
        token: The session token (treasurer).
        member_id: The member.
        amount: What they pay, in pounds.
        method: cash, card or bank.

    Returns:
        What the member still owes for the year.
    """
    if (err := _check(state, token, "treasurer")):
        return err
    m = state.members.get(member_id)
    if m is None or m["status"] != "member":
        return f"Error: no member {member_id}"
    if method not in ("cash", "card", "bank"):
        return f"Error: no payment method {method!r}"
    if not isinstance(amount, (int, float)) or isinstance(amount, bool) or amount <= 0:
        return f"Error: {amount!r} is not an amount of money"
    owing = _owing(state, member_id)
    if owing <= 0:
        return f"Error: {m['name']} has paid for {YEAR} already"
    if amount > owing:
        return f"Error: {m['name']} owes £{owing:.2f} for {YEAR}, not £{amount:.2f}"
    m["subs"][YEAR] = round(m["subs"].get(YEAR, 0.0) + amount, 2)
    return _owing(state, member_id)


async def send_notice(state: State, token: str, member_id: str, subject: str, text: str) -> str:
    """E-mail a notice to a member.

    Args:
        token: The session token (secretary or exhibition).
        member_id: The member.
        subject: The subject line.
        text: The notice.

    Returns:
        A sentence with the notice's id.
    """
    if (err := _check(state, token, "secretary", "exhibition")):
        return err
    m = state.members.get(member_id)
    if m is None or m["status"] != "member":
        return f"Error: no member {member_id}"
    if not m["email"]:
        return f"Error: {m['name']} has no e-mail address on file"
    if not subject or not text or not subject.strip() or not text.strip():
        return "Error: a notice needs a subject and some text"
    nid = f"NT-{_next(state, 'notice')}"
    state.notices.append([nid, member_id, subject.strip(), text.strip()])
    return f"Notice {nid} ({subject.strip()}) e-mailed to {m['name']} at {m['email']}."


async def resign_member(state: State, token: str, member_id: str, reason: str) -> str:
    """Record a member's resignation; their duties on the rota are released.

    Args:
        token: The session token (secretary).
        member_id: The member.
        reason: Why they are leaving.

    Returns:
        A sentence with the member's id.
    """
    if (err := _check(state, token, "secretary")):
        return err
    m = state.members.get(member_id)
    if m is None:
        return f"Error: no member {member_id}"
    if m["status"] != "member":
        return f"Error: {m['name']} has resigned already"
    if not reason or not reason.strip():
        return "Error: give a reason"
    m["status"], m["reason"] = "resigned", reason.strip()
    freed = [did for did, d in sorted(state.duties.items()) if d["member"] == member_id]
    for did in freed:
        state.duties[did]["member"] = None
    extra = f"; duties {', '.join(freed)} released" if freed else ""
    return f"{m['name']} ({member_id}) has resigned{extra}."


# --------------------------------------------------------------------------- locomotives and running sessions


async def register_loco(state: State, token: str, member_id: str, description: str, dcc_address: int,
                        gauge: Gauge) -> Reply:
    """Enter a member's DCC locomotive in the society's register.

    Args:
        token: The session token (secretary).
        member_id: The owner.
        description: The locomotive (class, number, name, maker).
        dcc_address: The decoder's address.
        gauge: N, OO, HO, O or G.

    Returns:
        ``{"loco_id", "member_id", "description", "dcc_address", "gauge"}``.
    """
    if (err := _check(state, token, "secretary")):
        return err
    m = state.members.get(member_id)
    if m is None or m["status"] != "member":
        return f"Error: no member {member_id}"
    value = gauge.value if isinstance(gauge, Gauge) else str(gauge)
    if value not in [g.value for g in Gauge]:
        return f"Error: no gauge {value!r}"
    if not isinstance(dcc_address, int) or isinstance(dcc_address, bool) or not 1 <= dcc_address <= 9999:
        return f"Error: {dcc_address!r} is not a DCC address (1 to 9999)"
    if dcc_address == 3:
        return "Error: address 3 is a decoder's factory address; give the locomotive its own address first"
    for lid, lc in state.locos.items():
        if lc["dcc"] == dcc_address:
            owner = state.members[lc["member"]]["name"]
            return f"Error: address {dcc_address} is {lid}'s ({owner}'s {lc['description']}); the register keeps " \
                   "addresses unique"
    if not description or not description.strip():
        return "Error: describe the locomotive"
    lid = f"LC-{_next(state, 'loco')}"
    state.locos[lid] = {"member": member_id, "description": description.strip(), "dcc": dcc_address, "gauge": value}
    return {"loco_id": lid, "member_id": member_id, "description": description.strip(), "dcc_address": dcc_address,
            "gauge": value}


async def running_sessions(state: State, token: str, date: Optional[str] = None) -> Union[List[List[Any]], str]:
    """The running sessions on the society's own layout in the clubroom.

    Args:
        token: The session token.
        date: Only this day (YYYY-MM-DD).

    Returns:
        Rows ``[session_id, date, start, layout, places_left]``.
    """
    if (err := _check(state, token)):
        return err
    out = []
    for sid, s in sorted(state.sessions.items()):
        if date and s["date"] != date:
            continue
        used = sum(1 for r in state.running.values() if r["session"] == sid and r["status"] == "booked")
        out.append([sid, s["date"], s["start"], CLUB_LAYOUT, SESSION_PLACES - used])
    return out


async def book_running(state: State, token: str, session_id: str, member_id: str, locos: List[str]) -> Reply:
    """Book a member a place at a running session, with the locomotives they will run.

    Args:
        token: The session token.
        session_id: The running session.
        member_id: The member.
        locos: Their registered locomotives, by loco id.

    Returns:
        ``{"booking_id", "session_id", "date", "start", "member_id", "locos"}``.
    """
    if (err := _check(state, token)):
        return err
    s = state.sessions.get(session_id)
    if s is None:
        return f"Error: no running session {session_id}"
    m = state.members.get(member_id)
    if m is None or m["status"] != "member":
        return f"Error: no member {member_id}"
    if _owing(state, member_id) > 0:
        return f"Error: {m['name']} owes £{_owing(state, member_id):.2f} of the {YEAR} subscription; running " \
               "sessions are for members who have paid"
    if not isinstance(locos, list) or not locos:
        return "Error: name the locomotives to be run"
    booked = [r for r in state.running.values() if r["session"] == session_id and r["status"] == "booked"]
    if any(r["member"] == member_id for r in booked):
        return f"Error: {m['name']} is booked on {session_id} already"
    if len(booked) >= SESSION_PLACES:
        return f"Error: {session_id} is full ({SESSION_PLACES} places)"
    running_now = {state.locos[x]["dcc"]: x for r in booked for x in r["locos"]}
    for lid in locos:
        lc = state.locos.get(lid)
        if lc is None:
            return f"Error: no locomotive {lid} in the register"
        if lc["member"] != member_id:
            return f"Error: {lid} is not {m['name']}'s"
        if lc["gauge"] not in ("OO", "HO"):
            return f"Error: the clubroom layout is OO; {lid} is {lc['gauge']} gauge"
        if lc["dcc"] in running_now:
            return f"Error: address {lc['dcc']} is running in that session already ({running_now[lc['dcc']]})"
    rid = f"RB-{_next(state, 'running')}"
    state.running[rid] = {"session": session_id, "member": member_id, "locos": list(locos), "status": "booked"}
    return {"booking_id": rid, "session_id": session_id, "date": s["date"], "start": s["start"],
            "member_id": member_id, "locos": list(locos)}


async def cancel_running(state: State, token: str, booking_id: str) -> str:
    """Cancel a running session booking; the place is free again.

    Args:
        token: The session token.
        booking_id: The running booking.

    Returns:
        A sentence with the booking's id.
    """
    if (err := _check(state, token)):
        return err
    r = state.running.get(booking_id)
    if r is None:
        return f"Error: no running booking {booking_id}"
    if r["status"] != "booked":
        return f"Error: {booking_id} was cancelled already"
    r["status"] = "cancelled"
    return f"Running booking {booking_id} on {r['session']} cancelled; the place is free again."


# --------------------------------------------------------------------------- layouts


async def register_layout(state: State, token: str, owner_id: str, name: str, gauge: Gauge, length_m: float,
                          depth_m: float, operators: int) -> Reply:
    """Register a member's layout with the society (layouts at the show are registered ones).

    Args:
        token: The session token (secretary or exhibition).
        owner_id: The member who owns it.
        name: The layout's name.
        gauge: N, OO, HO, O or G.
        length_m: Its length in metres, with the fiddle yard.
        depth_m: Its depth in metres.
        operators: How many people it takes to run it.

    Returns:
        ``{"layout_id", "name", "gauge", "length_m", "depth_m", "operators", "owner"}``.
    """
    if (err := _check(state, token, "secretary", "exhibition")):
        return err
    m = state.members.get(owner_id)
    if m is None or m["status"] != "member":
        return f"Error: no member {owner_id}"
    if _owing(state, owner_id) > 0:
        return f"Error: {m['name']} owes £{_owing(state, owner_id):.2f} of the {YEAR} subscription; a layout is " \
               "registered to a member who has paid"
    value = gauge.value if isinstance(gauge, Gauge) else str(gauge)
    if value not in [g.value for g in Gauge]:
        return f"Error: no gauge {value!r}"
    for v, what in ((length_m, "length"), (depth_m, "depth")):
        if not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 < v <= 30:
            return f"Error: {v!r} is not a {what} in metres"
    if not isinstance(operators, int) or isinstance(operators, bool) or operators < 1:
        return f"Error: {operators!r} is not a number of operators"
    if not name or not name.strip():
        return "Error: the layout needs a name"
    for lid, lay in state.layouts.items():
        if lay["name"].lower() == name.strip().lower():
            return f"Error: {lay['name']} is registered already ({lid})"
    lid = f"LY-{_next(state, 'layout')}"
    state.layouts[lid] = {"name": name.strip(), "gauge": value, "length": float(length_m), "depth": float(depth_m),
                          "operators": operators, "owner": owner_id, "club": None}
    return {"layout_id": lid, "name": name.strip(), "gauge": value, "length_m": float(length_m),
            "depth_m": float(depth_m), "operators": operators, "owner": m["name"]}


async def layouts(state: State, token: str, gauge: Optional[Gauge] = None,
                  owner_id: Optional[str] = None) -> Union[List[List[Any]], str]:
    """The registered layouts, optionally of one gauge or one owner.

    Args:
        token: The session token.
        gauge: Only this gauge.
        owner_id: Only this member's.

    Returns:
        Rows ``[layout_id, name, gauge, length_m, depth_m, operators, owner]``.
    """
    if (err := _check(state, token)):
        return err
    want = gauge.value if isinstance(gauge, Gauge) else gauge
    return [[lid, lay["name"], lay["gauge"], lay["length"], lay["depth"], lay["operators"], _owner(state, lid)]
            for lid, lay in sorted(state.layouts.items())
            if (not want or lay["gauge"] == want) and (not owner_id or lay["owner"] == owner_id)]


async def layout_detail(state: State, token: str, layout_id: str) -> Reply:
    """A layout's details and its place in this year's show.

    Args:
        token: The session token.
        layout_id: The layout.

    Returns:
        ``layout_id``, ``name``, ``gauge``, ``length_m``, ``depth_m``, ``operators``, ``owner`` and ``shows`` as
        rows ``[exhibit_id, hall, status]``.
    """
    if (err := _check(state, token)):
        return err
    lay = state.layouts.get(layout_id)
    if lay is None:
        return f"Error: no layout {layout_id}"
    return {"layout_id": layout_id, "name": lay["name"], "gauge": lay["gauge"], "length_m": lay["length"],
            "depth_m": lay["depth"], "operators": lay["operators"], "owner": _owner(state, layout_id),
            "shows": [[eid, e["hall"], e["status"]] for eid, e in sorted(state.exhibits.items())
                      if e["layout"] == layout_id]}


# --------------------------------------------------------------------------- the exhibition's layouts


async def invite_layout(state: State, token: str, layout_id: str, hall: str) -> Reply:
    """Invite a registered layout to this year's show, in a hall.

    Args:
        token: The session token (exhibition).
        layout_id: The layout.
        hall: The hall's code, as the show's details give it.

    Returns:
        The exhibit: ``exhibit_id``, ``layout_id``, ``layout``, ``hall``, ``status`` (invited), ``crew``, ``pat``
        and ``sockets``.
    """
    if (err := _check(state, token, "exhibition")):
        return err
    lay = state.layouts.get(layout_id)
    if lay is None:
        return f"Error: no layout {layout_id}"
    if hall not in HALLS:
        return f"Error: no hall {hall!r}"
    if hall == "FOYER":
        return "Error: the foyer is for traders' stands; layouts go in the halls"
    for eid, e in state.exhibits.items():
        if e["layout"] == layout_id and e["status"] != "withdrawn":
            return f"Error: {lay['name']} is in the show already ({eid}, {e['status']})"
    if lay["length"] > HALLS[hall][1]:
        return f"Error: the {HALLS[hall][0]} takes layouts up to {HALLS[hall][1]} m long; {lay['name']} is " \
               f"{lay['length']} m"
    eid = f"EX-{_next(state, 'exhibit')}"
    state.exhibits[eid] = {"layout": layout_id, "hall": hall, "status": "invited", "crew": [], "arrived": None,
                           "pat": None, "pat_items": [], "sockets": 0, "passes": [], "expenses": None}
    return _exhibit(state, eid)


async def exhibits(state: State, token: str, status: Optional[ExhibitStatus] = None,
                   hall: Optional[str] = None) -> Union[List[List[Any]], str]:
    """The layouts in this year's show, optionally in one status or hall.

    Args:
        token: The session token.
        status: invited, confirmed, checked_in or withdrawn.
        hall: Only this hall.

    Returns:
        Rows ``[exhibit_id, layout_id, layout, hall, status, crew, pat, sockets]``, with the crew's size.
    """
    if (err := _check(state, token)):
        return err
    return [[eid, e["layout"], state.layouts[e["layout"]]["name"], e["hall"], e["status"], len(e["crew"]), e["pat"],
             e["sockets"]]
            for eid, e in sorted(state.exhibits.items())
            if (not status or e["status"] == status) and (not hall or e["hall"] == hall)]


async def confirm_exhibit(state: State, token: str, exhibit_id: str, crew: List[str]) -> Reply:
    """Confirm an invited layout with the names of the crew who will run it.

    Args:
        token: The session token (exhibition).
        exhibit_id: The exhibit.
        crew: The crew's names.

    Returns:
        The exhibit, now ``confirmed``.
    """
    if (err := _check(state, token, "exhibition")):
        return err
    e = state.exhibits.get(exhibit_id)
    if e is None:
        return f"Error: no exhibit {exhibit_id}"
    if e["status"] != "invited":
        return f"Error: {exhibit_id} is {e['status']}; only an invited layout is confirmed"
    lay = state.layouts[e["layout"]]
    names = [c.strip() for c in crew if isinstance(c, str) and c.strip()] if isinstance(crew, list) else []
    if len(names) < lay["operators"]:
        return f"Error: {lay['name']} needs a crew of {lay['operators']}; {len(names)} named"
    e["status"], e["crew"] = "confirmed", names
    return _exhibit(state, exhibit_id)


async def withdraw_exhibit(state: State, token: str, exhibit_id: str, reason: str) -> str:
    """Withdraw a layout from the show.

    Args:
        token: The session token (exhibition).
        exhibit_id: The exhibit.
        reason: Why.

    Returns:
        A sentence with the exhibit's id.
    """
    if (err := _check(state, token, "exhibition")):
        return err
    e = state.exhibits.get(exhibit_id)
    if e is None:
        return f"Error: no exhibit {exhibit_id}"
    if e["status"] == "withdrawn":
        return f"Error: {exhibit_id} was withdrawn already"
    if not reason or not reason.strip():
        return "Error: give a reason"
    e["status"], e["reason"], e["sockets"] = "withdrawn", reason.strip(), 0
    return f"Exhibit {exhibit_id} ({state.layouts[e['layout']]['name']}) withdrawn from the show: {reason.strip()}."


async def move_exhibit(state: State, token: str, exhibit_id: str, hall: str) -> Reply:
    """Move a layout that has not yet arrived to another hall.

    Args:
        token: The session token (exhibition).
        exhibit_id: The exhibit.
        hall: The new hall's code.

    Returns:
        The exhibit as moved.
    """
    if (err := _check(state, token, "exhibition")):
        return err
    e = state.exhibits.get(exhibit_id)
    if e is None:
        return f"Error: no exhibit {exhibit_id}"
    if hall not in HALLS:
        return f"Error: no hall {hall!r}"
    if hall == "FOYER":
        return "Error: the foyer is for traders' stands; layouts go in the halls"
    if e["status"] in ("checked_in", "withdrawn"):
        return f"Error: {exhibit_id} is {e['status']}; it cannot be moved"
    if e["hall"] == hall:
        return f"Error: {exhibit_id} is in the {HALLS[hall][0]} already"
    lay = state.layouts[e["layout"]]
    if lay["length"] > HALLS[hall][1]:
        return f"Error: the {HALLS[hall][0]} takes layouts up to {HALLS[hall][1]} m long; {lay['name']} is " \
               f"{lay['length']} m"
    e["hall"] = hall
    return _exhibit(state, exhibit_id)


async def check_in_exhibit(state: State, token: str, exhibit_id: str) -> Reply:
    """Check a confirmed layout in as it arrives at the hall.

    Args:
        token: The session token (steward or exhibition).
        exhibit_id: The exhibit.

    Returns:
        The exhibit, now ``checked_in``, with the time it ``arrived``.
    """
    if (err := _check(state, token, "steward", "exhibition")):
        return err
    e = state.exhibits.get(exhibit_id)
    if e is None:
        return f"Error: no exhibit {exhibit_id}"
    if e["status"] == "checked_in":
        return f"Error: {exhibit_id} was checked in already, at {e['arrived']}"
    if e["status"] != "confirmed":
        return f"Error: {exhibit_id} is {e['status']}; only a confirmed layout is checked in"
    e["status"], e["arrived"] = "checked_in", f"{TODAY} {NOW}"
    out = _exhibit(state, exhibit_id)
    out["arrived"] = e["arrived"]
    return out


async def record_pat(state: State, token: str, exhibit_id: str, items: List[str], result: PatResult) -> Reply:
    """Record the electrical (PAT) test of a layout's mains equipment.

    Args:
        token: The session token (steward).
        exhibit_id: A layout checked in at the hall.
        items: The mains items tested (controllers, transformers, extension leads).
        result: pass or fail.

    Returns:
        ``{"exhibit_id", "items", "result"}``, the items as rows ``[item, result]``.
    """
    if (err := _check(state, token, "steward")):
        return err
    e = state.exhibits.get(exhibit_id)
    if e is None:
        return f"Error: no exhibit {exhibit_id}"
    value = result.value if isinstance(result, PatResult) else str(result)
    if value not in [r.value for r in PatResult]:
        return f"Error: no PAT result {value!r}"
    if e["status"] != "checked_in":
        return f"Error: {state.layouts[e['layout']]['name']} is not checked in; the PAT test is done on the layout " \
               "as it stands in the hall"
    if e["pat"] == "pass":
        return f"Error: {exhibit_id} passed its PAT test already"
    names = [i.strip() for i in items if isinstance(i, str) and i.strip()] if isinstance(items, list) else []
    if not names:
        return "Error: list the items tested"
    e["pat"], e["pat_items"] = value, [[n, value] for n in names]
    return {"exhibit_id": exhibit_id, "items": [list(x) for x in e["pat_items"]], "result": value}


async def allocate_power(state: State, token: str, exhibit_id: str, sockets: int) -> Reply:
    """Give a layout its mains sockets at its pitch.

    Args:
        token: The session token (exhibition).
        exhibit_id: A layout that has passed its PAT test.
        sockets: How many sockets.

    Returns:
        ``{"exhibit_id", "sockets", "circuit"}``.
    """
    if (err := _check(state, token, "exhibition")):
        return err
    e = state.exhibits.get(exhibit_id)
    if e is None:
        return f"Error: no exhibit {exhibit_id}"
    if e["status"] != "checked_in":
        return f"Error: {exhibit_id} is {e['status']}; power goes to a layout in the hall"
    if e["pat"] != "pass":
        return f"Error: {exhibit_id} has not passed its PAT test; nothing is plugged in before it has"
    if not isinstance(sockets, int) or isinstance(sockets, bool) or sockets < 1:
        return f"Error: {sockets!r} is not a number of sockets"
    if sockets > MAX_SOCKETS:
        return f"Error: a layout gets at most {MAX_SOCKETS} sockets"
    if e["sockets"] == sockets:
        return f"Error: {exhibit_id} has {sockets} sockets already"
    e["sockets"] = sockets
    return {"exhibit_id": exhibit_id, "sockets": sockets, "circuit": f"{e['hall']}-{1 + int(exhibit_id[-1]) % 3}"}


async def pay_expenses(state: State, token: str, exhibit_id: str, miles: int) -> Union[float, str]:
    """Pay a layout's crew their travelling expenses once the layout has arrived.

    Args:
        token: The session token (treasurer).
        exhibit_id: A layout checked in at the hall.
        miles: The round trip in miles.

    Returns:
        The amount paid, in pounds.
    """
    if (err := _check(state, token, "treasurer")):
        return err
    e = state.exhibits.get(exhibit_id)
    if e is None:
        return f"Error: no exhibit {exhibit_id}"
    if e["expenses"] is not None:
        return f"Error: {exhibit_id}'s expenses were paid already (£{e['expenses']:.2f})"
    if e["status"] != "checked_in":
        return f"Error: {exhibit_id} is {e['status']}; expenses are paid once the layout has arrived"
    if not isinstance(miles, int) or isinstance(miles, bool) or miles <= 0:
        return f"Error: {miles!r} is not a number of miles"
    if miles > MAX_MILES:
        return f"Error: expenses are paid on up to {MAX_MILES} miles"
    e["expenses"] = round(miles * PENCE_PER_MILE, 2)
    return e["expenses"]


async def issue_passes(state: State, token: str, exhibit_id: str) -> Union[List[str], str]:
    """Issue the exhibitor's passes for a confirmed layout's crew, one each.

    Args:
        token: The session token (exhibition).
        exhibit_id: A confirmed layout.

    Returns:
        The pass numbers.
    """
    if (err := _check(state, token, "exhibition")):
        return err
    e = state.exhibits.get(exhibit_id)
    if e is None:
        return f"Error: no exhibit {exhibit_id}"
    if e["passes"]:
        return f"Error: {exhibit_id}'s passes were issued already ({', '.join(e['passes'])})"
    if e["status"] not in ("confirmed", "checked_in"):
        return f"Error: {exhibit_id} is {e['status']}; passes go to a confirmed layout's crew"
    e["passes"] = [f"P32-{_next(state, 'pass'):04d}" for _ in e["crew"]]
    return list(e["passes"])


# --------------------------------------------------------------------------- traders and stands


async def register_trader(state: State, token: str, business: str, contact: str, email: str, phone: str,
                          trade: Trade) -> Reply:
    """Register a trader who wants a stand.

    Args:
        token: The session token (exhibition).
        business: The business's name.
        contact: Who to deal with.
        email: An e-mail address.
        phone: A phone number.
        trade: new_models, second_hand, scenery, books or tools.

    Returns:
        ``{"trader_id", "business", "contact", "trade", "email", "phone", "insurance"}``.
    """
    if (err := _check(state, token, "exhibition")):
        return err
    if trade not in ("new_models", "second_hand", "scenery", "books", "tools"):
        return f"Error: no trade {trade!r}"
    if not business or not business.strip() or not contact or not contact.strip():
        return "Error: a business name and a contact are needed"
    for tid, t in state.traders.items():
        if t["business"].lower() == business.strip().lower():
            return f"Error: {t['business']} is registered already ({tid})"
    tid = f"TR-{_next(state, 'trader')}"
    state.traders[tid] = {"business": business.strip(), "contact": contact.strip(), "trade": trade,
                          "email": email.strip() if email else None, "phone": phone.strip() if phone else None,
                          "insurance": None}
    return _trader(state, tid)


async def find_trader(state: State, token: str, text: str) -> Union[List[List[Any]], str]:
    """Find traders by part of the business name or the contact's name.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        Rows ``[trader_id, business, contact, trade, insured_until]``.
    """
    if (err := _check(state, token)):
        return err
    if not isinstance(text, str) or not text.strip():
        return "Error: say what to look for"
    needle = text.strip().lower()
    return [[tid, t["business"], t["contact"], t["trade"], t["insurance"]["expires"] if t["insurance"] else None]
            for tid, t in sorted(state.traders.items())
            if needle in t["business"].lower() or needle in t["contact"].lower()]


async def record_insurance(state: State, token: str, trader_id: str, insurer: str, policy_no: str, cover_m: int,
                           expires: str) -> Reply:
    """Put a trader's public liability insurance on file.

    Args:
        token: The session token (exhibition).
        trader_id: The trader.
        insurer: The insurer.
        policy_no: The policy number.
        cover_m: The cover, in millions of pounds.
        expires: The day the policy ends (YYYY-MM-DD).

    Returns:
        The trader, with ``insurance`` as ``[insurer, policy, cover_m, expires]``.
    """
    if (err := _check(state, token, "exhibition")):
        return err
    t = state.traders.get(trader_id)
    if t is None:
        return f"Error: no trader {trader_id}"
    if not isinstance(cover_m, int) or isinstance(cover_m, bool) or cover_m <= 0:
        return f"Error: {cover_m!r} is not a cover in millions"
    if cover_m < MIN_COVER_M:
        return f"Error: the leisure centre requires £{MIN_COVER_M}m of public liability cover; £{cover_m}m is not enough"
    if not isinstance(expires, str) or len(expires) != 10 or expires < SHOW_DAYS[-1]:
        return f"Error: a policy ending {expires} does not cover the show ({SHOW_DAYS[0]} and {SHOW_DAYS[1]})"
    if not insurer or not policy_no or not insurer.strip() or not policy_no.strip():
        return "Error: give the insurer and the policy number"
    ins = t["insurance"]
    if ins and ins["policy"] == policy_no.strip() and ins["expires"] == expires:
        return f"Error: policy {policy_no} is on file already"
    t["insurance"] = {"insurer": insurer.strip(), "policy": policy_no.strip(), "cover_m": cover_m, "expires": expires}
    return _trader(state, trader_id)


async def book_stand(state: State, token: str, trader_id: str, stand: str, tables: int) -> Reply:
    """Book a trader a stand at the show.

    Args:
        token: The session token (exhibition).
        trader_id: The trader.
        stand: A free stand on the stand plan.
        tables: How many tables.

    Returns:
        ``{"booking_id", "trader_id", "stand", "hall", "tables", "power", "fee"}``.
    """
    if (err := _check(state, token, "exhibition")):
        return err
    t = state.traders.get(trader_id)
    if t is None:
        return f"Error: no trader {trader_id}"
    if stand not in STANDS:
        return f"Error: no stand {stand!r}"
    ins = t["insurance"]
    if ins is None:
        return f"Error: {t['business']} has no public liability insurance on file; no stand is booked without it"
    if ins["expires"] < SHOW_DAYS[-1]:
        return f"Error: {t['business']}'s insurance on file ended on {ins['expires']}; put the current policy on file"
    for bid, b in state.stand_bookings.items():
        if b["status"] == "booked" and b["trader"] == trader_id:
            return f"Error: {t['business']} has stand {b['stand']} already ({bid}); one stand per trader"
        if b["status"] == "booked" and b["stand"] == stand:
            return f"Error: stand {stand} is taken"
    hall, most, power = STANDS[stand]
    if not isinstance(tables, int) or isinstance(tables, bool) or tables < 1:
        return f"Error: {tables!r} is not a number of tables"
    if tables > most:
        return f"Error: stand {stand} holds {most} tables"
    bid = f"SB-{_next(state, 'stand')}"
    fee = tables * TABLE_FEE + (POWER_FEE if power else 0.0)
    state.stand_bookings[bid] = {"trader": trader_id, "stand": stand, "tables": tables, "fee": fee, "paid": 0.0,
                                 "status": "booked"}
    return {"booking_id": bid, "trader_id": trader_id, "stand": stand, "hall": hall, "tables": tables, "power": power,
            "fee": fee}


async def stand_bookings(state: State, token: str, hall: Optional[str] = None) -> Union[List[List[Any]], str]:
    """The traders' stand bookings, optionally in one hall.

    Args:
        token: The session token.
        hall: Only this hall.

    Returns:
        Rows ``[booking_id, stand, trader_id, business, tables, fee, paid]``.
    """
    if (err := _check(state, token)):
        return err
    return [[bid, b["stand"], b["trader"], state.traders[b["trader"]]["business"], b["tables"], b["fee"], b["paid"]]
            for bid, b in sorted(state.stand_bookings.items())
            if b["status"] == "booked" and (not hall or STANDS[b["stand"]][0] == hall)]


async def take_stand_fee(state: State, token: str, booking_id: str, amount: float,
                         method: PayMethod) -> Union[float, str]:
    """Take a trader's stand fee, or part of it.

    Args:
        token: The session token (treasurer).
        booking_id: The stand booking.
        amount: What they pay, in pounds.
        method: cash, card or bank.

    Returns:
        The balance left on the stand.
    """
    if (err := _check(state, token, "treasurer")):
        return err
    b = state.stand_bookings.get(booking_id)
    if b is None or b["status"] != "booked":
        return f"Error: no stand booking {booking_id}"
    if method not in ("cash", "card", "bank"):
        return f"Error: no payment method {method!r}"
    if not isinstance(amount, (int, float)) or isinstance(amount, bool) or amount <= 0:
        return f"Error: {amount!r} is not an amount of money"
    left = round(b["fee"] - b["paid"], 2)
    if left <= 0:
        return f"Error: {booking_id} is paid in full"
    if amount > left:
        return f"Error: {booking_id} has £{left:.2f} to pay, not £{amount:.2f}"
    b["paid"] = round(b["paid"] + amount, 2)
    return round(b["fee"] - b["paid"], 2)


async def cancel_stand(state: State, token: str, booking_id: str, reason: str) -> str:
    """Cancel a trader's stand booking; the stand is free again.

    Args:
        token: The session token (exhibition).
        booking_id: The stand booking.
        reason: Why.

    Returns:
        A sentence with the booking's id and what is to be refunded.
    """
    if (err := _check(state, token, "exhibition")):
        return err
    b = state.stand_bookings.get(booking_id)
    if b is None:
        return f"Error: no stand booking {booking_id}"
    if b["status"] != "booked":
        return f"Error: {booking_id} was cancelled already"
    if not reason or not reason.strip():
        return "Error: give a reason"
    b["status"], b["reason"] = "cancelled", reason.strip()
    return f"Stand booking {booking_id} (stand {b['stand']}) cancelled; £{b['paid']:.2f} to refund."


# --------------------------------------------------------------------------- the stewarding rota


async def duty_rota(state: State, token: str, day: Optional[Day] = None, post: Optional[Post] = None,
                    open_only: bool = False) -> Union[List[List[Any]], str]:
    """The show's stewarding rota.

    Args:
        token: The session token.
        day: saturday or sunday.
        post: door, raffle, car_park, cafe or steward.
        open_only: Only duties nobody is on yet.

    Returns:
        Rows ``[duty_id, day, start, end, post, member_id, member]``.
    """
    if (err := _check(state, token)):
        return err
    want = post.value if isinstance(post, Post) else post
    return [[did, d["day"], d["start"], d["end"], d["post"], d["member"],
             state.members[d["member"]]["name"] if d["member"] else None]
            for did, d in sorted(state.duties.items())
            if (not day or d["day"] == day) and (not want or d["post"] == want) and (not open_only or not d["member"])]


async def assign_duty(state: State, token: str, duty_id: str, member_id: str) -> Reply:
    """Put a member on a duty.

    Args:
        token: The session token (secretary).
        duty_id: The duty.
        member_id: The member.

    Returns:
        ``{"duty_id", "day", "start", "end", "post", "member_id", "member"}``.
    """
    if (err := _check(state, token, "secretary")):
        return err
    d = state.duties.get(duty_id)
    if d is None:
        return f"Error: no duty {duty_id}"
    m = state.members.get(member_id)
    if m is None or m["status"] != "member":
        return f"Error: no member {member_id}"
    if d["member"] == member_id:
        return f"Error: {m['name']} is on {duty_id} already"
    if d["member"]:
        return f"Error: {duty_id} is {state.members[d['member']]['name']}'s; release it first"
    if m["membership"] == "junior" and d["post"] in ("door", "raffle"):
        return f"Error: a junior member does not take a {d['post']} duty (it handles cash)"
    for oid, o in state.duties.items():
        if o["member"] == member_id and o["day"] == d["day"] and _mins(o["start"]) < _mins(d["end"]) \
                and _mins(d["start"]) < _mins(o["end"]):
            return f"Error: {m['name']} is on {oid} ({o['post']}, {o['start']}-{o['end']}) at that time"
    d["member"] = member_id
    return {"duty_id": duty_id, "day": d["day"], "start": d["start"], "end": d["end"], "post": d["post"],
            "member_id": member_id, "member": m["name"]}


async def release_duty(state: State, token: str, duty_id: str, reason: str) -> str:
    """Take a member off a duty; it is open again.

    Args:
        token: The session token (secretary).
        duty_id: The duty.
        reason: Why.

    Returns:
        A sentence with the duty's id.
    """
    if (err := _check(state, token, "secretary")):
        return err
    d = state.duties.get(duty_id)
    if d is None:
        return f"Error: no duty {duty_id}"
    if not d["member"]:
        return f"Error: nobody is on {duty_id}"
    if not reason or not reason.strip():
        return "Error: give a reason"
    name = state.members[d["member"]]["name"]
    d["member"] = None
    return f"Duty {duty_id} ({d['post']}, {d['day']} {d['start']}) released; {name} is off it ({reason.strip()})."


TOOLS = [
    sign_in, sign_out, exhibition_info, stand_plan, find_member, join_member, update_member, member_record, pay_subs,
    send_notice, resign_member, register_loco, running_sessions, book_running, cancel_running, register_layout,
    layouts, layout_detail, invite_layout, exhibits, confirm_exhibit, withdraw_exhibit, move_exhibit,
    check_in_exhibit, record_pat, allocate_power, pay_expenses, issue_passes, register_trader, find_trader,
    record_insurance, book_stand, stand_bookings, take_stand_fee, cancel_stand, duty_rota, assign_duty, release_duty,
]

FIXTURES = {
    "society": {"name": "Wharfedale Model Railway Society, The Old Goods Shed, Station Yard, Otterby",
                "show": "Otterby Model Railway Exhibition, Otterby Leisure Centre, Saturday and Sunday",
                "today": "Friday, setting-up day, nine o'clock"},
    "officers": [
        {"name": "Margaret Holt", "role": "secretary", "username": "margaret.h", "password": "Deltic-55022"},
        {"name": "Raj Patel", "role": "treasurer", "username": "raj.p", "password": "Coal-Tank-1054"},
        {"name": "Gordon Bell", "role": "exhibition manager", "username": "gordon.b", "password": "Flying-Scot-4472"},
        {"name": "Alan Pryor", "role": "steward and PAT tester", "username": "alan.p", "password": "Brush-Type-4"},
        {"name": "Sue Kaye", "role": "chair", "username": "sue.k", "password": "Mallard-126"},
    ],
    "new_member": {"name": "Mr Rhys Jenkins", "phone": "07700 900652", "email": "rhys.jenkins@mail.example",
                   "membership": "full", "pays": "his full subscription by card",
                   "loco": "a Bachmann class 47, 47401 North Eastern, decoder address 4740",
                   "layout": "Garsdale Head, OO, 3.2 m by 0.8 m, two to run it"},
    "new_trader": {"business": "Junction Box Electronics", "contact": "Mr Wes Okafor", "email": "wes@junctionbox.example",
                   "phone": "07700 900716", "trade": "tools", "insurer": "Trader Shield", "policy": "TS-460015",
                   "cover": "five million pounds", "expires": "the end of March next year"},
    "notes": [
        "Brackenfell is due at ten; Helen has three crew",
        "Hebden Sidings came in at half eight and wants testing",
        "Slate Quay's crew are confirmed by e-mail: Carol, Jim and Mo Ingham",
        "Platform 4 Collectables have sent their renewed insurance",
        "Bookends have not paid for F3",
        "Dev Mistry wants to run his trains on Thursday",
        "The door needs someone on Saturday afternoon",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "exhibition_info", "stand_plan")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
MEMBER_CONSUMERS = ["update_member", "member_record", "pay_subs", "send_notice", "resign_member", "register_loco",
                    "book_running", "register_layout", "assign_duty"]
EXHIBIT_CONSUMERS = ["confirm_exhibit", "withdraw_exhibit", "move_exhibit", "check_in_exhibit", "record_pat",
                     "allocate_power", "pay_expenses", "issue_passes"]
_MEMBER = "id lookup/create: member (member_id of join_member, or of a find_member row)"
_EXHIBIT = "id lookup/create: exhibit (exhibit_id of invite_layout, or of an exhibits row)"
_LAYOUT = "id lookup/create: layout (layout_id of register_layout, or of a layouts row)"
_TRADER = "id lookup/create: trader (trader_id of register_trader, or of a find_trader row)"
_STAND = "id lookup/create: stand booking (booking_id of book_stand, or of a stand_bookings row)"
_DUTY = "id lookup: duty (duty_id of a duty_rota row)"
_HALL = "vocabulary: hall codes (a hall of exhibition_info's halls rows)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("join_member|find_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [("invite_layout|exhibits", c, _EXHIBIT) for c in EXHIBIT_CONSUMERS]
    + [("register_layout|layouts", c, _LAYOUT) for c in ("layout_detail", "invite_layout")]
    + [("register_trader|find_trader", c, _TRADER) for c in ("record_insurance", "book_stand")]
    + [("book_stand|stand_bookings", c, _STAND) for c in ("take_stand_fee", "cancel_stand")]
    + [("duty_rota", c, _DUTY) for c in ("assign_duty", "release_duty")]
    + [("exhibition_info", c, _HALL) for c in ("invite_layout", "move_exhibit")]
    + [
        ("register_loco|member_record", "book_running",
         "id lookup/create: locomotive (loco_id of register_loco, or of a member_record locos row)"),
        ("running_sessions", "book_running", "id lookup: running session (session_id of a running_sessions row)"),
        ("book_running", "cancel_running", "id create: running booking (booking_id of book_running)"),
        ("stand_plan", "book_stand", "id lookup: stand (a stand of a stand_plan row)"),
        ("pay_subs", "register_layout", "state: the owner's subscription paid"),
        ("pay_subs", "book_running", "state: the member's subscription paid"),
        ("confirm_exhibit", "check_in_exhibit", "state: the layout confirmed"),
        ("confirm_exhibit", "issue_passes", "state: the layout confirmed (its crew named)"),
        ("check_in_exhibit", "record_pat", "state: the layout checked in at the hall"),
        ("check_in_exhibit", "pay_expenses", "state: the layout checked in (it has arrived)"),
        ("record_pat", "allocate_power", "state: the layout's PAT test passed"),
        ("record_insurance", "book_stand", "state: current public liability insurance on file"),
        ("assign_duty", "release_duty", "state: a member on the duty"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
PLAUSIBLE = (
    # ids shown in other lists and records: a member on the rota, as a layout's owner, in a booking or a record;
    # an exhibit on a layout's detail; a trader on a stand booking; a locomotive's owner; the hall on an exhibits row
    {(p, c) for p in ("duty_rota", "member_record", "register_loco", "book_running")
     for c in MEMBER_CONSUMERS if p != c}
    | {("layout_detail", c) for c in EXHIBIT_CONSUMERS}
    | {("stand_bookings", c) for c in ("record_insurance", "book_stand")}
    | {("member_record", c) for c in ("layout_detail", "invite_layout", "assign_duty", "release_duty")}
    | {("layouts", c) for c in MEMBER_CONSUMERS}
    | {("exhibits", "layout_detail"), ("exhibits", "invite_layout"), ("exhibits", "move_exhibit"),
       ("invite_layout", "layout_detail"), ("find_trader", "take_stand_fee"), ("find_trader", "cancel_stand"),
       ("layout_detail", "invite_layout"), ("register_layout", "member_record")}
    # one step further along the designed chains
    | {
        ("confirm_exhibit", "record_pat"), ("confirm_exhibit", "pay_expenses"), ("check_in_exhibit", "allocate_power"),
        ("invite_layout", "check_in_exhibit"), ("register_trader", "book_stand"), ("book_stand", "take_stand_fee"),
        ("pay_subs", "invite_layout"), ("register_loco", "cancel_running"), ("running_sessions", "cancel_running"),
        ("stand_plan", "take_stand_fee"), ("stand_plan", "cancel_stand"), ("record_insurance", "take_stand_fee"),
        ("join_member", "cancel_running"), ("pay_subs", "cancel_running"), ("exhibition_info", "confirm_exhibit"),
        ("layouts", "confirm_exhibit"), ("layout_detail", "confirm_exhibit"), ("register_layout", "confirm_exhibit"),
        ("register_trader", "take_stand_fee"), ("register_trader", "cancel_stand"), ("record_insurance", "cancel_stand"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("join_member", "find_member"), ("update_member", "find_member"), ("update_member", "member_record"),
        ("update_member", "send_notice"), ("pay_subs", "find_member"), ("pay_subs", "member_record"),
        ("resign_member", "find_member"), ("resign_member", "duty_rota"), ("register_loco", "member_record"),
        ("book_running", "running_sessions"), ("cancel_running", "running_sessions"), ("register_layout", "layouts"),
        ("invite_layout", "exhibits"), ("invite_layout", "exhibition_info"), ("confirm_exhibit", "exhibits"),
        ("confirm_exhibit", "layout_detail"), ("withdraw_exhibit", "exhibits"), ("withdraw_exhibit", "layout_detail"),
        ("withdraw_exhibit", "exhibition_info"), ("move_exhibit", "exhibits"), ("move_exhibit", "exhibition_info"),
        ("move_exhibit", "layout_detail"), ("check_in_exhibit", "exhibits"), ("check_in_exhibit", "layout_detail"),
        ("record_pat", "exhibits"), ("allocate_power", "exhibits"), ("register_trader", "find_trader"),
        ("record_insurance", "find_trader"), ("book_stand", "stand_plan"), ("book_stand", "stand_bookings"),
        ("take_stand_fee", "stand_bookings"), ("cancel_stand", "stand_plan"), ("cancel_stand", "stand_bookings"),
        ("assign_duty", "duty_rota"), ("assign_duty", "member_record"), ("release_duty", "duty_rota"),
        ("release_duty", "member_record"), ("resign_member", "member_record"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
