"""Bisque: the front desk, classes and shared kiln of Slipway Pottery, 3 Mill Yard, Carrow (39 calls).

Sync functions over an in-memory ``State`` of the studio on Saturday 8 February 2031 at 09:40, twenty minutes
before the doors open. The desk signs up members on a plan, changes their details and plans, books open
studio time at a wheel or a bench and cancels it, enrols people on courses and takes their fees, sells clay,
glaze and tools (and takes returns), logs the pieces members make with the studio's clay, records them bone
dry and glazed, quotes and takes firing fees, hands finished pieces over from the collection shelf and writes
to members. Tutors keep the course registers. The kiln technician opens kiln loads for a bisque or a glaze
firing, packs pieces in and takes them out, starts the firing, unloads the kiln and records breakages. The
owner may do everything. The membership rates, the course timetable and the glaze chart are public.

Every tool is a plain ``def`` wrapped by ``rpc(*roles)`` (``functools.wraps``), which checks the session and
the role and turns the tools' internal faults into the reply. The studio's system speaks XML-RPC, and a
refusal comes back as an XML-RPC fault struct, ``{"faultCode": <int>, "faultString": <text>}`` (401 not
signed in, 403 not allowed, 404 no such record, 400 a value the studio does not take, 409 nothing to change,
412 a record not in the state the call needs, 507 no room). The runtime's common conventions (as
``llama_index_libra/runtime/failures.py`` writes them) read a dict's ``error``, ``success``, ``ok`` or
``status``, none of which a fault has, so the module declares ``FAILURE`` (``is_fault``). Answers are plain
dicts; lists come as lists of rows, each row a list in the column order the docstring gives, and records
nest their rows as lists of lists (a member's pieces, studio bookings, course places and purchases; a kiln
load's pieces); bare values answer a firing quote, a course fee paid (the balance left), a place withdrawn
or a sale returned (the refund) and a studio booking cancelled (the places left). Annotations are PEP 604
(``str | None``), evaluated at definition, with a plain ``Enum`` input (``Plan``), a ``str`` ``Enum`` filter
(``PieceStatus``) and ``Literal`` inputs and filters. Ids look alike: piece ``PC-5113``, place ``CP-2209``,
studio booking ``ST-3309``, sale ``SL-6020`` and firing receipt ``FR-6021``; member ``M-0431``; kiln load
``KL-0746``; studio session ``WS-0208-PM``. Which plans may use the wheels and when, the clay each member may
fire (only clay bought here), how big a piece the kilns take, the cones each clay and glaze go to, which
cones a bisque or a glaze firing is at, that a piece goes into a bisque firing only bone dry, how many pieces
a kiln holds, the fee before the firing, the fee before a course register is marked, and how late a course
may be joined are stated only in faults.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import inspect
from enum import Enum
from typing import Literal

TODAY = "2031-02-08"  # a Saturday
NOW = "09:40"
MAX_CM = 36.0
JOIN_BY_WEEK = 2
WHEELS = 4
BENCHES = 8
SESSIONS = {"AM": ("10:00", "13:00"), "PM": ("13:30", "17:00"), "EVE": ("18:00", "21:00")}
KILNS = {"big": ("The big kiln (electric, 240 litres)", 40), "test": ("The test kiln (electric, 40 litres)", 8)}
FIRING_CONES = {"bisque": ("06", "04"), "glaze": ("04", "6")}
BANDS = ((10.0, 2.50), (20.0, 4.50), (30.0, 7.00), (36.0, 9.50))


class Plan(Enum):
    STUDIO = "studio"
    EVENING = "evening"
    HANDBUILD = "handbuild"
    COURSE = "course"


class PieceStatus(str, Enum):
    GREENWARE = "greenware"
    BONE_DRY = "bone_dry"
    BISQUE_FIRED = "bisque_fired"
    GLAZED = "glazed"
    GLAZE_FIRED = "glaze_fired"
    COLLECTED = "collected"
    BROKEN = "broken"


PLANS = {  # plan -> description, monthly fee, wheel, sessions
    "studio": ("Studio member: open studio any session, wheel or bench, one shelf", 85.0, True, ("AM", "PM", "EVE")),
    "evening": ("Evenings and weekends: open studio in the evening sessions and at weekends", 55.0, True,
                ("EVE", "WEEKEND")),
    "handbuild": ("Handbuilding: open studio at the benches, any session", 40.0, False, ("AM", "PM", "EVE")),
    "course": ("Course student: the studio during your course, no monthly fee", 0.0, False, ()),
}
COURSES = {  # code -> title, when, class dates, fee, places
    "WHEEL-TUE-6W": ("Beginners' wheel throwing", "Tuesdays 18:30-20:30",
                     ("2031-02-04", "2031-02-11", "2031-02-18", "2031-02-25", "2031-03-04", "2031-03-11"), 210.0, 8),
    "HAND-SAT-4W": ("Handbuilding: pinch, coil and slab", "Saturdays 10:00-12:30",
                    ("2031-02-01", "2031-02-08", "2031-02-15", "2031-02-22"), 140.0, 10),
    "GLAZE-DAY": ("Glaze and decoration day", "Sunday 23 February 10:00-16:00", ("2031-02-23",), 75.0, 8),
    "THROW-WKND": ("Weekend throwing intensive", "1 and 2 March 10:00-16:00", ("2031-03-01", "2031-03-02"), 180.0, 6),
}
CLAYS = {  # code -> description, price, cones it may be fired to
    "C-BUFF": ("Buff stoneware, 12.5 kg bag", 16.50, ("06", "04", "6")),
    "C-RED": ("Red earthenware, 12.5 kg bag", 14.00, ("06", "04")),
    "C-PORC": ("Porcelain, 10 kg bag", 28.00, ("06", "04", "6")),
    "C-CRANK": ("Crank, grogged stoneware, 12.5 kg bag", 15.50, ("06", "04", "6")),
}
GLAZES = {  # code -> description, cone, food safe, jar price
    "G-CEL": ("Celadon, pale green gloss", "6", True, 9.00),
    "G-TEN": ("Tenmoku, dark brown to rust", "6", True, 9.00),
    "G-SHINO": ("Shino, warm orange with carbon trap", "6", True, 11.00),
    "G-MWHT": ("Matt white (decorative, not for food)", "6", False, 8.00),
    "G-MAJ": ("Majolica white, for painting over", "04", True, 8.50),
    "G-HONEY": ("Honey amber, transparent", "04", True, 8.50),
}
TOOLS_FOR_SALE = {
    "T-KIT": ("Pottery tool kit: wire, needle, ribs, loop tools, sponge", 12.00),
    "T-WIRE": ("Cutting wire with toggles", 3.00),
    "T-SPONGE": ("Elephant ear sponge", 6.50),
}

Kiln = Literal["big", "test"]
Firing = Literal["bisque", "glaze"]
Cone = Literal["06", "04", "6"]
LoadStatus = Literal["loading", "firing", "unloaded"]
StockKind = Literal["clay", "glaze", "tools"]
PayMethod = Literal["card", "cash", "bank_transfer"]
Channel = Literal["email", "sms"]
Cause = Literal["cracked_in_firing", "blew_up", "glaze_run", "dropped"]


def is_fault(reply) -> bool | str:
    """A reply is a refusal when it is an XML-RPC fault struct: its code and text."""
    if isinstance(reply, dict) and "faultCode" in reply:
        return f"fault {reply['faultCode']}: {reply.get('faultString', 'refused')}"
    return False


FAILURE = is_fault


# --------------------------------------------------------------------------- state


class State:
    """Slipway Pottery, Carrow, on Saturday 8 February 2031 at 09:40."""

    def __init__(self) -> None:
        self.staff = {
            "ines.r": {"name": "Inès Roux", "password": "Slip-And-Score-3", "role": "desk"},
            "mo.b": {"name": "Mo Baptiste", "password": "Centre-The-Clay-7", "role": "tutor"},
            "kit.a": {"name": "Kit Aldous", "password": "Cone-Six-Pack-12", "role": "technician"},
            "fran.d": {"name": "Fran Doyle", "password": "Mill-Yard-2016", "role": "owner"},
        }
        self.sessions = {}
        self.members = {
            "M-0412": {"name": "Ms Ada Kowalski", "phone": "07700 960412", "email": "ada.k@mail.example",
                       "plan": "studio", "emergency": "Piotr Kowalski, 07700 960413", "joined": "2029-09-01"},
            "M-0415": {"name": "Mr Ben Hollis", "phone": "07700 960415", "email": "ben.hollis@mail.example",
                       "plan": "handbuild", "emergency": "Sue Hollis, 01632 960416", "joined": "2030-04-12"},
            "M-0418": {"name": "Mrs Carol Mbeki", "phone": "01632 960418", "email": "carol.mbeki@mail.example",
                       "plan": "evening", "emergency": "Joseph Mbeki, 07700 960419", "joined": "2030-10-03"},
            "M-0420": {"name": "Mr Dev Anand", "phone": "07700 960420", "email": None, "plan": "studio",
                       "emergency": "Priya Anand, 07700 960421", "joined": "2028-01-15"},
            "M-0423": {"name": "Ms Erin Walsh", "phone": "07700 960423", "email": "erin.walsh@mail.example",
                       "plan": "course", "emergency": "Liam Walsh, 07700 960424", "joined": "2031-01-28"},
            "M-0425": {"name": "Mr Felix Grant", "phone": "07700 960425", "email": "felix.grant@mail.example",
                       "plan": "course", "emergency": "Ruth Grant, 07700 960426", "joined": "2031-01-30"},
        }
        self.stock = {"C-BUFF": 24, "C-RED": 10, "C-PORC": 6, "C-CRANK": 12, "G-CEL": 5, "G-TEN": 4, "G-SHINO": 2,
                      "G-MWHT": 3, "G-MAJ": 4, "G-HONEY": 6, "T-KIT": 8, "T-WIRE": 15, "T-SPONGE": 9}
        self.sales = {
            "SL-6002": {"member": "M-0412", "code": "C-BUFF", "quantity": 2, "total": 33.0, "date": "2031-01-11",
                        "method": "card", "returned": False},
            "SL-6005": {"member": "M-0415", "code": "C-RED", "quantity": 1, "total": 14.0, "date": "2031-01-18",
                        "method": "cash", "returned": False},
            "SL-6009": {"member": "M-0418", "code": "C-PORC", "quantity": 1, "total": 28.0, "date": "2031-01-21",
                        "method": "card", "returned": False},
            "SL-6011": {"member": "M-0420", "code": "C-BUFF", "quantity": 1, "total": 16.5, "date": "2031-01-25",
                        "method": "card", "returned": False},
            "SL-6014": {"member": "M-0423", "code": "C-BUFF", "quantity": 1, "total": 0.0, "date": "2031-02-04",
                        "method": "cash", "returned": False},
        }
        self.pieces = {
            "PC-5101": {"member": "M-0412", "clay": "C-BUFF", "description": "Tall jug with a pulled handle",
                        "size": [24.0, 14.0], "status": "bone_dry", "glaze": None, "paid": ["bisque"],
                        "fired_on": None},
            "PC-5102": {"member": "M-0412", "clay": "C-BUFF", "description": "Mug, straight-sided", "size": [10.0, 9.0],
                        "status": "bisque_fired", "glaze": None, "paid": ["bisque"], "fired_on": None},
            "PC-5104": {"member": "M-0415", "clay": "C-RED", "description": "Coil pot with a rolled rim",
                        "size": [18.0, 16.0], "status": "bisque_fired", "glaze": None, "paid": ["bisque"],
                        "fired_on": None},
            "PC-5105": {"member": "M-0415", "clay": "C-RED", "description": "Slab planter with feet",
                        "size": [12.0, 20.0], "status": "greenware", "glaze": None, "paid": [], "fired_on": None},
            "PC-5107": {"member": "M-0418", "clay": "C-PORC", "description": "Porcelain noodle bowl",
                        "size": [8.0, 14.0], "status": "glazed", "glaze": "G-CEL", "paid": ["bisque", "glaze"],
                        "fired_on": None},
            "PC-5109": {"member": "M-0420", "clay": "C-BUFF", "description": "Teapot with a cane handle",
                        "size": [16.0, 20.0], "status": "glaze_fired", "glaze": "G-TEN", "paid": ["bisque", "glaze"],
                        "fired_on": "2031-02-05"},
            "PC-5110": {"member": "M-0423", "clay": "C-BUFF", "description": "First thrown bowl", "size": [7.0, 12.0],
                        "status": "bone_dry", "glaze": None, "paid": [], "fired_on": None},
            "PC-5111": {"member": "M-0412", "clay": "C-BUFF", "description": "Bottle vase", "size": [30.0, 15.0],
                        "status": "glazed", "glaze": "G-SHINO", "paid": ["bisque", "glaze"], "fired_on": None},
        }
        self.loads = {
            "KL-0741": {"kiln": "big", "firing": "bisque", "cone": "06", "status": "unloaded", "pieces": ["PC-5102",
                        "PC-5104"], "started": "2031-02-04", "unloaded": "2031-02-05", "notes": "Even firing"},
            "KL-0742": {"kiln": "big", "firing": "glaze", "cone": "6", "status": "unloaded", "pieces": ["PC-5109"],
                        "started": "2031-02-05", "unloaded": "2031-02-06", "notes": None},
            "KL-0743": {"kiln": "big", "firing": "bisque", "cone": "06", "status": "loading", "pieces": ["PC-5101"],
                        "started": None, "unloaded": None, "notes": None},
            "KL-0744": {"kiln": "test", "firing": "glaze", "cone": "6", "status": "firing",
                        "pieces": ["PC-5107", "PC-5111"], "started": "2031-02-07", "unloaded": None, "notes": None},
        }
        self.bookings = {
            "ST-3301": {"member": "M-0412", "slot": "WS-0208-PM", "wheel": True, "status": "booked"},
            "ST-3302": {"member": "M-0420", "slot": "WS-0208-PM", "wheel": True, "status": "booked"},
            "ST-3305": {"member": "M-0418", "slot": "WS-0209-AM", "wheel": False, "status": "booked"},
        }
        self.places = {
            "CP-2201": {"member": "M-0423", "course": "WHEEL-TUE-6W", "paid": 210.0, "status": "enrolled",
                        "attendance": {"1": True}},
            "CP-2204": {"member": "M-0425", "course": "HAND-SAT-4W", "paid": 0.0, "status": "enrolled",
                        "attendance": {}},
            "CP-2206": {"member": "M-0418", "course": "HAND-SAT-4W", "paid": 140.0, "status": "enrolled",
                        "attendance": {"1": True}},
            "CP-2207": {"member": "M-0420", "course": "GLAZE-DAY", "paid": 75.0, "status": "enrolled",
                        "attendance": {}},
        }
        self.receipts = []
        self.collected = {}
        self.messages = []
        self.counters = {"session": 1, "member": 431, "piece": 5113, "place": 2209, "booking": 3309, "sale": 6020,
                         "receipt": 6021, "load": 746, "message": 880}


# --------------------------------------------------------------------------- faults and the decorator


class _Fault(Exception):
    """A refusal inside a tool; ``rpc`` turns it into an XML-RPC fault struct."""

    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


def _fault(code: int, text: str):
    raise _Fault(code, text)


def rpc(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the owner may do everything), then run the
    tool; a refusal comes back as ``{"faultCode", "faultString"}``."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def handler(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                state, token = bound.arguments.get("state"), bound.arguments.get("token")
                who = state.sessions.get(token) if state is not None and isinstance(token, str) else None
                if who is None:
                    return {"faultCode": 401, "faultString": "no session for that token; sign in first"}
                if roles and who["role"] not in roles and who["role"] != "owner":
                    return {"faultCode": 403, "faultString": f"{who['name']} ({who['role']}) may not do this; it is "
                                                             f"for the {' or '.join(roles)}"}
            try:
                return fn(*args, **kwargs)
            except _Fault as f:
                return {"faultCode": f.code, "faultString": f.text}

        return handler

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _member(state: State, member_id: str) -> dict:
    m = state.members.get(member_id)
    if m is None:
        _fault(404, f"no member {member_id}")
    return m


def _piece(state: State, piece_id: str) -> dict:
    p = state.pieces.get(piece_id)
    if p is None:
        _fault(404, f"no piece {piece_id}")
    return p


def _load(state: State, load_id: str) -> dict:
    x = state.loads.get(load_id)
    if x is None:
        _fault(404, f"no kiln load {load_id}")
    return x


def _place(state: State, place_id: str) -> dict:
    p = state.places.get(place_id)
    if p is None:
        _fault(404, f"no course place {place_id}")
    return p


def _plan(value) -> str:
    try:
        return Plan(value).value
    except ValueError:
        _fault(400, f"{value!r} is not one of our plans (see the membership rates)")


def _session(slot_id: str) -> tuple | None:
    """(date, session) of a studio session id ``WS-MMDD-AM``, or None."""
    try:
        head, mmdd, part = slot_id.split("-")
    except (AttributeError, ValueError):
        return None
    if head != "WS" or part not in SESSIONS or len(mmdd) != 4 or not mmdd.isdigit():
        return None
    try:
        date = datetime.date(int(TODAY[:4]), int(mmdd[:2]), int(mmdd[2:]))
    except ValueError:
        return None
    return date.isoformat(), part


def _sessions_on(date: datetime.date) -> list:
    if date.weekday() == 0:
        return []  # closed on Mondays
    return ["AM", "PM"] if date.weekday() >= 5 else ["AM", "PM", "EVE"]


def _fee(piece: dict) -> float:
    big = max(piece["size"])
    for limit, fee in BANDS:
        if big <= limit:
            return fee
    return BANDS[-1][1]


def _next_firing(piece: dict) -> str | None:
    if piece["status"] in ("greenware", "bone_dry"):
        return "bisque"
    if piece["status"] in ("bisque_fired", "glazed"):
        return "glaze"
    return None


def _in_load(state: State, piece_id: str) -> str | None:
    for lid, x in state.loads.items():
        if piece_id in x["pieces"] and x["status"] in ("loading", "firing"):
            return lid
    return None


def _piece_reply(state: State, pid: str) -> dict:
    p = state.pieces[pid]
    return {"piece_id": pid, "member_id": p["member"], "member": state.members[p["member"]]["name"],
            "description": p["description"], "clay": p["clay"], "height_cm": p["size"][0], "width_cm": p["size"][1],
            "stage": p["status"], "glaze": p["glaze"], "fees_paid": list(p["paid"]), "kiln_load": _in_load(state, pid)}


def _piece_row(state: State, pid: str) -> list:
    p = state.pieces[pid]
    return [pid, p["member"], state.members[p["member"]]["name"], p["description"], p["clay"], p["status"], p["glaze"],
            _in_load(state, pid)]


def _member_reply(state: State, mid: str) -> dict:
    m = state.members[mid]
    return {"member_id": mid, "name": m["name"], "phone": m["phone"], "email": m["email"], "plan": m["plan"],
            "monthly_fee": PLANS[m["plan"]][1], "emergency_contact": m["emergency"], "joined": m["joined"]}


def _load_reply(state: State, lid: str) -> dict:
    x = state.loads[lid]
    return {"load_id": lid, "kiln": x["kiln"], "firing": x["firing"], "cone": x["cone"], "stage": x["status"],
            "started": x["started"], "unloaded": x["unloaded"], "notes": x["notes"],
            "pieces": [[pid, state.pieces[pid]["member"], state.pieces[pid]["description"], state.pieces[pid]["clay"],
                        state.pieces[pid]["glaze"]] for pid in x["pieces"]],
            "room_left": KILNS[x["kiln"]][1] - len(x["pieces"])}


def _week_date(course: str, week: int) -> str:
    dates = COURSES[course][2]
    if week < 1 or week > len(dates):
        _fault(400, f"{course} has classes 1 to {len(dates)}")
    return dates[week - 1]


# --------------------------------------------------------------------------- sign-in and public lists


@rpc(public=True)
def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the studio system.

    Parameters
    ----------
    username : str
        The user name, ``ines.r`` for example.
    password : str
        The password.

    Returns
    -------
    dict
        ``{"token", "name", "role"}``; the token goes with every other call but the three public lists.
    """
    s = state.staff.get(username.strip().lower())
    if s is None or s["password"] != password:
        _fault(401, "user name or password not recognised")
    token = f"rpc-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": s["name"], "role": s["role"]}
    return {"token": token, "name": s["name"], "role": s["role"]}


