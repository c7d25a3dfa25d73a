"""Tuckshop: the office system of Camp Foxhollow, a residential summer camp for children of 8 to 15 (36 calls).

Async functions over an in-memory ``State`` of the camp's system on Sunday 15 July 2035 at 10:30, the morning the
third week's campers arrive. The office registers families and their campers, writes to the parents, books places
in a week of camp, takes deposits and balances, cancels bookings, gives cabins, records the parents' consents and
the adults who may collect a child, checks campers in on arrival and out when they are collected, and keeps the
campers' pocket money and the tuck shop. The camp nurse reviews the health forms, gives medicines and keeps the
accident book. The activities team swim-tests the campers and signs them up for activities. Finance approves refunds.
The camp director may do everything. The weeks of camp and the activity catalogue are public.

Every tool is an ``async def`` behind the ``staff(*roles)`` decorator (``functools.wraps``; the wrapper is itself a
coroutine function), which checks the session and the role before the tool runs. A refusal is returned as a string
that starts with ``Error:``: ``"Error: BKG-7703 has 395.00 to pay; a camper checks in paid in full"``. Replies are
``TypedDict`` records and lists of them, with rows nested as lists of lists (a family's account, a camper's record,
the camp register); a bare value answers pocket money topped up and a tuck shop sale (the balance); sentences with an
id in them answer a message, a medicine given, a camper collected and a sign-out.
Annotations are PEP 604 unions evaluated at definition (``str | None``, ``list[str]``, ``Booking | str``): a plain
``Enum`` input (``PayMethod``), two ``str`` ``Enum`` filters (``BookingStatus``, ``FormStatus``), ``Literal`` inputs (a
health form's review, a swim test, an accident's severity) and a ``Literal`` filter (refund status), ``list[str]``
allergies, medicines, consents and tuck. reST docstrings. Ids look alike: family ``FAM-3306``, camper ``CMP-5508``,
health form ``HF-406``, collector ``COL-606``, booking ``BKG-7708``, refund ``RF-202``, sign-up ``SU-1101``, accident
``ACC-88``, message ``MSG-4410``, medicine ``MED-231``; session ``C35-3``; cabin ``OAK``; activity slot ``SL-903``;
activity ``KAYAK``; tuck ``CHOC``. The consents a parent may give, the age a week and a cabin take, the deposit and
that it is not refunded, that a camper checks in paid in full on the first day with a cleared health form and someone
named to collect them, that water activities need a swim test, that a medicine is given only when it is on the health
form and that a password is at least four letters are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
from enum import Enum
from typing import Any, Literal, TypedDict

TODAY = "2035-07-15"  # a Sunday, the first day of the third week
NOW = "10:30"


class PayMethod(Enum):
    CARD = "card"
    BANK_TRANSFER = "bank_transfer"
    CHILDCARE_VOUCHERS = "childcare_vouchers"
    CASH = "cash"


class BookingStatus(str, Enum):
    PROVISIONAL = "provisional"
    CONFIRMED = "confirmed"
    PAID = "paid"
    CHECKED_IN = "checked_in"
    CHECKED_OUT = "checked_out"
    CANCELLED = "cancelled"


class FormStatus(str, Enum):
    SUBMITTED = "submitted"
    CLEARED = "cleared"
    NEEDS_CARE_PLAN = "needs_care_plan"


Review = Literal["cleared", "needs_care_plan"]
SwimResult = Literal["pass", "fail"]
Severity = Literal["minor", "moderate", "serious"]
RefundStatus = Literal["pending", "approved"]

SESSIONS = {  # code -> first day, last day, places
    "C35-1": ("2035-07-01", "2035-07-07", 40),
    "C35-2": ("2035-07-08", "2035-07-14", 40),
    "C35-3": ("2035-07-15", "2035-07-21", 40),
    "C35-4": ("2035-07-22", "2035-07-28", 40),
    "C35-5": ("2035-07-29", "2035-08-04", 40),
}
PRICE, DEPOSIT, MIN_AGE, MAX_AGE = 495.0, 100.0, 8, 15
ACTIVITIES = {  # code -> name, minimum age, swim test, consent
    "KAYAK": ("Kayaking on the lake", 10, True, "water"),
    "RAFT": ("Raft building", 8, True, "water"),
    "CLIMB": ("Climbing wall", 8, False, "heights"),
    "ZIP": ("Zip wire", 10, False, "heights"),
    "ARCH": ("Archery", 9, False, None),
    "BUSH": ("Bushcraft and fire lighting", 8, False, None),
    "TRIP": ("Castle trip", 8, False, "off_site"),
}
CONSENTS = ("photos", "water", "heights", "off_site", "sun_cream", "paracetamol")
CABINS = {  # code -> name, youngest, oldest, beds
    "OAK": ("Oak", 8, 10, 8), "ASH": ("Ash", 8, 10, 8), "ROWAN": ("Rowan", 11, 12, 8), "HAZEL": ("Hazel", 11, 12, 8),
    "BIRCH": ("Birch", 13, 15, 8), "ELDER": ("Elder", 13, 15, 8),
}
TUCK = {"CHOC": ("Chocolate bar", 0.8), "CRISPS": ("Crisps", 0.6), "SQUASH": ("Carton of squash", 0.5),
        "LOLLY": ("Ice lolly", 1.2), "CARD": ("Postcard and stamp", 1.0)}
ROLE_NAMES = {"office": "the camp office", "nurse": "the camp nurse", "activities": "the activities team",
              "finance": "finance", "director": "the camp director"}


# --------------------------------------------------------------------------- replies


class SessionInfo(TypedDict):
    token: str
    name: str
    role: str


class CampWeek(TypedDict):
    code: str
    starts: str
    ends: str
    ages: str
    price: float
    deposit: float
    places_left: int


class Activity(TypedDict):
    code: str
    name: str
    min_age: int
    swim_test: bool
    consent: str | None


class FamilyRow(TypedDict):
    family_id: str
    parent: str
    email: str
    children: list[str]


class Family(TypedDict):
    family_id: str
    parent: str
    email: str
    phone: str
    address: str


class FamilyAccount(TypedDict):
    family: Family
    campers: list[list[Any]]
    bookings: list[list[Any]]
    payments: list[list[Any]]
    balance_due: float


class Camper(TypedDict):
    camper_id: str
    family_id: str
    name: str
    date_of_birth: str


class CamperRow(TypedDict):
    camper_id: str
    name: str
    family_id: str
    age: int


class CamperRecord(TypedDict):
    camper: Camper
    health_form: list[Any] | None
    consents: list[str]
    collectors: list[list[Any]]
    bookings: list[list[Any]]
    swim_test: str | None
    pocket_money: float


class HealthForm(TypedDict):
    form_id: str
    camper_id: str
    allergies: list[str]
    medications: list[str]
    dietary: str | None
    gp_surgery: str
    status: str
    note: str | None


class Collector(TypedDict):
    collector_id: str
    camper_id: str
    name: str
    relationship: str


class Booking(TypedDict):
    booking_id: str
    camper_id: str
    name: str
    session: str
    price: float
    paid: float
    status: str
    cabin: str | None


class Cancellation(TypedDict):
    booking_id: str
    refund_id: str | None
    refund_amount: float


class Refund(TypedDict):
    refund_id: str
    booking_id: str
    amount: float
    status: str


class Cabin(TypedDict):
    code: str
    name: str
    ages: str
    beds: int
    free: int


class Slot(TypedDict):
    slot_id: str
    activity: str
    day: str
    time: str
    places_left: int


class SignUp(TypedDict):
    signup_id: str
    booking_id: str
    slot_id: str
    activity: str
    day: str


class Accident(TypedDict):
    accident_id: str
    camper_id: str
    what: str
    severity: str
    treatment: str
    time: str


class TuckItem(TypedDict):
    code: str
    item: str
    price: float


# --------------------------------------------------------------------------- state


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


class State:
    """Camp Foxhollow's office system on Sunday 15 July 2035 at 10:30."""

    def __init__(self) -> None:
        self.staff = {
            "marnie.c": {"name": "Marnie Cathcart", "password": "Cabin-Roll-23", "role": "office"},
            "lorcan.d": {"name": "Lorcan Dimmock", "password": "Lake-Side-80", "role": "office"},
            "folasade.o": {"name": "Folasade Oyelowo", "password": "Plaster-Box-5", "role": "nurse"},
            "barnaby.t": {"name": "Barnaby Thwaite", "password": "Paddle-Up-64", "role": "activities"},
            "perpetua.i": {"name": "Perpetua Ingleby", "password": "Ledger-Camp-17", "role": "finance"},
            "wilhelmina.f": {"name": "Wilhelmina Fettiplace", "password": "Fox-Den-2035", "role": "director"},
        }
        self.sessions: dict[str, dict] = {}
        self.families = {  # family -> parent, email, phone, address
            "FAM-3301": ["Mrs Henrietta Gosling", "henrietta.gosling@example.com", "07700 900301",
                         "3 Bellfounder Lane, Elderwick, EW2 5ML"],
            "FAM-3302": ["Mr Crispin Fairbairn", "crispin.fairbairn@example.net", "07700 900302",
                         "The Wheelwright's House, Hatchmere, EW7 1HF"],
            "FAM-3303": ["Ms Ingunn Mcquarrie", "ingunn.mcquarrie@example.org", "07700 900303",
                         "Flat 2, 19 Pikestaff Row, Elderwick, EW1 3QS"],
            "FAM-3304": ["Dr Alastair Pendlebury", "a.pendlebury@example.com", "07700 900304",
                         "Sorrel House, Sallowby, EW9 4SH"],
            "FAM-3305": ["Mrs Gwendolen Arkle", "gwen.arkle@example.net", "07700 900305",
                         "12 Quillet Close, Elderwick, EW3 8QC"],
        }
        self.campers = {  # camper -> family, first name, last name, date of birth
            "CMP-5501": ["FAM-3301", "Rafferty", "Gosling", "2023-09-02"],
            "CMP-5502": ["FAM-3301", "Clemmie", "Gosling", "2026-03-14"],
            "CMP-5503": ["FAM-3302", "Isolde", "Fairbairn", "2022-05-20"],
            "CMP-5504": ["FAM-3303", "Caspian", "Mcquarrie", "2024-11-30"],
            "CMP-5505": ["FAM-3304", "Flora", "Pendlebury", "2021-02-11"],
            "CMP-5506": ["FAM-3304", "Hugo", "Pendlebury", "2023-01-05"],
            "CMP-5507": ["FAM-3305", "Elodie", "Arkle", "2023-04-22"],
        }
        self.forms = {  # form -> camper, allergies, medications, dietary, gp, status, note
            "HF-401": ["CMP-5501", [], ["salbutamol inhaler"], None, "Elderwick Surgery", "cleared",
                       "Asthma, mild; inhaler carried"],
            "HF-402": ["CMP-5502", ["penicillin"], [], "vegetarian", "Elderwick Surgery", "submitted", None],
            "HF-403": ["CMP-5503", [], [], None, "Hatchmere Medical Centre", "cleared", None],
            "HF-404": ["CMP-5504", ["tree nuts"], ["adrenaline auto-injector"], "no nuts", "Tidemill Practice",
                       "cleared", "Two auto-injectors to be kept by the nurse"],
            "HF-405": ["CMP-5507", ["hay fever"], ["cetirizine"], None, "Elderwick Surgery", "cleared",
                       "One cetirizine tablet a day in the morning"],
        }
        self.consents = {  # camper -> consents given
            "CMP-5501": ["photos", "water", "heights", "sun_cream"],
            "CMP-5502": ["photos", "sun_cream"],
            "CMP-5503": ["photos", "water", "heights", "off_site", "sun_cream", "paracetamol"],
            "CMP-5504": ["photos", "water"],
            "CMP-5507": ["photos", "water", "heights", "off_site", "sun_cream", "paracetamol"],
        }
        self.collectors = {  # collector -> camper, name, relationship, phone, password
            "COL-601": ["CMP-5501", "Mrs Henrietta Gosling", "mother", "07700 900301", "Thistle"],
            "COL-602": ["CMP-5502", "Mrs Henrietta Gosling", "mother", "07700 900301", "Thistle"],
            "COL-603": ["CMP-5503", "Mr Crispin Fairbairn", "father", "07700 900302", "Anvil"],
            "COL-605": ["CMP-5507", "Mrs Gwendolen Arkle", "mother", "07700 900305", "Pippin"],
        }
        self.bookings = {  # booking -> camper, session, price, status, cabin
            "BKG-7701": ["CMP-5501", "C35-3", PRICE, "paid", None],
            "BKG-7702": ["CMP-5502", "C35-3", PRICE, "paid", None],
            "BKG-7703": ["CMP-5503", "C35-3", PRICE, "confirmed", None],
            "BKG-7704": ["CMP-5504", "C35-3", PRICE, "paid", None],
            "BKG-7705": ["CMP-5505", "C35-4", PRICE, "provisional", None],
            "BKG-7706": ["CMP-5506", "C35-5", PRICE, "paid", None],
            "BKG-7707": ["CMP-5507", "C35-3", PRICE, "checked_in", "ROWAN"],
        }
        self.payments = [  # booking, amount, method, date
            ["BKG-7701", 495.0, "card", "2035-03-02"], ["BKG-7702", 495.0, "card", "2035-03-02"],
            ["BKG-7703", 100.0, "bank_transfer", "2035-05-11"], ["BKG-7704", 100.0, "childcare_vouchers", "2035-04-20"],
            ["BKG-7704", 395.0, "childcare_vouchers", "2035-06-20"], ["BKG-7706", 495.0, "card", "2035-02-14"],
            ["BKG-7707", 495.0, "bank_transfer", "2035-05-30"], ["BKG-7699", 495.0, "card", "2035-04-02"],
        ]
        self.cancelled = {"BKG-7699": ["CMP-5503", "C35-1", PRICE, "cancelled", None]}
        self.refunds = {"RF-201": ["BKG-7699", 395.0, "pending"]}  # refund -> booking, amount, status
        self.slots = {  # slot -> session, activity, day, time, places
            "SL-901": ["C35-3", "KAYAK", "Monday 16 July", "morning", 8],
            "SL-902": ["C35-3", "RAFT", "Monday 16 July", "afternoon", 12],
            "SL-903": ["C35-3", "CLIMB", "Tuesday 17 July", "morning", 10],
            "SL-904": ["C35-3", "ARCH", "Tuesday 17 July", "afternoon", 12],
            "SL-905": ["C35-3", "ZIP", "Wednesday 18 July", "morning", 10],
            "SL-906": ["C35-3", "TRIP", "Thursday 19 July", "all day", 30],
            "SL-907": ["C35-3", "BUSH", "Friday 20 July", "morning", 14],
            "SL-911": ["C35-4", "KAYAK", "Monday 23 July", "morning", 8],
            "SL-912": ["C35-4", "CLIMB", "Tuesday 24 July", "morning", 10],
            "SL-913": ["C35-4", "ARCH", "Wednesday 25 July", "morning", 12],
        }
        self.signups: dict[str, list] = {  # sign-up -> booking, slot
            "SU-1100": ["BKG-7707", "SL-904"],
        }
        self.swim_tests: dict[str, list] = {}  # camper -> result, assessor
        self.pocket_money = {"CMP-5507": 10.0}
        self.accidents: dict[str, list] = {}  # accident -> camper, what, severity, treatment, time
        self.medicines: list[list] = []
        self.messages: list[list] = []
        self.counters = {"token": 1, "family": 3306, "camper": 5508, "form": 406, "collector": 606, "booking": 7708,
                         "refund": 202, "signup": 1101, "accident": 88, "message": 4410, "medicine": 231}