@rpc()
def sign_out(state: State, token: str) -> str:
    """End a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    str
        A sentence naming who was signed out.
    """
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


@rpc(public=True)
def membership_rates(state: State) -> list:
    """The membership plans and what they cost a month.

    Returns
    -------
    list of list
        One row per plan: ``[plan, description, monthly_fee]``.
    """
    return [[code, p[0], p[1]] for code, p in PLANS.items()]


@rpc(public=True)
def course_timetable(state: State) -> list:
    """This term's courses.

    Returns
    -------
    list of list
        One row per course: ``[course_code, title, when, first_class, classes, fee, places_left]``.
    """
    return [[code, c[0], c[1], c[2][0], len(c[2]), c[3],
             c[4] - sum(1 for p in state.places.values() if p["course"] == code and p["status"] == "enrolled")]
            for code, c in COURSES.items()]


@rpc(public=True)
def glaze_chart(state: State) -> list:
    """The studio's glazes, with the cone each fires to.

    Returns
    -------
    list of list
        One row per glaze: ``[glaze_code, description, cone, food_safe]``.
    """
    return [[code, g[0], g[1], g[2]] for code, g in GLAZES.items()]


# --------------------------------------------------------------------------- members


@rpc()
def find_member(state: State, token: str, text: str) -> list:
    """Look up members by part of a name, a phone number or an e-mail address.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of list
        One row per member: ``[member_id, name, plan, phone]``.
    """
    t = text.strip().lower()
    if not t:
        _fault(400, "say what to look for")
    return [[mid, m["name"], m["plan"], m["phone"]] for mid, m in sorted(state.members.items())
            if t in " ".join(x for x in (m["name"], m["phone"], m["email"]) if x).lower()]


@rpc("desk")
def join_member(state: State, token: str, name: str, phone: str, plan: Plan, emergency_contact: str,
                email: str | None = None) -> dict:
    """Sign up a new member on a plan.

    Parameters
    ----------
    token : str
        The session token (the desk).
    name : str
        The member's name.
    phone : str
        Their phone number.
    plan : Plan
        The plan they join on.
    emergency_contact : str
        Who to call in an emergency, with a number.
    email : str, optional
        Their e-mail address.

    Returns
    -------
    dict
        The member, with the monthly fee.
    """
    p = _plan(plan)
    if not name.strip():
        _fault(400, "give the member's name")
    if not emergency_contact.strip():
        _fault(400, "every member gives an emergency contact")
    digits = phone.replace(" ", "")
    for mid, m in state.members.items():
        if m["phone"].replace(" ", "") == digits:
            _fault(409, f"{phone} is already {m['name']}'s number ({mid})")
    mid = f"M-{_next(state, 'member'):04d}"
    state.members[mid] = {"name": name.strip(), "phone": phone.strip(), "email": email, "plan": p,
                          "emergency": emergency_contact.strip(), "joined": TODAY}
    return _member_reply(state, mid)


@rpc("desk")
def update_member(state: State, token: str, member_id: str, phone: str | None = None, email: str | None = None,
                  emergency_contact: str | None = None) -> dict:
    """Change a member's phone number, e-mail address or emergency contact.

    Parameters
    ----------
    token : str
        The session token (the desk).
    member_id : str
        The member.
    phone : str, optional
        A new phone number.
    email : str, optional
        A new e-mail address.
    emergency_contact : str, optional
        A new emergency contact.

    Returns
    -------
    dict
        The member as now recorded.
    """
    m = _member(state, member_id)
    new = {}
    if phone is not None and phone.strip() != m["phone"]:
        new["phone"] = phone.strip()
    if email is not None and email != m["email"]:
        new["email"] = email
    if emergency_contact is not None and emergency_contact.strip() != m["emergency"]:
        new["emergency"] = emergency_contact.strip()
    if not new:
        _fault(409, f"nothing to change: {m['name']}'s details are already so")
    m.update(new)
    return _member_reply(state, member_id)