# --------------------------------------------------------------------------- helpers


def staff(*roles: str):
    """Check the session (``token``) and, where ``roles`` are given, the role before the tool runs; the director
    may do everything. A refusal is an ``Error:`` string."""

    def wrap(fn):
        @functools.wraps(fn)
        async def checked(*args, **kwargs):
            state, token = kwargs.get("state"), kwargs.get("token")
            who = state.sessions.get(token) if isinstance(token, str) else None
            if who is None:
                return "Error: not signed in, or the session has ended; sign in first"
            if roles and who["role"] not in roles and who["role"] != "director":
                return (f"Error: {who['name']} ({who['role']}) may not do this; it is for "
                        f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
            return await fn(*args, **kwargs)

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


def _age(dob: str, on: str) -> int:
    b, d = _d(dob), _d(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _name(state: State, cid: str) -> str:
    c = state.campers[cid]
    return f"{c[1]} {c[2]}"


def _paid(state: State, bid: str) -> float:
    return round(sum(p[1] for p in state.payments if p[0] == bid), 2)


def _family(state: State, fid: str) -> Family:
    f = state.families[fid]
    return Family(family_id=fid, parent=f[0], email=f[1], phone=f[2], address=f[3])


def _camper(state: State, cid: str) -> Camper:
    c = state.campers[cid]
    return Camper(camper_id=cid, family_id=c[0], name=f"{c[1]} {c[2]}", date_of_birth=c[3])


def _form(state: State, fid: str) -> HealthForm:
    f = state.forms[fid]
    return HealthForm(form_id=fid, camper_id=f[0], allergies=list(f[1]), medications=list(f[2]), dietary=f[3],
                      gp_surgery=f[4], status=f[5], note=f[6])


def _booking(state: State, bid: str) -> Booking:
    b = state.bookings[bid]
    return Booking(booking_id=bid, camper_id=b[0], name=_name(state, b[0]), session=b[1], price=b[2],
                   paid=_paid(state, bid), status=b[3], cabin=b[4])


def _places_left(state: State, code: str) -> int:
    return SESSIONS[code][2] - sum(1 for b in state.bookings.values() if b[1] == code and b[3] != "cancelled")


def _at_camp(state: State, cid: str) -> str | None:
    return next((bid for bid, b in state.bookings.items() if b[0] == cid and b[3] == "checked_in"), None)


def _cleared_form(state: State, cid: str) -> list | None:
    return next((f for f in state.forms.values() if f[0] == cid and f[5] == "cleared"), None)


# --------------------------------------------------------------------------- sign-in and the public lists


async def sign_in(state: State, username: str, password: str) -> SessionInfo | str:
    """Sign in to the camp's system.

    :param username: A staff user name, such as ``marnie.c``.
    :param password: The password.
    :returns: The session: ``token`` (for every call but the public ones), ``name`` and ``role`` (office, nurse,
        activities, finance or director).
    :rtype: SessionInfo | str
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        return "Error: user name or password not recognised"
    token = f"fox-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return SessionInfo(token=token, name=s["name"], role=s["role"])


@staff()
async def sign_out(state: State, token: str) -> str:
    """End a session.

    :param token: The session token.
    :returns: A sentence naming who was signed out.
    :rtype: str
    """
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def camp_weeks(state: State) -> list[CampWeek]:
    """The weeks of camp this summer, as the camp's website lists them (public).

    :returns: Each week's ``code``, first and last day, the ``ages`` it takes, ``price``, ``deposit`` and
        ``places_left``, in date order.
    :rtype: list[CampWeek]
    """
    return [CampWeek(code=code, starts=s, ends=e, ages=f"{MIN_AGE} to {MAX_AGE}", price=PRICE, deposit=DEPOSIT,
                     places_left=_places_left(state, code)) for code, (s, e, _) in SESSIONS.items()]


async def activity_catalogue() -> list[Activity]:
    """The activities the camp runs (public).

    :returns: Each activity's ``code``, ``name``, ``min_age``, whether it needs a ``swim_test`` and the parental
        ``consent`` it needs, if any.
    :rtype: list[Activity]
    """
    return [Activity(code=code, name=a[0], min_age=a[1], swim_test=a[2], consent=a[3])
            for code, a in ACTIVITIES.items()]


# --------------------------------------------------------------------------- families


@staff("office", "finance", "nurse")
async def find_family(state: State, token: str, text: str) -> list[FamilyRow] | str:
    """Find families by part of a parent's name, e-mail address or a child's name.

    :param token: The session token.
    :param text: What to look for.
    :returns: Each family's ``family_id``, ``parent``, ``email`` and children's names, in family id order.
    :rtype: list[FamilyRow] | str
    """
    if _blank(text):
        return "Error: text is required"
    needle = text.strip().lower()
    out = []
    for fid, f in sorted(state.families.items()):
        kids = [f"{c[1]} {c[2]}" for c in state.campers.values() if c[0] == fid]
        if needle in f[0].lower() or needle in f[1].lower() or any(needle in k.lower() for k in kids):
            out.append(FamilyRow(family_id=fid, parent=f[0], email=f[1], children=kids))
    return out


@staff("office")
async def register_family(state: State, token: str, parent: str, email: str, phone: str,
                          address: str) -> Family | str:
    """Register a family.

    :param token: The session token.
    :param parent: The parent's full name, with a title.
    :param email: E-mail address.
    :param phone: Phone number.
    :param address: Postal address.
    :returns: The family with a new ``family_id``.
    :rtype: Family | str
    """
    if _blank(parent) or _blank(phone) or _blank(address):
        return "Error: parent, phone and address are required"
    if _blank(email) or "@" not in email:
        return f"Error: {email!r} is not an e-mail address"
    for fid, f in state.families.items():
        if f[1].lower() == email.strip().lower():
            return f"Error: {email} is on file already for {f[0]} ({fid})"
    fid = f"FAM-{_next(state, 'family')}"
    state.families[fid] = [parent.strip(), email.strip(), phone.strip(), address.strip()]
    return _family(state, fid)


@staff("office")
async def update_family(state: State, token: str, family_id: str, email: str | None = None,
                        phone: str | None = None, address: str | None = None) -> Family | str:
    """Change a family's contact details.

    :param token: The session token.
    :param family_id: The family.
    :param email: A new e-mail address.
    :param phone: A new phone number.
    :param address: A new postal address.
    :returns: The family as now on file.
    :rtype: Family | str
    """
    f = state.families.get(family_id) if isinstance(family_id, str) else None
    if f is None:
        return f"Error: no family {family_id}"
    new = list(f)
    if email is not None:
        if _blank(email) or "@" not in email:
            return f"Error: {email!r} is not an e-mail address"
        new[1] = email.strip()
    for i, value in ((2, phone), (3, address)):
        if value is not None:
            if _blank(value):
                return "Error: phone and address may not be blank"
            new[i] = value.strip()
    if new == f:
        return f"Error: those are the {f[0]} family's details already"
    state.families[family_id] = new
    return _family(state, family_id)


@staff("office", "finance")
async def family_account(state: State, token: str, family_id: str) -> FamilyAccount | str:
    """A family's whole account.

    :param token: The session token.
    :param family_id: The family.
    :returns: The ``family``; ``campers`` as rows ``[camper_id, name, date_of_birth]``; ``bookings`` as rows
        ``[booking_id, camper_id, session, status, price, paid]``; ``payments`` as rows ``[booking_id, amount,
        method, date]``; and the ``balance_due`` on the bookings not cancelled.
    :rtype: FamilyAccount | str
    """
    if family_id not in state.families:
        return f"Error: no family {family_id}"
    kids = sorted(cid for cid, c in state.campers.items() if c[0] == family_id)
    bookings = [[bid, b[0], b[1], b[3], b[2], _paid(state, bid)] for bid, b in sorted(state.bookings.items())
                if b[0] in kids]
    payments = [list(p) for p in state.payments if any(p[0] == b[0] for b in bookings)]
    due = round(sum(b[4] - b[5] for b in bookings if b[3] in ("provisional", "confirmed")), 2)
    return FamilyAccount(family=_family(state, family_id),
                         campers=[[cid, _name(state, cid), state.campers[cid][3]] for cid in kids],
                         bookings=bookings, payments=payments, balance_due=due)


@staff("office", "nurse", "director")
async def message_family(state: State, token: str, family_id: str, subject: str, body: str) -> str:
    """E-mail a family.

    :param token: The session token.
    :param family_id: The family.
    :param subject: The subject line.
    :param body: The message.
    :returns: A sentence with the message's reference.
    :rtype: str
    """
    f = state.families.get(family_id) if isinstance(family_id, str) else None
    if f is None:
        return f"Error: no family {family_id}"
    if _blank(subject) or _blank(body):
        return "Error: subject and body are required"
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, family_id, subject.strip(), body.strip()])
    return f"Message {mid} sent to {f[0]} at {f[1]}."


# --------------------------------------------------------------------------- campers


@staff("office")
async def add_camper(state: State, token: str, family_id: str, first_name: str, last_name: str,
                     date_of_birth: str) -> Camper | str:
    """Add a child to a family.

    :param token: The session token.
    :param family_id: The family.
    :param first_name: The child's first name.
    :param last_name: The child's last name.
    :param date_of_birth: Date of birth (YYYY-MM-DD).
    :returns: The camper with a new ``camper_id``.
    :rtype: Camper | str
    """
    if family_id not in state.families:
        return f"Error: no family {family_id}"
    if _blank(first_name) or _blank(last_name):
        return "Error: first_name and last_name are required"
    try:
        dob = _d(date_of_birth).isoformat()
    except (TypeError, ValueError):
        return f"Error: date_of_birth is a date (YYYY-MM-DD), not {date_of_birth!r}"
    for cid, c in state.campers.items():
        if c[1].lower() == first_name.strip().lower() and c[2].lower() == last_name.strip().lower() and c[3] == dob:
            return f"Error: {c[1]} {c[2]} is on file already ({cid})"
    cid = f"CMP-{_next(state, 'camper')}"
    state.campers[cid] = [family_id, first_name.strip(), last_name.strip(), dob]
    return _camper(state, cid)


@staff()
async def find_camper(state: State, token: str, name: str) -> list[CamperRow] | str:
    """Find campers by part of their name.

    :param token: The session token.
    :param name: What to look for.
    :returns: Each camper's ``camper_id``, ``name``, ``family_id`` and ``age`` today, in camper id order.
    :rtype: list[CamperRow] | str
    """
    if _blank(name):
        return "Error: name is required"
    needle = name.strip().lower()
    return [CamperRow(camper_id=cid, name=f"{c[1]} {c[2]}", family_id=c[0], age=_age(c[3], TODAY))
            for cid, c in sorted(state.campers.items()) if needle in f"{c[1]} {c[2]}".lower()]


@staff()
async def camper_record(state: State, token: str, camper_id: str) -> CamperRecord | str:
    """A camper's whole record.

    :param token: The session token.
    :param camper_id: The camper.
    :returns: The ``camper``; the ``health_form`` as ``[form_id, status]`` (none when none is in); the
        ``consents`` given; ``collectors`` as rows ``[collector_id, name, relationship, phone]``; ``bookings`` as rows
        ``[booking_id, session, status, cabin]``; the ``swim_test`` result; the ``pocket_money`` balance.
    :rtype: CamperRecord | str
    """
    if camper_id not in state.campers:
        return f"Error: no camper {camper_id}"
    form = next(([fid, f[5]] for fid, f in sorted(state.forms.items()) if f[0] == camper_id), None)
    collectors = [[cid, c[1], c[2], c[3]] for cid, c in sorted(state.collectors.items()) if c[0] == camper_id]
    bookings = [[bid, b[1], b[3], b[4]] for bid, b in sorted(state.bookings.items()) if b[0] == camper_id]
    swim = state.swim_tests.get(camper_id)
    return CamperRecord(camper=_camper(state, camper_id), health_form=form,
                        consents=list(state.consents.get(camper_id, [])), collectors=collectors, bookings=bookings,
                        swim_test=swim[0] if swim else None, pocket_money=state.pocket_money.get(camper_id, 0.0))


@staff("office", "nurse")
async def submit_health_form(state: State, token: str, camper_id: str, allergies: list[str], medications: list[str],
                             gp_surgery: str, dietary: str | None = None) -> HealthForm | str:
    """Enter the health form a parent has sent in, for the nurse to review.

    :param token: The session token.
    :param camper_id: The camper.
    :param allergies: The allergies, one an item (an empty list for none).
    :param medications: The medicines the child takes or brings, one an item (an empty list for none).
    :param gp_surgery: The child's GP surgery.
    :param dietary: Dietary needs, if any.
    :returns: The form with a new ``form_id``, ``submitted``.
    :rtype: HealthForm | str
    """
    if camper_id not in state.campers:
        return f"Error: no camper {camper_id}"
    if not isinstance(allergies, list) or not isinstance(medications, list):
        return "Error: allergies and medications are lists (empty for none)"
    if _blank(gp_surgery):
        return "Error: gp_surgery is required"
    for fid, f in state.forms.items():
        if f[0] == camper_id and f[5] in ("submitted", "cleared"):
            return f"Error: {_name(state, camper_id)} has health form {fid} {f[5]} already"
    fid = f"HF-{_next(state, 'form')}"
    state.forms[fid] = [camper_id, [a.strip() for a in allergies], [m.strip() for m in medications],
                        dietary.strip() if isinstance(dietary, str) and dietary.strip() else None, gp_surgery.strip(),
                        "submitted", None]
    return _form(state, fid)


@staff("nurse", "office")
async def health_forms(state: State, token: str, status: FormStatus | None = None) -> list[HealthForm] | str:
    """The health forms, in form id order.

    :param token: The session token.
    :param status: Only those ``submitted``, ``cleared`` or ``needs_care_plan``.
    :returns: Each form's id, camper, allergies, medicines, dietary needs, GP surgery, status and the nurse's note.
    :rtype: list[HealthForm] | str
    """
    want = _value(status)
    if want is not None and want not in [s.value for s in FormStatus]:
        return f"Error: status is submitted, cleared or needs_care_plan, not {want!r}"
    return [_form(state, fid) for fid, f in sorted(state.forms.items()) if want is None or f[5] == want]


@staff("nurse")
async def review_health_form(state: State, token: str, form_id: str, outcome: Review, note: str) -> HealthForm | str:
    """Review a submitted health form: cleared, or a care plan is needed first.

    :param token: The session token.
    :param form_id: The form.
    :param outcome: ``cleared`` or ``needs_care_plan``.
    :param note: The nurse's note.
    :returns: The form as reviewed.
    :rtype: HealthForm | str
    """
    f = state.forms.get(form_id) if isinstance(form_id, str) else None
    if f is None:
        return f"Error: no health form {form_id}"
    if outcome not in ("cleared", "needs_care_plan"):
        return f"Error: outcome is cleared or needs_care_plan, not {outcome!r}"
    if _blank(note):
        return "Error: note is required"
    if f[5] != "submitted":
        return f"Error: {form_id} was reviewed already ({f[5]})"
    f[5], f[6] = outcome, note.strip()
    return _form(state, form_id)


@staff("office")
async def record_consents(state: State, token: str, camper_id: str, consents: list[str]) -> CamperRecord | str:
    """Record the consents a parent has given for a camper (they replace those on file).

    :param token: The session token.
    :param camper_id: The camper.
    :param consents: The consents given.
    :returns: The camper's record.
    :rtype: CamperRecord | str
    """
    if camper_id not in state.campers:
        return f"Error: no camper {camper_id}"
    if not isinstance(consents, list):
        return "Error: consents is a list"
    for c in consents:
        if c not in CONSENTS:
            return f"Error: the consents are {', '.join(CONSENTS)}; not {c!r}"
    if sorted(set(consents)) == sorted(state.consents.get(camper_id, [])):
        return f"Error: those are {_name(state, camper_id)}'s consents already"
    state.consents[camper_id] = sorted(set(consents))
    return await camper_record(state=state, token=token, camper_id=camper_id)


@staff("office")
async def add_collector(state: State, token: str, camper_id: str, name: str, relationship: str, phone: str,
                        password: str) -> Collector | str:
    """Name an adult who may collect a camper, with the password they give at collection.

    :param token: The session token.
    :param camper_id: The camper.
    :param name: The adult's full name.
    :param relationship: Their relationship to the child.
    :param phone: Their phone number.
    :param password: The collection password.
    :returns: The collector with a new ``collector_id``.
    :rtype: Collector | str
    """
    if camper_id not in state.campers:
        return f"Error: no camper {camper_id}"
    if _blank(name) or _blank(relationship) or _blank(phone):
        return "Error: name, relationship and phone are required"
    if not isinstance(password, str) or len(password.strip()) < 4:
        return "Error: a collection password is at least four letters"
    mine = [c for c in state.collectors.values() if c[0] == camper_id]
    if any(c[1].lower() == name.strip().lower() for c in mine):
        return f"Error: {name} may collect {_name(state, camper_id)} already"
    if len(mine) >= 4:
        return f"Error: {_name(state, camper_id)} has four collectors already"
    cid = f"COL-{_next(state, 'collector')}"
    state.collectors[cid] = [camper_id, name.strip(), relationship.strip(), phone.strip(), password.strip()]
    return Collector(collector_id=cid, camper_id=camper_id, name=name.strip(), relationship=relationship.strip())


# --------------------------------------------------------------------------- bookings


@staff("office")
async def book_place(state: State, token: str, camper_id: str, week: str) -> Booking | str:
    """Book a camper a place in a week of camp; the booking is provisional until the deposit is paid.

    :param token: The session token.
    :param camper_id: The camper.
    :param week: The week's code.
    :returns: The booking with a new ``booking_id``, ``provisional``.
    :rtype: Booking | str
    """
    c = state.campers.get(camper_id) if isinstance(camper_id, str) else None
    if c is None:
        return f"Error: no camper {camper_id}"
    if week not in SESSIONS:
        return f"Error: no week of camp {week!r}"
    first = SESSIONS[week][0]
    if first < TODAY:
        return f"Error: {week} began on {first}"
    age = _age(c[3], first)
    if not MIN_AGE <= age <= MAX_AGE:
        return f"Error: {c[1]} {c[2]} is {age} on {first}; camp is for {MIN_AGE} to {MAX_AGE}"
    for bid, b in state.bookings.items():
        if b[0] == camper_id and b[1] == week and b[3] != "cancelled":
            return f"Error: {c[1]} {c[2]} is booked for {week} already ({bid})"
    if _places_left(state, week) <= 0:
        return f"Error: {week} is full"
    bid = f"BKG-{_next(state, 'booking')}"
    state.bookings[bid] = [camper_id, week, PRICE, "provisional", None]
    return _booking(state, bid)


@staff("office", "finance", "nurse", "activities")
async def bookings(state: State, token: str, week: str | None = None,
                   status: BookingStatus | None = None) -> list[Booking] | str:
    """The bookings, in booking id order.

    :param token: The session token.
    :param week: Only those for this week's code.
    :param status: Only those ``provisional``, ``confirmed``, ``paid``, ``checked_in``, ``checked_out`` or
        ``cancelled``.
    :returns: Each booking's id, camper, name, week, price, amount paid, status and cabin.
    :rtype: list[Booking] | str
    """
    want = _value(status)
    if want is not None and want not in [s.value for s in BookingStatus]:
        return f"Error: no booking status {want!r}"
    return [_booking(state, bid) for bid, b in sorted(state.bookings.items())
            if (week is None or b[1] == week) and (want is None or b[3] == want)]


@staff("office", "finance")
async def take_payment(state: State, token: str, booking_id: str, amount: float,
                       method: PayMethod) -> Booking | str:
    """Take a payment on a booking: the deposit confirms it, the balance pays it in full.

    :param token: The session token.
    :param booking_id: The booking.
    :param amount: The amount in pounds.
    :param method: ``card``, ``bank_transfer``, ``childcare_vouchers`` or ``cash``.
    :returns: The booking as now on file.
    :rtype: Booking | str
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    m = _value(method)
    if m not in [p.value for p in PayMethod]:
        return f"Error: method is card, bank_transfer, childcare_vouchers or cash, not {m!r}"
    if b[3] not in ("provisional", "confirmed"):
        return f"Error: {booking_id} is {b[3]}" + ("; it is paid in full already" if b[3] == "paid" else "")
    due = round(b[2] - _paid(state, booking_id), 2)
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or not 0 < amount <= due + 0.005:
        return f"Error: {booking_id} has {due:.2f} to pay, not {amount!r}"
    if b[3] == "provisional" and amount < DEPOSIT - 0.005:
        return f"Error: the first payment on {booking_id} is at least the deposit of {DEPOSIT:.2f}"
    state.payments.append([booking_id, round(float(amount), 2), m, TODAY])
    b[3] = "paid" if _paid(state, booking_id) >= b[2] - 0.005 else "confirmed"
    return _booking(state, booking_id)


@staff("office")
async def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> Cancellation | str:
    """Cancel a booking before the camper arrives; what was paid beyond the deposit is refunded once finance
    approves it.

    :param token: The session token.
    :param booking_id: The booking.
    :param reason: Why.
    :returns: The cancellation, with the ``refund_id`` (none when nothing is refunded) and amount.
    :rtype: Cancellation | str
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    if _blank(reason):
        return "Error: reason is required"
    if b[3] == "cancelled":
        return f"Error: {booking_id} is cancelled already"
    if b[3] in ("checked_in", "checked_out"):
        return f"Error: {_name(state, b[0])} has arrived; {booking_id} is {b[3]}"
    b[3], b[4] = "cancelled", None
    amount = round(max(_paid(state, booking_id) - DEPOSIT, 0.0), 2)
    rid = None
    if amount > 0:
        rid = f"RF-{_next(state, 'refund')}"
        state.refunds[rid] = [booking_id, amount, "pending"]
    return Cancellation(booking_id=booking_id, refund_id=rid, refund_amount=amount)


@staff("finance")
async def refunds(state: State, token: str, status: RefundStatus | None = None) -> list[Refund] | str:
    """The refunds, in refund id order.

    :param token: The session token.
    :param status: Only those ``pending`` or ``approved``.
    :returns: Each refund's id, booking, amount and status.
    :rtype: list[Refund] | str
    """
    if status is not None and status not in ("pending", "approved"):
        return f"Error: status is pending or approved, not {status!r}"
    return [Refund(refund_id=rid, booking_id=r[0], amount=r[1], status=r[2]) for rid, r in sorted(state.refunds.items())
            if status is None or r[2] == status]


@staff("finance")
async def approve_refund(state: State, token: str, refund_id: str) -> Refund | str:
    """Approve a pending refund; it goes back the way it was paid.

    :param token: The session token.
    :param refund_id: The refund.
    :returns: The refund, ``approved``.
    :rtype: Refund | str
    """
    r = state.refunds.get(refund_id) if isinstance(refund_id, str) else None
    if r is None:
        return f"Error: no refund {refund_id}"
    if r[2] != "pending":
        return f"Error: {refund_id} is approved already"
    r[2] = "approved"
    return Refund(refund_id=refund_id, booking_id=r[0], amount=r[1], status=r[2])


# --------------------------------------------------------------------------- cabins and activities


@staff("office", "activities")
async def cabins(state: State, token: str, week: str) -> list[Cabin] | str:
    """The cabins in a week of camp, with the beds still free.

    :param token: The session token.
    :param week: The week's code.
    :returns: Each cabin's ``code``, ``name``, the ``ages`` it takes, ``beds`` and beds ``free``.
    :rtype: list[Cabin] | str
    """
    if week not in SESSIONS:
        return f"Error: no week of camp {week!r}"
    out = []
    for code, c in CABINS.items():
        taken = sum(1 for b in state.bookings.values() if b[1] == week and b[4] == code and b[3] != "cancelled")
        out.append(Cabin(code=code, name=c[0], ages=f"{c[1]} to {c[2]}", beds=c[3], free=c[3] - taken))
    return out


@staff("office")
async def assign_cabin(state: State, token: str, booking_id: str, cabin: str) -> Booking | str:
    """Give a booked camper a bed in a cabin of their age.

    :param token: The session token.
    :param booking_id: The booking.
    :param cabin: The cabin's code.
    :returns: The booking with its cabin.
    :rtype: Booking | str
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    c = CABINS.get(cabin) if isinstance(cabin, str) else None
    if c is None:
        return f"Error: no cabin {cabin!r}"
    if b[4] == cabin:
        return f"Error: {_name(state, b[0])} is in {c[0]} already"
    if b[3] == "provisional":
        return f"Error: {booking_id} is provisional; a cabin is given once the deposit is paid"
    if b[3] not in ("confirmed", "paid", "checked_in"):
        return f"Error: {booking_id} is {b[3]}"
    age = _age(state.campers[b[0]][3], SESSIONS[b[1]][0])
    if not c[1] <= age <= c[2]:
        return f"Error: {_name(state, b[0])} is {age}; {c[0]} takes {c[1]} to {c[2]}"
    taken = sum(1 for x in state.bookings.values() if x[1] == b[1] and x[4] == cabin and x[3] != "cancelled")
    if taken >= c[3]:
        return f"Error: {c[0]} is full in {b[1]}"
    b[4] = cabin
    return _booking(state, booking_id)


@staff("activities", "office")
async def activity_slots(state: State, token: str, week: str, activity: str | None = None) -> list[Slot] | str:
    """The activity sessions in a week of camp, in slot id order.

    :param token: The session token.
    :param week: The week's code.
    :param activity: Only those of this activity's code.
    :returns: Each slot's ``slot_id``, ``activity``, ``day``, ``time`` and ``places_left``.
    :rtype: list[Slot] | str
    """
    if week not in SESSIONS:
        return f"Error: no week of camp {week!r}"
    if activity is not None and activity not in ACTIVITIES:
        return f"Error: no activity {activity!r}"
    out = []
    for sid, s in sorted(state.slots.items()):
        if s[0] == week and (activity is None or s[1] == activity):
            taken = sum(1 for u in state.signups.values() if u[1] == sid)
            out.append(Slot(slot_id=sid, activity=s[1], day=s[2], time=s[3], places_left=s[4] - taken))
    return out


@staff("activities")
async def sign_up_activity(state: State, token: str, booking_id: str, slot_id: str) -> SignUp | str:
    """Sign a booked camper up for an activity session in their week.

    :param token: The session token.
    :param booking_id: The camper's booking.
    :param slot_id: The activity session.
    :returns: The sign-up with a new ``signup_id``.
    :rtype: SignUp | str
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    s = state.slots.get(slot_id) if isinstance(slot_id, str) else None
    if s is None:
        return f"Error: no activity slot {slot_id}"
    name = _name(state, b[0])
    if b[3] not in ("confirmed", "paid", "checked_in"):
        return f"Error: {booking_id} is {b[3]}"
    if s[0] != b[1]:
        return f"Error: {slot_id} is in {s[0]}; {name} is booked for {b[1]}"
    a = ACTIVITIES[s[1]]
    for u in state.signups.values():
        if u[0] == booking_id and u[1] == slot_id:
            return f"Error: {name} is signed up for {slot_id} already"
    age = _age(state.campers[b[0]][3], SESSIONS[b[1]][0])
    if age < a[1]:
        return f"Error: {name} is {age}; {a[0]} is for {a[1]} and over"
    if a[3] is not None and a[3] not in state.consents.get(b[0], []):
        return f"Error: {name}'s parents have not given the {a[3]} consent {a[0]} needs"
    if a[2] and state.swim_tests.get(b[0], [None])[0] != "pass":
        return f"Error: {name} has not passed the camp swim test; {a[0]} is on the water"
    if s[4] - sum(1 for u in state.signups.values() if u[1] == slot_id) <= 0:
        return f"Error: {slot_id} is full"
    uid = f"SU-{_next(state, 'signup')}"
    state.signups[uid] = [booking_id, slot_id]
    return SignUp(signup_id=uid, booking_id=booking_id, slot_id=slot_id, activity=s[1], day=s[2])


# --------------------------------------------------------------------------- at camp


@staff("office")
async def check_in(state: State, token: str, booking_id: str) -> Booking | str:
    """Check a camper in on the first day of their week.

    :param token: The session token.
    :param booking_id: The booking.
    :returns: The booking, ``checked_in``.
    :rtype: Booking | str
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    name = _name(state, b[0])
    if b[3] == "checked_in":
        return f"Error: {name} is checked in already"
    if SESSIONS[b[1]][0] != TODAY:
        return f"Error: {b[1]} starts on {SESSIONS[b[1]][0]}; campers check in on the first day"
    if b[3] in ("provisional", "confirmed"):
        return f"Error: {booking_id} has {b[2] - _paid(state, booking_id):.2f} to pay; a camper checks in paid in full"
    if b[3] != "paid":
        return f"Error: {booking_id} is {b[3]}"
    if _cleared_form(state, b[0]) is None:
        return f"Error: {name} has no cleared health form; the nurse clears it before check-in"
    if not any(c[0] == b[0] for c in state.collectors.values()):
        return f"Error: no one is named to collect {name}"
    b[3] = "checked_in"
    return _booking(state, booking_id)


@staff("activities")
async def record_swim_test(state: State, token: str, camper_id: str, result: SwimResult,
                           assessor: str) -> CamperRecord | str:
    """Record a camper's swim test at the lake.

    :param token: The session token.
    :param camper_id: The camper.
    :param result: ``pass`` or ``fail``.
    :param assessor: Who ran the test.
    :returns: The camper's record.
    :rtype: CamperRecord | str
    """
    if camper_id not in state.campers:
        return f"Error: no camper {camper_id}"
    if result not in ("pass", "fail"):
        return f"Error: result is pass or fail, not {result!r}"
    if _blank(assessor):
        return "Error: assessor is required"
    if _at_camp(state, camper_id) is None:
        return f"Error: {_name(state, camper_id)} is not at camp"
    if state.swim_tests.get(camper_id, [None])[0] == "pass":
        return f"Error: {_name(state, camper_id)} has passed the swim test already"
    state.swim_tests[camper_id] = [result, assessor.strip()]
    return await camper_record(state=state, token=token, camper_id=camper_id)


@staff("nurse")
async def give_medication(state: State, token: str, camper_id: str, medication: str, dose: str) -> str:
    """Record a medicine the nurse has given a camper.

    :param token: The session token.
    :param camper_id: The camper.
    :param medication: The medicine.
    :param dose: The dose given.
    :returns: A sentence with the medicine log's reference.
    :rtype: str
    """
    if camper_id not in state.campers:
        return f"Error: no camper {camper_id}"
    if _blank(medication) or _blank(dose):
        return "Error: medication and dose are required"
    name = _name(state, camper_id)
    if _at_camp(state, camper_id) is None:
        return f"Error: {name} is not at camp"
    form = _cleared_form(state, camper_id)
    allowed = form[2] if form else []
    if medication.strip().lower() not in [m.lower() for m in allowed] and not (
            medication.strip().lower() == "paracetamol" and "paracetamol" in state.consents.get(camper_id, [])):
        return f"Error: {medication} is not on {name}'s health form, nor consented to"
    mid = f"MED-{_next(state, 'medicine')}"
    state.medicines.append([mid, camper_id, medication.strip(), dose.strip(), NOW])
    return f"Gave {name} {dose.strip()} of {medication.strip()} at {NOW}; logged as {mid}."


@staff("nurse", "activities")
async def record_accident(state: State, token: str, camper_id: str, what: str, severity: Severity,
                          treatment: str) -> Accident | str:
    """Write an accident in the accident book.

    :param token: The session token.
    :param camper_id: The camper.
    :param what: What happened.
    :param severity: ``minor``, ``moderate`` or ``serious``.
    :param treatment: The first aid given.
    :returns: The accident with a new ``accident_id``.
    :rtype: Accident | str
    """
    if camper_id not in state.campers:
        return f"Error: no camper {camper_id}"
    if _blank(what) or _blank(treatment):
        return "Error: what and treatment are required"
    if severity not in ("minor", "moderate", "serious"):
        return f"Error: severity is minor, moderate or serious, not {severity!r}"
    if _at_camp(state, camper_id) is None:
        return f"Error: {_name(state, camper_id)} is not at camp"
    aid = f"ACC-{_next(state, 'accident')}"
    state.accidents[aid] = [camper_id, what.strip(), severity, treatment.strip(), NOW]
    return Accident(accident_id=aid, camper_id=camper_id, what=what.strip(), severity=severity,
                    treatment=treatment.strip(), time=NOW)


@staff()
async def camp_register(state: State, token: str, week: str, cabin: str | None = None) -> list[list[Any]] | str:
    """The register of a week of camp.

    :param token: The session token.
    :param week: The week's code.
    :param cabin: Only the campers in this cabin.
    :returns: Rows ``[booking_id, camper_id, name, age, cabin, status]`` of the bookings not cancelled, in booking id
        order.
    :rtype: list[list[Any]] | str
    """
    if week not in SESSIONS:
        return f"Error: no week of camp {week!r}"
    if cabin is not None and cabin not in CABINS:
        return f"Error: no cabin {cabin!r}"
    return [[bid, b[0], _name(state, b[0]), _age(state.campers[b[0]][3], SESSIONS[week][0]), b[4], b[3]]
            for bid, b in sorted(state.bookings.items())
            if b[1] == week and b[3] != "cancelled" and (cabin is None or b[4] == cabin)]


@staff("office")
async def top_up_pocket_money(state: State, token: str, camper_id: str, amount: float,
                              method: PayMethod) -> float | str:
    """Put pocket money on a camper's tuck shop account.

    :param token: The session token.
    :param camper_id: The camper.
    :param amount: The amount in pounds (1 to 50).
    :param method: ``card``, ``bank_transfer``, ``childcare_vouchers`` or ``cash``.
    :returns: The balance now on the account.
    :rtype: float | str
    """
    if camper_id not in state.campers:
        return f"Error: no camper {camper_id}"
    m = _value(method)
    if m not in ("card", "cash", "bank_transfer"):
        return f"Error: pocket money is paid by card, cash or bank_transfer, not {m!r}"
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or not 1 <= amount <= 50:
        return f"Error: amount is 1 to 50 pounds, not {amount!r}"
    if not any(b[0] == camper_id and b[3] not in ("cancelled", "checked_out") and SESSIONS[b[1]][1] >= TODAY
               for b in state.bookings.values()):
        return f"Error: {_name(state, camper_id)} has no booking this summer"
    state.pocket_money[camper_id] = round(state.pocket_money.get(camper_id, 0.0) + amount, 2)
    return state.pocket_money[camper_id]


@staff()
async def tuck_price_list(state: State, token: str) -> list[TuckItem] | str:
    """The tuck shop's price list.

    :param token: The session token.
    :returns: Each item's ``code``, ``item`` and ``price``.
    :rtype: list[TuckItem] | str
    """
    return [TuckItem(code=code, item=t[0], price=t[1]) for code, t in TUCK.items()]


@staff("office", "activities")
async def tuck_purchase(state: State, token: str, camper_id: str, items: list[str]) -> float | str:
    """Sell a camper tuck against their pocket money.

    :param token: The session token.
    :param camper_id: The camper.
    :param items: The items' codes, one an item bought.
    :returns: The pocket money left.
    :rtype: float | str
    """
    if camper_id not in state.campers:
        return f"Error: no camper {camper_id}"
    if not isinstance(items, list) or not items:
        return "Error: items is a list of one or more tuck codes"
    for i in items:
        if i not in TUCK:
            return f"Error: no tuck {i!r}"
    name = _name(state, camper_id)
    if _at_camp(state, camper_id) is None:
        return f"Error: {name} is not at camp"
    total = round(sum(TUCK[i][1] for i in items), 2)
    have = state.pocket_money.get(camper_id, 0.0)
    if total > have + 0.005:
        return f"Error: {name} has {have:.2f} of pocket money; that comes to {total:.2f}"
    state.pocket_money[camper_id] = round(have - total, 2)
    return state.pocket_money[camper_id]


@staff("office")
async def check_out(state: State, token: str, booking_id: str, collector_id: str, password: str) -> str:
    """Hand a camper over to an adult named to collect them, who gives the password.

    :param token: The session token.
    :param booking_id: The booking.
    :param collector_id: The adult collecting.
    :param password: The password they give.
    :returns: A sentence naming the camper and who collected them.
    :rtype: str
    """
    b = state.bookings.get(booking_id) if isinstance(booking_id, str) else None
    if b is None:
        return f"Error: no booking {booking_id}"
    name = _name(state, b[0])
    if b[3] == "checked_out":
        return f"Error: {name} was collected already"
    if b[3] != "checked_in":
        return f"Error: {name} is not at camp ({b[3]})"
    c = state.collectors.get(collector_id) if isinstance(collector_id, str) else None
    if c is None or c[0] != b[0]:
        return f"Error: {collector_id} is not named to collect {name}"
    if password != c[4]:
        return "Error: the password does not match; do not hand the child over"
    b[3] = "checked_out"
    return f"{name} ({booking_id}) collected by {c[1]} at {NOW}."


TOOLS = [
    sign_in, sign_out, camp_weeks, activity_catalogue, find_family, register_family, update_family, family_account,
    message_family, add_camper, find_camper, camper_record, submit_health_form, health_forms, review_health_form,
    record_consents, add_collector, book_place, bookings, take_payment, cancel_booking, refunds, approve_refund,
    cabins, assign_cabin, activity_slots, sign_up_activity, check_in, record_swim_test, give_medication,
    record_accident, camp_register, top_up_pocket_money, tuck_price_list, tuck_purchase, check_out,
]

FIXTURES = {
    "camp": {"name": "Camp Foxhollow, Elderwick",
             "today": "Sunday 15 July 2035, half past ten in the morning; the third week's campers are arriving"},
    "staff": [
        {"name": "Marnie Cathcart", "role": "camp office", "username": "marnie.c", "password": "Cabin-Roll-23"},
        {"name": "Lorcan Dimmock", "role": "camp office", "username": "lorcan.d", "password": "Lake-Side-80"},
        {"name": "Folasade Oyelowo", "role": "camp nurse", "username": "folasade.o", "password": "Plaster-Box-5"},
        {"name": "Barnaby Thwaite", "role": "activities team", "username": "barnaby.t", "password": "Paddle-Up-64"},
        {"name": "Perpetua Ingleby", "role": "finance", "username": "perpetua.i", "password": "Ledger-Camp-17"},
        {"name": "Wilhelmina Fettiplace", "role": "camp director", "username": "wilhelmina.f",
         "password": "Fox-Den-2035"},
    ],
    "new_family": {
        "parent": "Mrs Araminta Lanchester", "email": "araminta.lanchester@example.com", "phone": "07700 900377",
        "address": "7 Cobbler's Row, Elderwick, EW4 2CR",
        "child": "Posy Lanchester, born 30 June 2025",
        "health_form": "allergic to peanuts (no peanuts in her food); brings chlorphenamine syrup; GP: Elderwick "
                       "Surgery",
        "consents": "photos, water activities, sun cream and paracetamol",
        "collectors": "Mrs Lanchester herself, and Posy's grandfather, Mr Cedric Lanchester, 07700 900378; the "
                      "collection password is Kingfisher",
        "wants": "a place in this week's camp, arriving today, paid in full by card; ten pounds of pocket money in "
                 "cash; kayaking if she passes the swim test",
    },
    "notes": [
        "Clemmie Gosling's health form came in last week; the nurse is to look at it this morning",
        "Mr Fairbairn is paying the rest of Isolde's week by card when he drops her off",
        "Ms Mcquarrie's sister, Miss Delphine Mcquarrie, 07700 900313, will collect Caspian; password Lighthouse",
        "Mrs Gosling has agreed that Clemmie may go on the climbing wall",
        "Mrs Gosling has a new mobile number: 07700 900341",
        "Mrs Gosling wants Rafferty to stay on for the fourth week too",
        "Dr Pendlebury is paying Flora's deposit by bank transfer; Flora would like to be in Birch with her friend",
        "Flora Pendlebury's health form has come in: no allergies, no medicines, GP Sallowby Health Centre",
        "Hugo Pendlebury cannot come: he has broken his wrist",
        "Ms Mcquarrie wants to add Caspian's big sister, Marigold Mcquarrie, born 9 October 2022",
        "The refund for Isolde Fairbairn's first-week booking, cancelled in May, is to be approved",
        "Elodie Arkle has her cetirizine, 10 mg, from the nurse every morning",
        "Elodie Arkle grazed her knee on the climbing wall steps; cleaned and plastered",
        "Mrs Arkle is collecting Elodie early for a family wedding; her password is Pippin",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "camp_weeks", "activity_catalogue")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
FAMILY_CONSUMERS = ["update_family", "family_account", "message_family", "add_camper"]
CAMPER_CONSUMERS = ["camper_record", "submit_health_form", "record_consents", "add_collector", "book_place",
                    "record_swim_test", "give_medication", "record_accident", "top_up_pocket_money", "tuck_purchase"]
BOOKING_CONSUMERS = ["take_payment", "cancel_booking", "assign_cabin", "sign_up_activity", "check_in", "check_out"]
WEEK_CONSUMERS = ["book_place", "cabins", "activity_slots", "camp_register"]
AT_CAMP = ["record_swim_test", "give_medication", "record_accident", "tuck_purchase", "check_out"]
_FAMILY = "id lookup/create: family (family_id of register_family, or of a find_family row)"
_CAMPER = "id lookup/create: camper (camper_id of add_camper, or of a find_camper row)"
_BOOKING = "id lookup/create: booking (booking_id of book_place, or of a bookings entry)"
_WEEK = "vocabulary: week codes (code of a camp_weeks entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_family|find_family", c, _FAMILY) for c in FAMILY_CONSUMERS]
    + [("add_camper|find_camper", c, _CAMPER) for c in CAMPER_CONSUMERS]
    + [("book_place|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("camp_weeks", c, _WEEK) for c in WEEK_CONSUMERS]
    + [("check_in", c, "state: the camper checked in (at camp)") for c in AT_CAMP]
    + [
        ("submit_health_form|health_forms", "review_health_form",
         "id lookup/create: health form (form_id of submit_health_form, or of a health_forms entry)"),
        ("cancel_booking|refunds", "approve_refund",
         "id lookup/create: refund (refund_id of cancel_booking's reply, or of a refunds entry)"),
        ("add_collector|camper_record", "check_out",
         "id lookup/create: collector (collector_id of add_collector, or of a camper_record collectors row)"),
        ("activity_slots", "sign_up_activity", "id lookup: activity slot (slot_id of an activity_slots entry)"),
        ("activity_catalogue", "activity_slots", "vocabulary: activity codes (code of an activity_catalogue entry)"),
        ("cabins", "assign_cabin", "vocabulary: cabin codes (code of a cabins entry)"),
        ("tuck_price_list", "tuck_purchase", "vocabulary: tuck codes (code of a tuck_price_list entry)"),
        ("take_payment", "assign_cabin", "payment: at least the deposit paid"),
        ("take_payment", "sign_up_activity", "payment: at least the deposit paid"),
        ("take_payment", "check_in", "payment: paid in full"),
        ("top_up_pocket_money", "tuck_purchase", "payment: pocket money on the camper's account"),
        ("review_health_form", "check_in", "verification: a cleared health form"),
        ("record_swim_test", "sign_up_activity", "verification: the swim test passed (a water activity)"),
        ("add_collector", "check_in", "state: an adult named to collect the camper"),
        ("record_consents", "sign_up_activity", "state: the parents' consent the activity needs"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_CAMPER_SEEN = ("submit_health_form", "review_health_form", "record_consents", "add_collector", "book_place",
                "take_payment", "cancel_booking", "assign_cabin", "check_in", "record_swim_test", "top_up_pocket_money",
                "tuck_purchase", "check_out", "sign_up_activity")
_BOOKING_SEEN = ("book_place", "take_payment", "cancel_booking", "assign_cabin", "check_in", "check_out")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: families on camper rows, campers and records; campers on family
    # accounts, bookings, health forms, collectors, the register and the replies that name them; bookings on family
    # accounts, camper records, refunds, sign-ups and the register; health forms on camper records; weeks on
    # bookings; cabins on bookings, camper records and the register; activity codes on slots and sign-ups; slots on
    # sign-ups
    {(p, c) for p in ("find_camper", "add_camper", "camper_record") for c in FAMILY_CONSUMERS}
    | {(p, c) for p in ("family_account", "bookings", "health_forms", "camp_register", "book_place", "take_payment",
                        "check_in", "assign_cabin", "add_collector", "submit_health_form", "review_health_form",
                        "camper_record", "record_consents", "record_swim_test")
       for c in CAMPER_CONSUMERS}
    | {(p, c) for p in ("family_account", "camper_record", "camp_register", "refunds", "cancel_booking",
                        "sign_up_activity", "take_payment", "assign_cabin", "check_in")
       for c in BOOKING_CONSUMERS}
    | {("camper_record", "review_health_form")}
    | {(p, c) for p in ("bookings", "book_place", "camper_record", "family_account") for c in WEEK_CONSUMERS}
    | {(p, "assign_cabin") for p in ("bookings", "camper_record", "camp_register", "assign_cabin")}
    | {("cabins", "camp_register"), ("sign_up_activity", "activity_slots")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("activity_catalogue", "sign_up_activity"), ("add_camper", "assign_cabin"), ("add_camper", "check_in"),
        ("add_camper", "check_out"), ("add_camper", "review_health_form"), ("add_camper", "sign_up_activity"),
        ("add_camper", "take_payment"), ("add_collector", "give_medication"), ("add_collector", "record_accident"),
        ("add_collector", "record_swim_test"), ("add_collector", "tuck_purchase"), ("book_place", "give_medication"),
        ("book_place", "record_accident"), ("book_place", "record_swim_test"), ("book_place", "tuck_purchase"),
        ("bookings", "approve_refund"), ("camp_weeks", "assign_cabin"), ("camp_weeks", "cancel_booking"),
        ("camp_weeks", "check_in"), ("camp_weeks", "check_out"), ("camp_weeks", "sign_up_activity"),
        ("camp_weeks", "take_payment"), ("check_in", "sign_up_activity"), ("find_camper", "cancel_booking"),
        ("find_camper", "check_in"), ("find_camper", "check_out"), ("find_camper", "sign_up_activity"),
        ("health_forms", "check_in"), ("register_family", "add_collector"), ("register_family", "book_place"),
        ("register_family", "camper_record"), ("register_family", "give_medication"),
        ("register_family", "record_accident"), ("register_family", "record_consents"),
        ("register_family", "record_swim_test"), ("register_family", "submit_health_form"),
        ("register_family", "top_up_pocket_money"), ("register_family", "tuck_purchase"),
        ("review_health_form", "check_out"), ("review_health_form", "give_medication"),
        ("review_health_form", "record_accident"), ("review_health_form", "record_swim_test"),
        ("review_health_form", "tuck_purchase"), ("submit_health_form", "check_in"), ("take_payment", "check_out"),
        ("take_payment", "give_medication"), ("take_payment", "record_accident"),
        ("take_payment", "record_swim_test"), ("take_payment", "tuck_purchase"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_family", "update_family") for c in ("find_family", "family_account")}
    | {(p, "family_account") for p in ("add_camper", "book_place", "take_payment", "cancel_booking")}
    | {(p, c) for p in ("add_camper",) for c in ("find_camper", "find_family")}
    | {(p, "camper_record") for p in _CAMPER_SEEN}
    | {(p, "health_forms") for p in ("submit_health_form", "review_health_form")}
    | {(p, c) for p in _BOOKING_SEEN for c in ("bookings", "camp_register")}
    | {(p, "camp_weeks") for p in ("book_place", "cancel_booking")}
    | {(p, "cabins") for p in ("assign_cabin", "cancel_booking")}
    | {(p, "refunds") for p in ("cancel_booking", "approve_refund")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