@rpc("desk")
def change_plan(state: State, token: str, member_id: str, plan: Plan) -> dict:
    """Move a member to another plan from today.

    Parameters
    ----------
    token : str
        The session token (the desk).
    member_id : str
        The member.
    plan : Plan
        The new plan.

    Returns
    -------
    dict
        The member, with the new monthly fee.
    """
    m = _member(state, member_id)
    p = _plan(plan)
    if p == m["plan"]:
        _fault(409, f"{m['name']} is already on the {p} plan")
    m["plan"] = p
    return _member_reply(state, member_id)


@rpc()
def member_record(state: State, token: str, member_id: str) -> dict:
    """A member's whole record.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str
        The member.

    Returns
    -------
    dict
        ``{"member", "pieces", "studio_bookings", "course_places", "purchases"}``, the last four as lists of
        rows: pieces ``[piece_id, description, clay, stage, glaze]``, bookings ``[booking_id, session, wheel]``,
        places ``[place_id, course, paid, fee]`` and purchases ``[code, description, quantity, date]``.
    """
    _member(state, member_id)
    return {
        "member": _member_reply(state, member_id),
        "pieces": [[pid, p["description"], p["clay"], p["status"], p["glaze"]] for pid, p in sorted(state.pieces.items())
                   if p["member"] == member_id],
        "studio_bookings": [[bid, b["slot"], b["wheel"]] for bid, b in sorted(state.bookings.items())
                            if b["member"] == member_id and b["status"] == "booked"],
        "course_places": [[cid, c["course"], c["paid"], COURSES[c["course"]][3]] for cid, c in sorted(state.places.items())
                          if c["member"] == member_id and c["status"] == "enrolled"],
        "purchases": [[s["code"], _describe(s["code"]), s["quantity"], s["date"]] for s in state.sales.values()
                      if s["member"] == member_id and not s["returned"]],
    }


# --------------------------------------------------------------------------- studio time


@rpc()
def studio_slots(state: State, token: str, date: str) -> list:
    """The open studio sessions on a day, with the wheels and bench places still free.

    Parameters
    ----------
    token : str
        The session token.
    date : str
        The day, ``YYYY-MM-DD``.

    Returns
    -------
    list of list
        One row per session: ``[session_id, starts, ends, wheels_free, benches_free]``.
    """
    try:
        d = datetime.date.fromisoformat(date)
    except (TypeError, ValueError):
        _fault(400, f"{date!r} is not a date (YYYY-MM-DD)")
    if d.isoformat() < TODAY or (d - datetime.date.fromisoformat(TODAY)).days > 28:
        _fault(400, "studio time is booked up to four weeks ahead")
    rows = []
    for part in _sessions_on(d):
        sid = f"WS-{d.strftime('%m%d')}-{part}"
        if d.isoformat() == TODAY and SESSIONS[part][0] <= NOW:
            continue
        on = [b for b in state.bookings.values() if b["slot"] == sid and b["status"] == "booked"]
        rows.append([sid, SESSIONS[part][0], SESSIONS[part][1], WHEELS - sum(1 for b in on if b["wheel"]),
                     BENCHES - sum(1 for b in on if not b["wheel"])])
    return rows


@rpc("desk")
def book_studio_time(state: State, token: str, member_id: str, session_id: str, wheel: bool = False) -> dict:
    """Book a member into an open studio session, at a wheel or at a bench.

    Parameters
    ----------
    token : str
        The session token (the desk).
    member_id : str
        The member.
    session_id : str
        The studio session.
    wheel : bool
        True for a wheel, False for a bench place.

    Returns
    -------
    dict
        The booking.
    """
    m = _member(state, member_id)
    parts = _session(session_id)
    if parts is None:
        _fault(404, f"no studio session {session_id} (see the studio slots)")
    date, part = parts
    d = datetime.date.fromisoformat(date)
    if date < TODAY or part not in _sessions_on(d) or (date == TODAY and SESSIONS[part][0] <= NOW):
        _fault(404, f"no studio session {session_id} to book")
    plan = PLANS[m["plan"]]
    if m["plan"] == "course":
        _fault(412, f"{m['name']} is a course student and uses the studio in class; open studio needs a membership")
    if wheel and not plan[2]:
        _fault(412, f"{m['name']} is on the {m['plan']} plan, which uses the benches, not the wheels")
    if m["plan"] == "evening" and part != "EVE" and d.weekday() < 5:
        _fault(412, f"{m['name']} is on the evening plan: evening sessions and weekends only")
    on = [b for b in state.bookings.values() if b["slot"] == session_id and b["status"] == "booked"]
    if any(b["member"] == member_id for b in on):
        _fault(409, f"{m['name']} is already booked into {session_id}")
    if sum(1 for b in on if b["wheel"] == wheel) >= (WHEELS if wheel else BENCHES):
        _fault(507, f"no {'wheels' if wheel else 'bench places'} left in {session_id}")
    bid = f"ST-{_next(state, 'booking')}"
    state.bookings[bid] = {"member": member_id, "slot": session_id, "wheel": wheel, "status": "booked"}
    return {"booking_id": bid, "member_id": member_id, "member": m["name"], "session_id": session_id, "date": date,
            "starts": SESSIONS[part][0], "ends": SESSIONS[part][1], "wheel": wheel}


@rpc()
def studio_bookings(state: State, token: str, date: str) -> list:
    """Who is booked into the studio on a day.

    Parameters
    ----------
    token : str
        The session token.
    date : str
        The day, ``YYYY-MM-DD``.

    Returns
    -------
    list of list
        One row per booking: ``[booking_id, member_id, name, session_id, wheel]``.
    """
    return [[bid, b["member"], state.members[b["member"]]["name"], b["slot"], b["wheel"]]
            for bid, b in sorted(state.bookings.items())
            if b["status"] == "booked" and _session(b["slot"]) and _session(b["slot"])[0] == date]


@rpc("desk")
def cancel_studio_time(state: State, token: str, booking_id: str, reason: str) -> int:
    """Cancel a studio booking.

    Parameters
    ----------
    token : str
        The session token (the desk).
    booking_id : str
        The studio booking.
    reason : str
        Why.

    Returns
    -------
    int
        The wheels or bench places now free in that session.
    """
    b = state.bookings.get(booking_id)
    if b is None:
        _fault(404, f"no studio booking {booking_id}")
    if b["status"] != "booked":
        _fault(409, f"{booking_id} is already cancelled")
    if not reason.strip():
        _fault(400, "say why")
    b["status"] = "cancelled"
    on = [x for x in state.bookings.values() if x["slot"] == b["slot"] and x["status"] == "booked"
          and x["wheel"] == b["wheel"]]
    return (WHEELS if b["wheel"] else BENCHES) - len(on)


# --------------------------------------------------------------------------- courses


@rpc("desk")
def enrol(state: State, token: str, member_id: str, course_code: str) -> dict:
    """Give a member a place on a course.

    Parameters
    ----------
    token : str
        The session token (the desk).
    member_id : str
        The member (a course student joins as a member on the course plan first).
    course_code : str
        The course.

    Returns
    -------
    dict
        The place, with the fee to pay.
    """
    m = _member(state, member_id)
    c = COURSES.get(course_code)
    if c is None:
        _fault(400, f"{course_code!r} is not one of this term's courses (see the course timetable)")
    taken = [p for p in state.places.values() if p["course"] == course_code and p["status"] == "enrolled"]
    if any(p["member"] == member_id for p in taken):
        _fault(409, f"{m['name']} already has a place on {course_code}")
    dates = c[2]
    if len(dates) > JOIN_BY_WEEK and dates[JOIN_BY_WEEK - 1] < TODAY:
        _fault(412, f"{course_code} is past its class {JOIN_BY_WEEK}; it is too late to join")
    if len(taken) >= c[4]:
        _fault(507, f"{course_code} is full")
    pid = f"CP-{_next(state, 'place')}"
    state.places[pid] = {"member": member_id, "course": course_code, "paid": 0.0, "status": "enrolled",
                         "attendance": {}}
    return {"place_id": pid, "member_id": member_id, "member": m["name"], "course": course_code, "title": c[0],
            "fee": c[3], "paid": 0.0, "first_class": dates[0]}


@rpc("desk")
def pay_course_fee(state: State, token: str, place_id: str, amount: float, method: PayMethod) -> float:
    """Take a payment towards a course fee.

    Parameters
    ----------
    token : str
        The session token (the desk).
    place_id : str
        The course place.
    amount : float
        The amount paid, in pounds.
    method : {"card", "cash", "bank_transfer"}
        How it was paid.

    Returns
    -------
    float
        What is left to pay on the fee.
    """
    p = _place(state, place_id)
    if p["status"] != "enrolled":
        _fault(412, f"{place_id} is {p['status']}")
    fee = COURSES[p["course"]][3]
    left = round(fee - p["paid"], 2)
    if left <= 0:
        _fault(409, f"{place_id} is paid in full")
    amount = round(float(amount), 2)
    if amount <= 0 or amount > left:
        _fault(400, f"£{amount:.2f} is not a payment on {place_id}, which has £{left:.2f} to pay")
    p["paid"] = round(p["paid"] + amount, 2)
    return round(left - amount, 2)


@rpc("desk")
def withdraw_place(state: State, token: str, place_id: str, reason: str) -> float:
    """Withdraw someone from a course.

    Parameters
    ----------
    token : str
        The session token (the desk).
    place_id : str
        The course place.
    reason : str
        Why.

    Returns
    -------
    float
        The refund due, in pounds: all that was paid before the first class, nothing after.
    """
    p = _place(state, place_id)
    if p["status"] != "enrolled":
        _fault(409, f"{place_id} is already {p['status']}")
    if not reason.strip():
        _fault(400, "say why")
    p["status"] = "withdrawn"
    return p["paid"] if COURSES[p["course"]][2][0] > TODAY else 0.0


@rpc()
def course_register(state: State, token: str, course_code: str, week: int) -> list:
    """A course's register for one class.

    Parameters
    ----------
    token : str
        The session token.
    course_code : str
        The course.
    week : int
        Which class, from 1.

    Returns
    -------
    list of list
        One row per student: ``[place_id, member_id, name, paid_in_full, present]`` (present is null until marked).
    """
    if course_code not in COURSES:
        _fault(400, f"{course_code!r} is not one of this term's courses (see the course timetable)")
    _week_date(course_code, week)
    return [[pid, p["member"], state.members[p["member"]]["name"], p["paid"] >= COURSES[course_code][3],
             p["attendance"].get(str(week))] for pid, p in sorted(state.places.items())
            if p["course"] == course_code and p["status"] == "enrolled"]


@rpc("tutor")
def mark_attendance(state: State, token: str, place_id: str, week: int, present: bool) -> dict:
    """Mark a student present or absent at a class.

    Parameters
    ----------
    token : str
        The session token (the tutor).
    place_id : str
        The course place.
    week : int
        Which class, from 1.
    present : bool
        Whether they came.

    Returns
    -------
    dict
        The place with its attendance so far.
    """
    p = _place(state, place_id)
    if p["status"] != "enrolled":
        _fault(412, f"{place_id} is {p['status']}")
    date = _week_date(p["course"], week)
    if date > TODAY:
        _fault(412, f"class {week} of {p['course']} is on {date}; mark it on the day")
    if p["paid"] < COURSES[p["course"]][3]:
        _fault(412, f"{state.members[p['member']]['name']} has £{COURSES[p['course']][3] - p['paid']:.2f} of the fee "
                    "to pay; the fee is paid before a student is marked in, so send them to the desk first")
    if p["attendance"].get(str(week)) == present:
        _fault(409, f"{place_id} is already marked {'present' if present else 'absent'} for class {week}")
    p["attendance"][str(week)] = present
    return {"place_id": place_id, "course": p["course"], "member": state.members[p["member"]]["name"],
            "attendance": [[int(w), v] for w, v in sorted(p["attendance"].items())]}


# --------------------------------------------------------------------------- the shop


def _describe(code: str) -> str:
    if code in CLAYS:
        return CLAYS[code][0]
    if code in GLAZES:
        return f"Glaze, 500 g jar: {GLAZES[code][0]}"
    return TOOLS_FOR_SALE[code][0]


def _price(code: str) -> float:
    if code in CLAYS:
        return CLAYS[code][1]
    if code in GLAZES:
        return GLAZES[code][3]
    return TOOLS_FOR_SALE[code][1]


@rpc()
def stock(state: State, token: str, kind: StockKind) -> list:
    """What the shop has in stock.

    Parameters
    ----------
    token : str
        The session token.
    kind : {"clay", "glaze", "tools"}
        Which shelf.

    Returns
    -------
    list of list
        One row per item: ``[code, description, price, in_stock]``.
    """
    codes = {"clay": CLAYS, "glaze": GLAZES, "tools": TOOLS_FOR_SALE}[kind]
    return [[code, _describe(code), _price(code), state.stock[code]] for code in codes]


@rpc("desk")
def sell_materials(state: State, token: str, member_id: str, code: str, quantity: int, method: PayMethod) -> dict:
    """Sell clay, glaze or tools to a member.

    Parameters
    ----------
    token : str
        The session token (the desk).
    member_id : str
        The member buying.
    code : str
        The item's code.
    quantity : int
        How many.
    method : {"card", "cash", "bank_transfer"}
        How they paid.

    Returns
    -------
    dict
        The sale, with its number for the receipt.
    """
    m = _member(state, member_id)
    if code not in state.stock:
        _fault(400, f"{code!r} is not something we sell (see the stock)")
    if quantity < 1:
        _fault(400, "sell at least one")
    if state.stock[code] < quantity:
        _fault(507, f"only {state.stock[code]} of {code} in stock")
    state.stock[code] -= quantity
    sid = f"SL-{_next(state, 'sale')}"
    total = round(_price(code) * quantity, 2)
    state.sales[sid] = {"member": member_id, "code": code, "quantity": quantity, "total": total, "date": TODAY,
                        "method": method, "returned": False}
    return {"sale_id": sid, "member_id": member_id, "member": m["name"], "code": code, "description": _describe(code),
            "quantity": quantity, "total": total, "method": method}


@rpc("desk")
def return_sale(state: State, token: str, sale_id: str, reason: str) -> float:
    """Take back a sale (unopened, with the receipt) and refund it.

    Parameters
    ----------
    token : str
        The session token (the desk).
    sale_id : str
        The sale's number from the receipt.
    reason : str
        Why.

    Returns
    -------
    float
        The refund, in pounds.
    """
    s = state.sales.get(sale_id)
    if s is None:
        _fault(404, f"no sale {sale_id}")
    if s["returned"]:
        _fault(409, f"{sale_id} has already been returned")
    if not reason.strip():
        _fault(400, "say why")
    s["returned"] = True
    state.stock[s["code"]] += s["quantity"]
    return s["total"]


# --------------------------------------------------------------------------- pieces


@rpc("desk", "tutor")
def log_piece(state: State, token: str, member_id: str, clay_code: str, description: str, height_cm: float,
              width_cm: float) -> dict:
    """Log a piece a member has made, so it can be fired.

    Parameters
    ----------
    token : str
        The session token (the desk or a tutor).
    member_id : str
        The maker.
    clay_code : str
        The clay it is made of.
    description : str
        What it is.
    height_cm, width_cm : float
        Its height and its widest width, in centimetres.

    Returns
    -------
    dict
        The piece, as greenware.
    """
    m = _member(state, member_id)
    if clay_code not in CLAYS:
        _fault(400, f"{clay_code!r} is not one of the clays we sell (see the stock)")
    if not any(s["member"] == member_id and s["code"] == clay_code and not s["returned"] for s in state.sales.values()):
        _fault(412, f"only clay bought from the studio goes in our kilns; {m['name']} has not bought {clay_code} here")
    if not description.strip():
        _fault(400, "describe the piece")
    if height_cm <= 0 or width_cm <= 0:
        _fault(400, "give the piece's size")
    if max(height_cm, width_cm) > MAX_CM:
        _fault(400, f"the big kiln takes pieces up to {MAX_CM:.0f} cm; this one will not fit")
    pid = f"PC-{_next(state, 'piece')}"
    state.pieces[pid] = {"member": member_id, "clay": clay_code, "description": description.strip(),
                         "size": [float(height_cm), float(width_cm)], "status": "greenware", "glaze": None, "paid": [],
                         "fired_on": None}
    return _piece_reply(state, pid)


@rpc()
def pieces(state: State, token: str, member_id: str | None = None, status: PieceStatus | None = None) -> list:
    """The pieces in the studio, optionally one member's or at one stage.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str, optional
        Only this member's pieces.
    status : PieceStatus, optional
        Only pieces at this stage.

    Returns
    -------
    list of list
        One row per piece: ``[piece_id, member_id, member, description, clay, stage, glaze, kiln_load]``.
    """
    want = None if status is None else PieceStatus(status).value
    return [_piece_row(state, pid) for pid, p in sorted(state.pieces.items())
            if (member_id is None or p["member"] == member_id) and (want is None or p["status"] == want)]


@rpc("desk", "tutor", "technician")
def mark_bone_dry(state: State, token: str, piece_id: str) -> dict:
    """Record that a greenware piece is bone dry and ready for the bisque firing.

    Parameters
    ----------
    token : str
        The session token.
    piece_id : str
        The piece.

    Returns
    -------
    dict
        The piece.
    """
    p = _piece(state, piece_id)
    if p["status"] == "bone_dry":
        _fault(409, f"{piece_id} is already bone dry")
    if p["status"] != "greenware":
        _fault(412, f"{piece_id} is {p['status'].replace('_', ' ')}")
    p["status"] = "bone_dry"
    return _piece_reply(state, piece_id)


@rpc("desk", "tutor")
def glaze_piece(state: State, token: str, piece_id: str, glaze_code: str, coats: int = 2) -> dict:
    """Record the glaze put on a bisque-fired piece.

    Parameters
    ----------
    token : str
        The session token (the desk or a tutor).
    piece_id : str
        The piece.
    glaze_code : str
        The glaze.
    coats : int
        How many coats (1 to 3).

    Returns
    -------
    dict
        The piece, glazed and waiting for its glaze firing.
    """
    p = _piece(state, piece_id)
    g = GLAZES.get(glaze_code)
    if g is None:
        _fault(400, f"{glaze_code!r} is not one of our glazes (see the glaze chart)")
    if p["status"] == "glazed":
        _fault(409, f"{piece_id} is already glazed ({p['glaze']})")
    if p["status"] != "bisque_fired":
        _fault(412, f"{piece_id} is {p['status'].replace('_', ' ')}; a piece is glazed after its bisque firing")
    if g[1] not in CLAYS[p["clay"]][2]:
        _fault(400, f"{glaze_code} fires to cone {g[1]}, and {p['clay']} goes no higher than cone "
                    f"{CLAYS[p['clay']][2][-1]}; choose a glaze for that clay")
    if coats < 1 or coats > 3:
        _fault(400, "one to three coats")
    p["status"] = "glazed"
    p["glaze"] = glaze_code
    return _piece_reply(state, piece_id)


@rpc()
def firing_quote(state: State, token: str, piece_id: str) -> float:
    """The fee for a piece's next firing, by its size.

    Parameters
    ----------
    token : str
        The session token.
    piece_id : str
        The piece.

    Returns
    -------
    float
        The fee, in pounds.
    """
    p = _piece(state, piece_id)
    if _next_firing(p) is None:
        _fault(412, f"{piece_id} is {p['status'].replace('_', ' ')}; it has no firing to come")
    return _fee(p)


@rpc("desk")
def pay_firing_fee(state: State, token: str, piece_id: str, method: PayMethod) -> str:
    """Take the fee for a piece's next firing.

    Parameters
    ----------
    token : str
        The session token (the desk).
    piece_id : str
        The piece.
    method : {"card", "cash", "bank_transfer"}
        How it was paid.

    Returns
    -------
    str
        A sentence with the receipt number.
    """
    p = _piece(state, piece_id)
    firing = _next_firing(p)
    if firing is None:
        _fault(412, f"{piece_id} is {p['status'].replace('_', ' ')}; it has no firing to come")
    if firing in p["paid"]:
        _fault(409, f"the {firing} firing of {piece_id} is already paid")
    p["paid"].append(firing)
    rid = f"FR-{_next(state, 'receipt')}"
    state.receipts.append([rid, piece_id, firing, _fee(p), method])
    return f"Receipt {rid}: £{_fee(p):.2f} for the {firing} firing of {piece_id} ({p['description']})."


# --------------------------------------------------------------------------- the kiln


@rpc("technician")
def open_kiln_load(state: State, token: str, kiln: Kiln, firing: Firing, cone: Cone) -> dict:
    """Start packing a kiln for a firing.

    Parameters
    ----------
    token : str
        The session token (the kiln technician).
    kiln : {"big", "test"}
        Which kiln.
    firing : {"bisque", "glaze"}
        What kind of firing.
    cone : {"06", "04", "6"}
        The cone it will be fired to.

    Returns
    -------
    dict
        The kiln load, empty.
    """
    busy = [lid for lid, x in state.loads.items() if x["kiln"] == kiln and x["status"] in ("loading", "firing")]
    if busy:
        _fault(412, f"{KILNS[kiln][0]} already has load {busy[0]} in it")
    if cone not in FIRING_CONES[firing]:
        _fault(400, f"a {firing} firing goes to cone {' or '.join(FIRING_CONES[firing])}")
    lid = f"KL-{_next(state, 'load'):04d}"
    state.loads[lid] = {"kiln": kiln, "firing": firing, "cone": cone, "status": "loading", "pieces": [],
                        "started": None, "unloaded": None, "notes": None}
    return _load_reply(state, lid)


@rpc()
def kiln_loads(state: State, token: str, status: LoadStatus | None = None) -> list:
    """The kiln loads, newest first.

    Parameters
    ----------
    token : str
        The session token.
    status : {"loading", "firing", "unloaded"}, optional
        Only loads at this stage.

    Returns
    -------
    list of list
        One row per load: ``[load_id, kiln, firing, cone, stage, pieces]``.
    """
    return [[lid, x["kiln"], x["firing"], x["cone"], x["status"], len(x["pieces"])]
            for lid, x in sorted(state.loads.items(), reverse=True) if status is None or x["status"] == status]


@rpc()
def kiln_log(state: State, token: str, load_id: str) -> dict:
    """A kiln load's log, with the pieces in it.

    Parameters
    ----------
    token : str
        The session token.
    load_id : str
        The kiln load.

    Returns
    -------
    dict
        The load; ``pieces`` is a list of rows ``[piece_id, member_id, description, clay, glaze]``.
    """
    _load(state, load_id)
    return _load_reply(state, load_id)


@rpc("technician")
def add_to_load(state: State, token: str, load_id: str, piece_id: str) -> dict:
    """Pack a piece into a kiln load.

    Parameters
    ----------
    token : str
        The session token (the kiln technician).
    load_id : str
        The kiln load being packed.
    piece_id : str
        The piece.

    Returns
    -------
    dict
        The load with its pieces.
    """
    x = _load(state, load_id)
    p = _piece(state, piece_id)
    if x["status"] != "loading":
        _fault(412, f"{load_id} is {x['status']}; pack a load that is being loaded")
    if piece_id in x["pieces"]:
        _fault(409, f"{piece_id} is already in {load_id}")
    other = _in_load(state, piece_id)
    if other is not None:
        _fault(412, f"{piece_id} is in {other}")
    if x["firing"] == "bisque" and p["status"] != "bone_dry":
        _fault(412, f"{piece_id} is {p['status'].replace('_', ' ')}; only bone-dry greenware goes into a bisque "
                    "firing (damp clay blows up)")
    if x["firing"] == "glaze":
        if p["status"] != "glazed":
            _fault(412, f"{piece_id} is {p['status'].replace('_', ' ')}; only glazed pieces go into a glaze firing")
        if GLAZES[p["glaze"]][1] != x["cone"]:
            _fault(400, f"{piece_id}'s glaze {p['glaze']} fires to cone {GLAZES[p['glaze']][1]}, not {x['cone']}")
        if x["cone"] not in CLAYS[p["clay"]][2]:
            _fault(400, f"{p['clay']} cannot go to cone {x['cone']}")
    if x["firing"] not in p["paid"]:
        _fault(412, f"the {x['firing']} firing fee for {piece_id} is not paid; the desk takes it before the piece "
                    "goes in")
    if len(x["pieces"]) >= KILNS[x["kiln"]][1]:
        _fault(507, f"{KILNS[x['kiln']][0]} is full at {KILNS[x['kiln']][1]} pieces")
    x["pieces"].append(piece_id)
    return _load_reply(state, load_id)


@rpc("technician")
def remove_from_load(state: State, token: str, load_id: str, piece_id: str) -> dict:
    """Take a piece back out of a kiln load that has not been fired.

    Parameters
    ----------
    token : str
        The session token (the kiln technician).
    load_id : str
        The kiln load.
    piece_id : str
        The piece.

    Returns
    -------
    dict
        The load with its pieces.
    """
    x = _load(state, load_id)
    _piece(state, piece_id)
    if x["status"] != "loading":
        _fault(412, f"{load_id} is {x['status']}")
    if piece_id not in x["pieces"]:
        _fault(409, f"{piece_id} is not in {load_id}")
    x["pieces"].remove(piece_id)
    return _load_reply(state, load_id)


@rpc("technician")
def start_firing(state: State, token: str, load_id: str) -> dict:
    """Close the kiln and start the firing.

    Parameters
    ----------
    token : str
        The session token (the kiln technician).
    load_id : str
        The kiln load.

    Returns
    -------
    dict
        The load, firing.
    """
    x = _load(state, load_id)
    if x["status"] != "loading":
        _fault(412 if x["status"] == "unloaded" else 409, f"{load_id} is already {x['status']}")
    if not x["pieces"]:
        _fault(412, f"{load_id} is empty")
    x["status"] = "firing"
    x["started"] = TODAY
    return _load_reply(state, load_id)


@rpc("technician")
def unload_kiln(state: State, token: str, load_id: str, notes: str) -> dict:
    """Unload a kiln once the firing is done and it has cooled; the pieces move on a stage.

    Parameters
    ----------
    token : str
        The session token (the kiln technician).
    load_id : str
        The kiln load.
    notes : str
        How the firing went.

    Returns
    -------
    dict
        The load, unloaded.
    """
    x = _load(state, load_id)
    if x["status"] != "firing":
        _fault(412, f"{load_id} is {x['status']}; only a firing load is unloaded")
    x["status"] = "unloaded"
    x["unloaded"] = TODAY
    x["notes"] = notes.strip() or None
    for pid in x["pieces"]:
        p = state.pieces[pid]
        if p["status"] == "broken":
            continue
        if x["firing"] == "bisque":
            p["status"] = "bisque_fired"
        else:
            p["status"] = "glaze_fired"
            p["fired_on"] = TODAY
    return _load_reply(state, load_id)


@rpc("technician", "desk")
def report_breakage(state: State, token: str, piece_id: str, cause: Cause, note: str) -> dict:
    """Record that a piece has broken, in the kiln or out of it.

    Parameters
    ----------
    token : str
        The session token (the kiln technician or the desk).
    piece_id : str
        The piece.
    cause : {"cracked_in_firing", "blew_up", "glaze_run", "dropped"}
        What happened.
    note : str
        What was found, and what the member was told.

    Returns
    -------
    dict
        The piece, broken.
    """
    p = _piece(state, piece_id)
    if p["status"] in ("broken", "collected"):
        _fault(409 if p["status"] == "broken" else 412, f"{piece_id} is {p['status']}")
    if not note.strip():
        _fault(400, "say what was found")
    lid = _in_load(state, piece_id)
    if lid is not None and state.loads[lid]["status"] == "loading":
        state.loads[lid]["pieces"].remove(piece_id)
    p["status"] = "broken"
    return _piece_reply(state, piece_id)


@rpc()
def collection_shelf(state: State, token: str, member_id: str | None = None) -> list:
    """Finished pieces waiting on the collection shelf.

    Parameters
    ----------
    token : str
        The session token.
    member_id : str, optional
        Only this member's pieces.

    Returns
    -------
    list of list
        One row per piece: ``[piece_id, member_id, member, description, glaze, fired_on]``.
    """
    return [[pid, p["member"], state.members[p["member"]]["name"], p["description"], p["glaze"], p["fired_on"]]
            for pid, p in sorted(state.pieces.items())
            if p["status"] == "glaze_fired" and (member_id is None or p["member"] == member_id)]


@rpc("desk")
def collect_piece(state: State, token: str, piece_id: str, collected_by: str) -> str:
    """Hand a finished piece over from the collection shelf.

    Parameters
    ----------
    token : str
        The session token (the desk).
    piece_id : str
        The piece.
    collected_by : str
        Who took it.

    Returns
    -------
    str
        A sentence naming the piece and who took it.
    """
    p = _piece(state, piece_id)
    if p["status"] == "collected":
        _fault(409, f"{piece_id} was collected already")
    if p["status"] != "glaze_fired":
        _fault(412, f"{piece_id} is {p['status'].replace('_', ' ')}; it is not on the collection shelf")
    if not collected_by.strip():
        _fault(400, "say who took it")
    p["status"] = "collected"
    state.collected[piece_id] = collected_by.strip()
    return f"{piece_id} ({p['description']}) collected by {collected_by.strip()}."


@rpc("desk")
def notify_member(state: State, token: str, member_id: str, channel: Channel, text: str) -> str:
    """Send a member an e-mail or a text.

    Parameters
    ----------
    token : str
        The session token (the desk).
    member_id : str
        The member.
    channel : {"email", "sms"}
        How to send it.
    text : str
        The message.

    Returns
    -------
    str
        A sentence with the message's number.
    """
    m = _member(state, member_id)
    if not text.strip():
        _fault(400, "the message is empty")
    if channel == "sms" and not m["phone"].replace(" ", "").startswith("07"):
        _fault(412, f"{m['phone']} is not a mobile number")
    if channel == "email" and not m["email"]:
        _fault(412, f"no e-mail address on file for {m['name']}")
    mid = f"MSG-{_next(state, 'message'):04d}"
    state.messages.append([mid, member_id, channel, text.strip()])
    return f"Message {mid} sent by {channel} to {m['name']}."


TOOLS = [
    sign_in, sign_out, membership_rates, course_timetable, glaze_chart, find_member, join_member, update_member,
    change_plan, member_record, studio_slots, book_studio_time, studio_bookings, cancel_studio_time, enrol,
    pay_course_fee, withdraw_place, course_register, mark_attendance, stock, sell_materials, return_sale, log_piece,
    pieces, mark_bone_dry, glaze_piece, firing_quote, pay_firing_fee, open_kiln_load, kiln_loads, kiln_log,
    add_to_load, remove_from_load, start_firing, unload_kiln, report_breakage, collection_shelf, collect_piece,
    notify_member,
]

FIXTURES = {
    "studio": {"name": "Slipway Pottery, 3 Mill Yard, Carrow",
               "today": "Saturday 8 February, twenty to ten; the doors open at ten"},
    "staff": [
        {"name": "Inès Roux", "role": "front desk", "username": "ines.r", "password": "Slip-And-Score-3"},
        {"name": "Mo Baptiste", "role": "tutor", "username": "mo.b", "password": "Centre-The-Clay-7"},
        {"name": "Kit Aldous", "role": "kiln technician", "username": "kit.a", "password": "Cone-Six-Pack-12"},
        {"name": "Fran Doyle", "role": "owner", "username": "fran.d", "password": "Mill-Yard-2016"},
    ],
    "new_member": {"name": "Ms Hana Pereira", "mobile": "07700 960431", "email": "hana.pereira@mail.example",
                   "plan": "studio membership", "emergency_contact": "Luis Pereira (husband), 07700 960432",
                   "wants": "a wheel this morning, a bag of buff stoneware, and a place on the handbuilding course",
                   "first_piece": "a hand-built serving dish, 6 cm high and 18 cm across"},
    "desk_notes": [
        "Ben Hollis wants to move up to a full studio membership and try a wheel this afternoon",
        "Carol Mbeki has a new e-mail address: carol.mbeki@newmail.example",
        "Felix Grant is paying his handbuilding course fee in cash before today's class",
        "Erin Walsh's first bowl is bone dry and she is paying the bisque fee",
        "Dev Anand's teapot is ready; he has no e-mail, text him",
        "Ben's slab planter was knocked off the drying rack and broke",
        "Carol can't make tomorrow morning after all",
    ],
}

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "membership_rates", "course_timetable", "glaze_chart")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
MEMBER_CONSUMERS = ["update_member", "member_record", "change_plan", "book_studio_time", "enrol", "sell_materials",
                    "log_piece", "notify_member"]
PLACE_CONSUMERS = ["pay_course_fee", "withdraw_place", "mark_attendance"]
PIECE_CONSUMERS = ["mark_bone_dry", "glaze_piece", "add_to_load", "remove_from_load", "firing_quote",
                   "pay_firing_fee", "report_breakage"]
LOAD_CONSUMERS = ["add_to_load", "remove_from_load", "start_firing", "unload_kiln", "kiln_log"]
_MEMBER = "id lookup/create: member number (member_id of join_member, or column 0 of a find_member row)"
_PLACE = "id lookup/create: course place (place_id of enrol, or column 0 of a course_register row)"
_PIECE = "id lookup/create: piece number (piece_id of log_piece, or column 0 of a pieces row)"
_LOAD = "id lookup/create: kiln load (load_id of open_kiln_load, or column 0 of a kiln_loads row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("join_member|find_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [("enrol|course_register", c, _PLACE) for c in PLACE_CONSUMERS]
    + [("log_piece|pieces", c, _PIECE) for c in PIECE_CONSUMERS]
    + [("open_kiln_load|kiln_loads", c, _LOAD) for c in LOAD_CONSUMERS]
    + [
        ("book_studio_time|studio_bookings", "cancel_studio_time",
         "id lookup/create: studio booking (booking_id of book_studio_time, or column 0 of a studio_bookings row)"),
        ("collection_shelf|pieces", "collect_piece",
         "id lookup/create: finished piece (column 0 of a collection_shelf row, or of a pieces row)"),
        ("studio_slots", "book_studio_time", "id lookup: studio session (column 0 of a studio_slots row)"),
        ("sell_materials", "return_sale", "id create: sale number (sale_id of sell_materials)"),
        ("course_timetable", "enrol", "vocabulary: course codes (column 0 of course_timetable rows)"),
        ("course_timetable", "course_register", "vocabulary: course codes (column 0 of course_timetable rows)"),
        ("stock", "sell_materials", "vocabulary: shop codes (column 0 of stock rows)"),
        ("stock", "log_piece", "vocabulary: clay codes (column 0 of stock rows for clay)"),
        ("glaze_chart|stock", "glaze_piece",
         "vocabulary: glaze codes (column 0 of glaze_chart rows, or of stock rows for glaze)"),
        ("sell_materials", "log_piece", "state: the member bought the clay from the studio"),
        ("mark_bone_dry", "add_to_load", "state: the piece bone dry (for a bisque firing)"),
        ("glaze_piece", "add_to_load", "state: the piece glazed (for a glaze firing)"),
        ("pay_firing_fee", "add_to_load", "state: the firing fee paid"),
        ("add_to_load", "remove_from_load", "state: the piece in the load"),
        ("add_to_load", "start_firing", "state: the load not empty"),
        ("start_firing", "unload_kiln", "state: the load firing"),
        ("unload_kiln", "glaze_piece", "state: the piece bisque-fired"),
        ("unload_kiln", "collect_piece", "state: the piece glaze-fired"),
        ("pay_course_fee", "mark_attendance", "state: the course fee paid in full"),
        ("change_plan", "book_studio_time", "state: a plan that allows the wheel"),
    ]
)

PLAUSIBLE = {
    ("join_member", "find_member"), ("find_member", "pieces"), ("join_member", "pieces"),
    ("find_member", "collection_shelf"), ("join_member", "collection_shelf"), ("member_record", "update_member"),
    ("member_record", "change_plan"), ("member_record", "notify_member"), ("member_record", "book_studio_time"),
    ("member_record", "enrol"), ("member_record", "sell_materials"), ("member_record", "log_piece"),
    ("member_record", "mark_bone_dry"), ("member_record", "glaze_piece"), ("member_record", "firing_quote"),
    ("member_record", "pay_firing_fee"), ("member_record", "cancel_studio_time"), ("member_record", "pay_course_fee"),
    ("member_record", "withdraw_place"), ("member_record", "collect_piece"), ("member_record", "report_breakage"),
    ("member_record", "add_to_load"), ("find_member", "studio_bookings"), ("membership_rates", "join_member"),
    ("membership_rates", "change_plan"), ("change_plan", "member_record"), ("update_member", "member_record"),
    ("update_member", "notify_member"), ("studio_slots", "cancel_studio_time"),
    ("book_studio_time", "studio_slots"), ("book_studio_time", "studio_bookings"), ("book_studio_time", "member_record"),
    ("cancel_studio_time", "studio_slots"), ("cancel_studio_time", "book_studio_time"),
    ("cancel_studio_time", "studio_bookings"), ("studio_bookings", "notify_member"), ("course_timetable", "withdraw_place"),
    ("enrol", "course_register"), ("enrol", "course_timetable"), ("enrol", "member_record"),
    ("enrol", "book_studio_time"), ("pay_course_fee", "course_register"), ("pay_course_fee", "withdraw_place"),
    ("withdraw_place", "course_register"), ("withdraw_place", "course_timetable"), ("withdraw_place", "enrol"),
    ("mark_attendance", "course_register"), ("course_register", "notify_member"), ("course_register", "member_record"),
    ("stock", "return_sale"), ("sell_materials", "stock"), ("sell_materials", "member_record"),
    ("return_sale", "stock"), ("return_sale", "log_piece"), ("glaze_chart", "add_to_load"),
    ("glaze_chart", "open_kiln_load"), ("log_piece", "pieces"), ("log_piece", "member_record"),
    ("log_piece", "collect_piece"),
    ("pieces", "member_record"), ("pieces", "notify_member"), ("pieces", "kiln_log"), ("mark_bone_dry", "pieces"),
    ("mark_bone_dry", "pay_firing_fee"), ("mark_bone_dry", "firing_quote"), ("glaze_piece", "pieces"),
    ("glaze_piece", "pay_firing_fee"), ("glaze_piece", "firing_quote"), ("glaze_piece", "open_kiln_load"),
    ("firing_quote", "pay_firing_fee"), ("pay_firing_fee", "pieces"), ("pay_firing_fee", "firing_quote"),
    ("open_kiln_load", "kiln_loads"), ("add_to_load", "kiln_log"), ("add_to_load", "kiln_loads"),
    ("add_to_load", "unload_kiln"), ("add_to_load", "pieces"), ("remove_from_load", "kiln_log"),
    ("remove_from_load", "add_to_load"), ("remove_from_load", "start_firing"), ("start_firing", "kiln_loads"),
    ("start_firing", "kiln_log"), ("start_firing", "open_kiln_load"), ("start_firing", "remove_from_load"),
    ("start_firing", "add_to_load"), ("unload_kiln", "kiln_loads"), ("unload_kiln", "kiln_log"),
    ("unload_kiln", "open_kiln_load"), ("unload_kiln", "collection_shelf"), ("unload_kiln", "pieces"),
    ("unload_kiln", "pay_firing_fee"), ("unload_kiln", "firing_quote"), ("unload_kiln", "report_breakage"),
    ("unload_kiln", "notify_member"), ("unload_kiln", "add_to_load"), ("kiln_log", "add_to_load"),
    ("kiln_log", "remove_from_load"), ("kiln_log", "report_breakage"), ("kiln_log", "collect_piece"),
    ("kiln_log", "start_firing"), ("kiln_log", "unload_kiln"),
    ("kiln_loads", "open_kiln_load"), ("report_breakage", "pieces"), ("report_breakage", "kiln_log"),
    ("report_breakage", "notify_member"), ("report_breakage", "add_to_load"), ("report_breakage", "start_firing"),
    ("collection_shelf", "notify_member"), ("collection_shelf", "member_record"), ("collect_piece", "collection_shelf"),
    ("collect_piece", "member_record"), ("pieces", "collection_shelf"), ("add_to_load", "glaze_piece"),
    ("add_to_load", "collect_piece"), ("start_firing", "glaze_piece"), ("start_firing", "collect_piece"),
    ("find_member", "collect_piece"), ("find_member", "glaze_piece"), ("find_member", "mark_bone_dry"),
    ("find_member", "pay_firing_fee"), ("find_member", "firing_quote"), ("find_member", "report_breakage"),
}
